"""Determinization for search bots: a copy of the state with what one player cannot see
re-dealt at random (unseen Show and Talent cards, the client pile, the boardroom decks, the
RNG, and under Simultaneous Scheduling the rivals' guides as shown before scheduling, PT-SIM-02).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from primetime.core.rng import Rng
from primetime.games.prime_time.state import PTState


def redeal_unseen(s: PTState, others: list[int], arrange: Callable[[list[int]], Any]) -> None:
    """Pool each deck (Shows, Talents) with the cards ``others`` hold unseen in it (hands and
    starting offers, face-down talents), ``arrange`` the pool in place (shuffle or sort) and
    deal it back in the same counts: what a player who cannot see them may assume."""
    for deck, fields in ((s.show_deck, ("shows", "offer")), (s.tal_deck, ("talents", "facedown"))):
        pool = list(deck)
        for q in others:
            for f in fields:
                pool += getattr(s.players[q], f)
        arrange(pool)
        k = 0
        for q in others:
            for f in fields:
                held = getattr(s.players[q], f)
                held[:] = pool[k : k + len(held)]
                k += len(held)
        deck[:] = pool[k:]


def determinize(s: PTState, viewer: int, rng: Rng) -> PTState:
    """A copy of ``s`` with what ``viewer`` cannot see re-dealt at random (for search bots).

    Unseen Show and Talent cards (the decks plus the other players' hands, starting offers
    and face-down talents) are shuffled together and dealt back in the same counts; the
    client pile, the boardroom decks and the RNG are resampled; under Simultaneous
    Scheduling the rivals' guides are the ones they showed before scheduling (PT-SIM-02).
    """
    c = s.clone()
    others = [q for q in range(c.n) if q != viewer]
    redeal_unseen(c, others, rng.shuffle)
    rng.shuffle(c.client_pile)
    for d in c.br_decks:
        rng.shuffle(d)
    if c.screen is not None:
        for q in others:
            c.players[q].guide = [g.copy() if g is not None else None for g in c.screen[q][0]]
    c.rng = Rng(rng.next64())
    return c
