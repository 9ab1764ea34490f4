"""Ninjato in the players' words: treasure, clans, tiles, cards, every kind
of action and every kind of step, written from the fields the engine gives
them (``Action.kind`` / ``Action.args``, each step's ``kind`` and fields,
``state.view()``), never from an action's name or a card's text.

Nothing here decides a rule: the words come from ``state.view()``, the
engine's descriptions of actions, cards and tokens (``notation``) and its
own tables (the tiles' effects, the clans, the treasure types).

>>> treasure_short(["Fan", "Fan", "Scroll", "Gold"])
'2F S G'
>>> treasure_words(["Fan", "Fan", "Jade"])
'2 Fans, a Jade'
>>> tile_words("CR3")
'CR3 (Crane): this play and the rest of the attack use the other side (Strength/Stealth)'
"""
from __future__ import annotations

from collections import Counter

from rich.text import Text

from ninja_dojo.engine import Action
from ninja_dojo.engine.ninjato import SENSEI, STYLES, TREASURES, notation

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
    out.append(" " + cost_short(e["price"]) if short else f": {e['cost']}")
    out.append(f" ·{e['age']}" if short else f" · age {e['age']}", style="dim")
    if e.get("mask"):
        out.append(" ⛨" if short else " · mask", style="#d7b5ff")
    return out


def rumor_text(r: dict, *, short: bool = False) -> Text:
    out = Text()
    out.append(RUMOR_SHORT.get(r["kind"], r["kind"]) if short else r["kind"], style="bold")
    out.append(" " + cost_short(r["price"]) if short else f": {r['cost']}")
    return out


def cost_short(price: dict) -> str:
    """A cost (a card's ``price``: the treasures due, or a range of one
    type) in letters: ``F+S``, ``2-3×``.

    >>> cost_short({"treasures": ["Vase", "Jade"], "range": None}), cost_short({"treasures": [], "range": [1, 4]})
    ('V+J', '1-4×')
    """
    if price["range"]:
        return f"{price['range'][0]}-{price['range'][1]}×"
    return "+".join(SHORT[t] for t in price["treasures"])


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
    return card_words(notation.card(att["card"]))


def card_words(card: dict) -> str:
    """A Guard or an Elite (the engine's ``notation.card``) in words.

    >>> card_words(notation.card("GD15")), card_words(notation.card("GD01"))
    ('Guard 3 (alarm)', 'Guard 0')
    >>> card_words(notation.card("EL19")), card_words(notation.card("EL01"))
    ('Elite 1 & 5 (two people, 2 points)', 'Elite Strength 4 / Stealth 2 (1 point)')
    """
    values = card["values"]
    if card["facing"] == "Guard":
        return f"Guard {values[0]}" + (" (alarm)" if card["alarm"] else "")
    points = f"{card['points']} point{'s' if card['points'] != 1 else ''}"
    if card["people"] == 2:
        return f"Elite {values[0]} & {values[1]} (two people, {points})"
    return f"Elite Strength {values[0]} / Stealth {values[1]} ({points})"


def card_name(name: str | None) -> str:
    """A Guard's or an Elite's words from its name: ``GD15`` -> ``Guard 3
    (alarm)``.

    >>> card_name("GD15"), card_name("EL13")
    ('Guard 3 (alarm)', 'Elite 2 & 4 (two people, 1 point)')
    """
    return card_words(notation.card(name)) if name else "?"


def play_words(play: dict | None) -> str:
    """A play (the engine's description) in words: ``Dojo 5 + a 3 joined
    (+1) + TG2 = 8``."""
    if not play:
        return "no play yet"
    parts = [play["base"]]
    if play.get("join"):
        parts.append(f"a 3 joined ({play['join']:+d})")
    parts += [t for t in play.get("tiles", []) if t != play.get("base_tile")]
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
    return seq[i] if seq is not None and i is not None and 0 <= i < len(seq) else None


class _Moment:
    """What an action's words may name of the decision it belongs to: the
    decision's own view, the players' names, the seat that acts."""

    def __init__(self, view: dict | None, names: list[str] | None, actor: int | None, short: bool) -> None:
        self.v = view or {}
        self.names = names or []
        self.d = self.v.get("decision") or {}
        self.att = self.d.get("attack") or {}
        seats = self.v.get("seats") or []
        self.seats = seats
        self.me = _get(seats, actor) if actor is not None else None
        self.short = short


def _place(a: dict, m: _Moment) -> str:
    space = a["space"]
    if space == "Dojo":
        n = m.me["dojo_draws"] if m.me else None
        return f"Dojo: draw {n} cards" if n else "Dojo: draw cards"
    return {"Sensei": "Sensei: learn a tile", "Palace": "Palace: buy an Envoy",
            "Pavilion": "Pavilion: buy a Rumor"}[space]


def _attack(a: dict, m: _Moment) -> str:
    h, side = a["house"], a["side"]
    house = _get(m.v.get("houses"), h)
    if house and house.get("sentry"):
        word = SIDE_WORD[side]
        if m.short:
            return f"house {h + 1} {side} ({word} than {house['sentry']['value']})"
        return (f"attack house {h + 1} ({house['clan']} {house['value']}) with {side}: "
                f"a play {word} than the Sentry {house['sentry']['value']}")
    return f"attack house {h + 1} with {side}"


def _draw(a: dict, m: _Moment) -> str:
    if a["slot"] is None:
        n = m.v.get("dojo_deck_size")
        return f"draw from the deck ({n} cards)" if n and not m.short else "draw from the deck"
    card = _get(m.v.get("dojo_row"), a["slot"])
    return f"take the face-up {card}" if card else f"take face-up card {a['slot'] + 1}"


def _sensei(a: dict, m: _Moment) -> str:
    tile = _get(m.v.get("sensei_offer"), a["slot"])
    if not tile:
        return f"Sensei tile {a['slot'] + 1}"
    if m.short:
        price = "free" if tile.get("free") else cost_word(tile["cost"])
        return f"{tile['tile']} ({price}): {effect(tile['tile'], True)}"
    if tile.get("free"):
        price = f"free (you have a {tile['style']})"
    else:
        price = f"pay {cost_word(tile['cost'])}"
    return f"{tile['tile']} {tile['style']}, {price}: {effect(tile['tile'])}"


def _base_card(a: dict, m: _Moment) -> str:
    if a["tile"] is None:
        return f"a {a['value']} from your hand" if not m.short else f"a {a['value']}"
    return f"{a['tile']} as a {a['value']}"


def _add(a: dict, m: _Moment) -> str:
    return f"{a['tile']}: {a['by']:+d}" + (" now and for the attack" if a["attack"] else "")


def _declare(a: dict, m: _Moment) -> str:
    plays = [p for p in m.att.get("plays") or [] if p]
    if plays:
        values = " and ".join(str(p["value"]) for p in plays)
        return f"declare: {values} beats {guard_label(m.att)}"
    return "declare the play"


def _banzai(a: dict, m: _Moment) -> str:
    b = m.v.get("banzai")
    if b and b.get("size"):
        pct = round(100 * b["beatable"] / b["size"])
        return f"Banzai! (you beat {pct}% of the {b['deck']} deck)"
    return "Banzai!"


def _retreat(a: dict, m: _Moment) -> str:
    tokens = [t for t, _ in m.att.get("on_shuriken") or []]
    return f"retreat with {treasure_words(tokens)}" if tokens else "retreat"


def _token(a: dict, m: _Moment) -> str:
    points = (m.v.get("clan_track") or {}).get("points", {}).get(a["clan"])
    if points is not None and not m.short:
        return f"{a['clan']} {a['value']} (the clan's points {points} → {points + a['value']})"
    return f"{a['clan']} {a['value']}"


def _buy(a: dict, m: _Moment) -> str:
    kind = (m.d.get("purchase") or {}).get("kind")
    card = _get(m.v.get("rumor_row") if kind == "Rumor" else m.v.get("envoy_row"), a["slot"])
    if card and kind == "Rumor":
        return f"{card['kind']} ({card['card']}): {card['cost']}"
    if card:
        mask = ", mask" if card.get("mask") else ""
        return f"{card['clan']} {card['card']}: {card['cost']} (age {card['age']}{mask})"
    return f"buy face-up card {a['slot'] + 1}"


def _pay(a: dict, m: _Moment) -> str:
    if a["treasure"] == "Gold":
        due = m.d.get("purchase") or {}
        as_ = due.get("type") or next(iter(due.get("due") or []), None)
        return f"pay a Gold as {a_token(as_)}" if as_ else "pay a Gold"
    return f"pay {a_token(a['treasure'])}"


def _disguise(a: dict, m: _Moment) -> str:
    if a["envoy"] is None:
        return "done (no more disguises)"
    env = next((e for s in m.seats for e in s.get("envoys", []) if e["card"] == a["envoy"]), None)
    clan = f" ({env['clan']})" if env else ""
    return f"disguise {a['envoy']}{clan}: it counts as 2 Envoys"


def _clan_points(a: dict, m: _Moment) -> str:
    sc = m.d.get("scoring") or {}
    pts = sc.get("points")
    return f"take the {pts} {sc.get('clan')} points" if pts is not None else "take the clan points"


def _free_rumor(a: dict, m: _Moment) -> str:
    card = _get(m.v.get("rumor_row"), a["slot"])
    if card and m.short:
        return f"free Rumor: {RUMOR_SHORT.get(card['kind'], card['kind'])} ({card['card']})"
    return f"a free Rumor: {card['kind']} ({card['card']})" if card else f"take Rumor {a['slot'] + 1}"


#: the words of each kind of action the engine describes (``notation.KINDS``),
#: from its arguments and the moment (``_Moment``) it is offered in
ACTION_WORDS = {
    "place": _place, "attack": _attack, "draw": _draw, "sensei": _sensei,
    "pay card": lambda a, m: f"discard a {a['value']}",
    "base": _base_card,
    "set": lambda a, m: f"{a['tile']}: the base counts {a['value']}",
    "join": lambda a, m: f"join a 3: {a['by']:+d}",
    "add": _add,
    "switch": lambda a, m: "CR3: switch to the other side",
    "both people": lambda a, m: "CR5: this play against both people",
    "next play": lambda a, m: "next: the play against the second person",
    "declare": _declare,
    "give up": lambda a, m: "give up (lose)" if m.short else "give up: the attack is lost (keep 1 treasure)",
    "alarm": lambda a, m: "SN3: ignore the alarm" if a["ignore"] else "let the alarm ring",
    "banzai": _banzai, "retreat": _retreat,
    "peek": lambda a, m: "CR4: look at the next card",
    "keep count": lambda a, m: "TG5: keep 2 treasures" if a["count"] == 2 else "keep 1 treasure",
    "keep": lambda a, m: f"keep {'a red ' + a['treasure'] if a['red'] else a_token(a['treasure'])}",
    "token": _token,
    "take back": lambda a, m: "no card back" if a["value"] is None else f"CR6: take back the {a['value']}",
    "buy": _buy,
    "declare type": lambda a, m: f"pay in {a['treasure']}s (Gold counts as {a['treasure']})",
    "pay": _pay,
    "stop paying": lambda a, m: "stop paying",
    "disguise": _disguise, "clan points": _clan_points, "free rumor": _free_rumor,
}
#: the ways out of a decision, listed last (giving up, stopping)
WAYS_OUT = {("give up", None), ("retreat", None), ("take back", None), ("disguise", None), ("alarm", False),
            ("keep count", 1)}


def way_out(action: Action) -> bool:
    """Whether ``action`` gives up or stops (the board lists it last)."""
    args = action.args or {}
    detail = {"take back": "value", "disguise": "envoy", "alarm": "ignore", "keep count": "count"}.get(action.kind)
    return (action.kind, args.get(detail) if detail else None) in WAYS_OUT


def action_label(action: Action, view: dict | None = None, names: list[str] | None = None,
                 actor: int | None = None, short: bool = False) -> str:
    """An action in the players' words, from its kind and arguments; ``view``
    (the decision's own view) adds what the action touches, e.g. ``take the
    face-up 5``.

    >>> from ninja_dojo.engine import action_of
    >>> action_label(action_of("ninjato", 9))
    'attack house 3 with Stealth'
    >>> action_label(action_of("ninjato", 39)), action_label(action_of("ninjato", 65))
    ('join a 3: -1', 'keep a red Jade')
    >>> action_label(action_of("ninjato", 82))
    'Go-Shirakawa 8'
    """
    return ACTION_WORDS[action.kind](action.args, _Moment(view, names, actor, short))


def action_words(action: Action) -> str:
    """An action's words without the moment it is offered in (the hint's line
    of later moves, the review of another position)."""
    return action_label(action, short=True)


# --------------------------------------------------------------- the steps
def _n(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _token_words(name: str) -> str:
    token = notation.token(name)
    return f"{token['clan']} {token['value']}"


def _place_step(st: dict, who: str) -> str:
    if st["house"] is not None:
        return verb(who, f"attacks house {st['house'] + 1} with {st['side']}")
    return verb(who, f"goes to the {st['space']}")


def _take_step(st: dict, who: str) -> str:
    if st["treasure"] is None:
        return verb(who, "takes nothing (no treasure of that side)")
    what = "a red " + st["treasure"] if st["red"] else a_token(st["treasure"])
    return verb(who, f"puts {what} on the shuriken")


def _alarm_step(st: dict, who: str) -> str:
    if st["added"] is None:
        return f"Alarm at house {st['house'] + 1}: the bag is empty"
    return f"Alarm at house {st['house'] + 1}: {a_token(st['added'])} is added, {a_token(st['flipped'])} turns red"


def _back_step(st: dict, who: str) -> str:
    added = f", {a_token(st['added'])} is added" if st["added"] else ""
    return f"{who}: {_n(st['returned'], 'treasure')} go back to house {st['house'] + 1}{added}"


def _clan_rank_step(st: dict, names: list[str]) -> str:
    if st["first"] is None:
        return f"{st['clan']} ({st['points']} points): nobody has its Envoys"
    second = f", 2nd {names[st['second']]}" if st["second"] is not None else ""
    return f"{st['clan']} ({st['points']} points): 1st {names[st['first']]}{second}"


#: the steps of one seat (or of none): ``(step, who)``, ``who`` the name of
#: the step's seat
_STEPS_OF_ONE = {
    "turn": lambda st, who: f"Turn {st['turn']}",
    "place": _place_step,
    "draw": lambda st, who: verb(who, f"takes the face-up {st['card']}" if st["from"] == "row"
                                 else "draws a card from the deck"),
    "dojo row": lambda st, who: f"A {st['card']} is turned face up at the Dojo",
    "reshuffle": lambda st, who: f"The {st['deck']} discards are shuffled into a new deck",
    "sensei": lambda st, who: verb(who, f"learns {st['tile']}")
    + (f", paying a {st['paid']}" if st["paid"] else " free (same style)"),
    "play": lambda st, who: verb(who, f"plays {play_words(st)}"),
    "beat": lambda st, who: verb(who, "beats the Sentry" if st["facing"] == "Sentry"
                                 else f"beats {card_name(st['card'])}"),
    "take": _take_step,
    "banzai": lambda st, who: f"{who}: Banzai!",
    "reveal": lambda st, who: verb(who, f"turns up {card_name(st['card'])}"),
    "alarm": _alarm_step,
    "alarm ignored": lambda st, who: verb(who, "ignores the alarm with SN3"),
    "peek": lambda st, who: verb(who, f"looks at the top {st['deck']} card with CR4"),
    "retreat": lambda st, who: verb(who, f"retreats with {_n(st['treasures'], 'treasure')}"),
    "loss": lambda st, who: f"{who} cannot beat {card_name(st['card'])}: the attack is lost",
    "TG5": lambda st, who: verb(who, "uses TG5 to keep 2 treasures"),
    "keep": lambda st, who: verb(who, "keeps " + ("a red " + st["treasure"] if st["red"] else a_token(st["treasure"]))),
    "back to the house": _back_step,
    "cleared": lambda st, who: verb(who, f"clears house {st['house'] + 1} and takes all its treasure"),
    "allegiance": lambda st, who: f"{who}: house {st['house'] + 1} changes from {_token_words(st['old'])} "
                                  f"to {_token_words(st['new'])}",
    "CR6": lambda st, who: verb(who, f"takes back a {st['card']} with CR6"),
    "buy": lambda st, who: verb(who, f"buys {st['deck']} {st['card']} for {st['points']} points"),
    "pay": lambda st, who: verb(who, f"pays {a_token(st['treasure'])}"
                                + (f" as {a_token(st['as'])}" if st["treasure"] == "Gold" else "")),
    "declare type": lambda st, who: verb(who, f"declares {st['type']}s, the type to pay in", "declare"),
    "end of turn": lambda st, who: f"End of turn {st['turn']}",
    "sensei offer": lambda st, who: f"Sensei tile {st['tile']} is offered",
    "sentry": lambda st, who: f"House {st['house'] + 1} gets "
                              + (f"the Sentry {card_name(st['card'])}" if st["card"] else "no Sentry"),
    "house treasure": lambda st, who: f"House {st['house'] + 1} gets {a_token(st['treasure'])}",
    "row": lambda st, who: f"{st['deck']} {st['card']} is turned face up",
    "clan scoring": lambda st, who: f"Clan scoring after turn {st['turn']}",
    "hensojutsu": lambda st, who: verb(who, f"disguises Envoy {st['envoy']} (it counts as 2)"),
    "clan points": lambda st, who: verb(who, f"scores {st['points']} {st['clan']} clan points"),
    "free rumor": lambda st, who: verb(who, f"takes Rumor {st['rumor']} free"),
    "game end": lambda st, who: "End of the game: final scoring",
}


def _who(step: dict, names: list[str]) -> str:
    seat = step.get("seat")
    return names[seat] if seat is not None and 0 <= seat < len(names) else "?"


def _of_one(words):
    return lambda step, names: words(step, _who(step, names))


#: the words of each kind of step the engine logs (``views.steps``), from its
#: fields: ``(step, names)``, ``names`` the seats' names
STEP_WORDS = {
    **{kind: _of_one(words) for kind, words in _STEPS_OF_ONE.items()},
    "turn order": lambda st, names: "Turn order: " + ", ".join(names[s] for s in st["order"]),
    "clan rank": _clan_rank_step,
}
#: a turn with more steps than the engine's log keeps ends with this one
LOG_FULL = "log full"


def step_words(step: dict, names: list[str]) -> str:
    """A step in one line, from its fields; ``names`` are the seats' names.

    >>> step_words({"kind": "take", "seat": 1, "treasure": "Jade", "red": True}, ["You", "Kaede"])
    'Kaede puts a red Jade on the shuriken'
    >>> step_words({"kind": "clan rank", "clan": "Taira", "points": 6, "first": 0, "second": None},
    ...            ["You", "Kaede"])
    'Taira (6 points): 1st You'
    """
    if step["kind"] == LOG_FULL:
        return "(more steps than the log keeps)"
    return STEP_WORDS[step["kind"]](step, names)
