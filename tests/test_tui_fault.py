"""A bug in the middle of a game shows the error screen and keeps the game
saved in its autosave (where Continue finds it); the app stays up.  Faults
are injected in the main thread (applying a move) and in the AI's thread
worker."""
from __future__ import annotations

from ninja_dojo import engine
import ninja_dojo.tui.screens.game as game_module
from tests.snapshot_apps.dojo_pilot import make_app, start_match, wait_for
from ninja_dojo.tui.match import Match, plan_seats
from ninja_dojo.tui.saves import Autosave
from ninja_dojo.tui.screens.fault import FaultScreen
from ninja_dojo.tui.screens.menu import MenuScreen


def injected(*args, **kwargs):
    raise RuntimeError("injected fault")


def shown(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def test_a_bug_applying_a_move_shows_the_error_screen_with_the_game_saved(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=11)
        before = game.match.state.clone()
        path = game.autosave.path
        path.unlink()                           # so that the file seen below is the fault's
        monkeypatch.setattr(Match, "commit", injected)
        await pilot.press("1")
        await wait_for(pilot, lambda: isinstance(app.screen, FaultScreen), what="the error screen")
        screen = app.screen
        assert "RuntimeError: injected fault" in shown(screen, "#fault-error")
        assert str(path) in shown(screen, "#fault-saved")
        saved = engine.load_game(path)
        assert saved.state == before and saved.state.history == before.history
        assert saved.seats == ("human", "novice")
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), what="the menu")
        assert app.is_running


async def test_a_bug_in_the_ai_thread_shows_the_error_screen_with_the_game_saved(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "decide", injected)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        state = engine.new_game("ninjan", 3, seed=5)
        await app.play(Match(state, plan_seats(3, ["human", "easy", "novice"])), None)
        await wait_for(pilot, lambda: isinstance(app.screen, FaultScreen), what="the error screen")
        assert "RuntimeError: injected fault" in shown(app.screen, "#fault-error")
        saved = engine.load_game(app.game_screen.autosave.path)
        assert saved.state == state and saved.seats == ("human", "easy", "novice")
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running, what="the app to quit")
    assert app.return_code == 1


async def test_a_save_that_fails_is_said_on_the_error_screen(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_match(pilot, ["human", "novice"], seed=11)
        monkeypatch.setattr(Autosave, "write", lambda self, state, seats: "disk full")
        monkeypatch.setattr(Match, "commit", injected)
        await pilot.press("1")
        await wait_for(pilot, lambda: isinstance(app.screen, FaultScreen), what="the error screen")
        assert "could not be saved: disk full" in shown(app.screen, "#fault-saved")
