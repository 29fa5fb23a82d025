"""Game state of The Networks: plain slotted objects with an explicit, cheap clone.

Cards are integers (indexes into the catalogue).  Pending work is a stack of plain
tuples (never closures), so a state can be cloned for bot look-ahead and serialised.
"""

from __future__ import annotations

from typing import Any, Final

from primetime.core.rng import Rng
from primetime.games.networks.cards import Catalogue
from primetime.games.networks.tables import EMPTY_SUMMARY, Summary, Tables, tables

KINDS: Final = ("show", "star", "ad", "network")
OPP: Final = -1  # the solo opponent's seat marker in turn orders and on the pass track


class Show:
    """A show in a lineup timeslot: its card, season row (0-3) and attachments.

    Clones of a state share their Show objects (``shared`` is then set on them); code that
    changes a show in a lineup takes it with :meth:`Player.own` first, which copies a shared one.
    """

    __slots__ = ("cid", "row", "atts", "genre", "x_star", "x_ad", "x_wild", "ignore_req", "crabby", "shared",
                 "mask", "mask_atts", "mask_code", "targets", "targets_atts", "targets_code")

    def __new__(cls, *args: Any) -> Show:
        # Written out so that ``Show.__new__(Show)`` (a blank instance, as in copy/clone) also
        # skips ``__init__`` when this module is compiled with mypyc (see tools/build_fast.py).
        return object.__new__(cls)

    def __init__(self, cid: int, row: int, genre: str) -> None:
        self.cid = cid
        self.row = row
        self.atts: tuple[tuple[int, bool], ...] = ()  # (card, rotated); immutable, so clones share it
        self.genre = genre
        self.x_star = 0  # extra star slots (Ensemble Cast)
        self.x_ad = 0
        self.x_wild = 0  # extra wild slots (Sponsored Content)
        self.ignore_req = False  # produced with Sponsored Content ignoring required slots
        self.crabby = False  # Upton Crabby's draw already happened
        self.shared = False  # also in the lineup of another state (a clone): copy before changing it
        # what green-room cards could go on the show (rules.attach._show_mask), kept while the
        # attachments are this tuple and the extra slots and the player's cards the same (mask_code)
        self.mask = 0
        self.mask_atts: tuple[tuple[int, bool], ...] | None = None
        self.mask_code = -1
        # where a star or ad could go on the show (rules.attach._slot_targets), kept likewise
        self.targets: dict[int, list[str]] | None = None
        self.targets_atts: tuple[tuple[int, bool], ...] | None = None
        self.targets_code = -1

    def copy(self) -> Show:
        s = Show.__new__(Show)
        s.cid = self.cid
        s.row = self.row
        s.atts = self.atts
        s.genre = self.genre
        s.x_star = self.x_star
        s.x_ad = self.x_ad
        s.x_wild = self.x_wild
        s.ignore_req = self.ignore_req
        s.crabby = self.crabby
        s.shared = False
        s.mask = self.mask
        s.mask_atts = self.mask_atts
        s.mask_code = self.mask_code
        s.targets = None  # a dict: the copy starts its own
        s.targets_atts = None
        s.targets_code = -1
        return s

    def to_json(self) -> list[Any]:
        return [self.cid, self.row, [list(a) for a in self.atts], self.genre,
                self.x_star, self.x_ad, self.x_wild, self.ignore_req, self.crabby]

    @classmethod
    def from_json(cls, d: list[Any]) -> Show:
        s = cls(d[0], d[1], d[3])
        s.atts = tuple((a[0], bool(a[1])) for a in d[2])
        s.x_star, s.x_ad, s.x_wild, s.ignore_req, s.crabby = d[4], d[5], d[6], bool(d[7]), bool(d[8])
        return s


class Player:
    """A player's areas.  The rules replace the green room (a tuple) and the lists ``reruns``,
    ``genre``, ``scores`` and ``reserved`` with new ones instead of changing them, so clones
    share them.  ``gsum`` is what the rules look up in the green room (rules.green_room.player_summary),
    kept while ``gsum_of`` is the green room it was made from."""

    __slots__ = ("cash", "lineup", "green", "reruns", "genre", "pass_col", "pass_viewers",
                 "scores", "reserved", "network", "gsum", "gsum_of")

    def __new__(cls, *args: Any) -> Player:
        # Written out so that ``Player.__new__(Player)`` (a blank instance, as in copy/clone) also
        # skips ``__init__`` when this module is compiled with mypyc (see tools/build_fast.py).
        return object.__new__(cls)

    def __init__(self, cash: int, network: str) -> None:
        self.cash = cash
        self.lineup: list[Show | None] = [None, None, None]
        self.green: tuple[int, ...] = ()
        # typed as the tuple it is (not Optional), so that the compiled build keeps it unboxed
        self.gsum: Summary = EMPTY_SUMMARY
        self.gsum_of: tuple[int, ...] | None = None
        self.reruns: list[int] = []
        self.genre: list[int] = [0, 0, 0, 0, 0, 0]
        self.pass_col = -1
        self.pass_viewers = 0
        self.scores: list[int] = []
        self.reserved: list[int] = []  # shows secured with Exclusive Rights
        self.network = network

    def copy(self) -> Player:
        """A copy that shares the lineup's Show objects until either side changes one (see own)
        and the lists that are replaced rather than changed."""
        p = Player.__new__(Player)
        p.cash = self.cash
        lineup = self.lineup
        for sh in lineup:
            if sh is not None:
                sh.shared = True
        p.lineup = lineup.copy()
        p.green = self.green
        p.gsum = self.gsum
        p.gsum_of = self.gsum_of
        p.reruns = self.reruns
        p.genre = self.genre
        p.pass_col = self.pass_col
        p.pass_viewers = self.pass_viewers
        p.scores = self.scores
        p.reserved = self.reserved
        p.network = self.network
        return p

    def own(self, slot: int) -> Show | None:
        """The show in ``slot``, ready to be changed: a show shared with a clone is copied first."""
        sh = self.lineup[slot]
        if sh is not None and sh.shared:
            sh = self.lineup[slot] = sh.copy()
        return sh

    def to_json(self) -> dict[str, Any]:
        return {
            "cash": self.cash,
            "lineup": [s.to_json() if s else None for s in self.lineup],
            "green": list(self.green), "reruns": self.reruns, "genre": self.genre,
            "pass_col": self.pass_col, "pass_viewers": self.pass_viewers,
            "scores": self.scores, "reserved": self.reserved, "network": self.network,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Player:
        p = cls(d["cash"], d["network"])
        p.lineup = [Show.from_json(s) if s else None for s in d["lineup"]]
        p.green, p.reruns, p.genre = tuple(d["green"]), list(d["reruns"]), list(d["genre"])
        p.pass_col, p.pass_viewers = d["pass_col"], d["pass_viewers"]
        p.scores, p.reserved = list(d["scores"]), list(d["reserved"])
        return p


class Moguls:
    """The Moguls module's part of a game (NET-MOGUL-01..08): the Mogul deck, the tokens on the
    genre tracks and what each player owns.  Moguls are indexes into ``cat.moguls.mogul``; the
    tuples are replaced, never changed, so copies share them."""

    __slots__ = ("deck", "box", "tokens", "owned", "used", "limit", "special")

    def __new__(cls, *args: Any) -> Moguls:
        return object.__new__(cls)  # see Show.__new__

    def __init__(self, deck: list[int], genres: int, players: int, limit: int) -> None:
        self.deck = deck  # the end of the list is the top
        self.box: list[int] = []  # Moguls out of the game (the "box" setting of NET-AMB-24)
        self.tokens: list[bool] = [True] * genres  # a token still on each genre track (NET-MOGUL-03)
        self.owned: list[tuple[int, ...]] = [()] * players
        self.used: list[tuple[int, ...]] = [()] * players  # Use Once Moguls flipped face down (NET-MOGUL-07)
        self.limit: list[int] = [limit] * players  # Moguls a player may own (NET-MOGUL-02)
        self.special: list[int] = [0] * players  # viewers per show at this round's scoring (Prime Time Special)

    def copy(self) -> Moguls:
        m = Moguls.__new__(Moguls)
        m.deck = self.deck.copy()
        m.box = self.box.copy()
        m.tokens = self.tokens.copy()
        m.owned = self.owned.copy()
        m.used = self.used.copy()
        m.limit = self.limit.copy()
        m.special = self.special.copy()
        return m

    def to_json(self) -> dict[str, Any]:
        return {"deck": self.deck, "box": self.box, "tokens": self.tokens, "owned": [list(o) for o in self.owned],
                "used": [list(u) for u in self.used], "limit": self.limit, "special": self.special}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Moguls:
        m = Moguls.__new__(Moguls)
        m.deck, m.box, m.tokens = list(d["deck"]), list(d["box"]), [bool(t) for t in d["tokens"]]
        m.owned = [tuple(o) for o in d["owned"]]
        m.used = [tuple(u) for u in d["used"]]
        m.limit, m.special = list(d["limit"]), list(d["special"])
        return m


class NetState:
    """Everything about one game of The Networks."""

    __slots__ = ("cat", "T", "opts", "n", "solo", "rng", "phase", "round", "order", "first", "cur",
                 "players", "decks", "discards", "display", "pass_order", "stack", "pilot",
                 "box", "limbo", "solo_deck", "solo_parked", "log", "final", "extra",
                 "setup", "prod", "mog", "xon")

    cat: Catalogue
    T: Tables  # the catalogue's lookup tables (cat.T), at hand for the rules
    opts: dict[str, Any]
    n: int
    solo: bool
    rng: Rng
    phase: str
    round: int
    order: list[int]
    first: int
    cur: int
    players: list[Player]
    decks: list[list[int]]
    discards: list[list[int]]
    display: list[list[int]]
    pass_order: list[int]
    stack: list[tuple[Any, ...]]
    pilot: list[list[int]]
    box: list[int]
    limbo: list[int]
    solo_deck: list[int]
    solo_parked: int
    log: list[str] | None
    final: dict[str, Any] | None
    extra: dict[str, Any]
    setup: Any
    prod: dict[str, Any] | None
    mog: Moguls | None  # the Moguls module, when it is on
    xon: bool  # the Executives module is on: ``"x" in extra`` (rules.executives), kept at hand for the hot path

    def clone(self, keep_log: bool = False) -> NetState:
        s = NetState.__new__(NetState)
        s.cat = self.cat
        s.T = self.T
        s.opts = self.opts
        s.n = self.n
        s.solo = self.solo
        s.rng = self.rng.clone()
        s.phase = self.phase
        s.round = self.round
        # The rules replace the turn order and each player's pilot list rather than change them in
        # place, so clones share those (and see Player.copy for what players share).
        s.order = self.order
        s.first = self.first
        s.cur = self.cur
        s.players = list(map(Player.copy, self.players))
        a, b, c, d = self.decks  # one per kind
        s.decks = [a.copy(), b.copy(), c.copy(), d.copy()]
        a, b, c, d = self.discards
        s.discards = [a.copy(), b.copy(), c.copy(), d.copy()]
        a, b, c, d = self.display
        s.display = [a.copy(), b.copy(), c.copy(), d.copy()]
        s.pass_order = self.pass_order.copy()
        s.stack = self.stack.copy()
        s.pilot = self.pilot.copy()
        s.box = self.box.copy()
        s.limbo = self.limbo.copy()
        s.solo_deck = self.solo_deck.copy()
        s.solo_parked = self.solo_parked
        s.log = self.log.copy() if (keep_log and self.log is not None) else None
        s.final = self.final
        s.extra = self.extra.copy()
        s.setup = self.setup
        s.prod = self.prod.copy() if self.prod is not None else None
        mog = self.mog
        s.mog = mog.copy() if mog is not None else None
        s.xon = self.xon
        return s

    def say(self, text: str) -> None:
        if self.log is not None:
            self.log.append(text)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "opts": self.opts, "n": self.n, "solo": self.solo, "rng": self.rng.state,
            "phase": self.phase, "round": self.round, "order": self.order, "first": self.first,
            "cur": self.cur, "players": [p.to_json() for p in self.players],
            "decks": self.decks, "discards": self.discards, "display": self.display,
            "pass_order": self.pass_order, "stack": [list(t) for t in self.stack],
            "pilot": self.pilot, "box": self.box, "limbo": self.limbo,
            "solo_deck": self.solo_deck, "solo_parked": self.solo_parked,
            "log": self.log, "final": self.final, "extra": self.extra,
            "prod": self.prod,
        }
        if self.mog is not None:  # only with the Moguls module: a game without it is as before
            out["mog"] = self.mog.to_json()
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any], cat: Catalogue) -> NetState:
        s = NetState.__new__(NetState)
        s.cat = cat
        s.T = tables(cat)
        s.opts = d["opts"]
        s.n = d["n"]
        s.solo = d["solo"]
        s.rng = Rng(0)
        s.rng.state = d["rng"]
        s.phase, s.round, s.order, s.first, s.cur = d["phase"], d["round"], list(d["order"]), d["first"], d["cur"]
        s.players = [Player.from_json(p) for p in d["players"]]
        s.decks = [list(x) for x in d["decks"]]
        s.discards = [list(x) for x in d["discards"]]
        s.display = [list(x) for x in d["display"]]
        s.pass_order = list(d["pass_order"])
        s.stack = [_json_to_tuple(t) for t in d["stack"]]
        s.pilot = [list(x) for x in d["pilot"]]
        s.box = list(d["box"])
        s.limbo = list(d["limbo"])
        s.solo_deck = list(d["solo_deck"])
        s.solo_parked = d["solo_parked"]
        s.log = d["log"]
        s.final = d["final"]
        s.extra = {k: tuple(v) if isinstance(v, list) else v for k, v in d["extra"].items()}
        s.setup = cat.setup_for(max(2, s.n))
        s.prod = {k: _json_to_tuple(v) for k, v in d["prod"].items()} if d["prod"] is not None else None
        s.mog = Moguls.from_json(d["mog"]) if d.get("mog") is not None else None
        s.xon = "x" in s.extra
        return s


def _json_to_tuple(d: Any) -> Any:
    """Stack steps are nested tuples; JSON brings them back as lists."""
    if isinstance(d, list):
        return tuple(_json_to_tuple(x) for x in d)
    return d
