"""What must hold in every state of Prime Time: invariants the engine checks about itself.

Reached through the plugin (``GamePlugin.invariants``, ``option_checks``, ``hidden_checks``)
by ``primetime check`` (:mod:`primetime.sim.check`) and the property tests; the rules never
call this module, so none of it is on the engine's hot path.  The checks are written from the
card data and the rules text rather than with the engine's own helpers.

* **cards**: every Show and Talent card in exactly one place (a deck, a discard pile, a card
  space, a hand, a starting offer, the face-down talents, a TV Guide); the 55 cubes by colour
  (PT-COMP-05), the Re-Run cards, the clients and the Boardroom cards are conserved.
* **guide**: at most one show per day, talents only on Series and Mini-Series (or beside a
  show canceled this round, PT-CANC-05), at most one talent of each type per show
  (PT-BCAST-05..07), and a cube only on an empty space of its colour or any space if black
  (PT-ANAT-06).
* **cash** is never negative (the Bonds rule borrows instead, PT-BOND-02); **scores**: a
  player's VP are the sum of their sources, and a final result's parts add up to its totals,
  its cash part is the cash net of bonds over $3 (PT-END-02/08) and the winners are the best
  totals after the tiebreak (PT-END-05..07).
* **options** (:func:`option_checks`): every offered option can be completed by the same
  player (a bid's amount, the steps of Public Relations, the picks of a schedule).
* **hidden** (:func:`hidden_checks`): a seat's view, and the ruleset's determinization for it,
  do not depend on deck order, the other players' hands, starting offers and face-down
  talents, the client pile and Boardroom decks, the random generator, or, under Simultaneous
  Scheduling, the schedules the others are building behind their screens (PT-PSETUP-07,
  PT-SIM-01/02).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from primetime.core import invariants as INV
from primetime.core.rng import Rng
from primetime.games.prime_time.cards import ANY, BLACK, SINGLE
from primetime.games.prime_time.rules.core import DAY_NAMES, rules
from primetime.games.prime_time.rules.determinize import redeal_unseen
from primetime.games.prime_time.state import NOSHOW, RERUN, VP_SOURCES, PTState, Slot

# The steps that finish the acting player's choice: a bid's amount, Public Relations, the picks of a schedule.
FOLLOW_UPS = frozenset({"amount", "pr", "pr_add", "pr_to", "pr_swap", "pr_swap2", "sched"})


def _kind(s: PTState) -> str:
    return str(s.stack[-1][0]) if s.stack else ""


# ----------------------------------------------------------------------------- cards and tokens


def _card_zones(s: PTState) -> list[tuple[str, list[int]]]:
    zones = [("the Show deck", s.show_deck), ("the Show discards", s.show_disc), ("the Talent deck", s.tal_deck),
             ("the Talent discards", s.tal_disc), ("the Show spaces", [c for c in s.spaces[0] if c >= 0]),
             ("the Talent spaces", [c for c in s.spaces[1] if c >= 0])]
    for p, pl in enumerate(s.players):
        zones += [(f"player {p}'s Show hand", pl.shows), (f"player {p}'s Talent hand", pl.talents),
                  (f"player {p}'s face-down talents", pl.facedown), (f"player {p}'s starting offer", pl.offer)]
        for d, sl in enumerate(pl.guide):
            if sl is not None:
                zones.append((f"player {p}'s {DAY_NAMES[d]}", ([sl.show] if sl.show >= 0 else []) + list(sl.talents)))
    return zones


GuideDay = tuple[int, list[int], list[list[int]]] | None  # a day's show, talents and cubes
# a state's card piles (None unless every card is in one place), its guides' days, whether the guides keep the rules,
# its bag, pools and forecast (None unless the cubes by colour are the game's)
Before = tuple[list[list[int]] | None, list[list[GuideDay]], bool, tuple[list[int], list[list[int]], list[list[int]]] | None]


def before(s: PTState) -> Before:
    """A copy of what the cards and guide checks of the states after ``s``'s options are compared
    with (:func:`card_problems`, :func:`guide_problems`): ``s``'s card piles if every card is in one
    place, its guides if they keep the rules, where the cubes lie if they are the game's (None otherwise)."""
    stock = (list(s.bag), [list(x) for x in s.pools], [list(x) for x in s.forecast]) if _cubes(s) == rules(s).cube_counts else None
    return ([list(x) for x in _piles(s)] if _cards_once(s) else None, [[_day(sl) for sl in pl.guide] for pl in s.players],
            not guide_problems(s), stock)


def _piles(s: PTState) -> list[list[int]]:
    out = [s.show_deck, s.show_disc, s.tal_deck, s.tal_disc, s.spaces[0], s.spaces[1]]
    for pl in s.players:
        out += [pl.shows, pl.talents, pl.facedown, pl.offer]
    return out


def _day(sl: Slot | None) -> GuideDay:
    return None if sl is None else (sl.show, list(sl.talents), [list(r) for r in sl.cubes])


def _day_cards(day: GuideDay, into: list[int]) -> None:
    if day is not None:
        if day[0] >= 0:
            into.append(day[0])
        into.extend(day[1])


def _moved_alike(was: list[list[int]], was_guides: list[list[GuideDay]], s: PTState) -> bool:
    """Whether the cards that left the piles and guides ``was`` (and ``was_guides``) in ``s`` are the cards that came in."""
    now = _piles(s)
    if len(was) != len(now) or len(was_guides) != len(s.players):
        return False
    out: list[int] = []
    came: list[int] = []
    for i in range(len(now)):
        a, b = was[i], now[i]
        if a != b:
            if i == 4 or i == 5:  # the card spaces hold -1 where empty
                out.extend([c for c in a if c >= 0])
                came.extend([c for c in b if c >= 0])
            else:
                out.extend(a)
                came.extend(b)
    for p in range(len(was_guides)):
        days, guide = was_guides[p], s.players[p].guide
        if len(days) != len(guide):
            return False
        for d in range(len(days)):
            x, sl = days[d], guide[d]
            if x is None and sl is None:
                continue
            if x is not None and sl is not None and x[0] == sl.show and x[1] == sl.talents:
                continue
            _day_cards(x, out)
            _day_cards(_day(sl), came)
    if len(out) != len(came):
        return False
    try:
        return sorted(out) == sorted(came)
    except TypeError:
        return False


def _cubes(s: PTState) -> list[int]:
    """The cubes by colour: in the bag, the pools, on the forecast and the guides."""
    cubes = list(s.bag)
    for pool in s.pools:
        for c in range(6):
            cubes[c] += pool[c]
    for row in s.forecast:
        for c in row:
            if c >= 0:
                cubes[c] += 1
    for pl in s.players:
        for sl in pl.guide:
            if sl is not None:
                for card in sl.cubes:
                    for c in card:
                        if c >= 0:
                            cubes[c] += 1
    return cubes


def _cubes_same(was: Before, s: PTState) -> bool:
    """Whether every cube lies where it lay in ``was`` (the bag, the pools, the forecast, each guide day)."""
    stock = was[3]
    assert stock is not None
    bag, pools, forecast = stock
    if s.bag != bag or s.pools != pools or s.forecast != forecast or len(was[1]) != len(s.players):
        return False
    for p in range(len(was[1])):
        days, guide = was[1][p], s.players[p].guide
        if len(days) != len(guide):
            return False
        for d in range(len(days)):
            x, sl = days[d], guide[d]
            if x is None or sl is None:
                if x is not sl:
                    return False
            elif x[2] != sl.cubes:
                return False
    return True


def _cards_once(s: PTState) -> bool:
    held: list[int] = []  # every card where it lies: sound if that is each card of the catalogue once
    for pile in (s.show_deck, s.show_disc, s.tal_deck, s.tal_disc):
        held.extend(pile)
    held.extend([c for c in s.spaces[0] if c >= 0])
    held.extend([c for c in s.spaces[1] if c >= 0])
    for pl in s.players:
        for pile in (pl.shows, pl.talents, pl.facedown, pl.offer):
            held.extend(pile)
        for sl in pl.guide:
            if sl is not None:
                if sl.show >= 0:
                    held.append(sl.show)
                held.extend(sl.talents)
    return INV.each_once(held, s.cat.n_cards)


def card_problems(s: PTState, was: Before | None = None) -> list[str]:
    """Cards, cubes, Re-Runs, clients and Boardroom cards are conserved.

    ``was``: :func:`before` of a state of which ``s`` is a clone changed by the rules; if that held
    every card once, only the cards of the piles and guide days that differ are counted: the cards
    that left them must be the cards that came in (as the rest holds each other card once, this
    is every card once), which says the same at a fraction of the cost; if its cubes were the game's
    and every cube lies where it lay there, they are not counted again."""
    cat = s.cat
    out = []
    if was is not None and was[0] is not None and _moved_alike(was[0], was[1], s):
        sound = True
    else:
        sound = _cards_once(s)
    if not sound:  # say where every card is
        zones = _card_zones(s)
        where: dict[int, list[str]] = {}
        for zone, cards in zones:
            for c in cards:
                where.setdefault(c, []).append(zone)
        for c, zs in where.items():
            if not 0 <= c < cat.n_cards:
                out.append(f"cards: {zs[0]} holds {c!r}, which is no card of the catalogue")
            elif len(zs) > 1:
                out.append(f"cards: {cat.ids[c]} is in {len(zs)} places ({', '.join(zs)})")
        missing = [cat.ids[c] for c in range(cat.n_cards) if c not in where]
        if missing:
            out.append(f"cards: {len(missing)} card(s) are nowhere: {', '.join(missing[:8])}" + (" ..." if len(missing) > 8 else ""))
    if was is None or was[3] is None or not _cubes_same(was, s):
        cubes = _cubes(s)
        if cubes != rules(s).cube_counts:
            out.append(f"cards: the cubes by colour are {cubes}, not the {rules(s).cube_counts} of the game (PT-COMP-05)")
    assert cat.rerun is not None
    reruns = s.reruns + sum(pl.reruns for pl in s.players)
    reruns += sum(1 for pl in s.players for sl in pl.guide if sl is not None and sl.show == RERUN)
    if reruns != cat.rerun.count:
        out.append(f"cards: there are {reruns} Re-Run cards, not {cat.rerun.count}")
    clients = s.client_pile + s.client_disc + s.clients
    for pl in s.players:
        clients += pl.clients
    if sorted(clients) != list(range(len(cat.clients))):
        out.append(f"cards: the clients are not each in one place: {dict(Counter(clients))}")
    br = s.br_disc + s.br_box + [b for b in s.br_up if b >= 0]
    for d in s.br_decks:
        br += d
    if sorted(br) != list(range(len(cat.boardroom))):
        out.append(f"cards: the Boardroom cards are not each in one place: {dict(Counter(br))}")
    return out


# ----------------------------------------------------------------------------- TV Guides


def _slot_problem(s: PTState, sl: Slot, where: str) -> str | None:
    key = (sl.show, tuple(sl.talents), tuple(tuple(row) for row in sl.cubes))
    if key in _FINE:
        return None
    why = _slot_verdict(s, sl, where)
    if why is None:
        if len(_FINE) > 100_000:
            _FINE.clear()
        _FINE.add(key)
    return why


_FINE: set[tuple[Any, ...]] = set()  # guide slots (show, talents, cubes) known to keep the rules


def _slot_verdict(s: PTState, sl: Slot, where: str) -> str | None:
    cat = s.cat
    if sl.show == RERUN or (sl.show >= 0 and cat.dur[sl.show] == SINGLE):
        if sl.talents:
            return f"guide: {where} has talents on a Single Show or Re-Run (PT-BCAST-06)"
    types = [cat.ttype[t] for t in sl.talents]
    if len(set(types)) != len(types):
        return f"guide: {where} has two talents of one type (PT-BCAST-07)"
    if len(sl.cubes) != 1 + len(sl.talents):
        return f"guide: {where} has cube rows for {len(sl.cubes)} cards but holds {1 + len(sl.talents)}"
    cards = [sl.show, *sl.talents]
    for i, row in enumerate(sl.cubes):
        c = cards[i]
        spaces: tuple[int, ...] = cat.rerun_spaces if c == RERUN else (() if c == NOSHOW else cat.spaces[c])
        if len(row) != len(spaces):
            return f"guide: {where} has {len(row)} cube spaces on a card that has {len(spaces)}"
        for col, space in zip(row, spaces, strict=True):
            if col >= 0 and col != BLACK and space != ANY and col != space:
                return f"guide: {where} holds a cube on a space of another colour (PT-ANAT-06)"
    return None


def guide_problems(s: PTState, was: Before | None = None) -> list[str]:
    """Every guide day keeps the schedule rules.  ``was``: :func:`before` of a state of which ``s`` is a
    clone changed by the rules; if its guides kept the rules, a day the same as there (show, talents,
    cubes: all its verdict depends on) is not judged again."""
    days = was[1] if was is not None and was[2] else None
    out = []
    for p, pl in enumerate(s.players):
        if len(pl.guide) != s.days:
            out.append(f"guide: player {p}'s TV Guide has {len(pl.guide)} days, not {s.days} (PT-BCAST-05)")
        same = days[p] if days is not None and p < len(days) else None
        for d, sl in enumerate(pl.guide):
            if sl is not None:
                if same is not None and d < len(same):
                    x = same[d]
                    if x is not None and x[0] == sl.show and x[1] == sl.talents and x[2] == sl.cubes:
                        continue
                why = _slot_problem(s, sl, f"player {p}'s {DAY_NAMES[d]}")
                if why:
                    out.append(why)
    return out


# ----------------------------------------------------------------------------- cash and scores


def money_problems(s: PTState) -> list[str]:
    out = [f"cash: player {p} has ${pl.cash}" for p, pl in enumerate(s.players) if pl.cash < 0]
    for p, pl in enumerate(s.players):
        if pl.vp != sum(pl.vp_src):
            out.append(f"scores: player {p} has {pl.vp} VP but their sources add up to {sum(pl.vp_src)}")
    if s.final is not None:
        rows = s.final["players"]
        for p, r in enumerate(rows):
            parts = sum(r[src] for src in VP_SOURCES)
            if r["total"] != parts:
                out.append(f"scores: player {p}'s total {r['total']} VP is not the sum of its parts {parts}")
            cash_vp = max(0, r["cash_left"] - r["bond_value"]) // rules(s).dollars_per_vp
            if r["cash"] != cash_vp:
                out.append(f"scores: player {p}'s cash part {r['cash']} VP is not (${r['cash_left']} - ${r['bond_value']} in bonds) "
                           f"/ ${rules(s).dollars_per_vp} = {cash_vp} (PT-END-02/08)")
        best = max(r["total"] for r in rows)
        tied = [p for p, r in enumerate(rows) if r["total"] == best]
        top = max(rows[p]["tiebreak_value"] for p in tied)
        winners = tied if len(tied) == 1 else [p for p in tied if rows[p]["tiebreak_value"] == top]
        if s.final["winners"] != winners:
            out.append(f"scores: the winners {s.final['winners']} are not the best totals after the tiebreak {winners} (PT-END-05..07)")
    return out


def invariants(ruleset: Any, s: PTState, was: Before | None = None) -> list[str]:
    """Problems with state ``s`` (cards and tokens, guides, cash, scores); an empty list if all hold.
    ``was``: see :func:`card_problems` and :func:`guide_problems`."""
    return card_problems(s, was) + guide_problems(s, was) + money_problems(s)


def option_checks(ruleset: Any, s: PTState) -> list[tuple[str, str]]:
    """``(key, problem)`` for the offered options of the pending decision that break an invariant."""
    was = before(s)  # what the states after the options are compared with

    def state_check(rs: Any, child: PTState) -> list[str]:
        return invariants(rs, child, was)

    return INV.option_problems(ruleset, s, FOLLOW_UPS, _kind, state_check)


# ----------------------------------------------------------------------------- hidden information


def _guide_cards(guide: list[Slot | None]) -> tuple[Counter[int], Counter[int]]:
    shows: Counter[int] = Counter()
    talents: Counter[int] = Counter()
    for sl in guide:
        if sl is not None:
            if sl.show >= 0:
                shows[sl.show] += 1
            talents.update(sl.talents)
    return shows, talents


def _behind_screen(s: PTState, q: int) -> tuple[list[int], list[int]]:
    """The shows and talents player ``q`` has put on their guide behind the screen (PT-SIM-02)."""
    assert s.screen is not None
    was_shows, was_talents = _guide_cards(s.screen[q][0])
    now_shows, now_talents = _guide_cards(s.players[q].guide)
    return sorted((now_shows - was_shows).elements()), sorted((now_talents - was_talents).elements())


def projection(s: PTState, seat: int) -> dict[str, Any]:
    """What ``seat`` may know of ``s``: its JSON with the hidden parts in a canonical arrangement."""
    d = s.to_json()
    d.pop("rng")
    d.pop("log")
    unseen_shows, unseen_talents = list(s.show_deck), list(s.tal_deck)
    for q, pl in enumerate(s.players):
        if q == seat:
            continue
        entry = d["players"][q]
        unseen_shows += pl.shows + pl.offer
        unseen_talents += pl.talents + pl.facedown
        counts = (len(pl.shows), len(pl.talents), pl.reruns)
        if s.screen is not None:  # PT-SIM-02: the guide as shown before scheduling; what went on it since is unseen
            shows, talents = _behind_screen(s, q)
            unseen_shows += shows
            unseen_talents += talents
            entry["guide"] = [g.to_json() if g is not None else None for g in s.screen[q][0]]
            counts = s.screen[q][1]
        entry["shows"], entry["talents"], entry["reruns"] = counts[0], counts[1], counts[2]
        entry["offer"], entry["facedown"] = len(pl.offer), len(pl.facedown)
    d["show_deck"], d["tal_deck"] = sorted(unseen_shows), sorted(unseen_talents)
    d["deck_sizes"] = [len(s.show_deck), len(s.tal_deck)]
    d["client_pile"] = sorted(s.client_pile)
    d["br_decks"] = [sorted(b) for b in s.br_decks]
    if s.screen is not None:  # how far a rival got behind the screen is hidden too
        d["stack"] = [[t[0], t[1], 0] if t[0] == "sched" and t[1] != seat else list(t) for t in s.stack]
    return d


def variant(s: PTState, seat: int, rng: Rng) -> PTState:
    """A copy of ``s`` in which only what ``seat`` cannot see is re-dealt, consistently with what it can:
    under Simultaneous Scheduling each rival takes back what it scheduled behind its screen (it could have
    submitted the guide it showed), then the unseen Show and Talent cards are shuffled and dealt back."""
    v = s.clone(keep_log=True)
    v.rng = Rng(rng.next64())
    others = [q for q in range(v.n) if q != seat]
    if v.screen is not None:
        for q in others:
            if rng.below(2):
                continue
            pl = v.players[q]
            shows, talents = _behind_screen(v, q)
            pl.shows += shows
            pl.talents += talents
            pl.reruns = v.screen[q][1][2]
            pl.guide = [g.copy() if g is not None else None for g in v.screen[q][0]]
            v.stack = [("sched", q, 0) if t[0] == "sched" and t[1] == q else t for t in v.stack]
    redeal_unseen(v, others, rng.shuffle)
    rng.shuffle(v.client_pile)
    for b in v.br_decks:
        rng.shuffle(b)
    return v


def hidden_checks(ruleset: Any, s: PTState, seat: int, seed: int) -> list[str]:
    """Problems of hidden information for ``seat`` (see :func:`primetime.core.invariants.hidden_problems`)."""
    return INV.hidden_problems(ruleset, s, seat, seed, variant, projection, lambda rs, d: card_problems(d))
