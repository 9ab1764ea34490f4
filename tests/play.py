"""Playing a game through for tests that watch it move by move."""
from __future__ import annotations

import random

from ninja_dojo.engine import State, new_game


def random_joint(state: State, rng: random.Random) -> dict:
    """A uniformly random legal move for every seat that decides now."""
    return {m: rng.choice(state.legal_actions(m)) for m in state.movers()}


def play_random(state: State, rng: random.Random, moves: int | None = None) -> State:
    """Play up to ``moves`` random joint moves (to the end if None); returns ``state``."""
    played = 0
    while not state.is_terminal() and (moves is None or played < moves):
        state.apply(random_joint(state, rng))
        played += 1
    return state


def random_moves(state: State, rng: random.Random):
    """Play uniformly random moves to the end of the game.  For each joint
    move yields ``(view before, view after, the steps it added, the move)``,
    views as seat 0 sees them."""
    while not state.is_terminal():
        before, before_steps = state.view(0), state.steps()
        moves = random_joint(state, rng)
        steps = state.apply(moves)
        # The round's steps so far: keep only the ones this move added.
        if before_steps and steps[:len(before_steps)] == before_steps:
            steps = steps[len(before_steps):]
        yield before, state.view(0), steps, moves


def policy_game(game: str, players: int, options: dict, seed: int, policy_seat: int) -> float:
    """One game of the engine's heuristic policy at ``policy_seat`` against
    uniformly random seats; the policy seat's return (its share of the win)."""
    rng = random.Random(seed)
    s = new_game(game, players, seed=seed, **options)
    k = 0
    while not s.is_terminal():
        move = {}
        for seat in s.movers():
            if seat == policy_seat:
                a = s.policy_action(seat, seed * 1000 + k)
                assert a.id in s.legal_action_ids(seat)
                move[seat] = a.id
            else:
                move[seat] = rng.choice(s.legal_action_ids(seat))
        s.apply(move)
        k += 1
    return s.returns()[policy_seat]


def policy_share(game: str, players: int, options: dict, games: int) -> float:
    """The policy's mean win share over ``games`` seeded games, its seat rotating."""
    return sum(policy_game(game, players, options, g, g % players) for g in range(games)) / games


def random_positions(game: str, count: int, seed: int = 0, lo: int = 5, hi: int = 400,
                     players=(2, 3, 4)) -> list[State]:
    """``count`` positions of seeded random games of ``game``, each after
    ``lo``..``hi`` random moves (early to late), the player counts taken in
    turn; games that ended before are skipped."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = new_game(game, players[len(out) % len(players)], seed=rng.randrange(10**6))
        play_random(s, rng, rng.randrange(lo, hi))
        if not s.is_terminal():
            out.append(s)
    return out


def two_worlds(s: State, k: int, iterations: int, **search) -> tuple[bool, list, list]:
    """The searching seat's analysis of ``s`` and of another world it cannot
    tell from it (the engine's resampling of all it cannot see, seed
    ``1000 + k``), with the search seed ``k``: whether the hands differ, and
    each analysis as ``(action, visits, value)`` per move."""
    from ninja_dojo.solver.search import analyse

    seat = s.movers()[0]
    other = s.determinize(seat, seed=1000 + k)
    a = analyse(s, seat, iterations=iterations, seed=k, **search)
    b = analyse(other, seat, iterations=iterations, seed=k, **search)
    return (other.fields()["hands"] != s.fields()["hands"],
            [(m.action, m.visits, m.value) for m in a.moves],
            [(m.action, m.visits, m.value) for m in b.moves])
