"""Card schema and loader for Prime Time.

A card set is a folder of TOML files (``shows.toml``, ``talents.toml``, ``clients.toml``,
``reruns.toml``, ``boardroom.toml``, ``board.toml``).  Every entry is validated when it is
loaded; an error names the file, the card and the field.  The engine refers to Show and
Talent cards by a small integer (their index in :attr:`Catalogue.cards`: shows first, then
talents), to clients and boardroom cards by their index in their own lists, so game
states stay lean and cheap to clone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

import msgspec

from primetime.core.carddata import CardDataError, check, convert, read_toml

# PT-COMP-05: five demographic colours plus black (wild).  Index 5 is black for a cube and
# "any colour" for a space (a Re-Run's space, PT-ANAT-05): both fit everything.
COLOURS: tuple[str, ...] = ("pink", "orange", "yellow", "blue", "green", "black")
SPACE_COLOURS: tuple[str, ...] = ("pink", "orange", "yellow", "blue", "green", "any")
BLACK = 5
ANY = 5
GENRES: tuple[str, ...] = ("scifi", "action", "reality", "comedy", "drama")  # PT-COMP-17
GENRE_NAMES: dict[str, str] = {"scifi": "Sci-fi", "action": "Action", "reality": "Reality", "comedy": "Comedy", "drama": "Drama"}
TALENT_TYPES: tuple[str, ...] = ("cast", "writer", "director", "producer", "actor")  # PT-COMP-18
TYPE_NAMES: dict[str, str] = {t: t.capitalize() for t in TALENT_TYPES}
DURATIONS: tuple[str, ...] = ("series", "mini", "single")  # PT-COMP-19
DURATION_NAMES: dict[str, str] = {"series": "Series", "mini": "Mini Series", "single": "Single Show"}
TIERS: tuple[str, ...] = ("silver", "gold")  # PT-COMP-20
TIER_NAMES: dict[str, str] = {"silver": "Silver", "gold": "Gold"}
SERIES, MINI, SINGLE = 0, 1, 2
SILVER, GOLD = 0, 1

RANK_METRICS: tuple[str, ...] = ("cash", "reruns_in_hand", "guide_stars", "bond_value")
THRESHOLD_METRICS: tuple[str, ...] = ("facedown_stars", "clients", "single_shows")

DATA_DIR = Path(__file__).parent / "data" / "base"


class ShowDef(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """PT-ANAT-01 / PT-ANAT-04: a Show card (stars optional, default 0)."""

    id: str
    name: str
    genre: str
    duration: str
    tier: str
    min_bid: int
    spaces: list[str]
    stars: int = 0
    text: str = ""


class TalentDef(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """PT-ANAT-02: a Talent card."""

    id: str
    name: str
    type: str
    genre: str
    tier: str
    min_bid: int
    spaces: list[str]
    stars: int = 0
    text: str = ""


class ClientDef(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """PT-ANAT-07: a Client token: a multiset of cube colours and a cash reward."""

    id: str
    name: str
    needs: dict[str, int]
    cash: int
    text: str = ""


class RerunDef(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """PT-ANAT-05 / PT-GAP-10: the (identical) Re-Run cards."""

    name: str
    count: int
    spaces: list[str]
    stars: int = 0
    text: str = ""


class CharacterDef(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """PT-ANAT-08 / PT-GAP-08: one of the three Boardroom character decks."""

    id: str
    name: str
    text: str = ""


BoardroomKind = Literal["genres", "rank", "threshold"]


class BoardroomDef(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A Boardroom card (PT-BRD).

    * ``genres``: ``genres`` maps a genre to the VP for having at least one face-up show
      of it on the TV Guide (Market Trends).
    * ``rank``: players are ranked on ``metric`` (``order`` = "most" or "least" first) and
      the places earn ``vp`` with the tie split of PT-BRD-02.
    * ``threshold``: ``thresholds`` is a list of ``[at_least, vp]``; the highest reached pays.
    """

    id: str
    name: str
    deck: str
    kind: BoardroomKind
    metric: str = ""
    order: Literal["most", "least"] = "most"
    vp: list[int] = []
    genres: dict[str, int] = {}
    thresholds: list[list[int]] = []
    bonds_only: bool = False
    text: str = ""


class TierValues(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    silver: int
    gold: int

    def of(self, tier: int) -> int:
        return self.gold if tier == GOLD else self.silver


class GameRules(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    rounds: int
    season_rounds: int
    tokens: int
    starting_cash: int
    starting_draw: int
    starting_keep: int
    turn_order_bonus: list[int]
    cash_per_cube: int
    dollars_per_vp: int
    vp_track: int
    hotness_max: int
    days: int
    days_2p: int


class CubeRules(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    counts: dict[str, int]
    pool_start: int
    forecast_rows: int


class BiddingRules(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    cap: TierValues
    fallback: TierValues
    slots: TierValues


class CardSpace(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    tier: str
    two_player: bool = False  # carries the 2-player icon: closed in a 2-player game


class ActionRules(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    rd_cost: int
    archives: int
    archives_2p: int
    golf: int
    golf_2p: int
    golf_vp: int
    pr: int
    pr_2p: int
    hr: TierValues


class AwardRules(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    hotness_vp: int
    hotness_vp_2p: int
    most_talents: list[int]
    best_show: list[int]
    variety_vp: int
    bond_vp: int


class VarietyRules(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    tokens: int
    genres: int
    genres_2p: int


class BondRules(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    certificates: list[int]


class BoardFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    game: GameRules
    cubes: CubeRules
    bidding: BiddingRules
    show_space: list[CardSpace]
    talent_space: list[CardSpace]
    actions: ActionRules
    awards: AwardRules
    variety: VarietyRules
    bonds: BondRules
    clients_per_round: int


@dataclass
class Catalogue:
    """Every card of a card set, indexed, plus the board and hot-path lookup tables."""

    path: Path
    shows: list[ShowDef] = field(default_factory=list)
    talents: list[TalentDef] = field(default_factory=list)
    clients: list[ClientDef] = field(default_factory=list)
    characters: list[CharacterDef] = field(default_factory=list)
    boardroom: list[BoardroomDef] = field(default_factory=list)
    rerun: RerunDef | None = None
    board: BoardFile | None = None
    by_id: dict[str, int] = field(default_factory=dict)  # show/talent id -> card index
    client_by_id: dict[str, int] = field(default_factory=dict)
    br_by_id: dict[str, int] = field(default_factory=dict)
    # hot-path tables, one entry per card index (shows first, then talents)
    ids: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    is_show: list[bool] = field(default_factory=list)
    spaces: list[tuple[int, ...]] = field(default_factory=list)
    stars: list[int] = field(default_factory=list)
    genre: list[int] = field(default_factory=list)
    dur: list[int] = field(default_factory=list)  # -1 for talents
    ttype: list[int] = field(default_factory=list)  # -1 for shows
    tier: list[int] = field(default_factory=list)
    min_bid: list[int] = field(default_factory=list)
    needs: list[tuple[int, ...]] = field(default_factory=list)  # per client: 5 colour counts
    rerun_spaces: tuple[int, ...] = ()
    br_decks: list[list[int]] = field(default_factory=list)  # boardroom indexes per character
    cache: dict[int, Any] = field(default_factory=dict)  # engine rule tables per player count

    @property
    def n_shows(self) -> int:
        return len(self.shows)

    @property
    def n_cards(self) -> int:
        return len(self.ids)

    def defn(self, c: int) -> ShowDef | TalentDef:
        return self.shows[c] if c < len(self.shows) else self.talents[c - len(self.shows)]

    def index(self, ref: int | str) -> int:
        """A card index from an index, a card id or a display name (the first copy)."""
        if isinstance(ref, int):
            return ref
        if ref in self.by_id:
            return self.by_id[ref]
        try:
            return self.names.index(ref)
        except ValueError:
            raise KeyError(f"no Show or Talent card {ref!r}") from None

    def card(self, ref: int | str) -> ShowDef | TalentDef:
        return self.defn(self.index(ref))

    def to_json(self) -> dict[str, Any]:
        assert self.board is not None and self.rerun is not None
        return {
            "path": str(self.path),
            "shows": [msgspec.to_builtins(d) for d in self.shows],
            "talents": [msgspec.to_builtins(d) for d in self.talents],
            "clients": [msgspec.to_builtins(d) for d in self.clients],
            "rerun": msgspec.to_builtins(self.rerun),
            "characters": [msgspec.to_builtins(d) for d in self.characters],
            "boardroom": [msgspec.to_builtins(d) for d in self.boardroom],
            "board": msgspec.to_builtins(self.board),
        }





def _space_list(path: Path, table: str, ident: str, spaces: list[str], allow_any: bool) -> tuple[int, ...]:
    allowed = SPACE_COLOURS if allow_any else SPACE_COLOURS[:5]
    check(path, table, ident, len(spaces) >= 1, "field `spaces` needs at least one cube space")
    for sp in spaces:
        check(path, table, ident, sp in allowed, f"field `spaces`: unknown space colour {sp!r} (use {', '.join(allowed)})")
    return tuple(SPACE_COLOURS.index(sp) for sp in spaces)


def _check_card(path: Path, table: str, d: ShowDef | TalentDef, board: BoardFile) -> None:
    check(path, table, d.id, d.genre in GENRES, f"field `genre`: unknown genre {d.genre!r} (use {', '.join(GENRES)})")
    check(path, table, d.id, d.tier in TIERS, f"field `tier`: unknown tier {d.tier!r} (use silver or gold)")
    check(path, table, d.id, d.stars >= 0, "field `stars` cannot be negative")
    cap = board.bidding.cap.of(TIERS.index(d.tier)) if d.tier in TIERS else 0
    # PT-GAP-05/06: a min bid must be biddable within the tier's cap (PT-BID-05).
    check(path, table, d.id, 1 <= d.min_bid <= cap, f"field `min_bid` {d.min_bid} must be between 1 and the {d.tier} cap ${cap}")


def load_catalogue(path: Path | str = DATA_DIR) -> Catalogue:
    """Load and validate a card set folder."""
    path = Path(path)
    if not path.is_dir():
        raise CardDataError(f"{path}: card set folder not found")
    cat = Catalogue(path=path)
    seen: set[str] = set()

    f = path / "board.toml"
    board: BoardFile = convert(f, "board", 0, read_toml(f), BoardFile)
    cat.board = board
    g = board.game
    check(f, "game", "game", len(g.turn_order_bonus) >= 4, "field `turn_order_bonus` needs one value per seat (4)")
    check(f, "game", "game", 1 <= g.days_2p <= g.days <= 5, "fields `days`/`days_2p` must satisfy 1 <= days_2p <= days <= 5")
    check(f, "game", "game", g.rounds % g.season_rounds == 0, "field `rounds` must be a whole number of seasons")
    check(f, "game", "game", g.starting_keep <= g.starting_draw, "field `starting_keep` cannot exceed `starting_draw`")
    check(f, "cubes", "cubes", board.cubes.forecast_rows == g.season_rounds,
           "field `forecast_rows` must equal `game.season_rounds` (one Forecast row per round of a season)")
    for colour in board.cubes.counts:
        check(f, "cubes", "cubes", colour in COLOURS, f"field `counts`: unknown colour {colour!r}")
    for table, spaces in (("show_space", board.show_space), ("talent_space", board.talent_space)):
        check(f, table, table, 1 <= len(spaces) <= 16, "needs 1 to 16 spaces")
        for i, sp in enumerate(spaces):
            check(f, table, f"#{i + 1}", sp.tier in TIERS, f"field `tier`: unknown tier {sp.tier!r}")
    check(f, "bonds", "bonds", len(board.bonds.certificates) >= 1 and all(c > 0 for c in board.bonds.certificates),
           "field `certificates` needs positive values")
    check(f, "bidding", "bidding", board.bidding.slots.gold >= 1 and board.bidding.slots.silver >= 1,
           "field `slots` needs at least 1 bidding space per card")

    def add(d: ShowDef | TalentDef, file: Path, table: str, allow_any: bool = False) -> None:
        check(file, table, d.id, d.id not in seen, "duplicate card id")
        seen.add(d.id)
        _check_card(file, table, d, board)
        idx = len(cat.ids)
        cat.by_id[d.id] = idx
        cat.ids.append(d.id)
        cat.names.append(d.name)
        cat.spaces.append(_space_list(file, table, d.id, d.spaces, allow_any))
        cat.stars.append(d.stars)
        cat.genre.append(GENRES.index(d.genre))
        cat.tier.append(TIERS.index(d.tier))
        cat.min_bid.append(d.min_bid)

    f = path / "shows.toml"
    for i, raw in enumerate(read_toml(f).get("show", [])):
        sd: ShowDef = convert(f, "show", i, raw, ShowDef)
        check(f, "show", sd.id, sd.duration in DURATIONS, f"field `duration`: unknown duration {sd.duration!r} (use {', '.join(DURATIONS)})")
        add(sd, f, "show")
        cat.shows.append(sd)
        cat.is_show.append(True)
        cat.dur.append(DURATIONS.index(sd.duration))
        cat.ttype.append(-1)
    f = path / "talents.toml"
    check(f, "talent", "-", bool(cat.shows), "shows.toml has no [[show]] entries")
    for i, raw in enumerate(read_toml(f).get("talent", [])):
        td: TalentDef = convert(f, "talent", i, raw, TalentDef)
        check(f, "talent", td.id, td.type in TALENT_TYPES, f"field `type`: unknown talent type {td.type!r} (use {', '.join(TALENT_TYPES)})")
        add(td, f, "talent")
        cat.talents.append(td)
        cat.is_show.append(False)
        cat.dur.append(-1)
        cat.ttype.append(TALENT_TYPES.index(td.type))

    f = path / "clients.toml"
    for i, raw in enumerate(read_toml(f).get("client", [])):
        cd: ClientDef = convert(f, "client", i, raw, ClientDef)
        check(f, "client", cd.id, cd.id not in seen, "duplicate card id")
        seen.add(cd.id)
        for colour, k in cd.needs.items():
            check(f, "client", cd.id, colour in COLOURS[:5], f"field `needs`: unknown colour {colour!r} (use {', '.join(COLOURS[:5])})")
            check(f, "client", cd.id, k >= 1, f"field `needs.{colour}` must be at least 1")
        check(f, "client", cd.id, bool(cd.needs), "field `needs` is empty")
        check(f, "client", cd.id, cd.cash >= 0, "field `cash` cannot be negative")
        cat.client_by_id[cd.id] = len(cat.clients)
        cat.clients.append(cd)
        cat.needs.append(tuple(cd.needs.get(c, 0) for c in COLOURS[:5]))

    f = path / "reruns.toml"
    raw_rr = read_toml(f).get("rerun")
    check(f, "rerun", "rerun", isinstance(raw_rr, dict), "table [rerun] missing")
    rr: RerunDef = convert(f, "rerun", 0, raw_rr, RerunDef)
    check(f, "rerun", "rerun", rr.count >= 0, "field `count` cannot be negative")
    cat.rerun_spaces = _space_list(f, "rerun", "rerun", rr.spaces, True)
    cat.rerun = rr

    f = path / "boardroom.toml"
    data = read_toml(f)
    for i, raw in enumerate(data.get("character", [])):
        ch: CharacterDef = convert(f, "character", i, raw, CharacterDef)
        check(f, "character", ch.id, ch.id not in [c.id for c in cat.characters], "duplicate character id")
        cat.characters.append(ch)
        cat.br_decks.append([])
    check(f, "character", "-", len(cat.characters) >= 1, "no [[character]] decks")
    char_ids = [c.id for c in cat.characters]
    for i, raw in enumerate(data.get("card", [])):
        bd: BoardroomDef = convert(f, "card", i, raw, BoardroomDef)
        check(f, "card", bd.id, bd.id not in seen, "duplicate card id")
        seen.add(bd.id)
        check(f, "card", bd.id, bd.deck in char_ids, f"field `deck`: unknown character {bd.deck!r} (use {', '.join(char_ids)})")
        if bd.kind == "genres":
            check(f, "card", bd.id, bool(bd.genres), "field `genres` is empty")
            for gname in bd.genres:
                check(f, "card", bd.id, gname in GENRES, f"field `genres`: unknown genre {gname!r}")
        elif bd.kind == "rank":
            check(f, "card", bd.id, bd.metric in RANK_METRICS, f"field `metric`: {bd.metric!r} is not a rank metric ({', '.join(RANK_METRICS)})")
            check(f, "card", bd.id, bool(bd.vp), "field `vp` needs the VP of each place")
        else:
            check(f, "card", bd.id, bd.metric in THRESHOLD_METRICS,
                   f"field `metric`: {bd.metric!r} is not a threshold metric ({', '.join(THRESHOLD_METRICS)})")
            check(f, "card", bd.id, bool(bd.thresholds) and all(len(t) == 2 for t in bd.thresholds),
                   "field `thresholds` needs [at_least, vp] pairs")
        cat.br_by_id[bd.id] = len(cat.boardroom)
        cat.br_decks[char_ids.index(bd.deck)].append(len(cat.boardroom))
        cat.boardroom.append(bd)
    for ch, deck in zip(cat.characters, cat.br_decks, strict=True):
        usable = [b for b in deck if not cat.boardroom[b].bonds_only]
        check(f, "character", ch.id, len(usable) >= g.rounds // g.season_rounds,
               f"deck needs at least {g.rounds // g.season_rounds} cards usable without the Bonds rule")
    return cat


@cache
def default_catalogue() -> Catalogue:
    return load_catalogue(DATA_DIR)
