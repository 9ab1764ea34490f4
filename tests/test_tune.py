"""The tuner (``bench.tune``): one setting's values on the same deals, the
best confirmed against the current value on fresh deals, bad arguments
refused before a game is played."""
from __future__ import annotations

import pytest

from bench import tune
from ninja_dojo.solver import tournament

TINY = ["--game", "ninjan", "--players", "2", "--param", "exploration", "--values", "0.05,3",
        "--ai", "ismcts:40", "--vs", "greedy", "--games", "6", "--seed", "1", "--jobs", "1"]


def test_every_value_and_the_current_one_play_the_same_deals(capsys):
    assert tune.main(TINY + ["--confirm-seed", "2"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ") and "ismcts" in line]
    assert [r.split("|")[1].strip() for r in rows] == ["0.05", "0.7 (current)", "3.0"]
    # each row is the tournament the runner plays for that spec on --seed 1
    for value, line in zip((0.05, 0.7, 3.0), rows):
        pairings = tournament.schedule("ninjan", 2, f"ismcts:40+exploration={value}", "greedy", 6, 1)
        assert f"{tournament.run(pairings).win_share:.1%}" in line
    # a verdict: either the current value stays, or the best is checked on fresh deals
    assert ("nothing to change" in out) or ("On fresh deals (--seed 2)" in out
                                            and ("Separated" in out or "Not separated" in out))


def test_the_best_is_kept_only_when_fresh_deals_separate_it():
    heroes = [g % 2 for g in range(40)]
    better = [[1.0, 0.0] if h == 0 else [0.0, 1.0] for h in heroes]     # the hero wins every game
    worse = [[0.0, 1.0] if h == 0 else [1.0, 0.0] for h in heroes]
    mean, lo, hi = tune.paired_difference(better, worse, heroes)
    assert (mean, lo > 0) == (1.0, True)
    mixed = [better[g] if g % 4 < 2 else worse[g] for g in range(40)]   # half the games
    mean, lo, hi = tune.paired_difference(mixed, mixed[2:] + mixed[:2], heroes)
    assert lo < 0 < hi


def test_a_tuned_setting_is_the_one_the_game_searches_with():
    assert tune.current_value("ninjato", 3, "expand") == 64
    assert tune.current_value("senjutsu", 3, "cut") == 3
    assert tune.current_value("ninjan", 2, "exploration") == 0.7


def test_a_timed_expansion_is_tuned_against_the_threshold_the_search_uses(monkeypatch, capsys):
    # Ninjato at 4 players expands after 256 visits a second of a timed
    # search: at 1 s the current value is 256, not the base 64, and what
    # the tuner proposes is the visits a second.
    shares = {(64.0, 1): 0.3, (256.0, 1): 0.4, (1024.0, 1): 0.8,
              (1024.0, 2): 0.9, (256.0, 2): 0.1}
    monkeypatch.setattr(tune, "play", fake_play(shares))
    argv = ["--game", "ninjato", "--players", "4", "--param", "expand", "--values", "64,1024",
            "--ai", "ismcts:1s", "--games", "40", "--seed", "1", "--jobs", "1", "--confirm-seed", "2"]
    assert tune.main(argv) == 0
    out = capsys.readouterr().out
    rows = [line.split("|")[1].strip() for line in out.splitlines() if line.startswith("| ") and "ismcts" in line]
    assert rows == ["64", "256 (current)", "1024"]
    assert "SEARCH_SETTINGS[4]['expand_per_second'] = 1024" in out


@pytest.mark.parametrize("change, message", [
    (["--param", "explore"], "invalid choice"),
    (["--values", "0.5,abc"], "'abc' is not a number"),
    (["--values", "-1"], "exploration"),
    (["--param", "expand", "--values", "0"], "expand_at"),
    (["--param", "cut", "--values", "1.5"], "not an integer"),
    (["--players", "9"], "--players"),
    (["--ai", "greedy"], "not a search"),
    (["--ai", "ismcts:40+exploration=1"], "sets exploration itself"),
    (["--vs", "grandmaster"], "grandmaster"),
    (["--seed", "-3"], "--seed"),
    (["--confirm-seed", "1"], "fresh"),
    (["--option", "deck=none"], "deck"),
    (["--games", "1"], "--games"),
])
def test_a_bad_argument_gets_one_message_and_no_game_is_played(change, message, capsys, monkeypatch):
    monkeypatch.setattr(tune, "play", lambda *a: pytest.fail("a game was played"))
    argv = list(TINY)
    for flag, value in zip(change[::2], change[1::2]):
        if flag in argv:
            argv[argv.index(flag) + 1] = value
        else:
            argv += [flag, value]
    try:
        code = tune.main(argv)
    except SystemExit as e:      # argparse's own refusals
        code = e.code
    assert code == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def fake_play(shares):
    """A ``play`` whose hero wins ``shares[(value, seed)]`` of the games."""
    def play(game, players, spec, vs, games, seed, options, jobs, ray):
        value = float(spec.rpartition("=")[2])
        pairings = tournament.schedule(game, players, spec, vs, games, seed, options)
        wins = round(shares[(value, seed)] * games)
        returns = []
        for g, p in enumerate(pairings):
            r = [0.0] * players
            r[p.hero if g < wins else (p.hero + 1) % players] = 1.0
            returns.append(r)
        return tournament.Result(pairings, returns)
    return play


@pytest.mark.parametrize("shares, verdict", [
    ({(0.05, 1): 0.5, (0.7, 1): 0.6, (3.0, 1): 0.4}, "nothing to change"),
    ({(0.05, 1): 0.5, (0.7, 1): 0.5, (3.0, 1): 0.9, (3.0, 2): 0.95, (0.7, 2): 0.2},
     "SEARCH_SETTINGS[2]['exploration'] = 3.0"),
    ({(0.05, 1): 0.5, (0.7, 1): 0.5, (3.0, 1): 0.9, (3.0, 2): 0.55, (0.7, 2): 0.5},
     "Not separated on fresh deals: keep exploration=0.7"),
])
def test_the_verdict(shares, verdict, monkeypatch, capsys):
    monkeypatch.setattr(tune, "play", fake_play(shares))
    args = [a if a != "6" else "40" for a in TINY]
    assert tune.main(args + ["--confirm-seed", "2"]) == 0
    assert verdict in capsys.readouterr().out
    if (3.0, 2) in shares:      # without fresh deals the best is only proposed for checking
        assert tune.main(args) == 0
        out = capsys.readouterr().out
        assert "Best on these deals: exploration=3.0" in out and "SEARCH_SETTINGS[" not in out
