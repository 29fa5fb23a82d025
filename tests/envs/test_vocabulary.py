"""The action vocabularies and observation layouts of both games (``games/<game>/encoding.py``, through
the plugin): stable for their version, one index per key, every entry a key the engine can offer."""

from __future__ import annotations

import hashlib

import pytest

from primetime.core.plugin import get_plugin

# The vocabulary of each version, by its hash: a change of an entry or of the order must come with
# a new ACTION_VOCAB_VERSION (and a new line here), or trained agents would silently mean other moves.
VOCABULARIES = {
    ("networks", 1): (2301, "b6c9460814066601c5725fa4ca8117b38211f88282f16471da0d9d89ab0d2ebe"),
    ("prime-time", 1): (1047, "576e6c28a62fda13521867c038e5ab6aab029966a590b8336702b3b8f6999483"),
}


@pytest.mark.parametrize("game", ["networks", "prime-time"])
def test_the_vocabulary_is_the_one_of_its_version(game: str) -> None:
    enc = get_plugin(game).encoding()
    size, digest = VOCABULARIES[game, enc.version]
    assert len(enc.actions) == size
    assert hashlib.sha256("\n".join(enc.actions).encode()).hexdigest() == digest
    assert len(set(enc.actions)) == len(enc.actions)


@pytest.mark.parametrize(("game", "options"), [
    ("networks", {}), ("networks", {"telly_time": True, "moguls": True, "executives": True}), ("prime-time", {}),
])
def test_every_engine_key_has_one_index_and_every_entry_is_reachable(game: str, options: dict) -> None:
    plugin = get_plugin(game)
    rs = plugin.ruleset()
    state = rs.new_state(rs.validate_options(dict(options), 3), 1, 3)
    enc = plugin.encoding()
    index = enc.key_index(state)
    assert len(set(index.values())) == len(index), "two engine keys share an index"
    if options or game == "prime-time":  # the full card set: every entry names cards it has
        assert sorted(index.values()) == list(range(len(enc.actions)))


@pytest.mark.parametrize("game", ["networks", "prime-time"])
def test_the_observation_layout_adds_up(game: str) -> None:
    enc = get_plugin(game).encoding()
    assert sum(n for _, n in enc.hot_blocks) == enc.hot_size
    assert enc.size == enc.hot_size + len(enc.dense_names)
    rs = get_plugin(game).ruleset()
    state = rs.new_state(rs.validate_options({}, 4), 2, 4)
    hot, dense = enc.observe(state, 0)
    assert len(hot) == enc.hot_size and set(hot) <= {0, 1} and len(dense) == 4 * len(enc.dense_names)  # float32
