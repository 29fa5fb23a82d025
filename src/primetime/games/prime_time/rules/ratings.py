"""2.3 Ratings War (PT-RATE): day by day, each player's primary potential, then players in
turn order take cubes from the day's pool onto their cards, primary cubes first, then the
remaining ones; hidden schedules are revealed first (PT-SIM-01).
"""

from __future__ import annotations

from typing import Final

from primetime.core.words import a
from primetime.games.prime_time.cards import ANY, BLACK, COLOURS, SPACE_COLOURS
from primetime.games.prime_time.rules.core import COLOUR_INDEX, DAY_NAMES, SPACE_INDEX, name, pname, pool_total, rules, show_name
from primetime.games.prime_time.state import NOSHOW, RERUN, PTState, Slot


def step_ratings(s: PTState) -> None:
    """2.3 Ratings War, day by day (PT-RATE-01); reveal hidden schedules first (PT-SIM-01)."""
    if s.screen is not None:
        s.screen = None
        if s.log is not None:
            s.say("All schedules are revealed.")
            for p in s.order:
                s.say(f"{pname(p)}: " + guide_text(s, p))
    s.phase = "ratings"
    s.stack.append(("post",))
    for d in reversed(range(s.days)):
        s.stack.append(("day", d))


def guide_text(s: PTState, p: int) -> str:
    parts = []
    for d, sl in enumerate(s.players[p].guide):
        if sl is None:
            continue
        t = show_name(s, sl.show)
        if sl.talents:
            t += " with " + ", ".join(name(s, x) for x in sl.talents)
        parts.append(f"{DAY_NAMES[d]}: {t}")
    return "; ".join(parts) or "nothing scheduled"


def potential(s: PTState, sl: Slot | None) -> int:
    """PT-RATE-02: stars on the show and its talents + 1 per genre-matching talent."""
    if sl is None or sl.show < 0:
        return 0
    cat = s.cat
    g = cat.genre[sl.show]
    v = cat.stars[sl.show]
    for t in sl.talents:
        v += cat.stars[t]
        if cat.genre[t] == g:
            v += 1
    return v


def card_spaces(s: PTState, sl: Slot, i: int) -> tuple[int, ...]:
    return show_spaces(s, sl) if i == 0 else s.cat.spaces[sl.talents[i - 1]]


def show_spaces(s: PTState, sl: Slot) -> tuple[int, ...]:
    """The cube spaces of the slot's first card: its show, a Re-Run's, or none."""
    show = sl.show
    return s.cat.rerun_spaces if show == RERUN else (() if show == NOSHOW else s.cat.spaces[show])


def can_take(s: PTState, p: int, d: int) -> bool:
    """PT-RATE-05: is there a cube in the day's pool that ``p`` can place?"""
    sl = s.players[p].guide[d]
    if sl is None:
        return False
    pool = s.pools[d]
    black = pool[BLACK] > 0
    cat_spaces = s.cat.spaces
    sp = show_spaces(s, sl)
    i = 0
    for filled in sl.cubes:
        if i:
            sp = cat_spaces[sl.talents[i - 1]]
        i += 1
        for k, f in enumerate(filled):
            if f < 0:
                x = sp[k]
                if black or x == ANY or pool[x]:
                    return True
    return False


def cube_options(s: PTState, p: int, d: int, stage: int) -> list[str]:
    """PT-RATE-04/09: take one cube of the day's pool onto one of the day's cards."""
    sl = s.players[p].guide[d]
    out: list[str] = []
    if sl is not None:
        pool = s.pools[d]
        cube_keys = rules(s).cube_keys  # [card + 2][colour * 6 + space colour]
        # each card's keys and the colours of its empty spaces, each colour once, in the card's order
        # (a key names a card and a space colour, not a space)
        cards: list[tuple[list[str], list[int]]] = []
        cat_spaces = s.cat.spaces
        show = sl.show
        sp = show_spaces(s, sl)
        i = 0
        for filled in sl.cubes:
            if i:
                t = sl.talents[i - 1]
                sp, ck = cat_spaces[t], cube_keys[t + 2]
            else:
                ck = cube_keys[show + 2]
            i += 1
            xs: list[int] = []
            for k, f in enumerate(filled):
                if f < 0:
                    x = sp[k]
                    if x not in xs:
                        xs.append(x)
            if xs:
                cards.append((ck, xs))
        if cards:
            for col in _COLOURS:
                if not pool[col]:
                    continue
                base = col * 6
                for ck, xs in cards:
                    for x in xs:
                        if col == BLACK or x == ANY or x == col:
                            out.append(ck[base + x])
    if stage == 0:
        out.append("pass")  # PT-RATE-13: remaining allocation is optional
    return out


_COLOURS: Final = tuple(range(len(COLOURS)))  # the cube colours' indexes


# cube keys -> (colour, space colour, card token): the same for every card set
_CUBE_KEYS: Final[dict[str, tuple[int, int, str]]] = {}


def apply_cube(s: PTState, p: int, d: int, stage: int, key: str) -> None:
    s.stack.pop()
    if key == "pass":
        s.passed[p] = True
        if s.log is not None:
            s.say(f"{pname(p)} passes.")
        return
    parsed = _CUBE_KEYS.get(key)
    if parsed is None:
        _, cname, tok, spname = key.split(":")
        parsed = _CUBE_KEYS[key] = (COLOUR_INDEX[cname], SPACE_INDEX[spname], tok)
    col, want, tok = parsed
    sl = s.players[p].guide[d]
    assert sl is not None
    ids = s.cat.ids
    if tok == "rerun" or (sl.show >= 0 and ids[sl.show] == tok):
        i = 0
    else:
        i = 1
        for t in sl.talents:
            if ids[t] == tok:
                break
            i += 1
        else:
            raise ValueError(f"{tok!r} is not on the day's cards")
    sp = card_spaces(s, sl, i)
    filled = sl.cubes[i]
    for k in range(len(sp)):
        if filled[k] < 0 and sp[k] == want:
            break
    else:
        raise AssertionError(f"no empty {SPACE_COLOURS[want]} space for {key}")
    filled[k] = col
    s.pools[d][col] -= 1
    if stage == 1:
        s.alloc[p] -= 1
    if s.log is not None:
        card = show_name(s, sl.show) if i == 0 else name(s, sl.talents[i - 1])
        s.say(f"{pname(p)} places {a(COLOURS[col])} cube on {card}.")


def step_day(s: PTState, d: int) -> None:
    """PT-RATE-01/02: start a day: primary potential per player, then allocate."""
    for p in range(s.n):
        s.alloc[p] = potential(s, s.players[p].guide[d])
        s.passed[p] = False
    if s.log is not None:
        s.say(f"{DAY_NAMES[d]}: primary potential " + ", ".join(f"{pname(p)} {s.alloc[p]}" for p in s.order) + ".")
    s.stack.append(("alloc", d, 1, 0, 0))


def step_alloc(s: PTState, d: int, stage: int, pos: int, idle: int) -> None:
    """PT-RATE-04/05/07/09: players in turn order take one cube each until nobody can.

    ``stage`` 1 = primary cubes, 0 = remaining cubes; ``idle`` counts players in a row who
    could not take a cube (a full turn of them ends the stage).
    """
    n = s.n
    if pool_total(s, d) == 0:  # the loop below changes no pool
        return
    while True:
        if idle >= n:
            if stage == 1:
                stage, pos, idle = 0, 0, 0
                continue
            return
        p = s.order[pos]
        if (s.alloc[p] > 0 if stage else not s.passed[p]) and can_take(s, p, d):
            s.stack.append(("alloc", d, stage, (pos + 1) % n, 0))
            s.stack.append(("cube", p, d, stage))
            return
        if stage:
            s.alloc[p] = 0  # PT-RATE-05: allocation left but nothing placeable: finished
        else:
            s.passed[p] = True
        idle += 1
        pos = (pos + 1) % n
