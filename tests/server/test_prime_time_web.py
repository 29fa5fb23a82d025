"""Prime Time in the web app: tables with its options and bots, a whole game over the
WebSocket, views that never show another seat's hidden cards, records and replays."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx

from primetime.core.rng import Rng

from .helpers import Person, ServerProc, recv_state

HIDDEN = ("hand", "facedown", "offer")


def create_pt(p: Person, seats: list[str], **options: Any) -> httpx.Response:
    return p.http.post("/api/tables", json={"game": "prime-time", "seats": seats, "options": options})


def check_private(st: dict[str, Any], seat: int | None) -> None:
    v = st["view"]
    if v is None:
        return
    assert v["game"] == "prime-time" and v["viewer"] == seat
    for pl in v["players"]:
        if pl["seat"] != seat:
            assert not any(k in pl for k in HIDDEN), f"seat {seat} sees hidden cards of seat {pl['seat']}"
    p = v["pending"]
    if p and p["player"] != seat:
        assert "options" not in p


def test_prime_time_offered_with_its_options(server: ServerProc) -> None:
    ana = Person(server.url, "Ana")
    games = {g["id"]: g for g in ana.get("/api/me")["games"]}
    pt = games["prime-time"]
    assert (pt["min_players"], pt["max_players"]) == (2, 4)
    assert set(pt["options"]) == {"bonds", "simultaneous"}
    assert {b["id"] for b in pt["bots"]} == {"greedy", "random"}
    assert "networks" in games
    cat = ana.get("/api/catalogue?game=prime-time")
    assert cat["cards"]["SH-01"]["words"] and "/work" not in json.dumps(cat)
    assert ana.http.get("/api/catalogue?game=chess").status_code == 404
    # player counts, options and bots are checked for Prime Time
    assert create_pt(ana, []).status_code == 409  # 1 player
    assert create_pt(ana, ["open"] * 4).status_code in (400, 409)  # 5 players
    assert create_pt(ana, ["bot:greedy"], bonds="yes").status_code == 409
    assert create_pt(ana, ["bot:mcts"]).status_code == 409
    assert ana.http.post("/api/tables", json={"game": "chess", "seats": ["bot:greedy"]}).status_code == 400
    r = create_pt(ana, ["bot:greedy", "bot:random", "open"], bonds=True, simultaneous=True)
    assert r.status_code == 200, r.text
    info = ana.get(f"/api/tables/{r.json()['id']}")
    assert info["game"] == "prime-time" and info["options"] == {"bonds": True, "simultaneous": True}
    # The Networks still works the same way
    tid = ana.create(["bot:greedy"], pilot="simplified")
    assert ana.get(f"/api/tables/{tid}")["game"] == "networks"


def test_prime_time_game_to_the_end(server: ServerProc) -> None:
    ana, ben, eve = Person(server.url, "Ana"), Person(server.url, "Ben"), Person(server.url)
    r = create_pt(ana, ["open", "bot:greedy"], bonds=True, simultaneous=True)
    assert r.status_code == 200, r.text
    tid = r.json()["id"]
    assert ben.post(f"/api/tables/{tid}/join")["seat"] == 1
    ana.post(f"/api/tables/{tid}/start", {})
    socks = {0: ana.ws(tid), 1: ben.ws(tid)}
    watcher = eve.ws(tid)
    rng = Rng(5)
    last: dict[int, dict[str, Any]] = {}
    undone = False
    deadline = time.time() + 240
    finished = None
    while finished is None:
        assert time.time() < deadline, "the game did not finish in time"
        for seat, ws in socks.items():
            try:
                st = recv_state(ws, timeout=0.2)
            except TimeoutError:
                continue
            check_private(st, seat)
            last[seat] = st
            v = st["view"]
            if v["phase"] == "over":
                finished = v
                break
            p = v["pending"]
            if p and p["player"] == seat and "options" in p:
                opts = p["options"]
                assert all(o["label"] and "{P" not in o["label"] for o in opts)
                assert "{P" not in p["prompt"]
                if st["me"]["can_undo"] and not undone:
                    ws.send(json.dumps({"type": "undo", "seq": st["seq"]}))
                    undone = True
                    continue
                keys = [o["key"] for o in opts]
                # finish quickly: submit schedules and pass when possible, otherwise pick at random
                key = next((k for k in keys if k in ("done", "pass")), None) if rng.below(10) < 7 else None
                ws.send(json.dumps({"type": "act", "key": key or keys[rng.below(len(keys))], "seq": st["seq"]}))
    for seat, ws in socks.items():
        mine = last[seat]["view"]["players"][seat]
        assert "hand" in mine
        ws.close()
    # the spectator never saw anyone's hidden cards
    while True:
        try:
            st = recv_state(watcher, timeout=1.0)
        except TimeoutError:
            break
        check_private(st, None)
    watcher.close()
    assert finished["final"] and len(finished["players"]) == 3
    assert [pl["name"] for pl in finished["players"]][:2] == ["Ana", "Ben"]
    rec = ana.http.get(f"/api/tables/{tid}/record")
    assert rec.status_code == 200
    record = rec.json()
    assert record["game"] == "prime-time"
    rp = ana.get(f"/api/tables/{tid}/replay?step=3&seat=0")
    assert rp["view"]["game"] == "prime-time" and rp["last"]["label"] and "{P" not in rp["last"]["label"]
    assert "hand" not in rp["view"]["players"][1]
    end = ana.get(f"/api/tables/{tid}/replay?step=100000")
    assert end["view"]["final"] == finished["final"]
    r = ana.http.post("/api/records", content=json.dumps(record), headers={"content-type": "application/json"})
    assert r.status_code == 200, r.text
    assert ana.get(f"/api/tables/{r.json()['id']}/replay?step=100000")["view"]["final"] == finished["final"]


def test_prime_time_in_the_browser(tmp_path: Any) -> None:
    """Lobby game selector with Prime Time's options, then a few decisions on its board."""
    from .helpers import SCREENSHOTS, chromium_path, unavailable
    from .test_browser import CHROMIUM_ARGS

    exe = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the playwright package is not installed")
    web = ServerProc(tmp_path / "data", env={"PRIMETIME_BOT_DELAY": "0.05", "PRIMETIME_IDLE_REPLACE": "600"}).start()
    errors: list[str] = []
    try:
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
            page = b.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.add_init_script("localStorage.setItem('pt_confirm_delay', '0')")
            page.goto(web.url + "/")
            page.fill("#name", "Ana")
            page.click("#name-btn")
            page.wait_for_selector("#game")
            assert page.is_visible("#opt-pilot") and not page.is_visible("#opt-bonds")
            page.select_option("#game", "prime-time")
            assert page.is_visible("#opt-bonds") and page.is_visible("#opt-simultaneous") and not page.is_visible("#opt-pilot")
            counts = page.eval_on_selector_all("#players option", "els => els.map(e => e.value)")
            assert counts == ["2", "3", "4"]
            page.select_option("#players", "3")
            page.check("#opt-bonds")
            page.click("#create-btn")
            page.wait_for_selector("#start-btn")
            assert "Issuing Bonds: on" in page.inner_text("#page")
            page.click("#start-btn")
            page.wait_for_selector("#pt-board")
            acted = 0
            deadline = time.time() + 60
            while acted < 12 and time.time() < deadline:
                try:
                    page.wait_for_selector("body[data-my-turn='1'][data-busy='0'] #choices button.opt", timeout=20000)
                except Exception:
                    if page.evaluate("document.body.dataset.phase") == "over":
                        break
                    raise
                seq = page.evaluate("document.body.dataset.seq")
                page.locator("#choices button.opt").first.click()
                page.wait_for_selector(f"body:not([data-seq='{seq}'])", timeout=20000)
                acted += 1
            assert acted >= 5
            assert page.locator("#pt-hand").count() == 1
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / "prime-time-table.png"), full_page=True)
            b.close()
    finally:
        web.stop()
    assert not errors, errors
