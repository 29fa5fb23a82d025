"""Advice, game-agnostic: a hint for the pending decision of one seat, and a review of every decision of a
seat in a recorded game.

What the advice knows of a game comes from its plugin: the search adapter's public copy and
determinization (:class:`~primetime.core.plugin.SearchAdapter`, the same ones the ``mcts`` bots use) and
the game's :class:`~primetime.core.plugin.Advisor` (the greedy evaluation's value of an option in the game's
score unit, the parts of that evaluation and the reason in the players' words).

How a decision is judged
------------------------
1. **What the seat may know.**  The state is turned into the adapter's *public copy* for the asking seat
   (every hidden arrangement replaced by a canonical one), and ``samples`` determinizations are drawn from
   it with a seeded generator.  Nothing of the true hidden arrangement reaches the advice: two states that
   differ only in what the seat cannot see give the same advice (the games' hidden-information tests).
2. **Values.**  Every legal option is valued in every determinization by the game's greedy look-ahead
   (the option with the player's own follow-up steps, then the evaluation), and the values are averaged.
   ``gain`` is the value minus the evaluation of the state as it stands: the expected change in
   viewers (The Networks) or VP (Prime Time).
3. **Reasons.**  The best option's reason names the part of the evaluation in which it beats the
   runner-up most; any other option's, the part in which it falls furthest behind the best.

A review replays a record and judges every decision of the seat with more than one option, as above,
from what the seat could see at the time: the choice made, the best option, and the estimated loss
(best minus made).  The decisions are ranked by loss; the three largest are the game's biggest mistakes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from primetime.core.decision import fill_names
from primetime.core.game import Game, replay_record, split_action
from primetime.core.plugin import get_plugin
from primetime.core.rng import Rng

HINT_SAMPLES = 16  # determinizations per hint (bench/advice_speed.py: well within 2 s at The Networks' start)
REVIEW_SAMPLES = 6  # determinizations per reviewed decision (a review judges a whole game)
TOP = 3  # choices a hint shows
MISTAKES = 3  # the biggest mistakes a review marks
ONLY = "the only option"
_MASK = (1 << 63) - 1


@dataclass
class Choice:
    """One option as the advice sees it."""

    key: str
    label: str
    value: float  # the evaluation after the option, in the game's score unit (mean over determinizations)
    gain: float  # value minus the evaluation of the state as it stands
    reason: str
    parts: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "value": round(self.value, 2), "gain": round(self.gain, 2),
                "reason": self.reason}


@dataclass
class Advice:
    """Every legal option of one seat's decision, best first."""

    seat: int
    kind: str
    prompt: str
    unit: str
    base: float  # the evaluation of the state as it stands
    choices: list[Choice]
    samples: int
    seconds: float = 0.0

    def choice(self, key: str) -> Choice | None:
        return next((c for c in self.choices if c.key == key), None)

    def to_json(self, top: int | None = TOP) -> dict[str, Any]:
        shown = self.choices if top is None else self.choices[:top]
        return {"seat": self.seat, "kind": self.kind, "prompt": self.prompt, "unit": self.unit,
                "choices": [c.to_json() for c in shown], "options": len(self.choices), "samples": self.samples}


def can_advise(game: str) -> bool:
    """Whether the game's plugin gives advice."""
    return get_plugin(game).advisor is not None


def advise(ruleset: Any, state: Any, seat: int, *, samples: int = HINT_SAMPLES, seed: int = 0,
           names: list[str] | None = None) -> Advice:
    """Every option of ``seat``'s pending decision in ``state``, valued from what ``seat`` may see (see the
    module docstring); ``state`` is not changed.  ``ValueError`` when the seat has no decision pending."""
    t0 = time.perf_counter()
    plugin = get_plugin(str(ruleset.name))
    if plugin.advisor is None:
        raise ValueError(f"{plugin.title} gives no advice")
    st = ruleset.clone(state)
    if ruleset.is_over(st):
        raise ValueError("the game is over; there is no decision to advise on")
    if ruleset.current_player(st) != seat and not ruleset.focus(st, seat):
        raise ValueError(f"seat {seat} has no decision pending")
    decision = ruleset.decision(st)
    labels = {o.key: fill_names(o.label, names) for o in decision.options}
    keys = [o.key for o in decision.options]
    advisor = plugin.advisor()
    adapter = plugin.search(seed)
    public = adapter.public_copy(st, seat)
    rng = Rng(seed)
    pool = [adapter.determinize(ruleset, public, seat, rng) for _ in range(max(1, samples))]
    base = 0.0
    values = dict.fromkeys(keys, 0.0)
    parts: dict[str, dict[str, float]] = {k: {} for k in keys}
    reached: dict[str, Any] = {}
    for d in pool:
        base += advisor.evaluate(d, seat)
        for k in keys:
            v, ps, r = advisor.value(d, seat, k)
            values[k] += v
            acc = parts[k]
            for name, x in ps.items():
                acc[name] = acc.get(name, 0.0) + x
            reached.setdefault(k, r)
    n = len(pool)
    base /= n
    order = sorted(keys, key=lambda k: -values[k])  # stable: ties keep the rules' order
    choices: list[Choice] = []
    for k in order:
        ps = {name: x / n for name, x in parts[k].items()}
        choices.append(Choice(k, labels[k], values[k] / n, values[k] / n - base, "", ps))
    for i, c in enumerate(choices):
        if len(choices) == 1:
            c.reason = ONLY
            continue
        other = choices[1] if i == 0 else choices[0]
        c.reason = advisor.reason(c.parts, other.parts, reached[c.key], seat)
    return Advice(seat, decision.kind, fill_names(decision.prompt, names), advisor.unit, base, choices, n,
                  time.perf_counter() - t0)


def hint(game: Game[Any], seat: int, *, samples: int = HINT_SAMPLES, top: int = TOP, seq: int | None = None,
         salt: int | None = None) -> dict[str, Any]:
    """The hint for ``seat`` at ``game``'s pending decision: the ``top`` choices as JSON, seeded by ``salt``
    (default the game's seed; a server passes a public number, so that no answer depends on the secret seed), the
    action count as the seat knows it (``seq``, default the game's) and the seat: the same question gets the same
    answer."""
    base = int(game.header.get("seed", 0)) if salt is None else salt
    seed = (base * 1_000_003 + (game.seq if seq is None else seq) * 7_919 + seat) & _MASK
    advice = advise(game.ruleset, game.state, seat, samples=samples, seed=seed, names=game.players)
    out = advice.to_json(top)
    out["seconds"] = round(advice.seconds, 3)
    return out


# ---------------------------------------------------------------------- reviews


def check_seat(rec: dict[str, Any], seat: int) -> None:
    """``ValueError`` for a seat the recorded game does not have, or a game that gives no advice."""
    players = list(rec["players"])
    if not 0 <= seat < len(players):
        raise ValueError(f"seat {seat}: the game has seats 0 to {len(players) - 1}")
    plugin = get_plugin(str(rec["game"]))
    if plugin.advisor is None:
        raise ValueError(f"{plugin.title} gives no advice")


def judge(rec: dict[str, Any], seat: int, start: int = 0, stop: int | None = None, *, samples: int = REVIEW_SAMPLES,
          progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """The decisions of ``seat`` among the actions ``start`` to ``stop`` (excluded; None: to the end) of the record
    ``rec``, each judged from what the seat could see then (a review in parts: see :func:`review`)."""
    players = list(rec["players"])
    game = replay_record({**rec, "actions": []})
    rs = game.ruleset
    actions = list(rec["actions"])
    stop = len(actions) if stop is None else min(stop, len(actions))
    decisions: list[dict[str, Any]] = []
    for i, entry in enumerate(actions[:stop]):
        who, key = split_action(entry)
        actor = who if who is not None else rs.current_player(game.state)
        if i >= start and actor == seat and len(rs.legal_keys_for(game.state, seat)) > 1:
            seed = (int(rec["seed"]) * 1_000_003 + i * 7_919 + seat) & _MASK
            adv = advise(rs, game.state, seat, samples=samples, seed=seed, names=players)
            made = adv.choice(key)
            best = adv.choices[0]
            if made is not None:
                decisions.append({
                    "index": i, "kind": adv.kind, "prompt": adv.prompt, "options": len(adv.choices),
                    "made": made.to_json(), "best": best.to_json(),
                    "loss": round(max(0.0, best.value - made.value), 2),
                })
        game.apply_entry(entry)
        if progress is not None and i >= start:
            progress(i + 1 - start, stop - start)
    return decisions


def summary(rec: dict[str, Any], seat: int, decisions: list[dict[str, Any]], samples: int = REVIEW_SAMPLES,
            seconds: float = 0.0) -> dict[str, Any]:
    """The review of ``seat`` as JSON from its judged ``decisions`` (:func:`judge`): ranked by loss, the biggest
    mistakes, whether the game is over (a review of a finished game may show every card, and says so)."""
    plugin = get_plugin(str(rec["game"]))
    assert plugin.advisor is not None
    game = replay_record(rec)
    players = list(rec["players"])
    ranked = sorted(decisions, key=lambda d: (-d["loss"], d["index"]))
    over = game.is_over()
    scores = game.ruleset.scores(game.state)
    return {
        "game": rec["game"], "title": plugin.title, "seat": seat, "player": players[seat], "unit": plugin.advisor().unit,
        "over": over, "shows_every_card": over, "score": scores[seat] if seat < len(scores) else None,
        "decisions": ranked, "mistakes": [d["index"] for d in ranked[:MISTAKES] if d["loss"] > 0],
        "total_loss": round(sum(d["loss"] for d in decisions), 2), "samples": samples, "seconds": round(seconds, 2),
    }


def review(rec: dict[str, Any], seat: int, *, samples: int = REVIEW_SAMPLES,
           progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """The review of ``seat``'s decisions in the record ``rec`` (a record that replays: see
    :func:`primetime.core.game.replay_record`), as JSON; ``progress(done, total)`` after each action.

    ``ValueError`` for a seat the game does not have; the record's errors as :class:`RecordError`."""
    check_seat(rec, seat)
    t0 = time.perf_counter()
    decisions = judge(rec, seat, samples=samples, progress=progress)
    return summary(rec, seat, decisions, samples, time.perf_counter() - t0)
