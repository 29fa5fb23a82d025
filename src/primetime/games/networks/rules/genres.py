"""Genre tracks (NET-GENRE-02..11): advancing, the bonuses landed on, and a card gained into the
green room (immediate network cards resolve at once, NET-NETC-02)."""

from __future__ import annotations

from typing import Final

from primetime.core.words import a
from primetime.games.networks.cards import GENRES
from primetime.games.networks.effects import NETWORK_HANDLERS
from primetime.games.networks.rules.decks import draw
from primetime.games.networks.rules.green_room import add_green, star_cost
from primetime.games.networks.rules.log import name, pname
from primetime.games.networks.state import NetState
from primetime.games.networks.tables import AD, KIND_INDEX, NET, STAR
from primetime.games.networks.text import genre_name

TOP: Final = 5  # genre track spaces (NET-AMB-09)


def advance_genre(s: NetState, p: int, genre: str) -> None:
    """Advance one space and take the bonus landed on (NET-GENRE-02..06)."""
    pl = s.players[p]
    g = GENRES.index(genre)
    if pl.genre[g] >= TOP:
        return
    track = pl.genre.copy()  # a new list: clones share it (Player.copy)
    track[g] += 1
    pl.genre = track
    assert s.cat.board is not None
    bonus = s.cat.board.genre_board.bonuses[genre][pl.genre[g] - 1]
    if s.log is not None:
        s.say(f"{pname(s, p)} advances to space {pl.genre[g]} on the {genre_name(genre)} track"
              + (f" and gains {a(bonus)} bonus." if bonus else "."))
    if s.mog is not None:  # the Moguls module decides (a token instead of the bonus, NET-MOGUL-04): rules.moguls.on_advance
        s.stack.append(("mogul_space", p, g, bonus))
    elif bonus:
        push_bonus(s, p, bonus)


def push_bonus(s: NetState, p: int, bonus: str) -> None:
    """NET-GENRE-08..11: draw 2 of a kind (or 1 star + 1 ad + 1 network) and keep 1."""
    kinds = [STAR, AD, NET] if bonus == "mixed" else [KIND_INDEX[bonus]] * 2
    drawn = []
    for k in kinds:
        c = draw(s, k)
        if c is not None:
            drawn.append(c)
    s.limbo.extend(drawn)
    if drawn:
        s.stack.append(("bonus", p, tuple(drawn)))


def gain_card(s: NetState, p: int, cid: int, free: bool = True) -> None:
    """A star/ad/network card joins a player's green room (immediates resolve at once)."""
    T = s.T
    k = T.kind[cid]
    pl = s.players[p]
    if k == AD:
        pl.cash += T.bonus[cid]  # NET-AD-01
        add_green(T, pl, cid)
    elif k == STAR:
        if not free:
            pl.cash -= star_cost(s, p, cid)
        add_green(T, pl, cid)
    elif k == NET:
        if T.timing[cid] == "immediate":  # NET-NETC-02
            if s.log is not None:
                s.say(f"{pname(s, p)} resolves {name(s, cid)}.")
            s.discards[NET].append(cid)
            NETWORK_HANDLERS[T.effect[cid]](s, p, cid)
        else:
            add_green(T, pl, cid)


def bonus_options(s: NetState, p: int, drawn: tuple[int, ...]) -> list[str]:
    return [f"take:{c}" for c in drawn]
