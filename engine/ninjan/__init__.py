"""Nin Jan, 2-5 players: rock-paper-scissors with numbers.  Everyone plays a
card at once; from the highest value down, each card takes the pile whose top
card it beats (with its points, good or bad), or joins one; most points after
nine rounds wins.

Rulebook ``seeds/002``, rulings ``rules/ninjan.md``; the rules as implemented,
with every ruling marked, in ``docs/rules/ninjan.md``.

- ``rules.pxd``: the state, one C struct; ``rules.pyx``: the deal, every move,
  the heuristic policy and the C table the search walks, all ``nogil``.
- ``position.pyx``: the state as a position file's named fields, checked.
- ``views.pyx``: what a seat sees, the round's steps, the scores.
- ``notation.py``: actions and cards as data, and their names.
- ``text.py``: a position as one seat sees it, in a text a person writes.

>>> from ninja_dojo.engine import GAMES
>>> GAMES["ninjan"].title
'Nin Jan'
"""
from ninja_dojo.engine.game_type import GameType
from ninja_dojo.engine.ninjan import notation, text
# The game's Python face, under the names every game's package gives it.
from ninja_dojo.engine.ninjan.notation import action_name, card_name, describe, parse_action, parse_card
from ninja_dojo.engine.ninjan.position import fields, from_fields
from ninja_dojo.engine.ninjan.rules import NAME, OPTIONS, PLAYERS, TITLE, definition, new_state
from ninja_dojo.engine.ninjan.views import scores, steps, view

#: What the project knows of Nin Jan before a deal: every registry reads it.
GAME = GameType(
    name=NAME, title=TITLE, players=PLAYERS, simultaneous=True,
    definition=definition, new_state=new_state, fields=fields, from_fields=from_fields,
    view=view, steps=steps, scores=scores,
    describe=describe, action_name=action_name, parse_action=parse_action,
    num_actions=notation.NUM_ACTIONS, options=OPTIONS, text=text,
)
