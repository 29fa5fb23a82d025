"""``primetime play``: a game at the terminal against bots, saved after every action, resumable."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer

from primetime.bots.levels import seat_name
from primetime.bots.registry import is_bot_name, make_bot
from primetime.cli.app import EXEC_HELP, MOGULS_HELP, TELLY_HELP, app, check_bot, check_game, check_players, fail, new_game, options_for, out, title
from primetime.core.errors import RecordError
from primetime.core.game import Game, load_record, replay_record
from primetime.core.plugin import get_plugin
from primetime.sim.games import bot_seed
from primetime.ui.session import Renderer, Session

DEFAULT_SAVE = Path("primetime-save.json")


def read_record(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text()
    except FileNotFoundError:
        raise fail(f"{path}: no such file") from None
    except OSError as exc:
        raise fail(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        return load_record(text)
    except RecordError as exc:
        raise fail(f"{path}: {exc}") from None


def resume_game(path: Path) -> Game[Any]:
    rec = read_record(path)
    try:
        return replay_record(rec)
    except RecordError as exc:
        raise fail(f"{path}: {exc}") from None
    except Exception as exc:  # an engine failure while replaying
        raise fail(f"{path}: the record does not replay: {type(exc).__name__}: {exc}") from None


def renderer_for(game: str) -> Renderer:
    """The terminal renderer of ``game`` (from its plugin)."""
    renderer: Renderer = get_plugin(game).renderer()
    return renderer


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="The game to play: networks or prime-time.")] = "networks",
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players: networks 1-5 (1 = solo), prime-time 2-4.")] = 3,
    bots: Annotated[int, typer.Option("--bots", "-b", help="How many of the players are bots (they take the last seats).")] = 0,
    bot: Annotated[str, typer.Option("--bot", help="Bot type: random, greedy, mcts:easy|normal|hard, or policy:PATH (a trained policy).")] = "greedy",
    seed: Annotated[int | None, typer.Option("--seed", help="Game seed (default: a random one, printed).")] = None,
    pilot: Annotated[str, typer.Option("--pilot", help="Pilot Season: normal or simplified.")] = "normal",
    turn_order: Annotated[str, typer.Option("--turn-order", help="Turn order: fixed or low-to-high.")] = "fixed",
    bonds: Annotated[bool, typer.Option("--bonds", help="Prime Time: the Issuing Bonds rule.")] = False,
    simultaneous: Annotated[bool, typer.Option("--simultaneous", help="Prime Time: Simultaneous Scheduling.")] = False,
    telly_time: Annotated[bool, typer.Option("--telly-time", help=TELLY_HELP)] = False,
    moguls: Annotated[bool, typer.Option("--moguls", help=MOGULS_HELP)] = False,
    executives: Annotated[bool, typer.Option("--executives", help=EXEC_HELP)] = False,
    save: Annotated[Path | None, typer.Option("--save", help="Save the record here after every action.")] = None,
    resume: Annotated[Path | None, typer.Option("--resume", help="Continue a saved game.")] = None,
    name: Annotated[str | None, typer.Option("--name", help="Your name.")] = None,
) -> None:
    """Play at the terminal against bots (human seats first).

    At each decision type an option's number; ?N reads the card behind option N; b shows the board
    again; u takes back your own last move (and the bots' moves after it) while nothing hidden came
    into play since; h shows the rules; s saves; q saves and quits.  In a terminal the screen is
    redrawn in place, with what happened since your last move and each round's summary; piped, the
    output is a plain transcript.
    """
    game = check_game(game)
    check_bot(bot)
    con = out()
    if resume is not None:
        g = resume_game(resume)
        rec = read_record(resume)
        stored = (rec.get("cli") or {}).get("bots")
        if isinstance(stored, dict):
            bot_names = {int(k): str(v) for k, v in stored.items() if is_bot_name(str(v))}
        else:
            n = len(g.players)
            bot_names = {s: bot for s in range(n - min(bots, n), n)}
        start = g.seq
        con.print(f"Resuming {resume} after {start} actions.")
        save_path = save or resume
    else:
        check_players(game, players)
        if not 0 <= bots <= players:
            raise fail(f"--bots {bots}: choose 0 to {players}")
        humans = players - bots
        opts = options_for(game, pilot, turn_order, bonds, simultaneous, telly_time=telly_time, moguls=moguls, executives=executives)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        human_names = [name or "Player 1"] + [f"Player {i + 1}" for i in range(1, humans)]
        names = human_names[:humans] + [seat_name(i, bot) for i in range(humans, players)]
        g = new_game(game, names, seed, opts)
        bot_names = {s: bot for s in range(humans, players)}
        start = 0
        save_path = save or DEFAULT_SAVE
        mode = "solo against the automated opponent" if players == 1 else f"{players} players, {bots} bots"
        rules = [k for k in ("bonds", "simultaneous", "telly_time", "moguls", "executives") if opts.get(k)]
        con.print(f"[bold]{title(game)}[/] — {mode} — seed {seed}" + (f" — {', '.join(rules)}" if rules else ""))
    bot_objs = {s: make_bot(b, bot_seed(int(g.header["seed"]) + start, s)) for s, b in bot_names.items()}
    session = Session(con, g, bot_objs, bot_names, save_path, autosave=save is not None,
                      renderer=renderer_for(str(g.header["game"])))
    raise typer.Exit(session.run())
