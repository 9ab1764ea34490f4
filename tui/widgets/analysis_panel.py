"""The hint: the solver's analysis of the decision in front of you.

Every legal move with its share of the search's visits and its estimated win
rate, the most visited first, and the recommendation.
"""
from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from engine import Action
from solver.search import Analysis

BAR = 12


def share_bar(share: float) -> str:
    full = round(share * BAR)
    return "█" * full + "░" * (BAR - full)


class AnalysisPanel(Static):
    """Shows nothing, a search in progress, an analysis, or why there is none."""

    def __init__(self, **kw) -> None:
        super().__init__("", **kw)
        self.analysis: Analysis | None = None
        self.border_title = "Hint"
        #: the panel's text, for tests and screen readers
        self.shown_text = ""

    def clear(self) -> None:
        self.analysis = None
        self.display = False
        self.update("")

    def working(self, who: str, iterations: int, budget: int) -> None:
        self.display = True
        self.analysis = None
        self.border_title = f"Hint for {who}"
        pct = min(100, round(100 * iterations / budget)) if budget else 0
        self.update(Text(f"Searching… {iterations:,} of {budget:,} iterations ({pct}%)\n"
                         "press h again to hide", style="italic"))

    def failed(self, message: str) -> None:
        self.display = True
        self.analysis = None
        self.update(Text(f"No analysis: {message}", style="bold red"))

    def show_analysis(self, who: str, analysis: Analysis, keys=None, words=None) -> None:
        """``keys(action_id)`` names the key that plays a move (or None);
        ``words(action)`` says a move in the players' words (default: its name)."""
        keys = keys or (lambda action: None)

        def say(move) -> str:
            return words(Action(move.action, move.name)) if words else move.name
        self.display = True
        self.analysis = analysis
        self.border_title = f"Hint for {who}"
        table = Table(box=None, expand=True, pad_edge=False)
        table.add_column("Move", no_wrap=True)
        table.add_column("Visits", no_wrap=True)
        table.add_column("Share", justify="right")
        table.add_column("Win", justify="right")
        for m in analysis.moves:
            best = m.action == analysis.best.action
            style = "bold green" if best else ""
            key = keys(m.action)
            table.add_row(Text(("★ " if best else "  ") + say(m) + (f" [{key}]" if key else ""),
                               style=style),
                          Text(share_bar(m.share), style="green" if best else "dim"),
                          f"{m.share:.0%}", f"{m.value:.0%}")
        key = keys(analysis.best.action)
        head = Text.assemble(("Best: ", "bold"), (say(analysis.best), "bold green"),
                             (f" (key {key})" if key else "", "green"),
                             (f"  (win rate {analysis.best.value:.0%})", ""))
        foot = Text(f"{analysis.iterations:,} iterations in {analysis.seconds:.1f} s · "
                    f"your chance now ≈ {analysis.value:.0%}", style="dim")
        self.shown_text = "\n".join([head.plain] + [
            f"{say(m)} {m.share:.0%} {m.value:.0%}" for m in analysis.moves] + [foot.plain])
        self.update(Group(head, table, foot))
