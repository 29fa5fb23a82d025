"""What a browser receives: only ``game.view(seat)`` (``view(None)`` for spectators),
player tokens replaced by names, plus public table information.

Nothing here reads the hidden parts of a state (decks, RNG, others' offers) except to
translate the viewer's own ``unusable`` keys, which name display and green-room cards
the viewer already sees, into card ids.
"""

from __future__ import annotations

import functools
import time
from typing import TYPE_CHECKING, Any

import msgspec

from primetime.games.networks.ruleset import render
from primetime.server.gamestate import undo_refusal
from primetime.server.hub import GAMES

if TYPE_CHECKING:
    from primetime.server.hub import Hub, Runtime
    from primetime.server.store import TableRow


def public_table(t: TableRow, replaceable: list[int], idle_after: float | None = None) -> dict[str, Any]:
    """Table facts every visitor may see (never the seed, never secrets)."""
    votes: dict[int, list[int]] = {}
    for target, voter in sorted(t.votes):
        votes.setdefault(target, []).append(voter)
    return {
        "id": t.id,
        "name": t.name,
        "status": t.status,
        "game": t.game,
        "options": {k: t.options.get(k) for k in GAMES.get(t.game, GAMES["networks"])["options"]},
        "nseats": t.nseats,
        "imported": t.imported,
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot, "left": s.left} for s in t.seats],
        "replaceable": replaceable,
        "votes": {str(k): v for k, v in votes.items()},
        "updated": t.updated,
        "acted": t.acted,
        "idle_after": idle_after,
    }


_IDS: dict[int, list[str]] = {}


def card_ids(game: Any) -> list[str]:
    """Card ids by internal index (cached per catalogue)."""
    cat = game.state.cat
    got = _IDS.get(id(cat))
    if got is None:
        # The Networks' catalogue lists card objects; Prime Time's keeps the ids themselves.
        got = _IDS[id(cat)] = [c.id for c in cat.cards] if hasattr(cat, "cards") else list(cat.ids)
    return got


def render_view(view: dict[str, Any], names: list[str], ids: list[str], lines: dict[str, str] | None = None) -> dict[str, Any]:
    """Names for tokens; card ids for the keys of ``unusable``; the pilot pairs' card ids.

    ``lines`` caches rendered log lines (a table's names never change)."""
    if lines is None:
        view["log"] = [render(line, names) for line in view.get("log") or []]
    else:
        out = []
        for line in view.get("log") or []:
            r = lines.get(line)
            if r is None:
                r = lines[line] = render(line, names)
            out.append(r)
        view["log"] = out
    for p in view.get("players") or []:
        seat = p.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(names):
            p["name"] = names[seat]
    pend = view.get("pending")
    if pend:
        pend["prompt"] = render(pend.get("prompt", ""), names)
        for o in pend.get("options") or []:
            o["label"] = render(o["label"], names)
            head, _, rest = o["key"].partition(":")
            if head == "keep" and view.get("game") != "prime-time":  # Prime Time's keep names a card id
                try:
                    o["cards"] = [ids[int(x)] for x in rest.split(",")]
                except (ValueError, IndexError):
                    pass
        unusable = pend.get("unusable") if view.get("game") != "prime-time" else None
        if unusable:
            by_card: dict[str, str] = {}
            for key, reason in unusable.items():
                parts = key.split(":")
                if len(parts) >= 2 and parts[1].isdigit() and int(parts[1]) < len(ids):
                    by_card[ids[int(parts[1])]] = render(reason, names)
            pend["unusable"] = by_card
    return view


def state_message(hub: Hub, rt: Runtime, seat: int | None) -> str:
    t = rt.meta
    assert t is not None
    game = rt.game
    view = None
    can_undo = False
    undo_why = None
    if game is not None:
        view = render_view(game.view(seat), list(t.players or []), card_ids(game), rt.rendered)
        if seat is not None:
            undo_why = undo_refusal(game, rt.marks, seat)
            can_undo = undo_why is None
    replaceable = rt.replaceable(hub.settings.idle_replace_after)
    me: dict[str, Any] = {"seat": seat, "can_undo": can_undo, "undo_refusal": undo_why}
    if seat is not None and 0 <= seat < len(t.seats):
        me["name"] = t.seats[seat].name
        me["left"] = t.seats[seat].left
        me["votes"] = sorted(target for target, voter in t.votes if voter == seat)
        me["host"] = t.owner is not None and t.seats[seat].user_id == t.owner
    msg = {
        "type": "state",
        "version": t.version,
        "seq": game.seq if game is not None else 0,
        "ts": rt.ts,
        "sent": time.time(),
        "table": public_table(t, replaceable, hub.settings.idle_replace_after),
        "me": me,
        "view": view,
    }
    return msgspec.json.encode(msg).decode()


@functools.lru_cache(maxsize=4)
def catalogue_json(card_set: str = "base", game: str = "networks") -> bytes:
    """Every card with its words (for tooltips), without server paths."""
    if game == "prime-time":
        return prime_time_catalogue_json()
    from primetime.games.networks.ruleset import card_text, catalogue_for

    cat = catalogue_for(card_set)
    raw = cat.to_json()
    cards: dict[str, Any] = {}
    for group in ("shows", "stars", "ads", "networks"):
        for c in raw.get(group, []):
            entry = dict(c)
            entry["kind"] = {"shows": "show", "stars": "star", "ads": "ad", "networks": "network"}[group]
            try:
                entry["words"] = card_text(cat, c["id"])
            except Exception:
                entry["words"] = c.get("name", c["id"])
            cards[c["id"]] = entry
    out = {"cards": cards, "board": raw.get("board"), "solo": raw.get("solo")}
    return msgspec.json.encode(out)


def prime_time_catalogue_json() -> bytes:
    """Prime Time's cards by id with their words: shows, talents, clients, boardroom cards, the Re-Run."""
    from primetime.games.prime_time.cards import default_catalogue
    from primetime.games.prime_time.ruleset import card_text

    cat = default_catalogue()
    raw = cat.to_json()
    cards: dict[str, Any] = {}
    for group, kind in (("shows", "show"), ("talents", "talent"), ("clients", "client"), ("boardroom", "boardroom"),
                        ("characters", "character")):
        for c in raw.get(group) or []:
            if not isinstance(c, dict) or "id" not in c:
                continue
            entry = dict(c)
            entry["kind"] = kind
            words = c.get("name", c["id"])
            if kind in ("show", "talent"):
                try:
                    words = card_text(cat, c["id"])
                except Exception:
                    pass
            entry["words"] = words
            cards[c["id"]] = entry
    rerun = raw.get("rerun")
    if isinstance(rerun, dict):
        cards["rerun"] = {**rerun, "id": "rerun", "kind": "rerun", "words": rerun.get("name", "Re-Run")}
    return msgspec.json.encode({"game": "prime-time", "cards": cards})
