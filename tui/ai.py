"""The AI's side of the app: decide for AI seats and analyse a position for a
hint.  These functions block (they run the search) and are called from thread
workers; a ``Thinking`` lets the UI thread read the progress and cancel.

>>> from ninja_dojo.engine import new_game
>>> from ninja_dojo.tui.match import plan_seats
>>> s = new_game("ninjan", 2, seed=3)
>>> moves, notes = decide(s, plan_seats(2, ["novice", "novice"]), [0, 1], Thinking())
>>> sorted(moves), notes
([0, 1], [])
"""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from ninja_dojo.engine import Action, PositionError, State
from ninja_dojo.solver.players import LEVELS, GreedyPlayer, SearchPlayer, coach
from ninja_dojo.solver.review import decision_seed
from ninja_dojo.solver.search import (FIRST_SLICE, Analysis, Depth, Search, SearchConfig, choose,
                                      cpu_cores, search_to)

from ninja_dojo.tui.match import Seat, ai_seed


class Thinking:
    """The searches running for one decision: progress and a stop button."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._searches: list[Search] = []
        self.cancelled = False

    def add(self, search: Search) -> None:
        with self._lock:
            self._searches.append(search)
            if self.cancelled:
                search.cancel()

    @property
    def iterations(self) -> int:
        with self._lock:
            return sum(s.iterations_done for s in self._searches)

    @property
    def searches(self) -> list[Search]:
        with self._lock:
            return list(self._searches)

    @property
    def active(self) -> bool:
        with self._lock:
            return bool(self._searches)

    def cancel(self) -> None:
        with self._lock:
            self.cancelled = True
            for s in self._searches:
                s.cancel()


def _fallback(state: State, seat: int, seed: int) -> Action:
    return GreedyPlayer().choose(state, seat, seed)


def share_cores(wants: list[int], cores: int) -> list[int]:
    """Threads for searches that run at the same moment: each gets what it
    wants while the cores last, else an even share of them (at least one),
    the smaller wants served first so what they leave goes to the others.

    >>> share_cores([2, 2], 2), share_cores([2, 1], 2), share_cores([8, 1], 8)
    ([1, 1], [1, 1], [7, 1])
    >>> share_cores([8, 8, 8], 8), share_cores([1, 1, 1], 2)
    ([2, 3, 3], [1, 1, 1])
    """
    out = [0] * len(wants)
    left = cores
    order = sorted(range(len(wants)), key=lambda i: (wants[i], i))
    for n, i in enumerate(order):
        out[i] = max(1, min(wants[i], left // (len(wants) - n)))
        left -= out[i]
    return out


def _decide_one(state: State, seat: int, kind: str, simultaneous: bool,
                thinking: Thinking, threads: int | None = None) -> tuple[Action, str | None]:
    """One seat's move and, when the level could not run, why."""
    seed = ai_seed(state, seat)
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0], None
    player = LEVELS.get(kind)
    if not isinstance(player, SearchPlayer):
        return (player or GreedyPlayer()).choose(state, seat, seed), None
    try:
        search = player.search(state, seat, seed, threads=threads)
    except (ImportError, PositionError) as e:  # the search is not built, or refuses the state
        return _fallback(state, seat, seed), f"{kind} AI unavailable ({e}); played the novice move"
    thinking.add(search)
    analysis = search.run()
    return choose(analysis, mixed=player.mixed and simultaneous, seed=seed), None


def decide(state: State, seats: tuple[Seat, ...], movers: list[int],
           thinking: Thinking) -> tuple[dict[int, Action], list[str]]:
    """The moves of the AI seats ``movers``, each searched from ``state`` as it
    stands (before any other choice made at the same moment), in parallel.

    The cores are shared between the searches (``share_cores``) instead of
    each taking every core; searches with an iteration budget, whose result
    does not depend on time, run at most one per core at once."""
    simultaneous = len(state.movers()) > 1
    jobs = [(seat, seats[seat].kind) for seat in movers]
    cores = cpu_cores()
    searchers = {seat: LEVELS[kind] for seat, kind in jobs
                 if isinstance(LEVELS.get(kind), SearchPlayer) and len(state.legal_actions(seat)) > 1}
    threads = dict(zip(searchers, share_cores([p.threads for p in searchers.values()], cores)))
    if len(jobs) == 1:
        results = [_decide_one(state.clone(), jobs[0][0], jobs[0][1], simultaneous, thinking,
                               threads.get(jobs[0][0]))]
    else:
        timed = any(p.config.seconds is not None for p in searchers.values())
        workers = len(jobs) if timed else max(1, min(len(jobs), cores))
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="dojo-ai") as pool:
            futures = [pool.submit(_decide_one, state.clone(), seat, kind, simultaneous, thinking,
                                   threads.get(seat))
                       for seat, kind in jobs]
            results = [f.result() for f in futures]
    moves = {seat: r[0] for (seat, _), r in zip(jobs, results)}
    notes = sorted({r[1] for r in results if r[1]})
    return moves, notes


def coach_depth(seats: tuple[Seat, ...], iterations: int | None = None) -> tuple[Depth, str]:
    """The depth of a hint and of the review at this table, and the rule in
    words: as deep as the strongest AI seated, never less than the hard AI
    (``players.coach``); ``iterations``, when given, in its place (the
    ``--hint-iterations`` of the command line, and tests).

    >>> from ninja_dojo.tui.match import plan_seats
    >>> coach_depth(plan_seats(2, ["human", "novice"]), 2_000)
    (Depth(iterations=2000, cpu_seconds=0.0), '2,000 iterations')
    >>> coach_depth(plan_seats(2, ["human", "master"]))[1].startswith("as deep as the master AI")
    True
    """
    if iterations:
        return Depth(iterations), f"{iterations:,} iterations"
    c = coach([s.kind for s in seats])
    return c.depth, c.words()


def analyse(state: State, seat: int, thinking: Thinking, depth: Depth,
            progress=None) -> Analysis:
    """The solver's view of ``seat``'s decision, searched from that seat's
    view to ``depth`` in slices, ``progress(analysis)`` after each (raises
    if the search cannot run).  One thread, seeded as the review seeds the
    decision: the review at the same depth is this very search.

    >>> from ninja_dojo.engine import new_game
    >>> s = new_game("ninjan", 2, seed=3)
    >>> seen = []
    >>> a = analyse(s, 0, Thinking(), Depth(4_000), seen.append)
    >>> a.iterations, seen[-1] is a, len(seen) > 1
    (4000, True, True)
    """
    first = min(depth.iterations, FIRST_SLICE) if depth.deterministic else FIRST_SLICE
    search = Search(state.clone(), seat,
                    SearchConfig(iterations=first, seed=decision_seed(state, seat), threads=1))
    thinking.add(search)
    return search_to(search, depth, progress)
