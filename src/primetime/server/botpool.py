"""Bot decisions away from the event loop.

The quick bots (random, greedy: ``QUICK_BOTS``) choose on a copy of the state, on the event loop:
a greedy decision takes about 0.3 ms on average in The Networks and 0.7 ms in Prime Time, and at
most about 12 ms (compiled): less, on average, than handing it to a thread and back costs (and a
thread would hold the interpreter's lock all the same).  The slow ones (searches, trained
policies) choose from the serialised state (the log stripped) in a worker process, so a slow bot
never delays the WebSocket traffic of other tables; the processes start with the first slow
decision.  If the pool breaks, a new one is made; if processes cannot be made at all, a thread is
used instead.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import logging
import multiprocessing
from typing import Any

import msgspec

log = logging.getLogger("primetime.server")

_MASK = (1 << 63) - 1


def bot_levels() -> list[str]:
    try:
        from primetime.bots.registry import known_bots

        return list(known_bots())
    except Exception:  # pragma: no cover - bots package missing
        return ["first"]


def policy_levels(paths: list[str]) -> dict[str, list[str]]:
    """``policy:PATH`` for each trained policy served, with the games it plays; a ``ValueError`` naming the
    problem (a missing file or ``train`` extra, a file that is no policy, a policy of no game served)."""
    from primetime.bots.registry import check_bot
    from primetime.core.plugin import game_names

    out: dict[str, list[str]] = {}
    for path in paths:
        name = check_bot(f"policy:{path}")
        games = []
        for game in game_names():
            try:
                check_bot(name, game)
            except ValueError:
                continue
            games.append(game)
        if not games:
            raise ValueError(f"{name}: a policy of none of the games served ({', '.join(game_names())})")
        out[name] = games
    return out


def bot_seed(table_seed: int, seat: int, seq: int) -> int:
    return (table_seed * 1_000_003 + seat * 7_919 + seq * 104_729) & _MASK


def encode_state(game: Any) -> bytes:
    """The state as bytes, copied now (the live game keeps changing)."""
    data = dict(game.to_json())
    if "log" in data:
        data["log"] = None
    return msgspec.json.encode(data)


#: Bots quick enough to choose on the event loop itself, on a copy of the state: their decision costs
#: less than the hand-off to a thread (``bench/server_load.py``: the hand-off of each greedy decision
#: cost more server CPU than the decision itself saved the loop).  The others (searches, trained
#: policies) choose in processes, from the serialised state.
QUICK_BOTS = frozenset({"random", "greedy", "first"})


def think(game_name: str, payload: bytes, bot_name: str, seed: int, player: int) -> str:
    """Run in a worker: rebuild the state and ask the bot for a key."""
    from primetime.core.game import get_ruleset

    return think_state(game_name, get_ruleset(game_name).from_json(msgspec.json.decode(payload)), bot_name, seed, player)


def think_state(game_name: str, state: Any, bot_name: str, seed: int, player: int) -> str:
    """Ask the bot for a key in ``state`` (a copy of the game's: it may be changed)."""
    from primetime.core.game import get_ruleset

    rs = get_ruleset(game_name)
    if rs.current_player(state) != player:
        rs.focus(state, player)  # a simultaneous decision: the bot answers its own step, whoever is first
    try:
        from primetime.bots.registry import make_bot

        bot = make_bot(bot_name, seed)
    except ImportError:  # pragma: no cover - fallback until a bots package exists
        keys = rs.legal_keys_for(state, player)
        return str(keys[0])
    return str(bot.choose(rs, state, player))


def _watch_parent(parent: int) -> None:
    """Worker initializer: exit when the server process is gone (even after ``kill -9``)."""
    import os
    import threading
    import time

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _warm() -> int:
    from primetime.core.game import get_ruleset

    get_ruleset("networks").new_state(get_ruleset("networks").validate_options({}, 2), 0, 2)
    return 1


class BotPool:
    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: cf.Executor | None = None
        self._threads = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")

    def _make(self) -> cf.Executor:
        if self.workers <= 0:
            return self._threads
        try:
            ctx = multiprocessing.get_context("spawn")
            import os

            pool = cf.ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx, initializer=_watch_parent,
                                          initargs=(os.getpid(),))
            return pool
        except Exception as exc:  # pragma: no cover - platform without processes
            log.warning("bot processes unavailable (%s); bots think in a thread", exc)
            self.workers = 0
            return self._threads

    def start(self) -> None:
        self._pool = self._make()
        if isinstance(self._pool, cf.ProcessPoolExecutor):
            for _ in range(self.workers):
                self._pool.submit(_warm)

    def choose_quick(self, game_name: str, state: Any, bot_name: str, seed: int, player: int) -> str:
        """A quick bot's choice (``QUICK_BOTS``), here on the event loop, on ``state``, a copy of the game's."""
        return think_state(game_name, state, bot_name, seed, player)

    async def choose(self, game_name: str, payload: bytes, bot_name: str, seed: int, player: int) -> str:
        loop = asyncio.get_running_loop()
        if self._pool is None:
            self.start()
        assert self._pool is not None
        try:
            return await loop.run_in_executor(self._pool, think, game_name, payload, bot_name, seed, player)
        except cf.process.BrokenProcessPool:
            log.warning("bot process pool broke; starting a new one")
            self._pool = self._make()
            return await loop.run_in_executor(self._threads, think, game_name, payload, bot_name, seed, player)

    async def run(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in the bots' processes (a top-level function, picklable arguments): long work such as a
        review, off the event loop; in a thread when the pool broke."""
        loop = asyncio.get_running_loop()
        if self._pool is None:
            self.start()
        assert self._pool is not None
        try:
            return await loop.run_in_executor(self._pool, fn, *args)
        except cf.process.BrokenProcessPool:
            log.warning("bot process pool broke; starting a new one")
            self._pool = self._make()
            return await loop.run_in_executor(self._threads, fn, *args)

    def close(self) -> None:
        if self._pool is not None and self._pool is not self._threads:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._threads.shutdown(wait=False, cancel_futures=True)
