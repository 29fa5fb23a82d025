"""Game state of Prime Time: plain slotted objects with an explicit, cheap clone.

Show and Talent cards are integers (indexes into the catalogue), clients and boardroom
cards are indexes into their own lists, cube colours are 0..5 (5 = black).  Pending work
is a stack of flat tuples of ints and strings (never closures), so a state can be cloned
for bot look-ahead and serialised.
"""

from __future__ import annotations

from typing import Any

from primetime.core.rng import Rng
from primetime.games.prime_time.cards import Catalogue

RERUN = -1  # a Re-Run card in a day slot
NOSHOW = -2  # a day slot whose show was canceled but whose talents stay until clean up (PT-CANC-05)


class Slot:
    """One day of a TV Guide: a show (or Re-Run), its talents and the cubes on each card.

    ``cubes[0]`` belongs to the show, ``cubes[1 + i]`` to ``talents[i]``; each holds one
    entry per cube space of the card: the colour placed there or -1 if empty.
    """

    __slots__ = ("show", "talents", "cubes", "new")

    def __new__(cls, *args: Any) -> Slot:
        # Written out so that ``Slot.__new__(Slot)`` (a blank instance, as in copy/clone) also
        # skips ``__init__`` when this module is compiled with mypyc (see tools/build_fast.py).
        return object.__new__(cls)

    def __init__(self, show: int, talents: list[int], cubes: list[list[int]], new: bool = False) -> None:
        self.show = show
        self.talents = talents
        self.cubes = cubes
        self.new = new  # placed during the current schedule submission (cannot be rescheduled)

    def copy(self) -> Slot:
        s = Slot.__new__(Slot)
        s.show = self.show
        s.talents = self.talents.copy()
        s.cubes = [c.copy() for c in self.cubes]
        s.new = self.new
        return s

    def n_cubes(self) -> int:
        n = 0
        for card in self.cubes:
            for c in card:
                if c >= 0:
                    n += 1
        return n

    def to_json(self) -> list[Any]:
        return [self.show, self.talents, self.cubes, self.new]

    @classmethod
    def from_json(cls, d: list[Any]) -> Slot:
        return cls(int(d[0]), list(d[1]), [list(c) for c in d[2]], bool(d[3]))


class Player:
    __slots__ = ("cash", "vp", "vp_src", "hot", "hot_seq", "bonds", "shows", "talents", "reruns",
                 "facedown", "guide", "clients", "variety", "tokens", "offer")

    def __new__(cls, *args: Any) -> Player:
        # Written out so that ``Player.__new__(Player)`` (a blank instance, as in copy/clone) also
        # skips ``__init__`` when this module is compiled with mypyc (see tools/build_fast.py).
        return object.__new__(cls)

    def __init__(self, days: int) -> None:
        self.cash = 0
        self.vp = 0
        self.vp_src: list[int] = [0] * len(VP_SOURCES)
        self.hot = 0  # position on the Hotness track (PT-HOT)
        self.hot_seq = 0  # when the marker last moved: a later marker lies on top (PT-HOT-03)
        self.bonds: list[int] = []  # bond certificates held, by face value (PT-BOND)
        self.shows: list[int] = []  # Show cards in hand (hidden)
        self.talents: list[int] = []  # Talent cards in hand (hidden)
        self.reruns = 0  # Re-Run cards in hand
        self.facedown: list[int] = []  # face-down talents: loaned (HR) or shut out (PT-CANC-02)
        self.guide: list[Slot | None] = [None] * days
        self.clients: list[int] = []
        self.variety = 0
        self.tokens = 0  # action tokens still to place this round
        self.offer: list[int] = []  # the 3 starting shows to choose from (setup only)

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.cash = self.cash
        p.vp = self.vp
        p.vp_src = self.vp_src.copy()
        p.hot = self.hot
        p.hot_seq = self.hot_seq
        p.bonds = self.bonds.copy()
        p.shows = self.shows.copy()
        p.talents = self.talents.copy()
        p.reruns = self.reruns
        p.facedown = self.facedown.copy()
        p.guide = [g.copy() if g is not None else None for g in self.guide]
        p.clients = self.clients.copy()
        p.variety = self.variety
        p.tokens = self.tokens
        p.offer = self.offer.copy()
        return p

    def to_json(self) -> dict[str, Any]:
        return {
            "cash": self.cash, "vp": self.vp, "vp_src": self.vp_src, "hot": self.hot, "hot_seq": self.hot_seq,
            "bonds": self.bonds, "shows": self.shows, "talents": self.talents, "reruns": self.reruns,
            "facedown": self.facedown, "guide": [g.to_json() if g is not None else None for g in self.guide],
            "clients": self.clients, "variety": self.variety, "tokens": self.tokens, "offer": self.offer,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Player:
        p = cls(len(d["guide"]))
        p.cash, p.vp, p.vp_src = d["cash"], d["vp"], list(d["vp_src"])
        p.hot, p.hot_seq, p.bonds = d["hot"], d["hot_seq"], list(d["bonds"])
        p.shows, p.talents, p.reruns = list(d["shows"]), list(d["talents"]), d["reruns"]
        p.facedown = list(d["facedown"])
        p.guide = [Slot.from_json(g) if g is not None else None for g in d["guide"]]
        p.clients, p.variety, p.tokens, p.offer = list(d["clients"]), d["variety"], d["tokens"], list(d["offer"])
        return p


# Where VP came from, for the final breakdown.
VP_SOURCES = ("golf", "hotness", "most_talents", "best_show", "variety", "boardroom", "bonds", "cash")


class PTState:
    """Everything about one game of Prime Time."""

    __slots__ = ("cat", "opts", "n", "days", "rng", "phase", "round", "order", "stack", "log", "final",
                 "players", "show_deck", "show_disc", "tal_deck", "tal_disc", "spaces", "bids",
                 "rd", "archives", "golf", "pr", "hr", "client_pile", "client_disc", "clients",
                 "br_decks", "br_up", "br_disc", "br_box", "bag", "pools", "forecast",
                 "reruns", "variety", "dev_pos", "alloc", "passed", "hot_clock", "screen")

    def __new__(cls, *args: Any) -> PTState:
        # Written out so that ``PTState.__new__(PTState)`` (a blank instance, as in copy/clone) also
        # skips ``__init__`` when this module is compiled with mypyc (see tools/build_fast.py).
        return object.__new__(cls)

    cat: Catalogue
    opts: dict[str, Any]
    n: int
    days: int  # broadcast days in use: 5, or 4 in a 2-player game
    rng: Rng
    phase: str
    round: int
    order: list[int]  # turn order, first player first
    stack: list[tuple[Any, ...]]
    log: list[str] | None
    final: dict[str, Any] | None
    players: list[Player]
    show_deck: list[int]  # draw with pop(): the end of the list is the top
    show_disc: list[int]
    tal_deck: list[int]
    tal_disc: list[int]
    spaces: list[list[int]]  # [shows, talents]: the card on each card space, -1 if empty
    bids: list[list[list[tuple[int, int]]]]  # per card space: (player, amount) in bidding order
    rd: list[int]  # R&D stack, bottom first
    archives: list[int]
    golf: list[int]
    pr: list[int]
    hr: list[int]
    client_pile: list[int]
    client_disc: list[int]
    clients: list[int]  # client tokens on the board
    br_decks: list[list[int]]
    br_up: list[int]  # the face-up Boardroom card of each character deck (-1 if none)
    br_disc: list[int]
    br_box: list[int]  # Min Bonds when the Bonds rule is off
    bag: list[int]  # cubes in the bag, by colour
    pools: list[list[int]]  # daily pools Mon..Fri, cubes by colour
    forecast: list[list[int]]  # rows (0 = lower) x days: a colour or -1
    reruns: int  # Re-Run supply
    variety: int  # Variety token supply
    dev_pos: int  # turn-order index of the next token placement
    alloc: list[int]  # primary cubes left per player (ratings war)
    passed: list[bool]  # passed for the rest of the day (remaining cubes)
    hot_clock: int  # counts marker moves on the Hotness track
    screen: list[tuple[list[Slot | None], tuple[int, int, int]]] | None  # Simultaneous Scheduling

    def clone(self, keep_log: bool = False) -> PTState:
        s = PTState.__new__(PTState)
        s.cat = self.cat
        s.opts = self.opts
        s.n = self.n
        s.days = self.days
        s.rng = self.rng.clone()
        s.phase = self.phase
        s.round = self.round
        s.order = self.order.copy()
        s.stack = self.stack.copy()
        s.log = self.log.copy() if (keep_log and self.log is not None) else None
        s.final = self.final
        s.players = [p.copy() for p in self.players]
        s.show_deck = self.show_deck.copy()
        s.show_disc = self.show_disc.copy()
        s.tal_deck = self.tal_deck.copy()
        s.tal_disc = self.tal_disc.copy()
        s.spaces = [self.spaces[0].copy(), self.spaces[1].copy()]
        s.bids = [[b.copy() for b in self.bids[0]], [b.copy() for b in self.bids[1]]]
        s.rd = self.rd.copy()
        s.archives = self.archives.copy()
        s.golf = self.golf.copy()
        s.pr = self.pr.copy()
        s.hr = self.hr.copy()
        s.client_pile = self.client_pile.copy()
        s.client_disc = self.client_disc.copy()
        s.clients = self.clients.copy()
        s.br_decks = [d.copy() for d in self.br_decks]
        s.br_up = self.br_up.copy()
        s.br_disc = self.br_disc.copy()
        s.br_box = self.br_box.copy()
        s.bag = self.bag.copy()
        s.pools = [p.copy() for p in self.pools]
        s.forecast = [r.copy() for r in self.forecast]
        s.reruns = self.reruns
        s.variety = self.variety
        s.dev_pos = self.dev_pos
        s.alloc = self.alloc.copy()
        s.passed = self.passed.copy()
        s.hot_clock = self.hot_clock
        s.screen = self.screen  # never mutated once taken, so clones share it
        return s

    def say(self, text: str) -> None:
        if self.log is not None:
            self.log.append(text)

    def to_json(self) -> dict[str, Any]:
        return {
            "opts": self.opts, "n": self.n, "days": self.days, "rng": self.rng.state, "phase": self.phase,
            "round": self.round, "order": self.order, "stack": [list(t) for t in self.stack],
            "log": self.log, "final": self.final, "players": [p.to_json() for p in self.players],
            "show_deck": self.show_deck, "show_disc": self.show_disc, "tal_deck": self.tal_deck,
            "tal_disc": self.tal_disc, "spaces": self.spaces,
            "bids": [[[list(b) for b in bl] for bl in kind] for kind in self.bids],
            "rd": self.rd, "archives": self.archives, "golf": self.golf, "pr": self.pr, "hr": self.hr,
            "client_pile": self.client_pile, "client_disc": self.client_disc, "clients": self.clients,
            "br_decks": self.br_decks, "br_up": self.br_up, "br_disc": self.br_disc, "br_box": self.br_box,
            "bag": self.bag, "pools": self.pools, "forecast": self.forecast, "reruns": self.reruns,
            "variety": self.variety, "dev_pos": self.dev_pos, "alloc": self.alloc, "passed": self.passed,
            "hot_clock": self.hot_clock,
            "screen": None if self.screen is None else [[[g.to_json() if g is not None else None for g in guide], list(counts)]
                                                        for guide, counts in self.screen],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any], cat: Catalogue) -> PTState:
        s = PTState.__new__(PTState)
        s.cat = cat
        s.opts = dict(d["opts"])
        s.n, s.days = d["n"], d["days"]
        s.rng = Rng(0)
        s.rng.state = d["rng"]
        s.phase, s.round, s.order = d["phase"], d["round"], list(d["order"])
        s.stack = [tuple(t) for t in d["stack"]]
        s.log = d["log"]
        s.final = d["final"]
        s.players = [Player.from_json(p) for p in d["players"]]
        s.show_deck, s.show_disc = list(d["show_deck"]), list(d["show_disc"])
        s.tal_deck, s.tal_disc = list(d["tal_deck"]), list(d["tal_disc"])
        s.spaces = [list(x) for x in d["spaces"]]
        s.bids = [[[tuple(b) for b in bl] for bl in kind] for kind in d["bids"]]
        s.rd, s.archives, s.golf, s.pr, s.hr = list(d["rd"]), list(d["archives"]), list(d["golf"]), list(d["pr"]), list(d["hr"])
        s.client_pile, s.client_disc, s.clients = list(d["client_pile"]), list(d["client_disc"]), list(d["clients"])
        s.br_decks = [list(x) for x in d["br_decks"]]
        s.br_up, s.br_disc, s.br_box = list(d["br_up"]), list(d["br_disc"]), list(d["br_box"])
        s.bag = list(d["bag"])
        s.pools = [list(x) for x in d["pools"]]
        s.forecast = [list(x) for x in d["forecast"]]
        s.reruns, s.variety, s.dev_pos = d["reruns"], d["variety"], d["dev_pos"]
        s.alloc, s.passed, s.hot_clock = list(d["alloc"]), list(d["passed"]), d["hot_clock"]
        scr = d["screen"]
        s.screen = None if scr is None else [([Slot.from_json(g) if g is not None else None for g in guide], tuple(counts))
                                             for guide, counts in scr]
        return s
