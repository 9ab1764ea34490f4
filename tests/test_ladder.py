"""The level ladder (bench/ladder.py): its tables, its kept games and
ratings, and the ratings on the app's setup screen."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from bench import ladder
from ninja_dojo.engine import GAMES
from ninja_dojo.solver import players, tournament
from ninja_dojo.solver.players import LEVELS, level_ratings
from ninja_dojo.solver.tournament import Record
from ninja_dojo.engine import PositionError
from hypothesis import given, settings, strategies as st

LEVEL_NAMES = list(LEVELS)


@pytest.mark.parametrize("players_at_table", [3, 2])
def test_each_match_seats_the_upper_level_in_every_seat_on_every_deal(players_at_table):
    n = players_at_table
    budget = {"hard": 5000, "master": 9000}
    pairs = [("easy", "novice", n * 3), ("master", "medium", n * 4)]
    games = ladder.schedule("ninjan", n, budget, pairs, seed=3, options={})
    assert len(games) == n * 7
    for upper, lower, count in pairs:
        match = [p for p in games if p.seats[p.hero].split("+")[0] == upper]
        assert len(match) == count
        for p in match:        # the upper level in the measured seat, the lower in every other
            assert [s.split("+")[0] for s in p.seats].count(upper) == 1
            assert {s.split("+")[0] for k, s in enumerate(p.seats) if k != p.hero} == {lower}
        for block in range(count // n):
            rotation = match[block * n:(block + 1) * n]
            assert len({p.deal for p in rotation}) == 1               # one deal, every seating
            assert sorted(p.hero for p in rotation) == list(range(n))
    # Every match plays the same deals, each game its own seeds.
    assert {p.deal for p in games[:n * 3]} < {p.deal for p in games[n * 3:]}
    assert "master+iterations=9000" in {s for p in games for s in p.seats}
    assert len({(p.deal, p.seed, p.seats) for p in games}) == len(games)


def test_the_default_matches_are_each_level_against_the_one_below_and_the_timed_ones_against_medium():
    pairs = ladder.default_pairs()
    below = list(zip(LEVEL_NAMES[1:], LEVEL_NAMES))
    assert pairs[:len(below)] == below
    assert set(pairs) - set(below) == {("master", "medium")}
    assert set(ladder.timed_levels()) == {"hard", "master"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_is_rated_at_its_smallest_table(game):
    assert ladder.table_size(game, None) == GAMES[game].players[0]


@pytest.mark.parametrize("pairs, games, players, message", [
    (["easy/easy"], 10, 2, "UPPER/LOWER"),
    (["easy-novice"], 10, 2, "UPPER/LOWER"),
    (["grandmaster/novice"], 10, 2, "UPPER/LOWER"),
    (["easy/novice=0"], 10, 2, "positive whole number"),
    (["easy/novice=x"], 10, 2, "positive whole number"),
    (["easy/novice"], 10, 3, "not a multiple of the table's 3 seats"),
    (["easy/novice=4", "novice/easy=6"], 10, 2, "named twice"),
])
def test_a_wrong_match_is_refused_in_one_line(pairs, games, players, message):
    with pytest.raises(PositionError, match=message):
        ladder.pairs_wanted(pairs, games, players)


@pytest.mark.parametrize("pairs", [[("medium", "easy", 2)], [("easy", "novice", 2), ("master", "hard", 2)], []])
def test_matches_that_do_not_link_every_level_to_novice_cannot_be_fitted(pairs):
    with pytest.raises(PositionError, match="must meet novice"):
        ladder.seated(pairs)


@given(st.lists(st.text(max_size=30), max_size=4), st.integers(-5, 200), st.integers(2, 6))
@settings(max_examples=200, deadline=None)
def test_any_pair_argument_is_read_or_refused_in_one_line(items, games, players):
    try:
        pairs = ladder.pairs_wanted(items, games, players)
    except PositionError as e:
        assert "\n" not in str(e) and len(str(e)) < 200
        return
    for upper, lower, n in pairs:
        assert upper in LEVELS and lower in LEVELS and upper != lower and n > 0 and n % players == 0


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """The ladder's files in a temporary folder; hard and master at a few
    thousand iterations (a fake machine of 2,000 iterations a second)."""
    monkeypatch.setattr(ladder, "GAMES_DIR", tmp_path / "games")
    monkeypatch.setattr(players, "ladder_file", lambda: tmp_path / "ladder.json")
    monkeypatch.setattr(ladder, "ladder_file", lambda: tmp_path / "ladder.json")
    monkeypatch.setattr(ladder, "calibrate", lambda *a, **k: 2000.0)
    return tmp_path


def test_the_ladder_rates_every_level_keeps_its_games_and_plays_only_new_ones(kept, capsys):
    # Nin Jan's smallest table, every default match twice (both seatings of
    # one deal): hard and master at a few thousand iterations, medium's
    # 20,000 the slowest seat, 10 games take a few seconds.
    args = ["--game", "ninjan", "--games", "2", "--bootstrap", "50", "--write"]
    assert ladder.main(args) == 0
    doc = json.loads((kept / "ladder.json").read_text())["ninjan"]
    assert doc["games"] == 10 and doc["players"] == 2 and doc["anchor"] == "novice"
    assert doc["pairs"] == [[u, lo, 2] for u, lo in ladder.default_pairs()]
    assert doc["budgets"] == {"hard": 2000, "master": 6000}
    assert set(doc["ratings"]) == set(LEVEL_NAMES)
    assert doc["ratings"]["novice"] == {"elo": 1000, "ci95": [1000, 1000]}
    for r in doc["ratings"].values():
        assert r["ci95"][0] <= r["elo"] <= r["ci95"][1]
    out = capsys.readouterr()
    assert "| master | 6,000 iterations |" in out.out and "0 games kept" in out.err
    assert "| master against medium | 2 |" in out.out
    kept_games = (kept / "games" / "ninjan-2p.jsonl").read_text().splitlines()
    assert len(kept_games) == 10

    # Longer: the ten games are kept, ten more are played, the fit takes all.
    assert ladder.main(args[:2] + ["--games", "4", "--bootstrap", "50", "--write"]) == 0
    assert "10 games kept from earlier runs, 10 to play" in capsys.readouterr().err
    assert json.loads((kept / "ladder.json").read_text())["ninjan"]["games"] == 20


def test_a_ladder_of_some_matches_rates_the_levels_they_seat_and_each_match_head_to_head(kept, capsys):
    args = ["--game", "ninjan", "--pair", "easy/novice=4", "--pair", "medium/easy=2", "--bootstrap", "20",
            "--write"]
    assert ladder.main(args) == 0
    doc = json.loads((kept / "ladder.json").read_text())["ninjan"]
    assert set(doc["ratings"]) == {"novice", "easy", "medium"} and doc["games"] == 6
    assert set(level_ratings("ninjan")) == {"novice", "easy", "medium"}   # the setup screen's
    # Head to head: the upper level's share of the games of its match, as the
    # record keeps each seat's return.
    lines = [json.loads(x) for x in (kept / "games" / "ninjan-2p.jsonl").read_text().splitlines()]
    easy = [g["returns"][json.loads(g["key"])[1].index("easy")] for g in lines
            if "novice" in json.loads(g["key"])[1]]
    out = capsys.readouterr().out
    assert len(easy) == 4 and f"| easy against novice | 4 | {sum(easy) / 4:.1%} |" in out


def test_a_ladder_not_played_to_its_end_writes_nothing(kept, capsys, monkeypatch):
    real = ladder.run

    def stopped(pairings, **kw):        # as Ctrl-C after three games
        result = real(pairings[:3], **kw)
        result.interrupted = True
        return result

    monkeypatch.setattr(ladder, "run", stopped)
    assert ladder.main(["--game", "ninjan", "--pair", "easy/novice=6", "--bootstrap", "10", "--write"]) == 130
    assert "nothing written" in capsys.readouterr().err
    assert not (kept / "ladder.json").exists()


def test_games_played_by_code_that_plays_differently_are_played_again(kept, capsys, monkeypatch):
    args = ["--game", "ninjan", "--pair", "easy/novice=2", "--bootstrap", "10"]
    assert ladder.main(args) == 0
    monkeypatch.setattr(ladder, "fingerprint", lambda *a: "another search")
    assert ladder.main(args) == 0
    assert "0 games kept from earlier runs, 2 to play" in capsys.readouterr().err


def test_a_first_run_not_written_goes_on_at_its_games_budgets(kept, capsys, monkeypatch):
    # Measured again, this machine would give other budgets; the games kept
    # say which ones they were played at, so none is played again.
    args = ["--game", "ninjan", "--pair", "easy/novice=2", "--pair", "medium/easy=2", "--pair", "hard/medium=2",
            "--bootstrap", "10"]
    assert ladder.main(args[:4] + ["--pair", "master/easy=2"] + args[-2:]) == 0
    monkeypatch.setattr(ladder, "calibrate", lambda *a, **k: 3000.0)
    assert ladder.main(args + ["--write"]) == 0
    assert "2 games kept from earlier runs, 4 to play" in capsys.readouterr().err
    assert json.loads((kept / "ladder.json").read_text())["ninjan"]["budgets"] == {"hard": 2000, "master": 6000}
    # ... unless asked to measure again.
    (kept / "ladder.json").unlink()
    assert ladder.main(args + ["--calibrate"]) == 0
    assert "hard 3,000 iterations" in capsys.readouterr().err


def test_trial_budgets_are_not_kept(kept):
    with pytest.raises(Exception, match="trial"):
        ladder.main(["--game", "ninjan", "--budget", "hard=100", "--write"])


def test_the_fingerprint_follows_how_the_search_plays(monkeypatch):
    before = ladder.fingerprint("ninjan", 3, {})
    assert ladder.fingerprint("ninjan", 3, {}) == before
    from dataclasses import replace

    import ninja_dojo.solver.search

    from ninja_dojo import solver
    real = solver.search.SearchConfig
    monkeypatch.setattr(tournament, "SearchConfig", lambda **kw: replace(real(**kw), exploration=0.3))
    assert ladder.fingerprint("ninjan", 3, {}) != before


async def test_the_setup_screen_shows_each_levels_rating_in_the_chosen_game(tmp_path, monkeypatch):
    from tests.snapshot_apps.dojo_pilot import make_app, set_choice, wait_for
    from ninja_dojo.tui.widgets.choice import Choice

    table = {"ninjan": {"games": 40, "players": 5, "options": {}, "anchor": "novice",
                        "ratings": {"novice": {"elo": 1000, "ci95": [1000, 1000]},
                                    "easy": {"elo": 1210, "ci95": [1150, 1270]},
                                    "medium": {"elo": 1333, "ci95": [1260, 1400]},
                                    "hard": {"elo": 1402, "ci95": [1330, 1480]},
                                    "master": {"elo": 1456, "ci95": [1380, 1530]}}}}
    monkeypatch.setattr(players, "_ladder", lambda: table)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SetupScreen")
        await set_choice(pilot, "game-choice", "ninjan")
        seat = app.screen.query_one("#seat-2", Choice)
        labels = [label for label, _ in seat.options]
        assert labels == ["Human", "AI · novice · Elo 1000", "AI · easy · Elo 1210 (1150-1270)",
                          "AI · medium · Elo 1333 (1260-1400)", "AI · hard · Elo 1402 (1330-1480)",
                          "AI · master · Elo 1456 (1380-1530)"]
        await set_choice(pilot, "seat-2", "hard")
        assert "AI · hard · Elo 1402 (1330-1480)" in str(seat.render())
        levels = str(app.screen.query_one("#setup-levels").render())
        assert "Elo: 40 ladder games at 5 players" in levels
        # A game without ratings: the level names alone, the seat keeps its level.
        await set_choice(pilot, "game-choice", "san_ni_ichi")
        assert seat.value == "hard" and seat.label == "AI · hard"
        assert "ladder games" not in str(app.screen.query_one("#setup-levels").render())


def test_the_kept_ladder_rates_the_levels_its_matches_seat_at_the_smallest_table():
    players._ladder.cache_clear()      # a test before may have read a temporary ladder
    doc = json.loads(players.ladder_file().read_text())
    for game, entry in doc.items():
        assert game in GAMES
        assert entry["players"] == GAMES[game].players[0], game
        assert set(entry["ratings"]) == set(ladder.seated(entry["pairs"])), game
        assert level_ratings(game)["novice"].elo == 1000
        assert entry["games"] == sum(n for _, _, n in entry["pairs"]) > 0


def test_the_ratings_the_app_shows_are_the_fit_of_the_games_kept():
    """solver/ladder.json is what bench.ladder --write fitted to the games in
    bench/ladder-games, not numbers typed in: every game of its schedule is
    kept, and fitting them again gives the same ratings."""
    doc = json.loads(players.ladder_file().read_text())
    for game, entry in doc.items():
        pairings = ladder.schedule(game, entry["players"], entry["budgets"], entry["pairs"], entry["seed"],
                                   entry["options"])
        outcomes = Record(ladder.games_file(game, entry["players"], entry["options"]),
                          entry["code"]).outcomes
        assert all(Record.key(q) in outcomes for q in pairings), game
        r = ladder.fit(pairings, outcomes, ladder.seated(entry["pairs"]), entry["budgets"], bootstrap=0,
                       winner_only=entry["fit"] == "winner only")
        assert {row["level"]: row["elo"] for row in r.table()} == {
            level: kept["elo"] for level, kept in entry["ratings"].items()}, game
