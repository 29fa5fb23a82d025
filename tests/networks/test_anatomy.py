"""NET-ANAT: card anatomy and the data model."""

from __future__ import annotations

import pytest

from primetime.core import Rng
from primetime.games.networks.rules import attach as A
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import round_end as RE
from primetime.games.networks.rules import setup as SU
from primetime.games.networks.rules import slots as SL
from primetime.games.networks.rules import values as V
from primetime.games.networks.ruleset import NetworksRuleset
from primetime.games.networks.state import NetState

from .helpers import (
    CAT,
    DAY,
    LATE,
    PRIME,
    STAR,
    T,
    attach,
    choose,
    cid,
    produce,
    put_show,
    rotated,
    scenario,
    to_display,
    to_green,
)


def test_net_anat_01_show_fields() -> None:
    """NET-ANAT-01: Show fields."""
    for c in CAT.cards:
        if c.kind != "show":
            continue
        d = c.defn
        assert d.genre and d.cost >= 0 and d.expenses >= 0 and len(d.seasons) == 4
        assert d.deck in ("A", "B", "starter", "pilot")
        if d.deck != "starter":
            assert d.timeslot in ("daytime", "primetime", "latenight")


def test_net_anat_02_four_rows_x_on_row_three() -> None:
    """NET-ANAT-02: Four rows x on row three."""
    s = scenario(2)
    to_display(s, "Dawson's Reek")
    to_green(s, 0, "Sunny Daye")
    produce(s, "Dawson's Reek", ["Sunny Daye"], slot=LATE)
    sh = s.players[0].lineup[LATE]
    assert sh.row == 2  # the X row is the third of four rows


def test_net_anat_03_rerun_value_is_bottom_row() -> None:
    """NET-ANAT-03: Rerun value is bottom row."""
    s = scenario(2)
    for name in ("Dawson's Reek", "Throne of Games", "Flounder Tank"):
        d = CAT.card(cid(name)).defn
        assert d.rerun is None  # left at its default
    from .helpers import to_reruns

    to_reruns(s, 0, "Dawson's Reek", "Throne of Games", "Flounder Tank")
    assert RE.end_bonuses(s, 0)["reruns"] == 3 + 5 + 2


def test_net_anat_04_slot_types_one_card_per_slot() -> None:
    """NET-ANAT-04: Slot types one card per slot."""
    s = scenario(2)
    put_show(s, 0, DAY, "Flounder Tank", atts=["Fizzy Pop", "Cloud Nine Mattresses", "QuikLube Express"])
    to_green(s, 0, "Pawsome Pet Food")
    # Flounder Tank has 3 ad slots, all full: only replacing is possible.
    targets = [t for t in A.attach_targets(s, 0, cid("Pawsome Pet Food")) if t.split(":")[1] == "0"]
    assert len(targets) == 3 and all(t.startswith("rep:0:") for t in targets)
    sl = CAT.card(cid("Monday Night Fumble")).defn.slots
    assert (sl.star_req, sl.ad_req, sl.wild_opt) == (1, 1, 1)


def test_net_anat_05_star_fields() -> None:
    """NET-ANAT-05: Star fields."""
    d = CAT.card(cid("Nova Starling")).defn
    assert d.cost == 4 and d.expenses == 2 and d.viewers == [6, 5, 5, 3]
    assert d.rotated_viewers == [2, 2, 2, 1] and d.rotated_expenses == 1
    assert d.condition.kind == "genre"


def test_net_anat_06_star_viewers_follow_host_row() -> None:
    """NET-ANAT-06: Star viewers follow host row."""
    s = scenario(2)
    sh = put_show(s, 0, PRIME, "Throne of Games", row=1, atts=["Hunter Handsome"])
    assert V.show_viewers(s, 0, sh) == 13 + 5
    sh.row = 3
    assert V.show_viewers(s, 0, sh) == 5 + 4


def test_net_anat_07_ad_fields_promo_viewers_only_upright() -> None:
    """NET-ANAT-07: Ad fields promo viewers only upright."""
    d = CAT.card(cid("Promo: Up Next!")).defn
    assert (d.bonus, d.income, d.promo_cost) == (1, 1, 3)
    s = scenario(2)
    up = put_show(s, 0, DAY, "SportsEdges", atts=["Promo: Up Next!"])
    assert V.show_viewers(s, 0, up) == 6 + 3
    down = put_show(s, 0, LATE, "Flounder Tank", atts=[("Promo: Stay Tuned", True)])
    assert V.show_viewers(s, 0, down) == 7


def test_net_anat_08_network_timing_and_free_to_take() -> None:
    """NET-ANAT-08: Network timing and free to take."""
    s = scenario(2, cash=2)
    free, costly = to_display(s, "Cult Following", "Awards Campaign")
    assert CAT.card(free).defn.cost == 0 and CAT.card(costly).defn.cost == 3
    assert f"net:{free}" in F.legal(s) and f"net:{costly}" not in F.legal(s)
    choose(s, f"net:{free}")
    assert s.players[0].cash == 2


def test_net_anat_09_rotated_cards_use_gray_values() -> None:
    """NET-ANAT-09: Rotated cards use gray values."""
    s = scenario(2)
    sh = put_show(s, 0, DAY, "SportsEdges", atts=[("Nova Starling", True), ("Gatorpade", True)])
    assert V.show_viewers(s, 0, sh) == 6 + 2
    assert V.show_upkeep(s, sh) == (1, 1 + 1)


def test_net_anat_10_show_effect_active_in_lineup_star_effect_on_attach() -> None:
    """NET-ANAT-10: Show effect active in lineup star effect on attach."""
    s = scenario(2)
    sh = put_show(s, 0, PRIME, "Reinfeld", atts=["Sunny Daye"])
    assert V.show_viewers(s, 0, sh) == 9 + 2 + 2  # Reinfeld counts Sunny Daye ($0 expenses)
    put_show(s, 0, DAY, "Flounder Tank", atts=[("Promo: Up Next!", True)])
    to_green(s, 0, "Cross-Promoting Star")
    put_show(s, 0, DAY, "SportsEdges", atts=[("Promo: Up Next!", True)])
    attach(s, "Cross-Promoting Star", "to:0")
    assert rotated(s.players[0].lineup[DAY], "Promo: Up Next!") is False


def test_net_anat_11_pilot_cards_cost_or_bonus() -> None:
    """NET-ANAT-11: Pilot cards cost or bonus."""
    for c in CAT.pilot:
        card = CAT.cards[c]
        if card.kind == "ad":
            assert card.defn.bonus >= 0
        else:
            assert card.defn.cost > 0


def test_net_anat_12_starters_have_no_timeslot() -> None:
    """NET-ANAT-12: Starters have no timeslot."""
    for c in CAT.cards:
        if c.kind == "show" and c.defn.deck == "starter":
            assert c.defn.timeslot == "" and c.defn.cost == 0
    s = scenario(2)
    assert all(sh.row == 0 for sh in s.players[0].lineup)
    assert T.defs[s.players[0].lineup[0].cid].deck == "starter"


# ----------------------------------------------------------------------------- the slot-capacity invariant in random play

INVARIANT_GAMES = {1: 60, 2: 70, 3: 60, 4: 60, 5: 50}  # 300 seeded random games


def _replace_keeps_slots(s: NetState, p: int, key: str) -> str | None:
    """Apply an offered ``rep:<slot>:<old>`` key on a clone: what is wrong afterwards, or None."""
    slot, old = int(key.split(":")[1]), int(key.split(":")[2])
    new = s.stack[-1][2]
    before = s.players[p].lineup[slot]
    assert before is not None
    S, A, W = T.cap[before.cid]
    was_filled = SL.required_ok(T, before.cid, [c for c, _ in before.atts])
    t = s.clone()
    F.apply(t, key)
    problems = SL.lineup_fits(t)
    if problems:
        return "; ".join(problems)
    if (T.kind[new] == STAR) != (T.kind[old] == STAR) and W + before.x_wild == 0:
        return f"{key}: a card of the other type replaced on a show without a wild slot (NET-ATT-03/04)"
    after = t.players[p].lineup[slot]
    if after is not None and was_filled and not before.ignore_req and not SL.required_ok(T, after.cid, [c for c, _ in after.atts]):
        return f"{key}: a filled required slot was emptied (NET-ATT-04)"
    return None


@pytest.mark.parametrize("n", sorted(INVARIANT_GAMES))
def test_net_anat_04_random_games_never_overfill_a_show(n: int) -> None:
    """NET-ANAT-04 (a slot holds at most one card), NET-ATT-03/04/09, NET-CARD-09/18/19: in seeded
    random games no show ever holds more stars, ads or cards than its slots allow (Brand
    Ambassador's extra ad counted explicitly, ``slots.lineup_fits``), and every offered Replace
    leaves every attachment on a legal slot, of the same type unless the show has a wild slot."""
    replaces = 0
    for seed in range(INVARIANT_GAMES[n]):
        s = SU.new_state(CAT, NetworksRuleset().validate_options({"log": False}, n), 50_000 + seed, n)
        rng = Rng(seed * 104_729 + n)
        steps = 0
        while s.phase != "over":
            keys = F.legal(s)
            top = s.stack[-1]
            if top[0] == "att_target":
                for key in keys:
                    if key.startswith("rep:"):
                        replaces += 1
                        wrong = _replace_keeps_slots(s, top[1], key)
                        assert wrong is None, f"seed {seed}, step {steps}: {wrong}"
            elif top[0] == "ba_extra" or top[:3] == ("pick", top[1], "spinoff"):
                for key in keys:  # every extra ad and every Spinoff choice, not only the one played
                    t = s.clone()
                    F.apply(t, key)
                    assert not SL.lineup_fits(t), f"seed {seed}, step {steps}, {key}: {SL.lineup_fits(t)}"
            F.apply(s, rng.choice(keys))
            steps += 1
            problems = SL.lineup_fits(s)
            assert not problems, f"seed {seed}, step {steps}: {problems}"
    assert replaces > 0  # the games did offer replacements
