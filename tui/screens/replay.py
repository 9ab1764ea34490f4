"""Replay a game move by move from the deal, forwards and backwards.

The positions are rebuilt by applying ``state.history`` to a fresh deal of
the same seed (``State.plies``, the one replay), so what is shown is what the
engine played, never a recording of the screen.
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ninja_dojo.engine import State
from ninja_dojo.tui.boards import board_class
from ninja_dojo.tui.match import Seat
from ninja_dojo.tui.widgets.title_bar import TitleBar


@dataclass
class ReplayStep:
    state: State
    lines: list[str]


def replay_steps(state: State, names: list[str], viewer: int = -1) -> list[ReplayStep]:
    """The position after 0, 1, ... moves of ``state.history``, each with the
    story of the move that led there."""
    board = board_class(state.name)
    if not state.history:
        return [ReplayStep(state.clone(), ["The position as it was loaded: no moves are recorded."])]
    start = state.start()
    out = [ReplayStep(start, ["The deal. " + board.opening(start.view(-1), names)])]
    for ply in state.plies():
        moves = {seat: ply.before.action(a) for seat, a in ply.move.items()}
        frames = board.story(ply.before.view(viewer), ply.after.view(viewer), ply.steps, names, moves)
        lines = []
        for f in frames:
            if f.heading:
                lines.append(f"── {f.heading} ──")
            if f.line:
                lines.append(f.line)
        if not lines:
            lines = ["; ".join(f"{names[seat]}: {a}" for seat, a in sorted(moves.items()))]
        out.append(ReplayStep(ply.after, lines))
    return out


class ReplayScreen(Screen):
    BINDINGS = [
        Binding("right", "step(1)", "Next", id="replay.next"),
        Binding("left", "step(-1)", "Back", id="replay.back"),
        Binding("home", "jump(0)", "Deal", id="replay.start"),
        Binding("end", "jump(-1)", "End", id="replay.end"),
        Binding("v", "viewer", "Whose hand", id="replay.viewer"),
        Binding("escape,q", "app.pop_screen", "Close", id="replay.close"),
    ]

    def __init__(self, state: State, seats: tuple[Seat, ...]) -> None:
        super().__init__()
        self.final = state.clone()
        self.seats = seats
        self.names = [s.name for s in seats]
        over = state.is_terminal()
        humans = [i for i, s in enumerate(seats) if s.human]
        # Mid-game a replay must not show what the person at the keyboard may
        # not see: only their own hand (or none, when several people play).
        if over:
            self.viewers = [*range(state.players), -1]
        elif len(humans) == 1:
            self.viewers = [humans[0]]
        else:
            self.viewers = [-1]
        self.viewer = humans[0] if (over and humans) else self.viewers[0]
        self.index = len(state.history)
        self.steps = replay_steps(self.final, self.names)

    def compose(self) -> ComposeResult:
        board = board_class(self.final.name)(self.names, [s.label for s in self.seats],
                                            id="replay-board")
        board.can_focus = False
        yield TitleBar()
        with Vertical(id="replay-main"):
            yield Static(id="replay-caption")
            yield board
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Replay"
        board = self.query_one("#replay-board")
        cw, ch = board.COMPACT_BELOW        # (as the game itself draws it at this size)
        board.set_compact(self.app.size.width < cw or self.app.size.height < ch)
        self.draw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step":
            target = self.index + parameters[0]
            return True if 0 <= target < len(self.steps) else None
        if action == "viewer":
            return True if len(self.viewers) > 1 else None
        return True

    def draw(self) -> None:
        step = self.steps[self.index]
        total = len(self.steps) - 1
        caption = Text()
        caption.append(f"Move {self.index} of {total}", style="bold")
        if self.viewer < 0:
            whose = "all hands hidden"
        elif self.names[self.viewer] == "You":
            whose = "showing your hand"
        else:
            whose = f"showing {self.names[self.viewer]}'s hand"
        caption.append(f"  ·  {whose}", style="dim")
        for line in step.lines:
            caption.append("\n" + line)
        self.query_one("#replay-caption", Static).update(caption)
        self.query_one("#replay-board").show(step.state.view(self.viewer))
        self.refresh_bindings()

    def action_step(self, delta: int) -> None:
        target = self.index + delta
        if 0 <= target < len(self.steps):
            self.index = target
            self.draw()

    def action_jump(self, where: int) -> None:
        self.index = where if where >= 0 else len(self.steps) - 1
        self.draw()

    def action_viewer(self) -> None:
        i = self.viewers.index(self.viewer) if self.viewer in self.viewers else -1
        self.viewer = self.viewers[(i + 1) % len(self.viewers)]
        self.draw()
