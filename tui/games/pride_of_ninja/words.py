"""How Pride of Ninja's picks and resolution steps read, written from the
fields the engine gives them (``Action.kind`` / ``Action.args``, each step's
``kind`` and fields), never from an action's name.

>>> from ninja_dojo.engine import new_game
>>> s = new_game("pride_of_ninja", players=3, seed=1)
>>> action_words(s.action(5)), action_words(s.action(0))
('Miko · face down', 'Ninja · front row')
>>> placed(s.action(5))
('Miko', 'back')
>>> step_words({"kind": "scoring", "tp": [3, 0, -2], "slain": [1], "pp": [21, 4, 0]},
...            ["You", "Kaede", "Jubei"], goal=20)
'Scoring: You +3 TP → 21 PP; Kaede 0 TP (Slain) → 4 PP; Jubei −2 TP → 0 PP. You reached 20 PP: the game ends.'
"""
from __future__ import annotations

from ninja_dojo.engine import Action

#: why a card Slays someone, for the story (the card's own words, briefly)
SLAY_REASON = {
    "Ninja": "the most Ninja",
    "Miko": "a front-row Miko while a Miko is in a back row",
    "Onmyoji": "the player on their left has 3 or more Onmyoji",
    "Fallen": "the most Kunoichi, and a Fallen in a front row",
    "Oni": "the most TP, and someone has 3 or more Oni",
    "Yakuza": "the lowest Secrecy, and 2 or more Yakuza in back rows",
}


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ---------------------------------------------------------------- actions
def placed(action: Action) -> tuple[str | None, str]:
    """The card a pick places (``None``: another seat's face-down card) and
    its row, ``front`` or ``back``."""
    return action.args["card"], action.args["row"]


def _place(args: dict) -> str:
    card = args["card"] or "a card"
    return f"{card} · {'front row' if args['row'] == 'front' else 'face down'}"


#: the words of each kind of action the engine describes (``notation.KINDS``)
ACTION_WORDS = {"place": _place}


def action_words(action: Action) -> str:
    """A pick, short so the hint's columns fit: ``Kabuki · front row``,
    ``Miko · face down``."""
    return ACTION_WORDS[action.kind](action.args)


def pick_words(seat: int, card: str | None, row: str, viewer: int, names: list[str]) -> str:
    """How a pick reads to the viewer: a face-down card of another is unknown."""
    if row == "front":
        return f"{names[seat]} {card}"
    if seat == viewer and card:
        return f"{names[seat]} ({card})"
    return names[seat]


def picks_line(label: str, picks: list[tuple[int, str | None, str]], viewer: int,
               names: list[str]) -> str:
    """``Pick 3 of 7: front row You Kabuki, Jubei Ninja; face down Kaede, You (Miko)``."""
    parts = []
    for row, words in (("front", "front row"), ("back", "face down")):
        who = [pick_words(s, c, r, viewer, names) for s, c, r in picks if r == row]
        if who:
            parts.append(f"{words} {', '.join(who)}")
    return f"{label}: {'; '.join(parts)}."


# ------------------------------------------------------------------ steps
def gains_words(gains: dict[str, int]) -> str:
    return ", ".join(f"{card} {signed(g)}" for card, g in gains.items())


def initiative_line(st: dict, names: list[str]) -> str:
    """``Initiative 1 (Ninja, Samurai): You Ninja +2, Samurai −2 → 0 TP; ...``."""
    parts = []
    for s, name in enumerate(names):
        gains = st["gains"][s]
        slain = s in st["slain"]
        pp = st["pp_gains"][s]
        if not gains and not slain and not pp:
            continue
        bits = []
        if gains:
            bits.append(gains_words(gains))
        if pp:
            bits.append(f"gains {pp} PP at once (back-row Monk)")
        words = f"{name} {', '.join(bits)}" if bits else name
        if slain:
            by = st["slain_by"][s]
            why = "; ".join(SLAY_REASON.get(c, c) for c in by)
            words += f" → Slain by {' and '.join(by)} ({why}): 0 TP"
        else:
            words += f" → {st['tp'][s]} TP"
        parts.append(words)
    cards = ", ".join(st["cards"])
    return f"Initiative {st['initiative']} ({cards}): {'; '.join(parts) or 'nothing'}."


def scoring_line(st: dict, names: list[str], goal: int | None = None) -> str:
    """The TP added to the PP; with the ``goal``, who reached it."""
    parts = []
    for s, name in enumerate(names):
        slain = " (Slain)" if s in st["slain"] else ""
        parts.append(f"{name} {signed(st['tp'][s])} TP{slain} → {st['pp'][s]} PP")
    line = "Scoring: " + "; ".join(parts) + "."
    reached = [names[s] for s, pp in enumerate(st["pp"]) if goal is not None and pp >= goal]
    if reached:
        line += f" {' and '.join(reached)} reached {goal} PP: the game ends."
    return line


def reveal_line(st: dict, names: list[str]) -> str:
    rows = "; ".join(f"{names[s]} {', '.join(st['back_rows'][s])}" for s in range(len(names)))
    line = f"Back rows revealed: {rows}."
    if st.get("secrecy"):
        line += " Secrecy: " + ", ".join(f"{names[s]} {v}" for s, v in enumerate(st["secrecy"])) + "."
    return line


#: the words of each kind of step the engine logs (``views.steps``)
STEP_WORDS = {"reveal": reveal_line, "initiative": initiative_line, "scoring": scoring_line}


def step_words(step: dict, names: list[str], goal: int | None = None) -> str:
    """One step of the Resolution Phase as the story tells it; ``goal`` (the
    PP that end the game) lets the scoring say who reached it."""
    if step["kind"] == "scoring":
        return scoring_line(step, names, goal)
    return STEP_WORDS[step["kind"]](step, names)
