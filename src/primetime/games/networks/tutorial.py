"""The Networks' tutorials (issue 35): the parts of the page a step may point at, and the tutorial files
of ``data/tutorial/`` (the base game, and the three expansion modules)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from primetime.core.tutorial import Tutorial, load_tutorial

DATA = Path(__file__).resolve().parent / "data" / "tutorial"

# The regions a step may point at: their names (the web page and the terminal both know them) and words.
REGIONS: dict[str, str] = {
    "market": "the Market (the shows, stars, ads and network cards on offer this round)",
    "pass-track": "the pass track (at the bottom of the Market)",
    "lineup": "your Lineup (your three timeslots and the shows on them)",
    "green-room": "your Green room (the stars, ads and network cards you hold)",
    "board": "your player board (cash, genre tracks, the round scoring track)",
    "genre-tracks": "the genre tracks on your player board",
    "choices": "the choices (the options of your decision)",
    "scoreboard": "the Scoreboard",
    "log": "the game log",
    "round-summary": "the round summary (what each network earned and scored)",
    "modules": "the module's part of your board (genre grid, Moguls or Executive)",
}


@functools.lru_cache(maxsize=1)
def tutorials() -> dict[str, Any]:
    """Every tutorial of The Networks, by name (``networks``, ``modules``)."""
    out: dict[str, Tutorial] = {}
    for path in sorted(DATA.glob("*.toml")):
        tut = load_tutorial(path, REGIONS)
        out[tut.name] = tut
    return out
