"""The routes of notifications: an account's channels and e-mail address (with its confirmation link),
the channels per table, Web Push subscriptions and the service worker, the one-click unsubscribe, and
the password reset by e-mail (``notifier.py`` sends; ``outbox.py`` queues)."""

from __future__ import annotations

import asyncio
import html
import json
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response

from primetime.server import accounts, outbox, passwords
from primetime.server.http import ApiError, body, client_address
from primetime.server.inputs import InputError
from primetime.server.limits import Limiter
from primetime.server.notifier import Notifier
from primetime.server.runtime import hash_secret
from primetime.server.store import Store, Tx

EMAIL_RE = re.compile(r"^[^@\s<>\"',;]{1,64}@[A-Za-z0-9.-]{1,190}\.[A-Za-z]{2,24}$")
TOKEN_RE = re.compile(r"^[A-Za-z0-9_.-]{10,120}$")
TABLE_RE = re.compile(r"^[A-Za-z0-9_-]{4,32}$")
RESET_HOURS = 1.0
RESET_GAP = 300.0  # seconds between two reset mails to one account
WEB_DIR = Path(__file__).resolve().parent.parent / "web"


def page(title: str, *parts: str, status: int = 200) -> HTMLResponse:
    """A small page of its own (the confirmation, unsubscribe and reset pages): ``parts`` are HTML."""
    text = ("<!doctype html><html lang='en'><head><meta charset='utf-8'><meta name='viewport' content='width=device-width'>"
            f"<title>{html.escape(title)}</title><link rel='stylesheet' href='/static/app.css'></head>"
            f"<body><main class='notice'><h1>{html.escape(title)}</h1>{''.join(parts)}"
            "<p><a href='/'>To the lobby</a></p></main></body></html>")
    return HTMLResponse(text, status_code=status, headers={"cache-control": "no-store"})


def para(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


# ---------------------------------------------------------------------- store work
def settings_of(store: Store, user_id: str) -> dict[str, Any]:
    def go(tx: Tx) -> dict[str, Any]:
        row = tx.one("SELECT address, confirmed, unsubscribed FROM email_addresses WHERE user_id = ?", (user_id,))
        prefs = json.loads((tx.one("SELECT prefs FROM users WHERE id = ?", (user_id,)) or ["{}"])[0] or "{}")
        devices = tx.one("SELECT COUNT(*) FROM push_subscriptions WHERE user_id = ?", (user_id,))[0]
        return {"email": None if row is None else {"address": row[0], "confirmed": row[1] is not None, "unsubscribed": bool(row[2])},
                "channels": {"email": prefs.get("notify_email", True) is not False, "push": prefs.get("notify_push", True) is not False},
                "push_devices": int(devices)}

    return store.read(go)


def set_address(store: Store, user_id: str, address: str | None, token_hash: str | None, token: str | None) -> None:
    """A new address (unconfirmed: a confirmation mail is queued with ``token``), or none."""
    def go(tx: Tx) -> None:
        tx.execute("DELETE FROM email_addresses WHERE user_id = ?", (user_id,))
        if address is None:
            return
        now = time.time()
        tx.execute("INSERT INTO email_addresses (user_id, address, confirmed, confirm_hash, unsubscribed, updated) "
                   "VALUES (?, ?, NULL, ?, 0, ?)", (user_id, address, token_hash, now))
        outbox.put(tx, f"confirm:{secrets.token_hex(8)}", "email", "confirm", user_id, None, {"address": address, "token": token}, now)

    store.write(go)


def confirm(store: Store, token_hash: str) -> bool:
    def go(tx: Tx) -> bool:
        row = tx.one("SELECT user_id FROM email_addresses WHERE confirm_hash = ?", (token_hash,))
        if row is None:
            return False
        tx.execute("UPDATE email_addresses SET confirmed = ?, confirm_hash = NULL, unsubscribed = 0, updated = ? WHERE user_id = ?",
                   (time.time(), time.time(), row[0]))
        return True

    return store.write(go)


def unsubscribe(store: Store, user_id: str) -> None:
    store.write(lambda tx: tx.execute("UPDATE email_addresses SET unsubscribed = 1, updated = ? WHERE user_id = ?", (time.time(), user_id)))


def set_prefs(store: Store, user_id: str, changes: dict[str, bool]) -> dict[str, Any]:
    def go(tx: Tx) -> dict[str, Any]:
        row = tx.one("SELECT prefs FROM users WHERE id = ?" + store.for_update, (user_id,))
        prefs = json.loads(row[0] or "{}") if row is not None else {}
        prefs.update(changes)
        tx.execute("UPDATE users SET prefs = ? WHERE id = ?", (json.dumps(prefs), user_id))
        return dict(prefs)

    return store.write(go)


def table_channels(store: Store, table_id: str, user_id: str, changes: dict[str, bool | None] | None) -> dict[str, bool | None]:
    def go(tx: Tx) -> dict[str, bool | None]:
        row = tx.one("SELECT email, push FROM notify_tables WHERE table_id = ? AND user_id = ?", (table_id, user_id))
        now = {"email": None if row is None or row[0] is None else bool(row[0]), "push": None if row is None or row[1] is None else bool(row[1])}
        if changes:
            now.update(changes)
            tx.execute("INSERT INTO notify_tables (table_id, user_id, email, push) VALUES (?, ?, ?, ?) ON CONFLICT (table_id, user_id) "
                       "DO UPDATE SET email = excluded.email, push = excluded.push",
                       (table_id, user_id, *(None if now[k] is None else int(bool(now[k])) for k in ("email", "push"))))
        return now

    return store.write(go) if changes else store.read(go)


def subscribe(store: Store, user_id: str, endpoint: str, p256dh: str, auth: str, old: str | None) -> None:
    def go(tx: Tx) -> None:
        if old:
            tx.execute("DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?", (old, user_id))
        tx.execute("INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, created) VALUES (?, ?, ?, ?, ?) "
                   "ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth",
                   (endpoint, user_id, p256dh, auth, time.time()))

    store.write(go)


def ask_reset(store: Store, name: str, token_hash: str, token: str) -> bool:
    """Queue a reset mail if the account ``name`` has a confirmed address (whether it had: never told)."""
    def go(tx: Tx) -> bool:
        row = tx.one("SELECT a.user_id FROM accounts a JOIN email_addresses e ON e.user_id = a.user_id "
                     "WHERE a.name_key = ? AND e.confirmed IS NOT NULL", (accounts.name_key(name),))
        if row is None:
            return False
        now = time.time()
        if tx.one("SELECT 1 FROM password_resets WHERE user_id = ? AND expires > ?", (row[0], now + RESET_HOURS * 3600 - RESET_GAP)):
            return False  # one link in a few minutes is enough (nobody can fill a mailbox with them)
        tx.execute("INSERT INTO password_resets (token_hash, user_id, by_user, created, expires, used) VALUES (?, ?, NULL, ?, ?, NULL)",
                   (token_hash, row[0], now, now + RESET_HOURS * 3600))
        outbox.put(tx, f"reset:{secrets.token_hex(8)}", "email", "reset", row[0], None, {"token": token}, now)
        return True

    return store.write(go)


def reset_user(store: Store, token_hash: str) -> tuple[str, str] | None:
    """(user id, name) of an unused, unexpired reset token."""
    row = store.read(lambda tx: tx.one("SELECT r.user_id, u.name FROM password_resets r JOIN users u ON u.id = r.user_id "
                                       "WHERE r.token_hash = ? AND r.used IS NULL AND r.expires > ?", (token_hash, time.time())))
    return (str(row[0]), str(row[1])) if row is not None else None


def use_reset(store: Store, token_hash: str, password_hash: str) -> list[str] | None:
    """Set the new password (once per token) and end every session of the account: the hashes ended."""
    def go(tx: Tx) -> list[str] | None:
        row = tx.one("SELECT user_id FROM password_resets WHERE token_hash = ? AND used IS NULL AND expires > ?" + store.for_update,
                     (token_hash, time.time()))
        if row is None:
            return None
        tx.execute("UPDATE password_resets SET used = ? WHERE token_hash = ?", (time.time(), token_hash))
        tx.execute("UPDATE accounts SET password_hash = ? WHERE user_id = ?", (password_hash, row[0]))
        ended = [str(r[0]) for r in tx.all("SELECT secret_hash FROM sessions WHERE user_id = ?", (row[0],))]
        tx.execute("DELETE FROM sessions WHERE user_id = ?", (row[0],))
        return ended

    return store.write(go)


# ---------------------------------------------------------------------- routes
def add_notify_routes(app: FastAPI, hub: Any, store: Store, notifier: Notifier,
                      current_user: Callable[[Request], Awaitable[dict[str, Any] | None]], limit: Limiter) -> None:
    settings = hub.settings

    async def account(request: Request) -> dict[str, Any]:
        user = await current_user(request)
        if user is None or not user["account"]:
            raise ApiError(403, "notifications are for accounts: sign up (or sign in) first")
        return user

    def flag(data: dict[str, Any], key: str, none_ok: bool = False) -> bool | None:
        v = data.get(key)
        if not isinstance(v, bool) and not (none_ok and v is None):
            raise ApiError(400, f"{key} is true or false" + (" (or null: as in your preferences)" if none_ok else ""))
        return v

    @app.get("/api/me/notify")
    async def my_notify(request: Request) -> dict[str, Any]:
        """Your channels, address and the server's push key (``account`` false: a guest, who has none)."""
        user = await current_user(request)
        if user is None or not user["account"]:
            return {"account": False, "email_available": notifier.email_on}
        got = await hub.db(settings_of, store, user["id"])
        return {"account": True, **got, "email_available": notifier.email_on, "push_key": notifier.vapid.public_key}

    @app.post("/api/me/notify")
    async def set_notify(request: Request) -> dict[str, Any]:
        """``{"email": bool, "push": bool}``: the channels of your turns; ``{"address": "..."}``: your e-mail address
        (a confirmation mail goes to it; null: none)."""
        user = await account(request)
        data = await body(request)
        changes = {f"notify_{k}": bool(flag(data, k)) for k in ("email", "push") if k in data}
        if changes:
            await hub.write(set_prefs, store, user["id"], changes)
        if "address" in data:
            addr = data["address"]
            if addr is not None and (not isinstance(addr, str) or not EMAIL_RE.match(addr.strip())):
                raise ApiError(400, "give an e-mail address such as name@example.org (or null for none)")
            limit.take(client_address(request))
            token = secrets.token_urlsafe(24)
            await hub.write(set_address, store, user["id"], addr.strip() if addr else None, hash_secret(token), token)
            notifier.nudge()
        got = await hub.db(settings_of, store, user["id"])
        return {**got, "email_available": notifier.email_on}

    @app.get("/api/tables/{table_id}/notify")
    async def get_table_notify(table_id: str, request: Request) -> dict[str, Any]:
        user = await account(request)
        if not TABLE_RE.match(table_id):
            raise ApiError(404, "no such table")
        return {"channels": await hub.db(table_channels, store, table_id, user["id"], None)}

    @app.post("/api/tables/{table_id}/notify")
    async def set_table_notify(table_id: str, request: Request) -> dict[str, Any]:
        """Your channels at this table: ``{"email": true | false | null, "push": ...}`` (null: as in your preferences)."""
        user = await account(request)
        if not TABLE_RE.match(table_id):
            raise ApiError(404, "no such table")
        data = await body(request)
        changes = {k: flag(data, k, True) for k in ("email", "push") if k in data}
        return {"channels": await hub.write(table_channels, store, table_id, user["id"], changes or None)}

    @app.get("/api/push/key")
    async def push_key() -> dict[str, Any]:
        return {"key": notifier.vapid.public_key}

    @app.post("/api/push/subscribe")
    async def push_subscribe(request: Request) -> dict[str, Any]:
        """``{"subscription": PushSubscription.toJSON(), "old_endpoint": ...}`` (``old_endpoint``: the one it replaces)."""
        user = await account(request)
        data = await body(request)
        sub = data.get("subscription")
        keys = sub.get("keys") if isinstance(sub, dict) else None
        endpoint = sub.get("endpoint") if isinstance(sub, dict) else None
        if not isinstance(endpoint, str) or not isinstance(keys, dict) or not all(isinstance(keys.get(k), str) for k in ("p256dh", "auth")):
            raise ApiError(400, "send {subscription: {endpoint, keys: {p256dh, auth}}}")
        url = urlsplit(endpoint)
        if len(endpoint) > 1000 or not url.hostname or not (url.scheme == "https" or (url.scheme == "http" and settings.push_http)):
            raise ApiError(400, "a push endpoint is an https:// address")
        if len(keys["p256dh"]) > 200 or len(keys["auth"]) > 100:
            raise ApiError(400, "push keys too long")
        old = data.get("old_endpoint") if isinstance(data.get("old_endpoint"), str) else None
        await hub.write(subscribe, store, user["id"], endpoint, keys["p256dh"], keys["auth"], old)
        return {"ok": True}

    @app.post("/api/push/unsubscribe")
    async def push_unsubscribe(request: Request) -> dict[str, Any]:
        user = await account(request)
        data = await body(request)
        endpoint = data.get("endpoint")
        if not isinstance(endpoint, str):
            raise ApiError(400, "send {endpoint}")
        await hub.write(lambda: store.write(lambda tx: tx.execute(
            "DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?", (endpoint, user["id"]))))
        return {"ok": True}

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker() -> Response:
        return Response((WEB_DIR / "sw.js").read_bytes(), media_type="text/javascript", headers={"cache-control": "no-cache"})

    @app.get("/confirm/{token}", include_in_schema=False)
    async def confirm_page(token: str) -> Response:
        if TOKEN_RE.match(token) and await hub.write(confirm, store, hash_secret(token)):
            return page("Address confirmed", para("Your e-mail address is confirmed: your turns can be sent to it "
                                                  "(choose how in Preferences), and it can reset your password."))
        return page("Link not valid", para("This confirmation link is not valid any more: give your address again in Preferences."), status=404)

    @app.get("/unsubscribe/{token}", include_in_schema=False)
    async def unsubscribe_page(token: str) -> Response:
        if notifier.unsubscribe_user(token) is None:
            return page("Link not valid", para("This unsubscribe link is not valid."), status=404)
        return page("No more mails about your turns?",
                    f"<form method='post' action='/unsubscribe/{html.escape(token)}'><button type='submit'>Unsubscribe</button></form>")

    @app.post("/unsubscribe/{token}", include_in_schema=False)
    async def unsubscribe_now(token: str) -> Response:
        """One click (RFC 8058: mail programs post ``List-Unsubscribe=One-Click``; the page's button posts too)."""
        uid = notifier.unsubscribe_user(token)
        if uid is None:
            return page("Link not valid", para("This unsubscribe link is not valid."), status=404)
        await hub.write(unsubscribe, store, uid)
        return page("Unsubscribed", para("No more mails about your turns will be sent to you. "
                                         "You can turn them on again in Preferences by giving your address again."))

    @app.post("/api/password-reset")
    async def ask_password_reset(request: Request) -> dict[str, Any]:
        """``{"name": account name}``: a reset link goes to the account's confirmed address, if it has one."""
        data = await body(request)
        name = data.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 80:
            raise ApiError(400, "send {name: your account name}")
        limit.take(client_address(request))
        token = secrets.token_urlsafe(24)
        if await hub.write(ask_reset, store, name, hash_secret(token), token):
            notifier.nudge()
        return {"ok": True, "message": "If this account has a confirmed e-mail address, a link to choose a new password "
                                       "is on its way to it (it works once, for an hour)."}

    def reset_form(token: str, problem: str | None = None) -> Response:
        return page("Choose a new password", *([para(problem)] if problem else []),
                    f"<form method='post' action='/reset/{html.escape(token)}'><label>New password "
                    "<input type='password' name='password' autocomplete='new-password' required minlength='8'></label> "
                    "<button type='submit'>Set the new password</button></form>", status=400 if problem else 200)

    # GET /reset/{token} is the reset page of ``admin_api`` (the same links, the same table): it signs the
    # browser in; this form POST is its fallback without scripts.

    @app.post("/reset/{token}", include_in_schema=False)
    async def reset_now(token: str, request: Request) -> Response:
        raw = (await request.body())[:4096]
        password = (parse_qs(raw.decode("utf-8", "replace")).get("password") or [""])[0]
        got = await hub.db(reset_user, store, hash_secret(token)) if TOKEN_RE.match(token) else None
        if got is None:
            return page("Link not valid", para("This link has been used or has expired: ask for a new one from the sign-in form."), status=404)
        loop = asyncio.get_running_loop()
        try:
            accounts.password(password)
            await loop.run_in_executor(None, passwords.check_strength, password, got[1])
        except InputError as exc:
            return reset_form(token, str(exc))
        pw_hash = await loop.run_in_executor(None, accounts.hash_password, password)
        ended = await hub.write(use_reset, store, hash_secret(token), pw_hash)
        if ended is None:
            return page("Link not valid", para("This link has been used or has expired."), status=404)
        hub.close_sessions(ended, "everywhere")
        return page("Password changed", para("Your new password is set; every browser signed in to your account was signed out. "
                                             "Sign in with the new password."))
