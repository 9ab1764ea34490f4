"""Throughput guards for Pride of Ninja (pytest-benchmark), at 4 players
(Blue deck, the rulebook's first game) and 5 players (Red deck: Secrecy, the
5-player card, 6-card hands).

CI runs these briefly and ``bench/compare.py`` fails the build when one is
more than 40% slower than ``bench/baseline.json``; see bench/README.md.  The
names carry the game (``compare.py`` keys on the test name alone, and the
other games' suites have the same measures).
"""
import pytest

from engine import new_game
from solver import _ismcts
from solver.search import Search, SearchConfig

# (players, options)
TABLES = {"4p-blue": (4, {"deck": "blue"}), "5p-red": (5, {"deck": "red"})}


@pytest.fixture(scope="module", params=sorted(TABLES))
def deal(request):
    players, options = TABLES[request.param]
    return new_game("pride_of_ninja", players, seed=2024, **options)


def test_pride_of_ninja_random_playouts(benchmark, deal):
    games, _ = benchmark(_ismcts.playouts, deal.rules, deal.buffer(), 1e9, 7, False, 640)
    assert games == 640


def test_pride_of_ninja_heuristic_playouts(benchmark, deal):
    games, _ = benchmark(_ismcts.playouts, deal.rules, deal.buffer(), 1e9, 7, True, 640)
    assert games == 640


def test_pride_of_ninja_ismcts_iterations(benchmark, deal):
    def search():
        return Search(deal, 0, SearchConfig(iterations=5000, seed=3)).run()

    analysis = benchmark(search)
    assert analysis.iterations == 5000


def test_pride_of_ninja_clone_apply(benchmark, deal):
    benchmark(_ismcts.clone_apply, deal.rules, deal.buffer(), 10_000, 5)
