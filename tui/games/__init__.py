"""Each game's side of the app, one folder a game (``tui/games/<game>/``):
its board widgets, its words (how its actions and events read, written from
the fields the engine describes them with) and its stylesheet.

A game's package gives ``BOARD`` (its ``Board`` subclass) and ``CSS_PATH``
(its stylesheet, or ``None``); ``tui/boards.py`` finds them by the game's
name in ``engine.GAMES``.
"""
