"""Prime Time as seen from the layers above the game (:class:`primetime.core.plugin.GamePlugin`).

Every entry imports the game module it needs when it is first called, so that asking for the
plugin (a simulation worker, the server) does not load the terminal or the bots."""

from __future__ import annotations

from typing import Any

from primetime.core.errors import RecordError
from primetime.core.plugin import GamePlugin, SearchAdapter


def _ruleset() -> Any:
    from primetime.games.prime_time.ruleset import PrimeTimeRuleset

    return PrimeTimeRuleset()


def _catalogue() -> Any:
    from primetime.games.prime_time.cards import default_catalogue

    return default_catalogue()


def _card_ids(cat: Any) -> list[str]:
    return list(cat.ids)


def _card_text(cat: Any, ref: Any) -> str:
    from primetime.games.prime_time.text import card_text

    return card_text(cat, ref)


def _card_tables(cat: Any) -> list[Any]:
    from primetime.games.prime_time.terminal import cards_tables

    return cards_tables(cat)


def _renderer() -> Any:
    from primetime.games.prime_time.terminal import PrimeTimeView

    return PrimeTimeView()


def _greedy(seed: int) -> Any:
    from primetime.games.prime_time.bots.greedy import PrimeTimeGreedyBot

    return PrimeTimeGreedyBot(seed)


def _search(seed: int) -> SearchAdapter:
    from primetime.games.prime_time.bots.search import PrimeTimeAdapter

    return PrimeTimeAdapter(seed)


def _browser_catalogue(card_set: str) -> bytes:
    from primetime.games.prime_time.web import catalogue_json

    return catalogue_json(card_set)


def _browser_view(view: dict[str, Any], names: list[str], ids: list[str]) -> None:
    return None  # Prime Time's option keys name card ids already


def _record_check(rec: dict[str, Any]) -> None:
    """A record the server may import: 2-4 players, known options."""
    opts = rec.get("options") or {}
    if not 2 <= len(rec["players"]) <= 4:
        raise RecordError("a Prime Time record has 2 to 4 players")
    unknown = set(opts) - {"bonds", "simultaneous", "log"}
    if unknown:
        raise RecordError(f"unknown options {sorted(unknown)}")


PLUGIN = GamePlugin(
    name="prime-time",
    title="Prime Time",
    short="Prime Time",
    ruleset=_ruleset,
    catalogue=_catalogue,
    card_ids=_card_ids,
    card_text=_card_text,
    card_tables=_card_tables,
    renderer=_renderer,
    greedy=_greedy,
    search=_search,
    browser_catalogue=_browser_catalogue,
    browser_view=_browser_view,
    record_check=_record_check,
    options={
        "bonds": {"type": "bool", "label": "Issuing Bonds (borrow $5/$10 certificates when short of cash)"},
        "simultaneous": {"type": "bool", "label": "Simultaneous Scheduling (TV Guides built in secret, revealed together)"},
    },
    script="prime-time.js",
    min_players=2,
    max_players=4,
)
