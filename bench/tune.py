"""Tune one search setting of one game at one player count, by tournaments.

    python -m bench.tune --game ninjato --players 3 --param expand --values 4,16,64,256 \\
        --ai ismcts:2000 --vs flat:2000 --games 100 --seed 1 --confirm-seed 2 [--jobs N | --ray]

The settings a game may tune (``TUNABLE``) are those a search takes from
the game's ``SEARCH_SETTINGS`` when its config leaves them unset
(``solver.search.search_settings``): the exploration constant, when a node
starts its statistics, and where a rollout is cut off for the evaluation.

Every value plays the same deals (``--seed``), the game's current value
among them, so the rows differ by the setting and the luck of the play
only.  The best of them was chosen on those deals, so its share there is
flattering; ``--confirm-seed`` plays it and the current value again on
fresh deals, and the change is worth making only when the paired difference
(the same deal and seat for both) has its 95% interval above zero.  The
tuner then prints the entry to write in the game's ``SEARCH_SETTINGS``
(beside its rules, in ``engine/GAME.pyx``): the numbers are the game's, the
search only reads them.  It writes nothing itself: a change to how a game
is searched goes through review with its table added to the experiment log,
docs/strength-log.md.

>>> tuned_spec("ismcts:2000", "expand", 64)
'ismcts:2000+expand=64'
>>> paired_difference([[1.0, 0.0], [0.0, 1.0]], [[0.0, 1.0], [0.0, 1.0]], heroes=[0, 1])
(0.5, -0.48, 1.48)
"""
from __future__ import annotations

import argparse
import math
import sys

from ninja_dojo.engine import GAMES, PositionError, new_game
from ninja_dojo.solver.cli import _options, check_tournament
from ninja_dojo.solver.players import player
from ninja_dojo.solver.search import cpu_cores, expand_threshold, expands_per_second, search_settings
from ninja_dojo.solver import tournament

#: spec option -> (SearchConfig field, value type)
TUNABLE = {
    "exploration": ("exploration", float),
    "expand": ("expand_at", int),
    "cut": ("cut_rounds", int),
}


def tuned_spec(ai: str, param: str, value) -> str:
    """``ai`` with ``param`` set to ``value``."""
    return f"{ai}+{param}={value}"


def parse_values(param: str, text: str) -> list:
    """The values to try, in the parameter's type, without repeats.

    >>> parse_values("expand", "4, 64,4")
    [4, 64]
    >>> parse_values("exploration", "0.35,1.4")
    [0.35, 1.4]
    """
    if param not in TUNABLE:
        raise PositionError(f"--param: {param!r} is not one of {', '.join(TUNABLE)}")
    kind = TUNABLE[param][1]
    out = []
    for item in text.split(","):
        item = item.strip()
        try:
            value = kind(item)
        except ValueError:
            raise PositionError(f"--values: {item!r} is not {'an integer' if kind is int else 'a number'}"
                                ) from None
        if value not in out:
            out.append(value)
    return out


def current_value(game: str, players: int, param: str, ai: str = "ismcts:2000"):
    """The value the game searches with today at ``players`` and ``ai``'s
    budget (a timed budget may move the expansion threshold:
    ``solver.search.expand_threshold``).

    >>> current_value("ninjato", 4, "expand", "ismcts:0.25s"), current_value("ninjato", 4, "expand", "ismcts:1s")
    (64, 256)
    """
    settings = search_settings(GAMES[game], players)
    if param == "expand":
        return expand_threshold(settings, player(ai).config)
    return settings[TUNABLE[param][0]]


def setting_to_write(game: str, players: int, param: str, ai: str, value) -> tuple[str, object]:
    """The ``SEARCH_SETTINGS`` entry that makes ``ai`` search with ``value``:
    where the game scales the expansion threshold with a timed budget, the
    visits a second (that many per second of the budget).

    >>> setting_to_write("ninjato", 4, "expand", "ismcts:1s", 512)
    ('expand_per_second', 512)
    >>> setting_to_write("ninjato", 4, "expand", "ismcts:2000", 16)
    ('expand_at', 16)
    """
    config = player(ai).config
    if param == "expand" and expands_per_second(search_settings(GAMES[game], players), config):
        return "expand_per_second", round(value / config.seconds)
    return TUNABLE[param][0], value


def paired_difference(a, b, heroes) -> tuple[float, float, float]:
    """The mean of hero's return in ``a`` minus in ``b``, game by game (the
    same deal and seat in both), with a 95% normal interval; rounded to
    0.01 points of share for a stable report."""
    diffs = [ra[h] - rb[h] for ra, rb, h in zip(a, b, heroes) if ra is not None and rb is not None]
    n = len(diffs)
    if n < 2:
        return (diffs[0] if diffs else 0.0), -1.0, 1.0
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return round(mean, 4), round(mean - half, 4), round(mean + half, 4)


def play(game, players, spec, vs, games, seed, options, jobs, ray) -> tournament.Result:
    pairings = tournament.schedule(game, players, spec, vs, games, seed, options)
    return tournament.run(pairings, jobs=jobs, ray=ray, progress=tournament.Progress(len(pairings)))


def row(value, current, spec, vs, result: tournament.Result) -> str:
    lo, hi = result.ci95
    mark = " (current)" if value == current else ""
    return (f"| {value}{mark} | {spec} | {vs} | {result.games} | {result.win_share:.1%} "
            f"| {lo:.1%}-{hi:.1%} |")


def check_args(args) -> None:
    """Every bad argument is found before the first game is played."""
    if args.games < 2:
        raise PositionError("--games: at least 2")
    for seed in (args.seed, args.confirm_seed):
        if seed is not None:
            if seed < 0:
                raise PositionError(f"--seed: {seed} is negative")
            check_tournament(args.game, args.players, args.games, seed, args.jobs)
    if args.confirm_seed == args.seed:
        raise PositionError("--confirm-seed: give fresh deals, other than --seed's (that is its point)")
    base = args.ai.split("+")[0]
    if not base.startswith("ismcts:") and not base.startswith("flat:"):
        raise PositionError(f"--ai: {args.ai!r} is not a search (ismcts:N or flat:N, with +options)")
    if f"+{args.param}=" in args.ai:
        raise PositionError(f"--ai: {args.ai!r} sets {args.param} itself")
    for value in args.values:
        player(tuned_spec(args.ai, args.param, value))    # a bad value says so here
    player(args.vs)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--param", required=True, choices=sorted(TUNABLE))
    p.add_argument("--values", required=True, help="comma-separated; the current value is added")
    p.add_argument("--ai", default="ismcts:2000", help="the search to tune, without the setting")
    p.add_argument("--vs", default=None, help="the opponents (default: flat Monte Carlo at the AI's budget)")
    p.add_argument("--games", type=int, default=100, help="games per value")
    p.add_argument("--seed", type=int, default=1, help="the deals every value plays")
    p.add_argument("--confirm-seed", type=int, help="fresh deals: the best against the current value")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--jobs", type=int, default=cpu_cores(), help="games at once, one process each")
    p.add_argument("--ray", nargs="?", const=True, metavar="ADDRESS", help="play the games as Ray tasks")
    args = p.parse_args(argv)
    try:
        args.values = parse_values(args.param, args.values)
        options = _options(args.option, args.game)
        args.vs = args.vs or "flat:" + args.ai.split("+")[0].partition(":")[2]
        check_args(args)
        new_game(args.game, args.players, 1, **options)      # options the game takes
        return tune(args, options)
    except PositionError as e:
        print(f"tune: error: {e}", file=sys.stderr)
        return 2


def tune(args, options) -> int:
    current = current_value(args.game, args.players, args.param, args.ai)
    values = sorted(set(args.values) | {current})
    print(f"{args.game}, {args.players} players{''.join(f', {k} {v}' for k, v in options.items())}: "
          f"{args.param}, {args.games} games a value, --seed {args.seed}")
    print()
    print("| value | AI | opponents | games | AI win share | 95% CI |")
    print("|---|---|---|---|---|---|")
    results = {}
    for value in values:
        spec = tuned_spec(args.ai, args.param, value)
        results[value] = play(args.game, args.players, spec, args.vs, args.games, args.seed,
                              options, args.jobs, args.ray)
        print(row(value, current, spec, args.vs, results[value]), flush=True)
        if results[value].interrupted:
            return 130
    best = max(values, key=lambda v: (results[v].win_share, v == current))
    print()
    if best == current:
        print(f"The current value ({args.param}={current}) is the best on these deals: nothing to change.")
        return 0
    print(f"Best on these deals: {args.param}={best} ({results[best].win_share:.1%}; "
          f"current {current}: {results[current].win_share:.1%}).")
    if args.confirm_seed is None:
        print("Chosen on these deals, its share flatters it: confirm on fresh ones "
              "(--confirm-seed) before changing the game's SEARCH_SETTINGS.")
        return 0
    fresh = {}
    for value in (best, current):
        spec = tuned_spec(args.ai, args.param, value)
        fresh[value] = play(args.game, args.players, spec, args.vs, args.games, args.confirm_seed,
                            options, args.jobs, args.ray)
        if fresh[value].interrupted:
            return 130
    heroes = [pairing.hero for pairing in fresh[best].pairings]
    mean, lo, hi = paired_difference(fresh[best].returns, fresh[current].returns, heroes)
    print(f"On fresh deals (--seed {args.confirm_seed}): {args.param}={best} "
          f"{fresh[best].win_share:.1%}, {current} {fresh[current].win_share:.1%}; paired "
          f"difference {mean:+.1%} (95% CI {lo:+.1%} to {hi:+.1%}).")
    field, value = setting_to_write(args.game, args.players, args.param, args.ai, best)
    if lo > 0:
        print(f"Separated: write it in engine/{args.game}.pyx, "
              f"SEARCH_SETTINGS[{args.players}][{field!r}] = {value!r}, with the table in docs/strength-log.md.")
    else:
        print(f"Not separated on fresh deals: keep {args.param}={current}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
