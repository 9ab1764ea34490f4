"""The dojo app played by key presses: whole games, hints, hot seat, replay."""
from __future__ import annotations

import random

from ninja_dojo.engine import new_game, save
from ninja_dojo.engine.state import replay
from tests.play import random_moves
from tests.snapshot_apps.dojo_pilot import (late_position, make_app, new_game as setup_by_keys,
                                            play_to_end, settle, start_match, wait_for)
from ninja_dojo.tui.screens.end import EndScreen
from ninja_dojo.tui.screens.game import GameScreen
from ninja_dojo.tui.screens.menu import MenuScreen
from ninja_dojo.tui.screens.replay import ReplayScreen
from ninja_dojo.tui.screens.setup import SetupScreen
from ninja_dojo.tui.games.ninjan.board import NinJanBoard


async def test_menu_rules_and_back(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "RulesScreen")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))


async def test_two_players_human_vs_novice_to_the_end(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await setup_by_keys(pilot, ["human", "novice"], seed=11)
        assert game.match.names == ["You", "Kaede"]
        assert game.match.state.seed == 11
        await play_to_end(pilot, game)
        end = app.screen
        assert isinstance(end, EndScreen)
        state = game.match.state
        assert state.is_terminal()
        assert len([j for j in state.history if len(j) == 2]) == 9   # nine card choices
        log = game.game_log.lines_written
        assert "── Round 9/9 ──" in log
        assert any(line.startswith("Revealed: ") for line in log)
        assert any(" takes pile " in line or " take pile " in line for line in log)
        outcome = state.outcome()
        winner = game.match.names[outcome.winners[0]]
        assert winner in str(end.query_one("#winner").render())
        # The app played the engine's moves: the history replays to the same game.
        assert replay("ninjan", state.options, 11, state.history) == state
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))


async def test_four_players_against_three_novices_and_play_again(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await setup_by_keys(pilot, ["human", "novice", "novice", "novice"], seed=7)
        assert [s.label for s in game.match.seats][1:] == [
            "Kaede (novice AI)", "Jubei (novice AI)", "Sasuke (novice AI)"]
        # Play with the arrow keys and enter as well as with the number keys.
        await pilot.press("right", "right", "enter")
        await play_to_end(pilot, game, keys=("2", "1", "right", "enter"))
        state = game.match.state
        assert state.outcome() is not None and state.view(0)["hand"] == []
        assert sum(1 for line in game.game_log.lines_written if line.startswith("Revealed")) == 9
        await pilot.press("p")                      # play again: the setup, filled in
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        kinds = [app.screen.query_one(f"#seat-{i}").value for i in range(1, 5)]
        assert kinds == ["human", "novice", "novice", "novice"]
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen is not game)
        assert app.screen.match.state.history == []


async def test_hint_shows_every_move_and_goes_with_the_decision(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=5)
        await pilot.press("h")
        panel = game.hint_panel
        await wait_for(pilot, lambda: panel.analysis is not None, what="the hint")
        analysis = panel.analysis
        legal = {a.id for a in game.match.state.legal_actions(0)}
        assert {m.action for m in analysis.moves} == legal
        assert abs(sum(m.share for m in analysis.moves) - 1) < 1e-9
        assert analysis.best.action in legal
        assert analysis.iterations == app.hint_iterations
        shown = panel.shown_text
        assert shown.startswith("Best: " + analysis.best.name.removeprefix("play ") + " (key ")
        for m in analysis.moves:
            assert m.name.removeprefix("play ") in shown and f"{m.value:.0%}" in shown
        # What the numbers mean: the equal share of two players, and the star.
        assert "With 2 players an equal share is 50%" in shown
        assert "at least a fifth as often as the most searched one" in shown
        # What the AI expects: the opponent's likeliest cards (from the
        # search's statistics for that seat: cards it may hold, never its
        # hand read), and the line after the recommended move.
        kaede = analysis.others[1]
        assert kaede and abs(sum(m.share for m in kaede) - 1) < 1e-9
        likely = ", ".join(f"{m.name.removeprefix('play ')} ({m.share:.0%})" for m in kaede[:3])
        assert f"Kaede will most likely play: {likely}" in shown
        assert analysis.line[0].seat == 0 and analysis.line[0].action == analysis.best.action
        if len(analysis.line) > 1:
            assert "Then the AI expects: Kaede " in shown
        # A hint never changes the game.
        assert game.match.state.history == [] and 0 not in game.match.pending
        await pilot.press("h")                       # h again hides it
        assert not panel.display
        await pilot.press("h")
        await wait_for(pilot, lambda: panel.analysis is not None, what="the hint again")
        hand = list(game.board.view["hand"])
        await pilot.click("#card-1")                 # a click plays a card; the new
        await wait_for(pilot, lambda: game.match.state.history != [])   # decision clears it
        await settle(pilot, game)
        assert not panel.display
        assert game.match.state.action(game.match.state.history[0][0][1]).name == "play " + hand[0]


async def test_hot_seat_covers_the_board_between_secret_choices(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["human", "human", "novice"], seed=3)
        assert game.match.names == ["Player 1", "Player 2", "Jubei"]
        assert type(app.screen).__name__ == "CoverScreen"
        assert "Player 1" in str(app.screen.query_one("#cover").render())
        assert game.board.view["hand"] == []          # nothing shows under the cover
        await pilot.press("1")                        # refused: the board is covered
        assert game.match.pending == {} or set(game.match.pending) == {2}
        await pilot.press("enter")
        await settle(pilot, game)
        assert game.viewer == 0 and len(game.board.view["hand"]) == 9
        hand0 = list(game.board.view["hand"])
        await pilot.press("1")
        await settle(pilot, game)
        assert type(app.screen).__name__ == "CoverScreen"
        assert "Player 2" in str(app.screen.query_one("#cover").render())
        assert game.board.view["hand"] == []          # Player 1's hand is gone
        await pilot.press("enter")
        await settle(pilot, game)
        assert game.viewer == 1 and game.board.view["hand"] != hand0
        await pilot.press("1")
        await settle(pilot, game)
        seat, action = game.match.state.history[0][0]
        assert seat == 0 and game.match.state.action(action).name == "play " + hand0[0]
        if game.covered:                              # round 2: Player 1 again
            assert "Player 1" in str(app.screen.query_one("#cover").render())


async def test_replay_steps_through_the_history(tmp_path):
    path = tmp_path / "late.msgpack"
    late = late_position(2, seed=21)
    save(late, path)
    app = make_app(tmp_path, load=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        log = game.game_log.lines_written
        assert log[0].startswith("The deal. Nin Jan for 2")       # the story so far...
        assert log.count("── Round 8/9 ──") == 1
        loaded = log.index(f"Game loaded after {len(late.history)} moves.")
        # Round 9: one card left each; yours is played for you, and said so.
        last = late.view(0)["hand"][0]
        assert log[loaded + 1] == f"You: {last}, the only move left (played for you)."
        await play_to_end(pilot, game)
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        rs = app.screen
        history = game.match.state.history
        assert rs.index == len(history)
        assert rs.check_action("step", (1,)) is None   # nothing after the end
        await pilot.press("home")
        assert rs.index == 0
        board = rs.query_one(NinJanBoard)
        assert board.view["round"] == 1 and board.view["won"] == [[], []]
        await pilot.press("right", "right", "right")
        assert rs.index == 3
        expected = replay("ninjan", game.match.state.options, 21, history[:3])
        assert board.view == expected.view(rs.viewer)
        await pilot.press("left")
        assert rs.index == 2
        await pilot.press("v")                       # the game is over: any hand may show
        assert rs.viewer != 0
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))


async def test_replay_mid_game_shows_only_your_hand(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start_match(pilot, ["human", "novice"], seed=21)
        await pilot.press("1")
        await settle(pilot, game)
        await pilot.press("r")                       # r replays, in the game as at its end
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert app.screen.viewers == [0]
        assert app.screen.check_action("viewer", ()) is None
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is game)


def test_story_folds_the_steps_onto_the_engine_state():
    """The step-by-step display ends on exactly the engine's board."""
    names = ["A", "B", "C", "D", "E"]
    for players in (2, 3, 4, 5):
        rng = random.Random(players)
        s = new_game("ninjan", players, seed=1000 + players)
        for before, after, steps, moves in random_moves(s, rng):
            frames = NinJanBoard.story(before, after, steps, names[:players], moves)
            last = frames[-1].view
            for key in ("piles", "pile_sums", "won", "scores"):
                assert last[key] == after[key], key
            assert all(f.line for f in frames)
