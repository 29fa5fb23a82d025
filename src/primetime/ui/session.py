"""One interactive game at the terminal, for any game with a :class:`Renderer`.

The session asks the bots for their moves, shows the board to the human whose decision is
pending (only what that seat may see), reads numbered choices and the common commands
(``?N`` card text, ``b`` board, ``u`` undo, ``h`` rules, ``s`` save, ``q`` save and quit) and saves
the record after every action when asked to.  What the board looks like, what the help says and
how a move is reported is up to the game's renderer.

On a terminal the screen is redrawn in place before each decision: the screen is cleared, what
happened since the human's last decision is shown (each move, and a round's summary at its end),
then the board and the options.  When the output is not a terminal (a pipe, a test) everything is
appended, as a transcript.

``u`` takes back the human's own last move (and the bots' moves after it) while nothing hidden
came into play since (:func:`primetime.core.reveal.fingerprint`: no card drawn or turned over, no
cube drawn, no new round): the same rule as the table's undo in the browser.
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
from primetime.core.game import Game, replay_record
from primetime.core.reveal import fingerprint


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

    def round_summary(self, con: Console, game: Game[Any]) -> None:
        """The summary of the last round that ended (each player's score, income and awards)."""


class Session:
    """One interactive game at the terminal."""

    def __init__(self, con: Console, game: Game[Any], bots: dict[int, Bot], bot_names: dict[int, str],
                 save_path: Path, autosave: bool, renderer: Renderer, live: bool | None = None) -> None:
        self.con, self.game, self.bots, self.bot_names = con, game, bots, bot_names
        self.save_path, self.autosave = save_path, autosave
        self.renderer = renderer
        self.last_actor: int | None = None
        self.round = game.view(None).get("round")
        # redraw in place (a terminal) or append (a pipe): see the module's docstring
        self.live = con.is_terminal if live is None else live
        self.since: list[str] = []  # on a terminal: what happened since the last redraw, shown after it
        # the human moves that may still be taken back: (player, step before the move), the last one last
        self.undoable: list[tuple[int, int]] = []
        self.blocked: str | None = None  # why nothing can be taken back (when ``undoable`` is empty)
        self.ended = game.is_over()  # the last round's summary was shown

    def report(self, show: Any) -> None:
        """Print what ``show()`` prints; on a terminal keep it for the next redraw."""
        if not self.live:
            show()
            return
        with self.con.capture() as cap:
            show()
        self.since.append(cap.get())

    def save(self, announce: bool = False) -> None:
        try:
            save_record(self.game, self.save_path, self.bot_names)
        except OSError as exc:
            self.con.print(Text(f"Could not save to {self.save_path}: {exc.strerror or exc}", style="red"))
            return
        if announce:
            self.con.print(f"Game saved to {self.save_path} (resume with --resume {self.save_path}).")

    def step(self, dec: Decision, key: str, bot: bool) -> None:
        """Apply one move, report it and remember whether it can be taken back."""
        game, ui, player = self.game, self.renderer, dec.player
        mark = ui.mark(game)
        seq, before = game.seq, fingerprint(game.state)
        game.apply(player, key)
        if not bot:
            self.undoable.append((player, seq))
        if fingerprint(game.state) != before:
            self.undoable.clear()
            self.blocked = "new information came into play since (a card was drawn or turned over, or a new round began)"
        self.report(lambda: ui.moved(self.con, game, dec, key, mark, bot))
        self.applied(player)

    def applied(self, player: int) -> None:
        self.last_actor = player
        if self.autosave:
            self.save()
        r = self.game.view(None).get("round")
        if r != self.round or (self.game.is_over() and not self.ended):
            self.round, self.ended = r, self.game.is_over()
            self.report(self.round_end)

    def round_end(self) -> None:
        """A round's summary at its end, and the rule that opens the next one."""
        con, game = self.con, self.game
        summary = getattr(self.renderer, "round_summary", None)
        if summary is not None:
            summary(con, game)
        if not game.is_over():
            con.rule(f"Round {self.round} begins")

    def undo_refusal(self, player: int) -> str | None:
        """Why ``player`` cannot take back a move now (None: they can)."""
        if not self.undoable:
            return self.blocked or "there is nothing to undo"
        if self.undoable[-1][0] != player:
            return "the last move was another player's"
        return None

    def take_back(self) -> None:
        """Replay the record up to the human's last move: that move and the bots' moves after it go."""
        _, seq = self.undoable.pop()
        n = self.game.seq - seq
        self.game = replay_record(self.game.record(), upto=seq)
        self.round = self.game.view(None).get("round")
        self.last_actor = None
        if self.autosave:
            self.save()
        moves = "your last move" if n == 1 else f"your last move and the {n - 1} move(s) after it"
        self.report(lambda: self.con.print(Text(f"Took back {moves}.", style="yellow")))

    def redraw(self, player: int) -> None:
        """The whole screen for ``player``'s decision (on a terminal: cleared first, then what
        happened since the last redraw)."""
        con = self.con
        if self.live:
            con.clear()
            if self.since:
                con.rule("Since your last move", style="dim")
                for out in self.since:
                    con.file.write(out)
                self.since.clear()
        self.renderer.board(con, self.game, player)

    def run(self) -> int:
        con, game, ui = self.con, self.game, self.renderer
        while not self.game.is_over():
            game = self.game
            dec = game.pending()
            assert dec is not None
            p = dec.player
            if p in self.bots:
                self.step(dec, self.bots[p].choose(game, game.state, p), True)
                continue
            if not self.human_turn(dec):
                return 0
        game = self.game
        if self.live and self.since:
            for out in self.since:
                con.file.write(out)
            self.since.clear()
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
        if self.live or not (self.last_actor == p and dec.kind in ui.follow_ups):
            self.redraw(p)
        else:
            ui.status(con, game, p)
        ui.options(con, game, dec)
        if self.undo_refusal(p) is None:
            con.print("[dim]u takes back your last move[/]")
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
                self.redraw(p)
                ui.options(con, game, dec)
                continue
            if cmd in ("u", "undo"):
                why = self.undo_refusal(p)
                if why is not None:
                    con.print(Text(f"Cannot undo: {why}.", style="red"))
                    continue
                self.take_back()
                return True
            if cmd.startswith("?"):
                ui.tooltip(con, game, dec, cmd[1:].strip())
                continue
            if cmd.isdigit() and 1 <= int(cmd) <= n:
                try:
                    self.step(dec, dec.options[int(cmd) - 1].key, False)
                except GameError as exc:  # not expected: the options come from the engine
                    con.print(Text(str(exc), style="red"))
                    continue
                return True
            con.print(Text(f"'{raw.strip()}' is not an option.", style="red")
                      + Text(f" Type a number from 1 to {n}, ?N for a card, u to undo, h for help."))
