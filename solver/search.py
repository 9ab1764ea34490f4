"""ISMCTS from Python: configure a search, run it, read the analysis.

The search itself is ``solver._ismcts`` (Cython, the whole iteration under
``nogil``); this module is its typed face.

>>> from ninja_dojo.engine import new_game
>>> from ninja_dojo.solver.search import analyse
>>> a = analyse(new_game("ninjan", players=2, seed=1), player=0, iterations=2000, seed=3)
>>> a.iterations
2000
>>> abs(sum(m.share for m in a.moves) - 1.0) < 1e-9
True
"""
from __future__ import annotations

import math
import os
import threading
import time
from dataclasses import asdict, dataclass, field, fields, replace

import numpy as np

from ninja_dojo.engine import Action, PositionError, State, action_of

SELECTIONS = ("rm", "exp3", "ducb")
ROLLOUTS = ("heuristic", "random")
#: More search threads than this is a typo, not a machine.
MAX_THREADS = 256
#: a rollout judged more than this many rounds ahead is played out in all but name
MAX_CUT_ROUNDS = 1000
#: a prior past this outweighs any node's real regrets: not a prior any more
MAX_PRIOR = 1_000_000
#: the most seats that choose at one moment in any game (San, Ni, Ichi! at 6)
MAX_MERGE_AT = 6
#: The largest budgets a search takes: beyond them the tree outgrows the
#: memory of a usual machine (100-200 bytes an iteration) or the wait is
#: not a question anyone means to ask.
MAX_ITERATIONS = 100_000_000
MAX_SECONDS = 3600.0
#: The expected line goes this many choices deep at most (each seat's
#: choice at a simultaneous step counts as one).
LINE_STEPS = 8
#: ... and stops at a choice searched fewer times than this.
LINE_MIN_VISITS = 10


def cpu_cores() -> int:
    """The cores this process may run on (its affinity, else the CPU count).

    >>> cpu_cores() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def thread_seed(seed: int, k: int) -> int:
    """The seed of search thread ``k``: thread 0 keeps ``seed`` (so one thread
    searches exactly as before threads existed), the others get well mixed,
    distinct seeds.

    >>> thread_seed(7, 0), thread_seed(7, 1) != thread_seed(7, 2)
    (7, True)
    """
    if k == 0:
        return seed
    x = (seed + k * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


#: a node's statistics start on its 4th visit unless a game's tournaments
#: found better (its ``GameType.search_settings``)
DEFAULT_EXPAND_AT = 4
#: rollouts are played to the end unless a game's tournaments found that
#: cutting them off at its evaluation plays better
DEFAULT_CUT_ROUNDS = 0
#: the tree grows as deep as its visits take it unless a game's tournaments
#: found that stopping it at a judging point plays better
DEFAULT_TREE_ROUNDS = 0
#: a choice made alone is searched with the whole budget unless a game's
#: tournaments found that more iterations there play worse
DEFAULT_ALONE_ITERATIONS = 0
#: UCB1's exploration constant where a seat decides alone, unless a game's
#: tournaments found better (``python -m bench.tune``)
DEFAULT_EXPLORATION = 0.7
#: a playout rewards the win alone unless a game's tournaments found that
#: mixing in the place finished plays better
DEFAULT_RANK = 0.0
#: every seat mixes by the bandit at a simultaneous choice, the searching
#: seat too, unless a game's tournaments found that answering plays better
DEFAULT_RESPOND = False
#: the others choose by their bandit in the tree unless a game's
#: tournaments found that the heuristic models them better
DEFAULT_MODEL = 0.0
#: the largest exploration constant a search takes (UCB1's usual values are
#: 0.1 to 2; past this the tree is a uniform sampler)
MAX_EXPLORATION = 100.0


def search_settings(game, players: int) -> dict:
    """The search settings tuned for ``game`` (its ``GameType``) at ``players``:
    the game's ``search_settings`` for that count over the defaults.  The
    numbers are the game's (found by tournaments, kept beside its rules);
    the search only reads them.

    >>> from ninja_dojo.engine import GAMES
    >>> search_settings(GAMES["ninjan"], 4)
    {'expand_at': 4, 'cut_rounds': 0, 'tree_rounds': 0, 'alone_iterations': 0, 'exploration': 0.7, 'rank': 0.0, 'respond': False, 'model': 0.0}
    """
    return {"expand_at": DEFAULT_EXPAND_AT, "cut_rounds": DEFAULT_CUT_ROUNDS,
            "tree_rounds": DEFAULT_TREE_ROUNDS, "alone_iterations": DEFAULT_ALONE_ITERATIONS,
            "exploration": DEFAULT_EXPLORATION, "rank": DEFAULT_RANK,
            "respond": DEFAULT_RESPOND, "model": DEFAULT_MODEL,
            **game.search_settings.get(players, {})}


def expands_per_second(settings: dict, config: "SearchConfig") -> bool:
    """Whether ``config``'s expansion threshold follows the game's
    ``expand_per_second``: the game gives one and the search has time alone.

    >>> expands_per_second({"expand_at": 64, "expand_per_second": 256}, SearchConfig(seconds=1.0))
    True
    """
    return ("expand_per_second" in settings and config.seconds is not None
            and config.iterations is None)


def expand_threshold(settings: dict, config: "SearchConfig") -> int:
    """The visit on which a node gets statistics, for this budget: the
    game's ``expand_at``, or, for a search given time alone in a game whose
    settings say ``expand_per_second``, that many visits per second of the
    budget when that is more.  A longer search then grows the tree it grew
    in less time, with more samples in each node (each thread's tree gets
    the whole time, so the threshold does not depend on the thread count).

    >>> tuned = {"expand_at": 64, "expand_per_second": 256}
    >>> [expand_threshold(tuned, SearchConfig(seconds=t)) for t in (0.05, 0.25, 1.0)]
    [64, 64, 256]
    >>> expand_threshold(tuned, SearchConfig(iterations=2000, seconds=1.0))
    64
    """
    if not expands_per_second(settings, config):
        return settings["expand_at"]
    return max(settings["expand_at"], round(settings["expand_per_second"] * config.seconds))


def split_iterations(iterations: int, threads: int) -> list[int]:
    """Each thread's fixed share of an iteration budget (the first ones get
    the remainder); never an empty share.

    >>> split_iterations(10, 3), split_iterations(2, 4)
    ([4, 3, 3], [1, 1])
    """
    n = min(threads, iterations)
    return [iterations // n + (1 if k < iterations % n else 0) for k in range(n)]


@dataclass(frozen=True)
class SearchConfig:
    """How to search.  Give ``iterations`` or ``seconds`` (or both: first reached)."""

    iterations: int | None = None
    seconds: float | None = None
    seed: int = 0
    #: bandit at simultaneous choices: regret matching, EXP3 or UCB1 (DUCT).
    #: A seat deciding alone always uses UCB1.  DUCT is not the default: its
    #: deterministic choices can correlate in rock-paper-scissors endgames.
    selection: str = "rm"
    #: rollout policy: the game's heuristic or uniform random
    rollout: str = "heuristic"
    #: UCB1's exploration constant (a seat deciding alone).  ``None``: the
    #: game's tuned value (``search_settings``).
    exploration: float | None = None
    #: flat Monte Carlo: statistics at the root only (a baseline)
    flat: bool = False
    #: analyse as if every hidden card were known (endgame study, tests)
    open_hands: bool = False
    #: a node gets statistics (arms) on this visit; before, it is a leaf
    #: played out by the rollout policy.  Higher saves memory, and keeps the
    #: few visits of a young node for the rollouts' judgement.  ``None``: the
    #: game's tuned value for its player count (``search_settings``).
    expand_at: int | None = None
    #: a rollout stops at its ``cut_rounds``-th judging point (Senjutsu: a
    #: round's start; Ninjato: a turn's start) and takes the game's evaluation there in place of an ending (0: played to the
    #: end; games without an evaluation always are).  ``None``: the game's
    #: tuned value (``search_settings``).
    cut_rounds: int | None = None
    #: the tree stops growing at its ``tree_rounds``-th judging point (a
    #: round's or a turn's start, as for ``cut_rounds``): the iterations go
    #: to the decisions before it, and from there on every seat is played
    #: by the rollout policy from the hand it was dealt, as the tree's
    #: nodes, shared over every deal of the others' hands, cannot (0: the
    #: tree grows as deep as its visits take it).  The rollout counts those
    #: points toward its ``cut_rounds``.  ``None``: the game's tuned value.
    tree_rounds: int | None = None
    #: at a choice the searching seat makes alone (San, Ni, Ichi!: where to
    #: put a card, a slide, a weapon, a Smoke Bomb), the search stops at
    #: this many iterations, whatever its budget (0: no limit).  Where a
    #: game's tournaments found that a larger search there plays worse,
    #: the budget goes to the choices where it pays.  ``None``: the game's
    #: tuned value.
    alone_iterations: int | None = None
    #: progressive bias at simultaneous choices (regret matching only): the
    #: game's heuristic move for a seat starts with this much regret, in
    #: rewards won, so a young node leans to it and the real regrets, which
    #: grow with the visits, take over (0: no prior)
    prior: float = 0.0
    #: at a simultaneous choice the searching seat answers how the others
    #: play in the search (UCB1, a best response to their average play)
    #: instead of mixing by the bandit as they do (false: every seat by the
    #: bandit).  ``None``: the game's tuned value (``search_settings``).
    respond: bool | None = None
    #: at a simultaneous choice each other seat plays, with this chance, the
    #: game's heuristic move instead of its bandit's (0: never): the others
    #: as the heuristic expects them.  ``None``: the game's tuned value.
    model: float | None = None
    #: at a simultaneous choice of this many seats or more, the child is
    #: keyed by the searching seat's own move alone, the others' revealed
    #: cards merged into one node (0: never).  Six seats with seven cards
    #: each give up to 7^6 children keyed by everything revealed, each met
    #: about once, so the tree never grows past its root; merged, it does,
    #: at the price of statistics that average over the others' moves.
    merge_at: int = 0
    #: at a simultaneous choice of this many seats or more where the
    #: searching seat chooses too, each other seat's revealed move keys the
    #: child by the game's group of it beside the searching seat's own (San,
    #: Ni, Ichi!: whether its card resolves before or after), coarser than
    #: every card and finer than ``merge_at`` (0: never).  Not with
    #: ``merge_at``; only in games that define a grouping.
    group_at: int = 0
    #: weight of the place finished in a playout's reward: the reward is
    #: ``(1 - rank) * win share + rank * share of the others finished
    #: behind`` (ties half), in games that rank their seats (San, Ni, Ichi!);
    #: 0 rewards the win alone.  ``None``: the game's tuned value.
    rank: float | None = None
    #: statistics at the root only, as flat Monte Carlo, but every root
    #: move of the searching seat is played out from the same determinization
    #: with the same rollout dice (common random numbers), so two moves are
    #: compared on the same deal; each playout counts as an iteration (a
    #: budget is met to within one deal's moves).
    paired: bool = False
    #: move-average sampling (MAST): in a rollout, each move is with this
    #: chance the one whose average reward for the seat making it, over
    #: every move of this search's iterations (wherever it was made), is
    #: best, and otherwise the rollout policy's (0: never).  Not with
    #: ``paired``.
    mast: float = 0.0
    #: search threads (root parallelisation: one tree per thread, statistics
    #: merged at the root); 0 means every core of this machine.
    threads: int = 1

    def __post_init__(self):
        if self.iterations is None and self.seconds is None:
            object.__setattr__(self, "iterations", 10_000)
        if self.iterations is not None and (isinstance(self.iterations, bool) or not isinstance(self.iterations, int) or self.iterations < 1):
            raise PositionError(f"iterations: expected a positive integer, got {self.iterations!r}")
        if self.iterations is not None and self.iterations > MAX_ITERATIONS:
            raise PositionError(f"iterations: at most {MAX_ITERATIONS:,}, got {self.iterations:,}")
        if self.seconds is not None and not (isinstance(self.seconds, (int, float))
                                             and not isinstance(self.seconds, bool)
                                             and math.isfinite(self.seconds) and self.seconds > 0):
            raise PositionError(f"seconds: expected a positive number, got {self.seconds!r}")
        if self.seconds is not None and self.seconds > MAX_SECONDS:
            raise PositionError(f"seconds: at most {MAX_SECONDS:g}, got {self.seconds:g}")
        if self.selection not in SELECTIONS:
            raise PositionError(f"selection: {self.selection!r} is not one of {', '.join(SELECTIONS)}")
        if self.rollout not in ROLLOUTS:
            raise PositionError(f"rollout: {self.rollout!r} is not one of {', '.join(ROLLOUTS)}")
        if self.expand_at is not None and (isinstance(self.expand_at, bool)
                                           or not isinstance(self.expand_at, int) or self.expand_at < 1):
            raise PositionError(f"expand_at: expected a positive integer, got {self.expand_at!r}")
        if self.cut_rounds is not None and (isinstance(self.cut_rounds, bool)
                                            or not isinstance(self.cut_rounds, int)
                                            or not 0 <= self.cut_rounds <= MAX_CUT_ROUNDS):
            raise PositionError(f"cut_rounds: expected 0 (play to the end) to {MAX_CUT_ROUNDS}, "
                                f"got {self.cut_rounds!r}")
        if self.tree_rounds is not None and (isinstance(self.tree_rounds, bool)
                                             or not isinstance(self.tree_rounds, int)
                                             or not 0 <= self.tree_rounds <= MAX_CUT_ROUNDS):
            raise PositionError(f"tree_rounds: expected 0 (no limit) to {MAX_CUT_ROUNDS}, "
                                f"got {self.tree_rounds!r}")
        if self.alone_iterations is not None and (isinstance(self.alone_iterations, bool)
                                                  or not isinstance(self.alone_iterations, int)
                                                  or not 0 <= self.alone_iterations <= MAX_ITERATIONS):
            raise PositionError(f"alone_iterations: expected 0 (no limit) to {MAX_ITERATIONS:,}, "
                                f"got {self.alone_iterations!r}")
        if self.exploration is not None and (isinstance(self.exploration, bool)
                                             or not isinstance(self.exploration, (int, float))
                                             or not math.isfinite(self.exploration)
                                             or not 0 <= self.exploration <= MAX_EXPLORATION):
            raise PositionError(f"exploration: expected a number from 0 to {MAX_EXPLORATION:g}, "
                                f"got {self.exploration!r}")
        if not isinstance(self.seed, int) or not 0 <= self.seed < 2**64:
            raise PositionError(f"seed: expected an integer in 0..2^64-1, got {self.seed!r}")
        if (isinstance(self.prior, bool) or not isinstance(self.prior, (int, float))
                or not math.isfinite(self.prior) or not 0 <= self.prior <= MAX_PRIOR):
            raise PositionError(f"prior: expected a number from 0 to {MAX_PRIOR}, got {self.prior!r}")
        if (isinstance(self.merge_at, bool) or not isinstance(self.merge_at, int)
                or not 0 <= self.merge_at <= MAX_MERGE_AT):
            raise PositionError(f"merge_at: expected 0 (never) to {MAX_MERGE_AT} seats, got {self.merge_at!r}")
        if (isinstance(self.group_at, bool) or not isinstance(self.group_at, int)
                or not 0 <= self.group_at <= MAX_MERGE_AT):
            raise PositionError(f"group_at: expected 0 (never) to {MAX_MERGE_AT} seats, got {self.group_at!r}")
        if self.group_at and self.merge_at:
            raise PositionError("group_at: the others' moves are either grouped or merged, not both")
        if self.respond is not None and not isinstance(self.respond, bool):
            raise PositionError(f"respond: expected true or false, got {self.respond!r}")
        if self.model is not None and (isinstance(self.model, bool) or not isinstance(self.model, (int, float))
                                       or not math.isfinite(self.model) or not 0 <= self.model <= 1):
            raise PositionError(f"model: expected a chance from 0 (never) to 1, got {self.model!r}")
        if self.rank is not None and (isinstance(self.rank, bool) or not isinstance(self.rank, (int, float))
                                      or not math.isfinite(self.rank) or not 0 <= self.rank <= 1):
            raise PositionError(f"rank: expected a number from 0 (the win alone) to 1, got {self.rank!r}")
        if not isinstance(self.paired, bool):
            raise PositionError(f"paired: expected true or false, got {self.paired!r}")
        if (isinstance(self.mast, bool) or not isinstance(self.mast, (int, float))
                or not math.isfinite(self.mast) or not 0 <= self.mast <= 1):
            raise PositionError(f"mast: expected a chance from 0 (never) to 1, got {self.mast!r}")
        if self.mast and self.paired:
            raise PositionError("mast: move averages are not kept with paired playouts")
        if isinstance(self.threads, bool) or not isinstance(self.threads, int) or not 0 <= self.threads <= MAX_THREADS:
            raise PositionError(f"threads: expected 0 (every core) to {MAX_THREADS}, got {self.threads!r}")

    @property
    def thread_count(self) -> int:
        """The threads this search runs on (``threads``, 0 meaning every core)."""
        return self.threads or cpu_cores()


@dataclass(frozen=True)
class MoveStat:
    """One legal move of the searching seat at the root."""

    action: int
    name: str
    visits: int
    share: float   # visits / all root visits of this seat
    value: float   # mean win share after this move, in [0, 1]


@dataclass(frozen=True)
class LineStep:
    """One choice of the line the search expects after its move: the seat,
    its most searched move there (``name`` is empty when the searching seat
    would never see that choice) and how sure the search is of it."""

    seat: int
    action: int
    name: str
    share: float   # the move's share of that seat's visits at that point
    value: float   # that seat's mean win share after it
    visits: int


@dataclass(frozen=True)
class Analysis:
    game: str
    player: int
    iterations: int
    seconds: float
    best: MoveStat
    moves: list[MoveStat] = field(default_factory=list)
    nodes: int = 0
    value: float = 0.0   # the searching seat's estimated win share here
    #: at a simultaneous choice, the other deciding seats' moves as the
    #: search played them (most played first): what it expects of them.
    #: Their statistics come from every determinization, never from a hand.
    others: dict[int, list[MoveStat]] = field(default_factory=dict)
    #: the line the search expects from here, the searching seat's own
    #: move first (``Search.line``)
    line: list[LineStep] = field(default_factory=list)

    def to_json(self) -> dict:
        """The ``solver analyse --json`` object."""
        return {
            "game": self.game,
            "player": self.player,
            "iterations": self.iterations,
            "seconds": round(self.seconds, 6),
            "best": asdict(self.best),
            "moves": [asdict(m) for m in self.moves],
            "nodes": self.nodes,
            "value": self.value,
            "others": {str(seat): [asdict(m) for m in moves] for seat, moves in self.others.items()},
            "line": [asdict(step) for step in self.line],
        }


#: the settings a game's ``SEARCH_SETTINGS`` may give that are also
#: ``SearchConfig`` fields (``expand_per_second`` is read by
#: ``expand_threshold`` instead)
CONFIG_FIELDS = frozenset(f.name for f in fields(SearchConfig))


class Search:
    """One search, runnable from any thread and cancellable from another.

    ``run()`` releases the GIL for its whole loop; ``cancel()`` makes it stop
    at the next iteration; ``iterations_done`` can be read while it runs.
    ``deepen(n)`` raises an iteration budget and ``search()`` goes on with
    the same trees, ``analysis()`` reads them in between: a search that
    grows in slices and shows what it has (``search_to``, the hint).

    With ``threads=N`` it is N independent trees (root parallelisation), each
    with its own seed (``thread_seed``) and, under an iteration budget, its
    fixed share of the iterations (``split_iterations``); their root
    statistics are summed in thread order before the move is chosen, so the
    same seed, budget and thread count give the same analysis.  One shared
    tree with virtual loss was measured against it and lost: bench/README.md.
    """

    def __init__(self, state: State, player: int | None = None, config: SearchConfig | None = None, **kw):
        from ninja_dojo.solver import _ismcts

        #: wall and CPU seconds of every ``search`` so far (all threads' CPU)
        self.seconds = 0.0
        self.cpu_seconds = 0.0
        self.cancelled = False

        self.config = replace(config or SearchConfig(), **kw) if kw else (config or SearchConfig())
        if state.is_terminal():
            raise PositionError("the game is over: there is nothing to analyse")
        movers = state.movers()
        if player is None:
            player = movers[0]
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.players:
            raise PositionError(f"player: {player!r} is not a seat of this {state.players}-player game")
        if player not in movers:
            raise PositionError(f"player: seat {player} has no decision now (seats to move: {movers})")
        if not state.legal_action_ids(player):
            # Only a rules bug gets here; said plainly rather than as an empty tree.
            raise PositionError(f"player: seat {player} must move but has no legal move "
                                f"(phase {state.fields().get('phase')!r})")
        settings = search_settings(state.game, state.players)
        settings["expand_at"] = expand_threshold(settings, self.config)
        tuned = {k: v for k, v in settings.items()
                 if k in CONFIG_FIELDS and getattr(self.config, k) is None}
        if tuned:
            self.config = replace(self.config, **tuned)
        #: the most iterations this search runs (``alone_iterations`` at a
        #: choice the seat makes alone), or None for its budget alone
        self.most = self.config.alone_iterations if len(movers) == 1 and self.config.alone_iterations else None
        if self.most and (self.config.iterations is None or self.config.iterations > self.most):
            self.config = replace(self.config, iterations=self.most)
        self.state = state
        self.player = player
        n = self.config.thread_count
        if self.config.iterations is not None:
            shares = split_iterations(self.config.iterations, n)
        else:
            shares = [None] * n
        buf = state.buffer()
        self._trees = [
            _ismcts.Search(state.rules, buf, player,
                           replace(self.config, iterations=share, seed=thread_seed(self.config.seed, k)))
            for k, share in enumerate(shares)]

    @property
    def threads(self) -> int:
        return len(self._trees)

    @property
    def iterations_done(self) -> int:
        return sum(t.iterations_done() for t in self._trees)

    @property
    def memory_bytes(self) -> int:
        """Bytes the trees hold (allocated capacity), all threads together."""
        return sum(t.memory_bytes() for t in self._trees)

    def cancel(self) -> None:
        self.cancelled = True
        for t in self._trees:
            t.cancel()

    def deepen(self, iterations: int) -> None:
        """Raise an iteration budget to ``iterations`` in all: the next
        ``search`` goes on with the same trees, and ends where one search
        with the whole budget would (each thread gets the share it would
        have had: ``split_iterations``)."""
        if self.config.iterations is None:
            raise PositionError("deepen: the search has a time budget, not an iteration budget")
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations > MAX_ITERATIONS:
            raise PositionError(f"iterations: expected an integer up to {MAX_ITERATIONS:,}, got {iterations!r}")
        if self.most:
            iterations = min(iterations, self.most)
        if iterations <= self.config.iterations:
            return
        self.config = replace(self.config, iterations=iterations)
        for tree, share in zip(self._trees, split_iterations(iterations, len(self._trees))):
            tree.deepen(share)

    def search(self) -> float:
        """Run every tree to its budget (threads beyond the first in their
        own OS threads, the GIL released); the wall time taken."""
        t0 = time.perf_counter()
        errors = []

        def run(tree):
            try:
                tree.run()
            except BaseException as e:  # re-raised below, in the caller's thread
                errors.append(e)
                self.cancel()

        helpers = [threading.Thread(target=run, args=(t,), name=f"ismcts-{k + 1}", daemon=True)
                   for k, t in enumerate(self._trees[1:])]
        for h in helpers:
            h.start()
        run(self._trees[0])
        for h in helpers:
            h.join()
        if errors:
            raise errors[0]
        took = time.perf_counter() - t0
        self.seconds += took
        self.cpu_seconds += sum(t.timing()[2] for t in self._trees)
        return took

    def root_moves(self, seat: int) -> list[MoveStat]:
        """``seat``'s root arms, every tree's summed per move in thread
        order, the most visited first."""
        merged: dict[int, list] = {}
        for t in self._trees:
            for a, v, total in t.root_stats(seat):
                m = merged.setdefault(a, [0, 0.0])
                m[0] += v
                m[1] += total
        total_visits = sum(v for v, _ in merged.values()) or 1
        return sorted(
            (MoveStat(a, self.state.game.action_name(a), v, v / total_visits, _mean(r, v))
             for a, (v, r) in merged.items()),
            key=lambda m: (-m.visits, -m.value, m.action),
        )

    def line(self, first: int = -1, steps: int = LINE_STEPS) -> list[LineStep]:
        """The line the search expects after its move ``first`` (default:
        its most searched one), from the first tree: each deciding seat's
        most searched move, node after node, in one
        determinization of the searching seat's view (a world it cannot tell
        from the true one).  A choice of another seat that the searching seat
        would never see keeps no name (``LineStep.name`` is empty)."""
        out = []
        for seat, a, visits, total, seat_visits, hidden in self._trees[0].line(steps, self.config.seed, first):
            if visits < LINE_MIN_VISITS:
                break               # deeper than the search looked: no expectation

            out.append(LineStep(seat, a, "" if hidden else self.state.game.action_name(a),
                                visits / seat_visits if seat_visits else 0.0, _mean(total, visits),
                                visits))
        return out

    def run(self) -> Analysis:
        self.search()
        return self.analysis()

    def analysis(self) -> Analysis:
        """What the search has found so far (between two ``search`` calls:
        the trees are not read while they grow)."""
        moves = self.root_moves(self.player)
        total_visits = sum(m.visits for m in moves) or 1
        best = recommend(moves)
        value = sum(m.value * m.visits for m in moves) / total_visits
        others = {seat: self.root_moves(seat) for seat in self.state.movers() if seat != self.player}
        return Analysis(self.state.name, self.player, self.iterations_done, self.seconds,
                        best, moves, sum(t.node_count() for t in self._trees), value,
                        {seat: m for seat, m in others.items() if m}, self.line(best.action))


@dataclass(frozen=True)
class Depth:
    """How far a search goes before it is done: at least ``iterations``
    iterations and at least ``cpu_seconds`` of computing (CPU time summed
    over its threads, so a busy machine makes it slower, never shallower).
    A time-boxed AI's move, 1 second on every core of a 2-core machine, is
    ``Depth(cpu_seconds=2.0)``: a search of that depth has done at least
    the work the AI could do in its time.

    >>> Depth(20_000).deterministic, Depth(cpu_seconds=2.0).deterministic
    (True, False)
    >>> Depth(20_000, 2.0).progress(10_000, 1.5)
    0.5
    """

    iterations: int = 0
    cpu_seconds: float = 0.0

    def __post_init__(self):
        if (isinstance(self.iterations, bool) or not isinstance(self.iterations, int)
                or not 0 <= self.iterations <= MAX_ITERATIONS):
            raise PositionError(f"iterations: expected 0 to {MAX_ITERATIONS:,}, got {self.iterations!r}")
        if (isinstance(self.cpu_seconds, bool) or not isinstance(self.cpu_seconds, (int, float))
                or not math.isfinite(self.cpu_seconds) or not 0 <= self.cpu_seconds <= MAX_SECONDS):
            raise PositionError(f"cpu_seconds: expected 0 to {MAX_SECONDS:g}, got {self.cpu_seconds!r}")
        if not self.iterations and not self.cpu_seconds:
            object.__setattr__(self, "iterations", 1)

    @property
    def deterministic(self) -> bool:
        """An iteration count alone: the same seed gives the same analysis."""
        return not self.cpu_seconds

    def progress(self, iterations: int, cpu_seconds: float) -> float:
        """How much of the way a search has come, 0 to 1 (the slower of the two)."""
        parts = [iterations / self.iterations if self.iterations else 1.0,
                 cpu_seconds / self.cpu_seconds if self.cpu_seconds else 1.0]
        return max(0.0, min(1.0, *parts))

    def reached(self, search: "Search") -> bool:
        return search.iterations_done >= self.iterations and search.cpu_seconds >= self.cpu_seconds


#: A search deepened in slices (``search_to``) stops to show what it has
#: about this often (seconds of its own time) ...
SLICE_SECONDS = 0.3
#: ... and its first slice is this many iterations (a first look at once).
FIRST_SLICE = 2_000


def search_to(search: Search, depth: Depth, progress=None) -> Analysis:
    """Run ``search`` (an iteration budget, any first one) in slices until
    ``depth`` is reached or it is cancelled, and return its analysis;
    ``progress(analysis)`` gets what it has after each slice (from this
    thread).  The slices only decide when it stops to report: with an
    iteration depth alone the last analysis is the one a single search of
    that many iterations gives (``Search.deepen``).

    >>> from ninja_dojo.engine import new_game
    >>> state = new_game("ninjan", players=2, seed=1)
    >>> seen = []
    >>> a = search_to(Search(state, 0, SearchConfig(iterations=500, seed=3)), Depth(5_000),
    ...               lambda x: seen.append(x.iterations))
    >>> seen[0], seen[-1], a.iterations
    (500, 5000, 5000)
    >>> a.moves == analyse(state, player=0, iterations=5_000, seed=3).moves
    True
    """
    while True:
        search.search()
        analysis = search.analysis()
        if progress is not None:
            progress(analysis)
        done = search.iterations_done
        if (search.cancelled or depth.reached(search) or done >= MAX_ITERATIONS
                or (search.most and done >= search.most)):
            return analysis
        # the next slice: about SLICE_SECONDS at the rate so far
        rate = done / search.cpu_seconds if search.cpu_seconds > 0 else 0.0
        step = max(FIRST_SLICE, int(rate * search.threads * SLICE_SECONDS) // 1000 * 1000)
        if depth.iterations > done:
            step = min(step, depth.iterations - done)
        search.deepen(min(MAX_ITERATIONS, done + step))


def _mean(total: float, visits: int) -> float:
    """A move's mean reward, divided in single precision as the tree keeps
    its sums (``float``), so one thread gives exactly its old analysis."""
    return float(np.float32(total) / np.float32(visits)) if visits else 0.0


def analyse(state: State, player: int | None = None, **config) -> Analysis:
    """Search ``state`` for ``player`` and return every root move's statistics."""
    return Search(state, player, SearchConfig(**config)).run()


def recommend(moves: list[MoveStat]) -> MoveStat:
    """The move to play: the best win rate among the moves searched at least
    a fifth as often as the most visited one.

    At a simultaneous choice the visit counts follow the bandit's mixed
    strategy (regret matching), while a move's value is its result against
    how the others actually played in the search; the floor keeps a lucky,
    rarely tried move out.  Against "most visited" it was ahead at 2 and 4
    players in 200-game runs, each within the noise (docs/how-it-works.md,
    "Design choices").
    """
    floor = moves[0].visits / 5
    return max((m for m in moves if m.visits >= floor), key=lambda m: (m.value, m.visits))


def choose(analysis: Analysis, mixed: bool = False, seed: int = 0) -> Action:
    """The move to play: ``analysis.best``, or (``mixed``) a move drawn by
    visit shares, a mixed strategy for a simultaneous choice."""
    if mixed:
        import random
        r = random.Random(seed).random()
        acc = 0.0
        for m in analysis.moves:
            acc += m.share
            if r < acc:
                return action_of(analysis.game, m.action)
        return action_of(analysis.game, analysis.moves[-1].action)
    return action_of(analysis.game, analysis.best.action)
