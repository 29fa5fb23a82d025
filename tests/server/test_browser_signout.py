"""Issue item 2 (f) in Chromium: sign out in one tab, and the table page open in another tab says it was
signed out, stops reconnecting, and can no longer act or chat; "Sign out everywhere" does the same to a
table page in another browser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import SCREENSHOTS, ServerProc, sign_in_from

PASSWORD = "correct horse"

# counts the WebSockets the page opens (a page that reconnected would open another)
COUNT_SOCKETS = """
(() => {
  const Real = window.WebSocket;
  window.__sockets = 0;
  window.WebSocket = function (...args) { window.__sockets++; return new Real(...args); };
  window.WebSocket.prototype = Real.prototype;
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
})();
"""


@pytest.fixture
def web(tmp_path: Path) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_TABLE_SEED": "2"}).start()
    yield s
    s.stop()


def new_page(ctx: Any, errors: list[str]) -> Any:
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def sign_in(page: Any, url: str) -> None:
    page.goto(url + "/")
    page.fill("#acct-name", "Ana")
    page.fill("#acct-pass", PASSWORD)
    page.click("#signin-btn")
    page.wait_for_selector("#signout-btn")


def test_issue_item_2_a_table_tab_says_it_was_signed_out(browser: Any, web: ServerProc) -> None:
    """Issue item 2 (f): Ana's table page shows her turn; she signs out in the lobby in another tab; the
    table page shows "Signed out — you signed out", offers no choice, refuses chat, and opens no new
    socket.  "Sign in again" brings her back to the table, which offers her seat back ("Take my seat
    here"); then "Sign out everywhere" closes her table page in another browser too."""
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    ctx.add_init_script(COUNT_SOCKETS)
    lobby = new_page(ctx, errors)
    lobby.goto(web.url + "/")
    assert lobby.request.post(web.url + "/api/signup", data={"name": "Ana", "password": PASSWORD}).ok
    assert lobby.request.post(web.url + "/api/me/prefs", data={"confirm_delay": 0}).ok
    made = lobby.request.post(web.url + "/api/tables", data={"seats": ["bot:random"], "options": {"pilot": "simplified"}})
    assert made.ok, made.text()
    table_id = made.json()["id"]
    assert lobby.request.post(f"{web.url}/api/tables/{table_id}/start", data={}).ok

    table = new_page(ctx, errors)
    table.goto(f"{web.url}/t/{table_id}")
    table.wait_for_function("document.body.dataset.myTurn === '1'")
    assert table.locator("#choices button[data-key]").count() > 0

    lobby.reload()
    lobby.click("#signout-btn")
    lobby.wait_for_selector("#signin-btn")

    banner = table.locator("#signed-out")
    banner.wait_for()
    assert "Signed out" in banner.inner_text() and "you signed out" in banner.inner_text()
    assert table.inner_text("#conn") == "signed out"
    assert table.evaluate("document.body.dataset.signedOut") == "1"
    table.screenshot(path=str(SCREENSHOTS / "signed-out-table.png"))
    # no move: no choices, not "your turn" any more; no chat: the input is disabled and says why
    table.wait_for_function("document.body.dataset.myTurn === '0'")
    assert table.locator("#choices button[data-key]").count() == 0
    assert table.evaluate("document.getElementById('chat-input').disabled") is True
    assert "Signed out: you signed out" in table.evaluate("document.getElementById('chat-note').textContent")
    # a chat message sent anyway is refused by the page itself: its socket is closed and not reopened
    table.evaluate("document.getElementById('chat-input').value = 'still here?';"
                   "document.getElementById('chat-form').requestSubmit()")
    table.wait_for_function("/Signed out/.test(document.getElementById('toast').textContent)")
    assert table.evaluate("PT.tableState.ws") is None
    assert table.evaluate("window.__sockets") == 1, "the page did not reconnect"

    # ---- "Sign in again" leads back to the table, where the seat taken in the ended session is offered back
    sign_in_from(table, "#signed-out-signin", "Ana", PASSWORD, f"{web.url}/t/{table_id}")
    table.click("#reseat-btn")
    table.wait_for_function("document.body.dataset.myTurn === '1'")
    assert table.locator("#signed-out").count() == 0 and table.locator("#choices button[data-key]").count() > 0

    # ---- a table page in another browser; "Sign out everywhere" from this one
    lobby.reload()
    other_ctx = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    other_lobby = new_page(other_ctx, errors)
    sign_in(other_lobby, web.url)
    other = new_page(other_ctx, errors)
    other.goto(f"{web.url}/t/{table_id}")
    other.wait_for_selector("#statusbar")
    other.wait_for_function("document.getElementById('conn').textContent === 'live'")
    lobby.click("#signout-all-btn")
    lobby.wait_for_selector("#signin-btn")
    other.locator("#signed-out").wait_for()
    assert "signed out everywhere" in other.inner_text("#signed-out")
    table.locator("#signed-out").wait_for()  # (this browser's own table page too)
    assert other.evaluate("document.getElementById('chat-input').disabled") is True
    assert not errors, errors
    other_ctx.close()
    ctx.close()
