"""A game in progress as the app sees it: the engine ``State`` plus who sits
where, and the choices collected for the decision being made now.

Nothing here knows a rule: the state answers every question about the game.
A simultaneous choice is collected seat by seat (the humans' secret choices,
the AIs' searches) and applied as one joint move.

>>> from ninja_dojo.engine import new_game
>>> m = Match(new_game("ninjan", 2, seed=3), plan_seats(2, ["human", "novice"]))
>>> m.names
['You', 'Kaede']
>>> m.waiting_humans(), m.waiting_ais()
([0], [1])
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ninja_dojo.engine import Action, PositionError, State, load_game
from ninja_dojo.engine.state import Ply
from ninja_dojo.engine.review import GameReview

#: What a seat can be: a person at this keyboard, or an AI at a strength level.
HUMAN = "human"
#: AI seats get a ninja's name (by seat), people get "You" or "Player N".
AI_NAMES = ("Hanzo", "Kaede", "Jubei", "Sasuke", "Goemon", "Kotaro")
#: The AI level a seat gets when nothing else says (e.g. after loading a game).
DEFAULT_LEVEL = "medium"
#: How many worlds the mover cannot tell apart a take-back replays a move in:
#: a move that showed its mover something hidden (a card drawn from a deck
#: of two or more, a Guard turned up) shows something else in one of them.
REVEAL_WORLDS = 8


@dataclass(frozen=True)
class Seat:
    """One seat at the table: ``kind`` is ``"human"`` or an AI level name."""

    kind: str
    name: str

    @property
    def human(self) -> bool:
        return self.kind == HUMAN

    @property
    def label(self) -> str:
        """The name with the AI level, e.g. ``Hanzo (easy AI)``."""
        return self.name if self.human else f"{self.name} ({self.kind} AI)"


@dataclass(frozen=True)
class MatchSetup:
    """What the new-game screen asks for."""

    game: str
    seats: tuple[Seat, ...]
    seed: int | None = None
    #: the game's options (its module's ``OPTIONS``), e.g. ``{"teams": True}``
    options: dict = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.seats)


def plan_seats(players: int, kinds: list[str] | tuple[str, ...]) -> tuple[Seat, ...]:
    """Seats named from their kinds: one human is "You", several are "Player N"."""
    kinds = list(kinds)[:players]
    humans = sum(k == HUMAN for k in kinds)
    seats = []
    for i, kind in enumerate(kinds):
        if kind == HUMAN:
            name = "You" if humans == 1 else f"Player {i + 1}"
        else:
            name = AI_NAMES[i % len(AI_NAMES)]
        seats.append(Seat(kind, name))
    return tuple(seats)


def default_seats(players: int, level: str = DEFAULT_LEVEL) -> tuple[Seat, ...]:
    return plan_seats(players, [HUMAN] + [level] * (players - 1))


def seats_from_file(kinds: tuple[str, ...]) -> tuple[Seat, ...]:
    """The seats a saved game names; ``PositionError`` for a kind this app
    does not have (a hand-edited file, a level from a newer version).

    >>> [s.label for s in seats_from_file(("hard", "human"))]
    ['Hanzo (hard AI)', 'You']
    """
    from ninja_dojo.solver.players import LEVELS

    for i, kind in enumerate(kinds):
        if kind != HUMAN and kind not in LEVELS:
            raise PositionError(f"seats[{i}]: {kind!r} is neither {HUMAN!r} nor an AI level "
                                f"({', '.join(LEVELS)})")
    return plan_seats(len(kinds), kinds)


def load_match(path) -> tuple[State, tuple[Seat, ...] | None]:
    """A saved game and its seats (None when the file names none), checked
    completely: ``PositionError`` for anything this app cannot play."""
    saved = load_game(path)
    return saved.state, (seats_from_file(saved.seats) if saved.seats is not None else None)


def ai_seed(state: State, seat: int, salt: int = 0) -> int:
    """A search seed fixed by the deal, the moves so far and the seat, so the
    same game replays the same AI moves."""
    x = (state.seed * 0x9E3779B97F4A7C15 + (len(state.history) + 1) * 0xBF58476D1CE4E5B9
         + (seat + 1) * 0x94D049BB133111EB + salt) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 31
    return x & 0xFFFFFFFF


@dataclass
class Match:
    state: State
    seats: tuple[Seat, ...]
    #: choices collected for the current decision, applied together
    pending: dict[int, Action] = field(default_factory=dict)
    #: the game's review (``engine.review``), once computed or loaded
    review: GameReview | None = None

    def __post_init__(self):
        if len(self.seats) != self.state.players:
            raise PositionError(
                f"{len(self.seats)} seats for a {self.state.players}-player game")

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def hot_seat(self) -> bool:
        """Two or more people share the keyboard: hide each one's secrets."""
        return len(self.humans) > 1

    def token(self) -> int:
        """Names the decision being made now (it changes with every move)."""
        return len(self.state.history)

    def movers(self) -> list[int]:
        return self.state.movers()

    def secret(self) -> bool:
        """Several seats choose at once: each choice is hidden until all are in."""
        return len(self.movers()) > 1

    def waiting(self) -> list[int]:
        return [s for s in self.movers() if s not in self.pending]

    def waiting_humans(self) -> list[int]:
        return [s for s in self.waiting() if self.seats[s].human]

    def waiting_ais(self) -> list[int]:
        return [s for s in self.waiting() if not self.seats[s].human]

    def choose(self, seat: int, action: Action | int | str) -> Action:
        """Record ``seat``'s choice; ``PositionError`` if it is not legal now."""
        if seat not in self.movers():
            raise PositionError(f"seat {seat + 1} has no choice to make now")
        a = self.state.action(action, seat)
        if a.id not in self.state.legal_action_ids(seat):
            raise PositionError(f"{a} is not a legal move now")
        self.pending[seat] = a
        return a

    def ready(self) -> bool:
        return bool(self.movers()) and not self.waiting()

    def commit(self) -> list[dict]:
        """Apply the collected choices as one joint move; the steps it caused."""
        joint = dict(self.pending)
        self.pending.clear()
        return self.state.apply(joint)

    # ------------------------------------------------------ take-back in a turn
    def turn_take_back(self, seat: int) -> list[Ply]:
        """The moves ``u`` takes back for ``seat`` in a game of turns, as
        a board game site allows: ``seat``'s own moves since anyone else
        moved, while its turn goes on, back to its last real decision (the
        forced moves after it come back with it), and only while none of them
        showed it anything hidden: a draw or a Guard turned up makes them
        stand.  ``[]``: nothing to take back.

        >>> from ninja_dojo.engine import new_game
        >>> m = Match(new_game("ninjan", 2, seed=3), plan_seats(2, ["human", "novice"]))
        >>> m.turn_take_back(0)     # (nothing played yet)
        []
        """
        st = self.state
        if st.seed is None or self.pending or seat not in st.movers():
            return []
        mine = 0
        for joint in reversed(st.history):
            if len(joint) != 1 or joint[0][0] != seat:
                break
            mine += 1
        if not mine:
            return []
        try:
            tail = list(st.plies())[-mine:]
        except PositionError:       # (a position made by hand: its moves do not replay)
            return []
        if tail[-1].after != st:
            return []
        decisions = [i for i, ply in enumerate(tail) if len(ply.before.legal_action_ids(seat)) > 1]
        if not decisions:
            return []
        back = tail[decisions[-1]:]
        if any(revealed(ply, seat) for ply in back):
            return []
        return back

    def take_back_turn(self, seat: int, back: list[Ply] | None = None) -> list[Action]:
        """Take back ``turn_take_back(seat)`` (``back``: it, found already
        for this position): the game as it was before them; the moves taken
        back, first first."""
        if back is None:
            back = self.turn_take_back(seat)
        if not back:
            raise PositionError("nothing to take back")
        self.state = back[0].before.clone()
        return [ply.before.action(ply.move[seat], seat) for ply in back]


def revealed(ply: Ply, seat: int) -> bool:
    """Did this move show ``seat`` something it could not see before?  It
    is replayed in worlds ``seat`` cannot tell from the true one; a hidden
    card it brought to light differs between them."""
    after = ply.after.view(seat)
    for world_seed in range(1, REVEAL_WORLDS + 1):
        world = ply.before.determinize(seat, world_seed)
        try:
            world.apply(ply.move)
        except PositionError:
            return True
        if world.view(seat) != after:
            return True
    return False
