"""A player's turn: the action menu (NET-TURN-03), free uses of network cards (NET-TURN-07,
NET-NETC-06), signing a star or an ad, taking a network card, and what each menu key does."""

from __future__ import annotations

from primetime.games.networks.rules.attach import _show_mask
from primetime.games.networks.rules.genres import gain_card
from primetime.games.networks.rules.green_room import player_summary, star_cost
from primetime.games.networks.rules.log import name, pname
from primetime.games.networks.rules.moguls import mogul_uses, use_mogul
from primetime.games.networks.rules.network_cards import use_network
from primetime.games.networks.rules.passing import _pass_keys, act_pass
from primetime.games.networks.rules.production import can_produce, start_production
from primetime.games.networks.rules.rounds import end_turn
from primetime.games.networks.state import NetState
from primetime.games.networks.tables import AD, IV_DISCOUNT, NET, SHOW, STAR, TK_AD, TK_ATTACH, TK_MOGUL, TK_NET, TK_PASS, TK_SHOW, TK_STAR, TK_USE

# ----------------------------------------------------------------------------- free uses


def free_uses(s: NetState, p: int, acted: int) -> list[str]:
    """Network cards usable now, without spending the action (NET-TURN-07, NET-NETC-06)."""
    T = s.T
    use_check = T.use_check
    out: list[str] = []
    seen: set[str] | None = None
    for cid in s.players[p].green:
        check = use_check[cid]
        if check is None:
            continue
        eff = T.use_same[cid]
        if seen is not None and eff in seen:
            continue
        if check(s, p, cid, acted):
            if seen is None:
                seen = {eff}
            else:
                seen.add(eff)
            out.append(T.k_use[cid])
    return out


def has_free_use(s: NetState, p: int, acted: int) -> bool:
    """Is ``free_uses`` non-empty?"""
    T = s.T
    pl = s.players[p]
    green = pl.green
    if (pl.gsum if pl.gsum_of is green else player_summary(T, pl))[5]:  # a usable network card held
        use_check = T.use_check
        for cid in green:
            check = use_check[cid]
            if check is not None and check(s, p, cid, acted):
                return True
    return s.mog is not None and bool(mogul_uses(s, p))


# ----------------------------------------------------------------------------- the action menu


def turn_options(s: NetState, p: int, acted: int) -> list[str]:
    """The action menu (NET-TURN-03) plus free network-card uses and passing."""
    T = s.T
    pl = s.players[p]
    if acted == 1:
        out = free_uses(s, p, acted)
        if s.mog is not None:  # Use Once Moguls (NET-MOGUL-07)
            out += mogul_uses(s, p)
        out.append("end")
        return out
    cash = pl.cash
    # Everything the menu depends on in the green room, memoised per green room.
    gt = pl.green
    summary = pl.gsum if pl.gsum_of is gt else player_summary(T, pl)
    ns, nf, na, iv, spon, usable, dbl, ca, sd, ens, _pc, _e_ens, _e_spon, present, attach_keys = summary
    display = s.display
    stars, ads, nets = display[STAR], display[AD], display[NET]
    max_cost = T.max_cost
    budget = cash + sd
    costs, k_star = T.cost, T.k_star  # (pairs: no tuple made)
    k_ad, k_net = T.k_ad, T.k_net
    # plain loops rather than comprehensions: on lists this short, a comprehension's own call costs more
    out = []
    if budget >= max_cost[STAR]:
        for c in stars:
            out.append(k_star[c])
    else:
        for c in stars:
            if costs[c] <= budget:  # NET-STAR-02
                out.append(k_star[c])
    for c in ads:  # NET-AD-02
        out.append(k_ad[c])
    if cash >= max_cost[NET]:
        for c in nets:
            out.append(k_net[c])
    else:
        for c in nets:
            if costs[c] <= cash:
                out.append(k_net[c])
    req_ok, k_show = T.req_ok, T.k_show
    R = T.req_cap
    R1 = R + 1
    rc = ((ns if ns < R else R) * R1 + (na if na < R else R)) * R1 + (nf if nf < R else R)  # see Tables.req_ok
    # Sponsored Content fills the required slots of a show from the display only (NET-CARD-05/10).
    afford = cash + ca  # a show's printed cost payable after Creative Accounting (NET-PROD-03)
    for cid in display[SHOW]:  # NET-PROD-02
        if costs[cid] <= afford and (spon or req_ok[cid][rc]):
            out.append(k_show[cid])
        elif iv and costs[cid] <= afford + IV_DISCOUNT and can_produce(s, p, cid, "display"):
            out.append(k_show[cid])
    for cid in pl.reserved:  # shows secured with Exclusive Rights: the same test, without Sponsored Content
        if costs[cid] <= afford and req_ok[cid][rc]:
            out.append(k_show[cid])
        elif iv and costs[cid] <= afford + IV_DISCOUNT and can_produce(s, p, cid, "reserved"):
            out.append(k_show[cid])
    if present:  # the classes of the stars and ads in the green room
        # Whether a card has a target depends only on its class (see _show_mask).
        mask = 0
        spon_i = 1 if spon else 0
        code = ens * 2 + spon_i  # the mask kept on a show is for this code (see _show_mask)
        for sh in pl.lineup:
            if sh is not None:
                mask |= sh.mask if sh.mask_atts is sh.atts and sh.mask_code == code else _show_mask(T, sh, ens, spon_i)
                if mask & present == present:
                    break
        if mask & present == present:  # every star and ad in the green room has a target
            out += attach_keys
        elif mask:
            acls, k_attach = T.acls, T.k_attach
            out += [k_attach[c] for c in dict.fromkeys(gt) if acls[c] >= 0 and mask >> acls[c] & 1]
    if usable:
        out += free_uses(s, p, acted)
    if s.mog is not None:  # Use Once Moguls (NET-MOGUL-07)
        out += mogul_uses(s, p)
    if acted == 2:
        out.append("end")  # Double Shift's extra action may be skipped, but not spent on passing
        return out
    _pass_keys(s, p, dbl, out)
    return out


# ----------------------------------------------------------------------------- actions


def act_sign_star(s: NetState, p: int, cid: int) -> None:
    s.display[STAR].remove(cid)
    if s.log is not None:
        s.say(f"{pname(s, p)} signs {name(s, cid)} for ${star_cost(s, p, cid)}M.")
    gain_card(s, p, cid, free=False)


def act_sign_ad(s: NetState, p: int, cid: int) -> None:
    s.display[AD].remove(cid)
    if s.log is not None:
        s.say(f"{pname(s, p)} signs {name(s, cid)} and gains ${s.T.defs[cid].bonus}M.")
    gain_card(s, p, cid)


def act_take_network(s: NetState, p: int, cid: int) -> None:
    s.display[NET].remove(cid)
    s.players[p].cash -= s.T.cost[cid]
    if s.log is not None:
        s.say(f"{pname(s, p)} takes the network card {name(s, cid)}.")
    gain_card(s, p, cid)


def _apply_turn(s: NetState, p: int, key: str, acted: int) -> None:
    code, cid = s.T.turn_key[key]
    if code == TK_PASS:
        act_pass(s, p, key)
        return
    if code < TK_USE:  # one of the menu's actions (NET-TURN-03): the turn's action is spent, but the last
        po = s.pass_order  # player (the others have passed) keeps acting (NET-PASS-04)
        s.stack[-1] = ("turn", p, 0 if len(po) == len(s.order) - 1 and p not in po else 1)
    # the most frequent actions first
    if code == TK_AD:
        act_sign_ad(s, p, cid)
    elif code == TK_ATTACH:
        s.stack.append(("att_target", p, cid, False))
    elif code == TK_NET:
        act_take_network(s, p, cid)
    elif code == TK_STAR:
        act_sign_star(s, p, cid)
    elif code == TK_SHOW:
        src = "reserved" if cid in s.players[p].reserved else "display"
        start_production(s, p, cid, src, acted)
    elif code == TK_USE:
        use_network(s, p, cid)
    elif code == TK_MOGUL:
        use_mogul(s, p, cid)
    else:  # TK_END
        s.stack.pop()
        end_turn(s, p)
