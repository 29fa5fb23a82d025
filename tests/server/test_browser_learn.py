"""Issue 35, Learn to play in the browser (Debian's Chromium under Playwright): a guest opens each
tutorial from the lobby's *Learn to play*, and the page shows every step's text, highlights the part of
the page the step names, refuses one click on another move with the step's sentence (the server refuses
it too), and takes the taught moves to the tutorial's closing step.  Screenshots in test-output/screenshots/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from primetime.core.tutorial import LEARNER, all_tutorials
from words_check import jargon

from .helpers import SCREENSHOTS, ServerProc

TUTORIALS = list(all_tutorials())


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path_factory.mktemp("learn") / "data").start()
    yield s
    s.stop()


def click_move(page: Any, key: str) -> None:
    """Make the move ``key`` as a person would: its card or slot on the board (then its line in the
    menu if the card offers several), else its button, else its line in a list of all the options."""
    from playwright.sync_api import expect

    board = page.locator(f'#game [data-options~="{key}"]')
    if board.count():
        board.first.click()
        menu = page.locator(f'#menu [data-key="{key}"]')
        if not page.locator("#menu").count():
            return
        menu.click()
        return
    button = page.locator(f'#choices [data-key="{key}"]').first
    if not button.is_visible():
        page.locator("details.allopts", has=page.locator(f'[data-key="{key}"]')).first.locator("summary").click()
    expect(button).to_be_visible()
    button.click()


def norm(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("name", TUTORIALS)
def test_learn_to_play_in_the_browser_to_the_end(browser: Any, web: ServerProc, name: str) -> None:
    """Issue 35: Learn to play from the lobby (as a guest); each step's text and highlighted region; one
    refused click with its explanation shown; the taught moves to the end."""
    from playwright.sync_api import expect

    tut = all_tutorials()[name]
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=web.url)
    page = ctx.new_page()
    page.goto("/")
    expect(page.locator("#learn")).to_contain_text(f"primetime learn {name}")
    page.click(f"#learn-{name}")
    expect(page).to_have_url(re.compile(f"/learn/{name}$"))
    lesson = tut.start()
    refused_once = shot = False
    seen: set[str] = set()  # what the learner reads, for internal words (issue 34, item 4)
    while True:
        reading, step = lesson.group()
        for s in reading:
            expect(page.locator("#tutorial")).to_have_attribute("data-step", str(s.index))
            assert norm(page.inner_text("#tutorial-text")) == norm(s.text)
            seen.add(page.inner_text("body"))
            expect(page.locator("body")).to_have_attribute("data-region-found", "1")
            assert page.locator(".tutorial-highlight").count() >= 1
            if s is tut.steps[-1]:
                break
            page.click("#tutorial-next")
        if step is None:
            expect(page.locator("#tutorial-done")).to_be_visible()
            page.screenshot(path=str(SCREENSHOTS / f"learn-{name}-done.png"), full_page=False)
            break
        expect(page.locator("#tutorial")).to_have_attribute("data-step", str(step.index))
        expect(page.locator("body")).to_have_attribute("data-busy", "0")
        assert norm(page.inner_text("#tutorial-text")) == norm(step.text)
        expect(page.locator("body")).to_have_attribute("data-region-found", "1")
        seen.add(page.inner_text("body"))
        key = lesson.choices()[0]
        if not shot and step.region != "choices" and page.locator(f'#game [data-options~="{key}"]').count():
            # the taught move's card or slot is ringed inside the highlighted region
            expect(page.locator(f'#game .tutorial-target[data-options~="{key}"]').first).to_be_visible()
            page.screenshot(path=str(SCREENSHOTS / f"learn-{name}-highlight.png"))
            shot = True
        if not refused_once:
            legal = lesson.game.legal_keys(LEARNER)
            wrong = next((k for k in legal if not step.accepts(k)), None)
            if wrong is not None:
                page.screenshot(path=str(SCREENSHOTS / f"learn-{name}-first-step.png"))
                click_move(page, wrong)
                expect(page.locator("#tutorial-refused")).to_contain_text(norm(step.refused)[:60])
                seen.add(page.inner_text("body"))
                expect(page.locator("body")).to_have_attribute("data-moves", str(len(lesson.keys)))
                page.screenshot(path=str(SCREENSHOTS / f"learn-{name}-refused.png"))
                refused_once = True
        click_move(page, key)
        lesson.answer(key)
        expect(page.locator("body")).to_have_attribute("data-moves", str(len(lesson.keys)))
    assert refused_once and shot
    words = [w for text in seen for w in jargon(text)]
    assert not words, words[:5]
    ctx.close()


def test_a_tutorial_table_takes_only_the_steps_move(web: ServerProc) -> None:
    """Issue 35: the server enforces the tutorial too: another legal move is refused (409) with the step's
    sentence, moves that were never accepted are refused, and the taught move is taken."""
    import json
    import urllib.error
    import urllib.request

    def post(name: str, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        req = urllib.request.Request(f"{web.url}/api/learn/{name}", json.dumps(data).encode(), {"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    for name, tut in all_tutorials().items():
        lesson = tut.start()
        step = lesson.expected()
        assert step is not None
        status, first = post(name, {"moves": []})
        assert status == 200 and first["step"]["index"] == step.index and first["moves"] == []
        assert first["view"]["pending"]["player"] == LEARNER
        wrong = next(k for k in lesson.game.legal_keys(LEARNER) if not step.accepts(k))
        status, out = post(name, {"moves": [], "key": wrong})
        assert status == 409 and out["refused"] == step.refused
        status, out = post(name, {"moves": [wrong]})
        assert status == 400
        key = lesson.choices()[0]
        status, out = post(name, {"moves": [], "key": key})
        assert status == 200 and out["moves"] == [key]
    status, out = post("chess", {"moves": []})
    assert status == 404



def test_the_tables_help_points_to_learn_to_play(browser: Any, web: ServerProc) -> None:
    """Issue 35: the table page's ? Help mentions Learn to play (its game's tutorials) and `primetime learn`."""
    from playwright.sync_api import expect

    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=web.url)
    assert ctx.request.post("/api/me", data={"name": "Ana"}).ok
    tid = ctx.request.post("/api/tables", data={"seats": ["bot:random"], "game": "prime-time"}).json()["id"]
    assert ctx.request.post(f"/api/tables/{tid}/start", data={"fill_bots": True}).ok
    page = ctx.new_page()
    page.goto(f"/t/{tid}")
    expect(page.locator("#pt-board")).to_be_visible()
    page.click("#help-btn")
    expect(page.locator("#help-learn")).to_contain_text("primetime learn prime-time")
    link = page.locator('#help-learn a[href="/learn/prime-time"]')
    expect(link).to_be_visible()
    expect(page.locator('#help-learn a[href="/learn/networks"]')).to_have_count(0)
    page.screenshot(path=str(SCREENSHOTS / "learn-help.png"))
    link.click()
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "0")
    ctx.close()


def test_tutorial_steps_are_rate_limited_per_address(tmp_path: Any) -> None:
    """Hostile clients: each tutorial request replays the moves so far, so an address gets a bounded
    number of them (PRIMETIME_RATE_LEARN), then 429."""
    import json
    import urllib.error
    import urllib.request

    s = ServerProc(tmp_path / "data", env={"PRIMETIME_RATE_LEARN": "3/600"}).start()
    try:
        codes = []
        for _ in range(4):
            req = urllib.request.Request(f"{s.url}/api/learn/networks", json.dumps({"moves": []}).encode(),
                                         {"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(req) as r:
                    codes.append(r.status)
            except urllib.error.HTTPError as exc:
                codes.append(exc.code)
        assert codes == [200, 200, 200, 429]
    finally:
        s.stop()


@pytest.mark.parametrize("name", ["networks", "prime-time"])
def test_the_tutorial_page_passes_axe(browser: Any, web: ServerProc, name: str) -> None:
    """Accessibility (issue 34) of the tutorial table too: no serious or critical axe-core violation,
    with a step shown, its region highlighted and a refused move's explanation on the page."""
    from playwright.sync_api import expect

    from .test_browser_a11y import axe_check

    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=web.url)
    page = ctx.new_page()
    page.goto(f"/learn/{name}")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "0")
    axe_check(page, f"tutorial {name} (a reading step)")
    page.click("#tutorial-next")
    lesson = all_tutorials()[name].start()
    step = lesson.expected()
    assert step is not None
    click_move(page, next(k for k in lesson.game.legal_keys(LEARNER) if not step.accepts(k)))
    expect(page.locator("#tutorial-refused")).to_be_visible()
    axe_check(page, f"tutorial {name} (a refused move)")
    ctx.close()


def test_a_reload_goes_on_from_the_same_step_and_start_again_restarts(browser: Any, web: ServerProc) -> None:
    """Learn to play keeps the accepted moves for the tab: a reload shows the same step; *Start again* goes back
    to the first step."""
    from playwright.sync_api import expect

    tut = all_tutorials()["networks"]
    lesson = tut.start()
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=web.url)
    page = ctx.new_page()
    page.goto("/learn/networks")
    page.click("#tutorial-next")
    key = lesson.choices()[0]
    click_move(page, key)
    lesson.answer(key)
    step = lesson.expected()
    assert step is not None
    expect(page.locator("#tutorial")).to_have_attribute("data-step", str(step.index))
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-moves", "1")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", str(step.index))
    page.click("#tutorial-restart")
    expect(page.locator("body")).to_have_attribute("data-moves", "0")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "0")
    ctx.close()


def test_a_card_can_be_read_in_a_tutorial(browser: Any, web: ServerProc) -> None:
    """Reading a card (issue 34, item 7) works at a tutorial table too: "v" on a focused card opens it."""
    from playwright.sync_api import expect

    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=web.url)
    page = ctx.new_page()
    page.goto("/learn/networks")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "0")
    card = page.locator("#areas .lineup [data-card]").first
    card.focus()
    page.keyboard.press("v")
    expect(page.locator("#cardview")).to_be_visible()
    expect(page.locator('[data-testid="cardview-words"]')).not_to_be_empty()
    ctx.close()
