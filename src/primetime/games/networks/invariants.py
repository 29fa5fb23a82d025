"""What must hold in every state of The Networks: invariants the engine checks about itself.

Reached through the plugin (``GamePlugin.invariants``, ``option_checks``, ``hidden_checks``)
by ``primetime check`` (:mod:`primetime.sim.check`) and the property tests; the rules never
call this module, so none of it is on the engine's hot path.  The checks are written from the
card data and the rules text, not with the engine's own helpers (a helper with a bug would
otherwise agree with itself).

* **cards**: every card of the catalogue is in exactly one place (a deck, a discard pile, the
  display, the box, the private bonus draws, a pilot offer, a green room, a lineup show or its
  attachments, the reruns, a reservation).  With the Moguls module, every Mogul too (the Mogul
  deck, out of the game, a pending Mogul offer, a player's Moguls); a face-down Mogul is one its
  player owns, nobody owns more than their limit, and a token is gone from a track only for a
  Mogul taken (NET-MOGUL-02..07).
* **slots**: no lineup show holds more attachments than its slots can take: its printed star,
  ad and wild slots, plus the extra slots effects granted (``x_star``: Ensemble Cast, Upton
  Crabby; ``x_ad``; ``x_wild``: Sponsored Content) and one ad slot for each Brand Ambassador
  attached to it (NET-CARD-19), counted here explicitly; flex stars may fill an ad slot
  (NET-CARD-22/23).  Its required slots are filled unless it was exempted (Sponsored Content,
  Spinoff: NET-ATT-13).
* **telly** (Telly Time on, :func:`telly_problems`): every lineup has the Weekend slot, no
  starter airs there and no Kids show in Primetime or Late Night (NET-TELLY-01/10, NET-AMB-23);
  each Genre Grid holds only the nine squares, its completed lines are exactly the lines whose
  squares are all filled, every produced show in a lineup has its genre's square filled
  (NET-TELLY-03..06), the genre tracks never move and score nothing, and Quiz viewers are only
  bought during round scoring, at most $5M per Quiz show (NET-TELLY-11).
* **executives** (option ``executives``): every Executive board is in exactly one place (a
  private offer, a player's board, the box), no board needing a module that is off was dealt
  (NET-OPT-04), and once revealed every player has one (NET-EXEC-01/02).
* **cash** is never negative; **scores**: a final result's parts add up to its totals
  (NET-END-06), its cash part is a viewer per $3M (NET-END-05) and the winners have the best total.
* **options** (:func:`option_checks`): every offered option can be completed without ``abort``
  (NET-PROD-02), and every offered Add/Replace target keeps all attachments on legal slots: a
  replacement puts a card of the other type in only on a show with a wild slot (NET-ATT-03/04,
  a flex star may take an ad's place), the result fits the slots and filled required slots stay
  filled (NET-ATT-04/05/09).
* **order** (:func:`order_checks`): the options do not depend on the order of the cards in
  the decider's green room (a set): the same options with it reversed or rotated.
* **hidden** (:func:`hidden_checks`): a seat's view, and the ruleset's determinization for it,
  do not depend on deck order, the other players' pilot offers, the pilot cards back in the
  box, another player's private bonus draws (NET-UI-15), the solo opponent's deck order,
  the random generator (NET-PILOT-10), the Mogul deck's order or another player's Mogul offer
  (the Moguls module), or the other players' Executive offers and their choices before the
  reveal (NET-EXEC-02).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from primetime.core import invariants as INV
from primetime.core.rng import Rng
from primetime.games.networks.executive_data import default_executives
from primetime.games.networks.rules.pilot import pilot_pairs
from primetime.games.networks.state import NetState, Show

SHOW, STAR, AD, NET = 0, 1, 2, 3
KINDS = ("show", "star", "ad", "network")
# The steps of one action that the acting player answers next (a production, an attachment, a card's choices).
FOLLOW_UPS = frozenset({"prod_att", "prod_slot", "prod_genre", "prod_promo", "att_target", "ba_extra", "pick", "talent", "bonus",
                        "mogul", "mogul_pick"})


def _kind(s: NetState) -> str:
    return str(s.stack[-1][0]) if s.stack else ""


def _kinds(s: NetState) -> list[int]:
    return [KINDS.index(c.kind) for c in s.cat.cards]


def _pname(p: int) -> str:
    return f"player {p}"


# ----------------------------------------------------------------------------- cards


def _zones(s: NetState) -> Iterable[tuple[str, Iterable[int]]]:
    for k, name in enumerate(KINDS):
        yield f"the {name} deck", s.decks[k]
        yield f"the {name} discards", s.discards[k]
        yield f"the {name} display", s.display[k]
    yield "the box", s.box
    yield "the bonus draws", s.limbo
    for p, offer in enumerate(s.pilot):
        yield f"{_pname(p)}'s pilot cards", offer
    for p, pl in enumerate(s.players):
        yield f"{_pname(p)}'s green room", pl.green
        yield f"{_pname(p)}'s reruns", pl.reruns
        yield f"{_pname(p)}'s reserved shows", pl.reserved
        for slot, sh in enumerate(pl.lineup):
            if sh is not None:
                yield f"{_pname(p)}'s lineup (slot {slot})", [sh.cid]
                yield f"the attachments of {_pname(p)}'s slot {slot}", [c for c, _ in sh.atts]


def mogul_problems(s: NetState) -> list[str]:
    """The Moguls module: every Mogul in exactly one place, face-down Moguls owned, the limits kept,
    one token gone for each Mogul taken from a track at most."""
    mog = s.mog
    if mog is None:
        return []
    assert s.cat.moguls is not None
    ids = [m.id for m in s.cat.moguls.mogul]
    where: dict[int, list[str]] = {}
    zones: list[tuple[str, Iterable[int]]] = [("the Mogul deck", mog.deck), ("the Moguls out of the game", mog.box)]
    zones += [(f"{_pname(t[1])}'s Mogul offer", t[2]) for t in s.stack if t[0] == "mogul"]
    zones += [(f"{_pname(p)}'s Moguls", owned) for p, owned in enumerate(mog.owned)]
    out = []
    for zone, held in zones:
        for j in held:
            if not (isinstance(j, int) and 0 <= j < len(ids)):
                out.append(f"cards: {zone} holds {j!r}, which is no Mogul of the card set")
                continue
            where.setdefault(j, []).append(zone)
    for j, at in where.items():
        if len(at) > 1:
            out.append(f"cards: the Mogul {ids[j]} is in {len(at)} places ({', '.join(at)})")
    missing = [ids[j] for j in range(len(ids)) if j not in where]
    if missing:
        out.append(f"cards: {len(missing)} Mogul(s) are nowhere: {', '.join(missing[:8])}")
    for p, owned in enumerate(mog.owned):
        if len(owned) > mog.limit[p]:
            out.append(f"cards: {_pname(p)} owns {len(owned)} Moguls, more than their limit {mog.limit[p]} (NET-MOGUL-02)")
        odd = [ids[j] for j in mog.used[p] if j not in owned]
        if odd:
            out.append(f"cards: {_pname(p)} has face-down Moguls they do not own: {', '.join(odd)} (NET-MOGUL-07)")
    taken = mog.tokens.count(False)
    if s.opts.get("telly_time"):  # the Genre Grid replaces the tracks: no token was ever placed (NET-TELLY-14)
        if any(mog.tokens):
            out.append("cards: a Mogul token lies on a genre track in a Telly Time game, which has no tracks (NET-TELLY-14)")
    elif taken > sum(len(o) for o in mog.owned) + sum(1 for t in s.stack if t[0] == "mogul"):
        out.append(f"cards: {taken} Mogul tokens are gone but fewer Moguls were taken (NET-MOGUL-04)")
    return out


def card_problems(s: NetState, before: Piles | None = None) -> list[str]:
    """Every card in exactly one place, counted by card id against the catalogue (and every Mogul).

    ``before``: the piles (:func:`piles`) of a state that keeps this invariant, of which ``s`` is a
    clone changed by the rules; then only the cards of the piles that differ are counted: the cards
    that left them must be the cards that came in (as the rest holds each other card once, this is
    every card once), which says the same at a fraction of the cost; else every card is counted."""
    if s.mog is not None:
        return mogul_problems(s) + _card_problems(s, before)
    return _card_problems(s, before)


Lineup = list[tuple[int, tuple[tuple[int, bool], ...]] | None]  # (card, attachments) of each slot
Piles = tuple[list[Sequence[int]], list[Lineup]]  # the card piles, each player's lineup


def piles(s: NetState) -> Piles:
    """A copy of where the cards lie: every pile that holds card ids, and each player's lineup."""
    held: list[Sequence[int]] = [*s.decks, *s.discards, *s.display, s.box, s.limbo, *s.pilot]
    for pl in s.players:
        held.append(pl.green)
        held.append(pl.reruns)
        held.append(pl.reserved)
    return [list(x) if type(x) is list else x for x in held], [_lineup(pl.lineup) for pl in s.players]


def _lineup(lineup: list[Show | None]) -> Lineup:
    return [None if sh is None else (sh.cid, sh.atts) for sh in lineup]


def _moved_alike(before: Piles, s: NetState) -> bool:
    """Whether the cards that left ``before``'s piles and lineups in ``s`` are the cards that came in."""
    was_piles, was_lineups = before
    now_piles: list[Sequence[int]] = [*s.decks, *s.discards, *s.display, s.box, s.limbo, *s.pilot]
    for pl in s.players:
        now_piles.append(pl.green)
        now_piles.append(pl.reruns)
        now_piles.append(pl.reserved)
    if len(was_piles) != len(now_piles) or len(was_lineups) != len(s.players):
        return False
    out: list[int] = []
    came: list[int] = []
    for i in range(len(was_piles)):
        a, b = was_piles[i], now_piles[i]
        if a != b:
            out.extend(a)
            came.extend(b)
    for p in range(len(was_lineups)):
        la, lb = was_lineups[p], s.players[p].lineup
        if len(la) != len(lb):
            return False
        for slot in range(len(la)):
            x, y = la[slot], lb[slot]
            if x is None and y is None:
                continue
            if x is not None and y is not None and x[0] == y.cid and x[1] == y.atts:
                continue
            if x is not None:
                out.append(x[0])
                out.extend([c for c, _ in x[1]])
            if y is not None:
                came.append(y.cid)
                came.extend([c for c, _ in y.atts])
    if len(out) != len(came):
        return False
    try:
        return sorted(out) == sorted(came)
    except TypeError:
        return False


def _card_problems(s: NetState, before: Piles | None = None) -> list[str]:
    if before is not None and _moved_alike(before, s):
        return []
    held: list[int] = []  # every card where it lies: sound if that is each card of the catalogue once
    for piles_ in (s.decks, s.discards, s.display, s.pilot):
        for pile in piles_:
            held.extend(pile)
    held.extend(s.box)
    held.extend(s.limbo)
    for pl in s.players:
        held.extend(pl.green)
        held.extend(pl.reruns)
        held.extend(pl.reserved)
        for sh in pl.lineup:
            if sh is not None:
                held.append(sh.cid)
                held.extend([c for c, _ in sh.atts])
    if INV.each_once(held, len(s.cat.cards)):
        return []
    where: dict[int, list[str]] = {}  # something is wrong: say where every card is
    for zone, cards in _zones(s):
        for c in cards:
            where.setdefault(c, []).append(zone)
    ids = [c.id for c in s.cat.cards]
    out = []
    for c, zones in where.items():
        if not 0 <= c < len(ids):
            out.append(f"cards: {zones[0]} holds {c!r}, which is no card of the catalogue")
        elif len(zones) > 1:
            out.append(f"cards: {ids[c]} is in {len(zones)} places ({', '.join(zones)})")
    missing = [ids[c] for c in range(len(ids)) if c not in where]
    if missing:
        out.append(f"cards: {len(missing)} card(s) are nowhere: {', '.join(missing[:8])}" + (" ..." if len(missing) > 8 else ""))
    return out


# ----------------------------------------------------------------------------- slots


def _counts(s: NetState, atts: Iterable[int]) -> tuple[int, int, int, int, list[str]]:
    """(plain stars, flex stars, ads, Brand Ambassadors, names of cards that are neither) among ``atts``."""
    kinds = _kinds_of(s)
    ns = nf = na = nba = 0
    odd = []
    for c in atts:
        d = s.cat.cards[c].defn
        if kinds[c] == STAR:
            if getattr(d, "effect", "") == "flex_slot":
                nf += 1
            else:
                ns += 1
            if getattr(d, "effect", "") == "brand_ambassador":
                nba += 1
        elif kinds[c] == AD:
            na += 1
        else:
            odd.append(s.cat.cards[c].id)
    return ns, nf, na, nba, odd


_KIND_CACHE: dict[int, list[int]] = {}


def _kinds_of(s: NetState) -> list[int]:
    got = _KIND_CACHE.get(id(s.cat))
    if got is None:
        got = _KIND_CACHE[id(s.cat)] = _kinds(s)
    return got


def slot_problem(s: NetState, show: int, atts: list[int], x_star: int, x_ad: int, x_wild: int,
                 ignore_req: bool, where: str) -> str | None:
    """Why a show with these attachments and extra slots breaks the slot rules, or None."""
    ns, nf, na, nba, odd = _counts(s, atts)
    name = s.cat.cards[show].name
    if odd:
        return f"slots: {name} ({where}) holds {', '.join(odd)}, which are not stars or ads"
    sl = s.cat.cards[show].defn.slots
    stars, ads, wild = sl.stars + x_star, sl.ads + x_ad + nba, sl.wild + x_wild
    over = max(0, ns - stars) + max(0, na - ads)
    free = max(0, stars - ns) + max(0, ads - na) + wild - over
    if over > wild or nf > free:
        grant = f" (+{nba} ad for Brand Ambassador)" if nba else ""
        return (f"slots: {name} ({where}) holds {ns + nf} star(s) ({nf} flex) and {na} ad(s), more than its slots take: "
                f"{sl.stars}+{x_star} star, {sl.ads}+{x_ad} ad{grant}, {sl.wild}+{x_wild} wild (NET-ATT-04, NET-CARD-19)")
    if not ignore_req:
        need = max(0, sl.star_req - ns) + max(0, sl.ad_req - na)
        if need > nf or ns + nf + na < sl.star_req + sl.ad_req + sl.wild_req:
            return (f"slots: {name} ({where}) has an empty required slot ({sl.star_req} star, {sl.ad_req} ad, "
                    f"{sl.wild_req} wild required; it holds {ns + nf} star(s), {na} ad(s)) and was not exempted (NET-ATT-13)")
    return None


_FINE: set[tuple[Any, ...]] = set()  # shows (card, attachments, extra slots, exemption) known to keep the slot rules
ShowSlots = tuple[int, tuple[tuple[int, bool], ...], int, int, int, bool]  # all a show's slot verdict depends on


def fine_shows(s: NetState) -> list[list[ShowSlots | None]] | None:
    """A copy of the lineups' shows (card, attachments, extra slots, exemption) if they all keep the slot rules."""
    if lineup_problems(s):
        return None
    return [[None if sh is None else (sh.cid, sh.atts, sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req) for sh in pl.lineup]
            for pl in s.players]


def lineup_problems(s: NetState, fine: list[list[ShowSlots | None]] | None = None) -> list[str]:
    """Every lineup show keeps the slot rules.  ``fine``: :func:`fine_shows` of a state of which ``s`` is a
    clone changed by the rules; a show the same as there is not judged again."""
    out = []
    for p, pl in enumerate(s.players):
        same = fine[p] if fine is not None and p < len(fine) else None
        for slot, sh in enumerate(pl.lineup):
            if sh is None:
                continue
            if same is not None and slot < len(same):
                x = same[slot]
                if (x is not None and x[0] == sh.cid and x[1] == sh.atts and x[2] == sh.x_star and x[3] == sh.x_ad
                        and x[4] == sh.x_wild and x[5] == sh.ignore_req):
                    continue
            key = (id(s.cat), sh.cid, sh.atts, sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req)
            if key in _FINE:
                continue
            why = slot_problem(s, sh.cid, [c for c, _ in sh.atts], sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req, f"{_pname(p)}, slot {slot}")
            if why:
                out.append(why)
            else:
                if len(_FINE) > 100_000:
                    _FINE.clear()
                _FINE.add(key)
    return out


# ----------------------------------------------------------------------------- cash and scores


def money_problems(s: NetState) -> list[str]:
    out = [f"cash: {_pname(p)} has ${pl.cash}M" for p, pl in enumerate(s.players) if pl.cash < 0]
    if s.final is not None:
        rows = s.final["players"]
        for p, r in enumerate(rows):
            pl = s.players[p]
            parts = r["genres"] + r["reruns"] + r["network"] + r["cash"] + r.get("moguls", 0) + r.get("execs", 0)
            if r["rounds"] != list(pl.scores) or r["rounds_total"] != sum(r["rounds"]):
                out.append(f"scores: {_pname(p)}'s round scores {r['rounds']} (total {r['rounds_total']}) are not the rounds played {pl.scores}")
            if r["bonus_total"] != parts:
                out.append(f"scores: {_pname(p)}'s bonuses add up to {parts}, not the {r['bonus_total']} shown (NET-END-02..05)")
            if (s.mog is not None) != ("moguls" in r):
                out.append(f"scores: {_pname(p)}'s result {'lacks' if s.mog is not None else 'has'} the Moguls category")
            if r["total"] != r["rounds_total"] + r["bonus_total"]:
                out.append(f"scores: {_pname(p)}'s total {r['total']} is not rounds {r['rounds_total']} + bonuses {r['bonus_total']} (NET-END-06)")
            if r["cash"] != pl.cash // 3:
                out.append(f"scores: {_pname(p)}'s cash bonus {r['cash']} is not ${pl.cash}M / 3 (NET-END-05)")
        best = max(r["total"] for r in rows)
        winners = [p for p, r in enumerate(rows) if r["total"] == best]
        if s.final["winners"] != winners:
            out.append(f"scores: the winners {s.final['winners']} are not the players with the best total {winners} (NET-END-06)")
    return out


def telly_problems(s: NetState) -> list[str]:
    """Telly Time's Weekend slot, Genre Grid and Quiz spend (see the module docstring)."""
    out: list[str] = []
    telly = bool(s.opts.get("telly_time"))
    for p, pl in enumerate(s.players):
        if len(pl.lineup) != (4 if telly else 3):
            out.append(f"telly: {_pname(p)}'s lineup has {len(pl.lineup)} slots (NET-TELLY-01)")
    if not telly:
        return out
    grid = s.cat.grid
    if grid is None:
        return out + ["telly: a Telly Time game without the Genre Grid in its catalogue"]
    quiz = s.extra.get("quiz", ())
    for p, pl in enumerate(s.players):
        for slot, sh in enumerate(pl.lineup):
            if sh is None:
                continue
            d = s.cat.cards[sh.cid].defn
            if slot == 3 and d.deck == "starter":
                out.append(f"telly: {_pname(p)}'s Weekend holds the starter {d.name} (NET-AMB-23)")
            if slot in (1, 2) and (d.genre == "kids" or sh.genre == "kids"):
                out.append(f"telly: {_pname(p)} airs the Kids show {d.name} in slot {slot} (NET-TELLY-10)")
            if d.deck != "starter" and not int(s.extra["grid"][p]) >> grid.squares.index(sh.genre) & 1:
                out.append(f"telly: {_pname(p)} produced {d.name} ({sh.genre}) but that square is empty (NET-TELLY-04)")
        mask = int(s.extra["grid"][p])
        if mask >> 9:
            out.append(f"telly: {_pname(p)}'s grid {mask:b} has squares beyond the nine")
        lines = sum(1 << k for k, ln in enumerate(grid.lines) if all(mask >> q & 1 for q in ln.squares))
        if lines != int(s.extra["lines"][p]):
            out.append(f"telly: {_pname(p)}'s completed lines {int(s.extra['lines'][p]):b} are not the full lines {lines:b} (NET-TELLY-05)")
        if any(pl.genre):
            out.append(f"telly: {_pname(p)} moved on the genre tracks {pl.genre} (NET-TELLY-03)")
        spent = int(quiz[p]) if p < len(quiz) else -1
        shows = sum(1 for sh in pl.lineup if sh is not None and sh.genre == "quiz")
        if spent < 0 or spent > 5 * shows or (spent and s.phase != "round_end"):
            out.append(f"telly: {_pname(p)} holds {spent} Quiz viewers with {shows} Quiz show(s) in phase {s.phase} (NET-TELLY-11)")
        if s.final is not None and s.final["players"][p]["genres"]:
            out.append(f"telly: {_pname(p)} scored {s.final['players'][p]['genres']} for genre tracks (NET-TELLY-03)")
    return out


def executive_problems(s: NetState) -> list[str]:
    """Every Executive board in exactly one place; none dealt that needs a module which is off, or that
    a module which is on excludes (the Specialist with Telly Time)."""
    if "x" not in s.extra:
        return []
    boards = default_executives().boards
    x, xo, xb = s.extra["x"], s.extra["xo"], s.extra["xb"]
    where: dict[int, list[str]] = {}
    for p in range(s.n):
        if x[p] >= 0:
            where.setdefault(x[p], []).append(f"{_pname(p)}'s board")
        for i in xo[2 * p:2 * p + 2]:
            if i >= 0:
                where.setdefault(i, []).append(f"{_pname(p)}'s offer")
    for i in xb:
        where.setdefault(i, []).append("the box")
    out = []
    for i, b in enumerate(boards):
        zones = where.pop(i, [])
        if len(zones) != 1:
            out.append(f"executives: {b.id} is in {len(zones)} places ({', '.join(zones) or 'nowhere'})")
        elif zones[0] != "the box" and b.requires and not s.opts.get(b.requires, False):
            out.append(f"executives: {b.id} needs the {b.requires} module but is in {zones[0]} (NET-OPT-04)")
        elif zones[0] != "the box" and b.excludes and s.opts.get(b.excludes, False):
            out.append(f"executives: {b.id} is not dealt with the {b.excludes} module but is in {zones[0]} (NET-EXEC-08)")
    out += [f"executives: {i!r} is no Executive board ({', '.join(z)})" for i, z in where.items()]
    if s.extra["xr"] and -1 in x:
        out.append("executives: revealed while a player has no Executive (NET-EXEC-02)")
    return out


def invariants(ruleset: Any, s: NetState, before: Piles | None = None, fine: list[list[ShowSlots | None]] | None = None) -> list[str]:
    """Problems with state ``s`` (cards, executives, slots, cash, scores, Telly Time); an empty list if all hold.
    ``before``, ``fine``: see :func:`card_problems` and :func:`lineup_problems`."""
    return card_problems(s, before) + executive_problems(s) + lineup_problems(s, fine) + money_problems(s) + telly_problems(s)


# ----------------------------------------------------------------------------- options


def target_problem(s: NetState, p: int, cid: int, key: str) -> str | None:
    """Why the Add/Replace target ``key`` (``to:``/``rep:``/``ens:``/``spon:``) for card ``cid`` breaks
    the attachment rules, or None (NET-ATT-02..05/09)."""
    parts = key.split(":")
    mode, slot = parts[0], int(parts[1])
    sh = s.players[p].lineup[slot]
    if sh is None:
        return f"replace: {key!r} targets the empty slot {slot}"
    atts = [c for c, _ in sh.atts]
    x_star, x_wild = sh.x_star, sh.x_wild
    name, card = s.cat.cards[sh.cid].name, s.cat.cards[cid]
    kinds = _kinds_of(s)
    if mode == "rep":
        old = int(parts[2])
        if old not in atts:
            return f"replace: {key!r} replaces {s.cat.cards[old].id}, which is not attached to {name}"
        flex = [getattr(s.cat.cards[c].defn, "effect", "") == "flex_slot" for c in (old, cid)]
        wild = s.cat.cards[sh.cid].defn.slots.wild + sh.x_wild
        if kinds[old] != kinds[cid] and not any(flex) and wild < 1:
            return (f"replace: {key!r} puts the {card.kind} {card.name} in place of the {s.cat.cards[old].kind} "
                    f"{s.cat.cards[old].name} on {name}, which has no wild slot (NET-ATT-03/04)")
        atts.remove(old)
    elif mode == "ens":
        e = next((c for c in s.players[p].green if getattr(s.cat.cards[c].defn, "effect", "") == "ensemble_cast"), -1)
        if e < 0:
            return f"replace: {key!r} uses Ensemble Cast, which {_pname(p)} does not hold"
        x_star += int(s.cat.cards[e].defn.params["extra"])
    elif mode == "spon":
        x_wild += 1
    before = slot_problem(s, sh.cid, [c for c, _ in sh.atts], sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req, "")
    after = slot_problem(s, sh.cid, atts + [cid], x_star, sh.x_ad, x_wild, sh.ignore_req or before is not None,
                         f"{_pname(p)}, slot {slot}")
    if after is not None:
        return f"replace: {key!r} would leave " + after.removeprefix("slots: ")
    return None


def _target_checks(ruleset: Any, s: NetState, key: str, child: NetState) -> list[str]:
    """The targets of an Add/Replace, offered now (``s``) or right after choosing the card (``child``)."""
    out = []
    if s.stack and s.stack[-1][0] == "att_target":
        why = target_problem(s, int(s.stack[-1][1]), int(s.stack[-1][2]), key)
        if why:
            out.append(why)
    if child.stack and child.stack[-1][0] == "att_target" and child.phase != "over":
        top = child.stack[-1]
        for k in ruleset.legal_keys(child):
            why = target_problem(child, int(top[1]), int(top[2]), k)
            if why:
                out.append(why + f" (offered after {key!r})")
                break
    return out


def _same_option(s: NetState, key: str) -> str:
    """``key`` with a used network card named by what it does (two cards that do the same are one option)."""
    if key.startswith("use:"):
        d = s.cat.cards[int(key[4:])].defn
        return f"use:{d.effect}:{sorted(d.params.items())}"
    return key


def order_checks(ruleset: Any, s: NetState) -> list[tuple[str, str]]:
    """The options of the pending decision do not depend on the order of the decider's green room, a set of
    cards (a show is offered when it can be produced, NET-PROD-02, and a card when it can be used, NET-NETC-03/04,
    whichever order the cards came in)."""
    if not s.stack or s.phase == "over":
        return []
    p = int(s.stack[-1][1])
    green = s.players[p].green
    if len(green) < 2:
        return []
    offered = {_same_option(s, k): k for k in ruleset.legal_keys(s)}
    for order, again in (("reversed", tuple(reversed(green))), ("rotated by one", green[1:] + green[:1])):
        t = s.clone()
        t.players[p].green = again
        other = {_same_option(t, k): k for k in ruleset.legal_keys(t)}
        if other.keys() != offered.keys():
            same = sorted(offered.keys() ^ other.keys())[0]
            key = offered.get(same) or other[same]
            now = "offered now but not" if same in offered else "not offered now but"
            return [(key, f"order: {key!r} is {now} offered when player {p}'s green room is {order}: "
                          f"the options depend on the order of its cards, a set")]
    return []


def option_checks(ruleset: Any, s: NetState) -> list[tuple[str, str]]:
    """``(key, problem)`` for the offered options of the pending decision that break an invariant."""
    before = piles(s) if not _card_problems(s) else None  # the options' states are checked against these
    fine = fine_shows(s)

    def state_check(rs: Any, child: NetState) -> list[str]:
        return invariants(rs, child, before, fine)

    return INV.option_problems(ruleset, s, FOLLOW_UPS, _kind, state_check, _target_checks, rule="NET-PROD-02") + order_checks(ruleset, s)


# ----------------------------------------------------------------------------- hidden information


def _hidden_draws(s: NetState, seat: int) -> list[int]:
    """Cards drawn for another player's genre bonus, still to be chosen (seen by that player only, NET-UI-15)."""
    return [c for t in s.stack if t[0] == "bonus" and t[1] != seat for c in t[2]]


def _is_a(s: NetState, c: int) -> bool:
    return bool(s.cat.cards[c].defn.deck == "A")


def projection(s: NetState, seat: int) -> dict[str, Any]:
    """What ``seat`` may know of ``s``: its JSON with the hidden parts in a canonical arrangement."""
    d = s.to_json()
    d.pop("rng")
    d.pop("log")
    kinds = _kinds_of(s)
    draws = _hidden_draws(s, seat)
    decks: list[Any] = []
    for k in (SHOW, STAR, AD, NET):
        deck = list(s.decks[k]) + [c for c in draws if kinds[c] == k]
        if k == SHOW and not s.extra.get("shows_mixed"):  # NET-SETUP-05: the A shows lie above the B shows
            decks.append({"layers": "".join("A" if _is_a(s, c) else "B" for c in s.decks[k]),
                          "cards": sorted(deck)})
        else:
            decks.append(sorted(deck))
    d["decks"] = decks
    d["limbo"] = sorted(c for c in s.limbo if c not in draws)
    d["stack"] = [[t[0], t[1], len(t[2])] if t[0] == "bonus" and t[1] != seat else list(t) for t in s.stack]
    d["solo_deck"] = sorted(s.solo_deck)
    d["box"] = sorted(s.box)
    if s.mog is not None:  # the Mogul deck's order, the box and the others' Mogul offers: one pool
        d["stack"] = [[t[0], t[1], len(t[2])] if t[0] == "mogul" and t[1] != seat else t for t in d["stack"]]
        mog = d["mog"]
        hidden = list(s.mog.deck) + list(s.mog.box) + [j for t in s.stack if t[0] == "mogul" and t[1] != seat for j in t[2]]
        mog["deck"], mog["box"] = len(s.mog.deck), len(s.mog.box)
        mog["unseen"] = sorted(hidden)
    if s.phase == "pilot":  # NET-PILOT-10: the others' offers and the unseen pilot cards in the box
        pilot = set(s.cat.pilot)
        mine = set(s.pilot[seat])
        hidden = [c for c in s.box if c in pilot and c not in mine]
        hidden += [c for q in range(s.n) if q != seat for c in s.pilot[q]]
        d["box"] = sorted(c for c in s.box if c not in pilot or c in mine)
        d["pilot"] = [list(s.pilot[q]) if q == seat else len(s.pilot[q]) for q in range(s.n)]
        d["unseen_pilot"] = sorted(hidden)
    if "x" in s.extra and not s.extra["xr"]:  # NET-EXEC-02: the others' offers and choices until the reveal
        ex = dict(d["extra"])
        x, xo = s.extra["x"], s.extra["xo"]
        own = [i for i in (x[seat], *xo[2 * seat:2 * seat + 2]) if i >= 0]
        ex["x"] = [x[q] if q == seat else x[q] >= 0 for q in range(s.n)]
        ex["xs"] = [s.extra["xs"][q] if q == seat else None for q in range(s.n)]
        ex["xo"] = [list(xo[2 * q:2 * q + 2]) if q == seat else sum(1 for i in xo[2 * q:2 * q + 2] if i >= 0) for q in range(s.n)]
        ex["xb"] = sorted(i for i in (*s.extra["xb"], *(i for i in x if i >= 0), *(i for i in xo if i >= 0)) if i not in own)
        d["extra"] = ex
    return d


def variant(s: NetState, seat: int, rng: Rng) -> NetState:
    """A copy of ``s`` in which only what ``seat`` cannot see is re-dealt, consistently with what it can."""
    v = s.clone(keep_log=True)
    v.rng = Rng(rng.next64())
    for k in (STAR, AD, NET):
        rng.shuffle(v.decks[k])
    deck = v.decks[SHOW]
    if v.extra.get("shows_mixed"):
        rng.shuffle(deck)
    else:
        for layer in (True, False):
            pos = [i for i, c in enumerate(deck) if _is_a(v, c) == layer]
            cards = [deck[i] for i in pos]
            rng.shuffle(cards)
            for i, c in zip(pos, cards, strict=True):
                deck[i] = c
    rng.shuffle(v.solo_deck)
    kinds = _kinds_of(v)
    for i, t in enumerate(v.stack):  # another player's private bonus draws: swap with unseen cards of the same kind
        if t[0] != "bonus" or t[1] == seat:
            continue
        drawn = list(t[2])
        for j, c in enumerate(drawn):
            pile = v.decks[kinds[c]]
            if pile:
                at = rng.below(len(pile))
                drawn[j], pile[at] = pile[at], c
                v.limbo[v.limbo.index(c)] = drawn[j]
        v.stack[i] = (t[0], t[1], tuple(drawn), *t[3:])
    if v.mog is not None:  # the Moguls seat cannot see, re-dealt into the same places
        mog = v.mog
        pool = list(mog.deck) + list(mog.box)
        for t in v.stack:
            if t[0] == "mogul" and t[1] != seat:
                pool += list(t[2])
        rng.shuffle(pool)
        for i, t in enumerate(v.stack):
            if t[0] == "mogul" and t[1] != seat:
                v.stack[i] = (t[0], t[1], tuple(pool[:len(t[2])]))
                pool = pool[len(t[2]):]
        mog.box, mog.deck = pool[:len(mog.box)], pool[len(mog.box):]
    if v.phase == "pilot":
        pilot = set(v.cat.pilot)
        mine = set(v.pilot[seat])
        others = [q for q in range(v.n) if q != seat]
        pool = [c for c in v.box if c in pilot and c not in mine] + [c for q in others for c in v.pilot[q]]
        offers = [list(o) for o in v.pilot]
        for q in others:
            size = len(offers[q])
            for _ in range(50):
                rng.shuffle(pool)
                offers[q] = pool[-size:]
                v.pilot = offers
                # a pair already kept must be one the player could keep (NET-PILOT-07/09)
                if not v.extra["kept"][q] or f"keep:{min(offers[q])},{max(offers[q])}" in pilot_pairs(v, q):
                    break
            else:  # no other pair fits: the real one stays
                offers[q] = list(s.pilot[q])
                pool = [c for c in pool if c not in offers[q]] + offers[q]
            del pool[-size:]
        v.pilot = offers
        v.box = [c for c in v.box if c not in pilot or c in mine] + pool
    if "x" in v.extra and not v.extra["xr"]:  # the others' Executive offers and choices, from the unseen boards
        boards = default_executives().boards
        x, xo, xs = list(v.extra["x"]), list(v.extra["xo"]), list(v.extra["xs"])
        mine = {i for i in (x[seat], *xo[2 * seat:2 * seat + 2]) if i >= 0}
        dealable = [i for i, b in enumerate(boards) if not b.requires or v.opts.get(b.requires, False)]
        pool = [i for i in dealable if i not in mine]
        rng.shuffle(pool)
        for q in range(v.n):
            if q != seat:
                xo[2 * q:2 * q + 2] = [pool.pop() if i >= 0 else -1 for i in xo[2 * q:2 * q + 2]]
                if x[q] >= 0:
                    x[q], xs[q] = pool.pop(), rng.below(2)
        v.extra.update(x=tuple(x), xo=tuple(xo), xs=tuple(xs),
                       xb=tuple(sorted([i for i in range(len(boards)) if i not in dealable] + pool)))
    return v


def hidden_checks(ruleset: Any, s: NetState, seat: int, seed: int) -> list[str]:
    """Problems of hidden information for ``seat`` (see :func:`primetime.core.invariants.hidden_problems`)."""
    return INV.hidden_problems(ruleset, s, seat, seed, variant, projection, lambda rs, d: card_problems(d) + executive_problems(d))


__all__ = ["FOLLOW_UPS", "card_problems", "executive_problems", "hidden_checks", "invariants", "lineup_problems",
           "mogul_problems", "money_problems", "option_checks", "projection", "slot_problem", "target_problem",
           "telly_problems", "variant"]
