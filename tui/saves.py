"""Saved games on disk: the autosave of the game being played, and the list
the load screen and the menu's Continue read.

Every game in the app is written to ``autosave/`` after each decision
(atomically, by ``engine.save``: the old file or the new, never half), so
quitting, a closed terminal or a crash loses nothing; Continue offers every
game that is not finished, newest first (each process, a terminal's or one
a browser opened with ``dojo serve``, writes its games to files of their
own, so one never replaces another's).  A file's description (game, seats,
round, finished or not) is read from the file itself.
"""
from __future__ import annotations

import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from ninja_dojo import engine
from ninja_dojo.engine import PositionError, State
from ninja_dojo.tui.paths import autosave_dir, ensure, saves_dir, within

#: autosaves kept; beyond that the oldest finished games go first
MAX_AUTOSAVES = 40


def seats_summary(kinds: tuple[str, ...] | None) -> str:
    """Who sat at the table, briefly.

    >>> seats_summary(("human", "medium", "medium"))
    'you vs 2 AI (medium)'
    >>> seats_summary(("human", "human", "hard", "novice"))
    '2 people, 2 AI (hard, novice)'
    >>> seats_summary(None)
    'seats not saved'
    """
    if kinds is None:
        return "seats not saved"
    humans = sum(k == "human" for k in kinds)
    ais = [k for k in kinds if k != "human"]
    levels = ", ".join(dict.fromkeys(ais))
    ai = f"{len(ais)} AI ({levels})" if ais else ""
    if humans == 1:
        return f"you vs {ai}" if ai else "you alone"
    people = f"{humans} people" if humans else ""
    return ", ".join(p for p in (people, ai) if p)


@dataclass(frozen=True)
class SaveInfo:
    """What the load screen says of one file."""

    path: Path
    modified: float
    autosave: bool
    title: str = ""
    game: str = ""
    players: int = 0
    seats: tuple[str, ...] | None = None
    progress: str = ""
    finished: bool = False
    #: why the file cannot be opened (None: it can)
    error: str | None = None

    @property
    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))

    def line(self) -> str:
        """``Nin Jan · 4 players, you vs 3 AI (medium) · round 3/9 · 2025-05-01 14:02``."""
        if self.error:
            return f"{self.path.name} · cannot be opened: {self.error}"
        state = "finished" if self.finished else self.progress
        kind = " · autosave" if self.autosave else ""
        return (f"{self.title} · {self.players} players, {seats_summary(self.seats)} · "
                f"{state} · {self.when}{kind}")


def progress_text(state: State) -> str:
    """Where a game stands, in the board's words (``round 3/9``)."""
    from ninja_dojo.tui.boards import board_class
    try:
        board = board_class(state.name)
    except PositionError:
        return f"move {len(state.history)}"
    return board.progress(state.view(-1), len(state.history))


#: descriptions already read, by file and version (the menu describes every
#: autosave each time it shows; a file is read again only once it changed)
_DESCRIBED: dict[tuple, SaveInfo] = {}
_DESCRIBED_LIMIT = 256


def describe(path: Path) -> SaveInfo:
    """A file's description; a file that cannot be loaded says why."""
    path = Path(path)
    try:
        st = path.stat()
        modified, version = st.st_mtime, (st.st_ino, st.st_mtime_ns, st.st_size)
    except OSError:
        modified, version = 0.0, None
    auto = path.parent == autosave_dir()
    key = (path, auto, version)
    if version is not None and key in _DESCRIBED:
        return _DESCRIBED[key]
    try:
        saved = engine.load_game(path)
    except PositionError as e:
        info = SaveInfo(path, modified, auto, error=str(e))
    else:
        s = saved.state
        info = SaveInfo(path, modified, auto, title=s.game.title, game=s.name, players=s.players,
                        seats=saved.seats, progress=progress_text(s), finished=s.is_terminal())
    if version is not None:
        if len(_DESCRIBED) >= _DESCRIBED_LIMIT:
            _DESCRIBED.clear()
        _DESCRIBED[key] = info
    return info


def position_files(folder: Path) -> list[Path]:
    """The position files of ``folder``: regular files, none a link that
    leads out of it (the served app lists this folder to whoever has its link)."""
    try:
        return [p for p in folder.iterdir() if p.suffix == ".msgpack" and p.is_file()
                and not p.name.startswith(".") and _inside(p, folder)]
    except OSError:
        return []


def _inside(path: Path, folder: Path) -> bool:
    try:
        within(path, [folder])
    except PositionError:
        return False
    return True


def list_saves(folders: list[Path] | None = None, limit: int = 60) -> list[SaveInfo]:
    """The saved games of ``folders`` (default: saves and autosaves), newest first."""
    folders = folders if folders is not None else [saves_dir(), autosave_dir()]
    files: dict[Path, None] = {}
    for folder in folders:
        for p in position_files(folder):
            files.setdefault(p.resolve(), None)
    newest = sorted(files, key=_mtime, reverse=True)[:limit]
    return [describe(p) for p in newest]


def latest_unfinished() -> SaveInfo | None:
    """The newest autosave of a game that is not over."""
    games, _ = unfinished_games()
    return games[0] if games else None


def unfinished_games() -> tuple[list[SaveInfo], list[SaveInfo]]:
    """Every autosaved game that is not over, newest first (Continue offers
    them all: a game started in the browser, ``dojo serve``, is autosaved
    beside the terminal's), and the autosaves that cannot be opened (a
    damaged file is left out of the list, never a reason to stop)."""
    games, unreadable = [], []
    for p in sorted(position_files(autosave_dir()), key=_mtime, reverse=True):
        info = describe(p)
        if info.error is not None:
            unreadable.append(info)
        elif not info.finished:
            games.append(info)
    return games, unreadable


def unreadable_line(unreadable: list[SaveInfo], why: bool = True) -> str:
    """One line for the autosaves left out because they cannot be opened:
    with the first one's name and reason (``why``), or short (the menu's
    line at 80 columns; the load screen lists each with its reason).

    >>> from pathlib import Path
    >>> bad = [SaveInfo(Path(n), 0, True, error="not a position file (empty)") for n in ("a", "b")]
    >>> unreadable_line(bad[:1])
    'Left out: a, which cannot be opened: not a position file (empty).'
    >>> unreadable_line(bad)
    'Left out: 2 autosaves that cannot be opened (a: not a position file (empty)).'
    >>> unreadable_line(bad, why=False)
    'Left out: 2 autosaves that cannot be opened (Load game says why).'
    """
    if not unreadable:
        return ""
    n, first = len(unreadable), unreadable[0]
    if why and n == 1:
        return f"Left out: {first.path.name}, which cannot be opened: {first.error}."
    count = f"{n} autosave{'s' if n > 1 else ''} that cannot be opened"
    return (f"Left out: {count} ({first.path.name}: {first.error})." if why
            else f"Left out: {count} (Load game says why).")


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return 0.0


class Autosave:
    """The autosave file of one game in the app."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        #: the last write's error (None: the file holds the game as it stands)
        self.error: str | None = None

    @classmethod
    def for_game(cls, state: State, opened_from: Path | None = None) -> "Autosave":
        """The autosave of a new game, or of a game opened from a file: an
        autosave goes on in its own file, a saved game gets a new one (the
        player's save is only written when they save)."""
        if opened_from is not None and Path(opened_from).resolve().parent == autosave_dir().resolve():
            return cls(Path(opened_from))
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return cls(autosave_dir() / f"{state.name}-{stamp}-{uuid.uuid4().hex[:6]}.msgpack")

    def write(self, state: State, seats: tuple[str, ...], review=None) -> str | None:
        """Write the game as it stands (with its ``review``, if any); the
        reason when it could not be written (the previous autosave is then
        still whole)."""
        try:
            ensure(self.path.parent)
            engine.save(state, self.path, seats, review)
        except (OSError, PositionError) as e:
            self.error = f"{self.path}: {getattr(e, 'strerror', None) or e}"
            return self.error
        self.error = None
        return None


def prune(keep: int = MAX_AUTOSAVES, spare: Path | None = None) -> None:
    """Keep at most ``keep`` autosaves: the oldest finished games go first,
    then the oldest others; ``spare`` (the game being played) stays."""
    files = position_files(autosave_dir())
    if len(files) <= keep:
        return
    spare = spare.resolve() if spare else None

    def order(p: Path):
        info_finished = _is_finished(p)
        return (not info_finished, _mtime(p))
    for p in sorted(files, key=order)[:len(files) - keep]:
        if p.resolve() != spare:
            try:
                os.unlink(p)
            except OSError:
                pass


def _is_finished(p: Path) -> bool:
    try:
        return engine.load(p).is_terminal()
    except PositionError:
        return True     # unreadable: of no use to anyone
