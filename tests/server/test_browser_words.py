"""Issue 34 ("the table, third pass"), items 2, 4, 5 and 12 in Chromium.

Item 4: every screen of a whole game of each game against bots — The Networks with Telly Time,
Moguls and Executives, Prime Time with Issuing Bonds and Simultaneous Scheduling — read as a
player reads it (the page's text, its tooltips, titles and spoken labels, every option of every
decision) shows no internal id, snake_case word or bot evaluator name.  One page load per game:
the page plays its own seat from inside (no confirmation delay), the bots play the others.
Item 5: the finished game shows its last round's summary and the final scores, no forecast and
no button to a round that does not exist; the replay's last step too.  Item 12: the lobby names
the game, marks and counts your turn and leaves your own games out of the ones to watch, lists
the bot levels weakest first; the profile lists the games in progress.  Item 2: an attachment
that goes upside down says so in its option, and its card stays readable on a phone.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from primetime.bots.levels import ALIASES, by_strength, level_name
from primetime.bots.registry import known_bots
from words_check import jargon

from .helpers import SCREENSHOTS, ServerProc

DESKTOP = {"width": 1366, "height": 900}
STALL_MS = 120_000  # how long the table may stand still before a game counts as stuck
PHONE = {"width": 390, "height": 844}

# plays the page's own seat to the end: every decision's screen is read first (text, titles,
# spoken labels, tooltips, and every option, also those in a closed list), then one option is chosen;
# it gives up only when the table has not moved for ``stallMs`` (a slow machine only makes it slower); a question
# the page asks before sending (Prime Time's empty TV Guide) is answered yes
PLAY = """async ([stallMs, seed]) => {
  const texts = new Set();
  let r = seed;
  const rnd = (n) => { r = (r * 1103515245 + 12345) % 2147483648; return r % n; };
  const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
  const grab = () => {
    texts.add(document.title + "\\n" + document.body.innerText);
    document.querySelectorAll("[title], [aria-label], [data-tip]").forEach((e) => {
      for (const a of ["title", "aria-label", "data-tip"]) { const v = e.getAttribute(a); if (v) texts.add(v); }
    });
    document.querySelectorAll(".card").forEach((e) => { if (e._tip) texts.add(e._tip); });
    const ch = document.getElementById("choices");
    if (ch) texts.add(ch.textContent);
  };
  // no time limit on the game as a whole: it stops only when nothing has moved (no new state) for stallMs
  let steps = 0;
  let lastSeq = document.body.dataset.seq;
  let moved = Date.now();
  while (Date.now() - moved < stallMs) {
    if (document.body.dataset.seq !== lastSeq) { lastSeq = document.body.dataset.seq; moved = Date.now(); }
    const m = PT.tableState.msg;
    if (m && m.view && m.view.phase === "over") break;
    if (document.body.dataset.myTurn !== "1" || document.body.dataset.busy === "1") { await sleep(15); continue; }
    grab();
    const seq = document.body.dataset.seq;
    const all = Array.from(document.querySelectorAll("#choices button[data-key]"));
    const done = all.filter((b) => b.dataset.key === "done" && !b.disabled);
    const ok = all.filter((b) => !b.disabled && b.dataset.key !== "abort");
    const b = done.length && rnd(3) ? done[0] : ok[rnd(ok.length)];
    if (!b) { await sleep(30); continue; }
    b.click();
    const menu = document.querySelector("#menu .opt");
    if (menu) menu.click();
    // Prime Time asks before an empty TV Guide is submitted while shows could go on it: say yes
    const empty = document.getElementById("pt-empty-submit");
    if (empty) empty.click();
    const until = Date.now() + 5000;
    while (document.body.dataset.seq === seq && Date.now() < until) await sleep(10);
    steps++;
  }
  await sleep(300);
  grab();
  return { texts: Array.from(texts), steps, over: !!(PT.tableState.msg.view && PT.tableState.msg.view.phase === "over") };
}"""


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path_factory.mktemp("words") / "data",
                   env={"PRIMETIME_BOT_DELAY": "0", "PRIMETIME_TABLE_SEED": "21", "PRIMETIME_IDLE_REPLACE": "600"}).start()
    yield s
    s.stop()


def new_page(browser: Any, web: ServerProc, name: str, size: dict[str, int] = DESKTOP) -> Any:
    ctx = browser.new_context(viewport=size)
    ctx.add_init_script("localStorage.setItem('pt_confirm_delay', '0'); localStorage.setItem('pt_turn_sound', '0');")
    page = ctx.new_page()
    page.goto(web.url + "/")
    page.fill("#name", name)
    page.click("#name-btn")
    page.wait_for_selector("#create-btn")
    return page


def start_table(page: Any, web: ServerProc, game: str, seats: list[str], options: dict[str, Any]) -> str:
    tid = str(page.evaluate("(a) => PT.api('/api/tables', a).then((r) => r.id)", {"game": game, "seats": seats, "options": options}))
    page.evaluate(f"PT.api('/api/tables/{tid}/start', {{fill_bots: true}})")
    return tid


def play_through(page: Any, web: ServerProc, tid: str, seed: int) -> dict[str, Any]:
    page.goto(f"{web.url}/t/{tid}")
    page.wait_for_function("() => !!PT.tableState.msg && !!PT.tableState.msg.view")
    got: dict[str, Any] = page.evaluate(PLAY, [STALL_MS, seed])
    assert got["over"], f"the game stood still for {STALL_MS // 1000} s after {got['steps']} steps"
    return got


@pytest.fixture(scope="module")
def networks_game(browser: Any, web: ServerProc) -> Iterator[tuple[Any, str, dict[str, Any]]]:
    page = new_page(browser, web, "Hana")
    tid = start_table(page, web, "networks", ["bot:greedy", "bot:greedy"],
                      {"telly_time": True, "moguls": True, "executives": True})
    got = play_through(page, web, tid, 7)
    yield page, tid, got
    page.context.close()


def test_item_4_no_internal_words_in_the_browser_networks(networks_game: tuple[Any, str, dict[str, Any]]) -> None:
    """Item 4: a whole game of The Networks with every module, every screen of it, speaks the players' words
    (the bots are "Bot 2 (Casual)", never "(greedy)"; "Late Night", "Sci-Fi", the grid's lines in words)."""
    page, _tid, got = networks_game
    assert got["steps"] >= 10, got["steps"]
    text = "\n".join(got["texts"])
    assert "Bot 2 (Casual)" in text
    problems = jargon(text)
    assert not problems, "\n".join(sorted(set(problems))[:40])


def test_item_4_no_internal_words_in_the_browser_prime_time(browser: Any, web: ServerProc) -> None:
    """Item 4: a whole game of Prime Time with Issuing Bonds and Simultaneous Scheduling, every screen of it."""
    page = new_page(browser, web, "Iris")
    tid = start_table(page, web, "prime-time", ["bot:greedy", "bot:random"], {"bonds": True, "simultaneous": True})
    got = play_through(page, web, tid, 11)
    text = "\n".join(got["texts"])
    assert "Bot 3 (Beginner)" in text
    problems = jargon(text)
    assert not problems, "\n".join(sorted(set(problems))[:40])
    page.context.close()


def test_item_5_final_round_summary(networks_game: tuple[Any, str, dict[str, Any]], web: ServerProc) -> None:
    """Item 5: at the end of the game the last round's summary (round 4 of 4) and the final scores are
    shown, with no button to a round that does not exist and no forecast; the replay's last step too."""
    page, tid, _got = networks_game
    page.wait_for_selector("#summary #final-round-summary")
    assert page.get_attribute("#summary #final-round-summary", "data-round") == "4"
    assert "round 4 summary — final round" in page.inner_text("#summary").lower()
    page.screenshot(path=str(SCREENSHOTS / "item-5-final-scores-with-round-4-summary.png"), full_page=False)
    page.click("#summary-close")
    panel = page.locator("#round-summary")
    assert panel.get_attribute("data-round") == "4"
    assert "final round" in panel.inner_text()
    assert page.locator("#rs-next").count() == 0  # no round 5
    assert page.locator("#rs-prev").inner_text() == "◀ Round 3"
    assert page.locator("[data-testid=forecast]").count() == 0
    assert page.locator("[data-testid=final-score]").count() == 1
    assert "Forecast:" not in page.inner_text("#game")
    # the replay's last step: the final result, not a forecast
    page.goto(f"{web.url}/replay/{tid}")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    page.click("#last")
    page.wait_for_selector("#board #final-round-summary")
    assert page.get_attribute("#board #final-round-summary", "data-round") == "4"
    assert "Forecast:" not in page.inner_text("#board")
    assert page.locator("#board [data-testid=final-score]").count() == 1
    page.screenshot(path=str(SCREENSHOTS / "item-5-replay-last-step.png"), full_page=False)


def test_item_12_lobby_and_profile(browser: Any, web: ServerProc) -> None:
    """Item 12: "Your games" names the game and marks your turn (those first; the title counts them); your
    own games are not offered to watch; the bot levels are listed weakest first; the profile lists the
    games in progress."""
    page = new_page(browser, web, "Juno")
    levels = page.locator('select[data-seat="1"] option[value^="bot:"]').all_inner_texts()
    names = [x.removeprefix("Bot: ").split(" (")[0] for x in levels]
    ladder = by_strength([b for b in known_bots() if b not in ALIASES])  # the bot ladder's order (bench/results/ladder/ladder.json)
    assert names == [level_name(b) for b in ladder], names
    tid = start_table(page, web, "networks", ["bot:greedy"], {})  # Pilot Season: Juno decides at once
    page.goto(web.url + "/")
    item = page.locator(f'[data-list="mine"] li[data-table="{tid}"]')
    item.wait_for()
    assert "The Networks" in item.inner_text()
    page.wait_for_function("() => document.body.dataset.yourTurn === '1'")
    assert item.get_attribute("data-your-turn") == "1" and item.locator("[data-testid=your-turn]").count() == 1
    assert page.title().startswith("(1) ")
    assert page.locator('[data-list="mine"] li').first.get_attribute("data-table") == tid  # your turn first
    assert page.locator(f'[data-list="live"] li[data-table="{tid}"]').count() == 0
    page.screenshot(path=str(SCREENSHOTS / "item-12-lobby-your-turn.png"), full_page=True)
    page.click("#profile-link")
    page.wait_for_selector(f'#running li[data-table="{tid}"]')
    assert "The Networks" in page.inner_text(f'#running li[data-table="{tid}"]')
    page.context.close()


def test_item_2_upside_down_said_and_readable(browser: Any, web: ServerProc, tmp_path: Path) -> None:
    """Item 2: the option that attaches a star or ad upside down says so, with what it then gives and what
    it needs; on a phone the upside-down card's text is drawn upright (a frame and a label mark it)."""
    from primetime.core.game import Game
    from primetime.core.rng import Rng

    found = None
    for seed in range(1, 20):
        g = Game.new("networks", 3, seed=seed)
        rng = Rng(seed)
        while not g.is_over():
            d = g.pending()
            assert d is not None
            if d.kind == "att_target":
                down = [o for o in d.options if "upside down" in o.label]
                if down:
                    found = (g, down[0])
                    break
            g.apply(None, rng.choice(g.legal_keys()))
        if found:
            break
    assert found, "no attachment upside down in the games tried"
    g, opt = found
    assert "— upside down: " in opt.label and "(needs " in opt.label, opt.label
    g.apply(None, opt.key)
    seat = g.state.log[-1] if False else None  # (the record is replayed below)
    del seat
    page = new_page(browser, web, "Kai", PHONE)
    rec = g.record()
    rid = page.evaluate("(rec) => PT.api('/api/records', rec).then((r) => r.id)", rec)
    step = g.seq
    who = next(i for i, p in enumerate(g.view(None)["players"]) if any(a["rotated"] for sh in p["lineup"] if sh for a in sh["attachments"]))
    page.goto(f"{web.url}/replay/{rid}?step={step}")
    page.wait_for_function(f"() => document.body.dataset.step === '{step}'")
    page.select_option("#seat", str(who))
    page.wait_for_function(f"() => document.body.dataset.seat === '{who}'")  # that seat's view drawn (not the old one's cards)
    page.wait_for_selector(".card.rotated")
    card = page.locator(".card.rotated").first
    card.scroll_into_view_if_needed()
    assert card.evaluate("(el) => getComputedStyle(el).transform") in ("none", "matrix(1, 0, 0, 1, 0, 0)")
    label = card.locator("xpath=following-sibling::*[1]")
    assert "upside down" in label.inner_text()
    page.screenshot(path=str(SCREENSHOTS / "item-2-upside-down-phone.png"), full_page=False)
    page.context.close()
