"""Determinization for search bots: re-dealing what a player cannot see, rebuilt from what the
player sees, never copied.

Two steps.  :func:`canonical` puts every hidden part into one arrangement that depends only on
the player's view: each deck is sorted (the Show deck keeping which positions hold A and which
hold B shows, NET-SETUP-05, until a reshuffle mixes them, NET-DECK-02), the other players'
pilot offers (or kept pairs) and the pilot cards in the box the player has not seen are pooled,
sorted and dealt back in the same sizes (and, with the Executives, the other players' Executive
offers and unrevealed choices with the boards in the box, ``executives.redeal``), the solo opponent's deck is sorted and the random
generator is reset.  :func:`determinize` then re-deals that arrangement at random.  Whatever the
true hidden arrangement, the same generator gives the same determinization.
"""

from __future__ import annotations

from primetime.core.rng import Rng
from primetime.games.networks.rules.executives import redeal
from primetime.games.networks.rules.moguls import redeal_moguls
from primetime.games.networks.rules.pilot import pilot_pairs
from primetime.games.networks.state import NetState
from primetime.games.networks.tables import AD, NET, SHOW, STAR


def _show_layers(s: NetState) -> list[list[int]]:
    """The positions of the Show deck whose order is unknown to everybody, layer by layer: the
    A shows and the B shows (NET-SETUP-05), or the whole deck after a reshuffle."""
    deck = s.decks[SHOW]
    if s.extra.get("shows_mixed"):  # after a reshuffle nothing is known about the order
        return [list(range(len(deck)))]
    defs = s.T.defs
    return [[i for i, c in enumerate(deck) if defs[c].deck == "A"], [i for i, c in enumerate(deck) if defs[c].deck != "A"]]


def _unseen_pilot(s: NetState, viewer: int) -> tuple[list[int], list[int]]:
    """During Pilot Season: the pilot cards ``viewer`` has not seen (the other players' offers or
    kept pairs, and the undealt or unkept ones in the box), and the rest of the box."""
    mine = set(s.pilot[viewer])
    pilot = set(s.cat.pilot)
    hidden = [c for c in s.box if c in pilot and c not in mine]
    hidden += [c for q in range(s.n) if q != viewer for c in s.pilot[q]]
    return hidden, [c for c in s.box if c not in pilot or c in mine]


def canonical(s: NetState, viewer: int) -> NetState:
    """A clone of ``s`` whose hidden parts are in the one arrangement ``viewer``'s view gives
    (see the module docstring)."""
    d = s.clone()
    for k in (STAR, AD, NET):
        d.decks[k].sort()
    deck = d.decks[SHOW]
    for pos in _show_layers(d):
        cards = sorted(deck[i] for i in pos)
        for i, c in zip(pos, cards, strict=True):
            deck[i] = c
    if d.phase == "pilot":
        hidden, rest = _unseen_pilot(d, viewer)
        hidden.sort()
        for q in range(d.n):
            if q != viewer:
                size = len(d.pilot[q])
                d.pilot[q], hidden = hidden[:size], hidden[size:]
        d.box = rest + hidden
    if "x" in d.extra:  # Executives: the others' private offers and unrevealed choices
        redeal(d, viewer, None)
    d.solo_deck.sort()
    if d.mog is not None:  # the Mogul deck and the other players' Mogul offers (the Moguls module)
        redeal_moguls(d, viewer, None)
    d.rng = Rng(0)
    return d


def determinize(s: NetState, viewer: int, rng: Rng) -> NetState:
    """A copy of ``s`` with everything ``viewer`` cannot see re-dealt at random.

    Used by search bots (information-set MCTS) and the greedy bot: from the :func:`canonical`
    arrangement, deck order, the other players' private pilot offers (and the pilot cards
    returned to the box unseen) and the RNG are resampled, consistently with what the viewer
    knows.  The A shows stay above the B shows, as the viewer knows they are (NET-SETUP-05);
    removed "3"/"4" shows stay removed (public).
    """
    d = canonical(s, viewer)
    d.rng = Rng(rng.next64())
    for k in (STAR, AD, NET):
        rng.shuffle(d.decks[k])
    deck = d.decks[SHOW]
    layers = _show_layers(d)
    if d.solo_deck:  # the solo opponent's deck order is hidden too (NET-SOLO-05)
        rng.shuffle(d.solo_deck)
    for pos in layers:
        cards = [deck[i] for i in pos]
        rng.shuffle(cards)
        for i, c in zip(pos, cards, strict=True):
            deck[i] = c
    if d.phase == "pilot":
        pool, rest = _unseen_pilot(d, viewer)
        rng.shuffle(pool)
        for q in range(d.n):
            if q == viewer:
                continue
            size = len(d.pilot[q])
            for _ in range(50):
                rng.shuffle(pool)
                d.pilot[q] = pool[-size:]
                # a pair already kept must be one the player could have kept (NET-PILOT-07/09)
                if not d.extra["kept"][q] or f"keep:{min(d.pilot[q])},{max(d.pilot[q])}" in pilot_pairs(d, q):
                    break
            del pool[-size:]
        d.box = rest + pool
    if d.mog is not None:
        redeal_moguls(d, viewer, rng)
    if "x" in d.extra:
        redeal(d, viewer, rng)
    return d
