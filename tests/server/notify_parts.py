"""Real parts for the notification tests, started by the tests: an SMTP server (``aiosmtpd``) that keeps
the mails it receives, and a Web Push service (a small HTTP server) that checks each push's VAPID
signature (an ES256 JWT against the server's public key) and decrypts its payload with ``http_ece``."""

from __future__ import annotations

import base64
import email
import email.policy
import json
import os
import threading
import time
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from .helpers import free_port


def b64d(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64e(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


class MailSink:
    """An SMTP server on 127.0.0.1 (no TLS, no sign-in) that keeps every mail it accepts."""

    def __init__(self) -> None:
        self.port = free_port()
        self.mails: list[EmailMessage] = []
        self.lock = threading.Lock()
        self.controller: Any = None

    def start(self) -> MailSink:
        from aiosmtpd.controller import Controller

        sink = self

        class Handler:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
                msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
                with sink.lock:
                    sink.mails.append(msg)  # type: ignore[arg-type]
                return "250 OK"

        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()
        return self

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def env(self) -> dict[str, str]:
        """The server's settings for this mail server."""
        return {"PRIMETIME_SMTP_HOST": "127.0.0.1", "PRIMETIME_SMTP_PORT": str(self.port), "PRIMETIME_SMTP_STARTTLS": "0",
                "PRIMETIME_MAIL_FROM": "turns@primetime.test"}

    def to(self, address: str, subject: str = "") -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.mails if m["To"] == address and subject in str(m["Subject"])]

    def wait(self, address: str, subject: str = "", n: int = 1, timeout: float = 20.0) -> list[EmailMessage]:
        end = time.time() + timeout
        while time.time() < end:
            got = self.to(address, subject)
            if len(got) >= n:
                return got
            time.sleep(0.05)
        raise AssertionError(f"{n} mail(s) to {address} about {subject!r} expected; got {[str(m['Subject']) for m in self.to(address)]}")


def text_of(msg: EmailMessage) -> str:
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content())


class Subscriber:
    """A browser's push subscription: its own key pair and auth secret, at ``endpoint``."""

    def __init__(self, endpoint: str) -> None:
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.p256dh = b64e(self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint))

    def json(self) -> dict[str, Any]:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": b64e(self.auth)}}


def check_vapid(header: str, audience: str) -> str:
    """Check ``Authorization: vapid t=<JWT>, k=<key>``: the JWT is signed ES256 by ``k``, for ``audience``,
    not expired; returns ``k`` (the server's public key)."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

    scheme, _, rest = header.partition(" ")
    assert scheme.lower() == "vapid", header
    parts = dict(p.strip().split("=", 1) for p in rest.split(","))
    token, key = parts["t"], parts["k"]
    head_b, claims_b, sig_b = token.split(".")
    head, claims = json.loads(b64d(head_b)), json.loads(b64d(claims_b))
    assert head["alg"] == "ES256", head
    sig = b64d(sig_b)
    assert len(sig) == 64
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64d(key))
    public.verify(encode_dss_signature(int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big")),
                  f"{head_b}.{claims_b}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if the signature is wrong
    assert claims["aud"] == audience, claims
    assert claims["exp"] > time.time() and str(claims["sub"]).startswith("mailto:"), claims
    return key


class PushService:
    """A push service on 127.0.0.1: ``/push/<name>`` answers ``status[name]`` (201 unless set); a push it accepts
    is checked (VAPID) and decrypted for the subscriber of that endpoint: ``received`` holds (name, payload, key)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.subs: dict[str, Subscriber] = {}
        self.status: dict[str, int] = {}
        self.received: list[tuple[str, dict[str, Any], str]] = []
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.lock = threading.Lock()
        self.server: ThreadingHTTPServer | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def subscriber(self, name: str) -> Subscriber:
        sub = self.subs[name] = Subscriber(f"{self.base}/push/{name}")
        return sub

    def start(self) -> PushService:
        import http_ece

        service = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - the http.server name
                name = self.path.rsplit("/", 1)[-1]
                data = self.rfile.read(int(self.headers.get("content-length", "0")))
                status = service.status.get(name, 201)
                if status >= 300:
                    with service.lock:
                        service.refused.append(name)
                else:
                    try:
                        assert self.headers["content-encoding"] == "aes128gcm"
                        assert int(self.headers["ttl"]) > 0
                        key = check_vapid(self.headers["authorization"], service.base)
                        sub = service.subs[name]
                        plain = http_ece.decrypt(data, private_key=sub.key, auth_secret=sub.auth, version="aes128gcm")
                        with service.lock:
                            service.received.append((name, json.loads(plain), key))
                    except Exception as exc:  # the test sees it
                        with service.lock:
                            service.errors.append(f"{name}: {exc!r}")
                        status = 400
                self.send_response(status)
                self.send_header("content-length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def to(self, name: str) -> list[dict[str, Any]]:
        with self.lock:
            return [p for n, p, _ in self.received if n == name]
