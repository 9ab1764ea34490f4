"""The hand of the seat at the keyboard: a row of cards, or, on a small
terminal, a grid of one-line cards so that a whole hand always shows."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Container

from ninja_dojo.tui.widgets.card_chip import CardChip


class Hand(Container):
    """``size`` chips (``CardChip``); ``cell`` is the width a compact card needs."""

    def __init__(self, size: int, *, base: str = "chip", prefix: str = "", cell: int = 14,
                 **kw) -> None:
        super().__init__(**kw)
        self.add_class("hand")
        self.size_ = size
        self.base = base
        self.prefix = prefix
        self.cell = cell
        self.compact = False

    def compose(self) -> ComposeResult:
        for i in range(self.size_):
            yield CardChip(i, base=self.base, prefix=self.prefix)

    @property
    def chips(self) -> list[CardChip]:
        return list(self.query(CardChip))

    def set_compact(self, compact: bool) -> None:
        if compact != self.compact:
            self.compact = compact
            self.set_class(compact, "-compact")
            for chip in self.chips:
                chip.set_compact(compact)
        self._columns()

    def on_resize(self) -> None:
        self._columns()

    def _columns(self) -> None:
        if not self.compact:
            return
        width = self.size.width or self.parent.size.width if self.parent else 0
        columns = max(1, (width + 1) // (self.cell + 1)) if width else 4
        if self.styles.grid_size_columns != columns:
            self.styles.grid_size_columns = columns
