"""2. Broadcasting Phase, its first two subphases: 2.1 Forecast Demographic Change
(PT-BCAST-01/02) and 2.2 Schedule Submission (PT-BCAST-03..14), with the screens of the
Simultaneous Scheduling variant (PT-SIM-01/02).
"""

from __future__ import annotations

from primetime.games.prime_time.cards import SINGLE
from primetime.games.prime_time.rules.core import DAY_INDEX, DAY_NAMES, MOVE_KEYS, RERUN_KEYS, ROW_NAMES, name, pname, rules, show_name
from primetime.games.prime_time.state import RERUN, PTState, Slot


def step_broadcast(s: PTState) -> None:
    """2.1 Forecast (PT-BCAST-01/02), then 2.2 schedules in turn order (PT-BCAST-03)."""
    R = rules(s)
    row = (s.round - 1) % R.season  # rounds 1 & 4: lower row, 2 & 5: middle, 3 & 6: top
    moved = 0
    for d in range(s.days):
        c = s.forecast[row][d]
        if c >= 0:
            s.pools[d][c] += 1
            s.forecast[row][d] = -1
            moved += 1
    if s.log is not None:
        s.say(f"Forecast: {moved} cube(s) from the {ROW_NAMES[row] if row < 3 else row} row join the daily pools.")
    for pl in s.players:
        for sl in pl.guide:
            if sl is not None:
                sl.new = False
    s.phase = "schedule"
    if s.opts.get("simultaneous"):
        # PT-SIM-01/02: screens up; views show every guide as it stood before scheduling.
        s.screen = [([g.copy() if g is not None else None for g in pl.guide], (len(pl.shows), len(pl.talents), pl.reruns))
                    for pl in s.players]
    s.stack.append(("ratings",))
    for p in reversed(s.order):
        s.stack.append(("sched", p, 0))


def sched_options(s: PTState, p: int, mask: int) -> list[str]:
    """PT-BCAST-05..14: one pick of a schedule submission."""
    cat = s.cat
    sched_keys = rules(s).sched_keys  # [card][day]: "show:<card>:<day>" or "talent:<card>:<day>"
    pl = s.players[p]
    guide = pl.guide
    days = s.days
    empty = []  # plain loops: on lists this short, a comprehension's own call costs more
    for d in range(days):
        if guide[d] is None:
            empty.append(d)
    out = []
    for c in pl.shows:  # PT-BCAST-14: new shows only on free days
        ks = sched_keys[c]
        for d in empty:
            out.append(ks[d])
    if pl.reruns:  # PT-BCAST-08
        for d in empty:
            out.append(RERUN_KEYS[d])
    if pl.talents:
        dur, ttype = cat.dur, cat.ttype
        for d in range(days):
            sl = guide[d]
            if sl is None or sl.show < 0 or dur[sl.show] == SINGLE:
                continue  # PT-BCAST-06: talents only on Series and Mini-Series
            types = []
            for x in sl.talents:
                types.append(ttype[x])
            for t in pl.talents:
                if ttype[t] not in types:  # PT-BCAST-07
                    out.append(sched_keys[t][d])
    used = bin(mask).count("1")
    if used < 2:  # PT-BCAST-09: move up to 2 shows already on the guide
        for d in range(days):
            sl = guide[d]
            if sl is None or sl.show < 0 or sl.new or mask >> d & 1:
                continue
            mk = MOVE_KEYS[d]
            for e in range(days):
                if e == d:
                    continue
                o = guide[e]
                if o is None:
                    out.append(mk[e])
                elif e > d and used == 0 and o.show >= 0 and not o.new:
                    out.append(mk[e])  # PT-AMB-32: a swap moves both
    out.append("done")
    return out


def new_slot(s: PTState, show: int) -> Slot:
    sp = s.cat.rerun_spaces if show == RERUN else s.cat.spaces[show]
    return Slot(show, [], [[-1] * len(sp)], True)


def apply_sched(s: PTState, p: int, mask: int, key: str) -> None:
    pl = s.players[p]
    cat = s.cat
    secret = bool(s.opts.get("simultaneous"))
    parts = key.split(":")
    head = parts[0]
    if head == "done":
        s.stack.pop()
        if s.log is not None:
            s.say(f"{pname(p)} submits a schedule" + (" (hidden until everyone has submitted)." if secret else "."))
        return
    if head == "show":
        c = cat.by_id[parts[1]]
        d = DAY_INDEX[parts[2]]
        pl.shows.remove(c)
        pl.guide[d] = new_slot(s, c)
        if not secret and s.log is not None:
            s.say(f"{pname(p)} schedules {name(s, c)} on {DAY_NAMES[d]}.")
    elif head == "rerun":
        d = DAY_INDEX[parts[1]]
        pl.reruns -= 1
        pl.guide[d] = new_slot(s, RERUN)
        if not secret and s.log is not None:
            s.say(f"{pname(p)} schedules a Re-Run on {DAY_NAMES[d]}.")
    elif head == "talent":
        t = cat.by_id[parts[1]]
        d = DAY_INDEX[parts[2]]
        sl = pl.guide[d]
        assert sl is not None
        pl.talents.remove(t)
        sl.talents.append(t)
        sl.cubes.append([-1] * len(cat.spaces[t]))
        if not secret and s.log is not None:
            s.say(f"{pname(p)} hires {name(s, t)} for {show_name(s, sl.show)}.")
    elif head == "move":
        d, e = DAY_INDEX[parts[1]], DAY_INDEX[parts[2]]
        a, b = pl.guide[d], pl.guide[e]
        pl.guide[d], pl.guide[e] = b, a
        mask |= 1 << e
        if b is not None:
            mask |= 1 << d
        s.stack[-1] = ("sched", p, mask)
        if not secret and s.log is not None:
            assert a is not None
            s.say(f"{pname(p)} moves {show_name(s, a.show)} to {DAY_NAMES[e]}"
                  + (f" and {show_name(s, b.show)} to {DAY_NAMES[d]}." if b is not None else "."))
