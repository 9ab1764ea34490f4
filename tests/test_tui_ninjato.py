"""Ninjato in the dojo app, played by key presses (and a few clicks) against
novice AIs and between people at one keyboard.

A decision is a numbered list (keys 1-9, 0); placing a shuriken is keyed by
the board: a house by its number (then ← Strength or → Stealth when both
sides are open), 6 the Dojo, 7 the Sensei, 8 the Palace, 9 the Pavilion.
``play_by_keys`` presses the keys the board names for a varying legal move
(``key_for``) and checks that the move played is the one meant.
"""
from __future__ import annotations

import io
import re

from rich.console import Console

from ninja_dojo import engine
from ninja_dojo.engine import codec
from ninja_dojo.engine.state import replay
from tests.ninjato_table import QUIET, Table, play
from tests.snapshot_apps.dojo_pilot import FAST, make_app, settle, type_path, wait_for
from ninja_dojo.tui.match import Match, MatchSetup, plan_seats
from ninja_dojo.tui.screens.cover import CoverScreen
from ninja_dojo.tui.screens.end import EndScreen
from ninja_dojo.tui.screens.game import GameScreen
from ninja_dojo.tui.screens.load import LoadScreen
from ninja_dojo.tui.screens.menu import MenuScreen
from ninja_dojo.tui.screens.recap import RecapScreen
from ninja_dojo.tui.screens.rules import RulesScreen
from ninja_dojo.tui.screens.save import SaveScreen
from ninja_dojo.tui.games.ninjato.board import NinjatoBoard
from ninja_dojo.tui.games.ninjato.house import HouseRow

GAME = "ninjato"
SIZE = (120, 40)
SMALL = (80, 24)


def text_of(widget) -> str:
    """What a Static shows, as plain text (a rich Table too)."""
    console = Console(width=116, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


async def start(pilot, kinds, seed, **kw) -> GameScreen:
    app = pilot.app
    await app.start_match(MatchSetup(GAME, plan_seats(len(kinds), kinds), seed))
    await wait_for(pilot, lambda: app.game_screen is not None)
    game = app.game_screen
    await settle(pilot, game)
    return game


async def play_by_keys(pilot, game: GameScreen, seen: dict, *, enter: bool = False,
                       until=None, limit: int = 400) -> None:
    """Answer every decision by the keys the board names for a varying legal
    move (with ``enter`` after them when a number only selects), until the
    end screen or ``until()``; check each move played is the one meant."""
    turn = seen.setdefault("decisions", 0)
    while not game.finished:
        await settle(pilot, game)
        if game.finished or (until is not None and until()):
            break
        if game.covered:
            seen["covers"] = seen.get("covers", 0) + 1
            seen.setdefault("cover_log", []).append(game.match.movers()[0])
            await pilot.press("enter")
            continue
        board = game.board
        seat = game.actor
        seen.setdefault("deciders", []).append(seat)
        legal = board.legal
        action = legal[(turn * 7 + turn // 3) % len(legal)]
        keys = board.key_for(action.id)
        if keys is None:                # beyond the tenth option: the cursor reaches it
            board.reselect(action)
            keys = "enter"
        elif enter:
            keys += " enter"
        if " " in (board.key_for(action.id) or ""):
            seen["two-sided"] = seen.get("two-sided", 0) + 1
        seen.setdefault("phases", set()).add(board.phase)
        before = len(game.match.state.history)
        await pilot.press(*keys.split())
        await wait_for(pilot, lambda: len(game.match.state.history) > before or game.finished,
                       what=f"{action} to be played by {keys}")
        assert game.match.state.history[before] == ((seat, action.id),), (keys, action)
        turn += 1
        seen["decisions"] = turn
        assert turn < limit, "the game did not end"
    seen["decisions"] = turn


def check_log(log: list[str], names: list[str]) -> None:
    """The story of a whole game: every turn, the three clan scorings, an
    attack told guard by guard, names (never "seat 2")."""
    for t in range(2, 8):
        assert f"── Turn {t} ──" in log, t
    for t in (3, 5, 7):
        assert f"── Clan scoring after turn {t} ──" in log, t
    assert any(re.match(r".+ attacks? house \d \(.+\) with (Strength|Stealth)", x) for x in log)
    assert any(x.startswith("Banzai! ") and " turns up " in x or " turn up " in x for x in log)
    assert any(re.search(r"plays? .+ = -?\d+ against .+ and beats? it", x) for x in log)
    assert any(x.startswith("End of turn 1: ") for x in log)
    assert not any(re.search(r"\bseats? \d", x) for x in log)


def check_end(app, game: GameScreen) -> None:
    """The end screen: the winner with the points, and the scoring by parts."""
    end = app.screen
    assert isinstance(end, EndScreen)
    state = game.match.state
    outcome = state.outcome()
    line = str(end.query_one("#winner").render())
    assert game.match.names[outcome.winners[0]] in line and f"{max(outcome.scores)} points" in line
    table = text_of(end.query_one("#scores"))
    assert "Final scoring" in table and "Rumors" in table and "Dishon." in table
    assert "A tie goes to the most Elite cards, then the most Envoys" in table
    for seat, part in enumerate(state.view(-1)["final"]):
        parts = (part["purchases"], part["clan_points"], part["rumor_sets"],
                 part["dishonorable_opponents"], part["unspent_treasure"], part["elite_points"],
                 part["total"])
        assert sum(parts[:-1]) == parts[-1] == outcome.scores[seat]
        name = game.match.names[seat]
        assert re.search(rf"\b{name}\s+" + r"\s+".join(map(str, parts)) + r"\b", table), (name, parts)
    history = text_of(end.query_one("#score-history"))
    assert "Points after each turn" in history and "round" not in history
    head, *rows = [line.split() for line in history.splitlines() if line.strip()][1:]
    assert head[0] == "Turn" and [r[0] for r in rows if "/7" in r[0]] == [f"{t}/7" for t in range(1, 8)]


# ------------------------------------------------------------- whole games
async def test_two_players_to_the_end_by_keys_on_a_roomy_terminal(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        game = await start(pilot, ["human", "novice"], seed=21)
        assert isinstance(game.board, NinjatoBoard) and not game.compact
        head = str(game.board.query_one("#nto-head").render())
        assert head.startswith("Turn 1/7") and "clan scoring after turn 3" in head
        seen: dict = {}
        await play_by_keys(pilot, game, seen)
        state = game.match.state
        assert state.is_terminal() and replay(GAME, state.options, 21, state.history) == state
        assert {"place", "draw", "play", "banzai or retreat"} <= seen["phases"], seen["phases"]
        assert seen["two-sided"] > 0
        check_log(game.game_log.lines_written, game.match.names)
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), what="end screen")
        check_end(app, game)


async def test_three_players_two_at_one_keyboard_to_the_end(tmp_path):
    """Two people and a novice AI: the board is covered when the keyboard
    passes from one person to the other, never between two steps of the
    same person."""
    app = make_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        game = await start(pilot, ["human", "novice", "human"], seed=5)
        assert game.compact and game.covered
        seen: dict = {}
        await play_by_keys(pilot, game, seen)
        state = game.match.state
        assert state.is_terminal() and replay(GAME, state.options, 5, state.history) == state
        # A cover before a person decides after the other one did; none in a row.
        humans = seen["deciders"]
        changes = sum(1 for a, b in zip(humans, humans[1:]) if a != b)
        assert seen["covers"] == changes + 1, (seen["covers"], changes)
        assert 20 < seen["covers"] < len(humans) / 2
        check_log(game.game_log.lines_written, game.match.names)
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), what="end screen")
        check_end(app, game)


async def test_at_one_keyboard_the_board_hides_every_hand_between_people(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        game = await start(pilot, ["human", "human", "novice"], seed=5)
        assert isinstance(app.screen, CoverScreen) and game.covered
        assert game.board.view["seat"] == -1 and game.board.view["hand"] == []
        mine = str(game.board.query_one("#nto-mine").render())
        assert "Hands are hidden" in mine
        first = game.match.movers()[0]
        await pilot.press("enter")
        await settle(pilot, game)
        assert game.board.view["seat"] == first and game.board.hand_shown == game.board.view["hand"]


# -------------------------------------------------------- the attack shown
async def test_an_attack_is_shown_guard_by_guard(tmp_path):
    """The step-by-step display of the AIs' attacks: the house, each play
    and whether it wins, each Guard turned up, what goes onto the shuriken,
    how the attack ends; every frame drawn in the attack panel."""
    app = make_app(tmp_path, step_pause=0.001)
    async with app.run_test(size=SMALL) as pilot:
        game = await start(pilot, ["human", "novice", "novice"], seed=8)
        shown: list[tuple[str | None, dict | None, str]] = []
        board = game.board
        real = board.show

        def show(view, **kw):
            real(view, **kw)
            if "attack_show" in view:
                shown.append((kw.get("caption"), view["attack_show"],
                              str(board.query_one("#nto-panel").render())))
        board.show = show

        def revealed() -> bool:
            return any(c and c.startswith("Banzai! ") and "turns up" in c for c, _, _ in shown)
        seen: dict = {}
        await play_by_keys(pilot, game, seen, until=revealed)
        assert revealed(), "no Banzai by an AI in this game"
        i = next(k for k, (c, _, _) in enumerate(shown) if c and c.startswith("Banzai! ")
                 and "turns up" in c)
        caption, att, panel = shown[i]
        who = caption.split()[1]
        guard = re.search(r"turns up (Guard \d( \(alarm\))?|Elite .+?)\.", caption).group(1)
        assert att["facing"] == guard and att["play"] is None and att["result"] is None
        assert f"Facing {guard}" in panel and f"{who} attacks house {att['house'] + 1}" in panel
        # Before it: the attack began, the Sentry was beaten, a treasure went onto the shuriken.
        start_ = max(k for k in range(i) if shown[k][0] and f"{who} attacks house" in shown[k][0])
        sentry = [c for c, _, _ in shown[start_:i] if c and "against the Sentry" in c]
        assert sentry and re.search(r"and beats it(: | \()", sentry[0]), sentry
        assert shown[i - 1][1]["result"] == "beats" and shown[i - 1][1]["shuriken"] == att["shuriken"]
        assert "→ wins" in shown[i - 1][2]
        # After it: a play against that Guard that wins, or the loss and what is kept.
        after = [(c, a) for c, a, _ in shown[i + 1:] if c][:3]
        first = after[0][0]
        assert (f"against {guard} and beats it" in first
                or first.startswith(f"{who} cannot beat {guard}: the attack is lost")
                or "Alarm:" in caption), first
        if "beats it" in first:
            assert after[0][1]["result"] == "beats"
            assert len(after[0][1]["shuriken"]) == len(att["shuriken"]) + ("onto the shuriken" in first)
        # The log tells the same story, line for line.
        log = game.game_log.lines_written
        assert caption in log and first in log


async def test_banzai_or_retreat_shows_the_guard_deck_and_the_odds(tmp_path):
    """A hand-made attack: the Sentry beaten, Banzai or retreat; the board
    shows the make-up of the Guard deck (public: the rest is discarded or on
    the houses), which values this hand beats and the odds, as the engine
    has them."""
    t = Table(players=3).hand(0, [5, 3, 1]).sentry(0, QUIET[1]).house(0, plain=["Fan", "Scroll", "Vase"])
    state = t.state()
    play(state, "house 1 Strength", "base: Dojo 5", "declare the play")
    assert state.view(-1)["phase"] == "banzai or retreat"
    app = make_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await app.play(Match(state, plan_seats(3, ["human", "novice", "novice"])), None)
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        await settle(pilot, game)
        b = game.board.view["banzai"]
        deck = state.fields()["guard_deck"]
        assert b["size"] == len(deck) and b["deck"] == "Guard"
        panel = str(game.board.query_one("#nto-panel").render())
        makeup = " ".join(f"{c['count']}×{c['value']}" for c in b["cards"])
        assert f"Guard deck {len(deck)}: {makeup}" in panel
        # Left: a 3 and a 1 (a 3 joins another card: 1 + 1 = 2, or the 3 alone):
        # with Strength the best play is 3, which beats the Guards 0, 1 and 2
        beaten = [c["value"] for c in b["cards"] if c["beatable"]]
        assert beaten == [0, 1, 2]
        pct = round(100 * b["beatable"] / b["size"])
        assert f"you beat (Guards 0-2) {b['beatable']} of {b['size']}: {pct}%" in panel
        assert "a loss keeps 1 of 1" in panel
        options = [str(w.render()) for w in game.board.query(".nto-option") if w.display]
        assert options == [f"[1] Banzai! (you beat {pct}% of the Guard deck)", "[2] retreat with a Fan"]
        game_check = game.board.essentials()
        assert game.board.query_one("#nto-panel") in game_check


# ------------------------------------------------------------- the clicks
async def test_a_click_on_a_house_side_or_an_option_plays_it(tmp_path):
    app = make_app(tmp_path)        # one key: a click plays at once
    async with app.run_test(size=SIZE) as pilot:
        game = await start(pilot, ["human", "novice"], seed=3)
        board = game.board
        entry = next(e for e in board.entries() if e.house is not None)
        row = board.query_one(f"#nto-house-{entry.house + 1}", HouseRow)
        x = row.sides[entry.side] + 1
        before = len(game.match.state.history)
        await pilot.click(f"#nto-house-{entry.house + 1}", offset=(x, 0))
        await wait_for(pilot, lambda: len(game.match.state.history) > before)
        assert game.match.state.history[before] == ((0, entry.action.id),)
        await settle(pilot, game)
        if game.actor == 0 and board.phase != "place":
            option = board.entries()[0]
            before = len(game.match.state.history)
            await pilot.click("#nto-option-1")
            await wait_for(pilot, lambda: len(game.match.state.history) > before)
            assert game.match.state.history[before] == ((0, option.action.id),)


# --------------------------------------------------- save, load, continue
async def test_save_then_load_mid_attack_restores_the_exact_position(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        game = await start(pilot, ["human", "novice", "novice"], seed=8)
        seen: dict = {}
        await play_by_keys(pilot, game, seen,
                           until=lambda: game.board.phase in ("play", "banzai or retreat"))
        saved = game.match.state.clone()
        decision = game.board.view["decision"]
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        await type_path(pilot, "attack")
        await wait_for(pilot, lambda: app.screen is game)
        path = tmp_path / "attack.msgpack"
        assert engine.load(path) == saved and engine.load(path).history == saved.history
        await play_by_keys(pilot, game, seen, until=lambda: len(game.match.state.history)
                           > len(saved.history) + 2)
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen))
        await type_path(pilot, "attack.msgpack")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen is not game)
        loaded = app.screen
        await settle(pilot, loaded)
        assert loaded.match.state == saved and loaded.match.state.history == saved.history
        assert loaded.board.view["decision"] == decision and loaded.actor == 0
        assert codec.to_map(loaded.match.state) == codec.to_map(saved)


async def test_continue_after_quitting_resumes_the_turn_exactly(tmp_path):
    """(With the default keys: a number selects, enter plays.)"""
    app = make_app(tmp_path, settings=FAST.with_(one_key=False))
    async with app.run_test(size=SMALL) as pilot:
        game = await start(pilot, ["human", "novice", "novice", "novice"], seed=4)
        seen: dict = {}
        await play_by_keys(pilot, game, seen, enter=True,
                           until=lambda: seen.get("decisions", 0) >= 12)
        state = game.match.state.clone()
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
    app = make_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        info = str(app.screen.query_one("#continue-info").render())
        assert info.startswith(f"Ninjato · turn {state.view(-1)['turn']}/7")
        await pilot.press("c")
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        assert game.match.state == state and game.match.state.history == state.history
        await settle(pilot, game)
        assert game.actor == 0


# ------------------------------------------------------------- take-back
async def test_one_key_a_choice_waits_and_u_takes_it_back(tmp_path):
    """With one-key choosing and a hold, the move waits before it is played:
    u takes it back, and nothing changed."""
    # (a hold far longer than the test, so that a loaded machine cannot let it run out)
    app = make_app(tmp_path, settings=FAST.with_(take_back_seconds=60))
    async with app.run_test(size=SMALL) as pilot:
        game = await start(pilot, ["human", "novice", "novice"], seed=6)
        m = game.match
        assert game.board.placing
        before = m.state.clone()
        await pilot.press("6")                       # the Dojo, played at once...
        assert game.holding and m.pending[0].name == "Dojo"
        assert "u takes it back" in game.status.message
        await pilot.press("u")                       # ...and taken back in time
        assert not game.holding and not m.pending and m.state == before
        assert "You took your choice back." in game.game_log.lines_written
        assert game.board.placing and game.actor == 0
        await pilot.press("7", "enter")              # the Sensei instead, at once with enter
        await wait_for(pilot, lambda: len(m.state.history) == 1)
        assert m.state.action(dict(m.state.history[0])[0]).name == "Sensei"


# ------------------------------------------------------ recap, scores, rules
async def test_each_turn_ends_with_its_recap_and_the_score_history(tmp_path):
    app = make_app(tmp_path, settings=FAST.with_(recap_seconds=0))
    async with app.run_test(size=SIZE) as pilot:
        game = await start(pilot, ["human", "novice", "novice"], seed=2)
        seen: dict = {}
        await play_by_keys(pilot, game, seen, until=lambda: game.recap_open)
        await wait_for(pilot, lambda: isinstance(app.screen, RecapScreen))
        recap = app.screen
        assert recap.title_text == "Turn 1/7"
        text = text_of(recap.query_one("#recap-text"))
        state = game.match.state
        for seat, name in enumerate(game.match.names):
            assert name in text and str(state.scores()[seat]) in text
        for st in state.steps():
            if st["step"] == "place":
                assert st["space"] in text
        assert "End of turn 1: " in text
        await pilot.press("t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ScoresScreen")
        scores = text_of(app.screen.query_one("#score-history"))
        assert "\n1/7 " in scores and "2/7" not in scores
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is game)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        rules = app.screen
        assert rules.game == GAME and rules.found
        assert "## Reading the board" in rules.text and "Banzai or retreat" in rules.text
        assert "**Houses**" in rules.text and "| `1-0` |" in rules.text
