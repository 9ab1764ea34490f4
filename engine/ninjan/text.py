"""Nin Jan as one seat sees it, in a position text (``engine.position_text``).

Everything of Nin Jan is public but the hands and the box: a seat writes its
hand, the three piles, the cards each seat has won, and, while the revealed
cards act, the cards revealed this round.  The other hands and the box are
the rest of the 48 cards; a position deals them at random.

>>> from ninja_dojo.engine import new_game
>>> from ninja_dojo.engine.position_text import text_of
>>> print(text_of(new_game("ninjan", players=2, seed=1), 0), end="")
# Nin Jan, as seat 1 sees it (seats are counted from 1).
# Edit it, then: solver analyse FILE.toml, or solver position FILE.toml -o FILE.msgpack
game = "ninjan"
players = 2
# the seat whose hand this is
seat = 1
# the round, 1 to 9
round = 1
# choose: everyone picks a card at once; resolve: the revealed cards act, highest first; over
phase = "choose"
# your hand
hand = ["-2 Rock", "3 Rock", "7 Rock", "9 Rock", "-5 Paper", "-4 Paper", "-2 Scissors", "5 Scissors", "6 Scissors"]
# pile 1, 2 and 3, each from its bottom card to its top card
piles = [["4 Rock"], ["6 Paper"], ["9 Scissors"]]
# the cards each seat has won, seat 1 first
won = [[], []]
"""
from __future__ import annotations

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.ninjan.notation import CARD_BY_NAME, N_CARDS, PILES, card_name
from ninja_dojo.engine.ninjan.rules import PHASES
from ninja_dojo.engine.ninjan.views import view
from ninja_dojo.engine.position_text import Entry, body_keys

#: nine cards each, so nine rounds (rules.pxd: HAND_SIZE)
HAND_SIZE = 9

#: A record of moves (engine.record_text) says all this seat saw:
#: every card played is revealed and every pile choice is public, and
#: nothing is dealt after the start.
RECORD = True

#: the keys with one entry per seat, seat 1 first (engine.position_text.in_text_words)
SEATED = ("won", "played")


def known(buf, seat: int) -> list[Entry]:
    v = view(buf, seat)
    entries = [
        Entry("round", v["round"], f"the round, 1 to {HAND_SIZE}"),
        Entry("phase", v["phase"], "choose: everyone picks a card at once; "
                                   "resolve: the revealed cards act, highest first; over"),
        Entry("hand", v["hand"], "your hand"),
        Entry("piles", v["piles"], "pile 1, 2 and 3, each from its bottom card to its top card"),
        Entry("won", v["won"], "the cards each seat has won, seat 1 first"),
    ]
    if v["phase"] == "resolve":
        entries += [
            Entry("played", v["played"], "the cards revealed this round, seat 1 first (those that "
                                         "have acted are already on a pile or won)"),
            Entry("resolved", v["resolved"], "how many of them have acted"),
        ]
    return entries


def hand_size(rnd: int, phase: str) -> int:
    """Cards in each hand in round ``rnd`` during ``phase``."""
    if phase == "over":
        return 0
    return HAND_SIZE - rnd + (1 if phase == "choose" else 0)


def fields(doc: dict, players: int, seat: int, options: dict) -> dict:
    """The named fields of the position ``doc`` describes, the other hands
    and the box filled with the unseen cards in card order."""
    phase = checks.one_of(doc.get("phase"), "phase", PHASES)
    # (the cards revealed, and how many have acted, only while they act)
    body_keys(doc, ("round", "phase", "hand", "piles", "won")
              + (("played", "resolved") if phase == "resolve" else ()))
    rnd = checks.integer(doc["round"], "round", 1, HAND_SIZE)
    where: dict[int, str] = {}

    def cards(v, place: str, length: int | None = None) -> list[str]:
        checks.items(v, place, what="a list of cards")
        if length is not None and len(v) != length:
            raise PositionError(f"{place}: {len(v)} cards, expected {length}")
        for name in v:
            if not isinstance(name, str) or name not in CARD_BY_NAME:
                raise PositionError(f"{place}: {checks.shown(name)} is not a Nin Jan card "
                                    "(e.g. '7 Paper', '-4 Rock')")
        return v

    def claim(name: str, place: str) -> None:
        c = CARD_BY_NAME[name]
        if c in where:
            raise PositionError(f"{place}: a second {name!r} (also in {where[c]}); "
                                "Nin Jan has one of each card")
        where[c] = place

    in_hand = hand_size(rnd, phase)
    hand = cards(doc["hand"], "hand")
    if len(hand) != in_hand:
        raise PositionError(f"hand: {len(hand)} cards, but in round {rnd} ({phase}) "
                            f"each hand holds {in_hand}")
    for name in hand:
        claim(name, "hand")
    piles = checks.items(doc["piles"], "piles", what=f"a list of {PILES} piles")
    if len(piles) != PILES:
        raise PositionError(f"piles: {len(piles)} piles, Nin Jan has {PILES}")
    for p, pile in enumerate(piles):
        for name in cards(pile, f"pile {p + 1}"):
            claim(name, f"pile {p + 1}")
    won = checks.items(doc["won"], "won", what="a list of card lists, one per seat")
    if len(won) != players:
        raise PositionError(f"won: {len(won)} lists, one per seat expected ({players})")
    for i, lst in enumerate(won):
        for name in cards(lst, f"won by seat {i + 1}"):
            claim(name, f"won by seat {i + 1}")
    played: list = [None] * players
    resolved = 0
    if phase == "resolve":
        played = cards(doc["played"], "played", players)
        resolved = checks.integer(doc["resolved"], "resolved", 0, players - 1)
        # A card that has acted is on a pile or won (the rules check which);
        # one still to act is nowhere else.
        for i, name in enumerate(played):
            if CARD_BY_NAME[name] not in where:
                claim(name, f"played by seat {i + 1}")
        if len(set(played)) != players:
            raise PositionError("played: the same card twice")
    unseen = [c for c in range(N_CARDS) if c not in where]
    box = N_CARDS - PILES - HAND_SIZE * players
    others = (players - 1) * in_hand
    if len(unseen) != others + box:
        off = len(unseen) - others - box
        raise PositionError(
            f"{N_CARDS - len(unseen)} cards are given, so {len(unseen)} are unseen, but the other hands "
            f"hold {others} and the box {box}: {abs(off)} card{'s' if abs(off) > 1 else ''} "
            f"{'missing from' if off > 0 else 'too many on'} the piles and the won cards")
    rest = iter(unseen)
    hands = [hand if i == seat else [card_name(next(rest)) for _ in range(in_hand)]
             for i in range(players)]
    return {
        "players": players, "round": rnd, "phase": phase, "hands": hands,
        "box": [card_name(c) for c in rest], "piles": piles, "won": won,
        "played": played, "resolved": resolved,
    }
