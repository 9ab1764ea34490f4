"""What Ninjato's ``view()`` gives the board beyond the position itself, each
checked against the rules written out here (not read from the engine):

- ``banzai`` (the attacker's own view at "Banzai or retreat?"): the make-up
  of the deck Banzai draws from is the deck's, and a value counts as
  beatable exactly when some sequence of the legal moves after that card is
  turned up reaches "declare the play";
- ``clan_track["standing"]``: each clan's 1st and 2nd by ruling 20 (most
  Envoys, a tie to the oldest Envoy);
- ``next_order``: the turn order the next turn starts with (ruling 18);
- ``final_rumors``: the Rumor scoring kind by kind adds up to the final
  score's Rumor parts, with the set multipliers 1, 2, 4, 5, 6, 8;
- ``dojo_draws`` (4, 3 or 2 by hand size) and the Sensei offer's ``free``.
"""
from __future__ import annotations

import copy
import random
from collections import Counter

from ninja_dojo.engine import codec, new_game
from tests.ninjato_table import GUARD, StepReader

MULTIPLIER = {0: 0, 1: 1, 2: 2, 3: 4, 4: 5, 5: 6, 6: 8}     # rulings' section 7
ELITE_KIND = {}      # EL01.. -> (people, first, second), from the rulings' table
for i, kind in enumerate([(1, 4, 2)] * 3 + [(1, 5, 2)] * 3 + [(1, 4, 1)] * 3 + [(1, 5, 1)] * 3
                         + [(2, 2, 4)] * 2 + [(2, 3, 3)] * 2 + [(2, 2, 2), (2, 4, 4)] + [(2, 1, 5)] * 2):
    ELITE_KIND[f"EL{i + 1:02d}"] = kind


def games(players: int, seeds, random_share: float = 0.4):
    """Every position of some seeded games (the greedy policy, now and then
    a random move), the state after each move."""
    for seed in seeds:
        rng = random.Random(seed)
        s = new_game("ninjato", players, seed=seed)
        while not s.is_terminal():
            yield s
            seat = s.movers()[0]
            if rng.random() < random_share:
                s.apply(rng.choice(s.legal_actions()))
            else:
                s.apply(s.policy_action(seat, seed=rng.randrange(1 << 30)))
        yield s


def can_declare(state) -> bool:
    """Some sequence of legal build steps reaches "declare the play"."""
    names = [a.name for a in state.legal_actions()]
    if "declare the play" in names:
        return True
    for name in names:
        if name == "give up":
            continue
        nxt = state.clone()
        nxt.apply(name)
        if nxt.view(-1)["phase"] == "play" and can_declare(nxt):
            return True
    return False


def beatable_with(state, deck: str, card: str) -> bool:
    """Put ``card`` on top of the deck Banzai draws from, call Banzai, and
    search the plays the engine then offers."""
    doc = codec.to_map(state)
    f = doc["state"]
    key = "guard_deck" if deck == "Guard" else "elite_deck"
    f[key].remove(card)
    f[key].append(card)
    doc["history"] = []
    s = codec.from_map(copy.deepcopy(doc))
    s.apply("Banzai")
    if s.view(-1)["phase"] == "alarm":
        s.apply("let the alarm ring")
    if s.view(-1)["phase"] != "play":
        # no play could win: giving up was the only move, and was played
        assert "cannot beat" in s.steps()[-3]["text"] or any(
            st["step"] == "loss" for st in s.steps()), s.steps()[-4:]
        return False
    return can_declare(s)


def test_banzai_odds_are_the_decks_make_up_and_the_plays_the_engine_allows():
    checked = Counter()
    for s in games(3, range(6)):
        v = s.view(-1)
        if v["phase"] != "banzai or retreat":
            continue
        seat = s.movers()[0]
        b = s.view(seat)["banzai"]
        others = [p for p in range(3) if p != seat]
        assert all(s.view(p)["banzai"] is None for p in others) and v["banzai"] is None
        f = s.fields()
        deck = f["guard_deck"] if b["deck"] == "Guard" else f["elite_deck"]
        assert b["from"] == "deck" and b["size"] == len(deck)
        if b["deck"] == "Guard":
            assert {c["value"]: c["count"] for c in b["cards"]} == Counter(GUARD[g] for g in deck)
            cards = {c["value"]: c for c in b["cards"]}
            for value, c in cards.items():
                card = next(g for g in deck if GUARD[g] == value)
                assert c["beatable"] == beatable_with(s, "Guard", card), (value, s.view(seat)["hand"])
                checked[c["beatable"]] += 1
        else:
            kinds = Counter(ELITE_KIND[e] for e in deck)
            assert {(c["people"], *c["values"]): c["count"] for c in b["cards"]} == kinds
            for c in b["cards"]:
                card = next(e for e in deck if ELITE_KIND[e] == (c["people"], *c["values"]))
                assert c["beatable"] == beatable_with(s, "Elite", card)
                checked["elite"] += 1
        assert b["beatable"] == sum(c["count"] for c in b["cards"] if c["beatable"])
        on = sum(sum(pair) for pair in f["attack"]["on_shuriken"])
        assert b["on_shuriken"] == on
        tg5 = "TG5" in f["tiles"][seat] and "TG5" not in f["face_down"][seat]
        assert b["loss_keeps"] == min(on, 2 if tg5 else 1)
    assert checked[True] > 20 and checked[False] > 20, checked


def test_the_clan_standing_follows_ruling_20():
    checked = 0
    for s in games(4, range(3)):
        v = s.view(-1)
        if v["phase"] in ("Hensojutsu", "clan choice", "free Rumor", "over"):
            continue            # (during a scoring, disguises count too)
        for clan, st in v["clan_track"]["standing"].items():
            held = []
            for seat, seat_view in enumerate(v["seats"]):
                mine = [e for e in seat_view["envoys"] if e["clan"] == clan]
                assert st["envoys"][seat] == len(mine)
                if mine:
                    held.append((-len(mine), -max(e["age"] for e in mine), seat))
            held.sort()
            assert st["first"] == (held[0][2] if held else None)
            assert st["second"] == (held[1][2] if len(held) > 1 else None)
            checked += bool(held)
    assert checked > 100


def test_the_next_turn_order_is_the_one_the_turn_ends_with():
    turns = 0
    for seed in range(3):
        s = new_game("ninjato", 3, seed=seed)
        rng = random.Random(seed)
        reader = StepReader()
        reader.new(s)
        while not s.is_terminal():
            before = s.view(-1)
            s.apply(s.policy_action(s.movers()[0], seed=rng.randrange(1 << 30)))
            for st in reader.new(s):
                if st["step"] == "turn order":      # the end of turns 1-6
                    assert before["next_order"] == st["order"], (before["dojo_stack"], before["order"])
                    turns += 1
        assert s.view(-1)["next_order"] is None
    assert turns == 18


def test_the_rumor_scoring_kind_by_kind_adds_up_to_the_final_score():
    seen = Counter()
    for s in games(4, range(4), random_share=0.2):
        if not s.is_terminal():
            assert s.view(-1)["final_rumors"] is None
            continue
        v = s.view(-1)
        for seat, kinds in enumerate(v["final_rumors"]):
            part = v["final"][seat]
            sets = [k for k in kinds if "multiplier" in k]
            assert sum(k["points"] for k in sets) == part["rumor_sets"]
            for k in sets:
                assert k["multiplier"] == MULTIPLIER[k["cards"]]
                assert k["points"] == k["counts"] * k["multiplier"]
                seen[k["kind"]] += k["cards"]
            dish, = [k for k in kinds if "multiplier" not in k]
            holders = sum(1 for ks in v["final_rumors"] if ks[-1]["cards"])
            assert dish["holders"] == holders
            assert dish["points"] == part["dishonorable_opponents"] == \
                dish["cards"] * ({1: 6, 2: 4}.get(holders, 2) if dish["cards"] else 0)
    assert len(seen) >= 3, seen


def test_dojo_draws_and_free_tiles():
    for s in games(2, range(2)):
        v = s.view(0)
        for seat in v["seats"]:
            assert seat["dojo_draws"] == {0: 4, 1: 3}.get(seat["hand_size"], 2)
        styles = {t["style"] for t in v["seats"][0]["tiles"]}
        for tile in v["sensei_offer"]:
            if tile is not None:
                assert tile["free"] == (tile["style"] in styles and tile["style"] != "Hensojutsu")
                assert s.view(-1)["sensei_offer"][v["sensei_offer"].index(tile)]["free"] is None


def red_house_banzai(tiles):
    from tests.ninjato_table import QUIET, Table, play
    t = Table().hand(0, [5, 5, 3, 1]).tiles(0, tiles)
    t.sentry(0, QUIET[1]).house(0, red=["Jade", "Vase"])
    s = t.state()
    play(s, "house 1 Strength", "base: Dojo 5", "declare the play")     # the Sentry: nothing to take
    return s


def test_banzai_onto_a_red_house_shows_the_elite_deck_kind_by_kind():
    s = red_house_banzai(["CR5"])
    assert s.view(-1)["phase"] == "banzai or retreat"
    b = s.view(0)["banzai"]
    deck = s.fields()["elite_deck"]
    assert b["deck"] == "Elite" and b["size"] == len(deck) == 20 and b["alarms"] == 0
    assert {(c["people"], *c["values"]): c["count"] for c in b["cards"]} == Counter(ELITE_KIND[e] for e in deck)
    for c in b["cards"]:
        card = next(e for e in deck if ELITE_KIND[e] == (c["people"], *c["values"]))
        assert c["beatable"] == beatable_with(s, "Elite", card), c
    beaten = {(c["people"], *c["values"]) for c in b["cards"] if c["beatable"]}
    # Left: 5, 3, 1 (a 5 was spent) and CR5, with Strength.  A 5 beats S4; 5 + a 3 joined
    # (+1) beats S5; two people need a play each (5 + 3 = 6, then only the 1 is left: it
    # beats nobody) or one play against both with CR5: 6 beats 4 & 4 and 1 & 5.
    assert beaten == {(1, 4, 2), (1, 5, 2), (1, 4, 1), (1, 5, 1),
                      (2, 2, 4), (2, 3, 3), (2, 2, 2), (2, 4, 4), (2, 1, 5)}
    # Without CR5 two people need two plays from 5, 3, 1: 2 & 2 and 2 & 4 only.
    s = red_house_banzai([])
    b = s.view(0)["banzai"]
    beaten = {(c["people"], *c["values"]) for c in b["cards"] if c["beatable"]}
    assert beaten == {(1, 4, 2), (1, 5, 2), (1, 4, 1), (1, 5, 1), (2, 2, 4), (2, 2, 2)}
    deck = s.fields()["elite_deck"]
    for c in b["cards"]:
        card = next(e for e in deck if ELITE_KIND[e] == (c["people"], *c["values"]))
        assert c["beatable"] == beatable_with(s, "Elite", card), c


def test_the_disguises_come_before_any_clan_is_scored():
    """At a Hensojutsu decision no clan is being scored yet: the view names none."""
    seen = 0
    for s in games(3, range(12), random_share=0.6):
        v = s.view(-1)
        if v["phase"] == "Hensojutsu":
            sc = v["decision"]["scoring"]
            assert sc["clan"] is None and sc["points"] is None and sc["turn"] in (3, 5, 7)
            seen += 1
        elif v["phase"] in ("clan choice", "free Rumor"):
            order = v["clan_track"]["scoring_orders"][v["decision"]["scoring"]["turn"]]
            assert v["decision"]["scoring"]["clan"] in order
    assert seen > 0
