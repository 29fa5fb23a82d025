"""Whether a step brought hidden information into play: a card drawn, a deck reshuffled, a cube
drawn from the bag, a new round dealt, screened choices turned face up.

A step that revealed nothing can be taken back by replaying the record without it (the table's
undo on the server, ``u`` at the terminal); a step that revealed something cannot, since its
player would then choose again knowing what it showed.
"""

from __future__ import annotations

from typing import Any


def fingerprint(state: Any) -> tuple[Any, ...]:
    """Everything whose change means hidden information came into play."""
    decks = getattr(state, "decks", None) or []
    rng = getattr(state, "rng", None)
    return (
        getattr(rng, "state", None),
        tuple(len(d) for d in decks),
        len(getattr(state, "solo_deck", None) or []),
        len(getattr(state, "limbo", None) or []),
        len(getattr(state, "box", None) or []),
        getattr(state, "phase", None),
        getattr(state, "round", None),
        # Prime Time: its decks, the cube bag, the boardroom and the scheduling screens
        len(getattr(state, "show_deck", None) or []),
        len(getattr(state, "tal_deck", None) or []),
        len(getattr(state, "client_pile", None) or []),
        tuple(len(d) for d in getattr(state, "br_decks", None) or []),
        sum(getattr(state, "bag", None) or []),
        getattr(state, "screen", None) is None,
    )
