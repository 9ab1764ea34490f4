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

LEVEL_NAMES = list(LEVELS)


@pytest.mark.parametrize("players_at_table", [5, 4, 2])
def test_every_level_plays_every_seat_and_every_deal_at_each_rotation(players_at_table):
    n = players_at_table
    budget = {"hard": 5000, "master": 9000}
    games = ladder.schedule("ninjan", n, LEVEL_NAMES, budget, games=n * 10, seed=3, options={})
    seats = Counter((s, spec.split("+")[0]) for p in games for s, spec in enumerate(p.seats))
    assert len(set(seats.values())) == 1 and len(seats) == n * len(LEVEL_NAMES)
    for block in range(10):
        rotation = games[block * n:(block + 1) * n]
        assert len({p.deal for p in rotation}) == 1               # one deal, every seating
        assert len({frozenset(p.seats) for p in rotation}) == 1    # of one set of levels
        assert len({p.seats for p in rotation}) == n
    assert "hard+iterations=5000" in {s for p in games for s in p.seats}
    assert len({p.seed for p in games}) == len(games)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_gets_a_table(game):
    lo, hi = GAMES[game].players
    n = ladder.table_size(game, len(LEVEL_NAMES), None)
    assert lo <= n <= hi and n == min(hi, len(LEVEL_NAMES))


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
    # Two players at a table (every pair of levels), medium's 20,000 iterations
    # make it the slowest seat: 10 games of Nin Jan take a few seconds.
    args = ["--game", "ninjan", "--players", "2", "--games", "10", "--bootstrap", "50", "--write"]
    assert ladder.main(args) == 0
    doc = json.loads((kept / "ladder.json").read_text())["ninjan"]
    assert doc["games"] == 10 and doc["players"] == 2 and doc["anchor"] == "novice"
    assert doc["budgets"] == {"hard": 2000, "master": 6000}
    assert set(doc["ratings"]) == set(LEVEL_NAMES)
    assert doc["ratings"]["novice"] == {"elo": 1000, "ci95": [1000, 1000]}
    for r in doc["ratings"].values():
        assert r["ci95"][0] <= r["elo"] <= r["ci95"][1]
    out = capsys.readouterr()
    assert "| master | 6,000 iterations |" in out.out and "0 games kept" in out.err
    kept_games = (kept / "games" / "ninjan-2p.jsonl").read_text().splitlines()
    assert len(kept_games) == 10

    # Longer: the ten games are kept, four more are played, the fit takes all.
    assert ladder.main(args[:4] + ["--games", "14", "--bootstrap", "50", "--write"]) == 0
    assert "10 games kept from earlier runs, 4 to play" in capsys.readouterr().err
    assert json.loads((kept / "ladder.json").read_text())["ninjan"]["games"] == 14


def test_games_played_by_code_that_plays_differently_are_played_again(kept, capsys, monkeypatch):
    args = ["--game", "ninjan", "--players", "2", "--games", "2", "--bootstrap", "10"]
    assert ladder.main(args) == 0
    monkeypatch.setattr(ladder, "fingerprint", lambda *a: "another search")
    assert ladder.main(args) == 0
    assert "0 games kept from earlier runs, 2 to play" in capsys.readouterr().err


def test_a_first_run_not_written_goes_on_at_its_games_budgets(kept, capsys, monkeypatch):
    # Measured again, this machine would give other budgets; the games kept
    # say which ones they were played at, so none is played again.
    # (Games 4 to 7 seat hard and master against novice.)
    args = ["--game", "ninjan", "--players", "2", "--games", "8", "--bootstrap", "10"]
    assert ladder.main(args) == 0
    monkeypatch.setattr(ladder, "calibrate", lambda *a, **k: 3000.0)
    assert ladder.main(args[:5] + ["9", "--bootstrap", "10", "--write"]) == 0
    assert "8 games kept from earlier runs, 1 to play" in capsys.readouterr().err
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


def test_the_kept_ladder_rates_every_level_of_the_games_it_names():
    doc = json.loads(players.ladder_file().read_text())
    for game, entry in doc.items():
        assert game in GAMES
        assert set(entry["ratings"]) == set(LEVEL_NAMES)
        assert level_ratings(game)["novice"].elo == 1000
        assert entry["games"] > 0


def test_the_ratings_the_app_shows_are_the_fit_of_the_games_kept():
    """solver/ladder.json is what bench.ladder --write fitted to the games in
    bench/ladder-games, not numbers typed in: every game of its schedule is
    kept, and fitting them again gives the same ratings."""
    doc = json.loads(players.ladder_file().read_text())
    for game, entry in doc.items():
        pairings = ladder.schedule(game, entry["players"], LEVEL_NAMES, entry["budgets"],
                                   entry["games"], entry["seed"], entry["options"])
        outcomes = Record(ladder.games_file(game, entry["players"], entry["options"]),
                          entry["code"]).outcomes
        assert all(Record.key(q) in outcomes for q in pairings), game
        r = ladder.fit(pairings, outcomes, LEVEL_NAMES, entry["budgets"], bootstrap=0,
                       winner_only=entry["fit"] == "winner only")
        assert {row["level"]: row["elo"] for row in r.table()} == {
            level: kept["elo"] for level, kept in entry["ratings"].items()}, game
