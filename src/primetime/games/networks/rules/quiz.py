"""Telly Time's Quiz spend at round scoring (NET-TELLY-11): after upkeep, each Quiz show in a
player's lineup may spend up to $5M for 1 viewer per $1M, a decision of that player (one per
Quiz show, in lineup order); the viewers count in this round's score (``s.extra["quiz"]``)."""

from __future__ import annotations

from primetime.games.networks import effects as fx
from primetime.games.networks.rules.log import name, pname
from primetime.games.networks.state import NetState


def eor_quiz(s: NetState, p: int) -> None:
    """Push one ``quiz`` decision per Quiz show of ``p`` (none without cash to spend). A Quiz show
    is a show whose genre is Quiz, printed or given while producing it (Procrastinator)."""
    pl = s.players[p]
    if pl.cash <= 0:
        return
    for slot in range(len(pl.lineup) - 1, -1, -1):  # pushed backwards: decided in lineup order
        sh = pl.lineup[slot]
        if sh is not None and sh.genre == "quiz":  # the show's genre, Procrastinator's choice included
            s.stack.append(("quiz", p, slot))


def quiz_options(s: NetState, p: int) -> list[str]:
    """``quiz:<$M>`` from 0 to $5M, as far as the player's cash goes."""
    top = min(fx.QUIZ_MAX_SPEND, s.players[p].cash)
    return [f"quiz:{k}" for k in range(max(0, top) + 1)]


def apply_quiz(s: NetState, p: int, slot: int, key: str) -> None:
    spend = int(key[5:])
    pl = s.players[p]
    pl.cash -= spend
    old = s.extra["quiz"]
    s.extra["quiz"] = tuple(v + spend if q == p else v for q, v in enumerate(old))  # 1 viewer per $1M
    if s.log is not None and spend:
        sh = pl.lineup[slot]
        what = name(s, sh.cid) if sh is not None else "a Quiz show"
        s.say(f"{pname(s, p)} spends ${spend}M on {what} for {spend} viewers.")
