"""What each change does to a table, inside the write transaction of ``Hub.mutate``.

Every function here receives the transaction, the runtime (already brought up to the
stored version) and the locked, freshly read table row.  It checks the change (raising
``ConflictError`` or the engine's typed error before anything is written), writes it and
ends with :func:`finish`, which stores the new version and makes the row the runtime's.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from primetime.core.errors import StaleStateError
from primetime.core.game import Game
from primetime.server import clocks, turnbased
from primetime.server.config import Settings
from primetime.server.gamestate import apply_tracked, build_game, undo_refusal, unseen_by
from primetime.server.names import seat_refusal
from primetime.server.ratings_store import come_back, depart, rate_finished
from primetime.server.runtime import Runtime, bot_name, hash_secret
from primetime.server.store import ConflictError, SeatRow, TableRow, Tx


def finish(tx: Tx, rt: Runtime, t: TableRow, epoch: bool = False, touch: bool = True, **cols: Any) -> int:
    """Store the new version and make ``t`` the runtime's meta (``touch=False``: a change only
    its actor may see of, which leaves the table's ``updated`` time alone)."""
    now = float(cols.get("acted") or time.time())  # a move: ``updated`` and ``acted`` are the same moment
    version = tx.bump(t.id, epoch=epoch, touch=touch, now=now, **cols)
    for k, v in cols.items():
        setattr(t, k, v)
    t.version = version
    if touch:
        t.updated = now
    if epoch:
        t.epoch += 1
    rt.meta = t
    rt.version = version
    rt.epoch = t.epoch
    return version


def tick(tx: Tx, rt: Runtime, t: TableRow, mover: int | None = None, now: float | None = None) -> None:
    """Keep the table's clocks in step with a change made to it (a move, an undo, a seat
    changing hands): charge the time spent, then run the clocks of whoever must act now."""
    if t.clock is not None and "remaining" in t.clock:
        clocks.after_change(t, rt.game, time.time() if now is None else now, mover)
        tx.set_clock(t.id, t.clock)


def handed_over(tx: Tx, rt: Runtime, t: TableRow, now: float | None, reclaimed: int | None = None) -> None:
    """Seats changed hands (a leave, a vote, a seat taken back from the bot: ``reclaimed``): noted for an
    undo of an earlier step (``clocks.changed_hands``), and the clocks of whoever must act now run."""
    now = time.time() if now is None else now
    clocks.changed_hands(t.clock, t, now, reclaimed=reclaimed)
    tick(tx, rt, t, now=now)


def seat_of(t: TableRow, seat: int, secret_hash: str | None) -> SeatRow:
    if not 0 <= seat < len(t.seats):
        raise ConflictError("no such seat")
    s = t.seats[seat]
    if s.kind != "human" or not secret_hash or not s.secret_hash or not secrets.compare_digest(s.secret_hash, secret_hash):
        raise ConflictError("you do not hold this seat (any more)")
    return s


def _stale(shown_expected: int, shown_now: int) -> StaleStateError:
    return StaleStateError(f"action made against step {shown_expected}, but the game is at step {shown_now}; "
                           "the current state has been sent")


def act(tx: Tx, rt: Runtime, t: TableRow, seat: int, key: str, expected_seq: int | None,
        secret_hash: str | None, by_bot: bool = False, now: float | None = None) -> int:
    """Take ``key`` for ``seat``.  A person's ``expected_seq`` is the step number they were
    shown (``Runtime.shown``), a bot's the game's own; returns the new shown step number.
    ``now``: the moment of the action (the current time if None)."""
    now = time.time() if now is None else now
    if t.status != "running" or rt.game is None:
        raise ConflictError("the game is not in progress")
    if by_bot:
        if not (0 <= seat < len(t.seats)) or t.seats[seat].kind != "bot":
            raise ConflictError("that seat is not a bot")
    else:
        seat_of(t, seat, secret_hash)
        if seat in clocks.expired(t.clock, now):
            raise ConflictError("your time has run out")
    game = rt.game
    off = 0 if by_bot else rt.offset(seat)
    real = None if expected_seq is None else expected_seq + off
    if real is not None and 0 <= real < game.seq and seat in game.pending_players() and unseen_by(rt.marks, real, seat):
        real = None  # others answered the same simultaneous decision meanwhile: this answer still stands
    try:
        game.check(seat, key, real)  # typed errors; nothing changed yet
    except StaleStateError:
        assert expected_seq is not None
        raise _stale(expected_seq, game.seq - off) from None
    mark = apply_tracked(game, seat, key, real)
    rt.marks.append(mark)
    tx.execute("INSERT INTO actions (table_id, seq, key, seat, at) VALUES (?, ?, ?, ?, ?)",
               (t.id, game.seq - 1, game.actions[-1], seat, now))
    before = clocks.before_action(t.clock, now)
    if before is not None:  # what an undo of this action gives back (and nothing more)
        if mark.reveals or game.is_over():  # no undo reaches back past this step: keep nothing for it
            tx.execute("DELETE FROM clock_before WHERE table_id = ?", (t.id,))
            if not (mark.screened and clocks.unchanged(t.clock, t, game)):  # (the clock is stored below)
                clocks.forget_changes(t.clock)
        else:
            tx.set_clock_before(t.id, game.seq - 1, before)
    cols: dict[str, Any] = {"nactions": game.seq, "acted": now}
    if game.is_over():
        cols["status"] = "finished"
        cols["result"] = clocks.ranked(game.result(), list((t.clock or {}).get("forfeited") or []))
    if t.votes:
        tx.execute("DELETE FROM votes WHERE table_id = ? AND target = ?", (t.id, seat))
        t.votes = {v for v in t.votes if v[0] != seat}
    # a step behind a screen earns no increment, and leaves the clocks alone while the same people
    # must act: the others' view of the clocks must not count the steps they are not told of
    if not (mark.screened and clocks.unchanged(t.clock, t, game)):
        tick(tx, rt, t, None if mark.screened else seat, cols["acted"])
    finish(tx, rt, t, touch=not mark.screened, **cols)
    if game.is_over():
        rate_finished(tx, t)  # in the same transaction: a finished table and its ratings are stored together
    return game.seq - rt.offset(seat)


def undo(tx: Tx, rt: Runtime, t: TableRow, seat: int, expected_seq: int | None, secret_hash: str | None,
         now: float | None = None) -> int:
    """Take back ``seat``'s last step.  The clocks go back to how they stood before it, less the
    time spent since (``clocks.restore``): an undo never gives back time."""
    now = time.time() if now is None else now
    if t.status != "running":
        raise ConflictError("the game is not in progress")
    seat_of(t, seat, secret_hash)
    if seat in clocks.expired(t.clock, now):
        raise ConflictError("your time has run out")
    game = rt.game
    off = rt.offset(seat)
    if expected_seq is not None and game is not None and expected_seq + off != game.seq:
        raise StaleStateError(f"undo asked at step {expected_seq}, but the game is at step {game.seq - off}")
    reason = undo_refusal(game, rt.marks, seat)
    if reason:
        raise ConflictError(f"cannot undo: {reason}")
    assert game is not None
    n = game.seq - 1
    timed = t.clock is not None and "remaining" in t.clock
    before = tx.clock_before(t.id, n) if timed else None
    tx.execute("DELETE FROM actions WHERE table_id = ? AND seq >= ?", (t.id, n))
    if timed:
        tx.execute("DELETE FROM clock_before WHERE table_id = ? AND seq >= ?", (t.id, n))
    keys = game.actions[:n]
    screened = rt.marks[-1].screened
    finish(tx, rt, t, epoch=True, touch=not screened, nactions=n, acted=now)
    rt.game, rt.marks = build_game(t, [(i, k, m.seat) for i, (k, m) in enumerate(zip(keys, rt.marks, strict=False))])
    untick(tx, rt, t, seat, before, screened, now)
    return n - rt.offset(seat)


def untick(tx: Tx, rt: Runtime, t: TableRow, seat: int, before: dict[str, Any] | None, screened: bool, now: float) -> None:
    """The clocks after an undo by ``seat``: as they stood before the undone action, less the time
    spent since (``before``: stored with it).  An action stored by an earlier release has no such
    record: then the clocks are charged as for any change and the increment is taken back (a step
    behind a screen earned none)."""
    clock = t.clock
    if clock is None or "remaining" not in clock:
        return
    if before is None:
        clocks.after_change(t, rt.game, now)
        if clock["mode"] == "realtime" and not screened:
            clock["remaining"][seat] = max(0.0, clock["remaining"][seat] - clock["increment"])
    else:
        new = {**clock, "remaining": list(clock["remaining"])}
        clocks.restore(new, before, t, rt.game, now)
        if screened:
            old = {**clock, "remaining": list(clock["remaining"])}
            clocks.settle(old, now)
            same = all(abs(a - b) < 1e-6 for a, b in zip(new["remaining"], old["remaining"], strict=True))
            if same and new["running"] == list(old.get("running") or []):
                return  # the undone step was behind a screen and left the clocks alone: so does its undo
        clock.update(new)
    tx.set_clock(t.id, clock)


def join(tx: Tx, rt: Runtime, t: TableRow, user: dict[str, Any], seat: int | None, secret: str,
         settings: Settings | None = None) -> tuple[int, str]:
    """Take a free seat (``settings``: a turn-based table is refused to a player at their limit of such games)."""
    if t.status != "open":
        raise ConflictError("this game has already started")
    if any(s.user_id == user["id"] for s in t.seats if s.kind == "human"):
        raise ConflictError("you already have a seat at this table")
    free = [s for s in t.seats if s.kind == "open" and (seat is None or s.seat == seat)]
    if not free:
        raise ConflictError("no free seat")
    if settings is not None and turnbased.is_turn(t.clock):
        turnbased.check_limit(tx, user["id"], settings)
    refusal = seat_refusal(user["name"], [s.name for s in t.seats if s.kind != "open" and s.name])
    if refusal:
        raise ConflictError(refusal)
    s = free[0]
    s.kind, s.user_id, s.name, s.bot = "human", user["id"], user["name"], None
    s.secret_hash, s.left = hash_secret(secret), False
    tx.set_seat(t.id, s)
    finish(tx, rt, t)
    return s.seat, secret


def to_bot(tx: Tx, t: TableRow, s: SeatRow, level: str = "greedy") -> None:
    s.kind, s.bot, s.secret_hash, s.left = "bot", level, None, True
    tx.set_seat(t.id, s)
    tx.execute("DELETE FROM votes WHERE table_id = ? AND target = ?", (t.id, s.seat))
    t.votes = {v for v in t.votes if v[0] != s.seat}


def leave(tx: Tx, rt: Runtime, t: TableRow, user_id: str, now: float | None = None) -> str:
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
        finish(tx, rt, t, **cols)
        return "left"
    if t.status != "running":
        raise ConflictError("the game is over")
    s.left = True
    depart(tx, t, s.seat, "left")  # abandoning a game under way: ranked last at its end, unless they come back
    others = [x for x in t.seats if x.kind == "human" and not x.left]
    if not others:
        to_bot(tx, t, s)
        handed_over(tx, rt, t, now)
        finish(tx, rt, t)
        return "replaced"
    tx.set_seat(t.id, s)
    finish(tx, rt, t)
    return "left"


def rejoin(tx: Tx, rt: Runtime, t: TableRow, user_id: str, secret: str, now: float | None = None) -> tuple[int, str]:
    """Come back to one's seat: after leaving it, or (the game still running) from the bot
    that took it over (the seat's clock, out of time, gets a short grace: ``clocks.reclaimed``)."""
    mine = [s for s in t.seats if s.kind == "human" and s.user_id == user_id]
    if not mine and t.status == "running":
        mine = [s for s in t.seats if s.kind == "bot" and s.user_id == user_id]
        if mine and t.clock and mine[0].seat in (t.clock.get("forfeited") or []):
            raise ConflictError("your time ran out and at this table that ends the game for you: "
                                "a bot plays your seat to the end and you are ranked last")
    if not mine:
        raise ConflictError("you have no seat to come back to")
    s = mine[0]
    reclaim = s.kind == "bot"
    s.kind, s.bot, s.left = "human", None, False
    s.secret_hash = hash_secret(secret)
    tx.set_seat(t.id, s)
    tx.execute("DELETE FROM votes WHERE table_id = ? AND target = ?", (t.id, s.seat))
    t.votes = {v for v in t.votes if v[0] != s.seat}
    come_back(tx, t, s.seat)  # holding the seat again: no longer a leaver
    if reclaim:
        clocks.reclaimed(t.clock, s.seat)
        handed_over(tx, rt, t, now, reclaimed=s.seat)
    finish(tx, rt, t)
    return s.seat, secret


def timeout(tx: Tx, rt: Runtime, t: TableRow, now: float) -> list[int]:
    """The clocks that ran out by ``now``: the table's policy applies to their seats (a bot
    takes each; under ``end`` the player also forfeits, ranked last).  Refused when none
    has (another process got there first, or the player moved in time)."""
    clock = t.clock
    out = clocks.expired(clock, now) if t.status == "running" else []
    if clock is None or not out:
        raise ConflictError("no clock has run out")
    clocks.settle(clock, now)
    for seat in out:
        clock["remaining"][seat] = 0.0
        if seat not in clock["timed_out"]:
            clock["timed_out"].append(seat)
        if clock["policy"] == "end" and seat not in clock["forfeited"]:
            clock["forfeited"].append(seat)
        depart(tx, t, seat, "forfeit" if seat in clock["forfeited"] else "timeout", now)
        to_bot(tx, t, t.seats[seat])
    clocks.changed_hands(clock, t, now, timed_out=out)
    clocks.restart(clock, t, rt.game, now, None)
    tx.set_clock(t.id, clock)
    finish(tx, rt, t)
    return out


def vote(tx: Tx, rt: Runtime, t: TableRow, voter: int, target: int, secret_hash: str | None, idle: float,
         now: float | None = None) -> str:
    if t.status != "running":
        raise ConflictError("the game is not in progress")
    seat_of(t, voter, secret_hash)
    if target == voter:
        raise ConflictError("you cannot vote to replace yourself; leave the table instead")
    if target not in rt.replaceable(idle):
        raise ConflictError("that player has neither left nor been idle on their turn long enough to be replaced")
    if (target, voter) not in t.votes:
        tx.execute("INSERT INTO votes (table_id, target, voter) VALUES (?, ?, ?)", (t.id, target, voter))
        t.votes.add((target, voter))
    others = [s.seat for s in t.seats if s.kind == "human" and not s.left and s.seat != target]
    if all((target, o) in t.votes for o in others):
        depart(tx, t, target, "replaced")
        to_bot(tx, t, t.seats[target])
        handed_over(tx, rt, t, now)
        finish(tx, rt, t)
        return "replaced"
    finish(tx, rt, t)
    return "voted"


def set_seat(tx: Tx, rt: Runtime, t: TableRow, user_id: str, seat: int, kind: str, level: str | None,
             levels: list[str]) -> None:
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
        if level not in levels:
            raise ConflictError(f"unknown bot level {level!r}")
        s.kind, s.bot, s.name = "bot", level, bot_name(seat, level)
    elif kind == "open":
        s.kind, s.bot, s.name = "open", None, None
    else:
        raise ConflictError("a seat is 'open' or 'bot'")
    tx.set_seat(t.id, s)
    finish(tx, rt, t)


def start_game(tx: Tx, rt: Runtime, t: TableRow, user_id: str, fill_bots: bool, now: float | None = None) -> None:
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
    now = time.time() if now is None else now
    finish(tx, rt, t, status="running", players=players, acted=now)
    rt.game, rt.marks = build_game(t, [])
    if t.clock is not None:
        if turnbased.is_turn(t.clock):  # the players' holidays stand their clocks still
            t.clock["holidays"] = turnbased.seat_spans(tx, t, now)
        clocks.start(t.clock, t, rt.game, now)
        tx.set_clock(t.id, t.clock)


def holidays(tx: Tx, rt: Runtime, t: TableRow, now: float) -> None:
    """A player's holidays changed (``holidays_api``): the clocks are charged up to ``now`` with the
    holidays as they were, then the table's clock holds its seats' holidays as they are now (which
    change only from ``now`` on: a holiday begins today at the earliest, and one ended early ends now)."""
    clock = t.clock
    if t.status != "running" or not turnbased.is_turn(clock) or clock is None or "remaining" not in clock:
        raise ConflictError("this table has no turn-based clock running")
    clocks.settle(clock, now)
    spans = turnbased.seat_spans(tx, t, now)
    if spans == (clock.get("holidays") or {}):
        raise ConflictError("nothing changed")  # (nothing stored)
    clock["holidays"] = spans
    tx.set_clock(t.id, clock)
    finish(tx, rt, t, touch=False)
