"""The rules of a game, two ways, one key apart: first its how-to-play
(``docs/how-to-play/<game>.md``: how a friend teaches it at the table)
followed by how to read its board (the board's ``LEGEND``) and the keys of
a game; with ``r``, the rulings (``docs/rules/<game>.md``: every point
settled, as the app plays it), and ``r`` again back.  ``dojo --rules GAME``
without a terminal prints both, the how-to-play first."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, MarkdownViewer

from ninja_dojo import engine
from ninja_dojo.tui.docs import how_to_play_markdown, rules_markdown

KEY_NAMES = {"question_mark": "?", "escape": "esc", "enter": "enter", "space": "space",
             "left": "←", "right": "→", "up": "↑", "down": "↓", "backspace": "backspace"}


#: what the game screen's keys do, said more fully than in the footer
EXPLAIN = {
    "take_back": "take your last choice back, until the reveal",
    "to_my_turn": "go straight to your next decision (every step goes to the log)",
    "skip": "go on: skip the rest of a round's show, or reveal now instead of waiting "
            "for a take-back",
    "hint": "a hint: what the AI has found so far, thinking since your decision began (h again hides it)",
    "scores": "the score history, round by round",
    "log": "show or hide the story of the game (on a small terminal, in place of the board)",
    "replay": "replay the game so far, move by move",
    "save": "save the game", "load": "load a game", "export": "export the position for "
    "solver analyse", "leave": "back to the menu (the game is kept: Continue resumes it)",
}


def key_text(keys: str) -> str:
    """``"escape,q"`` -> ``"esc, q"``."""
    return ", ".join(KEY_NAMES.get(k.strip(), k.strip()) for k in keys.split(","))


def board_help(game: str) -> str:
    """How to read the board of ``game`` and the keys of a game (markdown);
    empty when the app has no board for it."""
    from ninja_dojo.tui.boards import board_class
    from ninja_dojo.tui.screens.game import GameScreen
    try:
        board = board_class(game)
    except engine.PositionError:
        return ""
    rows: list[tuple[str, str]] = []
    numbered = [b for b in board.BINDINGS if b.action.startswith(("pick(", "card("))]
    if numbered:
        rows.append((f"{numbered[0].key}-{numbered[-1].key}",
                     "choose by number (a card of your hand, a pile, an option); with the "
                     "default settings enter then plays it"))
    keys: dict[str, list[str]] = {}
    for b in [*board.BINDINGS, *GameScreen.BINDINGS]:
        if b in numbered or b.action in ("rules", "no_take_back"):   # (u says why: not a key of its own)
            continue
        what = EXPLAIN.get(b.action, b.description)
        keys.setdefault(what, []).append(key_text(b.key))
    rows += [(", ".join(k), what) for what, k in keys.items()]
    rows.append(("?, f1", "these rules"))
    table = "\n".join(f"| `{k}` | {what} |" for k, what in rows)
    legend = board.LEGEND.strip()
    parts = ["## Reading the board", legend] if legend else []
    parts += ["## Keys in a game", "| key | what it does |\n|---|---|\n" + table,
              "u takes your last choice back until the cards are revealed (or, at one "
              "keyboard, until the next person takes it), and after that says why it "
              "cannot; in a game of turns (Ninjato, and Senjutsu's decisions one player "
              "takes alone) it takes back your moves of this turn, one at a time, until "
              "one of them showed you something hidden (a card drawn, a Guard turned up). "
              "The settings (o on the menu) choose whether a number plays at once."]
    return "\n\n".join(parts)


def not_installed(what: str, title: str, looked: list, missing: str) -> str:
    where = "\n".join(f"- `{p}`" for p in looked)
    return (f"# {title}\n\nThe {what} of {title} are not installed with this copy "
            f"of ninja-dojo. Looked in:\n\n{where}\n\n{missing}")


def how_to_play_text(game: str, missing: str = "") -> str:
    """How to play ``game`` (markdown), then how to read its board and the
    keys: what the rules screen shows first.  ``missing``: said after the
    places looked at when the document is not installed."""
    text, looked = how_to_play_markdown(game)
    if text is None:
        text = not_installed("how-to-play pages", engine.game_type(game).title, looked, missing)
    extra = board_help(game)
    if extra:
        text = text.rstrip() + "\n\n" + extra + "\n"
    return text


def rulings_text(game: str, missing: str = "") -> str:
    """The rulings of ``game`` (markdown): what ``r`` shows on the rules screen."""
    text, looked = rules_markdown(game)
    if text is None:
        text = not_installed("rules", engine.game_type(game).title, looked, missing)
    return text


def rulings_start(game: str) -> str:
    """The line between the how-to-play and the rulings, when both are printed."""
    return (f"*From here on: the rulings of {engine.game_type(game).title}, every point "
            "settled as the app plays it (r on the rules screen).*")


def rules_text(game: str, missing: str = "") -> str:
    """What ``dojo --rules GAME`` prints when its output is not a terminal:
    the how-to-play, the board's key and the keys, then the rulings, with one
    line saying where they start."""
    return (how_to_play_text(game, missing).rstrip() + "\n\n---\n\n" + rulings_start(game)
            + "\n\n" + rulings_text(game, missing))


class RulesScreen(Screen):
    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back", id="rules.back"),
        Binding("t", "toggle_contents", "Contents", id="rules.contents"),
        Binding("g", "next_game", "Next game", id="rules.next-game"),
        # r switches between the two documents; the footer names the one r leads to,
        # the header the one shown
        Binding("r", "show('rulings')", "Rulings", id="rules.rulings"),
        Binding("r", "show('how-to-play')", "How to play", id="rules.how-to-play"),
    ]
    #: the header's word for each document
    NAMES = {"how-to-play": "How to play", "rulings": "Rulings"}

    def __init__(self, game: str, showing: str = "how-to-play") -> None:
        """``showing``: the document shown first, ``"how-to-play"`` or ``"rulings"``."""
        super().__init__()
        self.game = game
        self.showing = showing if showing in self.NAMES else "how-to-play"

    def compose(self) -> ComposeResult:
        self.found = (how_to_play_markdown(self.game)[0] is not None
                      and rules_markdown(self.game)[0] is not None)
        self.texts = {"how-to-play": how_to_play_text(self.game, missing="Press **escape** to go back."),
                      "rulings": rulings_text(self.game, missing="Press **escape** to go back.")}
        self.text = self.texts[self.showing]
        yield Header()
        yield MarkdownViewer(self.text, show_table_of_contents=False, id="rules-viewer")
        yield Footer()

    #: below this width the document loses its margins, so that a board
    #: drawn at 80 columns (the how-to-play's worked example) fits whole
    NARROW = 90

    def on_mount(self) -> None:
        self.show_title()
        self.query_one(MarkdownViewer).focus()
        self.fit(self.app.size.width)

    def on_resize(self, event) -> None:
        self.fit(event.size.width)

    def fit(self, width: int) -> None:
        self.query_one(MarkdownViewer).set_class(width < self.NARROW, "-narrow")

    def show_title(self) -> None:
        self.sub_title = f"{self.NAMES[self.showing]} · {engine.game_type(self.game).title}"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_game":
            return True if len(self.games()) > 1 else None
        if action == "show":            # (r leads to the other document: only its binding shows)
            return parameters[0] != self.showing
        return True

    async def action_show(self, which: str) -> None:
        """Show the how-to-play or the rulings, from the top."""
        if which not in self.texts or which == self.showing:
            return
        self.showing = which
        self.text = self.texts[which]
        viewer = self.query_one(MarkdownViewer)
        await viewer.document.update(self.text)
        viewer.scroll_home(animate=False)
        self.show_title()
        self.refresh_bindings()

    @staticmethod
    def games() -> list[str]:
        """The games whose rules can be shown: every game."""
        return list(engine.GAMES)

    def action_next_game(self) -> None:
        games = self.games()
        if len(games) < 2:
            return
        i = games.index(self.game) if self.game in games else -1
        self.app.switch_screen(RulesScreen(games[(i + 1) % len(games)], self.showing))

    def action_toggle_contents(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents
