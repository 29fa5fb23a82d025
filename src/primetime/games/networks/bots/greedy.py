"""A one-step look-ahead bot for The Networks.

For every legal key the bot copies the state, applies the key with the rules engine and
scores the result for itself with :func:`evaluate`, a transparent sum of parts (see
:func:`breakdown`):

* ``banked``     viewers already scored in past rounds;
* ``viewers``    this round's viewers from the engine's forecast (lineup + pass bonus), plus
                 the lineup's viewers in the remaining rounds as the shows age (weighted
                 :data:`FUTURE`, since a lineup changes);
* ``cash``       cash plus the upkeep the lineup will earn or cost, at 1 viewer per $3M
                 (cash is worth a little more while there are rounds left to spend it);
* ``shortfall``  a penalty when this round's upkeep cannot be paid (shows get cancelled);
* ``genres``     end-game value of the genre tracks;
* ``grid``       with Telly Time: the viewers the filled Genre Grid squares will score in the
                 rounds left (a square a production in progress fills counts too), and a little
                 for lines one square short of their bonus; Quiz viewers bought this round;
* ``reruns``     rerun value of cancelled shows, and of shows that will age out;
* ``network``    game-end network cards;
* ``pass_later`` the pass bonuses the player can still expect (this round's, if not passed
                 yet, and the later rounds', with Telly Time's $1M per empty grid square), so
                 passing now is weighed against acting now and passing later;
* ``potential``  a small value for stars, ads and network cards waiting in the green
                 room, reserved shows and attachments;
* ``moguls``     with the Moguls module only: Game End Moguls at their current value plus
                 the growth still expected, Ongoing Moguls for the rounds left, a Prime Time
                 Special already used this round, and a face-up Use Once Mogul held back
                 (a fixed worth while two rounds or more are left, less as the game ends, and
                 at least 0.8 of a rough value of using it now: the bot uses it when using it
                 gains more than keeping it, in the last round at the latest).

At the end of the game the real final score is used.  A production in progress is valued
as if the show were finished in its best timeslot; the player's own follow-up decisions of
the same action (where to attach, which timeslot, which card to take ...) are looked at one
level deeper.

The bot only uses what its player may see: it looks ahead from the rules' determinization
(:func:`primetime.games.networks.rules.determinize.determinize`), in which every hidden part
is rebuilt from the player's view, never copied: deck order, the solo opponent's deck, the
other players' Pilot Season offers and the random generator.
"""

from __future__ import annotations

from typing import Any, Final

from primetime.core.rewards import ahead_rewards
from primetime.core.rng import Rng
from primetime.games.networks import tables as TB
from primetime.games.networks.rules import determinize as D
from primetime.games.networks.rules import executives as X
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import genre_grid as GG
from primetime.games.networks.rules import moguls as M
from primetime.games.networks.rules import pilot as PI
from primetime.games.networks.rules import production as P
from primetime.games.networks.rules import round_end as RE
from primetime.games.networks.rules import rounds as R
from primetime.games.networks.rules import slots as SL
from primetime.games.networks.rules import timeslots as TS
from primetime.games.networks.rules import values as V
from primetime.games.networks.state import NetState

# Constants are Final so that the compiled build (tools/build_fast.py) uses their values directly.
# Weights of the evaluation (viewers per unit).
FUTURE: Final = 0.95  # a viewer or an upkeep dollar in a later round
RERUN: Final = 0.8  # rerun value of a show that will age out later
CASH: Final = 1 / 3  # a dollar at the end of the game (NET-END: 1 viewer per $3M)
CASH_EARLY: Final = 0.12  # extra value of a dollar per round still to play
STAR_POTENTIAL: Final = 0.35  # share of a green-room star's viewers counted before it is attached
STAR_POTENTIAL_NO_SLOT: Final = 0.2  # ... when no show in the lineup has a free slot
AD_POTENTIAL: Final = 1.0  # share of a green-room ad's income counted before it is attached
NETWORK_CARD: Final = 2.5  # a usable or ongoing network card in the green room
RESERVED_SHOW: Final = 1.5  # a show held with Exclusive Rights
ATTACHMENT: Final = 0.25  # per attachment on a show in the lineup
SHORTFALL: Final = 3.0  # penalty when this round's upkeep cannot be paid
PASS_LATER: Final = 1.0  # share of the pass bonus still to come for a player who has not passed
USE: Final = 0.01  # using a network card must gain something (no idle uses)
WIDE: Final = 6  # deeper follow-ups are looked at only when they have at most this many options
STALL: Final = 200  # after this many decisions in one round, prefer keys that end the turn
NEAR_LINE: Final = 0.75  # Telly Time: a grid line one square short of its bonus
MOGUL_HELD: Final = 5.0  # a face-up Use Once Mogul with two rounds or more left (the Moguls module)
MOGUL_NOW: Final = 0.8  # share of a Use Once Mogul's rough value now that holding it is worth (using it gains the real value)
MOGUL_ONGOING: Final = 2.5  # an Ongoing Mogul whose worth the lineup does not show, per round left
# Game End Moguls: expected growth per round left, per point of their parameter
MOGUL_GROWTH = {"per_rerun_show": 0.8, "per_genre": 0.4}
# Executives, by board id: what a board is worth over a game, in viewers, measured in 4-player greedy
# games in which every player keeps one of its two boards at random (docs/design-decisions.md,
# Executives).  After the second balance pass every board measured within its error of the others,
# so none is worth more than another: at the choice every board is worth the same to the evaluation
# (its numbers' worth is replaced by this), and the numbers take over as the game goes on.
EXEC_PRIOR: dict[str, float] = {}

# The search's rewards (primetime.games.networks.bots.search), from the evaluation
MARGIN: Final = 12.0  # viewers: the scale of "how far ahead" in the multiplayer reward
SOLO_SCALE: Final = 250.0  # viewers: the scale of the solo reward

# The player's own follow-up decisions that are looked at one level deeper.
FOLLOW_UPS: Final = frozenset({"att_target", "prod_slot", "prod_genre", "prod_promo", "ba_extra", "pick", "talent", "bonus",
                        "mogul", "mogul_pick"})


class GreedyBot:
    """The greedy policy (a :class:`primetime.core.plugin.Policy`); :mod:`primetime.bots` plays it as the ``greedy`` bot."""

    name = "greedy"

    def __init__(self, seed: int = 0, depth: int = 2) -> None:
        self.seed = seed
        self.depth = depth
        self.rng = Rng(seed)
        self._stamp: tuple[int, str] = (-1, "")
        self._count = 0

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})"

    def select(self, ruleset: Any, state: Any, player: int, keys: list[str]) -> str:
        if not isinstance(state, NetState):
            raise TypeError("GreedyBot plays The Networks only")
        # Safety net: a round cannot go on for ever (some network cards can be used again and again).
        stamp = (state.round, state.phase)
        self._count = self._count + 1 if stamp == self._stamp else 1
        self._stamp = stamp
        if self._count > STALL:
            ending = [k for k in keys if k.split(":")[0] in ("pass", "end", "done", "stop", "skip", "no", "rotate") or k == "x:pass"]
            if ending:
                keys = ending
        base = self.hide(state, player)
        if "pass:viewers" in keys and state.stack[-1][0] == "turn" and state.stack[-1][2] == 1:
            keys = self.pass_after_action(base, player, keys)
        best: list[str] = []
        best_v = float("-inf")
        for key in keys:
            v = self.key_value(base, player, key, self.depth)
            if key.startswith("use:") or key.startswith("usemogul:"):
                v -= USE
            if v > best_v + 1e-9:
                best_v, best = v, [key]
            elif v > best_v - 1e-9:
                best.append(key)
        return best[0] if len(best) == 1 else str(self.rng.choice(best))

    def pass_after_action(self, s: NetState, p: int, keys: list[str]) -> list[str]:
        """Cable may pass straight after its action: only when no action of a next turn (on
        today's display) would be worth more than passing now.  Passing at once always looks
        best to a one-step evaluation, which does not see the actions it gives up."""
        t = s.clone()
        t.stack[-1] = ("turn", p, 0)
        acts = [k for k in F.legal(t) if not k.startswith(("pass", "use:", "x:"))]
        if not acts:
            return keys
        act = max(self.key_value(t, p, k, self.depth) for k in acts)
        if act > self.key_value(s, p, "pass:viewers", self.depth):
            return [k for k in keys if not k.startswith("pass")]
        return keys

    def hide(self, s: NetState, p: int) -> NetState:
        """A copy of ``s`` whose hidden parts are rebuilt from ``p``'s view and re-dealt (a
        plausible, not the true, future): the rules' determinization."""
        return D.determinize(s, p, self.rng)

    def best_key(self, s: NetState, p: int, keys: list[str], depth: int) -> str:
        """The first of ``keys`` with the highest :meth:`key_value` for ``p`` (``max`` by value): the
        search's quick answer to a follow-up step, at ``depth`` 0."""
        best = keys[0]
        best_v = self.key_value(s, p, best, depth)
        for k in keys[1:]:
            v = self.key_value(s, p, k, depth)
            if v > best_v:
                best, best_v = k, v
        return best

    def key_value(self, s: NetState, p: int, key: str, depth: int) -> float:
        t = s.clone()
        F.apply(t, key)
        if key == "x:early" and depth > 0:  # Gorilla's early turn is worth its best action
            return max(self.key_value(t, p, k, depth - 1) for k in F.legal(t))
        if t.phase != "over" and depth > 0 and t.stack:
            top = t.stack[-1]
            if top[1] == p and top[0] in FOLLOW_UPS:
                keys = F.legal(t)
                if top[0] == "pick" and top[2] == "onset":
                    keys = [k for k in keys if k != "done"] or keys  # an idle use gains nothing
                if len(keys) == 1:  # a forced step costs no depth
                    return self.key_value(t, p, keys[0], depth)
                if depth == self.depth or len(keys) <= WIDE:
                    return max(self.key_value(t, p, k, depth - 1) for k in keys)
        return evaluate(t, p)


# ---------------------------------------------------------------------- evaluation


def evaluate(s: NetState, p: int) -> float:
    """How good ``s`` is for player ``p``, in viewers (the final score once the game is over)."""
    if s.phase == "over":
        assert s.final is not None
        return float(s.final["players"][p]["total"])
    return sum(breakdown(s, p).values())


def rewards(s: NetState, n: int) -> list[float]:
    """Each player's reward in [0, 1] for the (possibly unfinished) state ``s``, for the search
    (:mod:`primetime.games.networks.bots.search`): ``sigmoid((own - best other) / MARGIN)``, how
    likely the player is ahead; in solo the own score over ``SOLO_SCALE``."""
    v = [evaluate(s, q) for q in range(n)]
    if n == 1:
        return [v[0] / SOLO_SCALE]
    return ahead_rewards(v, MARGIN)


def _rerun(d: Any) -> int:
    return int(d.rerun if d.rerun is not None else d.seasons[3])


# A show's projected contribution (a plain tuple of numbers, so that the memo below holds nothing the
# garbage collector must scan: a server keeps it for hours beside thousands of live tables):
# viewers, upkeep and rerun value to come, the cancel value, the attachments, the free slots, the upkeep per round.
# Of any length to the type checker, so that the compiled build passes the tuple itself around
# instead of unpacking it and packing a new one at every use.
_Entry = tuple[float, ...]


def _worth(e: _Entry, cash_value: float) -> float:
    return e[0] + e[1] * cash_value + e[2] + ATTACHMENT * e[4]


def _project(T: TB.Tables, cid: int, row: int, atts: tuple[tuple[int, bool], ...], left: int, aged: int,
             extra: int, free: int) -> _Entry:
    """A show on ``row`` with ``atts`` over the ``left`` rounds still to score.

    ``aged`` is 1 when this round is scored but the shows have not aged yet; ``extra`` is a
    show effect's bonus per round (Reinfeld).
    """
    d = T.defs[cid]
    seasons = d.seasons
    up = d.income - d.expenses
    for c, rot in atts:
        up += TB.att_income(T, c, rot) - TB.att_expense(T, c, rot)
    vw = uw = rr = 0.0
    for k in range(left):
        r = row + aged + k
        if r > 3:  # cancelled when it ages off the bottom row (NET-SEAS-03)
            rr = RERUN * _rerun(d)
            break
        w = 1.0 if k == 0 else FUTURE
        v = seasons[r] + extra
        for c, rot in atts:
            v += TB.att_viewers(T, c, rot, r)
        vw += w * v
        uw += w * up
    return (vw, uw, rr, float(_rerun(d)), float(len(atts)), float(free), float(up))


def _slot_total(T: TB.Tables, show: int) -> int:
    """The show's attachment slots, required and optional (``ShowDef.slots.total``), from the tables."""
    stars, ads, wild = T.cap[show]
    return stars + ads + wild


_SLOT_NUMBER: Final = {f"slot:{i}": i for i in range(4)}  # a timeslot option's lineup slot ("slot:2": 2)

_PROJECTIONS: dict[tuple[int, ...], _Entry] = {}


def _projection(T: TB.Tables, cid: int, row: int, atts: tuple[tuple[int, bool], ...], left: int, aged: int,
                extra: int, free: int) -> _Entry:
    """:func:`_project`, memoised (the same shows are looked at again and again)."""
    code = 0
    for c, rot in atts:  # the attachments as one number: the key holds no tuple the collector must look at
        code = (code << 32) | ((c << 1 | rot) + 1)
    key = (id(T), cid, row, code, left, aged, extra, free)
    e = _PROJECTIONS.get(key)
    if e is None:
        if len(_PROJECTIONS) > 200_000:
            _PROJECTIONS.clear()
        e = _PROJECTIONS[key] = _project(T, cid, row, atts, left, aged, extra, free)
    return e


def breakdown(s: NetState, p: int) -> dict[str, float]:
    """The parts of :func:`evaluate` (see the module docstring)."""
    T = s.T
    pl = s.players[p]
    if s.phase == "over":
        assert s.final is not None
        row = s.final["players"][p]
        final = {"banked": float(row["rounds_total"]), "genres": float(row["genres"]), "reruns": float(row["reruns"]),
                 "network": float(row["network"]), "cash": float(row["cash"])}
        if "moguls" in row:
            final["moguls"] = float(row["moguls"])
        if "execs" in row:
            final["execs"] = float(row["execs"])
        return final
    scored = len(pl.scores)
    left = RE.ROUNDS - scored
    aged = 1 if (s.phase == "round_end" and scored == s.round and scored > 0) else 0
    cash_value = CASH + CASH_EARLY * max(0, left - 1)
    cash = pl.cash
    green = list(pl.green)
    extra_reruns = 0.0

    # The lineup as it stands; this round's viewers are counted as the engine's forecast counts them.
    lineup: list[_Entry | None] = []
    for sh in pl.lineup:
        if sh is None:
            lineup.append(None)
            continue
        d = T.defs[sh.cid]
        free = _slot_total(T, sh.cid) + sh.x_star + sh.x_ad + sh.x_wild - len(sh.atts)
        extra = 0
        if T.effect[sh.cid] == "reinfeld" or sh.genre == "chat":  # its bonus depends on the whole lineup (NET-TELLY-12)
            extra = V.show_viewers(s, p, sh) - d.seasons[sh.row] - sum(TB.att_viewers(T, c, r, sh.row) for c, r in sh.atts)
        lineup.append(_projection(T, sh.cid, sh.row, tuple(sh.atts), left, aged, extra, free))
    now_upkeep = sum(e[6] for e in lineup if e is not None)

    # Productions still to finish: the one in progress, pending pilot shows, unsettled pilot picks.
    pending: list[tuple[int, tuple[int, ...], tuple[int, ...], int, str]] = []  # show, atts, paid, slot, genre
    pr = s.prod
    if pr is not None and pr["p"] == p:
        atts = tuple(pr["atts"])
        cash -= P.production_cost(s, p, pr["show"], atts, pr["src"]) + sum(T.defs[c].promo_cost for c in pr["paid"])
        green = [c for c in green if c not in atts]
        paid = tuple(pr["paid"])
        if any(T.effect[c] == "cross_promoting" for c in atts):  # promos turn upright for free (NET-CARD-21)
            paid = atts
        pending.append((pr["show"], atts, paid, int(pr["slot"]), str(pr["genre"])))
    unsettled = False
    for step in s.stack:
        if step[0] == "pilot_prod" and step[1] == p:
            pending.append((step[2], (), (), -1, T.defs[step[2]].genre))
        elif step[0] == "pilot_done":
            unsettled = True
    if unsettled and s.extra["kept"][p]:
        kept = s.pilot[p]
        cash += PI.pilot_net(T, kept)
        for c in kept:
            if T.kind[c] == TB.SHOW:
                pending.append((c, (), (), -1, T.defs[c].genre))
            else:
                green.append(c)
    for show, atts, paid, fixed, genre in pending:
        d = T.defs[show]
        best_gain, best_slot, best_entry = float("-inf"), -1, None
        for slot in ((fixed,) if fixed >= 0 else tuple(_SLOT_NUMBER[k] for k in TS.slot_options(s, show))):
            preferred = TS.preferred(d.timeslot, d.effect, slot) or X.effect(s, p) == "flix"
            placed: list[tuple[int, bool]] = []
            for c in atts:
                if T.promo[c]:
                    placed.append((c, c not in paid))
                else:
                    placed.append((c, not SL.condition_met(s, p, c, genre, slot, [o for o in atts if o != c])))
            entry = _projection(T, show, 0 if preferred else 2, tuple(placed), left, aged, 0, _slot_total(T, show) - len(atts))
            old = lineup[slot]
            gain = _worth(entry, cash_value) - (_worth(old, cash_value) - old[3] if old is not None else 0.0)
            if gain > best_gain:
                best_gain, best_slot, best_entry = gain, slot, entry
        old = lineup[best_slot]
        if old is not None:
            extra_reruns += old[3]
        lineup[best_slot] = best_entry

    shows = [e for e in lineup if e is not None]
    upkeep = sum(e[1] for e in shows)
    out: dict[str, float] = {"banked": float(sum(pl.scores))}
    viewers = sum(e[0] for e in shows)
    if not aged and s.phase != "pilot":
        viewers += pl.pass_viewers
    out["viewers"] = viewers
    out["cash"] = (cash + upkeep) * cash_value
    shortfall = 0.0
    if not aged and s.phase in ("play", "round_end") and cash + now_upkeep < 0:
        shortfall = SHORTFALL + (-(cash + now_upkeep)) * CASH
    out["shortfall"] = -shortfall
    b = RE.end_bonuses(s, p)
    out["genres"] = float(b["genres"])
    if TS.telly(s):
        out["grid"] = grid_value(s, p, [g for *_, g in pending], left)
    out["reruns"] = b["reruns"] + extra_reruns + sum(e[2] for e in shows)
    out["network"] = float(b["network"])

    # Potential of cards waiting in the green room.
    pot = ATTACHMENT * sum(e[4] for e in shows) + RESERVED_SHOW * len(pl.reserved)
    free_slot = any(e[5] > 0 for e in shows)
    for c in green:
        k = T.kind[c]
        d = T.defs[c]
        if k == TB.STAR:
            share = STAR_POTENTIAL if free_slot else STAR_POTENTIAL_NO_SLOT
            vs = d.viewers
            pot += share * (sum(vs[min(j, 3)] for j in range(left)) - d.expenses * left * cash_value)
        elif k == TB.AD:
            vs = d.viewers
            pot += AD_POTENTIAL * left * (d.income * cash_value + (vs[0] if d.promo_cost else 0))
        elif k == TB.NET and d.timing != "game_end":
            pot += NETWORK_CARD
    out["potential"] = pot
    out["pass_later"] = pass_later(s, p, cash_value)
    if s.mog is not None:
        out["moguls"] = b["moguls"] + mogul_outlook(s, p, left, aged, cash_value)
    if "x" in s.extra:
        out["execs"] = executive_value(s, p, cash_value, left)
    return out


def grid_value(s: NetState, p: int, pending: list[str], left: int) -> float:
    """Telly Time's Genre Grid for ``p``: 1 viewer per filled square in each round still to score
    (NET-TELLY-08; squares the pending productions fill count as filled), a share of the bonus of
    lines one square short (NET-TELLY-05), and the Quiz viewers bought this round (NET-TELLY-11)."""
    grid = s.cat.grid
    assert grid is not None
    mask = GG.filled_mask(s, p)
    for g in pending:
        mask |= 1 << grid.squares.index(g)
    filled = bin(mask).count("1")
    near = sum(1 for ln in grid.lines if sum(mask >> q & 1 for q in ln.squares) == 2)
    return float(GG.FILLED_SQUARE_VIEWERS * filled * left + NEAR_LINE * near + int(s.extra["quiz"][p]))


def _use_now(s: NetState, p: int, d: Any, cash_value: float, aged: int) -> float:
    """A rough value of using a Use Once Mogul now (the real gain is found by applying it)."""
    pl = s.players[p]
    prm = d.params
    shows = [sh for sh in pl.lineup if sh is not None]
    if d.effect == "special":
        return 0.0 if aged else float(int(prm["per"]) * len(shows))
    if d.effect == "cash_per_rerun":
        return int(prm["per"]) * sum(1 for c in pl.reruns if s.T.kind[c] == TB.SHOW) * cash_value
    if d.effect == "renew_all":
        return float(sum(s.T.defs[sh.cid].seasons[sh.row - 1] - s.T.defs[sh.cid].seasons[sh.row] for sh in shows if sh.row > 0))
    if d.effect == "take_display":
        return 2.0 * min(int(prm["count"]), sum(len(s.display[k]) for k in (TB.STAR, TB.AD, TB.NET)))
    return 0.0


def mogul_outlook(s: NetState, p: int, left: int, aged: int, cash_value: float) -> float:
    """What ``p``'s Moguls are still worth beyond the Game End value they would score now (see the
    module docstring, ``moguls``)."""
    mog = s.mog
    assert mog is not None
    shows = sum(1 for sh in s.players[p].lineup if sh is not None)
    v = float(mog.special[p] * shows) if not aged else 0.0  # Prime Time Special, this round's scoring
    stars = sum(1 for sh in s.players[p].lineup if sh is not None for c, _r in sh.atts if s.T.kind[c] == TB.STAR)
    ads = sum(1 for sh in s.players[p].lineup if sh is not None for c, _r in sh.atts if s.T.kind[c] == TB.AD)
    rounds = left  # round scorings still to come
    for j in mog.owned[p]:
        d = M.mdef(s, j)
        prm = d.params
        if d.timing == "use_once" and j not in mog.used[p]:
            later = MOGUL_HELD * min(1.0, max(0, rounds - 1) / 2)
            v += max(later, MOGUL_NOW * _use_now(s, p, d, cash_value, aged))
        elif d.timing == "ongoing":
            if d.effect == "star_viewers":
                v += int(prm["per"]) * stars * rounds
            elif d.effect == "ad_income":
                v += int(prm["per"]) * ads * rounds * cash_value
            else:
                v += MOGUL_ONGOING * rounds
        elif d.timing == "game_end" and d.effect in MOGUL_GROWTH:
            v += MOGUL_GROWTH[d.effect] * int(prm["per"]) * max(0, rounds - 1)
    return v


def numbers_at_choice(s: NetState, i: int) -> float:
    """What board ``i``'s numbers are worth to :func:`executive_value` when it is chosen (round 0, every
    round still to come): its end-game viewers, its round-1 cash and its pass bonus changes, as the
    modules on change them (``module_params``), so that every board is worth the same at the choice."""
    cash_value = CASH + CASH_EARLY * (RE.ROUNDS - 1)
    return (float(X.board_param(s, i, "end_viewers")) + float(X.board_param(s, i, "start_cash")) * cash_value
            + RE.ROUNDS * 0.5 * (float(X.board_param(s, i, "pass_cash")) * cash_value + float(X.board_param(s, i, "pass_viewers"))))


def executive_value(s: NetState, p: int, cash_value: float, left: int) -> float:
    """The Executive's worth still to come: its end-game viewers, the round-1 cash not yet
    settled, its pass bonus changes over the rounds left and, spread over the rounds left, its
    measured worth (``EXEC_PRIOR``) in place of what these numbers were worth at the choice; less
    this round's pass bonus when Gorilla's early turn has cost it."""
    i = X.board(s, p)
    if i < 0:
        return 0.0
    b = X.EX.boards[i]
    v = float(X.param(s, p, "end_viewers")) + (EXEC_PRIOR.get(b.id, 0.0) - numbers_at_choice(s, i)) * left / RE.ROUNDS
    if s.round == 0:
        v += max(X.param(s, p, "start_cash"), -s.players[p].cash) * cash_value
    rounds = left - (1 if p in s.pass_order else 0)
    v += rounds * 0.5 * (X.param(s, p, "pass_cash") * cash_value + X.param(s, p, "pass_viewers"))
    if s.phase == "play" and s.extra["xg"][p] and p not in s.pass_order:
        track = s.setup.pass_track
        c = track[min(len(s.pass_order), len(track) - 1)]
        # the pass track's bonus this round (the grid's $1M per empty square still pays, NET-TELLY-07)
        v -= PASS_LATER * max(c.cash * cash_value, float(c.viewers or 0))
    return v


def pass_later(s: NetState, p: int, cash_value: float) -> float:
    """The pass bonuses ``p`` can still expect: this round's (the next free column; in solo
    the first one while the opponent is in) and one per round still to start."""
    track = s.setup.pass_track
    # NET-TELLY-07: with Telly Time every pass also pays $1M per empty grid square
    grid_cash = GG.pass_grid_cash(s, p) * cash_value

    def worth(col: int) -> float:
        c = track[min(col, len(track) - 1)]
        return PASS_LATER * (max(c.cash * cash_value, float(c.viewers or 0)) + grid_cash)

    later = (RE.ROUNDS - s.round) * worth(0 if s.solo else 1)
    if s.phase != "play" or p in s.pass_order:
        return later
    if R.is_last(s, p):
        return later + track[-1].cash * cash_value + grid_cash
    return later + worth(len(s.pass_order) + (0 if s.solo else 1))
