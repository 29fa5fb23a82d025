"""Determinization for search bots: a copy of the state in which everything one player cannot
see is rebuilt from what that player sees, never copied.

Two steps.  :func:`canonical` puts every hidden part into one arrangement that depends only on
the player's view: under Simultaneous Scheduling the rivals' schedules go back behind the
screens (PT-SIM-01/02: the guides as shown before scheduling, the cards scheduled since back
among the unseen ones, the Re-Runs as counted before), the unseen Show and Talent cards are
pooled, sorted and dealt back in the same counts, the client pile and the Boardroom decks are
sorted, the bag is worked out from the cubes in sight and the random generator is reset.
:func:`determinize` then re-deals that arrangement at random and lets each rival who has
already submitted a schedule submit one made at random from its re-dealt hand.  Whatever the
true hidden arrangement, the same generator gives the same determinization.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from primetime.core.rng import Rng
from primetime.games.prime_time.rules.core import rules
from primetime.games.prime_time.rules.scheduling import apply_sched, sched_options
from primetime.games.prime_time.state import PTState, Slot

PICKS = ("show", "rerun", "talent")  # schedule picks that put a card on the guide


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


def _cards(guide: list[Slot | None]) -> tuple[Counter[int], Counter[int]]:
    """The Show cards and the Talents on a guide."""
    shows: Counter[int] = Counter()
    talents: Counter[int] = Counter()
    for sl in guide:
        if sl is None:
            continue
        if sl.show >= 0:
            shows[sl.show] += 1
        talents.update(sl.talents)
    return shows, talents


def unscreen(s: PTState, others: list[int]) -> list[int]:
    """PT-SIM-01/02: put the schedules of ``others`` back behind their screens.

    Each gets back the guide it showed before scheduling; the cards it has scheduled since go
    back into its hand and its Re-Runs are those counted before scheduling; a rival in the middle
    of its submission starts it again.  Returns the rivals who had already submitted, in turn
    order (nothing if no screen is up)."""
    if s.screen is None:
        return []
    pending = {t[1] for t in s.stack if t[0] == "sched"}
    for q in others:
        pl = s.players[q]
        guide, counts = s.screen[q]
        shown_shows, shown_talents = _cards(guide)
        now_shows, now_talents = _cards(pl.guide)
        pl.shows += list((now_shows - shown_shows).elements())
        pl.talents += list((now_talents - shown_talents).elements())
        pl.guide = [g.copy() if g is not None else None for g in guide]
        pl.reruns = counts[2]
    for i, t in enumerate(s.stack):
        if t[0] == "sched" and t[1] in others:
            s.stack[i] = ("sched", t[1], 0)
    return [q for q in s.order if q in others and q not in pending]


def bag_in_sight(s: PTState) -> list[int]:
    """The bag's contents by colour as the cubes in sight tell them: the starting cubes less
    those in the daily pools, on the Forecast and on the guides."""
    bag = list(rules(s).cube_counts)
    for pool in s.pools:
        for c, k in enumerate(pool):
            bag[c] -= k
    for row in s.forecast:
        for c in row:
            if c >= 0:
                bag[c] -= 1
    for pl in s.players:
        for sl in pl.guide:
            if sl is None:
                continue
            for card in sl.cubes:
                for c in card:
                    if c >= 0:
                        bag[c] -= 1
    return [max(0, k) for k in bag]


def canonical(s: PTState, viewer: int) -> tuple[PTState, list[int]]:
    """A clone of ``s`` whose hidden parts are in the one arrangement ``viewer``'s view gives
    (see the module docstring), and the rivals who had already submitted a schedule in secret."""
    c = s.clone()
    others = [q for q in range(c.n) if q != viewer]
    submitted = unscreen(c, others)
    redeal_unseen(c, others, list.sort)
    c.client_pile.sort()
    for d in c.br_decks:
        d.sort()
    c.bag = bag_in_sight(c)
    c.rng = Rng(0)
    return c, submitted


def schedule_blind(s: PTState, q: int, rng: Rng) -> None:
    """A schedule for rival ``q`` made at random, as its hidden one may be (PT-SIM-02): cards
    from its hand put on its guide one at a time until none fits."""
    s.stack.append(("sched", q, 0))
    while True:
        picks = [k for k in sched_options(s, q, 0) if k.split(":", 1)[0] in PICKS]
        if not picks:
            break
        apply_sched(s, q, 0, picks[rng.below(len(picks))])
    s.stack.pop()


def determinize(s: PTState, viewer: int, rng: Rng) -> PTState:
    """A copy of ``s`` with what ``viewer`` cannot see rebuilt at random (for search bots).

    From the :func:`canonical` arrangement, the unseen Show and Talent cards (the decks plus the
    other players' hands, starting offers and face-down talents) are shuffled together and dealt
    back in the same counts, the client pile and the Boardroom decks are shuffled, each rival who
    has submitted a schedule in secret gets one made at random (:func:`schedule_blind`) and the
    RNG is drawn anew.  The viewer's view of the copy is the view of ``s``.
    """
    c, submitted = canonical(s, viewer)
    others = [q for q in range(c.n) if q != viewer]
    redeal_unseen(c, others, rng.shuffle)
    rng.shuffle(c.client_pile)
    for d in c.br_decks:
        rng.shuffle(d)
    for q in submitted:
        schedule_blind(c, q, rng)
    c.rng = Rng(rng.next64())
    return c
