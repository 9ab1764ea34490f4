"""The win-chance graph of a reviewed game: one line per seat, drawn in
braille dots (2 × 4 dots a character, so 80 columns hold 150 moves), with
the selected move marked; a click picks the decision under it.

Our own widget rather than textual-plotext: it needs nothing beyond Textual,
fits 80×24 with its axis in 5 columns, and maps a click to a move exactly
(the x of every dot is known here).

>>> chart = WinChart(["You", "Hanzo"])
>>> chart.points = {0: [(0, 0.5), (2, 0.9)], 1: [(1, 0.5), (2, 0.1)]}
>>> chart.moves = 3
>>> lines = chart.lines(12, 4)
>>> len(lines), all(len(line.plain) == 12 for line in lines)
(4, True)
>>> chart.move_at(5), chart.move_at(11)
(0, 2)
"""
from __future__ import annotations

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

#: One colour per seat (up to 6 seats), readable on dark and light themes.
COLOURS = ("bright_green", "bright_magenta", "bright_cyan", "yellow", "bright_red", "bright_blue")
#: braille dot bits: DOTS[row][column], rows from the top of a character
DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))
AXIS = 5   # "100%" and a space


class WinChart(Widget):
    """``points[seat]`` = [(move, win chance)]; ``cursor`` = (move, seat)."""

    can_focus = False

    class Picked(Message):
        """A click chose the decision of ``seat`` at ``move`` (nearest line)."""

        def __init__(self, move: int, y: float) -> None:
            super().__init__()
            self.move = move
            self.y = y

    def __init__(self, names: list[str], **kw) -> None:
        super().__init__(**kw)
        self.names = names
        self.points: dict[int, list[tuple[int, float]]] = {}
        self.moves = 0
        self.cursor: tuple[int, int] | None = None
        self.message = ""

    def set_data(self, points: dict[int, list[tuple[int, float]]], moves: int) -> None:
        self.points, self.moves, self.message = points, moves, ""
        self.refresh()

    def say(self, message: str) -> None:
        self.message = message
        self.refresh()

    def move_cursor(self, move: int, seat: int) -> None:
        self.cursor = (move, seat)
        self.refresh()

    # -------------------------------------------------------------- geometry
    def _x(self, move: int, width: int) -> int:
        """The dot column of ``move`` in a plot ``width`` characters wide."""
        dots = 2 * width
        return 0 if self.moves <= 1 else round(move * (dots - 1) / (self.moves - 1))

    def move_at(self, column: int) -> int:
        """The move whose dots are nearest widget column ``column``."""
        width = max(1, self.size.width - AXIS) if self.size.width else 12 - AXIS
        dot = 2 * (column - AXIS) + 1
        if self.moves <= 1:
            return 0
        move = round(dot * (self.moves - 1) / (2 * width - 1))
        return max(0, min(self.moves - 1, move))

    def lines(self, width: int, height: int) -> list[Text]:
        """The chart as ``height`` lines of ``width`` characters (last line: names)."""
        plot_w, plot_h = max(1, width - AXIS), max(1, height - 1)
        masks = [[0] * plot_w for _ in range(plot_h)]
        owner = [[-1] * plot_w for _ in range(plot_h)]
        dots_h = 4 * plot_h

        def dot(x: int, y: int, seat: int) -> None:
            cx, cy = x // 2, y // 4
            if 0 <= cx < plot_w and 0 <= cy < plot_h:
                masks[cy][cx] |= DOTS[y % 4][x % 2]
                owner[cy][cx] = seat

        for seat, pts in sorted(self.points.items()):
            prev = None
            for move, value in pts:
                x = self._x(move, plot_w)
                y = round((1 - value) * (dots_h - 1))
                if prev is None:
                    dot(x, y, seat)
                else:
                    px, py = prev
                    steps = max(abs(x - px), abs(y - py), 1)
                    for k in range(steps + 1):
                        dot(px + round((x - px) * k / steps), py + round((y - py) * k / steps), seat)
                prev = (x, y)
        cursor_col = self._x(self.cursor[0], plot_w) // 2 if self.cursor and self.moves else None
        out = []
        for row in range(plot_h):
            label = "100%" if row == 0 else ("  0%" if row == plot_h - 1 else
                                             (" 50%" if row == (plot_h - 1) // 2 and plot_h > 2 else ""))
            line = Text(f"{label:>4} ", style="dim")
            for col in range(plot_w):
                m = masks[row][col]
                char = chr(0x2800 + m) if m else " "
                style = COLOURS[owner[row][col] % len(COLOURS)] if m else ""
                if col == cursor_col:
                    style = (style + " " if style else "") + "on grey27"
                    if not m:
                        char = "│" if not self.message else " "
                line.append(char, style=style)
            out.append(line)
        legend = Text(" " * AXIS)
        if self.message:
            legend.append(self.message, style="italic")
        else:
            for seat, name in enumerate(self.names):
                legend.append("━ ", style=COLOURS[seat % len(COLOURS)])
                legend.append(name + "  ")
        legend.truncate(width)
        legend.pad_right(width - legend.cell_len)
        out.append(legend)
        return out

    def render(self) -> Text:
        w, h = self.size.width or 40, self.size.height or 8
        return Text("\n").join(self.lines(w, h))

    def on_click(self, event: Click) -> None:
        if not self.moves or event.x < AXIS:
            return
        plot_h = max(1, self.size.height - 1)
        y = 1 - min(1.0, max(0.0, (event.y + 0.5) / plot_h))
        self.post_message(self.Picked(self.move_at(event.x), y))
