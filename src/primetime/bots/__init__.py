"""Automated players: a common interface, a random bot and a one-step greedy bot."""

from primetime.bots.base import Bot
from primetime.bots.greedy import GreedyBot
from primetime.bots.random_bot import RandomBot
from primetime.bots.registry import BOTS, make_bot

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot"]
