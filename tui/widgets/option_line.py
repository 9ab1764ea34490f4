"""One numbered option of a decision, for the boards that list a decision's
options as lines: San, Ni, Ichi!'s weapons and targets, a step of a Ninjato
play, a Senjutsu card, step or rotation. A click chooses it."""
from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message
from textual.widgets import Static


class OptionLine(Static):
    """The option at ``index`` (0-based). Its id is ``{prefix}option-{index + 1}``,
    so that a test or a click can name it; every game's lines share one style
    (``.option-line`` in ``dojo.tcss``)."""

    @dataclass
    class Clicked(Message):
        index: int

    def __init__(self, index: int, prefix: str) -> None:
        super().__init__("", classes=f"option-line {prefix}option", id=f"{prefix}option-{index + 1}")
        self.index = index

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.index))
