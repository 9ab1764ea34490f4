"""Random Ninjato games with the rules' invariants checked, and positions
through msgpack.

10,000 seeded games over 2-4 players, every step drawn uniformly from the
legal actions (through the engine's driver, the same calls the search
makes).  At the end of every turn and of the game, from the position's
fields and the turn's steps: every Dojo card, Sensei tile, treasure token,
Guard, Elite, Envoy and Rumor is in exactly one place; a house side took at
most one shuriken in the turn; every player placed exactly 3 shuriken; the
game ends after turn 7; the scores add up from their parts.  The counts are
the rulings' (rules/ninjato.md), written out here, not read from the engine.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from ninja_dojo.engine import PositionError, _driver, codec, dumps, loads, new_game, ninjato

GAMES = 10_000
DOJO = {1: 10, 2: 10, 3: 12, 4: 10, 5: 10}
TREASURE = (24, 22, 20, 14, 10)


def check_conservation(f):
    n = f["players"]
    dojo = Counter(f["dojo_deck"]) + Counter(v for v in f["dojo_row"] if v)
    for hand in f["hands"]:
        dojo += Counter({v + 1: c for v, c in enumerate(hand)})
    dojo += Counter({v + 1: c for v, c in enumerate(f["dojo_discard"])})
    assert dojo == Counter(DOJO), "Dojo cards not conserved"
    tr = [f["bag"][t] + f["spent"][t] + sum(f["treasure"][p][t] for p in range(n))
          + sum(sum(h[t]) for h in f["house_treasure"]) + sum(f["attack"]["on_shuriken"][t])
          for t in range(5)]
    assert tuple(tr) == TREASURE, f"treasure not conserved: {tr}"
    guards = f["guard_deck"] + f["guard_discard"] + [g for g in f["sentries"] if g] + f["attack"]["revealed"]
    assert sorted(guards) == [f"GD{i:02d}" for i in range(1, 41)]
    elites = f["elite_deck"] + f["elite_discard"] + sum(f["elites"], [])
    if f["attack"]["facing"] == "Elite" and f["attack"]["card"]:
        elites.append(f["attack"]["card"])
    assert sorted(elites) == [f"EL{i:02d}" for i in range(1, 21)]
    hj = [f"HJ{i}" for i in range(4 - f["hensojutsu_left"], 4)]
    tiles = f["sensei_stack"] + [t for t in f["offer"] if t] + sum(f["tiles"], []) + f["removed_tiles"] + hj
    assert Counter(tiles) == Counter(
        [f"{k}{i}" for k in ("SN", "TG") for i in range(1, 6)] + [f"CR{i}" for i in range(1, 7)]
        + ["HJ1", "HJ2", "HJ3"])
    for kind, total in (("envoy", 21), ("rumor", 30)):
        cards = f[f"{kind}_deck"] + [c for c in f[f"{kind}_row"] if c] + sum(f[f"{kind}s"], [])
        assert sorted(cards) == [f"{kind[:2].upper()}{i:02d}" for i in range(1, total + 1)]
    for p in range(n):
        assert set(f["face_down"][p]) <= set(f["tiles"][p])
    assert len(set(f["tokens"])) == 5


def check_turn(steps, players):
    """One turn's steps: 3 shuriken each, a house side at most once."""
    places = [s for s in steps if s["step"] == "place"]
    assert Counter(s["seat"] for s in places) == {p: 3 for p in range(players)}
    houses = Counter(s["space"] for s in places if s["space"].startswith("house"))
    assert all(c == 1 for c in houses.values()), houses


class Turns:
    """Reads each turn's steps once.  The log holds a turn until the first
    move after it ended; it then keeps only the steps from the new turn's
    "turn" step on, which were read already."""

    def __init__(self, players):
        self.players = players
        self.head = None
        self.done = 0
        self.last_turn = 0
        self.ended = []
        self.bought = [0] * players
        self.clan = [0] * players

    def read(self, state):
        first = ninjato.steps(state._buf, 0, 1)
        if not first:
            return
        head = first[0].get("turn")
        if head != self.head:
            self.done = max(0, self.done - self.last_turn) if self.head is not None else 0
            self.head, self.last_turn = head, 0
        new = ninjato.steps(state._buf, self.done)
        for k, s in enumerate(new):
            i = self.done + k
            if s["step"] == "turn":
                self.last_turn = i
            elif s["step"] == "buy":
                self.bought[s["seat"]] += s["points"]
            elif s["step"] == "clan points":
                self.clan[s["seat"]] += s["points"]
            elif s["step"] == "end of turn":
                assert s["turn"] == head == len(self.ended) + 1
                self.ended.append(s["turn"])
                check_turn(ninjato.steps(state._buf, 0, i), self.players)
                check_conservation(state.fields())
        self.done += len(new)


def play(seed):
    players = 2 + seed % 3
    rng = random.Random(seed)
    state = new_game("ninjato", players=players, seed=seed)
    rules, buf = state.rules, state._buf
    turns = Turns(players)
    moves = 0
    while True:
        movers = _driver.movers(rules, buf)
        if not movers:
            break
        assert len(movers) == 1
        legal = _driver.legal(rules, buf, movers[0])
        assert legal, "a decision without a legal move"
        turns.read(state)
        _driver.apply(rules, buf, {movers[0]: rng.choice(legal)})
        moves += 1
        assert moves < 5000, "the game does not end"
    turns.read(state)
    f = state.fields()
    check_conservation(f)
    assert turns.ended == [1, 2, 3, 4, 5, 6, 7] and f["phase"] == "over"
    view = state.view(-1)
    for p, part in enumerate(view["final"]):
        assert part["total"] == sum(part[k] for k in (
            "purchases", "clan_points", "rumor_sets", "dishonorable_opponents",
            "unspent_treasure", "elite_points"))
        assert part["purchases"] == turns.bought[p] and part["clan_points"] == turns.clan[p]
        assert part["unspent_treasure"] == sum(f["treasure"][p])
        assert part["elite_points"] == sum(2 if e in ("EL10", "EL11", "EL12", "EL19", "EL20") else 1
                                           for e in f["elites"][p])
    r = state.returns()
    assert abs(sum(r) - 1) < 1e-9
    best = max(view["scores"])
    assert all(view["scores"][p] == best for p in range(players) if r[p] > 0)
    return players, moves


def test_ten_thousand_random_games_keep_every_invariant():
    per_count = Counter()
    lengths = []
    for seed in range(GAMES):
        players, moves = play(seed)
        per_count[players] += 1
        lengths.append(moves)
    assert sorted(per_count) == [2, 3, 4]
    assert len(set(lengths)) > 50          # games of many lengths, not one script


def test_every_position_round_trips_and_play_goes_on_identically():
    rng = random.Random(4)
    for seed in range(30):
        s = new_game("ninjato", 2 + seed % 3, seed=100 + seed)
        k = 0
        while not s.is_terminal():
            if k % 7 == 0:
                t = loads(dumps(s))
                assert t == s and t.buffer() == s.buffer() and t.history == s.history
            s.apply(rng.choice(s.legal_actions()))
            k += 1


def test_an_illegal_move_is_refused_and_changes_nothing():
    rng = random.Random(2)
    s = new_game("ninjato", 3, seed=9)
    for _ in range(200):
        if s.is_terminal():
            break
        legal = s.legal_action_ids()
        bad = rng.choice([a for a in range(130) if a not in legal])
        before = s.buffer()
        with pytest.raises(PositionError):
            s.apply(bad)
        assert s.buffer() == before
        s.apply(rng.choice(legal))


def test_a_truncated_or_edited_file_gets_one_clear_error():
    s = new_game("ninjato", 3, seed=9)
    rng = random.Random(1)
    for _ in range(40):
        s.apply(rng.choice(s.legal_actions()))
    data = dumps(s)
    with pytest.raises(PositionError, match="not a position file"):
        loads(data[:len(data) // 2])
    doc = codec.to_map(s)
    doc["history"] = []
    edits = [
        ("dojo_deck", doc["state"]["dojo_deck"] + [5], "Dojo cards of value 5"),
        ("bag", [99, 0, 0, 0, 0], r"state.bag\[0\]: 99 is out of range"),
        ("turn", 8, "state.turn"),
        ("tokens", ["CT01"] * 5, "state.tokens"),
        ("phase", "dance", "state.phase"),
        ("elites", [["EL01"], [], []], "EL01"),
        ("offer", ["XX9", None, None, None], r"state.offer\[0\]"),
        ("attack", None, "state.attack"),
        ("extra", 1, "unknown field 'extra'"),
    ]
    for key, value, message in edits:
        bad = {**doc, "state": {**doc["state"], key: value}}
        with pytest.raises(PositionError, match=message):
            codec.from_map(bad)
    missing = {**doc, "state": {k: v for k, v in doc["state"].items() if k != "spent"}}
    with pytest.raises(PositionError, match="state.spent: missing"):
        codec.from_map(missing)


def test_mutated_position_maps_load_or_raise_position_error():
    # One node of a valid map (mid-attack, mid-purchase, at a scoring choice,
    # and with an empty history so the fields themselves are checked) is
    # replaced by a value of another kind or deleted: loading either gives a
    # position that round-trips or refuses it with a PositionError, never
    # another exception.
    import copy

    import msgpack

    from tests.test_codec import _get, _nodes

    rng = random.Random(7)
    bases = []
    for seed, want in ((1, "play"), (2, "pay"), (3, "banzai or retreat"), (4, "clan choice"), (5, "draw")):
        s = new_game("ninjato", 2 + seed % 3, seed=seed)
        r = random.Random(seed)
        while not s.is_terminal() and s.fields()["phase"] != want:
            s.apply(r.choice(s.legal_actions()))
        doc = codec.to_map(s)
        doc["history"] = []
        bases.append(doc)
    values = [None, True, False, 0, 1, -1, 2, 3, 5, 7, 255, 256, 2**40, -2**63, 1.5, "", "x",
              "GD01", "EL01", "EN01", "RU01", "SN1", "HJ1", "CT01", "Fan", "play", [], [[]], {}, {"a": 1}]
    outcomes = {"loaded": 0, "refused": 0}
    for i in range(1500):
        d = msgpack.unpackb(msgpack.packb(bases[i % len(bases)]), raw=False)
        path = rng.choice(list(_nodes(d["state"]))[1:])
        node = _get(d["state"], path[:-1])
        if rng.random() < 0.2 and isinstance(node, list):
            del node[path[-1]]
        else:
            node[path[-1]] = rng.choice(values + [copy.deepcopy(_get(d["state"], rng.choice(list(_nodes(d["state"])))))])
        try:
            state = loads(msgpack.packb(d, use_bin_type=True))
        except PositionError as e:
            assert str(e)
            outcomes["refused"] += 1
        else:
            assert loads(dumps(state)) == state
            outcomes["loaded"] += 1
    assert outcomes["refused"] > 1000, outcomes


def test_a_decision_in_progress_must_be_reachable():
    rng = random.Random(3)
    s = new_game("ninjato", 2, seed=3)
    while s.fields()["phase"] != "draw":
        s.apply(rng.choice(s.legal_actions()))
    doc = codec.to_map(s)
    doc["history"] = []
    with pytest.raises(PositionError, match="state.draws_left"):
        codec.from_map({**doc, "state": {**doc["state"], "draws_left": 0}})
    with pytest.raises(PositionError, match="state.mover"):
        codec.from_map({**doc, "state": {**doc["state"], "mover": 1 - doc["state"]["mover"]}})
