"""Playing a game through for tests that watch it move by move."""
from __future__ import annotations

import random

from engine import State


def random_moves(state: State, rng: random.Random):
    """Play uniformly random moves to the end of the game.  For each joint
    move yields ``(view before, view after, the steps it added, the move)``,
    views as seat 0 sees them."""
    while not state.is_terminal():
        before, before_steps = state.view(0), state.steps()
        moves = {m: rng.choice(state.legal_actions(m)) for m in state.movers()}
        steps = state.apply(moves)
        # The round's steps so far: keep only the ones this move added.
        if before_steps and steps[:len(before_steps)] == before_steps:
            steps = steps[len(before_steps):]
        yield before, state.view(0), steps, moves
