"""Issue 35, tutorials: every tutorial file of every game is read, checked, and played through the engine
to its end (every scripted bot move and every taught move legal); malformed files are refused with an
error naming the file, the step and the field; a move other than the step's is refused with its sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from primetime.core.plugin import plugins
from primetime.core.tutorial import Refused, TutorialError, check_tutorial, load_tutorial
from words_check import jargon

ALL = [(p.name, name) for p in plugins() for name in p.tutorials()]
REGIONS = {"market": "the Market", "lineup": "your Lineup"}


def tutorial(game: str, name: str):  # type: ignore[no-untyped-def]
    return next(p for p in plugins() if p.name == game).tutorials()[name]


def test_the_three_tutorials_exist() -> None:
    """Issue 35: one tutorial per game and one for The Networks' modules (`primetime learn networks|prime-time|modules`)."""
    names = {name for _, name in ALL}
    assert names == {"networks", "prime-time", "modules"}
    games = {name: game for game, name in ALL}
    assert games == {"networks": "networks", "modules": "networks", "prime-time": "prime-time"}
    assert tutorial("networks", "modules").options.keys() >= {"telly_time", "moguls", "executives"}


@pytest.mark.parametrize(("game", "name"), ALL)
def test_every_tutorial_plays_through_the_engine_to_its_end(game: str, name: str) -> None:
    """Issue 35: each scripted move is legal; every step's move is offered when it is asked for; every
    choice a pattern step accepts leads to the end too."""
    tut = tutorial(game, name)
    assert check_tutorial(tut) >= 1
    lesson = tut.start()
    while not lesson.finished:
        lesson.answer(lesson.choices()[0])
    reading, step = lesson.group()
    assert step is None and reading and reading[-1] is tut.steps[-1]


@pytest.mark.parametrize(("game", "name"), ALL)
def test_a_move_the_step_does_not_teach_is_refused_with_its_rule(game: str, name: str) -> None:
    """Issue 35: any other move is refused with the step's sentence, and nothing changes."""
    lesson = tutorial(game, name).start()
    step = lesson.expected()
    assert step is not None
    other = next(k for k in lesson.game.legal_keys(0) if not step.accepts(k)) if len(lesson.game.legal_keys(0)) > 1 else "nonsense"
    seq = lesson.game.seq
    with pytest.raises(Refused) as err:
        lesson.answer(other)
    assert err.value.sentence == step.refused and step.refused
    assert lesson.game.seq == seq and lesson.done == 0


@pytest.mark.parametrize(("game", "name"), ALL)
def test_every_step_says_what_to_look_at_and_where(game: str, name: str) -> None:
    """Issue 35: each step has text and a region of the page the game knows; a step with a move refuses with a sentence."""
    tut = tutorial(game, name)
    for step in tut.steps:
        assert len(step.text) > 40 and step.region in tut.regions
        assert (step.move is None) == (step.refused == "")
        # no internal ids, snake_case or bot names in player-facing words (issue 34, item 4)
        assert not jargon(step.text) and not jargon(step.refused) and not jargon(tut.regions[step.region])
    assert not jargon(tut.title) and not jargon(tut.summary)


GOOD = """title = "T"
game = "networks"
seed = 2
players = ["You", "Bot"]
[bots]
"1" = ["keep:110,113"]
[[step]]
text = "Keep two cards."
region = "market"
move = "keep:20,111"
refused = "Pilot Season: keep 2 of your 4 cards."
[[step]]
text = "The end."
region = "market"
"""


@pytest.mark.parametrize(("change", "where"), [
    (('region = "market"\nmove', 'region = "stage"\nmove'), "step 1: region"),
    (('refused = "Pilot Season: keep 2 of your 4 cards."\n', ''), "step 1: refused"),
    (('text = "The end."', 'text = ""'), "step 2: text"),
    (('text = "The end."\nregion = "market"\n', 'text = "The end."\nregion = "market"\nmove = "pass:cash"\nrefused = "x"\n'), "step 2"),
    (('seed = 2', 'seed = "two"'), ": seed"),
    (('"1" = ', '"7" = '), "bots: 7"),
    (('region = "market"\nmove', 'where = 1\nregion = "market"\nmove'), "step 1"),
])
def test_a_malformed_tutorial_is_refused_naming_file_step_and_field(tmp_path: Path, change: tuple[str, str], where: str) -> None:
    """Issue 35: validated at load, with errors naming the file, the step and the field."""
    path = tmp_path / "bad.toml"
    assert change[0] in GOOD
    path.write_text(GOOD.replace(change[0], change[1]))
    with pytest.raises(TutorialError) as err:
        load_tutorial(path, REGIONS)
    assert str(path) in str(err.value) and where in str(err.value)


@pytest.mark.parametrize(("change", "where"), [
    (('move = "keep:20,111"', 'move = "keep:1,2"'), "step 1: move"),
    (('"1" = ["keep:110,113"]', '"1" = ["keep:1,2"]'), "bots: seat 1"),
    (('"1" = ["keep:110,113"]', '"1" = []'), "bots: seat 1"),
])
def test_a_script_the_engine_refuses_is_named(tmp_path: Path, change: tuple[str, str], where: str) -> None:
    """Issue 35: the engine validates every scripted move (the bots' and the taught ones)."""
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace(*change))
    tut = load_tutorial(path, REGIONS)
    with pytest.raises(TutorialError) as err:
        check_tutorial(tut)
    assert str(path) in str(err.value) and where in str(err.value)


def played(game: str, name: str) -> tuple[list[str], list[str]]:  # (keys, log)
    """The learner's moves through a tutorial and the game's public log at its end."""
    lesson = tutorial(game, name).start()
    while not lesson.finished:
        lesson.answer(lesson.choices()[0])
    return lesson.keys, lesson.game.view(None)["log"]


def test_the_networks_tutorial_covers_what_issue_35_lists() -> None:
    """Issue 35: Pilot Season, each of the six actions, attachments upright and upside down, the X row,
    passing and the pass track, upkeep, the end of a round and aging."""
    keys, log = played("networks", "networks")
    heads = {k.split(":")[0] for k in keys}
    assert {"keep", "star", "ad", "net", "show", "attach", "pass"} <= heads  # Pilot Season and the six actions
    text = "\n".join(log)
    lesson = tutorial("networks", "networks").replay(keys)
    me = lesson.game.view(0)["players"][0]
    turns = {s["name"]: [a["rotated"] for a in s["attachments"]] for s in me["lineup"] if s}
    assert turns["Doctor's Orders"] == [False, True] and turns["Normal Stuff"] == [False, False]  # upright, upside down
    normal = next(s for s in me["lineup"] if s and s["name"] == "Normal Stuff")
    assert normal["slot"] == "latenight" and normal["season"] == 4  # off its slot: the X row (3), then aged a row
    assert "pays $1M in upkeep" in text and "Round 2 begins." in text and "passes in column 1" in text


def test_the_prime_time_tutorial_covers_what_issue_35_lists() -> None:
    """Issue 35: development, bidding and being outbid, scheduling a TV Guide, the Ratings War, clients and income."""
    keys, log = played("prime-time", "prime-time")
    heads = {k.split(":")[0] for k in keys}
    assert {"discard", "bid", "amt", "rd", "buy", "show", "talent", "done", "cube"} <= heads
    text = "\n".join(log).replace("{P1}", "Newcomer")
    assert "outbidding Newcomer" in text and "Newcomer moves an outbid token" in text
    assert "Newcomer wins the client" in text and "Newcomer earns $14 for 7 cube(s)" in text


def test_the_modules_tutorial_introduces_the_three_modules() -> None:
    """Issue 35: a short third tutorial on Executives, Telly Time and Moguls."""
    keys, log = played("networks", "modules")
    assert keys[0].startswith("x:") and "slot:3" in keys  # an Executive kept; a show on the Weekend
    me = tutorial("networks", "modules").replay(keys).game.view(0)["players"][0]
    assert set(me["genre_grid"]["filled"]) == {"scifi", "kids"} and me["executive"]["id"] == "anchor"
    steps = " ".join(s.text for s in tutorial("networks", "modules").steps)
    assert "Mogul" in steps and "Executive" in steps and "Telly Time" in steps
