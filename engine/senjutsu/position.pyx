# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Senjutsu positions: the state as named fields, and every check on them.

``from_fields`` is the one door into the C struct from a file: each seat's
40 cards each in one place, a deck that keeps the deck-building rules,
samurai on distinct free hexes, the interpreter's frames and contexts well
formed, the log's cards, hexes and nodes within their tables, and a
decision that waits on the seat it names with something to choose
(``PositionError`` naming the first bad field instead).

>>> from ninja_dojo.engine import new_game
>>> s = new_game("senjutsu", players=2, seed=1, samurai="ronin,master")
>>> from_fields(fields(s.buffer())) == s.buffer()
True
"""
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from libc.string cimport memset

from ninja_dojo.engine.core cimport MAX_LEGAL, popcount64
from ninja_dojo.engine.senjutsu.rules cimport *

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.senjutsu import cards as cards_data
from ninja_dojo.engine.senjutsu import decks as decks_data
from ninja_dojo.engine.senjutsu.rules import (CARDS, CARD_IDS, CARD_NAMES, DECISIONS, FRAME_NAMES, HEXES, KAMAE, PHASES,
                                              SAMURAI_KEYS, TERRAINS, canonical_deck)

#: the rules' card, node and board tables
cdef const Tables* T = tables()


# ---------------------------------------------------------------- fields

def card_id(int c):
    """The ID of card slot ``c``, None for none."""
    return None if c >= len(CARDS) else CARD_IDS[c]

def selected_id(int c):
    """A selection's card ID, ``'stun'`` for a stun card, None for none."""
    if c == SEL_STUN:
        return "stun"
    return card_id(c)

def seats_of(int mask, int n):
    """The seats of a bit mask, in seat order."""
    return [p for p in range(n) if (mask >> p) & 1]

cdef list counts_list(const uint8_t* counts):
    cdef int c, k
    out = []
    for c in range(T.N_CARDS):
        for k in range(counts[c]):
            out.append(CARD_IDS[c])
    return out

def _opt(int v, int none=NONE):
    return None if v == none else v


def fields(const unsigned char[::1] buf):
    """The state as named fields (what a position file stores).  Cards are
    IDs (``"G04"``); piles list bottom to top; hands and discards are sorted
    lists; seats count from 0.  ``stack`` and ``contexts`` are the
    interpreter's frames in the middle of a round (docs/rules/senjutsu.md)."""
    cdef Senjutsu* s = state_of(buf)
    cdef int n = s.players, p, q, i
    ps = range(n)
    f = s.stack
    return {
        "players": n,
        "samurai": [SAMURAI_KEYS[s.samurai[p]] for p in ps],
        "deck": [{CARD_IDS[c]: s.owned[p][c] for c in range(len(CARDS)) if s.owned[p][c]} for p in ps],
        "terrain": TERRAINS[s.terrain],
        "round": s.round,
        "phase": PHASES[s.phase],
        "rng": int(s.rng.state),
        "draw_piles": [[CARD_IDS[s.pile[p][i]] for i in range(s.pile_len[p])] for p in ps],
        "hands": [counts_list(s.hand[p]) for p in ps],
        "stuns": [s.stuns[p] for p in ps],
        "cores_in_hand": [bool(s.core_in[p]) for p in ps],
        "discards_face_up": [counts_list(s.up[p]) for p in ps],
        "discards_face_down": [counts_list(s.down[p]) for p in ps],
        "armour": [card_id(s.armour[p]) for p in ps],
        "hexes": [None if s.hex[p] == NONE else list(HEXES[s.hex[p]]) for p in ps],
        "facings": [s.facing[p] for p in ps],
        "kamae": [KAMAE[s.kamae[p]] for p in ps],
        "wounds": [s.wounds[p] for p in ps],
        "bleeding": [s.bleed[p] for p in ps],
        "standing": seats_of(s.alive, n),
        "fell": seats_of(s.fell, n),
        "advantage": [s.adv[i] for i in ps],
        "placed": s.placed,
        "selected": [selected_id(s.sel[p]) for p in ps],
        "replacements": [card_id(s.repl[p]) for p in ps],
        "additionals": [card_id(s.addl[p]) for p in ps],
        "segments": [[[card_id(s.seg_card[p][k]), s.seg_init[p][k], bool((s.seg_done[p] >> k) & 1)]
                      for k in range(s.nseg[p])] for p in ps],
        "initiative_fixed": seats_of(s.init_fixed, n),
        "cancelled": seats_of(s.cancelled, n),
        "no_move": seats_of(s.nomove, n),
        "revealed_to": [seats_of(s.rev[p], n) for p in ps],
        "blocks": [None if s.blk_init[p] == NONE else
                   [s.blk_init[p], s.blk_ctx[p], s.blk_node[p], _opt(s.blk_hex[p])] for p in ps],
        "dealt": [[s.dealt[p][q] for q in ps] for p in ps],
        "step": s.cur_init,
        "paid": bool(s.paid),
        "contexts": [[s.ctx[i].root, s.ctx[i].seat, card_id(s.ctx[i].card), bool(s.ctx[i].host),
                      s.ctx[i].hit, s.ctx[i].blocked, s.ctx[i].stops] for i in range(s.n_ctx)],
        "stack": [[f[i].kind, _opt(f[i].node, NO_NODE), _opt(f[i].cur, NO_NODE), _opt(f[i].ctx),
                   _opt(f[i].tgt), f[i].i, f[i].n, f[i].m] for i in range(s.depth)],
        "decision": DECISIONS[s.dec],
        "deciding": _opt(s.dec_seat),
        "choosing": seats_of(s.sim, n),
        "last_attack": None if s.la_seat == NONE else [s.la_seat, _opt(s.la_hex), s.la_facing,
                                                        _opt(s.la_node, NO_NODE)],
        "known_hands": [[counts_list(s.kh[q][p]) for p in ps] for q in ps],
        "known_tops": [[s.ntop[q][p] for p in ps] for q in ps],
        "chance": [int(s.ck[p]) for p in ps],
        "log": [[s.log[i].kind, s.log[i].seat, s.log[i].a, s.log[i].b, s.log[i].c, s.log[i].d]
                for i in range(s.n_log)],
        "log_lost": bool(s.log_lost),
        "log_new_round": bool(s.log_new_round),
    }


# ------------------------------------------------------------ from_fields

STATE_KEYS = ("players", "samurai", "deck", "terrain", "round", "phase", "rng", "draw_piles", "hands",
              "stuns", "cores_in_hand", "discards_face_up", "discards_face_down", "armour", "hexes",
              "facings", "kamae", "wounds", "bleeding", "standing", "fell", "advantage", "placed",
              "selected", "replacements", "additionals", "segments", "initiative_fixed", "cancelled",
              "no_move", "revealed_to", "blocks", "dealt", "step", "paid", "contexts", "stack",
              "decision", "deciding", "choosing", "last_attack", "known_hands", "known_tops", "chance",
              "log", "log_lost", "log_new_round")
#: The frame kinds a stack may hold, by number.
FRAME_KINDS = frozenset(range(N_OPS)) | frozenset(FRAME_NAMES)
SEGMENT_ROOTS = None
#: The frame kind each decision waits on.
DECISION_FRAMES = {
    D_REPL: (F_REPLWIN,), D_INIT: (F_INITS,), D_ADD: (F_ADDWIN, F_TRIG), D_OR: (OP_OR,),
    D_TARGET: (OP_TARGET,), D_STEP: (OP_MOVE,), D_COLLIDE: (OP_MOVE,), D_ROT: (OP_ROTATE,),
    D_DRAW: (OP_DRAW,), D_DISC: (OP_DISC, F_DISCARDS), D_FDISC: (OP_FDISC,), D_COUNTER: (F_TRIG,),
    D_SRCH: (OP_SEARCH,), D_TOP3: (OP_TOP3,), D_SHUF: (OP_SHUFFLE_SOME,), D_TUCK: (OP_TUCK,),
    D_GIVE3: (OP_GIVE3,), D_PLAYFOE: (OP_PLAYFOE,), D_KAMAE: (OP_KPLUS, OP_KTO, OP_FKTO),
    D_RAY: (OP_PUSH, OP_PULL), D_TURN: (OP_TROT,),
}


# The log as the engine writes it (``log_ev``): for each kind of step, the
# seat, a, b, c and d it holds.  ``steps()`` reads the cards, hexes,
# facings, kamae and card-program nodes among them as indices, so a file
# must hold exactly those; counts and seats it only prints stay within
# their C fields.
_CARD = range(len(CARDS))
_HEX = range(MAX_HEX)
_FACING = range(6)
_KAMAE = range(N_KAMAE)
_B = range(256)
_W = range(65536)
_SEAT = checks.SEAT
_NODES_OF = lambda what, op: checks.Among(what, [i for i in range(len(cards_data.COMPILED.nodes))
                                                  if cards_data.COMPILED.nodes[i][0] == op])
_ATTACKS = _NODES_OF("an attack node", OP_ATTACK)
_BLOCKS = _NODES_OF("a block node", OP_BLOCK)
_ORS = _NODES_OF("an 'or' node", OP_OR)
_SEGMENTS = [(_SEAT, checks.Among(f"a card of {k} segment{'s' if k > 1 else ''}",
                                   [c.index for c in CARDS if len(c.segments) == k]), range(k), _W, _W)
             for k in range(1, MAX_SEG + 1)]
LOG_WIDTHS = (255, 255, 255, 255, 65535, 65535)
LOG_STEPS = {
    E_ROUND: ("round", [(NONE, _B, 0, range(1, ROUND_CAP + 1), 0)]),
    E_MILL: ("bleed", [(_SEAT, 0, 0, 0, 0)]),
    E_DRAW: ("draw", [(_SEAT, 1, 0, 0, 0)]),
    E_EMPTY: ("empty deck", [(_SEAT, 1, 0, 0, 0)]),
    E_PLACE: ("place", [(_SEAT, _HEX, _FACING, 0, 0)]),
    E_REVEAL: ("reveal", [(_SEAT, (_CARD, SEL_STUN, NONE), 0, 0, 0)]),
    E_REPLACE: ("replacement", [(_SEAT, _CARD, _CARD, _W, _W)]),
    E_INIT: ("initiative", [(_SEAT, _B, _CARD, 0, 0)]),
    E_SEGMENT: ("segment", _SEGMENTS),
    E_MOVE: ("move", [(_SEAT, _B, _HEX, _W, 0)]),
    E_COLLIDE: ("collision", [(_SEAT, _B, range(3), _W, _W)]),
    E_ROTATE: ("rotate", [(_SEAT, _FACING, 0, 0, 0)]),
    E_ATTACK: ("attack", [(_SEAT, (_HEX, NONE), _B, _ATTACKS, _W)]),
    E_WOUND: ("wound", [(_SEAT, _B, _B, _W, 0)]),
    E_ARMOUR: ("armour", [(_SEAT, range(2), 0, 0, 0)]),
    E_BLOCK: ("block", [(_SEAT, (_HEX, NONE), _B, _BLOCKS, _W)]),
    E_COUNTER: ("counter", [(_SEAT, _B, 0, 0, 0)]),
    E_STUN: ("stun", [(_SEAT, 0, 0, 0, 0)]),
    E_DRAWN: ("draw", [(_SEAT, _B, 0, 0, 0)]),
    E_FDRAW: ("forced draw", [(_SEAT, _B, _B, 0, 0)]),
    E_DISC_DOWN: ("discard", [(_SEAT, 1, 0, 0, 0)]),
    E_DISC_UP: ("discard", [(_SEAT, _CARD, _B, 0, 0)]),
    E_PUSH: ("push", [(_SEAT, _B, range(2), _W, 0)]),
    E_TURN: ("turn", [(_SEAT, _FACING, _B, 0, 0)]),
    E_SWAP: ("swap", [(_SEAT, _B, 0, 0, 0)]),
    E_KAMAE: ("kamae", [(_SEAT, _KAMAE, _KAMAE, _W, 0)]),
    E_SEARCH: ("search", [(_SEAT, (_CARD, NONE), range(2), 0, 0)]),
    E_TOP3: ("top 3", [(_SEAT, _B, 0, 0, 0)]),
    E_SHUFFLE: ("shuffle", [(_SEAT, _B, range(2), 0, 0)]),
    E_REV: ("reveal hand", [(_SEAT, _B, 0, 0, 0)]),
    E_ADV: ("advantage", [(_SEAT, 0, 0, 0, 0)]),
    E_CANCEL: ("cancel", [(_SEAT, range(2), _B, 0, 0)]),
    E_NOMOVE: ("no move", [(_SEAT, _B, 0, 0, 0)]),
    E_CONVERT: ("bleeding", [(_SEAT, _B, _B, 0, 0)]),
    E_PLAYFOE: ("play foe's card", [(_SEAT, _CARD, _B, 0, 0)]),
    E_TUCK: ("tuck", [(_SEAT, _B, _B, 0, 0)]),
    E_GIVE: ("give", [(_SEAT, _B, 0, 0, 0)]),
    E_ADDITIONAL: ("additional", [(_SEAT, _CARD, _CARD, 0, 0)]),
    E_DEFEAT: ("defeat", [(_SEAT, _B, _B, _W, 0)]),
    E_DISCARD_PHASE: ("discard phase", [(NONE, 0, 0, 0, 0)]),
    E_END: ("end of round", [(NONE, 0, 0, 0, 0)]),
    E_CHOICE: ("choice", [(_SEAT, _B, 0, _ORS, 0)]),
    E_GAME_OVER: ("game over", [(NONE, _B, _B, 0, 0)]),
}


def _roots():
    global SEGMENT_ROOTS
    if SEGMENT_ROOTS is None:
        SEGMENT_ROOTS = frozenset(r for roots in cards_data.COMPILED.roots for r in roots)
    return SEGMENT_ROOTS


def children(int node):
    """The child nodes of a card node, in order."""
    out = []
    c = T.N_KID[node]
    while c != NO_NODE and len(out) < 64:
        out.append(c)
        c = T.N_NXT[c]
    return out


cdef _counts_into(uint8_t* counts, ids, str where, int limit=DECK_MAX):
    checks.items(ids, where)
    if len(ids) > limit:
        raise PositionError(f"{where}: more than {limit} cards")
    for i, cid in enumerate(ids):
        if not isinstance(cid, str) or cid not in CARD_IDS:
            raise PositionError(f"{where}[{i}]: {checks.shown(cid)} is not a card ID")
        counts[CARD_IDS.index(cid)] += 1


def _card_id(v, str where):
    """The card of ID ``v`` (a card, never nothing)."""
    if v is None:
        raise PositionError(f"{where}: expected a card ID, got nothing")
    return _card_or_none(v, where)


def _card_or_none(v, str where, allow_stun=False):
    if v is None:
        return NONE
    if allow_stun and v == "stun":
        return SEL_STUN
    if not isinstance(v, str) or v not in CARD_IDS:
        raise PositionError(f"{where}: {checks.shown(v)} is not a card ID")
    return CARD_IDS.index(v)


def _seat_or_none(v, str where, int n):
    return NONE if v is None else checks.integer(v, where, 0, n - 1)


def from_fields(object f):
    """State bytes from named fields, every field checked (``PositionError``
    naming the first bad one): each seat's 40 cards each in one place, a
    deck that keeps the deck-building rules, samurai on distinct free hexes,
    the interpreter's frames well formed, and a decision that waits on the
    seat it names with something to choose."""
    if not isinstance(f, dict):
        raise PositionError("state: expected a map of named fields")
    checks.known_keys(f, STATE_KEYS)
    g = lambda key: checks.get(f, key)
    buf = bytearray(sizeof(Senjutsu))
    cdef unsigned char[::1] mv = buf
    cdef Senjutsu* s = <Senjutsu*>&mv[0]
    cdef int n, p, q, c, i, k, h
    cdef uint8_t counts[NC]
    cdef uint8_t table[NC]
    cdef int out[MAX_LEGAL]
    blank(s)
    n = checks.integer(g("players"), "state.players", MIN_PLAYERS, MAX_PLAYERS)
    s.players = n
    # the options: samurai, decks, terrain
    sams = checks.items(g("samurai"), "state.samurai", n)
    for p, key in enumerate(sams):
        checks.one_of(key, f"state.samurai[{p}]", SAMURAI_KEYS)
        if sams.count(key) > 1:
            raise PositionError(f"state.samurai[{p}]: {key} plays twice; one player per samurai")
        s.samurai[p] = SAMURAI_KEYS.index(key)
    deck = checks.items(g("deck"), "state.deck", n)
    for p in range(n):
        if not isinstance(deck[p], dict):
            raise PositionError(f"state.deck[{p}]: expected a map of card IDs to copies")
        counts_d = {}
        for cid, m in deck[p].items():
            if not isinstance(cid, str) or cid not in CARD_IDS:
                raise PositionError(f"state.deck[{p}]: {checks.shown(cid)} is not a card ID")
            if isinstance(m, bool) or not isinstance(m, int) or not 1 <= m <= DECK_MAX:
                raise PositionError(f"state.deck[{p}]: {cid}: expected 1 to {DECK_MAX} copies, got {checks.shown(m)}")
            counts_d[cid] = m
        trouble = decks_data.problems(counts_d, sams[p])
        if trouble:
            raise PositionError(f"state.deck[{p}]: {trouble[0]}")
        if list(counts_d) != list(canonical_deck(counts_d)):
            raise PositionError(f"state.deck[{p}]: cards are listed in the data's order")
        for cid, m in counts_d.items():
            s.owned[p][CARD_IDS.index(cid)] = m
    terrain = checks.one_of(g("terrain"), "state.terrain", TERRAINS)
    s.terrain = TERRAINS.index(terrain)
    if not (T.TERRAIN_PLAYERS[s.terrain] >> n) & 1:
        raise PositionError(f"state.terrain: {terrain} is not laid out for {n} players")
    s.terrain_hexes = T.TERRAIN_MASK[s.terrain]
    s.round = checks.integer(g("round"), "state.round", 0, ROUND_CAP)
    s.phase = PHASES.index(checks.one_of(g("phase"), "state.phase", PHASES))
    s.rng.state = checks.integer(g("rng"), "state.rng", 0, 2**64 - 1)
    # cards
    piles = checks.items(g("draw_piles"), "state.draw_piles", n)
    hands = checks.items(g("hands"), "state.hands", n)
    ups = checks.items(g("discards_face_up"), "state.discards_face_up", n)
    downs = checks.items(g("discards_face_down"), "state.discards_face_down", n)
    stuns = checks.items(g("stuns"), "state.stuns", n)
    cores = checks.items(g("cores_in_hand"), "state.cores_in_hand", n)
    armour = checks.items(g("armour"), "state.armour", n)
    for p in range(n):
        checks.items(piles[p], f"state.draw_piles[{p}]")
        if len(piles[p]) > DECK_MAX:
            raise PositionError(f"state.draw_piles[{p}]: more than {DECK_MAX} cards")
        for i, cid in enumerate(piles[p]):
            s.pile[p][i] = _card_id(cid, f"state.draw_piles[{p}][{i}]")
        s.pile_len[p] = len(piles[p])
        _counts_into(s.hand[p], hands[p], f"state.hands[{p}]")
        s.hn[p] = len(hands[p])
        _counts_into(s.up[p], ups[p], f"state.discards_face_up[{p}]")
        _counts_into(s.down[p], downs[p], f"state.discards_face_down[{p}]")
        s.stuns[p] = checks.integer(stuns[p], f"state.stuns[{p}]", 0, 60)
        s.core_in[p] = checks.boolean(cores[p], f"state.cores_in_hand[{p}]")
        s.armour[p] = _card_or_none(armour[p], f"state.armour[{p}]")
        if s.armour[p] != NONE and cards_data.CARDS[s.armour[p]].instant != IN_ADD:
            raise PositionError(f"state.armour[{p}]: only an additional instant stays by its samurai")
    # the board
    hexes = checks.items(g("hexes"), "state.hexes", n)
    facings = checks.items(g("facings"), "state.facings", n)
    kamae = checks.items(g("kamae"), "state.kamae", n)
    wounds = checks.items(g("wounds"), "state.wounds", n)
    bleeding = checks.items(g("bleeding"), "state.bleeding", n)
    for p in range(n):
        if hexes[p] is not None:
            pos = checks.items(hexes[p], f"state.hexes[{p}]", 2)
            qq = checks.integer(pos[0], f"state.hexes[{p}][0]", -3, 3)
            rr = checks.integer(pos[1], f"state.hexes[{p}][1]", -3, 3)
            h = hex_at(qq, rr)
            if h == NONE:
                raise PositionError(f"state.hexes[{p}]: ({qq},{rr}) is off the board")
            if terrain_at(s, h):
                raise PositionError(f"state.hexes[{p}]: ({qq},{rr}) is terrain")
            for q in range(p):
                if s.hex[q] == h:
                    raise PositionError(f"state.hexes[{p}]: seat {q} stands on ({qq},{rr}) too")
            s.hex[p] = h
        s.facing[p] = checks.integer(facings[p], f"state.facings[{p}]", 0, 5)
        s.kamae[p] = KAMAE.index(checks.one_of(kamae[p], f"state.kamae[{p}]", KAMAE))
        s.wounds[p] = checks.integer(wounds[p], f"state.wounds[{p}]", 0, 60)
        s.bleed[p] = checks.integer(bleeding[p], f"state.bleeding[{p}]", 0, 60)
    s.alive = checks.seats(g("standing"), "state.standing", n)
    s.fell = checks.seats(g("fell"), "state.fell", n)
    adv = checks.items(g("advantage"), "state.advantage", n)
    if sorted(x if isinstance(x, int) and not isinstance(x, bool) else -1 for x in adv) != list(range(n)):
        raise PositionError("state.advantage: each seat exactly once")
    for i in range(n):
        s.adv[i] = adv[i]
    s.placed = checks.integer(g("placed"), "state.placed", 0, n)
    for p in range(n):
        placed_yet = s.phase != P_PLACE or adv_pos(s, p) >= n - s.placed
        if alive(s, p) and placed_yet and s.hex[p] == NONE:
            raise PositionError(f"state.hexes[{p}]: a standing samurai is on the board")
        if (not alive(s, p) or not placed_yet) and s.hex[p] != NONE:
            raise PositionError(f"state.hexes[{p}]: "
                                + ("a fallen samurai has left the board" if not alive(s, p)
                                   else "this samurai has not been placed yet"))
        if alive(s, p) and s.wounds[p] + s.bleed[p] >= T.S_HEALTH[s.samurai[p]]:
            raise PositionError(f"state.wounds[{p}]: a standing samurai has fewer wounds than its health")
    if s.phase != P_PLACE and s.placed != n:
        raise PositionError("state.placed: every samurai is placed before the first round")
    if s.alive & s.fell:
        raise PositionError("state.fell: a standing samurai has not fallen")
    # this round
    sel = checks.items(g("selected"), "state.selected", n)
    repl = checks.items(g("replacements"), "state.replacements", n)
    addl = checks.items(g("additionals"), "state.additionals", n)
    segs = checks.items(g("segments"), "state.segments", n)
    for p in range(n):
        s.sel[p] = _card_or_none(sel[p], f"state.selected[{p}]", True)
        s.repl[p] = _card_or_none(repl[p], f"state.replacements[{p}]")
        s.addl[p] = _card_or_none(addl[p], f"state.additionals[{p}]")
        if s.sel[p] < NC and T.C_TYPE[s.sel[p]] == TY_CORE and s.sel[p] != T.S_CORE[s.samurai[p]]:
            raise PositionError(f"state.selected[{p}]: another samurai's core")
        if s.sel[p] < NC and T.C_INST[s.sel[p]] != IN_NONE:
            raise PositionError(f"state.selected[{p}]: an instant is never the round's card")
        if s.repl[p] != NONE and (T.C_INST[s.repl[p]] != IN_REPL or not ability(s.sel[p])):
            raise PositionError(f"state.replacements[{p}]: a replacement replaces a selected ability card")
        if s.addl[p] != NONE and T.C_INST[s.addl[p]] != IN_ADD:
            raise PositionError(f"state.additionals[{p}]: not an additional instant")
        seg = checks.items(segs[p], f"state.segments[{p}]")
        if len(seg) > MAX_SEG:
            raise PositionError(f"state.segments[{p}]: at most {MAX_SEG} segments")
        played = s.repl[p] if s.repl[p] != NONE else s.sel[p]
        if s.phase == P_ACT and len(seg) != (T.C_NSEG[played] if played < NC else 0):
            raise PositionError(f"state.segments[{p}]: the card played has {T.C_NSEG[played] if played < NC else 0}")
        s.nseg[p] = len(seg)
        for k, item in enumerate(seg):
            item = checks.items(item, f"state.segments[{p}][{k}]", 3)
            c = _card_or_none(item[0], f"state.segments[{p}][{k}][0]")
            if c == NONE or c != played:
                raise PositionError(f"state.segments[{p}][{k}][0]: the card played is {card_id(played)}")
            s.seg_card[p][k] = c
            s.seg_init[p][k] = checks.integer(item[1], f"state.segments[{p}][{k}][1]", 0, 10)
            if checks.boolean(item[2], f"state.segments[{p}][{k}][2]"):
                s.seg_done[p] |= 1 << k
    s.init_fixed = checks.seats(g("initiative_fixed"), "state.initiative_fixed", n)
    s.cancelled = checks.seats(g("cancelled"), "state.cancelled", n)
    s.nomove = checks.seats(g("no_move"), "state.no_move", n)
    rev = checks.items(g("revealed_to"), "state.revealed_to", n)
    for p in range(n):
        s.rev[p] = checks.seats(rev[p], f"state.revealed_to[{p}]", n)
        if (s.rev[p] >> p) & 1:
            raise PositionError(f"state.revealed_to[{p}]: a seat always sees its own hand")
    dealt = checks.items(g("dealt"), "state.dealt", n)
    for p in range(n):
        row = checks.items(dealt[p], f"state.dealt[{p}]", n)
        for q in range(n):
            s.dealt[p][q] = checks.integer(row[q], f"state.dealt[{p}][{q}]", 0, 60)
    s.cur_init = checks.integer(g("step"), "state.step", 0, 10)
    s.paid = checks.boolean(g("paid"), "state.paid")
    # the interpreter: contexts, blocks, frames
    ctxs = checks.items(g("contexts"), "state.contexts")
    if len(ctxs) > MAX_CTX:
        raise PositionError(f"state.contexts: more than {MAX_CTX}")
    for i, item in enumerate(ctxs):
        w = f"state.contexts[{i}]"
        item = checks.items(item, w, 7)
        root = checks.integer(item[0], f"{w}[0]", 0, T.N_NODES - 1)
        if root not in _roots():
            raise PositionError(f"{w}[0]: {root} is not the start of a card segment")
        s.ctx[i].root = root
        s.ctx[i].seat = checks.integer(item[1], f"{w}[1]", 0, n - 1)
        c = _card_or_none(item[2], f"{w}[2]")
        if c == NONE or root not in [T.C_ROOT[c][k] for k in range(T.C_NSEG[c])]:
            raise PositionError(f"{w}[2]: the segment is not this card's")
        s.ctx[i].card = c
        s.ctx[i].host = checks.boolean(item[3], f"{w}[3]")
        s.ctx[i].hit = checks.seats(_mask_list(item[4], n, f"{w}[4]"), f"{w}[4]", n)
        s.ctx[i].blocked = checks.seats(_mask_list(item[5], n, f"{w}[5]"), f"{w}[5]", n)
        s.ctx[i].stops = checks.integer(item[6], f"{w}[6]", 0, 60)
    s.n_ctx = len(ctxs)
    blocks = checks.items(g("blocks"), "state.blocks", n)
    for p in range(n):
        if blocks[p] is None:
            continue
        w = f"state.blocks[{p}]"
        b = checks.items(blocks[p], w, 4)
        s.blk_init[p] = checks.integer(b[0], f"{w}[0]", 0, 10)
        s.blk_ctx[p] = _context_index(s, b[1], f"{w}[1]")
        if s.blk_ctx[p] == NONE:
            raise PositionError(f"{w}[1]: a block belongs to a segment")
        s.blk_node[p] = checks.integer(b[2], f"{w}[2]", 0, T.N_NODES - 1)
        if T.N_OP[s.blk_node[p]] != OP_BLOCK:
            raise PositionError(f"{w}[2]: not a block")
        s.blk_hex[p] = NONE if b[3] is None else checks.integer(b[3], f"{w}[3]", 0, T.N_HEX - 1)
        if s.ctx[s.blk_ctx[p]].seat != p:
            raise PositionError(f"{w}[1]: the block is another seat's")
    stack = checks.items(g("stack"), "state.stack")
    if len(stack) > MAX_STACK:
        raise PositionError(f"state.stack: more than {MAX_STACK} frames")
    for i, item in enumerate(stack):
        _read_frame(s, i, item)
    s.depth = len(stack)
    la = g("last_attack")
    if la is not None:
        la = checks.items(la, "state.last_attack", 4)
        s.la_seat = checks.integer(la[0], "state.last_attack[0]", 0, n - 1)
        s.la_hex = NONE if la[1] is None else checks.integer(la[1], "state.last_attack[1]", 0, T.N_HEX - 1)
        s.la_facing = checks.integer(la[2], "state.last_attack[2]", 0, 5)
        s.la_node = checks.integer(la[3], "state.last_attack[3]", 0, T.N_NODES - 1)
        if T.N_OP[s.la_node] != OP_ATTACK:
            raise PositionError("state.last_attack[3]: not an attack")
    # knowledge
    kh = checks.items(g("known_hands"), "state.known_hands", n)
    kt = checks.items(g("known_tops"), "state.known_tops", n)
    for q in range(n):
        rows = checks.items(kh[q], f"state.known_hands[{q}]", n)
        tops = checks.items(kt[q], f"state.known_tops[{q}]", n)
        for p in range(n):
            w = f"state.known_hands[{q}][{p}]"
            _counts_into(s.kh[q][p], rows[p], w)
            if p == q and rows[p]:
                raise PositionError(f"{w}: a seat's own hand is not a matter of knowledge")
            for c in range(NC):
                if s.kh[q][p][c] > s.hand[p][c]:
                    raise PositionError(f"{w}: {CARD_IDS[c]} is known in the hand more often than it is there")
            if (s.rev[p] >> q) & 1:
                for c in range(NC):
                    if s.kh[q][p][c] != s.hand[p][c]:
                        raise PositionError(f"{w}: a seat shown the hand knows all of it")
            s.ntop[q][p] = checks.integer(tops[p], f"state.known_tops[{q}][{p}]", 0, s.pile_len[p])
    ch = checks.items(g("chance"), "state.chance", n)
    for p in range(n):
        s.ck[p] = checks.integer(ch[p], f"state.chance[{p}]", 0, 2**64 - 1)
    log = checks.items(g("log"), "state.log")
    if len(log) > LOG_CAP:
        raise PositionError(f"state.log: more than {LOG_CAP} steps")
    for i, ev in enumerate(log):
        vals = checks.entry(ev, f"state.log[{i}]", LOG_WIDTHS, LOG_STEPS, n)
        s.log[i].kind, s.log[i].seat, s.log[i].a, s.log[i].b, s.log[i].c, s.log[i].d = vals
    s.n_log = len(log)
    s.log_lost = checks.boolean(g("log_lost"), "state.log_lost")
    s.log_new_round = checks.boolean(g("log_new_round"), "state.log_new_round")
    # every card of each seat's deck in exactly one place
    for p in range(n):
        memset(table, 0, NC)
        if s.phase == P_ACT:
            for c in (s.sel[p], s.repl[p], s.addl[p]):
                if c < NC and T.C_TYPE[c] != TY_CORE:
                    table[c] += 1
        # (Heavy Armour donned this round is still on the table: one card)
        if s.armour[p] != NONE and table[s.armour[p]] == 0:
            table[s.armour[p]] += 1
        for c in range(NC):
            counts[c] = 0
        for i in range(s.pile_len[p]):
            counts[s.pile[p][i]] += 1
        for c in range(NC):
            k = counts[c] + s.hand[p][c] + s.up[p][c] + s.down[p][c] + table[c]
            if k != s.owned[p][c]:
                raise PositionError(f"state: seat {p} has {k} {CARD_NAMES[c] if c < len(CARDS) else c} "
                                    f"({card_id(c)}) in play, its deck has {s.owned[p][c]}")
        core_played = s.phase == P_ACT and s.sel[p] == T.S_CORE[s.samurai[p]]
        if bool(s.core_in[p]) == core_played:
            raise PositionError(f"state.cores_in_hand[{p}]: the core is in hand unless it is being played")
    # the decision
    dec = checks.one_of(g("decision"), "state.decision", DECISIONS)
    s.dec = DECISIONS.index(dec)
    s.dec_seat = _seat_or_none(g("deciding"), "state.deciding", n)
    s.sim = checks.seats(g("choosing"), "state.choosing", n)
    _check_decision(s)
    return bytes(buf)


def _mask_list(v, int n, str where):
    """Masks are kept as bit sets in C; files hold them as plain integers."""
    mask = checks.integer(v, where, 0, (1 << n) - 1)
    return [p for p in range(n) if (mask >> p) & 1]


cdef int _context_index(Senjutsu* s, v, str where) except -1:
    if v is None:
        return NONE
    if s.n_ctx == 0:
        raise PositionError(f"{where}: there is no segment context")
    return checks.integer(v, where, 0, s.n_ctx - 1)


# What the interpreter keeps in a frame's i, n and m, per kind of frame:
# progress, a count, a card, a seat, a mask of options (``push`` zeroes
# them).  A kind not listed never stays on the stack: it finishes as it runs
# (an attack, a stun, a gate...).  ``_STEPS`` is a count up to the node's
# own number (``N_B``: cards to discard, steps to take).
_STEPS = checks.Among("a count up to the node's")
_ZERO = range(1)
_SEATS = range(MAX_PLAYERS + 1)
FRAME_FIELDS = {
    F_REPLWIN: (_SEATS, range(MAX_PLAYERS), (1, 2)),
    F_INITS: (_SEATS, _ZERO, _ZERO),
    F_RESOLVE: (_ZERO, _ZERO, _ZERO),
    F_ADDWIN: (range(2), _ZERO, _ZERO),
    F_TRIG: (range(3), range(2), range(2)),
    F_PLAYFOE: (range(MAX_SEG + 1), _CARD, _ZERO),
    F_DISCARDS: (_SEATS, _ZERO, _ZERO),
    OP_SEQ: (_ZERO, _ZERO, _ZERO),
    OP_OR: (_ZERO, _ZERO, range(1 << 6)),
    OP_TARGET: (range(2), _ZERO, range(1 << MAX_PLAYERS)),
    OP_EACH: (range(2), _ZERO, range(1 << MAX_PLAYERS)),
    OP_THEN: (range(2), _ZERO, _ZERO),
    OP_MOVE: (_STEPS, _ZERO, _ZERO),
    OP_ROTATE: (_ZERO, _ZERO, _ZERO),
    OP_DRAW: (_ZERO, _ZERO, _ZERO),
    OP_DISC: (_STEPS, _ZERO, _ZERO),
    OP_FDISC: (_STEPS, _ZERO, _ZERO),
    OP_SHUFFLE_SOME: (_STEPS, _ZERO, _ZERO),
    OP_SEARCH: (_ZERO, _ZERO, _ZERO),
    OP_TOP3: (range(2), range(4), _ZERO),
    OP_GIVE3: (range(2), range(4), _ZERO),
    OP_PLAYFOE: (_ZERO, _ZERO, _ZERO),
    OP_KPLUS: (_ZERO, _ZERO, range(1 << N_KAMAE)),
    OP_KTO: (_ZERO, _ZERO, range(1 << N_KAMAE)),
    OP_FKTO: (_ZERO, _ZERO, range(1 << N_KAMAE)),
    OP_PUSH: (_ZERO, _ZERO, range(1 << 6)),
    OP_PULL: (_ZERO, _ZERO, range(1 << 6)),
    OP_TROT: (_ZERO, _ZERO, _ZERO),
    OP_TUCK: (_STEPS, _ZERO, _ZERO),
}


cdef _read_frame(Senjutsu* s, int i, item):
    w = f"state.stack[{i}]"
    item = checks.items(item, w, 8)
    kind = checks.integer(item[0], f"{w}[0]", 0, 255)
    if kind not in FRAME_KINDS:
        raise PositionError(f"{w}[0]: {kind} is not a frame of the interpreter")
    if kind not in FRAME_FIELDS:
        raise PositionError(f"{w}[0]: a frame of kind {kind} never waits on the stack")
    cdef Frame* f = &s.stack[i]
    f.kind = kind
    if kind < N_OPS:
        f.node = checks.integer(item[1], f"{w}[1]", 0, T.N_NODES - 1)
        if T.N_OP[f.node] != kind:
            raise PositionError(f"{w}[1]: node {f.node} is not of the frame's kind")
    else:
        if item[1] is not None:
            raise PositionError(f"{w}[1]: only a card's frame has a node")
        f.node = NO_NODE
    f.cur = NO_NODE if item[2] is None else checks.integer(item[2], f"{w}[2]", 0, T.N_NODES - 1)
    f.ctx = _context_index(s, item[3], f"{w}[3]")
    f.tgt = NONE if item[4] is None else checks.integer(item[4], f"{w}[4]", 0, s.players - 1)
    for k, domain in enumerate(FRAME_FIELDS[kind]):
        v = checks.integer(item[5 + k], f"{w}[{5 + k}]", 0, 255)
        if not (v <= T.N_B[f.node] if domain is _STEPS else v in domain):
            shown = f"0..{T.N_B[f.node]}" if domain is _STEPS else checks.describe(domain, s.players)
            raise PositionError(f"{w}[{5 + k}]: {v} is not {shown} in a frame of kind {kind}")
        if k == 0:
            f.i = v
        elif k == 1:
            f.n = v
        else:
            f.m = v
    if (kind < N_OPS or kind in (F_ADDWIN, F_TRIG, F_PLAYFOE)) and f.ctx == NONE:
        raise PositionError(f"{w}[3]: this frame belongs to a segment")
    if kind in (F_REPLWIN, F_INITS, F_RESOLVE, F_DISCARDS) and f.ctx != NONE:
        raise PositionError(f"{w}[3]: a window belongs to no segment")
    if f.cur != NO_NODE:
        parent = f.node if kind < N_OPS else (s.ctx[f.ctx].root if kind == F_TRIG else NO_NODE)
        if parent == NO_NODE or f.cur not in children(parent):
            raise PositionError(f"{w}[2]: node {f.cur} is not a part of what the frame runs")
    if kind == F_PLAYFOE and not (f.n < len(CARDS) and T.C_NSEG[f.n] >= 1):
        raise PositionError(f"{w}[6]: not a card")
    if kind in (F_REPLWIN, F_INITS, F_DISCARDS) and f.i > s.players:
        raise PositionError(f"{w}[5]: past the last seat")


cdef _check_decision(Senjutsu* s):
    """The decision must be one play reaches: the phase's, asked of the
    right seat, with something to choose (a forced one is played at once)."""
    cdef int n = s.players, p, k
    cdef int out[MAX_LEGAL]
    cdef Frame* f
    ph = s.phase
    if ph == P_OVER:
        if s.dec != D_NONE or s.depth or s.sim:
            raise PositionError("state.decision: nobody decides once the game is over")
        if popcount64(s.alive) > 1 and s.round < ROUND_CAP:
            raise PositionError("state.phase: the game is over only with one samurai standing, or at the round cap")
        return
    if popcount64(s.alive) < 2:
        raise PositionError("state.standing: with one samurai standing the game is over")
    if s.dec == D_NONE:
        raise PositionError("state.decision: a game in progress waits on a decision")
    if ph == P_PLACE:
        if s.dec != D_PLACE or s.depth or s.sim or s.round:
            raise PositionError("state.decision: placement is the only decision before the first round")
        if s.placed >= n:
            raise PositionError("state.placed: every samurai is placed; the first round has begun")
        if s.dec_seat != placer(s):
            raise PositionError(f"state.deciding: seat {placer(s)} places now (lowest advantage first)")
    elif ph == P_SELECT:
        if s.dec != D_SELECT or s.depth or s.round == 0:
            raise PositionError("state.decision: the selection waits on every seat's card, with no frame")
        want = 0
        for p in range(n):
            if alive(s, p) and s.hn[p] + s.stuns[p] > 0:
                want |= 1 << p
        if s.sim != want:
            raise PositionError(f"state.choosing: the seats with a card to choose are {seats_of(want, n)}")
        if all(s.hn[p] == 0 for p in range(n) if (s.sim >> p) & 1):
            raise PositionError("state.choosing: every seat holds only stun cards; nothing to decide")
    else:
        if s.dec in (D_PLACE, D_SELECT):
            raise PositionError(f"state.decision: no {DECISIONS[s.dec]} in the {PHASES[ph]} phase")
        if s.sim:
            raise PositionError("state.choosing: only the selection is a choice made at once")
        if s.depth == 0 or s.round == 0:
            raise PositionError("state.stack: a decision of a round waits in a frame")
        f = &s.stack[s.depth - 1]
        if f.kind not in DECISION_FRAMES[s.dec]:
            raise PositionError(f"state.decision: a {DECISIONS[s.dec]} is not asked by the frame on top")
        if ph == P_DISCARD and (s.stack[0].kind != F_DISCARDS or s.depth != 1):
            raise PositionError("state.stack: the discard phase runs one frame")
        if ph == P_ACT and s.stack[0].kind != F_RESOLVE:
            raise PositionError("state.stack: a round's activation starts from its segments frame")
        if f.ctx != NONE and not active(s, s.ctx[f.ctx].seat):
            raise PositionError("state.stack: the frame on top belongs to a fallen or cancelled samurai")
        if s.dec_seat == NONE or not alive(s, s.dec_seat):
            raise PositionError("state.deciding: a standing samurai decides")
        seat = _expected_decider(s, f)
        if seat != s.dec_seat:
            raise PositionError(f"state.deciding: seat {seat} decides this {DECISIONS[s.dec]}")
    if s.dec == D_SELECT:
        for p in range(n):
            if (s.sim >> p) & 1 and legal_moves(s, p, out) == 0:
                raise PositionError(f"state.choosing: seat {p} has nothing to choose")
        return
    k = legal_moves(s, s.dec_seat, out)
    if k == 0:
        raise PositionError(f"state.decision: seat {s.dec_seat} has nothing to choose")
    if (k == 1 and not hidden_kind(s.dec)) or (hidden_kind(s.dec) and publicly_forced(s, k)):
        raise PositionError(f"state.decision: seat {s.dec_seat}'s only move is forced; nothing to decide")


cdef int _expected_decider(Senjutsu* s, Frame* f):
    k = f.kind
    if k == F_REPLWIN:
        if f.i == 0 or f.i > s.players or f.m not in (1, 2):
            raise PositionError("state.stack: the replacement window is not at a seat")
        p = s.adv[f.i - 1]
        if not may_replace(s, p):
            raise PositionError(f"state.stack: seat {p} may not replace now")
        return p
    if k == F_INITS:
        if f.i >= s.players:
            raise PositionError("state.stack: the initiatives are all fixed")
        return s.adv[f.i]
    if k == F_DISCARDS:
        if f.i >= s.players:
            raise PositionError("state.stack: the discard phase is over")
        return s.adv[f.i]
    if k == F_ADDWIN or k == F_TRIG:
        if s.dec == D_ADD and not may_add(s, f.ctx):
            raise PositionError("state.stack: this samurai may not play an additional now")
        if k == F_TRIG and f.tgt == NONE:
            raise PositionError("state.stack: a block's triggers answer an attacker")
        return s.ctx[f.ctx].seat
    if s.dec == D_FDISC:
        if f.tgt == NONE:
            raise PositionError("state.stack: a forced discard has a target")
        return f.tgt
    if s.dec in (D_TUCK, D_GIVE3, D_RAY, D_TURN) or (s.dec == D_KAMAE and k == OP_FKTO):
        if f.tgt == NONE or not alive(s, f.tgt):
            raise PositionError("state.stack: this action needs a standing target")
    if s.dec in (D_TOP3, D_GIVE3) and not (f.i == 1 and 1 <= f.n <= 3):
        raise PositionError("state.stack: a look at the top cards has 1 to 3 of them")
    return s.ctx[f.ctx].seat


