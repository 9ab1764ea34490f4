"""The child process of the loader fuzz test (``tests/test_properties_loading.py``):
it loads damaged positions and plays them, where a crash or a hang can only
end this process, never the test run.

Run as ``python -m tests.fuzz_play``, it reads requests from stdin and
answers each on stdout, both as length-prefixed pickles: a request is
``(position map, seed)``, the answer ``("refused", message)``,
``("played", moves)`` or ``("failed", traceback)``.  A position that makes
the engine crash ends the process with a signal (or, in the debug build, an
abort with the sanitizer's report on stderr), and one that hangs it leaves
the parent waiting: the parent tells both from an answer.

What a loaded position must bear is everything a program may do with it:
save and load it back, read every seat's view, the steps, the scores and the
game's judgement, ask every legal move and the heuristic's choice, resample
it for each seat (and play on in that world), search it a little, and play
it to the end with random legal moves.

>>> import random
>>> from ninja_dojo.engine import new_game, codec
>>> exercise(codec.to_map(new_game("ninjan", 2, seed=1)), 1)[0]
'played'
>>> exercise({"format": "ninja-dojo/position"}, 1)
('refused', 'version: None is not supported (this program reads version 1)')
"""
from __future__ import annotations

import pickle
import random
import struct
import sys
import traceback

import msgpack

from ninja_dojo import engine
from ninja_dojo.engine import PositionError, State, codec

#: Joint moves a game may take from a loaded position before it counts as
#: one that never ends (the longest real games take a few thousand).
MOVE_CAP = 20_000
#: Moves played on in each resampled world, and the size of the search.
WORLD_MOVES = 12
SEARCH_ITERATIONS = 12


def load(doc):
    """The position of ``doc`` as a file holds it (msgpack bytes), or as a
    map when msgpack cannot hold a value (an integer beyond 64 bits)."""
    try:
        data = msgpack.packb(doc, use_bin_type=True)
    except (OverflowError, ValueError, TypeError):
        return codec.game_from_map(doc)
    return engine.loads_game(data)


def look(state: State, rng: random.Random) -> None:
    """Everything a reader asks of a position, without changing it."""
    state.fields()
    state.scores()
    state.steps()
    for seat in range(-1, state.players):
        state.view(seat)
    for seat in range(state.players):
        state.chance_key(seat)
    state.evaluate()
    state.evaluation_features()
    for seat in state.movers():
        for action in state.legal_actions(seat):
            str(action)
        state.policy_action(seat, rng.randrange(2**32))
    if state.is_terminal():
        state.outcome()


def random_move(state: State, rng: random.Random) -> None:
    state.apply({seat: rng.choice(state.legal_action_ids(seat)) for seat in state.movers()})


def play(state: State, rng: random.Random) -> int:
    """Everything above, then random legal moves to the end; the moves played."""
    from ninja_dojo.solver.search import analyse

    again = engine.loads(engine.dumps(state))
    assert again == state, "the loaded position does not save and load back the same"
    look(state, rng)
    for observer in range(-1, state.players):
        world = state.determinize(observer, rng.randrange(2**64))
        look(world, rng)
        for _ in range(WORLD_MOVES):
            if world.is_terminal():
                break
            random_move(world, rng)
            world.steps()
    if not state.is_terminal():
        analyse(state.clone(), iterations=SEARCH_ITERATIONS, seed=rng.randrange(2**32))
    moves = 0
    while not state.is_terminal():
        assert moves < MOVE_CAP, f"no end after {MOVE_CAP} moves"
        random_move(state, rng)
        moves += 1
        state.steps()
        state.view(rng.randrange(-1, state.players))
    look(state, rng)
    returns = state.returns()
    assert len(returns) == state.players and all(0 <= r <= 1 for r in returns), returns
    return moves


def exercise(doc, seed: int) -> tuple[str, object]:
    """Load ``doc`` and, if it loads, play it: the verdict for the parent."""
    try:
        saved = load(doc)
    except PositionError as e:
        return "refused", str(e)
    except Exception:
        return "failed", "loading raised something else than PositionError:\n" + traceback.format_exc()
    try:
        return "played", play(saved.state, random.Random(seed))
    except Exception:
        return "failed", traceback.format_exc()


def _read(stream) -> object:
    head = stream.read(8)
    if len(head) < 8:
        return None
    (size,) = struct.unpack("<Q", head)
    return pickle.loads(stream.read(size))


def _write(stream, obj) -> None:
    data = pickle.dumps(obj)
    stream.write(struct.pack("<Q", len(data)) + data)
    stream.flush()


def main() -> None:
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr           # nothing else may write into the answers
    while True:
        request = _read(stdin)
        if request is None:
            return
        doc, seed = request
        _write(stdout, exercise(doc, seed))


if __name__ == "__main__":
    main()
