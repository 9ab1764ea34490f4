"""A board whose decisions are a numbered list of options."""
from __future__ import annotations

from ninja_dojo.engine import Action
from ninja_dojo.tui.widgets.board import Board


class OptionBoard(Board):
    """A ``Board`` whose ``options()`` is a list of ``(label, action or None)``
    (``None``: shown, not playable now), picked by number, or by the arrows
    and Enter.  The board binds the keys it shows to ``pick``, ``cursor`` and
    ``confirm``.  A number plays its option at once with one-key choosing;
    otherwise it moves the cursor there and enter plays it."""

    cursor: int = 0

    def options(self) -> list[tuple[str, Action | None]]:
        raise NotImplementedError

    def _legal_indices(self) -> list[int]:
        return [i for i, (_, a) in enumerate(self.options()) if a is not None]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            opts = self.options()
            n = parameters[0] if parameters else 0
            return True if isinstance(n, int) and 1 <= n <= len(opts) and opts[n - 1][1] else None
        if action in ("cursor", "confirm"):
            return True if self.awaiting else None
        return True

    def action_pick(self, n: int, click: bool = False) -> None:
        """Option ``n`` by its key (or a click: a second click plays it)."""
        opts = self.options()
        if 1 <= n <= len(opts) and opts[n - 1][1] is not None:
            again = click and self.cursor == n - 1
            self.cursor = n - 1
            if not self.one_key:
                self.render_view()
            self.propose(opts[n - 1][1], again=again)

    def selected_action(self) -> Action | None:
        opts = self.options()
        if 0 <= self.cursor < len(opts):
            return opts[self.cursor][1]
        return None

    def reselect(self, action: Action) -> None:
        for i, (_, a) in enumerate(self.options()):
            if a is not None and a.id == action.id:
                self.cursor = i
        self.render_view()

    def action_cursor(self, delta: int) -> None:
        legal = self._legal_indices()
        if not legal:
            return
        pos = legal.index(self.cursor) if self.cursor in legal else 0
        self.cursor = legal[(pos + delta) % len(legal)]
        self.render_view()
        self._selection_moved()

    def _selection_moved(self) -> None:
        """Tell the screen (its prompt names what enter plays)."""
        action = self.selected_action()
        if action is not None and self.awaiting:
            self.post_message(self.Selected(self, self.actor, action))

    def action_confirm(self) -> None:
        opts = self.options()
        if 0 <= self.cursor < len(opts) and opts[self.cursor][1] is not None:
            self.choose(opts[self.cursor][1])
