"""The interface rules of The Networks (checklist section 23, NET-UI, and the options NET-OPT-01/02)
where they live in the engine's output: the per-player view and the browser's payload
(``views.py``, ``web.py``) and the terminal renderer (``terminal.py``).

What the page makes of the same view (layout, tooltips, long-press, dimming, the countdown, the
choices strip) is checked in Chromium by ``tests/server/test_networks_ui_rules_browser.py``.
"""

from __future__ import annotations

import io
import json
import re
from typing import Any

from rich.console import Console

from primetime.bots import make_bot
from primetime.core.game import Game
from primetime.core.rng import Rng
from primetime.games.networks import tables as TB
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import rounds as R
from primetime.games.networks.ruleset import NetworksRuleset
from primetime.games.networks.state import OPP, NetState
from primetime.games.networks.terminal import RULES, render_status
from primetime.games.networks.web import browser_view, catalogue_json, round_summaries

from .helpers import CAT, choose, cid, legal, put_show, scenario, to_display, to_green, top
from .test_telly_time import fill, place, tscenario

RS = NetworksRuleset()
PUBLIC = ("network", "cash", "lineup", "green_room", "reruns", "reserved", "genres", "round_scores", "passed",
          "pass_column", "forecast")


def text_of(renderable: Any, width: int = 160) -> str:
    con = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    con.print(renderable)
    return con.export_text()


def pick(keys: list[str], rng: Rng) -> str:
    """A random answer that rather acts than passes (so that rounds fill lineups), never giving up a production."""
    acting = [k for k in keys if k != "abort" and not k.startswith(("pass", "x:pass"))]
    if acting and rng.below(10):
        return str(rng.choice(acting))
    return str(rng.choice([k for k in keys if k != "abort"] or keys))


def bot_turns(s: NetState, seed: int, steps: int) -> list[NetState]:
    """Play ``steps`` answers of greedy bots; a clone of every state where a player is to take a turn."""
    bots = [make_bot("greedy", seed * 7 + p) for p in range(s.n)]
    out = []
    for _ in range(steps):
        if F.is_over(s):
            break
        if top(s)[0] == "turn":
            out.append(s.clone(keep_log=True))
        p = RS.current_player(s)
        assert p is not None
        RS.apply_key(s, bots[p].choose(RS, s, p))
    return out


# ----------------------------------------------------------------------------- setup (NET-UI-01, NET-OPT-01)


def test_net_ui_01_setup_is_done_for_the_players() -> None:
    """NET-UI-01: a new table needs nobody to set anything up: each network's three starters stand in
    its lineup, the starting cash of the setup board is paid in turn order, the decks are full and
    the market is dealt when Pilot Season ends, with the setup board's counts."""
    for n in (3, 4):
        g = Game.new("networks", n, seed=5, options={"pilot": "normal"})
        s = g.state
        board = s.setup
        assert board.players == [n]
        v = g.view(0)
        assert v["phase"] == "pilot" and v["pending"]["kind"] == "pilot"
        for seat, p in enumerate(v["players"]):
            starters = [CAT.cards[c].id for c in CAT.starters[p["network"]]]
            assert [sh["card"] for sh in p["lineup"]] == starters
            assert p["cash"] == board.starting_cash[s.order.index(seat)]
        assert v["deck_counts"] == {"show": len(s.decks[TB.SHOW]), "star": 50, "ad": 35, "network": 31}
        assert all(not cards for cards in v["display"].values())  # dealt after Pilot Season
        # everyone keeps a pair (and produces its pilot shows): the market is dealt by the setup board's numbers
        while g.state.phase.startswith("pilot"):
            p = g.pending_players()[0]
            g.apply(p, g.legal_keys(p)[0])
        v = g.view(0)
        want = board.display
        assert {k: len(c) for k, c in v["display"].items()} == {"show": want.show, "star": want.star, "ad": want.ad,
                                                                 "network": want.network}


def test_net_opt_01_pilot_setup_normal_or_simplified() -> None:
    """NET-OPT-01: Normal: each player keeps 2 of a private 4-card offer (only its owner sees the cards);
    Simplified: nobody chooses, each green room holds 2 pilot stars or ads, and no pilot show is dealt."""
    assert RS.default_options()["pilot"] == "normal"
    normal = Game.new("networks", 3, seed=8, options={"pilot": "normal"})
    for seat in range(3):
        v = normal.view(seat)
        assert v["players"][seat]["pilot_offer"] and len(v["players"][seat]["pilot_offer"]) == 4
        other = v["players"][(seat + 1) % 3]
        assert "pilot_offer" not in other and other["pilot_offer_count"] == 4
        keys = normal.legal_keys(seat)
        assert keys and all(k.startswith("keep:") and len(k[5:].split(",")) == 2 for k in keys)
    simple = Game.new("networks", 3, seed=8, options={"pilot": "simplified"})
    v = simple.view(None)
    assert v["phase"] == "play" and v["pending"]["kind"] == "turn"
    for p in v["players"]:
        kinds = [CAT.card(c).kind for c in p["green_room"]]
        assert len(kinds) == 2 and set(kinds) <= {"star", "ad"}
        assert all(CAT.card(c).id.startswith("PILOT-") for c in p["green_room"])
        assert not p.get("pilot_shows")
    # both are values of the option the lobby offers
    assert RS.validate_options({"pilot": "simplified"}, 3)["pilot"] == "simplified"


def test_net_opt_02_turn_order_fixed_or_low_to_high() -> None:
    """NET-OPT-02: Fixed Order: the 1st player moves one seat clockwise each round; Low to High: from
    round 2 the lowest previous-round score acts first, a tie going to whoever acted later before."""
    for order in ("fixed", "low_to_high"):
        s = scenario(3, seed=4, turn_order=order)
        assert s.opts["turn_order"] == order
        first = list(s.order)
        # seat first[0] gets the most viewers, first[1] and first[2] tie with none
        put_show(s, first[1], 0, None)
        put_show(s, first[1], 1, None)
        put_show(s, first[1], 2, None)
        put_show(s, first[2], 0, None)
        put_show(s, first[2], 1, None)
        put_show(s, first[2], 2, None)
        while s.round == 1:
            choose(s, [k for k in legal(s) if k.startswith("pass:cash")][0])
        scores = {p: s.players[p].scores[0] for p in range(3)}
        assert scores[first[1]] == scores[first[2]] < scores[first[0]]
        if order == "fixed":
            assert s.order == [(first[0] + 1 + i) % 3 for i in range(3)]
        else:  # the tie: first[2] acted after first[1], so it goes first; the leader last
            assert s.order == [first[2], first[1], first[0]]


# ----------------------------------------------------------------------------- public areas (NET-UI-04)


def test_net_ui_04_opponents_areas_are_public() -> None:
    """NET-UI-04: every player's lineup, green room and reruns are the same in every seat's view (and a
    spectator's), whoever looks; only the private parts (a pilot offer) differ."""
    s = RS.new_state(RS.validate_options({"pilot": "simplified"}, 3), 21, 3)
    checked = 0
    for state in bot_turns(s, 4, 5000)[::5]:
        views = [RS.view(state, v) for v in (None, 0, 1, 2)]
        for p in range(3):
            seen = [{k: vw["players"][p][k] for k in PUBLIC} for vw in views]
            assert all(x == seen[0] for x in seen), (p, seen)
        checked += 1
    assert checked >= 20 and any(pl.reruns for pl in s.players)


# ----------------------------------------------------------------------------- words (NET-UI-06, NET-UI-19)


def test_net_ui_06_19_every_card_reads_out_its_printed_information() -> None:
    """NET-UI-06: the tooltip of every card (the catalogue the page loads, and the terminal's ?card) is
    its printed information in words; NET-UI-19: a show's preferred timeslot, its X row and rerun
    viewers, a star's rotated values, an ad's rotated income or promo cost, a network card's timing."""
    cards = json.loads(catalogue_json())["cards"]
    assert len(cards) == len([c for c in CAT.cards if c.kind in ("show", "star", "ad", "network")])
    for c in CAT.cards:
        d, words = c.defn, cards[c.id]["words"]
        assert words.startswith(d.name) and c.id not in words and "_" not in words
        if c.kind == "show":
            assert f"Cost ${d.cost}M, expenses ${d.expenses}M" in words
            assert "Viewers by season: " + ", ".join(map(str, d.seasons)) in words
            assert "off its timeslot it starts on season 3" in words  # the X row
            assert "Rerun value" in words and "Preferred timeslot" in words
        elif c.kind == "star":
            assert f"Signing cost ${d.cost}M" in words
            assert "Upside down: expenses $" + str(d.rotated_expenses) + "M, viewers " + ", ".join(map(str, d.rotated_viewers)) in words
        elif c.kind == "ad":
            assert f"Signing bonus ${d.bonus}M, income ${d.income}M" in words
            if d.promo_cost:
                assert f"pay ${d.promo_cost}M to keep it upright" in words and f"income ${d.rotated_income}M" in words
            else:
                assert f"upside down ${d.rotated_income}M" in words
        else:
            timing = {"immediate": "Immediate", "use_once": "Use once", "ongoing": "Ongoing", "game_end": "Game end"}
            assert f"network card ({timing[d.timing]})" in words
    # the terminal's tooltip of a card is the same text
    from primetime.games.networks.terminal import NetworksView
    g = Game.new("networks", 2, seed=3, options={"pilot": "simplified"})
    con = Console(file=io.StringIO(), width=200, record=True, color_system=None)
    show = g.view(0)["display"]["show"][0]
    NetworksView().tooltip(con, g, g.pending(), CAT.card(show).name.lower())
    drawn = re.sub(r"[\s│╭╮╰╯─]+", "", con.export_text())
    assert re.sub(r"\s+", "", cards[show]["words"])[:80] in drawn


def test_net_ui_07_the_terminal_has_the_rules_reference() -> None:
    """NET-UI-07: the reference of the board's "Actions" and "Round End" areas (the page's tooltips, in
    Chromium) is the terminal's ``h`` help: every action, and the round end in order."""
    text = re.sub(r"\[/?[a-z ]+\]", "", RULES)
    for action in ("sign a star", "sign an ad", "take a network card", "produce a show", "add/replace one star or ad", "pass"):
        assert action in text.lower(), action
    order = [text.index(w) for w in ("pay upkeep", "score your lineup", "ages one season")]
    assert order == sorted(order)


# ----------------------------------------------------------------------------- the Forecast (NET-UI-11..14)


def round_end_now(s: NetState) -> tuple[list[int], list[int]] | None:
    """Each player's round score and upkeep if the round ended at ``s`` and nobody chose anything
    (Quiz shows spend nothing); ``None`` when someone would have to cancel a show to pay."""
    c = s.clone(keep_log=True)
    assert c.log is not None
    start = len(c.log)
    before = [len(pl.scores) for pl in c.players]
    c.pass_order = [q for q in c.order if q != OPP]
    c.stack = []
    R.end_of_round(c)
    F.advance(c)
    while any(len(pl.scores) == b for pl, b in zip(c.players, before, strict=True)):
        k = c.stack[-1][0]
        if k == "upkeep_cancel":
            return None
        assert k == "quiz", k
        F.apply(c, "quiz:0")
    upkeep = [0] * c.n
    for line in c.log[start:]:
        m = re.match(r"\{P(\d+)\} (earns|pays) \$(\d+)M in upkeep", line)
        if m:
            upkeep[int(m.group(1)) - 1] = int(m.group(3)) * (1 if m.group(2) == "earns" else -1)
    return [pl.scores[b] for pl, b in zip(c.players, before, strict=True)], upkeep


def test_net_ui_11_13_the_forecast_is_the_round_end_if_it_came_now() -> None:
    """NET-UI-11: the Forecast gives the viewers and upkeep each player would get if the round ended now,
    in the base game and with the modules (Telly Time's filled grid squares, the Moguls' viewers and
    Ad Tycoon's upkeep count too); NET-UI-13: each show's badge (its viewers, income and expenses in the
    view) adds up to the Forecast's lineup."""
    checked = 0
    for options, seed in (({}, 31), ({"telly_time": True}, 32), ({"moguls": True}, 33),
                          ({"telly_time": True, "moguls": True}, 34)):
        s = RS.new_state(RS.validate_options({"pilot": "simplified", "log": True, **options}, 3), seed, 3)
        for state in bot_turns(s, seed, 900)[::4]:
            got = round_end_now(state)
            if got is None:
                continue
            scores, upkeep = got
            view = RS.view(state, None)
            for p, entry in enumerate(view["players"]):
                fc = entry["forecast"]
                assert (fc["viewers"], fc["upkeep"]) == (scores[p], upkeep[p]), (options, state.round, p)
                shows = [sh for sh in entry["lineup"] if sh is not None]
                assert sum(sh["viewers"] for sh in shows) == fc["lineup_viewers"]
                assert [(sh["viewers"], sh["income"], sh["expenses"]) for sh in shows] == \
                    [(x["viewers"], x["income"], x["expenses"]) for x in fc["shows"] if x is not None]
                checked += 1
    assert checked > 200


def test_net_ui_12_the_forecast_leaves_out_round_end_choices() -> None:
    """NET-UI-12: a Quiz show's spend is chosen at round end: the Forecast does not count it, the round's
    score is the Forecast plus what was spent."""
    s = tscenario(2, cash=20)
    place(s, 0, 1, "Buzzer Beaters")
    fill(s, 0, "quiz")
    fc = RS.view(s, 0)["players"][0]["forecast"]
    choose(s, "pass:cash")  # (the pass pays cash only: the viewers stay as forecast)
    choose(s, "pass:cash")
    assert top(s)[0] == "quiz"
    choose(s, "quiz:4")
    while s.round == 1:
        choose(s, legal(s)[0])
    assert s.players[0].scores[0] == fc["viewers"] + 4


def test_net_ui_18_scoring_waits_for_an_upkeep_cancellation() -> None:
    """NET-UI-18: a player short of cash at upkeep chooses a show to cancel; scoring waits for the
    choice (no round score yet, the view shows the decision to that player), then goes on."""
    s = scenario(2, seed=2, cash=0)
    expensive = [c.index for c in CAT.cards if c.kind == "show" and c.defn.expenses >= 3 and not c.defn.income][0]
    put_show(s, 0, 1, expensive)
    while top(s)[0] == "turn":
        choose(s, [k for k in legal(s) if k.startswith("pass:cash")][0])
        s.players[0].cash = 0  # (the pass pays cash: spend it again)
    assert top(s)[0] == "upkeep_cancel" and s.phase == "round_end"
    assert [pl.scores for pl in s.players] == [[], []]
    pend = RS.view(s, 0)["pending"]
    assert pend["kind"] == "upkeep_cancel" and "cannot pay upkeep" in pend["prompt"]
    assert all(o["key"].startswith("cancel:") for o in pend["options"])
    assert "options" not in RS.view(s, 1)["pending"]
    choose(s, pend["options"][0]["key"])
    while s.round == 1:
        choose(s, legal(s)[0])
    assert all(len(pl.scores) == 1 for pl in s.players)


# ----------------------------------------------------------------------------- choices and dimming (NET-UI-15, NET-UI-16)


def test_net_ui_15_a_genre_bonus_draw_is_seen_by_its_player_only() -> None:
    """NET-UI-15: the genre-bonus choice is a pending decision whose drawn cards only the chooser's view
    carries (the page draws them in its choices strip); the others see whose decision it is."""
    s = RS.new_state(RS.validate_options({"pilot": "simplified", "log": True}, 3), 12, 3)
    rng = Rng(12)
    for _ in range(3000):
        if top(s)[0] == "bonus":
            break
        F.apply(s, pick(F.legal(s), rng))
    assert top(s)[0] == "bonus", "no genre bonus in the seeded game"
    p = int(top(s)[1])
    mine = RS.view(s, p)["pending"]
    assert mine["kind"] == "bonus" and mine["drawn"] and "genre bonus" in mine["prompt"]
    assert {o["card"] for o in mine["options"]} <= set(mine["drawn"])
    for viewer in (None, *(q for q in range(3) if q != p)):
        other = RS.view(s, viewer)["pending"]
        assert other["player"] == p and "drawn" not in other and "options" not in other
        assert not set(mine["drawn"]) & set(json.dumps(RS.view(s, viewer)).split('"'))


def test_net_ui_16_cards_that_cannot_be_used_say_why() -> None:
    """NET-UI-16: on a turn, the display cards the player cannot use (too dear, slots it cannot fill) and
    green-room cards with nowhere to go carry a reason, keyed by card id in the page's payload;
    usable cards carry none."""
    s = scenario(2, seed=6, cash=2)
    dear_star = [c.index for c in CAT.cards if c.kind == "star" and c.defn.cost > 2][0]
    cheap_star = [c.index for c in CAT.cards if c.kind == "star" and c.defn.cost <= 2 and not c.defn.pilot][0]
    show = [c.index for c in CAT.cards if c.kind == "show" and c.defn.deck == "A" and c.defn.cost > 2][0]
    to_display(s, dear_star, cheap_star, show)
    for slot in range(3):
        put_show(s, 0, slot, None)
    lonely = to_green(s, 0, "AD-01")[0]
    view = RS.view(s, 0)
    ids = [c.id for c in CAT.cards]
    browser_view(view, ["Ann", "Ben"], ids)
    why = view["pending"]["unusable"]
    assert why[CAT.cards[dear_star].id] == f"signing {CAT.cards[dear_star].name} costs ${CAT.cards[dear_star].defn.cost}M and you have $2M"
    assert "costs" in why[CAT.cards[show].id] and CAT.cards[cheap_star].id not in why
    assert "no show in your lineup" in why[CAT.cards[lonely].id]
    usable = {o["card"] for o in view["pending"]["options"] if "card" in o}
    assert CAT.cards[cheap_star].id in usable and not usable & set(why)
    assert "unusable" not in RS.view(s, 1)["pending"]  # only the decider's view says why


# ----------------------------------------------------------------------------- green room and round end (NET-UI-20, NET-UI-21)


def test_net_ui_20_use_once_cards_wait_in_the_green_room_then_go() -> None:
    """NET-UI-20: a Use Once network card stays in the green room (in every view) until used; used, it
    leaves the green room for the network discard pile (in the view) and the log says so."""
    s = scenario(2, seed=3)
    s.log = []
    card = cid("Ad Sales Blitz")
    to_green(s, 0, card)
    assert CAT.cards[card].defn.timing == "use_once"
    choose(s, [k for k in legal(s) if k.startswith("ad:") or k.startswith("pass:cash")][0])
    while top(s)[0] != "turn" or int(top(s)[1]) != 0:
        choose(s, [k for k in legal(s) if k.startswith("pass:cash")][0] if top(s)[0] == "turn" else legal(s)[0])
    for viewer in (0, 1, None):
        assert "NET-23" in RS.view(s, viewer)["players"][0]["green_room"]
    choose(s, f"use:{card}")
    while top(s)[0] != "turn":
        choose(s, legal(s)[0])
    for viewer in (0, 1, None):
        v = RS.view(s, viewer)
        assert "NET-23" not in v["players"][0]["green_room"] and "NET-23" in v["discards"]["network"]
    assert "{P1} uses Ad Sales Blitz." in s.log


def test_net_ui_21_the_round_summary_confirms_genre_bonuses_already_taken() -> None:
    """NET-UI-21: genre advances and bonuses are applied when a show is produced (the log says so then);
    at each round's end the summary (web payload, from the public log) confirms the bonuses each
    network took that round."""
    s = RS.new_state(RS.validate_options({"pilot": "simplified", "log": True}, 3), 12, 3)
    bot_turns(s, 12, 5000)
    assert F.is_over(s) and s.log is not None
    want: dict[int, list[tuple[int, str]]] = {}
    rnd = 0
    for line in s.log:
        m = re.match(r"Round (\d+) begins\.$", line)
        if m:
            rnd = int(m.group(1))
        m = re.match(r"\{P(\d+)\} takes (.+) as a genre bonus\.$", line)
        if m:
            want.setdefault(rnd, []).append((int(m.group(1)) - 1, m.group(2)))
    assert sum(len(x) for x in want.values()) >= 2, "too few genre bonuses in the seeded game"
    summary = round_summaries(RS.view(s, 0)["log"], 3)
    assert [x["round"] for x in summary] == [1, 2, 3, 4]
    for x in summary:
        shown = [(r["seat"], b) for r in x["players"] for b in r["genre_bonuses"]]
        assert sorted(shown) == sorted(want.get(x["round"], [])), x["round"]


def test_net_ui_11_the_terminal_status_shows_the_forecast() -> None:
    """NET-UI-11: the terminal's status line gives the seat's Forecast (viewers and upkeep), its parts
    adding up when a module counts viewers beyond the lineup and the pass track."""
    s = tscenario(2, cash=20)
    place(s, 0, 1, "Buzzer Beaters")
    fill(s, 0, "quiz", "kids")
    g = Game.new("networks", 2, seed=1, options={"pilot": "simplified", "telly_time": True})
    g.state = s
    con = Console(file=io.StringIO(), width=200, record=True, color_system=None)
    render_status(con, g, 0)
    fc = g.view(0)["players"][0]["forecast"]
    line = con.export_text().splitlines()[0]
    up = fc["upkeep"]
    assert f"{fc['viewers']} viewers this round" in line and f"upkeep {'+' if up >= 0 else '-'}${abs(up)}M" in line
    nums = [int(x) for x in re.findall(r"(?:lineup|pass|Genre Grid|Moguls) (\d+)", line)]
    assert sum(nums) == fc["viewers"] and fc["viewers"] == fc["lineup_viewers"] + 2  # two filled squares
