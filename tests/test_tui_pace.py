"""The pace of the table: the steps of a move are shown one by one with a
pause (the step-pause setting); space skips the rest of one move's steps,
``n`` goes straight to the player's next decision, every step still written
to the log."""
from __future__ import annotations

from tests.snapshot_apps.dojo_pilot import make_app, settle, wait_for
from ninja_dojo.tui.match import MatchSetup, plan_seats
from ninja_dojo.tui.settings import Settings

#: a pause no test could wait through: what goes by was skipped
SLOW = 30.0


async def start(app, pilot, kinds, seed, game):
    await app.start_match(MatchSetup(game, plan_seats(len(kinds), kinds), seed))
    await wait_for(pilot, lambda: app.game_screen is not None and (
        app.game_screen.actor is not None or app.game_screen.showing))
    return app.game_screen


async def my_move(pilot, game) -> None:
    """The first legal move, chosen by the cursor and enter (no waiting
    for the show after it, unlike ``play_by_keys``)."""
    history = game.match.state.history
    before = len(history)
    game.board.reselect(game.board.legal[0])
    await pilot.press("enter")
    await wait_for(pilot, lambda: len(history) > before, what="my move to be played")


def ai_moves(game, seat: int) -> int:
    return sum(1 for joint in game.match.state.history if any(s == seat for s, _ in joint))


async def test_n_goes_straight_to_my_next_decision_and_the_log_keeps_every_step(tmp_path):
    app = make_app(tmp_path, settings=Settings(recap_seconds=0), step_pause=SLOW)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(app, pilot, ["human", "novice"], seed=4, game="ninjato")
        history = game.match.state.history
        if game.actor == 0:
            await my_move(pilot, game)       # then its steps are shown, one per pause
        await wait_for(pilot, lambda: game.showing, what="the steps shown one by one")
        assert game.check_action("to_my_turn", ()) is True
        assert "To my turn" in [b.binding.description for b in app.active_bindings.values()
                                if b.binding.show and b.enabled]
        logged = len(game.game_log.lines_written)
        await pilot.press("n")
        # The AI's whole turn went by: its moves are played and logged.
        await wait_for(pilot, lambda: game.actor == 0,
                       what="my next decision, without the pauses")
        await settle(pilot, game)
        assert ai_moves(game, 1) > 0
        assert len(game.game_log.lines_written) > logged + ai_moves(game, 1) - 1
        assert game.rushing is False                    # it stops at my decision...
        assert game.actor == 0 and game.check_action("to_my_turn", ()) is False
        # ...and the steps after my next moves are shown at the pace again.
        for _ in range(20):
            await my_move(pilot, game)
            await wait_for(pilot, lambda: game.showing or game.settled, what="a show or my move")
            if game.showing:
                break
        await pilot.pause(0.5)
        assert game.showing and not game.rushing


async def test_n_does_nothing_when_it_is_my_decision(tmp_path):
    app = make_app(tmp_path, settings=Settings(recap_seconds=0), step_pause=SLOW)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(app, pilot, ["human", "novice"], seed=5, game="ninjan")
        await settle(pilot, game)
        state = game.match.state.clone()
        await pilot.press("n")
        assert game.rushing is False and game.match.state == state and game.actor == 0


async def test_space_cuts_the_pause_short_and_shows_the_next_move_at_pace(tmp_path):
    app = make_app(tmp_path, settings=Settings(recap_seconds=0), step_pause=SLOW)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(app, pilot, ["human", "novice"], seed=5, game="ninjan")
        await settle(pilot, game)
        await my_move(pilot, game)
        await wait_for(pilot, lambda: game.showing, what="the reveal's show")
        show = next(w for w in app.workers if w.group == "show" and w.is_running)
        await pilot.press("space")          # within the first step's pause
        await wait_for(pilot, lambda: show.is_finished, what="the rest of the move's steps skipped")
        assert not game.rushing
