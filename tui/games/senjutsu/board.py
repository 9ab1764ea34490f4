"""The Senjutsu board: the battlefield, the samurai consoles, your hand,
the decision with its options, and the card in question read in full.

Layout (80×24, the smallest terminal, at four players)::

    ┌ field 29×13 ───────────┐ ┌ consoles, one line a samurai (advantage order)
    │ Round 3     ·     at 7 │ │ hand in one line
    │ …hexes, samurai M↑ …   │ │ the question
    │                        │ │ the options, numbered, in two or three columns
    └────────────────────────┘ └
    ┌ the card: its grid (the samurai facing as it faces now) │ its words ┐

Everything drawn comes from ``state.view(seat)``; the moves the keys make
are the seat's legal actions, numbered 1-9 and 0 (the arrows and enter
reach any); an option on the field (a start hex, a step, a target) shows
its key on its hex, and a click on the hex chooses it.  ``c`` reads the
cards of your hand one by one in the card panel; ``d`` shows the details
(each samurai's kamae tree and face-up discards) in its place on a small
terminal (a roomy one shows them under each console).
"""
from __future__ import annotations

from rich.cells import cell_len
from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.widgets import Static

from ninja_dojo.engine import Action, Outcome
from ninja_dojo.engine import senjutsu as sj
from ninja_dojo.tui.widgets.board import Frame, RoundRecord, plural
from ninja_dojo.tui.games.senjutsu.hex_field import HexField
from ninja_dojo.tui.widgets.option_board import OptionBoard
from ninja_dojo.tui.games.senjutsu.card import CardPanel
from ninja_dojo.tui.games.senjutsu.consoles import Consoles, details_line
from ninja_dojo.tui.games.senjutsu.field import SenjutsuField, field_marks
from ninja_dojo.tui.widgets.option_line import OptionLine
from ninja_dojo.tui.games.senjutsu.story import tell
from ninja_dojo.tui.games.senjutsu.words import (action_words, fit, hand_entries, hand_lines, option_label,
                                                played_text, samurai_word, samurai_words, seat_text,
                                                step_words)

#: option keys: 1..9, then 0 for the tenth; the cursor reaches the rest
OPTION_KEYS = [str(n) for n in range(1, 10)] + ["0"]
#: the most options shown at once (three columns of seven); more scroll with the cursor
OPTIONS_MAX = 21
FIELD_WIDTH = 29
FIELD_ROWS = 13
#: the widest prompt: the status line of an 80-column terminal
PROMPT_WIDTH = 78


class SenjutsuBoard(OptionBoard):
    GAME = "senjutsu"
    SCORE_WORD = "health"
    SCORE_START = 5
    MIN_SIZE = (80, 24)
    COMPACT_BELOW = (110, 36)
    LEGEND = """\
- **The field**: 37 hexes, north up.  Each samurai is its letter (**M** the
  Master, **S** the Student, **R** the Ronin, **V** the Vengeful) in its seat's
  colour, with an arrow for the way it faces: **M↗** faces north-east.
  **▲▲▲** is terrain.  While the cards resolve, **red** hexes are the ones the
  last attack covered and **blue** ones a block protects now.  At a decision
  the hexes you may enter (a start hex, a step) show their key, **[1]**, and a
  samurai you may target shows it before its letter, **2R↓**; a click on a
  hex chooses it.  At a rotation your samurai shows, reversed, the way the
  option under the cursor would turn it.  Top left: the round; top right: the initiative resolving.
- **Consoles**, in advantage order (the top of the track first): letter and
  player; health **♥** left, **✕** a wound, **◆** a bleeding wound (5 in all);
  **s2** two stun cards in hand; the kamae (**G** Gateway, **A** Aggression,
  **B** Balance, **D** Determination, **L** Lotus); cards in hand / deck /
  discard pile; **⛨** Heavy Armour; the card played this round and its
  initiatives (**6▸1✓**: its first part resolved at 6, the second at 1 to
  come; **9-2?** not fixed yet; struck through: cancelled).  A roomy terminal
  adds a line under each: the kamae, its tree (**–** both ways, **→** one
  way) and the face-up discards (**d** shows them on a small one).
- **Hand**: each card as its initiative and name, coloured by type (**red**
  attack, **blue** defence, **green** meditation, **magenta** the core).
- **The card panel** reads the card in question in full: the option under
  the cursor, the card resolving (the action now underlined), or with **c**
  each card of your hand in turn.  Its grid is drawn around your samurai
  (**◉**) as it faces now: **red** hexes its attack (the wounds: **2**, **B** a
  bleeding wound, **B+1**, **0** a hit without a wound), **blue ▣** its block.
- **Keys**: **1-9**, **0** an option; **←/→/↑/↓** move the cursor, **enter**
  chooses it; **c** read your cards; **d** details (kamae trees and face-up
  discards) on a small terminal.
"""

    BINDINGS = [
        *[Binding(key, f"pick('{key}')", f"Choice {key}", show=False, id=f"sj.pick-{key}")
          for key in OPTION_KEYS],
        Binding("left", "cursor(-1)", "Previous option", show=False, id="sj.left"),
        Binding("right", "cursor(1)", "Next option", show=False, id="sj.right"),
        Binding("up", "cursor(-2)", "The option above", show=False, id="sj.up"),
        Binding("down", "cursor(2)", "The option below", show=False, id="sj.down"),
        Binding("enter", "confirm", "Choose", id="sj.confirm"),
        Binding("c", "read", "Cards", id="sj.read"),
        Binding("d", "details", "Details", id="sj.details"),
    ]

    def __init__(self, names: list[str], labels: list[str] | None = None, **kw) -> None:
        super().__init__(names, labels, **kw)
        self.cursor = 0
        self.details = False
        #: the hand card the card panel reads (``c``), None: the card in question
        self.reading: int | None = None
        self._entries: list[tuple[str | None, Action, dict]] = []
        self._last_decision: tuple | None = None
        self._columns = 2
        self._first_shown = 0
        self._hand: list[Text] = []
        #: the cards the hand line shows (what the tests compare with the view)
        self.hand_shown: list[str] = []

    def compose(self) -> ComposeResult:
        with Horizontal(id="sj-top"):
            yield SenjutsuField(id="sj-field")
            with Vertical(id="sj-side"):
                yield Consoles(id="sj-consoles")
                yield Static(id="sj-hand")
                yield Static(id="sj-question")
                with Container(id="sj-options"):
                    for i in range(OPTIONS_MAX):
                        yield OptionLine(i, prefix="sj-")
        yield CardPanel(id="sj-card")
        yield Static(id="sj-details")

    # ---------------------------------------------------------- decisions
    def entries(self) -> list[tuple[str | None, Action, dict]]:
        return self._entries

    def _build_entries(self) -> list[tuple[str | None, Action, dict]]:
        if not self.awaiting or self.view is None:
            return []
        by_id = {o["action"]: o for o in (self.view.get("decision") or {}).get("options") or []}
        return [(OPTION_KEYS[i] if i < len(OPTION_KEYS) else None, a, by_id.get(a.id, {"name": a.name}))
                for i, a in enumerate(self.legal)]

    def options(self) -> list[tuple[str, Action | None]]:
        return [(o["name"], a) for _, a, o in self._entries]

    def _refresh_entries(self) -> None:
        self._entries = self._build_entries()
        v = self.view or {}
        key = (self.actor, v.get("round"), v.get("phase"), (v.get("decision") or {}).get("kind"),
               tuple(a.id for a in self.legal))
        if key != self._last_decision:
            self._last_decision = key
            self.cursor = 0
            self.reading = None
        if self._entries and not 0 <= self.cursor < len(self._entries):
            self.cursor = 0

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            key = parameters[0] if parameters else ""
            return True if any(k == key for k, _, _ in self._entries) else None
        if action in ("cursor", "confirm"):
            return True if self.awaiting else None
        if action == "read":
            return True if self.view is not None and hand_entries(self.view) else None
        if action == "details":
            return True if self.view is not None and self.compact else None
        return True

    def action_pick(self, key, click: bool = False) -> None:
        key = str(key)
        for i, (k, a, _) in enumerate(self._entries):
            if k == key:
                self._select(i, click)
                return

    def _select(self, index: int, click: bool = False) -> None:
        again = click and self.cursor == index
        self.cursor = index
        self.reading = None
        self.render_view()
        self._selection_moved()
        self.propose(self._entries[index][1], again=again)

    def action_cursor(self, delta: int) -> None:
        n = len(self._entries)
        if not n:
            return
        if abs(delta) > 1:            # ↑/↓: a row of the options' grid
            step = self._columns
            self.cursor = max(0, min(n - 1, self.cursor + (step if delta > 0 else -step)))
        else:
            self.cursor = (self.cursor + delta) % n
        self.reading = None
        self.render_view()
        self._selection_moved()

    def action_confirm(self) -> None:
        if 0 <= self.cursor < len(self._entries):
            self.choose(self._entries[self.cursor][1])

    def action_read(self) -> None:
        n = len(hand_entries(self.view)) if self.view else 0
        if not n:
            return
        self.reading = 0 if self.reading is None else (self.reading + 1) % (n + 1)
        if self.reading == n:
            self.reading = None     # back to the card in question
        self.details = False
        self.render_view()

    def action_details(self) -> None:
        self.details = not self.details
        self.render_view()

    def selected_action(self) -> Action | None:
        if 0 <= self.cursor < len(self._entries):
            return self._entries[self.cursor][1]
        return None

    def reselect(self, action: Action) -> None:
        self._refresh_entries()
        for i, (_, a, _) in enumerate(self._entries):
            if a.id == action.id:
                self.cursor = i
        self.render_view()

    def key_for(self, action_id: int) -> str | None:
        entries = self._entries or self._build_entries()
        for k, a, _ in entries:
            if a.id == action_id:
                return k
        return None

    def action_text(self, action: Action) -> str:
        """A move in the players' words (the option's label when it is one
        of the decision on the board)."""
        if self.awaiting and self.view is not None:
            for _, a, o in self._entries:
                if a.id == action.id:
                    return option_label(self.view, o, a, self.names, 40).plain
        return action_words(action)

    def prompt(self) -> str:
        if not self.awaiting or self.view is None:
            return ""
        n = len(self._entries)
        keys = "1" if n == 1 else f"1-{min(n, 10) % 10}" if n <= 10 else "1-0, ←→"
        tail = f" · {keys}{self.enter_plays()}"
        if self.one_key is False and not self.enter_plays():
            tail += " · enter"
        return fit(self.question_text(), PROMPT_WIDTH - cell_len(tail)) + tail

    def question_text(self) -> str:
        d = (self.view or {}).get("decision") or {}
        text = d.get("text") or ""
        if d.get("kind") == "select":
            text = "choose your card in secret"
        elif d.get("seat") is not None and d["seat"] == self.viewer and d.get("ask"):
            text = d["ask"]            # (it is your decision: no name)
        if d.get("kind") == "step" and d.get("steps_left"):
            text += f": {plural(d['steps_left'], 'step')} left" + (" (or stop)" if d.get("optional") else "")
        return text[:1].upper() + text[1:]

    def on_key(self, event) -> None:
        """A number that chooses nothing now says so instead of staying silent."""
        if self.awaiting and event.key in OPTION_KEYS and self.check_action("pick", (event.key,)) is None:
            self.notify(f"No option {event.key} now. {self.prompt()}", severity="warning", timeout=4)

    # ----------------------------------------------------------- clicks
    def on_option_line_clicked(self, event: OptionLine.Clicked) -> None:
        event.stop()
        index = self._first_shown + event.place
        if self.awaiting and index < len(self._entries):
            self._select(index, click=True)

    def on_hex_field_clicked(self, event: HexField.Clicked) -> None:
        event.stop()
        for i, (_, _, o) in enumerate(self._entries):
            if o.get("hex") is not None and tuple(o["hex"]) == event.hex:
                self._select(i, click=True)
                return

    # ----------------------------------------------------------- drawing
    def _put(self, widget: Static, renderable) -> None:
        """Update ``widget`` only when what it shows changes (a board of many
        small steps redraws often: an unchanged widget costs no layout)."""
        key = renderable.plain if isinstance(renderable, Text) else None
        spans = renderable.spans if isinstance(renderable, Text) else None
        if key is not None and getattr(widget, "_sj_shown", None) == (key, spans):
            return
        widget._sj_shown = (key, spans) if key is not None else None
        widget.update(renderable)

    @property
    def viewer(self) -> int:
        v = self.view or {}
        return v.get("seat", -1) if v.get("seat") is not None else -1

    def _field_keys(self) -> tuple[dict, tuple | None]:
        keys, cursor = {}, None
        for i, (k, _, o) in enumerate(self._entries):
            if o.get("hex") is not None and k is not None:
                keys[tuple(o["hex"])] = k
                if i == self.cursor:
                    cursor = tuple(o["hex"])
        return keys, cursor

    def side_width(self) -> int:
        width = self.content_region.width or 78
        return max(30, width - FIELD_WIDTH - 1)

    def render_view(self) -> None:
        if self.view is None or not self.is_mounted:
            return
        v = self.view
        self._refresh_entries()
        roomy = not self.compact
        side = self.side_width()
        focus = self.focus_info
        keys, cursor = self._field_keys()
        step = v.get("step")
        right = f"at {step}" if step is not None and v["phase"] == "activation" and (
            step or v.get("segment")) else ""
        if v["phase"] == "over":
            right = "game over"
        left = f"Round {v['round']}" if v.get("round") else "Setup"
        preview = None
        if self.awaiting and 0 <= self.cursor < len(self._entries):
            option = self._entries[self.cursor][2]
            if "facing" in option and self.actor is not None:
                preview = (self.actor, option["facing"])      # a rotation: the way it would face
        self.query_one(SenjutsuField).show_field(field_marks(v, focus, keys, cursor, preview), left, right)
        self.query_one(Consoles).show_consoles(v, self.names, side, roomy=roomy, marks=self.marks,
                                               focus=focus)
        mine = self.viewer >= 0
        hand = self.query_one("#sj-hand", Static)
        hand.display = mine
        self._hand = hand_lines(v, side, 10 if self.compact else 20) if mine else []
        self.hand_shown = [c["id"] for c in v.get("hand") or [] for _ in range(c["count"])]
        if mine:
            self._put(hand, Text("\n").join(self._hand))
        self._draw_question(side)
        self._draw_options(side)
        self._draw_card()
        self._draw_details(side + FIELD_WIDTH + 1)

    def _draw_question(self, width: int) -> None:
        q = self.query_one("#sj-question", Static)
        if self.awaiting:
            text = Text(fit(self.question_text(), width), style="bold")
        else:
            d = self.view.get("decision") or {}
            words = self.caption or d.get("text") or ""
            text = Text(fit(words[:1].upper() + words[1:], width), style="italic")
        self._put(q, text)

    def _option_rows(self) -> int:
        """How many rows the options may take under the consoles."""
        players = len(self.view["samurai"])
        consoles = players * (1 if self.compact else 2)
        hand = len(self._hand)
        return max(3, FIELD_ROWS - consoles - hand - 1)

    def _draw_options(self, width: int) -> None:
        box = self.query_one("#sj-options", Container)
        lines = list(self.query(OptionLine))
        n = len(self._entries)
        rows = self._option_rows()
        cols = 1 if n <= rows and not self.compact else 2 if n <= 2 * rows else 3
        cols = min(cols, 3)
        self._columns = cols
        per_page = min(OPTIONS_MAX, rows * cols)
        first = 0
        if n > per_page:              # a long list: the page with the cursor
            first = min(max(0, self.cursor - per_page + cols), n - per_page)
            first -= first % cols
        self._first_shown = first
        if box.styles.grid_size_columns != cols:
            box.styles.grid_size_columns = cols
        if box.display != (n > 0):
            box.display = n > 0
        cell = max(8, width // cols - 1)
        for i, line in enumerate(lines):
            index = first + i
            if i < per_page and index < n:
                key, action, option = self._entries[index]
                label = Text(f"{key or '·'} ", style="bold")
                label.append_text(option_label(self.view, option, action, self.names, cell - 2))
                label.truncate(cell, overflow="ellipsis")
                self._put(line, label)
                if not line.display:
                    line.display = True
                cursor = index == self.cursor and n > 1
                if line.has_class("-cursor") != cursor:
                    line.set_class(cursor, "-cursor")
            elif line.display:
                line.display = False

    def _card_in_question(self) -> tuple[dict | None, int, str, str]:
        """The card the panel reads, the facing to draw its grid at, the
        action resolving in it, and a note."""
        v = self.view
        me = v["samurai"][self.viewer] if self.viewer >= 0 else None
        facing = me["facing"] if me and me["hex"] is not None else 0
        focus = self.focus_info
        if focus and not self.awaiting:            # a frame of the story
            seat = focus.get("seat")
            if not focus.get("card"):
                return None, facing, "", ""
            f = v["samurai"][seat]["facing"] if seat is not None else 0
            who = samurai_word(v, seat) if seat is not None else ""
            return sj.card_info(focus["card"]), f, "", f"played by {who}" if who else ""
        entries = hand_entries(v)
        if self.reading is not None and self.reading < len(entries):
            cid, info, n = entries[self.reading]
            note = f"your hand: card {self.reading + 1} of {len(entries)} · c: the next"
            if info is None:
                return None, facing, "", "a stun card: no actions; playing it returns it to the supply"
            return info, facing, "", note
        if self.awaiting and 0 <= self.cursor < len(self._entries):
            option = self._entries[self.cursor][2]
            if option.get("card"):
                return sj.card_info(option["card"]), facing, "", "the option under the cursor"
        d = v.get("decision") or {}
        if d.get("card") and v["phase"] == "activation":
            seat = d.get("seat")
            f = v["samurai"][seat]["facing"] if seat is not None else facing
            return sj.card_info(d["card"]), f, d.get("action_words", ""), "resolving now"
        seg = v.get("segment")
        if seg and seg.get("card"):
            f = v["samurai"][seg["seat"]]["facing"]
            return sj.card_info(seg["card"]), f, "", f"resolving: {samurai_word(v, seg['seat'])}'s card"
        if me and me.get("selected") and me["selected"] != "stun":
            return sj.card_info(me.get("replacement") or me["selected"]), facing, "", "your card this round"
        return None, facing, "", ""

    def _draw_card(self) -> None:
        panel = self.query_one(CardPanel)
        panel.display = not (self.compact and self.details)
        info, facing, doing, note = self._card_in_question()
        empty = "c: read the cards of your hand" if self.viewer >= 0 and hand_entries(self.view) else ""
        panel.show_card(info, facing, doing=doing, note=note, empty=empty)

    def _draw_details(self, width: int) -> None:
        box = self.query_one("#sj-details", Static)
        show = self.details and self.compact      # (roomy, the consoles have a line for it)
        box.display = show
        if not show:
            return
        v = self.view
        lines = [Text("Cards played, kamae trees and discards (d closes)", style="bold")]
        for seat in v["advantage"]:
            line = seat_text(v, seat, f"{samurai_word(v, seat)} ({self.names[seat]})")
            # the card it plays, its name whole (the console cuts it at 80 columns)
            played = played_text(v, v["samurai"][seat], name_width=0)
            if played.plain:
                line.append(" plays ")
                line.append_text(played)
            lines.append(line)
            lines.append(details_line(v, seat, width))
        terrain = v["board"]["layout"]
        if terrain != "none":
            lines.append(Text(f"terrain {terrain}", style="dim"))
        self._put(box, Text("\n").join(lines))

    def essentials(self) -> list:
        """The field, the consoles, the hand, the question, the options on
        screen and the card panel."""
        out = [self.query_one(SenjutsuField), self.query_one(Consoles), self.query_one("#sj-question")]
        if self.viewer >= 0:
            out.append(self.query_one("#sj-hand"))
        out += [line for line in self.query(OptionLine) if line.display]
        card = self.query_one(CardPanel)
        if card.display:
            out.append(card)
        return out

    # ----------------------------------------------------------- the story
    @classmethod
    def story(cls, before: dict, after: dict, steps: list[dict], names: list[str],
              moves: dict[int, Action]) -> list[Frame]:
        return tell(before, after, steps, names, moves)

    #: the steps a round's recap keeps: what was played, what struck, who fell
    RECAP_STEPS = ("reveal", "replacement", "additional", "play foe's card", "attack", "counter",
                   "collision", "cancel", "armour", "bleeding", "defeat", "game over")

    def recap(self, record: RoundRecord) -> Group:
        """The round in brief: the cards played, every attack with whom it
        hit or who blocked it, wounds, stuns, falls; then the health table."""
        parts: list = []
        stuns: dict[int, int] = {}
        samurai = samurai_words(record.end)
        for step in record.steps:
            kind = step["kind"]
            if kind == "stun" and step.get("seat") is not None:
                stuns[step["seat"]] = stuns.get(step["seat"], 0) + 1
            if kind == "wound":
                parts.append(Text("  " + step_words(step, samurai), style="red"))
            elif kind in self.RECAP_STEPS:
                style = "bold" if kind in ("reveal", "defeat", "game over") else ""
                parts.append(Text(step_words(step, samurai), style=style))
        if stuns:
            v = record.end
            parts.append(Text("Stun cards taken: " + ", ".join(
                f"{samurai_word(v, p)} {n}" for p, n in sorted(stuns.items())), style="magenta"))
        parts.append(Text(""))
        parts.append(self.score_change_table(record))
        return Group(*parts)

    def seat_name(self, seat: int, view: dict) -> str:
        """``the Ronin (You)``: the samurai, as the recap's lines name it,
        and who plays it."""
        return f"{samurai_word(view, seat)} ({self.names[seat]})"

    @classmethod
    def round_key(cls, view: dict):
        return view.get("round") or None

    @classmethod
    def round_title(cls, view: dict) -> str:
        return f"Round {view.get('round')}"

    @classmethod
    def progress(cls, view: dict, moves: int) -> str:
        if not view.get("round"):
            return "setup"
        return f"round {view['round']}"

    @classmethod
    def opening(cls, view: dict, names: list[str]) -> str:
        who = ", ".join(f"{names[c['seat']]} ({c['name'].replace('The ', 'the ')})" for c in view["samurai"])
        terrain = view["board"]["layout"]
        return f"Senjutsu for {len(names)}: {who}" + (f"; terrain {terrain}" if terrain != "none" else "")

    @classmethod
    def private_decision(cls, view: dict) -> bool:
        """Every decision but a start hex shows the deciding seat's hand."""
        return (view.get("decision") or {}).get("kind") not in ("place", "none", None)

    @classmethod
    def result_line(cls, outcome: Outcome, names: list[str], view: dict) -> str | None:
        who = [names[w] for w in outcome.winners]
        if len(who) == 1:
            samurai = view["samurai"][outcome.winners[0]]["name"].replace("The ", "the ")
            verb = "stand" if who[0] == "You" else "stands"
            return f"{who[0]} ({samurai}) {verb} last: victory!"
        if who:
            return f"A draw: {' and '.join(who)} share it."
        return "A draw: nobody stands."

    @classmethod
    def result_table(cls, outcome: Outcome, view: dict, labels: list[str]) -> Table:
        """Who stood last, then the others by health left: each samurai's
        wounds, bleeding wounds and stun cards at the end."""
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        for name, justify in (("#", "right"), ("Player", "left"), ("Samurai", "left"),
                              ("Health", "right"), ("✕ wounds", "right"), ("◆ bleeding", "right"),
                              ("stuns", "right")):
            table.add_column(name, justify=justify, no_wrap=True)
        order = sorted(range(len(labels)), key=lambda s: (s not in outcome.winners, -outcome.scores[s], s))
        for rank, seat in enumerate(order, 1):
            c = view["samurai"][seat]
            table.add_row(str(rank), labels[seat], c["name"].replace("The ", ""),
                          f"{outcome.scores[seat]}/{c['health']}", str(c["wounds"]), str(c["bleeding"]),
                          str(c["stuns"]), style="bold green" if seat in outcome.winners else "")
        return table

    @classmethod
    def scores_line(cls, outcome: Outcome, names: list[str], view: dict) -> str | None:
        return "Health left: " + ", ".join(f"{names[s]} {outcome.scores[s]}" for s in range(len(names))) + "."
