"""Does a longer search choose differently?  A diagnosis for issue 65.

Positions are taken from games the heuristic policy plays (seeds 500, 501,
...; every ``--every``-th decision a seat takes alone with more than one
move), and each is searched three times: at ``--low`` iterations, at
``--high`` iterations, and at ``--high`` again with another seed.  What it
prints, per game:

- how often the low and the high search choose the same move,
- how often two high searches choose the same move (their noise),
- how often the high search chooses the heuristic's move,
- the median gap in win share between the high search's two most visited
  moves (how close the choices are by the search's own judgement).

When two high searches disagree about as often as low and high do, and the
gap is a point or less, more iterations have little left to find: the
limit is what the rollouts and the evaluation can tell apart.

    python -m bench.agreement --game ninjato --players 2 --games 6

Fixed iteration budgets: the result does not depend on the machine's load.
"""
from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass

from ninja_dojo.engine import GAMES, new_game
from ninja_dojo.solver.search import analyse

#: the search settings ``--set`` may change (whole numbers)
SETTINGS = ("cut_rounds", "expand_at")


@dataclass
class Agreement:
    decisions: int = 0
    low_high: int = 0
    high_high: int = 0
    high_policy: int = 0
    gaps: list[float] | None = None

    def rows(self) -> list[tuple[str, str]]:
        n = max(self.decisions, 1)
        gap = statistics.median(self.gaps) if self.gaps else float("nan")
        return [("decisions searched", f"{self.decisions}"),
                ("low and high choose alike", f"{self.low_high} ({self.low_high / n:.0%})"),
                ("two high searches choose alike", f"{self.high_high} ({self.high_high / n:.0%})"),
                ("high chooses the heuristic's move", f"{self.high_policy} ({self.high_policy / n:.0%})"),
                ("median gap between the two most visited moves", f"{gap:.1%} of win share")]


def agreement(game: str, players: int, games: int, low: int, high: int,
              every: int = 3, first_seed: int = 500, **config) -> Agreement:
    """The three searches of every chosen position of ``games`` policy games
    (``config``: search settings for all three, e.g. ``cut_rounds=3``).

    >>> a = agreement("ninjan", 2, games=1, low=50, high=100, every=4)
    >>> a.decisions >= a.low_high and a.decisions >= a.high_high and a.decisions > 0
    True
    """
    out = Agreement(gaps=[])
    for g in range(games):
        s = new_game(game, players, seed=first_seed + g)
        n = 0
        while not s.is_terminal():
            movers = s.movers()
            if len(movers) == 1 and len(s.legal_action_ids(movers[0])) > 1 and n % every == 0:
                seat = movers[0]
                a_low = analyse(s, seat, iterations=low, seed=7, **config)
                a_high = analyse(s, seat, iterations=high, seed=7, **config)
                b_high = analyse(s, seat, iterations=high, seed=8, **config)
                out.decisions += 1
                out.low_high += a_low.best.name == a_high.best.name
                out.high_high += a_high.best.name == b_high.best.name
                out.high_policy += a_high.best.name == s.policy_action(seat, seed=1).name
                top = sorted(a_high.moves, key=lambda m: -m.visits)[:2]
                if len(top) == 2:
                    out.gaps.append(abs(top[0].value - top[1].value))
            s.apply({m: s.policy_action(m, seed=n).id for m in s.movers()})
            n += 1
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.agreement", description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True, choices=sorted(GAMES))
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--low", type=int, default=2_000)
    ap.add_argument("--high", type=int, default=20_000)
    ap.add_argument("--every", type=int, default=3, help="search every N-th lone decision")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=INT",
                    help="a whole-number search setting for all three searches, e.g. cut_rounds=3")
    args = ap.parse_args(argv)
    config = {}
    for item in args.set:
        name, _, value = item.partition("=")
        if name not in SETTINGS or not value.lstrip("-").isdigit():
            ap.error(f"--set {item}: expected one of {', '.join(SETTINGS)} = a whole number")
        config[name] = int(value)
    a = agreement(args.game, args.players, args.games, args.low, args.high, args.every, **config)
    extra = "".join(f", {k}={v}" for k, v in config.items())
    print(f"{args.game}, {args.players} players, {args.games} policy games, "
          f"{args.low:,} against {args.high:,} iterations{extra}")
    for what, value in a.rows():
        print(f"  {what:<48} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
