"""Issue 19: the Ray backend on a real multi-node cluster.

``ray_cluster_job.py`` starts two Ray nodes the way a cluster is started on two machines
(``ray start --head``, then a second node joining it with ``ray start --address``), one CPU
each, and plays a tournament on them through ``primetime tournament --backend ray`` with
``RAY_ADDRESS`` (as the README shows).  It runs in a network namespace of its own with only
the loopback interface, so the cluster's traffic cannot leave this machine.  The games must
be those of the process pool, and both nodes must have played some.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from primetime.sim.backends import run_tasks
from primetime.sim.games import play_game
from primetime.sim.tournament import tournament

if os.environ.get("CI"):
    import ray  # noqa: F401  the test extra installs Ray; CI must run this, not skip it
else:
    pytest.importorskip("ray", reason="Ray is optional: pip install -e '.[scale]'")

JOB = Path(__file__).with_name("ray_cluster_job.py")


def _strip(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k not in ("seconds", "think")} for r in results]


def _untimed(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k != "seconds_per_decision"}


def _isolated() -> list[str]:
    """The command prefix that runs a command in a new network namespace with only loopback."""
    if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("ip"):
        if os.environ.get("CI"):
            pytest.fail("CI runs as root with unshare and ip (util-linux, iproute2): .ci/run installs them")
        pytest.skip("needs root, unshare and ip to keep the two-node cluster on a loopback-only network")
    return ["unshare", "--net", "sh", "-c", 'ip link set lo up && exec "$0" "$@"']


def test_a_tournament_runs_across_two_ray_nodes() -> None:
    done = subprocess.run([*_isolated(), sys.executable, str(JOB)], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-5000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(out["nodes"]) == 2
    tour = out["tournament"]
    local = tournament(2, "greedy,random", 8, seed=31)
    assert tour["backend"] == "ray" and tour["finished"] == 8 and tour["errors"] == 0
    assert tour["pairwise"] == local["pairwise"]
    assert [_untimed(b) for b in tour["bots"]] == [_untimed(b) for b in local["bots"]]
    assert set(out["played_on"]) == set(out["nodes"])  # both nodes played games
    assert _strip(out["games"]) == _strip(run_tasks(play_game, out["specs"], workers=1))
