"""Pride of Ninja, 3-5 players: a draft.  Each round everyone picks a card
from the hand they hold, all at once, and places it in their front row (face
up) or their back row (face down), then passes the rest to the left; when
the hands are empty the rows are turned up and the cards act by initiative,
giving Temporary Points (TP) or Slaying a player (TP back to 0); the TP are
added to the Pride Points (PP), and the first to the goal ends the game.
Two decks, Blue and Red (Red adds Secrecy).

Rulebook ``seeds/001``, rulings ``rules/pride_of_ninja.md``; the rules as
implemented, every chosen number marked, in ``docs/rules/pride_of_ninja.md``.

- ``rules.pxd``: the state, one C struct; ``rules.pyx``: the card table and
  the numbers every ability is played by, the deal, the draft, the
  Resolution Phase, the determinization, the rollout policy and the C table
  the search walks, all ``nogil``.
- ``position.pyx``: the state as a position file's named fields, checked.
- ``views.pyx``: what a seat sees, the last round's resolution step by step,
  the scores.
- ``notation.py``: actions and cards as data, and their names.
- ``text.py``: a position as one seat sees it, in a text a person writes.

>>> from ninja_dojo.engine import GAMES
>>> GAMES["pride_of_ninja"].title
'Pride of Ninja'
"""
from ninja_dojo.engine.game_type import GameType
from ninja_dojo.engine.pride_of_ninja import notation, text
# The game's Python face, under the names every game's package gives it, and
# the card table the app and the tests read.
from ninja_dojo.engine.pride_of_ninja.notation import action_id, action_name, card_name, describe, parse_action
from ninja_dojo.engine.pride_of_ninja.position import fields, from_fields
from ninja_dojo.engine.pride_of_ninja.rules import (CARDS, DECKS, HIDDEN_PICK, NAME, OPTIONS, PLAYERS, TITLE, cards,
                                                    definition, new_state)
from ninja_dojo.engine.pride_of_ninja.views import scores, steps, view

#: What the project knows of Pride of Ninja before a deal: every registry reads it.
GAME = GameType(
    name=NAME, title=TITLE, players=PLAYERS, simultaneous=True,
    definition=definition, new_state=new_state, fields=fields, from_fields=from_fields,
    view=view, steps=steps, scores=scores,
    describe=describe, action_name=action_name, parse_action=parse_action,
    num_actions=notation.NUM_ACTIONS, options=OPTIONS, text=text,
    evaluation=None, search_settings={},
)
