"""Save, load and export from the app: exact round trips, clear errors."""
from __future__ import annotations

from ninja_dojo import engine
from tests.snapshot_apps.dojo_pilot import (late_position, make_app, settle, start_match,
                                            type_path, wait_for)
from ninja_dojo.tui.screens.game import GameScreen
from ninja_dojo.tui.screens.load import LoadScreen
from ninja_dojo.tui.screens.rules import RulesScreen
from ninja_dojo.tui.screens.save import SaveScreen


async def test_save_then_load_restores_the_exact_state(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["human", "novice", "novice"], seed=8)
        await pilot.press("1")
        await settle(pilot, game)
        if game.board.mode == "pile":
            await pilot.press("enter")
            await settle(pilot, game)
        saved = game.match.state.clone()
        path = tmp_path / "mine.msgpack"
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        await type_path(pilot, "mine")
        await wait_for(pilot, lambda: app.screen is game)
        assert path.exists() and engine.load(path) == saved
        assert f"Saved to {path}." in game.game_log.lines_written
        # Play on, then load: back to exactly the saved position.
        await pilot.press("1")
        await settle(pilot, game)
        assert game.match.state.history != saved.history
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen))
        await type_path(pilot, "mine.msgpack")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen is not game)
        loaded = app.screen
        assert loaded.match.state == saved
        assert loaded.match.state.history == saved.history
        assert loaded.match.state.seed == saved.seed
        assert loaded.match.seats == game.match.seats        # same table, same people
        await settle(pilot, loaded)
        assert loaded.actor == 0


async def test_a_saved_game_reopens_with_the_same_people_and_ais(tmp_path):
    # The player sat at seat 2 against a hard and a novice AI; a new app
    # (dojo --load) seats everyone as before, not "seat 1 is you".
    path = tmp_path / "table.msgpack"
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["hard", "human", "novice"], seed=12)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        await type_path(pilot, "table")
        await wait_for(pilot, lambda: app.screen is game)
        table = game.match.seats
    assert engine.load_game(path).seats == ("hard", "human", "novice")
    app = make_app(tmp_path, load=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.game_screen is not None)
        assert app.game_screen.match.seats == table
        assert [s.label for s in table] == ["Hanzo (hard AI)", "You", "Jubei (novice AI)"]


async def test_a_file_naming_an_unknown_ai_level_is_refused_and_changes_nothing(tmp_path):
    state = engine.new_game("ninjan", 2, seed=3)
    engine.save(state, tmp_path / "edited.msgpack", seats=["human", "grandmaster"])
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=4)
        before = game.match.state.clone()
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen))
        dialog = app.screen
        await type_path(pilot, "edited.msgpack")
        assert app.screen is dialog
        assert "seats[1]: 'grandmaster' is neither 'human' nor an AI level" in dialog.error
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is game)
        assert game.match.state == before


async def test_a_corrupt_file_gives_one_message_and_changes_nothing(tmp_path):
    bad = tmp_path / "bad.msgpack"
    bad.write_bytes(b"\x93not a position at all")
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=4)
        await pilot.press("2")
        await settle(pilot, game)
        before = game.match.state.clone()
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen))
        await type_path(pilot, "bad.msgpack")
        dialog = app.screen
        assert isinstance(dialog, LoadScreen)                 # still open, with the reason
        assert dialog.error.startswith("Cannot load bad.msgpack: not a")
        message = str(dialog.query_one("#load-message").render())
        assert "Nothing was changed." in message
        await type_path(pilot, "missing")   # a missing file: same
        assert "cannot read" in dialog.error
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is game)
        assert game.match.state == before and game.match.state.history == before.history
        assert bad.read_bytes() == b"\x93not a position at all"


async def test_export_writes_the_position_and_shows_the_command(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=6)
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        dialog = app.screen
        path = tmp_path / "puzzle.msgpack"
        await type_path(pilot, "puzzle")
        assert engine.load(path) == game.match.state
        assert dialog.command == f"solver analyse {path} --player 1"   # seats count from 1, as on the board
        assert "solver analyse" in str(dialog.query_one("#save-message").render())
        await pilot.press("enter")                    # close
        await wait_for(pilot, lambda: app.screen is game)
        assert f"Position exported to {path}." in game.game_log.lines_written


async def test_a_position_that_would_not_read_back_is_not_written(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_match(pilot, ["human", "novice"], seed=6)

        def broken(data):
            raise engine.PositionError("state.played[1]: broken on purpose")
        monkeypatch.setattr(engine, "loads_game", broken)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        path = tmp_path / "never.msgpack"
        await type_path(pilot, "never")
        assert isinstance(app.screen, SaveScreen) and not path.exists()
        assert "cannot be saved" in str(app.screen.query_one("#save-message").render())


async def test_dojo_load_opens_a_saved_game_and_rejects_a_bad_one(tmp_path):
    good = tmp_path / "good.msgpack"
    state = late_position(3, seed=12, rounds_left=7)       # round 3: everyone chooses
    engine.save(state, good)
    app = make_app(tmp_path, load=good)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.game_screen is not None)
        assert app.game_screen.match.state == state      # (the human has not chosen)
        assert app.game_screen.match.state.history == state.history
        assert app.game_screen.match.names == ["You", "Kaede", "Jubei"]
    bad = tmp_path / "bad.msgpack"
    bad.write_bytes(b"")
    app = make_app(tmp_path, load=bad)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.game_screen is None
        assert any("Cannot load" in n.message for n in app._notifications)


async def test_rules_screen_without_the_rules_file(tmp_path, monkeypatch):
    import ninja_dojo.tui.docs
    from ninja_dojo import tui
    monkeypatch.setattr(tui.docs, "rules_paths", lambda game: [tmp_path / "none.md"])
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.found is False
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, RulesScreen))


def test_dojo_command_line_rejects_bad_arguments(tmp_path, capsys):
    import pytest
    from ninja_dojo.tui.app import main
    for argv in (["--pause", "-1"], ["--load", str(tmp_path / "nowhere.msgpack")],
                 ["--hint-iterations", "0"]):
        with pytest.raises(SystemExit) as e:
            main(argv)
        assert e.value.code == 2
    assert "no such file" in capsys.readouterr().err
