"""Senjutsu's card data and its action grammar (rules/senjutsu.md, 3.1-3.3).

Every card of the rulings parses, with the structure the grammar's binding
rules give it; the words a player reads come from the same parse tree; a
malformed line gives one ``CardDataError`` naming the card and the column,
and nothing else ever escapes the parser (Hypothesis feeds it garbage).
"""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from ninja_dojo.engine.senjutsu import cards as sc
from ninja_dojo.engine.senjutsu.cards import CardDataError, parse_actions

# The card IDs of the rulings' tables 3.2 and 3.3, written out here.
GENERIC = [f"G{i:02d}" for i in range(1, 19)]
SIGNATURE = [f"{k}{i:02d}" for k in "MSRV" for i in range(13)]


def test_every_card_of_the_rulings_is_in_the_data_and_parses():
    assert [c.id for c in sc.CARDS] == GENERIC + SIGNATURE
    for card in sc.CARDS:
        tree = parse_actions(card.actions, card.id)
        assert tree.kids, card.id
        assert card.words()
    # one compiled root per segment, and the split cards have two
    assert [len(r) for r in sc.COMPILED.roots].count(2) == sum(1 for c in sc.CARDS if c.init.later)
    assert len(sc.COMPILED.roots) == 70


def _shape(node):
    """A compact view of a parse tree: op(kids...)."""
    inner = ",".join(_shape(k) for k in node.kids)
    return f"{node.op}({inner})" if node.kids else node.op


@pytest.mark.parametrize("text,shape", [
    # 'or' binds tighter than ';'; a group's ( ) keeps its sequence together
    ("(M2{*}; R2) or [D] R1; K+1", "seq(or(seq(move,rotate),gate(rotate)),kplus)"),
    # a gate covers the single alternative it precedes
    ("[A] M1{0,1,5} or [D] M1{2,3,4} or [B] R2; SHUF", "seq(or(gate(move),gate(move),gate(rotate)),shuffle)"),
    ("DRAW≤2 or [B] DRAW≤3", "seq(or(draw,gate(draw)))"),
    # a gate, then a trigger prefix, then the action
    ("ATK (0,1)1; [A] hit: STUN", "seq(attack,gate(each(stun)))"),
    # a target prefix covers the group after it
    ("foes≤3: (CANCEL; STUN)", "seq(target(seq(cancel,stun)))"),
    ("[B] foe≤2: (PUSH1 or PULL1)", "seq(gate(target(or(push,pull))))"),
    # C then X: the cost, then what it pays for
    ("DISC1 then ((m1{*}; r2) or DRAW≤2)", "seq(then(disc,or(seq(move,rotate),draw)))"),
    # blk: and CTR stand at the segment's top level
    ("BLK (0,1); [B] CTR 8,7; blk: SWAP", "seq(block,gate(counter),trigger(swap))"),
])
def test_binding(text, shape):
    assert _shape(parse_actions(text, "T01").kids[0]) == shape


def test_segments_and_their_initiatives():
    card = sc.CARDS_BY_ID["G16"]            # Stone Block: 6-2 ▸ 1
    assert (card.init.lo, card.init.hi, card.init.later) == (2, 6, (1,))
    assert [s.args["init"] for s in card.segments[1:]] == [1]
    card = sc.CARDS_BY_ID["S06"]            # Insightful Blow: 5/[A]7 ▸ 3
    assert (card.init.lo, card.init.hi, card.init.alt_kamae, card.init.alt, card.init.later) == (5, 5, "A", 7, (3,))
    assert sc.CARDS_BY_ID["G11"].init.joins
    assert sc.parse_initiative("9-2", "x").text == "9-2"


def test_cells_wounds_and_meta():
    tree = parse_actions("req:B/D; ATK UNBL (0,1)B+1 (0.5,2)3 (*,2)0", "T02")
    seg = tree.kids[0]
    assert seg.kids[0].op == "req" and seg.kids[0].args["kamae"] == "BD"
    atk = seg.kids[1]
    assert atk.args["unblockable"]
    assert atk.args["cells"] == [(0, 1, 1, 1), (1, 2, 3, 0), (sc.ALL_RING, 2, 0, 0)]
    assert len(sc.expand_cells(atk.args["cells"])) == 14
    assert sc.CARDS_BY_ID["R07"].req == "A" and sc.CARDS_BY_ID["R07"].cond == "hit"


def test_the_attack_grid_follows_the_facing():
    # (0,1) is the hex in front; facing north that is (0,-1), facing south-east (1,0).
    assert sc.cell_offset(0, 0, 1) == (0, -1)
    assert sc.cell_offset(2, 0, 1) == (1, 0)
    # the half-cell (0.5, 2) is DIR[f] + DIR[f+1]
    assert sc.cell_offset(0, 1, 2) == (1, -2)
    grid = sc.CARDS_BY_ID["G13"].grids()[0]     # Wild Swing: front 2, front-right 2
    assert [(g["offset"], g["wounds"]) for g in grid] == [((0, -1), "2 wounds"), ((1, -1), "2 wounds")]


@pytest.mark.parametrize("cid,words", [
    ("G04", "in Aggression: step 1 hex forward; in Balance: rotate 1 hexside; "
            "attack the hex in front for 1 wound"),
    ("G10", "step 1 hex forward, forward-right or forward-left; in Balance: rotate 1 hexside; "
            "attack the hex in front for 1 wound; if hit: stun"),
    ("G07", "step 1 hex in any direction; rotate 1 to 2 hexsides one way; draw up to 2 or "
            "a foe: it shows you its hand this round; kamae to Determination"),
    ("R05", "every foe within 3: (cancel the rest of its card; stun) ▸ at 3: in Aggression: you may "
            "step up to 2 hexes in any direction; in Aggression: you may rotate up to 2 hexsides"),
])
def test_a_card_in_words(cid, words):
    assert sc.CARDS_BY_ID[cid].words() == words


@pytest.mark.parametrize("text,column,message", [
    ("M1{0}; FLY 2", 8, "unknown action 'FLY 2'"),
    ("M1{0,7}", 1, "direction '7'"),
    ("ATK (0,1)", 10, "expected the cell's wounds"),
    ("ATK (0.5,1)1", 5, "half-cells and (*,k) are ring-2 cells only"),
    ("[X] R1", 1, "kamae 'X' in a gate"),
    ("[G] R1", 1, "only A, B, D satisfy gates"),
    ("(M1{0}; R1", 11, "expected ')'"),
    ("R1 R2", 4, "expected ';', 'or' or the end"),
    ("STUN", 1, "STUN needs a target"),
    ("R1; blk: STUN", 5, "blk: needs a BLK before it"),
    ("hit: STUN", 1, "hit: needs an ATK before it"),
    ("R1; req:A", 5, "req: must come first"),
    ("BLK (0,1); R1 or blk: STUN", 18, "blk: must stand at the segment's top level"),
    ("", 1, "expected an action, found the end"),
])
def test_a_malformed_line_names_the_card_and_the_column(text, column, message):
    with pytest.raises(CardDataError) as e:
        parse_actions(text, "G99")
    assert str(e.value).startswith(f"G99: column {column}: "), str(e.value)
    assert message in str(e.value)


TOKENS = ["M1{0}", "m2{*}", "R1", "r3", "ATK", "UNBL", "(0,1)2", "(0.5,2)B", "(*,2)1", "BLK", "(1,1)",
          "CTR 5,4", "DRAW≤2", "FDRAW 2", "DISC1", "FDISC1", "STUN", "PUSH1", "PULL1", "TROT2", "TSTEP",
          "SWAP", "K+1", "K→A", "K→any", "FK→any", "SRCH", "SRCH[atk]", "TOP3", "SHUF", "SHUF≤3", "REV",
          "ADV", "CANCEL", "NOMOVE", "CONVB", "PLAYFOE", "TUCK≤3", "GIVE3", "ARMOUR", ";", "or", "then",
          "(", ")", "[A]", "[B/D]", "foe:", "foes≤5:", "hit1:", "blk1:", "hit:", "blk:", "req:A",
          "cond:hit", "▸ @4:", "{", "}", "≤", "→", "@", ":", "[", "]", "x", "9"]


@settings(max_examples=400)
@given(st.lists(st.sampled_from(TOKENS), max_size=14), st.text(max_size=6))
def test_garbage_gives_the_parser_error_and_nothing_else(tokens, noise):
    text = " ".join(tokens) + noise
    try:
        parse_actions(text, "Z01")
    except CardDataError as e:
        assert re.match(r"^Z01: column \d+: ", str(e)), str(e)


def _data_with(old, new):
    text = sc.DATA.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("old,new,message", [
    ("G04 | Quick Stab          | 128 | W·atk    | 8          | [A] M1{0}",
     "G04 | Quick Stab          | 128 | W·atk    | 8          | [A] M9{0}", "G04: column 5: steps 9"),
    ("| W·atk    | 8          | [A] M1{0}", "| W·atk    | 8 ▸ 3      | [A] M1{0}", "G04: 1 segments in the actions, 2"),
    ("| G·def·R  | 9-2", "| G·def·Q  | 9-2", "G02: kind 'G·def·Q'"),
    ("ronin    | The Ronin    | R | 56", "ronin    | The Ronin    | R | fifty-six", "setup initiative"),
    ("G04x3 G10x3", "G04x3 G99x3", "'G99x3' is not a card ID"),
])
def test_a_wrong_data_file_names_the_card_or_line(old, new, message):
    with pytest.raises(CardDataError) as e:
        sc.read_data(_data_with(old, new))
    assert message in str(e.value)
    sc.read_data(sc.DATA.read_text(encoding="utf-8"))     # the names of the kamae are back
