"""The Telly Time module (003, Expansion modules / Telly Time; 004, Passing; NET-OPT-03,
NET-TELLY-01..13, NET-AMB-23, NET-GAP-16): the option, the Weekend slot, the three genres, dual
and ANY preferences, Kids, Quiz and Chat shows, the personal Genre Grid and the Telly pass board.

Scenarios start from a real Telly Time game (Simplified pilot) with named cards moved into place."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from primetime.core.game import Game, replay_record
from primetime.core.plugin import get_plugin
from primetime.core.rng import Rng
from primetime.games.networks import tables as TB
from primetime.games.networks.cards import (
    ALL_GENRES,
    TELLY_DIR,
    CardDataError,
    default_catalogue,
    load_catalogue,
    telly_catalogue,
)
from primetime.games.networks.invariants import invariants, telly_problems
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import genre_grid as GG
from primetime.games.networks.rules import round_end as RE
from primetime.games.networks.rules import setup as SU
from primetime.games.networks.rules import values as V
from primetime.games.networks.rules.rounds import end_of_round
from primetime.games.networks.ruleset import NetworksRuleset
from primetime.games.networks.state import NetState, Show

from .helpers import choose, clear_display, clear_green, set_turn, take_out

TCAT = telly_catalogue()
T = TB.tables(TCAT)
RS = NetworksRuleset()
DAY, PRIME, LATE, WEEKEND = 0, 1, 2, 3


def tid(name: str) -> int:
    """A card of the Telly Time catalogue by name or id."""
    if name in TCAT.by_id:
        return TCAT.by_id[name]
    found = [c.index for c in TCAT.cards if c.name == name]
    assert len(found) == 1, name
    return found[0]


def tscenario(n: int = 2, seed: int = 1, cash: int = 20, **kw: Any) -> NetState:
    """Round 1 of a Telly Time game, the first player to act, empty green rooms and display."""
    opts = RS.validate_options({"pilot": "simplified", "log": True, "telly_time": True, "first_player": 0, **kw}, n)
    s = SU.new_state(TCAT, opts, seed, n)
    assert s.phase == "play" and s.round == 1
    for p in range(n):
        clear_green(s, p)
        s.players[p].cash = cash
    clear_display(s)
    set_turn(s, s.order[0])
    return s


def display(s: NetState, *names: str) -> list[int]:
    out = []
    for nm in names:
        c = tid(nm)
        take_out(s, c)
        s.display[T.kind[c]].append(c)
        out.append(c)
    return out


def green(s: NetState, p: int, *names: str) -> list[int]:
    out = []
    for nm in names:
        c = tid(nm)
        take_out(s, c)
        s.players[p].green += (c,)
        out.append(c)
    return out


def place(s: NetState, p: int, slot: int, name: str, row: int = 0, atts: tuple[str, ...] = ()) -> Show:
    pl = s.players[p]
    old = pl.lineup[slot]
    if old is not None:
        pl.lineup[slot] = None
        s.box.append(old.cid)
        s.box.extend(a for a, _ in old.atts)
    c = tid(name)
    take_out(s, c)
    sh = Show(c, row, T.defs[c].genre)
    for a in atts:
        ac = tid(a)
        take_out(s, ac)
        sh.atts += ((ac, False),)
    pl.lineup[slot] = sh
    return sh


def produce(s: NetState, name: str, slot: int) -> None:
    """Produce a display show with no attachments into ``slot``."""
    c = display(s, name)[0]
    choose(s, f"show:{c}")
    choose(s, "done")
    choose(s, f"slot:{slot}")


def fill(s: NetState, p: int, *genres: str) -> None:
    mask = GG.filled_mask(s, p)
    for g in genres:
        mask |= 1 << GG.square_of(s, g)
    s.extra["grid"] = tuple(mask if q == p else v for q, v in enumerate(s.extra["grid"]))


# ----------------------------------------------------------------------------- the option


def test_net_opt_03_telly_time_is_a_table_option() -> None:
    """NET-OPT-03: Telly Time is an option of the table (the lobby reads the plugin's schema); off,
    it leaves the options as they always were."""
    plugin = get_plugin("networks")
    assert plugin.options["telly_time"]["type"] == "bool"
    on = RS.validate_options({"telly_time": True}, 3)
    assert on["telly_time"] is True
    assert RS.validate_options({"telly_time": False}, 3) == RS.validate_options({}, 3)
    assert "telly_time" not in RS.validate_options({}, 3)
    with pytest.raises(ValueError):
        RS.validate_options({"telly_time": "yes"}, 3)
    plugin.record_check({"players": ["a", "b"], "options": {"telly_time": True}})


def test_net_opt_03_telly_time_records_replay() -> None:
    """NET-OPT-03: A Telly Time game's record replays to the same state."""
    g = Game.new("networks", 3, seed=4, options={"telly_time": True})
    rng = Rng(4)
    while not g.is_over() and g.seq < 150:
        g.apply(g.current_player(), rng.choice(g.legal_keys()))
    rec = g.record()
    assert rec["options"]["telly_time"] is True
    again = replay_record(rec)
    assert again.ruleset.to_json(again.state) == g.ruleset.to_json(g.state)


def test_net_opt_03_telly_time_state_json_round_trip() -> None:
    """NET-OPT-03: Telly time state json round trip."""
    s = tscenario(3)
    fill(s, 1, "kids", "quiz")
    back = RS.from_json(RS.to_json(s))
    assert back.cat is TCAT and RS.to_json(back) == RS.to_json(s)
    assert len(back.players[0].lineup) == 4 and GG.filled_count(back, 1) == 2


# ----------------------------------------------------------------------------- timeslots and genres


def test_net_telly_01_weekend_slot_starts_empty_and_takes_shows() -> None:
    """NET-TELLY-01 / NET-AMB-23: a fourth lineup slot, the Weekend, empty until a show is produced into it."""
    s = tscenario()
    for pl in s.players:
        assert len(pl.lineup) == 4 and pl.lineup[WEEKEND] is None
    c = display(s, "Sunday Kickoff")[0]
    choose(s, f"show:{c}")
    choose(s, "done")
    assert F.legal(s) == ["slot:0", "slot:1", "slot:2", "slot:3"]
    choose(s, "slot:3")
    sh = s.players[0].lineup[WEEKEND]
    assert sh is not None and sh.cid == c and sh.row == 0  # preferred: season 1
    assert s.players[0].lineup[0] is not None  # the starters stay
    view = RS.view(s, 1)
    assert view["players"][0]["lineup"][3]["slot"] == "weekend"


def test_net_telly_01_base_game_keeps_three_slots() -> None:
    """NET-TELLY-01: Base game keeps three slots."""
    s = SU.new_state(default_catalogue(), RS.validate_options({"pilot": "simplified"}, 2), 1, 2)
    assert all(len(pl.lineup) == 3 for pl in s.players)
    assert not telly_problems(s)


def test_net_telly_02_three_new_genres_with_their_shows() -> None:
    """NET-TELLY-02 / NET-GAP-16: Kids, Quiz and Chat shows join the show decks, enough of each for
    every player to find one in a game; the base game has none of them."""
    for g in ("kids", "quiz", "chat"):
        shows = [c for c in TCAT.cards if c.kind == "show" and c.defn.genre == g]
        assert len(shows) >= 8
        assert {c.defn.deck for c in shows} == {"A", "B"}
        assert not [c for c in default_catalogue().cards if c.kind == "show" and c.defn.genre == g]
    s = tscenario(4)
    deck = set(s.decks[TB.SHOW])
    assert all(c in deck for c in TCAT.shows_a + TCAT.shows_b)  # none is removed at 4 players


def test_net_telly_09_two_preferred_timeslots_and_any() -> None:
    """NET-TELLY-09: a show with two preferred timeslots starts on season 1 in either; ANY in every slot."""
    for slot, row in ((DAY, 0), (WEEKEND, 0), (PRIME, 2)):
        s = tscenario()
        c = display(s, "The Puddle Jumpers")[0]  # Kids, Daytime/Weekend
        choose(s, f"show:{c}")
        choose(s, "done")
        if slot == PRIME:
            assert "slot:1" not in F.legal(s)  # Kids: never Primetime
            continue
        choose(s, f"slot:{slot}")
        assert s.players[0].lineup[slot].row == row  # type: ignore[union-attr]
    for slot in range(4):
        s = tscenario()
        produce(s, "Matinee Mayhem", slot)  # Action, ANY
        assert s.players[0].lineup[slot].row == 0  # type: ignore[union-attr]
    s = tscenario()
    produce(s, "Brunch Bunch", DAY)  # Primetime/Weekend, off its timeslots
    assert s.players[0].lineup[DAY].row == 2


def test_net_telly_10_kids_shows_not_offered_primetime_or_late_night() -> None:
    """NET-TELLY-10: a Kids show is offered Daytime and Weekend only; Versatile Actor cannot make a
    Primetime show a Kids show."""
    s = tscenario()
    c = display(s, "Dino Daycare")[0]
    choose(s, f"show:{c}")
    choose(s, "done")
    assert F.legal(s) == ["slot:0", "slot:3"]
    label = RS.decision(s).options[0].label  # type: ignore[union-attr]
    assert label.startswith("Daytime")
    s = tscenario()
    c = display(s, "Name That Noise")[0]  # a star slot
    va = green(s, 0, "Versatile Actor")[0]
    choose(s, f"show:{c}")
    choose(s, f"att:{va}")
    choose(s, "done")
    choose(s, "slot:1")
    assert s.stack[-1][0] == "prod_genre"
    keys = F.legal(s)
    assert "genre:kids" not in keys and {"genre:quiz", "genre:chat", "genre:drama"} <= set(keys)


# ----------------------------------------------------------------------------- the Genre Grid


def test_net_telly_03_grid_replaces_the_genre_tracks() -> None:
    """NET-TELLY-03: producing fills the grid; the genre tracks do not move, give no bonus and score nothing."""
    s = tscenario()
    produce(s, "Captain Crayon", WEEKEND)
    pl = s.players[0]
    assert pl.genre == [0] * 6
    assert GG.filled_count(s, 0) == 1 and s.stack[-1][0] != "bonus"
    assert RE.end_bonuses(s, 0)["genres"] == 0


def test_net_telly_04_first_show_of_a_genre_fills_its_square_once() -> None:
    """NET-TELLY-04: the first show of a genre fills its square; a second fills nothing more."""
    s = tscenario()
    produce(s, "Buzzer Beaters", PRIME)
    i = GG.square_of(s, "quiz")
    assert GG.filled_mask(s, 0) == 1 << i
    s.stack = [("turn", 0, 0)]
    cash = s.players[0].cash
    produce(s, "Name That Noise", DAY)
    assert GG.filled_mask(s, 0) == 1 << i and s.players[0].cash == cash - 3


def test_net_telly_04_starters_fill_nothing() -> None:
    """NET-TELLY-04: Starters fill nothing."""
    s = tscenario()
    assert all(GG.filled_count(s, p) == 0 for p in range(s.n))  # starters are never produced (NET-GAP-06)


def test_net_telly_05_completing_lines_pays_each_line_at_once() -> None:
    """NET-TELLY-05: the placement that completes a row and a column pays both printed bonuses at once."""
    s = tscenario()
    # sports kids drama / quiz reality scifi / action sitcom chat: filling kids completes row-1 and column-2
    fill(s, 0, "sports", "drama", "reality", "sitcom")
    cash = s.players[0].cash
    produce(s, "Captain Crayon", WEEKEND)  # $2M, Kids
    assert GG.lines_done(s, 0) == 2
    bonuses = [t for t in s.stack if t[0] == "bonus"]
    kinds = sorted(T.kind[c] for t in bonuses for c in t[2])
    assert len(bonuses) == 2  # row-1: a star bonus, column-2: a network bonus
    assert kinds == [TB.STAR, TB.STAR, TB.NET, TB.NET]
    assert s.players[0].cash == cash - 2
    while s.stack[-1][0] == "bonus":
        choose(s, F.legal(s)[0])
    assert not telly_problems(s)


def test_net_telly_05_cash_line() -> None:
    """NET-TELLY-05: Cash line."""
    s = tscenario()
    fill(s, 0, "sports", "action")
    cash = s.players[0].cash
    produce(s, "Buzzer Beaters", PRIME)  # quiz completes column-1 ($4M)
    assert GG.lines_done(s, 0) == 1 and s.players[0].cash == cash - 3 + 4


def test_net_telly_05_second_line_pays_its_printed_bonus_without_moguls() -> None:
    """NET-TELLY-05: without the Moguls module every completed line pays its printed bonus, the 2nd
    included (with Moguls the 2nd gives a Mogul instead: NET-TELLY-14, tests/networks/test_telly_moguls.py)."""
    s = tscenario()
    fill(s, 0, "sports", "action", "drama", "scifi")
    cash = s.players[0].cash
    GG.fill_square(s, 0, "quiz")  # column-1: $4M
    GG.fill_square(s, 0, "chat")  # column-3, the 2nd line: its printed $4M
    assert GG.lines_done(s, 0) == 2 and s.players[0].cash == cash + 8
    assert all(t[0] != "mogul" for t in s.stack)


def test_net_telly_06_grid_is_3x3_with_eight_lines() -> None:
    """NET-TELLY-06: nine squares, one per genre; 3 rows, 3 columns and 2 diagonals."""
    grid = TCAT.grid
    assert grid is not None
    assert sorted(grid.squares) == sorted(ALL_GENRES)
    assert len(grid.lines) == 8
    assert {tuple(sorted(ln.squares)) for ln in grid.lines} == {
        (0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)}


def test_net_telly_07_passing_pays_1m_per_empty_square() -> None:
    """NET-TELLY-07 (004, Passing): $1M per empty square besides the pass column."""
    s = tscenario(3)
    fill(s, 0, "kids", "quiz", "chat")
    cash = s.players[0].cash
    col = s.setup.pass_track[0]
    label = RS.decision(s).options[-1].label  # type: ignore[union-attr]
    assert "$6M for your empty grid squares" in label
    choose(s, "pass:cash")
    assert s.players[0].cash == cash + col.cash + 6
    cash1 = s.players[1].cash
    choose(s, "pass:viewers")
    assert s.players[1].cash == cash1 + 9 and s.players[1].pass_viewers == s.setup.pass_track[1].viewers


def test_net_telly_08_round_end_scores_1_viewer_per_filled_square() -> None:
    """NET-TELLY-08: each filled square scores 1 viewer at round end."""
    s = tscenario(2)
    fill(s, 0, "kids", "quiz", "chat", "drama")
    lineup = [sum(V.show_viewers(s, p, sh) for sh in s.players[p].lineup if sh) for p in range(2)]
    choose(s, "pass:cash")
    choose(s, "pass:cash")
    while s.phase == "round_end" or s.round == 1:
        choose(s, F.legal(s)[0])
    assert s.players[0].scores[0] == lineup[0] + 4
    assert s.players[1].scores[0] == lineup[1]


def test_net_telly_11_quiz_spends_up_to_5m_at_scoring() -> None:
    """NET-TELLY-11: after upkeep, each Quiz show may spend $0-5M for 1 viewer per $1M, a decision."""
    s = tscenario(2, cash=20)
    place(s, 0, PRIME, "Buzzer Beaters")
    place(s, 0, WEEKEND, "Final Answer Friday", atts=("Hunter Handsome",))
    fill(s, 0, "quiz")
    before = sum(V.show_viewers(s, 0, sh) for sh in s.players[0].lineup if sh)
    choose(s, "pass:cash")
    choose(s, "pass:cash")
    assert s.stack[-1][:3] == ("quiz", 0, PRIME)
    assert F.legal(s) == [f"quiz:{k}" for k in range(6)]
    assert RS.decision(s).options[3].label == "Spend $3M for 3 viewers"  # type: ignore[union-attr]
    cash = s.players[0].cash
    choose(s, "quiz:5")
    assert s.stack[-1][:3] == ("quiz", 0, WEEKEND)
    choose(s, "quiz:2")
    assert s.players[0].cash == cash - 7
    while s.round == 1:
        choose(s, F.legal(s)[0])
    assert s.players[0].scores[0] == before + 7 + 1  # the spend and the quiz square
    assert s.extra["quiz"] == (0, 0)


def test_net_telly_11_quiz_spend_limited_by_cash() -> None:
    """NET-TELLY-11: Quiz spend limited by cash."""
    s = tscenario(2, cash=0)
    place(s, 0, PRIME, "Buzzer Beaters")
    s.players[0].cash = 3
    s.stack = []
    end_of_round(s)
    F.advance(s)
    while s.stack and s.stack[-1][0] == "upkeep_cancel":
        choose(s, F.legal(s)[0])
    assert s.stack[-1][0] == "quiz"
    assert F.legal(s) == [f"quiz:{k}" for k in range(s.players[0].cash + 1)][:6]


def test_net_telly_12_chat_show_gains_other_shows_star_viewers() -> None:
    """NET-TELLY-12: a Chat show gains the current star viewers on the player's other shows."""
    s = tscenario()
    chat = place(s, 0, LATE, "Sofa Talk", atts=("Hunter Handsome",))
    other = place(s, 0, PRIME, "Buzzer Beaters", row=1, atts=("Gene Pool",))
    star = tid("Gene Pool")
    expected = T.defs[chat.cid].seasons[0] + T.defs[tid("Hunter Handsome")].viewers[0] + T.defs[star].viewers[other.row]
    assert V.show_viewers(s, 0, chat) == expected  # its own star counts once, the other show's star is added
    other.atts = ((star, True),)
    assert V.show_viewers(s, 0, chat) == expected - T.defs[star].viewers[1] + T.defs[star].rotated_viewers[1]


def test_net_telly_13_telly_pass_board() -> None:
    """NET-TELLY-13: Telly Time has its own pass board (one per setup board, the last column cash-only)."""
    base = default_catalogue()
    for n in (2, 3, 4, 5):
        track = TCAT.setup_for(n).pass_track
        assert len(track) == len(base.setup_for(n).pass_track)
        assert track[-1].viewers is None
        assert [c.cash for c in track] == sorted((c.cash for c in track), reverse=True)
        assert track != base.setup_for(n).pass_track
        assert TCAT.setup_for(n).starting_cash == base.setup_for(n).starting_cash
    s = tscenario(4)
    assert [c["cash"] for c in RS.view(s, 0)["pass_track"]] == [c.cash for c in TCAT.setup_for(4).pass_track]


# ----------------------------------------------------------------------------- cards that meet the grid


def test_net_telly_04_genre_advance_card_fills_an_empty_square() -> None:
    """NET-TELLY-04: A network card that advances a genre track fills the square of a lineup show's genre instead."""
    s = tscenario()
    place(s, 0, DAY, "Captain Crayon")
    nc = [c for c in TCAT.network if T.defs[c].effect == "genre_advance"][0]
    take_out(s, nc)
    s.display[TB.NET].append(nc)
    choose(s, f"net:{nc}")
    keys = F.legal(s)
    assert "genre:kids" in keys
    choose(s, "genre:kids")
    assert GG.filled_mask(s, 0) >> GG.square_of(s, "kids") & 1


def test_net_telly_03_viewers_per_genre_counts_squares() -> None:
    """NET-TELLY-03: Viewers per genre counts squares."""
    s = tscenario()
    fill(s, 0, "kids", "quiz", "sports")
    nc = [c for c in TCAT.network if T.defs[c].effect == "viewers_per_genre"][0]
    assert RE.game_end_value(s, 0, nc) == int(T.defs[nc].params["per"]) * 3


# ----------------------------------------------------------------------------- card data


def _copy(tmp_path: Path) -> Path:
    dest = tmp_path / "telly"
    shutil.copytree(TELLY_DIR, dest)
    return dest


@pytest.mark.parametrize(("file", "old", "new", "words"), [
    ("shows.toml", 'timeslot = "daytime/weekend"', 'timeslot = "daytime/primetime/weekend"', "timeslot"),
    ("shows.toml", 'genre = "kids"\ntimeslot = "weekend"', 'genre = "kids"\ntimeslot = "primetime"', "kids show"),
    ("shows.toml", 'effect = "chat"', 'effect = "quiz"', "effect"),
    ("grid.toml", '"sports", "kids",', '"sports", "sports",', "squares"),
    ("grid.toml", 'squares = [0, 1, 2], bonus = "star"', 'squares = [0, 1, 3], bonus = "star"', "lines"),
    ("grid.toml", 'bonus = "network"', 'bonus = "gold"', "bonus"),
])
def test_net_gap_16_telly_data_is_validated(tmp_path: Path, file: str, old: str, new: str, words: str) -> None:
    """NET-GAP-16: the Telly Time data is checked on load; the error names the file and the card."""
    d = _copy(tmp_path)
    f = d / file
    text = f.read_text()
    assert old in text
    f.write_text(text.replace(old, new, 1))
    with pytest.raises(CardDataError) as err:
        load_catalogue(telly=True, telly_path=d)
    assert file in str(err.value) and words in str(err.value)


# ----------------------------------------------------------------------------- whole games


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_net_telly_random_games_finish_with_invariants(n: int) -> None:
    """Seeded random games with Telly Time, both pilot setups and turn orders, keep every invariant."""
    for g in range(4):
        opts: dict[str, Any] = {"telly_time": True, "pilot": ("normal", "simplified")[g % 2], "log": g == 0}
        if n > 1 and g >= 2:
            opts["turn_order"] = "low_to_high"
        s = RS.new_state(RS.validate_options(opts, n), 100 * n + g, n)
        rng = Rng(g)
        steps = 0
        while not RS.is_over(s):
            if steps % 7 == 0:
                assert invariants(RS, s) == []
            RS.apply_key(s, rng.choice(RS.legal_keys(s)))
            steps += 1
            assert steps < 5000
        assert invariants(RS, s) == []
        assert s.final is not None and all(r["genres"] == 0 for r in s.final["players"])


@pytest.mark.parametrize("bot", ["random", "greedy", "mcts:easy"])
def test_net_telly_bots_play_a_game(bot: str) -> None:
    from primetime.bots.registry import make_bot

    n = 3 if bot != "mcts:easy" else 2
    g = Game.new("networks", n, seed=11, options={"telly_time": True})
    bots = [make_bot(bot, 11 + p) for p in range(n)]
    while not g.is_over():
        p = g.current_player()
        assert p is not None
        g.apply(p, bots[p].choose(g.ruleset, g.state, p))
    assert g.result()


def test_net_telly_solo_game() -> None:
    """Solo mode supports Telly Time: the opponent plays as usual, the player has the grid and the Weekend."""
    s = RS.new_state(RS.validate_options({"telly_time": True}, 1), 3, 1)
    rng = Rng(3)
    while not RS.is_over(s):
        RS.apply_key(s, rng.choice(RS.legal_keys(s)))
    assert s.final is not None and "rank" in s.final
    assert len(s.players[0].lineup) == 4


def test_net_telly_views_carry_grid_and_weekend() -> None:
    s = tscenario(2)
    fill(s, 1, "kids", "chat")
    v = RS.view(s, 0)
    assert v["telly_time"]["squares"] == TCAT.grid.squares  # type: ignore[union-attr]
    assert len(v["telly_time"]["lines"]) == 8
    assert v["players"][1]["genre_grid"] == {"filled": ["kids", "chat"], "lines": [], "empty": 7}
    assert len(v["players"][0]["lineup"]) == 4
    assert "telly_time" not in RS.view(SU.new_state(default_catalogue(), RS.validate_options({}, 2), 1, 2), 0)


def test_net_opt_03_check_plays_telly_time_when_asked() -> None:
    """NET-OPT-03: ``primetime check --telly-time``: the option combinations with the module on; without it the
    default runs stay as they were (the module is marked as one in the plugin's schema)."""
    from primetime.sim.check import check, option_sets

    assert all("telly_time" not in o for o in option_sets("networks", 3))
    sets = option_sets("networks", 3, ["telly_time"])
    assert len(sets) == 4 and all(o["telly_time"] is True for o in sets)
    report = check("networks", games=10, players="1,2,3,4,5", bots="random", seed=5, modules=["telly_time"])
    assert report.violation is None and report.played == 10


def test_net_telly_terminal_and_browser_show_weekend_and_grid() -> None:
    """The terminal draws the Weekend row and each player's Genre Grid; the browser gets the Telly
    cards' words and the grid (``/api/catalogue?set=telly_time``)."""
    import io
    import json

    from rich.console import Console

    plugin = get_plugin("networks")
    g = Game.new("networks", ["Ann", "Ben"], seed=2, options={"telly_time": True, "pilot": "simplified"})
    fill(g.state, 0, "kids", "sports")
    con = Console(file=io.StringIO(), width=140, record=True)
    plugin.renderer().board(con, g, 0)
    text = con.export_text()
    assert "Weekend" in text and "— empty —" in text
    assert "Genre Grid (0 line(s) completed, 7 empty)" in text and "■ Kids" in text and "□ Quiz" in text
    assert "Telly pass board" in text and "+$1M per empty grid square" in text
    cat = json.loads(plugin.browser_catalogue("telly_time"))
    assert cat["cards"][TCAT.cards[tid("Sofa Talk")].id]["words"].startswith("Sofa Talk — Chat show")
    assert "Late Night or Weekend" in plugin.card_text(TCAT, tid("Couch Confessions"))
    assert len(cat["grid"]["lines"]) == 8
    assert "grid" not in json.loads(plugin.browser_catalogue("base"))
