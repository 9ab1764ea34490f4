"""Hand-made Senjutsu positions for rules tests: a fresh game's fields at
the first card choice, edited so that every card stays accounted for, then
loaded through the position codec (which checks all of that again).

>>> t = Table(["ronin", "master"])
>>> t.hand(0, ["G03", "G13"]).at(0, (0, 2), 0).at(1, (0, -2), 3)
<Table>
>>> s = t.state()
>>> s.view(0)["samurai"][0]["hex"], sorted(c["id"] for c in s.view(0)["hand"])
([0, 2], ['G03', 'G13'])
"""
from __future__ import annotations

import copy

from ninja_dojo.engine import codec, new_game
from ninja_dojo.engine.senjutsu import decks as sd

FILLER = "G04"      # Quick Stab: wood, so any number of copies is legal


def deck_with(cards, filler=FILLER) -> dict:
    """A legal 40-card deck holding ``cards`` (IDs, repeats allowed), the
    rest of it ``filler``."""
    counts: dict = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    counts[filler] = counts.get(filler, 0) + sd.DECK_SIZE - len(cards)
    return counts


class Table:
    """A position under construction; each method returns the table."""

    def __init__(self, samurai, decks=None, seed=5, terrain="none"):
        options = {"samurai": ",".join(samurai), "terrain": terrain}
        if decks is not None:
            options["deck"] = [("preset" if d is None else d) for d in decks]
        s = new_game("senjutsu", len(samurai), seed=seed, **options)
        while s.fields()["phase"] == "place":
            s.apply(s.legal_actions()[0])
        self.options = s.options
        self.seed = seed
        self.f = copy.deepcopy(s.fields())
        self.f["log"] = []
        self.f["log_new_round"] = False
        self.f["chance"] = [0] * len(samurai)

    def __repr__(self):
        return "<Table>"

    # -------------------------------------------------------------- cards
    def _take(self, seat, cid):
        """One copy of ``cid`` out of the seat's pile or discards."""
        f = self.f
        for key in ("draw_piles", "discards_face_up", "discards_face_down"):
            if cid in f[key][seat]:
                f[key][seat].remove(cid)
                return
        raise ValueError(f"seat {seat} has no free {cid}")

    def hand(self, seat, cards, stuns=0):
        """``seat`` holds exactly ``cards`` (and ``stuns`` stun cards)."""
        f = self.f
        f["draw_piles"][seat] = f["hands"][seat] + f["draw_piles"][seat]
        f["hands"][seat] = []
        for c in cards:
            self._take(seat, c)
        f["hands"][seat] = sorted(cards)
        f["stuns"][seat] = stuns
        for q in range(f["players"]):
            f["known_hands"][q][seat] = []
        self._choosing()
        return self

    def pile_top(self, seat, cards):
        """The next draws of ``seat``, in draw order."""
        for c in cards:
            self.f["draw_piles"][seat].remove(c)
        self.f["draw_piles"][seat] += list(reversed(cards))
        return self

    def discards(self, seat, up=(), down=()):
        for c in list(up) + list(down):
            self._take(seat, c)
        self.f["discards_face_up"][seat] = sorted(self.f["discards_face_up"][seat] + list(up))
        self.f["discards_face_down"][seat] = sorted(self.f["discards_face_down"][seat] + list(down))
        return self

    def empty_pile(self, seat, keep=0):
        """All but ``keep`` cards of the pile go face down to the discards."""
        pile = self.f["draw_piles"][seat]
        gone, self.f["draw_piles"][seat] = pile[:len(pile) - keep], pile[len(pile) - keep:]
        self.f["discards_face_down"][seat] = sorted(self.f["discards_face_down"][seat] + gone)
        for q in range(self.f["players"]):
            self.f["known_tops"][q][seat] = 0
        return self

    # -------------------------------------------------------------- board
    def at(self, seat, hex, facing):
        self.f["hexes"][seat] = list(hex)
        self.f["facings"][seat] = facing
        return self

    def kamae(self, seat, k):
        self.f["kamae"][seat] = k
        return self

    def wounds(self, seat, wounds=0, bleeding=0):
        self.f["wounds"][seat] = wounds
        self.f["bleeding"][seat] = bleeding
        return self

    def advantage(self, order):
        self.f["advantage"] = list(order)
        return self

    def armour(self, seat, cid):
        self._take(seat, cid)
        self.f["armour"][seat] = cid
        return self

    def round(self, n):
        self.f["round"] = n
        return self

    def _choosing(self):
        f = self.f
        f["choosing"] = [p for p in f["standing"] if f["hands"][p] or f["stuns"][p]]

    # -------------------------------------------------------------- out
    def doc(self):
        self._choosing()
        return {"format": codec.FORMAT, "version": codec.VERSION, "game": "senjutsu",
                "options": dict(self.options), "seed": self.seed, "history": [], "state": self.f}

    def state(self):
        return codec.from_map(copy.deepcopy(self.doc()))
