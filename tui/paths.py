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

The app served in a browser (``dojo serve``) is used by whoever has its
link, who is not the person whose machine runs it: there a file is a name
in one of these folders, never a path (``name_in``), and a file listed or
read there must not lead out of its folder by a symlink (``within``).

>>> name_in(Path("/data/saves"), "game 2")
PosixPath('/data/saves/game 2.msgpack')
>>> name_in(Path("/data/saves"), "../../etc/passwd")
Traceback (most recent call last):
...
ninja_dojo.engine.errors.PositionError: '../../etc/passwd': give a name, not a path: files stay in the saves folder
"""
from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path

from ninja_dojo.engine import PositionError
from ninja_dojo.engine.checks import shown

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


def shown_path(path: Path | str) -> str:
    """A path as a person reads it: the home folder as ``~``.

    >>> shown_path(Path.home() / ".local" / "share" / "ninja-dojo" / "saves")
    '~/.local/share/ninja-dojo/saves'
    >>> shown_path("/srv/games")
    '/srv/games'
    """
    path = Path(path)
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except (ValueError, RuntimeError):     # elsewhere, or no home folder known
        return str(path)


def ensure(folder: Path) -> Path:
    """``folder``, created if missing (``OSError`` if it cannot be)."""
    folder.mkdir(parents=True, exist_ok=True)
    return folder


#: the longest file name the served app takes
NAME_LIMIT = 100


def name_in(folder: Path, text: str, suffix: str = ".msgpack") -> Path:
    """The file of ``folder`` that a name typed in the served app names
    (``suffix`` added to a name without one); ``PositionError`` in one line
    for anything but a plain name (a separator, ``..``, a leading dot, a
    control character), or for a symlink that leads out of ``folder``."""
    name = text.strip()
    if not name:
        raise PositionError("type a file name")
    if ("/" in name or "\\" in name or name.startswith(".") or not name.isprintable()
            or len(name) > NAME_LIMIT):
        raise PositionError(f"{shown(name)}: give a name, not a path: files stay in the "
                            f"{folder.name} folder")
    path = folder / name
    if not path.suffix:
        path = path.with_suffix(suffix)
    return within(path, [folder])


def within(path: Path, folders: list[Path]) -> Path:
    """``path`` if it lies in one of ``folders`` once every symlink is
    followed (a file that does not exist yet: where it would be written);
    ``PositionError`` naming only the file's name otherwise."""
    try:
        real = Path(path).resolve()
        roots = [Path(f).resolve() for f in folders]
    except (OSError, RuntimeError):        # a symlink loop
        raise PositionError(f"{shown(Path(path).name)}: a link that leads nowhere") from None
    if not any(root in real.parents for root in roots):
        raise PositionError(f"{shown(Path(path).name)}: a link to a file outside the "
                            f"{Path(folders[0]).name} folder")
    return Path(path)
