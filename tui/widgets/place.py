"""A place on a board that a click picks: a pile, a player's row, a row of
the table, an option line, a space of a house.  Every board has some; this
is the one widget they all are.

A place stands for something of the game (``place``: a pile's index, a
seat, ``"front"``, an option's index, a space's name) and posts
``Clicked(place)``.  Each kind of place names its own message, so that a
board handles ``on_pile_row_clicked``, ``on_seat_row_clicked``... as
Textual names handlers after the widget:

    class PileRow(Place):
        class Clicked(Place.Clicked):
            "A pile was clicked (``place``: its index from 0)."
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.message import Message
from textual.widgets import Static


class Place(Static):
    """A place on a board standing for ``place``; a click posts ``Clicked``."""

    @dataclass
    class Clicked(Message):
        place: Any

    def __init__(self, place: Any, *, classes: str = "", id: str | None = None) -> None:
        super().__init__("", classes=classes, id=id)
        self.place = place

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.place))
