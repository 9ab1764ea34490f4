"""Throughput guards for Nin Jan (pytest-benchmark).

CI runs these briefly and ``bench/compare.py`` fails the build when one is
more than 40% slower than ``bench/baseline.json``; see bench/README.md.
"""
import pytest

from engine import dumps, loads, new_game
from solver import _ismcts
from solver.search import Search, SearchConfig

PLAYERS = 4


@pytest.fixture(scope="module")
def deal():
    return new_game("ninjan", PLAYERS, seed=2024)


def test_random_playouts(benchmark, deal):
    games, _ = benchmark(_ismcts.playouts, deal.rules, deal.buffer(), 1e9, 7, False, 640)
    assert games == 640


def test_heuristic_playouts(benchmark, deal):
    games, _ = benchmark(_ismcts.playouts, deal.rules, deal.buffer(), 1e9, 7, True, 640)
    assert games == 640


def test_ismcts_iterations(benchmark, deal):
    def search():
        s = Search(deal, 0, SearchConfig(iterations=5000, seed=3))
        return s.run()

    analysis = benchmark(search)
    assert analysis.iterations == 5000


def test_clone_apply(benchmark, deal):
    benchmark(_ismcts.clone_apply, deal.rules, deal.buffer(), 10_000, 5)


def test_msgpack_encode(benchmark, deal):
    data = benchmark(dumps, deal)
    assert loads(data) == deal


def test_msgpack_decode(benchmark, deal):
    data = dumps(deal)
    assert benchmark(loads, data) == deal
