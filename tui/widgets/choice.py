"""A one-line picker: ← and → (or a click) cycle through the values.

Friendlier at a keyboard than a drop-down for short lists such as the number
of players or a seat's strength.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

T = TypeVar("T")


class Choice(Widget, Generic[T], can_focus=True):
    BINDINGS = [
        Binding("left", "step(-1)", "Previous", show=False, id="choice.previous"),
        Binding("right", "step(1)", "Next", show=False, id="choice.next"),
    ]

    index: reactive[int] = reactive(0)

    @dataclass
    class Changed(Message):
        choice: "Choice"
        value: object

        @property
        def control(self) -> "Choice":
            return self.choice

    def __init__(self, options: list[tuple[str, T]], value: T | None = None, **kw) -> None:
        super().__init__(**kw)
        self.options = list(options)
        values = [v for _, v in self.options]
        self.set_reactive(Choice.index, values.index(value) if value in values else 0)

    @property
    def value(self) -> T:
        return self.options[self.index][1]

    @value.setter
    def value(self, value: T) -> None:
        values = [v for _, v in self.options]
        self.index = values.index(value)

    @property
    def label(self) -> str:
        return self.options[self.index][0]

    def render(self) -> Text:
        return Text.assemble(("◀ ", "dim"), (self.label, "bold"), (" ▶", "dim"))

    def action_step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)

    def on_click(self, event: Click) -> None:
        self.focus()
        self.action_step(-1 if event.x < 2 else 1)

    def watch_index(self, old: int, new: int) -> None:
        if old != new:
            self.post_message(self.Changed(self, self.value))
