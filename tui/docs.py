"""Where the rules of a game are: package data first, then the repository.

An installed copy has ``tui/rules/<game>.md`` (setup.py copies ``docs/rules``
there); a checkout has ``docs/rules/<game>.md`` next to the package.

>>> text, where = rules_markdown("no-such-game")
>>> text is None and len(where) == 2
True
"""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def rules_paths(game: str) -> list[Path]:
    return [PACKAGE / "rules" / f"{game}.md",
            PACKAGE.parent / "docs" / "rules" / f"{game}.md"]


def rules_markdown(game: str) -> tuple[str | None, list[Path]]:
    """The rules text (or ``None``) and the places looked at."""
    paths = rules_paths(game)
    for p in paths:
        try:
            return p.read_text(encoding="utf-8"), paths
        except (OSError, UnicodeDecodeError):
            continue
    return None, paths
