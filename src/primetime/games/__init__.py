"""Rulesets built on the engine core."""
