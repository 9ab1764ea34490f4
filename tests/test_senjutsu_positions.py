"""Senjutsu positions: files round-trip exactly, hand-edited fields are
refused with one message naming the field (a deck breaking a deck rule
names the rule), and the view and steps give a board everything it draws
without showing a hidden card."""
from __future__ import annotations

import random

import pytest

from ninja_dojo import engine
from ninja_dojo.engine import PositionError, codec, new_game
from tests.play import play_random
from tests.senjutsu_table import Table, deck_with
from tests.test_senjutsu_rules import go


def midgame(seed=11, players=3, moves=120):
    s = new_game("senjutsu", players, seed=seed)
    play_random(s, random.Random(seed), moves)
    return s


@pytest.mark.parametrize("moves", [0, 7, 60, 150, 400])
def test_positions_round_trip_with_and_without_history(moves):
    s = new_game("senjutsu", 4, seed=moves, terrain="T1")
    play_random(s, random.Random(moves), moves)
    assert engine.loads(engine.dumps(s)) == s
    doc = codec.to_map(s)
    doc["history"] = []
    again = codec.from_map(doc)
    assert again.fields() == s.fields() and again.options == s.options


def refuse(s, edit):
    doc = codec.to_map(s)
    doc["history"] = []
    edit(doc["state"])
    with pytest.raises(PositionError) as e:
        codec.from_map(doc)
    return str(e.value)


def test_a_deck_breaking_a_deck_rule_is_refused_naming_the_rule():
    s = midgame()
    def three_gold(f):              # 40 cards still: two Quick Stabs fewer
        deck = f["deck"][0]
        gold = next(c for c in deck if engine.senjutsu.CARDS[engine.senjutsu.CARD_IDS.index(c)].rank == 1)
        deck[gold] = 3
        deck["G04"] -= 2
    message = refuse(s, three_gold)
    assert message.startswith("state.deck[0]: 3 copies of ") and message.endswith("a gold card may appear once")


@pytest.mark.parametrize("edit,start", [
    (lambda f: f["hands"][0].append(f["hands"][0][0] if f["hands"][0] else "G04"), "state: seat 0 has"),
    (lambda f: f.__setitem__("hexes", [f["hexes"][1]] + f["hexes"][1:]), "state.hexes[1]: seat 0 stands on"),
    (lambda f: f["hexes"].__setitem__(0, [4, 0]), "state.hexes[0][0]: 4 is not in -3..3"),
    (lambda f: f["kamae"].__setitem__(0, "Q"), "state.kamae[0]: 'Q' is not one of G, A, B, D, L"),
    (lambda f: f.__setitem__("advantage", [0, 0, 1]), "state.advantage: each seat exactly once"),
    (lambda f: f["known_hands"][1].__setitem__(0, ["G04"] * 9), "state.known_hands[1][0]"),
    (lambda f: f.__setitem__("decision", "counter"), "state.decision"),
    (lambda f: f.__setitem__("deciding", 2 if f["deciding"] != 2 else 1), "state.deciding"),
    (lambda f: f["samurai"].__setitem__(1, f["samurai"][0]), "state.samurai[0]: "),
    (lambda f: f.__setitem__("terrain", "T3x"), "state.terrain"),
])
def test_a_damaged_field_is_named(edit, start):
    s = midgame()
    message = refuse(s, edit)
    assert message.startswith(start), message


def test_a_frame_must_run_its_node():
    s = new_game("senjutsu", 2, seed=5)
    rng = random.Random(5)
    while not any(fr[1] is not None for fr in s.fields()["stack"]):
        s.apply({m: rng.choice(s.legal_action_ids(m)) for m in s.movers()})
    f = s.fields()
    frames = [i for i, fr in enumerate(f["stack"]) if fr[1] is not None]
    assert frames, "this position is in the middle of a card"
    i = frames[-1]

    def other_node(g):
        g["stack"][i][1] = (g["stack"][i][1] + 1) % 500
    assert refuse(s, other_node).startswith(f"state.stack[{i}][1]")


def test_the_view_has_the_board_the_consoles_and_the_hand_in_words():
    t = (Table(["ronin", "master"], decks=[deck_with(["G13"]), None])
         .hand(0, ["G13", "G04"]).hand(1, ["M10"]).at(0, (0, 0), 1).at(1, (1, -2), 3).kamae(0, "B"))
    s = t.state()
    v = s.view(0)
    assert len(v["board"]["hexes"]) == 37 and v["board"]["terrain"] == []
    me = v["samurai"][0]
    assert (me["hex"], me["facing_name"], me["kamae_name"]) == ([0, 0], "north-east", "Balance")
    assert me["kamae_tree"]["text"] == "G→A, A–L, G–B, B–D"
    swing = next(c for c in v["hand"] if c["id"] == "G13")
    assert swing["words"].startswith("attack the hexes in front and front-right for 2 wounds each")
    assert [(g["offset"], g["wounds"]) for g in swing["grids"][0]] == [((0, -1), "2 wounds"), ((1, -1), "2 wounds")]
    assert swing["kind"] == "wood attack" and swing["initiative"] == "7"
    assert v["core"]["id"] == "R00" and v["core"]["in_hand"]
    assert [o["name"] for o in v["decision"]["options"]] == ["play Quick Stab", "play Wild Swing",
                                                             "play Ronin Core"]
    # the other seat sees the console, not the hand nor the options
    w = s.view(1)
    assert all(c["id"] != "G13" for c in w["hand"]) and w["samurai"][0]["hand_size"] == 2
    assert [o["name"] for o in w["decision"]["options"]] == ["play Idle Strike", "play Master Core"]
    assert s.view(-1)["hand"] == [] and s.view(-1)["decision"]["options"] == []


def test_a_step_decision_shows_the_hexes_one_may_enter_and_attacks_their_hexes():
    s = (Table(["ronin", "master"], decks=[deck_with(["G03"]), None]).hand(0, ["G03", "G04"])
         .hand(1, ["M10"]).at(0, (0, 0), 0).at(1, (0, -2), 3).state())
    s.apply({0: "play Swift Mind", 1: "play Idle Strike"})
    go(s)
    d = s.view(1)["decision"]
    assert d["kind"] == "step" and d["optional"]
    hexes = sorted(tuple(o["hex"]) for o in d["options"] if "hex" in o)
    assert hexes == sorted([(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)])


def test_hidden_choices_show_their_options_only_to_the_one_deciding():
    s = (Table(["ronin", "master"], decks=[deck_with(["G13", "G10"]), None])
         .hand(0, ["G13", "G10", "G04"]).hand(1, ["M10"]).kamae(0, "B").at(0, (0, 0), 0).at(1, (5 - 5, -3), 3)
         .state())
    s.apply({0: "play Wild Swing", 1: "play Idle Strike"})
    go(s)
    assert s.view(0)["decision"]["kind"] == "discard"
    assert [o["name"] for o in s.view(0)["decision"]["options"]] == ["discard Quick Stab", "discard Pommel Smash"]
    assert s.view(1)["decision"]["options"] == []
    go(s, "discard Pommel Smash")
    assert "the Ronin discards a card face down" in [st["text"] for st in s.steps()]
    assert not any("Pommel" in st["text"] for st in s.steps())


def test_steps_name_no_hidden_card_in_a_whole_game():
    # Steps are public: a card drawn, milled, looked at, tucked, given, or
    # discarded or searched face down is never named.
    hidden_kinds = {"draw", "bleed", "top 3", "tuck", "give", "forced draw"}
    named = set()
    for seed in range(3):
        s = new_game("senjutsu", 3, seed=21 + seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply({m: rng.choice(s.legal_actions(m)) for m in s.movers()})
            for st in s.steps():
                face_down = st["step"] in ("discard", "search") and ("face down" in st["text"]
                                                                     or "face-down" in st["text"])
                if st["step"] in hidden_kinds or face_down:
                    assert "card" not in st, st
                if "card" in st:
                    named.add(st["step"])
    assert {"reveal", "segment"} <= named          # public cards are named
