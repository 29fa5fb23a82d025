"""Decks and discard piles: drawing with reshuffles (NET-DECK-02/05/08), where a discarded card
goes (NET-CARD-24/26) and cancelling a show (NET-CANC-01..03)."""

from __future__ import annotations

from primetime.games.networks.rules.log import name, pname
from primetime.games.networks.state import NetState
from primetime.games.networks.tables import KIND_NAMES, SHOW


def draw(s: NetState, kind: int) -> int | None:
    """Draw the top card of a deck, reshuffling its discards if it is empty (NET-DECK-02/05)."""
    deck = s.decks[kind]
    if not deck:
        if not s.discards[kind]:
            return None  # NET-DECK-08 / NET-AMB-20
        deck.extend(s.discards[kind])
        s.discards[kind].clear()
        s.rng.shuffle(deck)
        if kind == SHOW:
            s.extra["shows_mixed"] = True  # A and B shows are no longer in separate layers
        if s.log is not None:
            s.say(f"The {KIND_NAMES[kind]} discards are shuffled into a new deck.")
    return deck.pop()


def discard(s: NetState, p: int, cid: int) -> None:
    """Discard a card a player owned; Gray Fox and Rerun Guy go elsewhere (NET-CARD-24/26)."""
    T = s.T
    eff = T.effect[cid]
    if eff == "gray_fox":
        s.players[p].green += (cid,)
    elif eff == "rerun_guy":
        pl = s.players[p]
        pl.reruns = pl.reruns + [cid]  # a new list: clones share it (Player.copy)
    else:
        s.discards[T.kind[cid]].append(cid)


def cancel(s: NetState, p: int, slot: int) -> None:
    """Cancel a show (NET-CANC-01..03): cube back, attachments discarded, show to reruns."""
    pl = s.players[p]
    sh = pl.lineup[slot]
    assert sh is not None
    pl.lineup[slot] = None
    for cid, _rot in sh.atts:
        discard(s, p, cid)
    pl.reruns = pl.reruns + [sh.cid]  # a new list: clones share it (Player.copy)
    if sh.genre != s.T.genre[sh.cid]:  # NET-CARD-27: Versatile Actor's genre is permanent
        s.extra["regenre"] = (*s.extra.get("regenre", ()), (sh.cid, sh.genre))
    if s.log is not None:
        s.say(f"{pname(s, p)} cancels {name(s, sh.cid)}; it goes to the reruns.")
