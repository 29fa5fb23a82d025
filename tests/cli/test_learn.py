"""Issue 35: `primetime learn networks|prime-time|modules` (prime_time is accepted too) runs a tutorial at the terminal with the same steps as
the browser's, refusing any other move with the step's rule sentence; driven here to its end through typer's
CliRunner, as `primetime play` is."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from primetime.cli import app
from primetime.core.tutorial import LEARNER, all_tutorials

runner = CliRunner()


def script(name: str) -> tuple[list[str], str]:
    """What a learner types to go through tutorial ``name`` (one wrong number first, at its first move),
    and the sentence that wrong number must be refused with."""
    tut = all_tutorials()[name]
    lesson = tut.start()
    typed: list[str] = []
    refused = ""
    while True:
        reading, step = lesson.group()
        typed += [""] * len([s for s in reading if s is not tut.steps[-1]])
        if step is None:
            return typed, refused
        dec = lesson.game.pending(LEARNER)
        assert dec is not None
        keys = dec.keys()
        key = lesson.choices()[0]
        if not refused:
            wrong = next((i for i, k in enumerate(keys) if not step.accepts(k)), None)
            if wrong is not None:
                typed.append(str(wrong + 1))
                refused = step.refused
        typed.append(str(keys.index(key) + 1))
        lesson.answer(key)


@pytest.mark.parametrize("name", list(all_tutorials()))
def test_primetime_learn_runs_the_tutorial_to_its_end(name: str) -> None:
    """Issue 35: every step's text and region words are shown, the taught moves are taken, a wrong
    move is refused with the rule's sentence, and the tutorial ends with its closing step."""
    tut = all_tutorials()[name]
    typed, refused = script(name)
    result = runner.invoke(app, ["learn", name.replace("-", "_")],
                           input="\n".join(typed) + "\n", terminal_width=200)
    out = " ".join(result.output.split())
    assert result.exit_code == 0, result.output[-3000:]
    assert "Tutorial complete" in out
    assert refused and "Not this move: " + " ".join(refused.split()) in out
    for step in tut.steps:
        assert f"Step {step.index + 1} of {len(tut.steps)}" in out
        assert " ".join(step.text.split())[:60] in out
    assert "Look at: " + " ".join(tut.regions[tut.steps[1].region].split()) in out


def test_an_unknown_tutorial_is_named() -> None:
    """`primetime learn` names the tutorials there are when asked for another."""
    result = runner.invoke(app, ["learn", "chess"])
    assert result.exit_code == 2 and "networks" in result.output


def test_primetime_help_mentions_learn() -> None:
    """Issue 35: `primetime --help` says how to learn a game, and `learn` is among its commands."""
    result = runner.invoke(app, ["--help"], terminal_width=200)
    out = " ".join(result.output.split())
    assert result.exit_code == 0 and "primetime learn networks" in out and " learn " in out
