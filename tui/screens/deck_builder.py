"""Build a Senjutsu deck: the card pool of a samurai (the cards for anyone
and its own signature cards), each with its copies in the deck, rank, type
and initiative; the card under the cursor read in full (its grid and its
words); the deck-building rules checked as you go, every broken rule named
(``engine.senjutsu.decks.problems``, the engine's own validator); start from
the samurai's preset or from nothing, load one of your decks, save it as a
deck file in the data folder (``tui.decks``), which the setup offers and the
engine reads.

Dismisses with the path of the deck saved last (``None``: nothing saved)."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Label, Static

from ninja_dojo.engine import PositionError
from ninja_dojo.engine import senjutsu as sj
from ninja_dojo.engine.senjutsu.cards import CARDS
from ninja_dojo.engine.senjutsu.decks import COPIES, DECK_SIZE, PRESETS, RANKS, problems
from ninja_dojo.tui.decks import load_deck, save_deck, saved_decks
from ninja_dojo.tui.widgets.choice import Choice
from ninja_dojo.tui.games.senjutsu.card import CardPanel
from ninja_dojo.tui.games.senjutsu.words import RANK_STYLES, TYPE_SHORT, TYPE_STYLES
from ninja_dojo.tui.widgets.title_bar import TitleBar

#: below this many rows the screen drops its title bar
SHORT = 30
NEW = "(new deck)"


def pool(samurai: str) -> list:
    """The cards a samurai's deck may hold: the generic ones, then its own
    (its core is never in a deck)."""
    return [c for c in CARDS if not c.is_core and c.owner in (None, samurai)]


def copies_allowed(card) -> str:
    limit = COPIES[RANKS[card.rank]]
    return "any" if limit is None else str(limit)


class DeckBuilderScreen(Screen[str | None]):
    BINDINGS = [
        Binding("plus,equals_sign,a", "add(1)", "Add", id="deck.add"),
        Binding("minus,x", "add(-1)", "Remove", id="deck.remove"),
        Binding("p", "preset", "Preset", id="deck.preset"),
        Binding("e", "empty", "Empty", id="deck.empty"),
        Binding("s,ctrl+s", "save", "Save", id="deck.save"),
        Binding("escape", "leave", "Back", id="deck.back"),
    ]

    def __init__(self, samurai: str = "ronin", deck: str | None = None) -> None:
        """``deck``: the path of one of your decks to open, else the preset."""
        super().__init__()
        self.samurai = samurai
        self.counts: dict[str, int] = dict(PRESETS[samurai])
        self.deck_name = f"my {samurai}"
        self.saved_path: str | None = None
        self.opening = deck
        self.dirty = False

    def compose(self) -> ComposeResult:
        decks = saved_decks()
        yield TitleBar()
        with Horizontal(id="deck-top"):
            yield Label("Samurai", classes="label")
            yield Choice([(s.name.replace("The ", ""), s.key) for s in sj.SAMURAI], self.samurai,
                         id="deck-samurai")
            yield Label("Open", classes="label")
            yield Choice([(NEW, "")] + [(d.name, str(d.path)) for d in decks], self.opening or "",
                         id="deck-open")
            yield Label("Name", classes="label")
            yield Input(self.deck_name, id="deck-name", compact=True, max_length=40)
        yield DataTable(id="deck-pool", cursor_type="row", zebra_stripes=True)
        yield CardPanel(id="deck-card")
        yield Static(id="deck-status")
        yield Static(Text("a/+ add · x/- remove · p preset · e empty · s save · tab: name · "
                          "·R/·+ instants · ✦ own card", style="dim"), id="deck-help")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Deck building"
        table = self.query_one(DataTable)
        table.add_column("In", key="in", width=3)
        table.add_column("ID", key="id", width=3)
        table.add_column("Card", key="card", width=19)
        table.add_column("Init", key="init", width=10)
        table.add_column("Type", key="type", width=5)
        table.add_column("Rank", key="rank", width=5)
        table.add_column("Max", key="max", width=3)
        if self.opening:
            self.open_deck(self.opening)
        self.fill()
        table.focus()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.height < SHORT, "-short")

    # ------------------------------------------------------------ the deck
    def fill(self) -> None:
        """The pool of the samurai, its counts, and the rules checked."""
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        for card in pool(self.samurai):
            table.add_row(*self.cells(card), key=card.id)
        if 0 <= row < table.row_count:
            table.move_cursor(row=row)
        self.check()
        self.show_card()

    def cells(self, card) -> list:
        n = self.counts.get(card.id, 0)
        rank = sj.card_info(card.id)["rank"]
        kind = sj.card_info(card.id)["type"]
        name = Text(card.name, style=TYPE_STYLES.get(kind, ""))
        if card.owner:
            name.append(" ✦", style="bold")
        instant = {1: "·R", 2: "·+"}.get(card.instant, "")     # a replacement, an additional instant
        return [Text(str(n) if n else "·", style="bold" if n else "dim"), card.id, name,
                card.init_text, TYPE_SHORT[kind] + instant,
                Text(rank, style=RANK_STYLES.get(rank, "")), copies_allowed(card)]

    def problems(self) -> list[str]:
        return problems(self.counts, self.samurai)

    def check(self) -> None:
        """The deck's size and make-up, and every rule it breaks, at once."""
        total = sum(self.counts.values())
        by_rank = {r: 0 for r in "JGSW"}
        for cid, n in self.counts.items():
            by_rank[RANKS[sj.CARDS[sj.CARD_IDS.index(cid)].rank]] += n
        head = Text(f"{total}/{DECK_SIZE} cards", style="bold green" if total == DECK_SIZE else "bold red")
        head.append(f" · jade {by_rank['J']} · gold {by_rank['G']} · steel {by_rank['S']} · "
                    f"wood {by_rank['W']}", style="dim")
        trouble = self.problems()
        lines = [head]
        if trouble:
            lines += [Text("✕ " + p, style="red") for p in trouble]
        else:
            lines.append(Text("✓ a legal deck: save it (s), then choose it in the setup", style="green"))
        self.query_one("#deck-status", Static).update(Text("\n").join(lines))

    def current_card(self):
        table = self.query_one(DataTable)
        cards = pool(self.samurai)
        if 0 <= table.cursor_row < len(cards):
            return cards[table.cursor_row]
        return None

    def show_card(self) -> None:
        card = self.current_card()
        info = sj.card_info(card.id) if card else None
        note = ""
        if card is not None:
            note = f"in the deck: {self.counts.get(card.id, 0)} · allowed: {copies_allowed(card)}"
            if card.owner:
                note += f" · {sj.samurai_name(sj.SAMURAI_KEYS.index(card.owner))}'s own card"
        self.query_one(CardPanel).show_card(info, 0, note=note)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_card()

    def action_add(self, delta: int) -> None:
        card = self.current_card()
        if card is None:
            return
        n = max(0, min(DECK_SIZE, self.counts.get(card.id, 0) + delta))
        if n:
            self.counts[card.id] = n
        else:
            self.counts.pop(card.id, None)
        self.dirty = True
        table = self.query_one(DataTable)
        table.update_cell(card.id, "in", self.cells(card)[0])
        self.check()
        self.show_card()

    def action_preset(self) -> None:
        self.counts = dict(PRESETS[self.samurai])
        self.dirty = True
        self.fill()
        self.notify(f"The preset deck of {sj.SAMURAI[sj.SAMURAI_KEYS.index(self.samurai)].short}.",
                    timeout=3)

    def action_empty(self) -> None:
        self.counts = {}
        self.dirty = True
        self.fill()

    def open_deck(self, path: str) -> None:
        try:
            deck = load_deck(path)
        except PositionError as e:
            self.notify(f"Cannot open the deck: {e}", severity="error")
            return
        self.counts = dict(deck.counts)
        self.deck_name = deck.name
        self.query_one("#deck-name", Input).value = deck.name
        if deck.samurai in sj.SAMURAI_KEYS:
            self.samurai = deck.samurai
            self.query_one("#deck-samurai", Choice).value = deck.samurai
        for p in deck.problems:
            self.notify(p, severity="warning")
        self.dirty = False
        if not deck.problems and not self.problems():
            self.saved_path = str(deck.path)        # (back in the setup it is the seat's deck)

    async def on_choice_changed(self, event: Choice.Changed) -> None:
        event.stop()
        if event.choice.id == "deck-samurai":
            if event.value == self.samurai:
                return
            self.samurai = event.value
            if not self.dirty:          # an untouched deck follows the samurai's preset
                self.counts = dict(PRESETS[self.samurai])
                self.deck_name = f"my {self.samurai}"
                self.query_one("#deck-name", Input).value = self.deck_name
            self.fill()
        elif event.choice.id == "deck-open" and event.value:
            self.open_deck(event.value)
            self.fill()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.deck_name = event.value.strip()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one(DataTable).focus()

    def action_save(self) -> None:
        trouble = self.problems()
        if trouble:
            self.notify(f"Not saved: {trouble[0]}", severity="error", timeout=6)
            return
        if not self.deck_name:
            self.notify("Give the deck a name first.", severity="error")
            return
        try:
            path = save_deck(self.deck_name, self.counts, self.samurai)
        except OSError as e:
            self.notify(f"Could not save the deck: {e.strerror or e}", severity="error")
            return
        self.saved_path = str(path)
        self.dirty = False
        self.notify(f"Saved {self.deck_name} to {path}", timeout=5)

    def action_leave(self) -> None:
        self.dismiss(self.saved_path)
