"""Prime Time as seen from the layers above the game (:class:`primetime.core.plugin.GamePlugin`).

Every entry names the module that implements it and is imported on first use (:func:`~primetime.core.plugin.lazy`),
so that asking for the plugin (a simulation worker, the server) does not load the terminal or the bots."""

from __future__ import annotations

from typing import Any

from primetime.core.errors import RecordError
from primetime.core.plugin import GamePlugin, lazy

HERE = "primetime.games.prime_time"


def _card_ids(cat: Any) -> list[str]:
    return list(cat.ids)


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
    ruleset=lazy(f"{HERE}.ruleset:PrimeTimeRuleset"),
    catalogue=lazy(f"{HERE}.cards:default_catalogue"),
    card_ids=_card_ids,
    card_text=lazy(f"{HERE}.text:card_text"),
    card_tables=lazy(f"{HERE}.terminal:cards_tables"),
    renderer=lazy(f"{HERE}.terminal:PrimeTimeView"),
    greedy=lazy(f"{HERE}.bots.greedy:PrimeTimeGreedyBot"),
    advisor=lazy(f"{HERE}.bots.advice:PrimeTimeAdvisor"),
    search=lazy(f"{HERE}.bots.search:PrimeTimeAdapter"),
    browser_catalogue=lazy(f"{HERE}.web:catalogue_json"),
    browser_view=lazy(f"{HERE}.web:browser_view"),
    record_check=_record_check,
    options={
        "bonds": {"type": "bool", "label": "Issuing Bonds (borrow $5/$10 certificates when short of cash)"},
        "simultaneous": {"type": "bool", "label": "Simultaneous Scheduling (TV Guides built in secret, revealed together)"},
    },
    script="prime-time.js",
    invariants=lazy(f"{HERE}.invariants:invariants"),
    option_checks=lazy(f"{HERE}.invariants:option_checks"),
    hidden_checks=lazy(f"{HERE}.invariants:hidden_checks"),
    encoding=lazy(f"{HERE}.encoding:PrimeTimeEncoding"),
    hidden_variant=lazy(f"{HERE}.invariants:variant"),
    tutorials=lazy(f"{HERE}.tutorial:tutorials"),
    min_players=2,
    max_players=4,
)
