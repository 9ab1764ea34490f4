"""Load a saved game: type a path or pick one of the files found here.

The file is read and checked completely (engine.codec) before anything
changes; a bad file gives one message and the game in progress stays.
"""
from __future__ import annotations

import os
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

import engine
from engine import State
from tui.match import Seat, load_match
from tui.screens.save import normalise

MAX_LISTED = 30


def saved_files(folder: Path) -> list[Path]:
    try:
        files = [p for p in folder.iterdir() if p.suffix == ".msgpack" and p.is_file()]
    except OSError:
        return []
    files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return files[:MAX_LISTED]


class LoadScreen(ModalScreen[tuple[State, tuple[Seat, ...] | None] | None]):
    """Dismisses with the loaded game and its seats (``tui.match.load_match``), or ``None``."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="load.cancel")]

    def __init__(self, folder: Path | None = None) -> None:
        super().__init__()
        self.folder = folder or Path.cwd()
        self.error: str | None = None

    def compose(self) -> ComposeResult:
        files = saved_files(self.folder)
        with Vertical(classes="dialog", id="load-dialog"):
            yield Static("Load a game", classes="title")
            yield Static(Text(f"File (relative to {self.folder}):"), classes="help")
            yield Input(str(files[0]) if files else str(self.folder) + os.sep, id="path")
            if files:
                yield Static(Text(f"Saved games in {self.folder}:"), classes="help")
                yield OptionList(*[Option(p.name, id=str(p)) for p in files], id="files")
            else:
                yield Static(Text(f"No .msgpack files in {self.folder}."), classes="help")
            yield Static("", id="load-message")
            with Horizontal(classes="buttons"):
                yield Button("Load", id="load", variant="primary")
                yield Button("Cancel", id="cancel")

        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.query_one("#path", Input).value = event.option.id or ""

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#path", Input).value = event.option.id or ""
        self.load()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.load()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "load":
            self.load()
        else:
            self.action_cancel()

    def load(self) -> None:
        text = self.query_one("#path", Input).value
        message = self.query_one("#load-message", Static)
        if not text.strip():
            message.update(Text("Type the file to load.", style="bold red"))
            return
        typed = Path(os.path.expanduser(text.strip()))
        if not typed.is_absolute():
            typed = self.folder / typed
        path = typed if typed.exists() else normalise(text, self.folder)
        try:
            game = load_match(path)
        except engine.PositionError as e:
            self.error = f"Cannot load {path.name}: {e}"
            message.update(Text(self.error + "\nNothing was changed.", style="bold red"))
            return
        self.dismiss(game)

    def action_cancel(self) -> None:
        self.dismiss(None)
