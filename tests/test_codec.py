"""Position files: exact round trips, atomic saves, and a clear
``PositionError`` (never another exception) for every bad input."""
from __future__ import annotations

import copy
import os
import random
import re

import msgpack
import pytest

from ninja_dojo import engine
from ninja_dojo.engine import PositionError, codec, dumps, load, loads, new_game, save
from tests.conftest import ninjan_position
from tests.play import play_random, random_joint


def random_game(players, seed, moves=None):
    """A game after ``moves`` random joint moves (all of them if None)."""
    return play_random(new_game("ninjan", players=players, seed=seed), random.Random(seed), moves)


def first_position(where, seeds=range(200), players=3):
    """The first position of a random game for which ``where(state)`` holds."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game("ninjan", players=players, seed=seed)
        while not state.is_terminal():
            if where(state):
                return state
            state.apply(random_joint(state, rng))
    raise LookupError("no such position in the seeds tried")


def resolving(k):
    return lambda s: s.fields()["phase"] == "resolve" and s.fields()["resolved"] == k


def assert_round_trip(state):
    data = dumps(state)
    back = loads(data)
    assert back == state
    assert (back.seed, back.options, back.history) == (state.seed, state.options, state.history)
    assert back.fields() == state.fields()
    assert back.movers() == state.movers()
    assert all(back.legal_action_ids(s) == state.legal_action_ids(s) for s in state.movers())
    assert dumps(back) == data


def choosing(rnd):
    return lambda s: s.fields()["phase"] == "choose" and s.fields()["round"] == rnd


def doc(state=None):
    """A position map to spoil: by default round 3 of a 3-player game, with
    history, where every seat is choosing a card."""
    return codec.to_map(state or first_position(choosing(3)))


def refused(d, match):
    """``d`` (a map, or bytes) is refused with a message matching ``match``."""
    data = d if isinstance(d, (bytes, bytearray)) else msgpack.packb(d, use_bin_type=True)
    with pytest.raises(PositionError, match=match):
        loads(data)


# ------------------------------------------------------------ round trips

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_round_trip_fresh_deal(players):
    assert_round_trip(new_game("ninjan", players=players, seed=17 + players))


def test_round_trip_resolve_phase_before_any_card_is_resolved():
    state = first_position(resolving(0))
    assert state.history
    assert_round_trip(state)


# A position in the middle of a resolution (someone already resolved their
# card, someone else must now choose a pile) cannot be loaded: see the report.
# engine/ninjan/position.pyx from_fields claims every ``played`` card, but fields()
# lists the cards already resolved in ``played`` *and* on a pile or in a won
# pile, so loading says "state.played[i]: ... is also in state.piles[j]".
def test_round_trip_resolve_phase_after_a_card_is_resolved():
    assert_round_trip(first_position(resolving(1)))


def test_hand_made_position_after_a_card_is_resolved():
    # 9 Paper (seat 1) took pile 1; now 2 Rock (seat 0) beats nothing and
    # must choose where to put it.
    state = ninjan_position(2, [["9 Paper"], ["5 Rock"], ["-1 Paper"]], round=1,
                            phase="resolve", hands=[[], []], won=[[], ["3 Rock"]],
                            played=["2 Rock", "9 Paper"], resolved=1)
    assert state.movers() == [0]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_round_trip_finished_game(players):
    state = random_game(players, 40 + players)
    assert state.is_terminal()
    assert_round_trip(state)
    assert loads(dumps(state)).outcome() == state.outcome()


def test_round_trip_hand_made_position_with_empty_history():
    state = ninjan_position(5, [["5 Scissors"], ["2 Paper", "4 Rock"], ["8 Rock"]],
                            [["-4 Rock"], ["3 Rock"], ["7 Paper"], ["-6 Scissors"], ["3 Paper"]],
                            round=9)
    assert state.history == []
    assert_round_trip(state)


def test_round_trip_every_choose_position_and_play_on_identically():
    # A loaded game is the same game: the same moves lead to the same end.
    for seed in range(6):
        full = random_game(2 + seed % 4, 500 + seed)
        moves = full.history
        state = new_game("ninjan", players=full.players, seed=full.seed)
        for i, joint in enumerate(moves):
            if state.fields()["phase"] == "choose":
                assert_round_trip(state)
                loaded = loads(dumps(state))
                for later in moves[i:]:
                    loaded.apply(dict(later))
                assert loaded.fields() == full.fields()
                assert loaded.returns() == full.returns()
            state.apply(dict(joint))


def test_file_layout_is_the_documented_map():
    state = random_game(2, 3, moves=3)
    d = msgpack.unpackb(dumps(state), raw=False)
    assert list(d) == ["format", "version", "game", "options", "seed", "state", "history"]
    assert d["format"] == "ninja-dojo/position" and d["version"] == 1
    assert d["game"] == "ninjan" and d["options"] == {"players": 2} and d["seed"] == 3
    assert d["history"] == [[list(p) for p in joint] for joint in state.history]
    assert set(d["state"]) == {"players", "round", "phase", "hands", "box", "piles",
                               "won", "played", "resolved"}


# ----------------------------------------------------------------- seats

def test_seats_round_trip_and_are_optional(tmp_path):
    state = random_game(3, 5, moves=4)
    path = tmp_path / "g.msgpack"
    save(state, path, seats=["medium", "human", "hard"])
    game = engine.load_game(path)
    assert game.state == state and game.seats == ("medium", "human", "hard")
    assert load(path) == state
    assert list(msgpack.unpackb(path.read_bytes(), raw=False))[-1] == "seats"
    # A file written without seats (solver new, a puzzle) has none.
    assert engine.loads_game(dumps(state)).seats is None


@pytest.mark.parametrize("bad,match", [
    ("human", r"^seats: expected a list of 3 names"),
    (["human", "hard"], r"^seats: expected a list of 3 names"),
    (["human", "hard", 7], r"^seats\[2\]: expected a name"),
    (["human", "", "hard"], r"^seats\[1\]: expected a name"),
    (["human", "x" * 33, "hard"], r"^seats\[1\]"),
    (["human\n", "hard", "hard"], r"^seats\[0\]"),
])
def test_malformed_seats_are_refused(bad, match):
    d = doc()
    d["seats"] = bad
    refused(d, match)


def test_saving_malformed_seats_writes_nothing(tmp_path):
    path = tmp_path / "g.msgpack"
    with pytest.raises(PositionError, match="seats"):
        save(new_game("ninjan", 2, seed=1), path, seats=["human"])
    assert not path.exists()


# --------------------------------------------------------------- history

def test_history_is_replayed_and_must_reach_the_state():
    state = random_game(3, 9, moves=12)
    d = doc(state)
    d["history"] = d["history"][:-1]
    refused(d, r"^history: replaying")


def test_history_with_an_illegal_move_names_the_move():
    state = random_game(2, 9, moves=3)
    d = doc(state)
    hand1 = state.fields()["hands"][1]
    d["history"][0][0][1] = engine.ninjan.parse_card(hand1[0])   # seat 0 plays seat 1's card
    refused(d, r"^history\[0\]: seat 0")


def test_history_from_another_deal_is_refused():
    d = doc()
    d["seed"] += 1
    refused(d, r"^history")


@pytest.mark.parametrize("bad,match", [
    ("x", r"^history: expected a list"),
    ([[]], r"^history\[0\]"),
    ([[[0]]], r"^history\[0\]"),
    ([[[0, "play 7 Rock"]]], r"^history\[0\] action: expected an integer"),
    ([[[9, 1]]], r"^history\[0\] seat: 9 is not in 0..2"),
    ([[[0, -1]]], r"^history\[0\] action: -1 is not in 0.."),
])
def test_malformed_history(bad, match):
    d = doc()
    d["history"] = bad
    refused(d, match)


def test_history_naming_a_seat_twice_is_refused():
    d = doc()
    first = d["history"][0]
    d["history"][0] = [[0, first[0][1] ^ 1]] + first   # seat 0 "plays" two cards
    refused(d, r"^history\[0\]")


def test_round_trip_every_position_of_random_games():
    for seed in range(40):
        rng = random.Random(seed)
        state = new_game("ninjan", players=2 + seed % 4, seed=seed)
        while True:
            assert_round_trip(state)
            if state.is_terminal():
                break
            state.apply(random_joint(state, rng))


# ------------------------------------------------------------ save / load

def test_save_and_load(tmp_path):
    state = first_position(choosing(6), players=4)
    target = tmp_path / "game.msgpack"
    save(state, target)
    assert load(target) == state and load(str(target)).history == state.history
    assert target.read_bytes() == dumps(state)
    assert os.listdir(tmp_path) == ["game.msgpack"]


def test_failed_save_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "game.msgpack"
    old = first_position(choosing(2), players=2)
    save(old, target)
    before = target.read_bytes()

    def crash(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(codec.os, "replace", crash)
    with pytest.raises(OSError):
        save(first_position(choosing(5), players=2), target)
    assert target.read_bytes() == before
    assert os.listdir(tmp_path) == ["game.msgpack"], "the temporary file was left behind"
    assert load(target) == old


def test_load_missing_or_unreadable_file(tmp_path):
    with pytest.raises(PositionError, match="cannot read"):
        load(tmp_path / "nope.msgpack")
    with pytest.raises(PositionError, match="cannot read"):
        load(tmp_path)   # a folder


def test_load_a_file_that_is_not_a_position(tmp_path):
    p = tmp_path / "notes.txt"
    p.write_text("hello ninja\n")
    with pytest.raises(PositionError):
        load(p)


# ------------------------------------------------------------- bad input

def test_bytes_level_errors():
    good = dumps(random_game(2, 2, moves=4))
    refused(good[: len(good) // 2], re.escape("not a position file (cut short or damaged: "))
    refused(good[:1], re.escape("not a position file (not msgpack)"))
    refused(b"", re.escape("not a position file (empty)"))
    refused(good + b"\x01", "extra bytes")
    refused(random.Random(1).randbytes(300), "position")
    refused(msgpack.packb([1, 2, 3]), re.escape("not a position file (its msgpack is a list, not a map)"))
    refused(msgpack.packb("ninjan"), re.escape("not a position file (its msgpack is text, not a map)"))
    with pytest.raises(PositionError, match="expected bytes"):
        loads("not bytes")


def spoil(path, value):
    """A valid map with the field at ``path`` set to ``value`` (or deleted)."""
    d = doc()
    *parents, last = path
    node = d
    for key in parents:
        node = node[key]
    if value is DELETE:
        del node[last]
    else:
        node[last] = value
    return d


DELETE = object()


@pytest.mark.parametrize("path,value,match", [
    # the envelope
    (["format"], "chess/pgn", r"^format: expected 'ninja-dojo/position'"),
    (["format"], DELETE, r"^format"),
    (["version"], 2, r"^version: 2 is not supported"),
    (["version"], "1", r"^version"),
    (["game"], "go", r"unknown game 'go'"),
    (["game"], 3, r"^game"),
    (["seed"], DELETE, r"^seed: missing"),
    (["seed"], "7", r"^seed: expected an integer, got str"),
    (["seed"], -1, r"^seed: -1 is not in 0.."),
    (["options"], DELETE, r"^options: missing"),
    (["options"], [2], r"^options"),
    (["options", "players"], 7, r"^options.players: 7 is not in 2..5"),
    (["options", "players"], True, r"^options.players: expected an integer, got bool"),
    (["options", "variant"], "turbo", r"^options: .*no options"),
    (["state"], DELETE, r"^state: missing"),
    (["state"], [1, 2], r"^state"),
    (["history"], DELETE, r"^history: missing"),
    (["comment"], "hi", r"^unknown field 'comment'"),
    # the game's fields
    (["state", "players"], 7, r"^state.players: 7 is not in 2..5"),
    (["state", "players"], "3", r"^state.players: expected an integer, got str"),
    (["state", "players"], True, r"^state.players: expected an integer, got bool"),
    (["state", "players"], 2, r"^state.hands: expected 2 lists, got 3"),
    (["state", "round"], 0, r"^state.round: 0 is not in 1..9"),
    (["state", "round"], 10, r"^state.round: 10 is not in 1..9"),
    (["state", "round"], 2.0, r"^state.round: expected an integer, got float"),
    (["state", "round"], DELETE, r"^state.round: missing"),
    (["state", "phase"], "bidding", r"^state.phase: 'bidding' is not one of"),
    (["state", "phase"], "over", r"^state.phase: the game is over only after round 9"),
    (["state", "hands"], "all", r"^state.hands: expected a list"),
    (["state", "hands"], DELETE, r"^state.hands: missing"),
    (["state", "piles"], [["1 Rock"]], r"^state.piles: expected 3 lists, got 1"),
    (["state", "won"], [[], []], r"^state.won: expected 3 lists, got 2"),
    (["state", "box"], [], r"^state.box: 0 cards, expected 18"),
    (["state", "played"], [None, None], r"^state.played: expected 3 entries"),
    (["state", "played"], ["1 Rock", None, None], r"^state.played\[0\]: no card is revealed"),
    (["state", "resolved"], 1, r"^state.resolved: must be 0"),
    (["state", "resolved"], True, r"^state.resolved: expected an integer, got bool"),
    (["state", "bonus"], 3, r"^state: unknown field 'bonus'"),
])
def test_bad_field_is_named(path, value, match):
    refused(spoil(path, value), match)


def base_fields():
    d = doc()
    assert d["state"]["phase"] == "choose" and d["state"]["round"] == 3
    return d, d["state"]


def test_card_in_two_places():
    d, f = base_fields()
    f["box"][0] = f["hands"][0][0]
    refused(d, r"is also in state.hands\[0\]")


def test_card_missing():
    d, f = base_fields()
    owner = next(i for i, w in enumerate(f["won"]) if w)
    lost = f["won"][owner].pop()
    refused(d, rf"^state: 1 cards are nowhere \(first: {lost}\)")


def test_wrong_hand_size():
    d, f = base_fields()
    f["box"].append(f["hands"][1].pop())
    refused(d, r"^state.hands\[1\]: 6 cards, expected 7 in round 3")


def test_wrong_box_size():
    d, f = base_fields()
    f["won"][0].append(f["box"].pop())
    refused(d, r"^state.box: 17 cards, expected 18")


def test_empty_pile():
    d, f = base_fields()
    f["won"][2].extend(f["piles"][1])
    f["piles"][1] = []
    refused(d, r"^state.piles\[1\]: a pile cannot be empty")


def test_card_that_is_no_card():
    d, f = base_fields()
    f["hands"][0][0] = 17
    refused(d, r"^state.hands\[0\]: 17 is not a card name")
    f["hands"][0][0] = ["7 Paper"]
    refused(d, r"^state.hands\[0\]")


def test_unknown_card_name_names_the_field():
    d, f = base_fields()
    f["hands"][0][0] = "0 Rock"
    refused(d, r"^state.hands\[0\]: '0 Rock'")


def test_resolved_too_large():
    state = first_position(resolving(0))
    d = doc(state)
    d["history"] = []           # a hand-made position: no replay to compare
    d["state"]["resolved"] = 3
    refused(d, r"^state.resolved: 3 is not in 0..2")


def test_resolved_at_a_forced_step():
    # seat 1's 9 Paper beats only pile 1: the engine resolves that itself, so
    # a position waiting on it is not a real position.
    d = codec.to_map(ninjan_position(2, [["1 Rock"], ["5 Paper"], ["8 Scissors"]], round=1,
                                     phase="choose", hands=[["2 Rock"], ["9 Paper"]]))
    f = d["state"]
    f["phase"], f["played"] = "resolve", ["2 Rock", "9 Paper"]
    f["hands"] = [[c for c in h if c not in f["played"]] for h in f["hands"]]
    refused(d, r"^state.resolved: the card of seat 1 has a forced take")


def test_players_must_agree():
    d = doc(random_game(2, 5, moves=0))
    d["options"]["players"] = 3
    refused(d, r"^options.players: 3, but the state says 2")


def test_binary_option_key_is_a_position_error():
    d = doc()
    d["options"][b"turbo"] = 1
    refused(d, r"^options")


# ---------------------------------------------------------------- fuzzing

def test_mutated_files_load_or_raise_position_error():
    rng = random.Random(2024)
    sources = [dumps(random_game(3, 77, moves=9)), dumps(random_game(2, 78)),
               dumps(new_game("ninjan", players=5, seed=79))]
    loaded = refused_count = 0
    for i in range(2000):
        data = bytearray(sources[i % len(sources)])
        for _ in range(rng.choice((1, 1, 2, 3))):
            kind = rng.random()
            pos = rng.randrange(len(data))
            if kind < 0.7:
                data[pos] = rng.randrange(256)
            elif kind < 0.85:
                del data[pos]
            else:
                data.insert(pos, rng.randrange(256))
        try:
            state = loads(bytes(data))
        except PositionError as e:
            assert str(e), "an error without a message"
            refused_count += 1
        else:
            assert isinstance(state, engine.State)
            assert_round_trip(state)
            loaded += 1
    # Both outcomes happen, so the test sees both paths.
    # Nearly every mutation is refused; the few that load must be sound.
    assert refused_count > 1000 and loaded > 0, (refused_count, loaded)


def _nodes(x, path=()):
    yield path
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _nodes(v, path + (i,))


def _get(x, path):
    for key in path:
        x = x[key]
    return x


def test_mutated_maps_load_or_raise_position_error():
    # Bytes-level noise rarely gets past msgpack; this reaches the field
    # checks: one node of a valid map replaced by a value of another kind.
    rng = random.Random(7)
    base = [codec.to_map(s) for s in (first_position(choosing(4)), first_position(resolving(0)),
                                      random_game(4, 3))]
    values = [None, True, False, 0, 1, -1, 2, 9, 53, 2**40, -2**63, 1.5, "", "x",
              "7 Paper", "0 Rock", "choose", "over", b"\x00", [], [[]], {}, {"a": 1}]
    outcomes = {"loaded": 0, "refused": 0}
    for i in range(1000):
        d = msgpack.unpackb(msgpack.packb(base[i % len(base)]), raw=False)
        path = rng.choice(list(_nodes(d))[1:])
        node = _get(d, path[:-1])
        if rng.random() < 0.2 and isinstance(node, list):
            del node[path[-1]]
        else:
            node[path[-1]] = rng.choice(values + [copy.deepcopy(_get(d, rng.choice(list(_nodes(d)))))])
        try:
            state = loads(msgpack.packb(d, use_bin_type=True))
        except PositionError as e:
            assert str(e)
            outcomes["refused"] += 1
        else:
            assert_round_trip(state)
            outcomes["loaded"] += 1
    assert outcomes["refused"] > 500, outcomes


def test_game_options_must_agree_with_the_state():
    import msgpack
    from ninja_dojo.engine import dumps, loads, new_game

    s = new_game("san_ni_ichi", 4, seed=3, teams=True)
    d = msgpack.unpackb(dumps(s))
    d["options"]["teams"] = False
    with pytest.raises(PositionError, match=r"^options.teams: False, but the state says True"):
        loads(msgpack.packb(d))
    d["options"]["teams"] = True
    assert loads(msgpack.packb(d)) == s


def test_a_determinized_copy_has_no_past_and_is_not_saved(tmp_path):
    # The true seed and moves would rebuild every hidden card (issue 10).
    s = random_game(3, 5, moves=4)
    d = s.determinize(0, seed=9)
    assert d.seed is None and d.history == []
    assert d.view(0) == s.view(0)
    with pytest.raises(PositionError, match=r"^seed: this state is a determinized copy"):
        dumps(d)
    with pytest.raises(PositionError, match=r"^seed: this state is a determinized copy"):
        engine.save(d, tmp_path / "copy.msgpack")
    assert list(tmp_path.iterdir()) == []
