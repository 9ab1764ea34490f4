"""Pride of Ninja in the app: the board (``board.py``), how its cards look
and what they do (``cards.py``), how its picks and steps read
(``words.py``), its stylesheet (``pride_of_ninja.tcss``)."""
from pathlib import Path

from ninja_dojo.tui.games.pride_of_ninja.board import PrideOfNinjaBoard

BOARD = PrideOfNinjaBoard
CSS_PATH = Path(__file__).with_name("pride_of_ninja.tcss")
