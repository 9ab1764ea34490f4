# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Pride of Ninja's rules on its C struct (rules.pxd): the deal, the draft,
the Resolution Phase, the determinization, the rollout policy and the C
table the search walks, all ``nogil``; and the card table and the numbers
every ability is played by, at the top.

Rulebook ``seeds/001``, rulings ``rules/pride_of_ninja.md``; the rules as
implemented are written down in ``docs/rules/pride_of_ninja.md``.

>>> from ninja_dojo.engine import new_game
>>> state = new_game("pride_of_ninja", players=4, seed=1)
>>> state.movers()
[0, 1, 2, 3]
>>> str(state.legal_actions(0)[0]).endswith("to the front row")
True
"""
from libc.stdint cimport uint8_t, int16_t, uint16_t, uint64_t
from libc.string cimport memset, memcpy
from cpython.pycapsule cimport PyCapsule_New

from ninja_dojo.engine.core cimport GameDef, Rng, rng_next, rng_below, rng_seed, shuffle_u8, share_wins
from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError

# --------------------------------------------------------------------------
# The numbers we play by (rulebook + rulings): the one table for Pride of
# Ninja.  (chosen) marks this project's reconstruction of a printed ability
# the rulebook text lost; everything else is in the rulebook itself.  The
# sizes (players, kinds, rows) and the action ids are in rules.pxd.
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
# Per player count 3, 4, 5: cards dealt to each; PP that end the game.
HAND_SIZES = (7, 7, 6)
GOALS = (20, 20, 15)

cdef enum:
    # Abilities.  Rulebook: Ninja 1 TP each, 2 each from five; a front-row
    # Samurai costs 2 TP; 3 Onmyoji or 3 Oni: 1 TP each and a Slay; the
    # Kunoichi Secrecy bonus; Oni's front-row 0; a front-row Yakuza gives 2
    # TP; two back-row Yakuza Slay.
    NINJA_TP = 1
    NINJA_MANY = 5
    NINJA_MANY_TP = 2
    SAMURAI_FRONT_TP = -2
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
    YAKUZA_FRONT_TP = 2
    YAKUZA_BACK_TRIGGER = 2        # Yakuza in all back rows
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
cdef int HAND_SIZE[3]
cdef int GOAL[3]
for _i in range(3):
    HAND_SIZE[_i] = HAND_SIZES[_i]
    GOAL[_i] = GOALS[_i]

cdef int INITIATIVE[2][N_KINDS]
cdef uint8_t COUNT[2][N_KINDS][3]
for _g, (_name, _deck, _init, _counts) in enumerate(CARDS):
    INITIATIVE[_g // N_KINDS][_g % N_KINDS] = _init
    for _i in range(3):
        COUNT[_g // N_KINDS][_g % N_KINDS][_i] = _counts[_i]

# The kinds resolved at each initiative; a step with no kind points at a
# kind whose gain stays 0 (Blue has no initiative 0).
cdef int STEP_KIND[2][N_INIT][2]
for _d in range(2):
    for _i in range(N_INIT):
        _ks = [_k for _k in range(7) if INITIATIVE[_d][_k] == _i]
        assert len(_ks) <= 2
        STEP_KIND[_d][_i][0] = _ks[0] if _ks else 6
        STEP_KIND[_d][_i][1] = _ks[1] if len(_ks) > 1 else 255

# What the rows are called, and the phases, in files and views.
PHASES = ("draft", "over")
ROWS = ("front", "back")
# What a position file may hold in the C fields that are wider than a game
# needs: PP (int16) and the round (uint16).  Real games stay far below.
PP_LIMIT = 999
ROUND_LIMIT = 60000


cdef inline int hand_size(const Pride* s) noexcept nogil:
    return HAND_SIZE[pidx(s.players)]

cdef inline int secrecy(const Board* b, int deck, int p) noexcept nogil:
    """Back-row initiative minus front-row initiative plus the Kunoichi bonus."""
    cdef int k, v = 0, kun
    for k in range(N_KINDS):
        v += b.back[p][k] * INITIATIVE[deck][k]
        if not (deck == RED and k == ONI):   # Oni counts 0 in the front row
            v -= b.front[p][k] * INITIATIVE[deck][k]
    if deck == RED:
        kun = total(b, p, KUNOICHI)
        v += KUNOICHI_SECRECY[kun if kun < 4 else 4]
    return v


cdef int seat_secrecy(const Board* b, int deck, int p) noexcept nogil:
    """``secrecy`` for the view, which cannot inline it (another module)."""
    return secrecy(b, deck, p)


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
    cdef int have[MAX_PLAYERS][N_KINDS]     # "you have": both rows
    memset(r, 0, sizeof(Resolution))
    for p in range(n):
        tp[p] = 0
        for k in range(N_KINDS):
            have[p][k] = b.front[p][k] + b.back[p][k]
        sec[p] = secrecy(b, deck, p) if deck == RED else 0
        r.secrecy[p] = sec[p]
    for init in range(N_INIT):
        for p in range(n):
            slay[p] = 0
        if deck == BLUE:
            if init == 1:
                for p in range(n):
                    cnt[p] = have[p][NINJA]
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
                    c = have[p][ONMYOJI]
                    r.gain[ONMYOJI][p] = c * ONMYOJI_TP[c if c < 4 else 4]
                    if c >= ONMYOJI_SLAYS_AT:
                        # the player on your right passed you these cards
                        slay[(p + n - 1) % n] |= 1 << ONMYOJI
            elif init == 4:
                m = 1 if (n == 3 and b.victims[KABUKI]) else 0
                for p in range(n):
                    if have[p][KABUKI]:
                        m += 1
                for p in range(n):
                    r.gain[KABUKI][p] = have[p][KABUKI] * KABUKI_TP[m if m < 4 else 4]
            elif init == 5:
                m = 1000000
                for p in range(n):
                    if tp[p] < m:
                        m = tp[p]
                for p in range(n):
                    r.gain[SUMO][p] = have[p][SUMO] * (SUMO_LOWEST_TP if tp[p] == m else SUMO_OTHER_TP)
            elif init == 6:
                m = 0
                for p in range(n):
                    m += r.slain[p]
                for p in range(n):
                    c = m - (0 if SHOGUN_COUNTS_SELF[pidx(n)] else r.slain[p])
                    r.gain[SHOGUN][p] = have[p][SHOGUN] * SHOGUN_PER_SLAIN * c
        else:
            if init == 0:
                for p in range(n):
                    r.gain[KUNOICHI][p] = have[p][KUNOICHI] * KUNOICHI_TP
            elif init == 1:
                m = 0
                for p in range(n):
                    m += b.front[p][FALLEN]
                    cnt[p] = have[p][KUNOICHI]
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
                        have[p][ONI] + have[p][YAKUZA] + have[p][MAGISTRATE])
                    if tp[p] < 0:
                        r.monk_pp[p] = b.back[p][MONK] * (-tp[p])
            elif init == 4:
                m = 0
                for p in range(n):
                    c = have[p][ONI]
                    r.gain[ONI][p] = c * ONI_TP[c if c < 4 else 4]
                    if c >= ONI_SLAYS_AT:
                        m = 1
                if m:
                    # Oni Slays every seat with the most TP after this step's
                    # gains, all of them when tied.
                    c = -1000000
                    for p in range(n):
                        if tp[p] + r.gain[ONI][p] > c:
                            c = tp[p] + r.gain[ONI][p]
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
            # at most two kinds share an initiative (Ninja and Samurai)
            tp[p] += r.gain[STEP_KIND[deck][init][0]][p]
            if STEP_KIND[deck][init][1] != NO_KIND:
                tp[p] += r.gain[STEP_KIND[deck][init][1]][p]
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
    shuffle_u8(cards, c, &s.rng)
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
    add_to_row(s, p, k, row, s.pick)

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
    in the final round (kind 0 of either deck), then a shared victory: one
    score ordered by the three, so the best scores share the win."""
    cdef const Pride* s = <const Pride*>vs
    cdef int p
    cdef int key[MAX_PLAYERS]
    for p in range(s.players):
        key[p] = s.pp[p] * 1024 + (0 if s.last_slain[p] else 512) + total(&s.last, p, 0)
    share_wins(key, s.players, False, out)

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
    return 1 + h * HOLDS + (t - 1 - r) // n

cdef void pr_determinize(void* vs, int observer, Rng* rng) noexcept nogil:
    """Resample the other seats' hands and face-down picks, group by group.

    Any arrangement of each group's known multiset over the group's places is
    consistent with everything the observer saw, and every consistent world
    is such an arrangement, so shuffling each group is an exact uniform draw.
    The multisets are expanded in kind order before the shuffle, so the result
    depends only on what the observer saw and on ``rng``.
    """
    cdef Pride* s = <Pride*>vs
    # (the bound tells the C compiler no seat index leaves the arrays)
    cdef int n = s.players if s.players <= MAX_PLAYERS else MAX_PLAYERS
    cdef int T = s.pick, t, j, k, g, i, x, c, o = observer
    cdef uint8_t counts[N_GROUPS][N_KINDS]
    cdef uint8_t pool[N_GROUPS][MAX_DEAL]
    cdef uint8_t used[N_GROUPS]
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
    for g in range(N_GROUPS):
        c = 0
        for k in range(N_KINDS):
            for i in range(counts[g][k]):
                pool[g][c] = k
                c += 1
        shuffle_u8(pool[g], c, rng)
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
# Not rules: the rollout policy's weights, in tenths of a TP.  Per player
# count and deck, a seat's TP (and Monk PP) at the end of a round regressed on
# its rows, in random games: per kind, one weight for each total 0..6+ (sets:
# Ninja towards five, a pair of Onmyoji, a lone Kabuki) and one per card in
# the front row and in the back row.  Regenerate with
# ``python -m tests.test_pride_of_ninja_policy --fit``.
POLICY_TABLE = (
    # 3 players, blue
    (( -1,   2,   7,   9,   0,   5, -11,   0,  -3),
     (  5,   5,   3,  -4,   0,   0,   0,  -7,   6),
     (  7,   3,   3,   2,  -6,   0,   0,   1,  -8),
     ( -7,  -1,  26,  13, -22,   0,   0,   3,  -1),
     ( 17,  -7, -23, -22,  45,   0,   0,  31,  28),
     (  9,   0,   0,   0,   0,   0,   0,   0,   0),
     ( -6,  16,   0,   0,   0,   0,   0,  10,   6)),
    # 3 players, red
    (( -4,   1,  10,   6,   2,   1,  -8,   1,  -1),
     (  8,   3,  -1,  -2,   0,   0,   0,   6, -11),
     ( -2,   2,   3,   2,   1,   0,   0,   5,  17),
     (  1,   4,   3,   0,   0,   0,   0,   5,   4),
     (-10,   5,  37, -24,   0,   0,   0,  -2,   8),
     ( -1,   1,   2,   6,   0,   0,   0,  11,  11),
     (  9,  -1,   0,   0,   0,   0,   0,   3,  -4)),
    # 4 players, blue
    ((  2,   5,   8,   8,   1,   2, -11,   0,  -4),
     (  9,   7,   3,  -5,   0,   0,   0,  -4,   4),
     (  9,   5,   4,   3,   0,  -6,   0,   0,  -6),
     (  1,   1,  21,  10, -19,   0,   0,   1,  -2),
     ( 25,  -6, -26, -25,  47,   0,   0,  30,  27),
     (  2,   0,   3,  10,   0,   0,   0,  19,  16),
     ( -9,  24,   0,   0,   0,   0,   0,  14,  11)),
    # 4 players, red
    (( -3,   1,   9,   9,   1,  -4,  -5,   4,  -2),
     (  7,   4,   0,  -2,   0,   0,   0,   8, -11),
     ( -3,   2,   6,   6,   2,  -4,   0,   5,  13),
     (  2,   3,   2,   0,   1,   0,   0,   7,   6),
     (-14,   5,  42, -12, -12,   0,   0,  -2,   6),
     ( -1,   1,   4,   5,   0,   0,   0,  12,  12),
     (  7,   2,   0,   0,   0,   0,   0,   0,   2)),
    # 5 players, blue
    ((  0,  -5,   2,   9,   8,   8,  -5,  -1,  -6),
     (  8,   8,   4,  -4,   0,   0,   0,  -4,   9),
     ( 13,   4,   4,   2,  -5,   0,   0,   1,  -5),
     ( -3,   0,  26,  17, -12, -10,   0,   2,  -3),
     ( 24,  -7, -25, -23,  47,   0,   0,  34,  29),
     (  3,   1,   2,  10,   0,   0,   0,  20,  16),
     ( -7,  24,   0,   0,   0,   0,   0,  15,   9)),
    # 5 players, red
    ((  0,  -6,   6,  18,   7,  -5, -10,   3,  -1),
     (  7,   4,   0,  -2,   0,   0,   0,  10, -11),
     ( -1,   3,   4,   1,   2,   0,   0,   5,  16),
     (  1,   4,   5,   3,  -4,   0,   0,   5,   3),
     (-11,   3,  36, -11,  -8,   0,   0,   2,   8),
     (  0,   2,   4,   2,   2,   0,   0,  12,  11),
     (  7,   2,   0,   0,   0,   0,   0,   0,   2)),
)

cdef int16_t POLICY_W[3][2][N_KINDS][N_KINDS + 2]
for _i, _t in enumerate(POLICY_TABLE):
    for _k in range(N_KINDS):
        for _j in range(N_KINDS + 2):
            POLICY_W[_i // 2][_i % 2][_k][_j] = _t[_k][_j]

cdef enum:
    POLICY_NOISE_PCT = 5       # how often the policy plays a random pick

cdef int pr_policy(void* vs, int seat, Rng* rng) noexcept nogil:
    """The pick the table values most: the change in the seat's expected TP
    from one more card of that kind (a set bonus) in that row.  Cheap, so the
    search can play whole games with it."""
    cdef Pride* s = <Pride*>vs
    cdef int legal[2 * N_KINDS]
    cdef int nl = legal_picks(s, seat, legal)
    cdef int i, k, c, v, best = 0, best_v = -1000000000
    cdef const int16_t* w
    if nl <= 1:
        return legal[0] if nl else 0
    if <int>rng_below(rng, 100) < POLICY_NOISE_PCT:
        return legal[rng_below(rng, nl)]
    for i in range(nl):
        k = legal[i] // 2 - s.deck * N_KINDS
        w = POLICY_W[pidx(s.players)][s.deck][k]
        c = s.board.front[seat][k] + s.board.back[seat][k]
        v = (w[c + 1 if c < 6 else 6] - w[c if c < 6 else 6] + w[N_KINDS + (legal[i] & 1)]) * 8
        v += <int>rng_below(rng, 8)             # ties broken at random
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


# ------------------------------------------------------------- Python face
# The deal and the C table; positions are position.pyx's, what a seat sees
# views.pyx's, the names notation.py's.  The solver uses only the table.

NAME = "pride_of_ninja"
TITLE = "Pride of Ninja"
PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
OPTIONS = {
    "deck": {
        "values": DECKS,
        "default": "blue",
        "help": "which deck to play: Blue (initiative 1-6; the rulebook's "
                "choice for a first game) or Red (initiative 0-6, with Secrecy)",
    },
}
STATE_SIZE = sizeof(Pride)
#: action ids are below ACTIONS; HIDDEN_PICK is what the other seats see of
#: a face-down pick (notation.py names them)
ACTIONS = NUM_ACTIONS
HIDDEN_PICK = FACE_DOWN


def definition():
    """The ``GameDef`` table as a capsule named ``engine.GameDef``."""
    return PyCapsule_New(&PRIDE_DEF, b"engine.GameDef", NULL)


def cards(str deck, int players):
    """The deck for a player count: [(name, initiative, count)] in initiative order."""
    if deck not in DECKS or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PositionError(f"no {checks.shown(deck)} deck for {players} players")
    return [(c[0], c[2], c[3][players - MIN_PLAYERS]) for c in CARDS if c[1] == deck]


cdef Pride* state_of(const unsigned char[::1] buf) except NULL:
    """The struct in ``buf``, which must be exactly one Pride of Ninja state."""
    if buf.shape[0] != sizeof(Pride):
        raise PositionError("not a Pride of Ninja state")
    return <Pride*>&buf[0]


def new_state(int players, unsigned long long seed, dict options):
    """A fresh deal as state bytes."""
    if not (MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise PositionError(f"players: Pride of Ninja is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    deck = checks.options(OPTIONS, TITLE, options).get("deck", OPTIONS["deck"]["default"])
    buf = bytearray(sizeof(Pride))
    cdef unsigned char[::1] mv = buf
    cdef Pride* s = <Pride*>&mv[0]
    memset(s, 0, sizeof(Pride))
    rng_seed(&s.rng, seed)
    s.players = players
    s.deck = DECKS.index(deck)
    s.round = 1
    s.phase = DRAFT
    deal(s)
    return bytes(buf)

