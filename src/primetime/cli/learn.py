"""``primetime learn``: a tutorial at the terminal (the same steps as the lobby's *Learn to play*)."""

from __future__ import annotations

from typing import Annotated

import typer

from primetime.cli.app import app, fail, out
from primetime.core.plugin import get_plugin
from primetime.core.tutorial import TutorialError, all_tutorials, find_tutorial
from primetime.ui.tutorial import TutorialSession


@app.command()
def learn(
    tutorial: Annotated[str, typer.Argument(help="The tutorial: networks (The Networks), prime-time (Prime Time) "
                                                 "or modules (The Networks' expansion modules).")] = "networks",
) -> None:
    """Learn to play: a scripted first game whose steps say what to look at and why, and which move to make.

    Type the number of the move a step asks for (any other move is refused with the rule it breaks);
    Enter goes on after a step that only explains; b shows the board, ?N reads a card, h the rules, q leaves.
    """
    try:
        tut = find_tutorial(tutorial)
    except KeyError as exc:
        raise fail(str(exc.args[0])) from None
    except TutorialError as exc:
        raise fail(str(exc)) from None
    session = TutorialSession(out(), tut, get_plugin(tut.game).renderer())
    raise typer.Exit(session.run())


def names() -> list[str]:
    """The tutorials' names (for help texts)."""
    return list(all_tutorials())
