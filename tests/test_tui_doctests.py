"""The examples in the docstrings of the app's modules run and hold."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["tui.paths", "tui.settings", "tui.saves", "tui.match", "tui.docs",
           "tui.widgets.board", "tui.widgets.status_bar", "tui.widgets.analysis_panel",
           "tui.widgets.win_chart", "tui.widgets.hex_field",
           "tui.widgets.san_ni_ichi_board", "tui.widgets.pride_of_ninja_board",
           "tui.widgets.ninjato_words", "tui.widgets.ninjato_story", "tui.widgets.ninjato_action",
           "tui.decks", "tui.widgets.senjutsu_words", "tui.screens.setup"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0, result
