"""The 17 network cards the rulebook does not name (card texts in network.toml).

Not checklist rules of their own; they exercise NET-NETC-01..05 and NET-TURN-07 with
every remaining network effect.
"""

from __future__ import annotations

from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import round_end as RE

from .helpers import (
    AD,
    DAY,
    LATE,
    NET,
    PRIME,
    STAR,
    choose,
    keys_starting,
    on_top,
    put_show,
    scenario,
    to_display,
    to_green,
    to_reruns,
    top,
)


def test_tax_incentive_immediate_cash() -> None:
    s = scenario(2, cash=0)
    (c,) = to_display(s, "Tax Incentive")
    choose(s, f"net:{c}")
    assert s.players[0].cash == 5 and c in s.discards[NET]


def test_casting_call_and_upfront_presentation_bonus_draws() -> None:
    s = scenario(2, cash=0)
    cc, up = to_display(s, "Casting Call", "Upfront Presentation")
    a, b = on_top(s, "Hunter Handsome", "Gene Pool")
    choose(s, f"net:{cc}")
    assert top(s) == ("bonus", 0, (a, b))
    choose(s, f"take:{a}")
    assert a in s.players[0].green and s.players[0].cash == 0
    x, y = on_top(s, "MegaMart", "Fizzy Pop")
    choose(s, f"net:{up}")
    choose(s, f"take:{x}")
    assert s.players[1].cash == 4 and y in s.discards[AD]


def test_fan_campaign_advances_a_lineup_genre() -> None:
    s = scenario(2)
    (c,) = to_display(s, "Fan Campaign")
    choose(s, f"net:{c}")
    genres = sorted({sh.genre for sh in s.players[0].lineup})
    assert F.legal(s) == [f"genre:{g}" for g in genres]
    choose(s, "genre:drama")
    assert s.players[0].genre[5] == 1


def test_agency_rolodex_cheaper_stars() -> None:
    s = scenario(2, cash=4)
    to_green(s, 0, "Agency Rolodex")
    (star,) = to_display(s, "Hunter Handsome")  # $5M
    choose(s, f"star:{star}")
    assert s.players[0].cash == 0


def test_early_wrap_extra_cash_on_pass() -> None:
    s = scenario(3, cash=0)
    to_green(s, 0, "Early Wrap")
    choose(s, "pass:viewers")
    assert s.players[0].cash == 2 and s.players[0].pass_viewers == 4


def test_double_shift_extra_action_not_a_pass() -> None:
    s = scenario(2)
    (ds,) = to_green(s, 0, "Double Shift")
    a, b = to_display(s, "MegaMart", "Fizzy Pop")
    assert f"use:{ds}" not in F.legal(s)  # only after the action
    choose(s, f"ad:{a}")
    assert F.legal(s) == [f"use:{ds}", "end"]
    choose(s, f"use:{ds}")
    keys = F.legal(s)
    assert f"ad:{b}" in keys and "end" in keys and not [k for k in keys if k.startswith("pass:")]
    choose(s, f"ad:{b}")
    assert top(s) == ("turn", 1, 0) and s.players[0].green == (a, b)


def test_recasting_and_ad_sales_blitz_refresh_rows() -> None:
    s = scenario(2)
    rc, asb = to_green(s, 0, "Recasting", "Ad Sales Blitz")
    old_stars = to_display(s, "Hunter Handsome", "Gene Pool")
    choose(s, f"use:{rc}")
    assert all(c in s.discards[STAR] for c in old_stars)
    assert len(s.display[STAR]) == s.setup.display.star
    choose(s, f"use:{asb}")
    assert len(s.display[AD]) == s.setup.display.ad and top(s) == ("turn", 0, 0)


def test_fan_petition_moves_marker_up() -> None:
    s = scenario(2)
    (fp,) = to_green(s, 0, "Fan Petition")
    put_show(s, 0, LATE, "Star Trucks", row=2)
    choose(s, f"use:{fp}")
    assert F.legal(s) == [f"slot:{LATE}"]  # only shows not on their first row
    choose(s, f"slot:{LATE}")
    assert s.players[0].lineup[LATE].row == 1


def test_game_end_viewer_cards() -> None:
    s = scenario(2)
    s.players[0].genre = [1, 0, 2, 0, 0, 3]
    to_green(s, 0, "Cult Following", "Awards Campaign", "Broad Appeal", "Media Empire")
    # 5 + 8 + 2 per track with a marker (3) + 2 per other network card (3)
    assert RE.end_bonuses(s, 0)["network"] == 5 + 8 + 6 + 6


def test_genre_show_game_end_cards_count_lineup_and_reruns() -> None:
    s = scenario(2)
    put_show(s, 0, DAY, "SportsEdges")
    put_show(s, 0, PRIME, "Throne of Games")
    put_show(s, 0, LATE, "Breaking Bland")
    to_reruns(s, 0, "Slam Dunkirk", "Dawson's Reek")
    to_green(s, 0, "Sports Package", "Fan Convention", "Prestige Television")
    assert RE.end_bonuses(s, 0)["network"] == 2 * 2 + 2 * 1 + 2 * 2


def test_awards_campaign_costs_three_to_take() -> None:
    s = scenario(2, cash=3)
    (c,) = to_display(s, "Awards Campaign")
    choose(s, f"net:{c}")
    assert s.players[0].cash == 0 and c in s.players[0].green
    assert keys_starting(s, "pass:")
