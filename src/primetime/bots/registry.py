"""Bots by name.

``random`` plays any game by itself.  ``greedy`` and ``mcts:<level>`` are one name each
with one implementation per game: the game's plugin hands over its greedy policy and its
search adapter (:mod:`primetime.core.plugin`), and :class:`~primetime.bots.by_game.ByGame`
picks the right one by the name of the ruleset it is asked about.  ``mcts:expert`` is the search
guided by each game's learned policy and value (:mod:`primetime.bots.expert`).  ``policy:PATH`` plays a
trained policy saved at ``PATH`` (:mod:`primetime.bots.policy`; the ``train`` extra).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from primetime.bots.base import Bot
from primetime.bots.by_game import by_game
from primetime.bots.expert import make_expert
from primetime.bots.ismcts import SearchBot
from primetime.bots.policy import PREFIX as POLICY_PREFIX
from primetime.bots.policy import PolicyBot, policy_path
from primetime.bots.random_bot import RandomBot
from primetime.core.plugin import get_plugin

LEVELS = ("easy", "normal", "hard")  # the mcts bots' difficulty levels (every game's adapter has these)


def greedy(game: str, seed: int) -> Any:
    """The greedy policy of ``game`` (its plugin's evaluation)."""
    return get_plugin(game).greedy(seed)


def mcts(level: str) -> Callable[[str, int], Bot]:
    """``(game, seed) -> bot``: the information-set MCTS at ``level`` over the game's adapter."""

    def make(game: str, seed: int) -> Bot:
        return SearchBot(get_plugin(game).search(seed), seed, level)

    make.__name__ = f"mcts_{level}"
    return make


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": by_game("greedy", greedy),  # one evaluation per game
    "mcts": by_game("mcts", mcts("normal")),
    **{f"mcts:{level}": by_game(f"mcts:{level}", mcts(level)) for level in LEVELS},
    "mcts:expert": by_game("mcts:expert", make_expert),  # the search guided by the learned evaluation (bots/expert.py)
}


def known_bots() -> list[str]:
    """The bots by fixed name (beside them, ``policy:PATH`` names a trained policy)."""
    return sorted(BOTS)


def unknown_bot(name: str) -> str:
    """The message for a name that is no bot."""
    return f"unknown bot {name!r}; known bots: {', '.join(known_bots())}, or {POLICY_PREFIX}PATH (a trained policy)"


def is_bot_name(name: str) -> bool:
    """Whether ``name`` names a bot: a known bot, or ``policy:PATH`` (not checked further: see :func:`check_bot`)."""
    return name in BOTS or policy_path(name) is not None


def check_bot(name: str, game: str | None = None) -> str:
    """``name`` if it names a bot that can play (``game``, when given); otherwise a ``ValueError`` naming the
    problem: an unknown name, and for ``policy:PATH`` a missing file or ``train`` extra, or a policy of another game."""
    if name in BOTS:
        return name
    path = policy_path(name)
    if path is None:
        raise ValueError(unknown_bot(name))
    bot = PolicyBot(path)
    if game is not None:
        bot.encoding_for(game)
    return name


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot called ``name`` (``random``, ``greedy``, ``mcts:easy|normal|hard|expert``, ``policy:PATH``) seeded with ``seed``."""
    factory = BOTS.get(name)
    if factory is not None:
        return factory(seed)
    path = policy_path(name)
    if path is None:
        raise ValueError(unknown_bot(name))
    return PolicyBot(path, seed)
