"""Driving the dojo app with key presses, for tests/test_tui_*.py.

The AI seats play at the ``novice`` level (the game's greedy policy, seeded by
the deal), so a fixed seed gives the same game every time.
"""
from __future__ import annotations

import time

from rich.cells import cell_len
from textual.pilot import Pilot

from ninja_dojo.tui.app import DojoApp
from ninja_dojo.tui.screens.game import GameScreen
from ninja_dojo.tui.settings import Settings
from ninja_dojo.tui.widgets.card_chip import CardChip
from ninja_dojo.tui.widgets.choice import Choice

TIMEOUT = 20.0

#: The settings of the tests that play whole games fast: a number key plays
#: at once with no hold before the reveal, and a round's recap goes on by
#: itself at once.  The tests of those mechanisms use the defaults.
FAST = Settings(one_key=True, take_back_seconds=0, recap_seconds=0.01, step_pause=0)


def make_app(tmp_path=None, **kw) -> DojoApp:
    kw.setdefault("step_pause", 0.0)
    kw.setdefault("hint_iterations", 2_000)
    kw.setdefault("review_iterations", 300)
    kw.setdefault("settings", FAST)
    return DojoApp(folder=tmp_path, animate=False, **kw)


async def wait_for(pilot: Pilot, cond, timeout: float = TIMEOUT, what: str = "condition") -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.01)


async def set_choice(pilot: Pilot, choice_id: str, value) -> None:
    """Focus a picker of the setup screen and press ←/→ until it shows ``value``."""
    widget = pilot.app.screen.query_one(f"#{choice_id}", Choice)
    widget.focus()
    await pilot.pause()
    for _ in range(len(widget.options)):
        if widget.value == value:
            return
        await pilot.press("right")
    assert widget.value == value, f"{choice_id} never showed {value!r}"


async def new_game(pilot: Pilot, kinds: list[str], seed: int | None) -> GameScreen:
    """From the menu: n, fill in the setup by keys, start; the game screen."""
    await pilot.press("n")
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "SetupScreen", what="setup")
    await set_choice(pilot, "players-choice", len(kinds))
    for i, kind in enumerate(kinds):
        await set_choice(pilot, f"seat-{i + 1}", kind)
    if seed is not None:
        pilot.app.screen.query_one("#seed").focus()
        await pilot.press(*str(seed))
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, GameScreen), what="game screen")
    return pilot.app.screen


async def type_path(pilot: Pilot, name: str) -> None:
    """In the save or load dialog: replace the path with ``name`` (relative
    to the app's folder, the test's tmp_path) and press enter."""
    pilot.app.screen.query_one("#path").focus()
    await pilot.pause()
    await pilot.press("end", "ctrl+u", *name, "enter")


async def settle(pilot: Pilot, game: GameScreen) -> None:
    """Wait until the game waits for a key (or is over, or covered)."""
    await wait_for(pilot, lambda: game.settled, what="the game to wait for a key")
    await pilot.pause()


async def play_to_end(pilot: Pilot, game: GameScreen, keys=("1",), limit: int = 200) -> int:
    """Play a card with ``keys`` (cycled), take the first pile offered, until
    the end screen; the number of keys pressed."""
    presses = 0
    while not game.finished:
        await settle(pilot, game)
        if game.finished:
            break
        if game.covered or game.board.mode == "pile":
            await pilot.press("enter")      # pass the keyboard / the first legal pile
        else:
            await pilot.press(keys[presses % len(keys)])
            presses += 1
        assert presses < limit, "the game did not end"
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "EndScreen", what="end screen")
    return presses


async def start_match(pilot: Pilot, kinds: list[str], seed: int) -> GameScreen:
    """Straight into a game (for tests that are not about the setup screen)."""
    from ninja_dojo.tui.match import MatchSetup, plan_seats
    await pilot.app.start_match(MatchSetup("ninjan", plan_seats(len(kinds), kinds), seed))
    await wait_for(pilot, lambda: pilot.app.game_screen is not None, what="game screen")
    game = pilot.app.game_screen
    await settle(pilot, game)
    return game


def late_position(players: int, seed: int, rounds_left: int = 1):
    """A game played by the engine's greedy policy until ``rounds_left`` rounds
    remain (the history is kept, so it replays and loads like a saved game)."""
    from ninja_dojo.engine import new_game
    s = new_game("ninjan", players, seed)
    while True:
        v = s.view(-1)
        if v["phase"] == "choose" and v["round"] > 9 - rounds_left:
            return s
        s.apply({m: s.policy_action(m, seed=len(s.history)) for m in s.movers()})


def ninjan_position(players, piles, played, resolved=0):
    """A round-1 Nin Jan position in the resolve phase, made from named cards
    through the position codec (hands and the box take the other cards)."""
    from ninja_dojo.engine import codec
    deck = [f"{v} {s}" for s in ("Rock", "Paper", "Scissors")
            for v in (-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)]
    rest = [c for c in deck if c not in [c for p in piles for c in p] + list(played)]
    hands = [rest[i * 8:(i + 1) * 8] for i in range(players)]
    rest = rest[8 * players:]
    box_size = 48 - 3 - 9 * players
    doc = {
        "format": codec.FORMAT, "version": codec.VERSION, "game": "ninjan",
        "options": {"players": players}, "seed": 0, "history": [],
        "state": {"players": players, "round": 1, "phase": "resolve", "hands": hands,
                  "box": rest[:box_size], "piles": [list(p) for p in piles],
                  "won": [rest[box_size:]] + [[] for _ in range(players - 1)],
                  "played": list(played), "resolved": resolved},
    }
    return codec.from_map(doc)


#: the boards' one-line items (an option, a row, a house, a space)
ONE_LINE = ("sni-option", "pon-row", "nto-option", "nto-house", "nto-space", "sj-option")


def check_essentials_whole(game: GameScreen, width: int) -> list:
    """At a decision, in a terminal ``width`` columns wide: each of the
    board's ``essentials()`` lies inside the game's area, a one-line item (a
    card, an option, a row) shows its whole text, and the prompt is one line
    that fits.  The essentials, for a board's own checks."""
    area = game.query_one("#game-main").region
    essentials = game.board.essentials()
    assert essentials, "a decision with nothing on screen"
    for w in essentials:
        r = w.region
        assert r.width > 0 and r.height > 0, f"{w} is not on screen"
        assert area.contains_region(r), f"{w} at {r} is cut off by the screen ({area})"
        if isinstance(w, CardChip) or any(w.has_class(c) for c in ONE_LINE):
            text = str(w.render())
            assert "\n" not in text and cell_len(text) <= w.content_region.width, \
                f"{w} shows {text!r} in {w.content_region.width} columns"
    assert game.status.region.height == 1
    message = game.status.message
    assert cell_len(message) <= width - 2, f"the prompt is cut: {message!r}"
    return essentials
