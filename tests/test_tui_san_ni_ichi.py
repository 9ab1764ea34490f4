"""San, Ni, Ichi! in the dojo app, played by key presses against novice AIs.

The seeds are chosen so that, with the key policy of ``play_by_keys`` (play
a weapon when the hand holds one, else the first card; take option 1),
the person at the keyboard meets every kind of decision: where an attack
card goes, a slide, a Block, a Tonfa and its discard, a Sai, a Shuriken, a
Zen Attack, and a Smoke Bomb when their pile is about to become damage.
"""
from __future__ import annotations

import random
import re

from ninja_dojo import engine
from ninja_dojo.engine import new_game
from ninja_dojo.engine.san_ni_ichi.rules import STEP_KINDS
from ninja_dojo.engine.state import replay
from tests.play import random_moves, random_joint
from tests.snapshot_apps.dojo_pilot import make_app, set_choice, settle, type_path, wait_for
from ninja_dojo.tui.match import Match, plan_seats
from ninja_dojo.tui.screens.end import EndScreen
from ninja_dojo.tui.screens.game import GameScreen
from ninja_dojo.tui.screens.load import LoadScreen
from ninja_dojo.tui.screens.save import SaveScreen
from ninja_dojo.tui.screens.setup import SetupScreen
from ninja_dojo.tui.games.san_ni_ichi.board import SanNiIchiBoard
from ninja_dojo.tui.games.san_ni_ichi.words import action_label, action_seats, step_words as narrate

GAME = "san_ni_ichi"


def decision_name(board: SanNiIchiBoard) -> str:
    """What the board asks now, in the game's words: the decision kind, or
    for a resolving card the kind of card (attack, Tonfa, Sai, ...)."""
    d = board.view["decision"]
    if d["kind"] != "card":
        return d["kind"]
    card = d["card"]
    return "attack" if card[0].isdigit() else card.split()[0]


def card_key(board: SanNiIchiBoard) -> str:
    """To play: the key of the first weapon in the hand (not the Smoke Bomb,
    which is kept to dodge damage), else of the first card.  The Tonfa's
    discard: the first card."""
    hand = board.view["hand"]
    if board.view["decision"]["kind"] != "choose":
        return "1"
    for i, card in enumerate(hand):
        if not card[0].isdigit() and card != "Smoke Bomb":
            return str(i + 1)
    return "1"


async def play_by_keys(pilot, game: GameScreen, seen: list[str], until=None) -> None:
    """Answer every decision by key until the end screen (or ``until()``):
    ``card_key`` for a card of the hand, option 1 otherwise."""
    presses = 0
    while not game.finished:
        await settle(pilot, game)
        if game.finished or (until is not None and until()):
            return
        if game.covered:
            await pilot.press("enter")
            continue
        board = game.board
        seen.append(decision_name(board))
        await pilot.press(card_key(board) if board.mode == "card" else "1")
        presses += 1
        assert presses < 80, "the game did not end"
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, EndScreen), what="end screen")


async def test_four_players_in_teams_set_up_by_keys_saved_loaded_to_the_end(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        # The setup screen offers the game's options from its OPTIONS table.
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        await set_choice(pilot, "game-choice", GAME)
        await pilot.pause()
        assert {r.key for r in setup.query("OptionRow")} == {"deck", "teams", "advanced"}
        await set_choice(pilot, "players-choice", 5)
        await set_choice(pilot, "option-teams", True)
        assert "team play is for 4 or 6 players" in str(setup.query_one("#setup-error").render())
        assert "partners sit opposite" in str(setup.query_one("#setup-option-help").render())
        await pilot.press("enter")                     # refused: still the setup screen
        assert app.screen is setup
        await set_choice(pilot, "players-choice", 4)
        for i in range(2, 5):
            await set_choice(pilot, f"seat-{i}", "novice")
        assert str(setup.query_one("#setup-error").render()) == ""
        setup.query_one("#seed").focus()
        await pilot.press("1", "1", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        state = game.match.state
        assert state.options == {"players": 4, "deck": "standard", "teams": True,
                                 "advanced": False}
        assert game.match.names == ["You", "Kaede", "Jubei", "Sasuke"]
        await settle(pilot, game)
        board = game.board
        assert isinstance(board, SanNiIchiBoard)
        teams = str(board.query_one("#sni-teams").render())
        assert "You + Jubei" in teams and "Kaede + Sasuke" in teams
        weapons = str(board.query_one("#sni-weapons").render())
        assert all(part in weapons for w in board.view["weapons"] for part in w.split())

        # Play to round 4, save, play on, load the save: the same position.
        seen: list[str] = []
        await play_by_keys(pilot, game, seen, until=lambda: game.match.state.view(0)["round"] >= 4)
        saved = game.match.state.clone()
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        await type_path(pilot, "teams")
        await wait_for(pilot, lambda: app.screen is game)
        assert engine.load(tmp_path / "teams.msgpack") == saved
        await pilot.press(card_key(game.board))
        await settle(pilot, game)
        assert game.match.state.history != saved.history
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen))
        await type_path(pilot, "teams.msgpack")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen is not game)
        game = app.screen
        assert game.match.state == saved and game.match.state.history == saved.history
        assert game.match.state.options["teams"] is True
        log = game.game_log.lines_written
        assert log.count("── Round 3/7 ──") == 1 and log[-1].startswith("Game loaded after")

        await play_by_keys(pilot, game, seen)
        state = game.match.state
        assert state.is_terminal()
        # The Sai, an attack card and the Smoke Bomb were all answered by key.
        assert {"choose", "attack", "Sai", "smoke bomb"} <= set(seen), seen
        assert replay(GAME, state.options, 11, state.history) == state
        log = game.game_log.lines_written
        assert "── Round 7/7 ──" in log
        # (seat 11: the Smoke Bomb saves the partner's pile; the player who plays it draws)
        assert any(re.fullmatch(r"You play a Smoke Bomb for Jubei's pile and draw .+", line)
                   for line in log), log
        assert not any(re.search(r"\bseats? \d", line) for line in log)   # names, not seats
        # Lowest team total wins; the end screen says so and ranks the teams.
        end = app.screen
        v = state.view(-1)
        winners = state.outcome().winners
        best = min(v["side_scores"])
        assert all(v["side_scores"][w] == best for w in winners)
        line = str(end.query_one("#winner").render())
        assert "between them" in line or "share the win" in line
        assert all(game.match.names[w] in line for w in winners)
        assert f"Teams: You + Jubei {v['side_scores'][0]}" in log[-2]
        await pilot.press("m")


async def test_six_players_every_weapon_decision_by_key_to_the_end(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.start_match(_setup(["human"] + ["novice"] * 5, seed=72))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        assert game.match.names[5] == "Kotaro"          # six different ninjas
        seen: list[str] = []
        await play_by_keys(pilot, game, seen)
        assert {"choose", "Block", "Tonfa", "tonfa discard", "Zen", "Sai", "Shuriken",
                "slide"} <= set(seen), str(seen)
        state = game.match.state
        assert replay(GAME, state.options, 72, state.history) == state
        log = game.game_log.lines_written
        assert sum(line.startswith("Revealed: ") for line in log) == 7
        for words in ("You block", "You play Tonfa", "You play Sai", "You throw Shuriken",
                      "You put Zen Attack", "You slide your pile to "):
            assert any(line.startswith(words) for line in log), words
        end = app.screen
        assert isinstance(end, EndScreen)
        outcome = state.outcome()
        assert "least damage" in str(end.query_one("#winner").render()) or len(outcome.winners) > 1
        assert min(outcome.scores) == outcome.scores[outcome.winners[0]]


async def test_a_decision_by_mouse_and_the_hint_in_the_games_words(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.start_match(_setup(["human", "novice", "novice", "novice"], seed=7,
                                     teams=True))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await settle(pilot, game)
        hand = list(game.board.view["hand"])
        await pilot.click("#sni-card-1")                 # a click plays a card
        await settle(pilot, game)
        first = game.match.state.history[0]
        assert game.match.state.action(dict(first)[0]).name == "play " + hand[0]
        board = game.board
        assert board.mode == "option"
        # The options name players, not seats, and show what they would touch.
        labels = [label for label, _ in board.options()]
        assert all(not re.search(r"\bseat \d", label) for label in labels), labels
        assert labels[-1].startswith("discard your ")
        await pilot.press("h")
        await wait_for(pilot, lambda: game.hint_panel.analysis is not None, what="the hint")
        shown = game.hint_panel.shown_text
        best = game.hint_panel.analysis.best
        assert shown.startswith(f"Best: {board.action_text(engine.action_of(GAME, best.action))}"
                                f" (key {board.key_for(best.action)})")
        # A click on a player picks the option aimed at them.
        aimed = [(action_seats(a), a) for _, a in board.options()]
        target, option = next((seats[0], a) for seats, a in aimed if len(seats) == 1)
        before = len(game.match.state.history)
        await pilot.click(f"#sni-seat-{target + 1}")
        await wait_for(pilot, lambda: len(game.match.state.history) > before)
        assert game.match.state.history[before] == ((0, option.id),)


async def test_hot_seat_covers_the_board_before_a_tonfa_discard(tmp_path):
    """The Tonfa's discard lists a hand: the other person must not see it."""
    state = _position_with(lambda v: (v["decision"] or {}).get("kind") == "tonfa discard",
                           players=4)
    seat = state.movers()[0]
    history = list(state.history)
    kinds = ["novice"] * 4
    kinds[seat] = kinds[(seat + 1) % 4] = "human"
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.play(Match(state, plan_seats(4, kinds)), None)
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await wait_for(pilot, lambda: game.covered, what="the cover")
        assert type(app.screen).__name__ == "CoverScreen"
        assert game.board.view["hand"] == []
        await pilot.press("enter")
        await settle(pilot, game)
        assert game.viewer == seat and game.board.mode == "card"
        hand = list(game.board.view["hand"])
        discard = state.action(f"discard {hand[1]}", seat)
        await pilot.press("2")
        await wait_for(pilot, lambda: len(game.match.state.history) > len(history))
        assert game.match.state.history[len(history)] == ((seat, discard.id),)


def test_story_folds_the_steps_onto_the_engine_state():
    """The step-by-step display ends on exactly the engine's board, for every
    table size, with teams and advanced scoring; every line names players."""
    names = ["You", "Kaede", "Jubei", "Sasuke", "Goemon", "Kotaro"]
    tables = [(3, {}), (4, {"teams": True}), (5, {"advanced": True}), (6, {"teams": True}),
              (6, {"advanced": True}), (4, {"deck": "alternate-1"})]
    kinds = set()
    for k, (players, options) in enumerate(tables):
        for game_no in range(4):
            rng = random.Random(k * 10 + game_no)
            s = new_game(GAME, players, seed=500 + k * 10 + game_no, **options)
            for before, after, steps, moves in random_moves(s, rng):
                frames = SanNiIchiBoard.story(before, after, steps, names[:players], moves)
                last = frames[-1].view
                for key in ("piles", "pile_tops", "scores", "side_scores"):
                    assert last[key] == after[key], key
                assert [sorted(d) for d in last["damage"]] == [sorted(d) for d in after["damage"]]
                assert sorted(last["discard"]) == sorted(after["discard"])
                assert sorted(last["hand"]) == sorted(after["hand"])
                assert last["hand_sizes"] == after["hand_sizes"]
                for f in frames:
                    assert f.line and not re.search(r"\bseats? \d", f.line), f.line
                kinds |= {st["kind"] for st in steps}
    assert kinds >= set(STEP_KINDS) - {"sai move"}, set(STEP_KINDS) - kinds


def test_every_step_and_action_reads_in_the_players_words():
    names = ["You", "Kaede", "Jubei"]
    for kind in STEP_KINDS:
        for seat, target in ((0, 0), (0, 1), (1, 0), (1, 2)):
            st = {"kind": kind, "round": 1, "seat": seat, "card": "Tonfa 16", "target": target,
                  "other": 2 if target != 2 else 1, "drew": "7 Fire (A)",
                  "cards": ["1 Fire (A)"]}
            line = narrate(st, names)
            assert not re.search(r"\bseats? \d|\bits\b|You \w+s\b|\byou's\b", line), line
    names = ["You", "Kaede", "Jubei", "Sasuke", "Goemon", "Kotaro"]
    s = new_game(GAME, 6, seed=1, teams=True)
    for a in range(s.game.num_actions):
        action = s.action(a)
        label = action_label(action, s.view(0), names, 0)
        assert not re.search(r"\bseats? \d", label), (action.name, label)


def _setup(kinds, seed, **options):
    from ninja_dojo.tui.match import MatchSetup
    return MatchSetup(GAME, plan_seats(len(kinds), kinds), seed, options)


def _position_with(found, players: int, options=None, tries: int = 200):
    """A game played at random (history kept) until ``found(view)`` holds."""
    for seed in range(tries):
        rng = random.Random(seed)
        s = new_game(GAME, players, seed=seed, **(options or {}))
        while not s.is_terminal():
            if found(s.view(-1)):
                return s
            s.apply(random_joint(s, rng))
    raise AssertionError("no such position")


def test_snapshot_mid_round_asks_what_the_sai_does(snap_compare, tmp_path):
    """Seed 11, four players in two teams: the round's cards are revealed,
    two piles are out, and You must say what your Sai does."""
    async def run_before(pilot):
        app = pilot.app
        await app.start_match(_setup(["human", "novice", "novice", "novice"], seed=11,
                                     teams=True))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await settle(pilot, game)
        await pilot.press(card_key(game.board))
        await settle(pilot, game)
        assert decision_name(game.board) == "Sai"

    assert snap_compare(make_app(tmp_path), terminal_size=(120, 40), run_before=run_before)
