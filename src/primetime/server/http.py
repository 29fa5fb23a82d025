"""What every HTTP route shares: the error with a status and a message, the JSON body, the client's address."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from primetime.server.inputs import InputError, parse_json


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
