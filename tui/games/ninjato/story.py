"""A Ninjato move told step by step: the frames of the step-by-step display
and the lines of the log, from the engine's ``steps()``.

An attack is told guard by guard: the house and side, each card turned up
(and its alarm), each play with its value and whether it wins, what goes
onto the shuriken, and how the attack ends (retreat, loss and what is kept,
the house cleared and its new clan).  Each frame carries the board as it
stands at that step (the houses' treasure, the shuriken) and an
``attack_show`` the board draws in its attack panel.

The steps are public (the engine never names a card drawn from the deck);
the person at the keyboard also reads their own draws, from their hand.
"""
from __future__ import annotations

import copy
from collections import Counter

from ninja_dojo.engine.ninjato import notation
from ninja_dojo.tui.widgets.board import Frame
from ninja_dojo.tui.games.ninjato.words import (_order, a_token, card_name, card_words, effect, play_words,
                                                treasure_words, verb)


def token_name(name: str) -> str:
    """``CT07`` -> ``Minamoto 3``.

    >>> token_name("CT07")
    'Minamoto 3'
    """
    token = notation.token(name)
    return f"{token['clan']} {token['value']}"


def house_name(v: dict, h: int) -> str:
    house = v["houses"][h]
    return f"house {h + 1} ({house['clan']} {house['value']})" if house.get("clan") else f"house {h + 1}"


def _sorted(tokens: list[str]) -> list[str]:
    return sorted(tokens, key=_order)


class Teller:
    """Folds the steps of one move onto the view before it, phrase by
    phrase; each phrase is a frame."""

    def __init__(self, before: dict, after: dict, steps: list[dict], names: list[str]) -> None:
        self.v = copy.deepcopy(before)
        self.before = before
        self.after = after
        self.names = names
        self.viewer = before["seat"]
        self.frames: list[Frame] = []
        self.line: str | None = None
        self.pause = 1.0
        self.heading: str | None = None
        self.focus: dict = {}
        #: the seat whose Dojo draw the current line tells
        self.drawing: int | None = None
        #: the person at the keyboard's cards taken face up in this move, and
        #: how many of their deck draws are told so far
        self.row_taken = Counter(st["card"] for st in steps if st["kind"] == "draw"
                                 and st["from"] == "row" and st["seat"] == self.viewer)
        self.draws_told = 0
        self.payments: list[str] = []
        self.end: dict = {}
        self.attack: dict | None = None
        att = (before.get("decision") or {}).get("attack")
        if att is not None:
            facing = None
            if att.get("card"):
                facing = (f"the Sentry {att['values'][0]}" if att.get("facing") == "Sentry"
                          else card_name(att["card"]))
            self.attack = {
                "seat": before["mover"], "house": att["house"], "side": att["side"],
                "now": att.get("now"), "facing": facing, "play": None, "result": None,
                "shuriken": [t for t, _ in att.get("on_shuriken") or []],
                "red": [t for t, r in att.get("on_shuriken") or [] if r], "kept": [],
            }

    # ------------------------------------------------------------ frames
    def flush(self) -> None:
        if self.line is None and self.heading is None:
            return
        v = copy.deepcopy(self.v)
        if self.attack is not None:
            v["attack_show"] = copy.deepcopy(self.attack)
        self.frames.append(Frame(v, self.line, pause=self.pause, focus=dict(self.focus),
                                 heading=self.heading))
        self.line = None
        self.heading = None
        self.pause = 1.0

    def start(self, line: str, pause: float = 1.0) -> None:
        self.flush()
        self.line = line
        self.pause = pause
        self.drawing = None

    def add(self, words: str) -> None:
        if self.line is None:
            self.line = words.lstrip(":; ")
            self.line = self.line[:1].upper() + self.line[1:]
        else:
            self.line += words

    def name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "?"

    def step(self, st: dict) -> None:
        # every kind of step has its handler here (tests/test_ninjato_story.py);
        # a log cut short ("log full") shows nothing more
        handler = getattr(self, "on_" + st["kind"].replace(" ", "_"), None)
        if handler is not None:
            handler(st)

    def finish(self) -> list[Frame]:
        self.flush()
        if self.frames:
            # The last picture is the position as it stands (the folding
            # only draws the pictures between).
            last = self.frames[-1]
            v = copy.deepcopy(self.after)
            if "attack_show" in last.view:
                v["attack_show"] = last.view["attack_show"]
            last.view = v
        return self.frames

    # -------------------------------------------------------- the spaces
    def on_turn(self, st: dict) -> None:
        self.flush()
        self.heading = f"Turn {st['turn']}"

    def on_place(self, st: dict) -> None:
        seat, space = st["seat"], st["space"]
        who = self.name(seat)
        me = self.v["seats"][seat]
        if st["house"] is not None:
            h, side = st["house"], st["side"]
            house = self.v["houses"][h]
            sentry = house["sentry"]["value"] if house.get("sentry") else "?"
            word = "higher" if side == "Strength" else "lower"
            self.start(f"{verb(who, 'attacks')} {house_name(self.v, h)} with {side} "
                       f"(a play {word} than the Guard wins), the Sentry {sentry} first.")
            house["shuriken"][0 if side == "Strength" else 1] = seat
            self.attack = {"seat": seat, "house": h, "side": side, "now": side,
                           "facing": f"the Sentry {sentry}", "play": None, "result": None,
                           "shuriken": [], "red": [], "kept": []}
            self.focus = {"seat": seat, "house": h}
        else:
            what = {"Dojo": f"goes to the Dojo to draw {me['dojo_draws']}",
                    "Sensei": "goes to the Sensei to learn a tile",
                    "Palace": "goes to the Palace to buy an Envoy",
                    "Pavilion": "goes to the Pavilion to buy a Rumor"}.get(space, f"goes to the {space}")
            self.start(f"{verb(who, what)}.", pause=0.6)
            self.focus = {"seat": seat}
            if space == "Dojo":
                self.drawing = seat
        me["shuriken_left"] = max(0, me["shuriken_left"] - 1)

    def on_draw(self, st: dict) -> None:
        seat = st["seat"]
        who = self.name(seat)
        you = who == "You"
        if st["from"] == "row":
            self.v["dojo_row"][st["slot"]] = None
            clause = f"{'take' if you else 'takes'} the face-up {st['card']}"
        else:
            card = self._own_draw(seat)
            clause = f"{'draw' if you else 'draws'} {f'a {card}' if card else 'a card'} from the deck"
        self.v["seats"][seat]["hand_size"] += 1
        if self.drawing == seat and self.line is not None:
            self.line = self.line[:-1] + f"; {clause}."
        else:
            self.start(f"{who} {clause}.", pause=0.6)
        self.drawing = seat

    def _own_draw(self, seat: int) -> int | None:
        """The card the person at the keyboard drew from the deck (their hand
        says it; nobody else's draw is named)."""
        if seat != self.viewer:
            return None
        new = Counter(self.after.get("hand") or []) - Counter(self.before.get("hand") or [])
        cards = sorted((new - self.row_taken).elements())
        if self.draws_told < len(cards):
            self.draws_told += 1
            return cards[self.draws_told - 1]
        return None

    def on_dojo_row(self, st: dict) -> None:
        self.v["dojo_row"][st["slot"]] = st["card"]
        refill = "; the Dojo row is refilled:"
        if self.line is not None and self.line.endswith(".") and refill in self.line:
            self.line = self.line[:-1] + f", {st['card']}."
        elif self.line is not None and self.line.endswith("."):
            self.line = self.line[:-1] + f"{refill} {st['card']}."
        else:
            self.start(f"The Dojo row is refilled: {st['card']}.", pause=0.6)

    def on_reshuffle(self, st: dict) -> None:
        self.start(f"The {st['deck']} discards are shuffled into a new deck.", pause=0.8)

    def on_sensei(self, st: dict) -> None:
        who = self.name(st["seat"])
        paid = f"paying a {st['paid']}" if st.get("paid") else "free (a tile of that style owned)"
        self.start(f"{verb(who, 'learns')} {st['tile']} ({effect(st['tile'])}), {paid}.")

    # ------------------------------------------------------------ attacks
    def on_play(self, st: dict) -> None:
        who = self.name(st["seat"])
        words = play_words(st)
        att = self.attack if self.attack is not None else {}
        if st["play"] == 1 and self.line is not None:
            self.line += f" and {words}"
            att["play"] = f"{att.get('play')} and {words}"
        else:
            self.start(f"{verb(who, 'plays')} {words} against {att.get('facing') or 'the Guard'}")
            att["play"] = words
        self._spend(st)

    def _spend(self, st: dict) -> None:
        """The cards and tiles of a declared play leave the hand / turn face down."""
        seat = st["seat"]
        used = []
        if st["base_card"] is not None:
            used.append(st["base_card"])
        if st.get("join"):
            used.append(3)
        me = self.v["seats"][seat]
        me["hand_size"] = max(0, me["hand_size"] - len(used))
        if seat == self.viewer:
            hand = list(self.v.get("hand") or [])
            for c in used:
                if c in hand:
                    hand.remove(c)
            self.v["hand"] = hand
        for t in me.get("tiles", []):
            if t["tile"] in st.get("tiles", []):
                t["face_up"] = False

    def on_beat(self, st: dict) -> None:
        att = self.attack if self.attack is not None else {}
        att["result"] = "beats"
        you = self.name(st["seat"]) == "You"
        self.add(f" and {'beat' if you else 'beats'} it")
        if st["facing"] == "Elite":
            self.v["seats"][st["seat"]]["elites"].append(st["card"])
            self.add(f" (the Elite card is {'yours' if you else 'theirs'})")

    def on_take(self, st: dict) -> None:
        att = self.attack if self.attack is not None else {}
        t = st["treasure"]
        if t is None:
            self.add(": no treasure of that side is left to take.")
            return
        red = st["red"]
        h = att.get("house")
        if h is not None:
            pile = self.v["houses"][h]["red" if red else "plain"]
            if t in pile:
                pile.remove(t)
        att.setdefault("shuriken", []).append(t)
        if red:
            att.setdefault("red", []).append(t)
        self.add(f": {'a red ' + t if red else a_token(t)} onto the shuriken "
                 f"(now {treasure_words(att['shuriken'])}).")

    def on_banzai(self, st: dict) -> None:
        who = self.name(st["seat"])
        self.start(f"Banzai! {who} {'turn' if who == 'You' else 'turns'} up", pause=1.3)

    def on_reveal(self, st: dict) -> None:
        att = self.attack if self.attack is not None else {}
        att.update(facing=card_name(st["card"]), play=None, result=None)
        if self.line is None:
            self.start("Turned up", pause=1.3)
        self.add(f" {att['facing']}.")

    def on_alarm(self, st: dict) -> None:
        h = st["house"]
        house = self.v["houses"][h]
        if st["added"] is None:
            self.add(" The alarm rings, but the bag is empty.")
            return
        house["plain"].append(st["added"])
        if st["flipped"] in house["plain"]:
            house["plain"].remove(st["flipped"])
            house["red"].append(st["flipped"])
        self.add(f" Alarm: {a_token(st['added'])} is added to house {h + 1} and "
                 f"{a_token(st['flipped'])} turns red.")

    def on_alarm_ignored(self, st: dict) -> None:
        self.start(f"{verb(self.name(st['seat']), 'ignores')} the alarm with SN3.")

    def on_peek(self, st: dict) -> None:
        who = self.name(st["seat"])
        line = f"{verb(who, 'looks')} at the top {st['deck']} card with CR4"
        seen = self.after.get("peeked_card") if st["seat"] == self.viewer else None
        if seen:
            line += f": it is {card_words(seen)} (only you saw it)"
        self.start(line + ".")

    def on_retreat(self, st: dict) -> None:
        att = self.attack if self.attack is not None else {}
        seat = st["seat"]
        got = list(att.get("shuriken") or [])
        self.start(f"{verb(self.name(seat), 'retreats')} with {treasure_words(got)}.")
        self.v["seats"][seat]["treasure"] = _sorted(self.v["seats"][seat]["treasure"] + got)
        att.update(result="retreated", shuriken=[])
        self.attack_over()

    def on_loss(self, st: dict) -> None:
        att = self.attack if self.attack is not None else {}
        who = self.name(st["seat"])
        self.start(f"{who} cannot beat {att.get('facing') or card_name(st['card'])}: "
                   "the attack is lost.", pause=1.3)
        att["result"] = "lost"

    def on_TG5(self, st: dict) -> None:
        self.add(f" {verb(self.name(st['seat']), 'uses')} TG5 to keep 2 treasures.")

    def on_keep(self, st: dict) -> None:
        seat = st["seat"]
        who = self.name(seat)
        t = st["treasure"]
        what = "a red " + t if st["red"] else a_token(t)
        if self.line is not None and self.line.startswith(verb(who, "keeps")):
            self.line += f" and {what}"
        else:
            self.start(f"{verb(who, 'keeps')} {what}", pause=0.8)
        att = self.attack if self.attack is not None else {}
        if t in att.get("shuriken", []):
            att["shuriken"].remove(t)
            if st["red"] and t in att.get("red", []):
                att["red"].remove(t)
        att.setdefault("kept", []).append(t)
        self.v["seats"][seat]["treasure"] = _sorted(self.v["seats"][seat]["treasure"] + [t])

    def on_back_to_the_house(self, st: dict) -> None:
        att = self.attack if self.attack is not None else {}
        h = st["house"]
        house = self.v["houses"][h]
        red = list(att.get("red") or [])
        for t in att.get("shuriken") or []:
            if t in red:
                red.remove(t)
                house["red"].append(t)
            else:
                house["plain"].append(t)
        if st.get("added"):
            house["plain"].append(st["added"])
        n = st["returned"]
        back = (f"{n} treasure{'s go' if n != 1 else ' goes'} back to house {h + 1}" if n
                else f"nothing goes back to house {h + 1}")
        added = f", {a_token(st['added'])} is added from the bag" if st.get("added") else ""
        if self.line is None:
            self.start(back[0].upper() + back[1:] + added + ".")
        else:
            self.add(f"; {back}{added}.")
        att["shuriken"] = []
        self.attack_over()

    def on_cleared(self, st: dict) -> None:
        att = self.attack if self.attack is not None else {}
        h = st["house"]
        seat = st["seat"]
        got = list(att.get("shuriken") or [])
        who = self.name(seat)
        takes = "take" if who == "You" else "takes"
        self.start(f"{verb(who, 'clears')} house {h + 1} and {takes} all its treasure: "
                   f"{treasure_words(got)}; the house must change clan.", pause=1.3)
        house = self.v["houses"][h]
        house.update(plain=[], red=[], sentry=None)
        self.v["seats"][seat]["treasure"] = _sorted(self.v["seats"][seat]["treasure"] + got)
        att["result"] = "cleared"

    def on_allegiance(self, st: dict) -> None:
        h = st["house"]
        new = token_name(st["new"])
        self.start(f"House {h + 1} changes from {token_name(st['old'])} to {new}.")
        clan, value = new.rsplit(" ", 1)
        self.v["houses"][h].update(clan=clan, value=int(value), token=st["new"])
        self.attack_over()

    def on_CR6(self, st: dict) -> None:
        self.start(f"{verb(self.name(st['seat']), 'takes')} back a {st['card']} with CR6.")

    def attack_over(self) -> None:
        """The attack ended: later steps (the end of the turn) are not part of it."""
        self.flush()
        self.attack = None

    # ----------------------------------------------------------- purchases
    def on_declare_type(self, st: dict) -> None:
        self.payments = []

    def on_pay(self, st: dict) -> None:
        t = st["treasure"]
        self.payments.append(f"a Gold as {a_token(st['as'])}" if t == "Gold" else a_token(t))

    def on_buy(self, st: dict) -> None:
        who = self.name(st["seat"])
        row = self.before.get("rumor_row" if st["deck"] == "Rumor" else "envoy_row") or []
        card = next((c for c in row if c and c["card"] == st["card"]), None)
        what = st["card"]
        if card and st["deck"] == "Rumor":
            what = f"{card['kind']} ({st['card']})"
        elif card:
            what = f"{card['clan']} {st['card']}"
        paid = f" with {', '.join(self.payments)}" if self.payments else ""
        self.payments = []
        self.start(f"{verb(who, 'buys')} {'a' if st['kind'] == 'Rumor' else 'an'} {st['kind']}, "
                   f"{what}{paid}: {st['points']} points.")

    # -------------------------------------------------------- end of turn
    def on_end_of_turn(self, st: dict) -> None:
        self.flush()
        self.attack = None
        self.end = {"turn": st["turn"], "tiles": [], "houses": {}, "order": None,
                    "Envoy": [], "Rumor": []}
        self.v = copy.deepcopy(self.after)
        self._end_line()

    def _end_line(self) -> None:
        e = self.end
        parts = []
        if e["tiles"]:
            parts.append(f"Sensei tiles on offer {', '.join(e['tiles'])}")
        for h, (sentry, treasure) in sorted(e["houses"].items()):
            got = f"house {h + 1} gets"
            if sentry:
                got += f" the Sentry {sentry}"
            if treasure:
                got += f"{' and' if sentry else ''} {', '.join(treasure)}"
            parts.append(got)
        if e["order"]:
            parts.append(f"turn order {e['order']}")
        for kind in ("Envoy", "Rumor"):
            if e[kind]:
                parts.append(f"new {kind}s {', '.join(e[kind])}")
        self.line = f"End of turn {e['turn']}" + (": " + "; ".join(parts) if parts else "") + "."
        self.pause = 1.5

    def on_sensei_offer(self, st: dict) -> None:
        self.end["tiles"].append(st["tile"])
        self._end_line()

    def on_sentry(self, st: dict) -> None:
        value = card_name(st["card"]).removeprefix("Guard ") if st.get("card") else None
        self.end["houses"].setdefault(st["house"], [None, []])[0] = value
        self._end_line()

    def on_house_treasure(self, st: dict) -> None:
        self.end["houses"].setdefault(st["house"], [None, []])[1].append(st["treasure"])
        self._end_line()

    def on_turn_order(self, st: dict) -> None:
        self.end["order"] = ", ".join(self.name(s) for s in st["order"])
        self._end_line()

    def on_row(self, st: dict) -> None:
        if not self.end or self.line is None or not self.line.startswith("End of turn"):
            # the Rumor row refilled again after a clan scoring
            self.start(f"A new Rumor is turned face up: {st['card']}.", pause=0.6)
            return
        self.end[st["deck"]].append(st["card"])
        self._end_line()

    def on_clan_scoring(self, st: dict) -> None:
        self.flush()
        orders = (self.after.get("clan_track") or {}).get("scoring_orders") or {}
        order = orders.get(st["turn"]) or orders.get(str(st["turn"])) or []
        self.heading = f"Clan scoring after turn {st['turn']}"
        self.line = (f"Clan scoring after turn {st['turn']}, in the order {', '.join(order)}: "
                     "for each clan, the most Envoys choose its points or a free Rumor, "
                     "the second gets the other.")
        self.pause = 1.5
        self.end = {}

    def on_hensojutsu(self, st: dict) -> None:
        self.start(f"{verb(self.name(st['seat']), 'disguises')} Envoy {st['envoy']} with "
                   "Hensojutsu: it counts as 2 for this scoring.")

    def on_clan_rank(self, st: dict) -> None:
        if st["first"] is None:
            self.start(f"{st['clan']} ({st['points']} points): nobody has its Envoys.")
            return
        second = f", 2nd {self.name(st['second'])}" if st["second"] is not None else ""
        self.start(f"{st['clan']} ({st['points']} points): 1st {self.name(st['first'])}{second}.",
                   pause=1.3)

    def on_clan_points(self, st: dict) -> None:
        self.start(f"{verb(self.name(st['seat']), 'scores')} the {st['points']} {st['clan']} points.")

    def on_free_rumor(self, st: dict) -> None:
        row = self.before.get("rumor_row") or []
        card = next((c for c in row if c and c["card"] == st["rumor"]), None)
        what = f"{card['kind']} ({st['rumor']})" if card else st["rumor"]
        self.start(f"{verb(self.name(st['seat']), 'takes')} a free Rumor: {what}.")

    def on_game_end(self, st: dict) -> None:
        self.flush()
        self.v = copy.deepcopy(self.after)
        self.attack = None
        self.start("End of the game: the Rumors, the unspent treasure and the Elites score.",
                   pause=1.5)


def tell(before: dict, after: dict, steps: list[dict], names: list[str]) -> list[Frame]:
    """The frames of one move (its steps folded onto ``before``)."""
    t = Teller(before, after, steps, names)
    for st in steps:
        t.step(st)
    return t.finish()


# --------------------------------------------------------------- the recap
def turn_summary(steps: list[dict], start: dict) -> dict[int, list[str]]:
    """Each seat's actions of a turn, a few words each, in the order taken:
    ``house 3 Stealth: beat the Sentry, beat Guard 2, retreated with a Vase,
    a Jade``."""
    out: dict[int, list[str]] = {}
    parts: list[str] = []
    seat = None
    deck_draws = 0
    shuriken: list[str] = []
    envoys = {c["card"]: c for c in start.get("envoy_row") or [] if c}
    rumors = {c["card"]: c for c in start.get("rumor_row") or [] if c}

    def done() -> None:
        if seat is not None and parts:
            out.setdefault(seat, []).append(parts[0] + (": " + ", ".join(parts[1:]) if parts[1:] else ""))

    for st in steps:
        kind = st["kind"]
        if kind == "end of turn":
            break
        if kind == "place":
            done()
            seat, parts, shuriken, deck_draws = st["seat"], [st["space"]], [], 0
        elif seat is None:
            continue
        elif kind == "draw" and st["from"] == "row":
            parts.append(f"the face-up {st['card']}")
        elif kind == "draw":
            # draws from the deck in a row are counted in one part
            if deck_draws and parts[-1] == (f"{deck_draws} from the deck" if deck_draws > 1 else "a card from the deck"):
                parts[-1] = f"{deck_draws + 1} from the deck"
                deck_draws += 1
            else:
                parts.append("a card from the deck")
                deck_draws = 1
        elif kind == "sensei":
            parts.append(f"{st['tile']}" + (f" for a {st['paid']}" if st.get("paid") else " free"))
        elif kind == "beat":
            parts.append("beat the Sentry" if st["facing"] == "Sentry" else f"beat {card_name(st['card'])}")
        elif kind == "take" and st["treasure"]:
            shuriken.append(st["treasure"])
        elif kind == "loss":
            parts.append(f"lost to {card_name(st['card'])}")
        elif kind == "keep":
            parts.append(f"kept {a_token(st['treasure'])}")
        elif kind == "retreat":
            parts.append(f"retreated with {treasure_words(shuriken)}")
        elif kind == "cleared":
            parts.append(f"cleared it: {treasure_words(shuriken)}")
        elif kind == "allegiance":
            parts.append(f"now {token_name(st['new'])}")
        elif kind == "CR6":
            parts.append(f"took back a {st['card']}")
        elif kind == "buy":
            card = (rumors if st["deck"] == "Rumor" else envoys).get(st["card"])
            what = (card["kind"] if st["deck"] == "Rumor" else card["clan"]) if card else st["card"]
            parts.append(f"{what} {st['card']} for {st['points']} points")
    done()
    return out


def scoring_lines(steps: list[dict], names: list[str]) -> list[str]:
    """A turn's clan scoring, one line per clan (and per disguise)."""
    lines: list[str] = []
    scoring = False
    for st in steps:
        kind = st["kind"]
        if kind == "clan scoring":
            scoring = True
        elif not scoring:
            continue
        elif kind == "hensojutsu":
            lines.append(f"{names[st['seat']]} disguises {st['envoy']} (it counts as 2)")
        elif kind == "clan rank":
            if st["first"] is None:
                lines.append(f"{st['clan']} ({st['points']} points): nobody has its Envoys")
            else:
                second = f", 2nd {names[st['second']]}" if st["second"] is not None else ""
                lines.append(f"{st['clan']} ({st['points']} points): 1st {names[st['first']]}{second}")
        elif kind == "clan points" and lines:
            lines[-1] += f"; {names[st['seat']]} +{st['points']} points"
        elif kind == "free rumor" and lines:
            lines[-1] += f"; {names[st['seat']]} a free Rumor ({st['rumor']})"
        elif kind == "turn":
            break
    return lines
