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
from primetime.games.networks.rules.genres import push_bonus
from primetime.games.networks.rules.log import pname
from primetime.games.networks.rules.moguls import can_gain, gain_mogul
from primetime.games.networks.state import NetState
from primetime.games.networks.text import bonus_words, genre_name, grid_line_name

SQUARES: Final = 9
EMPTY_SQUARE_CASH: Final = 1  # NET-TELLY-07: $1M per empty square when passing
FILLED_SQUARE_VIEWERS: Final = 1  # NET-TELLY-08: 1 viewer per filled square at round end
TELLY_MOGUL_DRAW: Final = 2  # NET-TELLY-14: the 2nd completed line draws 2 Moguls, keep 1 (with the Moguls module)


def start_grids(s: NetState) -> None:
    """Every player starts with an empty grid and no line (starters are never produced, NET-GAP-06)."""
    s.extra["grid"] = (0,) * s.n
    s.extra["lines"] = (0,) * s.n


# the number of squares in each mask of the 9 squares (read at every pass and round end)
BITS: Final[tuple[int, ...]] = tuple([bin(m).count("1") for m in range(1 << SQUARES)])


def filled_mask(s: NetState, p: int) -> int:
    m: int = s.extra["grid"][p]
    return m


def filled_count(s: NetState, p: int) -> int:
    return BITS[filled_mask(s, p)]


def empty_count(s: NetState, p: int) -> int:
    return SQUARES - filled_count(s, p)


def pass_grid_cash(s: NetState, p: int) -> int:
    """What passing pays ``p`` for the empty squares of their grid: $1M each with Telly Time, 0
    without (NET-TELLY-07; seed 003: "in addition to any other eligible pass reward", so every
    pass pays it, with or without a bonus of the pass track)."""
    if not s.opts.get("telly_time"):
        return 0
    return EMPTY_SQUARE_CASH * empty_count(s, p)


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
    T = s.T
    i = T.grid_square[genre]
    mask = filled_mask(s, p)
    if mask >> i & 1:
        return  # later shows of a genre fill nothing more
    mask |= 1 << i
    _set(s, "grid", p, mask)
    if s.log is not None:
        s.say(f"{pname(s, p)} fills the {genre_name(genre)} square of their Genre Grid.")
    done = int(s.extra["lines"][p])
    for k, squares in enumerate(T.grid_lines):  # each line's squares as a bit mask (Tables.grid_lines)
        if done >> k & 1 or not squares >> i & 1:
            continue
        if mask & squares == squares:
            done |= 1 << k
            _set(s, "lines", p, done)
            grid = s.cat.grid
            assert grid is not None
            line = grid.lines[k]
            if bin(done).count("1") == 2:
                second_line(s, p, line)
            else:
                pay_line(s, p, line)


def second_line(s: NetState, p: int, line: GridLine) -> None:
    """The reward of a player's 2nd completed line: the printed bonus, or with the Moguls module a
    Mogul instead (draw 2, keep 1: NET-TELLY-14).  A player who may own no more Moguls (NET-MOGUL-02),
    or who finds the Mogul deck empty, takes the printed bonus."""
    if s.mog is not None and can_gain(s, p) and s.mog.deck:
        if s.log is not None:
            s.say(f"{pname(s, p)} completes the {grid_line_name(line.id)} of their Genre Grid, their second, and gains a Mogul "
                  "instead of its bonus.")
        gain_mogul(s, p, TELLY_MOGUL_DRAW)
        return
    pay_line(s, p, line)


def pay_line(s: NetState, p: int, line: GridLine) -> None:
    """The bonus printed at a line's end (NET-TELLY-05): cash at once, or a card bonus drawn like a
    genre bonus (NET-GENRE-08..11)."""
    if s.log is not None:
        s.say(f"{pname(s, p)} completes the {grid_line_name(line.id)} of their Genre Grid and gains "
              f"{bonus_words(line.bonus, line.cash)}.")
    if line.bonus == "cash":
        s.players[p].cash += line.cash
    else:
        push_bonus(s, p, line.bonus)
