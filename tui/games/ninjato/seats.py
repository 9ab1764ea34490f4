"""The players of the Ninjato board, in turn order, the first on top: the
shuriken left, the hand size, the treasure, the Sensei tiles (face down
when used this turn), the Envoys by clan, Elite cards, Rumors, points."""
from __future__ import annotations

from collections import Counter

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ninja_dojo.tui.games.ninjato.entry import Drawing, put
from ninja_dojo.tui.games.ninjato.words import CLAN_LETTER, CLAN_STYLE, STYLE_STYLE, tokens_text


class SeatsTable(Static):
    def draw(self, view: dict, d: Drawing) -> None:
        # (a table has no cheap equality: its key is what it is drawn from)
        key = repr((view["order"], view["seats"], view["scores"], view.get("mover"),
                    view["phase"], view.get("decision"), d.focus.get("seat"), d.compact,
                    view["seat"], view.get("winners")))
        put(self, lambda: self._table(view, d), key=key)

    def _table(self, v: dict, d: Drawing) -> Table:
        over = v["phase"] == "over"
        table = Table(box=None, expand=True, pad_edge=False, show_edge=False, padding=(0, 1, 0, 0),
                      header_style="dim")
        table.add_column("", width=1, no_wrap=True)
        table.add_column("Player", no_wrap=True, max_width=10 if d.compact else 24)
        table.add_column("✦", justify="right", no_wrap=True)
        table.add_column("Hand", justify="right", no_wrap=True)
        table.add_column("Treasure", no_wrap=True, ratio=2)
        table.add_column("Tiles (↓ used)", no_wrap=True, ratio=3)
        table.add_column("Envoys", no_wrap=True)
        table.add_column("El", justify="right", no_wrap=True)
        table.add_column("Ru", justify="right", no_wrap=True)
        table.add_column("Pts", justify="right", no_wrap=True)
        mover = v.get("mover")
        for seat in v["order"]:
            s = v["seats"][seat]
            mark = Text("▶", style="bold") if seat == mover and not over else Text("")
            winner = over and seat in v.get("winners", [])
            label = d.names[seat] if d.compact else d.labels[seat]
            name = Text(label + (" ★" if winner else ""),
                        style="bold" if seat == v["seat"] or winner else "")
            # the shuriken in use (placed, its action not over) no longer counts as left
            in_use = seat == mover and v["phase"] not in ("place", "over") and \
                not (v.get("decision") or {}).get("scoring")
            table.add_row(mark, name, str(max(0, s["shuriken_left"] - in_use)), str(s["hand_size"]),
                          tokens_text(s["treasure"]), self._tiles(s), self._envoys(s),
                          Text(str(len(s["elites"])), style="" if s["elites"] else "dim"),
                          Text(str(len(s["rumors"])), style="" if s["rumors"] else "dim"),
                          Text(str(v["scores"][seat]), style="bold"),
                          style="on #2a2a3a" if seat == d.focus.get("seat") else None)
        return table

    @staticmethod
    def _tiles(s: dict) -> Text:
        tiles = Text()
        for t in s["tiles"]:
            if tiles.plain:
                tiles.append(" ")
            style = STYLE_STYLE.get(t["style"], "")
            tiles.append(t["tile"] + ("" if t["face_up"] else "↓"),
                         style=style if t["face_up"] else f"dim {style}")
        return tiles if tiles.plain else Text("–", style="dim")

    @staticmethod
    def _envoys(s: dict) -> Text:
        envoys = Counter(e["clan"] for e in s["envoys"])
        env = Text()
        for clan in CLAN_STYLE:
            if envoys[clan]:
                if env.plain:
                    env.append(" ")
                env.append(f"{CLAN_LETTER[clan]}{envoys[clan]}", style=CLAN_STYLE[clan])
        return env if env.plain else Text("–", style="dim")
