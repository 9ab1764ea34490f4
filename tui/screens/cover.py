"""Hot seat: hide the board while the keyboard passes to the next person."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class CoverScreen(Screen[str | None]):
    """Opaque: nothing of the board shows through.  Until the next person
    takes the keyboard, the one who just chose may take it back (``u``):
    dismisses with ``"take back"``, else ``None``."""

    BINDINGS = [
        Binding("enter,space", "ready", "I am ready", id="cover.ready"),
        Binding("u,backspace", "take_back", "Take back", id="cover.take-back"),
    ]

    def __init__(self, name: str, seat: int, undo: int | None = None) -> None:
        super().__init__()
        self.who = name
        self.seat = seat
        #: the seat whose choice may still be taken back (None: nobody's)
        self.undo = undo

    def compose(self) -> ComposeResult:
        text = Text.assemble(
            ("Pass the keyboard to ", ""), (self.who, "bold"), (f" (seat {self.seat + 1})", ""),
            ("\n\nOnly they should look now. Press ", ""), ("enter", "bold"),
            (" when ready.", ""))
        if self.undo is not None:
            text.append_text(Text.assemble(
                ("\n\nChose by mistake? Before passing it on, press ", "dim"), ("u", "bold"),
                (" to take your choice back.", "dim")))
        with Middle():
            with Center():
                yield Static(text, id="cover")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return True if self.undo is not None else None
        return True

    def action_ready(self) -> None:
        self.dismiss(None)

    def action_take_back(self) -> None:
        if self.undo is not None:
            self.dismiss("take back")
