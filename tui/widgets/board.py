"""The board of one game: the base every game's board widget extends.

A board renders what one seat may see, ``state.view(seat)``, and nothing
else: it keeps no rules state of its own.  The game screen tells it which
actions the seat at the keyboard may take now (``legal``); the board turns
keys and clicks into one of those actions and posts ``Board.Chosen``.

A board also tells the story of a move for the log and the step-by-step
display: ``story(before, after, steps)`` returns frames, each a view to show
and a line to log.  A game plugs in by subclassing ``Board`` and listing the
class in ``tui.boards.BOARDS``.

What the game screen's shared mechanisms take from a board (each has a
default that works for any game; a board overrides what reads better):

- ``MIN_SIZE`` / ``min_size(players)``: the smallest terminal in which the
  board shows everything a player needs; below it the screen says "enlarge
  the terminal to at least W×H" instead of cutting things off.
- ``compact``: set by the screen on a terminal below ``COMPACT_BELOW``; the
  board draws shorter labels and its hand as a grid (``tui.widgets.hand``).
- ``one_key``: set from the settings.  ``False``: a number key selects and
  enter plays (``select`` then ``choose``); ``True``: a number key plays at once.
- ``round_key(view)``: when it changes (or the game ends), a round is over:
  the screen shows ``recap(record)`` until a key and adds a row to the score
  history (``score_history``), in ``SCORE_WORD`` units.
- ``progress(view, moves)``: "round 3/9", for the load screen and Continue.
- ``LEGEND``: how to read the board, shown with the rules (``?``).
- ``essentials()``: the widgets a player needs on screen to decide (the
  hand, the piles or rows, the options); the tests check at 80×24 that each
  is on screen, whole, at every decision of whole games.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from ninja_dojo.engine import Action, Outcome, State


@dataclass
class Frame:
    """One picture of the step-by-step display."""

    view: dict
    #: what happened, for the log and the board's caption (None: nothing new)
    line: str | None = None
    #: how long to show it, in units of the app's step pause
    pause: float = 1.0
    #: what to highlight, in the game's own terms (e.g. {"seat": 2, "pile": 0})
    focus: dict = field(default_factory=dict)
    #: a heading for the log before ``line`` (e.g. a new round)
    heading: str | None = None


@dataclass
class RoundRecord:
    """One finished round, for its recap: what the viewer saw from the start
    of the round to its end."""

    #: e.g. "Round 3/9"
    title: str
    #: the view when the round began and when it ended (the screen's viewer)
    start: dict
    end: dict
    #: the round's whole resolution (``state.steps()`` after its last move)
    steps: list[dict]
    #: the story lines the log got during the round (headings left out)
    lines: list[str]
    scores_before: list[int]
    scores_after: list[int]


def signed(n: int) -> str:
    """``+3``, ``0``, ``-2``."""
    return f"+{n}" if n > 0 else str(n)


def plural(n: int, word: str, words: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``1 damage point`` (``words`` for an odd plural).

    >>> plural(1, "game"), plural(3, "damage point"), plural(0, "PP", "PP")
    ('1 game', '3 damage points', '0 PP')
    """
    return f"{n} {word if n == 1 else (words or word + 's')}"


class Board(Widget, can_focus=True):
    """Base class of the game boards."""

    #: the engine game this board shows
    GAME: ClassVar[str] = ""
    #: the smallest terminal (columns, rows) in which this board shows all a
    #: player needs at its largest table (see ``min_size``)
    MIN_SIZE: ClassVar[tuple[int, int]] = (80, 24)
    #: below this many columns or rows the board draws its compact layout
    #: (and the screen folds the log away)
    COMPACT_BELOW: ClassVar[tuple[int, int]] = (100, 34)
    #: what the scores count, for the score history and the recaps
    SCORE_WORD: ClassVar[str] = "points"
    #: what the stretch a recap sums up is called (a round; a turn in a game of turns)
    ROUND_WORD: ClassVar[str] = "round"
    #: the lowest score wins (e.g. damage)
    LOW_SCORE_WINS: ClassVar[bool] = False
    #: everyone's score before the first round (e.g. a full health)
    SCORE_START: ClassVar[int] = 0
    #: how to read the board (markdown), shown with the rules
    LEGEND: ClassVar[str] = ""

    @dataclass
    class Selected(Message):
        """A key or click selected ``action`` (not played yet: enter plays it)."""

        board: "Board"
        seat: int
        action: Action

        @property
        def control(self) -> "Board":
            return self.board

    @dataclass
    class Chosen(Message):
        """The person at the keyboard chose ``action`` for ``seat``."""

        board: "Board"
        seat: int
        action: Action

        @property
        def control(self) -> "Board":
            return self.board

    def __init__(self, names: list[str], labels: list[str] | None = None, **kw) -> None:
        super().__init__(**kw)
        self.names = list(names)
        self.labels = list(labels or names)
        self.view: dict | None = None
        #: the seat whose choice the keys make now, and its legal actions
        self.actor: int | None = None
        self.legal: list[Action] = []
        #: a short word per seat for the players' list ("thinking", "ready")
        self.marks: dict[int, str] = {}
        self.focus_info: dict = {}
        self.caption: str | None = None
        #: a number key plays at once (True) or selects for enter (False)
        self.one_key = True
        #: draw the compact layout (the screen sets it from the terminal's size)
        self.compact = False

    def set_compact(self, compact: bool) -> None:
        if compact != self.compact:
            self.compact = compact
            self.set_class(compact, "-compact")
            self.render_view()

    @classmethod
    def min_size(cls, players: int) -> tuple[int, int]:
        """The smallest terminal that shows everything at ``players`` players."""
        return cls.MIN_SIZE

    # ------------------------------------------------------------ the face
    def show(self, view: dict, *, actor: int | None = None, legal: list[Action] | None = None,
             marks: dict[int, str] | None = None, focus: dict | None = None,
             caption: str | None = None) -> None:
        """Render ``view``; with ``actor`` and ``legal`` the keys choose a move."""
        self.view = view
        self.actor = actor if legal else None
        self.legal = list(legal or [])
        self.marks = dict(marks or {})
        self.focus_info = dict(focus or {})
        self.caption = caption
        self.render_view()
        # The screen refreshes the footer (``keys_state`` tells it when).

    def essentials(self) -> list[Widget]:
        """What must be on screen, whole, for a player to decide now.  The
        default: the cards of the hand (``CardChip``) that are shown."""
        from ninja_dojo.tui.widgets.card_chip import CardChip
        return [c for c in self.query(CardChip) if c.display and c.card is not None]

    def keys_state(self) -> tuple:
        """What decides the keys the footer shows as usable."""
        return (self.awaiting,)

    def render_view(self) -> None:
        """Draw ``self.view`` (subclasses)."""

    @property
    def awaiting(self) -> bool:
        """The keys choose a move now."""
        return self.actor is not None and bool(self.legal)

    def choose(self, action: Action) -> None:
        if self.awaiting and action in self.legal:
            self.post_message(self.Chosen(self, self.actor, action))

    def propose(self, action: Action, *, again: bool = False) -> None:
        """A key or a click named ``action``: with one key it is played at
        once; otherwise it is selected (the board has drawn it so) and enter
        plays it.  ``again``: it was selected already (a second click plays it)."""
        if not (self.awaiting and action in self.legal):
            return
        if self.one_key or again:
            self.choose(action)
        else:
            self.post_message(self.Selected(self, self.actor, action))

    def selected_action(self) -> Action | None:
        """What enter would play now (for the prompt), if anything."""
        return None

    def reselect(self, action: Action) -> None:
        """A choice was taken back: select it again, for enter to replay or
        a key to change (the default draws the board as it is)."""
        self.render_view()

    def enter_plays(self) -> str:
        """The end of the prompt when enter plays the selection:
        ``" · enter: 7 Paper"`` (nothing with one-key choosing)."""
        if self.one_key:
            return ""
        action = self.selected_action()
        return f" · enter: {self.action_text(action)}" if action is not None else ""

    def key_for(self, action_id: int) -> str | None:
        """The key that plays ``action_id`` now, if one does."""
        return None

    def prompt(self) -> str:
        """What the keys do now, for the status line."""
        return ""

    def action_text(self, action: Action) -> str:
        """A move in the players' words (the hint lists moves by it)."""
        return action.name

    # ----------------------------------------------------------- the story
    @classmethod
    def story(cls, before: dict, after: dict, steps: list[dict], names: list[str],
              moves: dict[int, Action]) -> list[Frame]:
        """Frames from ``before`` to ``after`` for the joint move ``moves`` that
        caused the resolution ``steps``.  The default: one frame, one line."""
        line = "; ".join(f"{names[s]}: {a}" for s, a in sorted(moves.items()))
        return [Frame(after, line)]

    @classmethod
    def round_key(cls, view: dict):
        """What names the round in ``view`` (``None``: the game has no rounds);
        a move after which it changes, or that ends the game, ends a round."""
        return view.get("round")

    @classmethod
    def round_title(cls, view: dict) -> str:
        """``Round 3/9`` (the round of ``view``)."""
        r, total = view.get("round"), view.get("rounds")
        return f"Round {r}/{total}" if total else f"Round {r}"

    @classmethod
    def progress(cls, view: dict, moves: int) -> str:
        """Where a game stands, briefly (``round 3/9``)."""
        if view.get("round") is None:
            return f"move {moves}"
        return cls.round_title(view).lower()

    def recap(self, record: RoundRecord) -> RenderableType:
        """What the round did, shown until a key when it ends.  The default:
        the round's story lines, then each seat's score before and after."""
        parts: list[RenderableType] = [Text(line) for line in record.lines]
        parts.append(self.score_change_table(record))
        return Group(*parts)

    def score_change_table(self, record: RoundRecord) -> Table:
        """Each seat's score before the round, its change and the total."""
        table = Table(box=None, pad_edge=False, padding=(0, 2, 0, 0))
        table.add_column("Player", no_wrap=True)
        table.add_column(f"{self.SCORE_WORD} this {self.ROUND_WORD}", justify="right")
        table.add_column("total", justify="right")
        for seat in range(len(self.names)):
            before, after = record.scores_before[seat], record.scores_after[seat]
            table.add_row(self.seat_name(seat, record.end), signed(after - before),
                          Text(str(after), style="bold"))
        return table

    def seat_name(self, seat: int, view: dict) -> str:
        """A seat as the recap's table names it: as its lines do."""
        return self.names[seat]

    @classmethod
    def score_history(cls, state: State) -> list[tuple[str, list[int]]]:
        """``(round title, every seat's score after it)`` for each finished
        round, replayed from the deal; a position without its history gives
        the scores as they stand."""
        if not state.history:
            return [(cls.progress(state.view(-1), 0).capitalize(), list(state.scores()))]
        out: list[tuple[str, list[int]]] = []
        for ply in state.plies():
            before, after = ply.before.view(-1), ply.after
            key = cls.round_key(before)
            if key is not None and (cls.round_key(after.view(-1)) != key or after.is_terminal()):
                out.append((cls.round_title(before), list(after.scores())))
        return out

    @classmethod
    def opening(cls, view: dict, names: list[str]) -> str:
        """A line for the log when a game starts."""
        return f"{view.get('game', '')}: {', '.join(names)}"

    @classmethod
    def private_decision(cls, view: dict) -> bool:
        """Whether the decision in ``view`` (a seat's own view) shows that
        seat's secrets even when it is not a simultaneous choice, so that in
        hot seat the board is covered before that person decides."""
        return False

    # ------------------------------------------------------ end of the game
    # A game whose scoring differs from "the highest score wins" says so here;
    # ``None`` keeps the app's default line or table.
    @classmethod
    def result_line(cls, outcome: Outcome, names: list[str], view: dict) -> str | None:
        """The line naming the winner(s)."""
        return None

    @classmethod
    def scores_line(cls, outcome: Outcome, names: list[str], view: dict) -> str | None:
        """The final scores in one line, for the log."""
        return None

    @classmethod
    def result_table(cls, outcome: Outcome, view: dict, labels: list[str]):
        """The end screen's table of final scores (a rich renderable)."""
        return None
