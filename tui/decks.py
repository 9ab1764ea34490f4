"""Senjutsu decks of the player's own: deck files (``2 Quick Stab`` a line,
the format ``engine.senjutsu.decks`` reads and the game's ``deck`` option
takes) kept in the data folder's ``decks/``.

>>> import tempfile, pathlib
>>> path = save_deck("My Ronin!", {"G04": 40}, "ronin",
...                  pathlib.Path(tempfile.mkdtemp()) / file_name("My Ronin!"))
>>> path.name, load_deck(path).name, load_deck(path).samurai, load_deck(path).counts
('my-ronin.txt', 'My Ronin!', 'ronin', {'G04': 40})
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ninja_dojo.engine import PositionError
from ninja_dojo.engine.checks import shown
from ninja_dojo.engine.codec import write_atomically
from ninja_dojo.engine.files import read_regular
from ninja_dojo.engine.senjutsu.decks import DECK_FILE_LIMIT, deck_text, read_deck_text
from ninja_dojo.tui.paths import decks_dir, ensure, within

#: the first line of a deck file written here: its name and samurai (a comment to the engine)
HEADER = re.compile(r"#\s*deck:\s*(?P<name>.*?)\s*\(for (?P<samurai>\w+)\)\s*$")


@dataclass
class SavedDeck:
    name: str
    path: Path
    samurai: str | None = None
    counts: dict = field(default_factory=dict)
    problems: list = field(default_factory=list)


def file_name(name: str) -> str:
    """A deck's file name from its name: ``My Ronin!`` → ``my-ronin.txt``."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "deck"
    return stem[:40] + ".txt"


def load_deck(path: str | os.PathLike) -> SavedDeck:
    """A deck file read (``PositionError`` in one line if it cannot be: a
    regular file of text, at most ``DECK_FILE_LIMIT`` bytes); its problems
    listed, line by line, as the engine would refuse them."""
    path = Path(path)
    try:
        text = read_regular(path, DECK_FILE_LIMIT, "deck file").decode("utf-8")
    except UnicodeDecodeError:
        raise PositionError(f"{shown(path.name)}: not a text file (UTF-8)") from None
    read = read_deck_text(text)
    name, samurai = path.stem, None
    first = text.splitlines()[0] if text else ""
    m = HEADER.match(first)
    if m:
        name, samurai = m.group("name"), m.group("samurai")
    return SavedDeck(name, path, samurai, read.counts, read.problems)


def saved_decks() -> list[SavedDeck]:
    """The decks in the data folder, by name (unreadable files left out)."""
    folder = decks_dir()
    out = []
    for path in sorted(folder.glob("*.txt")) if folder.is_dir() else ():
        try:
            out.append(load_deck(within(path, [folder])))     # (no link out of the folder)
        except PositionError:
            continue
    return sorted(out, key=lambda d: d.name.lower())


def save_deck(name: str, counts: dict, samurai: str, path: str | os.PathLike | None = None) -> Path:
    """Write the deck atomically (the old file or the new, never half) into
    the decks folder, or to ``path``; ``OSError`` if it cannot be."""
    path = Path(path) if path is not None else ensure(decks_dir()) / file_name(name)
    text = f"# deck: {name} (for {samurai})\n" + deck_text(counts)
    write_atomically(path, text.encode("utf-8"))
    return path
