"""The server's log lines: plain text (the default) or, with ``--log-format json``
(``PRIMETIME_LOG_FORMAT=json``), one JSON object per line with the request or table it belongs to.

Each line of JSON has ``time`` (ISO 8601, UTC), ``level``, ``logger``, ``message``, ``worker`` (the worker
process's number), ``request`` (the id of the HTTP request or WebSocket it was written for, also sent
back as the ``X-Request-ID`` header) and ``table`` (the table's id, from the request's path, or the table
whose bot or clock wrote it); ``null`` when a line belongs to neither (the server starting, a poll).
``exception`` holds a traceback.  In JSON every request also gets an access line (``"access": true``:
``method``, ``path``, ``status``, ``ms``).
"""

from __future__ import annotations

import contextvars
import datetime
import json
import logging
import re
import secrets
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)
table_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("table_id", default=None)
#: The worker process's number (set when its application is made).
WORKER = 0
FORMATS = ("text", "json")
TABLE_PATH = re.compile(r"^/(?:ws|t|replay|api/tables)/([A-Za-z0-9_-]{4,32})(?:/|$)")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger("primetime.access")


def bind(table: str | None, request: str | None = None) -> None:
    """The lines written from here on in this task are of ``table`` (and ``request``)."""
    table_id.set(table)
    request_id.set(request)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": datetime.datetime.fromtimestamp(record.created, datetime.UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname, "logger": record.name, "message": record.getMessage(), "worker": WORKER,
            "request": request_id.get(), "table": table_id.get()}
        extra = getattr(record, "fields", None)
        if isinstance(extra, dict):
            out.update(extra)
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def setup(fmt: str, level: str) -> None:
    """Configure the root logger for ``fmt`` (``text`` or ``json``; a ``ValueError`` otherwise)."""
    if fmt not in FORMATS:
        raise ValueError(f"log-format is one of {', '.join(FORMATS)}, not {fmt!r}")
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if fmt == "json" else logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for h in list(root.handlers):
        root.removeHandler(h)
    root.addHandler(handler)
    root.setLevel(level.upper())


class RequestIds:
    """ASGI middleware: each HTTP request and WebSocket gets an id (its ``X-Request-ID`` header if it
    sent a short one, else a new one) and the table of its path, for every line logged while it is
    served; ``access``: an access line per HTTP request."""

    def __init__(self, app: ASGIApp, access: bool = False) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"x-request-id"), "")
        rid = given if re.fullmatch(r"[A-Za-z0-9._-]{1,64}", given) else secrets.token_hex(6)
        m = TABLE_PATH.match(scope.get("path", ""))
        bind(m[1] if m else None, rid)
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        began, status = time.perf_counter(), 0

        async def send_with_id(msg: Message) -> None:
            nonlocal status
            if msg["type"] == "http.response.start":
                status = int(msg["status"])
                msg = {**msg, "headers": [*msg.get("headers", []), (b"x-request-id", rid.encode())]}
            await send(msg)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            if self.access:
                ms = round((time.perf_counter() - began) * 1000, 2)
                log.info("%s %s %s %.1f ms", scope["method"], scope["path"], status, ms,
                         extra={"fields": {"access": True, "method": scope["method"], "path": scope["path"], "status": status, "ms": ms}})
