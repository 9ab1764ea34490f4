"""The game: the board, the story so far, whose choice it is.

The screen draws the table (``tui.table.Table``: the plain logic of whose
choice it is, the cover, the hold, the show, the recap, the end, in one
explicit ``Phase``) and forwards keys to it: it collects the choices for the
decision in front of the players (people by keys, the AI seats in a thread
worker), has the table apply them together as one joint move, and shows
what happened step by step.  The board renders ``state.view(seat)`` only;
the rules live in the engine.

Around that, the mechanisms every game shares (a board only declares what
they need, see ``tui.widgets.board``):

- the layout: compact below the board's ``COMPACT_BELOW``, with the log and
  the hint in a drawer (``g``, ``h``) that takes the board's place; below
  the board's ``min_size`` one line asks for a larger terminal;
- the hint, an analysis board's engine: when a person's decision starts,
  a search of it from their seat's view starts in a thread worker (after
  the AI seats deciding at the same moment have had the cores) and deepens
  in slices to the table's depth (``tui.ai.coach_depth``); ``h`` shows
  what it has so far, refreshed as it grows; the choice, a new decision,
  a take-back or leaving the game stops it;
- take-backs: a choice waits until the reveal (the other seats' choices, or
  with one-key choosing a short hold) and ``u`` takes it back until then;
  after that ``u`` says in one line why it cannot;
- a seat with a single legal move has it played for them, said in the log;
- the autosave after every move (``tui.saves``), so a game is never lost;
- the recap after each round, held until a key, and the score history (``t``);
- a bug (anything but a refusal, ``PositionError``, which is told where it
  happens) stops the game on the error screen, with the game saved
  (``tui.screens.fault``): the table's steps are ``guarded``, and a worker
  that fails reports its error (``on_worker_state_changed``).
"""
from __future__ import annotations

import asyncio
import functools
import time
from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.events import Key, Resize
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.worker import Worker, WorkerState

from ninja_dojo.engine import Action, PositionError
from ninja_dojo.solver.players import GreedyPlayer
from ninja_dojo.tui.ai import Thinking, analyse, coach_depth, decide
from ninja_dojo.tui.boards import board_class
from ninja_dojo.tui.match import Match, MatchSetup, ai_seed
from ninja_dojo.tui.messages import AIChose, AIFailed, HintFailed, HintReady
from ninja_dojo.tui.saves import Autosave, prune
from ninja_dojo.tui.screens.confirm import ConfirmScreen
from ninja_dojo.tui.screens.cover import CoverScreen
from ninja_dojo.tui.screens.end import EndScreen, winner_line
from ninja_dojo.tui.screens.fault import FaultScreen, save_after_fault
from ninja_dojo.tui.screens.recap import RecapScreen
from ninja_dojo.tui.settings import Settings
from ninja_dojo.tui.table import Phase, Table
from ninja_dojo.tui.widgets.analysis_panel import AnalysisPanel
from ninja_dojo.tui.widgets.board import Board, Frame, RoundRecord
from ninja_dojo.tui.widgets.game_log import GameLog
from ninja_dojo.tui.widgets.status_bar import StatusBar, short_count
from ninja_dojo.tui.widgets.title_bar import TitleBar

TICK = 0.25
FILES = Binding.Group("File")
VIEWS = Binding.Group("View")
#: keys that act on the board: they close the drawer and go to the board
BOARD_KEYS = set("0123456789fb") | {"enter", "left", "right", "up", "down"}


def guarded(method):
    """A step of the table that a bug must not turn into a crash of the app:
    anything it raises shows the error screen, with the game saved."""
    @functools.wraps(method)
    def run(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as error:  # a bug: shown on the error screen, never hidden
            self.fault(error)
    return run


class GameScreen(Screen):
    BINDINGS = [
        Binding("u,backspace", "take_back", "Take back", id="game.take-back"),
        # (the same keys when nothing can be taken back: they say why, in one line)
        Binding("u,backspace", "no_take_back", "Take back", show=False, id="game.no-take-back"),
        Binding("space,enter", "skip", "Go on", show=False, id="game.go-on"),
        Binding("n", "to_my_turn", "To my turn", id="game.to-my-turn",
                tooltip="Every step to the log at once, up to your next decision"),
        Binding("h", "hint", "Hint", id="game.hint"),
        Binding("t", "scores", "Scores", group=VIEWS, id="game.scores"),
        Binding("g", "log", "Log", group=VIEWS, id="game.log"),
        Binding("r", "replay", "Replay", group=VIEWS, id="game.replay"),
        Binding("s", "save", "Save", group=FILES, id="game.save"),
        Binding("l", "load", "Load", group=FILES, id="game.load"),
        Binding("e", "export", "Export", group=FILES, id="game.export"),
        Binding("f1,question_mark", "rules", "Rules", key_display="?", id="game.rules"),
        Binding("escape,q", "leave", "Menu", id="game.menu"),
    ]

    def __init__(self, match: Match, setup: MatchSetup | None = None,
                 autosave: Autosave | None = None, opened_from=None) -> None:
        super().__init__()
        self.match = match
        #: the file the game was opened from (its review is written there too)
        self.opened_from = opened_from
        self.setup = setup
        self.board_type = board_class(match.state.name)
        self.autosave = autosave
        #: what happens at the table (whose choice, the cover, the hold, the
        #: show, the recap, the end): the logic this screen draws
        self.table = Table(match, self.board_type.private_decision)
        self.thinking: Thinking | None = None
        self.thinking_seats: list[int] = []
        #: the hint's search: its progress and stop button, the decision
        #: (``token``, seat) it is for, what it has found so far
        self.hint_thinking: Thinking | None = None
        self.hint_token: int | None = None
        self.hint_seat: int | None = None
        self.hint_analysis = None
        self.hint_done = False
        self.hint_error: str | None = None
        #: how deep a hint thinks at this table, and that rule in words
        #: (set on mount, from the app's ``hint_iterations``)
        self.hint_depth = None
        self.hint_rule = ""
        #: set: the rest of this move's steps go by without a pause (space)
        self.skip = asyncio.Event()
        #: ``n`` was pressed: the steps go to the log without a pause until a
        #: person's next decision (a round's recap still opens: it sums up
        #: what went by)
        self.rushing = False
        #: (token, seat) and the moves ``u`` would take back of that seat's
        #: turn: one replay per decision, not one per footer refresh
        self._turn_back: tuple = (None, [])
        #: the screen is being taken down
        self.closed = False
        #: the end is drawn (the end screen opened once)
        self._finished_shown = False
        self._hold_timer = None
        self.caption: str | None = None
        #: the terminal is smaller than the board can serve
        self.too_small = False
        self.compact = False
        #: the drawer (log or hint) shown in place of the board when compact
        self.drawer = False
        #: the log is shown (None: as the terminal's size says)
        self.log_wanted: bool | None = None
        # the round being played, for its recap
        self.round_start: dict | None = None
        self.round_scores: list[int] = []
        self.round_lines: list[str] = []

    @property
    def settings(self) -> Settings:
        return getattr(self.app, "settings", Settings())

    # The table's state, as the screen and its tests read it.
    @property
    def actor(self) -> int | None:
        """The seat whose choice the keys make now (None: nobody's)."""
        return self.table.actor

    @actor.setter
    def actor(self, seat: int | None) -> None:
        self.table.actor = seat

    @property
    def viewer(self) -> int:
        """Whose view the board shows: the one person, or nobody's hand (-1)."""
        return self.table.viewer

    @property
    def token(self) -> int | None:
        return self.table.token

    @property
    def showing(self) -> bool:
        return self.table.phase == Phase.SHOWING

    @property
    def covered(self) -> bool:
        return self.table.phase == Phase.COVERED

    @property
    def recap_open(self) -> bool:
        return self.table.phase == Phase.RECAP

    @property
    def recap_waits(self) -> bool:
        return self.table.recap_waits

    @property
    def finished(self) -> bool:
        return self.table.phase == Phase.OVER

    @property
    def faulted(self) -> bool:
        return self.table.phase == Phase.FAULTED

    # ---------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        seats = self.match.seats
        yield TitleBar()
        yield Static("", id="too-small")
        with Vertical(id="game-main"):
            yield self.board_type([s.name for s in seats], [s.label for s in seats], id="board")
            with Horizontal(id="bottom"):
                yield GameLog(id="log")
                yield AnalysisPanel(id="hint")
        yield StatusBar(id="status")
        yield Footer()

    @property
    def board(self) -> Board:
        return self.query_one("#board", Board)

    @property
    def game_log(self) -> GameLog:
        return self.query_one("#log", GameLog)

    @property
    def status(self) -> StatusBar:
        return self.query_one("#status", StatusBar)

    @property
    def hint_panel(self) -> AnalysisPanel:
        return self.query_one("#hint", AnalysisPanel)

    @guarded
    def on_mount(self) -> None:
        st = self.match.state
        self.sub_title = f"{st.game.title} · seed {st.seed}"
        self.hint_depth, self.hint_rule = coach_depth(self.match.seats,
                                                      getattr(self.app, "hint_iterations", None))
        self.board.one_key = self.settings.one_key
        self.hint_panel.clear()
        if st.history:
            self.tell_story_so_far()
            self.game_log.say(f"Game loaded after {len(st.history)} moves.", style="italic")
        else:
            self.game_log.say(self.board_type.opening(st.view(-1), self.match.names))
        self._start_round()
        self.fit(self.app.size.width, self.app.size.height)
        if not self.too_small:
            self.board.focus()
        self.set_interval(TICK, self._tick)
        self.save_now()
        self.advance()

    def on_resize(self, event: Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        """Choose the layout for a ``width`` × ``height`` terminal."""
        w, h = self.board_type.min_size(self.match.state.players)
        self.too_small = small = width < w or height < h
        if small:
            self.query_one("#too-small", Static).update(
                f"Enlarge the terminal to at least {w}×{h} (it is {width}×{height}).")
        cw, ch = self.board_type.COMPACT_BELOW
        self.compact = width < cw or height < ch
        self.set_class(self.too_small, "-too-small")
        self.set_class(self.compact, "-compact")
        self.board.set_compact(self.compact)
        self.query_one(Footer).compact = self.compact
        if small:
            self.set_focus(None)        # the board's keys wait until it shows
        self._layout()

    def _layout(self) -> None:
        """Show the board, the log and the hint as the size and keys say.
        Compact: the log fills what the board leaves (perhaps nothing); the
        drawer (``g`` for the log, ``h`` for a hint) takes the board's place."""
        log_on = self.log_wanted if self.log_wanted is not None else True
        hint_on = self.hint_panel.display
        if self.compact:
            self.drawer = bool(self.drawer and (log_on or hint_on))
            self.board.display = not self.drawer
        else:
            self.drawer = False
            self.board.display = True
        self.query_one("#bottom").display = log_on or hint_on
        # (in the drawer of a small terminal the hint takes the whole width)
        self.game_log.display = (log_on and not (self.drawer and hint_on)) or not hint_on
        self.set_class(self.drawer, "-drawer")
        if self.board.display and not self.too_small and self.focused is None:
            self.board.focus()

    def tell_story_so_far(self) -> None:
        """The log of a loaded game: its moves replayed from the deal, as the
        person at the keyboard saw them (their own face-down cards named)."""
        from ninja_dojo.tui.screens.replay import replay_steps
        try:
            steps = replay_steps(self.match.state, self.match.names, viewer=self.viewer)
        except PositionError:
            return
        for step in steps:
            for line in step.lines:
                if line.startswith("── ") and line.endswith(" ──"):
                    self.game_log.heading(line[3:-3])
                else:
                    self.game_log.say(line)
        if steps and steps[-1].lines:
            self.caption = steps[-1].lines[-1]

    def on_unmount(self) -> None:
        self.closed = True
        self._stop_thinking()
        self._stop_hint()

    # ------------------------------------------------------------ the table
    @property
    def settled(self) -> bool:
        """Nothing moves until someone at the keyboard acts (tests wait for it)."""
        if self.showing or self.thinking is not None or self.holding:
            return False
        if self.recap_open:     # and waiting for a key once it is up
            return self.recap_waits and any(isinstance(s, RecapScreen) for s in self.app.screen_stack)
        return self.actor is not None or self.finished or self.covered

    def display_seat(self) -> int:
        return self.viewer

    def marks(self) -> dict[int, str]:
        m = self.match
        if not m.secret():
            return {}
        out = {}
        for seat in m.movers():
            if seat in m.pending:
                out[seat] = "✓ chosen"
            elif m.seats[seat].human:
                out[seat] = "choosing…"
            else:
                out[seat] = "thinking…"
        return out

    def render_board(self, *, actor: int | None = None, legal: list[Action] | None = None) -> None:
        self.actor = actor if legal else None
        self.board.show(self.match.state.view(self.viewer), actor=actor, legal=legal,
                        marks=self.marks(), caption=self.last_line())
        self.update_keys()

    def last_line(self) -> str | None:
        return f"Last: {self.caption}" if self.caption and not self.finished else self.caption

    @guarded
    def advance(self) -> None:
        """Move the game on as far as it goes without a person's key (the
        table says how far), and draw what it waits for."""
        if self.closed:
            return
        m = self.match
        turn = self.table.advance(time.monotonic())
        if turn.kind == "busy":
            return
        if turn.kind == "over":
            self.finish()
            return
        if turn.new_decision:
            self._stop_hint()
            self.hint_panel.clear()
            self._layout()
            if turn.ais:
                self.start_thinking(self.table.token, turn.ais)
        self.say_forced(turn.forced)
        if turn.kind == "hold":
            self._hold(turn.wait)
            return
        if turn.kind == "reveal":
            self.commit()
            return
        if turn.kind == "wait":
            self.render_board()
            waiting = ", ".join(m.names[s] for s in m.waiting())
            mine = [s for s in m.pending if m.seats[s].human]
            back = "  (u takes your choice back)" if mine and self.can_take_back() else ""
            self.status.set_message(f"Waiting for {waiting}.{back}")
            return
        seat = turn.seat
        self.rushing = False
        if turn.kind == "cover":
            self.render_board()
            self.update_keys()
            self.app.push_screen(CoverScreen(m.names[seat], seat, self.take_back_seat()),
                                 callback=self._uncovered(seat))
            return
        self.render_board(actor=seat, legal=m.state.legal_actions(seat))
        self.status.set_message(self.board.prompt())
        self._hint_due()

    def say_forced(self, forced) -> None:
        """A line in the log for each person's only move, chosen for them."""
        m = self.match
        for seat, action in forced:
            who = m.names[seat]
            # A secret choice is named only to its own seat (the reveal names it to all).
            if m.secret() and seat != self.viewer:
                what = "their only move"
            else:
                what = self.board.action_text(action)
            played = "played for you" if who == "You" else "played for them"
            self.game_log.say(f"{who}: {what}, the only move left ({played}).", style="italic")

    @property
    def holding(self) -> bool:
        """Every choice is in, and the reveal waits for a take-back."""
        return self._hold_timer is not None

    def _hold(self, wait: float) -> None:
        """Wait before the reveal: ``u`` takes the last choice back."""
        if self._hold_timer is not None:
            self._hold_timer.stop()
        self._hold_timer = self.set_timer(wait, self._hold_over)
        self._hold_message(wait)
        self.update_keys()

    def _hold_message(self, wait: float) -> None:
        seat = self.take_back_seat()
        who = self.match.names[seat] if seat is not None else ""
        choice = self.match.pending.get(seat) if seat is not None else None
        what = self.board.action_text(choice) if choice is not None and not self.match.hot_seat \
            else "your choice"
        self.status.set_message(f"{who}: {what} in {max(wait, 0):.0f} s · u takes it back · "
                                "enter now")

    @guarded
    def _hold_over(self) -> None:
        self._hold_timer = None
        self.table.hold_over()
        self.advance()

    def _end_hold(self) -> None:
        if self._hold_timer is not None:
            self._hold_timer.stop()
            self._hold_timer = None
        self.table.end_hold()

    def _uncovered(self, seat: int):
        def done(result) -> None:
            if result == "take back":
                self.table.phase = Phase.PLAYING
                self.take_back(passed_on=True)
                return
            self.table.uncovered(seat)
            self.advance()
        return done

    def on_board_selected(self, event: Board.Selected) -> None:
        event.stop()
        if event.seat == self.actor:
            self.status.set_message(self.board.prompt())

    @guarded
    def on_board_chosen(self, event: Board.Chosen) -> None:
        event.stop()
        m = self.match
        if self.showing or self.covered or event.seat != self.actor:
            return
        hold = self.settings.take_back_seconds if self.settings.one_key else 0.0
        try:
            action = self.table.chosen(event.seat, event.action, time.monotonic(), hold)
        except PositionError as e:
            self.notify(str(e), severity="error")
            return
        # The board no longer awaits a choice: enter now reaches this screen
        # (it reveals a held choice at once) instead of the board's "play".
        self.board.actor = None
        self._stop_hint()
        self.hint_panel.clear()
        self._layout()
        if m.secret():
            self.status.set_message(f"{m.names[event.seat]} chose (hidden until all have chosen).")
        else:
            self.status.set_message(f"{m.names[event.seat]}: {self.board.action_text(action)}")
        # (the keys are no longer a chooser's: the footer must know, or it
        # keeps what a refresh during the AIs' turn drew)
        self.update_keys()
        self.advance()

    # ------------------------------------------------------------ take back
    def take_back_seat(self) -> int | None:
        return self.table.take_back_seat()

    def turn_back_seat(self) -> int | None:
        """The person deciding now, when ``u`` takes back their last moves of
        this turn (``Match.turn_take_back``: nothing hidden came to light)."""
        seat = self.actor
        if seat is None or not self.match.seats[seat].human or self.match.pending:
            return None
        key = (self.match.token(), seat)
        if self._turn_back[0] != key:
            self._turn_back = (key, self.match.turn_take_back(seat))
        return seat if self._turn_back[1] else None

    def can_take_back(self) -> bool:
        return ((self.take_back_seat() is not None or self.turn_back_seat() is not None)
                and not self.showing and not self.covered
                and not self.finished and not self.recap_open)

    def action_take_back(self) -> None:
        if self.can_take_back():
            self.take_back()

    def action_no_take_back(self) -> None:
        self.notify(f"Take-back: {self.no_take_back_reason()}", timeout=4)

    def no_take_back_reason(self) -> str:
        return self.table.no_take_back_reason()

    @guarded
    def take_back(self, passed_on: bool = False) -> None:
        """Undo the last person's choice before the reveal: they choose again.
        Only their own choice comes back; nothing of another seat shows.
        ``passed_on``: asked from the cover, where anyone may hold the
        keyboard: it is covered again for that person before their hand shows."""
        if self.take_back_seat() is None:
            self.take_back_turn()
            return
        self._end_hold()
        seat, choice = self.table.take_back_choice()
        who = self.match.names[seat]
        self.game_log.say("You took your choice back." if who == "You"
                          else f"{who} took their choice back.", style="italic")
        if passed_on:
            self.table.viewer = -1
            self.advance()
            return
        if self.match.hot_seat:
            self.table.viewer = seat          # they still hold the keyboard
        self.render_board(actor=seat, legal=self.match.state.legal_actions(seat))
        self.board.reselect(choice)
        self.status.set_message(f"Taken back. {self.board.prompt()}")
        self._hint_due()
        self.update_keys()

    def take_back_turn(self) -> None:
        """Undo the deciding person's last moves of this turn (nothing hidden
        came to light since): they decide again from before them."""
        seat = self.turn_back_seat()
        if seat is None:
            return
        m = self.match
        back = m.take_back_turn(seat, self._turn_back[1])
        words = ", ".join(self.board.action_text(a) for a in back)
        who = m.names[seat]
        self.game_log.say(f"You took back: {words}." if who == "You"
                          else f"{who} took back: {words}.", style="italic")
        self.caption = None
        self.save_now()
        self.advance()
        if self.actor == seat:
            self.board.reselect(back[0])
            self.status.set_message(f"Taken back. {self.board.prompt()}")
        self.update_keys()

    # ----------------------------------------------------------- the moves
    def commit(self) -> None:
        m = self.match
        self._end_hold()
        before = m.state.view(self.display_seat())
        moves, steps = self.table.commit()
        self.save_now()
        after = m.state.view(self.display_seat())
        frames = self.board_type.story(before, after, steps, m.names, moves)
        key = self.board_type.round_key(before)
        ended = key is not None and (self.board_type.round_key(after) != key
                                     or m.state.is_terminal())
        self.show_frames(frames, before if ended else None)

    def save_now(self) -> None:
        """The autosave: the game as it stands, after every move."""
        if self.autosave is None:
            return
        was = self.autosave.error
        review = self.match.review
        if review is not None and review.moves > len(self.match.state.history):
            review = None
        error = self.autosave.write(self.match.state, self.seat_kinds(), review)
        if error and not was:
            self.notify(f"Could not autosave ({error}). Save with s to keep this game.",
                        severity="warning", timeout=10)
            self.game_log.say(f"Autosave failed: {error}", style="yellow")
        elif was and not error:
            self.game_log.say("Autosave works again.", style="italic")

    @work(exclusive=True, group="show", exit_on_error=False)
    async def show_frames(self, frames: list[Frame], round_view: dict | None = None) -> None:
        """The reveal, then every card resolved, with a short pause each;
        when the move ended a round (``round_view``: the view before it), its recap."""
        pause = getattr(self.app, "step_pause", self.settings.step_pause)
        if pause > 0:
            self.update_keys()      # (without pauses the show is over before a redraw)
        try:
            for frame in frames:
                if self.closed:
                    return
                if frame.heading:
                    self.game_log.heading(frame.heading)
                if frame.line:
                    self.game_log.say(frame.line)
                    self.round_lines.append(frame.line)
                    self.caption = frame.line
                    self.status.set_message(frame.line + (
                        "   (space: skip · n: to my turn)" if pause and not self.rushing else ""))
                if pause > 0 and not (self.skip.is_set() or self.rushing):
                    self.board.show(frame.view, focus=frame.focus, caption=frame.line)
                    try:        # (a key cuts the pause short)
                        await asyncio.wait_for(self.skip.wait(), pause * frame.pause)
                    except asyncio.TimeoutError:
                        pass
        except NoMatches:       # the screen is being taken down mid-show
            self.closed = True
            self.table.shown(False)
            return
        finally:
            self.skip.clear()
        recap = round_view is not None and bool(frames)
        self.table.shown(recap, recap_waits=not self.settings.recap_seconds)
        if recap:
            # The last picture of the round stays while its recap is read.
            self.board.show(frames[-1].view, caption=frames[-1].line)
            self.open_recap(round_view)
            return
        self.advance()
        self.update_keys()

    # ----------------------------------------------------------- the recap
    def _start_round(self) -> None:
        st = self.match.state
        self.round_start = st.view(self.display_seat())
        self.round_scores = list(st.scores())
        self.round_lines = []

    def open_recap(self, before: dict) -> None:
        st = self.match.state
        start = self.round_start or before
        record = RoundRecord(self.board_type.round_title(before), start,
                             st.view(self.display_seat()), st.steps(), list(self.round_lines),
                             list(self.round_scores), list(st.scores()))
        self._start_round()
        self.rushing = False
        seconds = self.settings.recap_seconds
        self.update_keys()
        self.status.set_message(f"{record.title} is over · enter goes on"
                                if not seconds else f"{record.title} is over")
        screen = RecapScreen(record.title, self.board.recap(record), seconds=seconds,
                             last=st.is_terminal(), round_word=self.board_type.ROUND_WORD)
        # After a refresh: the log's last lines (the round's scoring) are
        # drawn before the recap covers the screen, or the strip of log left
        # in view would show a line from before the round was resolved.
        self.call_after_refresh(self._push_recap, screen)

    def _push_recap(self, screen: RecapScreen) -> None:
        if not self.closed:
            self.app.push_screen(screen, callback=self._recap_closed)

    @guarded
    def _recap_closed(self, result) -> None:
        self.table.recap_closed()
        if result == "scores":
            self.app.call_later(self.action_scores)
        self.advance()
        self.update_keys()

    def finish(self) -> None:
        if self._finished_shown:
            return
        self._finished_shown = True
        self.table.phase = Phase.OVER
        self.actor = None
        m = self.match
        outcome = m.state.outcome()
        self.caption = "Game over"
        self.render_board()
        self.game_log.heading("Game over")
        view = m.state.view(-1)
        scores = ", ".join(f"{m.names[s]} {outcome.scores[s]}" for s in range(len(m.names)))
        self.game_log.say(self.board_type.scores_line(outcome, m.names, view)
                          or f"Scores: {scores}.")
        line = self.board_type.result_line(outcome, m.names, view) or winner_line(outcome, m.names)
        self.game_log.say(line, style="bold")
        self.status.set_message(line)
        self.update_keys()
        self.save_now()
        if self.autosave is not None:
            prune(spare=self.autosave.path)
        files = [self.autosave.path] if self.autosave is not None else []
        if self.opened_from is not None and all(Path(self.opened_from).resolve() != f.resolve() for f in files):
            files.append(Path(self.opened_from))
        self.app.push_screen(EndScreen(m, files), callback=self._after_end)

    def _after_end(self, choice: str | None) -> None:
        if choice == "again":
            self.app.call_later(self.app.new_game, self.setup)
        elif choice == "quit":
            self.app.exit()
        else:
            self.app.call_later(self.app.to_menu)

    # ---------------------------------------------------------------- the AI
    def start_thinking(self, token: int, seats: list[int]) -> None:
        self._stop_thinking()
        self.thinking = Thinking()
        self.thinking_seats = list(seats)
        self.think(token, seats, self.thinking, self.match.state.clone())

    @work(thread=True, exclusive=True, group="ai", exit_on_error=False)
    def think(self, token: int, seats: list[int], thinking: Thinking, state) -> None:
        """The AI seats' moves, searched from ``state`` as it was when the
        decision began (a copy: nobody's choice made since is in it)."""
        try:
            moves, notes = decide(state, self.match.seats, seats, thinking)
        except PositionError as e:  # the search refused the state: the novice move is played
            self.post_message(AIFailed(token, seats, str(e)))
            return
        self.post_message(AIChose(token, moves, notes))

    def on_aichose(self, message: AIChose) -> None:
        self._ai_done(message.token, message.moves, message.notes)

    @guarded
    def on_aifailed(self, message: AIFailed) -> None:
        state = self.match.state
        moves = {s: GreedyPlayer().choose(state, s, ai_seed(state, s)) for s in message.seats}
        self._ai_done(message.token, moves, [f"the AI failed ({message.error}); played the novice move"])

    @guarded
    def _ai_done(self, token: int, moves: dict[int, Action], notes: list[str]) -> None:
        if self.closed or self.faulted or token != self.token:
            return
        self.thinking = None
        self.thinking_seats = []
        self.status.set_thinking(None)
        for note in notes:
            self.notify(note, severity="warning")
            self.game_log.say(note, style="yellow")
        for seat, action in moves.items():
            if seat in self.match.waiting():
                self.match.choose(seat, action)
        if not self.covered and not self.showing and not self.recap_open:
            if self.actor is not None and not self.match.ready():
                self.board.show(self.match.state.view(self.viewer), actor=self.actor,
                                legal=self.board.legal, marks=self.marks(), caption=self.last_line())
                self._hint_due()
            else:
                self.advance()

    def _stop_thinking(self) -> None:
        if self.thinking is not None:
            self.thinking.cancel()
        self.thinking = None
        self.thinking_seats = []

    @guarded
    def _tick(self) -> None:
        if self.closed or self.faulted or not self.is_attached:
            return
        if self.thinking is not None and self.thinking_seats:
            seats = self.thinking_seats
            who = self.match.names[seats[0]] if len(seats) == 1 else "AI"
            its = self.thinking.iterations
            self.status.set_thinking(f"{who} {short_count(its)}" if its else f"{who}…")
        else:
            self.status.set_thinking(None)
        if self.holding:
            self._hold_message(self.table.hold_until - time.monotonic())
        if self.hint_panel.display and self.hint_thinking is not None:
            self._show_hint()       # (the live iteration count)

    # ------------------------------------------------------------------ hint
    def _hint_due(self) -> None:
        """A person's decision is in front of the keys: its hint starts
        thinking in the background, unless it already is.  While AI seats
        search the same decision (a choice made at the same moment) it
        waits for them: their time is theirs, a hint must not weaken them."""
        seat = self.actor
        if seat is None or self.closed or self.faulted or self.covered or self.showing:
            return
        if (self.hint_token, self.hint_seat) == (self.token, seat) and (
                self.hint_thinking is not None or self.hint_done or self.hint_error):
            return
        self._stop_hint()
        self.hint_token, self.hint_seat = self.token, seat
        if self.thinking is not None:
            if self.hint_panel.display:
                self._show_hint()
            return                  # (``_ai_done`` calls again)
        self.hint_thinking = Thinking()
        self.run_hint(self.token, seat, self.hint_thinking, self.hint_depth, self.match.state.clone())
        if self.hint_panel.display:
            self._show_hint()

    def action_hint(self) -> None:
        """Show what the hint has found so far (it thinks in the background
        from the start of the decision), or hide it (it thinks on)."""
        panel = self.hint_panel
        if panel.display:
            panel.clear()
            self.drawer = False
            self._layout()
            self.update_keys()
            return
        if self.actor is None:
            return
        self._hint_due()
        self._show_hint()
        self.drawer = True
        self._layout()
        self.update_keys()

    def hint_progress(self) -> str:
        """The hint's state in words: thinking (how far), done, or waiting."""
        if self.hint_done:
            return f"Done: {self.hint_rule}."
        if self.hint_thinking is None:
            return "Waiting for the AI seats to choose (the cores are theirs); then the hint thinks."
        its = self.hint_thinking.iterations
        searches = self.hint_thinking.searches
        cpu = searches[0].cpu_seconds if searches else 0.0
        pct = round(100 * self.hint_depth.progress(its, cpu)) if self.hint_depth else 0
        return f"Thinking… {its:,} iterations so far, {pct}% of the way to {self.hint_rule}."

    def _show_hint(self) -> None:
        panel = self.hint_panel
        seat = self.hint_seat if self.hint_seat is not None else self.actor
        who = self.match.names[seat] if seat is not None else ""
        if self.hint_error:
            panel.failed(self.hint_error)
        elif self.hint_analysis is None:
            panel.working(who, self.hint_progress())
        else:
            panel.show_analysis(who, self.hint_analysis, keys=self.board.key_for,
                                words=self.board.action_text, players=self.match.state.players,
                                names=self.match.names, progress=self.hint_progress())

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def run_hint(self, token: int, seat: int, thinking: Thinking, depth, state) -> None:
        """The hint's search (the GIL released while it runs), reporting
        after every slice; a stop (``Thinking.cancel``) ends it at once."""
        def report(analysis) -> None:
            if not thinking.cancelled:
                self.post_message(HintReady(token, seat, analysis))
        try:
            analysis = analyse(state, seat, thinking, depth, report)
        except (ImportError, PositionError) as e:  # the search is not built, or refuses the state
            self.post_message(HintFailed(token, f"{type(e).__name__}: {e}"))
            return
        if not thinking.cancelled:
            self.post_message(HintReady(token, seat, analysis, done=True))

    def _hint_current(self, token: int, seat: int | None = None) -> bool:
        return (not self.closed and token == self.hint_token == self.token
                and (seat is None or seat == self.hint_seat) and self.hint_thinking is not None)

    @guarded
    def on_hint_ready(self, message: HintReady) -> None:
        if not self._hint_current(message.token, message.seat):
            return
        self.hint_analysis = message.analysis
        if message.done:
            self.hint_done = True
            self.hint_thinking = None
        if self.hint_panel.display:
            self._show_hint()

    def on_hint_failed(self, message: HintFailed) -> None:
        if not self._hint_current(message.token):
            return
        self.hint_thinking = None
        self.hint_error = message.error
        if self.hint_panel.display:
            self._show_hint()

    def _stop_hint(self) -> None:
        """Stop the hint's search and forget it (a new decision, a choice,
        a take-back, leaving the game)."""
        if self.hint_thinking is not None:
            self.hint_thinking.cancel()
        self.hint_thinking = None
        self.hint_token = None
        self.hint_seat = None
        self.hint_analysis = None
        self.hint_done = False
        self.hint_error = None

    # ------------------------------------------------------------ the keys
    # ------------------------------------------------------------ a bug
    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A worker (the AI, a hint, the step-by-step show) stopped on an
        error: a bug, shown like any other (a refusal is a message instead)."""
        if event.state == WorkerState.ERROR and event.worker.node is self:
            self.fault(event.worker.error)

    def fault(self, error: BaseException) -> None:
        """A bug stopped the game: save it (its autosave, where Continue
        finds it) and say so on the error screen; the menu or quit from there."""
        if self.faulted or self.closed:
            return
        self._end_hold()
        self.table.fault()
        self._stop_thinking()
        self._stop_hint()
        path, problem = save_after_fault(self.match.state, self.seat_kinds(), self.autosave,
                                         self.app.folder)
        self.log.error(f"bug: {error!r}; game saved to {path}")

        def chosen(choice: str | None) -> None:
            if choice == "quit":
                self.app.exit(return_code=1)
            else:
                self.app.call_later(self.app.to_menu)
        self.app.push_screen(FaultScreen(error, path, problem), callback=chosen)

    def _keys_state(self) -> tuple:
        return (self.actor is not None, self.covered, self.hint_panel.display, self.drawer,
                self.match.state.is_terminal(), self.holding, self.showing, self.rushing,
                self.recap_open,
                self.can_take_back(), self.board.keys_state())

    def update_keys(self) -> None:
        """Refresh the footer only when what the keys can do has changed."""
        now = self._keys_state()
        if now != getattr(self, "_keys_shown", None):
            self._keys_shown = now
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small and action not in ("leave", "rules", "save"):
            return False            # (out of the footer too: only the one line shows)
        if action == "hint":
            if self.hint_panel.display:
                return True
            return True if (self.actor is not None and not self.showing and not self.covered) else None
        if action == "skip":
            return True if (self.showing or self.holding) else False
        if action == "to_my_turn":
            return self.can_rush()             # (hidden when there is nothing to skip)
        if action == "take_back":
            return self.can_take_back()           # (hidden when there is nothing to take back)
        if action == "no_take_back":
            return not self.can_take_back()
        if action == "export":
            return True if not self.match.state.is_terminal() else None
        return True

    def on_key(self, event: Key) -> None:
        """On a small terminal the drawer (log, hint) hides the board: a key
        meant for the board closes it and goes to the board; page up and
        page down scroll the drawer (a hint taller than the terminal shows
        its last lines one key away)."""
        if self.drawer and event.key in ("pageup", "pagedown"):
            event.stop()
            shown = self.hint_panel if self.hint_panel.display else self.game_log
            if event.key == "pageup":
                shown.scroll_page_up(animate=False)
            else:
                shown.scroll_page_down(animate=False)
            return
        if self.drawer and event.key in BOARD_KEYS and self.actor is not None:
            event.stop()
            event.prevent_default()
            self.close_drawer()
            key = event.key

            async def forward() -> None:    # once the board shows again
                self.board.focus()
                for binding in self.board._bindings.key_to_bindings.get(key, ()):
                    if await self.app.run_action(binding.action, self.board):
                        break
            self.call_after_refresh(forward)

    def close_drawer(self) -> None:
        if self.hint_panel.display:
            self.hint_panel.clear()         # (the hint thinks on)
        self.drawer = False
        self._layout()
        self.update_keys()

    def action_log(self) -> None:
        """Show or hide the log; on a small terminal, open it in place of the
        board (and close it again)."""
        if self.compact:
            if self.drawer:
                self.close_drawer()
                return
            self.log_wanted = True
            self.drawer = True
        else:
            self.log_wanted = not (self.log_wanted if self.log_wanted is not None else True)
        self._layout()
        self.game_log.scroll_end(animate=False)
        self.update_keys()

    def action_skip(self) -> None:
        if self.showing:
            self.skip.set()
        elif self.holding:
            self._end_hold()
            self.advance()

    def can_rush(self) -> bool:
        """Is there a wait to cut short before a person's next decision?"""
        return (bool(self.match.humans) and not self.match.state.is_terminal()
                and self.actor is None and not (self.covered or self.recap_open or self.finished))

    def action_to_my_turn(self) -> None:
        """Straight to the next decision a person takes: the AIs' moves and
        every step go to the log (``g``) without a pause."""
        if not self.can_rush():
            return
        self.rushing = True
        self.status.set_message("To your turn: every step goes to the log (g).")
        self.action_skip()
        self.update_keys()

    def action_scores(self) -> None:
        from ninja_dojo.tui.screens.scores import ScoresScreen
        self.app.push_screen(ScoresScreen(self.match.state, self.match.names))

    def action_save(self) -> None:
        from ninja_dojo.tui.screens.save import SaveScreen

        def saved(path) -> None:
            if path:
                self.game_log.say(f"Saved to {path}.", style="italic")
                self.notify(f"Saved to {path}")
        self.app.push_screen(SaveScreen(self.match.state, folder=self.app.folder,
                                        seats=self.seat_kinds(), served=self.app.served),
                             callback=saved)

    def action_export(self) -> None:
        from ninja_dojo.tui.screens.save import SaveScreen

        movers = self.match.movers()
        seat = self.actor if self.actor is not None else (movers[0] if movers else None)

        def exported(path) -> None:
            if path:
                self.game_log.say(f"Position exported to {path}.", style="italic")
        self.app.push_screen(SaveScreen(self.match.state, export=True, seat=seat,
                                        folder=self.app.folder, seats=self.seat_kinds(),
                                        served=self.app.served),
                             callback=exported)

    def seat_kinds(self) -> tuple[str, ...]:
        return tuple(s.kind for s in self.match.seats)

    def action_load(self) -> None:
        self.app.action_load_game()  # the app replaces this screen on success

    def action_replay(self) -> None:
        from ninja_dojo.tui.screens.replay import ReplayScreen
        self.app.push_screen(ReplayScreen(self.match.state, self.match.seats))

    def action_rules(self) -> None:
        from ninja_dojo.tui.screens.rules import RulesScreen
        self.app.push_screen(RulesScreen(self.match.state.name))

    def action_leave(self) -> None:
        if self.drawer:
            self.close_drawer()
            return
        if self.finished or (self.autosave is not None and self.autosave.error is None):
            # Nothing is lost: the autosave holds the game (Continue resumes it).
            if not self.finished:
                self.notify("The game is kept: Continue on the menu resumes it.", timeout=4)
            self.app.call_later(self.app.to_menu)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.call_later(self.app.to_menu)
        self.app.push_screen(ConfirmScreen("Leave this game? It could not be autosaved: "
                                           "moves since your last save are lost.",
                                           yes="Leave", no="Stay"), callback=answer)
