"""Determinization for search bots: re-dealing what a player cannot see."""

from __future__ import annotations

from primetime.core.rng import Rng
from primetime.games.networks.rules.pilot import pilot_pairs
from primetime.games.networks.state import NetState
from primetime.games.networks.tables import AD, NET, SHOW, STAR


def determinize(s: NetState, viewer: int, rng: Rng) -> NetState:
    """A copy of ``s`` with everything ``viewer`` cannot see re-dealt at random.

    Used by search bots (information-set MCTS): deck order, the other players' private pilot
    offers (and the pilot cards returned to the box unseen) and the RNG are resampled,
    consistently with what the viewer knows.  The A shows stay above the B shows, as the
    viewer knows they are (NET-SETUP-05); removed "3"/"4" shows stay removed (public).
    """
    d = s.clone()
    T = s.T
    d.rng = Rng(rng.next64())
    for k in (STAR, AD, NET):
        rng.shuffle(d.decks[k])
    deck = d.decks[SHOW]
    if s.extra.get("shows_mixed"):  # after a reshuffle nothing is known about the order
        rng.shuffle(deck)
    a_pos = [] if s.extra.get("shows_mixed") else [i for i, c in enumerate(deck) if T.defs[c].deck == "A"]
    b_pos = [] if s.extra.get("shows_mixed") else [i for i, c in enumerate(deck) if T.defs[c].deck != "A"]
    if d.solo_deck:  # the solo opponent's deck order is hidden too (NET-SOLO-05)
        rng.shuffle(d.solo_deck)
    for pos in (a_pos, b_pos):
        cards = [deck[i] for i in pos]
        rng.shuffle(cards)
        for i, c in zip(pos, cards, strict=True):
            deck[i] = c
    if s.phase == "pilot":
        # Pilot cards the viewer has not seen: other offers and the undealt/unkept ones.
        mine = set(s.pilot[viewer])
        pilot = set(s.cat.pilot)
        hidden_box = [c for c in d.box if c in pilot and c not in mine]
        others = [q for q in range(s.n) if q != viewer]
        pool = hidden_box + [c for q in others for c in d.pilot[q]]
        rng.shuffle(pool)
        for q in others:
            size = len(d.pilot[q])
            for _ in range(50):
                rng.shuffle(pool)
                d.pilot[q] = pool[-size:]
                # a pair already kept must be one the player could have kept (NET-PILOT-07/09)
                if not d.extra["kept"][q] or f"keep:{min(d.pilot[q])},{max(d.pilot[q])}" in pilot_pairs(d, q):
                    break
            del pool[-size:]
        d.box = [c for c in d.box if c not in pilot or c in mine] + pool
    return d
