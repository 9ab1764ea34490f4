"""The score history: each seat's score after every round, for the end
screen and the ``t`` key during a game (``Board.score_history``)."""
from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ninja_dojo.engine import State
from ninja_dojo.tui.boards import board_class
from ninja_dojo.tui.widgets.board import signed


def score_history_table(state: State, names: list[str]) -> Group:
    """Rounds down, seats across: the total after the round and, dim, what
    the round added; the leader of each round in bold (lowest damage where
    the lowest wins)."""
    board = board_class(state.name)
    rows = board.score_history(state)
    word = board.SCORE_WORD
    best = "lowest" if board.LOW_SCORE_WINS else "highest"
    stretch = board.ROUND_WORD
    # (word[0].upper(): "PP after each round", where capitalize() gave "Pp")
    heading = Text(f"{word[0].upper()}{word[1:]} after each {stretch} ({best} leads)", style="bold")
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column(stretch.capitalize(), no_wrap=True)
    for name in names:
        table.add_column(name, justify="right", no_wrap=True)
    previous = [board.SCORE_START] * len(names)
    for round_title, scores in rows:
        lead = (min if board.LOW_SCORE_WINS else max)(scores) if scores else None
        cells = []
        for seat, score in enumerate(scores):
            cell = Text(str(score), style="bold green" if score == lead else "")
            delta = score - previous[seat]
            cell.append(f" {signed(delta)}" if delta else "   ", style="dim")
            cells.append(cell)
        table.add_row(round_title.replace(f"{stretch.capitalize()} ", ""), *cells)
        previous = list(scores)
    if not rows:
        return Group(heading, Text(f"No {stretch} has ended yet.", style="dim"))
    return Group(heading, table)
