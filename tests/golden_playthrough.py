"""Golden Nin Jan games: one readable transcript per player count.

A fixed seed deals the cards and a ``random.Random`` of the same seed picks
every move uniformly among ``legal_actions``.  ``tests/test_ninjan_rules.py``
regenerates each transcript and compares it with ``tests/golden/``; a rules
change that alters any game shows up there as a diff.

    python -m tests.golden_playthrough            # print the transcripts
    python -m tests.golden_playthrough --update   # rewrite tests/golden/
"""
from __future__ import annotations

import random
import sys

from ninja_dojo.engine import new_game
from tests import golden

PLAYERS = (2, 3, 4, 5)


def seed(players: int) -> int:
    return 2000 + players


def _piles(piles) -> str:
    return " | ".join(f"{i + 1}: {' '.join(f'[{c}]' for c in p)}" for i, p in enumerate(piles))


def _step(st) -> str:
    where = f"pile {st['pile'] + 1}"
    if st["took"]:
        return f"seat {st['seat']} {st['card']} takes {where}: {', '.join(st['taken'])}"
    return f"seat {st['seat']} {st['card']} beats no top, goes on {where}"


def transcript(players: int) -> str:
    s = seed(players)
    rng = random.Random(s)
    state = new_game("ninjan", players=players, seed=s)
    f = state.fields()
    out = [
        f"Nin Jan, {players} players, deal seed {s}, moves random.Random({s}) over legal_actions",
        "deal",
        f"  piles  {_piles(f['piles'])}",
        *(f"  seat {i} hand: {', '.join(h)}" for i, h in enumerate(f["hands"])),
        f"  box: {len(f['box'])} cards",
    ]
    shown = 0
    while not state.is_terminal():
        f = state.fields()
        movers = state.movers()
        if len(movers) > 1:
            out.append(f"round {f['round']}")
            shown = 0
        move = {seat: rng.choice(state.legal_actions(seat)) for seat in movers}
        if len(movers) > 1:
            out.append("  reveal " + "; ".join(f"seat {i} {a}" for i, a in move.items()))
        else:
            (seat, a), = move.items()
            choices = ", ".join(map(str, state.legal_actions(seat)))
            out.append(f"  seat {seat} chooses {a} (of {choices})")
        state.apply(move)
        steps = state.steps()
        out.extend(f"    {_step(st)}" for st in steps[shown:])
        shown = len(steps)
        after = state.fields()
        if after["round"] != f["round"] or state.is_terminal():
            out.append(f"  piles  {_piles(after['piles'])}")
            out.append(f"  scores {', '.join(map(str, state.scores()))}")
    o = state.outcome()
    out.append(f"outcome: {o} (returns {', '.join(f'{r:g}' for r in o.returns)})")
    for i, w in enumerate(state.fields()["won"]):
        out.append(f"  seat {i} won {', '.join(w) or 'nothing'}")
    return "\n".join(out) + "\n"


GOLDENS = {f"{players}p": (lambda players=players: transcript(players)) for players in PLAYERS}

if __name__ == "__main__":
    sys.exit(golden.main("ninjan", GOLDENS, __doc__, sys.argv[1:]))
