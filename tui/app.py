"""dojo: ninja card games in the terminal against an ISMCTS AI.

    dojo                      the main menu
    dojo --load game.msgpack  straight into a saved game
    dojo --rules [GAME]       how to play (GAME: ninjan, san_ni_ichi, ...), then
                              the rulings; printed when the output is not a terminal
    dojo serve [--host H] [--port P]   the same app in a web browser (behind a token)

Games are saved in the user's data folder (``tui.paths``): every game after
each move, for the menu's Continue (which offers every unfinished game,
newest first); saves and exports by default.
"""
from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path

from textual.app import App
from textual.binding import Binding

from ninja_dojo import engine
from ninja_dojo.engine import PositionError, checks
from ninja_dojo.solver.search import MAX_ITERATIONS
from ninja_dojo.tui.boards import board_class, playable_games, stylesheets
from ninja_dojo.tui.match import Match, MatchSetup, default_seats, load_match
from ninja_dojo.tui.paths import data_dir, saves_dir
from ninja_dojo.tui.saves import Autosave, unfinished_games, unreadable_line
from ninja_dojo.tui.screens.game import GameScreen
from ninja_dojo.tui.screens.load import LoadScreen
from ninja_dojo.tui.screens.menu import MenuScreen
from ninja_dojo.tui.screens.resume import ContinueScreen
from ninja_dojo.tui.screens.rules import RulesScreen, rules_text
from ninja_dojo.tui.screens.setup import SetupScreen
from ninja_dojo.tui.settings import Settings, load_settings, save_settings


#: the longest pause between steps that --pause takes (longer, the table seems frozen)
MAX_PAUSE = 60


class DojoApp(App):
    # The app's stylesheet, then each game's from its folder (tui/games/<game>/).
    CSS_PATH = ["dojo.tcss", *stylesheets()]
    TITLE = "ninja-dojo"
    # Every action has its key in the footer; the palette's place is needed there.
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="app.quit")]

    def __init__(self, *, step_pause: float | None = None, hint_iterations: int | None = None,
                 folder: Path | str | None = None, load: Path | str | None = None,
                 animate: bool = True, rules: bool | str = False,
                 settings: Settings | None = None, review_iterations: int | None = None,
                 served: bool = False) -> None:
        """``rules``: open the rules (of that game, when a name); ``settings``:
        use these instead of the saved ones (and do not save them);
        ``served``: served in a browser (``dojo serve``), for people who are
        not this machine's user: files are names in the data folder, never
        paths."""
        super().__init__()
        self.served = served
        self.show_rules = rules
        #: the pause between steps, when given on the command line (else the settings')
        self.pause_override = step_pause
        #: a hint's and a review's depth in iterations, in place of the
        #: table's (``tui.ai.coach_depth``: as deep as its strongest AI)
        self.hint_iterations = hint_iterations
        self.review_iterations = review_iterations
        #: where saves and exports go unless a path says otherwise
        self.folder = Path(folder) if folder else saves_dir()
        self.to_load = Path(load) if load else None
        self.last_setup: MatchSetup | None = None
        self.keep_settings = settings is None
        if settings is None:
            settings, self.settings_problem = load_settings()
        else:
            self.settings_problem = None
        self.settings = settings
        if not animate:
            self.animation_level = "none"

    @property
    def step_pause(self) -> float:
        """Seconds between two steps of a round's resolution."""
        return self.pause_override if self.pause_override is not None else self.settings.step_pause

    def change_settings(self, settings: Settings) -> str | None:
        """Use and keep ``settings``; the reason when they could not be written."""
        self.settings = settings
        game = self.game_screen
        if game is not None:
            game.board.one_key = settings.one_key
        if not self.keep_settings:
            return None
        try:
            save_settings(settings)
        except OSError as e:
            return f"the settings could not be saved: {e.strerror or e}"
        return None

    def get_default_screen(self) -> MenuScreen:
        return MenuScreen()

    def on_mount(self) -> None:
        if self.settings_problem:
            self.notify(self.settings_problem, severity="warning", timeout=10)
        if self.show_rules:
            self.action_rules(self.show_rules if isinstance(self.show_rules, str) else None)
        if self.to_load is not None:
            try:
                loaded = load_match(self.to_load)
            except PositionError as e:
                self.notify(f"Cannot load {self.to_load}: {e}", severity="error", timeout=10)
            else:
                self.call_later(self.open_state, (*loaded, self.to_load))

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

    async def play(self, match: Match, setup: MatchSetup | None,
                   opened_from: Path | None = None) -> None:
        """Play ``match`` (autosaved: a game opened from an autosave goes on in it)."""
        await self.to_menu()
        autosave = Autosave.for_game(match.state, opened_from)
        if opened_from is not None and match.review is None:
            try:       # the game's review, when the file keeps one (checked with the game)
                match.review = engine.load_game(opened_from).review
            except PositionError:
                pass
        await self.push_screen(GameScreen(match, setup, autosave=autosave, opened_from=opened_from))

    async def open_state(self, loaded: tuple | None) -> None:
        """Play a loaded position, ``(state, seats[, path])``, with the seats
        its file names; a file without them keeps the seats of the game
        before, when they fit."""
        if loaded is None:
            return
        state, file_seats, *rest = loaded
        path = rest[0] if rest else None
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
        await self.play(Match(state, seats), setup, opened_from=path)

    # ------------------------------------------------------------- actions
    def action_new_game(self) -> None:
        self.call_later(self.new_game, None)

    def action_continue(self) -> None:
        """An unfinished game, exactly where it was: the only one at once,
        else the one picked from all of them, newest first."""
        games, unreadable = unfinished_games()
        if unreadable and len(games) < 2:      # (the list of several says it under them)
            self.notify(unreadable_line(unreadable), severity="warning", timeout=8)
        if not games:
            self.notify("No unfinished game to continue.")
        elif len(games) == 1:
            self.resume(games[0].path)
        else:
            self.push_screen(ContinueScreen(games, unreadable), callback=self.resume)

    def resume(self, path: Path | None) -> None:
        """Go on with the autosaved game at ``path`` (checked again: it may
        have changed since it was listed)."""
        if path is None:
            return
        try:
            state, seats = load_match(path)
        except PositionError as e:
            self.notify(f"Cannot continue {path.name}: {e}", severity="error", timeout=10)
            return
        self.call_later(self.open_state, (state, seats, path))

    def action_load_game(self) -> None:
        self.push_screen(LoadScreen(self.folder, served=self.served), callback=self.open_state)

    def action_settings(self) -> None:
        from ninja_dojo.tui.screens.settings import SettingsScreen
        self.push_screen(SettingsScreen(self.settings))

    def action_rules(self, game: str | None = None) -> None:
        if game is None:
            game = self.last_setup.game if self.last_setup else playable_games()[0][0]
        self.push_screen(RulesScreen(game))


HELP_EPILOG = """\
examples:
  dojo                       the menu: continue, new game, load, settings, rules
  dojo --load game.msgpack   open a saved game
  dojo --rules san_ni_ichi   how to play San, Ni, Ichi!, then its rulings
  dojo serve                 play in a web browser: open the link it prints

Games are kept in {folder} (continue with c on the menu);
saves and exports go to its saves/ folder unless you type another path."""


def terminal_problem(stdin=None, stdout=None, environ=None) -> str | None:
    """Why the app cannot be drawn here, or ``None``: it reads keys from a
    terminal and draws on one (without one, Textual would wait for keys
    that never come, spinning).  A process given a driver of its own
    (``TEXTUAL_DRIVER``: the page of ``dojo serve``) needs none.

    >>> import io
    >>> terminal_problem(io.StringIO(), io.StringIO(), {})
    'its input is not a terminal'
    >>> terminal_problem(io.StringIO(), io.StringIO(), {"TEXTUAL_DRIVER": "web"}) is None
    True
    """
    environ = os.environ if environ is None else environ
    if environ.get("TEXTUAL_DRIVER"):
        return None
    for name, stream in (("input", sys.stdin if stdin is None else stdin),
                         ("output", sys.stdout if stdout is None else stdout)):
        try:
            tty = stream is not None and stream.isatty()
        except (ValueError, OSError):       # closed
            tty = False
        if not tty:
            return f"its {name} is not a terminal"
    return None


class _OneLineParser(argparse.ArgumentParser):
    """A wrong argument of ``dojo`` or ``dojo serve`` is one line and exit 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def serve(argv: list[str]) -> int:
    """``dojo serve``: the same app in a web browser, through textual-serve,
    behind a random token (``tui.serve``).

    Each browser tab that opens the page gets its own ``dojo`` process
    (``python -m ninja_dojo.tui --served``), its terminal drawn in the page; nothing of
    the app is rewritten for the web.  The served app keeps its files in the
    data folder, by name.
    """
    from ninja_dojo.tui.serve import SERVED_FLAG, loopback
    parser = _OneLineParser(
        prog="dojo serve", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Play in a web browser: serve the app over HTTP.\n\n"
                    "It prints the link to open, with a random token made at each start:\n"
                    "a request without the token gets 403.  In the page, load, save and\n"
                    "export work by name in the data folder, never with a path\n"
                    f"({saves_dir()}).",
        epilog="examples:\n"
               "  dojo serve                        this machine only; open the link it prints\n"
               "  dojo serve --host 0.0.0.0 --port 8000\n"
               "                                    every network of this machine: anyone with the link plays\n"
               "  dojo serve --no-token             this machine only, no token (anyone on it plays)")
    parser.add_argument("--host", default="localhost",
                        help="address to listen on (default localhost: this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--no-token", action="store_true",
                        help="serve without a token: only with a loopback --host (localhost, 127.0.0.1, ::1)")
    args = parser.parse_args(argv)
    problem = checks.out_of_range(args.port, 1, 65535, grouped=False)
    if problem:
        parser.error(f"--port: {problem}")
    if args.no_token and not loopback(args.host):
        parser.error(f"--no-token: only with a loopback --host (localhost, 127.0.0.1, ::1), not "
                     f"{shlex.quote(args.host)}: anyone who reaches it would play on this machine")
    try:
        from ninja_dojo.tui.serve import TokenServer
    except ImportError:
        parser.error("textual-serve is not installed: pip install textual-serve")
    import secrets
    command = f"{shlex.quote(sys.executable)} -m ninja_dojo.tui {SERVED_FLAG}"
    token = None if args.no_token else secrets.token_urlsafe(32)
    TokenServer(command, host=args.host, port=args.port, token=token).serve()
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["serve"]:
        return serve(argv[1:])
    parser = _OneLineParser(
        prog="dojo", description="Ninja card games in the terminal against an ISMCTS AI.",
        epilog=HELP_EPILOG.format(folder=data_dir()), formatter_class=argparse.RawDescriptionHelpFormatter)
    games = [name for name, _ in playable_games()]
    parser.add_argument("--load", metavar="FILE", help="open a saved game (msgpack)")
    parser.add_argument("--rules", nargs="?", const="", metavar="GAME",
                        help=f"how to play (GAME: {', '.join(games)}), the rulings one key "
                             "further; printed when the output is not a terminal")
    parser.add_argument("--pause", type=float, default=None, metavar="SECONDS",
                        help="pause between the steps of a round (default: the settings')")
    parser.add_argument("--hint-iterations", type=int, default=None, metavar="N",
                        help="search iterations of a hint (default: as deep as the strongest AI "
                             "at the table, at least the hard AI)")
    # set by `dojo serve` for the app it runs in a browser: files by name, in the data folder only
    parser.add_argument("--served", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.pause is not None and (problem := checks.out_of_range(args.pause, 0, MAX_PAUSE,
                                                                  "seconds")):
        parser.error(f"--pause: {problem}")
    if args.hint_iterations is not None and (
            problem := checks.out_of_range(args.hint_iterations, 1, MAX_ITERATIONS, "iterations")):
        parser.error(f"--hint-iterations: {problem}")
    if args.rules and args.rules not in games:
        parser.error(f"--rules: no game {args.rules!r}; choose one of {', '.join(games)}")
    if args.served and args.load:
        parser.error("--load: not in the app served in a browser")
    if args.load:
        if not Path(args.load).is_file():
            parser.error(f"--load: no such file {args.load!r}")
        try:        # (checked completely before the app starts; the app reads it again)
            load_match(args.load)
        except PositionError as e:
            parser.error(f"--load {args.load!r}: {e}")
    problem = terminal_problem()
    if problem and args.rules is not None:
        # The rules are text: without a terminal they are printed (dojo --rules | less).
        try:
            print(rules_text(args.rules or games[0]))
        except BrokenPipeError:         # the reader went away (| head): nothing left to say
            sys.stderr.close()
        return 0
    if problem:
        print(f"dojo needs a terminal: {problem} (run it in a terminal; to play in a "
              "web browser, dojo serve)", file=sys.stderr)
        return 2
    app = DojoApp(step_pause=args.pause, hint_iterations=args.hint_iterations, load=args.load,
                  rules=args.rules if args.rules else args.rules == "", served=args.served)
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
