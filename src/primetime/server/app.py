"""The web application: lobby and table API, the game WebSocket, the static front end."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import Scope

from primetime.bots.levels import by_strength, level_label, level_name
from primetime.core.decision import fill_names as render
from primetime.core.errors import GameError, RecordError, StaleStateError
from primetime.core.game import load_record, replay_record, split_action
from primetime.core.plugin import get_plugin, plugins
from primetime.server import accounts, clocks, logs, moderation, names, ratings_store, sessions
from primetime.server.account_api import USER_COOKIE, add_account_routes
from primetime.server.admin_api import add_admin_routes
from primetime.server.advice_api import add_advice_routes, ws_hint
from primetime.server.config import BOT_PACES, DEFAULT_BOT_PACE, Settings
from primetime.server.holidays_api import add_holiday_routes
from primetime.server.http import ApiError, Guard, body, client_address
from primetime.server.hub import Hub
from primetime.server.inputs import InputError, parse_json
from primetime.server.learn import add_learn_routes
from primetime.server.limits import Limiter, RateLimited
from primetime.server.messages import card_ids, catalogue_json, public_table, render_view
from primetime.server.metrics_api import add_metrics_route
from primetime.server.notifier import Notifier
from primetime.server.notify_api import add_notify_routes
from primetime.server.runtime import GAME, GAMES, MAX_SEATS, Client, Runtime, dumps, hash_secret, new_id, new_secret
from primetime.server.store import ConflictError, open_store

log = logging.getLogger("primetime.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
GAME_SCRIPTS = "<!-- game scripts: one per game, web/games/<plugin script>, filled in by the server -->"


STATIC_REF = re.compile(r'((?:src|href)=")/static/([^"?#]+)"')
IMMUTABLE = "public, max-age=31536000, immutable"  # a versioned static URL never changes


@functools.lru_cache(maxsize=64)
def static_version(rel: str) -> str:
    """A short hash of a file of web/: the ``?v=`` of its URL, so that a browser may keep it until it changes."""
    path = (WEB_DIR / rel).resolve()
    if WEB_DIR not in path.parents or not path.is_file():
        return "0"
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


@functools.lru_cache(maxsize=8)
def game_page(name: str) -> str:
    """A page of web/, with the script of every game's plugin (web/games/<script>) where the page asks for them,
    and every static URL versioned by its content (``/static/app.css?v=<hash>``)."""
    tags = "\n".join(f'  <script src="/static/games/{p.script}" defer></script>' for p in plugins() if p.script)
    page = (WEB_DIR / name).read_text().replace("  " + GAME_SCRIPTS, tags)
    return STATIC_REF.sub(lambda m: f'{m[1]}/static/{m[2]}?v={static_version(m[2])}"', page)


class CachedStatic(StaticFiles):
    """web/ as static files: a versioned URL (``?v=``) is cached for a year, any other is revalidated (ETag)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        resp = await super().get_response(path, scope)
        if resp.status_code in (200, 304):
            versioned = b"v=" in (scope.get("query_string") or b"")
            resp.headers["cache-control"] = IMMUTABLE if versioned else "no-cache"
        return resp
# An alias (``mcts`` is ``mcts:normal``) is accepted for a seat but not listed twice; the lobby's labels and
# their order (weakest first, as measured) come from primetime.bots.levels.
BOT_ALIASES = frozenset({"mcts"})


def bot_label(level: str) -> str:
    return level_label(level)

SEAT_COOKIE = "pt_seat_"
YEAR = 365 * 24 * 3600
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{4,32}$")
KEY_RE = re.compile(r"^[A-Za-z0-9_:,.-]{1,80}$")


# ---------------------------------------------------------------------- middleware


# ---------------------------------------------------------------------- helpers


def create_app(settings: Settings | None = None) -> Guard:
    """The ASGI application (``.hub`` and ``.settings`` are attached for tests and tools)."""
    settings = settings or Settings()
    store = open_store(settings.database_url, settings.data_dir, settings.sqlite_synchronous)
    replayed = ratings_store.upgrade(store)  # a database rated by an earlier model: its ratings recomputed, once
    if replayed is not None:
        log.info("ratings: %d rated tables replayed with the Plackett-Luce model", replayed)
    hub = Hub(settings, store)
    hub.notifier = notifier = Notifier(hub, settings, store)  # turn mails, pushes and reminders (``notifier.py``)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        if hub.metrics.on:
            hub._spawn(hub.metrics.sampler(hub))
        await notifier.start()
        log.info("storage: %s", store.kind)
        try:
            yield
        finally:
            await notifier.stop()
            await hub.stop()
            hub.metrics.close()

    app = FastAPI(title="The Networks: Primetime", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(GZipMiddleware, minimum_size=1024)  # pages, scripts, catalogues and JSON replies compressed
    logs.WORKER = settings.worker_index
    app.add_middleware(logs.RequestIds, access=settings.log_format == "json")  # a request id (and table) on each log line
    app.state.hub = hub
    app.state.settings = settings

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(InputError)
    async def input_error(request: Request, exc: InputError) -> JSONResponse:
        log.info("refused %s %s: %s", request.method, request.url.path, exc)
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def bad_query(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(str(x) for x in e.get('loc', ())[1:])}: {e.get('msg', 'invalid')}"
                             for e in exc.errors()[:3])
        return JSONResponse({"error": f"bad request parameter ({problems})"}, status_code=400)

    @app.exception_handler(RateLimited)
    async def rate_limited(request: Request, exc: RateLimited) -> JSONResponse:
        if exc.first:  # one line per flood, not one per refused request
            log.info("rate limit on %s %s for %s: %s", request.method, request.url.path, client_address(request), exc.message)
        return JSONResponse({"error": exc.message}, status_code=429, headers={"retry-after": str(int(exc.retry_after))})

    limit_tables = Limiter(settings.rate_tables, "new tables")
    limit_users = Limiter(settings.rate_users, "new players")
    limit_imports = Limiter(settings.rate_imports, "record imports")
    limit_signins = Limiter(settings.rate_signins, "sign-in attempts")
    limit_renames = Limiter(settings.rate_users, "name changes")

    @app.exception_handler(ConflictError)
    async def conflict_error(request: Request, exc: ConflictError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=409)

    @app.exception_handler(GameError)
    async def game_error(request: Request, exc: GameError) -> JSONResponse:
        return JSONResponse({"error": str(exc), "kind": type(exc).__name__}, status_code=409)

    # ------------------------------------------------------------------ identity
    async def current_user(request: Request) -> dict[str, Any] | None:
        secret = request.cookies.get(USER_COOKIE)
        if not secret or len(secret) > 200:
            return None
        return await hub.db(store.user_by_secret, hash_secret(secret))

    async def need_user(request: Request) -> dict[str, Any]:
        user = await current_user(request)
        if user is None:
            raise ApiError(401, "choose a display name first")
        return user

    def set_cookie(resp: Response, name: str, value: str) -> None:
        resp.set_cookie(name, value, max_age=YEAR, httponly=True, samesite="lax", secure=settings.secure_cookies, path="/")

    async def runtime(table_id: str) -> Runtime:
        if not TABLE_ID.match(table_id):
            raise ApiError(404, "no such table")
        rt = await hub.get(table_id)
        if rt is not None and (hub.count > 1 or store.kind != "sqlite"):
            # other processes change tables too, and the request before this one may have been served by
            # another worker: read what is stored (a request sees every change made before it)
            await hub.refresh(rt)
        if rt is None or rt.meta is None or rt.meta.status == "abandoned":
            raise ApiError(404, "no such table")
        return rt

    add_advice_routes(app, hub, store, need_user, runtime)

    def bot_levels(game: str = GAME) -> list[dict[str, str]]:
        """The bots a seat may be given at a table of ``game`` (every known bot plays every game served
        here; a trained policy plays its own game)."""
        return [{"id": lv, "label": bot_label(lv), "name": level_name(lv)}
                for lv in by_strength(hub.levels_for(game)) if lv not in BOT_ALIASES]

    def games_offered() -> list[dict[str, Any]]:
        """The games a table can be created for, with their player counts, options and bots (from their plugins)."""
        out = []
        for plugin in plugins():
            out.append({"id": plugin.name, "label": plugin.short, "min_players": plugin.min_players,
                        "max_players": min(plugin.max_players, MAX_SEATS), "options": plugin.options,
                        "bots": bot_levels(plugin.name)})
        return out

    # ------------------------------------------------------------------ pages
    def page(name: str) -> Response:
        return HTMLResponse(game_page(name), headers={"cache-control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        return page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return page("table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> Response:
        return page("replay.html")

    @app.get("/u/{user_id}", include_in_schema=False)
    async def profile_page(user_id: str) -> Response:
        return page("profile.html")

    @app.get("/leaderboard/{game}", include_in_schema=False)
    async def leaderboard_page(game: str) -> Response:
        return page("leaderboard.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="3" width="14" height="10" rx="2" '
               'fill="#ffcc4d"/><rect x="3" y="5" width="10" height="6" fill="#14161f"/></svg>')
        return Response(svg, media_type="image/svg+xml", headers={"cache-control": "public, max-age=86400"})

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        return {"ok": True, "storage": store.kind, "worker": hub.index, "workers": hub.count}

    # ------------------------------------------------------------------ me
    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        user = await current_user(request)
        return {
            "user": {"id": user["id"], "name": user["name"], "prefs": user["prefs"], "account": user["account"],
                     "admin": bool(user["account"]) and await hub.db(moderation.is_admin, store, user["id"])} if user else None,
            "bots": bot_levels(),
            "options": get_plugin(GAME).options,
            "games": games_offered(),
        }

    @app.post("/api/me")
    async def set_me(request: Request) -> Response:
        """A guest's name (a new guest without a user cookie), or a new display name for whoever is signed in."""
        data = await body(request)
        name = names.display_name(data.get("name"))
        user = await current_user(request)
        resp = JSONResponse({"ok": True, "name": name})
        # the address's limit before the name is looked up: a flood of accounts' names meets a 429, not 409s
        (limit_users if user is None else limit_renames).take(client_address(request))
        if user is not None and user["account"]:
            await hub.write(accounts.rename_account, store, user["id"], name)
            return resp
        if await hub.db(accounts.account_name_taken, store, name, None):
            raise ApiError(409, f"the name {name!r} belongs to an account: sign in if it is yours, or choose another name")
        if user is None:
            secret = new_secret()
            await hub.write(store.create_user, new_id(9), name, hash_secret(secret))
            set_cookie(resp, USER_COOKIE, secret)
        else:
            await hub.write(lambda: store.update_user(user["id"], name=name))
        return resp

    add_account_routes(app, hub, store, current_user, set_cookie, limit_users, limit_signins)
    add_learn_routes(app, page)  # Learn to play: the tutorials (no table is stored)
    add_admin_routes(app, hub, store, current_user, set_cookie, page)
    add_metrics_route(app, hub, settings)
    add_notify_routes(app, hub, store, notifier, current_user, limit_signins)
    add_holiday_routes(app, hub, store, current_user)  # holidays: the account's turn-based clocks stand still

    @app.post("/api/me/prefs")
    async def set_prefs(request: Request) -> dict[str, Any]:
        user = await need_user(request)
        data = await body(request)
        prefs = dict(user["prefs"])
        if "confirm_delay" in data:
            d = data["confirm_delay"]
            if not isinstance(d, int | float) or isinstance(d, bool) or not 0 <= d <= 10:
                raise ApiError(400, "confirm_delay is a number of seconds from 0 to 10")
            prefs["confirm_delay"] = float(d)
        if "turn_sound" in data:
            if not isinstance(data["turn_sound"], bool):
                raise ApiError(400, "turn_sound is true (a sound on your turn) or false (muted)")
            prefs["turn_sound"] = data["turn_sound"]
        await hub.write(lambda: store.update_user(user["id"], prefs=prefs))
        return {"ok": True, "prefs": prefs}

    # ------------------------------------------------------------------ lobby
    @app.get("/api/lobby")
    async def lobby(request: Request) -> dict[str, Any]:
        user = await current_user(request)
        out = await hub.db(store.lobby, user["id"] if user else None)
        # your running games: whether one of your seats is to decide now (``your_turn``), those first
        for t in out.get("mine", []):
            t["your_turn"] = False
            mine = {s["seat"] for s in t["seats"] if s["you"] and s["kind"] == "human" and not s["left"]}
            if t["status"] != "running" or not mine:
                continue
            rt = await hub.get(t["id"])
            game = rt.game if rt is not None else None
            if game is not None and not game.is_over():
                t["your_turn"] = bool(mine & set(game.pending_players()))
        out["mine"] = sorted(out.get("mine", []), key=lambda t: not t["your_turn"])  # (stable: most recent first)
        return out

    @app.get("/api/catalogue")
    async def catalogue(game: str = "networks", set: str = "base") -> Response:
        if game not in GAMES:
            raise ApiError(404, f"unknown game {game!r}")
        if set != "base" and not (game == "networks" and set == "telly_time"):
            raise ApiError(404, f"unknown card set {set!r}")
        data = catalogue_json(set, game)
        etag = '"' + hashlib.sha256(data).hexdigest()[:16] + '"'
        return Response(data, media_type="application/json", headers={"cache-control": "public, max-age=3600", "etag": etag})

    @app.post("/api/tables")
    async def create_table(request: Request) -> Response:
        user = await need_user(request)
        data = await body(request)
        seats = data.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats) or len(seats) > 4:
            raise ApiError(400, "seats is a list of up to 4 entries, each 'open' or 'bot:<level>'")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise ApiError(400, "options is an object")
        game = data.get("game", GAME)
        if not isinstance(game, str) or game not in GAMES:
            raise ApiError(400, f"game is one of {', '.join(GAMES)}")
        name = names.clean(data.get("name") or f"{user['name']}'s table", names.TABLE_NAME_LIMIT, "a table name")
        spectator_chat = data.get("spectator_chat", True)
        if not isinstance(spectator_chat, bool):
            raise ApiError(400, "spectator_chat is true or false (whether spectators may chat)")
        try:
            clock = clocks.parse(data.get("time_control"))
        except clocks.ClockError as exc:
            raise ApiError(400, str(exc)) from None
        bot_pace = data.get("bot_pace", DEFAULT_BOT_PACE)
        if bot_pace not in BOT_PACES:
            raise ApiError(400, f"bot_pace is one of {', '.join(BOT_PACES)} (how fast the bots move)")
        hints = data.get("hints", False)
        if not isinstance(hints, bool):
            raise ApiError(400, "hints is true or false (hints on request; a table with hints is not rated)")
        limit_tables.take(client_address(request))
        tid, secret = await hub.create_table(user, name, seats, options, game, spectator_chat, clock, bot_pace, hints)
        await hub.bind_seat(user, request.cookies.get(USER_COOKIE), secret)
        resp = JSONResponse({"ok": True, "id": tid, "url": f"/t/{tid}"})
        set_cookie(resp, SEAT_COOKIE + tid, secret)
        return resp

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> dict[str, Any]:
        rt = await runtime(table_id)
        user = await current_user(request)
        assert rt.meta is not None
        out = public_table(rt.meta, rt.replaceable(settings.idle_replace_after), acted=rt.public_acted())
        mine = [s.seat for s in rt.meta.seats if user and s.kind == "human" and s.user_id == user["id"]]
        # a seat of yours a bot plays (after a timeout or a vote): you may take it back (``rejoin``)
        botted = [s.seat for s in rt.meta.seats if user and s.kind == "bot" and s.user_id == user["id"]
                  and rt.meta.status == "running" and s.seat not in ((rt.meta.clock or {}).get("forfeited") or [])]
        played = [s.seat for s in rt.meta.seats if user and s.kind == "bot" and s.user_id == user["id"]]
        out["you"] = {"seat": mine[0] if mine else None, "host": bool(user and rt.meta.owner == user["id"]),
                      "reclaim": botted[0] if botted else None, "played_by_bot": played[0] if played else None}
        return out

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> Response:
        user = await need_user(request)
        data = await body(request)
        seat = data.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise ApiError(400, "seat is a number")
        rt = await runtime(table_id)
        got_seat, secret = await hub.join(rt, user, seat)
        await hub.bind_seat(user, request.cookies.get(USER_COOKIE), secret)
        resp = JSONResponse({"ok": True, "seat": got_seat})
        set_cookie(resp, SEAT_COOKIE + table_id, secret)
        return resp

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, request: Request) -> dict[str, Any]:
        user = await need_user(request)
        await body(request)
        rt = await runtime(table_id)
        secret = request.cookies.get(SEAT_COOKIE + table_id)
        what = await hub.leave(rt, user["id"], hash_secret(secret) if secret else None)
        return {"ok": True, "result": what}

    @app.post("/api/tables/{table_id}/rejoin")
    async def rejoin(table_id: str, request: Request) -> Response:
        user = await need_user(request)
        await body(request)
        rt = await runtime(table_id)
        seat, secret = await hub.rejoin(rt, user["id"])
        await hub.bind_seat(user, request.cookies.get(USER_COOKIE), secret)
        resp = JSONResponse({"ok": True, "seat": seat})
        set_cookie(resp, SEAT_COOKIE + table_id, secret)
        return resp

    @app.post("/api/tables/{table_id}/seat")
    async def set_seat(table_id: str, request: Request) -> dict[str, Any]:
        user = await need_user(request)
        data = await body(request)
        seat, kind, level = data.get("seat"), data.get("kind"), data.get("bot")
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(kind, str):
            raise ApiError(400, "send {seat: number, kind: 'open'|'bot', bot: level}")
        rt = await runtime(table_id)
        await hub.set_seat(rt, user["id"], seat, kind, level if isinstance(level, str) else None)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/start")
    async def start(table_id: str, request: Request) -> dict[str, Any]:
        user = await need_user(request)
        data = await body(request)
        rt = await runtime(table_id)
        await hub.start_game(rt, user["id"], bool(data.get("fill_bots", False)))
        return {"ok": True}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> Response:
        rt = await runtime(table_id)
        assert rt.meta is not None
        if rt.meta.status != "finished":
            raise ApiError(403, "a record is available once the game is over (it would reveal the decks)")
        rec = await hub.db(store.record, table_id)
        return Response(json.dumps(rec, indent=1), media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="primetime-{table_id}.json"'})

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, step: int = 0, seat: int | None = None) -> dict[str, Any]:
        rt = await runtime(table_id)
        t = rt.meta
        assert t is not None
        if t.status != "finished":
            raise ApiError(403, "replays are available once the game is over")
        rec = await hub.db(store.record, table_id)
        assert rec is not None
        total = len(rec["actions"])
        step = max(0, min(total, step))
        if seat is not None and not 0 <= seat < len(rec["players"]):
            raise ApiError(400, "no such seat")

        def build() -> dict[str, Any]:
            game = replay_record(rec, upto=step)
            last = None
            if step > 0:
                prev = replay_record(rec, upto=step - 1)
                actor, key = split_action(rec["actions"][step - 1])
                d = prev.pending(actor)
                label = next((o.label for o in d.options if o.key == key), key) if d else key
                last = {"player": d.player if d else None, "key": key,
                        "label": render(label, list(rec["players"])),
                        # the question the move answered ("Yes" alone says nothing)
                        "prompt": render(d.prompt, list(rec["players"])) if d else "",
                        "name": rec["players"][d.player] if d and 0 <= d.player < len(rec["players"]) else None}
            view = render_view(game.view(seat), list(rec["players"]), card_ids(game))
            return {"step": step, "total": total, "players": rec["players"], "view": view, "last": last,
                    "table": {"id": t.id, "name": t.name, "imported": t.imported}}

        return await asyncio.get_running_loop().run_in_executor(None, build)

    @app.post("/api/records")
    async def import_record(request: Request) -> dict[str, Any]:
        user = await current_user(request)
        raw = await request.body()
        try:
            parse_json(raw, what="the record", max_bytes=settings.max_record)  # bounds first; then its shape
        except InputError as exc:
            raise ApiError(400, f"cannot import this record: {exc}") from None
        limit_imports.take(client_address(request))
        try:
            rec = load_record(raw.decode("utf-8"))
            if rec["game"] not in GAMES:
                raise RecordError(f"game {rec['game']!r} is not served here")
            if len(rec["actions"]) > 5000:
                raise RecordError("too many actions")
            get_plugin(rec["game"]).record_check(rec)
            tid = await hub.import_record(rec, user["id"] if user else None)
        except RecordError as exc:
            raise ApiError(400, f"cannot import this record: {exc}") from None
        return {"ok": True, "id": tid, "url": f"/replay/{tid}"}

    # ------------------------------------------------------------------ websocket
    @app.websocket("/ws/{table_id}")
    async def ws_endpoint(ws: WebSocket, table_id: str) -> None:
        origin = ws.headers.get("origin")
        host = ws.headers.get("host", "")
        if origin and origin.split("://", 1)[-1] != host:
            await ws.close(code=4403, reason="cross-origin connection refused")
            return
        if not TABLE_ID.match(table_id):
            await ws.close(code=4404, reason="no such table")
            return
        rt = await hub.get(table_id)
        if rt is None or rt.meta is None:
            await ws.close(code=4404, reason="no such table")
            return
        await ws.accept()
        await hub.refresh(rt)  # another process may have moved on: start from the stored state
        secret = ws.cookies.get(SEAT_COOKIE + table_id)
        usecret = ws.cookies.get(USER_COOKIE)
        # its user, the account session it relies on, and its seat secret unless the session that got it has ended
        user, session, secret_hash, seat_session = await hub.db(
            sessions.identify, store, hash_secret(usecret) if usecret and len(usecret) < 200 else None,
            hash_secret(secret) if secret and len(secret) < 200 else None)
        seat = rt.seat_for(secret_hash)

        async def send(text: str) -> None:
            await ws.send_text(text)

        client = Client(seat, secret_hash, user["id"] if user else None, send, name=user["name"] if user else None,
                        sessions=tuple(dict.fromkeys(h for h in (session, seat_session) if h)),
                        close=lambda code, reason: ws.close(code=code, reason=reason))
        await hub.attach(rt, client)
        sender = asyncio.create_task(hub.sender(rt, client))
        if client.sessions:  # a session ended while it was being attached was not among the sockets then
            await hub.still_signed_in(client)
        try:  # the chat it has not seen: the latest messages after ?chat_since=<number> (all: 0)
            since = int(ws.query_params.get("chat_since", "0")[:12])
        except ValueError:
            since = 0
        try:
            hub.send_chat(rt, await hub.db(store.chat, rt.id, max(0, since), settings.chat_history), client, history=True)
        except Exception:  # the game goes on without its chat
            log.exception("cannot read the chat of table %s", rt.id)
        try:
            while True:
                try:
                    text = await ws.receive_text()
                except KeyError:  # a binary frame
                    client.push(dumps({"type": "error", "error": "send JSON text messages"}))
                    continue
                await handle(rt, client, text)
                if sender.done():
                    break
        except WebSocketDisconnect:
            pass
        except RuntimeError:
            pass
        finally:
            hub.detach(rt, client)
            sender.cancel()
            if client.finishing is not None:
                client.finishing.cancel()
            with contextlib.suppress(BaseException):
                await sender

    async def handle(rt: Runtime, client: Client, text: str) -> None:
        def reply(mtype: str, mid: Any, **kw: Any) -> None:
            out = {"type": mtype, **kw}
            if isinstance(mid, int | str) and not isinstance(mid, bool) and len(str(mid)) <= 40:
                out["id"] = mid
            try:
                text = dumps(out)
            except (UnicodeError, TypeError, ValueError):  # cannot happen after parse_json; never close the socket over it
                text = dumps({"type": mtype, **kw})
            client.push(text)

        if client.closing is not None:  # its session ended: it is being closed
            return
        now = time.monotonic()
        if now - client.window_start > 5.0:
            client.window_start, client.window_count = now, 0
        client.window_count += 1
        if client.window_count > 300:  # a flood (over 60 messages a second): ignore the excess
            if client.window_count == 301:
                reply("error", None, error="too many messages; slow down")
            return
        try:
            msg = parse_json(text, what="the message", max_bytes=settings.max_message)
        except InputError as exc:
            reply("error", None, error=str(exc))
            return
        if not isinstance(msg, dict):
            reply("error", None, error="a message is a JSON object")
            return
        mid = msg.get("id")
        kind = msg.get("type")
        if kind == "ping":
            reply("pong", mid, t=time.time())
            return
        if kind == "sync":  # the whole state again, with the whole log
            await hub.refresh(rt)
            client.sent_version = client.shown = -1
            client.log = None
            client.wake.set()
            return
        if kind == "presence":
            state = msg.get("state")
            if state not in ("online", "away"):
                reply("error", mid, error="presence is 'online' or 'away'")
                return
            hub.set_away(rt, client, state == "away")
            return
        if kind == "chat":
            if not await hub.still_signed_in(client):
                reply("error", mid, error="you are signed out: sign in again to chat", kind="SignedOut")
                return
            try:
                await hub.chat(rt, client, msg.get("text"))
            except (ConflictError, InputError) as exc:
                reply("error", mid, error=str(exc), kind="ChatRefused")
                return
            except RateLimited as exc:
                reply("error", mid, error=exc.message, kind="RateLimited", retry_after=exc.retry_after)
                return
            except Exception:
                log.exception("chat failed on table %s", rt.id)
                reply("error", mid, error="the server could not store this message; it was not sent", kind="ServerError")
                return
            reply("ack", mid)
            return
        if kind == "hint":  # issue 35: for the socket's own seat, to it alone
            await ws_hint(rt, client, reply, mid)
            return
        if kind not in ("act", "undo", "vote"):
            reply("error", mid, error="unknown message type (act, undo, vote, chat, hint, presence, sync, ping)")
            return
        client.seat = rt.seat_for(client.secret_hash)  # whoever holds the socket's seat secret now
        if client.seat is None:
            reply("error", mid, error="you are watching this game: only seated players can act")
            return
        seq = msg.get("seq")
        if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool) or seq < 0):
            reply("error", mid, error="seq is the game's sequence number (an integer)")
            return
        seat = msg.get("seat", client.seat)
        if seat != client.seat:
            reply("error", mid, error="you can only act for your own seat")
            return
        client.acting += 1  # its answer goes to this socket before the state the change made
        began = time.perf_counter()
        try:
            if kind == "act":
                key = msg.get("key")
                if not isinstance(key, str) or not KEY_RE.match(key):
                    reply("error", mid, error="key must be one of the option keys you were sent")
                    return
                if seq is None:
                    reply("error", mid, error="an action needs the seq it was chosen at")
                    return
                new_seq = await hub.act(rt, client.seat, key, seq, client.secret_hash, client.sessions)
                reply("ack", mid, seq=new_seq, version=rt.shown(client.seat)[1])
                hub.metrics.action("act", began)
            elif kind == "undo":
                new_seq = await hub.undo(rt, client.seat, seq, client.secret_hash, client.sessions)
                reply("ack", mid, seq=new_seq, version=rt.shown(client.seat)[1])
                hub.metrics.action("undo", began)
            else:
                target = msg.get("target")
                if not isinstance(target, int) or isinstance(target, bool):
                    reply("error", mid, error="target is a seat number")
                    return
                result = await hub.vote(rt, client.seat, target, client.secret_hash, client.sessions)
                reply("ack", mid, result=result, version=rt.shown(client.seat)[1])
                hub.metrics.action("vote", began)
        except StaleStateError as exc:
            reply("error", mid, error=str(exc), kind="StaleStateError", stale=True)
            client.sent_version = client.shown = -1
            client.wake.set()
        except GameError as exc:
            reply("error", mid, error=str(exc), kind=type(exc).__name__)
        except sessions.SessionEnded as exc:  # checked in the change's own transaction
            reply("error", mid, error=str(exc), kind="SignedOut")
            hub.close_client(client, "ended")
        except ConflictError as exc:
            reply("error", mid, error=str(exc), kind="Conflict")
        except Exception:
            log.exception("action failed on table %s", rt.id)
            reply("error", mid, error="the server could not store this action; it was not taken", kind="ServerError")
        finally:
            client.acting -= 1
            client.wake.set()

    app.mount("/static", CachedStatic(directory=WEB_DIR), name="static")
    guard = Guard(app, settings)
    guard.hub = hub
    return guard
