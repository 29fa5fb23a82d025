"""Acceptance (accounts and ratings) in Chromium: Ana signs up, signs out and signs in again in the
browser, plays a rated two-player game of The Networks against Ben (a second account, driven over
HTTP and the WebSocket), and both profiles then show the game, with ratings moved in opposite
directions; the leaderboard ranks the winner first.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import SCREENSHOTS, Person, ServerProc, decode, sign_in_from

PASSWORD = "plum kettle orbit 71"


@pytest.fixture
def web(tmp_path: Path) -> Iterator[ServerProc]:
    # a fixed table seed: with both passing, seat 0 (Ana) wins the first table (no tie)
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_TABLE_SEED": "2"}).start()
    yield s
    s.stop()


def body(page: Any, key: str) -> str:
    return str(page.evaluate(f"document.body.dataset.{key} || ''"))


def drain(ws: Any, latest: dict[str, Any] | None) -> dict[str, Any] | None:
    """The newest state message Ben's WebSocket has received so far."""
    while True:
        try:
            msg = decode(ws, ws.recv(timeout=0.05))
        except TimeoutError:
            return latest
        if msg.get("type") == "state":
            latest = msg


def test_sign_up_sign_in_rated_game_and_both_profiles(browser: Any, web: ServerProc) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # ---- sign up, sign out, a wrong password, sign in
    page.goto(web.url + "/")
    page.fill("#acct-name", "Ana")
    page.fill("#acct-pass", "short")
    page.click("#signup-btn")
    # (the refusal is said under the form, not in a toast that would cover it: issue 34, item 11)
    page.wait_for_function("/at least 8 characters/.test(document.querySelector('#acct-note').textContent)")
    page.fill("#acct-pass", "password1")  # issue item 3: a weak password is refused, and the page says why
    page.click("#signup-btn")
    page.wait_for_function("/too easy to guess/.test(document.querySelector('#acct-note').textContent)")
    assert "common password" in page.inner_text("#acct-note")
    page.fill("#acct-pass", PASSWORD)
    page.click("#signup-btn")
    page.wait_for_selector("#signout-btn")
    assert "Playing as Ana" in page.inner_text("#who") and "guest" not in page.inner_text("#who")
    page.click("#signout-btn")
    page.wait_for_selector("#signin-btn")
    page.fill("#acct-name", "ana")
    page.fill("#acct-pass", "wrong password")
    page.click("#signin-btn")
    page.wait_for_function("/wrong name or password/.test(document.querySelector('#acct-note').textContent)")
    page.fill("#acct-pass", PASSWORD)
    page.click("#signin-btn")
    page.wait_for_selector("#create-btn")
    ana_id = page.get_attribute("#profile-link", "href").split("/")[-1]
    page.request.post(web.url + "/api/me/prefs", data={"confirm_delay": 0})

    # ---- Ben, a second account (over HTTP)
    ben = Person(web.url)
    ben.post("/api/signup", {"name": "Ben", "password": PASSWORD})
    ben_id = ben.get("/api/me")["user"]["id"]

    # ---- a two-player table with an open seat; Ben joins, Ana starts
    page.reload()
    page.wait_for_selector("#create-btn")
    page.select_option("#players", "2")
    page.select_option('select[data-seat="1"]', "open")
    page.select_option("#opt-pilot", "simplified")
    page.click("#create-btn")
    page.wait_for_selector("#invite-link")
    table_id = page.input_value("#invite-link").rstrip("/").split("/")[-1]
    ben.post(f"/api/tables/{table_id}/join")
    page.wait_for_function("document.querySelectorAll('#seats li[data-kind=human]').length === 2")
    page.click("#start-btn")
    page.wait_for_selector("#statusbar")

    # ---- the game: Ana passes in the browser, Ben over the WebSocket
    ws = ben.ws(table_id)
    latest: dict[str, Any] | None = None
    deadline = time.time() + 120
    try:
        while True:
            assert time.time() < deadline, "the game did not finish in time"
            latest = drain(ws, latest)
            if latest and latest["view"]["phase"] == "over":
                break
            pending = latest and latest["view"]["pending"]
            if pending and pending["player"] == 1 and "options" in pending:
                keys = [o["key"] for o in pending["options"]]
                key = next((k for k in keys if k.startswith("pass")), keys[0])
                ws.send(json.dumps({"type": "act", "key": key, "seq": latest["seq"]}))
                latest = None
                continue
            if body(page, "myTurn") == "1" and body(page, "busy") != "1":
                seq = body(page, "seq")
                passes = page.locator('#choices > .group button[data-key^="pass"]')
                (passes.first if passes.count() else page.locator("#choices > .group button[data-key]").first).click()
                page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    finally:
        ws.close()
    page.wait_for_selector("#summary")
    winners = latest["view"]["final"]["winners"]
    assert len(winners) == 1
    # the final summary says how the ratings moved
    page.wait_for_selector("#rating-changes")
    summary = page.inner_text("#rating-changes")
    assert "Rated game: Ana 1500 → " in summary
    # issue items 6 and 7: both accounts were made from this one address within a day (damped), and are new (provisional)
    assert "provisional" in summary and "changes scaled to 10%: two accounts at the table were created from one address" in summary

    # ---- both profiles show the rated game; the ratings moved in opposite directions
    moved = {}
    for seat, uid in enumerate((ana_id, ben_id)):
        page.goto(f"{web.url}/u/{uid}")
        item = page.locator(f'#games li[data-table="{table_id}"]')
        item.wait_for()
        assert item.get_attribute("data-rated") == "1"
        delta = int(item.locator(".rating-change").get_attribute("data-delta"))
        rating = int(page.locator('#ratings li[data-game="networks"]').get_attribute("data-rating"))
        assert delta == rating - 1500 and delta != 0
        assert page.locator('#ratings li[data-game="networks"] .provisional').is_visible()
        assert item.locator(f'a[href="/replay/{table_id}"]').count() == 1
        moved[seat] = delta
        page.screenshot(path=str(SCREENSHOTS / f"accounts-profile-{seat}.png"), full_page=True)
    w = winners[0]
    assert moved[w] > 0 > moved[1 - w]
    # the opponent's name on a profile links to their profile
    assert page.locator(f'#games li[data-table="{table_id}"] a[href="/u/{ana_id}"]').count() == 1

    # ---- the leaderboard, reached from the lobby
    page.goto(web.url + "/")
    page.click('#boards a[data-board="networks"]')
    page.wait_for_selector("#board li")
    assert [page.locator("#board li").nth(i).get_attribute("data-player") for i in range(2)] == \
        [(ana_id, ben_id)[w], (ana_id, ben_id)[1 - w]]
    page.screenshot(path=str(SCREENSHOTS / "accounts-leaderboard.png"), full_page=True)
    assert not errors, errors
    ctx.close()
    ben.close()


def test_an_invitee_signs_in_and_comes_back_to_the_table(browser: Any, web: ServerProc) -> None:
    """The invitation link of a table offers to sign in first; the lobby then brings you back to the table."""
    ana = Person(web.url)
    ana.post("/api/signup", {"name": "Ana", "password": PASSWORD})
    table_id = ana.create(["open"], pilot="simplified")
    Person(web.url).post("/api/signup", {"name": "Ben", "password": PASSWORD})
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{web.url}/t/{table_id}")
    sign_in_from(page, "#join-signin", "Ben", PASSWORD, f"{web.url}/t/{table_id}")
    page.wait_for_selector("#join-btn")
    assert "as Ben" in page.inner_text("#join-btn >> xpath=..")
    page.click("#join-btn")
    page.wait_for_function("document.querySelectorAll('#seats li[data-kind=human]').length === 2")
    assert ana.get(f"/api/tables/{table_id}")["seats"][1]["name"] == "Ben"
    ctx.close()
    ana.close()
