"""Senjutsu's battlefield: the 37 hexes with each samurai (its letter and
facing arrow, in its seat colour) and the terrain; during resolution the
hexes an attack covers (red) and those a block protects (blue); at a
decision the hexes one may enter or the samurai one may target, with their
keys.  The round and the initiative now stand in the field's top corners.
A click on a hex posts ``HexField.Clicked`` (the board turns it into the
option there)."""
from __future__ import annotations

from rich.text import Text

from ninja_dojo.tui.games.senjutsu.hex_field import ARROWS, HexField, Mark, render_field
from ninja_dojo.tui.games.senjutsu.words import (ATTACK_STYLE, BLOCK_STYLE, OPTION_STYLE, SEAT_STYLES,
                                        TERRAIN, letter)


def field_marks(view: dict, focus: dict | None = None, keys: dict | None = None,
                cursor: tuple | None = None, preview: tuple | None = None) -> dict:
    """The mark of every hex that shows something.  ``focus``: a step of the
    story (``attack`` / ``block`` hexes); ``keys``: hex → the key of the
    option there; ``cursor``: the hex of the selected option; ``preview``:
    (seat, facing) the way a rotation under the cursor would turn it."""
    focus = focus or {}
    keys = keys or {}
    marks: dict = {}
    styles: dict = {}
    for h in view["board"]["terrain"]:
        marks[tuple(h)] = TERRAIN
    acting = view["phase"] == "activation"
    attack = focus.get("attack")
    # The last attack stays in view while its consequences are decided (a
    # counter, an instant added after it); the story shows every attack.
    kind = (view.get("decision") or {}).get("kind")
    if attack is None and acting and view.get("last_attack") and kind in ("counter", "additional"):
        attack = view["last_attack"]["hexes"]
    blocks = focus.get("block")
    if blocks is None and acting:
        blocks = [h for c in view["samurai"] if c.get("block") and c["block"]["active"]
                  for h in c["block"]["hexes"]]
    for h in blocks or ():
        styles[tuple(h)] = BLOCK_STYLE
    for h in attack or ():
        styles[tuple(h)] = ATTACK_STYLE
    for c in view["samurai"]:
        if c["standing"] and c["hex"] is not None:
            h = tuple(c["hex"])
            style = SEAT_STYLES[c["seat"] % len(SEAT_STYLES)]
            facing = c["facing"]
            if preview is not None and preview[0] == c["seat"]:
                facing, style = preview[1], style + " reverse"
            marks[h] = Mark(letter(view, c["seat"]) + ARROWS[facing], style)
    for h, key in keys.items():
        old = marks.get(h)
        text = f"{key}{old.text}" if old is not None and old is not TERRAIN else f"[{key}]"
        style = OPTION_STYLE if h != cursor else "bold black on bright_white"
        marks[h] = Mark(text, style)
    for h, style in styles.items():
        old = marks.get(h, Mark("·", "dim"))
        if h in keys:
            continue
        marks[h] = Mark(old.text if old.text != "·" else " ", f"{old.style} {style}".strip())
    return marks


class SenjutsuField(HexField):
    """The field, with the round and the step in its empty top corners."""

    def __init__(self, **kw) -> None:
        super().__init__(radius=3, width=5, **kw)
        self.corners = ("", "")

    def show_field(self, marks: dict, left: str = "", right: str = "") -> None:
        if marks == self.marks and (left, right) == self.corners:
            return
        self.corners = (left, right)
        self.marks = dict(marks)
        self.refresh()              # (its size never changes: no layout)

    def render(self) -> Text:
        lines = render_field(self.marks, self.radius, self.cell_width).split("\n")
        left, right = self.corners
        room = 11                      # the top row is empty but for its middle hex
        middle = lines[0][room:room + 7]
        middle.pad_right(7 - middle.cell_len)
        top = Text(left[:room].ljust(room), style="bold")
        top.append_text(middle)
        top.append(right[:room].rjust(room), style="bold")
        lines[0] = top
        return Text("\n").join(lines)
