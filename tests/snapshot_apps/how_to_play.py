"""The worked example of a how-to-play guide (docs/how-to-play/<game>.md),
drawn by the app: the guide says how to reach its position ("Try it: ...
N players ... seed S", and "press enter" once for each key pressed before
it); this starts that game with novice AIs (seeded by the deal, so the same
every time), presses those keys, and returns the board's lines as the
screen shows them, to compare with the guide's text block.

Run it to print a guide's board: ``python -m tests.snapshot_apps.how_to_play GAME``.
"""
from __future__ import annotations

import asyncio
import io
import re
import sys
from pathlib import Path

from rich.cells import cell_len
from rich.console import Console

from ninja_dojo.tui.match import MatchSetup, plan_seats
from tests.snapshot_apps.dojo_pilot import make_app, settle, wait_for

GUIDES = Path(__file__).resolve().parents[2] / "docs" / "how-to-play"
#: the terminal the examples are drawn in: the size the app is made for
SIZE = (80, 24)

TRY_IT = re.compile(r"^Try it: .*?(\d) players.*?seed (\d+)(.*)$", re.M)


def example_setup(text: str) -> tuple[int, int, int]:
    """``(players, seed, enters)`` from a guide's "Try it:" line."""
    m = TRY_IT.search(text)
    assert m, "the guide has no 'Try it: ... N players ... seed S' line"
    return int(m.group(1)), int(m.group(2)), m.group(3).count("press enter")


def example_block(text: str) -> list[str]:
    """The lines of the guide's board: the first ```text block after "Try it:"."""
    m = re.search(r"^```text\n(.*?)^```", text[TRY_IT.search(text).end():], flags=re.S | re.M)
    assert m, "the guide has no ```text block after its 'Try it:' line"
    return [line.rstrip() for line in m.group(1).splitlines()]


def screen_lines(app) -> list[str]:
    """The whole screen as plain text, a line a row."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True,
                      legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text().splitlines()


def crop(line: str, start: int, width: int) -> str:
    """Columns ``start`` to ``start + width`` of a line, counted in cells."""
    out, col = [], 0
    for ch in line:
        w = cell_len(ch)
        if start <= col and col + w <= start + width:
            out.append(ch)
        col += w
    return "".join(out)


async def board_lines(game: str, players: int, seed: int, enters: int = 0,
                      tmp_path=None) -> list[str]:
    """The board of that position, as drawn at ``SIZE``, trailing spaces
    and empty lines at the end dropped."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        kinds = ["human"] + ["novice"] * (players - 1)
        await app.start_match(MatchSetup(game, plan_seats(players, kinds), seed))
        await wait_for(pilot, lambda: app.game_screen is not None, what="the game")
        screen = app.game_screen
        await settle(pilot, screen)
        for _ in range(enters):
            await pilot.press("enter")
            await settle(pilot, screen)
        r = screen.board.region
        lines = [crop(line, r.x, r.width).rstrip()
                 for line in screen_lines(app)[r.y:r.y + r.height]]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def guide_example(game: str) -> tuple[list[str], list[str]]:
    """(the guide's board lines, the app's board lines) for ``game``."""
    text = (GUIDES / f"{game}.md").read_text(encoding="utf-8")
    players, seed, enters = example_setup(text)
    return example_block(text), asyncio.run(board_lines(game, players, seed, enters))


if __name__ == "__main__":      # print the board of a setup: GAME PLAYERS SEED [ENTERS]
    args = sys.argv[1:]
    print("\n".join(asyncio.run(board_lines(args[0], *map(int, args[1:])))))
