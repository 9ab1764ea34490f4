"""San, Ni, Ichi! in the app: the board (``board.py``, its step-by-step
display ``story.py``, its cards ``cards.py``), how its moves and steps read
(``words.py``), its stylesheet (``san_ni_ichi.tcss``)."""
from pathlib import Path

from ninja_dojo.tui.games.san_ni_ichi.board import SanNiIchiBoard

BOARD = SanNiIchiBoard
CSS_PATH = Path(__file__).with_name("san_ni_ichi.tcss")
