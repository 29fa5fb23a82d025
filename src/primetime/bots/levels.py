"""The bots as players meet them: a level name for each bot (never the evaluator's own name), the
lobby's label, the seat name, and the order of strength the levels are listed in.

The order is the measured one: the bot ladder (``bench/bot_ladder.py``, ``docs/bot-ladder.md``) plays
every level against the others in seeded 2–5 player games of both games and rates them with openskill
(Plackett-Luce); ``ORDER`` below and these figures (the rating μ and its 95% interval) are written
from its committed result by ``tools/bot_ladder_docs.py`` (``tests/bots/test_ladder.py`` checks them):

.. ladder:begin (written by tools/bot_ladder_docs.py from bench/results/ladder/ladder.json)
random -21.7 (-29.4 to -14.0), greedy 24.8 (21.9–27.7), mcts:easy 29.8 (27.0–32.6), mcts:normal 31.0
(28.3–33.8), mcts:hard 31.7 (28.9–34.4), mcts:expert 44.0 (40.8–47.2) — weakest first (990 games).
.. ladder:end
"""

from __future__ import annotations

from pathlib import PurePath

#: The bot levels weakest first, as the ladder measured them (the lobby's order; see above).
# ladder:begin (written by tools/bot_ladder_docs.py from bench/results/ladder/ladder.json)
ORDER: tuple[str, ...] = ("random", "greedy", "mcts:easy", "mcts:normal", "mcts:hard", "mcts:expert")
# ladder:end

#: bot -> (level name, what it does); a level not yet on the ladder is listed after those on it.
LEVELS: dict[str, tuple[str, str]] = {
    "random": ("Beginner", "plays any legal move"),
    "greedy": ("Casual", "the best move now, no look-ahead"),
    "mcts:easy": ("Good", "searches ahead, quick"),
    "mcts:normal": ("Strong", "searches ahead"),
    "mcts:hard": ("Expert", "searches ahead, slow"),
    "mcts:expert": ("Master", "searches ahead, guided by a learned evaluation"),
}
#: Levels the ladder has not measured yet, and where their figures are meanwhile; the lobby lists them after
#: the ladder's levels.  Every level is on the ladder now.
NOT_YET_LADDERED: dict[str, str] = {}
ALIASES = {"mcts": "mcts:normal"}
POLICY_PREFIX = "policy:"


def level_name(bot: str) -> str:
    """The level's name a player reads (``greedy`` -> ``Casual``); a trained policy is ``Trained``."""
    bot = ALIASES.get(bot, bot)
    if bot in LEVELS:
        return LEVELS[bot][0]
    if bot.startswith(POLICY_PREFIX):
        return "Trained"
    return "Bot"


def level_label(bot: str) -> str:
    """The lobby's label: the level's name and what the bot does."""
    if bot.startswith(POLICY_PREFIX):
        return f"Trained policy ({PurePath(bot[len(POLICY_PREFIX):]).name})"
    bot = ALIASES.get(bot, bot)
    if bot in LEVELS:
        name, what = LEVELS[bot]
        return f"{name} ({what})"
    return level_name(bot)


def seat_name(seat: int, bot: str) -> str:
    """A bot's name at a table: ``Bot 2 (Casual)``."""
    return f"Bot {seat + 1} ({level_name(bot)})"


def by_strength(bots: list[str]) -> list[str]:
    """``bots`` weakest first (the ladder's order, ``ORDER``); levels not yet on the ladder, trained policies
    and unknown names after them."""
    order = [*ORDER, *(b for b in LEVELS if b not in ORDER)]

    def rank(b: str) -> tuple[int, str]:
        b2 = ALIASES.get(b, b)
        return (order.index(b2) if b2 in order else len(order), b)

    return sorted(bots, key=rank)
