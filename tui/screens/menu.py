"""The main menu: continue, new game, load game, settings, rules, quit."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from ninja_dojo.tui.saves import SaveInfo, seats_summary, unfinished_games, unreadable_line
from ninja_dojo.tui.widgets.title_bar import TitleBar

BANNER = """\
 ╔╗╔╦╔╗╔ ╦╔═╗   ╔╦╗╔═╗ ╦╔═╗
 ║║║║║║║ ║╠═╣    ║║║ ║ ║║ ║
 ╝╚╝╩╝╚╝╚╝╩ ╩   ═╩╝╚═╝╚╝╚═╝"""

#: below this many rows the buttons are one line each
SHORT = 30


class MenuScreen(Screen):
    """What to do: every item has a key and a button."""

    BINDINGS = [
        Binding("c", "continue", "Continue", id="menu.continue"),
        Binding("n", "app.new_game", "New game", id="menu.new"),
        Binding("l", "app.load_game", "Load game", id="menu.load"),
        Binding("o", "app.settings", "Settings", id="menu.settings"),
        Binding("question_mark,f1", "app.rules", "Rules", key_display="?", id="menu.rules"),
        Binding("q", "app.quit", "Quit", id="menu.quit"),
        Binding("up", "app.focus_previous", "Up", show=False, id="menu.up"),
        Binding("down", "app.focus_next", "Down", show=False, id="menu.down"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.unfinished: SaveInfo | None = None

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Vertical(id="menu-main"):
            yield Static(Text(BANNER, style="bold"), id="banner")
            yield Static("Ninja card games against an ISMCTS AI", id="tagline")
            with Center():
                yield Button("Continue  (c)", id="continue", variant="success")
            yield Static("", id="continue-info")
            with Center():
                yield Button("New game  (n)", id="new", variant="primary")
            with Center():
                yield Button("Load game  (l)", id="load")
            with Center():
                yield Button("Settings  (o)", id="settings")
            with Center():
                yield Button("Rules  (?)", id="rules")
            with Center():
                yield Button("Quit  (q)", id="quit")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_continue()

    def on_screen_resume(self) -> None:
        self.refresh_continue()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.height < SHORT, "-short")

    def refresh_continue(self) -> None:
        """Continue is offered when an unfinished game is autosaved: the
        newest is described, and how many more there are (Continue lists
        them); an autosave that cannot be opened is left out, in one line."""
        games, unreadable = unfinished_games()
        self.unfinished = info = games[0] if games else None
        self.query_one("#continue").parent.display = info is not None
        lines = []
        if info is not None:
            lines.append(f"{info.title} · {info.progress} · {seats_summary(info.seats)} · {info.when}")
        if len(games) > 1:
            more = len(games) - 1
            lines.append(f"and {more} more unfinished game{'s' if more > 1 else ''}: "
                         "c lists them all")
        if unreadable:
            lines.append(unreadable_line(unreadable, why=False))
        line = self.query_one("#continue-info", Static)
        line.display = bool(lines)
        line.update("\n".join(lines))
        if info is not None:
            self.query_one("#continue", Button).focus()
        else:
            self.query_one("#new", Button).focus()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue":
            return self.unfinished is not None      # (hidden, not greyed, when none)
        return True

    def action_continue(self) -> None:
        if self.unfinished is not None:
            self.app.action_continue()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        action = {"continue": "continue", "new": "new_game", "load": "load_game",
                  "settings": "settings", "rules": "rules", "quit": "quit"}
        await self.app.run_action(f"app.{action[event.button.id]}")
