"""The README (issue 34, item 14): the quick start first, then playing in the browser and at the
terminal with a picture of the table, one word on how to call ``primetime``, the benchmarks and the
build detail in docs/performance.md; and the README, ``--help`` and the lobby say the same thing."""

from __future__ import annotations

import re
import struct
from pathlib import Path

from typer.testing import CliRunner

from primetime.cli import app

ROOT = Path(__file__).resolve().parents[2]


def sections(text: str) -> list[str]:
    return re.findall(r"^## (.+)$", text, flags=re.M)


def help_text(*args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_item_14_readme_quick_start_playing_picture_and_how_to_call() -> None:
    """Item 14: quick start first with exactly ``make run`` and ``make test``; then playing (browser,
    terminal) with the table's picture; ``primetime`` said once how to call; benchmarks and build
    detail moved to docs/performance.md with a link; README, --help and the lobby agree."""
    readme = (ROOT / "README.md").read_text()
    heads = sections(readme)
    assert heads[:3] == ["Quick start", "Playing in the browser", "Playing in the terminal"], heads
    quick = readme.split("## Quick start", 1)[1].split("## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", quick, flags=re.S)
    assert block is not None
    assert [line.split("#")[0].strip() for line in block.group(1).strip().splitlines()] == ["make run", "make test"]

    # the picture: committed, a PNG of a desktop window, shown in the browser section
    browser = readme.split("## Playing in the browser", 1)[1].split("## ", 1)[0]
    assert "](docs/images/table.png)" in browser
    png = (ROOT / "docs" / "images" / "table.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert width >= 1000 and height >= 600, (width, height)

    # how to call primetime: said once; everything else writes plain `primetime`
    assert readme.count(".venv/bin/primetime") == 1 and "source .venv/bin/activate" in readme
    assert re.search(r"^primetime play networks", readme, flags=re.M)
    assert not re.search(r"^\.venv/bin/primetime", readme, flags=re.M)

    # the benchmarks and the build detail live in docs/performance.md, linked from the README
    perf = (ROOT / "docs" / "performance.md").read_text()
    assert "](docs/performance.md" in readme
    for figure in ("decisions/s", "steps/s", "iterations/s"):
        assert figure not in readme and figure in perf, figure
    assert "## Compiled and pure-Python engines" in perf and "FAST=0" in perf

    # the same words in the README, `primetime --help`, `primetime play --help` and the lobby page
    main_help, play_help = help_text(), help_text("play")
    lobby = (ROOT / "src" / "primetime" / "web" / "lobby.js").read_text()
    for text in (main_help, lobby):
        assert "primetime play networks --players 3 --bots 2" in text and ".venv/bin/primetime" in text
    assert "source .venv/bin/activate" in main_help and "make run" in main_help
    assert "primetime play networks --players 3 --bots 2" in readme
    for words in ("?N reads", "b shows the board again", "u takes back your own last move", "s saves", "q saves and quits"):
        assert words.replace("`", "") in play_help, words
        assert words in readme.replace("`", ""), words
    assert "takes back your last move, as Undo does" in lobby and "as **Undo** does" in readme
