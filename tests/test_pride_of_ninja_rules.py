"""Pride of Ninja rules, written from the rulebook (seeds/001) and the rulings
(rules/pride_of_ninja.md).

Most tests build a whole board by hand: every seat's final front and back
rows (every card of the deck placed, as the rulebook's counts require), as a
position one joint pick before the end of the draft.  Playing that pick ends
the draft and the engine resolves the round; the test reads the Resolution
Phase step by step from ``State.apply``'s answer.
"""
from __future__ import annotations

from collections import Counter

import pytest

from ninja_dojo.engine import PositionError, codec, new_game

# The decks, from the rulebook's Card Clarifications (not read from the
# engine, so a wrong deck in the engine cannot go unnoticed): initiative and
# the number of cards at 3, 4 and 5 players.
DECKS = {
    "blue": {
        "Ninja": (1, (8, 8, 9)), "Samurai": (1, (3, 3, 3)), "Miko": (2, (4, 5, 5)),
        "Onmyoji": (3, (4, 4, 5)), "Kabuki": (4, (4, 4, 4)),
        "Sumo Rikishi": (5, (0, 3, 3)), "Shogun": (6, (1, 1, 1)),
    },
    "red": {
        "Kunoichi": (0, (7, 8, 8)), "Fallen": (1, (3, 3, 3)), "Geisha": (2, (4, 5, 5)),
        "Monk": (3, (3, 4, 4)), "Oni": (4, (3, 4, 5)), "Yakuza": (5, (3, 3, 4)),
        "Magistrate": (6, (1, 1, 1)),
    },
}
FIVE_PLAYER_CARD = {"blue": "Ninja", "red": "Kunoichi"}
HAND = {3: 7, 4: 7, 5: 6}
GOAL = {3: 20, 4: 20, 5: 15}


def deck_counts(deck: str, players: int) -> Counter:
    return Counter({name: n[players - 3] for name, (_, n) in DECKS[deck].items() if n[players - 3]})


def cards(text: str) -> list[str]:
    return [c.strip() for c in text.split(",") if c.strip()]


def position(players, deck, seats, victims="", pp=None, previous=None, round=1):
    """A position one joint pick before the end of the draft.

    ``seats`` gives each seat's final rows as ``(front, back)`` strings of
    card names (the back row with the 5-player card at 5 players).  Each seat
    has already placed all but one card of each row; it holds the last card
    of its own front row and the last back-row card of its left neighbour,
    who gets it passed.  Returns the state and the joint move that ends the
    draft: every seat puts its front card in its front row.
    """
    n = players
    rows = []
    for front, back in seats:
        front, back = cards(front), cards(back)
        assert len(front) == 4 and len(back) == 3, (front, back)
        if n == 5:
            back.remove(FIVE_PLAYER_CARD[deck])
        rows.append((front, back))
    picks_each = [[(c, "front") for c in f[:3]] + [(c, "back") for c in b[:-1]] for f, b in rows]
    assert all(len(p) == HAND[n] - 2 for p in picks_each)
    picks = [[list(picks_each[s][t]) for s in range(n)] for t in range(HAND[n] - 2)]
    hands = [[rows[s][0][3], rows[(s + 1) % n][1][-1]] for s in range(n)]
    doc = {
        "format": codec.FORMAT, "version": codec.VERSION, "game": "pride_of_ninja",
        "options": {"players": n, "deck": deck}, "seed": 0, "history": [],
        "state": {
            "players": n, "deck": deck, "round": round, "phase": "draft",
            "pick": HAND[n] - 2, "pp": list(pp or [0] * n), "hands": hands,
            "victims": cards(victims), "picks": picks, "rng": 12345,
            "previous": previous,
        },
    }
    state = codec.from_map(doc)
    move = {s: f"{rows[s][0][3]} to the front row" for s in range(n)}
    return state, move


class Round:
    """The Resolution Phase as ``State.apply`` reported it."""

    def __init__(self, steps):
        assert steps[0]["step"] == "reveal" and steps[-1]["step"] == "scoring"
        self.reveal = steps[0]
        self.score = steps[-1]
        self.inits = {st["initiative"]: st for st in steps[1:-1]}

    def step_of(self, card):
        return next(st for st in self.inits.values() if card in st["cards"])

    def gain(self, seat, card):
        """TP ``card`` gave ``seat`` (None: the seat has no such card)."""
        return self.step_of(card)["gains"][seat].get(card)

    def slain_by(self, seat, card):
        return card in self.step_of(card)["slain_by"][seat]

    def slain_at(self, seat):
        return [i for i, st in self.inits.items() if seat in st["slain"]]

    def tp_after(self, card):
        return self.step_of(card)["tp"]

    @property
    def tp(self):
        return self.score["tp"]

    @property
    def secrecy(self):
        return self.reveal["secrecy"]


def resolve(players, deck, seats, victims="", pp=None):
    state, move = position(players, deck, seats, victims, pp)
    return state, Round(state.apply(move))


# --------------------------------------------------------------- the boards
# Each is a whole deal; the comments give what the rules make of it.

# The rulebook's Slain example (4 players, Blue): seat 0 has Ninja x2, Samurai
# in the back, Miko in the front, Onmyoji, Kabuki and Sumo Rikishi; others have
# Miko in their back rows, so seat 0 is Slain by Miko.
SLAIN_BY_MIKO = [
    ("Ninja, Ninja, Miko, Onmyoji", "Samurai, Kabuki, Sumo Rikishi"),
    ("Ninja, Ninja, Onmyoji, Sumo Rikishi", "Miko, Samurai, Samurai"),
    ("Ninja, Ninja, Kabuki, Kabuki", "Kabuki, Miko, Shogun"),
    ("Ninja, Ninja, Onmyoji, Onmyoji", "Miko, Miko, Sumo Rikishi"),
]

# The rulebook's Secrecy example is seat 0 (3 players, Red).
SECRECY = [
    ("Monk, Geisha, Fallen, Kunoichi", "Oni, Kunoichi, Yakuza"),         # 9 - 6 + 1 = 4
    ("Kunoichi, Kunoichi, Geisha, Oni", "Monk, Yakuza, Fallen"),         # 9 - 2 + 1 = 8 (front Oni 0)
    ("Kunoichi, Kunoichi, Geisha, Magistrate", "Oni, Yakuza, Monk"),     # 12 - 8 + 1 = 5
]
SECRECY_VICTIMS = "Kunoichi, Fallen, Geisha"

# 3 players, Blue.  Seat 0: five Ninja, the unique most, but a front Samurai.
FIVE_NINJA = [
    ("Ninja, Ninja, Ninja, Samurai", "Ninja, Ninja, Kabuki"),
    ("Ninja, Ninja, Miko, Miko", "Samurai, Onmyoji, Kabuki"),
    ("Ninja, Onmyoji, Onmyoji, Kabuki", "Miko, Samurai, Shogun"),
]
FIVE_NINJA_VICTIMS = "Miko, Onmyoji, Kabuki"

# Seat 0: four Ninja, the unique most, no front Samurai.
FOUR_NINJA = [
    ("Ninja, Ninja, Ninja, Kabuki", "Ninja, Onmyoji, Miko"),
    ("Ninja, Ninja, Samurai, Onmyoji", "Ninja, Samurai, Kabuki"),
    ("Ninja, Miko, Miko, Onmyoji", "Samurai, Kabuki, Shogun"),
]
FOUR_NINJA_VICTIMS = "Miko, Onmyoji, Kabuki"

# Seats 0 and 1 tie for the most Ninja (4 each).
TIED_NINJA = [
    ("Ninja, Ninja, Ninja, Kabuki", "Ninja, Onmyoji, Miko"),
    ("Ninja, Ninja, Ninja, Onmyoji", "Ninja, Samurai, Kabuki"),
    ("Samurai, Miko, Miko, Onmyoji", "Samurai, Kabuki, Shogun"),
]

# No Miko in any back row: front Miko score.
MIKO_SAFE = [
    ("Miko, Miko, Ninja, Ninja", "Onmyoji, Kabuki, Kabuki"),
    ("Miko, Miko, Ninja, Ninja", "Samurai, Onmyoji, Kabuki"),
    ("Ninja, Ninja, Onmyoji, Kabuki", "Samurai, Samurai, Shogun"),
]
MIKO_SAFE_VICTIMS = "Ninja, Ninja, Onmyoji"

# Seat 0's own back-row Miko Slays its front-row Miko.
OWN_MIKO = [
    ("Miko, Ninja, Ninja, Onmyoji", "Miko, Kabuki, Kabuki"),
    ("Ninja, Ninja, Onmyoji, Kabuki", "Samurai, Onmyoji, Kabuki"),
    ("Ninja, Ninja, Samurai, Onmyoji", "Samurai, Shogun, Ninja"),
]
OWN_MIKO_VICTIMS = "Ninja, Miko, Miko"

# Seat 0: three Onmyoji; seat 1 one.  Seat 2 (on seat 0's right) has the Shogun.
THREE_ONMYOJI = [
    ("Onmyoji, Onmyoji, Onmyoji, Ninja", "Ninja, Kabuki, Samurai"),
    ("Onmyoji, Ninja, Ninja, Kabuki", "Miko, Miko, Samurai"),
    ("Ninja, Ninja, Kabuki, Shogun", "Miko, Miko, Samurai"),
]
THREE_ONMYOJI_VICTIMS = "Ninja, Ninja, Kabuki"

# Seat 1: four Onmyoji; seat 0 is on its right.
FOUR_ONMYOJI = [
    ("Ninja, Ninja, Kabuki, Kabuki", "Miko, Samurai, Miko"),
    ("Onmyoji, Onmyoji, Onmyoji, Onmyoji", "Ninja, Ninja, Kabuki"),
    ("Ninja, Ninja, Kabuki, Shogun", "Miko, Samurai, Samurai"),
]
FOUR_ONMYOJI_VICTIMS = "Ninja, Ninja, Miko"

# Seat 0 has all four Kabuki.
LONE_KABUKI = [
    ("Kabuki, Kabuki, Ninja, Ninja", "Kabuki, Kabuki, Samurai"),
    ("Ninja, Ninja, Onmyoji, Onmyoji", "Miko, Miko, Samurai"),
    ("Ninja, Ninja, Onmyoji, Shogun", "Miko, Miko, Samurai"),
]
LONE_KABUKI_VICTIMS = "Ninja, Ninja, Onmyoji"

# Seat 0 has two Kabuki, the other two are Victim's Cards.
VICTIM_KABUKI = [
    ("Kabuki, Ninja, Ninja, Onmyoji", "Kabuki, Ninja, Samurai"),
    ("Ninja, Ninja, Ninja, Onmyoji", "Miko, Miko, Samurai"),
    ("Ninja, Ninja, Onmyoji, Shogun", "Miko, Miko, Samurai"),
]
VICTIM_KABUKI_VICTIMS = "Kabuki, Kabuki, Onmyoji"

# 4 players, Blue: three players have Kabuki (2, 1, 1).
THREE_KABUKI_PLAYERS = [
    ("Kabuki, Kabuki, Ninja, Ninja", "Samurai, Sumo Rikishi, Onmyoji"),
    ("Kabuki, Ninja, Ninja, Onmyoji", "Samurai, Sumo Rikishi, Miko"),
    ("Kabuki, Ninja, Ninja, Onmyoji", "Samurai, Sumo Rikishi, Miko"),
    ("Ninja, Ninja, Onmyoji, Shogun", "Miko, Miko, Miko"),
]

# 4 players, Blue: every player has a Kabuki; seats 0 and 3 tie for the
# lowest TP (3) before Sumo Rikishi.
SUMO_TIE = [
    ("Ninja, Ninja, Kabuki, Onmyoji", "Miko, Sumo Rikishi, Sumo Rikishi"),
    ("Ninja, Ninja, Kabuki, Onmyoji", "Miko, Samurai, Sumo Rikishi"),
    ("Ninja, Ninja, Kabuki, Onmyoji", "Miko, Samurai, Samurai"),
    ("Ninja, Ninja, Kabuki, Onmyoji", "Miko, Miko, Shogun"),
]

# 5 players, Blue: seat 4 is Slain by the most Ninja, seats 0 and 1 by Miko;
# seat 0 has the Shogun.
FIVE_SHOGUN = [
    ("Shogun, Miko, Ninja, Kabuki", "Ninja, Onmyoji, Sumo Rikishi"),
    ("Miko, Ninja, Onmyoji, Kabuki", "Ninja, Miko, Samurai"),
    ("Ninja, Ninja, Onmyoji, Kabuki", "Ninja, Miko, Samurai"),
    ("Ninja, Ninja, Onmyoji, Kabuki", "Ninja, Miko, Samurai"),
    ("Ninja, Ninja, Onmyoji, Sumo Rikishi", "Ninja, Sumo Rikishi, Ninja"),
]

# 3 players, Red.  Secrecy 18, 5, -8.  Seat 1's front Fallen Slays seat 0
# (4 Kunoichi, the most); seat 2 goes negative before its back-row Monk.
KUNOICHI = [
    ("Kunoichi, Kunoichi, Kunoichi, Kunoichi", "Oni, Yakuza, Monk"),
    ("Kunoichi, Kunoichi, Geisha, Fallen", "Kunoichi, Geisha, Monk"),
    ("Geisha, Oni, Yakuza, Magistrate", "Fallen, Fallen, Monk"),
]
KUNOICHI_VICTIMS = "Geisha, Oni, Yakuza"

# Seat 0 has three Oni; after the Oni step seats 0 and 1 tie for the most TP.
THREE_ONI = [
    ("Oni, Oni, Oni, Kunoichi", "Kunoichi, Geisha, Monk"),
    ("Kunoichi, Kunoichi, Yakuza, Fallen", "Geisha, Geisha, Monk"),
    ("Kunoichi, Kunoichi, Yakuza, Magistrate", "Geisha, Monk, Yakuza"),
]
THREE_ONI_VICTIMS = "Kunoichi, Fallen, Fallen"

# 4 players, Red.  Secrecy 9, 4, 0, 12.  Seat 0 has four Oni and the
# Magistrate in its back row; two Yakuza are in back rows.
FOUR_ONI = [
    ("Oni, Oni, Oni, Oni", "Kunoichi, Monk, Magistrate"),
    ("Kunoichi, Kunoichi, Geisha, Monk", "Geisha, Yakuza, Fallen"),
    ("Kunoichi, Kunoichi, Geisha, Yakuza", "Geisha, Monk, Fallen"),
    ("Kunoichi, Kunoichi, Kunoichi, Fallen", "Geisha, Monk, Yakuza"),
]

# 3 players, Red: seat 0's Secrecy is 11 with the Magistrate in front; three
# Yakuza in back rows but the lowest Secrecy (5) is tied.
HIGH_SECRECY = [
    ("Magistrate, Kunoichi, Kunoichi, Kunoichi", "Yakuza, Yakuza, Oni"),
    ("Kunoichi, Kunoichi, Geisha, Geisha", "Monk, Oni, Fallen"),
    ("Kunoichi, Geisha, Monk, Fallen", "Oni, Yakuza, Geisha"),
]
HIGH_SECRECY_VICTIMS = "Kunoichi, Monk, Fallen"

# 3 players, Red: the Magistrate in seat 0's back row; seat 0 has two Oni.
BACK_MAGISTRATE = [
    ("Kunoichi, Kunoichi, Geisha, Oni", "Magistrate, Oni, Monk"),
    ("Kunoichi, Kunoichi, Geisha, Yakuza", "Geisha, Monk, Fallen"),
    ("Kunoichi, Kunoichi, Oni, Yakuza", "Geisha, Monk, Fallen"),
]
BACK_MAGISTRATE_VICTIMS = "Kunoichi, Yakuza, Fallen"


# ----------------------------------------------------------- the examples

def test_rulebook_slain_by_miko_example():
    """Slain by Miko: the TP of Ninja, Samurai and Miko are lost, the later
    cards (Onmyoji, Kabuki, Sumo Rikishi) still score."""
    _, r = resolve(4, "blue", SLAIN_BY_MIKO)
    assert r.gain(0, "Ninja") == 2 and r.gain(0, "Samurai") == 2
    assert r.tp_after("Samurai")[0] == 4
    assert r.slain_by(0, "Miko") and r.slain_at(0) == [2]
    assert r.gain(0, "Miko") == 0
    assert r.tp_after("Miko")[0] == 0
    assert r.gain(0, "Onmyoji") == 1
    assert r.gain(0, "Kabuki") == 2            # two players have Kabuki
    assert r.gain(0, "Sumo Rikishi") == 4      # 3 TP: the lowest before Sumo
    assert r.tp == [7, 8, 10, 7]
    assert r.score["slain"] == [0]
    assert r.score["pp"] == [7, 8, 10, 7]


def test_rulebook_secrecy_example():
    """Back 4 + 0 + 5, front 3 + 2 + 1 + 0, two Kunoichi: Secrecy 4."""
    _, r = resolve(3, "red", SECRECY, SECRECY_VICTIMS)
    assert r.secrecy[0] == 4
    assert r.secrecy[1] == 8      # its front-row Oni counts 0
    assert r.secrecy[2] == 5


def test_whole_round_of_the_secrecy_board():
    _, r = resolve(3, "red", SECRECY, SECRECY_VICTIMS)
    assert [r.tp_after("Kunoichi"), r.tp_after("Fallen"), r.tp_after("Geisha"),
            r.tp_after("Monk"), r.tp_after("Oni"), r.tp_after("Yakuza"),
            r.tp_after("Magistrate")] == [
        [2, 2, 2], [3, 0, 2], [5, 4, 6], [7, 4, 6], [8, 5, 7], [0, 5, 7], [0, 5, 12]]
    assert r.score["slain"] == [0]


# ------------------------------------------------ one test per ability row

def test_ninja_one_tp_each_two_from_five_and_the_most_is_slain():
    _, r = resolve(3, "blue", FIVE_NINJA, FIVE_NINJA_VICTIMS)
    assert r.gain(0, "Ninja") == 10
    assert r.gain(1, "Ninja") == 2 and r.gain(2, "Ninja") == 1
    _, r = resolve(3, "blue", FOUR_NINJA, FOUR_NINJA_VICTIMS)
    assert r.gain(0, "Ninja") == 4
    assert r.slain_by(0, "Ninja") and r.tp_after("Ninja")[0] == 0
    assert not r.slain_by(1, "Ninja")
    _, r = resolve(3, "blue", TIED_NINJA, FOUR_NINJA_VICTIMS)
    assert r.gain(0, "Ninja") == 4 and r.gain(1, "Ninja") == 4
    assert r.inits[1]["slain"] == []           # tied for the most: nobody


def test_samurai_front_costs_two_and_protects_from_the_ninja_slay():
    _, r = resolve(3, "blue", FIVE_NINJA, FIVE_NINJA_VICTIMS)
    assert r.gain(0, "Samurai") == -2
    assert r.inits[1]["slain"] == []           # the most Ninja, but protected
    assert r.tp_after("Samurai")[0] == 8


def test_samurai_back_one_tp_per_ninja():
    _, r = resolve(3, "blue", FIVE_NINJA, FIVE_NINJA_VICTIMS)
    assert r.gain(1, "Samurai") == 2           # 2 Ninja
    assert r.gain(2, "Samurai") == 1           # 1 Ninja
    _, r = resolve(3, "blue", FOUR_NINJA, FOUR_NINJA_VICTIMS)
    assert r.gain(1, "Samurai") == -2 + 3      # one in each row, 3 Ninja


def test_miko_front_three_tp_or_slain_by_any_back_row_miko():
    _, r = resolve(3, "blue", MIKO_SAFE, MIKO_SAFE_VICTIMS)
    assert r.gain(0, "Miko") == 6 and r.gain(1, "Miko") == 6
    assert r.inits[2]["slain"] == []
    _, r = resolve(4, "blue", SLAIN_BY_MIKO)
    assert r.slain_by(0, "Miko") and r.gain(0, "Miko") == 0
    _, r = resolve(3, "blue", OWN_MIKO, OWN_MIKO_VICTIMS)
    assert r.slain_by(0, "Miko")               # its own back-row Miko counts


def test_miko_back_has_no_ability():
    _, r = resolve(4, "blue", SLAIN_BY_MIKO)
    assert r.gain(1, "Miko") == 0 and r.gain(3, "Miko") == 0
    assert not r.slain_by(1, "Miko") and not r.slain_by(3, "Miko")
    assert r.tp_after("Miko")[1] == r.tp_after("Samurai")[1]


def test_onmyoji_by_count_and_the_right_neighbour_slain_from_three():
    _, r = resolve(3, "blue", THREE_ONMYOJI, THREE_ONMYOJI_VICTIMS)
    assert r.gain(0, "Onmyoji") == 3           # three: 1 TP each
    assert r.gain(1, "Onmyoji") == 1           # one: 1 TP
    assert r.slain_by(2, "Onmyoji")            # seat 2 passes to seat 0
    assert not r.slain_by(0, "Onmyoji") and not r.slain_by(1, "Onmyoji")
    _, r = resolve(4, "blue", SLAIN_BY_MIKO)
    assert r.gain(3, "Onmyoji") == 4           # two: 2 TP each
    assert r.inits[3]["slain"] == []
    _, r = resolve(3, "blue", FOUR_ONMYOJI, FOUR_ONMYOJI_VICTIMS)
    assert r.gain(1, "Onmyoji") == 0           # four: nothing, and a Slay
    assert r.slain_by(0, "Onmyoji") and r.inits[3]["slain"] == [0]


def test_kabuki_by_players_with_kabuki_victims_count_as_one():
    _, r = resolve(3, "blue", LONE_KABUKI, LONE_KABUKI_VICTIMS)
    assert r.gain(0, "Kabuki") == 16           # alone: 4 TP each
    _, r = resolve(3, "blue", VICTIM_KABUKI, VICTIM_KABUKI_VICTIMS)
    assert r.gain(0, "Kabuki") == 4            # the Victim's Cards make two
    _, r = resolve(4, "blue", SLAIN_BY_MIKO)
    assert r.gain(2, "Kabuki") == 6            # two players: 2 TP each
    _, r = resolve(4, "blue", THREE_KABUKI_PLAYERS)
    assert [r.gain(s, "Kabuki") for s in range(3)] == [2, 1, 1]   # three: 1 each
    _, r = resolve(4, "blue", SUMO_TIE)
    assert [r.gain(s, "Kabuki") for s in range(4)] == [0, 0, 0, 0]


def test_sumo_rikishi_four_each_for_the_lowest_tp_ties_included():
    _, r = resolve(4, "blue", SUMO_TIE)
    assert r.tp_after("Kabuki") == [3, 5, 7, 3]
    assert r.gain(0, "Sumo Rikishi") == 8      # tied lowest: 4 TP each
    assert r.gain(1, "Sumo Rikishi") == 1
    _, r = resolve(4, "blue", THREE_KABUKI_PLAYERS)
    assert r.tp_after("Kabuki") == [7, 6, 6, 3]
    assert [r.gain(s, "Sumo Rikishi") for s in range(3)] == [1, 1, 1]


def test_shogun_two_tp_per_slain_player():
    _, r = resolve(4, "blue", SLAIN_BY_MIKO)
    assert r.gain(2, "Shogun") == 2            # seat 0 was Slain
    _, r = resolve(3, "blue", THREE_ONMYOJI, THREE_ONMYOJI_VICTIMS)
    assert r.slain_at(2) == [3]
    assert r.gain(2, "Shogun") == 2            # 3 players: counts itself
    _, r = resolve(5, "blue", FIVE_SHOGUN)
    assert r.score["slain"] == [0, 1, 4]
    assert r.gain(0, "Shogun") == 4            # 5 players: not itself


def test_kunoichi_one_tp_each_and_the_secrecy_bonus():
    _, r = resolve(3, "red", KUNOICHI, KUNOICHI_VICTIMS)
    assert r.gain(0, "Kunoichi") == 4 and r.gain(1, "Kunoichi") == 3
    assert r.secrecy == [12 + 6, 2 + 3, -8]    # 4 Kunoichi: 6; 3: 3; none: 0
    _, r = resolve(4, "red", FOUR_ONI)
    assert r.secrecy == [9, 3 + 1, -1 + 1, 9 + 3]   # 1 Kunoichi: 0; 2: 1


def test_fallen_front_one_tp_and_the_most_kunoichi_slain():
    _, r = resolve(3, "red", KUNOICHI, KUNOICHI_VICTIMS)
    assert r.gain(1, "Fallen") == 1
    assert r.slain_by(0, "Fallen") and r.tp_after("Fallen")[0] == 0
    _, r = resolve(3, "red", SECRECY, SECRECY_VICTIMS)
    assert r.gain(0, "Fallen") == 1
    assert r.inits[1]["slain"] == []           # 2, 2, 2 Kunoichi: a tie


def test_fallen_back_costs_two():
    _, r = resolve(3, "red", KUNOICHI, KUNOICHI_VICTIMS)
    assert r.gain(2, "Fallen") == -4
    _, r = resolve(3, "red", SECRECY, SECRECY_VICTIMS)
    assert r.gain(1, "Fallen") == -2


def test_geisha_front_by_secrecy():
    _, r = resolve(3, "red", SECRECY, SECRECY_VICTIMS)
    assert [r.gain(s, "Geisha") for s in range(3)] == [2, 4, 4]   # Secrecy 4, 8, 5
    _, r = resolve(4, "red", FOUR_ONI)
    assert r.gain(1, "Geisha") == 2 + 2        # Secrecy 4 in front, one back
    assert r.gain(2, "Geisha") == 0 + 2        # Secrecy 0 in front, one back
    _, r = resolve(3, "red", KUNOICHI, KUNOICHI_VICTIMS)
    assert r.gain(2, "Geisha") == 0            # Secrecy -8


def test_geisha_back_two_tp():
    _, r = resolve(3, "red", THREE_ONI, THREE_ONI_VICTIMS)
    assert r.gain(0, "Geisha") == 2 and r.gain(1, "Geisha") == 4
    _, r = resolve(4, "red", FOUR_ONI)
    assert r.gain(3, "Geisha") == 2


def test_monk_front_one_tp_per_oni_yakuza_magistrate():
    _, r = resolve(3, "red", SECRECY, SECRECY_VICTIMS)
    assert r.gain(0, "Monk") == 2              # an Oni and a Yakuza, both rows
    _, r = resolve(4, "red", FOUR_ONI)
    assert r.gain(1, "Monk") == 1              # a Yakuza


def test_monk_back_turns_negative_tp_into_pp():
    _, r = resolve(3, "red", KUNOICHI, KUNOICHI_VICTIMS)
    monk = r.step_of("Monk")
    assert r.tp_after("Geisha")[2] == -4
    assert monk["pp_gains"] == [0, 0, 4]       # only the negative seat
    assert r.tp_after("Monk")[2] == -4         # the TP stay
    assert r.tp == [1, 10, -1]
    assert r.score["pp"] == [1, 10, 3]         # 0 + 4 - 1


def test_oni_by_count_and_the_most_tp_slain_from_three():
    _, r = resolve(3, "red", THREE_ONI, THREE_ONI_VICTIMS)
    assert r.gain(0, "Oni") == 3
    assert r.step_of("Oni")["slain"] == [0, 1]  # tied on 7 after the step
    assert r.tp == [0, 2, 6]
    _, r = resolve(4, "red", FOUR_ONI)
    assert r.gain(0, "Oni") == 0
    assert r.step_of("Oni")["slain"] == [1]
    _, r = resolve(3, "red", BACK_MAGISTRATE, BACK_MAGISTRATE_VICTIMS)
    assert r.gain(0, "Oni") == 4 and r.gain(2, "Oni") == 1
    assert r.step_of("Oni")["slain"] == []


def test_yakuza_front_two_tp():
    _, r = resolve(4, "red", FOUR_ONI)
    assert r.gain(2, "Yakuza") == 2
    _, r = resolve(3, "red", THREE_ONI, THREE_ONI_VICTIMS)
    assert r.gain(1, "Yakuza") == 2 and r.gain(2, "Yakuza") == 2 + 0


def test_yakuza_back_two_in_back_rows_slay_the_lowest_secrecy():
    _, r = resolve(4, "red", FOUR_ONI)
    assert r.gain(1, "Yakuza") == 0
    assert r.step_of("Yakuza")["slain"] == [2]     # Secrecy 0, the lowest
    _, r = resolve(3, "red", HIGH_SECRECY, HIGH_SECRECY_VICTIMS)
    assert r.secrecy == [11, 5, 5]
    assert r.step_of("Yakuza")["slain"] == []      # tied lowest: nobody
    _, r = resolve(3, "red", KUNOICHI, KUNOICHI_VICTIMS)
    assert r.step_of("Yakuza")["slain"] == []      # one back-row Yakuza only


def test_magistrate_front_secrecy_above_zero_at_most_eight():
    _, r = resolve(3, "red", HIGH_SECRECY, HIGH_SECRECY_VICTIMS)
    assert r.gain(0, "Magistrate") == 8            # Secrecy 11
    _, r = resolve(3, "red", SECRECY, SECRECY_VICTIMS)
    assert r.gain(2, "Magistrate") == 5
    _, r = resolve(3, "red", KUNOICHI, KUNOICHI_VICTIMS)
    assert r.gain(2, "Magistrate") == 0            # Secrecy -8


def test_magistrate_back_costs_three_at_three_players_two_otherwise():
    _, r = resolve(3, "red", BACK_MAGISTRATE, BACK_MAGISTRATE_VICTIMS)
    assert r.gain(0, "Magistrate") == -3
    _, r = resolve(4, "red", FOUR_ONI)
    assert r.gain(0, "Magistrate") == -2


def test_slain_twice_takes_one_marker_and_resets_twice():
    _, r = resolve(3, "red", SECRECY, SECRECY_VICTIMS)
    assert r.slain_at(0) == [5]
    _, r = resolve(5, "blue", FIVE_SHOGUN)
    assert r.slain_at(4) == [1]
    assert r.tp == [9, 1, 7, 7, 9]


# ------------------------------------------------------------ setup, draft

def test_the_decks_match_the_rulebook():
    from ninja_dojo.engine import pride_of_ninja as pon
    for deck in DECKS:
        for players, size in ((3, 24), (4, 28), (5, 30)):
            got = {name: count for name, _, count in pon.cards(deck, players) if count}
            assert got == dict(deck_counts(deck, players))
            assert sum(got.values()) == size
            assert [i for _, i, _ in pon.cards(deck, players)] == sorted(i for i, _ in DECKS[deck].values())


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("deck", ["blue", "red"])
def test_deal(players, deck):
    s = new_game("pride_of_ninja", players=players, seed=11, deck=deck)
    f = s.fields()
    assert [len(h) for h in f["hands"]] == [HAND[players]] * players
    assert len(f["victims"]) == (3 if players == 3 else 0)
    dealt = Counter(c for h in f["hands"] for c in h) + Counter(f["victims"])
    assert dealt == deck_counts(deck, players)
    backs = s.view(-1)["back_rows"]
    assert backs == ([[FIVE_PLAYER_CARD[deck]]] * 5 if players == 5 else [[]] * players)


def test_blue_is_the_default_deck():
    assert new_game("pride_of_ninja", players=3, seed=1).fields()["deck"] == "blue"
    with pytest.raises(PositionError, match="deck"):
        new_game("pride_of_ninja", players=3, seed=1, deck="green")
    with pytest.raises(PositionError, match="players"):
        new_game("pride_of_ninja", players=6, seed=1)


def test_hands_pass_to_the_left():
    s = new_game("pride_of_ninja", players=4, seed=5)
    before = s.fields()["hands"]
    move = {seat: s.legal_action_ids(seat)[0] for seat in s.movers()}
    s.apply(move)
    after = s.fields()["hands"]
    for seat in range(4):
        kept = Counter(before[seat])
        kept[s.action(move[seat]).name.split(" to the ")[0].split(" face down")[0]] -= 1
        assert Counter(after[(seat + 1) % 4]) == +kept


def test_pick_actions_name_card_and_row():
    s = new_game("pride_of_ninja", players=3, seed=2)
    hand = s.view(0)["hand"]
    names = [a.name for a in s.legal_actions(0)]
    kinds = list(dict.fromkeys(hand))
    assert names == [f"{k}{row}" for k in kinds
                     for row in (" to the front row", " face down to the back row")]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_row_limits(players):
    """Seat 0 goes face down until its back row is full (3 places, the
    5-player card taking one), seat 1 face up until its front row is (4)."""
    s = new_game("pride_of_ninja", players=players, seed=8)
    back_places = 2 if players == 5 else 3

    def rows(seat):
        return {"front" if "front row" in a.name else "back" for a in s.legal_actions(seat)}

    for pick in range(4):
        if pick < back_places:
            assert rows(0) == {"front", "back"}
        else:
            assert rows(0) == {"front"}
        assert rows(1) == {"front", "back"}
        move = {seat: s.legal_actions(seat)[0] for seat in s.movers()}
        move[0] = next(a for a in s.legal_actions(0) if "back row" in a.name or pick >= back_places)
        move[1] = next(a for a in s.legal_actions(1) if "front row" in a.name)
        s.apply(move)
    view = s.view(0)
    assert len(view["back_rows"][0]) == 3 and len(view["front_rows"][1]) == 4
    assert rows(0) == {"front"} and rows(1) == {"back"}


def test_the_last_pick_is_played_for_everyone():
    s = new_game("pride_of_ninja", players=4, seed=9)
    picks = 0
    while s.fields()["round"] == 1:
        s.apply({seat: s.legal_action_ids(seat)[-1] for seat in s.movers()})
        picks += 1
    assert picks == 6                        # the seventh card had one place left
    rows = s.view(-1)["last_round"]
    assert all(len(f) == 4 for f in rows["front_rows"])
    assert all(len(b) == 3 for b in rows["back_rows"])


def test_back_row_hidden_until_resolution():
    s = new_game("pride_of_ninja", players=3, seed=4)
    a = next(a for a in s.legal_actions(1) if "back" in a.name)
    b = next(a for a in s.legal_actions(2) if "front" in a.name)
    s.apply({0: s.legal_action_ids(0)[0], 1: a, 2: b})
    card = a.name.split(" face down")[0]
    assert s.view(1)["back_rows"][1] == [card]
    assert s.view(0)["back_rows"][1] == [None]
    assert s.view(-1)["back_rows"][1] == [None]
    assert s.view(0)["front_rows"][2] == [b.name.split(" to the")[0]]
    assert s.view(-1)["hand"] == []
    assert s.steps() == []


def test_observe_a_face_down_pick_is_only_face_down_to_others():
    from ninja_dojo.engine import _driver, pride_of_ninja as pon
    s = new_game("pride_of_ninja", players=3, seed=4)

    def observe(actor, action, observer):
        return _driver.observe(s.rules, s.buffer(), actor, action, observer)

    backs = [a for a in range(28) if a % 2 == 1]
    fronts = [a for a in range(28) if a % 2 == 0]
    for other in (0, 2):
        assert {observe(1, a, other) for a in backs} == {pon.HIDDEN_PICK}
        assert [observe(1, a, other) for a in fronts] == fronts
    assert [observe(1, a, 1) for a in backs] == backs
    assert pon.HIDDEN_PICK not in backs + fronts
    assert pon.action_name(pon.HIDDEN_PICK) == "a card face down to the back row"


def test_passed_hand_is_the_left_neighbours_hand():
    s = new_game("pride_of_ninja", players=5, seed=3)
    assert s.view(0)["passed"] is None
    s.apply({seat: s.legal_action_ids(seat)[0] for seat in s.movers()})
    assert s.view(0)["passed"] == s.view(1)["hand"]


# -------------------------------------------------------- scoring, the end

def test_pp_never_below_zero():
    _, r = resolve(4, "red", FOUR_ONI)
    assert r.tp == [-1, 0, 0, 2]
    assert r.score["pp"] == [0, 0, 0, 2]
    s, r = resolve(4, "red", FOUR_ONI, pp=[5, 1, 1, 1])
    assert s.scores() == [4, 1, 1, 3]


def test_game_ends_at_twenty_pp():
    s, r = resolve(4, "blue", SLAIN_BY_MIKO, pp=[12, 0, 0, 0])
    assert s.scores() == [19, 8, 10, 7] and not s.is_terminal()
    assert s.fields()["round"] == 2 and s.fields()["pick"] == 0
    s, r = resolve(4, "blue", SLAIN_BY_MIKO, pp=[13, 0, 0, 0])
    assert s.scores() == [20, 8, 10, 7] and s.is_terminal()
    assert s.returns() == [1.0, 0.0, 0.0, 0.0]


def test_game_ends_at_fifteen_pp_with_five_players():
    s, r = resolve(5, "blue", FIVE_SHOGUN, pp=[5, 0, 0, 0, 0])
    assert s.scores()[0] == 14 and not s.is_terminal()
    s, r = resolve(5, "blue", FIVE_SHOGUN, pp=[6, 0, 0, 0, 0])
    assert s.scores()[0] == 15 and s.is_terminal()
    assert s.returns() == [1.0, 0, 0, 0, 0]


def test_tie_break_not_slain_in_the_final_round():
    s, r = resolve(4, "blue", SLAIN_BY_MIKO, pp=[13, 0, 0, 13])
    assert s.scores() == [20, 8, 10, 20]
    assert s.returns() == [0.0, 0.0, 0.0, 1.0]     # seat 0 was Slain
    assert s.view(-1)["winners"] == [3]


def test_tie_break_more_ninja_in_the_final_round():
    s, r = resolve(5, "blue", FIVE_SHOGUN, pp=[6, 0, 0, 0, 6])
    assert s.scores() == [15, 1, 7, 7, 15]
    assert 0 in r.score["slain"] and 4 in r.score["slain"]
    assert s.returns() == [0, 0, 0, 0, 1.0]        # 4 Ninja against 2


def test_tie_break_more_kunoichi_in_the_final_round():
    s, r = resolve(3, "red", KUNOICHI, KUNOICHI_VICTIMS, pp=[19, 10, 17])
    assert s.scores() == [20, 20, 20]
    assert s.returns() == [0.0, 1.0, 0.0]          # 0 Slain; then 3 Kunoichi against 0


def test_tie_break_shared_victory():
    s, r = resolve(4, "blue", SLAIN_BY_MIKO, pp=[0, 12, 0, 13])
    assert s.scores() == [7, 20, 10, 20]
    assert s.returns() == [0.0, 0.5, 0.0, 0.5]
    assert s.outcome().winners == (1, 3)


def test_steps_only_right_after_a_round():
    s, move = position(4, "blue", SLAIN_BY_MIKO)
    assert s.steps() == []
    steps = s.apply(move)
    assert [st["step"] for st in steps] == ["reveal"] + ["initiative"] * 6 + ["scoring"]
    assert [st["initiative"] for st in steps[1:-1]] == [1, 2, 3, 4, 5, 6]
    assert s.steps() == steps
    assert s.view(0)["last_round"]["steps"] == steps
    s.apply({seat: s.legal_action_ids(seat)[0] for seat in s.movers()})
    assert s.steps() == []
    assert s.view(0)["last_round"]["tp"] == [7, 8, 10, 7]


def test_red_steps_start_at_initiative_zero():
    s, move = position(3, "red", SECRECY, SECRECY_VICTIMS)
    steps = s.apply(move)
    assert [st["initiative"] for st in steps[1:-1]] == [0, 1, 2, 3, 4, 5, 6]
