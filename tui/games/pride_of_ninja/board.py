"""The Pride of Ninja board: every player's PP on the way to the goal, their
front rows and how many cards they hold face down, your hand, the row your
pick goes to, and what the highlighted card does.

Everything drawn comes from ``state.view(seat)``; the moves the keys make
come from ``state.legal_actions(seat)``, each described by the engine as data
(kind ``place``; ``args`` its card and row), so the board knows no rule of
the game and parses no name.  A pick is two keys: a card (1-7, or ←/→), then
its row (f / b, or ↑/↓ and enter); a row that is full is not offered.

What a card does is read from the rules as written for the players
(``cards.py``); how picks and steps read is ``words.py``'s.

The resolution is told from the engine's ``steps()``: the reveal, then one
frame per initiative with what every card gave and who was Slain, then the
scoring.  Those frames carry a ``resolution`` entry the board draws (the
rows turned face up, the TP so far, the Slain markers).
"""
from __future__ import annotations

import copy
from collections import Counter

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from ninja_dojo.engine import Action, Outcome
from ninja_dojo.tui.games.pride_of_ninja.cards import (BAR, FIRST_CARD, ROWS, ability_lines, card_style, pp_bar,
                                                       row_text, slug)
from ninja_dojo.tui.games.pride_of_ninja.words import (SLAY_REASON, action_words, picks_line, placed, plural,
                                                       signed, step_words)
from ninja_dojo.tui.widgets.board import Board, Frame, RoundRecord
from ninja_dojo.tui.widgets.card_chip import CardChip
from ninja_dojo.tui.widgets.hand import Hand
from ninja_dojo.tui.widgets.place import Place

#: a hand holds at most 7 cards (6 with five players)
HAND_MAX = 7
#: f and b share one place in the footer
ROW_KEYS = Binding.Group("Row")


# ----------------------------------------------------------------- widgets
class RowChip(Place):
    """The front row or the back row as a place for the pick; a click places it."""

    class Clicked(Place.Clicked):
        """A row was clicked (``place``: ``"front"`` or ``"back"``)."""

    def __init__(self, row: str) -> None:
        super().__init__(row, classes="pon-row", id=f"pon-row-{row}")

    @property
    def row(self) -> str:
        return self.place


# ------------------------------------------------------------------- board
class PrideOfNinjaBoard(Board):
    GAME = "pride_of_ninja"
    SCORE_WORD = "PP"
    LEGEND = """\
- The deck, the players, the goal; **Round 2, pick 3 of 7**; **Last:** the
  last thing that happened.
- **Players**: ▶ marks who picks, ✓ who has picked; **PP** their Pride Points
  with a bar to the goal; **Front row** and **Back row** with their sizes
  (your own face-down cards in italics; others' show as *face down*).  In the
  resolution, **TP** and **Slain**, and the cards acting now highlighted.
- **Your hand**: each card with its key and initiative; the card's ability
  is written under the rows, the row it would go to in bold.
- **[f] Front row / [b] Back row**: where the pick goes, with the places left.
"""

    BINDINGS = [
        *[Binding(str(n), f"card({n})", f"Card {n}", show=False, id=f"pon.card-{n}")
          for n in range(1, HAND_MAX + 1)],
        Binding("left", "cursor(-1)", "Previous card", show=False, id="pon.cursor-left"),
        Binding("right", "cursor(1)", "Next card", show=False, id="pon.cursor-right"),
        Binding("up", "toggle('front')", "Front row", show=False, id="pon.row-up"),
        Binding("down", "toggle('back')", "Back row", show=False, id="pon.row-down"),
        Binding("f", "place('front')", "Front row", group=ROW_KEYS, id="pon.front"),
        Binding("b", "place('back')", "Face down", group=ROW_KEYS, id="pon.back"),
        Binding("enter", "confirm", "Place", id="pon.confirm"),
    ]

    def __init__(self, names: list[str], labels: list[str] | None = None, **kw) -> None:
        super().__init__(names, labels, **kw)
        self.cursor = 0
        #: the row the pick goes to with enter (↑/↓ choose it)
        self.row = "front"
        self._last_decision: tuple | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="pon-head")
        yield Static(id="pon-players")
        yield Static(id="pon-extra")
        yield Static(id="pon-hand-title")
        yield Hand(HAND_MAX, id="pon-hand", base="pon-chip", prefix="pon-", cell=21)
        with Horizontal(id="pon-rows"):
            for row in ROWS:
                yield RowChip(row)
        yield Static(id="pon-details")

    # ------------------------------------------------------ choices & keys
    def hand(self) -> list[str]:
        v = self.view
        if v is None or not 0 <= v["seat"] < v["players"] or "resolution" in v:
            return []
        return list(v["hand"])

    def options(self) -> list[tuple[str, dict[str, Action]]]:
        """The hand's cards, each with its legal placings by row."""
        if not self.awaiting:
            return []
        by_card: dict[str, dict[str, Action]] = {}
        for a in self.legal:
            card, row = placed(a)
            by_card.setdefault(card, {})[row] = a
        return [(c, by_card.get(c, {})) for c in self.hand()]

    def legal_rows(self) -> list[str]:
        """The rows with a free place (the same for every card of the hand)."""
        rows = {placed(a)[1] for a in self.legal}
        return [r for r in ROWS if r in rows]

    def selected(self) -> tuple[str, dict[str, Action]] | None:
        opts = self.options()
        return opts[self.cursor] if 0 <= self.cursor < len(opts) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "card":
            n = parameters[0] if parameters else 0
            opts = self.options()
            return True if isinstance(n, int) and 1 <= n <= len(opts) and opts[n - 1][1] else None
        if action in ("place", "toggle"):
            sel = self.selected()
            return True if sel and parameters and parameters[0] in sel[1] else None
        if action in ("cursor", "confirm"):
            return True if self.awaiting else None
        return True

    def action_card(self, n: int) -> None:
        opts = self.options()
        if 1 <= n <= len(opts):
            self.cursor = n - 1
            self.render_view()
            self._refresh_keys()
            self._selection_moved()

    def action_cursor(self, delta: int) -> None:
        opts = self.options()
        if opts:
            self.cursor = (self.cursor + delta) % len(opts)
            self.render_view()
            self._selection_moved()

    def action_toggle(self, row: str) -> None:
        if row in self.legal_rows():
            self.row = row
            self.render_view()
            self._selection_moved()

    def action_place(self, row: str, click: bool = False) -> None:
        """The row for the card: with one key (or a second click) it is
        placed at once, else it is selected and enter places it."""
        sel = self.selected()
        if sel and row in sel[1]:
            again = click and row == self.row
            self.row = row
            if not self.one_key:
                self.render_view()
            self.propose(sel[1][row], again=again)

    def action_confirm(self) -> None:
        sel = self.selected()
        if sel and self.row in sel[1]:
            self.choose(sel[1][self.row])

    def selected_action(self) -> Action | None:
        sel = self.selected()
        return sel[1].get(self.row) if sel else None

    def reselect(self, action: Action) -> None:
        card, row = placed(action)
        hand = self.hand()
        if card in hand:
            self.cursor = hand.index(card)
        if row in self.legal_rows():
            self.row = row
        self.render_view()

    def _selection_moved(self) -> None:
        action = self.selected_action()
        if action is not None and self.awaiting:
            self.post_message(self.Selected(self, self.actor, action))

    def on_key(self, event) -> None:
        """A key that cannot act now says why instead of staying silent."""
        if not self.awaiting:
            return
        if event.key.isdigit() and event.key != "0":
            n = int(event.key)
            if self.check_action("card", (n,)) is None:
                self.notify(f"No card {n} in your hand. {self.prompt()}", severity="warning",
                            timeout=4)
        elif event.key in ("f", "b", "up", "down"):
            row = "front" if event.key in ("f", "up") else "back"
            if row not in self.legal_rows():
                limit = (self.view or {}).get("row_limits", {}).get(row, "")
                other = "back row (b)" if row == "front" else "front row (f)"
                self.notify(f"Your {row} row is full ({limit} cards): this pick goes to the {other}.",
                            severity="warning", timeout=4)

    def essentials(self) -> list:
        rows = list(self.query(RowChip)) if self.query_one("#pon-rows").display else []
        return [self.query_one("#pon-players"), *super().essentials(), *rows]

    def action_text(self, action: Action) -> str:
        """Short, so the hint's columns fit: ``Kabuki · front row``,
        ``Miko · face down``."""
        return action_words(action)

    def key_for(self, action_id: int) -> str | None:
        for i, (_, rows) in enumerate(self.options()):
            for row, a in rows.items():
                if a.id == action_id:
                    return f"{i + 1} {row[0]}"
        return None

    def on_card_chip_clicked(self, event: CardChip.Clicked) -> None:
        event.stop()
        if self.awaiting:
            again = event.index == self.cursor
            self.action_card(event.index + 1)
            if again and not self.one_key:
                self.action_confirm()

    def on_row_chip_clicked(self, event: RowChip.Clicked) -> None:
        event.stop()
        if self.awaiting:
            self.action_place(event.place, click=True)

    def keys_state(self) -> tuple:
        sel = self.selected()
        return (self.awaiting, tuple(sel[1]) if sel else ())

    def _refresh_keys(self) -> None:
        # The row keys depend on the card chosen: let the screen redraw the footer.
        screen = self.screen
        update = getattr(screen, "update_keys", None)
        if update is not None:
            update()

    def _place_cursor(self) -> None:
        """A new decision starts on the first card and the front row (or the
        only row with room); the cursor stays on a card of the hand."""
        v = self.view or {}
        key = (self.actor, v.get("round"), v.get("pick"), tuple(self.hand()))
        n = len(self.options())
        if key != self._last_decision:
            self._last_decision = key
            self.cursor = 0
            rows = self.legal_rows()
            self.row = rows[0] if rows else "front"
        if n and not 0 <= self.cursor < n:
            self.cursor = 0
        rows = self.legal_rows()
        if rows and self.row not in rows:
            self.row = rows[0]

    def prompt(self) -> str:
        if not self.awaiting or self.view is None:
            return ""
        who = self.names[self.actor]
        rows = self.legal_rows()
        n = len(self.options())
        card = f"choose a card (1-{n} or ←/→)"
        if not self.one_key:
            full = {("front",): "; back row is full",
                    ("back",): "; front row is full"}.get(tuple(rows), "")
            row = ", row f/b (↑/↓)" if len(rows) > 1 else full
            return f"{who}: card 1-{n} (←/→){row}{self.enter_plays()}"
        card = f"card 1-{n} (←/→)"
        if rows == ["front"]:
            return f"{who}: {card}, then f for the front row: your back row is full"
        if rows == ["back"]:
            return f"{who}: {card}, then b, face down: your front row is full"
        return f"{who}: {card}, then f front row or b face down (or ↑/↓ and enter)"

    # ------------------------------------------------------------ drawing
    def render_view(self) -> None:
        v = self.view
        if v is None or not self.is_mounted:
            return
        self._place_cursor()
        res = v.get("resolution")
        over = v["phase"] == "over"
        initiative = {c["name"]: c["initiative"] for c in v["cards"]}

        # head: the deck, the round, the pick, the goal
        head = Text()
        deck = v["deck"].capitalize()
        head.append(f"{deck} deck", style="bold")
        sep = " · " if self.compact else "  ·  "
        head.append(f"{sep}{v['players']} players{sep}first to {v['goal']} PP")
        if over:
            head.append("  ·  Game over", style="bold")
        elif res is not None:
            head.append(f"  ·  Round {res['round']}: resolution", style="bold")
        else:
            head.append(f"  ·  Round {v['round']}, pick {v['pick'] + 1} of {v['hand_size']}",
                        style="bold")
        if self.caption:
            head.append("\n")
            head.append(self.caption, style="bold italic")
        self.query_one("#pon-head", Static).update(head)

        self.query_one("#pon-players", Static).update(self._players_table(v, res, over))
        extra = self._extra_lines(v, res, over)
        box_ = self.query_one("#pon-extra", Static)
        box_.display = bool(extra.plain)
        box_.update(extra)

        # the hand, the rows to choose from, the highlighted card's ability
        hand = self.hand()
        opts = self.options()
        picking = bool(opts)
        title = self.query_one("#pon-hand-title", Static)
        hand_box = self.query_one("#pon-hand", Hand)
        hand_box.display = bool(hand)
        hand_box.set_compact(self.compact)
        title.display = not over
        title.update(self._hand_title(v, res, hand))
        for i, chip in enumerate(hand_box.chips):
            card = hand[i] if i < len(hand) else None
            face = None
            if card is not None:
                init = initiative.get(card)
                face = Text.assemble((f"{card}\n", "bold"),
                                     (f"init {init}" if init is not None else "", "dim"))
            chip.show(card, face, slug(card) if card else "",
                      cursor=picking and i == self.cursor, active=picking)
        rows_box = self.query_one("#pon-rows")
        rows_box.display = picking
        if picking:
            self._draw_rows(v)
        details = self.query_one("#pon-details", Static)
        shown = self._details(v, res, hand, initiative)
        details.display = shown is not None
        if shown is not None:
            details.update(shown)

    def _players_table(self, v: dict, res: dict | None, over: bool) -> Table:
        n = v["players"]
        me = v["seat"]
        red = v["deck"] == "red"
        last = v.get("last_round") if over else None
        # One space between columns: five players' full rows must fit in 116.
        table = Table(box=None, expand=True, pad_edge=False, show_edge=False, padding=(0, 1, 0, 0))
        table.add_column("", width=1, no_wrap=True)
        table.add_column("Player", no_wrap=True, max_width=12 if self.compact else 22)
        table.add_column("PP", no_wrap=True)
        if res is not None or over:
            table.add_column("TP", justify="right", no_wrap=True)
        if red:
            table.add_column("Secrecy", justify="center", no_wrap=True)
        table.add_column(f"Front row ({v['row_limits']['front']})", ratio=4)
        table.add_column(f"Back row ({v['row_limits']['back']})", ratio=3)
        focus_cards = set(res.get("acting", [])) if res else set()
        done_cards = set(res.get("done", [])) if res else set()
        for seat in range(n):
            if res is not None:
                front, back = res["front_rows"][seat], res["back_rows"][seat]
            elif last is not None:
                front, back = last["front_rows"][seat], last["back_rows"][seat]
            else:
                front, back = v["front_rows"][seat], v["back_rows"][seat]
            mark = self.marks.get(seat, "")
            if seat == self.actor:
                arrow = Text("▶", style="bold")
            elif mark.startswith("✓"):
                arrow = Text("✓", style="green")
            elif mark:
                arrow = Text("…", style="yellow")
            else:
                arrow = Text("")
            winner = over and seat in v.get("winners", [])
            label = self.names[seat] if self.compact else self.labels[seat]
            name = Text(label, style="bold" if seat == me or winner else "")
            if winner:
                name.append(" ★", style="bold green")
            pp = v["pp"][seat] if res is None else res["pp"][seat]
            pp_cell = Text(f"{pp:>3} ", style="bold")
            pp_cell.append_text(pp_bar(pp, v["goal"], BAR // 2 if self.compact else BAR))
            cells: list = [arrow, name, pp_cell]
            if res is not None or over:
                tp = res["tp"][seat] if res is not None else last["tp"][seat]
                slain = res["slain"][seat] if res is not None else last["slain"][seat]
                # "+4 → 0 Slain": what this step gave, the TP now, the marker
                delta = res.get("delta", [0] * n)[seat] if res is not None else 0
                cell = Text()
                if delta:
                    cell.append(f"{signed(delta)} → ", style="green" if delta > 0 else "red")
                cell.append(str(tp), style="bold")
                if slain:
                    cell.append(" Slain", style="bold red")
                cells.append(cell)
            if red:
                if res is not None:
                    sec = res["secrecy"][seat] if res.get("secrecy") else None
                elif last is not None:
                    sec = last["secrecy"][seat] if last.get("secrecy") else None
                else:
                    sec = v["secrecy"] if seat == me else None
                cells.append(Text("?" if sec is None else str(sec), style="" if sec is not None else "dim"))
            own = res is None and not over and seat == me
            cells.append(row_text(front, focus=focus_cards, done=done_cards))
            cells.append(row_text(back, focus=focus_cards, done=done_cards, own=own))
            style = "on #333344" if res is not None and seat in res.get("highlight", []) else None
            table.add_row(*cells, style=style)
        return table

    def _extra_lines(self, v: dict, res: dict | None, over: bool) -> Text:
        """The Victim's Cards (3 players) and how the last round ended."""
        out = Text()
        victims = res["victims"] if res is not None else (
            (v.get("last_round") or {}).get("victims", []) if over else v["victims"])
        if victims:
            out.append("Victim's Cards: ", style="bold")
            for i, c in enumerate(victims):
                if i:
                    out.append(", ")
                out.append(c, style=card_style(c))
            if not self.compact:
                out.append("  (out of this round; a Kabuki here counts as one more player for "
                           "Kabuki)", style="dim")
        last = v.get("last_round")
        if last and res is None and not over:
            if out.plain:
                out.append("\n")
            out.append(f"Round {last['round']}: ", style="bold")
            parts = []
            for s in range(v["players"]):
                slain = " Slain," if last["slain"][s] else ""
                parts.append(f"{self.names[s]}{slain} {signed(last['tp'][s])} TP")
            out.append(" · ".join(parts), style="dim")
        return out

    def _hand_title(self, v: dict, res: dict | None, hand: list[str]) -> Text:
        if res is not None:
            t = Text(res["title"], style="bold")
            return t
        seat = v["seat"]
        if not 0 <= seat < v["players"]:
            return Text("Hands are hidden: each pick shows when all have chosen", style="dim")
        whose = "Your hand" if self.names[seat] == "You" else f"{self.names[seat]}'s hand"
        count = f"({plural(len(hand), 'card')})" if hand else "is empty"
        t = Text(f"{whose} {count}", style="bold")
        passed = v.get("passed")
        if passed:
            left = self.names[(seat + 1) % v["players"]]
            t.append(f"   passed on to {left}: ", style="dim")
            t.append(", ".join(passed), style="dim")
        return t

    def _draw_rows(self, v: dict) -> None:
        me = v["seat"]
        limits = v["row_limits"]
        legal = self.legal_rows()
        counts = {"front": len(v["front_rows"][me]), "back": len(v["back_rows"][me])}
        for chip in self.query(RowChip):
            row = chip.row
            free = limits[row] - counts[row]
            key, arrow = ("f", "▲") if row == "front" else ("b", "▼")
            what = "Front row (face up)" if row == "front" else "Back row (face down)"
            if self.compact:
                what = "Front row" if row == "front" else "Back row, face down"
            chosen = row == self.row and row in legal
            t = Text("● " if chosen else "○ ", style="bold" if chosen else "dim")
            t.append(f"[{key}] {arrow} {what}", style="bold" if row in legal else "dim strike")
            if row in legal:
                t.append(f"  {free} left" if self.compact else f"  {plural(free, 'place')} left",
                         style="dim")
            else:
                t.append("  full", style="dim")
            chip.set_class(chosen, "-cursor")
            chip.set_class(row not in legal, "-full")
            chip.update(t)

    def _details(self, v: dict, res: dict | None, hand: list[str],
                 initiative: dict[str, int]) -> Text | None:
        """What the highlighted card does (or, in the resolution, the cards acting)."""
        if res is not None:
            acting = res.get("acting") or []
            if not acting:
                return None
            out = Text()
            for i, card in enumerate(acting):
                if i:
                    out.append("\n")
                out.append_text(ability_lines(card, initiative.get(card)))
            return out
        if not hand:
            return None
        card = hand[self.cursor] if 0 <= self.cursor < len(hand) and self.awaiting else hand[0]
        out = ability_lines(card, initiative.get(card), self.row if self.awaiting else None)
        if v["deck"] == "red" and v.get("secrecy") is not None:
            out.append(f"\nYour Secrecy now: {v['secrecy']}", style="bold")
            out.append("  (back-row initiatives − front-row ones + the Kunoichi bonus; "
                       "a front-row Oni counts 0)", style="dim")
        return out

    # ------------------------------------------------------------ the recap
    def recap(self, record: RoundRecord) -> Group:
        """The rows turned face up, the TP each player made (Slain, and by
        what), the PP it brought."""
        steps = record.steps
        reveal = next((st for st in steps if st.get("kind") == "reveal"), None)
        scoring = next((st for st in steps if st.get("kind") == "scoring"), None)
        if reveal is None or scoring is None:
            return super().recap(record)
        slain_by: dict[int, list[str]] = {}
        for st in steps:
            if st.get("kind") == "initiative":
                for seat in st["slain"]:
                    slain_by.setdefault(seat, []).extend(st["slain_by"][seat])
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, expand=True)
        table.add_column("Player", no_wrap=True)
        table.add_column("Front row", ratio=4)
        table.add_column("Back row (revealed)", ratio=3)
        table.add_column("TP", justify="right", no_wrap=True)
        table.add_column("PP", justify="right", no_wrap=True)
        for seat, name in enumerate(self.names):
            tp = Text(signed(scoring["tp"][seat]), style="bold")
            if seat in scoring["slain"]:
                tp.append(" Slain", style="bold red")
            gain = record.scores_after[seat] - record.scores_before[seat]
            pp = Text.assemble((str(record.scores_after[seat]), "bold"),
                               (f" ({signed(gain)})", "green" if gain > 0 else "dim"))
            table.add_row(name, row_text(reveal["front_rows"][seat]),
                          row_text(reveal["back_rows"][seat]), tp, pp)
        parts: list = [table]
        for seat, cards in sorted(slain_by.items()):
            why = "; ".join(SLAY_REASON.get(c, c) for c in dict.fromkeys(cards))
            was = "were" if self.names[seat] == "You" else "was"
            parts.append(Text(f"{self.names[seat]} {was} Slain by "
                              f"{' and '.join(dict.fromkeys(cards))} ({why}): TP back to 0 then.",
                              style="red"))
        if reveal.get("victims"):
            parts.append(Text(f"Victim's Cards: {', '.join(reveal['victims'])}.", style="dim"))
        return Group(*parts)

    # ------------------------------------------------------------ the story
    @classmethod
    def opening(cls, view: dict, names: list[str]) -> str:
        extra = ""
        if view["players"] == 5:
            extra = f" Everyone starts each round with a {FIRST_CARD[view['deck']]} in the back row."
        if view["players"] == 3:
            extra = " Three cards each round are the Victim's Cards."
        return (f"Pride of Ninja for {view['players']}, {view['deck'].capitalize()} deck: "
                f"{', '.join(names)}. {view['hand_size']} cards each round; the first to "
                f"{view['goal']} PP ends the game.{extra}")

    @classmethod
    def story(cls, before: dict, after: dict, steps: list[dict], names: list[str],
              moves: dict[int, Action]) -> list[Frame]:
        """The pick revealed; when it ended the round, the last picks (no
        choice left), the back rows turned over, every initiative, the scoring."""
        viewer = before["seat"]
        n = before["players"]
        hsize = before["hand_size"]
        heading = f"Round {before['round']}" if before["pick"] == 0 else None
        picks = []
        for s, a in sorted(moves.items()):
            card, row = placed(a)
            picks.append((s, card, row))
        label = f"Pick {before['pick'] + 1} of {hsize}"
        line = picks_line(label, picks, viewer, names)
        if not steps:
            frames = [Frame(after, line, pause=1.0, heading=heading)]
            done = after["pick"] - before["pick"] - 1
            if done > 0 and after["phase"] == "draft":
                frames[0].line += f" Then {plural(done, 'pick')} with no choice left."
            return frames

        # The pick that ended the round: shown on the rows as they were.
        v = copy.deepcopy(before)
        for s, card, row in picks:
            key = "front_rows" if row == "front" else "back_rows"
            v[key][s].append(card if row == "front" or s == viewer else None)
        if 0 <= viewer < n:
            # What is left of the hand goes to the left neighbour at once.
            hand = list(v["hand"])
            for s, card, _ in picks:
                if s == viewer and card in hand:
                    hand.remove(card)
            v["hand"], v["passed"] = [], hand
        frames = [Frame(copy.deepcopy(v), line, pause=1.0, heading=heading)]

        reveal = steps[0]
        # The picks played for everyone because nobody had a choice left.
        forced = []
        for s in range(n):
            new_front = Counter(reveal["front_rows"][s]) - Counter(c for c in v["front_rows"][s] if c)
            for card in new_front.elements():
                forced.append((s, card, "front"))
            hidden = len(reveal["back_rows"][s]) - len(v["back_rows"][s])
            if hidden > 0:
                mine = Counter(reveal["back_rows"][s]) - Counter(c for c in v["back_rows"][s] if c)
                cards = list(mine.elements()) if s == viewer else [None] * hidden
                forced += [(s, c, "back") for c in cards[:hidden]]
        if forced:
            v["front_rows"] = [list(r) for r in reveal["front_rows"]]
            for s, c, row in forced:
                if row == "back":
                    v["back_rows"][s].append(c)
            v["hand"] = []
            frames.append(Frame(copy.deepcopy(v),
                                picks_line("Last card (no choice left)", forced, viewer, names),
                                pause=1.0))

        rnd = before["round"]
        res = {
            "round": rnd, "stage": "reveal", "front_rows": reveal["front_rows"],
            "back_rows": reveal["back_rows"], "victims": reveal["victims"],
            "secrecy": reveal.get("secrecy"), "tp": [0] * n, "slain": [False] * n,
            "pp": list(before["pp"]), "acting": [], "done": [], "delta": [0] * n,
            "title": "Resolution: every back row is turned face up; the cards act by initiative",
            "highlight": [],
        }
        v = copy.deepcopy(before)
        v.update(hand=[], passed=None, front_rows=reveal["front_rows"],
                 back_rows=reveal["back_rows"], resolution=copy.deepcopy(res))
        frames.append(Frame(copy.deepcopy(v), step_words(reveal, names), pause=1.5,
                            heading=f"Round {rnd}: resolution"))
        done: list[str] = []
        for st in steps[1:]:
            if st["kind"] == "initiative":
                res.update(stage="initiative", acting=list(st["cards"]), done=list(done),
                           tp=list(st["tp"]),
                           slain=[res["slain"][s] or s in st["slain"] for s in range(n)],
                           delta=[sum(st["gains"][s].values()) if st["gains"][s] else 0
                                  for s in range(n)],
                           pp=[res["pp"][s] + st["pp_gains"][s] for s in range(n)],
                           highlight=[s for s in range(n)
                                      if st["gains"][s] or s in st["slain"] or st["pp_gains"][s]],
                           title=f"Initiative {st['initiative']}: {', '.join(st['cards'])} "
                                 "(highlighted) act for everyone at once")
                done += st["cards"]
                v["resolution"] = copy.deepcopy(res)
                frames.append(Frame(copy.deepcopy(v), step_words(st, names), pause=1.0,
                                    focus={"initiative": st["initiative"]}))
            elif st["kind"] == "scoring":
                res.update(stage="scoring", acting=[], done=list(done), tp=list(st["tp"]),
                           slain=[s in st["slain"] for s in range(n)], delta=[0] * n,
                           pp=list(st["pp"]), highlight=[],
                           title="Scoring: the TP are added to the PP (PP never go below 0)")
                v["resolution"] = copy.deepcopy(res)
                frames.append(Frame(copy.deepcopy(v), step_words(st, names, goal=before["goal"]),
                                    pause=1.5))
        return frames

    # ------------------------------------------------------ end of the game
    @classmethod
    def _tie_break(cls, outcome: Outcome, view: dict) -> str | None:
        """Which tie-break decided the game (``None``: no tie on PP)."""
        pp = list(outcome.scores)
        best = max(pp)
        tied = [s for s, p in enumerate(pp) if p == best]
        if len(tied) < 2:
            return None
        last = view.get("last_round") or {}
        winners = set(outcome.winners)
        if set(tied) == winners:
            return "shared"
        slain = last.get("slain") or []
        if slain and {s for s in tied if not slain[s]} == winners:
            return "slain"
        return "count"

    @classmethod
    def result_line(cls, outcome: Outcome, names: list[str], view: dict) -> str:
        best = max(outcome.scores)
        who = [names[w] for w in outcome.winners]
        first = FIRST_CARD.get(view.get("deck", "blue"), "Ninja")
        why = cls._tie_break(outcome, view)
        if why == "shared":
            return (f"{' and '.join(who)} share the victory with {best} PP each "
                    f"(the tie-breaks could not part them).")
        verb = "win" if who == ["You"] else ("wins" if len(who) == 1 else "share the victory")
        line = f"{' and '.join(who)} {verb} with {best} PP!"
        if why == "slain":
            line += " (Tied on PP: not Slain in the final round.)"
        elif why == "count":
            line += f" (Tied on PP: more {first} in the final round.)"
        return line

    @classmethod
    def scores_line(cls, outcome: Outcome, names: list[str], view: dict) -> str:
        return "PP: " + ", ".join(f"{names[s]} {outcome.scores[s]}" for s in range(len(names))) + "."

    @classmethod
    def result_table(cls, outcome: Outcome, view: dict, labels: list[str]) -> Table:
        """PP, then the tie-breaks: not Slain in the final round, then more
        Ninja (Kunoichi) in the final round."""
        first = FIRST_CARD.get(view.get("deck", "blue"), "Ninja")
        last = view.get("last_round") or {}
        table = Table(title="Final Pride Points", expand=False, title_style="bold",
                      box=box.SIMPLE_HEAD, title_justify="left")
        table.add_column("#", justify="right")
        table.add_column("Player", no_wrap=True)
        table.add_column("PP", justify="right")
        table.add_column("Final round TP", justify="right")
        table.add_column("Slain (final round)", justify="center")
        table.add_column(f"{first} (final round)", justify="right")
        n = len(labels)
        slain = last.get("slain") or [False] * n
        count = [(last.get("front_rows") or [[]] * n)[s].count(first)
                 + (last.get("back_rows") or [[]] * n)[s].count(first) for s in range(n)]
        tps = last.get("tp") or [0] * n
        ranking = sorted(range(n), key=lambda s: (-outcome.scores[s], s not in outcome.winners,
                                                  bool(slain[s]), -count[s], s))
        for rank, seat in enumerate(ranking, 1):
            table.add_row(str(rank), labels[seat], str(outcome.scores[seat]), signed(tps[seat]),
                          "Slain" if slain[seat] else "–", str(count[seat]),
                          style="bold green" if seat in outcome.winners else "")
        return table
