"""What every HTTP route shares: the error with a status and a message, the JSON body, the client's address,
and the guard in front of the application (body limits, JSON-only writes, security headers, Secure cookies)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from fastapi import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from primetime.server.inputs import InputError, parse_json

if TYPE_CHECKING:
    from primetime.server.config import Settings
    from primetime.server.hub import Hub


class ApiError(Exception):
    """A refusal: its HTTP status and a message that names the problem and the fix."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


async def body(request: Request) -> dict[str, Any]:
    """The JSON object of a request body (bounded: ``inputs.parse_json``), or a 400 saying what is wrong."""
    raw = await request.body()
    data = parse_json(raw, what="the request body")
    if not isinstance(data, dict):
        raise InputError("the request body must be a JSON object")
    return data


def client_address(request: Request) -> str:
    """Who a rate limit counts: the address the connection comes from, or, when it comes from a proxy
    named in ``forwarded_allow_ips``, the client's address as that proxy reports it (``X-Forwarded-For``,
    read by uvicorn's proxy middleware, which the server turns on for the named proxies only)."""
    return request.client.host if request.client else "unknown"


def secure_cookies(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """Response headers whose cookies are all marked ``Secure`` (sent back over HTTPS only)."""
    out = []
    for name, value in headers:
        if name.lower() == b"set-cookie" and b"secure" not in [p.strip().lower() for p in value.split(b";")[1:]]:
            value += b"; Secure"
        out.append((name, value))
    return out


class Guard:
    """Body size limits, JSON-only POSTs (so no cross-site form can post) and security headers."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings
        self.hub: Hub | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        method: str = scope["method"]
        limit = self.settings.max_record if path == "/api/records" else 16_384
        headers = {k.decode().lower(): v.decode() for k, v in scope.get("headers", [])}
        if method in ("POST", "PUT", "PATCH", "DELETE") and path.startswith("/api/"):
            ctype = headers.get("content-type", "")
            if not ctype.startswith("application/json"):
                await _send_json(send, 415, {"error": "send JSON (Content-Type: application/json)"})
                return
            try:
                if int(headers.get("content-length", "0")) > limit:
                    await _send_json(send, 413, {"error": f"request too large (limit {limit} bytes)"})
                    return
            except ValueError:
                await _send_json(send, 400, {"error": "bad Content-Length"})
                return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            msg = await receive()
            if msg["type"] == "http.request":
                received += len(msg.get("body", b""))
                if received > limit:
                    raise ApiError(413, f"request too large (limit {limit} bytes)")
            return msg

        async def secure_send(msg: Message) -> None:
            if msg["type"] == "http.response.start":
                hs = list(msg.get("headers", []))
                hs += [
                    (b"x-content-type-options", b"nosniff"),
                    (b"x-frame-options", b"DENY"),
                    (b"referrer-policy", b"same-origin"),
                    (b"content-security-policy",
                     b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; "
                     b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
                ]
                if scope.get("scheme") == "https":  # served over HTTPS (or through a named proxy that says so)
                    hs = secure_cookies(hs)
                msg = {**msg, "headers": hs}
            await send(msg)

        try:
            await self.app(scope, limited_receive, secure_send)
        except ApiError as exc:
            await _send_json(send, exc.status, {"error": exc.message})


async def _send_json(send: Send, status: int, body: dict[str, Any]) -> None:
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})
