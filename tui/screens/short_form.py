"""A form on a short terminal: the setup, save and load screens fit 80x24 by
drawing their fields and buttons one line high."""
from __future__ import annotations

from textual.events import Resize
from textual.screen import Screen

#: Below this many rows a form is drawn short (24 is the smallest supported).
SHORT = 34


def fit_form(screen: Screen, height: int) -> None:
    """Give ``screen`` the ``-short`` class and one-line fields and buttons
    when the terminal is shorter than ``SHORT`` rows (and take them back on
    a taller one)."""
    short = height < SHORT
    screen.set_class(short, "-short")
    for widget in screen.query("Input, Button"):
        widget.compact = short


class FitsShortTerminal:
    """For a dialog screen (a ``.dialog`` box of fields and buttons): drawn
    short on a short terminal, as ``fit_form`` says, each time it is resized."""

    def on_resize(self, event: Resize) -> None:
        fit_form(self, event.size.height)
        self.query_one(".dialog").refresh(layout=True)
