"""The story of the game, round by round."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog


class GameLog(RichLog, can_focus=False):
    """A log that only the game writes to."""

    def __init__(self, **kw) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=2000, **kw)
        self.lines_written: list[str] = []

    def say(self, line: str, style: str = "") -> None:
        self.lines_written.append(line)
        self.write(Text(line, style=style))

    def heading(self, line: str) -> None:
        self.say(f"── {line} ──", style="bold")
