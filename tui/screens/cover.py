"""Hot seat: hide the board while the keyboard passes to the next person."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class CoverScreen(Screen[None]):
    """Opaque: nothing of the board shows through."""

    BINDINGS = [Binding("enter,space", "ready", "I am ready", id="cover.ready")]

    def __init__(self, name: str, seat: int) -> None:
        super().__init__()
        self.who = name
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(Text.assemble(
                    ("Pass the keyboard to ", ""), (self.who, "bold"), (f" (seat {self.seat + 1})", ""),
                    ("\n\nOnly they should look now. Press ", ""), ("enter", "bold"),
                    (" when ready.", "")), id="cover")

    def action_ready(self) -> None:
        self.dismiss(None)
