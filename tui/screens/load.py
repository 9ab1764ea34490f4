"""Load a saved game: pick one of the games listed (saves and autosaves,
newest first, each with its game, table, round and date) or type a file:
a name in the saves folder (named on its own line above the field), or a
path.

The file is read and checked completely (engine.codec) before anything
changes; a bad file gives one message and the game in progress stays.  In
the app served in a browser (``dojo serve``) a typed file is a name in the
saves folder, never a path (``tui.paths.name_in``).
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

from ninja_dojo import engine
from ninja_dojo.tui.match import load_match
from ninja_dojo.tui.paths import autosave_dir, name_in, shown_path, within
from ninja_dojo.tui.saves import SaveInfo, list_saves, seats_summary
from ninja_dojo.tui.screens.save import normalise
from ninja_dojo.tui.screens.short_form import FitsShortTerminal


def save_option(info: SaveInfo) -> Option:
    """Two lines: the game and where it stands; the table and the file."""
    if info.error:
        prompt = Text.assemble((info.path.name, "bold"), ("\n  cannot be opened: ", "dim"),
                               (info.error, "red"))
        return Option(prompt, id=str(info.path), disabled=True)
    state = Text("finished", style="dim") if info.finished else Text(info.progress, style="green")
    prompt = Text.assemble((info.title, "bold"), " · ", state, f" · {info.when}",
                           (f"\n  {info.players} players, {seats_summary(info.seats)}", "dim"),
                           (" · autosave" if info.autosave else f" · {info.path.name}", "dim"))
    return Option(prompt, id=str(info.path))


class LoadScreen(FitsShortTerminal, ModalScreen[tuple | None]):
    """Dismisses with ``(state, seats, path)`` (``tui.match.load_match``), or ``None``."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="load.cancel")]

    def __init__(self, folder: Path | None = None, served: bool = False) -> None:
        """``served``: the app is served in a browser: the games listed, or a
        name in ``folder``."""
        super().__init__()
        self.folder = folder or Path.cwd()
        self.served = served
        self.error: str | None = None
        #: the listed game last highlighted (the served app shows only its name)
        self.chosen: Path | None = None

    def compose(self) -> ComposeResult:
        saves = list_saves([self.folder, autosave_dir()])
        self.saves = saves
        with Vertical(classes="dialog", id="load-dialog"):
            yield Static("Load a game", classes="title")
            if saves:
                yield OptionList(*[save_option(i) for i in saves], id="files")
            else:
                where = "the saves folder" if self.served else str(self.folder)
                yield Static(Text(f"No saved games yet in {where}."), classes="help")
            if self.served:
                yield Static(Text("Or type the name of a game in the saves folder:"), classes="help")
                yield Input("", id="path")
            else:
                # The folder on a line of its own, the field a name: at 80
                # columns a whole path in the field would show only its end.
                yield Static(Text(self._typing_help()), classes="help", id="load-folder")
                yield Input("", id="path")
            yield Static("", id="load-message")
            with Horizontal(classes="buttons"):
                yield Button("Load", id="load", variant="primary")
                yield Button("Cancel", id="cancel")

        yield Footer()

    def on_mount(self) -> None:
        if self.saves:
            files = self.query_one("#files", OptionList)
            files.focus()
            first = next((i for i, s in enumerate(self.saves) if s.error is None), None)
            if first is not None:
                files.highlighted = first
        else:
            self.query_one("#path", Input).focus()

    def _typing_help(self) -> str:
        return f"Or type a file name in {shown_path(self.folder)}, or a path:"

    def _show_choice(self, option) -> None:
        """The field names the listed game highlighted by its file name, and
        the line above it the folder it is in (the saves or the autosaves)."""
        self.chosen = Path(option.id) if option.id else None
        self.query_one("#path", Input).value = self.chosen.name if self.chosen else ""
        if self.chosen is not None and not self.served:
            self.query_one("#load-folder", Static).update(
                Text(f"The game chosen, in {shown_path(self.chosen.parent)} (or type a file name "
                     f"in {shown_path(self.folder)}, or a path):"))

    def on_input_changed(self, event: Input.Changed) -> None:
        """Once the field no longer names the game chosen, it names a file
        of the folder (or a path)."""
        if event.value != event.input.value:       # (an older change, already overtaken)
            return
        if (self.chosen is not None and not self.served
                and event.value.strip() != self.chosen.name):
            self.chosen = None
            self.query_one("#load-folder", Static).update(Text(self._typing_help()))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_choice(event.option)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._show_choice(event.option)
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
        try:
            path = self._served_file(text) if self.served else self._typed_file(text)
            state, seats = load_match(path)
        except engine.PositionError as e:
            self.error = f"Cannot load: {e}" if self.served else f"Cannot load {path.name}: {e}"
            message.update(Text(self.error + "\nNothing was changed.", style="bold red"))
            return
        self.dismiss((state, seats, path))

    def _typed_file(self, text: str) -> Path:
        """The listed game chosen, or the file typed (relative to the folder)."""
        if self.chosen is not None and text.strip() == self.chosen.name:
            return self.chosen
        typed = Path(os.path.expanduser(text.strip()))
        if not typed.is_absolute():
            typed = self.folder / typed
        return typed if typed.exists() else normalise(text, self.folder)

    def _served_file(self, text: str) -> Path:
        """The listed game chosen, or the game of the saves folder named."""
        if self.chosen is not None and text.strip() == self.chosen.name:
            return within(self.chosen, [self.folder, autosave_dir()])
        return name_in(self.folder, text)

    def action_cancel(self) -> None:
        self.dismiss(None)
