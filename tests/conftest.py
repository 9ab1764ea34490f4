"""Shared helpers: hand-made Nin Jan positions built through the position codec,
and the solver started as a terminal starts it."""
from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, settings

from ninja_dojo.engine import codec

# Hypothesis: by default (and in CI) a modest, reproducible run: the same
# examples every time (derandomize), no example database, no deadline (the
# machine is shared, a slow example is not a failure).  For a long local
# hunt: HYPOTHESIS_PROFILE=thorough pytest tests/test_properties_*.py
settings.register_profile("ci", max_examples=25, deadline=None, derandomize=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
# CI's second run, against the debug build (.ci/run): the random-play and
# loader property tests only, with twice the examples.
settings.register_profile("debug-build", max_examples=50, deadline=None, derandomize=True,
                          database=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def solver_process(*args, **kw) -> subprocess.Popen:
    """``python -m ninja_dojo.solver ARGS`` with its output piped, for a test to press
    Ctrl-C.  A shell's background job (`pytest &`) inherits SIGINT ignored,
    and so would the solver: it gets the default, as a terminal's Ctrl-C
    finds it."""
    return subprocess.Popen([sys.executable, "-m", "solver", *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL), **kw)


@pytest.fixture(autouse=True)
def dojo_home(tmp_path_factory, monkeypatch):
    """The app's data folder (autosaves, saves, settings) is a temporary
    folder in every test: no test reads or writes the user's own."""
    home = tmp_path_factory.mktemp("dojo-home")
    monkeypatch.setenv("NINJA_DOJO_HOME", str(home))
    return home


# The deck of rulings 1, written out from the rule rather than read from the
# engine, so a wrong deck in the engine cannot go unnoticed.
SUITS = ("Rock", "Paper", "Scissors")
VALUES = (-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
DECK = [f"{v} {s}" for s in SUITS for v in VALUES]


def value(card: str) -> int:
    return int(card.split()[0])


def ninjan_position(players, piles, hands=(), won=None, round=1, phase="choose",
                    played=None, resolved=0):
    """A Nin Jan ``State`` with an empty history, made from named cards.

    Hands are topped up to the size the round requires with cards nobody
    named (in deck order), the box gets its fixed share of the rest, and any
    cards still left over go round-robin to the won piles.  Only the cards a
    test names matter to it; the filler is arbitrary.
    """
    named = [c for p in piles for c in p] + [c for h in hands for c in h]
    named += [c for w in (won or ()) for c in w] + [c for c in (played or ()) if c]
    rest = [c for c in DECK if c not in named]
    size = 0 if phase == "over" else 9 - round + (phase == "choose")
    hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    for h in hands:
        while len(h) < size:
            h.append(rest.pop(0))
    box_size = 48 - 3 - 9 * players
    box, rest = rest[:box_size], rest[box_size:]
    won = [list(w) for w in (won or ())] + [[] for _ in range(players - len(won or ()))]
    for i, c in enumerate(rest):
        won[i % players].append(c)
    doc = {
        "format": codec.FORMAT, "version": codec.VERSION, "game": "ninjan",
        "options": {"players": players}, "seed": 0, "history": [],
        "state": {
            "players": players, "round": round, "phase": phase, "hands": hands,
            "box": box, "piles": [list(p) for p in piles], "won": won,
            "played": list(played) if played else [None] * players,
            "resolved": resolved,
        },
    }
    return codec.from_map(doc)
