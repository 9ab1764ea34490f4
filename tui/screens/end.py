"""The end of a game: the winner, the scores, their history round by round,
the final board, and what next (it scrolls on a small terminal)."""
from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from ninja_dojo.engine import Outcome
from ninja_dojo.tui.boards import board_class
from ninja_dojo.tui.match import Match
from ninja_dojo.tui.widgets.score_history import score_history_table
from ninja_dojo.tui.widgets.title_bar import TitleBar


def winner_line(outcome: Outcome, names: list[str]) -> str:
    best = max(outcome.scores)
    who = [names[w] for w in outcome.winners]
    if len(who) == 1:
        verb = "win" if who[0] == "You" else "wins"
        return f"{who[0]} {verb} with {best} points!"
    return (f"{' and '.join(who)} tie with {best} points: settle it with a round of "
            "rock-paper-scissors (the AI counts a shared win).")


class EndScreen(Screen[str]):
    """Dismisses with ``again``, ``menu`` or ``quit``."""

    BINDINGS = [
        Binding("a", "review", "Review", id="end.review"),
        Binding("p", "leave('again')", "Play again", id="end.again"),
        Binding("r", "replay", "Replay", id="end.replay"),
        Binding("m", "leave('menu')", "Main menu", id="end.menu"),
        Binding("q", "leave('quit')", "Quit", id="end.quit"),
    ]

    def __init__(self, match: Match, files=()) -> None:
        """``files``: where the game is kept (its review is written there)."""
        super().__init__()
        self.match = match
        self.files = list(files)
        self.outcome = match.state.outcome()

    def compose(self) -> ComposeResult:
        names = self.match.names
        labels = [s.label for s in self.match.seats]
        view = self.match.state.view(-1)
        board_type = board_class(self.match.state.name)
        # A game that does not simply reward the highest score words its own result.
        line = board_type.result_line(self.outcome, names, view) or winner_line(self.outcome, names)
        table = board_type.result_table(self.outcome, view, labels) or \
            self.score_table(names, labels, view)
        yield TitleBar()
        with VerticalScroll(id="end-main"):
            yield Static(Text(line, style="bold"), id="winner")
            with Horizontal(classes="buttons", id="end-buttons"):
                yield Button("Review (a)", id="review", variant="primary")
                yield Button("Play again (p)", id="again")
                yield Button("Replay (r)", id="replay")
                yield Button("Main menu (m)", id="menu")
                yield Button("Quit (q)", id="quit")
            yield Static(table, id="scores")
            yield Static(score_history_table(self.match.state, names), id="score-history")
            yield Static(f"Seed {self.match.state.seed} · {len(self.match.state.history)} moves",
                         classes="help")
            board = board_type(names, labels, id="end-board")
            board.can_focus = False
            yield board
        yield Footer()

    def score_table(self, names: list[str], labels: list[str], view: dict) -> Table:
        """The default: highest score first, with the cards won."""
        table = Table(title="Final scores", expand=False, title_style="bold", box=box.SIMPLE_HEAD,
                      title_justify="left")
        table.add_column("#", justify="right")
        table.add_column("Player", no_wrap=True)
        table.add_column("Score", justify="right")
        table.add_column("Cards won", justify="right")
        ranking = sorted(range(len(names)), key=lambda s: (-self.outcome.scores[s], s))
        for rank, seat in enumerate(ranking, 1):
            won = view.get("won", [[]] * len(names))[seat]
            style = "bold green" if seat in self.outcome.winners else ""
            table.add_row(str(rank), labels[seat], str(self.outcome.scores[seat]),
                          str(len(won)), style=style)
        return table

    def on_mount(self) -> None:
        board = self.query_one("#end-board")
        cw, ch = board.COMPACT_BELOW
        board.set_compact(self.app.size.width < cw or self.app.size.height < ch)
        board.show(self.match.state.view(-1))
        compact = self.app.size.height < 34
        for button in self.query(Button):
            button.compact = compact
        self.query_one("#review", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "replay":
            self.action_replay()
        elif event.button.id == "review":
            self.action_review()
        else:
            self.action_leave(event.button.id)

    def action_replay(self) -> None:
        from ninja_dojo.tui.screens.replay import ReplayScreen
        self.app.push_screen(ReplayScreen(self.match.state, self.match.seats))

    def action_review(self) -> None:
        """The AI goes over every decision of the game (``ReviewScreen``)."""
        from ninja_dojo.tui.screens.review import ReviewScreen
        # (a hint given a fixed depth: the review at least as deep)
        depth = getattr(self.app, "review_iterations", None) or getattr(self.app, "hint_iterations", None)
        self.app.push_screen(ReviewScreen(self.match, self.files, depth))

    def action_leave(self, where: str) -> None:
        self.dismiss(where)
