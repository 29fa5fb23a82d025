"""The compiled build (tools/build_fast.py, which ``make test`` runs) plays exactly like pure Python.

Skipped unless the build is present and up to date (``make test`` builds it when a C compiler is there; CI installs one).
Both builds play the same seeded random games (The Networks at 1-5 players, Prime Time at 2-4,
with their options varied), in their own processes, and must print the same fingerprint: every legal-option list, every chosen key,
states serialised to JSON, per-player views, clones played ahead, and the final scores.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from primetime._build import PURE_ENV, current_build, pure_reason, stale_reasons

FINGERPRINT = r'''
import hashlib, json, sys
from primetime.core.game import get_ruleset
from primetime.core.rng import Rng, build

game = sys.argv[1]
rs = get_ruleset(game)
engine = sys.modules[{"networks": "primetime.games.networks.rules.flow", "prime-time": "primetime.games.prime_time.engine"}[game]]
h = hashlib.sha256()
dump = lambda x: json.dumps(x, sort_keys=True, separators=(",", ":")).encode()
decisions = 0
for n in (range(1, 6) if game == "networks" else range(2, 5)):
    for g in range(8):
        if game == "networks":
            opts = {"pilot": ("normal", "simplified")[g % 2], "log": g % 3 == 0}
            if n > 1 and g % 4 >= 2:
                opts["turn_order"] = "low_to_high"
        else:
            opts = {"bonds": g % 2 == 1, "simultaneous": g % 4 >= 2, "log": g % 3 == 0}
        opts = rs.validate_options(opts, n)
        state = rs.new_state(opts, 1000 * n + g, n)
        pick = Rng(77 * g + n)
        step = 0
        while not rs.is_over(state):
            keys = rs.legal_keys(state)
            h.update(dump([rs.current_player(state), keys]))
            if step % 37 == 5:
                h.update(dump(rs.to_json(state)))
                h.update(dump(rs.view(state, rs.current_player(state))))
                ahead = rs.clone(state)
                for _ in range(25):
                    if rs.is_over(ahead):
                        break
                    k = rs.legal_keys(ahead)
                    rs.apply_key(ahead, k[pick.below(len(k))])
                h.update(dump(rs.to_json(ahead)))
            key = keys[pick.below(len(keys))]
            rs.apply_key(state, key)
            step += 1
        decisions += step
        h.update(dump([rs.to_json(state), rs.scores(state)]))
print(engine.__file__.rsplit(".", 1)[-1], build(), decisions, h.hexdigest())
'''


def _run(game: str, pure: bool) -> list[str]:
    env = {**os.environ, PURE_ENV: "1" if pure else ""}
    out = subprocess.run([sys.executable, "-c", FINGERPRINT, game], env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


@pytest.mark.parametrize("game", ["networks", "prime-time"])
def test_the_compiled_build_plays_like_pure_python(game: str) -> None:
    if current_build() != "compiled" and not pure_reason():
        pytest.skip("the compiled build is not present (make fast)")
    if stale_reasons():
        pytest.skip(f"the compiled build in place is stale (make fast): {stale_reasons()}")
    compiled = _run(game, pure=False)
    pure = _run(game, pure=True)  # the same tree, its extension files left aside
    assert compiled[:2] == ["so", "C"], compiled
    assert pure[:2] == ["py", "pure"], pure
    assert int(pure[-2]) > 5000
    assert compiled[-2:] == pure[-2:]
