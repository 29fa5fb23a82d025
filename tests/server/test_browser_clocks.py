"""Browser tests of time control, in Debian's Chromium driven by Playwright.

A table created in the lobby with a real-time clock (a tiny initial time): the clock is
shown and counts down for whoever must act; it runs out and the chosen policy applies (a
bot takes the seat, shown as bot-played to the others); the player takes the seat back
from the bot; their tab closes and the spectator sees the seat offline within 5 seconds.
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


def person(browser: Any, web: ServerProc, name: str) -> Any:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=web.url, bypass_csp=True)
    r = ctx.request.post("/api/me", data={"name": name})
    assert r.ok, r.text()
    return ctx


def test_clock_runs_out_a_bot_takes_the_seat_and_its_player_takes_it_back(browser: Any, web: ServerProc) -> None:
    from playwright.sync_api import expect  # (installed: the browser fixture needs it)

    ana, eve = person(browser, web, "Ana"), person(browser, web, "Eve")
    pa = ana.new_page()
    pa.goto("/")
    # the lobby: two players (Ana and a bot), a real-time clock of 6 seconds, out of time a bot takes the seat
    pa.wait_for_selector("#create-btn")
    pa.select_option("#players", "2")
    pa.select_option('#seat-specs select[data-seat="1"]', "bot:random")
    pa.select_option("#tc-mode", "realtime")
    assert pa.is_visible("#tc-minutes") and pa.is_visible("#tc-policy") and not pa.is_visible("#tc-days")
    pa.fill("#tc-minutes", "0.1")
    pa.fill("#tc-increment", "0")
    pa.select_option("#tc-policy", "bot")
    pa.select_option("#opt-bot-pace", "normal")  # (a bot pausing 0.3 s a move: the game lasts while Ana takes her seat back)
    pa.locator("section.panel").first.screenshot(path=str(SCREENSHOTS / "lobby-time-control.png"))
    pa.click("#create-btn")
    pa.wait_for_url("**/t/*")
    tid = pa.url.rstrip("/").split("/")[-1]
    pa.wait_for_selector("#time-control")
    assert "Time control: Real time: 0:06 each" in pa.text_content("#time-control")
    pa.click("#start-btn")

    # Ana's clock counts down while she must act (looked at on her page first: it runs for 6 s only)
    pa.wait_for_selector('#clocks .clock[data-cseat="0"][data-running="1"]', timeout=15000)
    assert pa.locator('#clocks .clock[data-cseat="1"]').count() == 0  # a bot has no clock
    pa.wait_for_function("(() => { const t = document.querySelector('#clocks .clock[data-cseat=\"0\"] .clock-time');"
                         " return t && t.textContent !== '0:06'; })()")
    pa.screenshot(path=str(SCREENSHOTS / "clock-running.png"))
    # ... and is shown to everyone
    pe = eve.new_page()
    pe.goto(f"/t/{tid}")
    pe.wait_for_selector("#spectating")
    pe.wait_for_selector('#clocks .clock[data-cseat="0"]')

    # nobody moves: out of time, a bot takes the seat; Ana may take it back, Eve sees it bot-played
    pa.wait_for_selector("#reclaim", timeout=30000)
    assert "Your time ran out" in pa.text_content("#reclaim")
    # (the people list comes with the presence message, the clock with the state message after it)
    expect(pe.locator('#chat-people li[data-seat="0"][data-state="bot"]')).to_contain_text("played by a bot", timeout=20000)
    expect(pe.locator('#clocks .clock[data-cseat="0"] .clock-time')).to_have_text("bot", timeout=20000)
    pa.screenshot(path=str(SCREENSHOTS / "clock-reclaim.png"))

    pa.click("#reclaim-btn")
    pa.wait_for_function("PT.tableState.msg && PT.tableState.msg.me.seat === 0", timeout=20000)
    assert pa.locator("#reclaim").count() == 0 and pa.locator("#spectating").count() == 0
    pe.wait_for_selector('#chat-people li[data-seat="0"][data-state="online"]', state="attached", timeout=20000)
    info = ana.request.get(f"/api/tables/{tid}").json()
    assert info["seats"][0]["kind"] == "human" and info["clock"]["timed_out"] == []

    # Ana's tab closes: the spectator sees her seat offline within 5 seconds
    start = time.monotonic()
    pa.close()
    pe.wait_for_selector('#chat-people li[data-seat="0"][data-state="offline"]', state="attached", timeout=5000)
    assert time.monotonic() - start < 5.0
    for ctx in (ana, eve):
        ctx.close()
