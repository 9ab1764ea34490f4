# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""What a Ninjato seat sees: ``view(buf, seat)`` (everything the board
lists, hidden cards only to their owner), ``steps(buf)`` (this turn's
public steps, each a map with a ``kind`` and its fields, and ``text``, the
step in one line for transcripts), ``scores(buf)``; and, for the board, not
rules, what the app shows next to a decision (the Banzai odds, the clans'
standing), asked of the rules (rules.pyx), never a second copy of them.

>>> from ninja_dojo.engine import new_game
>>> state = new_game("ninjato", players=2, seed=3)
>>> state.steps()[0]["kind"], state.steps()[0]["turn"]
('turn', 1)
>>> v = view(state.buffer(), 0)
>>> v["phase"], len(v["hand"]), v["hand"] == view(state.buffer(), -1)["hand"]
('place', 4, False)
"""
from libc.stdint cimport uint8_t, int8_t, int16_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset, memcpy
from libc.stdlib cimport malloc, free

from ninja_dojo.engine.core cimport popcount64
from ninja_dojo.engine.ninjato.rules cimport *

from ninja_dojo.engine.ninjato.notation import (cost_text, elite_card, elite_text, guard_card, guard_text,
                                                token_text)
from ninja_dojo.engine.ninjato.position import _bits, _opt
# The columns of the card tables this module reads, as Python tuples (the
# rules' C arrays are for the hot loop; see rules.pyx).
from ninja_dojo.engine.ninjato.rules import (
    BASES, CLAN_SCORING_AFTER, CLANS, ELITE_NAMES, ENVOY_NAMES, ENVOYS, FACING, FLAG_TILES, GUARD_NAMES, NAME,
    PHASES, RUMOR_COSTS, RUMOR_KINDS, RUMOR_NAMES, SCORING_ORDER, SENSEI, SIDES, SPACES, STYLES, TILE_NAMES,
    TOKEN_NAMES, TREASURES,
    DISHONORABLE_PTS_ as DISHONORABLE_PTS, ELITE_A_ as ELITE_A, ELITE_B_ as ELITE_B,
    ELITE_PEOPLE_ as ELITE_PEOPLE, ELITE_POINTS_ as ELITE_POINTS, ENVOY_AGE_ as ENVOY_AGE,
    ENVOY_CLAN_ as ENVOY_CLAN, ENVOY_MASK_ as ENVOY_MASK, GUARD_ALARM_ as GUARD_ALARM,
    GUARD_VALUE_ as GUARD_VALUE, RUMOR_KIND_ as RUMOR_KIND, TILE_COST_ as TILE_COST,
    TILE_STYLE_ as TILE_STYLE, TOKEN_CLAN_ as TOKEN_CLAN, TOKEN_VALUE_ as TOKEN_VALUE)


def scores(const unsigned char[::1] buf):
    """Points so far: treasure spent and clan points; at the end, the final scores."""
    cdef Ninjato* s = state_of(buf)
    return [score_of(s, p) for p in range(s.players)]


# ---------------------------------------------------------------- steps

def _space_name(int code):
    if code < SPACE_HOUSE:
        return SPACES[code]
    return f"house {(code - SPACE_HOUSE) // 2 + 1} {SIDES[(code - SPACE_HOUSE) % 2]}"

def _t(int t):
    return None if t == NONE else TREASURES[t]

def _play_desc(code):
    code = int(code)
    kind = (code >> 16) & 7
    base = (code >> 19) & 7
    setv = ((code >> 22) & 7) - 1
    join = ((code >> 25) & 3) - 1
    tiles = [TILE_NAMES[t] for t in range(N_COMBAT) if (code >> t) & 1]
    # ``base`` in words, and as data: the Dojo card's value, or the tile played as a card
    return {"base": f"Dojo {base}" if kind == B_CARD else f"{BASES[kind]} as {base}",
            "base_card": base if kind == B_CARD else None, "base_tile": None if kind == B_CARD else BASES[kind],
            "set": None if setv < 0 else setv, "join": join, "tiles": tiles}

def _play_words(d):
    parts = [d["base"]]
    if d["join"]:
        parts.append(f"a 3 joined ({d['join']:+d})")
    parts += [t for t in d["tiles"] if t not in d["base"]]
    return " + ".join(parts)


def _event(Event e):
    k, seat = e.kind, e.seat
    if k == E_TURN:
        return {"kind": "turn", "step": "turn", "turn": e.a, "text": f"turn {e.a}"}
    if k == E_PLACE:
        return {"kind": "place", "step": "place", "seat": seat, "space": _space_name(e.a),
                "house": (e.a - SPACE_HOUSE) // 2 if e.a >= SPACE_HOUSE else None,
                "side": SIDES[(e.a - SPACE_HOUSE) % 2] if e.a >= SPACE_HOUSE else None,
                "text": f"seat {seat} places a shuriken on the {_space_name(e.a)}"}
    if k == E_DRAW:
        if e.a == 0:
            return {"kind": "draw", "step": "draw", "seat": seat, "from": "deck", "card": None,
                    "text": f"seat {seat} draws a card from the deck"}
        return {"kind": "draw", "step": "draw", "seat": seat, "from": "row", "slot": e.a - 1, "card": e.b,
                "text": f"seat {seat} takes the face-up {e.b}"}
    if k == E_ROW_REFILL:
        return {"kind": "dojo row", "step": "dojo row", "slot": e.a, "card": e.b, "text": f"a {e.b} is turned face up at the Dojo"}
    if k == E_RESHUFFLE:
        deck = ("Dojo", "Guard", "Elite")[e.a]
        return {"kind": "reshuffle", "step": "reshuffle", "deck": deck, "text": f"the {deck} discards are shuffled into a new deck"}
    if k == E_SENSEI:
        paid = f" paying a {e.b}" if e.b else " free (same style)"
        return {"kind": "sensei", "step": "sensei", "seat": seat, "tile": TILE_NAMES[e.a], "paid": e.b or None,
                "text": f"seat {seat} takes Sensei tile {TILE_NAMES[e.a]}{paid}"}
    if k == E_PLAY:
        d = _play_desc(e.c)
        value = <int8_t>e.b
        return {"kind": "play", "step": "play", "seat": seat, "play": e.a, "value": value, **d,
                "text": f"seat {seat} plays {_play_words(d)} = {value}"}
    if k == E_BEAT:
        card = (ELITE_NAMES if e.a == FACE_ELITE else GUARD_NAMES)[e.b]
        return {"kind": "beat", "step": "beat", "seat": seat, "facing": FACING[e.a], "card": card,
                "text": f"seat {seat} beats the {FACING[e.a]} {card}"}
    if k == E_TAKE:
        if e.a == NONE:
            return {"kind": "take", "step": "take", "seat": seat, "treasure": None, "red": False,
                    "text": f"seat {seat} takes nothing (no treasure of that side)"}
        red = e.b == RED
        return {"kind": "take", "step": "take", "seat": seat, "treasure": TREASURES[e.a], "red": red,
                "text": f"seat {seat} puts a {'red ' if red else ''}{TREASURES[e.a]} on the shuriken"}
    if k == E_BANZAI:
        return {"kind": "banzai", "step": "banzai", "seat": seat, "text": f"seat {seat}: Banzai!"}
    if k == E_REVEAL:
        text = elite_text(e.b) if e.a else guard_text(e.b)
        return {"kind": "reveal", "step": "reveal", "seat": seat, "deck": ("Guard", "Elite")[e.a],
                "card": (ELITE_NAMES if e.a else GUARD_NAMES)[e.b], "text": f"revealed: {text}"}
    if k == E_ALARM:
        return {"kind": "alarm", "step": "alarm", "house": e.c, "added": _t(e.a), "flipped": _t(e.b),
                "text": (f"alarm at house {e.c + 1}: a {_t(e.a)} is added, a {_t(e.b)} turns red"
                         if e.a != NONE else f"alarm at house {e.c + 1}: the bag is empty")}
    if k == E_SN3:
        return {"kind": "alarm ignored", "step": "alarm ignored", "seat": seat, "text": f"seat {seat} ignores the alarm with SN3"}
    if k == E_PEEK:
        deck = ("Guard", "Elite")[e.a]
        return {"kind": "peek", "step": "peek", "seat": seat, "deck": deck,
                "text": f"seat {seat} looks at the top {deck} card with CR4"}
    if k == E_RETREAT:
        return {"kind": "retreat", "step": "retreat", "seat": seat, "treasures": e.a,
                "text": f"seat {seat} retreats with {e.a} treasure{'s' if e.a != 1 else ''}"}
    if k == E_GIVE_UP:
        card = (ELITE_NAMES if e.a == FACE_ELITE else GUARD_NAMES)[e.b]
        return {"kind": "loss", "step": "loss", "seat": seat, "facing": FACING[e.a], "card": card,
                "text": f"seat {seat} cannot beat {card} and loses the attack"}
    if k == E_TG5:
        return {"kind": "TG5", "step": "TG5", "seat": seat, "text": f"seat {seat} keeps two treasures with TG5"}
    if k == E_KEEP:
        return {"kind": "keep", "step": "keep", "seat": seat, "treasure": TREASURES[e.a], "red": e.b == RED,
                "text": f"seat {seat} keeps a {'red ' if e.b == RED else ''}{TREASURES[e.a]}"}
    if k == E_LOSS:
        return {"kind": "back to the house", "step": "back to the house", "seat": seat, "house": e.c, "returned": e.a,
                "added": _t(e.b),
                "text": f"{e.a} treasure{'s' if e.a != 1 else ''} go back to house {e.c + 1}"
                        + (f", a {_t(e.b)} is added" if e.b != NONE else "")}
    if k == E_CLEAR:
        if e.c == 0:
            return {"kind": "cleared", "step": "cleared", "seat": seat, "house": e.a, "token": TOKEN_NAMES[e.b],
                    "text": f"seat {seat} clears house {e.a + 1} and takes all its treasure"}
        return {"kind": "allegiance", "step": "allegiance", "seat": seat, "house": e.a, "old": TOKEN_NAMES[e.b],
                "new": TOKEN_NAMES[e.c - 1],
                "text": f"house {e.a + 1} changes from {token_text(e.b)} to {token_text(e.c - 1)}"}
    if k == E_CR6:
        return {"kind": "CR6", "step": "CR6", "seat": seat, "card": e.a, "text": f"seat {seat} takes back a {e.a} with CR6"}
    if k == E_BUY:
        kind = ("Envoy", "Rumor")[e.a]
        card = (RUMOR_NAMES if e.a else ENVOY_NAMES)[e.b]
        return {"kind": "buy", "step": "buy", "seat": seat, "deck": kind, "card": card, "points": e.c,
                "text": f"seat {seat} buys {kind} {card} for {e.c} points"}
    if k == E_PAY:
        text = f"seat {seat} pays a {TREASURES[e.a]}" + (f" as a {TREASURES[e.b]}" if e.a == GOLD else "")
        return {"kind": "pay", "step": "pay", "seat": seat, "treasure": TREASURES[e.a], "as": TREASURES[e.b], "text": text}
    if k == E_DECLARE_TYPE:
        return {"kind": "declare type", "step": "declare type", "seat": seat, "type": TREASURES[e.a],
                "text": f"seat {seat} will pay in {TREASURES[e.a]}"}
    if k == E_END_TURN:
        return {"kind": "end of turn", "step": "end of turn", "turn": e.a, "text": f"end of turn {e.a}"}
    if k == E_OFFER:
        return {"kind": "sensei offer", "step": "sensei offer", "slot": e.a, "tile": TILE_NAMES[e.b],
                "text": f"Sensei tile {TILE_NAMES[e.b]} is offered"}
    if k == E_SENTRY:
        return {"kind": "sentry", "step": "sentry", "house": e.a, "card": _opt(e.b, GUARD_NAMES),
                "text": f"house {e.a + 1} gets Sentry {guard_text(e.b) if e.b != NONE else 'none'}"}
    if k == E_REFILL_TREASURE:
        return {"kind": "house treasure", "step": "house treasure", "house": e.a, "treasure": TREASURES[e.b],
                "text": f"house {e.a + 1} gets a {TREASURES[e.b]}"}
    if k == E_ORDER:
        order = [(e.c >> (4 * i)) & 15 for i in range(e.a)]
        return {"kind": "turn order", "step": "turn order", "order": order, "text": f"turn order: {', '.join(map(str, order))}"}
    if k == E_ROW:
        kind = ("Envoy", "Rumor")[e.a]
        card = (RUMOR_NAMES if e.a else ENVOY_NAMES)[e.b]
        return {"kind": "row", "step": "row", "deck": kind, "card": card, "slot": e.c, "text": f"{kind} {card} is turned face up"}
    if k == E_SCORING:
        return {"kind": "clan scoring", "step": "clan scoring", "turn": e.a, "text": f"clan scoring after turn {e.a}"}
    if k == E_HJ:
        return {"kind": "hensojutsu", "step": "hensojutsu", "seat": seat, "envoy": ENVOY_NAMES[e.a],
                "text": f"seat {seat} disguises Envoy {ENVOY_NAMES[e.a]} (counts as 2)"}
    if k == E_CLAN_RANK:
        first = None if e.b == NONE else e.b
        second = None if (e.c & 255) == NONE else e.c & 255
        return {"kind": "clan rank", "step": "clan rank", "clan": CLANS[e.a], "first": first, "second": second,
                "points": e.c >> 8,
                "text": f"{CLANS[e.a]} ({e.c >> 8} points): "
                        + ("no Envoys" if first is None else f"1st seat {first}"
                           + ("" if second is None else f", 2nd seat {second}"))}
    if k == E_CLAN_POINTS:
        return {"kind": "clan points", "step": "clan points", "seat": seat, "clan": CLANS[e.a], "points": e.b,
                "text": f"seat {seat} scores {e.b} {CLANS[e.a]} clan points"}
    if k == E_FREE_RUMOR:
        return {"kind": "free rumor", "step": "free rumor", "seat": seat, "rumor": RUMOR_NAMES[e.a], "clan": CLANS[e.b],
                "text": f"seat {seat} takes Rumor {RUMOR_NAMES[e.a]} free"}
    if k == E_GAME_END:
        return {"kind": "game end", "step": "game end", "text": "end of the game: final scoring"}
    return {"kind": "?", "step": "?", "text": "?"}


def steps(const unsigned char[::1] buf, int start=0, stop=None):
    """This turn's steps so far (kept after the turn ends, with its
    end-of-turn refills and clan scoring and the next turn's first forced
    steps, until the next move); ``start`` and ``stop`` cut a slice of
    them (a reader that follows the game reads only what is new).  A card drawn from the deck is never named, and neither is
    the card seen with CR4: steps are public.

    Each step is a map: its ``kind`` (``step`` is the same word, kept for
    the records that read it), its fields, and ``text``, the step in one
    line for transcripts (tests/golden); the app words a step from its
    fields.  A shuriken placed on a house says its ``house`` and ``side``;
    a play its ``base`` in words and as data (``base_card``: the Dojo card's
    value, or ``base_tile``: the tile played as a card); a purchase and a
    card turned up in a row say their ``deck``, Envoy or Rumor."""
    cdef Ninjato* s = state_of(buf)
    cdef int end = s.n_log if stop is None else min(stop, s.n_log)
    out = [_event(s.log[i]) for i in range(max(start, 0), end)]
    if s.log_lost and stop is None:
        out.append({"kind": "log full", "step": "...", "text": "(more steps than the log keeps)"})
    return out


# ------------------------------------------------------- for the board
# Not rules: what the app shows next to a decision, asked of the rules above
# (never a second copy of them).

cdef bint _declare_reachable(Ninjato* s, int depth) noexcept nogil:
    """Some sequence of the build steps the engine offers ends in a winning
    play ("declare the play" becomes legal)."""
    cdef int out[128]
    cdef int n = build_legal(s, out), i
    cdef Ninjato* t
    cdef bint found = False
    for i in range(n):
        if out[i] == A_DECLARE:
            return True
    if depth <= 0:
        return False
    t = <Ninjato*>malloc(sizeof(Ninjato))
    if t == NULL:
        return False
    for i in range(n):
        if out[i] == A_GIVE_UP:
            continue
        memcpy(t, s, sizeof(Ninjato))
        step(t, out[i])
        if _declare_reachable(t, depth - 1):
            found = True
            break
    free(t)
    return found

cdef bint can_beat(const Ninjato* s, int facing, int card) noexcept nogil:
    """Whether the attacker (``s.mover``) could beat ``card`` (a Guard, or an
    Elite with ``facing`` FACE_ELITE) if Banzai turned it up now: the card is
    put before a copy of the attack and the plays the engine offers are tried
    (2 plays x (a base and 9 modifier groups) and "next play" at most)."""
    cdef Ninjato* t = <Ninjato*>malloc(sizeof(Ninjato))
    cdef bint ok
    if t == NULL:
        return False
    memcpy(t, s, sizeof(Ninjato))
    t.facing = facing
    t.facing_card = card
    start_play(t)
    ok = _declare_reachable(t, 2 * (G_END + 2))
    free(t)
    return ok


cdef dict _banzai_odds(Ninjato* s):
    """At "Banzai or retreat?": the cards Banzai would draw from (public: the
    Guard deck's make-up follows from the discards) and which of them the
    attacker's hand and face-up tiles beat.  Only for the attacker's view."""
    cdef int i, g, n
    plain = lowest_on(s, s.att_house, PLAIN) != NONE
    if plain:
        if s.guard_len:
            ids = [s.guard_deck[i] for i in range(s.guard_len)]
        else:
            ids = [g for g in range(N_GUARDS) if (s.guard_discard >> g) & 1]
        groups = {}
        for g in ids:
            k = GUARD_VALUE[g]
            e = groups.setdefault(k, {"value": k, "count": 0, "alarms": 0, "card": g})
            e["count"] += 1
            e["alarms"] += GUARD_ALARM[g]
        cards = []
        for k in sorted(groups):
            e = groups[k]
            cards.append({"label": str(k), "value": k, "count": e["count"], "alarms": e["alarms"],
                          "beatable": bool(can_beat(s, FACE_GUARD, e["card"]))})
        from_deck = bool(s.guard_len)
    else:
        if s.elite_len:
            ids = [s.elite_deck[i] for i in range(s.elite_len)]
        else:
            ids = [g for g in range(N_ELITES) if (s.elite_discard >> g) & 1]
        groups = {}
        for g in ids:
            k = (ELITE_PEOPLE[g], ELITE_A[g], ELITE_B[g], ELITE_POINTS[g])
            e = groups.setdefault(k, {"count": 0, "card": g})
            e["count"] += 1
        cards = []
        for k in sorted(groups):
            e = groups[k]
            label = (f"S{k[1]}/T{k[2]}" if k[0] == 1 else f"{k[1]}&{k[2]}")
            cards.append({"label": label, "people": k[0], "values": [k[1], k[2]], "points": k[3],
                          "count": e["count"], "alarms": 0,
                          "beatable": bool(can_beat(s, FACE_ELITE, e["card"]))})
        from_deck = bool(s.elite_len)
    n = sum(c["count"] for c in cards)
    out = {"deck": "Guard" if plain else "Elite", "from": "deck" if from_deck else "discards",
           "size": n, "cards": cards, "beatable": sum(c["count"] for c in cards if c["beatable"]),
           "alarms": sum(c["alarms"] for c in cards),
           "on_shuriken": shuriken_total(s),
           "loss_keeps": min(shuriken_total(s), 2 if face_up(s, s.mover, TG5) else 1),
           "top": None}
    d = 0 if plain else 1
    if (s.peek[d] >> s.mover) & 1:
        if plain and s.guard_len:
            g = s.guard_deck[s.guard_len - 1]
            out["top"] = {"card": guard_text(g), "seen": guard_card(g), "beatable": bool(can_beat(s, FACE_GUARD, g))}
        elif not plain and s.elite_len:
            g = s.elite_deck[s.elite_len - 1]
            out["top"] = {"card": elite_text(g), "seen": elite_card(g), "beatable": bool(can_beat(s, FACE_ELITE, g))}
    return out


cdef dict _clan_standing(Ninjato* s):
    """Each clan's Envoys per seat and its 1st and 2nd as they stand (a
    disguise counts only during a clan scoring)."""
    cdef Ninjato* t = <Ninjato*>malloc(sizeof(Ninjato))
    cdef uint8_t first, second
    cdef int c, p
    if t == NULL:
        raise MemoryError()
    memcpy(t, s, sizeof(Ninjato))
    if not s.scoring:
        t.disguised = 0
    out = {}
    for c in range(3):
        rank_clan(t, c, &first, &second)
        out[CLANS[c]] = {"envoys": [envoy_count(t, p, c) for p in range(s.players)],
                         "first": None if first == NONE else first,
                         "second": None if second == NONE else second}
    free(t)
    return out


cdef list _final_rumors(Ninjato* s):
    """The end scoring of the Rumors, kind by kind, for the end screen (the
    parts of ``final_parts``: count x set multiplier, Dishonorable Opponents)."""
    cdef int p, k, n, holders = 0
    for p in range(s.players):
        if rumor_kind_count(s, p, DISHONORABLE_KIND):
            holders += 1
    out = []
    for p in range(s.players):
        kinds = []
        for k in range(4):
            n = rumor_kind_count(s, p, k)
            base = rumor_counts(s, p, k)
            kinds.append({"kind": RUMOR_KINDS[k], "cards": n, "counts": base,
                          "multiplier": rumor_multiplier(n), "points": base * rumor_multiplier(n)})
        n = rumor_kind_count(s, p, DISHONORABLE_KIND)
        each = DISHONORABLE_PTS[(holders if holders < 3 else 3) - 1] if n else 0
        kinds.append({"kind": RUMOR_KINDS[DISHONORABLE_KIND], "cards": n, "holders": holders,
                      "each": each, "points": n * each})
        out.append(kinds)
    return out


def _tile_info(int t):
    return {"tile": TILE_NAMES[t], "style": STYLES[TILE_STYLE[t]],
            "cost": TILE_COST[t] or "?", "effect": SENSEI[t][3]}

def _price(cost):
    """A cost as data: the treasures due, or the range of one type."""
    if cost[0] == "range":
        return {"treasures": [], "range": [cost[1], cost[2]]}
    return {"treasures": [TREASURES[t] for t in range(4) for _ in range(cost[t])], "range": None}

def _envoy_info(int e):
    return {"card": ENVOY_NAMES[e], "clan": CLANS[ENVOY_CLAN[e]], "cost": cost_text(ENVOYS[e][1]),
            "price": _price(ENVOYS[e][1]), "age": ENVOY_AGE[e], "mask": bool(ENVOY_MASK[e])}

def _rumor_info(int r):
    return {"card": RUMOR_NAMES[r], "kind": RUMOR_KINDS[RUMOR_KIND[r]], "cost": cost_text(RUMOR_COSTS[r % 6]),
            "price": _price(RUMOR_COSTS[r % 6])}

def _treasure_list(counts):
    return [TREASURES[t] for t in range(N_TYPES) for _ in range(counts[t])]


cdef dict _decision(Ninjato* s):
    """The decision now, in words, with the attack or purchase it belongs to."""
    cdef int flags
    ph = s.phase
    d = {"phase": PHASES[ph], "seat": None if ph == P_OVER else s.mover}
    if ph in (P_BUILD, P_REVEAL, P_CONTINUE, P_TG5, P_KEEP, P_TOKEN, P_CR6):
        flags = s.att_flags | tile_flags(s.play[0].tiles) | tile_flags(s.play[1].tiles)
        mode = mode_of(s.att_side, flags)
        att = {"house": s.att_house, "side": SIDES[s.att_side], "now": SIDES[mode],
               "active": [name for f, name in FLAG_TILES if flags & f],
               "on_shuriken": [[TREASURES[t], bool(sd)] for t in range(N_TYPES) for sd in range(2)
                               for _ in range(s.on_shuriken[t][sd])],
               "revealed": [GUARD_NAMES[s.revealed[i]] for i in range(s.n_revealed)],
               "facing": None, "card": None, "values": None, "plays": []}
        if s.facing_card != NONE:
            att["facing"] = FACING[s.facing]
            if s.facing == FACE_ELITE:
                att["card"] = ELITE_NAMES[s.facing_card]
                att["text"] = elite_text(s.facing_card)
                att["values"] = [ELITE_A[s.facing_card], ELITE_B[s.facing_card]]
                att["people"] = ELITE_PEOPLE[s.facing_card]
            else:
                att["card"] = GUARD_NAMES[s.facing_card]
                att["text"] = guard_text(s.facing_card)
                att["values"] = [GUARD_VALUE[s.facing_card]]
                att["people"] = 1
        if ph == P_BUILD:
            for i in range(s.play_idx + 1):
                p = &s.play[i]
                if p.base_kind == B_NONE:
                    att["plays"].append(None)
                    continue
                att["plays"].append({**_play_desc(play_code(p)), "value": play_value(p, flags)})
            att["play_index"] = s.play_idx
        d["attack"] = att
        words = {P_BUILD: f"build a play against {att.get('text', '')} ({SIDES[mode]})",
                 P_REVEAL: "an alarm Guard: ignore the alarm with SN3?",
                 P_CONTINUE: "Banzai or retreat?",
                 P_TG5: "lost: keep 2 treasures with TG5?",
                 P_KEEP: f"lost: choose {s.keep_left} treasure{'s' if s.keep_left > 1 else ''} to keep",
                 P_TOKEN: f"house {s.att_house + 1} cleared: choose its new clan token",
                 P_CR6: "the attack is over: take back a card with CR6?"}
        d["text"] = words[ph]
    elif ph in (P_BUY, P_PAY_TYPE, P_PAY):
        kind = "Rumor" if s.buy_rumor else "Envoy"
        d["purchase"] = {"kind": kind}
        if ph == P_BUY:
            d["text"] = f"choose the {kind} to buy"
        else:
            names = RUMOR_NAMES if s.buy_rumor else ENVOY_NAMES
            d["purchase"].update({"card": names[s.buy_card], "points": s.buy_points,
                                  "due": [TREASURES[t] for t in range(4) for _ in range(s.buy_req[t])],
                                  "type": _t(s.buy_type), "paid": s.buy_paid,
                                  "range": [s.buy_lo, s.buy_hi] if s.buy_lo else None})
            d["text"] = (f"{names[s.buy_card]}: declare the type to pay in" if ph == P_PAY_TYPE
                         else f"{names[s.buy_card]}: pay the next treasure")
    elif ph in (P_HJ, P_CLAN, P_FREE_RUMOR):
        c_ = scoring_clan(s) if s.score_clan < 3 else 0
        # (the disguises come before any clan is scored: no clan yet)
        d["scoring"] = {"turn": s.scoring, "clan": None if ph == P_HJ else CLANS[c_],
                        "points": None if ph == P_HJ else clan_points_of(s, c_),
                        "first": None if s.first == NONE else s.first,
                        "second": None if s.second == NONE else s.second,
                        "disguised": _bits(s.disguised, ENVOY_NAMES)}
        d["text"] = {P_HJ: "assign Hensojutsu tiles to masked Envoys",
                     P_CLAN: f"first for {CLANS[c_]}: the clan points or a free Rumor?",
                     P_FREE_RUMOR: f"second for {CLANS[c_]}: choose a free Rumor"}[ph]
    else:
        d["text"] = {P_PLACE: "place a shuriken", P_DRAW: f"draw a card ({s.draws_left} left)",
                     P_SENSEI: "choose a Sensei tile", P_SENSEI_PAY: "choose the card that pays",
                     P_OVER: "the game is over"}[ph]
        if ph == P_DRAW:
            d["draws_left"] = s.draws_left
        elif ph == P_SENSEI_PAY:
            d["tile"] = _tile_info(s.offer[s.tile_slot])
    if ph == P_KEEP:
        d["keep"] = s.keep_left
    return d


def view(const unsigned char[::1] buf, int seat):
    """What ``seat`` may see (seat -1: only what is public): everything the
    board lists.

    ``turn``, ``order`` (turn order), ``mover``; ``hand`` (this seat's Dojo
    values); ``dojo_row``, ``dojo_deck_size``, ``dojo_discard`` (per value),
    ``dojo_stack`` (this turn's Dojo shuriken, oldest first);
    ``sensei_offer`` (tile, style, cost, effect; ``free`` for this seat:
    it owns a tile of that style); ``houses`` (token, clan,
    value, Sentry, ``plain`` and ``red`` treasure, the ``shuriken`` seat on
    the Strength and Stealth sides); ``envoy_row`` and ``rumor_row`` (card,
    clan or kind, cost in words and as data, ``price``, age, mask); ``guard_deck`` (its size and make-up by
    value, public from the discards: Banzai odds), ``elite_deck``;
    ``seats``, per seat: shuriken left, hand size, ``dojo_draws`` (the cards
    a Dojo visit would draw now), ``known_cards`` (taken
    face up), treasure, tiles (face up or not), Envoys, Elites, Rumors (public,
    ruling 24), score; ``clan_track`` (clan points now, next scoring, the
    scoring orders); ``peeked`` (the card this seat saw with CR4, while on
    top; ``peeked_card`` the same card as data, ``notation.guard_card``; ``peeked_by`` in ``guard_deck`` and ``elite_deck``: every seat that
    saw it); what the table knows since the Dojo deck's last reshuffle (the
    reasoning is in the rules' "Who sees what"), per seat:
    ``drawn_before_reshuffle`` (how many cards it held hidden then, less
    those it showed since that can only have been among them),
    ``shown_maybe_before_reshuffle`` (the cards it showed since that may
    have been among them or drawn after) and ``before_reshuffle_at_most``
    (at most how many of its hidden cards were drawn before), and
    ``before_reshuffle`` (the values of the first kind over the other seats:
    the reshuffled deck's make-up was public, so a seat knows which values
    the others held, not who holds which); ``decision`` (the decision in words, with the attack being
    fought: the Guard faced, its values, the plays built so far and their
    values, the treasure on the shuriken; or the purchase and what is due; or
    the clan being scored); at the end ``final`` (each part of every score),
    ``final_rumors`` (the Rumor scoring kind by kind) and ``winners``.

    For the board, not rules: ``clan_track["standing"]`` (each clan's Envoys
    per seat, its 1st and 2nd now); ``next_order`` (the turn order the Dojo
    shuriken so far would give, ruling 18); and in the attacker's own view at
    "Banzai or retreat?", ``banzai``: the deck Banzai draws from, its make-up
    by value (Elites by kind), which of those cards this hand and its face-up
    tiles beat, how many treasures a loss keeps, and the top card if this seat
    looked with CR4 (in words, and as data: ``seen``)."""
    cdef Ninjato* s = state_of(buf)
    cdef double ret[MAX_PLAYERS]
    cdef int16_t parts[4]
    cdef uint8_t next_order[MAX_PLAYERS]
    n = s.players
    mine = 0 <= seat < n
    placed = [0] * n
    for i in range(s.placed if s.scoring == 0 and s.phase != P_OVER else n * N_SHURIKEN):
        placed[s.order[i % n]] += 1
    deck_counts = [0] * 7
    alarms = 0
    for i in range(s.guard_len):
        deck_counts[GUARD_VALUE[s.guard_deck[i]]] += 1
        alarms += GUARD_ALARM[s.guard_deck[i]]
    houses = []
    for h in range(N_HOUSES):
        houses.append({
            "token": _opt(s.token[h], TOKEN_NAMES),
            "clan": CLANS[TOKEN_CLAN[s.token[h]]] if s.token[h] != NONE else None,
            "value": TOKEN_VALUE[s.token[h]] if s.token[h] != NONE else 0,
            "sentry": None if s.sentry[h] == NONE else {
                "card": GUARD_NAMES[s.sentry[h]], "value": GUARD_VALUE[s.sentry[h]]},
            "plain": [TREASURES[t] for t in range(N_TYPES) for _ in range(s.house[h][t][PLAIN])],
            "red": [TREASURES[t] for t in range(N_TYPES) for _ in range(s.house[h][t][RED])],
            "shuriken": [s.side[h][sd] - 1 if s.side[h][sd] else None for sd in range(2)],
        })
    seats = []
    for p in range(n):
        kinds = {RUMOR_KINDS[k]: rumor_kind_count(s, p, k) for k in range(N_KINDS)}
        seats.append({
            "shuriken_left": N_SHURIKEN - placed[p] if s.phase != P_OVER else 0,
            "hand_size": hand_size(s, p),
            "dojo_draws": (DRAW_EMPTY if hand_size(s, p) == 0 else
                           (DRAW_ONE if hand_size(s, p) == 1 else DRAW_MORE)),
            "known_cards": [v for v in range(1, N_VALUES) for _ in range(s.seen[p][v])],
            "drawn_before_reshuffle": sum(s.older[p][v] for v in range(1, N_VALUES)),
            "before_reshuffle_at_most": s.older_at_most[p],
            "shown_maybe_before_reshuffle": [v for v in range(1, N_VALUES) for _ in range(s.older_maybe[p][v])],
            "treasure": _treasure_list([s.owned[p][t] for t in range(N_TYPES)]),
            "tiles": [{**_tile_info(t), "face_up": not (s.used[p] >> t) & 1}
                      for t in range(N_TILES) if (s.tiles[p] >> t) & 1],
            "envoys": [_envoy_info(e) for e in range(N_ENVOYS) if (s.envoys[p] >> e) & 1],
            "elites": [ELITE_NAMES[e] for e in range(N_ELITES) if (s.elites[p] >> e) & 1],
            "elite_points": sum(ELITE_POINTS[e] for e in range(N_ELITES) if (s.elites[p] >> e) & 1),
            "rumors": [_rumor_info(r) for r in range(N_RUMORS) if (s.rumors[p] >> r) & 1],
            "rumor_kinds": kinds,
            "spaces": {SPACES[k]: s.spaces[p][k] for k in range(4)},
            "score": score_of(s, p),
        })
    next_scoring = next((t for t in CLAN_SCORING_AFTER if t >= s.turn), None)
    clan_track = {
        "points": {CLANS[c]: clan_points_of(s, c) for c in range(3)},
        "next_scoring": next_scoring,
        "scoring_orders": {t: [CLANS[c] for c in SCORING_ORDER[i]] for i, t in enumerate(CLAN_SCORING_AFTER)},
        "standing": _clan_standing(s),
    }
    order_from_dojo(s, next_order)
    peeked = peeked_card = None
    if mine:
        for d in range(2):
            if (s.peek[d] >> seat) & 1:
                length = s.guard_len if d == 0 else s.elite_len
                if length:
                    top = s.guard_deck[length - 1] if d == 0 else s.elite_deck[length - 1]
                    peeked = {"deck": ("Guard", "Elite")[d],
                              "card": guard_text(top) if d == 0 else elite_text(top)}
                    peeked_card = guard_card(top) if d == 0 else elite_card(top)
    final = None
    winners = []
    if s.phase == P_OVER:
        nt_returns(s, ret)
        winners = [p for p in range(n) if ret[p] > 0]
        final = []
        for p in range(n):
            final.append({"purchases": s.bought[p], "clan_points": s.clan_pts[p],
                          "rumor_sets": s.final_pts[p][0], "dishonorable_opponents": s.final_pts[p][1],
                          "unspent_treasure": s.final_pts[p][2], "elite_points": s.final_pts[p][3],
                          "total": score_of(s, p), "elites": popcount64(s.elites[p]),
                          "envoys": popcount64(s.envoys[p])})
    return {
        "game": NAME,
        "players": n,
        "seat": seat,
        "turn": s.turn,
        "turns": N_TURNS,
        "phase": PHASES[s.phase],
        "mover": None if s.phase == P_OVER else s.mover,
        "order": [s.order[i] for i in range(n)],
        "hand": [v for v in range(1, N_VALUES) for _ in range(s.hand[seat][v])] if mine else [],
        "dojo_row": [s.row[i] or None for i in range(DOJO_ROW)],
        "dojo_deck_size": s.deck_len,
        "dojo_discard": {v: s.discard[v] for v in range(1, N_VALUES)},
        "dojo_stack": [s.dojo_stack[i] for i in range(s.dojo_len)],
        "sensei_offer": [None if s.offer[i] == NONE else
                         {**_tile_info(s.offer[i]), "free": bool(tile_free(s, seat, s.offer[i])) if mine else None}
                         for i in range(N_OFFER)],
        "sensei_left": s.sensei_len,
        "houses": houses,
        "envoy_row": [None if s.envoy_row[i] == NONE else _envoy_info(s.envoy_row[i]) for i in range(ROW)],
        "rumor_row": [None if s.rumor_row[i] == NONE else _rumor_info(s.rumor_row[i]) for i in range(ROW)],
        "envoy_deck_size": s.envoy_len,
        "rumor_deck_size": s.rumor_len,
        "guard_deck": {"size": s.guard_len, "by_value": {v: deck_counts[v] for v in range(7)},
                       "alarms": alarms, "discards": popcount64(s.guard_discard),
                       "peeked_by": [p for p in range(n) if (s.peek[0] >> p) & 1]},
        "elite_deck": {"size": s.elite_len, "discards": popcount64(s.elite_discard),
                       "peeked_by": [p for p in range(n) if (s.peek[1] >> p) & 1]},
        "before_reshuffle": [v for v in range(1, N_VALUES)
                             for _ in range(sum(s.older[p][v] for p in range(n) if p != seat))],
        "bag_size": sum(s.bag[t] for t in range(N_TYPES)),
        "spent": _treasure_list([s.spent[t] for t in range(N_TYPES)]),
        "seats": seats,
        "clan_track": clan_track,
        "peeked": peeked,
        "peeked_card": peeked_card,
        "decision": _decision(s),
        "banzai": _banzai_odds(s) if mine and s.phase == P_CONTINUE and seat == s.mover else None,
        "next_order": ([next_order[i] for i in range(n)]
                       if s.turn < N_TURNS and s.phase != P_OVER and not s.scoring else None),
        "scores": [score_of(s, p) for p in range(n)],
        "final": final,
        "final_rumors": _final_rumors(s) if s.phase == P_OVER else None,
        "winners": winners,
    }
