"""Ninjato as one seat sees it, in a position text (``engine.position_text``).

A seat sees the board (the Dojo row and discards, the Sensei offer, the five
clan houses with their tokens, Sentries, treasure and shuriken, the Envoy
and Rumor rows), every seat's treasure, tiles, Envoys, Elites, Rumors,
points and hand size, the Dojo cards each seat showed (``known_cards``),
its own hand, the card it saw with CR4, and the card counter's public
counts since the last reshuffle (docs/rules/ninjato.md, "Who sees what").
It does not see the other hands' hidden cards or the order of any deck.

Names are the game's: Dojo cards by value (1 to 5), Sensei tiles (``SN3``,
``HJ1``), clan tokens (``CT04``), Guards (``GD15``), Elites (``EL02``),
Envoys (``EN07``), Rumors (``RU12``), treasure (``Fan``, ``red Vase``: a
token on its red side), spaces (``Dojo``, ``Sensei``, ``Palace``,
``Pavilion``), house sides (``Strength``, ``Stealth``).  Seats and houses
are counted from 1.  An empty place in a row is ``"empty"``.

A decision in the middle of a turn adds what is being resolved, only then:
``draws_left`` while drawing, ``tile`` while paying for a Sensei tile, an
``[attack]`` table while a house is attacked (the side, the card faced,
the treasure on the shuriken, the plays built), a ``[purchase]`` table
while buying, a ``[scoring]`` table during a clan scoring.

Reading, the unseen Dojo cards are dealt to the other hands and the deck,
fitting the card counter (``_older``: a small flow problem, the same
conditions ``position.from_fields`` checks), the decks hold what is
nowhere else, the bag every token not on the table; the game's
determinization then deals them again at random.

A game's record (``engine.record_text``) is every move as one seat saw it.
Every step is public, but chance shows what no move's name says, and a
move the game makes by itself (a seat's one legal move) is named nowhere:
each move's ``seen`` gives the keys of the position text that these
changed, as they stood after it (``pinned``): your hand after a draw, the
row refilled, a Guard or an Elite turned up, the houses after the bag's
draws or new Sentries, the card you saw with CR4, a turn's new tiles,
Envoys and Rumors, and the cards and tiles a seat used.  Reading one
(``deal``), the cards each move turns up are put on top of their decks (a
deck shuffled within the move is shuffled until they come up), the bag's
treasure is put in the houses as ``seen`` says, and the other hands are
dealt again until the move is legal there and what follows it fits the
record.

>>> from ninja_dojo.engine import new_game
>>> from ninja_dojo.engine.position_text import position, text_of
>>> s = new_game("ninjato", players=2, seed=3)
>>> [line for line in text_of(s, 0).splitlines() if line.startswith("hand =")]
['hand = [1, 2, 3, 4]']
>>> position(text_of(s, 0), seed=1).view(0) == s.view(0)
True
"""
from __future__ import annotations

import random
from collections import Counter

from ninja_dojo.engine import checks, position_text
# (the module, not its names: the games' packages import this one while
# engine.state is still filling its registry)
from ninja_dojo.engine import state as _state
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.ninjato.notation import action_name, describe, parse_action
from ninja_dojo.engine.ninjato.position import (SIZES, _MODIFIER_GROUP, fields as state_fields, from_fields,
                                                play_of)
from ninja_dojo.engine.ninjato.rules import (
    BASES, CLAN_SCORING_AFTER, CLANS, DOJO_COUNTS, ELITE_NAMES, ENVOY_NAMES, ENVOYS, FACING, FLAG_TILES,
    GUARD_NAMES, PHASES, RUMOR_COSTS, RUMOR_NAMES, SCORING_ORDER, SIDES, SPACES, TILE_NAMES, TOKEN_NAMES,
    TREASURE_COUNTS, TREASURES)
from ninja_dojo.engine.ninjato.views import view
from ninja_dojo.engine.position_text import Entry, body_keys

EMPTY = "empty"
VALUES = range(1, len(DOJO_COUNTS) + 1)     # the Dojo cards' values
TURNS, HOUSES, SHURIKEN = SIZES["turns"], SIZES["houses"], SIZES["shuriken"]
HENSOJUTSU = [t for t in TILE_NAMES if t.startswith("HJ")]
COMBAT = [t for t in TILE_NAMES if t not in HENSOJUTSU]
#: the phases of an attack, of a purchase, of a clan scoring (rules.PHASES)
ATTACK = PHASES[PHASES.index("play"):PHASES.index("CR6") + 1]
PURCHASE = ("buy", "declare type", "pay")
SCORING = ("Hensojutsu", "clan choice", "free Rumor")
#: the tiles that change a play (besides a tile played as its base)
PLAY_TILES = tuple(TILE_NAMES[t] for t in sorted(_MODIFIER_GROUP))
#: Dealing the other hands so that the seat to move has a choice: how many
#: fits of the card counter are tried, and how many deals in all (each fit
#: tries the mover's possible hidden cards in a random order)
FLOW_TRIES = 64
DEAL_TRIES = 2000

#: the keys with one entry per seat, seat 1 first (engine.position_text.in_text_words)
SEATED = ("hand_sizes", "known_cards", "spaces", "tiles", "face_down", "elites", "treasure", "envoys",
          "rumors", "bought", "clan_points", "final")


# ------------------------------------------------------------------ writing
def _counted(p):
    """A seat (from 0) as a text counts it, from 1."""
    return None if p is None else p + 1


def _treasure(t: int, red: bool) -> str:
    return f"red {TREASURES[t]}" if red else TREASURES[t]


def _treasures(pairs) -> list[str]:
    """Per type ``[plain, red]`` counts as names, plain first."""
    return [_treasure(t, bool(sd)) for t in range(len(TREASURES)) for sd in range(2)
            for _ in range(pairs[t][sd])]


def _values(counts) -> list[int]:
    return [v for v in VALUES for _ in range(counts[v - 1])]


def _row(names) -> list[str]:
    return [EMPTY if x is None else x for x in names]


def _play(p: dict) -> dict:
    if p["base"] is None:
        return {}
    out = {"base": "Dojo" if p["base"] == "card" else p["base"], "value": p["value"]}
    if p["join"]:
        out["join"] = p["join"]
    tiles = [t for t in p["tiles"] if t != p["base"]]
    if tiles:
        out["tiles"] = tiles
    if "CR2" in tiles:
        out["CR2"] = _cr2(p)
    return out


def _cr2(p: dict) -> int:
    """What CR2 adds to a play (+1 or -1): its ``add`` less the joined 3's and SN1's and TG2's."""
    return p["add"] - p["join"] + (2 if "SN1" in p["tiles"] else 0) - (2 if "TG2" in p["tiles"] else 0)


def known(buf, seat: int) -> list[Entry]:
    v = view(buf, seat)
    f = state_fields(buf)   # (only its public parts are written: the test on determinize checks it)
    seats = v["seats"]
    phase = v["phase"]
    e = [
        Entry("turn", v["turn"], f"the turn, 1 to {TURNS}"),
        Entry("phase", phase, "what is decided now: " + ", ".join(PHASES)),
    ]
    if phase != "over":
        e.append(Entry("mover", _counted(v["mover"]), "the seat that decides"))
    e += [
        Entry("order", [p + 1 for p in v["order"]], "this turn's order of play, seats"),
        Entry("hand", v["hand"], "your Dojo cards, by value"),
        Entry("hand_sizes", [s["hand_size"] for s in seats], "how many Dojo cards each seat holds, seat 1 first"),
        Entry("known_cards", [s["known_cards"] for s in seats],
              "the Dojo cards in each seat's hand that everyone saw (taken face up, taken back, or put in a play)"),
        Entry("dojo_row", _row(v["dojo_row"]), "the face-up Dojo cards"),
        Entry("dojo_deck", v["dojo_deck_size"], "how many Dojo cards are face down in the deck"),
        Entry("dojo_discard", _values([v["dojo_discard"][x] for x in VALUES]), "the Dojo discards, by value"),
        Entry("spaces", [[sp for sp in SPACES for _ in range(s["spaces"][sp])] for s in seats],
              "the spaces each seat's shuriken are on this turn"),
        Entry("dojo_stack", [p + 1 for p in v["dojo_stack"]],
              "the seats of the shuriken on the Dojo, the first placed first (the next turn order)"),
        Entry("houses", [_house(h) for h in v["houses"]],
              "houses 1 to 5: clan token, Sentry, treasure, the seat of the shuriken on a side"),
        Entry("sensei_offer", _row([None if t is None else t["tile"] for t in v["sensei_offer"]]),
              "the Sensei tiles offered"),
        Entry("tiles", [[t["tile"] for t in s["tiles"]] for s in seats], "each seat's Sensei tiles"),
        Entry("face_down", [[t["tile"] for t in s["tiles"] if not t["face_up"]] for s in seats],
              "those of them turned face down"),
        Entry("removed_tiles", f["removed_tiles"], "Sensei tiles out of the game"),
        Entry("guard_discard", f["guard_discard"], "the Guard discards"),
        Entry("elite_discard", f["elite_discard"], "the Elite discards"),
        Entry("elites", [s["elites"] for s in seats], "each seat's Elite cards"),
        Entry("treasure", [s["treasure"] for s in seats], "each seat's treasure"),
        Entry("spent", v["spent"], "the treasure spent"),
        Entry("envoy_row", _row([None if c is None else c["card"] for c in v["envoy_row"]]),
              "the face-up Envoys"),
        Entry("rumor_row", _row([None if c is None else c["card"] for c in v["rumor_row"]]),
              "the face-up Rumors"),
        Entry("envoys", [[c["card"] for c in s["envoys"]] for s in seats], "each seat's Envoys"),
        Entry("rumors", [[c["card"] for c in s["rumors"]] for s in seats], "each seat's Rumors"),
        Entry("bought", f["bought"], "each seat's points from purchases"),
        Entry("clan_points", f["clan_points"], "each seat's clan points"),
    ]
    if f["scoring"]["disguised"]:
        e.append(Entry("disguised", f["scoring"]["disguised"],
                       "the Envoys disguised with Hensojutsu tiles at the last clan scoring (each counts as 2)"))
    looked = {d: [p + 1 for p in v[f"{d.lower()}_deck"]["peeked_by"]] for d in ("Guard", "Elite")}
    if any(looked.values()):
        e.append(Entry("peeked_by", looked, "the seats that looked at the top Guard or Elite card with CR4"))
    # (from the fields: the view shows one card, and a seat may have seen both tops)
    tops = [deck[-1] for d, deck in enumerate((f["guard_deck"], f["elite_deck"]))
            if seat in f["peeked"][d] and deck]
    if tops:
        e.append(Entry("seen_on_top", tops, "the top Guard or Elite card, which you saw with CR4"))
    counter = [s["drawn_before_reshuffle"] for s in seats]
    maybe = [s["shown_maybe_before_reshuffle"] for s in seats]
    at_most = [s["before_reshuffle_at_most"] for s in seats]
    if any(counter) or any(maybe) or any(at_most):
        e += [
            Entry("drawn_before_reshuffle", counter, "the card counter since the Dojo deck was last reshuffled: "
                  "how many of its hidden cards each seat held then, less those it showed since that "
                  "were surely among them"),
            Entry("before_reshuffle", v["before_reshuffle"], "the values of those cards, over the other seats"),
            Entry("shown_maybe_before_reshuffle", maybe,
                  "the cards each seat showed since that may have been among them, or drawn after"),
            Entry("before_reshuffle_at_most", at_most, "at most how many of each seat's hidden cards were "
                                                       "held at the reshuffle"),
        ]
    if phase == "over":
        e.append(Entry("final", [{k: fin[k] for k in ("rumor_sets", "dishonorable_opponents",
                                                       "unspent_treasure", "elite_points")}
                                 for fin in v["final"]], "each seat's end-of-game points"))
    if phase == "draw":
        e.append(Entry("draws_left", f["draws_left"], "Dojo cards still to draw"))
    if phase == "sensei payment":
        e.append(Entry("tile", f["offer"][f["tile_slot"]], "the Sensei tile being paid for"))
    if phase in ATTACK:
        e.append(Entry("attack", _attack(f, phase), "the attack in progress"))
    if phase in PURCHASE:
        e.append(Entry("purchase", _purchase(f, phase), "the purchase in progress"))
    if phase in SCORING:
        e.append(Entry("scoring", _scoring(f, phase), "the clan scoring in progress"))
    return e


def _house(h: dict) -> dict:
    out = {"token": h["token"]}
    if h["sentry"] is not None:
        out["sentry"] = h["sentry"]["card"]
    out["treasure"] = h["plain"] + [f"red {t}" for t in h["red"]]
    for sd, p in zip(SIDES, h["shuriken"]):
        if p is not None:
            out[sd] = p + 1
    return out


def _attack(f: dict, phase: str) -> dict:
    a = f["attack"]
    out = {"house": a["house"] + 1, "side": SIDES[a["side"]]}
    if a["active"]:
        out["active"] = a["active"]
    if a["card"] is not None:
        out["facing"] = a["facing"]
        out["card"] = a["card"]
    out["on_shuriken"] = _treasures(a["on_shuriken"])
    out["revealed"] = a["revealed"]
    out["discarded"] = _values(a["discarded"])
    if phase == "play":
        out["plays"] = [_play(a["plays"][i]) for i in range(a["play_index"] + 1)]
    if phase == "keep":
        out["keep"] = a["keep_left"]
        if a["keep_min"]:
            out["keep_from"] = _treasure(a["keep_min"] // 2, a["keep_min"] % 2 == 1)
    return out


def _purchase(f: dict, phase: str) -> dict:
    b = f["purchase"]
    out = {"kind": "Rumor" if b["rumor"] else "Envoy"}
    if phase != "buy":
        out["card"] = (RUMOR_NAMES if b["rumor"] else ENVOY_NAMES)[b["card"]]
        out["due"] = [TREASURES[t] for t in range(4) for _ in range(b["due"][t])]
        if b["type"] is not None:
            out["type"] = b["type"]
        out["paid"] = b["paid"]
        out["gold"] = b["gold"]
        out["points"] = b["points"]
    return out


def _scoring(f: dict, phase: str) -> dict:
    c = f["scoring"]
    out = {"turn": c["turn"]}
    if phase != "Hensojutsu":
        out["clan"] = CLANS[SCORING_ORDER[CLAN_SCORING_AFTER.index(c["turn"])][c["clan_index"]]]
    elif c["hensojutsu_last"] is not None:
        out["last_disguised"] = c["hensojutsu_last"]
    for k in ("first", "second"):
        if c[k] is not None:
            out[k] = c[k] + 1
    return out


# ------------------------------------------------------------------ reading
#: the keys of every text, then those of some phases or positions only
KEYS = ("turn", "phase", "order", "hand", "hand_sizes", "known_cards", "dojo_row", "dojo_deck", "dojo_discard",
        "spaces", "dojo_stack", "houses", "sensei_offer", "tiles", "face_down", "removed_tiles",
        "guard_discard", "elite_discard", "elites", "treasure", "spent", "envoy_row", "rumor_row", "envoys",
        "rumors", "bought", "clan_points")
COUNTER = ("drawn_before_reshuffle", "before_reshuffle", "shown_maybe_before_reshuffle",
           "before_reshuffle_at_most")
OPTIONAL = ("disguised", "peeked_by", "seen_on_top") + COUNTER
#: a frame's fields while no decision of its own is in progress (what the engine leaves there)
IDLE_ATTACK = {"house": 0, "side": 0, "active": [], "facing": "Sentry", "card": None,
               "on_shuriken": [[0, 0]] * len(TREASURES), "revealed": [], "discarded": [0] * 5,
               "keep_left": 0, "keep_min": 0, "play_index": 0}
IDLE_PLAY = {"base": None, "value": 0, "set": -1, "add": 0, "join": 0, "next_group": 0, "cards": [0] * 5,
             "tiles": []}
IDLE_PURCHASE = {"rumor": False, "slot": 0, "card": 0, "due": [0] * 4, "type": None, "low": 0, "high": 0,
                 "paid": 0, "gold": False, "points": 0}


def _name(v, where: str, names, what: str) -> str:
    if not isinstance(v, str) or v not in names:
        raise PositionError(f"{where}: {checks.shown(v)} is not {what} ({names[0]} to {names[-1]})")
    return v


def _names(v, where: str, names, what: str, empty: bool = False) -> list:
    """A list of ``names``, each ``what`` (``"a Guard"``); ``"empty"`` for a free place if ``empty``."""
    checks.items(v, where)
    return [None if empty and x == EMPTY else _name(x, where, names, what) for x in v]


def _per_seat(v, where: str, n: int) -> list:
    return checks.items(v, where, n, what=f"a list with one entry per seat ({n})")


def _seat(v, where: str, n: int) -> int:
    """A seat as a text writes it (from 1), from 0."""
    return checks.integer(v, where, 1, n) - 1


def _card(x, where: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or x not in VALUES:
        raise PositionError(f"{where}: {checks.shown(x)} is not a Dojo card (a value 1 to 5)")
    return x


def _cards(v, where: str) -> list[int]:
    """Dojo cards (values) as counts per value 1-5."""
    counts = [0] * 5
    for x in checks.items(v, where, what="a list of Dojo cards (values 1 to 5)"):
        counts[_card(x, where) - 1] += 1
    return counts


def _treasure_of(x, where: str, red: bool = True) -> tuple[int, int]:
    """A treasure's type and side (0 plain, 1 red) from its name."""
    names = TREASURES + (tuple(f"red {t}" for t in TREASURES) if red else ())
    if not isinstance(x, str) or x not in names:
        raise PositionError(f"{where}: {checks.shown(x)} is not a treasure "
                            f"({', '.join(TREASURES)}{', or red ...' if red else ''})")
    i = names.index(x)
    return i % len(TREASURES), i // len(TREASURES)


def _pairs(v, where: str) -> list[list[int]]:
    """Treasure names as ``[plain, red]`` counts per type."""
    out = [[0, 0] for _ in TREASURES]
    for x in checks.items(v, where, what="a list of treasures"):
        t, sd = _treasure_of(x, where)
        out[t][sd] += 1
    return out


def _counts(v, where: str) -> list[int]:
    """Treasure names (no sides) as counts per type."""
    out = [0] * len(TREASURES)
    for x in checks.items(v, where, what="a list of treasures"):
        out[_treasure_of(x, where, red=False)[0]] += 1
    return out


def _table(doc: dict, key: str) -> dict:
    v = doc[key]
    if not isinstance(v, dict):
        raise PositionError(f"{key}: expected a table ([{key}])")
    return v


def fields(doc: dict, players: int, seat: int, options: dict) -> dict:
    """The named fields of the position ``doc`` describes, what the seat
    cannot see filled in consistently with the text."""
    n = players
    phase = checks.one_of(doc.get("phase"), "phase", PHASES)
    body_keys(doc, KEYS + (("mover",) if phase != "over" else ("final",))
              + (("draws_left",) if phase == "draw" else ()) + (("tile",) if phase == "sensei payment" else ())
              + (("attack",) if phase in ATTACK else ()) + (("purchase",) if phase in PURCHASE else ())
              + (("scoring",) if phase in SCORING else ()), OPTIONAL)
    f = {"players": n, "turn": checks.integer(doc["turn"], "turn", 1, TURNS), "phase": phase,
         "rng": 0, "chance": [0, 0, None], "log": [], "log_lost": False, "log_new_turn": False}
    f["mover"] = 0 if phase == "over" else _seat(doc["mover"], "mover", n)
    order = [_seat(x, "order", n) for x in _per_seat(doc["order"], "order", n)]
    if sorted(order) != list(range(n)):
        raise PositionError("order: each seat once")
    f["order"] = order
    _board(doc, f, n)
    _frames(doc, f, n, phase)
    _read_treasure(doc, f, n)
    _decks(doc, f, n, seat)
    if phase == "over":
        fin = _per_seat(doc["final"], "final", n)
        parts = ("rumor_sets", "dishonorable_opponents", "unspent_treasure", "elite_points")
        f["final"] = []
        for p, x in enumerate(fin):
            where = f"final, seat {p + 1}"
            if not isinstance(x, dict):
                raise PositionError(f"{where}: expected a table {{{' = , '.join(parts)} = }}")
            body_keys(x, parts, where=where)
            f["final"].append([checks.integer(x[k], f"{where}.{k}", 0, 2000) for k in parts])
    else:
        f["final"] = [[0] * 4 for _ in range(n)]
    return _dealt(doc, f, n, seat)


def _board(doc: dict, f: dict, n: int) -> None:
    f["dojo_row"] = []
    for x in checks.items(doc["dojo_row"], "dojo_row", SIZES["dojo_row"], what="a list of Dojo cards"):
        f["dojo_row"].append(0 if x == EMPTY else _card(x, "dojo_row"))
    f["dojo_discard"] = _cards(doc["dojo_discard"], "dojo_discard")
    spaces = _per_seat(doc["spaces"], "spaces", n)
    f["spaces"] = []
    for p, sp in enumerate(spaces):
        names = _names(sp, f"spaces, seat {p + 1}", SPACES, "a space")
        f["spaces"].append([names.count(s) for s in SPACES])
    f["dojo_stack"] = [_seat(x, "dojo_stack", n) for x in checks.items(doc["dojo_stack"], "dojo_stack",
                                                                        what="a list of seats")]
    houses = checks.items(doc["houses"], "houses", HOUSES, what=f"a list of the {HOUSES} houses")
    f["tokens"], f["sentries"], f["house_treasure"], f["house_sides"] = [], [], [], []
    for h, x in enumerate(houses):
        where = f"houses: house {h + 1}"
        if not isinstance(x, dict):
            raise PositionError(f"{where}: expected a table {{token = , sentry = , treasure = }}")
        body_keys(x, ("token", "treasure"), ("sentry",) + SIDES, where=where)
        f["tokens"].append(_name(x["token"], f"{where}.token", TOKEN_NAMES, "a clan token"))
        f["sentries"].append(_name(x["sentry"], f"{where}.sentry", GUARD_NAMES, "a Guard") if "sentry" in x
                             else None)
        f["house_treasure"].append(_pairs(x["treasure"], f"{where}.treasure"))
        f["house_sides"].append([_seat(x[sd], f"{where}.{sd}", n) if sd in x else None for sd in SIDES])
    f["offer"] = _names(checks.items(doc["sensei_offer"], "sensei_offer", SIZES["sensei_offer"]),
                        "sensei_offer", TILE_NAMES, "a Sensei tile", empty=True)
    f["tiles"] = [_names(x, f"tiles, seat {p + 1}", TILE_NAMES, "a Sensei tile")
                  for p, x in enumerate(_per_seat(doc["tiles"], "tiles", n))]
    f["face_down"] = [_names(x, f"face_down, seat {p + 1}", TILE_NAMES, "a Sensei tile")
                      for p, x in enumerate(_per_seat(doc["face_down"], "face_down", n))]
    f["removed_tiles"] = _names(doc["removed_tiles"], "removed_tiles", TILE_NAMES, "a Sensei tile")
    given = [t for t in f["offer"] if t] + [t for ts in f["tiles"] for t in ts] + f["removed_tiles"]
    for t, c in Counter(given).items():
        if c > 1:
            raise PositionError(f"{t} is in two places (sensei_offer, tiles, removed_tiles); there is one")
    f["sensei_stack"] = [t for t in COMBAT if t not in given]
    f["hensojutsu_left"] = len([t for t in HENSOJUTSU if t not in given])
    f["envoy_row"] = _names(checks.items(doc["envoy_row"], "envoy_row", SIZES["row"]),
                            "envoy_row", ENVOY_NAMES, "an Envoy", empty=True)
    f["rumor_row"] = _names(checks.items(doc["rumor_row"], "rumor_row", SIZES["row"]),
                            "rumor_row", RUMOR_NAMES, "a Rumor", empty=True)
    for key, names, what in (("envoys", ENVOY_NAMES, "an Envoy"), ("rumors", RUMOR_NAMES, "a Rumor")):
        f[key] = [_names(x, f"{key}, seat {p + 1}", names, what) for p, x in enumerate(_per_seat(doc[key], key, n))]
        row = [c for c in f[f"{key[:-1]}_row"] if c]
        for c, k in Counter(row + [c for cs in f[key] for c in cs]).items():
            if k > 1:
                raise PositionError(f"{key}: {c} is in two places ({key[:-1]}_row, {key}); there is one")
        f[f"{key[:-1]}_deck"] = [c for c in names if c not in row and not any(c in cs for cs in f[key])]
    for key in ("bought", "clan_points"):
        f[key] = [checks.integer(x, f"{key}, seat {p + 1}", 0, 2000)
                  for p, x in enumerate(_per_seat(doc[key], key, n))]
    f["guard_discard"] = _names(doc["guard_discard"], "guard_discard", GUARD_NAMES, "a Guard")
    f["elite_discard"] = _names(doc["elite_discard"], "elite_discard", ELITE_NAMES, "an Elite")
    f["elites"] = [_names(x, f"elites, seat {p + 1}", ELITE_NAMES, "an Elite")
                   for p, x in enumerate(_per_seat(doc["elites"], "elites", n))]
    # Shuriken placed this turn: on the spaces and the house sides, less
    # the one whose action is being carried out (position._check_shuriken).
    busy = f["phase"] in ("draw", "sensei", "sensei payment") + ATTACK + PURCHASE
    on_board = sum(map(sum, f["spaces"])) + sum(1 for sides in f["house_sides"] for p in sides if p is not None)
    f["placed"] = max(0, on_board - busy)
    _shuriken(f, n)


def _shuriken(f: dict, n: int) -> None:
    """The shuriken on the board fit the turn: as many on the Dojo as
    ``dojo_stack`` lists, three a seat at most, the seat to move the one
    whose shuriken comes next (position._check_shuriken, in the text's words)."""
    for p in range(n):
        on = f["spaces"][p][SPACES.index("Dojo")]
        if f["dojo_stack"].count(p) != on:
            raise PositionError(f"dojo_stack: seat {p + 1} is listed {f['dojo_stack'].count(p)} times, but "
                                f"spaces puts {on} of its shuriken on the Dojo")
        mine = sum(f["spaces"][p]) + sum(1 for sides in f["house_sides"] for q in sides if q == p)
        if mine > SHURIKEN:
            raise PositionError(f"spaces: seat {p + 1} has {mine} shuriken on the board (spaces and houses); "
                                f"each seat has {SHURIKEN}")
    if f["phase"] in SCORING + ("over",):
        if f["placed"]:
            raise PositionError(f"spaces: the shuriken are taken back before {'the end' if f['phase'] == 'over' else 'a clan scoring'}")
        return
    if f["placed"] >= n * SHURIKEN:
        raise PositionError("spaces: every shuriken is placed, so the turn is over")
    placer = f["order"][f["placed"] % n]
    if f["mover"] != placer:
        raise PositionError(f"mover: seat {placer + 1}'s shuriken is next ({f['placed']} placed, in the order "
                            f"{', '.join(str(q + 1) for q in f['order'])}), not seat {f['mover'] + 1}'s")


def _frames(doc: dict, f: dict, n: int, phase: str) -> None:
    """The decision in progress: ``draws_left``, ``tile``, ``[attack]``,
    ``[purchase]``, ``[scoring]``; the engine's resting values elsewhere."""
    f["draws_left"] = checks.integer(doc["draws_left"], "draws_left", 1, 4) if phase == "draw" else 0
    f["tile_slot"] = 0
    if phase == "sensei payment":
        tile = _name(doc["tile"], "tile", TILE_NAMES, "a Sensei tile")
        if tile not in f["offer"]:
            raise PositionError(f"tile: {tile} is not offered (sensei_offer)")
        f["tile_slot"] = f["offer"].index(tile)
    f["attack"] = {**IDLE_ATTACK, "plays": [dict(IDLE_PLAY), dict(IDLE_PLAY)]}
    if phase in ATTACK:
        f["attack"] = _read_attack(_table(doc, "attack"), phase)
    f["purchase"] = dict(IDLE_PURCHASE)
    if phase in PURCHASE:
        f["purchase"] = _read_purchase(_table(doc, "purchase"), phase, f)
    disguised = _names(doc.get("disguised", []), "disguised", ENVOY_NAMES, "an Envoy")
    f["scoring"] = {"turn": 0, "clan_index": 0, "hensojutsu_seat": 0, "hensojutsu_last": None,
                    "disguised": disguised, "first": None, "second": None}
    if phase in SCORING:
        f["scoring"] = _read_scoring(_table(doc, "scoring"), phase, f, n)


def _read_attack(a: dict, phase: str) -> dict:
    w = "attack"
    body_keys(a, ("house", "side", "on_shuriken", "revealed", "discarded")
              + (("plays",) if phase == "play" else ()) + (("keep",) if phase == "keep" else ()),
              ("active", "facing", "card") + (("keep_from",) if phase == "keep" else ()), where=w)
    out = dict(IDLE_ATTACK)
    out["house"] = checks.integer(a["house"], f"{w}.house", 1, HOUSES) - 1
    out["side"] = SIDES.index(checks.one_of(a["side"], f"{w}.side", SIDES))
    out["active"] = [checks.one_of(x, f"{w}.active", [t for _, t in FLAG_TILES])
                     for x in checks.items(a.get("active", []), f"{w}.active", what="a list of tiles")]
    if "card" in a:
        out["facing"] = checks.one_of(a.get("facing"), f"{w}.facing", FACING)
        names = ELITE_NAMES if out["facing"] == "Elite" else GUARD_NAMES
        out["card"] = _name(a["card"], f"{w}.card", names, "an Elite" if names is ELITE_NAMES else "a Guard")
    elif "facing" in a:
        raise PositionError(f"{w}.facing: given without the card faced ({w}.card)")
    out["on_shuriken"] = _pairs(a["on_shuriken"], f"{w}.on_shuriken")
    out["revealed"] = _names(a["revealed"], f"{w}.revealed", GUARD_NAMES, "a Guard")
    out["discarded"] = _cards(a["discarded"], f"{w}.discarded")
    plays = [dict(IDLE_PLAY), dict(IDLE_PLAY)]
    if phase == "play":
        given = checks.items(a["plays"], f"{w}.plays", what="a list of 1 or 2 plays")
        if not 1 <= len(given) <= 2:
            raise PositionError(f"{w}.plays: {len(given)} plays; an attack builds 1 or 2 (the second "
                                "against a two-person Elite)")
        for i, p in enumerate(given):
            plays[i] = _read_play(p, f"{w}.plays: play {i + 1}")
        out["play_index"] = len(given) - 1
    out["plays"] = plays
    if phase == "keep":
        out["keep_left"] = checks.integer(a["keep"], f"{w}.keep", 1, 2)
        if "keep_from" in a:
            t, sd = _treasure_of(a["keep_from"], f"{w}.keep_from")
            out["keep_min"] = 2 * t + sd
    return out


def _read_play(p, where: str) -> dict:
    if not isinstance(p, dict):
        raise PositionError(f"{where}: expected a table {{base = , value = }} ({{}}: not started)")
    if not p:
        return dict(IDLE_PLAY)
    body_keys(p, ("base", "value"), ("join", "tiles", "CR2"), where=where)
    base = checks.one_of(p["base"], f"{where}.base", ("Dojo",) + BASES[2:])
    value = checks.integer(p["value"], f"{where}.value", 0, 6)
    join = checks.integer(p.get("join", 0), f"{where}.join", -1, 1)
    tiles = [checks.one_of(t, f"{where}.tiles", PLAY_TILES)
             for t in checks.items(p.get("tiles", []), f"{where}.tiles", what="a list of tiles")]
    if ("CR2" in p) != ("CR2" in tiles):
        raise PositionError(f"{where}.CR2: what CR2 adds (1 or -1) goes with CR2 among the tiles")
    cr2 = checks.one_of(p["CR2"], f"{where}.CR2", (1, -1)) if "CR2" in p else 0
    return play_of("card" if base == "Dojo" else base, value, join, tiles, cr2)


def _cost(card: str) -> tuple:
    if card in ENVOY_NAMES:
        return ENVOYS[ENVOY_NAMES.index(card)][1]
    return RUMOR_COSTS[RUMOR_NAMES.index(card) % len(RUMOR_COSTS)]


def _read_purchase(b: dict, phase: str, f: dict) -> dict:
    w = "purchase"
    paying = phase != "buy"
    body_keys(b, ("kind",) + (("card", "due", "paid", "gold", "points") if paying else ()),
              ("type",) if paying else (), where=w)
    out = dict(IDLE_PURCHASE)
    out["rumor"] = checks.one_of(b["kind"], f"{w}.kind", ("Envoy", "Rumor")) == "Rumor"
    if paying:
        names, row = (RUMOR_NAMES, "rumor_row") if out["rumor"] else (ENVOY_NAMES, "envoy_row")
        card = _name(b["card"], f"{w}.card", names, "a Rumor" if out["rumor"] else "an Envoy")
        if card not in f[row]:
            raise PositionError(f"{w}.card: {card} is not in the {row}")
        out["slot"], out["card"] = f[row].index(card), names.index(card)
        due = _counts(b["due"], f"{w}.due")
        if due[-1]:
            raise PositionError(f"{w}.due: Gold is never due (it pays for another type)")
        out["due"] = due[:4]
        if "type" in b:
            out["type"] = checks.one_of(b["type"], f"{w}.type", TREASURES[:4])
        out["paid"] = checks.integer(b["paid"], f"{w}.paid", 0, 4)
        out["gold"] = checks.boolean(b["gold"], f"{w}.gold")
        out["points"] = checks.integer(b["points"], f"{w}.points", 0, 40)
        cost = _cost(card)
        if cost[0] == "range":
            out["low"], out["high"] = cost[1], cost[2]
    return out


def _read_scoring(c: dict, phase: str, f: dict, n: int) -> dict:
    w = "scoring"
    hj = phase == "Hensojutsu"
    body_keys(c, ("turn",) + (() if hj else ("clan",)),
              ("first", "second") + (("last_disguised",) if hj else ()), where=w)
    out = dict(f["scoring"])
    out["turn"] = checks.one_of(c["turn"], f"{w}.turn", CLAN_SCORING_AFTER)
    if hj:
        out["hensojutsu_seat"] = f["order"].index(f["mover"])
        if "last_disguised" in c:
            out["hensojutsu_last"] = _name(c["last_disguised"], f"{w}.last_disguised", ENVOY_NAMES, "an Envoy")
    else:
        clan = checks.one_of(c["clan"], f"{w}.clan", CLANS)
        out["clan_index"] = SCORING_ORDER[CLAN_SCORING_AFTER.index(out["turn"])].index(CLANS.index(clan))
        out["hensojutsu_seat"] = n
    for k in ("first", "second"):
        if k in c:
            out[k] = _seat(c[k], f"{w}.{k}", n)
    return out


def _read_treasure(doc: dict, f: dict, n: int) -> None:
    f["treasure"] = [_counts(x, f"treasure, seat {p + 1}") for p, x in enumerate(_per_seat(doc["treasure"],
                                                                                           "treasure", n))]
    f["spent"] = _counts(doc["spent"], "spent")
    bag = list(TREASURE_COUNTS)
    for t in range(len(TREASURES)):
        bag[t] -= (f["spent"][t] + sum(x[t] for x in f["treasure"]) + sum(f["attack"]["on_shuriken"][t])
                   + sum(sum(h[t]) for h in f["house_treasure"]))
        if bag[t] < 0:
            raise PositionError(f"{TREASURE_COUNTS[t] - bag[t]} {TREASURES[t]} are on the table (houses, "
                                f"treasure, spent, attack.on_shuriken); the game has {TREASURE_COUNTS[t]}")
    f["bag"] = bag


def _decks(doc: dict, f: dict, n: int, seat: int) -> None:
    """The Guard and Elite decks: every card not elsewhere, a top card the
    seat saw with CR4 on top; who looked."""
    peeked = doc.get("peeked_by", {})
    if not isinstance(peeked, dict):
        raise PositionError("peeked_by: expected a table {Guard = [seats], Elite = [seats]}")
    body_keys(peeked, (), ("Guard", "Elite"), where="peeked_by")
    f["peeked"] = [sorted({_seat(x, f"peeked_by.{d}", n) for x in checks.items(peeked.get(d, []), f"peeked_by.{d}",
                                                                              what="a list of seats")})
                   for d in ("Guard", "Elite")]
    tops = _names(doc.get("seen_on_top", []), "seen_on_top", GUARD_NAMES + ELITE_NAMES, "a Guard or an Elite")
    for d, deck in enumerate(("Guard", "Elite")):
        mine = [c for c in tops if c in (GUARD_NAMES, ELITE_NAMES)[d]]
        if len(mine) > 1:
            raise PositionError(f"seen_on_top: {len(mine)} {deck} cards; one is on top")
        if mine and seat not in f["peeked"][d]:
            raise PositionError(f"seen_on_top: you did not look at the top {deck} card (peeked_by.{deck})")
    a = f["attack"]
    for names, what, places in (
            (GUARD_NAMES, "Guard", [("houses", [s for s in f["sentries"] if s]), ("guard_discard", f["guard_discard"]),
                                    ("attack.revealed", a["revealed"])]),
            (ELITE_NAMES, "Elite", [("elite_discard", f["elite_discard"]),
                                    ("elites", [e for es in f["elites"] for e in es]),
                                    ("attack.card", [a["card"]] if a["facing"] == "Elite" and a["card"] else [])])):
        where = {}
        top = [c for c in tops if c in names]
        for place, cards in places + [("seen_on_top", top)]:
            for c in cards:
                if c in where and not (place == "attack.card" and what == "Guard"):
                    raise PositionError(f"{place}: {c} is also in {where[c]}; there is one")
                where[c] = place
        deck = [c for c in names if c not in where] + top
        f["guard_deck" if what == "Guard" else "elite_deck"] = deck


def _dealt(doc: dict, f: dict, n: int, seat: int) -> dict:
    """The Dojo cards: the seat's hand, what everyone saw, and the unseen
    cards dealt to the other hands and the deck so that the card counter's
    counts fit (``_older``); dealt again until the seat to move has a choice,
    as the determinization does."""
    hand = _cards(doc["hand"], "hand")
    sizes = [checks.integer(x, f"hand_sizes, seat {p + 1}", 0, sum(DOJO_COUNTS))
             for p, x in enumerate(_per_seat(doc["hand_sizes"], "hand_sizes", n))]
    if sizes[seat] != sum(hand):
        raise PositionError(f"hand_sizes: seat {seat + 1} (you) holds {sizes[seat]} cards, your hand {sum(hand)}")
    seen = [_cards(x, f"known_cards, seat {p + 1}") for p, x in enumerate(_per_seat(doc["known_cards"],
                                                                                      "known_cards", n))]
    for p in range(n):
        if p == seat and any(seen[p][v] > hand[v] for v in range(5)):
            raise PositionError("known_cards: yours are not all in your hand")
        if sum(seen[p]) > sizes[p]:
            raise PositionError(f"known_cards: seat {p + 1} holds {sizes[p]} cards, not {sum(seen[p])} known ones")
    deck = checks.integer(doc["dojo_deck"], "dojo_deck", 0, sum(DOJO_COUNTS))
    unseen = list(DOJO_COUNTS)
    for v in range(5):
        unseen[v] -= (hand[v] + sum(seen[p][v] for p in range(n) if p != seat) + f["dojo_discard"][v]
                      + f["dojo_row"].count(v + 1))
        if unseen[v] < 0:
            raise PositionError(f"{DOJO_COUNTS[v] - unseen[v]} Dojo cards of value {v + 1} are given (hand, "
                                f"known_cards, dojo_row, dojo_discard); the game has {DOJO_COUNTS[v]}")
    hidden = [sizes[p] - sum(seen[p]) if p != seat else 0 for p in range(n)]
    if sum(unseen) != deck + sum(hidden):
        raise PositionError(f"{sum(DOJO_COUNTS) - sum(unseen)} Dojo cards are given, so {sum(unseen)} are unseen, "
                            f"but the other hands hide {sum(hidden)} and the deck holds {deck} (dojo_deck)")
    mover = f["mover"]
    others_move = mover != seat and f["phase"] != "over"
    stuck = None
    dealt = 0
    for tries in range(FLOW_TRIES):
        rng = random.Random(tries)
        older, older_maybe, at_most, in_hand = _older(doc, n, seat, hand, seen, hidden, unseen, rng)
        f["seen"], f["older"], f["older_maybe"], f["older_at_most"] = seen, older, older_maybe, at_most
        rest = [unseen[v] - sum(in_hand[p][v] for p in range(n)) for v in range(5)]
        # The seat to move, if another, first: which hidden cards of its
        # give it a choice is all that can go wrong.
        theirs = (_multisets(rest, hidden[mover] - sum(in_hand[mover]), rng) if others_move else [None])
        for mine in theirs:
            dealt += 1
            if dealt > DEAL_TRIES:
                break
            pool = Counter({v + 1: rest[v] - (mine[v] if mine else 0) for v in range(5)})
            pool = sorted(pool.elements())
            rng.shuffle(pool)
            hands = []
            for p in range(n):
                h = [seen[p][v] + in_hand[p][v] + (mine[v] if p == mover and mine else 0) for v in range(5)]
                if p == seat:
                    h = hand
                elif p != mover or not others_move:
                    for _ in range(hidden[p] - sum(in_hand[p])):
                        h[pool.pop() - 1] += 1
                hands.append(h)
            f["hands"], f["dojo_deck"] = hands, pool
            try:
                from_fields(f)
            except PositionError as e:
                if "no legal move" not in str(e) and "is forced" not in str(e):
                    raise
                stuck = "has no legal move" if "no legal" in str(e) else "has only one move, which the game makes itself"
                if not others_move:
                    break
                continue
            return f
        if not others_move:
            break
    raise PositionError(f"phase: seat {mover + 1} {stuck} in the {f['phase']} phase"
                        + (" whatever its hidden cards" if others_move else ""))


def _multisets(counts: list[int], size: int, rng: random.Random) -> list[list[int]]:
    """Every way to take ``size`` cards from ``counts`` (per value), as
    counts per value, in a random order."""
    out = [[]]
    for v in range(5):
        out = [m + [k] for m in out for k in range(min(counts[v], size - sum(m)) + 1)]
    out = [m for m in out if sum(m) == size]
    rng.shuffle(out)
    return out


def _older(doc: dict, n: int, seat: int, hand, seen, hidden, unseen, rng: random.Random):
    """The card counter (rules.pyx, above ``dojo_reshuffle``) per seat and
    value, from the counts a seat knows: every seat's count of older cards,
    the values of the other seats' together, the cards each showed that may
    have been older, and at most how many of each seat's hidden cards are.
    Also how many older cards of each value each other hand must still hide.

    A flow: each other seat sends its count of older cards to the values,
    either through the cards it showed that may have been older, or (at
    most its ``at_most``, at most the unseen cards of each value over all
    seats) through cards still hidden in its hand; each value takes the
    count the text gives.  ``rng`` picks among the flows (the search looks
    at the edges in a shuffled order), so that another deal can be tried."""
    count = [checks.integer(x, f"drawn_before_reshuffle, seat {p + 1}", 0, sum(DOJO_COUNTS))
             for p, x in enumerate(_per_seat(doc.get("drawn_before_reshuffle", [0] * n), "drawn_before_reshuffle", n))]
    values = _cards(doc.get("before_reshuffle", []), "before_reshuffle")
    maybe = [_cards(x, f"shown_maybe_before_reshuffle, seat {p + 1}")
             for p, x in enumerate(_per_seat(doc.get("shown_maybe_before_reshuffle", [[]] * n),
                                             "shown_maybe_before_reshuffle", n))]
    at_most = [checks.integer(x, f"before_reshuffle_at_most, seat {p + 1}", 0, sum(DOJO_COUNTS))
               for p, x in enumerate(_per_seat(doc.get("before_reshuffle_at_most", [0] * n),
                                               "before_reshuffle_at_most", n))]
    others = [p for p in range(n) if p != seat]
    if sum(values) != sum(count[p] for p in others):
        raise PositionError(f"before_reshuffle: {sum(values)} values, but the other seats' "
                            f"drawn_before_reshuffle add up to {sum(count[p] for p in others)}")
    for p in range(n):
        held = hidden[p] if p != seat else sum(hand) - sum(seen[p])
        if at_most[p] > min(held, count[p]):
            raise PositionError(f"before_reshuffle_at_most: seat {p + 1}: {at_most[p]}, more than the "
                                f"{'hidden cards' if held < count[p] else 'drawn_before_reshuffle'} "
                                f"({min(held, count[p])})")
    older = [[0] * 5 for _ in range(n)]
    in_hand = [[0] * 5 for _ in range(n)]
    # Yours: the cards shown first, then the cards still hidden.
    left = count[seat]
    for v in range(5):
        older[seat][v] = min(maybe[seat][v], left)
        left -= older[seat][v]
    for v in range(5):
        k = min(hand[v] - seen[seat][v], left, at_most[seat] - sum(in_hand[seat]))
        older[seat][v] += k
        in_hand[seat][v] = k
        left -= k
    if left:
        raise PositionError(f"drawn_before_reshuffle: seat {seat + 1} (you): {count[seat]}, more than your "
                            "hidden cards (at most before_reshuffle_at_most) and the cards shown since")
    in_hand[seat] = [0] * 5
    # Theirs: a flow from the seats to the values.
    S, T = "S", "T"
    cap: dict = {}

    def edge(a, b, c):
        cap.setdefault(a, {})[b] = cap.get(a, {}).get(b, 0) + c
        cap.setdefault(b, {}).setdefault(a, 0)

    for p in others:
        edge(S, ("seat", p), count[p])
        edge(("seat", p), ("hand", p), at_most[p])
        for v in range(5):
            edge(("seat", p), ("value", v), maybe[p][v])
            edge(("hand", p), ("hidden", v), sum(DOJO_COUNTS))
    for v in range(5):
        edge(("hidden", v), ("value", v), unseen[v])
        edge(("value", v), T, values[v])
    flow = dict((a, dict.fromkeys(bs, 0)) for a, bs in cap.items())
    total = 0
    while True:
        back = {S: None}
        queue = [S]
        while queue and T not in back:
            a = queue.pop(0)
            for b in rng.sample(list(cap[a]), len(cap[a])):
                if b not in back and cap[a][b] - flow[a][b] > 0:
                    back[b] = a
                    queue.append(b)
        if T not in back:
            break
        path = []
        b = T
        while back[b] is not None:
            path.append((back[b], b))
            b = back[b]
        push = min(cap[a][b] - flow[a][b] for a, b in path)
        for a, b in path:
            flow[a][b] += push
            flow[b][a] -= push
        total += push
    if total != sum(values):
        raise PositionError("before_reshuffle: the card counter's counts do not fit together "
                            "(drawn_before_reshuffle, shown_maybe_before_reshuffle, before_reshuffle_at_most)")
    for p in others:
        for v in range(5):
            in_hand[p][v] = flow[("hand", p)][("hidden", v)]
            older[p][v] = flow[("seat", p)][("value", v)] + in_hand[p][v]
    return older, maybe, at_most, in_hand


# ------------------------------------------------------------------ records
#: A record of moves (engine.record_text) is read for Ninjato too.  Every
#: step is public, but chance shows things the moves' names do not: the
#: cards you draw from the Dojo deck, the row refilled after a draw, a
#: Guard or an Elite turned up, a treasure drawn from the bag, a card seen
#: with CR4, the tiles, Envoys, Rumors, Sentries and treasure of a turn's
#: end.  A move's ``seen`` gives each key of the position text that chance
#: changed (``pinned``), as it stood after the move.
RECORD = True
#: How many deals are tried for one move of a record before it is called
#: impossible (``deal``: the other hands are dealt again until the move is
#: legal and what follows it fits the record; a reshuffle within the move
#: may need several tries to turn up what the record says).
RECORD_DEALS = 3000
#: How many shuffles of the Dojo discards are tried for a move that draws
#: from them (the cards you draw and the row's refill come from it)
RESHUFFLE_TRIES = 1000
#: The keys a move's ``seen`` may give (those chance can change)
SEEN_KEYS = ("hand", "dojo_row", "houses", "attack", "guard_discard", "elite_discard", "seen_on_top",
             "sensei_offer", "envoy_row", "rumor_row", "known_cards", "dojo_discard", "tiles", "face_down")


def pinned(before: dict, after: dict) -> tuple[str, ...]:
    """The keys of the position text a record's move must say it showed
    (``seen``), because chance changed them, or a move the game made by
    itself, and no move's name says how:

    - ``hand``: a Dojo card came into your hand (from the deck: only you
      saw it; from the row or taken back with CR6 it is said too, for one
      rule a person can follow);
    - ``dojo_row``: the Dojo deck was drawn from (a refill of the row, a
      seat's draw, or the reshuffle of the discards);
    - ``houses``: a treasure was drawn from the bag (an alarm, a loss, the
      refill at a turn's end) or a new Sentry was drawn;
    - ``attack``: a Guard or an Elite was turned up; ``guard_discard`` and
      ``elite_discard`` when the one turned up went to the discards in the
      same move (or a discard pile was reshuffled into its deck);
    - ``seen_on_top``: the card you saw with CR4;
    - ``sensei_offer``, ``envoy_row``, ``rumor_row``: a new tile or card
      was turned up (at a turn's end);
    - ``known_cards``, ``dojo_discard``, ``tiles``, ``face_down`` and
      ``attack``, those of them that changed, when a seat used Dojo cards
      or tiles or took a tile: where another seat had one legal move the
      game made it for that seat, from cards only it held (a play against
      a Sentry, a payment), and its name is in no move; ``attack`` too
      when a play was built further than the move's one step.
    """
    keys = []
    if Counter(after["hand"]) - Counter(before["hand"]):
        keys.append("hand")
    if before["dojo_deck"] != after["dojo_deck"] or Counter(before["dojo_discard"]) - Counter(after["dojo_discard"]):
        keys.append("dojo_row")
    if (_bag(after) < _bag(before) or Counter(before["spent"]) - Counter(after["spent"])
            or _sentries(after) - _sentries(before)):
        keys.append("houses")
    shown = _shown(before)
    if "attack" in after:
        was = before.get("attack", {})
        a = after["attack"]
        # (a Sentry faced was on its house)
        if (set(a["revealed"]) - set(was.get("revealed", ()))
                or a.get("facing", "Sentry") != "Sentry" and a["card"] != was.get("card")):
            keys.append("attack")
    for key in ("guard_discard", "elite_discard"):
        if set(after[key]) - shown or set(before[key]) - set(after[key]):
            keys.append(key)
    if set(after.get("seen_on_top", ())) - set(before.get("seen_on_top", ())):
        keys.append("seen_on_top")
    for key in ("sensei_offer", "envoy_row", "rumor_row"):
        if any(x != EMPTY and x != y for x, y in zip(after[key], before[key])):
            keys.append(key)
    # A seat's Dojo cards or tiles used (paid, played, joined, discarded)
    # or a tile taken: for another seat the game may have made that choice
    # itself, from cards only that seat held.
    if any(after["hand_sizes"][p] < before["hand_sizes"][p] or _hidden(after, p) < _hidden(before, p)
           or len(after["tiles"][p]) > len(before["tiles"][p])
           or len(after["face_down"][p]) > len(before["face_down"][p]) for p in range(len(after["hand_sizes"]))):
        keys += [k for k in ("known_cards", "dojo_discard", "tiles", "face_down", "attack")
                 if k in after and after[k] != before.get(k) and k not in keys]
    # A play built further than one step (a base, a 3 joined, a tile) can
    # take: the game made the rest for the seat.
    if "attack" in after and "attack" not in keys and (
            _built(after) - _built(before) > (1 if before["phase"] == "play" else 0)):
        keys.append("attack")
    return tuple(keys)


def _built(e: dict) -> int:
    """How many steps the plays of an attack have taken."""
    return sum(("base" in p) + bool(p.get("join")) + len(p.get("tiles", ()))
               for p in e.get("attack", {}).get("plays", ()))


def _hidden(e: dict, p: int) -> int:
    """How many of seat ``p``'s Dojo cards the table has not seen."""
    return e["hand_sizes"][p] - len(e["known_cards"][p])


def _bag(e: dict) -> int:
    """How many treasures are in the bag: those not on the table."""
    on_table = (sum(len(h["treasure"]) for h in e["houses"]) + sum(map(len, e["treasure"])) + len(e["spent"])
                + len(e.get("attack", {}).get("on_shuriken", ())))
    return sum(TREASURE_COUNTS) - on_table


def _sentries(e: dict) -> set:
    return {(h, house["sentry"]) for h, house in enumerate(e["houses"]) if "sentry" in house}


def _shown(e: dict) -> set:
    """Every Guard and Elite a seat sees in a position text's entries."""
    a = e.get("attack", {})
    return ({s for _, s in _sentries(e)} | set(e["guard_discard"]) | set(e["elite_discard"])
            | {c for cs in e["elites"] for c in cs} | set(a.get("revealed", ())) | {a.get("card")}
            | set(e.get("seen_on_top", ())))


def deal(state, seat: int, moves: list, seens: list, i: int, seed: int):
    """``state`` (before move ``i`` of a record read by ``engine.record_text``)
    dealt so that move ``i`` shows what the record says, and ``{i: {seat:
    action id}}``, the move it plays.

    The cards move ``i`` turns up, as its ``seen`` says, are put on top of
    their decks (the cards you draw, the row's refill, a Guard or an Elite,
    the Sentries, tiles, Envoys and Rumors of a turn's end); a treasure
    drawn from the bag is the bag's chance, not a deck's, so the houses are
    given the treasure ``seen`` says after the move (``_showing``: the bag
    holds the rest).  Whatever the seat cannot see is dealt again at random
    (the game's determinization, consistent with all it saw so far) until
    every seat's move is legal there and the position after it shows what
    the record says and offers the record's next move: a seat the game
    moved for itself (one legal move) was moved by cards only it held.
    The hook looks no further ahead than the next move: every other card
    is seen when it is played or turned up, and dealt for that move then."""
    rng = random.Random(seed)
    if i:
        state = _showing(state, seat, seens[i - 1])
    if i >= len(moves) or sorted(moves[i]) != state.movers():
        return state, {}
    _seen(seens[i], f"moves: move {i + 1}: seen")
    if seat in moves[i] and moves[i][seat] not in map(action_name, state.legal_action_ids(seat)):
        return state, {}        # (engine.record_text says why)
    if seat in moves[i] and "hand" in seens[i]:
        _drawn(_entries(state, seat), seat, moves[i][seat], seens[i]["hand"], f"moves: move {i + 1}: seen: hand")
    seen, following = seens[i], moves[i + 1] if i + 1 < len(moves) else None
    end = seens[len(moves)] if len(seens) > len(moves) else {}
    fallback, costly, budget = (state, {}), 0, [RESHUFFLE_TRIES]
    for attempt in range(RECORD_DEALS):
        world = state if not attempt else _state.State(
            state.name, state.determinize(seat, rng.randrange(2**62)).buffer(), state.options, state.seed)
        # (a deal where a seat to move has no choice is not one the game
        # waits at: it plays such a move itself)
        if any(len(world.legal_action_ids(s)) < 2 for s in world.movers()):
            continue
        move = {}
        for s, name in moves[i].items():
            ids = [a for a in world.legal_action_ids(s) if action_name(a) == name]
            if not ids:
                break
            move[s] = ids[0]
        else:
            trial = world.clone()
            trial.apply(move)
            if not _may_show(trial.fields(), world.fields(), seen):
                continue
            # (a deal past the cheap checks costs a hundred times more to
            # try: only so many are)
            costly += 1
            if costly > RECORD_DEALS // 8:
                break
            world = _stacked(world, trial, seat, move, seen, budget)
            if world.view(seat) != state.view(seat):
                continue
            after = world.clone()
            after.apply(move)
            if _goes_on(_showing(after, seat, seen), seat, seen, following, end):
                return world, {i: move}
            if not fallback[1]:
                # (engine.record_text then says what does not follow from it)
                fallback = world, {i: move}
    return fallback


def _entries(state, seat: int) -> dict:
    return {e.key: e.value for e in position_text.known(state, seat)}


def _showing(state, seat: int, seen: dict):
    """``state`` after a move showing ``seat`` the treasure ``seen`` says
    the houses hold, where the bag's draws (an alarm's, a loss's, a turn's
    end) went otherwise: the bag holds the rest.  ``state`` itself where it
    shows it already, or where ``seen`` asks what no such change gives."""
    entries = _entries(state, seat)
    f = state.fields()
    changed = False
    houses = seen.get("houses")
    if isinstance(houses, list) and entries["houses"] != houses and len(houses) == len(f["house_treasure"]):
        try:
            f["house_treasure"] = [_pairs(h.get("treasure") if isinstance(h, dict) else None, "houses")
                                   for h in houses]
        except PositionError:
            return state
        a = f["attack"]["on_shuriken"]
        f["bag"] = [TREASURE_COUNTS[t] - f["spent"][t] - sum(x[t] for x in f["treasure"]) - sum(a[t])
                    - sum(sum(h[t]) for h in f["house_treasure"]) for t in range(len(TREASURES))]
        if min(f["bag"]) < 0:
            return state
        changed = True
    if not changed:
        return state
    try:
        return _state.State(state.name, state.game.from_fields(f), state.options, state.seed)
    except PositionError:
        return state


def _drawn(before: dict, seat: int, name: str, hand, where: str) -> None:
    """Refuse a hand after your move that holds a card no draw could give
    you: every card of that value is elsewhere, in sight."""
    gained = Counter(_items(hand)) - Counter(before["hand"])
    kind, args = describe(parse_action(name))
    if kind == "draw" and args["slot"] is not None and before["dojo_row"][args["slot"]] != EMPTY:
        gained[before["dojo_row"][args["slot"]]] -= 1
    elif kind == "take back" and args["value"] is not None:
        gained[args["value"]] -= 1
    given = Counter(before["hand"]) + Counter(before["dojo_row"]) + Counter(before["dojo_discard"])
    for p, cards in enumerate(before["known_cards"]):
        if p != seat:
            given += Counter(cards)
    for v, k in sorted((+gained).items()):
        if not isinstance(v, int) or v not in VALUES:
            return      # (the position text's checks say what is wrong)
        # (a deck that runs out is the discards reshuffled)
        left = DOJO_COUNTS[v - 1] - given[v] + (before["dojo_discard"].count(v) if before["dojo_deck"] < 6 else 0)
        if k > left:
            raise PositionError(f"{where}: {k} more of value {v} than you held, but {left} of the "
                                f"{DOJO_COUNTS[v - 1]} Dojo cards of value {v} are out of sight (your hand, "
                                "known_cards, dojo_row and dojo_discard hold the rest)")


def _seen(seen: dict, where: str) -> None:
    """Refuse a key of a move's ``seen`` that no move shows."""
    for key in seen:
        if key not in SEEN_KEYS:
            raise PositionError(f"{where}: {checks.shown(key)} is not something a move shows "
                                f"(keys: {', '.join(SEEN_KEYS)})")


def _goes_on(after, seat: int, seen: dict, following, end: dict) -> bool:
    """Whether ``after`` shows what ``seen`` says and offers the next move
    of the record: the same seats decide, your move is legal, and another
    seat's move is of a kind it is offered (which one may hang on its
    hidden cards, dealt again for that move); after the last move, whether
    it stands where the record's ``[end]`` says, if it says."""
    entries = _entries(after, seat)
    if any(entries.get(k) != v for k, v in seen.items()):
        return False
    if following is None:
        return not end or entries == end
    if sorted(following) != after.movers():
        return False
    for s, name in following.items():
        legal = after.legal_action_ids(s)
        if s == seat:
            if name not in map(action_name, legal):
                return False
        else:
            try:
                kind = describe(parse_action(name))[0]
            except PositionError:
                return True     # (engine.record_text says why)
            if kind not in {describe(a)[0] for a in legal}:
                return False
    return True


def _items(v) -> list:
    """The names or values of a list a record's ``seen`` gives (anything
    else is left to the position text's checks)."""
    return [x for x in v if isinstance(x, (str, int)) and not isinstance(x, bool)] if isinstance(v, list) else []


def _may_show(after: dict, before: dict, seen: dict) -> bool:
    """Whether a deal whose move led to ``after`` (named fields) from
    ``before`` may show what ``seen`` says once its decks are stacked: the
    Dojo cards the seats used and the tiles they took are no deck's chance
    (the discards only while they are not reshuffled)."""
    keys = {"known_cards": [_values(x) for x in after["seen"]], "tiles": after["tiles"],
            "face_down": after["face_down"]}
    if all(a >= b for a, b in zip(after["dojo_discard"], before["dojo_discard"])):
        keys["dojo_discard"] = _values(after["dojo_discard"])
    return all(v == seen[k] for k, v in keys.items() if k in seen)


def _stacked(world, trial, seat: int, move: dict, seen: dict, budget: list):
    """``world`` with the cards ``move`` turns up, as ``seen`` says, on top
    of their decks in the order it draws them (``trial``: ``world`` after
    the move, its decks as they were; ``budget``: how many shuffles may
    still be tried, ``_reshuffled``)."""
    if not seen:
        return world
    before = _entries(world, seat)
    f = world.fields()
    # The Dojo deck: your draws (the cards come into your hand unseen by
    # the table), another seat's (any card), then the row's refill.
    reached = _entries(trial, seat)
    shown = reached["known_cards"][seat]
    dojo = []
    if "hand" in seen:
        hidden = Counter(before["hand"]) - Counter(before["known_cards"][seat])
        dojo += sorted((Counter(_items(seen["hand"])) - Counter(shown) - hidden).elements())
    taken = [describe(a)[1]["slot"] for a in move.values() if describe(a)[0] == "draw"]
    row = _items(seen.get("dojo_row"))
    refill = [row[k] for k in range(len(row)) if len(row) == len(before["dojo_row"]) and row[k] != EMPTY
              and (before["dojo_row"][k] == EMPTY or k in taken)]
    pops = len(f["dojo_deck"]) - len(trial.fields()["dojo_deck"])
    dojo += [None] * max(0, pops - len(dojo) - len(refill)) + refill
    f["dojo_deck"] = _on_top(f["dojo_deck"], dojo)
    # Guards and Elites: turned up, then the Sentries of the turn's end
    # (a card seen on top with CR4 is still in its deck).
    shown = _shown(before) - set(before.get("seen_on_top", ()))
    attack = seen.get("attack") if isinstance(seen.get("attack"), dict) else {}
    up = [c for c in _items(attack.get("revealed")) + _items([attack.get("card")]) if c not in shown]
    up += [c for key in ("guard_discard", "elite_discard") for c in _items(seen.get(key)) if c not in shown]
    houses = seen.get("houses") if isinstance(seen.get("houses"), list) else []
    up += [c for c in _items([h.get("sentry") for h in houses if isinstance(h, dict)]) if c not in shown]
    up += [c for c in _items(seen.get("seen_on_top")) if c not in before.get("seen_on_top", ())]
    shuffled = bool(Counter(before["dojo_discard"]) - Counter(reached["dojo_discard"]))
    for d, (key, names) in enumerate((("guard_deck", GUARD_NAMES), ("elite_deck", ELITE_NAMES))):
        mine = list(dict.fromkeys(c for c in up if c in names))
        if seat in f["peeked"][d] and f[key]:
            # (the card you saw on top comes first)
            mine = [f[key][-1]] + [c for c in mine if c != f[key][-1]]
        shuffled = shuffled or any(c not in f[key] for c in mine)
        f[key] = _on_top(f[key], mine)
    # The turn's end: the tiles offered, the rows refilled (left to right).
    for key, deck in (("sensei_offer", "sensei_stack"), ("envoy_row", "envoy_deck"), ("rumor_row", "rumor_deck")):
        new = [c for c in _items(seen.get(key)) if c != EMPTY and c not in before[key]]
        f[deck] = _on_top(f[deck], new)
    stacked = _state.State(world.name, world.game.from_fields(f), world.options, world.seed)
    return _reshuffled(stacked, f, seat, move, seen, budget) if shuffled else stacked


def _reshuffled(world, f: dict, seat: int, move: dict, seen: dict, budget: list):
    """``world``, a deck of which runs out within ``move`` (its discards are
    shuffled into it), with a shuffle that turns up what ``seen`` says (the
    shuffle is the position's own chance, its ``rng``), as far as
    ``budget[0]`` more shuffles find one."""
    rng = random.Random(f["rng"])
    while budget[0] > 0:
        budget[0] -= 1
        f["rng"] = rng.getrandbits(64)
        tried = _state.State(world.name, world.game.from_fields(f), world.options, world.seed)
        after = tried.clone()
        after.apply(move)
        got = _entries(_showing(after, seat, seen), seat)
        if all(got.get(k) == v for k, v in seen.items()):
            return tried
    return world


def _on_top(deck: list, cards: list) -> list:
    """``deck`` (its top last) with ``cards`` drawn first, in order, as far
    as it holds them (``None``: any card): the cards after one it lacks
    come after a reshuffle (``_reshuffled``), or not at all."""
    rest = list(deck)
    top = []
    for c in cards[:len(deck)]:
        if c is not None and c not in rest:
            break
        if c is not None:
            rest.remove(c)
        top.append(c)
    top = [rest.pop() if c is None else c for c in top]
    return rest + top[::-1]
