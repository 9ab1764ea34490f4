"""The review of a finished game in the app: ``a`` on the end screen, the
win-chance graph, every decision with its mark and the AI's move, the board
as the deciding seat saw it; computed once and kept in the game's files."""
from __future__ import annotations

import random

from ninja_dojo import engine
from ninja_dojo.engine import new_game, save
from ninja_dojo.solver.review import judge
from tests.snapshot_apps.dojo_pilot import make_app, wait_for
from tests.snapshot_apps.how_to_play import screen_lines
from ninja_dojo.tui.screens.end import EndScreen
from ninja_dojo.tui.screens.review import ReviewScreen
from ninja_dojo.tui.widgets.win_chart import WinChart

ITERATIONS = 300


def finished_game(name: str = "ninjan", players: int = 3, seed: int = 21):
    s = new_game(name, players, seed=seed)
    r = random.Random(seed)
    while not s.is_terminal():
        s.apply({seat: r.choice(s.legal_action_ids(seat)) for seat in s.movers()})
    return s


async def open_review(pilot, app) -> ReviewScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), what="the end screen")
    await pilot.press("a")
    await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), what="the review")
    screen = app.screen
    await wait_for(pilot, lambda: screen.review is not None, timeout=60, what="the review done")
    await pilot.pause()
    return screen


async def test_a_finished_game_is_reviewed_shown_and_kept_in_its_file(tmp_path):
    state = finished_game()
    path = tmp_path / "game.msgpack"
    save(state, path, ["human", "medium", "medium"])
    app = make_app(tmp_path, load=path, review_iterations=ITERATIONS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot, app)
        review = screen.review
        # Every real decision of every seat, and nothing else.
        real = [(m, seat) for m, joint in enumerate(state.history) for seat, _ in joint]
        assert {(d.move, d.seat) for d in review.decisions} <= set(real)
        assert {d.seat for d in review.decisions} == {0, 1, 2}
        # The graph has one line per seat, each point the win chance after its move.
        chart = screen.query_one(WinChart)
        assert sorted(chart.points) == [0, 1, 2]
        assert all(0 <= v <= 1 for pts in chart.points.values() for _, v in pts)
        # The panel: the decision, the move played, the AI's move, the chances and the mark.
        d = review.decisions[screen.index]
        assert d.seat == 0                                # the person's first decision
        panel = str(screen.query_one("#review-panel").render())
        assert f"Move {d.move + 1} of {review.moves}" in panel
        assert f"Win chance {d.best_value:.0%} → {d.played_value:.0%}" in panel
        # The arrows go from decision to decision; the board shows that seat's hand.
        await pilot.press("right")
        d2 = review.decisions[screen.index]
        assert screen.index == 1
        hand = screen.positions[d2.move].view(d2.seat)["hand"]
        assert screen.board.view["hand"] == hand
        # n: the next mistake or blunder, whoever made it.
        marked = [i for i, x in enumerate(review.decisions)
                  if judge(x, 3) in ("mistake", "blunder")]
        await pilot.press("n")
        if marked:
            assert screen.index in marked
            panel = str(screen.query_one("#review-panel").render())
            assert judge(review.decisions[screen.index], 3) in panel
        # A click on the graph jumps to the decision under it.
        await pilot.click(WinChart, offset=(screen.query_one(WinChart).size.width - 1, 2))
        assert review.decisions[screen.index].move >= review.moves - 3
    # Written into the file it was opened from, with the game: computed once.
    saved = engine.load_game(path)
    assert saved.review == review and saved.seats == ("human", "medium", "medium")
    app = make_app(tmp_path, load=path, review_iterations=ITERATIONS)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), what="the end screen")
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        assert app.screen.review == review                # at once: no search
        assert not app.screen.workers


async def test_leaving_the_review_stops_its_search(tmp_path):
    state = finished_game("san_ni_ichi", 4, seed=3)
    path = tmp_path / "long.msgpack"
    save(state, path, ["human", "hard", "hard", "hard"])
    app = make_app(tmp_path, load=path, review_iterations=50_000)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        await wait_for(pilot, lambda: "of" in screen.query_one(WinChart).message)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        await wait_for(pilot, lambda: not screen.workers, timeout=10, what="the review stopped")
        assert screen.review is None
    assert engine.load_game(path).review is None


async def test_every_seat_of_a_six_player_move_is_in_the_panel_at_80x24(tmp_path):
    """San, Ni, Ichi! at six: the decision shown in full, the other five
    seats' decisions of the same move one line each, all on screen."""
    state = finished_game("san_ni_ichi", 6, seed=5)
    path = tmp_path / "six.msgpack"
    save(state, path, ["human"] + ["medium"] * 5)
    app = make_app(tmp_path, load=path, review_iterations=50)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot, app)
        review = screen.review
        d = review.decisions[screen.index]
        same_move = [x for x in review.decisions if x.move == d.move]
        assert len(same_move) == 6                      # everyone chose a card at once
        text = "\n".join(screen_lines(app))         # what is on the screen
        for x in same_move:
            assert f"{screen.names[x.seat]}:" in text, (screen.names[x.seat], text)
