"""Accounts and sessions, stored beside the tables (both backends).

* A **guest** is a user row and the secret in their cookie (``users.secret_hash``): a name, no password.
* An **account** is a user with an ``accounts`` row: a sign-in name (unique without case) and an argon2
  password hash.  Its browsers hold session secrets (``sessions``), so a restarted server still knows
  them and signing out ends one browser's session.  A guest who signs up keeps their user (and games).
* Ratings, profiles and leaderboards are in :mod:`primetime.server.ratings_store`.
"""

from __future__ import annotations

import functools
import secrets
import time
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from primetime.server.inputs import InputError
from primetime.server.store import ConflictError, Store, Tx

#: Shortest password accepted at sign-up.
PASSWORD_MIN = 8
#: Longest password accepted (a bound on the work of hashing it).
PASSWORD_MAX = 200


HASHER = PasswordHasher()  # argon2id with the library's (RFC 9106) parameters


def password(raw: Any) -> str:
    """A password a new account may have, or :class:`InputError` saying what is wrong with it."""
    if not isinstance(raw, str):
        raise InputError("a password is text")
    if len(raw) < PASSWORD_MIN:
        raise InputError(f"a password has at least {PASSWORD_MIN} characters (this one has {len(raw)}); choose a longer one")
    if len(raw) > PASSWORD_MAX:
        raise InputError(f"a password has at most {PASSWORD_MAX} characters")
    return raw


def hash_password(raw: str) -> str:
    return HASHER.hash(raw)


def check_password(stored_hash: str, raw: str) -> tuple[bool, str | None]:
    """Whether ``raw`` is the password of ``stored_hash``, and a new hash if the stored one's parameters aged."""
    try:
        HASHER.verify(stored_hash, raw)
    except (VerificationError, InvalidHashError):
        return False, None
    return True, HASHER.hash(raw) if HASHER.check_needs_rehash(stored_hash) else None


@functools.cache
def dummy_hash() -> str:
    """The hash of a password nobody knows, made once per process (at start): a sign-in to a name without
    an account is checked against it, so that it costs the same work as a wrong password."""
    return HASHER.hash(secrets.token_urlsafe(32))


def check_sign_in(found: tuple[str, str] | None, raw: str) -> tuple[str, str | None] | None:
    """The user id (and a renewed hash, or None) if ``raw`` is the password of ``found`` (:func:`password_of`),
    else None; a name without an account (``found`` None) is checked against :func:`dummy_hash`, the same work."""
    ok, rehash = check_password(found[1] if found else dummy_hash(), raw[:PASSWORD_MAX + 1])
    return (found[0], rehash) if ok and found else None


def name_key(name: str) -> str:
    """What makes two account names the same: compared without case."""
    return name.casefold()


# ---------------------------------------------------------------------- accounts and sessions


def sign_up(store: Store, user_id: str, guest_id: str | None, name: str, password_hash: str, dead_secret_hash: str,
            session_hash: str) -> str:
    """Create an account called ``name`` with a first session; a guest (``guest_id``) becomes the account
    (their old cookie secret is replaced by ``dead_secret_hash``, which nobody holds).  Returns the user id."""

    def go(tx: Tx) -> str:
        uid = guest_id or user_id
        if guest_id is not None:
            if tx.one("SELECT user_id FROM accounts WHERE user_id = ?", (guest_id,)) is not None:
                raise ConflictError("you are already signed in to an account; sign out first")
            tx.execute("UPDATE users SET name = ?, secret_hash = ? WHERE id = ?", (name, dead_secret_hash, guest_id))
        else:
            tx.execute("INSERT INTO users (id, name, secret_hash, prefs, created) VALUES (?, ?, ?, '{}', ?)",
                       (uid, name, dead_secret_hash, time.time()))
        cur = tx.execute("INSERT INTO accounts (user_id, name_key, password_hash, created) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT (name_key) DO NOTHING", (uid, name_key(name), password_hash, time.time()))
        if cur.rowcount != 1:
            raise ConflictError(f"the name {name!r} is taken by another account; choose another one, or sign in if it is yours")
        tx.execute("INSERT INTO sessions (secret_hash, user_id, created) VALUES (?, ?, ?)", (session_hash, uid, time.time()))
        return uid

    return store.write(go)


def password_of(store: Store, name: str) -> tuple[str, str] | None:
    """The user id and password hash of the account called ``name`` (any case), or None."""
    row = store.read(lambda tx: tx.one("SELECT user_id, password_hash FROM accounts WHERE name_key = ?", (name_key(name),)))
    return (row[0], row[1]) if row else None


def start_session(store: Store, user_id: str, session_hash: str, new_password_hash: str | None = None) -> None:
    """A new signed-in browser for ``user_id`` (and the password's hash renewed, if its parameters aged)."""

    def go(tx: Tx) -> None:
        tx.execute("INSERT INTO sessions (secret_hash, user_id, created) VALUES (?, ?, ?)", (session_hash, user_id, time.time()))
        if new_password_hash:
            tx.execute("UPDATE accounts SET password_hash = ? WHERE user_id = ?", (new_password_hash, user_id))

    store.write(go)


def end_session(store: Store, session_hash: str) -> None:
    store.write(lambda tx: tx.execute("DELETE FROM sessions WHERE secret_hash = ?", (session_hash,)))


def account_name_taken(store: Store, name: str, user_id: str | None = None) -> bool:
    """Whether an account other than ``user_id`` is called ``name`` (any case)."""
    row = store.read(lambda tx: tx.one("SELECT user_id FROM accounts WHERE name_key = ?", (name_key(name),)))
    return row is not None and row[0] != user_id


def rename_account(store: Store, user_id: str, name: str) -> None:
    """An account's new display name, which is also its sign-in name (unique without case)."""

    def go(tx: Tx) -> None:
        other = tx.one("SELECT user_id FROM accounts WHERE name_key = ?", (name_key(name),))
        if other is not None and other[0] != user_id:
            raise ConflictError(f"the name {name!r} is taken by another account; choose another one")
        tx.execute("UPDATE accounts SET name_key = ? WHERE user_id = ?", (name_key(name), user_id))
        tx.execute("UPDATE users SET name = ? WHERE id = ?", (name, user_id))

    store.write(go)
