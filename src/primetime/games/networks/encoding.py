"""The Networks for learning agents: a stable action vocabulary and a fixed-size observation.

:mod:`primetime.envs` wraps any game that hands over an encoding (``GamePlugin.encoding``); this
module is The Networks' one, built from the card catalogue and the modules' data, so that the
layers above never need to know which keys or features the game has.

**The action vocabulary** (version :data:`ACTION_VOCAB_VERSION`) names every option key the rules
can offer, with cards named by their catalogue id instead of their index (``star:STAR-41`` for
the engine's ``star:<index of STAR-41>``), for the base cards, Telly Time's shows, the Moguls and
the Executive boards together: one vocabulary for every option combination. The same key means
the same index in every decision (``slot:2`` picks the Late Night slot whether a production or
Writeoff asks); the pending decision's kind is part of the observation. Moguls are named by id
too (``mogul:MOG-03``). No key carries a free amount (Telly Time's Quiz spend is ``quiz:0`` ..
``quiz:5``), so nothing needs factorising: Pilot Season's ``keep:A,B`` is one entry per unordered
pair of the 20 pilot cards (190 entries), and an Add/Replace names its timeslot and the card it
replaces (``rep:<slot>:<card>``, ``:pay`` to pay a promo ad upright). :func:`vocabulary_templates`
lists every template with the cards it ranges over (``docs/rl.md`` prints it).

**The observation** is what :func:`primetime.games.networks.ruleset.view` shows the seat, read
straight from the state for speed: it reads the public areas, the seat's own offers and pending
choices, and never the decks' order, the box, the random generator or another player's pilot
offer, Executive offer, Mogul offer or bonus draw (``tests/envs`` re-deals exactly those with the
game's hidden-information variant and checks that no observation changes). Seats are relative:
block 0 is the observing seat, block 1 the next seat, and so on.

The encoder returns the one-hot part as bytes (0 or 1 each) and the dense part as a list of
numbers; the caller builds the array, so the game needs nothing but the core.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from primetime.games.networks import tables as TB
from primetime.games.networks.cards import ALL_GENRES, ALL_TIMESLOTS, Catalogue, telly_catalogue
from primetime.games.networks.rules import executives as X
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import values as V
from primetime.games.networks.state import OPP, NetState

ACTION_VOCAB_VERSION: Final = 1
OBSERVATION_VERSION: Final = 1

SEATS: Final = 5  # relative seat blocks (the most players)
SLOTS: Final = len(ALL_TIMESLOTS)  # lineup timeslots, the Weekend included
QUIZ_MAX: Final = 5  # quiz:0 .. quiz:5 (effects.QUIZ_MAX_SPEND)
# The decision kinds, in a fixed order (the observation's one-hot of the pending decision).
KINDS: Final = ("turn", "prod_att", "att_target", "prod_slot", "prod_genre", "prod_promo", "ba_extra", "bonus",
                "upkeep_cancel", "surpriser", "quiz", "pilot", "pick", "talent", "mogul", "mogul_pick",
                "x_choose", "x_gorilla")
PICKS: Final = ("writeoff", "trendy", "renew", "genre_advance", "c_suite", "exclusive", "msr", "onset", "spinoff")
PHASES: Final = ("pilot", "pilot_produce", "play", "over")
# Card planes: where a card lies, one plane of every card per place.  Per relative seat:
SEAT_PLANES: Final = ("lineup show", "attached", "green room", "reruns", "reserved", "pilot show to produce")
# Shared, or the observing seat's own:
SHARED_PLANES: Final = ("display", "discard", "own pilot offer", "own bonus or drawn cards", "show in production",
                        "attached in production", "card being attached", "own pick choices")


def _full_catalogue() -> Catalogue:
    return telly_catalogue()  # the base cards and Telly Time's: every card id of the vocabulary


def vocabulary_templates() -> list[tuple[str, list[str]]]:
    """``(template, values)`` of every vocabulary entry, in vocabulary order; ``{}`` stands for each value."""
    cat = _full_catalogue()
    T = TB.tables(cat)
    ids = T.ids
    by_kind = [[ids[i] for i in range(len(ids)) if T.kind[i] == k] for k in range(4)]
    stars, ads, nets, shows = by_kind[TB.STAR], by_kind[TB.AD], by_kind[TB.NET], by_kind[TB.SHOW]
    promo = [ids[i] for i in range(len(ids)) if T.promo[i]]
    sponsored = [ids[i] for i in range(len(ids)) if T.effect[i] == "sponsored_content"]
    attachable = stars + ads
    non_show = stars + ads + nets
    slots = [str(i) for i in range(SLOTS)]
    moguls = [m.id for m in cat.moguls.mogul] if cat.moguls is not None else []
    pilot = sorted(cat.pilot)
    pairs = [f"{ids[a]},{ids[b]}" for a, b in combinations(pilot, 2)]
    boards = [f"{b.id}:{side}" for b in X.EX.boards for side in (0, 1)]
    fixed = ["end", "pass:cash", "pass:viewers", "pass:cash:x2", "pass:viewers:x2", "x:pass", "done", "abort",
             "x:butcher", "pay", "rotate", "skip", "yes", "no", "stop", "x:early", "x:wait",
             "draw:star", "draw:ad", "draw:network"]
    return [
        ("{}", fixed),
        ("star:{}", stars), ("ad:{}", ads), ("net:{}", nets), ("show:{}", shows),
        ("attach:{}", attachable), ("use:{}", nets), ("usemogul:{}", moguls),
        ("att:{}", attachable), ("att:{}:pay", promo), ("wild:{}", sponsored),
        ("to:{}", slots), ("to:{}:pay", slots), ("ens:{}", slots), ("ens:{}:pay", slots),
        ("spon:{}", slots), ("spon:{}:pay", slots),
        *[(f"rep:{i}:{{}}", attachable) for i in slots], *[(f"rep:{i}:{{}}:pay", attachable) for i in slots],
        *[(f"att:{i}:{{}}", attachable) for i in slots],
        ("take:{}", non_show), ("card:{}", non_show + shows), ("slot:{}", slots), ("genre:{}", list(ALL_GENRES)),
        ("cancel:{}", slots), ("quiz:{}", [str(k) for k in range(QUIZ_MAX + 1)]), ("keep:{}", pairs),
        ("mogul:{}", moguls), ("x:{}", boards),
    ]


def vocabulary() -> tuple[str, ...]:
    """Every action of the vocabulary, by index (card ids, not indexes)."""
    out: list[str] = []
    for template, values in vocabulary_templates():
        out += [template.replace("{}", v) for v in values]
    assert len(set(out)) == len(out), "the action vocabulary has a duplicate entry"
    return tuple(out)


def _engine_key(entry: str, index_of: dict[str, int]) -> str | None:
    """The engine's key of a vocabulary entry in a catalogue (card ids to indexes); None if a card is not in it."""
    parts = entry.split(":")
    out = []
    for part in parts:
        if "," in part:  # keep:A,B -- the engine writes the pair smaller index first
            a, b = part.split(",")
            if a not in index_of or b not in index_of:
                return None
            x, y = sorted((index_of[a], index_of[b]))
            out.append(f"{x},{y}")
        elif part in index_of:
            out.append(str(index_of[part]))
        elif "-" in part:  # a card id this catalogue does not have
            return None
        else:
            out.append(part)
    return ":".join(out)


class NetworksEncoding:
    """The action vocabulary and the observation encoder of The Networks (one per process is enough)."""

    game = "networks"
    version = ACTION_VOCAB_VERSION
    observation_version = OBSERVATION_VERSION

    def __init__(self) -> None:
        full = _full_catalogue()
        self.actions: tuple[str, ...] = vocabulary()
        self.card_ids: tuple[str, ...] = tuple(c.id for c in full.cards)
        self._uid = {cid: i for i, cid in enumerate(self.card_ids)}
        self.n_cards = C = len(self.card_ids)
        self.n_moguls = len(full.moguls.mogul) if full.moguls is not None else 0
        self.n_boards = len(X.EX.boards)
        self._keys: dict[int, dict[str, int]] = {}
        self._planes: dict[int, list[list[int]]] = {}
        self._base = b""  # the one-hot bytes of the display and discards below (see observe)
        self._base_cat = -1
        self._base_display: list[list[int]] = []
        self._base_discards: list[list[int]] = []
        # The layout: card planes, then one-hot blocks, then the dense block.
        blocks: list[tuple[str, int]] = []
        for r in range(SEATS):
            blocks += [(f"seat+{r} {name}", C) for name in SEAT_PLANES]
        blocks += [(name, C) for name in SHARED_PLANES]
        blocks += [("pending kind (own decision)", len(KINDS)), ("pending pick", len(PICKS)),
                   ("pending player (relative; 5: the solo opponent)", SEATS + 1), ("phase", len(PHASES)),
                   ("players", SEATS), ("options: telly_time, moguls, executives, simplified pilot, low to high", 5),
                   ("genre of each lineup slot, per relative seat", SEATS * SLOTS * len(ALL_GENRES)),
                   ("season row of each lineup slot, per relative seat", SEATS * SLOTS * 4),
                   ("moguls owned, per relative seat", SEATS * self.n_moguls),
                   ("moguls used, per relative seat", SEATS * self.n_moguls),
                   ("own mogul offer", self.n_moguls), ("mogul tokens on the genre tracks", 6),
                   ("executive board and side, per relative seat (when seen)", SEATS * self.n_boards * 2),
                   ("own executive offer", self.n_boards),
                   ("genre grid squares filled, per relative seat", SEATS * 9),
                   ("genre grid lines done, per relative seat", SEATS * 8),
                   ("pass track: column taken by relative seat (5: the solo opponent)", 6 * (SEATS + 1)),
                   ("turn order position of each relative seat", SEATS * SEATS)]
        self.hot_blocks = blocks
        self.hot_size = sum(n for _, n in blocks)
        offsets: dict[str, int] = {}
        at = 0
        for name, n in blocks:
            offsets[name] = at
            at += n
        self._at = offsets
        self.dense_names = self._dense_names()
        self.size = self.hot_size + len(self.dense_names)

    # ------------------------------------------------------------------ actions
    def key_index(self, state: NetState) -> dict[str, int]:
        """The engine's option keys of ``state``'s catalogue -> vocabulary index."""
        cat = state.cat
        got = self._keys.get(id(cat))
        if got is None:
            index_of = {c.id: i for i, c in enumerate(cat.cards)}
            unknown = [cid for cid in index_of if cid not in self._uid]
            if cat.moguls is not None:  # Moguls by id too (the engine's keys number them)
                index_of.update({m.id: j for j, m in enumerate(cat.moguls.mogul)})
            if unknown:
                raise ValueError(f"the card set has cards the action vocabulary v{self.version} does not know "
                                 f"({', '.join(unknown[:5])}): the environments play the standard cards only")
            got = {}
            for i, entry in enumerate(self.actions):
                key = _engine_key(entry, index_of)
                if key is not None:
                    got[key] = i
            self._keys[id(cat)] = got
            self._planes[id(cat)] = [[p * self.n_cards + self._uid[c.id] for c in cat.cards]
                                     for p in range(SEATS * len(SEAT_PLANES) + len(SHARED_PLANES))]
        return got

    # ------------------------------------------------------------------ observations
    def _dense_names(self) -> list[str]:
        names = ["round / 4", "round scores so far / 4", "decks: show / 50", "decks: star / 50", "decks: ad / 50",
                 "decks: network / 30", "own decision: actions taken this turn", "solo opponent's deck / 10",
                 "solo opponent parked", "moguls: deck / 15", "talent agency draws left", "pick choices / 5",
                 "own forecast: viewers / 30", "own forecast: upkeep / 10", *[f"own slot {i}: viewers / 10" for i in range(SLOTS)]]
        for r in range(SEATS):
            names += [f"seat+{r} {x}" for x in (
                "in the game", "cash / 20", "score / 50", "last round's score / 30", "passed", "pass column / 5",
                "pass viewers / 10", "green room size / 10", "quiz viewers / 5", "mogul limit",
                *[f"genre track {g} / 5" for g in range(6)], *[f"slot {i}: attachments" for i in range(SLOTS)])]
        return names

    def observe(self, s: NetState, seat: int) -> tuple[bytearray, list[float]]:
        """``(the one-hot part, 0 or 1 per entry; the dense block)`` of what ``seat`` may see in ``s``."""
        planes = self._planes.get(id(s.cat))
        if planes is None:
            self.key_index(s)
            planes = self._planes[id(s.cat)]
        at = self._at
        n: int = s.n
        dense: list[float] = []
        np_ = len(SEAT_PLANES)
        shared = SEATS * np_
        # ---- shared card planes: the display and the discards change seldom, so their bytes are
        # kept and copied while both are the same (compared by value: the rules change them in place)
        if id(s.cat) == self._base_cat and s.display == self._base_display and s.discards == self._base_discards:
            hot = bytearray(self._base)
        else:
            hot = bytearray(self.hot_size)
            display = planes[shared]
            for row in s.display:
                for c in row:
                    hot[display[c]] = 1
            discard = planes[shared + 1]
            for row in s.discards:
                for c in row:
                    hot[discard[c]] = 1
            self._base = bytes(hot)
            self._base_cat = id(s.cat)
            self._base_display = [list(row) for row in s.display]
            self._base_discards = [list(row) for row in s.discards]
        stack = s.stack
        waiting = F.pending_players(s) if stack else []
        mine = seat in waiting
        top = stack[-1] if stack else None
        if s.phase == "pilot":
            for c in s.pilot[seat]:
                hot[planes[shared + 2][c]] = 1
        kind = top[0] if top is not None else ""
        if mine and top is not None:
            hot[at["pending kind (own decision)"] + KINDS.index(kind)] = 1
            if kind == "bonus":
                for c in top[2]:
                    hot[planes[shared + 3][c]] = 1
            elif kind == "talent":
                for c in top[3]:
                    hot[planes[shared + 3][c]] = 1
            elif kind == "att_target":
                hot[planes[shared + 6][top[2]]] = 1
            elif kind == "pick":
                hot[at["pending pick"] + PICKS.index(top[2])] = 1
                arg = top[3]
                if top[2] in ("c_suite", "exclusive", "onset"):
                    for c in arg:
                        hot[planes[shared + 7][c]] = 1
            elif kind == "mogul":
                base = at["own mogul offer"]
                for j in top[2]:
                    hot[base + j] = 1
            elif kind == "x_choose":
                base = at["own executive offer"]
                for i in X.offer(s, seat):
                    hot[base + i] = 1
            pr = s.prod
            if pr is not None and pr["p"] == seat:
                hot[planes[shared + 4][pr["show"]]] = 1
                for c in pr["atts"]:
                    hot[planes[shared + 5][c]] = 1
        if top is not None:
            p = top[1]
            hot[at["pending player (relative; 5: the solo opponent)"] + (SEATS if p == OPP else (p - seat) % n)] = 1
        if s.phase in PHASES:
            hot[at["phase"] + PHASES.index(s.phase)] = 1
        hot[at["players"] + n - 1] = 1
        opts = s.opts
        base = at["options: telly_time, moguls, executives, simplified pilot, low to high"]
        for i, on in enumerate((opts.get("telly_time"), opts.get("moguls"), opts.get("executives"),
                                opts.get("pilot") == "simplified", opts.get("turn_order") == "low_to_high")):
            if on:
                hot[base + i] = 1
        # ---- per relative seat
        genre_at = at["genre of each lineup slot, per relative seat"]
        row_at = at["season row of each lineup slot, per relative seat"]
        g_index = _GENRE_INDEX
        ng = len(ALL_GENRES)
        pass_at = at["pass track: column taken by relative seat (5: the solo opponent)"]
        order_at = at["turn order position of each relative seat"]
        for pos, who in enumerate(s.order):
            if who != OPP:
                hot[order_at + ((who - seat) % n) * SEATS + pos] = 1
        mog = s.mog
        xs = s.extra.get("x")
        revealed = bool(s.extra.get("xr"))
        grid = s.extra.get("grid")
        lines = s.extra.get("lines")
        quiz = s.extra.get("quiz")
        for r in range(SEATS):
            if r >= n:
                dense += _EMPTY_SEAT
                continue
            q = (seat + r) % n
            pl = s.players[q]
            pp = planes[r * np_: r * np_ + np_]
            lineup_show: list[int] = pp[0]
            attached: list[int] = pp[1]
            n_att: list[float] = [0.0] * SLOTS
            for i, sh in enumerate(pl.lineup):
                if sh is None:
                    continue
                hot[lineup_show[sh.cid]] = 1
                for c, _rot in sh.atts:
                    hot[attached[c]] = 1
                hot[genre_at + (r * SLOTS + i) * ng + g_index[sh.genre]] = 1
                hot[row_at + (r * SLOTS + i) * 4 + sh.row] = 1
                n_att[i] = float(len(sh.atts))
            green = pp[2]
            for c in pl.green:
                hot[green[c]] = 1
            reruns = pp[3]
            for c in pl.reruns:
                hot[reruns[c]] = 1
            reserved = pp[4]
            for c in pl.reserved:
                hot[reserved[c]] = 1
            if s.phase != "pilot" and s.pilot[q]:
                to_produce = pp[5]
                for c in s.pilot[q]:
                    hot[to_produce[c]] = 1
            if pl.pass_col >= 0:
                hot[pass_at + pl.pass_col * (SEATS + 1) + r] = 1
            if mog is not None:
                base = at["moguls owned, per relative seat"] + r * self.n_moguls
                for j in mog.owned[q]:
                    hot[base + j] = 1
                base = at["moguls used, per relative seat"] + r * self.n_moguls
                for j in mog.used[q]:
                    hot[base + j] = 1
            if xs is not None and xs[q] >= 0 and (revealed or q == seat):
                hot[at["executive board and side, per relative seat (when seen)"] + (r * self.n_boards + xs[q]) * 2
                    + int(s.extra["xs"][q])] = 1
            if grid is not None:
                m = int(grid[q])
                base = at["genre grid squares filled, per relative seat"] + r * 9
                for i in range(9):
                    if m >> i & 1:
                        hot[base + i] = 1
                m = int(lines[q]) if lines is not None else 0
                base = at["genre grid lines done, per relative seat"] + r * 8
                for i in range(8):
                    if m >> i & 1:
                        hot[base + i] = 1
            scores = pl.scores
            dense += [1.0, pl.cash / 20, sum(scores) / 50, (scores[-1] if scores else 0) / 30, float(q in s.pass_order),
                      (pl.pass_col + 1) / 5, pl.pass_viewers / 10, len(pl.green) / 10,
                      (int(quiz[q]) if quiz is not None else 0) / 5, float(mog.limit[q]) if mog is not None else 0.0,
                      *[g / 5 for g in pl.genre], *n_att]
        if s.solo and OPP in s.pass_order:
            hot[pass_at + 0 * (SEATS + 1) + SEATS] = 1
        if mog is not None:
            base = at["mogul tokens on the genre tracks"]
            for i, t in enumerate(mog.tokens):
                if t:
                    hot[base + i] = 1
        acted = float(top[2]) if mine and top is not None and kind == "turn" else 0.0
        talent_left = float(top[2]) if mine and top is not None and kind == "talent" else 0.0
        pick_n = len(top[3]) / 5 if mine and top is not None and kind == "pick" and isinstance(top[3], tuple) else 0.0
        # the Forecast (public, but worked out by the rules at a cost): the observing seat's own
        me = s.players[seat]
        viewers: list[float] = [0.0] * SLOTS
        lineup_viewers = 0
        for i, sh in enumerate(me.lineup):
            if sh is not None:
                v = V.show_viewers(s, seat, sh)
                lineup_viewers += v
                viewers[i] = v / 10
        head = [s.round / 4, len(me.scores) / 4, len(s.decks[0]) / 50, len(s.decks[1]) / 50,
                len(s.decks[2]) / 50, len(s.decks[3]) / 30, acted, len(s.solo_deck) / 10 if s.solo else 0.0,
                float(s.solo_parked) if s.solo else 0.0, len(mog.deck) / 15 if mog is not None else 0.0,
                talent_left, pick_n, (lineup_viewers + me.pass_viewers) / 30, V.upkeep_net(s, seat) / 10, *viewers]
        return hot, head + dense


_GENRE_INDEX: Final = {g: i for i, g in enumerate(ALL_GENRES)}
_EMPTY_SEAT: Final = [0.0] * (10 + 6 + SLOTS)
