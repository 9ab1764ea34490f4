"""How a Ninjato game ends on the board: the result line (with the
tie-breaks, most Elite cards then most Envoys), the points, and the table of
every part of every score with the Rumors kind by kind (the board's
``result_line``, ``scores_line``, ``result_table``)."""
from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ninja_dojo.engine import Outcome
from ninja_dojo.tui.widgets.board import plural
from ninja_dojo.tui.games.ninjato.words import RUMOR_COUNTS, RUMOR_SHORT


def tie_break(outcome: Outcome, view: dict) -> str | None:
    best = max(outcome.scores)
    tied = [s for s, p in enumerate(outcome.scores) if p == best]
    if len(tied) < 2:
        return None
    if set(tied) == set(outcome.winners):
        return "shared"
    final = view.get("final") or []
    elites = {s: final[s]["elites"] for s in tied} if final else {}
    if elites and len({elites[s] for s in outcome.winners}) == 1 and \
            max(elites.values()) == elites[outcome.winners[0]] and \
            sum(e == max(elites.values()) for e in elites.values()) == len(outcome.winners):
        return "elites"
    return "envoys"

def result_line(outcome: Outcome, names: list[str], view: dict) -> str:
    best = max(outcome.scores)
    who = [names[w] for w in outcome.winners]
    why = tie_break(outcome, view)
    if why == "shared":
        return (f"{' and '.join(who)} share the victory with {best} points each "
                "(the same Elite cards and Envoys too). All bow to the winners.")
    verb_ = "win" if who == ["You"] else ("wins" if len(who) == 1 else "win")
    line = f"{' and '.join(who)} {verb_} with {best} points!"
    if why == "elites":
        line += " (Tied on points: more Elite cards.)"
    elif why == "envoys":
        line += " (Tied on points and Elite cards: more Envoys.)"
    return line + " All bow to the winner."

def scores_line(outcome: Outcome, names: list[str], view: dict) -> str:
    return "Points: " + ", ".join(f"{names[s]} {outcome.scores[s]}" for s in range(len(names))) + "."

def result_table(outcome: Outcome, view: dict, labels: list[str]):
    """Every part of every score: the treasure spent, the clan points, the
    Rumors (kind by kind below, Dishonorable Opponents included), the
    unspent treasure, the Elites; then the tie-breaks."""
    final = view.get("final") or []
    rumors = view.get("final_rumors") or []
    table = Table(title="Final scoring", expand=False, title_style="bold", box=box.SIMPLE_HEAD,
                  title_justify="left", padding=(0, 2, 0, 0), pad_edge=False, show_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Player", no_wrap=True)
    for col in ("Spent", "Clans", "Rumors", "Dishon.", "Treasure", "Elites", "Total"):
        table.add_column(col, justify="right", no_wrap=True)
    n = len(labels)
    ranking = sorted(range(n), key=lambda s: (s not in outcome.winners, -outcome.scores[s], s))
    for rank, seat in enumerate(ranking, 1):
        f = final[seat] if seat < len(final) else {}
        table.add_row(str(rank), labels[seat].split(" (")[0], str(f.get("purchases", "")),
                      str(f.get("clan_points", "")),
                      str(f.get("rumor_sets", "")), str(f.get("dishonorable_opponents", "")),
                      str(f.get("unspent_treasure", "")), str(f.get("elite_points", "")),
                      Text(str(outcome.scores[seat]), style="bold"),
                      style="bold green" if seat in outcome.winners else "")
    notes = [Text("Spent: treasure paid for Envoys and Rumors. Clans: points taken at the clan "
                  "scorings. Rumors: the sets of Rumor cards (below). Dishon.: Dishonorable "
                  "Opponents. Treasure: 1 point a token left. Elites: their points.",
                  style="dim")]
    ties = ", ".join(f"{labels[s].split(' (')[0]} {final[s]['elites']} and {final[s]['envoys']}"
                     for s in ranking if s < len(final))
    notes.append(Text(f"A tie goes to the most Elite cards, then the most Envoys: {ties}.",
                      style="dim"))
    for seat in ranking:
        if seat >= len(rumors):
            continue
        words = []
        for k in rumors[seat]:
            if not k["cards"]:
                continue
            if "multiplier" in k:
                counted = plural(k["counts"], RUMOR_COUNTS[k["kind"]][:-1])
                words.append(f"{RUMOR_SHORT[k['kind']]} ×{k['cards']}: {counted} × "
                             f"{k['multiplier']} = {k['points']}")
            else:
                words.append(f"Dishonorable ×{k['cards']}: {k['holders']} "
                             f"{'player holds' if k['holders'] == 1 else 'players hold'} them, "
                             f"{k['each']} each = {k['points']}")
        name = labels[seat].split(" (")[0]
        notes.append(Text.assemble((f"{name}'s Rumors: " if name != "You" else "Your Rumors: ",
                                    "bold"), "; ".join(words) if words else "none"))
    return Group(table, *notes)
