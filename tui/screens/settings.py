"""The settings: how a number key chooses, the take-back time, the round
recap, the step pause.  A change is kept at once (``tui.settings``)."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Label, Static

from ninja_dojo.tui.settings import CHOICES, HELP, LABELS, Settings, value_label
from ninja_dojo.tui.widgets.choice import Choice


class SettingsScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q", "close", "Back", id="settings.back"),
        Binding("up", "app.focus_previous", "Up", show=False, id="settings.up"),
        Binding("down", "app.focus_next", "Down", show=False, id="settings.down"),
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="settings-main"):
            yield Static("Settings", classes="title")
            for key, values in CHOICES.items():
                with Horizontal(classes="row", id=f"setting-row-{key}"):
                    yield Label(LABELS[key], classes="label")
                    yield Choice([(value_label(key, v), v) for v in sorted(values)],
                                 getattr(self.settings, key), id=f"setting-{key}")
            yield Static("", id="setting-help")
            yield Static("", id="settings-message")
            yield Static("←/→ change a value · ↑/↓ move · escape goes back (changes are kept)",
                         classes="help")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Settings"
        self.query(Choice).first().focus()

    def on_descendant_focus(self, event) -> None:
        key = (event.widget.id or "").removeprefix("setting-")
        if key in HELP:
            self.query_one("#setting-help", Static).update(Text(HELP[key], style="dim"))

    def on_choice_changed(self, event: Choice.Changed) -> None:
        key = (event.choice.id or "").removeprefix("setting-")
        if key not in CHOICES:
            return
        self.settings = self.settings.with_(**{key: event.value})
        problem = self.app.change_settings(self.settings)
        self.query_one("#settings-message", Static).update(
            Text(problem, style="bold red") if problem else "")

    def action_close(self) -> None:
        self.dismiss(None)
