"""Senjutsu in the app: the board (``board.py``: the hex field ``field.py``
drawn on ``hex_field.py``, the samurai consoles ``consoles.py``, the card
panel ``card.py``, the step-by-step display ``story.py``), how its moves
and steps read (``words.py``), its stylesheet (``senjutsu.tcss``)."""
from pathlib import Path

from ninja_dojo.tui.games.senjutsu.board import SenjutsuBoard

BOARD = SenjutsuBoard
CSS_PATH = Path(__file__).with_name("senjutsu.tcss")
