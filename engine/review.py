"""A game's review as a position file keeps it: what the AI thought of every
real decision of the game (``solver.review`` computes it, the app and
``solver review`` show it).

In the file it is the optional ``review`` map::

    {"version": 2, "iterations": 4000, "seconds": 2.0, "moves": 18,
     "decisions": [[move, seat, played, best, best_value, played_value,
                    played_visits, legal, best_visits], ...]}

``iterations`` and ``seconds`` are the depth of each decision's search (at
least that many iterations and CPU seconds; ``seconds`` 0: iterations
alone).  Version 1 files (no ``seconds``, no ``best_visits``) still load:
their best move's visits are unknown (0), and so is that half of the noise.

``moves`` is how many joint moves of ``history`` it covers (from the
first): a game continued after its review keeps it, and only the moves
after are reviewed later.  One entry per seat that had more than one legal
move at a joint move (a forced move is no decision), in move then seat
order: the move the seat played and the one the search would have played,
the win share the search expects after each (so ``best_value`` is the
seat's chance before the move, with the best play), how often it searched
the move played (few visits: a rough value), and how many moves were legal.

Loading checks it against the game it comes with: every value of the right
type and range, the move played is the one in ``history``, the best one was
legal there, and only real decisions are listed; anything wrong is one
``PositionError`` naming the field (``review.decisions[3].best: ...``).

>>> from ninja_dojo.engine import new_game
>>> r = GameReview(4000, 0, ())
>>> check_review(r.to_map(), new_game("ninjan", 2, seed=1)) == r
True
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError

VERSION = 2
KEYS = ("version", "iterations", "seconds", "moves", "decisions")
#: the keys version 1 had (``seconds`` came with version 2)
KEYS_V1 = ("version", "iterations", "moves", "decisions")
#: the fields of one decision, in the order a file lists them (version 1:
#: without the last, ``best_visits``)
FIELDS = ("move", "seat", "played", "best", "best_value", "played_value", "played_visits", "legal",
          "best_visits")
#: the most CPU seconds a review gives one decision
MAX_SECONDS = 3600.0
#: a review's budget per decision is at most the search's
MAX_ITERATIONS = 100_000_000


@dataclass(frozen=True)
class ReviewedMove:
    """One seat's decision at one joint move of the game."""

    move: int            # index in ``history`` (the first move is 0)
    seat: int
    played: int          # action id played
    best: int            # action id the search would have played
    best_value: float    # the seat's expected win share after ``best``
    played_value: float  # ... and after the move played
    played_visits: int   # how often the search tried the move played
    legal: int           # legal moves at this decision (more than one)
    best_visits: int = 0  # how often it tried ``best`` (0: not known, a version 1 file)

    @property
    def loss(self) -> float:
        """What the move played gave away against the best one (never below 0:
        a move the search rated higher than its choice lost nothing)."""
        return max(0.0, self.best_value - self.played_value)

    @property
    def noise(self) -> float:
        """The standard error of ``loss``: how far the two win shares may be
        off by chance after the playouts the search gave each move.  A win
        share ``v`` averaged over ``n`` playouts (each scoring 0 to 1) has a
        variance of at most ``v(1 - v)`` per playout, so an error of at most
        ``sqrt(v(1 - v) / n)``; the two moves' errors add as independent
        ones (the square root of the sum of squares).  A move never tried
        has an unknown value: infinite noise.  A best move's unknown visits
        (a version 1 file) leave its half out.

        >>> d = ReviewedMove(0, 0, 1, 2, 0.5, 0.4, 100, 3, 400)
        >>> round(d.noise, 4)   # sqrt(.25 / 400 + .24 / 100)
        0.055
        """
        if self.played_visits <= 0:
            return math.inf
        var = self.played_value * (1 - self.played_value) / self.played_visits
        if self.best_visits > 0 and self.best != self.played:
            var += self.best_value * (1 - self.best_value) / self.best_visits
        return math.sqrt(var)


@dataclass(frozen=True)
class GameReview:
    iterations: int                      # search iterations per decision (at least)
    moves: int                           # joint moves of the history covered
    decisions: tuple[ReviewedMove, ...]
    seconds: float = 0.0                 # ... and CPU seconds per decision (at least)

    def to_map(self) -> dict:
        return {"version": VERSION, "iterations": self.iterations, "seconds": self.seconds,
                "moves": self.moves,
                "decisions": [[getattr(d, f) for f in FIELDS] for d in self.decisions]}


def _share(v, where: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not 0 <= v <= 1:
        raise PositionError(f"{where}: expected a win share from 0 to 1, got {checks.shown(v)}")
    return float(v)


def check_review(doc, state) -> GameReview:
    """The review map ``doc`` of a position file, checked against the game
    ``state`` it was saved with (its deal and ``history``)."""
    from ninja_dojo.engine.state import plies

    if not isinstance(doc, dict):
        raise PositionError(f"review: expected a map, got {checks.kind(doc)}")
    version = doc.get("version")
    if type(version) is not int or version not in (1, VERSION):
        raise PositionError(f"review.version: {checks.shown(version)} is not supported "
                            f"(this program reads versions 1 and {VERSION})")
    keys = KEYS if version == VERSION else KEYS_V1
    fields = FIELDS if version == VERSION else FIELDS[:-1]
    checks.known_keys(doc, keys, "review")
    for key in keys:
        checks.get(doc, key, "review")
    iterations = checks.integer(doc["iterations"], "review.iterations", 1, MAX_ITERATIONS)
    seconds = 0.0
    if version == VERSION:
        seconds = doc["seconds"]
        if (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                or not math.isfinite(seconds) or not 0 <= seconds <= MAX_SECONDS):
            raise PositionError(f"review.seconds: expected 0 to {MAX_SECONDS:g} CPU seconds, "
                                f"got {checks.shown(seconds)}")
        seconds = float(seconds)
    history = state.history
    moves = checks.integer(doc["moves"], "review.moves", 0, len(history))
    raw = checks.items(doc["decisions"], "review.decisions")
    decisions = []
    for i, entry in enumerate(raw):
        where = f"review.decisions[{i}]"
        checks.items(entry, where, len(fields))
        move = checks.integer(entry[0], f"{where}.move", 0, max(0, moves - 1))
        if move >= moves:
            raise PositionError(f"{where}.move: the review covers no move ({moves} moves)")
        seat = checks.integer(entry[1], f"{where}.seat", 0, state.players - 1)
        played = checks.integer(entry[2], f"{where}.played", 0, 1 << 16)
        best = checks.integer(entry[3], f"{where}.best", 0, 1 << 16)
        decisions.append(ReviewedMove(
            move, seat, played, best, _share(entry[4], f"{where}.best_value"),
            _share(entry[5], f"{where}.played_value"),
            checks.integer(entry[6], f"{where}.played_visits", 0, MAX_ITERATIONS),
            checks.integer(entry[7], f"{where}.legal", 2, 1 << 16),
            checks.integer(entry[8], f"{where}.best_visits", 0, MAX_ITERATIONS) if version == VERSION else 0))
        if i and (move, seat) <= (decisions[i - 1].move, decisions[i - 1].seat):
            raise PositionError(f"{where}: decisions are listed once each, in move then seat order")
    # Each decision against the game, replayed from the deal: every seat
    # that had a choice is listed (and no other), with the move it played.
    k = 0
    for ply in plies(state.name, state.options, state.seed, history[:moves]):
        m, joint, s = ply.index, ply.move, ply.before
        for seat in sorted(joint):
            legal = s.legal_action_ids(seat)
            if len(legal) < 2:
                continue
            if k == len(decisions) or (decisions[k].move, decisions[k].seat) > (m, seat):
                raise PositionError(f"review.decisions: seat {seat}'s decision at move {m} is missing")
            d, where = decisions[k], f"review.decisions[{k}]"
            if (d.move, d.seat) != (m, seat):
                raise PositionError(f"{where}: seat {d.seat} had no choice at move {d.move}")
            if d.played != joint[seat]:
                raise PositionError(f"{where}.played: {d.played} is not the move in history[{m}]")
            if d.best not in legal:
                raise PositionError(f"{where}.best: {d.best} was not a legal move there")
            if d.legal != len(legal):
                raise PositionError(f"{where}.legal: {len(legal)} moves were legal there, not {d.legal}")
            k += 1
    if k < len(decisions):
        d = decisions[k]
        raise PositionError(f"review.decisions[{k}]: seat {d.seat} had no choice at move {d.move}")
    return GameReview(iterations, moves, tuple(decisions), seconds)
