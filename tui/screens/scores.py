"""The score history during a game (``t``)."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ninja_dojo.engine import State
from ninja_dojo.tui.widgets.score_history import score_history_table


class ScoresScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,t,enter,q", "close", "Close", id="scores.close")]

    def __init__(self, state: State, names: list[str]) -> None:
        super().__init__()
        self.state = state.clone()
        self.names = list(names)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="scores-dialog"):
            with VerticalScroll(id="scores-body"):
                yield Static(score_history_table(self.state, self.names), id="score-history")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
