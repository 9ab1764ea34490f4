"""Ninjato's actions as data (engine/ninjato/notation.pyx): every id has a
kind and arguments, its name is written from them and read back, the legal
actions carry what the board needs to place them, and anything else given
to the notation is refused with one ``PositionError``."""
from __future__ import annotations

from hypothesis import given

from ninja_dojo.engine import new_game
from ninja_dojo.engine.ninjato import notation
from tests.notation_checks import junk, kinds_in_id_order, refused_or_as_written


def test_every_id_is_described_by_a_kind_of_the_list_and_its_name_read_back():
    assert kinds_in_id_order(notation) == notation.KINDS          # the kinds in id order, each used


def test_the_arguments_say_what_the_name_says():
    assert notation.describe(0) == ("place", {"space": "Dojo"})
    assert notation.describe(4) == ("attack", {"house": 0, "side": "Strength"})
    assert notation.action_name(13) == "house 5 Stealth"
    assert notation.describe(17) == ("draw", {"slot": None})
    assert notation.describe(35) == ("base", {"tile": "CR1", "value": 4})
    assert notation.action_name(35) == "base: CR1 as 4"
    assert notation.describe(44) == ("add", {"tile": "SN4", "by": -1, "attack": True})
    assert notation.describe(82) == ("token", {"token": "CT15", "clan": "Go-Shirakawa", "value": 8})
    assert notation.describe(101) == ("pay", {"treasure": "Gold"})
    assert notation.describe(124) == ("disguise", {"envoy": None})


def test_the_cards_and_tokens_read_by_name_are_the_texts_of_the_same_cards():
    for g in range(40):
        card = notation.card(f"GD{g + 1:02d}")
        text = notation.guard_text(g)
        assert text == f"GD{g + 1:02d} ({card['values'][0]}{', alarm' if card['alarm'] else ''})"
    for e in range(20):
        card = notation.card(f"EL{e + 1:02d}")
        assert card["facing"] == "Elite" and card["people"] in (1, 2)
        assert f"{card['values'][0]}" in notation.elite_text(e)
    for t in range(15):
        token = notation.token(f"CT{t + 1:02d}")
        assert notation.token_text(t) == f"{token['token']} ({token['clan']} {token['value']})"


def test_the_places_offered_carry_their_space_or_house_and_side():
    state = new_game("ninjato", players=3, seed=2)
    actions = state.legal_actions()
    assert {a.args["space"] for a in actions if a.kind == "place"} <= {"Dojo", "Sensei", "Palace", "Pavilion"}
    for a in actions:
        if a.kind == "attack":
            assert a.name == f"house {a.args['house'] + 1} {a.args['side']}"


@given(junk(notation, (0, 9, 53, 65, 82)))
def test_anything_else_is_refused_with_one_error(value):
    refused_or_as_written(value, notation, name_readers=(notation.card, notation.token))
