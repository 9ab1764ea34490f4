"""One numbered option of a Ninjato decision (a card to draw, a step of a
play, Banzai or retreat, a treasure to pay...); a click chooses it."""
from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message
from textual.widgets import Static


class OptionLine(Static):
    @dataclass
    class Clicked(Message):
        index: int

    def __init__(self, index: int) -> None:
        super().__init__("", classes="nto-option", id=f"nto-option-{index + 1}")
        self.index = index

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.index))
