"""Which board widget shows which game.  A new game plugs in here: write its
``Board`` subclass in ``tui/widgets/<game>_board.py`` and list it below."""
from __future__ import annotations

from ninja_dojo import engine
from ninja_dojo.tui.widgets.board import Board
from ninja_dojo.tui.widgets.ninjan_board import NinJanBoard
from ninja_dojo.tui.widgets.ninjato_board import NinjatoBoard
from ninja_dojo.tui.widgets.pride_of_ninja_board import PrideOfNinjaBoard
from ninja_dojo.tui.widgets.san_ni_ichi_board import SanNiIchiBoard
from ninja_dojo.tui.widgets.senjutsu_board import SenjutsuBoard

BOARDS: dict[str, type[Board]] = {
    NinJanBoard.GAME: NinJanBoard,
    NinjatoBoard.GAME: NinjatoBoard,
    PrideOfNinjaBoard.GAME: PrideOfNinjaBoard,
    SanNiIchiBoard.GAME: SanNiIchiBoard,
    SenjutsuBoard.GAME: SenjutsuBoard,
}


def playable_games() -> list[tuple[str, str]]:
    """``(name, title)`` of the games the app can show, in engine order."""
    out = []
    for name in engine.GAMES:
        if name in BOARDS:
            out.append((name, engine.GAMES[name].title))
    return out


def board_class(game: str) -> type[Board]:
    try:
        return BOARDS[game]
    except KeyError:
        raise engine.PositionError(f"the app has no board for the game {game!r} yet") from None
