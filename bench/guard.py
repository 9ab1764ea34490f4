"""The strength guard of CI: its settings per game, and how they were measured.

    python -m bench.guard                          # re-measure every game, print the table
    python -m bench.guard --game ninjato --write   # measure one game and keep it in bench/guard.json
    python -m bench.guard --game senjutsu --players 2 --iterations 300 --games 100 --write

``tests/test_strength_guard.py`` plays, for every game in ``engine.GAMES``,
``games`` seeded games of the search at ``iterations`` per move (one
thread) in one seat, rotating, against the greedy heuristic in every other
seat, and fails when the search's mean win share falls below
``threshold``.  The games are a pure function of the code (seeded deals and
moves, an iteration budget, one thread), so the test gives the same answer
on every machine until the search or the rules change.

The threshold is set from a measurement on other deals: ``measure_games``
games (``--measure-games``, 1,000 by default) from seed ``seed + 1`` give the
search's true share ``p`` within a small interval; the threshold is ``p``
less 3 standard deviations of a ``games``-game mean and 2 of the
measurement's own, rounded down to a hundredth.  A change that leaves the
search as strong as it was (a different random stream, a faster loop)
passes with probability above 99.8%; one that costs it a good part of its
edge over greedy fails.  The same games played by a crippled search (one
iteration, random rollouts: a random player) must land below the
threshold, and ``--write`` refuses settings where they do not.

When a search change is *meant* to alter its strength, re-measure
(``python -m bench.guard --write``) and commit ``bench/guard.json`` with
the new figures.  A game added to ``engine.GAMES`` needs its line too:
the test fails for it, naming this command, until it has one.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from ninja_dojo.engine import GAMES
from ninja_dojo.solver.tournament import run, schedule

GUARD_FILE = Path(__file__).with_name("guard.json")
#: the opponent in every other seat
OPPONENT = "greedy"
#: a search that has lost everything: one iteration, random rollouts
CRIPPLED = "ismcts:1+random"
#: what a game without its own settings is measured with
DEFAULTS = {"iterations": 300, "games": 100, "seed": 1}


def load() -> dict:
    """The guard's settings, per game, as committed."""
    return json.loads(GUARD_FILE.read_text())


def ai_spec(entry: dict) -> str:
    return f"ismcts:{entry['iterations']}"


def play(game: str, entry: dict, ai: str | None = None, games: int | None = None,
         seed: int | None = None, jobs: int = 1):
    """The guard's games (or ``games`` others from ``seed``), ``ai`` (default:
    the search at the guard's budget) against greedy; the tournament result."""
    pairings = schedule(game, entry["players"], ai or ai_spec(entry), OPPONENT,
                        games or entry["games"], entry["seed"] if seed is None else seed,
                        entry.get("options") or {})
    return run(pairings, jobs=jobs)


def threshold(p: float, games: int, measured: int) -> float:
    """``p`` less 3 standard deviations of a ``games``-game mean and 2 of the
    ``measured``-game estimate of ``p``, rounded down to a hundredth.

    >>> threshold(0.70, 300, 1000)
    0.59
    """
    var = p * (1 - p)
    return math.floor(100 * (p - 3 * math.sqrt(var / games) - 2 * math.sqrt(var / measured))) / 100


def measure(game: str, entry: dict, measure_games: int, jobs: int = 1) -> dict:
    """Everything the guard's line records, measured now."""
    t0 = time.process_time()
    wide = play(game, entry, games=measure_games, seed=entry["seed"] + 1, jobs=jobs)
    guard = play(game, entry, jobs=jobs)
    crippled = play(game, entry, ai=CRIPPLED, jobs=jobs)
    tenth = play(game, entry, ai=f"ismcts:{max(entry['iterations'] // 10, 1)}", jobs=jobs)
    lo, hi = wide.ci95
    out = dict(entry)
    out["threshold"] = threshold(wide.win_share, entry["games"], measure_games)
    out["measured"] = {"games": measure_games, "seed": entry["seed"] + 1,
                       "win_share": round(wide.win_share, 4), "ci95": [round(lo, 4), round(hi, 4)],
                       "guard_win_share": round(guard.win_share, 4),
                       "crippled_win_share": round(crippled.win_share, 4),
                       "tenth_budget_win_share": round(tenth.win_share, 4),
                       "cpu_seconds": round(time.process_time() - t0, 1)}
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", action="append", choices=sorted(GAMES), help="default: every game")
    p.add_argument("--players", type=int, help="a new game's table (default: its fewest players)")
    p.add_argument("--iterations", type=int, help="the search's budget per move")
    p.add_argument("--games", type=int, help="games the guard plays in CI")
    p.add_argument("--measure-games", type=int, default=1000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--write", action="store_true", help="keep the settings in bench/guard.json")
    args = p.parse_args(argv)
    settings = load() if GUARD_FILE.exists() else {}
    print("| game | players | search | guard games | measured share (games, 95% CI) "
          "| threshold | guard's share | crippled share | a tenth of the budget |")
    print("|---|---|---|---|---|---|---|---|---|")
    for game in args.game or sorted(GAMES):
        entry = dict(settings.get(game) or {"players": GAMES[game].players[0], **DEFAULTS})
        entry.pop("threshold", None)
        entry.pop("measured", None)
        for key in ("players", "iterations", "games"):
            if getattr(args, key) is not None:
                entry[key] = getattr(args, key)
        line = measure(game, entry, args.measure_games, args.jobs)
        m = line["measured"]
        print(f"| {game} | {line['players']} | {ai_spec(line)} | {line['games']} "
              f"| {m['win_share']:.1%} ({m['games']}, {m['ci95'][0]:.1%}-{m['ci95'][1]:.1%}) "
              f"| {line['threshold']:.0%} | {m['guard_win_share']:.1%} | {m['crippled_win_share']:.1%} "
              f"| {m['tenth_budget_win_share']:.1%} |",
              flush=True)
        problems = []
        if m["crippled_win_share"] >= line["threshold"]:
            problems.append("a crippled search passes it: give the search more iterations")
        if m["guard_win_share"] < line["threshold"]:
            problems.append("the search fails its own guard: measure again or play more games")
        for problem in problems:
            print(f"  {game}: {problem}", file=sys.stderr)
        if args.write and not problems:
            settings[game] = line
    if args.write:
        GUARD_FILE.write_text(json.dumps(dict(sorted(settings.items())), indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
