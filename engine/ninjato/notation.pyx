# cython: language_level=3
"""Ninjato's actions as data, and their names; the names of its cards.

An action is described by its kind and what it involves (houses, slots and
seats counted from 0, Dojo cards by value, tiles, tokens, Envoys and
treasure by name), and its name is written from that description, here and
nowhere else (python-chess's ``Move`` and its ``uci()``): the app words an
action from ``describe``, never from its name.  The kinds, in id order:

- ``place``: a shuriken on a space (``space``: Dojo, Sensei, Palace,
  Pavilion); ``attack``: a shuriken on a side of a house (``house``,
  ``side``: Strength or Stealth);
- ``draw`` a Dojo card (``slot`` of the face-up row, or ``None``: the
  deck); ``sensei``: the tile in a ``slot`` of the offer; ``pay card``: the
  Dojo card (``value``) that pays for it;
- building a play: ``base`` (a Dojo card's ``value``, or a ``tile`` played
  as a card of that value), ``set`` (a ``tile`` sets the base to
  ``value``), ``join`` a 3 (``by`` +1 or -1), ``add`` (a ``tile`` adds
  ``by``; ``attack``: to every later play of the attack too), ``switch``
  (CR3: the other side), ``both people`` (CR5), ``next play``,
  ``declare``, ``give up``;
- after a Guard is beaten: ``alarm`` (``ignore`` it with SN3 or not),
  ``banzai``, ``retreat``, ``peek`` (CR4);
- after a loss: ``keep count`` (``count`` 2 with TG5, or 1), ``keep`` a
  ``treasure`` (``red`` or not); a cleared house's ``token`` (its
  ``token``, ``clan``, ``value``); ``take back`` a card with CR6
  (``value``; ``None``: none);
- buying: ``buy`` (``slot`` of the row), ``declare type`` (``treasure``),
  ``pay`` (``treasure``; Gold too), ``stop paying``;
- clan scoring: ``disguise`` an ``envoy`` with a Hensojutsu tile
  (``None``: done), ``clan points``, ``free rumor`` (``slot``).

A notation module of C because the action ids are blocks of the rules'
``cdef enum`` (rules.pxd): the blocks are read from there, not copied.

>>> describe(9), action_name(9)
(('attack', {'house': 2, 'side': 'Stealth'}), 'house 3 Stealth')
>>> action_name(53), describe(38)
('Banzai', ('join', {'by': 1}))
>>> parse_action("keep red Jade")
65
>>> guard_text(14), elite_text(0)
('GD15 (3, alarm)', 'EL01 (Strength 4 / Stealth 2, 1 point)')
"""
from ninja_dojo.engine.ninjato.rules cimport (
    A_DOJO, A_HOUSE, A_DRAW_ROW, A_DRAW_DECK, A_TILE, A_PAY_CARD, A_BASE_CARD, A_BASE_SN5, A_BASE_TG3,
    A_BASE_CR1_2, A_BASE_CR1_4, A_SN2, A_TG1, A_JOIN_PLUS, A_JOIN_MINUS, A_CR2_PLUS, A_CR2_MINUS, A_SN1, A_TG2,
    A_SN4, A_TG4, A_CR3, A_CR5, A_NEXT_PLAY, A_DECLARE, A_GIVE_UP, A_USE_SN3, A_NO_SN3, A_BANZAI, A_RETREAT,
    A_PEEK, A_USE_TG5, A_NO_TG5, A_KEEP, A_TOKEN, A_CR6, A_NO_CR6, A_BUY, A_DECLARE_TYPE, A_PAY, A_PAY_GOLD,
    A_STOP_PAYING, A_ASSIGN_HJ, A_HJ_DONE, A_CLAN_POINTS, A_FREE_RUMOR, NUM_ACTIONS as _NUM_ACTIONS,
    N_HOUSES, N_TYPES, GOLD)

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.ninjato.rules import (CLAN_TOKENS, CLANS, ELITE_NAMES, ELITES, ENVOY_NAMES, GUARD_NAMES,
                                             GUARDS, SIDES, SPACES, TOKEN_NAMES, TREASURES)

#: action ids are below this
NUM_ACTIONS = _NUM_ACTIONS
#: every kind of action, in id order
KINDS = ("place", "attack", "draw", "sensei", "pay card", "base", "set", "join", "add", "switch",
         "both people", "next play", "declare", "give up", "alarm", "banzai", "retreat", "peek", "keep count",
         "keep", "token", "take back", "buy", "declare type", "pay", "stop paying", "disguise", "clan points",
         "free rumor")


# ------------------------------------------------------------------ cards
def cost_text(cost):
    """An Envoy's or a Rumor's cost (a row of rules.pyx's tables) in words:
    ``'Fan + Scroll'``, ``'2-3 of one type'``."""
    if cost[0] == "range":
        return f"{cost[1]}-{cost[2]} of one type"
    return " + ".join(TREASURES[t] for t in range(4) for _ in range(cost[t]))


def token_text(int t):
    """``token_text(13)`` is ``'CT14 (Go-Shirakawa 6)'``."""
    clan, value = CLAN_TOKENS[t]
    return f"{TOKEN_NAMES[t]} ({CLANS[clan]} {value})"


def guard_text(int g):
    """``guard_text(14)`` is ``'GD15 (3, alarm)'``."""
    value, alarm = GUARDS[g]
    return f"{GUARD_NAMES[g]} ({value}{', alarm' if alarm else ''})"


def elite_text(int e):
    """``elite_text(0)`` is ``'EL01 (Strength 4 / Stealth 2, 1 point)'``."""
    people, a, b, points = ELITES[e]
    pts = f"{points} point{'s' if points > 1 else ''}"
    if people == 1:
        return f"{ELITE_NAMES[e]} (Strength {a} / Stealth {b}, {pts})"
    return f"{ELITE_NAMES[e]} (two people {a} & {b}, {pts})"


def guard_card(int g):
    """A Guard as data: ``{'facing': 'Guard', 'card': 'GD15', 'values': [3],
    'people': 1, 'alarm': True}`` (the shape of an Elite's, ``elite_card``)."""
    value, alarm = GUARDS[g]
    return {"facing": "Guard", "card": GUARD_NAMES[g], "values": [value], "people": 1, "alarm": bool(alarm)}


def elite_card(int e):
    """An Elite as data: ``{'facing': 'Elite', 'card': 'EL01', 'values': [4, 2],
    'people': 1, 'points': 1}`` (one person: Strength must beat the first
    value, Stealth go under the second; two people: a play against each)."""
    people, a, b, points = ELITES[e]
    return {"facing": "Elite", "card": ELITE_NAMES[e], "values": [a, b], "people": people, "points": points}


_GUARD_BY_NAME = {n: g for g, n in enumerate(GUARD_NAMES)}
_ELITE_BY_NAME = {n: e for e, n in enumerate(ELITE_NAMES)}
_TOKEN_BY_NAME = {n: t for t, n in enumerate(TOKEN_NAMES)}


def card(name):
    """A Guard or an Elite by its name, as data (``guard_card``, ``elite_card``).

    >>> card("EL19")
    {'facing': 'Elite', 'card': 'EL19', 'values': [1, 5], 'people': 2, 'points': 2}
    """
    if isinstance(name, str) and name in _GUARD_BY_NAME:
        return guard_card(_GUARD_BY_NAME[name])
    if isinstance(name, str) and name in _ELITE_BY_NAME:
        return elite_card(_ELITE_BY_NAME[name])
    raise PositionError(f"{checks.shown(name)} is not a Ninjato Guard or Elite (GD01..GD40, EL01..EL20)")


def token(name):
    """A clan token by its name, as data: ``token("CT07")`` is ``{'token':
    'CT07', 'clan': 'Minamoto', 'value': 3}``."""
    if not isinstance(name, str) or name not in _TOKEN_BY_NAME:
        raise PositionError(f"{checks.shown(name)} is not a Ninjato clan token (CT01..CT15)")
    clan, value = CLAN_TOKENS[_TOKEN_BY_NAME[name]]
    return {"token": name, "clan": CLANS[clan], "value": value}


# ---------------------------------------------------------------- actions
_BASE_TILES = {A_BASE_SN5: ("SN5", 1), A_BASE_TG3: ("TG3", 5), A_BASE_CR1_2: ("CR1", 2), A_BASE_CR1_4: ("CR1", 4)}
_FIXED = {
    A_SN2: ("set", {"tile": "SN2", "value": 0}), A_TG1: ("set", {"tile": "TG1", "value": 6}),
    A_JOIN_PLUS: ("join", {"by": 1}), A_JOIN_MINUS: ("join", {"by": -1}),
    A_CR2_PLUS: ("add", {"tile": "CR2", "by": 1, "attack": False}),
    A_CR2_MINUS: ("add", {"tile": "CR2", "by": -1, "attack": False}),
    A_SN1: ("add", {"tile": "SN1", "by": -2, "attack": False}),
    A_TG2: ("add", {"tile": "TG2", "by": 2, "attack": False}),
    A_SN4: ("add", {"tile": "SN4", "by": -1, "attack": True}),
    A_TG4: ("add", {"tile": "TG4", "by": 1, "attack": True}),
    A_CR3: ("switch", {"tile": "CR3"}), A_CR5: ("both people", {"tile": "CR5"}),
    A_NEXT_PLAY: ("next play", {}), A_DECLARE: ("declare", {}), A_GIVE_UP: ("give up", {}),
    A_USE_SN3: ("alarm", {"ignore": True}), A_NO_SN3: ("alarm", {"ignore": False}),
    A_BANZAI: ("banzai", {}), A_RETREAT: ("retreat", {}), A_PEEK: ("peek", {"tile": "CR4"}),
    A_USE_TG5: ("keep count", {"count": 2}), A_NO_TG5: ("keep count", {"count": 1}),
    A_NO_CR6: ("take back", {"value": None}), A_STOP_PAYING: ("stop paying", {}),
    A_HJ_DONE: ("disguise", {"envoy": None}), A_CLAN_POINTS: ("clan points", {}),
}


def describe(action):
    """What action id ``action`` does, as ``(kind, args)`` (the kinds in the
    module's docstring)."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise PositionError(f"{checks.shown(action)} is not a Ninjato action id (0..{NUM_ACTIONS - 1})")
    cdef int a = action
    if a < A_HOUSE:
        return "place", {"space": SPACES[a - A_DOJO]}
    if a < A_DRAW_ROW:
        return "attack", {"house": (a - A_HOUSE) // 2, "side": SIDES[(a - A_HOUSE) % 2]}
    if a < A_DRAW_DECK:
        return "draw", {"slot": a - A_DRAW_ROW}
    if a == A_DRAW_DECK:
        return "draw", {"slot": None}
    if a < A_PAY_CARD:
        return "sensei", {"slot": a - A_TILE}
    if a < A_BASE_CARD:
        return "pay card", {"value": a - A_PAY_CARD + 1}
    if a < A_BASE_SN5:
        return "base", {"tile": None, "value": a - A_BASE_CARD + 1}
    if a in _BASE_TILES:
        tile, value = _BASE_TILES[a]
        return "base", {"tile": tile, "value": value}
    if a in _FIXED:
        kind, args = _FIXED[a]
        return kind, dict(args)
    if A_KEEP <= a < A_TOKEN:
        return "keep", {"treasure": TREASURES[(a - A_KEEP) // 2], "red": bool((a - A_KEEP) % 2)}
    if A_TOKEN <= a < A_CR6:
        clan, value = CLAN_TOKENS[a - A_TOKEN]
        return "token", {"token": TOKEN_NAMES[a - A_TOKEN], "clan": CLANS[clan], "value": value}
    if A_CR6 <= a < A_NO_CR6:
        return "take back", {"value": a - A_CR6 + 1}
    if A_BUY <= a < A_DECLARE_TYPE:
        return "buy", {"slot": a - A_BUY}
    if A_DECLARE_TYPE <= a < A_PAY:
        return "declare type", {"treasure": TREASURES[a - A_DECLARE_TYPE]}
    if A_PAY <= a <= A_PAY_GOLD:
        return "pay", {"treasure": TREASURES[GOLD if a == A_PAY_GOLD else a - A_PAY]}
    if A_ASSIGN_HJ <= a < A_HJ_DONE:
        return "disguise", {"envoy": ENVOY_NAMES[a - A_ASSIGN_HJ]}
    return "free rumor", {"slot": a - A_FREE_RUMOR}


_ADD_NAMES = {"CR2": "CR2 {by:+d}", "SN1": "SN1 -2", "TG2": "TG2 +2", "SN4": "SN4 -1 for the attack",
              "TG4": "TG4 +1 for the attack"}
_NAMES = {"switch": "CR3: the other side", "both people": "CR5: one play against both",
          "next play": "next play", "declare": "declare the play", "give up": "give up", "banzai": "Banzai",
          "retreat": "retreat", "peek": "CR4: peek", "stop paying": "stop paying",
          "clan points": "take the clan points"}


def action_name(action):
    """The action's name, written from ``describe``: ``action_name(0)`` is
    ``'Dojo'``; ``action_name(53)`` is ``'Banzai'``."""
    kind, args = describe(action)
    if kind in _NAMES:
        return _NAMES[kind]
    if kind == "place":
        return args["space"]
    if kind == "attack":
        return f"house {args['house'] + 1} {args['side']}"
    if kind == "draw":
        return "draw from the deck" if args["slot"] is None else f"draw face-up card {args['slot'] + 1}"
    if kind == "sensei":
        return f"Sensei tile {args['slot'] + 1}"
    if kind == "pay card":
        return f"pay with a {args['value']}"
    if kind == "base":
        return f"base: Dojo {args['value']}" if args["tile"] is None else f"base: {args['tile']} as {args['value']}"
    if kind == "set":
        return f"{args['tile']}: set to {args['value']}"
    if kind == "join":
        return f"join a 3 ({args['by']:+d})"
    if kind == "add":
        return _ADD_NAMES[args["tile"]].format(by=args["by"])
    if kind == "alarm":
        return "SN3: ignore the alarm" if args["ignore"] else "let the alarm ring"
    if kind == "keep count":
        return "TG5: keep 2" if args["count"] == 2 else "keep 1"
    if kind == "keep":
        return f"keep {'red ' if args['red'] else ''}{args['treasure']}"
    if kind == "token":
        return f"new token {args['token']} ({args['clan']} {args['value']})"
    if kind == "take back":
        return "no CR6" if args["value"] is None else f"CR6: take back a {args['value']}"
    if kind == "buy":
        return f"buy face-up card {args['slot'] + 1}"
    if kind == "declare type":
        return f"declare {args['treasure']}"
    if kind == "pay":
        return f"pay a {args['treasure']}"
    if kind == "disguise":
        return "Hensojutsu done" if args["envoy"] is None else f"Hensojutsu on {args['envoy']}"
    return f"take Rumor {args['slot'] + 1}"          # free rumor


_ACTION_BY_NAME = {action_name(a): a for a in range(NUM_ACTIONS)}
assert len(_ACTION_BY_NAME) == NUM_ACTIONS


def parse_action(text):
    """The action id of a name ``action_name`` writes; PositionError if none."""
    if not isinstance(text, str) or text.strip() not in _ACTION_BY_NAME:
        raise PositionError(f"{checks.shown(text)} is not a Ninjato action "
                            "(e.g. 'Dojo', 'house 3 Stealth', 'base: Dojo 4', 'Banzai')")
    return _ACTION_BY_NAME[text.strip()]
