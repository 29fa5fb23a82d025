"""Browser tests of the table's chat and presence: Debian's Chromium driven by Playwright.

Two players (a desktop and a phone-sized touch screen) and a spectator at one table: each
sees who is online, a closed tab shows offline to the others within 5 seconds and online
again when it comes back, a hidden tab is away; they chat (Enter sends, markup stays text, an unread count while
the chat is closed) and a player mutes the spectator for the session.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import SCREENSHOTS, ServerProc


@pytest.fixture
def web(tmp_path: Path) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_BOT_DELAY": "0.3", "PRIMETIME_IDLE_REPLACE": "600"}).start()
    yield s
    s.stop()


def person(browser: Any, web: ServerProc, name: str, phone: bool = False) -> Any:
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    ctx = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone, base_url=web.url, bypass_csp=True)
    r = ctx.request.post("/api/me", data={"name": name})
    assert r.ok, r.text()
    return ctx


def dot(seat: int, state: str) -> str:
    return f'#chat-people li[data-seat="{seat}"][data-state="{state}"]'


def say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def test_presence_and_chat_between_two_players_and_a_spectator(browser: Any, web: ServerProc) -> None:
    ana, ben, eve = person(browser, web, "Ana"), person(browser, web, "Ben", phone=True), person(browser, web, "Eve")
    r = ana.request.post("/api/tables", data={"seats": ["open", "bot:random"], "options": {"pilot": "simplified"}})
    tid = r.json()["id"]
    assert ben.request.post(f"/api/tables/{tid}/join", data={}).ok
    assert ana.request.post(f"/api/tables/{tid}/start", data={"fill_bots": True}).ok

    pa, pb, pe = ana.new_page(), ben.new_page(), eve.new_page()
    for p in (pa, pb, pe):
        p.goto(f"/t/{tid}")
    # every seat's presence, on the seat list and beside the names on the board
    pa.wait_for_selector(dot(1, "online"), state="attached")
    pa.wait_for_selector(dot(2, "bot"), state="attached")
    pa.wait_for_selector('#areas .presence[data-pseat="1"][data-state="online"]', state="attached")
    assert pa.get_attribute('#areas .presence[data-pseat="1"]', "aria-label") == "online"
    pe.wait_for_selector(dot(0, "online"), state="attached")
    pa.wait_for_selector("#chat-watching", state="attached")
    assert pa.text_content("#chat-watching") == "1 watching"

    # a hidden tab (Page Visibility API) is away; in view again, online
    hide = ("(hidden) => { Object.defineProperty(document, 'visibilityState', {value: hidden ? 'hidden' : 'visible', "
            "configurable: true}); document.dispatchEvent(new Event('visibilitychange')); }")
    pb.evaluate(hide, True)
    pa.wait_for_selector(dot(1, "away"), state="attached", timeout=20000)
    assert pa.get_attribute('#areas .presence[data-pseat="1"]', "data-state") == "away"
    pb.evaluate(hide, False)
    pa.wait_for_selector(dot(1, "online"), state="attached", timeout=20000)

    # the second player's tab closes: offline for the others within 5 s; it comes back: online
    start = time.monotonic()
    pb.close()
    pa.wait_for_selector(dot(1, "offline"), state="attached", timeout=5000)
    pe.wait_for_selector(dot(1, "offline"), state="attached", timeout=5000)
    assert time.monotonic() - start < 5.0
    pb = ben.new_page()
    pb.goto(f"/t/{tid}")
    pa.wait_for_selector(dot(1, "online"), state="attached", timeout=30000)  # (a whole page load first)

    # chat: Ana opens it and writes; Ben (closed chat, on a phone) gets an unread count
    assert pa.get_attribute("#chat", "hidden") is not None  # closed at first below 1500 px
    pa.click("#chat-btn")
    pa.wait_for_selector("#chat", state="visible")
    say(pa, "hello <b>all</b> <script>window.pwned = 1</script>")
    pa.wait_for_selector("#chat-log .chat-msg.mine")
    assert pa.input_value("#chat-input") == ""
    pb.wait_for_function("document.getElementById('chat-unread').textContent === '1'")
    assert pb.text_content("#chat-announce").startswith("Ana says: hello <b>all</b>")  # read out to screen readers
    pb.click("#chat-btn")
    pb.wait_for_selector("#chat-log .chat-msg")
    assert pb.text_content("#chat-log .chat-msg .chat-text") == "hello <b>all</b> <script>window.pwned = 1</script>"
    assert pb.evaluate("document.querySelectorAll('#chat-log b b, #chat-log script').length") == 0
    assert pb.evaluate("window.pwned === undefined")
    assert pb.is_hidden("#chat-unread")
    # on the phone the chat is a sheet over the board's bottom, not a column pushing it down
    sw, iw = pb.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sw <= iw
    box = pb.locator("#chat").bounding_box()
    assert box["y"] > 300 and box["y"] + box["height"] <= 844 + 1
    say(pb, "hi Ana")
    pe.click("#chat-btn")
    say(pe, "good game, both")
    for p in (pa, pb, pe):
        p.wait_for_function("document.querySelectorAll('#chat-log .chat-msg').length === 3")
    names = pa.locator("#chat-log .chat-name").all_text_contents()
    assert names == ["Ana", "Ben", "Eve (watching)"]
    pb.screenshot(path=str(SCREENSHOTS / "chat-phone.png"))
    pa.screenshot(path=str(SCREENSHOTS / "chat-desktop.png"))

    # Ana mutes Eve: Eve's messages disappear for Ana, for the rest of the session (a reload too)
    pa.click('#chat-log .chat-msg:has-text("good game") .chat-mute')
    assert pa.locator("#chat-log .chat-msg").count() == 2
    assert "1 muted" in pa.text_content("#chat-muted")
    pa.reload()
    pa.wait_for_selector("#chat-log .chat-msg")
    pa.wait_for_function("document.querySelectorAll('#chat-log .chat-msg').length === 2")
    say(pe, "still here")
    pb.wait_for_function("document.querySelectorAll('#chat-log .chat-msg').length === 4")
    time.sleep(0.5)
    assert pa.locator("#chat-log .chat-msg").count() == 2
    pa.click("#chat-unmute")
    assert pa.locator("#chat-log .chat-msg").count() == 4
    for ctx in (ana, ben, eve):
        ctx.close()


def test_a_table_without_spectator_chat_says_so(browser: Any, web: ServerProc) -> None:
    ana, eve = person(browser, web, "Ana"), person(browser, web, "Eve")
    r = ana.request.post("/api/tables", data={"seats": ["bot:random"], "spectator_chat": False})
    tid = r.json()["id"]
    assert ana.request.post(f"/api/tables/{tid}/start", data={}).ok
    pe = eve.new_page()
    pe.goto(f"/t/{tid}")
    pe.wait_for_selector("#spectating")
    pe.click("#chat-btn")
    pe.wait_for_selector("#chat-note:has-text('Spectators may not chat')")
    assert pe.is_disabled("#chat-input")
    for ctx in (ana, eve):
        ctx.close()
