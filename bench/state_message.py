"""The server's state-message path, alone: what one new version of a table costs to render.

Plays seeded 3-player Networks games (random legal choices) and, after every step, renders the
state message for seat 0 (the WebSocket player) and for the spectators (``None``), as the hub
does once per version and audience.  It times the parts (``Game.view``, ``render_view`` with the
table's persistent caches, ``msgspec.json.encode`` of that view) and the whole message as the hub
builds it (``Hub.message_text``), and gives the message sizes: a socket's first message (the
whole log) and the following ones (only the log lines it has not had).

Times on a shared machine wander; ``--only`` runs one part (``none``: only the games) for an
instruction count that does not, the part's cost being its count less that of ``none``:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/state_message.py --only hub

Usage: python bench/state_message.py [--games 3] [--seed 1] [--only parts|hub|none] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any


def run(games: int, seed0: int, only: str | None = None) -> dict[str, Any]:
    import msgspec

    from primetime.core.game import Game
    from primetime.core.rng import Rng
    from primetime.server.config import Settings
    from primetime.server.gamestate import apply_tracked
    from primetime.server.hub import Hub
    from primetime.server.messages import card_ids, render_view
    from primetime.server.runtime import Client, Runtime
    from primetime.server.store import SeatRow, TableRow

    class FakeHub:
        settings = Settings()
        message_for = Hub.message_for
        message_text = getattr(Hub, "message_text", None)

    hub: Any = FakeHub()
    names = ["Ana", "Ben", "Cy"]
    warm = Game.new("networks", names, seed0, {})  # every part imported (the game's browser touches too) before counting
    msgspec.json.encode(render_view(warm.view(0), names, card_ids(warm)))
    parts = {"view": 0, "render": 0, "encode": 0}
    whole = 0
    msgs = steps = 0
    sizes = {"first": 0, "next": 0}
    for g in range(games):
        seed = seed0 + g
        opts = {"pilot": "normal", "turn_order": "fixed"}
        game = Game.new("networks", names, seed, opts)
        seats = [SeatRow(i, "human" if i == 0 else "bot", f"u{i}", nm, None if i == 0 else "greedy", "h" if i == 0 else None)
                 for i, nm in enumerate(names)]
        t = TableRow("t", "T", "networks", "u0", "running", dict(game.header["options"]), seed, 3, names, 1, 0, 0,
                     None, False, 1.0, 1.0, seats=seats)
        rt = Runtime("t")
        rt.meta, rt.game, rt.version, rt.stale = t, game, 1, False
        # the player's socket and a spectator's (a server renders the audiences of its sockets together)
        rt.clients.update({Client(0, "h", "u0", print), Client(None, None, None, print)})
        ids = card_ids(game)
        rendered: dict[str, str] = {}
        memo: dict[str, Any] = {}
        rng = Rng(seed)
        sent: dict[Any, Any] = {}
        while not game.is_over():
            keys = game.legal_keys()
            rt.marks.append(apply_tracked(game, None, keys[rng.below(len(keys))]))
            rt.version += 1
            t.version = rt.version
            steps += 1
            for seat in (0, None) if only in (None, "parts") else ():
                a = time.perf_counter_ns()
                v = game.view(seat)
                b = time.perf_counter_ns()
                v = render_view(v, names, ids, rendered, memo)
                c = time.perf_counter_ns()
                msgspec.json.encode(v)
                d = time.perf_counter_ns()
                parts["view"] += b - a
                parts["render"] += c - b
                parts["encode"] += d - c
            for seat in (0, None) if only in (None, "hub") else ():
                a = time.perf_counter_ns()
                if hub.message_text is not None:  # the log as a tail after the first message
                    _shown, text, sent[seat] = hub.message_text(rt, seat, sent.get(seat))
                else:
                    _shown, text = hub.message_for(rt, seat)
                whole += time.perf_counter_ns() - a
                sizes["next" if msgs >= 2 else "first"] += len(text)
                msgs += 1
    per = max(1, 2 * steps)
    return {
        "build": __import__("primetime._build", fromlist=["current_build"]).current_build(),
        "steps": steps,
        "per_message_us": {k: round(v / per / 1000, 1) for k, v in parts.items()},
        "message_for_us": round(whole / per / 1000, 1),
        "bytes": {"first": sizes["first"] // 2, "next": round(sizes["next"] / max(1, msgs - 2))},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=("parts", "hub", "none"), default=None,
                    help="run only the parts, only the hub's messages or only the games (for instruction counts)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = run(args.games, args.seed, args.only)
    if args.json:
        print(json.dumps(out))
        return
    print(f"build: {out['build']}; {out['steps']} steps, 2 audiences (seat 0 and spectators) per step")
    p = out["per_message_us"]
    print(f"per message: Game.view {p['view']} us, render_view {p['render']} us, encode {p['encode']} us")
    print(f"per message, as the hub builds it (Hub.message_text): {out['message_for_us']} us")
    print(f"message size: first {out['bytes']['first']} B, following ones {out['bytes']['next']} B on average")


if __name__ == "__main__":
    main()
