"""What the shared property tests need to know about the games: nothing but
``engine.GAMES``: each game's players and options.

A new game registered in ``engine.GAMES`` is checked by
``tests/test_properties_*.py`` from its first commit, with no edit here.

>>> ("ninjan", 2, {}) in CONFIGURATIONS
True
>>> ("san_ni_ichi", 4, {"deck": "standard", "teams": True, "advanced": False}) in CONFIGURATIONS
True
"""
from __future__ import annotations

import itertools
import random

from hypothesis import settings, strategies as st

from ninja_dojo import engine
from ninja_dojo.engine import PositionError, State, new_game
from tests.play import random_joint

#: Above this many combinations of a game's option values, each option is
#: varied alone (the others at their defaults) instead of every combination.
ALL_COMBINATIONS_UP_TO = 16


def option_sets(options: dict) -> list[dict]:
    """The option sets worth testing, from a module's ``OPTIONS``: every
    combination of the allowed values while there are few, else the
    defaults and each option's other values one at a time.

    >>> option_sets({})
    [{}]
    >>> option_sets({"deck": {"values": ("blue", "red"), "default": "blue"}})
    [{'deck': 'blue'}, {'deck': 'red'}]
    """
    names = list(options)
    values = [tuple(options[n]["values"]) for n in names]
    count = 1
    for v in values:
        count *= len(v)
    if count <= ALL_COMBINATIONS_UP_TO:
        return [dict(zip(names, combo)) for combo in itertools.product(*values)]
    default = {n: options[n]["default"] for n in names}
    out = [default]
    for n, vs in zip(names, values):
        out += [{**default, n: v} for v in vs if v != default[n]]
    return out


def configurations() -> list[tuple[str, int, dict]]:
    """(game, players, options) for every game, player count and option set
    that makes a game (``new_game`` refuses the others, e.g. team play at 5)."""
    out = []
    for name in engine.GAMES:
        game = engine.GAMES[name]
        for players in game.tables:
            for options in option_sets(game.options):
                try:
                    new_game(name, players, seed=0, **options)
                except PositionError:
                    continue
                out.append((name, players, options))
    return out


CONFIGURATIONS = configurations()


def budget(factor: float) -> int:
    """Examples for a test: ``factor`` times the profile's ``max_examples``
    (the ``ci`` profile keeps the whole suite quick; ``thorough`` scales up)."""
    return max(1, int(settings.default.max_examples * factor))


#: A game to play: its configuration and the seed of the deal and the moves.
games = st.tuples(st.sampled_from(CONFIGURATIONS), st.integers(0, 2**63 - 1))


def start(config, seed: int) -> State:
    name, players, options = config
    return new_game(name, players, seed=seed, **options)


def play_out(state: State, rng: random.Random, limit: int = 100_000) -> State:
    """Random legal moves until the game ends (``limit`` moves at most: a game
    that does not end is a failure)."""
    for _ in range(limit):
        if state.is_terminal():
            break
        state.apply(random_joint(state, rng))
    assert state.is_terminal(), f"no end after {limit} random moves"
    returns = state.returns()
    assert len(returns) == state.players and all(0.0 <= r <= 1.0 for r in returns), returns
    return state


def decision_kind(state: State) -> tuple:
    """A game-independent name for the kind of decision waiting now: one seat
    or several at once, and the first words of the moves on offer (``play``,
    ``take``, ``smoke``...)."""
    movers = state.movers()
    words = frozenset(a.name.split()[0] for m in movers for a in state.legal_actions(m))
    return len(movers) > 1, words
