"""Senjutsu in the dojo app, played by key presses: whole duels and melees
against novice AIs, every decision of a 4-player game checked on screen at
80×24, the attack and block hexes on the field as the cards resolve, the
deck builder (a broken rule named at once, fixed, saved, played), hot seat,
save and resume."""
from __future__ import annotations


from ninja_dojo.engine import new_game
from ninja_dojo.engine import senjutsu as sj
from ninja_dojo.engine.state import replay
from tests.snapshot_apps.dojo_pilot import check_essentials_whole, make_app, settle, wait_for
from ninja_dojo.tui.match import MatchSetup, plan_seats
from ninja_dojo.tui.screens.end import EndScreen
from ninja_dojo.tui.games.senjutsu.board import SenjutsuBoard
from ninja_dojo.tui.games.senjutsu.field import field_marks
from ninja_dojo.tui.games.senjutsu.words import ATTACK_STYLE, BLOCK_STYLE

SMALL = (80, 24)


def check_everything_shows(game) -> None:
    """At a decision: the field, the consoles, the hand, the question, every
    option and the card panel lie whole inside the game's area; each option
    is one line that shows its whole label; the prompt is one line."""
    board = game.board
    essentials = check_essentials_whole(game, SMALL[0])
    # every option is on screen (a page of them, the cursor's), with its key
    shown = [w for w in essentials if w.has_class("sj-option")]
    assert len(shown) == min(len(board.legal), len(shown)) and shown, "no option on screen"
    if len(board.legal) <= len(shown):
        assert len(shown) == len(board.legal)
    # the hand: every card of the view, in the hand lines on screen
    hand = board.view.get("hand") or []
    words = str(board.query_one("#sj-hand").render())
    for card in hand:
        init = card["initiative"].split(" ")[0].split("/")[0]
        assert init in words, (card["name"], words)
    assert len(board.hand_shown) == sum(c["count"] for c in hand)
    # the samurai standing are all on the field
    field = board.query_one("#sj-field")
    standing = [c for c in board.view["samurai"] if c["standing"] and c["hex"] is not None]
    assert all(tuple(c["hex"]) in field.marks for c in standing)


async def play_by_keys(pilot, game, *, check=False, limit=3000) -> int:
    """Answer every decision by its key until the end screen: mostly the
    novice's move (the games stay short), every fourth a varying option (the
    cursor and enter reach one past the tenth).  The number of decisions."""
    turn = 0
    while not game.finished:
        await settle(pilot, game)
        if game.finished:
            break
        if game.covered:
            await pilot.press("enter")
            continue
        if check:
            check_everything_shows(game)
        board = game.board
        legal = board.legal
        if turn % 4 == 3:
            action = legal[(turn * 7) % len(legal)]
        else:
            action = game.match.state.policy_action(game.actor, seed=turn)
        keys = board.key_for(action.id)
        before = len(game.match.state.history)
        if keys is None:
            board.reselect(action)
            keys = "enter"
        await pilot.press(*keys.split())
        if not board.one_key and keys != "enter":
            await pilot.press("enter")
        await wait_for(pilot, lambda: len(game.match.state.history) > before or game.finished,
                       what="the move to be played")
        turn += 1
        assert turn < limit, "the game did not end"
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, EndScreen), what="end screen")
    return turn


async def start(pilot, players, seed, kinds=None, size=None, **options):
    app = pilot.app
    kinds = kinds or ["human"] + ["novice"] * (players - 1)
    await app.start_match(MatchSetup("senjutsu", plan_seats(players, kinds), seed, options))
    await wait_for(pilot, lambda: app.game_screen is not None, what="the game")
    await settle(pilot, app.game_screen)
    return app.game_screen


async def test_a_duel_against_a_novice_to_the_end(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(pilot, 2, 36, samurai="ronin,master")
        assert isinstance(game.board, SenjutsuBoard) and not game.compact
        decisions = await play_by_keys(pilot, game)
        state = game.match.state
        assert state.is_terminal() and decisions > 10
        assert replay("senjutsu", state.options, 36, state.history) == state
        log = game.game_log.lines_written
        assert any(line.startswith("the Ronin reveals ") for line in log)
        assert any(" attacks: " in line for line in log)
        assert "── Round 2 ──" in log
        end = app.screen
        winner = str(end.query_one("#winner").render())
        outcome = state.outcome()
        if len(outcome.winners) == 1:
            assert game.match.names[outcome.winners[0]] in winner and "stand" in winner
        else:
            assert "draw" in winner.lower()
        # The replay: back from the end, move by move, the field as it was.
        from ninja_dojo.tui.screens.replay import ReplayScreen
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), what="the replay")
        await pilot.press("home", "right", "right")
        board = app.screen.query_one("#replay-board")
        placed = [c for c in board.view["samurai"] if c["hex"] is not None]
        assert board.view["phase"] in ("place", "select") and len(placed) == 2
        await pilot.press("escape")


def test_the_story_never_names_a_card_chosen_in_secret():
    """A melee of novices: no line of any move's story names a card that a
    hidden choice (a face-down discard, a search, a top-3 pick...) took,
    unless the engine's public steps name it."""
    from ninja_dojo.solver.players import GreedyPlayer
    from ninja_dojo.tui.match import ai_seed
    from ninja_dojo.tui.games.senjutsu.story import HIDDEN
    s = new_game("senjutsu", 4, 3)
    player = GreedyPlayer()
    names = ["A", "B", "C", "D"]
    secret = 0
    while not s.is_terminal():
        before, before_steps = s.view(-1), s.steps()
        moves = {m: player.choose(s, m, ai_seed(s, m)) for m in s.movers()}
        s.apply(moves)
        steps = s.steps()
        if steps[:len(before_steps)] == before_steps:
            steps = steps[len(before_steps):]
        lines = " ".join(f.line or "" for f in SenjutsuBoard.story(before, s.view(-1), steps, names, moves))
        told = " ".join(step["text"] for step in steps)
        for seat, action in moves.items():
            if before["decision"]["kind"] in HIDDEN and action.name != "pass":
                secret += 1
                card = action.name.split(" ", 1)[1] if " " in action.name else action.name
                assert action.name not in lines and (card not in lines or card in told), (action, lines)
    assert secret > 20


async def test_a_four_player_melee_at_80x24_shows_all_a_player_needs(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        game = await start(pilot, 4, 32)
        assert game.compact and not game.too_small
        decisions = await play_by_keys(pilot, game, check=True)
        assert decisions > 20 and game.match.state.is_terminal()
        end = app.screen
        assert end.query_one("#winner").region.y < SMALL[1]


async def test_below_80x24_one_line_asks_for_a_larger_terminal(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(79, 24)) as pilot:
        game = await start(pilot, 4, 3)
        assert game.too_small
        assert str(game.query_one("#too-small").render()) == \
            "Enlarge the terminal to at least 80×24 (it is 79×24)."


# --------------------------------------------------- attacks and blocks shown
def card_hexes(card: str, index: int | None, kind: str, hex_, facing: int) -> set:
    """Where the attack or block cells of a card's segment (``None``: all of
    them) fall for a samurai on ``hex_`` facing ``facing``: the card's
    printed grid turned and moved there (from the grid data, not asked of
    the engine)."""
    from ninja_dojo.engine.senjutsu.cards import cell_offset
    out = set()
    grids = sj.card_info(card)["grids"]
    for segment in grids if index is None else [grids[index]]:
        for cell in segment:
            if cell["kind"] == kind:
                dq, dr = cell_offset(facing, cell["dir2"], cell["distance"])
                q, r = hex_[0] + dq, hex_[1] + dr
                if max(abs(q), abs(r), abs(q + r)) <= 3:
                    out.add((q, r))
    return out


def test_every_attack_and_block_is_a_frame_with_its_hexes_on_the_field():
    """Seed 6, the Ronin against the Master played by the novice policy (at
    move 123 the Master's attack is blocked by the Ronin).  Every attack and
    block of the game is a frame of the story whose field paints exactly the
    hexes the card's grid covers from where the samurai stands (red for the
    attack, blue for the block), and the blocked attack names its blocker."""
    from ninja_dojo.solver.players import GreedyPlayer
    from ninja_dojo.tui.match import ai_seed
    s = new_game("senjutsu", 2, 6, samurai="ronin,master")
    player = GreedyPlayer()
    names = ["Ronin's player", "Master's player"]
    attacks = blocks = blocked = 0
    segment_card = {}       # the card each samurai resolves (a segment may span moves)
    while not s.is_terminal():
        before, before_steps = s.view(0), s.steps()
        moves = {m: player.choose(s, m, ai_seed(s, m)) for m in s.movers()}
        s.apply(moves)
        steps = s.steps()
        if steps[:len(before_steps)] == before_steps:
            steps = steps[len(before_steps):]
        frames = SenjutsuBoard.story(before, s.view(0), steps, names, moves)
        lines = [f.line for f in frames]
        for step in steps:
            if step["step"] in ("segment", "play foe's card"):
                segment_card[step["seat"]] = (step["card"], step.get("index"))
            if step["step"] not in ("attack", "block"):
                continue
            frame = frames[lines.index(step["text"])]
            seat = step["seat"]
            me = frame.view["samurai"][seat]
            kind = step["step"]
            painted = {tuple(h) for h in frame.focus[kind]}
            expected = card_hexes(*segment_card[seat], kind, me["hex"], me["facing"])
            assert painted <= expected and (painted or not expected), (step["text"], painted, expected)
            assert frame.focus["card"] == segment_card[seat][0]     # the card panel reads it
            marks = field_marks(frame.view, frame.focus)
            style = ATTACK_STYLE if kind == "attack" else BLOCK_STYLE
            assert all(style in marks[h].style for h in painted)
            if kind == "attack":
                attacks += 1
                hit = [c["seat"] for c in frame.view["samurai"] if c["hex"] and tuple(c["hex"]) in painted]
                assert set(step["hit"]) | set(step["blocked"]) <= set(hit) | set(step["hit"])
                if step["blocked"]:
                    blocked += 1
                    blocker = frame.view["samurai"][step["blocked"][0]]["name"].replace("The", "the")
                    assert f"is blocked by {blocker}" in step["text"]
            else:
                blocks += 1
    assert attacks >= 5 and blocks >= 1 and blocked >= 1


# ------------------------------------------------------------- deck builder
async def test_build_a_deck_see_the_broken_rule_fix_it_save_it_and_play_it(tmp_path, dojo_home):
    from tests.snapshot_apps.dojo_pilot import set_choice
    from ninja_dojo.tui.screens.deck_builder import DeckBuilderScreen
    from ninja_dojo.tui.screens.game import GameScreen
    app = make_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SetupScreen", what="setup")
        await set_choice(pilot, "game-choice", "senjutsu")
        await set_choice(pilot, "players-choice", 2)
        await set_choice(pilot, "seat-2", "novice")
        await set_choice(pilot, "option-samurai-1", "ronin")
        await pilot.press("ctrl+b")
        await wait_for(pilot, lambda: isinstance(app.screen, DeckBuilderScreen), what="deck builder")
        builder = app.screen
        status = lambda: str(builder.query_one("#deck-status").render())      # noqa: E731
        assert "40/40 cards" in status() and "a legal deck" in status()     # the Ronin's preset
        # Dragon Moon Slash (the first card of the pool) added: two rules broken, named at once.
        await pilot.press("a")
        assert "41/40 cards" in status()
        assert "41 cards: a deck has exactly 40" in status()
        assert "2 jade cards (Crimson Whirlwind (R01), Dragon Moon Slash (G01)): only one jade card" \
            in status().replace("\n", " ")
        await pilot.press("s")                       # not saved while a rule is broken
        assert not list((dojo_home / "decks").glob("*.txt")) if (dojo_home / "decks").exists() else True
        # Crimson Whirlwind out: a legal deck again.
        for _ in range(18):
            await pilot.press("down")
        assert builder.current_card().id == "R01"
        await pilot.press("x")
        assert "40/40 cards" in status() and "a legal deck" in status()
        builder.query_one("#deck-name").focus()
        await pilot.press("ctrl+u", *"duel deck", "enter")
        await pilot.press("s")
        path = dojo_home / "decks" / "duel-deck.txt"
        assert path.exists()
        from ninja_dojo.tui.decks import load_deck
        deck = load_deck(path)
        assert deck.samurai == "ronin" and deck.counts["G01"] == 1 and "R01" not in deck.counts
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SetupScreen", what="setup")
        assert app.screen.query_one("#option-deck-1").value == deck.counts     # its cards, not its path
        assert app.screen.query_one("#option-deck-1").label == "duel deck (yours)"
        app.screen.query_one("#players-choice").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), what="the game")
        state = app.screen.match.state
        deck0 = state.options["deck"][0]
        assert deck0 == deck.counts and state.options["samurai"][0] == "ronin"


# ------------------------------------------------------------------ hot seat
async def test_hot_seat_covers_the_board_before_each_person_sees_their_hand(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(pilot, 2, 36, kinds=["human", "human"], samurai="ronin,master")
        covers = []     # (the decision's kind, the seat) each time the keyboard is passed on
        steps_in_a_row = 0
        for _ in range(80):
            await settle(pilot, game)
            kinds = {k for k, _ in covers}
            if game.finished or "select" in kinds and kinds - {"select"} and steps_in_a_row:
                break
            if game.covered:
                seat = game.match.waiting_humans()[0]
                assert game.board.view["seat"] == -1 and not game.board.view["hand"]  # nothing shown
                covers.append((game.match.state.view(seat)["decision"]["kind"], seat))
                await pilot.press("enter")
                continue
            seat = game.actor
            if game.match.state.view(seat)["decision"]["kind"] != "place":    # (a start hex is public)
                assert game.board.view["seat"] == seat       # the person at the keyboard's own view
            if covers and covers[-1][1] == seat:
                steps_in_a_row += 1
            legal = game.board.legal
            action = game.match.state.policy_action(seat, seed=len(game.match.state.history))
            before = len(game.match.state.history)
            await pilot.press(game.board.key_for(action.id) or "enter")
            await wait_for(pilot, lambda: len(game.match.state.history) > before or game.covered
                           or game.match.pending, what="the choice")
            if game.match.pending and len(game.match.state.history) == before:
                continue
            assert action in legal
        kinds = {k for k, _ in covers}
        assert "select" in kinds                       # the secret choice
        assert kinds - {"select"}, covers              # and a private step of the round
        assert steps_in_a_row > 0                      # the same person twice: no cover between


# ------------------------------------------------------------ save, resume
async def test_save_then_resume_where_it_was(tmp_path):
    from ninja_dojo import engine
    from tests.snapshot_apps.dojo_pilot import type_path
    from ninja_dojo.tui.screens.save import SaveScreen
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(pilot, 2, 36, samurai="ronin,master")
        for _ in range(6):
            await settle(pilot, game)
            before = len(game.match.state.history)
            await pilot.press("1")
            await wait_for(pilot, lambda: len(game.match.state.history) > before)
        await settle(pilot, game)
        saved = game.match.state.clone()
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        await type_path(pilot, "duel")
        await wait_for(pilot, lambda: app.screen is game)
        path = tmp_path / "duel.msgpack"
        assert engine.load(path) == saved
        await pilot.press("escape")                     # to the menu: the autosave keeps it
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MenuScreen")
        await pilot.press("c")                          # Continue
        await wait_for(pilot, lambda: app.game_screen is not None and app.game_screen is not game)
        resumed = app.game_screen
        assert resumed.match.state == saved and resumed.match.state.history == saved.history
        await settle(pilot, resumed)
        assert resumed.actor == 0 and resumed.board.view["round"] == saved.view(0)["round"]
        assert resumed.game_log.lines_written[-1].startswith("Game loaded after")


# ---------------------------------------------------------------- snapshots
# Update with ``pytest tests/test_tui_senjutsu.py --snapshot-update`` after
# checking the new pictures by eye.  The default settings (a number selects,
# enter plays; the recap waits for a key), novice AIs, fixed seeds.
def small_app(tmp_path):
    from ninja_dojo.tui.settings import Settings
    return make_app(tmp_path, settings=Settings(step_pause=0))


async def play_until(pilot, game, reached, limit: int = 300) -> None:
    """You play the heuristic's move by its keys (recaps closed by enter)
    until ``reached(view)`` holds at one of your decisions."""
    for turn in range(limit):
        await settle(pilot, game)
        if game.recap_open:
            await pilot.press("enter")
            continue
        if reached(game.board.view):
            return
        action = game.match.state.policy_action(game.actor, seed=turn)
        before = len(game.match.state.history)
        await pilot.press(game.board.key_for(action.id), "enter")
        await wait_for(pilot, lambda: len(game.match.state.history) > before)


async def a_step_shown_on_the_field(pilot):
    """Seed 32: the first step of round 2 or later asked of You; the hexes it
    may enter carry their keys, the card resolving is read in full below."""
    game = await start(pilot, 4, 32)
    await play_until(pilot, game, lambda view: view["decision"]["kind"] == "step" and view["round"] >= 2)
    assert game.board.view["decision"]["kind"] == "step"
    await pilot.pause()


def test_four_players_at_80x24_a_step_shown_on_the_field(snap_compare, tmp_path):
    assert snap_compare(small_app(tmp_path), terminal_size=SMALL, run_before=a_step_shown_on_the_field)


def test_the_deck_builder_at_80x24(snap_compare, tmp_path):
    """The Master's preset: Swift Mind under the cursor, read in full."""
    async def run_before(pilot):
        from ninja_dojo.tui.screens.deck_builder import DeckBuilderScreen
        await pilot.app.push_screen(DeckBuilderScreen("master"))
        await pilot.pause()
        await pilot.press("down", "down")
        await pilot.pause()

    assert snap_compare(small_app(tmp_path), terminal_size=SMALL, run_before=run_before)


async def test_a_click_on_a_hex_chooses_it_and_c_reads_the_hand(tmp_path):
    """The default settings: a click on a start hex selects it (its key on
    the field lights up), a second click plays it.  Then ``c`` reads each
    card of the hand in the card panel, ``d`` shows the kamae trees and
    discards in its place."""
    from ninja_dojo.tui.games.senjutsu.hex_field import position
    app = small_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        game = await start(pilot, 2, 36, samurai="ronin,master")
        board = game.board
        assert board.view["decision"]["kind"] == "place"
        target = next(o for o in board.view["decision"]["options"] if o["hex"] == [1, 2])
        x, y = position((1, 2), 3, 5)
        await pilot.click("#sj-field", offset=(x, y))
        assert board.selected_action().id == target["action"] and game.match.state.history == []
        field = board.query_one("#sj-field")
        assert "bright_white" in field.marks[(1, 2)].style          # the selected hex
        await pilot.click("#sj-field", offset=(x, y))
        await wait_for(pilot, lambda: game.match.state.history != [], what="the placement")
        await settle(pilot, game)
        view = game.match.state.view(0)
        assert view["samurai"][0]["hex"] == [1, 2]
        hand = [c["id"] for c in view["hand"]]
        panel = board.query_one("#sj-card")
        await pilot.press("c")
        assert panel.card_id == hand[0]
        await pilot.press("c")
        assert panel.card_id == hand[1]
        await pilot.press("d")
        details = board.query_one("#sj-details")
        assert details.display and not panel.display
        assert "tree G→A, A–L, G–B, B–D" in str(details.render())          # the Ronin's kamae tree
        await pilot.press("d")
        assert panel.display and not details.display


async def test_at_80x24_the_cards_played_are_whole_one_key_away(tmp_path):
    """The consoles cut a card name longer than 14 letters at 80 columns
    ("Horizontal Cu…"); d shows every samurai's card played this round
    with its name whole."""
    from ninja_dojo.engine import senjutsu as sj
    from tests.snapshot_apps.how_to_play import screen_lines

    def playing(view) -> dict:
        return {seat: sj.card_info(c.get("replacement") or c["selected"])["name"]
                for seat, c in enumerate(view["samurai"])
                if view["phase"] != "select" and c["standing"] and c.get("selected") not in (None, "stun")}

    app = small_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        game = await start(pilot, 4, 32)
        await play_until(pilot, game, lambda view: any(len(name) > 14 for name in playing(view).values()))
        names = playing(game.board.view)
        assert any(len(name) > 14 for name in names.values())
        await pilot.press("d")
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        for name in names.values():
            assert name in text, (name, text)
