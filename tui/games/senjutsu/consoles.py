"""The samurai consoles: one line per samurai in advantage order (the top
of the advantage track first): its letter in its seat colour and its
player, health (♥ left, ✕ wounds, ◆ bleeding wounds), stun cards, kamae,
hand/deck/discard counts, and the card it plays this round with its
initiatives.  Roomy, a second line each: the kamae tree and the face-up
discards."""
from __future__ import annotations

from collections import Counter

from rich.text import Text
from textual.widgets import Static

from ninja_dojo.engine import senjutsu as sj
from ninja_dojo.tui.games.senjutsu.words import console_line, fit


def details_line(view: dict, seat: int, width: int) -> Text:
    """The second line of a console: kamae tree and the face-up discards."""
    c = view["samurai"][seat]
    t = Text("   ")
    t.append(f"{c['kamae_name']} · tree {c['kamae_tree']['text']}", style="dim")
    up = Counter(c["discards_face_up"])
    if up or c["discards_face_down"]:
        names = [f"{sj.card_info(cid)['name']}{' ×%d' % n if n > 1 else ''}" for cid, n in up.items()]
        if c["discards_face_down"]:
            names.append(f"{c['discards_face_down']} face down")
        t.append(" · discards: " + fit(", ".join(names), max(10, width - len(t.plain) - 13)))
    t.truncate(width, overflow="ellipsis")
    return t


class Consoles(Static):
    """The consoles (see the module's docstring)."""

    def show_consoles(self, view: dict, names: list[str], width: int, *, roomy: bool = False,
                      marks: dict | None = None, focus: dict | None = None) -> None:
        marks = marks or {}
        focus = focus or {}
        lines = []
        for seat in view["advantage"]:
            line = console_line(view, seat, names[seat], width, marks.get(seat, ""))
            if seat in (focus.get("hit") or ()):
                line.stylize("on dark_red")
            elif seat in (focus.get("blocked") or ()):
                line.stylize("on dark_blue")
            elif seat == focus.get("seat"):
                line.stylize("on grey23")
            lines.append(line)
            if roomy:
                lines.append(details_line(view, seat, width))
        text = Text("\n").join(lines)
        if (text.plain, text.spans) != getattr(self, "_shown", None):
            self._shown = (text.plain, text.spans)
            self.update(text)
