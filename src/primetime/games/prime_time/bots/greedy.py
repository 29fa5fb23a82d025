"""A one-step look-ahead bot for Prime Time.

For every legal key the bot copies the state, applies the key with the rules engine and
scores the result for itself with :func:`evaluate`, a transparent sum of parts in victory
points (see :func:`breakdown`):

* ``vp``         victory points already scored (golf, ceremonies);
* ``cash``       cash on hand at a rate per dollar that falls to the final $3 = 1 VP as the
                 game nears its end; bonds count against it at the final rate, and each
                 certificate costs its VP at every ceremony still to come;
* ``guide``      the TV Guide: cubes already on it (paid at income), the cubes each show is
                 expected to draw in the airings it has left (from its day's pool, the
                 colours of its free spaces, its primary potential and the rival shows on
                 that day), and the risk of a show being canceled or a talent turned down;
* ``hand``       Show cards, Talents and Re-Runs in hand, valued as if scheduled at the next
                 broadcast on the free days left (a hand is worth less than a schedule);
* ``bids``       cards on which the player is the high bidder: the card's value times the
                 chance that nobody outbids it, plus the money that comes back otherwise;
* ``hotness``    the hotness award still to come: players expected behind on the track;
* ``awards``     Most Talents and Best Show as the guides stand now, for the next ceremony;
* ``variety``    Variety tokens held (each scores at every ceremony left) and a token
                 expected this round;
* ``boardroom``  what the face-up Boardroom cards would pay now;
* ``clients``    board clients the player's cubes already win, or partly meet, this round;
* ``turn_order`` a small value for an early place in the turn order;
* ``pending``    a Public Relations action not carried out yet.

At the end of the game the real final score is used.  The player's own follow-up decisions
of the same action (the amount of a bid, the steps of Public Relations) are looked at one or
two levels deeper.

The bot only uses what its player may see: it looks ahead from the rules' determinization
(:func:`primetime.games.prime_time.rules.determinize.determinize`), in which every hidden part
is rebuilt from the player's view, never copied: the decks and the other players' hands and
face-down talents, the client pile, the Boardroom decks, the bag, the random generator and,
while schedules are built in secret, the rivals' schedules behind their screens.  The
evaluation reads the rivals' guides as the screens show them.
"""

from __future__ import annotations

from typing import Any, Final

from primetime.core.rewards import ahead_rewards
from primetime.core.rng import Rng
from primetime.games.prime_time.cards import ANY, BLACK, GENRES, MINI, SERIES, SINGLE
from primetime.games.prime_time.rules import after_ratings, awards, core, determinize, flow, ratings
from primetime.games.prime_time.state import NOSHOW, RERUN, PTState, Slot

# Constants are Final so that the compiled build (tools/build_fast.py) uses their values directly.
# Weights of the evaluation (VP per unit).
CASH_END: Final = 1 / 3  # a dollar at the end of the game ($3 = 1 VP, PT-END-02)
CASH_EARLY: Final = 0.04  # extra value of a dollar per round still to play after this one
HAND: Final = 0.85  # a card in hand is worth this share of the same card on the guide
IDLE_SHOW: Final = 0.15  # share of a hand show's value when no free day is left for it
IDLE_TALENT: Final = 0.25  # a talent with nowhere to go (flat VP)
TALENT_DOWN: Final = 0.6  # risk cost of a scheduled talent that may attract no cube
SURVIVE_PENDING: Final = 0.8  # survival of a show without a cube while its day is still running
AWARDS_NEAR: Final = 0.9  # weight of the awards as the guides stand, in a ceremony round
AWARDS_FAR: Final = 0.45  # ... earlier in the season
LATER_CEREMONY: Final = 0.6  # weight of a ceremony after the next one (hotness, variety)
VARIETY_CLOSE: Final = 0.35  # per genre short of a Variety token, when one short
CLIENT_PROGRESS: Final = 0.35  # share of a client's cash for a partly met requirement
TURN_ORDER: Final = 0.8  # first place in the turn order over the rest of the game
OUTBID: Final = 0.45  # chance that one rival with a token and the cash outbids a bid at its floor
PR_PENDING: Final = 0.6  # a Public Relations action still to carry out
BOARDROOM_NEAR: Final = 0.9  # weight of the Boardroom cards in a ceremony round
BOARDROOM_FAR: Final = 0.5
WIDE: Final = 8  # deeper follow-ups are looked at only when they have at most this many options
AMOUNTS: Final = 4  # bid amounts looked at when a bid is a follow-up (all of them at the amount decision)

MARGIN: Final = 12.0  # VP: the scale of "how far ahead" in the search's reward (primetime.games.prime_time.bots.search)

# The player's own follow-up decisions that are looked at deeper.
FOLLOW_UPS: Final = frozenset({"amount", "pr", "pr_add", "pr_to", "pr_swap", "pr_swap2"})
PLANNED: Final = ("pr_add", "pr_to", "pr_swap", "pr_swap2")  # steps that follow a plan made at an earlier step
PR_STEPS: Final = ("pr",) + PLANNED  # the steps of a Public Relations action
BEFORE_AIR: Final = frozenset({"setup", "dev", "bids", "schedule"})


class PrimeTimeGreedyBot:
    """The greedy policy (a :class:`primetime.core.plugin.Policy`); :mod:`primetime.bots` plays it as the ``greedy`` bot."""

    name = "greedy"

    def __init__(self, seed: int = 0, depth: int = 2) -> None:
        self.seed = seed
        self.depth = depth
        self.rng = Rng(seed)
        # The rest of a Public Relations action worked out at its first step: (player, round), keys.
        self._plan: tuple[tuple[int, int], list[str]] | None = None

    def __repr__(self) -> str:
        return f"PrimeTimeGreedyBot(seed={self.seed})"

    def select(self, ruleset: Any, state: Any, player: int, keys: list[str]) -> str:
        if not isinstance(state, PTState):
            raise TypeError("PrimeTimeGreedyBot plays Prime Time only")
        plan, self._plan = self._plan, None
        if plan is not None and state.stack[-1][0] in PLANNED and plan[0] == (player, state.round) and plan[1] \
                and plan[1][0] in keys:
            self._plan = (plan[0], plan[1][1:])
            return plan[1][0]
        base = self.hide(state, player)
        best: list[tuple[str, list[str]]] = []
        best_v = float("-inf")
        for key in keys:
            v, path = self.key_value(base, player, key, self.depth, True)
            if v > best_v + 1e-9:
                best_v, best = v, [(key, path)]
            elif v > best_v - 1e-9:
                best.append((key, path))
        key, path = best[0] if len(best) == 1 else best[self.rng.below(len(best))]
        if path and state.stack[-1][0] in PR_STEPS and self.completes(base, player, [key, *path]):
            self._plan = ((player, state.round), path)
        return key

    @staticmethod
    def completes(s: PTState, p: int, keys: list[str]) -> bool:
        """Whether ``keys`` carry the player's Public Relations action to its end."""
        t = s.clone()
        for k in keys:
            flow.apply(t, k)
        return not (t.stack and t.stack[-1][1] == p and t.stack[-1][0] in PLANNED)

    def hide(self, s: PTState, p: int) -> PTState:
        """A copy of ``s`` whose hidden parts are rebuilt from ``p``'s view (a plausible, not the true, state)."""
        return determinize.determinize(s, p, self.rng)

    def key_value(self, s: PTState, p: int, key: str, depth: int, first: bool) -> tuple[float, list[str]]:
        """The value of ``key`` for ``p`` and the best follow-up keys found after it."""
        t = s.clone()
        flow.apply(t, key)
        if t.stack and depth > 0:
            top = t.stack[-1]
            if top[1] == p and top[0] in FOLLOW_UPS:
                keys = flow.legal(t)
                if len(keys) == 1:  # a forced step costs no depth
                    v, path = self.key_value(t, p, keys[0], depth, first)
                    return v, [keys[0], *path]
                if first or len(keys) <= WIDE:
                    if top[0] == "amount" and len(keys) > AMOUNTS:
                        keys = sample_amounts(keys)
                    elif top[0] == "pr_swap2":
                        # A switch of two cubes is the same whichever is picked first: look at
                        # each pair once, from its earlier day.
                        keys = [k for k in keys if core.DAY_INDEX[k.split(":")[1]] > top[2]]
                        if not keys:
                            return float("-inf"), []
                    best_v, best_path = float("-inf"), []
                    for k in keys:
                        v, path = self.key_value(t, p, k, depth - 1, False)
                        if v > best_v:
                            best_v, best_path = v, [k, *path]
                    return best_v, best_path
        return evaluate(t, p), []


def sample_amounts(keys: list[str]) -> list[str]:
    """A spread of bid amounts: the lowest two, the highest and one between."""
    return keys[:2] + [keys[len(keys) // 2], keys[-1]]


# ---------------------------------------------------------------------- evaluation


def evaluate(s: PTState, p: int) -> float:
    """How good ``s`` is for player ``p``, in VP (the final score once the game is over)."""
    if s.phase == "over":
        assert s.final is not None
        return float(s.final["players"][p]["total"])
    return sum(breakdown(s, p).values())


def rewards(s: PTState, n: int) -> list[float]:
    """Each player's reward in [0, 1] for the (possibly unfinished) state ``s``, for the search
    (:mod:`primetime.games.prime_time.bots.search`): ``sigmoid((own - best other) / MARGIN)``, how
    likely the player is ahead."""
    return ahead_rewards([evaluate(s, q) for q in range(n)], MARGIN)


def cash_rate(rounds_after: int) -> float:
    """VP per dollar held with ``rounds_after`` rounds still to play after the current one."""
    return CASH_END + CASH_EARLY * max(0, rounds_after)


_MATCH: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}


def match(free: list[int], supply: list[int]) -> int:
    """How many cubes of ``supply`` (counts by colour, black last) fit the ``free`` spaces."""
    key = (tuple(free), tuple(supply))
    m = _MATCH.get(key)
    if m is None:
        if len(_MATCH) > 100_000:
            _MATCH.clear()
        m = _MATCH[key] = _match(free, supply)
    return m


def _match(free: list[int], supply: list[int]) -> int:
    left = list(supply)
    need = [0] * 6
    for x in free:
        need[x] += 1
    m = 0
    short = 0
    for c in range(5):
        k = need[c] if need[c] < left[c] else left[c]
        m += k
        left[c] -= k
        short += need[c] - k
    k = min(short, left[BLACK])
    m += k
    left[BLACK] -= k
    return m + min(need[ANY], sum(left))


def free_spaces(s: PTState, sl: Slot) -> list[int]:
    out: list[int] = []
    for i, filled in enumerate(sl.cubes):
        sp = ratings.card_spaces(s, sl, i)
        for k, col in enumerate(filled):
            if col < 0:
                out.append(sp[k])
    return out


class Outlook:
    """What the evaluation needs to know about the round, computed once per state."""

    __slots__ = ("R", "r", "before_air", "air_left", "ceremonies", "cer_weight", "rate_now", "day_now",
                 "done_days", "supply_now", "supply_later", "rivals", "guides")

    def __init__(self, s: PTState, p: int) -> None:
        R = self.R = core.rules(s)
        r = self.r = s.round
        self.before_air = s.phase in BEFORE_AIR
        self.air_left = R.rounds - r  # airings after this round's
        self.ceremonies = [c for c in range(R.season, R.rounds + 1, R.season) if c >= r]
        self.cer_weight = sum(1.0 if i == 0 else LATER_CEREMONY for i in range(len(self.ceremonies)))
        self.rate_now = cash_rate(R.rounds - r)
        # The ratings war: days done, the day under way, days to come.
        self.day_now = -1
        self.done_days: set[int] = set()
        if s.phase == "ratings":
            to_come = {t[1] for t in s.stack if t[0] == "day"}
            running = [t[2] for t in s.stack if t[0] == "cube"] + [t[1] for t in s.stack if t[0] == "alloc"]
            self.day_now = running[-1] if running else -1
            self.done_days = {d for d in range(s.days) if d not in to_come and d != self.day_now}
        # Guides as this player sees them (PT-SIM-02: rivals' guides from before scheduling).
        self.guides: list[list[Slot | None]] = []
        for q, pl in enumerate(s.players):
            if s.screen is not None and q != p:
                self.guides.append(s.screen[q][0])
            else:
                self.guides.append(pl.guide)
        # Cube supply per day: this round's pool (with the Forecast row still to come) and,
        # for later rounds, the cubes now on the guides too (they go back to their day's pool).
        row = (r - 1) % R.season
        self.supply_now: list[list[int]] = []
        self.supply_later: list[list[int]] = []
        self.rivals: list[int] = []
        for d in range(s.days):
            now = list(s.pools[d])
            if self.before_air and s.forecast[row][d] >= 0:
                now[s.forecast[row][d]] += 1
            later = list(now)
            rivals = 0
            for q, g in enumerate(self.guides):
                sl = g[d]
                if sl is None:
                    continue
                if q != p:
                    rivals += 1
                for card in sl.cubes:
                    for col in card:
                        if col >= 0:
                            later[col] += 1
            self.supply_now.append(now)
            self.supply_later.append(later)
            self.rivals.append(rivals)


def expected_cubes(free: list[int], pot: int, supply: list[int], rivals: int) -> float:
    """Cubes a day slot may expect: its primary potential first, then a share of the rest."""
    m = match(free, supply)
    if m <= 0:
        return 0.0
    first = pot if pot < m else m
    return first + (m - first) / (rivals + 1)


def airings_after(o: Outlook, dur: int) -> int:
    """Airings after this round's for a show of duration ``dur`` that stays on the guide."""
    if dur == SERIES:
        return o.air_left
    if dur == MINI:
        season_end = ((o.r - 1) // o.R.season + 1) * o.R.season
        return season_end - o.r
    return 0


def hand_airings(o: Outlook, dur: int) -> int:
    """Airings of a show from hand scheduled at the next broadcast."""
    if o.before_air:
        return 1 + airings_after(o, dur)
    if o.air_left <= 0:
        return 0
    if dur == SERIES:
        return o.air_left
    if dur == MINI:
        return o.R.season if o.r % o.R.season == 0 else ((o.r - 1) // o.R.season + 1) * o.R.season - o.r
    return 1


def slot_value(s: PTState, o: Outlook, p: int, d: int, sl: Slot) -> float:
    """The value of one day of ``p``'s guide: cubes on it, cubes to come, risks."""
    R = o.R
    cat = s.cat
    cube_cash = R.cash_per_cube
    now = sl.n_cubes() * cube_cash * o.rate_now
    if sl.show == NOSHOW:
        return now
    free = free_spaces(s, sl)
    pot = ratings.potential(s, sl)
    show_has_cube = bool(sl.cubes[0]) and max(sl.cubes[0]) >= 0
    # This round's airing.
    survive = 1.0
    extra = unlit = 0.0
    if d in o.done_days:
        survive = 1.0 if show_has_cube else 0.0
        unlit = float(sum(1 for c in sl.cubes[1:] if max(c) < 0))
    elif d == o.day_now:
        if not (s.passed[p] and s.alloc[p] <= 0):
            m = match(free, o.supply_now[d])
            share = 0.0 if s.passed[p] else (m - min(m, s.alloc[p])) / (o.rivals[d] + 1)
            extra = min(float(m), s.alloc[p] + share)
        if not show_has_cube:
            survive = SURVIVE_PENDING if extra >= 1 else 0.0
        unlit = max(0.0, sum(1 for c in sl.cubes[1:] if max(c) < 0) - extra)
    elif o.before_air or s.phase == "ratings":
        extra = expected_cubes(free, pot, o.supply_now[d], o.rivals[d])
        cards = len(sl.cubes)
        lit = sum(1 for c in sl.cubes if max(c, default=-1) >= 0)
        unlit = max(0.0, cards - lit - extra)
        if not show_has_cube:
            survive = min(1.0, extra)
    v = now + extra * cube_cash * o.rate_now - TALENT_DOWN * unlit
    if sl.show == RERUN:
        return v
    later = airings_after(o, cat.dur[sl.show])
    if later > 0 and survive > 0:
        all_free = [x for i in range(len(sl.cubes)) for x in ratings.card_spaces(s, sl, i)]
        per = expected_cubes(all_free, pot, o.supply_later[d], o.rivals[d])
        rate = cash_rate(max(0, o.air_left - (later + 1) // 2))
        v += survive * later * per * cube_cash * rate
    return v


def breakdown(s: PTState, p: int) -> dict[str, float]:
    """The parts of :func:`evaluate` (see the module docstring)."""
    pl = s.players[p]
    if s.phase == "over":
        assert s.final is not None
        row = s.final["players"][p]
        return {"vp": float(row["total"])}
    o = Outlook(s, p)
    R = o.R
    cat = s.cat
    out: dict[str, float] = {"vp": float(pl.vp)}

    # Cash and bonds.
    bond_value = sum(pl.bonds)
    out["cash"] = pl.cash * o.rate_now - bond_value * CASH_END + R.bond_vp * len(pl.bonds) * o.cer_weight

    # The guide.
    guide_v = 0.0
    hosts: list[tuple[int, Slot, int]] = []  # (day, slot, airings left) able to take talents
    for d, sl in enumerate(pl.guide):
        if sl is None:
            continue
        guide_v += slot_value(s, o, p, d, sl)
        if sl.show >= 0 and cat.dur[sl.show] != SINGLE:
            hosts.append((d, sl, (1 if o.before_air else 0) + airings_after(o, cat.dur[sl.show])))
    out["guide"] = guide_v

    # Free days for cards from hand: empty now, or emptied at clean up.
    free_days = [d for d, sl in enumerate(pl.guide) if sl is None or (not o.before_air and leaves(s, o, sl))]
    best_supply = sorted((expected_cubes([5, 5, 5], 0, o.supply_later[d] if not o.before_air else o.supply_now[d], o.rivals[d]), d)
                         for d in free_days)
    best_supply.reverse()

    # Cards in hand and cards on which the player is the high bidder (weighted by the chance to keep the bid).
    shows: list[tuple[float, float]] = []  # (value, weight)
    talents: list[tuple[int, float]] = []
    bids_v = 0.0
    for c in pl.shows:
        shows.append((show_value(s, o, c, best_supply), 1.0))
    for t in pl.talents:
        talents.append((t, 1.0))
    if s.phase == "dev":
        for kind in (core.SHOWS, core.TALENTS):
            for i, c in enumerate(s.spaces[kind]):
                bl = s.bids[kind][i]
                if c < 0 or not bl or bl[-1][0] != p:
                    continue
                amount = bl[-1][1]
                keep = keep_chance(s, p, kind, i, amount)
                bids_v += (1 - keep) * amount * o.rate_now
                if kind == core.SHOWS:
                    shows.append((show_value(s, o, c, best_supply), keep))
                else:
                    talents.append((c, keep))
    shows.sort(reverse=True)
    hand_v = 0.0
    slots_left = float(len(free_days))
    for v, w in shows:
        use = min(w, max(0.0, slots_left))
        hand_v += HAND * v * use + IDLE_SHOW * v * (w - use)
        slots_left -= w
    for t, w in talents:
        hand_v += w * talent_value(s, o, t, hosts)
    if pl.reruns and free_days:
        rate = o.rate_now if o.before_air else cash_rate(o.air_left - 1)
        hand_v += HAND * min(1.0, best_supply[0][0]) * R.cash_per_cube * rate * min(pl.reruns, max(1, len(free_days)))
    out["hand"] = hand_v
    out["bids"] = bids_v

    # Hotness: rivals expected behind at the ceremonies still to come.
    n = s.n
    mine = projected_hotness(s, o, p, True)
    behind = 0.0
    for q in range(n):
        if q == p:
            continue
        theirs = projected_hotness(s, o, q, False)
        if theirs < mine:
            behind += 1.0
        elif theirs == mine:
            behind += 0.5
    out["hotness"] = R.hot_vp * behind * o.cer_weight

    # Most Talents and Best Show as the guides stand.
    near = o.ceremonies and o.ceremonies[0] == o.r
    w = AWARDS_NEAR if near else AWARDS_FAR
    out["awards"] = w * award_prospect(s, o, p) if o.ceremonies else 0.0

    # Variety.
    genres = {cat.genre[sl.show] for sl in pl.guide if sl is not None and sl.show >= 0}
    var = R.variety_vp * pl.variety * o.cer_weight
    if s.variety > 0 and (o.before_air or s.phase == "ratings"):
        short = R.variety_need - len(genres)
        if short <= 0:
            var += R.variety_vp * o.cer_weight
        elif short == 1:
            var += VARIETY_CLOSE * R.variety_vp * o.cer_weight
    out["variety"] = var

    # Boardroom cards as they would pay now.
    bw = BOARDROOM_NEAR if near else BOARDROOM_FAR
    out["boardroom"] = bw * boardroom_prospect(s, o, p) if o.ceremonies else 0.0

    # Clients on the board this round.
    out["clients"] = client_prospect(s, o, p) if s.phase == "ratings" else 0.0

    # Turn order (R&D tokens move players up at 1.3).
    order = s.order
    if s.phase == "dev" and s.rd:
        rd = list(reversed(s.rd))
        order = rd + [q for q in s.order if q not in rd]
    pos = order.index(p)
    out["turn_order"] = TURN_ORDER * (n - 1 - pos) / max(1, n - 1) * (o.air_left + 1) / R.rounds

    out["pending"] = PR_PENDING if s.stack and s.stack[-1][1] == p and s.stack[-1][0] in ("pr", "pr_add", "pr_swap") else 0.0
    return out


def leaves(s: PTState, o: Outlook, sl: Slot) -> bool:
    """Whether a slot is emptied at this round's clean up (Re-Runs, Single Shows, a canceled
    show's day; Mini Series at the end of a season)."""
    if sl.show < 0:
        return True
    dur = s.cat.dur[sl.show]
    return dur == SINGLE or (dur == MINI and o.r % o.R.season == 0)


def show_value(s: PTState, o: Outlook, c: int, best_supply: list[tuple[float, int]]) -> float:
    """A Show card from hand scheduled at the next broadcast on the best free day."""
    cat = s.cat
    airs = hand_airings(o, cat.dur[c])
    if airs <= 0:
        return 0.0
    if best_supply:
        d = best_supply[0][1]
        supply = o.supply_now[d] if o.before_air else o.supply_later[d]
        rivals = o.rivals[d]
    else:
        supply = [2, 2, 2, 2, 2, 1]
        rivals = s.n - 1
    per = expected_cubes(list(cat.spaces[c]), cat.stars[c], supply, rivals)
    rate = cash_rate(max(0, o.air_left - airs // 2))
    return airs * per * o.R.cash_per_cube * rate


def talent_value(s: PTState, o: Outlook, t: int, hosts: list[tuple[int, Slot, int]]) -> float:
    """A Talent from hand hired for the best show on the guide that can take it."""
    cat = s.cat
    best = 0.0
    for d, sl, airs in hosts:
        if airs <= 0 or sl.show < 0:
            continue
        if any(cat.ttype[x] == cat.ttype[t] for x in sl.talents):
            continue
        free = free_spaces(s, sl)
        pot = ratings.potential(s, sl)
        supply = o.supply_now[d] if o.before_air else o.supply_later[d]
        base = expected_cubes(free, pot, supply, o.rivals[d])
        more = expected_cubes(free + list(cat.spaces[t]), pot + cat.stars[t] + (1 if cat.genre[t] == cat.genre[sl.show] else 0),
                              supply, o.rivals[d])
        gain = (more - base) * airs * o.R.cash_per_cube * cash_rate(max(0, o.air_left - airs // 2))
        best = max(best, gain)
    return HAND * best + IDLE_TALENT


def keep_chance(s: PTState, p: int, kind: int, i: int, amount: int) -> float:
    """The chance that nobody outbids ``p``'s high bid before bidding ends."""
    R = core.rules(s)
    c = s.spaces[kind][i]
    tier = s.cat.tier[c]
    if len(s.bids[kind][i]) >= R.slots[tier] or amount >= R.cap[tier]:
        return 1.0
    floor = s.cat.min_bid[c]
    span = R.cap[tier] - floor + 1
    risk_one = OUTBID * (R.cap[tier] - amount) / span
    keep = 1.0
    bonds = core.bonds_on(s)
    for q, o in enumerate(s.players):
        if q == p or o.tokens <= 0:
            continue
        if bonds or o.cash >= amount + 1:
            keep *= 1.0 - risk_one
    return keep


def projected_hotness(s: PTState, o: Outlook, q: int, mine: bool) -> float:
    """The hotness track position ``q`` may reach this round (it never goes down)."""
    pl = s.players[q]
    best = 0.0
    for d, sl in enumerate(o.guides[q]):
        if sl is None:
            continue
        v = float(sl.n_cubes())
        if mine and d not in o.done_days and (o.before_air or s.phase == "ratings"):
            v += expected_cubes(free_spaces(s, sl), ratings.potential(s, sl), o.supply_now[d], o.rivals[d])
        if v > best:
            best = v
    return max(float(pl.hot), min(best, float(o.R.hot_max))) - (pl.hot_seq * 1e-6 if best <= pl.hot else 0.0)


def award_prospect(s: PTState, o: Outlook, p: int) -> float:
    """Most Talents and Best Show VP for ``p`` if the ceremony were now (PT-AWARD-04..07)."""
    R = o.R
    entries: list[tuple[int, int]] = []
    best: list[tuple[int, int]] = []
    for q, guide in enumerate(o.guides):
        top = -1
        for sl in guide:
            if sl is None or sl.show < 0:
                continue
            if sl.talents:
                entries.append((q, len(sl.talents)))
            pot = ratings.potential(s, sl)
            if pot > top:
                top = pot
        if top >= 0:
            best.append((q, top))
    vp = 0
    values = [x for _, x in entries]
    for i, (q, _) in enumerate(entries):
        if q == p:
            vp += place_vp(values, i, R.most_talents)
    values = [x for _, x in best]
    for i, (q, _) in enumerate(best):
        if q == p:
            vp += place_vp(values, i, R.best_show)
    return float(vp)


def place_vp(values: list[int], i: int, places: list[int], most: bool = True) -> int:
    """Entry ``i``'s share when ``values`` are ranked: :func:`awards.split_places` for one entry."""
    v = values[i]
    better = tied = 0
    for x in values:
        if x == v:
            tied += 1
        elif (x > v) == most:
            better += 1
    return sum(places[better:better + tied]) // tied


def boardroom_prospect(s: PTState, o: Outlook, p: int) -> float:
    """What the face-up Boardroom cards would pay ``p`` now (PT-BRD; :func:`awards.boardroom_vp`
    for one player)."""
    cat = s.cat
    total = 0
    for b in s.br_up:
        if b < 0:
            continue
        d = cat.boardroom[b]
        if d.kind == "genres":
            have = {GENRES[cat.genre[sl.show]] for sl in o.guides[p] if sl is not None and sl.show >= 0}
            total += sum(v for g, v in d.genres.items() if g in have)
        elif d.kind == "threshold":
            v = awards.metric(s, p, d.metric)
            total += max((vp for at_least, vp in d.thresholds if v >= at_least), default=0)
        else:
            values = [awards.metric(s, q, d.metric) for q in range(s.n)]
            total += place_vp(values, p, d.vp, d.order == "most")
    return float(total)


def cubes_by_day(guide: list[Slot | None]) -> list[list[int]]:
    out = []
    for sl in guide:
        have = [0] * 6
        if sl is not None:
            for card in sl.cubes:
                for col in card:
                    if col >= 0:
                        have[col] += 1
        out.append(have)
    return out


def client_prospect(s: PTState, o: Outlook, p: int) -> float:
    """Board clients ``p`` wins with the cubes placed so far, or partly meets (PT-CLIENT)."""
    if not s.clients:
        return 0.0
    days = [cubes_by_day(g) for g in o.guides]
    total = 0.0
    for cl in s.clients:
        needs = s.cat.needs[cl]
        cash = s.cat.clients[cl].cash
        first: list[int] = []
        for q in range(s.n):
            have = [0] * 6
            day = -1
            for d, cubes in enumerate(days[q]):
                for c in range(6):
                    have[c] += cubes[c]
                if after_ratings.requirement_met(needs, have):
                    day = d
                    break
            first.append(day)
        done = [(first[q], s.order.index(q), q) for q in range(s.n) if first[q] >= 0]
        if done:
            if min(done)[2] == p:
                total += cash * o.rate_now
            continue
        have = [sum(days[p][d][c] for d in range(s.days)) for c in range(6)]
        need = sum(needs)
        met = sum(min(have[c], needs[c]) for c in range(5))
        met = min(need, met + have[BLACK])
        total += CLIENT_PROGRESS * cash * o.rate_now * (met / need) ** 2
    return total
