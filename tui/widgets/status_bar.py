"""One line under the board: whose choice it is, and the AI's progress.

Always one line, at any width: the message is cut with an ellipsis before
it would wrap, and the AI's progress keeps to the right in a few columns.
"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


def short_count(n: int) -> str:
    """``950``, ``12k``, ``1.2M``: iterations in a few columns.

    >>> short_count(950), short_count(12_345), short_count(1_234_567)
    ('950', '12k', '1.2M')
    """
    if n < 1000:
        return str(n)
    if n < 1_000_000:
        return f"{n // 1000}k"
    return f"{n / 1_000_000:.1f}M"


class StatusBar(Horizontal):
    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.message = ""
        self.thinking: str | None = None
        self._tick = 0

    def compose(self) -> ComposeResult:
        yield Static("", id="status-message")
        yield Static("", id="status-thinking")

    def set_message(self, message: str) -> None:
        self.message = message
        if self.is_mounted:
            self.query_one("#status-message", Static).update(Text(message, no_wrap=True,
                                                                   overflow="ellipsis"))

    def set_thinking(self, text: str | None) -> None:
        """``None`` when no AI is thinking; else e.g. "Hanzo 12k"."""
        self.thinking = text
        self._tick += 1
        if not self.is_mounted:
            return
        box = self.query_one("#status-thinking", Static)
        box.display = bool(text)
        if text:
            box.update(Text(f"{SPINNER[self._tick % len(SPINNER)]} {text}", style="bold yellow",
                            no_wrap=True, overflow="ellipsis"))

    def on_mount(self) -> None:
        self.set_message(self.message)
        self.set_thinking(self.thinking)
