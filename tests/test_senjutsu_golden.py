"""Golden Senjutsu games: one readable transcript per player count, in
``tests/golden/senjutsu_<players>p.txt``.

A fixed seed deals (and draws the samurai) and a ``random.Random`` of the
same seed picks every decision uniformly among ``legal_actions``.  The
transcript shows each decision that had a choice (a window where ``pass``
was the only move is left out) and every step the game took, forced ones
included.  The test regenerates each transcript and compares it with the
file; a rules change that alters a game shows up as a diff.

    python -m tests.test_senjutsu_golden            # print the transcripts
    python -m tests.test_senjutsu_golden --update   # rewrite the files
"""
from __future__ import annotations

import random
import sys

import pytest

from ninja_dojo.engine import new_game
from tests import golden

PLAYERS = (2, 3, 4)


def seed(players: int) -> int:
    return 8000 + players


class Steps:
    """The steps added by each move.  The log keeps a round until the
    first move after the next round began; it then starts at that round's
    "round" step, so the steps read before it are dropped from the count."""

    def __init__(self):
        self.first = None           # the round the log starts with
        self.seen = 0
        self.last_round_at = 0      # where the last "round" step is in the log

    def new(self, state):
        steps = state.steps()
        first = steps[0]["round"] if steps and steps[0]["step"] == "round" else None
        if first is not None and first != self.first:
            self.seen = max(0, self.seen - self.last_round_at)
        self.first = first
        out = steps[self.seen:]
        self.seen = len(steps)
        self.last_round_at = max((i for i, st in enumerate(steps) if st["step"] == "round"), default=0)
        return out


def transcript(players: int) -> str:
    s_ = seed(players)
    rng = random.Random(s_)
    state = new_game("senjutsu", players=players, seed=s_)
    v = state.view(-1)
    out = [f"Senjutsu, {players} players, deal seed {s_}, moves random.Random({s_}) over legal_actions"]
    for p, c in enumerate(v["samurai"]):
        out.append(f"  seat {p}: {c['name']} (advantage {c['advantage'] + 1})")
    reader = Steps()
    while not state.is_terminal():
        movers = state.movers()
        move = {m: rng.choice(state.legal_actions(m)) for m in movers}
        if len(movers) > 1:
            out.append("  choose: " + "; ".join(f"seat {m} {a}" for m, a in move.items()))
        else:
            (m, a), = move.items()
            options = state.legal_actions(m)
            if len(options) > 1:
                out.append(f"  seat {m}: {a} (of {len(options)})")
        state.apply(move)
        for st in reader.new(state):
            out.append(("" if st["step"] == "round" else "    ") + st["text"])
    for p, c in enumerate(state.view(-1)["samurai"]):
        out.append(f"seat {p} {c['name']}: wounds {c['wounds']}, bleeding {c['bleeding']}, stuns {c['stuns']}, "
                   f"{'standing' if c['standing'] else 'fallen'}")
    o = state.outcome()
    out.append(f"outcome: {o} (returns {', '.join(f'{r:g}' for r in o.returns)})")
    return "\n".join(out) + "\n"


GOLDENS = {f"{p}p": (lambda p=p: transcript(p)) for p in PLAYERS}


@pytest.mark.parametrize("players", PLAYERS)
def test_golden_playthrough(players):
    diff = golden.difference("senjutsu", f"{players}p", transcript(players), "tests.test_senjutsu_golden")
    if diff:
        pytest.fail(diff)


def test_the_reader_sees_every_step_once():
    # Replaying a game step by step reads the same steps as one long log
    # would hold: every round's header once, in order.
    state = new_game("senjutsu", 2, seed=3)
    rng = random.Random(3)
    reader = Steps()
    heads = []
    while not state.is_terminal():
        state.apply({m: rng.choice(state.legal_actions(m)) for m in state.movers()})
        heads += [st["round"] for st in reader.new(state) if st["step"] == "round"]
    assert heads == list(range(1, state.fields()["round"] + 1))


if __name__ == "__main__":
    sys.exit(golden.main("senjutsu", GOLDENS, __doc__, sys.argv[1:]))
