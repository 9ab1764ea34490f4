"""San, Ni, Ichi!'s step-by-step display: each step the engine logged,
folded onto the board shown before it (``board.SanNiIchiBoard.story``), so
that the last frame is exactly the engine's board."""
from __future__ import annotations

from ninja_dojo.engine.san_ni_ichi.notation import card_itself
from ninja_dojo.tui.games.san_ni_ichi.cards import damage_value, parts


def remove(cards: list[str], card: str) -> None:
    """Remove one ``card`` from a hand or a list, if it is there."""
    if card in cards:
        cards.remove(card)


def _take_from_pile(pile: list[str], card: str) -> None:
    """Remove ``card`` from a pile (a Zen Attack there carries its element)."""
    for i, c in enumerate(pile):
        if card_itself(c) == card:
            del pile[i]
            return


def _zen_on(card: str, pile: list[str]) -> str:
    """A Zen Attack put on a pile takes the element beating the card beneath
    (the wheel printed on the board), e.g. ``Zen Attack 15 (Water)``."""
    if (parts(card) or (0, "", None))[1] != "Zen Attack" or not pile:
        return card
    beaten = (parts(pile[-1]) or (0, "", None))[2]
    beats = {"Wood": "Fire", "Water": "Wood", "Fire": "Water"}
    return f"{card} ({beats[beaten]})" if beaten in beats else card


def fold(v: dict, st: dict) -> None:
    """Apply one recorded step to a view, for the step-by-step display."""
    kind, seat, card, t, o = st["kind"], st["seat"], st["card"], st["target"], st["other"]
    me = v["seat"]
    piles = v["piles"]
    if kind not in ("slide", "tonfa discard", "smoke bomb", "damage", "pile discarded") \
            and seat in (v.get("order") or []):
        v["resolved"] = v["order"].index(seat) + 1
    if kind == "block":
        v["blocked"] = sorted(set(v["blocked"]) | {t})
        v["discard"].append(card)
    elif kind == "start":
        piles[t] = [card]
    elif kind == "put":
        piles[t] = piles[t] + [_zen_on(card, piles[t])]
    elif kind == "slide":
        piles[t], piles[seat] = piles[seat], []
    elif kind in ("discard", "smoke bomb wasted"):
        v["discard"].append(card or "Smoke Bomb")
    elif kind == "tonfa":
        if piles[t]:
            piles[t] = piles[t][:-1]
        v["hand_sizes"][seat] += 1
        if seat == me:
            v["hand"].append(st["drew"])
        v["discard"].append(card)
    elif kind == "tonfa discard":
        v["hand_sizes"][seat] -= 1
        if seat == me:
            remove(v["hand"], card)
        v["discard"].append(card)
    elif kind == "sai swap":
        piles[t], piles[o] = piles[o], piles[t]
        v["discard"].append(card)
    elif kind == "sai move":
        piles[o], piles[t] = piles[t], []
        v["discard"].append(card)
    elif kind == "shuriken":
        v["damage"][t] = v["damage"][t] + [card]
    elif kind == "smoke bomb":
        pile = list(piles[t])
        _take_from_pile(pile, st["drew"])
        piles[t] = pile
        if seat == me:
            remove(v["hand"], "Smoke Bomb")
            v["hand"].append(st["drew"])
        v["discard"].append("Smoke Bomb")
        v["dodged"] = sorted(set(v.get("dodged", [])) | {t})
    elif kind == "damage":
        v["damage"][seat] = v["damage"][seat] + list(st["cards"])
        piles[seat] = []
        v["taking"] = sorted(set(v.get("taking", [])) | {seat})
    elif kind == "pile discarded":
        piles[seat] = []
        v["discard"].extend(st["cards"])
    v["pile_tops"] = [_top(p) for p in piles]
    scores = [sum(damage_value(c) for c in d) if v["advanced"] else len(d) for d in v["damage"]]
    v["scores"] = scores
    partners = v.get("partners") or [None] * len(scores)
    v["side_scores"] = [scores[s] + (scores[p] if v["teams"] and p is not None else 0)
                        for s, p in enumerate(partners)]


def _top(pile: list[str]) -> dict | None:
    if not pile:
        return None
    number, _, element = parts(pile[-1])
    return {"card": pile[-1], "number": number, "element": element}
