"""Keys that cannot act now are refused, and say so in the footer."""
from __future__ import annotations

import threading

from ninja_dojo import engine
import ninja_dojo.tui.screens.game as game_module
from tests.snapshot_apps.dojo_pilot import make_app, ninjan_position, settle, wait_for
from ninja_dojo.tui.screens.end import EndScreen


async def test_while_the_ai_thinks_the_human_chooses_once(tmp_path, monkeypatch):
    release = threading.Event()
    real = game_module.decide

    def slow(*args, **kw):
        release.wait(20)
        return real(*args, **kw)
    monkeypatch.setattr(game_module, "decide", slow)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.start_match(_setup(["human", "novice"], seed=2))
        await wait_for(pilot, lambda: app.game_screen is not None and app.game_screen.actor == 0)
        game = app.game_screen
        board = game.board
        assert game.thinking is not None                      # the AI is at it
        assert board.check_action("pick", (10,)) is None      # no tenth card
        await pilot.press("1")
        first = game.match.pending[0]
        assert game.actor is None
        for key in ("2", "enter", "right", "h"):              # nothing left to choose
            await pilot.press(key)
        assert game.match.pending == {0: first}
        assert game.check_action("hint", ()) is None
        assert board.check_action("confirm", ()) is None
        assert not game.hint_panel.display
        assert game.match.state.history == []
        await wait_for(pilot, lambda: "Waiting for Kaede" in game.status.message)
        release.set()
        await settle(pilot, game)
        assert game.match.state.history[0][0] == (0, first.id)


async def test_only_the_piles_you_can_take_answer_keys_or_clicks(tmp_path):
    # 4 Paper resolves first and beats the Rock tops of piles 1 and 3, not pile 2.
    state = ninjan_position(2, piles=[["5 Rock"], ["3 Paper"], ["7 Rock"]],
                            played=["4 Paper", "-6 Scissors"])
    path = tmp_path / "choice.msgpack"
    engine.save(state, path)
    app = make_app(tmp_path, load=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await settle(pilot, game)
        assert game.board.mode == "pile"
        assert [a.name for a in game.board.legal] == ["take pile 1", "take pile 3"]
        assert game.board.check_action("pick", (2,)) is None
        await pilot.press("2", "4", "9")                     # refused: not a choice
        assert game.match.state.history == [] and game.actor == 0
        assert "take pile 1 or 3" in game.status.message
        said = [n.message for n in app._notifications]
        assert any(m.startswith("No pile 2 to choose now.") for m in said)
        await pilot.click("#pile-2")                          # a click on pile 2: refused too
        assert game.match.state.history == []
        await pilot.click("#pile-3")                          # a click takes pile 3
        await settle(pilot, game)
        took = [line for line in game.game_log.lines_written if line.startswith("You play 4 Paper")]
        assert took == ["You play 4 Paper, take pile 3: 7 Rock (+7)"]


async def test_after_the_game_only_the_end_keys_act(tmp_path):
    from tests.snapshot_apps.dojo_pilot import late_position, play_to_end
    path = tmp_path / "late.msgpack"
    engine.save(late_position(2, seed=30), path)
    app = make_app(tmp_path, load=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await play_to_end(pilot, game)
        assert isinstance(app.screen, EndScreen)
        assert game.check_action("export", ()) is None       # nothing to analyse
        assert game.check_action("hint", ()) is None
        assert game.board.check_action("pick", (1,)) is None
        await pilot.press("1", "h", "e")                     # the end screen ignores them
        assert isinstance(app.screen, EndScreen)


def _setup(kinds, seed):
    from ninja_dojo.tui.match import MatchSetup, plan_seats
    return MatchSetup("ninjan", plan_seats(len(kinds), kinds), seed)
