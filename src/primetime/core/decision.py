"""The pending decision: who decides, what kind, a prompt and the legal options (whose texts name players by token)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_TOKEN = re.compile(r"\{P(\d+)\}")


def fill_names(text: str, names: list[str] | None) -> str:
    """Replace the player tokens ``{P1}``, ``{P2}`` ... of prompts, labels and log lines with names
    (``Player 1`` ... without names; a token past the last name stays as it is)."""
    if "{P" not in text:
        return text
    if not names:
        return _TOKEN.sub(lambda m: f"Player {m.group(1)}", text)
    return _TOKEN.sub(lambda m: names[int(m.group(1)) - 1] if 0 < int(m.group(1)) <= len(names) else m.group(0), text)


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer: a stable string key and a readable label."""

    key: str
    label: str
    info: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "label": self.label}
        if self.info:
            out["info"] = self.info
        return out


@dataclass(frozen=True, slots=True)
class Decision:
    """Exactly one decision is pending at any point of a game that is not over."""

    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]

    def keys(self) -> list[str]:
        return [o.key for o in self.options]

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [o.to_json() for o in self.options],
        }
