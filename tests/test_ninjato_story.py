"""The step-by-step story of a Ninjato move (tui/games/ninjato/story.py)
tells every kind of step the engine logs: each kind has its handler, found
from the step's ``kind``, so no step is passed over or told from its text."""
from __future__ import annotations

import random

from ninja_dojo.engine import new_game
from ninja_dojo.tui.games.ninjato import story, words


def test_every_kind_of_step_has_a_handler_in_the_story():
    for kind in words.STEP_WORDS:
        assert callable(getattr(story.Teller, "on_" + kind.replace(" ", "_"), None)), kind


def test_a_random_game_is_told_move_by_move_without_the_engine_s_text():
    rng = random.Random(7)
    state = new_game("ninjato", players=3, seed=7)
    names = ["You", "Kaede", "Jubei"]
    told, lines = 0, []
    while not state.is_terminal() and told < 300:
        before = state.view(0)
        move = rng.choice(state.legal_actions())
        old = state.steps()
        steps = state.apply(move)
        if old and steps[:len(old)] == old:
            steps = steps[len(old):]
        frames = story.tell(before, state.view(0), [{**st, "text": None} for st in steps], names)
        lines += [f.line for f in frames if f.line]
        told += 1
    assert told == 300 or state.is_terminal()
    assert len(lines) > told / 2 and not any("None" in line for line in lines)
