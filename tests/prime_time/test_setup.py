"""PT-SETUP, PT-PSETUP and PT-ROUND: setting up and the shape of a round (000, Setup; Gameplay)."""

from __future__ import annotations

import json

from primetime.core import Game, Rng
from primetime.games.prime_time.rules.core import rules
from primetime.games.prime_time.rules.setup import fill_spaces
from primetime.games.prime_time.ruleset import PrimeTimeRuleset

from .helpers import CAT, assert_conserved, choose, cube_counts, fresh, legal, started, top


def test_pt_setup_01_round_marker_on_1() -> None:
    """PT-SETUP-01: Round marker on 1."""
    assert fresh(3).round == 1


def test_pt_setup_02_three_decks_top_card_face_up() -> None:
    """PT-SETUP-02: Three decks top card face up."""
    s = fresh(4, bonds=True)
    assert len(s.br_up) == 3
    for i, b in enumerate(s.br_up):
        assert b in CAT.br_decks[i] and b not in s.br_decks[i]
        assert len(s.br_decks[i]) == 3
    seen = {tuple(fresh(4, seed, bonds=True).br_up) for seed in range(10)}
    assert len(seen) > 1  # shuffled


def test_pt_setup_03_min_bonds_only_with_bonds() -> None:
    """PT-SETUP-03: Min bonds only with bonds."""
    mb = CAT.br_by_id["BR-07"]
    for seed in range(10):
        s = fresh(3, seed)
        assert s.br_box == [mb] and mb not in s.br_up and all(mb not in d for d in s.br_decks)
        s = fresh(3, seed, bonds=True)
        assert s.br_box == [] and (mb in s.br_up or any(mb in d for d in s.br_decks))


def test_pt_setup_04_decks_shuffled_separately() -> None:
    """PT-SETUP-04: Decks shuffled separately."""
    s = fresh(3)
    assert all(CAT.is_show[c] for c in s.show_deck) and not any(CAT.is_show[c] for c in s.tal_deck)
    assert fresh(3, 1).show_deck != fresh(3, 2).show_deck


def test_pt_setup_05_show_spaces_filled_by_tier() -> None:
    """PT-SETUP-05: Show spaces filled by tier."""
    R = rules(fresh(4))
    for seed in range(10):
        s = fresh(4, seed)
        for i, c in enumerate(s.spaces[0]):
            assert c >= 0 and CAT.tier[c] == R.space_tier[0][i]
        # discards beside the deck are cards that found no vacant space of their tier
        assert all(CAT.is_show[c] for c in s.show_disc)


def test_pt_setup_05_leftmost_vacant_space_of_the_tier() -> None:
    """PT-SETUP-05: Leftmost vacant space of the tier."""
    s = fresh(4)
    for i in range(len(s.spaces[0])):
        s.show_disc.append(s.spaces[0][i])
        s.spaces[0][i] = -1
    gold = [c for c in s.show_deck if CAT.tier[c] == 1][:3]
    silver = [c for c in s.show_deck if CAT.tier[c] == 0][:3]
    for c in gold + silver:
        s.show_deck.remove(c)
    # top of the deck (end of the list) first: gold, silver, gold, gold (no room: discarded), silver
    order = [gold[0], silver[0], gold[1], gold[2], silver[1], silver[2]]
    s.show_deck += list(reversed(order))
    fill_spaces(s)
    assert s.spaces[0] == [gold[0], silver[0], gold[1], silver[1], silver[2]]
    assert s.show_disc[-1] == gold[2]


def test_pt_setup_06_talent_spaces_filled_the_same_way() -> None:
    """PT-SETUP-06: Talent spaces filled the same way."""
    s = fresh(4)
    R = rules(s)
    for i, c in enumerate(s.spaces[1]):
        assert c >= 0 and not CAT.is_show[c] and CAT.tier[c] == R.space_tier[1][i]
    assert all(not CAT.is_show[c] for c in s.tal_disc)


def test_pt_setup_07_two_player_spaces_stay_empty() -> None:
    """PT-SETUP-07: Two player spaces stay empty."""
    s = fresh(2)
    R = rules(s)
    for kind in (0, 1):
        for i, c in enumerate(s.spaces[kind]):
            assert (c < 0) == (not R.space_open[kind][i])
    assert any(not o for o in R.space_open[0])


def test_pt_setup_08_two_clients_on_the_board() -> None:
    """PT-SETUP-08: Two clients on the board."""
    s = fresh(3)
    assert len(s.clients) == 2 and len(s.client_pile) == 15
    assert {tuple(fresh(3, k).clients) for k in range(8)} != {tuple(s.clients)}


def test_pt_setup_09_bank_and_bonds() -> None:
    """PT-SETUP-09: Bank and bonds."""
    s = fresh(3, bonds=True)
    assert all(pl.bonds == [] for pl in s.players)
    v = PrimeTimeRuleset().view(s, None)
    assert v["options"]["bonds"] is True


def test_pt_setup_10_all_55_cubes() -> None:
    """PT-SETUP-10: All 55 cubes."""
    s = fresh(4)
    assert sum(cube_counts(s)) == 55 and cube_counts(s) == [10, 10, 10, 10, 10, 5]


def test_pt_setup_11_three_cubes_per_daily_pool() -> None:
    """PT-SETUP-11: Three cubes per daily pool."""
    s = fresh(4)
    assert [sum(p) for p in s.pools] == [3, 3, 3, 3, 3]


def test_pt_setup_12_fifteen_forecast_cubes_and_25_in_the_bag() -> None:
    """PT-SETUP-12: Fifteen forecast cubes and 25 in the bag."""
    s = fresh(4)
    assert all(c >= 0 for row in s.forecast for c in row)
    assert sum(s.bag) == 25


def test_pt_setup_13_two_player_friday_left_empty() -> None:
    """PT-SETUP-13: Two player friday left empty."""
    s = fresh(2)
    assert sum(s.pools[4]) == 0 and all(row[4] == -1 for row in s.forecast)
    assert [sum(p) for p in s.pools[:4]] == [3, 3, 3, 3]
    assert sum(s.bag) == 55 - 12 - 12


def test_pt_setup_14_board_before_starting_hands() -> None:
    """PT-SETUP-14: Board before starting hands."""
    s = fresh(4)
    offered = [c for pl in s.players for c in pl.offer]
    assert len(offered) == 12 and not set(offered) & set(s.spaces[0])


def test_pt_psetup_01_one_guide_per_player() -> None:
    """PT-PSETUP-01: One guide per player."""
    s = fresh(4)
    assert len(s.players) == 4 and len({id(pl.guide) for pl in s.players}) == 4


def test_pt_psetup_02_random_turn_order_three_action_tokens() -> None:
    """PT-PSETUP-02: Random turn order three action tokens."""
    orders = {tuple(fresh(4, seed).order) for seed in range(12)}
    assert len(orders) > 3
    s = started(4)
    assert all(pl.tokens == 3 for pl in s.players)


def test_pt_psetup_03_draw_three_keep_two_discard_face_up() -> None:
    """PT-PSETUP-03: Draw three keep two discard face up."""
    s = fresh(3)
    p = top(s)[1]
    offer = list(s.players[p].offer)
    assert len(offer) == 3 and top(s)[0] == "keep"
    assert len(legal(s)) == 3
    choose(s, f"discard:{CAT.ids[offer[1]]}")
    assert sorted(s.players[p].shows) == sorted([offer[0], offer[2]])
    assert s.show_disc[-1] == offer[1]
    v = PrimeTimeRuleset().view(s, None)
    assert CAT.ids[offer[1]] in v["discards"]["shows"]


def test_pt_psetup_04_and_05_starting_cash() -> None:
    """PT-PSETUP-04, PT-PSETUP-05: Starting cash."""
    for n in (2, 3, 4):
        s = fresh(n, 3)
        while top(s)[0] == "keep":
            p = top(s)[1]
            offer = s.players[p].offer
            kept = offer[1:]
            choose(s, f"discard:{CAT.ids[offer[0]]}")
            bonus = [0, 1, 3, 5][s.order.index(p)]
            assert s.players[p].cash == 30 - sum(CAT.min_bid[c] for c in kept) + bonus


def test_pt_psetup_06_first_player_marker_follows_position_1() -> None:
    """PT-PSETUP-06: First player marker follows position 1."""
    s = started(3)
    v = PrimeTimeRuleset().view(s, 1)
    assert v["first_player"] == s.order[0] == v["turn_order"][0]


def test_pt_psetup_07_hands_hidden() -> None:
    """PT-PSETUP-07: Hands hidden."""
    s = started(3)
    rs = PrimeTimeRuleset()
    for viewer in (None, 0, 1, 2):
        v = rs.view(s, viewer)
        text = json.dumps(v)
        for q in range(3):
            if q != viewer:
                assert "hand" not in v["players"][q]
                for c in s.players[q].shows:
                    assert f'"{CAT.ids[c]}"' not in text
            else:
                assert v["players"][q]["hand"]["shows"] == [CAT.ids[c] for c in s.players[q].shows]
        assert all("hand_counts" in pv for pv in v["players"])


def test_pt_round_01_phase_order_and_awards_in_3_and_6() -> None:
    """PT-ROUND-01: Phase order and awards in 3 and 6."""
    game = Game.new("prime-time", 3, seed=2)
    rng = Rng(2)
    seen: list[tuple[int, str]] = []
    awards: list[int] = []
    while not game.is_over():
        s = game.state
        if not seen or seen[-1] != (s.round, s.phase):
            seen.append((s.round, s.phase))
        before = [pl.vp_src[1] + pl.vp_src[2] + pl.vp_src[3] for pl in s.players]
        r = s.round
        game.apply(None, rng.choice(game.legal_keys()))
        after = [pl.vp_src[1] + pl.vp_src[2] + pl.vp_src[3] for pl in game.state.players]
        if after != before:
            awards.append(r)
    assert set(awards) <= {3, 6}
    for r in range(1, 7):
        phases = [ph for rr, ph in seen if rr == r]
        assert phases[:1] == ["dev"] or (r == 1 and phases[:2] == ["setup", "dev"])
        assert "schedule" in phases and "ratings" in phases


def test_pt_round_02_development_substeps() -> None:
    """PT-ROUND-02: Development substeps."""
    s = started(2)
    assert s.phase == "dev"
    while top(s)[0] in ("place", "amount", "pr", "pr_add", "pr_to", "pr_swap", "pr_swap2"):
        choose(s, legal(s)[0])
    # after all tokens: bids resolved (phase "bids"), turn order changed, then broadcasting
    assert s.phase in ("bids", "schedule")


def test_pt_round_03_broadcast_substeps_in_order() -> None:
    """PT-ROUND-03: Broadcast substeps in order."""
    s = started(2)
    while s.phase != "schedule":
        choose(s, legal(s)[0])
    while top(s)[0] == "sched":
        choose(s, "done")
    assert s.phase in ("ratings", "dev")


def test_pt_round_04_income_then_cleanup_then_setup() -> None:
    """PT-ROUND-04: Income then cleanup then setup."""
    s = started(3)
    while s.round == 1:
        choose(s, legal(s)[0])
    assert s.round == 2 and s.phase == "dev"
    assert all(c >= 0 for i, c in enumerate(s.spaces[0]))  # refilled
    assert len(s.clients) == 2
    assert_conserved(s)


def test_pt_round_05_game_ends_after_round_6_income() -> None:
    """PT-ROUND-05: Game ends after round 6 income."""
    game = Game.new("prime-time", 2, seed=9)
    rng = Rng(9)
    while not game.is_over():
        game.apply(None, rng.choice(game.legal_keys()))
    s = game.state
    assert s.round == 6 and s.phase == "over" and game.pending() is None
    # round 6 skips clean up: cards still on the board and the guides keep their single shows
    assert any(c >= 0 for c in s.spaces[0] + s.spaces[1]) or any(
        sl is not None for pl in s.players for sl in pl.guide)
