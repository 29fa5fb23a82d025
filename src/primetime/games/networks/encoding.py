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

The encoder returns the one-hot part as bytes (0 or 1 each) and the dense part as little-endian
float32 bytes; the caller builds the array (:class:`primetime.core.observation.ObservationBuilder`),
so the game needs nothing but the core.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from primetime.core.writer import BytesWriter, write_f32_le
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
        # the offsets observe() writes at, looked up once
        self._kind_at = offsets["pending kind (own decision)"]
        self._pick_at = offsets["pending pick"]
        self._pending_at = offsets["pending player (relative; 5: the solo opponent)"]
        self._phase_at = offsets["phase"]
        self._players_at = offsets["players"]
        self._opts_at = offsets["options: telly_time, moguls, executives, simplified pilot, low to high"]
        self._genre_at = offsets["genre of each lineup slot, per relative seat"]
        self._row_at = offsets["season row of each lineup slot, per relative seat"]
        self._owned_at = offsets["moguls owned, per relative seat"]
        self._used_at = offsets["moguls used, per relative seat"]
        self._mogul_offer_at = offsets["own mogul offer"]
        self._tokens_at = offsets["mogul tokens on the genre tracks"]
        self._x_at = offsets["executive board and side, per relative seat (when seen)"]
        self._x_offer_at = offsets["own executive offer"]
        self._grid_at = offsets["genre grid squares filled, per relative seat"]
        self._lines_at = offsets["genre grid lines done, per relative seat"]
        self._pass_at = offsets["pass track: column taken by relative seat (5: the solo opponent)"]
        self._order_at = offsets["turn order position of each relative seat"]
        self.dense_names = self._dense_names()
        self.size = self.hot_size + len(self.dense_names)
        self._zeros = bytes(self.hot_size)  # the one-hot part before anything is written

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

    def observe(self, s: NetState, seat: int) -> tuple[bytes, bytes]:
        """What ``seat`` may see in ``s``: ``(the one-hot part, a byte 0 or 1 per entry; the dense block,
        little-endian float32)``.  Both are written into librt's ``BytesWriter``, whose writes the
        compiled build makes plain C (:mod:`primetime.core.writer`)."""
        planes = self._planes.get(id(s.cat))
        if planes is None:
            self.key_index(s)
            planes = self._planes[id(s.cat)]
        n: int = s.n
        np_ = len(SEAT_PLANES)
        shared = SEATS * np_
        hot = BytesWriter()
        hot.write(self._zeros)
        plane = planes[shared]
        for row in s.display:
            for c in row:
                hot[plane[c]] = 1
        plane = planes[shared + 1]
        for row in s.discards:
            for c in row:
                hot[plane[c]] = 1
        stack = s.stack
        waiting = F.pending_players(s) if stack else []
        mine = seat in waiting
        top = stack[-1] if stack else None
        phase = s.phase
        if phase == "pilot":
            plane = planes[shared + 2]
            for c in s.pilot[seat]:
                hot[plane[c]] = 1
        kind = top[0] if top is not None else ""
        if mine and top is not None:
            hot[self._kind_at + _KIND_INDEX[kind]] = 1
            if kind == "bonus":
                plane = planes[shared + 3]
                for c in top[2]:
                    hot[plane[c]] = 1
            elif kind == "talent":
                plane = planes[shared + 3]
                for c in top[3]:
                    hot[plane[c]] = 1
            elif kind == "att_target":
                hot[planes[shared + 6][top[2]]] = 1
            elif kind == "pick":
                hot[self._pick_at + _PICK_INDEX[top[2]]] = 1
                arg = top[3]
                if top[2] in ("c_suite", "exclusive", "onset"):
                    plane = planes[shared + 7]
                    for c in arg:
                        hot[plane[c]] = 1
            elif kind == "mogul":
                base = self._mogul_offer_at
                for j in top[2]:
                    hot[base + j] = 1
            elif kind == "x_choose":
                base = self._x_offer_at
                for i in X.offer(s, seat):
                    hot[base + i] = 1
            pr = s.prod
            if pr is not None and pr["p"] == seat:
                hot[planes[shared + 4][pr["show"]]] = 1
                plane = planes[shared + 5]
                for c in pr["atts"]:
                    hot[plane[c]] = 1
        if top is not None:
            p = top[1]
            hot[self._pending_at + (SEATS if p == OPP else (p - seat) % n)] = 1
        ph = _PHASE_INDEX.get(phase)
        if ph is not None:
            hot[self._phase_at + ph] = 1
        hot[self._players_at + n - 1] = 1
        opts = s.opts
        base = self._opts_at
        if opts.get("telly_time"):
            hot[base] = 1
        if opts.get("moguls"):
            hot[base + 1] = 1
        if opts.get("executives"):
            hot[base + 2] = 1
        if opts.get("pilot") == "simplified":
            hot[base + 3] = 1
        if opts.get("turn_order") == "low_to_high":
            hot[base + 4] = 1
        order_at = self._order_at
        for pos, who in enumerate(s.order):
            if who != OPP:
                hot[order_at + ((who - seat) % n) * SEATS + pos] = 1
        mog = s.mog
        # ---- the dense block's head: the round, the decks, the pending decision, the Forecast (public,
        # but worked out by the rules at a cost: the observing seat's own)
        me = s.players[seat]
        viewers: list[float] = [0.0] * SLOTS
        lineup_viewers = 0
        for i, sh in enumerate(me.lineup):
            if sh is not None:
                v = V.show_viewers(s, seat, sh)
                lineup_viewers += v
                viewers[i] = v / 10
        decks = s.decks
        dense = BytesWriter()
        write_f32_le(dense, s.round / 4)
        write_f32_le(dense, len(me.scores) / 4)
        write_f32_le(dense, len(decks[0]) / 50)
        write_f32_le(dense, len(decks[1]) / 50)
        write_f32_le(dense, len(decks[2]) / 50)
        write_f32_le(dense, len(decks[3]) / 30)
        write_f32_le(dense, float(top[2]) if mine and top is not None and kind == "turn" else 0.0)
        write_f32_le(dense, len(s.solo_deck) / 10 if s.solo else 0.0)
        write_f32_le(dense, float(s.solo_parked) if s.solo else 0.0)
        write_f32_le(dense, len(mog.deck) / 15 if mog is not None else 0.0)
        write_f32_le(dense, float(top[2]) if mine and top is not None and kind == "talent" else 0.0)
        write_f32_le(dense, len(top[3]) / 5 if mine and top is not None and kind == "pick" and isinstance(top[3], tuple)
                     else 0.0)
        write_f32_le(dense, (lineup_viewers + me.pass_viewers) / 30)
        write_f32_le(dense, V.upkeep_net(s, seat) / 10)
        for x in viewers:
            write_f32_le(dense, x)
        # ---- per relative seat
        genre_at = self._genre_at
        row_at = self._row_at
        g_index = _GENRE_INDEX
        ng = len(ALL_GENRES)
        pass_at = self._pass_at
        n_moguls = self.n_moguls
        extra = s.extra
        xs = extra.get("x")
        revealed = bool(extra.get("xr"))
        grid = extra.get("grid")
        lines = extra.get("lines")
        quiz = extra.get("quiz")
        pass_order = s.pass_order
        for r in range(SEATS):
            if r >= n:
                dense.write(_EMPTY_SEAT)
                continue
            q = (seat + r) % n
            pl = s.players[q]
            lineup_show = planes[r * np_]
            attached = planes[r * np_ + 1]
            n_att: list[float] = [0.0] * SLOTS
            for i, sh in enumerate(pl.lineup):
                if sh is None:
                    continue
                hot[lineup_show[sh.cid]] = 1
                atts = sh.atts
                for c, _rot in atts:
                    hot[attached[c]] = 1
                hot[genre_at + (r * SLOTS + i) * ng + g_index[sh.genre]] = 1
                hot[row_at + (r * SLOTS + i) * 4 + sh.row] = 1
                n_att[i] = float(len(atts))
            plane = planes[r * np_ + 2]
            for c in pl.green:
                hot[plane[c]] = 1
            plane = planes[r * np_ + 3]
            for c in pl.reruns:
                hot[plane[c]] = 1
            plane = planes[r * np_ + 4]
            for c in pl.reserved:
                hot[plane[c]] = 1
            if phase != "pilot" and s.pilot[q]:
                plane = planes[r * np_ + 5]
                for c in s.pilot[q]:
                    hot[plane[c]] = 1
            if pl.pass_col >= 0:
                hot[pass_at + pl.pass_col * (SEATS + 1) + r] = 1
            if mog is not None:
                base = self._owned_at + r * n_moguls
                for j in mog.owned[q]:
                    hot[base + j] = 1
                base = self._used_at + r * n_moguls
                for j in mog.used[q]:
                    hot[base + j] = 1
            if xs is not None and xs[q] >= 0 and (revealed or q == seat):
                hot[self._x_at + (r * self.n_boards + xs[q]) * 2 + int(extra["xs"][q])] = 1
            if grid is not None:
                m = int(grid[q])
                base = self._grid_at + r * 9
                for i in range(9):
                    if m >> i & 1:
                        hot[base + i] = 1
                m = int(lines[q]) if lines is not None else 0
                base = self._lines_at + r * 8
                for i in range(8):
                    if m >> i & 1:
                        hot[base + i] = 1
            scores = pl.scores
            write_f32_le(dense, 1.0)
            write_f32_le(dense, pl.cash / 20)
            write_f32_le(dense, sum(scores) / 50)
            write_f32_le(dense, (scores[-1] if scores else 0) / 30)
            write_f32_le(dense, float(q in pass_order))
            write_f32_le(dense, (pl.pass_col + 1) / 5)
            write_f32_le(dense, pl.pass_viewers / 10)
            write_f32_le(dense, len(pl.green) / 10)
            write_f32_le(dense, (int(quiz[q]) if quiz is not None else 0) / 5)
            write_f32_le(dense, float(mog.limit[q]) if mog is not None else 0.0)
            for g in pl.genre:
                write_f32_le(dense, g / 5)
            for x in n_att:
                write_f32_le(dense, x)
        if s.solo and OPP in pass_order:
            hot[pass_at + 0 * (SEATS + 1) + SEATS] = 1
        if mog is not None:
            base = self._tokens_at
            for i, t in enumerate(mog.tokens):
                if t:
                    hot[base + i] = 1
        return hot.getvalue(), dense.getvalue()


_GENRE_INDEX: Final = {g: i for i, g in enumerate(ALL_GENRES)}
_KIND_INDEX: Final = {k: i for i, k in enumerate(KINDS)}
_PICK_INDEX: Final = {k: i for i, k in enumerate(PICKS)}
_PHASE_INDEX: Final = {k: i for i, k in enumerate(PHASES)}
_EMPTY_SEAT: Final = bytes(4 * (10 + 6 + SLOTS))  # an empty seat's dense entries: float32 zeros
