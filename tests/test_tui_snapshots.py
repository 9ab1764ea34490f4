"""Pinned pictures of the app (pytest-textual-snapshot): the menu, a game in
the middle of a round, the end of a game.  Fixed seeds, novice AI,
animations off.  Update with ``pytest tests/test_tui_snapshots.py --snapshot-update``
after checking the new pictures by eye."""
from __future__ import annotations

from tests.snapshot_apps.dojo_pilot import (late_position, make_app, play_to_end, settle,
                                            start_match, wait_for)
from tui.match import Match, plan_seats

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
