"""Variants of a Prime Time state that differ only in what one seat cannot see.

A variant keeps everything in ``view(state, seat)`` and re-arranges the rest, independently of
the rules' own determinization: the unseen Show cards (the deck, the rivals' hands and starting
offers) and the unseen Talents (the deck, the rivals' hands and face-down talents) are dealt
anew in the same counts; the client pile and the Boardroom decks are reshuffled; the bag's
colours are mixed (its size is public); the random generator is replaced; and behind the screens
of Simultaneous Scheduling (PT-SIM-01/02) every rival who has scheduled takes the schedule back
and schedules something else from the re-dealt hand (a rival in the middle of scheduling makes
a few other picks and is still scheduling).
"""

from __future__ import annotations

import json
from collections import Counter

from primetime.core.game import get_ruleset
from primetime.core.rng import Rng
from primetime.games.prime_time.rules.flow import apply, legal
from primetime.games.prime_time.state import PTState, Slot

RS = get_ruleset("prime-time")


def _cards(guide: list[Slot | None]) -> tuple[Counter[int], Counter[int]]:
    shows: Counter[int] = Counter()
    talents: Counter[int] = Counter()
    for sl in guide:
        if sl is not None:
            if sl.show >= 0:
                shows[sl.show] += 1
            talents.update(sl.talents)
    return shows, talents


def take_back(s: PTState, q: int) -> None:
    """Rival ``q`` takes back what it scheduled behind the screen: the guide it showed, the
    cards scheduled since back in hand, its Re-Runs as before."""
    assert s.screen is not None
    pl = s.players[q]
    guide, counts = s.screen[q]
    shown_shows, shown_talents = _cards(guide)
    now_shows, now_talents = _cards(pl.guide)
    pl.shows += list((now_shows - shown_shows).elements())
    pl.talents += list((now_talents - shown_talents).elements())
    pl.guide = [g.copy() if g is not None else None for g in guide]
    pl.reruns = counts[2]
    assert (len(pl.shows), len(pl.talents), pl.reruns) == counts


def schedule_at_random(s: PTState, q: int, rng: Rng, finish: bool) -> None:
    """Rival ``q`` (whose ``sched`` entry is on top) makes random picks; submits if ``finish``."""
    assert s.stack[-1][:2] == ("sched", q)
    depth = len(s.stack)
    picks = 0
    while len(s.stack) >= depth and s.stack[-1][:2] == ("sched", q):
        moves = [k for k in legal(s) if k != "done"]
        if moves and rng.below(4) and picks < 6:
            apply(s, moves[rng.below(len(moves))])
            picks += 1
        elif finish:
            apply(s, "done")
        else:
            return


def variant(s: PTState, viewer: int, seed: int) -> PTState:
    """The same game as ``viewer`` sees it, every hidden part arranged anew (see the module docstring)."""
    d = s.clone()
    rng = Rng(seed)
    others = [q for q in range(d.n) if q != viewer]
    submitted: list[int] = []
    scheduling: int | None = None
    if d.screen is not None:
        pending = {t[1] for t in d.stack if t[0] == "sched"}
        submitted = [q for q in others if q not in pending]
        if d.stack[-1][0] == "sched" and d.stack[-1][1] != viewer:
            scheduling = int(d.stack[-1][1])
        for q in [*submitted, *([scheduling] if scheduling is not None else [])]:
            take_back(d, q)
        if scheduling is not None:
            d.stack[-1] = ("sched", scheduling, 0)
    for deck, fields in ((d.show_deck, ("shows", "offer")), (d.tal_deck, ("talents", "facedown"))):
        pool = list(deck)
        for q in others:
            for f in fields:
                pool += getattr(d.players[q], f)
        rng.shuffle(pool)
        for q in others:
            for f in fields:
                held = getattr(d.players[q], f)
                held[:], pool = pool[: len(held)], pool[len(held):]
        deck[:] = pool
    for q in submitted:
        d.stack.append(("sched", q, 0))
        schedule_at_random(d, q, rng, True)
    if scheduling is not None:
        schedule_at_random(d, scheduling, rng, False)
    rng.shuffle(d.client_pile)
    for br in d.br_decks:
        rng.shuffle(br)
    total = sum(d.bag)
    d.bag = [0] * 6
    for _ in range(total):
        d.bag[rng.below(6)] += 1
    d.rng = Rng(rng.next64())
    return d


def hidden_parts(s: PTState) -> str:
    """Everything a variant may change, as one string."""
    return json.dumps(
        [
            s.show_deck,
            s.tal_deck,
            [[p.shows, p.talents, p.offer, p.facedown, p.reruns] for p in s.players],
            [[g.to_json() if g is not None else None for g in p.guide] for p in s.players],
            s.client_pile,
            s.br_decks,
            s.bag,
            s.rng.state,
            s.stack,
        ]
    )


def view_of(s: PTState, viewer: int) -> str:
    return json.dumps(RS.view(s, viewer), sort_keys=True)


def state_of(s: PTState) -> str:
    return json.dumps(s.to_json(), sort_keys=True)
