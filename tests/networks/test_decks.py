"""NET-DECK: decks, discards and reshuffles."""

from __future__ import annotations

from primetime.games.networks.rules import decks as DK
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import genres as G
from primetime.games.networks.rules import rounds as R

from .helpers import (
    AD,
    CAT,
    DAY,
    NET,
    SHOW,
    STAR,
    assert_conserved,
    attach,
    choose,
    cid,
    fresh,
    on_top,
    play_out_turns,
    produce,
    put_show,
    scenario,
    to_discard,
    to_display,
    to_green,
    top,
)


def _empty_deck(s, kind: int) -> None:
    s.box.extend(s.decks[kind])
    s.decks[kind] = []


def test_net_deck_01_public_discards_per_type() -> None:
    """NET-DECK-01: Public discards per type."""
    s = scenario(2)
    put_show(s, 0, DAY, "SportsEdges", atts=["Sunny Daye", "Fizzy Pop"])
    DK.cancel(s, 0, DAY)
    assert cid("Sunny Daye") in s.discards[STAR] and cid("Fizzy Pop") in s.discards[AD]
    from primetime.games.networks.ruleset import NetworksRuleset

    v = NetworksRuleset().view(s, None)
    assert v["discards"]["star"] == ["STAR-13"] and v["discards"]["ad"] == ["AD-05"]


def test_net_deck_02_empty_deck_reshuffles_its_discards() -> None:
    """NET-DECK-02: Empty deck reshuffles its discards."""
    s = scenario(2)
    _empty_deck(s, STAR)
    a, b = to_discard(s, "Hunter Handsome", "Gene Pool")
    c = DK.draw(s, STAR)
    assert c in (a, b) and s.discards[STAR] == [] and len(s.decks[STAR]) == 1
    s.players[0].green += (c,)
    assert_conserved(s)


def test_net_deck_03_removed_attachments_are_discarded() -> None:
    """NET-DECK-03: Removed attachments are discarded."""
    s = scenario(2)
    put_show(s, 0, DAY, "SportsEdges", atts=["Sunny Daye"])
    (new,) = to_green(s, 0, "Hunter Handsome")
    attach(s, new, f"rep:0:{cid('Sunny Daye')}")
    assert cid("Sunny Daye") in s.discards[STAR]
    assert cid("Sunny Daye") not in [*s.players[0].green, *s.players[0].reruns]


def test_net_deck_04_shows_discarded_only_from_display() -> None:
    """NET-DECK-04: Shows discarded only from display."""
    s = scenario(2)
    shows = to_display(s, "Star Trucks", "Breaking Bland")
    produce(s, shows[0], slot=2)
    play_out_turns(s)
    assert shows[1] in s.discards[SHOW] and shows[0] not in s.discards[SHOW]
    starter = s.players[0].reruns[0]
    assert starter not in s.discards[SHOW]


def test_net_deck_05_show_reshuffle_mixes_a_and_b() -> None:
    """NET-DECK-05: Show reshuffle mixes a and b."""
    s = scenario(2)
    _empty_deck(s, SHOW)
    a, b = to_discard(s, "Star Trucks", "Throne of Games")
    first = DK.draw(s, SHOW)
    assert {first} | set(s.decks[SHOW]) == {a, b}


def test_net_deck_06_unselected_pilot_cards_out_of_game() -> None:
    """NET-DECK-06: Unselected pilot cards out of game."""
    s = fresh(2, seed=5, pilot="normal")
    offers = [list(o) for o in s.pilot]
    for _ in range(2):
        choose(s, F.legal(s)[0])
    for p in range(2):
        for c in offers[p]:
            if c not in s.players[p].green and c not in s.pilot[p]:
                assert c in s.box
    assert not any(c in d for d in s.discards for c in CAT.pilot)


def test_net_deck_07_unchosen_bonus_cards_discarded() -> None:
    """NET-DECK-07: Unchosen bonus cards discarded."""
    s = scenario(2)
    a, b = on_top(s, "Hunter Handsome", "Gene Pool")
    G.push_bonus(s, 0, "star")
    assert s.limbo == [a, b]
    choose(s, f"take:{a}")
    assert b in s.discards[STAR] and s.limbo == []


def test_net_deck_08_exhausted_deck_and_discards() -> None:
    """NET-DECK-08: Exhausted deck and discards."""
    s = scenario(2)
    _empty_deck(s, STAR)
    (only,) = to_discard(s, "Gene Pool")
    G.push_bonus(s, 0, "star")
    assert top(s) == ("bonus", 0, (only,))  # fewer choices
    choose(s, f"take:{only}")
    G.push_bonus(s, 0, "star")
    assert top(s) == ("turn", 0, 0)  # nothing to draw: the bonus is lost
    _empty_deck(s, NET)
    R.deal_display(s)
    assert s.display[NET] == [] and len(s.display[STAR]) == 0 and len(s.display[SHOW]) == CAT.setup_for(2).display.show
