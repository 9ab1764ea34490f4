"""The action in progress on the Ninjato board, under the tables: an attack
(the house and side, the card faced and what a play must do, the play and
whether it wins, the treasure on the shuriken; at Banzai or retreat the
make-up of the deck Banzai draws from, which values the attacker's hand
beats, the odds), a purchase (what is due, what is paid), or the clan being
scored (its points, each player's Envoys)."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ninja_dojo.tui.widgets.board import plural
from ninja_dojo.tui.games.ninjato.entry import Drawing, put
from ninja_dojo.tui.games.ninjato.words import (card_name, card_words, clan_text, guard_label, need_words,
                                                play_words, treasure_text, treasure_words)

RESULT = {"beats": (" → wins", "bold green"), "lost": (" → the attack is lost", "bold red"),
          "retreated": (" → retreated", "bold"), "cleared": (" → house cleared", "bold green"),
          "over": (" → the attack is over", "bold")}


def attack_of(v: dict) -> dict | None:
    """The attack to draw: a frame's (the step-by-step display, ``attack_show``),
    else the one the decision in ``v`` belongs to."""
    if v.get("attack_show") is not None:
        return v["attack_show"]
    att = (v.get("decision") or {}).get("attack")
    if att is None:
        return None
    beaten = None
    if not att.get("card"):
        # between two Guards: every card turned up so far was beaten
        beaten = ", ".join(["the Sentry"] + [card_name(g) for g in att.get("revealed") or []])
    phase = v.get("phase")
    return {"seat": v.get("mover"), "house": att["house"], "side": att["side"],
            "now": att.get("now"), "facing": guard_label(att) if att.get("card") else None,
            "beaten": beaten, "need": need_words(att) if att.get("card") else None,
            "active": att.get("active") or [],
            "play": "; ".join(play_words(p) for p in att.get("plays") or [] if p) or None,
            "result": "lost" if phase in ("keep", "TG5") else ("over" if phase == "CR6" else None),
            "shuriken": [t for t, _ in att.get("on_shuriken") or []],
            "red": [t for t, r in att.get("on_shuriken") or [] if r], "kept": [],
            "decision": True}


class ActionPanel(Static):
    def draw(self, view: dict, d: Drawing) -> bool:
        """Draw the action of ``view``; False when there is none to show."""
        content = self._content(view, d)
        if content is not None:
            put(self, content)
        return content is not None

    def _content(self, v: dict, d: Drawing) -> Text | None:
        dec = v.get("decision") or {}
        attack = attack_of(v) if v.get("phase") != "over" else None
        if attack is not None and v.get("phase") == "new clan" and not v.get("attack_show") \
                and d.compact:
            return None         # the house is cleared: the question and the clans say it all
        if attack is not None:
            return self._attack(v, attack, d)
        p = dec.get("purchase") or {}
        if p.get("card"):
            t = Text(f"Buying {p['kind']} {p['card']}", style="bold")
            if p.get("range"):
                lo, hi = p["range"]
                t.append(f": {lo} to {hi} treasures of one type")
                if p.get("type"):
                    t.append(f", in {p['type']}s")
                t.append(f" · paid {p['paid']}")
            elif p.get("due"):
                t.append(f" · still due: {', '.join(p['due'])}")
            t.append(f" · {p['points']} points so far")
            return t
        sc = dec.get("scoring")
        if sc and sc.get("clan") is None:       # the disguises, before the clans score
            order = v["clan_track"]["scoring_orders"].get(sc["turn"]) or []
            t = Text(f"Clan scoring after turn {sc['turn']}: " if not d.compact else "Scoring: ",
                     style="bold")
            t.append("first the disguises (a Hensojutsu tile makes a masked Envoy count as 2), "
                     f"then {' › '.join(order)}")
            if sc.get("disguised"):
                t.append(f" · disguised: {', '.join(sc['disguised'])}", style="dim")
            return t
        if sc:
            counts = (v["clan_track"]["standing"].get(sc["clan"]) or {}).get("envoys") or []
            who = ", ".join(f"{d.names[s]} {n}" for s, n in enumerate(counts) if n) or "nobody"
            t = Text(f"Clan scoring after turn {sc['turn']}: " if not d.compact else "Scoring ",
                     style="bold")
            t.append_text(clan_text(sc["clan"]))
            t.append(f", {sc['points']} points", style="bold")
            t.append(f" · Envoys: {who}")
            if sc.get("disguised"):
                t.append(f" · disguised: {', '.join(sc['disguised'])}", style="dim")
            return t
        return None

    def _attack(self, v: dict, att: dict, d: Drawing) -> Text:
        seat = att.get("seat")
        who = d.names[seat] if seat is not None else "?"
        h = att["house"]
        house = v["houses"][h]
        t = Text()
        t.append(f"{who} attack{'' if who == 'You' else 's'} house {h + 1} ", style="bold")
        t.append_text(clan_text(house["clan"], house["value"]))
        side = att.get("now") or att["side"]
        t.append(f" · {side}: ", style="bold")
        t.append(f"{'higher' if side == 'Strength' else 'lower'} wins")
        if att.get("now") and att["now"] != att["side"]:
            t.append(" (CR3)", style="dim")
        if att.get("active"):
            t.append(f" · in force: {', '.join(att['active'])}", style="dim")
        t.append("\n")
        if att.get("beaten") and not att.get("facing"):
            t.append("Beaten ", style="dim")
            t.append(att["beaten"], style="bold green")
        else:
            t.append("Facing ", style="dim")
            t.append(att.get("facing") or "—", style="bold #ffb86b")
            if att.get("need") and not att.get("result"):
                t.append(f": a play {att['need']} wins", style="#ffb86b")
        if att.get("play"):
            t.append(" · play ", style="dim")
            t.append(att["play"], style="bold")
        if att.get("result") in RESULT:
            t.append(*RESULT[att["result"]])
        t.append("\n")
        t.append("On the shuriken ", style="dim")
        t.append(treasure_words(att.get("shuriken") or []))
        if att.get("kept"):
            t.append(f" · kept {treasure_words(att['kept'])}")
        t.append(" · house: " if d.compact else " · left on the house ", style="dim")
        t.append_text(treasure_text(house["plain"], house["red"], short=d.compact))
        if att.get("decision") and v.get("phase") == "banzai or retreat":
            t.append("\n")
            t.append_text(banzai_line(v, v.get("banzai"), att))
        return t


def value_ranges(values: list[int]) -> str:
    """``[0, 1, 2, 3, 6]`` -> ``0-3, 6``.

    >>> value_ranges([0, 1, 2, 3, 6]), value_ranges([4])
    ('0-3, 6', '4')
    """
    out: list[str] = []
    for v in sorted(values):
        if out and "-" not in out[-1].split(", ")[-1] and int(out[-1]) == v - 1:
            out[-1] = f"{out[-1]}-{v}"
        elif out and "-" in out[-1] and int(out[-1].split("-")[1]) == v - 1:
            out[-1] = f"{out[-1].split('-')[0]}-{v}"
        else:
            out.append(str(v))
    return ", ".join(out)


def banzai_line(v: dict, b: dict | None, att: dict) -> Text:
    """The deck Banzai draws from, value by value; in the attacker's own view
    (``b``), which values their hand beats (green) and the odds."""
    t = Text()
    if b is None:       # another player's attack: the public make-up only
        gd = v["guard_deck"]
        if not v["houses"][att["house"]]["plain"]:
            t.append(f"Banzai draws from the Elite deck ({v['elite_deck']['size']} cards)")
            return t
        t.append(f"Guard deck {gd['size']}: ", style="bold")
        by = sorted(gd["by_value"].items(), key=lambda x: int(x[0]))
        t.append(" ".join(f"{n}×{k}" for k, n in by if n))
        t.append(f" · {plural(gd['alarms'], 'alarm')}", style="dim")
        return t
    where = f"{b['deck']} deck" if b["from"] == "deck" else f"{b['deck']} discards (reshuffled)"
    t.append(f"{where} {b['size']}: ", style="bold")
    for i, c in enumerate(b["cards"]):
        if i:
            t.append(" ")
        t.append(f"{c['count']}×{c['label']}", style="green" if c["beatable"] else "red")
    if b["alarms"]:
        t.append(f" · {plural(b['alarms'], 'alarm')}", style="dim")
    pct = f"{round(100 * b['beatable'] / b['size'])}%" if b["size"] else "–"
    which = ""
    if b["deck"] == "Guard" and 0 < b["beatable"] < b["size"]:
        which = f" (Guards {value_ranges([c['value'] for c in b['cards'] if c['beatable']])})"
    t.append(f" · you beat{which} {b['beatable']} of {b['size']}: {pct}", style="bold")
    t.append(f" · a loss keeps {b['loss_keeps']} of {b['on_shuriken']}", style="dim")
    if b.get("top"):
        top = b["top"]
        t.append(f" · CR4: the top card is {card_words(top['seen'])}: "
                 f"{'you beat it' if top['beatable'] else 'you cannot beat it'}", style="bold #a9d8ff")
    return t
