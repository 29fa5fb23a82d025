"""Variants of a state of The Networks that differ only in what one seat cannot see.

A variant keeps everything in ``view(state, seat)`` and re-arranges the rest, independently of
the rules' own determinization: the order of the Star, Ad and Network decks; the order of the
Show deck, the A shows still above the B shows (NET-SETUP-05) unless a reshuffle has mixed them
(NET-DECK-02); the solo opponent's deck (NET-SOLO-05); during Pilot Season the other players'
private offers, or the pairs they have kept, dealt anew from those cards and the pilot cards in
the box the seat has not seen (NET-PILOT-01/02/07/09); with the Executives, until they are
revealed, the other players' Executive offers and choices, dealt anew from the boards the seat
has not seen (NET-EXEC-02); and the random generator.
"""

from __future__ import annotations

import json

from primetime.core.game import get_ruleset
from primetime.core.rng import Rng
from primetime.games.networks.executive_data import default_executives
from primetime.games.networks.rules.pilot import pilot_pairs
from primetime.games.networks.state import NetState
from primetime.games.networks.tables import AD, NET, SHOW, STAR

RS = get_ruleset("networks")


def variant(s: NetState, viewer: int, seed: int) -> NetState:
    """The same game as ``viewer`` sees it, every hidden part arranged anew (see the module docstring)."""
    d = s.clone()
    rng = Rng(seed)
    for k in (STAR, AD, NET):
        rng.shuffle(d.decks[k])
    deck = d.decks[SHOW]
    if s.extra.get("shows_mixed"):
        rng.shuffle(deck)
    else:
        for want_a in (True, False):
            pos = [i for i, c in enumerate(deck) if (s.T.defs[c].deck == "A") == want_a]
            cards = [deck[i] for i in pos]
            rng.shuffle(cards)
            for i, c in zip(pos, cards, strict=True):
                deck[i] = c
    if d.phase == "pilot":
        pilot = set(s.cat.pilot)
        mine = set(s.pilot[viewer])
        others = [q for q in range(s.n) if q != viewer]
        hidden = [c for c in d.box if c in pilot and c not in mine] + [c for q in others for c in d.pilot[q]]
        for _ in range(200):  # a kept pair must be one its player could keep
            rng.shuffle(hidden)
            deal, k = [], 0
            for q in others:
                deal.append(hidden[k : k + len(d.pilot[q])])
                k += len(d.pilot[q])
            for q, cards in zip(others, deal, strict=True):
                d.pilot[q] = cards
            if all(not d.extra["kept"][q] or f"keep:{min(d.pilot[q])},{max(d.pilot[q])}" in pilot_pairs(d, q) for q in others):
                break
        else:
            raise AssertionError("no other deal of the pilot cards")
        d.box = [c for c in d.box if c not in pilot or c in mine] + hidden[k:]
    if "x" in d.extra and not d.extra["xr"]:
        boards = default_executives()
        x, xo, xs = list(d.extra["x"]), list(d.extra["xo"]), list(d.extra["xs"])
        mine = {i for i in (x[viewer], *xo[2 * viewer:2 * viewer + 2]) if i >= 0}
        dealable = boards.eligible(d.opts)
        pool = [i for i in dealable if i not in mine]
        rng.shuffle(pool)
        for q in range(d.n):
            if q != viewer:
                xo[2 * q:2 * q + 2] = [pool.pop() if i >= 0 else -1 for i in xo[2 * q:2 * q + 2]]
                if x[q] >= 0:
                    x[q], xs[q] = pool.pop(), rng.below(2)
        rest = [i for i in range(len(boards.boards)) if i not in dealable] + pool
        d.extra.update(x=tuple(x), xo=tuple(xo), xs=tuple(xs), xb=tuple(sorted(rest)))
    rng.shuffle(d.solo_deck)
    d.rng = Rng(rng.next64())
    return d


def hidden_parts(s: NetState) -> str:
    """Everything a variant may change, as one string."""
    ex = [s.extra.get(k) for k in ("x", "xo", "xs", "xb")]
    return json.dumps([s.decks, s.pilot, s.box, s.solo_deck, s.rng.state, ex])


def view_of(s: NetState, viewer: int) -> str:
    return json.dumps(RS.view(s, viewer), sort_keys=True)


def state_of(s: NetState) -> str:
    return json.dumps(s.to_json(), sort_keys=True)
