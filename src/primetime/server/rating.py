"""Player ratings: the Plackett-Luce model of full finishing orders (Weng and Lin, "A Bayesian
approximation method for online ranking", JMLR 12, 2011, through the ``openskill`` package), one
rating per account and game.

A rating is a belief about a player's skill: a mean ``mu`` and a deviation ``sigma`` (a new player:
25 and 25/3, the package's defaults).  A finished rated table updates the ratings of all its players
at once from its whole finishing order, ties included (:func:`finishing_ranks`): a 5-player table is
one observation of five players, not ten two-player games.

What players see is a **conservative** number on a familiar scale, :func:`shown`::

    shown = 1500 + 30 * (mu - 3 * sigma)

``mu - 3 sigma`` (the package's ``ordinal``) is a skill the player has with 99.7% certainty, so a
number only rises once games have shown it.  A brand new player shows 1500 (``mu - 3 sigma = 0``).
30 points per unit of ``mu`` makes differences read like Elo's: two established players (small
``sigma``) 400 points apart meet at odds of about 10 to 1 (the model's pairwise chance is
``1 / (1 + exp(-(mu_a - mu_b) / c))`` with ``c = sqrt(2) * beta`` = 5.9, and 13.6 units of ``mu`` are
a factor of 10).  As ``sigma`` falls an average regular's number climbs towards about 2100; the
leaderboard compares players with the same yardstick.  A rating is **provisional** for its first
:data:`PROVISIONAL_GAMES` rated games (the number is still moving fast).

A table's changes may be damped by a weight ``w`` in [0.1, 1] (:func:`rate`; the farming rules
are in :mod:`primetime.server.ratings_store`): each player moves ``w`` of the way from the old
rating to the one the model gives, in ``mu`` and in ``sigma`` alike.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
TAU = 25.0 / 300.0  # the additive dynamics: sigma never settles at 0, so skills that change are followed
MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)

BASE = 1500.0
SCALE = 30.0
#: Rated games before a rating stops being marked provisional.
PROVISIONAL_GAMES = 10
#: The least a table's rating changes are scaled by (:func:`rate`).
MIN_WEIGHT = 0.1


@dataclass(frozen=True)
class Skill:
    """One account's rating in one game."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def shown(self) -> float:
        return shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def shown(mu: float, sigma: float) -> float:
    """The number players see (see the module's note): 1500 for a new player."""
    return BASE + SCALE * (mu - 3.0 * sigma)


def finishing_ranks(result: dict[str, Any] | None, departed: Sequence[int] = ()) -> list[int] | None:
    """Every seat's place (0 = first; equal places are ties) from a final result, or None if the
    result has not that shape.

    The players who stayed come first: the result's ``winners`` (tie-breaks included) share the
    first place, the others follow by final total, equal totals tied.  The ``departed`` seats (in
    the order they left the game: the first to leave first) come after all of them, the first to
    leave last of all, whatever their totals."""
    try:
        totals = [float(p["total"]) for p in result["players"]]  # type: ignore[index]
        winners = {int(w) for w in result.get("winners", [])}  # type: ignore[union-attr]
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    n = len(totals)
    gone = list(dict.fromkeys(s for s in departed if 0 <= s < n))
    stay = [s for s in range(n) if s not in gone]
    keys = {s: (s not in winners, -totals[s]) for s in stay}
    places = sorted(set(keys.values()))
    ranks = [0] * n
    for s in stay:
        ranks[s] = places.index(keys[s])
    for i, s in enumerate(gone):
        ranks[s] = len(places) + len(gone) - 1 - i
    return ranks


def rate(before: Sequence[Skill], ranks: Sequence[int], weight: float = 1.0) -> list[Skill]:
    """Every player's rating after one table with finishing ``ranks`` (lower is better, equal is a
    tie), all from the ratings they had ``before`` it; each moves ``weight`` of the way the model says."""
    if len(before) != len(ranks) or len(before) < 2:
        raise ValueError("a rated table has at least two players and one place for each")
    w = min(1.0, max(MIN_WEIGHT, weight))
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    after = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Skill(s.mu + w * (a[0].mu - s.mu), s.sigma + w * (a[0].sigma - s.sigma), s.games + 1)
            for s, a in zip(before, after, strict=True)]


def order_log_likelihood(skills: Sequence[Skill], ranks: Sequence[int]) -> float:
    """The log of the model's probability of the finishing order ``ranks`` (ties: the sum over the
    orders that break them), with Plackett-Luce strengths ``exp(mu / c)``, ``c`` as in the update."""
    c = math.sqrt(sum(s.sigma ** 2 + BETA ** 2 for s in skills))
    return plackett_luce_log_likelihood([s.mu / c for s in skills], ranks)


def plackett_luce_log_likelihood(strengths: Sequence[float], ranks: Sequence[int]) -> float:
    """log P(order) under Plackett-Luce with log-strengths ``strengths``: the first place is drawn
    among all with probability proportional to ``exp(strength)``, the next among the rest, and so
    on; tied places sum over every order of the tied players (at most 5! orders here)."""
    from itertools import permutations, product

    groups: dict[int, list[int]] = {}
    for i, r in enumerate(ranks):
        groups.setdefault(r, []).append(i)
    ordered = [groups[r] for r in sorted(groups)]
    top = max(strengths)
    lam = [math.exp(x - top) for x in strengths]
    total = 0.0
    for orders in product(*(list(permutations(g)) for g in ordered)):
        seq = [i for part in orders for i in part]
        p = 1.0
        rest = sum(lam[i] for i in seq)
        for i in seq[:-1]:
            p *= lam[i] / rest
            rest -= lam[i]
        total += p
    return math.log(max(total, 1e-300))
