"""Golden Ninjato games: one readable transcript per player count, in
``tests/golden/ninjato_<players>p.txt``.

A fixed seed deals and a ``random.Random`` of the same seed picks every
decision uniformly among ``legal_actions``; each decision is followed by the
steps it caused (forced steps included: a play with one way to win, the
end-of-turn refills, clan scoring).  The test regenerates each transcript and
compares it with the file; a rules change that alters a game shows up as a
diff.

    python -m tests.test_ninjato_golden            # print the transcripts
    python -m tests.test_ninjato_golden --update   # rewrite the files
"""
from __future__ import annotations

import random
import sys

import pytest

from ninja_dojo.engine import new_game
from tests import golden
from tests.ninjato_table import StepReader

PLAYERS = (2, 3, 4)


def seed(players: int) -> int:
    return 4000 + players


def transcript(players: int) -> str:
    s = seed(players)
    rng = random.Random(s)
    state = new_game("ninjato", players=players, seed=s)
    v = state.view(-1)
    out = [f"Ninjato, {players} players, deal seed {s}, moves random.Random({s}) over legal_actions",
           f"turn order {v['order']}"]
    for p in range(players):
        out.append(f"  seat {p} hand {state.view(p)['hand']}")
    for h, house in enumerate(v["houses"]):
        out.append(f"  house {h + 1}: {house['clan']} {house['value']}, Sentry {house['sentry']['card']} "
                   f"({house['sentry']['value']}), treasure {', '.join(house['plain'])}")
    out.append(f"  Sensei offer {[t['tile'] for t in v['sensei_offer'] if t]}; Dojo row {v['dojo_row']}")
    out.append(f"  Envoys {[e['card'] for e in v['envoy_row']]}; Rumors {[r['card'] for r in v['rumor_row']]}")
    reader = StepReader()
    reader.new(state)
    while not state.is_terminal():
        seat = state.movers()[0]
        move = rng.choice(state.legal_actions())
        state.apply(move)
        out.append(f"seat {seat}: {move}")
        out.extend(f"    {st['text']}" for st in reader.new(state))
    for p, part in enumerate(state.view(-1)["final"]):
        out.append(f"seat {p}: " + ", ".join(f"{k} {x}" for k, x in part.items()))
    o = state.outcome()
    out.append(f"outcome: {o} (returns {', '.join(f'{r:g}' for r in o.returns)})")
    return "\n".join(out) + "\n"


GOLDENS = {f"{p}p": (lambda p=p: transcript(p)) for p in PLAYERS}


@pytest.mark.parametrize("players", PLAYERS)
def test_golden_playthrough(players):
    diff = golden.difference("ninjato", f"{players}p", transcript(players), "tests.test_ninjato_golden")
    if diff:
        pytest.fail(diff)


if __name__ == "__main__":
    sys.exit(golden.main("ninjato", GOLDENS, __doc__, sys.argv[1:]))
