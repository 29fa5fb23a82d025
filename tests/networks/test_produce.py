"""NET-PROD: Produce a Show."""

from __future__ import annotations

import itertools

import pytest

from primetime.core import Rng
from primetime.games.networks import tables as TB
from primetime.games.networks.rules import attach as A
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import green_room as GR
from primetime.games.networks.rules import production as P
from primetime.games.networks.rules import setup as SU
from primetime.games.networks.rules import slots as SL
from primetime.games.networks.rules import values as V
from primetime.games.networks.ruleset import NetworksRuleset
from primetime.games.networks.state import NetState

from .helpers import (
    AD,
    CAT,
    DAY,
    LATE,
    PRIME,
    SHOW,
    STAR,
    T,
    assert_conserved,
    atts,
    choose,
    cid,
    produce,
    put_show,
    rotated,
    scenario,
    to_display,
    to_green,
    top,
)


def test_net_prod_01_taking_a_show_produces_it() -> None:
    """NET-PROD-01: Taking a show produces it."""
    s = scenario(2)
    (show,) = to_display(s, "Star Trucks")
    choose(s, f"show:{show}")
    assert top(s) == ("prod_att", 0)
    choose(s, "done")
    choose(s, "slot:2")
    assert s.players[0].lineup[LATE].cid == show
    assert show not in s.players[0].green and show not in s.display[SHOW]
    assert_conserved(s)


def test_net_prod_02_needs_cost_and_required_slots() -> None:
    """NET-PROD-02: Needs cost and required slots."""
    s = scenario(2, cash=4)
    dawson, trucks = to_display(s, "Dawson's Reek", "Star Trucks")
    to_green(s, 0, "Sunny Daye")
    assert f"show:{dawson}" not in F.legal(s)  # $5M with only $4M
    assert f"show:{trucks}" in F.legal(s)
    s2 = scenario(2, cash=20)
    (dawson,) = to_display(s2, "Dawson's Reek")
    to_green(s2, 0, "Gatorpade")
    assert f"show:{dawson}" not in F.legal(s2)  # no star for its required slot


def test_net_prod_03_industry_veteran_lowers_cost() -> None:
    """NET-PROD-03: Industry veteran lowers cost."""
    s = scenario(2, cash=3)
    (dawson,) = to_display(s, "Dawson's Reek")
    (iv,) = to_green(s, 0, "Industry Veteran")
    assert f"show:{dawson}" in F.legal(s)
    produce(s, dawson, [iv])
    assert s.players[0].cash == 0


def test_net_prod_03_creative_accounting_lowers_cost() -> None:
    """NET-PROD-03: Creative accounting lowers cost."""
    s = scenario(2, cash=3)
    (dawson,) = to_display(s, "Dawson's Reek")
    to_green(s, 0, "Sunny Daye", "Creative Accounting")
    produce(s, dawson, ["Sunny Daye"])
    assert s.players[0].cash == 0
    exp = V.show_upkeep(s, s.players[0].lineup[PRIME])[1]
    assert exp == 2  # expenses unchanged


def test_net_prod_03_promo_payment_counts_in_affordability() -> None:
    """NET-PROD-03: Promo payment counts in affordability."""
    s = scenario(2, cash=7)
    (dawson,) = to_display(s, "Dawson's Reek")
    star, promo = to_green(s, 0, "Sunny Daye", "Promo: Up Next!")
    choose(s, f"show:{dawson}")
    choose(s, f"att:{star}")
    choose(s, f"att:{promo}")
    choose(s, "done")
    choose(s, "slot:1")
    assert top(s)[0] == "prod_promo" and F.legal(s) == ["rotate"]  # $5M + $3M > $7M
    choose(s, "rotate")
    assert s.players[0].cash == 2 and rotated(s.players[0].lineup[PRIME], promo)


def test_net_prod_04_required_slots_must_be_filled_optional_may_be() -> None:
    """NET-PROD-04: Required slots must be filled optional may be."""
    s = scenario(2)
    (mnf,) = to_display(s, "Monday Night Fumble")
    star, star2, ad = sorted(to_green(s, 0, "Sunny Daye", "Gene Pool", "Fizzy Pop"))
    choose(s, f"show:{mnf}")
    assert "done" not in F.legal(s)
    choose(s, f"att:{star}")
    choose(s, f"att:{star2}")  # the optional wild slot, in the same step
    assert "done" not in F.legal(s)  # the required ad is still missing
    choose(s, f"att:{ad}")
    assert "done" in F.legal(s)
    choose(s, "done")
    choose(s, "slot:1")
    assert sorted(c for c, _ in atts(s.players[0].lineup[PRIME])) == [star, star2, ad]


def test_net_prod_05_replaces_show_in_chosen_slot_or_fills_empty() -> None:
    """NET-PROD-05: Replaces show in chosen slot or fills empty."""
    s = scenario(2)
    old = s.players[0].lineup[DAY].cid
    a, b = to_display(s, "Star Trucks", "Breaking Bland")
    produce(s, a, slot=DAY)
    assert s.players[0].lineup[DAY].cid == a and old in s.players[0].reruns
    put_show(s, 1, LATE, None)
    s.stack = [("turn", 1, 0)]
    produce(s, b, slot=LATE)
    assert s.players[1].lineup[LATE].cid == b and s.players[1].reruns == []


def test_net_prod_06_season_marker_row() -> None:
    """NET-PROD-06: Season marker row."""
    s = scenario(2)
    a, b = to_display(s, "Star Trucks", "Breaking Bland")
    produce(s, a, slot=LATE)
    produce(s, b, slot=DAY)
    assert s.players[0].lineup[LATE].row == 0 and s.players[1].lineup[DAY].row == 2


def test_net_prod_07_advances_genre_and_takes_bonus() -> None:
    """NET-PROD-07: Advances genre and takes bonus."""
    s = scenario(2)
    (show,) = to_display(s, "Star Trucks")
    s.players[0].genre[1] = 1
    produce(s, show, slot=LATE)
    assert s.players[0].genre[1] == 2
    assert top(s)[0] == "bonus" and top(s)[1] == 0  # Sci-Fi space 2: star bonus
    assert all(TB.tables(s.cat).kind[c] == STAR for c in top(s)[2])


def test_net_prod_08_only_optional_slots_with_empty_green_room() -> None:
    """NET-PROD-08: Only optional slots with empty green room."""
    s = scenario(2, cash=3)
    (show,) = to_display(s, "Star Trucks")
    assert s.players[0].green == () and f"show:{show}" in F.legal(s)
    produce(s, show, slot=LATE)
    assert s.players[0].cash == 0


def test_net_prod_09_same_round_show_may_be_replaced() -> None:
    """NET-PROD-09: Same round show may be replaced."""
    s = scenario(2)
    a, b = to_display(s, "Star Trucks", "Breaking Bland")
    produce(s, a, slot=LATE)
    choose(s, "pass:cash")  # player 1 passes; player 0 is last and keeps acting
    produce(s, b, slot=LATE)
    assert s.players[0].lineup[LATE].cid == b and a in s.players[0].reruns


def test_net_prod_10_conditions_and_promo_resolved_at_attach() -> None:
    """NET-PROD-10: Conditions and promo resolved at attach."""
    s = scenario(2, cash=20)
    (mnf,) = to_display(s, "Monday Night Fumble")
    star, ad, promo = to_green(s, 0, "Nova Starling", "Gatorpade", "Promo: Up Next!")
    produce(s, mnf, [star, ad, promo], slot=PRIME, promos=["pay"])
    sh = s.players[0].lineup[PRIME]
    assert rotated(sh, star) and not rotated(sh, ad) and not rotated(sh, promo)
    assert s.players[0].cash == 20 - 5 - 3


def test_net_prod_11_conditions_use_final_slot_and_attachments() -> None:
    """NET-PROD-11: Conditions use final slot and attachments."""
    s = scenario(2)
    (tog,) = to_display(s, "Throne of Games")
    a, b = to_green(s, 0, "Ensemble Emma", "Chemistry Chet")  # both: "with another star"
    produce(s, tog, [a, b])
    assert atts(s.players[0].lineup[PRIME]) == [(a, False), (b, False)]
    s2 = scenario(2)
    (tog,) = to_display(s2, "Throne of Games")
    a, b = to_green(s2, 0, "Lone Wolf Logan", "Method Mabel")  # both: "no other star"
    produce(s2, tog, [a, b])
    assert atts(s2.players[0].lineup[PRIME]) == [(a, True), (b, True)]


@pytest.mark.parametrize(("slot", "rot"), [(PRIME, False), (DAY, True)])
def test_net_prod_11_timeslot_condition_checked_against_chosen_slot(slot: int, rot: bool) -> None:
    """NET-PROD-11: Timeslot condition checked against chosen slot."""
    s = scenario(2)
    (dawson,) = to_display(s, "Dawson's Reek")
    (tony,) = to_green(s, 0, "Prime Tyme Tony")
    produce(s, dawson, [tony], slot=slot)
    assert rotated(s.players[0].lineup[slot], tony) is rot


def test_net_prod_12_millie_produces_dawsons_reek() -> None:
    """NET-PROD-12: Rulebook example: Millie cancels Plastic Chef (with its ad) for Dawson's Reek."""
    s = scenario(2, cash=9)
    pl = s.players[0]
    assert pl.network == "Galaxy"
    chef = put_show(s, 0, PRIME, "Plastic Chef", atts=["Fizzy Pop"])
    (dawson,) = to_display(s, "Dawson's Reek")
    star, ad = to_green(s, 0, "Hunter Handsome", "Cloud Nine Mattresses")
    choose(s, f"show:{dawson}")
    choose(s, f"att:{star}")
    assert f"att:{ad}" in F.legal(s) and "done" in F.legal(s)  # she may add an ad, but doesn't
    choose(s, "done")
    choose(s, "slot:1")
    assert pl.cash == 4  # paid $5M
    assert pl.lineup[PRIME].cid == dawson and pl.lineup[PRIME].row == 0
    assert atts(pl.lineup[PRIME]) == [(star, False)] and ad in pl.green
    assert chef.cid in pl.reruns and cid("Fizzy Pop") in s.discards[AD]
    assert pl.genre[5] == 1  # first drama marker on space 1
    assert top(s) == ("turn", 1, 0)  # no genre bonus
    assert_conserved(s)


def test_net_prod_13_slot_set_examples() -> None:
    """NET-PROD-13: Slot set examples."""
    mnf = s_def("Monday Night Fumble").slots
    assert (mnf.star_req, mnf.ad_req, mnf.wild_opt, mnf.total) == (1, 1, 1, 3)
    ft = s_def("Flounder Tank").slots
    assert (ft.ad_req, ft.ad_opt, ft.stars, ft.wild) == (1, 2, 0, 0)
    s = scenario(2)
    put_show(s, 0, DAY, "Flounder Tank", atts=["Fizzy Pop"])
    (star,) = to_green(s, 0, "Sunny Daye")
    assert not [t for t in A.attach_targets(s, 0, star) if t.split(":")[1] == "0"]
    (ft,) = to_display(s, "Flounder Tank")
    to_green(s, 0, "Cloud Nine Mattresses")
    choose(s, f"show:{ft}")
    assert f"att:{star}" not in F.legal(s)


def s_def(name: str):
    return CAT.card(cid(name)).defn


@pytest.mark.parametrize("option", ["butcher", "flix", "procrastinator"])
def test_net_prod_14_executives_are_not_options_of_their_own(option: str) -> None:  # their rules: test_executives.py
    """NET-PROD-14: Executives are not options of their own."""
    with pytest.raises(ValueError):
        NetworksRuleset().validate_options({option: True}, 2)


# ----------------------------------------------------------------------------- feasibility does not depend on green-room order


@pytest.mark.parametrize("iv_last", [True, False])
def test_net_prod_02_03_industry_veteran_offer_does_not_depend_on_green_room_order(iv_last: bool) -> None:
    """NET-PROD-03: NET-PROD-02/03: with $1M, Industry Veteran and a plain star, Grey's Autonomy ($3M, 1 required
    star) costs $1M with Industry Veteran attached, wherever it sits in the green room."""
    s = scenario(2, cash=1)
    (grey,) = to_display(s, "Grey's Autonomy")
    cards = ["Sunny Daye", "Industry Veteran"] if iv_last else ["Industry Veteran", "Sunny Daye"]
    to_green(s, 0, *cards)
    assert f"show:{grey}" in F.legal(s)
    produce(s, grey, ["Industry Veteran"], slot=DAY)
    assert s.players[0].cash == 0 and atts(s.players[0].lineup[DAY]) == [(cid("Industry Veteran"), False)]


def test_net_prod_04_11_every_completion_is_offered_gray_fox_with_industry_veteran() -> None:
    """NET-PROD-11: NET-PROD-04/11: with $6M, Gray Fox, Industry Veteran and Chip Chatterly, The Fast and the
    Curious ($8M, 2 required stars) can be made with Gray Fox + Industry Veteran ($6M): attaching
    Gray Fox first is offered, and then only Industry Veteran completes it."""
    s = scenario(2, cash=6)
    (fc,) = to_display(s, "The Fast and the Curious")
    fox, iv, chip = to_green(s, 0, "Gray Fox", "Industry Veteran", "Chip Chatterly")
    choose(s, f"show:{fc}")
    assert {f"att:{fox}", f"att:{iv}"} <= set(F.legal(s))
    choose(s, f"att:{fox}")
    assert F.legal(s) == [f"att:{iv}"]  # Chip Chatterly instead would cost $8M
    choose(s, f"att:{iv}")
    choose(s, "done")
    choose(s, "slot:1")
    assert s.players[0].cash == 0
    assert sorted(c for c, _ in atts(s.players[0].lineup[PRIME])) == sorted([fox, iv])


def test_net_prod_02_no_dead_end_flounder_tank_with_industry_veteran_and_sponsored_content() -> None:
    """NET-PROD-02: Flounder Tank ($3M, 1 required ad, ad slots only) with $1M, Industry Veteran and
    Sponsored Content cannot be made: Industry Veteran has no slot there (ignoring the required
    slots), and the extra wild slot still leaves the required ad empty.  It is not offered."""
    s = scenario(2, cash=1)
    (ft,) = to_display(s, "Flounder Tank")
    to_green(s, 0, "Industry Veteran", "Sponsored Content")
    assert f"show:{ft}" not in F.legal(s)
    s.players[0].cash = 3  # with $3M it can be made, ignoring the required ad
    assert f"show:{ft}" in F.legal(s)
    choose(s, f"show:{ft}")
    assert "abort" not in F.legal(s)


def test_net_prod_02_backing_out_of_a_production_keeps_the_action() -> None:
    """NET-PROD-02: should a production ever have no way to finish (here the green room is emptied
    behind the engine's back), backing out gives the player their turn menu back, action unspent."""
    s = scenario(2, cash=9)
    (dawson,) = to_display(s, "Dawson's Reek")
    (star,) = to_green(s, 0, "Sunny Daye")
    choose(s, f"show:{dawson}")
    s.players[0].green = ()  # the star vanishes: nothing can fill the required slot
    s.box.append(star)
    assert F.legal(s) == ["abort"]
    choose(s, "abort")
    assert top(s) == ("turn", 0, 0) and s.prod is None
    assert s.players[0].cash == 9 and dawson in s.display[SHOW]
    assert "pass:cash" in F.legal(s)  # the action is still there


# ----------------------------------------------------------------------------- random states: offered iff it can be completed

PRODUCTION_GAMES = {1: 16, 2: 16, 3: 16, 4: 16, 5: 16}


def _some_completion(s: NetState, p: int, show: int, src: str, atts: list[int], pool: list[int],
                     xs: int, xw: int, ign: bool, ens: int, spon: bool) -> bool:
    """Brute force: is there a set of cards from ``pool`` which, with ``atts``, fits the show's slots,
    fills its required ones and can be paid, in one of the ways Ensemble Cast (``ens`` extra star
    slots) and Sponsored Content (``spon``) can still be used?  Cards are tried by how many of each
    kind (class, Brand Ambassador, Industry Veteran) are taken: the slot and cost rules look at
    nothing else."""
    groups: dict[tuple[int, bool, bool], list[int]] = {}
    for c in sorted(set(pool)):
        groups.setdefault((T.cls[c], T.ba[c], T.iv[c]), []).append(c)
    lists = list(groups.values())
    modes = [(xs, xw, ign)]
    if ens:
        modes.append((xs + ens, xw, ign))
    if spon:
        for x in ([xs, xs + ens] if ens else [xs]):
            modes += [(x, xw, True), (x, xw + 1, ign)]
    cash = s.players[p].cash
    for counts in itertools.product(*(range(min(len(g), 6) + 1) for g in lists)):
        chosen = list(atts) + [c for g, k in zip(lists, counts, strict=True) for c in g[:k]]
        if cash < P.production_cost(s, p, show, chosen, src):
            continue
        for x_star, x_wild, ignore in modes:
            if SL.capacity(T, show, x_star, 0, x_wild, chosen) and (ignore or SL.required_ok(T, show, chosen)):
                return True
    return False


def _extras_open(s: NetState, p: int, src: str, ens_used: bool, spon_used: bool) -> tuple[int, bool]:
    e = GR.has_effect(s, p, "ensemble_cast")
    ens = int(T.defs[e].params["extra"]) if e >= 0 and not ens_used else 0
    return ens, src == "display" and not spon_used and GR.has_effect(s, p, "sponsored_content") >= 0


def _check_turn(s: NetState, p: int, keys: list[str]) -> int:
    green = [c for c in s.players[p].green if T.kind[c] in (STAR, AD)]
    checked = 0
    for src, shows in (("display", s.display[SHOW]), ("reserved", s.players[p].reserved)):
        for show in shows:
            ens, spon = _extras_open(s, p, src, False, False)
            want = _some_completion(s, p, show, src, [], green, 0, 0, False, ens, spon)
            assert (f"show:{show}" in keys) == want, f"{CAT.cards[show].name}: offered {not want}, completable {want}"
            checked += 1
    return checked


def _check_attach_step(s: NetState, p: int, keys: list[str], rng: Rng) -> int:
    pr = s.prod
    assert pr is not None and "abort" not in keys
    show, src, atts = pr["show"], pr["src"], list(pr["atts"])
    xs, xw, ign = P._prod_extras(s)
    ens, spon = _extras_open(s, p, src, pr["ens"] >= 0, pr["spon"] >= 0)
    last = max(atts, default=-1)
    pool = sorted(c for c in set(s.players[p].green) if T.kind[c] in (STAR, AD) and c > last)
    for c in pool:
        want = _some_completion(s, p, show, src, atts + [c], [d for d in pool if d > c], xs, xw, ign, ens, spon)
        assert (f"att:{c}" in keys) == want, f"att:{CAT.cards[c].name} on {CAT.cards[show].name}: completable {want}"
    done = (SL.capacity(T, show, xs, 0, xw, atts) and (ign or SL.required_ok(T, show, atts))
            and s.players[p].cash >= P.production_cost(s, p, show, atts, src))
    assert ("done" in keys) == done
    for key in keys:  # every option has a continuation that finishes the production
        t = s.clone()
        F.apply(t, key)
        while t.stack[-1][0] == "prod_att":
            more = F.legal(t)
            assert "abort" not in more, f"{key} leads to a dead end"
            F.apply(t, rng.choice(more))
        assert t.prod is not None and t.stack[-1][0] != "prod_att"
    return len(keys)


@pytest.mark.parametrize("n", sorted(PRODUCTION_GAMES))
def test_net_prod_02_04_random_states_offer_exactly_what_can_be_completed(n: int) -> None:
    """NET-PROD-04: NET-PROD-02/03/04/11 in seeded random games: a show is offered iff some set of green-room
    cards (in any order, with Ensemble Cast / Sponsored Content as still allowed) fits it, fills
    its required slots and can be paid, Industry Veteran's discount included; during the attach
    step, ``att:<card>`` is offered iff such a set with that card exists among the cards after it,
    and every offered key can be followed to a finished production, never to ``abort``."""
    shows = steps = 0
    for seed in range(PRODUCTION_GAMES[n]):
        s = SU.new_state(CAT, NetworksRuleset().validate_options({"log": False}, n), 70_000 + seed, n)
        rng = Rng(seed * 7_919 + n)
        while s.phase != "over":
            keys = F.legal(s)
            top = s.stack[-1]
            if top[0] == "turn" and top[2] != 1:
                shows += _check_turn(s, top[1], keys)
            elif top[0] == "prod_att":
                steps += _check_attach_step(s, top[1], keys, rng)
            F.apply(s, rng.choice(keys))
    assert shows and steps


SPECIAL = ("Industry Veteran", "Brand Ambassador", "Famously Famous", "Fierce Drag Queen", "Gray Fox",
           "Ensemble Cast", "Sponsored Content", "Creative Accounting")


def _enrich(s: NetState, p: int, rng: Rng) -> None:
    """Move a few random stars and ads, and some of the cards that change production, from the
    decks, discards and display into ``p``'s green room, and set a random cash amount."""
    loose = [c for k in (STAR, AD) for pile in (s.decks[k], s.discards[k], s.display[k]) for c in pile]
    special = [cid(x) for x in SPECIAL]
    wanted = [c for c in special if rng.below(2) == 0] + [loose[rng.below(len(loose))] for _ in range(2 + rng.below(5))]
    for c in dict.fromkeys(wanted):
        for k in range(4):
            for pile in (s.decks[k], s.discards[k], s.display[k]):
                if c in pile:
                    pile.remove(c)
                    s.players[p].green += (c,)
    s.players[p].cash = rng.below(11)


def test_net_prod_02_03_04_rich_green_rooms_offer_exactly_what_can_be_completed() -> None:
    """NET-PROD-03, NET-PROD-04: NET-PROD-02/03/04/11 again, on states of seeded random games whose green rooms are filled
    with Industry Veteran, Brand Ambassador, the flex stars, Gray Fox, Ensemble Cast, Sponsored
    Content, Creative Accounting and random stars and ads, with $0-10M: every show offered or not
    as the brute force says, and every production started plays to its end through offered keys."""
    rng = Rng(2024)
    shows = steps = 0
    for seed in range(80):
        n = 1 + seed % 5
        s = SU.new_state(CAT, NetworksRuleset().validate_options({"log": False}, n), 90_000 + seed, n)
        step = 0
        while s.phase != "over":
            top = s.stack[-1]
            if top[0] == "turn" and top[2] == 0 and step % 6 == 0:
                t = s.clone()
                _enrich(t, top[1], rng)
                keys = F.legal(t)
                shows += _check_turn(t, top[1], keys)
                produce_keys = [k for k in keys if k.startswith("show:")]
                if produce_keys:
                    F.apply(t, produce_keys[rng.below(len(produce_keys))])
                    while t.stack[-1][0] == "prod_att":
                        more = F.legal(t)
                        steps += _check_attach_step(t, top[1], more, rng)
                        F.apply(t, more[rng.below(len(more))])
            F.apply(s, rng.choice(F.legal(s)))
            step += 1
    assert shows and steps
