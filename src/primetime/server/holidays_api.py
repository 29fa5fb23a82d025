"""The routes of an account's holidays (``turnbased.py``): ``GET /api/me/holidays`` lists those under way
or to come, ``POST`` sets one, ``DELETE /api/me/holidays/{id}`` removes one to come or ends one under way.
Each change is carried to the clocks of the account's running turn-based tables (``ops.holidays``), each
a table change like any other (stored, then sent to the table's browsers)."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request

from primetime.server import ops, turnbased
from primetime.server.http import ApiError, body
from primetime.server.store import ConflictError, Store

log = logging.getLogger("primetime.server")


async def holidays_changed(hub: Any, store: Store, user_id: str) -> int:
    """Carry ``user_id``'s holidays to the clocks of their running turn-based tables; how many changed."""
    n = 0
    for tid in await hub.db(turnbased.running_turn_tables, store, user_id):
        rt = await hub.get(tid)
        if rt is None:
            continue
        try:
            await hub.mutate(rt, lambda tx, rt_, t: ops.holidays(tx, rt_, t, time.time()))
            n += 1
        except ConflictError:
            pass  # (nothing to change there: no clock runs, or the holidays were there already)
    return n


def limits() -> dict[str, int]:
    return {"max_days": turnbased.HOLIDAY_MAX_DAYS, "ahead_days": turnbased.HOLIDAYS_AHEAD_DAYS,
            "within_days": turnbased.HOLIDAY_WITHIN_DAYS, "max_holidays": turnbased.HOLIDAYS_MAX}


def add_holiday_routes(app: FastAPI, hub: Any, store: Store, current_user: Callable[[Request], Awaitable[dict[str, Any] | None]]) -> None:
    async def account(request: Request) -> dict[str, Any]:
        user = await current_user(request)
        if user is None or not user["account"]:
            raise ApiError(403, "holidays are for accounts: sign up (or sign in) first, then set the days you will be away")
        return user

    async def listing(user_id: str) -> dict[str, Any]:
        return {"holidays": await hub.db(turnbased.holidays_of, store, user_id, time.time()), "limits": limits()}

    @app.get("/api/me/holidays")
    async def my_holidays(request: Request) -> dict[str, Any]:
        """Your holidays under way or to come: while one lasts, your turn-based clocks stand still."""
        return await listing((await account(request))["id"])

    @app.post("/api/me/holidays")
    async def set_holiday(request: Request) -> dict[str, Any]:
        """``{"first_day": "2026-12-24", "last_day": "2026-12-31", "tz_offset": -60, "tz_offset_end": -60}``:
        a holiday (both days included; ``turnbased.span_of``)."""
        user = await account(request)
        data = await body(request)
        try:
            got = await hub.write(turnbased.add_holiday, store, user["id"], data, time.time())
        except turnbased.HolidayError as exc:
            raise ApiError(400, str(exc)) from None
        tables = await holidays_changed(hub, store, user["id"])
        log.info("holiday %s to %s set by %s (%d turn-based tables)", got["first_day"], got["last_day"], user["id"], tables)
        return {"ok": True, "holiday": got, **await listing(user["id"])}

    @app.delete("/api/me/holidays/{holiday_id}")
    async def end_holiday(holiday_id: str, request: Request) -> dict[str, Any]:
        """A holiday to come is removed; one under way ends now."""
        user = await account(request)
        if not 4 <= len(holiday_id) <= 40:
            raise ApiError(404, "no such holiday")
        try:
            what = await hub.write(turnbased.end_holiday, store, user["id"], holiday_id, time.time())
        except turnbased.HolidayError as exc:
            raise ApiError(404, str(exc)) from None
        await holidays_changed(hub, store, user["id"])
        return {"ok": True, "result": what, **await listing(user["id"])}
