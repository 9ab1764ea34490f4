"""Senjutsu in the board's words: seat colours, a card in one label, a
samurai's console in one line, an action and an option in the players'
words, a step of the round in a line, a card's grid as marks on a small hex
field.

Everything here reads a view (``state.view(seat)``), a card's static data
(``engine.senjutsu.card_info``), an action's kind and arguments
(``Action.kind``, ``Action.args``, from the engine's ``describe``) or a
step's kind and fields; the rules stay in the engine, and no action's name
is taken apart.

>>> from ninja_dojo.engine import action_of
>>> action_words(action_of("senjutsu", 424)), action_words(action_of("senjutsu", 3))
('rotate right 2', 'play Quick Stab')
>>> step_words({"kind": "counter", "seat": 0, "wounded": 1}, ["the Ronin", "the Master"])
'the Ronin counters: the Master takes 1 wound'
"""
from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from ninja_dojo.engine import Action
from ninja_dojo.engine import senjutsu as sj
from ninja_dojo.engine.senjutsu.cards import COMPASS_WORDS, cell_offset, wounds_text
from ninja_dojo.tui.games.senjutsu.hex_field import ARROWS, Mark

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


def played_text(view: dict, console: dict, name_width: int = 14) -> Text:
    """The card it plays this round and its initiative(s): ``Wild Swing 7``
    (the name cut to ``name_width``; 0: whole)."""
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
    name = fit(info["name"], name_width) if name_width else info["name"]
    t = Text(name, style=TYPE_STYLES.get(info["type"], ""))
    inits = []
    printed = info["initiative_numbers"]
    for seg in console.get("segments") or []:
        mark = "✓" if seg["resolved"] else ""
        if seg["fixed"]:
            inits.append(f"{seg['initiative']}{mark}")
        else:                       # not fixed yet: what the card allows
            k = seg["index"]
            inits.append(printed[k] + "?" if k < len(printed) else "?")
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

    >>> short_initiative({"initiative_numbers": ["6/7", "5"]}), short_initiative({"initiative_numbers": ["9-2"]})
    ('6/7▸5', '9-2')
    """
    return "▸".join(info["initiative_numbers"])


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


# ------------------------------------------------------------------ actions
def _card_action(verb: str):
    def words(args: dict) -> str:
        return verb + sj.card_info(args["card"])["name"]
    return words


def _turning(verb: str):
    def words(args: dict) -> str:
        return f"{verb} {args['side']} {args['steps']}"
    return words


#: the words of each kind of action a seat is offered (``notation.KINDS``
#: but ``hidden``, what the others see of a secret choice: never offered)
ACTION_WORDS = {
    "play": _card_action("play "),
    "discard": _card_action("discard "),
    "take": _card_action("take "),
    "give": _card_action("give "),
    "shuffle back": _card_action("shuffle back "),
    "play stun": lambda args: "play a stun card",
    "pass": lambda args: "pass",
    "initiative": lambda args: f"initiative {args['value']}",
    "place": lambda args: "place on " + sj.hex_text(*args["hex"]),
    "step": lambda args: f"step {args['direction']}",
    "collide": lambda args: f"collide {args['direction']}",
    "stop": lambda args: "stop",
    "rotate": _turning("rotate"),
    "don't rotate": lambda args: "don't rotate",
    "option": lambda args: f"option {args['index'] + 1}",
    "target": lambda args: "target " + sj.samurai_name(sj.SAMURAI_KEYS.index(args["samurai"])),
    "draw": lambda args: f"draw {args['cards']}",
    "take nothing": lambda args: "take nothing",
    "done": lambda args: "done",
    "kamae": lambda args: "kamae " + sj.KAMAE_NAMES[sj.KAMAE.index(args["kamae"])],
    "ray": lambda args: f"along the {args['direction']} ray",
    "turn": _turning("turn it"),
}


def action_words(action: Action) -> str:
    """An action in a few words, written from its kind and arguments:
    ``play Quick Stab``, ``step forward``, ``target the Ronin``."""
    if action.kind == "hidden":         # what the others see of a secret choice
        return "a choice kept secret"
    return ACTION_WORDS[action.kind](action.args)


#: what a card action's label says before the card (a play says nothing)
CARD_VERBS = {"play": "", "discard": "discard ", "take": "take ", "give": "give ", "shuffle back": "back "}


def option_label(view: dict, option: dict, action: Action, names: list[str], width: int) -> Text:
    """One option of the decision in words: a card as ``8 Quick Stab``, a
    step with the hex it enters, a rotation with the way it ends facing, a
    target by samurai and player.  ``option`` is the view's option for the
    action (the hex, facing, seat... it leads to)."""
    kind, args = action.kind, action.args
    if kind in CARD_VERBS and args.get("card"):
        info = sj.card_info(args["card"])
        verb = CARD_VERBS[kind]
        t = Text(verb, style="dim")
        t.append_text(card_label(info, width - len(verb)))
        return t
    if kind == "target" and option.get("seat") is not None:
        seat = option["seat"]
        t = Text("target ")
        t.append_text(seat_text(view, seat, f"{samurai_word(view, seat)} ({names[seat]})"))
        t.truncate(width, overflow="ellipsis")
        return t
    if kind in ("rotate", "turn") and "facing" in option:
        return Text(fit(f"{action_words(action)} → {sj.COMPASS[option['facing']]} {ARROWS[option['facing']]}",
                        width))
    if kind == "don't rotate" and "facing" in option:
        return Text(fit(f"don't rotate ({ARROWS[option['facing']]})", width))
    if kind == "collide" and option.get("into"):
        return Text(fit(f"{action_words(action)} (into {option['into']})", width))
    if kind == "option" and option.get("words"):
        return Text(fit(option["words"], width))
    if kind == "play stun":
        return Text("a stun card", style="magenta")
    if kind == "place":
        return Text(fit("start on " + sj.hex_text(*args["hex"]), width))
    return Text(fit(action_words(action), width))


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
                marks[(q, r)] = Mark(wound_mark(cell["wound_count"], cell["bleeding"]),
                                      "bold white on dark_red")
            else:
                old = marks.get((q, r))
                marks[(q, r)] = Mark(old.text if old else "▣", "bold white on dark_blue")
    return marks


def wound_mark(wounds: int, bleeding: int) -> str:
    """An attack cell's wounds in a few characters: ``2``, ``B`` (a bleeding
    wound), ``B+1`` (and a wound), ``0`` (a hit without a wound).

    >>> [wound_mark(w, b) for w, b in ((2, 0), (0, 1), (1, 1), (0, 0))]
    ['2', 'B', 'B+1', '0']
    """
    if bleeding:
        return f"B+{wounds}" if wounds else "B"
    return str(wounds)


def has_grid(info: dict) -> bool:
    return any(info["grids"])


# -------------------------------------------------------------------- steps
def _name(seat: int | None, names: list[str]) -> str:
    return "nobody" if seat is None else names[seat]


def _names(seats: list[int], names: list[str], joint: str = ", ") -> str:
    return joint.join(names[q] for q in seats)


def _card_name(card: str) -> str:
    return sj.card_info(card)["name"]


def _reveal(st: dict, who: str, names: list[str]) -> str:
    if st["card"] == "stun":
        return f"{who} plays a stun card (no actions)"
    if st["card"] is None:
        return f"{who} plays no card"
    return f"{who} reveals {_card_name(st['card'])}"


def _segment(st: dict, who: str, names: list[str]) -> str:
    segments = sj.card_info(st["card"])["segments"]
    part = f" (part {st['index'] + 1})" if len(segments) > 1 else ""
    return f"at {st['initiative']}: {who} resolves {_card_name(st['card'])}{part}: {segments[st['index']]}"


#: how a samurai moves, by a move step's ``how``
MOVE_WORDS = {"step": "steps", "pushed": "is pushed", "pulled": "is pulled", "forward": "steps forward"}
#: what a collision runs into, by its ``what``
COLLISION_WORDS = {"edge": "the edge", "terrain": "terrain"}


def _collision(st: dict, who: str, names: list[str]) -> str:
    into = COLLISION_WORDS.get(st["what"]) or _name(st["other"], names)
    return f"{who} collides with {into} and stays put"


def _attack(st: dict, who: str, names: list[str]) -> str:
    parts = []
    if st["hit"]:
        parts.append("hits " + _names(st["hit"], names))
    if st["blocked"]:
        parts.append("is blocked by " + _names(st["blocked"], names))
    return f"{who} attacks: " + ("; ".join(parts) if parts else "nobody there")


def _draw(st: dict, who: str, names: list[str]) -> str:
    if "cards" not in st:                   # the round's draw
        return f"{who} draws a card"
    n = st["cards"]
    return f"{who} draws {n} card{'s' if n != 1 else ''}" if n else f"{who} draws nothing"


def _kamae(st: dict, who: str, names: list[str]) -> str:
    name = lambda k: sj.KAMAE_NAMES[sj.KAMAE.index(k)]
    by = "" if st["by"] is None else f" ({names[st['by']]}'s doing)"
    return f"{who} moves from {name(st['was'])} to {name(st['kamae'])}{by}"


def _search(st: dict, who: str, names: list[str]) -> str:
    if not st["found"]:
        return f"{who} finds nothing to take"
    if st.get("card") is None:
        return f"{who} takes a face-down card from the discards"
    return f"{who} takes {_card_name(st['card'])} from the discards"


def _game_over(st: dict, who: str, names: list[str]) -> str:
    if len(st["standing"]) == 1:
        return f"{names[st['standing'][0]]} is the last samurai standing"
    if st["standing"]:
        return "the round limit: " + _names(st["standing"], names, " and ") + " share a draw"
    return "everyone left fell at once: " + _names(st["fell"], names, " and ") + " share a draw"


#: the words of each kind of step the engine logs (``views.steps``), from its
#: fields: ``(step, who, names)``, ``who`` the name of the step's seat
STEP_WORDS = {
    "round": lambda st, who, names: f"round {st['round']}",
    "bleed": lambda st, who, names: f"{who} bleeds: the top card of the deck goes face down to the discards",
    "draw": _draw,
    "empty deck": lambda st, who, names: f"{who} has no card to draw: 1 wound",
    "place": lambda st, who, names: f"{who} takes the field on {sj.hex_text(*st['hex'])}, facing "
                                    f"{COMPASS_WORDS[st['facing']]}",
    "reveal": _reveal,
    "replacement": lambda st, who, names: f"{who} replaces {_card_name(st['replaced'])} with "
                                          f"{_card_name(st['card'])} (initiative {st['at']})",
    "initiative": lambda st, who, names: f"{who} fixes {_card_name(st['fixes'])} at initiative {st['initiative']}",
    "segment": _segment,
    "move": lambda st, who, names: f"{who} {MOVE_WORDS[st['how']]} to {sj.hex_text(*st['hex'])}",
    "collision": _collision,
    "rotate": lambda st, who, names: f"{who} turns to face {COMPASS_WORDS[st['facing']]}",
    "attack": _attack,
    "wound": lambda st, who, names: f"{who} takes {wounds_text(st['wounds'], st['bleeding'])}",
    "armour": lambda st, who, names: (f"{who} dons Heavy Armour for the rest of the game" if st["donned"]
                                      else f"{who}'s Heavy Armour takes a wound off (and a stun)"),
    "block": lambda st, who, names: f"{who} blocks at {st['initiative']}",
    "counter": lambda st, who, names: f"{who} counters: {_name(st['wounded'], names)} takes 1 wound",
    "stun": lambda st, who, names: f"{who} takes a stun card",
    "forced draw": lambda st, who, names: f"{who} draws {st['drawn']}" + (
        f" and takes {st['empty_wounds']} wound(s) for an empty deck" if st["empty_wounds"] else ""),
    "discard": lambda st, who, names: (f"{who} discards {_card_name(st['card'])} face up" if st["face_up"]
                                       else f"{who} discards a card face down"),
    "push": lambda st, who, names: f"{_name(st['by'], names)} {'pulls' if st['pull'] else 'pushes'} {who} "
                                   f"{st['hexes_moved']}",
    "turn": lambda st, who, names: f"{who} is turned to face {COMPASS_WORDS[st['facing']]}",
    "swap": lambda st, who, names: f"{who} swaps places with {_name(st['other'], names)}",
    "kamae": _kamae,
    "search": _search,
    "top 3": lambda st, who, names: f"{who} looks at the top {st['looked_at']} cards of the deck and takes one",
    "shuffle": lambda st, who, names: (f"{who} shuffles {st['shuffled']} discard(s) back into the deck" if st["some"]
                                       else f"{who} shuffles the discards ({st['shuffled']} cards) into the deck"),
    "reveal hand": lambda st, who, names: f"{_name(st['shown_by'], names)} shows its hand to {who}",
    "advantage": lambda st, who, names: f"{who} takes the advantage",
    "cancel": lambda st, who, names: f"{who}'s card is cancelled" + (" by the collision" if st["by_collision"] else ""),
    "no move": lambda st, who, names: f"{who} may not step or rotate by its cards this round",
    "bleeding": lambda st, who, names: f"{st['converted']} of {who}'s wounds become bleeding wounds",
    "play foe's card": lambda st, who, names: f"{who} plays {_name(st['owner'], names)}'s "
                                              f"{_card_name(st['card'])} as its own",
    "tuck": lambda st, who, names: f"{who} shuffles {st['tucked']} of {_name(st['target'], names)}'s cards into "
                                   f"its deck; it draws {st['tucked']}",
    "give": lambda st, who, names: f"{who} puts one of {_name(st['target'], names)}'s top cards into its hand",
    "additional": lambda st, who, names: f"{who} adds {_card_name(st['card'])} to {_card_name(st['joins'])}",
    "defeat": lambda st, who, names: f"{who} falls",
    "discard phase": lambda st, who, names: "discard phase: hands down to the limit",
    "end of round": lambda st, who, names: "end of the round",
    "choice": lambda st, who, names: f"{who} chooses: {st['chosen']}",
    "game over": _game_over,
}
#: a log too long to keep whole (never in a real game: the log holds 320 steps a round)
MORE_STEPS = "(more steps than the log keeps)"


def step_words(step: dict, names: list[str]) -> str:
    """A step of the round in a line, from its kind and fields, each seat
    called by ``names`` (the board passes the samurai: ``the Ronin``)."""
    if step["kind"] not in STEP_WORDS:
        return MORE_STEPS
    who = "" if step.get("seat") is None else names[step["seat"]]
    return STEP_WORDS[step["kind"]](step, who, names)


def samurai_words(view: dict) -> list[str]:
    """Each seat's samurai as the steps name it: ``['the Ronin', 'the Master']``."""
    return [samurai_word(view, seat) for seat in range(len(view["samurai"]))]

