"""See what happened: each round's recap stays on screen until a key (or
goes on by itself, as the settings say), the score history on ``t`` and at
the end, the rules of the game being played."""
from __future__ import annotations

import io
import time

import pytest
from rich.console import Console

from ninja_dojo.engine import new_game
from tests.snapshot_apps.dojo_pilot import FAST, make_app, play_to_end, settle, wait_for
from ninja_dojo.tui.match import MatchSetup, plan_seats
from ninja_dojo.tui.screens.end import EndScreen
from ninja_dojo.tui.screens.recap import RecapScreen
from ninja_dojo.tui.screens.rules import RulesScreen
from ninja_dojo.tui.screens.scores import ScoresScreen

SIZE = (120, 40)
#: a recap waits for a key (the default); the rest fast
WAITS = FAST.with_(recap_seconds=0)


def text_of(widget) -> str:
    console = Console(width=116, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


async def to_first_recap(pilot, game) -> RecapScreen:
    """Play the first legal move by its key until the first round ends."""
    while not game.recap_open:
        await settle(pilot, game)
        if game.recap_open:
            break
        if game.covered:
            await pilot.press("enter")
            continue
        keys = game.board.key_for(game.board.legal[0].id)
        await pilot.press(*(keys or "enter").split())
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, RecapScreen), what="the recap")
    return pilot.app.screen


def scores_by_round(state) -> list[list[int]]:
    """Each seat's score after each round, replayed from the deal."""
    s = new_game(state.name, state.players, state.seed,
                 **{k: v for k, v in state.options.items() if k != "players"})
    out = []
    for joint in state.history:
        r = s.view(-1)["round"]
        s.apply(dict(joint))
        if s.view(-1)["round"] != r or s.is_terminal():
            out.append(list(s.scores()))
    return out


@pytest.mark.parametrize("game,players,options", [
    ("ninjan", 3, {}), ("san_ni_ichi", 4, {}), ("pride_of_ninja", 3, {"deck": "blue"})])
async def test_the_recap_stays_until_a_key_in_every_game(tmp_path, game, players, options):
    app = make_app(tmp_path, settings=WAITS)
    async with app.run_test(size=SIZE) as pilot:
        await app.start_match(MatchSetup(game, plan_seats(players, ["human"] + ["novice"] *
                                                           (players - 1)), 6, options))
        await wait_for(pilot, lambda: app.game_screen is not None)
        screen = app.game_screen
        recap = await to_first_recap(pilot, screen)
        state = screen.match.state
        assert screen.recap_waits and screen.settled
        text = text_of(recap.query_one("#recap-text"))
        assert recap.title_text == "Round 1/9" if game == "ninjan" else recap.title_text.startswith("Round 1")
        for seat, name in enumerate(screen.match.names):      # every player, and their total
            assert name in text
            assert str(state.scores()[seat]) in text
        steps = state.steps()
        if game == "ninjan":            # each card, what it did, what it scored
            for st in steps:
                assert st["card"] in text
                what = f"took pile {st['pile'] + 1}" if st["took"] else f"put on pile {st['pile'] + 1}"
                assert what in text
        elif game == "san_ni_ichi":
            for st in steps:
                if st["kind"] == "reveal":
                    assert st["card"].split(" (")[0] in text
        else:                           # the revealed back rows stay on screen
            reveal = steps[0]
            for row in reveal["back_rows"]:
                assert row[0] in text
            assert "resolution" in screen.board.view    # the board still shows the reveal
        time.sleep(0.5)
        await pilot.pause()
        assert isinstance(app.screen, RecapScreen)          # it waits
        await pilot.press("1")                              # not a key for it
        assert isinstance(app.screen, RecapScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: not screen.recap_open)
        await settle(pilot, screen)
        assert screen.actor == 0 or screen.covered
        if game == "pride_of_ninja":
            assert "resolution" not in screen.board.view


async def test_the_recap_goes_on_by_itself_when_the_settings_say(tmp_path):
    app = make_app(tmp_path, settings=FAST.with_(recap_seconds=3))
    async with app.run_test(size=SIZE) as pilot:
        await app.start_match(MatchSetup("ninjan", plan_seats(2, ["human", "novice"]), 9))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        recap = await to_first_recap(pilot, game)
        assert not game.recap_waits
        assert "in 3 s" in str(recap.query_one("#recap-help").render())
        await wait_for(pilot, lambda: not isinstance(app.screen, RecapScreen), timeout=10)
        # It went on by itself, and not before its 3 s (a loaded machine can
        # only make it later, so this is measured from when it appeared).
        assert time.monotonic() - recap.opened >= 3


async def test_the_score_history_on_t_and_at_the_end(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.start_match(MatchSetup("san_ni_ichi", plan_seats(3, ["human", "novice", "novice"]), 2))
        await wait_for(pilot, lambda: app.game_screen is not None)
        game = app.game_screen
        while game.match.state.view(-1)["round"] < 3:
            await settle(pilot, game)
            keys = game.board.key_for(game.board.legal[0].id)
            await pilot.press(*(keys or "enter").split())
        await settle(pilot, game)
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoresScreen))
        text = text_of(app.screen.query_one("#score-history"))
        assert "Damage after each round (lowest leads)" in text
        rows = [line.split() for line in text.splitlines() if line.strip()[:2] in ("1/", "2/")]
        expected = scores_by_round(game.match.state)
        assert len(rows) == len(expected) == 2
        for row, scores in zip(rows, expected):
            assert [int(x) for x in row[1:] if x.isdigit()][:3] == scores
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is game)
        await play_to_end(pilot, game)
        end = app.screen
        assert isinstance(end, EndScreen)
        text = text_of(end.query_one("#score-history"))
        expected = scores_by_round(game.match.state)
        rows = [line.split() for line in text.splitlines()
                if line.split() and line.split()[0].endswith("/7")]
        assert len(rows) == len(expected) == game.match.state.view(-1)["rounds"]
        assert [int(x) for x in rows[-1][1:] if x.isdigit()][:3] == list(game.match.state.scores())


async def test_the_rules_of_the_game_being_played_with_a_key_to_its_board(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.start_match(MatchSetup("pride_of_ninja", plan_seats(3, ["human", "novice", "novice"]), 2))
        await wait_for(pilot, lambda: app.game_screen is not None)
        await settle(pilot, app.game_screen)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        rules = app.screen
        assert rules.game == "pride_of_ninja" and rules.found
        assert "## Reading the board" in rules.text and "**Front row**" in rules.text
        assert "| `u, backspace` | take your last choice back, until the reveal |" in rules.text
    app = make_app(tmp_path, rules="san_ni_ichi")            # dojo --rules san_ni_ichi
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.game == "san_ni_ichi" and "Sparring pile" in app.screen.text


def test_dojo_help_and_rules_on_the_command_line(capsys):
    from ninja_dojo.tui.app import main
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    out = capsys.readouterr().out
    assert e.value.code == 0 and "``" not in out and "--rules [GAME]" in out
    with pytest.raises(SystemExit) as e:
        main(["--rules", "chess"])
    err = capsys.readouterr().err.strip().splitlines()
    assert e.value.code == 2 and err[-1] == ("dojo: error: --rules: no game 'chess'; choose one of "
                                             "ninjan, ninjato, pride_of_ninja, san_ni_ichi, senjutsu")


@pytest.mark.parametrize("game", ["ninjato", "senjutsu"])
async def test_the_recap_speaks_of_the_games_own_turns_and_names_seats_one_way(tmp_path, game):
    """Ninjato is a game of turns: its recap sums up a turn and goes on to
    the next turn; Senjutsu's lines name the samurai, and so does its table
    (with who plays it)."""
    app = make_app(tmp_path, settings=WAITS)
    async with app.run_test(size=SIZE) as pilot:
        await app.start_match(MatchSetup(game, plan_seats(2, ["human", "novice"]), 6))
        await wait_for(pilot, lambda: app.game_screen is not None)
        screen = app.game_screen
        recap = await to_first_recap(pilot, screen)
        text = text_of(recap.query_one("#recap-text"))
        help_ = str(recap.query_one("#recap-help").render())
        if game == "ninjato":
            assert "on to the next turn" in help_ and "round" not in help_
            assert "round" not in text.lower(), text
        else:
            from ninja_dojo.tui.games.senjutsu.words import samurai_word
            view = screen.match.state.view(0)
            for seat, name in enumerate(screen.match.names):
                assert f"{samurai_word(view, seat)} ({name})" in text, text
            assert "on to the next round" in help_


def test_pride_of_ninjas_tables_say_pp_and_keep_each_name_on_one_line():
    """The end screen of Pride of Ninja titled its history "Pp after each
    round" and wrapped "Kaede (hard AI)" over two lines at 80 columns."""
    from ninja_dojo.tui.widgets.score_history import score_history_table
    from ninja_dojo.tui.boards import board_class
    s = new_game("pride_of_ninja", 5, seed=3)
    while not s.is_terminal():
        s.apply({m: s.policy_action(m, seed=len(s.history)).id for m in s.movers()})
    labels = [f"{n} (master AI)" for n in ("Hanzo", "Kaede", "Jubei", "Sasuke", "Goemon")]
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(score_history_table(s, labels))
    table = board_class("pride_of_ninja").result_table(s.outcome(), s.view(-1), labels)
    console.print(table)
    text = console.export_text()
    assert "PP after each round" in text
    for label in labels:
        assert label in text, text
