"""PT-COMP, PT-ANAT, PT-GAP and PT-NAMED: the card set and the board data.

The rulebook (000_ebc6460c85c7affb.txt) gives component counts, card anatomy and a few
named cards; the base card set must agree with every one of those numbers.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from primetime.games.prime_time.cards import (
    DATA_DIR,
    GENRES,
    GOLD,
    MINI,
    SERIES,
    SILVER,
    SINGLE,
    TALENT_TYPES,
    CardDataError,
    load_catalogue,
)
from primetime.games.prime_time.rules.game_end import guide_value
from primetime.games.prime_time.rules.income import income
from primetime.games.prime_time.ruleset import PrimeTimeRuleset
from primetime.games.prime_time.text import card_text

from .helpers import CAT, copies, fresh

B = CAT.board
assert B is not None


def test_pt_comp_01_player_count_2_to_4() -> None:
    """PT-COMP-01: Player count 2 to 4."""
    rs = PrimeTimeRuleset()
    for n in (2, 3, 4):
        assert rs.validate_options({}, n)
    for n in (1, 5):
        with pytest.raises(ValueError, match="2 to 4 players"):
            rs.validate_options({}, n)


def test_pt_comp_02_six_rounds_two_seasons() -> None:
    """PT-COMP-02: Six rounds two seasons."""
    assert B.game.rounds == 6 and B.game.season_rounds == 3


def test_pt_comp_03_board_areas_exist() -> None:
    """PT-COMP-03: Board areas exist."""
    s = fresh(4)
    assert len(s.forecast) == 3 and all(len(r) == 5 for r in s.forecast)  # 3 rows x 5 days
    assert len(s.pools) == 5
    assert s.spaces[0] and s.spaces[1]  # Show and Talent spaces with bidding spaces
    assert B.game.vp_track == 50 and B.game.hotness_max >= 1
    assert len(s.clients) == 2  # client spaces
    for section in (s.rd, s.archives, s.golf, s.pr, s.hr):
        assert section == []


def test_pt_comp_04_bag_draws_are_random() -> None:
    """PT-COMP-04: Bag draws are random."""
    pools = {tuple(map(tuple, fresh(4, seed).pools)) for seed in range(6)}
    assert len(pools) > 1


def test_pt_comp_05_cubes() -> None:
    """PT-COMP-05: Cubes."""
    assert B.cubes.counts == {"pink": 10, "orange": 10, "yellow": 10, "blue": 10, "green": 10, "black": 5}
    assert sum(B.cubes.counts.values()) == 55


def test_pt_comp_06_tv_guides_have_a_slot_per_weekday() -> None:
    """PT-COMP-06: Tv guides have a slot per weekday."""
    s = fresh(4)
    assert all(len(pl.guide) == 5 for pl in s.players)
    assert B.game.days == 5


def test_pt_comp_07_bank_is_unlimited() -> None:
    """PT-COMP-07: Bank is unlimited."""
    s = fresh(4)
    s.players[0].cash = 10_000
    income(s)  # paying out never runs short
    assert s.players[0].cash == 10_000


def test_pt_comp_08_bond_certificates() -> None:
    """PT-COMP-08: Bond certificates."""
    assert sorted(B.bonds.certificates) == [5, 10]


def test_pt_comp_09_17_clients() -> None:
    """PT-COMP-09, PT-COMP-17: Clients."""
    assert len(CAT.clients) == 17


def test_pt_comp_10_38_talents_with_duplicates() -> None:
    """PT-COMP-10, PT-COMP-38: Talents with duplicates."""
    assert len(CAT.talents) == 38
    names = Counter(t.name for t in CAT.talents)
    assert any(k > 1 for k in names.values())


def test_pt_comp_11_48_shows() -> None:
    """PT-COMP-11, PT-COMP-48: Shows."""
    assert len(CAT.shows) == 48


def test_pt_comp_12_20_reruns() -> None:
    """PT-COMP-12, PT-COMP-20: Reruns."""
    assert CAT.rerun is not None and CAT.rerun.count == 20
    assert fresh(3).reruns == 20


def test_pt_comp_13_12_boardroom_cards_in_3_decks() -> None:
    """PT-COMP-12, PT-COMP-13: Boardroom cards in 3 decks."""
    assert len(CAT.boardroom) == 12
    assert len(CAT.characters) == 3 and [len(d) for d in CAT.br_decks] == [4, 4, 4]


def test_pt_comp_14_6_variety_tokens() -> None:
    """PT-COMP-14: 6 variety tokens."""
    assert B.variety.tokens == 6 and fresh(2).variety == 6


def test_pt_comp_15_6_tokens_per_colour() -> None:
    # 3 action tokens + VP marker + hotness marker + turn-order marker per player.
    """PT-COMP-15: 6 tokens per colour."""
    s = fresh(4)
    assert B.game.tokens == 3
    assert all(pl.vp == 0 and pl.hot == 0 for pl in s.players) and sorted(s.order) == [0, 1, 2, 3]


def test_pt_comp_16_round_and_first_player_markers() -> None:
    """PT-COMP-16: Round and first player markers."""
    s = fresh(3)
    v = PrimeTimeRuleset().view(s, None)
    assert v["round"] == 1 and v["first_player"] == s.order[0]


def test_pt_comp_17_five_genres() -> None:
    """PT-COMP-17: Five genres."""
    assert set(GENRES) == {"scifi", "action", "reality", "comedy", "drama"}
    assert {s.genre for s in CAT.shows} == set(GENRES) == {t.genre for t in CAT.talents}


def test_pt_comp_18_five_talent_types() -> None:
    """PT-COMP-18: Five talent types."""
    assert set(TALENT_TYPES) == {"cast", "writer", "director", "producer", "actor"}
    assert {t.type for t in CAT.talents} == set(TALENT_TYPES)


def test_pt_comp_19_three_durations() -> None:
    """PT-COMP-19: Three durations."""
    assert {s.duration for s in CAT.shows} == {"series", "mini", "single"}


def test_pt_comp_20_two_tiers() -> None:
    """PT-COMP-20: Two tiers."""
    assert {s.tier for s in CAT.shows} == {"gold", "silver"} == {t.tier for t in CAT.talents}
    assert {sp.tier for sp in B.show_space} == {"gold", "silver"} == {sp.tier for sp in B.talent_space}


# ----------------------------------------------------------------------------- anatomy


def test_pt_anat_01_show_fields() -> None:
    """PT-ANAT-01: Show fields."""
    for d in CAT.shows:
        assert d.name and d.genre in GENRES and d.duration in ("series", "mini", "single")
        assert d.tier in ("gold", "silver") and d.min_bid >= 1 and d.spaces
    assert "Sci-fi Series" in card_text(CAT, "Space Quest")


def test_pt_anat_02_talent_fields() -> None:
    """PT-ANAT-02: Talent fields."""
    for d in CAT.talents:
        assert d.name and d.type in TALENT_TYPES and d.genre in GENRES and d.spaces and d.stars >= 0
    assert {t.stars for t in CAT.talents} >= {0, 1, 2}


def test_pt_anat_03_copies_are_independent_cards() -> None:
    """PT-ANAT-03: Copies are independent cards."""
    a, b = copies("Luke Watcher")
    assert a != b and CAT.ids[a] != CAT.ids[b]
    s = fresh(2)
    from .helpers import put

    put(s, 0, 0, "Home and Away", [a])
    put(s, 1, 0, "Space Quest")
    assert s.players[0].guide[0] is not None and b not in s.players[0].guide[0].talents


def test_pt_anat_04_shows_may_carry_stars() -> None:
    """PT-ANAT-04: Shows may carry stars."""
    assert any(d.stars for d in CAT.shows) and any(not d.stars for d in CAT.shows)


def test_pt_anat_05_rerun_card() -> None:
    """PT-ANAT-05: Rerun card."""
    assert CAT.rerun is not None
    assert CAT.rerun.spaces == ["any"] and CAT.rerun.stars == 0


def test_pt_anat_06_space_fit_rule() -> None:
    """PT-ANAT-06: Space fit rule."""
    from primetime.games.prime_time.cards import ANY, BLACK

    def fits(cube: int, space: int) -> bool:
        return cube == BLACK or space == ANY or cube == space

    assert fits(0, 0) and not fits(0, 1) and fits(BLACK, 3) and fits(2, ANY)


def test_pt_anat_07_client_requirement_and_cash() -> None:
    """PT-ANAT-07: Client requirement and cash."""
    for c in CAT.clients:
        assert c.needs and c.cash > 0
    assert all(len(n) == 5 for n in CAT.needs)


def test_pt_anat_08_boardroom_decks() -> None:
    """PT-ANAT-08: Boardroom decks."""
    ids = {c.id for c in CAT.characters}
    assert all(b.deck in ids for b in CAT.boardroom)


# ----------------------------------------------------------------------------- data gaps


def test_pt_gap_01_card_space_layout() -> None:
    """PT-GAP-01: Card space layout."""
    tiers = [sp.tier for sp in B.show_space]
    assert "gold" in tiers and "silver" in tiers
    assert any(sp.two_player for sp in B.show_space) and any(sp.two_player for sp in B.talent_space)
    assert [sp.tier for sp in B.talent_space] == tiers


def test_pt_gap_02_bidding_space_layout() -> None:
    """PT-GAP-02: Bidding space layout."""
    assert (B.bidding.cap.gold, B.bidding.cap.silver) == (16, 7)
    assert (B.bidding.fallback.gold, B.bidding.fallback.silver) == (4, 1)
    assert B.bidding.slots.gold >= 2 and B.bidding.slots.silver >= 1  # Amazon Run took 2 bids


def test_pt_gap_03_turn_order_bonuses() -> None:
    """PT-GAP-03: Turn order bonuses."""
    assert B.game.turn_order_bonus == [0, 1, 3, 5]


def test_pt_gap_04_hotness_track_range() -> None:
    """PT-GAP-04: Hotness track range."""
    most = max(len(CAT.spaces[c]) for c in range(CAT.n_shows))
    per_type = [max(len(CAT.spaces[c]) for c in range(CAT.n_shows, CAT.n_cards) if CAT.ttype[c] == t) for t in range(5)]
    assert B.game.hotness_max >= most + sum(per_type)


def test_pt_gap_05_show_cards() -> None:
    """PT-GAP-05: Show cards."""
    for c in range(CAT.n_shows):
        cap = 16 if CAT.tier[c] == GOLD else 7
        assert CAT.min_bid[c] <= cap
        if CAT.tier[c] == GOLD:
            assert 4 <= CAT.min_bid[c] <= 15
    bids = sorted(CAT.min_bid[c] for c in range(CAT.n_shows))
    assert 30 - bids[-1] - bids[-2] >= 0  # PT-AMB-36: starting cash never negative
    genres = Counter(d.genre for d in CAT.shows)
    assert min(genres.values()) >= 8
    durs = Counter(CAT.dur[c] for c in range(CAT.n_shows))
    assert durs[SERIES] and durs[MINI] and durs[SINGLE]


def test_pt_gap_06_talent_cards() -> None:
    """PT-GAP-06: Talent cards."""
    combos = {(d.type, d.genre) for d in CAT.talents}
    for t in TALENT_TYPES:
        assert len({g for ty, g in combos if ty == t}) == 5  # every type in every genre
    assert any(d.stars >= 2 for d in CAT.talents)
    assert {CAT.tier[c] for c in range(CAT.n_shows, CAT.n_cards)} == {GOLD, SILVER}


def test_pt_gap_07_client_tokens() -> None:
    """PT-GAP-07: Client tokens."""
    sizes = [sum(c.needs.values()) for c in CAT.clients]
    assert 3 <= min(sizes) and max(sizes) <= 6
    assert 17 - 2 * 6 == 5  # 5 tokens are never seen in a game


def test_pt_gap_08_boardroom_characters() -> None:
    """PT-GAP-08: Boardroom characters."""
    decks = {ch.id: sorted(CAT.boardroom[b].name for b in d) for ch, d in zip(CAT.characters, CAT.br_decks, strict=True)}
    assert decks["trends"] == ["Market Trends (1)", "Market Trends (2)", "Market Trends (3)", "Market Trends (4)"]
    assert decks["finance"] == ["Max $", "Min $", "Min Bonds", "More Clients"]
    assert decks["programming"] == ["Min Re-runs", "Most Stars", "Single Show Frenzy", "Too Many Stars"]


def test_pt_gap_09_cube_colours() -> None:
    """PT-GAP-09: Cube colours."""
    from primetime.games.prime_time.cards import COLOURS

    assert COLOURS == ("pink", "orange", "yellow", "blue", "green", "black")


def test_pt_gap_10_rerun_face() -> None:
    """PT-GAP-10: Rerun face."""
    assert CAT.rerun is not None and CAT.rerun.spaces == ["any"] and CAT.rerun.stars == 0
    assert CAT.rerun_spaces == (5,)


def test_pt_gap_11_tv_guide_layout() -> None:
    """PT-GAP-11: Tv guide layout."""
    assert len(fresh(3).players[0].guide) == 5 and len(fresh(2).players[0].guide) == 4


def test_pt_gap_12_supply_limits() -> None:
    """PT-GAP-12: Supply limits."""
    s = fresh(4)
    assert s.variety == 6 and s.reruns == 20


def test_pt_gap_13_tiebreak_value_is_min_bid() -> None:
    """PT-GAP-13: Tiebreak value is min bid."""
    from .helpers import put

    s = fresh(2)
    put(s, 0, 0, "Home and Away", ["Luke Watcher"])
    put(s, 0, 1, "rerun")
    assert guide_value(s, 0) == CAT.min_bid[CAT.by_id["SH-43"]] + 3


def test_pt_gap_14_track_sizes() -> None:
    """PT-GAP-14: Track sizes."""
    assert B.game.vp_track == 50 and B.game.rounds == 6 and len(B.game.turn_order_bonus) == 4


def test_pt_gap_15_two_generic_client_spaces() -> None:
    """PT-GAP-15: Two generic client spaces."""
    assert B.clients_per_round == 2


# ----------------------------------------------------------------------------- named cards


def _show(name: str) -> int:
    return CAT.names.index(name)


def test_pt_named_01_amazon_run() -> None:
    """PT-NAMED-01: Amazon run."""
    c = _show("Amazon Run")
    assert CAT.is_show[c] and CAT.min_bid[c] == 8 and CAT.tier[c] == GOLD


def test_pt_named_02_home_and_away() -> None:
    """PT-NAMED-02: Home and away."""
    c = _show("Home and Away")
    assert CAT.dur[c] in (SERIES, MINI) and 4 in CAT.spaces[c]  # green


def test_pt_named_03_space_quest() -> None:
    """PT-NAMED-03: Space quest."""
    c = _show("Space Quest")
    assert CAT.shows[c].genre == "scifi" and 3 in CAT.spaces[c]  # blue
    assert CAT.stars[c] == 1  # Bridget's potential of 1 in the Tuesday example


def test_pt_named_04_aged_teens() -> None:
    """PT-NAMED-04: Aged teens."""
    for c in copies("Aged Teens"):
        assert not CAT.is_show[c] and CAT.genre[c] == GENRES.index("drama")


def test_pt_named_05_luke_watcher() -> None:
    """PT-NAMED-05: Luke watcher."""
    for c in copies("Luke Watcher"):
        assert 4 in CAT.spaces[c] and CAT.stars[c] == 1


def test_pt_named_06_krunchy_flakes() -> None:
    """PT-NAMED-06: Krunchy flakes."""
    k = next(c for c in CAT.clients if c.name == "Krunchy Flakes")
    assert k.needs == {"orange": 4, "green": 1} and k.cash == 6


# ----------------------------------------------------------------------------- loader


def _copy_set(tmp_path: Path) -> Path:
    dst = tmp_path / "set"
    shutil.copytree(DATA_DIR, dst)
    return dst


def test_loader_error_names_file_card_and_field(tmp_path: Path) -> None:
    d = _copy_set(tmp_path)
    f = d / "shows.toml"
    f.write_text(f.read_text().replace('genre = "drama"', 'genre = "opera"', 1))
    with pytest.raises(CardDataError, match=r"shows.toml: \[\[show\]\] card SH-\d+: field `genre`: unknown genre 'opera'"):
        load_catalogue(d)


def test_loader_type_error_names_field(tmp_path: Path) -> None:
    d = _copy_set(tmp_path)
    f = d / "talents.toml"
    f.write_text(f.read_text().replace("min_bid = 2", 'min_bid = "two"', 1))
    with pytest.raises(CardDataError, match=r"talents.toml: \[\[talent\]\] card TA-01 field `min_bid`"):
        load_catalogue(d)


def test_loader_rejects_min_bid_over_cap(tmp_path: Path) -> None:
    d = _copy_set(tmp_path)
    f = d / "shows.toml"
    f.write_text(f.read_text().replace("min_bid = 4", "min_bid = 9", 1))
    with pytest.raises(CardDataError, match="silver cap"):
        load_catalogue(d)


def test_loader_rejects_unknown_colour_and_metric(tmp_path: Path) -> None:
    d = _copy_set(tmp_path)
    f = d / "clients.toml"
    f.write_text(f.read_text().replace("orange = 4", "brown = 4", 1))
    with pytest.raises(CardDataError, match=r"clients.toml: \[\[client\]\] card CL-01: field `needs`: unknown colour 'brown'"):
        load_catalogue(d)
    d2 = _copy_set(tmp_path / "b")
    f = d2 / "boardroom.toml"
    f.write_text(f.read_text().replace('metric = "cash"', 'metric = "wealth"', 1))
    with pytest.raises(CardDataError, match="BR-05: field `metric`"):
        load_catalogue(d2)


def test_loader_missing_file(tmp_path: Path) -> None:
    d = _copy_set(tmp_path)
    (d / "reruns.toml").unlink()
    with pytest.raises(CardDataError, match="reruns.toml: file missing"):
        load_catalogue(d)


def test_catalogue_json_round_trip() -> None:
    data = CAT.to_json()
    assert len(data["shows"]) == 48 and len(data["talents"]) == 38 and data["rerun"]["count"] == 20
