"""The level ladder: the app's AI levels rated against each other, per game.

    nice -n 19 python -m bench.ladder --game ninjan --games 60 --jobs 1 --write
    python -m bench.ladder --game ninjato --games 40        # 20 more than last time: plays only those
    python -m bench.ladder --game pride_of_ninja --option deck=red --players 5

The levels (``solver.players.LEVELS``: novice, easy, medium, hard, master)
sit at one table when the game seats them all (Nin Jan, Pride of Ninja and
San, Ni, Ichi! take 5), else at tables of every subset the game seats
(Ninjato: 4 of the 5; a 2-player game: every pair).  Each deal is played
once per rotation of the seats, so every level plays every seat with the
same cards.  The finishing order of each game (winners first, then the
others by score) is fitted with Plackett-Luce on the Elo scale
(``solver.rating``: two at a table is Bradley-Terry), novice anchored at
1000, with 95% intervals from a bootstrap over games (and from the Fisher
information, for comparison).

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
``--games`` plays only the new ones, and games played by code that plays
differently are played again.  ``--write`` stores the ratings in ``solver/ladder.json``,
which the app's setup screen shows next to each level.
"""
from __future__ import annotations

import argparse
import datetime
import itertools
import json
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

from ninja_dojo.engine import GAMES, PositionError, game_module, new_game
from ninja_dojo.solver import rating, tournament
from ninja_dojo.solver.cli import _options
from ninja_dojo.solver.players import LEVELS, SearchPlayer, ladder_file
from ninja_dojo.solver.search import Search, SearchConfig
from ninja_dojo.solver.tournament import Pairing, Progress, Record, run

GAMES_DIR = Path(__file__).with_name("ladder-games")
ANCHOR, ANCHOR_RATING = "novice", 1000


def fingerprint(game: str, players: int, options: dict) -> str:
    """How the rules and the levels play here (``solver.tournament.fingerprint``)."""
    return tournament.fingerprint(game, players, options, LEVELS)


def table_size(game: str, levels: int, players: int | None) -> int:
    lo, hi = game_module(game).PLAYERS
    n = players or min(hi, levels)
    if not lo <= n <= hi:
        raise PositionError(f"--players: {game} is for {lo} to {hi} players")
    if n > levels:
        raise PositionError(f"--players: {n} seats for {levels} levels")
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


def schedule(game: str, players: int, levels: list[str], budget: dict, games: int, seed: int,
             options: dict) -> list[Pairing]:
    """Game ``g``: the subset ``g // players`` (cycling) of the levels, seated
    by rotation ``g % players``, on deal ``g // players``."""
    subsets = list(itertools.combinations(range(len(levels)), players))
    opts = tuple(sorted(options.items()))
    out = []
    for g in range(games):
        block, turn = divmod(g, players)
        chosen = subsets[block % len(subsets)]
        seats = tuple(spec(levels[chosen[(s + turn) % players]], budget) for s in range(players))
        out.append(Pairing(game, seats, seed * 1_000_003 + block, seed * 7919 + g, 0, opts))
    return out


def games_file(game: str, players: int, options: dict) -> Path:
    """Where the games of one table are kept, e.g. ``pride_of_ninja-5p-red.jsonl``."""
    return GAMES_DIR / f"{game}-{players}p{''.join(f'-{v}' for _, v in sorted(options.items()))}.jsonl"


def kept_budgets(outcomes: dict) -> dict:
    """The iterations hard and master played most of the kept games at
    (``{}`` when none were), read from the games' seats (``outcomes``:
    ``Record.outcomes``)."""
    seen: dict[str, Counter] = {}
    for key in outcomes:
        for spec in json.loads(key)[1]:
            level, _, n = spec.partition("+iterations=")
            if n:
                seen.setdefault(level, Counter())[int(n)] += 1
    timed = timed_levels()
    if set(seen) != set(timed):
        return {}
    return {level: seen[level].most_common(1)[0][0] for level in timed}


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


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", required=True, choices=sorted(GAMES))
    p.add_argument("--players", type=int, help="seats at a table (default: as many levels as fit)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--games", type=int, default=20)
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
    levels = list(LEVELS)
    players = table_size(args.game, len(levels), args.players)
    kept = json.loads(ladder_file().read_text()) if ladder_file().exists() else {}
    old = kept.get(args.game, {})
    code = fingerprint(args.game, players, options)
    path = games_file(args.game, players, options)
    record = Record(path, code)
    outcomes = record.outcomes
    played_at = kept_budgets(outcomes)
    if old.get("budgets") and not args.calibrate and old.get("players") == players:
        budget, rate = old["budgets"], old.get("iterations_per_second")
    elif played_at and not args.calibrate:
        # A first run not written yet: go on at the budgets its games were
        # played at, or they would all be played again.
        budget = played_at
        level, seconds = next(iter(timed_levels().items()))
        rate = budget[level] / seconds
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
    print(f"{game_module(args.game).TITLE}, {players} at a table: "
          + ", ".join(f"{k} {v:,} iterations" for k, v in budget.items())
          + (f" (one core here: {rate:,.0f} iterations/s)" if rate else ""), file=sys.stderr)

    pairings = schedule(args.game, players, levels, budget, args.games, args.seed, options)
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
    rows = standings(pairings, record, levels, budget, args.bootstrap, args.winner_only)
    print(f"\n{len(played)} games of {players} ({minutes:.1f} min here)\n", flush=True)
    print("| level | budget | games | first places | Elo | 95% CI (bootstrap) | 95% CI (Fisher) |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        ci = row.get("ci95", row["ci95_fisher"])
        fi = row["ci95_fisher"]
        print(f"| {row['level']} | {row['budget']} | {row['games']} | {row['first']:.1f} | {row['elo']} "
              f"| {ci[0]}-{ci[1]} | {fi[0]}-{fi[1]} |")
    if args.write:
        kept[args.game] = {
            "players": players, "options": options, "games": len(played), "seed": args.seed, "code": code,
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
