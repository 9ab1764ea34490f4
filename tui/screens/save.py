"""Save a game, or export the position for ``solver analyse``.

Both write the same msgpack position file, atomically (engine.codec.save):
the old file or the new one, never half of either.  An export also writes,
for the games that have them, the position as the seat to decide knows it
(``X.toml``) and the game so far as it saw it (``X-record.toml``), the
text forms of docs/positions.md.  In the app served in a
browser (``dojo serve``) the file is a name in the saves folder, never a
path (``tui.paths.name_in``); at the terminal it is any path.
"""
from __future__ import annotations

import os
import shlex
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Static

from ninja_dojo import engine
from ninja_dojo.engine import State
from ninja_dojo.tui.paths import name_in, shown_path
from ninja_dojo.tui.screens.short_form import FitsShortTerminal


def default_name(state: State, kind: str = "save") -> str:
    v = state.view(-1)
    where = f"r{v['round']}" if "round" in v else f"m{len(state.history)}"
    return f"{state.name}-{state.seed}-{where}{'-position' if kind == 'export' else ''}.msgpack"


def normalise(text: str, folder: Path | None = None) -> Path:
    """The file a typed path names: ``~`` expanded, relative to ``folder``,
    ``.msgpack`` added to a bare name.

    >>> str(normalise("game", Path("/saves")))
    '/saves/game.msgpack'
    """
    path = Path(os.path.expanduser(text.strip()))
    if folder is not None and not path.is_absolute():
        path = folder / path
    if not path.suffix and not path.is_dir():
        path = path.with_suffix(".msgpack")
    return path


def analyse_command(path: Path, seat: int | None) -> str:
    """The command that analyses ``seat``'s decision (``seat`` counts from 0;
    the command line counts seats from 1, as the board does)."""
    cmd = f"solver analyse {shlex.quote(str(path))}"
    if seat is not None:
        cmd += f" --player {seat + 1}"
    return cmd


class SaveScreen(FitsShortTerminal, ModalScreen[Path | None]):
    """Dismisses with the path written, or ``None``."""

    BINDINGS = [Binding("escape", "close", "Cancel", id="save.cancel")]

    def __init__(self, state: State, *, export: bool = False, seat: int | None = None,
                 folder: Path | None = None, seats: tuple[str, ...] | None = None,
                 served: bool = False) -> None:
        """``served``: the app is served in a browser: a name in ``folder`` only."""
        super().__init__()
        self.served = served
        self.state = state.clone()
        #: who sits where ("human" or an AI level), kept in the file so that
        #: loading it seats everyone as before
        self.seats = seats
        self.export = export
        self.seat = seat
        self.folder = folder or Path.cwd()
        self.written: Path | None = None

    def compose(self) -> ComposeResult:
        title = "Export the position for the solver" if self.export else "Save the game"
        start = self.folder / default_name(self.state, "export" if self.export else "save")
        with Vertical(classes="dialog", id="save-dialog"):
            yield Static(title, classes="title")
            if self.served:
                yield Static(Text("File name (in the saves folder; an existing file is replaced):"),
                             classes="help")
                yield Input(start.name, id="path")
            else:
                # The folder on a line of its own, the field a name: at 80
                # columns a whole path in the field would show only its end.
                yield Static(Text(f"Folder: {shown_path(self.folder)}"), classes="help",
                             id="save-folder")
                yield Static(Text("File name (msgpack), or a path elsewhere; an existing file is "
                                  "replaced:"), classes="help")
                yield Input(start.name, id="path")
            yield Static("", id="save-message")
            with Horizontal(classes="buttons"):
                yield Button("Export" if self.export else "Save", id="write", variant="primary")
                yield Button("Cancel", id="cancel")

        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.written is None:
            self.write()
        else:
            self.action_close()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "write" and self.written is None:
            self.write()
        else:
            self.action_close()

    def write(self) -> None:
        message = self.query_one("#save-message", Static)
        text = self.query_one("#path", Input).value
        if not text.strip():
            message.update(Text("Type a file name.", style="bold red"))
            return
        if self.served:
            try:
                path = name_in(self.folder, text)
            except engine.PositionError as e:
                message.update(Text(f"{e}. Nothing was written.", style="bold red"))
                return
        else:
            path = normalise(text, self.folder)
        if path.is_dir():
            message.update(Text(f"{path} is a folder: add a file name.", style="bold red"))
            return
        try:
            # Never write a file that cannot be read back.
            back = engine.loads_game(engine.dumps(self.state, self.seats))
            if back.state != self.state or back.seats != self.seats:
                raise engine.PositionError("the position does not read back the same")
        except engine.PositionError as e:
            message.update(Text(f"This position cannot be saved: {e}. Nothing was written.",
                                style="bold red"))
            return
        try:
            if path.parent == self.folder:
                self.folder.mkdir(parents=True, exist_ok=True)   # the saves folder, at first use
            engine.save(self.state, path, self.seats)
        except (OSError, engine.PositionError) as e:
            reason = getattr(e, "strerror", None) or str(e)
            message.update(Text(f"Could not write {path}: {reason}. Nothing was saved.",
                                style="bold red"))
            return
        self.written = path
        if not self.export:
            self.dismiss(path)
            return
        cmd = analyse_command(path, self.seat)
        texts = self.write_texts(path)
        beside = [part for what, p in texts for part in ((f"\n{what}: ", ""), (p.name, "bold"))]
        message.update(Text.assemble(("Written. Analyse it with:\n", ""), (cmd, "bold green"), *beside))
        self.query_one("#write", Button).display = False
        self.query_one("#cancel", Button).label = "Close"
        self.query_one("#cancel", Button).focus()
        self.command = cmd

    def write_texts(self, path: Path) -> list[tuple[str, Path]]:
        """Beside an exported position, what the seat to decide knows as a
        position text, and the game so far as it saw it as a record text
        (docs/positions.md), for the games that have them: what was written."""
        from ninja_dojo.engine.codec import write_atomically
        from ninja_dojo.engine.position_text import text_of
        from ninja_dojo.engine.record_text import record_of, records_read

        game = self.state.game
        if self.seat is None or game.text is None:
            return []
        out = [("As text", path.with_suffix(".toml"), text_of(self.state, self.seat))]
        if records_read(game) and self.state.history and self.state.seed is not None:
            out.append(("The game as you saw it", path.with_name(path.stem + "-record.toml"),
                        record_of(self.state, self.seat)))
        written = []
        for what, target, text in out:
            try:
                write_atomically(target, text.encode())
            except OSError:
                continue        # (the position itself is written; the texts are a convenience)
            written.append((what, target))
        return written

    def action_close(self) -> None:
        self.dismiss(self.written)
