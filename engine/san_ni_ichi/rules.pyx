# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""San, Ni, Ichi!'s rules on its C struct (rules.pxd): the deal, every move,
the heuristic policy, the cut-off evaluation and the C table the search
walks, all ``nogil``.

Rulebook ``seeds/000``, rulings ``rules/san_ni_ichi.md``; the rules as
implemented are written down in ``docs/rules/san_ni_ichi.md``.

The moves, the policy that plays every step of every rollout and the
evaluation share the struct's small helpers as C ``inline`` functions, so
they stay in this one module; everything Python-facing is elsewhere:
positions in ``position.pyx``, what a seat sees in ``views.pyx``, names in
``notation.pyx``.

A round: every seat picks a card at once (``movers`` is every seat), then
the cards resolve one by one; each resolving card asks its owner for its
sub-choices (where, slide or not, which pile, which card), one decision at a
time, and a choice with a single option is taken without asking.  Then
damage, where the seats that would take damage (and, in team play, their
partners) are asked about Smoke Bombs in seat order.

>>> from ninja_dojo.engine import new_game
>>> state = new_game("san_ni_ichi", players=3, seed=1)
>>> state.movers()
[0, 1, 2]
>>> state.legal_actions(0)[0].kind
'play'
"""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset, memcpy
from cpython.pycapsule cimport PyCapsule_New

from ninja_dojo.engine.core cimport (GameDef, Rng, MAX_SEATS, MAX_LEGAL, rng_below, rng_seed,
                          rng_unit, popcount64, lowest_bit, shuffle_u8, share_wins, set_weights)
from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError

# The numbers we play by (rulebook + rulings), beside the counts in rules.pxd.
ELEMENTS = ("Fire", "Wood", "Water")      # index = tie letter A, B, C
LETTERS = ("A", "B", "C")
# Numbers of the 12 numbered weapons, ids 30..41.
WEAPON_NUMBERS = (15, 19, 23, 16, 20, 24, 17, 21, 26, 18, 22, 27)
WEAPON_KINDS = ("Zen Attack", "Tonfa", "Sai", "Shuriken")
# Setup tables: deck name -> players -> (attack cards 1..N per element, weapons).
DECKS = {
    "standard": {3: (5, 6), 4: (7, 7), 5: (8, 11), 6: (10, 12)},
    "alternate-1": {3: (6, 3), 4: (8, 4), 5: (9, 8)},
    "alternate-2": {3: (7, 0), 4: (9, 1), 5: (10, 5)},
}
DECK_NAMES = tuple(DECKS)

cdef uint64_t SMOKE_MASK = (<uint64_t>7) << SMOKE0
cdef uint64_t BLOCK_MASK = (<uint64_t>7) << BLOCK0
cdef uint64_t ATTACK_MASK = ((<uint64_t>1) << ZEN0) - 1
cdef uint64_t ZEN_MASK = (<uint64_t>7) << ZEN0
cdef uint64_t SHURIKEN_MASK = (<uint64_t>7) << SHURIKEN0

cdef int NUMBER[N_CARDS]      # the printed number; 0 for Smoke Bomb and Block
for _c in range(ZEN0):
    NUMBER[_c] = _c % 10 + 1
for _c in range(12):
    NUMBER[ZEN0 + _c] = WEAPON_NUMBERS[_c]
for _c in range(SMOKE0, N_CARDS):
    NUMBER[_c] = 0

# The 15 unordered seat pairs a Sai can swap, in id order.
cdef int PAIR_A[15]
cdef int PAIR_B[15]
cdef int PAIR_INDEX[MAX_SEATS][MAX_SEATS]
_k = 0
for _a in range(MAX_SEATS):
    for _b in range(_a + 1, MAX_SEATS):
        PAIR_A[_k] = _a
        PAIR_B[_k] = _b
        PAIR_INDEX[_a][_b] = _k
        PAIR_INDEX[_b][_a] = _k
        _k += 1


PHASES = ("choose", "resolve", "damage", "over")
STAGES = ("card", "slide", "tonfa discard")

STEP_KINDS = ("reveal", "block", "start", "put", "slide", "discard", "tonfa",
              "tonfa discard", "sai swap", "sai move", "shuriken",
              "smoke bomb wasted", "smoke bomb", "damage", "pile discarded")


# ------------------------------------------------------------------ cards

cdef inline uint64_t type_mask(int t) noexcept nogil:
    if t == T_SMOKE:
        return SMOKE_MASK
    if t == T_BLOCK:
        return BLOCK_MASK
    return bit(t)

cdef inline bint is_zen(int c) noexcept nogil:
    return ZEN0 <= c < TONFA0

cdef inline int letter_of(int c) noexcept nogil:
    """Tie letter A=0, B=1, C=2 of an attack card; weapons have distinct numbers."""
    return c // 10 if c < ZEN0 else 0

cdef inline bint beats(int a, int b) noexcept nogil:
    """Element a beats b: Fire > Wood, Wood > Water, Water > Fire."""
    return (b - a + 3) % 3 == 1

cdef inline int beater(int e) noexcept nogil:
    """The element that beats e: what a Zen Attack becomes on top of e."""
    return (e + 2) % 3

cdef inline int types_in(uint64_t hand, int* out) noexcept nogil:
    """The distinct card types of a hand, ascending; returns how many."""
    cdef int n = 0
    cdef uint64_t h = hand & ~(SMOKE_MASK | BLOCK_MASK)
    while h:
        out[n] = lowest_bit(h)
        h &= h - 1
        n += 1
    if hand & SMOKE_MASK:
        out[n] = T_SMOKE
        n += 1
    if hand & BLOCK_MASK:
        out[n] = T_BLOCK
        n += 1
    return n

cdef inline int count_types(uint64_t hand) noexcept nogil:
    return (popcount64(hand & ~(SMOKE_MASK | BLOCK_MASK))
            + (1 if hand & SMOKE_MASK else 0) + (1 if hand & BLOCK_MASK else 0))

cdef inline int card_of_type(uint64_t hand, int t) noexcept nogil:
    return lowest_bit(hand & type_mask(t))

cdef inline int resolve_key(int c) noexcept nogil:
    """Resolution order: Block first, then by number and tie letter, Smoke Bomb last."""
    if c >= BLOCK0:
        return 0
    if c >= SMOKE0:
        return 1000
    return NUMBER[c] * 4 + letter_of(c)

# ------------------------------------------------------------------ the log

cdef void log_step(SanNiIchi* s, int kind, int seat, int card, int target, int other,
                   int drew, uint64_t cards) noexcept nogil:
    if s.nlog >= MAX_STEPS:
        return
    cdef Step* st = &s.log[s.nlog]
    s.nlog += 1
    st.kind = kind
    st.round = s.round
    st.seat = seat
    st.card = card
    st.target = target
    st.other = other
    st.drew = drew
    st.cards = cards

# ------------------------------------------------------------------ piles

cdef inline void move_pile(SanNiIchi* s, int src, int dst) noexcept nogil:
    memcpy(s.pile[dst], s.pile[src], s.pile_len[src])
    s.pile_len[dst] = s.pile_len[src]
    s.pile_len[src] = 0

cdef void swap_piles(SanNiIchi* s, int a, int b) noexcept nogil:
    cdef uint8_t tmp[PILE_CAP]
    cdef uint8_t n = s.pile_len[a]
    memcpy(tmp, s.pile[a], n)
    memcpy(s.pile[a], s.pile[b], s.pile_len[b])
    s.pile_len[a] = s.pile_len[b]
    memcpy(s.pile[b], tmp, n)
    s.pile_len[b] = n

cdef int pull_lowest(SanNiIchi* s, int seat) noexcept nogil:
    """Remove and return the lowest-numbered card of a pile (tie letter A first)."""
    cdef int i, best = 0, c, k, bk = 1 << 30
    for i in range(s.pile_len[seat]):
        c = s.pile[seat][i]
        k = NUMBER[c] * 4 + letter_of(c)
        if k < bk:
            bk = k
            best = i
    c = s.pile[seat][best]
    for i in range(best, s.pile_len[seat] - 1):
        s.pile[seat][i] = s.pile[seat][i + 1]
    s.pile_len[seat] -= 1
    return c

cdef inline int highest_top(const SanNiIchi* s, uint8_t skip) noexcept nogil:
    """The highest top number over piles not in ``skip``; -1 without piles."""
    cdef int o, m = -1, v
    for o in range(s.players):
        if s.pile_len[o] and not (skip >> o) & 1:
            v = NUMBER[top_card(s, o)]
            if v > m:
                m = v
    return m

# ------------------------------------------------------------------ decisions

cdef int decider(const SanNiIchi* s) noexcept nogil:
    """The one seat deciding in the resolve and damage phases."""
    cdef int v
    if s.phase == RESOLVE:
        return s.order[s.resolved]
    v = lowest_bit(s.threatened)
    return partner(s, v) if s.asking_partner else v

cdef int card_options(const SanNiIchi* s, int seat, int* out) noexcept nogil:
    """Options of the resolving ``seat`` for the pending step, ascending ids."""
    cdef int n = 0, t, u
    cdef int buf[N_TYPES]
    if s.stage == ST_SLIDE:
        for u in range(s.players):
            if u != seat and s.pile_len[u] == 0 and not (s.blocked >> u) & 1:
                out[n] = SLIDE + u
                n += 1
        out[n] = KEEP
        return n + 1
    if s.stage == ST_TONFA_DISCARD:
        n = types_in(s.hand[seat], buf)
        for t in range(n):
            out[t] = TONFA_DISCARD + buf[t]
        return n
    return card_choices(s, seat, s.played[seat], s.blocked, out)

cdef int card_choices(const SanNiIchi* s, int seat, int c, uint8_t blocked, int* out) noexcept nogil:
    """What ``seat`` may do with card ``c`` on the piles as they are, ascending ids."""
    cdef int n = 0, t, e, p, a, b
    if is_attack(c):
        e = elem_of(s, c)
        for t in range(s.players):
            if s.pile_len[t] == 0 and not (blocked >> t) & 1:
                out[n] = START + t
                n += 1
        for t in range(s.players):
            if s.pile_len[t] and not (blocked >> t) & 1 and beats(e, elem_of(s, top_card(s, t))):
                out[n] = PUT + t
                n += 1
        out[n] = DISCARD
        return n + 1
    out[n] = DISCARD
    n = 1
    if c >= BLOCK0:
        p = partner(s, seat)
        for t in range(s.players):
            if t == seat or t == p:
                out[n] = BLOCK + t
                n += 1
    elif is_zen(c):
        n = 0
        for t in range(s.players):
            if s.pile_len[t] and not (blocked >> t) & 1:
                out[n] = PUT + t
                n += 1
        out[n] = DISCARD
        n += 1
    elif c < SAI0:          # Tonfa: Block does not stop it
        for t in range(s.players):
            if s.pile_len[t]:
                out[n] = TONFA + t
                n += 1
    elif c < SHURIKEN0:     # Sai: Block does not stop it
        for a in range(15):
            if PAIR_B[a] < s.players and s.pile_len[PAIR_A[a]] and s.pile_len[PAIR_B[a]]:
                out[n] = SAI_SWAP + a
                n += 1
        if s.players == 3:
            for a in range(3):
                for b in range(3):
                    if a != b and s.pile_len[a] and s.pile_len[b] == 0:
                        out[n] = SAI_MOVE + a * 3 + b
                        n += 1
    elif c < SMOKE0:        # Shuriken: Block does not stop it
        for t in range(s.players):
            out[n] = SHURIKEN + t
            n += 1
    # A Smoke Bomb as a round card has only DISCARD (rulings 15).
    return n

cdef int options(const SanNiIchi* s, int seat, int* out) noexcept nogil:
    cdef int n, i
    cdef int buf[N_TYPES]
    if s.phase == CHOOSE:
        n = types_in(s.hand[seat], buf)
        for i in range(n):
            out[i] = PLAY + buf[i]
        return n
    if s.phase == OVER or seat != decider(s):
        return 0
    if s.phase == RESOLVE:
        return card_options(s, seat, out)
    if s.asking_partner:
        out[0] = SMOKE_PARTNER
        out[1] = LET_PARTNER
    else:
        out[0] = SMOKE
        out[1] = TAKE_DAMAGE
    return 2

# ------------------------------------------------------------------ the round

cdef inline void sort_resolution_order(SanNiIchi* s) noexcept nogil:
    """``order``: the seats by when their revealed cards resolve.  Stable,
    so equal keys (Blocks, Smoke Bombs) go in seat order."""
    cdef int i, j, x
    for i in range(s.players):
        s.order[i] = i
    for i in range(1, s.players):
        x = s.order[i]
        j = i - 1
        while j >= 0 and resolve_key(s.played[x]) < resolve_key(s.played[s.order[j]]):
            s.order[j + 1] = s.order[j]
            j -= 1
        s.order[j + 1] = x

cdef void reveal(SanNiIchi* s, const int* types) noexcept nogil:
    cdef int seat, c, i
    for seat in range(s.players):
        c = card_of_type(s.hand[seat], types[seat])
        s.hand[seat] &= ~bit(c)
        s.known[seat] &= ~bit(c)
        if c >= SMOKE0 and c < BLOCK0 and s.smoke_min[seat]:
            s.smoke_min[seat] -= 1
        s.played[seat] = c
        s.table |= bit(c)
    sort_resolution_order(s)
    for i in range(s.players):
        seat = s.order[i]
        log_step(s, K_REVEAL, seat, s.played[seat], NONE, NONE, NONE, 0)
    s.phase = RESOLVE
    s.resolved = 0
    s.stage = ST_CARD
    s.blocked = 0

cdef inline void card_done(SanNiIchi* s) noexcept nogil:
    s.resolved += 1
    s.stage = ST_CARD

cdef void resolve_action(SanNiIchi* s, int seat, int a) noexcept nogil:
    cdef int c = s.played[seat], t, x
    if s.stage == ST_SLIDE:
        if a != KEEP:
            t = a - SLIDE
            move_pile(s, seat, t)
            log_step(s, K_SLIDE, seat, c, t, NONE, NONE, 0)
        card_done(s)
        return
    if s.stage == ST_TONFA_DISCARD:
        x = card_of_type(s.hand[seat], a - TONFA_DISCARD)
        s.hand[seat] &= ~bit(x)
        s.known[seat] &= ~bit(x)
        if type_of(x) == T_SMOKE and s.smoke_min[seat]:
            s.smoke_min[seat] -= 1
        s.discard |= bit(x)
        log_step(s, K_TONFA_DISCARD, seat, x, NONE, NONE, NONE, 0)
        card_done(s)
        return
    s.table &= ~bit(c)
    if a == DISCARD:
        s.discard |= bit(c)
        log_step(s, K_SMOKE_WASTED if type_of(c) == T_SMOKE else K_DISCARD,
                 seat, c, NONE, NONE, NONE, 0)
        card_done(s)
    elif a < PUT:                       # START
        t = a - START
        s.pile_len[t] = 0
        push(s, t, c)
        log_step(s, K_START, seat, c, t, NONE, NONE, 0)
        if t == seat:
            s.stage = ST_SLIDE
        else:
            card_done(s)
    elif a < SLIDE:                     # PUT
        t = a - PUT
        if is_zen(c):
            s.zen_elem[c - ZEN0] = beater(elem_of(s, top_card(s, t)))
        push(s, t, c)
        log_step(s, K_PUT, seat, c, t, NONE, NONE, 0)
        # A slide follows only an attack card on your own pile, never a Zen (rulings 6, 8).
        if t == seat and is_attack(c):
            s.stage = ST_SLIDE
        else:
            card_done(s)
    elif a < TONFA:                     # BLOCK
        t = a - BLOCK
        s.blocked |= 1 << t
        s.discard |= bit(c)
        log_step(s, K_BLOCK, seat, c, t, NONE, NONE, 0)
        card_done(s)
    elif a < TONFA_DISCARD:             # TONFA: draw, then a discard follows
        t = a - TONFA
        s.pile_len[t] -= 1
        x = s.pile[t][s.pile_len[t]]
        s.hand[seat] |= bit(x)
        s.known[seat] |= bit(x)
        s.discard |= bit(c)
        log_step(s, K_TONFA, seat, c, t, NONE, x, 0)
        s.stage = ST_TONFA_DISCARD
    elif a < SAI_MOVE:
        t = a - SAI_SWAP
        swap_piles(s, PAIR_A[t], PAIR_B[t])
        s.discard |= bit(c)
        log_step(s, K_SAI_SWAP, seat, c, PAIR_A[t], PAIR_B[t], NONE, 0)
        card_done(s)
    elif a < SHURIKEN:
        t = a - SAI_MOVE
        move_pile(s, t // 3, t % 3)
        s.discard |= bit(c)
        log_step(s, K_SAI_MOVE, seat, c, t // 3, t % 3, NONE, 0)
        card_done(s)
    else:
        t = a - SHURIKEN
        s.damage[t] |= bit(c)
        log_step(s, K_SHURIKEN, seat, c, t, NONE, NONE, 0)
        card_done(s)

cdef void new_wave(SanNiIchi* s) noexcept nogil:
    """Threaten every pile showing the highest top number, smoke-bombed ones aside."""
    cdef int m = highest_top(s, s.dodged), o
    s.threatened = 0
    s.taking = 0
    s.asking_partner = 0
    if m < 0:
        return
    for o in range(s.players):
        if s.pile_len[o] and not (s.dodged >> o) & 1 and NUMBER[top_card(s, o)] == m:
            s.threatened |= 1 << o

cdef void decline(SanNiIchi* s) noexcept nogil:
    """The asked seat lets the damage through: on to the partner, or taken."""
    if s.teams and not s.asking_partner:
        s.asking_partner = 1
        return
    s.taking |= 1 << lowest_bit(s.threatened)
    s.threatened &= s.threatened - 1
    s.asking_partner = 0

cdef void damage_action(SanNiIchi* s, int a) noexcept nogil:
    cdef int v = lowest_bit(s.threatened)
    cdef int who = partner(s, v) if s.asking_partner else v
    cdef int sb, x
    if a == SMOKE or a == SMOKE_PARTNER:
        sb = card_of_type(s.hand[who], T_SMOKE)
        s.hand[who] &= ~bit(sb)
        s.discard |= bit(sb)
        # Being asked showed a Smoke Bomb; playing it shows one fewer.
        s.smoke_min[who] = (s.smoke_min[who] if s.smoke_min[who] else 1) - 1
        x = pull_lowest(s, v)
        s.hand[who] |= bit(x)
        s.known[who] |= bit(x)
        s.dodged |= 1 << v
        s.threatened &= ~(1 << v)
        s.asking_partner = 0
        log_step(s, K_SMOKE, who, sb, v, NONE, x, 0)
        return
    # Declining showed everyone a Smoke Bomb in that hand.
    if s.smoke_min[who] == 0:
        s.smoke_min[who] = 1
    decline(s)

cdef void end_round(SanNiIchi* s) noexcept nogil:
    cdef int o
    for o in range(s.players):
        s.played[o] = NONE
    s.blocked = 0
    s.dodged = 0
    s.threatened = 0
    s.taking = 0
    s.asking_partner = 0
    s.resolved = 0
    s.stage = ST_CARD
    if s.round < ROUNDS:
        s.round += 1
        s.phase = CHOOSE
        return
    # Piles still in play after the last round are discarded, not scored.
    for o in range(s.players):
        if s.pile_len[o]:
            log_step(s, K_PILE_DISCARDED, o, NONE, NONE, NONE, NONE, pile_cards(s, o))
            s.discard |= pile_cards(s, o)
            s.pile_len[o] = 0
    s.phase = OVER

cdef void advance(SanNiIchi* s) noexcept nogil:
    """Run every forced step; stop at a real choice or at the end."""
    cdef int opts[MAX_LEGAL]
    cdef int types[MAX_SEATS]
    cdef int o, v, who, k
    while True:
        if s.phase == CHOOSE:
            for o in range(s.players):
                if count_types(s.hand[o]) != 1:
                    return
                types_in(s.hand[o], opts)
                types[o] = opts[0]
            reveal(s, types)
        elif s.phase == RESOLVE:
            if s.resolved >= s.players:
                s.phase = DAMAGE
                s.dodged = 0
                new_wave(s)
                continue
            o = s.order[s.resolved]
            k = card_options(s, o, opts)
            if k > 1:
                return
            resolve_action(s, o, opts[0])
        elif s.phase == DAMAGE:
            if s.threatened == 0:
                if s.taking:
                    for o in range(s.players):
                        if (s.taking >> o) & 1:
                            log_step(s, K_DAMAGE, o, NONE, NONE, NONE, NONE, pile_cards(s, o))
                            s.damage[o] |= pile_cards(s, o)
                            s.pile_len[o] = 0
                    end_round(s)
                elif s.dodged and highest_top(s, s.dodged) >= 0:
                    new_wave(s)       # all dodged: the next highest takes it instead
                else:
                    end_round(s)
                continue
            v = lowest_bit(s.threatened)
            who = partner(s, v) if s.asking_partner else v
            if s.hand[who] & SMOKE_MASK:
                return
            # Not asked: everyone now knows this seat holds no Smoke Bomb.
            s.smoke_none |= 1 << who
            decline(s)
        else:
            return

# ---------------------------------------------------------------- interface

cdef int sni_players(const void* vs) noexcept nogil:
    return (<const SanNiIchi*>vs).players

cdef int sni_movers(const void* vs, int* seats) noexcept nogil:
    cdef const SanNiIchi* s = <const SanNiIchi*>vs
    cdef int i
    if s.phase == CHOOSE:
        for i in range(s.players):
            seats[i] = i
        return s.players
    if s.phase == OVER:
        return 0
    seats[0] = decider(s)
    return 1

cdef int sni_legal(const void* vs, int seat, int* out) noexcept nogil:
    cdef const SanNiIchi* s = <const SanNiIchi*>vs
    if seat < 0 or seat >= s.players:
        return 0
    return options(s, seat, out)

cdef void sni_apply(void* vs, const int* joint) noexcept nogil:
    cdef SanNiIchi* s = <SanNiIchi*>vs
    cdef int types[MAX_SEATS]
    cdef int o
    if s.phase == CHOOSE:
        s.nlog = 0
        for o in range(s.players):
            types[o] = joint[o] - PLAY
        reveal(s, types)
    elif s.phase == RESOLVE:
        o = decider(s)
        resolve_action(s, o, joint[o])
    elif s.phase == DAMAGE:
        damage_action(s, joint[decider(s)])
    else:
        return
    advance(s)

cdef inline int score_of(const SanNiIchi* s, int seat) noexcept nogil:
    cdef uint64_t d = s.damage[seat]
    cdef int total = 0, c
    if not s.advanced:
        return popcount64(d)
    # Advanced scoring: the values; every weapon counts one.
    while d:
        c = lowest_bit(d)
        total += NUMBER[c] if c < ZEN0 else 1
        d &= d - 1
    return total

cdef inline void side_scores(const SanNiIchi* s, int* side) noexcept nogil:
    # A seat's damage, or in team play its team's.
    cdef int i
    for i in range(s.players):
        side[i] = score_of(s, i) + (score_of(s, partner(s, i)) if s.teams else 0)

cdef void sni_returns(const void* vs, double* out) noexcept nogil:
    cdef const SanNiIchi* s = <const SanNiIchi*>vs
    cdef int side[MAX_SEATS]
    side_scores(s, side)
    # Tied lowest share the win; a winning team's members share it too.
    share_wins(side, s.players, True, out)

cdef void sni_standings(const void* vs, double* out) noexcept nogil:
    cdef const SanNiIchi* s = <const SanNiIchi*>vs
    cdef int side[MAX_SEATS]
    cdef int i
    side_scores(s, side)
    for i in range(s.players):
        out[i] = -side[i]

cdef void sni_determinize(void* vs, int observer, Rng* rng) noexcept nogil:
    """Deal the opponents' unseen cards again, keeping hand sizes, the cards
    everyone saw enter a hand, and what the Smoke Bomb questions showed,
    including the one being asked now: only a seat holding a Smoke Bomb is
    asked, so the seat asked holds one in every copy."""
    cdef SanNiIchi* s = <SanNiIchi*>vs
    cdef uint64_t pool = 0, smokes
    cdef uint8_t cards[N_CARDS]
    cdef uint8_t slots[N_CARDS]
    cdef int free[MAX_SEATS]
    cdef int n = 0, nslots = 0, i, j, t, o, k, want, nsmoke
    cdef int asked = decider(s) if s.phase == DAMAGE else -1
    for o in range(s.players):
        if o != observer:
            pool |= s.hand[o] & ~s.known[o]
            free[o] = popcount64(s.hand[o] & ~s.known[o])
            s.hand[o] &= s.known[o]
    smokes = pool & SMOKE_MASK
    pool &= ~SMOKE_MASK
    # Seats known to hold Smoke Bombs get them back first.
    for o in range(s.players):
        if o != observer:
            want = s.smoke_min[o]
            if o == asked and want == 0:
                want = 1
            while want > 0 and smokes and free[o] > 0:
                t = lowest_bit(smokes)
                smokes &= smokes - 1
                s.hand[o] |= bit(t)
                free[o] -= 1
                want -= 1
    # The other Smoke Bombs go to free places of seats that may hold one.
    nsmoke = popcount64(smokes)
    for o in range(s.players):
        if o != observer and not (s.smoke_none >> o) & 1:
            for i in range(free[o]):
                slots[nslots] = o
                nslots += 1
    for i in range(nsmoke):
        if i >= nslots:
            break
        j = i + rng_below(rng, nslots - i)
        t = slots[i]; slots[i] = slots[j]; slots[j] = t
        o = slots[i]
        k = lowest_bit(smokes)
        smokes &= smokes - 1
        s.hand[o] |= bit(k)
        free[o] -= 1
    pool |= smokes              # only if the position was inconsistent
    # Canonical (bit) order, so the result depends only on what is seen.
    while pool:
        cards[n] = lowest_bit(pool)
        pool &= pool - 1
        n += 1
    shuffle_u8(cards, n, rng)
    k = 0
    for o in range(s.players):
        if o != observer:
            for i in range(free[o]):
                if k < n:
                    s.hand[o] |= bit(cards[k])
                    k += 1

cdef int sni_observe(const void* vs, int actor, int action, int observer) noexcept nogil:
    # Every choice is public: round cards at the reveal, targets and the
    # Tonfa discard (face up) at once.
    return action

cdef int sni_reveal_group(const void* vs, int seat, int action, int observer_action) noexcept nogil:
    # A round card revealed beside mine is grouped by whether it resolves
    # before mine (0) or after (1): what piles mine meets, and who can still
    # answer it.  Any other move keeps its own code.
    if action < START and observer_action < START:
        # A type's lowest card resolves as any copy of it.
        return 0 if (resolve_key(lowest_bit(type_mask(action - PLAY)))
                     < resolve_key(lowest_bit(type_mask(observer_action - PLAY)))) else 1
    return action + 2

# ------------------------------------------------------------------ policy
# A cheap one-step greedy: which piles would take damage if the round ended
# now, weighing my side's damage against the others'.
#
# It decides every step of every rollout, so a decision reads the piles once
# (``Outlook``) and judges a move that changes one or two piles from a few
# numbers kept per pile, without a pass over the piles per move.  Free seats
# of one kind (mine, my partner's, an opponent's) all judge alike, so one of
# each kind is judged.  Every value is the same, to the last bit, as judging
# each move on a copy of the piles: the weighted sums are multiples of 0.5
# (exact in any order) until the one 0.1 term.

cdef enum:
    NO_TOP = -1

ctypedef struct Outlook:
    # The piles as one seat weighs them; a seat without a pile has size 0 and NO_TOP.
    int top[MAX_SEATS]
    int size[MAX_SEATS]
    double weight[MAX_SEATS]    # per card of damage there: -1 on my side, +0.5 on the others'
    int seat
    int players
    uint8_t mine                # my side's seats
    uint8_t put_on[3]           # per element: the piles an attack card of it may go on
    int free_partner            # my partner's seat if it has no pile, else -1
    int free_other              # the first opponent's seat without a pile, else -1
    # The highest top number (NO_TOP for none), the weighted cards showing it
    # and how many piles show it; the same for the second highest.  Without
    # any one pile, the highest of the rest follows from these.
    int top1
    double at_top1
    int piles_at_top1
    int top2
    double at_top2
    double now                  # exposure of the piles as they are

cdef inline double own_risk(const Outlook* ol, double v, int m, int own_top, int own_size) noexcept nogil:
    # A pile of my own that does not take damage now stays a risk for the coming rounds.
    if own_size and own_top != m:
        return v - 0.1 * own_size
    return v

cdef void read_piles(const SanNiIchi* s, int seat, bint choosing, Outlook* ol) noexcept nogil:
    cdef int o, c, x, n1 = 0, m1 = NO_TOP, m2 = NO_TOP, p = partner(s, seat)
    cdef uint8_t free = 0, mine
    cdef double w, w1 = 0.0, w2 = 0.0
    mine = (1 << seat) | ((1 << p) if p >= 0 else 0)
    ol.seat = seat
    ol.players = s.players
    ol.mine = mine
    ol.put_on[0] = ol.put_on[1] = ol.put_on[2] = 0
    for o in range(s.players):
        ol.size[o] = s.pile_len[o]
        ol.weight[o] = 0.5 - 1.5 * ((mine >> o) & 1)
        if ol.size[o] == 0:
            ol.top[o] = NO_TOP
            free |= 1 << o
            continue
        c = top_card(s, o)
        x = NUMBER[c]
        ol.top[o] = x
        if choosing:
            ol.put_on[beater(elem_of(s, c))] |= 1 << o
        w = ol.weight[o] * ol.size[o]
        if x > m1:
            m2 = m1; w2 = w1
            m1 = x; w1 = w; n1 = 1
        elif x == m1:
            w1 += w; n1 += 1
        elif x > m2:
            m2 = x; w2 = w
        elif x == m2:
            w2 += w
    ol.top1 = m1; ol.at_top1 = w1; ol.piles_at_top1 = n1
    ol.top2 = m2; ol.at_top2 = w2
    ol.free_partner = p if p >= 0 and (free >> p) & 1 else -1
    ol.free_other = lowest_bit(free & ~mine) if free & ~mine else -1
    ol.now = 0.0 if m1 == NO_TOP else own_risk(ol, w1, m1, ol.top[seat], ol.size[seat])

cdef inline int rest_top(const Outlook* ol, int t) noexcept nogil:
    """The highest top number without pile ``t`` (NO_TOP for none)."""
    return ol.top1 if ol.top[t] < ol.top1 or ol.piles_at_top1 > 1 else ol.top2

cdef inline double rest_at_top(const Outlook* ol, int t) noexcept nogil:
    """The weighted cards showing ``rest_top``, without pile ``t``."""
    if ol.top[t] < ol.top1:
        return ol.at_top1
    if ol.piles_at_top1 > 1:
        return ol.at_top1 - ol.weight[t] * ol.size[t]
    return ol.at_top2

cdef inline double exposure_if(const Outlook* ol, int t, int top_t, int size_t) noexcept nogil:
    """Exposure with pile ``t`` changed to ``size_t`` cards showing ``top_t``."""
    cdef int m = rest_top(ol, t), seat = ol.seat
    cdef double v
    if size_t and top_t >= m:
        v = ol.weight[t] * size_t + (rest_at_top(ol, t) if top_t == m else 0.0)
        m = top_t
    elif m == NO_TOP:
        return 0.0
    else:
        v = rest_at_top(ol, t)
    if t == seat:
        return own_risk(ol, v, m, top_t, size_t)
    return own_risk(ol, v, m, ol.top[seat], ol.size[seat])

cdef inline double exposure_slid(const Outlook* ol, int u, int top_own, int size_own) noexcept nogil:
    """Exposure once my own pile of ``size_own`` showing ``top_own`` slid to the free seat ``u``."""
    cdef int m = rest_top(ol, ol.seat)
    if top_own > m:
        return ol.weight[u] * size_own
    if top_own == m:
        return ol.weight[u] * size_own + rest_at_top(ol, ol.seat)
    return rest_at_top(ol, ol.seat)

cdef double exposure_swapped(const Outlook* ol, int a, int b) noexcept nogil:
    """Exposure with the piles of ``a`` and ``b`` swapped (a Sai)."""
    cdef int top[MAX_SEATS]
    cdef int size[MAX_SEATS]
    cdef int o, m = NO_TOP, seat = ol.seat
    cdef double v = 0.0
    memcpy(top, ol.top, sizeof(top))
    memcpy(size, ol.size, sizeof(size))
    top[a] = ol.top[b]; size[a] = ol.size[b]
    top[b] = ol.top[a]; size[b] = ol.size[a]
    for o in range(ol.players):
        if size[o] and top[o] > m:
            m = top[o]
    if m == NO_TOP:
        return 0.0
    for o in range(ol.players):
        if size[o] and top[o] == m:
            v += ol.weight[o] * size[o]
    return own_risk(ol, v, m, top[seat], size[seat])

cdef inline int top_after_tonfa(const SanNiIchi* s, int t) noexcept nogil:
    """The number showing on pile ``t`` once a Tonfa took its top card."""
    return NUMBER[s.pile[t][s.pile_len[t] - 2]] if s.pile_len[t] >= 2 else NO_TOP

cdef double best_slide(const Outlook* ol, int top_own, int size_own, uint8_t blocked) noexcept nogil:
    """Value of my own pile of ``size_own`` showing ``top_own``: kept, or slid to the best free seat."""
    cdef int u
    cdef double best = exposure_if(ol, ol.seat, top_own, size_own), v
    if blocked == 0:
        if ol.free_partner >= 0:
            v = exposure_slid(ol, ol.free_partner, top_own, size_own)
            if v > best:
                best = v
        if ol.free_other >= 0:
            v = exposure_slid(ol, ol.free_other, top_own, size_own)
            if v > best:
                best = v
        return best
    for u in range(ol.players):
        if u != ol.seat and ol.size[u] == 0 and not (blocked >> u) & 1:
            v = exposure_slid(ol, u, top_own, size_own)
            if v > best:
                best = v
    return best

cdef double shuriken_value(const SanNiIchi* s, const Outlook* ol, int t) noexcept nogil:
    cdef int o, least
    if (ol.mine >> t) & 1:
        return ol.now - 1.0
    # Aim at whoever has the least damage so far.
    least = 1
    for o in range(ol.players):
        if not (ol.mine >> o) & 1 and popcount64(s.damage[o]) < popcount64(s.damage[t]):
            least = 0
    return ol.now + 0.5 + 0.3 * least

cdef double action_value(const SanNiIchi* s, const Outlook* ol, int c, int a, uint8_t blocked) noexcept nogil:
    """How good resolving ``c`` by ``a`` looks for the outlook's seat (higher is better)."""
    cdef int seat = ol.seat, t, x
    if a == DISCARD or a == KEEP:
        return ol.now - (1.0 if c >= SMOKE0 and c < BLOCK0 else 0.0)
    if a < PUT:
        t = a - START
        return best_slide(ol, NUMBER[c], 1, blocked) if t == seat else exposure_if(ol, t, NUMBER[c], 1)
    if a < SLIDE:
        t = a - PUT
        if t == seat and is_attack(c):
            return best_slide(ol, NUMBER[c], ol.size[t] + 1, blocked)
        return exposure_if(ol, t, NUMBER[c], ol.size[t] + 1)
    if a < KEEP:
        return exposure_slid(ol, a - SLIDE, ol.top[seat], ol.size[seat])
    if a < TONFA:
        t = a - BLOCK
        return ol.now + (0.3 if ol.size[t] else 0.05)
    if a < TONFA_DISCARD:
        t = a - TONFA
        return exposure_if(ol, t, top_after_tonfa(s, t), ol.size[t] - 1)
    if a < SAI_SWAP:
        # Keep the cards that help most; throw away the highest attack card.
        x = a - TONFA_DISCARD
        if x == T_SMOKE:
            return -6.0
        if x == T_BLOCK:
            return -3.0
        if x >= SHURIKEN0:
            return -5.0
        if x >= ZEN0:
            return -2.0
        return -1.0 + NUMBER[x] * 0.1
    if a < SAI_MOVE:
        t = a - SAI_SWAP
        return exposure_swapped(ol, PAIR_A[t], PAIR_B[t])
    if a < SHURIKEN:
        # A move to a free seat is a swap with its empty pile.
        t = a - SAI_MOVE
        return exposure_swapped(ol, t // 3, t % 3)
    if a < SMOKE:
        return shuriken_value(s, ol, a - SHURIKEN)
    return 0.0

cdef inline double better(double best, double v) noexcept nogil:
    return v if v > best else best

cdef double card_value(const SanNiIchi* s, const Outlook* ol, int c) noexcept nogil:
    """The round-card choice: the best this card could do on today's piles.

    The card is judged as if it resolved now, on the piles as they are,
    unblocked: the best of its moves (a discard among them) over the discard.
    """
    cdef int seat = ol.seat, n = NUMBER[c], t, u
    cdef uint64_t piles
    cdef double best = ol.now
    if c >= BLOCK0:
        return 0.3 if ol.size[seat] else -0.2
    if c >= SMOKE0:
        return -3.0
    if is_attack(c):
        # Starting a pile: on my own free seat (sliding it away is starting
        # another seat's), my partner's, or an opponent's.
        if ol.size[seat] == 0:
            best = better(best, exposure_if(ol, seat, n, 1))
        if ol.free_partner >= 0:
            best = better(best, exposure_if(ol, ol.free_partner, n, 1))
        if ol.free_other >= 0:
            best = better(best, exposure_if(ol, ol.free_other, n, 1))
        piles = ol.put_on[c // 10]
        while piles:
            t = lowest_bit(piles)
            piles &= piles - 1
            best = better(best, best_slide(ol, n, ol.size[t] + 1, 0) if t == seat
                          else exposure_if(ol, t, n, ol.size[t] + 1))
    elif is_zen(c):
        for t in range(ol.players):
            if ol.size[t]:
                best = better(best, exposure_if(ol, t, n, ol.size[t] + 1))
    elif c < SAI0:          # Tonfa
        for t in range(ol.players):
            if ol.size[t]:
                best = better(best, exposure_if(ol, t, top_after_tonfa(s, t), ol.size[t] - 1))
    elif c < SHURIKEN0:     # Sai
        for t in range(15):
            if PAIR_B[t] < ol.players and ol.size[PAIR_A[t]] and ol.size[PAIR_B[t]]:
                best = better(best, exposure_swapped(ol, PAIR_A[t], PAIR_B[t]))
        if ol.players == 3:
            for t in range(3):
                for u in range(3):
                    if t != u and ol.size[t] and ol.size[u] == 0:
                        best = better(best, exposure_swapped(ol, t, u))
    else:                   # Shuriken: keep it a little longer, it does most later
        for t in range(ol.players):
            best = better(best, shuriken_value(s, ol, t))
        return best - ol.now + 0.2
    # Keep high cards a little longer too.
    return best - ol.now - 0.02 * n

cdef int sni_policy(void* vs, int seat, Rng* rng) noexcept nogil:
    cdef SanNiIchi* s = <SanNiIchi*>vs
    cdef int legal[MAX_LEGAL]
    cdef int n = options(s, seat, legal)
    cdef int i, c, best
    cdef double v, best_v = -1e18
    cdef Outlook ol
    if n <= 1:
        return legal[0] if n else 0
    if rng_unit(rng) < 0.1:
        return legal[rng_below(rng, n)]
    best = legal[0]
    if s.phase == DAMAGE:
        # Dodge when there is something to dodge, or when time runs short.
        v = s.pile_len[lowest_bit(s.threatened)]
        return legal[0] if (v >= 2 or s.round >= 5) else legal[1]
    read_piles(s, seat, s.phase == CHOOSE, &ol)
    for i in range(n):
        if s.phase == CHOOSE:
            c = card_of_type(s.hand[seat], legal[i] - PLAY)
            v = card_value(s, &ol, c)
        else:
            v = action_value(s, &ol, s.played[seat], legal[i], s.blocked)
        v += rng_unit(rng) * 0.01          # break ties without a fixed bias
        if v > best_v:
            best_v = v
            best = legal[i]
    return best


# -------------------------------------------------------------- evaluation
# Not rules: how the search judges a round's start when it cuts a rollout
# off there (``cut_rounds`` in SEARCH_SETTINGS).  A seat's strength is a
# weighted sum of what it has now; its chance to win is its share of
# exp(strength) (the core's ``evaluate``).  The weights are a logistic fit
# to the winners of policy-played games (``python -m bench.evaluation
# --game san_ni_ichi``).

#: per unit of each: the damage taken so far (its side's, in team play; the
#: values under advanced scoring); the same weighted by the rounds played
#: (0 at round 1, 1 at round 7), as a lead counts for more the less time is
#: left; the cards of the seat's own sparring pile; the same when its top
#: shows the highest number now (the pile the next damage goes to); Smoke
#: Bombs, Blocks and numbered weapons in hand; the attack cards in hand,
#: each counted as its number over the deck's highest
EVALUATION = {"damage": -0.708, "damage late": -0.540, "pile": -0.210, "pile on top": 0.005,
              "smoke bombs": 0.615, "blocks": 0.294, "weapons": 0.199, "attack numbers": 0.203}
cdef enum:
    N_EVAL = 8
cdef double EVAL_W[N_EVAL]
set_weights(EVAL_W, N_EVAL, EVALUATION)

cdef int sni_features(const void* vs, double* f, uint8_t* standing) noexcept nogil:
    """What the evaluation reads of each seat (``EVALUATION``'s order), at a
    round's start only (the round cards not chosen yet)."""
    cdef const SanNiIchi* s = <const SanNiIchi*>vs
    cdef int side[MAX_SEATS]
    cdef int p, c, top_number = 1, m = highest_top(s, 0)
    cdef double late = (s.round - 1) / (ROUNDS - 1.0), numbers
    cdef uint64_t h
    if s.phase != CHOOSE:
        return 0
    h = s.in_game & ATTACK_MASK
    while h:
        c = lowest_bit(h)
        h &= h - 1
        if NUMBER[c] > top_number:
            top_number = NUMBER[c]
    side_scores(s, side)
    for p in range(s.players):
        standing[p] = 1
        numbers = 0.0
        h = s.hand[p] & ATTACK_MASK
        while h:
            c = lowest_bit(h)
            h &= h - 1
            numbers += NUMBER[c]
        f[p * N_EVAL + 0] = side[p]
        f[p * N_EVAL + 1] = side[p] * late
        f[p * N_EVAL + 2] = s.pile_len[p]
        f[p * N_EVAL + 3] = s.pile_len[p] if s.pile_len[p] and NUMBER[top_card(s, p)] == m else 0
        f[p * N_EVAL + 4] = popcount64(s.hand[p] & SMOKE_MASK)
        f[p * N_EVAL + 5] = popcount64(s.hand[p] & BLOCK_MASK)
        f[p * N_EVAL + 6] = popcount64(s.hand[p] & ~(ATTACK_MASK | SMOKE_MASK | BLOCK_MASK))
        f[p * N_EVAL + 7] = numbers / top_number
    return N_EVAL


cdef GameDef SNI_DEF
SNI_DEF.name = b"san_ni_ichi"
SNI_DEF.state_size = sizeof(SanNiIchi)
SNI_DEF.num_actions = NUM_ACTIONS
SNI_DEF.players = sni_players
SNI_DEF.movers = sni_movers
SNI_DEF.legal = sni_legal
SNI_DEF.apply = sni_apply
SNI_DEF.returns = sni_returns
SNI_DEF.determinize = sni_determinize
SNI_DEF.observe = sni_observe
SNI_DEF.policy = sni_policy
SNI_DEF.standings = sni_standings
SNI_DEF.reveal_group = sni_reveal_group
SNI_DEF.features = sni_features
SNI_DEF.weights = EVAL_W


# ------------------------------------------------------------- Python face
# The deal and the C table; positions are position.pyx's, what a seat sees
# views.pyx's, the names notation.pyx's.  The solver uses only the table.

NAME = "san_ni_ichi"
TITLE = "San, Ni, Ichi!"
PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
OPTIONS = {
    "deck": {
        "values": DECK_NAMES,
        "default": "standard",
        "help": "setup table: 'standard' (3p 1-5 + 6 weapons, 4p 1-7 + 7, 5p 1-8 + 11, "
                "6p 1-10 + 12) or a row of the alternate table: 'alternate-1' (3p 1-6 + 3, "
                "4p 1-8 + 4, 5p 1-9 + 8) or 'alternate-2' (3p 1-7 and no weapons, 4p 1-9 + 1, "
                "5p 1-10 + 5); there is no alternate deck for 6 players",
    },
    "teams": {
        "values": (False, True),
        "default": False,
        "help": "team play at 4 or 6 players: partners sit opposite (seats 0+2, 1+3; "
                "with 6: 0+3, 1+4, 2+5), may Block and Smoke Bomb for each other, "
                "and win or lose on their total",
    },
    "advanced": {
        "values": (False, True),
        "default": False,
        "help": "advanced scoring: count the values in damage piles, every weapon as 1, "
                "instead of the number of cards",
    },
}
STATE_SIZE = sizeof(SanNiIchi)
#: the search's settings found by tournaments, per player count
#: (solver.search.search_settings); docs/strength-notes/san_ni_ichi.md has
#: every run.  At 3 players a rollout stops at the start of its second
#: round and takes EVALUATION there: played out, 20,000 iterations were no
#: better than 2,000 (34.6% over 90 games against an equal 33.3%); cut off,
#: they beat them, 40.9% (35.5%-46.6%) over 300 games on fresh deals, and
#: at equal iterations the cut-off search is level with the played-out one.
#: 4 to 6 players are played out, as before (not measured cut off).
SEARCH_SETTINGS = {3: {"cut_rounds": 2}}


def definition():
    """The ``GameDef`` table as a capsule named ``engine.GameDef``."""
    return PyCapsule_New(&SNI_DEF, b"engine.GameDef", NULL)


cdef int number_of(int c) noexcept nogil:
    """The printed number of card ``c`` (0 for Smoke Bomb and Block)."""
    return NUMBER[c]


#: the pairs of seats a Sai swap names, in id order (SAI_SWAP + index)
PAIRS = tuple((PAIR_A[k], PAIR_B[k]) for k in range(15))
#: card sets as bit masks over card ids, for the position checks and views
ATTACK_CARDS, ZEN_CARDS, SHURIKEN_CARDS, SMOKE_BOMBS = ATTACK_MASK, ZEN_MASK, SHURIKEN_MASK, SMOKE_MASK


cdef SanNiIchi* state_of(const unsigned char[::1] buf) except NULL:
    """The struct in ``buf``, which must be exactly one San Ni Ichi state."""
    if buf.shape[0] != sizeof(SanNiIchi):
        raise PositionError("not a San Ni Ichi state")
    return <SanNiIchi*>&buf[0]


def check_options(int players, str deck, bint teams, where="options"):
    """The deck index, once the deck has a row for ``players`` and team play
    fits them (the values' types are checked by ``engine.checks``)."""
    if players not in DECKS[deck]:
        raise PositionError(f"{where}.deck: the {deck} deck has no row for {players} players "
                            f"(it has {', '.join(map(str, DECKS[deck]))})")
    if teams and players not in (4, 6):
        raise PositionError(f"{where}.teams: team play is for 4 or 6 players, not {players}")
    return DECK_NAMES.index(deck)


def new_state(int players, unsigned long long seed, dict options):
    """A fresh deal as state bytes."""
    if not (MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise PositionError(f"players: San Ni Ichi is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    chosen = {k: v["default"] for k, v in OPTIONS.items()}
    chosen.update(checks.options(OPTIONS, TITLE, options))
    teams, advanced = chosen["teams"], chosen["advanced"]
    deck_index = check_options(players, chosen["deck"], teams)
    top, weapons = DECKS[chosen["deck"]][players]
    buf = bytearray(sizeof(SanNiIchi))
    cdef unsigned char[::1] mv = buf
    cdef SanNiIchi* s = <SanNiIchi*>&mv[0]
    cdef uint8_t pool[18]
    cdef uint8_t deck[N_CARDS]
    cdef Rng rng
    cdef int i, n = 0, seat, smokes = 0, blocks = 0, c
    memset(s, 0, sizeof(SanNiIchi))
    rng_seed(&rng, seed)
    # The weapons are drawn at random from the pool of 18, then shown to all.
    for i in range(18):
        pool[i] = ZEN0 + i
    shuffle_u8(pool, 18, &rng)
    for i in range(weapons):
        c = pool[i]
        if c >= BLOCK0:
            c = BLOCK0 + blocks        # identical copies: always the lowest ids
            blocks += 1
        elif c >= SMOKE0:
            c = SMOKE0 + smokes
            smokes += 1
        s.in_game |= bit(c)
    for e in range(3):
        for i in range(top):
            s.in_game |= bit(e * 10 + i)
    for c in range(N_CARDS):
        if (s.in_game >> c) & 1:
            deck[n] = c
            n += 1
    shuffle_u8(deck, n, &rng)
    for seat in range(players):
        for i in range(ROUNDS):
            s.hand[seat] |= bit(deck[seat * ROUNDS + i])
    s.players = players
    s.teams = teams
    s.advanced = advanced
    s.deck = deck_index
    s.round = 1
    s.phase = CHOOSE
    for seat in range(MAX_PLAYERS):
        s.played[seat] = NONE
    advance(s)
    return bytes(buf)

