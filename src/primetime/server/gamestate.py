"""A stored table's live game: rebuilt from its record, with what undo needs to know.

For each accepted action we remember who took it and whether it revealed anything
(a card drawn, a deck reshuffled, a new round dealt, pilot choices turned face up).  An
undo is only offered for the acting seat's own last, non-revealing step while it is still
that seat's decision; it is done by replaying the record without that step.

We also remember whether a step was *screened*: taken behind a screen (Prime Time's
Simultaneous Scheduling), so that it changed nothing anyone but its actor may see.  The
other seats and the spectators are not told of such steps at all, not even that the step
count moved (see ``Runtime.offset``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from primetime.core.game import Game, split_action
from primetime.core.reveal import fingerprint
from primetime.server.store import TableRow


@dataclass(frozen=True, slots=True)
class Mark:
    seat: int
    reveals: bool
    screened: bool = False  # nothing visible to the other seats changed
    simultaneous: bool = False  # one answer of a simultaneous decision that others were still to give


def apply_tracked(game: Game[Any], seat: int | None, key: str, expected_seq: int | None = None) -> Mark:
    """Apply ``key`` for ``seat`` (None: the first pending player; checked by the engine) and say
    whether it revealed anything."""
    waiting = game.pending_players()
    actor = seat if seat is not None else game.current_player()
    before = fingerprint(game.state)
    # a game with screens (a ``screen`` attribute that is set) may take steps nobody else sees:
    # a step is screened when the spectators' view is the same after it
    public = game.view(None) if getattr(game.state, "screen", None) is not None else None
    game.apply(seat, key, expected_seq)
    screened = public is not None and game.view(None) == public
    return mark(int(actor) if actor is not None else -1, fingerprint(game.state) != before, screened, len(waiting) > 1)


@functools.cache
def mark(seat: int, reveals: bool, screened: bool = False, simultaneous: bool = False) -> Mark:
    """The ``Mark`` with these fields, one shared object for each (marks are frozen): a table keeps one
    mark per step for as long as it is loaded, and a server holding many tables would otherwise
    carry hundreds of thousands of small objects for the garbage collector to walk again and again."""
    return Mark(seat, reveals, screened, simultaneous)


def apply_entry_tracked(game: Game[Any], entry: str) -> Mark:
    """Apply one stored action (a record's entry: a bare key or ``"@<seat>:<key>"``)."""
    seat, key = split_action(entry)
    return apply_tracked(game, seat, key)


def build_game(t: TableRow, actions: list[tuple[int, str, int]]) -> tuple[Game[Any], list[Mark]]:
    """Rebuild a table's game from its header and actions."""
    game = Game.new(t.game, list(t.players or []), t.seed, dict(t.options))
    marks = []
    for i, (seq, key, _seat) in enumerate(actions):
        if seq != i:
            raise ValueError(f"table {t.id}: action {i} is stored as number {seq}")
        marks.append(apply_entry_tracked(game, key))
    return game, marks


def unseen_by(marks: list[Mark], since: int, seat: int) -> bool:
    """Whether every step from ``since`` on was another seat's answer to a simultaneous decision
    that ``seat`` is still to answer: none of them changed ``seat``'s own choice, so an answer
    ``seat`` made against step ``since`` still stands."""
    tail = marks[since:]
    return bool(tail) and all(m.simultaneous and m.seat != seat for m in tail)


def undo_refusal(game: Game[Any] | None, marks: list[Mark], seat: int) -> str | None:
    """Why ``seat`` may not undo now (None: it may)."""
    if game is None or game.is_over():
        return "the game is not in progress"
    if not marks or game.seq == 0:
        return "there is nothing to undo"
    if seat not in game.pending_players():
        return "you can only undo during your own turn"
    last = marks[-1]
    if last.seat != seat:
        return "the last step was not yours"
    if last.reveals:
        return "your last step revealed new information (a card was drawn or turned over), so it cannot be taken back"
    return None
