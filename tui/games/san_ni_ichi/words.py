"""How San, Ni, Ichi!'s moves and steps read, written from the fields the
engine gives them (``Action.kind`` / ``Action.args``, each step's ``kind``
and seats), never from an action's name: with the players' names for seats,
"you" for the person at the keyboard, and what a move would touch.

>>> from ninja_dojo.engine import new_game
>>> s = new_game("san_ni_ichi", players=3, seed=1)
>>> names = ["You", "Kaede", "Jubei"]
>>> action_label(s.action(121), None, names, 0, short=True)
'swap you ⇄ Jubei'
>>> action_label(s.action(44), None, names, 0, short=True)
'start a pile: you'
>>> step_words({"kind": "put", "seat": 1, "card": "7 Fire (A)", "target": 0, "other": None,
...             "drew": None, "cards": []}, names)
'Kaede puts 7 Fire (A) on your pile'
"""
from __future__ import annotations

from ninja_dojo.engine import Action

from ninja_dojo.tui.games.san_ni_ichi.cards import card_label


# ------------------------------------------------------------------ seats
def possessive(seat: int, actor: int | None, names: list[str]) -> str:
    return "your" if seat == actor or names[seat] == "You" else f"{names[seat]}'s"


def _who(seat: int, actor: int | None, names: list[str]) -> str:
    return "yourself" if seat == actor else ("you" if names[seat] == "You" else names[seat])


def _default_names(n: int = 6) -> list[str]:
    return [f"Player {i + 1}" for i in range(n)]


class _Table:
    """What an option's words need of the table: the names, who acts, their
    partner, the piles' top cards and the card that resolves."""

    def __init__(self, view: dict | None, names: list[str] | None, actor: int | None) -> None:
        view = view or {}
        self.names = names or _default_names()
        self.actor = actor
        self.tops = view.get("pile_tops") or []
        partners = view.get("partners") or []
        self.decision = view.get("decision") or {}
        self.mate = partners[actor] if actor is not None and actor < len(partners) else None

    def top(self, seat: int) -> str:
        t = self.tops[seat] if seat < len(self.tops) else None
        return card_label(t["card"]) if t else "?"

    def who(self, seat: int) -> str:
        return ("your partner " if seat == self.mate else "") + _who(seat, self.actor, self.names)

    def poss(self, seat: int) -> str:
        return ("your partner " if seat == self.mate else "") + possessive(seat, self.actor, self.names)

    def you(self, seat: int) -> str:
        """The short forms' ``you`` or name (no "yourself", no partner)."""
        return "you" if seat == self.actor or self.names[seat] == "You" else self.names[seat]

    def partner_name(self) -> str:
        return self.names[self.mate] if self.mate is not None else "your partner"


# ---------------------------------------------------------------- actions
# Each kind of action the engine describes (notation.KINDS): its words in
# full, and its compact form for a small terminal (None: the full one is short).
def _play(a: dict, t: _Table, short: bool) -> str | None:
    return None if short else a["card"]


def _start(a: dict, t: _Table, short: bool) -> str:
    if short:
        return f"start a pile: {t.you(a['seat'])}"
    return f"start a pile in front of {t.who(a['seat'])}"


def _put(a: dict, t: _Table, short: bool) -> str:
    s = a["seat"]
    if short:
        return f"on {possessive(s, t.actor, t.names)} pile"
    return f"put it on {t.poss(s)} pile (top {t.top(s)})"


def _slide(a: dict, t: _Table, short: bool) -> str:
    return f"slide to {t.you(a['seat'])}" if short else f"slide your pile to {t.who(a['seat'])}"


def _keep(a: dict, t: _Table, short: bool) -> str:
    return "keep your pile" if short else "keep the pile in front of you"


def _discard(a: dict, t: _Table, short: bool) -> str:
    card = t.decision.get("card")
    return f"discard your {card} unused" if card and not short else "discard it unused"


def _block(a: dict, t: _Table, short: bool) -> str | None:
    return None if short else f"Block {t.who(a['seat'])}"


def _tonfa(a: dict, t: _Table, short: bool) -> str:
    s = a["seat"]
    if short:
        return f"take {possessive(s, t.actor, t.names)} top"
    return f"take {t.top(s)} from {t.poss(s)} pile"


def _tonfa_discard(a: dict, t: _Table, short: bool) -> str | None:
    return None if short else f"discard {a['card']}"


def _sai_swap(a: dict, t: _Table, short: bool) -> str:
    x, y = a["seats"]
    if short:
        return f"swap {t.you(x)} ⇄ {t.you(y)}"
    # (no "your partner" here: two piles make a long line already)
    return (f"swap {possessive(x, t.actor, t.names)} pile ({t.top(x)}) with "
            f"{possessive(y, t.actor, t.names)} ({t.top(y)})")


def _sai_move(a: dict, t: _Table, short: bool) -> str:
    x, y = a["from"], a["to"]
    if short:
        return f"move {possessive(x, t.actor, t.names)} → {t.you(y)}"
    return f"move {t.poss(x)} pile ({t.top(x)}) to {t.who(y)}"


def _shuriken(a: dict, t: _Table, short: bool) -> str:
    s = a["seat"]
    return f"Shuriken → {t.you(s)}" if short else f"throw it into {t.poss(s)} damage pile"


def _smoke_bomb(a: dict, t: _Table, short: bool) -> str:
    if a["partner"]:
        return ("Smoke Bomb for partner" if short
                else f"Smoke Bomb for {t.partner_name()}: you draw the lowest card")
    return "Smoke Bomb (dodge)" if short else "Smoke Bomb: dodge, draw the pile's lowest card"


def _take_damage(a: dict, t: _Table, short: bool) -> str | None:
    if a["partner"]:
        return "partner takes it" if short else f"let {t.partner_name()} take the damage"
    return None if short else "take the damage"


#: the words of each kind of action the engine describes (``notation.KINDS``)
ACTION_WORDS = {
    "play": _play, "start": _start, "put": _put, "slide": _slide, "keep": _keep,
    "discard": _discard, "block": _block, "tonfa": _tonfa, "tonfa discard": _tonfa_discard,
    "sai swap": _sai_swap, "sai move": _sai_move, "shuriken": _shuriken,
    "smoke bomb": _smoke_bomb, "take damage": _take_damage,
}


def action_label(action: Action, view: dict | None, names: list[str] | None, actor: int | None,
                 short: bool = False) -> str:
    """An action in the players' words, with what it would touch: ``put it on
    Kaede's pile (top 3 Water)``, ``take 7 Fire from your partner Jubei's
    pile`` (the question above the options names the card that does it).
    ``short``: the compact form of a small terminal (the players' rows show
    the piles)."""
    words = ACTION_WORDS[action.kind]
    table = _Table(view, names, actor)
    if short:
        compact = words(action.args, table, True)
        if compact is not None:
            return compact
    return words(action.args, table, False)


def action_words(action: Action, view: dict | None = None, names: list[str] | None = None,
                 actor: int | None = None) -> str:
    """An action as the board lists it (players named ``Player 1``... when
    no names are given)."""
    return action_label(action, view, names, actor)


def action_seats(action: Action) -> list[int]:
    """The seats an action points at (for a click on a player)."""
    a = action.args
    if action.kind == "sai swap":
        return list(a["seats"])
    if action.kind == "sai move":
        return [a["from"], a["to"]]
    return [a["seat"]] if "seat" in a else []


def move_line(seat: int, action: Action, view: dict, names: list[str]) -> str:
    """A move that caused no step of its own, for the log: ``Kaede keeps
    their pile``, ``You let Jubei take the damage``."""
    who = names[seat]
    you = who == "You"
    partners = view.get("partners") or []
    mate = partners[seat] if seat < len(partners) and partners[seat] is not None else None
    if action.kind == "keep":
        return f"{who} keep{'' if you else 's'} {'your' if you else 'their'} pile"
    if action.kind == "take damage" and not action.args["partner"]:
        return f"{who} take{'' if you else 's'} the damage"
    if action.kind == "take damage" and mate is not None:
        return f"{who} let{'' if you else 's'} {names[mate]} take the damage"
    return f"{who}: {action_label(action, view, names, seat)}"


# ------------------------------------------------------------------ steps
class _Step:
    """One step's actor in the sentence: named, or "you" with its verbs."""

    def __init__(self, step: dict, names: list[str]) -> None:
        self.step = step
        self.names = names
        self.seat = step["seat"]
        self.you = names[self.seat] == "You"
        self.own = "your" if self.you else "their"

    def name(self, seat: int, possessive: bool = False) -> str:
        """A seat in the sentence: ``you`` / ``your`` for the person at the
        keyboard, else the player's name (``Kaede's``)."""
        name = self.names[seat]
        if name == "You":
            return "your" if possessive else "you"
        return name + ("'s" if possessive else "")

    def verb(self, verb: str) -> str:
        """``you play`` but ``Kaede plays``."""
        return verb if self.you else verb + "s"

    def subject(self, verb: str) -> str:
        return f"{self.name(self.seat)} {self.verb(verb)}"

    def pile(self, seat: int) -> str:
        """A seat's sparring pile: the actor's own, or someone's."""
        return f"{self.own} own pile" if seat == self.seat else f"{self.name(seat, True)} pile"


def _reveal(s: _Step, st: dict) -> str:
    return f"{s.subject('reveal')} {st['card']}"


def _block_step(s: _Step, st: dict) -> str:
    t = st["target"]
    whom = ("yourself" if s.you else "themself") if t == s.seat else s.name(t)
    return f"{s.subject('block')} {whom}"


def _start_step(s: _Step, st: dict) -> str:
    t = st["target"]
    where = f"{s.own} own pile" if t == s.seat else f"a pile on {s.name(t)}"
    return f"{s.subject('start')} {where} with {st['card']}"


def _put_step(s: _Step, st: dict) -> str:
    return f"{s.subject('put')} {st['card']} on {s.pile(st['target'])}"


def _slide_step(s: _Step, st: dict) -> str:
    return f"{s.subject('slide')} {s.own} pile to {s.name(st['target'])}"


def _discard_step(s: _Step, st: dict) -> str:
    return f"{s.subject('discard')} {st['card']}"


def _tonfa_step(s: _Step, st: dict) -> str:
    return f"{s.subject('play')} {st['card']}: {s.verb('draw')} {st['drew']} from {s.pile(st['target'])}"


def _tonfa_discard_step(s: _Step, st: dict) -> str:
    return f"{s.subject('discard')} {st['card']} (Tonfa)"


def _sai_swap_step(s: _Step, st: dict) -> str:
    return (f"{s.subject('play')} {st['card']}: {s.verb('swap')} the piles of "
            f"{s.name(st['target'])} and {s.name(st['other'])}")


def _sai_move_step(s: _Step, st: dict) -> str:
    return (f"{s.subject('play')} {st['card']}: {s.verb('move')} {s.pile(st['target'])} "
            f"to {s.name(st['other'])}")


def _shuriken_step(s: _Step, st: dict) -> str:
    return f"{s.subject('throw')} {st['card']} into {s.name(st['target'], True)} damage pile"


def _smoke_wasted(s: _Step, st: dict) -> str:
    return f"{s.name(s.seat, True)} Smoke Bomb as a round card does nothing: discarded"


def _smoke_step(s: _Step, st: dict) -> str:
    return (f"{s.subject('play')} a Smoke Bomb for {s.pile(st['target'])} and "
            f"{s.verb('draw')} {st['drew']}")


def _damage_step(s: _Step, st: dict) -> str:
    return f"{s.subject('take')} {len(st['cards'])} damage: {', '.join(st['cards'])}"


def _pile_discarded(s: _Step, st: dict) -> str:
    return f"{s.name(s.seat, True)} pile is discarded at the end: {', '.join(st['cards'])}"


#: the words of each kind of step the engine logs (``views.steps``)
STEP_WORDS = {
    "reveal": _reveal, "block": _block_step, "start": _start_step, "put": _put_step,
    "slide": _slide_step, "discard": _discard_step, "tonfa": _tonfa_step,
    "tonfa discard": _tonfa_discard_step, "sai swap": _sai_swap_step, "sai move": _sai_move_step,
    "shuriken": _shuriken_step, "smoke bomb wasted": _smoke_wasted, "smoke bomb": _smoke_step,
    "damage": _damage_step, "pile discarded": _pile_discarded,
}


def step_words(step: dict, names: list[str]) -> str:
    """One step with the players' names and the grammar of "you": ``You put
    7 Fire (A) on Kaede's pile``."""
    text = STEP_WORDS[step["kind"]](_Step(step, names), step)
    return text[:1].upper() + text[1:]
