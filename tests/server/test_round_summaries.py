"""The round summaries the browser shows at each round's end (issue: browser play, second pass):
read from the public log of each game's view, the same for every seat and for spectators, and
equal to what the engine scored.  Also the turn-sound preference the table page keeps."""

from __future__ import annotations

from typing import Any

import pytest

from primetime.core.game import Game
from primetime.core.rng import Rng
from primetime.server.messages import render_view

from .helpers import Person, ServerProc


def played(game: str, seed: int, players: int = 3) -> Game[Any]:
    """A whole game with seeded random choices."""
    g = Game.new(game, players, seed=seed)
    rng = Rng(seed)
    while not g.is_over():
        keys = g.legal_keys()
        g.apply(None, rng.choice(keys))
    return g


def browser_view(g: Game[Any], seat: int | None) -> dict[str, Any]:
    ids: list[str] = []
    if g.header["game"] == "networks":
        from primetime.server.messages import card_ids
        ids = card_ids(g)
    return render_view(g.view(seat), g.players, ids)


@pytest.mark.parametrize("seed", [1, 2])
def test_networks_summary_per_round_matches_the_scores(seed: int) -> None:
    g = played("networks", seed)
    view = browser_view(g, 0)
    sums = view["round_summaries"]
    assert [s["round"] for s in sums] == [1, 2, 3, 4]
    for r, s in enumerate(sums):
        for row in s["players"]:
            p = view["players"][row["seat"]]
            assert row["viewers"] == p["round_scores"][r]  # NET-EOR-07: the viewers scored that round
            assert isinstance(row["upkeep"], int) and isinstance(row["cash"], int) and row["cash"] >= 0
            assert isinstance(row["genre_bonuses"], list)
    # the last round's cash after upkeep is the cash the game ends with
    assert [row["cash"] for row in sums[-1]["players"]] == [p["cash"] for p in view["players"]]
    # the log lines are rendered with names after the summary read their player tokens
    assert not any("{P" in line for line in view["log"])


@pytest.mark.parametrize("seed", [1, 2])
def test_prime_time_summary_per_round_matches_income_and_awards(seed: int) -> None:
    g = played("prime-time", seed)
    view = browser_view(g, 1)
    sums = view["round_summaries"]
    assert [s["round"] for s in sums] == [1, 2, 3, 4, 5, 6]
    for s in sums:
        for row in s["players"]:
            assert row["income"] == 2 * row["cubes"]  # $2 per cube on the TV Guide (Income)
        has_awards = any(row["awards"] is not None for row in s["players"])
        assert has_awards == (s["round"] in (3, 6))  # Awards Ceremony at the end of each season
    fin = view["final"]["players"]
    for seat in range(3):  # the Awards VP of rounds 3 and 6 are part of the final VP
        awarded = sum(s["players"][seat]["awards"] or 0 for s in sums)
        assert awarded <= fin[seat]["total"]


@pytest.mark.parametrize("game", ["networks", "prime-time"])
def test_summaries_are_the_same_for_every_seat_and_spectators(game: str) -> None:
    """Only public information: the summaries never depend on who looks."""
    g = played(game, 3)
    seen = [browser_view(g, seat)["round_summaries"] for seat in (0, 1, 2, None)]
    assert all(s == seen[0] for s in seen)


def test_summary_only_for_finished_rounds() -> None:
    g = Game.new("networks", 2, seed=4)
    rng = Rng(4)
    while g.state.round < 2 and not g.is_over():
        keys = g.legal_keys()
        g.apply(None, rng.choice(keys))
    assert [s["round"] for s in browser_view(g, 0)["round_summaries"]] == [1]


def test_turn_sound_preference_kept_and_checked(server: ServerProc) -> None:
    ana = Person(server.url, "Ana")
    assert ana.post("/api/me/prefs", {"turn_sound": False})["prefs"]["turn_sound"] is False
    assert ana.get("/api/me")["user"]["prefs"]["turn_sound"] is False
    r = ana.http.post("/api/me/prefs", json={"turn_sound": "loud"})
    assert r.status_code == 400 and "turn_sound is true" in r.json()["error"]
    # the other preference is kept
    ana.post("/api/me/prefs", {"confirm_delay": 1})
    assert ana.get("/api/me")["user"]["prefs"] == {"turn_sound": False, "confirm_delay": 1.0}


def test_networks_summary_reads_the_older_upkeep_line() -> None:
    """A log written before the upkeep line named the cash: the upkeep is read, the cash stays unknown."""
    from primetime.games.networks.web import round_summaries
    log = ["Round 1 begins.", "{P1} pays $2M in upkeep.", "{P1} takes Hit Single as a genre bonus.",
           "{P1} scores 7 viewers in round 1."]
    assert round_summaries(log, 1) == [{"round": 1, "players": [
        {"seat": 0, "viewers": 7, "upkeep": -2, "cash": None, "genre_bonuses": ["Hit Single"]}]}]


@pytest.mark.parametrize("game", ["networks", "prime-time"])
def test_summaries_read_step_by_step_with_a_memo_are_those_read_whole(game: str) -> None:
    """The server keeps what the plugin read of a game's log (``memo``) and hands it the grown log
    at every step: the summaries are those of the whole log read afresh, and a memo handed another
    log (a rebuilt game) starts over."""
    from primetime.core.plugin import get_plugin

    plugin = get_plugin(game)
    g = Game.new(game, 3, seed=5)
    rng = Rng(5)
    memo: dict[str, Any] = {}
    ids = [c.id for c in g.state.cat.cards] if game == "networks" else []
    step = 0
    while not g.is_over():
        g.apply(None, rng.choice(g.legal_keys()))
        step += 1
        if step % 7 and not g.is_over():
            continue
        with_memo, fresh = g.view(step % 3), g.view(step % 3)
        plugin.browser_view(with_memo, g.players, ids, memo)
        plugin.browser_view(fresh, g.players, ids)
        assert with_memo["round_summaries"] == fresh["round_summaries"], f"step {step}"
    assert memo["round_summaries"].upto > 0
    other = played(game, 6)  # another game's log with the same memo: read from its start
    view = other.view(0)
    plugin.browser_view(view, other.players, [c.id for c in other.state.cat.cards] if game == "networks" else [], memo)
    assert view["round_summaries"] == browser_view(other, 0)["round_summaries"]
