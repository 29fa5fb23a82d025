"""The Networks: Primetime as a core :class:`~primetime.core.game.Ruleset`.

Adds readable labels, prompts, per-player views and option validation on top of the
rules in :mod:`primetime.games.networks.rules`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from primetime.core.decision import Decision, Option
from primetime.games.networks import effects as fx
from primetime.games.networks import tables as TB
from primetime.games.networks.cards import (
    DATA_DIR,
    GENRE_NAMES,
    GENRES,
    TIMESLOT_NAMES,
    TIMESLOTS,
    Catalogue,
    default_catalogue,
    load_catalogue,
)
from primetime.games.networks.rules import attach as A
from primetime.games.networks.rules import determinize as D
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import green_room as GR
from primetime.games.networks.rules import log as LG
from primetime.games.networks.rules import production as P
from primetime.games.networks.rules import round_end as RE
from primetime.games.networks.rules import rounds as R
from primetime.games.networks.rules import setup as SU
from primetime.games.networks.rules import values as V
from primetime.games.networks.state import OPP, NetState

DEFAULTS: dict[str, Any] = {"pilot": "normal", "turn_order": "fixed", "first_player": None, "card_set": "base"}
CHOICES = {"pilot": ("normal", "simplified"), "turn_order": ("fixed", "low_to_high")}


def catalogue_for(card_set: str) -> Catalogue:
    if card_set in ("", "base", str(DATA_DIR)):
        return default_catalogue()
    return _load_set(card_set)


_SETS: dict[str, Catalogue] = {}


def _load_set(path: str) -> Catalogue:
    if path not in _SETS:
        _SETS[path] = load_catalogue(Path(path))
    return _SETS[path]


class NetworksRuleset:
    name = "networks"
    min_players = 1
    max_players = 5

    # ------------------------------------------------------------------ lifecycle
    def default_options(self) -> dict[str, Any]:
        return dict(DEFAULTS)

    def validate_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        if not 1 <= players <= 5:
            raise ValueError(f"The Networks is played by 1 to 5 players, not {players}")
        unknown = set(options) - set(DEFAULTS) - {"log"}
        if unknown:
            raise ValueError(f"unknown option(s) {sorted(unknown)}; known: {sorted(DEFAULTS)}")
        out = {**DEFAULTS, **options}
        for k, allowed in CHOICES.items():
            if out[k] not in allowed:
                raise ValueError(f"option {k}={out[k]!r}: choose one of {', '.join(allowed)}")
        if out["turn_order"] == "low_to_high" and players == 1:
            raise ValueError("the Low to High turn order (Classic Turns) is for multiplayer games")
        fp = out["first_player"]
        if fp is not None and not (isinstance(fp, int) and 0 <= fp < max(2, players)):
            raise ValueError(f"option first_player={fp!r}: a seat number from 0 to {max(2, players) - 1}")
        catalogue_for(str(out["card_set"]))  # fail early on a bad card set
        return out

    def new_state(self, options: dict[str, Any], seed: int, players: int) -> NetState:
        return SU.new_state(catalogue_for(str(options.get("card_set", "base"))), options, seed, players)

    def clone(self, state: NetState) -> NetState:
        return state.clone()

    def to_json(self, state: NetState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> NetState:
        cat = catalogue_for(str(data["opts"].get("card_set", "base")))
        TB.tables(cat)
        return NetState.from_json(data, cat)

    # ------------------------------------------------------------------ decisions
    # The rules' functions themselves (no wrapper call on the hot path of bots and benchmarks).
    current_player = staticmethod(F.current_player)
    legal_keys = staticmethod(F.legal)
    apply_key = staticmethod(F.apply)
    is_over = staticmethod(F.is_over)

    def scores(self, state: NetState) -> list[int]:
        if state.final is not None:
            return [r["total"] for r in state.final["players"]]
        return [sum(p.scores) for p in state.players]

    def result(self, state: NetState) -> dict[str, Any]:
        return dict(state.final or {})

    def decision(self, state: NetState) -> Decision | None:
        if not state.stack:
            return None
        top = state.stack[-1]
        p = int(top[1])
        keys = F.legal(state)
        return Decision(p, str(top[0]), prompt(state, top), tuple(Option(k, label(state, top, k), info(state, k)) for k in keys))

    def explain_illegal(self, state: NetState, key: str) -> str:
        if not state.stack:
            return "the game is over"
        top = state.stack[-1]
        reason = unusable_reasons(state, int(top[1])).get(key) if top[0] == "turn" else None
        legal = F.legal(state)
        shown = ", ".join(legal[:12]) + (" ..." if len(legal) > 12 else "")
        return f"{key!r} is not a legal option now" + (f": {reason}" if reason else "") + f" (legal: {shown})"

    # ------------------------------------------------------------------ views
    def view(self, state: NetState, viewer: int | None) -> dict[str, Any]:
        return view(state, viewer)

    def determinize(self, state: NetState, viewer: int, rng: Any) -> NetState:
        """Resample what ``viewer`` cannot see (for search bots)."""
        return D.determinize(state, viewer, rng)


# ---------------------------------------------------------------------- prompts and labels


def prompt(s: NetState, top: tuple[Any, ...]) -> str:
    k, p = top[0], top[1]
    who = LG.pname(s, p)
    if k == "turn":
        if top[2] == 2:
            return f"{who}: Double Shift — take one more action (not a pass), or end your turn."
        if R.is_last(s, p):
            return f"{who}: everyone else has passed — take any number of actions, then pass for cash."
        return f"{who}: choose an action" + (" or use network cards, then end your turn" if top[2] else "") + "."
    if k == "prod_att":
        assert s.prod is not None
        return f"{who}: attach stars and ads to {LG.name(s, s.prod['show'])} (fill the required slots), then finish."
    if k == "prod_slot":
        assert s.prod is not None
        return f"{who}: choose the timeslot for {LG.name(s, s.prod['show'])}."
    if k == "prod_genre":
        return f"{who}: Versatile Actor — choose the show's genre."
    if k == "prod_promo":
        c = P._next_promo(s)
        return f"{who}: pay to keep the promo {LG.name(s, c)} upright, or rotate it?"
    if k == "att_target":
        return f"{who}: where does {LG.name(s, top[2])} go?"
    if k == "ba_extra":
        return f"{who}: Brand Ambassador — attach 1 extra ad in this action?"
    if k == "bonus":
        return f"{who}: genre bonus — keep one card, the others are discarded."
    if k == "upkeep_cancel":
        return f"{who}: you cannot pay upkeep (${-V.upkeep_net(s, p)}M due) — cancel a show."
    if k == "surpriser":
        return f"{who}: Surpriser — cancel it now for ${fx.SURPRISER_CASH}M?"
    if k == "pilot":
        return f"{who}: Pilot Season — keep 2 of your 4 cards."
    if k == "pick":
        return f"{who}: " + {
            "writeoff": "Writeoff — choose which tied show to cancel.",
            "trendy": "Trendy Showrunner — move which show's marker down a row?",
            "renew": "move which show's marker up a row?",
            "genre_advance": "advance on which genre track?",
            "c_suite": "C-Suite Connections — take which network card?",
            "exclusive": "Exclusive Rights — reserve which show?",
            "msr": "Mid-Season Refresh — discard a show from the display.",
            "onset": "On-Set Accommodations — attach which star (or done)?",
            "spinoff": "Spinoff — return which star or ad to your green room?",
        }[top[2]]
    if k == "talent":
        return f"{who}: Talent Agency — draw another card ({top[2]} left), take one you drew, or stop."
    return f"{who}: decide."


def _slot_show(s: NetState, p: int, slot: int) -> str:
    sh = s.players[p].lineup[slot]
    return LG.name(s, sh.cid) if sh is not None else "empty"


def label(s: NetState, top: tuple[Any, ...], key: str) -> str:
    T = TB.tables(s.cat)
    k, p = top[0], int(top[1])
    parts = key.split(":")
    head = parts[0]

    def nm(i: int) -> str:
        return LG.name(s, i)

    if k == "turn":
        if head == "star":
            c = int(parts[1])
            return f"Sign {nm(c)} (${GR.star_cost(s, p, c)}M)"
        if head == "ad":
            c = int(parts[1])
            return f"Sign ad {nm(c)} (+${T.defs[c].bonus}M)"
        if head == "net":
            return f"Take network card {nm(int(parts[1]))}"
        if head == "show":
            c = int(parts[1])
            return f"Produce {nm(c)} (${P.production_cost(s, p, c, (), 'display')}M)"
        if head == "attach":
            return f"Add or replace: {nm(int(parts[1]))}"
        if head == "use":
            return f"Use {nm(int(parts[1]))}"
        if head == "end":
            return "End your turn"
        if head == "pass":
            track = s.setup.pass_track
            col = len(track) - 1 if R.is_last(s, p) else len(s.pass_order)
            mult = 2 if key.endswith(":x2") else 1
            c = track[col]
            what = f"${c.cash * mult}M" if parts[1] == "cash" else f"{(c.viewers or 0) * mult} viewers"
            return f"Pass (column {col + 1}): take {what}" + (" — doubled by Preempted Timeslot" if mult == 2 else "")
    if head in ("att", "card", "take") and len(parts) >= 2 and k != "pick" or (k == "pick" and head == "card"):
        c = int(parts[1])
        verb = {"att": "Attach", "card": "Choose", "take": "Take"}[head]
        extra = " and pay to keep it upright" if key.endswith(":pay") else ""
        return f"{verb} {nm(c)}{extra}"
    if head == "use":
        c = int(parts[1])
        if k == "prod_att" and T.defs[c].effect == "sponsored_content":
            return f"Use {nm(c)}: ignore the required slots"
        return f"Use {nm(c)}"
    if head == "wild":
        return f"Use {nm(int(parts[1]))}: 1 extra wild slot"
    if head == "done":
        if k == "prod_att" and s.prod is not None:
            pr = s.prod
            return f"Finish attaching (cost ${P.production_cost(s, p, pr['show'], pr['atts'], pr['src'])}M)"
        return "Done"
    if head == "abort":
        return "Give up this production (the action is not spent)"
    if head == "slot":
        slot = int(parts[1])
        if k == "prod_slot" and s.prod is not None:
            d = T.defs[s.prod["show"]]
            pref = d.timeslot in ("", TIMESLOTS[slot]) or d.effect == "no_penalty"
            cur = _slot_show(s, p, slot)
            return (f"{TIMESLOT_NAMES[TIMESLOTS[slot]]}" + (f" (cancels {cur})" if cur != "empty" else "")
                    + (" — starts on season 1" if pref else " — off its timeslot: starts on season 3"))
        return f"{_slot_show(s, p, slot)} ({TIMESLOT_NAMES[TIMESLOTS[slot]]})"
    if head == "genre":
        return GENRE_NAMES.get(parts[1], parts[1])
    if head == "pay":
        c = P._next_promo(s)
        return f"Pay ${T.defs[c].promo_cost}M: {nm(c)} upright"
    if head == "rotate":
        return f"Attach {nm(P._next_promo(s))} upside down (no viewers)"
    if head in ("to", "ens", "spon"):
        slot = int(parts[1])
        via = {"to": "", "ens": " using Ensemble Cast", "spon": " using Sponsored Content"}[head]
        return f"Add to {_slot_show(s, p, slot)}{via}" + (" and pay to keep it upright" if key.endswith(":pay") else "")
    if head == "rep":
        slot, old = int(parts[1]), int(parts[2])
        return f"Replace {nm(old)} on {_slot_show(s, p, slot)}" + (" and pay to keep it upright" if key.endswith(":pay") else "")
    if head == "att" and len(parts) == 3 and k == "pick":
        return f"{nm(int(parts[2]))} from {_slot_show(s, p, int(parts[1]))}"
    if head == "cancel":
        return f"Cancel {_slot_show(s, p, int(parts[1]))}"
    if head == "skip":
        return "No extra ad"
    if head in ("yes", "no"):
        return "Yes" if head == "yes" else "No"
    if head == "keep":
        a, b = (int(x) for x in parts[1].split(","))
        return f"Keep {nm(a)} and {nm(b)}"
    if head == "draw":
        return f"Draw a {parts[1]} card"
    if head == "stop":
        return "Stop"
    return key


def info(s: NetState, key: str) -> dict[str, Any]:
    parts = key.split(":")
    if parts[0] == "att" and len(parts) == 3 and parts[2].isdigit():  # Spinoff: att:<slot>:<card>
        return {"card": s.cat.cards[int(parts[2])].id}
    if parts[0] in ("star", "ad", "net", "show", "attach", "use", "att", "card", "take") and len(parts) >= 2 and parts[1].isdigit():
        return {"card": s.cat.cards[int(parts[1])].id}
    return {}


def unusable_reasons(s: NetState, p: int) -> dict[str, str]:
    """Why each display card cannot be used now (dimmed cards; NET-UI-16)."""
    T = TB.tables(s.cat)
    pl = s.players[p]
    out: dict[str, str] = {}
    for c in s.display[TB.STAR]:
        if pl.cash < GR.star_cost(s, p, c):
            out[f"star:{c}"] = f"signing {LG.name(s, c)} costs ${GR.star_cost(s, p, c)}M and you have ${pl.cash}M"
    for c in s.display[TB.NET]:
        if pl.cash < T.defs[c].cost:
            out[f"net:{c}"] = f"taking {LG.name(s, c)} costs ${T.defs[c].cost}M and you have ${pl.cash}M"
    for c in s.display[TB.SHOW]:
        if not P.can_produce(s, p, c):
            cost = P.production_cost(s, p, c, (), "display")
            if pl.cash < cost:
                out[f"show:{c}"] = f"producing {LG.name(s, c)} costs ${cost}M and you have ${pl.cash}M"
            else:
                out[f"show:{c}"] = f"your green room cannot fill the required slots of {LG.name(s, c)}"
    for c in pl.green:
        if T.kind[c] in (TB.STAR, TB.AD) and not A.attach_targets(s, p, c):
            out[f"attach:{c}"] = f"no show in your lineup has a free or replaceable slot for {LG.name(s, c)}"
    return out


# ---------------------------------------------------------------------- views


def _show_view(s: NetState, p: int, slot: int) -> dict[str, Any] | None:
    sh = s.players[p].lineup[slot]
    if sh is None:
        return None
    inc, exp = V.show_upkeep(s, sh)
    return {
        "slot": TIMESLOTS[slot],
        "card": s.cat.cards[sh.cid].id,
        "name": LG.name(s, sh.cid),
        "season": sh.row + 1,
        "genre": sh.genre,
        "attachments": [{"card": s.cat.cards[c].id, "name": LG.name(s, c), "rotated": r} for c, r in sh.atts],
        "viewers": V.show_viewers(s, p, sh),
        "income": inc,
        "expenses": exp,
        "extra_slots": {"star": sh.x_star, "ad": sh.x_ad, "wild": sh.x_wild},
    }


def view(s: NetState, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` may see (None = spectator): never deck order, the RNG or others' secrets."""
    cat = s.cat
    ids = TB.tables(cat).ids
    kinds = ("show", "star", "ad", "network")
    pilot_open = s.phase != "pilot"
    players = []
    for p, pl in enumerate(s.players):
        entry: dict[str, Any] = {
            "seat": p,
            "network": pl.network,
            "cash": pl.cash,
            "lineup": [_show_view(s, p, i) for i in range(3)],
            "green_room": [ids[c] for c in pl.green],
            "reruns": [ids[c] for c in pl.reruns],
            "reserved": [ids[c] for c in pl.reserved],
            "genres": {g: pl.genre[i] for i, g in enumerate(GENRES)},
            "round_scores": list(pl.scores),
            "passed": p in s.pass_order,
            "pass_column": pl.pass_col + 1 if pl.pass_col >= 0 else None,
            "pass_viewers": pl.pass_viewers,
            "forecast": V.forecast(s, p),
        }
        if s.phase == "pilot":
            if viewer == p:
                entry["pilot_offer"] = [ids[c] for c in s.pilot[p]]
            else:
                entry["pilot_offer_count"] = len(s.pilot[p])
            entry["pilot_chosen"] = bool(s.extra["kept"][p])
        elif pilot_open and s.pilot[p]:
            entry["pilot_shows"] = [ids[c] for c in s.pilot[p]]
        players.append(entry)
    track = []
    for col, c in enumerate(s.setup.pass_track):
        taken = [q for q in range(s.n) if s.players[q].pass_col == col]
        if s.solo and OPP in s.pass_order and col == 0:
            taken.append(OPP)
        track.append({"cash": c.cash, "viewers": c.viewers, "taken_by": taken})
    out: dict[str, Any] = {
        "game": "networks",
        "viewer": viewer,
        "round": s.round,
        "rounds": RE.ROUNDS,
        "phase": s.phase,
        "solo": s.solo,
        "turn_order": list(s.order),
        "current": F.current_player(s),
        "display": {k: [ids[c] for c in s.display[i]] for i, k in enumerate(kinds)},
        "deck_counts": {k: len(s.decks[i]) for i, k in enumerate(kinds)},
        "discards": {k: [ids[c] for c in s.discards[i]] for i, k in enumerate(kinds)},
        "pass_track": track,
        "players": players,
        "log": list(s.log or []),
        "final": s.final,
    }
    if s.solo:
        out["opponent"] = {"deck": len(s.solo_deck), "parked": s.solo_parked, "passed": OPP in s.pass_order}
    if s.stack:
        top = s.stack[-1]
        p = int(top[1])
        pend: dict[str, Any] = {"player": p, "kind": top[0], "prompt": prompt(s, top)}
        if viewer == p:
            keys = F.legal(s)
            pend["options"] = [{"key": k, "label": label(s, top, k), **info(s, k)} for k in keys]
            if top[0] == "turn":
                pend["unusable"] = unusable_reasons(s, p)
            if top[0] == "bonus":
                pend["drawn"] = [ids[c] for c in top[2]]
        out["pending"] = pend
    else:
        out["pending"] = None
    return out
