"""No browser ever receives what its seat may not see.

Whole games are played through WebSockets by three people (random choices) and a bot
while a spectator watches.  Every message each of them receives is kept.  Afterwards
the record is replayed step by step and each state message is checked against the
state it was made from:

* its view is exactly the engine's ``view(seat)`` (``view(None)`` for the spectator),
  with names filled in, so nothing else is ever sent;
* it names no card that is hidden from that seat at that moment: deck contents, the
  box, cards drawn privately for another seat (genre bonus, Talent Agency) and, during
  Pilot Season, the other seats' offers;
* no field of the hidden state (seed, RNG, decks, box, limbo, secrets) appears.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from primetime.core.game import Game, replay_record
from primetime.core.rng import Rng
from primetime.server.messages import render_view

from .helpers import Person, ServerProc, decode

FORBIDDEN_KEYS = {"seed", "rng", "decks", "box", "limbo", "secret", "secret_hash", "solo_deck", "user_id", "owner"}


def strings_and_keys(obj: Any, strings: set[str], keys: set[str]) -> None:
    if isinstance(obj, dict):
        for k, v in obj.items():
            keys.add(k)
            strings_and_keys(v, strings, keys)
    elif isinstance(obj, list):
        for v in obj:
            strings_and_keys(v, strings, keys)
    elif isinstance(obj, str):
        strings.add(obj)


def hidden_cards(game: Game[Any], viewer: int | None) -> tuple[set[str], set[str]]:
    """Card ids hidden from ``viewer`` now, and the names of those that must not even be named."""
    s = game.state
    ids = [c.id for c in s.cat.cards]
    hidden: set[int] = set()
    never_named: set[int] = set()
    for deck in s.decks:
        hidden.update(deck)
    hidden.update(s.box)
    visible_limbo: set[int] = set()
    if s.stack:
        top = s.stack[-1]
        if top[0] == "bonus" and top[1] == viewer:
            visible_limbo.update(top[2])
        if top[0] == "talent" and top[1] == viewer:
            visible_limbo.update(top[3])
    hidden.update(c for c in s.limbo if c not in visible_limbo)
    if s.phase == "pilot":
        for q, offer in enumerate(s.pilot):
            if q != viewer:
                hidden.update(offer)
                never_named.update(offer)
    names = {s.cat.cards[c].name for c in never_named}
    return {ids[c] for c in hidden}, names


async def play(server: ServerProc, people: list[Person], spectator: Person, table_id: str, seed: int) -> dict[str, list[dict[str, Any]]]:
    from websockets.asyncio.client import connect

    got: dict[str, list[dict[str, Any]]] = {}
    rng = Rng(seed)

    async def client(who: Person, name: str) -> None:
        got[name] = []
        url = f"{server.ws_url}/ws/{table_id}"
        async with connect(url, additional_headers={"Cookie": who.cookie_header()}, max_size=2**22) as ws:
            async for raw in ws:
                msg = decode(ws, raw)
                got[name].append(msg)
                if msg.get("type") != "state" or not msg["view"]:
                    continue
                v = msg["view"]
                if v["phase"] == "over":
                    return
                p = v["pending"]
                seat = msg["me"]["seat"]
                if seat is not None and p and p["player"] == seat and p.get("options"):
                    key = rng.choice(p["options"])["key"]
                    await ws.send(json.dumps({"type": "act", "key": key, "seq": msg["seq"]}))

    names = [p.http.get("/api/me").json()["user"]["name"] for p in people]
    await asyncio.wait_for(asyncio.gather(*(client(p, n) for p, n in zip(people, names, strict=True)),
                                          client(spectator, "spectator")), timeout=240)
    return got


@pytest.fixture(params=[1, 2], ids=["1-worker", "2-workers"])
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[ServerProc]:
    """The server on one worker, and on two (the sockets of one table spread over both: each served by
    the worker that accepted it, the states relayed between them)."""
    env = {"PRIMETIME_ROUTE_SOCKETS": "0"} if request.param > 1 else {}
    s = ServerProc(tmp_path / "data", env=env, workers=request.param).start()
    yield s
    s.stop()


@pytest.mark.parametrize("options,seed", [({"pilot": "normal", "turn_order": "fixed"}, 1),
                                          ({"pilot": "normal", "turn_order": "low_to_high"}, 2)])
def test_no_message_reveals_private_data(server: ServerProc, options: dict[str, str], seed: int) -> None:
    # The server deals each table from a seed of its own, so a game may happen to have no private
    # draw for another seat: play up to three games until one has had both kinds of secret.
    seen = {"offer": False, "draw": False}
    for game in range(3):
        play_and_check(server, options, seed + 100 * game, seen, f"{game}")
        if all(seen.values()):
            break
    assert seen["offer"], "the games never had private pilot offers to protect"
    assert seen["draw"], "no private draw for another seat happened in three games"


def play_and_check(server: ServerProc, options: dict[str, str], seed: int, seen: dict[str, bool], tag: str) -> None:
    """One game of two humans, a bot and a spectator: every message is exactly its receiver's view."""
    people = [Person(server.url, n + tag) for n in ("Ana", "Ben", "Cy")]
    spectator = Person(server.url, "Eve" + tag)
    table_id = people[0].create(["open", "open", "bot:greedy"], **options)
    for p in people[1:]:
        p.post(f"/api/tables/{table_id}/join")
    people[0].post(f"/api/tables/{table_id}/start", {})
    got = asyncio.run(play(server, people, spectator, table_id, seed))

    record = people[0].get(f"/api/tables/{table_id}/record")
    names = list(record["players"])
    seat_of = {"Ana" + tag: 0, "Ben" + tag: 1, "Cy" + tag: 2, "spectator": None}
    checked = 0

    for who, msgs in got.items():
        viewer = seat_of[who]
        states_seen = [m for m in msgs if m.get("type") == "state" and m["view"]]
        assert len(states_seen) > 20, f"{who} saw too few updates"
        g = replay_record(record, upto=0)
        for m in sorted(states_seen, key=lambda m: m["seq"]):
            while g.seq < m["seq"]:  # step the replay forward to the message's state
                g.apply_entry(record["actions"][g.seq])
            expected = render_view(g.view(viewer), names, [c.id for c in g.state.cat.cards])
            assert m["view"] == json.loads(json.dumps(expected)), f"{who} at {m['seq']}: not exactly its own view"
            assert m["me"]["seat"] == viewer
            strings: set[str] = set()
            keys: set[str] = set()
            strings_and_keys(m, strings, keys)
            assert not (keys & FORBIDDEN_KEYS), f"{who} at {m['seq']}: hidden fields {keys & FORBIDDEN_KEYS}"
            hidden, hidden_names = hidden_cards(g, viewer)
            leaked = strings & hidden
            assert not leaked, f"{who} at seq {m['seq']} received hidden cards {sorted(leaked)}"
            text = json.dumps(m)
            for nm in hidden_names:
                assert nm not in text, f"{who} at seq {m['seq']} saw the name of another seat's pilot card {nm!r}"
            if g.state.phase == "pilot" and hidden_names:
                seen["offer"] = True
            top = g.state.stack[-1] if g.state.stack else None
            if top is not None and top[0] in ("bonus", "talent") and top[1] != viewer:
                seen["draw"] = True
            checked += 1
    assert checked > 100
    # the seed never leaves the server while the game runs: only the finished record has it
    assert all("seed" not in json.dumps(m) for msgs in got.values() for m in msgs)
