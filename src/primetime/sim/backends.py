"""Run many bot-only games on one core, a process pool, or a Ray cluster.

A run is a list of independent *game specs* (plain dicts: game, players, one bot name per
seat, seed, options).  :func:`primetime.sim.games.play_game` plays one spec and returns a plain dict;
:func:`run_tasks` maps it over the specs with the chosen backend and returns the results in
the order of the specs.  Every game is seeded by its spec (engine and bots), so a run gives
the same results whatever the backend and the number of workers.

With several workers the tasks travel in batches: the first task of each worker goes alone
and is timed where it runs, and the rest go out in batches of at most ``BATCH_SECONDS`` of work
that shrink towards the end (:func:`batch_sizes`: each takes a share of what is left, so the
workers finish together), so thousands of games of a millisecond each cost a few dozen
hand-overs to a worker while a search bot's minutes-long game still travels alone.  Results come back in
the order of the tasks (``on_result`` too, unless ``ordered=False``).

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
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from primetime.sim.errors import SimulationError
from primetime.sim.games import Progress

BACKENDS = ("local", "ray")


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


def batch_sizes(seconds_per_task: float, total: int, workers: int) -> list[int]:
    """The sizes of the batches that carry ``total`` tasks, in order (guided scheduling).

    Each batch takes a share of the tasks not yet handed out, capped at ``BATCH_SECONDS`` of
    work, so the batches shrink towards the end and the last ones are small: the workers finish
    together instead of one idling while another plays a big last batch.  A batch carries at
    least ``MIN_BATCH_SECONDS`` of work, so that the hand-over (pickling, a process round trip:
    about a millisecond) stays small beside it."""
    per = max(seconds_per_task, 1e-6)
    cap = max(1, int(BATCH_SECONDS / per))
    floor = min(cap, max(1, int(MIN_BATCH_SECONDS / per)))
    sizes: list[int] = []
    left = total
    while left > 0:
        size = min(left, cap, max(floor, -(-left // (SHARE * max(workers, 1)))))
        sizes.append(size)
        left -= size
    return sizes


def _run_batch(fn: Callable[[Any], Any], batch: Sequence[Any]) -> list[Any]:
    return [fn(t) for t in batch]


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
    batch is back; ``progress(done, total)`` as results arrive.  With several workers the first
    task is played here and timed, and the others go out in batches sized from that timing
    (:func:`batch_sizes`): thousands of millisecond games cost a few dozen hand-overs, and a
    slow game (a search bot's) travels alone."""
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
        plan = _Plan(tasks, workers)
        futures: dict[Future[Any], int] = {ex.submit(_run_timed, fn, tasks[i]): i for i in plan.first}
        while futures:
            finished, _ = wait(futures, return_when=FIRST_COMPLETED)
            for fut in finished:
                start = futures.pop(fut)
                out = fut.result()
                if isinstance(out, tuple):  # a task of the first, timed wave
                    result, seconds = out
                    sink.put(start, [result])
                    for i, batch in plan.rest(seconds):
                        futures[ex.submit(_run_batch, fn, batch)] = i
                else:
                    sink.put(start, out)
    return results


def _run_timed(fn: Callable[[Any], Any], task: Any) -> tuple[Any, float]:
    t0 = time.perf_counter()
    result = fn(task)
    return result, time.perf_counter() - t0


class _Plan:
    """The first wave (one task per worker, timed in the worker), then the other tasks in
    batches sized from the first timing that comes back."""

    def __init__(self, tasks: Sequence[Any], workers: int) -> None:
        self.tasks = tasks
        self.first = range(min(workers, len(tasks)))
        self.workers = workers
        self.sent = False

    def rest(self, seconds: float) -> list[tuple[int, Sequence[Any]]]:
        if self.sent:
            return []
        self.sent = True
        out: list[tuple[int, Sequence[Any]]] = []
        begin = len(self.first)
        for size in batch_sizes(seconds, len(self.tasks) - begin, self.workers):
            out.append((begin, self.tasks[begin:begin + size]))
            begin += size
        return out


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


def _run_ray(fn: Callable[[Any], Any], tasks: Sequence[Any], workers: int, sink: _Sink) -> None:
    import ray

    started = False  # connected (to RAY_ADDRESS) or started (a local Ray) here: disconnected or stopped at the end
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")
        if address:
            ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
        started = True
    try:
        timed = ray.remote(num_cpus=1)(_run_timed)
        batched = ray.remote(num_cpus=1)(_run_batch)
        fn_ref = ray.put(fn)
        plan = _Plan(tasks, max(workers, int(ray.cluster_resources().get("CPU", workers))))
        index: dict[Any, int] = {timed.remote(fn_ref, tasks[i]): i for i in plan.first}
        while index:
            ready, _ = ray.wait(list(index), num_returns=1, timeout=1.0)
            for ref in ready:
                start = index.pop(ref)
                out = ray.get(ref)
                if isinstance(out, tuple):
                    result, seconds = out
                    sink.put(start, [result])
                    for i, batch in plan.rest(seconds):
                        index[batched.remote(fn_ref, batch)] = i
                else:
                    sink.put(start, out)
    finally:
        if started:
            ray.shutdown()
