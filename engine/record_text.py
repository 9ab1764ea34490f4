"""A game's record as one seat saw it, as text: the deal, then every move.

Chess has PGN; a game of hidden cards needs one more thing, whose record it
is.  A *record text* is a position text (``engine.position_text``) of the
deal as its seat saw it, under ``[start]``, and the moves, one joint move a
line, each seat's move named as the app names it (seats from 1):

    game = "ninjan"
    players = 2
    seat = 1
    moves = [
        {1 = "play 10 Rock", 2 = "play -2 Paper"},
        {2 = "take pile 3"},
    ]

    [start]
    round = 1
    phase = "choose"
    hand = [...]
    ...

``record_of`` writes one from a game the app played; ``replay`` reads one
back, move by move, into positions the seat cannot tell from the real ones:
what it could not see is dealt at random, and dealt again (the game's
determinization) whenever another seat plays a card the deal did not give
it, so that every move of the record is legal where it was played.  A move
no such deal allows is refused in one line naming it.  ``solver review
FILE.toml`` reviews the seat's decisions from these positions.

Games whose records are read: those whose text module says ``RECORD``.
A move is written as its seat saw it (``State.observed``: another seat's
face-down card is only that), and the text module may add two hooks:

- ``pinned(before, after)``: the keys of the position text whose values a
  move's line must say it showed (``seen = {...}``), because the moves'
  names do not: San, Ni, Ichi!'s last round played without a choice; in
  Pride of Ninja the hand passed to the seat, and the rows turned up when
  a round ends.
- ``deal(state, seat, moves, seens, i, seed)``: for a game whose later
  moves show what its deal hid (a draft: the hand passed to you at the
  fifth pick was fixed when the round was dealt), the position before move
  ``i`` with what the seat cannot see dealt again to fit the whole record
  (``seens``: each move's ``seen``, then the record's ``[end]``, ``{}`` if
  none), and the actions that deal plays for the moves it covers.  Called
  at the start and after every move (it changes nothing where the game dealt
  nothing new); its deal is the only one tried.  Any game that deals
  hidden cards the record shows later (a hand drawn, a card revealed at a
  round's end) gives one (Senjutsu's fits each move's deal to what the
  move shows: the cards drawn from a deck nobody saw the order of, a hand
  shown); Nin Jan and San, Ni, Ichi! need none: every
  card there is seen when it is played, so a deal drawn from the past
  alone (the determinization) is dealt again whenever a move needs it.

>>> from ninja_dojo.engine import new_game
>>> s = new_game("ninjan", players=2, seed=3)
>>> _ = s.apply({0: s.legal_action_ids(0)[0], 1: s.legal_action_ids(1)[-1]})
>>> game = replay(record_of(s, 0), seed=1)
>>> game.seat, len(game.plies), game.final.view(0) == s.view(0)
(0, 1, True)
"""
from __future__ import annotations

from dataclasses import dataclass

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.position_text import (HEADER, Entry, header, header_lines, known, options_entry, parse,
                                             position_of, write)
from ninja_dojo.engine.state import Ply, State

#: How many deals are tried for one move before it is called impossible
#: (a move needs a given card in a given hand: at five seats one deal in four
#: or so; a joint move of four such cards, one in a few hundred).
DEALS = 5000


@dataclass(frozen=True)
class RecordedGame:
    """A record read back: its seat, the moves as positions the seat could
    not tell from the real ones, and the position reached."""
    seat: int
    start: State
    plies: tuple[Ply, ...]
    final: State


def records_read(game) -> bool:
    return game.text is not None and getattr(game.text, "RECORD", False)


def record_of(state: State, seat: int) -> str:
    """The record of ``state``'s game as ``seat`` (from 0) saw it."""
    game = state.game
    if not records_read(game):
        raise PositionError(f"{game.title} has no game record in text yet")
    deal = known(state.start(), seat)
    moves = []
    pinned = getattr(game.text, "pinned", None)
    for ply in state.plies():
        # (each move as the seat saw it: another seat's face-down card is only that)
        move = {str(s + 1): game.action_name(ply.before.observed(s, a, seat)) for s, a in sorted(ply.move.items())}
        if pinned is not None:
            after = _entries(ply.after, seat)
            keys = pinned(_entries(ply.before, seat), after)
            if keys:
                move["seen"] = {k: after[k] for k in keys}
        moves.append(move)
    out = [f"# A game of {game.title}, as seat {seat + 1} saw it (seats are counted from 1).",
           "# Review it: solver review FILE.toml", *header_lines(state, seat)]
    write([Entry("moves", moves, f"the moves, one joint move a line: each deciding seat's move, "
                                 f"as seat {seat + 1} saw it")], out)
    out += ["", f"# the deal, as seat {seat + 1} saw it (the keys of a position text)"]
    write(deal, out, "start")
    if moves:
        # (what the last move showed: a hand played out without a choice, the end)
        out += ["", f"# where the game stood after the last move, as seat {seat + 1} saw it"]
        write(known(state, seat), out, "end")
    for e in options_entry(state):
        out.append("")
        write([Entry(k, v) for k, v in e.value.items()], out, "options")
    return "\n".join(out) + "\n"


def replay(text: str, seed: int = 0) -> RecordedGame:
    """The game a record text describes, as its seat saw it."""
    checks.integer(seed, "seed", 0, 2**63 - 1)
    doc = parse(text)
    game, players, seat, options = header(doc)
    if not records_read(game):
        raise PositionError(f"game: {game.title} has no game record in text yet")
    for key in doc:
        if key not in (*HEADER, "moves", "start", "end"):
            raise PositionError(f"{checks.shown(key)}: not a key of a record "
                                "(keys: game, players, seat, moves, [start], [end], [options])")
    start = doc.get("start")
    if not isinstance(start, dict):
        raise PositionError("start: missing (the deal as the seat saw it, a [start] table)")
    moves = doc.get("moves")
    if not isinstance(moves, list):
        raise PositionError("moves: missing (a list of moves, one {seat = \"move\"} a joint move)")
    try:
        state = position_of({**{k: doc[k] for k in HEADER if k in doc}, **start}, seed)
    except PositionError as e:
        raise PositionError(f"start: {e}") from None
    end = doc.get("end")
    if end is not None and not isinstance(end, dict):
        raise PositionError("end: expected a table ([end]) of where the game stood")
    named_moves = [_named(i, joint, players) for i, joint in enumerate(moves)]
    seens = [named.pop("seen", {}) for named in named_moves]
    # A game whose later moves show what its deal hid (a draft: the hand
    # passed to the seat) deals what the seat cannot see to fit the whole
    # record, at the start and wherever the game deals again; that deal is
    # the only one tried (another, drawn from the past alone, would not fit
    # the moves ahead).
    deal = getattr(game.text, "deal", None)
    tries = 1 if deal else DEALS

    def dealt(world: State, i: int) -> tuple[State, dict]:
        # (the deal sees the whole record: the moves' seen, then the [end])
        if not deal:
            return world, {}
        return deal(world, seat, named_moves, seens + [end or {}], i, seed * 7919 + i)
    state, plan = dealt(state, 0)
    first = state
    plies = []
    for i, named in enumerate(named_moves):
        where = f"moves: move {i + 1}"
        movers = state.movers()
        if sorted(named) != movers:
            raise PositionError(f"{where}: seats {_seats(named)} move, but here "
                                f"{_seats(movers) or 'none (the game is over)'} decide")
        seen = seens[i]
        following = sorted(named_moves[i + 1]) if i + 1 < len(named_moves) else None

        def reached(after, following=following, seen=seen, i=i):
            """'' if ``after`` is where the record goes on, else why not."""
            if not _shows(after, seat, seen):
                return f"moves: move {i + 1}: it cannot show what its 'seen' says in any deal you could not tell from yours"
            if following is not None and after.movers() != following:
                return (f"moves: move {i + 2}: seats {_seats(following)} move, but after move {i + 1} seats "
                        f"{_seats(after.movers()) or 'none'} decide in every deal you could not tell from yours")
            if following is None and end is not None and _entries(after, seat) != end:
                return ("end: the game does not stand there after the last move in any deal you could not "
                        "tell from yours")
            return ""
        state, move, after, steps, ahead = _legal_world(state, named, reached, seat, seed * 7919 + i, where,
                                                        plan.pop(i, {}), lambda after, i=i: dealt(after, i + 1),
                                                        tries)
        plan.update(ahead)
        plies.append(Ply(i, state, move, after, steps))
        state = after
    return RecordedGame(seat, plies[0].before if plies else first, tuple(plies), state)


def _named(i: int, joint, players: int) -> dict[int, str]:
    """Move ``i`` of a record as ``{seat from 0: name}``, checked."""
    where = f"moves: move {i + 1}"
    if not isinstance(joint, dict) or not joint:
        raise PositionError(f"{where}: expected {{seat = \"move\", ...}}")
    named = {}
    for key, name in joint.items():
        if key == "seen":
            if not isinstance(name, dict):
                raise PositionError(f"{where}: seen: expected a table of what the move showed")
            named["seen"] = name
            continue
        if not key.isdigit() or not 1 <= int(key) <= players:
            raise PositionError(f"{where}: {checks.shown(key)} is not a seat (1 to {players})")
        if not isinstance(name, str):
            raise PositionError(f"{where}, seat {key}: expected a move's name, got {checks.kind(name)}")
        named[int(key) - 1] = name
    return named


def _entries(state: State, seat: int) -> dict:
    """What ``seat`` sees of ``state``, as a text's keys and values."""
    return {e.key: e.value for e in known(state, seat)}


def _shows(state: State, seat: int, seen: dict) -> bool:
    """Whether ``seat`` sees in ``state`` what ``seen`` says (its keys'
    values as in a position text)."""
    if not seen:
        return True
    entries = _entries(state, seat)
    return all(entries.get(k) == v for k, v in seen.items())


def _seats(seats) -> str:
    return ", ".join(str(s + 1) for s in sorted(seats))


def _legal_world(state: State, named: dict, reached, seat: int, seed: int, where: str, planned: dict, dealt,
                 tries: int = DEALS):
    """A position the seat cannot tell from ``state`` in which every move of
    ``named`` is legal and whose position after it is ``reached`` (the next
    move's seats decide: who decides can hang on a hidden card, a seat is
    asked about a Smoke Bomb only if it holds one; after the last move, the
    seat sees what the record's ``[end]`` says: a hand played out without a
    choice shows its cards); the position, the move as action ids, the
    position after it and its steps.  ``reached(after)`` says why not, or ''.
    A move is named as the seat saw it, so it stands for any action that
    shows that way (another seat's face-down card); ``planned`` says which
    one ``state``'s deal plays.  ``dealt(after)`` is the position after
    the move with what the game deals then fitted to the record, and the
    moves that deal plans (the game text's ``deal``)."""
    world = state
    never = set(named)          # seats whose move no deal tried allowed
    why = ""
    for attempt in range(tries):
        move = {}
        for s, name in named.items():
            ids = [a for a in world.legal_action_ids(s)
                   if world.game.action_name(world.observed(s, a, seat)) == name]
            if world is state and planned.get(s) in ids:
                ids.insert(0, planned[s])
            if ids:
                move[s] = ids[0]
                never.discard(s)
            elif s == seat:
                legal = ", ".join(world.game.action_name(a) for a in world.legal_action_ids(s)[:6])
                raise PositionError(f"{where}, seat {s + 1}: {name!r} is not a move here "
                                    f"(legal: {checks.cut(legal, 120)}, ...)")
        if len(move) == len(named):
            after = world.clone()
            steps = after.apply(move)
            after, ahead = dealt(after)
            why = reached(after)
            if not why:
                return world, move, after, steps, ahead
        world = _keep_past(state, state.determinize(seat, seed + attempt))
    if never:
        s = min(never)
        raise PositionError(f"{where}, seat {s + 1}: {named[s]!r} cannot be played: in no deal you could "
                            "not tell from yours does that seat hold what it needs (is the card elsewhere?)")
    raise PositionError(why or f"{where}: these moves cannot be played together in any deal you "
                               "could not tell from yours")


def _keep_past(state: State, world: State) -> State:
    return State(state.name, world.buffer(), state.options, state.seed)
