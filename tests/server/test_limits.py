"""The per-address rate limits and the bounded JSON parser, in process."""

from __future__ import annotations

import pytest

from primetime.server.inputs import InputError, parse_json
from primetime.server.limits import Limiter, Rate, RateLimited


def test_rate_settings_parse_and_fall_back() -> None:
    default = Rate(30, 600.0)
    assert Rate.parse("5/60", default) == Rate(5, 60.0)
    assert Rate.parse("0", default).count == 0  # no limit
    for bad in ("", "five/60", "5", "5/0", "-1/60"):
        assert Rate.parse(bad, default) == default, bad
    assert Rate(30, 600.0).describe() == "30 every 10 minutes"


def test_a_bucket_refuses_the_excess_and_refills_with_time() -> None:
    now = [1000.0]
    lim = Limiter(Rate(2, 60.0), "new tables", clock=lambda: now[0])
    lim.take("1.2.3.4")
    lim.take("1.2.3.4")
    with pytest.raises(RateLimited) as err:
        lim.take("1.2.3.4")
    assert "too many new tables" in err.value.message and err.value.retry_after == 30 and err.value.first
    with pytest.raises(RateLimited) as err:
        lim.take("1.2.3.4")
    assert not err.value.first  # one log line per flood
    lim.take("5.6.7.8")  # another address has its own allowance
    now[0] += 30.0  # half the period: one write back
    lim.take("1.2.3.4")
    with pytest.raises(RateLimited):
        lim.take("1.2.3.4")
    Limiter(Rate(0, 1.0), "x").take("a")  # count 0: never refused


def test_the_bucket_table_stays_bounded() -> None:
    now = [0.0]
    lim = Limiter(Rate(1, 10.0), "x", clock=lambda: now[0])
    lim.MAX_CLIENTS = 10
    for i in range(50):
        now[0] += 0.001
        lim.take(f"10.0.0.{i}")
    assert len(lim.buckets) <= 10


@pytest.mark.parametrize("raw,words", [
    (b"[" * 5000 + b"]" * 5000, "nested"),
    (b"[" * 21 + b"]" * 21, "nested"),
    (b'{"seed": ' + b"1" * 41 + b"}", "41 digits"),
    (b'{"a": -Infinity}', "-Infinity"),
    (b'["\\udbff"]', "surrogate"),
    (b"\xc3\x28", "UTF-8"),
    (b'{"a": 1', "not valid JSON"),
])
def test_parse_json_refuses_with_a_reason(raw: bytes, words: str) -> None:
    with pytest.raises(InputError) as err:
        parse_json(raw, what="the body")
    assert words in str(err.value) and str(err.value).startswith("the body")


def test_parse_json_accepts_ordinary_input() -> None:
    nested: list[object] = []
    for _ in range(19):
        nested = [nested]
    assert parse_json(b"[" * 20 + b"]" * 20) == nested
    assert parse_json('{"name": "Zoë 😀", "pair": "\\ud83d\\ude00", "esc": "\\\\ud800"}') == {
        "name": "Zoë 😀", "pair": "😀", "esc": "\\ud800"}
    assert parse_json(b'{"seed": -9223372036854775808}') == {"seed": -(2**63)}
    with pytest.raises(InputError, match="too large"):
        parse_json(b"[1]" * 10, max_bytes=8)
