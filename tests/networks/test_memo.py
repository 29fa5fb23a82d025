"""What the rules keep between decisions (each player's green-room summary, updated card by card;
each lineup show's target mask and attach targets) always equals what they would compute afresh."""

from __future__ import annotations

from primetime.core.rng import Rng
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import setup as SU
from primetime.games.networks.rules.attach import _show_has_target, _show_targets
from primetime.games.networks.rules.green_room import _summary_add, player_summary
from primetime.games.networks.state import NetState, Show
from primetime.games.networks.tables import EMPTY_SUMMARY, Summary, Tables, tables

from .helpers import CAT, opts


def fresh_summary(T: Tables, green: tuple[int, ...]) -> Summary:
    summary = EMPTY_SUMMARY
    seen: set[int] = set()
    for c in green:
        summary = _summary_add(T, summary, c, c not in seen)
        seen.add(c)
    return summary


def fresh_mask(T: Tables, sh: Show, ens: int, spon: int) -> int:
    o = [0, 0, 0]
    nba = 0
    for c, _r in sh.atts:
        o[T.cls[c]] += 1
        nba += 1 if T.ba[c] else 0
    return sum(1 << idx for idx in range(6)
               if _show_has_target(T, sh.cid, o, nba, sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req, idx // 2, bool(idx % 2),
                                   ens if idx // 2 != 2 else 0, spon))


def check(s: NetState) -> int:
    """Check every kept summary, mask and target list of ``s``; returns how many masks it compared."""
    T = s.T
    masks = 0
    for pl in s.players:
        summary = player_summary(T, pl)
        assert summary == fresh_summary(T, pl.green)
        ens, spon = summary[9], 1 if summary[4] else 0
        for sh in pl.lineup:
            # a kept mask holds for its attachments tuple and ens * 2 + spon (rules.attach._show_mask); the
            # rules that change the extra slots or ignore_req drop it, so a stale one shows up here
            if sh is not None and sh.mask_atts is sh.atts and sh.mask_code == ens * 2 + spon:
                assert sh.mask == fresh_mask(T, sh, ens, spon)
                masks += 1
            code = sh.x_star | sh.x_ad << 7 | sh.x_wild << 14 | (1 << 21 if sh.ignore_req else 0) if sh is not None else -1
            if sh is not None and sh.targets is not None and sh.targets_atts is sh.atts and sh.targets_code == code:
                for q, keys in sh.targets.items():
                    kc, bc, spon_q, slot, ens_q = q & 3, q >> 2 & 1, bool(q >> 3 & 1), q >> 4 & 3, q >> 6
                    assert keys == _show_targets(T, sh, kc, bc, ens_q, spon_q, slot)
    return masks


def test_kept_summaries_and_masks_match_a_fresh_computation() -> None:
    masks = 0
    for n in (1, 2, 4, 5):
        for seed in range(3):
            s = SU.new_state(CAT, opts(n, pilot="normal"), seed, n)
            rng = Rng(seed)
            while s.phase != "over":
                masks += check(s)
                keys = F.legal(s)
                F.apply(s, keys[rng.below(len(keys))])
            masks += check(s)
    assert masks > 100  # the kept masks were compared, not skipped


def test_a_card_with_a_use_check_counts_as_usable_in_the_summary() -> None:
    """NET-TURN-07: the turn menu and the test after an action (``has_free_use``) look for free uses of network
    cards only when the green-room summary says one is held (its ``usable`` field): so every card with a use check
    must set it, and no card without one may."""
    T = tables(CAT)
    with_check = [c for c in range(len(T.kind)) if T.use_check[c] is not None]
    assert with_check, "no network card with a use check in the card set"
    for c in range(len(T.kind)):
        usable = _summary_add(T, EMPTY_SUMMARY, c, True)[5]
        assert usable == (T.use_check[c] is not None), (c, T.effect[c])
