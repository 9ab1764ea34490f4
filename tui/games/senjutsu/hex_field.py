"""A field of flat-top hexes drawn in text, for boards on a hex grid.

Hexes are named by axial coordinates ``(q, r)`` (with ``s = -q - r``), the
grid a flat-top hex board uses: ``q`` grows to the right, ``r`` down and to
the left, north is up.  Each hex is one cell of text; a column of hexes
(one ``q``) stands half a hex lower than the column to its left, as a
flat-top hex board does, so each cell's six neighbours are the cells above
and below it and the four beside it half a row up or down::

    >>> text = render_field({(0, 0): Mark("A")}, radius=1, width=3)
    >>> print(text.plain)
        ·
     ·     ·
        A
     ·     ·
        ·

The field knows only where hexes go; what a hex shows (a samurai and its
facing, terrain, an attacked or protected hex, a key to step there) is the
board's business, given as a ``Mark`` per hex.  A click on a hex posts
``HexField.Clicked`` with its coordinates.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from rich.cells import cell_len
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

Hex = tuple[int, int]

#: an arrow per absolute facing, clockwise from north (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW)
ARROWS = "↑↗↘↓↙↖"


@dataclass(frozen=True)
class Mark:
    """What one hex shows: a few characters and their style."""

    text: str = "·"
    style: str = ""


def hexes(radius: int) -> list[Hex]:
    """Every hex within ``radius`` of the centre, column by column.

    >>> len(hexes(3)), hexes(1)[:3]
    (37, [(-1, 0), (-1, 1), (0, -1)])
    """
    return [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if max(abs(q), abs(r), abs(q + r)) <= radius]


def position(h: Hex, radius: int, width: int) -> tuple[int, int]:
    """The (column, row) of the centre of hex ``h``'s cell in the drawing.

    A hex is two rows below its north neighbour, and its neighbours beside
    it sit one row up or down; columns of hexes are spaced so that two cells
    on one row (two columns apart) keep a gap between them.

    >>> position((0, -3), 3, 5), position((0, 3), 3, 5), position((3, 0), 3, 5)
    ((14, 0), (14, 12), (26, 9))
    """
    q, r = h
    step = (width + 1) // 2 + 1
    return (q + radius) * step + width // 2, 2 * r + q + 2 * radius


def size(radius: int, width: int) -> tuple[int, int]:
    """The drawing's (columns, rows)."""
    col, _ = position((radius, 0), radius, width)
    return col + width - width // 2, 4 * radius + 1


def hex_at(x: int, y: int, radius: int, width: int) -> Hex | None:
    """The hex whose cell covers character ``(x, y)`` of the drawing, if any.

    >>> hex_at(14, 0, 3, 5), hex_at(26, 9, 3, 5), hex_at(0, 0, 3, 5)
    ((0, -3), (3, 0), None)
    """
    for h in hexes(radius):
        cx, cy = position(h, radius, width)
        if cy == y and cx - width // 2 <= x < cx - width // 2 + width:
            return h
    return None


def render_field(marks: Mapping[Hex, Mark], radius: int = 3, width: int = 5,
                 empty: Mark = Mark("·", "dim")) -> Text:
    """The field as text: each hex's mark (``empty`` where none), centred in
    a cell ``width`` characters wide, styled over the whole cell."""
    cols, rows = size(radius, width)
    lines = [Text(" " * cols) for _ in range(rows)]
    for h in hexes(radius):
        mark = marks.get(h, empty)
        cx, cy = position(h, radius, width)
        shown = mark.text
        while cell_len(shown) > width:
            shown = shown[:-1]
        pad = width - cell_len(shown)
        cell = " " * (pad // 2) + shown + " " * (pad - pad // 2)
        start = cx - width // 2
        line = lines[cy]
        plain = line.plain
        line.plain = plain[:start] + cell + plain[start + width:]
        if mark.style:
            line.stylize(mark.style, start, start + width)
    for line in lines:
        line.rstrip()
    return Text("\n").join(lines)


class HexField(Widget):
    """A hex field as a widget: ``show(marks)`` draws it, a click on a hex
    posts ``Clicked``."""

    DEFAULT_CSS = """
    HexField { width: auto; height: auto; }
    """

    @dataclass
    class Clicked(Message):
        field: "HexField"
        hex: Hex

        @property
        def control(self) -> "HexField":
            return self.field

    def __init__(self, radius: int = 3, width: int = 5, **kw) -> None:
        super().__init__(**kw)
        self.radius = radius
        self.cell_width = width
        self.marks: dict[Hex, Mark] = {}

    def show(self, marks: Mapping[Hex, Mark]) -> None:
        self.marks = dict(marks)
        self.refresh(layout=True)

    def render(self) -> Text:
        return render_field(self.marks, self.radius, self.cell_width)

    def get_content_width(self, container, viewport) -> int:
        return size(self.radius, self.cell_width)[0]

    def get_content_height(self, container, viewport, width: int) -> int:
        return size(self.radius, self.cell_width)[1]

    def on_click(self, event: Click) -> None:
        h = hex_at(event.x, event.y, self.radius, self.cell_width)
        if h is not None:
            self.post_message(self.Clicked(self, h))
