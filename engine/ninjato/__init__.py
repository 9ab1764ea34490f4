"""Ninjato, 2-4 players: seven turns of thieving.  In turn order each player
places a shuriken (three a turn) and carries its action out: draw Dojo cards,
learn a Sensei tile, attack a clan house (build plays of Dojo cards and
tiles against its Guards, Banzai for more treasure or retreat with it), buy
an Envoy at the Palace or a Rumor at the Pavilion; clans are scored after
turns 3, 5 and 7, Rumors, unspent treasure and Elites at the end.

Rulebook ``seeds/004``, component data and rulings ``rules/ninjato.md``; the
rules as implemented, every chosen number marked, in ``docs/rules/ninjato.md``.

- ``rules.pxd``: the state, one C struct, and its constants; ``rules.pyx``:
  the numbers the game is played by (one table at its top), the deal, every
  step of a turn, the card counter, the determinization, the rollout policy,
  the evaluation and the C table the search walks, all ``nogil``.
- ``position.pyx``: the state as a position file's named fields, checked.
- ``views.pyx``: what a seat sees, this turn's steps, the scores, and what
  the board shows next to a decision.
- ``notation.pyx``: actions as data, and their names; the cards' names.
- ``text.py``: a position as one seat sees it, in a text a person writes.

>>> from ninja_dojo.engine import GAMES
>>> GAMES["ninjato"].title, GAMES["ninjato"].players
('Ninjato', (2, 4))
"""
from ninja_dojo.engine.game_type import GameType
from ninja_dojo.engine.ninjato import notation, text
# The game's Python face, under the names every game's package gives it, and
# the tables the app and the tests read.
from ninja_dojo.engine.ninjato.notation import (action_name, cost_text, describe, elite_card, elite_text,
                                                guard_card, guard_text, parse_action, token_text)
from ninja_dojo.engine.ninjato.position import fields, from_fields
from ninja_dojo.engine.ninjato.rules import (CLANS, EVALUATION, NAME, OPTIONS, PLAYERS, SEARCH_SETTINGS, SENSEI,
                                             STYLES, TITLE, TREASURES, definition, new_state)
from ninja_dojo.engine.ninjato.views import scores, steps, view

#: What the project knows of Ninjato before a deal: every registry reads it
#: (engine/game_type.py).
GAME = GameType(
    name=NAME, title=TITLE, players=PLAYERS, simultaneous=False,
    definition=definition, new_state=new_state, fields=fields, from_fields=from_fields,
    view=view, steps=steps, scores=scores,
    describe=describe, action_name=action_name, parse_action=parse_action,
    num_actions=notation.NUM_ACTIONS, options=OPTIONS,
    evaluation=EVALUATION, search_settings=SEARCH_SETTINGS, text=text,
)
