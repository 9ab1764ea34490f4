# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Senjutsu's rules on its C struct (rules.pxd): the card tables loaded from
the data, the interpreter that runs every card, the rounds, the
determinization, the rollout policy, the cut-off evaluation and the C table
the search walks, all ``nogil``; the deal (``new_state``) and the options.

Rulebook ``seeds/003``, card data and rulings ``rules/senjutsu.md``; the
rules as implemented are in ``docs/rules/senjutsu.md``.  The cards are data
(``engine/senjutsu/data/senjutsu.txt``): ``cards.py`` parses every action
line with one grammar and compiles it to the node tables below, which one
interpreter runs.  No card has code of its own.

Why one module of some 2,600 lines: the interpreter, the decisions, the
policy and the evaluation all run in every step of every rollout and share
the struct's small helpers and the card tables as C ``inline`` functions and
module arrays; split, they would call each other through pointers.
Everything Python-facing is elsewhere: positions in ``position.pyx``, what
a seat sees and the steps in ``views.pyx``, names in ``notation.pyx``.  The
self-checks the tests run in C (``random_games``, ``invariant_broken``)
stay here beside the rules they check.

A round: bleeding mills and a draw each; a secret simultaneous choice of a
card (decoupled, as in Nin Jan); then everything else is a stack of small
frames run by the interpreter, each decision one seat's short list:
replacement windows, initiative values, each segment of each card in
initiative order with its optional steps, rotations, alternatives, targets,
draws and discards, blocks with their triggers and counters inside the
attack they stop, additional instants after a segment; then the discard
phase.  A seat is asked whenever public information says it may act (an
instant window asks every seat that may hold an instant, ``pass`` always
legal), so being asked never tells anyone what a hand holds.

>>> from ninja_dojo.engine import new_game
>>> state = new_game("senjutsu", players=2, seed=1, samurai="ronin,master")
>>> state.movers(), [a.name for a in state.legal_actions()]      # the Ronin places first
([0], ['place on (0,2)', 'place on (0,3)', 'place on (-1,3)', 'place on (1,2)'])
"""
from libc.stdint cimport uint8_t, int8_t, int16_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset, memcpy
from cpython.pycapsule cimport PyCapsule_New

from ninja_dojo.engine.core cimport (GameDef, Rng, MAX_SEATS, MAX_LEGAL, rng_next, rng_below, rng_seed,
                          popcount64, lowest_bit, shuffle_u8, set_weights, keep_log_from)
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine import checks
from ninja_dojo.engine.senjutsu import cards as cards_data
from ninja_dojo.engine.senjutsu import decks as decks_data


# --------------------------------------------------------------------------
# The tables, from the data file (engine/senjutsu/data/senjutsu.txt) through
# engine/senjutsu/cards.py: one source for every card and number.
# --------------------------------------------------------------------------
cdef int N_CARDS
cdef int N_NODES
cdef int N_CELLS
cdef int N_SAMURAI
cdef uint8_t C_TYPE[NC]
cdef uint8_t C_RANK[NC]
cdef uint8_t C_INST[NC]
cdef uint8_t C_OWNER[NC]
cdef uint8_t C_LO[NC]
cdef uint8_t C_HI[NC]
cdef uint8_t C_ALTK[NC]          # kamae of the [K] alternate, NONE if none
cdef uint8_t C_ALTV[NC]
cdef uint8_t C_NSEG[NC]
cdef uint8_t C_SEGINIT[NC][MAX_SEG]
cdef uint16_t C_ROOT[NC][MAX_SEG]
cdef uint8_t C_REQ[NC]           # kamae mask, 0: no requirement
cdef uint8_t C_COND[NC]          # 0 none, 1 hit, 2 blk
cdef uint8_t C_NATK[NC]          # the card's attack nodes (the policy's look-ahead)
cdef uint16_t C_ATK[NC][4]
cdef uint8_t N_OP[MAX_NODES]
cdef uint8_t N_A[MAX_NODES]
cdef uint8_t N_B[MAX_NODES]
cdef uint16_t N_C[MAX_NODES]
cdef uint16_t N_KID[MAX_NODES]
cdef uint16_t N_NXT[MAX_NODES]
cdef uint8_t N_TRIG[MAX_NODES]   # a trigger item at a segment's top (blk:, CTR, gated)
cdef uint8_t N_CARD[MAX_NODES]   # the card a node belongs to
cdef int8_t CELL_D2[MAX_CELLS]
cdef uint8_t CELL_K[MAX_CELLS]
cdef uint8_t CELL_W[MAX_CELLS]
cdef uint8_t CELL_B[MAX_CELLS]
cdef uint8_t S_HEALTH[MAX_PLAYERS]
cdef uint8_t S_HAND[MAX_PLAYERS]
cdef uint8_t S_CORE[MAX_PLAYERS]
cdef uint8_t S_INIT[MAX_PLAYERS]
cdef uint8_t K_NEXT[MAX_PLAYERS][N_KAMAE]   # kamae reachable along one branch, as a mask
# The board
cdef int N_HEX
cdef int8_t HEX_Q[MAX_HEX]
cdef int8_t HEX_R[MAX_HEX]
cdef uint8_t HEX_AT[13][13]      # (q + 6, r + 6) -> hex, NONE off the board
cdef uint8_t NEIGH[MAX_HEX][6]
cdef uint8_t DIST[MAX_HEX][MAX_HEX]
cdef int8_t DQ[6]
cdef int8_t DR[6]
# Start zones: [players - 2][seat] hexes (4 each), facing
cdef uint8_t ZONE[3][MAX_PLAYERS][4]
cdef uint8_t ZONE_N[3][MAX_PLAYERS]
cdef uint8_t ZONE_FACING[3][MAX_PLAYERS]
cdef uint64_t TERRAIN_MASK[8]
cdef uint8_t TERRAIN_PLAYERS[8]  # bit n: allowed at n players


CARDS = cards_data.CARDS
SAMURAI = cards_data.SAMURAI
KAMAE = cards_data.KAMAE
KAMAE_NAMES = tuple(name for _, name in cards_data.DATA_TABLES.kamae)
CARD_IDS = tuple(c.id for c in CARDS)
CARD_NAMES = tuple(c.name for c in CARDS)
SAMURAI_KEYS = tuple(s.key for s in SAMURAI)
TERRAINS = ("none",) + tuple(t.name for t in cards_data.DATA_TABLES.terrain)
ZONES = cards_data.DATA_TABLES.zones
REL_NAMES = cards_data.REL
COMPASS = cards_data.COMPASS


def _subtree(nodes, root):
    """Node indices under ``root`` (itself first)."""
    out, todo = [], [root]
    while todo:
        n = todo.pop()
        out.append(n)
        k = nodes[n][4]
        while k >= 0:
            todo.append(k)
            k = nodes[k][5]
    return out


def _load_tables():
    """Copy the parsed data into the C arrays (and check the enums match)."""
    global N_CARDS, N_NODES, N_CELLS, N_SAMURAI, N_HEX
    assert cards_data.OPS.index("armour") == OP_ARMOUR and len(cards_data.OPS) == N_OPS
    assert cards_data.OPS.index("playfoe") == OP_PLAYFOE and cards_data.OPS.index("trigger") == OP_TRIGGER
    assert cards_data.TYPES == ("def", "atk", "med", "core") and cards_data.KAMAE == tuple("GABDL")
    assert cards_data.TARGETS == ("foe", "foes", "hit1", "blk1")
    comp = cards_data.COMPILED
    if len(CARDS) > NC or len(comp.nodes) > MAX_NODES or len(comp.cells) > MAX_CELLS:
        raise cards_data.CardDataError(f"the data has {len(CARDS)} cards, {len(comp.nodes)} nodes and "
                                       f"{len(comp.cells)} cells; the engine holds {NC}, {MAX_NODES}, {MAX_CELLS}")
    if len(SAMURAI) != MAX_PLAYERS:
        raise cards_data.CardDataError(f"the engine plays four samurai, the data has {len(SAMURAI)}")
    N_CARDS = len(CARDS)
    N_NODES = len(comp.nodes)
    N_CELLS = len(comp.cells)
    N_SAMURAI = len(SAMURAI)
    for i, (op, a, b, c, kid, nxt) in enumerate(comp.nodes):
        N_OP[i] = op
        N_A[i] = a
        N_B[i] = b
        N_C[i] = c
        N_KID[i] = NO_NODE if kid < 0 else kid
        N_NXT[i] = NO_NODE if nxt < 0 else nxt
    for i in range(N_NODES):
        N_TRIG[i] = 0
        k = i
        if N_OP[k] == OP_GATE and N_KID[k] != NO_NODE:
            k = N_KID[k]
        if N_OP[k] == OP_TRIGGER or N_OP[k] == OP_COUNTER:
            N_TRIG[i] = 1
    for i, (d2, k, w, b) in enumerate(comp.cells):
        CELL_D2[i] = d2
        CELL_K[i] = k
        CELL_W[i] = w
        CELL_B[i] = b
    owners = {s.key: s.index for s in SAMURAI}
    for card in CARDS:
        i = card.index
        C_TYPE[i] = card.type
        C_RANK[i] = card.rank
        C_INST[i] = card.instant
        C_OWNER[i] = NONE if card.owner is None else owners[card.owner]
        C_LO[i] = card.init.lo
        C_HI[i] = card.init.hi
        C_ALTK[i] = KAMAE.index(card.init.alt_kamae) if card.init.alt_kamae else NONE
        C_ALTV[i] = card.init.alt
        C_NSEG[i] = len(card.segments)
        if C_NSEG[i] > MAX_SEG:
            raise cards_data.CardDataError(f"{card.id}: at most {MAX_SEG} segments")
        for k in range(MAX_SEG):
            C_SEGINIT[i][k] = card.init.later[k - 1] if 0 < k < C_NSEG[i] else C_LO[i]
            C_ROOT[i][k] = comp.roots[i][k] if k < C_NSEG[i] else NO_NODE
        C_REQ[i] = sum(1 << KAMAE.index(k) for k in card.req)
        C_COND[i] = ("", "hit", "blk").index(card.cond)
        for r in comp.roots[i]:
            for n in _subtree(comp.nodes, r):
                N_CARD[n] = i
        attacks = [n for r in comp.roots[i] for n in _subtree(comp.nodes, r) if comp.nodes[n][0] == OP_ATTACK]
        C_NATK[i] = min(len(attacks), 4)
        for k, n in enumerate(attacks[:4]):
            C_ATK[i][k] = n
    for s in SAMURAI:
        S_HEALTH[s.index] = s.health
        S_HAND[s.index] = s.hand_limit
        S_CORE[s.index] = CARD_IDS.index(s.core)
        S_INIT[s.index] = s.initiative
        for k in range(N_KAMAE):
            K_NEXT[s.index][k] = 0
        for a, b in s.branches:
            K_NEXT[s.index][KAMAE.index(a)] |= 1 << KAMAE.index(b)
    radius = cards_data.DATA_TABLES.radius
    hexes = [(q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1)
             if max(abs(q), abs(r), abs(q + r)) <= radius]
    if len(hexes) != MAX_HEX:
        raise cards_data.CardDataError(f"the engine's board has {MAX_HEX} hexes (radius 3)")
    N_HEX = len(hexes)
    for d, (dq, dr) in enumerate(cards_data.DIRS):
        DQ[d] = dq
        DR[d] = dr
    for q in range(13):
        for r in range(13):
            HEX_AT[q][r] = NONE
    for i, (q, r) in enumerate(hexes):
        HEX_Q[i] = q
        HEX_R[i] = r
        HEX_AT[q + 6][r + 6] = i
    for i, (q, r) in enumerate(hexes):
        for d in range(6):
            NEIGH[i][d] = hex_at(q + DQ[d], r + DR[d])
        for j, (q2, r2) in enumerate(hexes):
            DIST[i][j] = max(abs(q - q2), abs(r - r2), abs(q + r - q2 - r2))
    for z in ZONES:
        if not 2 <= z.players <= MAX_PLAYERS or not 1 <= z.seat <= z.players or len(z.hexes) > 4:
            raise cards_data.CardDataError(f"zone of seat {z.seat} at {z.players} players: out of range")
        ZONE_N[z.players - 2][z.seat - 1] = len(z.hexes)
        ZONE_FACING[z.players - 2][z.seat - 1] = z.facing
        # The default hex first: it is the zone's first legal placement.
        ordered = [z.default] + [h for h in z.hexes if h != z.default]
        for k, h in enumerate(ordered):
            ZONE[z.players - 2][z.seat - 1][k] = hexes.index(h)
    for t, layout in enumerate(cards_data.DATA_TABLES.terrain):
        TERRAIN_MASK[t + 1] = 0
        TERRAIN_PLAYERS[t + 1] = 0
        for h in layout.hexes:
            TERRAIN_MASK[t + 1] |= (<uint64_t>1) << hexes.index(h)
        for n in layout.players:
            TERRAIN_PLAYERS[t + 1] |= 1 << n
    TERRAIN_MASK[0] = 0
    TERRAIN_PLAYERS[0] = 0xFF
    return hexes


cdef inline uint8_t hex_at(int q, int r) noexcept nogil:
    if q < -6 or q > 6 or r < -6 or r > 6:
        return NONE
    return HEX_AT[q + 6][r + 6]


HEXES = tuple(_load_tables())


def hex_text(int q, int r):
    """A hex as the game names it: ``hex_text(0, 2)`` is ``'(0,2)'``."""
    return f"({q},{r})"


HEX_NAMES = tuple(hex_text(q, r) for q, r in HEXES)

cdef Tables TABLES
TABLES.N_CARDS = N_CARDS
TABLES.N_NODES = N_NODES
TABLES.N_HEX = N_HEX
TABLES.C_TYPE = C_TYPE
TABLES.C_INST = C_INST
TABLES.C_NSEG = C_NSEG
TABLES.C_ROOT = C_ROOT
TABLES.N_OP = N_OP
TABLES.N_A = N_A
TABLES.N_B = N_B
TABLES.N_KID = N_KID
TABLES.N_NXT = N_NXT
TABLES.S_HEALTH = S_HEALTH
TABLES.S_CORE = S_CORE
TABLES.TERRAIN_MASK = TERRAIN_MASK
TABLES.TERRAIN_PLAYERS = TERRAIN_PLAYERS
TABLES.NEIGH = NEIGH


cdef const Tables* tables() noexcept nogil:
    """The tables above, for the position and view modules (read only)."""
    return &TABLES


# --------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------
cdef inline void log_ev(Senjutsu* s, int kind, int seat, int a, int b, int c, int d) noexcept nogil:
    cdef Event* e
    if s.n_log >= LOG_CAP:
        s.log_lost = 1
        return
    e = &s.log[s.n_log]
    e.kind = kind; e.seat = seat; e.a = a; e.b = b; e.c = c; e.d = d
    s.n_log += 1

cdef inline void saw(Senjutsu* s, int o, uint64_t code) noexcept nogil:
    """Chance only seat ``o`` saw in this move (a card it drew or looked at)."""
    if 0 <= o < MAX_PLAYERS:
        s.ck[o] = s.ck[o] * <uint64_t>0x100000001B3 + code + 1

cdef inline bint alive(const Senjutsu* s, int p) noexcept nogil:
    return p < MAX_PLAYERS and (s.alive >> p) & 1

cdef inline bint active(const Senjutsu* s, int p) noexcept nogil:
    """Standing and not cancelled: its actions still happen."""
    return alive(s, p) and not (s.cancelled >> p) & 1

cdef inline int who_at(const Senjutsu* s, int h) noexcept nogil:
    cdef int p
    if h == NONE:
        return NONE
    for p in range(s.players):
        if (s.alive >> p) & 1 and s.hex[p] == h:
            return p
    return NONE

cdef inline bint terrain_at(const Senjutsu* s, int h) noexcept nogil:
    return h != NONE and (s.terrain_hexes >> h) & 1

cdef inline bint enterable(const Senjutsu* s, int h) noexcept nogil:
    return h != NONE and not terrain_at(s, h) and who_at(s, h) == NONE

cdef inline int limit_of(const Senjutsu* s, int p) noexcept nogil:
    return S_HAND[s.samurai[p]]

cdef inline int adv_pos(const Senjutsu* s, int p) noexcept nogil:
    cdef int i
    for i in range(s.players):
        if s.adv[i] == p:
            return i
    return s.players

cdef inline int first_in_adv(const Senjutsu* s, int mask) noexcept nogil:
    """The seat of ``mask`` with the highest advantage, NONE if empty."""
    cdef int i
    for i in range(s.players):
        if (mask >> s.adv[i]) & 1:
            return s.adv[i]
    return NONE

cdef inline bint gate_ok(const Senjutsu* s, int p, int mask) noexcept nogil:
    return (mask >> s.kamae[p]) & 1

cdef inline bint ability(int c) noexcept nogil:
    """A non-instant ability card (what an instant may join)."""
    return c < NC and C_INST[c] == IN_NONE and C_TYPE[c] != TY_CORE

cdef inline int pile_total(const uint8_t* counts) noexcept nogil:
    cdef int c, n = 0
    for c in range(NC):
        n += counts[c]
    return n

cdef inline int cell_hex(int h, int f, int cell) noexcept nogil:
    """The hex of attack/block cell ``cell`` for a samurai on ``h`` facing ``f``."""
    cdef int d2 = CELL_D2[cell], k = CELL_K[cell], d, e, dq, dr
    if h == NONE:
        return NONE
    d = (f + d2 // 2) % 6
    if d2 % 2 == 0:
        dq = DQ[d] * k
        dr = DR[d] * k
    else:
        e = (d + 1) % 6
        dq = DQ[d] + DQ[e]
        dr = DR[d] + DR[e]
    return hex_at(HEX_Q[h] + dq, HEX_R[h] + dr)

cdef uint64_t node_hexes(int node, int h, int f) noexcept nogil:
    """The board hexes an attack or block node covers from pose (h, f)."""
    cdef uint64_t m = 0
    cdef int i, x
    for i in range(N_B[node]):
        x = cell_hex(h, f, N_C[node] + i)
        if x != NONE:
            m |= (<uint64_t>1) << x
    return m

cdef int rays(const Senjutsu* s, int a, int t, int* r2) noexcept nogil:
    """The source ``a``'s ray towards ``t``; off the six rays, the two
    nearest rays (the second in ``r2``; NONE when on a ray)."""
    cdef int dq = HEX_Q[s.hex[t]] - HEX_Q[s.hex[a]], dr = HEX_R[s.hex[t]] - HEX_R[s.hex[a]]
    cdef int k = DIST[s.hex[a]][s.hex[t]], d, e, det, x, y
    r2[0] = NONE
    for d in range(6):
        if DQ[d] * k == dq and DR[d] * k == dr:
            return d
    for d in range(6):
        e = (d + 1) % 6
        det = DQ[d] * DR[e] - DQ[e] * DR[d]
        x = (dq * DR[e] - dr * DQ[e]) * det
        y = (DQ[d] * dr - DR[d] * dq) * det
        if x > 0 and y > 0:
            r2[0] = e
            return d
    return 0

cdef inline int kamae_reach(const Senjutsu* s, int p, int n) noexcept nogil:
    """Kamae positions reachable along at most ``n`` branches."""
    cdef int m = 1 << s.kamae[p], i, k, nxt
    for i in range(n):
        nxt = m
        for k in range(N_KAMAE):
            if (m >> k) & 1:
                nxt |= K_NEXT[s.samurai[p]][k]
        m = nxt
    return m


# ------------------------------------------------------ cards and knowledge
# kh[o][p] is what observer o knows to be in seat p's hand (a sub-multiset
# of it); ntop[o][p] how many top cards of p's pile o knows.  A seat always
# knows its own hand, pile contents and discards (it may look at its own
# discard pile: chosen), so kh[p][p] is unused.  determinize keeps what the
# observer knows and resamples the rest.

cdef inline void rev_sync(Senjutsu* s, int p) noexcept nogil:
    """Seats that see p's hand this round (REV) know all of it."""
    cdef int o
    if s.rev[p]:
        for o in range(s.players):
            if (s.rev[p] >> o) & 1 and o != p:
                memcpy(s.kh[o][p], s.hand[p], NC)

cdef void hand_add(Senjutsu* s, int p, int c, int seen_by) noexcept nogil:
    """Card c joins p's hand; the seats of ``seen_by`` saw which."""
    cdef int o
    s.hand[p][c] += 1
    s.hn[p] += 1
    saw(s, p, 1000 + c)
    for o in range(s.players):
        if o != p and ((seen_by >> o) & 1 or (s.rev[p] >> o) & 1):
            s.kh[o][p][c] += 1
            if (s.rev[p] >> o) & 1:
                saw(s, o, 1000 + c)
    rev_sync(s, p)

cdef void hand_remove(Senjutsu* s, int p, int c, int seen_by) noexcept nogil:
    """Card c leaves p's hand.  A seat that saw which card (``seen_by``)
    forgets one copy it knew; one that did not forgets all it knew."""
    cdef int o
    s.hand[p][c] -= 1
    s.hn[p] -= 1
    for o in range(s.players):
        if o == p:
            continue
        if (seen_by >> o) & 1:
            if s.kh[o][p][c]:
                s.kh[o][p][c] -= 1
        else:
            memset(s.kh[o][p], 0, NC)
    rev_sync(s, p)

cdef inline int everyone(const Senjutsu* s) noexcept nogil:
    return (1 << s.players) - 1

cdef int draw_top(Senjutsu* s, int p) noexcept nogil:
    """p draws its top card (NONE if its pile is empty).  A seat that knew
    that card (GIVE3) now knows it is in p's hand."""
    cdef int c, o, seen = 0
    if s.pile_len[p] == 0:
        return NONE
    s.pile_len[p] -= 1
    c = s.pile[p][s.pile_len[p]]
    s.pile[p][s.pile_len[p]] = 0
    for o in range(s.players):
        if s.ntop[o][p]:
            s.ntop[o][p] -= 1
            seen |= 1 << o
    hand_add(s, p, c, seen & ~(1 << p))
    return c

cdef int forced_draw(Senjutsu* s, int p, int n) noexcept nogil:
    """p must draw n: a wound per card it cannot draw (ruling 1)."""
    cdef int k, missing = 0
    for k in range(n):
        if draw_top(s, p) == NONE:
            missing += 1
    if missing:
        s.wounds[p] += missing
    return missing

cdef void mill_top(Senjutsu* s, int p) noexcept nogil:
    """Bleeding: the top card goes face down to the discard pile."""
    cdef int c, o
    if s.pile_len[p] == 0:
        return
    s.pile_len[p] -= 1
    c = s.pile[p][s.pile_len[p]]
    s.pile[p][s.pile_len[p]] = 0
    s.down[p][c] += 1
    saw(s, p, 2000 + c)
    for o in range(s.players):
        if s.ntop[o][p]:
            s.ntop[o][p] -= 1

cdef void discard_down(Senjutsu* s, int p, int c) noexcept nogil:
    hand_remove(s, p, c, 0)
    s.down[p][c] += 1

cdef void discard_up(Senjutsu* s, int p, int c) noexcept nogil:
    hand_remove(s, p, c, everyone(s))
    s.up[p][c] += 1

cdef void shuffle_pile(Senjutsu* s, int p) noexcept nogil:
    cdef int o
    shuffle_u8(s.pile[p], s.pile_len[p], &s.rng)
    for o in range(s.players):
        s.ntop[o][p] = 0

cdef int take_from_discard(Senjutsu* s, int p, int c) noexcept nogil:
    """One copy of c leaves p's discard pile, a face-down copy first (the
    same card, and the foes learn less: chosen).  1 if it was face up."""
    if s.down[p][c]:
        s.down[p][c] -= 1
        return 0
    s.up[p][c] -= 1
    return 1


# --------------------------------------------------------------- the stack

cdef inline Frame* push(Senjutsu* s, int kind, int node, int ctx, int tgt) noexcept nogil:
    cdef Frame* f
    if s.depth >= MAX_STACK:
        return NULL
    f = &s.stack[s.depth]
    s.depth += 1
    f.kind = kind
    f.node = node
    f.cur = N_KID[node] if node != NO_NODE else NO_NODE
    f.ctx = ctx
    f.tgt = tgt
    f.i = 0
    f.n = 0
    f.m = 0
    return f

cdef inline void push_node(Senjutsu* s, int node, int ctx, int tgt) noexcept nogil:
    if node != NO_NODE and node < N_NODES:
        push(s, N_OP[node], node, ctx, tgt)

cdef inline void pop(Senjutsu* s) noexcept nogil:
    if s.depth:
        s.depth -= 1

cdef inline void ask(Senjutsu* s, int dec, int seat) noexcept nogil:
    s.dec = dec
    s.dec_seat = seat

cdef int new_ctx(Senjutsu* s, int seat, int card, int root, int host) noexcept nogil:
    cdef Ctx* c
    if s.n_ctx >= MAX_CTX:
        return NONE
    c = &s.ctx[s.n_ctx]
    c.root = root
    c.seat = seat
    c.card = card
    c.host = host
    c.hit = 0
    c.blocked = 0
    c.stops = 0
    s.n_ctx += 1
    return s.n_ctx - 1


# ------------------------------------------------------------- defeat, end

cdef void game_over(Senjutsu* s) noexcept nogil:
    if s.phase == P_ACT:
        clear_table(s)
    s.phase = P_OVER
    s.depth = 0
    s.dec = D_NONE
    s.sim = 0
    log_ev(s, E_GAME_OVER, NONE, s.alive, s.fell, 0, 0)

cdef bint check_defeat(Senjutsu* s) noexcept nogil:
    """Ruling 15: everyone at health falls together; the last standing wins.
    True when the game is over."""
    cdef int p, newly = 0
    if s.phase == P_OVER:
        return True
    for p in range(s.players):
        if (s.alive >> p) & 1 and s.wounds[p] + s.bleed[p] >= S_HEALTH[s.samurai[p]]:
            newly |= 1 << p
    if not newly:
        return False
    fall(s, newly)
    return s.phase == P_OVER

cdef void fall(Senjutsu* s, int newly) noexcept nogil:
    cdef int p
    s.alive &= ~newly
    s.fell = newly
    for p in range(s.players):
        if (newly >> p) & 1:
            s.hex[p] = NONE
            s.blk_init[p] = NONE
            log_ev(s, E_DEFEAT, p, s.wounds[p], s.bleed[p], s.stuns[p], 0)
    if popcount64(s.alive) <= 1:
        game_over(s)


# ----------------------------------------------------------- board actions

cdef void give_stun(Senjutsu* s, int p) noexcept nogil:
    if alive(s, p):
        s.stuns[p] += 1
        log_ev(s, E_STUN, p, 0, 0, 0, 0)

cdef void collide(Senjutsu* s, int mover, int absdir) noexcept nogil:
    """Ruling 10: the mover stays put.  Into a samurai: both get a stun and
    the mover's card is cancelled; into the edge or terrain: the mover alone
    gets a stun."""
    cdef int h = NEIGH[s.hex[mover]][absdir], other = who_at(s, h)
    if other == NONE or other == mover:
        log_ev(s, E_COLLIDE, mover, NONE, 1 if terrain_at(s, h) else 0, s.hex[mover], absdir)
        give_stun(s, mover)
        return
    log_ev(s, E_COLLIDE, mover, other, 2, s.hex[mover], absdir)
    give_stun(s, mover)
    give_stun(s, other)
    s.cancelled |= 1 << mover
    log_ev(s, E_CANCEL, mover, 1, 0, 0, 0)

cdef void move_to(Senjutsu* s, int p, int h, int why) noexcept nogil:
    log_ev(s, E_MOVE, p, s.hex[p], h, why, 0)
    s.hex[p] = h

cdef void forced_step(Senjutsu* s, int p, int absdir, int why) noexcept nogil:
    """A step p must make (push, pull, TSTEP): into a free hex, or a collision."""
    cdef int h = NEIGH[s.hex[p]][absdir]
    if enterable(s, h):
        move_to(s, p, h, why)
    else:
        collide(s, p, absdir)

cdef int step_mask(const Senjutsu* s, int p, int dirs) noexcept nogil:
    """The card-relative directions of ``dirs`` p may step into now."""
    cdef int d, m = 0
    for d in range(6):
        if (dirs >> d) & 1 and enterable(s, NEIGH[s.hex[p]][(s.facing[p] + d) % 6]):
            m |= 1 << d
    return m

cdef void set_kamae(Senjutsu* s, int p, int k, int by) noexcept nogil:
    if s.kamae[p] != k:
        log_ev(s, E_KAMAE, p, s.kamae[p], k, by, 0)
    s.kamae[p] = k

cdef void push_target(Senjutsu* s, int src, int t, int ray, int n, bint pull) noexcept nogil:
    """PUSHn/PULLn (ruling 16): n hexes along ``ray`` from the source, away
    (push) or towards it (pull); a blocked hex is a collision."""
    cdef int k, d = (ray + 3) % 6 if pull else ray
    log_ev(s, E_PUSH, t, src, pull, n, 0)
    for k in range(n):
        if not alive(s, t):
            return
        if not enterable(s, NEIGH[s.hex[t]][d]):
            collide(s, t, d)
            return
        move_to(s, t, NEIGH[s.hex[t]][d], 2 if pull else 1)


# ------------------------------------------------------------------ attacks

cdef bint is_blocked(const Senjutsu* s, int a, int d) noexcept nogil:
    """Ruling 12: an attack by ``a`` at this step on ``d`` is blocked when d's
    block protects this step and a stands on a block hex, or every shortest
    path from a to d crosses one (the hexes follow d's current pose)."""
    cdef uint64_t blk, reach = 0
    cdef int D, layer, h, g, e
    cdef bint ok
    if s.blk_init[d] != s.cur_init or s.blk_node[d] == NO_NODE:
        return False
    blk = node_hexes(s.blk_node[d], s.hex[d], s.facing[d])
    if (blk >> s.hex[a]) & 1:
        return True
    D = DIST[s.hex[a]][s.hex[d]]
    if D <= 1:
        return False
    # Hexes on a shortest path lie "between" a and d; walk them layer by
    # layer from a, never through a block hex.
    reach = (<uint64_t>1) << s.hex[a]
    for layer in range(1, D):
        for h in range(N_HEX):
            if DIST[s.hex[a]][h] != layer or DIST[h][s.hex[d]] != D - layer or (blk >> h) & 1:
                continue
            ok = False
            for e in range(6):
                g = NEIGH[h][e]
                if g != NONE and (reach >> g) & 1 and DIST[s.hex[a]][g] == layer - 1:
                    ok = True
            if ok:
                reach |= (<uint64_t>1) << h
    for e in range(6):
        g = NEIGH[s.hex[d]][e]
        if g != NONE and (reach >> g) & 1 and DIST[s.hex[a]][g] == D - 1:
            return False
    return True

cdef void resolve_attack(Senjutsu* s, Frame* f, int a) noexcept nogil:
    """ATK (rulings 11, 12, 13, 23, 26): every samurai in a cell is hit
    unless blocked; wounds land together, then defeat is checked; each
    blocking defender's triggers run next, inside this attack."""
    cdef int node = f.node, ctx = f.ctx, i, h, t, ww, bb, fd
    cdef int hit = 0, blocked = 0
    cdef int w[MAX_PLAYERS]
    cdef int b[MAX_PLAYERS]
    cdef int order[MAX_PLAYERS]
    cdef int n_order = 0
    pop(s)
    for t in range(MAX_PLAYERS):
        w[t] = 0
        b[t] = 0
    for i in range(N_B[node]):
        h = cell_hex(s.hex[a], s.facing[a], N_C[node] + i)
        if h == NONE or terrain_at(s, h):
            continue
        t = who_at(s, h)
        if t == NONE or t == a:
            continue
        if not N_A[node] and is_blocked(s, a, t):
            blocked |= 1 << t
        else:
            hit |= 1 << t
            w[t] += CELL_W[N_C[node] + i]
            b[t] += CELL_B[N_C[node] + i]
    s.la_seat = a
    s.la_hex = s.hex[a]
    s.la_facing = s.facing[a]
    s.la_node = node
    log_ev(s, E_ATTACK, a, s.hex[a], s.facing[a], node, hit | (blocked << 8))
    for t in range(s.players):
        if not (hit >> t) & 1:
            continue
        ww = w[t]
        bb = b[t]
        if s.armour[t] != NONE and ww + bb >= 2:
            if ww:
                ww -= 1
            else:
                bb -= 1
            log_ev(s, E_ARMOUR, t, 0, 0, 0, 0)
            s.stuns[t] += 1
        s.wounds[t] += ww
        s.bleed[t] += bb
        s.dealt[a][t] += ww
        log_ev(s, E_WOUND, t, ww, bb, a, 0)
    if ctx != NONE:
        s.ctx[ctx].hit |= hit
    if check_defeat(s):
        return
    # The blocks' triggers, in advantage order (pushed last-first).
    for i in range(s.players):
        t = s.adv[i]
        if (blocked >> t) & 1 and alive(s, t):
            order[n_order] = t
            n_order += 1
    for i in range(n_order - 1, -1, -1):
        t = order[i]
        fd = s.blk_ctx[t]
        if fd == NONE or fd >= s.n_ctx:
            continue
        s.ctx[fd].blocked |= 1 << a
        s.ctx[fd].stops += 1
        f = push(s, F_TRIG, NO_NODE, fd, a)
        if f != NULL:
            f.cur = N_KID[s.ctx[fd].root] if s.ctx[fd].root < N_NODES else NO_NODE
            f.m = 1 if s.ctx[fd].stops == 1 else 0


# ------------------------------------------------------------- the rounds

cdef void setup_segments(Senjutsu* s, int p, int c) noexcept nogil:
    cdef int k
    s.nseg[p] = C_NSEG[c] if c < NC else 0
    for k in range(MAX_SEG):
        s.seg_card[p][k] = c if k < s.nseg[p] else NONE
        s.seg_init[p][k] = C_SEGINIT[c][k] if k < s.nseg[p] else 0

cdef void begin_round(Senjutsu* s) noexcept nogil:
    """The draw phase (ruling 5): bleeding mills, a draw each (a wound for
    an empty pile), defeat checked; then everyone chooses a card at once."""
    cdef int p, k, i
    if s.round >= ROUND_CAP:
        s.fell = 0
        game_over(s)
        return
    s.round += 1
    log_ev(s, E_ROUND, NONE, s.round & 255, 0, s.round, 0)
    s.log_new_round = 1
    for p in range(s.players):
        s.sel[p] = NONE
        s.repl[p] = NONE
        s.addl[p] = NONE
        s.nseg[p] = 0
        s.seg_done[p] = 0
        s.rev[p] = 0
        s.blk_init[p] = NONE
        s.blk_ctx[p] = NONE
        s.blk_node[p] = NO_NODE
        for k in range(MAX_SEG):
            s.seg_card[p][k] = NONE
            s.seg_init[p][k] = 0
        for k in range(MAX_PLAYERS):
            s.dealt[p][k] = 0
    s.init_fixed = 0
    s.cancelled = 0
    s.nomove = 0
    s.n_ctx = 0
    s.cur_init = 0
    s.la_seat = NONE
    for i in range(s.players):
        p = s.adv[i]
        if alive(s, p):
            for k in range(s.bleed[p]):
                if s.pile_len[p]:
                    mill_top(s, p)
                    log_ev(s, E_MILL, p, 0, 0, 0, 0)
    for i in range(s.players):
        p = s.adv[i]
        if alive(s, p):
            if draw_top(s, p) == NONE:
                s.wounds[p] += 1
                log_ev(s, E_EMPTY, p, 1, 0, 0, 0)
            else:
                log_ev(s, E_DRAW, p, 1, 0, 0, 0)
    if check_defeat(s):
        return
    s.sim = 0
    for p in range(s.players):
        if alive(s, p) and s.hn[p] + s.stuns[p] > 0:
            s.sim |= 1 << p
    s.phase = P_SELECT
    if s.sim:
        s.dec = D_SELECT
    else:
        start_activation(s)

cdef void start_activation(Senjutsu* s) noexcept nogil:
    """Cards are revealed: replacement window (i), initiatives, segments."""
    cdef Frame* f
    cdef int p
    s.sim = 0
    s.dec = D_NONE
    for p in range(s.players):
        setup_segments(s, p, s.sel[p] if s.sel[p] < NC else NONE)
    s.phase = P_ACT
    s.depth = 0
    push(s, F_RESOLVE, NO_NODE, NONE, NONE)
    push(s, F_INITS, NO_NODE, NONE, NONE)
    f = push(s, F_REPLWIN, NO_NODE, NONE, NONE)
    f.m = 1

cdef void select_cards(Senjutsu* s, const int* joint) noexcept nogil:
    """The simultaneous choice, revealed at once."""
    cdef int p, a, c
    for p in range(s.players):
        if not (s.sim >> p) & 1:
            continue
        a = joint[p]
        if a == A_STUN:
            s.stuns[p] -= 1
            s.sel[p] = SEL_STUN
        else:
            c = a - A_PLAY
            s.sel[p] = c
            if c == S_CORE[s.samurai[p]]:
                s.core_in[p] = 0
            else:
                hand_remove(s, p, c, everyone(s))
        log_ev(s, E_REVEAL, p, s.sel[p], 0, 0, 0)
    start_activation(s)

cdef void clear_table(Senjutsu* s) noexcept nogil:
    """Played cards go face up to their owners' discards (Heavy Armour
    stays out), cores return to hand."""
    cdef int p, k, c
    cdef uint8_t played[3]
    for p in range(s.players):
        played[0] = s.sel[p]
        played[1] = s.repl[p]
        played[2] = s.addl[p]
        for k in range(3):
            c = played[k]
            if c >= NC:
                continue
            if c == S_CORE[s.samurai[p]]:
                s.core_in[p] = 1
            elif s.armour[p] != c:
                s.up[p][c] += 1
        s.rev[p] = 0
        s.blk_init[p] = NONE

cdef void end_activation(Senjutsu* s) noexcept nogil:
    """After the last segment: the table is cleared; then the discard phase."""
    clear_table(s)
    s.la_seat = NONE
    s.phase = P_DISCARD
    log_ev(s, E_DISCARD_PHASE, NONE, 0, 0, 0, 0)
    push(s, F_DISCARDS, NO_NODE, NONE, NONE)

cdef void end_discards(Senjutsu* s) noexcept nogil:
    """Ruling 20: more than five stun cards in hand is a defeat."""
    cdef int p, newly = 0
    for p in range(s.players):
        if alive(s, p) and s.stuns[p] > limit_of(s, p):
            newly |= 1 << p
    log_ev(s, E_END, NONE, 0, 0, 0, 0)
    if newly:
        fall(s, newly)
        if s.phase == P_OVER:
            return
    begin_round(s)

cdef void start_game(Senjutsu* s) noexcept nogil:
    """After placement: five cards each, then the first round."""
    cdef int p, k
    for p in range(s.players):
        for k in range(5):
            draw_top(s, p)
    begin_round(s)

cdef inline int placer(const Senjutsu* s) noexcept nogil:
    """Lowest advantage places first (rulings section 1)."""
    return s.adv[s.players - 1 - s.placed]

cdef int zone_options(const Senjutsu* s, int p, int* out) noexcept nogil:
    cdef int k, n = 0, h
    for k in range(ZONE_N[s.players - 2][p]):
        h = ZONE[s.players - 2][p][k]
        if enterable(s, h):
            out[n] = h
            n += 1
    return n


# ------------------------------------------------------ initiative choices

cdef int init_options(const Senjutsu* s, int p) noexcept nogil:
    """The values p may fix for its first segment (ruling 6), as a mask."""
    cdef int c = s.seg_card[p][0], v, m = 0
    if c >= NC:
        return 0
    for v in range(C_LO[c], C_HI[c] + 1):
        m |= 1 << v
    if C_ALTK[c] != NONE and s.kamae[p] == C_ALTK[c]:
        m |= 1 << C_ALTV[c]
    return m

cdef int late_init(const Senjutsu* s, int p, int c) noexcept nogil:
    """A replacement played after a segment resolves (ruling 18 ii): the
    highest of its values at or below the step now resolving, or that step."""
    cdef int v, best = -1
    for v in range(C_LO[c], C_HI[c] + 1):
        if v <= s.cur_init and v > best:
            best = v
    if C_ALTK[c] != NONE and s.kamae[p] == C_ALTK[c] and C_ALTV[c] <= s.cur_init and C_ALTV[c] > best:
        best = C_ALTV[c]
    return best if best >= 0 else s.cur_init

cdef bint may_replace(const Senjutsu* s, int p) noexcept nogil:
    """Public: p may still play a replacement (ruling 18)."""
    return (active(s, p) and ability(s.sel[p]) and s.repl[p] == NONE and s.seg_done[p] == 0
            and s.hn[p] > 0)


# --------------------------------------------------------- the interpreter
# One loop runs every card: the top frame either finishes (pops), pushes the
# nodes it covers, or asks its seat a question and waits (s.dec).

cdef int target_candidates(const Senjutsu* s, int kind, int rng, int actor, int ctx) noexcept nogil:
    cdef int p, m = 0
    if kind == T_HIT1:
        return s.ctx[ctx].hit & s.alive & ~(1 << actor)
    if kind == T_BLK1:
        return s.ctx[ctx].blocked & s.alive & ~(1 << actor)
    for p in range(s.players):
        if p != actor and alive(s, p) and (rng == 0 or DIST[s.hex[actor]][s.hex[p]] <= rng):
            m |= 1 << p
    return m

cdef inline int nth_child(int node, int i) noexcept nogil:
    cdef int c = N_KID[node]
    while i > 0 and c != NO_NODE:
        c = N_NXT[c]
        i -= 1
    return c

cdef int or_options(const Senjutsu* s, int node, int actor) noexcept nogil:
    """The alternatives of an ``or`` whose gates are met, as a mask."""
    cdef int c = N_KID[node], i = 0, m = 0
    while c != NO_NODE and i < 6:
        if N_OP[c] != OP_GATE or gate_ok(s, actor, N_A[c]):
            m |= 1 << i
        c = N_NXT[c]
        i += 1
    return m

cdef bint look_at_top(Senjutsu* s, Frame* f, int looker, int owner) noexcept nogil:
    """TOP3 and GIVE3: ``looker`` sees the top 3 cards of ``owner``'s pile
    (fewer if it is short; the frame pops if it is empty) and knows them
    while they stay there."""
    cdef int n = s.pile_len[owner] if s.pile_len[owner] < 3 else 3, k
    if n == 0:
        pop(s)
        return False
    f.n = n
    f.i = 1
    for k in range(n):
        saw(s, looker, 3000 + owner * 512 + s.pile[owner][s.pile_len[owner] - 1 - k] * 4 + k)
    if s.ntop[looker][owner] < n:
        s.ntop[looker][owner] = n
    return True


cdef void run_node(Senjutsu* s, Frame* f) noexcept nogil:
    cdef int node = f.node, ctx = f.ctx, tgt = f.tgt, op = f.kind
    cdef int actor = s.ctx[ctx].seat, c, m, p, n, r2, r1
    if op == OP_SEQ:
        c = f.cur
        while c != NO_NODE and N_TRIG[c]:
            c = N_NXT[c]
        if c == NO_NODE:
            pop(s)
            return
        f.cur = N_NXT[c]
        push_node(s, c, ctx, tgt)
    elif op == OP_OR:
        m = or_options(s, node, actor)
        if m == 0:
            pop(s)
        elif popcount64(m) == 1:
            pop(s)
            push_node(s, nth_child(node, lowest_bit(m)), ctx, tgt)
        else:
            f.m = m
            ask(s, D_OR, actor)
    elif op == OP_GATE:
        pop(s)
        if gate_ok(s, actor, N_A[node]):
            push_node(s, N_KID[node], ctx, tgt)
    elif op == OP_TARGET:
        if N_A[node] == T_FOES:
            if f.i == 0:
                f.m = target_candidates(s, T_FOES, N_B[node], actor, ctx)
                f.i = 1
            p = first_in_adv(s, f.m & s.alive)
            if p == NONE:
                pop(s)
            else:
                f.m &= ~(1 << p)
                push_node(s, N_KID[node], ctx, p)
            return
        m = target_candidates(s, N_A[node], N_B[node], actor, ctx)
        if m == 0:
            pop(s)
        elif popcount64(m) == 1:
            pop(s)
            push_node(s, N_KID[node], ctx, lowest_bit(m))
        else:
            f.m = m
            ask(s, D_TARGET, actor)
    elif op == OP_EACH:
        # Every surviving samurai hit (or attacker blocked), in advantage order (ruling 23).
        if f.i == 0:
            f.m = (s.ctx[ctx].hit if N_A[node] == 0 else s.ctx[ctx].blocked) & ~(1 << actor)
            f.i = 1
        p = first_in_adv(s, f.m & s.alive)
        if p == NONE:
            pop(s)
        else:
            f.m &= ~(1 << p)
            push_node(s, N_KID[node], ctx, p)
    elif op == OP_THEN:
        if f.i == 0:
            f.i = 1
            s.paid = 1
            push_node(s, N_KID[node], ctx, tgt)
        else:
            pop(s)
            if s.paid and N_KID[node] != NO_NODE:
                push_node(s, N_NXT[N_KID[node]], ctx, tgt)
    elif op == OP_TRIGGER or op == OP_COUNTER:
        pop(s)          # they run only inside the attack a block stops
    elif op == OP_MOVE:
        run_move(s, f, actor)
    elif op == OP_ROTATE:
        if (s.nomove >> actor) & 1:
            pop(s)
        else:
            ask(s, D_ROT, actor)
    elif op == OP_ATTACK:
        resolve_attack(s, f, actor)
    elif op == OP_BLOCK:
        s.blk_init[actor] = s.cur_init
        s.blk_ctx[actor] = ctx
        s.blk_node[actor] = node
        s.blk_hex[actor] = s.hex[actor]
        log_ev(s, E_BLOCK, actor, s.hex[actor], s.facing[actor], node, s.cur_init)
        pop(s)
    elif op == OP_DRAW:
        if s.pile_len[actor] == 0:
            pop(s)
        else:
            ask(s, D_DRAW, actor)
    elif op == OP_DISC:
        if f.i == 0 and s.hn[actor] < N_B[node]:
            s.paid = 0          # an unpayable DISC is skipped (ruling 19)
            pop(s)
        elif f.i >= N_B[node] or s.hn[actor] == 0:
            pop(s)
        else:
            ask(s, D_DISC, actor)
    elif op == OP_ADVANTAGE:
        move_to_top(s, actor)
        pop(s)
    elif op == OP_SHUFFLE:
        n = 0
        for c in range(NC):
            for m in range(s.up[actor][c] + s.down[actor][c]):
                if s.pile_len[actor] < DECK_MAX:
                    s.pile[actor][s.pile_len[actor]] = c
                    s.pile_len[actor] += 1
                    n += 1
            s.up[actor][c] = 0
            s.down[actor][c] = 0
        shuffle_pile(s, actor)
        log_ev(s, E_SHUFFLE, actor, n, 0, 0, 0)
        pop(s)
    elif op == OP_SHUFFLE_SOME:
        if f.i >= N_B[node] or pile_total(s.up[actor]) + pile_total(s.down[actor]) == 0:
            finish_shuffle_some(s, f, actor)
        else:
            ask(s, D_SHUF, actor)
    elif op == OP_SEARCH:
        if pile_total(s.down[actor]) == 0 and search_count(s, actor, N_A[node]) == 0:
            pop(s)      # nothing to take, and everyone can see it
        else:
            ask(s, D_SRCH, actor)
    elif op == OP_TOP3:
        if f.i == 0:
            if not look_at_top(s, f, actor, actor):
                return
            log_ev(s, E_TOP3, actor, f.n, 0, 0, 0)
        ask(s, D_TOP3, actor)
    elif op == OP_PLAYFOE:
        if playfoe_count(s, actor) == 0:
            pop(s)
        else:
            ask(s, D_PLAYFOE, actor)
    elif op == OP_KPLUS:
        m = kamae_reach(s, actor, N_B[node])
        if m == (1 << s.kamae[actor]):
            pop(s)
        else:
            f.m = m
            ask(s, D_KAMAE, actor)
    elif op == OP_KTO:
        if N_A[node] == NONE:
            f.m = (1 << K_A) | (1 << K_B) | (1 << K_D)
            ask(s, D_KAMAE, actor)
        else:
            set_kamae(s, actor, N_A[node], actor)
            pop(s)
    elif op == OP_ARMOUR:
        s.armour[actor] = N_CARD[node]      # the card itself, not the segment it joins
        log_ev(s, E_ARMOUR, actor, 1, 0, 0, 0)
        pop(s)
    else:
        run_targeted(s, f, actor)

cdef void run_targeted(Senjutsu* s, Frame* f, int actor) noexcept nogil:
    """Actions on a target: skipped if it fell (ruling 23)."""
    cdef int node = f.node, op = f.kind, t = f.tgt, x, r1, r2, n, k
    if t >= s.players or not alive(s, t) or (t == actor and op != OP_STUN):
        pop(s)
        return
    if op == OP_FDRAW:
        n = N_B[node]
        x = forced_draw(s, t, n)
        log_ev(s, E_FDRAW, t, n - x, x, 0, 0)
        pop(s)
        check_defeat(s)
    elif op == OP_FDISC:
        if f.i >= N_B[node] or s.hn[t] == 0:
            pop(s)
        else:
            ask(s, D_FDISC, t)
    elif op == OP_STUN:
        give_stun(s, t)
        pop(s)
    elif op == OP_PUSH or op == OP_PULL:
        r1 = rays(s, actor, t, &r2)
        if r2 == NONE:
            pop(s)
            push_target(s, actor, t, r1, N_B[node], op == OP_PULL)
        else:
            f.m = (1 << r1) | (1 << r2)
            ask(s, D_RAY, actor)
    elif op == OP_TROT:
        if N_B[node] % 6 == 3:
            s.facing[t] = (s.facing[t] + 3) % 6
            log_ev(s, E_TURN, t, s.facing[t], actor, 0, 0)
            pop(s)
        else:
            ask(s, D_TURN, actor)
    elif op == OP_TSTEP:
        pop(s)
        forced_step(s, t, s.facing[t], 3)
    elif op == OP_SWAP:
        x = s.hex[actor]
        s.hex[actor] = s.hex[t]
        s.hex[t] = x
        log_ev(s, E_SWAP, actor, t, 0, 0, 0)
        pop(s)
    elif op == OP_FKTO:
        f.m = (1 << K_A) | (1 << K_B) | (1 << K_D)
        ask(s, D_KAMAE, actor)
    elif op == OP_REVEAL:
        s.rev[t] |= 1 << actor
        memcpy(s.kh[actor][t], s.hand[t], NC)
        for k in range(NC):
            if s.hand[t][k]:
                saw(s, actor, 4000 + k * 16 + s.hand[t][k])
        log_ev(s, E_REV, actor, t, 0, 0, 0)
        pop(s)
    elif op == OP_CANCEL:
        s.cancelled |= 1 << t
        log_ev(s, E_CANCEL, t, 0, actor, 0, 0)
        pop(s)
    elif op == OP_NOMOVE:
        s.nomove |= 1 << t
        log_ev(s, E_NOMOVE, t, actor, 0, 0, 0)
        pop(s)
    elif op == OP_CONVERT:
        x = s.dealt[actor][t]
        if x > s.wounds[t]:
            x = s.wounds[t]
        s.wounds[t] -= x
        s.bleed[t] += x
        s.dealt[actor][t] = 0
        log_ev(s, E_CONVERT, t, x, actor, 0, 0)
        pop(s)
    elif op == OP_TUCK:
        if f.i >= N_B[node] or s.hn[t] == 0:
            finish_tuck(s, f, actor, t)
        else:
            ask(s, D_TUCK, actor)
    elif op == OP_GIVE3:
        if f.i == 0 and not look_at_top(s, f, actor, t):
            return
        ask(s, D_GIVE3, actor)
    else:
        pop(s)

cdef void run_move(Senjutsu* s, Frame* f, int actor) noexcept nogil:
    """Mn / mn (ruling 9): each step in a listed direction relative to the
    facing; a mandatory step with no free hex is a collision (ruling 10)."""
    cdef int node = f.node, legal, d, toward_samurai
    if (s.nomove >> actor) & 1:
        pop(s)
        return
    while True:
        if f.i >= N_B[node]:
            pop(s)
            return
        legal = step_mask(s, actor, N_C[node])
        if not N_A[node]:
            if legal == 0:
                pop(s)
            else:
                ask(s, D_STEP, actor)
            return
        if legal and popcount64(legal) == 1:
            d = lowest_bit(legal)
            move_to(s, actor, NEIGH[s.hex[actor]][(s.facing[actor] + d) % 6], 0)
            f.i += 1
            continue
        if legal:
            ask(s, D_STEP, actor)
            return
        # Every listed direction is blocked: a collision, where the mover picks.
        toward_samurai = 0
        for d in range(6):
            if (N_C[node] >> d) & 1 and who_at(s, NEIGH[s.hex[actor]][(s.facing[actor] + d) % 6]) != NONE:
                toward_samurai = 1
        if toward_samurai and popcount64(N_C[node]) > 1:
            ask(s, D_COLLIDE, actor)
            return
        d = lowest_bit(N_C[node])
        pop(s)
        collide(s, actor, (s.facing[actor] + d) % 6)
        return

cdef void move_to_top(Senjutsu* s, int p) noexcept nogil:
    """ADV: p's advantage token goes to the top (ruling 22)."""
    cdef int i, j = adv_pos(s, p)
    if j >= s.players:
        return
    for i in range(j, 0, -1):
        s.adv[i] = s.adv[i - 1]
    s.adv[0] = p
    log_ev(s, E_ADV, p, 0, 0, 0, 0)

cdef void finish_shuffle_some(Senjutsu* s, Frame* f, int actor) noexcept nogil:
    shuffle_pile(s, actor)
    log_ev(s, E_SHUFFLE, actor, f.i, 1, 0, 0)
    pop(s)

cdef void finish_tuck(Senjutsu* s, Frame* f, int actor, int t) noexcept nogil:
    """TUCK: the picked cards are shuffled into the target's pile, then it
    draws as many."""
    cdef int n = f.i
    pop(s)
    if n:
        shuffle_pile(s, t)
        forced_draw(s, t, n)
    log_ev(s, E_TUCK, actor, t, n, 0, 0)

cdef inline bint type_ok(int c, int want) noexcept nogil:
    """SRCH[t]: want 0 any, else type + 1."""
    return want == 0 or C_TYPE[c] + 1 == want

cdef int search_count(const Senjutsu* s, int p, int want) noexcept nogil:
    cdef int c, n = 0
    for c in range(N_CARDS):
        if s.up[p][c] + s.down[p][c] and type_ok(c, want):
            n += 1
    return n

cdef inline bint playfoe_card(int c) noexcept nogil:
    return (C_TYPE[c] == TY_ATK or C_TYPE[c] == TY_DEF) and C_RANK[c] != RK_JADE

cdef int playfoe_count(const Senjutsu* s, int p) noexcept nogil:
    cdef int o, c, n = 0
    for o in range(s.players):
        if o != p and alive(s, o):
            for c in range(N_CARDS):
                if s.up[o][c] and playfoe_card(c):
                    n += 1
    return n


cdef bint may_add(const Senjutsu* s, int ctx) noexcept nogil:
    """Public: the owner of segment ``ctx`` may still play an additional."""
    cdef int p = s.ctx[ctx].seat
    return active(s, p) and s.ctx[ctx].host and s.addl[p] == NONE and s.hn[p] > 0

cdef void run_driver(Senjutsu* s, Frame* f) noexcept nogil:
    cdef int k = f.kind, p, i, best, bi, bt, ba, init, ty, c, ctx, seg
    if k == F_REPLWIN:
        while f.i < s.players:
            p = s.adv[f.i]
            f.i += 1
            if may_replace(s, p):
                f.n = p
                ask(s, D_REPL, p)
                return
        pop(s)
    elif k == F_INITS:
        while f.i < s.players:
            p = s.adv[f.i]
            if active(s, p) and s.nseg[p] and not (s.init_fixed >> p) & 1:
                c = init_options(s, p)
                if popcount64(c) > 1:
                    ask(s, D_INIT, p)
                    return
                s.seg_init[p][0] = lowest_bit(c) if c else 0
                s.init_fixed |= 1 << p
            f.i += 1
        pop(s)
    elif k == F_RESOLVE:
        # Ruling 7: highest initiative first; ties defence, attack,
        # meditation, core; then the higher advantage.
        best = NONE
        bi = -1
        bt = 9
        ba = 9
        seg = 0
        for p in range(s.players):
            if not active(s, p):
                continue
            for i in range(s.nseg[p]):
                if not (s.seg_done[p] >> i) & 1:
                    break
            else:
                continue
            init = s.seg_init[p][i]
            ty = C_TYPE[s.seg_card[p][i]]
            if init > bi or (init == bi and (ty < bt or (ty == bt and adv_pos(s, p) < ba))):
                best = p
                bi = init
                bt = ty
                ba = adv_pos(s, p)
                seg = i
        if best == NONE:
            pop(s)
            return
        p = best
        c = s.seg_card[p][seg]
        s.seg_done[p] |= 1 << seg
        s.cur_init = bi
        ctx = new_ctx(s, p, c, C_ROOT[c][seg], 1 if (c == s.sel[p] and ability(c) and s.repl[p] == NONE) else 0)
        log_ev(s, E_SEGMENT, p, c, seg, bi, 0)
        if ctx == NONE:
            return
        f = push(s, F_REPLWIN, NO_NODE, NONE, NONE)
        if f != NULL:
            f.m = 2
        push(s, F_ADDWIN, NO_NODE, ctx, NONE)
        push_node(s, C_ROOT[c][seg], ctx, NONE)
    elif k == F_ADDWIN:
        if f.i == 0 and may_add(s, f.ctx):
            f.i = 1
            ask(s, D_ADD, s.ctx[f.ctx].seat)
        else:
            pop(s)
    elif k == F_TRIG:
        run_triggers(s, f)
    elif k == F_PLAYFOE:
        c = f.n
        if c >= N_CARDS or f.i >= C_NSEG[c]:
            pop(s)
            return
        seg = f.i
        f.i += 1
        ctx = new_ctx(s, s.ctx[f.ctx].seat, c, C_ROOT[c][seg], 0)
        if ctx != NONE:
            push_node(s, C_ROOT[c][seg], ctx, NONE)
    elif k == F_DISCARDS:
        while f.i < s.players:
            p = s.adv[f.i]
            if alive(s, p) and s.hn[p] and s.hn[p] + s.stuns[p] > limit_of(s, p):
                ask(s, D_DISC, p)
                return
            f.i += 1
        pop(s)
    else:
        pop(s)

cdef void run_triggers(Senjutsu* s, Frame* f) noexcept nogil:
    """Ruling 13: a block's blk: actions and its counter, right after each
    attack it stops, inside that attack; then, after the first attack it
    stops this step, the defender's window for a cond:blk additional."""
    cdef int d = s.ctx[f.ctx].seat, a = f.tgt, c, inner
    if f.i == 0:
        while True:
            c = f.cur
            if c == NO_NODE:
                f.i = 1
                break
            f.cur = N_NXT[c]
            if not N_TRIG[c]:
                continue
            inner = c
            if N_OP[c] == OP_GATE:
                if not gate_ok(s, d, N_A[c]):
                    continue
                inner = N_KID[c]
            if N_OP[inner] == OP_TRIGGER:
                push_node(s, N_KID[inner], f.ctx, a)
                return
            if N_OP[inner] == OP_COUNTER and not f.n and (N_C[inner] >> s.cur_init) & 1 \
                    and alive(s, a) and s.hn[d] > 0:
                f.n = 1         # once per blocked attack (ruling 14)
                ask(s, D_COUNTER, d)
                return
    if f.i == 1:
        f.i = 2
        if f.m and may_add(s, f.ctx):
            ask(s, D_ADD, d)
            return
    pop(s)

cdef void run_top(Senjutsu* s) noexcept nogil:
    cdef Frame* f = &s.stack[s.depth - 1]
    cdef int owner
    if f.ctx != NONE:
        if f.ctx >= s.n_ctx:
            pop(s)
            return
        owner = s.ctx[f.ctx].seat
        # Cancelled cards and fallen samurai do nothing more (rulings 15, 25).
        if not active(s, owner):
            pop(s)
            return
    if f.kind < N_OPS:
        if f.ctx == NONE or f.node >= N_NODES:
            pop(s)
            return
        run_node(s, f)
    else:
        run_driver(s, f)

cdef void advance(Senjutsu* s) noexcept nogil:
    """Run until a seat must decide or the game is over."""
    cdef int guard = 0
    while s.phase != P_OVER and s.dec == D_NONE:
        guard += 1
        if guard > 100000:          # only a damaged position could get here
            s.fell = 0
            game_over(s)
            return
        if s.depth:
            run_top(s)
        elif s.phase == P_ACT:
            end_activation(s)
        elif s.phase == P_DISCARD:
            end_discards(s)
        else:
            return


# ---------------------------------------------------------------- decisions

cdef inline Frame* top(const Senjutsu* s) noexcept nogil:
    return <Frame*>&s.stack[s.depth - 1] if s.depth else NULL

cdef inline bint req_ok(const Senjutsu* s, int p, int c) noexcept nogil:
    return C_REQ[c] == 0 or gate_ok(s, p, C_REQ[c])

cdef int select_options(const Senjutsu* s, int p, int* out) noexcept nogil:
    """Ruling 5c: a non-instant ability card (its req: met), the core (it
    costs a non-stun card), or a stun card."""
    cdef int c, n = 0
    for c in range(N_CARDS):
        if s.hand[p][c] and C_INST[c] == IN_NONE and req_ok(s, p, c):
            out[n] = A_PLAY + c
            n += 1
    if s.core_in[p] and s.hn[p] > 0:
        out[n] = A_PLAY + S_CORE[s.samurai[p]]
        n += 1
    if s.stuns[p]:
        out[n] = A_STUN
        n += 1
    return n

cdef inline int add_card(int* out, int n, int a) noexcept nogil:
    out[n] = a
    return n + 1

cdef int legal_moves(const Senjutsu* s, int seat, int* out) noexcept nogil:
    cdef int n = 0, dec = s.dec, c, k, m, p, t, node, host, cond, lim
    cdef Frame* f
    cdef int zone[4]
    if s.phase == P_OVER or seat < 0 or seat >= s.players:
        return 0
    if dec == D_SELECT:
        return select_options(s, seat, out) if (s.sim >> seat) & 1 else 0
    if dec == D_NONE or seat != s.dec_seat:
        return 0
    if dec == D_PLACE:
        m = zone_options(s, seat, zone)
        for k in range(m):
            out[n] = A_HEX + zone[k]
            n += 1
        return n
    f = top(s)
    if f == NULL:
        return 0
    node = f.node
    if dec == D_REPL:
        n = add_card(out, n, A_PASS)
        for c in range(N_CARDS):
            if s.hand[seat][c] and C_INST[c] == IN_REPL and s.sel[seat] < NC \
                    and C_TYPE[c] != C_TYPE[s.sel[seat]] and req_ok(s, seat, c):
                n = add_card(out, n, A_PLAY + c)
    elif dec == D_INIT:
        m = init_options(s, seat)
        for k in range(11):
            if (m >> k) & 1:
                n = add_card(out, n, A_INIT + k)
    elif dec == D_ADD:
        n = add_card(out, n, A_PASS)
        if f.ctx >= s.n_ctx:
            return n
        host = s.ctx[f.ctx].card
        for c in range(N_CARDS):
            if not (s.hand[seat][c] and C_INST[c] == IN_ADD and host < NC
                    and C_TYPE[c] != C_TYPE[host] and req_ok(s, seat, c)):
                continue
            cond = C_COND[c]
            if f.kind == F_TRIG:
                if cond != 2:
                    continue
            elif cond == 1 and not (s.ctx[f.ctx].hit & ~(1 << seat)):
                continue
            elif cond == 2 and not s.ctx[f.ctx].blocked:
                continue
            n = add_card(out, n, A_PLAY + c)
    elif dec == D_OR:
        for k in range(6):
            if (f.m >> k) & 1:
                n = add_card(out, n, A_OPTION + k)
    elif dec == D_TARGET:
        for p in range(s.players):
            if (f.m >> p) & 1:
                n = add_card(out, n, A_TARGET + s.samurai[p])
    elif dec == D_STEP:
        m = step_mask(s, seat, N_C[node])
        for k in range(6):
            if (m >> k) & 1:
                n = add_card(out, n, A_STEP + k)
        if not N_A[node]:
            n = add_card(out, n, A_STOP)
    elif dec == D_COLLIDE:
        for k in range(6):
            if (N_C[node] >> k) & 1:
                n = add_card(out, n, A_COLLIDE + k)
    elif dec == D_ROT:
        m = N_B[node] if N_B[node] <= 3 else 3
        for k in range(1, m + 1):
            n = add_card(out, n, A_ROT_RIGHT + k - 1)
        for k in range(1, (m if m < 3 else 2) + 1):
            n = add_card(out, n, A_ROT_LEFT + k - 1)
        if not N_A[node]:
            n = add_card(out, n, A_NO_ROT)
    elif dec == D_DRAW:
        m = N_B[node] if N_B[node] < s.pile_len[seat] else s.pile_len[seat]
        for k in range(m + 1):
            n = add_card(out, n, A_DRAW + k)
    elif dec == D_DISC or dec == D_FDISC:
        for c in range(N_CARDS):
            if s.hand[seat][c]:
                n = add_card(out, n, A_DISCARD + c)
    elif dec == D_COUNTER:
        n = add_card(out, n, A_PASS)
        for c in range(N_CARDS):
            if s.hand[seat][c] and C_TYPE[c] == TY_ATK:
                n = add_card(out, n, A_DISCARD + c)
    elif dec == D_SRCH:
        for c in range(N_CARDS):
            if s.up[seat][c] + s.down[seat][c] and type_ok(c, N_A[node]):
                n = add_card(out, n, A_TAKE + c)
        if n == 0:
            n = add_card(out, n, A_NOTHING)
    elif dec == D_TOP3 or dec == D_GIVE3:
        t = seat if dec == D_TOP3 else f.tgt
        if t >= s.players:
            return 0
        lim = f.n if f.n <= s.pile_len[t] else s.pile_len[t]
        for c in range(N_CARDS):
            for k in range(lim):
                if s.pile[t][s.pile_len[t] - 1 - k] == c:
                    n = add_card(out, n, (A_TAKE if dec == D_TOP3 else A_GIVE) + c)
                    break
    elif dec == D_SHUF:
        for c in range(N_CARDS):
            if s.up[seat][c] + s.down[seat][c]:
                n = add_card(out, n, A_SHUFFLE + c)
        n = add_card(out, n, A_DONE)
    elif dec == D_TUCK:
        t = f.tgt
        if t >= s.players:
            return 0
        for c in range(N_CARDS):
            if s.hand[t][c]:
                n = add_card(out, n, A_TAKE + c)
        n = add_card(out, n, A_DONE)
    elif dec == D_PLAYFOE:
        for c in range(N_CARDS):
            if not playfoe_card(c):
                continue
            for p in range(s.players):
                if p != seat and alive(s, p) and s.up[p][c]:
                    n = add_card(out, n, A_PLAY + c)
                    break
    elif dec == D_KAMAE:
        for k in range(N_KAMAE):
            if (f.m >> k) & 1:
                n = add_card(out, n, A_KAMAE + k)
    elif dec == D_RAY:
        for k in range(6):
            if (f.m >> k) & 1:
                n = add_card(out, n, A_RAY + k)
    elif dec == D_TURN:
        m = N_B[node]
        if 1 <= m <= 3:
            n = add_card(out, n, A_TURN_RIGHT + m - 1)
            if m < 3:
                n = add_card(out, n, A_TURN_LEFT + m - 1)
    return n

cdef inline int seat_of(const Senjutsu* s, int samurai) noexcept nogil:
    cdef int p
    for p in range(s.players):
        if s.samurai[p] == samurai:
            return p
    return NONE

cdef void step(Senjutsu* s, int a) noexcept nogil:
    """Carry out the legal action ``a`` of the seat deciding now."""
    cdef int dec = s.dec, seat = s.dec_seat, c, k, node = NO_NODE, ctx = NONE, tgt = NONE, actor = NONE
    cdef int t, i, up
    cdef Frame* f = top(s)
    s.dec = D_NONE
    if f != NULL:
        node = f.node
        ctx = f.ctx
        tgt = f.tgt
        if ctx != NONE and ctx < s.n_ctx:
            actor = s.ctx[ctx].seat
    if dec == D_PLACE:
        s.hex[seat] = a - A_HEX
        log_ev(s, E_PLACE, seat, a - A_HEX, s.facing[seat], 0, 0)
        s.placed += 1
        if s.placed >= s.players:
            start_game(s)
        else:
            ask(s, D_PLACE, placer(s))
        return
    if f == NULL:
        return
    if dec == D_REPL:
        if a != A_PASS:
            c = a - A_PLAY
            s.repl[seat] = c
            hand_remove(s, seat, c, everyone(s))
            setup_segments(s, seat, c)
            if f.m == 2:
                s.seg_init[seat][0] = late_init(s, seat, c)
                s.init_fixed |= 1 << seat
            else:
                s.init_fixed &= ~(1 << seat)
            log_ev(s, E_REPLACE, seat, c, s.sel[seat], s.seg_init[seat][0], f.m)
    elif dec == D_INIT:
        s.seg_init[seat][0] = a - A_INIT
        s.init_fixed |= 1 << seat
        log_ev(s, E_INIT, seat, a - A_INIT, s.seg_card[seat][0], 0, 0)
        f.i += 1
    elif dec == D_ADD:
        if a != A_PASS:
            c = a - A_PLAY
            s.addl[seat] = c
            hand_remove(s, seat, c, everyone(s))
            log_ev(s, E_ADDITIONAL, seat, c, s.ctx[ctx].card, 0, 0)
            if f.kind == F_TRIG:
                f.i = 2
            push_node(s, C_ROOT[c][0], ctx, NONE)
    elif dec == D_OR:
        pop(s)
        log_ev(s, E_CHOICE, actor, a - A_OPTION, 0, node, 0)
        push_node(s, nth_child(node, a - A_OPTION), ctx, tgt)
    elif dec == D_TARGET:
        pop(s)
        push_node(s, N_KID[node], ctx, seat_of(s, a - A_TARGET))
    elif dec == D_STEP:
        if a == A_STOP:
            pop(s)
        else:
            move_to(s, seat, NEIGH[s.hex[seat]][(s.facing[seat] + a - A_STEP) % 6], 0)
            f.i += 1
    elif dec == D_COLLIDE:
        pop(s)
        collide(s, seat, (s.facing[seat] + a - A_COLLIDE) % 6)
    elif dec == D_ROT:
        pop(s)
        if a != A_NO_ROT:
            if a >= A_ROT_LEFT:
                s.facing[seat] = (s.facing[seat] + 6 - (a - A_ROT_LEFT + 1)) % 6
            else:
                s.facing[seat] = (s.facing[seat] + a - A_ROT_RIGHT + 1) % 6
            log_ev(s, E_ROTATE, seat, s.facing[seat], 0, 0, 0)
    elif dec == D_DRAW:
        pop(s)
        for k in range(a - A_DRAW):
            draw_top(s, seat)
        log_ev(s, E_DRAWN, seat, a - A_DRAW, 0, 0, 0)
    elif dec == D_DISC:
        discard_down(s, seat, a - A_DISCARD)
        log_ev(s, E_DISC_DOWN, seat, 1, 0, 0, 0)
        if f.kind == OP_DISC:
            f.i += 1
    elif dec == D_FDISC:
        discard_up(s, seat, a - A_DISCARD)
        log_ev(s, E_DISC_UP, seat, a - A_DISCARD, actor, 0, 0)
        f.i += 1
    elif dec == D_COUNTER:
        if a != A_PASS:
            discard_down(s, seat, a - A_DISCARD)
            if alive(s, tgt):
                s.wounds[tgt] += 1
            log_ev(s, E_COUNTER, seat, tgt, 0, 0, 0)
            check_defeat(s)
    elif dec == D_SRCH:
        pop(s)
        if a != A_NOTHING:
            c = a - A_TAKE
            up = take_from_discard(s, seat, c)
            hand_add(s, seat, c, everyone(s) if up else 0)
            log_ev(s, E_SEARCH, seat, c if up else NONE, 0, 0, 0)
        else:
            log_ev(s, E_SEARCH, seat, NONE, 1, 0, 0)
    elif dec == D_TOP3 or dec == D_GIVE3:
        t = seat if dec == D_TOP3 else tgt
        c = a - (A_TAKE if dec == D_TOP3 else A_GIVE)
        pop(s)
        for i in range(s.pile_len[t] - 1, -1, -1):
            if s.pile[t][i] == c:
                for k in range(i, s.pile_len[t] - 1):
                    s.pile[t][k] = s.pile[t][k + 1]
                s.pile_len[t] -= 1
                s.pile[t][s.pile_len[t]] = 0
                break
        k = s.ntop[seat][t]
        for i in range(s.players):
            s.ntop[i][t] = 0
        s.ntop[seat][t] = k - 1 if k > 0 else 0
        if dec == D_TOP3:
            hand_add(s, seat, c, 0)
        else:
            hand_add(s, t, c, 1 << seat)
            log_ev(s, E_GIVE, seat, t, 0, 0, 0)
    elif dec == D_SHUF:
        if a == A_DONE:
            finish_shuffle_some(s, f, seat)
        else:
            c = a - A_SHUFFLE
            up = take_from_discard(s, seat, c)
            if s.pile_len[seat] < DECK_MAX:
                s.pile[seat][s.pile_len[seat]] = c
                s.pile_len[seat] += 1
            f.i += 1
    elif dec == D_TUCK:
        if a == A_DONE:
            finish_tuck(s, f, seat, tgt)
        else:
            c = a - A_TAKE
            hand_remove(s, tgt, c, 1 << seat)
            if s.pile_len[tgt] < DECK_MAX:
                s.pile[tgt][s.pile_len[tgt]] = c
                s.pile_len[tgt] += 1
            f.i += 1
    elif dec == D_PLAYFOE:
        c = a - A_PLAY
        t = NONE
        for i in range(s.players):
            t = s.adv[i]
            if t != seat and alive(s, t) and s.up[t][c]:
                break
        log_ev(s, E_PLAYFOE, seat, c, t, 0, 0)
        pop(s)
        f = push(s, F_PLAYFOE, NO_NODE, ctx, NONE)
        if f != NULL:
            f.n = c
    elif dec == D_KAMAE:
        pop(s)
        if f.kind == OP_FKTO:
            if alive(s, tgt):
                set_kamae(s, tgt, a - A_KAMAE, seat)
        else:
            set_kamae(s, seat, a - A_KAMAE, seat)
    elif dec == D_RAY:
        pop(s)
        push_target(s, seat, tgt, a - A_RAY, N_B[node], f.kind == OP_PULL)
    elif dec == D_TURN:
        pop(s)
        if a >= A_TURN_LEFT:
            s.facing[tgt] = (s.facing[tgt] + 6 - (a - A_TURN_LEFT + 1)) % 6
        else:
            s.facing[tgt] = (s.facing[tgt] + a - A_TURN_RIGHT + 1) % 6
        log_ev(s, E_TURN, tgt, s.facing[tgt], seat, 0, 0)

cdef inline bint hidden_kind(int dec) noexcept nogil:
    """Decisions whose options depend on hidden cards: asked whenever public
    information says the seat may act, even with one option."""
    return dec in (D_SELECT, D_REPL, D_ADD, D_COUNTER, D_DISC, D_FDISC, D_SRCH, D_TOP3, D_SHUF,
                   D_TUCK, D_GIVE3)

cdef bint publicly_forced(const Senjutsu* s, int n) noexcept nogil:
    """A hidden-card decision everyone can see is forced: every card must go
    (so the order is no choice), or only public cards can be taken."""
    cdef Frame* f = top(s)
    cdef int p = s.dec_seat
    if f == NULL:
        return False
    if s.dec == D_DISC:
        if f.kind == OP_DISC:
            return s.hn[p] <= N_B[f.node] - f.i
        return s.hn[p] <= s.hn[p] + s.stuns[p] - limit_of(s, p)
    if s.dec == D_FDISC:
        return s.hn[p] <= N_B[f.node] - f.i
    if s.dec == D_SRCH:
        return n == 1 and pile_total(s.down[p]) == 0
    if s.dec == D_TOP3 or s.dec == D_GIVE3:
        return n == 1 and f.n == 1
    return False

cdef void settle(Senjutsu* s) noexcept nogil:
    """Play every forced step: a state waits on a real choice, or on a
    seat asked because public information says it may act."""
    cdef int out[MAX_LEGAL]
    cdef int joint[MAX_SEATS]
    cdef int n, p
    while True:
        advance(s)
        if s.phase == P_OVER or s.dec == D_NONE:
            return
        if s.dec == D_SELECT:
            for p in range(s.players):
                if (s.sim >> p) & 1 and s.hn[p] > 0:
                    return
            for p in range(MAX_SEATS):
                joint[p] = A_STUN
            s.dec = D_NONE
            select_cards(s, joint)
            continue
        n = legal_moves(s, s.dec_seat, out)
        if n == 0:
            # Only a damaged position can ask with nothing to choose.
            s.dec = D_NONE
            pop(s)
            continue
        if hidden_kind(s.dec):
            if not publicly_forced(s, n):
                return
        elif n > 1:
            return
        step(s, out[0])


# ---------------------------------------------------------------- interface

cdef void start_new_log(Senjutsu* s) noexcept nogil:
    """A move after a round began: the log keeps only the new round's steps."""
    cdef int i, start = 0
    for i in range(s.n_log):
        if s.log[i].kind == E_ROUND:
            start = i
    s.n_log = keep_log_from(s.log, s.n_log, start, sizeof(Event))
    s.log_lost = 0
    s.log_new_round = 0

cdef int sj_players(const void* vs) noexcept nogil:
    return (<const Senjutsu*>vs).players

cdef int sj_movers(const void* vs, int* seats) noexcept nogil:
    cdef const Senjutsu* s = <const Senjutsu*>vs
    cdef int p, n = 0
    if s.phase == P_OVER or s.dec == D_NONE:
        return 0
    if s.dec == D_SELECT:
        for p in range(s.players):
            if (s.sim >> p) & 1:
                seats[n] = p
                n += 1
        return n
    seats[0] = s.dec_seat
    return 1

cdef int sj_legal(const void* vs, int seat, int* out) noexcept nogil:
    return legal_moves(<const Senjutsu*>vs, seat, out)

cdef void sj_apply(void* vs, const int* joint) noexcept nogil:
    cdef Senjutsu* s = <Senjutsu*>vs
    cdef int p
    if s.phase == P_OVER or s.dec == D_NONE:
        return
    for p in range(MAX_PLAYERS):
        s.ck[p] = 0
    if s.log_new_round:
        start_new_log(s)
    if s.dec == D_SELECT:
        s.dec = D_NONE
        select_cards(s, joint)
    else:
        step(s, joint[s.dec_seat])
    settle(s)

cdef void sj_returns(const void* vs, double* out) noexcept nogil:
    """The last samurai standing wins; samurai falling together at the end
    share a draw; at the round cap those standing share it."""
    cdef const Senjutsu* s = <const Senjutsu*>vs
    cdef int p, mask = s.alive, n
    if popcount64(s.alive) == 0:
        mask = s.fell
    n = popcount64(mask)
    for p in range(s.players):
        out[p] = (1.0 / n) if n and (mask >> p) & 1 else 0.0

cdef int sj_observe(const void* vs, int actor, int action, int observer) noexcept nogil:
    """Hidden choices look alike to the others: a face-down discard, a
    counter's card, a top-3 pick, a face-down search pick, a tuck or a
    give-3 pick (seen by the two seats involved)."""
    cdef const Senjutsu* s = <const Senjutsu*>vs
    cdef Frame* f = top(s)
    cdef int dec = s.dec, c
    if observer == actor or s.phase == P_OVER:
        return action
    if dec == D_DISC or dec == D_TOP3:
        return A_HIDDEN
    if dec == D_COUNTER:
        return action if action == A_PASS else A_HIDDEN
    if dec == D_SRCH and A_TAKE <= action < A_TAKE + NC:
        c = action - A_TAKE
        return A_HIDDEN if s.down[actor][c] else action
    if dec == D_SHUF and A_SHUFFLE <= action < A_SHUFFLE + NC:
        c = action - A_SHUFFLE
        return A_HIDDEN if s.down[actor][c] else action
    if (dec == D_TUCK or dec == D_GIVE3) and f != NULL:
        if observer == f.tgt or action == A_DONE:
            return action
        return A_HIDDEN
    return action

cdef uint64_t sj_chance_key(const void* vs, int observer) noexcept nogil:
    """What the observer saw of hidden cards in the last move: the cards it
    drew or milled, looked at (top 3, give 3) or was shown (REV)."""
    cdef const Senjutsu* s = <const Senjutsu*>vs
    if 0 <= observer < s.players:
        return s.ck[observer]
    return 0

cdef void sj_determinize(void* vs, int o, Rng* rng) noexcept nogil:
    """Resample what ``o`` cannot see, keeping all it knows: its own hand and
    discards, the order of the top cards it knows (top 3, give 3), the cards
    it knows in other hands (REV, cards it saw taken or given); every other
    card of a seat's deck list is dealt again at random over that seat's
    hidden places (hand, pile below the known top, face-down discards).
    Other observers' knowledge is dropped, so the copy depends only on what
    ``o`` saw."""
    cdef Senjutsu* s = <Senjutsu*>vs
    cdef uint8_t pool[DECK_MAX + NC]
    cdef int cnt[NC]
    cdef int p, q, c, k, n, known_top, slots, i, u
    s.rng.state = rng_next(rng)
    for p in range(s.players):
        known_top = s.ntop[o][p] if 0 <= o < s.players else 0
        if known_top > s.pile_len[p]:
            known_top = s.pile_len[p]
        slots = s.pile_len[p] - known_top
        memset(cnt, 0, sizeof(cnt))
        for i in range(slots):
            cnt[s.pile[p][i]] += 1
        if p != o:
            for c in range(NC):
                k = s.hand[p][c] - (s.kh[o][p][c] if 0 <= o < s.players else 0)
                cnt[c] += k
                cnt[c] += s.down[p][c]
        # canonical order: the shuffle depends on the make-up only
        n = 0
        for c in range(NC):
            for k in range(cnt[c]):
                pool[n] = c
                n += 1
        shuffle_u8(pool, n, rng)
        k = 0
        if p != o:
            u = 0
            for c in range(NC):
                u += s.hand[p][c] - (s.kh[o][p][c] if 0 <= o < s.players else 0)
                s.hand[p][c] = s.kh[o][p][c] if 0 <= o < s.players else 0
                s.down[p][c] = 0
            for i in range(u):
                s.hand[p][pool[k]] += 1
                k += 1
        for i in range(slots):
            s.pile[p][i] = pool[k]
            k += 1
        if p != o:
            while k < n:
                s.down[p][pool[k]] += 1
                k += 1
    # Others' knowledge is theirs: keep only what follows from public facts.
    # (The last move's chance keys name cards others drew: gone too.)
    for q in range(MAX_PLAYERS):
        s.ck[q] = 0
    for q in range(s.players):
        if q == o:
            continue
        for p in range(s.players):
            if p != q and p != o:
                if (s.rev[p] >> q) & 1:
                    memcpy(s.kh[q][p], s.hand[p], NC)
                else:
                    memset(s.kh[q][p], 0, NC)


# ------------------------------------------------------------------ policy
# Not rules: the rollout policy and the greedy player.  Close in on the
# nearest foe with an attack that can reach it and face it; block when a
# foe is close; take cards when none is; match a foe's attack initiative
# with a block; always counter; keep the hand moving.

cdef enum:
    POLICY_NOISE_PCT = 5

cdef int nearest_foe(const Senjutsu* s, int p) noexcept nogil:
    cdef int q, best = NONE, bd = 99, d
    if s.hex[p] == NONE:
        return NONE
    for q in range(s.players):
        if q != p and alive(s, q):
            d = DIST[s.hex[p]][s.hex[q]]
            if d < bd or (d == bd and s.wounds[q] + s.bleed[q] > s.wounds[best] + s.bleed[best]):
                best = q
                bd = d
    return best

cdef int facing_gap(int f, int d) noexcept nogil:
    """Hexsides between facing f and direction d (0..3)."""
    cdef int g = (f - d + 6) % 6
    return g if g <= 3 else 6 - g

cdef int toward(const Senjutsu* s, int p, int q) noexcept nogil:
    """The absolute direction from p towards q (the nearer ray)."""
    cdef int r2
    return rays(s, p, q, &r2)

cdef int card_reach(const Senjutsu* s, int p, int c, int h, int f) noexcept nogil:
    """Foes in the cells of card c's attacks from pose (h, f), counted by wounds."""
    cdef int k, node, i, x, q, score = 0
    for k in range(C_NATK[c]):
        node = C_ATK[c][k]
        if True:
            for i in range(N_B[node]):
                x = cell_hex(h, f, N_C[node] + i)
                q = who_at(s, x)
                if q != NONE and q != p:
                    score += 1 + CELL_W[N_C[node] + i] + CELL_B[N_C[node] + i]
    return score

cdef int reach_soon(const Senjutsu* s, int p, int c) noexcept nogil:
    """Card c's best reach from here, or after one step or one rotation."""
    cdef int best = card_reach(s, p, c, s.hex[p], s.facing[p]), d, h, v
    for d in range(6):
        v = card_reach(s, p, c, s.hex[p], (s.facing[p] + d) % 6) * 2 // 3
        if v > best:
            best = v
        h = NEIGH[s.hex[p]][d]
        if enterable(s, h):
            v = card_reach(s, p, c, h, s.facing[p]) * 2 // 3
            if v > best:
                best = v
    return best

cdef int card_score(const Senjutsu* s, int p, int a) noexcept nogil:
    cdef int c, q = nearest_foe(s, p), d = 9, sc
    if q != NONE:
        d = DIST[s.hex[p]][s.hex[q]]
    if a == A_STUN:
        return 25 + 20 * s.stuns[p]
    c = a - A_PLAY
    if C_TYPE[c] == TY_CORE:
        return 22
    if C_TYPE[c] == TY_ATK:
        sc = 18 + 20 * reach_soon(s, p, c)
        if d <= 2:
            sc += 8
        return sc
    if C_TYPE[c] == TY_DEF:
        return 15 + (25 if d <= 2 else 0)
    return 24 + (10 if d >= 3 else 0)

cdef int foe_attack_init(const Senjutsu* s, int p) noexcept nogil:
    """The highest initiative of a revealed foe attack segment not yet resolved, -1."""
    cdef int q, k, best = -1, c
    for q in range(s.players):
        if q == p or not alive(s, q):
            continue
        for k in range(s.nseg[q]):
            c = s.seg_card[q][k]
            if c < NC and C_TYPE[c] == TY_ATK and not (s.seg_done[q] >> k) & 1:
                if (s.init_fixed >> q) & 1 or k > 0:
                    if s.seg_init[q][k] > best:
                        best = s.seg_init[q][k]
                elif C_HI[c] > best:
                    best = C_HI[c]
    return best

cdef int step_score(const Senjutsu* s, int p, int h, int f, bint attacking) noexcept nogil:
    """Attacking: the foe in the card's cells, or as close as can be; else
    two hexes off (a step from striking next round, out of reach now);
    facing the nearest foe either way."""
    cdef int q = nearest_foe(s, p), sc = 0, c, d
    if q == NONE:
        return 0
    c = s.seg_card[p][0]
    d = DIST[h][s.hex[q]]
    if attacking and c < NC:
        sc += 20 * card_reach(s, p, c, h, f) - 4 * d
    else:
        sc -= 4 * (d - 2 if d >= 2 else 2 - d)
    sc -= 2 * facing_gap(f, toward(s, p, q))
    return sc

cdef int sj_policy(void* vs, int seat, Rng* rng) noexcept nogil:
    cdef Senjutsu* s = <Senjutsu*>vs
    cdef int out[MAX_LEGAL]
    cdef int n = legal_moves(s, seat, out), i, a, sc, best = 0, best_sc = -1000000000
    cdef int q, c, h, f2, d, init, dec = s.dec, atk, k
    cdef Frame* fr = top(s)
    if n <= 1:
        return out[0] if n else 0
    if <int>rng_below(rng, 100) < POLICY_NOISE_PCT:
        return out[rng_below(rng, n)]
    q = nearest_foe(s, seat)
    atk = 0
    if fr != NULL and fr.ctx != NONE and fr.ctx < s.n_ctx:
        atk = C_TYPE[s.ctx[fr.ctx].card] == TY_ATK
    init = foe_attack_init(s, seat)
    for i in range(n):
        a = out[i]
        sc = 0
        if dec == D_SELECT:
            sc = card_score(s, seat, a)
        elif dec == D_PLACE:
            sc = 10 if i == 0 else 0
        elif dec == D_REPL:
            if a != A_PASS:
                c = a - A_PLAY
                sc = 12 if (C_TYPE[c] == TY_DEF and init >= 0) or (C_TYPE[c] == TY_ATK and reach_soon(s, seat, c)) else -5
        elif dec == D_ADD:
            sc = 0 if a == A_PASS else 10
        elif dec == D_COUNTER:
            sc = 0 if a == A_PASS else 10
        elif dec == D_INIT:
            c = s.seg_card[seat][0]
            d = a - A_INIT
            if c < NC and C_TYPE[c] == TY_DEF and init >= 0:
                sc = 50 if d == init else d - 20
            else:
                sc = d
        elif dec == D_TARGET:
            k = seat_of(s, a - A_TARGET)
            if k != NONE:
                sc = 3 * (s.wounds[k] + s.bleed[k]) - DIST[s.hex[seat]][s.hex[k]]
        elif dec == D_STEP:
            if a == A_STOP:
                sc = step_score(s, seat, s.hex[seat], s.facing[seat], atk)
            else:
                h = NEIGH[s.hex[seat]][(s.facing[seat] + a - A_STEP) % 6]
                sc = step_score(s, seat, h, s.facing[seat], atk) + 1
        elif dec == D_ROT:
            f2 = s.facing[seat]
            if a >= A_ROT_LEFT and a < A_NO_ROT:
                f2 = (f2 + 6 - (a - A_ROT_LEFT + 1)) % 6
            elif a < A_ROT_LEFT:
                f2 = (f2 + a - A_ROT_RIGHT + 1) % 6
            sc = step_score(s, seat, s.hex[seat], f2, atk)
        elif dec == D_COLLIDE:
            h = NEIGH[s.hex[seat]][(s.facing[seat] + a - A_COLLIDE) % 6]
            sc = -10 if who_at(s, h) != NONE else 0
        elif dec == D_DRAW:
            # Every card drawn is a round less before the empty deck wounds
            # (ruling 1): draw only to keep two cards to choose from.
            d = a - A_DRAW
            k = 2 - s.hn[seat] if s.hn[seat] < 2 else 0
            sc = -(d - k if d >= k else k - d)
        elif dec == D_DISC or dec == D_FDISC:
            c = a - A_DISCARD
            sc = s.hand[seat][c] * 3 + (5 if C_TYPE[c] == TY_MED else 0) + (3 if C_INST[c] else 0)
        elif dec == D_SRCH or dec == D_TOP3:
            if a != A_NOTHING:
                c = a - A_TAKE
                sc = 10 if C_TYPE[c] == TY_ATK else 5
        elif dec == D_GIVE3:
            c = a - A_GIVE
            sc = 0 if C_TYPE[c] == TY_ATK else 10
        elif dec == D_TUCK:
            sc = 0 if a == A_DONE else (10 if C_TYPE[a - A_TAKE] == TY_ATK else 4)
        elif dec == D_SHUF:
            sc = 1 if a == A_DONE else 5
        elif dec == D_KAMAE:
            k = a - A_KAMAE
            if fr != NULL and fr.kind == OP_FKTO:
                sc = 10 if k == K_D else 0
            else:
                sc = 10 if k == K_A else (8 if k == K_B else (6 if k == K_D else 0))
        elif dec == D_TURN and fr != NULL and fr.tgt < s.players:
            f2 = s.facing[fr.tgt]
            if a >= A_TURN_LEFT:
                f2 = (f2 + 6 - (a - A_TURN_LEFT + 1)) % 6
            else:
                f2 = (f2 + a - A_TURN_RIGHT + 1) % 6
            sc = facing_gap(f2, toward(s, fr.tgt, seat))
        sc = sc * 8 + <int>rng_below(rng, 8)
        if sc > best_sc:
            best_sc = sc
            best = a
    return best


# -------------------------------------------------------------- evaluation
# Not rules: how the search judges a round's start when it cuts a rollout
# off there (``cut_rounds`` in SEARCH_SETTINGS).  A standing samurai's
# strength is a weighted sum of what decides duels played by the policy;
# its chance to win is its share of exp(strength) among those standing
# (the core's ``evaluate``).  The weights are a logistic fit to the winners of
# policy-played games (``python -m bench.evaluation --game senjutsu``), so
# a cut-off rollout scores what a played-out one would, on average,
# without its noise.

#: per unit of each: health left (health less wounds and bleeding), bleeding
#: (a card milled each round), stun cards held, cards left to draw
EVALUATION = {"health left": 0.688, "bleeding": -1.105, "stuns": -0.190, "cards to draw": 0.079}
cdef enum:
    N_EVAL = 4
cdef double EVAL_W[N_EVAL]
set_weights(EVAL_W, N_EVAL, EVALUATION)

cdef int sj_features(const void* vs, double* f, uint8_t* standing) noexcept nogil:
    """What the evaluation reads of each samurai (``EVALUATION``'s order),
    at a round's start only."""
    cdef const Senjutsu* s = <const Senjutsu*>vs
    cdef int p
    if s.phase != P_SELECT or s.dec != D_SELECT:
        return 0
    for p in range(s.players):
        standing[p] = alive(s, p)
        f[p * N_EVAL + 0] = S_HEALTH[s.samurai[p]] - s.wounds[p] - s.bleed[p]
        f[p * N_EVAL + 1] = s.bleed[p]
        f[p * N_EVAL + 2] = s.stuns[p]
        f[p * N_EVAL + 3] = s.pile_len[p]
    return N_EVAL


cdef GameDef SENJUTSU_DEF
SENJUTSU_DEF.name = b"senjutsu"
SENJUTSU_DEF.state_size = sizeof(Senjutsu)
SENJUTSU_DEF.num_actions = NUM_ACTIONS
SENJUTSU_DEF.players = sj_players
SENJUTSU_DEF.movers = sj_movers
SENJUTSU_DEF.legal = sj_legal
SENJUTSU_DEF.apply = sj_apply
SENJUTSU_DEF.returns = sj_returns
SENJUTSU_DEF.determinize = sj_determinize
SENJUTSU_DEF.observe = sj_observe
SENJUTSU_DEF.policy = sj_policy
SENJUTSU_DEF.chance_key = sj_chance_key
SENJUTSU_DEF.features = sj_features
SENJUTSU_DEF.weights = EVAL_W


# ------------------------------------------------------------- Python face
# Everything below serves engine.State, the codec and the app; the solver
# uses only the table above.

NAME = "senjutsu"
TITLE = "Senjutsu"
PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
STATE_SIZE = sizeof(Senjutsu)
ACTIONS = NUM_ACTIONS
PRESET_NAMES = ("preset",) + SAMURAI_KEYS
PHASES = ("place", "select", "activation", "discard", "over")
DECISIONS = ("none", "place", "select", "replacement", "initiative", "additional", "option", "target",
             "step", "collision", "rotation", "draw", "discard", "forced discard", "counter", "search",
             "top 3", "shuffle back", "tuck", "give 3", "play a foe's card", "kamae", "push direction",
             "turn")
FRAME_NAMES = {F_REPLWIN: "replacement window", F_INITS: "initiatives", F_RESOLVE: "segments",
               F_ADDWIN: "additional window", F_TRIG: "block triggers", F_PLAYFOE: "foe card",
               F_DISCARDS: "discard phase"}
ROUND_LIMIT = ROUND_CAP


def _parse_deck(value, where):
    """A deck option: a preset name or the cards, a map {card ID: copies}.

    Never a file's name: a position is untrusted and must not make the
    loader open anything (``engine.codec``).  A deck file a person names is
    read by the program they name it to (the command line's ``--option
    deck=FILE``, the app's decks) with ``OPTIONS["deck"]["file"]``
    (``decks.read_deck_file``), which gives the cards."""
    if isinstance(value, str):
        if value in PRESET_NAMES:
            return value
        raise PositionError(f"{where}: {checks.shown(value)} is not a preset ({', '.join(PRESET_NAMES)}); "
                            f"a deck of your own is given as its cards (a map of card IDs to copies)")
    if isinstance(value, dict):
        counts = {}
        for k, v in value.items():
            if not isinstance(k, str) or k not in CARD_IDS:
                raise PositionError(f"{where}: {checks.shown(k)} is not a card ID")
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= decks_data.DECK_SIZE:
                raise PositionError(f"{where}: {k}: expected 1 to {decks_data.DECK_SIZE} copies, got {checks.shown(v)}")
            counts[k] = v
        return canonical_deck(counts)
    raise PositionError(f"{where}: expected a preset ({', '.join(PRESET_NAMES)}) or a map "
                        f"of card IDs to copies, got {checks.kind(value)}")


def canonical_deck(counts):
    return {cid: counts[cid] for cid in CARD_IDS if counts.get(cid)}


OPTIONS = {
    "samurai": {
        "values": ("random",) + SAMURAI_KEYS,
        "labels": {s.key: s.name for s in SAMURAI},
        "default": "random",
        "per_seat": True,
        "help": "the samurai of each seat, in seat order ('ronin,master'), or 'random' (from the "
                "deal's seed); one player per samurai",
    },
    "deck": {
        "values": PRESET_NAMES,
        "labels": {"preset": "preset (the samurai's own)",
                   **{s.key: f"preset of {s.name[0].lower()}{s.name[1:]}" for s in SAMURAI}},
        "default": "preset",
        "per_seat": True,
        "parse": _parse_deck,
        # a value that is none of "values" is, where a person types it (the
        # command line), a deck file: this reads it into the cards the game keeps
        "file": decks_data.read_deck_file,
        "help": "each seat's 40-card deck: 'preset' (its samurai's preset deck), a samurai's preset "
                "by name, or a deck file (one '2 Quick Stab' or '2 G04' a line); one value for "
                "every seat or one per seat ('preset,my.deck')",
    },
    "terrain": {
        "values": TERRAINS,
        "default": "none",
        "help": "terrain: none, T1 (centre stone, any count), T2 (twin rocks, 2 or 4 players), "
                "T3 (three stones, 3 players)",
    },
}

#: the search's settings found by tournaments, per player count
#: (solver.search.search_settings): rollouts cut off at the start of their
#: second round and judged by EVALUATION.  At 0.05 s a move it beat the
#: played-out search 61.5% in duels, and flat Monte Carlo 64.0% (2 players),
#: 42.5% (3, equal share 33%) and 47.5% (4, equal share 25%); cut after one
#: round it was level.  At 3 players a longer horizon, three rounds, did
#: better on each of the same three deal sets (43.5% over 180 games against
#: 38.6% for two rounds) and separated on fresh deals (42.4% over 180);
#: docs/strength-log.md, "Senjutsu's rollouts cut off by an evaluation".
SEARCH_SETTINGS = {2: {"cut_rounds": 2}, 3: {"cut_rounds": 3}, 4: {"cut_rounds": 2}}


def definition():
    """The ``GameDef`` table as a capsule named ``engine.GameDef``."""
    return PyCapsule_New(&SENJUTSU_DEF, b"engine.GameDef", NULL)


cdef Senjutsu* state_of(const unsigned char[::1] buf) except NULL:
    if buf.shape[0] != sizeof(Senjutsu):
        raise PositionError("not a Senjutsu state")
    return <Senjutsu*>&buf[0]


cdef void blank(Senjutsu* s) noexcept:
    memset(s, 0, sizeof(Senjutsu))
    memset(s.hex, NONE, sizeof(s.hex))
    memset(s.armour, NONE, sizeof(s.armour))
    memset(s.sel, NONE, sizeof(s.sel))
    memset(s.repl, NONE, sizeof(s.repl))
    memset(s.addl, NONE, sizeof(s.addl))
    memset(s.blk_init, NONE, sizeof(s.blk_init))
    memset(s.blk_ctx, NONE, sizeof(s.blk_ctx))
    memset(s.blk_hex, NONE, sizeof(s.blk_hex))
    memset(s.seg_card, NONE, sizeof(s.seg_card))
    memset(s.adv, NONE, sizeof(s.adv))
    cdef int p
    for p in range(MAX_PLAYERS):
        s.blk_node[p] = NO_NODE
    s.la_seat = NONE
    s.la_node = NO_NODE
    s.dec_seat = NONE


def _per_seat(value, int players, str what):
    """One value per seat from an option: a single value, or a list of them."""
    if isinstance(value, list):
        if len(value) != players:
            raise PositionError(f"options.{what}: {len(value)} values for {players} seats; "
                                f"give one, or one per seat")
        return list(value)
    return [value] * players


def settle_options(int players, unsigned long long seed, dict options):
    """The options with random samurai drawn from the seed: what the
    position keeps, so it rebuilds the same game from any seed.

    >>> settle_options(2, 7, {"samurai": "ronin,random"})["samurai"][0]
    'ronin'
    """
    chosen = checks.options(OPTIONS, TITLE, options)
    samurai, _, _ = resolve_options(players, seed, chosen)
    return {**chosen, "samurai": samurai}


def resolve_options(int players, unsigned long long seed, dict options):
    """The samurai, the 40-card decks ({card ID: copies}) and the terrain
    the options give, checked: one player per samurai, every deck legal for
    its samurai (the message names the rule), terrain allowed at this count."""
    import random
    chosen = {k: v["default"] for k, v in OPTIONS.items()}
    chosen.update(checks.options(OPTIONS, TITLE, options))
    wanted = _per_seat(chosen["samurai"], players, "samurai")
    named = [w for w in wanted if w != "random"]
    for w in named:
        if named.count(w) > 1:
            raise PositionError(f"options.samurai: {SAMURAI[SAMURAI_KEYS.index(w)].short} is named twice; "
                                f"one player per samurai")
    free = [k for k in SAMURAI_KEYS if k not in named]
    pick = random.Random(seed * 2654435761 + players)
    samurai = []
    for w in wanted:
        if w == "random":
            w = free.pop(pick.randrange(len(free)))
        samurai.append(w)
    decks = []
    for p, d in enumerate(_per_seat(chosen["deck"], players, "deck")):
        if d == "preset":
            d = samurai[p]
        counts = dict(decks_data.PRESETS[d]) if isinstance(d, str) else dict(d)
        trouble = decks_data.problems(counts, samurai[p])
        if trouble:
            where = f"options.deck[{p}]" if isinstance(chosen["deck"], list) else "options.deck"
            raise PositionError(f"{where}: {trouble[0]}")
        decks.append(canonical_deck(counts))
    terrain = chosen["terrain"]
    t = TERRAINS.index(terrain)
    if not (TERRAIN_PLAYERS[t] >> players) & 1:
        allowed = [str(n) for n in range(2, 5) if (TERRAIN_PLAYERS[t] >> n) & 1]
        raise PositionError(f"options.terrain: {terrain} is for {' or '.join(allowed)} players, not {players}")
    return samurai, decks, terrain


def new_state(int players, unsigned long long seed, dict options):
    """A fresh deal as state bytes: decks shuffled, advantage by setup
    initiative; the first decision is the lowest advantage's placement."""
    if not (MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise PositionError(f"players: Senjutsu is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    samurai, decks, terrain = resolve_options(players, seed, options)
    buf = bytearray(sizeof(Senjutsu))
    cdef unsigned char[::1] mv = buf
    cdef Senjutsu* s = <Senjutsu*>&mv[0]
    cdef int p, c, k
    blank(s)
    rng_seed(&s.rng, seed)
    s.players = players
    s.terrain = TERRAINS.index(terrain)
    s.terrain_hexes = TERRAIN_MASK[s.terrain]
    for p in range(players):
        s.samurai[p] = SAMURAI_KEYS.index(samurai[p])
        for cid, n in decks[p].items():
            c = CARD_IDS.index(cid)
            s.owned[p][c] = n
            for k in range(n):
                s.pile[p][s.pile_len[p]] = c
                s.pile_len[p] += 1
        shuffle_u8(s.pile[p], s.pile_len[p], &s.rng)
        s.core_in[p] = 1
        s.kamae[p] = K_G
        s.facing[p] = ZONE_FACING[players - 2][p]
    order = sorted(range(players), key=lambda q: (-S_INIT[s.samurai[q]], q))
    for k, p in enumerate(order):
        s.adv[k] = p
    s.alive = (1 << players) - 1
    s.phase = P_PLACE
    ask(s, D_PLACE, placer(s))
    settle(s)
    return bytes(buf)


# ------------------------------------------------------- self-checks (tests)

INVARIANTS = (None, "a card of a deck is in no place or in two", "the hand count is wrong",
              "a seat knows a card that is not in the hand", "a seat knows more top cards than the pile has",
              "a standing samurai is off the board or on terrain", "two samurai share a hex",
              "a fallen samurai is still on the board", "wounds went down",
              "a hand is over the limit after the discard phase", "the game did not end",
              "a decision has no legal move")


cdef int check_state(const Senjutsu* s, const uint8_t* before) noexcept nogil:
    """0 when every invariant holds, else the number of the first broken one
    (INVARIANTS): cards conserved, knowledge within the truth, samurai on
    distinct free hexes, wounds never fewer, hands within the limit after
    the discard phase."""
    cdef int p, q, c, i, n, table
    cdef int cnt[NC]
    cdef int out[MAX_LEGAL]
    for p in range(s.players):
        memset(cnt, 0, sizeof(cnt))
        for i in range(s.pile_len[p]):
            cnt[s.pile[p][i]] += 1
        n = 0
        for c in range(NC):
            table = 0
            if s.phase == P_ACT:
                table = (s.sel[p] == c and C_TYPE[c] != TY_CORE) + (s.repl[p] == c) + (s.addl[p] == c)
            # (Heavy Armour donned this round is still on the table until it
            # is cleared, and a deck has one jade card: counted once)
            if cnt[c] + s.hand[p][c] + s.up[p][c] + s.down[p][c] + table + (s.armour[p] == c and table == 0) \
                    != s.owned[p][c]:
                return 1
            n += s.hand[p][c]
        if n != s.hn[p]:
            return 2
        for q in range(s.players):
            if q != p:
                for c in range(NC):
                    if s.kh[q][p][c] > s.hand[p][c]:
                        return 3
            if s.ntop[q][p] > s.pile_len[p]:
                return 4
        if alive(s, p):
            if s.hex[p] == NONE or s.hex[p] >= N_HEX or terrain_at(s, s.hex[p]):
                if s.phase != P_PLACE:
                    return 5
            for q in range(p):
                if alive(s, q) and s.hex[q] == s.hex[p] and s.hex[p] != NONE:
                    return 6
            if s.phase == P_SELECT and s.hn[p] + s.stuns[p] > limit_of(s, p) + 1:
                return 9
        elif s.hex[p] != NONE:
            return 7
        if s.wounds[p] + s.bleed[p] < before[p]:
            return 8
    if s.phase == P_SELECT:
        for p in range(s.players):
            if (s.sim >> p) & 1 and legal_moves(s, p, out) == 0:
                return 11
    elif s.phase != P_OVER and legal_moves(s, s.dec_seat, out) == 0:
        return 11
    return 0


def random_games(int players, unsigned long long seed, int games, dict options=None, int max_moves=20000):
    """Play ``games`` seeded games of uniformly random legal moves in C,
    checking ``check_state`` after every move.  Returns a dict: games,
    moves, rounds (a list, one per game), draws (games shared), wins per
    seat, and ``broken``: None or (game, move, the invariant broken)."""
    cdef Rng rng
    cdef int g, k, p, n, code = 0, moves, i
    cdef int out[MAX_LEGAL]
    cdef int seats[MAX_SEATS]
    cdef int joint[MAX_SEATS]
    cdef uint8_t before[MAX_PLAYERS]
    cdef double ret[MAX_PLAYERS]
    cdef long total = 0
    cdef unsigned char[::1] mv
    cdef Senjutsu* s
    rounds, wins = [], [0] * players
    draws = 0
    broken = None
    for g in range(games):
        buf = bytearray(new_state(players, seed + g, dict(options or {})))
        mv = buf
        s = <Senjutsu*>&mv[0]
        rng_seed(&rng, (seed + g) * 7919 + 1)
        moves = 0
        with nogil:
            while s.phase != P_OVER and moves < max_moves:
                for p in range(s.players):
                    before[p] = s.wounds[p] + s.bleed[p]
                n = sj_movers(s, seats)
                for i in range(n):
                    k = legal_moves(s, seats[i], out)
                    joint[seats[i]] = out[rng_below(&rng, k)] if k else 0
                sj_apply(s, joint)
                moves += 1
                code = check_state(s, before)
                if code:
                    break
        total += moves
        if not code and s.phase != P_OVER:
            code = 10
        if code:
            broken = (g, moves, INVARIANTS[code])
            break
        rounds.append(s.round)
        sj_returns(s, ret)
        if sum(1 for p in range(players) if ret[p] > 0) > 1:
            draws += 1
        for p in range(players):
            wins[p] += ret[p] == 1.0
    return {"games": len(rounds), "moves": total, "rounds": rounds, "draws": draws, "wins": wins,
            "broken": broken}


def invariant_broken(const unsigned char[::1] buf):
    """The first invariant ``buf`` breaks (INVARIANTS), or None."""
    cdef Senjutsu* s = state_of(buf)
    cdef uint8_t before[MAX_PLAYERS]
    memset(before, 0, sizeof(before))
    code = check_state(s, before)
    return INVARIANTS[code] if code else None

