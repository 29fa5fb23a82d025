"""Turn-based play across days: an account's holidays, and how many turn-based games one player may be in.

* **Holidays** (table ``holidays``, migration 4).  An account sets, in advance, the calendar days it
  will be away (its own days: the browser gives its offset from UTC).  While a holiday lasts, the
  clocks of its seats at turn-based tables stand still (``clocks.holidays``: each table's clock holds
  its seats' spans, copied in when the game starts and whenever the account changes them, see
  ``holidays_api.py``) and no "your turn" message or reminder is sent to it (``outbox``/``notifier``:
  they wait for the holiday's end).  A holiday begins today at the earliest (a past day cannot be
  declared a holiday: it would give back time already spent); one under way can be ended early, which
  ends it now.  Each lasts at most ``HOLIDAY_MAX_DAYS`` days, at most ``HOLIDAYS_AHEAD_DAYS`` days of
  holiday are set ahead at once (so no game waits for ever), at most ``HOLIDAYS_MAX`` holidays.
* **The limit** (``Settings.turn_games``, ``turn_games_every``, ``turn_games_max``): a player may hold a
  seat at no more than N turn-based tables waiting to start or running; N grows by one for every
  ``turn_games_every`` games they finished in their seat.  Creating or joining one more is refused
  (409) with a message that names the limit and how it grows.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from primetime.server.config import Settings
from primetime.server.runtime import new_id
from primetime.server.store import ConflictError, Store, TableRow, Tx

DAY = 86400.0
#: The longest holiday, in days.
HOLIDAY_MAX_DAYS = 30
#: The most days of holiday (under way or to come) an account may have set at once.
HOLIDAYS_AHEAD_DAYS = 60
#: How far ahead a holiday may begin, in days.
HOLIDAY_WITHIN_DAYS = 365
#: The most holidays (under way or to come) an account may have set.
HOLIDAYS_MAX = 10
#: How long a table's clock keeps a holiday that is over (an undo charges the time since the undone
#: step, the holidays between them left out).
KEEP_PAST = 7 * DAY


class HolidayError(ValueError):
    """A holiday that cannot be set (the message says why and what would do)."""


def is_turn(clock: dict[str, Any] | None) -> bool:
    return bool(clock) and clock.get("mode") == "turn"  # type: ignore[union-attr]


# ---------------------------------------------------------------------- holidays
def _day(v: Any, what: str) -> dt.date:
    if not isinstance(v, str):
        raise HolidayError(f"{what} is a date such as 2026-12-24")
    try:
        return dt.date.fromisoformat(v.strip()[:10])
    except ValueError:
        raise HolidayError(f"{what} is a date such as 2026-12-24 (got {v[:20]!r})") from None


def _midnight(day: dt.date, offset: int) -> float:
    """The moment ``day`` begins where the clock is ``offset`` minutes behind UTC (JavaScript's
    ``getTimezoneOffset``: UTC minus local time)."""
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp() + offset * 60.0


def _offset(data: dict[str, Any], field: str, default: int) -> int:
    offset = data.get(field, default)
    if not isinstance(offset, int) or isinstance(offset, bool) or not -900 <= offset <= 900:
        raise HolidayError(f"{field} is your clock's offset from UTC in minutes (JavaScript's getTimezoneOffset), -900 to 900")
    return offset


def span_of(data: dict[str, Any], now: float) -> tuple[float, float, str, str]:
    """(starts, ends, first day, last day) of the holiday ``data`` asks for: ``{"first_day": "2026-12-24",
    "last_day": "2026-12-31", "tz_offset": -60, "tz_offset_end": -60}`` (both days included; the offsets in
    minutes, as the browser says them at the first day's midnight and at the midnight after the last day,
    0 unless given; without ``tz_offset_end`` the end takes ``tz_offset``, so that a change of the clocks in
    between would move the end by that hour)."""
    offset = _offset(data, "tz_offset", 0)
    offset_end = _offset(data, "tz_offset_end", offset)
    first, last = _day(data.get("first_day"), "first_day"), _day(data.get("last_day", data.get("first_day")), "last_day")
    today = dt.datetime.fromtimestamp(now - offset * 60.0, dt.UTC).date()
    if first < today:
        raise HolidayError(f"a holiday is set in advance: its first day is today ({today.isoformat()}) or later")
    if last < first:
        raise HolidayError("last_day is the holiday's last day: the same as first_day or later")
    if (last - first).days + 1 > HOLIDAY_MAX_DAYS:
        raise HolidayError(f"a holiday lasts at most {HOLIDAY_MAX_DAYS} days (set two if you are away longer, "
                           f"up to {HOLIDAYS_AHEAD_DAYS} days in all)")
    if (first - today).days > HOLIDAY_WITHIN_DAYS:
        raise HolidayError(f"a holiday begins within {HOLIDAY_WITHIN_DAYS} days from today")
    starts = max(now, _midnight(first, offset))
    return starts, _midnight(last + dt.timedelta(days=1), offset_end), first.isoformat(), last.isoformat()


def _rows(tx: Tx, user_id: str, since: float) -> list[dict[str, Any]]:
    return [{"id": r[0], "starts": float(r[1]), "ends": float(r[2]), "first_day": r[3], "last_day": r[4]} for r in tx.all(
        "SELECT id, starts, ends, first_day, last_day FROM holidays WHERE user_id = ? AND ends > ? ORDER BY starts, id",
        (user_id, since))]


def holidays_of(store: Store, user_id: str, now: float) -> list[dict[str, Any]]:
    """The account's holidays under way or to come, first first (``now``: whether one is under way)."""
    return [{**h, "now": h["starts"] <= now} for h in store.read(lambda tx: _rows(tx, user_id, now))]


def add_holiday(store: Store, user_id: str, data: dict[str, Any], now: float) -> dict[str, Any]:
    """Set a holiday (``span_of``); ``HolidayError`` says why not."""
    starts, ends, first, last = span_of(data, now)

    def go(tx: Tx) -> dict[str, Any]:
        have = _rows(tx, user_id, now)
        if len(have) >= HOLIDAYS_MAX:
            raise HolidayError(f"you have {len(have)} holidays set, the most there may be: remove one first")
        for h in have:
            if h["starts"] < ends and starts < h["ends"]:
                raise HolidayError(f"it overlaps your holiday of {h['first_day']} to {h['last_day']}: remove that one first, "
                                   "or choose other days")
        total = sum(h["ends"] - max(h["starts"], now) for h in have) + ends - starts
        if total > HOLIDAYS_AHEAD_DAYS * DAY + 3600:  # (an hour's slack: a day of a clock change is 25 hours long)
            raise HolidayError(f"at most {HOLIDAYS_AHEAD_DAYS} days of holiday may be set ahead at once "
                               f"(you would have {total / DAY:.0f}): shorten it, or set it once an earlier one is over")
        hid = new_id(10)
        tx.execute("INSERT INTO holidays (id, user_id, starts, ends, first_day, last_day, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (hid, user_id, starts, ends, first, last, now))
        return {"id": hid, "starts": starts, "ends": ends, "first_day": first, "last_day": last, "now": starts <= now}

    return store.write(go)


def end_holiday(store: Store, user_id: str, hid: str, now: float) -> str:
    """A holiday to come is removed (``"removed"``); one under way ends now (``"ended"``: the time it
    stood the clocks still stays so)."""
    def go(tx: Tx) -> str:
        row = tx.one("SELECT starts, ends FROM holidays WHERE id = ? AND user_id = ?", (hid, user_id))
        if row is None or float(row[1]) <= now:
            raise HolidayError("no such holiday (it may be over already)")
        if float(row[0]) > now:
            tx.execute("DELETE FROM holidays WHERE id = ?", (hid,))
            return "removed"
        tx.execute("UPDATE holidays SET ends = ? WHERE id = ?", (now, hid))
        return "ended"

    return store.write(go)


def seat_spans(tx: Tx, t: TableRow, now: float) -> dict[str, list[list[float]]]:
    """The holidays of ``t``'s seats' accounts, as its clock keeps them (``clocks.holidays``)."""
    out: dict[str, list[list[float]]] = {}
    for s in t.seats:
        if s.user_id:
            spans = [[h["starts"], h["ends"]] for h in _rows(tx, str(s.user_id), now - KEEP_PAST)]
            if spans:
                out[str(s.seat)] = spans
    return out


def running_turn_tables(store: Store, user_id: str) -> list[str]:
    """The running turn-based tables where ``user_id`` has a seat (theirs, or a bot's for them)."""
    def go(tx: Tx) -> list[str]:
        rows = tx.all("SELECT DISTINCT t.id, c.clock FROM seats s JOIN tables t ON t.id = s.table_id JOIN clocks c ON c.table_id = t.id "
                      "WHERE s.user_id = ? AND t.status = 'running' ORDER BY t.id", (user_id,))
        return [str(r[0]) for r in rows if is_turn(json.loads(r[1]))]

    return store.read(go)


# ---------------------------------------------------------------------- how many games at once
def allowed(settings: Settings, finished: int) -> int:
    """How many turn-based games a player who finished ``finished`` games may be in at once."""
    grown = finished // settings.turn_games_every if settings.turn_games_every > 0 else 0
    return min(max(settings.turn_games, settings.turn_games_max), settings.turn_games + grown)


def counts(tx: Tx, user_id: str) -> tuple[int, int]:
    """(turn-based tables waiting to start or running where ``user_id`` holds a seat, games they finished in their seat)."""
    rows = tx.all("SELECT DISTINCT t.id, c.clock FROM seats s JOIN tables t ON t.id = s.table_id JOIN clocks c ON c.table_id = t.id "
                  "WHERE s.user_id = ? AND s.kind = 'human' AND s.left_game = 0 AND t.status IN ('open', 'running')", (user_id,))
    playing = sum(1 for r in rows if is_turn(json.loads(r[1])))
    done = tx.one("SELECT COUNT(DISTINCT s.table_id) FROM seats s JOIN tables t ON t.id = s.table_id WHERE s.user_id = ? "
                  "AND s.kind = 'human' AND s.left_game = 0 AND t.status = 'finished' AND t.imported = 0", (user_id,))
    return playing, int(done[0] or 0)


def check_limit(tx: Tx, user_id: str, settings: Settings) -> None:
    """Refuse (``ConflictError``, a 409) one more turn-based game to a player at their limit."""
    if settings.turn_games <= 0:
        return
    tx.lock_user(user_id)  # two joins (or a join and a new table) at once count one after the other
    playing, done = counts(tx, user_id)
    n = allowed(settings, done)
    if playing >= n:
        grows = (f", one more for every {settings.turn_games_every} games you finish, up to {settings.turn_games_max}"
                 if settings.turn_games_every > 0 and settings.turn_games_max > settings.turn_games else "")
        raise ConflictError(f"you are in {playing} turn-based games, the most you may play at once: finish one first "
                            f"(the limit is {settings.turn_games}{grows}; you have finished {done}, so yours is {n})")


def create_table(store: Store, settings: Settings, t: TableRow) -> None:
    """Store a new table (``Store.create_table``), unless it is turn-based and its host is at their limit."""
    if is_turn(t.clock) and t.owner:
        owner = str(t.owner)
        store.create_table(t, None, check=lambda tx: check_limit(tx, owner, settings))
    else:
        store.create_table(t, None)
