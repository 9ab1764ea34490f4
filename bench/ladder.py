"""The level ladder: the app's AI levels rated against each other, per game.

    nice -n 19 python -m bench.ladder --game ninjan --games 100 --jobs 1 --write
    python -m bench.ladder --game ninjan --pair easy/novice=60 --pair medium/easy=200
    python -m bench.ladder --game ninjato --pair easy/novice=40    # only that match

The levels (``solver.players.LEVELS``: novice, easy, medium, hard, master)
meet at the game's smallest table (``--players`` for another), two levels
at a time, in the matches that tell them apart (``default_pairs``): each
level against the one below it, and each timed level (hard, master)
against the strongest level with a fixed budget (medium).  In a match the
upper level sits in one seat and the lower in every other, as ``solver
tournament --ai UPPER --vs LOWER`` seats them; each deal is played once
per rotation of the seats, so the upper level plays every seat with the
same cards, and every match plays the same deals.  ``--games`` is each
match's number of games, ``--pair UPPER/LOWER=G`` another number for one
match (naming a match plays only the matches named): the costly matches,
where the levels are closest, get the games.  Each match is reported
head to head (the upper level's win share, its 95% interval and the equal
share of the table), and the finishing order of every game (winners
first, then the others by score) is fitted with Plackett-Luce on the Elo
scale (``solver.rating``: two at a table is Bradley-Terry), novice
anchored at 1000, with 95% intervals from a bootstrap over games (and
from the Fisher information, for comparison).

Hard and master search for a time (1 s and 3 s a move); here they get the
number of iterations one core of this machine runs in that time, measured
at the start (by each search thread's own CPU time, so a busy machine does
not shrink it) and kept in ``solver/ladder.json`` (until ``--write`` keeps
them there, a table goes on at the budgets its kept games were played at;
``--calibrate`` measures again): the games are then a
pure function of their seeds, played through the tournament runner
(``solver.tournament``) here, in ``--jobs`` processes or on Ray, and the
same on any machine.  In the app hard and master search on every core, so
on a machine with more cores they are stronger than rated here.

Every game played is kept in ``bench/ladder-games/GAME-NP.jsonl`` with a
fingerprint of how the code plays (``fingerprint``): a later run with more
games, or more matches, plays only the new ones, and games played by code
that plays differently are played again.  ``--write`` stores the ratings in
``solver/ladder.json``, which the app's setup screen shows next to each
level (a level no match seated is not rated).
"""
from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

from ninja_dojo.engine import GAMES, PositionError, new_game
from ninja_dojo.solver import rating, tournament
from ninja_dojo.solver.cli import _options
from ninja_dojo.solver.players import LEVELS, SearchPlayer, ladder_file
from ninja_dojo.solver.search import Search, SearchConfig
from ninja_dojo.solver.tournament import Pairing, Progress, Record, Result, run

GAMES_DIR = Path(__file__).with_name("ladder-games")
ANCHOR, ANCHOR_RATING = "novice", 1000


def fingerprint(game: str, players: int, options: dict) -> str:
    """How the rules and the levels play here (``solver.tournament.fingerprint``)."""
    return tournament.fingerprint(game, players, options, LEVELS)


def table_size(game: str, players: int | None) -> int:
    """The ladder's table: ``players`` seats, or the game's fewest.

    >>> table_size("ninjan", None), table_size("san_ni_ichi", None), table_size("ninjan", 4)
    (2, 3, 4)
    """
    lo, hi = GAMES[game].players
    n = players or lo
    if not lo <= n <= hi:
        raise PositionError(f"--players: {game} is for {lo} to {hi} players")
    return n


def calibrate(game: str, players: int, options: dict, seconds: float = 0.5, positions: int = 8,
              seed: int = 1, config: SearchConfig | None = None) -> float:
    """Iterations per CPU second of one search thread over ``positions``
    decisions spread over a greedy game, its first included: their harmonic
    mean, so that a search of that many iterations at every decision of a
    game takes as long in all as one of 1 s at each (the early decisions,
    with the longest playouts, weigh most).  ``config``: another search's
    settings (flat Monte Carlo, MAST ...) measured the same way."""
    state = new_game(game, players, seed, **options)
    seen = []
    greedy = LEVELS[ANCHOR]
    while not state.is_terminal():
        if len(state.legal_action_ids(state.movers()[0])) > 1:
            seen.append(state.clone())
        state.apply({m: greedy.choose(state, m, seed=len(seen)) for m in state.movers()})
    seconds_per_iteration = []
    for k in range(positions):
        s = seen[k * len(seen) // positions]
        search = Search(s, s.movers()[0], replace(config or SearchConfig(), iterations=None,
                                                   seconds=seconds, seed=k, threads=1))
        search.search()
        _, _, cpu = search._trees[0].timing()
        seconds_per_iteration.append(cpu / search.iterations_done)
    return len(seconds_per_iteration) / sum(seconds_per_iteration)


def timed_levels() -> dict:
    """The levels that search for a time, and their seconds a move."""
    return {name: p.config.seconds for name, p in LEVELS.items()
            if isinstance(p, SearchPlayer) and p.config.seconds is not None}


def budgets(rate: float) -> dict:
    """Each timed level's iterations: what ``rate`` gives in its time, to a
    thousand."""
    return {name: max(1000, int(round(rate * seconds, -3))) for name, seconds in timed_levels().items()}


def spec(level: str, budget: dict) -> str:
    return f"{level}+iterations={budget[level]}" if level in budget else level


def default_pairs() -> list[tuple[str, str]]:
    """The matches that tell the levels apart, ``(upper, lower)``: each level
    against the one below it, then each timed level against the strongest
    level with a fixed budget (the one a player would leave for it).

    >>> default_pairs()
    [('easy', 'novice'), ('medium', 'easy'), ('hard', 'medium'), ('master', 'hard'), ('master', 'medium')]
    """
    names = list(LEVELS)
    out = [(names[i + 1], names[i]) for i in range(len(names) - 1)]
    fixed = [n for n in names if n not in timed_levels()]
    out += [(t, fixed[-1]) for t in timed_levels() if (t, fixed[-1]) not in out]
    return out


def pairs_wanted(items: list[str], games: int, players: int) -> list[tuple[str, str, int]]:
    """``--pair UPPER/LOWER[=G]`` as ``(upper, lower, games)``, in the order
    given; none given: every match of ``default_pairs`` at ``games``.  Each
    match's games are a multiple of the table, so that every deal is played
    in every rotation of the seats.

    >>> pairs_wanted(["master/hard=40", "easy/novice"], 20, 2)
    [('master', 'hard', 40), ('easy', 'novice', 20)]
    """
    out = []
    for item in items or [f"{u}/{lo}" for u, lo in default_pairs()]:
        names, eq, count = item.partition("=")
        upper, slash, lower = names.partition("/")
        if not slash or upper not in LEVELS or lower not in LEVELS or upper == lower:
            raise PositionError(f"--pair {item[:40]!r}: expected UPPER/LOWER[=GAMES], two of "
                                f"{', '.join(LEVELS)}")
        if eq and not (count.isdigit() and int(count) > 0):
            raise PositionError(f"--pair {item[:40]!r}: the games must be a positive whole number")
        n = int(count) if eq else games
        if n < 1:
            raise PositionError(f"--games {n}: expected a positive number of games a match")
        if n % players:
            raise PositionError(f"--pair {upper}/{lower}: {n} games is not a multiple of the table's "
                                f"{players} seats (each deal is played in every rotation)")
        if any((upper, lower) == (u, lo) or (upper, lower) == (lo, u) for u, lo, _ in out):
            raise PositionError(f"--pair {upper}/{lower}: named twice")
        out.append((upper, lower, n))
    return out


def seated(pairs) -> list[str]:
    """The levels the matches seat, weakest first; refused unless novice
    (the anchor) is among them and the matches link every one to it, as
    the fit needs.

    >>> seated([("medium", "easy", 4), ("easy", "novice", 4)])
    ['novice', 'easy', 'medium']
    """
    linked, left = {ANCHOR}, [(u, lo) for u, lo, _ in pairs]
    while joined := [m for m in left if linked & set(m)]:
        linked |= {x for m in joined for x in m}
        left = [m for m in left if m not in joined]
    if left or not pairs:
        raise PositionError(f"--pair: every level must meet {ANCHOR} through the matches played "
                            f"(not linked: {', '.join(f'{u}/{lo}' for u, lo in left) or 'no match'})")
    return [n for n in LEVELS if n in linked]


def schedule(game: str, players: int, budget: dict, pairs, seed: int, options: dict) -> list[Pairing]:
    """Match by match (``pairs``: ``(upper, lower, games)``): the match's
    game ``g`` on deal ``g // players`` (the same deals in every match), the
    upper level in seat ``g % players`` (the pairing's ``hero``, whose win
    share the head-to-head counts) and the lower level in every other."""
    opts = tuple(sorted(options.items()))
    out = []
    for upper, lower, games in pairs:
        for g in range(games):
            block, turn = divmod(g, players)
            seats = tuple(spec(upper if s == turn else lower, budget) for s in range(players))
            out.append(Pairing(game, seats, seed * 1_000_003 + block, seed * 7919 + g, turn, opts))
    return out


def games_file(game: str, players: int, options: dict) -> Path:
    """Where the games of one table are kept, e.g. ``pride_of_ninja-5p-red.jsonl``."""
    return GAMES_DIR / f"{game}-{players}p{''.join(f'-{v}' for _, v in sorted(options.items()))}.jsonl"


def kept_budgets(outcomes: dict) -> dict:
    """The iterations each timed level played most of the kept games at
    (``{}`` when none played; ``outcomes``: ``Record.outcomes``)."""
    seen: dict[str, Counter] = {}
    for key in outcomes:
        for spec in json.loads(key)[1]:
            level, _, n = spec.partition("+iterations=")
            if n and level in timed_levels():
                seen.setdefault(level, Counter())[int(n)] += 1
    return {level: counts.most_common(1)[0][0] for level, counts in seen.items()}


def fit(pairings, outcomes, levels, budget, bootstrap: int, winner_only=False):
    index = {spec(level, budget): i for i, level in enumerate(levels)}
    games = [([index[s] for s in p.seats], rating.finishing_order(*outcomes[Record.key(p)]))
             for p in pairings if Record.key(p) in outcomes]
    return rating.fit(games, len(levels), levels, anchor=levels.index(ANCHOR),
                      anchor_rating=ANCHOR_RATING, bootstrap=bootstrap, winner_only=winner_only)


def budget_text(level: str, budget: dict) -> str:
    """A level's budget as the table shows it.

    >>> budget_text("novice", {}), budget_text("easy", {}), budget_text("hard", {"hard": 421000})
    ('greedy', '2,000 iterations', '421,000 iterations')
    """
    if level in budget:
        return f"{budget[level]:,} iterations"
    p = LEVELS[level]
    return "greedy" if not isinstance(p, SearchPlayer) else f"{p.config.iterations:,} iterations"


def standings(pairings, record: Record, levels, budget, bootstrap: int, winner_only=False) -> list[dict]:
    """The ladder's table, a row per level: the fit's (``rating.Ratings.table``:
    ``level``, ``elo``, ``ci95_fisher`` and, with ``bootstrap``, ``ci95``)
    with the level's ``budget`` as text, the ``games`` it sat at and its
    ``first`` places (a shared win counts its share), over the games of
    ``pairings`` kept in ``record``."""
    r = fit(pairings, record.outcomes, levels, budget, bootstrap, winner_only)
    first = {lvl: 0.0 for lvl in levels}
    seated = {lvl: 0 for lvl in levels}
    for q in record.played(pairings):
        ret = record.outcome(q)[0]
        for s, sp in enumerate(q.seats):
            lvl = sp.split("+")[0]
            first[lvl] += ret[s]
            seated[lvl] += 1
    return [{**row, "budget": budget_text(lvl, budget), "games": seated[lvl], "first": first[lvl]}
            for row, lvl in zip(r.table(), levels)]


def head_to_head(pairings, record: Record, players: int) -> list[dict]:
    """Each match's result over its games kept in ``record``: the ``upper``
    level's win share (``share``) against the ``lower`` in every other
    seat, its 95% Wilson interval (``ci95``), the ``equal`` share of the
    table, and the ``games``, in the order the matches were scheduled."""
    matches: dict[tuple[str, str], list] = {}
    for q in pairings:
        upper = q.seats[q.hero].split("+")[0]
        lower = q.seats[(q.hero + 1) % players].split("+")[0]
        matches.setdefault((upper, lower), []).append(q)
    rows = []
    for (upper, lower), games in matches.items():
        kept = record.played(games)
        r = Result(kept, returns=[record.outcome(q)[0] for q in kept])
        rows.append({"upper": upper, "lower": lower, "games": r.games, "share": r.win_share,
                     "ci95": r.ci95, "equal": 1 / players})
    return rows


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", required=True, choices=sorted(GAMES))
    p.add_argument("--players", type=int, help="seats at a table (default: the game's fewest)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--games", type=int, default=60, help="games of each match (default: 60)")
    p.add_argument("--pair", action="append", default=[], metavar="UPPER/LOWER[=GAMES]",
                   help="play this match (GAMES games, default --games); only the matches named "
                        "(default: " + ", ".join(f"{u}/{lo}" for u, lo in default_pairs()) + ")")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--ray", nargs="?", const=True, metavar="ADDRESS")
    p.add_argument("--bootstrap", type=int, default=2000)
    p.add_argument("--calibrate", action="store_true",
                   help="measure hard's and master's iterations again (default: as kept in solver/ladder.json)")
    p.add_argument("--budget", action="append", default=[], metavar="LEVEL=N",
                   help="give a timed level N iterations (a trial run; not kept by --write)")
    p.add_argument("--winner-only", action="store_true", help="fit the first places only")
    p.add_argument("--write", action="store_true", help="keep the ratings in solver/ladder.json")
    args = p.parse_args(argv)
    options = _options(args.option, args.game)
    players = table_size(args.game, args.players)
    pairs = pairs_wanted(args.pair, args.games, players)
    levels = seated(pairs)
    kept = json.loads(ladder_file().read_text()) if ladder_file().exists() else {}
    old = kept.get(args.game, {})
    code = fingerprint(args.game, players, options)
    path = games_file(args.game, players, options)
    record = Record(path, code)
    played_at = kept_budgets(record.outcomes)
    if old.get("budgets") and not args.calibrate and old.get("players") == players:
        budget, rate = old["budgets"], old.get("iterations_per_second")
    elif played_at and not args.calibrate:
        # A first run not written yet: go on at the budgets its games were
        # played at, or they would all be played again.
        level, n = next(iter(played_at.items()))
        rate = n / timed_levels()[level]
        budget = {**budgets(rate), **played_at}
    else:
        rate = calibrate(args.game, players, options)
        budget = budgets(rate)
    for item in args.budget:
        level, _, n = item.partition("=")
        if level not in budget or not n.isdigit():
            raise PositionError(f"--budget {item!r}: expected one of {', '.join(budget)}=N")
        budget = {**budget, level: int(n)}
    if args.budget and args.write:
        raise PositionError("--budget is for trial runs: --write keeps only calibrated budgets")
    print(f"{GAMES[args.game].title}, {players} at a table: "
          + ", ".join(f"{k} {v:,} iterations" for k, v in budget.items())
          + (f" (one core here: {rate:,.0f} iterations/s)" if rate else ""), file=sys.stderr)

    pairings = schedule(args.game, players, budget, pairs, args.seed, options)
    GAMES_DIR.mkdir(exist_ok=True)
    todo = len(pairings) - len(record.played(pairings))
    print(f"{len(pairings) - todo} games kept from earlier runs, {todo} to play",
          file=sys.stderr)
    t0 = time.time()
    result = run(pairings, jobs=args.jobs, ray=args.ray, record=record,
                 progress=Progress(len(pairings), share=False) if todo else None)
    minutes = (time.time() - t0) / 60
    played = record.played(pairings)
    if not played:
        return 130 if result.interrupted else 0
    if len(played) < len(pairings) and args.write:
        print("not every game is played: nothing written", file=sys.stderr)
        args.write = False
    rows = standings(pairings, record, levels, budget, args.bootstrap, args.winner_only)
    print(f"\n{len(played)} games of {players} ({minutes:.1f} min here)\n", flush=True)
    print("| level | budget | games | first places | Elo | 95% CI (bootstrap) | 95% CI (Fisher) |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        ci = row.get("ci95", row["ci95_fisher"])
        fi = row["ci95_fisher"]
        print(f"| {row['level']} | {row['budget']} | {row['games']} | {row['first']:.1f} | {row['elo']} "
              f"| {ci[0]}-{ci[1]} | {fi[0]}-{fi[1]} |")
    print("\n| match | games | upper level's win share | 95% CI | equal share |")
    print("|---|---|---|---|---|")
    for m in head_to_head(pairings, record, players):
        print(f"| {m['upper']} against {m['lower']} | {m['games']} | {m['share']:.1%} "
              f"| {m['ci95'][0]:.1%}-{m['ci95'][1]:.1%} | {m['equal']:.1%} |")
    if args.write:
        kept[args.game] = {
            "players": players, "options": options, "games": len(played), "seed": args.seed, "code": code,
            "pairs": [list(m) for m in pairs],
            "budgets": budget, "iterations_per_second": round(rate) if rate else None,
            "anchor": ANCHOR, "fit": "winner only" if args.winner_only else "finishing order",
            "date": datetime.date.today().isoformat(),
            "ratings": {row["level"]: {"elo": row["elo"], "ci95": row.get("ci95", row["ci95_fisher"])}
                        for row in rows},
        }
        ladder_file().write_text(json.dumps(dict(sorted(kept.items())), indent=2) + "\n")
    return 130 if result.interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
