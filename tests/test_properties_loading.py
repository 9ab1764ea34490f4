"""A position that loads never crashes the process, for every game, present
and future (``engine.GAMES``).

Positions taken at random points of random games (so their logs, decks and
mid-turn frames are full) are damaged field by field: one test per field of
each game's position file (each top-level key, each option, each field of
the state), and in it, a place at any depth, most often a single value.  A
number becomes another in a byte's range (where a table index hides), one
off, a huge or negative one, nothing or a value of another type; a name
becomes another name from the file; lists and maps lose, repeat, swap or
gain entries; sometimes one or two more places anywhere are damaged too.  A
child process (``tests/fuzz_play.py``) loads each position and, when it
loads, plays it: every seat's view, the steps, every legal move and the
heuristic's choice, each seat's resampled world, a short search, and random
moves to the end.  Each case must end in ``PositionError`` (one line
naming the field) or a game played to its end; a crash (a signal, or the
debug build's sanitizer aborting) or a hang fails the test with the
example and the places damaged, instead of killing the run.

The default profile tries a few examples per field (every field in every
run); CI runs these tests again against the debug build (``.ci/run``,
``NINJA_DOJO_DEBUG_BUILD`` in ``setup.py``), where an index out of its
array aborts instead of reading or writing next to it, with four times as
many; ``HYPOTHESIS_PROFILE=thorough`` is a long hunt (600 per field).
"""
from __future__ import annotations

import copy
import os
import pickle
import random
import select
import struct
import subprocess
import sys
import tempfile
import time

import pytest
from hypothesis import event, given, note, settings, strategies as st

from ninja_dojo import engine
from ninja_dojo.engine import codec
from tests.play import play_random
from tests.properties import CONFIGURATIONS, budget, start
from tests.test_properties_positions import EDGE_INTEGERS, NAMED, at, nodes, values

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: How long one position may take in the child (loading, a little search and
#: a whole game; a real one takes well under a second, and the debug build a
#: few times more): beyond it, the position hangs the engine.
TIMEOUT = 120.0
#: Joint moves of the random games the positions are taken from (more than
#: any game lasts).
GAME_CAP = 5000


class Child:
    """A child process answering ``tests.fuzz_play``'s requests, restarted
    after it dies (``argv`` and ``timeout`` for the harness's own tests)."""

    def __init__(self, argv=(sys.executable, "-m", "tests.fuzz_play"), timeout: float = TIMEOUT):
        self.argv = list(argv)
        self.timeout = timeout
        self.proc = None
        self.err = None

    def start(self):
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(self.argv, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.err)

    def stop(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc.stdin.close()
            self.proc.stdout.close()
            self.err.close()
            self.proc = None

    def ask(self, doc, seed: int):
        """The child's verdict on ``doc``; AssertionError if it dies or hangs."""
        if self.proc is None or self.proc.poll() is not None:
            self.stop()
            self.start()
        data = pickle.dumps((doc, seed))
        try:
            self.proc.stdin.write(struct.pack("<Q", len(data)) + data)
            self.proc.stdin.flush()
            deadline = time.monotonic() + self.timeout
            (size,) = struct.unpack("<Q", self._read(8, deadline))
            return pickle.loads(self._read(size, deadline))
        except (BrokenPipeError, EOFError):
            self.proc.wait()
            self.err.seek(0)
            report = self.err.read().decode(errors="replace")[-3000:]
            code = self.proc.returncode
            self.stop()
            raise AssertionError(f"the engine crashed on this position (exit {code}"
                                 + (f", signal {-code}" if code < 0 else "") + f"):\n{report}") from None
        except TimeoutError:
            self.stop()
            raise AssertionError(f"the engine hangs on this position (no answer in {self.timeout:g} s)") from None

    def _read(self, size: int, deadline: float) -> bytes:
        out = b""
        fd = self.proc.stdout.fileno()
        while len(out) < size:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise TimeoutError
            chunk = os.read(fd, size - len(out))
            if not chunk:
                raise EOFError
            out += chunk
        return out


@pytest.fixture(scope="module")
def child():
    c = Child()
    yield c
    c.stop()


@st.composite
def game_positions(draw, game: str):
    """A position of ``game`` at a random point of a random game, as a map."""
    config = draw(st.sampled_from([c for c in CONFIGURATIONS if c[0] == game]))
    seed = draw(st.integers(0, 2**63 - 1))
    state = start(config, seed)
    line = [state.clone()]
    rng = random.Random(seed)
    while not state.is_terminal() and len(line) < GAME_CAP:
        play_random(state, rng, 1)
        line.append(state.clone())
    # Any point of the game equally likely (Hypothesis's own integers lean
    # to the smallest), its very start and end more often.
    rnd = draw(st.randoms(use_true_random=True))
    point = rnd.choice([0, len(line) - 1]) if rnd.random() < 0.1 else rnd.randrange(len(line))
    return codec.to_map(line[point])


def fields_of(game: str) -> list[tuple]:
    """The fields of a ``game`` position file: each top-level key, each
    option and each field of the state (the same in every position)."""
    config = next(c for c in CONFIGURATIONS if c[0] == game)
    doc = codec.to_map(start(config, 0))
    return ([(k,) for k in doc] + [("options", k) for k in doc["options"]]
            + [("state", k) for k in doc["state"]])


FIELDS = [(game, field) for game in engine.GAMES for field in fields_of(game)]

#: Damage to one place: what becomes of a number, a name, a list or map
#: there, each as likely as its repeats.  Most damage keeps a number a number
#: in a byte's range (``byte``, ``nudge``) and a name a name (``copy``): what
#: passes a type check and then points into a table.
HOW_NUMBER = ("byte", "byte", "byte", "byte", "nudge", "nudge", "nudge", "edge", "none", "type",
              "copy", "remove", "duplicate")
HOW_NAME = ("copy", "copy", "copy", "none", "byte", "type", "remove", "duplicate")
HOW_CONTAINER = ("remove", "duplicate", "add", "add", "empty", "swap", "type", "copy", "shuffle")


def damage(draw, rnd: random.Random, doc, field: tuple | None = None) -> tuple:
    """One damage to ``doc`` inside ``field`` (any field of the file when
    None): a place at any depth in it, most often a single value, then what
    becomes of it.  Returns the place."""
    if field is None or not _has(doc, field):
        fields = [(k,) for k in doc]
        for k in ("state", "options"):
            if isinstance(doc.get(k), dict):
                fields += [(k, f) for f in doc[k]]
        field = rnd.choice(fields)
    places = list(nodes(at(doc, field), field))
    leaves = [p for p in places if not isinstance(at(doc, p), (list, dict))]
    path = rnd.choice(leaves if leaves and rnd.random() < 0.8 else places)
    parent, key = at(doc, path[:-1]), path[-1]
    node = parent[key]
    if isinstance(node, (list, dict)):
        how = rnd.choice(HOW_CONTAINER)
    elif isinstance(node, int) and not isinstance(node, bool):
        how = rnd.choice(HOW_NUMBER)
    else:
        how = rnd.choice(HOW_NAME)
    if how == "nudge":
        parent[key] = node + rnd.choice([-2, -1, 1, 2])
    elif how == "byte":
        parent[key] = rnd.randint(-1, 300)
    elif how == "edge":
        parent[key] = rnd.choice(EDGE_INTEGERS)
    elif how == "none":            # where a file may say "nothing" elsewhere
        parent[key] = None
    elif how == "type":
        parent[key] = draw(values)
    elif how == "copy":            # a card name, a seat, a list... from elsewhere in the file
        alike = [p for p in nodes(doc) if p and type(at(doc, p)) is type(node) and at(doc, p) != node]
        parent[key] = copy.deepcopy(at(doc, rnd.choice(alike or list(nodes(doc))[1:])))
    elif how == "remove":
        del parent[key]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(node))
    elif how == "add" and isinstance(node, list):
        node.insert(rnd.randint(0, len(node)), copy.deepcopy(rnd.choice(node)) if node and rnd.random() < 0.5
                    else rnd.randint(-1, 300) if rnd.random() < 0.5 else draw(values))
    elif how == "add" and isinstance(node, dict):
        names = [k for p in nodes(doc) for k in p if isinstance(k, str)] + ["x"]
        node[rnd.choice(names) + rnd.choice(["", "_", "2"])] = draw(values)
    elif how == "empty":
        node.clear()
    elif how == "swap" and isinstance(node, list) and len(node) > 1:
        i, j = rnd.sample(range(len(node)), 2)
        node[i], node[j] = node[j], node[i]
    elif how == "shuffle" and isinstance(node, list):
        rnd.shuffle(node)
    else:
        parent[key] = draw(values)
    return path


def _path_text(path: tuple) -> str:
    """``("state", "log", 3, 2)`` as ``state.log[3][2]``."""
    return "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path).lstrip(".")


def _has(doc, path: tuple) -> bool:
    try:
        at(doc, path)
    except (KeyError, IndexError, TypeError):
        return False
    return True


@st.composite
def damaged(draw, game: str, field: tuple):
    """A position of ``game`` with ``field`` damaged, and sometimes one or
    two more places anywhere.  Where to damage and how is drawn from a
    ``Random`` that Hypothesis controls: every place equally likely (its own
    choices lean to the first of a list)."""
    doc = draw(game_positions(game))
    rnd = draw(st.randoms(use_true_random=True))
    paths = [damage(draw, rnd, doc, field)]
    paths += [damage(draw, rnd, doc) for _ in range(rnd.choice([0, 0, 0, 0, 1, 2]))]
    # A damaged state with its history is refused by the replay; mostly the
    # fields alone decide, as in a hand-made position.
    if any(p[0] in ("state", "options") for p in paths) and rnd.random() < 0.8:
        doc["history"] = []
    return doc, paths


@pytest.mark.parametrize("game, field", FIELDS, ids=[f"{g}-{'.'.join(f)}" for g, f in FIELDS])
def test_a_damaged_position_is_refused_or_plays_to_the_end_in_a_child(game, field, child):
    @settings(max_examples=budget(0.3))
    @given(damaged(game, field), st.integers(0, 2**32 - 1))
    def check(damage, seed):
        doc, places = damage
        note(f"damaged at {', '.join(map(_path_text, places))}")
        verdict, detail = child.ask(doc, seed)
        event(verdict)
        if verdict == "failed":
            raise AssertionError(detail)
        if verdict == "refused":
            assert "\n" not in detail and len(detail) <= 300, detail
            assert NAMED.match(detail), f"names no field: {detail!r}"

    check()


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_undamaged_positions_play_to_the_end_in_a_child(game, child):
    """The other half of the property: real positions load and play."""
    @settings(max_examples=budget(0.5))
    @given(game_positions(game), st.integers(0, 2**32 - 1))
    def check(doc, seed):
        if doc["history"] and seed % 2:
            doc["history"] = []
        verdict, detail = child.ask(doc, seed)
        assert verdict == "played", detail

    check()


@pytest.mark.parametrize("script, message", [
    ("import os; os.kill(os.getpid(), 11)", "the engine crashed on this position (exit -11, signal 11)"),
    ("import os; os.write(2, b'engine.c:7: runtime error: index 6 out of bounds'); os._exit(1)",
     "the engine crashed on this position (exit 1):\nengine.c:7: runtime error: index 6 out of bounds"),
    ("import time; time.sleep(60)", "the engine hangs on this position (no answer in 0.5 s)"),
])
def test_a_child_that_crashes_aborts_or_hangs_fails_the_example_and_is_restarted(script, message):
    """The harness itself: whatever ends the child (a signal, the
    sanitizer's abort with its report, no answer) is one failure naming it,
    and the next example gets a fresh child."""
    c = Child([sys.executable, "-c", "import sys; sys.stdin.buffer.read(8); " + script], timeout=0.5)
    try:
        for _ in range(2):
            with pytest.raises(AssertionError) as e:
                c.ask({}, 0)
            assert str(e.value).startswith(message)
    finally:
        c.stop()
