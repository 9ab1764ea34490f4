"""The game: the board, the story so far, whose choice it is.

The screen runs the table: it collects the choices for the decision in front
of the players (people by keys, the AI seats in a thread worker), applies
them together as one joint move, and shows what happened step by step.  The
board renders ``state.view(seat)`` only; the rules live in the engine.
"""
from __future__ import annotations

import asyncio

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Footer, Header

from engine import Action, PositionError
from solver.players import GreedyPlayer
from tui.ai import Thinking, analyse, decide
from tui.boards import board_class
from tui.match import Match, MatchSetup, ai_seed
from tui.messages import AIChose, AIFailed, HintFailed, HintReady
from tui.screens.confirm import ConfirmScreen
from tui.screens.cover import CoverScreen
from tui.screens.end import EndScreen, winner_line
from tui.widgets.analysis_panel import AnalysisPanel
from tui.widgets.board import Board, Frame
from tui.widgets.game_log import GameLog
from tui.widgets.status_bar import StatusBar

TICK = 0.25


class GameScreen(Screen):
    BINDINGS = [
        Binding("h", "hint", "Hint", id="game.hint"),
        Binding("s", "save", "Save", id="game.save"),
        Binding("l", "load", "Load", id="game.load"),
        Binding("e", "export", "Export", id="game.export"),
        Binding("p", "replay", "Replay", id="game.replay"),
        Binding("f1,question_mark", "rules", "Rules", key_display="?", id="game.rules"),
        Binding("space", "skip", "Skip", show=False, id="game.skip"),
        Binding("escape,q", "leave", "Menu", id="game.menu"),
    ]

    def __init__(self, match: Match, setup: MatchSetup | None = None) -> None:
        super().__init__()
        self.match = match
        self.setup = setup
        self.board_type = board_class(match.state.name)
        humans = match.humans
        #: whose view the board shows: the one person, or nobody's hand (-1)
        self.viewer = humans[0] if len(humans) == 1 else -1
        self.token: int | None = None
        self.thinking: Thinking | None = None
        self.thinking_seats: list[int] = []
        self.hint_thinking: Thinking | None = None
        self.hint_token: int | None = None
        self.showing = False
        self.skip = False
        self.covered = False
        self.finished = False
        self.closed = False
        #: the seat whose choice the keys make now (None: nobody's)
        self.actor: int | None = None
        self.caption: str | None = None

    # ---------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        seats = self.match.seats
        yield Header()
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

    def on_mount(self) -> None:
        st = self.match.state
        self.sub_title = f"{st.game.TITLE} · seed {st.seed}"
        self.hint_panel.clear()
        if st.history:
            self.tell_story_so_far()
            self.game_log.say(f"Game loaded after {len(st.history)} moves.", style="italic")
        else:
            self.game_log.say(self.board_type.opening(st.view(-1), self.match.names))
        self.board.focus()
        self.set_interval(TICK, self._tick)
        self.advance()

    def tell_story_so_far(self) -> None:
        """The log of a loaded game: its moves replayed from the deal."""
        from tui.screens.replay import replay_steps
        try:
            steps = replay_steps(self.match.state, self.match.names)
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
        return (not self.showing and self.thinking is None and
                (self.actor is not None or self.finished or self.covered))

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

    def advance(self) -> None:
        """Move the game on as far as it goes without a person's key."""
        if self.showing or self.covered or self.closed:
            return
        m = self.match
        if m.state.is_terminal():
            self.finish()
            return
        token = m.token()
        if token != self.token:
            self.token = token
            m.pending.clear()
            self._stop_hint()
            self.hint_panel.clear()
            ais = m.waiting_ais()
            if ais:
                self.start_thinking(token, ais)
        if m.ready():
            self.commit()
            return
        humans = m.waiting_humans()
        if not humans:
            self.render_board()
            waiting = ", ".join(m.names[s] for s in m.waiting())
            self.status.set_message(f"Waiting for {waiting}.")
            return
        seat = humans[0]
        if m.hot_seat and self.viewer != seat and (
                m.secret() or self.board_type.private_decision(m.state.view(seat))):
            # Several people share the keyboard and this choice shows a hand
            # (a secret card choice, or e.g. a discard): hide the board, pass it on.
            self.viewer = -1
            self.render_board()
            self.covered = True
            self.update_keys()
            self.app.push_screen(CoverScreen(m.names[seat], seat), callback=self._uncovered(seat))
            return
        self.render_board(actor=seat, legal=m.state.legal_actions(seat))
        self.status.set_message(self.board.prompt())

    def _uncovered(self, seat: int):
        def done(_result) -> None:
            self.covered = False
            self.viewer = seat
            self.advance()
        return done

    def on_board_chosen(self, event: Board.Chosen) -> None:
        event.stop()
        m = self.match
        if self.showing or self.covered or event.seat != self.actor:
            return
        try:
            action = m.choose(event.seat, event.action)
        except PositionError as e:
            self.notify(str(e), severity="error")
            return
        self.actor = None
        self._stop_hint()
        self.hint_panel.clear()
        if m.secret():
            self.status.set_message(f"{m.names[event.seat]} chose a card (hidden until all have chosen).")
        else:
            self.status.set_message(f"{m.names[event.seat]}: {action}")
        if m.hot_seat:
            self.viewer = -1
        self.advance()

    def commit(self) -> None:
        m = self.match
        before = m.state.view(self.display_seat())
        before_steps = m.state.steps()
        moves = dict(m.pending)
        steps = m.commit()
        if before_steps and steps[:len(before_steps)] == before_steps:
            steps = steps[len(before_steps):]
        after = m.state.view(self.display_seat())
        frames = self.board_type.story(before, after, steps, m.names, moves)
        self.show_frames(frames)

    @work(exclusive=True, group="show")
    async def show_frames(self, frames: list[Frame]) -> None:
        """The reveal, then every card resolved, with a short pause each."""
        self.showing = True
        self.actor = None
        pause = getattr(self.app, "step_pause", 0.0)
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
                    self.caption = frame.line
                    self.status.set_message(frame.line + ("   (space: skip)" if pause else ""))
                if pause > 0 and not self.skip:
                    self.board.show(frame.view, focus=frame.focus, caption=frame.line)
                    await asyncio.sleep(pause * frame.pause)
        except NoMatches:       # the screen is being taken down mid-show
            self.closed = True
            return
        finally:
            self.showing = False
            self.skip = False
        self.advance()
        self.update_keys()

    def finish(self) -> None:
        if self.finished:
            return
        self.finished = True
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
        self.app.push_screen(EndScreen(m), callback=self._after_end)

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
        except Exception as e:  # report, never crash the app
            self.post_message(AIFailed(token, seats, f"{type(e).__name__}: {e}"))
            return
        self.post_message(AIChose(token, moves, notes))

    def on_aichose(self, message: AIChose) -> None:
        self._ai_done(message.token, message.moves, message.notes)

    def on_aifailed(self, message: AIFailed) -> None:
        state = self.match.state
        moves = {s: GreedyPlayer().choose(state, s, ai_seed(state, s)) for s in message.seats}
        self._ai_done(message.token, moves, [f"the AI failed ({message.error}); played the novice move"])

    def _ai_done(self, token: int, moves: dict[int, Action], notes: list[str]) -> None:
        if self.closed or token != self.token:
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
        if not self.covered and not self.showing:
            if self.actor is not None and not self.match.ready():
                self.board.show(self.match.state.view(self.viewer), actor=self.actor,
                                legal=self.board.legal, marks=self.marks(), caption=self.last_line())
            else:
                self.advance()

    def _stop_thinking(self) -> None:
        if self.thinking is not None:
            self.thinking.cancel()
        self.thinking = None
        self.thinking_seats = []

    def _tick(self) -> None:
        if self.closed or not self.is_attached:
            return
        if self.thinking is not None and self.thinking_seats:
            seats = self.thinking_seats
            who = self.match.names[seats[0]] if len(seats) == 1 else "AI"
            its = self.thinking.iterations
            self.status.set_thinking(f"{who} thinking: {its:,} iterations" if its else f"{who} thinking…")
        else:
            self.status.set_thinking(None)
        if self.hint_thinking is not None and self.hint_panel.analysis is None and self.hint_panel.display:
            budget = getattr(self.app, "hint_iterations", 0)
            self.hint_panel.working(self.match.names[self.hint_seat], self.hint_thinking.iterations, budget)

    # ------------------------------------------------------------------ hint
    def action_hint(self) -> None:
        panel = self.hint_panel
        if panel.display:
            self._stop_hint()
            panel.clear()
            self.update_keys()
            return
        if self.actor is None:
            return
        self.hint_seat = self.actor
        self.hint_token = self.token
        self.hint_thinking = Thinking()
        budget = getattr(self.app, "hint_iterations", 20_000)
        panel.working(self.match.names[self.actor], 0, budget)
        self.run_hint(self.token, self.actor, self.hint_thinking, budget, self.match.state.clone())
        self.update_keys()

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def run_hint(self, token: int, seat: int, thinking: Thinking, iterations: int, state) -> None:
        try:
            analysis = analyse(state, seat, thinking, iterations)
        except Exception as e:  # e.g. the search module is not built
            self.post_message(HintFailed(token, f"{type(e).__name__}: {e}"))
            return
        self.post_message(HintReady(token, seat, analysis))

    def on_hint_ready(self, message: HintReady) -> None:
        if message.token != self.hint_token or message.token != self.token or self.closed:
            return
        self.hint_thinking = None
        if self.hint_panel.display:
            self.hint_panel.show_analysis(self.match.names[message.seat], message.analysis,
                                          keys=self.board.key_for, words=self.board.action_text)

    def on_hint_failed(self, message: HintFailed) -> None:
        if message.token != self.hint_token or self.closed:
            return
        self.hint_thinking = None
        self.hint_panel.failed(message.error)

    def _stop_hint(self) -> None:
        if self.hint_thinking is not None:
            self.hint_thinking.cancel()
        self.hint_thinking = None
        self.hint_token = None

    # ------------------------------------------------------------ the keys
    def _keys_state(self) -> tuple:
        return (self.actor is not None, self.covered, self.hint_panel.display,
                self.match.state.is_terminal(), self.board.keys_state())

    def update_keys(self) -> None:
        """Refresh the footer only when what the keys can do has changed."""
        now = self._keys_state()
        if now != getattr(self, "_keys_shown", None):
            self._keys_shown = now
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            if self.hint_panel.display:
                return True
            return True if (self.actor is not None and not self.showing and not self.covered) else None
        if action == "skip":
            return True if self.showing else False
        if action == "export":
            return True if not self.match.state.is_terminal() else None
        return True

    def action_skip(self) -> None:
        self.skip = True

    def action_save(self) -> None:
        from tui.screens.save import SaveScreen

        def saved(path) -> None:
            if path:
                self.game_log.say(f"Saved to {path}.", style="italic")
                self.notify(f"Saved to {path}")
        self.app.push_screen(SaveScreen(self.match.state, folder=self.app.folder,
                                        seats=self.seat_kinds()), callback=saved)

    def action_export(self) -> None:
        from tui.screens.save import SaveScreen

        movers = self.match.movers()
        seat = self.actor if self.actor is not None else (movers[0] if movers else None)

        def exported(path) -> None:
            if path:
                self.game_log.say(f"Position exported to {path}.", style="italic")
        self.app.push_screen(SaveScreen(self.match.state, export=True, seat=seat,
                                        folder=self.app.folder, seats=self.seat_kinds()),
                             callback=exported)

    def seat_kinds(self) -> tuple[str, ...]:
        return tuple(s.kind for s in self.match.seats)

    def action_load(self) -> None:
        self.app.action_load_game()  # the app replaces this screen on success

    def action_replay(self) -> None:
        from tui.screens.replay import ReplayScreen
        self.app.push_screen(ReplayScreen(self.match.state, self.match.seats))

    def action_rules(self) -> None:
        from tui.screens.rules import RulesScreen
        self.app.push_screen(RulesScreen(self.match.state.name))

    def action_leave(self) -> None:
        if self.finished:
            self.app.call_later(self.app.to_menu)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.call_later(self.app.to_menu)
        self.app.push_screen(ConfirmScreen("Leave this game? Moves since your last save are lost.",
                                           yes="Leave", no="Stay"), callback=answer)
