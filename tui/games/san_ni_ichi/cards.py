"""San, Ni, Ichi!'s cards as the board draws them: colours, short labels,
the weapons in play.  What a card is (its number, kind, element) comes from
the engine's notation (``card_parts``), never from taking its name apart
here."""
from __future__ import annotations

from rich.text import Text

from ninja_dojo.engine import PositionError
from ninja_dojo.engine.san_ni_ichi.notation import card_parts

ELEMENT_STYLE = {"Fire": "#ff8f6b", "Wood": "#9bd67a", "Water": "#80c4ff"}
WEAPON_STYLE = "#d7b5ff"
#: the weapons with a printed number
NUMBERED = ("Zen Attack", "Tonfa", "Sai", "Shuriken")


def parts(card: str) -> tuple[int, str, str | None] | None:
    """``(number, kind, element)`` of a card name, None for anything else."""
    try:
        return card_parts(card)
    except PositionError:
        return None


def card_info(card: str) -> tuple[str, str, str]:
    """``(number, kind, style)`` of a card name, for drawing it.

    >>> card_info("7 Fire (A)")
    ('7', 'Fire', '#ff8f6b')
    >>> card_info("Zen Attack 15 (Water)")[:2]
    ('15', 'Zen Water')
    >>> card_info("Smoke Bomb")[:2]
    ('∞', 'Smoke Bomb')
    """
    p = parts(card)
    if p is not None:
        number, kind, element = p
        if kind == "attack":
            return str(number), element, ELEMENT_STYLE[element]
        if element is not None:   # a Zen Attack on a pile has taken an element: that colour
            return str(number), f"Zen {element}", ELEMENT_STYLE[element]
        if kind in NUMBERED:
            return str(number), kind, WEAPON_STYLE
    return ("∞" if card == "Smoke Bomb" else "–"), card, WEAPON_STYLE


def card_label(card: str) -> str:
    """The short form for piles: ``7 Fire``, ``Zen 15 Water``; a weapon keeps
    its name.  (The tie letter follows from the element: Fire A, Wood B,
    Water C.)

    >>> card_label("7 Fire (A)"), card_label("Zen Attack 15 (Water)"), card_label("Sai 17")
    ('7 Fire', 'Zen 15 Water', 'Sai 17')
    """
    p = parts(card)
    if p is not None and p[2] is not None:
        number, kind, element = p
        return f"{number} {element}" if kind == "attack" else f"Zen {number} {element}"
    return card


def card_text(card: str, *, top: bool = False, short: bool = False) -> Text:
    """A card as coloured text: ``7 Fire``; reversed when it tops a pile."""
    _, _, style = card_info(card)
    label = card_label(card) if short else card
    if top:
        return Text(f" {label} ", style=f"bold {style} reverse")
    return Text(label, style=style)


def cards_text(cards: list[str], *, short: bool = True, top: bool = False,
               sep: str = " · ", width: int = 0) -> Text:
    """Cards in a row; with ``width``, lines break between cards, never
    inside one (``7`` and ``Fire`` on two lines would read as two cards)."""
    out = Text()
    line = 0
    for i, c in enumerate(cards):
        t = card_text(c, short=short, top=top and i == len(cards) - 1)
        if i:
            if width and line + len(sep) + t.cell_len > width:
                out.append("\n")
                line = 0
            else:
                out.append(sep, style="dim")
                line += len(sep)
        out.append_text(t)
        line += t.cell_len
    return out


#: the weapons' names on a small terminal
SHORT_KINDS = {"Zen Attack": "Zen", "Smoke Bomb": "Smoke", "Shuriken": "Shurik."}


def weapons_text(weapons: list[str], short: bool = False) -> Text:
    """The weapons in the game by kind: ``Block ×2 · Zen Attack 15, 23 · Sai 17``
    (``short``: ``Block ×2 · Zen 15, 23 · Sai 17``).

    >>> weapons_text(["Block", "Block", "Zen Attack 15", "Zen Attack 23", "Sai 17"]).plain
    'Block ×2 · Zen Attack 15, 23 · Sai 17'
    """
    kinds: dict[str, list[str]] = {}
    for w in weapons:
        p = parts(w)
        kind, number = (p[1], str(p[0])) if p is not None and p[1] in NUMBERED else (w, "")
        kinds.setdefault(SHORT_KINDS.get(kind, kind) if short else kind, []).append(number)
    out = Text()
    for i, (kind, numbers) in enumerate(kinds.items()):
        if i:
            out.append(" · ", style="dim")
        if any(numbers):
            out.append(f"{kind} {', '.join(numbers)}", style=WEAPON_STYLE)
        else:
            count = f" ×{len(numbers)}" if len(numbers) > 1 else ""
            out.append(kind + count, style=WEAPON_STYLE)
    return out


def damage_value(card: str) -> int:
    """A damage card's value under advanced scoring (every weapon counts 1);
    only for folding the step-by-step display, the engine scores the game."""
    p = parts(card)
    return p[0] if p is not None and p[1] == "attack" else 1
