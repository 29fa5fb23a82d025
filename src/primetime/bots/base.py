"""The bot interface.

A bot answers the pending decision of a game for one seat.  It is handed either a
:class:`~primetime.core.game.Game` or a ruleset plus a state, and returns one of the
legal option keys.  Bots work from the pending decision and from what that player may
see: the public state and the player's own hidden cards.  Where a bot looks ahead on a
copy of the state, it first reshuffles what it may not see (deck order, the random
generator), so it never profits from hidden information.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any


def resolve(game_or_ruleset: Any, state: Any = None) -> tuple[Any, Any]:
    """Return ``(ruleset, state)`` from a Game (state optional) or a ruleset and a state."""
    if hasattr(game_or_ruleset, "ruleset") and hasattr(game_or_ruleset, "state"):
        return game_or_ruleset.ruleset, state if state is not None else game_or_ruleset.state
    if state is None:
        raise ValueError("a ruleset needs a state to choose from")
    return game_or_ruleset, state


class Bot(ABC):
    """Chooses a legal option key for the player whose decision is pending."""

    name = "bot"

    def choose(self, game_or_ruleset: Any, state: Any = None, player: int | None = None) -> str:
        """Pick a key for ``player`` (default: whoever decides now).

        The key is always one of ``ruleset.legal_keys(state)``; the state is not modified.
        """
        rs, st = resolve(game_or_ruleset, state)
        current = rs.current_player(st)
        if current is None:
            raise ValueError("the game is over; there is no decision to make")
        if player is None:
            player = current
        elif player != current:
            raise ValueError(f"the pending decision belongs to seat {current}, not seat {player}")
        keys = rs.legal_keys(st)
        if not keys:
            raise ValueError("the pending decision has no legal options")
        if len(keys) == 1:
            return str(keys[0])
        key = self.select(rs, st, player, keys)
        if key not in keys:  # a bot bug must never turn into an illegal move
            return str(keys[0])
        return key

    @abstractmethod
    def select(self, ruleset: Any, state: Any, player: int, keys: list[str]) -> str:
        """Pick one of ``keys`` (at least two legal keys) for ``player``."""

    def picker(self) -> Callable[[int], int] | None:
        """For a bot whose choice is one draw among the keys, whatever the state: ``pick(n)``, the
        index that ``select`` would take among ``n`` keys (the same draw, so the same games).

        A loop that plays many games (:func:`primetime.sim.games.play_game`) calls it instead of
        ``select``: no call through the bot, no timing, no legality check (an index into the legal
        keys is always legal).  ``None``, the default: the bot must be asked through ``select``.
        """
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
