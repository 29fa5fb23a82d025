"""The Networks: Primetime as seen from the layers above the game (:class:`primetime.core.plugin.GamePlugin`).

Every entry names the module that implements it and is imported on first use (:func:`~primetime.core.plugin.lazy`),
so that asking for the plugin (a simulation worker, the server) does not load the terminal or the bots."""

from __future__ import annotations

from typing import Any

from primetime.core.errors import RecordError
from primetime.core.plugin import GamePlugin, lazy

HERE = "primetime.games.networks"


def _card_ids(cat: Any) -> list[str]:
    return [c.id for c in cat.cards]


def _record_check(rec: dict[str, Any]) -> None:
    """A record the server may import: 1-5 players, the standard cards, known options."""
    opts = rec.get("options") or {}
    if not 1 <= len(rec["players"]) <= 5:
        raise RecordError("a record has 1 to 5 players")
    if str(opts.get("card_set", "base")) not in ("base", ""):
        raise RecordError("only games with the standard cards can be imported")
    unknown = set(opts) - {"pilot", "turn_order", "first_player", "card_set", "telly_time", "moguls", "executives"}
    if unknown:
        raise RecordError(f"unknown options {sorted(unknown)}")


PLUGIN = GamePlugin(
    name="networks",
    title="The Networks: Primetime",
    short="The Networks",
    ruleset=lazy(f"{HERE}.ruleset:NetworksRuleset"),
    catalogue=lazy(f"{HERE}.cards:default_catalogue"),
    card_ids=_card_ids,
    card_text=lazy(f"{HERE}.text:card_text"),
    card_tables=lazy(f"{HERE}.terminal:card_tables"),
    module_json=lazy(f"{HERE}.terminal:module_json"),
    module_tables=lazy(f"{HERE}.terminal:module_tables"),
    renderer=lazy(f"{HERE}.terminal:NetworksView"),
    greedy=lazy(f"{HERE}.bots.greedy:GreedyBot"),
    advisor=lazy(f"{HERE}.bots.advice:NetworksAdvisor"),
    search=lazy(f"{HERE}.bots.search:NetworksAdapter"),
    browser_catalogue=lazy(f"{HERE}.web:catalogue_json"),
    browser_view=lazy(f"{HERE}.web:browser_view"),
    record_check=_record_check,
    options={
        "pilot": [{"id": "normal", "label": "Normal (keep 2 of 4 private pilot cards)"},
                  {"id": "simplified", "label": "Simplified (2 pilot stars/ads, faster first game)"}],
        "turn_order": [{"id": "fixed", "label": "Fixed order"},
                       {"id": "low_to_high", "label": "Low to high (lowest score acts first)"}],
        "telly_time": {"type": "bool", "module": True,
                       "label": "Telly Time (Weekend timeslot, Kids/Quiz/Chat shows, personal Genre Grid)"},
        # an expansion module (NET-OPT-03): off unless asked for, also in `primetime check` (--moguls)
        "moguls": {"type": "bool", "module": True,
                   "label": "Moguls (a Mogul token on space 3 of every genre track: draw 3 Moguls, keep 1)"},
        "executives": {"type": "bool", "module": True,
                       "label": "Executives (each player keeps 1 of 2 asymmetric Executive boards)"},
    },
    script="networks.js",
    invariants=lazy(f"{HERE}.invariants:invariants"),
    option_checks=lazy(f"{HERE}.invariants:option_checks"),
    hidden_checks=lazy(f"{HERE}.invariants:hidden_checks"),
    encoding=lazy(f"{HERE}.encoding:NetworksEncoding"),
    hidden_variant=lazy(f"{HERE}.invariants:variant"),
    tutorials=lazy(f"{HERE}.tutorial:tutorials"),
    min_players=1,
    max_players=5,
)
