"""One space of the Ninjato board that is not a house: the Dojo (its
face-up cards and deck), the Sensei (the tiles on offer and what they do),
the Palace (the Envoys) or the Pavilion (the Rumors), with the key that
places a shuriken there.  A small terminal gets one line, the wordiest that
fits; a roomy one the full words, wrapped under the heading.  A click
places the shuriken there (when the board offers it)."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ninja_dojo.tui.games.ninjato.entry import SPACE_KEYS, Drawing, fit, put
from ninja_dojo.tui.games.ninjato.words import (CLAN_LETTER, CLAN_STYLE, RUMOR_SHORT, RUMOR_TINY,
                                                STYLE_STYLE, clan_text, cost_short, effect, envoy_text,
                                                rumor_text)
from ninja_dojo.tui.widgets.place import Place


def envoy_brief(e: dict, tiny: bool = False, age: bool = True) -> Text:
    """An Envoy in few words: ``Go-Shira. 2-3× 49⛨``; ``tiny``: ``G 2-3× 49⛨``."""
    t = Text()
    if tiny:
        t.append(CLAN_LETTER[e["clan"]], style=f"bold {CLAN_STYLE[e['clan']]}")
    else:
        t.append_text(clan_text(e["clan"], short=True))
    t.append(f" {cost_short(e['price'])}")
    if age or tiny:
        t.append(f" {e['age']}", style="dim")
    if e.get("mask"):
        t.append("⛨", style="#d7b5ff")
    return t


class SpaceRow(Place):
    """A space of the board (a Dojo, the Sensei, the Envoys...); a click
    chooses the option that goes there."""

    class Clicked(Place.Clicked):
        """A space was clicked (``place``: the space's name)."""

    def __init__(self, space: str) -> None:
        super().__init__(space, classes="nto-space", id=f"nto-space-{space.lower()}")

    @property
    def space(self) -> str:
        return self.place

    def draw(self, view: dict, d: Drawing) -> None:
        head = self._head(d)
        variants = self._variants(view, d, head)
        if d.compact:           # one line: the wordiest that fits
            put(self, fit(variants, d.width))
        else:                   # the wordiest, wrapped under its heading
            body = variants[0][len(head.plain):]
            grid = Table.grid()
            grid.add_column(width=len(head.plain), no_wrap=True)
            grid.add_column(ratio=1)
            grid.add_row(head, body)
            put(self, grid, key=head.plain + body.plain + str(head.spans) + str(body.spans))
        hit = next((i for i, e in enumerate(d.entries) if e.space == self.space), None)
        self.set_class(hit is not None, "-open")
        self.set_class(hit is not None and d.on(hit), "-cursor")

    def _head(self, d: Drawing) -> Text:
        """``[7] Sensei`` (the key when the shuriken can go there)."""
        hit = next((i for i, e in enumerate(d.entries) if e.space == self.space), None)
        head = Text()
        if hit is not None:
            head.append(f"[{SPACE_KEYS[self.space]}]",
                        style="bold reverse green" if d.on(hit) else "bold green")
            head.append(" ")
        elif d.placing:
            head.append("    ")
        head.append(f"{self.space:<9}", style="bold")
        head.append(" ")
        return head

    def _variants(self, v: dict, d: Drawing, head: Text) -> list[Text]:
        """The line, from the wordiest to the shortest."""
        if self.space == "Dojo":
            cards = " ".join(str(c) for c in v["dojo_row"] if c) or "none"
            me = v["seats"][v["seat"]] if 0 <= v["seat"] < v["players"] else None
            draws = f" · a visit draws {me['dojo_draws']}" if me else ""
            nxt = v.get("next_order")
            order = ""
            if nxt and nxt != v["order"] and v.get("dojo_stack"):
                order = " · next order " + ", ".join(d.names[s] for s in nxt)
            deck = f" · deck {v['dojo_deck_size']}"
            return [Text.assemble(head, ("face up ", "dim"), (cards, "bold"), deck + draws + order),
                    Text.assemble(head, ("face up ", "dim"), (cards, "bold"), deck + draws),
                    Text.assemble(head, (cards, "bold"), deck)]
        if self.space == "Sensei":
            offer = [t for t in v["sensei_offer"] if t]
            long_, short_ = Text.assemble(head), Text.assemble(head)
            for i, t in enumerate(offer):
                sep = " · " if i else ""
                style = STYLE_STYLE.get(t["style"], "")
                cost = "free" if t.get("free") else f"{t['cost']}"
                long_.append(sep)
                long_.append(t["tile"], style=f"bold {style}")
                long_.append(f" {cost}: " if d.compact else f" {t['style']} {cost}: ", style="dim")
                long_.append(effect(t["tile"], d.compact))
                short_.append(sep)
                short_.append(t["tile"], style=f"bold {style}")
                short_.append(f" {t['style']} {cost}", style="dim")
            if not offer:
                long_.append("no tile left this turn", style="dim")
            return [long_, short_]
        if self.space == "Palace":
            row = [e for e in v["envoy_row"] if e]
            variants = []
            for level in range(5):
                t = Text.assemble(head)
                for i, e in enumerate(row):
                    if i:
                        t.append(" · " if level < 4 else " ")
                    t.append_text(envoy_text(e) if level == 0 else
                                  envoy_text(e, short=True) if level == 1 else
                                  envoy_brief(e, tiny=level == 4, age=level == 2))
                if not row:
                    t.append("no Envoy left", style="dim")
                variants.append(t)
            return variants
        row = [r for r in v["rumor_row"] if r]
        variants = []
        if not d.compact and row:
            t = Text.assemble(head)
            for i, r in enumerate(row):
                if i:
                    t.append(" · ")
                t.append_text(rumor_text(r))
            variants.append(t)
        for names in (RUMOR_SHORT, RUMOR_TINY):
            t = Text.assemble(head)
            for i, r in enumerate(row):
                if i:
                    t.append(" · ")
                t.append(names.get(r["kind"], r["kind"]), style="bold")
                t.append(f" {cost_short(r['price'])}")
            if not row:
                t.append("no Rumor left", style="dim")
            variants.append(t)
        return variants
