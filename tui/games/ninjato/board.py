"""The Ninjato board: the turn and turn order, the five clan houses, the
players, the spaces (Dojo, Sensei, Palace, Pavilion) and the clan track,
your hand; and in an attack, the attack itself, guard by guard, with the
odds of Banzai.

Everything drawn comes from ``state.view(seat)``; the moves the keys make
are the seat's legal actions, numbered: a decision is a list of options
(a card to draw, a step of a play, Banzai or retreat, a treasure to pay).
Placing a shuriken is keyed by the board itself: a house by its number
(1-5; when both sides are open, then ← Strength or → Stealth, the sides as
they lie on the board), 6 the Dojo, 7 the Sensei, 8 the Palace, 9 the
Pavilion.  A click on a house's side, a space or an option does the same.

On a small terminal (below ``COMPACT_BELOW``) the board keeps to what the
decision needs: in an attack only the attacked house shows, the spaces and
the clan track give way to the attack; ``d`` opens the details (every
player's tiles, Rumors and Envoys, the decks) in the place of the tables.
"""
from __future__ import annotations

from collections import Counter

from rich import box
from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.widgets import Static

from ninja_dojo.engine import Action, Outcome
from ninja_dojo.tui.widgets.board import Frame, RoundRecord, plural, signed
from ninja_dojo.tui.games.ninjato.action import ActionPanel, attack_of
from ninja_dojo.tui.games.ninjato.entry import SIDES, SPACE_KEYS, SPACES, Drawing, Entry, fit, put
from ninja_dojo.tui.games.ninjato import result
from ninja_dojo.tui.games.ninjato.house import HouseRow, houses_header
from ninja_dojo.tui.widgets.option_line import OptionLine
from ninja_dojo.tui.games.ninjato.seats import SeatsTable
from ninja_dojo.tui.games.ninjato.space import SpaceRow
from ninja_dojo.tui.games.ninjato.story import scoring_lines, tell, turn_summary
from ninja_dojo.tui.games.ninjato.words import (CLAN_STYLE, RUMOR_COUNTS, RUMOR_SHORT, action_label,
                                                action_words, clan_text, effect, guard_label, guard_short,
                                                play_words, treasure_words, way_out)
from ninja_dojo.tui.widgets.option_board import OptionBoard

#: the widest prompt: the status line of an 80-column terminal
PROMPT_WIDTH = 78
#: option keys: 1..9, then 0 for the tenth; the cursor reaches the rest
OPTION_KEYS = [str(n) for n in range(1, 10)] + ["0"]
OPTIONS_MAX = 16
#: the key names of the sides (for ``key_for``: what a test or the hint presses)
SIDE_KEYS = {0: "left", 1: "right"}
SCORING_PHASES = {"Hensojutsu", "clan choice", "free Rumor"}
#: kinds of moves whose words on the board tell the moment (the odds, what is
#: on the shuriken): the hint's line of later moves names them plainly
WORDS_OF_THE_MOMENT = {"banzai", "retreat", "declare", "give up"}


class NinjatoBoard(OptionBoard):
    GAME = "ninjato"
    SCORE_WORD = "points"
    ROUND_WORD = "turn"
    MIN_SIZE = (80, 24)
    COMPACT_BELOW = (110, 40)
    LEGEND = """\
- **Placing a shuriken**: **1-5** a house (when both its sides are open, then
  **←** Strength or **→** Stealth, as the sides lie on the board), **6** the
  Dojo, **7** the Sensei, **8** the Palace, **9** the Pavilion; the line under
  the question says what the highlighted place does.  Every other decision
  lists its options with their keys (1-9, 0), and a click on a house's side,
  a space or an option chooses it too.
- **Turn 3/7**, whose shuriken it is and how many each has left (**✦**);
  **Last:** the last thing that happened.  The players are listed in turn
  order, the first on top.
- **Houses**: the clan and its points (its clan token), the **Sentry** (the
  face-up Guard, beaten first), the **treasure** lowest first (the next taken),
  red tokens in [brackets]; **Strength** (a play higher than the Guard wins)
  and **Stealth** (lower wins): who attacks there this turn, or the key that
  places your shuriken there (**[3] ←**: press 3, then ← for that side).
- **Players**: **✦** shuriken left, **Hand** cards held, **Treasure** (F Fan 2,
  S Scroll 3, V Vase 4, J Jade 5, G Gold: any of them), **Tiles** (↓ face
  down: used this turn), **Envoys** by clan (T Taira, M Minamoto, G
  Go-Shirakawa), **El** Elite cards, **Ru** Rumors, **Pts** points so far.
- **[6] Dojo** the face-up cards and the deck; **[7] Sensei** the tiles on
  offer with their cost; **[8] Palace** the Envoys (clan, cost, age: the oldest
  wins a tie; ⛨ a mask, for Hensojutsu); **[9] Pavilion** the Rumors.
  Costs: F+S is a Fan and a Scroll, 2-3× is 2 to 3 treasures of one type.
- **Clans**: each clan's points (its tokens on the houses) in the order of the
  next clan scoring, and who is 1st (and 2nd) by Envoys now.
- **The attack**: the house and side, the card faced, the play and whether it
  wins, the treasure on the shuriken; at **Banzai or retreat** the make-up of
  the deck Banzai draws from (public: the rest are discarded or on houses),
  the values your hand and face-up tiles beat in green, and the odds.
- **d** shows the details: every player's tiles with their effects, Envoys,
  Rumors and Elites, the next turn order, the decks and the bag.
"""

    BINDINGS = [
        *[Binding(key, f"pick('{key}')", f"Choice {key}", show=False, id=f"nto.pick-{key}")
          for key in OPTION_KEYS],
        Binding("left", "side(-1)", "Strength side, or the previous option", show=False,
                id="nto.left"),
        Binding("right", "side(1)", "Stealth side, or the next option", show=False, id="nto.right"),
        Binding("up", "cursor(-2)", "The option above", show=False, id="nto.up"),
        Binding("down", "cursor(2)", "The option below", show=False, id="nto.down"),
        Binding("enter", "confirm", "Choose", id="nto.confirm"),
        Binding("d", "details", "Details", id="nto.details"),
    ]

    def __init__(self, names: list[str], labels: list[str] | None = None, **kw) -> None:
        super().__init__(names, labels, **kw)
        self.cursor = 0
        #: a house whose two sides are open, chosen by its key: ← / → choose the side
        self.side_pending: int | None = None
        self.details = False
        self._entries: list[Entry] = []
        self._last_decision: tuple | None = None
        self._columns = 2
        #: the cards the hand line shows (what the tests compare with the view)
        self.hand_shown: list[int] = []

    def compose(self) -> ComposeResult:
        yield Static(id="nto-head")
        yield Static(id="nto-houses-head")
        for h in range(5):
            yield HouseRow(h)
        yield SeatsTable(id="nto-seats")
        for space in SPACES:
            yield SpaceRow(space)
        yield Static(id="nto-clans")
        yield ActionPanel(id="nto-panel")
        yield Static(id="nto-details")
        yield Static(id="nto-mine")
        yield Static(id="nto-question")
        yield Static(id="nto-about")
        with Container(id="nto-options"):
            for i in range(OPTIONS_MAX):
                yield OptionLine(i, prefix="nto-")

    # ---------------------------------------------------------- decisions
    @property
    def phase(self) -> str:
        return (self.view or {}).get("phase", "")

    @property
    def placing(self) -> bool:
        return self.awaiting and self.phase == "place"

    def entries(self) -> list[Entry]:
        return self._entries

    def _build_entries(self) -> list[Entry]:
        if not self.awaiting or self.view is None:
            return []
        v, short = self.view, self.compact
        if self.phase == "place":
            out = []
            attacks = {(a.args["house"], a.args["side"]): a for a in self.legal if a.kind == "attack"}
            spaces = {a.args["space"]: a for a in self.legal if a.kind == "place"}
            for h in range(5):
                for sd, side in enumerate(SIDES):
                    a = attacks.get((h, side))
                    if a is not None:
                        out.append(Entry(str(h + 1), action_label(a, v, self.names, self.actor, short),
                                         a, house=h, side=sd))
            for space in SPACES:
                a = spaces.get(space)
                if a is not None:
                    out.append(Entry(SPACE_KEYS[space], action_label(a, v, self.names, self.actor),
                                     a, space=space))
            return out
        acts = list(self.legal)
        # giving up and stopping come last, as the way out
        acts.sort(key=way_out)
        return [Entry(OPTION_KEYS[i] if i < len(OPTION_KEYS) else None,
                      action_label(a, v, self.names, self.actor, short), a)
                for i, a in enumerate(acts)]

    def options(self) -> list[tuple[str, Action | None]]:
        return [(e.label, e.action) for e in self._entries]

    def _refresh_entries(self) -> None:
        self._entries = self._build_entries()
        key = (self.actor, self.phase, tuple(a.id for a in self.legal),
               len((self.view or {}).get("hand") or []))
        n = len(self._entries)
        if key != self._last_decision:
            self._last_decision = key
            # a new decision starts on its first option, or on "declare" once a play wins
            self.cursor = next((i for i, e in enumerate(self._entries)
                                if e.action.kind == "declare"), 0)
            self.side_pending = None
        if n and not 0 <= self.cursor < n:
            self.cursor = 0

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            key = parameters[0] if parameters else ""
            return True if any(e.key == key for e in self._entries) else None
        if action in ("cursor", "confirm", "side"):
            return True if self.awaiting else None
        if action == "details":
            return True if self.view is not None and self.view.get("phase") != "over" else None
        return True

    def action_pick(self, key, click: bool = False) -> None:
        """The option (or house) of key ``key``; a house with both sides open
        is selected, and ← / → choose its side."""
        key = str(key)
        hits = [i for i, e in enumerate(self._entries) if e.key == key]
        if not hits:
            return
        if len(hits) == 1:
            again = click and self.cursor == hits[0]
            self.cursor = hits[0]
            self.side_pending = None
            self.render_view()
            self._selection_moved()
            self.propose(self._entries[hits[0]].action, again=again)
            return
        # two sides of one house: the key again moves to the other side
        self.cursor = hits[1] if self.cursor == hits[0] and self.side_pending is not None else hits[0]
        self.side_pending = self._entries[hits[0]].house
        self.render_view()
        self._selection_moved()

    def action_side(self, delta: int) -> None:
        """← / →: the side of the house chosen by its key (with one key it
        plays at once), else the previous / next option."""
        if self.side_pending is not None:
            side = 0 if delta < 0 else 1
            for i, e in enumerate(self._entries):
                if e.house == self.side_pending and e.side == side:
                    self.cursor = i
                    self.render_view()
                    self._selection_moved()
                    self.propose(e.action)
                    return
        self.action_cursor(delta)

    def action_cursor(self, delta: int) -> None:
        n = len(self._entries)
        if not n:
            return
        if abs(delta) > 1:           # ↑/↓: a row of the options' grid
            step = self._columns if not self.placing else 2
            target = self.cursor + (step if delta > 0 else -step)
            self.cursor = max(0, min(n - 1, target))
        else:
            self.cursor = (self.cursor + delta) % n
        self.side_pending = None
        self.render_view()
        self._selection_moved()

    def action_confirm(self) -> None:
        if 0 <= self.cursor < len(self._entries):
            self.choose(self._entries[self.cursor].action)

    def action_details(self) -> None:
        self.details = not self.details
        self.render_view()

    def selected_action(self) -> Action | None:
        if 0 <= self.cursor < len(self._entries):
            return self._entries[self.cursor].action
        return None

    def reselect(self, action: Action) -> None:
        self._refresh_entries()
        for i, e in enumerate(self._entries):
            if e.action.id == action.id:
                self.cursor = i
        self.render_view()

    def key_for(self, action_id: int) -> str | None:
        """The keys that play ``action_id``: ``3 →`` for house 3's Stealth
        side when both are open."""
        entries = self._entries or self._build_entries()
        for e in entries:
            if e.action.id == action_id and e.key is not None:
                if e.house is not None and sum(x.house == e.house for x in entries) == 2:
                    return f"{e.key} {SIDE_KEYS[e.side]}"
                return e.key
        return None

    def action_text(self, action: Action) -> str:
        """A move in the players' words; what it touches is named only when
        ``action`` belongs to the decision on the board (the hint, the review
        of another position, name moves too)."""
        if self.awaiting and action in self.legal and action.kind not in WORDS_OF_THE_MOMENT:
            return action_label(action, self.view, self.names, self.actor, short=True)
        return action_words(action)

    def on_key(self, event) -> None:
        """A key that chooses nothing now says why instead of staying silent."""
        if self.awaiting and event.key in OPTION_KEYS and self.check_action("pick", (event.key,)) is None:
            if self.placing and event.key in "12345":
                what = f"House {event.key} cannot be attacked now (taken, empty, or no play of " \
                       "yours beats its Sentry)."
            elif self.placing:
                what = f"Nothing to do with {event.key} now."
            else:
                what = f"No option {event.key} now."
            self.notify(f"{what} {self.prompt()}", severity="warning", timeout=4)

    # ----------------------------------------------------------- clicks
    def _click(self, index: int | None) -> None:
        if index is None or not self.awaiting:
            return
        again = self.cursor == index
        self.cursor = index
        self.side_pending = None
        self.render_view()
        self._selection_moved()
        self.propose(self._entries[index].action, again=again)

    def on_house_row_clicked(self, event: HouseRow.Clicked) -> None:
        event.stop()
        hits = [i for i, e in enumerate(self._entries) if e.house == event.house
                and (event.side is None or e.side == event.side)]
        if hits:
            self._click(hits[0])
        elif self.placing:
            self.notify(f"House {event.house + 1}: not that side now.", timeout=3)

    def on_space_row_clicked(self, event: SpaceRow.Clicked) -> None:
        event.stop()
        self._click(next((i for i, e in enumerate(self._entries) if e.space == event.place), None))

    def on_option_line_clicked(self, event: OptionLine.Clicked) -> None:
        event.stop()
        if self.placing:
            return
        self._click(event.place if event.place < len(self._entries) else None)

    # ------------------------------------------------------------ prompt
    def question(self, short: bool = False) -> str:
        v = self.view or {}
        d = v.get("decision") or {}
        who = self.names[self.actor] if self.actor is not None else ""
        phase = self.phase
        att = d.get("attack") or {}
        if phase == "place":
            left = v["seats"][self.actor]["shuriken_left"]
            return f"{who}: place a shuriken ({left} of 3 left this turn)" if not short \
                else f"{who}: place a shuriken"
        if phase == "draw":
            n = d.get("draws_left")
            return f"{who}: draw a card, face up or from the deck ({n} to draw)"
        if phase == "sensei":
            return f"{who}: which Sensei tile?"
        if phase == "sensei payment":
            tile = d.get("tile") or {}
            return f"{who}: which card pays for {tile.get('tile', 'the tile')}?"
        if phase == "play":
            plays = [p for p in att.get("plays") or [] if p]
            mode = att.get("now", "")
            if not plays:
                return (f"{who}: a play against {guard_label(att)} ({mode}): choose its base"
                        if not short else f"{who}: the base of a play against {guard_short(att)}")
            return f"{who}: add to the play, or declare it ({play_words(plays[-1])})" \
                if not short else f"{who}: add to the play or declare it"
        if phase == "alarm":
            return f"{who}: an alarm Guard: ignore the alarm with SN3?"
        if phase == "banzai or retreat":
            return f"{who}: Banzai or retreat?"
        if phase == "TG5":
            return f"{who}: the attack is lost: keep 2 treasures with TG5?"
        if phase == "keep":
            n = d.get("keep", 1)
            return f"{who}: the attack is lost: which treasure{'s' if n > 1 else ''} do you keep?" \
                if who == "You" else f"{who}: keep which treasure?"
        if phase == "new clan":
            return f"{who}: house {att.get('house', 0) + 1} is cleared: its new clan token?"
        if phase == "CR6":
            return f"{who}: take back a card spent in this attack with CR6?"
        if phase == "buy":
            kind = (d.get("purchase") or {}).get("kind", "card")
            return f"{who}: which {kind} do you buy?" if who == "You" else f"{who}: buy which {kind}?"
        if phase == "declare type":
            return f"{who}: pay in which treasure type?"
        if phase == "pay":
            p = d.get("purchase") or {}
            due = f" (due: {', '.join(p['due'])})" if p.get("due") else ""
            return f"{who}: pay the next treasure{due}"
        if phase == "Hensojutsu":
            return f"{who}: disguise a masked Envoy with Hensojutsu (it counts as 2)?"
        if phase == "clan choice":
            sc = d.get("scoring") or {}
            return f"{who}: 1st for {sc.get('clan')}: its {sc.get('points')} points or a free Rumor?"
        if phase == "free Rumor":
            sc = d.get("scoring") or {}
            return f"{who}: 2nd for {sc.get('clan')}: choose a free Rumor"
        return f"{who}: {d.get('text', 'choose')}"

    def how(self) -> str:
        if self.placing:
            return "house 1-5, 6 Dojo, 7 Sensei, 8 Palace, 9 Pavilion"
        n = len(self._entries)
        keys = f"1-{min(n, 9)}" + (", 0" if n >= 10 else "")
        return f"keys {keys}" if n > 1 else "key 1"

    def prompt(self) -> str:
        if not self.awaiting or self.view is None:
            return ""
        if self.side_pending is not None:
            return (f"House {self.side_pending + 1}: ← Strength or → Stealth"
                    + (", then enter" if not self.one_key else ""))
        if self.one_key:
            line = f"{self.question(short=True)} ({self.how()})"
            return line if cell_len(line) <= PROMPT_WIDTH else self.question(short=True)
        line = f"{self.question(short=True)}{self.enter_plays()}"
        if cell_len(line) > PROMPT_WIDTH:      # the status line is one line at 80 columns
            line = f"{self.question(short=True)} · enter plays the highlighted one"
        if cell_len(line) > PROMPT_WIDTH:
            line = self.question(short=True)
        return line

    def essentials(self) -> list:
        """The tables, the spaces or the attack, your hand, the question and
        its options: what the decision needs on screen."""
        ids = ["#nto-seats", "#nto-clans", "#nto-panel", "#nto-mine", "#nto-question", "#nto-about"]
        out = [self.query_one(i) for i in ids if self.query_one(i).display]
        out += [w for w in self.query(HouseRow) if w.display]
        out += [w for w in self.query(SpaceRow) if w.display]
        out += [w for w in self.query(OptionLine) if w.display]
        return out

    def keys_state(self) -> tuple:
        return (self.awaiting, self.details)

    # ------------------------------------------------------------ drawing
    def on_resize(self, event) -> None:
        if event.size.width != getattr(self, "_laid_out_width", None):
            self._laid_out_width = event.size.width
            self.render_view()

    @property
    def width(self) -> int:
        return self.content_size.width or 78

    def _needed(self, v: dict, attack: dict | None) -> tuple[set[str], bool]:
        """The spaces (and whether the clan track) the decision in ``v`` needs
        on a small terminal: a placement needs them all, a draw the Dojo, a
        purchase its row, a clan scoring the clans and the Rumors."""
        phase = v.get("phase")
        if phase == "place":
            return set(SPACES), True
        if phase == "draw":
            return {"Dojo"}, False
        if phase in ("sensei", "sensei payment"):
            return {"Sensei"}, False
        if phase in ("buy", "declare type", "pay"):
            kind = ((v.get("decision") or {}).get("purchase") or {}).get("kind")
            return {"Pavilion" if kind == "Rumor" else "Palace"}, False
        if phase in ("clan choice", "free Rumor"):
            return {"Pavilion"}, True
        if phase in ("Hensojutsu", "new clan"):
            return set(), True
        return set(), attack is None

    def drawing(self) -> Drawing:
        v = self.view or {}
        attack = attack_of(v) if v and v.get("phase") != "over" else None
        focus = dict(self.focus_info)
        if attack is not None:
            focus["house"] = attack["house"]
        return Drawing(self.names, self.labels, self.compact, self.width, self._entries,
                       self.cursor, self.placing, focus)

    def render_view(self) -> None:
        v = self.view
        if v is None or not self.is_mounted:
            return
        self._refresh_entries()
        d = self.drawing()
        over = v["phase"] == "over"
        attack = None if over else attack_of(v)
        details = self.details and not over
        compact = self.compact

        put(self.query_one("#nto-head", Static), self._head(v, over))
        # the houses: all of them, or (small terminal, in an attack) the one attacked;
        # a clan scoring needs the clans, not the houses: on a small terminal they give way
        only = attack["house"] if attack and compact and v.get("phase") != "new clan" else None
        show_houses = not details and not (compact and v.get("phase") in SCORING_PHASES)
        head = self.query_one("#nto-houses-head", Static)
        head.display = show_houses
        put(head, houses_header(d))
        for row in self.query(HouseRow):
            row.display = show_houses and (only is None or row.house == only)
            if row.display:
                row.draw(v, d)
        seats = self.query_one(SeatsTable)
        seats.display = not details
        if seats.display:
            seats.draw(v, d)
        # the spaces and the clans: on a small terminal only those the decision needs
        spaces, with_clans = self._needed(v, attack)
        for row in self.query(SpaceRow):
            row.display = not details and not over and (not compact or row.space in spaces)
            if row.display:
                row.draw(v, d)
        clans = self.query_one("#nto-clans", Static)
        clans.display = not details and not over and (not compact or with_clans)
        if clans.display:
            put(clans, self._clans_line(v))
        panel = self.query_one(ActionPanel)
        panel.display = not details and panel.draw(v, d)
        det = self.query_one("#nto-details", Static)
        det.display = details
        if details:
            put(det, self._details(v))
        mine = self.query_one("#nto-mine", Static)
        line = self._mine(v)
        mine.display = line is not None and not over
        if mine.display:
            put(mine, line)
        question = self.query_one("#nto-question", Static)
        question.display = self.awaiting
        if self.awaiting:
            put(question, Text(self.question(short=compact), style="bold"))
        about = self.query_one("#nto-about", Static)
        words = self._about(v) if self.placing and not details else None
        about.display = words is not None
        if words is not None:
            put(about, words)
        self._draw_options()

    # ---- the head
    def _head(self, v: dict, over: bool) -> Text:
        t = Text()
        if over:
            t.append("Game over", style="bold")
            t.append(" · the final scoring is on the end screen")
        else:
            t.append(f"Turn {v['turn']}/{v['turns']}", style="bold")
            scoring = v["clan_track"]["next_scoring"]
            if v.get("decision", {}).get("scoring"):
                t.append(f" · clan scoring after turn {v['turn']}", style="bold #d7b5ff")
            elif scoring == v["turn"]:
                t.append(" · clan scoring after this turn", style="#d7b5ff")
            elif scoring:
                t.append(f" · clan scoring after turn {scoring}", style="dim")
            mover = v.get("mover")
            if mover is not None:
                t.append(" · ")
                t.append(self.names[mover], style="bold")
                left = v["seats"][mover]["shuriken_left"]
                t.append(f" to play ({3 - left if v['phase'] != 'place' else 4 - left}/3)"
                         if not self.compact else " to play")
        if self.caption:
            t.append("\n")
            caption = self.caption
            if self.compact and cell_len(caption) > self.width:
                caption = caption[: self.width - 1] + "…"
            t.append(caption, style="bold italic")
        return t

    # ---- the clans
    def _clans_line(self, v: dict) -> Text:
        ct = v["clan_track"]
        nxt = ct["next_scoring"]
        orders = ct["scoring_orders"]
        order = orders.get(nxt) or orders.get(str(nxt)) or list(CLAN_STYLE)
        variants = []
        # (the clans' 1st and 2nd by Envoys, then the 1st only; names shortened last)
        for seconds, short, tail in ((True, False, "scored after turn"), (False, False, "after turn"),
                                     (False, True, "after turn"), (False, True, "after")):
            t = Text("Clans ", style="bold")
            for i, clan in enumerate(order):
                if i:
                    t.append(" › ", style="dim")
                t.append_text(clan_text(clan, ct["points"][clan], short=short))
                st = ct["standing"][clan]
                if st["first"] is not None:
                    first = self.names[st["first"]]
                    second = f", {self.names[st['second']]}" if st["second"] is not None and seconds else ""
                    t.append(f" ({first}{second})", style="dim")
            if nxt:
                t.append(f" · {tail} {nxt}", style="dim")
            variants.append(t)
        return fit(variants, self.width)

    # ---- your own
    def _mine(self, v: dict) -> Text | None:
        seat = v["seat"]
        if not 0 <= seat < v["players"]:
            self.hand_shown = []
            return Text("Hands are hidden (several people share this keyboard)", style="dim") \
                if v.get("phase") != "over" and self.names.count("You") == 0 else None
        self.hand_shown = list(v["hand"])
        variants = [self._mine_text(v, seat, extras) for extras in (2, 1, 0)]
        return fit(variants, self.width) if self.compact else variants[0]

    def _mine_text(self, v: dict, seat: int, extras: int) -> Text:
        """The hand and the treasure; the face-up tiles (``extras`` 1) and
        the Rumors (2) when there is room."""
        s = v["seats"][seat]
        hand = list(v["hand"])
        you = self.names[seat] == "You"
        # the cards of a play being built are still in the hand until it is declared
        att = (v.get("decision") or {}).get("attack") or {} if v.get("mover") == seat else {}
        building = []
        for p in att.get("plays") or []:
            if p and p["base_card"] is not None:
                building.append(p["base_card"])
            if p and p.get("join"):
                building.append(3)
        free = Counter(hand) - Counter(building)
        t = Text()
        t.append("Your hand " if you else f"{self.names[seat]}'s hand ", style="bold")
        t.append(" ".join(str(c) for c in sorted(free.elements())) if free else "empty",
                 style="bold #ffd75f" if free else "dim")
        if building:
            t.append(f" (+{' '.join(map(str, building))} in the play)", style="#ffd75f")
        t.append(" · ")
        t.append(treasure_words(s["treasure"]) if s["treasure"] else "no treasure",
                 style="" if s["treasure"] else "dim")
        up = [x["tile"] for x in s["tiles"] if x["face_up"]]
        if up and extras >= 1:
            t.append(" · tiles up " + " ".join(up))
        if s["rumors"] and extras >= 2:
            kinds = Counter(RUMOR_SHORT.get(r["kind"], r["kind"]) for r in s["rumors"])
            t.append(" · Rumors " + ", ".join(f"{k}{f' ×{n}' if n > 1 else ''}" for k, n in kinds.items()),
                     style="dim")
        return t

    def _about(self, v: dict) -> Text | None:
        """What the highlighted place does, in a line."""
        if not 0 <= self.cursor < len(self._entries):
            return None
        e = self._entries[self.cursor]
        t = Text(style="dim")
        if e.house is not None:
            house = v["houses"][e.house]
            side = SIDES[e.side]
            plain = sorted(house["plain"], key=lambda x: ("Fan", "Scroll", "Vase", "Jade", "Gold").index(x))
            take = f"take {plain[0]}" if plain else "take nothing (only red treasure)"
            t.append(f"House {e.house + 1}: beat the Sentry {house['sentry']['value']} with a play "
                     f"{'over' if side == 'Strength' else 'under'} {house['sentry']['value']}, "
                     f"{take}, then Banzai for more or retreat with it.")
        elif e.space == "Dojo":
            me = v["seats"][self.actor]
            t.append(f"Draw {me['dojo_draws']}, one at a time, face up or from the deck; the "
                     "newest Dojo shuriken goes first next turn.")
        elif e.space == "Sensei":
            offer = [x for x in v["sensei_offer"] if x]
            t.append(" · ".join(f"{x['tile']}: {effect(x['tile'], True)}" for x in offer))
        elif e.space == "Palace":
            t.append("Buy an Envoy: its cost is your points; the most Envoys of a clan win its "
                     "scoring.")
        else:
            t.append("Buy a Rumor: its cost is your points; Rumors score again at the end, in sets.")
        return t

    # ---- the options
    def _draw_options(self) -> None:
        box_ = self.query_one("#nto-options")
        chips = list(self.query(OptionLine))
        shown = [] if self.placing or not self.awaiting else self._entries
        box_.display = bool(shown)
        if shown:
            # "[n] " and the label, 2 columns of gutter between items
            item = max(cell_len(e.label) for e in shown) + 4
            self._columns = max(1, min(3, (self.width + 2) // (item + 2)))
            if box_.styles.grid_size_columns != self._columns:
                box_.styles.grid_size_columns = self._columns
        for i, chip in enumerate(chips):
            on = i < len(shown)
            if chip.display != on:
                chip.display = on
            if not on:
                continue
            e = shown[i]
            put(chip, Text.assemble((f"[{e.key or '·'}] ", "bold"), e.label))
            chip.set_class(i == self.cursor, "-cursor")

    # ---- the details drawer
    def _details(self, v: dict) -> Group:
        parts: list = [Text("Details (d closes)", style="bold")]
        for seat in v["order"]:
            s = v["seats"][seat]
            t = Text()
            t.append(f"{self.names[seat]}: ", style="bold")
            tiles = ", ".join(f"{x['tile']}{'' if x['face_up'] else '↓'} ({effect(x['tile'], True)})"
                              for x in s["tiles"]) or "no tiles"
            t.append(tiles)
            envoys = ", ".join(f"{e['card']} {e['clan']}{' ⛨' if e['mask'] else ''}"
                               for e in s["envoys"]) or "no Envoys"
            t.append(f" · Envoys {envoys}", style="dim")
            rumors = Counter(r["kind"] for r in s["rumors"])
            if rumors:
                t.append(" · Rumors " + ", ".join(
                    f"{RUMOR_SHORT.get(k, k)} ×{n} (counts {RUMOR_COUNTS.get(k, 'holders')})"
                    for k, n in rumors.items()))
            if s["elites"]:
                t.append(f" · Elites {', '.join(s['elites'])} ({s['elite_points']} points)")
            parts.append(t)
        nxt = v.get("next_order")
        if nxt:
            parts.append(Text("Next turn order (by the Dojo shuriken so far): "
                              + ", ".join(self.names[s] for s in nxt)))
        gd = v["guard_deck"]
        by = " ".join(f"{n}×{k}" for k, n in sorted(gd["by_value"].items(), key=lambda x: int(x[0])) if n)
        disc = " ".join(f"{n}×{k}" for k, n in sorted(v["dojo_discard"].items(),
                                                      key=lambda x: int(x[0])) if n) or "none"
        parts.append(Text(f"Guard deck {gd['size']}: {by} ({plural(gd['alarms'], 'alarm')}) · "
                          f"Elite deck {v['elite_deck']['size']} · Dojo discards {disc} · "
                          f"bag {v['bag_size']} treasures · Envoy deck {v['envoy_deck_size']}, "
                          f"Rumor deck {v['rumor_deck_size']}", style="dim"))
        return Group(*parts)

    # ------------------------------------------------------------ the story
    @classmethod
    def opening(cls, view: dict, names: list[str]) -> str:
        order = ", ".join(names[s] for s in view["order"])
        return (f"Ninjato for {view['players']}: {', '.join(names)}. {view['turns']} turns of 3 "
                f"shuriken each; the clans score after turns 3, 5 and 7. Turn order: {order}.")

    @classmethod
    def story(cls, before: dict, after: dict, steps: list[dict], names: list[str],
              moves: dict[int, Action]) -> list[Frame]:
        """One frame per phrase of the move (an attack guard by guard); a
        step of a play being built shows nothing until it is declared."""
        return tell(before, after, steps, names)

    @classmethod
    def round_key(cls, view: dict):
        return view.get("turn")

    @classmethod
    def round_title(cls, view: dict) -> str:
        return f"Turn {view.get('turn')}/{view.get('turns', 7)}"

    @classmethod
    def progress(cls, view: dict, moves: int) -> str:
        return f"turn {view.get('turn')}/{view.get('turns', 7)}"

    @classmethod
    def private_decision(cls, view: dict) -> bool:
        """Every decision shows the hand of the seat deciding."""
        return view.get("phase") != "over"

    def recap(self, record: RoundRecord) -> Group:
        """Each player's three actions, the points they brought; the clan
        scoring when there was one."""
        done = turn_summary(record.steps, record.start)
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, expand=True,
                      padding=(0, 1, 0, 0))
        table.add_column("Player", no_wrap=True)
        table.add_column("Their shuriken this turn", ratio=1)
        table.add_column("+", justify="right", no_wrap=True)
        table.add_column("Total", justify="right", no_wrap=True)
        order = record.start.get("order") or list(range(len(self.names)))
        for seat in order:
            gain = record.scores_after[seat] - record.scores_before[seat]
            what = Text("\n".join(done.get(seat, [])) or "–")
            table.add_row(self.names[seat], what,
                          Text(signed(gain), style="green" if gain > 0 else "dim"),
                          Text(str(record.scores_after[seat]), style="bold"))
        parts: list = [table]
        lines = scoring_lines(record.steps, self.names)
        if lines:
            parts.append(Text("Clan scoring:", style="bold"))
            parts += [Text("  " + line) for line in lines]
        end = next((line for line in record.lines if line.startswith("End of turn")), None)
        if end:
            parts.append(Text(end, style="dim"))
        return Group(*parts)

    # ------------------------------------------------------ end of the game
    @classmethod
    def result_line(cls, outcome: Outcome, names: list[str], view: dict) -> str:
        return result.result_line(outcome, names, view)

    @classmethod
    def scores_line(cls, outcome: Outcome, names: list[str], view: dict) -> str:
        return result.scores_line(outcome, names, view)

    @classmethod
    def result_table(cls, outcome: Outcome, view: dict, labels: list[str]):
        return result.result_table(outcome, view, labels)
