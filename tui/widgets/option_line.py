"""One numbered option of a decision, for the boards that list a decision's
options as lines: San, Ni, Ichi!'s weapons and targets, a step of a Ninjato
play, a Senjutsu card, step or rotation. A click chooses it."""
from __future__ import annotations

from ninja_dojo.tui.widgets.place import Place


class OptionLine(Place):
    """The option at ``place`` (its index from 0). Its id is
    ``{prefix}option-{index + 1}``, so that a test or a click can name it;
    every game's lines share one style (``.option-line`` in ``dojo.tcss``)."""

    class Clicked(Place.Clicked):
        """An option was clicked (``place``: its index from 0)."""

    def __init__(self, index: int, prefix: str) -> None:
        super().__init__(index, classes=f"option-line {prefix}option", id=f"{prefix}option-{index + 1}")

    @property
    def index(self) -> int:
        return self.place
