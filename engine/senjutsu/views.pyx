# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""What a Senjutsu seat sees: its view, the round's steps, the scores, and
each card's static data in words.

A view is the hex field, a console per samurai, the viewer's hand, the
decision with its options and what the viewer remembers of hidden cards;
the steps are the round's events, each a map with a ``kind`` and its fields
(seats from 0, cards by ID, hexes as ``[q, r]``), from which the app words
them, and a ``text``, the same event as one line of the game's record (the
golden playthroughs).  Steps are public: a card drawn, looked at or
discarded face down is never named.

>>> from ninja_dojo.engine import new_game
>>> s = new_game("senjutsu", players=2, seed=1, samurai="ronin,master")
>>> v = view(s.buffer(), 0)
>>> v["decision"]["kind"], [c["name"] for c in v["samurai"]]
('place', ['The Ronin', 'The Master'])
"""
from libc.stdint cimport uint8_t, uint64_t

from ninja_dojo.engine.core cimport MAX_LEGAL
from ninja_dojo.engine.senjutsu.rules cimport *
from ninja_dojo.engine.senjutsu.position cimport counts_list

from ninja_dojo.engine.senjutsu import cards as cards_data
from ninja_dojo.engine.senjutsu.notation import ACTION_NAMES
from ninja_dojo.engine.senjutsu.position import card_id, children, seats_of, selected_id
from ninja_dojo.engine.senjutsu.rules import (CARDS, CARD_IDS, CARD_NAMES, COMPASS, DECISIONS, HEXES, HEX_NAMES,
                                              KAMAE, KAMAE_NAMES, NAME, PHASES, SAMURAI, TERRAINS)

#: the rules' card, node and board tables
cdef const Tables* T = tables()


def scores(const unsigned char[::1] buf):
    """Health left per seat: health minus wound and bleeding cards (0 once
    fallen); the winner is the last one above 0."""
    cdef Senjutsu* s = state_of(buf)
    out = []
    for p in range(s.players):
        left = T.S_HEALTH[s.samurai[p]] - s.wounds[p] - s.bleed[p]
        out.append(max(left, 0) if alive(s, p) else 0)
    return out


# ---------------------------------------------------------------- view

def _card_info(card):
    return {
        "id": card.id, "name": card.name, "pub": card.pub,
        "rank": cards_data.RANK_WORDS[card.rank], "type": cards_data.TYPE_WORDS[card.type],
        "instant": cards_data.INSTANT_WORDS[card.instant] or None, "kind": card.kind_text,
        "initiative": card.init_text, "initiatives": list(card.init.parts),
        "initiative_numbers": list(card.init.numbers), "words": card.words(), "segments": card.segment_words(),
        "grids": card.grids(), "requires": [KAMAE_NAMES[KAMAE.index(k)] for k in card.req],
        "condition": {"": None, "hit": "the card it joins hit", "blk": "the card it joins blocked"}[card.cond],
        "owner": card.owner, "flags": card.flags, "note": card.note,
    }


CARD_INFO = tuple(_card_info(card) for card in CARDS)
SEGMENT_WORDS = tuple(tuple(card.segment_words()) for card in CARDS)
SHORT_NAMES = tuple(s.short for s in SAMURAI)


def card_info(cid):
    """A card's static data by ID or index: name, kind, initiative (whole,
    per segment as printed, per segment as numbers only), its actions in
    words (whole and per segment), its attack and block grids
    relative to the samurai facing up the card, flags and note."""
    if isinstance(cid, str):
        cid = CARD_IDS.index(cid)
    return dict(CARD_INFO[cid])


def hex_name(h):
    return None if h is None or h == NONE else HEX_NAMES[h]


def _who(int p):
    return SAMURAI[p].short


#: how a samurai moves (a step's ``how``) and its words in the record
MOVES = ("step", "pushed", "pulled", "forward")
MOVE_WORDS = {"step": "steps", "pushed": "is pushed", "pulled": "is pulled", "forward": "steps forward"}


cdef object _seat(Senjutsu* s, int p):
    """A seat the log names, None for none."""
    return p if p < s.players else None


cdef str _name(Senjutsu* s, int p):
    if p >= s.players:
        return "nobody"
    return SHORT_NAMES[s.samurai[p]]


cdef list _hex_list(uint64_t mask):
    return [list(HEXES[h]) for h in range(T.N_HEX) if (mask >> h) & 1]


cdef dict _option(Senjutsu* s, int seat, int a):
    """One legal action, with what a board needs to show it."""
    cdef Frame* f = top(s)
    cdef int h, p
    d = {"action": a, "name": ACTION_NAMES[a]}
    if A_PLAY <= a < A_PLAY + NC or A_DISCARD <= a < A_DISCARD + NC or A_TAKE <= a < A_TAKE + NC \
            or A_GIVE <= a < A_GIVE + NC or A_SHUFFLE <= a < A_SHUFFLE + NC:
        d["card"] = CARD_IDS[a % NC]
    elif A_HEX <= a < A_HEX + MAX_HEX:
        d["hex"] = list(HEXES[a - A_HEX])
    elif A_STEP <= a < A_STEP + 6:
        h = T.NEIGH[s.hex[seat]][(s.facing[seat] + a - A_STEP) % 6]
        d["hex"] = list(HEXES[h])
    elif A_COLLIDE <= a < A_COLLIDE + 6:
        h = T.NEIGH[s.hex[seat]][(s.facing[seat] + a - A_COLLIDE) % 6]
        p = who_at(s, h)
        d["into"] = "the edge" if h == NONE else "terrain" if terrain_at(s, h) else _name(s, p)
    elif A_ROT_RIGHT <= a <= A_NO_ROT:
        k = 0 if a == A_NO_ROT else (a - A_ROT_RIGHT + 1 if a < A_ROT_LEFT else -(a - A_ROT_LEFT + 1))
        d["facing"] = (s.facing[seat] + k) % 6
    elif A_OPTION <= a < A_OPTION + 6 and f != NULL and f.kind == OP_OR:
        d["words"] = _node_words(nth_child(f.node, a - A_OPTION))
    elif A_TARGET <= a < A_TARGET + MAX_PLAYERS:
        p = seat_of(s, a - A_TARGET)
        d["seat"] = p
        d["hex"] = list(HEXES[s.hex[p]]) if p != NONE and s.hex[p] != NONE else None
    elif A_INIT <= a < A_INIT + 11:
        d["initiative"] = a - A_INIT
    elif A_KAMAE <= a < A_KAMAE + N_KAMAE:
        d["kamae"] = KAMAE[a - A_KAMAE]
    elif A_DRAW <= a < A_DRAW + 10:
        d["cards"] = a - A_DRAW
    elif A_RAY <= a < A_RAY + 6 and f != NULL and f.tgt < s.players and s.hex[f.tgt] != NONE:
        d["direction"] = COMPASS[a - A_RAY]
        h = T.NEIGH[s.hex[f.tgt]][(a - A_RAY + (3 if f.kind == OP_PULL else 0)) % 6]
        d["hex"] = list(HEXES[h]) if h != NONE else None          # where its first hex takes it
    elif A_TURN_RIGHT <= a < A_HIDDEN and f != NULL and f.tgt < s.players:
        k = a - A_TURN_RIGHT + 1 if a < A_TURN_LEFT else -(a - A_TURN_LEFT + 1)
        d["facing"] = (s.facing[f.tgt] + k) % 6
    return d


_NODE_WORDS = {}


def _node_words(int node):
    """Words of one compiled node (an ``or``'s alternative), from the parse tree."""
    if not _NODE_WORDS:
        for card in CARDS:
            roots = cards_data.COMPILED.roots[card.index]
            for seg, root in zip(card.segments, roots):
                _map_words(seg, root)
    return _NODE_WORDS.get(node, "")


def _map_words(tree, int node):
    _NODE_WORDS[node] = cards_data.words(tree)
    kids = [k for k in tree.kids if k.op not in ("req", "cond")] if tree.op == "seq" else tree.kids
    for k, child in zip(kids, children(node)):
        _map_words(k, child)


cdef dict _decision(Senjutsu* s, int viewer):
    cdef Frame* f = top(s)
    cdef int out[MAX_LEGAL]
    cdef int k, p, c
    dec = s.dec
    d = {"kind": DECISIONS[dec], "seat": None if dec in (D_NONE, D_SELECT) else s.dec_seat,
         "choosing": seats_of(s.sim, s.players), "options": [], "text": ""}
    if s.phase == P_OVER:
        d["text"] = "the game is over"
        return d
    if dec == D_SELECT:
        d["text"] = "everyone chooses a card in secret"
        if (s.sim >> viewer) & 1 if 0 <= viewer < s.players else False:
            k = legal_moves(s, viewer, out)
            d["options"] = [_option(s, viewer, out[i]) for i in range(k)]
        return d
    who = _name(s, s.dec_seat)
    if viewer == s.dec_seat or not hidden_kind(dec):
        k = legal_moves(s, s.dec_seat, out)
        d["options"] = [_option(s, s.dec_seat, out[i]) for i in range(k)]
    card = ""
    if f != NULL and f.ctx != NONE and f.ctx < s.n_ctx:
        card = CARD_NAMES[s.ctx[f.ctx].card]
        d["card"] = CARD_IDS[s.ctx[f.ctx].card]
    if f != NULL and f.kind < N_OPS:
        d["action_words"] = _node_words(f.node)
    asks = {
        D_PLACE: f"choose a start hex",
        D_REPL: f"play a replacement instant, or pass",
        D_INIT: f"fix the initiative of {CARD_NAMES[s.seg_card[s.dec_seat][0]] if s.seg_card[s.dec_seat][0] < NC else ''}",
        D_ADD: f"play an additional instant on {card}, or pass",
        D_OR: f"choose one ({card})",
        D_TARGET: f"choose the target ({card})",
        D_STEP: f"step ({card})",
        D_COLLIDE: f"every way is blocked: choose where to collide ({card})",
        D_ROT: f"rotate ({card})",
        D_DRAW: f"how many cards to draw ({card})",
        D_DISC: f"discard a card face down" + (f" ({card})" if card else " (hand limit)"),
        D_FDISC: f"discard a card face up ({card})",
        D_COUNTER: f"counter? discard an attack card to give 1 wound",
        D_SRCH: f"take a card from your discard pile ({card})",
        D_TOP3: f"take one of your top cards ({card})",
        D_SHUF: f"choose discards to shuffle back ({card})",
        D_TUCK: f"choose cards of the target's hand to shuffle into its deck ({card})",
        D_GIVE3: f"choose the card the target gets ({card})",
        D_PLAYFOE: f"choose a foe's card to play ({card})",
        D_KAMAE: f"choose a kamae ({card})",
        D_RAY: f"choose the direction ({card})",
        D_TURN: f"turn the target ({card})",
    }
    d["ask"] = asks.get(dec, "")
    d["text"] = f"{who}: {d['ask']}" if d["ask"] else ""
    if dec in (D_TOP3, D_GIVE3) and f != NULL and viewer == s.dec_seat:
        t = s.dec_seat if dec == D_TOP3 else f.tgt
        d["looking_at"] = [CARD_IDS[s.pile[t][s.pile_len[t] - 1 - i]] for i in range(min(f.n, s.pile_len[t]))]
    if dec == D_STEP and f != NULL:
        d["optional"] = not T.N_A[f.node]
        d["steps_left"] = T.N_B[f.node] - f.i
    return d


cdef list _known_top(const Senjutsu* s, int o, int p):
    """The top cards of p's pile that o looked at (top 3, give 3), top first."""
    cdef int k = min(s.ntop[o][p], s.pile_len[p])
    return [CARD_IDS[s.pile[p][s.pile_len[p] - 1 - i]] for i in range(k)]


def view(const unsigned char[::1] buf, int seat):
    """What ``seat`` may see (seat -1: only what is public): the hex field
    (every hex, terrain, each samurai's hex and facing), per samurai its
    console (wounds, bleeding, stuns, kamae on its tree, hand, pile and
    discard counts, face-up discards, advantage, the card it played and its
    initiatives, an active block's hexes), the viewer's hand with each card's
    data and words, the decision now with its options, the hexes the last
    attack covered, and at the end the winners.

    All the viewer remembers of hidden cards is in the consoles: its own
    face-down discards (``discards_face_down_cards``), the cards it knows in
    another hand (``known_cards``; all of it while shown, ``hand_shown``),
    which of its own cards another seat knows (``knows_of_my_hand``), the top
    cards of a pile it looked at (``known_top_cards``, top first); and, public,
    who sees a hand this round (``hand_shown_to``) and how many top cards of a
    pile each seat knows (``top_known_by``)."""
    cdef Senjutsu* s = state_of(buf)
    cdef double ret[MAX_PLAYERS]
    cdef int n = s.players, p, c, k
    mine = 0 <= seat < n
    consoles = []
    for p in range(n):
        sam = SAMURAI[s.samurai[p]]
        active_block = None
        if s.phase == P_ACT and s.blk_init[p] != NONE and alive(s, p):
            active_block = {"initiative": s.blk_init[p], "active": s.blk_init[p] == s.cur_init,
                            "hexes": _hex_list(node_hexes(s.blk_node[p], s.hex[p], s.facing[p]))}
        consoles.append({
            "seat": p, "samurai": sam.key, "name": sam.name, "standing": bool(alive(s, p)),
            "hex": None if s.hex[p] == NONE else list(HEXES[s.hex[p]]),
            "facing": s.facing[p], "facing_name": cards_data.COMPASS_WORDS[s.facing[p]],
            "kamae": KAMAE[s.kamae[p]], "kamae_name": KAMAE_NAMES[s.kamae[p]],
            "kamae_tree": {"positions": [[letter, KAMAE_NAMES[i]] for i, letter in enumerate(KAMAE)],
                           "branches": [list(b) for b in sam.branches], "text": sam.branch_text},
            "health": sam.health, "wounds": s.wounds[p], "bleeding": s.bleed[p],
            "health_left": max(0, sam.health - s.wounds[p] - s.bleed[p]) if alive(s, p) else 0,
            "stuns": s.stuns[p], "hand_size": s.hn[p] + s.stuns[p], "hand_limit": sam.hand_limit,
            "pile_size": s.pile_len[p],
            "discards_face_up": counts_list(s.up[p]), "discards_face_down": pile_total(s.down[p]),
            "armour": card_id(s.armour[p]), "advantage": adv_pos(s, p),
            "selected": selected_id(s.sel[p]) if s.phase != P_SELECT else None,
            "replacement": card_id(s.repl[p]), "additional": card_id(s.addl[p]),
            "segments": [{"card": card_id(s.seg_card[p][k]), "index": k, "initiative": s.seg_init[p][k],
                          "fixed": bool(k > 0 or (s.init_fixed >> p) & 1),
                          "resolved": bool((s.seg_done[p] >> k) & 1)} for k in range(s.nseg[p])],
            "cancelled": bool((s.cancelled >> p) & 1), "no_move": bool((s.nomove >> p) & 1),
            "block": active_block,
            "known_cards": counts_list(s.kh[seat][p]) if mine and p != seat else [],
            "hand_shown": counts_list(s.hand[p]) if mine and p != seat and (s.rev[p] >> seat) & 1 else None,
            "hand_shown_to": [q for q in range(n) if q != p and (s.rev[p] >> q) & 1],
            "knows_of_my_hand": counts_list(s.kh[p][seat]) if mine and p != seat else [],
            "known_top": s.ntop[seat][p] if mine else 0,
            "known_top_cards": _known_top(s, seat, p) if mine else [],
            "top_known_by": [s.ntop[q][p] for q in range(n)],
            "discards_face_down_cards": counts_list(s.down[p]) if p == seat else None,
        })
    hand = []
    if mine:
        for c in range(len(CARDS)):
            if s.hand[seat][c]:
                hand.append({**CARD_INFO[c], "count": s.hand[seat][c]})
        core = T.S_CORE[s.samurai[seat]]
        core_info = {**CARD_INFO[core], "in_hand": bool(s.core_in[seat])}
    last_attack = None
    if s.la_seat != NONE and s.la_node != NO_NODE:
        last_attack = {"seat": s.la_seat, "card": None,
                       "hexes": _hex_list(node_hexes(s.la_node, s.la_hex, s.la_facing))}
    segment = None
    for k in range(s.depth - 1, -1, -1):
        if s.stack[k].ctx != NONE and s.stack[k].ctx < s.n_ctx:
            x = &s.ctx[s.stack[k].ctx]
            segment = {"seat": x.seat, "card": card_id(x.card), "initiative": s.cur_init}
            break
    winners = []
    if s.phase == P_OVER:
        sj_returns(s, ret)
        winners = [p for p in range(n) if ret[p] > 0]
    return {
        "game": NAME, "players": n, "seat": seat, "round": s.round, "phase": PHASES[s.phase],
        "step": s.cur_init if s.phase == P_ACT else None,
        "board": {"hexes": [list(h) for h in HEXES],
                  "terrain": _hex_list(s.terrain_hexes), "layout": TERRAINS[s.terrain]},
        "advantage": [s.adv[i] for i in range(n)],
        "samurai": consoles,
        "hand": hand,
        "stuns_in_hand": s.stuns[seat] if mine else 0,
        "core": core_info if mine else None,
        "decision": _decision(s, seat),
        "segment": segment,
        "last_attack": last_attack,
        "scores": scores(buf),
        "winners": winners,
    }


# ---------------------------------------------------------------- steps

cdef dict _event(Senjutsu* s, Event* e):
    """One logged event as a step: its ``kind`` (``step`` repeats it), the
    seat it is about, its fields, and its line of the record (``text``)."""
    k = e.kind
    p = e.seat
    who = _name(s, p) if p < s.players else ""
    d = {"step": "", "seat": p if p < s.players else None, "text": ""}
    def put(step, text, **more):
        d.update(step=step, kind=step, text=text, **more)
        return d
    if k == E_ROUND:
        return put("round", f"round {e.c}", round=e.c)
    if k == E_MILL:
        return put("bleed", f"{who} bleeds: the top card of the deck goes face down to the discards")
    if k == E_DRAW:
        return put("draw", f"{who} draws a card")
    if k == E_EMPTY:
        return put("empty deck", f"{who} has no card to draw: 1 wound")
    if k == E_PLACE:
        return put("place", f"{who} takes the field on {HEX_NAMES[e.a]}, facing "
                            f"{cards_data.COMPASS_WORDS[e.b]}", hex=list(HEXES[e.a]), facing=e.b)
    if k == E_REVEAL:
        if e.a == SEL_STUN:
            return put("reveal", f"{who} plays a stun card (no actions)", card="stun")
        if e.a >= NC:
            return put("reveal", f"{who} plays no card", card=None)
        return put("reveal", f"{who} reveals {CARD_NAMES[e.a]}", card=CARD_IDS[e.a])
    if k == E_REPLACE:
        return put("replacement", f"{who} replaces {CARD_NAMES[e.b]} with {CARD_NAMES[e.a]} "
                                  f"(initiative {e.c})", card=CARD_IDS[e.a], replaced=CARD_IDS[e.b],
                   at=e.c)
    if k == E_INIT:
        return put("initiative", f"{who} fixes {CARD_NAMES[e.b]} at initiative {e.a}", initiative=e.a,
                   fixes=CARD_IDS[e.b])
    if k == E_SEGMENT:
        segs = SEGMENT_WORDS[e.a]
        return put("segment", f"at {e.c}: {who} resolves {CARD_NAMES[e.a]}"
                              + (f" (part {e.b + 1})" if len(segs) > 1 else "") + f": {segs[e.b]}",
                   card=CARD_IDS[e.a], index=e.b, initiative=e.c)
    if k == E_MOVE:
        how = MOVES[e.c if e.c < 4 else 0]
        return put("move", f"{who} {MOVE_WORDS[how]} to {HEX_NAMES[e.b]}", hex=list(HEXES[e.b]), how=how,
                   **{"from": list(HEXES[e.a]) if e.a < T.N_HEX else None})
    if k == E_COLLIDE:
        into = ("the edge", "terrain", _name(s, e.a))[e.b]
        what = ("edge", "terrain", "samurai")[e.b]
        return put("collision", f"{who} collides with {into} and stays put", into=into, what=what,
                   other=e.a if what == "samurai" and e.a < s.players else None)
    if k == E_ROTATE:
        return put("rotate", f"{who} turns to face {cards_data.COMPASS_WORDS[e.a]}", facing=e.a)
    if k == E_ATTACK:
        hexes = _hex_list(node_hexes(e.c, e.a, e.b))
        hit = seats_of(e.d & 255, s.players)
        blocked = seats_of(e.d >> 8, s.players)
        parts = []
        if hit:
            parts.append("hits " + ", ".join(_name(s, q) for q in hit))
        if blocked:
            parts.append("is blocked by " + ", ".join(_name(s, q) for q in blocked))
        return put("attack", f"{who} attacks: " + ("; ".join(parts) if parts else "nobody there"),
                   hexes=hexes, hit=hit, blocked=blocked)
    if k == E_WOUND:
        return put("wound", f"{who} takes {cards_data.wounds_text(e.a, e.b)}", wounds=e.a, bleeding=e.b)
    if k == E_ARMOUR:
        if e.a:
            return put("armour", f"{who} dons Heavy Armour for the rest of the game", donned=True)
        return put("armour", f"{who}'s Heavy Armour takes a wound off (and a stun)", donned=False)
    if k == E_BLOCK:
        return put("block", f"{who} blocks at {e.d}", hexes=_hex_list(node_hexes(e.c, e.a, e.b)),
                   initiative=e.d)
    if k == E_COUNTER:
        return put("counter", f"{who} counters: {_name(s, e.a)} takes 1 wound", wounded=_seat(s, e.a))
    if k == E_STUN:
        return put("stun", f"{who} takes a stun card")
    if k == E_DRAWN:
        return put("draw", f"{who} draws {e.a} card{'s' if e.a != 1 else ''}" if e.a else f"{who} draws nothing",
                   cards=e.a)
    if k == E_FDRAW:
        return put("forced draw", f"{who} draws {e.a}" + (f" and takes {e.b} wound(s) for an empty deck" if e.b else ""),
                   drawn=e.a, empty_wounds=e.b)
    if k == E_DISC_DOWN:
        return put("discard", f"{who} discards a card face down", face_up=False)
    if k == E_DISC_UP:
        return put("discard", f"{who} discards {CARD_NAMES[e.a]} face up", card=CARD_IDS[e.a], face_up=True)
    if k == E_PUSH:
        return put("push", f"{_name(s, e.a)} {'pulls' if e.b else 'pushes'} {who} {e.c}", by=_seat(s, e.a),
                   pull=bool(e.b), hexes_moved=e.c)
    if k == E_TURN:
        return put("turn", f"{who} is turned to face {cards_data.COMPASS_WORDS[e.a]}", facing=e.a)
    if k == E_SWAP:
        return put("swap", f"{who} swaps places with {_name(s, e.a)}", other=_seat(s, e.a))
    if k == E_KAMAE:
        by = "" if e.c == p else f" ({_name(s, e.c)}'s doing)"
        return put("kamae", f"{who} moves from {KAMAE_NAMES[e.a]} to {KAMAE_NAMES[e.b]}{by}", kamae=KAMAE[e.b],
                   was=KAMAE[e.a], by=None if e.c == p else _seat(s, e.c))
    if k == E_SEARCH:
        if e.b:
            return put("search", f"{who} finds nothing to take", found=False)
        if e.a >= NC:
            return put("search", f"{who} takes a face-down card from the discards", found=True)
        return put("search", f"{who} takes {CARD_NAMES[e.a]} from the discards", card=CARD_IDS[e.a], found=True)
    if k == E_TOP3:
        return put("top 3", f"{who} looks at the top {e.a} cards of the deck and takes one", looked_at=e.a)
    if k == E_SHUFFLE:
        if e.b:
            return put("shuffle", f"{who} shuffles {e.a} discard(s) back into the deck", shuffled=e.a, some=True)
        return put("shuffle", f"{who} shuffles the discards ({e.a} cards) into the deck", shuffled=e.a, some=False)
    if k == E_REV:
        return put("reveal hand", f"{_name(s, e.a)} shows its hand to {who}", shown_by=_seat(s, e.a))
    if k == E_ADV:
        return put("advantage", f"{who} takes the advantage")
    if k == E_CANCEL:
        return put("cancel", f"{who}'s card is cancelled" + (" by the collision" if e.a else ""),
                   by_collision=bool(e.a))
    if k == E_NOMOVE:
        return put("no move", f"{who} may not step or rotate by its cards this round")
    if k == E_CONVERT:
        return put("bleeding", f"{e.a} of {who}'s wounds become bleeding wounds", converted=e.a)
    if k == E_PLAYFOE:
        return put("play foe's card", f"{who} plays {_name(s, e.b)}'s {CARD_NAMES[e.a]} as its own",
                   card=CARD_IDS[e.a], owner=_seat(s, e.b))
    if k == E_TUCK:
        return put("tuck", f"{who} shuffles {e.b} of {_name(s, e.a)}'s cards into its deck; it draws {e.b}",
                   target=_seat(s, e.a), tucked=e.b)
    if k == E_GIVE:
        return put("give", f"{who} puts one of {_name(s, e.a)}'s top cards into its hand", target=_seat(s, e.a))
    if k == E_ADDITIONAL:
        return put("additional", f"{who} adds {CARD_NAMES[e.a]} to {CARD_NAMES[e.b]}", card=CARD_IDS[e.a],
                   joins=CARD_IDS[e.b])
    if k == E_DEFEAT:
        return put("defeat", f"{who} falls")
    if k == E_DISCARD_PHASE:
        return put("discard phase", "discard phase: hands down to the limit")
    if k == E_END:
        return put("end of round", "end of the round")
    if k == E_CHOICE:
        chosen = _node_words(nth_child(e.c, e.a))
        return put("choice", f"{who} chooses: {chosen}", chosen=chosen)
    if k == E_GAME_OVER:
        standing = seats_of(e.a, s.players)
        fell = seats_of(e.b, s.players)
        if len(standing) == 1:
            return put("game over", f"{_name(s, standing[0])} is the last samurai standing",
                       standing=standing, fell=fell)
        if standing:
            return put("game over", "the round limit: " + " and ".join(_name(s, q) for q in standing)
                       + " share a draw", standing=standing, fell=fell)
        return put("game over", "everyone left fell at once: " + " and ".join(
            _name(s, q) for q in fell) + " share a draw", standing=standing, fell=fell)
    return put("?", "?")


def steps(const unsigned char[::1] buf, int start=0, stop=None):
    """This round's steps so far (kept after the round ends until the next
    move): each a map with its ``kind`` (``step`` repeats it), the ``seat``
    it is about (None for the round's own steps), its fields (``hexes`` an
    attack covered or a block protects, ``card``, ``hit``, ``by``...) and
    ``text``, its line of the game's record; the app words a step from its
    fields.  Steps are public: a card drawn, looked at or discarded face
    down is never named."""
    cdef Senjutsu* s = state_of(buf)
    cdef int end = s.n_log if stop is None else min(stop, s.n_log)
    out = [_event(s, &s.log[i]) for i in range(max(start, 0), end)]
    if s.log_lost and stop is None:
        out.append({"step": "...", "kind": "...", "seat": None, "text": "(more steps than the log keeps)"})
    return out

