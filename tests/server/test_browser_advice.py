"""Issue 35 in the browser (Chromium): the Hint button at a table with hints on shows the top choices; at a table
of two accounts without hints (a rated game) there is no Hint button and a hint asked for anyway is refused with
the rule; the review of a finished game, reached from the final scores, shows its progress, the ranked decisions
and the three biggest mistakes on the replay's timeline.  The hint and the review pass axe-core.  Screenshots in
test-output/screenshots/."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from primetime.bots.registry import make_bot
from primetime.core.game import Game

from .helpers import SCREENSHOTS, ServerProc
from .test_browser_a11y import axe_check


@pytest.fixture
def web(tmp_path: Path) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_BOT_DELAY": "0.05", "PRIMETIME_IDLE_REPLACE": "600",
                                           "PRIMETIME_TABLE_SEED": "11"}).start()
    yield s
    s.stop()


def person(browser: Any, web: ServerProc, name: str, password: str | None = None) -> Any:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=web.url, bypass_csp=True)
    r = ctx.request.post("/api/signup", data={"name": name, "password": password}) if password else \
        ctx.request.post("/api/me", data={"name": name})
    assert r.ok, r.text()
    return ctx


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def test_issue_35_hint_button_shows_the_top_choices(browser: Any, web: ServerProc) -> None:
    ana = person(browser, web, "Ana")
    page = ana.new_page()
    page.goto("/")
    page.check("#opt-hints")  # the lobby's table option (the other seats: bots)
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    assert "Hints on request: on" in page.inner_text("#hints-rule")
    page.click("#start-btn")
    page.wait_for_selector('body[data-my-turn="1"]')
    page.click("#hint-btn")
    page.wait_for_selector("#hint-panel li")
    items = page.locator("#hint-panel li")
    assert 1 <= items.count() <= 3
    offered = set(page.evaluate("PT.tableState.msg.view.pending.options.map((o) => o.key)"))
    for i in range(items.count()):
        assert items.nth(i).get_attribute("data-key") in offered
        assert "viewers" in items.nth(i).inner_text()
    shot(page, "hint-panel")
    axe_check(page, "the hint")
    ana.close()


def test_issue_35_no_hint_in_a_rated_game(browser: Any, web: ServerProc) -> None:
    ana = person(browser, web, "Anastasia", "violet tractor umbrella 42")
    ben = person(browser, web, "Benedikt", "copper lantern meadow 77")
    tid = ana.request.post("/api/tables", data={"seats": ["open"], "options": {"pilot": "simplified"}}).json()["id"]
    assert ben.request.post(f"/api/tables/{tid}/join", data={}).ok
    assert ana.request.post(f"/api/tables/{tid}/start", data={}).ok
    pages = [ana.new_page(), ben.new_page()]
    for p in pages:
        p.goto(f"/t/{tid}")
    for p in pages:
        p.wait_for_function("PT.tableState.msg && PT.tableState.msg.view")
    mine = next(p for p in pages if p.evaluate("document.body.dataset.myTurn") == "1")
    assert mine.locator("#hint-btn").count() == 0  # no Hint button at a table without hints
    mine.evaluate('PT.tableState.ws.send(JSON.stringify({type: "hint"}))')  # asked for anyway
    mine.wait_for_selector("#toast:has-text('hints are off')")
    assert "never rated" in mine.inner_text("#toast")
    shot(mine, "hint-refused-rated")
    ana.close()
    ben.close()


def mixed_record() -> dict[str, Any]:
    """A seeded 3-player game of The Networks: seat 1 plays at random, the others greedily."""
    g = Game.new("networks", ["Rand", "Greta", "Gus"], 21, {"pilot": "simplified"})
    bots = [make_bot("random", 5), make_bot("greedy", 6), make_bot("greedy", 7)]
    while not g.is_over():
        p = g.current_player()
        assert p is not None
        g.apply(p, bots[p].choose(g, g.state, p))
    return g.record()


def test_issue_35_review_marks_the_three_biggest_mistakes_on_the_replay_timeline(browser: Any, web: ServerProc) -> None:
    ana = person(browser, web, "Ana")
    r = ana.request.post("/api/records", data=json.dumps(mixed_record()), headers={"content-type": "application/json"})
    assert r.ok, r.text()
    tid = r.json()["id"]
    page = ana.new_page()
    page.goto(f"/t/{tid}")  # the final scores of the finished game, with their Review button
    page.click("#review-link")
    page.wait_for_url(f"**/replay/{tid}?review=0")
    page.wait_for_selector("#review-progress")
    page.wait_for_selector("#review-list li")
    marks = page.locator("#marks .mistake-mark")
    assert marks.count() == 3
    summary = page.inner_text("#review-summary")
    assert "this review may show every card" in summary and "viewers" in summary
    ranked = page.locator("#review-list li")
    assert ranked.nth(0).get_attribute("data-mistake") == "1"  # the biggest first
    steps = [int(marks.nth(i).get_attribute("data-step")) for i in range(3)]
    assert steps == [int(ranked.nth(i).get_attribute("data-step")) for i in range(3)]
    shot(page, "review-timeline")
    axe_check(page, "the review")
    marks.nth(1).click()  # a mark steps the replay to that decision
    page.wait_for_function(f"document.body.dataset.step === '{steps[1]}'")
    assert page.inner_text("#board .statusbar").startswith("Next: Rand")
    ana.close()
