"""Time control of a table: chess clocks (real-time) or days per move (turn-based).

A table's clock is one JSON object stored with the table (``clocks`` row) and changed only
inside the write transaction of a table change, so every process sees the same clock:

* ``mode``: ``"realtime"`` (``initial`` seconds each, plus ``increment`` seconds per move
  made) or ``"turn"`` (``per_move`` seconds for every decision; with a time bank, ``bank``
  seconds > 0, ``per_move`` is each seat's time to start with, and every turn a seat ends
  adds ``bank`` seconds to its time, up to ``bank_cap``);
* ``holidays`` (turn-based only): per seat (``"0"``, ``"1"``, ...), the spans of wall-clock time
  its account is on holiday (``turnbased.py``): its clock stands still while one lasts
  (``clockspans.py``);
* ``policy`` when a clock runs out: ``"bot"`` (a bot takes the seat; its player may
  reclaim it) or ``"end"`` (the game ends for that player: a bot plays the seat out and
  the player is ranked last, see ``ranked``);
* ``remaining``: seconds left per seat, as of ``since`` (a wall-clock time);
* ``running``: the seats whose clocks run since ``since``: every person who must act now
  (a list, so that a decision several players take at once runs all their clocks; bots
  have no clock);
* ``timed_out`` and ``forfeited``: the seats whose time ran out (forfeited: under ``end``);
* ``more_time`` and ``more_factor``: the seats the host gave more time, for players who need it
  (their initial time, increment and days per move are ``more_factor`` times the others');
* ``changes``: the seats changing hands since the last step no undo can reach back past
  (``changed_hands``: a timeout, a vote, a leave, a seat taken back), for ``restore``.

An undo gives back no time: each stored action keeps the clock as it stood before it (table
``clock_before``), and the undo restores that clock less the time really spent since and with
the seats that changed hands meanwhile (``restore``), so nobody has more time left than had the
undone action never been taken.

The time left of a running seat is ``remaining - (now - since)``, less the holidays in between
(``left``): the server stores only the moments of change, and a browser counts down from them.  Wall-clock time goes on
while the server is down (a day-long turn must not stop for a restart).
"""

from __future__ import annotations

from typing import Any

from primetime.core.game import Game
from primetime.server import clockspans

MODES = ("none", "realtime", "turn")
POLICIES = ("bot", "end")
#: What a reclaimed seat's clock gets in real time after it ran out: time to see the board again.
RECLAIM_GRACE = 60.0
#: How much more time the host may give a seat (``more_factor``), for players who need it.
MORE_FACTORS = (1.5, 2.0, 3.0, 4.0)
#: The largest time bank of a turn-based table, in days.
BANK_CAP_MAX = 60.0
DAY = 86400.0


def factor(clock: dict[str, Any], seat: int) -> float:
    """How many times the usual time ``seat`` gets (``more_time``: the seats given more)."""
    return float(clock.get("more_factor") or 1.0) if seat in (clock.get("more_time") or []) else 1.0


class ClockError(ValueError):
    """A time control that cannot be set (the message says what is allowed)."""


def _number(spec: dict[str, Any], key: str, lo: float, hi: float, what: str) -> float:
    v = spec.get(key)
    if not isinstance(v, int | float) or isinstance(v, bool) or not lo <= v <= hi:
        raise ClockError(f"time control: {key} is {what} from {lo:g} to {hi:g}")
    return float(v)


def parse(spec: Any) -> dict[str, Any] | None:
    """A clock from the lobby's ``time_control`` (None: no time control, the default).

    ``{"mode": "realtime", "minutes": 10, "increment": 5, "policy": "bot"}`` or
    ``{"mode": "turn", "days": 2, "policy": "end"}``; ``seconds`` may replace ``minutes``.  A turn-based
    table may have a time bank: ``"bank_days": 1, "bank_cap": 7`` (days added to a seat's time each turn
    it ends, up to that many days; ``days`` is then the time each seat starts with).  Either may
    give some seats more time: ``"more_time": [1, 2], "more_factor": 2`` (seat numbers from 0; the
    factor one of ``MORE_FACTORS``, 2 unless given)."""
    if spec is None:
        return None
    if not isinstance(spec, dict):
        raise ClockError("time_control is an object: {mode: 'none' | 'realtime' | 'turn', ...}")
    mode = spec.get("mode", "none")
    if mode not in MODES:
        raise ClockError(f"time control: mode is one of {', '.join(MODES)}")
    if mode == "none":
        return None
    policy = spec.get("policy", "bot")
    if policy not in POLICIES:
        raise ClockError("time control: policy is 'bot' (a bot takes the seat) or 'end' (the game ends for that player)")
    clock: dict[str, Any] = {"mode": mode, "policy": policy, "initial": 0.0, "increment": 0.0, "per_move": 0.0}
    if mode == "realtime":
        if "seconds" in spec:
            clock["initial"] = _number(spec, "seconds", 1, 6 * 3600, "a number of seconds")
        else:
            clock["initial"] = _number(spec, "minutes", 0.1, 360, "a number of minutes") * 60
        if spec.get("increment") is not None:
            clock["increment"] = _number(spec, "increment", 0, 600, "a number of seconds per move")
    else:
        clock["per_move"] = _number(spec, "days", 0.01, 30, "a number of days per move") * DAY
        if spec.get("bank_days"):
            days = clock["per_move"] / DAY
            clock["bank"] = _number(spec, "bank_days", 0.01, 30, "a number of days added per move") * DAY
            cap = spec.get("bank_cap", min(BANK_CAP_MAX, max(days, 3 * clock["bank"] / DAY)))
            clock["bank_cap"] = _number({"bank_cap": cap}, "bank_cap", max(days, clock["bank"] / DAY), BANK_CAP_MAX,
                                        "the most days the time bank holds (no fewer than the days to start with or added per move)") * DAY
    if mode != "turn" and (spec.get("bank_days") or spec.get("bank_cap")):
        raise ClockError("time control: a time bank (bank_days, bank_cap) is for turn-based tables (mode 'turn')")
    if spec.get("bank_cap") and not spec.get("bank_days"):
        raise ClockError("time control: bank_cap is the most days of a time bank: give bank_days too (the days added per move)")
    more = spec.get("more_time") or []
    if not isinstance(more, list) or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 4 for x in more):
        raise ClockError("time control: more_time is a list of seat numbers (0 to 3) given more time")
    if more:
        f = spec.get("more_factor", 2)
        if not isinstance(f, int | float) or isinstance(f, bool) or float(f) not in MORE_FACTORS:
            raise ClockError(f"time control: more_factor is one of {', '.join(f'{x:g}' for x in MORE_FACTORS)}")
        clock["more_time"], clock["more_factor"] = sorted(set(more)), float(f)
    return clock


def acting(game: Game[Any] | None) -> list[int]:
    """Every seat that must act now: the game's pending players (several during a simultaneous
    decision, such as a pilot offer; their clocks all run)."""
    if game is None or game.is_over():
        return []
    return sorted(int(p) for p in game.pending_players())


def _clocked(t: Any, game: Game[Any] | None) -> list[int]:
    """The seats whose clocks run now: the people (not bots) who must act."""
    if t.status != "running":
        return []
    return [p for p in acting(game) if 0 <= p < len(t.seats) and t.seats[p].kind == "human"]


def start(clock: dict[str, Any], t: Any, game: Game[Any] | None, now: float) -> None:
    """The game starts: every seat gets its full time; the clocks of whoever acts first run."""
    full = clock["initial"] if clock["mode"] == "realtime" else clock["per_move"]
    clock["remaining"] = [full * factor(clock, s) for s in range(len(t.seats))]
    clock["timed_out"], clock["forfeited"] = [], []
    clock["since"], clock["running"] = now, []
    restart(clock, t, game, now, mover=None)


def holidays(clock: dict[str, Any], seat: int) -> list[list[float]]:
    """The spans ``seat``'s clock stands still (its account's holidays; turn-based tables only)."""
    if clock.get("mode") != "turn":
        return []
    return list((clock.get("holidays") or {}).get(str(seat)) or [])


def spent(clock: dict[str, Any], seat: int, t0: float, t1: float) -> float:
    """The time of ``[t0, t1]`` charged to ``seat``'s clock while it runs (its holidays left out)."""
    return clockspans.counted(holidays(clock, seat), t0, t1) if t1 > t0 else 0.0


def left(clock: dict[str, Any], seat: int, now: float) -> float:
    """The time ``seat`` has left at ``now`` (its clock charged since ``since`` if it runs)."""
    rem = float(clock["remaining"][seat])
    if seat not in (clock.get("running") or []):
        return rem
    return rem - spent(clock, seat, float(clock["since"]), now)


def when_left(clock: dict[str, Any], seat: int, amount: float) -> float:
    """The wall-clock moment a running ``seat`` has ``amount`` seconds left (after its holidays)."""
    return clockspans.after(holidays(clock, seat), float(clock["since"]), float(clock["remaining"][seat]) - amount)


def holiday_end(clock: dict[str, Any] | None, seat: int, now: float) -> float | None:
    """When ``seat``'s holiday that lasts at ``now`` ends (None: not on holiday)."""
    return clockspans.current(holidays(clock, seat), now) if clock else None


def settle(clock: dict[str, Any], now: float, of: dict[str, Any] | None = None) -> None:
    """Charge the time since ``since`` to the running clocks (less each seat's holidays, as ``of``
    holds them: ``clock`` itself unless given)."""
    since = clock.get("since")
    t0 = float(now if since is None else since)
    rem = clock["remaining"]
    for s in clock.get("running") or []:
        rem[s] = max(0.0, rem[s] - spent(clock if of is None else of, s, t0, now))
    clock["since"] = now


def restart(clock: dict[str, Any], t: Any, game: Game[Any] | None, now: float, mover: int | None) -> None:
    """After a change (``settle`` first): the mover earns its increment, and the clocks of
    whoever must act now run (turn-based: each new decision starts with a full day count; with
    a time bank, the mover whose turn ended earns ``bank`` up to ``bank_cap``, and each seat keeps
    the time it has)."""
    before = set(clock.get("running") or [])
    if mover is not None and clock["mode"] == "realtime" and mover in before:
        clock["remaining"][mover] += clock["increment"] * factor(clock, mover)
    running = _clocked(t, game)
    if clock["mode"] == "turn" and clock.get("bank"):  # a time bank: a seat that ends its turn earns its days, up to the cap
        if mover is not None and mover in before and mover not in running:
            f = factor(clock, mover)
            rem = clock["remaining"]
            rem[mover] = max(rem[mover], min(rem[mover] + clock["bank"] * f, clock["bank_cap"] * f))
    elif clock["mode"] == "turn":
        for s in running:
            if s not in before or s == mover:
                clock["remaining"][s] = clock["per_move"] * factor(clock, s)
    clock["running"], clock["since"] = running, now


def after_change(t: Any, game: Game[Any] | None, now: float, mover: int | None = None) -> None:
    """Keep ``t.clock`` in step with a change of the table (a move, an undo, a seat changing hands)."""
    clock = t.clock
    if clock is None or "remaining" not in clock:
        return
    settle(clock, now)
    restart(clock, t, game, now, mover)


def unchanged(clock: dict[str, Any] | None, t: Any, game: Game[Any] | None) -> bool:
    """Whether the same clocks run as before (then a step need not touch them)."""
    return not clock or "remaining" not in clock or list(clock.get("running") or []) == _clocked(t, game)


def expired(clock: dict[str, Any] | None, now: float) -> list[int]:
    """The running seats whose time is up at ``now``."""
    if not clock or "remaining" not in clock:
        return []
    return [s for s in clock.get("running") or [] if left(clock, s, now) <= 0]


def next_deadline(clock: dict[str, Any] | None) -> float | None:
    """The wall-clock time the first running clock runs out (None: none runs)."""
    if not clock or "remaining" not in clock or not clock.get("running"):
        return None
    return min(when_left(clock, s, 0.0) for s in clock["running"])


def reclaimed(clock: dict[str, Any] | None, seat: int) -> None:
    """A person takes their seat back from the bot: out of time, they get a short grace, once a
    game per seat (``graced``; else leaving and coming back, or letting the time run out and
    taking the seat back, would give time without end).  Turn-based with a time bank: at least
    the days each seat started with (as every decision gets without a bank)."""
    if not clock or "remaining" not in clock:
        return
    graced = clock.setdefault("graced", [])
    if clock["mode"] == "realtime" and clock["remaining"][seat] < RECLAIM_GRACE and seat not in graced:
        clock["remaining"][seat] = RECLAIM_GRACE
        graced.append(seat)
    if clock["mode"] == "turn" and clock.get("bank"):  # (without a bank, every decision gets its days anyway)
        clock["remaining"][seat] = max(clock["remaining"][seat], clock["per_move"] * factor(clock, seat))
    if seat in clock["timed_out"]:
        clock["timed_out"].remove(seat)


def changed_hands(clock: dict[str, Any] | None, t: Any, now: float, reclaimed: int | None = None,
                  timed_out: list[int] | None = None) -> None:
    """Note that seats changed hands at ``now`` (``t.seats`` as they are now; ``reclaimed``: the
    seat a person took back from a bot; ``timed_out``: the seats whose time ran out): an undo of
    an earlier action plays these again on the clocks as they stood before it (``restore``)."""
    if not clock or "remaining" not in clock:
        return
    humans = [s.seat for s in t.seats if s.kind == "human"]
    clock.setdefault("changes", []).append([now, humans, reclaimed, sorted(timed_out or [])])


def forget_changes(clock: dict[str, Any] | None) -> None:
    """No undo reaches back past the current step any more: the changes noted so far are of no use."""
    if clock:
        clock.pop("changes", None)


def before_action(clock: dict[str, Any] | None, now: float) -> dict[str, Any] | None:
    """What to store with an action taken at ``now`` for an undo of it: the clock as it stood,
    settled to ``now``, and how many seat changes were noted by then (None: the table has no
    running time control)."""
    if not clock or "remaining" not in clock:
        return None
    then = {"remaining": list(clock["remaining"]), "running": list(clock.get("running") or []),
            "since": clock.get("since"), "changes": len(clock.get("changes") or []), "graced": list(clock.get("graced") or [])}
    settle(then, now, clock)
    return then


def restore(clock: dict[str, Any], before: dict[str, Any], t: Any, game: Game[Any] | None, now: float) -> None:
    """An undo of the action ``before`` was stored with (``before_action``; ``game`` is the game
    without it): the clocks become what they would be had that action never been taken.  From
    the clocks as they stood before it, the seats that changed hands since are played again
    (who must act is the same throughout: nothing else was played between the action and its
    undo), the time spent since is charged to the clocks that ran, and the clocks of whoever
    must act now run on, with no fresh allowance (an act and its undo earn no increment, nor a
    new day).  What happened since stays: a timeout and a forfeit stand (such a seat keeps no
    more than it has now), and a seat taken back from a bot since keeps that grace."""
    realtime = clock["mode"] == "realtime"
    banked = not realtime and bool(clock.get("bank"))
    then: dict[str, Any] = {"remaining": list(before["remaining"]), "running": list(before.get("running") or []),
                            "since": float(before["since"])}
    rem = then["remaining"]
    graced = set(before.get("graced") or [])  # the seats whose grace was spent before the undone action
    pending = acting(game) if t.status == "running" else []
    for when, humans, back, out in (clock.get("changes") or [])[int(before.get("changes") or 0):]:
        settle(then, max(float(when), then["since"]), clock)
        was = set(then["running"])
        if back is not None and realtime and rem[back] < RECLAIM_GRACE and back not in graced:
            rem[back] = RECLAIM_GRACE
            graced.add(back)
        if back is not None and banked:
            rem[back] = max(rem[back], clock["per_move"] * factor(clock, back))
        for s in out:
            rem[s] = 0.0
        then["running"] = [p for p in pending if p in humans]
        if not realtime and not banked:  # a seat that starts to run (taken back from a bot) gets its days, as then
            for s in then["running"]:
                if s not in was:
                    rem[s] = clock["per_move"] * factor(clock, s)
    settle(then, max(now, then["since"]), clock)
    running = _clocked(t, game)
    if not realtime and not banked:
        for s in running:
            if s not in then["running"]:
                rem[s] = clock["per_move"] * factor(clock, s)
    for s in clock["timed_out"]:
        rem[s] = min(rem[s], clock["remaining"][s])
    clock["remaining"], clock["running"], clock["since"] = rem, running, now
    if "graced" in before:  # (a step stored before graces were counted leaves them as they are)
        clock["graced"] = sorted(graced)


def ranked(result: dict[str, Any] | None, forfeited: list[int]) -> dict[str, Any] | None:
    """A final result with the players who forfeited on time ranked last: the winners are
    the best totals among the others; ``forfeited`` lists them (their scores still show)."""
    if not result or not forfeited:
        return result
    out = dict(result)
    out["forfeited"] = sorted(forfeited)
    rows = out.get("players") or []
    stay = [p for p in range(len(rows)) if p not in forfeited]
    if stay:
        try:
            best = max(rows[p]["total"] for p in stay)
            out["winners"] = [p for p in stay if rows[p]["total"] == best]
        except (KeyError, TypeError):
            pass
    return out


def public(clock: dict[str, Any] | None) -> dict[str, Any] | None:
    """What every visitor sees of the clock (nothing in it is secret)."""
    if not clock:
        return None
    return {k: clock.get(k) for k in ("mode", "policy", "initial", "increment", "per_move", "remaining", "since",
                                      "running", "timed_out", "forfeited", "graced", "more_time", "more_factor",
                                      "bank", "bank_cap", "holidays")}


def summary(clock: dict[str, Any] | None) -> dict[str, Any] | None:
    """The time control as the lobby describes a table (no clocks)."""
    if not clock:
        return None
    return {k: clock.get(k) for k in ("mode", "policy", "initial", "increment", "per_move", "bank", "bank_cap", "more_time", "more_factor")}
