"""Ninjato in the app: the board (``board.py``) and its parts (the houses
``house.py``, the spaces ``space.py``, the players ``seats.py``, the attack
or purchase in progress ``action.py``, an option's key and place
``entry.py``), a move told step by step and the recap (``story.py``), how
its actions and steps read (``words.py``), its stylesheet
(``ninjato.tcss``)."""
from pathlib import Path

from ninja_dojo.tui.games.ninjato.board import NinjatoBoard

BOARD = NinjatoBoard
CSS_PATH = Path(__file__).with_name("ninjato.tcss")
