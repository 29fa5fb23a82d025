"""A tutorial at the terminal (``primetime learn``): the same steps as the browser's *Learn to play*.

Each step is shown in a panel naming the part of the screen to look at (the game's region words); a
step that only explains waits for Enter, a step that teaches a move shows the board and the numbered
options and takes only that move: any other number is refused with the step's sentence, which
says what the rule is.  The bots' scripted moves are reported as at ``primetime play``, and so is
each round's summary.
"""

from __future__ import annotations

import sys
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from primetime.core.tutorial import LEARNER, Lesson, Refused, Step, Tutorial
from primetime.ui.session import Renderer


def _interactive() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


class TutorialSession:
    """One learner going through one tutorial at the terminal."""

    def __init__(self, con: Console, tutorial: Tutorial, renderer: Renderer) -> None:
        self.con, self.tutorial, self.ui = con, tutorial, renderer
        self.lesson: Lesson | None = None
        self.round: Any = None
        self.drawn = -1  # the game's step when the board was last drawn

    def read(self, prompt: str) -> str | None:
        """A line typed by the learner (None: the input closed)."""
        try:
            raw = self.con.input(prompt)
        except (EOFError, KeyboardInterrupt):
            self.con.print()
            return None
        if not _interactive():
            self.con.print(raw, markup=False, highlight=False)
        return raw.strip().lower()

    def panel(self, step: Step) -> None:
        n = len(self.tutorial.steps)
        where = self.tutorial.regions.get(step.region, step.region)
        body = Text(step.text + "\n\n") + Text("Look at: ", style="bold") + Text(where)
        self.con.print(Panel(body, title=f"Step {step.index + 1} of {n}", title_align="left", border_style="cyan"))

    def play(self, seat: int, key: str) -> None:
        """Apply one move (the learner's or a bot's) and report it as ``primetime play`` does."""
        assert self.lesson is not None
        game = self.lesson.game
        dec = game.pending(seat)
        assert dec is not None
        mark = self.ui.mark(game)
        game.apply(seat, key)
        self.ui.moved(self.con, game, dec, key, mark, seat != LEARNER)
        r = game.view(None).get("round")
        if r != self.round:
            self.round = r
            summary = getattr(self.ui, "round_summary", None)
            if summary is not None and r not in (None, 0, 1):
                summary(self.con, game)
            self.con.rule(f"Round {r} begins")

    def run(self) -> int:
        con, tut = self.con, self.tutorial
        con.rule(f"[bold]{escape(tut.title)}[/]")
        con.print(Text("A tutorial: read each step, then make the move it asks for (type its number). "
                       "Enter goes on after a step that only explains; b shows the board, h the rules, q leaves."))
        lesson = self.lesson = Lesson(tut, tut.new_game())
        self.round = lesson.game.view(None).get("round")
        lesson.advance(self.play)
        while True:
            reading, step = lesson.group()
            if reading and self.drawn != lesson.game.seq and lesson.done:
                # what the reading steps talk about happened since the board was last drawn
                self.ui.board(con, lesson.game, LEARNER)
                self.drawn = lesson.game.seq
            for s in reading:
                self.panel(s)
                if s is tut.steps[-1]:
                    break
                if not self.wait():
                    return 0
            if step is None:
                con.rule("Tutorial complete")
                return 0
            if not self.ask(step):
                return 0

    def wait(self) -> bool:
        """After a step that only explains: Enter goes on (False: the learner left)."""
        while True:
            cmd = self.read("[dim]Enter: next step[/] > ")
            if cmd is None or cmd in ("q", "quit", "exit"):
                self.con.print("Leaving the tutorial.")
                return False
            if cmd in ("b", "board"):
                assert self.lesson is not None
                self.ui.board(self.con, self.lesson.game, LEARNER)
                continue
            return True

    def ask(self, step: Step) -> bool:
        """A step that teaches a move: only that move is taken (False: the learner left)."""
        con, ui = self.con, self.ui
        assert self.lesson is not None
        game = self.lesson.game
        dec = game.pending(LEARNER)
        assert dec is not None
        if self.drawn != game.seq:  # (not again right after the reading steps that showed it)
            ui.board(con, game, LEARNER)
            self.drawn = game.seq
        self.panel(step)
        ui.options(con, game, dec)
        n = len(dec.options)
        while True:
            cmd = self.read(f"[bold]{escape(game.players[LEARNER])}[/] > ")
            if cmd is None or cmd in ("q", "quit", "exit"):
                con.print("Leaving the tutorial.")
                return False
            if cmd in ("h", "help"):
                con.print(Panel(ui.rules, title="Rules", title_align="left"))
                continue
            if cmd in ("s", "save", "u", "undo"):
                con.print("A tutorial is neither saved nor taken back: run primetime learn again to start over.")
                continue
            if cmd in ("b", "board"):
                ui.board(con, game, LEARNER)
                self.panel(step)
                ui.options(con, game, dec)
                continue
            if cmd.startswith("?"):
                ui.tooltip(con, game, dec, cmd[1:].strip())
                continue
            if not (cmd.isdigit() and 1 <= int(cmd) <= n):
                con.print(Text(f"'{cmd}' is not an option.", style="red") + Text(f" Type a number from 1 to {n}."))
                continue
            key = dec.options[int(cmd) - 1].key
            try:
                self.lesson.answer(key, self.play)
            except Refused as exc:
                con.print(Text("Not this move: ", style="bold red") + Text(exc.sentence, style="red"))
                continue
            return True
