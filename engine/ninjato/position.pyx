# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""A Ninjato position as named fields, and every check on them.

``fields(buf)`` is what a position file stores: the struct (rules.pxd) by
name, cards, tiles, tokens and Guards by their printed names.
``from_fields(map)`` builds the struct back and refuses, with one
``PositionError`` naming the field, anything the rules could not have
reached: every number the rules use as an index or a count is checked
here, and the decision in progress must be one play can reach.

>>> from ninja_dojo.engine import new_game
>>> state = new_game("ninjato", players=2, seed=3)
>>> f = fields(state.buffer())
>>> f["players"], f["phase"], len(f["hands"][0])
(2, 'place', 5)
>>> from_fields(f) == state.buffer()
True
"""
from libc.stdint cimport uint8_t, int8_t, int16_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset, memcpy

from ninja_dojo.engine.core cimport popcount64
from ninja_dojo.engine.ninjato.rules cimport *

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.ninjato.rules import (BASES, DOJO_COUNTS, ELITE_NAMES, ENVOY_NAMES, FACING, FLAG_TILES,
                                             GUARD_NAMES, PHASES, RUMOR_NAMES, TILE_NAMES, TOKEN_NAMES,
                                             TREASURE_COUNTS, TREASURES)


#: The sizes a position text reads by (engine/ninjato/text.py), from rules.pxd.
SIZES = {"turns": N_TURNS, "houses": N_HOUSES, "shuriken": N_SHURIKEN, "dojo_row": DOJO_ROW,
         "sensei_offer": N_OFFER, "row": ROW}


def _bits(uint64_t mask, names):
    return [names[i] for i in range(len(names)) if (mask >> i) & 1]

def _opt(int v, names):
    return None if v == NONE else names[v]

cdef dict _play_fields(const Play* p):
    return {"base": BASES[p.base_kind], "value": p.base, "set": p.setv, "add": p.add,
            "join": p.join, "next_group": p.next_group,
            "cards": [p.cards[v] for v in range(1, N_VALUES)], "tiles": _bits(p.tiles, TILE_NAMES)}


def fields(const unsigned char[::1] buf):
    """The state as named fields (what a position file stores).  Dojo cards
    are their values; lists of 5 counts are per value 1-5 or per treasure
    type (Fan, Scroll, Vase, Jade, Gold); decks list bottom to top."""
    cdef Ninjato* s = state_of(buf)
    n = s.players
    ps = range(n)
    return {
        "players": n,
        "turn": s.turn,
        "placed": s.placed,
        "phase": PHASES[s.phase],
        "mover": s.mover,
        "order": [s.order[i] for i in ps],
        "rng": int(s.rng.state),
        "dojo_deck": [s.deck[i] for i in range(s.deck_len)],
        "dojo_row": [s.row[i] for i in range(DOJO_ROW)],
        "dojo_discard": [s.discard[v] for v in range(1, N_VALUES)],
        "hands": [[s.hand[p][v] for v in range(1, N_VALUES)] for p in ps],
        "seen": [[s.seen[p][v] for v in range(1, N_VALUES)] for p in ps],
        "older": [[s.older[p][v] for v in range(1, N_VALUES)] for p in ps],
        "older_maybe": [[s.older_maybe[p][v] for v in range(1, N_VALUES)] for p in ps],
        "older_at_most": [s.older_at_most[p] for p in ps],
        "draws_left": s.draws_left,
        "dojo_stack": [s.dojo_stack[i] for i in range(s.dojo_len)],
        "spaces": [[s.spaces[p][k] for k in range(4)] for p in ps],
        "sensei_stack": [TILE_NAMES[s.sensei_stack[i]] for i in range(s.sensei_len)],
        "hensojutsu_left": s.hj_len,
        "offer": [_opt(s.offer[i], TILE_NAMES) for i in range(N_OFFER)],
        "tile_slot": s.tile_slot,
        "tiles": [_bits(s.tiles[p], TILE_NAMES) for p in ps],
        "face_down": [_bits(s.used[p], TILE_NAMES) for p in ps],
        "removed_tiles": _bits(s.removed, TILE_NAMES),
        "tokens": [_opt(s.token[h], TOKEN_NAMES) for h in range(N_HOUSES)],
        "sentries": [_opt(s.sentry[h], GUARD_NAMES) for h in range(N_HOUSES)],
        "house_treasure": [[[s.house[h][t][PLAIN], s.house[h][t][RED]] for t in range(N_TYPES)]
                           for h in range(N_HOUSES)],
        "house_sides": [[s.side[h][sd] - 1 if s.side[h][sd] else None for sd in range(2)]
                        for h in range(N_HOUSES)],
        "guard_deck": [GUARD_NAMES[s.guard_deck[i]] for i in range(s.guard_len)],
        "guard_discard": _bits(s.guard_discard, GUARD_NAMES),
        "elite_deck": [ELITE_NAMES[s.elite_deck[i]] for i in range(s.elite_len)],
        "elite_discard": _bits(s.elite_discard, ELITE_NAMES),
        "elites": [_bits(s.elites[p], ELITE_NAMES) for p in ps],
        "peeked": [[p for p in ps if (s.peek[d] >> p) & 1] for d in range(2)],
        "bag": [s.bag[t] for t in range(N_TYPES)],
        "spent": [s.spent[t] for t in range(N_TYPES)],
        "treasure": [[s.owned[p][t] for t in range(N_TYPES)] for p in ps],
        "envoy_deck": [ENVOY_NAMES[s.envoy_deck[i]] for i in range(s.envoy_len)],
        "envoy_row": [_opt(s.envoy_row[i], ENVOY_NAMES) for i in range(ROW)],
        "rumor_deck": [RUMOR_NAMES[s.rumor_deck[i]] for i in range(s.rumor_len)],
        "rumor_row": [_opt(s.rumor_row[i], RUMOR_NAMES) for i in range(ROW)],
        "envoys": [_bits(s.envoys[p], ENVOY_NAMES) for p in ps],
        "rumors": [_bits(s.rumors[p], RUMOR_NAMES) for p in ps],
        "bought": [s.bought[p] for p in ps],
        "clan_points": [s.clan_pts[p] for p in ps],
        "final": [[s.final_pts[p][k] for k in range(4)] for p in ps],
        "attack": {
            "house": s.att_house, "side": s.att_side,
            "active": [name for f, name in FLAG_TILES if s.att_flags & f],
            "facing": FACING[s.facing], "card": (None if s.facing_card == NONE else
                                                 (ELITE_NAMES if s.facing == FACE_ELITE else GUARD_NAMES)[s.facing_card]),
            "on_shuriken": [[s.on_shuriken[t][PLAIN], s.on_shuriken[t][RED]] for t in range(N_TYPES)],
            "revealed": [GUARD_NAMES[s.revealed[i]] for i in range(s.n_revealed)],
            "discarded": [s.att_discarded[v] for v in range(1, N_VALUES)],
            "keep_left": s.keep_left, "keep_min": s.keep_min,
            "plays": [_play_fields(&s.play[0]), _play_fields(&s.play[1])],
            "play_index": s.play_idx,
        },
        "purchase": {
            "rumor": bool(s.buy_rumor), "slot": s.buy_slot, "card": s.buy_card,
            "due": [s.buy_req[t] for t in range(4)],
            "type": None if s.buy_type == NONE else TREASURES[s.buy_type],
            "low": s.buy_lo, "high": s.buy_hi, "paid": s.buy_paid, "gold": bool(s.buy_gold),
            "points": s.buy_points,
        },
        "scoring": {
            "turn": s.scoring, "clan_index": s.score_clan, "hensojutsu_seat": s.hj_pos,
            "hensojutsu_last": None if s.hj_last == NONE else ENVOY_NAMES[s.hj_last],
            "disguised": _bits(s.disguised, ENVOY_NAMES),
            "first": None if s.first == NONE else s.first,
            "second": None if s.second == NONE else s.second,
        },
        "chance": [int(s.ck_public), int(s.ck_private), None if s.ck_seat == NONE else s.ck_seat],
        "log": [[s.log[i].kind, s.log[i].seat, s.log[i].a, s.log[i].b, s.log[i].c] for i in range(s.n_log)],
        "log_lost": bool(s.log_lost),
        "log_new_turn": bool(s.log_new_turn),
    }


class _Reader:
    """Reads and checks named fields; every error names the field."""

    def __init__(self, f, where="state"):
        if not isinstance(f, dict):
            raise PositionError(f"{where}: expected a map of named fields")
        self.f = f
        self.where = where

    def path(self, key):
        return f"{self.where}.{key}"

    def get(self, key):
        if key not in self.f:
            raise PositionError(f"{self.path(key)}: missing")
        return self.f[key]

    def _value(self, key, value, where):
        """The field ``key``, or (key None) ``value`` found at ``where``."""
        if key is None:
            return value, where
        return self.get(key), self.path(key)

    def int(self, key, lo, hi, value=None, where=None):
        v, where = self._value(key, value, where)
        if isinstance(v, bool) or not isinstance(v, int):
            raise PositionError(f"{where}: expected an integer, got {type(v).__name__}")
        if not lo <= v <= hi:
            raise PositionError(f"{where}: {checks.shown(v)} is out of range {lo}..{hi}")
        return v

    def bool(self, key):
        v = self.get(key)
        if not isinstance(v, bool):
            raise PositionError(f"{self.path(key)}: expected true or false")
        return v

    def list(self, key, length=None, value=None, where=None):
        v, where = self._value(key, value, where)
        if not isinstance(v, list):
            raise PositionError(f"{where}: expected a list, got {type(v).__name__}")
        if length is not None and len(v) != length:
            raise PositionError(f"{where}: expected {length} entries, got {len(v)}")
        return v

    def ints(self, key, length, lo, hi, value=None, where=None):
        v, where = self._value(key, value, where)
        v = self.list(None, length, v, where)
        return [self.int(None, lo, hi, x, f"{where}[{i}]") for i, x in enumerate(v)]

    def name(self, names, value, where, none=False):
        if value is None and none:
            return NONE
        if not isinstance(value, str) or value not in names:
            raise PositionError(f"{where}: {checks.shown(value)} is not one of {names[0]}..{names[len(names) - 1]}")
        return names.index(value)

    def names(self, key, names, length=None, value=None, where=None, none=False):
        v, where = self._value(key, value, where)
        v = self.list(None, length, v, where)
        return [self.name(names, x, f"{where}[{i}]", none) for i, x in enumerate(v)]

    def done(self, keys):
        extra = sorted(set(map(str, self.f)) - set(keys))
        if extra:
            raise PositionError(f"{self.where}: unknown field {checks.shown(extra[0])}")


STATE_KEYS = ("players", "turn", "placed", "phase", "mover", "order", "rng", "dojo_deck", "dojo_row",
              "dojo_discard", "hands", "seen", "older", "older_maybe", "older_at_most", "draws_left", "dojo_stack", "spaces",
              "sensei_stack", "hensojutsu_left", "offer", "tile_slot", "tiles", "face_down",
              "removed_tiles", "tokens", "sentries", "house_treasure", "house_sides", "guard_deck",
              "guard_discard", "elite_deck", "elite_discard", "elites", "peeked", "bag", "spent",
              "treasure", "envoy_deck", "envoy_row", "rumor_deck", "rumor_row", "envoys", "rumors",
              "bought", "clan_points", "final", "attack", "purchase", "scoring", "chance", "log",
              "log_lost", "log_new_turn")


# The log as the engine writes it (``log_ev``): for each kind of step, the
# seat, a, b and c it holds.  ``steps()`` reads most of them as indices into
# the tables above (a Guard's name, a tile's, a treasure type's), so a file
# must hold exactly these.
_PLAY_CODE = checks.Among("a declared play's code", test=lambda c: (
    c < 1 << 27 and (c >> 16) & 7 <= B_CR1 and (c >> 19) & 7 <= 6 and (c >> 25) & 3 <= 2))
_TYPE = range(N_TYPES)
_TYPE_OR_NONE = (_TYPE, NONE)
_HOUSE = range(N_HOUSES)
_VALUE = range(1, N_VALUES)
_GUARD = range(N_GUARDS)
_ELITE = range(N_ELITES)
_ANY = range(256)
_SEAT = checks.SEAT
LOG_WIDTHS = (255, 255, 255, 255, 2**32 - 1)
LOG_STEPS = {
    E_TURN: ("turn", [(NONE, range(1, N_TURNS + 1), 0, 0)]),
    E_PLACE: ("place", [(_SEAT, range(SPACE_HOUSE + 2 * N_HOUSES), 0, 0)]),
    E_DRAW: ("draw", [(_SEAT, 0, 0, 0), (_SEAT, range(1, DOJO_ROW + 1), _VALUE, 0)]),
    E_ROW_REFILL: ("Dojo row", [(NONE, range(DOJO_ROW), _VALUE, 0)]),
    E_RESHUFFLE: ("reshuffle", [(NONE, range(3), 0, 0)]),
    E_SENSEI: ("Sensei", [(_SEAT, range(N_TILES), range(N_VALUES), 0)]),
    E_PLAY: ("play", [(_SEAT, range(2), _ANY, _PLAY_CODE)]),
    E_BEAT: ("beat", [(_SEAT, (FACE_SENTRY, FACE_GUARD), _GUARD, 0), (_SEAT, FACE_ELITE, _ELITE, 0)]),
    E_TAKE: ("take", [(_SEAT, _TYPE_OR_NONE, range(2), 0)]),
    E_BANZAI: ("Banzai", [(_SEAT, 0, 0, 0)]),
    E_REVEAL: ("reveal", [(_SEAT, 0, _GUARD, 0), (_SEAT, 1, _ELITE, 0)]),
    E_ALARM: ("alarm", [(_SEAT, _TYPE, _TYPE, _HOUSE), (_SEAT, NONE, NONE, _HOUSE)]),
    E_SN3: ("SN3", [(_SEAT, 0, 0, 0)]),
    E_PEEK: ("peek", [(_SEAT, range(2), 0, 0)]),
    E_RETREAT: ("retreat", [(_SEAT, _ANY, 0, 0)]),
    E_GIVE_UP: ("loss", [(_SEAT, FACE_GUARD, _GUARD, 0), (_SEAT, FACE_ELITE, _ELITE, 0)]),
    E_TG5: ("TG5", [(_SEAT, 0, 0, 0)]),
    E_KEEP: ("keep", [(_SEAT, _TYPE, range(2), 0)]),
    E_LOSS: ("back to the house", [(_SEAT, _ANY, _TYPE_OR_NONE, _HOUSE)]),
    E_CLEAR: ("cleared", [(_SEAT, _HOUSE, range(N_TOKENS), range(N_TOKENS + 1))]),
    E_CR6: ("CR6", [(_SEAT, _VALUE, 0, 0)]),
    E_BUY: ("buy", [(_SEAT, 0, range(N_ENVOYS), range(41)), (_SEAT, 1, range(N_RUMORS), range(41))]),
    E_PAY: ("pay", [(_SEAT, _TYPE, range(4), 0)]),
    E_DECLARE_TYPE: ("declare type", [(_SEAT, range(4), 0, 0)]),
    E_END_TURN: ("end of turn", [(NONE, range(1, N_TURNS + 1), 0, 0)]),
    E_OFFER: ("Sensei offer", [(NONE, range(N_OFFER), range(N_TILES), 0)]),
    E_SENTRY: ("sentry", [(NONE, _HOUSE, (_GUARD, NONE), 0)]),
    E_REFILL_TREASURE: ("house treasure", [(NONE, _HOUSE, _TYPE, 0)]),
    E_ORDER: ("turn order", [(NONE, range(MIN_PLAYERS, MAX_PLAYERS + 1), 0, range(1 << 16))]),
    E_ROW: ("row", [(NONE, 0, range(N_ENVOYS), range(ROW)), (NONE, 1, range(N_RUMORS), range(ROW))]),
    E_SCORING: ("clan scoring", [(NONE, (3, 5, N_TURNS), 0, 0)]),
    E_HJ: ("Hensojutsu", [(_SEAT, range(N_ENVOYS), 0, 0)]),
    E_CLAN_RANK: ("clan rank", [(NONE, range(3), (_SEAT, NONE), range(1 << 24))]),
    E_CLAN_POINTS: ("clan points", [(_SEAT, range(3), _ANY, 0)]),
    E_FREE_RUMOR: ("free Rumor", [(_SEAT, range(N_RUMORS), range(3), 0)]),
    E_GAME_END: ("game end", [(NONE, 0, 0, 0)]),
}


def _once(seen, what, int i, where):
    if i in seen:
        raise PositionError(f"{where}: {what} is also in {seen[i]}")
    seen[i] = where


cdef _read_play(Play* p, r, where):
    q = _Reader(r, where)
    q.done(("base", "value", "set", "add", "join", "next_group", "cards", "tiles"))
    base = q.get("base")
    if base not in BASES:
        raise PositionError(f"{where}.base: {checks.shown(base)} is not one of {BASES}")
    p.base_kind = BASES.index(base)
    p.base = q.int("value", 0, 6)
    p.setv = q.int("set", -1, 6)
    if p.setv not in (-1, 0, 6):
        raise PositionError(f"{where}.set: {p.setv} is not -1, 0 or 6")
    p.add = q.int("add", -8, 8)
    p.join = q.int("join", -1, 1)
    p.next_group = q.int("next_group", 0, G_END)
    for v, c in enumerate(q.ints("cards", 5, 0, 2)):
        p.cards[v + 1] = c
    for t in q.names("tiles", TILE_NAMES):
        p.tiles |= (<uint32_t>1) << t


# What a play's tiles do (add_modifier, set_base): the modifier group of each
# modifier tile, and the tile and values of each virtual base.
_MODIFIER_GROUP = {SN2: G_SET, TG1: G_SET, CR2: G_CR2, SN1: G_SN1, TG2: G_TG2, SN4: G_SN4,
                   TG4: G_TG4, CR3: G_CR3, CR5: G_CR5}
_BASE_TILE = {B_SN5: (SN5, (1,)), B_TG3: (TG3, (5,)), B_CR1: (CR1, (2, 4))}


def play_of(base, int value, int join, tiles, int cr2):
    """A play's fields (``fields()["attack"]["plays"]``) from what a person
    says of it: its ``base`` (``"card"``, or the tile played as a card) and
    ``value``, a 3 joined (``join`` +1, -1 or 0), the ``tiles`` that change
    it and what CR2 adds (``cr2``, +1 or -1).  ``from_fields`` checks it.

    >>> play_of("card", 4, 1, ["SN1"], 0)["add"], play_of("SN5", 1, 0, [], 0)["tiles"]
    (-1, ['SN5'])
    """
    cdef int b = BASES.index(base)
    names = list(tiles)
    codes = [TILE_NAMES.index(t) for t in names if t in TILE_NAMES]
    if b != B_CARD and b in _BASE_TILE and _BASE_TILE[b][0] not in codes:
        codes.append(_BASE_TILE[b][0])
    groups = [G_JOIN] if join else []
    groups += [_MODIFIER_GROUP[t] for t in codes if t in _MODIFIER_GROUP]
    cards = [0] * N_VALUES
    if b == B_CARD and 1 <= value <= 5:
        cards[value] += 1
    if join:
        cards[3] += 1
    return {"base": base, "value": value, "set": 0 if SN2 in codes else 6 if TG1 in codes else -1,
            "add": cr2 + join - (2 if SN1 in codes else 0) + (2 if TG2 in codes else 0), "join": join,
            "next_group": max(groups) + 1 if groups else 0, "cards": cards[1:],
            "tiles": [TILE_NAMES[t] for t in sorted(set(codes))]}


cdef _check_play(const Play* p, int i, uint32_t free, str where):
    """Play ``i`` as the build steps make it: a base, then modifiers in
    group order, each tile one the attacker has face up and the other play
    does not use, the Dojo cards it names (the base card and a joined 3)."""
    cdef int v
    if p.base_kind == B_NONE:
        if (p.base or p.setv != -1 or p.add or p.join or p.next_group or p.tiles
                or any(p.cards[v] for v in range(N_VALUES))):
            raise PositionError(f"{where}: a play without a base holds nothing")
        return
    cards = [0] * N_VALUES
    tiles = p.tiles
    if p.base_kind == B_CARD:
        if not 1 <= p.base <= 5:
            raise PositionError(f"{where}.value: a Dojo card is 1 to 5")
        cards[p.base] += 1
    else:
        tile, bases = _BASE_TILE[p.base_kind]
        if p.base not in bases:
            raise PositionError(f"{where}.value: {BASES[p.base_kind]} is played as {' or '.join(map(str, bases))}")
        if not (tiles >> tile) & 1:
            raise PositionError(f"{where}.tiles: the base {BASES[p.base_kind]} is missing")
        tiles &= ~((<uint32_t>1) << tile)
    groups = [G_JOIN] if p.join else []
    for t in range(N_TILES):
        if (tiles >> t) & 1:
            if t not in _MODIFIER_GROUP:
                raise PositionError(f"{where}.tiles: {TILE_NAMES[t]} does not change a play")
            groups.append(_MODIFIER_GROUP[t])
    if p.tiles & ~free:
        raise PositionError(f"{where}.tiles: a tile the attacker does not have face up, or the other play's")
    if (tiles >> SN2) & 1 and (tiles >> TG1) & 1:
        raise PositionError(f"{where}.tiles: one set effect (SN2 or TG1) at most")
    if p.setv != (0 if (tiles >> SN2) & 1 else 6 if (tiles >> TG1) & 1 else -1):
        raise PositionError(f"{where}.set: the set value follows SN2 (0) and TG1 (6)")
    if p.join:
        cards[3] += 1
    if [p.cards[v] for v in range(1, N_VALUES)] != cards[1:]:
        raise PositionError(f"{where}.cards: the play uses its base card and a joined 3, no other")
    rest = p.add - p.join + (2 if (tiles >> SN1) & 1 else 0) - (2 if (tiles >> TG2) & 1 else 0)
    if rest != 0 and not ((tiles >> CR2) & 1 and rest in (1, -1)):
        raise PositionError(f"{where}.add: not what the joined 3 and the tiles add")
    if (tiles >> CR5) & 1 and i != 0:
        raise PositionError(f"{where}.tiles: CR5 is the first play's")
    if p.next_group != (max(groups) + 1 if groups else 0):
        raise PositionError(f"{where}.next_group: {max(groups) + 1 if groups else 0} after its modifiers")


cdef _check_shuriken(Ninjato* s):
    """Every shuriken placed this turn is in one place (a space, or a house
    side it attacks), the Dojo's in the order they came (``dojo_stack``,
    which writes the next turn order), as many as were placed: the
    placements so far and the one being carried out."""
    cdef int p, n = s.players, total = 0
    busy = s.phase in (P_DRAW, P_SENSEI, P_SENSEI_PAY, P_BUY, P_PAY_TYPE, P_PAY) or P_BUILD <= s.phase <= P_CR6
    for p in range(n):
        on_dojo = sum(1 for i in range(s.dojo_len) if s.dojo_stack[i] == p)
        if on_dojo != s.spaces[p][SPACE_DOJO]:
            raise PositionError(f"state.dojo_stack: seat {p} has {s.spaces[p][SPACE_DOJO]} shuriken on the "
                                f"Dojo (state.spaces), not {on_dojo}")
        mine = sum(s.spaces[p][k] for k in range(4))
        mine += sum(1 for h in range(N_HOUSES) for sd in range(2) if s.side[h][sd] == p + 1)
        if mine > N_SHURIKEN:
            raise PositionError(f"state.spaces[{p}]: more than {N_SHURIKEN} shuriken placed")
        total += mine
    placed = 0 if s.scoring or s.phase == P_OVER else s.placed + (1 if busy else 0)
    if total != placed:
        raise PositionError(f"state.placed: {placed} shuriken are placed this turn, "
                            f"the spaces and house sides hold {total}")


cdef _check_plays(Ninjato* s):
    """The plays of an attack: both empty outside the build step; in it,
    well formed, their Dojo cards in the attacker's hand (a declared play
    discards them) and their tiles face up and not shared."""
    cdef int v, seat = s.mover
    if s.phase != P_BUILD:
        for i in range(2):
            _check_play(&s.play[i], i, 0, f"state.attack.plays[{i}]")
            if s.play[i].base_kind != B_NONE:
                raise PositionError(f"state.attack.plays[{i}]: a play is built only in the play phase")
        return
    if s.play_idx == 0 and s.play[1].base_kind != B_NONE:
        raise PositionError("state.attack.plays[1]: the second play starts after the first")
    if s.play_idx == 1 and (s.play[0].base_kind == B_NONE or (s.play[0].tiles >> CR5) & 1):
        raise PositionError("state.attack.play_index: a second play follows a first one without CR5")
    for i in range(2):
        _check_play(&s.play[i], i, s.tiles[seat] & ~s.used[seat] & ~s.play[1 - i].tiles,
                    f"state.attack.plays[{i}]")
    for v in range(1, N_VALUES):
        if s.play[0].cards[v] + s.play[1].cards[v] > s.hand[seat][v]:
            raise PositionError(f"state.attack.plays: the plays use more {v}s than seat {seat} holds")


def from_fields(object f):
    """State bytes from named fields, validating everything.

    Raises PositionError naming the first bad field.
    """
    r = _Reader(f)
    r.done(STATE_KEYS)
    buf = bytearray(sizeof(Ninjato))
    cdef unsigned char[::1] mv = buf
    cdef Ninjato* s = <Ninjato*>&mv[0]
    cdef int out[128]
    cdef int i, v, p, t, h, k
    blank(s)
    n = r.int("players", MIN_PLAYERS, MAX_PLAYERS)
    s.players = n
    s.turn = r.int("turn", 1, N_TURNS)
    s.placed = r.int("placed", 0, n * N_SHURIKEN)
    phase = r.get("phase")
    if phase not in PHASES:
        raise PositionError(f"state.phase: {checks.shown(phase)} is not one of {', '.join(PHASES)}")
    s.phase = PHASES.index(phase)
    s.mover = r.int("mover", 0, n - 1)
    order = r.ints("order", n, 0, n - 1)
    if sorted(order) != list(range(n)):
        raise PositionError("state.order: each seat exactly once")
    for i in range(n):
        s.order[i] = order[i]
    s.rng.state = r.int("rng", 0, 2**64 - 1)
    # Dojo cards: every value accounted for
    count = [0] * 6
    deck = r.ints("dojo_deck", None, 1, 5)
    if len(deck) > N_DOJO:
        raise PositionError("state.dojo_deck: more than 52 cards")
    for i, v in enumerate(deck):
        s.deck[i] = v
        count[v] += 1
    s.deck_len = len(deck)
    for i, v in enumerate(r.ints("dojo_row", DOJO_ROW, 0, 5)):
        s.row[i] = v
        count[v] += 1
    for v, c in enumerate(r.ints("dojo_discard", 5, 0, N_DOJO)):
        s.discard[v + 1] = c
        count[v + 1] += c
    for key in ("hands", "seen", "older", "older_maybe"):
        rows = r.list(key, n)
        for p in range(n):
            vals = r.ints(None, 5, 0, N_DOJO, rows[p], f"state.{key}[{p}]")
            for v in range(5):
                if key == "hands":
                    s.hand[p][v + 1] = vals[v]
                    count[v + 1] += vals[v]
                elif key == "seen":
                    s.seen[p][v + 1] = vals[v]
                    if vals[v] > s.hand[p][v + 1]:
                        raise PositionError(f"state.seen[{p}][{v}]: more than the hand holds")
                elif key == "older":
                    s.older[p][v + 1] = vals[v]
                else:
                    s.older_maybe[p][v + 1] = vals[v]
    at_most = r.ints("older_at_most", n, 0, N_DOJO)
    older_total = maybe_total = 0
    for p in range(n):
        # The truth must fit the counts (see dojo_reshuffle): some hidden
        # cards older ones, no more than older_at_most, making up ``older``
        # with some of the older_maybe cards.
        s.older_at_most[p] = at_most[p]
        least = 0
        for v in range(1, 6):
            older_total += s.older[p][v]
            maybe_total += s.older_maybe[p][v]
            if s.older[p][v] > s.hand[p][v] - s.seen[p][v] + s.older_maybe[p][v]:
                raise PositionError(f"state.older[{p}][{v - 1}]: more than the hidden cards "
                                    f"and the cards shown since the reshuffle")
            least += max(0, s.older[p][v] - s.older_maybe[p][v])
        if not least <= at_most[p] <= min(hidden_count(s, p), sum(s.older[p][v] for v in range(1, 6))):
            raise PositionError(f"state.older_at_most[{p}]: {at_most[p]} does not fit the older cards "
                                f"({least} to {min(hidden_count(s, p), sum(s.older[p][v] for v in range(1, 6)))})")
    if older_total > N_DOJO or maybe_total > N_DOJO:
        raise PositionError("state.older: more cards than the game has")
    for v in range(1, 6):
        if count[v] != DOJO_COUNTS[v - 1]:
            raise PositionError(f"state: {count[v]} Dojo cards of value {v} in play, the game has {DOJO_COUNTS[v - 1]}")
    s.draws_left = r.int("draws_left", 0, 4)
    stack = r.ints("dojo_stack", None, 0, n - 1)
    if len(stack) > n * N_SHURIKEN:
        raise PositionError("state.dojo_stack: more shuriken than the players have")
    for i, p in enumerate(stack):
        s.dojo_stack[i] = p
    s.dojo_len = len(stack)
    rows = r.list("spaces", n)
    for p in range(n):
        for k, c in enumerate(r.ints(None, 4, 0, N_SHURIKEN, rows[p], f"state.spaces[{p}]")):
            s.spaces[p][k] = c
    # Sensei tiles: each once
    where_tile = {}
    for i, t in enumerate(r.names("sensei_stack", TILE_NAMES)):
        if t >= HJ_FIRST:
            raise PositionError(f"state.sensei_stack[{i}]: Hensojutsu tiles are not in the stack")
        _once(where_tile, TILE_NAMES[t], t, "state.sensei_stack")
        s.sensei_stack[i] = t
    s.sensei_len = len(r.get("sensei_stack"))
    s.hj_len = r.int("hensojutsu_left", 0, 3)
    for t in range(HJ_FIRST + 3 - s.hj_len, N_TILES):
        _once(where_tile, TILE_NAMES[t], t, "state.hensojutsu_left")
    for i, t in enumerate(r.names("offer", TILE_NAMES, N_OFFER, none=True)):
        s.offer[i] = t
        if t != NONE:
            _once(where_tile, TILE_NAMES[t], t, "state.offer")
    s.tile_slot = r.int("tile_slot", 0, N_OFFER - 1)
    tiles = r.list("tiles", n)
    down = r.list("face_down", n)
    for p in range(n):
        for t in r.names(None, TILE_NAMES, None, tiles[p], f"state.tiles[{p}]"):
            _once(where_tile, TILE_NAMES[t], t, f"state.tiles[{p}]")
            s.tiles[p] |= (<uint32_t>1) << t
        for t in r.names(None, TILE_NAMES, None, down[p], f"state.face_down[{p}]"):
            if not (s.tiles[p] >> t) & 1:
                raise PositionError(f"state.face_down[{p}]: {TILE_NAMES[t]} is not this player's tile")
            s.used[p] |= (<uint32_t>1) << t
    for t in r.names("removed_tiles", TILE_NAMES):
        _once(where_tile, TILE_NAMES[t], t, "state.removed_tiles")
        s.removed |= (<uint32_t>1) << t
    if len(where_tile) != N_TILES:
        missing = [TILE_NAMES[t] for t in range(N_TILES) if t not in where_tile]
        raise PositionError(f"state: Sensei tile {missing[0]} is nowhere")
    # Houses
    toks = r.names("tokens", TOKEN_NAMES, N_HOUSES)
    if len(set(toks)) != N_HOUSES:
        raise PositionError("state.tokens: a clan token is on two houses")
    for h in range(N_HOUSES):
        s.token[h] = toks[h]
    for h, g in enumerate(r.names("sentries", GUARD_NAMES, N_HOUSES, none=True)):
        s.sentry[h] = g
    treasure = [0] * N_TYPES
    houses = r.list("house_treasure", N_HOUSES)
    for h in range(N_HOUSES):
        types = r.list(None, N_TYPES, houses[h], f"state.house_treasure[{h}]")
        for t in range(N_TYPES):
            pr = r.ints(None, 2, 0, 90, types[t], f"state.house_treasure[{h}][{t}]")
            s.house[h][t][PLAIN], s.house[h][t][RED] = pr
            treasure[t] += pr[0] + pr[1]
    sides = r.list("house_sides", N_HOUSES)
    for h in range(N_HOUSES):
        pr = r.list(None, 2, sides[h], f"state.house_sides[{h}]")
        for sd in range(2):
            if pr[sd] is not None:
                s.side[h][sd] = r.int(None, 0, n - 1, pr[sd], f"state.house_sides[{h}][{sd}]") + 1
    # Guards and Elites: each once
    where_guard = {}
    for h in range(N_HOUSES):
        if s.sentry[h] != NONE:
            _once(where_guard, GUARD_NAMES[s.sentry[h]], s.sentry[h], "state.sentries")
    for i, g in enumerate(r.names("guard_deck", GUARD_NAMES)):
        _once(where_guard, GUARD_NAMES[g], g, "state.guard_deck")
        s.guard_deck[i] = g
    s.guard_len = len(r.get("guard_deck"))
    for g in r.names("guard_discard", GUARD_NAMES):
        _once(where_guard, GUARD_NAMES[g], g, "state.guard_discard")
        s.guard_discard |= (<uint64_t>1) << g
    where_elite = {}
    for i, e in enumerate(r.names("elite_deck", ELITE_NAMES)):
        _once(where_elite, ELITE_NAMES[e], e, "state.elite_deck")
        s.elite_deck[i] = e
    s.elite_len = len(r.get("elite_deck"))
    for e in r.names("elite_discard", ELITE_NAMES):
        _once(where_elite, ELITE_NAMES[e], e, "state.elite_discard")
        s.elite_discard |= (<uint32_t>1) << e
    elites = r.list("elites", n)
    for p in range(n):
        for e in r.names(None, ELITE_NAMES, None, elites[p], f"state.elites[{p}]"):
            _once(where_elite, ELITE_NAMES[e], e, f"state.elites[{p}]")
            s.elites[p] |= (<uint32_t>1) << e
    peeked = r.list("peeked", 2)
    for d in range(2):
        for p in r.ints(None, None, 0, n - 1, peeked[d], f"state.peeked[{d}]"):
            s.peek[d] |= 1 << p
    # Treasure
    for t, c in enumerate(r.ints("bag", N_TYPES, 0, 90)):
        s.bag[t] = c
        treasure[t] += c
    for t, c in enumerate(r.ints("spent", N_TYPES, 0, 90)):
        s.spent[t] = c
        treasure[t] += c
    owned = r.list("treasure", n)
    for p in range(n):
        for t, c in enumerate(r.ints(None, N_TYPES, 0, 90, owned[p], f"state.treasure[{p}]")):
            s.owned[p][t] = c
            treasure[t] += c
    # Envoys and Rumors: each once
    for kind, names, deck_key, row_key, own_key in (
            ("Envoy", ENVOY_NAMES, "envoy_deck", "envoy_row", "envoys"),
            ("Rumor", RUMOR_NAMES, "rumor_deck", "rumor_row", "rumors")):
        where_card = {}
        cards = r.names(deck_key, names)
        for i, c in enumerate(cards):
            _once(where_card, names[c], c, f"state.{deck_key}")
            if kind == "Envoy":
                s.envoy_deck[i] = c
            else:
                s.rumor_deck[i] = c
        if kind == "Envoy":
            s.envoy_len = len(cards)
        else:
            s.rumor_len = len(cards)
        for i, c in enumerate(r.names(row_key, names, ROW, none=True)):
            if c != NONE:
                _once(where_card, names[c], c, f"state.{row_key}")
            if kind == "Envoy":
                s.envoy_row[i] = c
            else:
                s.rumor_row[i] = c
        own = r.list(own_key, n)
        for p in range(n):
            for c in r.names(None, names, None, own[p], f"state.{own_key}[{p}]"):
                _once(where_card, names[c], c, f"state.{own_key}[{p}]")
                if kind == "Envoy":
                    s.envoys[p] |= (<uint32_t>1) << c
                else:
                    s.rumors[p] |= (<uint32_t>1) << c
        if len(where_card) != len(names):
            missing = [names[c] for c in range(len(names)) if c not in where_card]
            raise PositionError(f"state: {kind} {missing[0]} is nowhere")
    for p, v in enumerate(r.ints("bought", n, 0, 2000)):
        s.bought[p] = v
    for p, v in enumerate(r.ints("clan_points", n, 0, 2000)):
        s.clan_pts[p] = v
    fin = r.list("final", n)
    for p in range(n):
        for k, v in enumerate(r.ints(None, 4, 0, 2000, fin[p], f"state.final[{p}]")):
            s.final_pts[p][k] = v
    # The attack in progress
    a = _Reader(r.get("attack"), "state.attack")
    a.done(("house", "side", "active", "facing", "card", "on_shuriken", "revealed", "discarded",
            "keep_left", "keep_min", "plays", "play_index"))
    s.att_house = a.int("house", 0, N_HOUSES - 1)
    s.att_side = a.int("side", 0, 1)
    for name in a.list("active"):
        if name not in ("SN4", "TG4", "CR3"):
            raise PositionError(f"state.attack.active: {checks.shown(name)} is not SN4, TG4 or CR3")
        s.att_flags |= dict((nm, fl) for fl, nm in FLAG_TILES)[name]
    facing = a.get("facing")
    if facing not in FACING:
        raise PositionError(f"state.attack.facing: {checks.shown(facing)} is not one of {FACING}")
    s.facing = FACING.index(facing)
    s.facing_card = a.name(ELITE_NAMES if s.facing == FACE_ELITE else GUARD_NAMES, a.get("card"),
                           "state.attack.card", none=True)
    sh = a.list("on_shuriken", N_TYPES)
    for t in range(N_TYPES):
        pr = a.ints(None, 2, 0, 90, sh[t], f"state.attack.on_shuriken[{t}]")
        s.on_shuriken[t][PLAIN], s.on_shuriken[t][RED] = pr
        treasure[t] += pr[0] + pr[1]
    rev = a.names("revealed", GUARD_NAMES)
    if len(rev) > MAX_REVEALED:
        raise PositionError("state.attack.revealed: too many Guards")
    for i, g in enumerate(rev):
        _once(where_guard, GUARD_NAMES[g], g, "state.attack.revealed")
        s.revealed[i] = g
    s.n_revealed = len(rev)
    if s.facing == FACE_ELITE and s.facing_card != NONE:
        _once(where_elite, ELITE_NAMES[s.facing_card], s.facing_card, "state.attack.card")
    elif s.facing == FACE_GUARD and s.facing_card != NONE and s.facing_card not in rev:
        raise PositionError("state.attack.card: the Guard faced must be among the revealed")
    for v, c in enumerate(a.ints("discarded", 5, 0, N_DOJO)):
        s.att_discarded[v + 1] = c
    s.keep_left = a.int("keep_left", 0, 2)
    s.keep_min = a.int("keep_min", 0, 9)
    plays = a.list("plays", 2)
    for i in range(2):
        _read_play(&s.play[i], plays[i], f"state.attack.plays[{i}]")
    s.play_idx = a.int("play_index", 0, 1)
    _check_plays(s)
    if len(where_guard) != N_GUARDS:
        missing = [GUARD_NAMES[g] for g in range(N_GUARDS) if g not in where_guard]
        raise PositionError(f"state: Guard {missing[0]} is nowhere")
    if len(where_elite) != N_ELITES:
        missing = [ELITE_NAMES[e] for e in range(N_ELITES) if e not in where_elite]
        raise PositionError(f"state: Elite {missing[0]} is nowhere")
    for t in range(N_TYPES):
        if treasure[t] != TREASURE_COUNTS[t]:
            raise PositionError(f"state: {treasure[t]} {TREASURES[t]} tokens in play, the game has {TREASURE_COUNTS[t]}")
    # A purchase in progress
    b = _Reader(r.get("purchase"), "state.purchase")
    b.done(("rumor", "slot", "card", "due", "type", "low", "high", "paid", "gold", "points"))
    s.buy_rumor = b.bool("rumor")
    s.buy_slot = b.int("slot", 0, ROW - 1)
    s.buy_card = b.int("card", 0, N_RUMORS - 1)
    if s.phase in (P_PAY_TYPE, P_PAY) and not s.buy_rumor and s.buy_card >= N_ENVOYS:
        raise PositionError(f"state.purchase.card: {s.buy_card} is not an Envoy")
    for t, c in enumerate(b.ints("due", 4, 0, 4)):
        s.buy_req[t] = c
    s.buy_type = b.name(TREASURES[:4], b.get("type"), "state.purchase.type", none=True)
    s.buy_lo = b.int("low", 0, 4)
    s.buy_hi = b.int("high", 0, 4)
    s.buy_paid = b.int("paid", 0, 4)
    s.buy_gold = b.bool("gold")
    s.buy_points = b.int("points", 0, 40)
    # Clan scoring in progress
    c = _Reader(r.get("scoring"), "state.scoring")
    c.done(("turn", "clan_index", "hensojutsu_seat", "hensojutsu_last", "disguised", "first", "second"))
    s.scoring = c.int("turn", 0, N_TURNS)
    if s.scoring not in (0, 3, 5, 7):
        raise PositionError(f"state.scoring.turn: {s.scoring} is not 0, 3, 5 or 7")
    s.score_clan = c.int("clan_index", 0, 3)
    s.hj_pos = c.int("hensojutsu_seat", 0, n)
    s.hj_last = c.name(ENVOY_NAMES, c.get("hensojutsu_last"), "state.scoring.hensojutsu_last", none=True)
    for e in c.names("disguised", ENVOY_NAMES):
        s.disguised |= (<uint32_t>1) << e
    s.first = NONE if c.get("first") is None else c.int("first", 0, n - 1)
    s.second = NONE if c.get("second") is None else c.int("second", 0, n - 1)
    ch = r.list("chance", 3)
    s.ck_public = r.int(None, 0, 2**64 - 1, ch[0], "state.chance[0]")
    s.ck_private = r.int(None, 0, 2**64 - 1, ch[1], "state.chance[1]")
    s.ck_seat = NONE if ch[2] is None else r.int(None, 0, n - 1, ch[2], "state.chance[2]")
    log = r.list("log")
    if len(log) > LOG_CAP:
        raise PositionError(f"state.log: more than {LOG_CAP} steps")
    for i, ev in enumerate(log):
        vals = checks.entry(ev, f"state.log[{i}]", LOG_WIDTHS, LOG_STEPS, n)
        s.log[i].kind, s.log[i].seat, s.log[i].a, s.log[i].b, s.log[i].c = vals
    s.n_log = len(log)
    s.log_lost = r.bool("log_lost")
    s.log_new_turn = r.bool("log_new_turn")
    _check_shuriken(s)
    # The decision itself
    if s.phase == P_OVER:
        if s.turn != N_TURNS:
            raise PositionError("state.phase: the game is over only after turn 7")
    else:
        if s.scoring == 0 and s.phase not in (P_HJ, P_CLAN, P_FREE_RUMOR):
            if s.placed >= n * N_SHURIKEN:
                raise PositionError("state.placed: every shuriken is placed, the turn is over")
            if s.mover != s.order[s.placed % n]:
                raise PositionError(f"state.mover: seat {s.order[s.placed % n]} places now, not {s.mover}")
        elif s.scoring == 0:
            raise PositionError("state.scoring.turn: a scoring decision outside clan scoring")
        _check_decision(s)
        k = legal_moves(s, out)
        if k == 0:
            raise PositionError(f"state.phase: seat {s.mover} has no legal move in the {phase} phase")
        if k == 1:
            raise PositionError(f"state.phase: seat {s.mover}'s only move is forced; nothing to decide")
    return bytes(buf)


cdef _check_decision(Ninjato* s):
    """The state of the decision in progress must be one play can reach."""
    cdef int v
    ph = s.phase
    if ph == P_DRAW and not 1 <= s.draws_left <= 4:
        raise PositionError("state.draws_left: a draw in progress has 1 to 4 cards left")
    if ph == P_SENSEI_PAY and s.offer[s.tile_slot] == NONE:
        raise PositionError("state.tile_slot: no tile is offered there")
    if P_BUILD <= ph <= P_CR6:
        if s.side[s.att_house][s.att_side] != s.mover + 1:
            raise PositionError("state.attack.house: the attacker's shuriken is not on that side")
        if ph in (P_BUILD, P_REVEAL) and s.facing_card == NONE:
            raise PositionError("state.attack.card: a play needs a Guard to face")
        if ph in (P_BUILD, P_REVEAL) and s.facing == FACE_SENTRY and s.facing_card != s.sentry[s.att_house]:
            raise PositionError("state.attack.card: the Sentry faced is not the house's")
        if ph == P_BUILD and s.play_idx == 1 and not two_plays(s):
            raise PositionError("state.attack.play_index: a second play only against a 2-person Elite")
        if ph == P_BUILD:
            for v in range(1, N_VALUES):
                if s.play[0].cards[v] + s.play[1].cards[v] > s.seen[s.mover][v]:
                    raise PositionError(f"state.attack.plays: a card of value {v} that nobody saw in the hand "
                                        f"(the cards of a play are shown: seen)")
        if ph == P_KEEP and not 1 <= s.keep_left <= 2:
            raise PositionError("state.attack.keep_left: 1 or 2 treasures are kept")
        if ph <= P_KEEP and s.sentry[s.att_house] == NONE:
            raise PositionError("state.sentries: the house attacked keeps its Sentry until it is cleared")
    if ph in (P_PAY_TYPE, P_PAY):
        if (s.rumor_row[s.buy_slot] if s.buy_rumor else s.envoy_row[s.buy_slot]) != s.buy_card:
            raise PositionError("state.purchase.card: not the card in that slot of the row")
        if ph == P_PAY_TYPE and s.buy_lo == 0:
            raise PositionError("state.purchase.low: a type is declared only for an N-M cost")
        if ph == P_PAY and s.buy_lo == 0 and first_due(s) == NONE:
            raise PositionError("state.purchase.due: nothing is due")
        if ph == P_PAY and s.buy_lo and (s.buy_type == NONE or s.buy_paid >= s.buy_hi or s.buy_lo > s.buy_hi):
            raise PositionError("state.purchase.type: an N-M payment needs its type and room to pay")
    if s.scoring and ph not in (P_HJ, P_CLAN, P_FREE_RUMOR):
        raise PositionError(f"state.scoring.turn: clan scoring asks for Hensojutsu or a clan's reward, "
                            f"not the {PHASES[ph]} phase")
    if ph == P_HJ and s.hj_pos >= s.players:
        raise PositionError("state.scoring.hensojutsu_seat: every seat has assigned its Hensojutsu tiles")
    if ph == P_CLAN and s.first == NONE:
        raise PositionError("state.scoring.first: nobody is first")
    if ph == P_FREE_RUMOR and s.second == NONE:
        raise PositionError("state.scoring.second: nobody is second")
    if ph in (P_HJ, P_CLAN, P_FREE_RUMOR) and s.mover != (s.order[s.hj_pos] if ph == P_HJ else
                                                          (s.first if ph == P_CLAN else s.second)):
        raise PositionError("state.mover: not the seat this scoring step belongs to")
    if ph in (P_CLAN, P_FREE_RUMOR) and s.score_clan > 2:
        raise PositionError("state.scoring.clan_index: every clan is scored")
