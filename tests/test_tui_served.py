"""The app served in a browser (``dojo serve`` starts it with ``--served``)
loads, saves and exports by name in its folder only: a path (``../x``,
``/tmp/x``), or a symlink that leads out of the folder, is refused with one
line on screen and nothing is written or read there (issue 64).  The
server's token: tests/test_serve.py."""
from __future__ import annotations

import msgpack
import pytest
from hypothesis import given, strategies as st

from ninja_dojo import engine
from ninja_dojo.engine import PositionError
from tests.snapshot_apps.dojo_pilot import make_app, start_match, type_path, wait_for
from ninja_dojo.tui.paths import name_in, within
from ninja_dojo.tui.screens.game import GameScreen
from ninja_dojo.tui.screens.load import LoadScreen
from ninja_dojo.tui.screens.save import SaveScreen

PATHS = ["../x", "../../etc/passwd", "/tmp/x", "sub/x", "sub\\x", ".hidden", "..", "~/x", "link"]


@pytest.fixture
def folders(tmp_path):
    """The saves folder, a folder beside it, and a symlink from one to the other."""
    saves, outside = tmp_path / "saves", tmp_path / "outside"
    saves.mkdir()
    outside.mkdir()
    (saves / "link.msgpack").symlink_to(outside / "target.msgpack")
    return saves, outside


def message_of(dialog, which: str) -> str:
    return str(dialog.query_one(which).render())


async def test_the_served_app_saves_and_exports_by_name_in_its_folder_only(folders):
    saves, outside = folders
    app = make_app(saves, served=True)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=5)
        for key in ("s", "e"):
            for typed in PATHS:
                await pilot.press(key)
                await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
                dialog = app.screen
                assert "relative to" not in message_of(dialog, ".help")   # no path offered
                await type_path(pilot, typed)
                assert app.screen is dialog, typed
                said = message_of(dialog, "#save-message")
                assert ("give a name, not a path" in said or "outside the saves folder" in said), said
                assert "Nothing was written." in said
                await pilot.press("escape")
                await wait_for(pilot, lambda: app.screen is game)
        assert list(outside.iterdir()) == []
        assert sorted(p.name for p in saves.iterdir()) == ["link.msgpack"]
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        await type_path(pilot, "mine")
        await wait_for(pilot, lambda: app.screen is game)
        assert engine.load(saves / "mine.msgpack") == game.match.state


async def test_the_served_app_loads_by_name_or_from_its_list_only(folders):
    saves, outside = folders
    theirs = engine.new_game("ninjan", 2, seed=9)
    engine.save(theirs, outside / "target.msgpack")          # what the symlink leads to
    engine.save(theirs, outside / "x.msgpack")
    mine = engine.new_game("ninjan", 2, seed=11)
    engine.save(mine, saves / "mine.msgpack", seats=["human", "novice"])
    app = make_app(saves, served=True)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=5)
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen))
        dialog = app.screen
        assert [s.path.name for s in dialog.saves if not s.autosave] == ["mine.msgpack"]  # no link out
        for typed in ["../outside/x", str(outside / "x.msgpack"), "link", "/etc/passwd"]:
            await type_path(pilot, typed)
            assert app.screen is dialog, typed
            said = message_of(dialog, "#load-message")
            assert said.startswith("Cannot load: ") and "Nothing was changed." in said, said
            assert "give a name, not a path" in said or "outside the saves folder" in said, said
        await type_path(pilot, "mine")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen is not game)
        assert app.screen.match.state == mine


def test_a_name_is_a_file_of_the_folder_and_nothing_else(tmp_path, folders):
    saves, outside = folders
    for typed in PATHS + ["x\x1b[2J", "x" * 101]:
        with pytest.raises(PositionError) as e:
            name_in(saves, typed)
        assert "\n" not in str(e.value) and len(str(e.value)) < 120
    assert name_in(saves, "game 2") == saves / "game 2.msgpack"
    (saves / "inner.msgpack").symlink_to(saves / "mine.msgpack")      # a link inside: fine
    assert name_in(saves, "inner") == saves / "inner.msgpack"
    with pytest.raises(PositionError, match="outside the saves folder"):
        within(saves / "link.msgpack", [saves])


@given(st.text(max_size=300))
def test_any_text_names_a_file_of_the_folder_or_is_refused(text):
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d) / "saves"
        folder.mkdir()
        try:
            path = name_in(folder, text)
        except PositionError as e:
            assert "\n" not in str(e) and len(str(e)) < 150
            return
        assert path.parent == folder and path.resolve().parent == folder.resolve()


def test_a_deck_linked_from_outside_the_decks_folder_is_not_listed(dojo_home, tmp_path):
    from ninja_dojo.engine.senjutsu.decks import PRESETS
    from ninja_dojo.tui.decks import save_deck, saved_decks
    save_deck("mine", PRESETS["ronin"], "ronin")
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n")
    (dojo_home / "decks" / "passwd.txt").symlink_to(secret)
    (dojo_home / "decks" / "zero.txt").symlink_to("/dev/zero")
    assert [d.name for d in saved_decks()] == ["mine"]


def test_a_position_file_in_the_list_is_read_only_if_regular(folders):
    import os
    from ninja_dojo.tui.saves import list_saves
    saves, _ = folders
    os.mkfifo(saves / "pipe.msgpack")
    (saves / "bytes.msgpack").write_bytes(msgpack.packb([1]))
    listed = {s.path.name: s for s in list_saves([saves])}
    assert sorted(listed) == ["bytes.msgpack"] and listed["bytes.msgpack"].error
