"""Determinizations never contradict what the observer saw.

What a seat sees in the draft, worked out here from the true position's
fields (independently of the engine's bookkeeping): its own hand at every
pick (so the exact contents of every hand it passed on), every face-up pick,
that a face-down pick happened (not its card), its own face-down cards, the
Victim's Cards, the 5-player cards, PP and the last round.  A determinized
copy must agree on all of it, be a legal position (every card accounted
for), and depend only on what was seen.
"""
from __future__ import annotations

import random
from collections import Counter

from ninja_dojo.engine import PositionError, new_game, pride_of_ninja as pon
from tests.test_pride_of_ninja_rules import HAND, deck_counts


def complete(f):
    """Every card of the deck in a hand, a row or the Victim's Cards."""
    placed = Counter(c for joint in f["picks"] for c, _ in joint)
    held = Counter(c for h in f["hands"] for c in h)
    assert held + placed + Counter(f["victims"]) == deck_counts(f["deck"], f["players"])


def hand_at(f, t, seat):
    """The hand ``seat`` held at pick ``t`` of this round, before picking."""
    n, now = f["players"], f["pick"]
    held = Counter(f["hands"][(seat + now - t) % n])
    for u in range(t, now):
        held[f["picks"][u][(seat + u - t) % n][0]] += 1
    return held


def seen(f, observer):
    """Everything ``observer`` knows about the position."""
    n = f["players"]
    out = {k: f[k] for k in ("players", "deck", "round", "phase", "pick", "pp", "victims", "previous")}
    out["picks"] = [[(c, row) if row == "front" or seat == observer else (None, row)
                     for seat, (c, row) in enumerate(joint)] for joint in f["picks"]]
    out["hand_sizes"] = [len(h) for h in f["hands"]]
    if 0 <= observer < n:
        out["held"] = [hand_at(f, t, observer) for t in range(f["pick"] + 1)]
    return out


def positions(count, seed=0):
    """Draft positions from random play: rounds 1 and 2, every pick."""
    rng = random.Random(seed)
    configs = [(p, d) for p in (3, 4, 5) for d in ("blue", "red")]
    for i in range(count):
        players, deck = configs[i % len(configs)]
        s = new_game("pride_of_ninja", players=players, seed=1000 + i, deck=deck)
        stop_round = rng.choice((1, 2))
        stop_pick = rng.randrange(HAND[players] - 1)
        while not s.is_terminal():
            f = s.fields()
            if (f["round"], f["pick"]) >= (stop_round, stop_pick):
                break
            s.apply({x: rng.choice(s.legal_action_ids(x)) for x in s.movers()})
        if not s.is_terminal():
            yield s


def test_determinizations_keep_everything_the_observer_saw():
    checked = changed = 0
    for s in positions(600):
        truth = s.fields()
        for observer in range(-1, s.players):
            want = seen(truth, observer)
            for k in range(3):
                d = s.determinize(observer, seed=7 * k + observer + 1)
                f = d.fields()
                assert seen(f, observer) == want
                complete(f)
                try:
                    pon.from_fields(f)                  # a legal, complete position
                except PositionError as e:
                    # A world where no seat has a choice left can be drawn
                    # when the observer's own pick is forced: it cannot tell.
                    assert "forced" in str(e)
                    assert observer < 0 or len(s.legal_action_ids(observer)) == 1
                if 0 <= observer:
                    assert f["hands"][observer] == truth["hands"][observer]
                    assert d.legal_action_ids(observer) == s.legal_action_ids(observer)
                assert d.view(observer) == {**s.view(observer), "last_round": d.view(observer)["last_round"]}
                checked += 1
                changed += (f["hands"], f["picks"]) != (truth["hands"], truth["picks"])
    assert checked > 5000
    assert changed > checked // 2       # hidden cards really are resampled


def test_determinizations_depend_only_on_what_was_seen():
    for s in positions(200, seed=1):
        for observer in range(s.players):
            other = s.determinize(observer, seed=99)     # an equally likely world
            a = s.determinize(observer, seed=5).fields()
            b = other.determinize(observer, seed=5).fields()
            assert a == b


def test_a_card_passed_on_stays_downstream():
    """Seat 0 passes a hand with the only Shogun; seat 1 takes it face down.
    Seat 0's determinizations put the Shogun in seat 1's back row or in the
    hand now at seat 2, never anywhere else; seat 2's own view keeps its hand.
    """
    s = new_game("pride_of_ninja", players=4, seed=0)
    seed = 0
    while "Shogun" not in s.view(0)["hand"]:
        seed += 1
        s = new_game("pride_of_ninja", players=4, seed=seed)
    def pick(x, avoid_shogun=True, name=None):
        acts = s.legal_actions(x)
        if name:
            return next(a for a in acts if a.name == name)
        return next(a for a in acts if not (avoid_shogun and a.name.startswith("Shogun")))

    s.apply({x: pick(x) for x in s.movers()})
    assert "Shogun" in s.view(1)["hand"]
    s.apply({x: pick(x, name="Shogun face down to the back row" if x == 1 else None)
             for x in s.movers()})
    where = Counter()
    for k in range(400):
        f = s.determinize(0, seed=k).fields()
        spots = [("hand", x) for x in range(4) for c in f["hands"][x] if c == "Shogun"]
        spots += [("picked", x) for joint in f["picks"] for x, (c, row) in enumerate(joint) if c == "Shogun"]
        assert len(spots) == 1
        where[spots[0]] += 1
    assert set(where) == {("picked", 1), ("hand", 2)}
    # seat 1 took one of the 6 cards face down; 5 went on with seat 2's hand
    assert 0.1 < where[("picked", 1)] / 400 < 0.3


def test_unseen_hands_are_uniform():
    """At the deal a seat knows only its own hand: another seat's hand is 7
    cards drawn from the other 21, so each kind's mean count there is
    7 x (unseen of that kind) / 21."""
    s = new_game("pride_of_ninja", players=4, seed=12)
    mine = Counter(s.view(0)["hand"])
    unseen = deck_counts("blue", 4) - mine
    total = Counter()
    samples = 3000
    for k in range(samples):
        total.update(s.determinize(0, seed=k).fields()["hands"][1])
    for card, n in unseen.items():
        mean = total[card] / samples
        expect = 7 * n / 21
        p = n / 21
        sd = (7 * p * (1 - p) * 14 / 20 / samples) ** 0.5    # hypergeometric
        assert abs(mean - expect) < 6 * sd + 1e-9, (card, mean, expect)


def test_determinize_reseeds_the_next_deal():
    s = new_game("pride_of_ninja", players=3, seed=2)
    a = s.determinize(0, seed=1).fields()["rng"]
    b = s.determinize(0, seed=2).fields()["rng"]
    assert a != b and s.fields()["rng"] not in (a, b)
