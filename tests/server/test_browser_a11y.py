"""Accessibility of every page (issue 34, "Accessibility, beyond any board-game site"): axe-core
finds no serious or critical violation on the lobby, the tables of both games with their modules,
the replay, the profile and the leaderboard; a whole game of The Networks is played with the keyboard
alone; opponents' moves and round results are announced in a polite live region; a text view reads
the board as headings and lists; the host can turn clocks off or give a seat more time."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import SCREENSHOTS, ServerProc, unavailable

DESKTOP = {"width": 1366, "height": 900}


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path_factory.mktemp("a11y") / "data",
                   env={"PRIMETIME_BOT_DELAY": "0.02", "PRIMETIME_IDLE_REPLACE": "600", "PRIMETIME_TABLE_SEED": "11"}).start()
    yield s
    s.stop()


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[ServerProc]:
    """A server of the test's own: its first table is the same game whichever tests ran before."""
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_BOT_DELAY": "0.02", "PRIMETIME_IDLE_REPLACE": "600",
                                           "PRIMETIME_TABLE_SEED": "11"}).start()
    yield s
    s.stop()


def new_page(browser: Any, delay: int = 0) -> Any:
    ctx = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.add_init_script(f"localStorage.setItem('pt_confirm_delay', '{delay}')")
    return page


def sign_in(page: Any, web: ServerProc, name: str) -> None:
    page.goto(web.url + "/")
    page.fill("#name", name)
    page.click("#name-btn")
    page.wait_for_selector("#create-btn")


def axe_check(page: Any, what: str) -> None:
    """axe-core (bundled with axe-playwright-python: nothing is fetched) finds no serious or critical violation."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        unavailable("axe-playwright-python is not installed (the test extra)")

    # a card arriving fades in: its colours are checked once it is there (animations that never end aside)
    page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running' || "
                           "a.effect.getComputedTiming().iterations === Infinity)")
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    lines = [f"{v['id']} ({v['impact']}): {v['help']} -- " + "; ".join(", ".join(n["target"]) for n in v["nodes"][:6])
             + " -- " + v["nodes"][0].get("failureSummary", "").replace("\n", " ")
             for v in bad]
    assert not bad, f"{what}: axe-core finds {len(bad)} serious or critical violation(s):\n" + "\n".join(lines)


def start_table(page: Any, web: ServerProc, game: str, seats: list[str], **options: Any) -> str:
    tid = str(page.evaluate("([game, seats, options]) => PT.api('/api/tables', {game, seats, options}).then((r) => r.id)",
                            [game, seats, options]))
    page.evaluate("(tid) => PT.api(`/api/tables/${tid}/start`, {})", tid)
    page.goto(f"{web.url}/t/{tid}")
    page.wait_for_selector("#statusbar")
    return tid


def test_item_a11y_axe_every_page(browser: Any, web: ServerProc, tmp_path: Path) -> None:
    """Issue 34, accessibility: every page passes axe-core with zero serious or critical violations --
    the lobby, The Networks' table with Telly Time, Moguls and Executives (the Executive offer, then a
    turn with the Preferences and the text view open), Prime Time's table with Bonds and Simultaneous
    Scheduling, the replay, the profile and the leaderboard."""
    from primetime.bots.registry import make_bot
    from primetime.core.game import Game

    page = new_page(browser)
    page.goto(web.url + "/")
    page.wait_for_selector("#name")
    axe_check(page, "lobby (a new visitor)")
    page.fill("#name", "Axel")
    page.click("#name-btn")
    page.wait_for_selector("#create-btn")
    axe_check(page, "lobby")
    # The Networks with every module
    start_table(page, web, "networks", ["bot:greedy", "bot:random"], telly_time=True, moguls=True, executives=True)
    page.wait_for_selector("body[data-my-turn='1']")
    axe_check(page, "The Networks table (Executive offer)")
    page.locator('#choices button[data-key^="x:"]').first.click()
    page.wait_for_selector("body[data-my-turn='1'][data-kind='pilot']")
    axe_check(page, "The Networks table (Pilot Season)")
    page.keyboard.press("Escape")  # (nothing open: Escape changes nothing)
    page.locator("#text-view-btn").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#text-view")
    axe_check(page, "The Networks table (text view)")
    page.keyboard.press("Enter")
    page.wait_for_selector("#text-view", state="detached")
    page.click("#prefs-btn")
    page.wait_for_selector("#overlay:not(.hidden)")
    axe_check(page, "Preferences")
    page.keyboard.press("Escape")
    page.wait_for_selector("#overlay.hidden", state="attached")
    # Prime Time with both options
    start_table(page, web, "prime-time", ["bot:greedy", "bot:greedy"], bonds=True, simultaneous=True)
    page.wait_for_selector("body[data-my-turn='1']")
    axe_check(page, "Prime Time table (Bonds, Simultaneous Scheduling)")
    # the replay of a finished game (a record made here, imported)
    g = Game.new("networks", ["Xena", "Yuri", "Zoe"], seed=5, options={"pilot": "simplified"})
    bot = make_bot("random", 5)
    while not g.is_over():
        g.apply(None, bot.choose(g))
    tid = page.evaluate("(rec) => PT.api('/api/records', rec).then((r) => r.id)", g.record())
    page.goto(f"{web.url}/replay/{tid}?step=40")
    page.wait_for_function("document.body.dataset.step === '40'")
    axe_check(page, "replay")
    me = page.evaluate("PT.api('/api/me').then((r) => r.user.id)")
    page.goto(f"{web.url}/u/{me}")
    page.wait_for_selector("#profile h1, #profile h2")
    axe_check(page, "profile")
    page.goto(f"{web.url}/leaderboard/networks")
    page.wait_for_selector("main h1, main h2")
    axe_check(page, "leaderboard")
    page.context.close()


def tab_to(page: Any, selector: str, limit: int = 600) -> None:
    """Press Tab until the focus is on an element matching ``selector`` (it must be reachable by keyboard),
    and check that the focus shows (an outline or a ring)."""
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector):
            ring = page.evaluate("() => { const c = getComputedStyle(document.activeElement);"
                                 " return [c.outlineStyle, c.outlineWidth, c.boxShadow]; }")
            assert (ring[0] != "none" and ring[1] != "0px") or ring[2] != "none", f"no visible focus on {selector}: {ring}"
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} is not reached with Tab")


def keyboard_table(browser: Any, web: ServerProc, name: str) -> Any:
    """A page at a started 3-player table of The Networks (``name`` against two bots, the normal Pilot Season,
    no confirmation delay, bots answering after 0.02 s); set up through the API, not by clicking."""
    page = new_page(browser)
    page.goto(web.url + "/")
    page.wait_for_function("!!window.PT && !!PT.api")
    page.evaluate("(name) => PT.api('/api/me', {name})", name)
    tid = str(page.evaluate("PT.api('/api/tables', {seats: ['bot:greedy', 'bot:random'], options: {}}).then((r) => r.id)"))
    page.evaluate("(tid) => PT.api(`/api/tables/${tid}/start`, {})", tid)
    page.goto(f"{web.url}/t/{tid}")
    page.wait_for_selector("#statusbar")
    return page


def wait_my_turn(page: Any) -> bool:
    """Wait until it is the person's decision (True) or the game is over (False)."""
    page.wait_for_function("document.body.dataset.phase === 'over' || "
                           "(document.body.dataset.myTurn === '1' && document.body.dataset.busy !== '1')", timeout=60_000)
    return bool(page.evaluate("document.body.dataset.phase !== 'over'"))


def keyboard_step(page: Any, rng: Any, want_menu: bool = False) -> tuple[int, int]:
    """Take one decision with the keyboard alone: a usable card or slot (Enter or Space; a menu of options
    walked with the arrow keys), else a button of the choices, else the list of all options (a <details>
    opened with Enter); ``want_menu``: a card or slot with several options (a menu) first, if there is one.
    Returns (cards or slots used, menus used)."""
    seq = page.evaluate("document.body.dataset.seq")
    kind = page.evaluate("document.body.dataset.kind")
    cards = menus = 0
    board = "#market .card.usable, #my-green .card.usable" if kind == "turn" else "#areas .card.usable, #areas .slot.target, #market .card.usable"
    several = ", ".join(f'{b.strip()}[data-options*=" "]' for b in board.split(","))
    if want_menu and kind != "pilot" and page.locator(several).count():
        board = several
    if kind != "pilot" and page.locator(board).count() and (board == several or rng.below(100) < 85):
        tab_to(page, board)
        key = "Enter" if rng.below(2) else " "
        page.keyboard.press(key)
        cards += 1
        if page.locator("#menu").count():
            page.wait_for_function("document.getElementById('menu').contains(document.activeElement)")
            # Escape closes the menu and gives the focus back to what opened it; open it again
            page.keyboard.press("Escape")
            page.wait_for_selector("#menu", state="detached")
            page.wait_for_function("(sel) => !!document.activeElement && document.activeElement.matches(sel)", arg=board)
            page.keyboard.press(key)
            page.wait_for_function("!!document.getElementById('menu') && document.getElementById('menu').contains(document.activeElement)")
            for _ in range(rng.below(page.locator("#menu .opt").count())):
                page.keyboard.press("ArrowDown")
            page.keyboard.press("Enter")
            menus += 1
    elif kind == "pilot" and page.locator("#choices .cards .card.usable").count() >= 2:
        # a pair chosen card by card (Enter selects), kept with the Keep button; a pair that cannot be
        # kept is let go (Enter again) and the list of all options used instead
        pair = [page.locator("#choices .cards .card.usable").nth(i).get_attribute("data-card") for i in (0, 1)]
        for cid in pair:
            tab_to(page, f'#choices .cards [data-card="{cid}"]')
            page.keyboard.press("Enter")
            page.wait_for_selector(f'#choices .cards .selected[data-card="{cid}"]')
        if page.locator("#pilot-keep:not([disabled])").count():
            tab_to(page, "#pilot-keep")
            page.keyboard.press("Enter")
            cards += 2
        else:
            for cid in pair:
                tab_to(page, f'#choices .cards [data-card="{cid}"]')
                page.keyboard.press("Enter")
            tab_to(page, "details.allopts summary")
            page.keyboard.press("Enter")
            tab_to(page, "details.allopts button[data-key]")
            page.keyboard.press("Enter")
    elif kind == "turn":
        if page.locator("#skip-action").count():
            # an action still to take (an early turn): ending the turn is tucked away under its summary
            tab_to(page, "#skip-action summary")
            page.keyboard.press("Enter")
        tab_to(page, '#choices button[data-key="end"], #choices button[data-key^="pass"]')
        page.keyboard.press("Enter")
    elif page.locator('#choices button[data-key="done"]').count():
        tab_to(page, '#choices button[data-key="done"]')
        page.keyboard.press("Enter")
    elif page.locator("#choices > .group button[data-key]").count():
        tab_to(page, "#choices > .group button[data-key]")
        page.keyboard.press("Enter")
    else:
        tab_to(page, "details.allopts summary")
        page.keyboard.press("Enter")
        tab_to(page, "details.allopts button[data-key]")
        page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}' || !!document.querySelector('#toast:not(.hidden)')")
    return cards, menus


def test_item_a11y_keyboard_only_game(browser: Any, fresh: ServerProc) -> None:
    """Issue 34, accessibility: a whole 3-player game of The Networks against two bots is played with key
    events only (Tab, Enter, Space, arrow keys: no click), every choice reached by Tab with a visible focus:
    the Pilot Season pair (two cards selected with Enter, then Keep), cards of the market and the green room,
    slots and cards of the lineup, a card's menu of options (closed with Escape, the focus back on its card,
    opened again and walked with the arrow keys), the pass and end buttons and the other decisions' buttons;
    the final scores take the focus, pass axe-core and close with Escape.  About 20 s (no confirmation
    delay, bots after 0.02 s)."""
    from primetime.core.rng import Rng

    page = keyboard_table(browser, fresh, "Kim")
    rng = Rng(9)
    cards = menus = 0
    kinds: set[str] = set()
    while wait_my_turn(page):
        kinds.add(page.evaluate("document.body.dataset.kind"))
        c, m = keyboard_step(page, rng, want_menu=menus == 0)
        cards, menus = cards + c, menus + m
    print("keyboard game:", cards, "cards or slots,", menus, "menus, decisions", sorted(kinds))
    assert {"pilot", "turn"} <= kinds, kinds
    page.wait_for_selector("#summary")
    axe_check(page, "The Networks table (final scores)")
    assert page.evaluate("document.getElementById('overlay').contains(document.activeElement)"), "the final scores take the focus"
    page.keyboard.press("Escape")
    page.wait_for_selector("#overlay.hidden", state="attached")
    assert cards >= 10 and menus >= 1, (cards, menus)
    assert "The game is over" in page.inner_text("#announce")
    page.context.close()


def test_item_a11y_live_region_announces(browser: Any, web: ServerProc) -> None:
    """Issue 34, accessibility: opponents' moves and round results are announced through a polite ARIA live
    region (#announce): when a bot has moved, its log line is in the region (the person's own moves are not
    announced); when round 1 ends, the region says "Round 1 ends:" with each network's viewers as the log
    scores them.  Played by keyboard, as above, until round 1 is over."""
    import re

    from primetime.core.rng import Rng

    page = keyboard_table(browser, web, "Lou")
    assert page.get_attribute("#announce", "aria-live") == "polite"
    rng = Rng(5)
    heard_bot = False
    opened = page.locator("#log > div").count()  # (what happened before the page opened is on the page, not announced)
    while "Round 1 ends:" not in page.inner_text("#announce"):
        assert wait_my_turn(page)
        said = page.inner_text("#announce")
        log = [t.strip() for t in page.locator("#log > div").all_text_contents()]
        theirs = [x for x in log[opened:] if not x.startswith(("Lou ", "Round ")) and " scores " not in x]
        if theirs:
            assert theirs[-1] in said, f"a bot's move is not announced: {theirs[-1]!r} not in {said!r}"
            heard_bot = True
        assert not any(line.startswith("Lou ") for line in said.splitlines()), f"the person's own move is announced: {said!r}"
        keyboard_step(page, rng)
    assert heard_bot
    page.wait_for_function("document.getElementById('log').textContent.includes('in round 1')")
    said = page.inner_text("#announce")
    log = page.inner_text("#log")
    scores = re.findall(r"^(.+) scores (\d+) viewers in round 1\.$", log, re.M)
    assert len(scores) == 3, log[-800:]
    round_line = said[said.index("Round 1 ends:"):].splitlines()[0]
    for name, n in scores:
        assert f"{name} {n} viewers" in round_line, (name, n, round_line)
    page.context.close()


def test_item_a11y_text_view(browser: Any, web: ServerProc) -> None:
    """Issue 34, accessibility: the text view (lichess's blind mode as the model) -- the "Text view" button
    in the top bar shows your network (lineup slot by slot, green room, board) and the market as headings
    and lists of card names with their full text, the cards you can use now marked; it stays across
    redraws and is switched off again with the same button.  Screenshot: text-view.png."""
    page = new_page(browser)
    sign_in(page, web, "Tess")
    start_table(page, web, "networks", ["bot:greedy", "bot:greedy"], pilot="simplified")
    page.wait_for_selector("body[data-my-turn='1'][data-kind='turn']")
    btn = page.locator("#text-view-btn")
    assert btn.get_attribute("aria-pressed") == "false"
    btn.focus()
    page.keyboard.press("Enter")
    view = page.locator("#text-view")
    view.wait_for()
    assert btn.get_attribute("aria-pressed") == "true"
    heads = [t.strip() for t in view.locator("h2, h3, h4").all_text_contents()]
    assert heads[:1] == ["Text view"] and "Your network" in heads and "Market" in heads, heads
    assert {"Lineup", "Green room"} <= set(heads), heads
    text = view.inner_text()
    market = page.locator("#market [data-card]")
    names = {market.nth(i).get_attribute("aria-label") for i in range(market.count())}
    assert names and all(n in text for n in names), (names, text[:500])
    first = market.first.get_attribute("data-card")
    words = " ".join(str(page.evaluate("(id) => PT.cards[id].words || ''", first)).split())
    assert words and words in " ".join(text.split()), (first, words)  # a card's full text, as its tooltip says it
    assert heads.count("Market") == 1, heads
    assert "(you can use it now)" in text
    assert "Daytime" in text and view.locator("ul li").count() >= len(names)
    page.screenshot(path=str(SCREENSHOTS / "text-view.png"), full_page=False)
    # a redraw (a bot's move, a new state) keeps it
    page.evaluate("document.getElementById('game').replaceChildren()")
    page.wait_for_function("document.body.dataset.kind === 'turn'")
    page.keyboard.press("Enter")  # the button still has the focus: the board comes back
    page.wait_for_selector("#text-view", state="detached")
    assert btn.get_attribute("aria-pressed") == "false"
    page.context.close()


def test_item_a11y_clock_off_or_more_time(browser: Any, web: ServerProc) -> None:
    """Issue 34, accessibility: clocks can be turned off or lengthened by the host for players who need
    more time.  The lobby's time control is off by default ("None (take your time)"); with real-time clocks
    the host ticks the seats that get more time and how much (here their own seat, 3 ×): the table says so
    and that seat's clock starts at 3 × the minutes, while a table without a time control shows no clocks.
    axe-core finds no serious or critical violation in the lobby's time control or the table's clocks."""
    page = new_page(browser)
    sign_in(page, web, "Cleo")
    assert page.input_value("#tc-mode") == "none"
    assert page.locator("#tc-more").is_hidden()
    page.select_option("#tc-mode", "realtime")
    page.fill("#tc-minutes", "1")
    page.select_option("#players", "2")
    page.select_option('select[data-seat="1"]', "bot:greedy")
    page.check("#tc-more-0")
    page.select_option("#tc-more-factor", "3")
    axe_check(page, "lobby (time control, more time)")
    page.click("#create-btn")
    page.wait_for_selector("#start-btn")
    assert "3 × the time for seat 1" in page.inner_text("#time-control")
    page.click("#start-btn")
    page.wait_for_selector("#clocks .clock.mine")
    left = page.inner_text("#clocks .clock.mine .clock-time")
    minutes, seconds = (int(x) for x in left.split(":"))
    assert 170 <= 60 * minutes + seconds <= 180, left
    axe_check(page, "table with clocks")
    # no time control: no clocks
    start_table(page, web, "networks", ["bot:greedy"], pilot="simplified")
    page.wait_for_selector("body[data-my-turn='1']")
    assert page.locator("#clocks").count() == 0
    page.context.close()


def test_issue_37_a11y_axe_moderation_pages(browser: Any, fresh: ServerProc) -> None:
    """Issue 37, accessibility of moderation: the administrators' page (with an open report, a suspended
    account, a found account and a reset link, and the log), the Report dialog on a table's chat and on a
    profile, and the page of a password-reset link pass axe-core with zero serious or critical violations."""
    from .test_moderation import grant

    admin = new_page(browser)
    admin.goto(fresh.url + "/")
    assert admin.request.post(fresh.url + "/api/signup", data={"name": "Boss", "password": "correct horse"}).ok
    grant(f"sqlite:///{fresh.data_dir / 'primetime.sqlite3'}", fresh.data_dir, "Boss")
    player = new_page(browser)
    sign_in(player, fresh, "Rita")
    assert player.request.post(fresh.url + "/api/signup", data={"name": "Rita", "password": "correct horse"}).ok
    rita = player.evaluate("PT.api('/api/me').then((r) => r.user.id)")
    tid = start_table(player, fresh, "networks", ["bot:greedy"], pilot="simplified")
    player.click("#chat-btn")
    player.fill("#chat-input", "hello there")
    player.press("#chat-input", "Enter")
    # the administrator reports Rita's message from the chat (a player's Report button: the same dialog)
    admin.goto(f"{fresh.url}/t/{tid}")
    admin.wait_for_selector("#chat", state="attached")
    if admin.get_attribute("#chat", "hidden") is not None:
        admin.click("#chat-btn")
    admin.locator("#chat-log .chat-report").first.click()
    admin.wait_for_selector("#report-dialog[open]")
    axe_check(admin, "Report dialog (chat)")
    admin.fill("#report-reason", "testing the dialog")
    admin.click("#report-send")
    admin.wait_for_selector("#report-dialog", state="detached")
    admin.goto(f"{fresh.url}/u/{rita}")
    admin.click("#report-player")
    admin.wait_for_selector("#report-dialog[open]")
    axe_check(admin, "Report dialog (profile)")
    admin.keyboard.press("Escape")
    admin.wait_for_selector("#report-dialog", state="detached")
    admin.goto(fresh.url + "/admin")
    admin.wait_for_selector("#reports li.report")
    admin.fill("#account-name", "Rita")
    admin.press("#account-name", "Enter")
    admin.click("#reset-btn")
    link = admin.locator("#reset-link").input_value()
    admin.wait_for_selector("#mod-log tr[data-act='reset_link']")
    axe_check(admin, "administrators' page")
    player.goto(link)
    player.wait_for_selector("#new-pass")
    axe_check(player, "password-reset page")
    admin.context.close()
    player.context.close()
