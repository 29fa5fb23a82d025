"""The typer application every command registers with, and what the commands share: consoles,
one-line errors (never a traceback), and checks of the game, player count, bots and options."""

from __future__ import annotations

import sys
from typing import Any

import typer
from rich.console import Console
from rich.text import Text

from primetime.bots.registry import check_bot as registry_check_bot
from primetime.core.game import Game
from primetime.core.plugin import game_names, get_plugin

ALIASES = {"prime_time": "prime-time", "primetime": "prime-time"}

app = typer.Typer(
    name="primetime",
    help="The Networks: Primetime and Prime Time — play against bots, simulate, record and replay games.",
    epilog="Play in the browser: `make run`, or `primetime serve`, and open the printed URL. Play at the terminal: "
           "`primetime play networks --players 3 --bots 2`. New to a game? `primetime learn networks` (or prime-time, "
           "modules) teaches it step by step, as the lobby's Learn to play does. `make run` installs this command into .venv: activate it "
           "(`source .venv/bin/activate`) and type `primetime`, or call it as `.venv/bin/primetime`.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def out() -> Console:
    """The console commands print to."""
    return Console(highlight=False)


def err() -> Console:
    """The console errors go to."""
    return Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print a one-line error and return the exit to raise."""
    err().print(Text("error: ", style="bold red") + Text(message))
    return typer.Exit(code)


def title(game: str) -> str:
    """The game's full name (its plugin's title)."""
    return get_plugin(game).title


def check_game(name: str, generic: bool = False) -> str:
    """The game key for ``name`` (``networks`` or ``prime-time``); every command plays both."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key in game_names():
        return key
    known = ", ".join(f"{k} ({title(k)})" for k in game_names())
    raise fail(f"unknown game {name!r}; known games: {known}")


def check_players(game: str, players: int) -> int:
    """``players`` if ``game`` can be played by that many."""
    plugin = get_plugin(game)
    lo, hi = plugin.min_players, plugin.max_players
    if not lo <= players <= hi:
        raise fail(f"--players {players}: {plugin.title} is played by {lo} to {hi} players")
    return players


def options_for(game: str, pilot: str = "normal", turn_order: str = "fixed", bonds: bool = False,
                simultaneous: bool = False, telly_time: bool = False, moguls: bool = False,
                executives: bool = False) -> dict[str, Any]:
    """The game's options from the command-line flags; a flag of the other game is an error.  The
    Networks' expansion modules (NET-OPT-03) are left out of the options when off, so a game
    without them keeps the options it always had."""
    modules = {"telly_time": telly_time, "moguls": moguls, "executives": executives}
    if game == "prime-time":
        if pilot.strip().lower() != "normal" or turn_order.strip().lower() != "fixed" or any(modules.values()):
            raise fail(f"--pilot, --turn-order, {MODULE_FLAGS} are options of The Networks; Prime Time has --bonds and --simultaneous")
        return {"bonds": bonds, "simultaneous": simultaneous}
    if bonds or simultaneous:
        raise fail(f"--bonds and --simultaneous are options of Prime Time; The Networks has --pilot, --turn-order, {MODULE_FLAGS}")
    opts = game_options(pilot, turn_order)
    opts.update({m: True for m, on in modules.items() if on})
    return opts


def sim_options(game: str, bonds: bool = False, simultaneous: bool = False, telly_time: bool = False,
                moguls: bool = False, executives: bool = False) -> dict[str, Any] | None:
    """The options of the bot-only commands (simulate, tournament, balance): only the flags given
    (None: the game's defaults)."""
    modules = {"telly_time": telly_time, "moguls": moguls, "executives": executives}
    if game == "prime-time" or bonds or simultaneous or any(modules.values()):
        return options_for(game, bonds=bonds, simultaneous=simultaneous, telly_time=telly_time, moguls=moguls,
                           executives=executives)
    return None


def check_bot(name: str) -> str:
    try:
        return registry_check_bot(name)
    except ValueError as exc:
        raise fail(str(exc)) from None


def game_options(pilot: str, turn_order: str) -> dict[str, Any]:
    pilot = pilot.strip().lower()
    order = turn_order.strip().lower().replace("-", "_")
    if pilot not in ("normal", "simplified"):
        raise fail(f"--pilot {pilot!r}: choose normal or simplified")
    if order not in ("fixed", "low_to_high"):
        raise fail(f"--turn-order {turn_order!r}: choose fixed or low-to-high")
    return {"pilot": pilot, "turn_order": order}


def new_game(game: str, names: list[str], seed: int, options: dict[str, Any]) -> Game[Any]:
    try:
        return Game.new(game, names, seed, options)
    except ValueError as exc:
        raise fail(str(exc)) from None


MOGULS_HELP = "The Networks: the Moguls expansion module."
TELLY_HELP = "The Networks: the Telly Time expansion module."
EXEC_HELP = "The Networks: the Executives expansion module (asymmetric player boards)."
MODULE_FLAGS = "--telly-time, --moguls, --executives"  # The Networks' expansion modules on the command line


# ---------------------------------------------------------------------- rendering


def progress_bar(label: str, total: int, console: Any) -> Any:
    """A rich progress bar (a context manager) and its update callback ``(done, total)``."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    bar = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=False)
    task = bar.add_task(label, total=total)

    def step(done: int, _total: int) -> None:
        bar.update(task, completed=done)

    return bar, step


def run() -> None:
    """Run the application (the console script's entry point)."""
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
