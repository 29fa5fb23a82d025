"""The moderation routes (see moderation.py): reports by players, the administrators' page and its acts,
and the password-reset link's page."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from primetime.server import accounts, moderation, names, passwords
from primetime.server.account_api import ID_RE, USER_COOKIE
from primetime.server.http import ApiError, body
from primetime.server.hub import Hub
from primetime.server.limits import Limiter, Rate
from primetime.server.runtime import hash_secret, new_secret
from primetime.server.store import Store

log = logging.getLogger("primetime.server")

User = dict[str, Any]


def add_admin_routes(app: FastAPI, hub: Hub, store: Store, current_user: Callable[[Request], Awaitable[User | None]],
                     set_cookie: Callable[[Response, str, str], None], page: Callable[[str], Response]) -> None:
    """Add the moderation routes to ``app``; ``current_user``, ``set_cookie`` and ``page`` are the application's own."""
    limit_reports = Limiter(Rate(10, 600.0), "reports", who="you")

    async def need_user(request: Request) -> User:
        user = await current_user(request)
        if user is None:
            raise ApiError(401, "choose a display name first")
        return user

    async def need_admin(request: Request) -> User:
        user = await current_user(request)
        if user is None or not user["account"]:
            raise ApiError(401, "sign in with an administrator's account")
        if not await hub.db(moderation.is_admin, store, user["id"]):
            raise ApiError(403, "only administrators may do this (an operator grants it: primetime admin grant NAME)")
        return user

    async def run(fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return await hub.write(fn, *args)
        except moderation.NotFound as exc:
            raise ApiError(404, str(exc)) from None

    def text(data: dict[str, Any], key: str, what: str, required: bool = False) -> str:
        raw = data.get(key)
        if raw is None or raw == "":
            if required:
                raise ApiError(400, f"say {what}")
            return ""
        return names.clean(raw, moderation.REPORT_REASON_LIMIT, what)

    def ident(data: dict[str, Any], key: str, what: str) -> str:
        raw = data.get(key)
        if not isinstance(raw, str) or not ID_RE.match(raw):
            raise ApiError(400, f"{key} is the id of {what}")
        return raw

    def number(data: dict[str, Any], key: str) -> int:
        raw = data.get(key)
        if not isinstance(raw, int) or isinstance(raw, bool) or raw < 1:
            raise ApiError(400, f"{key} is the message's number")
        return raw

    # ------------------------------------------------------------------ pages
    @app.get("/admin", include_in_schema=False)
    async def admin_page() -> Response:
        return page("admin.html")

    @app.get("/reset/{token}", include_in_schema=False)
    async def reset_page(token: str) -> Response:
        return page("reset.html")

    # ------------------------------------------------------------------ players
    @app.post("/api/reports")
    async def report(request: Request) -> dict[str, Any]:
        """``{"table", "seq", "reason"}``: a chat message; ``{"user", "reason"}``: a player."""
        user = await need_user(request)
        data = await body(request)
        reason = text(data, "reason", "what is wrong", required=True)
        limit_reports.take(user["id"])
        if data.get("table") is not None:
            rid = await run(moderation.report, store, user["id"], reason, ident(data, "table", "a table"), number(data, "seq"))
        else:
            rid = await run(moderation.report, store, user["id"], reason, None, None, ident(data, "user", "a player"))
        log.info("report %s by %s", rid, user["id"])
        return {"ok": True, "id": rid}

    # ------------------------------------------------------------------ administrators
    @app.get("/api/admin")
    async def overview(request: Request) -> dict[str, Any]:
        user = await need_admin(request)
        got: dict[str, Any] = await hub.db(moderation.overview, store)
        return {"you": user["name"], "close": list(moderation.CLOSE_HOW), **got}

    @app.get("/api/admin/account")
    async def find(request: Request, name: str = "") -> dict[str, Any]:
        await need_admin(request)
        try:
            found: dict[str, Any] = await hub.db(moderation.find_account, store, name[:60])
        except moderation.NotFound as exc:
            raise ApiError(404, str(exc)) from None
        found["suspended"] = await hub.db(moderation.is_suspended, store, found["id"])
        return found

    @app.post("/api/admin/remove-message")
    async def remove_message(request: Request) -> dict[str, Any]:
        admin = await need_admin(request)
        data = await body(request)
        tid, seq = ident(data, "table", "a table"), number(data, "seq")
        await run(moderation.remove_message, store, admin, tid, seq)
        hub.moderated({"k": "chat", "t": tid, "s": seq})
        return {"ok": True}

    @app.post("/api/admin/close-table")
    async def close_table(request: Request) -> dict[str, Any]:
        admin = await need_admin(request)
        data = await body(request)
        tid, how = ident(data, "table", "a table"), data.get("how")
        if how not in moderation.CLOSE_HOW:
            raise ApiError(400, "how is 'bots' (bots finish the game, unrated) or 'abandon' (it ends now, unrated)")
        rt = await hub.get(tid)
        if rt is None or rt.meta is None:
            raise ApiError(404, "no such table")
        await hub.mutate(rt, lambda tx, rt_, t: moderation.close_table(tx, rt_, t, str(how), admin))
        if how == "abandon":
            hub.moderated({"k": "closed", "t": tid})
        return {"ok": True, "status": rt.meta.status}

    @app.post("/api/admin/suspend")
    async def suspend(request: Request) -> dict[str, Any]:
        admin = await need_admin(request)
        data = await body(request)
        uid = ident(data, "user", "an account")
        if data.get("lift") is True:
            await run(moderation.unsuspend, store, admin, uid)
            return {"ok": True, "suspended": False}
        hashes = await run(moderation.suspend, store, admin, uid, text(data, "reason", "the reason"))
        closed = hub.close_sessions(hashes, "suspended")  # here, and on the other workers (``e:`` datagrams)
        return {"ok": True, "suspended": True, "sessions": len(hashes), "closed_here": closed}

    @app.post("/api/admin/reset-link")
    async def reset_link(request: Request) -> dict[str, Any]:
        admin = await need_admin(request)
        data = await body(request)
        token = await run(moderation.issue_reset, store, admin, ident(data, "user", "an account"))
        base = f"{request.url.scheme}://{request.headers.get('host', request.url.netloc)}"
        return {"ok": True, "url": f"{base}/reset/{token}", "hours": moderation.RESET_HOURS}

    @app.post("/api/admin/resolve")
    async def resolve(request: Request) -> dict[str, Any]:
        admin = await need_admin(request)
        data = await body(request)
        await run(moderation.resolve, store, admin, ident(data, "report", "a report"), text(data, "note", "a note"))
        return {"ok": True}

    # ------------------------------------------------------------------ the reset link
    @app.get("/api/reset/{token}")
    async def reset_info(token: str) -> dict[str, Any]:
        got = await hub.db(moderation.reset_account, store, hash_secret(token[:200]))
        if got is None:
            raise ApiError(404, "this password-reset link has expired or was used already; ask an administrator for a new one")
        return {"name": got[1]}

    @app.post("/api/reset/{token}")
    async def reset(token: str, request: Request) -> Response:
        """Choose a new password with a reset link: every session of the account ends, this browser is signed in."""
        data = await body(request)
        password = accounts.password(data.get("password"))
        got = await hub.db(moderation.reset_account, store, hash_secret(token[:200]))
        if got is None:
            raise ApiError(404, "this password-reset link has expired or was used already; ask an administrator for a new one")
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, passwords.check_strength, password, got[1])
        pw_hash = await loop.run_in_executor(None, accounts.hash_password, password)
        secret = new_secret()
        uid, ended = await run(moderation.use_reset, store, hash_secret(token[:200]), pw_hash, hash_secret(secret))
        hub.close_sessions(ended, "everywhere")
        resp = JSONResponse({"ok": True, "id": uid, "name": got[1]})
        set_cookie(resp, USER_COOKIE, secret)
        return resp
