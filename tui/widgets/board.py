"""The board of one game: the base every game's board widget extends.

A board renders what one seat may see, ``state.view(seat)``, and nothing
else: it keeps no rules state of its own.  The game screen tells it which
actions the seat at the keyboard may take now (``legal``); the board turns
keys and clicks into one of those actions and posts ``Board.Chosen``.

A board also tells the story of a move for the log and the step-by-step
display: ``story(before, after, steps)`` returns frames, each a view to show
and a line to log.  A game plugs in by subclassing ``Board`` and listing the
class in ``tui.boards.BOARDS``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from textual.message import Message
from textual.widget import Widget

from engine import Action, Outcome


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


class Board(Widget, can_focus=True):
    """Base class of the game boards."""

    #: the engine game this board shows
    GAME: ClassVar[str] = ""

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
