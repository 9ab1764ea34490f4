"""Take it back before the reveal.  By default a number key selects and
enter plays; until every choice is in (the AI still thinking, or at one
keyboard until the next person takes it) ``u`` takes a choice back.  With
one-key choosing (a setting) a number plays at once and the reveal waits a
moment for ``u``.  A take-back never shows what the seat could not see."""
from __future__ import annotations

import threading

import ninja_dojo.tui.screens.game as game_module
from tests.snapshot_apps.dojo_pilot import make_app, settle, wait_for
from ninja_dojo.tui.match import MatchSetup, plan_seats
from ninja_dojo.tui.screens.cover import CoverScreen
from ninja_dojo.tui.settings import Settings

SIZE = (120, 40)
#: the defaults, but no recap to dismiss and no pauses: these tests are about choosing
CONFIRM = Settings(recap_seconds=0.01, step_pause=0)


def slow_ai(monkeypatch) -> threading.Event:
    """The AI waits for the returned event before it decides."""
    release = threading.Event()
    real = game_module.decide

    def slow(*args, **kw):
        release.wait(20)
        return real(*args, **kw)
    monkeypatch.setattr(game_module, "decide", slow)
    return release


async def start(app, pilot, kinds, seed, game="ninjan"):
    await app.start_match(MatchSetup(game, plan_seats(len(kinds), kinds), seed))
    await wait_for(pilot, lambda: app.game_screen is not None and
                   (app.game_screen.actor is not None or app.game_screen.covered))
    return app.game_screen


async def test_a_number_selects_enter_plays_and_u_takes_it_back_until_the_reveal(tmp_path,
                                                                                 monkeypatch):
    release = slow_ai(monkeypatch)
    app = make_app(tmp_path, settings=CONFIRM)
    async with app.run_test(size=SIZE) as pilot:
        game = await start(app, pilot, ["human", "novice", "novice"], seed=7)
        board, m = game.board, game.match
        hand = list(board.view["hand"])
        seen_before = board.view
        await pilot.press("3")                              # selects card 3: nothing played
        assert m.pending == {} and board.cursor == 2
        assert game.status.message.endswith(f" · enter: {hand[2]}")
        await pilot.press("5")                              # changed my mind
        assert m.pending == {} and game.status.message.endswith(f" · enter: {hand[4]}")
        await pilot.press("enter")
        assert m.pending[0].name == f"play {hand[4]}" and game.actor is None
        assert game.check_action("take_back", ()) is True
        assert "u takes your choice back" in game.status.message
        await pilot.press("u")                              # a mis-key: taken back
        assert 0 not in m.pending and game.actor == 0 and m.state.history == []
        assert board.cursor == 4                            # on the card taken back
        assert board.view == seen_before                    # nothing new is shown
        assert "You took your choice back." in game.game_log.lines_written
        await pilot.press("2", "enter")
        assert m.pending[0].name == f"play {hand[1]}"
        release.set()                                       # the AIs choose: the reveal
        await settle(pilot, game)
        assert m.state.action(dict(m.state.history[0])[0]).name == f"play {hand[1]}"
        assert game.check_action("take_back", ()) is False  # too late now


async def test_one_key_plays_at_once_and_the_reveal_waits_for_a_take_back(tmp_path):
    # A hold far longer than the test while u must find it (a loaded machine
    # cannot let it run out), then 1 s to see it run out by itself.
    app = make_app(tmp_path, settings=CONFIRM.with_(one_key=True, take_back_seconds=60))
    async with app.run_test(size=SIZE) as pilot:
        game = await start(app, pilot, ["human", "novice"], seed=5)
        m = game.match
        await wait_for(pilot, lambda: m.waiting() == [0], what="the AI's choice")
        hand = list(game.board.view["hand"])
        await pilot.press("1")                              # played at once...
        assert game.holding and m.pending[0].name == f"play {hand[0]}"
        assert "u takes it back" in game.status.message
        await pilot.press("u")                              # ...and taken back in time
        assert not game.holding and 0 not in m.pending and m.state.history == []
        assert 1 in m.pending                               # the AI's choice stays, unseen
        assert game.board.view["played"] == [None, None]
        await pilot.press("2", "enter")                     # enter: reveal now
        await wait_for(pilot, lambda: m.state.history != [])
        assert m.state.action(dict(m.state.history[0])[0]).name == f"play {hand[1]}"
        await settle(pilot, game)
        before = len(m.state.history)
        app.settings = app.settings.with_(take_back_seconds=1)
        await pilot.press("1")                              # left alone: revealed after 1 s
        assert game.holding
        await wait_for(pilot, lambda: len(m.state.history) > before, timeout=5)


async def test_at_one_keyboard_the_cover_offers_the_take_back_and_hides_the_hand(tmp_path):
    app = make_app(tmp_path, settings=CONFIRM)
    async with app.run_test(size=SIZE) as pilot:
        game = await start(app, pilot, ["human", "human", "novice"], seed=3)
        assert game.covered
        await pilot.press("enter")                          # Player 1 takes the keyboard
        await settle(pilot, game)
        hand0 = list(game.board.view["hand"])
        await pilot.press("4", "enter")
        await wait_for(pilot, lambda: game.covered, what="the cover for Player 2")
        cover = app.screen
        assert isinstance(cover, CoverScreen) and cover.undo == 0
        assert "to take your choice back" in str(cover.query_one("#cover").render())
        assert game.board.view["hand"] == []                # nothing shows under the cover
        await pilot.press("u")                              # Player 1, before passing it on
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen) and app.screen.seat == 0,
                       what="the cover for Player 1 again")
        assert 0 not in game.match.pending
        assert game.board.view["hand"] == []                # still covered: whoever holds it
        await pilot.press("enter")
        await settle(pilot, game)
        assert game.viewer == 0 and game.board.view["hand"] == hand0
        await pilot.press("1", "enter")
        await wait_for(pilot, lambda: game.covered and app.screen.seat == 1)
        await pilot.press("enter")                          # Player 2 has it now: too late
        await settle(pilot, game)
        assert game.viewer == 1 and game.board.view["hand"] != hand0
        assert game.check_action("take_back", ()) is False  # Player 1's choice is not theirs
        await pilot.press("u")
        assert game.match.pending[0].name == f"play {hand0[0]}"
        said = [n.message for n in app._notifications]
        assert said[-1] == "Take-back: the keyboard has passed on since that choice"


def said(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_where_nothing_can_be_taken_back_u_says_why_in_one_line(tmp_path):
    """``u`` used to do nothing and say nothing once the cards were revealed."""
    app = make_app(tmp_path, settings=CONFIRM)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(app, pilot, ["human", "novice"], seed=5)
        await settle(pilot, game)
        await pilot.press("u")
        assert said(app)[-1] == "Take-back: nothing has been chosen yet"
        await pilot.press("1", "enter")                     # the AI has chosen: the reveal
        await wait_for(pilot, lambda: len(game.match.state.history) >= 1, what="the reveal")
        await settle(pilot, game)
        state = game.match.state.clone()
        assert game.check_action("take_back", ()) is False
        await pilot.press("u")
        assert said(app)[-1] == "Take-back: the cards are already revealed"
        await pilot.press("backspace")
        assert said(app)[-1] == "Take-back: the cards are already revealed"
        assert game.match.state == state and 0 not in game.match.pending     # nothing changed
        # Hidden from the footer, as before: the key is there only to say why.
        assert "Take back" not in [b.binding.description for b in app.active_bindings.values()
                                   if b.binding.show and b.enabled]


async def test_u_says_why_while_the_round_is_shown(tmp_path):
    app = make_app(tmp_path, settings=CONFIRM, step_pause=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(app, pilot, ["human", "novice"], seed=5)
        await settle(pilot, game)
        await pilot.press("1", "enter")
        await wait_for(pilot, lambda: game.showing, what="the reveal's show")
        await pilot.press("u")
        assert said(app)[-1] == "Take-back: the cards are already revealed"


async def test_in_a_game_of_turns_u_takes_back_my_moves_until_something_hidden_shows(tmp_path):
    """Ninjato: within my turn, ``u`` undoes my last decision (and the moves
    forced after it) as long as it showed me nothing hidden; a draw or a
    Guard turned up makes it stand, and ``u`` says so."""
    from tests.test_tui_ninjato import play_by_keys
    app = make_app(tmp_path, settings=CONFIRM)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(app, pilot, ["human", "novice"], seed=4, game="ninjato")
        m = game.match

        def mine_last() -> bool:
            h = m.state.history
            return bool(h) and len(h[-1]) == 1 and h[-1][0][0] == 0 and game.actor == 0

        await play_by_keys(pilot, game, {}, enter=True,
                           until=lambda: mine_last() and game.can_take_back())
        await settle(pilot, game)
        back = m.turn_take_back(0)
        before, taken = m.state.clone(), back[0].before
        assert "Take back" in [b.binding.description for b in app.active_bindings.values()
                               if b.binding.show and b.enabled]
        await pilot.press("u")
        await settle(pilot, game)
        assert m.state == taken and game.actor == 0 and len(m.state.history) < len(before.history)
        assert game.game_log.lines_written[-1].startswith("You took back: ")
        assert game.status.message.startswith("Taken back. ")
        # The autosave has the game as it is now.
        from ninja_dojo.engine import load_game
        assert load_game(game.autosave.path).state == m.state
        # A move that showed a hidden card stands.
        await play_by_keys(pilot, game, {}, enter=True,
                           until=lambda: mine_last() and not game.can_take_back())
        await settle(pilot, game)
        state = m.state.clone()
        await pilot.press("u")
        assert said(app)[-1] == "Take-back: your last move showed a hidden card (a draw, a Guard): it stands"
        assert m.state == state
