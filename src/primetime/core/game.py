"""Game facade, ruleset protocol, records and replay (the games themselves are found through :mod:`primetime.core.plugin`).

Every game (The Networks, Prime Time) implements :class:`Ruleset` over its own state
type.  Everything outside the engines (bots, CLI, server, RL adapters) goes through this
one API: ``pending()`` / ``apply()`` / ``view()`` / ``record()``.

**Simultaneous decisions.**  Some decisions are made by several players at once (each keeps a
private choice): ``pending_players`` lists everyone who may answer now, the first of them
being ``current_player`` (so that loops using only ``current_player`` / ``legal_keys`` /
``apply_key`` still play every game), and any of them may answer first, in any order, with the
same result.  A record stores an answer as its bare key when it was the first pending player's,
and as ``"@<seat>:<key>"`` (seat numbered from 0) otherwise (:func:`action_entry`,
:func:`split_action`); records of format 1 (bare keys only) still load and replay.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Generic, Protocol, TypeVar

from primetime.core.decision import Decision
from primetime.core.errors import (
    GameOverError,
    IllegalOptionError,
    NotYourDecisionError,
    RecordError,
    StaleStateError,
)
from primetime.core.plugin import get_plugin

FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)  # 1: every action is a bare key; 2: adds "@<seat>:<key>" answers out of turn

S = TypeVar("S")


class Ruleset(Protocol[S]):
    """What a game provides to the core.  ``apply_key`` is only called with legal keys."""

    name: str

    def default_options(self) -> dict[str, Any]: ...
    def validate_options(self, options: dict[str, Any], players: int) -> dict[str, Any]: ...
    def new_state(self, options: dict[str, Any], seed: int, players: int) -> S: ...
    def current_player(self, state: S) -> int | None: ...
    def legal_keys(self, state: S) -> list[str]: ...
    def apply_key(self, state: S, key: str) -> None: ...
    def decision(self, state: S, player: int | None = None) -> Decision | None: ...
    def explain_illegal(self, state: S, key: str, player: int | None = None) -> str: ...
    # Simultaneous decisions: everyone who may answer now (``current_player`` first), one player's
    # legal keys, and one player's answer (only called with a key legal for that pending player).
    def pending_players(self, state: S) -> list[int]: ...
    def legal_keys_for(self, state: S, player: int) -> list[str]: ...
    def apply_key_for(self, state: S, player: int, key: str) -> None: ...
    def focus(self, state: S, player: int) -> bool: ...
    def is_over(self, state: S) -> bool: ...
    def scores(self, state: S) -> list[int]: ...
    def result(self, state: S) -> dict[str, Any]: ...
    def view(self, state: S, viewer: int | None) -> dict[str, Any]: ...
    # A ruleset may also have ``views(state, viewers) -> list of views``: ``view`` for several viewers at
    # once, what they all see built once (``Game.views``; the server renders a state for every audience).
    def to_json(self, state: S) -> dict[str, Any]: ...
    def from_json(self, data: dict[str, Any]) -> S: ...
    def clone(self, state: S) -> S: ...


def action_entry(player: int | None, first: int | None, key: str) -> str:
    """How a record stores ``key`` answered by ``player`` when ``first`` is the first pending player."""
    return key if player is None or player == first else f"@{player}:{key}"


def split_action(entry: str) -> tuple[int | None, str]:
    """(player, key) of a record's action: player None for a bare key (the first pending player's)."""
    if entry.startswith("@"):
        seat, sep, key = entry[1:].partition(":")
        if sep and seat.isdigit():
            return int(seat), key
    return None, entry


def choice_points(rs: Any, state: Any, limit: int | None = None) -> Iterator[tuple[int, list[str]]]:
    """The real choices of a game played on ``state``: yields ``(player, keys)`` at every decision
    with more than one option, after applying the forced ones (a single option) itself, until the
    game is over or ``limit`` choices have been yielded.  The caller applies its key
    (``rs.apply_key``) before asking for the next one."""
    n = 0
    while not rs.is_over(state) and (limit is None or n < limit):
        keys = rs.legal_keys(state)
        if len(keys) == 1:
            rs.apply_key(state, keys[0])
            continue
        n += 1
        yield rs.current_player(state), keys


def get_ruleset(name: str) -> Any:
    """A new ruleset of the game called ``name`` (``networks``, ``prime-time``), from its plugin."""
    return get_plugin(name).ruleset()


class Game(Generic[S]):
    """A live game: ruleset + state + the list of accepted action keys."""

    def __init__(self, ruleset: Any, state: S, header: dict[str, Any], actions: list[str] | None = None):
        self.ruleset = ruleset
        self.state = state
        self.header = header
        self.actions: list[str] = actions if actions is not None else []

    @classmethod
    def new(
        cls,
        game: str,
        players: int | list[str],
        seed: int = 0,
        options: dict[str, Any] | None = None,
    ) -> Game[Any]:
        rs = get_ruleset(game)
        names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
        opts = rs.validate_options(dict(options or {}), len(names))
        state = rs.new_state(opts, seed, len(names))
        header = {"game": game, "options": opts, "seed": seed, "players": names}
        return cls(rs, state, header)

    @property
    def seq(self) -> int:
        """Sequence number: how many actions have been accepted."""
        return len(self.actions)

    @property
    def players(self) -> list[str]:
        return list(self.header["players"])

    def pending(self, player: int | None = None) -> Decision | None:
        """The pending decision: the first pending player's, or ``player``'s (None if it has none)."""
        if player is None:
            return self.ruleset.decision(self.state)  # type: ignore[no-any-return]
        return self.ruleset.decision(self.state, player)  # type: ignore[no-any-return]

    def legal_keys(self, player: int | None = None) -> list[str]:
        """The legal keys of the first pending player, or of ``player`` ([] if it has no decision)."""
        if player is None:
            return self.ruleset.legal_keys(self.state)  # type: ignore[no-any-return]
        return self.ruleset.legal_keys_for(self.state, player)  # type: ignore[no-any-return]

    def current_player(self) -> int | None:
        """The first pending player (None once the game is over)."""
        return self.ruleset.current_player(self.state)  # type: ignore[no-any-return]

    def pending_players(self) -> list[int]:
        """Everyone who may answer now; more than one during a simultaneous decision."""
        return self.ruleset.pending_players(self.state)  # type: ignore[no-any-return]

    def is_over(self) -> bool:
        return bool(self.ruleset.is_over(self.state))

    def check(self, player: int | None, key: str, expected_seq: int | None = None) -> None:
        """Raise the typed error ``apply`` would raise, without changing anything."""
        rs = self.ruleset
        if rs.is_over(self.state):
            raise GameOverError("the game is over; no decision is pending")
        cur = rs.current_player(self.state)
        if player is not None and player != cur:
            waiting = rs.pending_players(self.state)
            if player not in waiting:
                names = self.header["players"]
                who = " or ".join(f"{names[q]}'s" if 0 <= q < len(names) else f"player {q}'s" for q in waiting)
                raise NotYourDecisionError(f"it is {who} decision, not player {player}'s")
        if expected_seq is not None and expected_seq != self.seq:
            raise StaleStateError(f"action made against version {expected_seq}, but the game is at version {self.seq}")
        if player is None or player == cur:
            if key not in rs.legal_keys(self.state):
                raise IllegalOptionError(rs.explain_illegal(self.state, key))
        elif key not in rs.legal_keys_for(self.state, player):
            raise IllegalOptionError(rs.explain_illegal(self.state, key, player))

    def apply(self, player: int | None, key: str, expected_seq: int | None = None) -> int:
        """Apply ``key`` for ``player`` (None = the first pending player; during a simultaneous
        decision any pending player).  Returns the new sequence number."""
        self.check(player, key, expected_seq)
        cur = self.ruleset.current_player(self.state)
        if player is None or player == cur:
            self.ruleset.apply_key(self.state, key)
        else:
            self.ruleset.apply_key_for(self.state, player, key)
        self.actions.append(action_entry(player, cur, key))
        return self.seq

    def apply_entry(self, entry: str) -> int:
        """Apply one action of a record (a bare key or ``"@<seat>:<key>"``)."""
        player, key = split_action(entry)
        return self.apply(player, key)

    def view(self, viewer: int | None) -> dict[str, Any]:
        return self.ruleset.view(self.state, viewer)  # type: ignore[no-any-return]

    @property
    def shares_views(self) -> bool:
        """Whether the views of several viewers cost little more than one (the ruleset has ``views``)."""
        return hasattr(self.ruleset, "views")

    def views(self, viewers: list[int | None]) -> list[dict[str, Any]]:
        """``view(v)`` for each ``v`` of ``viewers`` (they may share the objects that are the same in all)."""
        many = getattr(self.ruleset, "views", None)
        if many is not None:
            return many(self.state, viewers)  # type: ignore[no-any-return]
        return [self.view(v) for v in viewers]

    def result(self) -> dict[str, Any]:
        return self.ruleset.result(self.state)  # type: ignore[no-any-return]

    def record(self) -> dict[str, Any]:
        return {"format_version": FORMAT_VERSION, **self.header, "actions": list(self.actions)}

    def to_json(self) -> dict[str, Any]:
        return self.ruleset.to_json(self.state)  # type: ignore[no-any-return]


def load_record(text: str) -> dict[str, Any]:
    """Parse and check the shape of a record; errors say what is wrong."""
    try:
        rec = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc}") from None
    if not isinstance(rec, dict):
        raise RecordError("a record must be a JSON object")
    for field, typ in (("format_version", int), ("game", str), ("seed", int), ("players", list), ("actions", list)):
        if field not in rec:
            raise RecordError(f"field {field!r} is missing")
        if not isinstance(rec[field], typ):
            raise RecordError(f"field {field!r} must be a {typ.__name__}")
    if rec["format_version"] not in READABLE_VERSIONS:
        readable = " and ".join(str(v) for v in READABLE_VERSIONS)
        raise RecordError(f"format_version {rec['format_version']} is not supported (this version reads {readable})")
    if not isinstance(rec.get("options", {}), dict):
        raise RecordError("field 'options' must be an object")
    return rec


def replay_record(rec: dict[str, Any], upto: int | None = None) -> Game[Any]:
    """Rebuild a game from its record; an illegal action raises RecordError naming its index."""
    try:
        game = Game.new(rec["game"], list(rec["players"]), int(rec["seed"]), dict(rec.get("options") or {}))
    except (ValueError, TypeError, KeyError) as exc:
        raise RecordError(f"cannot start the recorded game: {exc}") from None
    actions = rec["actions"] if upto is None else rec["actions"][:upto]
    for i, key in enumerate(actions):
        if not isinstance(key, str):
            raise RecordError(f"action {i}: {key!r} is not a string key")
        try:
            game.apply_entry(key)
        except (GameOverError, IllegalOptionError, NotYourDecisionError) as exc:
            raise RecordError(f"action {i} ({key!r}) cannot be applied: {exc}") from None
    return game
