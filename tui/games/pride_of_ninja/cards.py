"""How Pride of Ninja's cards look on the board and what each one does.

The abilities shown for a card are read from the rules as written for the
players (``docs/rules/pride_of_ninja.md``, its card tables), so the words on
screen and in the rules screen are one text.

>>> abilities()["Samurai"]["back"]
'+1 TP for each Ninja you have.'
>>> row_text(["Ninja", None, None]).plain
'Ninja + 2 face down'
"""
from __future__ import annotations

from functools import lru_cache

from rich.text import Text

from ninja_dojo.tui.docs import rules_markdown

ROWS = ("front", "back")
CARD_STYLE = {
    # Blue deck
    "Ninja": "#a9b7c6", "Samurai": "#ff8f8f", "Miko": "#ffc2dc", "Onmyoji": "#c3a6ff",
    "Kabuki": "#ffb86b", "Sumo Rikishi": "#dcae6e", "Shogun": "#ffd75f",
    # Red deck
    "Kunoichi": "#e29cff", "Fallen": "#b0b0b0", "Geisha": "#ff9fc6", "Monk": "#ffb347",
    "Oni": "#ff6b6b", "Yakuza": "#8fd694", "Magistrate": "#ffd75f",
}
#: the rows are narrow: the one long name is shortened there (never in the hand)
SHORT = {"Sumo Rikishi": "Sumo"}
#: the 5-player card and the card of the last tie-break, by deck
FIRST_CARD = {"blue": "Ninja", "red": "Kunoichi"}
BAR = 10
#: how the rules mark a number of their own choosing, in the card tables
CHOSEN_MARKS = ("(all four **chosen**)", "(both **chosen**)", "(all **chosen**)", "(**chosen**)",
                "**(chosen)**")


def card_style(card: str | None) -> str:
    return CARD_STYLE.get(card or "", "")


def slug(card: str) -> str:
    return card.lower().replace(" ", "-")


def _clean(text: str) -> str:
    """The rules' table cell without its markup and its (chosen) marks (and
    the spaces before them)."""
    for mark in CHOSEN_MARKS:
        while (at := text.find(mark)) >= 0:
            start = len(text[:at].rstrip())
            text = text[:start] + text[at + len(mark):]
    return text.replace("**", "").replace("->", "→").strip()


def _card_row(line: str) -> tuple[str, str, str] | None:
    """``(card, row, ability)`` of a card table's row such as ``| **Miko**
    (2) | front | If no Miko ... |``, or None for any other line."""
    line = line.rstrip()
    if not (line.startswith("|") and line.endswith("|")):
        return None
    cells = line[1:-1].split("|")
    if len(cells) < 3:
        return None
    head, row, ability = cells[0].strip(), cells[1].strip(), "|".join(cells[2:])
    name, bold, initiative = head[2:].partition("**")
    if not (head.startswith("**") and bold and name):
        return None
    initiative = initiative.strip()
    if not (len(initiative) == 3 and initiative[0] == "(" and initiative[1].isdigit() and initiative[2] == ")"):
        return None
    if row not in ("front", "back", "either") or not ability.strip():
        return None
    return name, row, ability


@lru_cache(maxsize=1)
def abilities() -> dict[str, dict[str, str]]:
    """Every card's ability by row (``front``, ``back`` or ``either``), from
    the card tables of the rules as written for the players."""
    text, _ = rules_markdown("pride_of_ninja")
    lines = (text or "").splitlines()
    out: dict[str, dict[str, str]] = {}
    for line in lines:
        found = _card_row(line)
        if found:
            name, row, ability = found
            out.setdefault(name, {})[row] = _clean(ability)
    # Kunoichi refers to "the Secrecy bonus above": say it where the card is shown.
    bonus = secrecy_bonus(lines)
    for row, words in out.get("Kunoichi", {}).items():
        if bonus:
            out["Kunoichi"][row] = words.replace("the Secrecy bonus above",
                                                 f"the Secrecy bonus by Kunoichi you have ({bonus})")
    return out


def secrecy_bonus(lines: list[str]) -> str:
    """``1 → 0, 2 → 1, ...`` from the rules' Kunoichi bonus table."""
    cells = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines
             if line.startswith("|")]
    for i, row in enumerate(cells):
        if row and row[0] == "Kunoichi" and i + 2 < len(cells) and cells[i + 2][0] == "bonus Secrecy":
            return ", ".join(f"{k} → {b}" for k, b in zip(row[1:], cells[i + 2][1:]))
    return ""


def ability_lines(card: str, initiative: int | None, row: str | None = None) -> Text:
    """What ``card`` does, one line per row it acts from; ``row`` (the row
    the pick would go to) is stressed."""
    rules = abilities().get(card, {})
    head = Text(card, style=f"bold {card_style(card)}")
    if initiative is not None:
        head.append(f" (initiative {initiative})", style="dim")
    if not rules:
        head.append("  (see the rules: ?)", style="dim")
        return head
    out = Text()
    if "either" in rules:
        out.append_text(head)
        out.append("  either row: ", style="bold")
        out.append(rules["either"])
        return out
    out.append_text(head)
    for i, r in enumerate(ROWS):
        if r not in rules:
            continue
        stress = row == r
        out.append("\n  " if i else "  ")
        out.append(f"{r} row: ", style="bold" if stress else "dim bold")
        out.append(rules[r], style="" if stress or row is None else "dim")
    return out


def pp_bar(pp: int, goal: int, bar: int = BAR) -> Text:
    full = min(bar, round(bar * pp / goal)) if goal else 0
    return Text.assemble(("▰" * full, "green"), ("▱" * (bar - full), "dim"))


def row_text(cards: list[str | None], *, focus: set[str] = frozenset(), done: set[str] = frozenset(),
             own: bool = False) -> Text:
    """A row's cards; ``None`` is a card face down that the viewer cannot see."""
    out = Text()
    hidden = sum(c is None for c in cards)
    shown = [c for c in cards if c is not None]
    for i, c in enumerate(shown):
        if i:
            out.append(" ")
        style = card_style(c)
        if c in focus:
            style = f"bold reverse {style}"
        elif c in done:
            style = f"dim {style}"
        elif own:
            style = f"italic {style}"
        out.append(SHORT.get(c, c), style=style)
    if hidden:
        if shown:
            out.append(" + ")
        out.append(f"{hidden} face down", style="dim italic")
    if not cards:
        out.append("–", style="dim")
    return out
