# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Pride of Ninja: every rule of the game, on one fixed-size C struct.

Rulebook ``seeds/001``, rulings ``rules/pride_of_ninja.md``; the rules as
implemented are written down in ``docs/rules/pride_of_ninja.md``.

A card is its kind: cards of one kind are identical, so hands and rows are
counts per kind.  Inside the struct a kind is its place 0..6 in its deck, in
initiative order; to the outside (action ids, ``card_name``) it is a global id
0..13, the Blue deck's seven kinds then the Red deck's seven.

>>> from engine import new_game
>>> state = new_game("pride_of_ninja", players=4, seed=1)
>>> state.movers()
[0, 1, 2, 3]
>>> str(state.legal_actions(0)[0]).endswith("to the front row")
True
"""
from libc.stdint cimport uint8_t, int16_t, uint16_t, uint64_t
from libc.string cimport memset, memcpy
from cpython.pycapsule cimport PyCapsule_New

from engine.core cimport GameDef, Rng, rng_next, rng_below, rng_seed, rng_unit
from engine.errors import PositionError

# --------------------------------------------------------------------------
# The numbers we play by (rulebook + rulings): the one table for Pride of
# Ninja.  (chosen) marks this project's reconstruction of a printed ability
# the rulebook text lost; everything else is in the rulebook itself.
# --------------------------------------------------------------------------

# name, deck, initiative, cards at (3, 4, 5) players
CARDS = (
    ("Ninja",        "blue", 1, (8, 8, 9)),
    ("Samurai",      "blue", 1, (3, 3, 3)),
    ("Miko",         "blue", 2, (4, 5, 5)),
    ("Onmyoji",      "blue", 3, (4, 4, 5)),
    ("Kabuki",       "blue", 4, (4, 4, 4)),
    ("Sumo Rikishi", "blue", 5, (0, 3, 3)),
    ("Shogun",       "blue", 6, (1, 1, 1)),
    ("Kunoichi",     "red",  0, (7, 8, 8)),
    ("Fallen",       "red",  1, (3, 3, 3)),
    ("Geisha",       "red",  2, (4, 5, 5)),
    ("Monk",         "red",  3, (3, 4, 4)),
    ("Oni",          "red",  4, (3, 4, 5)),
    ("Yakuza",       "red",  5, (3, 3, 4)),
    ("Magistrate",   "red",  6, (1, 1, 1)),
)
DECKS = ("blue", "red")

cdef enum:
    MIN_PLAYERS = 3
    MAX_PLAYERS = 5
    N_KINDS = 7            # kinds in one deck
    N_GLOBAL = 14
    N_INIT = 7             # initiative 0..6
    MAX_HAND = 7
    MAX_DEAL = 30
    FRONT_MAX = 4          # front row places
    BACK_MAX = 3           # back row places (the 5-player card takes one)
    VICTIMS_3P = 3         # Victim's Cards in a 3-player game

    # Blue kinds
    NINJA = 0
    SAMURAI = 1
    MIKO = 2
    ONMYOJI = 3
    KABUKI = 4
    SUMO = 5
    SHOGUN = 6
    # Red kinds
    KUNOICHI = 0
    FALLEN = 1
    GEISHA = 2
    MONK = 3
    ONI = 4
    YAKUZA = 5
    MAGISTRATE = 6

    # Abilities.  Rulebook: Ninja 1 TP each, 2 each from five; 3 Onmyoji or 3
    # Oni: 1 TP each and a Slay; the Kunoichi Secrecy bonus; Oni's front-row 0.
    NINJA_TP = 1
    NINJA_MANY = 5
    NINJA_MANY_TP = 2
    SAMURAI_FRONT_TP = -2          # (chosen)
    SAMURAI_BACK_PER_NINJA = 1     # (chosen)
    MIKO_FRONT_TP = 3              # (chosen)
    ONMYOJI_SLAYS_AT = 3
    SUMO_LOWEST_TP = 4             # (chosen)
    SUMO_OTHER_TP = 1              # (chosen)
    SHOGUN_PER_SLAIN = 2           # (chosen)
    KUNOICHI_TP = 1                # (chosen)
    FALLEN_FRONT_TP = 1            # (chosen)
    FALLEN_BACK_TP = -2            # (chosen)
    GEISHA_MID_FROM = 1            # (chosen) Secrecy 1-4 ...
    GEISHA_MID_TP = 2              # (chosen) ... gives 2 TP
    GEISHA_HIGH_FROM = 5           # (chosen) Secrecy 5+ ...
    GEISHA_HIGH_TP = 4             # (chosen) ... gives 4 TP
    GEISHA_BACK_TP = 2             # (chosen)
    MONK_FRONT_PER = 1             # (chosen) per Oni, Yakuza, Magistrate
    ONI_SLAYS_AT = 3
    YAKUZA_FRONT_TP = 2            # (chosen)
    YAKUZA_BACK_TRIGGER = 2        # (chosen) Yakuza in all back rows
    MAGISTRATE_FRONT_CAP = 8       # (chosen)

# By how many you have (index min(count, 4)): Onmyoji and Oni TP per card.
cdef int ONMYOJI_TP[5]
ONMYOJI_TP[:] = [0, 1, 2, 1, 0]         # 1, 2 (chosen); 3 rulebook; 4+ (chosen)
cdef int ONI_TP[5]
ONI_TP[:] = [0, 1, 2, 1, 0]             # 1, 2 (chosen); 3 rulebook; 4+ (chosen)
# By how many players have a Kabuki (index min(players, 4)), TP per card.
cdef int KABUKI_TP[5]
KABUKI_TP[:] = [0, 4, 2, 1, 0]          # (chosen)
# Bonus Secrecy by how many Kunoichi you have (rulebook table).
cdef int KUNOICHI_SECRECY[5]
KUNOICHI_SECRECY[:] = [0, 0, 1, 3, 6]
# Magistrate in the back row, by player count 3, 4, 5.
cdef int MAGISTRATE_BACK_TP[3]
MAGISTRATE_BACK_TP[:] = [-3, -2, -2]    # (chosen)
# Shogun counts its owner among the Slain at 3 and 4 players, not at 5.
cdef int SHOGUN_COUNTS_SELF[3]
SHOGUN_COUNTS_SELF[:] = [1, 1, 0]
# Per player count 3, 4, 5: cards dealt to each, PP that end the game.
cdef int HAND_SIZE[3]
HAND_SIZE[:] = [7, 7, 6]
cdef int GOAL[3]
GOAL[:] = [20, 20, 15]

cdef int INITIATIVE[2][N_KINDS]
cdef uint8_t COUNT[2][N_KINDS][3]
for _g, (_name, _deck, _init, _counts) in enumerate(CARDS):
    INITIATIVE[_g // N_KINDS][_g % N_KINDS] = _init
    for _i in range(3):
        COUNT[_g // N_KINDS][_g % N_KINDS][_i] = _counts[_i]

# Action ids: kind * 2 + row over the 14 global kinds; one more id is what the
# other seats observe of any face-down pick.
cdef enum:
    FRONT = 0
    BACK = 1
    FACE_DOWN = 28
    NUM_ACTIONS = 29
    DRAFT = 0
    OVER = 1
    NO_KIND = 255

PHASES = ("draft", "over")
ROWS = ("front", "back")


ctypedef struct Board:
    # One round's rows, counts per kind; the 5-player card is in ``back``.
    uint8_t front[MAX_PLAYERS][N_KINDS]
    uint8_t back[MAX_PLAYERS][N_KINDS]
    uint8_t victims[N_KINDS]

ctypedef struct Resolution:
    int16_t gain[N_KINDS][MAX_PLAYERS]      # TP each kind gave each seat
    int16_t tp[N_INIT][MAX_PLAYERS]         # TP after each initiative step
    uint8_t slain_by[N_INIT][MAX_PLAYERS]   # bit k: kind k's ability slew the seat
    int16_t monk_pp[MAX_PLAYERS]
    int16_t secrecy[MAX_PLAYERS]
    uint8_t slain[MAX_PLAYERS]

ctypedef struct Pride:
    Rng rng                     # the next round's shuffle
    int16_t pp[MAX_PLAYERS]
    uint16_t round
    uint8_t players
    uint8_t deck
    uint8_t phase
    uint8_t pick                # picks made this round
    uint8_t hand[MAX_PLAYERS][N_KINDS]
    uint8_t n_front[MAX_PLAYERS]
    uint8_t n_back[MAX_PLAYERS]
    Board board
    # This round's draft, pick by pick: what each seat took and where.  The
    # determinization rebuilds every hand's past contents from it.
    uint8_t pick_kind[MAX_HAND][MAX_PLAYERS]
    uint8_t pick_row[MAX_HAND][MAX_PLAYERS]
    # The last resolved round: display and the tie-breaks.
    uint8_t has_last
    Board last
    uint8_t last_slain[MAX_PLAYERS]
    int16_t last_pp[MAX_PLAYERS]            # PP before its scoring


cdef inline int pidx(int players) noexcept nogil:
    return players - MIN_PLAYERS

cdef inline int hand_size(const Pride* s) noexcept nogil:
    return HAND_SIZE[pidx(s.players)]

cdef inline int total(const Board* b, int p, int k) noexcept nogil:
    return b.front[p][k] + b.back[p][k]

cdef inline int secrecy(const Board* b, int deck, int p) noexcept nogil:
    """Back-row initiative minus front-row initiative plus the Kunoichi bonus."""
    cdef int k, v = 0, kun
    for k in range(N_KINDS):
        v += b.back[p][k] * INITIATIVE[deck][k]
        if not (deck == 1 and k == ONI):     # Oni counts 0 in the front row
            v -= b.front[p][k] * INITIATIVE[deck][k]
    if deck == 1:
        kun = total(b, p, KUNOICHI)
        v += KUNOICHI_SECRECY[kun if kun < 4 else 4]
    return v

cdef inline int unique_max(const int* v, int n) noexcept nogil:
    """The seat with strictly the most, or -1 (a tie means nobody)."""
    cdef int i, best = -1, hi = -1000000, ties = 0
    for i in range(n):
        if v[i] > hi:
            hi = v[i]; best = i; ties = 1
        elif v[i] == hi:
            ties += 1
    return best if ties == 1 else -1

cdef inline int unique_min(const int* v, int n) noexcept nogil:
    cdef int i, best = -1, lo = 1000000, ties = 0
    for i in range(n):
        if v[i] < lo:
            lo = v[i]; best = i; ties = 1
        elif v[i] == lo:
            ties += 1
    return best if ties == 1 else -1


cdef void resolve(int n, int deck, const Board* b, Resolution* r) noexcept nogil:
    """The Resolution Phase of one round: every card, initiative by initiative.

    Abilities of one step read the state at the start of the step (all seats
    at once); then TP are added; then the Slain reset their TP to 0.
    """
    cdef int p, k, init, c, m, target
    cdef int tp[MAX_PLAYERS]
    cdef int slay[MAX_PLAYERS]
    cdef int cnt[MAX_PLAYERS]
    cdef int sec[MAX_PLAYERS]
    cdef int tmp
    memset(r, 0, sizeof(Resolution))
    for p in range(n):
        tp[p] = 0
        sec[p] = secrecy(b, deck, p) if deck == 1 else 0
        r.secrecy[p] = sec[p]
    for init in range(N_INIT):
        for p in range(n):
            slay[p] = 0
        if deck == 0:
            if init == 1:
                for p in range(n):
                    cnt[p] = total(b, p, NINJA)
                    r.gain[NINJA][p] = cnt[p] * (NINJA_MANY_TP if cnt[p] >= NINJA_MANY else NINJA_TP)
                    r.gain[SAMURAI][p] = (b.front[p][SAMURAI] * SAMURAI_FRONT_TP
                                          + b.back[p][SAMURAI] * cnt[p] * SAMURAI_BACK_PER_NINJA)
                target = unique_max(cnt, n)
                if target >= 0 and b.front[target][SAMURAI] == 0:
                    slay[target] |= 1 << NINJA
            elif init == 2:
                m = 0
                for p in range(n):
                    m += b.back[p][MIKO]
                for p in range(n):
                    if b.front[p][MIKO]:
                        if m == 0:
                            r.gain[MIKO][p] = b.front[p][MIKO] * MIKO_FRONT_TP
                        else:
                            slay[p] |= 1 << MIKO
            elif init == 3:
                for p in range(n):
                    c = total(b, p, ONMYOJI)
                    r.gain[ONMYOJI][p] = c * ONMYOJI_TP[c if c < 4 else 4]
                    if c >= ONMYOJI_SLAYS_AT:
                        # the player on your right passed you these cards
                        slay[(p + n - 1) % n] |= 1 << ONMYOJI
            elif init == 4:
                m = 1 if (n == 3 and b.victims[KABUKI]) else 0
                for p in range(n):
                    if total(b, p, KABUKI):
                        m += 1
                for p in range(n):
                    r.gain[KABUKI][p] = total(b, p, KABUKI) * KABUKI_TP[m if m < 4 else 4]
            elif init == 5:
                m = 1000000
                for p in range(n):
                    if tp[p] < m:
                        m = tp[p]
                for p in range(n):
                    r.gain[SUMO][p] = total(b, p, SUMO) * (SUMO_LOWEST_TP if tp[p] == m else SUMO_OTHER_TP)
            elif init == 6:
                m = 0
                for p in range(n):
                    m += r.slain[p]
                for p in range(n):
                    c = m - (0 if SHOGUN_COUNTS_SELF[pidx(n)] else r.slain[p])
                    r.gain[SHOGUN][p] = total(b, p, SHOGUN) * SHOGUN_PER_SLAIN * c
        else:
            if init == 0:
                for p in range(n):
                    r.gain[KUNOICHI][p] = total(b, p, KUNOICHI) * KUNOICHI_TP
            elif init == 1:
                m = 0
                for p in range(n):
                    m += b.front[p][FALLEN]
                    cnt[p] = total(b, p, KUNOICHI)
                    r.gain[FALLEN][p] = b.front[p][FALLEN] * FALLEN_FRONT_TP + b.back[p][FALLEN] * FALLEN_BACK_TP
                if m:
                    target = unique_max(cnt, n)
                    if target >= 0:
                        slay[target] |= 1 << FALLEN
            elif init == 2:
                for p in range(n):
                    if sec[p] >= GEISHA_HIGH_FROM:
                        c = GEISHA_HIGH_TP
                    elif sec[p] >= GEISHA_MID_FROM:
                        c = GEISHA_MID_TP
                    else:
                        c = 0
                    r.gain[GEISHA][p] = b.front[p][GEISHA] * c + b.back[p][GEISHA] * GEISHA_BACK_TP
            elif init == 3:
                for p in range(n):
                    r.gain[MONK][p] = b.front[p][MONK] * MONK_FRONT_PER * (
                        total(b, p, ONI) + total(b, p, YAKUZA) + total(b, p, MAGISTRATE))
                    if tp[p] < 0:
                        r.monk_pp[p] = b.back[p][MONK] * (-tp[p])
            elif init == 4:
                m = 0
                for p in range(n):
                    c = total(b, p, ONI)
                    r.gain[ONI][p] = c * ONI_TP[c if c < 4 else 4]
                    if c >= ONI_SLAYS_AT:
                        m = 1
                if m:
                    # Oni Slays every seat with the most TP after this step's
                    # gains, all of them when tied.
                    c = -1000000
                    for p in range(n):
                        tmp = tp[p] + r.gain[ONI][p]
                        if tmp > c:
                            c = tmp
                    for p in range(n):
                        if tp[p] + r.gain[ONI][p] == c:
                            slay[p] |= 1 << ONI
            elif init == 5:
                m = 0
                for p in range(n):
                    m += b.back[p][YAKUZA]
                    r.gain[YAKUZA][p] = b.front[p][YAKUZA] * YAKUZA_FRONT_TP
                if m >= YAKUZA_BACK_TRIGGER:
                    target = unique_min(sec, n)
                    if target >= 0:
                        slay[target] |= 1 << YAKUZA
            elif init == 6:
                for p in range(n):
                    c = sec[p] if sec[p] > 0 else 0
                    r.gain[MAGISTRATE][p] = (b.front[p][MAGISTRATE] * (c if c < MAGISTRATE_FRONT_CAP else MAGISTRATE_FRONT_CAP)
                                             + b.back[p][MAGISTRATE] * MAGISTRATE_BACK_TP[pidx(n)])
        for p in range(n):
            for k in range(N_KINDS):
                if INITIATIVE[deck][k] == init:
                    tp[p] += r.gain[k][p]
            if slay[p]:
                r.slain[p] = 1
                tp[p] = 0
            r.slain_by[init][p] = slay[p]
            r.tp[init][p] = tp[p]


# ---------------------------------------------------------------- the round

cdef void deal(Pride* s) noexcept nogil:
    """Round Setup: shuffle the whole deck from the state's own Rng and deal."""
    cdef uint8_t cards[MAX_DEAL]
    cdef int n = s.players, pi = pidx(s.players), h = hand_size(s)
    cdef int k, i, j, t, c = 0
    for k in range(N_KINDS):
        for i in range(COUNT[s.deck][k][pi]):
            cards[c] = k
            c += 1
    for i in range(c - 1, 0, -1):
        j = rng_below(&s.rng, i + 1)
        t = cards[i]; cards[i] = cards[j]; cards[j] = t
    memset(s.hand, 0, sizeof(s.hand))
    memset(&s.board, 0, sizeof(Board))
    memset(s.pick_kind, NO_KIND, sizeof(s.pick_kind))
    memset(s.pick_row, NO_KIND, sizeof(s.pick_row))
    i = 0
    for j in range(n):
        for t in range(h):
            s.hand[j][cards[i]] += 1
            i += 1
        s.n_front[j] = 0
        s.n_back[j] = 0
        if n == 5:
            # the 5-player card: a Ninja (Blue) or a Kunoichi (Red), kind 0
            s.board.back[j][0] = 1
            s.n_back[j] = 1
    while i < c:
        s.board.victims[cards[i]] += 1
        i += 1
    s.pick = 0

cdef void end_round(Pride* s) noexcept nogil:
    """Resolution and Scoring; then the end of the game or the next deal."""
    cdef Resolution r
    cdef int p, v, n = s.players, over = 0
    resolve(n, s.deck, &s.board, &r)
    memcpy(&s.last, &s.board, sizeof(Board))
    s.has_last = 1
    for p in range(n):
        s.last_pp[p] = s.pp[p]
        s.last_slain[p] = r.slain[p]
        v = s.pp[p] + r.monk_pp[p] + r.tp[N_INIT - 1][p]
        s.pp[p] = v if v > 0 else 0
        if s.pp[p] >= GOAL[pidx(n)]:
            over = 1
    if over:
        s.phase = OVER
        memset(s.hand, 0, sizeof(s.hand))
        memset(&s.board, 0, sizeof(Board))
        memset(s.pick_kind, NO_KIND, sizeof(s.pick_kind))
        memset(s.pick_row, NO_KIND, sizeof(s.pick_row))
        s.pick = 0
        for p in range(n):
            s.n_front[p] = 0
            s.n_back[p] = 0
    else:
        s.round += 1
        deal(s)

cdef inline void place(Pride* s, int p, int k, int row) noexcept nogil:
    s.hand[p][k] -= 1
    if row == FRONT:
        s.board.front[p][k] += 1
        s.n_front[p] += 1
    else:
        s.board.back[p][k] += 1
        s.n_back[p] += 1
    s.pick_kind[s.pick][p] = k
    s.pick_row[s.pick][p] = row

cdef void do_picks(Pride* s, const int* joint) noexcept nogil:
    """Everyone's pick at the reveal, then hands to the left (or resolution)."""
    cdef int p, a, n = s.players
    cdef uint8_t keep[N_KINDS]
    for p in range(n):
        a = joint[p]
        place(s, p, a // 2 - s.deck * N_KINDS, a & 1)
    s.pick += 1
    if s.pick == hand_size(s):
        end_round(s)
        return
    # seat p passes to p + 1: rotate the hands one seat up
    memcpy(keep, s.hand[n - 1], N_KINDS)
    for p in range(n - 1, 0, -1):
        memcpy(s.hand[p], s.hand[p - 1], N_KINDS)
    memcpy(s.hand[0], keep, N_KINDS)

cdef int legal_picks(const Pride* s, int seat, int* out) noexcept nogil:
    cdef int k, g, n = 0
    if s.phase != DRAFT:
        return 0
    for k in range(N_KINDS):
        if s.hand[seat][k]:
            g = (s.deck * N_KINDS + k) * 2
            if s.n_front[seat] < FRONT_MAX:
                out[n] = g + FRONT
                n += 1
            if s.n_back[seat] < BACK_MAX:
                out[n] = g + BACK
                n += 1
    return n

cdef int forced_joint(const Pride* s, int* joint) noexcept nogil:
    """1 and the joint pick when no seat has a choice, else 0."""
    cdef int p
    cdef int out[2 * N_KINDS]
    if s.phase != DRAFT:
        return 0
    for p in range(s.players):
        if legal_picks(s, p, out) != 1:
            return 0
        joint[p] = out[0]
    return 1

# ---------------------------------------------------------------- interface

cdef int pr_players(const void* vs) noexcept nogil:
    return (<const Pride*>vs).players

cdef int pr_movers(const void* vs, int* seats) noexcept nogil:
    cdef const Pride* s = <const Pride*>vs
    cdef int i
    if s.phase != DRAFT:
        return 0
    for i in range(s.players):
        seats[i] = i
    return s.players

cdef int pr_legal(const void* vs, int seat, int* out) noexcept nogil:
    return legal_picks(<const Pride*>vs, seat, out)

cdef void pr_apply(void* vs, const int* joint) noexcept nogil:
    cdef Pride* s = <Pride*>vs
    cdef int forced[MAX_PLAYERS]
    if s.phase != DRAFT:
        return
    do_picks(s, joint)
    # the last pick of a round (one card, one open place) is no choice
    while forced_joint(s, forced):
        do_picks(s, forced)

cdef void pr_returns(const void* vs, double* out) noexcept nogil:
    """Most PP; ties: not Slain in the final round, then more Ninja/Kunoichi
    in the final round, then a shared victory."""
    cdef const Pride* s = <const Pride*>vs
    cdef int p, n = s.players, best = -1, alive = 0, most = -1, winners = 0
    cdef int tied[MAX_PLAYERS]
    for p in range(n):
        if s.pp[p] > best:
            best = s.pp[p]
    for p in range(n):
        tied[p] = s.pp[p] == best
        if tied[p] and not s.last_slain[p]:
            alive = 1
    for p in range(n):
        if tied[p] and alive and s.last_slain[p]:
            tied[p] = 0
    for p in range(n):
        if tied[p] and total(&s.last, p, 0) > most:
            most = total(&s.last, p, 0)
    for p in range(n):
        if tied[p] and total(&s.last, p, 0) < most:
            tied[p] = 0
        winners += tied[p]
    for p in range(n):
        out[p] = (1.0 / winners) if tied[p] else 0.0

cdef inline int group_of(int observer, int n, int h, int t) noexcept nogil:
    """Which of ``observer``'s knowledge groups a hidden card of hand ``h``
    taken at pick ``t`` (or still in the hand at pick ``t``) belongs to.

    The observer held hand ``h`` at picks r, r + n, r + 2n, ... (r = observer
    - h mod n).  Everything taken from ``h`` between two of those picks, and
    what is left of it after the last one, is a multiset the observer knows
    exactly (what it passed on, minus what it saw again or saw face up): one
    group each.  Cards taken before the observer first saw ``h`` and hands it
    never saw form group 0, whose multiset is the rest of the deck.
    """
    cdef int r
    if observer < 0 or observer >= n:
        return 0
    r = (observer - h + n) % n
    if r >= t:
        return 0
    return 1 + h * 3 + (t - 1 - r) // n

cdef void pr_determinize(void* vs, int observer, Rng* rng) noexcept nogil:
    """Resample the other seats' hands and face-down picks, group by group.

    Any arrangement of each group's known multiset over the group's places is
    consistent with everything the observer saw, and every consistent world
    is such an arrangement, so shuffling each group is an exact uniform draw.
    The multisets are expanded in kind order before the shuffle, so the result
    depends only on what the observer saw and on ``rng``.
    """
    cdef Pride* s = <Pride*>vs
    cdef int n = s.players, T = s.pick, t, j, k, g, i, x, c, o = observer
    cdef uint8_t counts[16][N_KINDS]
    cdef uint8_t pool[16][MAX_DEAL]
    cdef uint8_t used[16]
    cdef uint8_t size[16]
    s.rng.state = rng_next(rng)          # no copy knows a future shuffle
    if s.phase != DRAFT:
        return
    memset(counts, 0, sizeof(counts))
    for t in range(T):
        for j in range(n):
            if j != o and s.pick_row[t][j] == BACK:
                counts[group_of(o, n, (j - t + 2 * n) % n, t)][s.pick_kind[t][j]] += 1
    for j in range(n):
        if j != o:
            g = group_of(o, n, (j - T + 2 * n) % n, T)
            for k in range(N_KINDS):
                counts[g][k] += s.hand[j][k]
    for g in range(16):
        c = 0
        for k in range(N_KINDS):
            for i in range(counts[g][k]):
                pool[g][c] = k
                c += 1
        for i in range(c - 1, 0, -1):
            x = rng_below(rng, i + 1)
            k = pool[g][i]; pool[g][i] = pool[g][x]; pool[g][x] = k
        size[g] = c
        used[g] = 0
    # Deal the shuffled groups back to the same places, in the same order.
    for j in range(n):
        if j != o:
            for k in range(N_KINDS):
                s.board.back[j][k] = 1 if (n == 5 and k == 0) else 0
    for t in range(T):
        for j in range(n):
            if j != o:
                if s.pick_row[t][j] == BACK:
                    g = group_of(o, n, (j - t + 2 * n) % n, t)
                    s.pick_kind[t][j] = pool[g][used[g]]
                    used[g] += 1
                    s.board.back[j][s.pick_kind[t][j]] += 1
    for j in range(n):
        if j != o:
            g = group_of(o, n, (j - T + 2 * n) % n, T)
            c = 0
            for k in range(N_KINDS):
                c += s.hand[j][k]
                s.hand[j][k] = 0
            for i in range(c):
                s.hand[j][pool[g][used[g]]] += 1
                used[g] += 1

cdef int pr_observe(const void* vs, int actor, int action, int observer) noexcept nogil:
    if actor == observer or (action & 1) == FRONT:
        return action
    return FACE_DOWN     # others see only that a card went face down

# ------------------------------------------------------------------ policy

cdef int heuristic_value(const Pride* s, int seat, Board* b, int k, int row) noexcept nogil:
    """What ``seat`` expects from placing kind ``k`` in ``row``: the round
    resolved as if it ended now, on what the seat can see (its own rows, the
    front rows, the Victim's Cards; others' back rows count as empty), its own
    TP minus the best other seat's, plus what its hand still promises."""
    cdef Resolution r
    cdef int p, v, other = -1000000, n = s.players
    if row == FRONT:
        b.front[seat][k] += 1
    else:
        b.back[seat][k] += 1
    resolve(n, s.deck, b, &r)
    if row == FRONT:
        b.front[seat][k] -= 1
    else:
        b.back[seat][k] -= 1
    for p in range(n):
        if p != seat:
            v = r.tp[N_INIT - 1][p] + r.monk_pp[p]
            if v > other:
                other = v
    return 4 * (r.tp[N_INIT - 1][seat] + r.monk_pp[seat]) - 2 * other

cdef int pr_policy(void* vs, int seat, Rng* rng) noexcept nogil:
    """Greedy on the visible board, with a little noise."""
    cdef Pride* s = <Pride*>vs
    cdef int legal[2 * N_KINDS]
    cdef int n = legal_picks(s, seat, legal)
    cdef int i, p, k, v, best = 0, best_v = -1000000000
    cdef Board b
    if n <= 1:
        return legal[0] if n else 0
    if rng_unit(rng) < 0.1:
        return legal[rng_below(rng, n)]
    memcpy(&b, &s.board, sizeof(Board))
    for p in range(s.players):
        if p != seat:
            memset(b.back[p], 0, N_KINDS)
            if s.players == 5:
                b.back[p][0] = 1
    for i in range(n):
        k = legal[i] // 2 - s.deck * N_KINDS
        v = heuristic_value(s, seat, &b, k, legal[i] & 1) * 8 + <int>rng_below(rng, 8)
        if v > best_v:
            best_v = v
            best = legal[i]
    return best


cdef GameDef PRIDE_DEF
PRIDE_DEF.name = b"pride_of_ninja"
PRIDE_DEF.state_size = sizeof(Pride)
PRIDE_DEF.num_actions = NUM_ACTIONS
PRIDE_DEF.players = pr_players
PRIDE_DEF.movers = pr_movers
PRIDE_DEF.legal = pr_legal
PRIDE_DEF.apply = pr_apply
PRIDE_DEF.returns = pr_returns
PRIDE_DEF.determinize = pr_determinize
PRIDE_DEF.observe = pr_observe
PRIDE_DEF.policy = pr_policy
