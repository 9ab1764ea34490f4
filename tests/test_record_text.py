"""Record texts (``engine.record_text``, docs/positions.md): a game as one
seat saw it, written move by move and read back.

What a player relies on: the record the app or ``record_of`` writes reads
back into the same game as the seat saw it, move by move (every position
it faced looks exactly as it did); a game typed in from a real table is
refused in one line where it cannot be, and ``solver review FILE.toml``
reviews that seat's decisions.
"""
from __future__ import annotations

import json
from collections import Counter
import random
import re
import tomllib

import pytest
from hypothesis import given, settings, strategies as st

from ninja_dojo import engine
from ninja_dojo.engine import PositionError
from ninja_dojo.engine.position_text import known
from ninja_dojo.engine.record_text import record_of, records_read, replay
from ninja_dojo.solver import cli
from tests.play import play_random
from tests.properties import CONFIGURATIONS, budget

RECORD_GAMES = [name for name, g in engine.GAMES.items() if records_read(g)]


def games(game: str, count: int):
    """Seeded random games of every table size and option set, played to
    the end or stopped on the way."""
    configs = [(n, o) for g, n, o in CONFIGURATIONS if g == game]
    for i in range(count):
        players, options = configs[i % len(configs)]
        rng = random.Random(i)
        state = engine.new_game(game, players=players, seed=100 + i, **options)
        yield play_random(state, rng, moves=None if i % 2 else rng.randrange(1, 30))


def test_games_with_records():
    assert {"ninjan", "san_ni_ichi", "pride_of_ninja", "ninjato", "senjutsu"} <= set(RECORD_GAMES)


def as_seen(state, move: dict, seat: int) -> dict:
    """A joint move's names as ``seat`` saw them (another seat's face-down
    card only as that)."""
    return {s: state.game.action_name(state.observed(s, a, seat)) for s, a in move.items()}


@pytest.mark.parametrize("game", RECORD_GAMES)
def test_a_record_reads_back_as_the_game_its_seat_saw(game):
    for state in games(game, 8):
        real = list(state.plies())
        for seat in range(state.players):
            text = record_of(state, seat)
            again = replay(text, seed=seat)
            assert len(again.plies) == len(real)
            for mine, ply in zip(again.plies, real):
                assert mine.before.view(seat) == ply.before.view(seat)
                assert mine.after.view(seat) == ply.after.view(seat)
                assert as_seen(mine.before, mine.move, seat) == as_seen(ply.before, ply.move, seat)
            assert again.final.view(seat) == state.view(seat)


def test_nothing_in_a_record_the_seat_did_not_see():
    state = next(games("ninjan", 2))
    for seat in range(state.players):
        hidden = set(state.start().fields()["box"])
        for other in range(state.players):
            if other != seat:
                hidden |= set(state.start().fields()["hands"][other])
        played = {name.removeprefix("play ") for ply in state.plies() for name in
                  (state.game.action_name(a) for a in ply.move.values())}
        written = record_of(state, seat)
        # an unseen card appears only as it was played
        deal = written.split("[start]")[1].split("[end]")[0]
        assert all(f'"{card}"' not in deal for card in hidden)
        assert all(f'"play {card}"' in written for card in hidden & played)


def a_record() -> str:
    state = engine.new_game("ninjan", players=3, seed=5)
    play_random(state, random.Random(1), moves=6)
    return record_of(state, 1)


@pytest.fixture
def record():
    return a_record()


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace('2 = "play 4 Rock"', '2 = "play 5 Rock"'), r"^moves: move 1, seat 2: 'play 5 Rock' is not a move here"),
    (lambda t: t.replace('3 = "play 7 Paper"', '3 = "play 4 Rock"'),
     r"^moves: move 1, seat 3: 'play 4 Rock' cannot be played: in no deal you could not tell"),
    (lambda t: t.replace('{1 = "put on pile 1"}', '{2 = "put on pile 1"}'), r"^moves: move 2: seats 2 move, but after move 1 seats 1 decide"),
    (lambda t: t.replace('{1 = "put on pile 1"}', '{7 = "put on pile 1"}'), r"^moves: move 2: '7' is not a seat \(1 to 3\)"),
    (lambda t: t.replace('hand = ["1 Rock"', 'hand = ["1 Rok"'), r"^start: hand: '1 Rok' is not a Nin Jan card"),
    (lambda t: t.replace("[start]", "[begin]"), r"^'begin': not a key of a record"),
])
def test_a_wrong_record_is_one_line_naming_the_move(record, change, message):
    changed = change(record)
    assert changed != record
    refused_in_one_line(changed, message)


@given(data=st.data())
def test_a_damaged_record_is_refused_in_one_line_or_is_a_game(data):
    record = a_record()
    doc = tomllib.loads(record)
    moves = doc["moves"]
    how = data.draw(st.sampled_from(["drop", "swap", "rename", "seat"]))
    i = data.draw(st.integers(0, len(moves) - 1))
    if how == "drop":
        del moves[i]
    elif how == "swap" and len(moves) > 1:
        j = data.draw(st.integers(0, len(moves) - 1))
        moves[i], moves[j] = moves[j], moves[i]
    elif how == "rename":
        seat = data.draw(st.sampled_from(sorted(moves[i])))
        moves[i][seat] = data.draw(st.sampled_from(["play 7 Rock", "take pile 2", "put on pile 4", "", "play"]))
    else:
        seat = data.draw(st.sampled_from(sorted(moves[i])))
        moves[i][data.draw(st.sampled_from(["0", "1", "2", "3", "4", "x"]))] = moves[i].pop(seat)
    text = record.split("moves = [")[0] + "moves = [" + ", ".join(
        "{" + ", ".join(f"{json.dumps(k)} = {json.dumps(v)}" for k, v in m.items()) + "}" for m in moves) \
        + "]\n" + "[start]" + record.split("[start]")[1]
    try:
        game = replay(text)
    except PositionError as e:
        assert "\n" not in str(e)
    else:
        assert len(game.plies) == len(moves)


def test_cli_reviews_a_record_of_the_seat(tmp_path, capsys):
    state = engine.new_game("ninjan", players=3, seed=8)
    play_random(state, random.Random(2))
    path = tmp_path / "game.toml"
    path.write_text(record_of(state, 2))
    assert cli.main(["review", str(path), "--iterations", "200", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line[:4].strip().isdigit()]
    assert rows and all(line.split()[1] == "3" for line in rows)
    assert "seat 3:" in out and "seat 1:" not in out
    assert cli.main(["review", str(path), "--save"]) == 2
    assert "--save" in capsys.readouterr().err


def test_the_record_in_the_docs_reads_and_reviews(tmp_path, capsys):
    text = docs_record("ninjan")
    game = replay(text)
    assert len(game.plies) == 4 and game.final.view(0)["round"] == 2
    assert "seat 1: 3 decisions" in reviewed(text, tmp_path, capsys)


def test_cli_show_record_of_a_saved_game(tmp_path, capsys):
    state = engine.new_game("san_ni_ichi", players=4, seed=9)
    play_random(state, random.Random(3), moves=12)
    saved = tmp_path / "game.msgpack"
    engine.save(state, saved)
    assert cli.main(["show", str(saved), "--player", "3", "--record"]) == 0
    text = capsys.readouterr().out
    assert text == record_of(state, 2)
    assert replay(text).final.view(2) == state.view(2)
    assert cli.main(["show", str(tmp_path / "x.toml"), "--record"]) == 2


# ---------------------------------------------------------- Pride of Ninja
# A draft: the hand passed to the seat at each pick is something only it
# saw, fixed when the round was dealt; a record says it (a move's
# seen.hand), and the rows turned up at a round's end (seen.previous).

def pride_record() -> str:
    """Seat 2 of a 3-player game: round 1 (six moves, the last pick forced)
    and four moves of round 2."""
    state = engine.new_game("pride_of_ninja", players=3, seed=1)
    play_random(state, random.Random(1), moves=10)
    return record_of(state, 1)


def with_moves(record: str, moves: list) -> str:
    """``record`` with its moves replaced by ``moves`` (as TOML reads them)."""
    from ninja_dojo.engine.position_text import _value
    head, rest = record.split("moves = [", 1)
    return head + "moves = " + _value(moves) + "\n" + rest.split("\n]\n", 1)[1]


def refused_in_one_line(text: str, message: str) -> None:
    """Reading ``text`` is refused with one line matching ``message``."""
    with pytest.raises(PositionError, match=message) as e:
        replay(text)
    assert "\n" not in str(e.value)


def refused_when_changed(record: str, change, message: str, end: bool = True) -> None:
    """``record`` with its moves changed by ``change`` (and without its
    ``[end]`` unless ``end``) is refused in one line matching ``message``."""
    moves = tomllib.loads(record)["moves"]
    change(moves)
    changed = with_moves(record, moves)
    if not end:
        changed = changed.split("\n[end]")[0] + "\n"
    assert changed != record
    refused_in_one_line(changed, message)


def dealt_again(record: str, seat: int, plies, hidden, readings: int = 6) -> list:
    """``readings`` readings of ``record``, checked to deal what ``hidden``
    reads of the fields (what ``seat`` never saw) differently before each
    of ``plies``, and never what the seat saw (its view)."""
    games = [replay(record, seed=k) for k in range(readings)]
    for ply in plies:
        befores = [game.plies[ply].before for game in games]
        assert len({str(hidden(b.fields())) for b in befores}) > 1
        assert all(b.view(seat) == befores[0].view(seat) for b in befores)
    return games


def damaged_moves(data, moves: list, i: int, how: str, seats: list, names: list) -> bool:
    """Damage ``moves`` at move ``i`` as ``how`` says, if it is a damage of
    the moves themselves: dropped, swapped with another, or one of
    ``seats``'s moves renamed to one of ``names``."""
    if how == "drop":
        del moves[i]
    elif how == "swap":
        j = data.draw(st.integers(0, len(moves) - 1))
        moves[i], moves[j] = moves[j], moves[i]
    elif how == "rename":
        moves[i][data.draw(st.sampled_from(seats))] = data.draw(st.sampled_from(names))
    else:
        return False
    return True


def damaged_hand(data, seen: dict, cards: list) -> None:
    """A card of ``seen``'s hand replaced by up to two of ``cards``."""
    hand = seen.get("hand", [])
    k = data.draw(st.integers(0, len(hand)))
    seen["hand"] = hand[:k] + data.draw(st.lists(st.sampled_from(cards), max_size=2)) + hand[k + 1:]


def read_or_refused_in_one_line(record: str, moves: list) -> None:
    """``record`` with ``moves`` (a damaged copy) is refused in one line or
    read as a game of every move."""
    try:
        game = replay(with_moves(record, moves))
    except PositionError as e:
        assert "\n" not in str(e)
    else:
        assert len(game.plies) == len(moves)


def docs_record(game: str) -> str:
    """The record of ``game`` that docs/positions.md shows."""
    from tests.test_docs import DOCS
    return next(b for b in re.findall(r"```toml\n(.*?)```", (DOCS / "positions.md").read_text(), re.S)
                if "moves = [" in b and f'"{game}"' in b)


def reviewed(text: str, tmp_path, capsys) -> str:
    """What ``solver review`` prints of the record ``text`` (exit 0)."""
    path = tmp_path / "mine.toml"
    path.write_text(text)
    assert cli.main(["review", str(path), "--iterations", "100", "--jobs", "1"]) == 0
    return capsys.readouterr().out


def shown_and_reviewed(state, seat: int, tmp_path, capsys) -> str:
    """``solver show --record`` of the saved ``state`` for ``seat``: that
    seat's record, which ``solver review`` reviews for that seat alone."""
    saved = tmp_path / "game.msgpack"
    engine.save(state, saved)
    assert cli.main(["show", str(saved), "--player", str(seat + 1), "--record"]) == 0
    text = capsys.readouterr().out
    assert text == record_of(state, seat)
    out = reviewed(text, tmp_path, capsys)
    assert f"seat {seat + 1}:" in out
    assert not any(f"seat {k + 1}:" in out for k in range(state.players) if k != seat)
    return text


def review_refused_in_one_line(text: str, moves: list, tmp_path, capsys, where: str) -> None:
    """``solver review`` of ``text`` with ``moves`` exits 2, one line naming ``where``."""
    path = tmp_path / "mine.toml"
    path.write_text(with_moves(text, moves))
    assert cli.main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert where in err and len(err.strip().splitlines()) == 1


def test_a_pride_record_says_what_the_seat_was_passed_and_no_other_hidden_card():
    record = pride_record()
    moves = tomllib.loads(record)["moves"]
    assert len(moves) == 10
    # every move says the hand passed on to seat 2; the sixth ends round 1:
    # its rows turned up, the hand dealt for round 2 and its Victim's Cards
    assert all(len(m["seen"]["hand"]) == 7 - (i % 6) - 1 for i, m in enumerate(moves) if i != 5)
    assert set(moves[5]["seen"]) == {"hand", "victims", "previous"} and len(moves[5]["seen"]["hand"]) == 7
    # another seat's face-down card is written as seat 2 saw it
    hidden = [m[s] for m in moves for s in ("1", "3") if "face down" in m[s]]
    assert hidden and set(hidden) == {"a card face down to the back row"}
    assert any("face down" in m["2"] and not m["2"].startswith("a card") for m in moves)


@pytest.mark.parametrize("change, message", [
    # a hand passed later that the earlier ones do not allow
    (lambda m: m[2]["seen"].__setitem__("hand", ["Ninja", "Ninja", "Ninja", "Ninja"]),
     r"^moves: move 3 \(round 1, pick 3\): too many 'Ninja': the hand you passed on before has none left"),
    (lambda m: m[1]["seen"].__setitem__("hand", ["Shogun", "Miko", "Onmyoji", "Kabuki", "Kabuki"]),
     r"^moves: move 2 \(round 1, pick 2\): too many 'Shogun'"),
    (lambda m: m[5]["seen"].__setitem__("hand", ["Shogun"] * 7), r"^moves: move 6 \(round 2, pick 1\): too many 'Shogun'"),
    # a pick of a card not in the hand
    (lambda m: m[0].__setitem__("2", "Shogun to the front row"),
     r"^moves: move 1 \(round 1, pick 1\): picks: pick 1: your 'Shogun' was not in the hand you held"),
    (lambda m: m[6].__setitem__("2", "Shogun to the front row"), r"^moves: move 7 \(round 2, pick 1\): .*your 'Shogun'"),
    # what the seat cannot have seen, or must have
    (lambda m: m[2].__setitem__("1", "Miko face down to the back row"),
     r"^moves: move 3, seat 1: 'Miko face down to the back row': another seat's face-down card is seen only as"),
    (lambda m: m[2].__setitem__("2", "a card face down to the back row"), r"^moves: move 3, seat 2: your own card is named"),
    (lambda m: m[1]["seen"].pop("hand"), r"^moves: move 2: seen: 'hand' missing \(the hand passed to you\)"),
    (lambda m: m[5]["seen"].pop("hand"), r"^moves: move 6: seen: 'hand' missing \(the hand dealt to you for round 2\)"),
    (lambda m: m[5]["seen"].pop("victims"), r"^moves: move 6: seen: 'victims' missing"),
    (lambda m: m[1].__setitem__("3", "Ninja to the middle row"),
     r"^moves: move 2, seat 3: 'Ninja to the middle row' is not a Pride of Ninja action"),
    # the rows turned up at the round's end
    (lambda m: m[5]["seen"]["previous"]["back_rows"].reverse(),
     r"^moves: move 6: seen: previous: the rows turned up do not fit the picks seen and the hands you held"),
    (lambda m: m[3].__setitem__("1", "Shogun to the front row"),
     r"^moves: move 6: seen: previous: seat 1's front row lacks cards it was seen to take"),
    (lambda m: m[5]["seen"]["previous"].__setitem__("pp_before", [1, 0, 0]),
     r"^moves: move 6: seen: previous: pp_before: \[1, 0, 0\], but the round began with \[0, 0, 0\]"),
    (lambda m: m[5]["seen"].__setitem__("previous", "rows"), r"^moves: move 6: seen: previous: expected a table"),
    (lambda m: m.pop(3), r"^moves: move 4 \(round 1, pick 4\): hand: 2 cards, expected 3"),
])
def test_a_wrong_pride_record_is_one_line_naming_the_move(change, message):
    refused_when_changed(pride_record(), change, message)


def test_a_pride_record_typed_without_the_rows_is_read():
    """A player typing a game in need not copy every row at a round's end:
    the rows are then dealt like any card the seat did not see."""
    record = pride_record()
    moves = tomllib.loads(record)["moves"]
    del moves[5]["seen"]["previous"]
    game = replay(with_moves(record, moves).split("\n[end]")[0] + "\n[options]\ndeck = \"blue\"\n")
    assert len(game.plies) == 10 and game.final.view(1)["round"] == 2


def test_a_pride_record_is_dealt_again_at_random():
    """The unseen cards are dealt again at random, among the deals the
    seat could not tell from the real one (the review's positions are not
    the real game's)."""
    state = engine.new_game("pride_of_ninja", players=5, seed=1)
    play_random(state, random.Random(1), moves=9)
    # round 1, its rows turned up at its end, and round 2, under way
    dealt_again(record_of(state, 0), 0, (0, 8), lambda f: (f["hands"], f["picks"]), readings=8)


PRIDE_NAMES = ["Ninja to the front row", "Miko face down to the back row", "a card face down to the back row",
               "Shogun to the front row", "Kabuki face down to the back row", "", "Ninja"]
PRIDE_CARDS = ["Ninja", "Samurai", "Miko", "Onmyoji", "Kabuki", "Sumo Rikishi", "Shogun", "Oni", 7]


@given(data=st.data())
def test_a_damaged_pride_record_is_refused_in_one_line_or_is_a_game(data):
    record = pride_record()
    moves = tomllib.loads(record)["moves"]
    how = data.draw(st.sampled_from(["drop", "swap", "rename", "hand", "rows", "seen"]))
    i = data.draw(st.integers(0, len(moves) - 1))
    seen = moves[i]["seen"]
    if damaged_moves(data, moves, i, how, ["1", "2", "3"], PRIDE_NAMES):
        pass
    elif how == "hand":
        damaged_hand(data, seen, PRIDE_CARDS)
    elif how == "rows" and "previous" in seen:
        rows = seen["previous"][data.draw(st.sampled_from(["front_rows", "back_rows"]))]
        p = data.draw(st.integers(0, len(rows) - 1))
        rows[p][data.draw(st.integers(0, len(rows[p]) - 1))] = data.draw(st.sampled_from(PRIDE_CARDS))
    else:
        key = data.draw(st.sampled_from(["hand", "previous", "victims", "picks", "held", "pp"]))
        seen[key] = data.draw(st.sampled_from([[], [[]], "x", 3, {"front_rows": 1}, [["?", "back"]] * 3]))
    read_or_refused_in_one_line(record, moves)


def test_cli_shows_and_reviews_a_pride_record(tmp_path, capsys):
    state = engine.new_game("pride_of_ninja", players=4, seed=6, deck="red")
    play_random(state, random.Random(4), moves=9)
    text = shown_and_reviewed(state, 1, tmp_path, capsys)
    moves = tomllib.loads(text)["moves"]
    moves[1]["seen"]["hand"] = ["Oni"] * len(moves[1]["seen"]["hand"])
    review_refused_in_one_line(text, moves, tmp_path, capsys, "moves: move 2")


def test_the_pride_record_in_the_docs_reads_and_reviews(tmp_path, capsys):
    text = docs_record("pride_of_ninja")
    game = replay(text)
    assert len(game.plies) == 3 and game.final.view(0)["hand"] == ["Ninja", "Samurai", "Onmyoji", "Shogun"]
    assert "seat 1: 3 decisions" in reviewed(text, tmp_path, capsys)


# ---------------------------------------------------------------- Senjutsu
# Cards are drawn from decks whose order nobody sees: a record says the
# hand the seat held after each draw (a move's seen.hand), the cards a
# bleeding wound milled, a hand shown to it and the top cards it looked at.

def senjutsu_game():
    """60 moves of a 2-player game (the Student against the Vengeful)."""
    return play_random(engine.new_game("senjutsu", players=2, seed=1), random.Random(5), moves=60)


def senjutsu_record() -> str:
    """The game as seat 2 saw it: it draws at moves 2 (its first hand and
    round 1's card), 10, 17 (after 'draw 1'), ..."""
    return record_of(senjutsu_game(), 1)


def test_a_senjutsu_record_says_each_hand_the_seat_drew_and_no_hidden_card():
    state = senjutsu_game()
    moves = tomllib.loads(senjutsu_record())["moves"]
    plies = list(state.plies())
    for move, ply in zip(moves, plies):
        drew = ply.after.view(1)["samurai"][1]["pile_size"] < ply.before.view(1)["samurai"][1]["pile_size"]
        if drew:
            # the seat's hand after the draw, in its own words
            assert move["seen"]["hand"] == {e.key: e.value for e in known(ply.after, 1)}["hand"]
        assert set(move.get("seen", {})) <= {"hand", "my_face_down", "known_cards", "known_top_cards"}
    assert moves[1]["seen"]["hand"] == ["War Cry", "Refocused Mind", "Short Strike", "Warding Arc", "Ember Block",
                                        "Headbutt"]
    # another seat's face-down choice is only that; nothing of its hand is in a seen
    assert {m["1"] for m in moves if "1" in m and "hidden" in m["1"]} == {"a hidden choice"}
    assert all(not any(m["seen"].get("known_cards", [[]])) for m in moves if "seen" in m)


SENJUTSU_WRONG = [
    # a hand the deck cannot have given
    (lambda m: m[1]["seen"]["hand"].__setitem__(0, "Dragon Tail"),
     r"^moves: move 2: seen: hand: 'Dragon Tail' is not in your deck$"),
    (lambda m: m[16]["seen"]["hand"].__setitem__(0, "War Cry"), r"^moves: move 17: seen: hand: 2 'War Cry', but your deck has 1$"),
    # a card drawn that the deck no longer holds where you could not see it
    (lambda m: m[23]["seen"]["hand"].__setitem__(-1, "Evasive Step"),
     r"^moves: move 24: seen: hand: 'Evasive Step', but your deck has 1, none of them where you could not see it$"),
    # a later hand that the earlier ones and the moves do not allow
    (lambda m: m[9]["seen"]["hand"].__setitem__(0, "Ember Block"),
     r"^moves: move 10: it cannot show what its 'seen' says in any deal you could not tell from yours$"),
    # what a move must say, and what no move shows
    (lambda m: m[16].pop("seen"), r"^moves: move 17: seen: 'hand' missing \(the hand you held after the move, when you drew\)$"),
    (lambda m: m[16]["seen"].__setitem__("drew", ["Evasive Step"]), r"^moves: move 17: seen: 'drew' is not what a move shows"),
    (lambda m: m[16]["seen"]["hand"].__setitem__(0, "Evasive Stop"), r"^moves: move 17: seen: hand: 'Evasive Stop' is not a Senjutsu card"),
    (lambda m: m[16]["seen"].__setitem__("hand", "Evasive Step"), r"^moves: move 17: seen: hand: expected a list"),
    (lambda m: m[16]["seen"].__setitem__("known_cards", [["Quick Stab"]]),
     r"^moves: move 17: seen: known_cards: 1 entries, one per seat expected \(2\)$"),
    # moves no deal allows
    (lambda m: m[2].__setitem__("1", "play Steel Block"),
     r"^moves: move 3, seat 1: 'play Steel Block' cannot be played: in no deal you could not tell"),
    (lambda m: m[2].__setitem__("2", "play Quick Stab"), r"^moves: move 3, seat 2: 'play Quick Stab' is not a move here"),
    (lambda m: m.pop(2), r"^moves: move 3: seats 2 move, but after move 2 seats 1, 2 decide in every deal"),
]


@pytest.mark.parametrize("change, message", SENJUTSU_WRONG)
def test_a_wrong_senjutsu_record_is_one_line_naming_the_move(change, message):
    refused_when_changed(senjutsu_record(), change, message)


def test_a_senjutsu_seen_is_read_as_a_person_writes_it():
    """A hand in any order; a key that says you know nothing of the others."""
    record = senjutsu_record()
    moves = tomllib.loads(record)["moves"]
    moves[16]["seen"]["hand"].reverse()
    moves[16]["seen"]["known_cards"] = [[], []]
    assert replay(with_moves(record, moves)).final.view(1) == senjutsu_game().view(1)


def test_a_senjutsu_record_is_dealt_again_at_random():
    """What the seat never saw (the other hand, the piles' order) differs
    from one reading to another; what it saw never does."""
    state = senjutsu_game()
    games = dealt_again(record_of(state, 1), 1, (5, 30), lambda f: f["hands"][0])
    assert games[0].plies[30].before.view(1) == list(state.plies())[30].before.view(1)
    for ply in (5, 30):
        assert len({str(g.plies[ply].before.fields()["draw_piles"][1]) for g in games}) > 1


SENJUTSU_NAMES = ["play Quick Stab", "pass", "a hidden choice", "draw 2", "option 1", "take Wild Swing",
                  "initiative 7", "step forward", "", "play"]
SENJUTSU_CARDS = ["Quick Stab", "Short Strike", "War Cry", "Dragon Tail", "Evasive Stop", 7, []]


@given(data=st.data())
def test_a_damaged_senjutsu_record_is_refused_in_one_line_or_is_a_game(data):
    record = senjutsu_record()
    moves = tomllib.loads(record)["moves"]
    how = data.draw(st.sampled_from(["drop", "swap", "rename", "hand", "seen"]))
    i = data.draw(st.integers(0, len(moves) - 1))
    seen = moves[i].setdefault("seen", {})
    if damaged_moves(data, moves, i, how, ["1", "2"], SENJUTSU_NAMES):
        pass
    elif how == "hand":
        damaged_hand(data, seen, SENJUTSU_CARDS)
    else:
        key = data.draw(st.sampled_from(["hand", "my_face_down", "known_cards", "known_top_cards", "drew"]))
        seen[key] = data.draw(st.sampled_from([[], [[]], [[], []], "x", 3, [["Quick Stab"], []], [[], ["?"]]]))
    read_or_refused_in_one_line(record, moves)


def test_cli_shows_and_reviews_a_senjutsu_record(tmp_path, capsys):
    text = shown_and_reviewed(senjutsu_game(), 1, tmp_path, capsys)
    moves = tomllib.loads(text)["moves"]
    moves[16]["seen"]["hand"][0] = "Dragon Tail"
    review_refused_in_one_line(text, moves, tmp_path, capsys, "moves: move 17: seen: hand: 'Dragon Tail'")


def test_the_senjutsu_record_in_the_docs_reads_and_reviews(tmp_path, capsys):
    text = docs_record("senjutsu")
    game = replay(text)
    assert len(game.plies) == 9 and game.final.view(0)["round"] == 2
    assert {e.key: e.value for e in known(game.final, 0)}["hand"] == [
        "Wild Swing", "Feral Sweep", "Ripping Claws", "Wolf Pounce", "Falling Restraint", "Oxen Barge"]
    assert "seat 1: " in reviewed(text, tmp_path, capsys)


def test_a_senjutsu_record_says_the_cards_a_bleeding_wound_milled():
    """The Student of the sixth test game bleeds: at each round's start its
    top cards go face down, seen by it alone."""
    state = list(games("senjutsu", 6))[5]
    moves = tomllib.loads(record_of(state, 1))["moves"]
    milled = 0
    for move, ply in zip(moves, state.plies()):
        before, after = ({e.key: e.value for e in known(s, 1)} for s in (ply.before, ply.after))
        new = Counter(after["my_face_down"]) - Counter(before["my_face_down"]) - Counter(before["hand"])
        if new:
            milled += 1
            assert move["seen"]["my_face_down"] == after["my_face_down"]
    assert milled >= 5
    assert replay(record_of(state, 1)).final.view(1) == state.view(1)


# ---------------------------------------------------------- Ninjato
# Every step is public, but chance shows what no move names: the cards you
# draw from the Dojo deck, the row refilled, a Guard turned up, a treasure
# drawn from the bag, a turn's end; and where another seat had one legal
# move the game made it for that seat, from cards only it held.  A move's
# seen says all of it, as the seat saw it.

def entries(state, seat: int) -> dict:
    from ninja_dojo.engine.position_text import known
    return {e.key: e.value for e in known(state, seat)}


def ninjato_record() -> str:
    """Seat 1 of a 2-player game, ten moves: seat 2 attacks house 1 and
    loses to a Guard; seat 1 attacks house 5, its Banzai turns up a Guard
    it cannot beat; seat 2 takes a Sensei tile; seat 1 draws from the deck."""
    state = engine.new_game("ninjato", players=2, seed=4)
    play_random(state, random.Random(4), moves=10)
    return record_of(state, 0)


def test_a_ninjato_record_says_what_chance_showed_the_seat_and_nothing_else():
    state = engine.new_game("ninjato", players=3, seed=5)
    play_random(state, random.Random(5), moves=150)
    for seat in range(3):
        moves = tomllib.loads(record_of(state, seat))["moves"]
        assert len(moves) == 150
        for m, ply in zip(moves, state.plies()):
            seen, after, before = m.get("seen", {}), entries(ply.after, seat), entries(ply.before, seat)
            # only what the seat saw after the move (its own position text)
            assert all(after[k] == v for k, v in seen.items())
            mine = m.get(str(seat + 1))
            if mine == "draw from the deck":
                assert seen["hand"] == after["hand"]
            if after["dojo_deck"] != before["dojo_deck"]:
                assert seen["dojo_row"] == after["dojo_row"]
            # (a card the seat saw on top with CR4 it knew already)
            if "Banzai" in m.values() and not before.get("seen_on_top"):
                assert {"attack", "guard_discard", "elite_discard"} & set(seen)
            if after["turn"] != before["turn"]:
                assert {"sensei_offer", "envoy_row", "rumor_row"} & set(seen)
    # another seat's draw from the deck is only that
    moves = tomllib.loads(record_of(state, 0))["moves"]
    theirs = [m for m in moves if "draw from the deck" in (m.get("2"), m.get("3"))]
    assert theirs and all("hand" not in m.get("seen", {}) for m in theirs)


def test_a_ninjato_record_is_dealt_again_at_random():
    """The other hands and the decks' order are dealt again among the deals
    the seat could not tell from the real one."""
    state = engine.new_game("ninjato", players=3, seed=2)
    play_random(state, random.Random(2), moves=60)
    dealt_again(record_of(state, 1), 1, (0, 59), lambda f: (f["hands"], f["dojo_deck"]))


def change_seen(moves: list, i: int, key: str, value) -> None:
    moves[i].setdefault("seen", {})[key] = value


@pytest.mark.parametrize("change, message", [
    # a card drawn that no deck holds: every other 5 is in sight
    (lambda m: change_seen(m, 9, "hand", m[9]["seen"]["hand"] + [5] * 9),
     r"^moves: move 10: seen: hand: 9 more of value 5 than you held, but \d of the 10 Dojo cards of value 5 "
     r"are out of sight"),
    # a Guard turned up that stands on a house
    (lambda m: m[2]["seen"]["attack"].update(card="GD15", revealed=["GD15"]),
     r"^moves: move 3: it cannot show what its 'seen' says in any deal you could not tell from yours"),
    # the row refilled with cards the move did not draw
    (lambda m: change_seen(m, 9, "dojo_row", [1, 1, 1]), r"^moves: move 10: it cannot show what its 'seen' says"),
    # a move that is not legal there
    (lambda m: m[8].__setitem__("1", "Sensei tile 4"), r"^moves: move 9, seat 1: 'Sensei tile 4' is not a move here"),
    (lambda m: m[7].__setitem__("2", "pay with a 5"), r"^moves: move 8, seat 2: 'pay with a 5' cannot be played"),
    (lambda m: m[4].__setitem__("1", "Banzai"), r"^moves: move 5, seat 1: 'Banzai' is not a move here"),
    # something no move shows
    (lambda m: change_seen(m, 9, "drew", [4]), r"^moves: move 10: seen: 'drew' is not something a move shows \(keys: hand,"),
    (lambda m: m.pop(2), r"^moves: move 3, seat 2: 'give up' cannot be played"),
])
def test_a_wrong_ninjato_record_is_one_line_naming_the_move(change, message):
    refused_when_changed(ninjato_record(), change, message, end=False)


def test_a_ninjato_record_typed_without_what_chance_showed_is_read():
    """A player typing a game in may leave out what a move turned up: it is
    then dealt like any card the seat did not see."""
    record = ninjato_record()
    moves = tomllib.loads(record)["moves"]
    for m in moves:
        m.pop("seen", None)
    game = replay(with_moves(record, moves).split("\n[end]")[0] + "\n")
    assert len(game.plies) == 10 and game.final.view(0)["phase"] == "draw"


NINJATO_NAMES = ["Dojo", "draw from the deck", "Banzai", "give up", "house 1 Strength", "base: Dojo 5", "", "x"]
NINJATO_SEEN = [[], [1, 2], [9], "x", 3, {"house": 1}, [{"token": "CT01"}], ["GD15"], [[5], []], ["empty"] * 3]


@settings(max_examples=budget(0.6), deadline=None)
@given(data=st.data())
def test_a_damaged_ninjato_record_is_refused_in_one_line_or_is_a_game(data):
    record = ninjato_record()
    moves = tomllib.loads(record)["moves"]
    how = data.draw(st.sampled_from(["drop", "swap", "rename", "seen"]))
    i = data.draw(st.integers(0, len(moves) - 1))
    if not damaged_moves(data, moves, i, how, ["1", "2"], NINJATO_NAMES):
        key = data.draw(st.sampled_from(["hand", "dojo_row", "houses", "attack", "guard_discard", "tiles",
                                         "known_cards", "seen_on_top", "envoy_row", "turn"]))
        moves[i].setdefault("seen", {})[key] = data.draw(st.sampled_from(NINJATO_SEEN))
    read_or_refused_in_one_line(record, moves)


def test_cli_shows_and_reviews_a_ninjato_record(tmp_path, capsys):
    state = engine.new_game("ninjato", players=3, seed=7)
    play_random(state, random.Random(7), moves=40)
    text = shown_and_reviewed(state, 1, tmp_path, capsys)
    moves = tomllib.loads(text)["moves"]
    k = next(k for k, m in enumerate(moves) if "dojo_row" in m.get("seen", {}))
    moves[k]["seen"]["dojo_row"] = ["x", 1, 1]
    review_refused_in_one_line(text, moves, tmp_path, capsys, f"moves: move {k + 1}")


def test_the_ninjato_record_in_the_docs_reads_and_reviews(tmp_path, capsys):
    text = docs_record("ninjato")
    game = replay(text)
    assert len(game.plies) == 10 and game.final.view(0)["hand"] == [2, 3, 5]
    assert "seat 1: " in reviewed(text, tmp_path, capsys)
