"""Where the documents of a game are: package data first, then the repository.

Two documents for each game: its how-to-play (``docs/how-to-play/<game>.md``,
how a friend teaches it at the table) and its rulings (``docs/rules/<game>.md``,
every point settled).  An installed copy has them in ``tui/how-to-play/`` and
``tui/rules/`` (setup.py copies them there); a checkout has them in ``docs/``
next to the package.

>>> text, where = rules_markdown("no-such-game")
>>> text is None and len(where) == 2
True
>>> text, where = how_to_play_markdown("ninjan")
>>> text.startswith("# How to play Nin Jan") and where[0].parent.name == "how-to-play"
True
"""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent

def how_to_play_paths(game: str) -> list[Path]:
    return [PACKAGE / "how-to-play" / f"{game}.md",
            PACKAGE.parent / "docs" / "how-to-play" / f"{game}.md"]


def rules_paths(game: str) -> list[Path]:
    return [PACKAGE / "rules" / f"{game}.md",
            PACKAGE.parent / "docs" / "rules" / f"{game}.md"]


def first_readable(paths: list[Path]) -> tuple[str | None, list[Path]]:
    """The text of the first of ``paths`` that can be read (or ``None``), and ``paths``."""
    for p in paths:
        try:
            return p.read_text(encoding="utf-8"), paths
        except (OSError, UnicodeDecodeError):
            continue
    return None, paths


def rules_markdown(game: str) -> tuple[str | None, list[Path]]:
    """The rulings (or ``None``) and the places looked at."""
    return first_readable(rules_paths(game))


def how_to_play_markdown(game: str) -> tuple[str | None, list[Path]]:
    """The how-to-play (or ``None``) and the places looked at."""
    return first_readable(how_to_play_paths(game))
