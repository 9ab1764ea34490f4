"""What happens at the table, as plain logic: whose choice it is, the cover
that passes the keyboard, the hold before a reveal, the show of a move, the
recap of a round, the end; and what ``u`` takes back.

The game screen (``tui/screens/game.py``) draws this and forwards keys to
it; it keeps what only a screen has (workers, timers, the log, the board).
Nothing here imports Textual, so the table is tested on its own
(``tests/test_table.py``).

A table is always in one ``Phase``.  ``advance`` says what it waits for
next (a ``Turn``); the screen acts on that (thinks for the AIs, covers the
board, asks a person) and reports back (``chosen``, ``uncovered``,
``committed``, ``shown``, ``recap_closed``...).

>>> from ninja_dojo.engine import new_game
>>> from ninja_dojo.tui.match import Match, plan_seats
>>> table = Table(Match(new_game("ninjan", 2, seed=3), plan_seats(2, ["human", "novice"])))
>>> turn = table.advance(now=0.0)
>>> turn.kind, turn.seat, turn.ais, table.phase
('choose', 0, [1], <Phase.PLAYING: 'playing'>)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Callable

from ninja_dojo.engine import Action
from ninja_dojo.tui.match import Match


class Phase(str, Enum):
    #: moves go on: a person or an AI is to choose
    PLAYING = "playing"
    #: every choice is in; the reveal waits a moment for a take-back
    HOLDING = "holding"
    #: the board is hidden while the keyboard passes to the next person
    COVERED = "covered"
    #: the steps of the move just made are shown
    SHOWING = "showing"
    #: a round's recap is open
    RECAP = "recap"
    #: the game is over
    OVER = "over"
    #: a bug stopped the game (the screen says so and offers a save)
    FAULTED = "faulted"


@dataclass(frozen=True)
class Turn:
    """What the table waits for, as ``advance`` found it.

    ``kind``: ``"busy"`` (showing, covered, in the recap, over or faulted:
    nothing to do), ``"over"`` (the game just ended), ``"hold"`` (every
    choice is in: the reveal in ``wait`` seconds), ``"reveal"`` (commit the
    move now), ``"wait"`` (only AIs or other seats are to choose),
    ``"cover"`` (hide the board and pass the keyboard to ``seat``),
    ``"choose"`` (``seat`` chooses now).  ``new_decision``: a new decision
    began (``ais``: the AIs to set thinking); ``forced``: the people's only
    moves, chosen for them."""
    kind: str
    seat: int | None = None
    wait: float = 0.0
    new_decision: bool = False
    ais: list[int] = field(default_factory=list)
    forced: list[tuple[int, Action]] = field(default_factory=list)


class Table:
    """One game at one table: the match and the phase it is in."""

    def __init__(self, match: Match, private_decision: Callable[[dict], bool] = lambda view: False) -> None:
        """``private_decision(view)``: whether a decision shows the decider's
        hand even in a game of turns (the board's ``private_decision``), so
        that at one keyboard it is covered before it is asked."""
        self.match = match
        self.private_decision = private_decision
        self.phase = Phase.PLAYING
        humans = match.humans
        #: whose view the board shows: the one person, or nobody's hand (-1)
        self.viewer = humans[0] if len(humans) == 1 else -1
        #: at one keyboard: the person who has it now (None: nobody yet)
        self.keyboard: int | None = None
        #: the seat whose choice the keys make now (None: nobody's)
        self.actor: int | None = None
        #: the last person who chose, while their choice is not revealed
        self.last_chooser: int | None = None
        #: with one-key choosing: the moment the last choice is revealed
        #: (until then ``u`` takes it back); 0 = no hold
        self.hold_until = 0.0
        #: the decision being made (``Match.token``)
        self.token: int | None = None
        #: the recap waits for a key (not for its seconds)
        self.recap_waits = False

    # ------------------------------------------------------------ the flow
    @property
    def busy(self) -> bool:
        """Something else has the screen: no move goes on until it ends."""
        return self.phase in (Phase.SHOWING, Phase.COVERED, Phase.RECAP, Phase.FAULTED, Phase.OVER)

    def advance(self, now: float) -> Turn:
        """Move the game on as far as it goes without a person's key, and
        say what it waits for."""
        if self.busy:
            return Turn("busy")
        m = self.match
        if m.state.is_terminal():
            self.phase = Phase.OVER
            self.actor = None
            return Turn("over")
        token = m.token()
        new = token != self.token
        ais: list[int] = []
        if new:
            self.token = token
            m.pending.clear()
            ais = m.waiting_ais()
        forced = self.play_forced()
        if m.ready():
            wait = self.hold_until - now
            if self.hold_until and wait > 0:
                self.phase = Phase.HOLDING
                return Turn("hold", wait=wait, new_decision=new, ais=ais, forced=forced)
            return Turn("reveal", new_decision=new, ais=ais, forced=forced)
        self.phase = Phase.PLAYING
        humans = m.waiting_humans()
        if not humans:
            self.actor = None
            return Turn("wait", new_decision=new, ais=ais, forced=forced)
        seat = humans[0]
        if m.hot_seat and self.viewer != seat and self.keyboard == seat and not m.secret():
            # The same person decides again (a game of many small steps):
            # they still hold the keyboard, no need to pass it.
            self.viewer = seat
        if m.hot_seat and self.viewer != seat and (m.secret() or self.private_decision(m.state.view(seat))):
            # Several people share the keyboard and this choice shows a hand
            # (a secret card choice, or e.g. a discard): hide the board, pass it on.
            self.viewer = -1
            self.actor = None
            self.phase = Phase.COVERED
            return Turn("cover", seat, new_decision=new, ais=ais, forced=forced)
        self.actor = seat
        return Turn("choose", seat, new_decision=new, ais=ais, forced=forced)

    def play_forced(self) -> list[tuple[int, Action]]:
        """A person with one legal move has it chosen for them (the AI does
        the same).  The engine still offers it as a decision: its legal list
        is what the AI and the position files use."""
        m = self.match
        out = []
        for seat in m.waiting_humans():
            legal = m.state.legal_actions(seat)
            if len(legal) == 1:
                out.append((seat, m.choose(seat, legal[0])))
        return out

    def chosen(self, seat: int, action, now: float, hold_seconds: float = 0.0) -> Action:
        """``seat`` (the actor) chose ``action``: it waits with the others'
        until all are in; ``hold_seconds``: how long the reveal then waits
        for a take-back.  ``PositionError`` for a move that is not legal."""
        m = self.match
        action = m.choose(seat, action)
        self.actor = None
        self.last_chooser = seat
        if hold_seconds > 0:
            self.hold_until = now + hold_seconds
        if m.hot_seat:
            self.viewer = -1
        return action

    def uncovered(self, seat: int) -> None:
        """The cover is gone and ``seat`` has the keyboard: the last choice
        can no longer be taken back (it would show that person the other's
        hand)."""
        self.phase = Phase.PLAYING
        self.last_chooser = None
        self.viewer = seat
        self.keyboard = seat

    def hold_over(self) -> None:
        self.end_hold()
        self.phase = Phase.PLAYING

    def end_hold(self) -> None:
        self.hold_until = 0.0
        if self.phase == Phase.HOLDING:
            self.phase = Phase.PLAYING

    def commit(self) -> tuple[dict, list[dict]]:
        """Reveal the choices and play the joint move; the moves and the
        steps it added.  The show of them begins (``shown`` ends it)."""
        m = self.match
        self.end_hold()
        self.last_chooser = None
        before_steps = m.state.steps()
        moves = dict(m.pending)
        steps = m.commit()
        # A round's steps accumulate over its moves: keep only this move's.
        if before_steps and steps[:len(before_steps)] == before_steps:
            steps = steps[len(before_steps):]
        self.phase = Phase.SHOWING
        self.actor = None
        return moves, steps

    def shown(self, recap: bool, recap_waits: bool = True) -> None:
        """The show of a move is over; ``recap``: a round's recap opens
        (``recap_waits``: it waits for a key)."""
        if self.phase != Phase.SHOWING:
            return
        self.phase = Phase.RECAP if recap else Phase.PLAYING
        self.recap_waits = recap and recap_waits

    def recap_closed(self) -> None:
        self.phase = Phase.PLAYING
        self.recap_waits = False

    def fault(self) -> None:
        self.phase = Phase.FAULTED
        self.actor = None

    # ---------------------------------------------------------- take back
    def take_back_seat(self) -> int | None:
        """The person whose choice ``u`` would take back now: the last one
        who chose, while the decision is not revealed."""
        seat = self.last_chooser
        m = self.match
        if seat is None or seat not in m.pending or not m.seats[seat].human:
            return None
        return seat

    def no_take_back_reason(self) -> str:
        """Why ``u`` takes nothing back now, in a player's words.  A choice
        comes back only until it is revealed (or played, in a game of turns),
        and at one keyboard only until the next person has the keyboard."""
        m = self.match
        if self.phase == Phase.OVER or m.state.is_terminal():
            return "the game is over"
        if self.phase != Phase.SHOWING and any(m.seats[s].human for s in m.pending):
            return "the keyboard has passed on since that choice"
        last = next((joint for joint in reversed(m.state.history)
                     if any(m.seats[seat].human for seat, _ in joint)), None)
        if last is None:
            return "nothing has been chosen yet"
        if len(last) > 1:
            return "the cards are already revealed"
        seat = last[0][0]
        if m.state.history[-1] != last or seat not in m.movers():
            return "the turn has passed on (a move is final once the next player moves)"
        return "your last move showed a hidden card (a draw, a Guard): it stands"

    def take_back_choice(self) -> tuple[int, Action]:
        """Undo the last person's choice before the reveal (``take_back_seat``):
        they choose again.  Only their own choice comes back; nothing of
        another seat shows.  The seat and the choice taken back."""
        seat = self.take_back_seat()
        self.end_hold()
        choice = self.match.pending.pop(seat)
        self.last_chooser = None
        return seat, choice
