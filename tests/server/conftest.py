"""Fixtures for the server tests: a server process, a PostgreSQL schema per test."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from .helpers import PG_ENV, ServerProc, chromium, unavailable


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium per test module (see helpers.chromium)."""
    with chromium() as b:
        yield b


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh schema in the test PostgreSQL database (dropped afterwards)."""
    base = os.environ.get(PG_ENV)
    if not base:
        unavailable(f"PostgreSQL not configured: set {PG_ENV}")
    try:
        import psycopg
    except ImportError:
        unavailable("psycopg is not installed")
    schema = "t_" + secrets.token_hex(6)
    try:
        with psycopg.connect(base, autocommit=True) as c:
            c.execute(f"CREATE SCHEMA {schema}")
    except Exception as exc:  # pragma: no cover - depends on the machine
        unavailable(f"PostgreSQL at {PG_ENV} is not reachable: {exc}")
    sep = "&" if "?" in base else "?"
    yield f"{base}{sep}options={quote('-csearch_path=' + schema)}"
    with psycopg.connect(base, autocommit=True) as c:
        c.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL for either store: an SQLite file of the test's own, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        return "sqlite:///" + str(tmp_path / "db.sqlite3")
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path / "data").start()
    yield s
    s.stop()


