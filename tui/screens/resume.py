"""Continue: every unfinished game, newest first, to pick the one to resume.

The menu's Continue opens the only unfinished game at once; with several
(a game started in a browser with ``dojo serve`` is autosaved beside the
terminal's, and neither replaces the other) it lists them here, each with
its game, where it stands, the table and the time of its last move, the
newest highlighted.  An autosave that cannot be opened is left out, said
in one line under the list.
"""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, OptionList, Static

from ninja_dojo.tui.saves import SaveInfo, unreadable_line
from ninja_dojo.tui.screens.load import save_option
from ninja_dojo.tui.screens.short_form import FitsShortTerminal


class ContinueScreen(FitsShortTerminal, ModalScreen[Path | None]):
    """Dismisses with the autosave to resume, or ``None``."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="continue.cancel")]

    def __init__(self, games: list[SaveInfo], unreadable: list[SaveInfo] | None = None) -> None:
        super().__init__()
        self.games = games
        self.unreadable = unreadable or []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="continue-dialog"):
            yield Static(f"Continue a game ({len(self.games)} unfinished, newest first)",
                         classes="title")
            yield OptionList(*[save_option(i) for i in self.games], id="files")
            if self.unreadable:
                yield Static(Text(unreadable_line(self.unreadable)), classes="help",
                             id="continue-skipped")
            with Horizontal(classes="buttons"):
                yield Button("Continue", id="resume", variant="primary")
                yield Button("Cancel", id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        files = self.query_one("#files", OptionList)
        files.highlighted = 0
        files.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(Path(event.option.id))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "resume":
            files = self.query_one("#files", OptionList)
            if files.highlighted is not None:
                self.dismiss(self.games[files.highlighted].path)
                return
        self.action_cancel()

    def action_cancel(self) -> None:
        self.dismiss(None)
