"""Issue 36, notifications: a 4-player turn-based game of four accounts over a faked clock, in one
process with the real outbox and sender, a real SMTP server (aiosmtpd) and a real push service (VAPID
checked, payloads decrypted): every turn change gives exactly one message per chosen channel to the
player to move and none to a player connected to the table; reminders at 80% of the time for the move;
a push service's 410 removes the subscription; a failing mail server delays nothing else."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from primetime.server import accounts, clocks, notify_api, outbox
from primetime.server.config import Settings
from primetime.server.hub import Hub
from primetime.server.notifier import Notifier
from primetime.server.runtime import Client, Runtime, hash_secret, new_id, new_secret
from primetime.server.store import Store, open_store

from .notify_parts import MailSink, PushService, text_of

DAY = 86400.0


@pytest.fixture
def mail() -> Iterator[MailSink]:
    m = MailSink().start()
    yield m
    m.stop()


@pytest.fixture
def push() -> Iterator[PushService]:
    p = PushService().start()
    yield p
    p.stop()


class FakeClock:
    """``time.time`` for the whole process: starts now, moves only when told."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = time.time()
        monkeypatch.setattr(time, "time", lambda: self.now)

    def advance(self, seconds: float) -> None:
        self.now += seconds


@asynccontextmanager
async def server(tmp_path: Path, mail: MailSink, smtp_port: int | None = None, **kw: Any) -> AsyncIterator[tuple[Hub, Notifier, Store]]:
    """A hub with its notifier (sending only when drained), on SQLite in ``tmp_path``."""
    settings = Settings(data_dir=tmp_path / "data", workers=1, database_url=None, bot_workers=0, smtp_host="127.0.0.1",
                        smtp_port=smtp_port or mail.port, smtp_starttls=False, mail_from="turns@primetime.test",
                        public_url="http://primetime.test", push_http=True, **kw)
    store = open_store(None, settings.data_dir, "NORMAL")
    hub = Hub(settings, store)
    hub.notifier = notifier = Notifier(hub, settings, store)
    await hub.start()
    await notifier.start(background=False)
    try:
        yield hub, notifier, store
    finally:
        await notifier.stop()
        await hub.stop()
        store.close()


PW_HASH = accounts.hash_password("a long and unguessable pass phrase")


def account(store: Store, name: str, address: str | None = None, service: PushService | None = None, **prefs: bool) -> dict[str, Any]:
    """An account; with a confirmed ``address``, a push subscription at ``push`` (``/push/<name>``), ``prefs``."""
    uid = accounts.sign_up(store, new_id(9), None, name, PW_HASH, hash_secret(new_secret()), hash_secret(new_secret()))
    if address:
        token = new_secret()
        notify_api.set_address(store, uid, address, hash_secret(token), token)
        assert notify_api.confirm(store, hash_secret(token))
    if service is not None:
        sub = service.subscriber(name)
        notify_api.subscribe(store, uid, sub.endpoint, sub.json()["keys"]["p256dh"], sub.json()["keys"]["auth"], None)
    if prefs:
        notify_api.set_prefs(store, uid, {f"notify_{k}": v for k, v in prefs.items()})
    return {"id": uid, "name": name, "address": address}


async def turn_table(hub: Hub, people: list[dict[str, Any]], days: float = 1.0, start: bool = True) -> tuple[Runtime, dict[int, str]]:
    """A turn-based table of ``people`` (the first its host), started unless not ``start``: its runtime and each seat's secret."""
    tid, secret = await hub.create_table(people[0], "Slow game", ["open"] * (len(people) - 1), {"pilot": "simplified"},
                                         game="networks", clock=clocks.parse({"mode": "turn", "days": days}))
    rt = await hub.get(tid)
    assert rt is not None
    secrets = {0: secret}
    for p in people[1:]:
        seat, s = await hub.join(rt, p, None)
        secrets[seat] = s
    if start:
        await hub.start_game(rt, people[0]["id"], False)
    return rt, secrets


def connect(hub: Hub, rt: Runtime, seat: int, secret: str, user_id: str) -> Client:
    async def send(text: str) -> None:
        pass

    client = Client(seat, hash_secret(secret), user_id, send)
    asyncio.get_running_loop().create_task(hub.attach(rt, client))
    return client


def pending_humans(rt: Runtime) -> set[int]:
    return set(outbox.waiting(rt))


async def move(hub: Hub, rt: Runtime, secrets: dict[int, str]) -> int:
    """The first seat to act takes its first option; which seat moved."""
    assert rt.game is not None
    seat = sorted(rt.game.pending_players())[0]
    decision = rt.game.pending(seat)
    assert decision is not None
    await hub.act(rt, seat, decision.options[0].key, rt.shown(seat)[0], hash_secret(secrets[seat]))
    return seat


def received(mail: MailSink, push: PushService, who: dict[str, str]) -> Counter[tuple[str, str, str]]:
    """(name, channel, kind) of every mail and push received so far (``who``: address or push name -> name)."""
    out: Counter[tuple[str, str, str]] = Counter()
    for m in mail.mails:
        subject = str(m["Subject"])
        out[(who[str(m["To"])], "email", "reminder" if subject.startswith("Reminder") else "turn")] += 1
    for name, payload, _key in push.received:
        out[(who[name], "push", "reminder" if payload["title"].startswith("Reminder") else "turn")] += 1
    return out


def test_issue36_four_accounts_turn_based_game_one_message_per_chosen_channel_none_when_connected_reminders_at_80(
        tmp_path: Path, mail: MailSink, push: PushService, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock(monkeypatch)
    monkeypatch.setenv("PRIMETIME_TABLE_SEED", "3600")

    async def go() -> None:
        async with server(tmp_path, mail) as (hub, notifier, store):
            ann = account(store, "Ann", "ann@example.org", push)  # mail and push
            bob = account(store, "Bob", "bob@example.org", push, push=False)  # mail only (push turned off in Preferences)
            cy = account(store, "Cy", "cy@example.org", push)  # push only: mail turned off at this table (below)
            dee = account(store, "Dee", "dee@example.org", push)  # mail and push, but connected to the table
            people = [ann, bob, cy, dee]
            chosen = {"Ann": {"email", "push"}, "Bob": {"email"}, "Cy": {"push"}, "Dee": {"email", "push"}}
            who = {p["address"]: p["name"] for p in people} | {p["name"]: p["name"] for p in people}
            await notifier.drain()  # (nothing queued yet: the addresses were confirmed directly)
            assert not mail.mails and not push.received
            rt, secrets = await turn_table(hub, people, start=False)
            await hub.write(notify_api.table_channels, store, rt.id, cy["id"], {"email": False})
            by_seat = {s.seat: next(p for p in people if p["id"] == s.user_id) for s in rt.meta.seats}  # type: ignore[union-attr]
            dee_seat = next(s for s, p in by_seat.items() if p is dee)
            connect(hub, rt, dee_seat, secrets[dee_seat], dee["id"])
            await asyncio.sleep(0)
            await hub.start_game(rt, ann["id"], False)
            await notifier.drain()
            before: set[int] = set()
            expected: Counter[tuple[str, str, str]] = Counter()
            turns = 0
            started: dict[int, float] = {}  # when each seat's turn began
            for step in range(200):
                now_pending = pending_humans(rt)
                for seat in now_pending - before:
                    started[seat] = clock.now
                    p = by_seat[seat]
                    if p is dee:
                        continue
                    for ch in chosen[p["name"]]:
                        expected[(p["name"], ch, "turn")] += 1
                    turns += 1
                got = received(mail, push, who)
                assert got == expected, f"step {step}: {got} != {expected}"
                if rt.game is None or rt.game.is_over() or (step >= 60 and any(by_seat[s] is not dee for s in now_pending)):
                    break
                before = now_pending
                clock.advance(600)  # ten minutes a move
                await move(hub, rt, secrets)
                await notifier.drain()
            assert turns >= 12 and {k[0] for k in expected} == {"Ann", "Bob", "Cy"}, "the game gave every player turns"
            assert not push.errors, push.errors
            assert all(key == notifier.vapid.public_key for _, _, key in push.received), "signed with the server's key"
            assert {n for n, _, _ in received(mail, push, who)} == {"Ann", "Bob", "Cy"}, "nothing to Dee, connected"
            # a mail names the table and links to it, with the one-click unsubscribe
            m = mail.to("ann@example.org")[0]
            assert "Slow game" in str(m["Subject"]) and f"http://primetime.test/t/{rt.id}" in text_of(m)
            assert str(m["List-Unsubscribe"]).strip().startswith("<http://primetime.test/unsubscribe/") and m["List-Unsubscribe-Post"]
            assert push.to("Ann")[0]["url"] == f"http://primetime.test/t/{rt.id}"

            # reminders: nothing before 80% of the time for the move is gone, then one per chosen channel
            waiting = {s: started[s] for s in pending_humans(rt) if by_seat[s] is not dee}
            assert waiting
            clock.now = min(waiting.values()) + 0.8 * DAY - 60
            await notifier.drain()
            assert received(mail, push, who) == expected, "no reminder before 80%"
            clock.now = max(waiting.values()) + 0.8 * DAY + 5
            await notifier.drain()
            reminded = {s for s, t0 in waiting.items() if 0.8 * DAY <= clock.now - t0 < DAY}
            assert reminded
            for seat in reminded:
                for ch in chosen[by_seat[seat]["name"]]:
                    expected[(by_seat[seat]["name"], ch, "reminder")] += 1
            assert received(mail, push, who) == expected
            clock.advance(0.1 * DAY)
            await notifier.drain()
            assert received(mail, push, who) == expected, "one reminder per turn"

    asyncio.run(go())


def test_issue36_push_410_removes_the_subscription_and_a_failing_mail_server_delays_nothing_else(
        tmp_path: Path, mail: MailSink, push: PushService, monkeypatch: pytest.MonkeyPatch) -> None:
    """A push service's 410 removes that subscription (the account's other browser still gets its push);
    while the mail server refuses connections, pushes go out at once and the mails are tried again later."""
    clock = FakeClock(monkeypatch)
    monkeypatch.setenv("PRIMETIME_TABLE_SEED", "3610")
    dead = MailSink()  # a port nobody listens on: the mail server is down

    async def go() -> None:
        async with server(tmp_path, mail, smtp_port=dead.port, notify_retry=60.0) as (hub, notifier, store):
            ann = account(store, "Ann", "ann@example.org", push)
            bob = account(store, "Bob", "bob@example.org", push)
            second = push.subscriber("Bob-phone")  # Bob's second browser
            notify_api.subscribe(store, bob["id"], second.endpoint, second.json()["keys"]["p256dh"], second.json()["keys"]["auth"], None)
            push.status["Bob"] = 410
            rt, secrets = await turn_table(hub, [ann, bob])
            for _ in range(30):
                await notifier.drain()
                if "Bob" in push.refused:
                    break
                await move(hub, rt, secrets)
            assert "Bob" in push.refused and push.to("Bob-phone"), "the 410 browser refused; Bob's other browser got its push"
            assert push.to("Ann"), "pushes went out while the mail server was down"
            assert not mail.mails and not push.errors
            subs = store.read(lambda tx: [r[0] for r in tx.all("SELECT endpoint FROM push_subscriptions WHERE user_id = ?", (bob["id"],))])
            assert subs == [second.endpoint], "the subscription answered 410 is removed, the other kept"
            queued = store.read(lambda tx: tx.all("SELECT attempts, error FROM outbox WHERE channel = 'email' AND kind = 'turn' AND state = 'queued'"))
            assert queued and all(int(a) == 1 and e for a, e in queued), queued
            # the mail server comes back: the mails go once their wait is over (not before)
            notifier.settings.smtp_port = mail.port
            await notifier.drain()
            assert not mail.mails, "tried again only after the wait"
            clock.advance(61)
            await notifier.drain()
            assert len(mail.mails) == len(queued)
            sent = store.read(lambda tx: tx.all("SELECT attempts FROM outbox WHERE channel = 'email' AND kind = 'turn' AND state = 'sent'"))
            assert len(sent) == len(queued) and all(int(a) == 2 for (a,) in sent), "sent at the second attempt"

    asyncio.run(go())
