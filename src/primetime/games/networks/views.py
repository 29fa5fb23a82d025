"""What The Networks shows: the prompts and option labels of decisions, and each seat's view.

Kept apart from :mod:`primetime.games.networks.ruleset` so that it can be compiled with the
rules (``primetime._build.COMPILED_MODULES``): the server builds a view for every audience of
every new state, and the views are most of what it spends per state message.
"""

from __future__ import annotations

from typing import Any

from primetime.core import words
from primetime.games.networks import effects as fx
from primetime.games.networks import tables as TB
from primetime.games.networks import text as TX
from primetime.games.networks.cards import ALL_TIMESLOTS, GENRE_NAMES, GENRES, TIMESLOT_NAMES
from primetime.games.networks.rules import attach as A
from primetime.games.networks.rules import executives as X
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import genre_grid as GG
from primetime.games.networks.rules import green_room as GR
from primetime.games.networks.rules import log as LG
from primetime.games.networks.rules import moguls as M
from primetime.games.networks.rules import production as P
from primetime.games.networks.rules import round_end as RE
from primetime.games.networks.rules import rounds as R
from primetime.games.networks.rules import slots as SL
from primetime.games.networks.rules import timeslots as TS
from primetime.games.networks.rules import values as V
from primetime.games.networks.state import OPP, NetState

# ---------------------------------------------------------------------- prompts and labels


def prompt(s: NetState, top: tuple[Any, ...]) -> str:
    k, p = top[0], top[1]
    who = LG.pname(s, p)
    if k == "turn":
        if top[2] == 2 and s.extra.get("xe") == p:
            return f"{who}: Gorilla's early turn — take one action (not a pass), or end your turn."
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
        if X.effect(s, p) == "procrastinator":
            return f"{who}: Procrastinator (or Versatile Actor) — choose the show's genre."
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
        return f"{who}: you cannot pay upkeep (${-RE.upkeep_due(s, p)}M due) — cancel a show."
    if k == "surpriser":
        return f"{who}: Surpriser — cancel it now for ${fx.SURPRISER_CASH}M?"
    if k == "quiz":
        return f"{who}: {_slot_show(s, p, top[2])} — spend up to ${fx.QUIZ_MAX_SPEND}M for 1 viewer per $1M this round?"
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
    if k == "x_choose":
        return f"{who}: Executives — keep 1 of your 2 Executive boards, on the artwork side you like."
    if k == "x_gorilla":
        return f"{who}: Gorilla — take a turn before the 1st player? Your pass this round then gives no bonus from the pass track."
    if k == "talent":
        return f"{who}: Talent Agency — draw another card ({top[2]} left), take one you drew, or stop."
    if k == "mogul":
        where = "are removed from the game" if M.data(s).rules.unkept == "box" else "go to the bottom of the Mogul deck"
        return f"{who}: Mogul — keep one of the {len(top[2])} Moguls you drew; the others {where}."
    if k == "mogul_pick":
        return f"{who}: Hostile Takeover — take a card from the display for free ({top[2]} left), or stop."
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

    if head == "x":
        return _x_label(s, p, key)
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
        if head == "usemogul":
            d = M.mdef(s, int(parts[1]))
            return f"Use the Mogul {d.name} (then face down): {d.text}"
        if head == "end":
            if top[2] == 2 and s.extra.get("xe") == p:  # NET-EXEC-07: the bonus is lost all the same
                return "Skip the early turn: no action, and your pass this round still gives no pass-track bonus"
            return "End your turn"
        if head == "pass":
            track = s.setup.pass_track
            col = len(track) - 1 if R.is_last(s, p) else len(s.pass_order)
            mult = 2 if key.endswith(":x2") else 1
            column = track[col]
            if parts[1] == "cash":
                what = f"${max(0, column.cash * mult + X.param(s, p, 'pass_cash'))}M"
            else:
                what = f"{max(0, (column.viewers or 0) * mult + X.param(s, p, 'pass_viewers'))} viewers"
            grid = ""
            if TS.telly(s):  # NET-TELLY-07
                grid = f", and ${GG.pass_grid_cash(s, p)}M for your empty grid squares"
            return f"Pass (column {col + 1}): take {what}" + (" — doubled by Preempted Timeslot" if mult == 2 else "") + grid
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
            show = T.defs[s.prod["show"]]
            pref = TS.preferred(show.timeslot, show.effect, slot) or X.effect(s, p) == "flix"
            cur = _slot_show(s, p, slot)
            return (f"{TIMESLOT_NAMES[ALL_TIMESLOTS[slot]]}" + (f" (cancels {cur})" if cur != "empty" else "")
                    + (" — starts on season 1" if pref else " — off its timeslot: starts on season 3")
                    + _upside_down_here(s, p, slot, pref))
        return f"{_slot_show(s, p, slot)} ({TIMESLOT_NAMES[ALL_TIMESLOTS[slot]]})"
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
        return (f"Add to {_slot_show(s, p, slot)}{via}" + (" and pay to keep it upright" if key.endswith(":pay") else "")
                + _upside_down(s, top, slot, key, None))
    if head == "rep":
        slot, old = int(parts[1]), int(parts[2])
        return (f"Replace {nm(old)} on {_slot_show(s, p, slot)}" + (" and pay to keep it upright" if key.endswith(":pay") else "")
                + _upside_down(s, top, slot, key, old))
    if head == "att" and len(parts) == 3 and k == "pick":
        return f"{nm(int(parts[2]))} from {_slot_show(s, p, int(parts[1]))}"
    if head == "cancel":
        return f"Cancel {_slot_show(s, p, int(parts[1]))}"
    if head == "quiz":
        spend = int(parts[1])
        return f"Spend ${spend}M for {spend} viewers" if spend else "Spend nothing"
    if head == "skip":
        return "No extra ad"
    if head in ("yes", "no"):
        return "Yes" if head == "yes" else "No"
    if head == "keep":
        a, b = (int(x) for x in parts[1].split(","))
        return f"Keep {nm(a)} and {nm(b)}"
    if head == "mogul":
        d = M.mdef(s, int(parts[1]))
        return f"Keep {d.name} ({d.timing.replace('_', ' ')}): {d.text}"
    if head == "draw":
        return f"Draw {words.a(parts[1])} card"
    if head == "stop":
        return "Stop"
    return key


def _upside_down_here(s: NetState, p: int, slot: int, pref: bool) -> str:
    """The attachments of the show being produced that would go upside down in ``slot`` (their
    conditions are checked against the final timeslot, NET-AMB-08), with what each then gives."""
    pr = s.prod
    assert pr is not None
    T = s.T
    atts = list(pr["atts"])
    genre = pr.get("genre") or T.defs[pr["show"]].genre
    out = []
    for c in atts:
        if T.promo[c] or A.condition_met(s, p, c, genre, slot, [o for o in atts if o != c]):
            continue
        out.append(f"{LG.name(s, c)} {TX.upside_down_words(T.defs[c], 'star' if T.kind[c] == TB.STAR else 'ad', 0 if pref else 2)}")
    return "".join(f"; {x}" for x in out)


def _upside_down(s: NetState, top: tuple[Any, ...], slot: int, key: str, old: int | None) -> str:
    """" — upside down: 1 viewer (needs Late Night)" when the card being placed (``att_target``) would
    go on the show in ``slot`` upside down (its condition not met there, or a promo not paid for);
    otherwise nothing."""
    if top[0] != "att_target":
        return ""
    T = s.T
    p, c = int(top[1]), int(top[2])
    sh = s.players[p].lineup[slot]
    if sh is None:
        return ""
    if T.promo[c]:
        if key.endswith(":pay"):
            return ""
    elif A.condition_met(s, p, c, sh.genre, slot, [o for o, _r in sh.atts if o != old]):
        return ""
    return " — " + TX.upside_down_words(T.defs[c], "star" if T.kind[c] == TB.STAR else "ad", sh.row)


def _x_label(s: NetState, p: int, key: str) -> str:
    """Labels of the Executives' option keys."""
    parts = key.split(":")
    if len(parts) == 3:  # x:<board>:<side>
        b = X.EX.boards[X.EX.by_id[parts[1]]]
        return (f"Keep {b.name} ({b.sides[int(parts[2])]}), complexity {b.complexity}: {b.ability} "
                f"Drawback: {b.drawback}")
    if key == "x:early":
        return "Take a turn now, before the 1st player (no pass-track bonus this round)"
    if key == "x:wait":
        return "Wait for your normal turn"
    if key == "x:butcher":
        return f"Pay ${X.param(s, p, 'cost', 3)}M: every slot of this show is optional (Butcher)"
    if key == "x:pass":
        col = len(s.setup.pass_track) - 1 if R.is_last(s, p) else len(s.pass_order)
        grid = ""
        if TS.telly(s):  # NET-TELLY-07: the grid's money is not the pass track's bonus
            grid = f"; ${GG.pass_grid_cash(s, p)}M for your empty grid squares"
        return f"Pass (column {col + 1}): no pass-track bonus" + grid
    return key


def executive_view(s: NetState, p: int, viewer: int | None) -> dict[str, Any]:
    """A player's Executive in a view: the board once revealed (or to its owner), the offer to its
    owner only while choosing, the others' offers never (NET-EXEC-02)."""
    out: dict[str, Any] = {}
    i = X.board(s, p)
    if i >= 0 and (s.extra["xr"] or viewer == p):
        b = X.EX.boards[i]
        side = int(s.extra["xs"][p])
        out["executive"] = {"id": b.id, "name": b.name, "side": side, "artwork": b.sides[side], "sides": list(b.sides),
                            "complexity": b.complexity, "ability": b.ability, "drawback": b.drawback}
        if b.effect == "rondel":  # NET-EXEC-05: the marker's space and the spaces it may move to now
            pos = s.extra["xm"][p]
            out["executive"]["rondel"] = X.RONDEL[pos] if pos >= 0 else None
            out["executive"]["rondel_spaces"] = list(X.RONDEL)
            out["executive"]["rondel_reachable"] = [X.RONDEL[i] for i in X.reachable(s, p)]
        if b.effect == "gorilla":
            out["executive"]["early_turn"] = bool(s.extra["xg"][p])
    if not s.extra["xr"]:
        out["executive_chosen"] = i >= 0
        if viewer == p:
            out["executive_offer"] = [{"id": b.id, "name": b.name, "complexity": b.complexity, "sides": list(b.sides),
                                       "ability": b.ability, "drawback": b.drawback}
                                      for b in (X.EX.boards[j] for j in X.offer(s, p))]
        else:
            out["executive_offer_count"] = len(X.offer(s, p))
    return out


def info(s: NetState, key: str) -> dict[str, Any]:
    parts = key.split(":")
    if parts[0] in ("mogul", "usemogul"):
        return {"mogul": M.mdef(s, int(parts[1])).id}
    if parts[0] == "x" and len(parts) == 3:
        return {"executive": parts[1]}
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
        "slot": ALL_TIMESLOTS[slot],
        "card": s.cat.cards[sh.cid].id,
        "name": LG.name(s, sh.cid),
        "season": sh.row + 1,
        "genre": sh.genre,
        "attachments": [{"card": s.cat.cards[c].id, "name": LG.name(s, c), "rotated": r} for c, r in sh.atts],
        "viewers": V.show_viewers(s, p, sh),
        "income": inc,
        "expenses": exp,
        "extra_slots": {"star": sh.x_star, "ad": sh.x_ad, "wild": sh.x_wild},
        "meets": _meets(s, p, slot),
    }


def _meets(s: NetState, p: int, slot: int) -> dict[str, bool]:
    """For each star or ad with a condition in the display or the owner's green room: whether it
    would be met on this show (the enlarged card's "condition met" per show; issue 34, item 7)."""
    sh = s.players[p].lineup[slot]
    assert sh is not None
    others = [c for c, _ in sh.atts]
    cands = [*s.display[1], *s.display[2], *s.players[p].green]
    return {s.cat.cards[c].id: SL.condition_met(s, p, c, sh.genre, slot, others)
            for c in cands if s.T.cond[c] is not None}


def view(s: NetState, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` may see (None = spectator): never deck order, the RNG or others' secrets."""
    return views(s, [viewer])[0]


def views(s: NetState, viewers: list[int | None]) -> list[dict[str, Any]]:
    """``view(s, v)`` for each ``v`` of ``viewers``: what every seat sees is built once, and each
    viewer's own part (a pilot offer, an Executive offer, the pending decision's options) only
    into that viewer's copy.  The views share the objects that are the same in all of them."""
    cat = s.cat
    ids = TB.tables(cat).ids
    kinds = ("show", "star", "ad", "network")
    pilot_open = s.phase != "pilot"
    telly = TS.telly(s)
    grid_squares = cat.grid.squares if cat.grid is not None else []
    lines = cat.grid.lines if cat.grid is not None else []
    execs = "x" in s.extra
    # per player: the entry before, and after, the parts that depend on the viewer (the same key order as always)
    heads: list[dict[str, Any]] = []
    tails: list[dict[str, Any]] = []
    for p, pl in enumerate(s.players):
        entry: dict[str, Any] = {
            "seat": p,
            "network": pl.network,
            "cash": pl.cash,
            "lineup": [_show_view(s, p, i) for i in range(len(pl.lineup))],
            "green_room": [ids[c] for c in pl.green],
            "reruns": [ids[c] for c in pl.reruns],
            "reserved": [ids[c] for c in pl.reserved],
            "genres": {g: pl.genre[i] for i, g in enumerate(GENRES)},
            "round_scores": list(pl.scores),
            "passed": p in s.pass_order,
            "pass_column": pl.pass_col + 1 if pl.pass_col >= 0 else None,
            "pass_viewers": pl.pass_viewers,
            "forecast": RE.forecast(s, p),
        }
        if telly:  # NET-TELLY-03..08: the player's Genre Grid (public)
            mask = GG.filled_mask(s, p)
            entry["genre_grid"] = {"filled": [g for i, g in enumerate(grid_squares) if mask >> i & 1],
                                   "lines": [ln.id for k, ln in enumerate(lines) if int(s.extra["lines"][p]) >> k & 1],
                                   "empty": GG.empty_count(s, p)}
            entry["quiz_viewers"] = int(s.extra["quiz"][p])
        tail: dict[str, Any] = {}
        if s.phase != "pilot" and pilot_open and s.pilot[p]:
            tail["pilot_shows"] = [ids[c] for c in s.pilot[p]]
        if s.mog is not None:  # owned Moguls are public; a used Use Once Mogul lies face down (NET-MOGUL-07)
            tail["moguls"] = [{"id": M.mdef(s, j).id, "used": j in s.mog.used[p]} for j in s.mog.owned[p]]
            tail["mogul_limit"] = s.mog.limit[p]
        heads.append(entry)
        tails.append(tail)
    track = []
    for col, c in enumerate(s.setup.pass_track):
        taken = [q for q in range(s.n) if s.players[q].pass_col == col]
        if s.solo and OPP in s.pass_order and col == 0:
            taken.append(OPP)
        track.append({"cash": c.cash, "viewers": c.viewers, "taken_by": taken})
    base: dict[str, Any] = {
        "game": "networks",
        "viewer": None,
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
        "players": [],
        "log": list(s.log or []),
        "final": s.final,
    }
    if s.solo:
        base["opponent"] = {"deck": len(s.solo_deck), "parked": s.solo_parked, "passed": OPP in s.pass_order}
    if telly:  # the Weekend slot and the grid's layout, for drawing (NET-TELLY-01/05/06)
        base["telly_time"] = {
            "timeslots": list(ALL_TIMESLOTS),
            "squares": list(grid_squares),
            "lines": [{"id": ln.id, "squares": list(ln.squares), "bonus": ln.bonus, "cash": ln.cash,
                       "name": TX.grid_line_name(ln.id), "reward": TX.bonus_words(ln.bonus, ln.cash)} for ln in lines],
        }
    if s.mog is not None:  # the Moguls module: tokens on the tracks, the deck's size (never its order)
        rules = M.data(s).rules
        base["moguls"] = {"space": rules.space, "tokens": [g for i, g in enumerate(GENRES) if s.mog.tokens[i]],
                          "deck": len(s.mog.deck), "out_of_game": len(s.mog.box),
                          # every Mogul's words (public, like the rules sheet), for the page's tooltips
                          "cards": {m.id: {"name": m.name, "timing": m.timing, "text": m.text} for m in M.data(s).mogul}}
    # the players' entries as everyone sees them, when nothing in them depends on the viewer
    shared = [{**heads[i], **tails[i]} for i in range(len(heads))] if s.phase != "pilot" and not execs else None
    waiting = F.pending_players(s) if s.stack else []
    onlooker: dict[str, Any] | None = None  # the pending decision as a viewer who does not decide it sees it
    out: list[dict[str, Any]] = []
    for viewer in viewers:
        v = dict(base)
        v["viewer"] = viewer
        if shared is not None:
            v["players"] = list(shared)
        else:
            players = []
            for p in range(len(heads)):
                entry = dict(heads[p])
                if s.phase == "pilot":
                    if viewer == p:
                        entry["pilot_offer"] = [ids[c] for c in s.pilot[p]]
                    else:
                        entry["pilot_offer_count"] = len(s.pilot[p])
                    entry["pilot_chosen"] = bool(s.extra["kept"][p])
                entry.update(tails[p])
                if execs:
                    entry.update(executive_view(s, p, viewer))
                players.append(entry)
            v["players"] = players
        if not s.stack:
            v["pending"] = None
        elif viewer is not None and viewer in waiting:
            v["pending"] = _pending(s, waiting, viewer)
        else:
            if onlooker is None:
                onlooker = _pending(s, waiting, None)
            v["pending"] = dict(onlooker)
        out.append(v)
    return out


def _pending(s: NetState, waiting: list[int], viewer: int | None) -> dict[str, Any]:
    """The pending decision as ``viewer`` sees it: its own step of a simultaneous one, with the options if it decides."""
    if viewer is not None and viewer != waiting[0] and viewer in waiting:
        s = s.clone()  # a simultaneous decision: the viewer sees their own step
        F.bring_forward(s, viewer)
    top = s.stack[-1]
    p = int(top[1])
    pend: dict[str, Any] = {"player": p, "kind": top[0], "prompt": prompt(s, top)}
    if len(waiting) > 1:
        pend["players"] = list(waiting)  # everyone who may answer now, in any order
    if viewer == p:
        ids = TB.tables(s.cat).ids
        keys = F.legal(s)
        pend["options"] = [{"key": k, "label": label(s, top, k), **info(s, k)} for k in keys]
        if top[0] == "turn":
            pend["unusable"] = unusable_reasons(s, p)
        if top[0] == "bonus":
            pend["drawn"] = [ids[c] for c in top[2]]
        if top[0] == "mogul":  # the Mogul offer: seen by its player only
            pend["moguls"] = [M.mdef(s, j).id for j in top[2]]
    return pend
