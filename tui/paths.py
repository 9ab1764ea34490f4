"""Where the app keeps its files: the user's data folder, as ``platformdirs``
names it for this system (``~/.local/share/ninja-dojo`` on Linux), never the
current directory.

    saves/       games saved with ``s`` and positions exported with ``e``
    autosave/    every game, written after each decision (Continue reads it)
    decks/       Senjutsu decks built in the app (the deck files the engine reads)
    settings.json

``NINJA_DOJO_HOME`` names another folder for all of it (the tests point it
at a temporary folder, so they never touch the real one).

>>> saves_dir().parent == autosave_dir().parent == data_dir()
True
"""
from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path

APP_NAME = "ninja-dojo"
HOME_VARIABLE = "NINJA_DOJO_HOME"


def data_dir() -> Path:
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home).expanduser()
    return user_data_path(APP_NAME, appauthor=False)


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def decks_dir() -> Path:
    return data_dir() / "decks"


def settings_file() -> Path:
    return data_dir() / "settings.json"


def ensure(folder: Path) -> Path:
    """``folder``, created if missing (``OSError`` if it cannot be)."""
    folder.mkdir(parents=True, exist_ok=True)
    return folder
