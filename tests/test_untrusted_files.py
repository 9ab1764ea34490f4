"""A position file never opens another file, and never says much of what it
holds (issue 64).

A position is shared between people (``solver analyse friend.msgpack``,
``dojo --load``): loading it opens nothing but the file named, whatever its
fields say (a Senjutsu deck is a preset's name or the cards, never a path),
and a refusal quotes at most a short excerpt of the bad value.  Deck files
are read only where a person names one (``solver new --option
deck=FILE``): regular files only, never a FIFO or a device, of bounded size.
"""
from __future__ import annotations

import builtins
import io
import os
import subprocess
import sys

import msgpack
import pytest
from hypothesis import given, settings, strategies as st

from ninja_dojo import engine
from ninja_dojo.engine import PositionError, codec, new_game
from ninja_dojo.engine.senjutsu import decks as sd
from tests.properties import budget
from tests.test_properties_positions import assert_refusal, at, nodes, real_positions

#: a message quotes at most this much of a value (engine.checks.SHOWN)
from ninja_dojo.engine.checks import SHOWN

PRESETS = engine.game_module("senjutsu").PRESET_NAMES


@pytest.fixture(scope="module")
def traps(tmp_path_factory):
    """Files a position could name: a FIFO (reading it blocks for ever: in
    this process ``Opened`` stops any open first; a child process gets a
    timeout), a readable legal deck file (a loader that reads it would
    accept it)."""
    folder = tmp_path_factory.mktemp("traps")
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    deck = folder / "legal.deck"
    deck.write_text(sd.deck_text(sd.PRESETS["ronin"]))
    return {"fifo": str(fifo), "deck": str(deck), "folder": folder}


class Opened(list):
    """Every file the code under test opens or looks at, while it runs; the
    file is not touched (``PermissionError``), so that code which would open
    a FIFO fails the test instead of waiting for ever.  ``allow``: files
    that may be opened (the one a person named)."""

    def __init__(self, allow=()):
        super().__init__()
        self.allow = {str(p) for p in allow}

    def __enter__(self):
        self.patch = pytest.MonkeyPatch()
        for module, name in ((builtins, "open"), (io, "open"), (os, "open"), (os, "stat"),
                             (os, "lstat"), (os, "scandir"), (os, "listdir")):
            real = getattr(module, name)

            def spy(*args, _real=real, _name=name, **kw):
                target = args[0] if args else None
                if str(target) in self.allow:
                    return _real(*args, **kw)
                self.append((_name, target))
                raise PermissionError(13, "the test forbids it", str(target))
            self.patch.setattr(module, name, spy)
        return self

    def __exit__(self, *exc):
        self.patch.undo()


def senjutsu_doc(players: int = 2) -> dict:
    return codec.to_map(new_game("senjutsu", players, seed=3))


def path_like(traps) -> st.SearchStrategy[str]:
    return st.sampled_from([
        "/etc/passwd", "/dev/zero", "/dev/stdin", "/dev/tty", "/proc/self/environ", "/", ".", "..",
        "~", "~/.bashrc", "../../../etc/shadow", "C:\\Windows\\win.ini", "file:///etc/passwd",
        "$HOME/.ssh/id_rsa", "%APPDATA%\\x", "preset\x00", "ronin/../ronin", " preset",
        traps["fifo"], traps["deck"], str(traps["folder"]), traps["deck"] + "," + traps["fifo"],
        "preset," + traps["deck"]])


def strings(traps) -> st.SearchStrategy[str]:
    """Any text, a path, or a huge value (up to a megabyte)."""
    return st.one_of(st.text(), path_like(traps),
                     st.builds(lambda c, n: c * n, st.sampled_from("x/\n\x1b\u00e9"),
                               st.integers(SHOWN, 1 << 20)))


def decks(traps):
    one = st.one_of(strings(traps),
                    st.dictionaries(strings(traps), st.integers(1, 40) | strings(traps), max_size=3))
    return one | st.lists(one, min_size=1, max_size=3)


def assert_opens_nothing(opened: Opened) -> None:
    assert opened == [], f"loading a position opened or looked at {opened[:3]}"


# --------------------------------------------------------------- the deck option
def test_a_deck_named_as_a_path_is_refused_without_reading_it(traps):
    for value in ("/etc/passwd", "/dev/zero", traps["fifo"], traps["deck"]):
        doc = senjutsu_doc()
        doc["options"]["deck"] = value
        with Opened() as opened, pytest.raises(PositionError) as e:
            engine.loads(msgpack.packb(doc))
        assert_opens_nothing(opened)
        message = str(e.value)
        assert message.startswith("options.deck: ") and "is not a preset" in message, message
        assert "root:" not in message and len(message) <= 300


@settings(max_examples=budget(4))
@given(st.data())
def test_any_deck_option_opens_nothing_and_gives_one_short_message(traps, data):
    doc = senjutsu_doc(data.draw(st.sampled_from([2, 3, 4])))
    value = data.draw(decks(traps))
    doc["options"]["deck"] = value
    raw = msgpack.packb(doc, use_bin_type=True)
    with Opened() as opened:
        try:
            engine.loads(raw)
        except PositionError as e:
            assert_refusal(e)
        else:
            assert value in PRESETS, value      # only the position's own deck loads
    assert_opens_nothing(opened)


@settings(max_examples=budget(4))
@given(real_positions(), st.data())
def test_any_string_in_any_field_opens_nothing_and_gives_one_short_message(traps, doc, data):
    """Every game: a value or a key anywhere in a position replaced by any
    text, a path or a megabyte of it."""
    places = list(nodes(doc))[1:]
    path = data.draw(st.sampled_from(places))
    parent, key = at(doc, path[:-1]), path[-1]
    text = data.draw(strings(traps))
    if isinstance(parent, dict) and data.draw(st.booleans()):
        parent[text] = parent.pop(key)         # the key itself
    else:
        parent[key] = text
    raw = msgpack.packb(doc, use_bin_type=True)
    with Opened() as opened:
        try:
            codec.loads_game(raw)
        except PositionError as e:
            assert_refusal(e)
    assert_opens_nothing(opened)


# ------------------------------------------------------- bytes that are no position
@pytest.mark.parametrize("raw", [b"hello ninja\n", b"# a deck\n40 Quick Stab\n", bytes(range(256)) * 4,
                                 b"\x01\x02\x03"])
def test_text_or_random_bytes_are_not_a_position_file(raw):
    with pytest.raises(PositionError) as e:
        engine.loads(raw)
    assert str(e.value) == "not a position file (not msgpack)"


def test_a_position_with_bytes_after_it_says_so():
    with pytest.raises(PositionError, match="^not a position: extra bytes after the position$"):
        engine.loads(engine.dumps(new_game("ninjan", 2, seed=1)) + b"\x01")


@settings(max_examples=budget(4))
@given(st.binary(max_size=2000) | st.builds(lambda b, n: b * n, st.binary(min_size=1, max_size=4),
                                           st.integers(1, 100_000)))
def test_any_bytes_give_a_short_message(raw):
    try:
        engine.loads_game(raw)
    except PositionError as e:
        assert_refusal(e)


def test_a_msgpack_decode_error_is_cut_short():
    bad_text = msgpack.packb("x" * 100)[:-1] + b"\xff"       # a string that is not UTF-8
    with pytest.raises(PositionError) as e:
        engine.loads(bad_text)
    assert str(e.value) == "not a position file (not msgpack)"
    # In a position file, the reason is told, cut short.
    good = engine.dumps(new_game("ninjan", 2, seed=1))
    damaged = good.replace(b"ninjan", b"\xffinjan")
    with pytest.raises(PositionError) as e:
        engine.loads(damaged)
    assert str(e.value).startswith("not a position file (cut short or damaged: ")
    assert len(str(e.value)) <= 120


@pytest.mark.parametrize("cut", [8, 20, 100, -1])
def test_a_position_file_cut_short_says_so(cut):
    good = engine.dumps(new_game("ninjato", 3, seed=2))
    with pytest.raises(PositionError) as e:
        engine.loads(good[:cut])
    assert str(e.value).startswith("not a position file (cut short or damaged: ")
    assert "\n" not in str(e.value) and len(str(e.value)) <= 120


@pytest.mark.parametrize("raw", [b"\x80\x01\x02", b"\x81\x01\x02\x03", b"\x8f" + bytes(40),
                                 b"\xde\x00\x01\x01\x02\x00"])
def test_random_bytes_that_start_like_a_map_are_not_msgpack_either(raw):
    """(Not "extra bytes after the position": no position was there.)"""
    with pytest.raises(PositionError) as e:
        engine.loads(raw)
    assert str(e.value) == "not a position file (not msgpack)"


def test_an_empty_file_says_so(tmp_path):
    (tmp_path / "empty.msgpack").write_bytes(b"")
    with pytest.raises(PositionError) as e:
        engine.load(tmp_path / "empty.msgpack")
    assert str(e.value) == "not a position file (empty)"


# ------------------------------------------------------------- the file named
@pytest.mark.parametrize("what", ["fifo", "device", "folder", "huge"])
def test_loading_refuses_what_is_not_a_regular_file_at_once(traps, tmp_path, what):
    path = {"fifo": traps["fifo"], "device": "/dev/zero", "folder": str(tmp_path),
            "huge": str(tmp_path / "huge.msgpack")}[what]
    if what == "huge":
        with open(path, "wb") as f:
            f.truncate(codec.FILE_LIMIT + 1)     # (sparse: no disk used)
    # In a child: a loader that waits on the FIFO (or reads /dev/zero for
    # ever) fails on the timeout instead of stopping the run.
    try:
        out = subprocess.run([sys.executable, "-c", LOAD, path], capture_output=True, text=True,
                             timeout=60, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"loading {what} never returned")
    message = out.stdout.strip()
    assert out.returncode == 0 and message.startswith("cannot read ") and len(message) <= 200, out
    assert {"fifo": "a pipe (FIFO)", "device": "a device", "folder": "a folder",
            "huge": "a position file has at most"}[what] in message


LOAD = """
import sys, engine
try:
    engine.load(sys.argv[1])
except engine.PositionError as e:
    print(e)
"""


def run(args, timeout=120):
    return subprocess.run([sys.executable, "-m", "solver", *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def test_solver_analyse_of_a_position_naming_a_fifo_returns_at_once(traps, tmp_path):
    """The FIFO has no writer: a loader that opened it would wait for ever
    (the timeout fails the test)."""
    doc = senjutsu_doc()
    doc["options"]["deck"] = traps["fifo"]
    pos = tmp_path / "friend.msgpack"
    pos.write_bytes(msgpack.packb(doc))
    out = run(["analyse", pos, "--iterations", 20])
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
    assert out.stderr.startswith("solver: error: options.deck: ")
    out = run(["analyse", traps["fifo"], "--iterations", 20])     # the FIFO named itself
    assert out.returncode == 2 and "a pipe (FIFO), not a position file" in out.stderr, out.stderr


def test_solver_review_and_dojo_load_refuse_a_deck_path(traps, tmp_path):
    doc = senjutsu_doc()
    doc["options"]["deck"] = "/etc/passwd"
    pos = tmp_path / "friend.msgpack"
    pos.write_bytes(msgpack.packb(doc))
    out = run(["review", pos, "--iterations", 10])
    assert out.returncode == 2 and "options.deck: '/etc/passwd' is not a preset" in out.stderr
    assert "root:" not in out.stderr
    from ninja_dojo.tui.match import load_match     # what `dojo --load` and the load screen call
    with Opened(allow=[pos]) as opened, pytest.raises(PositionError, match="is not a preset"):
        load_match(pos)
    assert_opens_nothing(opened)


# ------------------------------------------------- deck files a person names
def test_the_command_line_reads_a_deck_file_a_person_names(traps, tmp_path):
    pos = tmp_path / "duel.msgpack"
    out = run(["new", "senjutsu", "--players", 2, "--seed", 1, "--option", "samurai=ronin,master",
               "--option", f"deck={traps['deck']},preset", "-o", pos])
    assert out.returncode == 0, out.stderr
    assert engine.load(pos).options["deck"] == [sd.PRESETS["ronin"], "preset"]   # the cards, kept


@pytest.mark.parametrize("what,words", [
    ("fifo", "a pipe (FIFO), not a deck file"), ("/dev/zero", "a device, not a deck file"),
    ("big", "a deck file has at most 65,536"), ("/etc/passwd", "line 1: "),
    ("binary", "not a text file"), ("long line", "is not a card"), ("huge count", "give 1 to 40")])
def test_a_bad_deck_file_is_one_short_line_and_never_waited_on(traps, tmp_path, what, words):
    path = {"fifo": traps["fifo"]}.get(what, what)
    if what == "big":
        path = tmp_path / "big.deck"
        path.write_text("1 Quick Stab\n" * 10_000)
    elif what == "binary":
        path = tmp_path / "binary.deck"
        path.write_bytes(b"\xff\xfe\x00" * 10)
    elif what == "long line":
        path = tmp_path / "long.deck"
        path.write_text("2 " + "Quick Stab" * 3000 + "\n")
    elif what == "huge count":
        path = tmp_path / "count.deck"
        path.write_text("9" * 5000 + " Quick Stab\n")
    out = run(["new", "senjutsu", "--players", 2, "--option", f"deck={path}", "-o", tmp_path / "x.msgpack"])
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
    assert out.stderr.startswith("solver: error: --option deck: ") and words in out.stderr, out.stderr
    assert len(out.stderr) <= 250, out.stderr
    assert not (tmp_path / "x.msgpack").exists()


def test_the_engine_itself_takes_no_deck_file(traps):
    with Opened() as opened, pytest.raises(PositionError, match="is not a preset"):
        new_game("senjutsu", 2, seed=1, deck=traps["deck"])
    assert_opens_nothing(opened)
    counts = sd.read_deck_file(traps["deck"])
    assert new_game("senjutsu", 2, seed=1, samurai="ronin,master", deck=[counts, "preset"]) \
        .fields()["deck"][0] == sd.PRESETS["ronin"]
