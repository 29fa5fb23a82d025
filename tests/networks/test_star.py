"""NET-STAR: Sign a Star."""

from __future__ import annotations

import pytest

from primetime.core.errors import IllegalOptionError
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import genres as G
from primetime.games.networks.rules import green_room as GR

from .helpers import STAR, choose, game, on_top, scenario, to_display, top


def test_net_star_01_sign_pays_cost_to_green_room() -> None:
    """NET-STAR-01: Sign pays cost to green room."""
    s = scenario(2, cash=10)
    (star,) = to_display(s, "Hunter Handsome")
    choose(s, f"star:{star}")
    assert s.players[0].cash == 5 and s.players[0].green == (star,)
    assert star not in s.display[STAR]


def test_net_star_02_cannot_sign_without_cash() -> None:
    """NET-STAR-02: Cannot sign without cash."""
    s = scenario(2, cash=4)
    cheap, dear = to_display(s, "Rex Rugged", "Hunter Handsome")
    keys = F.legal(s)
    assert f"star:{cheap}" in keys and f"star:{dear}" not in keys
    g = game(2, seed=1)
    st = g.state
    p = g.current_player()
    st.players[p].cash = 0
    costly = [c for c in st.display[STAR] if GR.star_cost(st, p, c) > 0][0]
    with pytest.raises(IllegalOptionError):
        g.apply(p, f"star:{costly}")


def test_net_star_03_free_signing_ignores_cost() -> None:
    """NET-STAR-03: Free signing ignores cost."""
    s = scenario(2, cash=0)
    a, b = on_top(s, "Dame Prudence Oscarworth", "Bella Ballyhoo")
    G.push_bonus(s, 0, "star")
    assert top(s) == ("bonus", 0, (a, b))
    choose(s, f"take:{a}")
    assert s.players[0].cash == 0 and a in s.players[0].green


def test_net_star_04_signed_star_waits_in_green_room() -> None:
    """NET-STAR-04: Signed star waits in green room."""
    s = scenario(2, cash=10)
    (star,) = to_display(s, "Sunny Daye")
    choose(s, f"star:{star}")
    assert star in s.players[0].green
    assert all(star not in [c for c, _ in sh.atts] for sh in s.players[0].lineup)
    assert top(s)[1] == 1  # the action is over; attaching needs another action
