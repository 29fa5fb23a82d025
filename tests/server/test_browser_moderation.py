"""Issue 37, moderation in Chromium: an administrator removes a chat message and it is gone from another
player's open page; an administrator suspends an account from the administrators' page and the account's
open table page is told and closed; a report made with the chat's Report button, and one made on a
profile, reach the administrators' page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import SCREENSHOTS, ServerProc
from .test_moderation import grant

PASSWORD = "correct horse"


@pytest.fixture
def web(tmp_path: Path) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_TABLE_SEED": "4"}).start()
    yield s
    s.stop()


def person(browser: Any, web: ServerProc, name: str, errors: list[str]) -> Any:
    """A browser of its own, signed up as ``name``, on the lobby."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda e: errors.append(f"{name}: {e}"))
    page.goto(web.url + "/")
    got = page.request.post(web.url + "/api/signup", data={"name": name, "password": PASSWORD})
    assert got.ok, got.text()
    return page


def admin_page(browser: Any, web: ServerProc, errors: list[str]) -> Any:
    boss = person(browser, web, "Boss", errors)
    grant(f"sqlite:///{web.data_dir / 'primetime.sqlite3'}", web.data_dir, "Boss")
    return boss


def shared_table(web: ServerProc, host: Any, guest: Any) -> str:
    """A table of ``host`` that ``guest`` joined (not started: the chat is what is looked at)."""
    made = host.request.post(web.url + "/api/tables", data={"seats": ["open"], "options": {"pilot": "simplified"}})
    assert made.ok, made.text()
    tid = str(made.json()["id"])
    assert guest.request.post(f"{web.url}/api/tables/{tid}/join", data={}).ok
    return tid


def open_chat(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#chat", state="attached")
    if page.get_attribute("#chat", "hidden") is not None:
        page.click("#chat-btn")
    page.wait_for_selector("#chat-input")


def say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")
    page.locator("#chat-log .chat-text", has_text=text).wait_for()


def test_issue_37_removing_a_message_takes_it_off_another_players_page(browser: Any, web: ServerProc) -> None:
    """Issue 37 (browser): Bob writes a rude message; Ana's open table page shows it; the administrator, on
    the same table, presses its Remove button (players see none), confirms, and the message leaves Ana's
    page without a reload; a reload does not bring it back."""
    errors: list[str] = []
    ana, bob = person(browser, web, "Ana", errors), person(browser, web, "Bob", errors)
    boss = admin_page(browser, web, errors)
    tid = shared_table(web, ana, bob)
    url = f"{web.url}/t/{tid}"
    for page in (ana, bob, boss):
        open_chat(page, url)
    say(bob, "you all play like potatoes")
    say(bob, "good game anyway")
    rude = ana.locator("#chat-log .chat-msg", has_text="potatoes")
    rude.wait_for()
    assert ana.locator("#chat-log .chat-remove").count() == 0, "a player has no Remove button"
    boss.on("dialog", lambda d: d.accept())
    boss.locator("#chat-log .chat-msg", has_text="potatoes").locator(".chat-remove").click()
    rude.wait_for(state="detached")
    assert ana.locator("#chat-log .chat-text", has_text="good game anyway").count() == 1
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ana.screenshot(path=str(SCREENSHOTS / "moderation-message-removed.png"))
    ana.reload()
    ana.wait_for_selector("#chat-log .chat-text")
    ana.locator("#chat-log .chat-text", has_text="good game anyway").wait_for()
    assert ana.locator("#chat-log .chat-msg", has_text="potatoes").count() == 0
    assert not errors, errors


def test_issue_37_suspending_an_account_tells_and_closes_its_open_page(browser: Any, web: ServerProc) -> None:
    """Issue 37 (browser): the administrator finds Ana on the administrators' page and suspends her; her
    open table page says her account was suspended, stops playing and chatting, and the act is in the
    page's log."""
    errors: list[str] = []
    ana = person(browser, web, "Ana", errors)
    boss = admin_page(browser, web, errors)
    made = ana.request.post(web.url + "/api/tables", data={"seats": ["bot:random"], "options": {"pilot": "simplified"}})
    tid = made.json()["id"]
    assert ana.request.post(f"{web.url}/api/tables/{tid}/start", data={}).ok
    ana.goto(f"{web.url}/t/{tid}")
    ana.wait_for_function("document.body.dataset.myTurn === '1'")
    boss.goto(web.url + "/admin")
    boss.fill("#account-name", "ana")
    boss.press("#account-name", "Enter")
    boss.on("dialog", lambda d: d.accept("cheating"))
    boss.click("#suspend-btn")
    banner = ana.locator("#signed-out")
    banner.wait_for()
    assert "Account suspended" in banner.inner_text() and "a moderator suspended your account" in banner.inner_text()
    assert ana.inner_text("#conn") == "signed out"
    assert ana.locator("#choices button[data-key]").count() == 0, "the page no longer plays"
    boss.locator("#mod-log tr[data-act='suspend']", has_text="cheating").wait_for()
    boss.locator("#suspended li", has_text="Ana").wait_for()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ana.screenshot(path=str(SCREENSHOTS / "moderation-suspended-page.png"))
    boss.screenshot(path=str(SCREENSHOTS / "moderation-admin-suspended.png"), full_page=True)
    assert not errors, errors


def test_issue_37_reports_reach_the_administrators_page(browser: Any, web: ServerProc) -> None:
    """Issue 37 (browser): with the administrators' page open, Bob reports Ana's message with the chat's
    Report button and Ana herself on her profile; both reports appear on the page (it looks again every
    few seconds) with the reason, the message's words and who reported whom; resolving one moves it to
    the resolved reports."""
    errors: list[str] = []
    ana, bob = person(browser, web, "Ana", errors), person(browser, web, "Bob", errors)
    boss = admin_page(browser, web, errors)
    boss.goto(web.url + "/admin")
    boss.wait_for_selector("#reports-panel")
    assert boss.locator("#reports li").count() == 0
    tid = shared_table(web, ana, bob)
    for page in (ana, bob):
        open_chat(page, f"{web.url}/t/{tid}")
    say(ana, "send me your password for free coins")
    bob.locator("#chat-log .chat-msg", has_text="free coins").locator(".chat-report").click()
    bob.fill("#report-reason", "a scam")
    bob.click("#report-send")
    bob.wait_for_selector("#report-dialog", state="detached")
    ana_id = ana.evaluate("PT.api('/api/me').then((r) => r.user.id)")
    bob.goto(f"{web.url}/u/{ana_id}")
    bob.click("#report-player")
    bob.fill("#report-reason", "rude in every game")
    bob.click("#report-send")
    bob.wait_for_selector("#report-dialog", state="detached")
    scam = boss.locator("#reports li.report", has_text="a scam")
    scam.wait_for()
    assert "send me your password for free coins" in scam.inner_text() and "Bob" in scam.inner_text()
    boss.locator("#reports li.report", has_text="rude in every game").wait_for()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    boss.screenshot(path=str(SCREENSHOTS / "moderation-admin-reports.png"), full_page=True)
    scam.locator("input").fill("warned")
    scam.locator("button", has_text="Resolve").click()
    boss.locator("#resolved li", has_text="warned").wait_for()
    assert boss.locator("#reports li.report").count() == 1
    assert not errors, errors
