"""NET-NETC: taking and using network cards."""

from __future__ import annotations

import pytest

from primetime.core.errors import NotYourDecisionError
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import genres as G
from primetime.games.networks.rules import round_end as RE

from .helpers import (
    DAY,
    NET,
    choose,
    game,
    keys_starting,
    on_top,
    put_show,
    scenario,
    to_display,
    to_green,
    top,
)


def test_net_netc_01_take_network_card_free_unless_priced() -> None:
    """NET-NETC-01: Take network card free unless priced."""
    s = scenario(2, cash=5)
    free, priced = to_display(s, "Cult Following", "Awards Campaign")
    choose(s, f"net:{free}")
    assert s.players[0].cash == 5 and free in s.players[0].green
    s.players[1].cash = 5
    choose(s, f"net:{priced}")
    assert s.players[1].cash == 2 and priced in s.players[1].green


def test_net_netc_02_immediate_resolves_and_is_discarded() -> None:
    """NET-NETC-02: Immediate resolves and is discarded."""
    s = scenario(2, cash=0)
    (tax,) = to_display(s, "Tax Incentive")
    choose(s, f"net:{tax}")
    assert s.players[0].cash == 5 and tax in s.discards[NET] and tax not in s.players[0].green


def test_net_netc_02_immediate_from_genre_bonus() -> None:
    """NET-NETC-02: Immediate from genre bonus."""
    s = scenario(2, cash=0)
    tax, cult = on_top(s, "Tax Incentive", "Cult Following")
    s.players[0].genre[0] = 2
    G.advance_genre(s, 0, "sports")  # space 3: network bonus
    assert top(s) == ("bonus", 0, (tax, cult))
    choose(s, f"take:{tax}")
    assert s.players[0].cash == 5 and tax in s.discards[NET] and cult in s.discards[NET]


def test_net_netc_03_use_once_discarded_after_use() -> None:
    """NET-NETC-03: Use once discarded after use."""
    s = scenario(2)
    (fp,) = to_green(s, 0, "Fan Petition")
    put_show(s, 0, DAY, "SportsEdges", row=2)
    choose(s, f"use:{fp}")
    choose(s, "slot:0")
    assert s.players[0].lineup[DAY].row == 1
    assert fp in s.discards[NET] and fp not in s.players[0].green
    assert f"use:{fp}" not in F.legal(s)


def test_net_netc_04_ongoing_usable_repeatedly() -> None:
    """NET-NETC-04: Ongoing usable repeatedly."""
    s = scenario(2)
    (osa,) = to_green(s, 0, "On-Set Accommodations")
    a, b = to_green(s, 0, "Sunny Daye", "Gene Pool")
    put_show(s, 0, DAY, "Two and a Half Mentors")  # 2 optional star slots
    choose(s, f"use:{osa}")
    choose(s, f"card:{a}")
    choose(s, "to:0")
    assert osa in s.players[0].green
    choose(s, f"use:{osa}")
    choose(s, f"card:{b}")
    choose(s, "to:0")
    assert osa in s.players[0].green and len(s.players[0].lineup[DAY].atts) == 2
    assert top(s) == ("turn", 0, 0)


def test_net_netc_05_game_end_card_stays_and_scores() -> None:
    """NET-NETC-05: Game end card stays and scores."""
    s = scenario(2)
    (cf,) = to_display(s, "Cult Following")
    choose(s, f"net:{cf}")
    assert cf in s.players[0].green
    assert RE.end_bonuses(s, 0)["network"] == 5
    assert f"use:{cf}" not in F.legal(s)


def test_net_netc_06_only_on_owners_turn() -> None:
    """NET-NETC-06: Only on owners turn."""
    g = game(2, seed=3, first_player=0)
    s = g.state
    (fp,) = to_green(s, 1, "Fan Petition")
    put_show(s, 1, DAY, "SportsEdges", row=2)
    assert g.current_player() == 0
    assert f"use:{fp}" not in g.legal_keys()
    with pytest.raises(NotYourDecisionError):
        g.apply(1, f"use:{fp}")


def test_net_netc_07_may_take_card_it_cannot_use_yet() -> None:
    """NET-NETC-07: May take card it cannot use yet."""
    s = scenario(2)
    (sp,) = to_display(s, "Spinoff")  # no attachments anywhere yet
    choose(s, f"net:{sp}")
    assert sp in s.players[0].green
    s.stack = [("turn", 0, 0)]
    assert f"use:{sp}" not in F.legal(s)
    assert keys_starting(s, "pass:")
