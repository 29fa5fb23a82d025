"""Tiny helpers for building and driving Networks rules scenarios.

Scenario states start from a real new game (Beginner pilot, so no choices are pending),
then named cards are moved into place.  Every card always sits in exactly one place
(deck, discard pile, display, a player's areas, the pilot offers, the box or limbo);
``assert_conserved`` checks that.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from primetime.core.game import Game
from primetime.games.networks import tables as TB
from primetime.games.networks.cards import Catalogue, default_catalogue
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import setup as SU
from primetime.games.networks.ruleset import NetworksRuleset
from primetime.games.networks.state import NetState, Show

CAT: Catalogue = default_catalogue()
T = TB.tables(CAT)
SHOW, STAR, AD, NET = TB.SHOW, TB.STAR, TB.AD, TB.NET
DAY, PRIME, LATE = 0, 1, 2


def cid(cat: Catalogue | str, name: str | None = None) -> int:
    """Card index by display name (unique) or by card id.  ``cid(cat, name)`` or ``cid(name)``."""
    if isinstance(cat, str):
        cat, name = CAT, cat
    assert name is not None
    if name in cat.by_id:
        return cat.by_id[name]
    found = [c.index for c in cat.cards if c.name == name]
    assert len(found) == 1, f"{name!r} names {len(found)} cards"
    return found[0]


def opts(n: int, **kw: Any) -> dict[str, Any]:
    return NetworksRuleset().validate_options({"pilot": "simplified", "log": False, **kw}, n)


def fresh(n: int = 2, seed: int = 1, **kw: Any) -> NetState:
    """A brand-new game state (Beginner pilot unless ``pilot="normal"`` is given)."""
    return SU.new_state(CAT, opts(n, **kw), seed, n)


def game(n: int = 2, seed: int = 1, **kw: Any) -> Game[Any]:
    return Game.new("networks", n, seed=seed, options={"pilot": "simplified", **kw})


# ----------------------------------------------------------------------------- decisions


def legal(s: NetState) -> list[str]:
    return F.legal(s)


def choose(s: NetState, key: str) -> None:
    """Apply ``key`` after checking that it is a legal option."""
    keys = F.legal(s)
    assert key in keys, f"{key!r} is not legal; legal: {keys}"
    F.apply(s, key)


def keys_starting(s: NetState, prefix: str) -> list[str]:
    return [k for k in F.legal(s) if k.startswith(prefix)]


def top(s: NetState) -> tuple[Any, ...]:
    return s.stack[-1]


# ----------------------------------------------------------------------------- card places


def places(s: NetState) -> Counter[int]:
    """How many times each card index appears anywhere in the state."""
    c: Counter[int] = Counter()
    for pile in s.decks + s.discards + s.display + s.pilot:
        c.update(pile)
    for pl in s.players:
        c.update(pl.green)
        c.update(pl.reruns)
        c.update(pl.reserved)
        for sh in pl.lineup:
            if sh is not None:
                c[sh.cid] += 1
                c.update(a for a, _ in sh.atts)
    c.update(s.box)
    c.update(s.limbo)
    return c


def assert_conserved(s: NetState) -> None:
    c = places(s)
    bad = {CAT.cards[i].id: c[i] for i in range(len(CAT.cards)) if c[i] != 1}
    assert not bad, f"cards not in exactly one place: {bad}"


def take_out(s: NetState, c: int) -> None:
    """Remove card ``c`` from wherever it is (it must be somewhere)."""
    found = 0
    for pile in s.decks + s.discards + s.display + s.pilot + [s.box, s.limbo]:
        while c in pile:
            pile.remove(c)
            found += 1
    for pl in s.players:
        for pile in (pl.green, pl.reruns, pl.reserved):
            while c in pile:
                pile.remove(c)
                found += 1
        for slot, sh in enumerate(pl.lineup):
            if sh is None:
                continue
            if sh.cid == c:
                for a, _ in sh.atts:  # its attachments go to the box with it out of play
                    s.box.append(a)
                pl.lineup[slot] = None
                found += 1
            else:
                n = len(sh.atts)
                sh.atts = type(sh.atts)((a, r) for a, r in sh.atts if a != c)
                found += n - len(sh.atts)
    assert found == 1, f"{CAT.cards[c].id} was found {found} times"


def ref(c: int | str) -> int:
    return c if isinstance(c, int) else cid(c)


def to_green(s: NetState, p: int, *cards: int | str) -> list[int]:
    out = []
    for x in cards:
        c = ref(x)
        take_out(s, c)
        s.players[p].green += (c,)
        out.append(c)
    return out


def to_reruns(s: NetState, p: int, *cards: int | str) -> list[int]:
    out = []
    for x in cards:
        c = ref(x)
        take_out(s, c)
        s.players[p].reruns.append(c)
        out.append(c)
    return out


def to_display(s: NetState, *cards: int | str) -> list[int]:
    """Append cards at the right end of their display rows (in the order given)."""
    out = []
    for x in cards:
        c = ref(x)
        take_out(s, c)
        s.display[T.kind[c]].append(c)
        out.append(c)
    return out


def to_discard(s: NetState, *cards: int | str) -> list[int]:
    out = []
    for x in cards:
        c = ref(x)
        take_out(s, c)
        s.discards[T.kind[c]].append(c)
        out.append(c)
    return out


def on_top(s: NetState, *cards: int | str) -> list[int]:
    """Stack cards on top of their decks so that the first one given is drawn first."""
    out = []
    for x in reversed(cards):
        c = ref(x)
        take_out(s, c)
        s.decks[T.kind[c]].append(c)
        out.append(c)
    return list(reversed(out))


def clear_display(s: NetState, *kinds: int) -> None:
    """Put display cards back at the bottom of their decks."""
    for k in kinds or (SHOW, STAR, AD, NET):
        s.decks[k][:0] = s.display[k]
        s.display[k] = []


def clear_green(s: NetState, p: int) -> None:
    s.box.extend(s.players[p].green)
    s.players[p].green = ()


def put_show(s: NetState, p: int, slot: int, show: int | str | None, row: int = 0,
             atts: Iterable[int | str | tuple[int | str, bool]] = (), genre: str | None = None) -> Show | None:
    """Put ``show`` (upright attachments unless given as (card, rotated)) into a timeslot.

    The show that was there goes to the box with its attachments.  ``None`` empties the slot.
    """
    pl = s.players[p]
    old = pl.lineup[slot]
    if old is not None:
        pl.lineup[slot] = None
        s.box.append(old.cid)
        s.box.extend(a for a, _ in old.atts)
    if show is None:
        return None
    c = ref(show)
    take_out(s, c)
    sh = Show(c, row, genre or T.defs[c].genre)
    new = []
    for a in atts:
        card, rot = (a if isinstance(a, tuple) else (a, False))
        ac = ref(card)
        take_out(s, ac)
        new.append((ac, rot))
    sh.atts = type(sh.atts)(new)
    pl.lineup[slot] = sh
    return sh


def empty_lineup(s: NetState, p: int) -> None:
    for slot in range(3):
        put_show(s, p, slot, None)


def atts(sh: Show | None) -> list[tuple[int, bool]]:
    """A show's attachments as a list of (card, rotated)."""
    return [] if sh is None else list(sh.atts)


def rotated(sh: Show, card: int | str) -> bool:
    return dict(sh.atts)[ref(card)]


def set_rotated(sh: Show, card: int | str, rot: bool) -> None:
    c = ref(card)
    sh.atts = type(sh.atts)((a, rot if a == c else r) for a, r in sh.atts)


def in_pilot(s: NetState) -> bool:
    return s.phase.startswith("pilot")


def set_turn(s: NetState, p: int, acted: int = 0) -> None:
    s.phase = "play"
    s.cur = p
    s.stack = [("turn", p, acted)]


def scenario(n: int = 2, seed: int = 1, first: int = 0, cash: int | list[int] | None = 20,
             clean: bool = True, **kw: Any) -> NetState:
    """Round 1 of a real game, player ``first`` to act, with empty green rooms and display."""
    s = fresh(n, seed, first_player=first, **kw)
    assert s.phase == "play" and s.round == 1
    if clean:
        for p in range(n):
            clear_green(s, p)
        clear_display(s)
    if cash is not None:
        for p in range(n):
            s.players[p].cash = cash[p] if isinstance(cash, list) else cash
    set_turn(s, s.order[0])
    return s


def solo(seed: int = 1, first: int = 0, cash: int | None = 20, clean: bool = True, **kw: Any) -> NetState:
    """A solo game in round 1 (``first`` = 0: the human starts; 1: the opponent starts)."""
    s = fresh(1, seed, first_player=first, **kw)
    if clean:
        clear_green(s, 0)
    if cash is not None:
        s.players[0].cash = cash
    return s


def play_out_turns(s: NetState, key_prefix: str = "pass:cash") -> None:
    """Every remaining player in turn passes (taking ``key_prefix``) until the round ends."""
    r = s.round
    while s.round == r and s.phase == "play" and s.stack and top(s)[0] == "turn":
        keys = keys_starting(s, key_prefix) or keys_starting(s, "pass:cash")
        choose(s, keys[0])



def produce(s: NetState, show: int | str, cards: Iterable[int | str] = (), slot: int = PRIME,
            promos: Iterable[str] = (), genre: str | None = None, uses: Iterable[int | str] = ()) -> None:
    """Produce ``show`` as the current player's action, attaching ``cards`` (in card order).

    ``promos`` answers each promo decision in turn ("pay" or "rotate"); ``genre`` answers
    Versatile Actor; ``uses`` are network cards used during the attach step.
    """
    c = ref(show)
    choose(s, f"show:{c}")
    for u in uses:
        choose(s, f"use:{ref(u)}")
    for a in sorted(ref(x) for x in cards):
        choose(s, f"att:{a}")
    choose(s, "done")
    choose(s, f"slot:{slot}")
    if genre is not None:
        choose(s, f"genre:{genre}")
    for answer in promos:
        choose(s, answer)


def attach(s: NetState, card: int | str, target: str) -> None:
    """Add or Replace action: ``target`` is e.g. "to:1", "rep:1:<cid>", "to:1:pay"."""
    c = ref(card)
    choose(s, f"attach:{c}")
    choose(s, target)
