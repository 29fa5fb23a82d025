"""Card texts and labels read as English (NET-UI-06/19: every card read out in words)."""

from __future__ import annotations

import collections
import re

import pytest

from primetime.core.plugin import get_plugin
from primetime.core.words import a, sentences_not_in


def test_article_follows_the_sound():
    assert a("Action") == "an Action"
    assert a("orange") == "an orange"
    assert a("ad") == "an ad"
    assert a("Sitcom") == "a Sitcom"
    assert a("star") == "a star"
    assert a("use-once card") == "a use-once card"


def test_sentences_not_in_drops_what_is_already_said():
    assert sentences_not_in("Condition: attach to a Sports show.", "Condition: attach to a Sports show. More.") == "More."
    assert sentences_not_in("One.", "") == ""


@pytest.mark.parametrize("game", ["networks", "prime-time"])
def test_ui_06_no_card_text_repeats_a_sentence_or_says_a_before_a_vowel(game):
    plugin = get_plugin(game)
    cat = plugin.catalogue()
    for i, cid in enumerate(plugin.card_ids(cat)):
        text = plugin.card_text(cat, i)
        said = collections.Counter(s for s in re.split(r"(?<=[.!?])\s+", text) if s)
        assert [s for s, n in said.items() if n > 1] == [], f"{cid}: {text}"
        assert re.findall(r"\ba [AEIOaeio]\w*", text) == [], f"{cid}: {text}"
