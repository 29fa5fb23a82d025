"""What network cards do: the behaviour of the effects named in the registry :mod:`primetime.games.networks.effects`.

Each ``@network_effect`` function fills ``effects.NETWORK_HANDLERS`` (and ``effects.USE_CHECKS``:
when a green-room card may be used) under its effect key, when this module is imported; the
rules look the behaviour up there.  Also the choices these cards ask for (the ``pick`` and
``talent`` steps).  Comments cite 001, Card Clarifications (NET-CARD) and NET-NETC.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from primetime.games.networks.effects import NETWORK_HANDLERS, USE_CHECKS
from primetime.games.networks.rules.attach import attach_targets
from primetime.games.networks.rules.decks import cancel, draw
from primetime.games.networks.rules.genre_grid import fill_square, filled_mask, square_of
from primetime.games.networks.rules.genres import advance_genre, gain_card, push_bonus
from primetime.games.networks.rules.green_room import _discard_used, star_cost
from primetime.games.networks.rules.log import pname
from primetime.games.networks.rules.slots import capacity, required_ok
from primetime.games.networks.rules.values import show_viewers
from primetime.games.networks.state import NetState
from primetime.games.networks.tables import AD, KIND_INDEX, KIND_NAMES, NET, SHOW, STAR, att_income

Handler = Callable[[NetState, int, int], None]
Check = Callable[[NetState, int, int, int], bool]


# ----------------------------------------------------------------------------- the registry


def network_effect(effect: str, check: Check | None = None) -> Callable[[Handler], Handler]:
    """Register the behaviour of a network effect (and when a green-room card may be used)."""

    def deco(fn: Handler) -> Handler:
        NETWORK_HANDLERS[effect] = fn
        if check is not None:
            USE_CHECKS[effect] = check
        return fn

    return deco


def _passive(s: NetState, p: int, cid: int) -> None:
    """Ongoing/game-end cards with no use action: their effect is applied where it matters."""


for _eff in ("creative_accounting", "star_discount", "pass_cash", "preempted_timeslot", "ensemble_cast",
             "sponsored_content", "streaming_deal", "game_viewers", "viewers_per_genre",
             "viewers_per_genre_shows", "viewers_per_network_card"):
    NETWORK_HANDLERS[_eff] = _passive


def _shows(s: NetState, p: int) -> list[int]:
    out = []
    for i, sh in enumerate(s.players[p].lineup):
        if sh is not None:
            out.append(i)
    return out


# ----------------------------------------------------------------------------- effects


@network_effect("big_game")
def _big_game(s: NetState, p: int, cid: int) -> None:
    """NET-CARD-01: income of ads in the lineup only, expenses ignored."""
    T = s.T
    inc = sum(att_income(T, c, r) for sh in s.players[p].lineup if sh for c, r in sh.atts)
    s.players[p].cash += inc
    if s.log is not None:
        s.say(f"{pname(s, p)} gains ${inc}M from Big Game.")


@network_effect("gain_cash")
def _gain_cash(s: NetState, p: int, cid: int) -> None:
    amt = int(s.T.defs[cid].params["amount"])
    s.players[p].cash += amt


@network_effect("draw_bonus")
def _draw_bonus(s: NetState, p: int, cid: int) -> None:
    push_bonus(s, p, str(s.T.defs[cid].params["kind"]))


@network_effect("writeoff")
def _writeoff(s: NetState, p: int, cid: int) -> None:
    """NET-CARD-14: cancel the show with the fewest viewers (player picks on a tie)."""
    pl = s.players[p]
    slots = _shows(s, p)
    pl.cash += int(s.T.defs[cid].params["cash"])
    if not slots:
        return
    vals = {i: show_viewers(s, p, pl.lineup[i]) for i in slots}  # type: ignore[arg-type]
    low = min(vals.values())
    tied = tuple(i for i in slots if vals[i] == low)
    if len(tied) == 1:
        cancel(s, p, tied[0])
    else:
        s.stack.append(("pick", p, "writeoff", tied))


@network_effect("genre_advance")
def _genre_advance(s: NetState, p: int, cid: int) -> None:
    genres = tuple(sorted({sh.genre for sh in s.players[p].lineup if sh}))
    if s.opts.get("telly_time"):  # Telly Time: fill the empty grid square of a lineup show's genre
        mask = filled_mask(s, p)
        genres = tuple(g for g in genres if not mask >> square_of(s, g) & 1)
    if genres:
        s.stack.append(("pick", p, "genre_advance", genres))


def _has_display(kind: int) -> Check:
    return lambda s, p, cid, acted: bool(s.display[kind])


def _affords_network(s: NetState, p: int, cid: int, acted: int) -> bool:
    """C-Suite Connections' use check: a network card of the display the player can pay for."""
    cash = s.players[p].cash
    cost = s.T.cost
    for c in s.display[NET]:
        if cash >= cost[c]:
            return True
    return False


def _renewable(s: NetState, p: int, cid: int, acted: int) -> bool:
    """Renew's use check: a show of the lineup below the top row."""
    for sh in s.players[p].lineup:
        if sh is not None and sh.row > 0:
            return True
    return False


@network_effect("c_suite_connections", _affords_network)
def _c_suite(s: NetState, p: int, cid: int) -> None:
    # a taking cost printed on the card (Awards Campaign) still applies (NET-NETC-01)
    s.stack.append(("pick", p, "c_suite", tuple(c for c in s.display[NET] if s.players[p].cash >= s.T.cost[c])))


@network_effect("exclusive_rights", _has_display(SHOW))
def _exclusive(s: NetState, p: int, cid: int) -> None:
    s.stack.append(("pick", p, "exclusive", tuple(s.display[SHOW])))


@network_effect("mid_season_refresh", lambda s, p, cid, a: bool(s.decks[SHOW] or s.discards[SHOW]))
def _msr(s: NetState, p: int, cid: int) -> None:
    """NET-CARD-06: deal 3 shows, then discard any 3 display shows."""
    for _ in range(3):
        c = draw(s, SHOW)
        if c is not None:
            s.display[SHOW].append(c)  # NET-AMB-27: appended at the right
    s.stack.append(("pick", p, "msr", (3,)))


def _onset_usable(s: NetState, p: int, cid: int, acted: int) -> bool:
    """On-Set Accommodations' use check: a star of the green room with a target."""
    kind = s.T.kind
    for c in s.players[p].green:
        if kind[c] == STAR and attach_targets(s, p, c, onset=True):
            return True
    return False


@network_effect("on_set_accommodations", _onset_usable)
def _onset(s: NetState, p: int, cid: int) -> None:
    """NET-CARD-07: attach stars outside the action, following the add/replace rules."""
    T = s.T
    stars = tuple(c for c in s.players[p].green if T.kind[c] == STAR and attach_targets(s, p, c, onset=True))
    s.stack.append(("pick", p, "onset", stars))


def _spinoff_options(s: NetState, p: int, first: bool = False) -> list[str]:
    """NET-CARD-09: the attachments Spinoff may take back (``first``: only the first of them, to
    tell whether there is one).  The show must still hold what is left: Brand Ambassador stays
    while the extra ad it allowed is attached (NET-CARD-19, NET-ANAT-04)."""
    T = s.T
    out = []
    for i, sh in enumerate(s.players[p].lineup):
        if sh is None:
            continue
        for c, _r in sh.atts:
            if not T.ba[c] or capacity(T, sh.cid, sh.x_star, sh.x_ad, sh.x_wild, [a for a, _ in sh.atts if a != c]):
                out.append(f"att:{i}:{c}")
                if first:
                    return out
    return out


@network_effect("spinoff", lambda s, p, cid, a: bool(_spinoff_options(s, p, True)))
def _spinoff(s: NetState, p: int, cid: int) -> None:
    s.stack.append(("pick", p, "spinoff", ()))


@network_effect("talent_agency", lambda s, p, cid, a: True)
def _talent(s: NetState, p: int, cid: int) -> None:
    draws = int(s.T.defs[cid].params["draws"])
    s.stack.append(("talent", p, draws, ()))


@network_effect("trendy_showrunner", lambda s, p, cid, a: bool(_shows(s, p)))
def _trendy(s: NetState, p: int, cid: int) -> None:
    s.stack.append(("pick", p, "trendy", tuple(_shows(s, p))))


@network_effect("renew_show", _renewable)
def _renew(s: NetState, p: int, cid: int) -> None:
    s.stack.append(("pick", p, "renew", tuple(i for i in _shows(s, p) if s.players[p].lineup[i].row > 0)))  # type: ignore[union-attr]


@network_effect("extra_action", lambda s, p, cid, a: a == 1)
def _extra_action(s: NetState, p: int, cid: int) -> None:
    top = s.stack[-1]
    assert top[0] == "turn"
    s.stack[-1] = ("turn", p, 2)  # one more action, which cannot be a pass


@network_effect("refresh_row", lambda s, p, cid, a: True)
def _refresh_row(s: NetState, p: int, cid: int) -> None:
    k = KIND_INDEX[str(s.T.defs[cid].params["kind"])]
    n = s.setup.display.star if k == STAR else s.setup.display.ad
    s.discards[k].extend(s.display[k])
    s.display[k] = []
    for _ in range(n):
        c = draw(s, k)
        if c is None:
            break
        s.display[k].append(c)


# ----------------------------------------------------------------------------- using a card


def use_network(s: NetState, p: int, cid: int) -> None:
    """Use a green-room network card (NET-NETC-03/04, NET-TURN-07)."""
    T = s.T
    d = T.defs[cid]
    if s.log is not None:
        s.say(f"{pname(s, p)} uses {d.name}.")
    if d.timing == "use_once":
        _discard_used(s, p, cid)
    NETWORK_HANDLERS[d.effect](s, p, cid)


# ----------------------------------------------------------------------------- the choices they ask for


def pick_options(s: NetState, p: int, what: str, arg: tuple[Any, ...]) -> list[str]:
    if what in ("writeoff", "trendy", "renew"):
        return [f"slot:{i}" for i in arg]
    if what == "genre_advance":
        return [f"genre:{g}" for g in arg]
    if what in ("c_suite", "exclusive"):
        return [f"card:{c}" for c in arg]
    if what == "msr":
        return [f"card:{c}" for c in s.display[SHOW]] or ["done"]
    if what == "onset":
        return [f"card:{c}" for c in arg]  # each use attaches one star; use it again for more
    if what == "spinoff":
        return _spinoff_options(s, p)
    raise AssertionError(what)


def talent_options(s: NetState, p: int, left: int, drawn: tuple[int, ...]) -> list[str]:
    """NET-CARD-12: draw one card at a time into the display, then take one of them."""
    T = s.T
    out = []
    if left > 0:
        for k in (STAR, AD, NET):
            if s.decks[k] or s.discards[k]:
                out.append(f"draw:{KIND_NAMES[k]}")
        if out:
            return out  # all draws first, then the extra action
    for c in drawn:
        if c in s.display[T.kind[c]]:
            if T.kind[c] == STAR and s.players[p].cash < star_cost(s, p, c):
                continue
            if T.kind[c] == NET and s.players[p].cash < T.defs[c].cost:
                continue
            out.append(f"take:{c}")
    out.append("stop")
    return out


def _apply_pick(s: NetState, p: int, top: tuple[Any, ...], key: str) -> None:
    what = top[2]
    pl = s.players[p]
    T = s.T
    s.stack.pop()
    if what == "writeoff":
        cancel(s, p, int(key[5:]))
    elif what == "trendy":  # NET-CARD-13
        slot = int(key[5:])
        sh = pl.own(slot)
        assert sh is not None
        if sh.row >= 3:
            cancel(s, p, slot)
        else:
            sh.row += 1
    elif what == "renew":
        sh = pl.own(int(key[5:]))
        assert sh is not None
        sh.row -= 1
    elif what == "genre_advance":
        if s.opts.get("telly_time"):
            fill_square(s, p, key[6:])
        else:
            advance_genre(s, p, key[6:])
    elif what == "c_suite":
        c = int(key[5:])
        s.display[NET].remove(c)
        pl.cash -= T.cost[c]  # NET-NETC-01: its taking cost, if any
        gain_card(s, p, c)  # NET-CARD-03
    elif what == "exclusive":
        c = int(key[5:])
        s.display[SHOW].remove(c)
        pl.reserved = pl.reserved + [c]  # a new list: clones share it (Player.copy)
    elif what == "msr":
        left = top[3][0]
        if key != "done":
            c = int(key[5:])
            s.display[SHOW].remove(c)
            s.discards[SHOW].append(c)
            if left > 1:
                s.stack.append(("pick", p, "msr", (left - 1,)))
    elif what == "onset":
        s.stack.append(("att_target", p, int(key[5:]), True))
    elif what == "spinoff":  # NET-CARD-09 / NET-AMB-29
        _, slot_s, c_s = key.split(":")
        sh = pl.own(int(slot_s))
        assert sh is not None
        c = int(c_s)
        sh.atts = tuple((a, r) for a, r in sh.atts if a != c)
        sh.ignore_req = sh.ignore_req or not required_ok(T, sh.cid, [a for a, _ in sh.atts])
        sh.mask_atts = None  # its kept attachment mask (rules.attach._show_mask) no longer holds
        pl.green += (c,)


def _apply_talent(s: NetState, p: int, top: tuple[Any, ...], key: str) -> None:
    left, drawn = top[2], top[3]
    s.stack.pop()
    T = s.T
    if key.startswith("draw:"):
        k = KIND_INDEX[key[5:]]
        c = draw(s, k)
        if c is not None:
            s.display[k].append(c)
            drawn = drawn + (c,)
        s.stack.append(("talent", p, left - 1, drawn))
    elif key.startswith("take:"):
        c = int(key[5:])
        k = T.kind[c]
        s.display[k].remove(c)
        if k == NET:
            s.players[p].cash -= T.cost[c]  # NET-NETC-01: its taking cost, if any
        gain_card(s, p, c, free=(k != STAR))
