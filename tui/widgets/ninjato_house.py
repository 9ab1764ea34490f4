"""One clan house of the Ninjato board: a line of the houses table; a click
on its Strength or Stealth side places the shuriken there (when the board
offers it)."""
from __future__ import annotations

from dataclasses import dataclass

from textual.events import Click
from textual.message import Message
from textual.widgets import Static


class HouseRow(Static):
    """House ``house`` (0-4).  The board draws the line and tells the row
    where its side cells begin (``sides``: the x of the Strength cell and of
    the Stealth cell), so that a click knows which side it meant."""

    @dataclass
    class Clicked(Message):
        house: int
        #: 0 Strength, 1 Stealth, None: the house itself (its first side offered)
        side: int | None

    def __init__(self, house: int) -> None:
        super().__init__("", classes="nto-house", id=f"nto-house-{house + 1}")
        self.house = house
        self.sides: tuple[int, int] = (0, 0)

    def on_click(self, event: Click) -> None:
        strength, stealth = self.sides
        side = None
        if stealth and event.x >= stealth:
            side = 1
        elif strength and event.x >= strength:
            side = 0
        self.post_message(self.Clicked(self.house, side))
