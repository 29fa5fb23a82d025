"""Registry of card behaviour that card data alone cannot express.

Card data names an effect by key (``effect = "big_game"``); this module says which keys
exist, which timings each network effect supports and which parameters it needs.  The
behaviour of network effects is in :mod:`primetime.games.networks.rules.network_cards` (a rules
module: it changes the state through the other rules), in functions registered under the same
keys in ``NETWORK_HANDLERS`` and ``USE_CHECKS`` here when that module is imported; a test checks that data, this registry and the handlers agree
both ways.  The show and star effects are rules of the areas they change, in the modules of
:mod:`primetime.games.networks.rules` (several star effects through flags of its ``Tables``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class EffectSpec:
    timings: tuple[str, ...]
    params: tuple[str, ...] = ()
    summary: str = ""


NETWORK_EFFECTS: dict[str, EffectSpec] = {
    # --- the 14 network cards the rulebook names (001, Card Clarifications) ---
    "big_game": EffectSpec(("immediate",), (), "Gain cash equal to the income of the ads in your lineup."),
    "creative_accounting": EffectSpec(("ongoing",), ("amount",), "Each show you produce costs less."),
    "c_suite_connections": EffectSpec(("use_once",), (), "Take a network card from the display for free."),
    "ensemble_cast": EffectSpec(("use_once",), ("extra",), "A show you produce or add a star to gets extra star slots."),
    "exclusive_rights": EffectSpec(("use_once",), (), "Reserve a show in the display; only you may produce it."),
    "mid_season_refresh": EffectSpec(("use_once",), (), "Deal 3 shows into the display, then discard any 3 display shows."),
    "on_set_accommodations": EffectSpec(("ongoing",), (), "On your turn, attach any number of stars without an action."),
    "preempted_timeslot": EffectSpec(("use_once",), (), "When you pass, double the cash or viewer bonus."),
    "spinoff": EffectSpec(("use_once",), (), "Return a star or ad from one of your shows to your green room."),
    "sponsored_content": EffectSpec(("use_once",), (), "Produce ignoring required slots, or attach into 1 extra wild slot."),
    "streaming_deal": EffectSpec(("game_end",), ("per",), "Viewers for every card in your reruns."),
    "talent_agency": EffectSpec(("use_once",), ("draws",), "Draw cards into the display one at a time, then take one of them."),
    "trendy_showrunner": EffectSpec(("use_once",), (), "Move a show's season marker down 1 row (off the bottom cancels it)."),
    "writeoff": EffectSpec(("immediate",), ("cash",), "Cancel your show with the fewest viewers and gain cash."),
    # --- generic vocabulary for the rest of the deck ---
    "gain_cash": EffectSpec(("immediate",), ("amount",), "Gain cash."),
    "game_viewers": EffectSpec(("game_end",), ("amount",), "Viewers at game end."),
    "viewers_per_genre": EffectSpec(("game_end",), ("per",), "Viewers per genre track you have a marker on."),
    "viewers_per_genre_shows": EffectSpec(("game_end",), ("genre", "per"), "Viewers per show of a genre in your lineup and reruns."),
    "viewers_per_network_card": EffectSpec(("game_end",), ("per",), "Viewers per other network card in your green room."),
    "draw_bonus": EffectSpec(("immediate",), ("kind",), "Take a genre bonus (star, ad, network or mixed)."),
    "star_discount": EffectSpec(("ongoing",), ("amount",), "Stars you sign cost less."),
    "pass_cash": EffectSpec(("ongoing",), ("amount",), "Gain extra cash whenever you pass."),
    "extra_action": EffectSpec(("use_once",), (), "Take one more action this turn (not pass)."),
    "refresh_row": EffectSpec(("use_once",), ("kind",), "Discard the stars or ads in the display and deal a new row."),
    "renew_show": EffectSpec(("use_once",), (), "Move a show's season marker up 1 row."),
    "genre_advance": EffectSpec(("immediate",), (), "Advance on the genre track of a show in your lineup."),
}

SHOW_EFFECTS: dict[str, str] = {
    "no_penalty": "This show can go in any timeslot without penalty.",
    "reinfeld": "+N viewers per star with no visible expenses in your lineup (params on the show text).",
    "surpriser": "At the end of the round, after scoring, you may cancel this show and gain cash.",
    "upton_crabby": "Once it has 2 stars attached, draw a star and attach it for free.",
    # Telly Time (NET-TELLY-11/12): every Quiz show and every Chat show carries its genre's effect.
    "quiz": "At round scoring, spend up to $5M for 1 viewer per $1M.",
    "chat": "Gains the current star viewers of your other shows.",
}

STAR_EFFECTS: dict[str, str] = {
    "brand_ambassador": "Its show may hold 1 more ad than its slots allow.",
    "charity_mainstay": "Attached upside down if you had the strictly highest score last round.",
    "cross_promoting": "When attached, turn the show's upside-down promos upright for free.",
    "flex_slot": "May fill an empty ad slot on any show (still a star).",
    "gray_fox": "When discarded, it goes to your green room instead.",
    "industry_veteran": "Attached while producing, the show costs $2M less.",
    "rerun_guy": "When discarded, it goes to your reruns.",
    "versatile_actor": "Attached while producing, choose the show's genre.",
}

# The behaviour of each network effect, by effect key: filled by the ``@network_effect`` functions of
# primetime.games.networks.rules.network_cards when it is imported, so that the rules that resolve an
# effect look it up here instead of importing that module (which imports them).
NETWORK_HANDLERS: dict[str, Callable[..., None]] = {}  # (state, player, card): resolve the effect
USE_CHECKS: dict[str, Callable[..., bool]] = {}  # (state, player, card, acted): may a green-room card be used now?
# Telly Time's reward for a player's 2nd completed grid line when another module is on, by that
# module's option: (state, player, line) instead of the printed bonus.  The Moguls module
# registers its reward here (NET-TELLY-14: draw 2 Moguls, keep 1).
SECOND_LINE_REWARDS: dict[str, Callable[..., None]] = {}

# Numbers for named effects whose numbers are not on the card data.
INDUSTRY_VETERAN_DISCOUNT = 2
REINFELD_PER_STAR = 2
SURPRISER_CASH = 4
QUIZ_MAX_SPEND = 5  # NET-TELLY-11: $M a Quiz show may spend at round scoring, 1 viewer per $1M
