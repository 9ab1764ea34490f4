# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Nin Jan positions: the state as named fields, and every check on them.

``from_fields`` is the one door into the C struct from a file: every card is
named, placed once, and every count the rules use is checked against the
round and the phase, so that no loaded position can make the rules index
outside a table (``PositionError`` naming the first bad field instead).

>>> from ninja_dojo.engine import new_game
>>> s = new_game("ninjan", players=2, seed=1)
>>> from_fields(fields(s.buffer())) == s.buffer()
True
"""
from libc.stdint cimport uint64_t
from libc.string cimport memset

from ninja_dojo.engine.ninjan.rules cimport (NinJan, N_CARDS, N_PILES, HAND_SIZE, MIN_PLAYERS, MAX_PLAYERS,
                                            PILE_CAP, CHOOSE, RESOLVE, OVER, NONE_CARD,
                                            value_of, beaten_piles, order_round, state_of)
from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.ninjan.notation import CARD_BY_NAME, card_name
from ninja_dojo.engine.ninjan.rules import PHASES


def cards_of(uint64_t mask):
    return [card_name(c) for c in range(N_CARDS) if (mask >> c) & 1]


cdef list pile_of(NinJan* s, int p):
    return [card_name(s.pile[p][i]) for i in range(s.pile_len[p])]


def fields(const unsigned char[::1] buf):
    """The state as named fields (what a position file stores)."""
    cdef NinJan* s = state_of(buf)
    n = s.players
    return {
        "players": n,
        "round": s.round,
        "phase": PHASES[s.phase],
        "hands": [cards_of(s.hand[i]) for i in range(n)],
        "box": cards_of(s.box),
        "piles": [pile_of(s, p) for p in range(N_PILES)],
        "won": [cards_of(s.won[i]) for i in range(n)],
        "played": [card_name(s.played[i]) if s.phase == RESOLVE else None for i in range(n)],
        "resolved": s.resolved if s.phase == RESOLVE else 0,
    }


def from_fields(object f):
    """State bytes from named fields, validating everything.

    Raises PositionError naming the first bad field.
    """
    if not isinstance(f, dict):
        raise PositionError("state: expected a map of named fields")
    checks.known_keys(f, ("players", "round", "phase", "hands", "box", "piles", "won",
                          "played", "resolved"))
    players = checks.integer(checks.get(f, "players"), "state.players", MIN_PLAYERS, MAX_PLAYERS)
    rnd = checks.integer(checks.get(f, "round"), "state.round", 1, HAND_SIZE)
    phase = checks.one_of(checks.get(f, "phase"), "state.phase", PHASES)
    ph = PHASES.index(phase)
    if ph == OVER and rnd != HAND_SIZE:
        raise PositionError(f"state.phase: the game is over only after round {HAND_SIZE}")

    buf = bytearray(sizeof(NinJan))
    cdef unsigned char[::1] mv = buf
    cdef NinJan* s = <NinJan*>&mv[0]
    memset(s, 0, sizeof(NinJan))
    s.players = players
    s.round = rnd
    s.phase = ph
    seen = {}

    def claim(name, where):
        if not isinstance(name, str) or name not in CARD_BY_NAME:
            raise PositionError(f"{where}: {checks.shown(name)} is not a card name")
        c = CARD_BY_NAME[name]
        if c in seen:
            raise PositionError(f"{where}: {name} is also in {seen[c]}")
        seen[c] = where
        return c

    def card_lists(key, count):
        v = checks.items(checks.get(f, key), f"state.{key}", what="a list of card lists")
        if len(v) != count:
            raise PositionError(f"state.{key}: expected {count} lists, got {len(v)}")
        for i, lst in enumerate(v):
            checks.items(lst, f"state.{key}[{i}]", what="a list of cards")
        return v

    hands = card_lists("hands", players)
    in_hand = HAND_SIZE - rnd + (1 if ph == CHOOSE else 0)
    if ph == OVER:
        in_hand = 0
    for i, lst in enumerate(hands):
        if len(lst) != in_hand:
            raise PositionError(f"state.hands[{i}]: {len(lst)} cards, expected {in_hand} in round {rnd} ({phase})")
        for name in lst:
            s.hand[i] |= (<uint64_t>1) << claim(name, f"state.hands[{i}]")
    piles = card_lists("piles", N_PILES)
    for p, lst in enumerate(piles):
        if not lst:
            raise PositionError(f"state.piles[{p}]: a pile cannot be empty")
        if len(lst) > PILE_CAP:
            raise PositionError(f"state.piles[{p}]: too many cards")
        for name in lst:
            c = claim(name, f"state.piles[{p}]")
            s.pile[p][s.pile_len[p]] = c
            s.pile_len[p] += 1
            s.pile_mask[p] |= (<uint64_t>1) << c
            s.pile_sum[p] += value_of(c)
    won = card_lists("won", players)
    for i, lst in enumerate(won):
        for name in lst:
            c = claim(name, f"state.won[{i}]")
            s.won[i] |= (<uint64_t>1) << c
            s.score[i] += value_of(c)
    box = checks.items(checks.get(f, "box"), "state.box", what="a list of cards")
    if len(box) != N_CARDS - N_PILES - HAND_SIZE * players:
        raise PositionError(f"state.box: {len(box)} cards, expected {N_CARDS - N_PILES - HAND_SIZE * players}")
    for name in box:
        s.box |= (<uint64_t>1) << claim(name, "state.box")
    played = checks.items(checks.get(f, "played"), "state.played", players)
    for i in range(MAX_PLAYERS):
        s.played[i] = NONE_CARD
    resolved = checks.integer(checks.get(f, "resolved"), "state.resolved", 0, players - 1)
    if ph == RESOLVE:
        for i, name in enumerate(played):
            if not isinstance(name, str) or name not in CARD_BY_NAME:
                raise PositionError(f"state.played[{i}]: {checks.shown(name)} is not a card name")
            s.played[i] = CARD_BY_NAME[name]
        if len(set(played)) != players:
            raise PositionError("state.played: the same card is played twice")
        order_round(s)
        # A card already resolved this round is now on a pile or won: it is
        # listed in ``played`` too, so it is checked there, not claimed twice.
        done = {s.order[k] for k in range(resolved)}
        for i, name in enumerate(played):
            if i not in done:
                claim(name, f"state.played[{i}]")
            elif not str(seen.get(s.played[i], "")).startswith(("state.piles", "state.won")):
                raise PositionError(f"state.played[{i}]: {name} is resolved, so it must be on a pile or won")
    else:
        for i, name in enumerate(played):
            if name is not None:
                raise PositionError(f"state.played[{i}]: no card is revealed in the {phase} phase")
        if resolved != 0:
            raise PositionError(f"state.resolved: must be 0 in the {phase} phase")
    if len(seen) != N_CARDS:
        missing = [card_name(c) for c in range(N_CARDS) if c not in seen]
        raise PositionError(f"state: {len(missing)} cards are nowhere (first: {missing[0]})")
    if ph == RESOLVE:
        s.resolved = resolved
        m = beaten_piles(s, s.played[s.order[resolved]])
        if m != 0 and (m & (m - 1)) == 0:
            raise PositionError(f"state.resolved: the card of seat {s.order[resolved]} has a forced take; nothing to decide")
        for i in range(resolved):
            seat = s.order[i]
            s.log[i].seat = seat
            s.log[i].card = s.played[seat]
            s.log[i].pile = 255
    return bytes(buf)
