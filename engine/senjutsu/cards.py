"""Senjutsu's cards as data: the data file, the action grammar, and the
tables the engine interprets.

``data/senjutsu.txt`` holds the board, the start zones, the terrain
layouts, the four samurai and their kamae trees, every card and the four
preset decks.  This module reads it once, at import, and parses every card's
action line with one grammar (section 3.1 of the rulings): actions separated
by ``;``, alternatives by ``or`` (binding tighter), groups in ``( )``, kamae
gates ``[A]`` and ``[B/D]``, target prefixes (``foe:``, ``foes≤5:``,
``hit1:``...), triggers ``hit:`` and ``blk:``, ``req:`` and ``cond:``, costs
``C then X`` and later segments ``▸ @N:``.

The same parse tree gives two things: the bytecode tables that
``rules.pyx`` copies into C arrays (one interpreter runs every
card; no card has code of its own), and each card's actions in plain words
for the app.

>>> card = CARDS_BY_ID["G04"]
>>> card.name, card.kind_text, card.init_text
('Quick Stab', 'wood attack', '8')
>>> card.words()
'in Aggression: step 1 hex forward; in Balance: rotate 1 hexside; attack the hex in front for 1 wound'
>>> parse_actions("M1{0}; ATK (0,1)2", "X99").kids[0].kids[0].op
'move'
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

DATA = Path(__file__).parent / "data" / "senjutsu.txt"


class CardDataError(ValueError):
    """A malformed line of the card data: the message names the card (or the
    data file's line) and the column where reading stopped.

    >>> parse_actions("M1{0}; FLY 2", "G99")
    Traceback (most recent call last):
    ...
    ninja_dojo.engine.senjutsu.cards.CardDataError: G99: column 8: unknown action 'FLY 2'
    """


# --------------------------------------------------------------------------
# Fixed vocabulary (the grammar's, not the cards'): the engine mirrors these
# orders in its enums and checks them at import.
# --------------------------------------------------------------------------
#: Opcodes of the compiled nodes, in the order of the engine's OP_* enum.
OPS = ("seq", "or", "gate", "target", "each", "trigger", "then",
       "move", "rotate", "attack", "block", "counter", "draw", "fdraw", "disc", "fdisc",
       "stun", "push", "pull", "trot", "tstep", "swap", "kplus", "kto", "fkto",
       "search", "top3", "shuffle", "shuffle_some", "reveal", "advantage", "cancel", "nomove",
       "convert", "playfoe", "tuck", "give3", "armour")
#: Target kinds of a ``target`` node (its ``a``).
TARGETS = ("foe", "foes", "hit1", "blk1")
#: What an ``each`` node runs over (its ``a``): the samurai the segment hit, or
#: the attackers its block stopped.
EACH = ("hit", "blocked")
#: Card types in tie order at equal initiative (rulings 7): defence first.
TYPES = ("def", "atk", "med", "core")
TYPE_WORDS = ("defence", "attack", "meditation", "core")
RANKS = ("J", "G", "S", "W", "–")
RANK_WORDS = ("jade", "gold", "steel", "wood", "core")
INSTANTS = ("", "R", "A+")
INSTANT_WORDS = ("", "replacement", "additional")
#: Card-relative directions (rulings 1): 0 forward ... 5 forward-left.
REL = ("forward", "forward-right", "back-right", "back", "back-left", "forward-left")
CELL_WORDS = ("in front", "front-right", "back-right", "behind", "back-left", "front-left")
#: Absolute directions, clockwise from north, and their axial steps.
COMPASS = ("N", "NE", "SE", "S", "SW", "NW")
COMPASS_WORDS = ("north", "north-east", "south-east", "south", "south-west", "north-west")
DIRS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
#: Targeted actions: they need a target from a prefix or a hit:/blk: context.
TARGETED = frozenset({"fdraw", "fdisc", "stun", "push", "pull", "trot", "tstep", "swap", "fkto",
                      "reveal", "cancel", "nomove", "convert", "tuck", "give3"})
#: Ring-2 cells of (*,2): the six rays and the six half-cells between them.
ALL_RING = -1


# --------------------------------------------------------------------------
# The parse tree
# --------------------------------------------------------------------------
@dataclass
class Node:
    """One node of a card's parse tree.  ``args`` holds the action's numbers
    (steps, wounds, cells...); ``kids`` the nodes it covers; ``pos`` the
    column it started at (for errors)."""
    op: str
    args: dict = field(default_factory=dict)
    kids: list = field(default_factory=list)
    pos: int = 0

    def __repr__(self):
        inner = ", ".join(map(repr, self.kids))
        return f"{self.op}({self.args or ''}{'; ' if self.args and inner else ''}{inner})"


_WS = re.compile(r"\s*")
_CELL = re.compile(r"\(\s*(\*|[0-5](?:\.5)?)\s*,\s*(\d+)\s*\)")
_WOUND = re.compile(r"B\+(\d+)|B|(\d+)")
_KAMAE = "GABDL"
_GATES = "ABD"


class _Parser:
    """Recursive descent over one action line (rulings 3.1, 8)."""

    def __init__(self, text: str, where: str):
        self.text = text
        self.where = where
        self.pos = 0

    # ------------------------------------------------------------- helpers
    def fail(self, message: str, pos: int | None = None):
        col = (self.pos if pos is None else pos) + 1
        raise CardDataError(f"{self.where}: column {col}: {message}")

    def ws(self):
        self.pos = _WS.match(self.text, self.pos).end()

    def match(self, pattern: str):
        """The regex ``pattern`` at the current position (after spaces), consumed."""
        self.ws()
        m = re.compile(pattern).match(self.text, self.pos)
        if m:
            self.pos = m.end()
        return m

    def at_end(self) -> bool:
        self.ws()
        return self.pos >= len(self.text)

    def rest(self) -> str:
        return self.text[self.pos:self.pos + 12].split(";")[0].strip() or "the end"

    # -------------------------------------------------------------- grammar
    def line(self) -> list[Node]:
        """line := seq ( '▸' '@' N ':' seq )*  -- one seq per segment."""
        segments = [self.seq(top=True)]
        while True:
            m = self.match(r"▸\s*@\s*(\d+)\s*:")
            if not m:
                break
            seg = self.seq(top=True)
            seg.args["init"] = int(m.group(1))
            segments.append(seg)
        if not self.at_end():
            self.fail(f"expected ';', 'or' or the end, found {self.rest()!r}")
        return segments

    def seq(self, top=False) -> Node:
        start = self.pos
        items = [self.alt()]
        while self.match(r";"):
            items.append(self.alt())
        return Node("seq", {"top": top}, items, start)

    def alt(self) -> Node:
        start = self.pos
        alts = [self.unit()]
        while self.match(r"or\b"):
            alts.append(self.unit())
        return alts[0] if len(alts) == 1 else Node("or", {}, alts, start)

    def unit(self) -> Node:
        start = self.pos
        left = self.prefixed()
        if self.match(r"then\b"):
            right = self.prefixed()
            return Node("then", {}, [left, right], start)
        return left

    def prefixed(self) -> Node:
        self.ws()
        start = self.pos
        m = self.match(r"\[([A-Z](?:/[A-Z])*)\]")
        if m:
            return Node("gate", {"kamae": self.kamae(m.group(1), start)}, [self.prefixed()], start)
        m = self.match(r"req:([A-Z](?:/[A-Z])*)")
        if m:
            return Node("req", {"kamae": self.kamae(m.group(1), start)}, [], start)
        m = self.match(r"cond:(\w+)")
        if m:
            if m.group(1) not in ("hit", "blk"):
                self.fail(f"cond:{m.group(1)}: expected cond:hit or cond:blk", start)
            return Node("cond", {"on": m.group(1)}, [], start)
        m = self.match(r"(foes?)(?:≤(\d+))?:")
        if m:
            rng = int(m.group(2)) if m.group(2) else 0
            if m.group(2) and not 1 <= rng <= 12:
                self.fail(f"range {rng}: expected 1 to 12", start)
            return Node("target", {"kind": m.group(1), "range": rng}, [self.prefixed()], start)
        m = self.match(r"(hit1|blk1):")
        if m:
            return Node("target", {"kind": m.group(1), "range": 0}, [self.prefixed()], start)
        m = self.match(r"hit:")
        if m:
            return Node("each", {"over": "hit"}, [self.prefixed()], start)
        m = self.match(r"blk:")
        if m:
            return Node("trigger", {}, [self.prefixed()], start)
        return self.primary()

    def primary(self) -> Node:
        self.ws()
        start = self.pos
        if self.match(r"\("):
            inner = self.seq()
            if not self.match(r"\)"):
                self.fail(f"expected ')', found {self.rest()!r}")
            return inner.kids[0] if len(inner.kids) == 1 else inner
        return self.action(start)

    def kamae(self, letters: str, pos: int) -> str:
        """A gate's or req:'s kamae: only A, B and D satisfy one (ruling 21)."""
        for k in letters.split("/"):
            if k not in _GATES:
                self.fail(f"kamae {k!r} in a gate: only {', '.join(_GATES)} satisfy gates", pos)
        return letters.replace("/", "")

    def number(self, text: str, lo: int, hi: int, what: str, pos: int) -> int:
        n = int(text)
        if not lo <= n <= hi:
            self.fail(f"{what} {n}: expected {lo} to {hi}", pos)
        return n

    def cells(self, wounds: bool, pos: int) -> list:
        out = []
        while True:
            self.ws()
            m = _CELL.match(self.text, self.pos)
            if not m:
                break
            self.pos = m.end()
            d, k = m.group(1), self.number(m.group(2), 1, 3, "cell distance", m.start())
            if d == "*" or d.endswith(".5"):
                if k != 2:
                    self.fail(f"cell ({d},{k}): half-cells and (*,k) are ring-2 cells only", m.start())
            d2 = ALL_RING if d == "*" else int(float(d) * 2)
            w = b = 0
            if wounds:
                mw = _WOUND.match(self.text, self.pos)
                if not mw:
                    self.fail("expected the cell's wounds (a number, B or B+N)", self.pos)
                self.pos = mw.end()
                if mw.group(0).startswith("B"):
                    b = 1
                    w = int(mw.group(1)) if mw.group(1) else 0
                else:
                    w = int(mw.group(2))
                if w > 9:
                    self.fail(f"{w} wounds: at most 9", mw.start())
            out.append((d2, k, w, b))
        if not out:
            self.fail(f"expected a cell such as (0,1), found {self.rest()!r}", pos)
        return out

    def action(self, start: int) -> Node:
        if self.at_end():
            self.fail("expected an action, found the end")
        t = self.text
        m = self.match(r"([Mm])(\d+)\{([^}]*)\}")
        if m:
            n = self.number(m.group(2), 1, 6, "steps", start)
            dirs = m.group(3).replace(" ", "")
            if dirs == "*":
                mask = 63
            else:
                mask = 0
                for d in dirs.split(","):
                    if not re.fullmatch(r"[0-5]", d):
                        self.fail(f"direction {d!r}: expected 0 to 5 or *", start)
                    mask |= 1 << int(d)
            return Node("move", {"must": m.group(1) == "M", "n": n, "dirs": mask}, [], start)
        for pattern, op, arg, lo, hi in _SIMPLE:
            m = self.match(pattern)
            if m:
                args = {}
                if arg:
                    args[arg] = self.number(m.group(1), lo, hi, arg, start)
                return Node(op, args, [], start)
        m = self.match(r"([Rr])(\d+)\b")
        if m:
            return Node("rotate", {"must": m.group(1) == "R", "n": self.number(m.group(2), 1, 3, "hexsides", start)},
                        [], start)
        if self.match(r"ATK\b"):
            unbl = bool(self.match(r"UNBL\b"))
            return Node("attack", {"unblockable": unbl, "cells": self.cells(True, self.pos)}, [], start)
        if self.match(r"BLK\b"):
            return Node("block", {"cells": self.cells(False, self.pos)}, [], start)
        m = self.match(r"CTR\s*(\d+(?:\s*,\s*\d+)*)")
        if m:
            inits = [self.number(x, 1, 10, "counter initiative", start) for x in re.split(r"\s*,\s*", m.group(1))]
            return Node("counter", {"inits": tuple(inits)}, [], start)
        m = self.match(r"K→(any|[A-Z])\b")
        if m:
            k = m.group(1)
            if k != "any" and k not in "GABD":
                self.fail(f"K→{k}: expected A, B, D, G or any", start)
            return Node("kto", {"kamae": k}, [], start)
        m = self.match(r"SRCH(?:\[(\w+)\])?")
        if m:
            kind = m.group(1)
            if kind is not None and kind not in TYPES[:3]:
                self.fail(f"SRCH[{kind}]: expected atk, def or med", start)
            return Node("search", {"type": kind}, [], start)
        self.fail(f"unknown action {t[start:].split(';')[0].strip()[:24]!r}", start)


# (pattern, op, argument name, low, high): actions with at most one number.
_SIMPLE = (
    (r"DRAW≤(\d+)", "draw", "n", 1, 9),
    (r"FDRAW\s*(\d+)", "fdraw", "n", 1, 9),
    (r"FDISC(\d+)", "fdisc", "n", 1, 9),
    (r"DISC(\d+)", "disc", "n", 1, 9),
    (r"STUN\b", "stun", None, 0, 0),
    (r"PUSH(\d+)", "push", "n", 1, 6),
    (r"PULL(\d+)", "pull", "n", 1, 6),
    (r"TROT(\d+)", "trot", "n", 1, 3),
    (r"TSTEP\b", "tstep", None, 0, 0),
    (r"SWAP\b", "swap", None, 0, 0),
    (r"FK→any\b", "fkto", None, 0, 0),
    (r"K\+(\d+)", "kplus", "n", 1, 4),
    (r"TOP3\b", "top3", None, 0, 0),
    (r"SHUF≤(\d+)", "shuffle_some", "n", 1, 9),
    (r"SHUF\b", "shuffle", None, 0, 0),
    (r"REV\b", "reveal", None, 0, 0),
    (r"ADV\b", "advantage", None, 0, 0),
    (r"CANCEL\b", "cancel", None, 0, 0),
    (r"NOMOVE\b", "nomove", None, 0, 0),
    (r"CONVB\b", "convert", None, 0, 0),
    (r"PLAYFOE\b", "playfoe", None, 0, 0),
    (r"TUCK≤(\d+)", "tuck", "n", 1, 9),
    (r"GIVE3\b", "give3", None, 0, 0),
    (r"ARMOUR\b", "armour", None, 0, 0),
)


def parse_actions(text: str, where: str = "card") -> Node:
    """The parse tree of one action line: a ``line`` node whose kids are the
    segments (each a ``seq``).  ``CardDataError`` names ``where`` and the
    column on a malformed line; no other exception escapes."""
    if not isinstance(text, str):
        raise CardDataError(f"{where}: the actions must be text")
    p = _Parser(text, where)
    segments = p.line()
    root = Node("line", {}, segments, 0)
    _check_tree(root, where, text)
    return root


def _walk(node: Node, parents=()):
    yield node, parents
    for k in node.kids:
        yield from _walk(k, parents + (node,))


def _check_tree(root: Node, where: str, text: str) -> None:
    """What the grammar alone cannot say (rulings 3.1, 8, 13): meta items
    first, triggers at a segment's top level after a block, targeted actions
    with a target, hit:/hit1: after an attack, blk1: only in a cond:blk card."""
    def fail(node, message):
        raise CardDataError(f"{where}: column {node.pos + 1}: {message}")

    cond = None
    for s, seg in enumerate(root.kids):
        seen_action = False
        for i, item in enumerate(seg.kids):
            if item.op in ("req", "cond"):
                if s or seen_action:
                    fail(item, f"{item.op}: must come first in the card")
                if item.op == "cond":
                    cond = item.args["on"]
                continue
            seen_action = True
        seen_attack = seen_block = False
        for node, parents in _walk(seg):
            if node.op in ("req", "cond") and parents[-1] is not seg:
                fail(node, f"{node.op}: must come first in the card, outside any group")
            if node.op == "attack":
                seen_attack = True
            if node.op == "block":
                seen_block = True
            if node.op in ("trigger", "counter"):
                lifted = [p for p in parents[1:] if p.op != "gate"]
                if lifted:
                    fail(node, f"{'blk:' if node.op == 'trigger' else 'CTR'} must stand at the segment's "
                               f"top level (a gate may cover it)")
                if not seen_block:
                    fail(node, f"{'blk:' if node.op == 'trigger' else 'CTR'} needs a BLK before it in its segment")
            if node.op == "each" and not seen_attack and cond != "hit":
                fail(node, "hit: needs an ATK before it in its segment (or cond:hit)")
            if node.op == "target" and node.args["kind"] == "hit1" and not seen_attack and cond != "hit":
                fail(node, "hit1: needs an ATK before it in its segment (or cond:hit)")
            if node.op == "target" and node.args["kind"] == "blk1" and cond != "blk":
                fail(node, "blk1: needs cond:blk")
            if node.op in TARGETED:
                covered = any(p.op in ("target", "each", "trigger") for p in parents)
                if not covered and cond is None:
                    fail(node, f"{_ACTION_LABEL.get(node.op, node.op)} needs a target: a prefix such as "
                               f"foe: or hit:, or a cond: card")


_ACTION_LABEL = {"fdraw": "FDRAW", "fdisc": "FDISC", "stun": "STUN", "push": "PUSH", "pull": "PULL",
                 "trot": "TROT", "tstep": "TSTEP", "swap": "SWAP", "fkto": "FK→any", "reveal": "REV",
                 "cancel": "CANCEL", "nomove": "NOMOVE", "convert": "CONVB", "tuck": "TUCK",
                 "give3": "GIVE3"}


# --------------------------------------------------------------------------
# Initiative column
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class Initiative:
    """A card's initiatives: the first segment's range ``lo..hi`` (equal when
    fixed), its ``[K]`` alternate, and each later segment's fixed value.
    ``joins`` is true for an additional instant (``=``)."""
    lo: int
    hi: int
    alt_kamae: str = ""
    alt: int = 0
    later: tuple = ()
    joins: bool = False

    @property
    def text(self) -> str:
        return " ▸ ".join(self.parts)

    @property
    def parts(self) -> tuple[str, ...]:
        """Each segment's initiative as printed: ``('6/[B]8',)``, ``('8', '4')``."""
        if self.joins:
            return ("=",)
        first = f"{self.hi}-{self.lo}" if self.hi != self.lo else f"{self.lo}"
        if self.alt_kamae:
            first += f"/[{self.alt_kamae}]{self.alt}"
        return (first,) + tuple(str(v) for v in self.later)

    @property
    def numbers(self) -> tuple[str, ...]:
        """Each segment's initiative as its numbers only, without the kamae an
        alternate needs: ``('6/8',)`` for ``6/[B]8``, ``('8', '4')`` for ``8 ▸ 4``."""
        if self.joins:
            return ("=",)
        first = f"{self.hi}-{self.lo}" if self.hi != self.lo else f"{self.lo}"
        if self.alt_kamae:
            first += f"/{self.alt}"
        return (first,) + tuple(str(v) for v in self.later)


def parse_initiative(text: str, where: str) -> Initiative:
    """``'6/[B]8'``, ``'9-2'``, ``'8 ▸ 4'``, ``'='``..."""
    t = text.strip()
    if t == "=":
        return Initiative(0, 0, joins=True)
    parts = [p.strip() for p in t.split("▸")]
    m = re.fullmatch(r"(\d+)(?:-(\d+))?(?:/\[([ABD])\](\d+))?", parts[0])
    if not m:
        raise CardDataError(f"{where}: initiative {text!r}: expected N, N-M, N/[K]M or =")
    a = int(m.group(1))
    b = int(m.group(2)) if m.group(2) else a
    lo, hi = min(a, b), max(a, b)
    later = []
    for p in parts[1:]:
        if not re.fullmatch(r"\d+", p):
            raise CardDataError(f"{where}: initiative {text!r}: a later segment's initiative is a number")
        later.append(int(p))
    values = [lo, hi, *later] + ([int(m.group(4))] if m.group(3) else [])
    if any(not 0 <= v <= 10 for v in values):
        raise CardDataError(f"{where}: initiative {text!r}: initiatives run from 0 to 10")
    return Initiative(lo, hi, m.group(3) or "", int(m.group(4)) if m.group(3) else 0, tuple(later))


# --------------------------------------------------------------------------
# Words
# --------------------------------------------------------------------------
def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _list(items) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _and(items) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


KAMAE_NAMES = {}     # filled from the data file below


def _kamae_words(letters: str) -> str:
    return " or ".join(KAMAE_NAMES.get(k, k) for k in letters)


def cell_name(d2: int, k: int) -> str:
    """``cell_name(0, 1)`` is ``'in front'``; ``cell_name(1, 2)`` is
    ``'2 ahead, front-right'``."""
    if d2 % 2 == 0:
        d = d2 // 2
        if k == 1:
            return CELL_WORDS[d]
        return f"{k} {('ahead' if d == 0 else 'behind' if d == 3 else CELL_WORDS[d])}"
    a, b = d2 // 2, (d2 // 2 + 1) % 6
    return f"{k} away, between {REL[a]} and {REL[b]}"


def wounds_text(w: int, b: int) -> str:
    if b and w:
        return f"1 bleeding wound and {_plural(w, 'wound')}"
    if b:
        return "1 bleeding wound"
    if w == 0:
        return "no wound (still a hit)"
    return _plural(w, "wound")


def _cells_text(cells, with_wounds: bool) -> str:
    if any(c[0] == ALL_RING for c in cells):
        ring = "every hex 2 away"
        return f"{ring} for {wounds_text(cells[0][2], cells[0][3])}" if with_wounds else ring
    if not with_wounds:
        names = [cell_name(d, k) for d, k, _, _ in cells]
        return ("the hex " if len(names) == 1 else "the hexes ") + _and(names)
    groups = []       # (wounds, names) in first-seen order
    for d, k, w, b in cells:
        for g in groups:
            if g[0] == (w, b):
                g[1].append(cell_name(d, k))
                break
        else:
            groups.append(((w, b), [cell_name(d, k)]))
    parts = []
    for (w, b), names in groups:
        each = " each" if len(names) > 1 else ""
        where = ("the hex " if len(names) == 1 else "the hexes ") + _and(names)
        parts.append(f"{where} for {wounds_text(w, b)}{each}")
    return "; ".join(parts)


def words(node: Node) -> str:
    """One node of a card in plain words (the app shows these)."""
    op, a = node.op, node.args
    if op == "line":
        segs = [words(s) for s in node.kids]
        return " ▸ ".join(segs[:1] + [f"at {s.args['init']}: {w}" for s, w in zip(node.kids[1:], segs[1:])])
    if op == "seq":
        return "; ".join(w for w in (words(k) for k in node.kids) if w)
    if op == "or":
        return " or ".join(_group(k) for k in node.kids)
    if op == "then":
        return f"{words(node.kids[0])}, then {_group(node.kids[1])}"
    if op == "gate":
        return f"in {_kamae_words(a['kamae'])}: {_group(node.kids[0])}"
    if op == "req":
        return f"only in {_kamae_words(a['kamae'])}"
    if op == "cond":
        return "only if the card it joins hit" if a["on"] == "hit" else "only if the card it joins blocked"
    if op == "target":
        who = {"foe": "a foe", "foes": "every foe", "hit1": "one samurai it hit",
               "blk1": "one attacker it blocked"}[a["kind"]]
        if a["range"]:
            who += f" within {a['range']}"
        return f"{who}: {_group(node.kids[0])}"
    if op == "each":
        return f"if hit: {_group(node.kids[0])}" if a["over"] == "hit" else \
            f"each attacker blocked: {_group(node.kids[0])}"
    if op == "trigger":
        return f"if it blocks: {_group(node.kids[0])}"
    if op == "move":
        dirs = [REL[d] for d in range(6) if a["dirs"] >> d & 1]
        where = "in any direction" if a["dirs"] == 63 else _list(dirs)
        if a["must"]:
            return f"step {_plural(a['n'], 'hex', 'hexes')} {where}" if a["n"] == 1 else \
                f"step {a['n']} hexes, each {where}"
        return f"you may step up to {_plural(a['n'], 'hex', 'hexes')} {where}"
    if op == "rotate":
        if a["must"]:
            return "rotate 1 hexside" if a["n"] == 1 else f"rotate 1 to {a['n']} hexsides one way"
        return f"you may rotate up to {_plural(a['n'], 'hexside')}"
    if op == "attack":
        text = "attack " + _cells_text(a["cells"], True)
        return text + (" (it cannot be blocked)" if a["unblockable"] else "")
    if op == "block":
        return "block " + _cells_text(a["cells"], False)
    if op == "counter":
        inits = ", ".join(map(str, a["inits"]))
        return f"counter at initiative {inits} (discard an attack card: 1 wound to the attacker)"
    simple = {
        "draw": lambda: f"draw up to {a['n']}",
        "fdraw": lambda: f"it draws {a['n']}",
        "disc": lambda: f"discard {_plural(a['n'], 'card')} face down",
        "fdisc": lambda: f"it discards {_plural(a['n'], 'card')} face up",
        "stun": lambda: "stun",
        "push": lambda: f"push {_plural(a['n'], 'hex', 'hexes')}",
        "pull": lambda: f"pull {_plural(a['n'], 'hex', 'hexes')}",
        "trot": lambda: f"turn it {_plural(a['n'], 'hexside')}",
        "tstep": lambda: "it steps 1 hex forward",
        "swap": lambda: "swap places",
        "fkto": lambda: "set its kamae to Aggression, Balance or Determination",
        "kplus": lambda: f"move up to {_plural(a['n'], 'branch', 'branches')} on your kamae tree",
        "kto": lambda: ("kamae to Aggression, Balance or Determination" if a["kamae"] == "any"
                        else f"kamae to {KAMAE_NAMES.get(a['kamae'], a['kamae'])}"),
        "search": lambda: (f"take {'an attack' if a['type'] == 'atk' else 'a defence' if a['type'] == 'def' else 'a meditation' if a['type'] == 'med' else 'a'} card "
                           "from your discard pile"),
        "top3": lambda: "look at your top 3 cards and take 1",
        "shuffle": lambda: "shuffle your discard pile into your deck",
        "shuffle_some": lambda: f"shuffle up to {a['n']} cards of your discard pile into your deck",
        "reveal": lambda: "it shows you its hand this round",
        "advantage": lambda: "take the advantage",
        "cancel": lambda: "cancel the rest of its card",
        "nomove": lambda: "it may not step or rotate by its cards this round",
        "convert": lambda: "its wounds from this card become bleeding wounds",
        "playfoe": lambda: "play a face-up attack or defence card (not jade) from a foe's discard pile",
        "tuck": lambda: f"shuffle up to {a['n']} cards of its hand into its deck; it draws as many",
        "give3": lambda: "look at its top 3 cards and put 1 into its hand",
        "armour": lambda: ("Heavy Armour stays by you: every hit of 2 or more wounds gives 1 fewer, "
                           "and you take a stun"),
    }
    return simple[op]()


def _group(node: Node) -> str:
    text = words(node)
    return f"({text})" if node.op in ("seq", "or") and len(node.kids) > 1 else text


# --------------------------------------------------------------------------
# Cards, samurai, board
# --------------------------------------------------------------------------
@dataclass
class Card:
    index: int
    id: str
    name: str
    pub: str
    rank: int
    type: int
    instant: int
    init: Initiative
    actions: str
    flags: str
    note: str
    owner: str | None           # samurai key of a signature card, None for generic
    tree: Node = None
    req: str = ""
    cond: str = ""
    _words: tuple = field(default=None, repr=False, compare=False)

    @property
    def is_core(self) -> bool:
        return TYPES[self.type] == "core"

    @property
    def kind_text(self) -> str:
        parts = [RANK_WORDS[self.rank], TYPE_WORDS[self.type]] if not self.is_core else ["core"]
        if self.instant:
            parts.append(f"({INSTANT_WORDS[self.instant]} instant)")
        return " ".join(parts)

    @property
    def init_text(self) -> str:
        return self.init.text

    @property
    def segments(self) -> list[Node]:
        return self.tree.kids

    def words(self) -> str:
        """The card's actions in plain words, segments joined by ``▸``."""
        return self._texts()[0]

    def segment_words(self) -> list[str]:
        return list(self._texts()[1])

    def _texts(self):
        if self._words is None:
            self._words = (words(self.tree), tuple(words(s) for s in self.tree.kids))
        return self._words

    def grids(self) -> list[list[dict]]:
        """Per segment, the attack and block cells relative to the samurai
        facing up the card: ``{"kind", "dir2", "distance", "offset", "wounds"}``,
        ``offset`` the axial step from the samurai at facing 0 (north); an
        attack cell's wounds also as numbers (``wound_count``, ``bleeding``:
        1 for a bleeding wound)."""
        out = []
        for seg in self.tree.kids:
            cells = []
            for node, _ in _walk(seg):
                if node.op in ("attack", "block"):
                    for d2, k, w, b in expand_cells(node.args["cells"]):
                        cells.append({"kind": node.op, "dir2": d2, "distance": k,
                                      "offset": cell_offset(0, d2, k), "name": cell_name(d2, k),
                                      "wounds": wounds_text(w, b) if node.op == "attack" else None,
                                      "wound_count": w if node.op == "attack" else None,
                                      "bleeding": b if node.op == "attack" else None})
            out.append(cells)
        return out


def expand_cells(cells):
    """(*,2) becomes its twelve ring-2 cells, each with the same wounds."""
    out = []
    for d2, k, w, b in cells:
        if d2 == ALL_RING:
            out.extend((x, 2, w, b) for x in range(12))
        else:
            out.append((d2, k, w, b))
    return out


def cell_offset(facing: int, d2: int, k: int) -> tuple[int, int]:
    """The axial step from a samurai facing ``facing`` to its cell ``(d2/2, k)``:
    k steps along a ray, or a half-cell ``DIR[f+d] + DIR[f+d+1]`` (rulings 1)."""
    d = (facing + d2 // 2) % 6
    if d2 % 2 == 0:
        return DIRS[d][0] * k, DIRS[d][1] * k
    e = (d + 1) % 6
    return DIRS[d][0] + DIRS[e][0], DIRS[d][1] + DIRS[e][1]


@dataclass(frozen=True)
class Samurai:
    index: int
    key: str
    name: str
    letter: str
    initiative: int
    health: int
    hand_limit: int
    core: str
    branches: tuple        # (from, to) kamae letters, one per arrow direction
    branch_text: str

    @property
    def short(self) -> str:
        return self.name.replace("The ", "the ", 1)


@dataclass(frozen=True)
class Zone:
    players: int
    seat: int
    where: str
    hexes: tuple
    default: tuple
    facing: int


@dataclass(frozen=True)
class Terrain:
    name: str
    players: tuple
    hexes: tuple


@dataclass
class Data:
    kamae: list               # (letter, name)
    samurai: list
    radius: int
    zones: list
    terrain: list
    cards: list
    presets: dict             # samurai key -> {card id: count}


def _hexes(text: str, where: str) -> tuple:
    found = re.findall(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)", text)
    if not found or re.sub(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|\s", "", text):
        raise CardDataError(f"{where}: expected hexes such as (0,2) (-1,3), got {text.strip()!r}")
    return tuple((int(q), int(r)) for q, r in found)


def read_data(text: str) -> Data:
    """The whole data file, checked; ``CardDataError`` names the line."""
    sections: dict[str, list] = {}
    current = None
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
        if not line:
            continue
        m = re.fullmatch(r"\[(\w+)\]", line)
        if m:
            current = m.group(1)
            if current in sections:
                raise CardDataError(f"line {no}: section [{current}] appears twice")
            sections[current] = []
            continue
        if current is None:
            raise CardDataError(f"line {no}: a record before any [section]")
        sections[current].append((no, [f.strip() for f in line.split("|")]))
    for name in ("kamae", "samurai", "board", "zones", "terrain", "cards", "decks"):
        if name not in sections:
            raise CardDataError(f"the data has no [{name}] section")

    def need(no, fields, n, what):
        if len(fields) < n:
            raise CardDataError(f"line {no}: a {what} needs {n} fields separated by |, got {len(fields)}")

    kamae = []
    for no, f in sections["kamae"]:
        need(no, f, 2, "kamae")
        kamae.append((f[0], f[1]))
    if [k for k, _ in kamae] != list(_KAMAE):
        raise CardDataError(f"[kamae]: the positions are {', '.join(_KAMAE)}, in that order")
    KAMAE_NAMES.clear()
    KAMAE_NAMES.update(kamae)

    samurai = []
    for no, f in sections["samurai"]:
        need(no, f, 8, "samurai")
        branches = []
        for b in re.split(r"\s*,\s*", f[7]):
            m = re.fullmatch(r"([GABDL])\s*([–\-→>])\s*([GABDL])", b)
            if not m:
                raise CardDataError(f"line {no}: kamae branch {b!r}: expected X–Y or X→Y")
            branches.append((m.group(1), m.group(3)))
            if m.group(2) in "–-":
                branches.append((m.group(3), m.group(1)))
        try:
            ints = [int(x) for x in f[3:6]]
        except ValueError:
            raise CardDataError(f"line {no}: setup initiative, health and hand limit are numbers") from None
        samurai.append(Samurai(len(samurai), f[0], f[1], f[2], *ints, f[6], tuple(branches), f[7]))
    board = dict((f[0], f[1]) for _, f in sections["board"])
    try:
        radius = int(board["radius"])
    except (KeyError, ValueError):
        raise CardDataError("[board]: expected 'radius | N'") from None

    zones = []
    for no, f in sections["zones"]:
        need(no, f, 6, "zone")
        hexes = _hexes(f[3], f"line {no}")
        default = _hexes(f[4], f"line {no}")[0]
        if default not in hexes:
            raise CardDataError(f"line {no}: the default hex is not in the zone")
        zones.append(Zone(int(f[0]), int(f[1]), f[2], hexes, default, int(f[5]) % 6))
    terrain = []
    for no, f in sections["terrain"]:
        need(no, f, 3, "terrain layout")
        terrain.append(Terrain(f[0], tuple(int(x) for x in f[1].split()), _hexes(f[2], f"line {no}")))

    letters = {s.letter: s.key for s in samurai}
    cards = []
    seen = set()
    for no, f in sections["cards"]:
        need(no, f, 6, "card")
        f = f + [""] * (8 - len(f))
        cid, name, pub, kind, init, actions, flags, note = f[:8]
        if not re.fullmatch(r"[A-Z]\d\d", cid):
            raise CardDataError(f"line {no}: card ID {cid!r}: expected a letter and two digits")
        if cid in seen:
            raise CardDataError(f"line {no}: card {cid} appears twice")
        seen.add(cid)
        m = re.fullmatch(r"([JGSW–-])·(atk|def|med|core)(?:·(R|A\+))?", kind)
        if not m:
            raise CardDataError(f"{cid}: kind {kind!r}: expected rank·type[·R or ·A+], e.g. S·atk·R")
        rank = RANKS.index("–" if m.group(1) == "-" else m.group(1))
        ctype = TYPES.index(m.group(2))
        instant = INSTANTS.index(m.group(3) or "")
        if (rank == 4) != (ctype == 3):
            raise CardDataError(f"{cid}: a core has rank – and type core, and only a core")
        if cid[0] != "G" and cid[0] not in letters:
            raise CardDataError(f"{cid}: no samurai has the signature letter {cid[0]}")
        owner = None if cid[0] == "G" else letters[cid[0]]
        ini = parse_initiative(init, cid)
        if ini.joins != (instant == 2):
            raise CardDataError(f"{cid}: an additional instant has initiative '=', and only it")
        card = Card(len(cards), cid, name, pub, rank, ctype, instant, ini, actions, flags, note, owner)
        card.tree = parse_actions(actions, cid)
        segs = card.tree.kids
        if len(segs) != 1 + len(ini.later):
            raise CardDataError(f"{cid}: {len(segs)} segments in the actions, "
                                f"{1 + len(ini.later)} in the initiative {init!r}")
        for seg, v in zip(segs[1:], ini.later):
            if seg.args["init"] != v:
                raise CardDataError(f"{cid}: segment '▸ @{seg.args['init']}' but the initiative says {v}")
        for item in list(segs[0].kids):
            if item.op == "req":
                card.req = item.args["kamae"]
            elif item.op == "cond":
                card.cond = item.args["on"]
        if card.cond and instant != 2:
            raise CardDataError(f"{cid}: cond: belongs to additional instants")
        if set(flags) - set("baic"):
            raise CardDataError(f"{cid}: flags {flags!r}: expected letters of b, a, i, c")
        cards.append(card)
    for s in samurai:
        core = next((c for c in cards if c.id == s.core), None)
        if core is None or not core.is_core:
            raise CardDataError(f"samurai {s.key}: core {s.core} is not a core card")

    presets = {}
    keys = {s.key for s in samurai}
    ids = {c.id for c in cards}
    for no, f in sections["decks"]:
        need(no, f, 2, "deck")
        if f[0] not in keys:
            raise CardDataError(f"line {no}: deck of unknown samurai {f[0]!r}")
        counts: dict = {}
        for tok in f[1].split():
            m = re.fullmatch(r"([A-Z]\d\d)(?:[x×](\d+))?", tok)
            if not m or m.group(1) not in ids:
                raise CardDataError(f"line {no}: {tok!r} is not a card ID (with xN for copies)")
            counts[m.group(1)] = counts.get(m.group(1), 0) + int(m.group(2) or 1)
        presets[f[0]] = counts
    return Data(kamae, samurai, radius, zones, terrain, cards, presets)


def load() -> Data:
    try:
        text = DATA.read_text(encoding="utf-8")
    except OSError as e:
        raise CardDataError(f"cannot read {DATA}: {e.strerror}") from None
    return read_data(text)


DATA_TABLES = load()
CARDS = DATA_TABLES.cards
CARDS_BY_ID = {c.id: c for c in CARDS}
SAMURAI = DATA_TABLES.samurai
SAMURAI_BY_KEY = {s.key: s for s in SAMURAI}
KAMAE = tuple(k for k, _ in DATA_TABLES.kamae)


# --------------------------------------------------------------------------
# Compiled tables: what the engine copies into C arrays
# --------------------------------------------------------------------------
@dataclass
class Compiled:
    nodes: list = field(default_factory=list)   # (op, a, b, c, kid, nxt); -1 = none
    cells: list = field(default_factory=list)   # (d2, k, wounds, bleed)
    roots: list = field(default_factory=list)   # per card: node index of each segment


def _kamae_mask(letters: str) -> int:
    return sum(1 << KAMAE.index(k) for k in letters)


def compile_cards(cards) -> Compiled:
    """Every card's tree as flat nodes, children linked by ``kid`` (first
    child) and ``nxt`` (next sibling).  Meta items (``req:``, ``cond:``) go
    to the card's own fields; a targeted action with no prefix in a
    ``cond:`` card runs over what the joined segment hit or blocked."""
    out = Compiled()

    def emit(node: Node, cond: str) -> int:
        op = node.op
        a = b = c = 0
        kids = node.kids
        if op == "seq":
            kids = [k for k in node.kids if k.op not in ("req", "cond")]
        elif op == "gate":
            a = _kamae_mask(node.args["kamae"])
        elif op == "target":
            a = TARGETS.index(node.args["kind"])
            b = node.args["range"]
        elif op == "each":
            a = EACH.index(node.args["over"])
        elif op == "move":
            a, b, c = int(node.args["must"]), node.args["n"], node.args["dirs"]
        elif op == "rotate":
            a, b = int(node.args["must"]), node.args["n"]
        elif op in ("attack", "block"):
            cells = expand_cells(node.args["cells"])
            a = int(node.args.get("unblockable", False))
            b = len(cells)
            c = len(out.cells)
            out.cells.extend(cells)
        elif op == "counter":
            c = sum(1 << v for v in node.args["inits"])
        elif op == "kto":
            a = 255 if node.args["kamae"] == "any" else KAMAE.index(node.args["kamae"])
        elif op == "search":
            a = 0 if node.args["type"] is None else TYPES.index(node.args["type"]) + 1
        elif "n" in node.args:
            b = node.args["n"]
        index = len(out.nodes)
        out.nodes.append(None)
        child_ids = [emit(k, cond) for k in kids]
        for i, k in enumerate(child_ids[:-1]):
            n = out.nodes[k]
            out.nodes[k] = n[:5] + (child_ids[i + 1],)
        out.nodes[index] = (OPS.index(op), a, b, c, child_ids[0] if child_ids else -1, -1)
        return index

    def implicit(node: Node, covered: bool, cond: str) -> Node:
        """Wrap an unprefixed targeted action of a cond: card (rulings 23)."""
        if node.op in TARGETED and not covered:
            return Node("each", {"over": "hit" if cond == "hit" else "blocked"}, [node], node.pos)
        now = covered or node.op in ("target", "each", "trigger")
        return Node(node.op, node.args, [implicit(k, now, cond) for k in node.kids], node.pos)

    for card in cards:
        segs = card.tree.kids
        if card.cond:
            segs = [implicit(s, False, card.cond) for s in segs]
        out.roots.append([emit(s, card.cond) for s in segs])
    return out


COMPILED = compile_cards(CARDS)
