"""The Nin Jan board: three piles, every player's won cards and score, and
the hand of the seat at the keyboard.

Everything drawn comes from ``state.view(seat)``; the moves the keys can make
come from ``state.legal_actions(seat)``, each described by the engine as data
(``kind`` play, take or put; ``args`` its card or pile), and read as words by
``words.py``, so the board knows no rule of the game and parses no name.
"""
from __future__ import annotations

import copy

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ninja_dojo.engine import Action
from ninja_dojo.engine.ninjan.notation import card_parts
from ninja_dojo.tui.games.ninjan.words import action_words, card_value, pile_verb, points, step_words
from ninja_dojo.tui.widgets.board import Frame, RoundRecord, plural, signed
from ninja_dojo.tui.widgets.card_chip import CardChip
from ninja_dojo.tui.widgets.hand import Hand
from ninja_dojo.tui.widgets.option_board import OptionBoard
from ninja_dojo.tui.widgets.place import Place

SUIT_STYLE = {"Rock": "#dcae6e", "Paper": "#80c4ff", "Scissors": "#ff8f8f"}
SUIT_SHORT = {"Rock": "R", "Paper": "P", "Scissors": "S"}
WHEEL = "Paper beats Rock · Rock beats Scissors · Scissors beats Paper"
HAND_MAX = 9
PILES = 3


def card_text(card: str, *, short: bool = False, top: bool = False) -> Text:
    value, suit = card_parts(card)
    label = f"{value}{SUIT_SHORT[suit]}" if short else card
    colour = SUIT_STYLE[suit]
    style = f"bold {colour} reverse" if top else f"{colour}"
    return Text(f" {label} " if top else label, style=style)


def cards_text(cards: list[str], *, short: bool = False, sep: str = "  ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c, short=short))
    return out


class PileRow(Place):
    """One pile, bottom to top, the top card highlighted; a click picks it."""

    class Clicked(Place.Clicked):
        """A pile was clicked (``place``: its index from 0)."""

    def __init__(self, index: int) -> None:
        super().__init__(index, classes="pile", id=f"pile-{index + 1}")


class NinJanBoard(OptionBoard):
    GAME = "ninjan"
    # (9 cards side by side need 99 columns and the board's frame)
    COMPACT_BELOW = (104, 34)
    SCORE_WORD = "points"
    LEGEND = """\
- **Round 3/9** and what happens now; **Last:** the last thing that happened.
- **Pile 1-3**: bottom to top, the top card drawn reversed; **pts** is what
  taking the pile would score.  A pile you may take or put on shows **← [n]**.
- **Players**: ▶ marks who acts; **Hand** how many cards each holds; **Card**
  the card played this round with its place in the order (**#1** resolves
  first, dimmed once resolved); **Won cards** in short form (**7P** is 7 Paper).
- **Your hand**: each card with its key; the highlighted one is what enter plays.
"""

    BINDINGS = [
        *[Binding(str(n), f"pick({n})", f"Choice {n}", show=False, id=f"ninjan.pick-{n}")
          for n in range(1, HAND_MAX + 1)],
        Binding("left", "cursor(-1)", "Previous", show=False, id="ninjan.cursor-left"),
        Binding("right", "cursor(1)", "Next", show=False, id="ninjan.cursor-right"),
        Binding("enter", "confirm", "Play", id="ninjan.confirm"),
    ]

    def __init__(self, names: list[str], labels: list[str] | None = None, **kw) -> None:
        super().__init__(names, labels, **kw)
        self.cursor = 0

    def compose(self) -> ComposeResult:
        yield Static(id="nj-head")
        yield Static(WHEEL, id="nj-wheel")
        for p in range(PILES):
            yield PileRow(p)
        yield Static(id="nj-players")
        yield Static(id="nj-hand-title")
        yield Hand(HAND_MAX, id="nj-hand", cell=13)

    # ------------------------------------------------------ choices & keys
    @property
    def mode(self) -> str:
        """``card`` when the keys play a card, ``pile`` when they pick a pile."""
        if any(a.kind == "play" for a in self.legal):
            return "card"
        return "pile" if self.legal else ""

    def options(self) -> list[tuple[str, Action | None]]:
        """What keys 1..n pick now: hand cards or piles, with the action (or None)."""
        if not self.awaiting or self.view is None:
            return []
        if self.mode == "card":
            by_card = {a.args["card"]: a for a in self.legal if a.kind == "play"}
            return [(c, by_card.get(c)) for c in self.view["hand"]]
        by_pile = {a.args["pile"]: a for a in self.legal if a.kind in ("take", "put")}
        return [(f"pile {p + 1}", by_pile.get(p)) for p in range(PILES)]

    def on_key(self, event) -> None:
        """A number that picks nothing now: say why instead of staying silent."""
        if event.key.isdigit() and event.key != "0" and self.awaiting:
            n = int(event.key)
            if self.check_action("pick", (n,)) is None:
                what = "card" if self.mode == "card" else "pile"
                self.notify(f"No {what} {n} to choose now. {self.prompt()}",
                            severity="warning", timeout=4)

    def key_for(self, action_id: int) -> str | None:
        for i, (_, a) in enumerate(self.options()):
            if a is not None and a.id == action_id:
                return str(i + 1)
        return None

    def on_card_chip_clicked(self, event: CardChip.Clicked) -> None:
        event.stop()
        if self.mode == "card":
            self.action_pick(event.index + 1, click=True)

    def on_pile_row_clicked(self, event: PileRow.Clicked) -> None:
        event.stop()
        if self.mode == "pile":
            self.action_pick(event.place + 1, click=True)

    def show(self, view: dict, **kw) -> None:
        old = (self.mode, self.actor)
        self._pending_cursor_check = old
        super().show(view, **kw)

    def _place_cursor(self) -> None:
        """Keep the cursor on a legal choice; back to the first on a new decision."""
        old = getattr(self, "_pending_cursor_check", None)
        self._pending_cursor_check = None
        legal = self._legal_indices()
        if old is not None and (old != (self.mode, self.actor) or self.cursor not in legal):
            self.cursor = legal[0] if legal else 0

    def prompt(self) -> str:
        if not self.awaiting:
            return ""
        who = self.names[self.actor]
        if self.mode == "card":
            return f"{who}: choose a card (1-{len(self.options())} or ←/→){self.enter_plays()}"
        card = self.view["played"][self.actor] if self.view else "your card"
        sel = self.selected_action()
        if self.one_key:
            keys = " (key or click)"
        else:
            keys = f" · enter: pile {sel.args['pile'] + 1}" if sel is not None else ""
        takes = [str(a.args["pile"] + 1) for a in self.legal if a.kind == "take"]
        if takes:
            piles = takes[0] if len(takes) == 1 else f"{', '.join(takes[:-1])} or {takes[-1]}"
            return f"{who}: {card} beats {len(takes)} piles: take pile {piles}{keys}"
        return f"{who}: {card} beats no top: put it on pile 1, 2 or 3{keys}"

    def action_text(self, action: Action) -> str:
        return action_words(action)

    def essentials(self) -> list:
        return [*self.query(PileRow), self.query_one("#nj-players"), *super().essentials()]

    # ------------------------------------------------------------ drawing
    def render_view(self) -> None:
        v = self.view
        if v is None or not self.is_mounted:
            return
        self._place_cursor()
        n = v["players"]
        focus_pile = self.focus_info.get("pile")
        focus_seat = self.focus_info.get("seat")
        opts = self.options()

        head = Text()
        if v["phase"] == "over":
            head.append("Game over", style="bold")
        else:
            head.append(f"Round {v['round']}/{v['rounds']}", style="bold")
            head.append("  ·  ")
            if v["phase"] == "choose" and self.compact:
                head.append("choose a card, all revealed together")
            elif v["phase"] == "choose":
                head.append("choose a card: all cards are revealed together")
            else:
                head.append("resolve, highest card first")
        if self.compact:
            head.append(" · Paper>Rock>Scissors>Paper", style="dim")
        if self.caption:
            head.append("\n")
            head.append(self.caption, style="bold italic")
        self.query_one("#nj-head", Static).update(head)

        # piles
        for p, row in enumerate(self.query(PileRow)):
            pile = v["piles"][p]
            t = Text()
            t.append(f" Pile {p + 1} ", style="bold")
            t.append(f"{points(v['pile_sums'][p]):>4} pts ", style="dim")
            t.append(" ")
            for i, c in enumerate(pile):
                if i:
                    t.append("  " if i < len(pile) - 1 else " ")
                t.append_text(card_text(c, top=(i == len(pile) - 1)))
            label, act = opts[p] if self.mode == "pile" else (None, None)
            if act is not None:
                key = f"[{p + 1}]"
                what = pile_verb(act)
                t.append(f"  ← {key} {what}", style="bold green" if p == self.cursor else "green")
            row.set_class(focus_pile == p, "-focus")
            row.set_class(act is not None and p == self.cursor, "-cursor")
            row.update(t)

        # players
        table = Table(box=None, expand=True, pad_edge=False, show_edge=False)
        table.add_column("", width=1)
        table.add_column("Player", no_wrap=True)
        table.add_column("Score", justify="right")
        table.add_column("Hand", justify="right")
        table.add_column("Card", no_wrap=True)
        table.add_column("Won cards", ratio=1)
        order = v.get("order") or []
        for seat in range(n):
            played = v["played"][seat] if v.get("played") else None
            if played:
                pos = order.index(seat) + 1 if seat in order else 0
                done = pos and pos <= v.get("resolved", 0)
                card = Text(f"#{pos} ", style="dim") if pos else Text()
                card.append_text(card_text(played))
                if done:
                    card.stylize("dim")
            else:
                card = Text(self.marks.get(seat, ""), style="italic")
            arrow = "▶" if seat == focus_seat or seat == self.actor else ""
            label = self.names[seat] if self.compact else self.labels[seat]
            name = Text(label, style="bold" if seat == v["seat"] else "")
            won = cards_text(v["won"][seat], short=True, sep=" ")
            table.add_row(arrow, name, Text(str(v["scores"][seat]), style="bold"),
                          str(v["hand_sizes"][seat]), card, won,
                          style="on #333344" if seat == focus_seat else None)
        self.query_one("#nj-players", Static).update(table)

        # hand
        seat = v["seat"]
        hand = v["hand"] if 0 <= seat < n else []
        title = self.query_one("#nj-hand-title", Static)
        shown = 0 <= seat < n and bool(hand)
        # (on a small terminal the cards with their keys say it is the hand)
        title.display = v["phase"] != "over" and not (shown and self.compact)
        hand_box = self.query_one("#nj-hand", Hand)
        hand_box.display = shown
        hand_box.set_compact(self.compact)
        if shown:
            whose = "Your hand" if self.names[seat] == "You" else f"{self.names[seat]}'s hand"
            title.update(Text(f"{whose} ({plural(len(hand), 'card')})", style="bold"))
        else:
            title.update(Text("Hands are hidden: every card is revealed when all have chosen",
                              style="dim"))
        card_mode = self.mode == "card"
        for i, chip in enumerate(hand_box.chips):
            card = hand[i] if i < len(hand) else None
            face = style = None
            if card is not None:
                value, suit = card_parts(card)
                face, style = Text.assemble((f"{value:>3}\n", "bold"), (suit, "")), suit.lower()
            chip.show(card, face, style, cursor=card_mode and i == self.cursor, active=card_mode)

    # ------------------------------------------------------------ the recap
    def recap(self, record: RoundRecord) -> Group:
        """Each card of the round in the order it resolved: what it did and
        what it scored; then everyone's total."""
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, expand=True)
        table.add_column("Player", no_wrap=True)
        table.add_column("Card", no_wrap=True)
        table.add_column("What it did", ratio=1)
        table.add_column("Points", justify="right", no_wrap=True)
        table.add_column("Total", justify="right", no_wrap=True)
        for st in record.steps:
            seat = st["seat"]
            if st["kind"] == "take":
                gain = sum(card_value(c) for c in st["taken"])
                did = Text(f"took pile {st['pile'] + 1}: ")
                did.append_text(cards_text(st["taken"], short=True, sep=" "))
            else:
                gain = 0
                did = Text(f"beat no top card: put on pile {st['pile'] + 1}", style="dim")
            table.add_row(self.names[seat], card_text(st["card"]), did,
                          Text(signed(gain), style="green" if gain > 0 else
                               ("red" if gain < 0 else "dim")),
                          Text(str(record.scores_after[seat]), style="bold"))
        played = {st["seat"] for st in record.steps}
        for seat in range(len(self.names)):
            if seat not in played:
                table.add_row(self.names[seat], "", Text("no card", style="dim"), "0",
                              Text(str(record.scores_after[seat]), style="bold"))
        return Group(Text("The cards resolve from the highest to the lowest.", style="dim"), table)

    # ------------------------------------------------------------ the story
    @classmethod
    def opening(cls, view: dict, names: list[str]) -> str:
        piles = ", ".join(f"pile {p + 1}: {pile[-1]}" for p, pile in enumerate(view["piles"]))
        return f"Nin Jan for {view['players']}: {', '.join(names)}. Starting piles: {piles}."

    @classmethod
    def story(cls, before: dict, after: dict, steps: list[dict], names: list[str],
              moves: dict[int, Action]) -> list[Frame]:
        """The reveal (when the cards were chosen), then one frame per card
        resolved, folding each recorded step onto the piles shown before."""
        frames: list[Frame] = []
        v = copy.deepcopy(before)
        n = v["players"]
        if before["phase"] == "choose":
            played: list[str | None] = [None] * n
            order: list[int] = []
            for st in steps:
                played[st["seat"]] = st["card"]
                order.append(st["seat"])
            if after["phase"] == "resolve":
                played, order = list(after["played"]), list(after["order"])
            for seat, a in moves.items():      # every card chosen, even if not resolved
                if a.kind == "play" and played[seat] is None:
                    played[seat] = a.args["card"]
            v.update(phase="resolve", played=played, order=order, resolved=0,
                     hand=[c for c in v["hand"] if c not in played],
                     hand_sizes=[h - 1 for h in v["hand_sizes"]])
            shown = ", ".join(f"{names[s]} {played[s]}" for s in order) or \
                ", ".join(f"{names[s]} {c}" for s, c in enumerate(played) if c)
            frames.append(Frame(copy.deepcopy(v), f"Revealed: {shown}", pause=1.5,
                                heading=f"Round {v['round']}/{v['rounds']}"))
        for st in steps:
            seat, p = st["seat"], st["pile"]
            line = step_words(st, names, list(v["piles"][p]))
            if st["kind"] == "take":
                v["won"][seat] = sorted(v["won"][seat] + st["taken"], key=_card_key)
                v["scores"][seat] += sum(card_value(c) for c in st["taken"])
                v["piles"][p] = [st["card"]]
            else:
                v["piles"][p] = v["piles"][p] + [st["card"]]
            v["pile_sums"][p] = sum(card_value(c) for c in v["piles"][p])
            v["resolved"] = v.get("resolved", 0) + 1
            frames.append(Frame(copy.deepcopy(v), line, pause=1.0,
                                focus={"seat": seat, "pile": p}))
        if after["phase"] == "over" and frames:
            frames[-1].pause = 1.5
        return frames


def _card_key(card: str) -> tuple[int, int]:
    value, suit = card_parts(card)
    return (list(SUIT_STYLE).index(suit), value)
