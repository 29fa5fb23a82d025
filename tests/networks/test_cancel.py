"""NET-CANC: canceling shows."""

from __future__ import annotations

from primetime.games.networks.rules import decks as DK
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import values as V

from .helpers import (
    AD,
    DAY,
    LATE,
    PRIME,
    SHOW,
    STAR,
    assert_conserved,
    choose,
    cid,
    play_out_turns,
    produce,
    put_show,
    scenario,
    to_display,
)


def test_net_canc_01_cube_returns_and_is_reused_at_once() -> None:
    """NET-CANC-01: Cube returns and is reused at once."""
    s = scenario(2)
    put_show(s, 0, LATE, "Star Trucks", row=3)
    (new,) = to_display(s, "Breaking Bland")
    produce(s, new, slot=LATE)
    assert s.players[0].lineup[LATE].row == 0  # a fresh marker on the new show


def test_net_canc_02_attachments_discarded_except_gray_fox_and_rerun_guy() -> None:
    """NET-CANC-02: Attachments discarded except gray fox and rerun guy."""
    s = scenario(2)
    put_show(s, 0, PRIME, "Throne of Games", atts=["Gray Fox", "Rerun Guy", "Fizzy Pop"])
    DK.cancel(s, 0, PRIME)
    pl = s.players[0]
    assert cid("Gray Fox") in pl.green
    assert cid("Rerun Guy") in pl.reruns
    assert cid("Fizzy Pop") in s.discards[AD]
    assert cid("Gray Fox") not in s.discards[STAR] and cid("Rerun Guy") not in s.discards[STAR]
    assert_conserved(s)


def test_net_canc_03_show_goes_to_reruns() -> None:
    """NET-CANC-03: Show goes to reruns."""
    s = scenario(2)
    sh = put_show(s, 0, DAY, "SportsEdges")
    DK.cancel(s, 0, DAY)
    assert s.players[0].reruns[-1] == sh.cid and s.players[0].lineup[DAY] is None


def test_net_canc_04_no_voluntary_cancel_action() -> None:
    """NET-CANC-04: No voluntary cancel action."""
    s = scenario(2)
    heads = {k.split(":")[0] for k in F.legal(s)}
    assert "cancel" not in heads
    # Upkeep cancellation is offered only when short of cash (NET-EOR-06).
    s.players[0].cash = 0
    put_show(s, 0, PRIME, "Throne of Games", atts=["Dame Prudence Oscarworth"])
    choose(s, "pass:cash")
    choose(s, "pass:cash")
    assert s.stack[-1][0] != "upkeep_cancel"  # the $8M from passing pays the $6M upkeep


def test_net_canc_05_forced_cancel_leaves_slot_empty() -> None:
    """NET-CANC-05: Forced cancel leaves slot empty."""
    s = scenario(2)
    put_show(s, 0, DAY, "SportsEdges", row=3)
    play_out_turns(s)
    assert s.players[0].lineup[DAY] is None
    assert V.forecast(s, 0)["shows"][DAY] is None
    (show,) = to_display(s, "Knight Rodent")
    s.stack = [("turn", 0, 0)]
    produce(s, show, slot=DAY)
    assert s.players[0].lineup[DAY].cid == show


def test_net_canc_06_lineup_shows_are_never_discarded() -> None:
    """NET-CANC-06: Lineup shows are never discarded."""
    s = scenario(2)
    put_show(s, 0, DAY, "SportsEdges", row=3)
    (show,) = to_display(s, "Star Trucks")
    produce(s, show, slot=PRIME)
    play_out_turns(s)
    assert cid("SportsEdges") not in s.discards[SHOW]
    assert cid("SportsEdges") in s.players[0].reruns
