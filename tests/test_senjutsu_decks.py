"""Senjutsu decks: the deck-building rules (rulebook "deck building",
rulings section 4), the four presets, deck files and the game options that
use them."""
from __future__ import annotations

import pytest

from ninja_dojo.engine import PositionError, new_game
from ninja_dojo.engine.senjutsu import decks as sd

# The rulings' table of section 4: jade / gold / steel / wood card counts.
PRESET_SHAPE = {"master": (1, 6, 16, 17), "student": (1, 5, 16, 18),
                "ronin": (1, 5, 15, 19), "vengeful": (1, 5, 15, 19)}
RANK = {c.id: "JGSW–"[c.rank] for c in sd.CARDS}


@pytest.mark.parametrize("samurai", list(PRESET_SHAPE))
def test_the_presets_keep_every_rule_and_the_rulings_shape(samurai):
    deck = sd.PRESETS[samurai]
    assert sd.problems(deck, samurai) == []
    shape = tuple(sum(n for cid, n in deck.items() if RANK[cid] == r) for r in "JGSW")
    assert shape == PRESET_SHAPE[samurai]
    # every other samurai is refused it: its signature cards are not theirs
    for other in PRESET_SHAPE:
        if other != samurai:
            assert any("signature cards go only" in m for m in sd.problems(deck, other))


def _swap(deck, out_id, in_id, copies=1):
    d = dict(deck)
    d[out_id] -= copies
    if not d[out_id]:
        del d[out_id]
    d[in_id] = d.get(in_id, 0) + copies
    return d


@pytest.mark.parametrize("change,rule", [
    (lambda d: _swap(d, "G04", "G02", 2), "3 copies of Emergency Block (G02): a gold card may appear once"),
    (lambda d: _swap(d, "G04", "G14", 3), "4 copies of Dash Down Strike (G14): a steel card may appear up to 3 times"),
    (lambda d: _swap(d, "G04", "G12", 1), None),     # a third Lunging Thrust: still legal
    (lambda d: _swap(d, "G04", "G01", 1), "2 jade cards (Crimson Whirlwind (R01), Dragon Moon Slash (G01)): "
                                         "only one jade card in the whole deck"),
    (lambda d: _swap(d, "G04", "M05", 1), "Eye of the Dragon (M05) is the Master's card: signature cards go "
                                         "only in their own samurai's deck"),
    (lambda d: _swap(d, "G04", "R00", 1), "Ronin Core (R00) is a core: it is never in the deck"),
    (lambda d: {**d, "G04": d["G04"] - 1}, "39 cards: a deck has exactly 40 (the core not counted)"),
    (lambda d: {**d, "G04": d["G04"] + 7}, "47 cards: a deck has exactly 40"),
])
def test_each_broken_rule_is_named(change, rule):
    found = sd.problems(change(sd.PRESETS["ronin"]), "ronin")
    if rule is None:
        assert found == []
    else:
        assert len(found) == 1 and found[0].startswith(rule), found


def test_wood_cards_are_unlimited():
    deck = {"G04": 20, "G10": 20}
    assert sd.problems(deck, "master") == []


def test_a_deck_file_by_ids_and_names_with_comments():
    text = """# the Ronin's preset, with two changes
    2 Quick Stab        # two instead of three
    1 G10               # a Pommel Smash more
    """
    read = sd.read_deck_text(text)
    assert read.problems == [] and read.counts == {"G04": 2, "G10": 1}
    full = sd.deck_text(sd.PRESETS["vengeful"])
    assert sd.read_deck_text(full).counts == sd.PRESETS["vengeful"]


def test_a_deck_file_gives_one_message_per_problem_with_its_line():
    read = sd.read_deck_text("2 Quick Stab\n3 Flying Kick\n0 G04\nx\n")
    assert read.problems == [
        "line 2: 'Flying Kick' is not a card (give an ID such as G04 or a name)",
        "line 3: 0 copies of Quick Stab (G04): give 1 to 40",
        "line 4: 'x' is not a card (give an ID such as G04 or a name)",
    ]


def test_options_samurai_and_decks_per_seat(tmp_path):
    s = new_game("senjutsu", 3, seed=4, samurai="ronin,master,random")
    samurai = s.fields()["samurai"]
    assert samurai[:2] == ["ronin", "master"] and samurai[2] in ("student", "vengeful")
    assert s.options["samurai"] == samurai          # kept as drawn: the position says who played
    assert s.fields()["deck"][0] == sd.PRESETS["ronin"]
    path = tmp_path / "mine.deck"
    path.write_text(sd.deck_text({"G04": 20, "G10": 20}))
    s = new_game("senjutsu", 2, seed=1, samurai="master,ronin", deck=["preset", sd.read_deck_file(path)])
    assert s.fields()["deck"] == [sd.PRESETS["master"], {"G04": 20, "G10": 20}]
    assert s.options["deck"] == ["preset", {"G04": 20, "G10": 20}]


@pytest.mark.parametrize("options,message", [
    ({"samurai": "ronin,ronin"}, "options.samurai: the Ronin is named twice; one player per samurai"),
    ({"samurai": "ronin,master,student"}, "options.samurai: 3 values for 2 seats"),
    ({"samurai": "ninja"}, "options.samurai: 'ninja' is not one of random, master"),
    ({"samurai": "master,ronin", "deck": "ronin"},
     "options.deck: Crimson Whirlwind (R01) is the Ronin's card: signature cards go only in their own samurai's deck"),
    ({"deck": {"G04": 41}}, "options.deck: G04: expected 1 to 40 copies"),
    ({"deck": {"G99": 40}}, "options.deck: 'G99' is not a card ID"),
    ({"terrain": "T3"}, "options.terrain: T3 is for 3 players, not 2"),
    ({"deck": "/no/such/file"}, "options.deck: '/no/such/file' is not a preset"),
])
def test_bad_options_are_one_clear_message(options, message):
    with pytest.raises(PositionError) as e:
        new_game("senjutsu", 2, seed=1, **options)
    assert str(e.value).startswith(message), str(e.value)


def test_a_deck_file_breaking_a_rule_names_the_rule(tmp_path):
    bad = tmp_path / "bad.deck"
    bad.write_text("3 Emergency Block\n37 Quick Stab\n")
    with pytest.raises(PositionError) as e:
        new_game("senjutsu", 2, seed=1, samurai="master,ronin", deck=[sd.read_deck_file(bad), "preset"])
    assert str(e.value) == ("options.deck[0]: 3 copies of Emergency Block (G02): a gold card may appear once")
    typo = tmp_path / "typo.deck"
    typo.write_text("40 Quick Stabb\n")
    with pytest.raises(PositionError) as e:
        sd.read_deck_file(typo, "options.deck")
    assert str(e.value).startswith("options.deck: 'typo.deck': line 1: 'Quick Stabb' is not a card")


def test_the_command_line_takes_per_seat_options_and_a_deck_file(tmp_path):
    from tests.test_cli import solver
    from ninja_dojo.engine import load
    deck = tmp_path / "ronin.deck"
    deck.write_text("# wood and one jade\n30 Quick Stab\n9 Oxen Barge\n1 Crimson Whirlwind\n")
    pos = tmp_path / "duel.msgpack"
    solver("new", "senjutsu", "--players", 2, "--seed", 3, "--option", "samurai=ronin,master",
           "--option", f"deck={deck},preset", "-o", pos)
    s = load(pos)
    assert s.fields()["samurai"] == ["ronin", "master"]
    assert s.fields()["deck"][0] == {"G04": 30, "R01": 1, "R12": 9}
    assert s.options["deck"] == [{"G04": 30, "R01": 1, "R12": 9}, "preset"]   # the file's deck, kept
    out = solver("analyse", pos, "--iterations", 300)
    assert "best: place on" in out.stdout
    deck.write_text("2 Crimson Whirlwind\n38 Quick Stab\n")
    bad = solver("new", "senjutsu", "--players", 2, "--option", "samurai=ronin,master",
                 "--option", f"deck={deck},preset", "-o", pos, check=False)
    assert bad.returncode == 2
    assert bad.stderr == ("solver: error: options.deck[0]: 2 jade cards (Crimson Whirlwind (R01) x2): "
                          "only one jade card in the whole deck\n")
