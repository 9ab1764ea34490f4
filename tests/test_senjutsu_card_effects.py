"""Every card of the rulings (3.2, 3.3), one scenario each: the owner (seat 0)
plays it from a hand-built position, every decision is taken by name, and
the effect its action line says is checked.  The expectations are worked
out by hand from the line (in the comment of each case), not read from the
engine.  Board: the owner usually stands on (0,0) facing north, so
"forward" is (0,-1), forward-right (1,-1), forward-left (-1,0), back (0,1).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from ninja_dojo.engine.senjutsu.cards import CARDS, CARDS_BY_ID
from tests.senjutsu_table import Table, deck_with
from tests.test_senjutsu_rules import console, skip_windows, texts

SAMURAI_OF = {"M": "master", "S": "student", "R": "ronin", "V": "vengeful"}


@dataclass
class Case:
    card: str
    moves: tuple = ()
    expect: dict = field(default_factory=dict)
    kamae: str = "G"
    at: tuple = (0, 0)
    facing: int = 0
    foe_at: tuple = (0, -1)
    foe_facing: int = 3
    host: str | None = None          # the card played when ``card`` is an instant
    foe_card: str | None = None      # what the foe plays (a stun card if None)
    foe_hand: tuple = ("G04",)
    hand: tuple = ()                 # more cards in the owner's hand
    up: tuple = ()                   # the owner's face-up discards
    down: tuple = ()
    top: tuple = ()                  # the owner's next draws
    foe_top: tuple = ()
    foe_up: tuple = ()               # the foe's face-up discards
    owner: str | None = None
    foe: str | None = None


CASES = [
    # m1{0,1,5}; r1; ATK (5,1)1 (0,1)2 (1,1)1; hit: ADV; [A] hit: STUN; [D] hit: FDISC1; K→B
    Case("G01", ("stop", "don't rotate"), kamae="A",
         expect={"foe_wounds": 2, "foe_stuns": 1, "advantage": 0, "kamae": "B"}),
    # replaces a meditation: [B] R1; [D] R2; BLK (0,1); K→G -- the foe's Quick Stab at 8 is blocked
    Case("G02", ("play Emergency Block", "initiative 8"), host="G07", foe_card="G04", kamae="G",
         expect={"wounds": 0, "kamae": "G", "up": ["G02", "G07"]}),
    # m2{*}; r1; [A] M1{0}; DRAW≤2; K+1 (the Ronin: A–L)
    Case("G03", ("step back", "stop", "rotate right 1", "draw 2", "kamae Lotus"), kamae="A",
         foe_at=(0, -3), top=("G13", "G10"),
         expect={"hex": [1, 0], "facing": 1, "kamae": "L", "hand_has": ["G13", "G10"]}),
    # [A] M1{0}; [B] R1; ATK (0,1)1
    Case("G04", (), kamae="A", at=(0, 1), expect={"hex": [0, 0], "foe_wounds": 1}),
    # replaces an attack: M1{*}; K→G
    Case("G05", ("play Evasive Step", "initiative 9", "step back"), host="G04", kamae="B",
         foe_at=(0, -3), expect={"hex": [0, 1], "kamae": "G"}),
    # (M2{*}; R2) or [D] R1; K+1; DRAW≤2 or [B] DRAW≤3 -- K+1 to B makes the [B] draw available
    Case("G06", ("option 2", "rotate left 1", "kamae Balance", "option 2", "draw 3"), kamae="D",
         foe_at=(0, -3), top=("G13", "G10", "G18"),
         expect={"facing": 5, "kamae": "B", "hand_has": ["G13", "G10", "G18"]}),
    # M1{*}; R2; DRAW≤2 or foe: REV; K→D
    Case("G07", ("step back", "rotate right 2", "option 2"), foe_hand=("G10", "G13"),
         expect={"hex": [0, 1], "facing": 2, "kamae": "D", "knows": ["G10", "G13"],
                 "log": "the Master shows its hand to the Ronin"}),
    # M1{0}; m1{0}; [B] R1; foes≤5: NOMOVE; [D] DRAW≤2; K→A
    Case("G08", ("stop", "rotate right 1"), kamae="B", foe_at=(0, -3),
         expect={"hex": [0, -1], "facing": 1, "kamae": "A", "log": "the Master may not step or rotate"}),
    # M1{1,5} or [A] M1{1,2,4,5}; ATK FL/F/FR 1; K→B
    Case("G09", ("step forward-right",), foe_at=(1, -2),
         expect={"hex": [1, -1], "foe_wounds": 1, "kamae": "B"}),
    # M1{0,1,5}; [B] R1; ATK (0,1)1; hit: STUN
    Case("G10", ("step forward",), foe_at=(0, -2), expect={"foe_wounds": 1, "foe_stuns": 1}),
    # the additional: DRAW≤2; K→any, after a Quick Stab
    Case("G11", ("play Calm Composure", "draw 2", "kamae Determination"), host="G04", foe_at=(0, -3),
         top=("G13", "G10"), expect={"kamae": "D", "hand_has": ["G13", "G10"]}),
    # 3/[A]6: m1{0}; [D] R1; ATK (0,2)2; hit: STUN; K→A
    Case("G12", ("initiative 6", "stop"), kamae="A", foe_at=(0, -2),
         expect={"foe_wounds": 2, "foe_stuns": 1, "kamae": "A", "log": "at 6: the Ronin resolves Lunging"}),
    # ATK (0,1)2 (1,1)2; [B] DISC1; K→G
    # (its one other card goes at once: a forced discard is no choice)
    Case("G13", (), kamae="B", foe_at=(1, -1), hand=("G10",),
         expect={"foe_wounds": 2, "kamae": "G", "down": ["G10"]}),
    # 6/[A]7: M1{0,3}; [B] R1; ATK (0,1)1; K→B; DRAW≤1
    Case("G14", ("step forward", "draw 1"), at=(0, 1), top=("G13",),
         expect={"hex": [0, 0], "foe_wounds": 1, "kamae": "B", "hand_has": ["G13"]}),
    # R1; [D] m1{1,5}; ATK (0,1)B or [A] ATK (0,1)B+1 -- in D only the first
    Case("G15", ("rotate right 1", "stop"), kamae="D", facing=5,
         expect={"foe_wounds": 0, "foe_bleeding": 1}),
    # BLK BL/FL/F/FR; CTR 5,4,3; blk: STUN ▸ @1: R1; K→D -- against the foe's Pommel Smash at 5
    Case("G16", ("initiative 5", "step forward", "discard Quick Stab", "rotate right 1"),
         at=(0, -2), facing=3, foe_at=(0, 0), foe_facing=0, foe_card="G10", hand=("G04",),
         expect={"wounds": 0, "foe_wounds": 1, "foe_stuns": 1, "kamae": "D", "facing": 4}),
    # R1; BLK (0,1)(1,1); [B] CTR 8,7 -- turned north-west, its front-right is the foe's hex
    Case("G17", ("initiative 8", "rotate left 1", "discard Quick Stab"), kamae="B", at=(0, 1),
         foe_at=(0, 0), foe_facing=3, foe_card="G04", hand=("G04",),
         expect={"wounds": 0, "foe_wounds": 1, "facing": 5}),
    # [B] r1; BLK FL/F/FR ▸ @1: M1{2,3,4}; R1; K+1 (the Ronin: B–D, G–B)
    Case("G18", ("initiative 5", "don't rotate", "step forward", "step back", "rotate right 1",
                 "kamae Determination"), kamae="B", at=(0, -2), facing=3, foe_at=(0, 0), foe_facing=0,
         foe_card="G10", expect={"wounds": 0, "hex": [0, -3], "facing": 4, "kamae": "D"}),
    # DISC1 then (... or (DISC1; SRCH) or ...)
    # (the second discard is forced: one card left)
    Case("M00", ("discard Quick Stab", "option 3", "take Wild Swing"),
         hand=("G04", "G10"), up=("G13",), foe_at=(0, -3),
         expect={"hand_has": ["G13"], "down": ["G04", "G10"], "up": []}),
    # K→any; PLAYFOE -- the foe's face-up Pommel Smash, played as the Master's own
    Case("M01", ("kamae Aggression", "step forward"), foe_at=(0, -2),
         foe_up=("G10",), expect={"kamae": "A", "foe_wounds": 1, "foe_stuns": 1, "foe_up_has": ["G10"]}),
    # m1{1,5}; r1; ATK (1,1)1; hit: K→any
    Case("M02", ("stop", "don't rotate", "kamae Determination"), foe_at=(1, -1),
         expect={"foe_wounds": 1, "kamae": "D"}),
    # the additional: [A] SRCH[atk] or [D] SRCH[def] or [B] SRCH[med] -- in D: the defence card
    Case("M03", ("play Bladed Echo",), host="G04", kamae="D", up=("G18", "G13"), foe_at=(0, -3),
         expect={"hand_has": ["G18"], "up": ["G04", "G13", "M03"]}),
    # foe: (REV; TUCK≤3); K→any -- one card tucked, one drawn back
    Case("M04", ("take Pommel Smash", "done", "kamae Balance"), foe_hand=("G10", "G13"),
         # (2 after the tuck, and the next round's draw)
         expect={"kamae": "B", "foe_hand_size": 3, "log": "the Master shuffles 1 of the Ronin's cards"}),
    # the additional: [A] m1{*}; [D] DRAW≤2; [B] foe≤2: (PUSH1 or PULL1)
    Case("M05", ("rotate right 1", "play Eye of the Dragon", "option 1"), host="G04", kamae="B", foe_at=(0, -2),
         expect={"foe_hex": [0, -3]}),
    # m1{*}; r1; TOP3; foe≤3: GIVE3
    Case("M06", ("stop", "don't rotate", "take Wild Swing", "give Calm Defence"), foe_at=(0, -2),
         top=("G13", "G10", "G18"), foe_top=("G18", "G04", "G04"),
         expect={"hand_has": ["G13"], "foe_hand_has": ["G18"]}),
    # replaces a meditation: [A] M1{0,3}; [B/D] r1; ATK (3,1)1; K→any
    Case("M07", ("play Dragon Tail", "don't rotate", "kamae Aggression"), host="G07", kamae="D",
         foe_at=(0, 1), expect={"foe_wounds": 1, "kamae": "A"}),
    # req:B/D; r3; BLK FL/F/FR; blk: REV -- against the foe's Quick Stab at 8
    Case("M08", ("initiative 8", "don't rotate"), kamae="B", at=(0, -1), facing=3, foe_at=(0, 0),
         foe_facing=0, foe_card="G04", foe_hand=("G04", "G13"),
         expect={"wounds": 0, "knows": ["G04", "G13"], "log": "the Ronin shows its hand to the Master"}),
    # the additional: cond:blk; DRAW≤2; foes: FDRAW 2 -- inside the attack Stone Block stops
    Case("M09", ("initiative 5", "step forward", "pass", "play Tainted Wisdom", "draw 2"), host="G16",
         at=(0, -2), facing=3, foe_at=(0, 0), foe_facing=0, foe_card="G10", top=("G13", "G10"),
         expect={"wounds": 0, "hand_has": ["G13", "G10"], "foe_hand_size": 3 + 1}),
    # m1{2,3,4}; ATK FL/F/FR; ...; [D] hit: FDISC1
    Case("M10", ("stop",), kamae="D", expect={"foe_wounds": 1, "foe_up_has": ["G04"]}),
    # ... [A] r1; ... or [A] ATK (0,1)2
    Case("M11", ("don't rotate",), kamae="A", expect={"foe_wounds": 2}),
    # m1{1,5}; [A] m1{0}; r2; [B] DRAW≤2; [D] SRCH; K+1 (the Master: L–B)
    Case("M12", ("step forward-right", "rotate left 2", "draw 2", "kamae Lotus"), kamae="B",
         foe_at=(0, -3), top=("G13", "G10"),
         expect={"hex": [1, -1], "facing": 4, "kamae": "L", "hand_has": ["G13", "G10"]}),
    # DISC1 then (... or TOP3 or ...)
    Case("S00", ("option 3", "take Wild Swing"), hand=("G04",), foe_at=(0, -3),
         top=("G13", "G10"), expect={"hand_has": ["G13"], "down": ["G04"]}),
    # [A] ATK (5,1)2 (0,1)2 (4,1)1; hit: K→any; [A] hit: STUN ▸ @4: [B] m1{2,3,4}; [B] r1; [D] SRCH
    # -- the K→B comes first, so the [A] stun's gate fails (gates are checked as they come)
    Case("S01", ("kamae Balance", "step back", "don't rotate"), kamae="A",
         expect={"foe_wounds": 2, "foe_stuns": 0, "kamae": "B", "hex": [0, 1]}),
    # M1{1,5}; m1{1,5}; r1; ATK FL/F/FR; K→A
    Case("S02", ("step forward-right", "stop", "don't rotate"), foe_at=(1, -2),
         expect={"hex": [1, -1], "foe_wounds": 1, "kamae": "A"}),
    # SHUF≤3; DRAW≤3; K→any
    Case("S03", ("shuffle back Wild Swing", "done", "draw 3", "kamae Determination"), up=("G13", "G10"),
         foe_at=(0, -3), expect={"up": ["G10", "S03"], "kamae": "D", "drawn": 3}),
    # SRCH; SRCH -- a face-up card and a face-down one
    Case("S04", ("take Wild Swing", "take Pommel Smash"), up=("G13",), down=("G10",), foe_at=(0, -3),
         expect={"hand_has": ["G13", "G10"], "up": ["S04"], "down": []}),
    # the additional: cond:blk; blk1: (TROT1; TSTEP; FDISC1); K→any -- on Calm Defence
    Case("S05", ("initiative 5", "don't rotate", "step forward", "play Stalking Tiger Paw", "turn it right 1",
                 "kamae Aggression"), host="G18", at=(0, -2), facing=3, foe_at=(0, 0), foe_facing=0,
         foe_card="G10", kamae="B",
         expect={"wounds": 0, "foe_facing": 1, "foe_hex": [1, -2], "foe_up_has": ["G04"]}),
    # 5/[A]7 ▸ 3: ATK FL/F/FR; [D] hit: FDISC1 ▸ @3: m1{*}; r1; foe: REV
    Case("S06", ("discard Wild Swing", "stop", "don't rotate"), kamae="D", foe_hand=("G04", "G13"),
         expect={"foe_wounds": 1, "foe_up_has": ["G13"], "knows": ["G04"],
                 "log": "the Master shows its hand to the Student"}),
    # req:B/D; BLK F/FR/BR; blk: FK→any; blk: K+1 (the Student: L–B, B→G)
    Case("S07", ("initiative 5", "step forward", "kamae Determination", "kamae Lotus"), kamae="B",
         at=(0, -2), facing=3, foe_at=(0, 0), foe_facing=0, foe_card="G10",
         expect={"wounds": 0, "foe_kamae": "D", "kamae": "L"}),
    # R1 or (M1{1,5}; R1); ATK (0,1)1 (1,1)1
    Case("S08", ("option 2", "step forward-right", "rotate left 1"), foe_at=(0, -1),
         expect={"hex": [1, -1], "facing": 5, "foe_wounds": 1}),
    # replaces a meditation: r1; ATK (0,1)1 (1,1)1; hit: TROT1
    Case("S09", ("play Turning Slash", "don't rotate", "turn it left 1"), host="G07",
         expect={"foe_wounds": 1, "foe_facing": 2}),
    # ATK (5,1)1 (0,1)1 ▸ @4: M1{0} or R1
    Case("S10", ("option 2", "rotate right 1"), foe_at=(-1, 0), expect={"foe_wounds": 1, "facing": 1}),
    # BLK (0,1); blk: SWAP ▸ @5: m1{2,4}; r2 -- against the foe's Wild Swing at 7
    Case("S11", ("stop", "don't rotate"), at=(0, -2), facing=3, foe_at=(0, -1), foe_facing=0,
         foe_card="G13", expect={"wounds": 0, "hex": [0, -1], "foe_hex": [0, -2]}),
    # m1{*}; r1; K+1; [D] TOP3; [B] r2 (the Student: G–D)
    Case("S12", ("stop", "don't rotate", "kamae Determination", "take Pommel Smash"), foe_at=(0, -3),
         top=("G13", "G10"), expect={"kamae": "D", "hand_has": ["G10"]}),
    # DISC1 then (... or K→any or ...)
    Case("R00", ("option 3", "kamae Determination"), hand=("G04",), foe_at=(0, -3),
         expect={"kamae": "D", "down": ["G04"]}),
    # [A] ATK (*,2)2 ▸ @5: M1{0}; ATK (0,1)2
    Case("R01", (), kamae="A", foe_at=(1, -2), expect={"foe_wounds": 2, "hex": [0, -1]}),
    # the additional, Heavy Armour: then the foe's Wild Swing's 2 wounds give 1 and a stun
    Case("R02", ("play Heavy Armour",), host="G04", foe_card="G13",
         expect={"foe_wounds": 1, "wounds": 1, "stuns": 1, "armour": "R02", "up": ["G04"]}),
    # [A] M1{0}; [A] ATK (0,1)2 (1,1)2 ▸ @5: M1{0}; ATK (5,1)1 (0,1)1
    Case("R03", (), kamae="A", at=(0, 1), foe_at=(1, -1), expect={"foe_wounds": 2, "hex": [0, -1]}),
    # M1{2,3,4}; ATK (0,2)2; [A] hit: PUSH1
    Case("R04", ("step back",), kamae="A", expect={"foe_wounds": 2, "foe_hex": [0, -2]}),
    # foes≤3: (CANCEL; STUN) ▸ @3: [A] m2{*}; [A] r2 -- the foe's Idle Strike (3) never comes
    Case("R05", ("stop", "don't rotate"), kamae="A", foe_card="M10",
         expect={"wounds": 0, "foe_stuns": 1, "log": "the Master's card is cancelled"}),
    # ATK BR/FR/(0.5,2)/(0,2) ▸ @1: m1{2,3,4}; [D] K→A
    Case("R06", ("stop",), kamae="D", foe_at=(1, -1), expect={"foe_wounds": 1, "kamae": "A"}),
    # the additional: req:A; cond:hit; CONVB
    Case("R07", ("play Ripping Claws",), host="G04", kamae="A", at=(0, 1),
         expect={"foe_wounds": 0, "foe_bleeding": 1}),
    # [D] m1{0}; [D] r1; BLK FL/F/FR; CTR 6,5,4; blk: TROT1; [D] K+2 -- against Pommel Smash at 5
    Case("R08", ("initiative 5", "stop", "don't rotate", "kamae Gateway", "step forward", "discard Quick Stab",
                 "turn it right 1"), kamae="D", at=(0, -2), facing=3, foe_at=(0, 0), foe_facing=0,
         foe_card="G10", hand=("G04",),
         expect={"wounds": 0, "foe_wounds": 1, "foe_facing": 1, "kamae": "G"}),
    # replaces a meditation: M1{0,1,5}; ATK (0,1)B; hit: STUN
    Case("R09", ("play Wolf Pounce", "step forward"), host="G07", foe_at=(0, -2),
         expect={"foe_bleeding": 1, "foe_stuns": 1}),
    # M1{0,1,5}; R1; ATK (0.5,2)1 (0,2)1 ▸ @2: r1; DRAW≤1; [B] DRAW≤2
    Case("R10", ("step forward", "rotate right 1", "don't rotate", "draw 1"), at=(0, 1), foe_at=(2, -2),
         top=("G13",), expect={"foe_wounds": 1, "hand_has": ["G13"]}),
    # (m1{2,3,4}; r1) or [B] (m1{*}; r2); DRAW≤3
    Case("R11", ("option 2", "step forward", "rotate right 2", "draw 3"), kamae="B", foe_at=(0, -3),
         top=("G13", "G10", "G18"), expect={"hex": [0, -1], "facing": 2, "hand_has": ["G13", "G10", "G18"]}),
    # M1{0}; m1{0}; r1; ATK UNBL (0,1)0; hit: STUN; hit: TROT1; hit: PUSH1; hit: K→A
    # (the second step has no free hex: it is skipped, no choice)
    Case("R12", ("don't rotate", "turn it right 1"), at=(0, 1), foe_at=(0, -1),
         expect={"foe_wounds": 0, "foe_stuns": 1, "foe_facing": 4, "foe_hex": [0, -2], "kamae": "A"}),
    # DISC1 then (... or SRCH[atk] or ...)
    Case("V00", ("option 3", "take Wild Swing"), hand=("G10",), up=("G13",),
         foe_at=(0, -3), expect={"hand_has": ["G13"], "down": ["G10"]}),
    # the additional: cond:hit; hit1: (PUSH1 or SWAP or CONVB) -- the push
    Case("V01", ("play Blazing Roar", "option 1"), host="G04", expect={"foe_wounds": 1, "foe_hex": [0, -2]}),
    # req:A; M1{0,1}; ATK (1,1)1 (0,2)2 (0.5,2)3 (1,2)1 -- the half-cell: 3 wounds
    Case("V02", ("step forward",), kamae="A", at=(0, 1), foe_at=(1, -2), expect={"foe_wounds": 3}),
    # the additional: R1; SRCH[atk] or SRCH[def]; K→D
    Case("V03", ("play Blind Spot", "rotate right 1", "option 2"), host="G04", up=("G18",), foe_at=(0, -3),
         expect={"hand_has": ["G18"], "kamae": "D", "facing": 1}),
    # [A] M1 or [D] M1 or [B] R2; SHUF; DRAW≤5 -- in B only the rotation
    Case("V04", ("rotate right 2", "draw 5"), kamae="B", up=("G13",), foe_at=(0, -3),
         expect={"facing": 2, "up": ["V04"], "drawn": 5}),
    # 6/[D]3: M1{3} or [B] M1{0,1,5}; ATK F/FR/(5.5,2)
    Case("V05", (), foe_at=(-1, 0), expect={"hex": [0, 1], "foe_wounds": 1}),
    # (M1{*}; R1) or [B] (M2{*}; R2); K→A
    Case("V06", ("option 2", "step back", "step back", "rotate right 2"), kamae="B", foe_at=(0, -3),
         expect={"hex": [0, 2], "facing": 2, "kamae": "A"}),
    # 5/[D]8: M1{3} or [B] ...; ATK FL/F/(0.5,2); K→A
    Case("V07", ("initiative 8",), kamae="D", foe_at=(1, -1),
         expect={"hex": [0, 1], "foe_wounds": 1, "kamae": "A"}),
    # replaces a meditation: req:A; [A] M1{0,1,5}; ATK (0,1)1
    Case("V08", ("play Short Strike", "step forward"), host="G07", kamae="A", foe_at=(0, -2),
         expect={"foe_wounds": 1}),
    # ATK ...(0,2)...; hit: PUSH1; [B/D] hit: FDISC1; hit: K→A
    Case("V09", (), kamae="D", foe_at=(0, -2),
         expect={"foe_wounds": 1, "foe_hex": [0, -3], "foe_up_has": ["G04"], "kamae": "A"}),
    # BLK BL/FL/F; CTR 8; blk: (PUSH1 or SWAP); [D] K→A -- against Quick Stab at 8
    Case("V10", ("initiative 8", "discard Quick Stab", "option 1"), kamae="D", at=(0, -1), facing=3,
         foe_at=(0, 0), foe_facing=0, foe_card="G04", hand=("G04",),
         expect={"wounds": 0, "foe_wounds": 1, "foe_hex": [0, 1], "kamae": "A"}),
    # M1{0,1,5}; [A] R1; ATK (0,1)1; hit: STUN
    Case("V11", ("step forward",), foe_at=(0, -2), expect={"foe_wounds": 1, "foe_stuns": 1}),
    # ATK FR/BR; hit: TROT2 ▸ @5: [B] (M1{*}; R1) or [D] (M1{0,1,5}; R1)
    Case("V12", ("turn it right 2", "step forward", "rotate right 1"), kamae="D", foe_at=(1, -1),
         expect={"foe_wounds": 1, "foe_facing": 5, "hex": [0, -1], "facing": 1}),
]


def test_every_card_has_a_case():
    assert sorted(c.card for c in CASES) == sorted(c.id for c in CARDS)


def _build(case: Case):
    card = CARDS_BY_ID[case.card]
    owner = case.owner or (SAMURAI_OF[card.id[0]] if card.owner else "ronin")
    foe = case.foe or ("master" if owner != "master" else "ronin")
    played = case.host or case.card
    mine = [] if card.is_core else [played] + ([case.card] if case.host else [])
    mine += list(case.hand)
    extra = list(case.up) + list(case.down) + list(case.top)
    foe_cards = [case.foe_card] if case.foe_card else []
    extra = extra if not card.is_core else extra
    foe_held = foe_cards + list(case.foe_hand)
    t = Table([owner, foe], decks=[deck_with(mine + extra),
                                   deck_with(foe_held + list(case.foe_top) + list(case.foe_up))])
    t.hand(0, mine).hand(1, foe_held, stuns=0 if case.foe_card else 1)
    if case.up or case.down:
        t.discards(0, up=case.up, down=case.down)
    if case.foe_up:
        t.discards(1, up=case.foe_up)
    if case.top:
        t.pile_top(0, list(case.top))
    if case.foe_top:
        t.pile_top(1, list(case.foe_top))
    t.at(0, case.at, case.facing).at(1, case.foe_at, case.foe_facing).kamae(0, case.kamae)
    s = t.state()
    first = CARDS_BY_ID[played].name
    s.apply({0: f"play {first}", 1: f"play {CARDS_BY_ID[case.foe_card].name}" if case.foe_card
             else "play a stun card"})
    return s


def _hand(s, seat):
    return [c["id"] for c in s.view(seat)["hand"] for _ in range(c["count"])]


@pytest.mark.parametrize("case", CASES, ids=[c.card for c in CASES])
def test_each_card_does_what_its_line_says(case):
    s = _build(case)
    skip_windows(s)
    for name in case.moves:
        skip_windows(s)
        s.apply(name)
    skip_windows(s)
    me, foe = console(s, 0), console(s, 1)
    e = case.expect
    checks = {
        "wounds": me["wounds"], "bleeding": me["bleeding"], "stuns": me["stuns"],
        "foe_wounds": foe["wounds"], "foe_bleeding": foe["bleeding"], "foe_stuns": foe["stuns"],
        "hex": me["hex"], "facing": me["facing"], "kamae": me["kamae"], "foe_hex": foe["hex"],
        "foe_facing": foe["facing"], "foe_kamae": foe["kamae"], "armour": me["armour"],
        "advantage": s.fields()["advantage"][0], "up": sorted(me["discards_face_up"]),
        "down": sorted(s.fields()["discards_face_down"][0]), "foe_hand_size": foe["hand_size"],
    }
    for key, want in e.items():
        if key in ("hand_has", "foe_hand_has", "foe_up_has", "knows", "log", "drawn"):
            continue
        got = checks[key]
        if key in ("up", "down"):
            want = sorted(want)
        assert got == want, f"{case.card}: {key} is {got!r}, the line says {want!r}"
    hand = _hand(s, 0)
    for c in e.get("hand_has", ()):
        assert c in hand, f"{case.card}: {c} not in hand {hand}"
    for c in e.get("foe_hand_has", ()):
        assert c in _hand(s, 1), f"{case.card}: {c} not in the foe's hand"
    for c in e.get("foe_up_has", ()):
        assert c in foe["discards_face_up"], f"{case.card}: {c} not face up in the foe's discards"
    if "knows" in e:        # what the owner knows of the foe's hand (REV)
        assert sorted(s.view(0)["samurai"][1]["known_cards"]) == sorted(e["knows"])
    if "log" in e:
        assert any(e["log"] in t for t in texts(s)), f"{case.card}: no step says {e['log']!r}"
    if "drawn" in e:
        assert any(st["step"] == "draw" and st.get("cards") == e["drawn"] for st in s.steps())
