"""NET-PILOT: Pilot Season (rulebook, Pilot Season; NET-AMB-01..04)."""

from __future__ import annotations

from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import pilot as PI
from primetime.games.networks.ruleset import NetworksRuleset

from .helpers import (
    CAT,
    PRIME,
    SHOW,
    T,
    assert_conserved,
    choose,
    fresh,
    in_pilot,
    keys_starting,
    ref,
    take_out,
    top,
)


def set_offer(s, p: int, *cards) -> list[int]:
    """Replace player ``p``'s pilot offer with these named pilot cards."""
    s.box.extend(s.pilot[p])
    s.pilot[p] = []
    out = []
    for x in cards:
        c = ref(x)
        take_out(s, c)
        out.append(c)
    s.pilot[p] = out
    return out


def keep(a: int, b: int) -> str:
    x, y = sorted((a, b))
    return f"keep:{x},{y}"


def pilot_state(n: int = 2, first: int = 0):
    s = fresh(n, seed=3, pilot="normal", first_player=first)
    assert s.phase == "pilot" and top(s) == ("pilot", 0)
    return s


def test_net_pilot_01_four_cards_each_private() -> None:
    """NET-PILOT-01: Four cards each private."""
    s = pilot_state(3)
    assert all(len(o) == 4 for o in s.pilot)
    view = NetworksRuleset().view(s, 1)
    assert "pilot_offer" not in view["players"][0] and view["players"][0]["pilot_offer_count"] == 4
    assert len(view["players"][1]["pilot_offer"]) == 4


def test_net_pilot_02_keep_exactly_two_rest_to_box() -> None:
    """NET-PILOT-02: Keep exactly two rest to box."""
    s = pilot_state(2)
    keys = F.legal(s)
    assert keys and all(k.startswith("keep:") and len(k[5:].split(",")) == 2 for k in keys)
    assert len(s.box) >= 20 - 8  # the undealt pilot cards are out of the game
    offer = list(s.pilot[0])
    choose(s, keys[0])
    kept = [int(x) for x in keys[0][5:].split(",")]
    for c in offer:
        if c not in kept:
            assert c in s.box
    assert not any(c in d for d in s.discards for c in CAT.pilot)
    assert_conserved(s)


def test_net_pilot_03_cash_settlement() -> None:
    """NET-PILOT-03: Cash settlement."""
    s = pilot_state(2)
    start = s.players[0].cash
    ad1, ad2, star, _ = set_offer(s, 0, "Hometown Hardware", "Grandma's Cookies", "Character Actor", "Stunt Double")
    choose(s, keep(ad1, star))  # +3 bonus, -3 cost
    choose(s, F.legal(s)[0])
    assert s.players[0].cash == start + 3 - 3
    s2 = pilot_state(2)
    start = s2.players[0].cash
    a, b, _, _ = set_offer(s2, 0, "Hometown Hardware", "Grandma's Cookies", "Character Actor", "Stunt Double")
    choose(s2, keep(a, b))
    choose(s2, F.legal(s2)[0])
    assert s2.players[0].cash == start + 3 + 1


def test_net_pilot_04_kept_stars_and_ads_to_green_room() -> None:
    """NET-PILOT-04: Kept stars and ads to green room."""
    s = pilot_state(2)
    ad, star, _, _ = set_offer(s, 0, "Hometown Hardware", "Character Actor", "Stunt Double", "Grandma's Cookies")
    choose(s, keep(ad, star))
    choose(s, F.legal(s)[0])
    assert sorted(s.players[0].green) == sorted([ad, star])


def test_net_pilot_05_kept_show_is_produced() -> None:
    """NET-PILOT-05: Kept show is produced."""
    s = pilot_state(2)
    show, star, _, _ = set_offer(s, 0, "Doctor's Orders", "Character Actor", "Stunt Double", "Grandma's Cookies")
    starter = s.players[0].lineup[PRIME].cid
    choose(s, keep(show, star))
    choose(s, F.legal(s)[0])  # player 1 keeps anything
    assert top(s) == ("prod_att", 0)
    assert "done" not in F.legal(s)  # the required star slot must be filled
    choose(s, f"att:{star}")
    choose(s, "done")
    choose(s, f"slot:{PRIME}")
    sh = s.players[0].lineup[PRIME]
    assert sh.cid == show and sh.row == 0 and list(sh.atts) == [(star, False)]
    assert starter in s.players[0].reruns
    assert s.players[0].genre[5] == 1  # drama
    assert_conserved(s)


def test_net_pilot_06_pilot_show_cost_paid_once() -> None:
    """NET-PILOT-06: Pilot show cost paid once."""
    s = pilot_state(2)
    start = s.players[0].cash
    show, ad, _, _ = set_offer(s, 0, "Home Improv", "Hometown Hardware", "Stunt Double", "Grandma's Cookies")
    choose(s, keep(show, ad))
    choose(s, F.legal(s)[0])
    assert s.players[0].cash == start + 3 - 3
    choose(s, "done")
    choose(s, "slot:2")
    assert s.players[0].cash == start  # production did not charge again
    assert s.players[0].lineup[2].cid == show and s.players[0].lineup[2].row == 0


def test_net_pilot_07_unproducible_pair_not_offered() -> None:
    """NET-PILOT-07: Unproducible pair not offered."""
    s = pilot_state(2)
    show, a1, a2, star = set_offer(s, 0, "Doctor's Orders", "Hometown Hardware", "Grandma's Cookies", "Stunt Double")
    keys = F.legal(s)
    assert keep(show, a1) not in keys and keep(show, a2) not in keys
    assert keep(show, star) in keys  # any pilot star fills its required star slot


def test_net_pilot_08_display_dealt_after_pilot() -> None:
    """NET-PILOT-08: Display dealt after pilot."""
    s = pilot_state(2)
    choose(s, F.legal(s)[0])
    assert not any(s.display)
    choose(s, F.legal(s)[0])
    while in_pilot(s):
        choose(s, F.legal(s)[0])
    assert s.display[SHOW] and s.phase == "play"


def test_net_pilot_09_unaffordable_pairs_not_offered() -> None:
    """NET-PILOT-09: Unaffordable pairs not offered."""
    s = pilot_state(2)
    show, star, ad, _ = set_offer(s, 0, "Doctor's Orders", "Character Actor", "Hometown Hardware", "Stunt Double")
    s.players[0].cash = 2
    keys = F.legal(s)
    for k in keys:
        a, b = (int(x) for x in k[5:].split(","))
        assert s.players[0].cash + PI.pilot_net(T, [a, b]) >= 0
    assert keep(show, star) not in keys  # $7M with only $2M
    assert keep(star, ad) in keys


def test_net_pilot_10_choices_private_until_done() -> None:
    """NET-PILOT-10: Choices private until done."""
    s = pilot_state(2)
    choose(s, F.legal(s)[0])
    view = NetworksRuleset().view(s, 1)
    other = view["players"][0]
    assert other["pilot_chosen"] and "pilot_offer" not in other and other["green_room"] == []
    choose(s, F.legal(s)[0])
    while keys_starting(s, "att:") or keys_starting(s, "done") or keys_starting(s, "slot:"):
        choose(s, F.legal(s)[0])
    view = NetworksRuleset().view(s, 1)
    assert view["players"][0]["green_room"] == [CAT.cards[c].id for c in s.players[0].green]


def test_net_pilot_05_second_pilot_show_may_replace_the_first() -> None:
    """NET-PILOT-05: Second pilot show may replace the first."""
    s = pilot_state(2)
    start = s.players[0].cash
    a, b, _, _ = set_offer(s, 0, "Home Improv", "Galactic Roommates", "Stunt Double", "Grandma's Cookies")
    choose(s, keep(a, b))
    choose(s, F.legal(s)[0])
    assert s.players[0].cash == start - 3 - 3  # both costs in the settlement
    produced = []
    while top(s)[0] == "prod_att" and top(s)[1] == 0:
        produced.append(s.prod["show"])
        choose(s, "done")
        choose(s, "slot:2")
    assert sorted(produced) == sorted([a, b])
    pl = s.players[0]
    assert pl.lineup[2].cid == produced[1] and produced[0] in pl.reruns
    assert pl.lineup[2].row == 0  # both prefer Late Night
    assert s.players[0].cash == start - 6
