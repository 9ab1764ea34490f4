"""The San, Ni, Ichi! board: every player's sparring pile and damage, the
weapons in the game, team totals, the decision in front of you and your hand.

Everything drawn comes from ``state.view(seat)``.  A decision is nothing but
the legal actions of the seat to move, each described by the engine as data
(``kind`` play, start, put, slide, tonfa, sai swap, smoke bomb, ...; ``args``
its card or seats); ``words.py`` words them with the players' names and the
board numbers them for the keys, so it knows no rule of the game and parses
no name.  Playing a card (and the Tonfa's discard) is done from the hand;
every other decision is a numbered list.  The step-by-step display folds the
engine's steps onto the board (``story.py``); the cards are drawn by
``cards.py``.
"""
from __future__ import annotations

import copy

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.widgets import Static

from ninja_dojo.engine import Action, Outcome
from ninja_dojo.tui.games.san_ni_ichi.cards import (ELEMENT_STYLE, card_info, card_label, card_text, cards_text,
                                                   weapons_text)
from ninja_dojo.tui.games.san_ni_ichi.story import fold, remove
from ninja_dojo.tui.games.san_ni_ichi.words import action_label, action_seats, move_line, possessive, step_words
from ninja_dojo.tui.widgets.board import Frame, RoundRecord, plural, signed
from ninja_dojo.tui.widgets.card_chip import CardChip
from ninja_dojo.tui.widgets.hand import Hand
from ninja_dojo.tui.widgets.option_board import OptionBoard
from ninja_dojo.tui.widgets.option_line import OptionLine
from ninja_dojo.tui.widgets.place import Place

WHEEL = "Fire beats Wood · Wood beats Water · Water beats Fire"
#: the 7 dealt cards, and one more while a Tonfa's draw waits for its discard
HAND_MAX = 8
#: the most options a decision offers (a 6-player Sai: 15 pairs and discard)
OPTIONS_MAX = 20
#: option keys: 1..9, then 0 for the tenth; the cursor reaches the rest
OPTION_KEYS = [str(n) for n in range(1, 10)] + ["0"]

def _put(widget: Static, content, key=None) -> None:
    """Update a widget only when what it shows changed (each update costs a
    layout pass; most of the board stays the same from one decision to the
    next)."""
    key = content if key is None else key
    if getattr(widget, "_sni_shown", None) != key:
        widget._sni_shown = key
        widget.update(content() if callable(content) else content)


# --------------------------------------------------------------- widgets
class SeatRow(Place):
    """One player's line: hand, round card, sparring pile, damage; a click
    picks the option aimed at that player."""

    class Clicked(Place.Clicked):
        """A player's line was clicked (``place``: the seat)."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat, classes="sni-seat", id=f"sni-seat-{seat + 1}")


# ------------------------------------------------------------------ board
class SanNiIchiBoard(OptionBoard):
    GAME = "san_ni_ichi"
    SCORE_WORD = "damage"
    LOW_SCORE_WINS = True
    LEGEND = """\
- **Round 2/7** and what happens now; **Last:** the last thing that happened.
- **Weapons**: every weapon in this game's deck, and the wheel of elements.
- **Players**: ▶ marks who acts; **Hand** how many cards each holds; **Card**
  the card played this round with its place in the order (**#1** resolves
  first, dimmed once resolved); **Sparring pile** bottom to top, the top card
  drawn reversed, with **[blocked]**, **[smoke-bombed]** or **[threatened]**;
  **Damage** the damage cards taken (their value, under advanced scoring).
  In team play **T1**, **T2**... name the teams.
- **Known**: cards everyone saw enter a hand, and who has no Smoke Bomb.
- A decision lists its options with their keys; **← [n]** on a player's row
  is the option aimed at them.  **Your hand** shows each card with its key.
"""

    BINDINGS = [
        *[Binding(key, f"pick({i + 1})", f"Choice {i + 1}", show=False, id=f"sni.pick-{i + 1}")
          for i, key in enumerate(OPTION_KEYS)],
        Binding("left", "cursor(-1)", "Previous", show=False, id="sni.cursor-left"),
        Binding("right", "cursor(1)", "Next", show=False, id="sni.cursor-right"),
        Binding("up", "cursor(-2)", "Up", show=False, id="sni.cursor-up"),
        Binding("down", "cursor(2)", "Down", show=False, id="sni.cursor-down"),
        Binding("enter", "confirm", "Choose", id="sni.confirm"),
    ]

    def __init__(self, names: list[str], labels: list[str] | None = None, **kw) -> None:
        super().__init__(names, labels, **kw)
        self.cursor = 0
        self._last_decision: tuple | None = None
        #: the options' grid columns (↑/↓ move by a row of them)
        self._option_columns = 2

    def compose(self) -> ComposeResult:
        yield Static(id="sni-head")
        yield Static(id="sni-weapons")
        yield Static(id="sni-columns")
        for seat in range(len(self.names)):
            yield SeatRow(seat)
        yield Static(id="sni-teams")
        yield Static(id="sni-known")
        yield Static(id="sni-decision")
        with Container(id="sni-options"):
            for i in range(OPTIONS_MAX):
                yield OptionLine(i, prefix="sni-")
        yield Static(id="sni-hand-title")
        yield Hand(HAND_MAX, id="sni-hand", base="sni-chip", prefix="sni-", cell=16)

    # ------------------------------------------------------ choices & keys
    @property
    def mode(self) -> str:
        """``card`` when the keys pick a card of the hand (to play it, or the
        Tonfa's discard), ``option`` for every other decision (and for a
        card choice when the hand is not shown)."""
        if not self.legal:
            return ""
        if self.hand() and (all(a.kind == "play" for a in self.legal) or
                            all(a.kind == "tonfa discard" for a in self.legal)):
            return "card"
        return "option"

    def hand(self) -> list[str]:
        v = self.view
        if v is None or not 0 <= v["seat"] < v["players"]:
            return []
        return list(v["hand"])

    def options(self) -> list[tuple[str, Action | None]]:
        """What keys 1.. pick now: the hand's cards (with the action, or None
        for a card that cannot be chosen), or the decision's options, the
        plain discard last."""
        if not self.awaiting or self.view is None:
            return []
        if self.mode == "card":
            by_card = {a.args["card"]: a for a in self.legal}
            return [(c, by_card.get(c)) for c in self.hand()]
        acts = sorted(self.legal, key=lambda a: a.kind == "discard")
        return [(action_label(a, self.view, self.names, self.actor, short=self.compact), a)
                for a in acts]

    def action_cursor(self, delta: int) -> None:
        legal = self._legal_indices()
        if not legal:
            return
        if self.mode == "card" and abs(delta) > 1:   # the hand is one row
            delta = delta // abs(delta)
        pos = legal.index(self.cursor) if self.cursor in legal else 0
        if abs(delta) > 1:       # up/down a row of the options; stop at the ends
            target = self.cursor + (1 if delta > 0 else -1) * self._option_columns
            if target in legal:
                self.cursor = target
            self.render_view()
            self._selection_moved()
            return
        self.cursor = legal[(pos + delta) % len(legal)]
        self.render_view()
        self._selection_moved()

    def on_key(self, event) -> None:
        """A number that picks nothing now: say why instead of staying silent."""
        if event.key in OPTION_KEYS and self.awaiting:
            n = OPTION_KEYS.index(event.key) + 1
            if self.check_action("pick", (n,)) is None:
                what = "card" if self.mode == "card" else "option"
                self.notify(f"No {what} {event.key} to choose now. {self.prompt()}",
                            severity="warning", timeout=4)

    def key_for(self, action_id: int) -> str | None:
        for i, (_, a) in enumerate(self.options()):
            if a is not None and a.id == action_id and i < len(OPTION_KEYS):
                return OPTION_KEYS[i]
        return None

    def action_text(self, action: Action) -> str:
        return action_label(action, self.view, self.names, self.actor, short=self.compact)

    def essentials(self) -> list:
        rows = [r for r in self.query(SeatRow) if r.display]
        options = [c for c in self.query(OptionLine) if c.display] if self.mode == "option" else []
        decision = [self.query_one("#sni-decision")] if self.awaiting else []
        return [*rows, *decision, *options, *super().essentials()]

    def on_card_chip_clicked(self, event: CardChip.Clicked) -> None:
        event.stop()
        if self.mode == "card":
            self.action_pick(event.index + 1, click=True)

    def on_option_line_clicked(self, event: OptionLine.Clicked) -> None:
        event.stop()
        if self.mode == "option":
            self.action_pick(event.place + 1, click=True)

    def on_seat_row_clicked(self, event: SeatRow.Clicked) -> None:
        """A click on a player chooses the one option aimed at them (when the
        click is not ambiguous, e.g. a Sai swap names two players)."""
        event.stop()
        if self.mode != "option":
            return
        hits = [i for i, (_, a) in enumerate(self.options())
                if a is not None and action_seats(a) == [event.place]]
        if len(hits) == 1:
            self.action_pick(hits[0] + 1, click=True)
        elif self.awaiting:
            self.notify("Choose one of the numbered options.", timeout=3)

    def _place_cursor(self) -> None:
        """Back to the first choice on a new decision; keep it on a legal one."""
        key = (self.mode, self.actor, tuple(a.id for a in self.legal))
        legal = self._legal_indices()
        if key != self._last_decision or self.cursor not in legal:
            self._last_decision = key
            self.cursor = legal[0] if legal else 0

    def prompt(self) -> str:
        """One line: the question briefly (the board asks it in full), the
        keys, what enter plays."""
        if not self.awaiting or self.view is None:
            return ""
        if self.one_key:
            return f"{self.question(short=True)} ({self.how()})"
        return f"{self.question(short=True)}{self.enter_plays()}"

    def how(self) -> str:
        n = len(self.options())
        keys = f"1-{min(n, 9)}" + (", 0" if n >= 10 else "")
        if self.mode == "card":
            return f"keys {keys} or click"
        return f"keys {keys}, arrows or click"

    def question(self, short: bool = False) -> str:
        """The decision in the players' words (``short``: for the status line)."""
        v, actor = self.view, self.actor
        who = self.names[actor]
        you = "You" if who == "You" else who
        d = v.get("decision") or {}
        kind = d.get("kind")
        if short:
            return f"{you}: {self._short_question(kind, d)}"
        if kind == "choose":
            return f"{you}: choose a card to play face down; all are revealed together"
        if kind == "tonfa discard":
            return f"{you}: Tonfa: discard one card from your hand (it may be the one you took)"
        if kind == "slide":
            return (f"{you}: {d.get('card')} is on your pile: slide the whole pile to a "
                    "player with no pile, or keep it?")
        if kind == "smoke bomb":
            pile = d.get("pile_of")
            cards = ", ".join(card_label(c) for c in v["piles"][pile]) if pile is not None else ""
            if pile == actor:
                return (f"{you}: your pile ({cards}) is about to become damage: "
                        "play a Smoke Bomb?")
            return (f"{you}: {self.names[pile]}'s pile ({cards}) is about to become damage: "
                    "play a Smoke Bomb for them?")
        if kind == "card":
            return f"{you}: your {d.get('card')} resolves: what does it do?"
        return f"{you}: choose"

    def _short_question(self, kind: str | None, d: dict) -> str:
        if kind == "choose":
            return "choose a card to play face down"
        if kind == "tonfa discard":
            return "Tonfa: discard one card"
        if kind == "slide":
            return "slide your pile, or keep it?"
        if kind == "smoke bomb":
            pile = d.get("pile_of")
            whose = "your" if pile == self.actor else f"{self.names[pile]}'s"
            return f"Smoke Bomb to save {whose} pile?"
        if kind == "card":
            return f"what does your {card_label(d.get('card') or '')} do?"
        return "choose"

    # ------------------------------------------------------------ drawing
    def render_view(self) -> None:
        v = self.view
        if v is None or not self.is_mounted:
            return
        self._place_cursor()
        n = v["players"]
        over = v["phase"] == "over"
        focus_seat = self.focus_info.get("seat")
        focus_target = self.focus_info.get("target")
        opts = self.options()
        mode = self.mode

        # --- head: the round, what happens now, the last thing that happened
        head = Text()
        if over:
            head.append("Game over", style="bold")
            head.append("  ·  remaining sparring piles were discarded; lowest damage wins")
        else:
            head.append(f"Round {v['round']}/{v['rounds']}", style="bold")
            head.append("  ·  ")
            phase = v["phase"]
            if phase == "choose":
                head.append("choose a card: all are revealed together")
            elif phase == "resolve":
                order = v.get("order") or []
                s = self._resolving(v)
                if s is not None and s in order and self.compact:
                    whose = possessive(s, None, self.names)
                    head.append(f"resolving {whose} {card_label(v['played'][s])} "
                                f"({order.index(s) + 1} of {len(order)})")
                elif s is not None and s in order:
                    whose = possessive(s, None, self.names)
                    head.append(f"resolving {whose} {v['played'][s]} "
                                f"({order.index(s) + 1} of {len(order)}), lowest number first")
                else:
                    head.append("resolving, lowest number first")
            else:
                head.append("damage: the highest top card takes its pile")
        if self.caption:
            head.append("\n")
            head.append(self.caption, style="bold italic")
        _put(self.query_one("#sni-head", Static), head)

        # --- the weapons everyone knows are in the game, and the wheel
        weapons = Text("Weapons: ", style="bold")
        weapons.append_text(weapons_text(v["weapons"], short=self.compact) if v["weapons"]
                            else Text("none", style="dim"))
        if self.compact:
            weapons.append(" · Fire>Wood>Water>Fire · ", style="dim")
            weapons.append("damage: values, weapons 1" if v["advanced"] else "damage: cards",
                           style="dim")
        else:
            weapons.append("\n")
            weapons.append(WHEEL, style="dim")
            weapons.append(f"  ·  {v['deck']} deck  ·  ", style="dim")
            weapons.append("advanced scoring: damage counts values, weapons 1" if v["advanced"]
                           else "1 point a damage card", style="dim")
        _put(self.query_one("#sni-weapons", Static), weapons)

        # --- the players
        widths = self._widths(v)
        columns = (Text(""), Text("Player", style="bold"), Text("Hand", style="bold"),
                   Text("Card", style="bold"),
                   Text("Damage pile" if over else
                        ("Sparring pile" if self.compact else "Sparring pile (bottom → top)"),
                        style="bold"),
                   Text("Damage" + (" value" if v["advanced"] and not self.compact else ""),
                        style="bold"))
        _put(self.query_one("#sni-columns", Static), lambda: self._row(widths, *columns),
             key=(tuple(widths.items()), columns))
        targets = {}
        if mode == "option":
            for i, (_, a) in enumerate(opts):
                seats = action_seats(a) if a else []
                if len(seats) == 1:
                    targets.setdefault(seats[0], i)
        for seat, row in enumerate(self.query(SeatRow)):
            if seat >= n:
                row.display = False
                continue
            cells = self._seat_cells(v, seat, targets, self._pile_width(widths))
            _put(row, lambda: self._row(widths, *cells), key=(tuple(widths.items()), cells))
            row.set_class(seat == focus_seat or seat == focus_target, "-focus")
            row.set_class(seat in targets and targets[seat] == self.cursor, "-cursor")

        # --- team totals
        teams = self.query_one("#sni-teams", Static)
        teams.display = bool(v["teams"])
        if v["teams"]:
            _put(teams, self._teams_line(v))

        # --- what everyone knows of the hands
        known = self.query_one("#sni-known", Static)
        line = self._known_line(v)
        known.display = line is not None
        if line is not None:
            _put(known, line)

        # --- the decision: the question and its numbered options
        decision = self.query_one("#sni-decision", Static)
        decision.display = self.awaiting
        if self.awaiting:
            _put(decision, Text(self.question(), style="bold"))
        box_ = self.query_one("#sni-options")
        box_.display = mode == "option"
        if mode == "option" and opts:
            # as many columns as the longest option allows (the key takes 4)
            longest = max(len(label) for label, _ in opts) + 6
            width = self.content_size.width or 78
            self._option_columns = max(1, min(3, width // longest))
            box_.styles.grid_size_columns = self._option_columns
        for i, chip in enumerate(self.query(OptionLine)):
            shown = mode == "option" and i < len(opts)
            if chip.display != shown:
                chip.display = shown
            if not shown:
                continue
            label, _ = opts[i]
            key = OPTION_KEYS[i] if i < len(OPTION_KEYS) else "·"
            _put(chip, Text.assemble((f"[{key}] ", "bold"), label))
            chip.set_class(i == self.cursor, "-cursor")

        # --- the hand
        seat = v["seat"]
        hand = self.hand()
        title = self.query_one("#sni-hand-title", Static)
        shown = 0 <= seat < n and bool(hand)
        # (on a small terminal the cards with their keys say it is the hand)
        title.display = not over and not (shown and self.compact)
        hand_box = self.query_one("#sni-hand", Hand)
        hand_box.display = shown
        hand_box.set_compact(self.compact)
        if shown:
            whose = "Your hand" if self.names[seat] == "You" else f"{self.names[seat]}'s hand"
            _put(title, Text(f"{whose} ({plural(len(hand), 'card')})", style="bold"))
        else:
            _put(title, Text("Hands are hidden: the round's cards are revealed when all have "
                              "chosen", style="dim"))
        card_mode = mode == "card"
        usable = {c for c, a in opts if a is not None} if card_mode else set()
        for i, chip in enumerate(hand_box.chips):
            card = hand[i] if i < len(hand) else None
            face = style = None
            if card is not None:
                number, kind, _ = card_info(card)
                face = Text.assemble((f"{number}\n", "bold"), (kind, ""))
                style = kind.lower() if kind in ELEMENT_STYLE else "weapon"
            chip.show(card, face, style, cursor=card_mode and i == self.cursor,
                      active=card_mode and card in usable)

    def on_resize(self, event) -> None:
        # The piles break their lines at the board's width.
        if event.size.width != getattr(self, "_laid_out_width", None):
            self._laid_out_width = event.size.width
            self.render_view()

    def _resolving(self, v: dict) -> int | None:
        """The seat whose round card resolves now: the one deciding, or (in
        the step-by-step display) the one whose step is shown."""
        d = v.get("decision") or {}
        if d.get("kind") in ("card", "slide", "tonfa discard"):
            return d.get("seat")
        return self.focus_info.get("seat")

    def _widths(self, v: dict) -> dict[str, int]:
        labels = self.names if self.compact else self.labels
        name = max([len(lbl) for lbl in labels[:v["players"]]] + [6]) + 1
        if v["teams"]:
            name += 3       # the team tag, "T1 "
        if self.compact:    # the pile keeps what the others leave: most of the row
            return {"mark": 1, "name": name, "hand": 4, "card": 17, "damage": 7}
        return {"mark": 1, "name": name, "hand": 5, "card": 22, "damage": 12}

    def _pile_width(self, widths: dict[str, int]) -> int:
        """What the pile column gets of the board's width (0 before layout)."""
        if not self.content_size.width:
            return 0
        # the other columns, and one space either side of each column gap
        fixed = sum(widths.values()) + 2 * len(widths)
        return max(12, self.content_size.width - fixed)

    @staticmethod
    def _row(widths: dict[str, int], mark: Text, name: Text, hand: Text, card: Text,
             pile: Text, damage: Text) -> Table:
        t = Table(box=None, show_header=False, expand=True, pad_edge=False, show_edge=False,
                  padding=(0, 1))
        t.add_column(width=widths["mark"], no_wrap=True)
        t.add_column(width=widths["name"], no_wrap=True)
        t.add_column(width=widths["hand"], justify="right", no_wrap=True)
        t.add_column(width=widths["card"], no_wrap=True)
        t.add_column(ratio=1)
        t.add_column(width=widths["damage"], justify="right", no_wrap=True)
        t.add_row(mark, name, hand, card, pile, damage)
        return t

    def _seat_cells(self, v: dict, seat: int, targets: dict[int, int],
                    width: int = 0) -> tuple[Text, ...]:
        """One player's cells; ``width`` is the pile column's (0: unknown)."""
        over = v["phase"] == "over"
        mark = Text("▶" if seat == self.actor or seat == self.focus_info.get("seat") else "")
        label = self.names[seat] if self.compact else self.labels[seat]
        name = Text(label, style="bold" if seat == v["seat"] else "")
        if v["teams"]:
            # numbered, not lettered: A, B and C are the tie letters of the cards
            name = Text.assemble((f"T{self._team(v, seat) + 1} ", "bold magenta"), name)
        hand = Text(str(v["hand_sizes"][seat]))
        # the round card: its place in the order, dim once resolved
        played = v["played"][seat] if v.get("played") else None
        if played:
            order = v.get("order") or []
            pos = order.index(seat) + 1 if seat in order else 0
            done = v.get("resolved", 0)
            card = Text(f"#{pos} ", style="dim") if pos else Text()
            now = v["phase"] == "resolve" and seat == self._resolving(v)
            card.append_text(card_text(played, top=now, short=self.compact))
            if pos and pos <= done and not now:
                card.stylize("dim")
        else:
            card = Text(self.marks.get(seat, ""), style="italic")
        # the sparring pile, bottom to top, the top card highlighted
        pile = Text()
        tags = []
        if seat in v.get("blocked", []):
            tags.append(("blocked", "bold cyan"))
        if seat in v.get("dodged", []):
            tags.append(("smoke-bombed", "bold magenta"))
        if seat in v.get("taking", []) or seat in v.get("threatened", []):
            tags.append(("threatened", "bold red"))
        if over:
            pile.append_text(cards_text(v["damage"][seat], width=width) if v["damage"][seat]
                             else Text("no damage", style="dim"))
        elif v["piles"][seat]:
            pile.append_text(cards_text(v["piles"][seat], top=True, width=width))
            top = v["pile_tops"][seat]
            if top:
                pile.append(f"  top {top['number']}", style="bold")
        else:
            pile.append("no pile", style="dim")
        for word, style in tags:
            pile.append(f"  [{word}]", style=style)
        if seat in targets:
            key = OPTION_KEYS[targets[seat]] if targets[seat] < len(OPTION_KEYS) else "·"
            pile.append(f"  ← [{key}]", style="bold green")
        cards = len(v["damage"][seat])
        if v["advanced"] and self.compact:
            damage = Text.assemble((str(v["scores"][seat]), "bold"), (f" ({cards})", "dim"))
        elif v["advanced"]:
            damage = Text.assemble((str(v["scores"][seat]), "bold"), f" ({plural(cards, 'card')})")
        else:
            damage = Text(str(cards), style="bold")
        return mark, name, hand, card, pile, damage

    @staticmethod
    def _team(v: dict, seat: int) -> int:
        """Teams are numbered by their lowest seat: team 0 holds seat 0."""
        p = v["partners"][seat]
        low = min(seat, p) if p is not None else seat
        lows = sorted({min(s, q) for s, q in enumerate(v["partners"]) if q is not None})
        return lows.index(low) if low in lows else 0

    def _teams_line(self, v: dict) -> Text:
        t = Text("Teams: " if self.compact else "Teams (lowest total wins): ", style="bold")
        seen = set()
        parts = []
        for seat in range(v["players"]):
            if seat in seen:
                continue
            p = v["partners"][seat]
            seen |= {seat, p}
            part = Text()
            part.append(f"T{self._team(v, seat) + 1} ", style="bold magenta")
            part.append(f"{self.names[seat]}+{self.names[p]} " if self.compact
                        else f"{self.names[seat]} + {self.names[p]}: ")
            part.append(str(v["side_scores"][seat]), style="bold")
            parts.append(part)
        for i, part in enumerate(parts):
            if i:
                t.append(" · " if self.compact else "  ·  ", style="dim")
            t.append_text(part)
        return t

    def _known_line(self, v: dict) -> Text | None:
        """Cards everyone saw enter a hand, and what the Smoke Bomb questions
        told the table."""
        if v["phase"] == "over":
            return None
        parts = []
        for seat in range(v["players"]):
            if seat == v["seat"]:
                continue
            who = self.names[seat]
            cards = [c for c in v["known_hands"][seat] if c != "Smoke Bomb"]
            smoke = max(v["smoke_bomb_at_least"][seat], v["known_hands"][seat].count("Smoke Bomb"))
            if smoke:
                cards.append("a Smoke Bomb" if smoke == 1 else f"{smoke} Smoke Bombs")
            if cards:
                parts.append(f"{who} holds {', '.join(cards)}")
        if "Smoke Bomb" in v["weapons"]:
            none = [self.names[s] for s in range(v["players"])
                    if v["no_smoke_bomb"][s] and s != v["seat"] and v["hand_sizes"][s]]
            if none:
                parts.append(f"no Smoke Bomb: {', '.join(none)}")
        if not parts:
            return None
        return Text.assemble(("Known: ", "bold"), (" · ".join(parts), "dim"))

    # ------------------------------------------------------------ the story
    def recap(self, record: RoundRecord) -> Group:
        """Each player's card of the round, what it and they did, the damage
        taken; then the teams' totals in team play."""
        steps = record.steps
        played = {st["seat"]: st["card"] for st in steps if st["kind"] == "reveal"}
        order = [st["seat"] for st in steps if st["kind"] == "reveal"]
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, expand=True)
        table.add_column("Player", no_wrap=True)
        table.add_column("Card", no_wrap=True)
        table.add_column("What happened", ratio=1)
        table.add_column("Damage", justify="right", no_wrap=True)
        table.add_column("Total", justify="right", no_wrap=True)
        seats = order + [s for s in range(len(self.names)) if s not in order]
        for seat in seats:
            name = self.names[seat]
            did = []
            for st in steps:
                if st["kind"] == "reveal" or st["seat"] != seat:
                    continue
                line = step_words(st, self.names)
                did.append(line[len(name) + 1:] if line.startswith(name + " ") else line)
            gain = record.scores_after[seat] - record.scores_before[seat]
            card = card_text(played[seat], short=True) if seat in played else Text("–", style="dim")
            table.add_row(name, card, Text("; ".join(did) or "–", style="" if did else "dim"),
                          Text(signed(gain), style="red" if gain > 0 else "dim"),
                          Text(str(record.scores_after[seat]), style="bold"))
        parts: list = [Text("The cards resolve from the lowest number; the highest top card "
                            "takes its pile as damage.", style="dim"), table]
        if record.end.get("teams"):
            parts.append(self._teams_line(record.end))
        return Group(*parts)

    @classmethod
    def opening(cls, view: dict, names: list[str]) -> str:
        mode = "team play" if view["teams"] else "every ninja for themself"
        weapons = weapons_text(view["weapons"]).plain or "none"
        scoring = "advanced scoring" if view["advanced"] else "damage counts cards"
        return (f"San, Ni, Ichi! for {view['players']} ({mode}, {view['deck']} deck, {scoring}): "
                f"{', '.join(names)}. Weapons in the game: {weapons}.")

    @classmethod
    def story(cls, before: dict, after: dict, steps: list[dict], names: list[str],
              moves: dict[int, Action]) -> list[Frame]:
        """The reveal, then one frame per step of the resolution (each card,
        the slides, the Smoke Bombs, the damage), folding each recorded step
        onto the board shown before.  A step's line is its words
        (``words.step_words``), with the players' names."""
        frames: list[Frame] = []
        v = copy.deepcopy(before)
        n = v["players"]
        me = v["seat"]
        i = 0
        while i < len(steps):
            st = steps[i]
            if st["kind"] == "reveal":
                reveals = []
                while i < len(steps) and steps[i]["kind"] == "reveal" \
                        and steps[i]["round"] == st["round"]:
                    reveals.append(steps[i])
                    i += 1
                new_round = st["round"] != v["round"] or v["phase"] == "choose"
                if new_round:
                    v.update(round=st["round"], blocked=[], dodged=[], threatened=[], taking=[])
                v.update(phase="resolve", played=[None] * n, order=[], resolved=0, decision=None)
                for r in reveals:
                    v["played"][r["seat"]] = r["card"]
                    v["order"].append(r["seat"])
                    v["hand_sizes"][r["seat"]] -= 1
                    if r["seat"] == me:
                        remove(v["hand"], r["card"])
                shown = ", ".join(f"{names[r['seat']]} {r['card']}" for r in reveals)
                frames.append(Frame(copy.deepcopy(v), f"Revealed: {shown}", pause=1.5,
                                    heading=f"Round {st['round']}/{v['rounds']}"))
                continue
            fold(v, st)
            v["decision"] = None
            frames.append(Frame(copy.deepcopy(v), step_words(st, names), pause=1.0,
                                focus={"seat": st["seat"], "target": st["target"]}))
            i += 1
        if not frames:     # e.g. a pile kept, or a Smoke Bomb not played for a partner
            line = "; ".join(move_line(s, a, before, names) for s, a in sorted(moves.items()))
            frames.append(Frame(after, line))
        if after["phase"] == "over" and frames:
            frames[-1].pause = 1.5
        return frames

    # ------------------------------------------------------- end of game
    @classmethod
    def result_line(cls, outcome: Outcome, names: list[str], view: dict) -> str:
        def unit(n: int) -> str:
            return plural(n, "damage point") if view.get("advanced") else plural(n, "damage card")
        winners = list(outcome.winners)
        if view.get("teams"):
            sides = []
            for w in winners:
                side = tuple(sorted({w, view["partners"][w]}))
                if side not in sides:
                    sides.append(side)
            total = view["side_scores"][winners[0]]
            words = [" and ".join(names[s] for s in side) for side in sides]
            if len(sides) == 1:
                return f"{words[0]} win with {unit(total)} between them (lowest team total wins)!"
            return (f"The teams {' / '.join(words)} tie with {unit(total)} each: "
                    "they share the win.")
        best = outcome.scores[winners[0]]
        who = [names[w] for w in winners]
        if len(who) == 1:
            verb = "win" if who[0] == "You" else "wins"
            return f"{who[0]} {verb} with the least damage: {unit(best)}!"
        return f"{_and(who)} share the win with {unit(best)} each."

    @classmethod
    def scores_line(cls, outcome: Outcome, names: list[str], view: dict) -> str:
        what = "Damage (values)" if view.get("advanced") else "Damage"
        line = f"{what}: " + ", ".join(f"{names[s]} {outcome.scores[s]}"
                                       for s in range(len(names))) + "."
        if view.get("teams"):
            seen, parts = set(), []
            for s in range(len(names)):
                p = view["partners"][s]
                if s not in seen:
                    seen |= {s, p}
                    parts.append(f"{names[s]} + {names[p]} {view['side_scores'][s]}")
            line += " Teams: " + ", ".join(parts) + "."
        return line

    @classmethod
    def result_table(cls, outcome: Outcome, view: dict, labels: list[str]) -> Table:
        """Final damage, lowest first (team totals first in team play)."""
        table = Table(title="Final damage (lowest wins)", expand=False, title_style="bold",
                      box=box.SIMPLE_HEAD, title_justify="left")
        table.add_column("#", justify="right")
        table.add_column("Player", no_wrap=True)
        if view.get("teams"):
            table.add_column("Team", justify="center")
        table.add_column("Damage cards", justify="right")
        if view.get("advanced"):
            table.add_column("Value", justify="right")
        if view.get("teams"):
            table.add_column("Team total", justify="right")
        n = len(labels)
        side = view.get("side_scores") or outcome.scores
        ranking = sorted(range(n), key=lambda s: (side[s], outcome.scores[s], s))
        for rank, seat in enumerate(ranking, 1):
            row = [str(rank), labels[seat]]
            if view.get("teams"):
                row.append(f"T{cls._team(view, seat) + 1}")
            row.append(str(len(view["damage"][seat])))
            if view.get("advanced"):
                row.append(str(outcome.scores[seat]))
            if view.get("teams"):
                row.append(str(side[seat]))
            table.add_row(*row, style="bold green" if seat in outcome.winners else "")
        return table

    @classmethod
    def private_decision(cls, view: dict) -> bool:
        """The Tonfa's discard lists the hand: in hot seat, cover the board first."""
        return (view.get("decision") or {}).get("kind") == "tonfa discard"


def _and(words: list[str]) -> str:
    """``A, B and C``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
