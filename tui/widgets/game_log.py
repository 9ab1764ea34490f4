"""The story of the game, round by round."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog


class GameLog(RichLog, can_focus=False):
    """A log that only the game writes to."""

    def __init__(self, **kw) -> None:
        # min_width: wrap at the log's own width even when a hint panel makes
        # it narrow (RichLog's default of 78 columns would cut long lines).
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=2000,
                         min_width=20, **kw)
        self.lines_written: list[str] = []
        self._styled: list[tuple[str, str]] = []
        self._width = 0

    def say(self, line: str, style: str = "") -> None:
        self.lines_written.append(line)
        self._styled.append((line, style))
        self.write(Text(line, style=style))

    def on_resize(self) -> None:
        # RichLog wraps at the width it had when writing: wrap again, once
        # the new size is in place.
        self.call_after_refresh(self._rewrap)

    def _rewrap(self) -> None:
        width = self.scrollable_content_region.width
        if width != self._width and self._styled and width > 0:
            self._width = width
            self.clear()
            for line, style in self._styled:
                self.write(Text(line, style=style))
        # A board whose height changes (e.g. a list of options appears)
        # resizes the log: keep the latest lines in view.
        self.scroll_end(animate=False)

    def heading(self, line: str) -> None:
        self.say(f"── {line} ──", style="bold")
