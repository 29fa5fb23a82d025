"""Tables in memory: one runtime per table, kept in step with the store.

Every change to a table goes through :meth:`Hub.mutate`: under the table's lock (one
change at a time in this process) a write transaction locks the stored row (other
processes wait), brings the in-memory game up to the stored version, lets the engine
check the change, stores it and commits.  Only then is the change acknowledged and
published to the connected browsers.  If anything fails after the in-memory game was
touched, the runtime is marked stale and rebuilt from the store on next use.

Other processes' changes arrive by PostgreSQL notification (only a wake-up: the
runtime re-reads by version) and by a periodic poll, so a lost notification only
delays an update.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from primetime.core.errors import GameError, StaleStateError
from primetime.core.game import Game, get_ruleset
from primetime.core.plugin import get_plugin
from primetime.core.rng import Rng
from primetime.server import botpool
from primetime.server.config import Settings
from primetime.server.gamestate import apply_tracked, build_game, undo_refusal
from primetime.server.messages import state_message
from primetime.server.runtime import (
    GAME,
    GAMES,
    MAX_SEATS,
    Client,
    GroupSync,
    Runtime,
    bot_name,
    game_levels,
    hash_secret,
    new_id,
    new_secret,
)
from primetime.server.store import NOTIFY_CHANNEL, ConflictError, SeatRow, Store, TableRow, Tx

log = logging.getLogger("primetime.server")
R = TypeVar("R")

_JITTER = Rng(int.from_bytes(os.urandom(8), "little"))  # pacing only, never game randomness


class Hub:
    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.rts: dict[str, Runtime] = {}
        workers = 1 if store.kind == "sqlite" else 4
        self.db_pool = cf.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="db")
        self.bots = botpool.BotPool(settings.bot_workers)
        self.loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._stopping = threading.Event()
        self._listener: threading.Thread | None = None
        self.levels = botpool.bot_levels()
        self._broken: set[str] = set()
        self.group = GroupSync(store.flush) if store.group_commit else None

    # -------------------------------------------------------------- lifecycle
    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.bots.start()
        for tid in await self.db(self.store.running_table_ids):
            try:
                rt = await self.get(tid)
            except Exception:  # one unreadable game must not keep the others down
                log.exception("cannot load table %s", tid)
                continue
            if rt is not None:
                self.kick(rt)
        self._spawn(self._poller())
        if self.store.kind == "postgresql" and self.settings.listen:
            self._listener = threading.Thread(target=self._listen, name="pg-listen", daemon=True)
            self._listener.start()

    async def stop(self) -> None:
        self._stopping.set()
        for task in list(self._tasks):
            task.cancel()
        for rt in self.rts.values():
            if rt.bot_task is not None:
                rt.bot_task.cancel()
        self.bots.close()
        if self.group is not None:
            self.group.close()
        self.db_pool.shutdown(wait=False, cancel_futures=True)

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def db(self, fn: Callable[..., R], *args: Any) -> R:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, fn, *args)

    async def durable(self) -> None:
        """Wait until every commit made so far is on disk (group commit; a no-op where commits are)."""
        if self.group is not None:
            await self.group.wait(self.group.committed())

    async def write(self, fn: Callable[..., R], *args: Any) -> R:
        """A write through the store, durable when this returns."""
        out = await self.db(fn, *args)
        await self.durable()
        return out

    # -------------------------------------------------------------- runtimes
    async def get(self, table_id: str) -> Runtime | None:
        rt = self.rts.get(table_id)
        if rt is None:
            rt = Runtime(table_id)
            async with rt.lock:
                ok = await self.db(self._load, rt)
            if not ok:
                return None
            rt = self.rts.setdefault(table_id, rt)
        rt.last_used = time.monotonic()
        return rt

    def _load(self, rt: Runtime) -> bool:
        def go(tx: Tx) -> bool:
            t = tx.table(rt.id)
            if t is None:
                return False
            rt.sync(tx, t)
            return True

        return self.store.read(go)

    async def refresh(self, rt: Runtime, min_version: int | None = None) -> None:
        """Re-read the table if the store has a newer version, then publish."""
        async with rt.lock:
            if min_version is not None and rt.version >= min_version and not rt.stale:
                return
            before = rt.version
            try:
                await self.db(self._load, rt)
            except Exception:
                rt.stale = True
                log.exception("cannot refresh table %s", rt.id)
                return
            changed = rt.version != before
            if changed:
                rt.ts = time.time()
                self._publish_locked(rt)
        if changed:
            self.kick(rt)

    async def mutate(self, rt: Runtime, fn: Callable[[Tx, Runtime, TableRow], R]) -> R:
        """Run ``fn`` on the locked, up-to-date table in a write transaction; publish after commit."""
        async with rt.lock:
            rt.ts = time.time()

            def work() -> R:
                def go(tx: Tx) -> R:
                    t = tx.lock_table(rt.id)
                    rt.sync(tx, t)
                    try:
                        out = fn(tx, rt, t)
                    except (GameError, ConflictError):
                        raise
                    except BaseException:
                        rt.stale = True
                        raise
                    return out

                try:
                    out = self.store.write(go)
                except (GameError, ConflictError):
                    raise
                except BaseException:
                    rt.stale = True
                    raise
                # committed: ``fn`` left the new row in rt.meta via tx.bump bookkeeping
                return out

            out = await self.db(work)
            await self.durable()  # on disk before anyone hears of it
            self._publish_locked(rt)
        self.kick(rt)
        return out

    # -------------------------------------------------------------- publishing
    def _publish_locked(self, rt: Runtime) -> None:
        rt.cache = {}
        rt.cache_version = rt.version
        for c in list(rt.clients):
            c.wake.set()

    def message_for(self, rt: Runtime, seat: int | None) -> str:
        """The state message for ``seat`` (call with the table lock held or from the loop)."""
        if rt.cache_version != rt.version:
            rt.cache = {}
            rt.cache_version = rt.version
        msg = rt.cache.get(seat)
        if msg is None:
            msg = rt.cache[seat] = state_message(self, rt, seat)
        return msg

    async def attach(self, rt: Runtime, client: Client) -> None:
        rt.clients.add(client)
        client.wake.set()

    def detach(self, rt: Runtime, client: Client) -> None:
        rt.clients.discard(client)

    async def sender(self, rt: Runtime, client: Client) -> None:
        """Send ``client`` its direct messages and the newest state, forever."""
        while True:
            await client.wake.wait()
            client.wake.clear()
            while client.direct:
                await client.send(client.direct.pop(0))
            if client.sent_version != rt.version and not rt.stale:
                async with rt.lock:
                    version = rt.version
                    text = self.message_for(rt, client.seat)
                client.sent_version = version
                await client.send(text)

    # -------------------------------------------------------------- bots
    def kick(self, rt: Runtime) -> None:
        """Start the bot whose decision is pending, if any."""
        if self.loop is None or self._stopping.is_set():
            return
        if rt.bot_task is not None and not rt.bot_task.done():
            return
        if not self._bot_to_move(rt):
            return
        rt.bot_task = self.loop.create_task(self._bot_move(rt))

    def _bot_to_move(self, rt: Runtime) -> SeatRow | None:
        t, g = rt.meta, rt.game
        if t is None or g is None or t.status != "running" or rt.stale or g.is_over():
            return None
        p = g.current_player()
        if p is None or p >= len(t.seats):
            return None
        s = t.seats[p]
        return s if s.kind == "bot" else None

    async def _bot_move(self, rt: Runtime) -> None:
        try:
            if self.settings.bot_delay > 0:  # a little variation, so bots feel less mechanical
                await asyncio.sleep(self.settings.bot_delay * (0.75 + _JITTER.below(501) / 1000))
            async with rt.lock:
                s = self._bot_to_move(rt)
                if s is None or rt.game is None or rt.meta is None:
                    return
                seq = rt.game.seq
                payload = botpool.encode_state(rt.game)
                level = s.bot or "greedy"
                seed = botpool.bot_seed(rt.meta.seed, s.seat, seq)
                seat = s.seat
                game_name = rt.meta.game
            key = await self.bots.choose(game_name, payload, level, seed, seat)
            try:
                await self.mutate(rt, lambda tx, rt_, t: self._act(tx, rt_, t, seat, key, seq, None, True))
            except (GameError, ConflictError) as exc:
                log.debug("bot move on %s dropped: %s", rt.id, exc)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot move failed on table %s", rt.id)
            await asyncio.sleep(1.0)
        finally:
            rt.bot_task = None
        self.kick(rt)

    # -------------------------------------------------------------- cross-process
    def _listen(self) -> None:
        import psycopg

        url = self.store.url  # type: ignore[attr-defined]
        while not self._stopping.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    while not self._stopping.is_set():
                        for n in conn.notifies(timeout=1.0):
                            if self.loop is not None:
                                self.loop.call_soon_threadsafe(self._on_notify, n.payload)
            except Exception as exc:
                if self._stopping.is_set():
                    return
                log.warning("notification listener: %s; reconnecting", exc)
                time.sleep(1.0)

    def _on_notify(self, payload: str) -> None:
        tid, _, v = payload.rpartition(":")
        rt = self.rts.get(tid)
        if rt is None:
            return
        try:
            version = int(v)
        except ValueError:
            return
        if version > rt.version:
            self._spawn(self.refresh(rt, version))

    async def _poller(self) -> None:
        n = 0
        while True:
            await asyncio.sleep(self.settings.poll_interval)
            n += 1
            try:
                ids = list(self.rts)
                versions = await self.db(self.store.versions, ids)
                for tid, v in versions.items():
                    rt = self.rts.get(tid)
                    if rt is not None and (v > rt.version or rt.stale):
                        await self.refresh(rt, v)
                    elif rt is not None:
                        self.kick(rt)
                if n % 10 == 0:
                    for tid in await self.db(self.store.running_table_ids):
                        if tid not in self.rts and tid not in self._broken:
                            try:
                                rt2 = await self.get(tid)
                            except Exception:
                                self._broken.add(tid)
                                log.exception("cannot load table %s", tid)
                                continue
                            if rt2 is not None:
                                self.kick(rt2)
                    self._evict()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("poll failed")

    def _evict(self) -> None:
        now = time.monotonic()
        for tid, rt in list(self.rts.items()):
            if rt.clients or (rt.bot_task is not None and not rt.bot_task.done()) or rt.lock.locked():
                continue
            if self._bot_to_move(rt) is not None:
                continue
            if now - rt.last_used > 600:
                del self.rts[tid]

    # ================================================================ operations (worker thread)
    @staticmethod
    def _seat_of(t: TableRow, seat: int, secret_hash: str | None) -> SeatRow:
        if not 0 <= seat < len(t.seats):
            raise ConflictError("no such seat")
        s = t.seats[seat]
        if s.kind != "human" or not secret_hash or not s.secret_hash or not secrets.compare_digest(s.secret_hash, secret_hash):
            raise ConflictError("you do not hold this seat (any more)")
        return s

    def _act(self, tx: Tx, rt: Runtime, t: TableRow, seat: int, key: str, expected_seq: int | None,
             secret_hash: str | None, by_bot: bool = False) -> int:
        if t.status != "running" or rt.game is None:
            raise ConflictError("the game is not in progress")
        if by_bot:
            if not (0 <= seat < len(t.seats)) or t.seats[seat].kind != "bot":
                raise ConflictError("that seat is not a bot")
        else:
            self._seat_of(t, seat, secret_hash)
        game = rt.game
        game.check(seat, key, expected_seq)  # typed errors; nothing changed yet
        mark = apply_tracked(game, seat, key, expected_seq)
        rt.marks.append(mark)
        tx.execute("INSERT INTO actions (table_id, seq, key, seat, at) VALUES (?, ?, ?, ?, ?)",
                   (t.id, game.seq - 1, key, seat, time.time()))
        cols: dict[str, Any] = {"nactions": game.seq, "acted": time.time()}
        if game.is_over():
            cols["status"] = "finished"
            cols["result"] = game.result()
        if t.votes:
            tx.execute("DELETE FROM votes WHERE table_id = ? AND target = ?", (t.id, seat))
            t.votes = {v for v in t.votes if v[0] != seat}
        self._finish(tx, rt, t, **cols)
        return game.seq

    def _finish(self, tx: Tx, rt: Runtime, t: TableRow, epoch: bool = False, **cols: Any) -> int:
        """Store the new version and make ``t`` the runtime's meta."""
        version = tx.bump(t.id, epoch=epoch, **cols)
        for k, v in cols.items():
            setattr(t, k, v)
        t.version = version
        t.updated = time.time()
        if epoch:
            t.epoch += 1
        rt.meta = t
        rt.version = version
        rt.epoch = t.epoch
        return version

    # ================================================================ public operations
    async def act(self, rt: Runtime, seat: int, key: str, expected_seq: int | None, secret_hash: str | None) -> int:
        return await self.mutate(rt, lambda tx, rt_, t: self._act(tx, rt_, t, seat, key, expected_seq, secret_hash))

    async def undo(self, rt: Runtime, seat: int, expected_seq: int | None, secret_hash: str | None) -> int:
        def fn(tx: Tx, rt_: Runtime, t: TableRow) -> int:
            if t.status != "running":
                raise ConflictError("the game is not in progress")
            self._seat_of(t, seat, secret_hash)
            game = rt_.game
            if expected_seq is not None and game is not None and expected_seq != game.seq:
                raise StaleStateError(f"undo asked at version {expected_seq}, but the game is at version {game.seq}")
            reason = undo_refusal(game, rt_.marks, seat)
            if reason:
                raise ConflictError(f"cannot undo: {reason}")
            assert game is not None
            n = game.seq - 1
            tx.execute("DELETE FROM actions WHERE table_id = ? AND seq >= ?", (t.id, n))
            keys = game.actions[:n]
            self._finish(tx, rt_, t, epoch=True, nactions=n, acted=time.time())
            rt_.game, rt_.marks = build_game(t, [(i, k, m.seat) for i, (k, m) in enumerate(zip(keys, rt_.marks, strict=False))])
            return n

        return await self.mutate(rt, fn)

    async def join(self, rt: Runtime, user: dict[str, Any], seat: int | None) -> tuple[int, str]:
        secret = new_secret()

        def fn(tx: Tx, rt_: Runtime, t: TableRow) -> tuple[int, str]:
            if t.status != "open":
                raise ConflictError("this game has already started")
            if any(s.user_id == user["id"] for s in t.seats if s.kind == "human"):
                raise ConflictError("you already have a seat at this table")
            free = [s for s in t.seats if s.kind == "open" and (seat is None or s.seat == seat)]
            if not free:
                raise ConflictError("no free seat")
            s = free[0]
            s.kind, s.user_id, s.name, s.bot = "human", user["id"], user["name"], None
            s.secret_hash, s.left = hash_secret(secret), False
            tx.set_seat(t.id, s)
            self._finish(tx, rt_, t)
            return s.seat, secret

        return await self.mutate(rt, fn)

    async def leave(self, rt: Runtime, user_id: str, secret_hash: str | None) -> str:
        def fn(tx: Tx, rt_: Runtime, t: TableRow) -> str:
            mine = [s for s in t.seats if s.kind == "human" and s.user_id == user_id]
            if not mine:
                raise ConflictError("you have no seat at this table")
            s = mine[0]
            if t.status == "open":
                s.kind, s.user_id, s.name, s.secret_hash, s.left = "open", None, None, None, False
                tx.set_seat(t.id, s)
                cols: dict[str, Any] = {}
                humans = [x for x in t.seats if x.kind == "human"]
                if t.owner == user_id:
                    cols["owner"] = humans[0].user_id if humans else None
                if not humans:
                    cols["status"] = "abandoned"
                self._finish(tx, rt_, t, **cols)
                return "left"
            if t.status != "running":
                raise ConflictError("the game is over")
            s.left = True
            others = [x for x in t.seats if x.kind == "human" and not x.left]
            if not others:
                self._to_bot(tx, t, s)
                self._finish(tx, rt_, t)
                return "replaced"
            tx.set_seat(t.id, s)
            self._finish(tx, rt_, t)
            return "left"

        return await self.mutate(rt, fn)

    async def rejoin(self, rt: Runtime, user_id: str) -> tuple[int, str]:
        secret = new_secret()

        def fn(tx: Tx, rt_: Runtime, t: TableRow) -> tuple[int, str]:
            mine = [s for s in t.seats if s.kind == "human" and s.user_id == user_id]
            if not mine:
                raise ConflictError("you have no seat to come back to")
            s = mine[0]
            s.left = False
            s.secret_hash = hash_secret(secret)
            tx.set_seat(t.id, s)
            tx.execute("DELETE FROM votes WHERE table_id = ? AND target = ?", (t.id, s.seat))
            t.votes = {v for v in t.votes if v[0] != s.seat}
            self._finish(tx, rt_, t)
            return s.seat, secret

        return await self.mutate(rt, fn)

    @staticmethod
    def _to_bot(tx: Tx, t: TableRow, s: SeatRow, level: str = "greedy") -> None:
        s.kind, s.bot, s.secret_hash, s.left = "bot", level, None, True
        tx.set_seat(t.id, s)
        tx.execute("DELETE FROM votes WHERE table_id = ? AND target = ?", (t.id, s.seat))
        t.votes = {v for v in t.votes if v[0] != s.seat}

    async def vote(self, rt: Runtime, voter: int, target: int, secret_hash: str | None) -> str:
        idle = self.settings.idle_replace_after

        def fn(tx: Tx, rt_: Runtime, t: TableRow) -> str:
            if t.status != "running":
                raise ConflictError("the game is not in progress")
            self._seat_of(t, voter, secret_hash)
            if target == voter:
                raise ConflictError("you cannot vote to replace yourself; leave the table instead")
            if target not in rt_.replaceable(idle):
                raise ConflictError("that player has neither left nor been idle on their turn long enough to be replaced")
            if (target, voter) not in t.votes:
                tx.execute("INSERT INTO votes (table_id, target, voter) VALUES (?, ?, ?)", (t.id, target, voter))
                t.votes.add((target, voter))
            others = [s.seat for s in t.seats if s.kind == "human" and not s.left and s.seat != target]
            if all((target, o) in t.votes for o in others):
                self._to_bot(tx, t, t.seats[target])
                self._finish(tx, rt_, t)
                return "replaced"
            self._finish(tx, rt_, t)
            return "voted"

        return await self.mutate(rt, fn)

    async def set_seat(self, rt: Runtime, user_id: str, seat: int, kind: str, level: str | None) -> None:
        levels = self.levels

        def fn(tx: Tx, rt_: Runtime, t: TableRow) -> None:
            if t.status != "open":
                raise ConflictError("the game has already started")
            if t.owner != user_id:
                raise ConflictError("only the table's host can change seats")
            if not 0 <= seat < len(t.seats):
                raise ConflictError("no such seat")
            s = t.seats[seat]
            if s.kind == "human":
                raise ConflictError("that seat is taken by a player")
            if kind == "bot":
                if level not in game_levels(t.game, levels):
                    raise ConflictError(f"unknown bot level {level!r}")
                s.kind, s.bot, s.name = "bot", level, bot_name(seat, level)
            elif kind == "open":
                s.kind, s.bot, s.name = "open", None, None
            else:
                raise ConflictError("a seat is 'open' or 'bot'")
            tx.set_seat(t.id, s)
            self._finish(tx, rt_, t)

        await self.mutate(rt, fn)

    async def start_game(self, rt: Runtime, user_id: str, fill_bots: bool) -> None:
        def fn(tx: Tx, rt_: Runtime, t: TableRow) -> None:
            if t.status != "open":
                raise ConflictError("the game has already started")
            if t.owner != user_id:
                raise ConflictError("only the table's host can start the game")
            empty = [s for s in t.seats if s.kind == "open"]
            if empty and not fill_bots:
                raise ConflictError("some seats are still empty: wait for friends or fill them with bots")
            for s in empty:
                s.kind, s.bot, s.name = "bot", "greedy", bot_name(s.seat, "greedy")
                tx.set_seat(t.id, s)
            players = [s.name or f"Player {s.seat + 1}" for s in t.seats]
            try:
                Game.new(t.game, players, t.seed, dict(t.options))
            except ValueError as exc:
                raise ConflictError(str(exc)) from None
            t.players = players
            self._finish(tx, rt_, t, status="running", players=players, acted=time.time())
            rt_.game, rt_.marks = build_game(t, [])

        await self.mutate(rt, fn)

    # ================================================================ creation
    def validate_options(self, options: dict[str, Any], nseats: int, game: str = GAME) -> dict[str, Any]:
        if game not in GAMES:
            raise ConflictError(f"unknown game {game!r}; this server offers {', '.join(GAMES)}")
        clean = {k: options[k] for k in get_plugin(game).option_names() if k in options}
        try:
            return dict(get_ruleset(game).validate_options(clean, nseats))
        except ValueError as exc:
            raise ConflictError(str(exc)) from None

    async def create_table(self, user: dict[str, Any], name: str, seats: list[str], options: dict[str, Any],
                           game: str = GAME) -> tuple[str, str]:
        """``seats`` after the host's: ``"open"`` or ``"bot:<level>"``.  Returns (table id, seat secret)."""
        n = 1 + len(seats)
        if not 1 <= n <= MAX_SEATS:
            raise ConflictError(f"a table has 1 to {MAX_SEATS} players")
        opts = self.validate_options(options, n, game)
        levels = game_levels(game, self.levels)
        secret = new_secret()
        rows = [SeatRow(0, "human", user["id"], user["name"], None, hash_secret(secret))]
        for i, spec in enumerate(seats, start=1):
            if spec == "open":
                rows.append(SeatRow(i, "open"))
            elif spec.startswith("bot:") and spec[4:] in levels:
                rows.append(SeatRow(i, "bot", None, bot_name(i, spec[4:]), spec[4:]))
            else:
                raise ConflictError(f"seat {i + 1}: say 'open' or one of {', '.join('bot:' + lv for lv in levels)}")
        now = time.time()
        tid = new_id()
        t = TableRow(tid, name, game, user["id"], "open", opts, secrets.randbelow(1 << 62), n, None, 1, 0, 0, None,
                     False, now, now, seats=rows)
        await self.write(self.store.create_table, t, None)
        return tid, secret

    async def import_record(self, rec: dict[str, Any], owner: str | None) -> str:
        """Store a (validated) record as a finished table that can be replayed."""
        from primetime.core.game import replay_record

        def build() -> tuple[TableRow, list[tuple[str, int]]]:
            game = replay_record(rec)
            marks_seats = []
            g2 = Game.new(rec["game"], list(rec["players"]), int(rec["seed"]), dict(rec.get("options") or {}))
            for key in rec["actions"]:
                marks_seats.append((key, int(g2.current_player() or 0)))
                g2.apply(None, key)
            now = time.time()
            names = [str(x)[:40] for x in rec["players"]]
            seats = [SeatRow(i, "bot", None, nm, "imported") for i, nm in enumerate(names)]
            t = TableRow(new_id(), "Imported: " + ", ".join(names)[:60], rec["game"], owner, "finished",
                         dict(game.header["options"]), int(rec["seed"]), len(names), names, 1, 0, game.seq,
                         game.result() if game.is_over() else None, True, now, now, seats=seats)
            return t, marks_seats

        t, acts = await asyncio.get_running_loop().run_in_executor(None, build)
        await self.write(self.store.create_table, t, acts)
        return t.id
