"""Never lose a game: every move is autosaved in the data folder, Continue
resumes the last unfinished game exactly, saves go to the data folder, and
the load screen says what each file holds.  (``NINJA_DOJO_HOME`` is a
temporary folder in every test: see ``tests/conftest.py``.)"""
from __future__ import annotations

import os

from ninja_dojo import engine
from ninja_dojo.engine import new_game
from tests.snapshot_apps.dojo_pilot import (late_position, make_app, play_to_end, settle,
                                            start_match, type_path, wait_for)
from ninja_dojo.tui.app import DojoApp
from ninja_dojo.tui.match import MatchSetup, plan_seats
from ninja_dojo.tui.paths import autosave_dir, saves_dir
from ninja_dojo.tui.saves import latest_unfinished, list_saves
from ninja_dojo.tui.screens.confirm import ConfirmScreen
from ninja_dojo.tui.screens.game import GameScreen
from ninja_dojo.tui.screens.load import LoadScreen
from ninja_dojo.tui.screens.menu import MenuScreen
from ninja_dojo.tui.screens.save import SaveScreen

SIZE = (120, 40)


async def test_every_move_is_autosaved_and_continue_resumes_it_exactly(tmp_path, dojo_home):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_match(pilot, ["human", "hard", "novice"], seed=8)
        path = game.autosave.path
        assert path.parent == dojo_home / "autosave" and path.exists()   # at the deal already
        for _ in range(3):
            before = len(game.match.state.history)
            await pilot.press("1" if game.board.mode == "card" else "enter")
            await wait_for(pilot, lambda: len(game.match.state.history) > before)
            await settle(pilot, game)
            saved = engine.load_game(path)
            assert saved.state == game.match.state and saved.state.history == game.match.state.history
            assert saved.seats == ("human", "hard", "novice")
        state, seats = game.match.state.clone(), game.match.seats
        await pilot.press("escape")                      # no question: nothing can be lost
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
    # A new session (the terminal was closed): Continue is offered and resumes the game.
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen
        await pilot.pause()
        assert menu.query_one("#continue").parent.display and menu.unfinished.path == path
        info = str(menu.query_one("#continue-info").render())
        assert info.startswith("Nin Jan · round ") and "you vs 2 AI (hard, novice)" in info
        await pilot.press("c")
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        assert game.match.state == state and game.match.state.history == state.history
        assert game.match.seats == seats
        assert game.autosave.path == path                # the same file goes on
        await settle(pilot, game)
        assert game.actor == 0
        assert [p.name for p in autosave_dir().iterdir()] == [path.name]


async def test_a_finished_game_is_not_offered_to_continue(tmp_path):
    path = tmp_path / "late.msgpack"
    engine.save(late_position(2, seed=30), path, seats=["human", "novice"])
    app = make_app(tmp_path, load=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        assert game.autosave.path.parent == autosave_dir()    # a save opened: a new autosave
        await play_to_end(pilot, game)
        assert engine.load(game.autosave.path).is_terminal()
        assert path.read_bytes() == engine.dumps(late_position(2, seed=30), ["human", "novice"])
    assert latest_unfinished() is None
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#continue").parent.display
        assert app.screen.check_action("continue", ()) is False


async def test_the_load_screen_lists_saves_newest_first_with_what_they_hold(tmp_path):
    saves_dir().mkdir(parents=True)
    autosave_dir().mkdir(parents=True)
    old = saves_dir() / "old.msgpack"
    engine.save(new_game("pride_of_ninja", 4, seed=1, deck="red"), old,
                seats=["human", "human", "easy", "hard"])
    mid = autosave_dir() / "ninjan-a.msgpack"
    engine.save(late_position(4, seed=5, rounds_left=7), mid, seats=["human"] + ["medium"] * 3)
    done = saves_dir() / "done.msgpack"
    finished = late_position(2, seed=30)
    while not finished.is_terminal():
        finished.apply({m: finished.legal_actions(m)[0] for m in finished.movers()})
    engine.save(finished, done)
    (saves_dir() / "broken.msgpack").write_bytes(b"not msgpack")
    for i, p in enumerate([old, mid, done, saves_dir() / "broken.msgpack"]):
        os.utime(p, (1_700_000_000 + i * 3600,) * 2)
    infos = list_saves()
    assert [i.path.name for i in infos] == ["broken.msgpack", "done.msgpack", "ninjan-a.msgpack",
                                            "old.msgpack"]                 # newest first
    assert infos[0].error and infos[0].error.startswith("not a ")
    assert infos[1].finished and infos[1].title == "Nin Jan"
    assert infos[2].line().startswith("Nin Jan · 4 players, you vs 3 AI (medium) · round 3/9 · ")
    assert infos[2].line().endswith(" · autosave")
    assert infos[3].line().startswith("Pride of Ninja · 4 players, 2 people, 2 AI (easy, hard) · "
                                      "round 1 · ")
    app = make_app(saves_dir())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen))
        files = app.screen.query_one("#files")
        shown = [str(files.get_option_at_index(i).prompt) for i in range(files.option_count)]
        assert shown[0].startswith("broken.msgpack") and "cannot be opened" in shown[0]
        assert shown[1].startswith("Nin Jan · finished · ")
        assert shown[2].startswith("Nin Jan · round 3/9 · ") and "you vs 3 AI (medium) · autosave" in shown[2]
        assert files.highlighted == 1                      # the first file that opens
        await pilot.press("down", "enter")                 # the autosave, by the keys
        await wait_for(pilot, lambda: app.game_screen is not None)
        assert app.game_screen.match.state == engine.load(mid)
        assert app.game_screen.autosave.path == mid


async def test_saves_and_exports_go_to_the_data_folder_by_default(dojo_home):
    app = DojoApp(step_pause=0, animate=False)           # no folder given: the data folder's
    assert app.folder == dojo_home / "saves"
    async with app.run_test(size=SIZE) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=4)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        assert app.screen.query_one("#path").value == "ninjan-4-r1.msgpack"     # in the saves folder
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is game)
        assert engine.load(dojo_home / "saves" / "ninjan-4-r1.msgpack") == game.match.state
        # Any path still goes: here one outside the data folder.
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        await type_path(pilot, str(dojo_home.parent / "elsewhere"))
        assert (dojo_home.parent / "elsewhere.msgpack").exists()
    assert not any(e.name.endswith(".msgpack") for e in os.scandir(os.getcwd()))


async def test_pride_of_ninja_log_names_your_face_down_cards_after_loading(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.start_match(MatchSetup("pride_of_ninja", plan_seats(4, ["human"] + ["novice"] * 3), 8))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await settle(pilot, game)
        card = game.board.view["hand"][1]
        await pilot.press("2", "b")                       # face down
        await settle(pilot, game)
        line = next(x for x in game.game_log.lines_written if x.startswith("Pick 1 of 7: "))
        assert f"You ({card})" in line
        path = game.autosave.path
    app = make_app(tmp_path, load=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.game_screen is not None)
        log = app.game_screen.game_log.lines_written
        assert line in log                                 # the same line, your card named


async def test_when_the_autosave_fails_the_game_says_so_and_leaving_asks(tmp_path, monkeypatch):
    import ninja_dojo.tui.saves
    from ninja_dojo import tui
    real = engine.save

    def failing(state, path, seats=None, review=None):
        if "autosave" in str(path):
            raise OSError(28, "No space left on device")
        return real(state, path, seats, review)
    monkeypatch.setattr(tui.saves.engine, "save", failing)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=4)
        assert game.autosave.error and "No space left on device" in game.autosave.error
        assert any("Could not autosave" in n.message for n in app._notifications)
        assert any(line.startswith("Autosave failed: ") for line in game.game_log.lines_written)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "could not be autosaved" in app.screen.question
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_continue_offers_every_unfinished_game_newest_first(tmp_path):
    """A game started in the browser (``dojo serve``) is autosaved beside
    the terminal's: Continue used to open the newest only, so the other was
    out of reach.  Now it lists every unfinished game, newest first; a
    damaged autosave is left out in one line, and a finished game is not
    offered."""
    from ninja_dojo.tui.screens.resume import ContinueScreen
    autosave_dir().mkdir(parents=True)
    terminal = autosave_dir() / "ninjan-terminal.msgpack"
    engine.save(late_position(4, seed=5, rounds_left=7), terminal, seats=["human"] + ["medium"] * 3)
    browser = autosave_dir() / "pride_of_ninja-browser.msgpack"
    engine.save(new_game("pride_of_ninja", 4, seed=1, deck="red"), browser,
                seats=["human", "easy", "easy", "hard"])
    done = autosave_dir() / "ninjan-done.msgpack"
    finished = late_position(2, seed=30)
    while not finished.is_terminal():
        finished.apply({m: finished.legal_actions(m)[0] for m in finished.movers()})
    engine.save(finished, done)
    broken = autosave_dir() / "ninjan-broken.msgpack"
    broken.write_bytes(engine.dumps(new_game("ninjan", 2, seed=2))[:50])     # cut short
    for i, p in enumerate([terminal, browser, done, broken]):
        os.utime(p, (1_700_000_000 + i * 3600,) * 2)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        await pilot.pause()
        info = str(menu.query_one("#continue-info").render()).splitlines()
        assert info[0].startswith("Pride of Ninja · round 1 · you vs 3 AI (easy, hard) · ")
        assert info[1:] == ["and 1 more unfinished game: c lists them all",
                            "Left out: 1 autosave that cannot be opened (Load game says why)."]
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen))
        listed = app.screen.query_one("#files")
        shown = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
        assert len(shown) == 2 and listed.highlighted == 0
        assert shown[0].startswith("Pride of Ninja · round 1 · ")
        assert shown[1].startswith("Nin Jan · round 3/9 · ")
        skipped = str(app.screen.query_one("#continue-skipped").render())
        assert skipped.startswith("Left out: ninjan-broken.msgpack, which cannot be opened: "
                                  "not a position file (cut short")
        await pilot.press("down", "enter")                   # the terminal's game
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        assert game.autosave.path == terminal and game.opened_from == terminal
        assert game.match.state.history == engine.load(terminal).history
    # Escape leaves the list and the menu as they were; one game goes straight on.
    os.unlink(browser)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert str(app.screen.query_one("#continue-info").render()).splitlines()[1:] == [
            "Left out: 1 autosave that cannot be opened (Load game says why)."]
        await pilot.press("c")
        await wait_for(pilot, lambda: app.game_screen is not None)
        assert app.game_screen.autosave.path == terminal
        assert any(n.message.startswith("Left out: ninjan-broken.msgpack, which cannot be opened")
                   for n in app._notifications)


def test_a_damaged_autosave_never_stops_the_list(tmp_path):
    from hypothesis import given, settings, strategies as st
    from tests.properties import budget
    from ninja_dojo.tui.saves import unfinished_games
    autosave_dir().mkdir(parents=True)
    good = autosave_dir() / "good.msgpack"
    engine.save(late_position(2, seed=3, rounds_left=5), good, seats=["human", "novice"])
    os.utime(good, (1_600_000_000,) * 2)
    whole = engine.dumps(new_game("ninjato", 3, seed=4))

    @settings(max_examples=budget(2), deadline=None)
    @given(st.binary(max_size=300) | st.integers(0, len(whole) - 1).map(lambda n: whole[:n]))
    def check(raw):
        bad = autosave_dir() / "bad.msgpack"
        bad.write_bytes(raw)
        games, unreadable = unfinished_games()
        assert [g.path for g in games] == [good]
        assert [u.path for u in unreadable] == [bad] and "\n" not in unreadable[0].error
    check()


def test_a_description_is_read_again_once_the_file_changed():
    """The menu describes every autosave each time it shows (kept between
    showings, by file version): a game saved again is described anew."""
    from ninja_dojo.tui.saves import describe
    autosave_dir().mkdir(parents=True)
    path = autosave_dir() / "ninjan-x.msgpack"
    early = late_position(2, seed=3, rounds_left=5)
    engine.save(early, path)
    first = describe(path)
    assert describe(path) is first                      # unchanged: not read again
    on = early.clone()
    while not on.is_terminal():
        on.apply({m: on.legal_actions(m)[0] for m in on.movers()})
    engine.save(on, path)
    assert not first.finished and describe(path).finished
    path.write_bytes(b"")
    assert describe(path).error == "not a position file (empty)"
