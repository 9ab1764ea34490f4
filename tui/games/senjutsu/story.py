"""The story of a Senjutsu move, frame by frame: every step the engine
narrates (``state.steps()``: a reveal, a segment, a step, an attack and the
hexes it covers, a block and the hexes it protects, wounds, a kamae
change...) becomes one frame of the step-by-step display, with the field as
it stands after that step.

The engine gives the view before the move and after it; the frames between
are the view before with each step's change applied (a samurai's hex,
facing, wounds, stuns, kamae, a fall), so the field moves as the cards
resolve.  Only public steps are told: a card drawn or discarded face down
is never named (the engine's steps never name one)."""
from __future__ import annotations

import copy

from ninja_dojo.engine import Action
from ninja_dojo.tui.games.senjutsu.words import action_words, samurai_words, step_words
from ninja_dojo.tui.widgets.board import Frame

#: how long each kind of step stays (in step pauses): an attack, a block
#: and a fall are worth a look, the bookkeeping of a round flies by
PAUSES = {"attack": 1.6, "block": 1.2, "defeat": 1.6, "game over": 1.6, "collision": 1.2,
          "segment": 0.8, "reveal": 0.5, "draw": 0.15, "bleed": 0.3, "discard phase": 0.15,
          "end of round": 0.15, "initiative": 0.3}
#: decisions whose options are a hand's secrets: their moves are never named
HIDDEN = {"select", "replacement", "additional", "counter", "discard", "forced discard", "search",
          "top 3", "shuffle back", "tuck", "give 3"}


def apply_step(view: dict, step: dict) -> None:
    """Change ``view`` (a copy) as ``step`` changed the game's public face."""
    if step["kind"] == "segment" and step.get("initiative") is not None:
        view["step"] = step["initiative"]
    seat = step.get("seat")
    if seat is None or seat >= len(view["samurai"]):
        return
    c = view["samurai"][seat]
    kind = step["kind"]
    if kind in ("move", "place") and step.get("hex") is not None:
        c["hex"] = list(step["hex"])
    elif kind in ("rotate", "turn") and step.get("facing") is not None:
        c["facing"] = step["facing"]
    elif kind == "wound":
        c["wounds"] += step.get("wounds", 0)
        c["bleeding"] += step.get("bleeding", 0)
        c["health_left"] = max(0, c["health"] - c["wounds"] - c["bleeding"])
    elif kind == "stun":
        c["stuns"] += 1
    elif kind == "kamae" and step.get("kamae"):
        c["kamae"] = step["kamae"]
    elif kind == "defeat":
        c["standing"] = False
        c["hex"] = None
    elif kind == "swap" and step.get("other") is not None:
        other = view["samurai"][step["other"]]
        c["hex"], other["hex"] = other["hex"], c["hex"]


def focus_of(step: dict) -> dict:
    """What a step highlights: the hexes of an attack or a block, the card
    resolving, the samurai it is about."""
    kind = step["kind"]
    focus: dict = {"seat": step.get("seat")}
    if kind == "attack":
        focus["attack"] = step.get("hexes") or []
        focus["hit"] = step.get("hit") or []
        focus["blocked"] = step.get("blocked") or []
    elif kind == "block":
        focus["block"] = step.get("hexes") or []
    else:
        focus["quiet"] = True
    if step.get("card") and step.get("card") != "stun":
        focus["card"] = step["card"]
    return focus


def tell(before: dict, after: dict, steps: list[dict], names: list[str],
         moves: dict[int, Action]) -> list[Frame]:
    """The frames of one move (see the module's docstring)."""
    frames: list[Frame] = []
    view = copy.deepcopy(before)
    samurai = samurai_words(before)
    heading = None
    told = False
    # the card each samurai is resolving, for the card panel (a segment may
    # have begun in an earlier move)
    resolving = {}
    if before.get("segment") and before["segment"].get("card"):
        resolving[before["segment"]["seat"]] = before["segment"]["card"]
    for step in steps:
        kind = step["kind"]
        if kind == "round":
            heading = f"Round {step.get('round')}"
            view["round"] = step.get("round")
            continue
        apply_step(view, step)
        if kind in ("segment", "play foe's card") and step.get("card"):
            resolving[step["seat"]] = step["card"]
        focus = focus_of(step)
        if "card" not in focus and step.get("seat") in resolving and kind not in ("reveal", "draw"):
            focus["card"] = resolving[step["seat"]]
        frames.append(Frame(copy.deepcopy(view), step_words(step, samurai), pause=PAUSES.get(kind, 0.5),
                            focus=focus, heading=heading))
        heading = None
        told = True
    if not told:
        # A move that changed nothing the engine narrates (a pass, a stop):
        # named when everyone may know it.
        kind = (before.get("decision") or {}).get("kind")
        lines = [f"{names[s]}: {action_words(a)}" if kind not in HIDDEN or a.kind == "pass"
                 else f"{names[s]}: a choice kept secret" for s, a in sorted(moves.items())]
        frames.append(Frame(after, "; ".join(lines) or None, heading=heading, pause=0.4))
    else:
        last = frames[-1]
        frames[-1] = Frame(after, last.line, last.pause, last.focus, last.heading)
    return frames
