"""New game: the game, how many players, who sits where, the game's options,
the seed.

The options come from the game module's ``OPTIONS`` (values, default, help),
so a game's variants appear here without code of their own; a combination
the game refuses (e.g. team play at 5) is named before the game starts."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Static

from ninja_dojo import engine
from ninja_dojo.solver.players import LEVELS, cores_used, level_ratings, rated_at
from ninja_dojo.tui.boards import playable_games
from ninja_dojo.tui.decks import load_deck, saved_decks
from ninja_dojo.tui.match import DEFAULT_LEVEL, HUMAN, MatchSetup, plan_seats
from ninja_dojo.tui.screens.short_form import fit_form
from ninja_dojo.tui.widgets.choice import Choice

#: enough seat rows for the largest game
MAX_SEATS = max(g.players[1] for g in engine.GAMES.values())


def level_help(game: str | None = None) -> str:
    """One line on what each AI level does, from ``solver.players.LEVELS``,
    and where ``game``'s ratings come from when the ladder has rated it."""
    parts = []
    for name, player in LEVELS.items():
        config = getattr(player, "config", None)
        if config is None:
            what = "rules of thumb"
        elif config.seconds is not None:
            what = f"searches {config.seconds:g} s"
        else:
            what = f"{config.iterations:,} iterations"
        if config is not None:
            cores = cores_used(name)
            what += f" on {cores} core{'s' if cores > 1 else ''}"
        parts.append(f"{name}: {what}")
    where = rated_at(game) if game else ""
    return "AI levels: " + " · ".join(parts) + (f" · {where}" if where else "")


def seat_kinds(game: str) -> list[tuple[str, str]]:
    """What a seat can be: a human or an AI level, each level with its
    rating in ``game`` and its 95% interval from the ladder
    (``bench/ladder.py``; novice is 1000) when the game has been rated: a
    player sees which levels are told apart and which are not yet."""
    ratings = level_ratings(game)
    return [("Human", HUMAN)] + [
        (f"AI · {name}" + (f" · {ratings[name]}" if name in ratings else ""), name)
        for name in LEVELS]


def option_values(spec: dict) -> list[tuple[str, object]]:
    """``(label, value)`` of one option's values: yes/no for a switch, the
    game's own words where it gives them (``labels``).

    >>> option_values({"values": (True, False)})
    [('yes', True), ('no', False)]
    >>> option_values({"values": ("random", "ronin"), "labels": {"ronin": "The Ronin"}})
    [('random', 'random'), ('The Ronin', 'ronin')]
    """
    labels = spec.get("labels", {})
    out = []
    for v in spec["values"]:
        out.append(("yes" if v else "no", v) if isinstance(v, bool) else (labels.get(v, str(v)), v))
    return out


def option_label(key: str) -> str:
    return key.replace("_", " ").capitalize()


def extra_values(game: str, key: str) -> list[tuple[str, object]]:
    """Values of an option beyond the game's own list: a Senjutsu seat's
    deck may be one of the player's decks (deck files in the data folder),
    given to the game as its cards (a game never reads a file; a deck file
    with a line that is not a card is left out: the deck builder names the
    line)."""
    if (game, key) == ("senjutsu", "deck"):
        return [(f"{d.name} (yours)", d.counts) for d in saved_decks() if not d.problems]
    return []


def deck_path(counts) -> str | None:
    """The file of the player's deck with these cards, if there is one."""
    if not isinstance(counts, dict):
        return None
    return next((str(d.path) for d in saved_decks() if d.counts == counts), None)


class OptionRow(Horizontal):
    """One option of the chosen game: its name and a picker of its values;
    a per-seat option has a row per seat (``seat``)."""

    def __init__(self, key: str, spec: dict, value, seat: int | None = None,
                 extra: list[tuple[str, object]] = ()) -> None:
        suffix = "" if seat is None else f"-{seat + 1}"
        super().__init__(classes="row option", id=f"option-row-{key}{suffix}")
        self.key = key
        self.spec = spec
        self.seat = seat
        self.values = option_values(spec) + list(extra)
        allowed = [v for _, v in self.values]
        if isinstance(value, dict) and value not in allowed:
            # the cards of a deck that is none of the player's files (a loaded game's): kept
            self.values.append(("as in the last game", value))
            allowed.append(value)
        self.value = value if value in allowed else spec.get("default")
        self.suffix = suffix

    def compose(self) -> ComposeResult:
        label = option_label(self.key) + ("" if self.seat is None else f" {self.seat + 1}")
        yield Label(label, classes="label")
        yield Choice(self.values, self.value, id=f"option-{self.key}{self.suffix}")


class SetupScreen(Screen[MatchSetup | None]):
    """Dismisses with a ``MatchSetup``, or ``None`` when cancelled."""

    BINDINGS = [
        Binding("enter", "start", "Start", priority=False, id="setup.start"),
        Binding("escape", "cancel", "Back", id="setup.back"),
        Binding("ctrl+b", "build_deck", "Build a deck", id="setup.build-deck"),
        # (before the form's scrolling: on a short terminal a long form scrolls
        # to the field in focus instead)
        Binding("up", "app.focus_previous", "Up", show=False, priority=True, id="setup.up"),
        Binding("down", "app.focus_next", "Down", show=False, priority=True, id="setup.down"),
    ]

    def __init__(self, previous: MatchSetup | None = None) -> None:
        super().__init__()
        self.previous = previous

    def compose(self) -> ComposeResult:
        prev = self.previous
        games = playable_games()
        game = prev.game if prev and prev.game in dict(games) else games[0][0]
        lo, hi = engine.GAMES[game].players
        players = prev.players if prev else min(4, hi)
        kinds = [s.kind for s in prev.seats] if prev else [HUMAN] + [DEFAULT_LEVEL] * (MAX_SEATS - 1)
        kinds += [DEFAULT_LEVEL] * (MAX_SEATS - len(kinds))
        yield Header()
        with VerticalScroll(id="setup"):
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
                    yield Choice(seat_kinds(game), kinds[i], id=f"seat-{i + 1}")
            with Vertical(id="setup-options"):
                yield from self._option_rows(game, prev.options if prev else {})
            yield Static("", id="setup-option-help")
            with Horizontal(classes="row"):
                yield Label("Seed", classes="label")
                yield Input(placeholder="empty = random deal", id="seed", restrict=r"[0-9]*",
                            max_length=19)
            yield Static(Text(level_help(game), style="dim"), id="setup-levels")
            yield Static("", id="setup-error")
            yield Static("←/→ change a value · ↑/↓ or tab move · enter starts"
                         " · ctrl+b builds a Senjutsu deck", classes="help")
            with Horizontal(id="setup-buttons"):
                yield Button("Start", id="start", variant="primary")
                yield Button("Back", id="back")
        yield Footer()

    def on_resize(self, event: Resize) -> None:
        fit_form(self, event.size.height)

    def on_mount(self) -> None:
        self._show_seats()
        self._check()
        self.query_one("#game-choice", Choice).focus()

    @staticmethod
    def _option_rows(game: str, values: dict) -> list[OptionRow]:
        game_type = engine.GAMES[game]
        options = game_type.options
        rows = []
        for key, spec in options.items():
            value = values.get(key, spec.get("default"))
            extra = extra_values(game, key)
            if spec.get("per_seat"):
                most = game_type.players[1]
                given = value if isinstance(value, list) else [value] * most
                given += [spec.get("default")] * (most - len(given))
                rows += [OptionRow(key, spec, given[i], seat=i, extra=extra)
                         for i in range(most)]
            else:
                rows.append(OptionRow(key, spec, value, extra=extra))
        return rows

    def options(self) -> dict:
        """The chosen options, as ``engine.new_game`` takes them: a per-seat
        option as one value when every seat has the same, else a list."""
        n = self.query_one("#players-choice", Choice).value
        out: dict = {}
        for row in self.query(OptionRow):
            value = row.query_one(Choice).value
            if row.seat is None:
                out[row.key] = value
            elif row.seat < n:
                out.setdefault(row.key, []).append(value)
        for key, value in out.items():
            if isinstance(value, list) and all(v == value[0] for v in value):
                out[key] = value[0]
        return out

    async def _replace_options(self, game: str) -> None:
        """The option rows of a newly chosen game (its own defaults)."""
        box = self.query_one("#setup-options", Vertical)
        await box.remove_children()
        await box.mount_all(self._option_rows(game, {}))
        self._check()

    def _check(self) -> None:
        """Name a combination the game refuses (players, options) right away."""
        try:
            self.setup()
        except (ValueError, engine.PositionError) as e:
            self.query_one("#setup-error", Static).update(str(e))
        else:
            self.query_one("#setup-error", Static).update("")

    def on_descendant_focus(self, event) -> None:
        """The focused option's help, from the game's ``OPTIONS``."""
        help_ = self.query_one("#setup-option-help", Static)
        row = event.widget.parent
        if isinstance(row, OptionRow):
            help_.update(Text(row.spec.get("help", ""), style="dim"))
            help_.display = True
        else:
            help_.display = False

    def _show_seats(self) -> None:
        n = self.query_one("#players-choice", Choice).value
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-row-{i + 1}").display = i < n
        for row in self.query(OptionRow):
            if row.seat is not None:
                row.display = row.seat < n

    async def on_choice_changed(self, event: Choice.Changed) -> None:
        if event.choice.id == "players-choice":
            self._show_seats()
        elif event.choice.id == "game-choice":
            lo, hi = engine.GAMES[event.value].players
            players = self.query_one("#players-choice", Choice)
            n = min(max(players.value, lo), hi)    # keep the table's size when the game allows it
            players.options = [(str(k), k) for k in range(lo, hi + 1)]
            players.index = n - lo
            players.refresh()
            for i in range(MAX_SEATS):
                seat = self.query_one(f"#seat-{i + 1}", Choice)
                seat.options = seat_kinds(event.value)    # the same levels, this game's ratings
                seat.refresh()
            self.query_one("#setup-levels", Static).update(Text(level_help(event.value), style="dim"))
            self._show_seats()
            await self._replace_options(event.value)
            self._show_seats()
        self._check()

    def action_build_deck(self) -> None:
        """Senjutsu: build a deck for the seat in focus (or seat 1); saved,
        it becomes that seat's deck."""
        game = self.query_one("#game-choice", Choice).value
        if game != "senjutsu":
            self.notify("Deck building is for Senjutsu.", timeout=3)
            return
        from ninja_dojo.engine import senjutsu as sj
        from ninja_dojo.tui.screens.deck_builder import DeckBuilderScreen
        focused = self.focused.parent if self.focused is not None else None
        seat = focused.seat if isinstance(focused, OptionRow) and focused.seat is not None else 0
        samurai = self.query_one(f"#option-samurai-{seat + 1}", Choice).value
        deck = self.query_one(f"#option-deck-{seat + 1}", Choice).value
        opening = deck_path(deck)
        samurai = samurai if samurai != "random" else (deck if deck in sj.SAMURAI_KEYS else "ronin")

        async def built(path: str | None) -> None:
            values = self.options()
            if path:
                try:
                    built_deck = load_deck(path)
                except engine.PositionError as e:
                    self.query_one("#setup-error", Static).update(str(e))
                    return
                n = self.query_one("#players-choice", Choice).value
                for key, value in (("deck", built_deck.counts), ("samurai", built_deck.samurai)):
                    given = values.get(key)
                    given = list(given) if isinstance(given, list) else [given] * n
                    given[seat] = value         # (the deck's samurai plays it)
                    values[key] = given
            await self._replace_options_with(game, values)
        self.app.push_screen(DeckBuilderScreen(samurai, opening), callback=built)

    async def _replace_options_with(self, game: str, values: dict) -> None:
        box = self.query_one("#setup-options", Vertical)
        await box.remove_children()
        await box.mount_all(self._option_rows(game, values))
        self._show_seats()
        self._check()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    def setup(self) -> MatchSetup:
        """What the form says; ``PositionError`` when the seed is bad or the
        game refuses the options for this many players."""
        game = self.query_one("#game-choice", Choice).value
        n = self.query_one("#players-choice", Choice).value
        kinds = [self.query_one(f"#seat-{i + 1}", Choice).value for i in range(n)]
        text = self.query_one("#seed", Input).value.strip()
        seed = None
        if text:
            seed = int(text)
            if seed >= engine.state.SEED_LIMIT:
                raise engine.PositionError(f"seed: at most {engine.state.SEED_LIMIT - 1}")
        options = self.options()
        # The game itself says whether it takes these options (a deal is cheap).
        engine.new_game(game, n, 0, **options)
        return MatchSetup(game, plan_seats(n, kinds), seed, options)

    def action_start(self) -> None:
        try:
            setup = self.setup()
        except (ValueError, engine.PositionError) as e:
            self.query_one("#setup-error", Static).update(str(e))
            return
        self.dismiss(setup)

    def action_cancel(self) -> None:
        self.dismiss(None)
