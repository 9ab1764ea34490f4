"""``solver``: positions, analysis, benchmarks and tournaments from the shell.

    solver new ninjan --players 4 --seed 7 -o start.msgpack
    solver analyse start.msgpack --iterations 50000 [--player P] [--json]
    solver show start.msgpack [--player P] > mine.toml      # a position as one seat sees it
    solver show game.msgpack --player P --record > game.toml  # the game so far as it saw it
    solver position mine.toml -o pos.msgpack [--seed S]     # ... and back (analyse reads .toml too)
    solver review game.msgpack [--iterations N] [--json] [--save]
    solver bench --game ninjan --players 4 --seconds 2 --threads 2 --json
    solver tournament --game ninjan --players 4 --ai ismcts:1s --vs greedy --games 100 [--jobs N | --ray [ADDRESS]] [--record FILE]

Exit status 0 on success, 2 with one line on stderr for bad input (a bad
argument, a file that cannot be read or written: nothing half-written is
left).  Ctrl-C stops ``analyse`` and ``bench`` within a second: what was
found so far is printed, marked as stopped early, and the exit status is 130.
Seats count from 1, as on the app's board (``--player 1`` is the first seat;
the JSON ``player`` counts the same way); the Python API counts from 0.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import threading
import time
from dataclasses import asdict
from pathlib import Path

from ninja_dojo.engine import GAMES, PositionError, checks, game_type, load, new_game, save, seats_from_one
from ninja_dojo.engine.position_text import header, load_text, parse, position_of, read_text, text_of
from ninja_dojo.engine.state import SEED_LIMIT
from ninja_dojo.solver.search import MAX_ITERATIONS, MAX_SECONDS, cpu_cores

#: the most games a tournament plays
MAX_GAMES = 1_000_000
#: the most processes or threads a command starts
MAX_JOBS = 256
#: seconds between two looks at Ctrl-C while a search runs in its thread
POLL = 0.1


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise PositionError(message)


def plural(n: int, word: str) -> str:
    """``1 game``, ``2 games``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _seconds(text: str) -> float:
    """A time budget: a finite number of seconds, more than 0, at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number of seconds")
    problem = checks.out_of_range(value, 0, MAX_SECONDS, "seconds", low_open=True, typed=text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return value


def _count(limit: int, what: str):
    """A count from 1 to ``limit`` (iterations, games)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of {what}") from None
        problem = checks.out_of_range(value, 1, limit, what, typed=text.strip())
        if problem:
            raise argparse.ArgumentTypeError(problem)
        return value
    parse.__name__ = what
    return parse


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative: a seed is 0 or more")
    if value >= SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"{value} is too large: a seed is below 2^63")
    return value


def _add_budget(p):
    b = p.add_mutually_exclusive_group()
    b.add_argument("--iterations", type=_count(MAX_ITERATIONS, "iterations"),
                   help=f"search iterations (default 20000, at most {MAX_ITERATIONS:,})")
    b.add_argument("--seconds", type=_seconds,
                   help=f"search time in seconds (at most {MAX_SECONDS:g})")
    p.add_argument("--seed", type=_seed, default=0, help="search seed (same seed + iterations = same result)")
    p.add_argument("--selection", default="rm", choices=["rm", "exp3", "ducb"],
                   help="bandit at simultaneous choices")
    p.add_argument("--rollout", default="heuristic", choices=["heuristic", "random"])
    p.add_argument("--threads", type=int, default=0,
                   help=f"search threads, one tree each (default 0: every core, here {cpu_cores()})")


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="solver", description="ninja-dojo solver: analyse positions, benchmark, run tournaments")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    n = sub.add_parser("new", help="write a fresh deal to a position file")
    n.add_argument("game", help=f"one of: {', '.join(GAMES)}")
    n.add_argument("--players", type=int, required=True)
    n.add_argument("--seed", type=_seed, help="deal seed (default: random)")
    n.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option, e.g. deck=red (repeatable)")
    n.add_argument("-o", "--output", required=True, help="position file to write (msgpack)")

    a = sub.add_parser("analyse", aliases=["analyze"], help="best moves of a position, with statistics")
    a.add_argument("file", help="position file (msgpack), or a position text (FILE.toml: "
                                "docs/positions.md)")
    a.add_argument("--player", type=int, metavar="SEAT",
                   help="seat to analyse, 1 to N as in the app (default: the first seat to move; "
                        "a position text's own seat)")
    _add_budget(a)
    a.add_argument("--json", action="store_true", help="print one JSON object")

    sh = sub.add_parser("show", help="a position as one seat sees it, as text to edit (docs/positions.md)")
    sh.add_argument("file", help="position file (msgpack) or position text (FILE.toml)")
    sh.add_argument("--player", type=int, metavar="SEAT",
                    help="the seat whose view is written, 1 to N (default: the first seat to move)")
    sh.add_argument("--record", action="store_true",
                    help="the whole game so far as the seat saw it (a record text, for solver review)")

    po = sub.add_parser("position", help="a position text (FILE.toml) as a position file, "
                                         "what its seat cannot see dealt at random")
    po.add_argument("file", help="position text (FILE.toml: docs/positions.md)")
    po.add_argument("--seed", type=_seed, default=0, help="seed of the unseen cards' deal")
    po.add_argument("-o", "--output", required=True, help="position file to write (msgpack)")

    r = sub.add_parser("review", help="every decision of a saved game: the AI's move, win chances, marks")
    r.add_argument("file", help="position file (msgpack) with the game's moves, or a record text "
                                "(FILE.toml: one seat's game, docs/positions.md)")
    r.add_argument("--iterations", type=_count(MAX_ITERATIONS, "iterations"),
                   help="search iterations per decision (default: the review saved in the file, "
                        "else 4000)")
    r.add_argument("--seed", type=_seed, default=0, help="review seed (same seed + iterations = same review)")
    r.add_argument("--jobs", type=int, default=0,
                   help=f"decisions searched at once, one core each (default 0: every core, here {cpu_cores()}); "
                        "the review does not depend on it")
    r.add_argument("--save", action="store_true",
                   help="write the review into the file (the app then shows it without searching)")
    r.add_argument("--json", action="store_true", help="print one JSON object")

    b = sub.add_parser("bench", help="throughput: random playouts and ISMCTS iterations per second")
    b.add_argument("--game", default="ninjan", help=f"one of: {', '.join(GAMES)}")
    b.add_argument("--players", type=int, default=4)
    b.add_argument("--seconds", type=_seconds, default=2.0, help="seconds per measurement")
    b.add_argument("--seed", type=_seed, default=1)
    b.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option, e.g. deck=red (repeatable)")
    b.add_argument("--threads", type=int, default=cpu_cores(),
                   help=f"also measure the search on this many threads (default: every core, here {cpu_cores()})")
    b.add_argument("--json", action="store_true")

    t = sub.add_parser("tournament", help="seeded matches: one AI against a field of opponents")
    t.add_argument("--game", required=True, help=f"one of: {', '.join(GAMES)}")
    t.add_argument("--players", type=int, default=2)
    t.add_argument("--ai", required=True, help="the player measured, e.g. ismcts:1s, ismcts:5000, medium")
    t.add_argument("--vs", required=True, help="the other seats, e.g. random, greedy, flat:5000")
    t.add_argument("--games", type=_count(MAX_GAMES, "games"), default=100)
    t.add_argument("--seed", type=_seed, default=1)
    t.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    t.add_argument("--team", action="store_true",
                   help="team play: the AI plays every seat of its side, and the win share is the side's")
    where = t.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int, default=cpu_cores(),
                       help=f"games played at once, one process each (default: every core, here {cpu_cores()}); "
                            "the results do not depend on it")
    where.add_argument("--ray", nargs="?", const=True, metavar="ADDRESS",
                       help="play the games as Ray tasks: on the cluster at ADDRESS, or on a local Ray "
                            "when none is given (pip install 'ninja-dojo[ray]')")
    t.add_argument("--record", metavar="FILE",
                   help="keep each game in FILE (JSON lines) as it ends; the same command run "
                        "again plays only the games not kept there (a run stopped or killed "
                        "goes on where it stopped)")
    t.add_argument("--no-progress", action="store_true", help="no progress lines on stderr")
    t.add_argument("--json", action="store_true")
    return p


def _options(pairs, game: str) -> dict:
    """``--option NAME=VALUE`` pairs as ``new_game`` takes them.  An option
    that may come from a file (``"file"`` in the game's ``OPTIONS``: a
    Senjutsu deck) reads here each value that is none of its names, as the
    file the person typed, and passes on what the file holds: the engine
    itself never opens a file an option names.  (An unknown game has no
    options here: its own check names it.)"""
    try:
        spec = game_type(game).options
    except PositionError:
        spec = {}
    out = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq or not name:
            raise PositionError(f"--option {checks.shown(pair)}: expected NAME=VALUE")
        if name in ("players", "seed"):
            raise PositionError(f"--option {checks.shown(pair)}: give --{name} instead")
        if "file" in spec.get(name, {}):
            out[name] = _option_files(name, value, spec[name])
        elif value.lower() in ("true", "false"):
            out[name] = value.lower() == "true"
        else:
            try:
                out[name] = int(value)
            except ValueError:
                out[name] = value
    return out


def _option_files(name: str, value: str, spec: dict):
    """A value of an option that may name files, each name that is not one
    of the option's values read as a file (one per seat, with commas, for a
    per-seat option: ``deck=preset,my.deck``)."""
    parts = [v.strip() for v in value.split(",")] if spec.get("per_seat") and "," in value else [value]
    read = [v if v in spec["values"] else
            spec["file"](v, f"--option {name}" + (f"[{i}]" if len(parts) > 1 else ""))
            for i, v in enumerate(parts)]
    return read if len(parts) > 1 else read[0]


def _write(state, path: str) -> None:
    """Save atomically; a file error is one clear line (``PositionError``)
    and leaves nothing behind (``engine.save`` removes its temporary file)."""
    if os.path.isdir(path):
        raise PositionError(f"-o {path!r}: is a folder; give a file name")
    try:
        save(state, path)
    except OSError as e:
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise PositionError(f"-o {path!r}: no folder {folder!r}") from None
        raise PositionError(f"-o {path!r}: cannot write ({e.strerror or e})") from None


def cmd_new(args) -> int:
    state = new_game(args.game, args.players, args.seed, **_options(args.option, args.game))
    _write(state, args.output)
    print(f"wrote {args.output}: {game_type(args.game).title}, {args.players} players, seed {state.seed}")
    return 0


def _interruptible(run, search) -> tuple:
    """``run()`` (``search.run`` or ``search.search``) in a thread, so that
    Ctrl-C reaches Python while the search holds no GIL: on Ctrl-C the
    search's stop flag ends it at its next iteration.  Returns ``(what run
    returned, stopped_early)``."""
    result: dict = {}
    done = threading.Event()

    def work() -> None:
        try:
            result["analysis"] = run()
        except BaseException as e:     # handed to the main thread below
            result["error"] = e
        finally:
            done.set()
    threading.Thread(target=work, name="solver-search", daemon=True).start()
    stopped = False
    # (time.sleep, not Thread.join: a join interrupted by Ctrl-C can mark
    # the thread finished while it still runs)
    while not done.is_set():
        try:
            time.sleep(POLL)
        except KeyboardInterrupt:
            stopped = True
            search.cancel()
    if "error" in result:
        if isinstance(result["error"], MemoryError):
            raise PositionError(f"the search ran out of memory after "
                                f"{search.iterations_done:,} iterations: give a smaller budget")
        raise result["error"]
    return result["analysis"], stopped


def _config(args) -> dict:
    return {
        "iterations": args.iterations if args.iterations is not None or args.seconds is not None else 20_000,
        "seconds": args.seconds,
        "seed": args.seed,
        "selection": args.selection,
        "rollout": args.rollout,
        "threads": args.threads,
    }


def _seat(player: int | None, state) -> int | None:
    """``--player`` (counted from 1) as an engine seat (counted from 0)."""
    if player is None:
        return None
    if not 1 <= player <= state.players:
        raise PositionError(f"--player: {player} is not a seat; seats are 1 to {state.players}")
    movers = state.movers()
    if player - 1 not in movers:
        deciding = ", ".join(str(m + 1) for m in movers) or "none, the game is over"
        raise PositionError(f"--player: seat {player} has no decision now (seats to decide: {deciding})")
    return player - 1


def analysis_json(a) -> dict:
    """``solver analyse --json``: the analysis with seats counted from 1, as
    everywhere on the command line, and each move's ``text`` in those words
    beside its ``name``, the engine's (seats from 0, what ``state.apply``
    takes)."""
    def move(m) -> dict:
        return {**asdict(m), "text": seats_from_one(m.name)}

    return {**a.to_json(), "player": a.player + 1, "best": move(a.best), "moves": [move(m) for m in a.moves],
            "others": {str(seat + 1): [move(m) for m in moves] for seat, moves in a.others.items()},
            "line": [{**move(step), "seat": step.seat + 1} for step in a.line]}


def _is_text(path: str) -> bool:
    return str(path).lower().endswith(".toml")


def _open(path: str, seed: int = 0, player: int | None = None) -> tuple:
    """The state in ``path`` (a position file, or a position text when it
    ends in ``.toml``) and the seat it is seen from (from 0; a position file:
    ``--player``, or None)."""
    if not _is_text(path):
        return load(path), None
    doc = parse(read_text(path))
    seat = header(doc)[2]
    if player is not None and player != seat + 1:
        raise PositionError(f"--player: {player}, but {path} is seat {seat + 1}'s view "
                            "(a position text is one seat's knowledge)")
    return position_of(doc, seed), seat


def cmd_analyse(args) -> int:
    from ninja_dojo.solver.search import Search, SearchConfig

    state, seat = _open(args.file, args.seed, args.player)
    player = args.player if seat is None else seat + 1
    search = Search(state, _seat(player, state), SearchConfig(**_config(args)))
    a, stopped = _interruptible(search.run, search)
    code = 130 if stopped else 0
    if not a.moves:
        raise PositionError("stopped before the first iteration: nothing to show")
    if args.json:
        print(json.dumps({**analysis_json(a), "stopped_early": stopped}))
        return code
    title = state.game.title
    view = state.view(-1)
    # (Nin Jan and the card games count rounds; Ninjato counts turns)
    when = next((f"{k} {view[k]}" if view[k] else f"before {k} 1"    # (Senjutsu's setup: round 0)
                 for k in ("round", "turn") if view.get(k) is not None), "?")
    print(f"{title}: seat {a.player + 1} to decide ({when})")
    width = max([24] + [len(seats_from_one(m.name)) for m in a.moves])
    print(f"{'move':<{width}} {'visits':>9} {'share':>7} {'win rate':>9}")
    for m in a.moves:
        mark = "  <- best" if m is a.best else ""
        print(f"{seats_from_one(m.name):<{width}} {m.visits:>9} {m.share:>7.1%} {m.value:>9.1%}{mark}")
    print(f"best: {seats_from_one(a.best.name)}   ({a.iterations} iterations, {a.seconds:.2f} s, "
          f"{a.nodes} nodes, estimated win share {a.value:.1%})")
    if stopped:
        print(f"stopped early (Ctrl-C) after {a.iterations:,} iterations")
    return code


def cmd_show(args) -> int:
    state, seat = _open(args.file, 0, args.player)
    if seat is None:
        if args.player is not None:
            seat = checks.integer(args.player, "--player", 1, state.players) - 1
        else:
            seat = (state.movers() or [0])[0]
    if args.record:
        from ninja_dojo.engine.record_text import record_of
        if _is_text(args.file):
            raise PositionError("--record: a position text has no moves; give a saved game (msgpack)")
        sys.stdout.write(record_of(state, seat))
    else:
        sys.stdout.write(text_of(state, seat))
    return 0


def cmd_position(args) -> int:
    if not _is_text(args.file):
        raise PositionError(f"{args.file}: a position text is a FILE.toml (docs/positions.md); "
                            "a position file is already a position")
    state, seat = load_text(args.file, args.seed)
    _write(state, args.output)
    print(f"wrote {args.output}: {state.game.title}, {state.players} players, as seat {seat + 1} "
          f"sees it (the unseen cards dealt from seed {args.seed})")
    return 0


def review_lines(state, review, seats=None) -> list[str]:
    """``solver review``'s text: one line per decision, then one per seat
    (of ``seats``, when given)."""
    from ninja_dojo.solver.review import ROUGH_VISITS, judge, mark, summary

    game = state.game
    n = state.players
    lines = [f"{game.title}, {n} players, {plural(review.moves, 'move')}: "
             f"{plural(len(review.decisions), 'decision')} reviewed at " + review_depth(review) + " each",
             "win: the seat's chance of winning as the AI sees it from that seat "
             f"(an equal share is {1 / n:.0%});",
             "before = with the AI's move, after = with the move played; "
             f"marks: inaccuracy/mistake/blunder from {0.2 / n:.1%}/{0.4 / n:.1%}/{0.6 / n:.1%} lost",
             "and more than twice the AI's margin of error (less could be chance: \"within noise\")",
             ""]
    def said(action: int) -> str:
        return seats_from_one(game.action_name(action))

    width = max([18] + [len(said(d.played)) for d in review.decisions])
    lines.append(f"{'move':>4} {'seat':>4}  {'played':<{width}} {'before':>6} {'after':>6} {'loss':>6}  "
                 "mark / AI's move")
    for d in review.decisions:
        m = judge(d, n)
        note = m or ("within noise" if mark(d.loss, n) else "")
        if d.best != d.played:
            note += ("; " if note else "") + f"AI: {said(d.best)}"
        if d.played_visits < ROUGH_VISITS:
            note += f" (after: tried {d.played_visits}x, rough)"
        lines.append(f"{d.move + 1:>4} {d.seat + 1:>4}  {said(d.played):<{width}} "
                     f"{d.best_value:>6.0%} {d.played_value:>6.0%} {d.loss:>6.1%}  {note}".rstrip())
    lines.append("")
    for row in summary(review, n):
        if seats is not None and row["seat"] not in seats:
            continue
        lines.append(f"seat {row['seat'] + 1}: {plural(row['decisions'], 'decision')}, "
                     f"{plural(row['inaccuracy'], 'inaccuracy').replace('inaccuracys', 'inaccuracies')}, "
                     f"{plural(row['mistake'], 'mistake')}, {plural(row['blunder'], 'blunder')}; "
                     f"mean loss {row['mean_loss']:.1%}")
    return lines


def review_depth(review) -> str:
    """A review's depth per decision in words: iterations, or CPU seconds
    (the app's reviews, as deep as its hint) with any iterations beside.

    >>> from ninja_dojo.engine.review import GameReview
    >>> review_depth(GameReview(300, 0, ())), review_depth(GameReview(1, 0, (), 2.0))
    ('300 iterations', '2 CPU seconds')
    >>> review_depth(GameReview(20000, 0, (), 2.0))
    '2 CPU seconds and 20,000 iterations'
    """
    if not review.seconds:
        return f"{review.iterations:,} iterations"
    return f"{review.seconds:g} CPU seconds" + (f" and {review.iterations:,} iterations"
                                                 if review.iterations > 1 else "")


def review_json(state, review) -> dict:
    from ninja_dojo.solver.review import judge, summary

    name = state.game.action_name
    return {
        "game": state.name, "players": state.players, "moves": review.moves,
        "iterations": review.iterations, "seconds": review.seconds,
        "decisions": [{"move": d.move + 1, "player": d.seat + 1, "played": name(d.played),
                       "played_text": seats_from_one(name(d.played)),
                       "best": name(d.best), "best_text": seats_from_one(name(d.best)),
                       "before": d.best_value, "after": d.played_value,
                       "loss": d.loss, "noise": d.noise if d.noise != float("inf") else None,
                       "played_visits": d.played_visits, "best_visits": d.best_visits, "legal": d.legal,
                       "mark": judge(d, state.players) or None}
                      for d in review.decisions],
        "players_summary": [{**row, "player": row.pop("seat") + 1} for row in summary(review, state.players)],
    }


def cmd_review(args) -> int:
    from ninja_dojo.engine import load_game
    from ninja_dojo.solver.review import REVIEW_ITERATIONS, review_game

    problem = checks.out_of_range(args.jobs, 0, MAX_JOBS, "(0: every core)")
    if problem:
        raise PositionError(f"--jobs: {problem}")
    if _is_text(args.file):
        return _review_record(args)
    saved = load_game(args.file)
    state = saved.state
    if not state.history:
        raise PositionError(f"{args.file}: the file records no moves (a position without its game): "
                            "nothing to review")
    # (a saved review's depth when none is asked for: the app's is in CPU seconds too)
    if args.iterations or not saved.review:
        iterations, seconds = args.iterations or REVIEW_ITERATIONS, 0.0
    else:
        iterations, seconds = saved.review.iterations, saved.review.seconds
    previous = saved.review
    review = _reviewed(lambda stop: review_game(state, iterations, args.seed, args.jobs or None,
                                                previous=previous, stop=stop, seconds=seconds),
                       "the review was not complete, nothing written")
    if review is None:
        return 130
    if args.save and review != saved.review:
        try:
            save(state, args.file, saved.seats, review)
        except OSError as e:
            raise PositionError(f"{args.file!r}: cannot write ({e.strerror or e})") from None
    if args.json:
        print(json.dumps(review_json(state, review)))
    else:
        print("\n".join(review_lines(state, review)))
        if previous is not None and review == previous:
            print(f"(the review saved in {args.file})")
        elif args.save:
            print(f"(saved in {args.file})")
    return 0


def _reviewed(run, interrupted: str):
    """``run(stop)`` (a review) in a thread, so that Ctrl-C reaches Python
    while the searches hold no GIL: on Ctrl-C ``stop`` is set and the review
    stops.  The review, or None when it was stopped (said on stderr)."""
    from ninja_dojo.solver.review import Cancelled

    stop = threading.Event()
    result: dict = {}

    def work() -> None:
        try:
            result["review"] = run(stop)
        except BaseException as e:     # handed to the main thread below
            result["error"] = e
    t = threading.Thread(target=work, name="solver-review", daemon=True)
    t.start()
    while t.is_alive():
        try:
            t.join(POLL)
        except KeyboardInterrupt:
            stop.set()
            t.join()
            print(f"solver: interrupted: {interrupted}", file=sys.stderr)
            return None
    if "error" in result:
        if isinstance(result["error"], Cancelled):
            return None
        raise result["error"]
    return result["review"]


def _review_record(args) -> int:
    """``solver review FILE.toml``: a record text's seat's decisions."""
    from ninja_dojo.engine.record_text import replay
    from ninja_dojo.solver.review import REVIEW_ITERATIONS, review_record

    if args.save:
        raise PositionError("--save: a record text is left as it is written; keep the output instead")
    game = replay(read_text(args.file), args.seed)
    review = _reviewed(lambda stop: review_record(game, args.iterations or REVIEW_ITERATIONS, args.seed,
                                                  args.jobs or None, stop=stop),
                       "the review was not complete")
    if review is None:
        return 130
    if args.json:
        print(json.dumps({**review_json(game.final, review), "seat": game.seat + 1}))
    else:
        print("\n".join(review_lines(game.final, review, seats=[game.seat])))
        print(f"(seat {game.seat + 1}'s decisions, each from what it could see; what it could not "
              f"see dealt at random from seed {args.seed})")
    return 0


def _iteration_rate(state, seconds, seed, threads):
    """ISMCTS iterations per second of wall time, tree bytes per iteration,
    and whether Ctrl-C stopped it (the rate is then of the time it ran)."""
    from ninja_dojo.solver.search import Search, SearchConfig

    search = Search(state, state.movers()[0], SearchConfig(seconds=seconds, seed=seed, threads=threads))
    took, stopped = _interruptible(search.search, search)
    iters = search.iterations_done
    return iters / took if took > 0 else 0.0, search.memory_bytes / max(iters, 1), stopped


def cmd_bench(args) -> int:
    from ninja_dojo.solver import _ismcts

    problem = checks.out_of_range(args.threads, 1, MAX_JOBS)
    if problem:
        raise PositionError(f"--threads: {problem}")
    state = new_game(args.game, args.players, args.seed, **_options(args.option, args.game))
    out = {"game": args.game, "players": args.players, "playouts_per_second": None,
           "iterations_per_second": None, "bytes_per_iteration": None}
    stopped = False
    # The playouts run in slices of at most 0.2 s, so that Ctrl-C is seen
    # between two of them; the searches run in a thread (``_interruptible``).
    games, took = 0, 0.0
    try:
        while took < args.seconds:
            g, t = _ismcts.playouts(state.rules, state.buffer(), min(0.2, args.seconds - took),
                                    args.seed + games, False)
            games, took = games + g, took + t
    except KeyboardInterrupt:
        stopped = True
    if took > 0:
        out["playouts_per_second"] = round(games / took, 1)
    if not stopped:
        rate, per_iter, stopped = _iteration_rate(state, args.seconds, args.seed, 1)
        out.update(iterations_per_second=round(rate, 1), bytes_per_iteration=round(per_iter, 1))
    if args.threads > 1 and not stopped:
        rate_n, per_iter_n, stopped = _iteration_rate(state, args.seconds, args.seed, args.threads)
        out.update(threads=args.threads, iterations_per_second_threads=round(rate_n, 1),
                   speedup=round(rate_n / out["iterations_per_second"], 2) if out["iterations_per_second"] else None,
                   bytes_per_iteration_threads=round(per_iter_n, 1))
    out["stopped_early"] = stopped
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{game_type(args.game).title}, {args.players} players:")
        if out["playouts_per_second"] is not None:
            print(f"  random playouts   {out['playouts_per_second']:>12,.0f} /s (one core)")
        if out["iterations_per_second"] is not None:
            print(f"  ISMCTS iterations {out['iterations_per_second']:>12,.0f} /s on 1 thread "
                  f"({out['bytes_per_iteration']} bytes of tree per iteration)")
        if "iterations_per_second_threads" in out:
            print(f"  ISMCTS iterations {out['iterations_per_second_threads']:>12,.0f} /s on "
                  f"{args.threads} threads ({out['speedup']}x; {out['bytes_per_iteration_threads']} "
                  f"bytes of tree per iteration)")
        if stopped:
            print("stopped early (Ctrl-C): the rates are from the time measured")
    return 130 if stopped else 0


def run_tournament(game, players, ai, vs, games, seed, options=None, jobs=1, ray=None,
                   progress=False, team=False, record=None) -> dict:
    """``ai`` in one seat (rotating; with ``team``, every seat of that seat's
    side), ``vs`` in every other seat; win shares (``solver.tournament``;
    ``jobs`` and ``ray`` change where, not what).  With ``record`` (a file),
    the games kept there by code that plays as this code does are not played
    again, and each game played is kept there."""
    from ninja_dojo.solver import tournament
    from ninja_dojo.solver.players import player

    pairings = tournament.schedule(game, players, ai, vs, games, seed, options, team=team)
    kept = None
    if record is not None:
        folder = Path(record).resolve().parent
        if not folder.is_dir():
            raise PositionError(f"--record: no folder {folder} to keep the games in")
        code = tournament.fingerprint(game, players, options or {}, {ai: player(ai), vs: player(vs)})
        kept = tournament.Record(record, code)
        earlier = len(kept.played(pairings))
        if progress:
            print(f"{earlier} games kept in {record}, {len(pairings) - earlier} to play"
                  + (f" ({plural(kept.others, 'game')} there played by code that plays "
                     "differently do not count)" if kept.others else ""), file=sys.stderr)
    bar = tournament.Progress(len(pairings)) if progress else None
    result = tournament.run(pairings, jobs=jobs, ray=ray, progress=bar, record=kept)
    out = tournament.summary(result, ai, vs, players, game)
    if kept is not None:
        out["kept"] = earlier     # of out["games"], played by an earlier run
    return out


def check_tournament(game: str, players: int, games: int, seed: int, jobs: int) -> None:
    """A tournament's arguments, checked before its first game (``solver
    tournament``, ``bench.tune``)."""
    if jobs < 1:
        raise PositionError("--jobs must be at least 1")
    top = (SEED_LIMIT - games) // 1_000_003     # each game is dealt from seed * 1000003 + g
    if seed > top:
        raise PositionError(f"--seed: {seed} is too large; at most {top:,} here")
    lo_p, hi_p = game_type(game).players
    if not lo_p <= players <= hi_p:
        raise PositionError(f"--players: {game} is for {lo_p} to {hi_p} players")


def cmd_tournament(args) -> int:
    check_tournament(args.game, args.players, args.games, args.seed, args.jobs)
    res = run_tournament(args.game, args.players, args.ai, args.vs, args.games, args.seed,
                         _options(args.option, args.game), jobs=args.jobs, ray=args.ray,
                         progress=not args.no_progress, team=args.team, record=args.record)
    if args.json:
        print(json.dumps(res))
    else:
        lo, hi = res["ci95"]
        stopped = f" (interrupted: {res['games']} of {res['scheduled']})" if res.get("interrupted") else ""
        seats = res.get("ai_seats", 1)
        ai, equal = (f"{args.ai} in {seats} seats of a team", "team") if seats > 1 else (args.ai, "player")
        print(f"{ai} vs {args.players - seats} x {args.vs}, {plural(res['games'], 'game')} of "
              f"{args.game}{stopped}: "
              f"win share {res['win_share']:.1%} (95% CI {lo:.1%}-{hi:.1%}; an equal {equal} gets "
              f"{res['fair_share']:.1%})")
    return 130 if res.get("interrupted") else 0


COMMANDS = {"new": cmd_new, "analyse": cmd_analyse, "analyze": cmd_analyse, "show": cmd_show,
            "position": cmd_position, "review": cmd_review,
            "bench": cmd_bench, "tournament": cmd_tournament}


def main(argv=None) -> int:
    p = parser()
    try:
        args = p.parse_args(argv)
        if args.command is None:
            raise PositionError("give a command: new, analyse, show, position, review, bench or tournament "
                                  "(--help says more)")
        return COMMANDS[args.command](args)
    except PositionError as e:
        print(f"solver: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("solver: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): nothing left to say.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
