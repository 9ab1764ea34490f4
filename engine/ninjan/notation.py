"""Nin Jan's actions and cards as data, and their names.

An action is described by its kind and what it involves, and its name is
written from that description, here and nowhere else (python-chess's ``Move``
and its ``uci()``): the app words an action from ``describe``, never from its
name.

>>> describe(25)
('play', {'card': '4 Paper'})
>>> action_name(49), describe(49)
('take pile 2', ('take', {'pile': 1}))
>>> parse_action("put on pile 3")
53
"""
from __future__ import annotations

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.ninjan.rules import SUITS, VALUES

N_CARDS = 3 * len(VALUES)
PILES = 3
#: the first action id of each kind (rules.pxd: TAKE, PUT, NUM_ACTIONS)
TAKE, PUT, NUM_ACTIONS = N_CARDS, N_CARDS + PILES, N_CARDS + 2 * PILES
#: every kind of action, in id order
KINDS = ("play", "take", "put")


def card_name(card: int) -> str:
    """``card_name(0x19)`` is ``'4 Paper'``."""
    return f"{VALUES[card & 15]} {SUITS[card >> 4]}"


CARD_BY_NAME = {card_name(c): c for c in range(N_CARDS)}


def card_parts(name: str) -> tuple[int, str]:
    """A card's value and suit, read from its name: the notation is read
    here, not by whoever shows the card.

    >>> card_parts("-4 Rock")
    (-4, 'Rock')
    """
    card = parse_card(name)
    return VALUES[card & 15], SUITS[card >> 4]


def parse_card(name) -> int:
    """The card id of a name such as ``'7 Paper'``; PositionError if none."""
    if not isinstance(name, str) or name not in CARD_BY_NAME:
        raise PositionError(f"{checks.shown(name)} is not a Nin Jan card (e.g. '7 Paper', '-4 Rock')")
    return CARD_BY_NAME[name]


def describe(action: int) -> tuple[str, dict]:
    """What action id ``action`` does: ``("play", {"card"})`` a card from the
    hand, ``("take", {"pile"})`` the pile it beats, ``("put", {"pile"})`` it on a
    pile it beats none of (piles counted from 0)."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise PositionError(f"{checks.shown(action)} is not a Nin Jan action id (0..{NUM_ACTIONS - 1})")
    if action < TAKE:
        return "play", {"card": card_name(action)}
    if action < PUT:
        return "take", {"pile": action - TAKE}
    return "put", {"pile": action - PUT}


def action_name(action: int) -> str:
    """The action's name, written from ``describe``: ``'play 4 Paper'``,
    ``'take pile 2'``, ``'put on pile 3'`` (piles counted from 1, as on the
    table)."""
    kind, args = describe(action)
    if kind == "play":
        return f"play {args['card']}"
    return f"{'take' if kind == 'take' else 'put on'} pile {args['pile'] + 1}"


_ACTION_BY_NAME = {action_name(a): a for a in range(NUM_ACTIONS)}


def parse_action(text) -> int:
    """The action id of a name ``action_name`` writes; PositionError if none."""
    if not isinstance(text, str) or text.strip() not in _ACTION_BY_NAME:
        raise PositionError(f"{checks.shown(text)} is not a Nin Jan action "
                            "(e.g. 'play 7 Paper', 'take pile 2', 'put on pile 1')")
    return _ACTION_BY_NAME[text.strip()]
