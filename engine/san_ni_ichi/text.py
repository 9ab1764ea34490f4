"""San, Ni, Ichi! as one seat sees it, in a position text (``engine.position_text``).

A seat knows its hand, every sparring pile and damage pile, the discard, the
weapons shuffled into this game's deck, and what the table has learned of
the other hands (a card a Tonfa showed, a Smoke Bomb one must hold or cannot
hold).  The other hands are the rest of the deck; a position deals them at
random, each holding what it is known to hold.

>>> from ninja_dojo.engine import new_game
>>> from ninja_dojo.engine.position_text import position, text_of
>>> s = new_game("san_ni_ichi", players=3, seed=2)
>>> print(text_of(s, 0).split("# your hand")[1].splitlines()[1])
hand = ["2 Fire (A)", "3 Fire (A)", "4 Wood (B)", "3 Water (C)", "5 Water (C)", "Zen Attack 15", "Tonfa 24"]
>>> position(text_of(s, 0), seed=1).view(0) == s.view(0)
True
"""
from __future__ import annotations

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.position_text import Entry, body_keys
from ninja_dojo.engine.san_ni_ichi.position import _FIELDS as FIELDS, fields as state_fields, from_fields
from ninja_dojo.engine.san_ni_ichi.rules import PHASES

#: every setup table deals seven cards each, so seven rounds (rules.pxd: ROUNDS)
ROUNDS = 7

#: the keys of the resolution in progress (written in the resolve and damage phases only)
LIVE = ("played", "resolved", "stage", "blocked", "dodged", "threatened", "taking", "asking_partner")
#: what those keys hold in any other phase
QUIET = {"resolved": 0, "stage": "card", "blocked": [], "dodged": [], "threatened": [], "taking": [],
         "asking_partner": False}
SEAT_LISTS = ("blocked", "dodged", "threatened", "taking")
SEAT_WORDS = {"blocked": "seats a Block protects this round",
              "dodged": "seats whose pile a Smoke Bomb dodged",
              "threatened": "seats whose pile shows the highest number, not yet taken",
              "taking": "seats taking their pile as damage"}
SMOKE_BOMB = "Smoke Bomb"

#: A record of moves (engine.record_text) says all this seat saw:
#: every move is public (round cards at the reveal, targets, the Tonfa
#: discard face up), and nothing is dealt after the start.
RECORD = True

#: the keys with one entry per seat, seat 1 first (engine.position_text.in_text_words)
SEATED = ("known", "smoke_bomb_at_least", "no_smoke_bomb", "piles", "damage", "played")


def pinned(before: dict, after: dict) -> tuple[str, ...]:
    """What a record must say a move showed beyond the moves' names: the
    last round's cards, played without a choice, are seen at once."""
    if after["round"] == ROUNDS and before["round"] < ROUNDS and after["phase"] != "choose":
        return ("played",)
    return ()


def known(buf, seat: int) -> list[Entry]:
    f = state_fields(buf)
    entries = [
        Entry("round", f["round"], f"the round, 1 to {ROUNDS}"),
        Entry("phase", f["phase"], "choose: everyone picks a card at once; resolve: the cards act, "
                                   "lowest number first; damage: the highest pile is taken as damage; over"),
        Entry("weapons", f["weapons"], "the weapons shuffled into this game's deck"),
        Entry("hand", f["hands"][seat], "your hand"),
        Entry("known", f["known"], "cards the table knows to be in each hand (a Tonfa showed "
                                   "them), seat 1 first"),
        Entry("smoke_bomb_at_least", f["smoke_bomb_at_least"],
              "Smoke Bombs each hand is known to hold at least, seat 1 first"),
        Entry("no_smoke_bomb", f["no_smoke_bomb"], "hands known to hold no Smoke Bomb, seat 1 first"),
        Entry("piles", f["piles"], "each seat's sparring pile, bottom card first, seat 1 first"),
        Entry("damage", f["damage"], "each seat's damage pile, seat 1 first"),
        Entry("discard", f["discard"], "the discard pile"),
    ]
    if f["phase"] in ("resolve", "damage"):
        entries += [
            Entry("played", f["played"], "the cards revealed this round, seat 1 first (those that "
                                         "have acted are already on a pile, in damage or discarded)"),
            Entry("resolved", f["resolved"], "how many of them have acted (lowest number first)"),
            Entry("stage", f["stage"], "card: the acting card's choice; slide: where its pile goes; "
                                       "tonfa discard: which card the Tonfa player gives up"),
        ]
        entries += [Entry(key, [s + 1 for s in f[key]], SEAT_WORDS[key]) for key in SEAT_LISTS]
        entries.append(Entry("asking_partner", f["asking_partner"],
                             "whether the partner of the threatened seat is asked for its Smoke Bomb"))
    return entries


def fields(doc: dict, players: int, seat: int, options: dict) -> dict:
    """The named fields of the position ``doc`` describes: every check of
    the rules first (``from_fields(partial=True)``), then the other hands
    filled from the unseen cards, each with what it is known to hold."""
    phase = checks.one_of(doc.get("phase"), "phase", PHASES)
    live = phase in ("resolve", "damage")
    body_keys(doc, ("round", "phase", "weapons", "hand", "known", "smoke_bomb_at_least",
                    "no_smoke_bomb", "piles", "damage", "discard") + (LIVE if live else ()))
    f = {"players": players, **{k: options[k] for k in ("deck", "teams", "advanced")},
         **{k: v for k, v in doc.items() if k != "hand"}}
    f.setdefault("played", [None] * players)
    for key, quiet in QUIET.items():
        f.setdefault(key, quiet)
    for key in SEAT_LISTS:
        seats = checks.items(f[key], key, what="a list of seats (from 1)")
        f[key] = [checks.integer(s, key, 1, players) - 1 for s in seats]
    hand = checks.items(doc["hand"], "hand", what="a list of cards")
    f["hands"] = [hand if i == seat else [] for i in range(players)]
    need = from_fields(_renamed(f), partial=True)
    if len(hand) != need["sizes"][seat]:
        raise PositionError(f"hand: {len(hand)} cards, but in round {f['round']} ({phase}) "
                            f"your hand holds {need['sizes'][seat]}")
    pool = list(need["unseen"])
    others = [i for i in range(players) if i != seat]
    wanted = sum(need["sizes"][i] for i in others)
    if len(pool) != wanted:
        off = len(pool) - wanted
        raise PositionError(f"{len(pool)} cards of this game's deck are in no place given, but the other "
                            f"hands hold {wanted}: {abs(off)} card{'s' if abs(off) > 1 else ''} "
                            f"{'missing from' if off > 0 else 'too many on'} the piles, damage and discard")

    def take(name: str, i: int) -> None:
        if name not in pool:
            raise PositionError(f"known: seat {i + 1} holds {name!r}, but no {name!r} is left unseen")
        pool.remove(name)
        f["hands"][i].append(name)

    for i in others:
        for name in f["known"][i] if isinstance(f["known"][i], list) else ():
            take(name, i)
        smoke = max(f["smoke_bomb_at_least"][i], 1 if need["smoke_bomb"] == i else 0)
        for _ in range(smoke - sum(c == SMOKE_BOMB for c in f["hands"][i])):
            take(SMOKE_BOMB, i)
    # Smoke Bombs first, to the hands that may hold one; then the rest.
    room = {i: need["sizes"][i] - len(f["hands"][i]) for i in others}
    for name in sorted(pool, key=lambda c: c != SMOKE_BOMB):
        i = next((i for i in others if room[i] > 0
                  and not (name == SMOKE_BOMB and f["no_smoke_bomb"][i])), None)
        if i is None:
            raise PositionError(f"the unseen cards do not fit the other hands: no hand may hold "
                                f"{name!r} (each is full or known to hold no Smoke Bomb)")
        f["hands"][i].append(name)
        room[i] -= 1
    return _renamed(f)


def _renamed(f: dict) -> dict:
    """The fields as ``from_fields`` reads them (every key, in its order)."""
    return {k: f[k] for k in FIELDS}
