"""Pride of Ninja as one seat sees it, in a position text (``engine.position_text``).

A seat knows the PP, the Victim's Cards, the last round (every card was
turned up), every pick of this round as it was revealed (another seat's
face-down pick as ``"?"``), its hand, and the hands it held at the earlier
picks: so it knows what it passed on, and what of that came back.

Reading a text, the other hands and the face-down picks are filled in a way
consistent with all of that, hand by hand round the table (``fill``); the
game's determinization then deals them again at random.

>>> from ninja_dojo.engine import new_game
>>> from ninja_dojo.engine.position_text import position, text_of
>>> s = new_game("pride_of_ninja", players=3, seed=1)
>>> print(text_of(s, 0).split("# your hand")[1].splitlines()[1])
hand = ["Ninja", "Ninja", "Ninja", "Ninja", "Samurai", "Miko", "Shogun"]
>>> position(text_of(s, 0), seed=1).view(0) == s.view(0)
True
"""
from __future__ import annotations

from collections import Counter

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.position_text import Entry, body_keys
from ninja_dojo.engine.pride_of_ninja.rules import HAND_SIZES, PHASES, PLAYERS, ROWS, cards
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


def fill(doc: dict, n: int, me: int, deck: str) -> dict:
    """``pick``, ``picks``, ``hands`` and ``victims`` of the state: the hands
    the seat held, the picks revealed, and whatever it did not see, filled
    hand by hand.

    The hand dealt to seat ``h`` goes round the table: at pick ``t`` seat
    ``h + t`` holds it.  The seat saw it at picks ``r, r + n, ...`` (``r =
    me - h``); between two sightings, what left it face down is what the
    first held less what the second did, less the picks seen; after the
    last, what is left of it; before the first (and a hand never seen),
    the rest of the deck.
    """
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
        sightings = list(range((me - h) % n, T + 1, n))
        first = sightings[0] if sightings else T + 1
        for t in range(min(first, T)):
            if picked[t][holder(t)] == UNSEEN:
                to_deal.append((t, holder(t)))
            else:
                _take(rest, picked[t][holder(t)], f"pick {t + 1}, seat {holder(t) + 1}", "the deck")
        if not sightings:
            to_deal.append((T, holder(T)))
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
            if k + 1 == len(sightings) and s < T:
                hands[holder(T)] = names[len(blanks):]
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
