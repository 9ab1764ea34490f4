"""The review of a game: the AI goes over every decision (``solver.review``)
in a background worker, then shows the win-chance graph, each decision
with its mark and the AI's move, and the board as that seat saw it.

←/→ (or a click on the graph) go from decision to decision, ``n`` to the
next marked one; the review is computed once and written into the game's
files (its autosave, and the file it was opened from), so opening it again
shows it at once.

It thinks as deep as the hint of the same table (``tui.ai.coach_depth``),
so it never judges with less thought than the advice it judges, and it
marks a move only when the loss is over the threshold and more than twice
the search's margin of error (``solver.review.judge``); the legend under
the decision says so in a player's words.
"""
from __future__ import annotations

import threading
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from ninja_dojo import engine
from ninja_dojo.engine import PositionError, State
from ninja_dojo.engine.review import GameReview, ReviewedMove
from ninja_dojo.solver.review import (NOISE_SIGMAS, ROUGH_VISITS, THRESHOLDS, Cancelled, judge, mark,
                                      review_game)
from ninja_dojo.tui.ai import coach_depth
from ninja_dojo.tui.boards import board_class
from ninja_dojo.tui.match import Match
from ninja_dojo.tui.widgets.win_chart import COLOURS, WinChart

MARK_STYLE = {"blunder": "bold red", "mistake": "bold yellow", "inaccuracy": "cyan", "": "green"}


def plural(n: int, word: str, one: str = "", many: str = "s") -> str:
    """``1 blunder``, ``2 blunders``, ``0 inaccuracies``."""
    return f"{n} {word}{one if n == 1 else many}"


def saved_review(state: State, files: list[Path]) -> GameReview | None:
    """A review of this game kept in one of ``files`` (the one covering the
    most moves), or None."""
    best = None
    for path in files:
        try:
            saved = engine.load_game(path)
        except PositionError:
            continue
        r = saved.review
        if (r is not None and saved.state == state and saved.state.history[:r.moves] == state.history[:r.moves]
                and (best is None or r.moves > best.moves)):
            best = r
    return best


def decision_line(d: ReviewedMove, state: State, names: list[str], words, players: int) -> Text:
    """One seat's decision in plain words: what it played, what the AI
    would have played, the win chance before and after, the mark."""
    m = judge(d, players)
    who = names[d.seat]
    text = Text()
    text.append(f"{who}: ", style=f"bold {COLOURS[d.seat % len(COLOURS)]}")
    text.append(words(state.action(d.played)))
    if d.best == d.played:
        text.append(" — the AI's move too", style="green")
    else:
        text.append(" — AI: ")
        text.append(words(state.action(d.best)), style="bold")
    text.append(f". Win chance {d.best_value:.0%} → {d.played_value:.0%}")
    if m:
        text.append(f": {m}", style=MARK_STYLE[m])
        text.append(f" (−{d.loss:.0%})")
    elif mark(d.loss, players):
        text.append(f" (−{d.loss:.0%}, within the AI's margin of error ±{NOISE_SIGMAS * d.noise:.0%}: "
                    "not marked)", style="dim")
    if d.played_visits < ROUGH_VISITS:
        text.append(f" (the AI tried it {d.played_visits}×: a rough value)", style="dim")
    return text


def legend(players: int, rule: str) -> Text:
    """How the review judges, in a player's words (three lines at 80 columns).

    >>> print(legend(2, "as deep as the hard AI (1 s on 2 cores)").plain)  # doctest: +NORMALIZE_WHITESPACE
    Marks: inaccuracy, mistake, blunder from 10/20/30 points of win chance lost against the AI's
    move, and only past twice the AI's margin of error (a smaller gap could be chance). Searched as
    deep as the hint: as deep as the hard AI (1 s on 2 cores).
    """
    steps = "/".join(f"{100 * units / players:.0f}" for _, units in reversed(THRESHOLDS))
    return Text(f"Marks: inaccuracy, mistake, blunder from {steps} points of win chance lost against "
                f"the AI's move, and only past twice the AI's margin of error (a smaller gap could be "
                f"chance). Searched as deep as the hint: {rule}.", style="dim")


class ReviewScreen(Screen):
    BINDINGS = [
        Binding("right", "step(1)", "Next", id="review.next"),
        Binding("left", "step(-1)", "Back", id="review.back"),
        Binding("n", "next_marked", "Next mistake", id="review.next-marked"),
        Binding("escape,q", "app.pop_screen", "Close", id="review.close"),
    ]

    def __init__(self, match: Match, files: list[Path] | tuple = (),
                 iterations: int | None = None) -> None:
        """``iterations``: each decision's depth, in place of the hint's."""
        super().__init__()
        self.match = match
        self.state = match.state.clone()
        self.files = [Path(f) for f in files]
        self.depth, self.rule = coach_depth(match.seats, iterations)
        #: the depth of each decision, as the review keeps it
        self.iterations = max(1, self.depth.iterations)
        self.seconds = float(self.depth.cpu_seconds)
        self.names = match.names
        self.review: GameReview | None = None
        self.index = 0            # the decision shown
        self.stop = threading.Event()
        self.positions: list[State] = []
        self.words = str

    def compose(self) -> ComposeResult:
        board = board_class(self.state.name)(self.names, [s.label for s in self.match.seats],
                                            id="review-board")
        board.can_focus = False
        yield Header()
        with Vertical(id="review-main"):
            yield WinChart(self.names, id="review-chart")
            yield Static(id="review-panel")
            yield Static(legend(self.state.players, self.rule), id="review-legend")
            box = VerticalScroll(id="review-board-box")
            box.can_focus = False       # the arrows go from decision to decision
            with box:
                yield board
        yield Footer()

    @property
    def chart(self) -> WinChart:
        return self.query_one("#review-chart", WinChart)

    @property
    def board(self):
        return self.query_one("#review-board")

    def on_mount(self) -> None:
        self.sub_title = "Review"
        board = self.board
        self.words = board.action_text      # a move in the players' words
        cw, ch = board.COMPACT_BELOW
        board.set_compact(self.app.size.width < cw or self.app.size.height < ch)
        self.positions = self._positions()
        previous = self.match.review or saved_review(self.state, self.files)
        if previous is not None and previous.moves == len(self.state.history) \
                and (previous.iterations, previous.seconds) == (self.iterations, self.seconds):
            self.show_review(previous)
            return
        self.chart.say("The AI is going over the game…")
        self.query_one("#review-panel", Static).update(Text(
            "Every decision is searched from the view of the seat that made it; "
            "esc stops the review.", style="dim"))
        self.board.show(self.positions[-1].view(-1))
        self.run_review(previous)

    def _positions(self) -> list[State]:
        """The position before each move, and the last."""
        if not self.state.history:
            return [self.state.clone()]
        out = [self.state.start()]
        out += [ply.after for ply in self.state.plies()]
        return out

    def on_unmount(self) -> None:
        self.stop.set()

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def run_review(self, previous: GameReview | None) -> None:
        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self.chart.say, f"The AI is going over the game… "
                                                      f"{done} of {total} decisions")
        try:
            review = review_game(self.state, self.iterations, previous=previous,
                                 progress=progress, stop=self.stop, seconds=self.seconds)
        except Cancelled:
            return
        self.app.call_from_thread(self.finished, review)

    def finished(self, review: GameReview) -> None:
        if self.stop.is_set():
            return
        self.match.review = review
        kinds = tuple(s.kind for s in self.match.seats)
        problems = []
        for path in self.files:
            try:
                engine.save(self.state, path, kinds, review)
            except (OSError, PositionError) as e:
                problems.append(f"{path}: {getattr(e, 'strerror', None) or e}")
        if problems:
            self.notify("The review could not be saved: " + "; ".join(problems), severity="warning")
        self.show_review(review)

    def show_review(self, review: GameReview) -> None:
        self.review = review
        points: dict[int, list[tuple[int, float]]] = {}
        for d in review.decisions:
            points.setdefault(d.seat, []).append((d.move, d.played_value))
        self.chart.set_data(points, max(1, review.moves))
        if not review.decisions:
            self.query_one("#review-panel", Static).update("No decision to review: every move was forced.")
            self.refresh_bindings()
            return
        humans = self.match.humans
        mine = [i for i, d in enumerate(review.decisions) if d.seat in humans]
        self.index = mine[0] if mine else 0
        self.draw()

    def draw(self) -> None:
        review = self.review
        d = review.decisions[self.index]
        players = self.state.players
        self.chart.move_cursor(d.move, d.seat)
        counts = {name: 0 for name in ("blunder", "mistake", "inaccuracy")}
        for x in review.decisions:
            m = judge(x, players)
            if m and x.seat == d.seat:
                counts[m] += 1
        text = Text()
        text.append(f"Move {d.move + 1} of {review.moves}", style="bold")
        text.append(f" · decision {self.index + 1} of {len(review.decisions)} · "
                    f"{self.names[d.seat]}: {plural(counts['blunder'], 'blunder')}, "
                    f"{plural(counts['mistake'], 'mistake')}, "
                    f"{plural(counts['inaccuracy'], 'inaccurac', 'y', 'ies')}", style="dim")
        # The decision shown in full; the other seats' of the same move one
        # line each, so that a table of six fits at 80x24 (← → reach each).
        panel = self.query_one("#review-panel", Static)
        width = max(20, (panel.size.width or self.app.size.width) - 2)
        for x in review.decisions:
            if x.move == d.move:
                line = decision_line(x, self.state, self.names, self.words, players)
                if x is d:
                    line.stylize("reverse", 0, len(self.names[x.seat]) + 1)
                else:
                    line.truncate(width, overflow="ellipsis")
                text.append("\n")
                text.append_text(line)
        panel.update(text)
        self.board.show(self.positions[d.move].view(d.seat))
        self.refresh_bindings()

    # ------------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("step", "next_marked"):
            if self.review is None or not self.review.decisions:
                return None
            if action == "step":
                return True if 0 <= self.index + parameters[0] < len(self.review.decisions) else None
        return True

    def action_step(self, delta: int) -> None:
        if self.review and 0 <= self.index + delta < len(self.review.decisions):
            self.index += delta
            self.draw()

    def action_next_marked(self) -> None:
        """The next decision marked a mistake or a blunder (any seat), round again."""
        ds = self.review.decisions
        n = len(ds)
        for k in range(1, n + 1):
            i = (self.index + k) % n
            if judge(ds[i], self.state.players) in ("mistake", "blunder"):
                self.index = i
                self.draw()
                return
        self.notify("No mistake or blunder in this game.")

    def on_win_chart_picked(self, event: WinChart.Picked) -> None:
        if self.review is None or not self.review.decisions:
            return
        ds = self.review.decisions

        def distance(i: int):
            d = ds[i]
            return (abs(d.move - event.move), abs(d.played_value - event.y))
        self.index = min(range(len(ds)), key=distance)
        self.draw()
