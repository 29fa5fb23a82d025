"""The simulation package's one error type: the command line prints its message, a library caller catches it."""

from __future__ import annotations


class SimulationError(ValueError):
    """A simulation, tournament or balance run cannot start as asked (an unknown bot, a bad count, a missing backend ...)."""
