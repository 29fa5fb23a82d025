"""Browser tests: Debian's Chromium driven by Playwright, against a real server process.

Two people in two browser contexts (one desktop, one phone-sized touch screen) and a bot
play a whole game through the UI to the final scoreboard.  Along the way: the Forecast
shown equals the engine's, a dimmed card cannot be used, the confirmation countdown can
be cancelled, a reload in the middle of a turn resumes exactly, the 390 px layout never
scrolls sideways, and screenshots of the main screens are saved.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from primetime.core.game import replay_record
from primetime.core.rng import Rng
from primetime.server.gamestate import apply_entry_tracked

from .helpers import SCREENSHOTS, ServerProc


@pytest.fixture
def web(tmp_path: Path) -> Iterator[ServerProc]:
    # a fixed table seed: the same games every run (the checks below need a dimmed card and a show to produce)
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_BOT_DELAY": "0.05", "PRIMETIME_IDLE_REPLACE": "600",
                                           "PRIMETIME_TABLE_SEED": "11"}).start()
    yield s
    s.stop()


def shot(page: Any, name: str, full: bool = True) -> None:
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full)


def no_hscroll(page: Any) -> None:
    sw, iw = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sw <= iw, f"horizontal scrolling: content {sw}px wide in a {iw}px window"


def engine_game(web: ServerProc, table_id: str, seq: int, viewer: int | None = None) -> Any:
    """The stored game at step ``seq``; with a ``viewer``, at the step that seat was shown as
    ``seq`` (the steps other seats took behind a screen are not counted for it)."""
    con = sqlite3.connect(web.data_dir / "primetime.sqlite3")
    try:
        row = con.execute("SELECT game, options, seed, players FROM tables WHERE id = ?", (table_id,)).fetchone()
        keys = [k for (k,) in con.execute("SELECT key FROM actions WHERE table_id = ? ORDER BY seq", (table_id,))]
    finally:
        con.close()
    rec = {"format_version": 1, "game": row[0], "options": json.loads(row[1]), "seed": row[2],
           "players": json.loads(row[3]), "actions": keys}
    if viewer is None:
        return replay_record(rec, upto=seq)
    game, shown = replay_record(rec, upto=0), 0
    while shown < seq and game.seq < len(keys):
        mark = apply_entry_tracked(game, keys[game.seq])
        shown += not (mark.screened and mark.seat != viewer)
    return game


def body(page: Any, key: str) -> str:
    return str(page.evaluate(f"document.body.dataset.{key} || ''"))


def wait_seq_change(page: Any, seq: str, timeout: float = 15.0) -> None:
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}' || document.body.dataset.busy === '0' && "
                           "!!document.querySelector('#toast:not(.hidden)')", timeout=timeout * 1000)


def propose_pilots(page: Any) -> None:
    """Choose the first two pilot cards offered (or the first option), as a proposal the confirmation delay holds."""
    selected = page.locator("#choices .cards .card.selected")  # (a cancelled proposal leaves its pair selected)
    while selected.count():
        selected.first.click()
    page.locator("#choices .cards .card.usable").first.click()
    page.locator("#choices .cards .card.usable").nth(1).click()
    if page.locator("#pilot-keep:not([disabled])").count():
        page.click("#pilot-keep")
    else:
        page.click("details.allopts summary")
        page.locator("details.allopts button[data-key]").first.click()


def set_delay(page: Any, seconds: int) -> None:
    page.click("#prefs-btn")
    page.select_option("#pref-delay", str(seconds))
    page.click("#pref-save")
    page.wait_for_selector("#overlay.hidden", state="attached")


class Player:
    def __init__(self, page: Any, seat: int, rng: Rng, phone: bool = False) -> None:
        self.page = page
        self.seat = seat
        self.rng = rng
        self.phone = phone
        self.streak = 0

    def my_turn(self) -> bool:
        return body(self.page, "myTurn") == "1" and body(self.page, "busy") != "1"

    def click_option(self, selector: str) -> None:
        el = self.page.locator(selector).first
        el.scroll_into_view_if_needed()
        el.click()
        menu = self.page.locator("#menu .opt")
        if menu.count():
            menu.first.click()

    def play_one(self) -> None:
        page = self.page
        seq = body(page, "seq")
        kind = body(page, "kind")
        if kind == "pilot":
            cards = page.locator("#choices .cards .card.usable")
            n = cards.count()
            done = False
            for i in range(n):
                for j in range(i + 1, n):
                    cards.nth(i).click()
                    cards.nth(j).click()
                    if page.locator("#pilot-keep:not([disabled])").count():
                        page.click("#pilot-keep")
                        done = True
                        break
                    # deselect both and try another pair
                    cards.nth(i).click()
                    cards.nth(j).click()
                if done:
                    break
            if not done:
                page.click("details.allopts summary")
                page.locator("details.allopts button[data-key]").first.click()
        elif kind == "turn":
            usable = page.locator("#market .card.usable, #my-green .card.usable")
            want_card = usable.count() > 0 and self.streak < 3 and self.rng.below(100) < 55
            if want_card:
                usable.nth(self.rng.below(usable.count())).click()
                menu = page.locator("#menu .opt")
                if menu.count():
                    menu.nth(self.rng.below(menu.count())).click()
                self.streak += 1
            else:
                end = page.locator('#choices button[data-key="end"]')
                passes = page.locator('#choices > .group button[data-key^="pass"]')
                if end.count():
                    if page.locator("#skip-action").count():  # an action still to take: ending skips it
                        page.click("#skip-action > summary")
                    end.first.click()
                elif passes.count():
                    passes.nth(self.rng.below(passes.count())).click()
                else:
                    page.locator("#choices > .group button[data-key]").first.click()
                self.streak = 0
        else:
            buttons = page.locator("#choices > .group button[data-key]")
            keys = [buttons.nth(i).get_attribute("data-key") for i in range(buttons.count())]
            # finish productions instead of aborting them; otherwise pick at random
            prefer = [i for i, k in enumerate(keys) if k == "done"] or [i for i, k in enumerate(keys) if k != "abort"] or [0]
            buttons.nth(self.rng.choice(prefer)).click()
        wait_seq_change(page, seq)
        if self.phone:
            no_hscroll(page)


def test_two_people_and_a_bot_play_a_whole_game(browser: Any, web: ServerProc) -> None:
    # bypass_csp: Playwright evaluates its wait conditions as strings, which the page's CSP forbids
    desk = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, bypass_csp=True)
    ana = desk.new_page()
    ben = phone.new_page()
    errors: list[str] = []
    for pg in (ana, ben):
        pg.on("pageerror", lambda e: errors.append(str(e)))
    pg_timeout = 15_000
    ana.set_default_timeout(pg_timeout)
    ben.set_default_timeout(pg_timeout)

    # ---- Ana: name, new table with an open seat and a bot
    ana.goto(web.url + "/")
    ana.fill("#name", "Ana")
    ana.click("#name-btn")
    ana.wait_for_selector("#create-btn")
    ana.select_option("#players", "3")
    ana.select_option('select[data-seat="1"]', "open")
    ana.select_option('select[data-seat="2"]', "bot:greedy")
    shot(ana, "01-lobby-desktop")
    ana.click("#create-btn")
    ana.wait_for_selector("#invite-link")
    link = ana.input_value("#invite-link")
    table_id = link.rstrip("/").split("/")[-1]

    # ---- Ben (phone): opens the invite link, picks a name, takes the seat
    ben.goto(web.url + "/")
    no_hscroll(ben)
    shot(ben, "02-lobby-phone")
    ben.goto(link)
    ben.wait_for_selector("#join-btn")
    ben.fill("#join-name", "Ben")
    ben.click("#join-btn")
    ana.wait_for_function("document.querySelectorAll('#seats li[data-kind=human]').length === 2")
    shot(ana, "03-waiting-room")
    no_hscroll(ben)
    ana.click("#start-btn")
    for pg in (ana, ben):
        pg.wait_for_selector("#statusbar")

    # ---- confirmation countdown: Ana keeps a 3 s delay, chooses, then cancels
    set_delay(ana, 3)
    ana.wait_for_function("document.body.dataset.myTurn === '1'")
    assert ana.title().startswith("▶ Your turn")
    # the bot chooses its pilots at the same time as Ana, which moves her step too: wait for it first
    ana.wait_for_function("PT.tableState.msg.view.players[2].pilot_chosen === true")
    seq = body(ana, "seq")
    propose_pilots(ana)
    ana.wait_for_selector("#confirm-bar")
    assert ana.locator("#countdown").inner_text().endswith("s")
    ana.click("#confirm-cancel")  # (nothing slow before it: the countdown lasts 3 s)
    assert ana.locator("#confirm-bar").count() == 0
    time.sleep(3.5)
    assert body(ana, "seq") == seq, "a cancelled choice must not be sent"
    assert ana.evaluate("PT.tableState.msg.view.players[0].pilot_chosen") is False
    # the countdown once more for its screenshot, cancelled if still running (the game goes on either way)
    propose_pilots(ana)
    ana.wait_for_selector("#confirm-bar")
    shot(ana, "04-pilot-choice-with-countdown", full=False)
    ana.evaluate("(() => { const b = document.getElementById('confirm-cancel'); if (b) b.click(); })()")
    set_delay(ana, 0)
    set_delay(ben, 0)

    players = [Player(ana, 0, Rng(1)), Player(ben, 1, Rng(2), phone=True)]
    checked = {"forecast": 0, "dimmed": False, "reload": False, "tooltip": False, "phone_shot": False}
    deadline = time.time() + 420
    while body(ana, "phase") != "over":
        assert time.time() < deadline, "the game did not finish in time"
        moved = False
        for pl in players:
            if body(pl.page, "phase") == "over" or not pl.my_turn():
                continue
            page = pl.page
            kind = body(page, "kind")
            if kind == "turn" and pl.seat == 0:
                check_forecast(web, table_id, page, checked)
                if not checked["dimmed"]:
                    check_dimmed(page, checked)
                if not checked["tooltip"]:
                    page.locator("#market .card").first.hover()
                    page.wait_for_selector("#tip:not(.hidden)")
                    shot(page, "05-game-desktop-tooltip", full=False)
                    checked["tooltip"] = True
                if not checked["reload"] and body(page, "phase") == "play":
                    check_reload(page, checked)
                    continue
            if pl.phone and kind == "turn" and not checked["phone_shot"]:
                shot(page, "06-game-phone")
                checked["phone_shot"] = True
            pl.play_one()
            moved = True
        if not moved:
            time.sleep(0.05)
    assert checked["forecast"] > 0 and checked["dimmed"] and checked["reload"]

    # ---- the end: final scoreboard and summary on both screens, equal to the engine's result
    for pg in (ana, ben):
        pg.wait_for_selector("#summary")
    shot(ana, "07-final-summary-desktop", full=False)
    shot(ben, "08-final-summary-phone", full=False)
    no_hscroll(ben)
    final = engine_game(web, table_id, 10**6).result()
    rows = ana.locator("#summary > table.scores tbody tr")
    totals = [int(rows.nth(i).locator("td").last.inner_text()) for i in range(rows.count())]
    assert totals == [p["total"] for p in final["players"]]
    ana.click("#summary-close")
    ana.click("#score-page")
    sb = ana.locator("#scoreboard tbody tr")
    assert [int(sb.nth(i).locator("td").last.inner_text()) for i in range(sb.count())] == totals
    shot(ana, "09-final-table")

    # ---- the replay of the finished game
    ana.goto(f"{web.url}/replay/{table_id}")
    ana.wait_for_function("document.body.dataset.step === '0'")
    ana.click("#next")
    ana.wait_for_function("document.body.dataset.step === '1'")
    ana.click("#last")
    ana.wait_for_function("document.body.dataset.step !== '1'")
    shot(ana, "10-replay")
    assert not errors, errors
    desk.close()
    phone.close()


def check_forecast(web: ServerProc, table_id: str, page: Any, checked: dict[str, Any]) -> None:
    """The Forecast on the player's own area shows the engine's numbers."""
    seq = int(body(page, "seq"))
    fc = page.locator('.area[data-seat="0"] [data-testid=forecast]')
    if not fc.count():
        return
    shown = (int(fc.locator("[data-testid=forecast-viewers]").inner_text()),
             int(fc.locator("[data-testid=forecast-upkeep]").inner_text().replace("+", "")))
    if int(body(page, "seq")) != seq:
        return
    f = engine_game(web, table_id, seq).view(0)["players"][0]["forecast"]
    assert shown == (f["viewers"], f["upkeep"])
    checked["forecast"] += 1


def check_dimmed(page: Any, checked: dict[str, Any]) -> None:
    """A dimmed card says why on hover and clicking it does nothing."""
    dim = page.locator("#market .card.dimmed")
    if not dim.count():
        return
    card = dim.first
    seq = body(page, "seq")
    card.hover()
    page.wait_for_selector("#tip:not(.hidden)")
    assert "Cannot use now" in page.locator("#tip").inner_text()
    card.click(force=True)
    time.sleep(0.4)
    assert page.locator("#confirm-bar").count() == 0 and page.locator("#menu").count() == 0
    assert body(page, "seq") == seq and body(page, "busy") != "1"
    checked["dimmed"] = True


def check_reload(page: Any, checked: dict[str, Any]) -> None:
    """Start a multi-step action, reload, and find exactly the same decision."""
    shows = page.locator("#market .card.usable[data-options^='show:']")
    if shows.count():
        seq = body(page, "seq")
        shows.first.click()
        wait_seq_change(page, seq)
    before = (body(page, "seq"), page.locator("#status-prompt").inner_text(),
              page.eval_on_selector_all("#choices [data-key]", "els => els.map(e => e.dataset.key)"))
    page.reload()
    page.wait_for_selector("#statusbar")
    page.wait_for_function(f"document.body.dataset.seq === '{before[0]}'")
    after = (body(page, "seq"), page.locator("#status-prompt").inner_text(),
             page.eval_on_selector_all("#choices [data-key]", "els => els.map(e => e.dataset.key)"))
    assert after == before
    checked["reload"] = True


def test_undo_spectating_lobby_lists_and_import(browser: Any, web: ServerProc, tmp_path: Path) -> None:
    """Undo from the status bar, a spectator's view, the lobby's lists, importing a record for replay."""
    ctx = browser.new_context(viewport={"width": 1100, "height": 850}, bypass_csp=True)
    watch_ctx = browser.new_context(viewport={"width": 390, "height": 800}, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.goto(web.url + "/")
    page.fill("#name", "Ana")
    page.click("#name-btn")
    page.wait_for_selector("#create-btn")
    page.select_option("#players", "2")
    page.select_option("#opt-pilot", "simplified")
    page.click("#create-btn")
    page.wait_for_selector("#start-btn")
    table_id = page.input_value("#invite-link").rstrip("/").split("/")[-1]
    page.click("#start-btn")
    page.wait_for_selector("#statusbar")
    set_delay(page, 0)

    # a spectator (no name needed) sees the game and cannot act
    watcher = watch_ctx.new_page()
    watcher.goto(f"{web.url}/t/{table_id}")
    watcher.wait_for_selector("#spectating")
    assert watcher.locator("#choices").count() == 0
    no_hscroll(watcher)

    # undo: start producing a show, then take it back
    undone = False
    for _ in range(60):
        page.wait_for_function("document.body.dataset.myTurn === '1' || document.body.dataset.phase === 'over'")
        if body(page, "phase") == "over":
            break
        seq = body(page, "seq")
        shows = page.locator("#market .card.usable[data-options^='show:']")
        if body(page, "kind") == "turn" and shows.count():
            shows.first.click()
            wait_seq_change(page, seq)
            page.wait_for_selector("#undo-btn")
            shot(page, "11-undo-offered", full=False)
            page.click("#undo-btn")
            page.wait_for_function(f"document.body.dataset.seq === '{seq}' && document.body.dataset.kind === 'turn'")
            undone = True
            break
        Player(page, 0, Rng(5)).play_one()
    assert undone, "no show could be produced to try undo"
    assert page.locator("#undo-btn").count() == 0  # nothing left to undo in this turn

    # the lobby lists the game under "Your games"; a newcomer sees it to watch
    page.goto(web.url + "/")
    page.wait_for_selector(f'[data-list="mine"] li[data-table="{table_id}"]')
    other = watch_ctx.new_page()
    other.goto(web.url + "/")
    other.fill("#name", "Eve")
    other.click("#name-btn")
    other.wait_for_selector(f'[data-list="live"] li[data-table="{table_id}"]')
    no_hscroll(other)

    # import a finished record and step through it
    from primetime.bots.registry import make_bot
    from primetime.core.game import Game

    g = Game.new("networks", ["Xena", "Yuri"], seed=11, options={"pilot": "simplified"})
    bot = make_bot("random", 3)
    while not g.is_over():
        g.apply(None, bot.choose(g))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(g.record()))
    page.goto(web.url + "/")
    page.set_input_files("#import-file", str(path))
    page.click("#import-btn")
    page.wait_for_url("**/replay/*")
    page.wait_for_function("document.body.dataset.step === '0'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.body.dataset.step === '1'")
    page.click("#last")
    page.wait_for_function(f"document.body.dataset.step === '{g.seq}'")
    assert "Xena" in page.locator("#board").inner_text()
    ctx.close()
    watch_ctx.close()


def test_executives_table_in_the_browser(browser: Any, web: ServerProc) -> None:
    """The lobby offers the Executives module (NET-OPT-03); the table shows the private offer to its
    owner, the choice among all options, then the player's Executive, without a page error."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(15_000)
    page.goto(web.url + "/")
    page.fill("#name", "Exa")
    page.click("#name-btn")
    page.wait_for_selector("#create-btn")
    page.select_option("#players", "2")
    page.select_option('select[data-seat="1"]', "bot:greedy")
    page.check("#opt-executives")
    page.click("#create-btn")
    page.wait_for_selector("#start-btn")
    page.click("#start-btn")
    page.wait_for_selector("#statusbar")
    set_delay(page, 0)
    page.wait_for_function("document.body.dataset.myTurn === '1'")
    assert body(page, "kind") == "x_choose"
    assert "executive offer" in page.locator("#areas").inner_text().lower()
    seq = body(page, "seq")
    page.locator('#choices button[data-key^="x:"]').first.click()
    wait_seq_change(page, seq)
    page.wait_for_selector("#my-executive")
    text = page.locator("#my-executive").inner_text().lower()
    assert "ability" in text and "drawback" in text and "complexity" in text
    assert not errors, errors
    ctx.close()


def fits(page: Any, box: str, inner: str) -> None:
    """``inner`` lies within ``box``'s content area (inside its padding) and ``box`` does not scroll sideways."""
    right, limit, sw, cw = page.evaluate(
        "([box, inner]) => { const b = document.querySelector(box), t = document.querySelector(inner);"
        " const pad = parseFloat(getComputedStyle(b).paddingRight) || 0;"
        " return [t.getBoundingClientRect().right, b.getBoundingClientRect().right - pad, b.scrollWidth, b.clientWidth]; }",
        [box, inner])
    assert right <= limit + 0.5 and sw <= cw, f"{inner} sticks out of {box}: right edge {right:.0f} > {limit:.0f} or {sw} > {cw} px"


def test_a_whole_game_with_every_module(browser: Any, web: ServerProc) -> None:
    """A full 3-player game of The Networks with Telly Time, Moguls and Executives on: one person in
    Chromium and two server bots, from the lobby (the three module boxes ticked) through the Executive
    choice and Pilot Season, every round, to the final scores with the Moguls and Execs columns.

    The person plays as ``Player`` does: on a turn, a random usable card (at most three in a row,
    otherwise a pass or the end of the turn), on other decisions a random option shown, productions
    finished rather than aborted; the Executive is the first board offered.  The page must show the
    Genre Grid, the Weekend slot, the player's Executive board and its Moguls (owned and limit), with
    no page error and nothing logged as a console error; the final scores (Moguls and Execs columns)
    equal the engine's and fit their box; screenshots at desktop (1366x900) and phone (390x844) widths
    in round 2 and at the end.  A whole game takes about 15 s (bots answer after 0.05 s).
    """
    ctx = browser.new_context(viewport={"width": 1366, "height": 900}, bypass_csp=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.set_default_timeout(15_000)
    page.goto(web.url + "/")
    page.fill("#name", "Mia")
    page.click("#name-btn")
    page.wait_for_selector("#create-btn")
    page.select_option("#players", "3")
    page.select_option('select[data-seat="1"]', "bot:greedy")
    page.select_option('select[data-seat="2"]', "bot:random")
    for box in ("#opt-telly-time", "#opt-moguls", "#opt-executives"):
        page.check(box)
    page.click("#create-btn")
    page.wait_for_selector("#start-btn")
    page.click("#start-btn")
    page.wait_for_selector("#statusbar")
    set_delay(page, 0)

    me = Player(page, 0, Rng(7))
    seen: set[str] = set()
    mid_shots = False
    started = time.time()
    deadline = started + 300
    while body(page, "phase") != "over":
        assert time.time() < deadline, f"the game did not finish in time (step {body(page, 'seq')}, phase {body(page, 'phase')})"
        if not me.my_turn():
            time.sleep(0.05)
            continue
        kind = body(page, "kind")
        seen.add(kind)
        if kind == "x_choose":
            assert "executive offer" in page.locator("#areas").inner_text().lower()
            seq = body(page, "seq")
            page.locator('#choices button[data-key^="x:"]').first.click()
            wait_seq_change(page, seq)
            continue
        if kind == "turn" and body(page, "phase") == "play":
            area = page.locator('.area[data-seat="0"]')
            assert area.locator("[data-testid=genre-grid] .cell").count() == 9
            assert "Weekend" in area.locator(".lineup .slot-name").all_inner_texts()[-1]
            ex = page.locator("#my-executive").inner_text().lower()
            assert "ability" in ex and "drawback" in ex and "complexity" in ex
            assert "Moguls (" in area.locator(".board-box").inner_text()
            if not mid_shots and page.locator("#round").inner_text() == "Round 2 of 4":
                shot(page, "modules-mid-game-desktop")
                page.set_viewport_size({"width": 390, "height": 844})
                no_hscroll(page)
                shot(page, "modules-mid-game-phone")
                page.set_viewport_size({"width": 1366, "height": 900})
                mid_shots = True
        me.play_one()
    assert {"x_choose", "pilot", "turn"} <= seen, seen
    assert mid_shots

    page.wait_for_selector("#summary")
    heads = page.locator("#summary > table.scores thead th")
    labels = [heads.nth(i).get_attribute("aria-label") for i in range(heads.count())]
    assert "Moguls" in labels and "Execs" in labels, labels
    final = engine_game(web, page.url.rstrip("/").split("/")[-1], 10**6).result()
    rows = page.locator("#summary > table.scores tbody tr")
    assert [int(rows.nth(i).locator("td").last.inner_text()) for i in range(rows.count())] == [p["total"] for p in final["players"]]
    fits(page, "#summary", "#summary > table.scores")
    shot(page, "modules-final-desktop", full=False)
    page.set_viewport_size({"width": 390, "height": 844})
    no_hscroll(page)
    fits(page, "#summary", "#summary > table.scores")
    shot(page, "modules-final-phone", full=False)
    page.click("#summary-close")
    page.click("#score-page")  # the scoreboard's end-game page: the categories, Moguls and Execs too
    board = page.locator("#scoreboard")
    assert "Execs" in [board.locator("thead th").nth(i).get_attribute("aria-label") for i in range(board.locator("thead th").count())]
    fits(page, "#scoreboard", "#scoreboard table.scores")
    page.set_viewport_size({"width": 1366, "height": 900})
    fits(page, "#scoreboard", "#scoreboard table.scores")
    assert not errors, errors
    ctx.close()
