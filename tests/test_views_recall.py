"""Views with perfect recall: ``state.view(seat)`` holds everything ``seat``
knows of the hidden cards, no more and no less, in every game.

What a seat knows is written out here for each game, from its rules ("who
sees what" in ``docs/rules/<game>.md``), as a function of the position's
fields: ``KNOWS[game](fields, seat)``.  Positions of seeded random games are
then changed by swapping hidden cards in their fields, each swap named by
what it changes: something the seat saw (a card of a hand it passed on, its
own face-down discard, the top card it looked at...) or something it did not
(two cards neither of which it saw).  For every swap that gives a legal
position, and every seat:

- a swap the seat saw changes its knowledge and its view; a swap it did not
  see changes neither;
- the determinizations of the two positions for that seat, with one seed,
  are the same exactly when its knowledge is: the view keeps what the
  search keeps, the engine's own account of what a seat has seen.

And on every position met, a determinization for a seat shows it the same
view (``tests/test_properties_determinize.py`` checks the same at every
decision of Hypothesis-drawn games).
"""
from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from ninja_dojo import engine
from ninja_dojo.engine import PositionError, State
from tests.play import random_joint
from tests.test_pride_of_ninja_determinize import seen as pride_knows

#: Games per player count, and swaps tried per position, seat and kind.
GAMES = 8
TRIES = 3


def positions(game: str, players, seed: int, per_game: int = 3):
    """A few positions of each of ``GAMES`` seeded random games per player
    count (options at their defaults), anywhere from the deal to the end,
    and a few more where the seat's knowledge is rare (``RARE``)."""
    rng = random.Random(seed)
    rare = RARE.get(game, lambda f: False)
    for n in players:
        for _ in range(GAMES):
            s = engine.new_game(game, n, seed=rng.randrange(10**6))
            trail = []
            while not s.is_terminal():
                trail.append(s.clone())
                s.apply(random_joint(s, rng))
            picked = set(rng.sample(range(len(trail)), min(per_game, len(trail))))
            notable = [t for t, x in enumerate(trail) if rare(x.fields())]
            picked |= set(rng.sample(notable, min(per_game, len(notable))))
            for t in sorted(picked):
                yield trail[t]


#: Knowledge random play seldom makes: Ninjato's CR4 peek and the cards
#: kept through a Dojo reshuffle, Senjutsu's top cards looked at.
RARE = {
    "ninjato": lambda f: any(f["peeked"]) or any(map(any, f["older"])),
    "senjutsu": lambda f: any(map(any, f["known_tops"])),
}


def load(state: State, fields: dict) -> State | None:
    """The position of ``fields``, or None when the loader refuses it (a
    swap that breaks a rule of the position)."""
    try:
        return State(state.name, state.game.from_fields(fields), state.options, state.seed)
    except PositionError:
        return None


def multiset(cards) -> list:
    return sorted(Counter(cards).items())


# ----------------------------------------------------------- what a seat knows

def ninjan_knows(f, o):
    """Its own hand; of the other hands and the box only their sizes."""
    k = {key: v for key, v in f.items() if key not in ("hands", "box")}
    k.update(hand=sorted(f["hands"][o]), sizes=[len(h) for h in f["hands"]], box=len(f["box"]))
    return k


def san_ni_ichi_knows(f, o):
    """Its own hand and, of the others, the cards everyone saw enter them
    (``known``) and what the Smoke Bomb questions showed, both public."""
    k = {key: v for key, v in f.items() if key != "hands"}
    k.update(hand=sorted(f["hands"][o]), sizes=[len(h) for h in f["hands"]])
    return k


def ninjato_knows(f, o):
    """Its own hand; of the other hands the cards taken face up or shown in
    a play (``seen``), how many older cards each held (hidden at the Dojo
    deck's last reshuffle, less those shown since that can only have been
    older ones) and their values all together (the reshuffled deck's
    make-up was public), and the public counts of the cards shown since
    that may have been either (``older_maybe``) and of at most how many
    hidden cards are older ones (``older_at_most``); of the Guard and Elite
    decks the make-up and the top card it saw with CR4; of the Sensei, Envoy
    and Rumor decks the make-up.  The Dojo deck and the rest of the hidden
    hand cards are the Dojo cards left: nothing more."""
    n = f["players"]
    hidden = ("rng", "chance", "dojo_deck", "hands", "older", "guard_deck", "elite_deck",
              "sensei_stack", "envoy_deck", "rumor_deck")
    k = {key: v for key, v in f.items() if key not in hidden}
    for key in ("sensei_stack", "envoy_deck", "rumor_deck"):
        k[key] = sorted(f[key])
    for d, key in enumerate(("guard_deck", "elite_deck")):
        deck = f[key]
        k[key] = sorted(deck), (deck[-1] if deck and o in f["peeked"][d] else None)
    k.update(hand=f["hands"][o], sizes=[sum(h) for h in f["hands"]], dojo_deck=len(f["dojo_deck"]),
             own_older=f["older"][o], older=[sum(x) for x in f["older"]],
             older_values=[sum(f["older"][p][v] for p in range(n) if p != o) for v in range(5)])
    return k


def senjutsu_knows(f, o):
    """Its own hand and face-down discards; the top cards of a pile it
    looked at; the cards it knows in another hand and those another seat
    knows in its own; public: how many top cards of each pile each seat
    knows and who sees a hand (the rest of a seat's cards are its deck list
    less what is public and known: nothing more)."""
    n = f["players"]
    hidden = ("rng", "chance", "draw_piles", "hands", "discards_face_down", "known_hands")
    k = {key: v for key, v in f.items() if key not in hidden}
    piles = f["draw_piles"]
    k.update(hand=multiset(f["hands"][o]), face_down=multiset(f["discards_face_down"][o]),
             sizes=[(len(f["hands"][p]), len(piles[p]), len(f["discards_face_down"][p])) for p in range(n)],
             tops=[piles[p][len(piles[p]) - f["known_tops"][o][p]:] for p in range(n)],
             known=[multiset(f["known_hands"][o][p]) for p in range(n) if p != o],
             known_of_mine=[multiset(f["known_hands"][q][o]) for q in range(n) if q != o])
    return k


KNOWS = {"ninjan": ninjan_knows, "san_ni_ichi": san_ni_ichi_knows, "pride_of_ninja": pride_knows,
         "ninjato": ninjato_knows, "senjutsu": senjutsu_knows}


# ------------------------------------------------------------------ the swaps
# Each yields (name, seen, fields): one or two hidden cards moved, ``seen``
# whether the seat saw what the swap changes.

def swap_two(a: list, i: int, b: list, j: int) -> bool:
    if a[i] == b[j]:
        return False
    a[i], b[j] = b[j], a[i]
    return True


def ninjan_swaps(f, o, rng):
    n = f["players"]
    others = [p for p in range(n) if p != o and f["hands"][p]]
    for _ in range(TRIES):
        if not others:
            return
        g = copy.deepcopy(f)
        p = rng.choice(others)
        if g["hands"][o] and swap_two(g["hands"][o], rng.randrange(len(g["hands"][o])),
                                      g["hands"][p], rng.randrange(len(g["hands"][p]))):
            yield "its own hand", True, g
        g = copy.deepcopy(f)
        places = [g["hands"][q] for q in others] + ([g["box"]] if g["box"] else [])
        a, b = rng.sample(places, 2) if len(places) > 1 else (None, None)
        if a is not None and swap_two(a, rng.randrange(len(a)), b, rng.randrange(len(b))):
            yield "two cards it never saw", False, g


SMOKE = "Smoke Bomb"


def san_ni_ichi_swaps(f, o, rng):
    """Smoke Bombs stay where they are: where one may be is public too."""
    n = f["players"]

    def unknown(g, p):
        known = Counter(g["known"][p])
        out = []
        for i, c in enumerate(g["hands"][p]):
            if c != SMOKE and not known[c]:
                out.append(i)
        return out

    others = [p for p in range(n) if p != o]
    for _ in range(TRIES):
        g = copy.deepcopy(f)
        p, q = rng.sample(others, 2)
        a, b = unknown(g, p), unknown(g, q)
        if a and b and swap_two(g["hands"][p], rng.choice(a), g["hands"][q], rng.choice(b)):
            yield "two cards it never saw", False, g
        g = copy.deepcopy(f)
        mine = [i for i, c in enumerate(g["hands"][o]) if c != SMOKE and c not in g["known"][o]]
        b = unknown(g, p)
        if mine and b and swap_two(g["hands"][o], rng.choice(mine), g["hands"][p], rng.choice(b)):
            yield "its own hand", True, g
        # Everyone saw a card join p's hand (a Tonfa, a Smoke Bomb's draw):
        # in the other world it was another card, and the one seen is in q's.
        g = copy.deepcopy(f)
        b = unknown(g, q)
        if g["known"][p] and b:
            c = rng.choice(g["known"][p])
            i, j = g["hands"][p].index(c), rng.choice(b)
            u = g["hands"][q][j]
            if u != c:
                g["hands"][p][i], g["hands"][q][j] = u, c
                g["known"][p][g["known"][p].index(c)] = u
                yield "a card it saw join another hand", True, g


def pride_swaps(f, o, rng):
    """Cards of hands and face-down picks change places (kinds swapped, the
    rows kept); or one seat's two picks of different rows change turns."""
    n, picks = f["players"], f["picks"]
    places = [("hand", p, i) for p in range(n) for i in range(len(f["hands"][p]))]
    places += [("pick", t, p) for t in range(len(picks)) for p in range(n) if picks[t][p][1] == "back"]

    def get(g, place):
        kind, x, y = place
        return g["hands"][x][y] if kind == "hand" else g["picks"][x][y][0]

    def put(g, place, card):
        kind, x, y = place
        if kind == "hand":
            g["hands"][x][y] = card
        else:
            g["picks"][x][y][0] = card

    def owner(place):
        kind, x, y = place
        return x if kind == "hand" else y

    for _ in range(TRIES * 3):
        a, b = rng.sample(places, 2)
        if get(f, a) == get(f, b) or (a[0] == b[0] == "hand" and a[1] == b[1]):
            continue                # (the order of a hand means nothing)
        g = copy.deepcopy(f)
        put(g, a, get(f, b))
        put(g, b, get(f, a))
        if o in (owner(a), owner(b)):
            yield "its own hand or pick", True, g
        else:
            # seen exactly when one card moves between hands the seat held
            # (the rule of who sees what, worked out by pride_knows)
            yield "cards of other hands", None, g
    for p in rng.sample(range(n), n):
        if p == o:
            continue
        for t in range(len(picks)):
            for u in range(t + 1, len(picks)):
                if picks[t][p][1] != picks[u][p][1]:
                    g = copy.deepcopy(f)
                    g["picks"][t][p], g["picks"][u][p] = g["picks"][u][p], g["picks"][t][p]
                    yield "the turn of another seat's face-up pick", True, g
                    return


def ninjato_swaps(f, o, rng):
    n = f["players"]
    if f["attack"]["plays"][0]["base"] is not None:
        return                      # the cards of a play being built are public
    deck = f["dojo_deck"]

    def newer(p, v):
        return f["hands"][p][v] - f["seen"][p][v] - f["older"][p][v]

    def with_deck_card(g, p, v, older):
        """One of p's hidden cards of value v + 1 changes places with a Dojo
        deck card of another value; False if there is none."""
        spots = [i for i, w in enumerate(deck) if w != v + 1]
        if not spots:
            return False
        i = rng.choice(spots)
        w = deck[i] - 1
        g["dojo_deck"][i] = v + 1
        g["hands"][p][v] -= 1
        g["hands"][p][w] += 1
        if older:
            g["older"][p][v] -= 1
            g["older"][p][w] += 1
        return True

    others = [p for p in range(n) if p != o]
    for _ in range(TRIES):
        p = rng.choice(others)
        v = rng.randrange(5)
        g = copy.deepcopy(f)
        if newer(p, v) > 0 and with_deck_card(g, p, v, False):
            yield "another seat's hidden card and a Dojo deck card", False, g
        g = copy.deepcopy(f)
        if newer(o, v) > 0 and with_deck_card(g, o, v, False):
            yield "its own hand", True, g
        g = copy.deepcopy(f)
        if f["older"][p][v] > 0 and with_deck_card(g, p, v, True):
            yield "a card another seat kept through the reshuffle", True, g
        kept = [(x, y) for x in others for y in range(5) if f["older"][x][y]]
        pairs = [(a, b) for a in kept for b in kept if a[0] < b[0] and a[1] != b[1]]
        if pairs:
            (p, v), (q, w) = rng.choice(pairs)
            g = copy.deepcopy(f)
            for x, y, z in ((p, v, w), (q, w, v)):
                g["hands"][x][y] -= 1
                g["older"][x][y] -= 1
                g["hands"][x][z] += 1
                g["older"][x][z] += 1
            yield "who kept which card through the reshuffle", False, g
        for d, key in enumerate(("guard_deck", "elite_deck")):
            cards = f[key]
            if len(cards) < 2:
                continue
            g = copy.deepcopy(f)
            if o in f["peeked"][d]:
                swap_two(g[key], len(cards) - 1, g[key], rng.randrange(len(cards) - 1))
                yield "the top card it saw with CR4", True, g
            else:
                i, j = rng.sample(range(len(cards)), 2)
                swap_two(g[key], i, g[key], j)
                yield f"the {key.replace('_', ' ')}'s order", False, g
        for key in ("sensei_stack", "envoy_deck", "rumor_deck"):
            if len(f[key]) > 1:
                g = copy.deepcopy(f)
                i, j = rng.sample(range(len(f[key])), 2)
                swap_two(g[key], i, g[key], j)
                yield f"the {key.replace('_', ' ')}'s order", False, g


def senjutsu_swaps(f, o, rng):
    n = f["players"]
    piles, hands, downs = f["draw_piles"], f["hands"], f["discards_face_down"]

    def deep(p):
        """Pile places below the top cards the seat knows."""
        return list(range(len(piles[p]) - f["known_tops"][o][p]))

    def unknown(p):
        """Hand places of cards the seat does not know there."""
        known = Counter(f["known_hands"][o][p])
        out = []
        for i, c in enumerate(hands[p]):
            if known[c]:
                known[c] -= 1
            else:
                out.append(i)
        return out

    def others_forget(g):
        """What seats other than ``o`` knew of the other hands follows the
        move (the seat cannot tell: it never knew what they knew)."""
        for q in range(n):
            for p in range(n):
                if q in (o, p) or p == o:
                    continue
                if q in g["revealed_to"][p]:
                    g["known_hands"][q][p] = sorted(g["hands"][p])
                else:
                    g["known_hands"][q][p] = sorted((Counter(g["known_hands"][q][p]) & Counter(g["hands"][p])).elements())
        return g

    for _ in range(TRIES):
        p = rng.choice([q for q in range(n) if q != o])
        # Another seat's hidden places: its unknown hand cards, its pile below
        # the known top, its face-down discards.
        spots = [("hands", i) for i in unknown(p)] + [("draw_piles", i) for i in deep(p)] + \
                [("discards_face_down", i) for i in range(len(downs[p]))]
        if len(spots) > 1:
            (k1, i), (k2, j) = rng.sample(spots, 2)
            g = copy.deepcopy(f)
            if swap_two(g[k1][p], i, g[k2][p], j):
                yield "two of another seat's cards it never saw", False, others_forget(g)
        if downs[o] and deep(o):
            g = copy.deepcopy(f)
            if swap_two(g["discards_face_down"][o], rng.randrange(len(downs[o])),
                        g["draw_piles"][o], rng.choice(deep(o))):
                yield "its own face-down discard", True, g
        for q in (o, p):
            top = f["known_tops"][o][q]
            if top and len(piles[q]) > 1:
                g = copy.deepcopy(f)
                i = len(piles[q]) - 1 - rng.randrange(top)
                j = rng.choice([x for x in range(len(piles[q])) if x != i])
                if swap_two(g["draw_piles"][q], i, g["draw_piles"][q], j):
                    yield "a top card it looked at", True, others_forget(g) if q != o else g
        known = f["known_hands"][o][p]
        if known and deep(p):
            g = copy.deepcopy(f)
            c = rng.choice(known)
            j = rng.choice(deep(p))
            d = piles[p][j]
            if d != c:
                i = hands[p].index(c)
                g["hands"][p][i], g["draw_piles"][p][j] = d, c
                g["known_hands"][o][p][known.index(c)] = d
                yield "a card it knows in another hand", True, others_forget(g)
        theirs = f["known_hands"][p][o]
        rest = sorted(Counter(hands[o]) - Counter(theirs))
        if theirs and rest:
            g = copy.deepcopy(f)
            c = rng.choice(rest)
            others = [i for i, x in enumerate(theirs) if x != c]
            if others:
                g["known_hands"][p][o][rng.choice(others)] = c
                yield "which of its cards another seat knows", True, g


SWAPS = {"ninjan": ninjan_swaps, "san_ni_ichi": san_ni_ichi_swaps, "pride_of_ninja": pride_swaps,
         "ninjato": ninjato_swaps, "senjutsu": senjutsu_swaps}

#: Per game: player counts, and the swaps that must be met (seen ones that
#: change the view, unseen ones that do not), at least this many times.
CASES = {
    "ninjan": ((2, 3, 5), {"its own hand": 20, "two cards it never saw": 20}),
    "san_ni_ichi": ((3, 4, 6), {"its own hand": 20, "two cards it never saw": 20,
                                "a card it saw join another hand": 3}),
    "pride_of_ninja": ((3, 4, 5), {"its own hand or pick": 20, "cards of other hands seen": 20,
                                   "cards of other hands unseen": 20,
                                   "the turn of another seat's face-up pick": 10}),
    "ninjato": ((2, 3, 4), {"its own hand": 20, "another seat's hidden card and a Dojo deck card": 20,
                            "a card another seat kept through the reshuffle": 3,
                            "who kept which card through the reshuffle": 5,
                            "the top card it saw with CR4": 3, "the guard deck's order": 20,
                            "the sensei stack's order": 5}),
    "senjutsu": ((2, 3, 4), {"two of another seat's cards it never saw": 20, "its own face-down discard": 5,
                             "a top card it looked at": 5, "a card it knows in another hand": 5,
                             "which of its cards another seat knows": 5}),
}


@pytest.mark.parametrize("game", list(CASES))
def test_a_seat_sees_a_change_in_its_view_exactly_when_it_saw_the_change(game):
    players, wanted = CASES[game]
    knows, swaps = KNOWS[game], SWAPS[game]
    met = Counter()
    rng = random.Random(64)
    for s in positions(game, players, seed=64):
        f = s.fields()
        for o in range(s.players):
            view = s.view(o)
            det = s.determinize(o, 7)
            assert det.view(o) == view
            for name, saw, g in swaps(f, o, rng):
                other = load(s, g)
                if other is None:
                    continue
                same = knows(f, o) == knows(other.fields(), o)
                if saw is None:         # the rules decide: see knows
                    name += " unseen" if same else " seen"
                else:
                    assert same != saw, (name, o)
                assert (other.view(o) == view) == same, (name, o)
                assert (other.determinize(o, 7).fields() == det.fields()) == same, (name, o)
                met[name] += 1
    missing = {name: (met[name], n) for name, n in wanted.items() if met[name] < n}
    assert not missing, f"swaps met too rarely: {missing}; met {dict(met)}"
