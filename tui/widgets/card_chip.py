"""One card of the player's hand, the same widget for every game's board."""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.message import Message
from textual.widgets import Static


class CardChip(Static):
    """One card of the hand, titled with its key; a click picks it.

    The board gives the card's face (its text) and a style class (a suit, an
    element, a card name); the chip keeps to redrawing only what changed.
    In a compact hand (``tui.widgets.hand``) the chip is one line: its key,
    then the face's lines side by side.
    """

    @dataclass
    class Clicked(Message):
        index: int

    def __init__(self, index: int, *, base: str = "chip", prefix: str = "") -> None:
        super().__init__("", classes=f"{base} card-chip", id=f"{prefix}card-{index + 1}")
        self.index = index
        self.base = base
        self.card: str | None = None
        self.compact = False
        self._face: Text | None = None
        self._active = False
        self._shown: Text | None = None

    def show(self, card: str | None, face: Text | None = None, style: str = "", *,
             cursor: bool = False, active: bool = False) -> None:
        """Show ``card`` (``None`` hides the chip); ``active``: it can be picked now."""
        self.card = card
        if self.display != (card is not None):
            self.display = card is not None
        if card is None:
            return
        self._face, self._active = face, active
        classes = {self.base, "card-chip", style} | ({"-cursor"} if cursor else set()) \
            | (set() if active else {"-idle"})
        classes.discard("")
        if set(self.classes) != classes:
            self.set_classes(classes)
        self._draw()

    def set_compact(self, compact: bool) -> None:
        if compact != self.compact:
            self.compact = compact
            self._draw()

    def _draw(self) -> None:
        key = str(self.index + 1) if self._active else ""
        if self.compact:
            title = ""
            face = Text(f"{key:>1} ", style="bold")
            for i, line in enumerate((self._face or Text()).split("\n")):
                if i:
                    face.append(" ")
                face.append_text(line)
        else:
            title, face = key, self._face
        if self.border_title != title:
            self.border_title = title
        if face != self._shown:
            self._shown = face
            self.update(face if face is not None else "")

    def on_click(self) -> None:
        if self.card is not None:
            self.post_message(self.Clicked(self.index))
