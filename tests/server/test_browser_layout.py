"""Browser tests of the table page's layout and wording, one defect each: a game against bots,
opened at a desktop (1366x900) and a phone (390x844) size in Debian's Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .helpers import SCREENSHOTS, ServerProc

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path_factory.mktemp("layout") / "data",
                   env={"PRIMETIME_BOT_DELAY": "0.02", "PRIMETIME_IDLE_REPLACE": "600"}).start()
    yield s
    s.stop()


def new_page(browser: Any, size: dict[str, int], delay: int = 3) -> Any:
    phone = size["width"] < 600
    ctx = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.add_init_script(f"localStorage.setItem('pt_confirm_delay', '{delay}')")
    return page


def sign_in(page: Any, web: ServerProc, name: str = "Hana") -> None:
    page.goto(web.url + "/")
    page.fill("#name", name)
    page.click("#name-btn")
    page.wait_for_selector("#create-btn")


def start_table(page: Any, web: ServerProc, seats: list[str], **options: Any) -> str:
    """A started table of the signed-in person and ``seats``; the page shows it."""
    tid = str(page.evaluate("([seats, options]) => PT.api('/api/tables', {seats, options}).then((r) => r.id)", [seats, options]))
    page.evaluate("(tid) => PT.api(`/api/tables/${tid}/start`, {})", tid)
    page.goto(f"{web.url}/t/{tid}")
    page.wait_for_selector("#statusbar")
    return tid


def networks_turn(browser: Any, web: ServerProc, size: dict[str, int], delay: int = 3, players: int = 3) -> Any:
    """A page of The Networks at the person's first normal turn (simplified pilot season: cards in the green room)."""
    page = new_page(browser, size, delay)
    sign_in(page, web)
    start_table(page, web, ["bot:greedy"] * (players - 1), pilot="simplified")
    page.wait_for_selector("body[data-my-turn='1'][data-kind='turn']")
    return page


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def inside_viewport(page: Any, selector: str) -> tuple[bool, Any]:
    box = page.locator(selector).bounding_box()
    vp = page.viewport_size
    ok = box is not None and box["y"] >= 0 and box["y"] + box["height"] <= vp["height"] and box["x"] >= 0 \
        and box["x"] + box["width"] <= vp["width"]
    return ok, box


def two_people_in_pilot_season(browser: Any, web: ServerProc) -> tuple[Any, Any]:
    """Hana and Ben at a table of The Networks (normal Pilot Season), both pages showing it."""
    hana = new_page(browser, DESKTOP)
    sign_in(hana, web, "Hana")
    tid = str(hana.evaluate("PT.api('/api/tables', {seats: ['open'], options: {pilot: 'normal'}}).then((r) => r.id)"))
    ben = new_page(browser, PHONE)
    sign_in(ben, web, "Ben")
    ben.evaluate("(tid) => PT.api(`/api/tables/${tid}/join`, {})", tid)
    hana.evaluate("(tid) => PT.api(`/api/tables/${tid}/start`, {})", tid)
    for page in (hana, ben):
        page.goto(f"{web.url}/t/{tid}")
        page.wait_for_selector("#statusbar")
    return hana, ben


def test_waiting_prompt_names_the_player_once(browser: Any, web: ServerProc) -> None:
    """Both choose their pilot cards at once; once Hana has kept hers she waits for Ben, named once."""
    from .test_browser_simultaneous import keep, keepable_pair

    hana, ben = two_people_in_pilot_season(browser, web)
    hana.wait_for_selector("#choices .cards .card.usable")
    keepable_pair(hana)
    keep(hana)
    hana.wait_for_function("document.querySelector('#status-prompt').innerText.startsWith('Waiting for')")
    prompt = hana.inner_text("#status-prompt")
    assert prompt.startswith("Waiting for Ben: "), prompt
    assert prompt.count("Ben") == 1, prompt
    hana.context.close()
    ben.context.close()


def test_market_during_pilot_season_is_not_none_left(browser: Any, web: ServerProc) -> None:
    hana, ben = two_people_in_pilot_season(browser, web)
    assert hana.evaluate("document.body.dataset.phase") == "pilot"
    text = hana.inner_text("#market")
    assert "none left" not in text
    assert hana.locator("[data-testid=market-empty]").first.inner_text() == "dealt after Pilot Season"
    hana.context.close()
    ben.context.close()


def test_genre_cells_show_one_tooltip(browser: Any, web: ServerProc) -> None:
    page = networks_turn(browser, web, DESKTOP)
    # no native title anywhere on the board: the page's own tooltip is the only one
    assert page.evaluate("document.querySelectorAll('#game [title]').length") == 0
    bonus = page.locator(".area .genres .cell", has_text="•").first
    bonus.hover()
    page.wait_for_selector("#tip:not(.hidden)")
    tip = page.inner_text("#tip")
    assert "bonus" in tip and "track, space" in tip, tip
    page.context.close()


def test_prime_time_bid_amounts_without_an_empty_list(browser: Any, web: ServerProc) -> None:
    """A decision with many choices none of which is on the board (a bid's amount): buttons only."""
    page = networks_turn(browser, web, DESKTOP)
    got = page.evaluate("""() => {
      const opts = Array.from({length: 12}, (_, i) => ({key: `amt:${i + 3}`, label: `Bid $${i + 3}`}));
      const pend = {player: 0, kind: "bid", prompt: "Hana: how much do you bid?", options: opts};
      const ui = {strip: PT.h("div", {id: "fake-strip"}), optButton: (o) => PT.h("button", {class: "opt", dataset: {key: o.key}}, o.label),
                  allOptions: (os, label) => PT.h("details", {class: "allopts"}, PT.h("summary", {}, label), os.map((o) => PT.h("button", {}, o.label)))};
      const strip = PT.gameOf("prime-time").choices({}, pend, {index: PT.indexOptions(pend)}, ui);
      return {text: strip.textContent, buttons: strip.querySelectorAll("button.opt").length, lists: strip.querySelectorAll("details").length};
    }""")
    assert got["buttons"] == 12 and got["lists"] == 0, got
    assert "All 0" not in got["text"] and "click a highlighted" not in got["text"].lower(), got
    page.context.close()


def test_replay_last_move_says_what_was_answered(browser: Any, web: ServerProc) -> None:
    from primetime.bots.registry import make_bot
    from primetime.core.game import Game

    # a recorded game with a yes/no question in it
    for seed in range(1, 40):
        g = Game.new("networks", ["Xena", "Yuri"], seed=seed, options={"pilot": "simplified"})
        bot = make_bot("random", seed)
        yes = None
        while not g.is_over():
            d = g.pending()
            key = bot.choose(g)
            label = next(o.label for o in d.options if o.key == key)
            if yes is None and label == "Yes":
                yes = g.seq + 1  # the replay's step just after this answer
            g.apply(None, key)
        if yes:
            break
    assert yes, "no yes/no question in the games tried"
    step = yes
    page = new_page(browser, DESKTOP)
    sign_in(page, web)
    tid = page.evaluate("(rec) => PT.api('/api/records', rec).then((r) => r.id)", g.record())
    page.goto(f"{web.url}/replay/{tid}?step={step}")
    page.wait_for_function(f"document.body.dataset.step === '{step}'")
    last = page.evaluate(f"PT.api('/api/tables/{tid}/replay?step={step}').then((r) => r.last)")
    assert last["label"] == "Yes" and last["prompt"].endswith("?"), last
    text = page.inner_text("#lastmove")
    assert text == f"{last['prompt']} → Yes", text
    page.context.close()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_confirm_bar_stays_in_view_after_scrolling(browser: Any, web: ServerProc, size: dict[str, int]) -> None:
    page = networks_turn(browser, web, size)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    card = page.locator("#my-green .card.usable").first
    card.scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 100, "the page did not scroll"
    card.click()
    if page.locator("#menu .opt").count():
        page.locator("#menu .opt").first.click()
    page.wait_for_selector("#confirm-bar")
    ok, box = inside_viewport(page, "#confirm-bar")
    assert ok, f"the confirm bar is outside the {page.viewport_size} window: {box}"
    ok, box = inside_viewport(page, "#confirm-cancel")
    assert ok, f"Cancel is outside the window: {box}"
    page.click("#confirm-cancel")
    page.context.close()


def test_phone_shows_your_own_lineup_early(browser: Any, web: ServerProc) -> None:
    page = networks_turn(browser, web, PHONE)
    mine = page.evaluate("PT.tableState.msg.me.seat")
    assert page.locator(f'.area[data-seat="{mine}"]').count() == 1
    top = page.locator(f'.area[data-seat="{mine}"] .lineup-box').bounding_box()["y"]
    assert top <= 1.5 * PHONE["height"], f"the own lineup starts {top}px down the page"
    green = page.locator("#my-green").bounding_box()["y"]
    assert green <= 2 * PHONE["height"], f"the green room starts {green}px down the page"
    sw, iw = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sw <= iw, f"horizontal scrolling: {sw}px in {iw}px"
    page.context.close()



NAMES_UNBROKEN = r"""
(mini) => {
  // every card's name drawn in a tile: a word may break across lines only at a hyphen
  // (a hard one, or a soft one the page put there), and no part of it may be cut off
  const box = PT.h("div", {id: "name-check", style: "display:flex;flex-wrap:wrap;gap:4px"});
  document.body.appendChild(box);
  const ids = Object.keys(PT.cards).concat(Object.keys(PT.ptCards || {}));
  for (const id of ids) {
    box.appendChild(PT.cards[id] ? PT.cardTile(id, {mini}) : PT.ptTile ? PT.ptTile(id, {mini}) : PT.h("span"));
  }
  const bad = [];
  for (const el of box.querySelectorAll(".c-name")) {
    const node = el.firstChild;
    if (!node) continue;
    const text = node.textContent;
    const card = el.closest(".card").getBoundingClientRect();
    const re = /\S+/g;
    let m;
    while ((m = re.exec(text))) {
      let prevTop = null, prevChar = null, shy = false;
      for (let i = m.index; i < m.index + m[0].length; i++) {
        const ch = text[i];
        if (ch === "\u00ad") { shy = true; continue; }
        const r = document.createRange();
        r.setStart(node, i);
        r.setEnd(node, i + 1);
        const rect = Array.from(r.getClientRects()).filter((x) => x.width > 0).pop();
        if (!rect) continue;  // (at a line's end a range may also give an empty box)
        if (rect.right > card.right - 1) { bad.push(m[0] + " (cut off)"); break; }
        if (prevTop !== null && Math.abs(rect.top - prevTop) > 2 && !shy && prevChar !== "-") { bad.push(m[0]); break; }
        prevTop = rect.top; prevChar = ch; shy = false;
      }
    }
  }
  box.remove();
  return bad;
}
"""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_card_names_do_not_break_inside_words(browser: Any, web: ServerProc, size: dict[str, int]) -> None:
    """Every card of both games, as a full tile and as a mini tile (lineups, reruns)."""
    page = networks_turn(browser, web, size)
    for mini in (False, True):
        bad = page.evaluate(NAMES_UNBROKEN, mini)
        assert not bad, f"names broken inside a word or cut off (mini={mini}): {bad}"
    page.context.close()


FAKE_FINAL = """() => {
  // the end of the game as the page would get it: final scores with three-digit totals, the Moguls column
  const v = PT.tableState.msg.view;
  v.phase = "over";
  v.moguls = v.moguls || {space: 3, tokens: [], cards: {}};
  v.final = {winners: [0], players: v.players.map((p, s) => ({rounds: [31, 42, 38, 55], rounds_total: 166, genres: 25,
    reruns: 14, network: 12, moguls: 6, cash: 9, total: 232 - s}))};
}"""


def right_edges(page: Any, cells: str, box: str) -> list[tuple[float, float]]:
    return page.evaluate("""([cells, box]) => {
      const b = document.querySelector(box).getBoundingClientRect();
      const right = Math.min(b.right, window.innerWidth);
      return Array.from(document.querySelectorAll(cells)).map((c) => [c.getBoundingClientRect().right, right]);
    }""", [cells, box])


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_scoreboard_and_final_scores_show_the_total(browser: Any, web: ServerProc, size: dict[str, int]) -> None:
    page = networks_turn(browser, web, size, delay=0)
    page.evaluate(FAKE_FINAL)
    page.click("#score-page")  # the scoreboard's end-game page; the game is over: the final scores open too
    page.wait_for_selector("#summary")
    edges = right_edges(page, "#summary tbody tr td:last-child", "#summary")
    assert len(edges) == 3 and all(r <= right + 0.5 for r, right in edges), f"final scores' Total clipped: {edges}"
    shot(page, f"final-scores-{size['width']}")
    page.click("#summary-close")
    assert page.locator("#scoreboard table.scores").get_attribute("data-page") == "1"
    edges = right_edges(page, "#scoreboard tbody tr td:last-child", "#scoreboard")
    assert len(edges) == 3 and all(r <= right + 0.5 for r, right in edges), f"scoreboard's Total clipped: {edges}"
    assert page.locator("#scoreboard tbody tr td:last-child").first.inner_text() == "232"
    page.context.close()


def test_help_and_board_name_every_card_symbol(browser: Any, web: ServerProc) -> None:
    page = networks_turn(browser, web, DESKTOP)
    # every symbol the tiles on the page draw (market, green room, lineup)
    drawn = set(page.evaluate("""() => Array.from(document.querySelectorAll('#game .card .c-kind, #game .card .c-stats'))
      .map((e) => e.textContent).join(' ')""").replace("·", " "))
    symbols = {ch for ch in drawn if not ch.isalnum() and not ch.isspace() and ch not in "$+-.,'()"}
    symbols |= set("☆◇★◆")
    page.click("#help-btn")
    legend = page.locator("#help [data-testid=legend]")
    text = legend.inner_text()
    for sym in sorted(symbols):
        assert sym in text, f"the legend does not name {sym!r}"
    for words in ("(ad)", "X row", "current row", "ANY"):
        assert words in text, words
    # the sample row shows the two marks as the tiles draw them
    assert legend.locator(".c-seasons span.now").count() == 1 and legend.locator(".c-seasons span.xrow").count() == 1
    page.click("#help button:has-text('Close')")
    key = page.locator(".area [data-testid=symbols-key]")
    key.hover()
    page.wait_for_selector("#tip:not(.hidden)")
    tip = page.inner_text("#tip")
    for sym in sorted(symbols):
        assert sym in tip, f"the board's key does not name {sym!r}"
    page.context.close()


def test_prime_time_asks_before_an_empty_schedule(browser: Any, web: ServerProc) -> None:
    """Submitting an empty TV Guide while holding shows that could go on it needs a second, explicit click."""
    page = networks_turn(browser, web, DESKTOP)
    page.evaluate("""() => {
      const v = {players: [{seat: 0, guide: {mon: null, tue: null}, hand: {shows: ["a", "b"], talents: [], reruns: 0}}]};
      const pend = {player: 0, kind: "sched", prompt: "Hana: schedule shows, then submit.",
                    options: [{key: "show:a:mon", label: "Schedule A on Monday", card: "a"}, {key: "done", label: "Submit the schedule"}]};
      window.sent = [];
      const holder = PT.h("div", {id: "fake-choices"});
      document.body.prepend(holder);
      const draw = () => {
        const ui = {strip: PT.h("div", {}), me: {seat: 0}, busy: false, propose: (o) => window.sent.push(o.key), refresh: draw,
                    optButton: (o) => PT.h("button", {class: "opt", dataset: {key: o.key}, onclick: () => window.sent.push(o.key)}, o.label),
                    allOptions: () => null};
        holder.replaceChildren(PT.gameOf("prime-time").choices(v, pend, {index: PT.indexOptions(pend)}, ui));
      };
      draw();
    }""")
    assert "empty" in page.inner_text("#fake-choices #pt-empty-warning")
    page.click("#fake-choices button[data-key=done]")
    assert page.evaluate("window.sent") == [], "an empty schedule was submitted without asking"
    assert "anyway" in page.inner_text("#pt-empty-warning")
    page.click("#pt-empty-back")
    assert page.locator("#pt-empty-submit").count() == 0 and page.evaluate("window.sent") == []
    page.click("#fake-choices button[data-key=done]")
    page.click("#pt-empty-submit")
    assert page.evaluate("window.sent") == ["done"]
    page.context.close()
