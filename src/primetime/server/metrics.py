"""``/metrics`` in Prometheus' text format (``prometheus_client``), off unless the operator turns it on
(``--metrics`` or ``PRIMETIME_METRICS=1``), and only for the addresses the operator allows
(``--metrics-allow`` or ``PRIMETIME_METRICS_ALLOW``; default loopback): others get 403, and 404 when it is off.
The address is the one the connection comes from, or what a proxy of ``--forwarded-allow-ips`` reports.

Every figure carries a ``worker`` label (the worker's number, 0 for a single process).  With several
workers the values are kept in ``prometheus_client``'s multiprocess mode (a file per process in
``DATA/metrics``, emptied at start; the supervisor sets ``PROMETHEUS_MULTIPROC_DIR`` before it forks):
whichever worker answers a scrape reads every worker's files, so one scrape shows them all.  Counters and
histograms of a worker that was started again go on from where its previous process left them; gauges
count live processes only (``livesum``: the supervisor marks a dead worker's process dead).

* ``primetime_live_tables`` — running tables this worker holds and owns (their bots and clocks run here)
* ``primetime_sockets`` — open WebSockets of this worker
* ``primetime_actions_total{kind}`` — moves taken: ``act``, ``undo``, ``vote`` (people), ``bot``
* ``primetime_action_seconds{kind}`` — from the message's arrival to its answer (a bot's: its change stored)
* ``primetime_queue_length{queue}`` — ``db`` (calls waiting for the store's threads), ``writes`` (changes
  waiting for the next SQLite transaction), ``bots`` (bot decisions under way or waiting), ``sends``
  (messages queued for sockets)
* ``primetime_bot_seconds{level}`` — time a bot took to choose a move
* ``primetime_errors_total{logger}`` — log records at ERROR or above (failed actions, bot moves, polls…)
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import shutil
import time
from pathlib import Path
from typing import Any

Hub = Any  # (the hub, ``hub.py``: not imported here, which the hub imports)

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
BOT_BUCKETS = (0.001, 0.005, 0.025, 0.1, 0.25, 1.0, 2.5, 10.0, 30.0)
#: How often each worker writes its gauges (a scrape between two writes sees the earlier figures).
GAUGE_INTERVAL = 1.0


def allow_list(text: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """The networks of ``--metrics-allow`` (addresses or networks, comma-separated); a malformed entry is
    a ``ValueError`` naming it."""
    out = []
    for item in (x.strip() for x in text.split(",")):
        if not item:
            continue
        try:
            out.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(f"metrics-allow: {item!r} is not an IP address or network (e.g. 127.0.0.1 or 10.0.0.0/8)") from None
    return out


def allowed(address: str, nets: list[ipaddress.IPv4Network | ipaddress.IPv6Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in net for net in nets)


def prepare_multiprocess(data_dir: Path) -> None:
    """In the supervisor, before any worker starts: an empty folder for the workers' values, named in
    the environment that the workers inherit (``prometheus_client`` reads it when first imported)."""
    path = data_dir / "metrics"
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True, exist_ok=True)
    os.environ[MULTIPROC_ENV] = str(path)


def worker_ended(pid: int) -> None:
    """In the supervisor: a worker process ended (its live gauges no longer count)."""
    if os.environ.get(MULTIPROC_ENV):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)


class _ErrorCounter(logging.Handler):
    def __init__(self, metrics: Metrics) -> None:
        super().__init__(logging.ERROR)
        self.metrics = metrics

    def emit(self, record: logging.LogRecord) -> None:
        self.metrics.errors.labels(self.metrics.worker, record.name).inc()


class Metrics:
    """The figures of one worker (``hub.metrics``); :data:`OFF` when metrics are off."""

    on = True

    def __init__(self, worker: int) -> None:
        from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

        self.worker = str(worker)
        self.multiprocess = bool(os.environ.get(MULTIPROC_ENV))
        self.registry = CollectorRegistry()
        reg, w = self.registry, ["worker"]
        self.live_tables = Gauge("primetime_live_tables", "Running tables held and owned by the worker", w, registry=reg,
                                 multiprocess_mode="livesum")
        self.sockets = Gauge("primetime_sockets", "Open WebSockets of the worker", w, registry=reg, multiprocess_mode="livesum")
        self.queues = Gauge("primetime_queue_length", "Work waiting in the worker's queues", [*w, "queue"], registry=reg,
                            multiprocess_mode="livesum")
        self.actions = Counter("primetime_actions", "Moves taken (people's act, undo, vote; bot)", [*w, "kind"], registry=reg)
        self.latency = Histogram("primetime_action_seconds", "A move's time from its message to its answer", [*w, "kind"],
                                 registry=reg, buckets=LATENCY_BUCKETS)
        self.bot_time = Histogram("primetime_bot_seconds", "Time a bot took to choose a move", [*w, "level"], registry=reg,
                                  buckets=BOT_BUCKETS)
        self.errors = Counter("primetime_errors", "Log records at ERROR or above", [*w, "logger"], registry=reg)
        for kind in ("act", "undo", "vote", "bot"):  # (every series from the start, at 0)
            self.actions.labels(self.worker, kind)
        self.errors.labels(self.worker, "primetime.server")
        self._handler = _ErrorCounter(self)
        logging.getLogger().addHandler(self._handler)

    def close(self) -> None:
        logging.getLogger().removeHandler(self._handler)

    def action(self, kind: str, started: float) -> None:
        """A move of ``kind`` answered; ``started``: ``time.perf_counter()`` at its message."""
        self.actions.labels(self.worker, kind).inc()
        self.latency.labels(self.worker, kind).observe(time.perf_counter() - started)

    def bot(self, level: str, seconds: float) -> None:
        self.bot_time.labels(self.worker, level).observe(seconds)

    def sample(self, hub: Hub) -> None:
        """The gauges, from the hub as it is now."""
        rts = list(hub.rts.values())
        self.live_tables.labels(self.worker).set(sum(1 for rt in rts if rt.meta is not None and rt.meta.status == "running"
                                                     and hub.owns(rt.id)))
        self.sockets.labels(self.worker).set(sum(len(rt.clients) for rt in rts))
        work = getattr(hub.db_pool, "_work_queue", None)
        self.queues.labels(self.worker, "db").set(work.qsize() if work is not None else 0)
        self.queues.labels(self.worker, "writes").set(len(hub.batch.pending) if hub.batch is not None else 0)
        self.queues.labels(self.worker, "bots").set(sum(1 for rt in rts if rt.bot_task is not None and not rt.bot_task.done()))
        self.queues.labels(self.worker, "sends").set(sum(len(c.direct) for rt in rts for c in rt.clients))

    def exposition(self) -> bytes:
        """The text of a scrape (with several workers: every worker's files, read in a thread)."""
        from prometheus_client import CollectorRegistry, generate_latest, multiprocess

        if not self.multiprocess:
            return bytes(generate_latest(self.registry))
        every = CollectorRegistry()
        multiprocess.MultiProcessCollector(every)
        return bytes(generate_latest(every))

    async def sampler(self, hub: Hub) -> None:
        """Write this worker's gauges every :data:`GAUGE_INTERVAL` (another worker may answer the scrape)."""
        while True:
            await asyncio.sleep(GAUGE_INTERVAL)
            try:
                self.sample(hub)
            except Exception:  # a figure is never worth a worker
                logging.getLogger("primetime.metrics").debug("sampling failed", exc_info=True)


class _Off:
    """Metrics turned off: every call does nothing."""

    on = False

    def action(self, kind: str, started: float) -> None:
        pass

    def bot(self, level: str, seconds: float) -> None:
        pass

    def close(self) -> None:
        pass


OFF: Any = _Off()
