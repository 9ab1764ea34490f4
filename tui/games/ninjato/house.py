"""One clan house of the Ninjato board, a line of the houses table: its
clan and points, the Sentry, the treasure (red in brackets), and on its
Strength and Stealth sides who attacks there this turn, or the key that
places your shuriken there.  A click on a side places it there (when the
board offers it)."""
from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widgets import Static

from ninja_dojo.tui.games.ninjato.entry import ARROW, Drawing, cell, put
from ninja_dojo.tui.games.ninjato.words import clan_text, treasure_text


def house_widths(d: Drawing) -> dict[str, int]:
    side = 9 if d.compact else 12
    w = {"no": 1, "clan": 14, "sentry": 6, "strength": side, "stealth": side}
    fixed = sum(w.values()) + len(w)       # one space after each column
    w["treasure"] = max(12, d.width - fixed)
    return w


def houses_header(d: Drawing) -> Text:
    w = house_widths(d)
    t = Text(style="dim")
    for key, label in (("no", "#"), ("clan", "Clan"), ("sentry", "Sentry"),
                       ("treasure", "Treasure (red in [ ])"), ("strength", "Strength"),
                       ("stealth", "Stealth")):
        t.append_text(cell(label, w[key]))
        t.append(" ")
    t.rstrip()
    return t


class HouseRow(Static):
    """House ``house`` (0-4); ``sides`` is where its Strength and Stealth
    cells begin, so that a click knows which side it meant."""

    @dataclass
    class Clicked(Message):
        house: int
        #: 0 Strength, 1 Stealth, None: the house itself (its first side offered)
        side: int | None

    def __init__(self, house: int) -> None:
        super().__init__("", classes="nto-house", id=f"nto-house-{house + 1}")
        self.house = house
        self.sides: tuple[int, int] = (0, 0)

    def draw(self, view: dict, d: Drawing) -> None:
        h = self.house
        w = house_widths(d)
        house = view["houses"][h]
        sentry = house.get("sentry")
        t = Text()
        for text, width in ((Text(str(h + 1), style="bold"), w["no"]),
                            (clan_text(house["clan"], house["value"]), w["clan"]),
                            (Text(f"{sentry['value']:>3}" if sentry else "  –", style="bold"), w["sentry"]),
                            (treasure_text(house["plain"], house["red"]), w["treasure"])):
            t.append_text(cell(text, width))
            t.append(" ")
        xs = []
        for sd in range(2):
            xs.append(cell_len(t.plain))
            t.append_text(cell(self._side(view, d, sd), w["strength" if sd == 0 else "stealth"]))
            t.append(" ")
        t.rstrip()
        self.sides = (xs[0], xs[1])
        put(self, t)
        self.set_class(d.focus.get("house") == h, "-focus")
        self.set_class(d.placing and any(e.house == h for e in d.entries), "-open")

    def _side(self, view: dict, d: Drawing, sd: int) -> Text:
        seat = view["houses"][self.house]["shuriken"][sd]
        if seat is not None:
            return Text(d.names[seat], style="bold")
        hits = [i for i, e in enumerate(d.entries) if e.house == self.house]
        mine = next((i for i in hits if d.entries[i].side == sd), None)
        if mine is None:
            return Text("·", style="dim")
        label = f"[{d.entries[mine].key}]" + (f" {ARROW[sd]}" if len(hits) == 2 else "")
        return Text(label, style="bold reverse green" if d.on(mine) else "bold green")

    def on_click(self, event: Click) -> None:
        strength, stealth = self.sides
        side = None
        if stealth and event.x >= stealth:
            side = 1
        elif strength and event.x >= strength:
            side = 0
        self.post_message(self.Clicked(self.house, side))
