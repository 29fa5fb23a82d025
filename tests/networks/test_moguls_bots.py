"""The Moguls module with the bots (random, greedy, mcts:easy), the terminal and the browser payload."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from primetime.bots import make_bot
from primetime.core.game import Game, get_ruleset
from primetime.core.plugin import get_plugin
from primetime.games.networks.bots.greedy import GreedyBot, breakdown, evaluate
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import genres as G
from primetime.games.networks.web import browser_view

from .helpers import CAT, DAY, put_show, scenario, set_turn, to_reruns, top

RS = get_ruleset("networks")
assert CAT.moguls is not None
IDS = [m.id for m in CAT.moguls.mogul]


def offer(*mids: str) -> tuple[int, ...]:
    return tuple(IDS.index(m) for m in mids)


@pytest.mark.parametrize(("seats", "players", "seed"), [
    (["random"], 4, 1), (["greedy"], 3, 2), (["greedy", "random"], 5, 3), (["greedy"], 1, 4), (["mcts:easy", "greedy"], 2, 5),
])
def test_bots_play_whole_games_with_moguls(seats: list[str], players: int, seed: int) -> None:
    state = RS.new_state(RS.validate_options({"moguls": True, "log": False}, players), seed, players)
    bots = [make_bot(seats[p % len(seats)], seed * 31 + p) for p in range(players)]
    n = 0
    while not RS.is_over(state):
        p = RS.current_player(state)
        key = bots[p].choose(RS, state, p)
        assert key in RS.legal_keys(state)
        RS.apply_key(state, key)
        n += 1
        assert n < 20_000
    assert state.final is not None and all("moguls" in r for r in state.final["players"])


def test_greedy_values_a_mogul_pick() -> None:
    """Of Media Baron ($10M now), Living Legend (12 viewers at game end) and Golden Handshake (cash per
    rerun, none yet), the greedy bot keeps Living Legend."""
    s = scenario(2, moguls=True)
    drawn = offer("MOG-01", "MOG-12", "MOG-07")
    assert s.mog is not None
    s.mog.deck = [j for j in s.mog.deck if j not in drawn] + list(reversed(drawn))
    s.players[0].genre[0] = 2
    G.advance_genre(s, 0, "sports")
    F.advance(s)
    assert top(s) == ("mogul", 0, drawn)
    bot = GreedyBot(1)
    assert bot.select(RS, s, 0, F.legal(s)) == f"mogul:{IDS.index('MOG-12')}"
    kept = s.clone()
    F.apply(kept, f"mogul:{IDS.index('MOG-12')}")
    assert breakdown(kept, 0)["moguls"] == 12


def _handshake(round_: int) -> tuple[object, str]:
    s = scenario(2, moguls=True, cash=20)  # enough for the upkeep: the cash is worth only what it buys
    assert s.mog is not None
    j = IDS.index("MOG-07")
    s.mog.deck.remove(j)
    s.mog.owned[0] = (j,)
    to_reruns(s, 0, "Star Trucks")
    s.round = round_
    for pl in s.players:
        pl.scores = [10] * (round_ - 1)
    set_turn(s, 0)
    return s, f"usemogul:{j}"


def test_greedy_holds_a_use_once_mogul_early_and_uses_it_in_the_last_round() -> None:
    bot = GreedyBot(3)
    early, key = _handshake(1)
    assert key in F.legal(early)  # type: ignore[arg-type]
    assert bot.key_value(early, 0, key, 2) < evaluate(early, 0)  # type: ignore[arg-type]
    late, key = _handshake(4)
    assert bot.key_value(late, 0, key, 2) > evaluate(late, 0)  # type: ignore[arg-type]


def test_terminal_shows_tokens_moguls_face_down_and_the_moguls_column() -> None:
    g = Game.new("networks", ["Ann", "Ben"], 7, {"moguls": True, "pilot": "simplified"})
    s = g.state
    j = IDS.index("MOG-06")
    s.mog.deck.remove(j)
    s.mog.owned[0] = (j,)
    s.mog.used[0] = (j,)
    s.mog.tokens[0] = False
    ui = get_plugin("networks").renderer()
    con = Console(file=io.StringIO(), width=160, record=True, color_system=None)
    ui.board(con, g, 0)
    text = con.export_text()
    assert "Mogul tokens on space 3: Sci-Fi, Action, Reality, Sitcom, Drama" in text
    assert "Moguls (1 of 1): Prime Time Special (face down)" in text
    pick = make_bot("random", 1)
    while not g.is_over():
        p = g.current_player()
        g.apply(p, pick.choose(g.ruleset, g.state, p))
    con = Console(file=io.StringIO(), width=160, record=True, color_system=None)
    ui.final(con, g)
    assert "Moguls" in con.export_text()


def test_terminal_lists_a_mogul_offer_and_its_tooltip() -> None:
    g = Game.new("networks", ["Ann", "Ben"], 7, {"moguls": True, "pilot": "simplified"})
    s = g.state
    drawn = offer("MOG-01", "MOG-04", "MOG-12")
    for j in drawn:
        s.mog.deck.remove(j)
    s.stack.append(("mogul", 0, drawn))
    dec = g.pending()
    assert dec is not None
    ui = get_plugin("networks").renderer()
    con = Console(file=io.StringIO(), width=160, record=True, color_system=None)
    ui.options(con, g, dec)
    ui.tooltip(con, g, dec, "2")
    text = con.export_text()
    assert "Media Baron" in text and "Network Chairman" in text and "Use once, on your turn" in text


def test_the_browser_payload_carries_tokens_moguls_and_their_words() -> None:
    s = scenario(2, moguls=True)
    put_show(s, 0, DAY, "Star Trucks")
    j = IDS.index("MOG-04")
    assert s.mog is not None
    s.mog.deck.remove(j)
    s.mog.owned[0] = (j,)
    view = RS.view(s, 1)
    browser_view(view, ["Ann", "Ben"], [c.id for c in CAT.cards])
    data = json.loads(json.dumps(view))
    assert data["moguls"]["tokens"] and data["moguls"]["cards"]["MOG-04"]["name"] == "Network Chairman"
    assert data["players"][0]["moguls"] == [{"id": "MOG-04", "used": False}]
