"""One Senjutsu card read in full: its attack or block grid on a small hex
field (the samurai in the middle, drawn facing the way it faces now, or up
the card), its name, initiative, rank, type, and its actions in words,
segment by segment.  The board shows the card in question; the deck
builder the card under its cursor."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ninja_dojo.tui.games.senjutsu.hex_field import render_field, size
from ninja_dojo.tui.games.senjutsu.words import TYPE_STYLES, card_kind, grid_marks, has_grid

#: the grid's field: every cell of a card lies within 2 hexes
GRID_RADIUS = 2
GRID_WIDTH = 3
GRID_SIZE = size(GRID_RADIUS, GRID_WIDTH)


def card_renderable(info: dict | None, facing: int = 0, *, note: str = "",
                    doing: str = "", empty: str = "") -> Table | Text:
    """The card's grid beside its words; ``facing``: draw the grid as the
    samurai faces now (0: up the card, as printed); ``doing``: the action
    being resolved now, underlined in the words; ``note`` a line under them."""
    if info is None:
        return Text(empty, style="dim")
    words = Text()
    words.append(info["name"], style=f"bold {TYPE_STYLES.get(info['type'], '')}")
    words.append(f"  {info['id']}", style="dim")
    words.append("\n")
    words.append_text(card_kind(info))
    segments = info["segments"]
    inits = info["initiatives"]
    for i, seg in enumerate(segments):
        words.append("\n")
        if len(segments) > 1:
            words.append(f"{'▸ at ' + inits[i] if i else 'at ' + inits[0]}: ", style="bold")
        start = len(words.plain)
        words.append(seg)
        if doing and doing in seg:
            at = start + seg.index(doing)
            words.stylize("underline bold", at, at + len(doing))
    if note:
        words.append("\n" + note, style="italic")
    table = Table.grid(padding=(0, 1))
    table.add_column(width=GRID_SIZE[0], no_wrap=True)
    table.add_column(ratio=1)
    if has_grid(info):
        # (the arrow in the middle is the samurai's facing: up the card as printed)
        grid = render_field(grid_marks(info, facing), GRID_RADIUS, GRID_WIDTH)
    else:
        grid = Text(f"{'no grid':^{GRID_SIZE[0]}}", style="dim")
    table.add_row(grid, words)
    return table


class CardPanel(Static):
    """A card in full (see ``card_renderable``)."""

    def show_card(self, info: dict | None, facing: int = 0, **kw) -> None:
        #: the card shown (its ID), None: none
        self.card_id = info["id"] if info else None
        key = (self.card_id, facing, tuple(sorted(kw.items())))
        if key != getattr(self, "_shown", None):
            self._shown = key
            self.update(card_renderable(info, facing, **kw))

