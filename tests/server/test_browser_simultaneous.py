"""Acceptance (NET-PILOT-10, browser play): two people pick their Pilot Season cards at the same
time in Chromium (Playwright): both see their own private offer before either has chosen, the
second player chooses first, and a pair half-chosen meanwhile stays selected."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import SCREENSHOTS, ServerProc


@pytest.fixture
def web(tmp_path: Path) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_IDLE_REPLACE": "600", "PRIMETIME_TABLE_SEED": "11"}).start()
    yield s
    s.stop()


def person(browser: Any, web: ServerProc, name: str, phone: bool = False) -> Any:
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    ctx = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone, base_url=web.url, bypass_csp=True)
    r = ctx.request.post("/api/me", data={"name": name})
    assert r.ok, r.text()
    return ctx


def offer(page: Any) -> list[str]:
    """The card ids of the private pilot offer shown in the choices strip."""
    return list(page.eval_on_selector_all("#choices .cards .card", "els => els.map(e => e.dataset.card)"))


def keepable_pair(page: Any) -> None:
    """Select two offered cards that may be kept together (the Keep button comes alive)."""
    cards = page.locator("#choices .cards .card.usable")
    n = cards.count()
    for i in range(n):
        for j in range(i + 1, n):
            cards.nth(i).click()
            cards.nth(j).click()
            if page.locator("#pilot-keep:not([disabled])").count():
                return
            cards.nth(i).click()
            cards.nth(j).click()
    raise AssertionError("no keepable pair in the offer")


def keep(page: Any) -> None:
    page.click("#pilot-keep")
    if page.locator("#confirm-now").count():  # the confirmation countdown, if the player keeps one
        page.click("#confirm-now")


def test_two_people_pick_pilot_cards_at_the_same_time(browser: Any, web: ServerProc) -> None:
    ana, ben = person(browser, web, "Ana"), person(browser, web, "Ben", phone=True)
    r = ana.request.post("/api/tables", data={"seats": ["open"], "options": {"pilot": "normal"}})
    tid = r.json()["id"]
    assert ben.request.post(f"/api/tables/{tid}/join", data={}).ok
    assert ana.request.post(f"/api/tables/{tid}/start", data={}).ok
    pa, pb = ana.new_page(), ben.new_page()
    for p in (pa, pb):
        p.goto(f"/t/{tid}")
    # before anyone has chosen, both are asked at once, each with their own offer of 4 cards
    for p in (pa, pb):
        p.wait_for_selector('body[data-my-turn="1"][data-kind="pilot"]', state="attached", timeout=15000)
        p.wait_for_function("document.querySelectorAll('#choices .cards .card').length === 4")
        assert "Your turn" in p.inner_text("#statusbar")
    oa, ob = offer(pa), offer(pb)
    assert len(oa) == 4 and len(ob) == 4 and not set(oa) & set(ob)
    seq = pa.evaluate("document.body.dataset.seq")
    assert pb.evaluate("document.body.dataset.seq") == seq  # nobody has chosen yet
    shot(pa, "simultaneous-pilot-both-choosing")

    # Ana starts on a pair; Ben, the second player, chooses first
    pa.locator("#choices .cards .card.usable").first.click()
    keepable_pair(pb)
    keep(pb)
    pb.wait_for_selector('body[data-my-turn="0"]', state="attached", timeout=15000)
    pa.wait_for_function(f"document.body.dataset.seq !== '{seq}'", timeout=15000)
    # Ana is still asked, her offer and her half-chosen pair as they were; Ben has chosen (cards hidden)
    assert pa.evaluate("document.body.dataset.myTurn") == "1"
    assert offer(pa) == oa
    assert pa.locator("#choices .cards .card.selected").count() == 1
    assert pa.locator('[data-tab="1"] .dot').count() == 0 and pa.locator('[data-tab="0"] .dot').count() == 1
    pa.click('[data-tab="1"]')  # Ben's area: chosen, the cards hidden
    pa.wait_for_function("document.getElementById('game').innerText.includes('has chosen')")
    assert not any(f'data-card="{c}"' in pa.content() for c in ob if c)
    assert "Waiting for Ana" in pb.inner_text("#statusbar")

    pa.click('[data-tab="0"]')
    pa.locator("#choices .cards .card.selected").first.click()  # start over, then keep a pair
    keepable_pair(pa)
    keep(pa)
    for p in (pa, pb):
        p.wait_for_function("document.body.dataset.kind !== 'pilot'", timeout=15000)
    ana.close()
    ben.close()


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
