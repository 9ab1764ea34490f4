"""San, Ni, Ichi!, 3-6 players: ninjas spar with elements and weapons.  Every
round everyone plays a card at once; from the lowest number up, each card
starts or tops a sparring pile (Fire beats Wood, Wood Water, Water Fire) or
does what its weapon does (Block, Tonfa, Sai, Shuriken, Zen Attack); then the
pile showing the highest number becomes its owner's damage, unless a Smoke
Bomb dodges it.  Least damage after seven rounds wins, alone or (at 4 or 6)
as a team of partners sitting opposite.

Rulebook ``seeds/000``, rulings ``rules/san_ni_ichi.md``; the rules as
implemented, with every ruling marked, in ``docs/rules/san_ni_ichi.md``.

- ``rules.pxd``: the state, one C struct, and the numbers it is played by;
  ``rules.pyx``: the deal, every move, the heuristic policy, the cut-off
  evaluation and the C table the search walks, all ``nogil``.
- ``position.pyx``: the state as a position file's named fields, checked.
- ``views.pyx``: what a seat sees, the round's steps, the scores, the teams.
- ``notation.pyx``: cards and actions as data, and their names.
- ``text.py``: a position as one seat sees it, in a text a person writes.

>>> from ninja_dojo.engine import GAMES
>>> GAMES["san_ni_ichi"].title
'San, Ni, Ichi!'
"""
from ninja_dojo.engine.game_type import GameType
# The game's Python face, under the names every game's package gives it.
from ninja_dojo.engine.san_ni_ichi.notation import (NUM_ACTIONS, action_name, card_name, describe,
                                                    parse_action, parse_card, step_text)
from ninja_dojo.engine.san_ni_ichi.position import fields, from_fields
from ninja_dojo.engine.san_ni_ichi.rules import (EVALUATION, NAME, OPTIONS, PLAYERS, SEARCH_SETTINGS,
                                                TITLE, definition, new_state)
from ninja_dojo.engine.san_ni_ichi.views import scores, steps, team_of, view
from ninja_dojo.engine.san_ni_ichi import text

#: What the project knows of San, Ni, Ichi! before a deal: every registry reads it.
GAME = GameType(
    name=NAME, title=TITLE, players=PLAYERS, simultaneous=True,
    definition=definition, new_state=new_state, fields=fields, from_fields=from_fields,
    view=view, steps=steps, scores=scores,
    describe=describe, action_name=action_name, parse_action=parse_action,
    num_actions=NUM_ACTIONS, options=OPTIONS, team_of=team_of,
    evaluation=EVALUATION, search_settings=SEARCH_SETTINGS, text=text,
)
