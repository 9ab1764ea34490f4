"""Post-game analysis: the AI goes over every decision of a game.

For each joint move of the history and each seat that had more than one
legal move there, the search runs from that seat's information only (a
determinized search from the position it faced, exactly as a hint runs:
it never reads a hidden card), and the review keeps the move it would have
played, the win share it expects after that move (the seat's chance before
the move, with the best play) and after the move actually played (that
move's arm in the same search), and how often it tried the move played.
At a simultaneous choice each seat's pick is reviewed from its own view.
A forced move (one legal move) is no decision and is skipped.

The loss of a move is ``value(best) - value(played)``, in win share.  Marks,
measured against the equal share ``1/N`` of an N-player game, so that a 2-
and a 5-player game are marked alike:

    inaccuracy   loss >= 0.2 / N    (2 players: 10 points of win chance)
    mistake      loss >= 0.4 / N    (2 players: 20 points)
    blunder      loss >= 0.6 / N    (2 players: 30 points)

Why these: at 2 players they are the steps chess players know from
win-chance graphs (10 / 20 / 30 points of win chance); with more seats the
whole scale of win chances shrinks with the equal share 1/N (a seat's chance
swings between 0 and a few times 1/N), so the thresholds shrink with it.
A loss is also measured against the noise of the two estimates: each win
share is an average over the playouts the search gave that move, and a
move tried few times has a rough one (``ReviewedMove.noise``, the standard
error of the loss).  A move is marked only when its loss reaches the
threshold **and** is more than ``NOISE_SIGMAS`` (2) standard errors: a
difference the search could have drawn by chance from two equal moves is
no mistake (``judge``).  The review says "within the AI's margin of error"
for a loss over the threshold that the noise explains.

Depth: a decision is searched to a ``Depth``, at least ``iterations``
iterations and (``seconds``) CPU seconds.  The app reviews at its hint's
depth (``players.coach``: at least the strongest AI at the table, never
less than hard), so the review never judges with less thought than the
advice it judges; tests and ``solver review`` use iteration counts.

Every decision is searched on one thread with a seed fixed by the review's
seed, the move and the seat (``decision_seed``; a hint searches with the
review's seed 0, so at the same depth a hint and the review of its
decision are the same search), and the decisions are spread over the
cores: a review by iterations is the same on any machine for the same seed
and budget.

>>> from ninja_dojo.engine import new_game
>>> s = new_game("ninjan", players=2, seed=4)
>>> for _ in range(2):
...     _ = s.apply({seat: s.legal_action_ids(seat)[0] for seat in s.movers()})
>>> r = review_game(s, iterations=200, workers=1)
>>> r.moves, len(r.decisions), {d.seat for d in r.decisions}
(2, 3, {0, 1})
>>> mark(0.3, 2), mark(0.3, 4), mark(0.01, 2)
('blunder', 'blunder', '')
"""
from __future__ import annotations

import threading
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Callable

from ninja_dojo.engine import PositionError, State
from ninja_dojo.engine.review import GameReview, ReviewedMove
from ninja_dojo.solver.search import FIRST_SLICE, Depth, Search, SearchConfig, cpu_cores, search_to, thread_seed

#: Search iterations per decision by default: a review of a whole game takes
#: about as long as a few moves of the medium AI (docs/playing.md, "Reviewing a game").
REVIEW_ITERATIONS = 4000
#: Marks by loss, in units of the equal share 1/N (the module says why).
THRESHOLDS = (("blunder", 0.6), ("mistake", 0.4), ("inaccuracy", 0.2))
#: A move played that the search tried fewer times than this has a rough value.
ROUGH_VISITS = 30
#: A loss is a mistake only when it is more than this many standard errors
#: (``ReviewedMove.noise``): about a 1-in-40 chance for two equal moves.
NOISE_SIGMAS = 2.0


def mark(loss: float, players: int) -> str:
    """``'blunder'``, ``'mistake'``, ``'inaccuracy'`` or ``''`` for a loss of
    win share in an N-player game.

    >>> mark(0.11, 2), mark(0.06, 4), mark(0.04, 4)
    ('inaccuracy', 'inaccuracy', '')
    """
    for name, units in THRESHOLDS:
        if loss >= units / players - 1e-9:
            return name
    return ""


def within_noise(d: ReviewedMove) -> bool:
    """The loss of ``d`` is no more than the search's noise could make it.

    >>> within_noise(ReviewedMove(0, 0, 1, 2, 0.55, 0.40, 10, 3, 500))
    True
    >>> within_noise(ReviewedMove(0, 0, 1, 2, 0.55, 0.40, 400, 3, 5000))
    False
    """
    return d.loss <= NOISE_SIGMAS * d.noise


def judge(d: ReviewedMove, players: int) -> str:
    """The mark of a reviewed decision: ``mark`` of its loss, unless the
    loss is within the noise of the two estimates (then ``''``).

    >>> judge(ReviewedMove(0, 0, 1, 2, 0.55, 0.40, 400, 3, 5000), 2)
    'inaccuracy'
    >>> judge(ReviewedMove(0, 0, 1, 2, 0.55, 0.40, 10, 3, 500), 2)
    ''
    """
    m = mark(d.loss, players)
    return "" if m and within_noise(d) else m


def decision_seed(state: State, seat: int, seed: int = 0) -> int:
    """The search seed of ``seat``'s decision in ``state`` in a review of
    seed ``seed``; the app's hint uses seed 0, so the review (seed 0) of a
    decision at the hint's depth is the hint's own search."""
    return review_seed(seed, len(state.history), seat)


@dataclass(frozen=True)
class Decision:
    """A decision to review: the position the seat faced and what it played."""

    move: int
    seat: int
    state: State
    played: int
    legal: int


def decisions(state: State, start: int = 0) -> list[Decision]:
    """Every real decision of ``state``'s history from joint move ``start``
    on: seats with more than one legal move, in move then seat order."""
    out = []
    for ply in state.plies():
        if ply.index >= start:
            for seat, action in sorted(ply.move.items()):
                n = len(ply.before.legal_action_ids(seat))
                if n > 1:
                    out.append(Decision(ply.index, seat, ply.before, action, n))
    return out


def review_seed(seed: int, move: int, seat: int) -> int:
    """The search seed of one decision, fixed by the review's seed."""
    return thread_seed(seed, 1 + move * 8 + seat) & 0xFFFFFFFF


def review_decision(d: Decision, iterations: int, seed: int = 0,
                    searches: list | None = None, seconds: float = 0.0) -> ReviewedMove:
    """One decision searched from its seat's view (one thread), to at
    least ``iterations`` iterations and ``seconds`` CPU seconds."""
    depth = Depth(iterations, seconds)
    first = iterations if depth.deterministic else min(iterations, FIRST_SLICE) or FIRST_SLICE
    search = Search(d.state, d.seat, SearchConfig(iterations=first, threads=1,
                                                  seed=review_seed(seed, d.move, d.seat)))
    if searches is not None:
        searches.append(search)
    a = search_to(search, depth)
    played = next((m for m in a.moves if m.action == d.played), None)
    return ReviewedMove(d.move, d.seat, d.played, a.best.action, a.best.value,
                        played.value if played else 0.0, played.visits if played else 0, d.legal,
                        a.best.visits)


class Cancelled(Exception):
    """The review was stopped before it was complete."""


def review_game(state: State, iterations: int = REVIEW_ITERATIONS, seed: int = 0,
                workers: int | None = None, previous: GameReview | None = None,
                progress: Callable[[int, int], None] | None = None,
                stop: threading.Event | None = None, seconds: float = 0.0) -> GameReview:
    """The review of every decision of ``state``'s history, each searched
    to at least ``iterations`` iterations and ``seconds`` CPU seconds.

    ``previous``, a review of the first moves of this same game at the same
    depth, is kept and only the moves after it are searched.  ``workers``
    decisions are searched at once (default: every core); ``progress(done,
    total)`` is called as they finish (from the calling thread); setting
    ``stop`` cancels the searches running and raises ``Cancelled``.
    """
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise PositionError(f"iterations: expected a positive integer, got {iterations!r}")
    Depth(iterations, seconds)      # (refuses a depth out of range)
    kept: tuple[ReviewedMove, ...] = ()
    start = 0
    if (previous is not None and (previous.iterations, previous.seconds) == (iterations, seconds)
            and previous.moves <= len(state.history)):
        kept, start = previous.decisions, previous.moves
    reviewed = review_decisions(decisions(state, start), iterations, seed, workers, progress, stop, seconds)
    return GameReview(iterations, len(state.history), kept + reviewed, float(seconds))


def review_record(game, iterations: int = REVIEW_ITERATIONS, seed: int = 0, workers: int | None = None,
                  progress: Callable[[int, int], None] | None = None,
                  stop: threading.Event | None = None, seconds: float = 0.0) -> GameReview:
    """The review of the decisions of a record's seat (``engine.record_text``:
    a game as one seat saw it), each searched from that seat's view of the
    position it faced, as ``review_game`` does."""
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise PositionError(f"iterations: expected a positive integer, got {iterations!r}")
    Depth(iterations, seconds)
    todo = []
    for ply in game.plies:
        n = len(ply.before.legal_action_ids(game.seat)) if game.seat in ply.move else 0
        if n > 1:
            todo.append(Decision(ply.index, game.seat, ply.before, ply.move[game.seat], n))
    reviewed = review_decisions(todo, iterations, seed, workers, progress, stop, seconds)
    return GameReview(iterations, len(game.plies), reviewed, float(seconds))


def review_decisions(todo: list[Decision], iterations: int, seed: int = 0, workers: int | None = None,
                     progress: Callable[[int, int], None] | None = None,
                     stop: threading.Event | None = None, seconds: float = 0.0) -> tuple:
    """``todo``'s decisions reviewed, ``workers`` at once (default: every
    core), in ``todo``'s order; ``stop`` cancels them (``Cancelled``)."""
    workers = max(1, workers or cpu_cores())
    results: dict[tuple[int, int], ReviewedMove] = {}
    searches: list = []
    stop = stop or threading.Event()
    if progress:
        progress(0, len(todo))
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="review") as pool:
        pending = set()
        queue = list(todo)
        while queue or pending:
            while queue and len(pending) < workers and not stop.is_set():
                d = queue.pop(0)
                pending.add(pool.submit(review_decision, d, iterations, seed, searches, seconds))
            if stop.is_set():
                for s in list(searches):
                    s.cancel()
                for f in pending:
                    f.cancel()
                raise Cancelled()
            done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            for f in done:
                r = f.result()
                results[(r.move, r.seat)] = r
            if done and progress:
                progress(len(results), len(todo))
    if stop.is_set():       # (a search stopped on the way has a partial result)
        raise Cancelled()
    return tuple(results[(d.move, d.seat)] for d in todo)


def summary(review: GameReview, players: int) -> list[dict]:
    """Per seat: its decisions, marks and mean loss.

    >>> r = GameReview(100, 1, (ReviewedMove(0, 1, 3, 4, 0.6, 0.2, 40, 5, 60),))
    >>> summary(r, 2)[1]
    {'seat': 1, 'decisions': 1, 'inaccuracy': 0, 'mistake': 0, 'blunder': 1, 'mean_loss': 0.4}
    """
    out = []
    for seat in range(players):
        mine = [d for d in review.decisions if d.seat == seat]
        row = {"seat": seat, "decisions": len(mine)}
        for name, _ in reversed(THRESHOLDS):
            row[name] = sum(judge(d, players) == name for d in mine)
        row["mean_loss"] = round(sum(d.loss for d in mine) / len(mine), 4) if mine else 0.0
        out.append(row)
    return out
