"""The order of play: a round begins (its display dealt), turns go round the table to the players
who have not passed, the last one ends the round (NET-TURN-02/04/05, NET-PASS-04, NET-EOR-01,
NET-EOR-13).  The steps of the end of round are in :mod:`.round_end`."""

from __future__ import annotations

from typing import Any

from primetime.games.networks.rules.decks import draw
from primetime.games.networks.state import OPP, NetState
from primetime.games.networks.tables import AD, NET, SHOW, STAR


def is_last(s: NetState, p: int) -> bool:
    return len(s.pass_order) == len(s.order) - 1 and p not in s.pass_order


def start_round(s: NetState) -> None:
    s.round += 1
    s.phase = "play"
    s.pass_order = []
    for pl in s.players:
        pl.pass_col, pl.pass_viewers = -1, 0
    if s.solo:  # NET-SOLO-12: a fresh opponent deck every round
        s.solo_deck = list(range(len(s.cat.solo)))
        s.rng.shuffle(s.solo_deck)
        s.solo_parked = 0
    deal_display(s)
    if s.log is not None:
        s.say(f"Round {s.round} begins.")
    begin_turn(s, s.order[0])
    if s.xon:  # Executives: round-start effects (rules.executives.round_start)
        s.stack.append(("x_round",))


def deal_display(s: NetState) -> None:
    """NET-EOR-13 / NET-BOARD-05: a complete new display."""
    d = s.setup.display
    for k, count in ((SHOW, d.show), (STAR, d.star), (AD, d.ad), (NET, d.network)):
        deck = s.decks[k]
        n = len(deck)
        if n >= count:  # no reshuffle: the deck's top cards, top first, as ``draw`` gives them
            top = deck[n - count:]
            del deck[n - count:]
            top.reverse()
            s.display[k] += top
            continue
        for _ in range(count):
            c = draw(s, k)
            if c is None:
                break
            s.display[k].append(c)


def begin_turn(s: NetState, p: int) -> None:
    s.cur = p
    if p == OPP:
        s.stack.append(("opp_turn",))
    else:
        s.stack.append(("turn", p, 0))


def end_turn(s: NetState, p: int) -> None:
    """Move to the next player in turn order who has not passed (NET-TURN-02/04/05)."""
    xe = s.extra.get("xe") if s.xon else None
    if xe is not None and xe == p:  # Executives: Gorilla's early turn; the 1st player's turn is on the stack
        s.extra["xe"] = None
        s.cur = s.order[0]
        return
    order = s.order
    if not s.pass_order:  # nobody has passed: the next seat in turn order
        s.stack.append(_next_seat(s, p))
        return
    po = s.pass_order
    if s.solo and 0 in po:  # NET-SOLO-08
        end_of_round(s)
        return
    n = len(order)
    i = order.index(p)
    for k in range(1, n + 1):
        q = order[(i + k) % n]
        if q not in po:
            begin_turn(s, q)
            return
    end_of_round(s)  # everyone has passed


def finish_turn(s: NetState, p: int) -> None:
    """``p``'s turn step, on top of the stack, is over: ``end_turn``.  While nobody has passed (and
    without Executives, whose Gorilla may hold the turn order) the next seat's turn step takes its
    place on the stack, which then neither shrinks nor grows."""
    if s.pass_order or s.xon:
        s.stack.pop()
        end_turn(s, p)
        return
    s.stack[-1] = _next_seat(s, p)


def _next_seat(s: NetState, p: int) -> tuple[Any, ...]:
    """While nobody has passed: the next seat after ``p`` in turn order becomes the current player;
    its turn step."""
    order = s.order
    q = order[(order.index(p) + 1) % len(order)]
    s.cur = q
    return ("opp_turn",) if q == OPP else ("turn", q, 0)


def end_of_round(s: NetState) -> None:
    """NET-EOR-01: upkeep, score, age, (genres), clear pass track, first player, display."""
    s.phase = "round_end"
    humans = [q for q in s.order if q != OPP]
    s.stack.append(("eor_final",))
    for q in reversed(humans):
        s.stack.append(("eor_age", q, 0))
    s.stack.append(("eor_score",))
    if s.opts.get("telly_time"):  # NET-TELLY-11: Quiz shows spend during scoring, after upkeep
        for q in reversed(humans):
            s.stack.append(("eor_quiz", q))
    for q in reversed(humans):
        s.stack.append(("eor_upkeep", q))
