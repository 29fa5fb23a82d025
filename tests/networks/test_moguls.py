"""NET-MOGUL (and NET-OPT-03): the Moguls expansion module -- the option, the tokens on the genre
tracks, gaining a Mogul, the four timings, every Mogul effect, hidden information and whole games."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from primetime.core.carddata import CardDataError
from primetime.core.errors import IllegalOptionError
from primetime.core.game import Game, replay_record
from primetime.core.rng import Rng
from primetime.games.networks import effects as fx
from primetime.games.networks import invariants as INV
from primetime.games.networks.cards import DATA_DIR, GENRES, load_catalogue
from primetime.games.networks.rules import determinize as D
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import genres as G
from primetime.games.networks.rules import moguls as M
from primetime.games.networks.rules import round_end as RE
from primetime.games.networks.rules import values as V
from primetime.games.networks.ruleset import NetworksRuleset
from primetime.games.networks.state import NetState

from .helpers import (
    AD,
    CAT,
    DAY,
    LATE,
    NET,
    PRIME,
    assert_conserved,
    choose,
    keys_starting,
    on_top,
    play_out_turns,
    put_show,
    scenario,
    set_turn,
    to_display,
    to_reruns,
    top,
)

RS = NetworksRuleset()
MOGULS = CAT.moguls
assert MOGULS is not None
IDS = [m.id for m in MOGULS.mogul]


def mog(mid: str) -> int:
    """A Mogul's index by its id."""
    return IDS.index(mid)


def on(n: int = 2, **kw: Any) -> NetState:
    """Round 1 of a game with the Moguls module, player 0 to act."""
    return scenario(n, moguls=True, **kw)


def stack_deck(s: NetState, *mids: str) -> list[int]:
    """Put Moguls on top of the Mogul deck, the first one given drawn first."""
    assert s.mog is not None
    js = [mog(m) for m in mids]
    s.mog.deck = [j for j in s.mog.deck if j not in js] + list(reversed(js))
    return js


def land(s: NetState, p: int, genre: str = "sports", space: int = 3) -> None:
    """Advance ``p`` onto ``space`` of a genre track (as a production would) and resolve what is automatic."""
    s.players[p].genre[GENRES.index(genre)] = space - 1
    G.advance_genre(s, p, genre)
    F.advance(s)


def own(s: NetState, p: int, mid: str) -> int:
    """Give ``p`` a Mogul from the deck (resolving nothing)."""
    assert s.mog is not None
    j = mog(mid)
    s.mog.deck.remove(j)
    s.mog.owned[p] = s.mog.owned[p] + (j,)
    return j


def check_all(s: NetState) -> None:
    assert INV.invariants(RS, s) == []
    assert_conserved(s)


# ----------------------------------------------------------------------------- the option (NET-OPT-03)


def test_net_opt_03_moguls_is_a_module_off_by_default_and_left_out_of_the_options() -> None:
    """NET-OPT-03: Moguls is a module off by default and left out of the options."""
    off = RS.validate_options({}, 3)
    assert "moguls" not in off and RS.validate_options({"moguls": False}, 3) == off  # a game without it is as before
    assert RS.validate_options({"moguls": True}, 3)["moguls"] is True
    with pytest.raises(ValueError, match="true or false"):
        RS.validate_options({"moguls": "yes"}, 3)
    s = RS.new_state(off, 1, 3)
    assert s.mog is None and "mog" not in RS.to_json(s) and "moguls" not in RS.view(s, 0)
    g = Game.new("networks", 2, 5, {"moguls": True})
    assert g.record()["options"]["moguls"] is True and g.state.mog is not None


def test_net_opt_03_a_card_set_without_moguls_refuses_the_module(tmp_path: Path) -> None:
    """NET-OPT-03: A card set without moguls refuses the module."""
    folder = tmp_path / "set"
    shutil.copytree(DATA_DIR, folder)
    (folder / "moguls.toml").unlink()
    assert load_catalogue(folder).moguls is None
    RS.validate_options({"card_set": str(folder)}, 2)
    with pytest.raises(ValueError, match="has no Moguls"):
        RS.validate_options({"card_set": str(folder), "moguls": True}, 2)


def test_net_opt_03_records_with_moguls_replay() -> None:
    """NET-OPT-03: Records with moguls replay."""
    g = Game.new("networks", 3, 11, {"moguls": True, "pilot": "simplified"})
    pick = Rng(3)
    while not g.is_over():
        keys = g.legal_keys()
        g.apply(None, keys[pick.below(len(keys))])
    again = replay_record(json.loads(json.dumps(g.record())))
    assert again.to_json() == g.to_json() and again.result() == g.result()


# ----------------------------------------------------------------------------- card data (NET-MOGUL-01, NET-GAP-17)


def test_net_mogul_01_at_least_twelve_moguls_covering_the_four_timings() -> None:
    """NET-MOGUL-01: At least twelve moguls covering the four timings."""
    assert len(MOGULS.mogul) >= 12
    assert {m.timing for m in MOGULS.mogul} == {"immediate", "use_once", "ongoing", "game_end"}
    assert len(set(IDS)) == len(IDS) and not set(IDS) & set(CAT.by_id)
    for m in MOGULS.mogul:
        assert m.text and m.name and m.effect in fx.MOGUL_EFFECTS


def test_mogul_registry_and_handlers_agree_both_ways() -> None:
    assert set(fx.MOGUL_HANDLERS) == set(fx.MOGUL_EFFECTS)
    use_once = {k for k, spec in fx.MOGUL_EFFECTS.items() if "use_once" in spec.timings}
    assert set(fx.MOGUL_CHECKS) == use_once
    assert {m.effect for m in MOGULS.mogul} == set(fx.MOGUL_EFFECTS)  # every effect is used by a Mogul


@pytest.mark.parametrize(("old", "new", "words"), [
    ('effect = "cash"', 'effect = "nope"', ["moguls.toml", "MOG-01", "effect"]),
    ('timing = "immediate"\neffect = "cash"', 'timing = "ongoing"\neffect = "cash"', ["moguls.toml", "MOG-01", "timing"]),
    ("params = { amount = 10 }", "params = { amont = 10 }", ["moguls.toml", "MOG-01", "params.amount"]),
    ('id = "MOG-02"', 'id = "MOG-01"', ["moguls.toml", "MOG-01", "duplicate"]),
    ("space = 3", "space = 5", ["moguls.toml", "rules", "space"]),
    ('unkept = "bottom"', 'unkept = "shred"', ["moguls.toml", "rules", "unkept"]),
])
def test_mogul_data_errors_name_file_card_and_field(tmp_path: Path, old: str, new: str, words: list[str]) -> None:
    folder = tmp_path / "set"
    shutil.copytree(DATA_DIR, folder)
    f = folder / "moguls.toml"
    text = f.read_text()
    assert old in text
    f.write_text(text.replace(old, new, 1))
    with pytest.raises(CardDataError) as err:
        load_catalogue(folder)
    for w in words:
        assert w in str(err.value)


# ----------------------------------------------------------------------------- setup and gaining


def test_net_mogul_03_a_token_on_space_three_of_every_track_at_setup() -> None:
    """NET-MOGUL-03: setup puts a Mogul token on space 3 of every genre track -- one token per
    track, found by landing on space 3 of each track and on no other space."""
    s = on(3)
    assert s.mog is not None and s.mog.tokens == [True] * len(GENRES) and MOGULS.rules.space == 3
    assert sorted(s.mog.deck) == list(range(len(IDS))) and s.mog.owned == [(), (), ()]
    assert RS.view(s, 0)["moguls"]["tokens"] == list(GENRES)
    base = scenario(3)  # the same seed deals the same cards with the module on
    assert base.display == s.display and [p.cash for p in base.players] == [p.cash for p in s.players]
    for genre in GENRES:
        for space in (2, 4, 5):  # spaces other than 3 hold no token
            t = on(2)
            land(t, 0, genre, space)
            assert t.mog is not None and top(t)[0] != "mogul" and t.mog.tokens == [True] * len(GENRES)
            assert t.mog.owned[0] == ()
        t = on(2)
        land(t, 0, genre, 3)  # space 3 of this track holds one
        assert t.mog is not None and top(t)[0] == "mogul" and len(top(t)[2]) == MOGULS.rules.draw == 3
        assert t.mog.tokens == [g != genre for g in GENRES]


def test_net_mogul_04_first_eligible_lander_takes_the_token_instead_of_the_network_bonus() -> None:
    """NET-MOGUL-04: the first eligible player (no Mogul yet) to land on a track's space 3 takes its
    token instead of the normal network bonus, draws 3 Moguls and keeps 1.  A player who lands
    there first while not eligible leaves the token to the first eligible one."""
    s = on(2)
    a, b, c = stack_deck(s, "MOG-12", "MOG-01", "MOG-09")
    net_deck = list(s.decks[NET])
    green = s.players[0].green
    land(s, 0, "drama")
    assert top(s) == ("mogul", 0, (a, b, c))  # draw 3 ...
    assert s.decks[NET] == net_deck and not s.limbo  # ... instead of the network bonus
    assert s.mog is not None and s.mog.tokens[GENRES.index("drama")] is False
    assert sorted(F.legal(s)) == sorted(f"mogul:{j}" for j in (a, b, c))
    choose(s, f"mogul:{b}")  # ... and keep 1
    assert s.mog.owned[0] == (b,) and s.players[0].cash == 20 + 10
    assert s.mog.owned[1] == () and a not in s.mog.owned[0] and c not in s.mog.owned[0]
    assert s.players[0].green == green and s.decks[NET] == net_deck  # no network card came with it
    check_all(s)
    t = on(2)  # the first to land is not eligible (owns a Mogul): the first eligible one takes the token
    own(t, 0, "MOG-02")
    land(t, 0, "drama")
    assert top(t)[0] == "bonus" and t.mog is not None and t.mog.tokens[GENRES.index("drama")] is True
    choose(t, F.legal(t)[0])
    set_turn(t, 1)
    land(t, 1, "drama")
    assert top(t)[0] == "mogul" and t.mog.tokens[GENRES.index("drama")] is False


def test_net_mogul_05_after_the_token_is_taken_the_space_gives_the_network_bonus() -> None:
    """NET-MOGUL-05: once a track's token is taken, its space 3 gives later players the normal
    network bonus (draw 2 network cards, keep 1), even a player who could still own a Mogul."""
    s = on(2)
    land(s, 0, "drama")
    choose(s, F.legal(s)[0])
    x, y = on_top(s, "Tax Incentive", "Cult Following")
    set_turn(s, 1)
    land(s, 1, "drama")
    assert top(s) == ("bonus", 1, (x, y))
    assert s.mog is not None and s.mog.owned[1] == () and M.can_gain(s, 1)  # eligible, but no token left
    choose(s, f"take:{y}")
    assert y in s.players[1].green and s.mog.owned[1] == () and s.mog.tokens[GENRES.index("drama")] is False
    check_all(s)


def test_net_mogul_06_an_owner_gets_the_normal_bonus_and_the_token_stays() -> None:
    """NET-MOGUL-06: a player who already owns a Mogul (face up or used, face down) gets the normal
    network bonus on space 3 and the token stays for the next eligible player."""
    s = on(2)
    land(s, 0, "sports")
    choose(s, F.legal(s)[0])
    x, y = on_top(s, "Tax Incentive", "Cult Following")
    land(s, 0, "scifi")
    assert top(s) == ("bonus", 0, (x, y))
    assert s.mog is not None and s.mog.tokens[GENRES.index("scifi")] is True and len(s.mog.owned[0]) == 1
    choose(s, f"take:{y}")
    assert y in s.players[0].green and len(s.mog.owned[0]) == 1
    set_turn(s, 1)
    land(s, 1, "scifi")  # the token is still there for the next eligible player
    assert top(s)[0] == "mogul"
    t = on(2)  # a used (face-down) Mogul still counts
    j = own(t, 0, "MOG-06")
    t.mog.used[0] = (j,)  # type: ignore[union-attr]
    land(t, 0, "action")
    assert top(t)[0] == "bonus" and t.mog is not None and t.mog.tokens[GENRES.index("action")] is True


def test_net_mogul_02_the_limit_is_a_number_per_player() -> None:
    """NET-MOGUL-02: The limit is a number per player."""
    s = on(2)
    assert s.mog is not None and s.mog.limit == [1, 1]
    s.mog.limit[0] = 2  # the Specialist executive's owner
    land(s, 0, "sports")
    choose(s, F.legal(s)[0])
    land(s, 0, "action")
    assert top(s)[0] == "mogul"
    choose(s, F.legal(s)[0])
    assert len(s.mog.owned[0]) == 2 and M.can_gain(s, 0) is False
    check_all(s)


def test_net_mogul_08_unkept_moguls_go_to_the_bottom_of_the_deck() -> None:
    """NET-MOGUL-08 / NET-AMB-24: Moguls drawn but not kept go to the bottom of the Mogul deck, in
    the order drawn, so they are the last to be drawn again; none is lost."""
    s = on(2)
    a, b, c = stack_deck(s, "MOG-12", "MOG-13", "MOG-14")
    land(s, 0, "sports")
    choose(s, f"mogul:{b}")
    assert s.mog is not None and s.mog.deck[:2] == [a, c] and b not in s.mog.deck
    assert len(s.mog.deck) == len(IDS) - 1 and sorted(s.mog.deck + [b]) == list(range(len(IDS)))
    assert s.mog.box == []
    set_turn(s, 1)
    land(s, 1, "drama")  # the next draw comes from the top, not from the returned cards
    assert top(s)[0] == "mogul" and not {a, c} & set(top(s)[2])


def test_net_mogul_08_the_unkept_rule_is_card_data(tmp_path: Path) -> None:
    """NET-MOGUL-08 / NET-AMB-24: the card data's ``unkept = "box"`` removes unkept Moguls from the
    game instead, and the prompt says so."""
    folder = tmp_path / "set"
    shutil.copytree(DATA_DIR, folder)
    f = folder / "moguls.toml"
    f.write_text(f.read_text().replace('unkept = "bottom"', 'unkept = "box"'))
    cat = load_catalogue(folder)
    assert cat.moguls is not None and cat.moguls.rules.unkept == "box"
    g = Game.new("networks", 2, 3, {"moguls": True, "card_set": str(folder), "pilot": "simplified"})
    s = g.state
    s.players[0].genre[0] = 2
    s.stack.append(("mogul", 0, (s.mog.deck.pop(), s.mog.deck.pop(), s.mog.deck.pop())))
    drawn = s.stack[-1][2]
    assert "removed from the game" in RS.decision(s).prompt
    F.apply(s, f"mogul:{drawn[0]}")
    assert sorted(s.mog.box) == sorted(drawn[1:]) and INV.mogul_problems(s) == []


def test_gain_mogul_draws_as_many_as_asked_for_telly_time() -> None:
    """NET-TELLY-14 will call gain_mogul(state, player, 2) for a 2nd grid line: draw 2, keep 1."""
    s = on(2)
    a, b = stack_deck(s, "MOG-01", "MOG-02")
    assert M.gain_mogul(s, 1, 2) is True
    assert top(s) == ("mogul", 1, (a, b))
    s.mog.deck = []  # type: ignore[union-attr]
    assert M.gain_mogul(s, 0, 3) is False


def test_an_empty_mogul_deck_leaves_the_token_and_gives_the_bonus() -> None:
    s = on(2)
    assert s.mog is not None
    s.mog.box, s.mog.deck = s.mog.deck, []
    land(s, 0, "sports")
    assert top(s)[0] == "bonus" and s.mog.tokens[0] is True


# ----------------------------------------------------------------------------- timings (NET-MOGUL-07)


def test_net_mogul_07_immediate_stays_owned_use_once_flips_face_down_and_still_counts() -> None:
    """NET-MOGUL-07: Immediate stays owned use once flips face down and still counts."""
    s = on(2)
    (imm,) = stack_deck(s, "MOG-01")
    land(s, 0, "sports")
    choose(s, f"mogul:{imm}")
    assert s.mog is not None and s.mog.owned[0] == (imm,) and not M.can_gain(s, 0)
    t = on(2)
    j = own(t, 0, "MOG-06")
    put_show(t, 0, DAY, "Star Trucks")
    set_turn(t, 0)
    assert f"usemogul:{j}" in F.legal(t)
    choose(t, f"usemogul:{j}")
    assert t.mog is not None and t.mog.used[0] == (j,) and t.mog.owned[0] == (j,)
    assert f"usemogul:{j}" not in F.legal(t) and not M.can_gain(t, 0)
    assert RS.view(t, 1)["players"][0]["moguls"] == [{"id": "MOG-06", "used": True}]
    check_all(t)


def test_net_mogul_07_use_once_is_usable_after_the_action_and_keeps_the_turn_open() -> None:
    """NET-MOGUL-07: Use once is usable after the action and keeps the turn open."""
    s = on(2)
    j = own(s, 0, "MOG-06")
    set_turn(s, 0, acted=1)
    F.advance(s)
    assert top(s) == ("turn", 0, 1) and F.legal(s) == [f"usemogul:{j}", "end"]
    choose(s, f"usemogul:{j}")
    assert top(s)[1] == 1  # nothing left to use: the turn ends


def test_net_mogul_07_ongoing_and_game_end_act_at_their_timing() -> None:
    """NET-MOGUL-07: Ongoing and game end act at their timing."""
    s = on(2)
    own(s, 0, "MOG-12")
    RE.final_scoring(s)
    assert s.final is not None and s.final["players"][0]["moguls"] == 12 and s.final["players"][1]["moguls"] == 0
    assert INV.money_problems(s) == []


# ----------------------------------------------------------------------------- every Mogul effect


def test_mogul_media_baron_gains_cash() -> None:
    s = on(2, cash=0)
    (j,) = stack_deck(s, "MOG-01")
    land(s, 0)
    choose(s, f"mogul:{j}")
    assert s.players[0].cash == 10


def test_mogul_kingmaker_a_star_bonus_then_an_ad_bonus() -> None:
    s = on(2, cash=0)
    (j,) = stack_deck(s, "MOG-02")
    star1, star2 = on_top(s, "Hunter Handsome", "Gene Pool")
    ad1, ad2 = on_top(s, "MegaMart", "Fizzy Pop")
    land(s, 0)
    choose(s, f"mogul:{j}")
    assert top(s) == ("bonus", 0, (star1, star2))
    choose(s, f"take:{star1}")
    assert top(s) == ("bonus", 0, (ad1, ad2))
    choose(s, f"take:{ad1}")
    assert s.players[0].green == (star1, ad1) and s.players[0].cash == 4
    check_all(s)


def test_mogul_trendsetter_advances_twice_on_lineup_genres() -> None:
    s = on(2)
    (j,) = stack_deck(s, "MOG-03")
    put_show(s, 0, LATE, "Star Trucks")
    land(s, 0, "drama")
    choose(s, f"mogul:{j}")
    genres = {sh.genre for sh in s.players[0].lineup if sh is not None}
    assert top(s)[:3] == ("pick", 0, "genre_advance") and set(top(s)[3]) == genres
    before = list(s.players[0].genre)
    g = GENRES.index("scifi")
    choose(s, "genre:scifi")
    while top(s)[0] != "pick":
        choose(s, F.legal(s)[0])  # a bonus landed on
    choose(s, "genre:scifi")
    assert s.players[0].genre[g] == before[g] + 2


def test_mogul_network_chairman_renews_every_show() -> None:
    s = on(2)
    j = own(s, 0, "MOG-04")
    put_show(s, 0, DAY, "Star Trucks", row=2)
    put_show(s, 0, PRIME, "Extreme Lawn Bowling", row=0)
    put_show(s, 0, LATE, None)
    set_turn(s, 0)
    choose(s, f"usemogul:{j}")
    rows = [sh.row if sh else None for sh in s.players[0].lineup]
    assert rows == [1, 0, None]


def test_mogul_network_chairman_not_offered_with_every_show_on_its_first_row() -> None:
    s = on(2)
    j = own(s, 0, "MOG-04")
    for slot in range(3):
        sh = s.players[0].lineup[slot]
        assert sh is None or sh.row == 0
    set_turn(s, 0)
    assert f"usemogul:{j}" not in F.legal(s)


def test_mogul_hostile_takeover_takes_two_display_cards_free() -> None:
    s = on(2, cash=0)
    j = own(s, 0, "MOG-05")
    star, ad, net = to_display(s, "Hunter Handsome", "MegaMart", "Tax Incentive")
    set_turn(s, 0)
    choose(s, f"usemogul:{j}")
    assert sorted(F.legal(s)) == sorted([f"take:{star}", f"take:{ad}", f"take:{net}", "stop"])
    choose(s, f"take:{star}")  # no signing cost
    choose(s, f"take:{net}")  # an Immediate card resolves
    assert s.players[0].green == (star,) and s.players[0].cash == 5 and net in s.discards[NET]
    assert top(s) == ("turn", 0, 0)  # still the player's action to take
    check_all(s)


def test_mogul_hostile_takeover_may_stop_early() -> None:
    s = on(2)
    j = own(s, 0, "MOG-05")
    (ad,) = to_display(s, "MegaMart")
    set_turn(s, 0)
    choose(s, f"usemogul:{j}")
    choose(s, "stop")
    assert ad in s.display[AD] and top(s) == ("turn", 0, 0)


def test_mogul_prime_time_special_scores_per_show_this_round_only() -> None:
    s = on(2)
    j = own(s, 0, "MOG-06")
    shows = sum(1 for sh in s.players[0].lineup if sh is not None)
    set_turn(s, 0)
    choose(s, f"usemogul:{j}")
    assert s.mog is not None and s.mog.special[0] == 3
    assert M.round_viewers(s, 0) == 3 * shows
    RE.eor_score(s)
    assert s.mog.special == [0, 0] and M.round_viewers(s, 0) == 0


def test_mogul_golden_handshake_cash_per_rerun_show() -> None:
    s = on(2, cash=0)
    j = own(s, 0, "MOG-07")
    set_turn(s, 0)
    assert f"usemogul:{j}" not in F.legal(s)  # no reruns yet: nothing to gain
    to_reruns(s, 0, "Star Trucks", "Extreme Lawn Bowling")
    choose(s, f"usemogul:{j}")
    assert s.players[0].cash == 6


def test_mogul_ratings_czar_viewers_per_attached_star() -> None:
    s = on(2)
    own(s, 0, "MOG-08")
    put_show(s, 0, DAY, "SportsEdges", atts=["Gatorpade", "Hunter Handsome"])
    assert M.round_viewers(s, 0) == 2
    base = sum(V.show_viewers(s, 0, sh) for sh in s.players[0].lineup if sh is not None)
    RE.eor_score(s)
    assert s.players[0].scores[-1] == base + 2


def test_mogul_ad_tycoon_cash_per_attached_ad_at_upkeep() -> None:
    s = on(2, cash=10)
    own(s, 0, "MOG-09")
    put_show(s, 0, DAY, "SportsEdges", atts=["Gatorpade"])
    assert M.upkeep_bonus(s, 0) == 2
    net = V.upkeep_net(s, 0)
    RE.eor_upkeep(s, 0)
    assert s.players[0].cash == 10 + net + 2


def test_mogul_genre_guru_cash_on_every_advance() -> None:
    s = on(2, cash=0)
    own(s, 0, "MOG-10")
    s.players[0].genre[0] = 0
    G.advance_genre(s, 0, "sports")  # space 1: no bonus
    F.advance(s)
    assert s.players[0].cash == 3


def test_mogul_double_dipper_takes_cash_and_viewers_when_passing() -> None:
    s = on(2, cash=0)
    own(s, 0, "MOG-11")
    col = s.setup.pass_track[0]
    choose(s, "pass:viewers")
    assert s.players[0].pass_viewers == col.viewers and s.players[0].cash == col.cash
    t = on(2, cash=0)
    own(t, 0, "MOG-11")
    choose(t, "pass:cash")
    assert t.players[0].pass_viewers == col.viewers and t.players[0].cash == col.cash
    before = (t.players[0].cash, t.players[0].pass_viewers)
    M.on_pass(t, 0, t.setup.pass_track[-1].cash, None, "pass:cash")  # a cash-only column: nothing more
    assert (t.players[0].cash, t.players[0].pass_viewers) == before


def test_mogul_living_legend_game_end_viewers() -> None:
    s = on(2)
    j = own(s, 0, "MOG-12")
    assert M.game_end_value(s, 0, j) == 12 and RE.end_bonuses(s, 0)["moguls"] == 12


def test_mogul_syndication_king_viewers_per_rerun_show() -> None:
    s = on(2)
    j = own(s, 0, "MOG-13")
    to_reruns(s, 0, "Star Trucks", "Extreme Lawn Bowling", "Hunter Handsome")  # a star in the reruns does not count
    assert M.game_end_value(s, 0, j) == 4


def test_mogul_genre_mogul_viewers_per_genre_track() -> None:
    s = on(2)
    j = own(s, 0, "MOG-14")
    s.players[0].genre = [1, 0, 3, 0, 5, 0]
    assert M.game_end_value(s, 0, j) == 9


def test_mogul_tycoon_cash_scores_per_million() -> None:
    s = on(2, cash=13)
    j = own(s, 0, "MOG-15")
    assert M.game_end_value(s, 0, j) == 13 - 13 // 3
    RE.final_scoring(s)
    row = s.final["players"][0]  # type: ignore[index]
    assert row["cash"] + row["moguls"] == 13


# ----------------------------------------------------------------------------- hidden information, clones


def test_the_mogul_offer_is_seen_by_its_player_only() -> None:
    s = on(2)
    drawn = stack_deck(s, "MOG-12", "MOG-13", "MOG-14")
    land(s, 0)
    mine, theirs = RS.view(s, 0), RS.view(s, 1)
    assert mine["pending"]["moguls"] == ["MOG-12", "MOG-13", "MOG-14"]
    for v in (theirs, RS.view(s, None)):
        assert "moguls" not in v["pending"] and "options" not in v["pending"]
        words = v["moguls"].pop("cards")  # every Mogul's words, public like a rules sheet
        assert set(words) == set(IDS)
        text = json.dumps(v)
        assert "MOG-12" not in text and "MOG-13" not in text and "MOG-14" not in text
        assert v["moguls"]["deck"] == len(IDS) - 3
    assert drawn


def test_determinization_does_not_use_the_mogul_deck_order_or_another_offer() -> None:
    s = on(3)
    land(s, 0)
    assert top(s)[0] == "mogul"
    other = s.clone()
    assert other.mog is not None
    pool = M.hidden_moguls(other, 1)
    Rng(5).shuffle(pool)
    other.stack[-1] = ("mogul", 0, tuple(pool[:3]))
    other.mog.deck = pool[3:]
    for viewer in (1, 2):
        a, b = D.canonical(s, viewer), D.canonical(other, viewer)
        assert a.mog is not None and b.mog is not None
        assert (a.mog.deck, a.stack) == (b.mog.deck, b.stack)
        x, y = D.determinize(s, viewer, Rng(9)), D.determinize(other, viewer, Rng(9))
        assert x.mog.deck == y.mog.deck and x.stack == y.stack  # type: ignore[union-attr]
    mine = D.determinize(s, 0, Rng(9))
    assert mine.stack[-1] == s.stack[-1]  # the player's own offer is theirs to see
    for seat in range(3):
        assert INV.hidden_checks(RS, s, seat, 17) == []


def test_clones_copy_the_mogul_state() -> None:
    s = on(2)
    j = own(s, 0, "MOG-06")
    t = s.clone()
    assert t.mog is not s.mog and t.mog is not None
    set_turn(t, 0)
    choose(t, f"usemogul:{j}")
    land(t, 1)
    assert s.mog is not None and s.mog.used == [(), ()] and s.mog.special == [0, 0] and s.mog.tokens[0]
    assert RS.to_json(RS.from_json(RS.to_json(t))) == RS.to_json(t)


def test_invariants_catch_a_lost_or_doubled_mogul() -> None:
    s = on(2)
    assert s.mog is not None
    s.mog.owned[0] = (s.mog.deck[0],)
    assert any("Mogul" in p and "2 places" in p for p in INV.card_problems(s))
    s.mog.owned[0] = ()
    s.mog.deck.pop()
    assert any("nowhere" in p for p in INV.card_problems(s))


# ----------------------------------------------------------------------------- whole games


def test_labels_and_prompts_name_the_moguls() -> None:
    s = on(2)
    stack_deck(s, "MOG-01", "MOG-06", "MOG-12")
    land(s, 0)
    dec = RS.decision(s)
    assert dec is not None and "keep one" in dec.prompt and "bottom of the Mogul deck" in dec.prompt
    assert dec.options[0].label.startswith("Keep Media Baron (immediate)") and dec.options[0].info == {"mogul": "MOG-01"}


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_seeded_random_games_with_moguls_finish_with_the_invariants_kept(n: int) -> None:
    for g in range(4):
        opts = {"moguls": True, "pilot": ("normal", "simplified")[g % 2], "log": g == 0}
        if n > 1 and g >= 2:
            opts["turn_order"] = "low_to_high"
        s = RS.new_state(RS.validate_options(opts, n), 500 * n + g, n)
        pick = Rng(g + 10 * n)
        steps = 0
        while not RS.is_over(s):
            keys = RS.legal_keys(s)
            RS.apply_key(s, keys[pick.below(len(keys))])
            steps += 1
            if steps % 50 == 0:
                assert INV.invariants(RS, s) == []
        assert INV.invariants(RS, s) == [] and s.final is not None
        assert all("moguls" in row for row in s.final["players"])


def test_solo_plays_with_moguls() -> None:
    """Solo supports the module: the human takes tokens, the automated opponent never does."""
    s = RS.new_state(RS.validate_options({"moguls": True, "pilot": "simplified"}, 1), 4, 1)
    s.players[0].genre[0] = 2
    G.advance_genre(s, 0, "sports")
    F.advance(s)
    assert top(s)[0] == "mogul"
    pick = Rng(2)
    while not RS.is_over(s):
        keys = RS.legal_keys(s)
        RS.apply_key(s, keys[pick.below(len(keys))])
    assert s.final is not None and "rank" in s.final and len(s.mog.owned[0]) == 1  # type: ignore[union-attr]


def test_use_once_keys_are_a_finite_list_in_the_turn_menu() -> None:
    s = on(2)
    j = own(s, 0, "MOG-07")
    to_reruns(s, 0, "Star Trucks")
    set_turn(s, 0)
    uses = keys_starting(s, "usemogul:")
    assert uses == [f"usemogul:{j}"]
    assert RS.explain_illegal(s, "usemogul:99").startswith("'usemogul:99' is not a legal option")
    play_out_turns(s)
    assert s.round == 2 and s.mog is not None and s.mog.used == [(), ()]  # the round ends with the Mogul unused


def test_an_illegal_mogul_key_is_a_typed_error_that_changes_nothing() -> None:
    g = Game.new("networks", 2, 3, {"moguls": True, "pilot": "simplified"})
    before = g.to_json()
    p = g.current_player()
    for key in ("usemogul:0", "mogul:1", "usemogul:999"):
        with pytest.raises(IllegalOptionError):
            g.apply(p, key)
    assert g.to_json() == before and g.seq == 0
