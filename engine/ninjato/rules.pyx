# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Ninjato's rules on its C struct (rules.pxd): the numbers the game is
played by, the deal, every step of a turn, the card counter, the
determinization, the heuristic policy, the cut-off evaluation and the C
table the search walks, all ``nogil``.

Rulebook ``seeds/004``, component data and rulings ``rules/ninjato.md``; the
rules as implemented are written down in ``docs/rules/ninjato.md``.

Why one module of about 2,400 lines: the steps of a turn, the card counter,
the determinization, the policy that plays every step of every rollout and
the evaluation share the struct's small helpers as C ``inline`` functions
in one C file, so that the compiler inlines them in the hot loop.
Everything Python-facing is elsewhere: positions in ``position.pyx``, what a
seat sees and the steps in ``views.pyx``, actions in ``notation.pyx``.

A turn is one seat at a time: place a shuriken, then carry the action out in
small steps, each one legal-action list (draw one Dojo card; pick a Sensei
tile, then the card that pays; build a play card by card and tile by tile,
then declare it; Banzai or retreat; pay for an Envoy one treasure at a time).
Dojo cards of one value are identical, so hands are counts per value.

>>> from ninja_dojo.engine import new_game
>>> state = new_game("ninjato", players=3, seed=1)
>>> len(state.movers())
1
>>> "Dojo" in [str(a) for a in state.legal_actions()]
True
"""
from libc.stdint cimport uint8_t, int8_t, int16_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset, memcpy
from libc.stdlib cimport malloc, free
from cpython.pycapsule cimport PyCapsule_New

from ninja_dojo.engine.core cimport (GameDef, Rng, MAX_SEATS, rng_next, rng_below, rng_seed, rng_unit,
                          popcount64, lowest_bit, shuffle_u8, share_wins, set_weights, keep_log_from)
from ninja_dojo.engine.errors import PositionError

# --------------------------------------------------------------------------
# The numbers we play by: the one table for Ninjato.  Everything here comes
# from ``rules/ninjato.md`` (component data, sections 0-9): the counts are
# known, the printed values are the project's choice (chosen), as marked
# there.  An owner of the printed game corrects a number here and nowhere
# else.
# --------------------------------------------------------------------------
# (turns, shuriken, rows and draws are in the enum below)
CLAN_SCORING_AFTER = (3, 5, 7)
DOJO_VALUES = (1, 2, 3, 4, 5)
DOJO_COUNTS = (10, 10, 12, 10, 10)        # 52 cards; 3s join (+1/-1)
TREASURES = ("Fan", "Scroll", "Vase", "Jade", "Gold")
TREASURE_VALUES = (2, 3, 4, 5, 0)         # Gold: the value of the type it stands in for
TREASURE_COUNTS = (24, 22, 20, 14, 10)    # 90 tokens
CLANS = ("Taira", "Minamoto", "Go-Shirakawa")
# Clan tokens CT01..CT15: (clan, value).  Start: CT01, CT03, CT06, CT08, CT14.
CLAN_TOKENS = ((0, 2), (0, 3), (0, 4), (0, 5), (0, 7),
               (1, 2), (1, 3), (1, 4), (1, 5), (1, 7),
               (2, 2), (2, 4), (2, 5), (2, 6), (2, 8))
START_TOKENS = (0, 2, 5, 7, 13)
# Clans scored after turns 3, 5 and 7, in this order.
SCORING_ORDER = ((2, 0, 1), (0, 1, 2), (1, 2, 0))
# Guards GD01..GD40: (value, alarm).
GUARDS = ((0, 0),
          (1, 1), (1, 0), (1, 0), (1, 0), (1, 0),
          (2, 1), (2, 1), (2, 0), (2, 0), (2, 0), (2, 0), (2, 0), (2, 0),
          (3, 1), (3, 1), (3, 0), (3, 0), (3, 0), (3, 0), (3, 0), (3, 0), (3, 0), (3, 0), (3, 0), (3, 0),
          (4, 1), (4, 1), (4, 0), (4, 0), (4, 0), (4, 0), (4, 0), (4, 0),
          (5, 1), (5, 0), (5, 0), (5, 0), (5, 0),
          (6, 0))
# Elite Guards EL01..EL20: (people, first value, second value, points).  One
# person: Strength must beat the first (S), Stealth go under the second (T).
# Two people: one winning play against each value.
ELITES = ((1, 4, 2, 1), (1, 4, 2, 1), (1, 4, 2, 1),
          (1, 5, 2, 1), (1, 5, 2, 1), (1, 5, 2, 1),
          (1, 4, 1, 1), (1, 4, 1, 1), (1, 4, 1, 1),
          (1, 5, 1, 2), (1, 5, 1, 2), (1, 5, 1, 2),
          (2, 2, 4, 1), (2, 2, 4, 1), (2, 3, 3, 1), (2, 3, 3, 1),
          (2, 2, 2, 1), (2, 4, 4, 1), (2, 1, 5, 2), (2, 1, 5, 2))
# A cost: a fixed set of treasures (counts of Fan, Scroll, Vase, Jade), or
# "N-M of one type" written ("range", N, M).
FAN_SCROLL = (1, 1, 0, 0)
# Envoys EN01..EN21: (clan, cost, age, mask).  The oldest (highest age) wins ties.
ENVOYS = ((0, (1, 1, 0, 0), 23, 0), (0, (1, 0, 1, 0), 31, 1), (0, (0, 1, 0, 1), 58, 0),
          (0, (0, 0, 1, 1), 72, 0), (0, ("range", 1, 2), 19, 0), (0, ("range", 2, 3), 44, 1),
          (0, ("range", 1, 4), 65, 0),
          (1, (1, 1, 0, 0), 26, 0), (1, (0, 1, 1, 0), 37, 1), (1, (1, 0, 0, 1), 52, 0),
          (1, (0, 0, 1, 1), 70, 0), (1, ("range", 1, 2), 21, 0), (1, ("range", 2, 3), 47, 1),
          (1, ("range", 1, 4), 61, 0),
          (2, (0, 2, 0, 0), 29, 0), (2, (1, 0, 1, 0), 34, 1), (2, (1, 0, 0, 1), 55, 0),
          (2, (0, 0, 1, 1), 76, 0), (2, ("range", 1, 2), 17, 0), (2, ("range", 2, 3), 49, 1),
          (2, ("range", 1, 4), 68, 0))
RUMOR_KINDS = ("Greatest Warrior", "Goodwill of the People", "Powerful Friends",
               "Master of the Secret Art", "Dishonorable Opponents")
# Every kind has six Rumors with these costs, in ID order (RU01..RU30).
RUMOR_COSTS = ((0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1), (2, 0, 0, 0), (1, 0, 1, 0), ("range", 2, 3))
# Rumor sets: a set of 1, 2 or 3 cards of one kind multiplies by 1, 2, 4.
SET_MULTIPLIER = (0, 1, 2, 4)
# Dishonorable Opponents: points per card by how many players hold one (1, 2, 3+).
DISHONORABLE = (6, 4, 2)
# Sensei tiles: (name, style, cost (0 = '?': any card), effect).  Styles:
# Snake, Tiger, Crane; Hensojutsu has none and always costs a card.
STYLES = ("Snake", "Tiger", "Crane", "Hensojutsu")
SENSEI = (
    ("SN1", 0, 5, "-2 to the base card"),
    ("SN2", 0, 4, "set the base card to 0"),
    ("SN3", 0, 4, "right after Banzai reveals an alarm Guard: ignore the alarm"),
    ("SN4", 0, 5, "-1 to this play and every later play of this attack"),
    ("SN5", 0, 0, "play as a base Dojo card of value 1"),
    ("TG1", 1, 1, "set the base card to 6"),
    ("TG2", 1, 2, "+2 to the base card"),
    ("TG3", 1, 0, "play as a base Dojo card of value 5"),
    ("TG4", 1, 1, "+1 to this play and every later play of this attack"),
    ("TG5", 1, 2, "when you lose an attack, keep 2 treasures instead of 1"),
    ("CR1", 2, 3, "play as a base Dojo card of value 2 or 4"),
    ("CR2", 2, 0, "+1 or -1 to the base, like a 3-card"),
    ("CR3", 2, 3, "this play and the rest of the attack use the other side (Strength/Stealth)"),
    ("CR4", 2, 0, "before Banzai or retreat: look at the top card Banzai would draw"),
    ("CR5", 2, 3, "against a 2-person Elite: one play against both values"),
    ("CR6", 2, 0, "when your attack ends: one Dojo card you discarded in it back to your hand"),
    ("HJ1", 3, 0, "at clan scoring after turns 5 and 7: a masked Envoy counts as 2"),
    ("HJ2", 3, 0, "at clan scoring after turns 5 and 7: a masked Envoy counts as 2"),
    ("HJ3", 3, 0, "at clan scoring after turns 5 and 7: a masked Envoy counts as 2"),
)
HOUSES = 5
SIDES = ("Strength", "Stealth")


# The tables as C arrays, filled from the Python table above.
cdef int TREASURE_VALUE[N_TYPES]
cdef int DOJO_COUNT[N_VALUES]
cdef int TOKEN_CLAN[N_TOKENS]
cdef int TOKEN_VALUE[N_TOKENS]
cdef int ORDER_OF_SCORING[3][3]
cdef int GUARD_VALUE[N_GUARDS]
cdef int GUARD_ALARM[N_GUARDS]
cdef int ELITE_PEOPLE[N_ELITES]
cdef int ELITE_A[N_ELITES]
cdef int ELITE_B[N_ELITES]
cdef int ELITE_POINTS[N_ELITES]
cdef int ENVOY_CLAN[N_ENVOYS]
cdef int ENVOY_AGE[N_ENVOYS]
cdef int ENVOY_MASK[N_ENVOYS]
cdef uint8_t ENVOY_REQ[N_ENVOYS][4]
cdef uint8_t ENVOY_LO[N_ENVOYS]      # 0: a fixed cost
cdef uint8_t ENVOY_HI[N_ENVOYS]
cdef uint8_t RUMOR_REQ[N_RUMORS][4]
cdef uint8_t RUMOR_LO[N_RUMORS]
cdef uint8_t RUMOR_HI[N_RUMORS]
cdef int RUMOR_KIND[N_RUMORS]
cdef int TILE_STYLE[N_TILES]
cdef int TILE_COST[N_TILES]
cdef int SET_MULT[4]
cdef int DISHONORABLE_PTS[3]


def _cost_parts(cost):
    """(counts per type, low, high) of a cost; low = high = 0 when fixed."""
    if cost[0] == "range":
        return (0, 0, 0, 0), cost[1], cost[2]
    return cost, 0, 0


for _t in range(N_TYPES):
    TREASURE_VALUE[_t] = TREASURE_VALUES[_t]
DOJO_COUNT[0] = 0
for _v in range(5):
    DOJO_COUNT[_v + 1] = DOJO_COUNTS[_v]
for _i, (_c, _v) in enumerate(CLAN_TOKENS):
    TOKEN_CLAN[_i] = _c
    TOKEN_VALUE[_i] = _v
for _i in range(3):
    for _j in range(3):
        ORDER_OF_SCORING[_i][_j] = SCORING_ORDER[_i][_j]
for _i, (_v, _a) in enumerate(GUARDS):
    GUARD_VALUE[_i] = _v
    GUARD_ALARM[_i] = _a
for _i, (_p, _a, _b, _pts) in enumerate(ELITES):
    ELITE_PEOPLE[_i] = _p
    ELITE_A[_i] = _a
    ELITE_B[_i] = _b
    ELITE_POINTS[_i] = _pts
for _i, (_c, _cost, _age, _m) in enumerate(ENVOYS):
    ENVOY_CLAN[_i] = _c
    ENVOY_AGE[_i] = _age
    ENVOY_MASK[_i] = _m
    _req, ENVOY_LO[_i], ENVOY_HI[_i] = _cost_parts(_cost)
    for _t in range(4):
        ENVOY_REQ[_i][_t] = _req[_t]
for _i in range(N_RUMORS):
    RUMOR_KIND[_i] = _i // 6
    _req, RUMOR_LO[_i], RUMOR_HI[_i] = _cost_parts(RUMOR_COSTS[_i % 6])
    for _t in range(4):
        RUMOR_REQ[_i][_t] = _req[_t]
for _i, (_n, _st, _cost, _e) in enumerate(SENSEI):
    TILE_STYLE[_i] = _st
    TILE_COST[_i] = _cost
for _i in range(4):
    SET_MULT[_i] = SET_MULTIPLIER[_i]
for _i in range(3):
    DISHONORABLE_PTS[_i] = DISHONORABLE[_i]
# The same columns as Python tuples (``GUARD_VALUE_`` is ``GUARD_VALUE``) for
# the Python-facing modules of the folder, which cannot read this module's
# C arrays.
TOKEN_CLAN_ = tuple(TOKEN_CLAN)
TOKEN_VALUE_ = tuple(TOKEN_VALUE)
GUARD_VALUE_ = tuple(GUARD_VALUE)
GUARD_ALARM_ = tuple(GUARD_ALARM)
ELITE_PEOPLE_ = tuple(ELITE_PEOPLE)
ELITE_A_ = tuple(ELITE_A)
ELITE_B_ = tuple(ELITE_B)
ELITE_POINTS_ = tuple(ELITE_POINTS)
ENVOY_CLAN_ = tuple(ENVOY_CLAN)
ENVOY_AGE_ = tuple(ENVOY_AGE)
ENVOY_MASK_ = tuple(ENVOY_MASK)
RUMOR_KIND_ = tuple(RUMOR_KIND)
TILE_STYLE_ = tuple(TILE_STYLE)
TILE_COST_ = tuple(TILE_COST)
DISHONORABLE_PTS_ = tuple(DISHONORABLE_PTS)
assert sum(DOJO_COUNTS) == N_DOJO and sum(TREASURE_COUNTS) == 90
assert len(GUARDS) == N_GUARDS and len(ELITES) == N_ELITES
assert len(ENVOYS) == N_ENVOYS and len(SENSEI) == N_TILES


# ---------------------------------------------------------------- decks, bag

# What a card counter at the table knows of the Dojo cards hidden in hands.
#
# When the deck runs out, the discards become the new deck.  Every one of
# them was seen face up, so everyone knows the new deck's make-up, and by
# counting, the make-up of all the cards then hidden in hands, and how many
# each player holds: call those the older cards.  Each player knows his own;
# of the others' he knows the values all together, not who holds which.
# From then on a player draws newer cards from the new deck, unseen.
#
# When a player later shows one of his hidden cards (plays it, pays a Sensei
# with it, or puts it in a play he is building), the others see its value,
# never where it came from.  If he may still hold an older card of that
# value and may also hold a newer one, nobody else can tell which it was:
# the counter writes down "one or the other", whatever the hand really
# holds.  He can tell only when one side is impossible: the player holds no
# older card (or no older card of that value is left anywhere); or every
# hidden card of his must be an older one (or no newer card of that value
# can be out).  So the table keeps, per seat:
#
# - ``older``: the cards it held hidden at the reshuffle, less those it
#   showed that can only have been among them;
# - ``older_maybe``: the cards it showed since that may have been older ones
#   or newer ones;
# - ``older_at_most``: at most how many of its hidden cards are older ones
#   (at the reshuffle, all of them; one fewer for each card shown that must
#   have been older; never more than it hides).
#
# The counts change on public steps only, so each seat knows the other
# seats' older cards all together, and everyone knows the other counts.
# The truth always fits them: some of a seat's hidden cards are older ones,
# no more than ``older_at_most``, and these plus the ``older_maybe`` cards
# that were older make up its ``older``.  Every world a determinization
# deals fits them too (``resample_hands``): it picks which ``older_maybe``
# cards were older (any choice the counts allow), deals the older cards left
# to the other seats' older places, and every other card the observer
# cannot see to their newer places and the deck.
#
# Like most card counters, this one forgets what came before the last
# reshuffle, and the order of a seat's draws and shows beyond these counts.

cdef void dojo_reshuffle(Ninjato* s) noexcept nogil:
    """The discards become the deck.  Its make-up is public, so every card
    still hidden in a hand is an older one."""
    cdef int v, i, p, n
    for v in range(1, N_VALUES):
        for i in range(s.discard[v]):
            s.deck[s.deck_len] = v
            s.deck_len += 1
        s.discard[v] = 0
    shuffle_u8(s.deck, s.deck_len, &s.rng)
    for p in range(s.players):
        n = 0
        for v in range(1, N_VALUES):
            s.older[p][v] = s.hand[p][v] - s.seen[p][v]
            s.older_maybe[p][v] = 0
            n += s.older[p][v]
        s.older_at_most[p] = n
    log_ev(s, E_RESHUFFLE, NONE, 0, 0, 0)

cdef inline int hidden_count(const Ninjato* s, int seat) noexcept nogil:
    cdef int v, n = 0
    for v in range(1, N_VALUES):
        n += s.hand[seat][v] - s.seen[seat][v]
    return n

cdef void hidden_card_shown(Ninjato* s, int seat, int v) noexcept nogil:
    """One of ``seat``'s hidden cards, of value ``v``, is shown (played or
    put in a play; the caller moves it).  Whether it was an older card is
    decided from public counts only (the reasoning above dojo_reshuffle)."""
    cdef int p, w, held, least, unseen, older_v, maybe_v, older_n = 0, maybe_n = 0
    cdef bint can_be_older, can_be_newer
    if s.older_at_most[seat] == 0:
        return                      # no older card left: a newer one (the common case)
    held = hidden_count(s, seat)
    unseen = DOJO_COUNT[v] - s.discard[v]       # hidden in hands or in the deck
    for w in range(DOJO_ROW):
        unseen -= s.row[w] == v
    older_v = maybe_v = 0
    for p in range(s.players):
        unseen -= s.seen[p][v]
        older_v += s.older[p][v]
        maybe_v += s.older_maybe[p][v]
    for w in range(1, N_VALUES):
        older_n += s.older[seat][w]
        maybe_n += s.older_maybe[seat][w]
    # At least older_v - maybe_v of the unseen v are older ones, so at most
    # unseen - older_v + maybe_v are newer; the seat holds at least
    # older_n - maybe_n older cards.
    least = older_n - maybe_n if older_n > maybe_n else 0
    can_be_older = older_v > 0
    can_be_newer = least < held and unseen - older_v + maybe_v > 0
    if can_be_older and can_be_newer:
        s.older_maybe[seat][v] += 1
    elif can_be_older and s.older[seat][v]:
        s.older[seat][v] -= 1
        s.older_at_most[seat] -= 1
    if s.older_at_most[seat] > held - 1:
        s.older_at_most[seat] = held - 1

cdef inline bint dojo_can_draw(const Ninjato* s) noexcept nogil:
    cdef int v
    if s.deck_len:
        return True
    for v in range(1, N_VALUES):
        if s.discard[v]:
            return True
    return False

cdef int dojo_pop(Ninjato* s) noexcept nogil:
    cdef int v
    if s.deck_len == 0:
        dojo_reshuffle(s)
        if s.deck_len == 0:
            return 0
    s.deck_len -= 1
    v = s.deck[s.deck_len]
    s.deck[s.deck_len] = 0          # unused places stay 0: one buffer per position
    return v

cdef void refill_dojo_row(Ninjato* s) noexcept nogil:
    cdef int i, v
    for i in range(DOJO_ROW):
        if s.row[i] == 0 and dojo_can_draw(s):
            v = dojo_pop(s)
            s.row[i] = v
            log_ev(s, E_ROW_REFILL, NONE, i, v, 0)

cdef void discard_card(Ninjato* s, int seat, int v) noexcept nogil:
    """A card leaves ``seat``'s hand face up.  If the others knew of one of
    that value there, it is that one (all they may say is that it is gone);
    otherwise a hidden card was shown."""
    if s.seen[seat][v]:
        s.seen[seat][v] -= 1
    else:
        hidden_card_shown(s, seat, v)
    s.hand[seat][v] -= 1
    s.discard[v] += 1

cdef void show_play_cards(Ninjato* s, int seat) noexcept nogil:
    """The Dojo cards of the plays being built are public: each card put in
    a play that the others did not already know in the hand is shown, and
    stays known there (if the play is given up, it goes back to the hand
    in everyone's sight)."""
    cdef int v
    for v in range(1, N_VALUES):
        while s.seen[seat][v] < s.play[0].cards[v] + s.play[1].cards[v]:
            hidden_card_shown(s, seat, v)
            s.seen[seat][v] += 1

cdef int deck_pop(Ninjato* s, int elite) noexcept nogil:
    """The top card of the Guard deck (``elite`` 0) or the Elite deck (1);
    an empty deck is first refilled from its discard pile and shuffled.
    NONE when both are empty."""
    cdef uint8_t* deck = &s.elite_deck[0] if elite else &s.guard_deck[0]
    cdef uint8_t* length = &s.elite_len if elite else &s.guard_len
    cdef uint64_t discard = s.elite_discard if elite else s.guard_discard
    cdef int i
    if length[0] == 0:
        for i in range(N_ELITES if elite else N_GUARDS):
            if (discard >> i) & 1:
                deck[length[0]] = i
                length[0] += 1
        if elite:
            s.elite_discard = 0
        else:
            s.guard_discard = 0
        if length[0] == 0:
            return NONE
        shuffle_u8(deck, length[0], &s.rng)
        log_ev(s, E_RESHUFFLE, NONE, 1 + elite, 0, 0)
    length[0] -= 1
    s.peek[elite] = 0
    i = deck[length[0]]
    deck[length[0]] = 0
    return i

cdef int bag_draw(Ninjato* s) noexcept nogil:
    """A random token from the bag; an empty bag is refilled from the spent
    pile (ruling 8a).  NONE when both are empty."""
    cdef int t, n = 0, r
    for t in range(N_TYPES):
        n += s.bag[t]
    if n == 0:
        for t in range(N_TYPES):
            s.bag[t] = s.spent[t]
            s.spent[t] = 0
            n += s.bag[t]
        if n == 0:
            return NONE
    r = rng_below(&s.rng, n)
    for t in range(N_TYPES):
        if r < s.bag[t]:
            s.bag[t] -= 1
            return t
        r -= s.bag[t]
    return NONE


# ------------------------------------------------------------------ costs

cdef inline bint fixed_affordable(const uint8_t* have, const uint8_t* req) noexcept nogil:
    """Gold stands in for any type: the shortfall must not exceed the Gold."""
    cdef int t, short = 0
    for t in range(4):
        if req[t] > have[t]:
            short += req[t] - have[t]
    return short <= have[GOLD]

cdef inline bint range_affordable(const uint8_t* have, int lo) noexcept nogil:
    cdef int t
    for t in range(4):
        if have[t] + have[GOLD] >= lo:
            return True
    return False

cdef bint card_affordable(const Ninjato* s, int seat, int rumor, int card) noexcept nogil:
    if card == NONE:
        return False
    if rumor:
        if RUMOR_LO[card]:
            return range_affordable(s.owned[seat], RUMOR_LO[card])
        return fixed_affordable(s.owned[seat], RUMOR_REQ[card])
    if ENVOY_LO[card]:
        return range_affordable(s.owned[seat], ENVOY_LO[card])
    return fixed_affordable(s.owned[seat], ENVOY_REQ[card])

cdef bint can_buy(const Ninjato* s, int seat, int rumor) noexcept nogil:
    cdef int i
    for i in range(ROW):
        if card_affordable(s, seat, rumor, s.rumor_row[i] if rumor else s.envoy_row[i]):
            return True
    return False

cdef inline bint tile_free(const Ninjato* s, int seat, int tile) noexcept nogil:
    """A tile of a style you already own costs nothing (not Hensojutsu)."""
    cdef int t
    if TILE_STYLE[tile] == 3:
        return False
    for t in range(N_TILES):
        if (s.tiles[seat] >> t) & 1 and TILE_STYLE[t] == TILE_STYLE[tile]:
            return True
    return False

cdef bint tile_affordable(const Ninjato* s, int seat, int tile) noexcept nogil:
    if tile == NONE:
        return False
    if tile_free(s, seat, tile):
        return True
    if TILE_COST[tile] == 0:
        return hand_size(s, seat) > 0
    return s.hand[seat][TILE_COST[tile]] > 0

cdef bint can_sensei(const Ninjato* s, int seat) noexcept nogil:
    cdef int i
    for i in range(N_OFFER):
        if tile_affordable(s, seat, s.offer[i]):
            return True
    return False


# ------------------------------------------------------------------ plays
# Play resolution (rulings 8.1): a base (a Dojo card or a virtual-card tile),
# at most one set effect, then additions; Strength wins if the result is
# above the guard's value, Stealth if below; a tie loses.

ctypedef struct Ctx:
    # What one play may still use and what it faces.
    int side                # the attack's side before CR3
    int flags               # persistent effects already in force
    int kind                # 0: one value, 1: 1-person Elite, 2: 2-person Elite
    int a
    int b
    int avail[N_VALUES]     # Dojo cards not used by the other play
    uint32_t free           # face-up tiles not used by the other play

cdef inline int tile_flags(uint32_t tiles) noexcept nogil:
    cdef int f = 0
    if (tiles >> SN4) & 1:
        f |= F_SN4
    if (tiles >> TG4) & 1:
        f |= F_TG4
    if (tiles >> CR3) & 1:
        f |= F_CR3
    return f

cdef inline int mode_of(int side, int flags) noexcept nogil:
    return side ^ (1 if flags & F_CR3 else 0)

cdef inline int adj_of(int flags) noexcept nogil:
    return (1 if flags & F_TG4 else 0) - (1 if flags & F_SN4 else 0)

cdef inline int target_of(const Ctx* c, int i, int mode) noexcept nogil:
    if c.kind == 0:
        return c.a
    if c.kind == 1:
        return c.a if mode == STR else c.b
    return c.a if i == 0 else c.b

cdef inline bint beats(int e, int target, int mode) noexcept nogil:
    return e > target if mode == STR else e < target

cdef inline int play_value(const Play* p, int flags) noexcept nogil:
    return (p.setv if p.setv >= 0 else p.base) + p.add + adj_of(flags)

cdef bint play_wins(const Ctx* c, const Play* p, int i, int flags) noexcept nogil:
    """Play ``i`` (0 or 1) wins with the persistent effects ``flags``."""
    cdef int m = mode_of(c.side, flags), e = play_value(p, flags)
    if c.kind == 2 and (p.tiles >> CR5) & 1:
        return beats(e, c.a, m) and beats(e, c.b, m)
    return beats(e, target_of(c, i, m), m)

cdef inline bint fits(const Ctx* c, int i, int m, int lo, int hi, bint both) noexcept nogil:
    cdef int t
    if both:
        if m == STR:
            return hi > c.a and hi > c.b
        return lo < c.a and lo < c.b
    t = target_of(c, i, m)
    return hi > t if m == STR else lo < t

cdef void play_extremes(const Ctx* c, const Play* p, int* lo_out, int* hi_out) noexcept nogil:
    """The lowest and highest values play ``p`` (base chosen) can still
    reach with the modifiers it may add, persistent effects included."""
    cdef uint32_t free = c.free & ~p.tiles
    cdef int g = p.next_group, lo, hi, adj
    cdef int flags = c.flags | tile_flags(p.tiles)
    if p.setv >= 0:
        lo = hi = p.setv
    else:
        lo = hi = p.base
        if g <= G_SET:
            if (free >> SN2) & 1 and lo > 0:
                lo = 0
            if (free >> TG1) & 1 and hi < 6:
                hi = 6
    lo += p.add
    hi += p.add
    if g <= G_JOIN and c.avail[3] - p.cards[3] > 0:
        lo -= 1; hi += 1
    if g <= G_CR2 and (free >> CR2) & 1:
        lo -= 1; hi += 1
    if g <= G_SN1 and (free >> SN1) & 1:
        lo -= 2
    if g <= G_TG2 and (free >> TG2) & 1:
        hi += 2
    adj = adj_of(flags)
    if g <= G_SN4 and (free >> SN4) & 1 and not flags & F_SN4:
        lo -= 1
    if g <= G_TG4 and (free >> TG4) & 1 and not flags & F_TG4:
        hi += 1
    lo_out[0] = lo + adj
    hi_out[0] = hi + adj

cdef inline bint cr3_left(const Ctx* c, const Play* p) noexcept nogil:
    return (p.next_group <= G_CR3 and ((c.free & ~p.tiles) >> CR3) & 1
            and not (c.flags | tile_flags(p.tiles)) & F_CR3)

cdef bint can_win_from(const Ctx* c, const Play* p, int i) noexcept nogil:
    """Whether some completion of play ``p`` (base chosen) wins, counting
    every modifier it may still add.  The extremes of the reachable values
    are exact, so a play that passes can always be finished as a win."""
    cdef int lo, hi
    cdef int flags = c.flags | tile_flags(p.tiles)
    cdef bint both = c.kind == 2 and (p.tiles >> CR5) & 1
    play_extremes(c, p, &lo, &hi)
    if fits(c, i, mode_of(c.side, flags), lo, hi, both):
        return True
    if cr3_left(c, p) and fits(c, i, mode_of(c.side, flags | F_CR3), lo, hi, both):
        return True
    return False

cdef inline void clear_play(Play* p) noexcept nogil:
    memset(p, 0, sizeof(Play))
    p.setv = -1

cdef bint set_base(const Ctx* c, Play* p, int a) noexcept nogil:
    """Start play ``p`` with base action ``a``; False if it is not available."""
    cdef int v
    clear_play(p)
    if A_BASE_CARD <= a < A_BASE_CARD + 5:
        v = a - A_BASE_CARD + 1
        if c.avail[v] <= 0:
            return False
        p.base_kind = B_CARD
        p.base = v
        p.cards[v] = 1
    elif a == A_BASE_SN5:
        if not (c.free >> SN5) & 1:
            return False
        p.base_kind = B_SN5; p.base = 1; p.tiles = 1 << SN5
    elif a == A_BASE_TG3:
        if not (c.free >> TG3) & 1:
            return False
        p.base_kind = B_TG3; p.base = 5; p.tiles = 1 << TG3
    elif a == A_BASE_CR1_2 or a == A_BASE_CR1_4:
        if not (c.free >> CR1) & 1:
            return False
        p.base_kind = B_CR1; p.base = 2 if a == A_BASE_CR1_2 else 4; p.tiles = 1 << CR1
    else:
        return False
    return True

cdef inline int group_of(int a) noexcept nogil:
    if a == A_SN2 or a == A_TG1:
        return G_SET
    if a == A_JOIN_PLUS or a == A_JOIN_MINUS:
        return G_JOIN
    if a == A_CR2_PLUS or a == A_CR2_MINUS:
        return G_CR2
    if a == A_SN1:
        return G_SN1
    if a == A_TG2:
        return G_TG2
    if a == A_SN4:
        return G_SN4
    if a == A_TG4:
        return G_TG4
    if a == A_CR3:
        return G_CR3
    return G_CR5

cdef bint add_modifier(const Ctx* c, Play* p, int i, int a) noexcept nogil:
    """Add modifier ``a`` to play ``p``; False if it cannot be added now."""
    cdef int g = group_of(a), tile = -1
    cdef uint32_t free = c.free & ~p.tiles
    if p.base_kind == B_NONE or g < p.next_group:
        return False
    if a == A_SN2:
        tile = SN2; p.setv = 0
    elif a == A_TG1:
        tile = TG1; p.setv = 6
    elif a == A_JOIN_PLUS or a == A_JOIN_MINUS:
        if c.avail[3] - p.cards[3] <= 0:
            return False
        p.cards[3] += 1
        p.join = 1 if a == A_JOIN_PLUS else -1
        p.add += p.join
    elif a == A_CR2_PLUS:
        tile = CR2; p.add += 1
    elif a == A_CR2_MINUS:
        tile = CR2; p.add -= 1
    elif a == A_SN1:
        tile = SN1; p.add -= 2
    elif a == A_TG2:
        tile = TG2; p.add += 2
    elif a == A_SN4:
        tile = SN4
    elif a == A_TG4:
        tile = TG4
    elif a == A_CR3:
        tile = CR3
    elif a == A_CR5:
        if c.kind != 2 or i != 0:
            return False
        tile = CR5
    if tile >= 0:
        if not (free >> tile) & 1:
            return False
        p.tiles |= (<uint32_t>1) << tile
    p.next_group = g + 1
    return True

cdef void make_ctx(const Ninjato* s, int seat, int i, Ctx* c) noexcept nogil:
    """The context of play ``i`` of the attack in progress."""
    cdef int v
    cdef const Play* other = &s.play[1 - i]
    c.side = s.att_side
    c.flags = s.att_flags | tile_flags(other.tiles)
    if s.facing == FACE_ELITE:
        c.kind = ELITE_PEOPLE[s.facing_card]
        c.a = ELITE_A[s.facing_card]
        c.b = ELITE_B[s.facing_card]
    else:
        c.kind = 0
        c.a = GUARD_VALUE[s.facing_card]
        c.b = c.a
    for v in range(N_VALUES):
        c.avail[v] = s.hand[seat][v] - other.cards[v]
    c.free = s.tiles[seat] & ~s.used[seat] & ~other.tiles

cdef bint any_winning_base(const Ctx* c, int i) noexcept nogil:
    cdef Play q
    cdef int a
    for a in range(A_BASE_CARD, A_BASE_CR1_4 + 1):
        if set_base(c, &q, a) and can_win_from(c, &q, i):
            return True
    return False

ctypedef struct Reach:
    # What a fresh attack of one seat can reach against a Sentry (one value):
    # the lowest and highest play, and whether CR3 can turn the side.
    bint any
    int lo
    int hi
    bint cr3

cdef void sentry_reach(const Ninjato* s, int seat, Reach* r) noexcept nogil:
    """A Sentry of value v is beaten with Strength iff hi > v, with Stealth
    iff lo < v (or the other way with CR3): one pass over the bases serves
    every house side."""
    cdef Ctx c
    cdef Play q
    cdef int v, a, lo, hi
    c.side = STR
    c.flags = 0
    c.kind = 0
    c.a = c.b = 0
    for v in range(N_VALUES):
        c.avail[v] = s.hand[seat][v]
    c.free = s.tiles[seat] & ~s.used[seat]
    r.any = False
    r.lo = 1000
    r.hi = -1000
    r.cr3 = (c.free >> CR3) & 1
    for a in range(A_BASE_CARD, A_BASE_CR1_4 + 1):
        if set_base(&c, &q, a):
            play_extremes(&c, &q, &lo, &hi)
            r.any = True
            if lo < r.lo:
                r.lo = lo
            if hi > r.hi:
                r.hi = hi

cdef bint can_attack(const Ninjato* s, const Reach* r, int h, int sd) noexcept nogil:
    """A house side takes the shuriken if it is free, the house has treasure
    and a Sentry, and the Sentry can be beaten at once (ruling 2)."""
    cdef int v
    if not r.any or s.side[h][sd] or s.sentry[h] == NONE or house_total(s, h) == 0:
        return False
    v = GUARD_VALUE[s.sentry[h]]
    if sd == STR:
        return r.hi > v or (r.cr3 and r.lo < v)
    return r.lo < v or (r.cr3 and r.hi > v)

cdef inline bint two_plays(const Ninjato* s) noexcept nogil:
    return s.facing == FACE_ELITE and ELITE_PEOPLE[s.facing_card] == 2

cdef bint declare_ok(const Ninjato* s) noexcept nogil:
    cdef Ctx c
    cdef int flags
    if s.play[s.play_idx].base_kind == B_NONE:
        return False
    make_ctx(s, s.mover, 0, &c)
    flags = s.att_flags | tile_flags(s.play[0].tiles) | tile_flags(s.play[1].tiles)
    if not two_plays(s):
        return play_wins(&c, &s.play[0], 0, flags)
    if s.play_idx == 0:
        return (s.play[0].tiles >> CR5) & 1 and play_wins(&c, &s.play[0], 0, flags)
    return play_wins(&c, &s.play[0], 0, flags) and play_wins(&c, &s.play[1], 1, flags)

cdef int build_legal(const Ninjato* s, int* out) noexcept nogil:
    cdef Ctx c
    cdef Play q
    cdef int i = s.play_idx, n = 0, a
    cdef const Play* p = &s.play[i]
    make_ctx(s, s.mover, i, &c)
    if p.base_kind == B_NONE:
        for a in range(A_BASE_CARD, A_BASE_CR1_4 + 1):
            if set_base(&c, &q, a) and can_win_from(&c, &q, i):
                out[n] = a
                n += 1
    else:
        for a in range(A_SN2, A_CR5 + 1):
            q = p[0]
            if add_modifier(&c, &q, i, a) and can_win_from(&c, &q, i):
                out[n] = a
                n += 1
        if two_plays(s) and i == 0 and not (p.tiles >> CR5) & 1:
            make_ctx(s, s.mover, 1, &c)
            if any_winning_base(&c, 1):
                out[n] = A_NEXT_PLAY
                n += 1
        if declare_ok(s):
            out[n] = A_DECLARE
            n += 1
    if s.facing != FACE_SENTRY:
        out[n] = A_GIVE_UP          # always possible at a revealed Guard (ruling 11a)
        n += 1
    return n


# ---------------------------------------------------------------- the turn


cdef void begin_turn(Ninjato* s) noexcept nogil:
    s.turn += 1
    s.placed = 0
    log_ev(s, E_TURN, NONE, s.turn, 0, 0)
    s.log_new_turn = 1
    next_placement(s)

cdef void start_new_log(Ninjato* s) noexcept nogil:
    """A move after a turn ended: the log keeps only the new turn's steps
    (from its "turn" step on), so the old turn stays readable until then."""
    cdef int i, start = 0
    for i in range(s.n_log):
        if s.log[i].kind == E_TURN:
            start = i
    s.n_log = keep_log_from(s.log, s.n_log, start, sizeof(Event))
    s.log_lost = 0
    s.log_new_turn = 0

cdef void next_placement(Ninjato* s) noexcept nogil:
    if s.placed >= s.players * N_SHURIKEN:
        end_turn(s)
        return
    s.mover = s.order[s.placed % s.players]
    s.phase = P_PLACE

cdef inline void end_action(Ninjato* s) noexcept nogil:
    s.placed += 1
    next_placement(s)

cdef void finish_draw_if_done(Ninjato* s) noexcept nogil:
    cdef bint row_left = s.row[0] or s.row[1] or s.row[2]
    if s.draws_left == 0 or not (row_left or dojo_can_draw(s)):
        refill_dojo_row(s)          # only after the whole draw (ruling 3)
        end_action(s)

cdef void start_play(Ninjato* s) noexcept nogil:
    clear_play(&s.play[0])
    clear_play(&s.play[1])
    s.play_idx = 0
    s.phase = P_BUILD

cdef void start_attack(Ninjato* s, int seat, int h, int sd) noexcept nogil:
    s.side[h][sd] = seat + 1
    s.att_house = h
    s.att_side = sd
    s.att_flags = 0
    s.facing = FACE_SENTRY
    s.facing_card = s.sentry[h]
    memset(s.on_shuriken, 0, sizeof(s.on_shuriken))
    memset(s.att_discarded, 0, sizeof(s.att_discarded))
    s.n_revealed = 0
    start_play(s)

cdef void discard_revealed(Ninjato* s) noexcept nogil:
    cdef int i
    for i in range(s.n_revealed):
        s.guard_discard |= (<uint64_t>1) << s.revealed[i]
        s.revealed[i] = 0
    s.n_revealed = 0

cdef void take_shuriken(Ninjato* s, int seat) noexcept nogil:
    """Everything on the shuriken goes to its owner (the side no longer matters)."""
    cdef int t
    for t in range(N_TYPES):
        s.owned[seat][t] += s.on_shuriken[t][PLAIN] + s.on_shuriken[t][RED]
        s.on_shuriken[t][PLAIN] = 0
        s.on_shuriken[t][RED] = 0

cdef void end_attack(Ninjato* s) noexcept nogil:
    s.facing = FACE_SENTRY
    s.facing_card = NONE
    end_action(s)

cdef void after_attack(Ninjato* s) noexcept nogil:
    """The attack is over: CR6 may return a card spent in it."""
    cdef int v
    if face_up(s, s.mover, CR6):
        for v in range(1, N_VALUES):
            if s.att_discarded[v] and s.discard[v]:
                s.phase = P_CR6
                return
    end_attack(s)

cdef void clear_house(Ninjato* s) noexcept nogil:
    cdef int h = s.att_house
    take_shuriken(s, s.mover)
    s.guard_discard |= (<uint64_t>1) << s.sentry[h]
    s.sentry[h] = NONE
    discard_revealed(s)
    log_ev(s, E_CLEAR, s.mover, h, s.token[h], 0)
    s.phase = P_TOKEN               # the allegiance change is mandatory

cdef void beat_guard(Ninjato* s) noexcept nogil:
    cdef int seat = s.mover, h = s.att_house, t, sd
    if s.facing == FACE_ELITE:
        s.elites[seat] |= (<uint32_t>1) << s.facing_card
        sd = RED
    else:
        sd = PLAIN
    log_ev(s, E_BEAT, seat, s.facing, s.facing_card, 0)
    t = lowest_on(s, h, sd)
    if t != NONE:
        s.house[h][t][sd] -= 1
        s.on_shuriken[t][sd] += 1
    log_ev(s, E_TAKE, seat, t, sd, 0)
    s.facing_card = NONE
    if house_total(s, h) == 0:
        clear_house(s)
    else:
        s.phase = P_CONTINUE

cdef inline uint32_t play_code(const Play* p) noexcept nogil:
    """A declared play for the log: base kind and value, set value, join sign, tiles."""
    return (p.tiles & 0xFFFF) | (<uint32_t>p.base_kind << 16) | (<uint32_t>p.base << 19) \
        | (<uint32_t>(p.setv + 1) << 22) | (<uint32_t>(p.join + 1) << 25)

cdef void declare(Ninjato* s) noexcept nogil:
    cdef int seat = s.mover, i, v, k, plays
    cdef int flags = s.att_flags | tile_flags(s.play[0].tiles) | tile_flags(s.play[1].tiles)
    plays = 2 if (two_plays(s) and not (s.play[0].tiles >> CR5) & 1) else 1
    for i in range(plays):
        log_ev(s, E_PLAY, seat, i, <uint8_t>(<int8_t>play_value(&s.play[i], flags)), play_code(&s.play[i]))
        for v in range(1, N_VALUES):
            for k in range(s.play[i].cards[v]):
                discard_card(s, seat, v)
                s.att_discarded[v] += 1
        s.used[seat] |= s.play[i].tiles
    s.att_flags = flags
    clear_play(&s.play[0])
    clear_play(&s.play[1])
    beat_guard(s)

cdef void alarm(Ninjato* s) noexcept nogil:
    """Add a treasure from the bag, then flip the highest plain one red (ruling 8)."""
    cdef int h = s.att_house, t, f = NONE
    t = bag_draw(s)
    if t != NONE:
        s.house[h][t][PLAIN] += 1
        for f in range(N_TYPES - 1, -1, -1):
            if s.house[h][f][PLAIN]:
                s.house[h][f][PLAIN] -= 1
                s.house[h][f][RED] += 1
                break
    log_ev(s, E_ALARM, s.mover, t, f if t != NONE else NONE, h)
    saw_public(s, 1000 + t * 8 + (f if t != NONE else 7))

cdef bint can_banzai(const Ninjato* s) noexcept nogil:
    if lowest_on(s, s.att_house, PLAIN) != NONE:
        return s.guard_len > 0 or s.guard_discard != 0
    return s.elite_len > 0 or s.elite_discard != 0      # ruling 15

cdef void banzai(Ninjato* s) noexcept nogil:
    cdef int card
    log_ev(s, E_BANZAI, s.mover, 0, 0, 0)
    if lowest_on(s, s.att_house, PLAIN) != NONE:
        card = deck_pop(s, 0)
        s.revealed[s.n_revealed] = card
        s.n_revealed += 1
        s.facing = FACE_GUARD
        s.facing_card = card
        log_ev(s, E_REVEAL, s.mover, 0, card, 0)
        saw_public(s, card)
        if GUARD_ALARM[card]:
            if face_up(s, s.mover, SN3):
                s.phase = P_REVEAL
                return
            alarm(s)
    else:
        card = deck_pop(s, 1)
        s.facing = FACE_ELITE
        s.facing_card = card
        log_ev(s, E_REVEAL, s.mover, 1, card, 0)
        saw_public(s, 100 + card)
    start_play(s)

cdef void start_keep(Ninjato* s, int keep) noexcept nogil:
    s.keep_left = keep
    s.keep_min = 0
    s.phase = P_KEEP

cdef void finish_loss(Ninjato* s) noexcept nogil:
    """The rest goes back to the house keeping its side; revealed Guards are
    discarded, the Sentry stays, one plain treasure is added (ruling 12)."""
    cdef int h = s.att_house, t, sd, back = 0
    for t in range(N_TYPES):
        for sd in range(2):
            back += s.on_shuriken[t][sd]
            s.house[h][t][sd] += s.on_shuriken[t][sd]
            s.on_shuriken[t][sd] = 0
    if s.facing == FACE_ELITE and s.facing_card != NONE:
        s.elite_discard |= (<uint32_t>1) << s.facing_card
    discard_revealed(s)
    t = bag_draw(s)
    if t != NONE:
        s.house[h][t][PLAIN] += 1
    log_ev(s, E_LOSS, s.mover, back, t, h)
    saw_public(s, 2000 + t)
    s.facing_card = NONE
    after_attack(s)

cdef void give_up(Ninjato* s) noexcept nogil:
    log_ev(s, E_GIVE_UP, s.mover, s.facing, s.facing_card, 0)
    clear_play(&s.play[0])
    clear_play(&s.play[1])
    if face_up(s, s.mover, TG5) and shuriken_total(s) >= 2:
        s.phase = P_TG5
    else:
        start_keep(s, 1)

cdef void keep_all_if_forced(Ninjato* s) noexcept nogil:
    """With no more on the shuriken than may be kept, all of it is kept."""
    cdef int t, sd, k
    if s.phase == P_KEEP and shuriken_total(s) <= s.keep_left:
        for t in range(N_TYPES):
            for sd in range(2):
                for k in range(s.on_shuriken[t][sd]):
                    log_ev(s, E_KEEP, s.mover, t, sd, 0)
        take_shuriken(s, s.mover)
        s.keep_left = 0
        finish_loss(s)

cdef void retreat(Ninjato* s) noexcept nogil:
    log_ev(s, E_RETREAT, s.mover, shuriken_total(s), 0, 0)
    take_shuriken(s, s.mover)
    discard_revealed(s)
    after_attack(s)

cdef void peek(Ninjato* s) noexcept nogil:
    """CR4: look at the top card Banzai would draw, then put it back."""
    cdef int d = 0 if lowest_on(s, s.att_house, PLAIN) != NONE else 1, card
    cdef uint8_t* deck = &s.elite_deck[0] if d else &s.guard_deck[0]
    cdef uint8_t* length = &s.elite_len if d else &s.guard_len
    s.used[s.mover] |= 1 << CR4
    if length[0] == 0:
        # deck_pop refills an empty deck with all its discards, reshuffled
        # (ruling 15); the card it takes goes back on top of that deck.
        card = deck_pop(s, d)
        deck[length[0]] = card
        length[0] += 1
    card = deck[length[0] - 1]
    s.peek[d] |= 1 << s.mover
    log_ev(s, E_PEEK, s.mover, d, 0, 0)
    saw_private(s, s.mover, 500 + d * 64 + card)


# ---------------------------------------------------------------- buying

cdef void finish_buy(Ninjato* s) noexcept nogil:
    cdef int seat = s.mover
    if s.buy_rumor:
        s.rumors[seat] |= (<uint32_t>1) << s.buy_card
        s.rumor_row[s.buy_slot] = NONE
    else:
        s.envoys[seat] |= (<uint32_t>1) << s.buy_card
        s.envoy_row[s.buy_slot] = NONE
    s.bought[seat] += s.buy_points
    log_ev(s, E_BUY, seat, s.buy_rumor, s.buy_card, <uint32_t>s.buy_points)
    end_action(s)

cdef inline int first_due(const Ninjato* s) noexcept nogil:
    cdef int t
    for t in range(4):
        if s.buy_req[t]:
            return t
    return NONE

cdef void pay(Ninjato* s, int token) noexcept nogil:
    """One treasure towards the purchase: ``token`` is its type (Gold = 4)."""
    cdef int seat = s.mover, as_type
    s.owned[seat][token] -= 1
    s.spent[token] += 1
    if s.buy_lo == 0:
        as_type = first_due(s)
        s.buy_req[as_type] -= 1
    else:
        as_type = s.buy_type
        s.buy_paid += 1
        if token == GOLD:
            s.buy_gold = 1
    s.buy_points += TREASURE_VALUE[as_type]
    log_ev(s, E_PAY, seat, token, as_type, 0)
    if s.buy_lo == 0:
        if first_due(s) == NONE:
            finish_buy(s)
    elif s.buy_paid == s.buy_hi:
        finish_buy(s)


# ---------------------------------------------------------------- end of turn

cdef void refill_row(Ninjato* s, int rumors) noexcept nogil:
    """Fill the empty places of the Rumor row (``rumors`` 1) or the Envoy
    row (0) from the top of its deck, as far as the deck goes."""
    cdef uint8_t* row = &s.rumor_row[0] if rumors else &s.envoy_row[0]
    cdef uint8_t* deck = &s.rumor_deck[0] if rumors else &s.envoy_deck[0]
    cdef uint8_t* length = &s.rumor_len if rumors else &s.envoy_len
    cdef int i
    for i in range(ROW):
        if row[i] == NONE and length[0]:
            length[0] -= 1
            row[i] = deck[length[0]]
            deck[length[0]] = 0
            log_ev(s, E_ROW, NONE, rumors, row[i], i)

cdef void fill_house(Ninjato* s, int h) noexcept nogil:
    """A Sentry if it has none, then treasure up to 3 as far as the bag allows."""
    cdef int k, t
    if s.sentry[h] == NONE:
        s.sentry[h] = deck_pop(s, 0)
        log_ev(s, E_SENTRY, NONE, h, s.sentry[h], 0)
    for k in range(HOUSE_TREASURE):
        t = bag_draw(s)
        if t == NONE:
            break
        s.house[h][t][PLAIN] += 1
        log_ev(s, E_REFILL_TREASURE, NONE, h, t, 0)

cdef void order_from_dojo(const Ninjato* s, uint8_t* new) noexcept nogil:
    """Newest Dojo shuriken first, each player once; the others after,
    keeping their order (ruling 18)."""
    cdef int n = 0, i, j, p, dup
    for i in range(s.dojo_len - 1, -1, -1):
        p = s.dojo_stack[i]
        dup = 0
        for j in range(n):
            if new[j] == p:
                dup = 1
        if not dup:
            new[n] = p
            n += 1
    for i in range(s.players):
        p = s.order[i]
        dup = 0
        for j in range(n):
            if new[j] == p:
                dup = 1
        if not dup:
            new[n] = p
            n += 1

cdef void new_turn_order(Ninjato* s) noexcept nogil:
    cdef uint8_t new[MAX_PLAYERS]
    cdef int i
    cdef uint32_t packed = 0
    order_from_dojo(s, new)
    for i in range(s.players):
        s.order[i] = new[i]
        packed |= (<uint32_t>new[i]) << (4 * i)
    log_ev(s, E_ORDER, NONE, s.players, 0, packed)


cdef void end_turn(Ninjato* s) noexcept nogil:
    """Ruling 19: Sensei refresh, house refill, turn order, rows; clan
    scoring after turns 3, 5 and 7."""
    cdef int i, h, p
    log_ev(s, E_END_TURN, NONE, s.turn, 0, 0)
    memset(s.side, 0, sizeof(s.side))
    memset(s.spaces, 0, sizeof(s.spaces))
    if s.turn < N_TURNS:
        for p in range(s.players):
            s.used[p] = 0
        for i in range(N_OFFER):
            if s.offer[i] != NONE:
                s.removed |= (<uint32_t>1) << s.offer[i]
                s.offer[i] = NONE
        if s.turn < 4:
            for i in range(s.players):
                if s.sensei_len:
                    s.sensei_len -= 1
                    s.offer[i] = s.sensei_stack[s.sensei_len]
                    s.sensei_stack[s.sensei_len] = 0
                    log_ev(s, E_OFFER, NONE, i, s.offer[i], 0)
        elif s.hj_len:
            s.offer[0] = HJ_FIRST + 3 - s.hj_len
            s.hj_len -= 1
            log_ev(s, E_OFFER, NONE, 0, s.offer[0], 0)
        for h in range(N_HOUSES):
            if house_total(s, h) == 0:
                fill_house(s, h)
        new_turn_order(s)
        refill_row(s, 1)
        refill_row(s, 0)
    memset(s.dojo_stack, 0, sizeof(s.dojo_stack))
    s.dojo_len = 0
    if s.turn == 3 or s.turn == 5 or s.turn == N_TURNS:
        start_scoring(s)
        return
    begin_turn(s)


# ---------------------------------------------------------------- clan scoring

cdef inline int envoy_count(const Ninjato* s, int seat, int clan) noexcept nogil:
    cdef uint32_t mine = s.envoys[seat] & clan_envoys(clan)
    return popcount64(mine) + popcount64(mine & s.disguised)

cdef inline int oldest(const Ninjato* s, int seat, int clan) noexcept nogil:
    cdef int e, best = -1
    cdef uint32_t mine = s.envoys[seat] & clan_envoys(clan)
    for e in range(N_ENVOYS):
        if (mine >> e) & 1 and ENVOY_AGE[e] > best:
            best = ENVOY_AGE[e]
    return best

cdef inline int clan_points_of(const Ninjato* s, int clan) noexcept nogil:
    cdef int h, v = 0
    for h in range(N_HOUSES):
        if s.token[h] != NONE and TOKEN_CLAN[s.token[h]] == clan:
            v += TOKEN_VALUE[s.token[h]]
    return v

cdef inline int scoring_clan(const Ninjato* s) noexcept nogil:
    return ORDER_OF_SCORING[(s.scoring - 3) // 2][s.score_clan]

cdef inline bint hj_eligible(const Ninjato* s, int seat, int e) noexcept nogil:
    return ((s.envoys[seat] >> e) & 1 and ENVOY_MASK[e] and not (s.disguised >> e) & 1
            and (s.hj_last == NONE or e > s.hj_last))

cdef void hj_next(Ninjato* s) noexcept nogil:
    """The next seat in turn order with a Hensojutsu tile to assign."""
    cdef int seat, e
    while s.hj_pos < s.players:
        seat = s.order[s.hj_pos]
        if hj_owned(s, seat) > popcount64(s.disguised & s.envoys[seat]):
            for e in range(N_ENVOYS):
                if hj_eligible(s, seat, e):
                    s.mover = seat
                    s.phase = P_HJ
                    return
        s.hj_pos += 1
        s.hj_last = NONE
    s.score_clan = 0
    clan_next(s)

cdef void start_scoring(Ninjato* s) noexcept nogil:
    s.scoring = s.turn
    s.disguised = 0
    s.hj_pos = 0
    s.hj_last = NONE
    log_ev(s, E_SCORING, NONE, s.turn, 0, 0)
    hj_next(s)


cdef void rank_clan(const Ninjato* s, int c, uint8_t* first, uint8_t* second) noexcept nogil:
    """The 1st and 2nd holders of clan ``c``'s Envoys (NONE: nobody): the
    most Envoys (a disguise counts), a tie to the oldest Envoy (ruling 20)."""
    cdef int p, k, best, cnt, bc, bo, o
    cdef int taken[MAX_PLAYERS]
    for p in range(s.players):
        taken[p] = 0
    first[0] = NONE
    second[0] = NONE
    for k in range(2):
        best = NONE; bc = 0; bo = -1
        for p in range(s.players):
            if taken[p]:
                continue
            cnt = envoy_count(s, p, c)
            if cnt == 0:
                continue
            o = oldest(s, p, c)
            if cnt > bc or (cnt == bc and o > bo):
                best = p; bc = cnt; bo = o
        if best != NONE:
            taken[best] = 1
        if k == 0:
            first[0] = best
        else:
            second[0] = best

cdef void clan_next(Ninjato* s) noexcept nogil:
    """Rank the next clan's Envoy holders; 1st chooses (ruling 20)."""
    cdef int c
    while s.score_clan < 3:
        c = scoring_clan(s)
        rank_clan(s, c, &s.first, &s.second)
        log_ev(s, E_CLAN_RANK, NONE, c, s.first, s.second | (<uint32_t>clan_points_of(s, c) << 8))
        if s.first == NONE:
            s.score_clan += 1
            continue
        s.mover = s.first
        s.phase = P_CLAN
        return
    s.scoring = 0
    if s.turn == N_TURNS:
        end_game(s)
        return
    refill_row(s, 1)
    begin_turn(s)

cdef void take_rumor(Ninjato* s, int seat, int slot) noexcept nogil:
    s.rumors[seat] |= (<uint32_t>1) << s.rumor_row[slot]
    log_ev(s, E_FREE_RUMOR, seat, s.rumor_row[slot], scoring_clan(s), 0)
    s.rumor_row[slot] = NONE

cdef void give_clan_points(Ninjato* s, int seat) noexcept nogil:
    cdef int c = scoring_clan(s), v = clan_points_of(s, c)
    s.clan_pts[seat] += v
    log_ev(s, E_CLAN_POINTS, seat, c, v, 0)

cdef inline bint rumor_row_empty(const Ninjato* s) noexcept nogil:
    cdef int i
    for i in range(ROW):
        if s.rumor_row[i] != NONE:
            return False
    return True

cdef inline int rumor_multiplier(int n) noexcept nogil:
    """Sets of up to 3 cards of one kind: x1, x2, x4 (ruling 7 of the data)."""
    return (n // 3) * SET_MULT[3] + SET_MULT[n % 3]

cdef inline int rumor_kind_count(const Ninjato* s, int seat, int kind) noexcept nogil:
    return popcount64((s.rumors[seat] >> (6 * kind)) & 0x3F)

cdef inline int rumor_counts(const Ninjato* s, int seat, int kind) noexcept nogil:
    """What a Rumor kind counts (ruling 21): Elite cards, Rumors, Envoys, Sensei tiles."""
    if kind == WARRIOR:
        return popcount64(s.elites[seat])
    if kind == GOODWILL:
        return popcount64(s.rumors[seat])
    if kind == FRIENDS:
        return popcount64(s.envoys[seat])
    return popcount64(s.tiles[seat])

cdef void final_parts(const Ninjato* s, int seat, int16_t* out) noexcept nogil:
    """End scoring of one seat: rumor sets, Dishonorable Opponents, unspent
    treasure, Elite points (ruling 22)."""
    cdef int k, n, p, holders = 0, t, e
    out[0] = 0
    for k in range(4):
        out[0] += rumor_counts(s, seat, k) * rumor_multiplier(rumor_kind_count(s, seat, k))
    for p in range(s.players):
        if rumor_kind_count(s, p, DISHONORABLE_KIND):
            holders += 1
    n = rumor_kind_count(s, seat, DISHONORABLE_KIND)
    out[1] = n * DISHONORABLE_PTS[(holders if holders < 3 else 3) - 1] if n else 0
    out[2] = 0
    for t in range(N_TYPES):
        out[2] += s.owned[seat][t]
    out[3] = 0
    for e in range(N_ELITES):
        if (s.elites[seat] >> e) & 1:
            out[3] += ELITE_POINTS[e]

cdef void end_game(Ninjato* s) noexcept nogil:
    cdef int p
    for p in range(s.players):
        final_parts(s, p, s.final_pts[p])
    s.phase = P_OVER
    log_ev(s, E_GAME_END, NONE, 0, 0, 0)

cdef inline int points_with(const Ninjato* s, int seat, const int16_t* parts) noexcept nogil:
    """Purchases and clan points plus the four parts of an end scoring."""
    return s.bought[seat] + s.clan_pts[seat] + parts[0] + parts[1] + parts[2] + parts[3]

cdef inline int score_of(const Ninjato* s, int seat) noexcept nogil:
    return points_with(s, seat, s.final_pts[seat])


# ---------------------------------------------------------------- decisions

cdef int legal_moves(const Ninjato* s, int* out) noexcept nogil:
    """Every legal action of the seat deciding now (``s.mover``)."""
    cdef int seat = s.mover, n = 0, i, h, sd, v, t, e, c, above
    cdef uint8_t have[N_TYPES]
    cdef uint8_t req[4]
    cdef int ph = s.phase
    cdef Reach reach
    if ph == P_PLACE:
        sentry_reach(s, seat, &reach)
        out[n] = A_DOJO; n += 1
        if can_sensei(s, seat):
            out[n] = A_SENSEI; n += 1
        if can_buy(s, seat, 0):
            out[n] = A_PALACE; n += 1
        if can_buy(s, seat, 1):
            out[n] = A_PAVILION; n += 1
        for h in range(N_HOUSES):
            for sd in range(2):
                if can_attack(s, &reach, h, sd):
                    out[n] = A_HOUSE + h * 2 + sd; n += 1
    elif ph == P_DRAW:
        for i in range(DOJO_ROW):
            if s.row[i]:
                out[n] = A_DRAW_ROW + i; n += 1
        if dojo_can_draw(s):
            out[n] = A_DRAW_DECK; n += 1
    elif ph == P_SENSEI:
        for i in range(N_OFFER):
            if tile_affordable(s, seat, s.offer[i]):
                out[n] = A_TILE + i; n += 1
    elif ph == P_SENSEI_PAY:
        t = TILE_COST[s.offer[s.tile_slot]]
        for v in range(1, N_VALUES):
            if s.hand[seat][v] and (t == 0 or t == v):
                out[n] = A_PAY_CARD + v - 1; n += 1
    elif ph == P_BUILD:
        n = build_legal(s, out)
    elif ph == P_REVEAL:
        out[0] = A_USE_SN3; out[1] = A_NO_SN3; n = 2
    elif ph == P_CONTINUE:
        if can_banzai(s):
            out[n] = A_BANZAI; n += 1
        out[n] = A_RETREAT; n += 1
        if can_banzai(s) and face_up(s, seat, CR4):
            out[n] = A_PEEK; n += 1
    elif ph == P_TG5:
        out[0] = A_USE_TG5; out[1] = A_NO_TG5; n = 2
    elif ph == P_KEEP:
        # The kept treasures are taken lowest kind first (``keep_min``), so
        # that keeping two is one choice per pair, not two orders of it; a
        # first pick must leave enough at or above it for the rest.
        above = shuriken_total(s)
        for t in range(N_TYPES):
            for sd in range(2):
                if s.on_shuriken[t][sd] and t * 2 + sd >= s.keep_min and above >= s.keep_left:
                    out[n] = A_KEEP + t * 2 + sd; n += 1
                above -= s.on_shuriken[t][sd]
    elif ph == P_TOKEN:
        c = TOKEN_CLAN[s.token[s.att_house]]
        for t in range(N_TOKENS):
            if TOKEN_CLAN[t] == c:
                continue
            for h in range(N_HOUSES):
                if s.token[h] == t:
                    break
            else:
                out[n] = A_TOKEN + t; n += 1
    elif ph == P_CR6:
        for v in range(1, N_VALUES):
            if s.att_discarded[v] and s.discard[v]:
                out[n] = A_CR6 + v - 1; n += 1
        out[n] = A_NO_CR6; n += 1
    elif ph == P_BUY:
        for i in range(ROW):
            if card_affordable(s, seat, s.buy_rumor, s.rumor_row[i] if s.buy_rumor else s.envoy_row[i]):
                out[n] = A_BUY + i; n += 1
    elif ph == P_PAY_TYPE:
        for t in range(4):
            if s.owned[seat][t] + s.owned[seat][GOLD] >= s.buy_lo:
                out[n] = A_DECLARE_TYPE + t; n += 1
    elif ph == P_PAY:
        if s.buy_lo == 0:
            t = first_due(s)
            # pay with a token of the type due, or with Gold, if the rest can still be paid
            memcpy(have, s.owned[seat], N_TYPES)
            memcpy(req, s.buy_req, 4)
            req[t] -= 1
            if have[t]:
                have[t] -= 1
                if fixed_affordable(have, req):
                    out[n] = A_PAY + t; n += 1
                have[t] += 1
            if have[GOLD]:
                have[GOLD] -= 1
                if fixed_affordable(have, req):
                    out[n] = A_PAY_GOLD; n += 1
        else:
            t = s.buy_type
            # real tokens first, then Gold: one order for each mix
            if s.owned[seat][t] and not s.buy_gold:
                out[n] = A_PAY + t; n += 1
            if s.owned[seat][GOLD] and s.owned[seat][GOLD] + s.buy_paid >= s.buy_lo:
                out[n] = A_PAY_GOLD; n += 1
            if s.buy_paid >= s.buy_lo:
                out[n] = A_STOP_PAYING; n += 1
    elif ph == P_HJ:
        for e in range(N_ENVOYS):
            if hj_eligible(s, seat, e):
                out[n] = A_ASSIGN_HJ + e; n += 1
        out[n] = A_HJ_DONE; n += 1
    elif ph == P_CLAN:
        out[n] = A_CLAN_POINTS; n += 1
        for i in range(ROW):
            if s.rumor_row[i] != NONE:
                out[n] = A_FREE_RUMOR + i; n += 1
    elif ph == P_FREE_RUMOR:
        for i in range(ROW):
            if s.rumor_row[i] != NONE:
                out[n] = A_FREE_RUMOR + i; n += 1
    return n

cdef void step(Ninjato* s, int a) noexcept nogil:
    """Carry out one legal action of ``s.mover``."""
    cdef int seat = s.mover, ph = s.phase, v, t, i, h, sd, card
    cdef Ctx c
    if ph == P_PLACE:
        if a >= A_HOUSE:
            log_ev(s, E_PLACE, seat, SPACE_HOUSE + a - A_HOUSE, 0, 0)
            start_attack(s, seat, (a - A_HOUSE) // 2, (a - A_HOUSE) % 2)
            return
        log_ev(s, E_PLACE, seat, a, 0, 0)
        s.spaces[seat][a] += 1
        if a == A_DOJO:
            s.dojo_stack[s.dojo_len] = seat
            s.dojo_len += 1
            v = hand_size(s, seat)
            s.draws_left = DRAW_EMPTY if v == 0 else (DRAW_ONE if v == 1 else DRAW_MORE)
            s.phase = P_DRAW
            finish_draw_if_done(s)
        elif a == A_SENSEI:
            s.phase = P_SENSEI
        else:
            s.buy_rumor = 1 if a == A_PAVILION else 0
            s.phase = P_BUY
    elif ph == P_DRAW:
        if a == A_DRAW_DECK:
            v = dojo_pop(s)
            saw_private(s, seat, v)
            log_ev(s, E_DRAW, seat, 0, 0, 0)
        else:
            i = a - A_DRAW_ROW
            v = s.row[i]
            s.row[i] = 0
            s.seen[seat][v] += 1
            log_ev(s, E_DRAW, seat, i + 1, v, 0)
        s.hand[seat][v] += 1
        s.draws_left -= 1
        finish_draw_if_done(s)
    elif ph == P_SENSEI:
        s.tile_slot = a - A_TILE
        if tile_free(s, seat, s.offer[s.tile_slot]):
            log_ev(s, E_SENSEI, seat, s.offer[s.tile_slot], 0, 0)
            s.tiles[seat] |= (<uint32_t>1) << s.offer[s.tile_slot]
            s.offer[s.tile_slot] = NONE
            end_action(s)
        else:
            s.phase = P_SENSEI_PAY
    elif ph == P_SENSEI_PAY:
        v = a - A_PAY_CARD + 1
        discard_card(s, seat, v)
        log_ev(s, E_SENSEI, seat, s.offer[s.tile_slot], v, 0)
        s.tiles[seat] |= (<uint32_t>1) << s.offer[s.tile_slot]
        s.offer[s.tile_slot] = NONE
        end_action(s)
    elif ph == P_BUILD:
        if a == A_GIVE_UP:
            give_up(s)
        elif a == A_DECLARE:
            declare(s)
        elif a == A_NEXT_PLAY:
            s.play_idx = 1
        else:
            make_ctx(s, seat, s.play_idx, &c)
            if a <= A_BASE_CR1_4:
                set_base(&c, &s.play[s.play_idx], a)
            else:
                add_modifier(&c, &s.play[s.play_idx], s.play_idx, a)
            show_play_cards(s, seat)
    elif ph == P_REVEAL:
        if a == A_USE_SN3:
            s.used[seat] |= 1 << SN3
            log_ev(s, E_SN3, seat, 0, 0, 0)
        else:
            alarm(s)
        start_play(s)
    elif ph == P_CONTINUE:
        if a == A_BANZAI:
            banzai(s)
        elif a == A_RETREAT:
            retreat(s)
        else:
            peek(s)
    elif ph == P_TG5:
        if a == A_USE_TG5:
            s.used[seat] |= 1 << TG5
            log_ev(s, E_TG5, seat, 0, 0, 0)
            start_keep(s, 2)
        else:
            start_keep(s, 1)
    elif ph == P_KEEP:
        t = (a - A_KEEP) // 2
        sd = (a - A_KEEP) % 2
        s.on_shuriken[t][sd] -= 1
        s.owned[seat][t] += 1
        log_ev(s, E_KEEP, seat, t, sd, 0)
        s.keep_left -= 1
        s.keep_min = a - A_KEEP
        if s.keep_left == 0:
            finish_loss(s)
    elif ph == P_TOKEN:
        h = s.att_house
        log_ev(s, E_CLEAR, seat, h, s.token[h], 1 + (a - A_TOKEN))
        s.token[h] = a - A_TOKEN
        after_attack(s)
    elif ph == P_CR6:
        if a != A_NO_CR6:
            v = a - A_CR6 + 1
            s.discard[v] -= 1
            s.hand[seat][v] += 1
            s.seen[seat][v] += 1        # it came from the face-up discards
            s.used[seat] |= 1 << CR6
            log_ev(s, E_CR6, seat, v, 0, 0)
        end_attack(s)
    elif ph == P_BUY:
        s.buy_slot = a - A_BUY
        card = s.rumor_row[s.buy_slot] if s.buy_rumor else s.envoy_row[s.buy_slot]
        s.buy_card = card
        if s.buy_rumor:
            memcpy(s.buy_req, RUMOR_REQ[card], 4)
            s.buy_lo = RUMOR_LO[card]; s.buy_hi = RUMOR_HI[card]
        else:
            memcpy(s.buy_req, ENVOY_REQ[card], 4)
            s.buy_lo = ENVOY_LO[card]; s.buy_hi = ENVOY_HI[card]
        s.buy_type = NONE
        s.buy_paid = 0
        s.buy_gold = 0
        s.buy_points = 0
        s.phase = P_PAY if s.buy_lo == 0 else P_PAY_TYPE
    elif ph == P_PAY_TYPE:
        s.buy_type = a - A_DECLARE_TYPE
        log_ev(s, E_DECLARE_TYPE, seat, s.buy_type, 0, 0)
        s.phase = P_PAY
    elif ph == P_PAY:
        if a == A_STOP_PAYING:
            finish_buy(s)
        elif a == A_PAY_GOLD:
            pay(s, GOLD)
        else:
            pay(s, a - A_PAY)
    elif ph == P_HJ:
        if a == A_HJ_DONE:
            s.hj_pos += 1
            s.hj_last = NONE
        else:
            s.disguised |= (<uint32_t>1) << (a - A_ASSIGN_HJ)
            s.hj_last = a - A_ASSIGN_HJ
            log_ev(s, E_HJ, seat, a - A_ASSIGN_HJ, 0, 0)
        hj_next(s)
    elif ph == P_CLAN:
        if a == A_CLAN_POINTS:
            give_clan_points(s, seat)
            if s.second != NONE and not rumor_row_empty(s):
                s.mover = s.second
                s.phase = P_FREE_RUMOR
                return
        else:
            take_rumor(s, seat, a - A_FREE_RUMOR)
            if s.second != NONE:
                give_clan_points(s, s.second)
        s.score_clan += 1
        clan_next(s)
    elif ph == P_FREE_RUMOR:
        take_rumor(s, seat, a - A_FREE_RUMOR)
        s.score_clan += 1
        clan_next(s)
    keep_all_if_forced(s)

cdef void settle(Ninjato* s) noexcept nogil:
    """Play every forced step: a state always waits on a real choice."""
    cdef int out[128]
    while s.phase != P_OVER:
        keep_all_if_forced(s)
        if s.phase == P_OVER or legal_moves(s, out) != 1:
            return
        step(s, out[0])


# ---------------------------------------------------------------- interface

cdef int nt_players(const void* vs) noexcept nogil:
    return (<const Ninjato*>vs).players

cdef int nt_movers(const void* vs, int* seats) noexcept nogil:
    cdef const Ninjato* s = <const Ninjato*>vs
    if s.phase == P_OVER:
        return 0
    seats[0] = s.mover
    return 1

cdef int nt_legal(const void* vs, int seat, int* out) noexcept nogil:
    cdef const Ninjato* s = <const Ninjato*>vs
    if s.phase == P_OVER or seat != s.mover:
        return 0
    return legal_moves(s, out)

cdef void nt_apply(void* vs, const int* joint) noexcept nogil:
    cdef Ninjato* s = <Ninjato*>vs
    if s.phase == P_OVER:
        return
    s.ck_public = 0
    s.ck_private = 0
    s.ck_seat = NONE
    if s.log_new_turn:
        start_new_log(s)
    step(s, joint[s.mover])
    settle(s)

cdef void nt_returns(const void* vs, double* out) noexcept nogil:
    """Most points; ties: most Elite cards, then most Envoys, then shared (ruling 23)."""
    cdef const Ninjato* s = <const Ninjato*>vs
    cdef int key[MAX_PLAYERS]
    cdef int p
    for p in range(s.players):
        key[p] = (score_of(s, p) * 32 + popcount64(s.elites[p])) * 32 + popcount64(s.envoys[p])
    share_wins(key, s.players, False, out)

cdef void reshuffle_hidden(uint8_t* deck, int n, bint keep_top, Rng* rng) noexcept nogil:
    """Shuffle a deck of distinct ids (a top card the observer saw stays).
    Sorted first: the new order must not depend on the old, hidden one."""
    cdef uint64_t ids = 0
    cdef int i, m = n - 1 if (keep_top and n > 0) else n
    for i in range(m):
        ids |= (<uint64_t>1) << deck[i]
    for i in range(m):
        deck[i] = lowest_bit(ids)
        ids &= ids - 1
    shuffle_u8(deck, m, rng)

cdef int pool_of(uint8_t* pool, const int* count) noexcept nogil:
    """The Dojo values of ``count`` (per value) into ``pool``, in order of
    value: a shuffle of it depends only on its make-up, never on where the
    cards were.  Returns how many."""
    cdef int v, i, k = 0
    for v in range(1, N_VALUES):
        for i in range(count[v]):
            pool[k] = v
            k += 1
    return k

cdef bint older_choice_fits(int rows, int (*lo)[N_VALUES], int (*hi)[N_VALUES],
                            const int* row_lo, const int* row_hi,
                            const int* col_lo, const int* col_hi) noexcept nogil:
    """Whether whole numbers x[r][v] with lo <= x <= hi exist whose row sums
    lie in [row_lo, row_hi] and whose column sums (v = 1..5) lie in
    [col_lo, col_hi].  A flow with bounds in a bipartite graph: with the
    cells' lower bounds taken out, it exists iff every node's bounds are in
    order and for every set X of rows (Hoffman's circulation theorem on the
    graph's cuts; the column sets fall out value by value)

        sum of row_lo over X <= sum over v of min(col_hi[v], room of X in v)
        sum over v of max(0, col_lo[v] - room of the rows not in X in v)
            <= sum of row_hi over X."""
    cdef int cap[MAX_PLAYERS][N_VALUES]
    cdef int g[MAX_PLAYERS]
    cdef int f[MAX_PLAYERS]
    cdef int cg[N_VALUES]
    cdef int cf[N_VALUES]
    cdef int r, v, X, need, give, inside, outside, into, beyond
    for v in range(1, N_VALUES):
        cg[v] = col_lo[v]
        cf[v] = col_hi[v]
    for r in range(rows):
        g[r] = row_lo[r]
        f[r] = row_hi[r]
        for v in range(1, N_VALUES):
            cap[r][v] = hi[r][v] - lo[r][v]
            if cap[r][v] < 0:
                return False
            g[r] -= lo[r][v]
            f[r] -= lo[r][v]
            cg[v] -= lo[r][v]
            cf[v] -= lo[r][v]
        if g[r] < 0:
            g[r] = 0
        if f[r] < g[r]:
            return False
    for v in range(1, N_VALUES):
        if cg[v] < 0:
            cg[v] = 0
        if cf[v] < cg[v]:
            return False
    for X in range(1 << rows):
        need = give = into = beyond = 0
        for r in range(rows):
            if (X >> r) & 1:
                need += g[r]
                give += f[r]
        for v in range(1, N_VALUES):
            inside = outside = 0
            for r in range(rows):
                if (X >> r) & 1:
                    inside += cap[r][v]
                else:
                    outside += cap[r][v]
            into += cf[v] if cf[v] < inside else inside
            if cg[v] > outside:
                beyond += cg[v] - outside
        if need > into or beyond > give:
            return False
    return True

cdef void choose_older_shown(const Ninjato* s, int observer, int (*x)[N_VALUES], Rng* rng) noexcept nogil:
    """For one world: how many of each other seat's ``older_maybe`` cards of
    each value were older ones (``x``, by seat), a fair coin for each card
    as far as the counts allow.  They allow a choice when each seat then
    holds at least none and at most ``older_at_most`` older cards, and the
    older cards left (over the other seats) are among the cards
    ``observer`` cannot see; the truth is such a choice, so one always
    exists, and ``older_choice_fits`` keeps each coin to the choices that
    can still be completed.  Only what ``observer`` knows is read: the
    other seats' counts, their older cards all together and the cards it
    cannot see all together."""
    cdef int lo[MAX_PLAYERS][N_VALUES]
    cdef int hi[MAX_PLAYERS][N_VALUES]
    cdef int row_lo[MAX_PLAYERS]
    cdef int row_hi[MAX_PLAYERS]
    cdef int col_lo[N_VALUES]
    cdef int col_hi[N_VALUES]
    cdef int unseen[N_VALUES]
    cdef int seat_of[MAX_PLAYERS]
    cdef uint8_t unit_row[N_DOJO]
    cdef uint8_t unit_value[N_DOJO]
    cdef uint8_t order[N_DOJO]
    cdef int rows = 0, units = 0, r, p, v, i, k, older_n
    cdef bint old
    memset(x, 0, MAX_PLAYERS * N_VALUES * sizeof(int))
    memset(unseen, 0, sizeof(unseen))
    memset(col_hi, 0, sizeof(col_hi))
    for i in range(s.deck_len):
        unseen[s.deck[i]] += 1
    for p in range(s.players):
        if p == observer:
            continue
        seat_of[rows] = p
        older_n = 0
        for v in range(1, N_VALUES):
            lo[rows][v] = 0
            hi[rows][v] = s.older_maybe[p][v]
            for k in range(s.older_maybe[p][v]):
                if units < N_DOJO:
                    unit_row[units] = rows
                    unit_value[units] = v
                    units += 1
            older_n += s.older[p][v]
            col_hi[v] += s.older[p][v]
            unseen[v] += s.hand[p][v] - s.seen[p][v]
        row_lo[rows] = older_n - s.older_at_most[p] if older_n > s.older_at_most[p] else 0
        row_hi[rows] = older_n
        rows += 1
    if units == 0:
        return
    for v in range(1, N_VALUES):
        col_lo[v] = col_hi[v] - unseen[v] if col_hi[v] > unseen[v] else 0
    for i in range(units):
        order[i] = i
    shuffle_u8(order, units, rng)
    for i in range(units):
        r = unit_row[order[i]]
        v = unit_value[order[i]]
        old = rng_below(rng, 2)
        for k in range(2):
            if old:
                lo[r][v] += 1
            else:
                hi[r][v] -= 1
            if k == 1 or older_choice_fits(rows, lo, hi, row_lo, row_hi, col_lo, col_hi):
                break
            if old:
                lo[r][v] -= 1
            else:
                hi[r][v] += 1
            old = not old
    for r in range(rows):
        for v in range(1, N_VALUES):
            x[seat_of[r]][v] = lo[r][v]

cdef void resample_hands(Ninjato* s, int observer, Rng* rng) noexcept nogil:
    """The hidden part of the other hands and the Dojo deck's order, as the
    card counter above dojo_reshuffle allows: first which shown cards were
    older ones, then the older cards left to the seats' older places, and
    every other card ``observer`` cannot see to their newer places and the
    deck."""
    cdef int x[MAX_PLAYERS][N_VALUES]
    cdef int older_left[N_VALUES]
    cdef int newer[N_VALUES]
    cdef uint8_t olds[N_DOJO]
    cdef uint8_t news[N_DOJO]
    cdef int np = s.players if s.players <= MAX_PLAYERS else MAX_PLAYERS
    cdef int p, v, i, n_old, n_new, a = 0, b = 0, older_n, hidden
    choose_older_shown(s, observer, x, rng)
    memset(older_left, 0, sizeof(older_left))
    memset(newer, 0, sizeof(newer))
    for i in range(s.deck_len):
        newer[s.deck[i]] += 1
    for p in range(np):
        if p != observer:
            for v in range(1, N_VALUES):
                older_left[v] += s.older[p][v] - x[p][v]
                newer[v] += s.hand[p][v] - s.seen[p][v] - s.older[p][v] + x[p][v]
    n_old = pool_of(olds, older_left)
    n_new = pool_of(news, newer)
    shuffle_u8(olds, n_old, rng)
    shuffle_u8(news, n_new, rng)
    for p in range(np):
        if p == observer:
            continue
        older_n = hidden = 0
        for v in range(1, N_VALUES):
            older_n += s.older[p][v] - x[p][v]
            hidden += s.hand[p][v] - s.seen[p][v]
            s.hand[p][v] = s.seen[p][v]
            s.older[p][v] = x[p][v]
        for i in range(older_n):
            s.hand[p][olds[a]] += 1
            s.older[p][olds[a]] += 1
            a += 1
        for i in range(hidden - older_n):
            s.hand[p][news[b]] += 1
            b += 1
    memcpy(s.deck, news + b, s.deck_len)

cdef void nt_determinize(void* vs, int observer, Rng* rng) noexcept nogil:
    """Resample what ``observer`` cannot see: the hidden part of other hands,
    the order of every deck (a top card it saw with CR4 stays on top), and
    the bag's next draws (the Rng).

    The cards of a play being built are public (``seen``): they stay in the
    attacker's hand.  A world where the seat to move would have no legal
    move (it placed a shuriken it could use, or chose a tile it can pay
    for) contradicts what was seen: such draws are rejected and drawn
    again."""
    cdef Ninjato* s = <Ninjato*>vs
    cdef uint8_t hand[MAX_PLAYERS][N_VALUES]
    cdef uint8_t older[MAX_PLAYERS][N_VALUES]
    cdef uint8_t deck[N_DOJO]
    cdef int out[128]
    cdef int m = s.mover, tries
    s.rng.state = rng_next(rng)
    memcpy(hand, s.hand, sizeof(hand))
    memcpy(older, s.older, sizeof(older))
    memcpy(deck, s.deck, sizeof(deck))
    for tries in range(64):
        resample_hands(s, observer, rng)
        if s.phase == P_OVER or m == observer or legal_moves(s, out) > 0 or tries == 63:
            break
        memcpy(s.hand, hand, sizeof(hand))
        memcpy(s.older, older, sizeof(older))
        memcpy(s.deck, deck, sizeof(deck))
    # deck orders
    reshuffle_hidden(s.guard_deck, s.guard_len, observer >= 0 and (s.peek[0] >> observer) & 1, rng)
    reshuffle_hidden(s.elite_deck, s.elite_len, observer >= 0 and (s.peek[1] >> observer) & 1, rng)
    reshuffle_hidden(s.sensei_stack, s.sensei_len, False, rng)
    reshuffle_hidden(s.envoy_deck, s.envoy_len, False, rng)
    reshuffle_hidden(s.rumor_deck, s.rumor_len, False, rng)

cdef int nt_observe(const void* vs, int actor, int action, int observer) noexcept nogil:
    return action   # every step is public; a card drawn from the deck is told by chance_key

cdef uint64_t nt_chance_key(const void* vs, int observer) noexcept nogil:
    """Guards and Elites revealed and treasure drawn in the last move (all
    seats), and the card the observer drew from the deck or saw with CR4.
    End-of-turn refills are left out: they are averaged over, not keyed."""
    cdef const Ninjato* s = <const Ninjato*>vs
    if observer == s.ck_seat:
        return s.ck_public * <uint64_t>0x9E3779B97F4A7C15 + s.ck_private
    return s.ck_public


# ------------------------------------------------------------------ policy
# Not rules: the heuristic of the rollouts and of the greedy player.  Buy
# when you can (treasure spent is points), attack where treasure is rich,
# call Banzai when the hand likely beats the next Guard, draw extremes.

cdef enum:
    POLICY_NOISE_PCT = 5

cdef double banzai_odds(const Ninjato* s, int seat) noexcept nogil:
    """Chance that the best single card in hand beats a Guard drawn now
    (from the deck, or the discards if it is empty); Elites count as 0.3."""
    cdef int v, best, i, n = 0, win = 0, g
    cdef int sd = mode_of(s.att_side, s.att_flags)
    if lowest_on(s, s.att_house, PLAIN) == NONE:
        return 0.3
    best = -1
    for v in range(1, N_VALUES):
        if s.hand[seat][v]:
            if best < 0 or (sd == STR and v > best) or (sd == STE and v < best):
                best = v
    if best < 0:
        return 0.0
    best += adj_of(s.att_flags)
    for i in range(s.guard_len):
        g = GUARD_VALUE[s.guard_deck[i]]
        n += 1
        win += beats(best, g, sd)
    if n == 0:
        return 0.5
    return win / <double>n

cdef int cost_points(int rumor, int card) noexcept nogil:
    cdef int t, v = 0
    if rumor:
        if RUMOR_LO[card]:
            return RUMOR_HI[card] * 3
        for t in range(4):
            v += RUMOR_REQ[card][t] * TREASURE_VALUE[t]
        return v
    if ENVOY_LO[card]:
        return ENVOY_HI[card] * 3
    for t in range(4):
        v += ENVOY_REQ[card][t] * TREASURE_VALUE[t]
    return v

cdef int nt_policy(void* vs, int seat, Rng* rng) noexcept nogil:
    cdef Ninjato* s = <Ninjato*>vs
    cdef int out[128]
    cdef int n = legal_moves(s, out), i, a, v, h, t, best = 0, sc, best_sc = -1000000
    cdef int c, mine
    cdef Ctx ctx
    if n <= 1:
        return out[0] if n else 0
    if <int>rng_below(rng, 100) < POLICY_NOISE_PCT:
        return out[rng_below(rng, n)]
    for i in range(n):
        a = out[i]
        sc = 0
        if s.phase == P_PLACE:
            if a == A_PALACE or a == A_PAVILION:
                sc = 100 + (10 if a == A_PALACE and s.turn <= 5 else 0)
            elif a >= A_HOUSE:
                h = (a - A_HOUSE) // 2
                sc = 55 + 6 * house_total(s, h)
            elif a == A_SENSEI:
                sc = 45 if s.turn <= 4 else 30
            else:
                v = hand_size(s, seat)
                sc = 70 if v <= 1 else (40 if v <= 3 else 5)
        elif s.phase == P_DRAW:
            if a == A_DRAW_DECK:
                sc = 4
            else:
                v = s.row[a - A_DRAW_ROW]
                sc = 3 * (v - 3 if v > 3 else 3 - v) + (3 if v == 3 else 0)
        elif s.phase == P_SENSEI_PAY:
            v = a - A_PAY_CARD + 1
            sc = s.hand[seat][v] * 4 - (v - 3 if v > 3 else 3 - v)
        elif s.phase == P_BUILD:
            if a == A_DECLARE:
                sc = 1000
            elif a == A_GIVE_UP:
                sc = -1000
            elif a == A_NEXT_PLAY:
                # only once the first play wins on its own
                make_ctx(s, seat, 0, &ctx)
                sc = 500 if play_wins(&ctx, &s.play[0], 0, s.att_flags | tile_flags(s.play[0].tiles)) else 50
            elif A_BASE_CARD <= a < A_BASE_CARD + 5:
                # the card closest to the guard that may still win: keep the extremes
                v = a - A_BASE_CARD + 1
                sc = 200 - 10 * (v - 3 if v > 3 else 3 - v)
            elif a <= A_BASE_CR1_4:
                sc = 150
            else:
                sc = 100 - (a - A_SN2)      # the first modifier that can still win
        elif s.phase == P_CONTINUE:
            if a == A_PEEK:
                sc = 0
            elif a == A_BANZAI:
                sc = <int>(100 * banzai_odds(s, seat))
            else:
                sc = 55
        elif s.phase == P_KEEP:
            sc = a
        elif s.phase == P_TOKEN:
            t = a - A_TOKEN
            c = TOKEN_CLAN[t]
            mine = popcount64(s.envoys[seat] & clan_envoys(c))
            sc = 10 * mine + TOKEN_VALUE[t]
        elif s.phase == P_BUY:
            c = s.rumor_row[a - A_BUY] if s.buy_rumor else s.envoy_row[a - A_BUY]
            sc = cost_points(s.buy_rumor, c)
        elif s.phase == P_PAY_TYPE:
            t = a - A_DECLARE_TYPE
            sc = TREASURE_VALUE[t] * (s.owned[seat][t] if s.owned[seat][t] < s.buy_hi else s.buy_hi)
        elif s.phase == P_PAY:
            sc = 10 if a == A_PAY_GOLD else (0 if a == A_STOP_PAYING else 20)
        elif s.phase == P_CLAN:
            if a == A_CLAN_POINTS:
                sc = clan_points_of(s, scoring_clan(s)) * 2
            else:
                sc = 8
        elif s.phase == P_REVEAL or s.phase == P_TG5:
            sc = 1 if (a == A_USE_SN3 or a == A_USE_TG5) else 0
        elif s.phase == P_CR6 or s.phase == P_HJ:
            sc = 1 if (a != A_NO_CR6 and a != A_HJ_DONE) else 0
        sc = sc * 8 + <int>rng_below(rng, 8)
        if sc > best_sc:
            best_sc = sc
            best = a
    return best


# -------------------------------------------------------------- evaluation
# Not rules: how the search judges a turn's start when it cuts a rollout off
# there (``cut_rounds`` in SEARCH_SETTINGS).  A seat's strength is a
# weighted sum of what it has now; its chance to win is its share of
# exp(strength) (the core's ``evaluate``).  The weights are a logistic fit to
# the winners of policy-played games (``python -m bench.evaluation --game
# ninjato``).

#: per unit of each: the score if the game ended now (purchases, clan
#: points and the end scoring of what is held); the same weighted by the
#: turns played (0 at turn 1, 1 at turn 7), as a lead counts for more the
#: less time is left to catch it; Envoys times the clan scorings still to
#: come; treasure held; cards in hand; Sensei tiles
EVALUATION = {"points": 0.038, "points late": 0.108, "envoys x scorings left": 0.280,
              "treasure": 0.317, "cards": 0.135, "tiles": 0.117}
cdef enum:
    N_EVAL = 6
cdef double EVAL_W[N_EVAL]
set_weights(EVAL_W, N_EVAL, EVALUATION)

cdef int nt_features(const void* vs, double* f, uint8_t* standing) noexcept nogil:
    """What the evaluation reads of each seat (``EVALUATION``'s order), at a
    turn's start only (its first placement, after the last turn's scoring)."""
    cdef const Ninjato* s = <const Ninjato*>vs
    cdef int p, points
    cdef int16_t parts[4]
    cdef int scorings = (s.turn <= 3) + (s.turn <= 5) + 1
    if s.phase != P_PLACE or s.placed != 0:
        return 0
    for p in range(s.players):
        standing[p] = 1
        final_parts(s, p, parts)
        points = points_with(s, p, parts)
        f[p * N_EVAL + 0] = points
        f[p * N_EVAL + 1] = points * (s.turn - 1) / (N_TURNS - 1.0)
        f[p * N_EVAL + 2] = popcount64(s.envoys[p]) * scorings
        f[p * N_EVAL + 3] = parts[2]            # treasure held: a point each at the end
        f[p * N_EVAL + 4] = hand_size(s, p)
        f[p * N_EVAL + 5] = popcount64(s.tiles[p])
    return N_EVAL


cdef GameDef NINJATO_DEF
NINJATO_DEF.name = b"ninjato"
NINJATO_DEF.state_size = sizeof(Ninjato)
NINJATO_DEF.num_actions = NUM_ACTIONS
NINJATO_DEF.players = nt_players
NINJATO_DEF.movers = nt_movers
NINJATO_DEF.legal = nt_legal
NINJATO_DEF.apply = nt_apply
NINJATO_DEF.returns = nt_returns
NINJATO_DEF.determinize = nt_determinize
NINJATO_DEF.observe = nt_observe
NINJATO_DEF.policy = nt_policy
NINJATO_DEF.chance_key = nt_chance_key
NINJATO_DEF.features = nt_features
NINJATO_DEF.weights = EVAL_W


# ------------------------------------------------------------- Python face
# Everything below serves engine.State, the codec and the app; the solver
# uses only the table above.

NAME = "ninjato"
TITLE = "Ninjato"
PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
OPTIONS = {}   # Ninjato has no variants
#: the search's settings found by tournaments, per player count
#: (solver.search.search_settings).  A young node is played out by the
#: heuristic rollouts for its first 64 visits instead of 4: with three or
#: four seats the few early visits spread evenly over a step's options were
#: worse than the policy's own judgement (3 players, ismcts:2000 against two
#: flat:2000, 100 games: 27.5% with 4, 43.0% with 64, 41.0% with 256;
#: docs/strength-log.md, "Ninjato").  At 2 players 4 stays, and a rollout
#: stops at the start of its second turn and takes EVALUATION there: seven
#: times the iterations, and at 0.05 s a move ahead of played-out flat
#: Monte Carlo (59.0% over 300 duels on fresh deals) where the played-out
#: search was level; one turn was too short a horizon (35.5%), three no
#: better than two (50.0%).  At 3 and 4 players the same cut after 2
#: turns (with the later expansion) took the search at 0.05 s a move from
#: level with played-out flat Monte Carlo (41.0% and 26.0%) to clearly
#: ahead: 56.0% and 45.0% on the same deals, 49.0% and 50.0% on fresh ones.
#: At 4 players a search given time expands after 256 visits a second of
#: it (``solver.search.expand_threshold``; 64 up to 0.25 s): at 1 s a move
#: against flat Monte Carlo, expanding after 64 visits had 20.4% over 54
#: games, after 256 visits 40.0% over 35 games on fresh deals (25.6%-56.4%,
#: above the equal 25%; 40.0% over 65 with the first screen's 30).  Longer
#: budgets (master's 3 s) follow the same rule unmeasured; 3 players, ahead
#: at 1 s with 64, keep 64.
SEARCH_SETTINGS = {2: {"cut_rounds": 2},
                   3: {"expand_at": 64, "cut_rounds": 2},
                   4: {"expand_at": 64, "expand_per_second": 256, "cut_rounds": 2}}
STATE_SIZE = sizeof(Ninjato)
ACTIONS = NUM_ACTIONS

PHASES = ("place", "draw", "sensei", "sensei payment", "play", "alarm", "banzai or retreat",
          "TG5", "keep", "new clan", "CR6", "buy", "declare type", "pay", "Hensojutsu",
          "clan choice", "free Rumor", "over")
FACING = ("Sentry", "Guard", "Elite")
BASES = (None, "card", "SN5", "TG3", "CR1")
SPACES = ("Dojo", "Sensei", "Palace", "Pavilion")
TILE_NAMES = tuple(t[0] for t in SENSEI)
GUARD_NAMES = tuple(f"GD{i + 1:02d}" for i in range(N_GUARDS))
ELITE_NAMES = tuple(f"EL{i + 1:02d}" for i in range(N_ELITES))
ENVOY_NAMES = tuple(f"EN{i + 1:02d}" for i in range(N_ENVOYS))
RUMOR_NAMES = tuple(f"RU{i + 1:02d}" for i in range(N_RUMORS))
TOKEN_NAMES = tuple(f"CT{i + 1:02d}" for i in range(N_TOKENS))
FLAG_TILES = ((F_SN4, "SN4"), (F_TG4, "TG4"), (F_CR3, "CR3"))


def definition():
    """The ``GameDef`` table as a capsule named ``engine.GameDef``."""
    return PyCapsule_New(&NINJATO_DEF, b"engine.GameDef", NULL)


cdef Ninjato* state_of(const unsigned char[::1] buf) except NULL:
    if buf.shape[0] != sizeof(Ninjato):
        raise PositionError("not a Ninjato state")
    return <Ninjato*>&buf[0]


cdef void blank(Ninjato* s) noexcept:
    memset(s, 0, sizeof(Ninjato))
    memset(s.offer, NONE, sizeof(s.offer))
    memset(s.envoy_row, NONE, sizeof(s.envoy_row))
    memset(s.rumor_row, NONE, sizeof(s.rumor_row))
    memset(s.token, NONE, sizeof(s.token))
    memset(s.sentry, NONE, sizeof(s.sentry))
    s.facing_card = NONE
    s.buy_type = NONE
    s.hj_last = NONE
    s.first = NONE
    s.second = NONE
    s.ck_seat = NONE
    clear_play(&s.play[0])
    clear_play(&s.play[1])


def new_state(int players, unsigned long long seed, dict options):
    """A fresh deal as state bytes (setup of the rulebook)."""
    if not (MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise PositionError(f"players: Ninjato is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if options:
        raise PositionError(f"options: Ninjato has no options ({', '.join(sorted(map(str, options)))})")
    buf = bytearray(sizeof(Ninjato))
    cdef unsigned char[::1] mv = buf
    cdef Ninjato* s = <Ninjato*>&mv[0]
    cdef int i, v, k, p, h, t
    cdef uint8_t toks[N_HOUSES]
    blank(s)
    rng_seed(&s.rng, seed)
    s.players = players
    for v in range(1, N_VALUES):
        for k in range(DOJO_COUNT[v]):
            s.deck[s.deck_len] = v
            s.deck_len += 1
    shuffle_u8(s.deck, s.deck_len, &s.rng)
    for p in range(players):
        for k in range(4):
            s.hand[p][dojo_pop(s)] += 1
    for i in range(DOJO_ROW):
        s.row[i] = dojo_pop(s)
    for i in range(N_RUMORS):
        s.rumor_deck[i] = i
    s.rumor_len = N_RUMORS
    shuffle_u8(s.rumor_deck, N_RUMORS, &s.rng)
    for i in range(N_ENVOYS):
        s.envoy_deck[i] = i
    s.envoy_len = N_ENVOYS
    shuffle_u8(s.envoy_deck, N_ENVOYS, &s.rng)
    for i in range(ROW):
        s.rumor_len -= 1
        s.rumor_row[i] = s.rumor_deck[s.rumor_len]
        s.rumor_deck[s.rumor_len] = 0
        s.envoy_len -= 1
        s.envoy_row[i] = s.envoy_deck[s.envoy_len]
        s.envoy_deck[s.envoy_len] = 0
    for i in range(N_COMBAT):
        s.sensei_stack[i] = i
    s.sensei_len = N_COMBAT
    shuffle_u8(s.sensei_stack, N_COMBAT, &s.rng)
    for i in range(players):
        s.sensei_len -= 1
        s.offer[i] = s.sensei_stack[s.sensei_len]
        s.sensei_stack[s.sensei_len] = 0
    s.hj_len = 3
    for i in range(N_GUARDS):
        s.guard_deck[i] = i
    s.guard_len = N_GUARDS
    shuffle_u8(s.guard_deck, N_GUARDS, &s.rng)
    for i in range(N_ELITES):
        s.elite_deck[i] = i
    s.elite_len = N_ELITES
    shuffle_u8(s.elite_deck, N_ELITES, &s.rng)
    for t in range(N_TYPES):
        s.bag[t] = TREASURE_COUNTS[t]
    for i in range(N_HOUSES):
        toks[i] = START_TOKENS[i]
    shuffle_u8(toks, N_HOUSES, &s.rng)
    for h in range(N_HOUSES):
        s.token[h] = toks[h]
        s.sentry[h] = deck_pop(s, 0)          # Sentry alarms are ignored
        for k in range(HOUSE_TREASURE):
            s.house[h][bag_draw(s)][PLAIN] += 1
    for p in range(players):
        s.order[p] = p
    shuffle_u8(s.order, players, &s.rng)
    s.turn = 1
    log_ev(s, E_TURN, NONE, 1, 0, 0)
    s.phase = P_PLACE
    s.mover = s.order[0]
    settle(s)
    return bytes(buf)
