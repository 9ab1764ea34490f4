"""Pride of Ninja's actions and cards as data, and their names.

An action is described by its kind and what it involves, and its name is
written from that description, here and nowhere else (python-chess's ``Move``
and its ``uci()``): the app words an action from ``describe``, never from its
name.  Every action is a ``place``: a card (by name) to a row (``front`` or
``back``); the one id that names no card, ``HIDDEN_PICK``, is what the other
seats see of a face-down pick (its card ``None``).

>>> describe(5)
('place', {'card': 'Miko', 'row': 'back'})
>>> action_name(0), action_name(5)
('Ninja to the front row', 'Miko face down to the back row')
>>> describe(HIDDEN_PICK), action_name(HIDDEN_PICK)
(('place', {'card': None, 'row': 'back'}), 'a card face down to the back row')
>>> parse_action("Sumo Rikishi to the front row")
10
"""
from __future__ import annotations

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.pride_of_ninja.rules import ACTIONS, CARDS, HIDDEN_PICK, ROWS

#: cards have global ids 0..13: the Blue deck's seven kinds, then the Red's
N_CARDS = len(CARDS)
#: action ids are below this: ``card * 2 + row`` for every card and row
#: (rules.pxd: FRONT 0, BACK 1), then ``HIDDEN_PICK``
NUM_ACTIONS = ACTIONS
#: every kind of action
KINDS = ("place",)


def card_name(card: int) -> str:
    """``card_name(0)`` is ``'Ninja'``; ids 0-6 are Blue, 7-13 Red."""
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < N_CARDS:
        raise PositionError(f"{checks.shown(card)} is not a Pride of Ninja card id (0..{N_CARDS - 1})")
    return CARDS[card][0]


#: card name -> global id
CARD_BY_NAME = {c[0]: g for g, c in enumerate(CARDS)}


def describe(action: int) -> tuple[str, dict]:
    """What action id ``action`` does: ``("place", {"card", "row"})``, the
    card (a name; ``None`` for another seat's face-down pick) to the ``front``
    or the ``back`` row."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise PositionError(f"{checks.shown(action)} is not a Pride of Ninja action id (0..{NUM_ACTIONS - 1})")
    if action == HIDDEN_PICK:
        return "place", {"card": None, "row": "back"}
    return "place", {"card": CARDS[action // 2][0], "row": ROWS[action % 2]}


def action_name(action: int) -> str:
    """The action's name, written from ``describe``: ``'Ninja to the front
    row'``, ``'Miko face down to the back row'``, ``'a card face down to the
    back row'``."""
    _, args = describe(action)
    if args["row"] == "front":
        return f"{args['card']} to the front row"
    return f"{args['card'] or 'a card'} face down to the back row"


def action_id(card: str, row: str) -> int:
    """The id of placing ``card`` (a name) in ``row`` ('front' or 'back')."""
    if not isinstance(card, str) or card not in CARD_BY_NAME:
        raise PositionError(f"{checks.shown(card)} is not a Pride of Ninja card")
    if row not in ROWS:
        raise PositionError(f"{checks.shown(row)} is not a row (front or back)")
    return CARD_BY_NAME[card] * 2 + ROWS.index(row)


_ACTION_BY_NAME = {action_name(a): a for a in range(NUM_ACTIONS)}


def parse_action(text) -> int:
    """The action id of a name ``action_name`` writes; PositionError if none."""
    if not isinstance(text, str) or text.strip() not in _ACTION_BY_NAME:
        raise PositionError(f"{checks.shown(text)} is not a Pride of Ninja action "
                            "(e.g. 'Ninja to the front row', 'Miko face down to the back row')")
    return _ACTION_BY_NAME[text.strip()]
