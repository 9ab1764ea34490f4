"""The examples in the docstrings of the app's modules run and hold."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["ninja_dojo.tui.paths", "ninja_dojo.tui.settings", "ninja_dojo.tui.saves", "ninja_dojo.tui.match", "ninja_dojo.tui.table", "ninja_dojo.tui.docs",
           "ninja_dojo.tui.widgets.board", "ninja_dojo.tui.widgets.status_bar", "ninja_dojo.tui.widgets.analysis_panel",
           "ninja_dojo.tui.widgets.win_chart", "ninja_dojo.tui.games.senjutsu.hex_field",
           "ninja_dojo.tui.games.san_ni_ichi.cards", "ninja_dojo.tui.games.san_ni_ichi.words",
           "ninja_dojo.tui.games.pride_of_ninja.words", "ninja_dojo.tui.games.pride_of_ninja.cards",
           "ninja_dojo.tui.games.ninjato.words", "ninja_dojo.tui.games.ninjato.story", "ninja_dojo.tui.games.ninjato.action",
           "ninja_dojo.tui.decks", "ninja_dojo.tui.games.senjutsu.words", "ninja_dojo.tui.screens.setup"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0, result
