"""Passing (NET-PASS-01..09): the pass options and taking a column of the pass track."""

from __future__ import annotations

from primetime.games.networks.rules.genre_grid import pass_grid_cash
from primetime.games.networks.rules.green_room import _discard_used, has_effect, player_summary
from primetime.games.networks.rules.log import pname
from primetime.games.networks.rules.moguls import on_pass
from primetime.games.networks.rules.rounds import end_turn, is_last
from primetime.games.networks.state import NetState


def pass_options(s: NetState, p: int) -> list[str]:
    out: list[str] = []
    _pass_keys(s, p, has_effect(s, p, "preempted_timeslot") >= 0, out)
    return out


def _pass_keys(s: NetState, p: int, dbl: bool, out: list[str]) -> None:
    """Append the pass options to ``out`` (``dbl``: holding Preempted Timeslot)."""
    out.append("pass:cash")
    po = s.pass_order
    if len(po) == len(s.order) - 1 and p not in po:  # is_last: the last column is cash only (NET-PASS-05)
        if dbl:
            out.append("pass:cash:x2")
    elif s.T.pass_viewers[s.n][len(po)]:
        out.append("pass:viewers")
        if dbl:
            out.append("pass:cash:x2")
            out.append("pass:viewers:x2")
    elif dbl:
        out.append("pass:cash:x2")


def act_pass(s: NetState, p: int, key: str) -> None:
    """NET-PASS-01..09."""
    pl = s.players[p]
    track = s.setup.pass_track
    last = is_last(s, p)
    col = len(track) - 1 if last else len(s.pass_order)
    mult = 2 if key.endswith(":x2") else 1
    if mult == 2:
        _discard_used(s, p, has_effect(s, p, "preempted_timeslot"))
    c = track[col]
    s.stack.pop()  # the turn step
    s.pass_order.append(p)
    pl.pass_col = col
    extra = player_summary(s.T, pl)[10]  # passive_sum(s, p, "pass_cash")
    grid_cash = pass_grid_cash(s, p)  # NET-TELLY-07: $1M per empty grid square, besides the column
    if s.opts.get("telly_time"):
        extra += grid_cash
        if s.log is not None:
            s.say(f"{pname(s, p)} gains ${grid_cash}M for the empty squares of their Genre Grid.")
    if key.startswith("pass:viewers"):
        assert c.viewers is not None
        pl.pass_viewers = c.viewers * mult
        pl.cash += extra
        if s.log is not None:
            s.say(f"{pname(s, p)} passes in column {col + 1} for {pl.pass_viewers} viewers.")
    else:
        pl.cash += c.cash * mult + extra
        if s.log is not None:
            s.say(f"{pname(s, p)} passes in column {col + 1} for ${c.cash * mult}M.")
    if s.mog is not None:  # Double Dipper (the Moguls module)
        on_pass(s, p, c.cash, c.viewers, key)
    end_turn(s, p)
