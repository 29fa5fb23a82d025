"""Time control of a table: chess clocks (real-time) or days per move (turn-based).

A table's clock is one JSON object stored with the table (``clocks`` row) and changed only
inside the write transaction of a table change, so every process sees the same clock:

* ``mode``: ``"realtime"`` (``initial`` seconds each, plus ``increment`` seconds per move
  made) or ``"turn"`` (``per_move`` seconds for every decision);
* ``policy`` when a clock runs out: ``"bot"`` (a bot takes the seat; its player may
  reclaim it) or ``"end"`` (the game ends for that player: a bot plays the seat out and
  the player is ranked last, see ``ranked``);
* ``remaining``: seconds left per seat, as of ``since`` (a wall-clock time);
* ``running``: the seats whose clocks run since ``since``: every person who must act now
  (a list, so that a decision several players take at once runs all their clocks; bots
  have no clock);
* ``timed_out`` and ``forfeited``: the seats whose time ran out (forfeited: under ``end``).

The time left of a running seat is ``remaining - (now - since)``: the server stores only
the moments of change, and a browser counts down from them.  Wall-clock time goes on
while the server is down (a day-long turn must not stop for a restart).
"""

from __future__ import annotations

from typing import Any

from primetime.core.game import Game

MODES = ("none", "realtime", "turn")
POLICIES = ("bot", "end")
#: What a reclaimed seat's clock gets in real time after it ran out: time to see the board again.
RECLAIM_GRACE = 60.0


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
    ``{"mode": "turn", "days": 2, "policy": "end"}``; ``seconds`` may replace ``minutes``."""
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
        clock["per_move"] = _number(spec, "days", 0.01, 30, "a number of days per move") * 86400
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
    clock["remaining"] = [full] * len(t.seats)
    clock["timed_out"], clock["forfeited"] = [], []
    clock["since"], clock["running"] = now, []
    restart(clock, t, game, now, mover=None)


def settle(clock: dict[str, Any], now: float) -> None:
    """Charge the time since ``since`` to the running clocks."""
    since = clock.get("since")
    spent = max(0.0, now - float(now if since is None else since))
    rem = clock["remaining"]
    for s in clock.get("running") or []:
        rem[s] = max(0.0, rem[s] - spent)
    clock["since"] = now


def restart(clock: dict[str, Any], t: Any, game: Game[Any] | None, now: float, mover: int | None) -> None:
    """After a change (``settle`` first): the mover earns its increment, and the clocks of
    whoever must act now run (turn-based: each new decision starts with a full day count)."""
    before = set(clock.get("running") or [])
    if mover is not None and clock["mode"] == "realtime" and mover in before:
        clock["remaining"][mover] += clock["increment"]
    running = _clocked(t, game)
    if clock["mode"] == "turn":
        for s in running:
            if s not in before or s == mover:
                clock["remaining"][s] = clock["per_move"]
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
    spent = now - float(clock["since"])
    return [s for s in clock.get("running") or [] if clock["remaining"][s] - spent <= 0]


def next_deadline(clock: dict[str, Any] | None) -> float | None:
    """The wall-clock time the first running clock runs out (None: none runs)."""
    if not clock or "remaining" not in clock or not clock.get("running"):
        return None
    return float(clock["since"]) + min(clock["remaining"][s] for s in clock["running"])


def reclaimed(clock: dict[str, Any] | None, seat: int) -> None:
    """A person takes their seat back from the bot: out of time, they get a short grace."""
    if not clock or "remaining" not in clock:
        return
    if clock["mode"] == "realtime" and clock["remaining"][seat] < RECLAIM_GRACE:
        clock["remaining"][seat] = RECLAIM_GRACE
    if seat in clock["timed_out"]:
        clock["timed_out"].remove(seat)


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
                                      "running", "timed_out", "forfeited")}
