"""Prime Time as a core :class:`~primetime.core.game.Ruleset`.

Adds readable labels, prompts, per-player views and option validation on top of the
rules in :mod:`primetime.games.prime_time.rules` (one module per rule area).
"""

from __future__ import annotations

from typing import Any

from primetime.core import words
from primetime.core.decision import Decision, Option
from primetime.games.prime_time.cards import (
    COLOURS,
    SPACE_COLOURS,
    TALENT_TYPES,
    TIER_NAMES,
    TIERS,
    TYPE_NAMES,
    default_catalogue,
)
from primetime.games.prime_time.rules import core, determinize, development, flow, money, new_game, ratings
from primetime.games.prime_time.state import NOSHOW, RERUN, VP_SOURCES, PTState, Slot

DEFAULTS: dict[str, Any] = {"bonds": False, "simultaneous": False, "log": True}
OPTION_HELP = {
    "bonds": "Issuing Bonds (advanced rule): borrow $5/$10 certificates when short of cash",
    "simultaneous": (
        "Simultaneous Scheduling (variant): TV Guides are built in secret and revealed together; "
        "this changes the balance of turn order, since the last player no longer sees the others' guides"
    ),
    "log": "keep a readable log of the game (turn off for fast simulation)",
}


class PrimeTimeRuleset:
    name = "prime-time"
    min_players = 2
    max_players = 4

    # ------------------------------------------------------------------ lifecycle
    def default_options(self) -> dict[str, Any]:
        return dict(DEFAULTS)

    def validate_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"Prime Time is played by 2 to 4 players, not {players!r}")
        unknown = set(options) - set(DEFAULTS)
        if unknown:
            known = "; ".join(f"{k} ({v})" for k, v in OPTION_HELP.items())
            raise ValueError(f"unknown option(s) {sorted(unknown)} for Prime Time; known options: {known}")
        out = {**DEFAULTS, **options}
        for k in DEFAULTS:
            if not isinstance(out[k], bool):
                raise ValueError(f"option {k}={out[k]!r}: must be true or false ({OPTION_HELP[k]})")
        return out

    def new_state(self, options: dict[str, Any], seed: int, players: int) -> PTState:
        return new_game.new_state(default_catalogue(), options, seed, players)

    def clone(self, state: PTState) -> PTState:
        return state.clone()

    def to_json(self, state: PTState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> PTState:
        return PTState.from_json(data, default_catalogue())

    # ------------------------------------------------------------------ decisions
    # The rules' functions themselves (no wrapper call on the hot path of bots and benchmarks).
    current_player = staticmethod(flow.current_player)
    legal_keys = staticmethod(flow.legal)
    apply_key = staticmethod(flow.apply)
    is_over = staticmethod(flow.is_over)
    # Simultaneous Scheduling: every pending player, and one player's keys and answer.
    pending_players = staticmethod(flow.pending_players)
    legal_keys_for = staticmethod(flow.legal_for)
    apply_key_for = staticmethod(flow.apply_for)

    def focus(self, state: PTState, player: int) -> bool:
        """Make ``player``'s pending step the one on top (the state stays equivalent: simultaneous
        steps commute); False if ``player`` has no pending decision."""
        return flow.bring_forward(state, player) >= 0

    def scores(self, state: PTState) -> list[int]:
        if state.final is not None:
            return [r["total"] for r in state.final["players"]]
        return [p.vp for p in state.players]

    def result(self, state: PTState) -> dict[str, Any]:
        return dict(state.final or {})

    def decision(self, state: PTState, player: int | None = None) -> Decision | None:
        """The pending decision (of ``player`` if given: None if that player has none)."""
        if not state.stack:
            return None
        if player is not None and state.stack[-1][1] != player:
            if player not in flow.pending_players(state):
                return None
            state = state.clone()
            flow.bring_forward(state, player)
        top = state.stack[-1]
        keys = flow.legal(state)
        return Decision(int(top[1]), str(top[0]), prompt(state, top), tuple(Option(k, label(state, top, k), info(state, k)) for k in keys))

    def explain_illegal(self, state: PTState, key: str, player: int | None = None) -> str:
        if not state.stack:
            return "the game is over"
        if player is not None and state.stack[-1][1] != player:
            state = state.clone()
            flow.bring_forward(state, player)
        top = state.stack[-1]
        reason = illegal_reason(state, top, key)
        legal = flow.legal(state)
        shown = ", ".join(legal[:12]) + (" ..." if len(legal) > 12 else "")
        return f"{key!r} is not a legal option now" + (f": {reason}" if reason else "") + f" (legal: {shown})"

    # ------------------------------------------------------------------ views
    def view(self, state: PTState, viewer: int | None) -> dict[str, Any]:
        return view(state, viewer)

    # ---------------------------------------------------------------------- card text

    def determinize(self, state: PTState, viewer: int, rng: Any) -> PTState:
        """Resample what ``viewer`` cannot see (for search bots)."""
        return determinize.determinize(state, viewer, rng)


def _nm(s: PTState, c: int) -> str:
    return s.cat.names[c]


def _space_card(s: PTState, kind: str, i: int) -> int:
    return s.spaces[core.KINDS.index(kind)][i]


# ---------------------------------------------------------------------- prompts and labels


def prompt(s: PTState, top: tuple[Any, ...]) -> str:
    k, p = top[0], top[1]
    who = core.pname(p)
    if k == "keep":
        return f"{who}: keep 2 of your 3 starting shows; the third is discarded face up."
    if k == "place":
        return f"{who}: place a token ({s.players[p].tokens} left) on an action or a bidding space."
    if k == "amount":
        c = s.spaces[top[2]][top[3]]
        lo = development.bid_floor(s, top[2], top[3], p)
        cap = core.rules(s).cap[s.cat.tier[c]]
        return f"{who}: how much do you bid on {_nm(s, c)}? (at least ${lo}, at most ${cap})"
    if k == "pr":
        return f"{who}: Public Relations — add a cube to a daily pool, or switch two cubes?"
    if k == "pr_add":
        return f"{who}: Public Relations — take which cube (any Forecast space or daily pool)?"
    if k == "pr_to":
        return f"{who}: Public Relations — add the cube to which daily pool?"
    if k == "pr_swap":
        return f"{who}: Public Relations — the first cube to switch?"
    if k == "pr_swap2":
        return f"{who}: Public Relations — switch the {COLOURS[top[3]]} cube on {core.DAY_NAMES[top[2]]} with which cube?"
    if k == "outbid":
        return (
            f"{who}: your ${top[4]} bid was beaten — buy a card still on the board at its lowest bidding space, "
            "use a vacant action space, or take the token back."
        )
    if k == "sched":
        if s.opts.get("simultaneous"):
            return f"{who}: build your TV Guide in secret, then submit it."
        left = 2 - bin(top[2]).count("1")
        return f"{who}: schedule shows, Re-Runs and talents (you may still move {left} show(s) already on your guide), then submit."
    if k == "cube":
        day = core.DAY_NAMES[top[2]]
        if top[3] == 1:
            return f"{who}: {day} — take a primary cube ({s.alloc[p]} left) and place it on one of your cards."
        return f"{who}: {day} — take one of the remaining cubes, or pass for the rest of the day."
    return f"{who}: decide."


def _bid_text(s: PTState, kind: int, i: int) -> str:
    c = s.spaces[kind][i]
    tier = TIERS[s.cat.tier[c]]
    bids = s.bids[kind][i]
    high = f", high bid ${bids[-1][1]} by {core.pname(bids[-1][0])}" if bids else ""
    return f"{_nm(s, c)} ({TIER_NAMES[tier]}, min ${s.cat.min_bid[c]}{high})"


def _action_label(s: PTState, p: int, key: str) -> str:
    R = core.rules(s)
    if key == "rd":
        return f"R&D: pay ${R.rd_cost} to move up the turn order"
    if key == "archives":
        return "Archives: take a Re-Run card"
    if key == "golf":
        return f"Golf Course: +{R.golf_vp} VP"
    if key == "pr":
        return "Public Relations: add or switch demographic cubes"
    if key.startswith("hr:"):
        t = s.cat.by_id[key[3:]]
        return f"HR: loan {_nm(s, t)} face down for ${R.hr[s.cat.tier[t]]}"
    return key


def _bond_note(s: PTState, p: int, cost: int) -> str:
    cash = s.players[p].cash
    if cost <= cash:
        return ""
    certs = money.bond_issue(core.rules(s).certificates, cost - cash)
    return " — issues " + " + ".join(f"${c}" for c in certs) + " in bonds"


def label(s: PTState, top: tuple[Any, ...], key: str) -> str:
    k, p = top[0], int(top[1])
    parts = key.split(":")
    head = parts[0]
    cat = s.cat
    if k == "keep":
        c = cat.by_id[parts[1]]
        kept = [x for x in s.players[p].offer if x != c]
        return "Keep " + " and ".join(_nm(s, x) for x in kept) + f"; discard {_nm(s, c)}"
    if head == "bid":
        kind, i = core.KINDS.index(parts[1]), int(parts[2])
        return "Bid on " + _bid_text(s, kind, i)
    if head == "amt":
        v = int(parts[1])
        return f"Bid ${v}" + _bond_note(s, p, v)
    if head == "buy":
        kind, i = core.KINDS.index(parts[1]), int(parts[2])
        c = s.spaces[kind][i]
        price = core.rules(s).fallback[cat.tier[c]]
        return f"Buy {_nm(s, c)} for ${price} (lowest bidding space)" + _bond_note(s, p, price)
    if head == "none":
        return "Take the token back without acting"
    if head in ("rd", "archives", "golf", "pr", "hr"):
        return _action_label(s, p, key) + (_bond_note(s, p, core.rules(s).rd_cost) if head == "rd" else "")
    if head == "add":
        return "Add a cube from the Forecast or a daily pool to a daily pool"
    if head == "swap":
        return "Switch two cubes in two different daily pools"
    if head == "forecast":
        r, d = int(parts[1]), core.DAY_INDEX[parts[2]]
        row = core.ROW_NAMES[r] if r < len(core.ROW_NAMES) else str(r)
        return f"The {COLOURS[s.forecast[r][d]]} cube on the {row} Forecast row, {core.DAY_NAMES[d]}"
    if head == "pool":
        return f"A {parts[2]} cube from {core.DAY_NAMES[core.DAY_INDEX[parts[1]]]}'s pool"
    if head == "to":
        return f"Into {core.DAY_NAMES[core.DAY_INDEX[parts[1]]]}'s pool"
    if head == "show":
        c = cat.by_id[parts[1]]
        return f"Schedule {_nm(s, c)} on {core.DAY_NAMES[core.DAY_INDEX[parts[2]]]}"
    if head == "rerun":
        return f"Schedule a Re-Run on {core.DAY_NAMES[core.DAY_INDEX[parts[1]]]}"
    if head == "talent":
        t = cat.by_id[parts[1]]
        d = core.DAY_INDEX[parts[2]]
        sl = s.players[p].guide[d]
        on = core.show_name(s, sl.show) if sl is not None else "?"
        return f"Hire {_nm(s, t)} for {on} ({core.DAY_NAMES[d]})"
    if head == "move":
        d, e = core.DAY_INDEX[parts[1]], core.DAY_INDEX[parts[2]]
        guide = s.players[p].guide
        a, b = guide[d], guide[e]
        an = core.show_name(s, a.show) if a is not None else "?"
        if b is not None:
            return f"Swap {an} ({core.DAY_NAMES[d]}) with {core.show_name(s, b.show)} ({core.DAY_NAMES[e]})"
        return f"Move {an} from {core.DAY_NAMES[d]} to {core.DAY_NAMES[e]}"
    if head == "done":
        return "Submit the schedule"
    if head == "cube":
        colour, tok, space = parts[1], parts[2], parts[3]
        card = cat.rerun.name if tok == "rerun" and cat.rerun is not None else cat.names[cat.by_id[tok]]
        return f"Take {words.a(colour)} cube onto {card} ({space} space)"
    if head == "pass":
        return "Pass: take no more cubes today"
    return key


def info(s: PTState, key: str) -> dict[str, Any]:
    parts = key.split(":")
    head = parts[0]
    if head in ("show", "talent", "hr") or (head == "discard"):
        return {"card": parts[1]}
    if head in ("bid", "buy"):
        c = _space_card(s, parts[1], int(parts[2]))
        return {"card": s.cat.ids[c]} if c >= 0 else {}
    if head == "cube" and parts[2] != "rerun":
        return {"card": parts[2]}
    return {}


def illegal_reason(s: PTState, top: tuple[Any, ...], key: str) -> str:
    """Why a key is not legal now, for the common cases (dimmed options)."""
    k, p = top[0], int(top[1])
    if k not in ("place", "outbid"):
        return ""
    R = core.rules(s)
    pl = s.players[p]
    parts = key.split(":")
    head = parts[0]
    if head == "rd":
        if p in s.rd:
            return "you already have a token in R&D"
        if not money.can_pay(s, p, R.rd_cost):
            return f"R&D costs ${R.rd_cost} and you have ${pl.cash}"
    if head == "golf" and len(s.golf) >= R.golf:
        return "the Golf Course is full"
    if head == "archives":
        if len(s.archives) >= R.archives:
            return "both Archives spaces are taken"
        if s.reruns <= 0:
            return "no Re-Run cards are left"
    if head == "pr" and len(s.pr) >= R.pr:
        return "every Public Relations space is taken"
    if head == "hr":
        return "HR needs a talent card in your hand"
    if head == "bid" and len(parts) == 3 and parts[1] in core.KINDS and parts[2].isdigit():
        kind, i = core.KINDS.index(parts[1]), int(parts[2])
        if k == "outbid":
            return "an outbid token can only buy a remaining card at its lowest bidding space (buy:...)"
        if i >= len(s.spaces[kind]) or s.spaces[kind][i] < 0:
            return "there is no card on that space"
        c = s.spaces[kind][i]
        bids = s.bids[kind][i]
        if bids and bids[-1][0] == p:
            return "you cannot outbid your own token"
        if len(bids) >= R.slots[s.cat.tier[c]]:
            return "every bidding space under that card is taken"
        lo = development.bid_floor(s, kind, i, p)
        if lo < 0:
            return "the bid would exceed the cap"
        if pl.cash < lo:
            return f"the lowest legal bid is ${lo} and you have ${pl.cash}"
    return ""


def unusable_reasons(s: PTState, top: tuple[Any, ...]) -> dict[str, str]:
    """Why the decider's visible cards and the action sections cannot be used now.

    Keys are card ids (board cards, the decider's own hand and today's cards on the
    decider's own TV Guide), ``rerun`` for a Re-Run on today's slot, and the action
    sections ``rd``, ``archives``, ``golf``, ``pr`` and ``hr``.  Only cards the decider
    already sees are named, so the map is as public to them as the rest of their view.
    """
    k, p = top[0], int(top[1])
    cat = s.cat
    ids = cat.ids
    pl = s.players[p]
    legal = set(flow.legal(s))
    out: dict[str, str] = {}
    if k in ("place", "outbid"):
        R = core.rules(s)
        for a in ("rd", "archives", "golf", "pr"):
            if a not in legal:
                why = illegal_reason(s, top, a)
                if not why and a == "pr":
                    why = "there is no cube left to move"
                out[a] = why or "not available now"
        if not pl.talents:
            out["hr"] = "HR needs a talent card in your hand"
        for kind in (core.SHOWS, core.TALENTS):
            for i, c in enumerate(s.spaces[kind]):
                if c < 0:
                    continue
                if k == "place":
                    key = f"bid:{core.KINDS[kind]}:{i}"
                    if key not in legal:
                        out[ids[c]] = illegal_reason(s, top, key) or "you cannot make a legal bid on it"
                elif f"buy:{core.KINDS[kind]}:{i}" not in legal:
                    price = R.fallback[cat.tier[c]]
                    out[ids[c]] = f"its lowest bidding space costs ${price} and you have ${pl.cash}"
        for c in pl.shows:
            out[ids[c]] = "shows go onto your TV Guide in the Broadcasting phase"
    elif k == "sched":
        used = {key.split(":")[1] for key in legal if key.startswith(("show:", "talent:"))}
        for c in pl.shows:
            if ids[c] not in used:
                out[ids[c]] = "every day of your TV Guide already has a show"
        for t in pl.talents:
            if ids[t] not in used:
                tname = TYPE_NAMES[TALENT_TYPES[cat.ttype[t]]]
                out[ids[t]] = (
                    f"no Series or Mini Series on your TV Guide can take {words.a(tname)} now "
                    f"(talents never go on Single Shows or Re-Runs, and a show takes one {tname})"
                )
    elif k == "cube":
        d = int(top[2])
        sl = pl.guide[d]
        if sl is not None:
            toks = ["rerun" if sl.show == RERUN else (ids[sl.show] if sl.show >= 0 else "")]
            toks += [ids[t] for t in sl.talents]
            usable = {key.split(":")[2] for key in legal if key.startswith("cube:")}
            for i, tok in enumerate(toks):
                if not tok or tok in usable:
                    continue
                spaces = ratings.card_spaces(s, sl, i)
                empty = [SPACE_COLOURS[spaces[j]] for j, f in enumerate(sl.cubes[i]) if f < 0]
                if not empty:
                    out[tok] = "every cube space on it is filled"
                else:
                    out[tok] = f"no cube left in {core.DAY_NAMES[d]}'s pool fits its empty spaces ({', '.join(empty)})"
    return out


def _ratings_view(s: PTState) -> dict[str, Any] | None:
    """The day and stage of the Ratings War now (public)."""
    if s.phase != "ratings":
        return None
    for e in reversed(s.stack):
        if e[0] == "cube":
            day, stage = int(e[2]), int(e[3])
            break
        if e[0] == "alloc":
            day, stage = int(e[1]), int(e[2])
            break
    else:
        return None
    return {"day": core.DAY_KEYS[day], "stage": "primary" if stage else "remaining", "primary_left": list(s.alloc), "passed": list(s.passed)}


def _schedule_view(s: PTState) -> dict[str, Any] | None:
    """Who still has to submit a schedule (public: submissions are announced)."""
    if s.phase != "schedule":
        return None
    waiting = [int(e[1]) for e in reversed(s.stack) if e[0] == "sched"]
    return {"secret": bool(s.opts.get("simultaneous")), "waiting": waiting}


def _limits(s: PTState) -> dict[str, Any]:
    """The board's public numbers for this player count."""
    R = core.rules(s)
    return {
        "bid_spaces": dict(zip(TIERS, R.slots, strict=True)),
        "bid_cap": dict(zip(TIERS, R.cap, strict=True)),
        "fallback": dict(zip(TIERS, R.fallback, strict=True)),
        "hr_pay": dict(zip(TIERS, R.hr, strict=True)),
        "rd_cost": R.rd_cost,
        "archives": R.archives,
        "golf": R.golf,
        "golf_vp": R.golf_vp,
        "pr": R.pr,
        "season_rounds": R.season,
        "hotness_max": R.hot_max,
        "cash_per_cube": R.cash_per_cube,
        "dollars_per_vp": R.dollars_per_vp,
        "variety_genres": R.variety_need,
        "tokens": R.tokens,
    }


# ---------------------------------------------------------------------- views


def _slot_view(s: PTState, sl: Slot | None) -> dict[str, Any] | None:
    if sl is None:
        return None
    cat = s.cat
    ids = cat.ids

    def cubes(i: int) -> list[str | None]:
        return [COLOURS[c] if c >= 0 else None for c in sl.cubes[i]]

    if sl.show == RERUN:
        show: dict[str, Any] | None = {"card": "rerun", "cubes": cubes(0)}
    elif sl.show == NOSHOW:
        show = None
    else:
        show = {"card": ids[sl.show], "cubes": cubes(0)}
    return {
        "show": show,
        "talents": [{"card": ids[t], "cubes": cubes(1 + i)} for i, t in enumerate(sl.talents)],
        "potential": ratings.potential(s, sl),
        "cubes": sl.n_cubes(),
    }


def view(s: PTState, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` may see (None = spectator): never deck order, the bag, the RNG,
    other players' hands or face-down talents, or schedules still behind the screens."""
    cat = s.cat
    ids = cat.ids
    R = core.rules(s)
    players = []
    for p, pl in enumerate(s.players):
        mine = viewer == p
        if s.screen is not None and not mine:
            guide, counts = s.screen[p]  # PT-SIM-02: as it stood before scheduling
        else:
            guide, counts = pl.guide, (len(pl.shows), len(pl.talents), pl.reruns)
        entry: dict[str, Any] = {
            "seat": p,
            "cash": pl.cash,
            "vp": pl.vp,
            "vp_sources": {src: pl.vp_src[i] for i, src in enumerate(VP_SOURCES)},
            "hotness": pl.hot,
            "hotness_stack": pl.hot_seq,
            "bonds": list(pl.bonds),
            "clients": [cat.clients[c].id for c in pl.clients],
            "variety": pl.variety,
            "tokens_left": pl.tokens,
            "hand_counts": {"shows": counts[0], "talents": counts[1], "reruns": counts[2]},
            "facedown_count": len(pl.facedown),
            "guide": {core.DAY_KEYS[d]: _slot_view(s, sl) for d, sl in enumerate(guide)},
        }
        if mine:
            entry["hand"] = {"shows": [ids[c] for c in pl.shows], "talents": [ids[c] for c in pl.talents], "reruns": pl.reruns}
            entry["facedown"] = [ids[c] for c in pl.facedown]
            if pl.offer:
                entry["offer"] = [ids[c] for c in pl.offer]
        elif pl.offer:
            entry["offer_count"] = len(pl.offer)
        players.append(entry)

    def spaces(kind: int) -> list[dict[str, Any]]:
        out = []
        for i, c in enumerate(s.spaces[kind]):
            out.append(
                {
                    "tier": TIERS[R.space_tier[kind][i]],
                    "open": R.space_open[kind][i],
                    "card": ids[c] if c >= 0 else None,
                    "bids": [{"player": q, "amount": a} for q, a in s.bids[kind][i]],
                }
            )
        return out

    out: dict[str, Any] = {
        "game": "prime-time",
        "viewer": viewer,
        "round": s.round,
        "rounds": R.rounds,
        "phase": s.phase,
        "days": [core.DAY_KEYS[d] for d in range(s.days)],
        "options": {"bonds": bool(s.opts.get("bonds")), "simultaneous": bool(s.opts.get("simultaneous"))},
        "turn_order": list(s.order),
        "first_player": s.order[0],
        "current": flow.current_player(s),
        "board": {
            "shows": spaces(core.SHOWS),
            "talents": spaces(core.TALENTS),
            "rd": list(s.rd),
            "archives": list(s.archives),
            "golf": list(s.golf),
            "pr": list(s.pr),
            "hr": list(s.hr),
            "clients": [cat.clients[c].id for c in s.clients],
            "boardroom": [cat.boardroom[b].id if b >= 0 else None for b in s.br_up],
            "boardroom_decks": [len(d) for d in s.br_decks],
            "pools": {core.DAY_KEYS[d]: {COLOURS[c]: s.pools[d][c] for c in range(6)} for d in range(s.days)},
            "forecast": [[COLOURS[c] if c >= 0 else None for c in row[: s.days]] for row in s.forecast],
            "bag": sum(s.bag),
            "reruns": s.reruns,
            "variety": s.variety,
            "forecast_row": (s.round - 1) % R.season,
        },
        "decks": {"shows": len(s.show_deck), "talents": len(s.tal_deck), "clients": len(s.client_pile)},
        "limits": _limits(s),
        "ratings": _ratings_view(s),
        "schedule": _schedule_view(s),
        "discards": {
            "shows": [ids[c] for c in s.show_disc],
            "talents": [ids[c] for c in s.tal_disc],
            "clients": [cat.clients[c].id for c in s.client_disc],
            "boardroom": [cat.boardroom[b].id for b in s.br_disc],
        },
        "players": players,
        "log": list(s.log or []),
        "final": s.final,
    }
    if s.stack:
        waiting = flow.pending_players(s)
        if viewer is not None and viewer != waiting[0] and viewer in waiting:
            s = s.clone()  # a simultaneous decision: the viewer sees their own step
            flow.bring_forward(s, viewer)
        top = s.stack[-1]
        p = int(top[1])
        pend: dict[str, Any] = {"player": p, "kind": top[0], "prompt": prompt(s, top)}
        if len(waiting) > 1:
            pend["players"] = waiting  # everyone who may answer now, in any order
        if viewer == p:
            pend["options"] = [{"key": k, "label": label(s, top, k), **info(s, k)} for k in flow.legal(s)]
            pend["unusable"] = unusable_reasons(s, top)
        out["pending"] = pend
    else:
        out["pending"] = None
    return out
