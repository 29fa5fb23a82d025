"""Prime Time's tutorial (issue 35): the parts of the page a step may point at, and the tutorial files of
``data/tutorial/``."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from primetime.core.tutorial import Tutorial, load_tutorial

DATA = Path(__file__).resolve().parent / "data" / "tutorial"

# The regions a step may point at: their names (the web page and the terminal both know them) and words.
REGIONS: dict[str, str] = {
    "board": "the game board",
    "market": "the Show and Talent cards on the board, with their bidding spaces",
    "actions": "the action sections (R&D, Archives, Golf Course, HR, Public Relations)",
    "turn-order": "the turn order",
    "cubes": "the daily pools and the Forecast (the demographic cubes)",
    "clients": "the Client tokens on the board",
    "hotness": "the Hotness track",
    "hand": "your hand (shows, talents and Re-Runs)",
    "network": "your network (cash, VP, hotness, the clients you won)",
    "tv-guide": "your TV Guide (one show per day)",
    "choices": "the choices (the options of your decision)",
    "scoreboard": "the Scoreboard",
    "log": "the game log",
    "round-summary": "the round summary (cubes, income and clients of each network)",
}


@functools.lru_cache(maxsize=1)
def tutorials() -> dict[str, Any]:
    """Prime Time's tutorials, by name (``prime-time``)."""
    out: dict[str, Tutorial] = {}
    for path in sorted(DATA.glob("*.toml")):
        tut = load_tutorial(path, REGIONS)
        out[tut.name] = tut
    return out
