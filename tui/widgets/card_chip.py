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
    """

    @dataclass
    class Clicked(Message):
        index: int

    def __init__(self, index: int, *, base: str = "chip", prefix: str = "") -> None:
        super().__init__("", classes=base, id=f"{prefix}card-{index + 1}")
        self.index = index
        self.base = base
        self.card: str | None = None
        self._shown: Text | None = None

    def show(self, card: str | None, face: Text | None = None, style: str = "", *,
             cursor: bool = False, active: bool = False) -> None:
        """Show ``card`` (``None`` hides the chip); ``active``: it can be picked now."""
        self.card = card
        if self.display != (card is not None):
            self.display = card is not None
        if card is None:
            return
        title = str(self.index + 1) if active else ""
        if self.border_title != title:
            self.border_title = title
        classes = {self.base, style} | ({"-cursor"} if cursor else set()) \
            | (set() if active else {"-idle"})
        classes.discard("")
        if set(self.classes) != classes:
            self.set_classes(classes)
        if face != self._shown:
            self._shown = face
            self.update(face)

    def on_click(self) -> None:
        if self.card is not None:
            self.post_message(self.Clicked(self.index))
