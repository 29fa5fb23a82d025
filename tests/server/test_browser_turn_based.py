"""Issue 36, turn-based clocks in Chromium (Debian's, driven by Playwright): the lobby's time control offers a
time bank (days added per move, up to a cap), shown on the table page and in the lobby's list; the
Preferences set and remove holidays (a refused one says why), and a player on holiday is marked so at the
table; the lobby says why a turn-based table beyond the player's limit cannot be created."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import SCREENSHOTS, ServerProc

PASSWORD = "a long and unguessable pass phrase"


@pytest.fixture
def web(tmp_path: Path) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_TURN_GAMES": "1", "PRIMETIME_TURN_GAMES_EVERY": "5",
                                           "PRIMETIME_TURN_GAMES_MAX": "50"}).start()
    yield s
    s.stop()


def account(browser: Any, web: ServerProc, name: str) -> Any:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=web.url)
    r = ctx.request.post("/api/signup", data={"name": name, "password": PASSWORD})
    assert r.ok, r.text()
    return ctx


def test_issue36_time_bank_in_lobby_and_table_holidays_in_preferences_and_the_limit(browser: Any, web: ServerProc) -> None:
    from playwright.sync_api import expect  # (installed: the browser fixture needs it)

    ann, bob = account(browser, web, "Ann"), account(browser, web, "Bob")
    errors: list[str] = []
    try:
        pa = ann.new_page()
        pa.set_default_timeout(15_000)
        pa.on("pageerror", lambda e: errors.append(str(e)))
        pa.goto("/")
        pa.wait_for_selector("#create-btn")
        # a turn-based table with a time bank: 2 days to start, + 1 day per move, up to 5
        pa.select_option("#players", "2")
        pa.select_option('#seat-specs select[data-seat="1"]', "open")
        pa.select_option("#tc-mode", "turn")
        assert pa.is_visible("#tc-bank-days") and pa.is_visible("#tc-bank-cap") and not pa.is_visible("#tc-minutes")
        pa.fill("#tc-days", "2")
        pa.fill("#tc-bank-days", "1")
        pa.fill("#tc-bank-cap", "5")
        pa.locator("section.panel").first.screenshot(path=str(SCREENSHOTS / "lobby-time-bank.png"))
        pa.click("#create-btn")
        pa.wait_for_url("**/t/*")
        tid = pa.url.rstrip("/").split("/")[-1]
        expect(pa.locator("#time-control")).to_contain_text("Turn-based: 2 days to start, + 1 day per move (time bank), up to 5 days")
        pb = bob.new_page()
        pb.set_default_timeout(15_000)
        r = bob.request.post(f"/api/tables/{tid}/join", data={})
        assert r.ok, r.text()
        pa.click("#start-btn")
        pa.wait_for_selector('#clocks .clock[data-cseat="0"]')

        # the lobby's list describes the table's time control, bank and all
        pb.goto("/")
        expect(pb.locator(f'[data-list="mine"] li[data-table="{tid}"]')).to_contain_text(
            "turn-based: 2 days to start, + 1 day per move, up to 5 days")
        # Bob's limit is one turn-based game: a second is refused with the rule
        pb.select_option("#tc-mode", "turn")
        pb.click("#create-btn")
        expect(pb.locator("#toast")).to_contain_text("the most you may play at once")
        expect(pb.locator("#toast")).to_contain_text("one more for every 5 games you finish, up to 50")

        # Preferences: Bob sets a holiday from today (under way at once), and one to come, then removes that one
        pb.click("#notify-panel summary")
        pb.wait_for_selector("#holiday-add")
        today = dt.date.today()
        pb.fill("#holiday-first", (today - dt.timedelta(days=2)).isoformat())
        pb.fill("#holiday-last", today.isoformat())
        pb.click("#holiday-add")
        expect(pb.locator("#holiday-note")).to_contain_text("in advance")
        pb.fill("#holiday-first", today.isoformat())
        pb.fill("#holiday-last", (today + dt.timedelta(days=1)).isoformat())
        pb.click("#holiday-add")
        expect(pb.locator("#holiday-list li[data-holiday]")).to_have_count(1)
        expect(pb.locator("#holiday-list")).to_contain_text("(under way)")
        pb.fill("#holiday-first", (today + dt.timedelta(days=20)).isoformat())
        pb.fill("#holiday-last", (today + dt.timedelta(days=22)).isoformat())
        pb.click("#holiday-add")
        expect(pb.locator("#holiday-list li[data-holiday]")).to_have_count(2)
        pb.locator("#holidays").screenshot(path=str(SCREENSHOTS / "preferences-holidays.png"))
        pb.locator("#holiday-list li[data-holiday]").nth(1).locator("button").click()
        expect(pb.locator("#holiday-list li[data-holiday]")).to_have_count(1)

        # at the table, Ann sees Bob on holiday (his clock stands still)
        expect(pa.locator('#clocks .clock[data-cseat="1"] [data-testid="on-holiday"]')).to_have_text("on holiday")
        expect(pa.locator('#clocks .clock[data-cseat="0"] [data-testid="on-holiday"]')).to_have_count(0)
        pa.screenshot(path=str(SCREENSHOTS / "table-holiday.png"))
        # the table's Preferences have the holidays too (an account's; Ann has none)
        pa.click("#prefs-btn")
        expect(pa.locator("#holidays #holiday-list")).to_contain_text("No holidays set.")
        assert not errors, errors
    finally:
        ann.close()
        bob.close()
