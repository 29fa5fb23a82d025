"""What a browser receives: only ``game.view(seat)`` (``view(None)`` for spectators),
player tokens replaced by names, plus public table information.

A state message carries the view's log outside the view, as ``log_start`` and ``log``: the
lines from number ``log_start`` on.  A socket's first state has the whole log (``log_start``
0); the next ones only the lines that socket has not had, when the log it was sent is still the
start of its audience's log (the same game, grown); else, the whole log again (``Rendered.text``).
The page puts them together again into ``view.log``.

Nothing here reads the hidden parts of a state (decks, RNG, others' offers) except to
translate the viewer's own ``unusable`` keys, which name display and green-room cards
the viewer already sees, into card ids.
"""

from __future__ import annotations

import functools
import hashlib
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import msgspec

from primetime.bots.levels import level_name
from primetime.core.decision import fill_names as render
from primetime.core.plugin import get_plugin
from primetime.server import clocks
from primetime.server.gamestate import undo_refusal
from primetime.server.statelog import Rendered, named

if TYPE_CHECKING:
    from primetime.server.runtime import Runtime
    from primetime.server.store import ChatRow, TableRow


def _option_names(game: str) -> tuple[str, ...]:
    try:
        return get_plugin(game).option_names()
    except ValueError:
        return get_plugin("networks").option_names()


def public_table(t: TableRow, replaceable: list[int], idle_after: float | None = None,
                 acted: float | None = None) -> dict[str, Any]:
    """Table facts every visitor may see (never the seed, never secrets); ``acted``: when the
    game last moved visibly (``Runtime.public_acted``), if not ``t.acted``."""
    votes: dict[int, list[int]] = {}
    for target, voter in sorted(t.votes):
        votes.setdefault(target, []).append(voter)
    return {
        "id": t.id,
        "name": t.name,
        "status": t.status,
        "game": t.game,
        "options": {k: t.options.get(k) for k in _option_names(t.game)},
        "nseats": t.nseats,
        "imported": t.imported,
        # ``replaced``: a bot plays a person's seat (the name stays theirs; they may take it back)
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot,
                   "level": level_name(s.bot) if s.bot else None, "left": s.left,
                   "replaced": s.kind == "bot" and s.user_id is not None} for s in t.seats],
        "replaceable": replaceable,
        "votes": {str(k): v for k, v in votes.items()},
        "updated": t.updated,
        "acted": t.acted if acted is None else acted,
        "idle_after": idle_after,
        "chat": {"spectators": t.spectator_chat},
        "bot_pace": t.bot_pace,
        "hints": t.hints,
        "clock": clocks.public(t.clock),
    }


_IDS: dict[int, list[str]] = {}


def card_ids(game: Any) -> list[str]:
    """Card ids by internal index (cached per catalogue)."""
    cat = game.state.cat
    got = _IDS.get(id(cat))
    if got is None:
        got = _IDS[id(cat)] = get_plugin(str(game.header["game"])).card_ids(cat)
    return got


def render_view(view: dict[str, Any], names: list[str], ids: list[str], lines: dict[str, str] | None = None,
                memo: dict[str, Any] | None = None, log: bool = True) -> dict[str, Any]:
    """Names for tokens; card ids for the keys of ``unusable``; the pilot pairs' card ids.

    ``lines`` caches rendered log lines (a table's names never change); ``memo`` is the game's own
    cache (``Runtime.memo``: what the plugin read of the log so far).  The game's own touches
    (``GamePlugin.browser_view``) come first: they read the log with its player tokens.
    ``log=False``: the log is left as it is (``LogTrack`` renders it line by line as it grows)."""
    game = view.get("game")
    if isinstance(game, str):
        get_plugin(game).browser_view(view, names, ids, memo)
    if log:
        cache = {} if lines is None else lines
        view["log"] = [named(line, names, cache) for line in view.get("log") or []]
    for p in view.get("players") or []:
        seat = p.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(names):
            p["name"] = names[seat]
    pend = view.get("pending")
    if pend:
        pend["prompt"] = render(pend.get("prompt", ""), names)
        for o in pend.get("options") or []:
            o["label"] = render(o["label"], names)
    return view


def state_messages(hub: Any, rt: Any, seats: list[int | None]) -> list[Rendered]:
    """The state message for each of ``seats`` (``None``: a spectator) of the table ``rt`` of ``hub``,
    their views made together (``Game.views``), with the version each shows (its sequence and
    version numbers leave out the steps taken behind another seat's screen: ``Runtime.shown``)."""
    t = rt.meta
    assert t is not None
    game = rt.game
    names = list(t.players or [])
    idle = hub.settings.idle_replace_after
    out = []
    for seat, view in zip(seats, game.views(seats) if game is not None else [None] * len(seats), strict=True):
        can_undo = False
        undo_why = None
        track = None
        if game is not None:
            raw = view.get("log") or []
            view = render_view(view, names, card_ids(game), rt.rendered, rt.memo, log=False)
            view.pop("log", None)
            track = rt.log_track(seat)
            track.feed(raw, names, rt.rendered)
            forfeited = list((t.clock or {}).get("forfeited") or [])
            if forfeited and isinstance(view.get("final"), dict):  # out of time, ranked last: the final scores say so
                view["final"] = clocks.ranked(view["final"], forfeited)
            if seat is not None:
                undo_why = undo_refusal(game, rt.marks, seat)
                can_undo = undo_why is None
        me: dict[str, Any] = {"seat": seat, "can_undo": can_undo, "undo_refusal": undo_why}
        if seat is not None and 0 <= seat < len(t.seats):
            me["name"] = t.seats[seat].name
            me["left"] = t.seats[seat].left
            me["votes"] = sorted(target for target, voter in t.votes if voter == seat)
            me["host"] = t.owner is not None and t.seats[seat].user_id == t.owner
        seq, version = rt.shown(seat)
        msg = {
            "type": "state",
            "version": version,
            "seq": seq,
            "ts": rt.ts,
            "sent": time.time(),
            "table": rt.table_json(lambda: public_table(t, rt.replaceable(idle), idle, rt.public_acted())),
            "me": me,
            "view": view,
        }
        head = msgspec.json.encode(msg).decode()
        out.append(Rendered(version, head) if track is None else
                   Rendered(version, head, track.lines, track.gen, len(track.lines)))
    return out


def local_presence(rt: Runtime) -> dict[str, Any]:
    """This process's sockets at the table: per seat held, how many tabs are in view and how many
    away; the users watching (by id) and the watchers without a name."""
    seats: dict[str, list[int]] = {}
    users: set[str] = set()
    anonymous = 0
    for c in list(rt.clients):
        seat = rt.seat_for(c.secret_hash)
        if seat is None:
            if c.user_id:
                users.add(c.user_id)
            else:
                anonymous += 1
        else:
            n = seats.setdefault(str(seat), [0, 0])
            n[1 if c.away else 0] += 1
    return {"seats": seats, "users": sorted(users), "anonymous": anonymous}


def presence_message(rt: Runtime, mine: dict[str, Any] | None = None, others: Iterable[dict[str, Any]] = ()) -> dict[str, Any]:
    """Who is at the table: per seat ``online`` (a socket of its holder is open and its tab
    in view), ``away`` (only hidden or idle tabs), ``offline`` (no socket), ``left`` (gave up
    the game), ``bot`` (played by a bot, whoever sat there before) or ``open``; and how many
    people watch.  ``mine``: this process's sockets (``local_presence``), ``others``: those of the
    other workers of this machine."""
    t = rt.meta
    assert t is not None
    parts = [mine if mine is not None else local_presence(rt), *others]
    online: dict[int, int] = {}
    away: dict[int, int] = {}
    users: set[str] = set()
    anonymous = 0
    for part in parts:
        for seat, (n_on, n_away) in (part.get("seats") or {}).items():
            online[int(seat)] = online.get(int(seat), 0) + int(n_on)
            away[int(seat)] = away.get(int(seat), 0) + int(n_away)
        users.update(part.get("users") or [])
        anonymous += int(part.get("anonymous") or 0)
    seats = []
    for s in t.seats:
        if s.kind != "human":
            state = s.kind  # "bot" or "open"
        elif s.left:
            state = "left"
        else:
            state = "online" if online.get(s.seat) else "away" if away.get(s.seat) else "offline"
        seats.append({"seat": s.seat, "state": state})
    return {"type": "presence", "seats": seats, "watching": len(users) + anonymous}


def chat_writer(table_id: str, user_id: str) -> str:
    """A writer's code at a table: the same for the same user there, telling nothing of who they are elsewhere."""
    return hashlib.sha256(f"{table_id}:{user_id}".encode()).hexdigest()[:12]


def chat_message(table_id: str, rows: list[ChatRow], history: bool = False, you: str | None = None) -> dict[str, Any]:
    """Chat messages as browsers receive them: number, time, name, seat (None: a spectator),
    text, and ``from``, the same short code for the same writer at this table (for muting;
    it does not tell who they are elsewhere).  ``history``: the catch-up sent on connecting,
    with ``you``, the code of the user it is sent to (None: a visitor without a name)."""
    out: dict[str, Any] = {"type": "chat", "history": history,
                           "messages": [{"seq": r.seq, "at": r.at, "name": r.name, "seat": r.seat,
                                         "from": chat_writer(table_id, r.user_id), "text": r.text} for r in rows]}
    if history:
        out["you"] = chat_writer(table_id, you) if you else None
    return out


@functools.lru_cache(maxsize=8)
def catalogue_json(card_set: str = "base", game: str = "networks") -> bytes:
    """Every card of ``game`` with its words (for tooltips), without server paths."""
    return get_plugin(game).browser_catalogue(card_set)
