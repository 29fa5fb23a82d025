"""One interactive game at the terminal, for any game with a :class:`Renderer`.

The session asks the bots for their moves, shows the board to the human whose decision is
pending (only what that seat may see), reads numbered choices and the common commands
(``?N`` card text, ``b`` board, ``h`` rules, ``s`` save, ``q`` save and quit) and saves the
record after every action when asked to.  What the board looks like, what the help says and
how a move is reported is up to the game's renderer.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from primetime.bots.base import Bot
from primetime.core.decision import Decision
from primetime.core.errors import GameError
from primetime.core.game import Game


def interactive() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def save_record(game: Game[Any], path: Path, bots: dict[int, str]) -> None:
    """Write the game's record (and which seats are bots) atomically."""
    rec = game.record()
    rec["cli"] = {"bots": {str(k): v for k, v in sorted(bots.items())}}
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(rec, indent=1) + "\n")
    os.replace(tmp, path)


class Renderer(Protocol):
    """How one game looks at the terminal."""

    rules: str  # the help text (rich markup)
    follow_ups: frozenset[str]  # decision kinds that continue the same player's action

    def board(self, con: Console, game: Game[Any], viewer: int) -> None:
        """Everything ``viewer`` may see."""

    def status(self, con: Console, game: Game[Any], viewer: int) -> None:
        """A short reminder, for a follow-up decision of the same player."""

    def options(self, con: Console, game: Game[Any], dec: Decision) -> None:
        """The prompt and the numbered options."""

    def tooltip(self, con: Console, game: Game[Any], dec: Decision, arg: str) -> None:
        """``?N`` / ``?name``: the text of a card."""

    def mark(self, game: Game[Any]) -> Any:
        """Whatever :meth:`moved` needs to know about the game before a move."""

    def moved(self, con: Console, game: Game[Any], dec: Decision, key: str, mark: Any, bot: bool) -> None:
        """Report a move just applied (every bot move; a human's own move if useful)."""

    def final(self, con: Console, game: Game[Any]) -> None:
        """The final scores."""

    def progress(self, con: Console, game: Game[Any]) -> None:
        """The scores so far of an unfinished game."""


class Session:
    """One interactive game at the terminal."""

    def __init__(self, con: Console, game: Game[Any], bots: dict[int, Bot], bot_names: dict[int, str],
                 save_path: Path, autosave: bool, renderer: Renderer) -> None:
        self.con, self.game, self.bots, self.bot_names = con, game, bots, bot_names
        self.save_path, self.autosave = save_path, autosave
        self.renderer = renderer
        self.last_actor: int | None = None
        self.round = game.view(None).get("round")

    def save(self, announce: bool = False) -> None:
        try:
            save_record(self.game, self.save_path, self.bot_names)
        except OSError as exc:
            self.con.print(Text(f"Could not save to {self.save_path}: {exc.strerror or exc}", style="red"))
            return
        if announce:
            self.con.print(f"Game saved to {self.save_path} (resume with --resume {self.save_path}).")

    def applied(self, player: int) -> None:
        self.last_actor = player
        if self.autosave:
            self.save()
        r = self.game.view(None).get("round")
        if r != self.round and not self.game.is_over():
            self.round = r
            self.con.rule(f"Round {r} begins")

    def run(self) -> int:
        con, game, ui = self.con, self.game, self.renderer
        while not game.is_over():
            dec = game.pending()
            assert dec is not None
            p = dec.player
            if p in self.bots:
                key = self.bots[p].choose(game, game.state, p)
                mark = ui.mark(game)
                game.apply(p, key)
                ui.moved(con, game, dec, key, mark, True)
                self.applied(p)
                continue
            if not self.human_turn(dec):
                return 0
        con.rule("Game over")
        ui.final(con, game)
        if self.autosave:
            self.save()
            con.print(f"Record saved to {self.save_path}.")
        return 0

    def human_turn(self, dec: Decision) -> bool:
        """Ask the human for one decision; False when they quit (or input ends)."""
        con, game, ui = self.con, self.game, self.renderer
        p = dec.player
        if self.last_actor == p and dec.kind in ui.follow_ups:
            ui.status(con, game, p)
        else:
            ui.board(con, game, p)
        ui.options(con, game, dec)
        n = len(dec.options)
        while True:
            try:
                raw = con.input(f"[bold]{escape(game.players[p])}[/] > ")
            except (EOFError, KeyboardInterrupt):
                con.print()
                self.save(announce=True)
                con.print("Input closed — leaving the game.")
                return False
            if not interactive():
                con.print(raw, markup=False, highlight=False)  # echo piped input so transcripts read well
            cmd = raw.strip().lower()
            if not cmd:
                con.print(f"Type a number from 1 to {n} (h for help).")
                continue
            if cmd in ("q", "quit", "exit"):
                self.save(announce=True)
                return False
            if cmd in ("s", "save"):
                self.save(announce=True)
                continue
            if cmd in ("h", "help"):
                con.print(Panel(ui.rules, title="Rules", title_align="left"))
                continue
            if cmd in ("b", "board"):
                ui.board(con, game, p)
                ui.options(con, game, dec)
                continue
            if cmd.startswith("?"):
                ui.tooltip(con, game, dec, cmd[1:].strip())
                continue
            if cmd.isdigit() and 1 <= int(cmd) <= n:
                key = dec.options[int(cmd) - 1].key
                mark = ui.mark(game)
                try:
                    game.apply(p, key)
                except GameError as exc:  # not expected: the options come from the engine
                    con.print(Text(str(exc), style="red"))
                    continue
                ui.moved(con, game, dec, key, mark, False)
                self.applied(p)
                return True
            con.print(Text(f"'{raw.strip()}' is not an option.", style="red")
                      + Text(f" Type a number from 1 to {n}, ?N for a card, h for help."))
