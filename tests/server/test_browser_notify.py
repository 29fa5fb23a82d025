"""Issue 36 in Chromium: the Preferences show an account's channels (e-mail, notifications in this browser);
the page registers the service worker (``/sw.js``), and a push it receives (delivered through the
browser's DevTools protocol, the payload the server makes for a turn) is shown as a notification that
leads to the table.  The worker's two other handlers are run inside the real worker (headless Chromium
can neither click an OS notification nor replace a push subscription itself): a click leads to the
table's open window, or to the page to open (a URL elsewhere: the lobby); a replaced subscription is
given to the server, which then keeps the new endpoint and not the old one."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from primetime.server import mailer

from .helpers import SCREENSHOTS, ServerProc
from .notify_parts import PushService

PASSWORD = "a long and unguessable pass phrase"


@pytest.fixture
def web(tmp_path: Path) -> Iterator[ServerProc]:
    # plain http:// push endpoints are accepted (the subscriptions of the local push service's addresses)
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_PUSH_HTTP": "1"}).start()
    yield s
    s.stop()


def signed_in(browser: Any, web: ServerProc, name: str) -> tuple[Any, Any]:
    """A new browser context (notifications allowed) with a page on the lobby, signed in to a new account ``name``."""
    ctx = browser.new_context(base_url=web.url)
    ctx.grant_permissions(["notifications"], origin=web.url)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.goto("/")
    r = page.request.post("/api/signup", data={"name": name, "password": PASSWORD})
    assert r.ok, r.text()
    page.reload()
    return ctx, page


def service_worker(ctx: Any, page: Any, web: ServerProc) -> Any:
    """The page registers ``/sw.js``: the running worker (Playwright's Worker, to evaluate in), once active."""
    with ctx.expect_event("serviceworker", predicate=lambda w: w.url == web.url + "/sw.js") as got:
        assert page.evaluate("async () => (await window.PTNotify.registration()).scope") == web.url + "/"
    assert page.evaluate("async () => Boolean((await navigator.serviceWorker.ready).active)")
    return got.value


def test_issue36_service_worker_shows_a_pushed_turn_notification_and_preferences_show_the_channels(browser: Any, web: ServerProc) -> None:
    ctx = browser.new_context()
    ctx.grant_permissions(["notifications"], origin=web.url)
    errors: list[str] = []
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(web.url + "/")
        r = page.request.post(web.url + "/api/signup", data=json.dumps({"name": "Ann", "password": "a long and unguessable pass phrase"}),
                              headers={"content-type": "application/json"})
        assert r.ok, r.text()
        page.reload()
        page.click("#notify-panel summary")
        page.wait_for_selector("#notify-email")
        assert page.is_visible("#notify-push") and page.is_visible("#notify-address")
        assert "This server sends no mail." in page.inner_text("#notify-email-state"), "e-mail is off until a mail server is set"

        cdp = ctx.new_cdp_session(page)
        regs: list[dict[str, Any]] = []
        cdp.on("ServiceWorker.workerRegistrationUpdated", lambda ev: regs.extend(ev["registrations"]))
        cdp.send("ServiceWorker.enable")
        scope = page.evaluate("async () => (await window.PTNotify.registration()).scope")
        assert scope == web.url + "/"
        # (wait_for_function takes an async predicate's promise for a true value: the waits poll in the page or here)
        assert page.evaluate("async () => Boolean((await navigator.serviceWorker.ready).active)")
        deadline = time.monotonic() + 15
        while not any(r["scopeURL"] == web.url + "/" and not r.get("isDeleted") for r in regs) and time.monotonic() < deadline:
            page.wait_for_function("() => true")  # a turn of the page's loop: the registration events arrive
        reg = next(r for r in regs if r["scopeURL"] == web.url + "/" and not r.get("isDeleted"))
        title, text = mailer.turn_words("turn", "Slow game", "The Networks", None)
        data = mailer.push_data(title, text, web.url + "/t/abcd1234", "abcd1234")
        cdp.send("ServiceWorker.deliverPushMessage", {"origin": web.url, "registrationId": reg["registrationId"], "data": json.dumps(data)})
        shown = page.evaluate("""async () => {
            const reg = await navigator.serviceWorker.ready;
            for (const end = Date.now() + 15000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
                const shown = await reg.getNotifications();
                if (shown.length) return shown.map((n) => ({title: n.title, body: n.body, url: n.data.url, tag: n.tag}));
            }
            return [];
        }""")
        assert shown == [{"title": "Your turn at Slow game", "body": "It is your move in The Networks.",
                          "url": web.url + "/t/abcd1234", "tag": "table-abcd1234"}]
        page.screenshot(path=str(SCREENSHOTS / "notify-preferences.png"))
        assert not errors, errors
    finally:
        ctx.close()


def test_issue36_notification_click_leads_to_the_tables_open_window_or_to_our_page_to_open(browser: Any, web: ServerProc) -> None:
    ctx, page = signed_in(browser, web, "Cleo")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        sw = service_worker(ctx, page, web)
        # the URL a notification carries: a page of this server is kept; anything else leads to the lobby
        urls = [web.url + "/t/abcd1234?x=1", "/t/abcd1234", "https://elsewhere.example/t/abcd1234", "javascript:alert(1)", "", None]
        assert sw.evaluate("(urls) => urls.map((u) => self.ptTableUrl(u).href)", urls) == [
            web.url + "/t/abcd1234?x=1", web.url + "/t/abcd1234", web.url + "/", web.url + "/", web.url + "/", web.url + "/"]

        choose = "async (url) => { const c = await self.ptChooseWindow(url); return {focus: Boolean(c.client), url: c.url}; }"
        r = page.request.post("/api/tables", data={"seats": ["open", "bot:random"], "options": {"pilot": "simplified"}})
        assert r.ok, r.text()
        table = web.url + "/t/" + r.json()["id"]
        # the table is not open: its page is opened
        assert sw.evaluate(choose, table) == {"focus": False, "url": table}
        tab = ctx.new_page()
        tab.goto(table + "?seen=1")
        # the table's window is open (here with a query of its own): that window is focused, none opened
        assert sw.evaluate(choose, table) == {"focus": True, "url": table + "?seen=1"}
        # a link elsewhere with the table's path does not pick the table's window: the lobby's window is chosen
        assert sw.evaluate(choose, "https://elsewhere.example" + table[len(web.url):]) == {"focus": True, "url": web.url + "/"}
        page.close()  # no lobby window now (waited for in the worker: its list of windows is the table's only)
        assert sw.evaluate("""async () => {
            for (const end = Date.now() + 15000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
                const open = await self.clients.matchAll({type: "window", includeUncontrolled: true});
                if (open.length === 1) return open[0].url;
            }
            return null;
        }""") == table + "?seen=1"
        assert sw.evaluate(choose, "https://elsewhere.example/") == {"focus": False, "url": web.url + "/"}
        assert not errors, errors
    finally:
        ctx.close()


def test_issue36_replaced_push_subscription_is_given_to_the_server_in_place_of_the_old_one(browser: Any, web: ServerProc) -> None:
    service = PushService()  # (its addresses only: nothing is pushed here)
    old, new = service.subscriber("old"), service.subscriber("new")
    ctx, page = signed_in(browser, web, "Dora")
    try:
        r = page.request.post("/api/push/subscribe", data={"subscription": old.json()})
        assert r.ok, r.text()
        sw = service_worker(ctx, page, web)

        def stored() -> list[tuple[str, str, str, str]]:
            con = sqlite3.connect(web.data_dir / "primetime.sqlite3")
            try:
                return [tuple(row) for row in con.execute(
                    "SELECT u.name, s.endpoint, s.p256dh, s.auth FROM push_subscriptions s JOIN users u ON u.id = s.user_id ORDER BY s.endpoint")]
            finally:
                con.close()

        assert stored() == [("Dora", old.endpoint, *old.json()["keys"].values())]
        # what the browser gives pushsubscriptionchange: the old subscription and the new one (toJSON() as PushSubscription's)
        resubscribe = "([old, fresh]) => self.ptResubscribe({endpoint: old.endpoint}, {endpoint: fresh.endpoint, toJSON: () => fresh})"
        assert sw.evaluate(resubscribe, [old.json(), new.json()]) == new.endpoint
        assert stored() == [("Dora", new.endpoint, *new.json()["keys"].values())], "the new endpoint is kept, the old one removed"
        assert page.request.get("/api/me/notify").json()["push_devices"] == 1
        # a subscription the server refuses is an error of the worker's (shown in its console), not kept
        bad = {**new.json(), "endpoint": "ftp://push.example/1"}
        from playwright.sync_api import Error as PlaywrightError

        with pytest.raises(PlaywrightError, match=r"the server refused the new subscription \(400\)"):
            sw.evaluate(resubscribe, [new.json(), bad])
        assert stored() == [("Dora", new.endpoint, *new.json()["keys"].values())]
    finally:
        ctx.close()
