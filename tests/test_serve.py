"""``dojo serve``: every request without its token gets 403 (checked over
HTTP, browser or not); in a real headless browser, the page without the
token is refused, with it the menu shows, a key starts a game, and a save
outside the data folder is refused on screen.

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
import urllib.error
import urllib.parse
import urllib.request
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


class Served:
    """A running ``dojo serve``: its base address and the link it printed."""

    def __init__(self, proc, base: str, link: str) -> None:
        self.proc, self.base, self.link = proc, base, link

    @property
    def token(self) -> str | None:
        query = urllib.parse.urlsplit(self.link).query
        return urllib.parse.parse_qs(query).get("token", [None])[0]


def start_serving(dojo_home, tmp_path, *extra) -> Served:
    """``dojo serve`` on a free port of 127.0.0.1, once it answers and has
    printed its link."""
    port = free_port()
    env = dict(os.environ, NINJA_DOJO_HOME=str(dojo_home), PYTHONUNBUFFERED="1")
    out = tmp_path / f"serve-{port}.out"
    with open(out, "wb") as f:
        proc = subprocess.Popen([sys.executable, "-m", "tui", "serve", "--host", "127.0.0.1",
                                 "--port", str(port), *extra], env=env,
                                stdout=f, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    end = time.monotonic() + TIMEOUT
    while True:
        printed = out.read_text(errors="replace")
        link = next((w for w in printed.split() if w.startswith(base + "/")), None)
        if link is not None:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                return Served(proc, base, link)
            except OSError:
                pass
        if proc.poll() is not None or time.monotonic() > end:
            proc.kill()
            raise AssertionError(f"dojo serve did not start: {printed[-2000:]}")
        time.sleep(0.1)


def stop(served: Served) -> None:
    served.proc.terminate()
    try:
        served.proc.wait(10)
    except subprocess.TimeoutExpired:
        served.proc.kill()


@pytest.fixture
def server(dojo_home, tmp_path):
    served = start_serving(dojo_home, tmp_path)
    yield served
    stop(served)


def get(url: str, headers: dict | None = None) -> tuple[int, object, bytes]:
    """Status, headers and body of a GET (a 403 is an answer, not an error)."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=20) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def websocket_status(base: str, headers: dict) -> int:
    """The status of a websocket handshake to the app's socket (101: the
    socket opens and a game starts; the socket is closed at once)."""
    where = urllib.parse.urlsplit(base)
    lines = ["GET /ws?width=80&height=24 HTTP/1.1", f"Host: {where.netloc}", "Upgrade: websocket",
             "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
             "Sec-WebSocket-Version: 13", *(f"{k}: {v}" for k, v in headers.items())]
    with socket.create_connection((where.hostname, where.port), timeout=20) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        status = s.recv(200).split(b"\r\n", 1)[0]
    return int(status.split()[1])


# ---------------------------------------------------------------- the token
def test_every_request_without_the_token_gets_403(server):
    assert server.token and len(server.token) >= 40          # secrets.token_urlsafe(32)
    for path in ("/", "/?token=", "/?token=" + server.token[:-1] + "x", "/static/js/textual.js",
                 "/static/", "/download/anything", "/?token=%C3%A9"):
        status, _, body = get(server.base + path)
        assert status == 403, path
        assert b"token" in body
    port = server.base.rsplit(":", 1)[1]
    assert websocket_status(server.base, {}) == 403
    assert websocket_status(server.base, {"Cookie": f"dojo-token-{port}=nope"}) == 403
    # The link: the page, and a cookie its own requests (scripts, the socket) carry.
    status, headers, body = get(server.link)
    assert status == 200 and b"textual" in body
    cookie = headers.get_all("Set-Cookie")[0]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and server.token in cookie
    jar = cookie.split(";")[0]
    assert get(server.base + "/static/js/textual.js", {"Cookie": jar})[0] == 200
    assert get(server.base + "/", {"Cookie": jar})[0] == 200
    # Another site's page may not open the game's socket, even with the cookie.
    assert websocket_status(server.base, {"Cookie": jar, "Origin": "http://evil.example"}) == 403


def test_no_token_only_on_a_loopback_host(dojo_home, tmp_path):
    for host in ("0.0.0.0", "example.com", "192.168.1.5", "::"):
        out = subprocess.run([sys.executable, "-m", "tui", "serve", "--no-token", "--host", host],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
        assert out.stderr.startswith("dojo serve: error: --no-token: only with a loopback --host")
    served = start_serving(dojo_home, tmp_path, "--no-token")
    try:
        assert served.token is None and get(served.base + "/")[0] == 200
        # a page of another site, renamed to this machine's address (DNS rebinding), is refused
        assert get(served.base + "/", {"Host": "evil.example:80"})[0] == 403
        assert websocket_status(served.base, {"Origin": "http://evil.example"}) == 403
    finally:
        stop(served)


def test_serve_help_says_how_it_is_protected():
    out = subprocess.run([sys.executable, "-m", "tui", "serve", "--help"], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0
    for words in ("token", "--no-token", "403", "by name in the data folder"):
        assert words in " ".join(out.stdout.split()), words


# ------------------------------------------------------------- in a browser
def test_the_app_in_a_browser_needs_its_token_plays_and_keeps_files_in_its_folder(server, browser,
                                                                                  dojo_home):
    ARTIFACTS.mkdir(exist_ok=True)
    browser.get(server.base + "/")                             # without the token: refused
    assert "403 Forbidden" in browser.page_source
    assert page_text(browser) == ""                            # no app, no socket
    browser.get(server.link)
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
    # A save outside the data folder: refused on screen, nothing written.
    clear_text(browser)
    keys.send_keys("s")
    wait_text(browser, ["Save the game", "File name"], "the save dialog")
    type_into_field(browser, keys, "../outside")
    clear_text(browser)
    keys.send_keys("\ue007")                                  # enter: save there
    wait_text(browser, ["give a name, not a path", "Nothing was written"], "the refusal")
    refused = ARTIFACTS / "serve-save-refused.png"
    browser.save_screenshot(str(refused))
    print(f"screenshot: {refused}")
    assert not (dojo_home / "outside.msgpack").exists() and not (dojo_home / "outside").exists()
    type_into_field(browser, keys, "mine")                     # a name: saved in the folder
    clear_text(browser)
    keys.send_keys("\ue007")
    wait_text(browser, ["Saved to"], "the save")
    assert engine_load(dojo_home / "saves" / "mine.msgpack").name == "ninjan"


def type_into_field(driver, keys, text: str) -> None:
    """Empty the dialog's field (backspaces), then type ``text``, each step
    once the app has drawn it."""
    time.sleep(0.5)                                           # (the dialog's field has the focus)
    keys.send_keys("\ue003" * 60)
    time.sleep(1.0)
    clear_text(driver)
    keys.send_keys(text)
    wait_text(driver, [text], "the typed name")


def engine_load(path):
    from ninja_dojo import engine
    return engine.load(path)
