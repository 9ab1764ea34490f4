"""``dojo``: the Textual app of ninja-dojo.

Layout: ``app.py`` (the App and ``main``), ``screens/`` (one screen per file),
``widgets/`` (one widget per file; a board per game, see ``boards.py``),
``match.py`` (who sits where, the choices being collected), ``ai.py`` (AI
moves and hints, run in thread workers), ``saves.py`` (the autosave and the
list of saved games), ``settings.py``, ``paths.py`` (the user's data
folder), ``dojo.tcss`` (every style).
The app reads the game only through ``engine.State``; it knows no rule.
"""
