"""Pride of Ninja's actions as data (engine/pride_of_ninja/notation.py): every
id is a ``place`` of a card in a row, its name is written from that and read
back, and anything else given to the notation is refused with one
``PositionError``."""
from __future__ import annotations

from hypothesis import given

from ninja_dojo.engine import new_game
from ninja_dojo.engine.pride_of_ninja import CARDS, HIDDEN_PICK, notation
from tests.notation_checks import junk, refused_or_as_written


def test_every_id_places_a_card_in_a_row_and_the_name_says_so():
    for a in range(notation.NUM_ACTIONS):
        kind, args = notation.describe(a)
        assert kind == "place" and args["row"] in ("front", "back")
        name = notation.action_name(a)
        if a == HIDDEN_PICK:
            assert args == {"card": None, "row": "back"}
            assert name == "a card face down to the back row"
        else:
            assert args["card"] == CARDS[a // 2][0]
            assert notation.action_id(args["card"], args["row"]) == a
            assert name.startswith(args["card"] + " ")
            assert name.endswith("to the front row" if args["row"] == "front" else "face down to the back row")
        assert notation.parse_action(name) == a


def test_the_legal_actions_carry_their_card_and_row():
    state = new_game("pride_of_ninja", players=3, seed=5, deck="red")
    hand = set(state.view(0)["hand"])
    actions = state.legal_actions(0)
    assert {a.args["card"] for a in actions} == hand
    assert {a.args["row"] for a in actions} == {"front", "back"}


@given(junk(notation, (0, 5, HIDDEN_PICK)))
def test_anything_else_is_refused_with_one_error(value):
    refused_or_as_written(value, notation, id_readers=(notation.card_name,))
