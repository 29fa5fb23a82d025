"""The decision stack of The Networks: Primetime.

The state holds a stack of pending steps (plain tuples).  ``advance`` resolves automatic
steps until a decision step is on top; ``legal`` lists the option keys of that decision
and ``apply`` resolves one.  The rule modules push steps; this module dispatches them.
"""

from __future__ import annotations

from typing import Any, Final

from primetime.games.networks import effects as fx
from primetime.games.networks.rules import executives as X
from primetime.games.networks.rules.attach import attach_targets, ba_options, commit_attach
from primetime.games.networks.rules.decks import cancel
from primetime.games.networks.rules.genres import bonus_options, gain_card
from primetime.games.networks.rules.green_room import remove_green
from primetime.games.networks.rules.log import name, pname
from primetime.games.networks.rules.moguls import apply_take, keep_mogul, keep_options, on_advance, take_options
from primetime.games.networks.rules.network_cards import _apply_pick, _apply_talent, _shows, pick_options, talent_options
from primetime.games.networks.rules.pilot import pilot_done, pilot_pairs
from primetime.games.networks.rules.production import _next_promo, commit_production, prod_att_options, production_cost, start_production
from primetime.games.networks.rules.quiz import apply_quiz, eor_quiz, quiz_options
from primetime.games.networks.rules.round_end import eor_age, eor_final, eor_score, eor_upkeep
from primetime.games.networks.rules.rounds import finish_turn, start_round
from primetime.games.networks.rules.slots import condition_met
from primetime.games.networks.rules.solo import opp_turn
from primetime.games.networks.rules.timeslots import genre_options, slot_options
from primetime.games.networks.rules.turns import _apply_turn, has_free_use, turn_options
from primetime.games.networks.state import NetState
from primetime.games.networks.tables import key_int

AUTOMATIC_STEPS: Final[frozenset[str]] = frozenset({
    "opp_turn", "prod_commit", "eor_upkeep", "eor_score", "eor_quiz", "eor_age", "eor_final", "pilot_prod",
    "pilot_done", "start_round", "mogul_space", "x_done", "x_round"})


def _automatic(s: NetState, k: str, top: tuple[Any, ...]) -> None:
    """Resolve an automatic step (one of AUTOMATIC_STEPS, already taken off the stack)."""
    if k == "eor_age":
        eor_age(s, top[1], top[2])
    elif k == "eor_upkeep":
        eor_upkeep(s, top[1])
    elif k == "prod_commit":
        if not s.xon:
            commit_production(s, top[1])
        else:
            X.commit(s, top[1])
    elif k == "eor_score":
        eor_score(s)
    elif k == "eor_final":
        eor_final(s)
    elif k == "start_round":
        start_round(s)
    elif k == "pilot_prod":
        start_production(s, top[1], top[2], "pilot")
    elif k == "pilot_done":
        pilot_done(s)
    elif k == "eor_quiz":
        eor_quiz(s, top[1])
    elif k == "opp_turn":
        opp_turn(s)
    elif k == "mogul_space":
        on_advance(s, top[1], top[2], top[3])
    elif k == "x_done":
        X.reveal(s)
    else:  # x_round
        X.round_start(s)


def advance(s: NetState) -> None:
    """Resolve automatic steps until a decision is pending or the game is over."""
    stack = s.stack
    while stack:
        top = stack[-1]
        k: str = top[0]
        if k == "turn":
            acted: int = top[2]
            if acted == 1 and not has_free_use(s, top[1], 1) and not (s.xon and X.holds_turn(s, top[1])):
                finish_turn(s, top[1])  # stack.pop(), then end_turn
                continue
            return
        if k == "prod_genre":
            pr = s.prod
            assert pr is not None
            effect = s.T.effect
            atts: tuple[int, ...] = pr["atts"]
            for c in atts:
                if effect[c] == "versatile_actor":
                    return
            if s.xon and X.procrastinator(s, pr["p"]):  # NET-EXEC-11
                return
            stack.pop()
            continue
        if k == "prod_promo":
            pr = s.prod
            assert pr is not None
            if _next_promo(s) < 0:
                stack.pop()
                continue
            return
        if k == "ba_extra" and not ba_options(s, top[1], top[2])[:-1]:
            stack.pop()
            continue
        if k not in AUTOMATIC_STEPS:
            return
        stack.pop()
        _automatic(s, k, top)


def current_player(s: NetState) -> int | None:
    if not s.stack:
        return None
    p: int = s.stack[-1][1]  # typed: no int() call in the compiled build
    return p


# Decisions the rules make simultaneous (NET-PILOT-02, NET-EXEC-02): one step per player, pushed
# together; their answers are private and commute, so they may come in any order.
SIMULTANEOUS: frozenset[str] = frozenset({"pilot", "x_choose"})


def pending_players(s: NetState) -> list[int]:
    """Every player who may answer now: the top step's player, and under a simultaneous decision
    the players of the steps of the same kind just below it (first pending first)."""
    stack = s.stack
    if not stack:
        return []
    top = stack[-1]
    k: str = top[0]
    p: int = top[1]
    if k not in SIMULTANEOUS:
        return [p]
    out: list[int] = []
    i = len(stack) - 1
    while i >= 0 and stack[i][0] == k:
        q: int = stack[i][1]
        out.append(q)
        i -= 1
    return out


def bring_forward(s: NetState, p: int) -> int:
    """Move ``p``'s step of the pending simultaneous decision to the top of the stack; returns
    where it was (-1: ``p`` has no pending step)."""
    stack = s.stack
    last = len(stack) - 1
    if last < 0:
        return -1
    k: str = stack[last][0]
    i = last
    while i >= 0 and stack[i][0] == k:
        q: int = stack[i][1]
        if q == p:
            if i != last:
                stack.append(stack.pop(i))
            return i
        if k not in SIMULTANEOUS:
            break
        i -= 1
    return -1


def legal_for(s: NetState, p: int) -> list[str]:
    """The option keys of ``p``'s pending decision ([] if ``p`` has none)."""
    stack = s.stack
    if stack and stack[-1][1] == p:
        return legal(s)
    i = bring_forward(s, p)
    if i < 0:
        return []
    try:
        return legal(s)
    finally:
        stack.insert(i, stack.pop())


def apply_for(s: NetState, p: int, key: str) -> None:
    """Resolve ``p``'s pending decision with ``key`` (already checked to be legal for ``p``)."""
    stack = s.stack
    i = bring_forward(s, p)
    apply(s, key)
    if 0 <= i < len(stack) - 1 and stack[-1][1] == p and stack[-1][0] in SIMULTANEOUS:
        stack.insert(i, stack.pop())  # a step that goes on (none yet) keeps its place


def is_over(s: NetState) -> bool:
    return s.phase == "over"


def legal(s: NetState) -> list[str]:
    """Option keys of the pending decision, in a stable order."""
    if not s.stack:
        return []
    top = s.stack[-1]
    k: str = top[0]
    p: int = top[1]
    if k == "turn":
        if s.xon:
            return X.turn_menu(s, p, top[2], turn_options(s, p, top[2]))
        return turn_options(s, p, top[2])
    if k == "prod_att":
        if s.xon:
            return X.butcher_option(s, p, prod_att_options(s, p))
        return prod_att_options(s, p)
    if k == "att_target":
        return attach_targets(s, p, top[2], onset=top[3])
    if k == "prod_slot":
        assert s.prod is not None
        return slot_options(s, s.prod["show"])
    if k == "prod_genre":
        assert s.prod is not None
        return genre_options(s, s.prod["slot"])
    if k == "prod_promo":
        pr = s.prod
        assert pr is not None
        c = _next_promo(s)
        T = s.T
        promo_cost = T.promo_cost
        spent = production_cost(s, p, pr["show"], pr["atts"], pr["src"])
        for x in pr["paid"]:
            spent += promo_cost[x]
        return (["pay"] if s.players[p].cash - spent >= promo_cost[c] else []) + ["rotate"]
    if k == "ba_extra":
        return ba_options(s, p, top[2])
    if k == "bonus":
        return bonus_options(s, p, top[2])
    if k == "upkeep_cancel":
        return [f"cancel:{i}" for i in _shows(s, p)]
    if k == "surpriser":
        return ["yes", "no"]
    if k == "quiz":
        return quiz_options(s, p)
    if k == "pilot":
        return pilot_pairs(s, p)
    if k == "pick":
        return pick_options(s, p, top[2], top[3])
    if k == "talent":
        return talent_options(s, p, top[2], top[3])
    if k == "mogul":
        return keep_options(s, p, top[2])
    if k == "mogul_pick":
        return take_options(s, p, top[2])
    if k == "x_choose":
        return X.choose_options(s, p)
    if k == "x_gorilla":
        return X.gorilla_options(s, p)
    raise AssertionError(f"no options for step {k}")


def apply(s: NetState, key: str) -> None:
    """Resolve the pending decision with ``key`` (already checked to be legal)."""
    top = s.stack[-1]
    k: str = top[0]
    p: int = top[1]
    if k == "turn":
        if s.xon:
            X.apply_turn(s, p, key, top[2])
        else:
            _apply_turn(s, p, key, top[2])
        advance(s)
        return
    T = s.T
    if k == "prod_att":
        pr = s.prod
        assert pr is not None
        if key == "done":
            s.stack.pop()
        elif key == "abort":  # backing out of a production that cannot be finished: the action is not spent
            acted = pr.get("acted", -1)
            s.prod = None
            while s.stack[-1][0] != "prod_commit":
                s.stack.pop()
            s.stack.pop()
            if acted >= 0 and s.stack and s.stack[-1][0] == "turn" and s.stack[-1][1] == p:
                s.stack[-1] = ("turn", p, acted)
        elif key in T.att_key:
            pr["atts"] = pr["atts"] + (T.att_key[key],)
        elif key == "x:butcher":  # NET-EXEC-09
            X.butcher(s, p)
        elif key.startswith("wild:"):  # Sponsored Content: 1 extra wild slot
            pr["spon"] = key_int(key)
            pr["spon_mode"] = "wild"
        else:  # use:<cid> -- Ensemble Cast, or Sponsored Content ignoring required slots
            c = key_int(key)
            pr["ens" if T.effect[c] == "ensemble_cast" else "spon"] = c
    elif k == "att_target":
        s.stack.pop()
        commit_attach(s, p, top[2], key, onset=top[3])
    elif k == "prod_slot":
        s.stack.pop()
        assert s.prod is not None
        s.prod["slot"] = key_int(key)
    elif k == "prod_genre":
        s.stack.pop()
        assert s.prod is not None
        s.prod["genre"] = key[6:]  # NET-CARD-27
    elif k == "prod_promo":
        pr = s.prod
        assert pr is not None
        c = _next_promo(s)
        pr["decided"] = pr.get("decided", ()) + (c,)
        if key == "pay":
            pr["paid"] = pr["paid"] + (c,)
    elif k == "ba_extra":
        s.stack.pop()
        if key != "skip":
            parts = key.split(":")
            c = int(parts[1])
            pl = s.players[p]
            sh = pl.own(top[2])
            assert sh is not None
            remove_green(T, pl, c)
            pay = key.endswith(":pay")
            if pay:
                pl.cash -= T.promo_cost[c]
            rot = (not pay) if T.promo[c] else not condition_met(s, p, c, sh.genre, top[2], [a for a, _ in sh.atts])
            sh.atts += ((c, rot),)
            if s.log is not None:
                s.say(f"{pname(s, p)} attaches {name(s, c)} with Brand Ambassador.")
    elif k == "bonus":
        s.stack.pop()
        c = key_int(key)
        for d in top[2]:
            s.limbo.remove(d)
            if d != c:
                s.discards[T.kind[d]].append(d)  # NET-DECK-07
        if s.log is not None:
            s.say(f"{pname(s, p)} takes {name(s, c)} as a genre bonus.")
        gain_card(s, p, c)
    elif k == "upkeep_cancel":
        s.stack.pop()
        cancel(s, p, key_int(key))
    elif k == "surpriser":
        s.stack.pop()
        if key == "yes":
            cancel(s, p, top[2])
            s.players[p].cash += fx.SURPRISER_CASH
    elif k == "pilot":
        s.stack.pop()
        x, y = key[5:].split(",")
        a, b = int(x), int(y)
        # NET-PILOT-02: the unkept cards go to the box in seat order, whatever order the choices come in
        kept_before = s.extra["kept"]
        drop = len(s.pilot[p]) - 2
        after = 0  # the players from p on who have chosen
        for q in range(p, s.n):
            if kept_before[q]:
                after += 1
        at = len(s.box) - drop * after
        unkept = []
        for c in s.pilot[p]:
            if c != a and c != b:
                unkept.append(c)
        s.box[at:at] = unkept
        s.pilot[p] = [a, b]
        s.extra["kept"] = kept_before[:p] + (True,) + kept_before[p + 1:]
    elif k == "quiz":
        s.stack.pop()
        apply_quiz(s, p, top[2], key)
    elif k == "pick":
        _apply_pick(s, p, top, key)
    elif k == "talent":
        _apply_talent(s, p, top, key)
    elif k == "mogul":
        s.stack.pop()
        keep_mogul(s, p, top[2], key)
    elif k == "mogul_pick":
        s.stack.pop()
        apply_take(s, p, top[2], key)
    elif k == "x_choose":
        s.stack.pop()
        X.apply_choose(s, p, key)
    elif k == "x_gorilla":
        X.gorilla(s, p, key)
    advance(s)
