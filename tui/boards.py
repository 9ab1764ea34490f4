"""Which board widget shows which game.  A game's folder
``tui/games/<game>/`` gives its ``BOARD`` and ``CSS_PATH`` and is found by
the game's name."""
from __future__ import annotations

import importlib
from pathlib import Path

from ninja_dojo import engine
from ninja_dojo.tui.widgets.board import Board


def _game_folder(name: str):
    """The game's package under ``tui/games``, or None."""
    try:
        return importlib.import_module(f"ninja_dojo.tui.games.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"ninja_dojo.tui.games.{name}":
            raise
        return None


_FOLDERS = {name: folder for name in engine.GAMES if (folder := _game_folder(name)) is not None}

BOARDS: dict[str, type[Board]] = {name: folder.BOARD for name, folder in _FOLDERS.items()}


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


def stylesheets() -> list[Path]:
    """Each game's stylesheet from its folder, for the app's ``CSS_PATH``."""
    return [folder.CSS_PATH for folder in _FOLDERS.values() if getattr(folder, "CSS_PATH", None)]
