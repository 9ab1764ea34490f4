"""Playing a game through for tests that watch it move by move."""
from __future__ import annotations

import random

from engine import State


def random_joint(state: State, rng: random.Random) -> dict:
    """A uniformly random legal move for every seat that decides now."""
    return {m: rng.choice(state.legal_actions(m)) for m in state.movers()}


def play_random(state: State, rng: random.Random, moves: int | None = None) -> State:
    """Play up to ``moves`` random joint moves (to the end if None); returns ``state``."""
    played = 0
    while not state.is_terminal() and (moves is None or played < moves):
        state.apply(random_joint(state, rng))
        played += 1
    return state


def random_moves(state: State, rng: random.Random):
    """Play uniformly random moves to the end of the game.  For each joint
    move yields ``(view before, view after, the steps it added, the move)``,
    views as seat 0 sees them."""
    while not state.is_terminal():
        before, before_steps = state.view(0), state.steps()
        moves = random_joint(state, rng)
        steps = state.apply(moves)
        # The round's steps so far: keep only the ones this move added.
        if before_steps and steps[:len(before_steps)] == before_steps:
            steps = steps[len(before_steps):]
        yield before, state.view(0), steps, moves
