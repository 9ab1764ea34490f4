"""The hint: the solver's analysis of the decision in front of you.

Every legal move with its share of the search's visits and its estimated win
rate, the most visited first, and the recommendation, with two lines saying
what the numbers mean (a win rate against an equal share of 1/N; why the
recommended move is not always the most searched one).
"""
from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ninja_dojo.engine import action_of
from ninja_dojo.solver.search import Analysis

BAR = 12


def share_bar(share: float) -> str:
    full = round(share * BAR)
    return "█" * full + "░" * (BAR - full)


def explain(analysis: Analysis, players: int, most_searched: str) -> list[Text]:
    """What the numbers mean, in plain words.

    >>> from ninja_dojo.solver.search import MoveStat
    >>> a = MoveStat(1, "play 7 Paper", 60, 0.6, 0.30)
    >>> b = MoveStat(2, "play 3 Rock", 40, 0.4, 0.35)
    >>> x = Analysis("ninjan", 0, 100, 0.1, b, [a, b], value=0.32)
    >>> print(explain(x, 4, "7 Paper")[0].plain)
    Win: how often the search won after the move (a tie counts as a share). With 4 players an equal share is 25%, so 35% is better than an equal share.
    >>> print(explain(x, 4, "7 Paper")[1].plain)  # doctest: +NORMALIZE_WHITESPACE
    ★ is not the most searched move (7 Paper): the search tries moves as often as they look
    promising against everyone's replies, then recommends the best win rate among the moves
    it tried at least a fifth as often as the most searched one.
    """
    equal = 1 / players
    best = analysis.best.value
    verdict = "better than" if best > equal + 0.005 else ("worse than" if best < equal - 0.005
                                                          else "about")
    lines = [Text(f"Win: how often the search won after the move (a tie counts as a share). "
                  f"With {players} players an equal share is {equal:.0%}, so {best:.0%} is "
                  f"{verdict} an equal share.", style="dim")]
    if analysis.moves and analysis.moves[0].action != analysis.best.action:
        lines.append(Text(f"★ is not the most searched move ({most_searched}): the search tries "
                          "moves as often as they look promising against everyone's replies, "
                          "then recommends the best win rate among the moves it tried at least "
                          "a fifth as often as the most searched one.", style="dim"))
    else:
        lines.append(Text("Share: how much of the search went to the move. ★ is the best win "
                          "rate among the moves searched at least a fifth as often as the most "
                          "searched one.", style="dim"))
    return lines


#: The opponents' likeliest moves shown per seat.
LIKELY = 3


def expectations(analysis: Analysis, names: list[str], say) -> list[Text]:
    """What the AI expects, in plain words: at a choice made at the same
    moment, each other seat's likeliest moves (how often the search played
    them for that seat, over every world it imagined: a guess, never a card
    read from a hand), and the line it expects after the recommended move.

    >>> from ninja_dojo.solver.search import LineStep, MoveStat
    >>> best = MoveStat(14, "play 9 Rock", 60, 0.6, 0.5)
    >>> x = Analysis("ninjan", 0, 100, 0.1, best, [best], value=0.5,
    ...              others={1: [MoveStat(13, "play 8 Rock", 30, 0.3, 0.4)]},
    ...              line=[LineStep(0, 14, "play 9 Rock", 0.6, 0.5, 60),
    ...                    LineStep(1, 13, "play 8 Rock", 0.3, 0.4, 30),
    ...                    LineStep(0, 51, "", 1.0, 0.5, 12)])
    >>> for line in expectations(x, ["You", "Kaede"], lambda m: m.name): print(line.plain)
    Kaede will most likely play: play 8 Rock (30%)
    Then the AI expects: Kaede play 8 Rock; you a hidden choice.
    """
    out = []
    for seat, moves in sorted(analysis.others.items()):
        likely = ", ".join(f"{say(m)} ({m.share:.0%})" for m in moves[:LIKELY])
        out.append(Text.assemble((f"{names[seat]} will most likely play: ", "bold"), likely))
    rest = analysis.line[1:] if analysis.line and analysis.line[0].seat == analysis.player else []
    if rest:
        parts = []
        for step in rest:
            who = "you" if names[step.seat] == "You" else names[step.seat]
            parts.append(f"{who} {say(step) if step.name else 'a hidden choice'}")
        out.append(Text.assemble(("Then the AI expects: ", "bold"), "; ".join(parts) + "."))
    return out


class AnalysisPanel(Static):
    """Shows nothing, a search in progress, an analysis, or why there is none."""

    def __init__(self, **kw) -> None:
        super().__init__("", **kw)
        self.analysis: Analysis | None = None
        self.border_title = "Hint"
        #: the panel's text, for tests and screen readers
        self.shown_text = ""

    @property
    def allow_vertical_scroll(self) -> bool:
        # A Static scrolls only as a container of widgets; the panel's own
        # text may be taller than a small terminal's drawer (page down).
        return not self._check_disabled() and self.max_scroll_y > 0

    def clear(self) -> None:
        self.analysis = None
        self.display = False
        self.update("")

    def working(self, who: str, progress: str) -> None:
        """The search has nothing to show yet: how far it is."""
        self.display = True
        self.analysis = None
        self.border_title = f"Hint for {who}"
        self.shown_text = f"{progress}\npress h again to hide"
        self.update(Text(self.shown_text, style="italic"))

    def failed(self, message: str) -> None:
        self.display = True
        self.analysis = None
        self.update(Text(f"No analysis: {message}", style="bold red"))

    def show_analysis(self, who: str, analysis: Analysis, keys=None, words=None,
                      players: int = 2, names: list[str] | None = None,
                      progress: str = "") -> None:
        """``keys(action_id)`` names the key that plays a move (or None);
        ``words(action)`` says a move in the players' words (default: its name);
        ``names``, the seats' names, for what the AI expects of them;
        ``progress``, how far the search that goes on in the background is."""
        keys = keys or (lambda action: None)

        def say(move) -> str:
            return words(action_of(analysis.game, move.action)) if words else move.name
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
        status = [Text(progress, style="italic")] if progress else []
        notes = explain(analysis, players, say(analysis.moves[0]) if analysis.moves else "")
        expected = expectations(analysis, names or [f"Seat {i + 1}" for i in range(players)], say)
        self.shown_text = "\n".join([head.plain] + [t.plain for t in status] + [
            f"{say(m)} {m.share:.0%} {m.value:.0%}" for m in analysis.moves]
            + [e.plain for e in expected] + [foot.plain] + [n.plain for n in notes])
        self.update(Group(head, *status, table, *expected, foot, *notes))
