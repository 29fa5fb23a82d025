"""The Executives expansion module (option ``executives``; NET-EXEC-01..11, NET-OPT-03/04).

Each player is privately dealt 2 Executive boards and keeps 1 with an artwork side (a private
decision, like the Pilot Season offer); the board not kept goes back to the box.  Choices are
revealed once everyone has chosen.  The boards (``executive_data``) carry generic parameters,
applied here, and an effect key whose behaviour is one of the functions registered below.

The state lives in ``s.extra``, only when the option is on (values are immutable and flat, so
clones share them and JSON keeps them):

* ``x``  per player, the board kept (-1 while choosing);  ``xs``: its artwork side (0/1);
* ``xo`` 2 per player, the private offer (-1, -1 once chosen);  ``xb``: the boards in the box;
* ``xr`` the choices are revealed;  ``xm``: per player, Beeb's rondel space (-1: off the rondel);
* ``xg`` per player, Gorilla took its early turn this round;  ``xe``: the player in that turn, or None.

The other rule modules call in through a few hooks that test ``s.xon`` (set by ``deal_executives``:
``"x" in s.extra``); with the option off nothing here runs.
"""

from __future__ import annotations

from typing import Any, Final

from primetime.games.networks.executive_data import EXECUTIVE_HANDLERS, Executives, default_executives
from primetime.games.networks.rules.genre_grid import pass_grid_cash
from primetime.games.networks.rules.green_room import has_effect, passive_sum
from primetime.games.networks.rules.log import pname
from primetime.games.networks.rules.production import commit_production, production_cost
from primetime.games.networks.rules.rounds import end_turn, is_last
from primetime.games.networks.rules.turns import _apply_turn
from primetime.games.networks.state import NetState
from primetime.games.networks.tables import TK_AD, TK_ATTACH, TK_NET, TK_PASS, TK_SHOW, TK_STAR

EX: Final[Executives] = default_executives()

# Beeb's rondel (NET-EXEC-05): five spaces clockwise, each one action of the menu.
RONDEL: Final = ("Talent", "Sponsors", "Network", "Studio", "Edit")
RONDEL_CODES: Final = (TK_STAR, TK_AD, TK_NET, TK_SHOW, TK_ATTACH)
SPACE_OF: Final = {code: i for i, code in enumerate(RONDEL_CODES)}


def _register(fn: Any) -> Any:
    EXECUTIVE_HANDLERS[fn.__name__] = fn
    return fn


# ----------------------------------------------------------------------------- lookups


# Looked up on every turn: each board's effect key and parameters by index, and at index -1
# (no board) nothing.
EFFECTS: Final[tuple[str, ...]] = tuple([b.effect for b in EX.boards] + [""])
PARAMS: Final[tuple[dict[str, int], ...]] = tuple([b.params for b in EX.boards] + [{}])


def board(s: NetState, p: int) -> int:
    """The Executive ``p`` kept, or -1 (none yet, the option off, or the solo opponent)."""
    xs = s.extra.get("x")
    if xs is None or p < 0:
        return -1
    i: int = xs[p]
    return i


def effect(s: NetState, p: int) -> str:
    """The effect of the Executive ``p`` kept ("" for none: ``EFFECTS[-1]``)."""
    return EFFECTS[board(s, p)]


# Per board, the parameters that differ while a module is on: ((module, {key: value}), ...).
MODULE_PARAMS: Final[tuple[tuple[tuple[str, dict[str, int]], ...], ...]] = tuple(
    [tuple(b.module_params.items()) for b in EX.boards] + [()])


def param(s: NetState, p: int, key: str, default: int = 0) -> int:
    """The kept board's parameter, as a module that is on changes it (``module_params`` in the data)."""
    return board_param(s, board(s, p), key, default)


def board_param(s: NetState, i: int, key: str, default: int = 0) -> int:
    """Board ``i``'s parameter in this game: its data's, or a module's that is on (``module_params``)."""
    for module, over in MODULE_PARAMS[i]:
        if key in over and s.opts.get(module):
            return int(over[key])
    return int(PARAMS[i].get(key, default))


def mogul_limit(s: NetState, p: int) -> int:
    """How many Moguls ``p`` may own: 1, or 2 for the Specialist (NET-MOGUL-02, NET-EXEC-08).
    The Moguls module reads it when a player lands on a Mogul token."""
    return param(s, p, "moguls", 1)


def end_viewers(s: NetState, p: int) -> int:
    """The Execs end-game category (NET-GAP-19)."""
    return param(s, p, "end_viewers")


def _put(s: NetState, key: str, p: int, value: Any) -> None:
    t = list(s.extra[key])
    t[p] = value
    s.extra[key] = tuple(t)


# ----------------------------------------------------------------------------- the choice (NET-EXEC-02)


def deal_executives(s: NetState) -> None:
    """Deal 2 eligible boards to every player, after the pilot offers, and push the private
    choices (before Pilot Season) and their reveal."""
    n = s.n
    eligible = EX.eligible(s.opts)  # NET-OPT-04: the Specialist only with Moguls
    pool = list(eligible)
    s.rng.shuffle(pool)
    offers: list[int] = []
    for _ in range(n):
        offers += [pool.pop(), pool.pop()]
    box = [i for i in range(len(EX.boards)) if i not in eligible] + pool
    s.extra.update(x=(-1,) * n, xs=(0,) * n, xo=tuple(offers), xb=tuple(sorted(box)), xr=False,
                   xm=(-1,) * n, xg=(False,) * n, xe=None)
    s.xon = True
    s.stack.append(("x_done",))
    for p in reversed(range(n)):
        s.stack.append(("x_choose", p))


def offer(s: NetState, p: int) -> list[int]:
    xo = s.extra["xo"]
    return [int(i) for i in xo[2 * p:2 * p + 2] if i >= 0]


def choose_options(s: NetState, p: int) -> list[str]:
    """``x:<board>:<side>`` for both boards of the offer and both artwork sides."""
    return [f"x:{EX.boards[i].id}:{side}" for i in sorted(offer(s, p)) for side in (0, 1)]


def apply_choose(s: NetState, p: int, key: str) -> None:
    _, ident, side = key.split(":")
    i = EX.by_id[ident]
    rest = [j for j in offer(s, p) if j != i]
    _put(s, "x", p, i)
    _put(s, "xs", p, int(side))
    xo = list(s.extra["xo"])
    xo[2 * p] = xo[2 * p + 1] = -1
    s.extra["xo"] = tuple(xo)
    s.extra["xb"] = tuple(sorted(s.extra["xb"] + tuple(rest)))  # the other board goes back to the box


def reveal(s: NetState) -> None:
    """Everyone has chosen: the boards are turned face up."""
    s.extra["xr"] = True
    if s.mog is not None:  # the Moguls module: the Specialist may own 2 (NET-MOGUL-02, NET-EXEC-08)
        s.mog.limit = [mogul_limit(s, p) for p in range(s.n)]
    if s.log is not None:
        for p in range(s.n):
            b = EX.boards[board(s, p)]
            s.say(f"{pname(s, p)} is the {b.name} (complexity {b.complexity}).")


# ----------------------------------------------------------------------------- a round begins


def round_start(s: NetState) -> None:
    """Pushed by ``rounds.start_round``: the round-1 cash adjustment, Gorilla's early turn."""
    s.extra["xg"] = (False,) * s.n
    if s.round == 1:
        for p in range(s.n):
            d = param(s, p, "start_cash")
            if d:
                pl = s.players[p]
                pl.cash = max(0, pl.cash + d)
                if s.log is not None:
                    s.say(f"{pname(s, p)} {'gains' if d > 0 else 'pays'} ${abs(d)}M ({EX.boards[board(s, p)].name}).")
    first = s.order[0]
    for p in range(s.n):
        if effect(s, p) == "gorilla" and p != first:
            s.stack.append(("x_gorilla", p))


def gorilla_options(s: NetState, p: int) -> list[str]:
    return ["x:early", "x:wait"]


@_register
def gorilla(s: NetState, p: int, key: str) -> None:
    """NET-EXEC-07: a turn before the 1st player (one action, not a pass), for the pass bonus."""
    s.stack.pop()
    if key == "x:early":
        _put(s, "xg", p, True)
        s.extra["xe"] = p
        s.cur = p
        s.stack.append(("turn", p, 2))
        if s.log is not None:
            s.say(f"{pname(s, p)} takes a turn before the 1st player (Gorilla).")


# ----------------------------------------------------------------------------- the turn menu


def turn_menu(s: NetState, p: int, acted: int, out: list[str]) -> list[str]:
    """The turn options ``turns.turn_options`` gave, changed by ``p``'s Executive."""
    eff = effect(s, p)
    if not eff and acted != 0:  # most boards change nothing after the first action
        return out
    if eff == "rondel" and acted != 1:
        out = _rondel_filter(s, p, out)
    elif eff == "butcher" and acted != 1:
        out = out + _butcher_shows(s, p, out)
    elif eff == "cable":
        if acted == 1:
            out = out + _cable_pass(s, p)
        elif acted == 0:
            out = [k for k in out if k[:5] != "pass:"] + _cable_pass(s, p)
    if acted == 0 and s.extra["xg"][p]:  # Gorilla's early turn cost this round's pass bonus
        out = [k for k in out if k[:5] != "pass:"] + ["x:pass"]
    return out


def holds_turn(s: NetState, p: int) -> bool:
    """After the action, does ``p`` still have a choice of its Executive's (Cable may pass)?"""
    return effect(s, p) == "cable"


def reachable(s: NetState, p: int) -> list[int]:
    """Beeb's rondel spaces the marker may move to now."""
    pos = s.extra["xm"][p]
    if pos < 0:
        return list(range(len(RONDEL)))
    return sorted((pos + k) % len(RONDEL) for k in range(1, param(s, p, "max_step", 3) + 1))


def _rondel_filter(s: NetState, p: int, out: list[str]) -> list[str]:
    ok = reachable(s, p)
    tk = s.T.turn_key
    keep = []
    for k in out:
        t = tk.get(k)
        if t is None or t[0] not in SPACE_OF or SPACE_OF[t[0]] in ok:
            keep.append(k)
    return keep


def _butcher_shows(s: NetState, p: int, out: list[str]) -> list[str]:
    """Shows Butcher can produce only by paying to treat every slot as optional."""
    pl = s.players[p]
    left = pl.cash - param(s, p, "cost", 3)
    T = s.T
    k_show, cost = T.k_show, T.cost
    ca = passive_sum(s, p, "creative_accounting")  # production_cost with nothing attached, once for every show
    have = set(out)
    add = []
    for shows in (s.display[0], pl.reserved):
        for c in shows:
            if k_show[c] not in have and left >= max(0, cost[c] - ca):
                add.append(k_show[c])
    return add


def _cable_pass(s: NetState, p: int) -> list[str]:
    """NET-EXEC-06: the viewer bonus only; passing last gives nothing."""
    if is_last(s, p) or not s.T.pass_viewers[s.n][len(s.pass_order)]:
        return ["x:pass"]
    if has_effect(s, p, "preempted_timeslot") >= 0:
        return ["pass:viewers", "pass:viewers:x2"]
    return ["pass:viewers"]


def apply_turn(s: NetState, p: int, key: str, acted: int) -> None:
    """A turn key with the Executives on: the Executive's own keys, Beeb's marker, pass bonuses."""
    t = s.T.turn_key.get(key)
    if t is None:
        if key == "x:pass":
            _pass_empty(s, p)
        return
    code = t[0]
    if code in SPACE_OF and effect(s, p) == "rondel":
        rondel(s, p, SPACE_OF[code])
    _apply_turn(s, p, key, acted)
    if code == TK_PASS:
        _pass_params(s, p, key)


@_register
def rondel(s: NetState, p: int, space: int) -> None:
    """NET-EXEC-05: Beeb's marker moves to the space of the action; exactly 1 space pays."""
    pos = s.extra["xm"][p]
    _put(s, "xm", p, space)
    if pos >= 0 and (space - pos) % len(RONDEL) == 1:
        s.players[p].cash += param(s, p, "step_cash", 1)


def _pass_empty(s: NetState, p: int) -> None:
    """A pass with no bonus of the pass track (Cable passing last, Gorilla after its early turn).
    With Telly Time the $1M per empty Genre Grid square still pays: seed 003 gives it "in addition
    to any other eligible pass reward" (NET-TELLY-07), a reward of its own that Cable's and
    Gorilla's drawbacks do not take away."""
    pl = s.players[p]
    track = s.setup.pass_track
    col = len(track) - 1 if is_last(s, p) else len(s.pass_order)
    s.stack.pop()  # the turn step
    s.pass_order.append(p)
    pl.pass_col = col
    pl.cash += passive_sum(s, p, "pass_cash")  # a network card's own bonus still pays
    grid_cash = pass_grid_cash(s, p)
    pl.cash += grid_cash
    if s.log is not None:
        s.say(f"{pname(s, p)} passes in column {col + 1} without the pass track's bonus.")
        if grid_cash:
            s.say(f"{pname(s, p)} gains ${grid_cash}M for the empty squares of their Genre Grid.")
    end_turn(s, p)


def _pass_params(s: NetState, p: int, key: str) -> None:
    """The board's pass_cash / pass_viewers on the bonus just taken (never below 0)."""
    pl = s.players[p]
    if key.startswith("pass:viewers"):
        d = param(s, p, "pass_viewers")
        if d:
            pl.pass_viewers = max(0, pl.pass_viewers + d)
    else:
        d = param(s, p, "pass_cash")
        if d:
            c = s.setup.pass_track[pl.pass_col]
            pl.cash += max(d, -c.cash * (2 if key.endswith(":x2") else 1))


# ----------------------------------------------------------------------------- producing


def butcher_option(s: NetState, p: int, out: list[str]) -> list[str]:
    """NET-EXEC-09: before attaching anything, Butcher may pay to treat every slot as optional."""
    pr = s.prod
    assert pr is not None
    if effect(s, p) != "butcher" or pr["atts"] or "xb" in pr or pr["src"] == "pilot":
        return out
    if s.players[p].cash - param(s, p, "cost", 3) < production_cost(s, p, pr["show"], (), pr["src"]):
        return out
    return ([] if out == ["abort"] else out) + ["x:butcher"]


@_register
def butcher(s: NetState, p: int) -> None:
    pr = s.prod
    assert pr is not None
    pr["xb"] = True  # production._prod_extras: the show ignores its required slots
    fee = param(s, p, "cost", 3)
    s.players[p].cash -= fee
    if s.log is not None:
        s.say(f"{pname(s, p)} pays ${fee}M to treat every slot as optional (Butcher).")


@_register
def procrastinator(s: NetState, p: int) -> bool:
    """NET-EXEC-11: the genre step of a production is asked (as for Versatile Actor)."""
    return effect(s, p) == "procrastinator"


def commit(s: NetState, p: int) -> None:
    """``production.commit_production``, then Flix's show starts on row 1."""
    pr = s.prod
    assert pr is not None
    slot = pr["slot"]
    commit_production(s, p)
    if effect(s, p) == "flix":
        flix(s, p, slot)


@_register
def flix(s: NetState, p: int, slot: int) -> None:
    """NET-EXEC-10: no timeslot penalty."""
    sh = s.players[p].own(slot)
    if sh is not None:
        sh.row = 0


@_register
def cable(s: NetState, p: int) -> list[str]:
    """NET-EXEC-06 (the registry's entry: the pass keys Cable has now)."""
    return _cable_pass(s, p)


@_register
def specialist(s: NetState, p: int) -> int:
    """NET-EXEC-08 (the registry's entry)."""
    return mogul_limit(s, p)


# ----------------------------------------------------------------------------- hidden information


def unseen(s: NetState, viewer: int) -> list[int]:
    """While choosing: the eligible boards ``viewer`` has not seen (the others' offers and
    choices and the box; its own unkept board counts as unseen, as with pilot cards)."""
    mine = set(offer(s, viewer))
    if s.extra["x"][viewer] >= 0:
        mine.add(s.extra["x"][viewer])
    return sorted(i for i in EX.eligible(s.opts) if i not in mine)


def redeal(d: Any, viewer: int, rng: Any) -> None:
    """Deal the others' offers and (unrevealed) choices again from what ``viewer`` has not seen:
    in sorted order (``rng`` None, the canonical arrangement) or at random."""
    if d.extra["xr"]:
        return
    pool = unseen(d, viewer)
    if rng is not None:
        rng.shuffle(pool)
    xo = list(d.extra["xo"])
    x = list(d.extra["x"])
    xs = list(d.extra["xs"])
    for q in range(d.n):
        if q == viewer:
            continue
        for j in (2 * q, 2 * q + 1):
            if xo[j] >= 0:
                xo[j] = pool.pop()
        if x[q] >= 0:
            x[q] = pool.pop()
            xs[q] = 0
    d.extra.update(xo=tuple(xo), x=tuple(x), xs=tuple(xs))
    d.extra["xb"] = tuple(sorted([i for i in range(len(EX.boards)) if i not in EX.eligible(d.opts)] + pool))
