"""Golden Pride of Ninja games: one readable transcript per player count and
deck, in ``tests/golden/pride_of_ninja_<players>p_<deck>.txt``.

A fixed seed deals the cards and a ``random.Random`` of the same seed picks
every move uniformly among ``legal_actions``.  The test regenerates each
transcript and compares it with the file; a rules change that alters any
game shows up as a diff.

    python -m tests.test_pride_of_ninja_golden            # print the transcripts
    python -m tests.test_pride_of_ninja_golden --update   # rewrite the files
"""
from __future__ import annotations

import random
import sys

import pytest

from ninja_dojo.engine import new_game
from tests import golden

CONFIGS = [(p, d) for p in (3, 4, 5) for d in ("blue", "red")]


def seed(players: int, deck: str) -> int:
    return 3000 + 10 * players + (deck == "red")


def _cards(cards) -> str:
    return ", ".join(c if c else "(face down)" for c in cards) or "-"


def _resolution(steps, players) -> list[str]:
    out = []
    reveal = steps[0]
    for s in range(players):
        sec = "" if reveal["secrecy"] is None else f"  Secrecy {reveal['secrecy'][s]}"
        out.append(f"    seat {s} front: {_cards(reveal['front_rows'][s])} | back: {_cards(reveal['back_rows'][s])}{sec}")
    for st in steps[1:-1]:
        gains = []
        for s in range(players):
            g = [f"{c} {v:+d}" for c, v in st["gains"][s].items()]
            if st["pp_gains"][s]:
                g.append(f"(+{st['pp_gains'][s]} PP)")
            if st["slain_by"][s]:
                g.append(f"Slain by {'/'.join(st['slain_by'][s])}")
            if g:
                gains.append(f"seat {s}: {' '.join(g)}")
        out.append(f"    {st['initiative']} {'/'.join(st['cards'])}: {'; '.join(gains)}")
        out.append(f"      TP {' '.join(map(str, st['tp']))}")
    sc = steps[-1]
    out.append(f"    scoring: TP {' '.join(map(str, sc['tp']))}; Slain {sc['slain'] or 'none'}; "
               f"PP {' '.join(map(str, sc['pp_before']))} -> {' '.join(map(str, sc['pp']))}")
    return out


def transcript(players: int, deck: str) -> str:
    s = seed(players, deck)
    rng = random.Random(s)
    state = new_game("pride_of_ninja", players=players, seed=s, deck=deck)
    out = [f"Pride of Ninja, {players} players, {deck} deck, deal seed {s}, "
           f"moves random.Random({s}) over legal_actions"]
    new_round = True
    while not state.is_terminal():
        f = state.fields()
        if new_round:
            out.append(f"round {f['round']}")
            for seat, hand in enumerate(f["hands"]):
                out.append(f"  seat {seat} hand: {_cards(hand)}")
            if f["victims"]:
                out.append(f"  Victim's Cards: {_cards(f['victims'])}")
            new_round = False
        move = {seat: rng.choice(state.legal_actions(seat)) for seat in state.movers()}
        out.append(f"  pick {f['pick'] + 1}: " + "; ".join(f"seat {x} {a}" for x, a in move.items()))
        steps = state.apply(move)
        if steps:
            out.append("  resolution")
            out.extend(_resolution(steps, players))
            new_round = True
    returns = state.returns()
    out.append(f"final PP {' '.join(map(str, state.scores()))}; "
               f"returns {', '.join(f'{r:g}' for r in returns)}")
    return "\n".join(out) + "\n"


GOLDENS = {f"{p}p_{d}": (lambda p=p, d=d: transcript(p, d)) for p, d in CONFIGS}


@pytest.mark.parametrize("players,deck", CONFIGS)
def test_golden_playthrough(players, deck):
    diff = golden.difference("pride_of_ninja", f"{players}p_{deck}", transcript(players, deck),
                             "tests.test_pride_of_ninja_golden")
    if diff:
        pytest.fail(diff)


if __name__ == "__main__":
    sys.exit(golden.main("pride_of_ninja", GOLDENS, __doc__, sys.argv[1:]))
