"""The end of a round and of the game: upkeep, scoring, ageing, the next round (NET-EOR-02..13),
end-game bonuses and final scoring (NET-END-01..06)."""

from __future__ import annotations

from typing import Any, Final

from primetime.games.networks.executive_data import default_executives
from primetime.games.networks.rules.decks import cancel
from primetime.games.networks.rules.genre_grid import FILLED_SQUARE_VIEWERS, filled_count
from primetime.games.networks.rules.log import pname
from primetime.games.networks.rules.moguls import end_scoring, game_end_viewers, round_viewers, upkeep_bonus
from primetime.games.networks.rules.rounds import start_round
from primetime.games.networks.rules.solo import solo_rank
from primetime.games.networks.rules.values import forecast as base_forecast
from primetime.games.networks.rules.values import show_viewers, upkeep_net
from primetime.games.networks.state import NetState
from primetime.games.networks.tables import NET, SHOW

ROUNDS: Final = 4


# ----------------------------------------------------------------------------- end of round


def eor_upkeep(s: NetState, p: int) -> None:
    """NET-EOR-02..06: pay, or cancel shows of your choice until you can."""
    pl = s.players[p]
    net = upkeep_due(s, p)
    if net < 0 and pl.cash < -net and any(pl.lineup):
        s.stack.append(("eor_upkeep", p))
        s.stack.append(("upkeep_cancel", p))
        return
    if net < 0 and pl.cash < -net:
        net = 0
    pl.cash += net
    if s.log is not None:
        s.say(f"{pname(s, p)} {'earns' if net >= 0 else 'pays'} ${abs(net)}M in upkeep and has ${pl.cash}M.")


def eor_score(s: NetState) -> None:
    """NET-EOR-07."""
    telly = bool(s.opts.get("telly_time"))
    quiz = s.extra.get("quiz", ())
    if telly:
        s.extra["quiz"] = (0,) * s.n
    for p in range(s.n):
        pl = s.players[p]
        v = round_score(s, p) + (quiz[p] if telly else 0)  # NET-TELLY-11: the Quiz spend
        pl.scores = pl.scores + [v]  # a new list: clones share it (Player.copy)
        if s.log is not None:
            s.say(f"{pname(s, p)} scores {v} viewers in round {s.round}.")
    if s.mog is not None:
        end_scoring(s)


def upkeep_due(s: NetState, p: int) -> int:
    """``p``'s upkeep now (+ earned, - owed): the lineup's income minus its expenses, with Ad Tycoon
    (the Moguls module)."""
    net = upkeep_net(s, p)
    if s.mog is not None:
        net += upkeep_bonus(s, p)
    return net


def round_score(s: NetState, p: int) -> int:
    """``p``'s round score now, before any round-end choice (a Quiz spend): the lineup and the pass
    track, with Telly Time's filled grid squares (NET-TELLY-08) and the Moguls' viewers (Ratings
    Czar, Prime Time Special)."""
    pl = s.players[p]
    v = pl.pass_viewers
    for sh in pl.lineup:
        if sh is not None:
            v += show_viewers(s, p, sh)
    if s.opts.get("telly_time"):
        v += FILLED_SQUARE_VIEWERS * filled_count(s, p)
    if s.mog is not None:
        v += round_viewers(s, p)
    return v


def forecast(s: NetState, p: int) -> dict[str, Any]:
    """The Forecast (003; NET-UI-11..13): the viewers and upkeep ``p`` would get if the round ended
    now, each show's own part, and nothing of the choices made only at round end (NET-UI-12: an
    upkeep cancellation, a Quiz spend)."""
    out = base_forecast(s, p)
    out["viewers"] = round_score(s, p)
    out["upkeep"] = upkeep_due(s, p)
    return out


def eor_age(s: NetState, p: int, stage: int) -> None:
    """NET-EOR-09 (with Surpriser's optional effect first, NET-CARD-17)."""
    pl = s.players[p]
    T = s.T
    if stage == 0:
        s.stack.append(("eor_age", p, 1))
        for slot in range(len(pl.lineup) - 1, -1, -1):
            sh = pl.lineup[slot]
            if sh is not None and T.effect[sh.cid] == "surpriser":
                s.stack.append(("surpriser", p, slot))
        return
    for slot in range(len(pl.lineup)):
        sh = pl.own(slot)
        if sh is None:
            continue
        sh.row += 1
        if sh.row > 3:  # NET-SEAS-03
            sh.row = 3
            cancel(s, p, slot)


def eor_final(s: NetState) -> None:
    if s.round >= ROUNDS:
        final_scoring(s)
        return
    # NET-EOR-11: clear the pass track.
    s.pass_order = []
    # NET-EOR-12 / NET-VAR-04..06 / NET-SOLO-11: next turn order.
    if s.solo:
        s.order = s.order[::-1]  # a new list: clones share the turn order (NetState.clone)
    elif s.opts.get("turn_order") == "low_to_high":
        prev = {q: i for i, q in enumerate(s.order)}
        s.order = sorted(s.order, key=lambda q: (s.players[q].scores[-1], -prev[q]))
    else:
        s.first = (s.first + 1) % s.n
        s.order = [(s.first + i) % s.n for i in range(s.n)]
    for pl in s.players:  # Exclusive Rights reservations last until the end of the round
        s.discards[SHOW].extend(pl.reserved)
        pl.reserved = []
    # NET-EOR-13: discard the display and deal a new one.
    for k in range(4):
        s.discards[k].extend(s.display[k])
        s.display[k] = []
    start_round(s)


# ----------------------------------------------------------------------------- game end


def end_bonuses(s: NetState, p: int) -> dict[str, int]:
    """NET-END-02..05."""
    T = s.T
    pl = s.players[p]
    assert s.cat.board is not None
    values = s.cat.board.genre_board.values
    genres = sum(values[pos - 1] for pos in pl.genre if pos >= 1)  # 0 with Telly Time: no tracks (NET-TELLY-03)
    reruns = 0
    for c in pl.reruns:
        d = T.defs[c]
        if T.kind[c] == SHOW:
            reruns += d.rerun if d.rerun is not None else d.seasons[3]
        else:
            reruns += d.rerun  # Rerun Guy (NET-CARD-26)
    network = 0
    for c in pl.green:
        if T.kind[c] == NET and T.defs[c].timing == "game_end":  # NET-AMB-25
            network += game_end_value(s, p, c)
    out = {"genres": genres, "reruns": reruns, "network": network, "cash": pl.cash // 3}
    if s.mog is not None:  # the Moguls category: Game End Moguls (NET-MOGUL-07)
        out["moguls"] = game_end_viewers(s, p)
    xs = s.extra.get("x")
    if xs is not None:  # Executives: the Execs category (NET-GAP-19)
        out["execs"] = default_executives().param(xs[p], "end_viewers") if xs[p] >= 0 else 0
    return out


def game_end_value(s: NetState, p: int, cid: int) -> int:
    T = s.T
    d = T.defs[cid]
    pl = s.players[p]
    eff, prm = d.effect, d.params
    if eff == "game_viewers":
        return int(prm["amount"])
    if eff == "streaming_deal":  # NET-CARD-11: every card in the reruns
        return int(prm["per"]) * len(pl.reruns)
    if eff == "viewers_per_genre":
        if s.opts.get("telly_time"):  # Telly Time: per filled square of the Genre Grid
            return int(prm["per"]) * filled_count(s, p)
        return int(prm["per"]) * sum(1 for g in pl.genre if g >= 1)
    if eff == "viewers_per_genre_shows":
        changed = dict(s.extra.get("regenre", ()))
        shows = [sh.genre for sh in pl.lineup if sh] + [changed.get(c, T.defs[c].genre) for c in pl.reruns if T.kind[c] == SHOW]
        return int(prm["per"]) * sum(1 for g in shows if g == prm["genre"])
    if eff == "viewers_per_network_card":
        return int(prm["per"]) * (sum(1 for c in pl.green if T.kind[c] == NET) - 1)
    return 0


def final_scoring(s: NetState) -> None:
    """NET-END-01..06, NET-SOLO-15/16."""
    s.phase = "over"
    rows: list[dict[str, Any]] = []
    for p in range(s.n):
        pl = s.players[p]
        b = end_bonuses(s, p)
        rounds = sum(pl.scores)
        total = rounds + sum(b.values())
        rows.append({"rounds": list(pl.scores), "rounds_total": rounds, **b,
                     "bonus_total": sum(b.values()), "total": total})
    best = max(r["total"] for r in rows)
    s.final = {"players": rows, "winners": [p for p, r in enumerate(rows) if r["total"] == best]}
    if s.solo:
        s.final["rank"] = solo_rank(rows[0]["total"])
    if s.log is not None:
        s.say("The game is over. " + ", ".join(f"{pname(s, p)}: {r['total']}" for p, r in enumerate(rows)))
