"""The hint thinks while the player thinks: its search starts in the
background when a person's decision starts, ``h`` shows what it has so far
with its iteration count, refreshed as it grows, and the choice, a
take-back or leaving the game stops it.  No clock is asserted: the tests
wait for what a player would see."""
from __future__ import annotations

from tests.snapshot_apps.dojo_pilot import FAST, make_app, settle, start_match, wait_for
from ninja_dojo.tui.screens.menu import MenuScreen

#: a depth no test reaches: the hint is still thinking when the test acts
DEEP = 50_000_000


def hint_worker(game):
    return next(w for w in game.workers if w.group == "hint")


async def test_the_hint_thinks_from_the_start_of_the_decision_grows_and_stops_on_the_move(tmp_path):
    app = make_app(tmp_path, hint_iterations=DEEP)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=5)
        # Thinking before anyone asks, and nothing shown.
        await wait_for(pilot, lambda: game.hint_thinking is not None and game.hint_thinking.iterations > 0,
                       what="the hint to think in the background")
        assert not game.hint_panel.display and game.hint_seat == 0
        search = game.hint_thinking.searches[0]
        worker = hint_worker(game)
        # h shows what it has so far, with its iterations ...
        await pilot.press("h")
        panel = game.hint_panel
        await wait_for(pilot, lambda: panel.analysis is not None, what="a first look")
        first = panel.analysis.iterations
        assert first > 0 and f"{first:,} iterations in " in panel.shown_text
        assert "Thinking… " in panel.shown_text and "iterations so far" in panel.shown_text
        legal = {a.id for a in game.match.state.legal_actions(0)}
        assert {m.action for m in panel.analysis.moves} == legal
        # ... and the panel grows with it.
        await wait_for(pilot, lambda: panel.analysis.iterations > first, what="the hint to grow")
        grown = panel.analysis.iterations
        assert f"{grown:,} iterations in " in panel.shown_text
        # h hides it; it thinks on.
        await pilot.press("h")
        assert not panel.display and not search.cancelled
        await wait_for(pilot, lambda: search.iterations_done > grown, what="thinking on, hidden")
        # The move stops it, and the next decision's hint starts afresh.
        await pilot.press("1")
        await wait_for(pilot, lambda: search.cancelled and worker.is_finished, what="the hint to stop")
        assert search.iterations_done < DEEP
        await wait_for(pilot, lambda: game.match.state.history != [])
        await settle(pilot, game)
        await wait_for(pilot, lambda: game.hint_thinking is not None, what="the next decision's hint")
        assert game.hint_thinking.searches and game.hint_thinking.searches[0] is not search
        assert game.hint_token == game.token and not panel.display


async def test_the_hint_finishes_at_its_depth_and_says_so(tmp_path):
    app = make_app(tmp_path, hint_iterations=6_000)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=8)
        await pilot.press("h")
        await wait_for(pilot, lambda: game.hint_done, what="the hint to finish")
        assert game.hint_thinking is None
        assert game.hint_panel.analysis.iterations == 6_000
        assert "Done: 6,000 iterations." in game.hint_panel.shown_text


async def test_a_take_back_stops_the_hint_and_the_decision_back_thinks_again(tmp_path):
    app = make_app(tmp_path, hint_iterations=DEEP, settings=FAST.with_(take_back_seconds=5))
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=5)
        await wait_for(pilot, lambda: game.hint_thinking is not None and game.hint_thinking.iterations > 0)
        search = game.hint_thinking.searches[0]
        await pilot.press("1")                      # chosen, held before the reveal
        assert search.cancelled and game.hint_thinking is None
        assert game.holding
        await pilot.press("u")                      # taken back: the decision again
        await wait_for(pilot, lambda: game.actor == 0 and game.hint_thinking is not None,
                       what="the hint of the decision taken back")
        again = game.hint_thinking
        await wait_for(pilot, lambda: again.searches and again.iterations > 0)
        assert again.searches[0] is not search and game.match.state.history == []


async def test_leaving_the_game_stops_the_hint(tmp_path):
    app = make_app(tmp_path, hint_iterations=DEEP)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=5)
        await wait_for(pilot, lambda: game.hint_thinking is not None and game.hint_thinking.searches)
        search = game.hint_thinking.searches[0]
        worker = hint_worker(game)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), what="the menu")
        await wait_for(pilot, lambda: search.cancelled and worker.is_finished, what="the hint to stop")


async def test_in_a_game_of_turns_the_hint_starts_with_the_players_turn(tmp_path):
    """Ninjato: nobody else searches during your turn; the hint starts as
    your decision does, before any key."""
    from ninja_dojo.tui.match import MatchSetup, plan_seats
    app = make_app(tmp_path, hint_iterations=DEEP)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.start_match(MatchSetup("ninjato", plan_seats(2, ["human", "novice"]), 4))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await settle(pilot, game)
        assert game.actor == 0
        await wait_for(pilot, lambda: game.hint_thinking is not None and game.hint_thinking.iterations > 0,
                       what="the hint to think in the background")
        assert (game.hint_token, game.hint_seat) == (game.token, 0) and not game.hint_panel.display
