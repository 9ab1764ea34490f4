"""Senjutsu's actions and steps as data (engine/senjutsu/notation.pyx,
views.pyx): every action id is described as a kind and arguments, its name
is written from that and read back, anything else given to the notation is
refused with one ``PositionError``; and the app's words, written from those
fields only (tui/games/senjutsu/words.py), say exactly what the game's
record says, for every action offered and every step of random games."""
from __future__ import annotations

import random

import pytest
from hypothesis import given

from ninja_dojo.engine import new_game
from ninja_dojo.engine.senjutsu import CARD_IDS, HEXES, SAMURAI_KEYS, notation
from tests.notation_checks import junk, kinds_in_id_order, refused_or_as_written
from ninja_dojo.tui.games.senjutsu.words import STEP_WORDS, action_words, samurai_words, step_words


def test_every_id_is_described_and_its_name_read_back():
    assert kinds_in_id_order(notation) == notation.KINDS          # every kind, in id order


def test_the_arguments_name_cards_hexes_and_samurai_as_the_game_does():
    assert notation.describe(3) == ("play", {"card": CARD_IDS[3]})
    assert notation.describe(72 + 3) == ("discard", {"card": CARD_IDS[3]})
    assert notation.describe(70) == ("play", {"card": None, "slot": 70})     # a slot the data leaves empty
    assert {notation.describe(373 + h)[1]["hex"] for h in range(len(HEXES))} == set(HEXES)
    assert [notation.describe(435 + k)[1]["samurai"] for k in range(4)] == list(SAMURAI_KEYS)
    assert notation.describe(427) == ("rotate", {"side": "left", "steps": 2})
    assert notation.describe(466) == ("turn", {"side": "left", "steps": 2})
    assert notation.action_name(466) == "turn it left 2"


@given(junk(notation, (0, 361, 424, 437, 460)))
def test_anything_else_is_refused_with_one_error(value):
    refused_or_as_written(value, notation)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_apps_words_from_the_fields_say_what_the_record_says(players):
    """The board and the story word every action and step from its fields;
    called by their samurai, the steps read exactly as the record's lines
    (so the screen is unchanged), and each action as its name."""
    for game in range(3):
        state = new_game("senjutsu", players, seed=500 + 10 * players + game)
        rng = random.Random(game)
        names = samurai_words(state.view(-1))
        before = []
        while not state.is_terminal():
            for seat in state.movers():
                for action in state.legal_actions(seat):
                    assert action_words(action) == action.name
            steps = state.apply({m: rng.choice(state.legal_actions(m)) for m in state.movers()})
            if before and steps[:len(before)] == before:
                new = steps[len(before):]
            else:
                new = steps
            for step in new:
                assert step["kind"] == step["step"]
                assert step_words(step, names) == step["text"], step
            before = steps


def test_every_kind_of_step_is_worded_as_the_record_says():
    """Every card's scenario (tests/test_senjutsu_card_effects.py) and random
    games at every table: each step the app words from its fields reads as
    the record's line, and together they reach every kind of step."""
    from tests.test_senjutsu_card_effects import CASES, _build
    from tests.test_senjutsu_rules import skip_windows
    seen = set()
    for case in CASES:
        s = _build(case)
        skip_windows(s)
        for name in case.moves:
            skip_windows(s)
            s.apply(name)
        skip_windows(s)
        names = samurai_words(s.view(-1))
        for step in s.steps():
            assert step_words(step, names) == step["text"], (case.card, step)
            seen.add(step["kind"])
    for players in (2, 3, 4):
        state = new_game("senjutsu", players, seed=players)
        rng = random.Random(players)
        names = samurai_words(state.view(-1))
        while not state.is_terminal():
            for step in state.apply({m: rng.choice(state.legal_actions(m)) for m in state.movers()}):
                seen.add(step["kind"])
    assert seen == set(STEP_WORDS)
