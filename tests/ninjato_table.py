"""Hand-made Ninjato positions for rules tests: a fresh deal's fields, edited
so that every card, tile and treasure stays accounted for, then loaded
through the position codec (which checks all of that again).

>>> t = Table(players=2)
>>> t.hand(0, [5, 3]).sentry(0, "GD35")
<...Table...>
>>> t.state().view(0)["hand"]
[3, 5]
"""
from __future__ import annotations

import copy

from ninja_dojo.engine import codec, new_game

TREASURES = ("Fan", "Scroll", "Vase", "Jade", "Gold")
SPACES = ("Dojo", "Sensei", "Palace", "Pavilion")
# The phases of clan scoring and the end, when no placement is under way.
SCORING_PHASES = ("Hensojutsu", "clan choice", "free Rumor")
# Guards by value, written from the rulings' table (not read from the engine).
GUARD = {f"GD{i + 1:02d}": v for i, v in enumerate(
    [0] + [1] * 5 + [2] * 8 + [3] * 12 + [4] * 8 + [5] * 5 + [6])}
ALARM = {"GD02", "GD07", "GD08", "GD15", "GD16", "GD27", "GD28", "GD35"}
QUIET = {v: next(g for g, x in GUARD.items() if x == v and g not in ALARM) for v in range(7)}


class Table:
    """A position under construction; each method returns the table."""

    def __init__(self, players: int = 2, seed: int = 5):
        self.f = copy.deepcopy(new_game("ninjato", players, seed=seed).fields())
        self.f["order"] = list(range(players))
        self.f["mover"] = 0

    def __repr__(self):
        return "<Table>"

    # -------------------------------------------------------------- cards
    def hand(self, seat, values):
        """``seat`` holds exactly ``values`` (taken from the Dojo deck or discards)."""
        f = self.f
        for v, c in enumerate(f["hands"][seat]):
            f["dojo_deck"] += [v + 1] * c
        f["hands"][seat] = [0] * 5
        f["seen"][seat] = [0] * 5
        f["older"][seat] = [0] * 5
        for v in values:
            if v in f["dojo_deck"]:
                f["dojo_deck"].remove(v)
            else:
                f["dojo_discard"][v - 1] -= 1
            f["hands"][seat][v - 1] += 1
        return self

    def dojo_row(self, values):
        f = self.f
        for v in f["dojo_row"]:
            if v:
                f["dojo_deck"].append(v)
        for i, v in enumerate(values):
            f["dojo_deck"].remove(v)
            f["dojo_row"][i] = v
        return self

    def dojo_top(self, values):
        """The next Dojo draws, in draw order."""
        for v in values:
            self.f["dojo_deck"].remove(v)
        self.f["dojo_deck"] += list(reversed(values))
        return self

    def _guard_out(self, name):
        """Take Guard ``name`` from wherever it is; returns a refill function."""
        f = self.f
        if name in f["guard_deck"]:
            i = f["guard_deck"].index(name)
            return lambda other: f["guard_deck"].__setitem__(i, other)
        if name in f["sentries"]:
            h = f["sentries"].index(name)
            return lambda other: f["sentries"].__setitem__(h, other)
        i = f["guard_discard"].index(name)
        return lambda other: f["guard_discard"].__setitem__(i, other)

    def sentry(self, h, name):
        if self.f["sentries"][h] != name:
            put = self._guard_out(name)
            put(self.f["sentries"][h])
            self.f["sentries"][h] = name
        return self

    def guard_top(self, names):
        """The next Guards Banzai reveals, in order."""
        f = self.f
        for n in names:
            if n in f["guard_deck"]:
                f["guard_deck"].remove(n)
            elif n in f["sentries"]:
                f["sentries"][f["sentries"].index(n)] = f["guard_deck"].pop(0)
            else:
                f["guard_discard"].remove(n)
        f["guard_deck"] += list(reversed(names))
        return self

    def elite_top(self, names):
        d = self.f["elite_deck"]
        for n in names:
            d.remove(n)
        d += list(reversed(names))
        return self

    # ------------------------------------------------------------ treasure
    def _from_bag(self, t):
        i = TREASURES.index(t)
        assert self.f["bag"][i] > 0
        self.f["bag"][i] -= 1
        return i

    def house(self, h, plain=(), red=()):
        f = self.f
        for i, (p, r) in enumerate(f["house_treasure"][h]):
            f["bag"][i] += p + r
        f["house_treasure"][h] = [[0, 0] for _ in TREASURES]
        for t in plain:
            f["house_treasure"][h][self._from_bag(t)][0] += 1
        for t in red:
            f["house_treasure"][h][self._from_bag(t)][1] += 1
        return self

    def treasure(self, seat, types):
        f = self.f
        for i, c in enumerate(f["treasure"][seat]):
            f["bag"][i] += c
        f["treasure"][seat] = [0] * 5
        for t in types:
            f["treasure"][seat][self._from_bag(t)] += 1
        return self

    # ------------------------------------------------------------ tiles, cards
    def tiles(self, seat, names, face_down=()):
        f = self.f
        for n in names:
            if n.startswith("HJ"):
                k = int(n[2])
                f["hensojutsu_left"] = min(f["hensojutsu_left"], 3 - k)
            elif n in f["sensei_stack"]:
                f["sensei_stack"].remove(n)
            elif n in f["offer"]:
                f["offer"][f["offer"].index(n)] = None
            else:
                f["removed_tiles"].remove(n)
            f["tiles"][seat].append(n)
        f["face_down"][seat] += list(face_down)
        return self

    def offer(self, names):
        f = self.f
        for i, n in enumerate(f["offer"]):
            if n is not None:
                f["sensei_stack"].append(n)
                f["offer"][i] = None
        for i, n in enumerate(names):
            if n.startswith("HJ"):
                f["hensojutsu_left"] = min(f["hensojutsu_left"], 3 - int(n[2]))
            else:
                f["sensei_stack"].remove(n)
            f["offer"][i] = n
        return self

    def _card_out(self, kind, name):
        f = self.f
        if name in f[f"{kind}_deck"]:
            f[f"{kind}_deck"].remove(name)
        elif name in f[f"{kind}_row"]:
            f[f"{kind}_row"][f[f"{kind}_row"].index(name)] = f[f"{kind}_deck"].pop()
        else:
            for own in f[f"{kind}s"]:
                if name in own:
                    own.remove(name)

    def row(self, kind, slot, name):
        """Envoy or Rumor ``name`` face up in ``slot`` of its row."""
        f = self.f
        if f[f"{kind}_row"][slot] == name:
            return self
        self._card_out(kind, name)
        old = f[f"{kind}_row"][slot]
        if old is not None:
            f[f"{kind}_deck"].append(old)
        f[f"{kind}_row"][slot] = name
        return self

    def owns(self, seat, kind, names):
        for n in names:
            self._card_out(kind, n)
            self.f[f"{kind}s"][seat].append(n)
        return self

    def elites(self, seat, names):
        for n in names:
            self.f["elite_deck"].remove(n)
            self.f["elites"][seat].append(n)
        return self

    def tokens(self, names):
        self.f["tokens"] = list(names)
        return self

    def set(self, **fields):
        self.f.update(fields)
        return self

    def placed_on_pavilion(self):
        """As many shuriken on the board as ``placed`` says were placed this
        turn (the loader checks it): each seat's placements in turn order,
        plus the one being carried out, that the table does not show are put
        on the Pavilion, where any number may lie and none acts at the end
        of the turn."""
        f = self.f
        if f["scoring"]["turn"] or f["phase"] == "over":
            return self
        n, busy = f["players"], int(f["phase"] not in ("place",) + SCORING_PHASES)
        for seat in set(f["order"]):
            expected = sum(1 for k in range(f["placed"] + busy) if f["order"][k % n] == seat)
            present = sum(f["spaces"][seat]) + sum(side == seat for sides in f["house_sides"] for side in sides)
            if present < expected:
                f["spaces"][seat][SPACES.index("Pavilion")] += expected - present
        return self

    def state(self):
        self.placed_on_pavilion()
        doc = {"format": codec.FORMAT, "version": codec.VERSION, "game": "ninjato",
               "options": {"players": self.f["players"]}, "seed": 0, "history": [],
               "state": self.f}
        return codec.from_map(copy.deepcopy(doc))


def play(state, *names):
    """Apply actions by name, one after the other; returns the steps of the last."""
    steps = []
    for n in names:
        steps = state.apply(n)
    return steps


def legal(state):
    return [a.name for a in state.legal_actions()]


class StepReader:
    """Follows a game's steps: ``new(state)`` gives the steps added since the
    last call.  The log holds a turn until the first move after it ended,
    then keeps only the new turn's steps (from its "turn" step on), which
    were read already."""

    def __init__(self):
        self.head = None
        self.done = 0
        self.last_turn = 0

    def new(self, state):
        from ninja_dojo.engine import ninjato
        first = ninjato.steps(state._buf, 0, 1)
        if not first:
            return []
        head = first[0].get("turn")
        if head != self.head:
            self.done = max(0, self.done - self.last_turn) if self.head is not None else 0
            self.head, self.last_turn = head, 0
        new = ninjato.steps(state._buf, self.done)
        for k, s in enumerate(new):
            if s["step"] == "turn":
                self.last_turn = self.done + k
        self.done += len(new)
        return new
