"""Loading card data: TOML files validated into typed records, with errors that name the
file, the card and the field.  Shared by every game's card-set loader."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import msgspec


class CardDataError(ValueError):
    """A card data file is malformed; the message names file, card and field."""


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise CardDataError(f"{path}: file missing (a card set needs it)") from None
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{path}: not valid TOML: {exc}") from None


def convert(path: Path, table: str, i: int, raw: Any, typ: type[Any]) -> Any:
    """Validate one ``[[table]]`` entry (the ``i``-th) into ``typ``."""
    ident = raw.get("id", f"#{i + 1}") if isinstance(raw, dict) else f"#{i + 1}"
    try:
        return msgspec.convert(raw, typ)
    except msgspec.ValidationError as exc:
        msg = str(exc)
        where = ""
        if " - at `$." in msg:
            msg, where = msg.split(" - at `$.", 1)
            where = " field `" + where.rstrip("`") + "`"
        elif " - at `$`" in msg:
            msg = msg.split(" - at `$`", 1)[0]
        raise CardDataError(f"{path}: [[{table}]] card {ident}{where}: {msg}") from None


def check(path: Path, table: str, ident: str, ok: bool, what: str) -> None:
    if not ok:
        raise CardDataError(f"{path}: [[{table}]] card {ident}: {what}")
