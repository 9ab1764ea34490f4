"""Ninjato rules, written from the rulebook (seeds/004) and the component data
and rulings (rules/ninjato.md): the rulebook's examples as exact tests, one
test per Sensei tile, and the rulings' points one by one.

Positions are built by hand (tests/ninjato_table.py) and loaded through the
position codec; moves are applied by their names, as a player picks them.
"""
from __future__ import annotations

import pytest

from ninja_dojo.engine import PositionError
from tests.ninjato_table import QUIET, Table, legal, play


def steps_of(state, kind):
    return [s for s in state.steps() if s["step"] == kind]


# ------------------------------------------------------------ rulebook examples

def test_the_5_and_3_join_counts_as_a_single_6_or_4():
    # "if I played a 5 and a 3, I could treat it as if I had played a single 6 or a single 4"
    t = Table().hand(0, [5, 3]).sentry(0, QUIET[5]).house(0, plain=["Fan", "Scroll", "Vase"])
    s = t.state()
    # Strength against a 5: a 5 alone ties (a tie loses); the only win is the
    # 5 and the 3 as a 6, so the engine plays it at once (no choice to make).
    play(s, "house 1 Strength")
    p, = steps_of(s, "play")
    assert p["value"] == 6 and p["base"] == "Dojo 5" and p["join"] == 1
    assert s.view(0)["hand"] == [] and s.view(0)["dojo_discard"][5] >= 1
    # Stealth against a 5: the 3 alone wins, and so do 5 and 3 as a 4.
    s = t.state()
    play(s, "house 1 Stealth")
    assert legal(s) == ["base: Dojo 3", "base: Dojo 5"]
    play(s, "base: Dojo 5")               # then only the -1 join can win: played at once
    assert steps_of(s, "play")[0]["value"] == 4 and steps_of(s, "play")[0]["join"] == -1


def test_an_envoy_of_jade_and_fan_scores_7():
    # "if an Envoy has a Jade and a Fan on it ... you score 7 points"
    t = Table().treasure(0, ["Jade", "Fan", "Scroll"]).row("envoy", 0, "EN10")   # Fan + Jade
    s = t.state()
    play(s, "Palace", "buy face-up card 1")          # the payment is forced: Fan, then Jade
    assert s.scores()[0] == 7
    assert s.view(0)["seats"][0]["treasure"] == ["Scroll"]
    assert [e["card"] for e in s.view(0)["seats"][0]["envoys"]] == ["EN10"]
    # "one or both of those could be a Gold instead": still 7 (Gold scores as what it stands for)
    s = Table().treasure(0, ["Gold", "Fan", "Jade"]).row("envoy", 0, "EN10").state()
    play(s, "Palace", "buy face-up card 1")
    assert legal(s) == ["pay a Fan", "pay a Gold"]
    play(s, "pay a Gold")                            # Gold as the Fan; the Jade is then forced
    assert s.scores()[0] == 7 and s.view(0)["seats"][0]["treasure"] == ["Fan"]


@pytest.mark.parametrize("kind,count,points", [("Fan", 1, 2), ("Fan", 4, 8), ("Jade", 1, 5), ("Jade", 4, 20)])
def test_the_1_to_4_envoy_takes_1_to_4_of_one_type(kind, count, points):
    # "if it has a 1-4 ... If you turned in Fans you would score between 2 and 8
    # points. If you turned in Jade, you would score between 5 and 20 points."
    s = Table().treasure(0, ["Fan"] * 4 + ["Jade"] * 4).row("envoy", 0, "EN07").state()
    play(s, "Palace", "buy face-up card 1", f"declare {kind}")   # the first one is due: paid at once
    for k in range(count - 1):
        play(s, f"pay a {kind}")
    if count < 4:
        play(s, "stop paying")
    assert s.scores()[0] == points
    assert s.view(0)["seats"][0]["treasure"].count(kind) == 4 - count


def test_an_n_to_m_cost_needs_at_least_n_and_gold_stands_in():
    # EN06: 2-3 of one type.  With two Vases and a Gold: a Vase is due first
    # (real tokens come before Gold, one order for each mix), then a Vase or
    # the Gold; after the Gold nothing else can be paid: two Vases' worth, 8.
    s = Table().treasure(0, ["Vase", "Vase", "Gold", "Fan"]).row("envoy", 0, "EN06").state()
    play(s, "Palace", "buy face-up card 1")
    assert legal(s) == ["declare Fan", "declare Vase"]   # Fan + Gold, Vases (+ Gold)
    play(s, "declare Vase")
    assert legal(s) == ["pay a Vase", "pay a Gold"]      # one is paid; "stop" not yet: too few
    play(s, "pay a Gold")
    assert s.scores()[0] == 8 and s.view(0)["seats"][0]["treasure"] == ["Fan", "Vase"]
    pays = steps_of(s, "pay")
    assert [(p["treasure"], p["as"]) for p in pays] == [("Vase", "Vase"), ("Gold", "Vase")]


def scoring_table(players=3):
    """The last placement of turn 3: seat 2 goes to the Dojo, then scoring."""
    t = Table(players)
    t.set(turn=3, placed=3 * players - 1, mover=players - 1)
    t.hand(players - 1, [1, 2, 3, 4])
    return t


def test_clan_scoring_after_turn_3_in_the_printed_order_and_clan_points_add_up():
    # After turn 3 Go-Shirakawa scores first, then Taira, then Minamoto.  The
    # rulebook's example: three green houses worth 2, 4 and 5 score 11.
    t = scoring_table()
    t.tokens(["CT11", "CT12", "CT13", "CT01", "CT06"])       # green 2, 4, 5; Taira 2; Minamoto 2
    t.owns(0, "envoy", ["EN15", "EN01", "EN08"])             # seat 0: one of each clan
    s = t.state()
    play(s, "Dojo", "draw from the deck", "draw from the deck")
    assert s.movers() == [0] and legal(s)[0] == "take the clan points"
    play(s, "take the clan points")
    assert s.scores()[0] == 11
    play(s, "take the clan points", "take the clan points")
    ranks = steps_of(s, "clan rank")
    assert [r["clan"] for r in ranks] == ["Go-Shirakawa", "Taira", "Minamoto"]
    assert [r["points"] for r in ranks] == [11, 2, 2]
    assert all(r["first"] == 0 and r["second"] is None for r in ranks)
    assert s.scores()[0] == 15


# ------------------------------------------------------------ Sensei tiles
# A play with only one way to win is played by the engine at once (a state
# always waits on a real choice), so many of these read the play from the
# turn's steps.

def attack(t, h=0, sentry_value=3, side="Strength"):
    t.sentry(h, QUIET[sentry_value]).house(h, plain=["Fan", "Scroll", "Vase"])
    s = t.state()
    play(s, f"house {h + 1} {side}")
    return s


def the_play(s, k=0):
    p = steps_of(s, "play")[k]
    return p["value"], p["base"], p["tiles"]


def test_SN1_takes_2_from_the_base():
    s = attack(Table().hand(0, [4]).tiles(0, ["SN1"]), sentry_value=3, side="Stealth")
    assert the_play(s) == (2, "Dojo 4", ["SN1"])
    assert s.view(0)["seats"][0]["tiles"][0]["face_up"] is False      # used: face down


def test_SN2_sets_the_base_to_0():
    s = attack(Table().hand(0, [5]).tiles(0, ["SN2"]), sentry_value=1, side="Stealth")
    assert the_play(s) == (0, "Dojo 5", ["SN2"])


def banzai_table(top, tiles=(), hand=(5, 5, 5), plain=("Fan", "Scroll")):
    t = Table().hand(0, list(hand)).tiles(0, list(tiles)).guard_top(list(top))
    t.sentry(0, QUIET[1]).house(0, plain=list(plain))
    return t


def test_SN3_ignores_an_alarm_and_without_it_the_alarm_adds_and_flips():
    # Ruling 8: add one treasure from the bag plain, then flip the highest plain red.
    s = banzai_table(["GD07"], tiles=["SN3"]).state()          # GD07: a 2 with an alarm
    play(s, "house 1 Strength")                                 # the 5 beats the Sentry: takes the Fan
    play(s, "Banzai")
    assert legal(s) == ["SN3: ignore the alarm", "let the alarm ring"]
    play(s, "SN3: ignore the alarm", "base: Dojo 5", "declare the play")   # the 5 takes the Scroll
    assert not steps_of(s, "alarm") and s.view(0)["decision"]["phase"] == "new clan"
    s = banzai_table(["GD07"], tiles=["SN3"]).state()
    play(s, "house 1 Strength", "Banzai", "let the alarm ring", "base: Dojo 5", "declare the play")
    alarm, = steps_of(s, "alarm")
    order = ("Fan", "Scroll", "Vase", "Jade", "Gold")
    assert alarm["flipped"] == max("Scroll", alarm["added"], key=order.index)
    house = s.view(0)["houses"][0]
    assert house["red"] == [alarm["flipped"]] and house["plain"] == []    # the other was taken


def test_SN4_takes_1_from_this_play_and_every_later_play():
    s = banzai_table([QUIET[3]], tiles=["SN4"], hand=(1, 2), plain=("Fan", "Scroll", "Vase")).state()
    play(s, "house 1 Stealth")           # only 1 - 1 = 0 goes under the Sentry's 1
    play(s, "Banzai", "base: Dojo 2")    # a 3: the 2, minus 1 = 1
    assert legal(s) == ["declare the play", "give up"]       # a revealed Guard: giving up is legal
    play(s, "declare the play")
    assert [p["value"] for p in steps_of(s, "play")] == [0, 1]
    assert steps_of(s, "play")[1]["tiles"] == []        # SN4 is face down, still in force


def test_SN5_TG3_and_CR1_are_virtual_base_cards():
    s = attack(Table().hand(0, [5]).tiles(0, ["SN5"]), sentry_value=2, side="Stealth")
    assert the_play(s) == (1, "SN5 as 1", ["SN5"]) and s.view(0)["hand"] == [5]
    s = attack(Table().hand(0, []).tiles(0, ["TG3"]), sentry_value=4)
    assert the_play(s) == (5, "TG3 as 5", ["TG3"])
    s = attack(Table().hand(0, [1]).tiles(0, ["CR1"]), sentry_value=3)
    assert the_play(s) == (4, "CR1 as 4", ["CR1"]) and s.view(0)["hand"] == [1]
    s = attack(Table().hand(0, [5]).tiles(0, ["CR1"]), sentry_value=3, side="Stealth")
    assert the_play(s) == (2, "CR1 as 2", ["CR1"])


def test_a_3_may_join_a_virtual_base():
    s = attack(Table().hand(0, [3]).tiles(0, ["CR1"]), sentry_value=4)
    assert the_play(s) == (5, "CR1 as 4", ["CR1"]) and s.view(0)["hand"] == []
    assert steps_of(s, "play")[0]["join"] == 1


def test_TG1_sets_the_base_to_6_and_TG2_adds_2():
    s = attack(Table().hand(0, [1]).tiles(0, ["TG1"]), sentry_value=5)
    assert the_play(s) == (6, "Dojo 1", ["TG1"])
    s = attack(Table().hand(0, [4]).tiles(0, ["TG2"]), sentry_value=5)
    assert the_play(s) == (6, "Dojo 4", ["TG2"])


def test_TG4_adds_1_to_this_play_and_every_later_play():
    s = banzai_table([QUIET[4]], tiles=["TG4"], hand=(1, 4), plain=("Fan", "Scroll", "Vase")).state()
    play(s, "house 1 Strength", "base: Dojo 1")          # 1 + 1 = 2 > 1 (TG4 is the only way)
    play(s, "Banzai", "base: Dojo 4", "declare the play")  # a 4: 4 + 1 = 5
    assert [p["value"] for p in steps_of(s, "play")] == [2, 5]


def lose_table(tiles=()):
    """Seat 0 beats the Sentry (takes a Fan), beats a 2 (takes the Scroll),
    then meets a 6 it cannot beat with no card left: the loss is forced."""
    t = Table().hand(0, [5, 5]).tiles(0, list(tiles)).guard_top([QUIET[2], "GD40"])
    t.sentry(0, QUIET[1]).house(0, plain=["Fan", "Scroll", "Vase"])
    s = t.state()
    play(s, "house 1 Strength", "Banzai", "base: Dojo 5", "declare the play", "Banzai")
    return s


def test_losing_keeps_one_treasure_the_rest_go_back_and_one_is_added():
    s = lose_table()
    assert legal(s) == ["keep Fan", "keep Scroll"]
    play(s, "keep Scroll")
    house = s.view(0)["houses"][0]
    assert s.view(0)["seats"][0]["treasure"] == ["Scroll"]
    added = steps_of(s, "back to the house")[0]["added"]
    assert sorted(house["plain"]) == sorted(["Fan", "Vase", added])
    assert house["sentry"]["card"] == QUIET[1]                      # the Sentry stays
    f = s.fields()
    assert QUIET[2] in f["guard_discard"] and "GD40" in f["guard_discard"]
    assert steps_of(s, "back to the house")[0]["returned"] == 1


def test_a_loss_returns_treasure_keeping_its_side():
    # Ruling 12: red treasure goes back red.  The Sentry takes nothing (no plain),
    # the Elite EL01 is beaten (its card and the lowest red), then EL10 wins.
    t = Table().hand(0, [5, 5]).elite_top(["EL01", "EL10"])
    t.sentry(0, QUIET[1]).house(0, red=["Fan", "Jade"])
    s = t.state()
    play(s, "house 1 Strength", "Banzai", "base: Dojo 5", "declare the play")
    play(s, "Banzai")                                        # EL10 (Strength 5) cannot be beaten
    assert s.view(0)["seats"][0]["elites"] == ["EL01"]       # kept although the attack is lost
    assert s.view(0)["seats"][0]["treasure"] == ["Fan"]      # the only treasure: kept
    assert s.view(0)["houses"][0]["red"] == ["Jade"]
    assert "EL10" in s.fields()["elite_discard"]


def test_TG5_keeps_two_treasures():
    s = lose_table(["TG5"])
    assert legal(s) == ["TG5: keep 2", "keep 1"]
    play(s, "TG5: keep 2")                   # Fan and Scroll: both kept, nothing to choose
    assert sorted(s.view(0)["seats"][0]["treasure"]) == ["Fan", "Scroll"]


def test_TG5_keeps_any_two_of_three_and_a_first_pick_always_leaves_a_second():
    # Three on the shuriken (Fan, Scroll, Vase), then a 6 that cannot be
    # beaten.  Two are kept lowest kind first, one choice per pair: keeping
    # the Vase first would leave nothing that may follow it (a stuck seat,
    # found by a tournament at 3 players).
    t = Table().hand(0, [5, 5, 5]).tiles(0, ["TG5"]).guard_top([QUIET[2], QUIET[3], "GD40"])
    t.sentry(0, QUIET[1]).house(0, plain=["Fan", "Scroll", "Vase", "Jade"])
    s = t.state()
    play(s, "house 1 Strength", "Banzai", "base: Dojo 5", "declare the play",
         "Banzai", "base: Dojo 5", "declare the play", "Banzai")
    assert legal(s) == ["TG5: keep 2", "keep 1"]
    play(s, "TG5: keep 2")
    assert legal(s) == ["keep Fan", "keep Scroll"]
    kept = set()
    for first in ("keep Fan", "keep Scroll"):
        after_first = s.clone()
        play(after_first, first)
        for second in legal(after_first):
            done = after_first.clone()
            play(done, second)
            kept.add(tuple(sorted(done.view(0)["seats"][0]["treasure"])))
    assert kept == {("Fan", "Scroll"), ("Fan", "Vase"), ("Scroll", "Vase")}


def test_CR2_adds_or_takes_1_and_stacks_with_a_3():
    s = attack(Table().hand(0, [4, 3]).tiles(0, ["CR2"]), sentry_value=5)
    assert the_play(s) == (6, "Dojo 4", ["CR2"]) and steps_of(s, "play")[0]["join"] == 1


def test_CR3_turns_this_play_and_the_rest_of_the_attack_to_the_other_side():
    t = Table().hand(0, [1, 2]).tiles(0, ["CR3"]).guard_top([QUIET[4]])
    t.sentry(0, QUIET[3]).house(0, plain=["Fan", "Scroll", "Vase"])
    s = t.state()
    play(s, "house 1 Strength")          # a 1 or a 2 cannot beat a 3 with Strength...
    play(s, "base: Dojo 1")              # ...so CR3 follows: 1 < 3 with Stealth
    assert the_play(s) == (1, "Dojo 1", ["CR3"])
    assert s.view(0)["decision"]["attack"]["now"] == "Stealth"
    play(s, "Banzai", "base: Dojo 2", "declare the play")   # the next 4, with Stealth: 2 < 4
    assert [p["value"] for p in steps_of(s, "play")] == [1, 2]
    assert s.view(0)["houses"][0]["shuriken"] == [0, None]   # the shuriken did not move


def test_CR4_peeks_at_the_next_guard_seen_only_by_its_user():
    t = Table().hand(0, [5, 5]).tiles(0, ["CR4"]).guard_top(["GD40"])
    t.sentry(0, QUIET[1]).house(0, plain=["Fan", "Scroll"])
    s = t.state()
    play(s, "house 1 Strength")
    assert legal(s) == ["Banzai", "retreat", "CR4: peek"]
    play(s, "CR4: peek")
    assert s.view(0)["peeked"] == {"deck": "Guard", "card": "GD40 (6)"}
    assert s.view(1)["peeked"] is None and s.view(-1)["peeked"] is None
    assert "GD40" not in str(s.steps())
    assert s.chance_key(0) != s.chance_key(1)
    for k in range(20):       # the peeker's worlds keep the 6 on top; the others' need not
        assert s.determinize(0, k).fields()["guard_deck"][-1] == "GD40"
    assert any(s.determinize(1, k).fields()["guard_deck"][-1] != "GD40" for k in range(20))
    play(s, "retreat")
    assert s.view(0)["seats"][0]["treasure"] == ["Fan"]


@pytest.mark.parametrize("deck", ["Guard", "Elite"])
def test_CR4_on_an_empty_deck_reshuffles_all_its_discards_and_puts_the_card_back(deck):
    # Ruling 15: an empty Guard or Elite deck reshuffles its discards; CR4
    # looks at the top card and puts it back.  Every discard stays in play.
    key = deck.lower()
    t = Table().hand(0, [5, 5]).tiles(0, ["CR4"]).sentry(0, QUIET[1])
    if deck == "Guard":
        t.house(0, plain=["Fan", "Scroll"])
    else:           # only red treasure: Banzai would meet an Elite
        t.house(0, red=["Jade", "Vase"])
    t.f[f"{key}_discard"] += t.f[f"{key}_deck"]
    t.f[f"{key}_deck"] = []
    discards = sorted(t.f[f"{key}_discard"])
    s = t.state()
    play(s, "house 1 Strength", "CR4: peek")
    f = s.fields()
    assert f[f"{key}_discard"] == [] and sorted(f[f"{key}_deck"]) == discards
    top = f[f"{key}_deck"][-1]
    assert s.view(0)["peeked"]["deck"] == deck and s.view(0)["peeked"]["card"].startswith(top)
    assert s.view(0)[f"{key}_deck"]["size"] == len(discards)
    assert s.view(0)[f"{key}_deck"]["peeked_by"] == [0] and s.view(1)["peeked"] is None
    for k in range(10):       # the peeker's worlds keep that card on top of the whole deck
        copy = s.determinize(0, k).fields()
        assert copy[f"{key}_deck"][-1] == top and sorted(copy[f"{key}_deck"]) == discards
    play(s, "Banzai")
    assert steps_of(s, "reveal")[-1]["card"] == top
    assert len(s.fields()[f"{key}_deck"]) == len(discards) - 1


@pytest.mark.parametrize("deck", ["Guard", "Elite"])
def test_an_empty_guard_or_elite_deck_is_refilled_from_its_discards_at_banzai(deck):
    key = deck.lower()
    if deck == "Guard":
        t = banzai_table([])
    else:           # only red treasure: Banzai meets an Elite
        t = Table().hand(0, [5, 5]).sentry(0, QUIET[1]).house(0, red=["Jade", "Vase"])
    t.f[f"{key}_discard"] += t.f[f"{key}_deck"]
    t.f[f"{key}_deck"] = []
    discards = sorted(t.f[f"{key}_discard"])
    s = t.state()
    play(s, "house 1 Strength", "Banzai")
    assert steps_of(s, "reshuffle")[0]["deck"] == deck
    revealed, = steps_of(s, "reveal")
    assert revealed["deck"] == deck
    f = s.fields()
    assert f[f"{key}_discard"] == []
    assert sorted(f[f"{key}_deck"] + [revealed["card"]]) == discards


def elite_attack(elite, hand, tiles=()):
    """Seat 0 beats the Sentry (no plain treasure: it takes nothing); the
    house holds only red treasure, so Banzai reveals ``elite``."""
    t = Table().hand(0, list(hand) + [5]).tiles(0, list(tiles)).elite_top([elite])
    t.sentry(0, QUIET[1]).house(0, red=["Jade", "Vase"])
    s = t.state()
    play(s, "house 1 Strength")
    return s


def test_a_2_person_elite_needs_two_winning_plays_and_CR5_beats_both_with_one():
    # EL18: 4 & 4.  With Strength: two cards above 4.
    s = elite_attack("EL18", [5, 5])
    assert steps_of(s, "take")[0]["treasure"] is None      # no plain treasure at the Sentry
    play(s, "Banzai")                   # only red treasure left: an Elite
    assert steps_of(s, "reveal")[-1]["card"] == "EL18"
    play(s, "base: Dojo 5")
    assert legal(s) == ["next play", "give up"]              # one 5 is not enough to declare
    play(s, "next play", "base: Dojo 5")
    assert legal(s) == ["declare the play", "give up"]
    play(s, "declare the play")
    assert s.view(0)["seats"][0]["elites"] == ["EL18"]
    assert [p["value"] for p in steps_of(s, "play")] == [5, 5, 5]
    assert s.view(0)["houses"][0]["red"] == ["Jade"]         # the lowest red was taken
    # CR5: one play against both values.
    s = elite_attack("EL18", [5], tiles=["CR5"])
    play(s, "Banzai", "base: Dojo 5")
    assert legal(s) == ["CR5: one play against both", "give up"]     # no card for a second play
    play(s, "CR5: one play against both", "declare the play")
    assert s.view(0)["seats"][0]["elites"] == ["EL18"] and s.view(0)["hand"] == []


def test_giving_up_at_an_elite_spends_nothing_and_a_one_person_elite_uses_its_side():
    # EL10: Strength 5 / Stealth 1.  A 5 cannot beat it with Strength: the loss is forced.
    s = elite_attack("EL10", [5])
    play(s, "Banzai")
    assert steps_of(s, "loss")[0]["card"] == "EL10"
    assert s.view(0)["hand"] == [5]                     # nothing discarded
    assert "EL10" in s.fields()["elite_discard"]
    # EL01: Strength 4 / Stealth 2: a 5 beats it with Strength.
    s = elite_attack("EL01", [5])
    play(s, "Banzai", "base: Dojo 5", "declare the play")
    assert s.view(0)["seats"][0]["elites"] == ["EL01"]
    assert steps_of(s, "take")[-1]["red"] is True and steps_of(s, "take")[-1]["treasure"] == "Vase"


def test_CR6_returns_a_card_spent_in_the_attack():
    s = attack(Table().hand(0, [5, 4]).tiles(0, ["CR6"]), sentry_value=3)
    play(s, "base: Dojo 4", "retreat")
    assert legal(s) == ["CR6: take back a 4", "no CR6"]
    play(s, "CR6: take back a 4")
    assert s.view(0)["hand"] == [4, 5]
    assert s.view(1)["seats"][0]["known_cards"] == [4]    # it came back face up


def test_hensojutsu_makes_a_masked_envoy_count_as_two():
    # Seat 1 has two Taira Envoys, seat 0 one masked Taira Envoy and HJ1: after
    # turn 5 the disguise ties seat 0 at 2, and its EN02 (age 31) is older than
    # EN01 (23) and EN05 (19): seat 0 comes first.
    t = scoring_table(2)
    t.set(turn=5, hensojutsu_left=2)
    t.tiles(0, ["HJ1"]).owns(0, "envoy", ["EN02"]).owns(1, "envoy", ["EN01", "EN05"])
    t.tokens(["CT01", "CT03", "CT06", "CT08", "CT14"])
    s = t.state()
    play(s, "Dojo", "draw from the deck", "draw from the deck")
    assert s.movers() == [0] and legal(s) == ["Hensojutsu on EN02", "Hensojutsu done"]
    play(s, "Hensojutsu on EN02")
    taira = next(r for r in steps_of(s, "clan rank") if r["clan"] == "Taira")
    assert taira["first"] == 0 and taira["second"] == 1
    # Without it, seat 1 is first.
    s = t.state()
    play(s, "Dojo", "draw from the deck", "draw from the deck", "Hensojutsu done")
    taira = next(r for r in steps_of(s, "clan rank") if r["clan"] == "Taira")
    assert taira["first"] == 1


# ------------------------------------------------------------ the rulings

def test_dojo_draws_4_3_or_2_one_at_a_time_and_refills_the_row_after():
    for hand, draws in (([], 4), ([2], 3), ([2, 2], 2), ([1, 2, 3, 4, 5], 2)):
        s = Table().hand(0, hand).treasure(0, ["Gold"] * 3).dojo_row([1, 3, 5]).state()
        play(s, "Dojo")
        assert s.view(0)["decision"]["text"] == f"draw a card ({draws} left)"
        n = 0
        while s.movers() == [0] and s.view(0)["decision"]["phase"] == "draw":
            play(s, "draw face-up card 1" if "draw face-up card 1" in legal(s) else legal(s)[0])
            n += 1
        assert len(s.view(0)["hand"]) == len(hand) + draws
        assert all(s.view(0)["dojo_row"])                 # refilled only now
        assert [d["step"] for d in s.steps()].count("draw") == draws


def test_face_up_draws_are_public_and_deck_draws_are_not():
    s = Table().hand(0, [2, 2]).dojo_row([1, 3, 5]).dojo_top([4, 4]).state()
    play(s, "Dojo", "draw face-up card 3", "draw from the deck")
    assert s.view(1)["seats"][0]["known_cards"] == [5]
    draws = steps_of(s, "draw")
    assert draws[0]["card"] == 5 and draws[1]["card"] is None
    assert s.chance_key(0) != s.chance_key(1)           # seat 0 saw its 4


def test_a_house_side_takes_one_shuriken_a_turn_and_needs_a_winning_sentry_play():
    t = Table(3).hand(0, [5, 1]).hand(1, [5, 1]).sentry(0, QUIET[3]).house(0, plain=["Fan", "Scroll", "Vase"])
    s = t.state()
    assert {"house 1 Strength", "house 1 Stealth"} <= set(legal(s))
    s2 = Table(3).hand(0, [3]).sentry(0, QUIET[3]).state()
    assert not {"house 1 Strength", "house 1 Stealth"} & set(legal(s2))    # 3 ties a 3
    play(s, "house 1 Strength", "retreat")          # the 5 is the only win: played at once
    assert "house 1 Strength" not in legal(s) and "house 1 Stealth" in legal(s)


def test_the_sentry_is_never_given_up_and_a_revealed_guard_always_can_be():
    s = attack(Table().hand(0, [5, 4, 1]), sentry_value=3)
    assert legal(s) == ["base: Dojo 4", "base: Dojo 5"]            # no "give up" at the Sentry
    t = banzai_table([QUIET[2]], hand=(5, 4, 5)).state()
    play(t, "house 1 Strength", "base: Dojo 5", "Banzai")
    assert legal(t) == ["base: Dojo 4", "base: Dojo 5", "give up"]


def test_clearing_a_house_takes_everything_and_changes_its_clan():
    t = Table().hand(0, [5, 5]).guard_top([QUIET[2]]).tokens(["CT01", "CT03", "CT06", "CT08", "CT14"])
    t.sentry(0, QUIET[1]).house(0, plain=["Fan", "Scroll"])
    s = t.state()
    play(s, "house 1 Strength", "Banzai", "base: Dojo 5", "declare the play")
    assert s.view(0)["decision"]["phase"] == "new clan"
    options = legal(s)
    # Not Taira (the house's clan); any Minamoto or Go-Shirakawa token not on a house.
    assert options == [f"new token {n}" for n in (
        "CT07 (Minamoto 3)", "CT09 (Minamoto 5)", "CT10 (Minamoto 7)", "CT11 (Go-Shirakawa 2)",
        "CT12 (Go-Shirakawa 4)", "CT13 (Go-Shirakawa 5)", "CT15 (Go-Shirakawa 8)")]
    play(s, "new token CT15 (Go-Shirakawa 8)")
    v = s.view(0)
    assert v["houses"][0]["clan"] == "Go-Shirakawa" and v["houses"][0]["value"] == 8
    assert v["houses"][0]["sentry"] is None and v["houses"][0]["plain"] == []
    assert sorted(v["seats"][0]["treasure"]) == ["Fan", "Scroll"]
    assert not {"house 1 Strength", "house 1 Stealth"} & set(legal(s))   # empty until end of turn


def test_retreat_takes_all_and_adds_nothing():
    s = banzai_table([QUIET[2]], plain=("Fan", "Scroll", "Vase")).state()
    play(s, "house 1 Strength", "Banzai", "base: Dojo 5", "declare the play", "retreat")
    assert sorted(s.view(0)["seats"][0]["treasure"]) == ["Fan", "Scroll"]
    assert s.view(0)["houses"][0]["plain"] == ["Vase"]
    assert QUIET[2] in s.fields()["guard_discard"]


def test_sensei_costs_an_exact_card_or_nothing_with_a_tile_of_the_same_style():
    s = Table().hand(0, [1, 4]).offer(["SN2", "TG1", "CR1"]).state()     # costs 4, 1, 3
    play(s, "Sensei")
    assert legal(s) == ["Sensei tile 1", "Sensei tile 2"]
    play(s, "Sensei tile 1")                         # the 4 pays: forced
    assert s.view(0)["hand"] == [1] and steps_of(s, "sensei")[0]["paid"] == 4
    s = Table().hand(0, [1]).tiles(0, ["SN1"]).offer(["SN2", "HJ1"]).state()
    play(s, "Sensei")
    assert legal(s) == ["Sensei tile 1", "Sensei tile 2"]
    play(s, "Sensei tile 1")                          # Snake already owned: free
    assert s.view(0)["hand"] == [1] and steps_of(s, "sensei")[0]["paid"] is None


def test_turn_order_follows_the_dojo_stack_newest_first():
    # Ruling 18: seats 2 then 0 went to the Dojo (0 last): 0, 2, then 1 and 3
    # in their old order.
    t = Table(4)
    t.set(placed=11, mover=3, dojo_stack=[2, 0], order=[0, 1, 2, 3])
    t.set(spaces=[[1, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0]])
    t.hand(3, [3]).sentry(0, QUIET[1]).house(0, plain=["Fan", "Scroll", "Vase"])
    s = t.state()
    play(s, "house 1 Strength", "retreat")
    assert steps_of(s, "turn order")[0]["order"] == [0, 2, 1, 3]
    assert s.view(0)["order"] == [0, 2, 1, 3] and s.movers() == [0]


@pytest.mark.parametrize("cards,mult", [(1, 1), (2, 2), (3, 4), (4, 5), (5, 6), (6, 8)])
def test_rumor_sets_multiply_1_2_4(cards, mult):
    # Greatest Warrior counts Elite cards: 3 Elites x the multiplier.
    t = Table(2).set(turn=7, placed=5, mover=1).hand(1, [1, 2])
    t.owns(0, "rumor", [f"RU0{i + 1}" for i in range(cards)]).elites(0, ["EL01", "EL02", "EL13"])
    s = t.state()
    play(s, "Dojo", "draw from the deck", "draw from the deck")
    while not s.is_terminal():
        play(s, legal(s)[0])
    final = s.view(0)["final"][0]
    assert final["rumor_sets"] == 3 * mult
    assert final["elite_points"] == 3


@pytest.mark.parametrize("holders,each", [(1, 6), (2, 4), (3, 2)])
def test_dishonorable_opponents_score_by_how_many_players_hold_one(holders, each):
    t = Table(3).set(turn=7, placed=8, mover=2).hand(2, [1, 2])
    for p in range(holders):
        t.owns(p, "rumor", [f"RU{25 + p}"])
    t.owns(0, "rumor", ["RU29"])                     # seat 0 holds two
    s = t.state()
    play(s, "Dojo", "draw from the deck", "draw from the deck")
    while not s.is_terminal():
        play(s, legal(s)[0])
    assert s.view(0)["final"][0]["dishonorable_opponents"] == 2 * each


def test_scores_add_up_and_ties_go_to_elites_then_envoys():
    t = Table(2).set(turn=7, placed=5, mover=1).hand(1, [1, 2])
    t.treasure(0, ["Fan", "Fan"]).treasure(1, ["Fan"]).elites(1, ["EL01"])    # 2 + 0 and 1 + 1
    s = t.state()
    play(s, "Dojo", "draw from the deck", "draw from the deck")
    while not s.is_terminal():
        play(s, legal(s)[0])
    f = s.view(0)["final"]
    for part in f:
        assert part["total"] == sum(part[k] for k in ("purchases", "clan_points", "rumor_sets",
                                                        "dishonorable_opponents", "unspent_treasure",
                                                        "elite_points"))
    assert s.scores() == [2, 2] and s.returns() == [0.0, 1.0]     # seat 1 has an Elite


def test_bad_positions_are_refused_with_the_field_named():
    t = Table()
    t.f["hands"][1][4] += 1
    with pytest.raises(PositionError, match="value 5"):
        t.state()
    with pytest.raises(PositionError, match=r"state.sentries\[0\]"):
        Table().set(sentries=["GD99"] + Table().f["sentries"][1:]).state()


def test_second_place_gets_the_option_first_place_leaves():
    # Ruling 20.  Taira after turn 3: seat 0 has two Envoys, seat 1 one.
    t = scoring_table(2).tokens(["CT01", "CT03", "CT06", "CT08", "CT14"])     # Taira 2 + 4
    t.owns(0, "envoy", ["EN01", "EN03"]).owns(1, "envoy", ["EN02"])
    s = t.state()
    play(s, "Dojo", "draw from the deck", "draw from the deck")
    assert s.movers() == [0] and legal(s)[0] == "take the clan points"
    play(s, "take the clan points")
    assert s.scores()[0] == 6 and s.movers() == [1]
    assert legal(s) == [f"take Rumor {i}" for i in range(1, 5)]     # 2nd chooses a free Rumor
    rumor = s.view(1)["rumor_row"][1]["card"]
    play(s, "take Rumor 2")
    assert [r["card"] for r in s.view(1)["seats"][1]["rumors"]] == [rumor]
    assert s.scores()[1] == 0                                     # a free Rumor scores nothing
    # The other way round: 1st takes a Rumor, 2nd gets the clan points.
    s = t.state()
    play(s, "Dojo", "draw from the deck", "draw from the deck", "take Rumor 1")
    assert s.scores() == [0, 6]


def test_with_an_empty_rumor_row_first_takes_the_points_and_second_gets_nothing():
    t = scoring_table(2).tokens(["CT01", "CT03", "CT06", "CT08", "CT14"])
    t.owns(0, "envoy", ["EN01", "EN03"]).owns(1, "envoy", ["EN02"])
    t.f["rumors"][1] = t.f["rumor_deck"] + t.f["rumor_row"]       # no Rumor left to take
    t.f["rumor_deck"], t.f["rumor_row"] = [], [None] * 4
    s = t.state()
    play(s, "Dojo", "draw from the deck", "draw from the deck")
    assert s.scores()[0] == 6 and s.view(0)["phase"] == "place" and s.view(0)["turn"] == 4


def test_after_turn_7_nothing_is_refilled_and_the_game_ends():
    t = Table(2).set(turn=7, placed=5, mover=1).hand(1, [1, 2])
    t.treasure(1, ["Fan", "Scroll"]).row("envoy", 0, "EN01")
    s = t.state()
    order = s.view(0)["order"]
    play(s, "Palace", "buy face-up card 1")
    while not s.is_terminal():                      # clan scoring: seat 1 leads Taira
        play(s, legal(s)[0])
    assert s.view(0)["envoy_row"][0] is None and s.view(0)["order"] == order
    assert not [st for st in s.steps() if st["step"] in ("row", "sensei offer", "turn order")]


def test_sensei_refresh_replaces_the_offer_then_offers_one_hensojutsu():
    for turn, offered in ((1, 2), (4, 1)):
        t = Table(2).set(turn=turn, placed=5, mover=1).hand(1, [1, 2])
        t.treasure(1, ["Fan", "Scroll"]).row("envoy", 0, "EN01")
        old = [x for x in t.f["offer"] if x]
        s = t.state()
        play(s, "Palace", "buy face-up card 1")
        f = s.fields()
        new = [x for x in f["offer"] if x]
        assert len(new) == offered and not set(new) & set(old)
        assert set(old) <= set(f["removed_tiles"])            # unbought tiles leave the game
        if turn == 4:
            assert new == ["HJ1"]


def test_an_alarm_with_an_empty_bag_and_spent_pile_adds_and_flips_nothing():
    t = banzai_table(["GD07"])
    bag = [name for name, n in zip(("Fan", "Scroll", "Vase", "Jade", "Gold"), t.f["bag"]) for _ in range(n)]
    t.treasure(1, bag)
    s = t.state()
    play(s, "house 1 Strength", "Banzai")
    alarm, = steps_of(s, "alarm")
    assert alarm["added"] is None and alarm["flipped"] is None
    assert s.view(0)["houses"][0]["plain"] == ["Scroll"] and s.view(0)["houses"][0]["red"] == []


def test_an_empty_dojo_deck_is_refilled_from_the_discards():
    t = Table(2).hand(0, [2, 2]).hand(1, [1, 1])
    for v in t.f["dojo_deck"]:
        t.f["dojo_discard"][v - 1] += 1
    t.f["dojo_deck"] = []
    s = t.state()
    play(s, "Dojo", "draw from the deck")
    assert steps_of(s, "reshuffle")[0]["deck"] == "Dojo"
    f = s.fields()
    assert f["dojo_discard"] == [0] * 5 and sum(f["hands"][0]) == 3
    assert f["older"][1] == [2, 0, 0, 0, 0]       # seat 1's hidden cards predate the new deck
