"""What every game's golden playthroughs share: compare a regenerated
transcript with its file, and a command line that prints or rewrites them.

A game's golden module defines ``GOLDENS``, ``{name: transcript function}``,
and its files live in ``tests/golden/<game>_<name>.txt``.
"""
from __future__ import annotations

import difflib
import sys
from pathlib import Path
from typing import Callable

GOLDEN = Path(__file__).parent / "golden"


def path(game: str, name: str) -> Path:
    return GOLDEN / f"{game}_{name}.txt"


def difference(game: str, name: str, text: str, module: str) -> str | None:
    """``None`` when ``text`` is the golden file, else a readable diff."""
    want = path(game, name).read_text(encoding="utf-8")
    if text == want:
        return None
    diff = "".join(difflib.unified_diff(want.splitlines(True), text.splitlines(True),
                                        "golden", "now", n=2))
    return (f"{path(game, name).name} changed; if the change is meant, run "
            f"python -m {module} --update\n{diff}")


def main(game: str, goldens: dict[str, Callable[[], str]], doc: str, argv: list[str]) -> int:
    """``--update`` rewrites every golden file; no argument prints them."""
    if argv not in ([], ["--update"]):
        print(doc, file=sys.stderr)
        return 2
    for name, transcript in goldens.items():
        text = transcript()
        if argv:
            GOLDEN.mkdir(exist_ok=True)
            path(game, name).write_text(text, encoding="utf-8")
            print(f"wrote {path(game, name)}")
        else:
            print(text)
    return 0
