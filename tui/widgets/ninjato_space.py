"""One space of the Ninjato board that is not a house (the Dojo, the
Sensei, the Palace, the Pavilion): a line with what is on offer there; a
click places the shuriken there (when the board offers it)."""
from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message
from textual.widgets import Static


class SpaceRow(Static):
    @dataclass
    class Clicked(Message):
        space: str

    def __init__(self, space: str) -> None:
        super().__init__("", classes="nto-space", id=f"nto-space-{space.lower()}")
        self.space = space

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.space))
