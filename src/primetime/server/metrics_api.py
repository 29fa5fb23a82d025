"""``GET /metrics`` (see metrics.py): 404 when metrics are off, 403 for an address the operator does not allow."""

from __future__ import annotations

import asyncio

from fastapi import FastAPI, Request
from fastapi.responses import Response

from primetime.server.config import Settings
from primetime.server.http import ApiError, client_address
from primetime.server.hub import Hub
from primetime.server.metrics import Metrics, allow_list, allowed


def add_metrics_route(app: FastAPI, hub: Hub, settings: Settings) -> None:
    """``GET /metrics``: 404 when metrics are off, 403 for an address not allowed."""
    nets = allow_list(settings.metrics_allow)
    if settings.metrics:
        hub.metrics = Metrics(hub.index)

    @app.get("/metrics", include_in_schema=False)
    async def metrics(request: Request) -> Response:
        m = hub.metrics
        if not m.on:
            raise ApiError(404, "metrics are off (start the server with --metrics)")
        if not allowed(client_address(request), nets):
            raise ApiError(403, "metrics are not served to this address (the operator names the allowed ones: --metrics-allow)")
        from prometheus_client import CONTENT_TYPE_LATEST

        m.sample(hub)  # (on the loop: the hub's tables are not read from another thread)
        body = await asyncio.get_running_loop().run_in_executor(None, m.exposition) if m.multiprocess else m.exposition()
        return Response(body, media_type=CONTENT_TYPE_LATEST)
