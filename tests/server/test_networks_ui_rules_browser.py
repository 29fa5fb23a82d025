"""The interface rules of The Networks on the page (checklist section 23, NET-UI, and NET-OPT-01/05),
in Debian's Chromium: one table against two greedy bots played from Pilot Season to the end of
round 1 (a desktop page, then a phone-sized touch page watching it), and one Telly Time table.

The same rules in the view, the browser's payload and the terminal are checked by
``tests/networks/test_ui_rules.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .helpers import ServerProc
from .test_browser_layout import sign_in, start_table
from .test_browser_simultaneous import keepable_pair

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    # a fixed table seed: the same deal every run (the checks below need a dimmed card in the first market)
    s = ServerProc(tmp_path_factory.mktemp("uirules") / "data",
                   env={"PRIMETIME_BOT_DELAY": "0.02", "PRIMETIME_IDLE_REPLACE": "600", "PRIMETIME_TABLE_SEED": "1"}).start()
    yield s
    s.stop()


def page_of(browser: Any, size: dict[str, int]) -> Any:
    phone = size["width"] < 600
    ctx = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    return page


def view(page: Any) -> Any:
    return page.evaluate("PT.tableState.msg.view")


def box(page: Any, selector: str) -> Any:
    b = page.locator(selector).first.bounding_box()
    assert b is not None, selector
    return b


def tip_of(page: Any, selector: str) -> str:
    """Hover ``selector`` and read the page's tooltip."""
    page.mouse.move(0, 0)
    page.locator(selector).first.hover()
    page.wait_for_selector("#tip:not(.hidden)")
    return str(page.inner_text("#tip"))


def set_delay(page: Any, seconds: int) -> None:
    page.click("#prefs-btn")
    page.select_option("#pref-delay", str(seconds))
    page.click("#pref-save")
    page.wait_for_selector("#overlay.hidden", state="attached")


def keep_two_without_shows(page: Any) -> None:
    """Select two offered stars or ads that may be kept together (no pilot show to produce after)."""
    cards = page.locator("#choices .cards .card.usable")
    kinds = [page.evaluate("(id) => PT.cards[id].kind", cards.nth(i).get_attribute("data-card")) for i in range(cards.count())]
    for i in range(len(kinds)):
        for j in range(i + 1, len(kinds)):
            if "show" in (kinds[i], kinds[j]):
                continue
            cards.nth(i).click()
            cards.nth(j).click()
            if page.locator("#pilot-keep:not([disabled])").count():
                return
            cards.nth(i).click()
            cards.nth(j).click()
    keepable_pair(page)


def test_networks_interface_rules_in_the_browser(browser: Any, web: ServerProc) -> None:
    """One game, its checks in the order the game reaches them: NET-OPT-01 and NET-UI-15 (the private
    pilot offer in the choices strip at the top), NET-UI-17 (the confirmation countdown, cancelled, then
    sent when it ends), NET-OPT-05 (the "Action confirmation delay" preference, kept over a reload),
    NET-UI-02 (the market and its decks at the top), NET-UI-03 (green room, board, lineup from left to
    right), NET-UI-11 and NET-UI-13 (the Forecast above the lineup, a badge per show), NET-UI-14 (the
    cube on the round scoring track, lapping at 50), NET-UI-20 (the discard pile named on hover),
    NET-UI-06 and NET-UI-19 (a card's tooltip and the icons of its tile), NET-UI-07 (the board's rules
    reference), NET-UI-16 (dimmed cards), NET-UI-04 (the players' tabs), NET-UI-05 (the scoreboard's two
    pages), NET-UI-22 (the tips in the help), NET-UI-10 (on a touch screen: long-press shows, a tap
    elsewhere closes) and NET-UI-21 (the round summary confirms the genre bonuses)."""
    page = page_of(browser, DESKTOP)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_in(page, web, "Hana")
    tid = start_table(page, web, ["bot:greedy", "bot:greedy"], pilot="normal")
    page.wait_for_selector("body[data-my-turn='1'][data-kind='pilot'] #choices .cards .card")
    # the bots choose at the same time: wait for them, so that the page no longer changes under the checks
    page.wait_for_function("PT.tableState.msg.view.players.slice(1).every((p) => p.pilot_chosen)")

    # ---- NET-OPT-01 / NET-UI-15: the private Pilot Season offer in the choices strip at the top of the table
    strip = page.locator("#statusbar #choices")
    assert "Your private Pilot Season offer" in strip.inner_text()
    offer = strip.locator(".cards .card")
    v = view(page)
    assert offer.count() == 4
    assert [offer.nth(i).get_attribute("data-card") for i in range(4)] == v["players"][0]["pilot_offer"]
    assert box(page, "#statusbar")["y"] < box(page, "#market")["y"]
    for other in (1, 2):  # the others' offers are hidden: only whether they have chosen
        assert "pilot_offer" not in v["players"][other] and v["players"][other]["pilot_chosen"]
        page.click(f".tabs .tab[data-tab='{other}']")
        assert "Pilot Season: has chosen (cards hidden)" in page.inner_text("#areas .green-box")
    page.click(".tabs .tab[data-tab='0']")

    # ---- NET-UI-17: the choice waits in the status bar with a countdown (the default delay, 2 s), and
    # can be cancelled; left alone, it is sent when the countdown ends
    seq = page.evaluate("document.body.dataset.seq")
    keep_two_without_shows(page)
    page.click("#pilot-keep")
    bar = page.locator("#statusbar #confirm-bar")
    assert bar.count() == 1 and page.locator("#countdown").inner_text() == "2s"
    assert page.locator("#confirm-bar .what").inner_text().startswith("Keep ")
    page.click("#confirm-cancel")
    assert bar.count() == 0 and page.evaluate("document.body.dataset.seq") == seq
    page.click("#pilot-keep")  # (the pair is still selected)
    page.wait_for_function("document.getElementById('countdown') && document.getElementById('countdown').textContent === '1s'")
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    assert bar.count() == 0

    # ---- NET-OPT-05: the delay is a preference ("Action confirmation delay"), kept by the browser
    page.click("#prefs-btn")
    assert page.locator("label[for=pref-delay]").inner_text() == "Action confirmation delay"
    page.click("#overlay button:has-text('Close')")
    set_delay(page, 0)
    assert page.evaluate("localStorage.getItem('pt_confirm_delay')") == "0"
    page.reload()
    page.wait_for_selector("body[data-my-turn='1'][data-kind='turn']")
    page.click("#prefs-btn")
    assert page.input_value("#pref-delay") == "0"
    page.click("#overlay button:has-text('Close')")
    page.wait_for_function("PT.tableState.msg.view.current === 0 && document.body.dataset.busy !== '1'")
    v = view(page)

    # ---- NET-UI-02: the market (shows, stars, ads, network cards, with their decks) at the top; the
    # base game's pass track closes it
    rows = page.locator("#market .market-row[data-kind]")
    assert [rows.nth(i).get_attribute("data-kind") for i in range(4)] == ["show", "star", "ad", "network"]
    for k in ("show", "star", "ad", "network"):
        assert page.inner_text(f"#market [data-deck={k}]") == f"deck: {v['deck_counts'][k]}"
        assert page.locator(f"#market .market-row[data-kind={k}] .card").count() == len(v["display"][k])
    # at the top of the board: on a wide window your own network stands beside it (issue 34, item 8:
    # the market, your lineup and your green room in view together), otherwise below it
    m_box, a_box = box(page, "#market"), box(page, "#areas")
    assert m_box["y"] < a_box["y"] or (m_box["y"] == a_box["y"] and m_box["x"] < a_box["x"])
    assert page.locator("#market .market-row").last.get_attribute("data-testid") == "pass-row"

    # ---- NET-UI-03: your own area: green room left, board in the middle, lineup right -- as far as the
    # width allows: beside the market (issue 34, item 8) the lineup takes a row of its own above them
    area = ".area[data-seat='0']"
    green, board, lineup = (box(page, f"{area} > {part}") for part in (".green-box", ".board-box", ".lineup-box"))
    assert green["x"] < board["x"] and abs(green["y"] - board["y"]) < 1
    assert lineup["x"] > board["x"] or (lineup["y"] + lineup["height"] <= green["y"] + 1
                                        and lineup["width"] >= green["width"] + board["width"])

    # ---- NET-UI-11 / NET-UI-13: the Forecast above the lineup, and a badge beside each show
    me = v["players"][0]
    fc = me["forecast"]
    assert box(page, f"{area} [data-testid=forecast]")["y"] < box(page, f"{area} .lineup")["y"]
    assert int(page.inner_text(f"{area} [data-testid=forecast-viewers]")) == fc["viewers"]
    assert int(page.inner_text(f"{area} [data-testid=forecast-upkeep]").replace("+", "")) == fc["upkeep"]
    assert "if the round ended now" in tip_of(page, f"{area} [data-testid=forecast]")
    for slot, sh in enumerate(me["lineup"]):
        if sh is None:
            continue
        badge = page.locator(f"{area} .slot[data-slot='{slot}'] [data-testid=show-badge]")
        net = sh["income"] - sh["expenses"]
        assert badge.inner_text() == f"◉ {sh['viewers']} · {'+' if net >= 0 else ''}{net} $M"

    # ---- NET-UI-14: the cube on the round scoring track marks the Forecast; past 50 it laps and says +50
    cube = page.locator(f"{area} .scoretrack span")
    cubes = [i for i in range(cube.count()) if "cube" in (cube.nth(i).get_attribute("class") or "")]
    assert cubes == [fc["viewers"] % 50]
    lapped = page.evaluate("""() => {
      const v = JSON.parse(JSON.stringify(PT.tableState.msg.view));
      v.players[0].forecast.viewers = 57;
      v.discards.network = ["NET-23"];  // and a used Use Once card on the discard pile (NET-UI-20)
      const ctx = { mySeat: 0, myDecision: false, index: { byCard: {}, bySlot: {}, other: [] }, unusable: {},
                    tab: 0, setTab() {}, scorePage: 0, setScorePage() {} };
      const root = document.createElement("div");
      root.append(...PT.boardParts(v, ctx));
      const spans = [...root.querySelectorAll(".area .scoretrack span")];
      const gone = root.querySelector("#market [data-discard=network]");
      return { cube: spans.findIndex((s) => s.classList.contains("cube")),
               label: root.querySelector(".area .scoretrack").previousElementSibling.textContent,
               discard: gone.textContent, discardTip: gone.dataset.tip };
    }""")
    assert lapped["cube"] == 7 and lapped["label"].endswith("7 (+50)")
    # ---- NET-UI-20: a used or discarded card is on its discard pile, named on hover
    assert lapped["discard"] == "discard: 1" and "Ad Sales Blitz" in lapped["discardTip"]
    assert tip_of(page, "#market [data-discard=show]").startswith("Discard pile")

    # ---- NET-UI-06 / NET-UI-19: every card's tooltip is its printed information; the tiles carry the icons
    first_show = v["display"]["show"][0]
    words = page.evaluate("(id) => PT.cards[id].words", first_show)
    assert tip_of(page, f"#market .card[data-card='{first_show}']").startswith(words)
    cards = page.evaluate("PT.cards")
    icons = {"daytime": "☀", "primetime": "◐", "latenight": "☾"}
    for cid in v["display"]["show"]:
        tile = page.locator(f"#market .card[data-card='{cid}']")
        slot = cards[cid]["timeslot"]
        assert all(icons[t] in tile.locator(".c-kind").inner_text() for t in slot.split("/") if t in icons)
        assert "xrow" in (tile.locator(".c-seasons span").nth(2).get_attribute("class") or "")  # the X row
    timing = {"immediate": "!", "use_once": "1x", "ongoing": "∞", "game_end": "◉"}
    for cid in v["display"]["network"]:
        assert page.text_content(f"#market .card[data-card='{cid}'] .c-kind") == f"network {timing[cards[cid]['timing']]}"
    symbols = tip_of(page, f"{area} [data-testid=symbols-key]")
    assert "☀ ◐ ☾" in symbols and "! 1x ∞ ◉" in symbols and "X row" in symbols and "upside down" in symbols

    # ---- NET-UI-07: the board's "Actions" and "Round End" areas give the rules on hover
    assert tip_of(page, f"{area} .refbox:has-text('Actions')").startswith("Actions — on your turn take ONE")
    assert tip_of(page, f"{area} .refbox:has-text('Round End')").startswith("Round End — after everyone has passed")

    # ---- NET-UI-16: cards that cannot be used now are dimmed, say why, and do nothing when clicked
    why = v["pending"]["unusable"]
    dimmed = page.locator("#market .card.dimmed, #my-green .card.dimmed")
    assert dimmed.count() >= 1
    assert {dimmed.nth(i).get_attribute("data-card") for i in range(dimmed.count())} >= set(why)
    usable = {page.locator("#market .card.usable").nth(i).get_attribute("data-card")
              for i in range(page.locator("#market .card.usable").count())}
    assert usable and not usable & set(why)
    cid = next(iter(why))
    assert f"Cannot use now: {why[cid]}" in tip_of(page, f".card.dimmed[data-card='{cid}']")
    seq = page.evaluate("document.body.dataset.seq")
    page.locator(f".card.dimmed[data-card='{cid}']").first.click(force=True)
    assert page.locator("#menu, #confirm-bar").count() == 0 and page.evaluate("document.body.dataset.seq") == seq
    if page.locator("#cardview:not(.hidden)").count():  # a click that chooses nothing opens the card to read
        page.keyboard.press("Escape")
        page.wait_for_selector("#cardview", state="hidden")

    # ---- NET-UI-04: a tab per player shows that player's lineup, green room and reruns
    tabs = page.locator(".tabs .tab")
    assert tabs.count() == 3
    page.click(".tabs .tab[data-tab='1']")
    other = v["players"][1]
    shown = [page.locator(".area[data-seat='1'] .slot").nth(i).locator(".card").first.get_attribute("data-card")
             for i in range(3)]
    assert shown == [sh["card"] for sh in other["lineup"]]
    green = page.locator(".area[data-seat='1'] .green-box .cardrow").first.locator(".card")
    assert [green.nth(i).get_attribute("data-card") for i in range(green.count())] == other["green_room"]
    assert "reruns" in page.inner_text(".area[data-seat='1'] .green-box").lower()
    page.click(".tabs .tab[data-tab='0']")

    # ---- NET-UI-05: the scoreboard: round scores (and the Forecast as "Now"); the arrow turns to the end-game page
    heads = page.locator("#scoreboard thead th")
    assert [heads.nth(i).inner_text() for i in range(heads.count())] == ["Player", "R1", "R2", "R3", "R4", "Now"]
    assert int(page.locator("#scoreboard tbody tr").first.locator("td").last.inner_text()) == fc["viewers"]
    page.click("#score-page")
    labels = [heads.nth(i).get_attribute("aria-label") for i in range(heads.count())]
    assert labels == ["Player", "Genres", "Reruns", "Network", "Cash", "Total"]
    page.click("#score-page")
    assert page.locator("#scoreboard table").get_attribute("data-page") == "0"

    # ---- NET-UI-22: the strategy tips are in the help, as help
    page.click("#help-btn")
    tips = page.locator("#help ul li")
    text = " ".join(tips.nth(i).inner_text() for i in range(tips.count())).lower()
    for topic in ("strong show early", "x row", "optional stars and ads while producing", "upkeep",
                  "passing early", "shrinking market", "several actions in a row", "one genre",
                  "before confirming a show", "cost", "required slots", "starting row", "genre bonus", "forecast upkeep"):
        assert topic in text, topic
    page.click("#help button:has-text('Close')")

    # ---- NET-UI-10 / NET-UI-06 on a touch screen: a long-press shows a card's tooltip, a tap elsewhere closes it
    phone = page_of(browser, PHONE)
    phone.goto(f"{web.url}/t/{tid}")
    phone.wait_for_selector("#market .card")
    target = phone.locator("#market .card").first
    target.evaluate("(e) => e.scrollIntoView({ block: 'center' })")  # not under the phone's sticky tabs
    tb = target.bounding_box()
    cdp = phone.context.new_cdp_session(phone)
    point = {"x": tb["x"] + tb["width"] / 2, "y": tb["y"] + tb["height"] / 2}
    # a long-press shows the card's printed information as text: its tooltip first, then (held on) the
    # card read at full size (issue 34, item 7); a tap elsewhere closes it
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    phone.wait_for_selector("#cardview:not(.hidden)")
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    card_words = phone.evaluate("(id) => PT.cards[id].words", target.get_attribute("data-card"))
    assert phone.inner_text("#cardview [data-testid=cardview-words]") == card_words
    phone.touchscreen.tap(5, PHONE["height"] - 5)  # outside the dialog
    phone.wait_for_selector("#cardview", state="hidden")
    phone.context.close()

    # ---- NET-UI-21: Hana passes; round 1 ends and its summary confirms
    # the genre bonuses taken during the round
    page.locator("#choices button[data-key^='pass:']").first.click()
    page.wait_for_selector("#round-summary [data-testid=round-summary-table]", timeout=60_000)
    v = view(page)
    summary = v["round_summaries"][0]
    heads = page.locator("#round-summary thead th")
    assert [heads.nth(i).inner_text() for i in range(heads.count())] == ["Network", "Viewers", "Upkeep", "Cash", "Genre bonuses"]
    for r in summary["players"]:
        row = page.locator(f"#round-summary tbody tr[data-seat='{r['seat']}']")
        assert row.locator("td").nth(1).inner_text() == f"{r['viewers']} ◉"
        assert row.locator("td").last.inner_text() == (", ".join(r["genre_bonuses"]) or "none")
        assert r["viewers"] == v["players"][r["seat"]]["round_scores"][0]
    assert not errors, errors
    page.context.close()


def test_networks_telly_time_table_in_the_browser(browser: Any, web: ServerProc) -> None:
    """NET-UI-09: with Telly Time the player's Genre Grid explains its rules on hover; NET-UI-02: the
    Telly pass board sits above the market's rows."""
    page = page_of(browser, DESKTOP)
    sign_in(page, web, "Ida")
    start_table(page, web, ["bot:greedy"], pilot="simplified", telly_time=True)
    page.wait_for_selector("#market .market-row[data-kind] .card")
    assert page.evaluate("!!PT.tableState.msg.view.telly_time")
    tip = tip_of(page, ".area [data-testid=genre-grid]")
    assert tip.startswith("Genre Grid: ") and "completed row, column or diagonal" in tip and "per empty square" in tip
    rows = page.locator("#market .market-row")
    assert rows.first.get_attribute("data-testid") == "pass-row" and "Telly pass board" in rows.first.inner_text()
    assert box(page, "[data-testid=pass-row]")["y"] < box(page, "#market .market-row[data-kind=show]")["y"]
    page.context.close()
