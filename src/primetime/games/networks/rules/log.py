"""The wording of log lines: how they name cards and players."""

from __future__ import annotations

from primetime.games.networks.state import OPP, NetState


def name(s: NetState, cid: int) -> str:
    return str(s.T.defs[cid].name)


def pname(s: NetState, p: int) -> str:
    """A player token in log lines; views replace it with the player's name."""
    return "Opponent" if p == OPP else f"{{P{p + 1}}}"
