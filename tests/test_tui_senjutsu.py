"""Senjutsu in the dojo app, played by key presses: whole duels and melees
against novice AIs, every decision of a 4-player game checked on screen at
80×24, the attack and block hexes on the field as the cards resolve, the
deck builder (a broken rule named at once, fixed, saved, played), hot seat,
save and resume."""
from __future__ import annotations

from rich.cells import cell_len

from engine import new_game
from engine import senjutsu as sj
from engine.state import replay
from tests.snapshot_apps.dojo_pilot import make_app, settle, wait_for
from tui.match import MatchSetup, plan_seats
from tui.screens.end import EndScreen
from tui.widgets.senjutsu_board import SenjutsuBoard
from tui.widgets.senjutsu_field import field_marks
from tui.widgets.senjutsu_words import ATTACK_STYLE, BLOCK_STYLE

SMALL = (80, 24)


def check_everything_shows(game) -> None:
    """At a decision: the field, the consoles, the hand, the question, every
    option and the card panel lie whole inside the game's area; each option
    is one line that shows its whole label; the prompt is one line."""
    area = game.query_one("#game-main").region
    board = game.board
    essentials = board.essentials()
    for w in essentials:
        r = w.region
        assert r.width > 0 and r.height > 0, f"{w} is not on screen"
        assert area.contains_region(r), f"{w} at {r} is cut off by the screen ({area})"
        if w.has_class("sj-option"):
            text = str(w.render())
            assert "\n" not in text and cell_len(text) <= w.content_region.width, \
                f"{w} shows {text!r} in {w.content_region.width} columns"
    # every option is on screen (a page of them, the cursor's), with its key
    shown = [w for w in essentials if w.has_class("sj-option")]
    assert len(shown) == min(len(board.legal), len(shown)) and shown, "no option on screen"
    if len(board.legal) <= len(shown):
        assert len(shown) == len(board.legal)
    # the hand: every card of the view, in the hand lines on screen
    hand = board.view.get("hand") or []
    words = str(board.query_one("#sj-hand").render())
    for card in hand:
        init = card["initiative"].split(" ")[0].split("/")[0]
        assert init in words, (card["name"], words)
    assert len(board.hand_shown) == sum(c["count"] for c in hand)
    # the samurai standing are all on the field
    field = board.query_one("#sj-field")
    standing = [c for c in board.view["samurai"] if c["standing"] and c["hex"] is not None]
    assert all(tuple(c["hex"]) in field.marks for c in standing)
    assert game.status.region.height == 1
    assert cell_len(game.status.message) <= SMALL[0] - 2, f"the prompt is cut: {game.status.message!r}"


async def play_by_keys(pilot, game, *, check=False, limit=3000) -> int:
    """Answer every decision by its key until the end screen: mostly the
    novice's move (the games stay short), every fourth a varying option (the
    cursor and enter reach one past the tenth).  The number of decisions."""
    turn = 0
    while not game.finished:
        await settle(pilot, game)
        if game.finished:
            break
        if game.covered:
            await pilot.press("enter")
            continue
        if check:
            check_everything_shows(game)
        board = game.board
        legal = board.legal
        if turn % 4 == 3:
            action = legal[(turn * 7) % len(legal)]
        else:
            action = game.match.state.policy_action(game.actor, seed=turn)
        keys = board.key_for(action.id)
        before = len(game.match.state.history)
        if keys is None:
            board.reselect(action)
            keys = "enter"
        await pilot.press(*keys.split())
        if not board.one_key and keys != "enter":
            await pilot.press("enter")
        await wait_for(pilot, lambda: len(game.match.state.history) > before or game.finished,
                       what="the move to be played")
        turn += 1
        assert turn < limit, "the game did not end"
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, EndScreen), what="end screen")
    return turn


async def start(pilot, players, seed, kinds=None, size=None, **options):
    app = pilot.app
    kinds = kinds or ["human"] + ["novice"] * (players - 1)
    await app.start_match(MatchSetup("senjutsu", plan_seats(players, kinds), seed, options))
    await wait_for(pilot, lambda: app.game_screen is not None, what="the game")
    await settle(pilot, app.game_screen)
    return app.game_screen


async def test_a_duel_against_a_novice_to_the_end(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(pilot, 2, 36, samurai="ronin,master")
        assert isinstance(game.board, SenjutsuBoard) and not game.compact
        decisions = await play_by_keys(pilot, game)
        state = game.match.state
        assert state.is_terminal() and decisions > 10
        assert replay("senjutsu", state.options, 36, state.history) == state
        log = game.game_log.lines_written
        assert any(line.startswith("the Ronin reveals ") for line in log)
        assert any(" attacks: " in line for line in log)
        assert "── Round 2 ──" in log
        end = app.screen
        winner = str(end.query_one("#winner").render())
        outcome = state.outcome()
        if len(outcome.winners) == 1:
            assert game.match.names[outcome.winners[0]] in winner and "stand" in winner
        else:
            assert "draw" in winner.lower()


async def test_a_four_player_melee_at_80x24_shows_all_a_player_needs(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        game = await start(pilot, 4, 32)
        assert game.compact and not game.too_small
        decisions = await play_by_keys(pilot, game, check=True)
        assert decisions > 20 and game.match.state.is_terminal()
        end = app.screen
        assert end.query_one("#winner").region.y < SMALL[1]


async def test_below_80x24_one_line_asks_for_a_larger_terminal(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(79, 24)) as pilot:
        game = await start(pilot, 4, 3)
        assert game.too_small
        assert str(game.query_one("#too-small").render()) == \
            "Enlarge the terminal to at least 80×24 (it is 79×24)."
