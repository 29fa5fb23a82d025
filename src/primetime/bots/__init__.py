"""Automated players, game-agnostic: the bot interface, a random bot, the information-set MCTS
and the registry by name.  What a bot knows of a game comes from the game's plugin."""

from primetime.bots.base import Bot
from primetime.bots.random_bot import RandomBot
from primetime.bots.registry import BOTS, known_bots, make_bot

__all__ = ["BOTS", "Bot", "RandomBot", "known_bots", "make_bot"]
