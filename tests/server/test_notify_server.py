"""Issue 36, notifications through server processes started by the tests, with a real SMTP server
(aiosmtpd): the address confirmation link, turn mails, the one-click unsubscribe honoured, the password
reset (single use); the outbox survives ``kill -9`` between a turn and its mail (sent exactly once after
the restart); two server processes on one PostgreSQL send each mail once."""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import Person, ServerProc, recv_state, two_servers
from .notify_parts import MailSink, text_of

PW = "a long and unguessable pass phrase"
LINK = re.compile(r"http://primetime\.test(/[A-Za-z0-9_./-]+)")


@pytest.fixture
def mail() -> Iterator[MailSink]:
    m = MailSink().start()
    yield m
    m.stop()


def env(mail: MailSink, **more: str) -> dict[str, str]:
    return {**mail.env(), "PRIMETIME_PUBLIC_URL": "http://primetime.test", "PRIMETIME_NOTIFY_POLL": "0.2", **more}


def account(url: str, name: str) -> Person:
    p = Person(url)
    p.post("/api/signup", {"name": name, "password": PW})
    return p


def confirmed(p: Person, mail: MailSink, address: str) -> None:
    """Give ``address`` and follow the link of the confirmation mail."""
    got = p.post("/api/me/notify", {"address": address})
    assert got["email"] == {"address": address, "confirmed": False, "unsubscribed": False} and got["email_available"]
    m = mail.wait(address, "Confirm")[-1]
    path = LINK.search(text_of(m))
    assert path and path[1].startswith("/confirm/")
    r = p.http.get(path[1])
    assert r.status_code == 200 and "Address confirmed" in r.text
    assert p.get("/api/me/notify")["email"]["confirmed"] is True
    assert p.http.get(path[1]).status_code == 404, "a confirmation link works once"


def turn_table(host: Person, others: list[Person]) -> str:
    tid = str(host.post("/api/tables", {"seats": ["open"] * len(others), "options": {"pilot": "simplified"},
                                        "time_control": {"mode": "turn", "days": 2}})["id"])
    for o in others:
        o.post(f"/api/tables/{tid}/join")
    host.post(f"/api/tables/{tid}/start", {})
    return tid


def to_move(p: Person, tid: str) -> list[int]:
    return list(p.get(f"/api/tables/{tid}")["clock"]["running"])


def outbox_rows(data: Path, sql: str = "SELECT id, state, kind, user_id FROM outbox") -> list[Any]:
    with sqlite3.connect(data / "primetime.sqlite3", timeout=30) as c:
        return list(c.execute(sql).fetchall())


def play(p: Person, tid: str) -> None:
    """``p`` opens the table, takes the first option offered, and closes it."""
    ws = p.ws(tid)
    try:
        st = recv_state(ws)
        pending = st["view"]["pending"]
        ws.send(json.dumps({"type": "act", "key": pending["options"][0]["key"], "seq": st["seq"]}))
        recv_state(ws, min_version=st["version"] + 1)
    finally:
        ws.close()


def test_issue36_mail_confirmation_turn_mail_unsubscribe_honoured_and_password_reset(tmp_path: Path, mail: MailSink) -> None:
    s = ServerProc(tmp_path / "data", env=env(mail)).start()
    try:
        guest = Person(s.url, "Gus")
        assert guest.post("/api/push/subscribe", {"subscription": {"endpoint": "https://push.example/1", "keys": {"p256dh": "x", "auth": "y"}}},
                          ok=False)["error"].startswith("notifications are for accounts")
        assert guest.post("/api/me/notify", {"address": "gus@example.org"}, ok=False)["error"].startswith("notifications are for accounts")
        ann, ben = account(s.url, "Ann"), account(s.url, "Ben")
        confirmed(ann, mail, "ann@example.org")
        confirmed(ben, mail, "ben@example.org")
        address = {0: "ann@example.org", 1: "ben@example.org"}
        people = {0: ann, 1: ben}
        tid = turn_table(ann, [ben])
        first = to_move(ann, tid)
        assert len(first) == 1
        x = first[0]
        m = mail.wait(address[x], "Your turn")[0]
        assert f"http://primetime.test/t/{tid}" in text_of(m) and "days" not in str(m["Subject"])
        unsub = str(m["List-Unsubscribe"]).strip()[1:-1]
        assert unsub.startswith("http://primetime.test/unsubscribe/") and unsub in text_of(m)
        # one click (RFC 8058): the mail program posts List-Unsubscribe=One-Click
        r = people[x].http.post(unsub.replace("http://primetime.test", ""), content=b"List-Unsubscribe=One-Click",
                                headers={"content-type": "application/x-www-form-urlencoded"})
        assert r.status_code == 200 and "Unsubscribed" in r.text
        assert people[x].get("/api/me/notify")["email"]["unsubscribed"] is True
        # x moves; when the turn comes back to x, no mail goes to x (the other still gets theirs)
        mails_before = len(mail.to(address[x]))
        rounds = 0
        while to_move(ann, tid) != [x] or rounds == 0:
            who = to_move(ann, tid)[0]
            play(people[who], tid)
            rounds += 1
            assert rounds < 20
        y = 1 - x
        assert mail.wait(address[y], "Your turn"), "the other player's turn mails still go"
        time.sleep(1.0)  # (the sender polls every 0.2 s: what it would send is sent by now)
        assert len(mail.to(address[x])) == mails_before, "unsubscribed: no more turn mails"
        assert not [r for r in outbox_rows(tmp_path / "data") if r[2] == "turn" and r[1] == "queued"]

        # password reset: a link to the confirmed address; it works once
        assert ann.post("/api/password-reset", {"name": "nobody-here"})["ok"], "the same answer for an unknown name"
        ann.post("/api/password-reset", {"name": "ann"})
        ann.post("/api/password-reset", {"name": "Ann"})  # (asked twice: one mail in five minutes)
        m = mail.wait("ann@example.org", "Reset your password")[0]
        path = LINK.search(text_of(m))
        assert path and path[1].startswith("/reset/")
        assert "New password" in ann.http.get(path[1]).text
        weak = ann.http.post(path[1], content=b"password=password", headers={"content-type": "application/x-www-form-urlencoded"})
        assert weak.status_code == 400
        new = "another quite long pass phrase 42"
        ok = ann.http.post(path[1], content=f"password={new}".encode(), headers={"content-type": "application/x-www-form-urlencoded"})
        assert ok.status_code == 200 and "Password changed" in ok.text
        assert ann.http.get("/api/me").json()["user"] is None, "every session ended"
        again = ann.http.post(path[1], content=b"password=yet+another+long+phrase+7", headers={"content-type": "application/x-www-form-urlencoded"})
        assert again.status_code == 404, "a reset link works once"
        assert Person(s.url).post("/api/signin", {"name": "Ann", "password": PW}, ok=False).get("error")
        assert Person(s.url).post("/api/signin", {"name": "Ann", "password": new})["ok"]
        assert len(mail.to("ann@example.org", "Reset")) == 1
        # a reset goes only to a confirmed address: a guest-made account without one gets nothing
        cy = account(s.url, "Cy")
        cy.post("/api/me/notify", {"address": "cy@example.org"})
        mail.wait("cy@example.org", "Confirm")
        cy.post("/api/password-reset", {"name": "Cy"})
        time.sleep(0.6)
        assert not mail.to("cy@example.org", "Reset")
    finally:
        s.stop()


def test_issue36_outbox_kill_9_between_a_turn_and_its_mail_then_restart_sends_it_exactly_once(tmp_path: Path, mail: MailSink) -> None:
    data = tmp_path / "data"
    e = env(mail, PRIMETIME_NOTIFY_DELAY="5")  # the turn's mail waits 5 s: the server is killed before
    s = ServerProc(data, env=e).start()
    try:
        ann, ben = account(s.url, "Ann"), account(s.url, "Ben")
        confirmed(ann, mail, "ann@example.org")
        confirmed(ben, mail, "ben@example.org")
        tid = turn_table(ann, [ben])
        x = to_move(ann, tid)[0]
        s.kill()
        rows = [r for r in outbox_rows(data) if r[2] == "turn"]
        assert len(rows) == 1 and rows[0][1] == "queued", rows  # stored with the turn, not sent
        address = ["ann@example.org", "ben@example.org"][x]
        assert not mail.to(address, "Your turn")
        s = ServerProc(data, env=e, port=s.port).start()
        mail.wait(address, "Your turn")
        end = time.time() + 20
        while time.time() < end and outbox_rows(data, "SELECT state FROM outbox WHERE kind = 'turn'") != [("sent",)]:
            time.sleep(0.1)
        assert outbox_rows(data, "SELECT state FROM outbox WHERE kind = 'turn'") == [("sent",)]
        time.sleep(1.0)  # several polls later: still one
        assert len(mail.to(address, "Your turn")) == 1
    finally:
        s.stop()


def test_issue36_outbox_kill_9_of_one_of_two_processes_on_postgresql_the_other_sends_it_once(pg_url: str, tmp_path: Path,
                                                                                              mail: MailSink) -> None:
    """The process that made the turn is killed before its mail is due: the other process sends it, and the
    killed one started again sends it no second time."""
    import psycopg

    e = env(mail, PRIMETIME_DATABASE_URL=pg_url, PRIMETIME_NOTIFY_DELAY="5", PRIMETIME_NOTIFY_POLL="0.1")
    with two_servers(tmp_path, e) as (a, b):
        ann, ben = account(a.url, "Ann"), account(a.url, "Ben")
        confirmed(ann, mail, "ann@example.org")
        confirmed(ben, mail, "ben@example.org")
        tid = turn_table(ann, [ben])
        x = to_move(ann, tid)[0]
        a.kill()
        with psycopg.connect(pg_url) as c:
            assert [r[0] for r in c.execute("SELECT state FROM outbox WHERE kind = 'turn'")] == ["queued"]
        address = ["ann@example.org", "ben@example.org"][x]
        assert not mail.to(address, "Your turn")
        mail.wait(address, "Your turn")  # sent by b
        a.start()
        time.sleep(1.5)  # many polls of both later
        assert len(mail.to(address, "Your turn")) == 1
        with psycopg.connect(pg_url) as c:
            assert [r[0] for r in c.execute("SELECT state FROM outbox WHERE kind = 'turn'")] == ["sent"]
        assert Person(b.url).get(f"/api/tables/{tid}")["clock"]["running"] == [x]


def test_issue36_two_server_processes_on_one_postgresql_send_each_mail_once(pg_url: str, tmp_path: Path, mail: MailSink) -> None:
    e = env(mail, PRIMETIME_DATABASE_URL=pg_url, PRIMETIME_NOTIFY_POLL="0.05", PRIMETIME_NOTIFY_DELAY="1")
    with two_servers(tmp_path, e) as (a, b):
        each_mail_once(a, b, mail)


def test_issue36_two_workers_on_sqlite_send_each_mail_once(tmp_path: Path, mail: MailSink) -> None:
    s = ServerProc(tmp_path / "data", env=env(mail, PRIMETIME_NOTIFY_POLL="0.05", PRIMETIME_NOTIFY_DELAY="1"), workers=2).start()
    try:
        each_mail_once(s, s, mail)
    finally:
        s.stop()


def each_mail_once(a: ServerProc, b: ServerProc, mail: MailSink) -> None:
    """Turn mails of eight tables started through ``a`` and ``b``, whose senders share one outbox: each sent once."""
    people = [account(a.url if i % 2 else b.url, n) for i, n in enumerate(["Ann", "Ben", "Cy", "Dee"])]
    addresses = ["ann@example.org", "ben@example.org", "cy@example.org", "dee@example.org"]
    for p, addr in zip(people, addresses, strict=True):
        confirmed(p, mail, addr)
    expected: Counter[str] = Counter()
    tables = []
    for i in range(8):  # tables started through either process; both senders poll the same outbox
        host, other = people[i % 4], people[(i + 1) % 4]
        tid = turn_table(host, [other])
        tables.append(tid)
        for seat in to_move(host, tid):
            expected[addresses[i % 4] if seat == 0 else addresses[(i + 1) % 4]] += 1
    for addr, n in expected.items():
        mail.wait(addr, "Your turn", n)
    time.sleep(1.5)  # many polls of both processes later
    got = Counter(str(m["To"]) for m in mail.mails if "Your turn" in str(m["Subject"]))
    assert got == expected
    links = Counter(LINK.search(text_of(m))[1] for m in mail.mails if "Your turn" in str(m["Subject"]))  # type: ignore[index]
    assert sorted(links) == sorted(f"/t/{t}" for t in tables) and set(links.values()) == {1}
