"""Nin Jan in the app: the board (``board.py``), how its moves and steps
read (``words.py``), its stylesheet (``ninjan.tcss``)."""
from pathlib import Path

from ninja_dojo.tui.games.ninjan.board import NinJanBoard

BOARD = NinJanBoard
CSS_PATH = Path(__file__).with_name("ninjan.tcss")
