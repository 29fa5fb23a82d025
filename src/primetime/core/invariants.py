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
from collections.abc import Callable, Iterable, Sequence
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
    "replay": "a finished game replayed from its seed and actions ends in the same state",
    "crash": "the engine raises no error and every game ends",
}
ABORT = "abort"  # a production's safety exit: never a continuation that counts
SEARCH_BOUND = 300  # keys applied at most while looking for one way to complete an option
# Keys that end a step, tried first (the search stops at the first way through).
ENDING = ("done", "end", "stop", "skip", "no", "rotate", "pass", "slot", "take", "keep")

StateCheck = Callable[[Any, Any], list[str]]  # (ruleset, state) -> problems
KeyCheck = Callable[[Any, Any, str, Any], list[str]]  # (ruleset, state, key, state after the key) -> problems


def each_once(held: list[int], n: int) -> bool:
    """Whether ``held`` holds each of ``0 .. n - 1`` exactly once (every card in exactly one place)."""
    if len(held) != n:
        return False
    seen = [0] * n
    try:
        for c in held:
            seen[c] += 1
    except (IndexError, TypeError):  # something that is no card number
        return False
    return seen.count(1) == n


def _ending_first(keys: Iterable[str]) -> list[str]:
    """The keys but ``abort``, those that end a step first, each part in the order given."""
    ending: list[str] = []
    other: list[str] = []
    for k in keys:
        if k == ABORT:
            continue
        if k.partition(":")[0] in ENDING:
            ending.append(k)
        else:
            other.append(k)
    return ending + other


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
        verdict = completes(ruleset, child, player, follow_ups, kind, bound, consume=True)  # the child is not used again
        if verdict is False:
            out.append((key, f"completable: every continuation of {key!r} by player {player} dead-ends in a decision "
                             f"offering nothing or only {ABORT!r}" + (f" ({rule})" if rule else "")))
    return out


def completes(ruleset: Any, state: Any, player: int | None, follow_ups: frozenset[str], kind: Callable[[Any], str],
              bound: int = SEARCH_BOUND, consume: bool = False) -> bool | None:
    """Whether some continuation of ``state`` by ``player`` gets past their follow-up steps without ``abort``:
    True (found), False (none exists: every path dead-ends), None (not decided within ``bound`` keys).

    The search is depth-first, the keys that end a step tried first at every decision, and stops at
    the first way through.  The answer False does not depend on the order of the search: it means
    that the whole tree of continuations (every key but ``abort`` of every decision still in the
    player's follow-up steps) was applied, at most ``bound`` keys, without a way through, and every
    order applies the same keys of that tree before giving up; only between True and None may
    the order differ, and neither is a violation.  A decision's last key is applied to its state
    itself rather than a clone (no other key needs it then); with ``consume`` that holds for
    ``state`` too, which the caller does not use again."""

    def through(s: Any) -> bool:
        return bool(ruleset.is_over(s) or ruleset.current_player(s) != player or kind(s) not in follow_ups)

    if through(state):
        return True if ruleset.is_over(state) or ruleset.legal_keys(state) else False
    first = _ending_first(ruleset.legal_keys(state))
    first.reverse()  # the next key to try is the last
    todo: list[tuple[Any, list[str], bool]] = [(state, first, consume)]  # (state, keys left, may the state be used up)
    applied = 0
    while todo:
        s, keys, own = todo[-1]
        if not keys:
            todo.pop()
            continue
        key = keys.pop()
        applied += 1
        if applied > bound:
            return None
        if keys or not own:
            nxt = ruleset.clone(s)
        else:  # the decision's last key: its state is not needed any more
            todo.pop()
            nxt = s
        ruleset.apply_key(nxt, key)
        if through(nxt):
            if ruleset.is_over(nxt) or ruleset.legal_keys(nxt):
                return True
            continue  # a decision with nothing to choose: a dead end
        more = _ending_first(ruleset.legal_keys(nxt))
        more.reverse()
        todo.append((nxt, more, True))
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


def same_json(a: Any, b: Any) -> bool:
    """True only if ``a`` and ``b`` have the same JSON text (:func:`_text`), neither failing: made of what
    JSON writes (dicts with text keys, lists and tuples alike, texts, whole numbers, floats, booleans,
    None), equal part by part as JSON writes them.  False when they differ or it cannot say so cheaply
    (another kind of object, keys that are not text, a whole number beside a boolean or a float): compare
    their texts then.  Walking both values costs far less than writing their texts."""
    if isinstance(a, dict):
        if not isinstance(b, dict):
            return False
        da: dict[Any, Any] = a
        db: dict[Any, Any] = b
        if len(da) != len(db):
            return False
        for k, v in da.items():
            if not isinstance(k, str) or k not in db:
                return False
            if not _same_part(v, db[k]):
                return False
        return True
    if isinstance(a, list) and isinstance(b, list):
        la: list[Any] = a
        lb: list[Any] = b
        if len(la) != len(lb):
            return False
        for i in range(len(la)):
            if not _same_part(la[i], lb[i]):
                return False
        return True
    if isinstance(a, (list, tuple)):
        if not isinstance(b, (list, tuple)):
            return False
        sa: Sequence[Any] = a
        sb: Sequence[Any] = b
        if len(sa) != len(sb):
            return False
        for i in range(len(sa)):
            if not _same_part(sa[i], sb[i]):
                return False
        return True
    return _same_part(a, b)


def _same_part(v: Any, w: Any) -> bool:
    """:func:`same_json` for one part: a text or whole number here, anything else there."""
    if isinstance(v, str):
        return isinstance(w, str) and v == w
    if isinstance(v, bool) or v is None:
        return v is w
    if isinstance(v, int):
        return isinstance(w, int) and not isinstance(w, bool) and v == w
    if isinstance(v, float):
        return isinstance(w, float) and float.__repr__(v) == float.__repr__(w)
    if isinstance(v, (dict, list, tuple)):
        return same_json(v, w)
    return False


def snapshot(x: Any) -> Any:
    """A copy of a JSON-like value that later changes to the objects it was made from do not reach
    (dicts and lists copied all the way down, tuples kept as lists; anything else as it is)."""
    t = type(x)
    if t is dict:
        d: dict[Any, Any] = x
        return {k: snapshot(v) for k, v in d.items()}
    if t is list or t is tuple:
        s: Sequence[Any] = x
        return [snapshot(v) for v in s]
    return x


def _where(a: str, b: str) -> str | None:
    """None if the two JSON texts are equal, else the path of their first difference."""
    if a == b:
        return None
    return first_difference(json.loads(a), json.loads(b)) or "(the whole value)"


def _differ(a: Any, b: Any) -> str | None:
    """None if the two JSON-like values have the same JSON text, else the path of their first difference."""
    if same_json(a, b):
        return None
    return _where(_text(a), _text(b))


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
    variant and the determinizations.  The values are compared as their JSON texts would be
    (:func:`same_json`, the texts themselves where it cannot say); what the seat may know in
    ``state`` is copied first (:func:`snapshot`), so that nothing done to the state afterwards
    changes what the rest is compared with."""
    rng = Rng(seed)
    known = snapshot(projection(state, seat))
    other = variant(state, seat, rng)
    where = _differ(known, projection(other, seat))
    if where is not None:  # the variant must change nothing the seat may know: a fault of the check itself
        raise AssertionError(f"the hidden-information variant for seat {seat} changed what the seat may know at {where}")
    where = _differ(ruleset.view(state, seat), ruleset.view(other, seat))
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
        where = _differ(known, projection(d, seat))
        if where is not None:
            out.append(f"hidden: the determinization for seat {seat}{label} changes what seat {seat} may know, at {where}")
            break
    return out
