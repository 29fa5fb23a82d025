"""Typed errors of the engine core.  Every one leaves the game state untouched."""

from __future__ import annotations


class GameError(Exception):
    """Base class for an input the engine refuses."""


class GameOverError(GameError):
    """The game has ended; no more decisions are pending."""


class NotYourDecisionError(GameError):
    """A player tried to answer a decision that belongs to someone else."""


class StaleStateError(GameError):
    """The action was made against an older version (sequence number) of the game."""


class IllegalOptionError(GameError):
    """The chosen option is not among the legal options of the pending decision."""


class RecordError(GameError):
    """A game record is corrupt or does not replay."""
