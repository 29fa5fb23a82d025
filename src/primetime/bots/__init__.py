"""Automated players, game-agnostic: the bot interface, a random bot, the information-set MCTS
and the registry by name.  What a bot knows of a game comes from the game's plugin."""

from primetime.bots.base import Bot
from primetime.bots.random_bot import RandomBot
from primetime.bots.registry import BOTS, check_bot, is_bot_name, known_bots, make_bot

__all__ = ["BOTS", "Bot", "RandomBot", "check_bot", "is_bot_name", "known_bots", "make_bot"]
