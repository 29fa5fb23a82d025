"""Game-agnostic parts of the invariants a game checks about itself (never called by an engine).

Each game's ``invariants`` module (reached through its plugin: ``GamePlugin.invariants``,
``option_checks`` and ``hidden_checks``) says what must always hold in one of its states; the
two checks here work the same way for every game and are handed the game's own pieces:

* :func:`option_problems`: every offered option can be completed.  For each legal key the
  key is applied to a clone, and then *some* legal continuation by the same player (found
  breadth-first, within ``bound`` applied keys, never using ``abort``) reaches a decision
  that is not one of the player's follow-up steps (``follow_ups``), a decision of another
  player, or the end of the game.  A key whose every continuation runs into a decision
  offering nothing (or only ``abort``) is a violation; the game's state invariants are also
  checked on the state right after each key, so an option that breaks one is named.
* :func:`hidden_problems`: what one seat sees does not depend on what it cannot see.  The
  game builds a *variant* of the state in which only the hidden parts are changed (re-dealt
  consistently) and a *projection* of what the seat may know (hidden parts in a canonical
  arrangement).  The seat's view must be the same in both states, and the ruleset's
  determinization for the seat, from either state, must keep everything the seat may know
  (its projection) and every card in exactly one place.

Problems are short texts that name the invariant first (``"cards: ..."``), then the problem
and, where it helps, the rule it breaks.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from primetime.core.rng import Rng

# The invariants by name (a problem's text starts with its name), as ``primetime check --skip`` knows them.
NAMES: dict[str, str] = {
    "cards": "every card (and cube, token) in exactly one place",
    "slots": "no show holds more than its slots take; required slots stay filled (The Networks)",
    "guide": "a TV Guide holds only what the schedule rules allow (Prime Time)",
    "cash": "cash never negative",
    "scores": "scores are the sum of their parts",
    "completable": "every offered option can be completed without abort",
    "replace": "every offered Add/Replace keeps all attachments on legal slots (The Networks)",
    "order": "the options do not depend on the order of a green room (The Networks)",
    "telly": "the Weekend slot, the Genre Grid and the Quiz spend keep their rules (The Networks' Telly Time)",
    "hidden": "views and determinizations do not depend on what a seat cannot see",
    "crash": "the engine raises no error and every game ends",
}
ABORT = "abort"  # a production's safety exit: never a continuation that counts
SEARCH_BOUND = 300  # keys applied at most while looking for one way to complete an option
# Keys that end a step, tried first (the search stops at the first way through).
ENDING = ("done", "end", "stop", "skip", "no", "rotate", "pass", "slot", "take", "keep")

StateCheck = Callable[[Any, Any], list[str]]  # (ruleset, state) -> problems
KeyCheck = Callable[[Any, Any, str, Any], list[str]]  # (ruleset, state, key, state after the key) -> problems


def _ending_first(keys: Iterable[str]) -> list[str]:
    return sorted(keys, key=lambda k: 0 if k.split(":", 1)[0] in ENDING else 1)


def option_problems(
    ruleset: Any,
    state: Any,
    follow_ups: frozenset[str],
    kind: Callable[[Any], str],
    state_check: StateCheck | None = None,
    key_check: KeyCheck | None = None,
    bound: int = SEARCH_BOUND,
    rule: str = "",
) -> list[tuple[str, str]]:
    """``(key, problem)`` for every offered option of the pending decision that cannot be completed,
    or whose state right after it breaks an invariant (``state_check``, ``key_check``); ``rule`` names
    the rule an option that cannot be completed breaks."""
    if ruleset.is_over(state):
        return []
    keys = ruleset.legal_keys(state)
    if not keys:
        return [("", f"completable: the decision {kind(state)!r} of player {ruleset.current_player(state)} offers no option")]
    player = ruleset.current_player(state)
    out: list[tuple[str, str]] = []
    if keys == [ABORT]:
        return [(ABORT, f"completable: the decision {kind(state)!r} offers only {ABORT!r} (a dead end)")]
    for key in keys:
        if key == ABORT:
            continue
        child = ruleset.clone(state)
        try:
            ruleset.apply_key(child, key)
        except Exception as exc:  # an offered key must apply
            out.append((key, f"completable: applying the offered key raises {type(exc).__name__}: {exc}"))
            continue
        problems = state_check(ruleset, child) if state_check is not None else []
        if key_check is not None:
            problems += key_check(ruleset, state, key, child)
        out += [(key, problem) for problem in problems]
        verdict = completes(ruleset, child, player, follow_ups, kind, bound)
        if verdict is False:
            out.append((key, f"completable: every continuation of {key!r} by player {player} dead-ends in a decision "
                             f"offering nothing or only {ABORT!r}" + (f" ({rule})" if rule else "")))
    return out


def completes(ruleset: Any, state: Any, player: int | None, follow_ups: frozenset[str], kind: Callable[[Any], str],
              bound: int = SEARCH_BOUND) -> bool | None:
    """Whether some continuation of ``state`` by ``player`` gets past their follow-up steps without ``abort``:
    True (found), False (none exists: every path dead-ends), None (not decided within ``bound`` keys)."""

    def through(s: Any) -> bool:
        return bool(ruleset.is_over(s) or ruleset.current_player(s) != player or kind(s) not in follow_ups)

    if through(state):
        return True if ruleset.is_over(state) or ruleset.legal_keys(state) else False
    frontier = deque([state])
    applied = 0
    while frontier:
        s = frontier.popleft()
        for key in _ending_first(k for k in ruleset.legal_keys(s) if k != ABORT):
            applied += 1
            if applied > bound:
                return None
            nxt = ruleset.clone(s)
            ruleset.apply_key(nxt, key)
            if through(nxt):
                if ruleset.is_over(nxt) or ruleset.legal_keys(nxt):
                    return True
                continue  # a decision with nothing to choose: a dead end
            frontier.append(nxt)
    return False


# ----------------------------------------------------------------------------- hidden information


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The path of the first place where two JSON-like values differ, or None if they are equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}.{k}" if path else str(k)
            d = first_difference(a[k], b[k], f"{path}.{k}" if path else str(k))
            if d is not None:
                return d
        return None
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        if len(a) != len(b):
            return f"{path} (length {len(a)} vs {len(b)})"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d is not None:
                return d
        return None
    return None if a == b else (path or "(the whole value)")


def _text(x: Any) -> str:
    """JSON text with sorted keys, so that tuples and lists compare alike."""
    return json.dumps(x, sort_keys=True)


def _where(a: str, b: str) -> str | None:
    """None if the two JSON texts are equal, else the path of their first difference."""
    if a == b:
        return None
    return first_difference(json.loads(a), json.loads(b)) or "(the whole value)"


def hidden_problems(
    ruleset: Any,
    state: Any,
    seat: int,
    seed: int,
    variant: Callable[[Any, int, Rng], Any],
    projection: Callable[[Any, int], dict[str, Any]],
    cards: StateCheck,
) -> list[str]:
    """Problems of hidden information for ``seat`` (see the module docstring); ``seed`` drives the
    variant and the determinizations."""
    rng = Rng(seed)
    known = _text(projection(state, seat))
    other = variant(state, seat, rng)
    where = _where(known, _text(projection(other, seat)))
    if where is not None:  # the variant must change nothing the seat may know: a fault of the check itself
        raise AssertionError(f"the hidden-information variant for seat {seat} changed what the seat may know at {where}")
    where = _where(_text(ruleset.view(state, seat)), _text(ruleset.view(other, seat)))
    if where is not None:
        return [f"hidden: the view of seat {seat} changes when only what seat {seat} cannot see changes, at {where}"]
    k = rng.next64()
    out: list[str] = []
    for label, s in (("", state), (" of a state differing only in what the seat cannot see", other)):
        d = ruleset.determinize(s, seat, Rng(k))
        lost = cards(ruleset, d)
        if lost:
            out.append(f"hidden: the determinization for seat {seat}{label} breaks an invariant: {lost[0]}")
            break
        where = _where(known, _text(projection(d, seat)))
        if where is not None:
            out.append(f"hidden: the determinization for seat {seat}{label} changes what seat {seat} may know, at {where}")
            break
    return out
