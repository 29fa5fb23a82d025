"""Issue 37, moderation: administrators (``primetime admin grant NAME`` / ``revoke``) remove chat messages for
everyone, close tables (bots finish them, unrated) or abandon them (ended, unrated, pages closed), suspend
accounts (their sessions end at once, their sockets close on every worker, they cannot sign in), issue
password-reset links; players report messages and players; every act is logged with who and when."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed

from primetime.cli import app as cli_app
from primetime.server.moderation import CLOSED_CODE, CLOSED_REASON
from primetime.server.sessions import CLOSE_CODE, REASONS

from .helpers import Person, ServerProc, decode, open_ws, recv_state, two_servers
from .test_multiprocess import connect_to_worker
from .test_signout import PASSWORD, account, closed_with, running_table


def grant(store_url: str, data: Path, name: str, on: bool = True) -> str:
    """``primetime admin grant NAME`` (``revoke``), as an operator runs it."""
    got = CliRunner().invoke(cli_app, ["admin", "grant" if on else "revoke", name, "--data", str(data)],
                             env={"PRIMETIME_DATABASE_URL": store_url})
    assert got.exit_code == 0, got.output
    return got.output


@pytest.fixture
def site(store_url: str, tmp_path: Path) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_DATABASE_URL": store_url, "PRIMETIME_TABLE_SEED": "3"}).start()
    yield s
    s.stop()


@pytest.fixture
def admin(site: ServerProc, store_url: str) -> Person:
    boss = account(site.url, "Boss")
    grant(store_url, site.data_dir, "boss")  # (names are not case-sensitive)
    return boss


def chat(ws: Any, text: str, mid: int) -> int:
    """Send a chat message from ``ws``: its number, once acknowledged and sent back."""
    ws.send(json.dumps({"type": "chat", "text": text, "id": mid}))
    acked, seq, deadline = False, None, time.time() + 15
    while not acked or seq is None:
        msg = decode(ws, ws.recv(timeout=max(0.1, deadline - time.time())))
        if msg.get("id") == mid:
            assert msg["type"] == "ack", msg
            acked = True
        elif msg["type"] == "chat":
            seq = next((int(m["seq"]) for m in msg["messages"] if m["text"] == text), seq)
    return seq


def chat_seq(ws: Any, text: str, timeout: float = 15.0) -> int:
    """The number of the chat message ``text`` once ``ws`` receives it."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        msg = decode(ws, ws.recv(timeout=deadline - time.time()))
        if msg["type"] == "chat":
            for m in msg["messages"]:
                if m["text"] == text:
                    return int(m["seq"])
    raise AssertionError(f"{text!r} never arrived")


def removed(ws: Any, timeout: float = 15.0) -> list[int]:
    deadline = time.time() + timeout
    while time.time() < deadline:
        msg = decode(ws, ws.recv(timeout=deadline - time.time()))
        if msg["type"] == "chat_removed":
            return list(msg["seqs"])
    raise AssertionError("no chat_removed message")


def log_acts(admin: Person) -> list[str]:
    return [e["act"] for e in admin.get("/api/admin")["log"]]


def test_issue_37_admin_role_is_granted_and_revoked_from_the_command_line(site: ServerProc, store_url: str) -> None:
    """Issue 37 moderation: only an account granted the role reaches the administrators' API; revoking it
    takes it away; a guest and an unknown name are refused by the command; both acts are logged."""
    ana = account(site.url, "Ana")
    assert ana.http.get("/api/admin").status_code == 403
    assert ana.get("/api/me")["user"]["admin"] is False
    assert "now an administrator" in grant(store_url, site.data_dir, "Ana")
    assert ana.get("/api/me")["user"]["admin"] is True
    got = ana.get("/api/admin")
    assert got["admins"] == ["Ana"] and got["log"][0]["act"] == "grant" and got["log"][0]["by"] == "(command line)"
    bad = CliRunner().invoke(cli_app, ["admin", "grant", "Nobody", "--data", str(site.data_dir)], env={"PRIMETIME_DATABASE_URL": store_url})
    assert bad.exit_code == 2 and "no account is called 'Nobody'" in bad.output
    grant(store_url, site.data_dir, "Ana", on=False)
    assert ana.http.get("/api/admin").status_code == 403
    assert Person(site.url, "Gus").http.get("/api/admin").status_code == 401
    assert httpx.get(site.url + "/admin").status_code == 200  # the page itself is static; its data is what is guarded


def test_issue_37_a_removed_chat_message_leaves_every_page_and_the_history(site: ServerProc, admin: Person) -> None:
    """Issue 37 moderation: a message an administrator removes is taken off the open pages of the table
    (``chat_removed``), is in no history sent afterwards, and the log keeps who removed what; a player
    cannot remove messages."""
    ana, bob = account(site.url, "Ana"), account(site.url, "Bob")
    tid = ana.create(["open"], pilot="simplified")
    bob.post(f"/api/tables/{tid}/join", {})
    wa, wb = ana.ws(tid), bob.ws(tid)
    recv_state(wa)
    recv_state(wb)
    chat(wa, "you are all terrible", 1)
    seq = chat_seq(wb, "you are all terrible")
    chat(wa, "good luck", 2)
    assert bob.http.post("/api/admin/remove-message", json={"table": tid, "seq": seq}).status_code == 403
    admin.post("/api/admin/remove-message", {"table": tid, "seq": seq})
    assert removed(wa) == [seq] and removed(wb) == [seq]
    fresh = bob.ws(tid)
    while True:
        msg = decode(fresh, fresh.recv(timeout=15))
        if msg["type"] == "chat" and msg["history"]:
            assert [m["text"] for m in msg["messages"]] == ["good luck"]
            break
    entry = admin.get("/api/admin")["log"][0]
    assert entry["act"] == "remove_message" and entry["by"] == "Boss" and entry["detail"] == "Ana: you are all terrible"
    assert entry["user"]["name"] == "Ana" and entry["table"]["id"] == tid and entry["at"] > time.time() - 60
    for ws in (wa, wb, fresh):
        ws.close()


def test_issue_37_a_closed_table_is_finished_by_bots_unrated(site: ServerProc, admin: Person) -> None:
    """Issue 37 moderation, close a table (bots finish it): every player's seat goes to a bot, the game
    plays on to its end, and it is not rated although both seats were accounts."""
    ana, bob = account(site.url, "Ana"), account(site.url, "Bob")
    tid = ana.create(["open"], pilot="simplified")
    bob.post(f"/api/tables/{tid}/join", {})
    ana.post(f"/api/tables/{tid}/start", {})
    admin.post("/api/admin/close-table", {"table": tid, "how": "bots"})
    deadline = time.time() + 120
    while ana.get(f"/api/tables/{tid}")["status"] != "finished":
        assert time.time() < deadline, "the bots did not finish the game"
        time.sleep(0.3)
    assert ana.get(f"/api/tables/{tid}/ratings")["rated"] is False
    assert "close_bots" in log_acts(admin)
    again = admin.http.post("/api/admin/close-table", json={"table": tid, "how": "bots"})
    assert again.status_code == 409


def test_issue_37_an_abandoned_table_ends_unrated_and_its_pages_are_closed(site: ServerProc, admin: Person) -> None:
    """Issue 37 moderation, abandon a table: it ends at once without a result, its open pages are closed
    with the moderator's reason, and the table is gone from the site."""
    ana = account(site.url, "Ana")
    tid = running_table(ana)
    ws = ana.ws(tid)
    recv_state(ws)
    admin.post("/api/admin/close-table", {"table": tid, "how": "abandon"})
    code, reason, _ = closed_with(ws)
    assert (code, reason) == (CLOSED_CODE, CLOSED_REASON)
    assert ana.http.get(f"/api/tables/{tid}").status_code == 404
    assert log_acts(admin)[0] == "abandon"


def test_issue_37_a_suspended_account_is_signed_out_everywhere_and_cannot_sign_in(site: ServerProc, admin: Person) -> None:
    """Issue 37 moderation, suspend: the account's open sockets close at once with the reason, it cannot
    sign in while suspended, an administrator cannot be suspended, and lifting it lets the account back."""
    ana = account(site.url, "Ana")
    tid = running_table(ana)
    ws = ana.ws(tid)
    recv_state(ws)
    uid = ana.get("/api/me")["user"]["id"]
    found = admin.get("/api/admin/account?name=ANA")
    assert found == {"id": uid, "name": "Ana", "suspended": False}
    admin.post("/api/admin/suspend", {"user": uid, "reason": "abuse in chat"})
    code, reason, _ = closed_with(ws)
    assert (code, reason) == (CLOSE_CODE, REASONS["suspended"])
    assert ana.get("/api/me")["user"] is None, "its session ended"
    again = Person(site.url)
    r = again.http.post("/api/signin", json={"name": "Ana", "password": PASSWORD})
    assert r.status_code == 403 and "suspended" in r.json()["error"]
    boss_id = admin.get("/api/me")["user"]["id"]
    assert admin.http.post("/api/admin/suspend", json={"user": boss_id}).status_code == 409
    page = admin.get("/api/admin")
    assert [s["name"] for s in page["suspended"]] == ["Ana"] and page["log"][0]["detail"] == "Ana: abuse in chat"
    admin.post("/api/admin/suspend", {"user": uid, "lift": True})
    again.post("/api/signin", {"name": "Ana", "password": PASSWORD})
    assert log_acts(admin)[:2] == ["unsuspend", "suspend"]


def test_issue_37_a_password_reset_link_works_once(site: ServerProc, admin: Person) -> None:
    """Issue 37 moderation, password reset: the link an administrator is shown names the account, sets a
    new password once (the account's other sessions end, this browser is signed in), and is spent after."""
    ana = account(site.url, "Ana")
    uid = ana.get("/api/me")["user"]["id"]
    tid = running_table(ana)
    ws = ana.ws(tid)
    recv_state(ws)
    got = admin.post("/api/admin/reset-link", {"user": uid})
    path = httpx.URL(got["url"]).path
    token = path.rsplit("/", 1)[1]
    assert path.startswith("/reset/") and httpx.get(site.url + path).status_code == 200
    assert httpx.get(f"{site.url}/api/reset/{token}").json() == {"name": "Ana"}
    helper = Person(site.url)
    helper.post(f"/api/reset/{token}", {"password": "a brand new secret"})
    assert helper.get("/api/me")["user"]["name"] == "Ana"
    code, reason, _ = closed_with(ws)
    assert (code, reason) == (CLOSE_CODE, REASONS["everywhere"])
    assert helper.http.post(f"/api/reset/{token}", json={"password": "another new secret"}).status_code == 404
    Person(site.url).post("/api/signin", {"name": "Ana", "password": "a brand new secret"})
    assert Person(site.url).http.post("/api/signin", json={"name": "Ana", "password": PASSWORD}).status_code == 401
    assert "reset_link" in log_acts(admin)


def test_issue_37_reports_reach_the_administrators_and_are_resolved(site: ServerProc, admin: Person) -> None:
    """Issue 37 moderation, reports: a player reports a chat message (its text kept) and a player; both are
    on the administrators' page until resolved, then among the resolved with the note; the resolution is
    logged; a player cannot report themself."""
    ana, bob = account(site.url, "Ana"), account(site.url, "Bob")
    tid = ana.create(["open"], pilot="simplified")
    bob.post(f"/api/tables/{tid}/join", {})
    wa = ana.ws(tid)
    recv_state(wa)
    seq = chat(wa, "buy cheap coins at example dot com", 1)
    bob.post("/api/reports", {"table": tid, "seq": seq, "reason": "spam"})
    ana_id = ana.get("/api/me")["user"]["id"]
    bob.post("/api/reports", {"user": ana_id, "reason": "rude all game"})
    assert ana.http.post("/api/reports", json={"user": ana_id, "reason": "me"}).status_code == 409
    assert bob.http.post("/api/reports", json={"table": tid, "seq": 99, "reason": "x"}).status_code == 404
    open_reports = admin.get("/api/admin")["reports"]
    assert [(r["reason"], r["user"]["name"], r["reporter"]["name"]) for r in open_reports] == [
        ("spam", "Ana", "Bob"), ("rude all game", "Ana", "Bob")]
    assert open_reports[0]["text"] == "Ana: buy cheap coins at example dot com" and open_reports[0]["table"]["id"] == tid
    admin.post("/api/admin/resolve", {"report": open_reports[0]["id"], "note": "warned"})
    page = admin.get("/api/admin")
    assert [r["reason"] for r in page["reports"]] == ["rude all game"]
    assert page["resolved"][0]["note"] == "warned" and page["log"][0]["act"] == "resolve"
    wa.close()


def test_issue_37_moderation_reaches_the_pages_on_every_worker(tmp_path: Path) -> None:
    """Issue 37 moderation, across worker processes: with two workers serving sockets of one table (the
    poll too slow to matter), a removed message leaves the pages on both, an abandoned table's pages
    close on both, and a suspended account's pages close on both, each at once (datagrams between the
    workers)."""
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_POLL_INTERVAL": "3600", "PRIMETIME_ROUTE_SOCKETS": "0"}, workers=2).start()
    try:
        boss = account(s.url, "Boss")
        grant(f"sqlite:///{s.data_dir / 'primetime.sqlite3'}", s.data_dir, "Boss")
        ana = account(s.url, "Ana")
        uid = ana.get("/api/me")["user"]["id"]
        tid, other = running_table(ana), running_table(ana)
        cookie = ana.cookie_header()
        seq = chat(ana.ws(tid), "something rude", 1)

        async def until(ws: Any, kind: str) -> dict[str, Any]:
            while True:
                msg = decode(ws, await asyncio.wait_for(ws.recv(), 15))
                if msg["type"] == kind:
                    return msg

        async def closed(ws: Any) -> tuple[int, str]:
            with pytest.raises(ConnectionClosed) as got:
                while True:
                    await asyncio.wait_for(ws.recv(), 15)
            assert got.value.rcvd is not None
            return got.value.rcvd.code, got.value.rcvd.reason

        async def run() -> None:
            here = [(await connect_to_worker(f"{s.ws_url}/ws/{tid}", cookie, w))[0] for w in (0, 1)]
            there = [(await connect_to_worker(f"{s.ws_url}/ws/{other}", cookie, w))[0] for w in (0, 1)]
            for ws in here:
                await until(ws, "state")
            await asyncio.to_thread(boss.post, "/api/admin/remove-message", {"table": tid, "seq": seq})
            for ws in here:
                assert (await until(ws, "chat_removed"))["seqs"] == [seq]
            await asyncio.to_thread(boss.post, "/api/admin/close-table", {"table": other, "how": "abandon"})
            for ws in there:
                assert await closed(ws) == (CLOSED_CODE, CLOSED_REASON)
            await asyncio.to_thread(boss.post, "/api/admin/suspend", {"user": uid, "reason": "rude"})
            for ws in here:
                assert await closed(ws) == (CLOSE_CODE, REASONS["suspended"])

        asyncio.run(run())
    finally:
        s.stop()


def test_issue_37_moderation_reaches_the_other_process_on_postgresql(pg_url: str, tmp_path: Path) -> None:
    """Issue 37 moderation, two server processes on one PostgreSQL database (the poll too slow to matter):
    a message removed, a table abandoned and an account suspended through one process reach the pages
    open on the other at once (``NOTIFY``)."""
    with two_servers(tmp_path, {"PRIMETIME_DATABASE_URL": pg_url, "PRIMETIME_POLL_INTERVAL": "3600"}) as (a, b):
        boss = account(a.url, "Boss")
        grant(pg_url, a.data_dir, "Boss")
        ana = account(a.url, "Ana")
        uid = ana.get("/api/me")["user"]["id"]
        tid, other = running_table(ana), running_table(ana)
        here = open_ws(f"{b.ws_url}/ws/{tid}", ana.cookie_header())
        there = open_ws(f"{b.ws_url}/ws/{other}", ana.cookie_header())
        recv_state(here)
        recv_state(there)
        seq = chat(here, "rude words", 1)
        boss.post("/api/admin/remove-message", {"table": tid, "seq": seq})
        assert removed(here) == [seq]
        boss.post("/api/admin/close-table", {"table": other, "how": "abandon"})
        assert closed_with(there)[:2] == (CLOSED_CODE, CLOSED_REASON)
        boss.post("/api/admin/suspend", {"user": uid})
        assert closed_with(here)[:2] == (CLOSE_CODE, REASONS["suspended"])
