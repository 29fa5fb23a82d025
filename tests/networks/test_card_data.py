"""The card catalogue: counts, named cards, data validation and the effect registry (NET-COMP, NET-CARD)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from primetime.core import Game, Rng
from primetime.games.networks import effects
from primetime.games.networks.cards import DATA_DIR, CardDataError, default_catalogue, load_catalogue, telly_catalogue
from primetime.games.networks.rules import network_cards as NC

CAT = default_catalogue()


def by_name(name: str):  # type: ignore[no-untyped-def]
    hits = [c for c in CAT.cards if c.name == name]
    assert len(hits) == 1, f"expected exactly one card named {name!r}, found {len(hits)}"
    return hits[0]


def test_net_comp_02_to_08_component_counts() -> None:
    """NET-COMP-02: NET-COMP-02..08: 15 starters, 20 pilot (6 shows), 36 A/B shows, 50 stars, 35 ads, 31 network, 15 solo."""
    assert sum(len(v) for v in CAT.starters.values()) == 15
    assert all(len(v) == 3 for v in CAT.starters.values()) and len(CAT.starters) == 5
    assert len(CAT.pilot) == 20
    assert sum(1 for c in CAT.pilot if CAT.cards[c].kind == "show") == 6
    assert len(CAT.shows_a) + len(CAT.shows_b) == 36
    assert any(CAT.cards[c].defn.mark == 3 for c in CAT.shows_a)
    assert any(CAT.cards[c].defn.mark == 4 for c in CAT.shows_b)
    assert len(CAT.stars) == 50 and len(CAT.ads) == 35 and len(CAT.network) == 31
    assert len(CAT.solo) == 15


def test_net_comp_07_every_timing_and_condition_appears() -> None:
    """NET-COMP-07 / NET-GAP-14: all four network timings and every condition icon are on real cards."""
    timings = {CAT.cards[c].defn.timing for c in CAT.network}
    assert timings == {"immediate", "use_once", "ongoing", "game_end"}
    kinds = {CAT.cards[c].defn.condition.kind for c in CAT.stars + CAT.ads if CAT.cards[c].defn.condition}
    assert kinds == {"genre", "timeslot", "with_others", "alone", "networks"}
    assert any(len(CAT.cards[c].defn.condition.genres) == 2 for c in CAT.stars + CAT.ads
               if CAT.cards[c].defn.condition and CAT.cards[c].defn.condition.kind == "genre")
    assert any(CAT.cards[c].defn.promo_cost for c in CAT.ads)


NAMED_NETWORK = {
    "Big Game": "big_game", "Creative Accounting": "creative_accounting", "C-Suite Connections": "c_suite_connections",
    "Ensemble Cast": "ensemble_cast", "Exclusive Rights": "exclusive_rights", "Mid-Season Refresh": "mid_season_refresh",
    "On-Set Accommodations": "on_set_accommodations", "Preempted Timeslot": "preempted_timeslot", "Spinoff": "spinoff",
    "Sponsored Content": "sponsored_content", "Streaming Deal": "streaming_deal", "Talent Agency": "talent_agency",
    "Trendy Showrunner": "trendy_showrunner", "Writeoff": "writeoff",
}
NAMED_SHOWS = {"Car Chases Without Context": "no_penalty", "Reinfeld": "reinfeld", "Surpriser": "surpriser",
               "Upton Crabby": "upton_crabby"}
NAMED_STARS = {"Brand Ambassador": "brand_ambassador", "Charity Infomercial Mainstay": "charity_mainstay",
               "Cross-Promoting Star": "cross_promoting", "Famously Famous": "flex_slot", "Fierce Drag Queen": "flex_slot",
               "Gray Fox": "gray_fox", "Industry Veteran": "industry_veteran", "Rerun Guy": "rerun_guy",
               "Versatile Actor": "versatile_actor"}


@pytest.mark.parametrize("name,effect", sorted({**NAMED_NETWORK, **NAMED_SHOWS, **NAMED_STARS}.items()))
def test_net_card_named_cards_exist(name: str, effect: str) -> None:
    """NET-CARD-01..27: every card the rulebook names exists with its effect."""
    assert by_name(name).defn.effect == effect


@pytest.mark.parametrize("name", ["Dawson's Reek", "Throne of Games", "SportsEdges", "Flounder Tank", "Plastic Chef",
                                  "Normal Stuff"])
def test_net_card_28_33_example_shows_exist(name: str) -> None:
    """NET-CARD-28, NET-CARD-33: Example shows exist."""
    assert by_name(name).kind == "show"


def test_net_card_28_dawsons_reek_stats() -> None:
    """NET-CARD-28: Drama, $5M, Primetime, row 1 = 7, row 3 = 5, one required star, room for an ad."""
    d = by_name("Dawson's Reek").defn
    assert (d.genre, d.cost, d.timeslot, d.seasons[0], d.seasons[2], d.slots.star_req) == ("drama", 5, "primetime", 7, 5, 1)
    assert d.slots.ad_opt + d.slots.wild_opt + d.slots.ad_req + d.slots.wild_req >= 1


def test_effect_registry_and_handlers_agree_both_ways() -> None:
    """Card data, the effect registry and the engine handlers name the same effects."""
    assert set(effects.NETWORK_EFFECTS) == set(NC.NETWORK_HANDLERS)
    used = {CAT.cards[c].defn.effect for c in CAT.network}
    assert used == set(effects.NETWORK_EFFECTS), "every network effect is on a real card"
    # the show effects with the Telly Time module's shows (quiz, chat)
    show_effects = {c.defn.effect for c in telly_catalogue().cards if c.kind == "show" and c.defn.effect}
    star_effects = {c.defn.effect for c in CAT.cards if c.kind == "star" and c.defn.effect}
    assert show_effects == set(effects.SHOW_EFFECTS)
    assert star_effects == set(effects.STAR_EFFECTS)


def _copy_set(tmp_path: Path) -> Path:
    dest = tmp_path / "myset"
    shutil.copytree(DATA_DIR, dest)
    return dest


def test_another_card_set_folder_loads_and_plays(tmp_path: Path) -> None:
    """A card set is a folder of data; the engine can load another one."""
    folder = _copy_set(tmp_path)
    text = (folder / "stars.toml").read_text()
    (folder / "stars.toml").write_text(text.replace('name = "Gray Fox"', 'name = "Silver Fox"'))
    cat = load_catalogue(folder)
    assert any(c.name == "Silver Fox" for c in cat.cards)
    game = Game.new("networks", 2, seed=1, options={"card_set": str(folder)})
    rng = Rng(1)
    while not game.is_over():
        game.apply(None, rng.choice(game.legal_keys()))


@pytest.mark.parametrize("file,old,new,expect", [
    ("stars.toml", "\ncost = ", '\ncost = "x" #', ["stars.toml", "STAR-", "cost"]),
    ("shows.toml", 'genre = "drama"', 'genre = "opera"', ["shows.toml", "genre", "opera"]),
    ("network.toml", 'effect = "big_game"', 'effect = "nope"', ["network.toml", "NET-", "effect"]),
    ("ads.toml", "\nincome = ", "\nincme = ", ["ads.toml", "AD-", "incme"]),
])
def test_bad_card_data_names_file_card_and_field(tmp_path: Path, file: str, old: str, new: str, expect: list[str]) -> None:
    folder = _copy_set(tmp_path)
    path = folder / file
    path.write_text(path.read_text().replace(old, new, 1))
    with pytest.raises(CardDataError) as err:
        load_catalogue(folder)
    for part in expect:
        assert part in str(err.value)


def test_missing_card_file_is_named(tmp_path: Path) -> None:
    folder = _copy_set(tmp_path)
    (folder / "solo.toml").unlink()
    with pytest.raises(CardDataError, match="solo.toml"):
        load_catalogue(folder)
