"""Prime Time for learning agents: a stable action vocabulary and a fixed-size observation.

:mod:`primetime.envs` wraps any game that hands over an encoding (``GamePlugin.encoding``); this
module is Prime Time's one, built from the card catalogue and the board.

**The action vocabulary** (version :data:`ACTION_VOCAB_VERSION`) names every option key the rules
can offer. Show and Talent keys already carry card ids (``show:SH-03:mon``), bidding spaces their
position (``bid:show:0``: the leftmost show space), and the bid amount is one entry per whole
dollar up to the highest cap (``amt:0`` .. ``amt:16``): the amount is a free parameter of the
rules, bounded by the board's caps, so it stays one entry per value. The cube keys
(``cube:<cube colour>:<card>:<space colour>``) are derived from each card's cube spaces: a cube of
the space's colour or a black one, any colour on an ``any`` space. :func:`vocabulary_templates`
lists every template with what it ranges over (``docs/rl.md`` prints it).

**The observation** is what :func:`primetime.games.prime_time.ruleset.view` shows the seat, read
straight from the state: the board, bids, pools and Forecast, every TV Guide as the seat may see it
(behind the screens of Simultaneous Scheduling, the guides as they stood), the seat's own hand,
face-down talents and starting offer, and only counts of the others' hands. Never the decks, the
bag, the clients' and Boardroom piles or the random generator. Seats are relative: block 0 is the
observing seat.
"""

from __future__ import annotations

from typing import Any, Final

from primetime.core.writer import BytesWriter, write_f32_le
from primetime.games.prime_time.cards import ANY, COLOURS, SPACE_COLOURS, Catalogue, default_catalogue
from primetime.games.prime_time.rules import flow
from primetime.games.prime_time.rules.core import DAY_KEYS, KINDS, rules
from primetime.games.prime_time.state import NOSHOW, RERUN, PTState

ACTION_VOCAB_VERSION: Final = 1
OBSERVATION_VERSION: Final = 1

SEATS: Final = 4
DAYS: Final = len(DAY_KEYS)
DECISIONS: Final = ("keep", "place", "amount", "outbid", "pr", "pr_add", "pr_to", "pr_swap", "pr_swap2", "sched", "cube")
PHASES: Final = ("setup", "dev", "bids", "schedule", "ratings", "over")
ACTIONS: Final = ("rd", "archives", "golf", "pr", "hr")
BLACK_CUBE: Final = len(COLOURS) - 1


def _board_spaces(cat: Catalogue) -> tuple[int, int]:
    assert cat.board is not None
    return len(cat.board.show_space), len(cat.board.talent_space)


def vocabulary_templates() -> list[tuple[str, list[str]]]:
    """``(template, values)`` of every vocabulary entry, in vocabulary order; ``{}`` stands for each value."""
    cat = default_catalogue()
    assert cat.board is not None
    ids = cat.ids
    shows = [ids[i] for i in range(len(ids)) if cat.is_show[i]]
    talents = [ids[i] for i in range(len(ids)) if not cat.is_show[i]]
    n_show, n_talent = _board_spaces(cat)
    cap = max(cat.board.bidding.cap.silver, cat.board.bidding.cap.gold)
    days = list(DAY_KEYS)
    moves = [f"{d}:{e}" for d in days for e in days if d != e]
    rows = cat.board.cubes.forecast_rows
    pools = [f"{d}:{c}" for d in days for c in COLOURS]
    cubes: list[str] = []
    for target, spaces in [("rerun", cat.rerun_spaces)] + [(ids[i], cat.spaces[i]) for i in range(len(ids))]:
        for x in sorted(set(spaces)):
            allowed = range(len(COLOURS)) if x == ANY else (x, BLACK_CUBE)
            cubes += [f"{COLOURS[c]}:{target}:{SPACE_COLOURS[x]}" for c in allowed]
    return [
        ("{}", ["done", "pass", "none", "add", "swap", "rd", "archives", "golf", "pr"]),
        ("discard:{}", shows), ("hr:{}", talents),
        ("bid:show:{}", [str(i) for i in range(n_show)]), ("bid:talent:{}", [str(i) for i in range(n_talent)]),
        ("buy:show:{}", [str(i) for i in range(n_show)]), ("buy:talent:{}", [str(i) for i in range(n_talent)]),
        ("amt:{}", [str(v) for v in range(cap + 1)]),
        ("forecast:{}", [f"{r}:{d}" for r in range(rows) for d in days]), ("pool:{}", pools), ("to:{}", days),
        ("show:{}", [f"{c}:{d}" for c in shows for d in days]), ("rerun:{}", days),
        ("talent:{}", [f"{t}:{d}" for t in talents for d in days]), ("move:{}", moves),
        ("cube:{}", cubes),
    ]


def vocabulary() -> tuple[str, ...]:
    """Every action of the vocabulary, by index."""
    out: list[str] = []
    for template, values in vocabulary_templates():
        out += [template.replace("{}", v) for v in values]
    assert len(set(out)) == len(out), "the action vocabulary has a duplicate entry"
    return tuple(out)


class PrimeTimeEncoding:
    """The action vocabulary and the observation encoder of Prime Time."""

    game = "prime-time"
    version = ACTION_VOCAB_VERSION
    observation_version = OBSERVATION_VERSION

    def __init__(self) -> None:
        cat = default_catalogue()
        self.actions: tuple[str, ...] = vocabulary()
        self._index = {a: i for i, a in enumerate(self.actions)}
        self._known: dict[int, Any] = {}  # the card lists already checked against the vocabulary, by id() (held: no id reused)
        self.n_cards = C = len(cat.ids)
        self.n_clients = len(cat.clients)
        self.n_boardroom = len(cat.boardroom)
        n_show, n_talent = _board_spaces(cat)
        self.n_spaces = (n_show, n_talent)
        S = n_show + n_talent
        blocks: list[tuple[str, int]] = [(f"seat+{r} guide cards", C) for r in range(SEATS)]
        blocks += [(f"own guide cards on {d}", C) for d in DAY_KEYS]
        blocks += [("own hand", C), ("own face-down talents", C), ("own starting offer", C), ("discards", C)]
        blocks += [(f"card on {KINDS[k]} space {i}", C) for k in range(2) for i in range(self.n_spaces[k])]
        blocks += [("clients on the board", self.n_clients), ("clients discarded", self.n_clients),
                   ("clients won, per relative seat", SEATS * self.n_clients),
                   ("boardroom face up", self.n_boardroom), ("boardroom discarded", self.n_boardroom),
                   ("guide day kind (none, show, re-run, canceled) per relative seat and day", SEATS * DAYS * 4),
                   ("forecast cube colour per row and day", 3 * DAYS * len(COLOURS)),
                   ("high bidder (relative) per space", S * SEATS),
                   ("pending kind (own decision)", len(DECISIONS)), ("pending player (relative)", SEATS),
                   ("waiting players (relative)", SEATS), ("pending space (amount, outbid)", S),
                   ("pending day (cube, pr_to, pr_swap2)", DAYS), ("pending colour (pr_swap2, pr_to from a pool)", len(COLOURS)),
                   ("own moved days (schedule)", DAYS), ("phase", len(PHASES)), ("players", SEATS),
                   ("options: bonds, simultaneous", 2), ("turn order position of each relative seat", SEATS * SEATS)]
        self.hot_blocks = blocks
        self.hot_size = sum(n for _, n in blocks)
        at: dict[str, int] = {}
        pos = 0
        for name, n in blocks:
            at[name] = pos
            pos += n
        self._at = at
        # the offsets observe() writes at, looked up once
        self._guide_at = [at[f"seat+{r} guide cards"] for r in range(SEATS)]
        self._own_day_at = at["own guide cards on mon"]
        self._hand_at = at["own hand"]
        self._facedown_at = at["own face-down talents"]
        self._offer_at = at["own starting offer"]
        self._discards_at = at["discards"]
        self._spaces_at = at["card on show space 0"]
        self._clients_at = at["clients on the board"]
        self._clients_out_at = at["clients discarded"]
        self._won_at = at["clients won, per relative seat"]
        self._br_up_at = at["boardroom face up"]
        self._br_out_at = at["boardroom discarded"]
        self._day_kind_at = at["guide day kind (none, show, re-run, canceled) per relative seat and day"]
        self._forecast_at = at["forecast cube colour per row and day"]
        self._bidder_at = at["high bidder (relative) per space"]
        self._kind_at = at["pending kind (own decision)"]
        self._pending_at = at["pending player (relative)"]
        self._waiting_at = at["waiting players (relative)"]
        self._space_at = at["pending space (amount, outbid)"]
        self._day_at = at["pending day (cube, pr_to, pr_swap2)"]
        self._colour_at = at["pending colour (pr_swap2, pr_to from a pool)"]
        self._moved_at = at["own moved days (schedule)"]
        self._phase_at = at["phase"]
        self._players_at = at["players"]
        self._opts_at = at["options: bonds, simultaneous"]
        self._order_at = at["turn order position of each relative seat"]
        self.dense_names = self._dense_names()
        self.size = self.hot_size + len(self.dense_names)
        self._keys: dict[int, dict[str, int]] = {}
        self._zeros = bytes(self.hot_size)  # the one-hot part before anything is written

    def key_index(self, state: PTState) -> dict[str, int]:
        """The engine's option keys -> vocabulary index (Prime Time's keys name cards by id already)."""
        ids = state.cat.ids
        if id(ids) in self._known:  # the catalogue is shared by a game's states and their clones: checked once
            return self._index
        unknown = [c for c in ids if f"discard:{c}" not in self._index and f"hr:{c}" not in self._index]
        if unknown:
            raise ValueError(f"the card set has cards the action vocabulary v{self.version} does not know "
                             f"({', '.join(unknown[:5])}): the environments play the standard cards only")
        if len(self._known) > 64:
            self._known.clear()
        self._known[id(ids)] = ids
        return self._index

    def _dense_names(self) -> list[str]:
        names = ["round / 6", "decks: shows / 48", "decks: talents / 38", "decks: clients / 17", "re-run supply / 12",
                 "variety supply / 6", "cubes in the bag / 50", "days in use / 5", "development position / 12",
                 "own decision: stage (cube)", "own decision: outbid amount / 16"]
        names += [f"{a} tokens of seat+{r} / 3" for a in ACTIONS for r in range(SEATS)]
        names += [f"pool {d} {c} / 5" for d in DAY_KEYS for c in COLOURS]
        for k in range(2):
            names += [f"{KINDS[k]} space {i}: {x}" for i in range(self.n_spaces[k])
                      for x in ("open", "gold", "bids / 3", "high bid / 16", "own bid")]
        for r in range(SEATS):
            names += [f"seat+{r} {x}" for x in (
                "in the game", "cash / 20", "vp / 20", "hotness / 20", "bonds", "bonds value / 20", "variety tokens",
                "tokens left", "shows in hand", "talents in hand", "re-runs in hand", "face-down talents", "passed today",
                "primary cubes left", "clients")]
            names += [f"seat+{r} {d}: {x}" for d in DAY_KEYS for x in ("talents", *[f"{c} cubes" for c in COLOURS])]
        names += [f"own {d}: empty {c} spaces" for d in DAY_KEYS for c in SPACE_COLOURS]
        return names

    def observe(self, s: PTState, seat: int) -> tuple[bytes, bytes]:
        """What ``seat`` may see in ``s``: ``(the one-hot part, a byte 0 or 1 per entry; the dense block,
        little-endian float32)``.  Both are written into librt's ``BytesWriter``, whose writes the
        compiled build makes plain C (:mod:`primetime.core.writer`)."""
        C = self.n_cards
        cat = s.cat
        n = s.n
        R = rules(s)
        hot = BytesWriter()
        hot.write(self._zeros)
        stack = s.stack
        top = stack[-1] if stack else None
        waiting: list[int] = flow.pending_players(s) if stack else []
        mine = seat in waiting
        me = s.players[seat]
        # the dense block, in its order: the head, action tokens, pools, spaces, seats, own empty spaces
        stage = 0.0
        outbid = 0.0
        if mine and top is not None:
            if top[1] != seat:  # a simultaneous decision: the seat's own step
                for i in range(len(stack) - 1, -1, -1):
                    if stack[i][0] == top[0] and stack[i][1] == seat:
                        top = stack[i]
                        break
            kind = top[0]
            if kind == "outbid":
                outbid = top[4] / 16
            elif kind == "cube":
                stage = float(top[3])
        dense = BytesWriter()
        for x in (s.round / 6, len(s.show_deck) / 48, len(s.tal_deck) / 38, len(s.client_pile) / 17, s.reruns / 12,
                  s.variety / 6, sum(s.bag) / 50, s.days / 5, s.dev_pos / 12, stage, outbid):
            write_f32_le(dense, x)
        acts = [0.0] * (len(ACTIONS) * SEATS)
        for a_i, taken in enumerate((s.rd, s.archives, s.golf, s.pr, s.hr)):
            for q in taken:
                acts[a_i * SEATS + (q - seat) % n] += 1 / 3
        for x in acts:
            write_f32_le(dense, x)
        for d in range(DAYS):
            if d < s.days:
                for v in s.pools[d]:
                    write_f32_le(dense, v / 5)
            else:
                dense.write(_EMPTY_POOL)
        # ---- cards
        base = self._hand_at
        for c in me.shows:
            hot[base + c] = 1
        for c in me.talents:
            hot[base + c] = 1
        base = self._facedown_at
        for c in me.facedown:
            hot[base + c] = 1
        base = self._offer_at
        for c in me.offer:
            hot[base + c] = 1
        base = self._discards_at
        for c in s.show_disc:
            hot[base + c] = 1
        for c in s.tal_disc:
            hot[base + c] = 1
        spaces_at = self._spaces_at
        bidder_at = self._bidder_at
        k0 = 0
        for k in range(2):
            row = s.spaces[k]
            bids_k = s.bids[k]
            tiers = R.space_tier[k]
            opened = R.space_open[k]
            for i in range(self.n_spaces[k]):
                sp = k0 + i
                c = row[i] if i < len(row) else -1
                if c >= 0:
                    hot[spaces_at + sp * C + c] = 1
                bids = bids_k[i] if i < len(bids_k) else []
                own = 0.0
                high = 0.0
                if bids:
                    q, a = bids[-1]
                    hot[bidder_at + sp * SEATS + (q - seat) % n] = 1
                    high = a / 16
                    for q2, _a in bids:
                        if q2 == seat:
                            own = 1.0
                write_f32_le(dense, float(i < len(opened) and opened[i]))
                write_f32_le(dense, float(i < len(tiers) and tiers[i] == 1))
                write_f32_le(dense, len(bids) / 3)
                write_f32_le(dense, high)
                write_f32_le(dense, own)
            k0 += self.n_spaces[k]
        base = self._clients_at
        for c in s.clients:
            hot[base + c] = 1
        base = self._clients_out_at
        for c in s.client_disc:
            hot[base + c] = 1
        base = self._br_up_at
        for b in s.br_up:
            if b >= 0:
                hot[base + b] = 1
        base = self._br_out_at
        for b in s.br_disc:
            hot[base + b] = 1
        base = self._forecast_at
        for r_, frow in enumerate(s.forecast[:3]):
            for d in range(min(s.days, DAYS)):
                col = frow[d]
                if col >= 0:
                    hot[base + (r_ * DAYS + d) * len(COLOURS) + col] = 1
        # ---- the pending decision
        if top is not None:
            hot[self._pending_at + (stack[-1][1] - seat) % n] = 1
            base = self._waiting_at
            for q in waiting:
                hot[base + (q - seat) % n] = 1
        if mine and top is not None:
            kind = top[0]
            hot[self._kind_at + _DECISION_INDEX[kind]] = 1
            if kind == "amount" or kind == "outbid":
                hot[self._space_at + (0 if top[2] == 0 else self.n_spaces[0]) + top[3]] = 1
            elif kind == "cube":
                hot[self._day_at + top[2]] = 1
            elif kind == "pr_to":
                if top[2] == "pool":
                    hot[self._day_at + top[3]] = 1
                    hot[self._colour_at + top[4]] = 1
                else:
                    hot[self._day_at + top[4]] = 1
            elif kind == "pr_swap2":
                hot[self._day_at + top[2]] = 1
                hot[self._colour_at + top[3]] = 1
            elif kind == "sched":
                mask = int(top[2])
                base = self._moved_at
                for d in range(DAYS):
                    if mask >> d & 1:
                        hot[base + d] = 1
        ph = _PHASE_INDEX.get(s.phase)
        if ph is not None:
            hot[self._phase_at + ph] = 1
        hot[self._players_at + n - 1] = 1
        opts = s.opts
        if opts.get("bonds"):
            hot[self._opts_at] = 1
        if opts.get("simultaneous"):
            hot[self._opts_at + 1] = 1
        base = self._order_at
        for pos, q in enumerate(s.order):
            hot[base + ((q - seat) % n) * SEATS + pos] = 1
        # ---- every seat, relative
        screen = s.screen
        kind_at = self._day_kind_at
        own_day_at = self._own_day_at
        for r in range(SEATS):
            if r >= n:
                dense.write(_EMPTY_SEAT)
                continue
            q = (seat + r) % n
            pl = s.players[q]
            guide: list[Any]
            if screen is not None and q != seat:
                guide, counts = screen[q]
            else:
                guide, counts = pl.guide, (len(pl.shows), len(pl.talents), pl.reruns)
            bonds = pl.bonds
            for x in (1.0, pl.cash / 20, pl.vp / 20, pl.hot / 20, float(len(bonds)), sum(bonds) / 20,
                      float(pl.variety), float(pl.tokens), float(counts[0]), float(counts[1]), float(counts[2]),
                      float(len(pl.facedown)), float(s.passed[q]) if q < len(s.passed) else 0.0,
                      float(s.alloc[q]) if q < len(s.alloc) else 0.0, float(len(pl.clients))):
                write_f32_le(dense, x)
            gbase = self._guide_at[r]
            for d in range(DAYS):
                sl = guide[d] if d < len(guide) else None
                if sl is None:
                    hot[kind_at + (r * DAYS + d) * 4] = 1
                    dense.write(_EMPTY_DAY)
                    continue
                show = sl.show
                hot[kind_at + (r * DAYS + d) * 4 + (3 if show == NOSHOW else 2 if show == RERUN else 1)] = 1
                if show >= 0:
                    hot[gbase + show] = 1
                    if r == 0:
                        hot[own_day_at + d * C + show] = 1
                for t in sl.talents:
                    hot[gbase + t] = 1
                    if r == 0:
                        hot[own_day_at + d * C + t] = 1
                by_colour = [0.0] * len(COLOURS)
                for card in sl.cubes:
                    for col in card:
                        if col >= 0:
                            by_colour[col] += 0.2
                write_f32_le(dense, len(sl.talents) / 3)
                for x in by_colour:
                    write_f32_le(dense, x)
            base = self._won_at + r * self.n_clients
            for c in pl.clients:
                hot[base + c] = 1
        for d in range(DAYS):
            free = [0.0] * len(SPACE_COLOURS)
            sl = me.guide[d] if d < len(me.guide) else None
            if sl is not None:
                for i, card in enumerate(sl.cubes):
                    card_spaces = _spaces(cat, sl, i)
                    for k, col in enumerate(card):
                        if col < 0 and k < len(card_spaces):
                            free[card_spaces[k]] += 0.25
            for x in free:
                write_f32_le(dense, x)
        return hot.getvalue(), dense.getvalue()


def _spaces(cat: Catalogue, sl: Any, i: int) -> tuple[int, ...]:
    if i == 0:
        if sl.show == RERUN:
            return cat.rerun_spaces
        if sl.show == NOSHOW:
            return ()
        return cat.spaces[sl.show]
    return cat.spaces[sl.talents[i - 1]]


_EMPTY_SEAT: Final = bytes(4 * (15 + DAYS * (1 + len(COLOURS))))  # float32 zeros
_DECISION_INDEX: Final = {k: i for i, k in enumerate(DECISIONS)}
_PHASE_INDEX: Final = {k: i for i, k in enumerate(PHASES)}
_EMPTY_DAY: Final = bytes(4 * (1 + len(COLOURS)))  # float32 zeros
_EMPTY_POOL: Final = bytes(4 * len(COLOURS))
