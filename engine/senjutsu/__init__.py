"""Senjutsu: Battle for Japan (beta V4), 2-4 players: samurai duel on a hex
field.  Each round everyone chooses a card in secret; the cards then act in
initiative order, segment by segment (steps, rotations, attacks over a grid
of hexes, blocks, counters, draws and discards, instants that replace or
join a card); wounds and bleeding wounds take health, and the last samurai
standing wins.

Rulebook ``seeds/003``, card data and rulings ``rules/senjutsu.md``; the
rules as implemented in ``docs/rules/senjutsu.md``.

- ``data/senjutsu.txt``: every card, samurai, kamae tree, start zone and
  terrain; ``cards.py`` parses it (one grammar for every card's actions) and
  compiles the actions to node tables; ``decks.py``: the preset decks, the
  deck-building rules and deck files.
- ``rules.pxd``: the state, its C structs, the numbers, action ids and log
  events; ``rules.pyx``: the tables loaded from the data, the interpreter
  that runs every card, the rounds, the determinization, the rollout policy,
  the cut-off evaluation and the C table the search walks, all ``nogil``;
  the deal and the options.
- ``position.pyx``: the state as a position file's named fields, checked.
- ``views.pyx``: what a seat sees, the round's steps, the scores, each
  card's data in words.
- ``notation.pyx``: actions as data, and their names.
- ``text.py``: a position as one seat sees it, in a text a person writes.

>>> from ninja_dojo.engine import GAMES
>>> GAMES["senjutsu"].title
'Senjutsu'
"""
from ninja_dojo.engine.game_type import GameType
from ninja_dojo.engine.senjutsu import text
# The game's Python face, under the names every game's package gives it, and
# the tables the app and the tests read.
from ninja_dojo.engine.senjutsu.notation import (ACTION_NAMES, NUM_ACTIONS, action_name, describe, parse_action,
                                                 samurai_name)
from ninja_dojo.engine.senjutsu.position import fields, from_fields
from ninja_dojo.engine.senjutsu.rules import (CARD_IDS, CARD_NAMES, CARDS, COMPASS, EVALUATION, HEXES, KAMAE,
                                              KAMAE_NAMES, NAME, OPTIONS, PLAYERS, PRESET_NAMES, ROUND_LIMIT,
                                              SAMURAI, SAMURAI_KEYS, SEARCH_SETTINGS, TERRAINS, TITLE, definition,
                                              hex_text, invariant_broken, new_state, random_games, settle_options)
from ninja_dojo.engine.senjutsu.views import card_info, scores, steps, view

#: What the project knows of Senjutsu before a deal: every registry reads it.
GAME = GameType(
    name=NAME, title=TITLE, players=PLAYERS, simultaneous=True,
    definition=definition, new_state=new_state, fields=fields, from_fields=from_fields,
    view=view, steps=steps, scores=scores,
    describe=describe, action_name=action_name, parse_action=parse_action,
    num_actions=NUM_ACTIONS, options=OPTIONS, settle_options=settle_options,
    evaluation=EVALUATION, search_settings=SEARCH_SETTINGS, text=text,
)
