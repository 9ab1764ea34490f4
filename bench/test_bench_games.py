"""Throughput guards for every game (pytest-benchmark), from a fixed deal.

CI runs these briefly and ``bench/compare.py`` fails the build when one takes
more than twice its time in ``bench/baseline.json``; the exact gate is the
instruction count of the same entry points (``bench/instructions.py``); see
bench/README.md.
Each measure runs for every deal below; the deal is part of the test's name.
"""
import pytest

from ninja_dojo.engine import dumps, loads, new_game
from ninja_dojo.solver import _ismcts
from ninja_dojo.solver.search import Search, SearchConfig

# name -> (game, players, options): Nin Jan at 4 (the speed goals), San Ni
# Ichi with team play at 4 and its biggest deck at 6, Pride of Ninja's Blue
# deck at 4 and Red at 5, Ninjato at 3, Senjutsu's duel and melee (the
# samurai fixed, so the deal does not depend on a seed's draw).
DEALS = {
    "ninjan-4p": ("ninjan", 4, {}),
    "san_ni_ichi-4p-teams": ("san_ni_ichi", 4, {"teams": True}),
    "san_ni_ichi-6p": ("san_ni_ichi", 6, {}),
    "pride_of_ninja-4p-blue": ("pride_of_ninja", 4, {"deck": "blue"}),
    "pride_of_ninja-5p-red": ("pride_of_ninja", 5, {"deck": "red"}),
    "ninjato-3p": ("ninjato", 3, {}),
    "senjutsu-2p": ("senjutsu", 2, {"samurai": "ronin,master"}),
    "senjutsu-4p": ("senjutsu", 4, {"samurai": "master,student,ronin,vengeful"}),
}


@pytest.fixture(scope="module", params=list(DEALS))
def deal(request):
    game, players, options = DEALS[request.param]
    return new_game(game, players, seed=2024, **options)


def test_random_playouts(benchmark, deal):
    games, _ = benchmark(_ismcts.playouts, deal.rules, deal.buffer(), 1e9, 7, False, 640)
    assert games == 640


def test_heuristic_playouts(benchmark, deal):
    games, _ = benchmark(_ismcts.playouts, deal.rules, deal.buffer(), 1e9, 7, True, 640)
    assert games == 640


def test_ismcts_iterations(benchmark, deal):
    def search():
        return Search(deal, deal.movers()[0], SearchConfig(iterations=5000, seed=3)).run()

    analysis = benchmark(search)
    assert analysis.iterations == 5000


def test_clone_apply(benchmark, deal):
    benchmark(_ismcts.clone_apply, deal.rules, deal.buffer(), 10_000, 5)


# A single encode or decode takes microseconds, too little to time steadily:
# the msgpack measures time a batch.
BATCH = 100


def test_msgpack_encode(benchmark, deal):
    data = benchmark(lambda: [dumps(deal) for _ in range(BATCH)])
    assert loads(data[-1]) == deal


def test_msgpack_decode(benchmark, deal):
    data = dumps(deal)
    states = benchmark(lambda: [loads(data) for _ in range(BATCH)])
    assert states[-1] == deal
