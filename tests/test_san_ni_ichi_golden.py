"""Golden San, Ni, Ichi! games: one readable transcript per player count
(3, 4, 5, 6) and for team play (4 and 6).

A fixed seed deals the cards and a ``random.Random`` of the same seed picks
every move among ``legal_actions`` (a discard only one time in ten when
something else is allowed, so the piles grow and the weapons get used).  The
test regenerates every transcript and compares it with ``tests/golden/``; a
rules change that alters any game shows up as a diff.

    python -m tests.test_san_ni_ichi_golden            # print the transcripts
    python -m tests.test_san_ni_ichi_golden --update   # rewrite tests/golden/
"""
from __future__ import annotations

import random
import sys

import pytest

from ninja_dojo.engine import new_game
from ninja_dojo.engine.san_ni_ichi import step_text
from tests import golden

# name -> (players, options, seed); seeds picked so that, together, the games
# show every kind of step (a 3-player Sai move, Block and Smoke Bomb for a partner).
GAMES = {
    "3p": (3, {}, 3007),
    "4p": (4, {}, 3006),
    "5p": (5, {}, 3007),
    "6p": (6, {}, 3008),
    "4p_teams": (4, {"teams": True}, 3113),
    "6p_teams": (6, {"teams": True, "advanced": True}, 3112),
}


def pick(rng: random.Random, actions):
    keep = [a for a in actions if str(a) != "discard"]
    if keep and len(keep) < len(actions) and rng.random() < 0.9:
        return rng.choice(keep)
    return rng.choice(actions)


def _piles(piles) -> str:
    return " | ".join(f"{i}: {' '.join(f'[{c}]' for c in p) or '-'}" for i, p in enumerate(piles))


def transcript(name: str) -> str:
    players, options, seed = GAMES[name]
    rng = random.Random(seed)
    state = new_game("san_ni_ichi", players, seed=seed, **options)
    f = state.fields()
    opts = ", ".join(f"{k}={v}" for k, v in options.items()) or "no options"
    out = [
        f"San, Ni, Ichi!, {players} players, {opts}, deal seed {seed}, "
        f"moves random.Random({seed}) over legal_actions (discard 1 time in 10)",
        f"weapons: {', '.join(state.view(-1)['weapons'])}",
        "deal",
        *(f"  seat {i}: {', '.join(h)}" for i, h in enumerate(f["hands"])),
    ]
    shown = 0
    while not state.is_terminal():
        f = state.fields()
        movers = state.movers()
        move = {seat: pick(rng, state.legal_actions(seat)) for seat in movers}
        if f["phase"] == "choose":
            out.append(f"round {f['round']}")
            out.append("  choose: " + "; ".join(f"seat {i} {a}" for i, a in move.items()))
            shown = 0
        else:
            (seat, a), = move.items()
            choices = ", ".join(map(str, state.legal_actions(seat)))
            out.append(f"  seat {seat} chooses {a} (of {choices})")
        steps = state.apply(move)
        for st in steps[shown:]:
            if shown and st["kind"] == "reveal" and st["round"] != steps[shown - 1]["round"]:
                out.append(f"round {st['round']} (one card each: played without a choice)")
            out.append(f"    {step_text(st)}")
            shown += 1
        after = state.fields()
        if after["round"] != f["round"] or state.is_terminal():
            out.append(f"  piles  {_piles(after['piles'])}")
            out.append(f"  scores {', '.join(map(str, state.scores()))}")
    o = state.outcome()
    out.append(f"winners: {', '.join(f'seat {w}' for w in o.winners)} "
               f"(returns {', '.join(f'{r:g}' for r in o.returns)})")
    for i, d in enumerate(state.fields()["damage"]):
        out.append(f"  seat {i} damage: {', '.join(d) or 'none'}")
    return "\n".join(out) + "\n"


GOLDENS = {name: (lambda name=name: transcript(name)) for name in GAMES}


@pytest.mark.parametrize("name", list(GAMES))
def test_golden_playthrough(name):
    diff = golden.difference("san_ni_ichi", name, transcript(name), "tests.test_san_ni_ichi_golden")
    if diff:
        pytest.fail(diff)


def test_goldens_show_every_kind_of_step():
    text = "".join(golden.path("san_ni_ichi", name).read_text(encoding="utf-8") for name in GAMES)
    for words in ("starts a pile", "puts", "slides its pile", "blocks", "Tonfa", "Sai",
                  "throws Shuriken", "plays a Smoke Bomb", "takes", "is discarded at the end",
                  "(one card each", "moves seat", "Smoke Bomb for seat", "blocks seat"):
        assert words in text, words


if __name__ == "__main__":
    sys.exit(golden.main("san_ni_ichi", GOLDENS, __doc__, sys.argv[1:]))
