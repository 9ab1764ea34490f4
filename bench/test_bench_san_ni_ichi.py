"""Throughput guards for San, Ni, Ichi! (pytest-benchmark), at 4 players (team
play) and 6 players (every weapon kind, the biggest deck).

CI runs these briefly and ``bench/compare.py`` fails the build when one is
more than 40% slower than ``bench/baseline.json``; see bench/README.md.  The
names carry the game (``compare.py`` keys on the test name alone, and Nin
Jan's suite has the same measures).
"""
import pytest

from engine import new_game
from solver import _ismcts
from solver.search import Search, SearchConfig

# (players, options): team play at 4; the 6-player deck has 1-10 and 12 weapons.
TABLES = {"4p": (4, {"teams": True}), "6p": (6, {})}


@pytest.fixture(scope="module", params=sorted(TABLES))
def deal(request):
    players, options = TABLES[request.param]
    return new_game("san_ni_ichi", players, seed=2024, **options)


def test_san_ni_ichi_random_playouts(benchmark, deal):
    games, _ = benchmark(_ismcts.playouts, deal.rules, deal.buffer(), 1e9, 7, False, 640)
    assert games == 640


def test_san_ni_ichi_heuristic_playouts(benchmark, deal):
    games, _ = benchmark(_ismcts.playouts, deal.rules, deal.buffer(), 1e9, 7, True, 640)
    assert games == 640


def test_san_ni_ichi_ismcts_iterations(benchmark, deal):
    def search():
        return Search(deal, 0, SearchConfig(iterations=5000, seed=3)).run()

    analysis = benchmark(search)
    assert analysis.iterations == 5000


def test_san_ni_ichi_clone_apply(benchmark, deal):
    benchmark(_ismcts.clone_apply, deal.rules, deal.buffer(), 10_000, 5)
