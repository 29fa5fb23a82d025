"""*Learn to play* in the browser (issue 35): the tutorials' API and page.

A tutorial table keeps nothing on the server: everything in a tutorial is scripted, so its state is
the learner's moves so far.  ``POST /api/learn/<name>`` with ``{"moves": [...], "key": ...}`` replays
``moves`` (each must have been accepted), then takes ``key`` only if it is the move the current step
teaches; any other move is refused (409) with the step's sentence, which names the rule.  The answer
is the learner's view (as a seat at a table sees it), the steps to show now and the moves accepted.
Guests may learn: no name and no cookie are needed.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from primetime.core.tutorial import LEARNER, Lesson, Refused, Tutorial, TutorialError, all_tutorials
from primetime.server.http import ApiError, body, client_address
from primetime.server.limits import Limiter, Rate
from primetime.server.messages import card_ids, render_view

KEY_RE = re.compile(r"^[A-Za-z0-9_:,.-]{1,80}$")
NAME_RE = re.compile(r"^[a-z_-]{1,24}$")
MAX_MOVES = 200
# each request replays the moves so far: steps per client address (PRIMETIME_RATE_LEARN, e.g. "600/600"; "0": none)
LEARN_RATE = Rate(600, 600.0)


def lesson_json(tut: Tutorial, lesson: Lesson) -> dict[str, Any]:
    """What the page draws: the learner's view, the steps to show now and the moves accepted so far."""
    reading, step = lesson.group()
    names = list(tut.players)
    view = render_view(lesson.game.view(LEARNER), names, card_ids(lesson.game))
    return {"tutorial": {"name": tut.name, "title": tut.title, "game": tut.game, "steps": len(tut.steps),
                         "moves": len(tut.moves), "regions": tut.regions},
            "moves": list(lesson.keys), "reading": [s.to_json() for s in reading],
            "step": step.to_json() if step is not None else None, "finished": lesson.finished,
            "seq": lesson.game.seq, "view": view}


def tutorial_list() -> list[dict[str, Any]]:
    return [{"name": t.name, "title": t.title, "summary": t.summary, "game": t.game} for t in all_tutorials().values()]


def add_learn_routes(app: FastAPI, page: Callable[[str], Response]) -> None:
    """The tutorials' page (``/learn/<name>``) and API (``/api/learn``)."""
    limit = Limiter(Rate.parse(os.environ.get("PRIMETIME_RATE_LEARN", ""), LEARN_RATE), "tutorial steps")

    def find(name: str) -> Tutorial:
        tut = all_tutorials().get(name) if NAME_RE.match(name) else None
        if tut is None:
            raise ApiError(404, f"no tutorial {name[:30]!r}; there are {', '.join(all_tutorials())}")
        return tut

    @app.get("/learn/{name}", include_in_schema=False)
    async def learn_page(name: str) -> Response:
        return page("learn.html")

    @app.get("/api/learn")
    async def learn_list() -> dict[str, Any]:
        return {"tutorials": tutorial_list()}

    @app.post("/api/learn/{name}")
    async def learn_step(name: str, request: Request) -> Response:
        tut = find(name)
        data = await body(request)
        limit.take(client_address(request))
        moves, key = data.get("moves", []), data.get("key")
        if not isinstance(moves, list) or len(moves) > MAX_MOVES or not all(isinstance(k, str) and KEY_RE.match(k) for k in moves):
            raise ApiError(400, "moves is the list of the moves this tutorial accepted so far")
        if key is not None and (not isinstance(key, str) or not KEY_RE.match(key)):
            raise ApiError(400, "key must be one of the option keys you were sent")

        def run() -> dict[str, Any]:
            try:
                lesson = tut.replay(list(moves))
            except (Refused, TutorialError):
                raise ApiError(400, "these moves were not all accepted by this tutorial: start it again") from None
            if key is not None:
                try:
                    lesson.answer(key)
                except Refused as exc:
                    return {"refused": exc.sentence}
                except TutorialError:
                    raise ApiError(400, "that move is not offered now") from None
            return lesson_json(tut, lesson)

        out = await asyncio.get_running_loop().run_in_executor(None, run)
        if "refused" in out:
            return JSONResponse({"error": out["refused"], "kind": "Refused", "refused": out["refused"]}, status_code=409)
        return JSONResponse(out)
