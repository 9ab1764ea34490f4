"""One numbered option of a Senjutsu decision (a card, a step, a rotation,
a target, an initiative...); a click chooses it."""
from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message
from textual.widgets import Static


class OptionLine(Static):
    @dataclass
    class Clicked(Message):
        index: int

    def __init__(self, index: int) -> None:
        super().__init__("", classes="sj-option", id=f"sj-option-{index + 1}")
        self.index = index

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.index))
