"""Pride of Ninja in the dojo app, played by key presses against novice AIs.

A pick is two keys: the card (1-7, or ←/→), then its row (f front row, b face
down to the back row, or ↑/↓ and enter).  ``play_by_keys`` varies the card,
the row and the keys used, so that games meet face-down picks and a row
that is full (the other row is then the only one offered).
"""
from __future__ import annotations

import io
import random
import re

from rich.console import Console

from ninja_dojo import engine
from ninja_dojo.engine import Action, new_game
from ninja_dojo.engine.state import Outcome, replay
from tests.play import random_moves
from tests.snapshot_apps.dojo_pilot import make_app, set_choice, settle, type_path, wait_for
from ninja_dojo.tui.match import MatchSetup, plan_seats
from ninja_dojo.tui.screens.end import EndScreen
from ninja_dojo.tui.screens.game import GameScreen
from ninja_dojo.tui.screens.load import LoadScreen
from ninja_dojo.tui.screens.save import SaveScreen
from ninja_dojo.tui.screens.setup import SetupScreen
from ninja_dojo.engine.pride_of_ninja.notation import describe, parse_action
from ninja_dojo.tui.games.pride_of_ninja.board import PrideOfNinjaBoard
from ninja_dojo.tui.games.pride_of_ninja.cards import abilities, ability_lines


def split_action(name: str) -> tuple[str, str]:
    """The card and the row of an action's name, read by the engine's notation."""
    args = describe(parse_action(name))[1]
    return args["card"], args["row"]

GAME = "pride_of_ninja"
SIZE = (120, 40)


def text_of(widget) -> str:
    """What a Static shows, as plain text (a rich Table too)."""
    console = Console(width=116, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


def _setup(kinds, seed, **options) -> MatchSetup:
    return MatchSetup(GAME, plan_seats(len(kinds), kinds), seed, options)


def planned_keys(board: PrideOfNinjaBoard, turn: int, back_every: int = 4
                 ) -> tuple[list[str], Action]:
    """The keys for this pick and the action they must play: a card chosen
    by the turn number, the back row every ``back_every`` picks (when it has
    room), and now and then the arrows and enter instead of a number and f/b."""
    opts = board.options()
    i = (turn * 3) % len(opts)
    rows = board.legal_rows()
    row = "back" if (turn % back_every == 1 and "back" in rows) or rows == ["back"] else "front"
    action = opts[i][1][row]
    if turn % 4 == 3:       # arrows: from the first card, then ↑/↓ and enter
        keys = ["right"] * i + ["up" if row == "front" else "down", "enter"]
    else:
        keys = [str(i + 1), row[0]]
    return keys, action


async def play_by_keys(pilot, game: GameScreen, seen: dict, until=None, limit: int = 120,
                       back_every: int = 4) -> None:
    """Pick by keys until the end screen (or ``until()``), checking that each
    pick played is the one the keys meant."""
    turn = seen.setdefault("turns", 0)
    while not game.finished:
        await settle(pilot, game)
        if game.finished or (until is not None and until()):
            break
        board = game.board
        keys, action = planned_keys(board, turn, back_every)
        if board.legal_rows() != ["front", "back"]:
            seen["forced"] = seen.get("forced", 0) + 1
        if split_action(action.name)[1] == "back":
            seen["face down"] = seen.get("face down", 0) + 1
        before = len(game.match.state.history)
        await pilot.press(*keys)
        await wait_for(pilot, lambda: len(game.match.state.history) > before or game.finished,
                       what="the pick to be played")
        assert dict(game.match.state.history[before])[0] == action.id, (keys, action)
        turn += 1
        assert turn < limit, "the game did not end"
    seen["turns"] = turn
    if until is None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, EndScreen), what="end screen")


def check_story(log: list[str], names: list[str], state) -> None:
    """The log told each round: picks, the reveal, each initiative, the scoring."""
    rounds = state.view(-1)["last_round"]["round"]
    for r in range(1, rounds + 1):
        assert f"── Round {r} ──" in log and f"── Round {r}: resolution ──" in log, r
    assert sum(line.startswith("Back rows revealed: ") for line in log) == rounds
    assert sum(line.startswith("Scoring: ") for line in log) == rounds
    assert any(re.match(r"Initiative \d \(", line) for line in log)
    assert not any(re.search(r"\bseats? \d", line) for line in log)   # names, not seats


async def test_four_players_blue_set_up_by_keys_played_to_the_end(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        await set_choice(pilot, "game-choice", GAME)
        await pilot.pause()
        # The deck comes from the game's OPTIONS; Blue is the default.
        assert setup.query_one("#option-deck").value == "blue"
        await set_choice(pilot, "players-choice", 4)
        for i in range(2, 5):
            await set_choice(pilot, f"seat-{i}", "novice")
        setup.query_one("#seed").focus()
        await pilot.press("5", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        await settle(pilot, game)
        state = game.match.state
        assert state.options == {"players": 4, "deck": "blue"} and state.seed == 5
        board = game.board
        assert isinstance(board, PrideOfNinjaBoard)
        head = str(board.query_one("#pon-head").render())
        assert "Blue deck" in head and "first to 20 PP" in head and "pick 1 of 7" in head
        # The highlighted card's ability, in the rules' words.
        hand = board.view["hand"]
        details = str(board.query_one("#pon-details").render())
        assert details.startswith(hand[0]) and "TP" in details

        seen: dict = {}
        await play_by_keys(pilot, game, seen)
        state = game.match.state
        assert state.is_terminal()
        assert seen.get("face down", 0) > 3 and seen.get("forced", 0) > 0, seen
        assert replay(GAME, state.options, 5, state.history) == state
        log = game.game_log.lines_written
        check_story(log, game.match.names, state)
        assert state.view(-1)["last_round"]["round"] >= 2           # several rounds
        end = app.screen
        outcome = state.outcome()
        line = str(end.query_one("#winner").render())
        assert game.match.names[outcome.winners[0]] in line and f"{max(outcome.scores)} PP" in line
        assert log[-2].startswith("PP: ") and log[-1] == line
        await pilot.press("m")


async def test_five_players_red_to_the_end(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.start_match(_setup(["human"] + ["novice"] * 4, seed=3, deck="red"))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await settle(pilot, game)
        board = game.board
        v = board.view
        assert v["goal"] == 15 and v["hand_size"] == 6
        # Everyone starts with the 5-player card, a Kunoichi, in the back row.
        players = text_of(board.query_one("#pon-players"))
        assert players.count("Kunoichi") == 5 and "Secrecy" in players
        assert "Your Secrecy now: 0" in str(board.query_one("#pon-details").render())

        seen: dict = {}
        await play_by_keys(pilot, game, seen, back_every=2)
        state = game.match.state
        assert state.is_terminal() and max(state.scores()) >= 15
        assert seen.get("forced", 0) > 0, seen        # only 2 places left in the back row
        assert replay(GAME, state.options, 3, state.history) == state
        log = game.game_log.lines_written
        check_story(log, game.match.names, state)
        assert any(line.startswith("Back rows revealed: ") and " Secrecy: You " in line
                   for line in log)
        end = app.screen
        table = text_of(end.query_one("#scores"))
        assert "Kunoichi (final round)" in table and "Slain (final round)" in table


async def test_a_face_down_pick_stays_hidden_and_a_full_row_is_not_offered(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.start_match(_setup(["human"] + ["novice"] * 4, seed=8))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await settle(pilot, game)
        board = game.board
        card = board.view["hand"][1]
        await pilot.press("2", "b")                  # card 2, face down
        await settle(pilot, game)
        state = game.match.state
        assert dict(state.history[0])[0] == state.action(f"{card} face down to the back row", 0).id
        assert board.view["back_rows"][0] == ["Ninja", card]      # the 5-player card, then yours
        # The others see that a card went face down, not which.
        assert state.view(1)["back_rows"][0] == ["Ninja", None]
        line = game.game_log.lines_written[-1]
        assert line.startswith("Pick 1 of 6: ") and f"You ({card})" in line
        for seat, _, row in _picks(state, 0):
            if seat and row == "back":
                assert f"{game.match.names[seat]} (" not in line

        await pilot.press("1", "b")                  # the back row is full now (3 of 3)
        await settle(pilot, game)
        assert len(board.view["back_rows"][0]) == 3
        assert board.legal_rows() == ["front"]
        assert board.check_action("place", ("back",)) is None    # b is not offered
        assert board.check_action("place", ("front",)) is True
        assert "back row is full" in board.prompt()
        before = len(game.match.state.history)
        await pilot.press("b")                       # refused, with a word why
        await pilot.pause()
        assert len(game.match.state.history) == before and 0 not in game.match.pending
        assert "full" in str(board.query_one("#pon-row-back").render())
        await pilot.press("down", "enter")           # ↓ cannot choose the full row either
        await settle(pilot, game)
        last = dict(game.match.state.history[before])[0]
        assert split_action(game.match.state.action(last).name)[1] == "front"


async def test_save_mid_draft_and_load_restores_exactly(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.start_match(_setup(["human", "novice", "novice", "novice"], seed=21))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        seen: dict = {}
        # Into round 2, three picks in: rows, PP and a passed hand to restore.
        await play_by_keys(pilot, game, seen,
                           until=lambda: game.match.state.view(0)["round"] == 2
                           and game.match.state.view(0)["pick"] == 3)
        saved = game.match.state.clone()
        shown = game.board.view
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        await type_path(pilot, "draft")
        await wait_for(pilot, lambda: app.screen is game)
        assert engine.load(tmp_path / "draft.msgpack") == saved
        await play_by_keys(pilot, game, seen,
                           until=lambda: len(game.match.state.history) > len(saved.history))
        assert game.match.state != saved
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen))
        await type_path(pilot, "draft.msgpack")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen is not game)
        game = app.screen
        await settle(pilot, game)
        state = game.match.state
        assert state == saved and state.history == saved.history
        assert game.board.view == shown == saved.view(0)
        assert game.game_log.lines_written[-1] == f"Game loaded after {len(saved.history)} moves."
        assert "── Round 1: resolution ──" in game.game_log.lines_written


async def test_hint_names_the_keys_of_a_pick(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.start_match(_setup(["human", "novice", "novice", "novice"], seed=4))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await settle(pilot, game)
        await pilot.press("h")
        panel = game.hint_panel
        await wait_for(pilot, lambda: panel.analysis is not None, what="the hint")
        best = panel.analysis.best
        keys = game.board.key_for(best.action)
        assert re.fullmatch(r"[1-7] [fb]", keys)
        words = game.board.action_text(engine.action_of(GAME, best.action))
        assert words == f"{split_action(best.name)[0]} · " + (
            "face down" if split_action(best.name)[1] == "back" else "front row")
        assert panel.shown_text.startswith(f"Best: {words} (key {keys})")
        assert {m.action for m in panel.analysis.moves} == \
            {a.id for a in game.match.state.legal_actions(0)}
        await pilot.press(*keys.split())
        await wait_for(pilot, lambda: game.match.state.history != [])
        assert dict(game.match.state.history[0])[0] == best.action


async def test_hot_seat_covers_the_board_and_hides_each_face_down_pick(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.start_match(_setup(["human", "human", "novice", "novice"], seed=6))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await wait_for(pilot, lambda: game.covered, what="the cover")
        assert "Player 1" in str(app.screen.query_one("#cover").render())
        assert game.board.view["hand"] == []            # nothing shows under the cover
        await pilot.press("enter")
        await settle(pilot, game)
        assert game.viewer == 0
        card = game.board.view["hand"][0]
        await pilot.press("1", "b")
        await wait_for(pilot, lambda: game.covered, what="the cover for Player 2")
        assert "Player 2" in str(app.screen.query_one("#cover").render())
        await pilot.press("enter")
        await settle(pilot, game)
        assert game.viewer == 1 and game.board.view["back_rows"][0] == []
        await pilot.press("1", "f")
        await wait_for(pilot, lambda: game.covered, what="the cover for the next pick")
        line = next(x for x in game.game_log.lines_written if x.startswith("Pick 1 of 7: "))
        assert "face down Player 1" in line and "Player 1 (" not in line
        await pilot.press("enter")                      # Player 1 sees their own card...
        await settle(pilot, game)
        assert game.viewer == 0 and game.board.view["back_rows"][0] == [card]
        await pilot.press("1", "f")
        await wait_for(pilot, lambda: game.covered, what="the cover for Player 2")
        await pilot.press("enter")                      # ...Player 2 only that it is there
        await settle(pilot, game)
        assert game.viewer == 1 and game.board.view["back_rows"][0] == [None]
        assert "1 face down" in text_of(game.board.query_one("#pon-players"))


def test_snapshot_mid_draft(snap_compare, tmp_path):
    """Seed 11, four players, round 1: two picks made (one face down), the
    cursor on card 3 and the back row chosen with ↓."""
    async def run_before(pilot):
        app = pilot.app
        await app.start_match(_setup(["human", "novice", "novice", "novice"], seed=11))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await settle(pilot, game)
        await pilot.press("1", "f")
        await settle(pilot, game)
        await pilot.press("2", "b")
        await settle(pilot, game)
        await pilot.press("3", "down")
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


# ---------------------------------------------------------- without the app
def _picks(state, t: int):
    """``(seat, card, row)`` of joint pick ``t`` of the history."""
    return [(s, *split_action(state.action(a).name)) for s, a in state.history[t]]


def test_story_ends_on_the_engine_scores_and_hides_face_down_cards():
    names = ["You", "Kaede", "Jubei", "Sasuke", "Goemon"]
    for players in (3, 4, 5):
        for deck in ("blue", "red"):
            rng = random.Random(players * 10 + len(deck))
            s = new_game(GAME, players, seed=100 + players, deck=deck)
            rounds = 0
            for before, after, steps, moves in random_moves(s, rng):
                frames = PrideOfNinjaBoard.story(before, after, steps, names[:players], moves)
                assert all(f.line for f in frames)
                # A face-down pick of another player is never named.
                first = frames[0].line
                for seat, a in moves.items():
                    card, row = split_action(a.name)
                    if row == "back" and seat != 0:
                        assert f"{names[seat]} ({card})" not in first
                if steps:
                    rounds += 1
                    last = frames[-1].view["resolution"]
                    assert last["pp"] == after["last_round"]["pp_after"] == s.view(0)["pp"]
                    assert last["tp"] == after["last_round"]["tp"]
                    assert frames[-1].line.startswith("Scoring: ")
                    kinds = [f.line.split(" ")[0] for f in frames]
                    assert "Back" in kinds and "Initiative" in kinds
                else:
                    assert frames[-1].view == after
            assert rounds >= 1


def test_every_card_has_its_ability_on_screen():
    table = abilities()
    for deck in ("blue", "red"):
        for name, initiative, _ in engine.game_module(GAME).cards(deck, 4):
            rows = table.get(name)
            assert rows and (set(rows) == {"either"} or set(rows) == {"front", "back"}), name
            text = ability_lines(name, initiative, "front").plain
            assert text.startswith(f"{name} (initiative {initiative})")
            assert "**" not in text and "chosen" not in text, text
    assert "4 or more → 6" in table["Kunoichi"]["either"]     # the bonus, not "above"


def test_the_end_line_names_the_tie_break():
    view = {"deck": "blue", "last_round": {"slain": [True, False, False],
                                           "front_rows": [["Ninja"], ["Ninja"], []],
                                           "back_rows": [[], ["Ninja"], []]}}
    names = ["You", "Kaede", "Jubei"]
    line = PrideOfNinjaBoard.result_line(Outcome((20, 20, 3), (1,), (0, 1, 0)), names, view)
    assert line == "Kaede wins with 20 PP! (Tied on PP: not Slain in the final round.)"
    view["last_round"]["slain"] = [False, False, False]
    line = PrideOfNinjaBoard.result_line(Outcome((20, 20, 3), (1,), (0, 1, 0)), names, view)
    assert line.endswith("(Tied on PP: more Ninja in the final round.)")
    line = PrideOfNinjaBoard.result_line(Outcome((20, 20, 3), (0, 1), (.5, .5, 0)), names, view)
    assert line.startswith("You and Kaede share the victory with 20 PP each")
    assert PrideOfNinjaBoard.result_line(Outcome((9, 21, 3), (1,), (0, 1, 0)), names, view) == \
        "Kaede wins with 21 PP!"
