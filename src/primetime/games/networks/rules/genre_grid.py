"""Telly Time's Genre Grid (NET-TELLY-03..08): each player's 3x3 grid of the nine genres replaces
the shared genre tracks.  The first show a player produces in a genre fills its square; every
row, column or diagonal this completes pays the bonus printed at its end at once; passing pays
$1M per empty square and every round scores 1 viewer per filled square.

The grid lives in ``s.extra`` (immutable tuples, shared by clones): ``grid`` holds each player's
filled squares and ``lines`` their completed lines, as bit masks over the squares and lines of
the catalogue's :class:`~primetime.games.networks.cards.GridFile`."""

from __future__ import annotations

from typing import Final

from primetime.games.networks.cards import GridLine
from primetime.games.networks.effects import SECOND_LINE_REWARDS
from primetime.games.networks.rules.genres import push_bonus
from primetime.games.networks.rules.log import pname
from primetime.games.networks.state import NetState

SQUARES: Final = 9
EMPTY_SQUARE_CASH: Final = 1  # NET-TELLY-07: $1M per empty square when passing
FILLED_SQUARE_VIEWERS: Final = 1  # NET-TELLY-08: 1 viewer per filled square at round end


def start_grids(s: NetState) -> None:
    """Every player starts with an empty grid and no line (starters are never produced, NET-GAP-06)."""
    s.extra["grid"] = (0,) * s.n
    s.extra["lines"] = (0,) * s.n


def filled_mask(s: NetState, p: int) -> int:
    return int(s.extra["grid"][p])


def filled_count(s: NetState, p: int) -> int:
    return bin(filled_mask(s, p)).count("1")


def empty_count(s: NetState, p: int) -> int:
    return SQUARES - filled_count(s, p)


def lines_done(s: NetState, p: int) -> int:
    """How many lines ``p`` has completed."""
    return bin(int(s.extra["lines"][p])).count("1")


def square_of(s: NetState, genre: str) -> int:
    assert s.cat.grid is not None
    return s.cat.grid.squares.index(genre)


def _set(s: NetState, key: str, p: int, value: int) -> None:
    old = s.extra[key]
    s.extra[key] = tuple(value if q == p else v for q, v in enumerate(old))  # a new tuple: clones share it


def fill_square(s: NetState, p: int, genre: str) -> None:
    """A show of ``genre`` produced (NET-TELLY-04): fill its square if empty and pay every line
    this completes, in the grid file's order (NET-TELLY-05: one placement may complete several)."""
    grid = s.cat.grid
    assert grid is not None
    i = grid.squares.index(genre)
    mask = filled_mask(s, p)
    if mask >> i & 1:
        return  # later shows of a genre fill nothing more
    mask |= 1 << i
    _set(s, "grid", p, mask)
    if s.log is not None:
        s.say(f"{pname(s, p)} fills the {genre} square of their Genre Grid.")
    done = int(s.extra["lines"][p])
    for k, line in enumerate(grid.lines):
        if done >> k & 1 or i not in line.squares:
            continue
        if all(mask >> q & 1 for q in line.squares):
            done |= 1 << k
            _set(s, "lines", p, done)
            if bin(done).count("1") == 2:
                second_line(s, p, line)
            else:
                pay_line(s, p, line)


def second_line(s: NetState, p: int, line: GridLine) -> None:
    """The reward of a player's 2nd completed line: the printed bonus, unless a module on in this
    game registered its own in ``effects.SECOND_LINE_REWARDS`` (with Moguls a Mogul, draw 2 and
    keep 1: NET-TELLY-14)."""
    for option, reward in SECOND_LINE_REWARDS.items():
        if s.opts.get(option):
            reward(s, p, line)
            return
    pay_line(s, p, line)


def pay_line(s: NetState, p: int, line: GridLine) -> None:
    """The bonus printed at a line's end (NET-TELLY-05): cash at once, or a card bonus drawn like a
    genre bonus (NET-GENRE-08..11)."""
    if s.log is not None:
        what = f"${line.cash}M" if line.bonus == "cash" else f"a {line.bonus} bonus"
        s.say(f"{pname(s, p)} completes the {line.id} line of their Genre Grid and gains {what}.")
    if line.bonus == "cash":
        s.players[p].cash += line.cash
    else:
        push_bonus(s, p, line.bonus)
