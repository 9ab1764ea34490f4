# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Pride of Ninja positions: the state as named fields, and every check on them.

``from_fields`` is the one door into the C struct from a file: every card is
named and counted against the deck of the player count, every pick is
placed in a row with room, the PP are checked against the previous round's
scoring, so that no loaded position can make the rules index outside a
table (``PositionError`` naming the first bad field instead).

>>> from ninja_dojo.engine import new_game
>>> s = new_game("pride_of_ninja", players=4, seed=1)
>>> from_fields(fields(s.buffer())) == s.buffer()
True
"""
from libc.stdint cimport uint8_t
from libc.string cimport memset

from ninja_dojo.engine.pride_of_ninja.rules cimport (
    Pride, Board, Resolution, MIN_PLAYERS, MAX_PLAYERS, N_KINDS, N_INIT, FRONT_MAX, BACK_MAX, VICTIMS_3P,
    FRONT, BACK, DRAFT, OVER, NO_KIND, add_to_row, forced_joint, resolve, state_of)
from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.pride_of_ninja.notation import CARD_BY_NAME
from ninja_dojo.engine.pride_of_ninja.rules import CARDS, DECKS, GOALS, HAND_SIZES, PHASES, PP_LIMIT, ROUND_LIMIT, ROWS


cdef int gk(const Pride* s, int k):
    return s.deck * N_KINDS + k


cdef list expand(const Pride* s, const uint8_t* counts):
    out = []
    for k in range(N_KINDS):
        out += [CARDS[gk(s, k)][0]] * counts[k]
    return out


cdef dict board_lists(const Pride* s, const Board* b):
    n = s.players
    return {
        "front_rows": [expand(s, b.front[p]) for p in range(n)],
        "back_rows": [expand(s, b.back[p]) for p in range(n)],
        "victims": expand(s, b.victims),
    }


def fields(const unsigned char[::1] buf):
    """The state as named fields (what a position file stores).

    ``picks`` is this round's draft so far: per pick, per seat ``[card,
    row]``; the rows are built from it (plus the 5-player card).
    ``previous`` is the last resolved round (its rows and the PP before its
    scoring), which the step display and the tie-breaks need.
    """
    cdef Pride* s = state_of(buf)
    n = s.players
    prev = None
    if s.has_last:
        prev = board_lists(s, &s.last)
        prev["pp_before"] = [s.last_pp[p] for p in range(n)]
    return {
        "players": n,
        "deck": DECKS[s.deck],
        "round": s.round,
        "phase": PHASES[s.phase],
        "pick": s.pick,
        "pp": [s.pp[p] for p in range(n)],
        "hands": [expand(s, s.hand[p]) for p in range(n)],
        "victims": expand(s, s.board.victims),
        "picks": [[[CARDS[gk(s, s.pick_kind[t][p])][0], ROWS[s.pick_row[t][p]]] for p in range(n)]
                  for t in range(s.pick)],
        "rng": int(s.rng.state),
        "previous": prev,
    }


def _get(dict f, str key, kind, where="state"):
    """``f[key]`` if it is a value of ``kind`` (int, list or str)."""
    v = checks.get(f, key, where)
    if kind is int and (isinstance(v, bool) or not isinstance(v, int)):
        raise PositionError(f"{where}.{key}: expected an integer, got {type(v).__name__}")
    if kind is list:
        checks.items(v, f"{where}.{key}")
    if kind is str and not isinstance(v, str):
        raise PositionError(f"{where}.{key}: expected a name, got {checks.kind(v)}")
    return v


def _kind(name, int deck, str where):
    """The in-deck kind of a card name of ``deck``."""
    g = CARD_BY_NAME.get(name) if isinstance(name, str) else None
    if g is None:
        raise PositionError(f"{where}: {checks.shown(name)} is not a Pride of Ninja card")
    if g // N_KINDS != deck:
        raise PositionError(f"{where}: {name} is not in the {DECKS[deck]} deck")
    return g % N_KINDS


def _card_lists(v, int n, str where):
    if not isinstance(v, list) or len(v) != n:
        raise PositionError(f"{where}: expected {n} lists of cards")
    for i, lst in enumerate(v):
        if not isinstance(lst, list):
            raise PositionError(f"{where}[{i}]: expected a list of cards")
    return v


def _check_deck(counts, int deck, int n, str where):
    for k in range(N_KINDS):
        want = CARDS[deck * N_KINDS + k][3][n - MIN_PLAYERS]
        if counts[k] != want:
            name = CARDS[deck * N_KINDS + k][0]
            raise PositionError(f"{where}: {counts[k]} {name} in play, the {n}-player {DECKS[deck]} deck has {want}")


cdef _read_previous(Pride* s, prev):
    n, deck = s.players, s.deck
    where = "state.previous"
    if not isinstance(prev, dict):
        raise PositionError(f"{where}: expected a map or nothing")
    checks.known_keys(prev, ("front_rows", "back_rows", "victims", "pp_before"), where)
    counts = [0] * N_KINDS
    for key, size, row in (("front_rows", FRONT_MAX, FRONT), ("back_rows", BACK_MAX, BACK)):
        rows = _card_lists(_get(prev, key, list, where), n, f"{where}.{key}")
        for p, lst in enumerate(rows):
            if len(lst) != size:
                raise PositionError(f"{where}.{key}[{p}]: {len(lst)} cards, a finished row has {size}")
            for name in lst:
                k = _kind(name, deck, f"{where}.{key}[{p}]")
                counts[k] += 1
                if row == FRONT:
                    s.last.front[p][k] += 1
                else:
                    s.last.back[p][k] += 1
            if n == 5 and row == BACK and s.last.back[p][0] == 0:
                raise PositionError(f"{where}.back_rows[{p}]: the 5-player card ({CARDS[deck * N_KINDS][0]}) is missing")
    victims = _get(prev, "victims", list, where)
    if len(victims) != (VICTIMS_3P if n == 3 else 0):
        raise PositionError(f"{where}.victims: {len(victims)} cards, expected {VICTIMS_3P if n == 3 else 0}")
    for name in victims:
        k = _kind(name, deck, f"{where}.victims")
        counts[k] += 1
        s.last.victims[k] += 1
    if n == 5:
        counts[0] -= n
    _check_deck(counts, deck, n, where)
    before = _get(prev, "pp_before", list, where)
    if len(before) != n:
        raise PositionError(f"{where}.pp_before: expected {n} numbers")
    for p, v in enumerate(before):
        s.last_pp[p] = checks.integer(v, f"{where}.pp_before[{p}]", 0, PP_LIMIT)
    s.has_last = 1


def from_fields(object f):
    """State bytes from named fields, validating everything.

    Raises PositionError naming the first bad field.
    """
    if not isinstance(f, dict):
        raise PositionError("state: expected a map of named fields")
    checks.known_keys(f, ("players", "deck", "round", "phase", "pick", "pp", "hands", "victims",
                          "picks", "rng", "previous"))
    n = checks.integer(checks.get(f, "players"), "state.players", MIN_PLAYERS, MAX_PLAYERS)
    deck = DECKS.index(checks.one_of(checks.get(f, "deck"), "state.deck", DECKS))
    rnd = checks.integer(checks.get(f, "round"), "state.round", 1, ROUND_LIMIT)
    ph = PHASES.index(checks.one_of(checks.get(f, "phase"), "state.phase", PHASES))
    rng = checks.integer(checks.get(f, "rng"), "state.rng", 0, 2**64 - 1)
    hsize = HAND_SIZES[n - MIN_PLAYERS]
    goal = GOALS[n - MIN_PLAYERS]

    buf = bytearray(sizeof(Pride))
    cdef unsigned char[::1] mv = buf
    cdef Pride* s = <Pride*>&mv[0]
    cdef Resolution r
    cdef int joint[MAX_PLAYERS]
    memset(s, 0, sizeof(Pride))
    memset(s.pick_kind, NO_KIND, sizeof(s.pick_kind))
    memset(s.pick_row, NO_KIND, sizeof(s.pick_row))
    s.players = n
    s.deck = deck
    s.round = rnd
    s.phase = ph
    s.rng.state = rng

    pp = checks.items(checks.get(f, "pp"), "state.pp", n)
    for p, v in enumerate(pp):
        s.pp[p] = checks.integer(v, f"state.pp[{p}]", 0, PP_LIMIT)
    reached = any(v >= goal for v in pp)
    if ph == DRAFT and reached:
        raise PositionError(f"state.pp: someone has {goal} PP, so the game is over")
    if ph == OVER and not reached:
        raise PositionError(f"state.pp: the game is over only when someone has {goal} PP")

    if "previous" not in f:
        raise PositionError("state.previous: missing")
    prev = f["previous"]
    if prev is not None:
        _read_previous(s, prev)
        resolve(n, deck, &s.last, &r)
        for p in range(n):
            s.last_slain[p] = r.slain[p]
            v = s.last_pp[p] + r.monk_pp[p] + r.tp[N_INIT - 1][p]
            if s.pp[p] != (v if v > 0 else 0):
                raise PositionError(f"state.pp[{p}]: the previous round's scoring gives {max(v, 0)}, not {s.pp[p]}")
    elif ph == OVER:
        raise PositionError("state.previous: a finished game needs its final round (the tie-breaks use it)")

    pick = checks.integer(checks.get(f, "pick"), "state.pick", 0, hsize - 1)
    hands = _card_lists(_get(f, "hands", list), n, "state.hands")
    picks = _get(f, "picks", list)
    victims = _get(f, "victims", list)
    if ph == OVER:
        if pick != 0 or picks or victims or any(hands):
            raise PositionError("state: a finished game has no hands, picks or Victim's Cards (see previous)")
        return bytes(buf)

    s.pick = pick
    counts = [0] * N_KINDS
    for p, lst in enumerate(hands):
        if len(lst) != hsize - pick:
            raise PositionError(f"state.hands[{p}]: {len(lst)} cards, expected {hsize - pick} after {pick} picks")
        for name in lst:
            k = _kind(name, deck, f"state.hands[{p}]")
            s.hand[p][k] += 1
            counts[k] += 1
    if len(victims) != (VICTIMS_3P if n == 3 else 0):
        raise PositionError(f"state.victims: {len(victims)} cards, expected {VICTIMS_3P if n == 3 else 0}")
    for name in victims:
        k = _kind(name, deck, "state.victims")
        s.board.victims[k] += 1
        counts[k] += 1
    if n == 5:
        for p in range(n):
            s.board.back[p][0] = 1
            s.n_back[p] = 1
    if len(picks) != pick:
        raise PositionError(f"state.picks: {len(picks)} picks listed, expected {pick}")
    for t, joint_pick in enumerate(picks):
        where = f"state.picks[{t}]"
        if not isinstance(joint_pick, list) or len(joint_pick) != n:
            raise PositionError(f"{where}: expected one [card, row] per seat")
        for p, pr in enumerate(joint_pick):
            if not (isinstance(pr, list) and len(pr) == 2):
                raise PositionError(f"{where}[{p}]: expected [card, row]")
            k = _kind(pr[0], deck, f"{where}[{p}]")
            if pr[1] not in ROWS:
                raise PositionError(f"{where}[{p}]: {checks.shown(pr[1])} is not a row (front or back)")
            row = ROWS.index(pr[1])
            if row == FRONT and s.n_front[p] == FRONT_MAX:
                raise PositionError(f"{where}[{p}]: the front row already holds {FRONT_MAX} cards")
            if row == BACK and s.n_back[p] == BACK_MAX:
                raise PositionError(f"{where}[{p}]: the back row already holds {BACK_MAX} cards")
            counts[k] += 1
            add_to_row(s, p, k, row, t)
    _check_deck(counts, deck, n, "state")
    if forced_joint(s, joint):
        raise PositionError("state.pick: every seat's pick is forced; nothing to decide")
    return bytes(buf)

