"""Ninjato in the players' words: treasure, clans, tiles, every action name
of the engine, and the steps of a turn told as the log and the step-by-step
display tell them.

Nothing here decides a rule: the words come from ``state.view()``, the
engine's action names and steps, and the engine's own tables (the tiles'
effects, the clans, the treasure types).

>>> treasure_short(["Fan", "Fan", "Scroll", "Gold"])
'2F S G'
>>> treasure_words(["Fan", "Fan", "Jade"])
'2 Fans, a Jade'
>>> tile_words("CR3")
'CR3 (Crane): this play and the rest of the attack use the other side (Strength/Stealth)'
"""
from __future__ import annotations

import re
from collections import Counter

from rich.text import Text

from ninja_dojo.engine.ninjato import SENSEI, STYLES, TREASURES

#: treasure types, lowest first (Gold ranks highest: ruling 7)
SHORT = {"Fan": "F", "Scroll": "S", "Vase": "V", "Jade": "J", "Gold": "G"}
ABBREV = {"Fan": "Fan", "Scroll": "Scr", "Vase": "Vase", "Jade": "Jade", "Gold": "Gold"}
VALUE = {"Fan": 2, "Scroll": 3, "Vase": 4, "Jade": 5}
TREASURE_STYLE = {"Fan": "#9bd67a", "Scroll": "#e0d6a8", "Vase": "#80c4ff", "Jade": "#4fd1a5",
                  "Gold": "bold #ffd75f"}
#: the clans' colours of the printed markers (Taira red, Minamoto blue, Go-Shirakawa green)
CLAN_STYLE = {"Taira": "#ff7b7b", "Minamoto": "#7fb2ff", "Go-Shirakawa": "#7fd67f"}
CLAN_LETTER = {"Taira": "T", "Minamoto": "M", "Go-Shirakawa": "G"}
RUMOR_SHORT = {"Greatest Warrior": "Warrior", "Goodwill of the People": "Goodwill",
               "Powerful Friends": "Friends", "Master of the Secret Art": "Secret Art",
               "Dishonorable Opponents": "Dishonorable"}
#: the narrowest names (a small terminal's Pavilion line)
RUMOR_TINY = {"Greatest Warrior": "Warr.", "Goodwill of the People": "Goodw.",
              "Powerful Friends": "Friends", "Master of the Secret Art": "Art",
              "Dishonorable Opponents": "Dishon."}
RUMOR_COUNTS = {"Greatest Warrior": "Elite cards", "Goodwill of the People": "Rumors",
                "Powerful Friends": "Envoys", "Master of the Secret Art": "Sensei tiles"}
STYLE_STYLE = {"Snake": "#9bd67a", "Tiger": "#ffb86b", "Crane": "#a9d8ff", "Hensojutsu": "#d7b5ff"}
TILES = {t[0]: (STYLES[t[1]], t[2], t[3]) for t in SENSEI}
SIDE_WORD = {"Strength": "higher", "Stealth": "lower"}


# ------------------------------------------------------------- treasure
def _order(t: str) -> int:
    return TREASURES.index(t) if t in TREASURES else 9


def treasure_short(tokens: list[str]) -> str:
    """Letters with counts, lowest first: ``2F S V G`` (F Fan, S Scroll, V
    Vase, J Jade, G Gold)."""
    c = Counter(tokens)
    return " ".join(f"{c[t]}{SHORT[t]}" if c[t] > 1 else SHORT[t]
                    for t in sorted(c, key=_order)) or "–"


def a_token(t: str) -> str:
    return f"an {t}" if t[0] in "AEIOU" else f"a {t}"


def plural_token(t: str, n: int) -> str:
    return f"{n} {t}s" if n > 1 else a_token(t)


def treasure_words(tokens: list[str], red: list[str] | None = None) -> str:
    """``2 Fans, a Jade``; red tokens (a house's) named as such."""
    c = Counter(tokens)
    parts = [plural_token(t, c[t]) for t in sorted(c, key=_order)]
    r = Counter(red or [])
    parts += [f"{r[t]} red {t}s" if r[t] > 1 else f"a red {t}" for t in sorted(r, key=_order)]
    return ", ".join(parts) or "nothing"


def treasure_text(plain: list[str], red: list[str] | None = None, *, short: bool = False) -> Text:
    """A house's treasure, lowest first, the red ones in brackets:
    ``Fan Scr Vase [Jade]`` (``short``: ``F S V [J]``)."""
    out = Text()
    names = SHORT if short else ABBREV
    for i, t in enumerate(sorted(plain, key=_order)):
        if i:
            out.append(" ")
        out.append(names[t], style=TREASURE_STYLE.get(t, ""))
    for t in sorted(red or [], key=_order):
        if out.plain:
            out.append(" ")
        out.append(f"[{names[t]}]", style="bold #ff6b6b")
    if not out.plain:
        out.append("empty", style="dim")
    return out


def tokens_text(tokens: list[str]) -> Text:
    """A player's treasure as coloured letters with counts (``2F S G``)."""
    c = Counter(tokens)
    out = Text()
    for i, t in enumerate(sorted(c, key=_order)):
        if i:
            out.append(" ")
        out.append(f"{c[t]}{SHORT[t]}" if c[t] > 1 else SHORT[t], style=TREASURE_STYLE.get(t, ""))
    if not tokens:
        out.append("–", style="dim")
    return out


# ------------------------------------------------------------ clans, tiles
def clan_text(clan: str | None, value: int | None = None, *, short: bool = False) -> Text:
    if not clan:
        return Text("–", style="dim")
    name = clan if not short or clan != "Go-Shirakawa" else "Go-Shira."
    label = f"{name} {value}" if value is not None else name
    return Text(label, style=CLAN_STYLE.get(clan, ""))


def tile_effect(tile: str) -> str:
    return TILES[tile][2] if tile in TILES else ""


def tile_words(tile: str) -> str:
    """``CR3 (Crane): this play and the rest of the attack ...``."""
    style = TILES[tile][0] if tile in TILES else ""
    return f"{tile} ({style}): {tile_effect(tile)}"


def cost_word(cost) -> str:
    return "any card" if cost in ("?", 0, None) else f"a {cost}"


def envoy_text(e: dict, *, short: bool = False) -> Text:
    """``EN13 Minamoto 2-3× one type · age 47 · mask``."""
    out = Text()
    out.append(e["card"] + " ", style="dim")
    out.append_text(clan_text(e["clan"], short=short))
    out.append(" " + cost_short(e["cost"]) if short else f": {e['cost']}")
    out.append(f" ·{e['age']}" if short else f" · age {e['age']}", style="dim")
    if e.get("mask"):
        out.append(" ⛨" if short else " · mask", style="#d7b5ff")
    return out


def rumor_text(r: dict, *, short: bool = False) -> Text:
    out = Text()
    out.append(RUMOR_SHORT.get(r["kind"], r["kind"]) if short else r["kind"], style="bold")
    out.append(" " + cost_short(r["cost"]) if short else f": {r['cost']}")
    return out


def cost_short(cost: str) -> str:
    """``Fan + Scroll`` -> ``F+S``; ``2-3 of one type`` -> ``2-3×``.

    >>> cost_short("Vase + Jade"), cost_short("1-4 of one type"), cost_short("Jade")
    ('V+J', '1-4×', 'J')
    """
    m = re.fullmatch(r"(\d)-(\d) of one type", cost)
    if m:
        return f"{m.group(1)}-{m.group(2)}×"
    return "+".join(SHORT.get(p.strip(), p.strip()) for p in cost.split("+"))


# ------------------------------------------------------------ the players
def who(seat: int | None, names: list[str]) -> str:
    return "nobody" if seat is None else names[seat]


def verb(name: str, third: str, base: str | None = None) -> str:
    """``You take`` / ``Kaede takes``.

    >>> verb("You", "goes to the Dojo"), verb("Kaede", "goes to the Dojo")
    ('You go to the Dojo', 'Kaede goes to the Dojo')
    """
    if name == "You":
        return f"You {base or _base(third)}"
    return f"{name} {third}"


def _base(third: str) -> str:
    words = third.split(" ", 1)
    w = words[0]
    irregular = {"is": "are", "has": "have", "goes": "go", "does": "do"}
    if w in irregular:
        w = irregular[w]
    elif w.endswith("ies"):
        w = w[:-3] + "y"
    elif w.endswith(("shes", "ches", "sses", "xes")):
        w = w[:-2]
    elif w.endswith("s"):
        w = w[:-1]
    return " ".join([w] + words[1:])


def their(name: str) -> str:
    return "your" if name == "You" else "their"


def side_rule(side: str) -> str:
    return f"{side}: a play {SIDE_WORD.get(side, '')} than the Guard wins"


def guard_short(att: dict | None) -> str:
    """The card an attack faces, briefly: ``Sentry 3``, ``Guard 4``,
    ``Elite 5/2`` (Strength / Stealth), ``Elite 1&5`` (two people)."""
    if not att or not att.get("card"):
        return "?"
    values = att.get("values") or []
    if att.get("facing") == "Elite":
        return f"Elite {values[0]}{'&' if att.get('people') == 2 else '/'}{values[1]}"
    return f"{att.get('facing')} {values[0]}" if values else att.get("facing", "?")


def need_words(att: dict | None) -> str:
    """What a play must do against the card faced, in the side in force:
    ``over 3``, ``under 2``, ``over 2 and over 4 (two plays)``."""
    if not att or not att.get("values"):
        return ""
    word = "over" if att.get("now", att.get("side")) == "Strength" else "under"
    values = att["values"]
    if att.get("facing") == "Elite" and att.get("people") == 2:
        return f"{word} {values[0]} and {word} {values[1]} (a play each)"
    if att.get("facing") == "Elite":
        return f"{word} {values[0] if word == 'over' else values[1]}"
    return f"{word} {values[0]}"


def guard_label(att: dict | None) -> str:
    """What an attack faces: ``the Sentry 3``, ``Guard 4 (alarm)``,
    ``Elite Strength 5 / Stealth 1 (2 points)``, ``Elite 1 & 5 (two people,
    2 points)``."""
    if not att or not att.get("card"):
        return "nothing yet"
    if att.get("facing") == "Sentry":
        values = att.get("values") or []
        return f"the Sentry {values[0]}" if values else "the Sentry"
    return card_of(att.get("text") or att["card"])


def card_of(text: str) -> str:
    """``GD15 (3, alarm)`` -> ``Guard 3 (alarm)``; ``EL01 (Strength 4 /
    Stealth 2, 1 point)`` -> ``Elite Strength 4 / Stealth 2 (1 point)``.

    >>> card_of("GD15 (3, alarm)"), card_of("GD01 (0)")
    ('Guard 3 (alarm)', 'Guard 0')
    >>> card_of("EL19 (two people 1 & 5, 2 points)")
    'Elite 1 & 5 (two people, 2 points)'
    """
    m = re.fullmatch(r"GD\d+ \((\d)(, alarm)?\)", text)
    if m:
        return f"Guard {m.group(1)}" + (" (alarm)" if m.group(2) else "")
    m = re.fullmatch(r"EL\d+ \(two people (\d) & (\d), (\d) points?\)", text)
    if m:
        return f"Elite {m.group(1)} & {m.group(2)} (two people, {m.group(3)} point" \
               f"{'s' if m.group(3) != '1' else ''})"
    m = re.fullmatch(r"EL\d+ \(Strength (\d) / Stealth (\d), (\d) points?\)", text)
    if m:
        return f"Elite Strength {m.group(1)} / Stealth {m.group(2)} ({m.group(3)} point" \
               f"{'s' if m.group(3) != '1' else ''})"
    return text


def play_words(play: dict | None) -> str:
    """A play (the engine's description) in words: ``Dojo 5 + a 3 joined
    (+1) + TG2 = 8``."""
    if not play:
        return "no play yet"
    parts = [play["base"]]
    if play.get("join"):
        parts.append(f"a 3 joined ({play['join']:+d})")
    parts += [t for t in play.get("tiles", []) if t not in play["base"]]
    value = play.get("value")
    return " + ".join(parts) + (f" = {value}" if value is not None else "")


# Short words for the tiles' effects, where a line is narrow (the engine's
# table has the full ones, shown on a roomy board and in the rules).
SHORT_EFFECT = {
    "SN1": "-2 to the base card", "SN2": "the base card counts 0",
    "SN3": "ignore the alarm Banzai turns up", "SN4": "-1 to this and later plays of the attack",
    "SN5": "a base card of value 1", "TG1": "the base card counts 6", "TG2": "+2 to the base card",
    "TG3": "a base card of value 5", "TG4": "+1 to this and later plays of the attack",
    "TG5": "lose: keep 2 treasures, not 1", "CR1": "a base card of value 2 or 4",
    "CR2": "+1 or -1 to the base card", "CR3": "switch Strength/Stealth for the attack",
    "CR4": "look at the card Banzai would draw", "CR5": "one play beats both people of an Elite",
    "CR6": "attack over: a card spent in it back", "HJ1": "a masked Envoy counts 2 at scoring",
    "HJ2": "a masked Envoy counts 2 at scoring", "HJ3": "a masked Envoy counts 2 at scoring",
}


def effect(tile: str, short: bool = False) -> str:
    return SHORT_EFFECT.get(tile, "") if short else tile_effect(tile)


# ------------------------------------------------------------- the actions
def _get(seq, i):
    return seq[i] if seq is not None and 0 <= i < len(seq) else None


def action_label(name: str, view: dict | None = None, names: list[str] | None = None,
                 actor: int | None = None, short: bool = False) -> str:
    """An engine action name in the players' words; ``view`` (the decision's
    own view) adds what the action touches, e.g. ``take the face-up 5``.

    >>> action_label("house 3 Stealth")
    'attack house 3 with Stealth'
    >>> action_label("join a 3 (-1)"), action_label("keep red Jade")
    ('join a 3: -1', 'keep a red Jade')
    >>> action_label("new token CT15 (Go-Shirakawa 8)")
    'Go-Shirakawa 8'
    """
    v = view or {}
    names = names or []
    d = v.get("decision") or {}
    att = d.get("attack") or {}
    seats = v.get("seats") or []
    me = _get(seats, actor) if actor is not None else None
    if m := re.fullmatch(r"house (\d) (Strength|Stealth)", name):
        h = int(m.group(1)) - 1
        house = _get(v.get("houses"), h)
        if house and house.get("sentry"):
            word = "higher" if m.group(2) == "Strength" else "lower"
            if short:
                return f"house {h + 1} {m.group(2)} ({word} than {house['sentry']['value']})"
            return (f"attack house {h + 1} ({house['clan']} {house['value']}) with {m.group(2)}: "
                    f"a play {word} than the Sentry {house['sentry']['value']}")
        return f"attack house {h + 1} with {m.group(2)}"
    if name == "Dojo":
        n = me["dojo_draws"] if me else None
        return f"Dojo: draw {n} cards" if n else "Dojo: draw cards"
    if name == "Sensei":
        return "Sensei: learn a tile"
    if name == "Palace":
        return "Palace: buy an Envoy"
    if name == "Pavilion":
        return "Pavilion: buy a Rumor"
    if m := re.fullmatch(r"draw face-up card (\d)", name):
        card = _get(v.get("dojo_row"), int(m.group(1)) - 1)
        return f"take the face-up {card}" if card else f"take face-up card {m.group(1)}"
    if name == "draw from the deck":
        n = v.get("dojo_deck_size")
        return f"draw from the deck ({n} cards)" if n and not short else "draw from the deck"
    if m := re.fullmatch(r"Sensei tile (\d)", name):
        tile = _get(v.get("sensei_offer"), int(m.group(1)) - 1)
        if not tile:
            return f"Sensei tile {m.group(1)}"
        if short:
            price = "free" if tile.get("free") else cost_word(tile["cost"])
            return f"{tile['tile']} ({price}): {effect(tile['tile'], True)}"
        if tile.get("free"):
            price = f"free (you have a {tile['style']})"
        else:
            price = f"pay {cost_word(tile['cost'])}"
        return f"{tile['tile']} {tile['style']}, {price}: {effect(tile['tile'])}"
    if m := re.fullmatch(r"pay with a (\d)", name):
        return f"discard a {m.group(1)}"
    if m := re.fullmatch(r"base: Dojo (\d)", name):
        return f"a {m.group(1)} from your hand" if not short else f"a {m.group(1)}"
    if m := re.fullmatch(r"base: (SN5|TG3|CR1) as (\d)", name):
        return f"{m.group(1)} as a {m.group(2)}"
    fixed = {
        "SN2: set to 0": "SN2: the base counts 0", "TG1: set to 6": "TG1: the base counts 6",
        "join a 3 (+1)": "join a 3: +1", "join a 3 (-1)": "join a 3: -1",
        "CR2 +1": "CR2: +1", "CR2 -1": "CR2: -1", "SN1 -2": "SN1: -2", "TG2 +2": "TG2: +2",
        "SN4 -1 for the attack": "SN4: -1 now and for the attack",
        "TG4 +1 for the attack": "TG4: +1 now and for the attack",
        "CR3: the other side": "CR3: switch to the other side",
        "CR5: one play against both": "CR5: this play against both people",
        "next play": "next: the play against the second person",
        "SN3: ignore the alarm": "SN3: ignore the alarm",
        "let the alarm ring": "let the alarm ring", "CR4: peek": "CR4: look at the next card",
        "TG5: keep 2": "TG5: keep 2 treasures", "keep 1": "keep 1 treasure",
        "no CR6": "no card back", "Hensojutsu done": "done (no more disguises)",
        "stop paying": "stop paying",
    }
    if name == "declare the play":
        plays = [p for p in att.get("plays") or [] if p]
        if plays:
            values = " and ".join(str(p["value"]) for p in plays)
            return f"declare: {values} beats {guard_label(att)}"
        return "declare the play"
    if name == "give up":
        keeps = "keep 1 treasure" if not short else "lose"
        return f"give up: the attack is lost ({keeps})" if not short else "give up (lose)"
    if name == "Banzai":
        b = v.get("banzai")
        if b and b.get("size"):
            pct = round(100 * b["beatable"] / b["size"])
            return f"Banzai! (you beat {pct}% of the {b['deck']} deck)"
        return "Banzai!"
    if name == "retreat":
        tokens = [t for t, _ in att.get("on_shuriken") or []]
        return f"retreat with {treasure_words(tokens)}" if tokens else "retreat"
    if name in fixed:
        return fixed[name]
    if m := re.fullmatch(r"keep (red )?(\w+)", name):
        return f"keep {'a red ' + m.group(2) if m.group(1) else a_token(m.group(2))}"
    if m := re.fullmatch(r"new token (CT\d+) \((.+) (\d)\)", name):
        points = (v.get("clan_track") or {}).get("points", {}).get(m.group(2))
        if points is not None and not short:
            return f"{m.group(2)} {m.group(3)} (the clan's points {points} → {points + int(m.group(3))})"
        return f"{m.group(2)} {m.group(3)}"
    if m := re.fullmatch(r"CR6: take back a (\d)", name):
        return f"CR6: take back the {m.group(1)}"
    if m := re.fullmatch(r"buy face-up card (\d)", name):
        kind = (d.get("purchase") or {}).get("kind")
        row = v.get("rumor_row") if kind == "Rumor" else v.get("envoy_row")
        card = _get(row, int(m.group(1)) - 1)
        if card and kind == "Rumor":
            return f"{card['kind']} ({card['card']}): {card['cost']}"
        if card:
            mask = ", mask" if card.get("mask") else ""
            return f"{card['clan']} {card['card']}: {card['cost']} (age {card['age']}{mask})"
        return f"buy face-up card {m.group(1)}"
    if m := re.fullmatch(r"declare (\w+)", name):
        return f"pay in {m.group(1)}s (Gold counts as {m.group(1)})"
    if m := re.fullmatch(r"pay a (\w+)", name):
        if m.group(1) == "Gold":
            due = (d.get("purchase") or {})
            as_ = due.get("type") or next(iter(due.get("due") or []), None)
            return f"pay a Gold as {a_token(as_)}" if as_ else "pay a Gold"
        return f"pay {a_token(m.group(1))}"
    if m := re.fullmatch(r"Hensojutsu on (EN\d+)", name):
        env = next((e for s in seats for e in s.get("envoys", []) if e["card"] == m.group(1)), None)
        clan = f" ({env['clan']})" if env else ""
        return f"disguise {m.group(1)}{clan}: it counts as 2 Envoys"
    if name == "take the clan points":
        sc = d.get("scoring") or {}
        pts = sc.get("points")
        return f"take the {pts} {sc.get('clan')} points" if pts is not None else name
    if m := re.fullmatch(r"take Rumor (\d)", name):
        card = _get(v.get("rumor_row"), int(m.group(1)) - 1)
        if card and short:
            return f"free Rumor: {RUMOR_SHORT.get(card['kind'], card['kind'])} ({card['card']})"
        return f"a free Rumor: {card['kind']} ({card['card']})" if card else name
    return name
