"""Browser tests of what the table tells a player happened (issue: browser play, second pass),
in Debian's Chromium: each player's last move ringed in their colour, the round summary at a
round's end (dismissed and reopened), the signal when it becomes your turn (title, sound,
notification; the mute kept in the user's prefs), no animation under reduced motion, and
screenshots of a game in progress and of the round summary at desktop and phone sizes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .helpers import SCREENSHOTS, ServerProc

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
SEAT_1_COLOUR = "rgb(242, 149, 52)"  # --seat-1 in app.css (#f29534)

# Stubs put into the page before its scripts: a Notification the test can read, a page that is
# not in front (so that a notification is due), and an AudioContext that counts the notes played.
STUBS = """
window.__notes = [];
window.Notification = function (title, opts) { window.__notes.push({title, body: opts && opts.body}); this.close = () => {}; };
window.Notification.permission = "granted";
window.Notification.requestPermission = async () => "granted";
document.hasFocus = () => false;
window.__chimes = 0;
window.AudioContext = class {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  resume() {}
  createOscillator() { window.__chimes++; return { frequency: {}, connect: (g) => g, start() {}, stop() {} }; }
  createGain() { const g = { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d }; return g; }
};
"""


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    # a fixed table seed: the same games every run
    s = ServerProc(tmp_path_factory.mktemp("feedback") / "data",
                   env={"PRIMETIME_BOT_DELAY": "0.02", "PRIMETIME_IDLE_REPLACE": "600", "PRIMETIME_TABLE_SEED": "7"}).start()
    yield s
    s.stop()


def new_page(browser: Any, size: dict[str, int], stubs: bool = True, state: Any = None) -> Any:
    phone = size["width"] < 600
    ctx = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone, storage_state=state, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    page.add_init_script("localStorage.setItem('pt_confirm_delay', '0')")
    if stubs:
        page.add_init_script(STUBS)
    return page


def networks_table(browser: Any, web: ServerProc, size: dict[str, int] = DESKTOP, stubs: bool = True, name: str = "Hana") -> tuple[Any, str]:
    """A started table of The Networks: the person and a greedy bot, simplified Pilot Season; at the first turn."""
    page = new_page(browser, size, stubs)
    page.goto(web.url + "/")
    how = page.locator("#how-it-works").inner_text()  # the lobby explains both games
    assert "The Networks:" in how and "Prime Time:" in how
    page.fill("#name", name)
    page.click("#name-btn")
    page.wait_for_selector("#create-btn")
    tid = str(page.evaluate("PT.api('/api/tables', {seats: ['bot:greedy'], options: {pilot: 'simplified'}}).then((r) => r.id)"))
    page.evaluate("(tid) => PT.api(`/api/tables/${tid}/start`, {})", tid)
    page.goto(f"{web.url}/t/{tid}")
    page.wait_for_selector("body[data-my-turn='1']")
    return page, tid


def act(page: Any, prefer_pass: bool) -> None:
    """Answer the pending decision through the page's own connection and wait for the next state."""
    seq = page.evaluate("document.body.dataset.seq")
    page.evaluate("""(preferPass) => {
      const S = PT.tableState, opts = S.msg.view.pending.options;
      const o = opts.find((x) => preferPass === x.key.startsWith("pass")) || opts[0];
      S.ws.send(JSON.stringify({type: "act", key: o.key, seq: S.msg.seq, id: 999}));
    }""", prefer_pass)
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")


def shot(page: Any, name: str, full: bool = False) -> None:
    """A screenshot with every animation played to its end (so that no card is caught half faded in)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("document.getAnimations().forEach((a) => a.finish())")
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full)


def my_turn_again(page: Any) -> None:
    page.wait_for_function("document.body.dataset.myTurn === '1' || document.body.dataset.phase === 'over'")


def to_round_summary(page: Any) -> None:
    """Pass at once and answer every later decision until round 1 ends and its summary opens."""
    for _ in range(60):
        if page.locator("#round-summary").count():
            return
        page.wait_for_function("document.body.dataset.myTurn === '1' || !!document.getElementById('round-summary')")
        if page.locator("#round-summary").count():
            return
        act(page, prefer_pass=True)
    raise AssertionError("round 1 did not end")


def test_last_move_of_a_bot_is_ringed_in_its_colour(browser: Any, web: ServerProc) -> None:
    page, _ = networks_table(browser, web)
    act(page, prefer_pass=False)  # a move of mine that is not a pass: the bot moves in the same round
    my_turn_again(page)
    # the board's sections only (no stray text such as "null" where no round summary is open)
    assert page.evaluate("Array.from(document.getElementById('game').childNodes).every((n) => n.nodeType === 1)")
    tab = page.locator('.tab[data-tab="1"]')
    assert "moved" in (tab.get_attribute("class") or "")
    assert (tab.get_attribute("data-tip") or "").startswith("Last move: ")
    # my own move is ringed in my area, in my colour
    assert page.locator('.area[data-seat="0"] .last-move.mark-seat-0, #passtrack .last-move.mark-seat-0').count() >= 1
    tab.click()
    ring = page.locator(".last-move.mark-seat-1").first
    ring.wait_for()
    # the ring as it stays once its short animation is over
    assert ring.evaluate("(el) => { el.getAnimations().forEach((a) => a.finish()); return getComputedStyle(el).outlineColor; }") \
        == SEAT_1_COLOUR
    # only what the bot changed: its green room, lineup or the pass-track column it took
    assert ring.evaluate("(el) => !!el.closest('.area[data-seat=\"1\"], #passtrack')")


def test_round_summary_at_round_end_dismiss_and_reopen(browser: Any, web: ServerProc) -> None:
    page, tid = networks_table(browser, web)
    act(page, prefer_pass=False)
    my_turn_again(page)
    page.click('.tab[data-tab="1"]')  # the bot's area, its last move ringed
    shot(page, "feedback-game-desktop", full=True)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # reading further down when the round ends
    to_round_summary(page)
    dlg = page.locator("#round-summary")
    # scrolled to it, below the status bar
    assert page.evaluate("""() => { const t = document.getElementById('round-summary').getBoundingClientRect().top;
      return t >= document.getElementById('statusbar').getBoundingClientRect().bottom && t < innerHeight; }""")
    assert dlg.get_attribute("data-round") == "1"
    view = page.evaluate("PT.tableState.msg.view")
    rows = dlg.locator("tbody tr")
    assert rows.count() == 2
    for s in (0, 1):
        p = view["players"][s]
        cells = rows.nth(s).locator("td")
        assert cells.nth(1).inner_text() == f"{p['round_scores'][0]} ◉"  # the viewers the round scored
        summary = view["round_summaries"][0]["players"][s]
        assert cells.nth(3).inner_text() == f"${summary['cash']}M"
    shot(page, "feedback-round-summary-desktop")
    assert page.locator("#overlay.hidden").count() == 1  # a panel, not a dialog: the board stays usable
    page.click("#rs-close")
    assert page.locator("#round-summary").count() == 0
    page.click("#round-summary-btn")
    dlg.wait_for()
    page.keyboard.press("Escape")
    page.wait_for_selector("#round-summary", state="detached")
    # the same player on a phone: the game in progress, then the summary reopened
    phone = new_page(browser, PHONE, state=page.context.storage_state())
    phone.goto(f"{web.url}/t/{tid}")
    phone.wait_for_selector("#round-summary-btn")
    assert phone.locator("#round-summary").count() == 0  # opened only when a round ends in front of you
    shot(phone, "feedback-game-phone", full=True)
    phone.click("#round-summary-btn")
    phone.wait_for_selector("#round-summary")
    sw, iw = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sw <= iw
    shot(phone, "feedback-round-summary-phone")


def signalled_after_acting(page: Any, count: int) -> None:
    """Act until the page has signalled ``count`` turns (a step of mine may be followed by another decision of mine)."""
    for _ in range(20):
        act(page, prefer_pass=False)
        page.wait_for_function(f"document.body.dataset.myTurn === '1' || document.body.dataset.turnSignals === '{count}'")
        if page.evaluate("document.body.dataset.turnSignals") == str(count):
            page.wait_for_function("document.body.dataset.myTurn === '1'")
            return
    raise AssertionError(f"no turn signal number {count}")


def test_your_turn_title_sound_and_notification_then_muted(browser: Any, web: ServerProc) -> None:
    page, _ = networks_table(browser, web, name="Ben")
    n = int(page.evaluate("document.body.dataset.turnSignals || '0'"))
    notes0 = len(page.evaluate("window.__notes"))
    signalled_after_acting(page, n + 1)
    assert page.title().startswith("▶ Your turn")
    notes = page.evaluate("window.__notes")[notes0:]
    assert len(notes) == 1 and notes[0]["title"].startswith("Your turn") and notes[0]["body"]
    chimes = page.evaluate("window.__chimes")
    assert chimes == 2 * (n + 1)  # two notes a turn
    # mute: kept in the user's prefs, and the next turn is silent (title and notification still come)
    page.click("#sound-btn")
    page.wait_for_function("PT.tableState.me.user.prefs.turn_sound === false")
    assert page.evaluate("PT.api('/api/me').then((r) => r.user.prefs.turn_sound)") is False
    assert page.locator("#sound-btn").get_attribute("aria-pressed") == "true"
    signalled_after_acting(page, n + 2)
    assert page.evaluate("window.__chimes") == chimes
    assert len(page.evaluate("window.__notes")) == notes0 + 2


ARRIVALS = """() => {
  const els = Array.from(document.querySelectorAll('.arrive'));
  return els.length ? els.map((el) => getComputedStyle(el).animationName) : null;
}"""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_cards_arriving_animate_unless_reduced_motion(browser: Any, web: ServerProc, motion: str) -> None:
    page = new_page(browser, DESKTOP)
    page.emulate_media(reduced_motion=motion)
    page.goto(web.url + "/")
    page.fill("#name", "Mia")
    page.click("#name-btn")
    page.wait_for_selector("#create-btn")
    tid = str(page.evaluate("PT.api('/api/tables', {seats: ['bot:greedy'], options: {pilot: 'simplified'}}).then((r) => r.id)"))
    page.goto(f"{web.url}/t/{tid}")
    page.wait_for_selector("#start-btn")
    page.click("#start-btn")  # the market is dealt in front of the page: its cards arrive
    names = page.wait_for_function(ARRIVALS).json_value()
    assert names and set(names) == ({"none"} if motion == "reduce" else {"pt-arrive"})


def test_prime_time_last_moves_on_the_board_and_round_summary(browser: Any, web: ServerProc) -> None:
    """Prime Time: a bot's bid or action token ringed in its colour; the round summary after Income."""
    page = new_page(browser, DESKTOP)
    page.goto(web.url + "/")
    page.fill("#name", "Lea")
    page.click("#name-btn")
    page.wait_for_selector("#create-btn")
    tid = str(page.evaluate("PT.api('/api/tables', {game: 'prime-time', seats: ['bot:greedy']}).then((r) => r.id)"))
    page.evaluate("(tid) => PT.api(`/api/tables/${tid}/start`, {})", tid)
    page.goto(f"{web.url}/t/{tid}")
    ringed = False
    for _ in range(200):
        page.wait_for_function("document.body.dataset.myTurn === '1' || !!document.getElementById('round-summary')")
        if not ringed and page.evaluate("document.body.dataset.phase") == "dev":
            ringed = page.locator("#pt-main .last-move.mark-seat-1").count() > 0
        if page.locator("#round-summary").count():
            break
        seq = page.evaluate("document.body.dataset.seq")
        page.evaluate("""() => {
          const S = PT.tableState, opts = S.msg.view.pending.options;
          const o = opts.find((x) => x.key === "done" || x.key.startsWith("pass")) || opts[0];
          S.ws.send(JSON.stringify({type: "act", key: o.key, seq: S.msg.seq, id: 999}));
        }""")
        page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    else:
        raise AssertionError("round 1 of Prime Time did not end")
    assert ringed, "the bot's token or bid was not ringed during Development"
    dlg = page.locator("#round-summary")
    assert dlg.get_attribute("data-round") == "1"
    summary = page.evaluate("PT.tableState.msg.view.round_summaries[0].players")
    rows = dlg.locator("tbody tr")
    for s in (0, 1):
        assert rows.nth(s).locator("td").nth(2).inner_text() == f"${summary[s]['income']}"
    shot(page, "feedback-round-summary-prime-time")
    # a new round: the tokens came back, so no ring points at an action space or a bid of round 1
    if page.evaluate("PT.tableState.msg.view.turn_order[0]") == 0:
        assert page.locator("#pt-main .last-move").count() == 0
    page.click("#rs-close")
    page.click("#help-btn")  # the Help explains every symbol of Prime Time's page too
    assert page.locator("#help dl.legend dt").count() >= 10


def test_replay_rings_the_move_of_each_step(browser: Any, web: ServerProc) -> None:
    """A finished game's replay: stepping forward rings what that step's move changed, in its player's colour."""
    page = new_page(browser, DESKTOP)
    page.goto(web.url + "/")
    page.fill("#name", "Ola")
    page.click("#name-btn")
    page.wait_for_selector("#create-btn")
    tid = str(page.evaluate("PT.api('/api/tables', {seats: ['bot:greedy'], options: {pilot: 'simplified'}}).then((r) => r.id)"))
    page.evaluate("(tid) => PT.api(`/api/tables/${tid}/start`, {})", tid)
    page.goto(f"{web.url}/t/{tid}")
    for _ in range(300):  # pass at once every round: the bot plays the rest
        page.wait_for_function("document.body.dataset.myTurn === '1' || document.body.dataset.phase === 'over'")
        if page.evaluate("document.body.dataset.phase") == "over":
            break
        act(page, prefer_pass=True)
    else:
        raise AssertionError("the game did not end")
    page.goto(f"{web.url}/replay/{tid}?step=8")
    page.wait_for_function("document.body.dataset.step === '8'")
    assert page.locator(".last-move").count() == 0  # opened at a step: nothing to compare with yet
    rings = 0
    for step in range(9, 40):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"document.body.dataset.step === '{step}'")
        rings += page.locator(".last-move, .tab.moved").count() > 0
    assert rings >= 10, rings


FIRST_STATE = """() => new Promise((ok) => {
  const ws = new WebSocket(`ws://${location.host}/ws/${location.pathname.split("/").pop()}`);
  ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.type === "state" && m.view) { ws.close(); ok(m); } };
})"""


def test_the_game_log_is_put_together_from_the_lines_each_state_adds(browser: Any, web: ServerProc) -> None:
    """A state carries only the log lines the page has not had: the log panel shows the whole log,
    the same as a new connection's first state carries whole, also after the page's socket reconnects."""
    page, _tid = networks_table(browser, web)
    for _ in range(6):
        act(page, prefer_pass=False)
        my_turn_again(page)
        if page.evaluate("document.body.dataset.phase") == "over":
            break
    whole = page.evaluate(FIRST_STATE)  # (at the player's turn the bot waits: the same state)
    assert whole["log_start"] == 0 and len(whole["log"]) > 5
    assert page.evaluate("PT.tableState.msg.version") == whole["version"]
    assert page.evaluate("PT.tableState.msg.view.log") == whole["log"]
    assert page.locator("#log > div").all_text_contents() == whole["log"]
    # the socket closes and the page connects again: the whole log comes again and the panel is the same
    page.evaluate("window.__oldWs = PT.tableState.ws; PT.tableState.ws.close()")
    page.wait_for_function("PT.tableState.ws !== window.__oldWs && PT.tableState.ws.readyState === 1")
    act(page, prefer_pass=False)
    my_turn_again(page)
    whole = page.evaluate(FIRST_STATE)
    assert page.evaluate("PT.tableState.msg.version") == whole["version"]
    assert page.locator("#log > div").all_text_contents() == whole["log"]
