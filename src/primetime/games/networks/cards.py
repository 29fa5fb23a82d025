"""Card schema and loader for The Networks: Primetime.

A card set is a folder of TOML files (``shows.toml``, ``stars.toml``, ``ads.toml``,
``network.toml``, ``solo.toml``, ``board.toml``, and ``moguls.toml`` for the Moguls module).  Every card is validated when it is
loaded; an error names the file, the card and the field.  The rules refer to physical
cards by a small integer (their index in :attr:`Catalogue.cards`), so game states stay
lean and cheap to clone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

import msgspec

from primetime.core.carddata import CardDataError, check, convert, read_toml

GENRES: tuple[str, ...] = ("sports", "scifi", "action", "reality", "sitcom", "drama")
GENRE_NAMES: dict[str, str] = {
    "sports": "Sports",
    "scifi": "Sci-Fi",
    "action": "Action",
    "reality": "Reality",
    "sitcom": "Sitcom",
    "drama": "Drama",
}
TIMESLOTS: tuple[str, ...] = ("daytime", "primetime", "latenight")
TIMESLOT_NAMES: dict[str, str] = {"daytime": "Daytime", "primetime": "Primetime", "latenight": "Late Night",
                                  "weekend": "Weekend"}
# Telly Time (NET-TELLY-01/02): a fourth timeslot and three genres.  Lineup slot 3 is the Weekend.
TELLY_GENRES: tuple[str, ...] = ("kids", "quiz", "chat")
ALL_GENRES: tuple[str, ...] = GENRES + TELLY_GENRES
GENRE_NAMES.update({"kids": "Kids", "quiz": "Quiz", "chat": "Chat"})
WEEKEND = "weekend"
ALL_TIMESLOTS: tuple[str, ...] = TIMESLOTS + (WEEKEND,)
ANY_TIMESLOT = "any"  # a Telly Time show preferring every timeslot (NET-TELLY-09)
NETWORKS: tuple[str, ...] = ("ABC", "NBC", "CBS", "FOX", "CW")  # placeholder, overridden by data

DATA_DIR = Path(__file__).parent / "data" / "base"
TELLY_DIR = Path(__file__).parent / "data" / "telly_time"

Kind = Literal["show", "star", "ad", "network"]


class Slots(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Attachment slots of a show: required (full colour) and optional (gray) per type."""

    star_req: int = 0
    star_opt: int = 0
    ad_req: int = 0
    ad_opt: int = 0
    wild_req: int = 0
    wild_opt: int = 0

    @property
    def stars(self) -> int:
        return self.star_req + self.star_opt

    @property
    def ads(self) -> int:
        return self.ad_req + self.ad_opt

    @property
    def wild(self) -> int:
        return self.wild_req + self.wild_opt

    @property
    def required(self) -> int:
        return self.star_req + self.ad_req + self.wild_req

    @property
    def total(self) -> int:
        return self.stars + self.ads + self.wild


ConditionKind = Literal["genre", "timeslot", "with_others", "alone", "networks"]


class Condition(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A condition icon on a star or ad (001, Star & Ad Conditions).

    * ``genre``: host show has one of ``genres`` (one or two genres).
    * ``timeslot``: host show occupies ``timeslot``.
    * ``with_others``: host has at least 1 other attachment of type ``of`` (star/ad/any).
    * ``alone``: host has no other attachment of type ``of`` (star/ad/any).
    * ``networks``: owner has at least ``count`` network cards in the green room.
    """

    kind: ConditionKind
    genres: list[str] = []
    timeslot: str = ""
    of: Literal["star", "ad", "any"] = "any"
    count: int = 2


class ShowDef(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    genre: str
    cost: int
    expenses: int
    seasons: list[int]
    slots: Slots = Slots()
    deck: Literal["A", "B", "starter", "pilot"] = "A"
    mark: int = 0
    network: str = ""
    timeslot: str = ""
    rerun: int | None = None
    income: int = 0
    effect: str = ""
    text: str = ""


class StarDef(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    cost: int
    expenses: int
    viewers: list[int]
    rotated_expenses: int = 0
    rotated_viewers: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0, 0])
    condition: Condition | None = None
    pilot: bool = False
    rerun: int = 0
    effect: str = ""
    text: str = ""


class AdDef(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    bonus: int
    income: int
    rotated_income: int = 0
    condition: Condition | None = None
    promo_cost: int = 0
    viewers: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0, 0])
    pilot: bool = False
    effect: str = ""
    text: str = ""


Timing = Literal["immediate", "use_once", "ongoing", "game_end"]


class NetworkDef(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    timing: Timing
    effect: str
    params: dict[str, int | str] = {}
    cost: int = 0
    text: str = ""


SoloPref = Literal[
    "leftmost",
    "most_wild_slots",
    "most_slots",
    "most_required_slots",
    "highest_cost",
    "lowest_cost",
    "most_viewers",
    "highest_bonus",
    "highest_income",
    "promo",
    "conditional",
    "genre",
    "timing",
]


class SoloDef(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    id: str
    type: Literal["show", "star", "ad", "network"]
    prefer: SoloPref
    genre: str = ""
    timing: str = ""
    text: str = ""


class PassColumn(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    cash: int
    viewers: int | None = None


class Display(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    show: int
    star: int
    ad: int
    network: int


class SetupBoard(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    players: list[int]
    starting_cash: list[int]
    display: Display
    pass_track: list[PassColumn]


class GenreBoard(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    values: list[int]
    bonuses: dict[str, list[str]]


class MogulRules(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """The Moguls module's numbers (NET-MOGUL-02..05, NET-AMB-24)."""

    space: int = 3  # the genre-track space that holds a Mogul token at setup
    draw: int = 3  # Moguls drawn when a token is taken (keep 1)
    limit: int = 1  # Moguls a player may own (the Specialist executive raises it)
    unkept: Literal["bottom", "box"] = "bottom"  # where the Moguls drawn but not kept go


class MogulDef(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A Mogul card (NET-MOGUL-01): a timing and an effect of ``effects.MOGUL_EFFECTS``."""

    id: str
    name: str
    timing: Timing
    effect: str
    params: dict[str, int | str] = {}
    text: str = ""


class MogulFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    rules: MogulRules
    mogul: list[MogulDef]


class BoardFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    genre_board: GenreBoard
    setup: list[SetupBoard]
    networks: list[str]


LineBonus = Literal["star", "ad", "network", "mixed", "cash"]


class GridLine(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A row, column or diagonal of the Genre Grid and the bonus printed at its end (NET-TELLY-05)."""

    id: str
    squares: list[int]
    bonus: LineBonus
    cash: int = 0


class PassBoard(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    players: list[int]
    pass_track: list[PassColumn]


class GridFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Telly Time's boards (``telly_time/grid.toml``): the 3x3 Genre Grid (genres row by row),
    its 8 lines, and the Telly pass board per player count (NET-TELLY-03/05/06/13)."""

    squares: list[str]
    lines: list[GridLine]
    pass_boards: list[PassBoard]


@dataclass(frozen=True, slots=True)
class Card:
    """A physical card in play: an index plus its definition and kind."""

    index: int
    kind: Kind
    defn: Any  # ShowDef | StarDef | AdDef | NetworkDef

    @property
    def id(self) -> str:
        return str(self.defn.id)

    @property
    def name(self) -> str:
        return str(self.defn.name)


@dataclass
class Catalogue:
    """Every card of a card set, indexed, plus the boards."""

    path: Path
    cards: list[Card] = field(default_factory=list)
    by_id: dict[str, int] = field(default_factory=dict)
    solo: list[SoloDef] = field(default_factory=list)
    board: BoardFile | None = None
    starters: dict[str, list[int]] = field(default_factory=dict)
    pilot: list[int] = field(default_factory=list)
    shows_a: list[int] = field(default_factory=list)
    shows_b: list[int] = field(default_factory=list)
    stars: list[int] = field(default_factory=list)
    ads: list[int] = field(default_factory=list)
    network: list[int] = field(default_factory=list)
    # The Moguls module (``moguls.toml``; None for a card set without it).  Moguls are not cards of
    # ``cards``: they have their own deck and index (an index into ``moguls.cards``).
    moguls: MogulFile | None = None
    T: Any = None  # hot-path lookup tables, built by the rules (rules.tables.Tables)
    grid: GridFile | None = None  # Telly Time's Genre Grid (a catalogue loaded with the module)

    def card(self, ref: int | str) -> Card:
        if isinstance(ref, str):
            return self.cards[self.by_id[ref]]
        return self.cards[ref]

    def setup_for(self, players: int) -> SetupBoard:
        assert self.board is not None
        for s in self.board.setup:
            if players in s.players:
                return s
        raise CardDataError(f"{self.path / 'board.toml'}: no setup board for {players} players")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, list[Any]] = {"show": [], "star": [], "ad": [], "network": []}
        for c in self.cards:
            out[c.kind].append(msgspec.to_builtins(c.defn))
        assert self.board is not None
        data = {
            "path": str(self.path),
            **{k + "s": v for k, v in out.items()},
            "solo": [msgspec.to_builtins(s) for s in self.solo],
            "board": msgspec.to_builtins(self.board),
        }
        if self.grid is not None:
            data["grid"] = msgspec.to_builtins(self.grid)
        return data





def _check_condition(path: Path, table: str, ident: str, cond: Condition | None) -> None:
    if cond is None:
        return
    if cond.kind == "genre":
        check(path, table, ident, 1 <= len(cond.genres) <= 2, "field `condition.genres` needs 1 or 2 genres")
        for g in cond.genres:
            check(path, table, ident, g in GENRES, f"field `condition.genres`: unknown genre {g!r}")
    if cond.kind == "timeslot":
        check(path, table, ident, cond.timeslot in TIMESLOTS, f"field `condition.timeslot`: unknown timeslot {cond.timeslot!r}")


def load_catalogue(path: Path | str = DATA_DIR, telly: bool = False, telly_path: Path | str = TELLY_DIR) -> Catalogue:
    """Load and validate a card set folder (``telly``: with the Telly Time module's cards and boards,
    read from ``telly_path``)."""
    from primetime.games.networks import effects  # registry of effect functions

    path = Path(path)
    if not path.is_dir():
        raise CardDataError(f"{path}: card set folder not found")
    cat = Catalogue(path=path)
    seen: set[str] = set()

    def add(defn: Any, file: Path, table: str, kind: Kind = "show") -> int:
        check(file, table, defn.id, defn.id not in seen, "duplicate card id")
        seen.add(defn.id)
        idx = len(cat.cards)
        cat.cards.append(Card(idx, kind, defn))
        cat.by_id[defn.id] = idx
        return idx

    board_file = path / "board.toml"
    cat.board = convert(board_file, "board", 0, read_toml(board_file), BoardFile)
    gb = cat.board.genre_board
    check(board_file, "genre_board", "genre_board", len(gb.values) >= 2, "field `values` needs one value per space")
    for g in GENRES:
        bon = gb.bonuses.get(g)
        check(board_file, "genre_board", "genre_board", bon is not None, f"field `bonuses.{g}` missing")
        assert bon is not None
        check(board_file, "genre_board", "genre_board", len(bon) == len(gb.values), f"field `bonuses.{g}` needs {len(gb.values)} entries")
        for b in bon:
            check(board_file, "genre_board", "genre_board", b in ("", "star", "ad", "network", "mixed"), f"field `bonuses.{g}`: unknown bonus {b!r}")
    for s in cat.board.setup:
        check(board_file, "setup", str(s.players), len(s.starting_cash) == max(s.players), "field `starting_cash` needs one entry per seat")
        check(board_file, "setup", str(s.players), s.pass_track[-1].viewers is None, "field `pass_track`: last column must be cash-only")

    f = path / "shows.toml"
    for i, raw in enumerate(read_toml(f).get("show", [])):
        d: ShowDef = convert(f, "show", i, raw, ShowDef)
        _check_show(f, d, GENRES, TIMESLOTS)
        _add_show(cat, d, add(d, f, "show"), f)

    f = path / "stars.toml"
    for i, raw in enumerate(read_toml(f).get("star", [])):
        sd: StarDef = convert(f, "star", i, raw, StarDef)
        check(f, "star", sd.id, len(sd.viewers) == 4 and len(sd.rotated_viewers) == 4, "fields `viewers`/`rotated_viewers` need 4 rows")
        _check_condition(f, "star", sd.id, sd.condition)
        check(f, "star", sd.id, not sd.effect or sd.effect in effects.STAR_EFFECTS, f"field `effect`: no star effect {sd.effect!r} in the registry")
        idx = add(sd, f, "star", "star")
        (cat.pilot if sd.pilot else cat.stars).append(idx)

    f = path / "ads.toml"
    for i, raw in enumerate(read_toml(f).get("ad", [])):
        ad: AdDef = convert(f, "ad", i, raw, AdDef)
        check(f, "ad", ad.id, len(ad.viewers) == 4, "field `viewers` needs 4 rows")
        _check_condition(f, "ad", ad.id, ad.condition)
        check(f, "ad", ad.id, not (ad.promo_cost and ad.condition), "a promo ad cannot also have a condition")
        idx = add(ad, f, "ad", "ad")
        (cat.pilot if ad.pilot else cat.ads).append(idx)

    f = path / "network.toml"
    for i, raw in enumerate(read_toml(f).get("network", [])):
        nd: NetworkDef = convert(f, "network", i, raw, NetworkDef)
        check(f, "network", nd.id, nd.effect in effects.NETWORK_EFFECTS, f"field `effect`: no network effect {nd.effect!r} in the registry")
        spec = effects.NETWORK_EFFECTS[nd.effect]
        check(f, "network", nd.id, nd.timing in spec.timings, f"field `timing`: effect {nd.effect!r} works as {'/'.join(spec.timings)}, not {nd.timing!r}")
        for p in spec.params:
            check(f, "network", nd.id, p in nd.params, f"field `params.{p}` missing (effect {nd.effect!r} needs it)")
        cat.network.append(add(nd, f, "network", "network"))

    f = path / "solo.toml"
    for i, raw in enumerate(read_toml(f).get("solo", [])):
        so: SoloDef = convert(f, "solo", i, raw, SoloDef)
        check(f, "solo", so.id, so.id not in seen, "duplicate card id")
        seen.add(so.id)
        cat.solo.append(so)
    if telly:
        _load_telly(cat, Path(telly_path), add)

    f = path / "moguls.toml"
    if f.exists():
        cat.moguls = _load_moguls(f, seen)
    return cat


def _check_show(f: Path, d: ShowDef, genres: tuple[str, ...], timeslots: tuple[str, ...]) -> None:
    from primetime.games.networks import effects  # registry of effect functions

    check(f, "show", d.id, d.genre in genres, f"field `genre`: unknown genre {d.genre!r}")
    check(f, "show", d.id, len(d.seasons) == 4, "field `seasons` needs 4 rows")
    ok = d.timeslot in timeslots or (d.timeslot == "" and d.deck == "starter")
    if timeslots is ALL_TIMESLOTS and not ok:  # Telly Time: two preferred timeslots, or ANY (NET-TELLY-09)
        two = d.timeslot.split("/")
        ok = d.timeslot == ANY_TIMESLOT or (len(two) == 2 and two[0] != two[1] and all(t in timeslots for t in two))
    check(f, "show", d.id, ok, f"field `timeslot`: {d.timeslot!r} (starters have none; other shows need one of {timeslots})")
    check(f, "show", d.id, d.mark in (0, 3, 4), "field `mark` must be 0, 3 or 4")
    check(f, "show", d.id, not d.effect or d.effect in effects.SHOW_EFFECTS, f"field `effect`: no show effect {d.effect!r} in the registry")


def _add_show(cat: Catalogue, d: ShowDef, idx: int, f: Path) -> None:
    assert cat.board is not None
    if d.deck == "starter":
        check(f, "show", d.id, d.network in cat.board.networks, f"field `network`: unknown network {d.network!r}")
        cat.starters.setdefault(d.network, []).append(idx)
    elif d.deck == "pilot":
        cat.pilot.append(idx)
    elif d.deck == "A":
        cat.shows_a.append(idx)
    else:
        cat.shows_b.append(idx)


def _load_telly(cat: Catalogue, path: Path, add: Any) -> None:
    """Telly Time's cards and boards beside a card set (NET-TELLY-01..13): its shows join the show
    decks, the Genre Grid is read, and the Telly pass board replaces the setup boards' pass tracks."""
    f = path / "shows.toml"
    for i, raw in enumerate(read_toml(f).get("show", [])):
        d: ShowDef = convert(f, "show", i, raw, ShowDef)
        _check_show(f, d, ALL_GENRES, ALL_TIMESLOTS)
        check(f, "show", d.id, d.deck in ("A", "B"), "field `deck`: Telly Time shows join the A or B deck")
        for g, eff in (("quiz", "quiz"), ("chat", "chat")):  # NET-TELLY-11/12: the genre's rule, by effect key
            check(f, "show", d.id, (d.genre == g) == (d.effect == eff), f"field `effect`: a {g} show has effect {eff!r}, no other show has it")
        if d.genre == "kids":  # NET-TELLY-10: Kids shows never air in Primetime or Late Night
            check(f, "show", d.id, all(t in ("daytime", WEEKEND) for t in d.timeslot.split("/")),
                  "field `timeslot`: a kids show prefers Daytime and/or Weekend only")
        _add_show(cat, d, add(d, f, "show"), f)
    f = path / "grid.toml"
    grid: GridFile = convert(f, "grid", 0, read_toml(f), GridFile)
    check(f, "grid", "grid", sorted(grid.squares) == sorted(ALL_GENRES), f"field `squares`: each of the 9 genres once {ALL_GENRES}")
    seen: set[tuple[int, ...]] = set()
    for line in grid.lines:
        sq = tuple(sorted(line.squares))
        check(f, "lines", line.id, len(sq) == 3 and all(0 <= q < 9 for q in sq) and sq not in seen,
              "field `squares`: 3 distinct squares 0-8, each line once")
        seen.add(sq)
        check(f, "lines", line.id, (line.bonus == "cash") == (line.cash > 0), "field `cash`: a cash line pays $1M or more, other lines none")
    rows = {(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)}
    check(f, "lines", "lines", seen == rows, "the 8 lines are the 3 rows, 3 columns and 2 diagonals (NET-TELLY-06)")
    assert cat.board is not None
    setups = []
    for board in cat.board.setup:
        new = [b for b in grid.pass_boards if b.players == board.players]
        check(f, "pass_boards", str(board.players), len(new) == 1, "one Telly pass board per setup board (same player counts)")
        track = new[0].pass_track
        check(f, "pass_boards", str(board.players), len(track) == len(board.pass_track) and track[-1].viewers is None,
              "field `pass_track`: one column per seat, the last cash-only")
        setups.append(msgspec.structs.replace(board, pass_track=track))
    cat.board = msgspec.structs.replace(cat.board, setup=setups)
    cat.grid = grid



def _load_moguls(f: Path, seen: set[str]) -> MogulFile:
    """The Moguls module's file, validated like the cards (errors name file, card and field)."""
    from primetime.games.networks import effects

    raw = read_toml(f)
    rules = convert(f, "rules", 0, raw.get("rules", {}), MogulRules)
    cards = []
    for i, entry in enumerate(raw.get("mogul", [])):
        md: MogulDef = convert(f, "mogul", i, entry, MogulDef)
        check(f, "mogul", md.id, md.id not in seen, "duplicate card id")
        seen.add(md.id)
        check(f, "mogul", md.id, md.effect in effects.MOGUL_EFFECTS, f"field `effect`: no mogul effect {md.effect!r} in the registry")
        spec = effects.MOGUL_EFFECTS[md.effect]
        check(f, "mogul", md.id, md.timing in spec.timings, f"field `timing`: effect {md.effect!r} works as {'/'.join(spec.timings)}, not {md.timing!r}")
        for p in spec.params:
            check(f, "mogul", md.id, p in md.params, f"field `params.{p}` missing (effect {md.effect!r} needs it)")
        cards.append(md)
    check(f, "rules", "rules", 2 <= rules.space <= 4, "field `space`: a genre-track space with a bonus (2 to 4)")
    check(f, "rules", "rules", rules.draw >= 1 and rules.limit >= 1, "fields `draw` and `limit` must be at least 1")
    check(f, "rules", "rules", len(cards) >= rules.draw, f"needs at least {rules.draw} Moguls (field `draw`)")
    return MogulFile(rules, cards)


@cache
def default_catalogue() -> Catalogue:
    return load_catalogue(DATA_DIR)


@cache
def telly_catalogue() -> Catalogue:
    """The standard cards with the Telly Time module."""
    return load_catalogue(DATA_DIR, telly=True)
