"""The main menu: new game, load game, rules, quit."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Static

BANNER = """\
 ╔╗╔╦╔╗╔ ╦╔═╗   ╔╦╗╔═╗ ╦╔═╗
 ║║║║║║║ ║╠═╣    ║║║ ║ ║║ ║
 ╝╚╝╩╝╚╝╚╝╩ ╩   ═╩╝╚═╝╚╝╚═╝"""


class MenuScreen(Screen):
    """What to do: every item has a key and a button."""

    BINDINGS = [
        Binding("n", "app.new_game", "New game", id="menu.new"),
        Binding("l", "app.load_game", "Load game", id="menu.load"),
        Binding("r", "app.rules", "Rules", id="menu.rules"),
        Binding("q", "app.quit", "Quit", id="menu.quit"),
        Binding("up", "app.focus_previous", "Up", show=False, id="menu.up"),
        Binding("down", "app.focus_next", "Down", show=False, id="menu.down"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="menu-main"):
            yield Static(Text(BANNER, style="bold"), id="banner")
            yield Static("Ninja card games against an ISMCTS AI", id="tagline")
            with Center():
                yield Button("New game  (n)", id="new", variant="primary")
            with Center():
                yield Button("Load game  (l)", id="load")
            with Center():
                yield Button("Rules  (r)", id="rules")
            with Center():
                yield Button("Quit  (q)", id="quit")
        yield Footer()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        action = {"new": "new_game", "load": "load_game", "rules": "rules", "quit": "quit"}
        await self.app.run_action(f"app.{action[event.button.id]}")
