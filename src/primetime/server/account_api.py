"""The account routes: sign-up, sign-in, sign-out, profiles and leaderboards (see accounts.py)."""

from __future__ import annotations

import asyncio
import logging
import math
import re
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from primetime.core.plugin import get_plugin
from primetime.server import accounts, moderation, names, passwords, ratings_store, sessions, signins
from primetime.server.http import ApiError, body, client_address
from primetime.server.hub import Hub
from primetime.server.limits import Limiter, RateLimited
from primetime.server.runtime import GAMES, hash_secret, new_id, new_secret
from primetime.server.store import Store

log = logging.getLogger("primetime.server")

USER_COOKIE = "pt_user"
ID_RE = re.compile(r"^[A-Za-z0-9_-]{4,32}$")


def add_account_routes(app: FastAPI, hub: Hub, store: Store, current_user: Callable[[Request], Awaitable[dict[str, Any] | None]],
                       set_cookie: Callable[[Response, str, str], None], limit_users: Limiter, limit_signins: Limiter) -> None:
    """Add the account routes to ``app``; ``current_user`` and ``set_cookie`` are the application's own."""
    settings = hub.settings
    throttle = signins.Throttle(settings.signin_free, settings.signin_delay, settings.signin_delay_max)
    accounts.dummy_hash()  # made now, not in the first sign-in to an unknown name

    async def in_thread(fn: Any, *args: Any) -> Any:
        """argon2 hashing takes a fraction of a second of CPU: off the event loop."""
        return await asyncio.get_running_loop().run_in_executor(None, fn, *args)

    @app.post("/api/signup")
    async def sign_up(request: Request) -> Response:
        """A new account (name and password); a guest who signs up keeps their games.  The address's
        limit is taken before the name is looked up: a flood of taken names meets a 429, not 409s."""
        data = await body(request)
        name = names.display_name(data.get("name"))
        password = accounts.password(data.get("password"))
        user = await current_user(request)
        if user is not None and user["account"]:
            raise ApiError(409, f"you are signed in as {user['name']!r}; sign out first to create another account")
        limit_users.take(client_address(request))
        await in_thread(passwords.check_strength, password, name)
        if await hub.db(accounts.account_name_taken, store, name, None):  # before the work of hashing (the insert checks again)
            raise ApiError(409, f"the name {name!r} is taken by another account; choose another one, or sign in if it is yours")
        pw_hash = await in_thread(accounts.hash_password, password)
        secret = new_secret()
        uid = await hub.write(accounts.sign_up, store, new_id(9), user["id"] if user else None, name, pw_hash,
                              hash_secret(new_secret()), hash_secret(secret))
        if user is not None:  # a guest's seats are bound to their first session (``sessions.py``)
            await hub.write(sessions.adopt_seats, store, uid, hash_secret(secret))
        await hub.write(ratings_store.record_origin, store, uid, client_address(request))  # the farming rule's address (hashed)
        resp = JSONResponse({"ok": True, "id": uid, "name": name})
        set_cookie(resp, USER_COOKIE, secret)
        return resp

    @app.post("/api/signin")
    async def sign_in(request: Request) -> Response:
        """Sign in to an account.  An unknown name and a wrong password get the same answer after the
        same work; attempts are limited per address and, in the database, per name (``signins.py``)."""
        data = await body(request)
        name = names.clean(data.get("name"), names.NAME_LIMIT, "your account name")
        password = data.get("password")
        if not isinstance(password, str) or not password:
            raise ApiError(400, "send your password too")
        limit_signins.take(client_address(request))
        key = accounts.name_key(name)
        wait, tries = await hub.write(signins.begin, store, key, throttle)
        if wait > 0:
            secs = max(1, math.ceil(wait))
            raise RateLimited(f"too many failed sign-ins to {name!r} ({tries} in a row); to protect the account from guessing, "
                              f"the next try is allowed in {secs} s (a successful sign-in starts the count again)", secs, False)
        found = await hub.db(accounts.password_of, store, name)
        got = await in_thread(accounts.check_sign_in, found, password)
        if got is None:
            if tries == throttle.free:
                log.warning("sign-in to %r failed %d times in a row; further attempts are slowed down", name, tries)
            raise ApiError(401, "wrong name or password; check both (names are not case-sensitive), or sign up if you have no account")
        uid, rehash = got
        await hub.write(signins.succeeded, store, key)
        if await hub.db(moderation.is_suspended, store, uid):
            raise ApiError(403, "this account is suspended by a moderator: it cannot sign in")
        old = request.cookies.get(USER_COOKIE)
        old_hash = hash_secret(old) if old and len(old) <= 200 else None
        if old_hash is not None:  # this browser's previous session, if any, ends here
            await hub.write(accounts.end_session, store, old_hash)
        secret = new_secret()
        await hub.write(accounts.start_session, store, uid, hash_secret(secret), rehash)
        # this browser's sockets of its previous session close; ``everywhere``: the account's other sessions end
        await hub.signed_in(uid, old_hash, hash_secret(secret), data.get("everywhere") is True)
        user = await hub.db(store.user_by_secret, hash_secret(secret))
        resp = JSONResponse({"ok": True, "id": uid, "name": user["name"] if user else name})
        set_cookie(resp, USER_COOKIE, secret)
        return resp

    @app.post("/api/signout")
    async def sign_out(request: Request) -> Response:
        """Forget this browser's session (an account can sign in again; a guest's name is gone) and close
        its sockets on every worker and process; ``{"everywhere": true}``: every session of the account."""
        data = await body(request)
        secret = request.cookies.get(USER_COOKIE)
        if secret and len(secret) <= 200:
            await hub.sign_out(hash_secret(secret), data.get("everywhere") is True)
        resp = JSONResponse({"ok": True})
        resp.delete_cookie(USER_COOKIE, path="/", httponly=True, samesite="lax", secure=settings.secure_cookies)
        return resp

    @app.get("/api/users/{user_id}")
    async def user_profile(user_id: str) -> dict[str, Any]:
        if not ID_RE.match(user_id):
            raise ApiError(404, "no such player")
        got = await hub.db(ratings_store.profile, store, user_id)
        if got is None:
            raise ApiError(404, "no such player")
        return got

    @app.get("/api/leaderboard/{game}")
    async def leaderboard(game: str) -> dict[str, Any]:
        if game not in GAMES:
            raise ApiError(404, f"unknown game {game!r} (one of {', '.join(GAMES)})")
        rows = await hub.db(ratings_store.leaderboard, store, game)
        return {"game": game, "label": get_plugin(game).short, "players": rows}

    @app.get("/api/tables/{table_id}/ratings")
    async def table_ratings(table_id: str) -> dict[str, Any]:
        """The rating changes of a finished rated table (``rated`` false: the table was not rated), by seat,
        and the weight they were scaled by (``ratings_store.table_ratings``)."""
        if not ID_RE.match(table_id):
            raise ApiError(404, "no such table")
        got: dict[str, Any] = await hub.db(ratings_store.table_ratings, store, table_id)
        return got
