"""Browser tests of issue 34, items 7 and 8: a card read at a readable size, and the whole board in view
(1366x900 and 390x844 in Debian's Chromium), with screenshots of the table of both games."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .helpers import ServerProc
from .test_browser_layout import DESKTOP, PHONE, new_page, shot, sign_in, start_table


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path_factory.mktemp("board") / "data",
                   env={"PRIMETIME_BOT_DELAY": "0.02", "PRIMETIME_IDLE_REPLACE": "600", "PRIMETIME_TABLE_SEED": "4"}).start()
    yield s
    s.stop()


def networks_game(browser: Any, web: ServerProc, size: dict[str, int], **options: Any) -> Any:
    """A page of The Networks (three players, two bots) at the person's first turn after Pilot Season."""
    page = new_page(browser, size)
    sign_in(page, web)
    start_table(page, web, ["bot:greedy"] * 2, pilot="simplified", **options)
    page.wait_for_selector("body[data-my-turn='1'][data-kind='turn']")
    return page


SMALL_TEXT = """() => {
  // every piece of text drawn on a card tile of the board, with its font size
  const small = [];
  for (const card of document.querySelectorAll('#game .card')) {
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    let n;
    while ((n = walker.nextNode())) {
      if (!n.textContent.trim()) continue;
      const px = parseFloat(getComputedStyle(n.parentElement).fontSize);
      if (px < 12) small.push(`${n.textContent.trim()} (${px}px)`);
    }
  }
  return small;
}"""

FACES = """() => Array.from(document.querySelectorAll('#game .card .c-stats')).map((e) => e.textContent.trim())"""

# a star or ad with a condition that is on the board (market or green room), and one of the person's shows
CONDITIONED = """() => {
  const v = PT.tableState.msg.view;
  const me = v.players[v.viewer];
  const shows = me.lineup.filter(Boolean);
  for (const el of document.querySelectorAll('#market .card.star, #market .card.ad, #my-green .card')) {
    const c = PT.cards[el.dataset.card];
    if (c && c.condition && c.condition.kind === 'genre' && shows.length)
      return {id: el.dataset.card, genres: c.condition.genres, shows: shows.map((s) => [s.name, s.genre])};
  }
  return null;
}"""


def test_item_7_read_a_card(browser: Any, web: ServerProc) -> None:
    """Issue 34, item 7 (read a card): card faces name their effect in a few words (never "free" or
    "condition") at 12 px or more; a click on a card that chooses nothing, or "v" on a focused card,
    opens it in a dialog at a readable size -- its full text, its values by season row, and for a star or ad
    whether its condition is met on each of your shows -- focus kept in the dialog, Escape closes it and
    focus returns to the card."""
    page = networks_game(browser, web, DESKTOP)
    small = page.evaluate(SMALL_TEXT)
    assert not small, f"card text under 12px: {small[:10]}"
    faces = page.evaluate(FACES)
    assert "free" not in faces and "condition" not in faces, faces
    # every network card in the market names what it does
    nets = page.evaluate("""() => Array.from(document.querySelectorAll('#market .card.network')).map((e) =>
        [PT.cards[e.dataset.card].face, e.textContent])""")
    assert nets and all(face and face in text for face, text in nets), nets

    # a click on a show in the lineup (it chooses nothing now) opens it
    if page.evaluate("!!PT.tableState.msg.view.players[PT.tableState.msg.view.viewer].lineup.find(Boolean)"):
        mine = page.evaluate("PT.tableState.msg.me.seat")
        show = page.locator(f'.area[data-seat="{mine}"] .lineup-box .card.show').first
    else:
        show = page.locator(".card.dimmed").first
    dlg = page.locator("[role=dialog][data-testid=cardview]")
    for _ in range(5):  # (a click just after the board was redrawn is not taken as reading a card)
        show.click()
        try:
            dlg.wait_for(timeout=1500)
            break
        except Exception:  # noqa: BLE001 - clicked too soon after a redraw: again
            continue
    dlg.wait_for()
    cid = show.get_attribute("data-card")
    card = page.evaluate("(id) => PT.cards[id]", cid)
    assert dlg.locator("#cv-title").inner_text() == card["name"]
    assert dlg.locator("[data-testid=cardview-words]").inner_text() == card["words"]
    assert float(page.evaluate("parseFloat(getComputedStyle(document.querySelector('.cv-text')).fontSize)")) >= 14
    if card["kind"] == "show":
        cells = dlg.locator("[data-testid=cardview-values] td").all_inner_texts()
        assert cells == [str(v) for v in card["seasons"]], cells
    assert page.evaluate("document.querySelector('#cardview').contains(document.activeElement)")
    for _ in range(3):  # Tab stays inside the dialog
        page.keyboard.press("Tab")
        assert page.evaluate("document.querySelector('#cardview').contains(document.activeElement)")
    shot(page, "item7-enlarged-card")
    page.keyboard.press("Escape")
    dlg.wait_for(state="detached")
    assert page.evaluate("(id) => document.activeElement && document.activeElement.dataset.card === id", cid)

    # "v" on a focused star or ad with a condition: met or not on each of my shows, as its genre says
    found = page.evaluate(CONDITIONED)
    assert found, "no conditioned star or ad on the board for this seed"
    tile = page.locator(f'[data-card="{found["id"]}"]').first
    tile.focus()
    page.keyboard.press("v")
    dlg.wait_for()
    rows = dlg.locator("[data-testid=cardview-condition]")
    assert rows.count() == len(found["shows"]), found
    for i, (name, genre) in enumerate(found["shows"]):
        row = rows.nth(i)
        assert name in row.inner_text()
        assert row.get_attribute("data-met") == ("1" if genre in found["genres"] else "0"), (name, genre, found)
    shot(page, "item7-enlarged-card-condition")
    page.keyboard.press("Escape")
    dlg.wait_for(state="detached")
    page.context.close()


def boxes(page: Any) -> dict[str, Any]:
    mine = page.evaluate("PT.tableState.msg.me.seat")
    return {"market": page.locator("#market").bounding_box(),
            "lineup": page.locator(f'.area[data-seat="{mine}"] .lineup-box').bounding_box(),
            "green room": page.locator("#my-green").bounding_box()}


def open_table(page: Any, web: ServerProc, game: str, **options: Any) -> None:
    """A started table of ``game`` (the signed-in person and two bots), shown at the person's first decision."""
    tid = str(page.evaluate("([game, options]) => PT.api('/api/tables', {game, seats: ['bot:greedy', 'bot:greedy'], options})"
                            ".then((r) => r.id)", [game, options]))
    page.evaluate("(tid) => PT.api(`/api/tables/${tid}/start`, {})", tid)
    page.goto(f"{web.url}/t/{tid}")
    page.wait_for_selector("#statusbar")
    page.wait_for_selector("body[data-my-turn='1']")
    if options.get("executives"):  # the private choice of an Executive first
        page.wait_for_selector("body[data-my-turn='1'][data-kind='x_choose']:not([data-busy='1'])")
        page.locator("#choices button.opt").first.click()
        page.wait_for_selector("body[data-my-turn='1']:not([data-kind='x_choose']):not([data-busy='1'])", timeout=30_000)


ALL_MODULES = {"pilot": "simplified", "telly_time": True, "moguls": True, "executives": True}


def assert_in_view(page: Any) -> None:
    vp = page.viewport_size
    for what, box in boxes(page).items():
        assert box is not None, what
        assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= vp["width"] \
            and box["y"] + box["height"] <= vp["height"], f"{what} not in view: {box}"


def test_item_8_the_board_in_view(browser: Any, web: ServerProc) -> None:
    """Issue 34, item 8 (the board in view): at 1366x900, at your turn, the market, your lineup and your green
    room are all inside the window at once (the base game and all modules); on a phone (390x844) tabs choose
    the panel -- market, my network, others, scores and log -- and no panel makes the page taller than about
    two screens.  Screenshots of both games at both sizes."""
    page = new_page(browser, DESKTOP, 0)
    sign_in(page, web)
    open_table(page, web, "networks", pilot="simplified")
    page.wait_for_selector("body[data-kind='turn']")
    assert_in_view(page)
    shot(page, "item8-networks-desktop")
    open_table(page, web, "networks", **ALL_MODULES)
    assert_in_view(page)
    shot(page, "item8-networks-all-modules-desktop")
    open_table(page, web, "prime-time")
    shot(page, "item8-prime-time-desktop")
    page.context.close()

    page = new_page(browser, PHONE, 0)
    sign_in(page, web)
    open_table(page, web, "networks", pilot="simplified")
    page.wait_for_selector("body[data-kind='turn']")
    tabs = page.locator("#phone-tabs [role=tab]")
    assert tabs.all_inner_texts() == ["Market", "My network", "Others", "Scores & log"]
    mine = page.evaluate("PT.tableState.msg.me.seat")
    assert page.locator("#phone-tabs [aria-selected=true]").count() == 0  # the whole board until a tab is chosen
    shown = {"Market": "#market", "My network": f'.area[data-seat="{mine}"]', "Others": f'.area:not([data-seat="{mine}"])',
             "Scores & log": "#log"}
    for label, sel in shown.items():
        page.locator("#phone-tabs [role=tab]", has_text=label).click()
        page.wait_for_selector(sel, state="visible")
        assert page.locator("#phone-tabs [aria-selected=true]").inner_text() == label
        for other, osel in shown.items():
            if other != label and not (label in ("My network", "Others") and other in ("My network", "Others")):
                assert not page.locator(osel).first.is_visible(), f"{other} shown on the {label} panel"
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height <= 2.1 * PHONE["height"], f"the {label} panel makes the page {height}px tall"
        shot(page, f"item8-networks-phone-{label.split()[0].lower()}")
    # (item 7 on a phone) a long-press on a card reads it
    page.locator("#phone-tabs [role=tab]", has_text="Market").click()
    page.locator("#market .card").first.evaluate("""(el) => {
      const r = el.getBoundingClientRect();
      const t = new Touch({identifier: 1, target: el, clientX: r.x + 10, clientY: r.y + 10});
      el.dispatchEvent(new TouchEvent("touchstart", {touches: [t], targetTouches: [t], changedTouches: [t], bubbles: true}));
    }""")
    page.wait_for_selector("[role=dialog][data-testid=cardview]")
    shot(page, "item7-enlarged-card-phone")
    page.keyboard.press("Escape")
    page.wait_for_selector("[role=dialog][data-testid=cardview]", state="detached")
    open_table(page, web, "networks", **ALL_MODULES)
    page.locator("#phone-tabs [role=tab]", has_text="Market").click()
    shot(page, "item8-networks-all-modules-phone-market")
    page.locator("#phone-tabs [role=tab]", has_text="My network").click()
    shot(page, "item8-networks-all-modules-phone-mine")
    open_table(page, web, "prime-time")  # (the chosen panel is remembered)
    assert page.locator("#phone-tabs [aria-selected=true]").inner_text() == "My network"
    page.locator("#phone-tabs [role=tab]", has_text="Market").click()
    shot(page, "item8-prime-time-phone-market")
    page.locator("#phone-tabs [role=tab]", has_text="My network").click()
    shot(page, "item8-prime-time-phone-mine")
    page.context.close()
