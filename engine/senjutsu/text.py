"""Senjutsu as one seat sees it, in a position text (``engine.position_text``).

A seat sees the field (each samurai's hex, facing, kamae, wounds, bleeding
wounds and stun cards), every face-up discard, how many cards each hand,
draw pile and face-down discard holds, its own hand and face-down discards,
and what it remembers: the cards it knows in another hand, the top cards of
a pile it looked at, and which of its own cards another seat knows.  The
samurai, their decks and the terrain are the ``[options]``.

In the middle of a round the ``[activation]`` table says where the round
stands, in the cards' words: the card each seat plays and its initiatives,
the segments ``resolving`` (whose card, which part), and the interpreter's
``frames`` from the bottom up, each naming the part of a card it runs
(``"Quick Stab, part 1, action 2"``: the card's first part, its second
action as the card's words list them; ``action 2.1``: the first action
inside that one) or the window it is (``"replacement window"``...), with
its progress in words; then the ``decision`` and the seat ``deciding``.

Whatever the seat cannot see is filled in card order when the text is read
(each seat's cards not placed by the text go to its hidden hand, its pile
below the known top cards and its face-down discards), and the game's
determinization deals it again at random.  Not written, and chosen so: the
round's steps so far (the log the app shows, a story rather than the
position: a text starts with none), the chance keys of the last move, the
hex a block was registered at (shown nowhere), and whether a "then" action's
cost was paid except while one is running.

A game's record (``engine.record_text``) names every move as the seat saw
it (another seat's face-down discard, counter or pick only as "a hidden
choice"), and a move's ``seen`` says, in a position text's keys, what chance
showed the seat (``pinned``): its ``hand`` after a draw, ``my_face_down``
after a bleeding wound milled its deck, ``known_cards`` when a hand was
shown to it, ``known_top_cards`` when it looked at a pile's top cards; a key
not said did not change by chance.  Reading one (``deal``), each move's
deal is the one the record reached, or dealt again, fitted to what the
move shows by exchanging cards between places of one seat's deck the seat
cannot see; docs/positions.md, "A game of Senjutsu, move by move".

>>> from ninja_dojo.engine import new_game
>>> from ninja_dojo.engine.position_text import position, text_of
>>> s = new_game("senjutsu", players=2, seed=1, samurai="ronin,master")
>>> [line for line in text_of(s, 0).splitlines() if line.startswith(("phase", "draw_piles"))]
['phase = "place"', 'draw_piles = [40, 40]']
>>> position(text_of(s, 0), seed=1).view(0) == s.view(0)
True
>>> node = part_node("Calm Defence, part 2, action 2", "action")
>>> part(node)
{'action': 'Calm Defence, part 2, action 2', 'does': 'rotate 1 hexside'}
"""
from __future__ import annotations

import re
from collections import Counter
from itertools import islice, product

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.position_text import Entry, body_keys
from ninja_dojo.engine.senjutsu import cards as cards_data
from ninja_dojo.engine.senjutsu.position import STATE_KEYS, children, fields as state_fields, from_fields
# (the words of one compiled node, from the card's parse tree: what the app shows)
from ninja_dojo.engine.senjutsu.views import _node_words as node_words
from ninja_dojo.engine.senjutsu.rules import (CARD_IDS, CARD_NAMES, CARDS, DECISIONS, FRAME_NAMES, HEX_NAMES, HEXES,
                                              KAMAE, KAMAE_NAMES, PHASES, ROUND_LIMIT, SAMURAI, SAMURAI_KEYS,
                                              resolve_options)

#: what a per-seat list holds for a seat with nothing there (no hex, no card)
NOTHING = "none"
#: the round's card of a seat that plays a stun card
STUN = "a stun card"
COMPASS_WORDS = cards_data.COMPASS_WORDS
CARD_BY_NAME = {name: i for i, name in enumerate(CARD_NAMES)}
OPS = cards_data.OPS
#: a samurai's core card's type (the core is no card of the 40)
CORE_TYPE = cards_data.TYPE_WORDS.index("core")
WINDOWS = {name: kind for kind, name in FRAME_NAMES.items()}


def _op(name: str) -> int:
    return OPS.index(name)


# What each kind of frame keeps in its three numbers (the interpreter's i, n
# and m), as (key, form): a count, a seat, a flag, a card, or a set of
# options, seats, kamae or compass directions the decision offers.  A kind
# not listed keeps none of them.
_ASKED = ("asked", "count")
NUMBERS = {
    WINDOWS["replacement window"]: (_ASKED, ("seat", "seat"), ("after", "after")),
    WINDOWS["initiatives"]: (_ASKED, None, None),
    WINDOWS["additional window"]: (("opened", "flag"), None, None),
    WINDOWS["block triggers"]: (("stage", "count"), ("countered", "flag"), ("first_stop", "flag")),
    WINDOWS["foe card"]: (("parts_begun", "count"), ("card", "card"), None),
    WINDOWS["discard phase"]: (_ASKED, None, None),
    _op("or"): (None, None, ("options", "options")),
    _op("target"): (("begun", "flag"), None, ("seats", "seats")),
    _op("each"): (("begun", "flag"), None, ("seats", "seats")),
    _op("then"): (("begun", "flag"), None, None),
    _op("move"): (("steps", "count"), None, None),
    _op("disc"): (("done", "count"), None, None),
    _op("fdisc"): (("done", "count"), None, None),
    _op("shuffle_some"): (("done", "count"), None, None),
    _op("tuck"): (("done", "count"), None, None),
    _op("top3"): (("looked", "flag"), ("cards", "count"), None),
    _op("give3"): (("looked", "flag"), ("cards", "count"), None),
    _op("kplus"): (None, None, ("kamae", "kamae")),
    _op("kto"): (None, None, ("kamae", "kamae")),
    _op("fkto"): (None, None, ("kamae", "kamae")),
    _op("push"): (None, None, ("directions", "directions")),
    _op("pull"): (None, None, ("directions", "directions")),
}
#: every key a frame's numbers may have
NUMBER_KEYS = tuple(dict.fromkeys(spec[0] for specs in NUMBERS.values() for spec in specs if spec))
#: a replacement window opens after the reveal (1) or after a segment (2)
AFTER = {1: "reveal", 2: "segment"}
#: the keys a frame may have besides its numbers
FRAME_KEYS = ("frame", "action", "does", "segment", "target", "next")


# ------------------------------------------------------------ card parts
_PLACES: dict[int, tuple[int, int, tuple[int, ...]]] = {}
_NODES: dict[tuple[int, int, tuple[int, ...]], int] = {}


def _index_parts() -> None:
    """Every compiled node as (card, part, path from the part's start)."""
    if _PLACES:
        return
    for card in CARDS:
        for k, root in enumerate(cards_data.COMPILED.roots[card.index]):
            todo = [(root, ())]
            while todo:
                node, path = todo.pop()
                _PLACES.setdefault(node, (card.index, k, path))
                _NODES[(card.index, k, path)] = node
                todo.extend((kid, path + (i + 1,)) for i, kid in enumerate(children(node)))


def part_words(node: int) -> str:
    """A node of a card's program as the card's words place it:
    ``'Quick Stab, part 1, action 2'``."""
    _index_parts()
    c, k, path = _PLACES[node]
    return f"{CARD_NAMES[c]}, part {k + 1}" + (f", action {'.'.join(map(str, path))}" if path else "")


_PART = re.compile(r"^(.+?), part (\d)(?:, action (\d{1,3}(?:\.\d{1,3})*))?$")


def part_node(v, where: str) -> int:
    """The node a part's words name (``part_words``' inverse)."""
    _index_parts()
    m = _PART.match(v) if isinstance(v, str) else None
    if m is None or m.group(1) not in CARD_BY_NAME:
        raise PositionError(f"{where}: {checks.shown(v)} is not a part of a card "
                            "(e.g. 'Quick Stab, part 1, action 2')")
    c = CARD_BY_NAME[m.group(1)]
    path = tuple(int(x) for x in m.group(3).split(".")) if m.group(3) else ()
    node = _NODES.get((c, int(m.group(2)) - 1, path))
    if node is None:
        raise PositionError(f"{where}: {m.group(1)} has no {v[len(m.group(1)) + 2:]}")
    return node


def part(node: int) -> dict:
    """A part of a card as a text writes it: where it is on the card
    (``action``) and what it does (``does``, the card's words)."""
    return {"action": part_words(node), "does": node_words(node)}


def part_read(t: dict, where: str) -> int:
    """The node of a table's ``action``, checked against its ``does`` if given."""
    node = part_node(t["action"], f"{where}: action")
    if "does" in t and t["does"] != node_words(node):
        raise PositionError(f"{where}: does: {checks.shown(t['does'])}, but {t['action']} says "
                            f"{node_words(node)!r}")
    return node


# ------------------------------------------------------------ writing
def _card(cid) -> str:
    return NOTHING if cid is None else STUN if cid == "stun" else CARD_NAMES[CARD_IDS.index(cid)]


def _names(ids) -> list[str]:
    return [CARD_NAMES[CARD_IDS.index(c)] for c in ids]


def _seats(seats) -> list[int]:
    return [p + 1 for p in seats]


def _hex(h) -> str:
    return NOTHING if h is None else HEX_NAMES[HEXES.index(tuple(h))]


def _mask_words(form: str, m: int) -> list:
    bits = [k for k in range(8) if (m >> k) & 1]
    return {"options": [k + 1 for k in bits], "seats": [k + 1 for k in bits],
            "kamae": [KAMAE_NAMES[k] for k in bits if k < len(KAMAE)],
            "directions": [COMPASS_WORDS[k] for k in bits if k < 6]}[form]


def _frame(frame) -> dict:
    kind, node, cur, ctx, tgt, *numbers = frame
    out = {"frame": FRAME_NAMES[kind]} if node is None else part(node)
    if ctx is not None:
        out["segment"] = ctx + 1
    if tgt is not None:
        out["target"] = tgt + 1
    if cur is not None:
        out["next"] = part_words(cur)
    for spec, v in zip(NUMBERS.get(kind, (None,) * 3), numbers):
        if spec is None or not v:
            continue
        key, form = spec
        out[key] = (v if form == "count" else v + 1 if form == "seat" else bool(v) if form == "flag"
                    else CARD_NAMES[v] if form == "card" else AFTER[v] if form == "after"
                    else _mask_words(form, v))
    return out


def known(buf, seat: int) -> list[Entry]:
    f = state_fields(buf)
    n = f["players"]
    me = seat
    ps = range(n)
    out = [
        Entry("round", f["round"], "the round (0 while the samurai take the field)"),
        Entry("phase", f["phase"], "place: the samurai take the field; select: everyone chooses a card in "
                                   "secret; activation: the cards act; discard: hands down to the limit; over"),
        Entry("advantage", _seats(f["advantage"]), "the advantage order, the seat with the advantage first"),
        Entry("hexes", [_hex(h) for h in f["hexes"]], f"each samurai's hex (q,r), seat 1 first ({NOTHING!r}: "
                                                       "not on the field)"),
        Entry("facings", [COMPASS_WORDS[x] for x in f["facings"]], "the way each samurai faces"),
        Entry("kamae", [KAMAE_NAMES[KAMAE.index(k)] for k in f["kamae"]], "each samurai's kamae"),
        Entry("wounds", f["wounds"], "wound cards each samurai has taken"),
        Entry("bleeding", f["bleeding"], "bleeding wound cards each samurai has taken"),
        Entry("standing", _seats(f["standing"]), "the seats whose samurai still stand"),
    ]
    if f["fell"]:
        out.append(Entry("fell", _seats(f["fell"]), "the seats whose samurai fell at the last defeat check"))
    if any(a is not None for a in f["armour"]):
        out.append(Entry("armour", [_card(a) for a in f["armour"]], "the card each samurai keeps by it (Heavy "
                                                                   f"Armour), {NOTHING!r} for none"))
    out += [
        Entry("hand", _names(f["hands"][me]), "your hand (stun cards and your core not listed)"),
        Entry("hand_sizes", [len(h) for h in f["hands"]], "the cards in each hand, stun cards and the core "
                                                          "not counted"),
        Entry("stuns", f["stuns"], "the stun cards in each hand"),
        Entry("draw_piles", [len(p) for p in f["draw_piles"]], "the cards in each draw pile"),
        Entry("discards", [_names(d) for d in f["discards_face_up"]], "each seat's face-up discards"),
        Entry("face_down", [len(d) for d in f["discards_face_down"]], "the face-down discards of each seat"),
        Entry("my_face_down", _names(f["discards_face_down"][me]), "your face-down discards"),
    ]
    # what this seat remembers, and what it knows others know
    known_cards, known_tops = _remembered(f, me)
    if any(known_cards):
        out.append(Entry("known_cards", known_cards, "the cards you know in each other hand"))
    theirs = [[] if q == me else _names(f["known_hands"][q][me]) for q in ps]
    if any(theirs):
        out.append(Entry("knows_of_my_hand", theirs, "the cards of your hand each other seat knows"))
    if any(f["revealed_to"]):
        out.append(Entry("hand_shown_to", [_seats(r) for r in f["revealed_to"]],
                         "the seats each hand is shown to this round"))
    top = [[f["known_tops"][q][p] for q in ps] for p in ps]
    if any(map(any, top)):
        out.append(Entry("top_known", top, "for each draw pile, how many of its top cards each seat knows"))
        out.append(Entry("known_top_cards", known_tops, "the top cards of each pile that you know, the top first"))
    if f["last_attack"] is not None:
        p, h, facing, node = f["last_attack"]
        out.append(Entry("last_attack", {"seat": p + 1, "hex": _hex(None if h is None else HEXES[h]),
                                         "facing": COMPASS_WORDS[facing], **part(node)},
                         "the last attack (the hexes it covered are shown): who made it, from where, "
                         "facing which way, with which action"))
    activation = _activation(f)
    if activation:
        out.append(Entry("activation", activation,
                         "where the round stands: the cards played, the segments resolving and the "
                         "interpreter's frames, bottom first"))
    return out


def _remembered(f: dict, me: int) -> tuple[list, list]:
    """The cards ``me`` knows in each other hand, and the top cards of each
    pile it knows, the top first."""
    ps = range(f["players"])
    return ([[] if p == me else _names(f["known_hands"][me][p]) for p in ps],
            [_names(f["draw_piles"][p][::-1][:f["known_tops"][me][p]]) for p in ps])


def _activation(f: dict) -> dict:
    """The round in progress, each key only where it says something."""
    n = f["players"]
    out: dict = {}
    if any(c is not None for c in f["selected"]):
        out["cards"] = [_card(c) for c in f["selected"]]
    for key in ("replacements", "additionals"):
        if any(c is not None for c in f[key]):
            out[key] = [_card(c) for c in f[key]]
    if any(f["segments"]):
        out["initiatives"] = [[init for _, init, _ in seg] for seg in f["segments"]]
        out["resolved"] = [sum(done for _, _, done in seg) for seg in f["segments"]]
    for key in ("initiative_fixed", "cancelled", "no_move"):
        if f[key]:
            out[key] = _seats(f[key])
    if f["phase"] == "activation" or f["step"]:
        out["step"] = f["step"]
    if any(map(any, f["dealt"])):
        out["wounds_dealt"] = f["dealt"]
    blocks = [{"seat": p + 1, "initiative": b[0], "segment": b[1] + 1, **part(b[2])}
              for p, b in enumerate(f["blocks"]) if b is not None]
    if blocks:
        out["blocks"] = blocks
    if f["contexts"]:
        out["resolving"] = [
            {"seat": seat + 1, "card": CARD_NAMES[CARD_IDS.index(card)],
             "part": cards_data.COMPILED.roots[CARD_IDS.index(card)].index(root) + 1,
             "may_add": host, "hit": _seats(_bits(hit, n)), "blocked": _seats(_bits(blocked, n)), "stops": stops}
            for root, seat, card, host, hit, blocked, stops in f["contexts"]]
    if f["stack"]:
        out["frames"] = [_frame(fr) for fr in f["stack"]]
        if any(fr[0] == _op("then") for fr in f["stack"]):
            out["paid"] = f["paid"]
    if f["phase"] in ("activation", "discard"):
        out["decision"] = f["decision"]
        out["deciding"] = f["deciding"] + 1
    return out


def _bits(mask: int, n: int) -> list[int]:
    return [p for p in range(n) if (mask >> p) & 1]


# ------------------------------------------------------------ options
def options_words(options: dict) -> dict:
    """The options as a text writes them: a deck of one's own by its cards'
    names (``{"Quick Stab" = 3, ...}``; the options keep card IDs)."""
    deck = options.get("deck")
    if isinstance(deck, dict):
        return {**options, "deck": _deck_words(deck)}
    if isinstance(deck, list):
        return {**options, "deck": [_deck_words(d) if isinstance(d, dict) else d for d in deck]}
    return options


def _deck_words(deck: dict) -> dict:
    return {CARD_NAMES[CARD_IDS.index(cid)]: k for cid, k in deck.items()}


def options_read(options: dict) -> dict:
    """``options_words``' inverse: a deck's card names to their IDs."""
    def ids(deck, where):
        if not isinstance(deck, dict):
            return deck
        for k in deck:
            if k not in CARD_BY_NAME and k not in CARD_IDS:
                raise PositionError(f"{where}: {checks.shown(k)} is not a Senjutsu card (e.g. 'Quick Stab')")
        return {CARD_IDS[CARD_BY_NAME[k]] if k in CARD_BY_NAME else k: v for k, v in deck.items()}
    deck = options.get("deck")
    if isinstance(deck, list):
        return {**options, "deck": [ids(d, f"options.deck, seat {p + 1}") for p, d in enumerate(deck)]}
    return {**options, "deck": ids(deck, "options.deck")} if "deck" in options else options


# ------------------------------------------------------------ reading
BODY = ("round", "phase", "advantage", "hexes", "facings", "kamae", "wounds", "bleeding", "standing", "hand",
        "hand_sizes", "stuns", "draw_piles", "discards", "face_down", "my_face_down")
OPTIONAL = ("fell", "armour", "known_cards", "knows_of_my_hand", "hand_shown_to", "top_known",
            "known_top_cards", "last_attack")
ACTIVATION = ("cards", "replacements", "additionals", "initiatives", "resolved", "initiative_fixed", "cancelled",
              "no_move", "step", "wounds_dealt", "blocks", "resolving", "frames", "paid", "decision", "deciding")


class _Reader:
    """The checks of a text's values, each message naming the text's key."""

    def __init__(self, players: int):
        self.n = players

    def per_seat(self, v, key: str, what: str = "entry") -> list:
        checks.items(v, key, what=f"a list, one {what} per seat")
        if len(v) != self.n:
            raise PositionError(f"{key}: {len(v)} entries, one per seat expected ({self.n})")
        return v

    def seats(self, v, key: str) -> list[int]:
        checks.items(v, key, what="a list of seats (from 1)")
        out = []
        for x in v:
            p = checks.integer(x, key, 1, self.n) - 1
            if p in out:
                raise PositionError(f"{key}: seat {p + 1} is listed twice")
            out.append(p)
        return out

    def count(self, v, key: str, hi: int = 60) -> int:
        return checks.integer(v, key, 0, hi)

    def counts(self, v, key: str, hi: int = 60) -> list[int]:
        return [self.count(x, f"{key}, seat {p + 1}", hi) for p, x in enumerate(self.per_seat(v, key))]

    @staticmethod
    def card(v, key: str, allow_none: bool = False, allow_stun: bool = False):
        """A card's ID from its name (None for nothing, ``'stun'``)."""
        if allow_none and v == NOTHING:
            return None
        if allow_stun and v == STUN:
            return "stun"
        if not isinstance(v, str) or v not in CARD_BY_NAME:
            raise PositionError(f"{key}: {checks.shown(v)} is not a Senjutsu card (e.g. 'Quick Stab')")
        return CARD_IDS[CARD_BY_NAME[v]]

    def cards(self, v, key: str) -> list[str]:
        checks.items(v, key, what="a list of cards")
        return [self.card(x, key) for x in v]

    @staticmethod
    def hex(v, key: str):
        if v == NOTHING:
            return None
        name = v.replace(" ", "") if isinstance(v, str) else v
        if name not in HEX_NAMES:
            raise PositionError(f"{key}: {checks.shown(v)} is not a hex of the field (e.g. '(0,-3)', "
                                f"or {NOTHING!r})")
        return list(HEXES[HEX_NAMES.index(name)])

    @staticmethod
    def facing(v, key: str) -> int:
        return COMPASS_WORDS.index(checks.one_of(v, key, COMPASS_WORDS))

    @staticmethod
    def table(v, key: str, allowed) -> dict:
        if not isinstance(v, dict):
            raise PositionError(f"{key}: expected a table ({{key = value, ...}}), got {checks.kind(v)}")
        body_keys(v, (), allowed, where=key)
        return v


def _samurai(options: dict, players: int) -> list[str]:
    chosen = options["samurai"]
    keys = chosen if isinstance(chosen, list) else [chosen] * players
    if "random" in keys:
        raise PositionError("options.samurai: name each seat's samurai (e.g. 'ronin,master'); a position "
                            "is of samurai already chosen")
    return keys


def fields(doc: dict, players: int, seat: int, options: dict) -> dict:
    """The named fields of the position ``doc`` describes, what the seat
    cannot see filled in card order (dealt again at random afterwards)."""
    phase = checks.one_of(doc.get("phase"), "phase", PHASES)
    live = phase in ("activation", "discard")
    body_keys(doc, BODY + (("activation",) if live else ()), OPTIONAL + (() if live else ("activation",)))
    _samurai(options, players)
    samurai, decks, terrain = resolve_options(players, 0, options)
    r = _Reader(players)
    n, me, ps = players, seat, range(players)
    out = {"players": n, "samurai": samurai, "deck": decks, "terrain": terrain,
           "round": checks.integer(doc["round"], "round", 0, ROUND_LIMIT), "phase": phase, "rng": 0}
    # the field
    advantage = r.seats(doc["advantage"], "advantage")
    if len(advantage) != n:
        raise PositionError(f"advantage: {len(advantage)} seats; every seat once ({n})")
    out["advantage"] = advantage
    out["hexes"] = [r.hex(h, f"hexes, seat {p + 1}") for p, h in enumerate(r.per_seat(doc["hexes"], "hexes"))]
    out["facings"] = [r.facing(x, f"facings, seat {p + 1}") for p, x in enumerate(r.per_seat(doc["facings"], "facings"))]
    out["kamae"] = [KAMAE[KAMAE_NAMES.index(checks.one_of(k, f"kamae, seat {p + 1}", KAMAE_NAMES))]
                    for p, k in enumerate(r.per_seat(doc["kamae"], "kamae"))]
    out["wounds"] = r.counts(doc["wounds"], "wounds")
    out["bleeding"] = r.counts(doc["bleeding"], "bleeding")
    out["standing"] = sorted(r.seats(doc["standing"], "standing"))
    out["fell"] = sorted(r.seats(doc.get("fell", []), "fell"))
    out["placed"] = sum(h is not None for h in out["hexes"]) if phase == "place" else n
    # the round in progress
    act = r.table(doc.get("activation", {}), "activation", ACTIVATION)
    _read_activation(act, r, out, phase)
    # cards
    armour = [r.card(a, f"armour, seat {p + 1}", allow_none=True)
              for p, a in enumerate(r.per_seat(doc.get("armour", [NOTHING] * n), "armour"))]
    out["armour"] = armour
    hand = r.cards(doc["hand"], "hand")
    sizes = r.counts(doc["hand_sizes"], "hand_sizes", 40)
    if len(hand) != sizes[me]:
        raise PositionError(f"hand: {len(hand)} cards, but hand_sizes gives your hand {sizes[me]}")
    out["stuns"] = r.counts(doc["stuns"], "stuns")
    piles = r.counts(doc["draw_piles"], "draw_piles", 40)
    up = [r.cards(d, f"discards, seat {p + 1}") for p, d in enumerate(r.per_seat(doc["discards"], "discards"))]
    down = r.counts(doc["face_down"], "face_down", 40)
    my_down = r.cards(doc["my_face_down"], "my_face_down")
    if len(my_down) != down[me]:
        raise PositionError(f"my_face_down: {len(my_down)} cards, but face_down gives you {down[me]}")
    empty = [[] for _ in ps]
    known_cards = [r.cards(k, f"known_cards, seat {p + 1}")
                   for p, k in enumerate(r.per_seat(doc.get("known_cards", empty), "known_cards"))]
    theirs = [r.cards(k, f"knows_of_my_hand, seat {p + 1}")
              for p, k in enumerate(r.per_seat(doc.get("knows_of_my_hand", empty), "knows_of_my_hand"))]
    if known_cards[me] or theirs[me]:
        raise PositionError(f"{'known_cards' if known_cards[me] else 'knows_of_my_hand'}: seat {me + 1} is "
                            "yours; leave its list empty")
    shown_to = [r.seats(s, f"hand_shown_to, seat {p + 1}")
                for p, s in enumerate(r.per_seat(doc.get("hand_shown_to", empty), "hand_shown_to"))]
    top = [r.per_seat(row, f"top_known, pile {p + 1}")
           for p, row in enumerate(r.per_seat(doc.get("top_known", [[0] * n for _ in ps]), "top_known"))]
    top = [[r.count(x, f"top_known, pile {p + 1}, seat {q + 1}", piles[p]) for q, x in enumerate(row)]
           for p, row in enumerate(top)]
    tops = [r.cards(t, f"known_top_cards, pile {p + 1}")
            for p, t in enumerate(r.per_seat(doc.get("known_top_cards", empty), "known_top_cards"))]
    for p in ps:
        if len(tops[p]) != top[p][me]:
            raise PositionError(f"known_top_cards, pile {p + 1}: {len(tops[p])} cards, but top_known says you "
                                f"know {top[p][me]}")
    out["revealed_to"] = shown_to
    out["last_attack"] = None
    if "last_attack" in doc:
        w = "last_attack"
        la = r.table(doc[w], w, ("seat", "hex", "facing", "action", "does"))
        for key in ("seat", "hex", "facing", "action"):
            if key not in la:
                raise PositionError(f"{w}: {key} missing")
        h = r.hex(la["hex"], f"{w}: hex")
        out["last_attack"] = [checks.integer(la["seat"], f"{w}: seat", 1, n) - 1,
                              None if h is None else HEXES.index(tuple(h)), r.facing(la["facing"], f"{w}: facing"),
                              part_read(la, w)]
    out["known_tops"] = [[top[p][q] for p in ps] for q in ps]
    # each seat's cards: what the text places, and the rest of its deck in
    # the places it does not (hidden hand, pile below the known top, face down)
    hands, draw, downs, cores = [], [], [], []
    for p in ps:
        whose = "your" if p == me else f"seat {p + 1}'s"
        on_table = [c for c in (out["selected"][p], out["replacements"][p], out["additionals"][p])
                    if c not in (None, "stun") and CARDS[CARD_IDS.index(c)].type != CORE_TYPE] \
            if phase == "activation" else []
        placed = {"hand": hand if p == me else known_cards[p], "discards": up[p],
                  "the cards played": on_table,
                  # (Heavy Armour donned this round is still on the table: one card)
                  "armour": [armour[p]] if armour[p] and armour[p] not in on_table else [],
                  "known_top_cards": tops[p], "my_face_down": my_down if p == me else []}
        counted = Counter()
        where: dict[str, list[str]] = {}
        for place, ids in placed.items():
            counted.update(ids)
            for cid in ids:
                if cid == SAMURAI[SAMURAI_KEYS.index(samurai[p])].core:
                    raise PositionError(f"{place}: {CARD_NAMES[CARD_IDS.index(cid)]} is a core, no card of the "
                                        "deck: it is in hand unless it is played (not listed)")
                where.setdefault(cid, []).append(place)
                if counted[cid] > decks[p].get(cid, 0):
                    also = sorted(set(where[cid][:-1]))
                    raise PositionError(f"{place}: too many {CARD_NAMES[CARD_IDS.index(cid)]!r} for seat {p + 1}: "
                                        f"its deck has {decks[p].get(cid, 0)}"
                                        + (f" (also in {' and '.join(also)})" if also else ""))
        rest = sorted((Counter(decks[p]) - counted).elements(), key=CARD_IDS.index)
        hidden_hand = 0 if p == me else sizes[p] - len(known_cards[p])
        if hidden_hand < 0:
            raise PositionError(f"known_cards, seat {p + 1}: {len(known_cards[p])} cards, but its hand holds "
                                f"{sizes[p]}")
        if hidden_hand and me in shown_to[p]:
            raise PositionError(f"known_cards, seat {p + 1}: its hand is shown to you, so you know all "
                                f"{sizes[p]} of its cards")
        below = piles[p] - len(tops[p])
        hidden_down = 0 if p == me else down[p]
        want = hidden_hand + below + hidden_down
        if len(rest) != want:
            if p == me:
                places = f"your pile holds {want}"
            else:
                places = (f"the places you cannot see hold {want} ({hidden_hand} in the hand, {below} in the pile"
                          f"{' below the known top cards' if tops[p] else ''}, {hidden_down} face down)")
            raise PositionError(f"draw_piles, seat {p + 1}: {len(rest)} cards of {whose} deck are in no place "
                                f"the text names, but {places}")
        hands.append((hand if p == me else known_cards[p]) + rest[:hidden_hand])
        draw.append(rest[hidden_hand:hidden_hand + below] + tops[p][::-1])
        downs.append(my_down if p == me else rest[hidden_hand + below:])
        core = SAMURAI[SAMURAI_KEYS.index(samurai[p])].core
        cores.append(not (phase == "activation" and out["selected"][p] == core))
    out.update(hands=hands, draw_piles=draw, discards_face_up=up, discards_face_down=downs, cores_in_hand=cores)
    # who knows what of the hands
    kh = []
    for q in ps:
        row = []
        for p in ps:
            if p == q:
                row.append([])
            elif q == me:
                row.append(known_cards[p])
            elif p == me:
                if q in shown_to[me] and sorted(theirs[q]) != sorted(hand):
                    raise PositionError(f"knows_of_my_hand, seat {q + 1}: your hand is shown to it, so it "
                                        "knows all of it")
                if Counter(theirs[q]) - Counter(hand):
                    raise PositionError(f"knows_of_my_hand, seat {q + 1}: a card that is not in your hand")
                row.append(theirs[q])
            else:
                row.append(hands[p] if q in shown_to[p] else [])
        kh.append(row)
    out.update(known_hands=kh, chance=[0] * n, log=[], log_lost=False, log_new_round=False)
    if phase == "place":
        out.update(decision="place", deciding=advantage[n - out["placed"] - 1] if out["placed"] < n else None,
                   choosing=[])
    elif phase == "select":
        out.update(decision="select", deciding=None,
                   choosing=[p for p in ps if p in out["standing"] and sizes[p] + out["stuns"][p] > 0])
    elif phase == "over":
        out.update(decision="none", deciding=None, choosing=[])
    fields_out = {k: out[k] for k in STATE_KEYS}
    try:
        from_fields(fields_out)
    except PositionError as e:
        raise PositionError(_worded(str(e))) from None
    return fields_out


def _read_activation(act: dict, r: _Reader, out: dict, phase: str) -> None:
    n, ps = r.n, range(r.n)
    none = [NOTHING] * n
    out["selected"] = [r.card(c, f"activation.cards, seat {p + 1}", allow_none=True, allow_stun=True)
                       for p, c in enumerate(r.per_seat(act.get("cards", none), "activation.cards"))]
    for key in ("replacements", "additionals"):
        out[key] = [r.card(c, f"activation.{key}, seat {p + 1}", allow_none=True)
                    for p, c in enumerate(r.per_seat(act.get(key, none), f"activation.{key}"))]
    inits = r.per_seat(act.get("initiatives", [[] for _ in ps]), "activation.initiatives")
    done = r.counts(act.get("resolved", [0] * n), "activation.resolved", 3)
    segments = []
    for p in ps:
        played = out["replacements"][p] or out["selected"][p]
        row = checks.items(inits[p], f"activation.initiatives, seat {p + 1}", what="a list of initiatives")
        if row and played in (None, "stun"):
            raise PositionError(f"activation.initiatives, seat {p + 1}: the seat plays no card with segments")
        if done[p] > len(row):
            raise PositionError(f"activation.resolved, seat {p + 1}: {done[p]}, but its card has {len(row)} "
                                "segments")
        segments.append([[played, checks.integer(x, f"activation.initiatives, seat {p + 1}", 0, 10), k < done[p]]
                         for k, x in enumerate(row)])
    out["segments"] = segments
    for key in ("initiative_fixed", "cancelled", "no_move"):
        out[key] = sorted(r.seats(act.get(key, []), f"activation.{key}"))
    out["step"] = checks.integer(act.get("step", 0), "activation.step", 0, 10)
    dealt = r.per_seat(act.get("wounds_dealt", [[0] * n for _ in ps]), "activation.wounds_dealt")
    out["dealt"] = [r.counts(row, f"activation.wounds_dealt, seat {p + 1}") for p, row in enumerate(dealt)]
    # the interpreter: segments resolving, blocks, frames
    contexts = []
    for i, c in enumerate(checks.items(act.get("resolving", []), "activation.resolving",
                                       what="a list of segments")):
        w = f"activation.resolving, segment {i + 1}"
        c = r.table(c, w, ("seat", "card", "part", "may_add", "hit", "blocked", "stops"))
        for key in ("seat", "card", "part"):
            if key not in c:
                raise PositionError(f"{w}: {key} missing")
        cid = r.card(c["card"], f"{w}: card")
        roots = cards_data.COMPILED.roots[CARD_IDS.index(cid)]
        k = checks.integer(c["part"], f"{w}: part", 1, len(roots)) - 1
        contexts.append([roots[k], checks.integer(c["seat"], f"{w}: seat", 1, n) - 1, cid,
                         checks.boolean(c.get("may_add", False), f"{w}: may_add"),
                         _mask(r.seats(c.get("hit", []), f"{w}: hit")),
                         _mask(r.seats(c.get("blocked", []), f"{w}: blocked")),
                         checks.integer(c.get("stops", 0), f"{w}: stops", 0, 60)])
    out["contexts"] = contexts
    blocks: list = [None] * n
    for i, b in enumerate(checks.items(act.get("blocks", []), "activation.blocks", what="a list of blocks")):
        w = f"activation.blocks, block {i + 1}"
        b = r.table(b, w, ("seat", "initiative", "segment", "action", "does"))
        for key in ("seat", "initiative", "segment", "action"):
            if key not in b:
                raise PositionError(f"{w}: {key} missing")
        p = checks.integer(b["seat"], f"{w}: seat", 1, n) - 1
        if blocks[p] is not None:
            raise PositionError(f"{w}: seat {p + 1} has a block already")
        blocks[p] = [checks.integer(b["initiative"], f"{w}: initiative", 0, 10),
                     checks.integer(b["segment"], f"{w}: segment", 1, max(len(contexts), 1)) - 1,
                     part_read(b, w), None]
    out["blocks"] = blocks
    frames = checks.items(act.get("frames", []), "activation.frames", what="a list of frames")
    out["stack"] = [_read_frame(fr, f"activation.frames, frame {i + 1}", n, len(contexts))
                    for i, fr in enumerate(frames)]
    out["paid"] = checks.boolean(act.get("paid", True), "activation.paid")
    if phase in ("activation", "discard"):
        for key in ("decision", "deciding"):
            if key not in act:
                raise PositionError(f"activation.{key}: missing")
        out["decision"] = checks.one_of(act["decision"], "activation.decision", DECISIONS)
        out["deciding"] = checks.integer(act["deciding"], "activation.deciding", 1, n) - 1
        out["choosing"] = []
    else:
        for key in ("decision", "deciding"):
            if key in act:
                raise PositionError(f"activation.{key}: only in the activation and discard phases")


def _mask(seats: list[int]) -> int:
    return sum(1 << p for p in seats)


def _read_frame(fr, w: str, n: int, contexts: int) -> list:
    fr = _Reader.table(fr, w, FRAME_KEYS + NUMBER_KEYS)
    if ("frame" in fr) == ("action" in fr):
        raise PositionError(f"{w}: give either the window it is (frame) or the part of a card it runs (action)")
    if "frame" in fr:
        if "does" in fr:
            raise PositionError(f"{w}: does: a window is no part of a card")
        kind = WINDOWS[checks.one_of(fr["frame"], f"{w}: frame", tuple(WINDOWS))]
        node = None
    else:
        node = part_read(fr, w)
        kind = cards_data.COMPILED.nodes[node][0]          # (the node's opcode)
    cur = part_node(fr["next"], f"{w}: next") if "next" in fr else None
    ctx = checks.integer(fr["segment"], f"{w}: segment", 1, max(contexts, 1)) - 1 if "segment" in fr else None
    tgt = checks.integer(fr["target"], f"{w}: target", 1, n) - 1 if "target" in fr else None
    numbers = [0, 0, 0]
    specs = NUMBERS.get(kind, (None,) * 3)
    mine = {s[0] for s in specs if s}
    for key in fr:
        if key not in FRAME_KEYS and key not in mine:
            raise PositionError(f"{w}: {checks.shown(key)} is not a key of this frame"
                                + (f" (its own: {', '.join(sorted(mine))})" if mine else ""))
    for k, spec in enumerate(specs):
        if spec is None or spec[0] not in fr:
            continue
        key, form = spec
        v = fr[key]
        where = f"{w}: {key}"
        if form == "count":
            numbers[k] = checks.integer(v, where, 0, 255)
        elif form == "seat":
            numbers[k] = checks.integer(v, where, 1, 4) - 1
        elif form == "flag":
            numbers[k] = int(checks.boolean(v, where))
        elif form == "card":
            numbers[k] = CARD_IDS.index(_Reader.card(v, where))
        elif form == "after":
            numbers[k] = {w_: m for m, w_ in AFTER.items()}[checks.one_of(v, where, tuple(AFTER.values()))]
        else:
            words = {"options": [str(i + 1) for i in range(6)], "seats": [str(i + 1) for i in range(4)],
                     "kamae": list(KAMAE_NAMES), "directions": list(COMPASS_WORDS)}[form]
            checks.items(v, where, what=f"a list ({', '.join(words)})")
            m = 0
            for x in v:
                word = str(x) if form in ("options", "seats") and isinstance(x, int) and not isinstance(x, bool) else x
                if not isinstance(word, str) or word not in words:
                    raise PositionError(f"{where}: {checks.shown(x)} is not one of {', '.join(words)}")
                m |= 1 << words.index(word)
            numbers[k] = m
    return [kind, node, cur, ctx, tgt, *numbers]


# The rules' messages name the position file's fields, seats from 0; a
# text's reader names its keys, seats from 1.
_KEYS = {"stack": "activation.frames", "contexts": "activation.resolving", "decision": "activation.decision",
         "deciding": "activation.deciding", "segments": "activation.initiatives", "selected": "activation.cards",
         "replacements": "activation.replacements", "additionals": "activation.additionals",
         "blocks": "activation.blocks", "known_hands": "known_cards", "known_tops": "top_known",
         "cores_in_hand": "activation.cards", "draw_piles": "draw_piles", "hands": "hand_sizes",
         "discards_face_down": "face_down", "discards_face_up": "discards", "choosing": "hand_sizes",
         "placed": "hexes", "last_attack": "last_attack", "step": "activation.step", "dealt": "activation.wounds_dealt"}


def _worded(msg: str) -> str:
    _index_parts()
    def field(m):
        key, idx = m.group(1), m.group(2)
        name = _KEYS.get(key, key)
        if idx is None:
            return name
        unit = "frame" if key == "stack" else "segment" if key == "contexts" else "seat"
        return f"{name}, {unit} {int(idx) + 1}"
    msg = re.sub(r"\bseat (\d)\b", lambda m: f"seat {int(m.group(1)) + 1}", msg)
    msg = re.sub(r"state\.(\w+)(?:\[(\d+)\])?(?:\[\d+\])*", field, msg)
    msg = re.sub(r"\bseats are \[([\d, ]*)\]", lambda m: "seats are " + ", ".join(
        str(int(x) + 1) for x in m.group(1).split(",") if x.strip()), msg)
    msg = re.sub(r"\bnode (\d+)", lambda m: repr(part_words(int(m.group(1)))) if int(m.group(1)) in _PLACES
                 else "an action", msg)
    msg = re.sub(r"\bof kind (\d+)", lambda m: f"of kind {_kind_words(int(m.group(1)))!r}", msg)
    return re.sub(r" \([A-Z]\d\d\)", "", msg)


def _kind_words(kind: int) -> str:
    return FRAME_NAMES.get(kind) or (OPS[kind] if kind < len(OPS) else "?")


# ------------------------------------------------------------ records
#: A record of moves (engine.record_text) is read for Senjutsu too: every
#: move is named as the seat saw it (another seat's hidden choice only as
#: "a hidden choice"), and a move's ``seen`` says what chance showed the
#: seat that the names do not (``pinned``), which the reading deals to fit
#: (``deal``).
RECORD = True
#: What a move's ``seen`` may say, in a position text's keys, and why a
#: move shows it.
SEEN = {"hand": "the hand you held after the move, when you drew",
        "my_face_down": "your face-down discards after the move, when a bleeding wound milled your deck",
        "known_cards": "the cards you then knew in each other hand, when a hand was shown to you",
        "known_top_cards": "the top cards of each pile you then knew, when you looked at them"}
#: Deals tried for a move, each fitted to what the move shows: the deal
#: the record has reached, then the determinization's (a fit that swaps
#: one pair of cards at a time may stall in one deal and not in another).
TRIES = 8
#: Of the moves that look alike to the seat (another seat's hidden
#: choices), how many are tried in each deal.
CHOICES = 64


def pinned(before: dict, after: dict) -> tuple[str, ...]:
    """What a record's move must say it showed (docs/positions.md): your
    ``hand`` whenever your draw pile changed or a card joined your hand (the
    cards you drew), with ``my_face_down`` if it changed too (the cards a
    bleeding wound milled); ``known_cards`` and ``known_top_cards`` when
    you learnt more (a hand shown to you, the top cards you looked at).

    A key not said did not change by chance: your hand gained no card,
    your face-down discards only what left your hand, what you knew of the
    hands and piles stayed or was forgotten; so every key says all."""
    keys = []
    # (the text does not say which seat is yours: any seat whose counts
    # are your hand's and face-down discards' may be)
    mine = [p for p in range(len(after["hand_sizes"])) if all(
        e["hand_sizes"][p] == len(e["hand"]) and e["face_down"][p] == len(e["my_face_down"])
        for e in (before, after))]
    if any(before["draw_piles"][p] != after["draw_piles"][p] for p in mine) \
            or Counter(after["hand"]) - Counter(before["hand"]):
        keys.append("hand")
        if after["my_face_down"] != before["my_face_down"]:
            keys.append("my_face_down")
    for key in ("known_cards", "known_top_cards"):
        # (what is forgotten is public: only what you learnt is said)
        if any(after.get(key, ())) and after[key] != before.get(key):
            keys.append(key)
    return tuple(keys)


def deal(state, seat: int, moves: list, seens: list, i: int, seed: int):
    """``state`` (before move ``i`` of a record read by engine.record_text)
    with what ``seat`` cannot see dealt so that move ``i`` is played and
    shows what the record says, and ``{i: {seat: action id}}``.

    The position as the record left it is tried first (its deal goes on
    from the move before); then the game's determinization deals again, as
    often as ``TRIES``.  Each deal is fitted: another seat is given a card it
    plays from its own unseen ones, and the cards the move shows (drawn,
    milled, looked at, shown) are swapped, two unseen places of one seat's
    deck at a time, until the move shows what its ``seen`` says and what it
    does not say did not change (``pinned``).  The swaps keep the deal one
    the seat cannot tell from the real one: each seat's unseen cards only
    change places among that seat's unseen places.

    At the start it checks every move's ``seen`` and writes its cards in the
    order a position text lists them (a hand in any order is the same hand).
    """
    n = state.players
    if i == 0:
        # (``seens`` ends with the record's [end], a position text)
        for k, seen in enumerate(seens[:len(moves)]):
            _check_seen(seen, f"moves: move {k + 1}: seen", n)
    if i >= len(moves) or sorted(moves[i]) != state.movers():
        return state, {}            # (the reader says why the move cannot be)
    named, seen, where = moves[i], seens[i], f"moves: move {i + 1}"
    before = _seen_now(state, seat)
    best = None
    for attempt in range(TRIES):
        world = state if attempt == 0 else _with_buffer(state, state.determinize(seat, seed + attempt))
        world = _holding(world, named, seat)
        # (a hidden choice is any of the actions that look alike: one a
        # hand shown to you, or a card you know, tells apart)
        for ids in islice(product(*_choices(world, named, seat).values()), CHOICES):
            ids = dict(zip(named, ids))
            fitted, ids, misses = _fit(world, seat, named, ids, seen, before)
            if not misses:
                return fitted, {i: ids}
            if best is None or _size(misses) < _size(best[2]):
                best = (fitted, ids, misses)
    if best is None:
        return state, {}            # (no deal plays the move: the reader names it)
    world, ids, misses = best
    _say_why(misses, seen, world, seat, where)
    return world, {i: ids}


def _check_seen(seen: dict, where: str, n: int) -> None:
    """Refuse what no move shows; write the cards in a text's order."""
    for key in seen:
        if key not in SEEN:
            raise PositionError(f"{where}: {checks.shown(key)} is not what a move shows "
                                f"(keys: {', '.join(SEEN)})")
    r = _Reader(n)
    for key in ("hand", "my_face_down"):
        if key in seen:
            seen[key] = _in_order(r.cards(seen[key], f"{where}: {key}"))
    if "known_cards" in seen:
        seen["known_cards"] = [_in_order(r.cards(h, f"{where}: known_cards, seat {p + 1}"))
                               for p, h in enumerate(r.per_seat(seen["known_cards"], f"{where}: known_cards"))]
    if "known_top_cards" in seen:
        seen["known_top_cards"] = [_names(r.cards(t, f"{where}: known_top_cards, pile {p + 1}")) for p, t in
                                   enumerate(r.per_seat(seen["known_top_cards"], f"{where}: known_top_cards"))]
    for key in ("known_cards", "known_top_cards"):
        # (knowing nothing is no news: a text leaves such a key out)
        if key in seen and not any(seen[key]):
            del seen[key]


def _in_order(ids: list[str]) -> list[str]:
    return _names(sorted(ids, key=CARD_IDS.index))


def _with_buffer(state, world):
    """``world``'s cards in a state that keeps ``state``'s game and seed."""
    from ninja_dojo.engine.state import State
    return State(state.name, world.buffer(), state.options, state.seed)


def _seen_now(state, seat: int) -> dict:
    """The keys of ``SEEN`` as ``seat`` sees ``state`` (as ``known`` writes
    them, none left out)."""
    f = state_fields(state.buffer())
    known_cards, known_tops = _remembered(f, seat)
    return {"hand": _names(f["hands"][seat]), "my_face_down": _names(f["discards_face_down"][seat]),
            "known_cards": known_cards, "known_top_cards": known_tops}


def _choices(world, named: dict, seat: int) -> dict[int, list[int]]:
    """The action ids of each named move, as ``seat`` saw it, in ``world``
    (none for a move not legal there)."""
    return {s: [a for a in world.legal_action_ids(s) if world.game.action_name(world.observed(s, a, seat)) == name]
            for s, name in named.items()}


def _holding(world, named: dict, seat: int):
    """``world`` with each other seat holding the card it plays or
    discards face up, with no face-down copy of a card it takes from its
    discards or shuffles back in sight (that would be a hidden choice), and
    with the card it gives you among your pile's top 3: cards exchanged
    between that seat's unseen places."""
    from ninja_dojo.engine.senjutsu.notation import describe, parse_action
    f = None
    for q, name in named.items():
        if q == seat or _choices(world, {q: name}, seat)[q]:
            continue
        try:
            kind, args = describe(parse_action(name))
        except PositionError:
            continue
        card = args.get("card")
        if card is None or kind not in ("play", "discard", "take", "shuffle back", "give"):
            continue
        f = f or world.fields()
        if kind == "give":
            # (you see a card given to you: it was one of your pile's top 3)
            top = len(f["draw_piles"][seat]) - 3
            f = _exchanged(f, seat, seat, lambda p, c: p[0] == "pile" and p[1] >= top and c != card,
                           lambda p, c: p[0] == "pile" and p[1] < top and c == card)
        elif kind in ("play", "discard"):
            # a card of its unseen hand for one of the card's copies it cannot see
            f = _exchanged(f, seat, q, lambda p, c: p[0] == "hand" and c != card,
                           lambda p, c: p[0] != "hand" and c == card)
        else:
            # each face-down copy for a card it cannot see elsewhere
            for _ in range(f["discards_face_down"][q].count(card)):
                f = _exchanged(f, seat, q, lambda p, c: p == ("down", card),
                               lambda p, c: p[0] != "down" and c != card)
    if f is None:
        return world
    return _rebuilt(world, f) or world


def _exchanged(f: dict, seat: int, q: int, give, take) -> dict:
    """``f`` with the cards of two of seat ``q``'s unseen places exchanged:
    the first place ``give(place, card)`` allows and the first ``take``
    allows (``f`` unchanged if there is no such pair)."""
    places = [(p, _card_at(f, q, p)) for p in _unseen(f, seat, q)]
    x = next((p for p, c in places if give(p, c)), None)
    y = next((p for p, c in places if take(p, c)), None)
    return f if x is None or y is None else _swapped(f, q, x, y)


def _unseen(f: dict, seat: int, q: int) -> list[tuple]:
    """The places of seat ``q``'s cards ``seat`` cannot see: each position
    of its draw pile below the top cards ``seat`` knows, top first
    (``("pile", index)``), and, of another seat, one place for each kind
    of card in its hand that ``seat`` does not know and in its face-down
    discards (``("hand", card)``, ``("down", card)``)."""
    pile = f["draw_piles"][q]
    hidden = len(pile) - min(f["known_tops"][seat][q], len(pile))
    places = [("pile", k) for k in range(hidden - 1, -1, -1)]
    if q != seat:
        if seat not in f["revealed_to"][q]:
            places += [("hand", c) for c in sorted(Counter(f["hands"][q]) - Counter(f["known_hands"][seat][q]))]
        places += [("down", c) for c in sorted(set(f["discards_face_down"][q]))]
    return places


def _card_at(f: dict, q: int, place: tuple) -> str:
    return f["draw_piles"][q][place[1]] if place[0] == "pile" else place[1]


def _swapped(f: dict, q: int, x: tuple, y: tuple) -> dict:
    """``f`` with the cards at two places of seat ``q`` exchanged; who sees
    a shown hand sees it as it is now, and nobody knows a card it no longer
    holds."""
    f = {**f, "draw_piles": [list(p) for p in f["draw_piles"]], "hands": [list(h) for h in f["hands"]],
         "discards_face_down": [list(d) for d in f["discards_face_down"]],
         "known_hands": [[list(k) for k in row] for row in f["known_hands"]]}
    cx, cy = _card_at(f, q, x), _card_at(f, q, y)
    for place, old, new in ((x, cx, cy), (y, cy, cx)):
        if place[0] == "pile":
            f["draw_piles"][q][place[1]] = new
        else:
            held = f["hands" if place[0] == "hand" else "discards_face_down"][q]
            held.remove(old)
            held.append(new)
            held.sort(key=CARD_IDS.index)
    for o in range(f["players"]):
        if o != q:
            k = f["known_hands"][o][q]
            k[:] = (f["hands"][q] if o in f["revealed_to"][q]
                    else sorted((Counter(k) & Counter(f["hands"][q])).elements(), key=CARD_IDS.index))
    return f


def _rebuilt(world, f: dict):
    """The state of fields ``f`` in ``world``'s game, or None if they do not hold."""
    from ninja_dojo.engine.state import State
    try:
        return State(world.name, from_fields(f), world.options, world.seed)
    except PositionError:
        return None


def _fit(world, seat: int, named: dict, ids: dict, seen: dict, before: dict):
    """``world`` with unseen cards swapped (``_unseen``) until move ``ids``
    shows what ``seen`` says; the world, its move (a hidden choice may have
    to change with the cards: a pick among top cards) and what is still
    amiss."""
    misses = _misses(world, ids, seat, seen, before)
    for _ in range(4 * _size(misses) + 4):
        if not misses:
            break
        f = world.fields()
        for _, q, surplus, deficit, _ in misses:
            better = _better(world, f, seat, named, ids, q, surplus, deficit, seen, before, _size(misses))
            if better:
                world, ids, misses = better
                break
        else:
            break
    return world, ids, misses


def _better(world, f, seat, named, ids, q, surplus, deficit, seen, before, size):
    """The first swap of a card of ``surplus`` (top of the pile first) with
    one of ``deficit`` (bottom first) in seat ``q``'s unseen places after
    which less is amiss, with the move that shows it; None if none."""
    places = _unseen(f, seat, q)
    xs = [p for p in places if _card_at(f, q, p) in surplus]
    ys = [p for p in reversed(places) if _card_at(f, q, p) in deficit]
    for x in xs:
        for y in ys:
            if x[0] == y[0] != "pile":
                continue
            w = _rebuilt(world, _swapped(f, q, x, y))
            if w is None:
                continue
            choices = _choices(w, named, seat)
            for move in [ids] + [dict(zip(named, c)) for c in islice(product(*choices.values()), CHOICES)]:
                m = _misses(w, move, seat, seen, before)
                if m is not None and _size(m) < size:
                    return w, move, m
    return None


def _misses(world, ids: dict, seat: int, seen: dict, before: dict) -> list | None:
    """What move ``ids`` shows in ``world`` that the record does not say:
    ``(key, seat whose cards, cards too many, cards missing, weight)`` for
    each key amiss, by ``pinned``'s rule (a key not said did not change by
    chance); None if the move is not legal in ``world``."""
    after = world.clone()
    try:
        after.apply(ids)
    except PositionError:
        return None
    now = _seen_now(after, seat)
    ids_of = lambda names: Counter(CARD_IDS[CARD_BY_NAME[c]] for c in names)
    out = []

    def compare(key, q, got, want, *, gains_only=False):
        if key == "known_top_cards":
            # (a pile's top cards are in order: compare place by place)
            diff = [k for k in range(max(len(got), len(want))) if got[k:k + 1] != want[k:k + 1]]
            surplus, deficit = ids_of(got[k] for k in diff if k < len(got)), ids_of(want[k] for k in diff
                                                                                if k < len(want))
            weight = len(diff)
        else:
            surplus, deficit = ids_of(got) - ids_of(want), ids_of(want) - ids_of(got)
            weight = sum(surplus.values()) + (0 if gains_only else sum(deficit.values()))
        if weight:
            out.append((key, q, surplus, deficit, weight))

    for key in ("hand", "my_face_down"):
        if key in seen:
            compare(key, seat, now[key], seen[key])
        elif key == "hand":
            compare(key, seat, now[key], before[key], gains_only=True)
        else:
            # (a card your hand lost may go face down by a move you named)
            came = Counter(before["hand"]) - Counter(now["hand"])
            compare(key, seat, now[key], list((Counter(before[key]) + came).elements()), gains_only=True)
    for key in ("known_cards", "known_top_cards"):
        want = seen.get(key)
        if want is None and not any(now[key]):
            continue                # (forgotten)
        for q, got in enumerate(now[key]):
            compare(key, q, got, (before[key] if want is None else want)[q])
    return out


def _size(misses: list) -> int:
    return sum(m[4] for m in misses)


def _say_why(misses: list, seen: dict, world, seat: int, where: str) -> None:
    """A move whose ``seen`` no deal fits: say what, if it can be said
    better than the reader's "cannot show what its 'seen' says"."""
    key, q, surplus, deficit, _ = misses[0]
    if key not in seen:
        raise PositionError(f"{where}: seen: {key!r} missing ({SEEN[key]})")
    f = world.fields()
    left = {_card_at(f, q, p) for p in _unseen(f, seat, q)}
    whose = "your" if q == seat else f"seat {q + 1}'s"
    wanted = Counter(seen[key] if key in ("hand", "my_face_down") else seen[key][q])
    for cid in deficit:
        name, copies = CARD_NAMES[CARD_IDS.index(cid)], f["deck"][q].get(cid, 0)
        if not copies:
            raise PositionError(f"{where}: seen: {key}: {name!r} is not in {whose} deck")
        if wanted[name] > copies:
            raise PositionError(f"{where}: seen: {key}: {wanted[name]} {name!r}, but {whose} deck has {copies}")
        if cid not in left:
            raise PositionError(f"{where}: seen: {key}: {name!r}, but {whose} deck has {copies}, none of them "
                                "where you could not see it")
