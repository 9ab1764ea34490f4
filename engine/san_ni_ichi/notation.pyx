# cython: language_level=3
"""San, Ni, Ichi!'s cards and actions as data, and their names.

An action is described by its kind and what it involves (seats counted from
0, cards by name), and its name is written from that description, here and
nowhere else (python-chess's ``Move`` and its ``uci()``): the app words an
action from ``describe``, never from its name.  The kinds, in id order:
``play`` a round card, ``start`` a pile on a seat, ``put`` the card on a
seat's pile, ``slide`` my pile to a seat, ``keep`` it, ``discard`` the
resolving card unused, ``block`` a seat, ``tonfa`` (draw a seat's top card),
``tonfa discard`` a card of the hand, ``sai swap`` two seats' piles, ``sai
move`` a pile to a free seat (3 players), ``shuriken`` into a seat's damage
pile, ``smoke bomb`` or ``take damage`` (``partner``: asked for my
partner's pile in team play).

A notation module of C because the action ids are blocks of the rules'
``cdef enum`` (rules.pxd): the blocks are read from there, not copied.

>>> describe(6)
('play', {'card': '7 Fire (A)'})
>>> action_name(121), describe(121)
('Sai: swap the piles of seats 0 and 2', ('sai swap', {'seats': (0, 2)}))
>>> parse_action("put on seat 1's pile")
51
>>> card_parts("Zen Attack 15 (Water)")
(15, 'Zen Attack', 'Water')
"""
from ninja_dojo.engine.san_ni_ichi.rules cimport (
    N_CARDS, ZEN0, TONFA0, SMOKE0, BLOCK0, T_SMOKE,
    PLAY, START, PUT, SLIDE, KEEP, DISCARD, BLOCK, TONFA, TONFA_DISCARD, SAI_SWAP, SAI_MOVE,
    SHURIKEN, SMOKE, TAKE_DAMAGE, SMOKE_PARTNER, LET_PARTNER, NUM_ACTIONS as _NUM_ACTIONS,
    number_of, type_of)

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.san_ni_ichi.rules import ELEMENTS, LETTERS, PAIRS, WEAPON_KINDS

#: action ids are below this
NUM_ACTIONS = _NUM_ACTIONS
#: every kind of action, in id order
KINDS = ("play", "start", "put", "slide", "keep", "discard", "block", "tonfa", "tonfa discard",
         "sai swap", "sai move", "shuriken", "smoke bomb", "take damage")


def card_name(int card):
    """``card_name(6)`` is ``'7 Fire (A)'``; ``card_name(45)`` is ``'Block'``."""
    if not 0 <= card < N_CARDS:
        raise PositionError(f"{card} is not a San Ni Ichi card id (0..{N_CARDS - 1})")
    if card < ZEN0:
        return f"{card % 10 + 1} {ELEMENTS[card // 10]} ({LETTERS[card // 10]})"
    if card < SMOKE0:
        return f"{WEAPON_KINDS[(card - ZEN0) // 3]} {number_of(card)}"
    return "Smoke Bomb" if card < BLOCK0 else "Block"


def type_name(int t):
    """The name of a card *type* (the 42 distinct cards, Smoke Bomb, Block)."""
    return card_name(t if t < SMOKE0 else (SMOKE0 if t == T_SMOKE else BLOCK0))


#: card name -> card type
TYPE_BY_NAME = {card_name(c): type_of(c) for c in range(N_CARDS)}
#: a Zen Attack on a pile shows the element it took: name -> (card id, element index)
ZEN_ON_PILE = {f"{card_name(z)} ({e})": (z, ELEMENTS.index(e))
               for z in range(ZEN0, TONFA0) for e in ELEMENTS}


def parse_card(name):
    """The card *type* of a name such as ``'7 Fire (A)'`` or ``'Block'``."""
    if not isinstance(name, str) or name not in TYPE_BY_NAME:
        raise PositionError(f"{checks.shown(name)} is not a San Ni Ichi card (e.g. '7 Fire (A)', "
                            f"'Zen Attack 15', 'Smoke Bomb')")
    return TYPE_BY_NAME[name]


def card_parts(name):
    """A card's ``(number, kind, element)`` read from its name as the engine
    writes it in a hand or on a pile: the notation is read here, not by
    whoever shows the card.  ``kind`` is ``'attack'`` or the weapon's name;
    ``element`` an attack card's, or the one a Zen Attack took on a pile;
    Smoke Bomb and Block have number 0.

    >>> card_parts("7 Fire (A)"), card_parts("Sai 21"), card_parts("Block")
    ((7, 'attack', 'Fire'), (21, 'Sai', None), (0, 'Block', None))
    """
    if isinstance(name, str) and name in ZEN_ON_PILE:
        z, e = ZEN_ON_PILE[name]
        return number_of(z), "Zen Attack", ELEMENTS[e]
    t = parse_card(name)
    c = t if t < SMOKE0 else (SMOKE0 if t == T_SMOKE else BLOCK0)
    if c < ZEN0:
        return number_of(c), "attack", ELEMENTS[c // 10]
    if c < SMOKE0:
        return number_of(c), WEAPON_KINDS[(c - ZEN0) // 3], None
    return 0, ("Smoke Bomb" if c < BLOCK0 else "Block"), None


def card_itself(name):
    """The card's own name, without the element a Zen Attack took on a pile:
    ``card_itself('Zen Attack 15 (Water)')`` is ``'Zen Attack 15'``."""
    if isinstance(name, str) and name in ZEN_ON_PILE:
        return card_name(ZEN_ON_PILE[name][0])
    return name


def describe(action):
    """What action id ``action`` does, as ``(kind, args)`` (the kinds in the
    module's docstring); seats are counted from 0."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise PositionError(f"{checks.shown(action)} is not a San Ni Ichi action id (0..{NUM_ACTIONS - 1})")
    cdef int a = action
    if a < START:
        return "play", {"card": type_name(a - PLAY)}
    if a < PUT:
        return "start", {"seat": a - START}
    if a < SLIDE:
        return "put", {"seat": a - PUT}
    if a < KEEP:
        return "slide", {"seat": a - SLIDE}
    if a == KEEP:
        return "keep", {}
    if a == DISCARD:
        return "discard", {}
    if a < TONFA:
        return "block", {"seat": a - BLOCK}
    if a < TONFA_DISCARD:
        return "tonfa", {"seat": a - TONFA}
    if a < SAI_SWAP:
        return "tonfa discard", {"card": type_name(a - TONFA_DISCARD)}
    if a < SAI_MOVE:
        return "sai swap", {"seats": PAIRS[a - SAI_SWAP]}
    if a < SHURIKEN:
        return "sai move", {"from": (a - SAI_MOVE) // 3, "to": (a - SAI_MOVE) % 3}
    if a < SMOKE:
        return "shuriken", {"seat": a - SHURIKEN}
    if a == SMOKE or a == SMOKE_PARTNER:
        return "smoke bomb", {"partner": a == SMOKE_PARTNER}
    return "take damage", {"partner": a == LET_PARTNER}


def action_name(action):
    """The action's name, written from ``describe``, e.g. ``'put on seat 1's
    pile'`` (seats counted from 0, as ``legal_actions(seat)`` counts them)."""
    kind, args = describe(action)
    if kind == "play":
        return "play " + args["card"]
    if kind == "tonfa discard":
        return "discard " + args["card"]
    if kind in ("keep", "discard"):
        return kind
    if kind == "sai swap":
        return "Sai: swap the piles of seats {} and {}".format(*args["seats"])
    if kind == "sai move":
        return f"Sai: move seat {args['from']}'s pile to seat {args['to']}"
    if kind == "smoke bomb":
        return "smoke bomb for my partner" if args["partner"] else "smoke bomb"
    if kind == "take damage":
        return "let my partner take the damage" if args["partner"] else "take the damage"
    return _SEAT_NAMES[kind].format(args["seat"])


_SEAT_NAMES = {
    "start": "start a pile on seat {}",
    "put": "put on seat {}'s pile",
    "slide": "slide to seat {}",
    "block": "block seat {}",
    "tonfa": "Tonfa: draw from seat {}'s pile",
    "shuriken": "Shuriken: into seat {}'s damage pile",
}
_ACTION_BY_NAME = {action_name(a): a for a in range(NUM_ACTIONS)}


def parse_action(text):
    """The action id of a name ``action_name`` writes; PositionError if none."""
    if not isinstance(text, str) or text.strip() not in _ACTION_BY_NAME:
        raise PositionError(f"{checks.shown(text)} is not a San Ni Ichi action "
                            "(e.g. 'play 7 Fire (A)', 'put on seat 1's pile', 'keep')")
    return _ACTION_BY_NAME[text.strip()]


def step_text(dict st):
    """One step (``views.steps``) as a line of the game's record (the golden
    playthroughs); the app words steps from their fields itself."""
    k, who, card, t, o = st["kind"], f"seat {st['seat']}", st["card"], st["target"], st["other"]
    if k == "reveal":
        return f"{who} reveals {card}"
    if k == "block":
        return f"{who} blocks " + ("itself" if t == st["seat"] else f"seat {t}")
    if k == "start":
        return f"{who} starts a pile on seat {t} with {card}"
    if k == "put":
        return f"{who} puts {card} on seat {t}'s pile"
    if k == "slide":
        return f"{who} slides its pile to seat {t}"
    if k == "discard":
        return f"{who} discards {card}"
    if k == "tonfa":
        return f"{who} plays {card}: draws {st['drew']} from seat {t}'s pile"
    if k == "tonfa discard":
        return f"{who} discards {card} (Tonfa)"
    if k == "sai swap":
        return f"{who} plays {card}: swaps the piles of seats {t} and {o}"
    if k == "sai move":
        return f"{who} plays {card}: moves seat {t}'s pile to seat {o}"
    if k == "shuriken":
        return f"{who} throws {card} into seat {t}'s damage pile"
    if k == "smoke bomb wasted":
        return f"{who}'s Smoke Bomb as a round card does nothing: discarded"
    if k == "smoke bomb":
        for_whom = "its own pile" if t == st["seat"] else f"seat {t}'s pile"
        return f"{who} plays a Smoke Bomb for {for_whom} and draws {st['drew']}"
    if k == "damage":
        return f"{who} takes {len(st['cards'])} damage: {', '.join(st['cards'])}"
    if k == "pile discarded":
        return f"{who}'s pile is discarded at the end: {', '.join(st['cards'])}"
    return f"{who}: {k}"
