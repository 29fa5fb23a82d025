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
TIMESLOT_NAMES: dict[str, str] = {"daytime": "Daytime", "primetime": "Primetime", "latenight": "Late Night"}
NETWORKS: tuple[str, ...] = ("ABC", "NBC", "CBS", "FOX", "CW")  # placeholder, overridden by data

DATA_DIR = Path(__file__).parent / "data" / "base"

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
        return {
            "path": str(self.path),
            **{k + "s": v for k, v in out.items()},
            "solo": [msgspec.to_builtins(s) for s in self.solo],
            "board": msgspec.to_builtins(self.board),
        }





def _check_condition(path: Path, table: str, ident: str, cond: Condition | None) -> None:
    if cond is None:
        return
    if cond.kind == "genre":
        check(path, table, ident, 1 <= len(cond.genres) <= 2, "field `condition.genres` needs 1 or 2 genres")
        for g in cond.genres:
            check(path, table, ident, g in GENRES, f"field `condition.genres`: unknown genre {g!r}")
    if cond.kind == "timeslot":
        check(path, table, ident, cond.timeslot in TIMESLOTS, f"field `condition.timeslot`: unknown timeslot {cond.timeslot!r}")


def load_catalogue(path: Path | str = DATA_DIR) -> Catalogue:
    """Load and validate a card set folder."""
    from primetime.games.networks import effects  # registry of effect functions

    path = Path(path)
    if not path.is_dir():
        raise CardDataError(f"{path}: card set folder not found")
    cat = Catalogue(path=path)
    seen: set[str] = set()

    def add(kind: Kind, defn: Any, file: Path, table: str) -> int:
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
        check(f, "show", d.id, d.genre in GENRES, f"field `genre`: unknown genre {d.genre!r}")
        check(f, "show", d.id, len(d.seasons) == 4, "field `seasons` needs 4 rows")
        check(f, "show", d.id, d.timeslot in TIMESLOTS or (d.timeslot == "" and d.deck == "starter"),
               f"field `timeslot`: {d.timeslot!r} (starters have none; other shows need one of {TIMESLOTS})")
        check(f, "show", d.id, d.mark in (0, 3, 4), "field `mark` must be 0, 3 or 4")
        check(f, "show", d.id, not d.effect or d.effect in effects.SHOW_EFFECTS, f"field `effect`: no show effect {d.effect!r} in the registry")
        idx = add("show", d, f, "show")
        if d.deck == "starter":
            check(f, "show", d.id, d.network in cat.board.networks, f"field `network`: unknown network {d.network!r}")
            cat.starters.setdefault(d.network, []).append(idx)
        elif d.deck == "pilot":
            cat.pilot.append(idx)
        elif d.deck == "A":
            cat.shows_a.append(idx)
        else:
            cat.shows_b.append(idx)

    f = path / "stars.toml"
    for i, raw in enumerate(read_toml(f).get("star", [])):
        sd: StarDef = convert(f, "star", i, raw, StarDef)
        check(f, "star", sd.id, len(sd.viewers) == 4 and len(sd.rotated_viewers) == 4, "fields `viewers`/`rotated_viewers` need 4 rows")
        _check_condition(f, "star", sd.id, sd.condition)
        check(f, "star", sd.id, not sd.effect or sd.effect in effects.STAR_EFFECTS, f"field `effect`: no star effect {sd.effect!r} in the registry")
        idx = add("star", sd, f, "star")
        (cat.pilot if sd.pilot else cat.stars).append(idx)

    f = path / "ads.toml"
    for i, raw in enumerate(read_toml(f).get("ad", [])):
        ad: AdDef = convert(f, "ad", i, raw, AdDef)
        check(f, "ad", ad.id, len(ad.viewers) == 4, "field `viewers` needs 4 rows")
        _check_condition(f, "ad", ad.id, ad.condition)
        check(f, "ad", ad.id, not (ad.promo_cost and ad.condition), "a promo ad cannot also have a condition")
        idx = add("ad", ad, f, "ad")
        (cat.pilot if ad.pilot else cat.ads).append(idx)

    f = path / "network.toml"
    for i, raw in enumerate(read_toml(f).get("network", [])):
        nd: NetworkDef = convert(f, "network", i, raw, NetworkDef)
        check(f, "network", nd.id, nd.effect in effects.NETWORK_EFFECTS, f"field `effect`: no network effect {nd.effect!r} in the registry")
        spec = effects.NETWORK_EFFECTS[nd.effect]
        check(f, "network", nd.id, nd.timing in spec.timings, f"field `timing`: effect {nd.effect!r} works as {'/'.join(spec.timings)}, not {nd.timing!r}")
        for p in spec.params:
            check(f, "network", nd.id, p in nd.params, f"field `params.{p}` missing (effect {nd.effect!r} needs it)")
        cat.network.append(add("network", nd, f, "network"))

    f = path / "solo.toml"
    for i, raw in enumerate(read_toml(f).get("solo", [])):
        so: SoloDef = convert(f, "solo", i, raw, SoloDef)
        check(f, "solo", so.id, so.id not in seen, "duplicate card id")
        seen.add(so.id)
        cat.solo.append(so)

    f = path / "moguls.toml"
    if f.exists():
        cat.moguls = _load_moguls(f, seen)
    return cat


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
