"""The recap of a round: the cards revealed, what each did and what it
scored, on screen until a key (or, as the settings say, for a few seconds)."""
from __future__ import annotations

import time

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static


class RecapScreen(ModalScreen[str | None]):
    """Dismisses with ``None`` (go on) or ``"scores"`` (show the history)."""

    BINDINGS = [
        Binding("enter,space,escape", "go_on", "Go on", id="recap.go-on"),
        Binding("t", "scores", "Scores", id="recap.scores"),
    ]

    def __init__(self, title: str, body: RenderableType, *, seconds: float = 0,
                 last: bool = False, round_word: str = "round") -> None:
        super().__init__()
        self.round_word = round_word
        self.title_text = title
        self.body = body
        self.seconds = seconds
        self.last = last

    def compose(self) -> ComposeResult:
        then = "the result" if self.last else f"the next {self.round_word}"
        if self.seconds:
            help_ = f"On to {then} in {self.seconds:g} s · enter: now · t: score history"
        else:
            help_ = f"enter: on to {then} · t: score history"
        with Vertical(classes="dialog", id="recap-dialog"):
            yield Static(Text(f"{self.title_text}: what happened", style="bold"), classes="title")
            with VerticalScroll(id="recap-body"):
                yield Static(self.body, id="recap-text")
            yield Static(Text(help_, style="dim"), id="recap-help")
        yield Footer()

    def on_mount(self) -> None:
        #: when the recap appeared (its timer counts from here)
        self.opened = time.monotonic()
        if self.seconds:
            self.set_timer(self.seconds, self.action_go_on)

    def action_go_on(self) -> None:
        if self.is_current:
            self.dismiss(None)

    def action_scores(self) -> None:
        self.dismiss("scores")
