"""What the project knows of a game before any deal: its ``GameType``.

Every game declares one (``GAME``, at the end of its rules), as OpenSpiel's
games declare a ``GameType`` and register it, and every list of games in the
project is read from the registry of these (``engine.GAMES``): the state's
verbs, the position codec, the command line's choices, the app's menu and
setup screen, the benchmarks' and the strength tables, the tests'
configurations.  A game adds its name to ``engine.state.GAME_NAMES`` and
nothing else; ``tests/test_registry.py`` names whatever it still lacks
(docs/adding-a-game.md).

>>> from ninja_dojo.engine import GAMES
>>> g = GAMES["ninjan"]
>>> g.title, g.players, g.simultaneous, g.team_of is None
('Nin Jan', (2, 5), True, True)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping


@dataclass(frozen=True)
class GameType:
    #: the game's name in files and on the command line ("san_ni_ichi")
    name: str
    #: its name for people ("San, Ni, Ichi!")
    title: str
    #: the fewest and the most players
    players: tuple[int, int]
    #: whether seats choose at the same moment somewhere in a round (the
    #: search then selects decoupled there, and at one keyboard the app
    #: covers each hand)
    simultaneous: bool
    #: ``definition()``: the game's C table (``engine/core.pxd``, ``GameDef``)
    #: as a capsule, what the search and ``engine._driver`` walk
    definition: Callable[[], Any]
    #: ``new_state(players, seed, options)``: a deal, as the C struct's bytes
    new_state: Callable[[int, int, dict], bytes]
    #: ``fields(buf)``: the state as named fields (a position file's ``state``)
    fields: Callable[[Any], dict]
    #: ``from_fields(map)``: the C struct's bytes from named fields, every
    #: value checked (``PositionError`` naming the first bad one)
    from_fields: Callable[[Any], bytes]
    #: ``view(buf, seat)``: what ``seat`` knows (-1: the public part)
    view: Callable[[Any, int], dict]
    #: ``steps(buf)``: the current round's resolution so far, as events
    steps: Callable[[Any], list]
    #: ``scores(buf)``: each seat's score as the game counts it
    scores: Callable[[Any], list]
    #: ``action_name(action)``: an action id in the game's own words,
    #: written from ``describe``
    action_name: Callable[[int], str]
    #: action ids are below this
    num_actions: int
    #: options besides ``players``: name -> {"values", "default", "help",
    #: "labels", "per_seat", "parse"} (``engine.checks.options``)
    options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: team play: ``team_of(buf, seat)``, the seats that win with ``seat``;
    #: None where every seat plays for itself
    team_of: Callable[[Any, int], Any] | None = None
    #: ``settle_options(players, seed, options)``: options drawn from the
    #: deal's seed, kept as drawn (Senjutsu's random samurai); None: none
    settle_options: Callable[[int, int, dict], dict] | None = None
    #: the cut-off evaluation's feature weights, in the order the game's C
    #: table reads them (``evaluate`` in engine/core.pxd); None for a game
    #: the search always plays out to the end
    evaluation: Mapping[str, float] | None = None
    #: the search settings its tournaments found, per player count
    #: (``solver.search.search_settings``)
    search_settings: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    #: ``describe(action)``: ``(kind, args)``, what an action id does as data
    #: (its kind in the game's own words, the cards, seats, piles it
    #: involves), from which the app words it and ``action_name`` names it
    describe: Callable[[int], tuple[str, dict]] | None = None
    #: ``parse_action(text)``: the action id ``action_name`` wrote as ``text``
    parse_action: Callable[[str], int] | None = None
    #: the game's position text (``engine.position_text``): an object with
    #: ``known(buf, seat)``, what a seat knows as lines of text, and
    #: ``fields(doc, players, seat, options)``, a position's named fields from
    #: such a text; None where the game has no text form yet
    text: Any = None

    @property
    def tables(self) -> range:
        """Every player count the game seats."""
        return range(self.players[0], self.players[1] + 1)

    def __repr__(self) -> str:
        return f"<GameType {self.name}: {self.title}, {self.players[0]}-{self.players[1]} players>"
