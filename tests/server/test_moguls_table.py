"""A table with The Networks' Moguls module: the lobby offers it, the table keeps it, the browser gets its parts."""

from __future__ import annotations

from .helpers import Person, ServerProc, recv_state


def test_a_moguls_table_carries_the_module_to_the_browser(server: ServerProc) -> None:
    ana = Person(server.url, "Ana")
    me = ana.get("/api/me")
    assert me["options"]["moguls"]["type"] == "bool"
    net = next(g for g in me["games"] if g["id"] == "networks")
    assert net["options"]["moguls"]["module"] is True
    tid = ana.create(["bot:random"], pilot="simplified", moguls=True)  # type: ignore[arg-type]
    assert ana.get(f"/api/tables/{tid}")["options"]["moguls"] is True
    ana.post(f"/api/tables/{tid}/start", {})
    ws = ana.ws(tid)
    try:
        view = recv_state(ws)["view"]
    finally:
        ws.close()
    assert view["moguls"]["space"] == 3 and len(view["moguls"]["tokens"]) == 6
    assert view["moguls"]["cards"]["MOG-01"]["name"] == "Media Baron"
    assert view["players"][0]["moguls"] == [] and view["players"][0]["mogul_limit"] == 1
    plain = ana.create(["bot:random"], pilot="simplified")
    assert not ana.get(f"/api/tables/{plain}")["options"].get("moguls")
