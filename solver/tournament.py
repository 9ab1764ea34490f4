"""Seeded tournaments, in this process, in N processes, or as Ray tasks.

A game is a pure function of its ``Pairing``: the game and its options, the
player spec in each seat, the deal seed and the move seed.  So wherever it is
played (here, a worker process, a Ray node) it ends the same way, and a
tournament's result depends only on its pairings, never on how many workers
played them or in which order they finished: the returns are added up in
game order at the end.

>>> games = schedule("ninjan", 2, "greedy", "random", games=4, seed=1)
>>> [g.seats for g in games[:2]]
[('greedy', 'random'), ('random', 'greedy')]
>>> r = run(games)
>>> r.games, len(r.returns), 0 <= r.win_share <= 1
(4, 4, True)

``solver tournament`` (the CLI), ``bench.strength`` and the ladder build
their games with ``schedule`` (or their own list of ``Pairing``) and play
them with ``run``.

Games that take hours can be kept as they end (``Record``, ``solver
tournament --record FILE``): a run stopped or killed keeps what it played,
and the same run started again, here or on another machine, plays only the
rest, so a tournament of a size fixed before play can be finished in
several sittings.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import signal
import sys
import time
from dataclasses import dataclass, field, fields
from pathlib import Path

from ninja_dojo.engine import PositionError, new_game
from ninja_dojo.solver.search import Search, SearchConfig


@dataclass(frozen=True)
class Pairing:
    """One game to play: everything its result depends on."""

    game: str
    seats: tuple[str, ...]      # a player spec per seat (``solver.players.player``)
    deal: int                   # the deal's seed
    seed: int                   # the seed the players' seeds derive from
    hero: int = 0               # the seat whose win share is measured
    options: tuple = ()         # the game's options, as sorted (name, value) pairs
    side: tuple = ()            # team play: the hero's side, whose shares add up; () is the hero alone

    @property
    def measured(self) -> tuple[int, ...]:
        """The seats whose returns make the measured win share."""
        return self.side or (self.hero,)


def schedule(game: str, players: int, ai: str, vs: str, games: int, seed: int,
             options: dict | None = None, team: bool = False) -> list[Pairing]:
    """``ai`` in one seat, rotating over the seats game by game, ``vs`` in
    every other seat; game ``g`` gets deal ``seed * 1_000_003 + g``.

    With ``team``, ``ai`` plays every seat of the rotating seat's side and
    the win share measured is the side's (team play: a whole team against
    teams of ``vs``; the deals and seeds are those of the one-seat games).

    >>> [g.seats for g in schedule("san_ni_ichi", 4, "greedy", "random", 2, 1,
    ...                            {"teams": True}, team=True)]
    [('greedy', 'random', 'greedy', 'random'), ('random', 'greedy', 'random', 'greedy')]
    """
    opts = tuple(sorted((options or {}).items()))
    table = new_game(game, players, 0, **dict(opts)) if team else None
    if team and len(table.side(0)) == 1:
        raise PositionError(f"--team: {game} at {players} players has no teams with these options"
                            + (" (team play is --option teams=true)" if "teams" in table.game.options else ""))
    out = []
    for g in range(games):
        hero = g % players
        side = tuple(table.side(hero)) if team else ()
        seats = tuple(ai if s in (side or (hero,)) else vs for s in range(players))
        out.append(Pairing(game, seats, seed * 1_000_003 + g, seed * 7919 + g, hero, opts, side))
    return out


_PLAYERS: dict = {}


def _player(spec: str):
    """The player a spec names, made once per process."""
    from ninja_dojo.solver.players import player

    if spec not in _PLAYERS:
        _PLAYERS[spec] = player(spec)
    return _PLAYERS[spec]


def play(p: Pairing) -> list[float]:
    """Play one game to its end; every seat's return (win share)."""
    return finish(p)[0]


def finish(p: Pairing) -> tuple[list[float], list[int]]:
    """Play one game to its end; every seat's return (win share) and final
    score (the ladder ranks the seats by it)."""
    state = new_game(p.game, len(p.seats), p.deal, **dict(p.options))
    players = [_player(spec) for spec in p.seats]
    step = 0
    while not state.is_terminal():
        joint = {m: players[m].choose(state, m, seed=p.seed * 1009 + step * 31 + m)
                 for m in state.movers()}
        state.apply(joint)
        step += 1
    return list(state.returns()), list(state.scores())


def wilson(share_sum: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% interval of a mean win share (Wilson score, shares in [0, 1]).

    >>> [round(x, 3) for x in wilson(15, 20)]
    [0.531, 0.888]
    """
    if n == 0:
        return 0.0, 1.0
    p = share_sum / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Result:
    """The games played so far: each game's returns and final scores, in
    schedule order (``None`` for a game not played)."""

    pairings: list[Pairing]
    returns: list[list[float] | None] = field(default_factory=list)
    scores: list[list[int] | None] = field(default_factory=list)
    interrupted: bool = False

    def __post_init__(self):
        if not self.returns:
            self.returns = [None] * len(self.pairings)
        if not self.scores:
            self.scores = [None] * len(self.pairings)

    @property
    def games(self) -> int:
        return sum(r is not None for r in self.returns)

    @property
    def hero_total(self) -> float:
        # Added in game order: the same sum whatever order the games ended in.
        return sum(sum(r[s] for s in p.measured)
                   for p, r in zip(self.pairings, self.returns) if r is not None)

    @property
    def win_share(self) -> float:
        return self.hero_total / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.hero_total, self.games)


class Progress:
    """Games done, the running win share with its interval, the time left.

    On a terminal one line is redrawn; otherwise (a log, CI) a plain line is
    written after the first game (it started; a first estimate of the time)
    and at every tenth of the games.
    """

    def __init__(self, total: int, stream=None, width: int = 24, share: bool = True):
        self.total = total
        #: show the measured seat's win share (a ladder has no such seat)
        self.share = share
        self.stream = stream if stream is not None else sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.width = width
        self.t0 = time.monotonic()
        self.last_tenth = 0
        #: games kept from an earlier run (``Record``): done, but not in this run's pace
        self.kept = 0
        #: games played at once (``run`` sets it from ``jobs``)
        self.workers = 1

    def line(self, result: Result) -> str:
        done = result.games
        lo, hi = result.ci95
        elapsed = time.monotonic() - self.t0
        played = done - self.kept
        # The other games in flight are counted as half played: when the
        # first of two parallel games ends the second is far along, and
        # timing by the finished games alone would double the first estimate.
        others = min(self.workers - 1, self.total - done) / 2
        left = elapsed / (played + others) * (self.total - done - others) if played > 0 else float("nan")
        bar = ""
        if self.tty:
            full = self.width * done // max(self.total, 1)
            bar = "[" + "#" * full + "." * (self.width - full) + "] "
        share = f"win share {result.win_share:.1%} (95% CI {lo:.1%}-{hi:.1%}), " if self.share else ""
        return f"{bar}{done}/{self.total} games, {share}{_duration(left)} left"

    def update(self, result: Result) -> None:
        if self.tty:
            self.stream.write("\r" + self.line(result) + "\x1b[K")
            if result.games == self.total:
                self.stream.write("\n")
        else:
            tenth = 10 * result.games // max(self.total, 1)
            first = result.games - self.kept == 1
            if tenth == self.last_tenth and not first and result.games != self.total:
                return
            self.last_tenth = tenth
            self.stream.write(self.line(result) + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


def _duration(seconds: float) -> str:
    if seconds != seconds:    # nan: nothing finished yet
        return "? s"
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds // 60 % 60:02d} min"


class Record:
    """Games kept in a file as they end, one JSON line each: which game
    (``key``), the code that played it (``code``, a ``fingerprint``), every
    seat's return and score.  Only the games of the same code count: a game
    kept by code that plays differently is played again.

    Each line is written with one ``write`` to a file opened for appending,
    so a run killed at any moment leaves whole lines.  A file that is not
    such a record (damaged, edited by hand, another file) is refused with
    what is wrong and where, and left as it is.

    >>> import tempfile, pathlib
    >>> folder = tempfile.TemporaryDirectory()
    >>> path = pathlib.Path(folder.name) / "games.jsonl"
    >>> p = schedule("ninjan", 2, "greedy", "random", games=1, seed=1)[0]
    >>> Record(path, "abc").keep(p, [1.0, 0.0], [30, 12])
    >>> Record(path, "abc").outcome(p), Record(path, "other code").outcome(p)
    (([1.0, 0.0], [30, 12]), None)
    >>> folder.cleanup()
    """

    def __init__(self, path: str | Path, code: str):
        self.path = Path(path)
        self.code = code
        #: pairing key -> (returns, scores), this code's games only
        self.outcomes: dict[str, tuple[list[float], list[int]]] = {}
        #: lines kept by other code
        self.others = 0
        self._load()

    @staticmethod
    def key(p: Pairing) -> str:
        return json.dumps([p.game, list(p.seats), p.deal, p.seed, [list(o) for o in p.options]])

    def outcome(self, p: Pairing) -> tuple[list[float], list[int]] | None:
        return self.outcomes.get(self.key(p))

    def played(self, pairings: list[Pairing]) -> list[Pairing]:
        """The pairings whose games are kept here, in their order."""
        return [p for p in pairings if self.key(p) in self.outcomes]

    def keep(self, p: Pairing, returns: list[float], scores: list[int]) -> None:
        key = self.key(p)
        if key in self.outcomes:
            return
        line = json.dumps({"key": key, "code": self.code, "returns": list(returns),
                           "scores": list(scores)}) + "\n"
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line.encode())
        finally:
            os.close(fd)
        self.outcomes[key] = (list(returns), list(scores))

    def _load(self) -> None:
        if not self.path.exists():
            return
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise PositionError(f"{self.path}: cannot be read as a record of games ({e})") from None
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                key, code, outcome = _record_line(line)
            except ValueError as e:
                raise PositionError(f"{self.path}, line {n}: not a kept game ({e}); "
                                    "the file is left as it is") from None
            if code != self.code:
                self.others += 1
            elif key not in self.outcomes:
                self.outcomes[key] = outcome


def _record_line(line: str) -> tuple[str, str, tuple[list[float], list[int]]]:
    """One line of a ``Record``: (key, code, (returns, scores)); ValueError
    saying what is wrong."""
    try:
        rec = json.loads(line)
    except json.JSONDecodeError as e:
        raise ValueError(f"not JSON: {e.msg}") from None
    if not isinstance(rec, dict) or set(rec) != {"key", "code", "returns", "scores"}:
        raise ValueError("expected an object with exactly key, code, returns and scores")
    key, code, returns, scores = rec["key"], rec["code"], rec["returns"], rec["scores"]
    if not isinstance(key, str) or not isinstance(code, str):
        raise ValueError("key and code must be strings")
    if (not isinstance(returns, list) or not 1 <= len(returns) <= 8
            or not all(isinstance(r, (int, float)) and not isinstance(r, bool) and 0 <= r <= 1
                       for r in returns)):
        raise ValueError("returns must be a list of one win share in [0, 1] per seat")
    if (not isinstance(scores, list) or len(scores) != len(returns)
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in scores)):
        raise ValueError("scores must be a list of one whole number per seat")
    return key, code, ([float(r) for r in returns], scores)


def fingerprint(game: str, players: int, options: dict, named: dict) -> str:
    """A hash of how the code plays a table of ``game``: each player's
    settings (``named``: name -> player), a greedy game's moves and a
    3,000-iteration search's root statistics at three of its positions.
    Code that plays differently (another search, a changed rule) changes it;
    an edit that plays the same does not, and the games kept stay good."""
    from ninja_dojo.solver.players import LEVELS

    h = hashlib.sha256(repr(sorted((k, plays(v)) for k, v in named.items())).encode())
    state = new_game(game, players, 7, **options)
    seen = []
    while not state.is_terminal():
        seen.append(state.clone())
        state.apply({m: LEVELS["novice"].choose(state, m, seed=len(seen)) for m in state.movers()})
    h.update(repr(state.history).encode())
    for k in range(3):
        s = seen[k * len(seen) // 3]
        search = Search(s, s.movers()[0], SearchConfig(iterations=3000, seed=k))
        search.search()
        h.update(repr([search.root_moves(m) for m in s.movers()]).encode())
    return h.hexdigest()[:16]


def plays(player) -> tuple:
    """What of a player's settings changes its play: its kind and the search
    settings it sets away from their defaults.  Not its threads (the ladder
    seats every level on one; a tournament's specs, part of each game's
    key, say theirs), and not a field added to ``SearchConfig`` later with
    a default that plays as before: neither makes the games kept wrong."""
    from ninja_dojo.solver.players import SearchPlayer

    if not isinstance(player, SearchPlayer):
        return (type(player).__name__,)
    c = player.config
    return ("search", player.mixed) + tuple(
        (f.name, getattr(c, f.name)) for f in fields(c)
        if f.name not in ("threads", "seed") and getattr(c, f.name) != f.default)


def default_jobs() -> int:
    from ninja_dojo.solver.search import cpu_cores

    return cpu_cores()


def run(pairings: list[Pairing], jobs: int = 1, ray: str | bool | None = None,
        progress: Progress | None = None, record: Record | None = None) -> Result:
    """Play every pairing: here (``jobs=1``), in ``jobs`` worker processes,
    or as Ray tasks (``ray=True`` for a local Ray, or a cluster address).

    With a ``record``, the games it kept are not played again and each game
    played is kept there as it ends.

    Ctrl-C stops the games still running and returns the ones finished,
    with ``interrupted`` set.
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise PositionError(f"jobs: expected a positive number of processes, got {jobs!r}")
    for spec in {s for p in pairings for s in p.seats}:
        _player(spec)    # a bad spec is refused before any game starts
    result = Result(list(pairings))
    todo = []
    for i, p in enumerate(pairings):
        kept = record.outcome(p) if record else None
        if kept:
            result.returns[i], result.scores[i] = kept
        else:
            todo.append(i)
    if progress:
        progress.kept = result.games
        progress.workers = 1 if ray else jobs

    def done(j, outcome):
        i = todo[j]
        if record:
            record.keep(pairings[i], *outcome)
        result.returns[i], result.scores[i] = outcome
        if progress:
            progress.update(result)

    playing = [pairings[i] for i in todo]
    try:
        if ray:
            _run_ray(playing, None if ray is True else ray, done)
        elif jobs == 1 or len(playing) <= 1:
            for j, p in enumerate(playing):
                done(j, finish(p))
        else:
            _run_processes(playing, jobs, done)
    except KeyboardInterrupt:
        result.interrupted = True
    if progress and result.interrupted:
        progress.close()
    return result


def _quiet_worker():
    # Ctrl-C reaches every process of the terminal's group: the parent
    # decides what to do, the workers keep still until they are stopped.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_indexed(item):
    i, p = item
    return i, finish(p)


def _run_processes(pairings, jobs, done):
    import multiprocessing

    # fork: the workers start with the engine loaded and share its pages.
    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    pool = ctx.Pool(min(jobs, len(pairings)), initializer=_quiet_worker)
    try:
        for i, outcome in pool.imap_unordered(_play_indexed, list(enumerate(pairings))):
            done(i, outcome)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


RAY_MISSING = ("--ray needs Ray, an optional extra: pip install 'ninja-dojo[ray]' "
               "(or pip install 'ray>=2')")


def _run_ray(pairings, address, done):
    try:
        import ray
    except ImportError:
        raise PositionError(RAY_MISSING) from None
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            # A local Ray with no dashboard: starts in seconds.
            ray.init(num_cpus=default_jobs(), include_dashboard=False, log_to_driver=False)
    remote_play = ray.remote(num_cpus=1)(finish)
    pending = {remote_play.remote(p): i for i, p in enumerate(pairings)}
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                done(pending.pop(ref), tuple(ray.get(ref)))
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started:
            ray.shutdown()


def summary(result: Result, ai: str, vs: str, players: int, game: str) -> dict:
    """The ``solver tournament --json`` object."""
    lo, hi = result.ci95
    seats = len(result.pairings[0].measured) if result.pairings else 1
    out = {"game": game, "players": players, "ai": ai, "vs": vs, "games": result.games,
           "win_share": result.win_share, "ci95": [lo, hi], "fair_share": seats / players}
    if seats > 1:
        out["ai_seats"] = seats
    if result.interrupted:
        out["interrupted"] = True
        out["scheduled"] = len(result.pairings)
    return out
