"""Checks shared by the search-bot tests of both games."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any


def assert_blind(ruleset: Any, public_copy: Callable[[Any, int], Any], make_bot: Callable[[], Any],
                 base: Any, variants: Sequence[Any], viewer: int) -> None:
    """``variants`` differ from ``base`` only in what ``viewer`` cannot see: the bot's public
    copy is the same for all of them, and so are its choice and every visit count."""
    public = json.dumps(public_copy(base, viewer).to_json(), sort_keys=True)
    assert all(json.dumps(public_copy(v, viewer).to_json(), sort_keys=True) == public for v in variants)
    choices, searches = set(), set()
    for v in [base, *variants]:
        bot = make_bot()
        choices.add(bot.choose(ruleset, v, viewer))
        searches.add(json.dumps(bot.last["visits"], sort_keys=True))
    assert len(choices) == 1 and len(searches) == 1
    assert choices.pop() in ruleset.legal_keys(base)
