"""Issue 36 in Chromium: the Preferences show an account's channels (e-mail, notifications in this browser);
the page registers the service worker (``/sw.js``), and a push it receives (delivered through the
browser's DevTools protocol, the payload the server makes for a turn) is shown as a notification that
leads to the table."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from primetime.server import mailer

from .helpers import SCREENSHOTS, ServerProc


@pytest.fixture
def web(tmp_path: Path) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path / "data").start()
    yield s
    s.stop()


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
