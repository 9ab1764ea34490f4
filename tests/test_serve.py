"""``dojo serve`` in a real headless browser: the page shows the menu and a
key starts a game.

The browser is the system's Chromium and its driver (Debian's ``chromium``
and ``chromium-driver``; ``.ci/run`` installs them), driven by Selenium
pointed at them: nothing is downloaded at run time.  Where they cannot be
had the test is skipped and says why.  The screenshots are kept under
``artifacts/`` (ignored by git); the test prints their paths.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
TIMEOUT = 40


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: The page draws the terminal on a canvas, so its text is not in the page:
#: this script, run before the page's own, keeps what the app sends to the
#: browser over the websocket (the terminal's output, escape codes and all).
RECORD_OUTPUT = """
window.__dojoOutput = "";
const Native = window.WebSocket;
const decoder = new TextDecoder();
window.WebSocket = function (...args) {
  const ws = new Native(...args);
  ws.addEventListener("message", (event) => {
    const data = event.data;
    if (typeof data === "string") { window.__dojoOutput += data; }
    else if (data instanceof ArrayBuffer) { window.__dojoOutput += decoder.decode(data, {stream: true}); }
    else if (data instanceof Blob) { data.arrayBuffer().then((b) => { window.__dojoOutput += decoder.decode(b); }); }
  });
  return ws;
};
window.WebSocket.prototype = Native.prototype;
Object.assign(window.WebSocket, Native);
"""


def page_text(driver) -> str:
    """Everything the app has drawn so far, as text."""
    return driver.execute_script("return window.__dojoOutput || ''") or ""


def clear_text(driver) -> None:
    driver.execute_script("window.__dojoOutput = ''")


def wait_text(driver, words: list[str], what: str) -> str:
    end = time.monotonic() + TIMEOUT
    while time.monotonic() < end:
        text = page_text(driver)
        if all(w in text for w in words):
            return text
        time.sleep(0.25)
    raise AssertionError(f"{what}: {words} not drawn; the app sent:\n{page_text(driver)[-2000:]!r}")


@pytest.fixture
def browser():
    if not (CHROMIUM and DRIVER):
        message = ("no browser: the system's chromium and chromedriver are not installed "
                   "(apt-get install chromium chromium-driver); dojo serve is not tested here")
        print(message)
        pytest.skip(message)
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1200,800"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_OUTPUT})
    yield driver
    driver.quit()


@pytest.fixture
def server(dojo_home):
    port = free_port()
    env = dict(os.environ, NINJA_DOJO_HOME=str(dojo_home))
    proc = subprocess.Popen([sys.executable, "-m", "tui", "serve", "--host", "127.0.0.1",
                             "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    end = time.monotonic() + TIMEOUT
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > end:
                proc.kill()
                raise AssertionError(f"dojo serve did not start: {proc.stderr.read().decode()[-2000:]}")
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def test_the_app_in_a_browser_shows_the_menu_and_a_key_starts_a_game(server, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    browser.get(server)
    wait_text(browser, ["New game", "Load game", "Settings", "Rules"], "the menu")
    menu = ARTIFACTS / "serve-menu.png"
    browser.save_screenshot(str(menu))
    print(f"screenshot: {menu}")
    # Keys go to the terminal's input (xterm's text area), as a person's typing does.
    from selenium.webdriver.common.by import By
    keys = browser.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
    clear_text(browser)
    keys.send_keys("n")                                       # n: a new game
    wait_text(browser, ["Players", "Start"], "the setup screen")
    clear_text(browser)
    keys.send_keys("\ue007")                                  # enter: start it
    wait_text(browser, ["Round 1/", "Hint"], "the game with its keys")
    game = ARTIFACTS / "serve-game.png"
    browser.save_screenshot(str(game))
    print(f"screenshot: {game}")
