"""The decision stack, which takes a game through its phases.

The state holds a stack of pending steps (flat tuples).  ``advance`` resolves automatic
steps until a decision step is on top, calling the rule area of each step; ``legal`` lists the
option keys of that decision and ``apply`` resolves one.  The rule areas only push steps, so
this module is the one that imports them all.
"""

from __future__ import annotations

from typing import Final

from primetime.core.words import a
from primetime.games.prime_time.cards import COLOURS
from primetime.games.prime_time.rules.after_ratings import award_clients, award_variety, cancellations, update_hotness
from primetime.games.prime_time.rules.awards import awards
from primetime.games.prime_time.rules.core import COLOUR_INDEX, DAY_INDEX, DAY_NAMES, KINDS, ROW_NAMES, SHOWS, name, pname, rules
from primetime.games.prime_time.rules.development import (
    BID_KEYS,
    amount_options,
    begin_round,
    do_action,
    outbid_options,
    place_bid,
    place_options,
    pool_options,
    pr_add_options,
    pr_options,
    pr_swap_ok,
    pr_to_options,
    step_dev,
    step_order,
    step_resolve,
)
from primetime.games.prime_time.rules.game_end import final_scoring
from primetime.games.prime_time.rules.income import clean_up, income, next_round
from primetime.games.prime_time.rules.money import pay
from primetime.games.prime_time.rules.ratings import apply_cube, cube_options, step_alloc, step_day, step_ratings
from primetime.games.prime_time.rules.scheduling import apply_sched, sched_options, step_broadcast
from primetime.games.prime_time.rules.setup import keep_shows
from primetime.games.prime_time.state import PTState

# "bid:<kind>:<space>" -> (kind, space), parsed once
BID_SPACES: Final[dict[str, tuple[int, int]]] = {key: (k, i) for k, keys in enumerate(BID_KEYS) for i, key in enumerate(keys)}

# Decision steps; everything else on the stack is resolved automatically.
DECISIONS = frozenset({"keep", "place", "amount", "pr", "pr_add", "pr_to", "pr_swap", "pr_swap2",
                       "outbid", "sched", "cube"})


def step_post(s: PTState) -> None:
    """2.4-2.7, the Awards Ceremony (rounds 3 and 6) and the Income Phase."""
    cancellations(s)
    award_clients(s)
    award_variety(s)
    update_hotness(s)
    R = rules(s)
    if s.round % R.season == 0:
        awards(s)
    income(s)
    if s.round >= R.rounds:
        final_scoring(s)  # PT-END-01 / PT-INC-04: 4.2 and 4.3 are skipped
        return
    clean_up(s)
    next_round(s)


def advance(s: PTState) -> None:
    """Resolve automatic steps until a decision is pending or the game is over."""
    stack = s.stack
    while stack:
        top = stack[-1]
        k: str = top[0]
        if k in DECISIONS:
            if k == "outbid" and len(outbid_options(s, top[1])) == 1:
                stack.pop()  # nothing to do but take the token back (PT-RES-06)
                if s.log is not None:
                    s.say(f"{pname(top[1])} takes an outbid token back (no card or action space is open to it).")
                continue
            if k == "keep" and len(s.players[top[1]].offer) <= rules(s).keep:
                stack.pop()
                keep_shows(s, top[1], -1)
                continue
            return
        stack.pop()
        if k == "dev":
            step_dev(s)
        elif k == "alloc":
            step_alloc(s, top[1], top[2], top[3], top[4])
        elif k == "day":
            step_day(s, top[1])
        elif k == "resolve":
            step_resolve(s)
        elif k == "order":
            step_order(s)
        elif k == "broadcast":
            step_broadcast(s)
        elif k == "ratings":
            step_ratings(s)
        elif k == "post":
            step_post(s)
        elif k == "start":
            begin_round(s)
        else:
            raise AssertionError(f"unknown step {k}")


def current_player(s: PTState) -> int | None:
    if not s.stack:
        return None
    p: int = s.stack[-1][1]  # typed: no int() call in the compiled build
    return p


def _simultaneous(s: PTState, k: str) -> bool:
    """PT-SIM-01: under Simultaneous Scheduling the schedule submissions are made at the same time."""
    return k == "sched" and bool(s.opts.get("simultaneous"))


def pending_players(s: PTState) -> list[int]:
    """Every player who may answer now: the top step's player, and while schedules are built
    behind screens every player still building one (first pending first)."""
    stack = s.stack
    if not stack:
        return []
    top = stack[-1]
    k: str = top[0]
    p: int = top[1]
    if not _simultaneous(s, k):
        return [p]
    out: list[int] = []
    i = len(stack) - 1
    while i >= 0 and stack[i][0] == k:
        q: int = stack[i][1]
        out.append(q)
        i -= 1
    return out


def bring_forward(s: PTState, p: int) -> int:
    """Move ``p``'s step of the pending simultaneous decision to the top of the stack; returns
    where it was (-1: ``p`` has no pending step)."""
    stack = s.stack
    last = len(stack) - 1
    if last < 0:
        return -1
    k: str = stack[last][0]
    simul = _simultaneous(s, k)
    i = last
    while i >= 0 and stack[i][0] == k:
        q: int = stack[i][1]
        if q == p:
            if i != last:
                stack.append(stack.pop(i))
            return i
        if not simul:
            break
        i -= 1
    return -1


def legal_for(s: PTState, p: int) -> list[str]:
    """The option keys of ``p``'s pending decision ([] if ``p`` has none)."""
    stack = s.stack
    if stack and stack[-1][1] == p:
        return legal(s)
    i = bring_forward(s, p)
    if i < 0:
        return []
    try:
        return legal(s)
    finally:
        stack.insert(i, stack.pop())


def apply_for(s: PTState, p: int, key: str) -> None:
    """Resolve ``p``'s pending decision with ``key`` (already checked to be legal for ``p``);
    a schedule still being built keeps its place among the others."""
    stack = s.stack
    i = bring_forward(s, p)
    apply(s, key)
    if 0 <= i < len(stack) - 1 and stack[-1][1] == p and _simultaneous(s, stack[-1][0]):
        stack.insert(i, stack.pop())


def is_over(s: PTState) -> bool:
    return s.phase == "over"


def legal(s: PTState) -> list[str]:
    """Option keys of the pending decision, in a stable order."""
    if not s.stack:
        return []
    top = s.stack[-1]
    k: str = top[0]
    p: int = top[1]
    if k == "cube":
        return cube_options(s, p, top[2], top[3])
    if k == "place":
        return place_options(s, p)
    if k == "sched":
        return sched_options(s, p, top[2])
    if k == "amount":
        return amount_options(s, p, top[2], top[3])
    if k == "outbid":
        return outbid_options(s, p)
    if k == "keep":
        return [f"discard:{s.cat.ids[c]}" for c in s.players[p].offer]
    if k == "pr":
        return pr_options(s)
    if k == "pr_add":
        return pr_add_options(s)
    if k == "pr_to":
        return pr_to_options(s, top[3] if top[2] == "pool" else -1)
    if k == "pr_swap":
        return pool_options(s) if pr_swap_ok(s) else []
    if k == "pr_swap2":
        return pool_options(s, top[2])
    raise AssertionError(f"no options for step {k}")


def apply(s: PTState, key: str) -> None:
    """Resolve the pending decision with ``key`` (already checked to be legal)."""
    stack = s.stack
    top = stack[-1]
    k: str = top[0]
    p: int = top[1]
    if k == "cube":
        apply_cube(s, p, top[2], top[3], key)
    elif k == "sched":
        apply_sched(s, p, top[2], key)
    elif k == "place":
        stack.pop()
        s.players[p].tokens -= 1
        bid = BID_SPACES.get(key)
        if bid is not None:
            stack.append(("amount", p, bid[0], bid[1]))
        elif key.startswith("bid:"):
            _, kind, i = key.split(":")
            stack.append(("amount", p, KINDS.index(kind), int(i)))
        else:
            do_action(s, p, key)
    elif k == "amount":
        stack.pop()
        place_bid(s, p, top[2], top[3], int(key[4:]))
    elif k == "outbid":
        stack.pop()
        if key.startswith("buy:"):
            _, kind, i = key.split(":")
            ki, ii = KINDS.index(kind), int(i)
            c = s.spaces[ki][ii]
            price = rules(s).fallback[s.cat.tier[c]]
            pay(s, p, price)
            (s.players[p].shows if ki == SHOWS else s.players[p].talents).append(c)
            s.spaces[ki][ii] = -1
            if s.log is not None:
                s.say(f"{pname(p)} moves an outbid token and buys {name(s, c)} for ${price}.")
        elif key == "none":
            if s.log is not None:
                s.say(f"{pname(p)} takes an outbid token back.")
        else:
            do_action(s, p, key)
    elif k == "keep":
        stack.pop()
        keep_shows(s, p, s.cat.by_id[key[8:]])
    elif k == "pr":
        stack.pop()
        stack.append(("pr_add", p) if key == "add" else ("pr_swap", p))
    elif k == "pr_add":
        stack.pop()
        parts = key.split(":")
        if parts[0] == "forecast":
            stack.append(("pr_to", p, "forecast", int(parts[1]), DAY_INDEX[parts[2]]))
        else:
            stack.append(("pr_to", p, "pool", DAY_INDEX[parts[1]], COLOUR_INDEX[parts[2]]))
    elif k == "pr_to":
        stack.pop()
        dst = DAY_INDEX[key[3:]]
        if top[2] == "forecast":
            col = s.forecast[top[3]][top[4]]
            s.forecast[top[3]][top[4]] = -1  # PT-ACT-13: the space stays empty
            where = f"the {ROW_NAMES[top[3]] if top[3] < 3 else top[3]} Forecast row ({DAY_NAMES[top[4]]})"
        else:
            col = top[4]
            s.pools[top[3]][col] -= 1
            where = f"{DAY_NAMES[top[3]]}'s pool"
        s.pools[dst][col] += 1
        if s.log is not None:
            s.say(f"{pname(p)} (PR) moves {a(COLOURS[col])} cube from {where} to {DAY_NAMES[dst]}.")
    elif k == "pr_swap":
        stack.pop()
        _, day, cname = key.split(":")
        stack.append(("pr_swap2", p, DAY_INDEX[day], COLOUR_INDEX[cname]))
    elif k == "pr_swap2":
        stack.pop()
        _, day, cname = key.split(":")
        d1, c1, d2, c2 = top[2], top[3], DAY_INDEX[day], COLOUR_INDEX[cname]
        s.pools[d1][c1] -= 1
        s.pools[d2][c2] -= 1
        s.pools[d1][c2] += 1
        s.pools[d2][c1] += 1
        if s.log is not None:
            s.say(f"{pname(p)} (PR) swaps {a(COLOURS[c1])} cube on {DAY_NAMES[d1]} with {a(COLOURS[c2])} cube on {DAY_NAMES[d2]}.")
    else:
        raise AssertionError(f"cannot apply to step {k}")
    advance(s)
