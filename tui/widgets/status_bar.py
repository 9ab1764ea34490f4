"""One line under the board: whose choice it is, and the AI's progress."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class StatusBar(Static):
    def __init__(self, **kw) -> None:
        super().__init__("", **kw)
        self.message = ""
        self.thinking: str | None = None
        self._tick = 0

    def set_message(self, message: str) -> None:
        self.message = message
        self._draw()

    def set_thinking(self, text: str | None) -> None:
        """``None`` when no AI is thinking; else e.g. "Hanzo thinking: 1,200"."""
        self.thinking = text
        self._tick += 1
        self._draw()

    def _draw(self) -> None:
        t = Text(self.message)
        if self.thinking:
            if self.message:
                t.append("   ")
            t.append(f"{SPINNER[self._tick % len(SPINNER)]} {self.thinking}", style="bold yellow")
        self.update(t)
