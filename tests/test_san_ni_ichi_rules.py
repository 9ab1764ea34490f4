"""San, Ni, Ichi! rules, tested from the rulebook (seeds/000) and its rulings
(rules/san_ni_ichi.md) through the public ``State`` API.

Positions are hand-made (empty history) with :func:`position`, which takes
named cards and fills the rest in; the deck tables below are written out from
the rulebook, not read from the engine.
"""
from __future__ import annotations

import pytest

from ninja_dojo.engine import PositionError, codec, new_game

ELEMENTS = ("Fire", "Wood", "Water")
LETTER = {"Fire": "A", "Wood": "B", "Water": "C"}
BEATS = {("Fire", "Wood"), ("Wood", "Water"), ("Water", "Fire")}
# Setup tables of the rulebook: players -> (attack cards 1..N, weapons).
STANDARD = {3: (5, 6), 4: (7, 7), 5: (8, 11), 6: (10, 12)}
ALTERNATE = {"alternate-1": {3: (6, 3), 4: (8, 4), 5: (9, 8)},
             "alternate-2": {3: (7, 0), 4: (9, 1), 5: (10, 5)}}
POOL = (["Zen Attack 15", "Zen Attack 19", "Zen Attack 23", "Tonfa 16", "Tonfa 20", "Tonfa 24",
         "Sai 17", "Sai 21", "Sai 26", "Shuriken 18", "Shuriken 22", "Shuriken 27"]
        + ["Smoke Bomb"] * 3 + ["Block"] * 3)
WEAPONS = {
    3: ["Block", "Zen Attack 15", "Tonfa 16", "Sai 17", "Shuriken 18", "Smoke Bomb"],
    4: ["Block", "Block", "Zen Attack 15", "Tonfa 16", "Sai 17", "Shuriken 18", "Smoke Bomb"],
    5: ["Block", "Block", "Zen Attack 15", "Zen Attack 19", "Tonfa 16", "Sai 17", "Sai 21",
        "Shuriken 18", "Smoke Bomb", "Smoke Bomb", "Smoke Bomb"],
    6: ["Block", "Block", "Block", "Zen Attack 15", "Zen Attack 19", "Tonfa 16", "Tonfa 20",
        "Sai 17", "Shuriken 18", "Smoke Bomb", "Smoke Bomb", "Smoke Bomb"],
}


def atk(v: int, element: str) -> str:
    return f"{v} {element} ({LETTER[element]})"


def attack_cards(top: int) -> list[str]:
    return [atk(v, e) for e in ELEMENTS for v in range(1, top + 1)]


def position(players=3, hands=(), piles=(), damage=(), discard=(), weapons=None, round=5,
             phase="choose", played=None, resolved=0, stage="card", blocked=(), teams=False,
             advanced=False, known=(), at_least=None, no_smoke=None, threatened=(), taking=(),
             dodged=(), asking_partner=False):
    """A San Ni Ichi ``State`` with an empty history, from named cards.

    Hands are topped up to the size the round needs with attack cards nobody
    named (lowest first), then numbered weapons; every card still left over
    goes to the discard.  Only the cards a test names matter to it.
    """
    top, _ = STANDARD[players]
    weapons = list(WEAPONS[players] if weapons is None else weapons)
    deck = attack_cards(top) + weapons
    named = [c for group in (hands, piles, damage) for p in group for c in p] + list(discard)
    # A resolved round card is named where it went, not twice.
    named += [c for c in (played or ()) if c and c not in named]
    for c in named:
        deck.remove(c.split(" (")[0] if c.startswith("Zen") else c)
    filler = ([c for c in deck if c[0].isdigit()]
              + [c for c in deck if not c[0].isdigit() and c != "Smoke Bomb"])
    size = {"choose": 8 - round, "resolve": 7 - round, "damage": 7 - round, "over": 0}[phase]
    hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    for h in hands:
        while len(h) < size:
            c = filler.pop(0)
            deck.remove(c)
            h.append(c)
    state = {
        "players": players, "deck": "standard", "teams": teams, "advanced": advanced,
        "round": round, "phase": phase, "weapons": weapons, "hands": hands,
        "known": [list(k) for k in known] + [[] for _ in range(players - len(known))],
        "smoke_bomb_at_least": list(at_least or [0] * players),
        "no_smoke_bomb": list(no_smoke or [False] * players),
        "piles": [list(p) for p in piles] + [[] for _ in range(players - len(piles))],
        "damage": [list(d) for d in damage] + [[] for _ in range(players - len(damage))],
        "discard": list(discard) + deck,
        "played": list(played) if played else [None] * players,
        "resolved": resolved, "stage": stage, "blocked": list(blocked),
        "dodged": list(dodged), "threatened": list(threatened), "taking": list(taking),
        "asking_partner": asking_partner,
    }
    options = {"players": players, "teams": teams, "advanced": advanced}
    doc = {"format": codec.FORMAT, "version": codec.VERSION, "game": "san_ni_ichi",
           "options": options, "seed": 0, "history": [], "state": state}
    return codec.from_map(doc)


def names(state, seat=None):
    return [str(a) for a in state.legal_actions(seat)]


def reveal(state, cards):
    """Everyone's round card at once: ``{seat: '7 Fire (A)'}``."""
    return state.apply({seat: f"play {c}" for seat, c in cards.items()})


def kinds(state, kind):
    return [s for s in state.steps() if s["kind"] == kind]


def deciding(state):
    (seat,) = state.movers()
    return seat


# ------------------------------------------------------------------ setup

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_standard_table_deals_seven_each_with_random_public_weapons(players):
    top, count = STANDARD[players]
    seen, kinds_seen = set(), set()
    for seed in range(40):
        s = new_game("san_ni_ichi", players, seed=seed)
        f = s.fields()
        assert [len(h) for h in f["hands"]] == [7] * players
        dealt = sorted(c for h in f["hands"] for c in h)
        assert dealt == sorted(attack_cards(top) + f["weapons"])
        assert len(f["weapons"]) == count
        pool = list(POOL)
        for w in f["weapons"]:
            pool.remove(w)          # drawn from the pool of 18, no card twice
        assert sorted(s.view(-1)["weapons"]) == sorted(f["weapons"])   # shown to everyone
        seen.add(tuple(sorted(f["weapons"])))
        kinds_seen.update(f["weapons"])
    assert len(seen) > 20            # the weapons change from game to game
    assert kinds_seen == set(POOL)   # and any weapon of the pool can come


@pytest.mark.parametrize("deck,players", [(d, p) for d, rows in ALTERNATE.items() for p in rows])
def test_alternate_tables_deal_seven_each(deck, players):
    top, count = ALTERNATE[deck][players]
    s = new_game("san_ni_ichi", players, seed=3, deck=deck)
    f = s.fields()
    assert [len(h) for h in f["hands"]] == [7] * players
    assert len(f["weapons"]) == count
    assert sorted(c for h in f["hands"] for c in h) == sorted(attack_cards(top) + f["weapons"])


def test_options_are_validated():
    with pytest.raises(PositionError, match="deck"):
        new_game("san_ni_ichi", 6, seed=1, deck="alternate-1")
    with pytest.raises(PositionError, match="deck"):
        new_game("san_ni_ichi", 4, seed=1, deck="red")
    with pytest.raises(PositionError, match="teams"):
        new_game("san_ni_ichi", 5, seed=1, teams=True)
    with pytest.raises(PositionError, match="teams"):
        new_game("san_ni_ichi", 3, seed=1, teams=True)
    with pytest.raises(PositionError, match="advanced"):
        new_game("san_ni_ichi", 4, seed=1, advanced="yes")
    with pytest.raises(PositionError, match="colour"):
        new_game("san_ni_ichi", 4, seed=1, colour="red")
    with pytest.raises(PositionError, match="players"):
        new_game("san_ni_ichi", 2, seed=1)
    with pytest.raises(PositionError, match="players"):
        new_game("san_ni_ichi", 7, seed=1)


def test_everyone_chooses_at_once_from_their_hand():
    s = position(3, hands=[[atk(1, "Fire"), atk(2, "Fire"), "Block"]])
    assert s.movers() == [0, 1, 2]
    assert sorted(names(s, 0)) == sorted(["play 1 Fire (A)", "play 2 Fire (A)", "play Block"])


# ------------------------------------------------------------------ order

def test_cards_resolve_from_low_to_high_with_tie_letters():
    s = position(3, hands=[[atk(3, "Water")], [atk(3, "Fire")], [atk(2, "Wood")]])
    reveal(s, {0: atk(3, "Water"), 1: atk(3, "Fire"), 2: atk(2, "Wood")})
    assert [st["seat"] for st in kinds(s, "reveal")] == [2, 1, 0]
    assert s.view(-1)["order"] == [2, 1, 0]
    assert deciding(s) == 2


def test_number_comes_before_the_tie_letter():
    s = position(3, hands=[[atk(2, "Fire")], [atk(1, "Water")], [atk(2, "Wood")]])
    reveal(s, {0: atk(2, "Fire"), 1: atk(1, "Water"), 2: atk(2, "Wood")})
    assert s.view(-1)["order"] == [1, 0, 2]


def test_block_resolves_first_and_several_blocks_in_seat_order():
    s = position(6, hands=[[atk(1, "Fire")], ["Block"], [atk(1, "Wood")], ["Zen Attack 15"],
                           ["Block"], [atk(1, "Water")]])
    reveal(s, {0: atk(1, "Fire"), 1: "Block", 2: atk(1, "Wood"), 3: "Zen Attack 15",
               4: "Block", 5: atk(1, "Water")})
    assert s.view(-1)["order"] == [1, 4, 0, 2, 5, 3]
    assert deciding(s) == 1


def test_weapons_resolve_in_number_order_after_attacks():
    s = position(4, hands=[["Shuriken 18"], ["Tonfa 16"], [atk(7, "Fire")], ["Sai 17"]],
                 piles=[[atk(1, "Wood")], [atk(2, "Wood")]])
    reveal(s, {0: "Shuriken 18", 1: "Tonfa 16", 2: atk(7, "Fire"), 3: "Sai 17"})
    assert s.view(-1)["order"] == [2, 1, 3, 0]


def test_smoke_bomb_as_a_round_card_does_nothing_and_is_discarded():
    s = position(3, hands=[["Smoke Bomb"], [atk(4, "Fire")], [atk(5, "Fire")]],
                 piles=[[], [], [atk(1, "Wood")]])
    reveal(s, {0: "Smoke Bomb", 1: atk(4, "Fire"), 2: atk(5, "Fire")})
    assert s.view(-1)["order"][-1] == 0
    while s.fields()["round"] == 5:
        assert s.movers() != [0]                  # never asked about it
        s.apply(s.legal_actions()[-1])            # everyone discards
    wasted = kinds(s, "smoke bomb wasted")
    assert [(w["seat"], w["card"]) for w in wasted] == [(0, "Smoke Bomb")]
    assert "Smoke Bomb" in s.fields()["discard"]


# ------------------------------------------------------------------ attack cards

def test_attack_options_start_on_players_without_piles_or_beat_the_top():
    s = position(4, hands=[[atk(5, "Fire")], [atk(7, "Fire")], [atk(7, "Wood")], [atk(7, "Water")]],
                 piles=[[], [atk(2, "Wood")], [atk(4, "Water")]])
    reveal(s, {0: atk(5, "Fire"), 1: atk(7, "Fire"), 2: atk(7, "Wood"), 3: atk(7, "Water")})
    assert deciding(s) == 0
    assert sorted(names(s)) == sorted([
        "start a pile on seat 0", "start a pile on seat 3",   # no pile there
        "put on seat 1's pile",                               # Fire beats Wood
        "discard",                                            # always allowed
    ])


@pytest.mark.parametrize("card_element", ELEMENTS)
@pytest.mark.parametrize("top_element", ELEMENTS)
def test_a_card_goes_on_a_pile_only_with_the_winning_element(card_element, top_element):
    s = position(4, hands=[[atk(5, card_element)], [atk(7, "Fire")], [atk(7, "Wood")], [atk(7, "Water")]],
                 piles=[[], [atk(2, top_element)]])
    reveal(s, {0: atk(5, card_element), 1: atk(7, "Fire"), 2: atk(7, "Wood"), 3: atk(7, "Water")})
    assert deciding(s) == 0
    assert ("put on seat 1's pile" in names(s)) == ((card_element, top_element) in BEATS)


def test_start_a_pile_on_yourself_then_slide_it_to_a_player_without_a_pile():
    s = position(4, hands=[[atk(3, "Fire")], [atk(7, "Fire")], [atk(7, "Wood")], [atk(7, "Water")]],
                 piles=[[], [], [atk(1, "Wood")]])
    reveal(s, {0: atk(3, "Fire"), 1: atk(7, "Fire"), 2: atk(7, "Wood"), 3: atk(7, "Water")})
    s.apply("start a pile on seat 0")
    assert deciding(s) == 0
    # Slide only to players without any pile; seat 2 has one.
    assert sorted(names(s)) == sorted(["slide to seat 1", "slide to seat 3", "keep"])
    s.apply("slide to seat 3")
    piles = s.fields()["piles"]
    assert piles[0] == [] and piles[3] == [atk(3, "Fire")]


def test_put_on_your_own_pile_then_slide_the_whole_pile():
    own = [atk(2, "Water"), atk(4, "Wood")]
    s = position(4, hands=[[atk(5, "Fire")], [atk(7, "Fire")], [atk(7, "Wood")], [atk(7, "Water")]],
                 piles=[own, [atk(1, "Water")], [], [atk(1, "Wood")]])
    reveal(s, {0: atk(5, "Fire"), 1: atk(7, "Fire"), 2: atk(7, "Wood"), 3: atk(7, "Water")})
    s.apply("put on seat 0's pile")
    assert sorted(names(s)) == ["keep", "slide to seat 2"]
    s.apply("slide to seat 2")
    assert s.fields()["piles"][2] == own + [atk(5, "Fire")]
    assert s.fields()["piles"][0] == []


def test_keep_leaves_your_pile_in_front_of_you():
    s = position(4, hands=[[atk(3, "Fire")], [atk(7, "Fire")], [atk(7, "Wood")], [atk(7, "Water")]])
    reveal(s, {0: atk(3, "Fire"), 1: atk(7, "Fire"), 2: atk(7, "Wood"), 3: atk(7, "Water")})
    s.apply("start a pile on seat 0")
    s.apply("keep")
    assert s.fields()["piles"][0] == [atk(3, "Fire")]
    assert deciding(s) == 1


def test_no_slide_after_playing_on_another_players_pile():
    s = position(4, hands=[[atk(3, "Fire")], [atk(7, "Fire")], [atk(7, "Wood")], [atk(7, "Water")]],
                 piles=[[], [atk(2, "Wood")]])
    reveal(s, {0: atk(3, "Fire"), 1: atk(7, "Fire"), 2: atk(7, "Wood"), 3: atk(7, "Water")})
    s.apply("put on seat 1's pile")
    assert deciding(s) == 1                  # the next card, no slide question
    s2 = position(4, hands=[[atk(3, "Fire")], [atk(7, "Fire")], [atk(7, "Wood")], [atk(7, "Water")]])
    reveal(s2, {0: atk(3, "Fire"), 1: atk(7, "Fire"), 2: atk(7, "Wood"), 3: atk(7, "Water")})
    s2.apply("start a pile on seat 2")
    assert deciding(s2) == 1


def test_slide_is_skipped_when_nobody_is_free():
    s = position(3, hands=[[atk(3, "Fire")], [atk(5, "Fire")], [atk(5, "Wood")]],
                 piles=[[], [atk(1, "Water")], [atk(1, "Fire")]])
    reveal(s, {0: atk(3, "Fire"), 1: atk(5, "Fire"), 2: atk(5, "Wood")})
    s.apply("start a pile on seat 0")
    # "keep" was the only choice: seat 0 is not asked (seat 1's 5 Fire has no
    # legal play either, so seat 2 decides next).
    assert deciding(s) == 2
    assert s.fields()["piles"][0] == [atk(3, "Fire")]
    assert kinds(s, "slide") == []


def test_with_no_legal_play_the_card_is_discarded():
    s = position(3, hands=[[atk(2, "Fire")], [atk(5, "Water")], [atk(5, "Wood")]],
                 piles=[[atk(1, "Fire")], [atk(3, "Fire")], [atk(4, "Fire")]])
    reveal(s, {0: atk(2, "Fire"), 1: atk(5, "Water"), 2: atk(5, "Wood")})
    # Seat 0 (2 Fire) and then seat 2 (5 Wood) had nothing to choose: neither
    # beats Fire.  Seat 1's 5 Water does.
    assert deciding(s) == 1
    assert [(d["seat"], d["card"]) for d in kinds(s, "discard")] == [(0, atk(2, "Fire")), (2, atk(5, "Wood"))]
    assert atk(2, "Fire") in s.fields()["discard"]


def test_you_may_discard_the_card_you_played():
    s = position(3, hands=[[atk(2, "Fire")], [atk(5, "Fire")], [atk(5, "Wood")]])
    reveal(s, {0: atk(2, "Fire"), 1: atk(5, "Fire"), 2: atk(5, "Wood")})
    assert "discard" in names(s)
    s.apply("discard")
    assert atk(2, "Fire") in s.fields()["discard"]


# ------------------------------------------------------------------ Block


def test_block_stops_attack_cards_and_slides_on_the_blocked_player():
    s = position(4, hands=[["Block"], [atk(3, "Water")], [atk(7, "Wood")], [atk(7, "Water")]],
                 piles=[[atk(2, "Fire")], [], [], [atk(1, "Fire")]])
    reveal(s, {0: "Block", 1: atk(3, "Water"), 2: atk(7, "Wood"), 3: atk(7, "Water")})
    assert deciding(s) == 0 and sorted(names(s)) == ["block seat 0", "discard"]
    s.apply("block seat 0")
    assert s.view(-1)["blocked"] == [0]
    assert deciding(s) == 1
    # Water beats seat 0's Fire top, but seat 0 is blocked.
    assert sorted(names(s)) == sorted(["start a pile on seat 1", "start a pile on seat 2",
                                       "put on seat 3's pile", "discard"])
    s.apply("start a pile on seat 1")
    assert "slide to seat 0" not in names(s)


def test_block_stops_starting_a_pile_on_a_blocked_player_without_one():
    s = position(4, hands=[["Block"], [atk(3, "Water")], [atk(7, "Wood")], [atk(7, "Water")]])
    reveal(s, {0: "Block", 1: atk(3, "Water"), 2: atk(7, "Wood"), 3: atk(7, "Water")})
    s.apply("block seat 0")
    assert "start a pile on seat 0" not in names(s)


def test_block_stops_the_blocked_player_too():
    # Rulings 7: nothing may be put on the blocked player "by anyone".  Only a
    # partner's Block leaves the blocked player a card to play this round.
    s = position(4, teams=True, hands=[[atk(3, "Water")], [atk(7, "Fire")], ["Block"], [atk(7, "Water")]],
                 piles=[[atk(2, "Fire")]])
    reveal(s, {0: atk(3, "Water"), 1: atk(7, "Fire"), 2: "Block", 3: atk(7, "Water")})
    s.apply("block seat 0")
    assert deciding(s) == 0
    assert "put on seat 0's pile" not in names(s)      # Water beats Fire, but blocked
    s = position(4, teams=True, hands=[[atk(3, "Water")], [atk(7, "Fire")], ["Block"], [atk(7, "Water")]])
    reveal(s, {0: atk(3, "Water"), 1: atk(7, "Fire"), 2: "Block", 3: atk(7, "Water")})
    s.apply("block seat 0")
    assert "start a pile on seat 0" not in names(s)
    assert "start a pile on seat 1" in names(s)


def test_a_discarded_block_blocks_nobody():
    s = position(4, hands=[["Block"], [atk(5, "Water")], [atk(7, "Wood")], [atk(7, "Water")]],
                 piles=[[atk(2, "Fire")]])
    reveal(s, {0: "Block", 1: atk(5, "Water"), 2: atk(7, "Wood"), 3: atk(7, "Water")})
    s.apply("discard")
    assert s.view(-1)["blocked"] == []
    assert "put on seat 0's pile" in names(s)
    assert "Block" in s.fields()["discard"]


def test_block_stops_zen_attack():
    s = position(4, hands=[["Block"], ["Zen Attack 15"], [atk(7, "Wood")], [atk(7, "Water")]],
                 piles=[[atk(2, "Fire")], [], [atk(1, "Fire")]])
    reveal(s, {0: "Block", 1: "Zen Attack 15", 2: atk(7, "Wood"), 3: atk(7, "Water")})
    s.apply("block seat 0")
    s.apply("discard")      # seat 2 (7 Wood)
    s.apply("discard")      # seat 3 (7 Water)
    assert deciding(s) == 1
    assert sorted(names(s)) == ["discard", "put on seat 2's pile"]


def test_block_does_not_stop_shuriken_tonfa_or_sai():
    s = position(4, hands=[["Block"], ["Tonfa 16"], ["Sai 17"], ["Shuriken 18"]],
                 piles=[[atk(2, "Fire")], [], [atk(1, "Wood")]])
    reveal(s, {0: "Block", 1: "Tonfa 16", 2: "Sai 17", 3: "Shuriken 18"})
    s.apply("block seat 0")
    assert "Tonfa: draw from seat 0's pile" in names(s)
    s.apply("discard")
    assert "Sai: swap the piles of seats 0 and 2" in names(s)
    s.apply("Sai: swap the piles of seats 0 and 2")
    assert s.fields()["piles"][0] == [atk(1, "Wood")]
    assert "Shuriken: into seat 0's damage pile" in names(s)
    s.apply("Shuriken: into seat 0's damage pile")
    assert "Shuriken 18" in s.fields()["damage"][0]


def test_a_blocked_pile_still_takes_damage():
    s = position(4, hands=[["Block"], [atk(1, "Fire")], [atk(2, "Fire")], [atk(3, "Fire")]],
                 piles=[[atk(7, "Water")], [atk(2, "Wood")]])
    reveal(s, {0: "Block", 1: atk(1, "Fire"), 2: atk(2, "Fire"), 3: atk(3, "Fire")})
    s.apply("block seat 0")
    while s.fields()["round"] == 5:
        s.apply("discard")
    assert s.fields()["damage"][0] == [atk(7, "Water")]


def test_block_lasts_only_this_round():
    s = position(4, hands=[["Block", atk(3, "Water")], [atk(1, "Fire"), atk(4, "Water")],
                           [atk(1, "Wood"), atk(7, "Wood")], [atk(1, "Water"), atk(7, "Water")]],
                 piles=[[atk(5, "Fire")], [atk(6, "Wood")]])
    reveal(s, {0: "Block", 1: atk(1, "Fire"), 2: atk(1, "Wood"), 3: atk(1, "Water")})
    s.apply("block seat 0")
    while s.fields()["round"] == 5:
        s.apply("discard")
    assert s.fields()["piles"][0] == [atk(5, "Fire")]       # seat 1's 6 Wood took damage
    assert s.view(-1)["blocked"] == []
    reveal(s, {0: atk(3, "Water"), 1: atk(4, "Water"), 2: atk(7, "Wood"), 3: atk(7, "Water")})
    s.apply("discard")                                        # seat 0
    assert deciding(s) == 1 and "put on seat 0's pile" in names(s)


# ------------------------------------------------------------------ Zen Attack

def test_zen_attack_goes_on_any_pile_but_never_starts_one():
    s = position(4, hands=[["Zen Attack 15"], [atk(1, "Fire")], [atk(1, "Wood")], [atk(1, "Water")]],
                 piles=[[], [atk(2, "Fire")], [atk(2, "Wood")], [atk(2, "Water")]])
    reveal(s, {0: "Zen Attack 15", 1: atk(1, "Fire"), 2: atk(1, "Wood"), 3: atk(1, "Water")})
    for _ in range(3):
        s.apply("discard")
    assert deciding(s) == 0
    assert sorted(names(s)) == sorted(["put on seat 1's pile", "put on seat 2's pile",
                                       "put on seat 3's pile", "discard"])


@pytest.mark.parametrize("beneath,becomes", [("Wood", "Fire"), ("Water", "Wood"), ("Fire", "Water")])
def test_zen_attack_becomes_the_element_that_beats_the_card_beneath(beneath, becomes):
    # A Tonfa (16) resolves after the Zen Attack (15): the pile can be seen
    # before the damage.
    s = position(3, hands=[["Zen Attack 15"], [atk(1, "Fire")], ["Tonfa 16"]],
                 piles=[[], [atk(2, beneath)]])
    reveal(s, {0: "Zen Attack 15", 1: atk(1, "Fire"), 2: "Tonfa 16"})
    s.apply("discard")                      # 1 Fire
    s.apply("put on seat 1's pile")
    assert deciding(s) == 2
    top = s.view(-1)["pile_tops"][1]
    assert top == {"card": f"Zen Attack 15 ({becomes})", "number": 15, "element": becomes}


def test_a_zen_attack_on_a_zen_attack_beats_its_element():
    # Zen on Wood is Fire; a second Zen on it becomes Water.
    s = position(4, hands=[["Zen Attack 15"], [atk(1, "Fire")], ["Zen Attack 19"], ["Tonfa 20"]],
                 piles=[[], [atk(2, "Wood")]],
                 weapons=["Zen Attack 15", "Zen Attack 19", "Tonfa 20", "Block", "Sai 17",
                          "Shuriken 18", "Smoke Bomb"])
    reveal(s, {0: "Zen Attack 15", 1: atk(1, "Fire"), 2: "Zen Attack 19", 3: "Tonfa 20"})
    s.apply("discard")                      # 1 Fire
    s.apply("put on seat 1's pile")
    s.apply("put on seat 1's pile")
    assert deciding(s) == 3
    assert s.view(-1)["pile_tops"][1]["element"] == "Water"
    assert s.fields()["piles"][1] == [atk(2, "Wood"), "Zen Attack 15 (Fire)", "Zen Attack 19 (Water)"]


def test_an_attack_card_on_a_zen_attack_must_beat_its_element():
    s = position(4, hands=[[atk(5, "Water")], [atk(5, "Fire")], [atk(6, "Wood")], [atk(7, "Water")]],
                 piles=[[], [atk(2, "Wood"), "Zen Attack 15 (Fire)"]])
    reveal(s, {0: atk(5, "Water"), 1: atk(5, "Fire"), 2: atk(6, "Wood"), 3: atk(7, "Water")})
    assert deciding(s) == 1
    assert "put on seat 1's pile" not in names(s)     # Fire does not beat Fire
    s.apply("discard")
    assert deciding(s) == 0
    assert "put on seat 1's pile" in names(s)         # Water beats Fire


def test_zen_attack_on_your_own_pile_gives_no_slide():
    s = position(4, hands=[["Zen Attack 15"], [atk(1, "Fire")], [atk(1, "Wood")], [atk(1, "Water")]],
                 piles=[[atk(2, "Fire")]])
    reveal(s, {0: "Zen Attack 15", 1: atk(1, "Fire"), 2: atk(1, "Wood"), 3: atk(1, "Water")})
    for _ in range(3):
        s.apply("discard")
    s.apply("put on seat 0's pile")
    # Seats 1-3 have no pile, yet seat 0 is not asked about a slide: the
    # round goes straight to damage, and the Zen pile is the highest.
    assert s.fields()["round"] == 6
    assert kinds(s, "slide") == []
    assert s.fields()["damage"][0] == [atk(2, "Fire"), "Zen Attack 15"]


def test_zen_attack_number_is_the_pile_top_number():
    s = position(3, hands=[["Zen Attack 15"], [atk(1, "Fire")], [atk(1, "Wood")]],
                 piles=[[atk(5, "Fire")], [atk(2, "Fire")]])
    reveal(s, {0: "Zen Attack 15", 1: atk(1, "Fire"), 2: atk(1, "Wood")})
    s.apply("discard")
    s.apply("discard")
    s.apply("put on seat 1's pile")
    f = s.fields()
    assert f["damage"][1] == [atk(2, "Fire"), "Zen Attack 15"]    # 15 beats the 5 on seat 0
    assert f["piles"][0] == [atk(5, "Fire")]


# ------------------------------------------------------------------ Tonfa

def test_tonfa_draws_the_top_card_of_any_pile_then_discards_a_card():
    s = position(4, hands=[["Tonfa 16", atk(6, "Fire"), atk(5, "Fire")], [atk(1, "Fire"), atk(6, "Wood"), atk(5, "Wood")],
                           [atk(1, "Wood"), atk(6, "Water"), atk(5, "Water")], [atk(1, "Water"), atk(7, "Fire"), atk(7, "Wood")]],
                 piles=[[], [atk(2, "Water"), atk(4, "Wood")], [atk(3, "Fire")]])
    reveal(s, {0: "Tonfa 16", 1: atk(1, "Fire"), 2: atk(1, "Wood"), 3: atk(1, "Water")})
    for _ in range(3):
        s.apply("discard")
    assert sorted(names(s)) == sorted(["Tonfa: draw from seat 1's pile",
                                       "Tonfa: draw from seat 2's pile", "discard"])
    s.apply("Tonfa: draw from seat 1's pile")
    assert s.fields()["piles"][1] == [atk(2, "Water")]
    assert deciding(s) == 0
    assert sorted(names(s)) == sorted([f"discard {atk(c, e)}" for c, e in ((6, "Fire"), (5, "Fire"), (4, "Wood"))])
    assert s.view(-1)["known_hands"][0] == [atk(4, "Wood")]      # everyone saw it taken
    s.apply(f"discard {atk(6, 'Fire')}")
    f = s.fields()
    assert f["round"] == 6
    assert f["hands"][0] == [atk(5, "Fire"), atk(4, "Wood")]
    assert s.view(-1)["known_hands"][0] == [atk(4, "Wood")]
    assert {"Tonfa 16", atk(6, "Fire")} <= set(f["discard"])     # face up
    assert [st["card"] for st in kinds(s, "tonfa discard")] == [atk(6, "Fire")]


def test_tonfa_may_discard_the_card_it_drew():
    s = position(4, hands=[["Tonfa 16", atk(6, "Fire")], [atk(1, "Fire")], [atk(1, "Wood")], [atk(1, "Water")]],
                 piles=[[], [atk(4, "Wood")]])
    reveal(s, {0: "Tonfa 16", 1: atk(1, "Fire"), 2: atk(1, "Wood"), 3: atk(1, "Water")})
    for _ in range(3):
        s.apply("discard")
    s.apply("Tonfa: draw from seat 1's pile")
    s.apply(f"discard {atk(4, 'Wood')}")
    f = s.fields()
    assert atk(6, "Fire") in f["hands"][0] and atk(4, "Wood") in f["discard"]
    assert f["piles"][1] == []                                  # an empty pile is gone
    assert s.view(-1)["known_hands"][0] == []


def test_tonfa_with_no_piles_does_nothing():
    s = position(4, hands=[["Tonfa 16"], [atk(1, "Fire")], [atk(1, "Wood")], [atk(1, "Water")]])
    reveal(s, {0: "Tonfa 16", 1: atk(1, "Fire"), 2: atk(1, "Wood"), 3: atk(1, "Water")})
    for _ in range(3):
        s.apply("discard")
    assert s.fields()["round"] == 6                             # no question for seat 0
    assert "Tonfa 16" in s.fields()["discard"]


# ------------------------------------------------------------------ Sai

def test_sai_swaps_two_piles():
    s = position(4, hands=[["Sai 17"], [atk(1, "Fire")], [atk(1, "Wood")], [atk(1, "Water")]],
                 piles=[[atk(2, "Fire")], [atk(3, "Wood"), atk(5, "Fire")], [], [atk(4, "Water")]])
    reveal(s, {0: "Sai 17", 1: atk(1, "Fire"), 2: atk(1, "Wood"), 3: atk(1, "Water")})
    for _ in range(3):
        s.apply("discard")
    assert sorted(names(s)) == sorted(["discard", "Sai: swap the piles of seats 0 and 1",
                                       "Sai: swap the piles of seats 0 and 3",
                                       "Sai: swap the piles of seats 1 and 3"])
    s.apply("Sai: swap the piles of seats 1 and 3")
    f = s.fields()
    assert f["piles"][1] == [atk(4, "Water")]
    # The 5 Fire pile, now seat 3's, is the highest and becomes seat 3's damage.
    assert sorted(f["damage"][3]) == sorted([atk(3, "Wood"), atk(5, "Fire")])
    assert "Sai 17" in f["discard"]


def test_sai_in_a_three_player_game_may_move_a_pile_to_a_player_without_one():
    s = position(3, hands=[["Sai 17"], [atk(1, "Fire")], [atk(1, "Wood")]],
                 piles=[[atk(2, "Fire")], [atk(3, "Wood")]])
    reveal(s, {0: "Sai 17", 1: atk(1, "Fire"), 2: atk(1, "Wood")})
    s.apply("discard")
    s.apply("discard")
    assert sorted(names(s)) == sorted(["discard", "Sai: swap the piles of seats 0 and 1",
                                       "Sai: move seat 0's pile to seat 2",
                                       "Sai: move seat 1's pile to seat 2"])
    s.apply("Sai: move seat 1's pile to seat 2")
    f = s.fields()
    assert f["damage"][2] == [atk(3, "Wood")] and f["piles"][1] == []


def test_sai_moves_piles_only_in_a_three_player_game():
    s = position(4, hands=[["Sai 17"], [atk(1, "Fire")], [atk(1, "Wood")], [atk(1, "Water")]],
                 piles=[[atk(2, "Fire")], [atk(3, "Wood")]])
    reveal(s, {0: "Sai 17", 1: atk(1, "Fire"), 2: atk(1, "Wood"), 3: atk(1, "Water")})
    for _ in range(3):
        s.apply("discard")
    assert sorted(names(s)) == ["Sai: swap the piles of seats 0 and 1", "discard"]


def test_sai_with_nothing_to_swap_is_discarded():
    s = position(4, hands=[["Sai 17"], [atk(1, "Fire")], [atk(1, "Wood")], [atk(1, "Water")]],
                 piles=[[atk(2, "Fire")]])
    reveal(s, {0: "Sai 17", 1: atk(1, "Fire"), 2: atk(1, "Wood"), 3: atk(1, "Water")})
    for _ in range(3):
        s.apply("discard")
    assert s.fields()["round"] == 6
    assert "Sai 17" in s.fields()["discard"]


# ------------------------------------------------------------------ Shuriken

def test_shuriken_goes_straight_into_any_players_damage_pile():
    s = position(4, hands=[["Shuriken 18"], [atk(1, "Fire")], [atk(1, "Wood")], [atk(1, "Water")]])
    reveal(s, {0: "Shuriken 18", 1: atk(1, "Fire"), 2: atk(1, "Wood"), 3: atk(1, "Water")})
    for _ in range(3):
        s.apply("discard")
    assert sorted(names(s)) == sorted(["discard"] + [f"Shuriken: into seat {i}'s damage pile"
                                                     for i in range(4)])
    s.apply("Shuriken: into seat 2's damage pile")
    assert s.fields()["damage"][2] == ["Shuriken 18"]
    assert s.scores() == [0, 0, 1, 0]


def test_a_smoke_bomb_does_not_answer_a_shuriken():
    """(chosen, docs/rules) A Smoke Bomb dodges damage from a pile only: the
    seat hit by a Shuriken holding one is not asked and keeps it."""
    s = position(4, hands=[["Shuriken 18"], [atk(1, "Fire")], ["Smoke Bomb", atk(1, "Wood")],
                           [atk(1, "Water")]])
    reveal(s, {0: "Shuriken 18", 1: atk(1, "Fire"), 2: atk(1, "Wood"), 3: atk(1, "Water")})
    for _ in range(3):
        s.apply("discard")
    s.apply("Shuriken: into seat 2's damage pile")
    f = s.fields()
    assert (f["round"], f["phase"]) == (6, "choose")          # nobody was asked
    assert f["damage"][2] == ["Shuriken 18"] and "Smoke Bomb" in f["hands"][2]
    assert not kinds(s, "smoke bomb")


# ------------------------------------------------------------------ damage

def test_the_highest_top_card_takes_the_whole_pile_and_other_piles_stay():
    s = position(3, hands=[[atk(1, "Fire")], [atk(1, "Wood")], [atk(1, "Water")]],
                 piles=[[atk(2, "Water"), atk(3, "Wood")], [atk(4, "Fire")], [atk(3, "Fire"), atk(3, "Water")]])
    reveal(s, {0: atk(1, "Fire"), 1: atk(1, "Wood"), 2: atk(1, "Water")})
    while s.fields()["round"] == 5:
        s.apply("discard")
    f = s.fields()
    assert f["damage"] == [[], [atk(4, "Fire")], []]
    assert f["piles"] == [[atk(2, "Water"), atk(3, "Wood")], [], [atk(3, "Fire"), atk(3, "Water")]]


def test_ties_for_the_highest_top_all_take_damage():
    s = position(4, hands=[[atk(1, "Fire")], [atk(1, "Wood")], [atk(1, "Water")], [atk(2, "Fire")]],
                 piles=[[atk(5, "Fire")], [atk(5, "Wood")], [atk(3, "Water")], [atk(4, "Fire"), atk(5, "Water")]])
    reveal(s, {0: atk(1, "Fire"), 1: atk(1, "Wood"), 2: atk(1, "Water"), 3: atk(2, "Fire")})
    while s.fields()["round"] == 5:
        s.apply("discard")
    f = s.fields()
    assert [len(d) for d in f["damage"]] == [1, 1, 0, 2]
    assert f["piles"][2] == [atk(3, "Water")]


def test_no_piles_no_damage():
    s = position(3, hands=[[atk(1, "Fire")], [atk(1, "Wood")], [atk(1, "Water")]])
    reveal(s, {0: atk(1, "Fire"), 1: atk(1, "Wood"), 2: atk(1, "Water")})
    while s.fields()["round"] == 5:
        s.apply("discard")
    assert s.fields()["damage"] == [[], [], []]


def test_piles_left_after_the_last_round_are_discarded_not_scored():
    # Round 6 of 3: after it, round 7 (one card each) plays itself.
    s = position(3, round=6, hands=[[atk(1, "Fire"), atk(2, "Fire")], [atk(1, "Wood"), atk(2, "Wood")],
                                    [atk(1, "Water"), atk(2, "Water")]],
                 piles=[[atk(4, "Fire")], [atk(5, "Wood")], [atk(3, "Water")]])
    reveal(s, {0: atk(1, "Fire"), 1: atk(1, "Wood"), 2: atk(1, "Water")})
    while not s.is_terminal():
        s.apply("discard")
    f = s.fields()
    # Round 6: 5 Wood is highest; round 7: 4 Fire is highest; 3 Water stays and is discarded.
    assert f["damage"] == [[atk(4, "Fire")], [atk(5, "Wood")], []]
    assert f["piles"] == [[], [], []]
    assert atk(3, "Water") in f["discard"]
    assert [st["cards"] for st in kinds(s, "pile discarded")] == [[atk(3, "Water")]]
    assert s.scores() == [1, 1, 0]
    assert s.returns() == [0.0, 0.0, 1.0]


def test_round_seven_is_played_without_a_choice_and_the_game_ends():
    s = position(3, round=6, hands=[[atk(1, "Fire"), atk(2, "Fire")], [atk(1, "Wood"), atk(2, "Wood")],
                                    [atk(1, "Water"), atk(2, "Water")]])
    reveal(s, {0: atk(1, "Fire"), 1: atk(1, "Wood"), 2: atk(1, "Water")})
    while s.fields()["round"] == 6:
        s.apply("discard")
    # Round 7 was revealed without asking anyone; its lowest card decides first.
    assert s.fields()["round"] == 7
    assert s.fields()["played"] == [atk(2, "Fire"), atk(2, "Wood"), atk(2, "Water")]
    assert s.movers() == [0]
    assert {st["round"] for st in s.steps()} == {6, 7}      # the log shows both rounds
    while not s.is_terminal():
        s.apply("discard")
    assert s.view(-1)["phase"] == "over" and s.fields()["hands"] == [[], [], []]


# ------------------------------------------------------------------ Smoke Bomb

def smoke_position(**kw):
    """Seat 0's pile is the highest; seat 1's the next."""
    return position(4, hands=kw.pop("hands", [["Smoke Bomb", atk(1, "Fire")], [atk(1, "Wood")],
                                              [atk(1, "Water")], [atk(2, "Fire")]]),
                    piles=kw.pop("piles", [[atk(3, "Wood"), atk(3, "Fire"), atk(6, "Water")],
                                           [atk(5, "Fire")], [atk(2, "Wood")]]),
                    weapons=["Smoke Bomb", "Smoke Bomb", "Block", "Zen Attack 15", "Tonfa 16",
                             "Sai 17", "Shuriken 18"], **kw)


def test_the_player_who_would_take_damage_may_play_a_smoke_bomb():
    s = smoke_position()
    reveal(s, {0: atk(1, "Fire"), 1: atk(1, "Wood"), 2: atk(1, "Water"), 3: atk(2, "Fire")})
    while s.view(-1)["phase"] == "resolve":
        s.apply("discard")
    assert deciding(s) == 0 and names(s) == ["smoke bomb", "take the damage"]
    assert s.view(-1)["threatened"] == [0]
    s.apply("smoke bomb")
    f = s.fields()
    # No damage for seat 0; its pile stays; it draws the lowest card (3, tie letter A first).
    assert f["damage"][0] == []
    assert f["piles"][0] == [atk(3, "Wood"), atk(6, "Water")]
    assert atk(3, "Fire") in f["hands"][0] and "Smoke Bomb" not in f["hands"][0]
    assert len(f["hands"][0]) == 2                        # hand size kept: one out, one in
    assert "Smoke Bomb" in f["discard"]
    # The next highest takes the damage instead.
    assert f["damage"][1] == [atk(5, "Fire")]
    smoke = kinds(s, "smoke bomb")
    assert [(x["seat"], x["target"], x["drew"]) for x in smoke] == [(0, 0, atk(3, "Fire"))]


def test_declining_the_smoke_bomb_takes_the_damage():
    s = smoke_position()
    reveal(s, {0: atk(1, "Fire"), 1: atk(1, "Wood"), 2: atk(1, "Water"), 3: atk(2, "Fire")})
    while s.view(-1)["phase"] == "resolve":
        s.apply("discard")
    s.apply("take the damage")
    f = s.fields()
    assert len(f["damage"][0]) == 3 and f["damage"][1] == []
    assert "Smoke Bomb" in f["hands"][0]
    assert s.view(-1)["smoke_bomb_at_least"][0] == 1     # everyone saw the question


def test_without_a_smoke_bomb_nobody_is_asked():
    s = smoke_position(hands=[[atk(1, "Fire")], [atk(1, "Wood")], [atk(1, "Water")], [atk(2, "Fire")]])
    reveal(s, {0: atk(1, "Fire"), 1: atk(1, "Wood"), 2: atk(1, "Water"), 3: atk(2, "Fire")})
    while s.fields()["round"] == 5:
        assert s.view(-1)["phase"] == "resolve"
        s.apply("discard")
    assert len(s.fields()["damage"][0]) == 3
    assert s.view(-1)["no_smoke_bomb"][0] is True


def test_smoke_bombs_cascade_to_the_next_highest_each_time():
    s = smoke_position(hands=[["Smoke Bomb", atk(1, "Fire")], ["Smoke Bomb", atk(1, "Wood")],
                              [atk(1, "Water")], [atk(2, "Fire")]])
    reveal(s, {0: atk(1, "Fire"), 1: atk(1, "Wood"), 2: atk(1, "Water"), 3: atk(2, "Fire")})
    while s.view(-1)["phase"] == "resolve":
        s.apply("discard")
    s.apply("smoke bomb")                       # seat 0 dodges
    assert deciding(s) == 1 and s.view(-1)["threatened"] == [1]
    s.apply("smoke bomb")                       # seat 1 dodges; its only card comes back
    f = s.fields()
    assert f["piles"][1] == [] and atk(5, "Fire") in f["hands"][1]
    assert f["damage"][2] == [atk(2, "Wood")]   # the third highest pile takes it


def test_when_only_some_tied_piles_dodge_the_others_take_it_and_it_stops():
    s = position(4, hands=[["Smoke Bomb", atk(1, "Fire")], [atk(1, "Wood")], [atk(1, "Water")], [atk(2, "Fire")]],
                 piles=[[atk(6, "Water")], [atk(6, "Fire")], [atk(4, "Wood")]],
                 weapons=["Smoke Bomb", "Smoke Bomb", "Block", "Zen Attack 15", "Tonfa 16",
                          "Sai 17", "Shuriken 18"])
    reveal(s, {0: atk(1, "Fire"), 1: atk(1, "Wood"), 2: atk(1, "Water"), 3: atk(2, "Fire")})
    while s.view(-1)["phase"] == "resolve":
        s.apply("discard")
    assert s.view(-1)["threatened"] == [0, 1]
    s.apply("smoke bomb")
    f = s.fields()
    assert f["damage"] == [[], [atk(6, "Fire")], [], []]
    assert f["piles"][2] == [atk(4, "Wood")]


def test_a_smoke_bomb_as_the_final_card_is_discarded():
    s = position(3, round=6, hands=[[atk(1, "Fire"), "Smoke Bomb"], [atk(1, "Wood"), atk(2, "Wood")],
                                    [atk(1, "Water"), atk(2, "Water")]],
                 piles=[[], [atk(5, "Fire")]])
    reveal(s, {0: atk(1, "Fire"), 1: atk(1, "Wood"), 2: atk(1, "Water")})
    while not s.is_terminal():
        s.apply("discard")
    assert [(w["round"], w["seat"]) for w in kinds(s, "smoke bomb wasted")] == [(7, 0)]
    assert "Smoke Bomb" in s.fields()["discard"]


# ------------------------------------------------------------------ teams

def team_position(**kw):
    return position(4, teams=True, **kw)


def test_in_team_play_block_may_go_on_your_partner():
    s = team_position(hands=[["Block"], [atk(1, "Wood")], [atk(1, "Water")], [atk(2, "Fire")]])
    reveal(s, {0: "Block", 1: atk(1, "Wood"), 2: atk(1, "Water"), 3: atk(2, "Fire")})
    assert sorted(names(s)) == ["block seat 0", "block seat 2", "discard"]
    s.apply("block seat 2")
    assert s.view(-1)["blocked"] == [2]
    assert "start a pile on seat 2" not in names(s) and "start a pile on seat 0" in names(s)


def test_without_teams_block_is_only_for_yourself():
    s = position(4, hands=[["Block"], [atk(1, "Wood")], [atk(1, "Water")], [atk(2, "Fire")]])
    reveal(s, {0: "Block", 1: atk(1, "Wood"), 2: atk(1, "Water"), 3: atk(2, "Fire")})
    assert sorted(names(s)) == ["block seat 0", "discard"]


def test_in_team_play_a_partner_may_smoke_bomb_for_you_and_draws_the_card():
    s = team_position(hands=[[atk(1, "Fire")], [atk(1, "Wood")], ["Smoke Bomb", atk(1, "Water")], [atk(2, "Fire")]],
                      piles=[[atk(2, "Wood"), atk(6, "Fire")], [atk(5, "Fire")]])
    reveal(s, {0: atk(1, "Fire"), 1: atk(1, "Wood"), 2: atk(1, "Water"), 3: atk(2, "Fire")})
    while s.view(-1)["phase"] == "resolve":
        s.apply("discard")
    assert deciding(s) == 2
    assert names(s) == ["smoke bomb for my partner", "let my partner take the damage"]
    assert s.view(-1)["decision"] == {"kind": "smoke bomb", "seat": 2, "pile_of": 0}
    s.apply("smoke bomb for my partner")
    f = s.fields()
    assert atk(2, "Wood") in f["hands"][2] and "Smoke Bomb" not in f["hands"][2]
    assert atk(2, "Wood") not in f["hands"][0]
    assert f["piles"][0] == [atk(6, "Fire")] and f["damage"][0] == []
    assert f["damage"][1] == [atk(5, "Fire")]


def test_in_team_play_the_threatened_player_is_asked_before_the_partner():
    s = team_position(hands=[["Smoke Bomb", atk(1, "Fire")], [atk(1, "Wood")], ["Smoke Bomb", atk(1, "Water")],
                             [atk(2, "Fire")]],
                      piles=[[atk(6, "Fire")]],
                      weapons=["Smoke Bomb", "Smoke Bomb", "Block", "Zen Attack 15", "Tonfa 16",
                               "Sai 17", "Shuriken 18"])
    reveal(s, {0: atk(1, "Fire"), 1: atk(1, "Wood"), 2: atk(1, "Water"), 3: atk(2, "Fire")})
    while s.view(-1)["phase"] == "resolve":
        s.apply("discard")
    assert deciding(s) == 0 and names(s) == ["smoke bomb", "take the damage"]
    s.apply("take the damage")
    assert deciding(s) == 2
    s.apply("let my partner take the damage")
    assert s.fields()["damage"][0] == [atk(6, "Fire")]


def test_team_totals_decide_and_partners_share_the_win():
    s = team_position(phase="over", round=7,
                      damage=[[atk(1, "Fire"), atk(2, "Fire"), atk(3, "Fire")], [atk(1, "Wood")],
                              [], [atk(2, "Wood"), atk(3, "Wood")]])
    # Team 0+2 has 3, team 1+3 has 3: a tie, all four share.
    assert s.returns() == [0.25] * 4
    s = team_position(phase="over", round=7,
                      damage=[[atk(1, "Fire"), atk(2, "Fire"), atk(3, "Fire")], [atk(1, "Wood")],
                              [], [atk(2, "Wood"), atk(3, "Wood"), atk(4, "Wood")]])
    assert s.returns() == [0.5, 0.0, 0.5, 0.0]     # 3 against 4; seat 1 alone is not the winner


def test_six_player_teams_sit_opposite():
    s = new_game("san_ni_ichi", 6, seed=1, teams=True)
    assert s.view(-1)["partners"] == [3, 4, 5, 0, 1, 2]
    s = new_game("san_ni_ichi", 4, seed=1, teams=True)
    assert s.view(-1)["partners"] == [2, 3, 0, 1]


# ------------------------------------------------------------------ scoring

def test_fewest_damage_cards_win_and_ties_share():
    s = position(4, phase="over", round=7,
                 damage=[[atk(7, "Fire")], [atk(1, "Wood"), atk(2, "Wood")], [atk(6, "Water")], ["Shuriken 18"]])
    assert s.scores() == [1, 2, 1, 1]
    assert s.returns() == pytest.approx([1 / 3, 0, 1 / 3, 1 / 3])


def test_advanced_scoring_counts_values_and_every_weapon_as_one():
    s = position(4, phase="over", round=7, advanced=True,
                 damage=[[atk(7, "Fire")], [atk(1, "Wood"), atk(2, "Wood")], ["Zen Attack 15", "Shuriken 18"],
                         [atk(6, "Water")]])
    assert s.scores() == [7, 3, 2, 6]
    assert s.returns() == [0.0, 0.0, 1.0, 0.0]


# ------------------------------------------------------------------ the rules document

def test_rules_doc_marks_every_ruling_and_the_chosen_points():
    from pathlib import Path
    text = (Path(__file__).resolve().parent.parent / "docs" / "rules" / "san_ni_ichi.md").read_text(
        encoding="utf-8")
    # rules/san_ni_ichi.md has 18 rulings; each is marked where it applies.
    for n in range(1, 19):
        assert f"(ruling {n})" in text, f"ruling {n} is not marked in docs/rules/san_ni_ichi.md"
    for point in ("Seat 0 is the first player", "keeps the element it took", "face up",
                  "Only a player who holds a Smoke Bomb is asked", "The threatened player is asked first"):
        assert point in text, point
    assert text.count("(chosen") >= 6
