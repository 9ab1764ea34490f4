"""Every game at its largest table in an 80×24 terminal: at every decision
of a whole game, everything a player needs to decide (the board's
``essentials()``: the whole hand, the piles or rows, the options) is on
screen and whole, and the prompt is one line.  Below the smallest size a
board serves, one line asks for a larger terminal.  (Senjutsu's 4-player
melee at 80×24, with the field's own checks: tests/test_tui_senjutsu.py.)"""
from __future__ import annotations

import pytest

from tests.snapshot_apps.dojo_pilot import check_essentials_whole, make_app, settle, wait_for
from ninja_dojo.tui.match import MatchSetup, plan_seats
from ninja_dojo.tui.screens.end import EndScreen
from ninja_dojo.tui.widgets.card_chip import CardChip

SMALL = (80, 24)


def check_everything_shows(game) -> int:
    """Everything essential whole on screen (``check_essentials_whole``) and
    the whole hand shown.  Returns how many widgets were checked."""
    essentials = check_essentials_whole(game, SMALL[0])
    hand = game.board.view.get("hand") or []
    if hasattr(game.board, "hand_shown"):       # a board that writes the hand as a line
        assert sorted(game.board.hand_shown) == sorted(hand), (game.board.hand_shown, hand)
        assert game.board.query_one("#nto-mine") in essentials
    else:
        shown = [c.card for c in game.board.query(CardChip) if c.display and c.card is not None]
        assert shown == list(hand)[:len(shown)] and len(shown) == len(hand), (shown, hand)
    return len(essentials)


async def play_at(pilot, game, limit: int = 400) -> int:
    """Answer every decision by its key (a varying legal move), checking the
    screen each time, until the end screen.  The number of decisions."""
    turn = 0
    while not game.finished:
        await settle(pilot, game)
        if game.finished:
            break
        if game.covered:
            await pilot.press("enter")
            continue
        try:
            check_everything_shows(game)
        except AssertionError:
            # On a busy machine the screen may not have laid out the decision
            # yet (it is drawn only after): look again once it has.
            await pilot.pause(0.3)
            check_everything_shows(game)
        board = game.board
        legal = board.legal
        action = legal[(turn * 5) % len(legal)]
        keys = board.key_for(action.id)
        before = len(game.match.state.history)
        if keys is None:            # an option beyond the tenth: the cursor reaches it
            keys = "enter"
            board.reselect(action)
        await pilot.press(*keys.split())
        await wait_for(pilot, lambda: len(game.match.state.history) > before or game.finished
                       or game.actor is not None and game.match.token() != before,
                       what="the move to be played")
        turn += 1
        assert turn < limit, "the game did not end"
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, EndScreen), what="end screen")
    return turn


@pytest.mark.parametrize("game,players,options", [
    ("ninjan", 5, {}),
    ("san_ni_ichi", 6, {}),
    ("san_ni_ichi", 6, {"teams": True, "advanced": True}),
    ("pride_of_ninja", 5, {"deck": "blue"}),
    ("pride_of_ninja", 5, {"deck": "red"}),
    ("ninjato", 4, {}),
])
async def test_a_whole_game_at_80x24_shows_all_a_player_needs(tmp_path, game, players, options):
    app = make_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        kinds = ["human"] + ["novice"] * (players - 1)
        await app.start_match(MatchSetup(game, plan_seats(players, kinds), 11, options))
        await wait_for(pilot, lambda: app.game_screen is not None)
        screen = app.game_screen
        await settle(pilot, screen)
        assert screen.compact and not screen.too_small
        decisions = await play_at(pilot, screen)
        assert decisions >= 7 and screen.match.state.is_terminal()
        # (on a busy machine the end screen is pushed a moment before it is drawn)
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen) and bool(app.screen.query("#again")),
                       what="the end screen")
        await pilot.pause()
        end = app.screen
        # The end screen: the result and the way on, at the top.
        assert end.query_one("#winner").region.y < SMALL[1]
        assert end.query_one("#again").region.bottom <= SMALL[1] - 1


async def test_below_the_smallest_size_one_line_says_so(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await app.start_match(MatchSetup("ninjan", plan_seats(5, ["human"] + ["novice"] * 4), 3))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await settle(pilot, game)
        line = game.query_one("#too-small")
        assert game.too_small and line.display and line.region.height >= 1
        assert str(line.render()) == "Enlarge the terminal to at least 80×24 (it is 60×20)."
        assert not game.query_one("#game-main").display
        await pilot.press("1")                    # nothing to choose from: nothing played
        assert game.match.state.history == [] and 0 not in game.match.pending
        # Enlarged, the game is there again, as it was.
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not game.too_small and game.query_one("#game-main").display
        check_everything_shows(game)
        await pilot.press("1")
        await wait_for(pilot, lambda: game.match.state.history != [])


async def test_the_prompt_is_one_line_while_the_ai_thinks(tmp_path, monkeypatch):
    """At 140 columns too: the prompt and the AI's progress share one line."""
    import threading
    import ninja_dojo.tui.screens.game as game_module
    release = threading.Event()
    real = game_module.decide

    def slow(*args, **kw):
        release.wait(20)
        return real(*args, **kw)
    monkeypatch.setattr(game_module, "decide", slow)
    app = make_app(tmp_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await app.start_match(MatchSetup("san_ni_ichi", plan_seats(6, ["human"] + ["easy"] * 5), 4))
        await wait_for(pilot, lambda: app.game_screen is not None and app.game_screen.actor == 0)
        game = app.game_screen
        await wait_for(pilot, lambda: game.status.thinking is not None, what="the AI's progress")
        assert game.status.region.height == 1
        assert game.query_one("#status-thinking").region.y == game.status.region.y
        assert game.board.prompt() == game.status.message
        release.set()


async def test_the_hint_and_the_log_open_in_place_of_the_board_and_a_key_goes_back(tmp_path):
    from ninja_dojo.tui.settings import Settings
    app = make_app(tmp_path, settings=Settings(step_pause=0))
    async with app.run_test(size=SMALL) as pilot:
        await app.start_match(MatchSetup("ninjan", plan_seats(5, ["human"] + ["novice"] * 4), 5))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await settle(pilot, game)
        await pilot.press("h")
        await wait_for(pilot, lambda: game.hint_panel.analysis is not None, what="the hint")
        assert game.drawer and not game.board.display and not game.game_log.display
        assert game.hint_panel.region.width == SMALL[0]         # the whole width for it
        await pilot.press("3")                                  # a card's key: back to the board
        await wait_for(pilot, lambda: game.board.display and game.board.cursor == 2)
        assert not game.drawer and not game.hint_panel.display and 0 not in game.match.pending
        await pilot.press("g")                                  # the log, in the board's place
        assert game.drawer and game.game_log.display and not game.board.display
        assert game.game_log.lines_written[0].startswith("Nin Jan for 5")
        await pilot.press("g")
        assert not game.drawer and game.board.display
        await pilot.press("enter")                              # card 3, as selected
        await wait_for(pilot, lambda: game.match.state.history != [])


async def test_a_hint_taller_than_80x24_shows_its_last_lines_with_page_down(tmp_path):
    """Nin Jan, 5 players, the first round: the hint's moves, the others'
    likely cards and its legend take more than the drawer's lines."""
    from ninja_dojo.tui.settings import Settings
    app = make_app(tmp_path, settings=Settings(step_pause=0), hint_iterations=2_000)
    async with app.run_test(size=SMALL) as pilot:
        await app.start_match(MatchSetup("ninjan", plan_seats(5, ["human"] + ["novice"] * 4), 3))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await settle(pilot, game)
        await pilot.press("h")
        await wait_for(pilot, lambda: game.hint_done, what="the hint to finish")
        await pilot.pause()
        panel = game.hint_panel
        assert game.drawer and panel.max_scroll_y > 0 and panel.scroll_y == 0
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        assert panel.scroll_y == panel.max_scroll_y and game.drawer      # the drawer stays
        await pilot.press("pageup", "pageup")
        await pilot.pause()
        assert panel.scroll_y == 0
