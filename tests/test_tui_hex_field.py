"""The hex field draws every hex where a flat-top board has it, and a click
names the hex under the pointer."""
from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from ninja_dojo.tui.games.senjutsu.hex_field import HexField, Mark, hex_at, hexes, position, render_field, size

# Axial neighbours, clockwise from north (the order of the arrows).
DIRECTIONS = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]


@pytest.mark.parametrize("radius,width", [(1, 3), (2, 3), (3, 5), (3, 7)])
def test_every_hex_is_found_where_it_is_drawn(radius, width):
    cols, rows = size(radius, width)
    seen = set()
    for h in hexes(radius):
        x, y = position(h, radius, width)
        assert 0 <= y < rows and 0 <= x - width // 2 and x - width // 2 + width <= cols
        for dx in range(width):
            assert hex_at(x - width // 2 + dx, y, radius, width) == h
        seen.add((x, y))
    assert len(seen) == len(hexes(radius)) == 1 + 3 * radius * (radius + 1)


def test_neighbours_sit_where_the_six_directions_point():
    # North is straight up two rows; the others one row up or down, beside it.
    expected = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)]
    x0, y0 = position((0, 0), 3, 5)
    for (dq, dr), (sx, sy) in zip(DIRECTIONS, expected):
        x, y = position((dq, dr), 3, 5)
        assert (x - x0 > 0) - (x - x0 < 0) == sx and y - y0 == sy


def test_cells_on_one_row_keep_apart():
    for width in (3, 5, 7):
        rows = {}
        for h in hexes(3):
            x, y = position(h, 3, width)
            rows.setdefault(y, []).append(x)
        for xs in rows.values():
            xs.sort()
            assert all(b - a > width for a, b in zip(xs, xs[1:]))


def test_a_mark_longer_than_its_cell_is_cut_and_styled_over_the_cell():
    text = render_field({(0, 0): Mark("ABCDEFG", "bold")}, radius=1, width=3)
    line = text.plain.split("\n")[2]
    assert line.strip() == "ABC"
    assert any(span.style == "bold" for span in text.spans)


class FieldApp(App):
    def __init__(self):
        super().__init__()
        self.clicked = []

    def compose(self) -> ComposeResult:
        yield HexField(radius=3, width=5, id="field")

    def on_hex_field_clicked(self, event: HexField.Clicked) -> None:
        self.clicked.append(event.hex)


async def test_a_click_names_the_hex_under_the_pointer():
    app = FieldApp()
    async with app.run_test(size=(40, 16)) as pilot:
        field = app.query_one(HexField)
        assert (field.size.width, field.size.height) == size(3, 5)
        x, y = position((2, -1), 3, 5)
        await pilot.click("#field", offset=(x, y))
        await pilot.click("#field", offset=(0, 0))      # between hexes: nothing
        await pilot.pause()
    assert app.clicked == [(2, -1)]
