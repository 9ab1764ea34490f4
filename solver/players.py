"""AI players: the strength levels of the app and the entrants of a tournament.

Every player answers one question, ``choose(state, seat, seed)``: the action
``seat`` plays now.  Players only ever receive the real state and pass it to
a search that determinizes for their seat, or to the game's policy, which
reads only the public part and the seat's own hand.

>>> from ninja_dojo.engine import new_game
>>> p = player("random")
>>> s = new_game("ninjan", players=2, seed=1)
>>> p.choose(s, 0, seed=1) in s.legal_actions(0)
True
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from ninja_dojo.engine import Action, PositionError, State
from ninja_dojo.solver.search import Depth, Search, SearchConfig, choose


@dataclass(frozen=True)
class RandomPlayer:
    name: str = "random"

    def choose(self, state: State, seat: int, seed: int = 0) -> Action:
        return random.Random(seed).choice(state.legal_actions(seat))


@dataclass(frozen=True)
class GreedyPlayer:
    """The game's heuristic policy (the same one the rollouts use)."""

    name: str = "greedy"

    def choose(self, state: State, seat: int, seed: int = 0) -> Action:
        # The policy must not see other hands: give it a determinized copy.
        return state.determinize(seat, seed).policy_action(seat, seed)


@dataclass(frozen=True)
class SearchPlayer:
    """ISMCTS (or flat Monte Carlo with ``flat=True``) at a budget."""

    config: SearchConfig
    name: str = "ismcts"
    #: at a simultaneous choice, play a move drawn from the visit shares
    #: (a mixed strategy) instead of the recommended one
    mixed: bool = False

    @property
    def threads(self) -> int:
        """The threads (cores) one of its searches runs on."""
        return self.config.thread_count

    def search(self, state: State, seat: int, seed: int = 0, threads: int | None = None) -> Search:
        """A ready search (the app runs it in a worker and may cancel it);
        ``threads`` overrides the player's own, e.g. to share the cores."""
        cfg = replace(self.config, seed=seed, threads=self.config.threads if threads is None else threads)
        return Search(state, seat, cfg)

    def choose(self, state: State, seat: int, seed: int = 0) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        analysis = self.search(state, seat, seed).run()
        return choose(analysis, mixed=self.mixed and len(state.movers()) > 1, seed=seed)


#: The app's strength levels, weakest first.  The timed ones search on every
#: core (``threads=0``); in a tournament every player searches on one thread
#: unless its spec says ``+threads=N`` (see ``player``).
LEVELS: dict[str, object] = {
    "novice": GreedyPlayer(name="novice"),
    "easy": SearchPlayer(SearchConfig(iterations=2_000), name="easy"),
    "medium": SearchPlayer(SearchConfig(iterations=20_000), name="medium"),
    "hard": SearchPlayer(SearchConfig(seconds=1.0, threads=0), name="hard"),
    "master": SearchPlayer(SearchConfig(seconds=3.0, threads=0), name="master"),
}


def cores_used(level: str) -> int:
    """How many cores a level's search uses on this machine (0: no search).

    >>> cores_used("novice"), cores_used("easy")
    (0, 1)
    """
    p = LEVELS[level]
    return p.threads if isinstance(p, SearchPlayer) else 0


#: The hint and the review never think less than this level, whoever sits
#: at the table (a coach weaker than the AI it advises against is no coach).
COACH_FLOOR = "hard"


def level_depth(level: str) -> Depth:
    """What a level searches for one move, as a depth a hint can match: its
    iterations, or its time on its cores counted as CPU seconds (hard: 1 s
    on every core of this machine).  A level that does not search: none.

    >>> level_depth("medium")
    Depth(iterations=20000, cpu_seconds=0.0)
    >>> from ninja_dojo.solver.search import cpu_cores
    >>> level_depth("hard").cpu_seconds == cpu_cores()
    True
    """
    p = LEVELS.get(level)
    if not isinstance(p, SearchPlayer):
        return Depth(0, 0.0)
    return Depth(p.config.iterations or 0, (p.config.seconds or 0.0) * p.threads)


class Coach(NamedTuple):
    """How deep the hint and the review think at a table: ``depth``, at
    least that of ``level``, the strongest AI seated (never below
    ``COACH_FLOOR``)."""

    level: str
    depth: Depth

    def words(self) -> str:
        """The rule in a player's words.

        >>> coach([]).words().startswith("as deep as the hard AI (1 s on ")
        True
        """
        p = LEVELS[self.level]
        if p.config.seconds is not None:
            cores = p.threads
            return (f"as deep as the {self.level} AI ({p.config.seconds:g} s on "
                    f"{cores} core{'s' if cores != 1 else ''})")
        return f"as deep as the {self.level} AI ({p.config.iterations:,} iterations)"


def coach(kinds) -> Coach:
    """The hint's and the review's depth for a table whose seats are
    ``kinds`` (``"human"`` or a level): at least the depth of every AI
    seated, and of ``COACH_FLOOR``.

    >>> coach(["human", "master", "medium"]).level, coach(["human", "easy"]).level
    ('master', 'hard')
    >>> coach(["human", "master"]).depth == level_depth("master")
    True
    """
    order = list(LEVELS)
    levels = [k for k in kinds if k in LEVELS] + [COACH_FLOOR]
    depths = [level_depth(k) for k in levels]
    strongest = max(levels, key=order.index)
    return Coach(strongest, Depth(max(d.iterations for d in depths), max(d.cpu_seconds for d in depths)))


def ladder_file() -> Path:
    """The levels' ratings per game, as ``python -m bench.ladder --write`` keeps them."""
    return Path(__file__).with_name("ladder.json")


@lru_cache(maxsize=None)
def _ladder() -> dict:
    try:
        return json.loads(ladder_file().read_text())
    except FileNotFoundError:
        return {}


class LevelRating(NamedTuple):
    """A level's Elo in one game and its 95% interval (``None`` for the
    anchor, novice, fixed at 1000)."""

    elo: int
    ci95: tuple[int, int] | None = None

    def __str__(self) -> str:
        """As the setup screen shows it.

        >>> str(LevelRating(1099, (988, 1235))), str(LevelRating(1000))
        ('Elo 1099 (988-1235)', 'Elo 1000')
        """
        return f"Elo {self.elo}" + (f" ({self.ci95[0]}-{self.ci95[1]})" if self.ci95 else "")


def level_ratings(game: str) -> dict[str, LevelRating]:
    """Each level's rating in ``game`` (novice = 1000), from the ladder;
    empty for a game not rated yet.

    >>> ratings = level_ratings("ninjan")
    >>> not ratings or ratings["novice"].elo == 1000
    True
    """
    entry = _ladder().get(game) or {}
    anchor = entry.get("anchor")
    return {level: LevelRating(r["elo"], tuple(r["ci95"]) if r.get("ci95") and level != anchor else None)
            for level, r in entry.get("ratings", {}).items()}


def rated_at(game: str) -> str:
    """Where ``game``'s ratings come from, as the setup screen says it
    (empty for a game not rated yet): the ladder's table, which may not be
    the one being set up.

    >>> rated_at("no such game")
    ''
    """
    entry = _ladder().get(game)
    if not entry:
        return ""
    options = "".join(f", {k} {v}" for k, v in sorted(entry.get("options", {}).items()))
    anchor = entry["anchor"]
    return (f"Elo: {entry['games']} ladder games at {entry['players']} players{options},"
            f" {anchor} {entry['ratings'][anchor]['elo']}, 95% range")


def player(spec: str):
    """A player from a short spec, as the CLI and the app name them.

    ``random``, ``greedy``, a level name (``novice`` .. ``master``),
    ``ismcts:N`` (N iterations), ``ismcts:Ns`` (N seconds), ``flat:N``,
    each optionally followed by ``+option``s: ``+random`` (uniform random
    rollouts), ``+rm``/``+exp3``/``+ducb`` (bandit at simultaneous
    choices), ``+mixed`` (play a move drawn from the visit shares),
    ``+exploration=0.7``, ``+expand=4`` and ``+cut=N`` (rollouts cut off at
    the N-th round's evaluation, 0: played out; default: the game's tuned
    values), ``+tree=N`` (the tree stops growing at the N-th round's
    start, 0: no limit), ``+alone=N`` (at a choice the seat makes alone,
    at most N iterations, 0: no limit), ``+prior=P`` (progressive bias toward the game's heuristic
    move at simultaneous choices), ``+merge=N`` (at a choice of N seats or
    more the tree keys a child by the searching seat's own move alone),
    ``+group=N`` (there the others' moves key it by the game's groups),
    ``+threads=N`` (0: every core), ``+rank=W`` (weight of the place
    finished in the reward, 0 to 1), ``+paired`` (root statistics only,
    every root move played out on the same deal and dice), ``+mast=P``
    (a rollout move is, with chance P, the best by its average reward so far),
    ``+respond`` (at a simultaneous choice the searching seat answers the
    others by UCB1), ``+model=Q`` (there the others play the game's
    heuristic move with chance Q),
    and after a level's name ``+iterations=N`` (N iterations in place of its
    time: the ladder rates hard and master so, as many iterations as one
    core runs in their time, whatever else the machine is doing);
    e.g. ``ismcts:5000+random``, ``ismcts:1s+exp3+expand=8``,
    ``hard+threads=2`` or ``hard+iterations=150000``.  Named here, every search runs on one thread unless
    ``+threads`` says otherwise, levels included (a tournament plays games
    side by side); the app takes its levels from ``LEVELS``, where the timed
    ones search on every core.

    >>> player("hard").threads, player("hard+threads=2").threads
    (1, 2)
    >>> c = player("hard+iterations=150000").config
    >>> c.iterations, c.seconds
    (150000, None)
    """
    if not isinstance(spec, str):
        raise PositionError(f"player: {spec!r} is not a player spec")
    base, *opts = spec.split("+")
    if base == "random" and not opts:
        return RandomPlayer()
    if base == "greedy" and not opts:
        return GreedyPlayer()
    if base in LEVELS and not isinstance(LEVELS[base], SearchPlayer) and not opts:
        return LEVELS[base]
    if base in LEVELS and isinstance(LEVELS[base], SearchPlayer):
        level = LEVELS[base]
        kw, mixed = _search_options(spec, opts)
        kw.setdefault("threads", 1)
        if "iterations" in kw:
            kw["seconds"] = None    # a fixed budget in place of the level's time
        return SearchPlayer(replace(level.config, **kw), name=spec, mixed=mixed or level.mixed)
    kind, _, budget = base.partition(":")
    if kind in ("ismcts", "flat") and budget:
        try:
            kw = {"seconds": float(budget[:-1])} if budget.endswith("s") else {"iterations": int(budget)}
        except ValueError:
            raise PositionError(f"player {spec!r}: budget must be N (iterations) or Ns (seconds)") from None
        more, mixed = _search_options(spec, opts)
        return SearchPlayer(SearchConfig(flat=(kind == "flat"), **kw, **more), name=spec, mixed=mixed)
    raise PositionError(
        f"player {spec!r}: expected random, greedy, {', '.join(LEVELS)}, ismcts:N, ismcts:Ns or flat:N")


def _search_options(spec: str, opts: list[str]) -> tuple[dict, bool]:
    """The ``+option``s of a search spec: SearchConfig fields, and ``mixed``."""
    kw, mixed = {}, False
    for opt in opts:
        name, eq, value = opt.partition("=")
        if opt in ("random", "heuristic"):
            kw["rollout"] = opt
        elif opt in ("rm", "exp3", "ducb"):
            kw["selection"] = opt
        elif opt == "paired":
            kw["paired"] = True
        elif opt == "respond":
            kw["respond"] = True
        elif eq and name == "model":
            kw["model"] = _number(spec, value, float)
        elif opt == "mixed":
            mixed = True
        elif eq and name == "exploration":
            kw[name] = _number(spec, value, float)
        elif eq and name == "expand":
            kw["expand_at"] = _number(spec, value, int)
        elif eq and name == "cut":
            kw["cut_rounds"] = _number(spec, value, int)
        elif eq and name == "tree":
            kw["tree_rounds"] = _number(spec, value, int)
        elif eq and name == "alone":
            kw["alone_iterations"] = _number(spec, value, int)
        elif eq and name == "prior":
            kw["prior"] = _number(spec, value, float)
        elif eq and name == "rank":
            kw["rank"] = _number(spec, value, float)
        elif eq and name == "mast":
            kw["mast"] = _number(spec, value, float)
        elif eq and name == "merge":
            kw["merge_at"] = _number(spec, value, int)
        elif eq and name == "group":
            kw["group_at"] = _number(spec, value, int)
        elif eq and name == "threads":
            kw["threads"] = _number(spec, value, int)
        elif eq and name == "iterations" and base_is_level(spec):
            kw["iterations"] = _number(spec, value, int)
        else:
            raise PositionError(f"player {spec!r}: unknown option {opt!r}")
    return kw, mixed


def base_is_level(spec: str) -> bool:
    """Whether ``spec`` starts with a level's name (``hard+...``)."""
    return spec.split("+")[0] in LEVELS


def _number(spec, value, kind):
    try:
        return kind(value)
    except ValueError:
        raise PositionError(f"player {spec!r}: {value!r} is not a number") from None
