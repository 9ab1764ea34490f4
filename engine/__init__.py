"""The rules of every game, one source for the app, the CLI, the AI and tests.

>>> from ninja_dojo import engine
>>> state = engine.new_game("ninjan", players=3, seed=7)
>>> state.movers()
[0, 1, 2]
>>> move = {seat: state.legal_actions(seat)[0] for seat in state.movers()}
>>> events = state.apply(move)
>>> state.view(0)["round"] in (1, 2)
True
"""
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.game_type import GameType
from ninja_dojo.engine.state import Action, Outcome, action_of, State, GAMES, game_module, game_type, new_game, seats_from_one
from ninja_dojo.engine.codec import SavedGame, dumps, loads, loads_game, save, load, load_game

__all__ = [
    "Action", "Outcome", "action_of", "State", "PositionError", "GAMES", "GameType", "game_module", "game_type",
    "new_game", "seats_from_one", "dumps", "loads", "save", "load", "SavedGame", "loads_game", "load_game",
]
