"""Senjutsu decks: the deck-building rules, the four presets and deck files.

A deck is 40 ability cards (the core not counted) with at most one jade
card in total, each gold card at most once, each steel card at most three
times, wood cards as often as you like, and signature cards only in their
own samurai's deck (rulebook "deck building", rulings section 4).

>>> problems(PRESETS["ronin"], "ronin")
[]
>>> problems({"G02": 3, "G04": 37}, "ronin")
['3 copies of Emergency Block (G02): a gold card may appear once']
>>> print(*problems({"M01": 1, "G04": 39}, "ronin"))
Dragon Reflection (M01) is the Master's card: signature cards go only in their own samurai's deck

A deck file is plain text, one entry a line: a count and a card, by ID or
by name; ``#`` starts a comment.

>>> read_deck_text("# my deck\\n37 Quick Stab\\n3 G13  # Wild Swing").counts
{'G04': 37, 'G13': 3}

A position never names a deck file: it holds a preset's name or the cards
themselves (the engine's ``deck`` option takes no path).  A deck file is
read only where a person names one (``solver new --option deck=FILE``, the
app's own decks), with ``read_deck_file``: a regular file of at most
``DECK_FILE_LIMIT`` bytes, its cards passed on as a map.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.files import read_regular
from ninja_dojo.engine.senjutsu.cards import CARDS, CARDS_BY_ID, DATA_TABLES, RANKS, SAMURAI_BY_KEY

DECK_SIZE = 40
#: The largest deck file read (40 lines of a count and a name are far less).
DECK_FILE_LIMIT = 1 << 16
#: Copies allowed per card, by rank (jade: one jade card in the whole deck).
COPIES = {"J": 1, "G": 1, "S": 3, "W": None}
RANK_NAMES = {"J": "jade", "G": "gold", "S": "steel", "W": "wood"}

PRESETS = {key: dict(deck) for key, deck in DATA_TABLES.presets.items()}
_BY_NAME = {c.name.lower(): c.id for c in CARDS}


def card_label(cid: str) -> str:
    return f"{CARDS_BY_ID[cid].name} ({cid})"


def problems(counts: dict, samurai: str) -> list[str]:
    """Every deck-building rule ``counts`` ({card ID: copies}) breaks for
    ``samurai``, one message each, naming the rule; empty when legal."""
    out = []
    unknown = [cid for cid in counts if cid not in CARDS_BY_ID]
    for cid in unknown:
        out.append(f"{cid!s} is not a card")
    known = {cid: n for cid, n in counts.items() if cid in CARDS_BY_ID}
    for cid, n in known.items():
        card = CARDS_BY_ID[cid]
        if card.is_core:
            out.append(f"{card_label(cid)} is a core: it is never in the deck (every samurai has its own "
                       f"beside the deck)")
        elif card.owner is not None and card.owner != samurai:
            owner = SAMURAI_BY_KEY[card.owner].name.replace("The ", "the ")
            out.append(f"{card_label(cid)} is {owner}'s card: signature cards go only in their own "
                       f"samurai's deck")
    total = sum(known.values())
    if total != DECK_SIZE:
        out.append(f"{total} cards: a deck has exactly {DECK_SIZE} (the core not counted)")
    jades = {cid: n for cid, n in known.items() if RANKS[CARDS_BY_ID[cid].rank] == "J"}
    if sum(jades.values()) > 1:
        names = ", ".join(card_label(cid) + (f" x{n}" if n > 1 else "") for cid, n in jades.items())
        out.append(f"{sum(jades.values())} jade cards ({names}): only one jade card in the whole deck")
    for cid, n in known.items():
        rank = RANKS[CARDS_BY_ID[cid].rank]
        limit = COPIES.get(rank)
        if rank in ("G", "S") and n > limit:
            allowed = "once" if limit == 1 else f"up to {limit} times"
            out.append(f"{n} copies of {card_label(cid)}: a {RANK_NAMES[rank]} card may appear {allowed}")
    return out


@dataclass
class DeckText:
    """A deck file read: the counts it gives and one message per problem
    with its line (``problems`` empty when every line was understood)."""
    counts: dict = field(default_factory=dict)
    problems: list = field(default_factory=list)


def find_card(name: str) -> str | None:
    """A card ID from an ID (``G04``) or a name (``quick stab``), else None."""
    key = name.strip()
    if key.upper() in CARDS_BY_ID:
        return key.upper()
    return _BY_NAME.get(re.sub(r"\s+", " ", key).lower())


def read_deck_text(text: str) -> DeckText:
    """Lines like ``2 Quick Stab``, ``2x G04``, ``G04`` (one copy); ``#``
    comments and blank lines are skipped."""
    out = DeckText()
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.fullmatch(r"(?:(\d+)\s*[x×]?\s+)?(.+?)", line)
        digits = m.group(1) or "1"
        count = int(digits) if len(digits) <= 3 else DECK_SIZE + 1    # (no int() of a huge number)
        cid = find_card(m.group(2))
        if cid is None:
            out.problems.append(f"line {no}: {checks.shown(m.group(2))} is not a card "
                                f"(give an ID such as G04 or a name)")
            continue
        if count == 0 or count > DECK_SIZE:
            out.problems.append(f"line {no}: {checks.cut(digits, 8)} copies of {card_label(cid)}: "
                                f"give 1 to {DECK_SIZE}")
            continue
        out.counts[cid] = out.counts.get(cid, 0) + count
    return out


def read_deck_file(path, where: str = "deck file") -> dict:
    """The cards ({card ID: copies}) of the deck file at ``path``, which a
    person named; ``PositionError`` (prefixed with ``where``) when it cannot
    be read (``engine.files.read_regular``: not a FIFO, a device or a
    folder; at most ``DECK_FILE_LIMIT`` bytes), is not text, or has a line
    that is not a card.  Whether the cards make a legal deck is the game's
    to say (it knows the samurai).

    >>> read_deck_file("/no/such.deck", "options.deck")
    Traceback (most recent call last):
    ...
    ninja_dojo.engine.errors.PositionError: options.deck: cannot read '/no/such.deck': No such file or directory
    """
    try:
        data = read_regular(path, DECK_FILE_LIMIT, "deck file")
    except PositionError as e:
        raise PositionError(f"{where}: {e}") from None
    name = checks.shown(os.path.basename(os.fspath(path)))     # (its name: the lines say where)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise PositionError(f"{where}: {name}: not a text file (UTF-8)") from None
    read = read_deck_text(text)
    if read.problems:
        more = f" (and {len(read.problems) - 1} more)" if len(read.problems) > 1 else ""
        raise PositionError(f"{where}: {name}: {read.problems[0]}{more}")
    return read.counts


def deck_text(counts: dict) -> str:
    """A deck file for ``counts``, cards in data order."""
    lines = [f"{counts[c.id]} {c.name}" for c in CARDS if counts.get(c.id)]
    return "\n".join(lines) + "\n"


def deck_list(counts: dict) -> list[str]:
    """The canonical form the game keeps: card IDs, data order, a copy each."""
    return [c.id for c in CARDS for _ in range(counts.get(c.id, 0))]
