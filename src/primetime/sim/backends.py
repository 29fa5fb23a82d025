"""Run many bot-only games on one core, a process pool, or a Ray cluster.

A run is a list of independent *game specs* (plain dicts: game, players, one bot name per
seat, seed, options).  :func:`primetime.sim.games.play_game` plays one spec and returns a plain dict;
:func:`run_tasks` maps it over the specs with the chosen backend and returns the results in
the order of the specs.  Every game is seeded by its spec (engine and bots), so a run gives
the same results whatever the backend and the number of workers.

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
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
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


def run_tasks(
    fn: Callable[[Any], Any],
    tasks: Sequence[Any],
    workers: int = 1,
    backend: str = "local",
    progress: Progress | None = None,
    on_result: Callable[[int, Any], None] | None = None,
) -> list[Any]:
    """``[fn(t) for t in tasks]`` on the chosen backend; ``progress(done, total)`` and
    ``on_result(index, result)`` are called as results arrive (in completion order)."""
    check_backend(backend, workers)
    total = len(tasks)
    if backend == "ray":
        return _run_ray(fn, tasks, workers, progress, on_result)
    if workers == 1 or total <= 1:
        out = []
        for i, t in enumerate(tasks):
            out.append(fn(t))
            if on_result is not None:
                on_result(i, out[-1])
            if progress is not None:
                progress(i + 1, total)
        return out
    results: list[Any] = [None] * total
    # fork: workers start at once and need no ``if __name__ == "__main__"`` guard in scripts;
    # they only play games (no locks of the parent are used). spawn where fork is missing.
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(max_workers=min(workers, total), mp_context=ctx) as ex:
        futures = {ex.submit(fn, t): i for i, t in enumerate(tasks)}
        for done, fut in enumerate(as_completed(futures), 1):
            i = futures[fut]
            results[i] = fut.result()
            if on_result is not None:
                on_result(i, results[i])
            if progress is not None:
                progress(done, total)
    return results


def _run_ray(
    fn: Callable[[Any], Any],
    tasks: Sequence[Any],
    workers: int,
    progress: Progress | None,
    on_result: Callable[[int, Any], None] | None = None,
) -> list[Any]:
    import ray

    started = False
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")
        if address:
            ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
            started = True
    try:
        remote = ray.remote(num_cpus=1)(fn)
        refs = [remote.remote(t) for t in tasks]
        index = {ref: i for i, ref in enumerate(refs)}
        results: list[Any] = [None] * len(refs)
        pending = list(refs)
        done = 0
        while pending:
            ready, pending = ray.wait(pending, num_returns=min(len(pending), max(1, len(pending) // 50)), timeout=1.0)
            for ref in ready:
                i = index[ref]
                results[i] = ray.get(ref)
                if on_result is not None:
                    on_result(i, results[i])
            done += len(ready)
            if ready and progress is not None:
                progress(done, len(refs))
        return results
    finally:
        if started:
            ray.shutdown()
