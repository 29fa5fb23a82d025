"""Setup (000, Setup - Game Board / Setup - Players): drawing cubes from the bag (PT-COMP-04),
cards from the decks (PT-NEXT-03) and clients (PT-SETUP-08), filling the card spaces
(PT-SETUP-05/06, PT-AMB-35), all of which 4.3 does again every round, and each player's
choice of two starting shows with the starting funds (PT-PSETUP-03..05).

:func:`primetime.games.prime_time.rules.new_game.new_state` lays out a new game with these.
"""

from __future__ import annotations

from primetime.games.prime_time.rules.core import KINDS, SHOWS, TALENTS, name, pname, rules
from primetime.games.prime_time.state import PTState


def draw_cube(s: PTState) -> int:
    """Draw one cube at random from the bag (PT-COMP-04); -1 if it is empty."""
    bag = s.bag
    total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4] + bag[5]
    if total == 0:
        return -1
    r = s.rng.below(total)
    for c in range(6):
        if r < bag[c]:
            bag[c] -= 1
            return c
        r -= bag[c]
    raise AssertionError("unreachable")


def draw_card(s: PTState, kind: int) -> int:
    """Top card of the Show or Talent deck, reshuffling the discards if empty (PT-NEXT-03)."""
    deck = s.show_deck if kind == SHOWS else s.tal_deck
    if not deck:
        disc = s.show_disc if kind == SHOWS else s.tal_disc
        if not disc:
            return -1
        deck.extend(disc)
        disc.clear()
        s.rng.shuffle(deck)
        if s.log is not None:
            s.say(f"The {KINDS[kind]} discards are shuffled into a new deck.")
    return deck.pop()


def fill_spaces(s: PTState) -> None:
    """PT-SETUP-05/06, PT-NEXT-02: each card goes to the leftmost vacant space of its tier.

    A card with no vacant space of its tier is discarded.  Filling stops when every card
    left in the deck and the discards has been tried since the last placement (PT-AMB-35).
    """
    R = rules(s)
    cat = s.cat
    for kind in (SHOWS, TALENTS):
        spaces = s.spaces[kind]
        tiers = R.space_tier[kind]
        vacant = [i for i, c in enumerate(spaces) if c < 0 and R.space_open[kind][i]]
        deck = s.show_deck if kind == SHOWS else s.tal_deck
        disc = s.show_disc if kind == SHOWS else s.tal_disc
        tried: set[int] = set()
        while vacant:
            c = draw_card(s, kind)
            if c < 0:
                break
            t = cat.tier[c]
            spot = -1
            for i in vacant:
                if tiers[i] == t:
                    spot = i
                    break
            if spot >= 0:
                spaces[spot] = c
                vacant.remove(spot)
                tried.clear()
            else:
                disc.append(c)
                tried.add(c)
                if len(tried) >= len(deck) + len(disc):
                    break


def draw_clients(s: PTState) -> None:
    """PT-SETUP-08 / PT-NEXT-04: 2 client tokens onto the board."""
    for _ in range(rules(s).clients):
        if s.client_pile:
            s.clients.append(s.client_pile.pop())


def keep_shows(s: PTState, p: int, discard: int) -> None:
    """PT-PSETUP-03..05: keep 2 of 3; cash = $30 - their min bids + turn-order bonus."""
    R = rules(s)
    pl = s.players[p]
    kept = [c for c in pl.offer if c != discard]
    pl.offer = []
    pl.shows += kept
    if discard >= 0:
        s.show_disc.append(discard)  # face up beside the Show deck
    bonus = R.bonus[s.order.index(p)]
    pl.cash = max(0, R.start_cash - sum(s.cat.min_bid[c] for c in kept)) + bonus  # PT-AMB-36
    if s.log is not None:
        s.say(f"{pname(p)} keeps two shows" + (f" and discards {name(s, discard)}" if discard >= 0 else "")
              + f"; starting funds ${pl.cash} (turn-order bonus ${bonus}).")
