# cython: language_level=3
"""Senjutsu's actions as data, and their names.

An action is described by its kind and what it involves, and its name is
written from that description, here and nowhere else (python-chess's
``Move`` and its ``uci()``): the app words an action from ``describe``,
never from its name.  Cards are given by ID (``"G04"``, as the view, the
steps and position files give them; ``view.card_info`` has the rest),
hexes as ``(q, r)``, samurai by key (``"ronin"``).  The kinds, in id order:

- ``play``, ``discard``, ``take``, ``give``, ``shuffle back``: a card
  (``card``; ``None`` with its ``slot`` for the two card slots the data
  leaves empty, never legal);
- ``play stun`` (a stun card as the round's card), ``pass``;
- ``initiative`` (``value`` 0..10), ``place`` (``hex``);
- ``step`` and ``collide`` (``direction``, relative to the facing:
  ``forward``, ``back-right`` ...), ``stop``;
- ``rotate`` and ``turn`` (a target) (``side``, ``right`` or ``left``, and
  ``steps``, sixths of a turn), ``don't rotate``;
- ``option`` (``index`` from 0 of an "or"'s alternatives), ``target``
  (``samurai``), ``draw`` (``cards``), ``take nothing``, ``done``,
  ``kamae`` (``kamae``, a letter), ``ray`` (``direction``, a compass point
  word: ``north-east``);
- ``hidden``: what the other seats see of a hidden choice (never legal).

A notation module of C because the action ids are blocks of the rules'
``cdef enum`` (rules.pxd): the blocks are read from there, not copied.

>>> describe(3), action_name(3)
(('play', {'card': 'G04'}), 'play Quick Stab')
>>> action_name(424), describe(424)
('rotate right 2', ('rotate', {'side': 'right', 'steps': 2}))
>>> parse_action("target the Ronin")
437
"""
from ninja_dojo.engine.senjutsu.rules cimport (
    NC, MAX_HEX, MAX_PLAYERS, N_KAMAE, NUM_ACTIONS as _NUM_ACTIONS,
    A_PLAY, A_DISCARD, A_TAKE, A_GIVE, A_SHUFFLE, A_STUN, A_PASS, A_INIT, A_HEX, A_STEP, A_COLLIDE,
    A_STOP, A_ROT_RIGHT, A_ROT_LEFT, A_NO_ROT, A_OPTION, A_TARGET, A_DRAW, A_NOTHING, A_DONE, A_KAMAE,
    A_RAY, A_TURN_RIGHT, A_TURN_LEFT, A_HIDDEN)

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.senjutsu.cards import COMPASS_WORDS, REL
from ninja_dojo.engine.senjutsu.rules import (CARD_IDS, CARD_NAMES, HEXES, KAMAE, KAMAE_NAMES, SAMURAI,
                                              SAMURAI_KEYS, hex_text)

#: action ids are below this
NUM_ACTIONS = _NUM_ACTIONS
#: the kinds of the five blocks of card actions, in id order
CARD_KINDS = ("play", "discard", "take", "give", "shuffle back")
#: every kind of action, in id order
KINDS = CARD_KINDS + ("play stun", "pass", "initiative", "place", "step", "collide", "stop", "rotate",
                      "don't rotate", "option", "target", "draw", "take nothing", "done", "kamae", "ray",
                      "turn", "hidden")


def samurai_name(int k):
    """``samurai_name(2)`` is ``'the Ronin'``."""
    return SAMURAI[k].short


def _turn(int a, int right, int left):
    """``(side, steps)`` of a rotation id in the blocks at ``right`` (1..3)
    and ``left`` (1..2)."""
    return ("right", a - right + 1) if a < left else ("left", a - left + 1)


def describe(action):
    """What action id ``action`` does, as ``(kind, args)`` (the kinds in the
    module's docstring)."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise PositionError(f"{checks.shown(action)} is not a Senjutsu action id (0..{NUM_ACTIONS - 1})")
    cdef int a = action
    if a < A_STUN:
        c = a % NC
        card = {"card": CARD_IDS[c]} if c < len(CARD_IDS) else {"card": None, "slot": c}
        return CARD_KINDS[a // NC], card
    if a == A_STUN:
        return "play stun", {}
    if a == A_PASS:
        return "pass", {}
    if a < A_HEX:
        return "initiative", {"value": a - A_INIT}
    if a < A_STEP:
        return "place", {"hex": HEXES[a - A_HEX]}
    if a < A_COLLIDE:
        return "step", {"direction": REL[a - A_STEP]}
    if a < A_STOP:
        return "collide", {"direction": REL[a - A_COLLIDE]}
    if a == A_STOP:
        return "stop", {}
    if a < A_NO_ROT:
        side, steps = _turn(a, A_ROT_RIGHT, A_ROT_LEFT)
        return "rotate", {"side": side, "steps": steps}
    if a == A_NO_ROT:
        return "don't rotate", {}
    if a < A_TARGET:
        return "option", {"index": a - A_OPTION}
    if a < A_DRAW:
        return "target", {"samurai": SAMURAI_KEYS[a - A_TARGET]}
    if a < A_NOTHING:
        return "draw", {"cards": a - A_DRAW}
    if a == A_NOTHING:
        return "take nothing", {}
    if a == A_DONE:
        return "done", {}
    if a < A_RAY:
        return "kamae", {"kamae": KAMAE[a - A_KAMAE]}
    if a < A_TURN_RIGHT:
        return "ray", {"direction": COMPASS_WORDS[a - A_RAY]}
    if a < A_HIDDEN:
        side, steps = _turn(a, A_TURN_RIGHT, A_TURN_LEFT)
        return "turn", {"side": side, "steps": steps}
    return "hidden", {}


#: the names of the kinds with no arguments
_PLAIN = {"play stun": "play a stun card", "pass": "pass", "stop": "stop", "don't rotate": "don't rotate",
          "take nothing": "take nothing", "done": "done", "hidden": "a hidden choice"}


def action_name(action):
    """The action's name, written from ``describe``: ``action_name(3)`` is
    ``'play Quick Stab'``; ``action_name(361)`` is ``'pass'``."""
    kind, args = describe(action)
    if kind in CARD_KINDS:
        if args["card"] is None:
            return f"{kind} (card {args['slot']})"
        return f"{kind} {CARD_NAMES[CARD_IDS.index(args['card'])]}"
    if kind in _PLAIN:
        return _PLAIN[kind]
    if kind == "initiative":
        return f"initiative {args['value']}"
    if kind == "place":
        return "place on " + hex_text(*args["hex"])
    if kind in ("step", "collide"):
        return f"{kind} {args['direction']}"
    if kind == "rotate":
        return f"rotate {args['side']} {args['steps']}"
    if kind == "turn":
        return f"turn it {args['side']} {args['steps']}"
    if kind == "option":
        return f"option {args['index'] + 1}"
    if kind == "target":
        return "target " + samurai_name(SAMURAI_KEYS.index(args["samurai"]))
    if kind == "draw":
        return f"draw {args['cards']}"
    if kind == "kamae":
        return "kamae " + KAMAE_NAMES[KAMAE.index(args["kamae"])]
    return f"along the {args['direction']} ray"


#: every action's name, by id
ACTION_NAMES = tuple(action_name(a) for a in range(NUM_ACTIONS))
_ACTION_BY_NAME = {name: a for a, name in enumerate(ACTION_NAMES)}
assert len(_ACTION_BY_NAME) == NUM_ACTIONS, "two actions share a name"


def parse_action(text):
    """The action id of a name ``action_name`` writes; PositionError if none."""
    if not isinstance(text, str) or text.strip() not in _ACTION_BY_NAME:
        raise PositionError(f"{checks.shown(text)} is not a Senjutsu action "
                            "(e.g. 'play Quick Stab', 'step forward', 'target the Ronin', 'pass')")
    return _ACTION_BY_NAME[text.strip()]
