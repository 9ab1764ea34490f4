"""Pinned pictures of the app (pytest-textual-snapshot): the menu, a game in
the middle of a round, the end of a game.  Fixed seeds, novice AI,
animations off.  Update with ``pytest tests/test_tui_snapshots.py --snapshot-update``
after checking the new pictures by eye."""
from __future__ import annotations

import pytest

from tests.snapshot_apps.dojo_pilot import (late_position, make_app, play_to_end, settle,
                                            start_match, wait_for)
from ninja_dojo.tui.match import Match, plan_seats
from tests.test_tui_ninjato import play_by_keys
from tests.test_tui_senjutsu import a_step_shown_on_the_field

SIZE = (120, 40)


def test_menu(snap_compare, tmp_path):
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE)


def test_game_mid_round_asks_for_a_pile(snap_compare, tmp_path):
    """Seed 7, four players: after playing the first card, You must choose
    between taking pile 2 and pile 3."""
    async def run_before(pilot):
        game = await start_match(pilot, ["human", "novice", "novice", "novice"], seed=7)
        await pilot.press("1")
        await settle(pilot, game)
        assert game.board.mode == "pile"

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_end_of_game(snap_compare, tmp_path):
    async def run_before(pilot):
        app = pilot.app
        await app.play(Match(late_position(3, seed=40), plan_seats(3, ["human", "novice", "novice"])),
                       None)
        await wait_for(pilot, lambda: app.game_screen is not None)
        await play_to_end(pilot, app.game_screen)
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


# ------------------------------------------------- a new user's 80×24 terminal
# The default settings (a number selects, enter plays; recaps wait for a key),
# each game at its largest table.
SMALL = (80, 24)


def small_app(tmp_path):
    from ninja_dojo.tui.settings import Settings
    return make_app(tmp_path, settings=Settings(step_pause=0))


async def _start(pilot, game, players, seed, **options):
    from ninja_dojo.tui.match import MatchSetup
    app = pilot.app
    await app.start_match(MatchSetup(game, plan_seats(players, ["human"] + ["novice"] * (players - 1)),
                                     seed, options))
    await wait_for(pilot, lambda: app.game_screen is not None)
    await settle(pilot, app.game_screen)
    return app.game_screen


def test_menu_at_80x24(snap_compare, tmp_path):
    assert snap_compare(small_app(tmp_path), terminal_size=SMALL)


async def nin_jan_asks_for_a_pile(pilot):
    """Seed 7: card 4 selected and played with enter; 4 Rock... beats two
    piles: pile 3 selected, enter would take it."""
    game = await _start(pilot, "ninjan", 5, 7)
    await pilot.press("4", "enter")
    await settle(pilot, game)
    assert game.board.mode == "pile"
    await pilot.press("3")
    await pilot.pause()


def test_nin_jan_five_players_at_80x24_asks_for_a_pile(snap_compare, tmp_path):
    assert snap_compare(small_app(tmp_path), terminal_size=SMALL, run_before=nin_jan_asks_for_a_pile)


async def san_ni_ichi_asks_where_the_shuriken_goes(pilot):
    """Seed 16: the Shuriken (card 5) played; seven places it may go."""
    game = await _start(pilot, "san_ni_ichi", 6, 16)
    await pilot.press("5", "enter")
    await settle(pilot, game)
    assert len(game.board.legal) == 7
    await pilot.press("down")
    await pilot.pause()


def test_san_ni_ichi_six_players_at_80x24_asks_where_the_shuriken_goes(snap_compare, tmp_path):
    assert snap_compare(small_app(tmp_path), terminal_size=SMALL, run_before=san_ni_ichi_asks_where_the_shuriken_goes)


async def pride_of_ninja_mid_draft(pilot):
    game = await _start(pilot, "pride_of_ninja", 5, 11, deck="red")
    await pilot.press("2", "b", "enter")
    await settle(pilot, game)
    await pilot.press("3")
    await pilot.pause()


def test_pride_of_ninja_five_players_at_80x24_mid_draft(snap_compare, tmp_path):
    assert snap_compare(small_app(tmp_path), terminal_size=SMALL, run_before=pride_of_ninja_mid_draft)


async def pride_of_ninja_recap(pilot):
    """Pride of Ninja, 5 players: the rows turned up, TP and PP, until a key."""
    game = await _start(pilot, "pride_of_ninja", 5, 11, deck="blue")
    while not game.recap_open:
        await pilot.press("1", "enter")
        await settle(pilot, game)
    await pilot.pause()


def test_a_round_recap_at_80x24(snap_compare, tmp_path):
    assert snap_compare(small_app(tmp_path), terminal_size=SMALL, run_before=pride_of_ninja_recap)


def test_too_small_says_so_in_one_line(snap_compare, tmp_path):
    async def run_before(pilot):
        await _start(pilot, "san_ni_ichi", 6, 16)
        await pilot.pause()

    assert snap_compare(small_app(tmp_path), terminal_size=(60, 20), run_before=run_before)


async def ninjato_banzai_or_retreat(pilot):
    """Seed 3: the first attack of yours that beats the Sentry: Banzai or
    retreat, with the Guard deck's make-up, the values your hand beats and
    the odds in view."""
    game = await _start(pilot, "ninjato", 4, 3)
    seen: dict = {}
    await play_by_keys(pilot, game, seen, enter=True,
                       until=lambda: game.board.phase == "banzai or retreat")
    assert game.board.view["banzai"] is not None
    await pilot.pause()


def test_ninjato_four_players_at_80x24_banzai_or_retreat(snap_compare, tmp_path):
    assert snap_compare(small_app(tmp_path), terminal_size=SMALL, run_before=ninjato_banzai_or_retreat)


def test_ninjato_end_of_game_at_80x24(snap_compare, tmp_path):
    """A three-player game played by the engine's greedy policy (seed 9):
    the winner, and every part of every score."""
    from ninja_dojo.engine import new_game

    async def run_before(pilot):
        s = new_game("ninjato", 3, seed=9)
        while not s.is_terminal():
            s.apply(s.policy_action(s.movers()[0], seed=len(s.history)))
        app = pilot.app
        await app.play(Match(s, plan_seats(3, ["human", "novice", "novice"])), None)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "EndScreen")
        await pilot.pause()

    assert snap_compare(small_app(tmp_path), terminal_size=SMALL, run_before=run_before)


def first_recap(game, players, seed, **options):
    """The recap of the first round (turn) of ``game`` at ``players``,
    every decision of You by the first legal move's key."""
    async def moment(pilot):
        screen = await _start(pilot, game, players, seed, **options)
        for _ in range(200):
            await settle(pilot, screen)
            if screen.recap_open:
                break
            if screen.covered:
                await pilot.press("enter")
                continue
            keys = screen.board.key_for(screen.board.legal[0].id)
            await pilot.press(*(keys or "enter").split(), "enter")
        assert screen.recap_open
        await pilot.pause()
    moment.__name__ = f"{game}_recap"
    return moment


RECAPS = [first_recap("ninjan", 5, 7), first_recap("san_ni_ichi", 6, 16),
          first_recap("ninjato", 4, 3), first_recap("senjutsu", 4, 32)]


@pytest.mark.parametrize("moment", RECAPS, ids=lambda f: f.__name__)
def test_each_games_recap_at_its_largest_table_at_80x24(snap_compare, tmp_path, moment):
    assert snap_compare(small_app(tmp_path), terminal_size=SMALL, run_before=moment)


# ------------------------------------------------------ a roomy 120×40 terminal
# The same moments at 120×40: the boards grow into the room they have (no
# name cut at 80 columns with the right half empty).
LARGE = (120, 40)


@pytest.mark.parametrize("moment", [nin_jan_asks_for_a_pile, san_ni_ichi_asks_where_the_shuriken_goes,
                                    pride_of_ninja_mid_draft, pride_of_ninja_recap,
                                    ninjato_banzai_or_retreat, a_step_shown_on_the_field, *RECAPS],
                         ids=lambda f: f.__name__)
def test_each_game_at_its_largest_table_at_120x40(snap_compare, tmp_path, moment):
    assert snap_compare(small_app(tmp_path), terminal_size=LARGE, run_before=moment)


async def test_a_recap_taller_than_80x24_scrolls_with_the_arrows(tmp_path):
    """Ninjato's first turn at 4 players does not fit 24 lines: the recap has
    the focus, and the arrows bring its last line into view."""
    from ninja_dojo.tui.screens.recap import RecapScreen
    app = small_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await first_recap("ninjato", 4, 3)(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, RecapScreen))
        body = app.screen.query_one("#recap-body")
        assert app.focused is body and body.max_scroll_y > 0
        await pilot.press(*["down"] * body.max_scroll_y)
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y
