"""``dojo``: ninja card games in the terminal against an ISMCTS AI.

    dojo                      the main menu
    dojo --load game.msgpack  straight into a saved game
    dojo --rules              the rules of Nin Jan
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from textual.app import App
from textual.binding import Binding

import engine
from engine import PositionError, State
from tui.ai import HINT_ITERATIONS
from tui.boards import board_class, playable_games
from tui.match import Match, MatchSetup, Seat, default_seats, load_match
from tui.screens.game import GameScreen
from tui.screens.load import LoadScreen
from tui.screens.menu import MenuScreen
from tui.screens.rules import RulesScreen
from tui.screens.setup import SetupScreen

#: seconds between two steps of a round's resolution
STEP_PAUSE = 0.7


class DojoApp(App):
    CSS_PATH = "dojo.tcss"
    TITLE = "ninja-dojo"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="app.quit")]

    def __init__(self, *, step_pause: float = STEP_PAUSE, hint_iterations: int = HINT_ITERATIONS,
                 folder: Path | str | None = None, load: Path | str | None = None,
                 animate: bool = True, rules: bool = False) -> None:
        super().__init__()
        self.show_rules = rules
        self.step_pause = step_pause
        self.hint_iterations = hint_iterations
        self.folder = Path(folder) if folder else Path.cwd()
        self.to_load = Path(load) if load else None
        self.last_setup: MatchSetup | None = None
        if not animate:
            self.animation_level = "none"

    def get_default_screen(self) -> MenuScreen:
        return MenuScreen()

    def on_mount(self) -> None:
        if self.show_rules:
            self.action_rules()
        if self.to_load is not None:
            try:
                loaded = load_match(self.to_load)
            except PositionError as e:
                self.notify(f"Cannot load {self.to_load}: {e}", severity="error", timeout=10)
            else:
                self.call_later(self.open_state, loaded)

    @property
    def game_screen(self) -> GameScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    # --------------------------------------------------------------- moves
    async def to_menu(self) -> None:
        while len(self.screen_stack) > 1:
            await self.pop_screen()

    async def new_game(self, previous: MatchSetup | None = None) -> None:
        """The setup screen (prefilled with ``previous``), then the game."""
        await self.to_menu()
        self.push_screen(SetupScreen(previous or self.last_setup), callback=self.start_match)

    async def start_match(self, setup: MatchSetup | None) -> None:
        if setup is None:
            return
        self.last_setup = setup
        state = engine.new_game(setup.game, setup.players, setup.seed, **setup.options)
        await self.play(Match(state, setup.seats),
                        MatchSetup(setup.game, setup.seats, None, dict(setup.options)))

    async def play(self, match: Match, setup: MatchSetup | None) -> None:
        await self.to_menu()
        await self.push_screen(GameScreen(match, setup))

    async def open_state(self, loaded: tuple[State, tuple[Seat, ...] | None] | None) -> None:
        """Play a loaded position with the seats its file names; a file
        without them keeps the seats of the game before, when they fit."""
        if loaded is None:
            return
        state, file_seats = loaded
        try:
            board_class(state.name)
        except PositionError as e:
            self.notify(str(e), severity="error")
            return
        current = self.game_screen
        if file_seats is not None:
            seats = file_seats
        elif current is not None and len(current.match.seats) == state.players:
            seats = current.match.seats
        elif self.last_setup is not None and self.last_setup.players == state.players:
            seats = self.last_setup.seats
        else:
            seats = default_seats(state.players)
            self.notify(f"Seat 1 is you; the other seats are played by the AI ({seats[-1].kind}).")
        options = {k: v for k, v in state.options.items() if k != "players"}
        setup = MatchSetup(state.name, seats, None, options)
        await self.play(Match(state, seats), setup)

    # ------------------------------------------------------------- actions
    def action_new_game(self) -> None:
        self.call_later(self.new_game, None)

    def action_load_game(self) -> None:
        self.push_screen(LoadScreen(self.folder), callback=self.open_state)

    def action_rules(self, game: str | None = None) -> None:
        if game is None:
            game = self.last_setup.game if self.last_setup else playable_games()[0][0]
        self.push_screen(RulesScreen(game))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dojo", description=__doc__.split("\n")[0])
    parser.add_argument("--load", metavar="FILE", help="open a saved game (msgpack)")
    parser.add_argument("--rules", action="store_true", help="show the rules of Nin Jan")
    parser.add_argument("--pause", type=float, default=STEP_PAUSE, metavar="SECONDS",
                        help=f"pause between the steps of a round (default {STEP_PAUSE})")
    parser.add_argument("--hint-iterations", type=int, default=HINT_ITERATIONS, metavar="N",
                        help=f"search iterations of a hint (default {HINT_ITERATIONS})")
    args = parser.parse_args(argv)
    if args.pause < 0 or args.hint_iterations < 1:
        parser.error("--pause must be >= 0 and --hint-iterations >= 1")
    if args.load and not Path(args.load).exists():
        parser.error(f"--load: no such file {args.load!r}")
    app = DojoApp(step_pause=args.pause, hint_iterations=args.hint_iterations, load=args.load,
                  rules=args.rules)
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
