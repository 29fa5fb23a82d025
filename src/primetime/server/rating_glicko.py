"""Player ratings of earlier releases: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), one rating per game.

A finished rated table is one rating period.  A game of several players counts as the
pairwise results between every two of them (a win, a draw or a loss against each other
player, from the final scores), all against the ratings they had before the table.

Ratings are shown on the Glicko scale (a new player: 1500, deviation 350, volatility 0.06).
The server rates with :mod:`primetime.server.rating` (Plackett-Luce) now; this model stays for
``bench/rating_accuracy.py``, which compares the two, and for reading databases of those releases.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

#: The system constant: how much the volatility may change in one period (Glickman suggests 0.3 to 1.2).
TAU = 0.5
SCALE = 173.7178
EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one period with ``results``: (opponent's rating, score 1/0.5/0) pairs.
    With no results only the deviation grows (step 6 of the paper)."""
    mu = (player.rating - 1500.0) / SCALE
    phi = player.rd / SCALE
    sigma = player.vol
    if not results:
        return Rating(player.rating, min(350.0, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    opp = [((o.rating - 1500.0) / SCALE, o.rd / SCALE, s) for o, s in results]
    v_inv = 0.0
    delta_sum = 0.0
    for mu_j, phi_j, s in opp:
        e = _e(mu, mu_j, phi_j)
        g = _g(phi_j)
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (s - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    # step 5: the new volatility (the Illinois algorithm)
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2.0
        big_b, fb = c, fc
    new_sigma = math.exp(big_a / 2.0)
    # steps 6 and 7: the new deviation and rating
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * delta_sum
    return Rating(new_mu * SCALE + 1500.0, new_phi * SCALE, new_sigma)


def pairwise_scores(result: dict[str, Any]) -> list[list[float]] | None:
    """``score[i][j]``: 1 if player i beat player j, 0.5 for a draw, 0 for a loss.  A winner (the
    result's ``winners``, tie-breaks included) beats every non-winner; two winners draw; two
    others are ordered by their final totals.  None if the result has not that shape."""
    try:
        totals = [float(p["total"]) for p in result["players"]]
        winners = {int(w) for w in result.get("winners", [])}
    except (KeyError, TypeError, ValueError):
        return None
    n = len(totals)
    out = [[0.5] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            wi, wj = i in winners, j in winners
            if wi != wj:
                out[i][j] = 1.0 if wi else 0.0
            elif not wi and totals[i] != totals[j]:
                out[i][j] = 1.0 if totals[i] > totals[j] else 0.0
    return out


def rate_table(before: list[Rating], scores: list[list[float]], tau: float = TAU) -> list[Rating]:
    """Every player's new rating after one table: each plays the pairwise result against every
    other, all against the ratings from before the table."""
    return [update(me, [(before[j], scores[i][j]) for j in range(len(before)) if j != i], tau)
            for i, me in enumerate(before)]
