"""Run many bot-only games on one core, a process pool, or a Ray cluster.

A run is a list of independent *game specs* (plain dicts: game, players, one bot name per
seat, seed, options).  :func:`primetime.sim.games.play_game` plays one spec and returns a plain dict;
:func:`run_tasks` maps it over the specs with the chosen backend and returns the results in
the order of the specs.  Every game is seeded by its spec (engine and bots), so a run gives
the same results whatever the backend and the number of workers.

With several workers the tasks travel in batches: the first task of each worker goes alone and
is timed where it runs, and the rest go out in batches sized from the time per task measured so
far (a process's first game is slow: it touches the code and the card tables for the first
time, so the estimate is brought up to date by every batch that comes back).  A batch holds at
most ``BATCH_SECONDS`` of work and shrinks towards the end (:func:`batch_size`: each takes a share
of what is left, so the workers finish together); ``IN_FLIGHT`` batches per worker are out at once,
so a worker never waits for its next one.  Thousands of games of a millisecond cost a few dozen
hand-overs to a worker while a search bot's minutes-long game still travels alone.  Results come
back in the order of the tasks (``on_result`` too, unless ``ordered=False``).

Backends:

* ``local`` with ``workers=1``: in this process;
* ``local`` with ``workers>1``: a :class:`concurrent.futures.ProcessPoolExecutor`;
* ``ray``: Ray tasks, connecting to the cluster named by ``RAY_ADDRESS`` or starting a
  local Ray with ``workers`` CPUs (``pip install 'primetime[scale]'``).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

from primetime.sim.errors import SimulationError
from primetime.sim.games import Progress

BACKENDS = ("local", "ray")
H = TypeVar("H")  # a batch's handle on a backend (a future, a Ray object reference)


def check_backend(backend: str, workers: int) -> None:
    if backend not in BACKENDS:
        raise SimulationError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    if workers < 1:
        raise SimulationError("workers must be at least 1")
    if backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            raise SimulationError("the ray backend needs Ray: pip install 'primetime[scale]'") from None


BATCH_SECONDS = 0.25  # a batch of games takes at most about this long on one core
MIN_BATCH_SECONDS = 0.01  # ... and, but for the last ones, at least this long (a hand-over costs ~1 ms)
SHARE = 2  # each batch takes 1/(SHARE * workers) of the tasks still to hand out


IN_FLIGHT = 2  # batches out per worker at once: the one it plays and the next


def batch_size(seconds_per_task: float, left: int, workers: int) -> int:
    """The size of the next batch when ``left`` tasks are still to hand out (guided scheduling).

    A batch takes a share of the tasks not yet handed out, capped at ``BATCH_SECONDS`` of work,
    so the batches shrink towards the end and the last ones are small: the workers finish
    together instead of one idling while another plays a big last batch.  A batch carries at
    least ``MIN_BATCH_SECONDS`` of work, so that the hand-over (pickling, a process round trip:
    about a millisecond) stays small beside it."""
    per = max(seconds_per_task, 1e-6)
    cap = max(1, int(BATCH_SECONDS / per))
    floor = min(cap, max(1, int(MIN_BATCH_SECONDS / per)))
    return min(left, cap, max(floor, -(-left // (SHARE * max(workers, 1)))))


def _run_batch(fn: Callable[[Any], Any], batch: Sequence[Any]) -> tuple[list[Any], float]:
    """``[fn(t) for t in batch]`` and the seconds it took, where it ran."""
    t0 = time.perf_counter()
    out = [fn(t) for t in batch]
    return out, time.perf_counter() - t0


def run_tasks(
    fn: Callable[[Any], Any],
    tasks: Sequence[Any],
    workers: int = 1,
    backend: str = "local",
    progress: Progress | None = None,
    on_result: Callable[[int, Any], None] | None = None,
    ordered: bool = True,
) -> list[Any]:
    """``[fn(t) for t in tasks]`` on the chosen backend, in the order of ``tasks``.

    ``on_result(index, result)`` is called for every result, in the order of the tasks when
    ``ordered`` (a result that finishes early waits for the ones before it), else as soon as its
    batch is back; ``progress(done, total)`` as results arrive.  With several workers each worker's
    first task goes alone, and the others go out in batches sized from the time per task measured
    so far (:class:`_Plan`, :func:`batch_size`): thousands of millisecond games cost a few dozen
    hand-overs, and a slow game (a search bot's) travels alone."""
    check_backend(backend, workers)
    total = len(tasks)
    results: list[Any] = [None] * total
    if total == 0:
        return results
    sink = _Sink(results, total, progress, on_result, ordered)
    if backend == "local" and (workers == 1 or total == 1):
        for i, t in enumerate(tasks):
            sink.put(i, [fn(t)])
        return results
    if backend == "ray":
        _run_ray(fn, tasks, workers, sink)
        return results
    # fork: workers start at once and need no ``if __name__ == "__main__"`` guard in scripts;
    # they only play games (no locks of the parent are used). spawn where fork is missing.
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(max_workers=min(workers, total), mp_context=ctx) as ex:
        _Plan(total, workers).run(lambda start, size: ex.submit(_run_batch, fn, tasks[start:start + size]),
                                  lambda out: wait(out, return_when=FIRST_COMPLETED)[0], Future.result, sink)
    return results


class _Plan:
    """Which tasks go out next: first one per worker, alone; then batches sized from the time per
    task measured so far (:func:`batch_size`), ``IN_FLIGHT`` per worker out at once."""

    def __init__(self, total: int, workers: int) -> None:
        self.total, self.workers = total, max(workers, 1)
        self.handed = 0  # tasks [0, handed) have gone out
        self.out = 0  # batches out
        self.timed, self.seconds = 0, 0.0  # tasks come back and the seconds they took

    def first(self) -> list[tuple[int, int]]:
        """The first wave, as (start, size): one task per worker."""
        n = min(self.workers, self.total)
        self.handed = self.out = n
        return [(i, 1) for i in range(n)]

    def back(self, size: int, seconds: float) -> list[tuple[int, int]]:
        """A batch of ``size`` tasks came back after ``seconds`` of work: the batches to send now."""
        self.out -= 1
        self.timed += size
        self.seconds += seconds
        per = self.seconds / self.timed
        new: list[tuple[int, int]] = []
        while self.handed < self.total and self.out < IN_FLIGHT * self.workers:
            n = batch_size(per, self.total - self.handed, self.workers)
            new.append((self.handed, n))
            self.handed += n
            self.out += 1
        return new

    def run(self, submit: Callable[[int, int], H], finished: Callable[[list[H]], Iterable[H]],
            result: Callable[[H], tuple[list[Any], float]], sink: _Sink) -> None:
        """Hand out every task and put the results in ``sink``: ``submit(start, size)`` sends a batch
        (the tasks ``start`` to ``start + size``) and returns its handle, ``finished(handles)`` waits
        until some of them are done and returns those, ``result(handle)`` is a batch's results and
        the seconds it took (:func:`_run_batch`)."""
        out: dict[H, tuple[int, int]] = {}
        ready = self.first()
        while ready or out:
            for start, size in ready:
                out[submit(start, size)] = (start, size)
            ready = []
            for h in finished(list(out)):
                start, size = out.pop(h)
                batch, seconds = result(h)
                sink.put(start, batch)
                ready += self.back(size, seconds)


class _Sink:
    """Where finished batches land: the result list, the progress callback and ``on_result``
    (in task order when ``ordered``: results past a gap wait until it is filled)."""

    def __init__(self, results: list[Any], total: int, progress: Progress | None,
                 on_result: Callable[[int, Any], None] | None, ordered: bool) -> None:
        self.results, self.total, self.progress, self.on_result, self.ordered = results, total, progress, on_result, ordered
        self.done = 0
        self.next = 0  # with ``ordered``: the first task whose result has not been handed on
        self.filled = [False] * total

    def put(self, start: int, batch: list[Any]) -> None:
        for k, r in enumerate(batch):
            self.results[start + k] = r
            self.filled[start + k] = True
            if self.on_result is not None and not self.ordered:
                self.on_result(start + k, r)
        if self.on_result is not None and self.ordered:
            while self.next < self.total and self.filled[self.next]:
                self.on_result(self.next, self.results[self.next])
                self.next += 1
        self.done += len(batch)
        if self.progress is not None:
            self.progress(self.done, self.total)


RAY_WAY_OUT = "Start one there with `ray start --head` (see the README), or unset RAY_ADDRESS to start a local Ray"


def _check_reachable(address: str) -> None:
    """Fail at once, with a message, when ``RAY_ADDRESS`` is ``host:port`` and nothing listens there
    (Ray itself would retry for minutes)."""
    import socket

    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit() or "://" in host or not host:
        return  # "auto", "ray://...": Ray's own forms
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
    except OSError as exc:
        raise SimulationError(f"cannot reach the Ray cluster at RAY_ADDRESS={address} ({exc.strerror or exc}). {RAY_WAY_OUT}") from None


def _run_ray(fn: Callable[[Any], Any], tasks: Sequence[Any], workers: int, sink: _Sink) -> None:
    import ray

    started = False  # connected (to RAY_ADDRESS) or started (a local Ray) here: disconnected or stopped at the end
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")
        if address:
            _check_reachable(address)
            try:
                ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
            except (ConnectionError, RuntimeError) as exc:  # no cluster there, or one that refuses us
                first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                raise SimulationError(f"cannot join the Ray cluster at RAY_ADDRESS={address}: {first}. {RAY_WAY_OUT}") from None
        else:
            ray.init(num_cpus=workers, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
        started = True
    try:
        batched = ray.remote(num_cpus=1)(_run_batch)
        fn_ref = ray.put(fn)
        plan = _Plan(len(tasks), max(workers, int(ray.cluster_resources().get("CPU", workers))))
        get: Callable[[Any], tuple[list[Any], float]] = ray.get  # (Ray's own types are loose)
        plan.run(lambda start, size: batched.remote(fn_ref, tasks[start:start + size]),
                 lambda out: ray.wait(out, num_returns=1, timeout=1.0)[0], get, sink)
    finally:
        if started:
            ray.shutdown()
