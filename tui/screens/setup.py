"""New game: the game, how many players, who sits where, the seed."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Static

import engine
from solver.players import LEVELS
from tui.boards import playable_games
from tui.match import DEFAULT_LEVEL, HUMAN, MatchSetup, plan_seats
from tui.widgets.choice import Choice

MAX_SEATS = 5


def level_help() -> str:
    """One line on what each AI level does, from ``solver.players.LEVELS``."""
    parts = []
    for name, player in LEVELS.items():
        config = getattr(player, "config", None)
        if config is None:
            what = "rules of thumb"
        elif config.seconds is not None:
            what = f"searches {config.seconds:g} s"
        else:
            what = f"{config.iterations:,} iterations"
        parts.append(f"{name}: {what}")
    return "AI levels: " + " · ".join(parts)
SEAT_KINDS = [("Human", HUMAN)] + [(f"AI · {name}", name) for name in LEVELS]


class SetupScreen(Screen[MatchSetup | None]):
    """Dismisses with a ``MatchSetup``, or ``None`` when cancelled."""

    BINDINGS = [
        Binding("enter", "start", "Start", priority=False, id="setup.start"),
        Binding("escape", "cancel", "Back", id="setup.back"),
        Binding("up", "app.focus_previous", "Up", show=False, id="setup.up"),
        Binding("down", "app.focus_next", "Down", show=False, id="setup.down"),
    ]

    def __init__(self, previous: MatchSetup | None = None) -> None:
        super().__init__()
        self.previous = previous

    def compose(self) -> ComposeResult:
        prev = self.previous
        games = playable_games()
        game = prev.game if prev and prev.game in dict(games) else games[0][0]
        lo, hi = engine.game_module(game).PLAYERS
        players = prev.players if prev else min(4, hi)
        kinds = [s.kind for s in prev.seats] if prev else [HUMAN] + [DEFAULT_LEVEL] * (MAX_SEATS - 1)
        kinds += [DEFAULT_LEVEL] * (MAX_SEATS - len(kinds))
        yield Header()
        with Vertical(id="setup"):
            yield Static("New game", classes="title")
            with Horizontal(classes="row"):
                yield Label("Game", classes="label")
                yield Choice([(title, name) for name, title in games], game, id="game-choice")
            with Horizontal(classes="row"):
                yield Label("Players", classes="label")
                yield Choice([(str(n), n) for n in range(lo, hi + 1)], players, id="players-choice")
            for i in range(MAX_SEATS):
                with Horizontal(classes="row seat", id=f"seat-row-{i + 1}"):
                    yield Label(f"Seat {i + 1}", classes="label")
                    yield Choice(SEAT_KINDS, kinds[i], id=f"seat-{i + 1}")
            with Horizontal(classes="row"):
                yield Label("Seed", classes="label")
                yield Input(placeholder="empty = random deal", id="seed", restrict=r"[0-9]*",
                            max_length=19)
            yield Static(Text(level_help(), style="dim"), id="setup-levels")
            yield Static("", id="setup-error")
            yield Static("←/→ change a value · ↑/↓ or tab move · enter starts", classes="help")
            with Horizontal(id="setup-buttons"):
                yield Button("Start", id="start", variant="primary")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats()
        self.query_one("#game-choice", Choice).focus()

    def _show_seats(self) -> None:
        n = self.query_one("#players-choice", Choice).value
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-row-{i + 1}").display = i < n

    def on_choice_changed(self, event: Choice.Changed) -> None:
        if event.choice.id == "players-choice":
            self._show_seats()
        elif event.choice.id == "game-choice":
            lo, hi = engine.game_module(event.value).PLAYERS
            players = self.query_one("#players-choice", Choice)
            players.options = [(str(n), n) for n in range(lo, hi + 1)]
            players.index = 0
            players.refresh()
            self._show_seats()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    def setup(self) -> MatchSetup:
        """What the form says; ``PositionError`` when the seed is bad."""
        game = self.query_one("#game-choice", Choice).value
        n = self.query_one("#players-choice", Choice).value
        kinds = [self.query_one(f"#seat-{i + 1}", Choice).value for i in range(n)]
        text = self.query_one("#seed", Input).value.strip()
        seed = None
        if text:
            seed = int(text)
            if seed >= engine.state.SEED_LIMIT:
                raise engine.PositionError(f"seed: at most {engine.state.SEED_LIMIT - 1}")
        return MatchSetup(game, plan_seats(n, kinds), seed)

    def action_start(self) -> None:
        try:
            setup = self.setup()
        except (ValueError, engine.PositionError) as e:
            self.query_one("#setup-error", Static).update(str(e))
            return
        self.dismiss(setup)

    def action_cancel(self) -> None:
        self.dismiss(None)
