"""How a notification leaves the server: e-mail over SMTP (``aiosmtplib``, on the event loop, never
blocking it) and Web Push with VAPID (``pywebpush``, in a thread of its own), and the words of each.

The server's VAPID key pair is made once and kept in the data folder (``vapid.pem``); every process of
the machine uses the same file (the first to need it makes it; the others read it)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from pathlib import Path
from typing import Any

from primetime.server.config import Settings

VAPID_FILE = "vapid.pem"


class PushGone(Exception):
    """The push service says the subscription is no more (404 or 410): it is removed."""


class SendFailed(Exception):
    """A send failed for now (the message is tried again later)."""


# ---------------------------------------------------------------------- words
def turn_words(kind: str, table_name: str, game: str, hours_left: float | None) -> tuple[str, str]:
    """(title, text) of a turn message or a reminder."""
    if kind == "reminder":
        left = "less than an hour" if hours_left is None or hours_left < 1 else f"about {round(hours_left)} hours"
        return f"Reminder: your move at {table_name}", f"Your time for this move in {game} runs out in {left}."
    return f"Your turn at {table_name}", f"It is your move in {game}."


def email_message(settings: Settings, to: str, subject: str, text: str, link: str | None, unsubscribe: str | None) -> EmailMessage:
    """A mail: the text, the link to follow, and (turn mails and reminders) a one-click unsubscribe link
    in the text and the ``List-Unsubscribe`` headers (RFC 8058)."""
    msg = EmailMessage()
    msg["From"] = formataddr(("The Networks: Primetime", settings.mail_from))
    msg["To"] = to
    msg["Subject"] = subject
    msg["Message-ID"] = make_msgid(domain=settings.mail_from.rsplit("@", 1)[-1] or "localhost")
    body = text
    if link:
        body += f"\n\n{link}\n"
    if unsubscribe:
        msg["List-Unsubscribe"] = f"<{unsubscribe}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        body += f"\n--\nNo more mails about your turns: {unsubscribe}\n"
    msg.set_content(body)
    return msg


async def send_mail(settings: Settings, msg: EmailMessage, timeout: float = 30.0) -> None:
    import aiosmtplib

    try:
        await aiosmtplib.send(msg, hostname=settings.smtp_host, port=settings.smtp_port, start_tls=settings.smtp_starttls,
                              username=settings.smtp_user or None, password=settings.smtp_password or None, timeout=timeout)
    except aiosmtplib.SMTPException as exc:
        raise SendFailed(f"mail server: {exc}") from None
    except OSError as exc:
        raise SendFailed(f"mail server unreachable: {exc}") from None


# ---------------------------------------------------------------------- tokens
def sign(key: bytes, what: str) -> str:
    """A keyed signature of ``what`` (links that need no stored secret: unsubscribe)."""
    return base64.urlsafe_b64encode(hmac.new(key, what.encode(), hashlib.sha256).digest()[:18]).decode().rstrip("=")


# ---------------------------------------------------------------------- Web Push
def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def push_data(title: str, text: str, url: str, table_id: str | None) -> dict[str, Any]:
    """What a push carries (``web/sw.js`` shows it; a click opens ``url``)."""
    return {"title": title, "body": text, "url": url, "tag": f"table-{table_id}" if table_id else "primetime"}


class Vapid:
    """The server's VAPID key pair (``DATA/vapid.pem``, made the first time)."""

    def __init__(self, data_dir: Path) -> None:
        from py_vapid import Vapid02

        path = Path(data_dir) / VAPID_FILE
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            made = Vapid02()
            made.generate_keys()
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(made.private_pem())
            os.chmod(tmp, 0o600)
            try:
                os.link(tmp, path)  # the first of several processes wins; the others read its key
            except FileExistsError:
                pass
            finally:
                tmp.unlink()
        self.path = path
        self.vapid = Vapid02.from_file(str(path))

    @property
    def public_key(self) -> str:
        """The application server key a browser subscribes with (base64url of the uncompressed point)."""
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        return b64url(self.vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint))


def send_push(vapid: Vapid, subject: str, sub: dict[str, Any], data: dict[str, Any], timeout: float = 15.0) -> None:
    """One push (blocking: run it in a thread).  ``PushGone``: the subscription is gone; ``SendFailed``: try later."""
    from pywebpush import WebPushException, webpush

    try:
        webpush(sub, json.dumps(data), vapid_private_key=vapid.vapid, vapid_claims={"sub": subject}, timeout=timeout, ttl=86400)
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in (404, 410):
            raise PushGone(str(status)) from None
        raise SendFailed(f"push service: {status or exc}") from None
    except OSError as exc:
        raise SendFailed(f"push service unreachable: {exc}") from None
