"""``dojo serve``: the app in a web browser, for whoever has its link.

textual-serve runs one ``dojo`` process per browser tab and draws its
terminal in the page.  Whoever reaches the port would play on this machine,
so the server asks for a token, as Jupyter does:

- a random token (``secrets.token_urlsafe``) is made at each start and
  printed in the link to open, ``http://HOST:PORT/?token=...``;
- every request (the page, its websocket, its scripts and styles, a
  download) without it gets 403.  The page is opened with ``?token=``;
  its answer keeps the token in a cookie (HttpOnly, SameSite=Strict, one
  name per port) that the page's own requests then carry, since
  textual-serve's page builds the websocket's address itself;
- tokens are compared with ``secrets.compare_digest``;
- ``--no-token`` is refused unless the server listens on a loopback
  address only; even then a request must name a loopback host (no other
  site reaches it by renaming itself to 127.0.0.1), and a websocket opened
  from another site's page (its ``Origin``) is refused with or without
  a token.

The served app is started with ``--served`` by this server (the browser
cannot change the command): it then keeps its files in the data folder,
by name (``tui.paths.name_in``).

>>> loopback("localhost"), loopback("127.0.0.1"), loopback("::1"), loopback("0.0.0.0")
(True, True, True, False)
>>> url_host("::1"), url_host("localhost")
('[::1]', 'localhost')
"""
from __future__ import annotations

import ipaddress
import secrets
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.server import Server

#: the flag ``dojo serve`` starts each app process with
SERVED_FLAG = "--served"
LOOPBACK_NAMES = ("localhost",)
REFUSED = ("403 Forbidden: this ninja-dojo needs its link with the token, as `dojo serve` printed it "
           "(http://HOST:PORT/?token=...).\n")


def loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (a name or an address)."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def url_host(host: str) -> str:
    """``host`` as a URL writes it (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def same(given: str | None, token: str) -> bool:
    """``given`` is the token (compared in constant time; any text is safe to pass)."""
    return given is not None and secrets.compare_digest(given.encode("utf-8", "replace"),
                                                        token.encode("utf-8"))


class TokenServer(Server):
    """textual-serve's server, every route behind the token (``None``: no
    token, for a loopback host only)."""

    def __init__(self, command: str, host: str, port: int, token: str | None,
                 title: str = "ninja-dojo") -> None:
        if token is None and not loopback(host):
            raise ValueError(f"no token on {host}: only on a loopback host")
        super().__init__(command, host=host, port=port, title=title,
                         public_url=f"http://{url_host(host)}:{port}")
        self.token = token
        #: one cookie per port: two servers on one machine do not share it
        self.cookie = f"dojo-token-{port}"

    @property
    def link(self) -> str:
        """The address to open, with its token."""
        return f"{self.public_url}/" + (f"?token={self.token}" if self.token else "")

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._guard)
        return app

    def allowed(self, request: web.Request) -> tuple[bool, bool]:
        """Whether ``request`` may be answered, and whether it brought the
        token in its address (its answer then sets the cookie)."""
        if request.path == "/ws":
            origin = request.headers.get("Origin")
            if origin is not None and urlsplit(origin).netloc.lower() != request.host.lower():
                return False, False          # a page of another site opening the game's socket
        if self.token is None:
            return loopback(urlsplit(f"//{request.host}").hostname or ""), False
        if same(request.query.get("token"), self.token):
            return True, True
        return same(request.cookies.get(self.cookie), self.token), False

    @web.middleware
    async def _guard(self, request: web.Request, handler) -> web.StreamResponse:
        ok, from_address = self.allowed(request)
        if not ok:
            return web.Response(status=403, text=REFUSED, headers={"Referrer-Policy": "no-referrer"})
        response = await handler(request)
        if not response.prepared:          # (a websocket's answer went out long ago)
            response.headers["Referrer-Policy"] = "no-referrer"
            if from_address:
                response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict", path="/")
        return response

    async def on_startup(self, app: web.Application) -> None:
        if self.token:
            lines = ["ninja-dojo in a web browser: open", f"    {self.link}",
                     "Anyone with this link plays on this machine; the token changes at each start."]
        else:
            lines = ["ninja-dojo in a web browser (no token: this machine only): open",
                     f"    {self.link}"]
        print("\n".join(lines + ["Press Ctrl+C to stop."]), flush=True)
