"""The Networks: Primetime as seen from the layers above the game (:class:`primetime.core.plugin.GamePlugin`).

Every entry imports the game module it needs when it is first called, so that asking for the
plugin (a simulation worker, the server) does not load the terminal or the bots."""

from __future__ import annotations

from typing import Any

from primetime.core.errors import RecordError
from primetime.core.plugin import GamePlugin, SearchAdapter


def _ruleset() -> Any:
    from primetime.games.networks.ruleset import NetworksRuleset

    return NetworksRuleset()


def _catalogue() -> Any:
    from primetime.games.networks.cards import default_catalogue

    return default_catalogue()


def _card_ids(cat: Any) -> list[str]:
    return [c.id for c in cat.cards]


def _card_text(cat: Any, ref: Any) -> str:
    from primetime.games.networks.text import card_text

    return card_text(cat, ref)


def _card_tables(cat: Any) -> list[Any]:
    from primetime.games.networks.terminal import card_tables

    return card_tables(cat)


def _renderer() -> Any:
    from primetime.games.networks.terminal import NetworksView

    return NetworksView()


def _greedy(seed: int) -> Any:
    from primetime.games.networks.bots.greedy import GreedyBot

    return GreedyBot(seed)


def _search(seed: int) -> SearchAdapter:
    from primetime.games.networks.bots.search import NetworksAdapter

    return NetworksAdapter(seed)


def _browser_catalogue(card_set: str) -> bytes:
    from primetime.games.networks.web import catalogue_json

    return catalogue_json(card_set)


def _browser_view(view: dict[str, Any], names: list[str], ids: list[str]) -> None:
    from primetime.games.networks.web import browser_view

    browser_view(view, names, ids)


def _record_check(rec: dict[str, Any]) -> None:
    """A record the server may import: 1-5 players, the standard cards, known options."""
    opts = rec.get("options") or {}
    if not 1 <= len(rec["players"]) <= 5:
        raise RecordError("a record has 1 to 5 players")
    if str(opts.get("card_set", "base")) not in ("base", ""):
        raise RecordError("only games with the standard cards can be imported")
    unknown = set(opts) - {"pilot", "turn_order", "first_player", "card_set"}
    if unknown:
        raise RecordError(f"unknown options {sorted(unknown)}")


PLUGIN = GamePlugin(
    name="networks",
    title="The Networks: Primetime",
    short="The Networks",
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
        "pilot": [{"id": "normal", "label": "Normal (keep 2 of 4 private pilot cards)"},
                  {"id": "simplified", "label": "Simplified (2 pilot stars/ads, faster first game)"}],
        "turn_order": [{"id": "fixed", "label": "Fixed order"},
                       {"id": "low_to_high", "label": "Low to high (lowest score acts first)"}],
    },
    script="networks.js",
    min_players=1,
    max_players=5,
)
