"""Every game has a how-to-play a first-time player can read (issue 67):
its sections, in a player's words, a board key in the board's own words,
and a worked example whose board is the one the app draws for that seeded
position; the rules screen shows it first and the rulings one key (r)
further; ``dojo --rules GAME`` prints both, the how-to-play first."""
from __future__ import annotations

import re

import pytest
from textual.widgets import MarkdownViewer

from ninja_dojo import engine
from ninja_dojo.tui.boards import board_class
from ninja_dojo.tui.match import MatchSetup, plan_seats
from ninja_dojo.tui.screens.rules import RulesScreen, board_help, rulings_start
from tests.snapshot_apps.dojo_pilot import make_app, settle, wait_for
from tests.snapshot_apps.how_to_play import (GUIDES, board_lines, example_block,
                                             example_setup)

GAMES = list(engine.GAMES)
#: the sections of a guide, as a player asks: what am I after, what do I
#: hold, what do I do, when is it over, what am I looking at, show me
SECTIONS = ["## The goal", "## What you have", "step by step", "## How it ends",
            "## Reading the board", "## A worked example"]


def guide(game: str) -> str:
    return (GUIDES / f"{game}.md").read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    m = re.search(rf"^## {heading}\n(.*?)(?=^## |\Z)", text, flags=re.S | re.M)
    assert m, f"no section {heading!r}"
    return m.group(1)


def test_there_is_a_guide_for_every_game_and_no_other():
    assert sorted(p.stem for p in GUIDES.glob("*.md")) == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_a_guide_has_its_sections_in_a_players_words(game):
    text = guide(game)
    title = engine.game_type(game).title.rstrip("!")
    assert text.startswith(f"# How to play {title}")
    headings = re.findall(r"^## .*$", text, flags=re.M)
    for wanted in SECTIONS:
        assert sum(wanted in h for h in headings) == 1, f"{game}: no one section {wanted!r}"
    turn = next(h for h in headings if "step by step" in h)
    assert turn in ("## A turn, step by step", "## A round, step by step")
    # a player's words: the rulings are one key further, not quoted here
    assert not re.search(r"\bruling|\(chosen\)|\(-?\d, ?-?\d\)|axial", text, flags=re.I)
    steps = section(text, turn.removeprefix("## "))
    assert re.search(r"^1\. ", steps, flags=re.M) and re.search(r"^2\. ", steps, flags=re.M)
    # about what a new player reads in 3-5 minutes
    assert 350 <= len(text.split()) <= 1100, len(text.split())


@pytest.mark.parametrize("game", GAMES)
def test_a_guide_reads_the_board_in_the_boards_own_words(game):
    """Each term the guide puts in bold to read the board is a term of the
    board's key (its LEGEND), numbers aside: the guide cannot name what the
    board does not show."""
    legend = re.sub(r"\d+", "#", " ".join(board_class(game).LEGEND.split()))
    terms = [" ".join(t.split()) for t in
             re.findall(r"\*\*(.+?)\*\*", section(guide(game), "Reading the board"), flags=re.S)]
    assert len(terms) >= 4
    missing = [t for t in terms if re.sub(r"\d+", "#", t) not in legend]
    assert not missing, f"{game}: not in the board's key: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_the_worked_example_says_what_to_do_and_why(game):
    example = section(guide(game), "A worked example")
    after = re.split(r"^```$", example, flags=re.M)[-1]
    assert "Try it:" in example and len(after.split()) >= 40, after


@pytest.mark.parametrize("game", GAMES)
async def test_the_worked_examples_board_is_the_one_the_app_draws(game, tmp_path):
    """Replayed from the guide's own "Try it" line (players, seed, keys), the
    app's board is line for line the guide's text block."""
    text = guide(game)
    players, seed, enters = example_setup(text)
    drawn = await board_lines(game, players, seed, enters, tmp_path=tmp_path)
    assert len(drawn) >= 5
    assert example_block(text) == drawn, (
        f"the app draws another board: python -m tests.snapshot_apps.how_to_play "
        f"{game} {players} {seed} {enters} prints it")


async def test_the_rules_screen_shows_how_to_play_first_and_the_rulings_one_key_further(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_match(MatchSetup("ninjato", plan_seats(2, ["human", "novice"]), 3))
        await wait_for(pilot, lambda: app.game_screen is not None)
        await settle(pilot, app.game_screen)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        screen = app.screen
        viewer = screen.query_one(MarkdownViewer)

        def shown() -> str:
            return viewer.document.source

        def footer_r() -> str:
            return screen.active_bindings["r"].binding.description

        await pilot.pause()
        assert screen.showing == "how-to-play" and shown().startswith("# How to play Ninjato")
        assert "## Reading the board" in shown() and "## Keys in a game" in shown()
        assert footer_r() == "Rulings" and screen.sub_title.startswith("How to play")
        await pilot.press("r")
        await wait_for(pilot, lambda: screen.showing == "rulings")
        await pilot.pause()
        assert shown() == (GUIDES.parent / "rules" / "ninjato.md").read_text(encoding="utf-8")
        assert footer_r() == "How to play" and screen.sub_title.startswith("Rulings")
        await pilot.press("r")
        await wait_for(pilot, lambda: screen.showing == "how-to-play")
        await pilot.pause()
        assert shown().startswith("# How to play Ninjato") and footer_r() == "Rulings"
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.game_screen)


@pytest.mark.parametrize("game", GAMES)
def test_dojo_rules_prints_how_to_play_the_board_the_keys_then_the_rulings(game, capsys):
    from ninja_dojo.tui.app import main
    assert main(["--rules", game]) == 0         # (pytest's output is no terminal: printed)
    out = capsys.readouterr().out
    rulings = (GUIDES.parent / "rules" / f"{game}.md").read_text(encoding="utf-8")
    order = [out.index(guide(game).strip()), out.index("## Reading the board"),
             out.index("## Keys in a game"), out.index(rulings_start(game)),
             out.index(rulings.strip())]
    assert order == sorted(order), order


def test_the_keys_table_says_what_n_and_u_do():
    text = board_help("ninjato")
    assert "| `n` | go straight to your next decision (every step goes to the log) |" in text
    assert "in a game of turns" in text and "until one of them showed you something hidden" in text


@pytest.mark.parametrize("game", GAMES)
async def test_the_worked_example_fits_whole_at_80_columns(game, tmp_path):
    """At 80x24 the rules screen gives the example board every column it
    was drawn in (it lost some to the margins and the scrollbar)."""
    from rich.cells import cell_len
    from textual.widgets._markdown import MarkdownFence

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RulesScreen(game))
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause()
        board = example_block(guide(game))
        fences = [f for f in app.screen.query(MarkdownFence) if board[0].strip() in f.code]
        assert fences, "the worked example is not on the rules screen"
        fence = fences[0]
        # nothing of it is out of sight to the right
        assert fence.max_scroll_x == 0, (fence.region.width, max(cell_len(line) for line in board))
