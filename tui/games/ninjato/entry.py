"""What the parts of the Ninjato board draw with: the options of the
decision (``Entry``), the board's size and cursor (``Drawing``), and two
helpers to keep redrawing cheap and lines within the width."""
from __future__ import annotations

from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from ninja_dojo.engine import Action

#: placing a shuriken: houses 1-5 by their number, then the spaces
SPACES = ("Dojo", "Sensei", "Palace", "Pavilion")
SPACE_KEYS = {"Dojo": "6", "Sensei": "7", "Palace": "8", "Pavilion": "9"}
SIDES = ("Strength", "Stealth")
ARROW = {0: "←", 1: "→"}


@dataclass
class Entry:
    """One option of the decision: its key, words and action, and what on
    the board it stands for (a house side, a space)."""

    key: str | None
    label: str
    action: Action
    house: int | None = None
    side: int | None = None
    space: str | None = None


@dataclass
class Drawing:
    """The board as its parts draw it now."""

    names: list[str]
    labels: list[str]
    compact: bool
    #: the board's content width
    width: int
    entries: list[Entry] = field(default_factory=list)
    cursor: int = 0
    #: the keys place a shuriken now
    placing: bool = False
    #: what the step-by-step display highlights ({"seat": 2, "house": 0})
    focus: dict = field(default_factory=dict)

    def on(self, i: int) -> bool:
        return i == self.cursor


def put(widget: Static, content, key=None) -> None:
    """Update only when the content changed (each update costs a layout);
    ``key`` stands for content that has no cheap equality (a table), which
    may then be given as a function, built only when it is drawn."""
    if key is None:
        key = content.plain + str(content.spans) if isinstance(content, Text) else repr(content)
    if getattr(widget, "_nto_shown", None) != key:
        widget._nto_shown = key
        widget.update(content() if callable(content) else content)


def fit(variants: list[Text], width: int) -> Text:
    """The first of ``variants`` (most to least wordy) that fits ``width``."""
    for t in variants:
        if cell_len(t.plain) <= width:
            return t
    return variants[-1]


def cell(text: Text | str, width: int) -> Text:
    """``text`` cut or padded to exactly ``width`` columns."""
    t = (text if isinstance(text, Text) else Text(text)).copy()
    t.truncate(width, overflow="ellipsis")
    t.pad_right(width - cell_len(t.plain))
    return t
