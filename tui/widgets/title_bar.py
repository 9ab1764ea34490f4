"""The line at the top of every screen: the app's title and the screen's.

Textual's ``Header`` with one change.  Its title watchers are coroutines,
run a moment after a title changes; a screen closed in that moment (or a
busy machine stretching it) has already lost its ``HeaderTitle`` and the
watcher's ``query_one`` raised ``NoMatches``, which ends the app.  It was
seen once, in a test under load.  Here the watcher runs at once and writes
to the title only while there is one.
"""
from __future__ import annotations

from textual.dom import NoScreen
from textual.events import Mount
from textual.widget import Widget
from textual.widgets import Header
from textual.widgets._header import HeaderTitle


class TitleBar(Header):
    """A ``Header`` whose title follows the app's and the screen's titles
    without a window in which it can fail."""

    def _on_mount(self, event: Mount) -> None:
        # Replaces Header._on_mount (its watchers are the racy ones); the
        # plain Widget's mount handling still runs.
        event.prevent_default()
        Widget._on_mount(self, event)
        for source in (self.app, self.screen):
            for name in ("title", "sub_title"):
                self.watch(source, name, self.show_title)

    def show_title(self) -> None:
        try:
            text = self.format_title()
        except NoScreen:        # already taken off its screen
            return
        for title in self.query(HeaderTitle):
            title.update(text)
