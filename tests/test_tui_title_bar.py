"""The title line at the top of the screens: it shows the app's and the
screen's titles, and a title change that finds it without its title (a
screen closing, a busy machine) is let go instead of ending the app."""
from __future__ import annotations

from textual.app import App
from textual.screen import Screen
from textual.widgets._header import HeaderTitle

from tests.snapshot_apps.dojo_pilot import make_app, start_match
from ninja_dojo.tui.widgets.title_bar import TitleBar


def title_text(screen) -> str:
    return str(screen.query_one(TitleBar).query_one(HeaderTitle).render())


async def test_the_title_line_names_the_app_and_the_game_and_its_seed(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "ninja-dojo" in title_text(app.screen)
        game = await start_match(pilot, ["human", "novice"], seed=11)
        await pilot.pause()
        assert "Nin Jan · seed 11" in title_text(game)


class Titled(Screen):
    def compose(self):
        yield TitleBar()


async def test_a_title_change_after_the_title_is_gone_leaves_the_app_running():
    """Textual's own Header raised NoMatches here (once seen in a test under
    load): its watcher ran after the HeaderTitle had been taken away."""
    app = App()
    async with app.run_test() as pilot:
        screen = Titled()
        await app.push_screen(screen)
        await screen.query_one(HeaderTitle).remove()
        screen.sub_title = "a title with nowhere to go"
        app.title = "nor this"
        await pilot.pause()
        assert app.is_running and app.screen is screen
    assert app.return_code in (0, None)
