"""What the app shows when a bug stops a game: what went wrong, and where the
game was saved so that nothing is lost.

A refusal the app expects (a ``PositionError``: a bad file, an illegal key)
is told where it happens; this screen is for everything else, a defect in
the program, which is shown rather than hidden or played around.
"""
from __future__ import annotations

import traceback
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from ninja_dojo import engine
from ninja_dojo.engine import State
from ninja_dojo.tui.paths import ensure
from ninja_dojo.tui.saves import Autosave
from ninja_dojo.tui.screens.save import default_name


def save_after_fault(state: State, seats: tuple[str, ...], autosave: Autosave | None,
                     folder: Path) -> tuple[Path | None, str | None]:
    """Save ``state`` where the app keeps this game: its autosave (the menu's
    Continue opens it), or for a game without one the save folder under the
    name the save dialog offers; atomically (``engine.save``).  The path, or
    ``None`` and why not."""
    try:
        if autosave is not None:
            problem = autosave.write(state, seats)
            return (None, problem) if problem else (autosave.path, None)
        path = Path(folder) / default_name(state)
        ensure(path.parent)
        engine.save(state, path, seats)
    except Exception as e:  # the save must not hide the bug behind a second one: it is reported
        return None, f"{type(e).__name__}: {e}"
    return path, None


def where(error: BaseException) -> str:
    """The innermost place of the program the error came from, ``file:line in function``."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return "unknown"
    f = frames[-1]
    return f"{Path(f.filename).name}:{f.lineno} in {f.name}"


class FaultScreen(ModalScreen[str]):
    """Dismisses with ``"menu"`` or ``"quit"``."""

    BINDINGS = [
        Binding("m,escape", "leave('menu')", "Menu", id="fault.menu"),
        Binding("q", "leave('quit')", "Quit", id="fault.quit"),
    ]

    def __init__(self, error: BaseException, saved: Path | None, problem: str | None = None) -> None:
        super().__init__()
        self.error = error
        self.saved = saved
        self.problem = problem

    def compose(self) -> ComposeResult:
        if self.saved is not None:
            kept = Text.assemble("The game was saved to ", (str(self.saved), "bold green"),
                                 " (Continue or Load on the menu opens it).")
        else:
            kept = Text(f"The game could not be saved: {self.problem}", style="bold red")
        with Vertical(classes="dialog", id="fault-dialog"):
            yield Static("Something went wrong: a bug in ninja-dojo", classes="title")
            yield Static(Text(f"{type(self.error).__name__}: {self.error}"), id="fault-error")
            yield Static(Text(f"(at {where(self.error)})", style="dim"), classes="help")
            yield Static(kept, id="fault-saved")
            with Horizontal(classes="buttons"):
                yield Button("Menu (m)", id="menu", variant="primary")
                yield Button("Quit (q)", id="quit")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#menu", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_leave(self, choice: str) -> None:
        self.dismiss(choice)
