"""The Networks: Primetime as a core :class:`~primetime.core.game.Ruleset`.

Adds readable labels, prompts, per-player views (:mod:`primetime.games.networks.views`) and
option validation on top of the rules in :mod:`primetime.games.networks.rules`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from primetime.core.decision import Decision, Option
from primetime.games.networks import tables as TB
from primetime.games.networks.cards import (
    DATA_DIR,
    Catalogue,
    default_catalogue,
    load_catalogue,
    telly_catalogue,
)
from primetime.games.networks.rules import determinize as D
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import setup as SU
from primetime.games.networks.state import NetState
from primetime.games.networks.views import info, label, prompt, unusable_reasons, view, views

DEFAULTS: dict[str, Any] = {"pilot": "normal", "turn_order": "fixed", "first_player": None, "card_set": "base"}
CHOICES = {"pilot": ("normal", "simplified"), "turn_order": ("fixed", "low_to_high")}
# Expansion modules (NET-OPT-03): off by default and then left out of the options, so that a game
# without them (its state, record and views) is exactly as before the module existed.
MODULES: dict[str, bool] = {"telly_time": False, "moguls": False, "executives": False}


def catalogue_for(card_set: str, telly: bool = False) -> Catalogue:
    """The cards of ``card_set`` ("base" or a folder), with Telly Time's cards and boards if ``telly``."""
    if card_set in ("", "base", str(DATA_DIR)):
        return telly_catalogue() if telly else default_catalogue()
    return _load_set(card_set, telly)


_SETS: dict[tuple[str, bool], Catalogue] = {}


def _load_set(path: str, telly: bool = False) -> Catalogue:
    if (path, telly) not in _SETS:
        _SETS[path, telly] = load_catalogue(Path(path), telly=telly)
    return _SETS[path, telly]


def options_catalogue(opts: dict[str, Any]) -> Catalogue:
    return catalogue_for(str(opts.get("card_set", "base")), bool(opts.get("telly_time")))


class NetworksRuleset:
    name = "networks"
    min_players = 1
    max_players = 5

    # ------------------------------------------------------------------ lifecycle
    def default_options(self) -> dict[str, Any]:
        return {**DEFAULTS, **MODULES}

    def validate_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        if not 1 <= players <= 5:
            raise ValueError(f"The Networks is played by 1 to 5 players, not {players}")
        unknown = set(options) - set(DEFAULTS) - set(MODULES) - {"log"}
        if unknown:
            raise ValueError(f"unknown option(s) {sorted(unknown)}; known: {sorted([*DEFAULTS, *MODULES])}")
        out = {**DEFAULTS, **options}
        for k in MODULES:
            if not isinstance(out.get(k, False), bool):
                raise ValueError(f"option {k}={out[k]!r}: true or false")
            if not out.get(k, False):
                out.pop(k, None)
        for k, allowed in CHOICES.items():
            if out[k] not in allowed:
                raise ValueError(f"option {k}={out[k]!r}: choose one of {', '.join(allowed)}")
        if out["turn_order"] == "low_to_high" and players == 1:
            raise ValueError("the Low to High turn order (Classic Turns) is for multiplayer games")
        fp = out["first_player"]
        if fp is not None and not (isinstance(fp, int) and 0 <= fp < max(2, players)):
            raise ValueError(f"option first_player={fp!r}: a seat number from 0 to {max(2, players) - 1}")
        cat = options_catalogue(out)  # fail early on a bad card set
        if out.get("moguls") and cat.moguls is None:
            raise ValueError(f"the card set {out['card_set']!r} has no Moguls (moguls.toml): the Moguls module cannot be used with it")
        return out

    def new_state(self, options: dict[str, Any], seed: int, players: int) -> NetState:
        return SU.new_state(options_catalogue(options), options, seed, players)

    def clone(self, state: NetState) -> NetState:
        return state.clone()

    def to_json(self, state: NetState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> NetState:
        cat = options_catalogue(data["opts"])
        TB.tables(cat)
        return NetState.from_json(data, cat)

    # ------------------------------------------------------------------ decisions
    # The rules' functions themselves (no wrapper call on the hot path of bots and benchmarks).
    current_player = staticmethod(F.current_player)
    legal_keys = staticmethod(F.legal)
    apply_key = staticmethod(F.apply)
    is_over = staticmethod(F.is_over)
    # Simultaneous decisions (Pilot Season, the Executive choice): every pending player, and one player's keys and answer.
    pending_players = staticmethod(F.pending_players)
    legal_keys_for = staticmethod(F.legal_for)
    apply_key_for = staticmethod(F.apply_for)

    def focus(self, state: NetState, player: int) -> bool:
        """Make ``player``'s pending step the one on top (the state stays equivalent: simultaneous
        steps commute); False if ``player`` has no pending decision."""
        return F.bring_forward(state, player) >= 0

    def scores(self, state: NetState) -> list[int]:
        if state.final is not None:
            return [r["total"] for r in state.final["players"]]
        return [sum(p.scores) for p in state.players]

    def result(self, state: NetState) -> dict[str, Any]:
        return dict(state.final or {})

    def decision(self, state: NetState, player: int | None = None) -> Decision | None:
        """The pending decision (of ``player`` if given: None if that player has none)."""
        if not state.stack:
            return None
        if player is not None and state.stack[-1][1] != player:
            if player not in F.pending_players(state):
                return None
            state = state.clone()
            F.bring_forward(state, player)
        top = state.stack[-1]
        p = int(top[1])
        keys = F.legal(state)
        return Decision(p, str(top[0]), prompt(state, top), tuple(Option(k, label(state, top, k), info(state, k)) for k in keys))

    def explain_illegal(self, state: NetState, key: str, player: int | None = None) -> str:
        if not state.stack:
            return "the game is over"
        if player is not None and state.stack[-1][1] != player:
            state = state.clone()
            F.bring_forward(state, player)
        top = state.stack[-1]
        reason = unusable_reasons(state, int(top[1])).get(key) if top[0] == "turn" else None
        legal = F.legal(state)
        shown = ", ".join(legal[:12]) + (" ..." if len(legal) > 12 else "")
        return f"{key!r} is not a legal option now" + (f": {reason}" if reason else "") + f" (legal: {shown})"

    # ------------------------------------------------------------------ views
    def view(self, state: NetState, viewer: int | None) -> dict[str, Any]:
        return view(state, viewer)

    def views(self, state: NetState, viewers: list[int | None]) -> list[dict[str, Any]]:
        """``view`` for several viewers at once (what they all see is built once)."""
        return views(state, viewers)

    def determinize(self, state: NetState, viewer: int, rng: Any) -> NetState:
        """Resample what ``viewer`` cannot see (for search bots)."""
        return D.determinize(state, viewer, rng)
