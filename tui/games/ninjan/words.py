"""How Nin Jan's moves and steps read, written from the fields the engine
gives them (``Action.kind`` / ``Action.args``, each step's ``kind``), never
from an action's name.

>>> from ninja_dojo.engine import new_game
>>> s = new_game("ninjan", players=2, seed=1)
>>> action_words(s.action(25)), action_words(s.action(49))
('4 Paper', 'take pile 2')
>>> step_words({"kind": "put", "seat": 1, "card": "3 Rock", "pile": 0}, ["You", "Kaede"])
'Kaede plays 3 Rock, beats no top card and puts it on pile 1'
"""
from __future__ import annotations

from ninja_dojo.engine import Action
from ninja_dojo.engine.ninjan.notation import card_parts


def card_value(card: str) -> int:
    return card_parts(card)[0]


def points(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _verb(name: str, verb: str) -> str:
    """'You play' but 'Hanzo plays'."""
    return f"{name} {verb}" if name == "You" else f"{name} {verb}s"


def _play(args: dict) -> str:
    return args["card"]


def _take(args: dict) -> str:
    return f"take pile {args['pile'] + 1}"


def _put(args: dict) -> str:
    return f"put on pile {args['pile'] + 1}"


#: the words of each kind of action the engine describes (``notation.KINDS``)
ACTION_WORDS = {"play": _play, "take": _take, "put": _put}


def action_words(action: Action) -> str:
    """A move as the board lists it: the card to play, or the pile to take
    or put the card on."""
    return ACTION_WORDS[action.kind](action.args)


def pile_verb(action: Action) -> str:
    """``take`` or ``put on``: what picking a pile does."""
    return "take" if action.kind == "take" else "put on"


def _took(step: dict, names: list[str], pile_cards: list[str] | None) -> str:
    who = names[step["seat"]]
    taken = step["taken"]
    if pile_cards is not None and sorted(pile_cards) == sorted(taken):
        taken = pile_cards
    gain = sum(card_value(c) for c in taken)
    take = "take" if who == "You" else "takes"
    return (f"{_verb(who, 'play')} {step['card']}, {take} pile {step['pile'] + 1}: "
            f"{', '.join(taken)} ({points(gain)})")


def _put_step(step: dict, names: list[str], pile_cards: list[str] | None) -> str:
    who = names[step["seat"]]
    you = who == "You"
    return (f"{_verb(who, 'play')} {step['card']}, {'beat' if you else 'beats'} no top card "
            f"and {'put' if you else 'puts'} it on pile {step['pile'] + 1}")


#: the words of each kind of step the engine logs (``views.steps``)
STEP_WORDS = {"take": _took, "put": _put_step}


def step_words(step: dict, names: list[str], pile_cards: list[str] | None = None) -> str:
    """``West plays 7 Paper, takes pile 3: 8 Rock (+8)``; ``pile_cards`` gives
    the taken pile bottom to top (else the cards are listed by suit)."""
    return STEP_WORDS[step["kind"]](step, names, pile_cards)
