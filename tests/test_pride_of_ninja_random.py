"""Random Pride of Ninja games through the public ``State`` API, with the
rules' invariants checked after every move; msgpack positions.

10,000 seeded games over 3-5 players and both decks, every pick drawn
uniformly from ``legal_actions``.  The invariants come from the rulebook:
every card of the deck is in a hand, a row or the Victim's Cards; rows never
pass 4 front / 3 back (the 5-player card included); hands shrink by one a
pick; PP never go below 0 and are the last PP plus the round's TP (and Monk
PP); the game ends once someone has 20 PP (15 at 5 players); win shares sum
to 1 and go to seats with the most PP.
"""
from __future__ import annotations

import random
from collections import Counter

import msgpack
import pytest

from ninja_dojo.engine import PositionError, codec, dumps, loads, new_game
from tests.test_pride_of_ninja_rules import (FIVE_PLAYER_CARD, GOAL, HAND, SLAIN_BY_MIKO,
                                             deck_counts, position)

GAMES = 10_000
CONFIGS = [(p, d) for p in (3, 4, 5) for d in ("blue", "red")]
MAX_ROUNDS = 40     # far above any game seen; a game that long is a bug


def check(state, players, deck, prev_round):
    f = state.fields()
    n, hand = players, HAND[players]
    want = deck_counts(deck, players)
    assert all(pp >= 0 for pp in f["pp"])
    if f["phase"] == "draft":
        assert max(f["pp"]) < GOAL[n]
        pick = f["pick"]
        assert 0 <= pick <= hand - 2
        assert all(len(h) == hand - pick for h in f["hands"])
        placed = Counter(c for joint in f["picks"] for c, _ in joint)
        assert Counter(c for h in f["hands"] for c in h) + placed + Counter(f["victims"]) == want
        assert len(f["victims"]) == (3 if n == 3 else 0)
        for seat in range(n):
            rows = Counter(joint[seat][1] for joint in f["picks"])
            assert rows["front"] <= 4
            assert rows["back"] + (n == 5) <= 3
    else:
        assert f["phase"] == "over" and max(f["pp"]) >= GOAL[n]
    prev = f["previous"]
    if prev is not None:
        assert all(len(r) == 4 for r in prev["front_rows"])
        assert all(len(r) == 3 for r in prev["back_rows"])
        every = Counter(c for r in prev["front_rows"] + prev["back_rows"] for c in r)
        every += Counter(prev["victims"])
        if n == 5:
            every[FIVE_PLAYER_CARD[deck]] -= 5
            assert all(FIVE_PLAYER_CARD[deck] in r for r in prev["back_rows"])
        assert +every == want
    return f


def play(seed, players, deck):
    rng = random.Random(seed)
    state = new_game("pride_of_ninja", players=players, seed=seed, deck=deck)
    f = check(state, players, deck, 1)
    moves = 0
    while not state.is_terminal():
        before = f
        steps = state.apply({s: rng.choice(state.legal_action_ids(s)) for s in state.movers()})
        moves += 1
        f = check(state, players, deck, before["round"])
        if steps:
            # the round ended: the draft's last (forced) pick was played too
            score = steps[-1]
            monk = [sum(st["pp_gains"][s] for st in steps if st["step"] == "initiative")
                    for s in range(players)]
            assert score["pp_before"] == before["pp"]
            assert score["pp"] == [max(0, p + t + m) for p, t, m in
                                   zip(before["pp"], score["tp"], monk)]
            assert f["pp"] == score["pp"]
            assert f["round"] == before["round"] + (f["phase"] == "draft")
        else:
            assert f["pick"] == before["pick"] + 1 and f["round"] == before["round"]
        assert f["round"] <= MAX_ROUNDS
    r = state.returns()
    assert abs(sum(r) - 1) < 1e-9
    best = max(f["pp"])
    assert all(f["pp"][s] == best for s in range(players) if r[s] > 0)
    return f["round"], moves


def test_ten_thousand_random_games():
    rounds = Counter()
    for i in range(GAMES):
        players, deck = CONFIGS[i % len(CONFIGS)]
        rounds[play(i, players, deck)[0]] += 1
    assert sum(rounds.values()) == GAMES
    assert len(rounds) > 2          # games of several lengths, not one script


def test_state_round_trips_through_msgpack():
    rng = random.Random(3)
    for players, deck in CONFIGS:
        s = new_game("pride_of_ninja", players=players, seed=17, deck=deck)
        for _ in range(9):
            if s.is_terminal():
                break
            s.apply({x: rng.choice(s.legal_action_ids(x)) for x in s.movers()})
            t = loads(dumps(s))
            assert t == s and t.buffer() == s.buffer() and t.history == s.history
        # a hand-made position (no history) round-trips too
    h, _ = position(4, "blue", SLAIN_BY_MIKO, pp=[3, 1, 4, 1])
    t = loads(dumps(h))
    assert t.buffer() == h.buffer()


def _doc(**changes):
    s, _ = position(4, "blue", SLAIN_BY_MIKO)
    doc = codec.to_map(s)
    for key, value in changes.items():
        doc["state"][key] = value
    return doc


@pytest.mark.parametrize("field, value, message", [
    ("deck", "green", "state.deck"),
    ("players", 6, "state.players"),
    ("pp", [0, 0, 0, -1], r"state.pp\[3\]"),
    ("pp", [0, 0, 20, 0], "the game is over"),
    ("phase", "resolve", "state.phase"),
    ("pick", 7, "state.pick"),
    ("rng", -1, "state.rng"),
    ("victims", ["Ninja"], "state.victims"),
    ("previous", [], "state.previous"),
])
def test_bad_fields_are_named(field, value, message):
    with pytest.raises(PositionError, match=message):
        codec.from_map(_doc(**{field: value}))


def test_bad_cards_are_named():
    doc = _doc()
    doc["state"]["hands"][2][0] = "Kunoichi"
    with pytest.raises(PositionError, match=r"state.hands\[2\]: Kunoichi is not in the blue deck"):
        codec.from_map(doc)
    doc = _doc()
    doc["state"]["hands"][1][0] = "Ninja"       # one Ninja too many
    with pytest.raises(PositionError, match="Ninja in play"):
        codec.from_map(doc)
    doc = _doc()
    doc["state"]["picks"][0][3] = ["Shogun", "sideways"]
    with pytest.raises(PositionError, match=r"state.picks\[0\]\[3\]: 'sideways' is not a row"):
        codec.from_map(doc)
    doc = _doc()
    doc["state"]["hands"][0].append("Ninja")
    with pytest.raises(PositionError, match=r"state.hands\[0\]"):
        codec.from_map(doc)
    doc = _doc()
    doc["state"]["extra"] = 1
    with pytest.raises(PositionError, match="unknown field 'extra'"):
        codec.from_map(doc)
    doc = _doc()
    del doc["state"]["previous"]
    with pytest.raises(PositionError, match="state.previous: missing"):
        codec.from_map(doc)


def test_a_fifth_front_card_is_refused():
    doc = _doc()
    picks = doc["state"]["picks"]
    # seat 0 already has three front cards; make its two back picks front too
    picks[3][0][1] = "front"
    picks[4][0][1] = "front"
    with pytest.raises(PositionError, match=r"state.picks\[4\]\[0\]: the front row already holds 4"):
        codec.from_map(doc)


def test_finished_game_needs_its_final_round():
    doc = _doc()
    doc["state"].update(phase="over", pp=[20, 0, 0, 0], pick=0, hands=[[]] * 4, picks=[], victims=[])
    with pytest.raises(PositionError, match="state.previous"):
        codec.from_map(doc)


def test_previous_round_must_match_the_pp():
    s, move = position(4, "blue", SLAIN_BY_MIKO)
    s.apply(move)
    doc = codec.to_map(s)
    doc["history"] = []
    codec.from_map(doc)                       # as saved: fine
    doc["state"]["pp"][2] += 1
    with pytest.raises(PositionError, match=r"state.pp\[2\]: the previous round's scoring gives 10"):
        codec.from_map(doc)


def test_garbage_bytes_are_refused():
    with pytest.raises(PositionError):
        loads(msgpack.packb({"format": "ninja-dojo/position", "version": 1, "game": "pride_of_ninja"}))


def test_mangled_fields_raise_position_error_only():
    """Any field replaced by junk (or dropped) is refused with PositionError
    or still makes a valid position; nothing else escapes."""
    import copy
    from ninja_dojo.engine import pride_of_ninja as pon
    rng = random.Random(0)
    junk = [None, -1, 0, 1, 7, 2**70, "Ninja", "x", [], [[]], {}, ["Ninja"],
            [["Ninja", "front"]], True, 3.5, "front"]

    def paths(o, pre=()):
        yield pre
        items = o.items() if isinstance(o, dict) else enumerate(o) if isinstance(o, list) else ()
        for k, v in items:
            yield from paths(v, pre + (k,))

    refused = 0
    for seed in range(20):
        s = new_game("pride_of_ninja", players=3 + seed % 3, seed=seed, deck=("blue", "red")[seed % 2])
        for _ in range(rng.randrange(12)):
            if s.is_terminal():
                break
            s.apply({x: rng.choice(s.legal_action_ids(x)) for x in s.movers()})
        f = s.fields()
        where = list(paths(f))[1:]
        for _ in range(100):
            g = copy.deepcopy(f)
            path = rng.choice(where)
            o = g
            for k in path[:-1]:
                o = o[k]
            if isinstance(o, dict) and rng.random() < 0.1:
                del o[path[-1]]
            else:
                o[path[-1]] = rng.choice(junk)
            try:
                pon.from_fields(g)
            except PositionError:
                refused += 1
    assert refused > 1500


def test_the_deck_option_must_match_the_state():
    doc = _doc()
    doc["options"]["deck"] = "red"
    with pytest.raises(PositionError, match="options.deck"):
        codec.from_map(doc)
    doc = _doc()
    del doc["options"]["deck"]          # the default, Blue: fine
    assert codec.from_map(doc).fields()["deck"] == "blue"
