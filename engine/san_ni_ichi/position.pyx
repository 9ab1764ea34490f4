# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""San, Ni, Ichi! positions: the state as named fields, and every check on them.

``from_fields`` is the one door into the C struct from a file: every card is
named and placed once, every seat list and count is checked against the
round, the phase and the stage, so that no loaded position can make the
rules index outside a table (``PositionError`` naming the first bad field
instead).

>>> from ninja_dojo.engine import new_game
>>> s = new_game("san_ni_ichi", players=4, seed=1, teams=True)
>>> from_fields(fields(s.buffer())) == s.buffer()
True
"""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset

from ninja_dojo.engine.core cimport MAX_LEGAL, popcount64, lowest_bit
from ninja_dojo.engine.san_ni_ichi.rules cimport (
    SanNiIchi, MIN_PLAYERS, MAX_PLAYERS, ROUNDS, N_CARDS, ZEN0, TONFA0, SAI0, SMOKE0, BLOCK0,
    PILE_CAP, CHOOSE, RESOLVE, DAMAGE, OVER, ST_CARD, ST_SLIDE, ST_TONFA_DISCARD, NONE,
    is_attack, partner, top_card, count_types, push, highest_top, sort_resolution_order,
    decider, card_options, number_of, bit, type_mask, state_of)

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.san_ni_ichi.notation import TYPE_BY_NAME, ZEN_ON_PILE, card_name, parse_card
from ninja_dojo.engine.san_ni_ichi.rules import (ATTACK_CARDS, DECKS, DECK_NAMES, ELEMENTS, PHASES,
                                                SHURIKEN_CARDS, SMOKE_BOMBS, STAGES, ZEN_CARDS,
                                                check_options)

cdef uint64_t ATTACK_MASK = ATTACK_CARDS
cdef uint64_t ZEN_MASK = ZEN_CARDS
cdef uint64_t SHURIKEN_MASK = SHURIKEN_CARDS
cdef uint64_t SMOKE_MASK = SMOKE_BOMBS


def cards_of(uint64_t mask):
    return [card_name(c) for c in range(N_CARDS) if (mask >> c) & 1]


def seats_of(int mask, int n):
    return [i for i in range(n) if (mask >> i) & 1]


cdef str pile_card_name(SanNiIchi* s, int c):
    # A Zen Attack on a pile shows the element it took.
    if ZEN0 <= c < TONFA0:
        return f"{card_name(c)} ({ELEMENTS[s.zen_elem[c - ZEN0]]})"
    return card_name(c)


cdef list pile_of(SanNiIchi* s, int seat):
    return [pile_card_name(s, s.pile[seat][i]) for i in range(s.pile_len[seat])]


def fields(const unsigned char[::1] buf):
    """The state as named fields (what a position file stores)."""
    cdef SanNiIchi* s = state_of(buf)
    n = s.players
    live = s.phase in (RESOLVE, DAMAGE)
    return {
        "players": n,
        "deck": DECK_NAMES[s.deck],
        "teams": bool(s.teams),
        "advanced": bool(s.advanced),
        "round": s.round,
        "phase": PHASES[s.phase],
        "weapons": cards_of(s.in_game & ~ATTACK_MASK),
        "hands": [cards_of(s.hand[i]) for i in range(n)],
        "known": [cards_of(s.known[i]) for i in range(n)],
        "smoke_bomb_at_least": [s.smoke_min[i] for i in range(n)],
        "no_smoke_bomb": [bool((s.smoke_none >> i) & 1) for i in range(n)],
        "piles": [pile_of(s, i) for i in range(n)],
        "damage": [cards_of(s.damage[i]) for i in range(n)],
        "discard": cards_of(s.discard),
        "played": [card_name(s.played[i]) if live else None for i in range(n)],
        "resolved": s.resolved if s.phase == RESOLVE else 0,
        "stage": STAGES[s.stage] if s.phase == RESOLVE else STAGES[ST_CARD],
        "blocked": seats_of(s.blocked, n),
        "dodged": seats_of(s.dodged, n),
        "threatened": seats_of(s.threatened, n),
        "taking": seats_of(s.taking, n),
        "asking_partner": bool(s.asking_partner),
    }


_FIELDS = ("players", "deck", "teams", "advanced", "round", "phase", "weapons", "hands",
           "known", "smoke_bomb_at_least", "no_smoke_bomb", "piles", "damage", "discard",
           "played", "resolved", "stage", "blocked", "dodged", "threatened", "taking",
           "asking_partner")
class _Claims:
    """Hands out card ids by name, so that every card is in one place only."""

    def __init__(self, in_game):
        self.in_game = in_game
        self.taken = 0
        self.where = {}

    def claim(self, name, where, allowed=None):
        t = TYPE_BY_NAME.get(name) if isinstance(name, str) else None
        if t is None:
            raise PositionError(f"{where}: {checks.shown(name)} is not a card name")
        mine = type_mask(t) & self.in_game
        left = mine & ~self.taken
        if not left:
            if not mine:
                raise PositionError(f"{where}: {name} is not in this game's deck")
            if t < SMOKE0:
                raise PositionError(f"{where}: {name} is also in {self.where[lowest_bit(mine)]}")
            raise PositionError(f"{where}: more {name} cards than this game has")
        c = lowest_bit(left)
        if allowed is not None and not (allowed >> c) & 1:
            raise PositionError(f"{where}: {name} cannot be there")
        self.taken |= 1 << c
        self.where[c] = where
        return c


def _per_seat(dict f, str key, int n):
    return checks.items(checks.get(f, key), f"state.{key}", n, "a list with one entry per seat")


def _seat_list(dict f, str key, int n):
    return checks.seats(checks.get(f, key), f"state.{key}", n)


def from_fields(object f, bint partial=False):
    """State bytes from named fields, validating everything.

    Raises PositionError naming the first bad field.  ``partial``: the
    fields of one seat's knowledge (a position text, ``text.py``), the other
    hands empty: everything else is checked, and what the hands must hold is
    returned instead of a state (``{"unseen"``: the cards of the game in no
    place given, ``"sizes"``: each hand's size, ``"smoke_bomb"``: the seat
    asked about a Smoke Bomb, which holds one, or None``}``).
    """
    if not isinstance(f, dict):
        raise PositionError("state: expected a map of named fields")
    checks.known_keys(f, _FIELDS)
    n = checks.integer(checks.get(f, "players"), "state.players", MIN_PLAYERS, MAX_PLAYERS)
    deck = checks.one_of(checks.get(f, "deck"), "state.deck", DECK_NAMES)
    teams = checks.boolean(checks.get(f, "teams"), "state.teams")
    advanced = checks.boolean(checks.get(f, "advanced"), "state.advanced")
    deck_index = check_options(n, deck, teams, "state")
    top, weapon_count = DECKS[deck][n]
    rnd = checks.integer(checks.get(f, "round"), "state.round", 1, ROUNDS)
    phase = checks.one_of(checks.get(f, "phase"), "state.phase", PHASES)
    ph = PHASES.index(phase)
    if ph == OVER and rnd != ROUNDS:
        raise PositionError(f"state.phase: the game is over only after round {ROUNDS}")
    if ph == CHOOSE and rnd == ROUNDS:
        raise PositionError(f"state.phase: round {ROUNDS} has one card each, played without a choice")

    buf = bytearray(sizeof(SanNiIchi))
    cdef unsigned char[::1] mv = buf
    cdef SanNiIchi* s = <SanNiIchi*>&mv[0]
    cdef int c, seat, v, i
    cdef int opts[MAX_LEGAL]
    memset(s, 0, sizeof(SanNiIchi))
    s.players = n
    s.deck = deck_index
    s.teams = teams
    s.advanced = advanced
    s.round = rnd
    s.phase = ph
    for seat in range(MAX_PLAYERS):
        s.played[seat] = NONE

    # The deck of this game: attack cards 1..top, and the weapons listed.
    weapons = checks.items(checks.get(f, "weapons"), "state.weapons", what="a list of weapon names")
    if len(weapons) != weapon_count:
        raise PositionError(f"state.weapons: the {deck} deck for {n} players has {weapon_count} weapons, not {len(weapons)}")
    for e in range(3):
        for i in range(top):
            s.in_game |= bit(e * 10 + i)
    for i, name in enumerate(weapons):
        t = parse_card(name) if isinstance(name, str) and name in TYPE_BY_NAME else None
        if t is None or t < ZEN0:
            raise PositionError(f"state.weapons[{i}]: {checks.shown(name)} is not a weapon card")
        left = type_mask(t) & ~s.in_game
        if not left:
            raise PositionError(f"state.weapons[{i}]: the pool has no more {name} cards")
        s.in_game |= bit(lowest_bit(left))

    pot = _Claims(s.in_game)
    claim = pot.claim

    hands = _per_seat(f, "hands", n)
    size = {CHOOSE: ROUNDS + 1 - rnd, RESOLVE: ROUNDS - rnd, DAMAGE: ROUNDS - rnd, OVER: 0}[ph]
    for i, lst in enumerate(hands):
        if not isinstance(lst, list):
            raise PositionError(f"state.hands[{i}]: expected a list of cards")
        for name in lst:
            s.hand[i] |= bit(claim(name, f"state.hands[{i}]"))
    known = _per_seat(f, "known", n)
    for i, lst in enumerate(known):
        if not isinstance(lst, list):
            raise PositionError(f"state.known[{i}]: expected a list of cards")
        for name in lst:
            t = TYPE_BY_NAME.get(name) if isinstance(name, str) else None
            if t is None or t >= TONFA0 or not ((s.hand[i] >> t) & 1 or partial):
                raise PositionError(f"state.known[{i}]: {checks.shown(name)} is not an attack or Zen card in hands[{i}]")
            s.known[i] |= bit(t)
    at_least = _per_seat(f, "smoke_bomb_at_least", n)
    none = _per_seat(f, "no_smoke_bomb", n)
    for i in range(n):
        s.smoke_min[i] = checks.integer(at_least[i], f"state.smoke_bomb_at_least[{i}]", 0,
                                        ROUNDS if partial else popcount64(s.hand[i] & SMOKE_MASK))
        if checks.boolean(none[i], f"state.no_smoke_bomb[{i}]"):
            if s.hand[i] & SMOKE_MASK:
                raise PositionError(f"state.no_smoke_bomb[{i}]: hands[{i}] holds a Smoke Bomb")
            s.smoke_none |= 1 << i

    cdef uint64_t on_pile = ATTACK_MASK | ZEN_MASK
    piles = _per_seat(f, "piles", n)
    for i, lst in enumerate(piles):
        if not isinstance(lst, list):
            raise PositionError(f"state.piles[{i}]: expected a list of cards")
        if len(lst) > PILE_CAP:
            raise PositionError(f"state.piles[{i}]: more than {PILE_CAP} cards")
        for name in lst:
            if isinstance(name, str) and name in ZEN_ON_PILE:
                z, e = ZEN_ON_PILE[name]
                c = claim(card_name(z), f"state.piles[{i}]")
                s.zen_elem[z - ZEN0] = e
            elif isinstance(name, str) and name.startswith("Zen Attack") and name in TYPE_BY_NAME:
                raise PositionError(f"state.piles[{i}]: {name} on a pile needs its element, "
                                    f"e.g. '{name} (Water)'")
            else:
                c = claim(name, f"state.piles[{i}]", ATTACK_MASK)
            push(s, i, c)
    damage = _per_seat(f, "damage", n)
    for i, lst in enumerate(damage):
        if not isinstance(lst, list):
            raise PositionError(f"state.damage[{i}]: expected a list of cards")
        for name in lst:
            s.damage[i] |= bit(claim(name, f"state.damage[{i}]", on_pile | SHURIKEN_MASK))
    discard = checks.items(checks.get(f, "discard"), "state.discard", what="a list of cards")
    for name in discard:
        s.discard |= bit(claim(name, "state.discard"))

    # This round's revealed cards: those not yet resolved are on the table.
    played = _per_seat(f, "played", n)
    live = ph in (RESOLVE, DAMAGE)
    types = []
    for i, name in enumerate(played):
        if not live:
            if name is not None:
                raise PositionError(f"state.played[{i}]: no card is revealed in the {phase} phase")
            continue
        t = TYPE_BY_NAME.get(name) if isinstance(name, str) else None
        if t is None:
            raise PositionError(f"state.played[{i}]: {checks.shown(name)} is not a card name")
        types.append(t)
    resolved = checks.integer(checks.get(f, "resolved"), "state.resolved", 0, n - 1)
    stage = checks.one_of(checks.get(f, "stage"), "state.stage", STAGES)
    st = STAGES.index(stage)
    if ph != RESOLVE and (resolved != 0 or st != ST_CARD):
        raise PositionError(f"state.resolved: only the resolve phase has cards in progress")
    if live:
        for i in range(n):
            s.played[i] = lowest_bit(type_mask(types[i]))
        sort_resolution_order(s)
        s.resolved = resolved if ph == RESOLVE else n
        s.stage = st
        for k in range(n):
            seat = s.order[k]
            if k > s.resolved or (k == s.resolved and ph == RESOLVE and st == ST_CARD):
                s.played[seat] = claim(played[seat], f"state.played[{seat}]")
                s.table |= bit(s.played[seat])
        if ph == RESOLVE:
            seat = s.order[resolved]
            c = s.played[seat]
            if st == ST_SLIDE and not (is_attack(c) and s.pile_len[seat]
                                       and top_card(s, seat) == c):
                raise PositionError(f"state.stage: a slide follows an attack card on its player's "
                                    f"own pile (seat {seat}, {card_name(c)})")
            if st == ST_TONFA_DISCARD and not TONFA0 <= c < SAI0:
                raise PositionError(f"state.stage: a Tonfa discard needs a Tonfa (seat {seat} played {card_name(c)})")
        # The hand size: the Tonfa player holds its drawn card until it discards.
    sizes = []
    for i in range(n):
        want = size + (1 if ph == RESOLVE and st == ST_TONFA_DISCARD and s.order[resolved] == i else 0)
        sizes.append(want)
        if partial and popcount64(s.hand[i]) in (0, want):
            continue
        if popcount64(s.hand[i]) != want:
            raise PositionError(f"state.hands[{i}]: {popcount64(s.hand[i])} cards, expected {want} "
                                f"in round {rnd} ({phase})")
    if ph == OVER:
        for i in range(n):
            if s.pile_len[i]:
                raise PositionError(f"state.piles[{i}]: piles are discarded when the game ends")

    blocked = _seat_list(f, "blocked", n)
    if blocked and not live:
        raise PositionError(f"state.blocked: no Block is in force in the {phase} phase")
    for i in range(n):
        if (blocked >> i) & 1:
            ok = False
            for k in range(s.resolved):
                seat = s.order[k]
                if s.played[seat] >= BLOCK0 and (seat == i or partner(s, seat) == i):
                    ok = True
            if not ok:
                raise PositionError(f"state.blocked: seat {i} is blocked but no resolved Block put it there")
    s.blocked = blocked
    s.dodged = _seat_list(f, "dodged", n)
    s.threatened = _seat_list(f, "threatened", n)
    s.taking = _seat_list(f, "taking", n)
    s.asking_partner = checks.boolean(checks.get(f, "asking_partner"), "state.asking_partner")
    if ph != DAMAGE:
        if s.dodged or s.threatened or s.taking or s.asking_partner:
            raise PositionError(f"state.threatened: damage is dealt only in the damage phase")
    else:
        if not s.threatened:
            raise PositionError("state.threatened: the damage phase waits on a threatened pile")
        v = highest_top(s, s.dodged)
        for i in range(n):
            at_top = s.pile_len[i] and not (s.dodged >> i) & 1 and number_of(top_card(s, i)) == v
            if bool(at_top) != bool(((s.threatened | s.taking) >> i) & 1):
                raise PositionError(f"state.threatened: seat {i}'s pile "
                                    + ("shows the highest top number" if at_top else "is not the highest")
                                    + " (threatened and taking list exactly the highest piles)")
        if s.taking >> lowest_bit(s.threatened):
            raise PositionError("state.taking: seats are asked in seat order; a later seat cannot be done first")
        if s.asking_partner and not s.teams:
            raise PositionError("state.asking_partner: only team play has partners")
        seat = decider(s)
        if not s.hand[seat] & SMOKE_MASK and not partial:
            raise PositionError(f"state.threatened: seat {seat} is asked about a Smoke Bomb it does not hold")

    missing = s.in_game & ~pot.taken
    if partial:
        return {"unseen": cards_of(missing), "sizes": sizes,
                "smoke_bomb": decider(s) if ph == DAMAGE else None}
    if missing:
        raise PositionError(f"state: {popcount64(missing)} cards are nowhere (first: {card_name(lowest_bit(missing))})")
    if ph == CHOOSE:
        if all(count_types(s.hand[i]) == 1 for i in range(n)):
            raise PositionError("state.hands: every seat has a single choice; nothing to decide")
    elif ph == RESOLVE:
        seat = s.order[resolved]
        if card_options(s, seat, opts) < 2:
            raise PositionError(f"state.resolved: the card of seat {seat} has only one option; nothing to decide")
    return bytes(buf)
