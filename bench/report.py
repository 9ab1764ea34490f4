"""docs/strength.md, written from the kept game records.

    python -m bench.report            # print it
    python -m bench.report --write    # write docs/strength.md

Two tables, each computed from the games kept in the repository by the
project's own code, never typed in:

- every finished registered tournament (``bench/tournament-games/``: its
  command is fixed in the registry's table before its first game, and a
  ``Finished:`` line there marks it complete): the games its command
  schedules (``solver.tournament.schedule``), read from its record
  (``Record``), added up by ``Result`` (the AI's win share and its 95% Wilson
  interval) and ``summary`` (the equal share);
- the level ladder of each game rated in ``solver/ladder.json``: its games
  (``bench/ladder-games/``, scheduled by ``bench.ladder.schedule``) fitted
  again by ``bench.ladder.standings`` (first places, Elo and the bootstrap
  interval), which must give the ratings ``solver/ladder.json`` keeps and
  the app shows, and each of its matches head to head
  (``bench.ladder.head_to_head``).

A record that is not exactly its run's games (one short, one more, games of
two codes), a ladder whose kept ratings are not the fit of its games, or a
registry that does not parse is refused with one line (exit status 2), and
nothing is written.  ``tests/test_strength_report.py`` writes the document
again and fails when it differs from the committed one, so it cannot drift
from the records.
"""
from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

from ninja_dojo.engine import GAMES, PositionError
from ninja_dojo.solver import cli
from ninja_dojo.solver.players import ladder_file
from ninja_dojo.solver.tournament import Record, Result, schedule, summary

from bench import ladder

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = Path(__file__).with_name("tournament-games") / "README.md"
DOCUMENT = ROOT / "docs" / "strength.md"
#: the ladder's bootstrap resamples, as ``bench.ladder --write`` fits them
BOOTSTRAP = 2000


@dataclass(frozen=True)
class Run:
    """One registered tournament: its record's file name, the day it was
    registered, its command as written and as parsed by ``solver``'s own
    parser, and whether a ``Finished:`` line marks it complete."""

    name: str
    registered: str
    command: str
    args: argparse.Namespace
    finished: bool


def registered_runs(text: str) -> list[Run]:
    """The runs of the registry's table, in its order.

    >>> row = ("| 2026-12-05 | a question? | `solver tournament --game ninjan --players 2 "
    ...        "--ai greedy --vs random --games 4 --seed 3 --record bench/tournament-games/x.jsonl` |")
    >>> [(r.name, r.registered, r.args.games, r.finished) for r in registered_runs(row)]
    [('x.jsonl', '2026-12-05', 4, False)]
    """
    finished = set(re.findall(r"^Finished: `([\w.-]+\.jsonl)`", text, flags=re.M))
    runs = []
    # A registered command names its record file; a bare ``solver tournament
    # --record`` in the prose does not.
    for date, command in re.findall(r"^\| (\d{4}-\d\d-\d\d) \|.*`(solver tournament [^`]*--record \S[^`]*)` \|$",
                                    text, flags=re.M):
        try:
            args = cli.parser().parse_args(shlex.split(command)[1:])
        except SystemExit:
            raise PositionError(f"{REGISTRY.name}: the registered command {command!r} does not parse") from None
        runs.append(Run(Path(args.record).name, date, command, args, Path(args.record).name in finished))
    unknown = finished - {r.name for r in runs}
    if unknown:
        raise PositionError(f"{REGISTRY.name}: Finished: {', '.join(sorted(unknown))} is not a registered run")
    return runs


def pairings(run: Run):
    """The games the run's command schedules."""
    a = run.args
    return schedule(a.game, a.players, a.ai, a.vs, a.games, a.seed, cli._options(a.option, a.game), team=a.team)


def record(run: Run, folder: Path | None = None) -> Record:
    """The run's record, read with the code of its first game: the code that
    played the run (every other game must have been played by it too)."""
    path = (folder or REGISTRY.parent) / run.name
    try:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        code = json.loads(first)["code"]
    except (OSError, IndexError, ValueError, KeyError, TypeError):
        raise PositionError(f"{path}: not a record of games (its first line names no code)") from None
    return Record(path, code)


def result(run: Run, folder: Path | None = None) -> Result:
    """The run's result from its record, refused unless the record holds
    exactly the games its command schedules, all by one code."""
    games = pairings(run)
    kept = record(run, folder)
    if kept.others:
        raise PositionError(f"{run.name}: {kept.others} games played by other code: not one run")
    if kept.played(games) != games or len(kept.outcomes) != len(games):
        raise PositionError(f"{run.name}: {len(kept.played(games))} of the {len(games)} games its command "
                            f"schedules are kept, and {len(kept.outcomes) - len(kept.played(games))} others: "
                            "a record is committed when its run is complete")
    return Result(games, returns=[kept.outcome(p)[0] for p in games])


def percent(x: float) -> str:
    """A share as the tables print it.

    >>> percent(0.51666)
    '51.7%'
    """
    return f"{100 * x:.1f}%"


def table_name(game: str, players: int, options: dict) -> str:
    """A table as the document names it.

    >>> table_name("pride_of_ninja", 5, {"deck": "red"})
    'Pride of Ninja, 5 players, deck=red'
    """
    return f"{GAMES[game].title}, {players} players" + "".join(
        f", {k}={v}" for k, v in sorted(options.items()))


def separated(low: float, high: float, equal: float) -> str:
    """Whether the 95% interval leaves the equal share out, and on which side.

    >>> separated(0.437, 0.595, 1 / 3), separated(0.2, 0.4, 1 / 3), separated(0.1, 0.3, 1 / 3)
    ('yes, above', 'no', 'yes, below')
    """
    return "yes, above" if low > equal else "yes, below" if high < equal else "no"


def tournament_section(runs: list[Run], folder: Path | None = None) -> list[str]:
    out = ["## Registered tournaments", "",
           "Every finished run registered in",
           "[bench/tournament-games/](../bench/tournament-games/README.md): its command,",
           "size and seed fixed there before its first game, its games kept in its",
           "record and committed once, when the run was complete. One AI in one seat",
           "(with `--team`, every seat of its side), rotating over the seats, against",
           "the same opponent in every other seat; the win share is the AI's (a side's)",
           "mean return over the games, with its 95% Wilson interval, and a run is",
           "separated when that interval leaves out the equal share (one seat's, or",
           "one side's, share of a table of equals). `ismcts:1s` is this project's",
           "search at 1 s a move (the hard level's time), `flat:1s` flat determinized",
           "Monte Carlo given the same time ([cli.md](cli.md#players)).", "",
           "| run | registered | game | AI | opponents | games | AI win share | 95% CI | equal share | separated |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    finished = [r for r in runs if r.finished]
    for run in finished:
        a = run.args
        r = result(run, folder)
        low, high = r.ci95
        equal = summary(r, a.ai, a.vs, a.players, a.game)["fair_share"]
        name = table_name(a.game, a.players, cli._options(a.option, a.game)) + (", a side (`--team`)" if a.team else "")
        out.append(f"| `{Path(run.name).stem}` | {run.registered} | {name} | {a.ai} | {a.vs} | {r.games} "
                   f"| {percent(r.win_share)} | {percent(low)}-{percent(high)} | {percent(equal)} "
                   f"| {separated(low, high, equal)} |")
    out += ["", "Each run's command, as registered. With its record in place it plays no",
            "game again and prints the row's numbers, as long as the code plays as the",
            "code that kept the games (each game is kept with that code's fingerprint).",
            "Code that plays differently would play the whole run again and add its",
            "games to the record: that is a new run, to be registered as one.", ""]
    out += [f"- `{Path(run.name).stem}`: `{run.command}`" for run in finished]
    waiting = [r.name for r in runs if not r.finished]
    out += ["", "Registered and not finished: " + (", ".join(f"`{n}`" for n in waiting) or "none") + "."]
    return out


def ladder_command(game: str, entry: dict) -> str:
    """The command that prints a kept ladder again (it plays no game when
    every game of the table is kept by code that plays as this code does).

    >>> ladder_command("pride_of_ninja", {"players": 3, "options": {"deck": "red"}, "seed": 1,
    ...                                   "pairs": [["easy", "novice", 60], ["medium", "easy", 90]],
    ...                                   "fit": "finishing order"})
    'python -m bench.ladder --game pride_of_ninja --players 3 --option deck=red --pair easy/novice=60 --pair medium/easy=90 --seed 1'
    """
    options = "".join(f" --option {k}={v}" for k, v in sorted(entry["options"].items()))
    pairs = "".join(f" --pair {u}/{lo}={n}" for u, lo, n in entry["pairs"])
    only = " --winner-only" if entry["fit"] == "winner only" else ""
    return (f"python -m bench.ladder --game {game} --players {entry['players']}{options}{pairs}"
            f" --seed {entry['seed']}{only}")


def ladder_games(game: str, entry: dict) -> tuple[list, Record]:
    """A kept ladder's games as its matches schedule them, and its record;
    refused when a game of the schedule is not kept."""
    games = ladder.schedule(game, entry["players"], entry["budgets"], entry["pairs"], entry["seed"],
                            entry["options"])
    kept = Record(ladder.games_file(game, entry["players"], entry["options"]), entry["code"])
    if kept.played(games) != games:
        raise PositionError(f"{game}: {len(kept.played(games))} of the ladder's {len(games)} games are kept "
                            f"in {ladder.games_file(game, entry['players'], entry['options']).name}")
    return games, kept


def ladder_rows(game: str, entry: dict, bootstrap: int = BOOTSTRAP) -> list[dict]:
    """The table ``bench.ladder`` prints for a kept ladder, refitted from its
    games; refused when a game of its schedule is not kept or the fit is not
    what ``solver/ladder.json`` keeps."""
    games, kept = ladder_games(game, entry)
    rows = ladder.standings(games, kept, ladder.seated(entry["pairs"]), entry["budgets"], bootstrap,
                            winner_only=entry["fit"] == "winner only")
    fitted = {row["level"]: {"elo": row["elo"], "ci95": row.get("ci95", row["ci95_fisher"])} for row in rows}
    if fitted != entry["ratings"]:
        raise PositionError(f"{game}: {ladder_file().name} is not the fit of its kept games: "
                            f"{ladder_command(game, entry)} --write")
    return rows


def ladder_section(doc: dict, bootstrap: int = BOOTSTRAP) -> list[str]:
    out = ["## The app's levels rated", "",
           "The ladder (`bench/ladder.py`): the levels meet two at a time at the game's",
           "smallest table, in the matches that tell them apart: each level against the",
           "one below it, and hard and master each against medium. In a match the upper",
           "level sits in one seat and the lower in every other, rotating over the seats",
           "on each deal. Each match is shown head to head (the upper level's win share,",
           "its 95% Wilson interval and the equal share, as for a tournament above), and",
           "the finishing order of every game is fitted with Plackett-Luce on the Elo",
           "scale (`solver/rating.py`), novice anchored at 1000, the 95% interval a",
           f"bootstrap over games ({bootstrap:,} resamples). Hard and master get the",
           "iterations one core ran in their 1 s and 3 s when the table was calibrated,",
           "so their games are a pure function of their seeds. These are the ratings in",
           "`solver/ladder.json` that the setup screen shows (a level no match seated is",
           "not rated); the games are kept in",
           "[bench/ladder-games/](../bench/ladder-games/). \"First places\" counts a",
           "level's wins (a shared win by its share)."]
    for game, entry in doc.items():
        kept = ladder.games_file(game, entry["players"], entry["options"]).name
        out += ["", f"### {table_name(game, entry['players'], entry['options'])}", "",
                f"`{ladder_command(game, entry)}`: {entry['games']} games kept in `{kept}` "
                f"(code `{entry['code']}`), fitted by {entry['fit']} on {entry['date']}.", "",
                "| level | budget | games | first places | Elo | 95% CI |",
                "|---|---|---|---|---|---|"]
        for row in ladder_rows(game, entry, bootstrap):
            ci = row.get("ci95", row["ci95_fisher"])
            interval = "anchor" if row["level"] == entry["anchor"] else f"{ci[0]}-{ci[1]}"
            out.append(f"| {row['level']} | {row['budget']} | {row['games']} | {row['first']:.1f} "
                       f"| {row['elo']} | {interval} |")
        out += ["", "| match | games | upper level's win share | 95% CI | equal share | separated |",
                "|---|---|---|---|---|---|"]
        games, kept_games = ladder_games(game, entry)
        for m in ladder.head_to_head(games, kept_games, entry["players"]):
            low, high = m["ci95"]
            out.append(f"| {m['upper']} against {m['lower']} | {m['games']} | {percent(m['share'])} "
                       f"| {percent(low)}-{percent(high)} | {percent(m['equal'])} "
                       f"| {separated(low, high, m['equal'])} |")
    return out


def render(registry: str | None = None, folder: Path | None = None, ladder_doc: dict | None = None,
           bootstrap: int = BOOTSTRAP) -> str:
    """The whole document (the registry's text, the records' folder and the
    ladder's ratings default to the repository's)."""
    runs = registered_runs(REGISTRY.read_text(encoding="utf-8") if registry is None else registry)
    doc = json.loads(ladder_file().read_text(encoding="utf-8")) if ladder_doc is None else ladder_doc
    lines = ["# Strength", "",
             "<!-- Written by `python -m bench.report --write` from the kept game records;",
             "     edit bench/report.py, not this file (tests/test_strength_report.py). -->", "",
             "How strong the AI is, from the games kept in this repository: every number",
             "below is computed from a record of its games by `python -m bench.report`,",
             "and a test writes this page again and fails when it differs, so it cannot",
             "drift from the records. The earlier experiments, most of them without kept",
             "games, are logged in [strength-log.md](strength-log.md) at the code of their",
             "day.", ""]
    lines += tournament_section(runs, folder)
    lines += [""] + ladder_section(doc, bootstrap)
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--write", action="store_true", help="write docs/strength.md")
    args = p.parse_args(argv)
    try:
        text = render()
    except PositionError as e:
        print(f"bench.report: {e}", file=sys.stderr)
        return 2
    if args.write:
        DOCUMENT.write_text(text, encoding="utf-8")
        print(f"wrote {DOCUMENT}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
