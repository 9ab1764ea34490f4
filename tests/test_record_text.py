"""Record texts (``engine.record_text``, docs/positions.md): a game as one
seat saw it, written move by move and read back.

What a player relies on: the record the app or ``record_of`` writes reads
back into the same game as the seat saw it, move by move (every position
it faced looks exactly as it did); a game typed in from a real table is
refused in one line where it cannot be, and ``solver review FILE.toml``
reviews that seat's decisions.
"""
from __future__ import annotations

import json
import random
import tomllib

import pytest
from hypothesis import given, strategies as st

from ninja_dojo import engine
from ninja_dojo.engine import PositionError
from ninja_dojo.engine.record_text import record_of, records_read, replay
from ninja_dojo.solver import cli
from tests.play import play_random
from tests.properties import CONFIGURATIONS

RECORD_GAMES = [name for name, g in engine.GAMES.items() if records_read(g)]


def games(game: str, count: int):
    """Seeded random games of every table size and option set, played to
    the end or stopped on the way."""
    configs = [(n, o) for g, n, o in CONFIGURATIONS if g == game]
    for i in range(count):
        players, options = configs[i % len(configs)]
        rng = random.Random(i)
        state = engine.new_game(game, players=players, seed=100 + i, **options)
        yield play_random(state, rng, moves=None if i % 2 else rng.randrange(1, 30))


def test_games_with_records():
    assert {"ninjan", "san_ni_ichi"} <= set(RECORD_GAMES)


@pytest.mark.parametrize("game", RECORD_GAMES)
def test_a_record_reads_back_as_the_game_its_seat_saw(game):
    for state in games(game, 8):
        real = list(state.plies())
        for seat in range(state.players):
            text = record_of(state, seat)
            again = replay(text, seed=seat)
            assert len(again.plies) == len(real)
            for mine, ply in zip(again.plies, real):
                assert mine.before.view(seat) == ply.before.view(seat)
                assert mine.move == ply.move or {s: ply.before.game.action_name(a) for s, a in mine.move.items()} \
                    == {s: ply.before.game.action_name(a) for s, a in ply.move.items()}
            assert again.final.view(seat) == state.view(seat)


def test_nothing_in_a_record_the_seat_did_not_see():
    state = next(games("ninjan", 2))
    for seat in range(state.players):
        hidden = set(state.start().fields()["box"])
        for other in range(state.players):
            if other != seat:
                hidden |= set(state.start().fields()["hands"][other])
        played = {name.removeprefix("play ") for ply in state.plies() for name in
                  (state.game.action_name(a) for a in ply.move.values())}
        written = record_of(state, seat)
        # an unseen card appears only as it was played
        deal = written.split("[start]")[1].split("[end]")[0]
        assert all(f'"{card}"' not in deal for card in hidden)
        assert all(f'"play {card}"' in written for card in hidden & played)


def a_record() -> str:
    state = engine.new_game("ninjan", players=3, seed=5)
    play_random(state, random.Random(1), moves=6)
    return record_of(state, 1)


@pytest.fixture
def record():
    return a_record()


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace('2 = "play 4 Rock"', '2 = "play 5 Rock"'), r"^moves: move 1, seat 2: 'play 5 Rock' is not a move here"),
    (lambda t: t.replace('3 = "play 7 Paper"', '3 = "play 4 Rock"'),
     r"^moves: move 1, seat 3: 'play 4 Rock' cannot be played: in no deal you could not tell"),
    (lambda t: t.replace('{1 = "put on pile 1"}', '{2 = "put on pile 1"}'), r"^moves: move 2: seats 2 move, but after move 1 seats 1 decide"),
    (lambda t: t.replace('{1 = "put on pile 1"}', '{7 = "put on pile 1"}'), r"^moves: move 2: '7' is not a seat \(1 to 3\)"),
    (lambda t: t.replace('hand = ["1 Rock"', 'hand = ["1 Rok"'), r"^start: hand: '1 Rok' is not a Nin Jan card"),
    (lambda t: t.replace("[start]", "[begin]"), r"^'begin': not a key of a record"),
])
def test_a_wrong_record_is_one_line_naming_the_move(record, change, message):
    changed = change(record)
    assert changed != record
    with pytest.raises(PositionError, match=message) as e:
        replay(changed)
    assert "\n" not in str(e.value)


@given(data=st.data())
def test_a_damaged_record_is_refused_in_one_line_or_is_a_game(data):
    record = a_record()
    doc = tomllib.loads(record)
    moves = doc["moves"]
    how = data.draw(st.sampled_from(["drop", "swap", "rename", "seat"]))
    i = data.draw(st.integers(0, len(moves) - 1))
    if how == "drop":
        del moves[i]
    elif how == "swap" and len(moves) > 1:
        j = data.draw(st.integers(0, len(moves) - 1))
        moves[i], moves[j] = moves[j], moves[i]
    elif how == "rename":
        seat = data.draw(st.sampled_from(sorted(moves[i])))
        moves[i][seat] = data.draw(st.sampled_from(["play 7 Rock", "take pile 2", "put on pile 4", "", "play"]))
    else:
        seat = data.draw(st.sampled_from(sorted(moves[i])))
        moves[i][data.draw(st.sampled_from(["0", "1", "2", "3", "4", "x"]))] = moves[i].pop(seat)
    text = record.split("moves = [")[0] + "moves = [" + ", ".join(
        "{" + ", ".join(f"{json.dumps(k)} = {json.dumps(v)}" for k, v in m.items()) + "}" for m in moves) \
        + "]\n" + "[start]" + record.split("[start]")[1]
    try:
        game = replay(text)
    except PositionError as e:
        assert "\n" not in str(e)
    else:
        assert len(game.plies) == len(moves)


def test_cli_reviews_a_record_of_the_seat(tmp_path, capsys):
    state = engine.new_game("ninjan", players=3, seed=8)
    play_random(state, random.Random(2))
    path = tmp_path / "game.toml"
    path.write_text(record_of(state, 2))
    assert cli.main(["review", str(path), "--iterations", "200", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line[:4].strip().isdigit()]
    assert rows and all(line.split()[1] == "3" for line in rows)
    assert "seat 3:" in out and "seat 1:" not in out
    assert cli.main(["review", str(path), "--save"]) == 2
    assert "--save" in capsys.readouterr().err


def test_the_record_in_the_docs_reads_and_reviews(tmp_path, capsys):
    import re
    from tests.test_docs import DOCS
    text = next(b for b in re.findall(r"```toml\n(.*?)```", (DOCS / "positions.md").read_text(), re.S)
                if "moves = [" in b)
    game = replay(text)
    assert len(game.plies) == 4 and game.final.view(0)["round"] == 2
    path = tmp_path / "mine.toml"
    path.write_text(text)
    assert cli.main(["review", str(path), "--iterations", "100", "--jobs", "1"]) == 0
    assert "seat 1: 3 decisions" in capsys.readouterr().out


def test_cli_show_record_of_a_saved_game(tmp_path, capsys):
    state = engine.new_game("san_ni_ichi", players=4, seed=9)
    play_random(state, random.Random(3), moves=12)
    saved = tmp_path / "game.msgpack"
    engine.save(state, saved)
    assert cli.main(["show", str(saved), "--player", "3", "--record"]) == 0
    text = capsys.readouterr().out
    assert text == record_of(state, 2)
    assert replay(text).final.view(2) == state.view(2)
    assert cli.main(["show", str(tmp_path / "x.toml"), "--record"]) == 2
