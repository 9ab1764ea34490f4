"""The rules of a game, from ``docs/rules/<game>.md``."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, MarkdownViewer

import engine
from tui.docs import rules_markdown


class RulesScreen(Screen):
    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back", id="rules.back"),
        Binding("t", "toggle_contents", "Contents", id="rules.contents"),
        Binding("g", "next_game", "Next game", id="rules.next-game"),
    ]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        title = engine.game_module(self.game).TITLE
        text, looked = rules_markdown(self.game)
        self.found = text is not None
        if text is None:
            where = "\n".join(f"- `{p}`" for p in looked)
            text = (f"# {title}\n\nThe rules of {title} are not installed with this copy "
                    f"of ninja-dojo. Looked in:\n\n{where}\n\n"
                    "Press **escape** to go back.")
        yield Header()
        yield MarkdownViewer(text, show_table_of_contents=False, id="rules-viewer")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"Rules of {engine.game_module(self.game).TITLE}"
        self.query_one(MarkdownViewer).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_game":
            return True if len(self.games()) > 1 else None
        return True

    @staticmethod
    def games() -> list[str]:
        """The games whose rules can be shown (their engine module loads)."""
        out = []
        for name in engine.GAMES:
            try:
                engine.game_module(name)
            except Exception:
                continue
            out.append(name)
        return out

    def action_next_game(self) -> None:
        games = self.games()
        if len(games) < 2:
            return
        i = games.index(self.game) if self.game in games else -1
        self.app.switch_screen(RulesScreen(games[(i + 1) % len(games)]))

    def action_toggle_contents(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents
