"""The bots as players meet them: a level name for each bot (never the evaluator's own name), the
lobby's label, the seat name, and the order of strength the levels are listed in.

The order is the measured one (``bench/results/README.md``, the rating league of 3–5 player games of
The Networks: the share of opponents finishing ahead of each bot): random 91.6%, greedy 49.3%,
mcts:easy 38.6%, mcts:normal 35.5%, mcts:hard 34.5% — weakest first.  ``mcts:expert`` (the search guided by
the learned evaluation) comes last: it is not in that league yet; its matches against ``mcts:hard`` and
``greedy`` are in ``docs/design-decisions.md`` (Bots: the learned evaluation).
"""

from __future__ import annotations

from pathlib import PurePath

#: bot -> (level name, what it does), weakest first (the measured order above).
LEVELS: dict[str, tuple[str, str]] = {
    "random": ("Beginner", "plays any legal move"),
    "greedy": ("Casual", "the best move now, no look-ahead"),
    "mcts:easy": ("Good", "searches ahead, quick"),
    "mcts:normal": ("Strong", "searches ahead"),
    "mcts:hard": ("Expert", "searches ahead, slow"),
    "mcts:expert": ("Master", "searches ahead, guided by a learned evaluation"),
}
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
    """``bots`` weakest first (the measured order); trained policies and unknown names after them."""
    order = list(LEVELS)

    def rank(b: str) -> tuple[int, str]:
        b2 = ALIASES.get(b, b)
        return (order.index(b2) if b2 in order else len(order), b)

    return sorted(bots, key=rank)
