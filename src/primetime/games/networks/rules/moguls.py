"""The Moguls module (003, Moguls; NET-MOGUL-01..08): the Mogul tokens on the genre tracks, gaining
a Mogul (draw, keep 1 privately), the four timings and what each Mogul effect does.

A Mogul token starts on space 3 of every genre track (NET-MOGUL-03).  Every genre advance with the
module on comes here (:func:`on_advance`, a ``mogul_space`` step pushed by
:func:`~primetime.games.networks.rules.genres.advance_genre`): the first player who lands on a
token's space while owning fewer Moguls than their limit takes the token *instead of* the space's
network bonus (NET-MOGUL-04), draws and keeps one (:func:`gain_mogul`, the private ``mogul``
decision); anyone else takes the normal bonus and the token stays (NET-MOGUL-05/06).  Moguls drawn
but not kept go to the bottom of the Mogul deck, or out of the game (the card data's ``unkept``,
NET-AMB-24).

Timings (NET-MOGUL-07): Immediate Moguls resolve when kept and stay owned; a Use Once Mogul is an
option of its owner's turn menu (``usemogul:<mogul>``, without using the action) and is flipped face
down when used, still owned and still counted against the limit; Ongoing Moguls act where their
timing falls (:func:`on_pass`, :func:`upkeep_bonus`, :func:`round_viewers`, :func:`on_advance`);
Game End Moguls score in final scoring (:func:`game_end_viewers`, the ``moguls`` category).

The effects are registered by key in :data:`primetime.games.networks.effects.MOGUL_HANDLERS` and
``MOGUL_CHECKS`` (when a Use Once Mogul may be used), as network cards are.  Moguls are indexes into
the card set's ``moguls.mogul`` list, their own numbering beside the cards'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from primetime.core.rng import Rng
from primetime.games.networks.cards import GENRES, MogulDef, MogulFile
from primetime.games.networks.effects import MOGUL_CHECKS, MOGUL_HANDLERS
from primetime.games.networks.rules.genres import gain_card, push_bonus
from primetime.games.networks.rules.log import name, pname
from primetime.games.networks.state import Moguls, NetState
from primetime.games.networks.tables import AD, NET, SHOW, STAR
from primetime.games.networks.text import genre_name

Handler = Callable[[NetState, int, int], None]
Check = Callable[[NetState, int, int], bool]


def mogul_effect(effect: str, check: Check | None = None) -> Callable[[Handler], Handler]:
    """Register what a Mogul effect does (and, for Use Once, when it may be used)."""

    def deco(fn: Handler) -> Handler:
        MOGUL_HANDLERS[effect] = fn
        if check is not None:
            MOGUL_CHECKS[effect] = check
        return fn

    return deco


def data(s: NetState) -> MogulFile:
    """The card set's Moguls (validate_options refuses the module for a set without them)."""
    m = s.cat.moguls
    assert m is not None, "this card set has no Moguls"
    return m


def mdef(s: NetState, j: int) -> MogulDef:
    return data(s).mogul[j]


def mogul_name(s: NetState, j: int) -> str:
    return data(s).mogul[j].name


def _param(s: NetState, j: int, key: str) -> int:
    return int(data(s).mogul[j].params[key])


def _mog(s: NetState) -> Moguls:
    mog = s.mog
    assert mog is not None
    return mog


def owned_effects(s: NetState, p: int, timing: str) -> list[tuple[int, MogulDef]]:
    """``p``'s Moguls of one timing, with their data."""
    owned = _mog(s).owned[p]
    if not owned:
        return []
    cards = data(s).mogul
    return [(j, cards[j]) for j in owned if cards[j].timing == timing]


# ----------------------------------------------------------------------------- setup and gaining


def setup_moguls(s: NetState) -> None:
    """NET-MOGUL-03: a token on the Mogul space of every genre track, the Mogul deck shuffled."""
    m = data(s)
    deck = list(range(len(m.mogul)))
    s.rng.shuffle(deck)
    s.mog = Moguls(deck, len(GENRES), s.n, m.rules.limit)
    if s.opts.get("telly_time"):  # the Genre Grid replaces the tracks: no tokens, its 2nd line gives a Mogul (NET-TELLY-14)
        s.mog.tokens = [False] * len(GENRES)


def can_gain(s: NetState, p: int) -> bool:
    """NET-MOGUL-02: owns fewer Moguls than their limit (1; the Specialist executive's owner 2)."""
    mog = s.mog
    return mog is not None and len(mog.owned[p]) < mog.limit[p]


def gain_mogul(s: NetState, p: int, draw: int) -> bool:
    """``p`` gains a Mogul: draw ``draw`` from the Mogul deck and keep 1, a private choice (the
    ``mogul`` decision).  A token draws 3 (NET-MOGUL-04); Telly Time's 2nd grid line draws 2
    (NET-TELLY-14).  The caller checks :func:`can_gain`.  False when the deck is empty."""
    mog = _mog(s)
    drawn: list[int] = []
    while mog.deck and len(drawn) < draw:
        drawn.append(mog.deck.pop())
    if not drawn:
        return False
    if s.log is not None:
        s.say(f"{pname(s, p)} draws {len(drawn)} Mogul{'s' if len(drawn) > 1 else ''} and keeps one.")
    s.stack.append(("mogul", p, tuple(drawn)))
    return True


def on_advance(s: NetState, p: int, g: int, bonus: str) -> None:
    """A genre advance landed ``p`` on a space of track ``g`` whose printed bonus is ``bonus``."""
    mog = _mog(s)
    pl = s.players[p]
    for j, d in owned_effects(s, p, "ongoing"):
        if d.effect == "genre_cash":  # Genre Guru
            pl.cash += _param(s, j, "amount")
    rules = data(s).rules
    if pl.genre[g] == rules.space and mog.tokens[g] and can_gain(s, p) and mog.deck:  # NET-MOGUL-04
        mog.tokens[g] = False  # Moguls.copy copies the list
        if s.log is not None:
            s.say(f"{pname(s, p)} takes the Mogul token of the {genre_name(GENRES[g])} track instead of its bonus.")
        gain_mogul(s, p, rules.draw)
    elif bonus:  # NET-MOGUL-05/06: the normal bonus (the token, if any, stays)
        push_bonus(s, p, bonus)


def keep_options(s: NetState, p: int, drawn: tuple[int, ...]) -> list[str]:
    return [f"mogul:{j}" for j in drawn]


def keep_mogul(s: NetState, p: int, drawn: tuple[int, ...], key: str) -> None:
    """Keep one of the drawn Moguls; the others go to the bottom of the deck or out of the game
    (NET-AMB-24); an Immediate Mogul resolves now and stays owned (NET-MOGUL-07)."""
    mog = _mog(s)
    j = int(key[6:])
    rest = [c for c in drawn if c != j]
    if data(s).rules.unkept == "box":
        mog.box = mog.box + rest
    else:
        mog.deck = rest + mog.deck  # the start of the list is the bottom
    mog.owned = [o + (j,) if q == p else o for q, o in enumerate(mog.owned)]
    d = mdef(s, j)
    if s.log is not None:
        s.say(f"{pname(s, p)} keeps the Mogul {d.name}.")
    if d.timing == "immediate":
        MOGUL_HANDLERS[d.effect](s, p, j)


# ----------------------------------------------------------------------------- Use Once


def mogul_uses(s: NetState, p: int) -> list[str]:
    """``p``'s Use Once Moguls that are face up and can do something now (turn-menu keys)."""
    mog = _mog(s)
    out: list[str] = []
    owned = mog.owned[p]
    if not owned:
        return out
    cards = data(s).mogul
    for j in owned:
        d = cards[j]
        if d.timing == "use_once" and j not in mog.used[p] and MOGUL_CHECKS[d.effect](s, p, j):
            out.append(f"usemogul:{j}")
    return out


def use_mogul(s: NetState, p: int, j: int) -> None:
    """Use a Use Once Mogul: it is flipped face down, still owned (NET-MOGUL-07)."""
    mog = _mog(s)
    mog.used = [u + (j,) if q == p else u for q, u in enumerate(mog.used)]
    d = mdef(s, j)
    if s.log is not None:
        s.say(f"{pname(s, p)} uses the Mogul {d.name} and turns it face down.")
    MOGUL_HANDLERS[d.effect](s, p, j)


def take_options(s: NetState, p: int, left: int) -> list[str]:
    """Hostile Takeover: a card of the display (stars, ads, network cards), or stop."""
    out = [f"take:{c}" for k in (STAR, AD, NET) for c in s.display[k]]
    out.append("stop")
    return out


def apply_take(s: NetState, p: int, left: int, key: str) -> None:
    if key == "stop":
        return
    c = int(key[5:])
    s.display[s.T.kind[c]].remove(c)
    if left > 1:  # pushed first: what the card itself asks for is answered before the next take
        s.stack.append(("mogul_pick", p, left - 1))
    if s.log is not None:
        s.say(f"{pname(s, p)} takes {name(s, c)} with Hostile Takeover.")
    gain_card(s, p, c)  # a star free of its cost, an ad with its bonus, an Immediate card resolved


# ----------------------------------------------------------------------------- the effects


@mogul_effect("cash")
def _cash(s: NetState, p: int, j: int) -> None:
    s.players[p].cash += _param(s, j, "amount")


@mogul_effect("bonuses")
def _bonuses(s: NetState, p: int, j: int) -> None:
    kinds = [k.strip() for k in str(mdef(s, j).params["kinds"]).split(",") if k.strip()]
    for k in reversed(kinds):  # a stack: the first kind is chosen first
        push_bonus(s, p, k)


@mogul_effect("genre_advances")
def _genre_advances(s: NetState, p: int, j: int) -> None:
    genres = tuple(sorted({sh.genre for sh in s.players[p].lineup if sh is not None}))
    if genres:
        for _ in range(_param(s, j, "times")):
            s.stack.append(("pick", p, "genre_advance", genres))


@mogul_effect("renew_all", lambda s, p, j: any(sh is not None and sh.row > 0 for sh in s.players[p].lineup))
def _renew_all(s: NetState, p: int, j: int) -> None:
    pl = s.players[p]
    for slot in range(len(pl.lineup)):
        sh = pl.lineup[slot]
        if sh is not None and sh.row > 0:
            own = pl.own(slot)
            assert own is not None
            own.row -= 1


@mogul_effect("take_display", lambda s, p, j: bool(s.display[STAR] or s.display[AD] or s.display[NET]))
def _take_display(s: NetState, p: int, j: int) -> None:
    s.stack.append(("mogul_pick", p, _param(s, j, "count")))


@mogul_effect("special", lambda s, p, j: any(sh is not None for sh in s.players[p].lineup))
def _special(s: NetState, p: int, j: int) -> None:
    mog = _mog(s)
    mog.special = [v + _param(s, j, "per") if q == p else v for q, v in enumerate(mog.special)]


def _rerun_shows(s: NetState, p: int) -> int:
    kind = s.T.kind
    return sum(1 for c in s.players[p].reruns if kind[c] == SHOW)


@mogul_effect("cash_per_rerun", lambda s, p, j: _rerun_shows(s, p) > 0)
def _cash_per_rerun(s: NetState, p: int, j: int) -> None:
    s.players[p].cash += _param(s, j, "per") * _rerun_shows(s, p)


def _passive(s: NetState, p: int, j: int) -> None:
    """Ongoing and Game End Moguls act where their timing falls (see the module docstring)."""


for _eff in ("star_viewers", "ad_income", "genre_cash", "pass_both", "viewers", "per_rerun_show", "per_genre", "cash_rate"):
    MOGUL_HANDLERS[_eff] = _passive


# ----------------------------------------------------------------------------- Ongoing and Game End


def _attached(s: NetState, p: int, kind: int) -> int:
    k = s.T.kind
    return sum(1 for sh in s.players[p].lineup if sh is not None for c, _r in sh.atts if k[c] == kind)


def upkeep_bonus(s: NetState, p: int) -> int:
    """Cash the Ongoing Moguls add at ``p``'s upkeep (Ad Tycoon)."""
    return sum(_param(s, j, "per") * _attached(s, p, AD) for j, d in owned_effects(s, p, "ongoing") if d.effect == "ad_income")


def round_viewers(s: NetState, p: int) -> int:
    """Viewers the Moguls add to ``p``'s round score (Ratings Czar; Prime Time Special if used this round)."""
    v = sum(_param(s, j, "per") * _attached(s, p, STAR) for j, d in owned_effects(s, p, "ongoing") if d.effect == "star_viewers")
    special = _mog(s).special[p]
    if special:
        v += special * sum(1 for sh in s.players[p].lineup if sh is not None)
    return v


def end_scoring(s: NetState) -> None:
    """After a round's scoring: Prime Time Special lasts one round."""
    mog = _mog(s)
    mog.special = [0] * s.n


def on_pass(s: NetState, p: int, cash: int, viewers: int | None, key: str) -> None:
    """Double Dipper: a column that offers both gives both (the one not chosen, undoubled)."""
    if viewers is None:
        return
    for _j, d in owned_effects(s, p, "ongoing"):
        if d.effect == "pass_both":
            pl = s.players[p]
            if key.startswith("pass:viewers"):
                pl.cash += cash
            else:
                pl.pass_viewers += viewers
            if s.log is not None:
                s.say(f"{pname(s, p)} also takes the other reward of the column with Double Dipper.")


def game_end_value(s: NetState, p: int, j: int) -> int:
    d = mdef(s, j)
    pl = s.players[p]
    eff = d.effect
    if eff == "viewers":
        return _param(s, j, "amount")
    if eff == "per_rerun_show":
        return _param(s, j, "per") * _rerun_shows(s, p)
    if eff == "per_genre":
        return _param(s, j, "per") * sum(1 for g in pl.genre if g >= 1)
    if eff == "cash_rate":  # the difference to the normal 1 viewer per $3M (NET-END-05)
        return max(0, pl.cash // _param(s, j, "per") - pl.cash // 3)
    return 0


def game_end_viewers(s: NetState, p: int) -> int:
    """The Moguls category of final scoring: ``p``'s Game End Moguls."""
    return sum(game_end_value(s, p, j) for j, _d in owned_effects(s, p, "game_end"))


# ----------------------------------------------------------------------------- hidden information


def hidden_moguls(s: NetState, viewer: int) -> list[int]:
    """The Moguls ``viewer`` cannot see: the deck (its order is hidden from everyone, even the
    cards a player put at its bottom), the box and the other players' undecided offers."""
    mog = _mog(s)
    out = mog.deck + mog.box
    for t in s.stack:
        if t[0] == "mogul" and t[1] != viewer:
            out += list(t[2])
    return out


def redeal_moguls(d: NetState, viewer: int, rng: Rng | None) -> None:
    """Deal the Moguls ``viewer`` cannot see back into the same places and sizes: sorted (the one
    arrangement the view gives, ``rng`` None) or at random (a determinization)."""
    mog = _mog(d)
    pool = sorted(hidden_moguls(d, viewer))
    if rng is not None:
        rng.shuffle(pool)
    stack: list[tuple[Any, ...]] = d.stack
    for i, t in enumerate(stack):
        if t[0] == "mogul" and t[1] != viewer:
            size = len(t[2])
            stack[i] = (t[0], t[1], tuple(pool[:size]))
            pool = pool[size:]
    nbox = len(mog.box)
    mog.box = pool[:nbox]
    mog.deck = pool[nbox:]
