"""Senjutsu in the board's words: seat colours, a card in one label, a
samurai's console in one line, an option in the players' words, a card's
grid as marks on a small hex field.

Everything here reads a view (``state.view(seat)``) or a card's static data
(``engine.senjutsu.card_info``); the rules stay in the engine.
"""
from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text

from ninja_dojo.engine import senjutsu as sj
from ninja_dojo.engine.senjutsu.cards import cell_offset
from ninja_dojo.tui.widgets.hex_field import ARROWS, Mark

#: one colour per seat, as the rulebook's example names its players (Red, Yellow)
SEAT_STYLES = ("bold red", "bold yellow", "bold cyan", "bold green")
#: a card's type, as a colour and a short word
TYPE_STYLES = {"attack": "red", "defence": "blue", "meditation": "green", "core": "magenta"}
TYPE_SHORT = {"attack": "atk", "defence": "def", "meditation": "med", "core": "core"}
RANK_STYLES = {"jade": "bold green", "gold": "bold yellow", "steel": "bold white", "wood": "#c08040",
               "core": "magenta"}
#: the hexes an attack covers and those a block protects, on the field
ATTACK_STYLE = "on dark_red"
BLOCK_STYLE = "on dark_blue"
OPTION_STYLE = "bold black on yellow"
TERRAIN = Mark("▲▲▲", "#808080")
#: health on a console: left, a wound, a bleeding wound
HEALTH_GLYPHS = ("♥", "✕", "◆")


def letter(view: dict, seat: int) -> str:
    """The samurai's letter (M, S, R, V): how the field shows it."""
    return sj.SAMURAI[sj.SAMURAI_KEYS.index(view["samurai"][seat]["samurai"])].letter


def seat_text(view: dict, seat: int, name: str | None = None) -> Text:
    """A samurai's letter in its seat colour, with a name after it."""
    t = Text(letter(view, seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)])
    if name:
        t.append(" " + name)
    return t


def samurai_word(view: dict, seat: int) -> str:
    """``the Ronin``."""
    return view["samurai"][seat]["name"].replace("The ", "the ", 1)


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells, an ellipsis marking the cut."""
    if cell_len(text) <= width:
        return text
    while text and cell_len(text) > width - 1:
        text = text[:-1]
    return text.rstrip() + "…"


def card_label(info: dict, width: int = 24, count: int = 1) -> Text:
    """``8 Quick Stab`` in its type's colour (``×2`` for copies)."""
    tail = f" ×{count}" if count > 1 else ""
    init = info["initiative"]
    room = max(3, width - cell_len(init) - 1 - cell_len(tail))
    t = Text(init + " ", style="bold")
    t.append(fit(info["name"], room), style=TYPE_STYLES.get(info["type"], ""))
    t.append(tail, style="dim")
    return t


def card_kind(info: dict) -> Text:
    """``initiative 6-2 · steel defence (replacement instant)``."""
    t = Text(f"initiative {info['initiative']} · ", style="bold")
    t.append(info["rank"], style=RANK_STYLES.get(info["rank"], ""))
    t.append(" " + info["type"], style=TYPE_STYLES.get(info["type"], ""))
    if info.get("instant"):
        t.append(f" ({info['instant']} instant)")
    if info.get("requires"):
        t.append(f" · only in {' or '.join(info['requires'])}")
    if info.get("condition"):
        t.append(f" · only if {info['condition']}")
    return t


def health_text(console: dict) -> Text:
    """``♥♥♥✕◆``: health left, then wounds, then bleeding wounds."""
    t = Text()
    left = console["health_left"] if console["standing"] else 0
    wounds, bleeding = console["wounds"], console["bleeding"]
    t.append(HEALTH_GLYPHS[0] * left, style="green")
    t.append(HEALTH_GLYPHS[1] * min(wounds, console["health"] - left), style="red")
    t.append(HEALTH_GLYPHS[2] * max(0, min(bleeding, console["health"] - left - wounds)), style="bold red")
    pad = console["health"] - cell_len(t.plain)
    if pad > 0:
        t.append("·" * pad, style="dim")
    return t


def played_text(view: dict, console: dict) -> Text:
    """The card it plays this round and its initiative(s): ``Wild Swing 7``."""
    sel = console.get("selected")
    if view["phase"] == "select":
        return Text("")
    if sel == "stun":
        return Text("a stun card", style="dim")
    if sel is None:
        return Text("")
    card = console.get("replacement") or sel
    info = sj.card_info(card)
    # (the name gives way first: the initiatives say when it strikes)
    t = Text(fit(info["name"], 14), style=TYPE_STYLES.get(info["type"], ""))
    inits = []
    printed = info["initiative"].split(" ▸ ")
    for seg in console.get("segments") or []:
        mark = "✓" if seg["resolved"] else ""
        if seg["fixed"]:
            inits.append(f"{seg['initiative']}{mark}")
        else:                       # not fixed yet: what the card allows
            k = seg["index"]
            inits.append(re.sub(r"\[[A-Z/]+\]", "", printed[k]) + "?" if k < len(printed) else "?")
    if inits:
        t.append(" " + "▸".join(inits), style="bold")
    if console.get("additional"):
        t.append(" +" + sj.card_info(console["additional"])["name"], style="dim")
    if console.get("cancelled"):
        t.stylize("strike")
    return t


def console_line(view: dict, seat: int, name: str, width: int, mark: str = "") -> Text:
    """One samurai's console in a line: letter and player, health, stuns,
    kamae, hand/deck/discards, and the card it plays."""
    c = view["samurai"][seat]
    t = Text()
    t.append_text(seat_text(view, seat))
    if not c["standing"]:
        t.append(" " + fit(name, 8).ljust(8) + " fallen", style="dim strike")
        return t
    t.append(" " + fit(name, 7).ljust(7) + " ")
    t.append_text(health_text(c))
    t.append(f" s{c['stuns']}" if c["stuns"] else "   ", style="bold magenta" if c["stuns"] else "")
    t.append(f" {c['kamae']}", style="bold")
    discards = len(c["discards_face_up"]) + c["discards_face_down"]
    t.append(f" {c['hand_size']}/{c['pile_size']}/{discards}".ljust(10))
    if c.get("armour"):
        t.append("⛨", style="bold")
    if mark:
        t.append(mark, style="italic")
    else:
        t.append_text(played_text(view, c))
    t.truncate(width, overflow="ellipsis")
    return t


def kamae_words(console: dict) -> str:
    """``Balance (tree: G–A, A–L, ...)``."""
    return f"{console['kamae_name']} (tree {console['kamae_tree']['text']})"


def hand_entries(view: dict) -> list[tuple[str, dict | None, int]]:
    """The viewer's hand as ``(card ID or 'stun', info, copies)``: the cards
    in data order, then the core, then the stun cards."""
    out = [(c["id"], c, c["count"]) for c in view.get("hand") or []]
    core = view.get("core")
    if core and core.get("in_hand"):
        out.append((core["id"], core, 1))
    stuns = view.get("stuns_in_hand") or 0
    if stuns:
        out.append(("stun", None, stuns))
    return out


def short_initiative(info: dict) -> str:
    """The initiative in few characters: the numbers without the kamae.

    >>> short_initiative({"initiative": "6/[A]7 ▸ 5"}), short_initiative({"initiative": "9-2"})
    ('6/7▸5', '9-2')
    """
    return re.sub(r"\[[A-Z/]+\]", "", info["initiative"]).replace(" ▸ ", "▸")


def hand_lines(view: dict, width: int, name_room: int = 10) -> list[Text]:
    """The hand, each card as its initiative and (shortened) name, packed
    into as few lines of ``width`` as it takes; the core (always in hand
    while it is) and the stun cards last."""
    lines = [Text("Hand ", style="bold")]
    labels = []
    for cid, info, count in hand_entries(view):
        if info is None:
            labels.append(Text(f"stun ×{count}" if count > 1 else "stun", style="bold magenta"))
        elif info["type"] == "core":
            labels.append(Text("+core", style="magenta"))
        else:
            t = Text(short_initiative(info) + " ", style="bold")
            t.append(fit(info["name"], name_room), style=TYPE_STYLES.get(info["type"], ""))
            if count > 1:
                t.append(f" ×{count}", style="dim")
            labels.append(t)
    if not labels:
        lines[0].append("(none)", style="dim")
    for label in labels:
        line = lines[-1]
        gap = 0 if not line.plain.strip() or line.plain == "Hand " else 2
        if line.cell_len + gap + label.cell_len > width and line.plain.strip() not in ("Hand", ""):
            lines.append(Text("     "))
            line, gap = lines[-1], 0
        line.append(" " * gap)
        line.append_text(label)
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    return lines


# ------------------------------------------------------------------ options
ROTATE_PREFIXES = ("rotate right ", "rotate left ", "turn it right ", "turn it left ")


def option_label(view: dict, option: dict, names: list[str], width: int) -> Text:
    """One option of the decision in words: a card as ``8 Quick Stab``, a
    step with the hex it enters, a rotation with the way it ends facing, a
    target by samurai and player."""
    name = option["name"]
    if "card" in option:
        info = sj.card_info(option["card"])
        verb = name.split(" ", 1)[0]
        verb = "" if verb == "play" else verb + " "
        if name.startswith("shuffle back"):
            verb = "back "
        t = Text(verb, style="dim")
        t.append_text(card_label(info, width - len(verb)))
        return t
    if "seat" in option and option.get("seat") is not None:
        seat = option["seat"]
        t = Text("target ")
        t.append_text(seat_text(view, seat, f"{samurai_word(view, seat)} ({names[seat]})"))
        t.truncate(width, overflow="ellipsis")
        return t
    if name.startswith(("rotate", "turn it")) and "facing" in option:
        return Text(fit(f"{name} → {sj.COMPASS[option['facing']]} {ARROWS[option['facing']]}", width))
    if name == "don't rotate" and "facing" in option:
        return Text(fit(f"don't rotate ({ARROWS[option['facing']]})", width))
    if name.startswith("collide") and option.get("into"):
        return Text(fit(f"{name} (into {option['into']})", width))
    if name.startswith("option ") and option.get("words"):
        return Text(fit(option["words"], width))
    if name == "play a stun card":
        return Text("a stun card", style="magenta")
    if name.startswith("place on"):
        return Text(fit(name.replace("place on ", "start on "), width))
    return Text(fit(name, width))


def option_card(option: dict | None) -> str | None:
    return option.get("card") if option else None


# ------------------------------------------------------------- card grids
def grid_marks(info: dict, facing: int = 0) -> dict:
    """A card's attack and block cells as marks on a radius-2 field, around
    a samurai at the centre facing ``facing`` (the card's own grid when 0)."""
    marks: dict = {(0, 0): Mark("◉" + ARROWS[facing], "bold")}
    for segment in info["grids"]:
        for cell in segment:
            q, r = cell_offset(facing, cell["dir2"], cell["distance"])
            if cell["kind"] == "attack":
                marks[(q, r)] = Mark(wound_mark(cell["wounds"] or ""), "bold white on dark_red")
            else:
                old = marks.get((q, r))
                marks[(q, r)] = Mark(old.text if old else "▣", "bold white on dark_blue")
    return marks


def wound_mark(words: str) -> str:
    """A cell's wounds in a few characters: ``2``, ``B`` (bleeding), ``B+1``, ``0``.

    >>> [wound_mark(w) for w in ("2 wounds", "1 bleeding wound", "1 bleeding wound and 1 wound",
    ...                          "no wound (still a hit)")]
    ['2', 'B', 'B+1', '0']
    """
    if words.startswith("1 bleeding"):
        return "B+" + words.split(" and ")[1].split(" ")[0] if " and " in words else "B"
    if words.startswith("no wound"):
        return "0"
    return words.split(" ")[0] or "×"


def has_grid(info: dict) -> bool:
    return any(info["grids"])
