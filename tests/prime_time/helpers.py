"""Tiny helpers for building and driving Prime Time rules scenarios.

Scenario states start from a real new game; named cards are then moved into place with
``take_out`` so every card stays in exactly one place, and cubes are moved between the bag,
the pools, the Forecast and the cards so the 55 cubes are conserved.  ``assert_conserved``
checks both.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from primetime.core.game import Game
from primetime.games.prime_time.cards import COLOURS, Catalogue, default_catalogue
from primetime.games.prime_time.rules import core, flow, new_game, scheduling
from primetime.games.prime_time.ruleset import PrimeTimeRuleset
from primetime.games.prime_time.state import NOSHOW, RERUN, PTState, Slot

CAT: Catalogue = default_catalogue()
ALEX, BRIDGET, CHARLOTTE, DAVE = 0, 1, 2, 3
MON, TUE, WED, THU, FRI = 0, 1, 2, 3, 4
SHOWS, TALENTS = core.SHOWS, core.TALENTS


def cid(ref: int | str) -> int:
    """Card index by card id, or by display name (the first copy if duplicated)."""
    if isinstance(ref, int):
        return ref
    if ref in CAT.by_id:
        return CAT.by_id[ref]
    found = [i for i, n in enumerate(CAT.names) if n == ref]
    assert found, f"no card named {ref!r}"
    return found[0]


def copies(name: str) -> list[int]:
    return [i for i, n in enumerate(CAT.names) if n == name]


def ident(ref: int | str) -> str:
    return CAT.ids[cid(ref)]


def opts(**kw: Any) -> dict[str, Any]:
    return PrimeTimeRuleset().validate_options({"log": True, **kw}, 2)


def fresh(n: int = 2, seed: int = 1, **kw: Any) -> PTState:
    """A brand-new game state: setup done, the starting-show choices pending."""
    return new_game.new_state(CAT, opts(**kw), seed, n)


def started(n: int = 2, seed: int = 1, **kw: Any) -> PTState:
    """Round 1, the first token placement pending (every player kept their first two shows)."""
    s = fresh(n, seed, **kw)
    while s.stack[-1][0] == "keep":
        choose(s, flow.legal(s)[-1])
    assert s.stack[-1][0] == "place"
    return s


def game(n: int = 2, seed: int = 1, **kw: Any) -> Game[Any]:
    return Game.new("prime-time", n, seed=seed, options=kw)


# ----------------------------------------------------------------------------- decisions


def legal(s: PTState) -> list[str]:
    return flow.legal(s)


def choose(s: PTState, key: str) -> None:
    keys = flow.legal(s)
    assert key in keys, f"{key!r} is not legal; legal: {keys}"
    flow.apply(s, key)


def top(s: PTState) -> tuple[Any, ...]:
    return s.stack[-1]


def run_steps(s: PTState, *steps: tuple[Any, ...]) -> None:
    """Replace the pending work by ``steps`` (the last one runs first) and advance."""
    s.stack = list(steps)
    flow.advance(s)


# ----------------------------------------------------------------------------- card places


def places(s: PTState) -> Counter[int]:
    """How many times each Show/Talent index appears anywhere in the state."""
    c: Counter[int] = Counter()
    for pile in (s.show_deck, s.show_disc, s.tal_deck, s.tal_disc, s.spaces[0], s.spaces[1]):
        c.update(x for x in pile if x >= 0)
    for pl in s.players:
        c.update(pl.shows)
        c.update(pl.talents)
        c.update(pl.facedown)
        c.update(pl.offer)
        for sl in pl.guide:
            if sl is not None:
                if sl.show >= 0:
                    c[sl.show] += 1
                c.update(sl.talents)
    return c


def cube_counts(s: PTState) -> list[int]:
    out = list(s.bag)
    for pool in s.pools:
        for col in range(6):
            out[col] += pool[col]
    for row in s.forecast:
        for col in row:
            if col >= 0:
                out[col] += 1
    for pl in s.players:
        for sl in pl.guide:
            if sl is not None:
                for card in sl.cubes:
                    for col in card:
                        if col >= 0:
                            out[col] += 1
    return out


def assert_conserved(s: PTState) -> None:
    """Every card in exactly one place; 55 cubes by colour; 20 Re-Runs; clients and boardroom."""
    c = places(s)
    bad = {CAT.ids[i]: c[i] for i in range(CAT.n_cards) if c[i] != 1}
    assert not bad, f"cards not in exactly one place: {bad}"
    assert cube_counts(s) == core.rules(s).cube_counts, f"cubes not conserved: {cube_counts(s)}"
    rr = s.reruns + sum(pl.reruns for pl in s.players)
    rr += sum(1 for pl in s.players for sl in pl.guide if sl is not None and sl.show == RERUN)
    assert CAT.rerun is not None and rr == CAT.rerun.count, f"{rr} Re-Runs instead of {CAT.rerun.count}"
    cl = Counter(s.client_pile + s.client_disc + s.clients + [x for pl in s.players for x in pl.clients])
    assert sorted(cl) == list(range(len(CAT.clients))) and set(cl.values()) == {1}, f"clients: {cl}"
    br = Counter([x for d in s.br_decks for x in d] + [x for x in s.br_up if x >= 0] + s.br_disc + s.br_box)
    assert sorted(br) == list(range(len(CAT.boardroom))) and set(br.values()) == {1}, f"boardroom: {br}"
    for p, pl in enumerate(s.players):
        assert pl.cash >= 0, f"player {p} has negative cash {pl.cash}"


def take_out(s: PTState, c: int) -> None:
    """Remove card ``c`` from wherever it is (it must be somewhere)."""
    found = 0
    for pile in (s.show_deck, s.show_disc, s.tal_deck, s.tal_disc):
        while c in pile:
            pile.remove(c)
            found += 1
    for kind in (0, 1):
        for i, x in enumerate(s.spaces[kind]):
            if x == c:
                s.spaces[kind][i] = -1
                s.bids[kind][i] = []
                found += 1
    for pl in s.players:
        for pile in (pl.shows, pl.talents, pl.facedown, pl.offer):
            while c in pile:
                pile.remove(c)
                found += 1
        for d, sl in enumerate(pl.guide):
            if sl is None:
                continue
            if sl.show == c:
                for t in sl.talents:  # attached talents go to the discard with it
                    s.tal_disc.append(t)
                _cubes_to_bag(s, sl)
                pl.guide[d] = None
                found += 1
            elif c in sl.talents:
                i = sl.talents.index(c)
                for col in sl.cubes[1 + i]:
                    if col >= 0:
                        s.bag[col] += 1
                del sl.talents[i]
                del sl.cubes[1 + i]
                found += 1
    assert found == 1, f"{CAT.ids[c]} was found {found} times"


def _cubes_to_bag(s: PTState, sl: Slot) -> None:
    for card in sl.cubes:
        for col in card:
            if col >= 0:
                s.bag[col] += 1


def discard(s: PTState, c: int) -> None:
    (s.show_disc if CAT.is_show[c] else s.tal_disc).append(c)


def to_hand(s: PTState, p: int, *cards: int | str) -> list[int]:
    out = []
    for x in cards:
        c = cid(x)
        take_out(s, c)
        (s.players[p].shows if CAT.is_show[c] else s.players[p].talents).append(c)
        out.append(c)
    return out


def to_space(s: PTState, kind: int, i: int, card: int | str) -> int:
    """Put ``card`` on card space ``i`` (the card there goes to the discards)."""
    c = cid(card)
    take_out(s, c)
    old = s.spaces[kind][i]
    if old >= 0:
        discard(s, old)
    s.spaces[kind][i] = c
    s.bids[kind][i] = []
    return c


def clear_hands(s: PTState) -> None:
    for pl in s.players:
        for c in pl.shows + pl.talents + pl.facedown:
            discard(s, c)
        pl.shows, pl.talents, pl.facedown = [], [], []


def clear_guides(s: PTState) -> None:
    for pl in s.players:
        for d, sl in enumerate(pl.guide):
            if sl is not None:
                if sl.show >= 0:
                    discard(s, sl.show)
                elif sl.show == RERUN:
                    s.reruns += 1
                for t in sl.talents:
                    discard(s, t)
                _cubes_to_bag(s, sl)
                pl.guide[d] = None


def put(s: PTState, p: int, day: int, show: int | str | None, talents: Iterable[int | str] = (),
        cubes: dict[int | str, Iterable[str | None]] | None = None, new: bool = False) -> Slot:
    """Put ``show`` (a card, ``"rerun"`` or None for a canceled show) with ``talents`` on a day.

    ``cubes`` maps a card (or ``"rerun"`` / ``"show"``) to the colours on its spaces, in
    space order; the cubes come out of the bag.
    """
    pl = s.players[p]
    old = pl.guide[day]
    if old is not None:
        if old.show >= 0:
            discard(s, old.show)
        elif old.show == RERUN:
            s.reruns += 1
        for t in old.talents:
            discard(s, t)
        _cubes_to_bag(s, old)
        pl.guide[day] = None
    if show == "rerun":
        assert s.reruns > 0
        s.reruns -= 1
        sc = RERUN
        sl = scheduling.new_slot(s, RERUN)
    elif show is None:
        sc = NOSHOW
        sl = Slot(NOSHOW, [], [[]], new)
    else:
        sc = cid(show)
        take_out(s, sc)
        sl = scheduling.new_slot(s, sc)
    sl.new = new
    for t in talents:
        tc = cid(t)
        take_out(s, tc)
        sl.talents.append(tc)
        sl.cubes.append([-1] * len(CAT.spaces[tc]))
    pl.guide[day] = sl
    for card, cols in (cubes or {}).items():
        if card in ("show", "rerun") or (sc >= 0 and cid(card) == sc):
            i = 0
        else:
            i = 1 + sl.talents.index(cid(card))
        for k, colour in enumerate(cols):
            if colour is None:
                continue
            col = COLOURS.index(colour)
            take_cube(s, col)
            sl.cubes[i][k] = col
    return sl


def take_cube(s: PTState, col: int) -> None:
    """Take a cube of colour ``col`` from the bag, else from the pools, else the Forecast."""
    if s.bag[col]:
        s.bag[col] -= 1
        return
    for pool in s.pools:
        if pool[col]:
            pool[col] -= 1
            return
    for row in s.forecast:
        for d, x in enumerate(row):
            if x == col:
                row[d] = -1
                return
    raise AssertionError(f"no {COLOURS[col]} cube left to take")


def clear_cubes(s: PTState) -> None:
    """Return every cube of the pools and the Forecast to the bag."""
    for pool in s.pools:
        for col in range(6):
            s.bag[col] += pool[col]
            pool[col] = 0
    for row in s.forecast:
        for d, x in enumerate(row):
            if x >= 0:
                s.bag[x] += 1
                row[d] = -1


def set_pool(s: PTState, day: int, *colours: str) -> None:
    """Make ``day``'s pool hold exactly these cubes (the old ones go back to the bag)."""
    pool = s.pools[day]
    for col in range(6):
        s.bag[col] += pool[col]
        pool[col] = 0
    for colour in colours:
        col = COLOURS.index(colour)
        take_cube(s, col)
        pool[col] += 1


def pool(s: PTState, day: int) -> dict[str, int]:
    return {COLOURS[c]: s.pools[day][c] for c in range(6) if s.pools[day][c]}


def set_order(s: PTState, *order: int) -> None:
    s.order = list(order)


def at_placement(s: PTState, *order: int, tokens: int | None = None) -> None:
    """Start a fresh placement phase with this turn order (action sections emptied)."""
    s.order = list(order)
    s.phase = "dev"
    s.rd, s.archives, s.golf, s.pr, s.hr = [], [], [], [], []
    for pl in s.players:
        pl.tokens = core.rules(s).tokens if tokens is None else tokens
    s.dev_pos = 0
    run_steps(s, ("dev",))


def cash(s: PTState, *amounts: int) -> None:
    for p, a in enumerate(amounts):
        s.players[p].cash = a


def client_on_board(s: PTState, name: str) -> int:
    """Put the client called ``name`` on the board (from wherever it is)."""
    c = next(i for i, d in enumerate(CAT.clients) if d.name == name)
    for pile in (s.client_pile, s.client_disc, s.clients, *[pl.clients for pl in s.players]):
        if c in pile:
            pile.remove(c)
    s.clients.append(c)
    return c
