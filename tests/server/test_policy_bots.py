"""Issue 17, trained policies in the web lobby: ``PRIMETIME_POLICIES`` (or ``serve --policy``) offers each
as a bot of its own game; a policy that cannot be loaded stops the start with one line naming it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import ROOT, Person, ServerProc


def test_server_refuses_to_start_with_a_missing_policy(tmp_path: Path) -> None:
    missing = tmp_path / "missing.zip"
    res = subprocess.run([sys.executable, "-m", "primetime.server", "--data", str(tmp_path / "data"), "--policy", str(missing)],
                         capture_output=True, text=True, timeout=60, cwd=str(ROOT))
    assert res.returncode == 2, res.stderr
    assert "missing.zip: no such file" in res.stderr and "Traceback" not in res.stderr


@pytest.fixture
def policy(tmp_path: Path) -> Path:
    """An untrained MaskablePPO policy of NetworksSolo-v0 (the lobby only needs a loadable one)."""
    reason = "the train extra (sb3-contrib, torch) is not installed: pip install -e '.[train]'"
    pytest.importorskip("gymnasium", reason=reason)
    pytest.importorskip("torch", reason=reason)
    sb3 = pytest.importorskip("sb3_contrib", reason=reason)
    import gymnasium as gym

    import primetime.envs  # noqa: F401

    path = tmp_path / "solo.zip"
    model = sb3.MaskablePPO("MlpPolicy", gym.make("NetworksSolo-v0"), n_steps=64, batch_size=64, seed=0, device="cpu",
                            policy_kwargs={"net_arch": [16]})
    model.save(str(path))
    return path


def test_lobby_offers_a_policy_for_its_game_only_and_seats_it(tmp_path: Path, policy: Path) -> None:
    server = ServerProc(tmp_path / "data", env={"PRIMETIME_POLICIES": str(policy)}).start(timeout=120)
    try:
        ana = Person(server.url, "Ana")
        games = {g["id"]: g for g in ana.get("/api/me")["games"]}
        name = f"policy:{policy}"
        offered = {b["id"]: b["label"] for b in games["networks"]["bots"]}
        assert offered[name] == "Trained policy (solo.zip)" and "greedy" in offered
        assert name not in {b["id"] for b in games["prime-time"]["bots"]}
        r = ana.http.post("/api/tables", json={"game": "prime-time", "seats": [f"bot:{name}"]})
        assert r.status_code == 409 and "bot:greedy" in r.text
        r = ana.http.post("/api/tables", json={"game": "networks", "seats": [f"bot:{name}"]})
        assert r.status_code == 200, r.text
        seats = ana.get(f"/api/tables/{r.json()['id']}")["seats"]
        assert seats[1]["kind"] == "bot" and seats[1]["bot"] == name
    finally:
        server.stop()
