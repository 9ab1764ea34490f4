"""The Python face of a game: ``State``, ``Action`` and ``Outcome``.

A ``State`` wraps the game's C struct (a ``bytearray``) and its ``GameDef``
table; every rule runs in the game's Cython module.  The same verbs work for
every game:

>>> from ninja_dojo.engine import new_game
>>> s = new_game("ninjan", players=2, seed=3)
>>> s.movers()                      # both seats choose a card at once
[0, 1]
>>> _ = s.apply({0: s.legal_actions(0)[0], 1: s.legal_actions(1)[-1]})
>>> s.is_terminal()
False
"""
from __future__ import annotations

import importlib
import random
import re
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Mapping, Union

from ninja_dojo.engine import _driver, checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.game_type import GameType

#: Every game, in the order menus list them: a game is added here (its
#: module declares its ``GameType`` as ``GAME``) and nowhere else.
GAME_NAMES = ("ninjan", "ninjato", "pride_of_ninja", "san_ni_ichi", "senjutsu")


def _registry() -> dict[str, GameType]:
    games = {}
    for name in GAME_NAMES:
        game = importlib.import_module(f"ninja_dojo.engine.{name}").GAME
        if game.name != name:
            raise RuntimeError(f"ninja_dojo.engine.{name} declares the game {game.name!r}")
        games[name] = game
    return games


#: name -> ``GameType``: the one registry every list of games reads.
GAMES: dict[str, GameType] = _registry()

SEED_LIMIT = 2**63


def game_type(name: str) -> GameType:
    """The ``GameType`` of game ``name``; ``PositionError`` for no such game."""
    if not isinstance(name, str) or name not in GAMES:
        raise PositionError(f"unknown game {checks.shown(name)}; choose one of {', '.join(GAMES)}")
    return GAMES[name]


def game_module(name: str):
    """The module of game ``name``'s rules, for what only that game has
    (its card tables, its names); registries read ``game_type`` instead."""
    game_type(name)
    return importlib.import_module(f"ninja_dojo.engine.{name}")


@dataclass(frozen=True, order=True)
class Action:
    """A move: a stable integer id, its name, and what it does as data: its
    kind and its arguments (the cards, seats, piles it involves), as the
    game's ``describe`` gives them.  The app words an action from ``kind``
    and ``args``; the name is for files and the command line.

    >>> a = new_game("ninjan", players=2, seed=1).action(25)
    >>> a.id, a.name, a.kind, a.args
    (25, 'play 4 Paper', 'play', {'card': '4 Paper'})
    >>> str(a)
    'play 4 Paper'
    """

    id: int
    name: str = field(compare=False)
    kind: str = field(default="", compare=False)
    args: Mapping = field(default_factory=dict, compare=False, repr=False)

    def __str__(self) -> str:
        return self.name


def action_of(game: "GameType | str", action_id: int) -> Action:
    """The ``Action`` of an id in ``game`` (a ``GameType`` or its name), with
    its kind and arguments where the game describes its actions: the one
    place an ``Action`` is made from an id.

    >>> action_of("ninjan", 49)
    Action(id=49, name='take pile 2', kind='take')
    """
    if isinstance(game, str):
        game = game_type(game)
    if game.describe is None:
        return Action(action_id, game.action_name(action_id))
    kind, args = game.describe(action_id)
    return Action(action_id, game.action_name(action_id), kind, args)


def seats_from_one(name: str) -> str:
    """An action name as people read it, seats counted from 1 as on the board
    and on the command line.  The engine's names count seats from 0, as
    ``legal_actions(seat)`` does, and ``state.apply`` takes those.

    >>> seats_from_one("start a pile on seat 0")
    'start a pile on seat 1'
    >>> seats_from_one("Sai: swap the piles of seats 1 and 2")
    'Sai: swap the piles of seats 2 and 3'
    >>> seats_from_one("play 7 Paper")
    'play 7 Paper'
    """
    def plus_one(m: re.Match) -> str:
        return m.group(1) + " " + " and ".join(str(int(n) + 1) for n in m.groups()[1:] if n is not None)
    return _SEATS.sub(plus_one, name)


_SEATS = re.compile(r"\b(seats?) (\d+)(?: and (\d+))?\b")


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: scores, the winning seats and win shares."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    returns: tuple[float, ...]

    def __str__(self) -> str:
        """The result in words, seats counted from 0 as everywhere in the
        engine (the game decides what a good score is).

        >>> print(Outcome((56, 40), (0,), (1.0, 0.0)))
        seat 0 (score 56) wins
        >>> print(Outcome((24, 24, 10), (0, 1), (0.5, 0.5, 0.0)))
        seat 0 (score 24) and seat 1 (score 24) share the win
        """
        who = " and ".join(f"seat {w} (score {self.scores[w]})" for w in self.winners)
        return f"{who} {'share the win' if len(self.winners) > 1 else 'wins'}"


Move = Union[Action, int, str, Mapping[int, Union[Action, int, str]]]


class State:
    """A position of one game.  Build one with :func:`new_game` or load one."""

    __slots__ = ("game", "rules", "options", "seed", "history", "_buf")

    def __init__(self, game: str, buf: bytes, options: dict, seed: int | None, history=None):
        self.game = game_type(game)
        self.rules = self.game.definition()
        self.options = dict(options)
        self.seed = seed
        self.history: list[tuple[tuple[int, int], ...]] = list(history or [])
        self._buf = bytearray(buf)

    # ----------------------------------------------------------- the verbs
    @property
    def name(self) -> str:
        return self.game.name

    @property
    def players(self) -> int:
        return _driver.players(self.rules, self._buf)

    def movers(self) -> list[int]:
        """Seats that decide now (several at once for a simultaneous choice)."""
        return _driver.movers(self.rules, self._buf)

    def is_terminal(self) -> bool:
        return not self.movers()

    def legal_action_ids(self, seat: int | None = None) -> list[int]:
        return _driver.legal(self.rules, self._buf, self._seat(seat))

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Legal moves of ``seat`` (default: the only seat to move)."""
        return [self.action(a) for a in self.legal_action_ids(seat)]

    def action(self, what: Union[Action, int, str], seat: int | None = None) -> Action:
        """An ``Action`` from an id or a name such as ``'play 7 Paper'``."""
        if isinstance(what, Action):
            return what
        if isinstance(what, bool):
            raise PositionError(f"{checks.shown(what)} is not an action")
        if isinstance(what, int):
            if not 0 <= what < _driver.num_actions(self.rules):
                raise PositionError(f"{what} is not an action id of {self.name}")
            return action_of(self.game, what)
        if isinstance(what, str):
            wanted = what.strip().lower()
            for a in self.legal_action_ids(seat):
                if self.game.action_name(a).lower() == wanted:
                    return self.action(a)
            raise PositionError(f"{checks.shown(what)} is not a legal move now")
        raise PositionError(f"{checks.shown(what)} is not an action")

    def apply(self, move: Move) -> list[dict]:
        """Play ``move``: one action when one seat moves, ``{seat: action}``
        for a simultaneous choice.  Returns the current round's resolution
        steps so far (``steps()``), for a step-by-step display.

        An illegal move raises ``PositionError`` and changes nothing.
        """
        movers = self.movers()
        if not movers:
            raise PositionError("the game is over")
        if not isinstance(move, Mapping):
            if len(movers) != 1:
                raise PositionError(f"seats {movers} choose at once: give {{seat: action}}")
            move = {movers[0]: move}
        if any(isinstance(k, bool) or not isinstance(k, int) for k in move):
            raise PositionError(f"seats are integers, got {sorted(map(repr, move))}")
        if sorted(move) != movers:
            raise PositionError(f"expected a move for seats {movers}, got {sorted(move)}")
        joint = {}
        for seat in movers:
            a = self.action(move[seat], seat)
            if a.id not in self.legal_action_ids(seat):
                raise PositionError(f"seat {seat}: {a} is not legal now")
            joint[seat] = a.id
        _driver.apply(self.rules, self._buf, joint)
        self.history.append(tuple(sorted(joint.items())))
        return self.game.steps(self._buf)

    def observed(self, actor: int, action: int, observer: int) -> int:
        """The action id ``observer`` sees when ``actor`` plays ``action``
        here: the action itself, or what of it shows (another seat's
        face-down card in Pride of Ninja is only "a card face down")."""
        return _driver.observe(self.rules, self._buf, actor, action, observer)

    def returns(self) -> list[float]:
        """Win shares of a finished game (tied winners share)."""
        if not self.is_terminal():
            raise PositionError("the game is not over")
        return _driver.returns(self.rules, self._buf)

    def scores(self) -> list[int]:
        return self.game.scores(self._buf)

    def outcome(self) -> Outcome | None:
        """The result, or ``None`` while the game goes on."""
        if not self.is_terminal():
            return None
        r = self.returns()
        return Outcome(tuple(self.scores()), tuple(i for i, x in enumerate(r) if x > 0), tuple(r))

    def side(self, seat: int) -> list[int]:
        """The seats that win or lose with ``seat``: itself, and its partners
        in team play (San, Ni, Ichi!'s ``teams`` option).

        >>> from ninja_dojo.engine import new_game
        >>> new_game("san_ni_ichi", 6, seed=1, teams=True).side(1)
        [1, 4]
        >>> new_game("ninjan", 3, seed=1).side(1)
        [1]
        """
        seat = self._seat(seat)
        team_of = self.game.team_of
        return list(team_of(self._buf, seat)) if team_of else [seat]

    def view(self, seat: int) -> dict:
        """What ``seat`` may see; ``seat=-1`` gives only the public part."""
        if not -1 <= seat < self.players:
            raise PositionError(f"seat {seat} is not in this {self.players}-player game")
        return self.game.view(self._buf, seat)

    def steps(self) -> list[dict]:
        """The current round's resolution so far."""
        return self.game.steps(self._buf)

    def fields(self) -> dict:
        """The whole state as named fields (what a position file stores)."""
        return self.game.fields(self._buf)

    def start(self) -> "State":
        """The deal this game started from (same game, options and seed).

        >>> s = new_game("ninjan", players=2, seed=3)
        >>> _ = s.apply({seat: s.legal_action_ids(seat)[0] for seat in s.movers()})
        >>> s.start() == new_game("ninjan", players=2, seed=3)
        True
        """
        if self.seed is None:
            raise PositionError("this state is a determinized copy: it has no deal to start from")
        opts = dict(self.options)
        return new_game(self.name, opts.pop("players"), self.seed, **opts)

    def plies(self) -> Iterator["Ply"]:
        """Every move of this game replayed from its deal (``plies``)."""
        if self.seed is None:
            return iter(())
        return plies(self.name, self.options, self.seed, self.history)

    def clone(self) -> "State":
        return State(self.name, bytes(self._buf), self.options, self.seed, self.history)

    def determinize(self, observer: int, seed: int) -> "State":
        """A copy with everything ``observer`` cannot see resampled: one world
        ``observer`` cannot tell from the true one (``observer=-1``: only the
        public part kept).

        The copy has no past: its ``seed`` is ``None`` and its ``history``
        empty, because the true deal and moves would rebuild every hidden
        card.  It is not a game anyone played, so it cannot be saved
        (``dumps`` refuses it); everything else works on it.

        >>> from ninja_dojo.engine import new_game
        >>> s = new_game("ninjan", players=2, seed=3)
        >>> d = s.determinize(0, seed=1)
        >>> d.view(0) == s.view(0), d.seed, d.history
        (True, None, [])
        """
        checks.integer(observer, "observer", -1, self.players - 1)
        checks.integer(seed, "seed", 0, 2**64 - 1)
        s = State(self.name, bytes(self._buf), self.options, None)
        _driver.determinize(self.rules, s._buf, observer, seed)
        return s

    def chance_key(self, observer: int) -> int:
        """What ``observer`` saw of chance in the last move, as the search
        keys it (0: nothing; games whose only chance is the deal say 0)."""
        return _driver.chance_key(self.rules, self._buf, self._seat(observer))

    def evaluate(self) -> list[float] | None:
        """Each seat's chance to win as the game judges it without playing on,
        where the search may cut a rollout off (Senjutsu: a round's start);
        None elsewhere, and always in games played out to the end."""
        return _driver.evaluate(self.rules, self._buf)

    def evaluation_features(self) -> tuple[list[list[float]], list[bool]] | None:
        """What ``evaluate`` reads of each seat (the game's ``EVALUATION``
        order) and which seats still stand; None where it does not judge."""
        return _driver.evaluation_features(self.rules, self._buf)

    def policy_action(self, seat: int, seed: int = 0) -> Action:
        """The game's heuristic (greedy) move for ``seat``."""
        return self.action(_driver.policy(self.rules, bytearray(self._buf), seat, seed))

    def buffer(self) -> bytes:
        """The raw C struct (for the solver)."""
        return bytes(self._buf)

    def __eq__(self, other) -> bool:
        return (isinstance(other, State) and self.name == other.name
                and self.options == other.options and self.fields() == other.fields())

    def __repr__(self) -> str:
        return f"<State {self.name} players={self.players} movers={self.movers()}>"

    def _seat(self, seat: int | None) -> int:
        if seat is None:
            movers = self.movers()
            if len(movers) != 1:
                raise PositionError(f"seats {movers} move now: name the seat")
            return movers[0]
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise PositionError(f"seat {checks.shown(seat)} is not in this {self.players}-player game")
        return seat


def new_game(name: str, players: int, seed: int | None = None, **options) -> State:
    """A fresh deal of game ``name``.  Without a seed one is drawn (and kept)."""
    game = game_type(name)
    lo, hi = game.players
    if isinstance(players, bool) or not isinstance(players, int):
        raise PositionError(f"players: expected an integer, got {checks.shown(players)}")
    if not lo <= players <= hi:
        raise PositionError(f"players: {game.title} is for {lo} to {hi} players, not {players}")
    options = checks.options(game.options, game.title, options)
    if seed is None:
        seed = random.randrange(SEED_LIMIT)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise PositionError(f"seed: expected an integer in 0..2^63-1, got {checks.shown(seed)}")
    if game.settle_options is not None:
        # An option drawn from the seed (Senjutsu's random samurai) is kept
        # as drawn, so the position's options say what was played.
        options = game.settle_options(players, seed, options)
    buf = game.new_state(players, seed, dict(options))
    return State(name, buf, {"players": players, **options}, seed)


@dataclass(frozen=True)
class Ply:
    """One joint move of a game as it was played: its place in the history,
    the position before it, the move (``{seat: action id}``), the position
    after it and the resolution steps the move itself produced.  The states
    are copies of their own; they are not changed afterwards."""

    index: int
    before: "State"
    move: dict[int, int]
    after: "State"
    steps: list[dict]


def plies(name: str, options: dict, seed: int, history: Iterable) -> Iterator[Ply]:
    """Every move of ``history`` replayed from the deal of ``seed``, in order:
    the one replay every part of the project uses (the codec's check of a
    file's history, the reviews, the replay screen, the score history), as
    python-chess keeps one ``move_stack``.  A move that is not legal where
    it is played raises ``PositionError`` naming it (``history[i]: ...``).

    >>> s = new_game("ninjan", players=2, seed=3)
    >>> for _ in range(3):
    ...     _ = s.apply({seat: s.legal_action_ids(seat)[0] for seat in s.movers()})
    >>> [(p.index, p.before.is_terminal(), len(p.move)) for p in plies(s.name, s.options, s.seed, s.history)]
    [(0, False, 2), (1, False, 1), (2, False, 2)]
    """
    opts = dict(options)
    players = opts.pop("players", None)
    before = new_game(name, players, seed, **opts)
    for i, joint in enumerate(history):
        move = {seat: a for seat, a in joint}
        after = before.clone()
        steps_before = after.steps()
        try:
            steps = after.apply(move)
        except PositionError as e:
            raise PositionError(f"history[{i}]: {e}") from None
        # A round's steps accumulate over its moves: keep only this move's.
        if steps_before and steps[:len(steps_before)] == steps_before:
            steps = steps[len(steps_before):]
        yield Ply(i, before, move, after, steps)
        before = after


def replay(name: str, options: dict, seed: int, history: Iterable) -> State:
    """The state reached from the deal of ``seed`` by ``history``."""
    history = list(history)
    state = None
    for ply in plies(name, options, seed, history):
        state = ply.after
    if state is None:
        opts = dict(options)
        state = new_game(name, opts.pop("players", None), seed, **opts)
    return state
