"""Game-agnostic engine core: RNG, decisions, errors, game facade, records."""

from primetime.core.decision import Decision, Option
from primetime.core.errors import (
    GameError,
    GameOverError,
    IllegalOptionError,
    NotYourDecisionError,
    RecordError,
    StaleStateError,
)
from primetime.core.game import Game, Ruleset, get_ruleset, replay_record
from primetime.core.rng import Rng

__all__ = [
    "Decision",
    "Game",
    "GameError",
    "GameOverError",
    "IllegalOptionError",
    "NotYourDecisionError",
    "Option",
    "RecordError",
    "Rng",
    "Ruleset",
    "StaleStateError",
    "get_ruleset",
    "replay_record",
]
