"""Pride of Ninja as one seat sees it, in a position text (``engine.position_text``).

A seat knows the PP, the Victim's Cards, the last round (every card was
turned up), every pick of this round as it was revealed (another seat's
face-down pick as ``"?"``), its hand, and the hands it held at the earlier
picks: so it knows what it passed on, and what of that came back.

Reading a text, the other hands and the face-down picks are filled in a way
consistent with all of that, hand by hand round the table (``fill``); the
game's determinization then deals them again at random.

A game's record (``engine.record_text``) is a draft as one seat saw it:
each move names every seat's pick as it was revealed (another seat's
face-down card only as "a card face down to the back row"), and its
``seen`` gives what only the seat saw: ``hand``, the hand passed to it
next (after the last choice of a round, the hand dealt for the next), and
when a round ends ``previous``, the rows turned up, and, at three players,
``victims``.  Reading one (``deal``), each round is filled once from all
of that, later hands and the rows at its end included (the hand passed at
the fifth pick was fixed by the deal), then its hidden cards are drawn
again uniformly among the arrangements that fit it all, and the moves are
replayed from there.  The engine's determinization knows only the past of
a position, not the hands the record shows later, nor the rows; the draw
here shuffles the seat's knowledge groups as it does, and, where the rows
are known, counts the arrangements that give them to draw one.

>>> from ninja_dojo.engine import new_game
>>> from ninja_dojo.engine.position_text import position, text_of
>>> s = new_game("pride_of_ninja", players=3, seed=1)
>>> print(text_of(s, 0).split("# your hand")[1].splitlines()[1])
hand = ["Ninja", "Ninja", "Ninja", "Ninja", "Samurai", "Miko", "Shogun"]
>>> position(text_of(s, 0), seed=1).view(0) == s.view(0)
True
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from ninja_dojo.engine import checks, position_text
# (the module, not its names: the games' packages import this one while
# engine.state is still filling its registry)
from ninja_dojo.engine import state as _state
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.position_text import Entry, body_keys
from ninja_dojo.engine.pride_of_ninja.notation import action_id, action_name, describe, parse_action
from ninja_dojo.engine.pride_of_ninja.rules import HAND_SIZES, HIDDEN_PICK, PHASES, PLAYERS, ROWS, cards
from ninja_dojo.engine.pride_of_ninja.views import view

#: another seat's face-down pick, as the text writes it
UNSEEN = "?"

#: the keys with one entry per seat, seat 1 first (engine.position_text.in_text_words)
SEATED = ("pp", "previous.front_rows", "previous.back_rows", "previous.pp_before")


def known(buf, seat: int) -> list[Entry]:
    v = view(buf, seat)
    entries = [
        Entry("round", v["round"], "the round"),
        Entry("phase", v["phase"], "draft, or over"),
        Entry("pp", v["pp"], "each seat's Pride Points, seat 1 first"),
    ]
    if v["phase"] == "draft":
        entries += [
            *([Entry("victims", v["victims"], "the Victim's Cards, face up")] if v["players"] == 3 else []),
            Entry("picks", [[[UNSEEN if card is None else card, row] for card, row in joint]
                            for joint in v["picks"]],
                  "this round's picks as they were revealed, the first pick first: [card, row] "
                  f"for each seat, seat 1 first; {UNSEEN!r}: a card that went face down"),
            Entry("held", v["hands_held"][:-1], "the hand you held at each of those picks, before picking"),
            Entry("hand", v["hand"], "your hand"),
        ]
    if v["last_round"] is not None:
        last = v["last_round"]
        entries.append(Entry("previous", {
            "front_rows": last["front_rows"], "back_rows": last["back_rows"],
            "victims": last["victims"], "pp_before": last["pp_before"],
        }, "the last round, every card face up: each seat's rows, seat 1 first, and the PP before "
           "it was scored"))
    return entries


def fields(doc: dict, players: int, seat: int, options: dict) -> dict:
    """The named fields of the position ``doc`` describes, the other hands
    and the face-down picks filled consistently with what the seat saw."""
    phase = checks.one_of(doc.get("phase"), "phase", PHASES)
    draft = phase == "draft"
    body_keys(doc, ("round", "phase", "pp") + (("picks", "held", "hand") if draft else ())
              + (("victims",) if draft and players == 3 else ()), ("previous",))
    # (round 1 has none; the rules check the rest)
    previous = doc.get("previous")
    out = {"players": players, "deck": options["deck"], "round": doc["round"], "phase": phase,
           "pick": 0, "pp": doc["pp"], "hands": [[] for _ in range(players)], "victims": [],
           "picks": [], "rng": 0, "previous": previous}
    if draft:
        out.update(fill(doc, players, seat, options["deck"]))
    return out


def _cards(v, place: str, size: int | None = None) -> list[str]:
    checks.items(v, place, what="a list of cards")
    if size is not None and len(v) != size:
        raise PositionError(f"{place}: {len(v)} cards, expected {size}")
    for name in v:
        if not isinstance(name, str):
            raise PositionError(f"{place}: {checks.shown(name)} is not a card name")
    return v


def fill(doc: dict, n: int, me: int, deck: str, groups: dict | None = None) -> dict:
    """``pick``, ``picks``, ``hands`` and ``victims`` of the state: the hands
    the seat held, the picks revealed, and whatever it did not see, filled
    hand by hand.

    The hand dealt to seat ``h`` goes round the table: at pick ``t`` seat
    ``h + t`` holds it.  The seat saw it at picks ``r, r + n, ...`` (``r =
    me - h``); between two sightings, what left it face down is what the
    first held less what the second did, less the picks seen; after the
    last, what is left of it; before the first (and a hand never seen),
    the rest of the deck.  Each of these is one of the seat's knowledge
    groups (rules.pyx's ``group_of``): ``groups``, if given, gets every
    hidden place, ``("pick", t, seat)`` or ``("hand", seat)``, under its
    group (0: the rest of the deck; ``(h, k)``: what left hand ``h`` after
    the seat's ``k``-th sighting of it), so that any arrangement of a
    group's cards over its places fits too.
    """
    groups = {} if groups is None else groups
    size = HAND_SIZES[n - PLAYERS[0]]
    picks = checks.items(doc["picks"], "picks", what="a list of picks")
    T = len(picks)
    if T >= size:
        raise PositionError(f"picks: {T} picks listed; a hand of {size} has at most {size - 1} choices")
    seen = []
    for t, joint in enumerate(picks):
        if not isinstance(joint, list) or len(joint) != n:
            raise PositionError(f"picks: pick {t + 1}: expected one [card, row] per seat ({n})")
        row = []
        for j, pr in enumerate(joint):
            if not (isinstance(pr, list) and len(pr) == 2 and all(isinstance(x, str) for x in pr)):
                raise PositionError(f"picks: pick {t + 1}, seat {j + 1}: expected [card, row]")
            checks.one_of(pr[1], f"picks: pick {t + 1}, seat {j + 1}: row", ROWS)
            if pr[0] == UNSEEN and (j == me or pr[1] == "front"):
                raise PositionError(f"picks: pick {t + 1}, seat {j + 1}: only another seat's face-down "
                                    f"card is {UNSEEN!r}")
            row.append(pr)
        seen.append(row)
    held = checks.items(doc["held"], "held", what="a list of hands")
    if len(held) != T:
        raise PositionError(f"held: {len(held)} hands, one for each of the {T} picks expected")
    contents = [Counter(_cards(h, f"held: pick {t + 1}", size - t)) for t, h in enumerate(held)]
    # (a record's round ends with a pick without a choice, from a hand not seen: ``hand`` None)
    seen_now = doc["hand"] is not None
    if seen_now:
        contents.append(Counter(_cards(doc["hand"], "hand", size - T)))
    victims = _cards(doc.get("victims", []), "victims")
    deck_counts = Counter({name: count for name, _, count in cards(deck, n) if count})
    for name in [*victims, *(c for h in contents for c in h), *(p[0] for j in seen for p in j)]:
        if name != UNSEEN and name not in deck_counts:
            raise PositionError(f"{checks.shown(name)} is not a card of the {n}-player {deck} deck")
    for t in range(T):
        if seen[t][me][0] not in contents[t]:
            raise PositionError(f"picks: pick {t + 1}: your {seen[t][me][0]!r} was not in the hand "
                                "you held (held)")

    picked = [[p[0] for p in joint] for joint in seen]     # UNSEEN where to fill
    hands: list[list[str] | None] = [None] * n
    rest = deck_counts - Counter(victims)                  # the unseen part of the deck
    if sum(Counter(victims).values()) != sum(deck_counts.values()) - n * size:
        raise PositionError(f"victims: {len(victims)} cards; expected {sum(deck_counts.values()) - n * size}")
    to_deal = []                                           # places filled from ``rest``
    for h in range(n):
        holder = lambda t: (h + t) % n
        sightings = list(range((me - h) % n, T + seen_now, n))
        first = sightings[0] if sightings else T + 1
        for t in range(min(first, T)):
            if picked[t][holder(t)] == UNSEEN:
                to_deal.append((t, holder(t)))
                groups.setdefault(0, []).append(("pick", t, holder(t)))
            else:
                _take(rest, picked[t][holder(t)], f"pick {t + 1}, seat {holder(t) + 1}", "the deck")
        if not sightings:
            to_deal.append((T, holder(T)))
            groups.setdefault(0, []).append(("hand", holder(T)))
            continue
        _take(rest, contents[first], "the hands you held", "the deck", many=True)
        for k, s in enumerate(sightings):
            left = contents[s].copy()
            end = sightings[k + 1] if k + 1 < len(sightings) else T
            if s < T:
                left[picked[s][me]] -= 1
            blanks = []
            for t in range(s + 1, end):
                name = picked[t][holder(t)]
                if name == UNSEEN:
                    blanks.append(t)
                else:
                    _take(left, name, f"pick {t + 1}, seat {holder(t) + 1}", "the hand passed to it")
            if k + 1 < len(sightings):
                _take(left, contents[end], f"the hand you held at pick {end + 1}",
                      "the hand you passed on before", many=True)
                if sum(left.values()) != len(blanks):
                    raise PositionError(f"held: pick {end + 1}: the hand came back with "
                                        f"{sum(left.values()) - len(blanks)} cards too few")
            names = list(left.elements())
            for t, name in zip(blanks, names):
                picked[t][holder(t)] = name
            groups[h, k] = [("pick", t, holder(t)) for t in blanks]
            if k + 1 == len(sightings) and s < T:
                hands[holder(T)] = names[len(blanks):]
                groups[h, k].append(("hand", holder(T)))
            elif s == T:
                hands[me] = list(contents[T].elements())
    pool = list(rest.elements())
    want = sum(size - T if t == T else 1 for t, _ in to_deal)
    if len(pool) != want:
        raise PositionError(f"{len(pool)} cards of the deck are unseen, but {want} places are hidden "
                            f"from you: the hands held, the picks or the Victim's Cards do not add up")
    for t, j in to_deal:
        if t == T:
            hands[j], pool = pool[:size - T], pool[size - T:]
        else:
            picked[t][j], pool = pool[0], pool[1:]
    return {"pick": T, "victims": victims, "hands": hands,
            "picks": [[[picked[t][j], seen[t][j][1]] for j in range(n)] for t in range(T)]}


def _take(counter: Counter, what, whose: str, source: str, many: bool = False) -> None:
    """Remove ``what`` (a card, or a Counter if ``many``) from ``counter``,
    or say it was not there."""
    need = what if many else Counter([what])
    short = need - counter
    if short:
        raise PositionError(f"too many {checks.shown(next(iter(short)))}: {source} has none left "
                            f"for {whose}")
    counter.subtract(need)


# ------------------------------------------------------------------ records
#: A record of moves (engine.record_text) is read for Pride of Ninja too:
#: every pick is seen as it is revealed (another seat's face-down card only
#: as "a card face down to the back row"), and each move's ``seen`` says
#: what the moves do not (``pinned``).
RECORD = True
#: How many arrangements of the unseen cards are tried for a round whose
#: last picks were forced several at once (an arrangement may leave a choice
#: where the game had none); a round with one forced pick takes the first.
TRIES = 200


def pinned(before: dict, after: dict) -> tuple[str, ...]:
    """What a record's move must say it showed: the hand passed to you
    (``hand``: the hand you hold next, or the one dealt to you when the round
    ended); when a round ends, the rows turned up (``previous``) and, at
    three players, the new Victim's Cards.  (Picks without a choice come
    only at a round's end: once every seat's pick is forced, each is passed
    a hand of one kind and keeps its full row, up to the end.)"""
    keys = []
    new_round = after["round"] != before["round"] or after["phase"] != before["phase"]
    if after["phase"] == "draft":
        keys.append("hand")
        if new_round and "victims" in after:
            keys.append("victims")
    if new_round:
        keys.append("previous")
    return tuple(keys)


def deal(state, seat: int, moves: list, seens: list, i: int, seed: int):
    """``state`` (before move ``i`` of a record read by
    ``engine.record_text``) with everything ``seat`` cannot see dealt again,
    at random, consistently with all the record says of this round: the
    picks of its moves and every hand ``seat`` was passed, however late (a
    draft's later hands are fixed by the deal), and the rows turned up at
    its end; and ``{move index: {seat: action id}}``, the picks this deal
    plays (another seat's face-down card is named only as such).

    It deals at the start of the record and whenever the game dealt a new
    round (the engine's deal knows nothing of the record); inside a round
    the world dealt at its start already fits every move of it.
    """
    v = state.view(seat)
    if v["phase"] != "draft" or (i and v["pick"]):
        return state, {}
    n, size, T0, deck = v["players"], v["hand_size"], v["pick"], v["deck"]
    if i and T0 == 0:
        # a new round: the engine dealt it at random; the record says what you got
        told, where = seens[i - 1], f"moves: move {i}: seen"
        hand = _told(told, "hand", where, f"the hand dealt to you for round {v['round']}")
        victims = _told(told, "victims", where, "the new Victim's Cards") if n == 3 else []
    else:
        hand, victims = v["hand"], v["victims"]
    picks = [[[UNSEEN if card is None else card, row] for card, row in joint] for joint in v["picks"]]
    held = list(v["hands_held"][:-1])
    at = {}                       # move index -> its pick in this round
    rows, ended, j = None, None, i
    while len(picks) < size - 1 and j < len(moves) and sorted(moves[j]) == list(range(n)):
        t = len(picks)
        at[j] = t
        picks.append([_pick(moves[j][p], p == seat, f"moves: move {j + 1}, seat {p + 1}") for p in range(n)])
        held.append(hand)
        told, where = seens[j], f"moves: move {j + 1}: seen"
        j += 1
        nxt = told.get("hand")
        if t + 1 == size - 1 or "previous" in told or (isinstance(nxt, list) and len(nxt) == size):
            ended, rows = j - 1, told.get("previous")
            hand = None         # (the last card comes from a hand seen earlier, or not at all)
            break
        hand = _told(told, "hand", where, "the hand passed to you")
    T = len(picks)
    doc = {"picks": picks, "held": held, "hand": hand, "victims": victims}
    groups: dict = {}
    try:
        world = fill(doc, n, seat, deck, groups)
    except PositionError as e:
        raise PositionError(_first_wrong(doc, n, seat, deck, i, T0, v["round"], e)) from None
    rng = random.Random(seed)
    places = [(g, place) for g, ps in groups.items() for place in ps]
    # (only a round ending in several picks without a choice may need more than one)
    for _ in range(TRIES if ended is not None and T < size - 1 else 1):
        if ended is not None and rows is not None:
            dealt = _fit_rows(world, places, rows, v, rng, f"moves: move {ended + 1}: seen: previous")
        else:
            dealt = _shuffled(world, places, rng)
        new = _at_pick(state, dealt, T0, T, n, victims)
        plan = {m: {p: action_id(dealt["picks"][t][p][0], dealt["picks"][t][p][1]) for p in range(n)}
                for m, t in at.items()}
        if ended is None or _plays(new, seat, plan, moves, seens, i, ended):
            return new, plan
    raise PositionError(f"moves: move {ended + 1}: it cannot show what its 'seen' says in any deal you "
                        "could not tell from yours")


def _told(told: dict, key: str, where: str, what: str):
    if key not in told:
        raise PositionError(f"{where}: {key!r} missing ({what})")
    return told[key]


def _pick(name, mine: bool, where: str) -> list:
    """A move's pick as the text's ``[card, row]`` (``UNSEEN`` for another
    seat's face-down card)."""
    try:
        card, row = describe(parse_action(name))[1].values()
    except PositionError as e:
        raise PositionError(f"{where}: {e}") from None
    if mine and card is None:
        raise PositionError(f"{where}: your own card is named ('Miko face down to the back row')")
    if not mine and row == "back" and card is not None:
        raise PositionError(f"{where}: {name!r}: another seat's face-down card is seen only as "
                            f"{action_name(HIDDEN_PICK)!r}")
    return [UNSEEN if card is None else card, row]


def _first_wrong(doc: dict, n: int, seat: int, deck: str, i: int, T0: int, rnd: int, error) -> str:
    """``error`` of filling a round, said at the first move from which the
    round does not add up (the picks and hands up to it, and no further)."""
    for t in range(T0, len(doc["picks"]) + 1):
        cut = {"picks": doc["picks"][:t], "held": doc["held"][:t],
               "hand": doc["held"][t] if t < len(doc["held"]) else doc["hand"], "victims": doc["victims"]}
        try:
            fill(cut, n, seat, deck)
        except PositionError as e:
            move = i + t - T0
            return f"{'moves: move ' + str(move) if move else 'start'} (round {rnd}, pick {max(t, 1)}): {e}"
    return f"moves: round {rnd}: {error}"


def _cards_of(world: dict, place) -> list:
    return [world["picks"][place[1]][place[2]][0]] if place[0] == "pick" else world["hands"][place[1]]


def _placed(world: dict, cards: dict) -> dict:
    """``world`` with the cards of some places replaced."""
    picks = [[list(pr) for pr in joint] for joint in world["picks"]]
    hands = [list(h) for h in world["hands"]]
    for place, names in cards.items():
        if place[0] == "pick":
            picks[place[1]][place[2]][0] = names[0]
        else:
            hands[place[1]] = list(names)
    return {**world, "picks": picks, "hands": hands}


def _shuffled(world: dict, places: list, rng: random.Random) -> dict:
    """Each knowledge group's cards shuffled over its places: a uniform draw
    among the worlds the seat cannot tell apart (as the determinization)."""
    out = {}
    for g in dict.fromkeys(g for g, _ in places):
        mine = [p for h, p in places if h == g]
        cards = [c for p in mine for c in _cards_of(world, p)]
        rng.shuffle(cards)
        for p in mine:
            k = len(_cards_of(world, p))
            out[p], cards = cards[:k], cards[k:]
    return _placed(world, out)


def _fit_rows(world: dict, places: list, rows, v: dict, rng: random.Random, where: str) -> dict:
    """A world drawn uniformly among those whose knowledge groups hold their
    cards and whose rows, at the round's end, are ``rows`` (the ``previous``
    a record's move turned up): each hidden card counts in the row of the
    seat that picks it, and the arrangements are counted to draw one."""
    n, limits, T = v["players"], v["row_limits"], len(world["picks"])
    if not isinstance(rows, dict) or not {"front_rows", "back_rows"} <= set(rows):
        raise PositionError(f"{where}: expected a table with front_rows and back_rows")
    if rows.get("pp_before", v["pp"]) != v["pp"]:
        raise PositionError(f"{where}: pp_before: {checks.shown(rows['pp_before'])}, but the round began "
                            f"with {v['pp']}")
    if Counter(map(str, checks.items(rows.get("victims", []), f"{where}: victims"))) != Counter(world["victims"]):
        raise PositionError(f"{where}: victims: not this round's Victim's Cards {world['victims']}")
    need = {}
    for key, row in (("front_rows", "front"), ("back_rows", "back")):
        lists = checks.items(rows[key], f"{where}: {key}", n, what=f"a list of {n} rows")
        for p, lst in enumerate(lists):
            need[p, row] = Counter(_cards(lst, f"{where}: {key}[{p + 1}]"))
    filled = Counter(((p, r) for joint in world["picks"] for p, (_, r) in enumerate(joint)))
    if n == 5:
        for p in range(n):      # (the 5-player card)
            need[p, "back"][v["cards"][0]["name"]] -= 1
            filled[p, "back"] += 1
    # The cards left at pick T are picked with no choice: card u of the hand
    # seat p holds goes to seat p + u, into its row with room.
    room = {p: "front" if filled[p, "front"] < limits["front"] else "back" for p in range(n)}

    def goes(place, u: int) -> tuple:
        if place[0] == "pick":
            return place[2], world["picks"][place[1]][place[2]][1]
        x = (place[1] + u) % n
        return x, room[x]

    hidden = {q for _, q in places}
    shown = [("pick", t, p) for t in range(T) for p in range(n)] + [("hand", p) for p in range(n)]
    for q in shown:
        if q not in hidden:
            for u, card in enumerate(_cards_of(world, q)):
                need[goes(q, u)][card] -= 1
    for (p, r), left in need.items():
        if any(k < 0 for k in left.values()):
            raise PositionError(f"{where}: seat {p + 1}'s {r} row lacks cards it was seen to take")
    names = sorted({c for left in need.values() for c in +left} | {c for q in hidden for c in _cards_of(world, q)})
    gid = {g: k for k, g in enumerate(dict.fromkeys(g for g, _ in places))}
    cid = {c: k for k, c in enumerate(need)}
    slots = [(gid[g], cid[goes(q, u)], q) for g, q in places for u in range(len(_cards_of(world, q)))]
    g0 = [[0] * len(names) for _ in gid]
    for g, q in places:
        for card in _cards_of(world, q):
            g0[gid[g]][names.index(card)] += 1
    c0 = tuple(tuple(max(need[c][name], 0) for name in names) for c in cid)
    g0 = tuple(map(tuple, g0))

    @lru_cache(maxsize=None)
    def ways(k: int, gs: tuple, cs: tuple) -> int:
        if k == len(slots):
            return int(not any(map(any, cs)))
        g, c, _ = slots[k]
        return sum(ways(k + 1, _less(gs, g, x), _less(cs, c, x))
                   for x in range(len(names)) if gs[g][x] and cs[c][x])

    if not ways(0, g0, c0):
        raise PositionError(f"{where}: the rows turned up do not fit the picks seen and the hands you held")
    gs, cs, out = g0, c0, {}
    for k, (g, c, q) in enumerate(slots):
        options = [x for x in range(len(names)) if gs[g][x] and cs[c][x]]
        weights = [ways(k + 1, _less(gs, g, x), _less(cs, c, x)) for x in options]
        x = rng.choices(options, weights)[0]
        gs, cs = _less(gs, g, x), _less(cs, c, x)
        out.setdefault(q, []).append(names[x])
    return _placed(world, out)


def _less(counts: tuple, i: int, x: int) -> tuple:
    row = counts[i]
    return counts[:i] + (row[:x] + (row[x] - 1,) + row[x + 1:],) + counts[i + 1:]


def _at_pick(state, world: dict, T0: int, T: int, n: int, victims: list):
    """The position at pick ``T0`` of ``world`` (filled to pick ``T``): each
    seat holds what its hand held then, the cards picked from it since put
    back."""
    hands = []
    for x in range(n):
        h = (x - T0) % n
        hands.append(list(world["hands"][(h + T) % n])
                     + [world["picks"][t][(h + t) % n][0] for t in range(T0, T)])
    f = {**state.fields(), "pick": T0, "picks": world["picks"][:T0], "hands": hands, "victims": victims}
    return _state.State(state.name, state.game.from_fields(f), state.options, state.seed)


def _plays(world, seat: int, plan: dict, moves: list, seens: list, i: int, ended: int) -> bool:
    """Whether the round, played in ``world`` by ``plan``, shows what the
    record says it showed, and ends after move ``ended``."""
    world = world.clone()
    for m in range(i, ended + 1):
        if world.movers() != list(range(world.players)):
            return False
        for s, a in plan[m].items():
            if a not in world.legal_action_ids(s):
                raise PositionError(f"moves: move {m + 1}, seat {s + 1}: {moves[m][s]!r} cannot be played: "
                                    "that row is full")
        world.apply(plan[m])
        seen = {e.key: e.value for e in position_text.known(world, seat)}
        told = seens[m] if m < ended else {k: seens[m][k] for k in ("previous",) if k in seens[m]}
        if any(seen.get(k) != val for k, val in told.items()):
            return False
    return world.view(seat)["pick"] == 0 or world.view(seat)["phase"] == "over"
