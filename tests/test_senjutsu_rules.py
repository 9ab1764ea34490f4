"""Senjutsu rules, from the rulebook (seeds/003, beta V4) and the rulings
(rules/senjutsu.md): the example round as an exact test, then the rulings
point by point.  Positions are built by hand (tests/senjutsu_table.py) and
loaded through the position codec; every decision is taken by name, as a
player takes it.
"""
from __future__ import annotations

from tests.senjutsu_table import Table, deck_with

RONIN, MASTER = 0, 1


def legal(s, seat=None):
    return [a.name for a in s.legal_actions(seat)]


def play(s, *moves):
    """Apply each move; returns the steps of the last one's round so far."""
    for m in moves:
        s.apply(m)
    return s.steps()


def texts(s):
    return [st["text"] for st in s.steps()]


def console(s, seat):
    return s.view(seat)["samurai"][seat]


# ------------------------------------------------------------ example round

def test_the_rulebook_example_round():
    """The rulebook's example, three rounds.  Its pictures are lost; read as
    ruling 2 says: Red is the Ronin (the only tree with a G-B branch one
    step from the gate), Yellow the Master, with the advantage (setup
    initiative 74 against 56).  The hexes the pictures showed are chosen so
    that the text's moves make sense: Red starts on (0,2) facing north,
    Yellow on (0,-2) facing south (their zones' default hexes)."""
    t = (Table(["ronin", "master"])
         .hand(RONIN, ["G03", "G13", "G04", "G10", "G18"])          # Swift Mind, Wild Swing...
         .hand(MASTER, ["G06", "G18", "G04", "M10", "M11"])         # Firm Mind, Calm Defence...
         .at(RONIN, (0, 2), 0).at(MASTER, (0, -2), 3))
    s = t.state()
    assert s.fields()["advantage"] == [MASTER, RONIN]
    # Round 1: Red plays Swift Mind (9), Yellow Firm Mind (5); Red first.
    s.apply({RONIN: "play Swift Mind", MASTER: "play Firm Mind"})
    assert legal(s) == ["pass"]                 # replacement window (i), advantage order: Yellow...
    assert s.movers() == [MASTER]
    s.apply("pass")
    assert s.movers() == [RONIN]                # ...then Red
    s.apply("pass")
    assert "at 9: the Ronin resolves Swift Mind" in texts(s)[-1]
    # "Red moves into the front left hex and uses the optional rotate"
    play(s, "step forward-left", "stop", "rotate right 1")
    v = console(s, RONIN)
    assert v["hex"] == [-1, 2] and v["facing_name"] == "north-east"
    # DRAW≤2 (Red draws none: the text says nothing of it), K+1 kept at the gate:
    # "neither player are in a kamae yet"
    assert legal(s) == ["draw 0", "draw 1", "draw 2"]
    play(s, "draw 0", "kamae Gateway", "pass", "pass")    # Red's additional window, Yellow's replacement (ii)
    assert "at 5: the Master resolves Firm Mind" in texts(s)[-1]
    # "Yellow uses the optional directions to move forward two hexes, rotate once
    # and then draws 2 cards": Firm Mind's first alternative is the only one met
    # in the gate, so it runs at once; M2 stays mandatory, its directions free.
    assert legal(s) == ["step forward", "step forward-right", "step back-right", "step back",
                        "step back-left", "step forward-left"]
    play(s, "step forward", "step forward", "rotate right 1", "kamae Gateway")
    before = console(s, MASTER)["hand_size"]
    play(s, "draw 2")
    assert console(s, MASTER)["hand_size"] == before + 2
    v = console(s, MASTER)
    assert v["hex"] == [0, 0] and v["facing_name"] == "south-west"
    assert [(st["card"], st["initiative"]) for st in s.steps() if st["step"] == "segment"] == \
        [("G03", 9), ("G06", 5)]
    s.apply("pass")
    # The discard phase: 6 cards in Yellow's hand, one goes face down (ruling 2).
    assert s.fields()["decision"] == "discard" and s.movers() == [MASTER]
    down = len(s.fields()["discards_face_down"][MASTER])
    s.apply("discard Masterful Cut")
    assert len(s.fields()["discards_face_down"][MASTER]) == down + 1
    assert s.view(RONIN)["samurai"][MASTER]["discards_face_up"] == ["G06"]     # Firm Mind, face up
    # Round 2: both play their cores at 0; Yellow has the advantage and goes
    # first, "discarding a card immediately to use this card" (face down).
    s.apply({RONIN: "play Ronin Core", MASTER: "play Master Core"})
    assert texts(s)[-1].startswith("at 0: the Master resolves Master Core")
    assert s.fields()["decision"] == "discard" and s.movers() == [MASTER]
    play(s, "discard Quick Stab")
    assert "the Master discards a card face down" in texts(s)
    assert legal(s) == ["option 1", "option 2", "option 3", "option 4"]
    # "Yellow decides to use their move action"
    play(s, "option 1", "step forward-left", "don't rotate")
    assert console(s, MASTER)["hex"] == [0, 1]
    assert texts(s)[-1].startswith("at 0: the Ronin resolves Ronin Core")
    # "...whilst Red decides to change their kamae one branch from their
    # starting gate to 'Balanced' kamae"
    play(s, "discard Pommel Smash", "option 4")
    assert legal(s) == ["kamae Gateway", "kamae Aggression", "kamae Balance"]
    play(s, "kamae Balance")
    assert console(s, RONIN)["kamae_name"] == "Balance"
    # Round 3: Red Wild Swing (7), Yellow Calm Defence (6 to 2).
    assert s.fields()["round"] == 3
    s.apply({RONIN: "play Wild Swing", MASTER: "play Calm Defence"})
    play(s, "pass", "pass")
    assert legal(s) == [f"initiative {v}" for v in range(2, 7)]
    play(s, "initiative 6")
    # "Red inflicts two wounds to Yellow which they draw face up immediately"
    v = console(s, MASTER)
    assert (v["wounds"], v["health_left"]) == (2, 3)
    assert s.view(-1)["last_attack"]["hexes"] == [[0, 1], [0, 2]]       # front and front-right of Red
    # "Red then also discards 1 card (as the kamae ability is activated)"
    assert s.fields()["decision"] == "discard" and s.movers() == [RONIN]
    play(s, "discard Quick Stab")
    assert console(s, RONIN)["kamae_name"] == "Gateway"                # K→G
    play(s, "pass", "pass")                         # Red's additional, Yellow's replacement (ii)
    # "Yellow then resolves their ability card by failing to defend": the block
    # is at 6, the attack was at 7 (ruling 12).
    assert "the Master blocks at 6" in texts(s)
    play(s, "pass")
    # "...then forced to step back 1 hex of their choice"
    assert legal(s) == ["step back-right", "step back", "step back-left"]
    play(s, "step back")
    assert console(s, MASTER)["hex"] == [1, 0]


# ------------------------------------------------------------ helpers

WINDOWS = ("replacement", "additional")


def skip_windows(s):
    """Pass every instant window that offers nothing but pass."""
    while not s.is_terminal() and s.fields()["decision"] in WINDOWS and legal(s) == ["pass"]:
        s.apply("pass")


def go(s, *names):
    """Take each decision by name, passing the empty instant windows between."""
    for name in names:
        skip_windows(s)
        s.apply(name)
    skip_windows(s)
    return s


def duel(card, owner="ronin", foe="master", kamae="G", at=(0, 0), facing=0, foe_at=(0, -1), foe_facing=3,
         hand=(), foe_hand=("G04",), foe_stuns=1, terrain="none", extra=None, owner_deck=None):
    """``owner`` (seat 0) plays ``card``; ``foe`` (seat 1) plays a stun card."""
    mine = [card, *hand]
    t = Table([owner, foe], decks=[owner_deck or deck_with(mine), deck_with(list(foe_hand))],
              terrain=terrain)
    t.hand(0, mine).hand(1, list(foe_hand), stuns=foe_stuns)
    t.at(0, at, facing).at(1, foe_at, foe_facing).kamae(0, kamae)
    if extra:
        extra(t)
    s = t.state()
    from ninja_dojo.engine.senjutsu.cards import CARDS_BY_ID
    s.apply({0: f"play {CARDS_BY_ID[card].name}", 1: "play a stun card"})
    skip_windows(s)
    return s


# ------------------------------------------------------------ movement and collisions

def test_a_mandatory_step_into_the_edge_stuns_the_mover_and_its_card_goes_on():
    # Horizontal Cut (G09) in the gate: M1{1,5}; ATK...; K→B.  On (0,-3) facing
    # north both forward-right and forward-left are off the board (ruling 10).
    s = duel("G09", at=(0, -3), foe_at=(2, 0))
    go(s)
    v = console(s, 0)
    assert v["hex"] == [0, -3] and v["stuns"] == 1
    assert v["kamae_name"] == "Balance"                   # the card went on to K→B
    assert any(st["step"] == "collision" and "the edge" in st["text"] for st in s.steps())


def test_a_mandatory_step_into_a_samurai_stuns_both_and_cancels_the_movers_card():
    # On (-1,-2) facing north: forward-left is off the board, forward-right
    # (0,-3) holds the Master; the Ronin picks where to collide (ruling 10).
    s = duel("G09", at=(-1, -2), foe_at=(0, -3))
    assert legal(s) == ["collide forward-right", "collide forward-left"]
    go(s, "collide forward-right")
    me, foe = console(s, 0), console(s, 1)
    assert me["hex"] == [-1, -2] and foe["hex"] == [0, -3]
    assert (me["stuns"], foe["stuns"]) == (1, 1 + 0)      # the foe played its stun: 1 - 1 + 1
    assert me["kamae_name"] == "Gateway"                  # no attack, no K→B
    kinds = [st["step"] for st in s.steps()]
    assert "cancel" in kinds and "attack" not in kinds


def test_stepping_into_terrain_is_a_collision_with_terrain():
    # T1 puts a stone on (0,0): Quick Stab in Aggression steps forward into it.
    s = duel("G04", kamae="A", at=(0, 1), foe_at=(2, -2), terrain="T1")
    go(s)
    me = console(s, 0)
    assert me["hex"] == [0, 1] and me["stuns"] == 1
    assert any(st["step"] == "collision" and "terrain" in st["text"] for st in s.steps())
    assert any(st["step"] == "attack" for st in s.steps())        # the card goes on


def test_optional_steps_use_free_hexes_only():
    # Swift Mind: m2{*}; a foe in front: "step forward" is not offered.
    s = duel("G03", foe_at=(0, -1))
    assert "step forward" not in legal(s) and "stop" in legal(s)
    assert len(legal(s)) == 6


def test_nomove_skips_the_targets_steps_and_rotations_this_round():
    # War Cry (G08, 7): M1{0}; m1{0}; [B] R1; foes≤5: NOMOVE; [D] DRAW≤2; K→A.
    # The Master's Firm Mind at 5 then moves nothing; its K+1 and draw remain.
    t = (Table(["ronin", "master"], decks=[deck_with(["G08"]), deck_with(["G06"])])
         .hand(0, ["G08"]).hand(1, ["G06", "G04"]).at(0, (0, 0), 0).at(1, (0, -3), 3))
    s = t.state()
    s.apply({0: "play War Cry", 1: "play Firm Mind"})
    go(s, "stop")
    assert "the Master may not step or rotate by its cards this round" in texts(s)
    assert console(s, 0)["hex"] == [0, -1] and console(s, 0)["kamae_name"] == "Aggression"
    assert s.movers() == [1] and legal(s) == ["kamae Gateway", "kamae Lotus"]    # no step asked
    go(s, "kamae Lotus", "draw 2")
    foe = console(s, 1)
    assert foe["hex"] == [0, -3] and foe["facing"] == 3 and foe["kamae"] == "L"


# ------------------------------------------------------------ attacks and blocks

def test_an_attack_hits_every_samurai_in_its_cells_with_the_cells_wounds():
    # Crimson Whirlwind (R01) in Aggression: every hex 2 away for 2 wounds.
    t = (Table(["ronin", "master", "student"], decks=[deck_with(["R01"]), None, None])
         .hand(0, ["R01"]).hand(1, [], stuns=1).hand(2, [], stuns=1).kamae(0, "A")
         .at(0, (0, 0), 0).at(1, (0, -2), 3).at(2, (1, 1), 3))
    s = t.state()
    s.apply({0: "play Crimson Whirlwind", 1: "play a stun card", 2: "play a stun card"})
    skip_windows(s)
    first, second = [st for st in s.steps() if st["step"] == "attack"]
    assert first["hit"] == [1, 2] and len(first["hexes"]) == 12
    # ▸ @5: M1{0}; ATK (0,1)2 -- a step north, and the Master is in front
    assert second["hit"] == [1] and second["hexes"] == [[0, -2]]
    assert console(s, 1)["wounds"] == 4 and console(s, 2)["wounds"] == 2


def test_bleeding_and_bleeding_plus_a_wound():
    # Severing Cut (G15): R1; [D] m1{1,5}; ATK (0,1)B or [A] ATK (0,1)B+1.
    s = duel("G15", kamae="A", at=(0, 0), facing=5, foe_at=(0, -1))
    go(s, "rotate right 1")
    assert legal(s) == ["option 1", "option 2"]       # both alternatives' gates are met
    go(s, "option 2")
    assert (console(s, 1)["wounds"], console(s, 1)["bleeding"]) == (1, 1)
    s = duel("G15", kamae="B", at=(0, 0), facing=5, foe_at=(0, -1))
    go(s, "rotate right 1")
    assert (console(s, 1)["wounds"], console(s, 1)["bleeding"]) == (0, 1)


def test_a_block_stops_an_attacker_standing_on_a_block_hex():
    # The Master's Wind Block (G17, 8-5): R1; BLK (0,1)(1,1).  Turned to the
    # north-west on (0,1), its front-right hex is (0,0), where the Ronin stands
    # and strikes with Quick Stab at 8: blocked at 8, not at 5 (a block
    # protects only its own step, ruling 12).
    def setup(block_init):
        t = (Table(["ronin", "master"], decks=[deck_with([]), deck_with(["G17"])])
             .hand(0, ["G04"]).hand(1, ["G17", "G04"]).at(0, (0, 0), 3).at(1, (0, 1), 0))
        s = t.state()
        s.apply({0: "play Quick Stab", 1: "play Wind Block"})
        return go(s, f"initiative {block_init}", "rotate left 1")
    s = setup(8)
    att = [st for st in s.steps() if st["step"] == "attack"][0]
    assert att["blocked"] == [1] and att["hit"] == [] and console(s, 1)["wounds"] == 0
    s = setup(5)
    att = [st for st in s.steps() if st["step"] == "attack"][0]
    assert att["hit"] == [1] and console(s, 1)["wounds"] == 1


def test_a_block_stops_an_attack_whose_every_shortest_path_crosses_a_block_hex():
    # Lunging Thrust (G12, 3/[A]6): ATK (0,2)2 from two hexes away.  The Master
    # faces the Ronin and blocks its front hex, the only hex between them.
    t = (Table(["ronin", "master"], decks=[deck_with(["G12"]), deck_with(["G18"])])
         .hand(0, ["G12"]).hand(1, ["G18", "G04"]).at(0, (0, 0), 0).at(1, (0, -2), 3))
    s = t.state()
    s.apply({0: "play Lunging Thrust", 1: "play Calm Defence"})
    go(s, "initiative 3", "stop")
    att = [st for st in s.steps() if st["step"] == "attack"][0]
    assert att["blocked"] == [1] and console(s, 1)["wounds"] == 0


def test_a_block_stops_a_half_cell_attack_only_if_both_shortest_paths_cross_it():
    # Feral Sweep (R06, 6): its half-cell (0.5,2) from (0,0) facing north is
    # (1,-2), where the Master stands.  Two shortest paths lead there: through
    # (0,-1) and through (1,-1).  Wind Block (front, front-right) turned to the
    # south-east covers (1,-1) only: the Ronin's attack goes round it.  Calm
    # Defence facing south (front-left, front, front-right) covers both.
    def attack_on(block, *moves):
        t = (Table(["ronin", "master"], decks=[deck_with(["R06"]), deck_with([block])])
             .hand(0, ["R06"]).hand(1, [block, "G04"]).at(0, (0, 0), 0).at(1, (1, -2), 3))
        s = t.state()
        s.apply({0: "play Feral Sweep", 1: f"play {'Wind Block' if block == 'G17' else 'Calm Defence'}"})
        go(s, "initiative 6", *moves)
        return [st for st in s.steps() if st["step"] == "attack"][0]
    att = attack_on("G17", "rotate left 1")
    assert att["hit"] == [1] and att["blocked"] == []
    att = attack_on("G18")
    assert att["blocked"] == [1] and att["hit"] == []


def test_unblockable_ignores_blocks():
    # Oxen Barge (R12, 5): ATK UNBL (0,1)0; hit: STUN... against a block at 5.
    t = (Table(["ronin", "master"], decks=[deck_with(["R12"]), deck_with(["G17"])])
         .hand(0, ["R12"]).hand(1, ["G17", "G04"]).at(0, (0, 1), 0).at(1, (0, -1), 3))
    s = t.state()
    s.apply({0: "play Oxen Barge", 1: "play Wind Block"})
    # The Master turns to the south-east: its front-right block hex is (0,0),
    # where the Ronin's mandatory step takes it.
    go(s, "initiative 5", "rotate left 1", "don't rotate", "turn it right 1")
    att = [st for st in s.steps() if st["step"] == "attack"][0]
    assert att["hit"] == [1] and att["blocked"] == []
    assert "the Master takes a stun card" in texts(s)
    assert console(s, 1)["hex"] == [0, -2] and console(s, 0)["kamae_name"] == "Aggression"


# ------------------------------------------------------------ counters and blk: triggers

def stone_block_against_pommel_smash(block_init):
    """The Master's Stone Block (6-2 ▸ 1; CTR 5,4,3; blk: STUN) against the
    Ronin's Pommel Smash (5), or a Headbutt (4) when the block is at 4... the
    attack lands on the Master's front hex from (0,-1)."""
    t = (Table(["ronin", "master"], decks=[deck_with(["G10"]), deck_with(["G16"])])
         .hand(0, ["G10", "G04"]).hand(1, ["G16", "G04", "G04"]).at(0, (0, 0), 0).at(1, (0, -2), 3))
    s = t.state()
    s.apply({0: "play Pommel Smash", 1: "play Stone Block"})
    return go(s, f"initiative {block_init}", "step forward")


def test_a_counter_inside_the_attack_it_answers():
    s = stone_block_against_pommel_smash(5)
    # ruling 13: the counter first (its listed order), inside the attack
    assert s.movers() == [1] and legal(s) == ["pass", "discard Quick Stab"]
    go(s, "discard Quick Stab")
    me = console(s, 0)
    assert me["wounds"] == 1 and me["stuns"] == 1          # the counter's wound, then blk: STUN
    seq = [st["step"] for st in s.steps()]
    assert seq.index("counter") < seq.index("stun")
    assert console(s, 1)["wounds"] == 0                     # the Smash was blocked: no hit: STUN
    # the counter's card went face down: the Ronin sees only a count
    assert s.view(0)["samurai"][1]["discards_face_down"] == 1


def test_no_counter_outside_its_initiatives_but_the_trigger_still_fires():
    # Stone Block at 6 cannot match an attack at 5 ... so block at 5 with the
    # Lunging Thrust instead: here the Pommel Smash (5) meets a block at 5
    # whose counter list would need 5: shown above.  At 6 the block does
    # not stop the attack at all (ruling 12), so neither fires.
    s = stone_block_against_pommel_smash(6)
    assert console(s, 1)["wounds"] == 1 and console(s, 1)["stuns"] == 1    # hit: STUN on the Master
    assert "counter" not in [st["step"] for st in s.steps()]


def test_a_counter_is_offered_only_at_a_listed_initiative():
    # Wind Block (8-5): [B] CTR 8,7; [D] CTR 6,5.  In Determination, blocking
    # Quick Stab at 8: no counter (8 is not in 6,5); the Master is asked nothing.
    t = (Table(["ronin", "master"], decks=[deck_with([]), deck_with(["G17"])])
         .hand(0, ["G04"]).hand(1, ["G17", "G04"]).at(0, (0, 0), 3).at(1, (0, 1), 0).kamae(1, "D"))
    s = t.state()
    s.apply({0: "play Quick Stab", 1: "play Wind Block"})
    go(s, "initiative 8", "rotate left 1")
    assert [st for st in s.steps() if st["step"] == "attack"][0]["blocked"] == [1]
    assert "counter" not in [st["step"] for st in s.steps()] and console(s, 0)["wounds"] == 0


# ------------------------------------------------------------ instants

def test_a_replacement_after_reveal_and_its_initiative():
    # Window (i): the Ronin replaces Quick Stab (attack) with Evasive Step
    # (defence, 9-6), then fixes its initiative (ruling 18).
    t = (Table(["ronin", "master"], decks=[deck_with(["G05"]), None])
         .hand(0, ["G04", "G05"]).hand(1, ["M10"]).at(0, (0, 0), 0).at(1, (0, -2), 3))
    s = t.state()
    s.apply({0: "play Quick Stab", 1: "play Idle Strike"})
    assert s.movers() == [0] and legal(s) == ["pass", "play Evasive Step"]   # the Master holds nothing
    go(s, "play Evasive Step")
    assert legal(s) == [f"initiative {v}" for v in (6, 7, 8, 9)]
    go(s, "initiative 9", "step back")
    assert console(s, 0)["hex"] == [0, 1]
    assert console(s, 0)["discards_face_up"] == [] and console(s, 0)["replacement"] == "G05"


def test_a_replacement_after_a_segment_resolves_at_the_step_now_or_below():
    # Window (ii): after the Ronin's Swift Mind at 9 the Master replaces Firm
    # Mind (5) with Evasive Step (9-6): it resolves at 9, the highest of its
    # values at or below the step now resolving (ruling 18).
    t = (Table(["ronin", "master"], decks=[deck_with(["G03"]), deck_with(["G06", "G05"])])
         .hand(0, ["G03", "G04"]).hand(1, ["G06", "G05", "G04"]).at(0, (0, 0), 0).at(1, (0, -2), 3))
    s = t.state()
    s.apply({0: "play Swift Mind", 1: "play Firm Mind"})
    assert s.movers() == [1] and legal(s) == ["pass", "play Evasive Step"]     # window (i): not yet
    go(s, "pass", "stop", "don't rotate", "draw 0", "kamae Gateway")
    assert s.movers() == [1] and legal(s) == ["pass", "play Evasive Step"]
    go(s, "play Evasive Step")
    assert "the Master replaces Firm Mind with Evasive Step (initiative 9)" in texts(s)
    assert texts(s)[-1].startswith("at 9: the Master resolves Evasive Step")


def test_a_late_replacement_below_its_range_resolves_at_the_step_now():
    # After Idle Strike (3) the Student's Turning Slash (6) can only come at 3.
    t = (Table(["student", "master"], decks=[deck_with(["G07", "S09"]), None])
         .hand(0, ["G07", "S09", "G04"]).hand(1, ["M10", "G04"]).at(0, (0, 0), 0).at(1, (0, -3), 3))
    s = t.state()
    s.apply({0: "play Deep Meditation", 1: "play Idle Strike"})
    go(s, "pass")         # window (i); the Master's Idle Strike at 3 cannot step back, hits nobody
    assert legal(s) == ["pass", "play Turning Slash"]
    go(s, "play Turning Slash")
    assert "the Student replaces Deep Meditation with Turning Slash (initiative 3)" in texts(s)


def test_an_additional_joins_a_segment_of_another_type():
    # Calm Composure (G11, meditation, =): DRAW≤2; K→any, after the Ronin's
    # Quick Stab (attack).  On a meditation it is not offered (ruling 18).
    t = (Table(["ronin", "master"], decks=[deck_with(["G11"]), None])
         .hand(0, ["G04", "G11"]).hand(1, ["M10"]).at(0, (0, 0), 0).at(1, (0, -2), 3))
    s = t.state()
    s.apply({0: "play Quick Stab", 1: "play Idle Strike"})
    go(s)                                 # window (i) offers only pass: an additional is no replacement
    assert s.fields()["decision"] == "additional" and legal(s) == ["pass", "play Calm Composure"]
    go(s, "play Calm Composure", "draw 2", "kamae Balance")
    assert console(s, 0)["kamae_name"] == "Balance"
    assert "the Ronin adds Calm Composure to Quick Stab" in texts(s)
    t = (Table(["ronin", "master"], decks=[deck_with(["G11", "G03"]), None])
         .hand(0, ["G03", "G11"]).hand(1, ["M10"]).at(0, (0, 0), 0).at(1, (0, -2), 3))
    s = t.state()
    s.apply({0: "play Swift Mind", 1: "play Idle Strike"})
    s.apply("pass")                   # window (i): asked, it holds a card
    for name in ("stop", "don't rotate", "draw 0", "kamae Gateway"):
        s.apply(name)
    assert s.fields()["decision"] == "additional" and legal(s) == ["pass"]   # asked all the same


def test_one_additional_a_round():
    # Bull Rush (R03, 7 ▸ 5) in Aggression: [A] M1{0}; [A] ATK (0,1)2 (1,1)2
    # ▸ @5: M1{0}; ATK (5,1)1 (0,1)1.  The first segment hits the Master on
    # (1,-1), the second the Student on (0,-2).  Ripping Claws (R07: req:A;
    # cond:hit; CONVB) joins the first; the second copy is not offered after
    # the second segment (ruling 18: one additional a round).
    t = (Table(["ronin", "master", "student"], decks=[deck_with(["R03", "R07", "R07"]), None, None])
         .hand(0, ["R03", "R07", "R07"]).hand(1, [], stuns=1).hand(2, [], stuns=1).kamae(0, "A")
         .at(0, (0, 1), 0).at(1, (1, -1), 3).at(2, (0, -2), 3))
    s = t.state()
    s.apply({0: "play Bull Rush", 1: "play a stun card", 2: "play a stun card"})
    go(s)
    assert legal(s) == ["pass", "play Ripping Claws"]
    go(s, "play Ripping Claws")
    assert s.fields()["round"] == 2                          # nothing more was asked
    assert (console(s, 1)["wounds"], console(s, 1)["bleeding"]) == (0, 2)   # CONVB on the Master's 2
    assert (console(s, 2)["wounds"], console(s, 2)["bleeding"]) == (1, 0)   # the Student: not converted
    assert [st["step"] for st in s.steps()].count("additional") == 1


def test_cond_hit_needs_the_joined_segment_to_have_hit():
    # Blazing Roar (V01): cond:hit; hit1: (PUSH1 or SWAP or CONVB) after Headbutt.
    t = (Table(["vengeful", "master"], decks=[deck_with(["V11", "V01"]), None])
         .hand(0, ["V11", "V01"]).hand(1, ["M10"]).at(0, (0, 0), 0).at(1, (0, -2), 3))
    s = t.state()
    s.apply({0: "play Headbutt", 1: "play Idle Strike"})
    go(s, "step forward")                      # (0,-1): the Master is in front, hit
    assert legal(s) == ["pass", "play Blazing Roar"]
    go(s, "play Blazing Roar", "option 3")     # CONVB: the Headbutt's wound becomes bleeding
    m = console(s, 1)
    assert (m["wounds"], m["bleeding"]) == (0, 1)
    # missed: not offered
    t.at(1, (2, -2), 3)
    s = t.state()
    s.apply({0: "play Headbutt", 1: "play Idle Strike"})
    go(s, "step forward")
    assert s.fields()["decision"] != "additional" or legal(s) == ["pass"]


def test_cond_blk_inside_the_attack_the_block_stops():
    # Tainted Wisdom (M09): cond:blk; DRAW≤2; foes: FDRAW 2, right after the
    # triggers of the first attack the Master's Stone Block stops (ruling 13).
    t = (Table(["ronin", "master"], decks=[deck_with(["G10"]), deck_with(["G16", "M09"])])
         .hand(0, ["G10", "G04"]).hand(1, ["G16", "M09", "G04"]).at(0, (0, 0), 0).at(1, (0, -2), 3))
    s = t.state()
    s.apply({0: "play Pommel Smash", 1: "play Stone Block"})
    play(s, "pass", "pass", "initiative 5")
    assert s.movers() == [1] and legal(s) == ["pass"]       # after its own segment: cond:blk not yet
    go(s, "step forward", "pass")                           # no counter
    assert legal(s) == ["pass", "play Tainted Wisdom"]
    hand = console(s, 0)["hand_size"]
    go(s, "play Tainted Wisdom", "draw 2")
    assert console(s, 0)["hand_size"] == hand + 2           # foes: FDRAW 2
    assert "the Master adds Tainted Wisdom to Stone Block" in texts(s)


# ------------------------------------------------------------ defeat

def test_defeat_by_wounds_ends_a_duel():
    t = (Table(["ronin", "master"]).hand(0, ["G04"]).hand(1, ["M10"]).wounds(1, 3, 1)
         .at(0, (0, 0), 0).at(1, (0, -1), 3))
    s = t.state()
    s.apply({0: "play Quick Stab", 1: "play Idle Strike"})
    go(s)
    assert s.is_terminal() and s.returns() == [1.0, 0.0] and s.scores() == [5, 0]
    assert "the Master falls" in texts(s) and "the Ronin is the last samurai standing" in texts(s)


def test_samurai_falling_together_share_a_draw():
    # Both at 4 wounds with empty piles: the draw phase wounds both (ruling 1),
    # they fall at the same check (ruling 15): a draw.
    t = (Table(["ronin", "master"]).hand(0, ["G04"]).hand(1, ["M10"]).wounds(0, 4).wounds(1, 2, 2)
         .empty_pile(0).empty_pile(1).at(0, (0, 0), 0).at(1, (0, -3), 3))
    s = t.state()
    s.apply({0: "play Quick Stab", 1: "play Idle Strike"})      # nobody is hit
    go(s)
    assert s.is_terminal() and s.returns() == [0.5, 0.5]
    assert "everyone left fell at once: the Ronin and the Master share a draw" in texts(s)


def test_more_than_five_stun_cards_in_hand_is_a_defeat():
    # The Master holds 5 stuns and a Quick Stab; Pommel Smash stuns it: six.
    t = (Table(["ronin", "master", "student"])
         .hand(0, ["G10"]).hand(1, ["G04"], stuns=5).hand(2, ["G04"])
         .at(0, (0, 0), 0).at(1, (0, -2), 3).at(2, (3, -3), 4))
    s = t.state()
    s.apply({0: "play Pommel Smash", 1: "play Quick Stab", 2: "play Quick Stab"})
    go(s, "step forward")
    assert s.fields()["round"] == 2 and s.fields()["standing"] == [0, 2]
    steps = texts(s)
    assert steps.index("discard phase: hands down to the limit") < steps.index("the Master falls")
    assert s.fields()["stuns"][1] == 6


def test_an_empty_deck_wounds_each_card_not_drawn():
    # Tainted Wisdom's foes: FDRAW 2 on a one-card pile: one card and one wound.
    t = (Table(["ronin", "master"], decks=[deck_with(["G10"]), deck_with(["G16", "M09"])])
         .hand(0, ["G10", "G04"]).hand(1, ["G16", "M09", "G04"]).at(0, (0, 0), 0).at(1, (0, -2), 3)
         .empty_pile(0, keep=1))
    s = t.state()
    s.apply({0: "play Pommel Smash", 1: "play Stone Block"})
    go(s, "initiative 5", "step forward", "pass", "play Tainted Wisdom", "draw 2")
    assert "the Ronin draws 1 and takes 1 wound(s) for an empty deck" in texts(s)
    assert console(s, 0)["wounds"] == 1


# ------------------------------------------------------------ push and pull

def test_pull_draws_the_target_along_the_ray_and_into_the_source_is_a_collision():
    # Eye of the Dragon (M05), in Balance: foe≤2: (PUSH1 or PULL1), joined to
    # the Master's Quick Stab (Balance: R1 first).
    def eye(foe_at, foe_cards, foe_play):
        t = (Table(["master", "ronin"], decks=[deck_with(["M05"]), None])
             .hand(0, ["G04", "M05"]).hand(1, foe_cards, stuns=0 if foe_play != "stun" else 1).kamae(0, "B")
             .at(0, (0, 0), 0).at(1, foe_at, 3))
        s = t.state()
        s.apply({0: "play Quick Stab", 1: "play a stun card" if foe_play == "stun" else f"play {foe_play}"})
        return go(s, "rotate right 1", "play Eye of the Dragon", "option 2")
    s = eye((0, -2), ["G04"], "stun")
    assert console(s, 1)["hex"] == [0, -1]                  # pulled one hex along the north ray
    # From the hex next to the Master the pull is into its hex: a collision
    # (ruling 16): both take a stun, the Ronin (the mover) loses its card.
    s = eye((1, -1), ["G04", "G10"], "Pommel Smash")
    assert console(s, 1)["hex"] == [1, -1]
    assert console(s, 0)["stuns"] == 1 and console(s, 1)["stuns"] == 1
    assert "the Ronin's card is cancelled by the collision" in texts(s)
    assert not any(st["step"] == "segment" and st["seat"] == 1 for st in s.steps())


def test_a_push_off_the_rays_goes_along_one_of_the_two_nearest_the_source_picks():
    # Warding Arc's half-cell (5.5,2) from (0,0) facing north is (-1,-1),
    # between the north and north-west rays (ruling 16).
    t = (Table(["vengeful", "master"], decks=[deck_with(["V09"]), None]).hand(0, ["V09"])
         .hand(1, ["G04"], stuns=1).at(0, (0, 0), 0).at(1, (-1, -1), 3))
    s = t.state()
    s.apply({0: "play Warding Arc", 1: "play a stun card"})
    go(s)
    assert legal(s) == ["along the north ray", "along the north-west ray"]
    go(s, "along the north-west ray")
    assert console(s, 1)["hex"] == [-2, -1]


def test_a_push_into_the_edge_stuns_the_pushed():
    # Reverse Carved Fang (R04) in Aggression: M1 back, ATK (0,2)2, [A] hit: PUSH1.
    s = duel("R04", kamae="A", at=(0, -2), foe_at=(0, -3))
    assert legal(s) == ["step back-right", "step back", "step back-left"]
    go(s, "step back")                      # to (0,-1): (0,-3) is 2 ahead
    foe = console(s, 1)
    assert foe["wounds"] == 2 and foe["hex"] == [0, -3] and foe["stuns"] == 1     # pushed into the edge
    assert any(st["step"] == "collision" and "the edge" in st["text"] for st in s.steps())
