"""Save, load and export from the app: exact round trips, clear errors."""
from __future__ import annotations

import random

import pytest

from ninja_dojo import engine
from ninja_dojo.engine.position_text import position
from ninja_dojo.engine.record_text import replay
from tests.play import play_random
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
        # beside it, what seat 1 knows as a position text (docs/positions.md)
        assert "puzzle.toml" in str(dialog.query_one("#save-message").render())
        text = (tmp_path / "puzzle.toml").read_text()
        assert position(text).view(0) == game.match.state.view(0)
        await pilot.press("enter")                    # close
        await wait_for(pilot, lambda: app.screen is game)
        assert f"Position exported to {path}." in game.game_log.lines_written


@pytest.mark.parametrize("name, moves", [("ninjan", 5), ("pride_of_ninja", 9), ("ninjato", 30), ("senjutsu", 40)])
def test_an_export_of_a_game_under_way_writes_its_record_as_the_seat_saw_it(tmp_path, name, moves):
    state = engine.new_game(name, players=3, seed=4)
    play_random(state, random.Random(1), moves=moves)
    written = SaveScreen(state, export=True, seat=2, folder=tmp_path).write_texts(tmp_path / "x.msgpack")
    assert [p.name for _, p in written] == ["x.toml", "x-record.toml"]
    game = replay((tmp_path / "x-record.toml").read_text())
    assert game.seat == 2 and game.final.view(2) == state.view(2)


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


@pytest.mark.parametrize("paths", ["rules_paths", "how_to_play_paths"])
async def test_rules_screen_without_the_rules_file(tmp_path, monkeypatch, paths):
    import ninja_dojo.tui.docs
    from ninja_dojo import tui
    monkeypatch.setattr(tui.docs, paths, lambda game: [tmp_path / "none.md"])
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.found is False
        await pilot.press("r")                  # the other document, there or not
        await pilot.pause()
        assert "not installed" in app.screen.text + str(app.screen.texts)
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


# ------------------------------------------------------- without a terminal
def _dojo(*args, stdin=None, timeout=60):
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "ninja_dojo.tui", *map(str, args)],
                          stdin=subprocess.DEVNULL if stdin is None else stdin,
                          capture_output=True, text=True, timeout=timeout)


NEEDS = ("dojo needs a terminal: its {} is not a terminal (run it in a terminal; to play in a "
         "web browser, dojo serve)")


def test_without_a_terminal_dojo_says_so_in_one_line_and_exits_2(tmp_path):
    """``dojo --load x.msgpack </dev/null >out`` used to spin at full CPU for
    ever; now one line and exit 2, for every way of starting the app."""
    import os
    game = tmp_path / "game.msgpack"
    engine.save(engine.new_game("ninjan", 2, seed=3), game, seats=["human", "novice"])
    for args in ([], ["--load", game], ["--pause", "0", "--hint-iterations", "500"]):
        out = _dojo(*args)
        assert out.returncode == 2 and out.stdout == "", out
        assert out.stderr.splitlines() == [NEEDS.format("input")]
    # Input from a terminal, output to a file: refused too.
    keyboard, other_end = os.openpty()
    try:
        out = _dojo("--load", game, stdin=keyboard)
    finally:
        os.close(keyboard)
        os.close(other_end)
    assert out.returncode == 2 and out.stderr.splitlines() == [NEEDS.format("output")]
    # A wrong argument is still told as such (before the terminal).
    out = _dojo("--pause", "-1")
    assert out.returncode == 2
    assert out.stderr.splitlines() == ["dojo: error: --pause: -1 is too small: from 0 to 60 seconds"]


def test_without_a_terminal_the_rules_are_printed():
    """``dojo --rules GAME | less``: what the rules screen shows, as text:
    how to play, then the rulings."""
    from ninja_dojo.tui.screens.rules import rules_text
    out = _dojo("--rules", "ninjato")
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout == rules_text("ninjato") + "\n"
    assert out.stdout.startswith("# How to play Ninjato") and "## Keys in a game" in out.stdout
    assert "\n# Ninjato\n" in out.stdout                   # the rulings
    out = _dojo("--rules")                      # the game the rules screen opens on
    assert out.returncode == 0 and out.stdout.startswith("# How to play Nin Jan")
    out = _dojo("serve", "--help")
    assert out.returncode == 0 and "dojo serve" in out.stdout


def test_the_served_app_needs_no_terminal():
    """``dojo serve`` runs each app with a driver of its own (the page):
    ``TEXTUAL_DRIVER`` says so, and the app is not refused."""
    import io
    from ninja_dojo.tui.app import terminal_problem

    class Tty(io.StringIO):
        def isatty(self):
            return True
    assert terminal_problem(io.StringIO(), io.StringIO(), {}) == "its input is not a terminal"
    assert terminal_problem(Tty(), io.StringIO(), {}) == "its output is not a terminal"
    assert terminal_problem(Tty(), Tty(), {}) is None
    closed = io.StringIO()
    closed.close()
    assert terminal_problem(closed, Tty(), {}) == "its input is not a terminal"
    web = {"TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver"}
    assert terminal_problem(io.StringIO(), io.StringIO(), web) is None


# ------------------------------------------------- the file fields at 80x24
def _deep_home(tmp_path, monkeypatch):
    """The data folder where platformdirs puts it, under a home folder: a
    path too long for a field 80 columns wide."""
    home = tmp_path / "home"
    data = home / ".local" / "share" / "ninja-dojo"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("NINJA_DOJO_HOME", str(data))
    return data


def _shows_whole(field) -> bool:
    from rich.cells import cell_len
    return cell_len(field.value) < field.content_region.width        # (and the cursor)


async def test_the_save_field_is_a_name_with_its_folder_on_a_line_of_its_own(tmp_path, monkeypatch):
    """Dialogs' file fields at 80x24 used to show a path cut at the left
    (``oot/.local/...``): the folder is a line of its own, ~ for home, and
    the field the file's name, read whole."""
    from ninja_dojo.tui.app import DojoApp
    data = _deep_home(tmp_path, monkeypatch)
    app = DojoApp(step_pause=0, animate=False, settings=make_app().settings)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=4)
        for key, name in (("s", "ninjan-4-r1.msgpack"), ("e", "ninjan-4-r1-position.msgpack")):
            await pilot.press(key)
            await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
            await pilot.pause()
            dialog = app.screen
            field = dialog.query_one("#path")
            assert field.value == name and _shows_whole(field)
            folder = dialog.query_one("#save-folder")
            assert str(folder.render()) == "Folder: ~/.local/share/ninja-dojo/saves"
            assert dialog.query_one(".dialog").region.contains_region(folder.region)
            await pilot.press("enter")
            await wait_for(pilot, lambda: (data / "saves" / name).exists())
            if key == "e":
                await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is game)
        assert engine.load(data / "saves" / "ninjan-4-r1.msgpack") == game.match.state


async def test_the_load_field_names_the_game_chosen_and_the_line_above_its_folder(tmp_path, monkeypatch):
    from ninja_dojo.tui.app import DojoApp
    data = _deep_home(tmp_path, monkeypatch)
    (data / "saves").mkdir(parents=True)
    mine = data / "saves" / "mine.msgpack"
    engine.save(late_position(2, seed=30), mine, seats=["human", "novice"])
    app = DojoApp(step_pause=0, animate=False, settings=make_app().settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.pause()
        dialog = app.screen
        field, help_line = dialog.query_one("#path"), dialog.query_one("#load-folder")
        assert field.value == "mine.msgpack" and _shows_whole(field)
        assert "in ~/.local/share/ninja-dojo/saves" in str(help_line.render())
        # Typed over: a name in the saves folder, said so above the field.
        field.focus()
        await pilot.press("end", "ctrl+u", *"nothing")
        assert str(help_line.render()) == ("Or type a file name in ~/.local/share/ninja-dojo/saves, "
                                           "or a path:")
        await pilot.press("ctrl+u", *"mine", "enter")
        await wait_for(pilot, lambda: app.game_screen is not None)
        assert app.game_screen.opened_from == mine


async def test_the_file_dialogs_draw_their_fields_one_line_high_at_80x24(tmp_path):
    """Save, load and continue are forms: on a 24-row terminal each is drawn
    short (its fields and buttons one line high), or it would not fit."""
    from ninja_dojo.tui.screens.resume import ContinueScreen
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=4)
        for dialog in (SaveScreen(game.match.state, folder=tmp_path), LoadScreen(tmp_path),
                       ContinueScreen([])):
            app.push_screen(dialog)
            await wait_for(pilot, lambda: app.screen is dialog and dialog.is_mounted)
            await pilot.pause()
            assert dialog.has_class("-short"), type(dialog).__name__
            assert all(button.compact for button in dialog.query("Button")), type(dialog).__name__
            dialog.dismiss(None)
            await wait_for(pilot, lambda: app.screen is game)
