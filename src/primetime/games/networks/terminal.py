"""The Networks at the terminal: the market, every network's lineup, the scoreboard, the pass track,
the Forecast, numbered options, card tooltips and the final table (003; NET-UI rows), drawn with rich.

:class:`NetworksView` is the renderer the game's plugin hands to the terminal session; it draws only
``game.view(viewer)``, never the hidden state.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from primetime.core.decision import Decision
from primetime.core.decision import fill_names as render
from primetime.core.game import Game
from primetime.games.networks.cards import GENRE_NAMES, GENRES, TIMESLOT_NAMES, Catalogue
from primetime.games.networks.text import card_text, grid_line_name, timeslot_words
from primetime.games.networks.web import round_summaries


def _cat(game: Game[Any]) -> Catalogue:
    return game.state.cat  # type: ignore[no-any-return]


def card_name(cat: Catalogue, cid: str) -> str:
    return cat.card(cid).name


def card_summary(cat: Catalogue, cid: str) -> str:
    """A card on one line: its numbers, without the rules text."""
    c = cat.card(cid)
    d = c.defn
    if c.kind == "show":
        sl = d.slots
        slots = " ".join(f"{n}{v}" for n, v in (("S", sl.stars), ("A", sl.ads), ("W", sl.wild)) if v) or "no slots"
        slot = timeslot_words(d.timeslot, "any slot")
        return (f"{GENRE_NAMES[d.genre]} · {slot} · ${d.cost}M, exp ${d.expenses}M · "
                f"viewers {'/'.join(map(str, d.seasons))} · {slots}")
    if c.kind == "star":
        txt = f"${d.cost}M, exp ${d.expenses}M · viewers {'/'.join(map(str, d.viewers))}"
        return txt + (" · condition" if d.condition is not None else "")
    if c.kind == "ad":
        txt = f"+${d.bonus}M · income ${d.income}M"
        if d.promo_cost:
            txt += f" · promo ${d.promo_cost}M for {'/'.join(map(str, d.viewers))} viewers"
        return txt + (" · condition" if d.condition is not None else "")
    timing = {"immediate": "immediate", "use_once": "use once", "ongoing": "ongoing", "game_end": "game end"}[d.timing]
    return timing + (f" · ${d.cost}M" if d.cost else "")


def mogul_def(cat: Catalogue, mid: str) -> Any:
    """A Mogul's data by its id (the Moguls module)."""
    assert cat.moguls is not None
    return next(m for m in cat.moguls.mogul if m.id == mid)


TIMING_NAMES = {"immediate": "immediate", "use_once": "use once", "ongoing": "ongoing", "game_end": "game end"}


def mogul_line(view: dict[str, Any]) -> str:
    """The Mogul tokens still on the genre tracks and the Mogul deck (the Moguls module)."""
    m = view["moguls"]
    if view.get("telly_time"):  # the Genre Grid replaces the tracks: no tokens (NET-TELLY-14)
        return f"Moguls: a second completed Genre Grid line gains one (no tokens on the tracks) · Mogul deck: {m['deck']}"
    tokens = ", ".join(GENRE_NAMES[g] for g in m["tokens"]) or "none left"
    return f"Mogul tokens on space {m['space']}: {tokens} · Mogul deck: {m['deck']}"


def market_panel(view: dict[str, Any], cat: Catalogue) -> Panel:
    table = Table(box=None, show_header=False, pad_edge=False, expand=False)
    table.add_column("type", style="bold")
    table.add_column("card")
    table.add_column("details", style="dim")
    for kind, title in (("show", "Shows"), ("star", "Stars"), ("ad", "Ads"), ("network", "Network")):
        cards = view["display"][kind]
        head = f"{title} ({view['deck_counts'][kind]} in deck)"
        if not cards:
            table.add_row(head, "—", "")
        for i, cid in enumerate(cards):
            table.add_row(head if i == 0 else "", card_name(cat, cid), card_summary(cat, cid))
    if "moguls" in view:
        return Panel(Group(table, Text(mogul_line(view), style="yellow")), title=f"Market — round {view['round']} of {view['rounds']}",
                     title_align="left")
    return Panel(table, title=f"Market — round {view['round']} of {view['rounds']}", title_align="left")


def grid_lines(entry: dict[str, Any], telly: dict[str, Any]) -> list[str]:
    """A player's Telly Time Genre Grid, row by row: ■ filled, □ empty, and the lines completed."""
    grid = entry["genre_grid"]
    squares = telly["squares"]
    out = [f"Genre Grid ({len(grid['lines'])} line(s) completed, {grid['empty']} empty):"]
    for r in range(3):
        cells = []
        for g in squares[3 * r:3 * r + 3]:
            cells.append(("■ " if g in grid["filled"] else "□ ") + GENRE_NAMES.get(g, g))
        out.append("  " + "  ".join(f"{c:<10}" for c in cells).rstrip())
    if grid["lines"]:
        out.append("  Lines: " + ", ".join(grid_line_name(ln) for ln in grid["lines"]))
    return out


def player_panel(entry: dict[str, Any], names: list[str], cat: Catalogue, you: bool,
                 telly: dict[str, Any] | None = None) -> Panel:
    fc = entry["forecast"]
    upkeep = fc["upkeep"]
    badge = f"{fc['viewers']} viewers · upkeep {'+' if upkeep >= 0 else '-'}${abs(upkeep)}M"
    seat = entry["seat"]
    title = f"{names[seat]}{' (to play)' if you else ''} — {entry['network']} — ${entry['cash']}M — {badge}"
    if entry["passed"]:
        title += f" — passed (column {entry['pass_column']})"
    lineup = Table(box=None, pad_edge=False)
    for col in ("Timeslot", "Show", "Season", "Genre", "Attachments", "Viewers", "Upkeep"):
        lineup.add_column(col)
    for slot, show in enumerate(entry["lineup"]):
        if show is None:
            if slot == 3:  # Telly Time's Weekend, empty until a show is produced into it
                lineup.add_row(TIMESLOT_NAMES["weekend"], "— empty —", "", "", "", "", "")
            continue
        atts = ", ".join(a["name"] + (" ↻" if a["rotated"] else "") for a in show["attachments"]) or "—"
        net = show["income"] - show["expenses"]
        genre = GENRE_NAMES.get(show["genre"], show["genre"])
        lineup.add_row(TIMESLOT_NAMES[show["slot"]], show["name"], str(show["season"]), genre,
                       atts, str(show["viewers"]), f"{'+' if net >= 0 else '-'}${abs(net)}M")
    parts: list[Any] = [lineup]
    lines = []
    green = [card_name(cat, c) for c in entry["green_room"]]
    lines.append("Green room: " + (", ".join(green) or "—"))
    if entry["reserved"]:
        lines.append("Reserved: " + ", ".join(card_name(cat, c) for c in entry["reserved"]))
    lines.append("Reruns: " + (", ".join(card_name(cat, c) for c in entry["reruns"]) or "—"))
    if telly is not None and "genre_grid" in entry:
        lines += grid_lines(entry, telly)
    else:
        tracks = [f"{GENRE_NAMES[g]} {entry['genres'][g]}" for g in GENRES if entry["genres"][g]]
        lines.append("Genre tracks: " + (" · ".join(tracks) or "—"))
    if "moguls" in entry:  # the Moguls module: a used Use Once Mogul lies face down
        owned = [f"{mogul_def(cat, m['id']).name} ({'face down' if m['used'] else TIMING_NAMES[mogul_def(cat, m['id']).timing]})"
                 for m in entry["moguls"]]
        lines.append(f"Moguls ({len(owned)} of {entry['mogul_limit']}): " + (", ".join(owned) or "—"))
    if entry.get("pilot_offer"):
        lines.append("Pilot offer: " + ", ".join(card_name(cat, c) for c in entry["pilot_offer"]))
    if entry.get("pilot_shows"):
        lines.append("Pilot shows: " + ", ".join(card_name(cat, c) for c in entry["pilot_shows"]))
    lines += executive_lines(entry)
    parts.append(Text("\n".join(lines)))
    return Panel(Group(*parts), title=title, title_align="left", border_style="green" if you else "blue")


def executive_lines(entry: dict[str, Any]) -> list[str]:
    """A player's Executive (the Executives module): name, both artwork sides, complexity, ability and
    drawback, Beeb's rondel drawn small (NET-EXEC-05), or the private offer while choosing."""
    ex = entry.get("executive")
    out = []
    if ex is not None:
        extra = " · took its early turn this round" if ex.get("early_turn") else ""
        out.append(f"Executive: {ex['name']} ({ex['artwork']}), complexity {ex['complexity']}{extra}")
        sides = ex.get("sides")
        if sides:
            out.append("  Sides: " + " / ".join(f"{sd} (face up)" if k == ex["side"] else sd for k, sd in enumerate(sides)))
        out.append(f"  Ability: {ex['ability']}")
        out.append(f"  Drawback: {ex['drawback']}")
        if "rondel" in ex:
            out += rondel_lines(ex)
    elif "executive_chosen" in entry:
        out.append("Executive: " + ("chosen, hidden until everyone has chosen" if entry["executive_chosen"] else "choosing"))
    if entry.get("executive_offer") and ex is None:
        out.append("Executive offer: " + ", ".join(f"{o['name']} (complexity {o['complexity']})" for o in entry["executive_offer"]))
    return out


def rondel_lines(ex: dict[str, Any]) -> list[str]:
    """Beeb's rondel as a small ring of its five spaces, clockwise from the top: ● the marker,
    ○ a space the next action may use, · a space out of reach (NET-EXEC-05)."""
    pos = ex["rondel"]
    spaces = ex.get("rondel_spaces") or ["Talent", "Sponsors", "Network", "Studio", "Edit"]
    reach = ex.get("rondel_reachable", spaces if pos is None else [])

    def mark(sp: str) -> str:
        return ("● " if sp == pos else "○ " if sp in reach else "· ") + sp

    top, right, low_right, low_left, left = (mark(sp) for sp in spaces)
    where = f"marker on {pos}" if pos else "marker not on it yet, the first action may use any space"
    return [f"  Rondel: {where}; reachable now: {', '.join(reach) or 'none'}",
            f"  {top:^36}".rstrip(),
            f"  {left:>14}{'':8}{right}",
            f"  {low_left:>16}{'':4}{low_right}",
            "  (clockwise; ● marker, ○ reachable, · out of reach)"]


def executive_board(dec: Decision, arg: str) -> Any:
    """The Executive board an option is about (``?N`` in the Executive choice), or named by ``?<id or name>``."""
    from primetime.games.networks.executive_data import default_executives

    ex = default_executives()
    if arg.isdigit() and 1 <= int(arg) <= len(dec.options):
        ident = dec.options[int(arg) - 1].info.get("executive")
        return ex.boards[ex.by_id[str(ident)]] if ident in ex.by_id else None
    return next((b for b in ex.boards if arg and arg.lower() in (b.id, b.name.lower())), None)


def executive_panel(b: Any) -> Panel:
    """An Executive board's whole text (the terminal's tooltip of a board; NET-UI-08)."""
    return Panel(f"Executive · complexity {b.complexity} of 3 · sides: {' / '.join(b.sides)}\n"
                 f"Ability: {b.ability}\nDrawback: {b.drawback}", title=b.name, title_align="left")


def scoreboard(view: dict[str, Any], names: list[str]) -> Table:
    table = Table(title="Scoreboard", title_justify="left")
    table.add_column("Player")
    for r in range(view["rounds"]):
        table.add_column(f"R{r + 1}", justify="right")
    table.add_column("Total", justify="right", style="bold")
    for entry in view["players"]:
        sc = entry["round_scores"]
        table.add_row(names[entry["seat"]], *[str(sc[r]) if r < len(sc) else "" for r in range(view["rounds"])], str(sum(sc)))
    cats = module_categories(view)
    if cats:  # with a module on, the end-game categories it adds (the page's end-game scoreboard page; NET-UI-05)
        table.caption = f"End-game categories (after round 4): {cats}."
        table.caption_justify = "left"
    return table


def module_categories(view: dict[str, Any]) -> str:
    """The end-game categories in words when an expansion module is on, else ``""``."""
    execs = any("executive" in p or "executive_chosen" in p for p in view["players"])
    if not ("telly_time" in view or "moguls" in view or execs):
        return ""
    cats = ["genre tracks (none with Telly Time's Genre Grid)" if "telly_time" in view else "genre tracks", "reruns",
            "Game End network cards"]
    cats += ["Game End Moguls"] if "moguls" in view else []
    cats += ["the Executives' end-game viewers"] if execs else []
    return ", ".join([*cats, "$3M = 1 viewer"])


def pass_track_line(view: dict[str, Any], names: list[str]) -> str:
    cols = []
    for i, col in enumerate(view["pass_track"]):
        what = f"${col['cash']}M" + (f" or {col['viewers']} viewers" if col["viewers"] is not None else "")
        who = ", ".join("Opponent" if q < 0 else names[q] for q in col["taken_by"])
        cols.append(f"{i + 1}: {what}" + (f" [{who}]" if who else ""))
    line = "Pass track — " + " | ".join(cols)
    if "telly_time" in view:  # NET-TELLY-07/13: the Telly pass board
        line = "Telly pass board — " + " | ".join(cols) + " (+$1M per empty grid square)"
    return line


def render_board(con: Console, game: Game[Any], viewer: int) -> None:
    view = game.view(viewer)
    cat = _cat(game)
    names = game.players
    phase = PHASE_WORDS.get(view["phase"], str(view["phase"]).replace("_", " "))
    con.rule(f"Pilot Season — {phase}" if view["round"] == 0 else f"Round {view['round']} of {view['rounds']} — {phase}")
    # the others first, then what the viewer chooses from: the market, their own network, the
    # Forecast and the options last, at the bottom of the screen, where a terminal keeps them in view
    for entry in view["players"]:
        if entry["seat"] != viewer:
            con.print(player_panel(entry, names, cat, False, view.get("telly_time")))
    con.print(scoreboard(view, names))
    con.print(market_panel(view, cat))
    con.print(player_panel(view["players"][viewer], names, cat, True, view.get("telly_time")))
    render_status(con, game, viewer, view)


def render_status(con: Console, game: Game[Any], viewer: int, view: dict[str, Any] | None = None) -> None:
    view = view or game.view(viewer)
    names = game.players
    fc = view["players"][viewer]["forecast"]
    up = fc["upkeep"]
    parts = f"lineup {fc['lineup_viewers']} + pass {fc['pass_viewers']}"
    more = fc["viewers"] - fc["lineup_viewers"] - fc["pass_viewers"]
    if more:  # the modules' viewers: Telly Time's filled grid squares, the Moguls'
        what = " and ".join(w for w, on in (("Genre Grid", "telly_time" in view), ("Moguls", "moguls" in view)) if on)
        parts += f" + {what or 'other'} {more}"
    con.print(f"[bold]Forecast[/] for {escape(names[viewer])}: {fc['viewers']} viewers this round "
              f"({parts}), upkeep {'+' if up >= 0 else '-'}${abs(up)}M")
    con.print(pass_track_line(view, names))
    if view.get("opponent"):
        o = view["opponent"]
        con.print(f"Solo opponent: {o['deck']} cards in its deck, {o['parked']} parked" + (", passed" if o["passed"] else ""))
    log = view["log"][-8:]
    if log:
        con.print(Panel("\n".join(render(line, names) for line in log), title="Recent events", title_align="left", style="dim"))


def option_cards(dec: Decision, i: int, cat: Catalogue) -> list[str]:
    """The card ids an option is about (a Pilot Season pair names two)."""
    opt = dec.options[i]
    if opt.info.get("card"):
        return [str(opt.info["card"])]
    head, _, rest = opt.key.partition(":")
    if head == "keep":
        return [cat.cards[int(x)].id for x in rest.split(",") if x.isdigit()]
    return []


def render_options(con: Console, game: Game[Any], dec: Decision) -> None:
    if dec.kind == "mogul":
        cat = _cat(game)
        table = Table(box=None, show_header=False, pad_edge=False)
        table.add_column("mogul", style="bold")
        table.add_column("text", style="dim")
        for mid in game.view(dec.player)["pending"].get("moguls", []):
            d = mogul_def(cat, mid)
            table.add_row(d.name, d.text)
        con.print(table)
    if dec.kind in ("pilot", "bonus"):
        view = game.view(dec.player)
        cards = view["players"][dec.player].get("pilot_offer", []) if dec.kind == "pilot" else view["pending"].get("drawn", [])
        cat = _cat(game)
        table = Table(box=None, show_header=False, pad_edge=False)
        table.add_column("card", style="bold")
        table.add_column("details", style="dim")
        for cid in cards:
            table.add_row(card_name(cat, cid), f"{cat.card(cid).kind} · {card_summary(cat, cid)}")
        con.print(table)
    con.print(Text(render(dec.prompt, game.players), style="bold"))
    width = len(str(len(dec.options)))
    for i, opt in enumerate(dec.options, 1):
        tip = f" [dim](?{i} for the card)[/]" if opt.info.get("card") or opt.info.get("mogul") else ""
        if opt.key.startswith("keep:"):
            tip = f" [dim](?{i} for the cards)[/]"
        if opt.info.get("executive"):
            tip = f" [dim](?{i} for the board)[/]"
        con.print(f"  [cyan]{i:>{width}}[/]  {escape(render(opt.label, game.players))}{tip}")
    con.print("[dim]Type a number · ?N card text · b board · h rules · s save · q save and quit[/]")


RULES = "\n".join([
    "[bold]The Networks: Primetime — quick reference[/]",
    "• 4 rounds.  On your turn take ONE action, or pass: sign a star (pay its cost), sign an ad (gain its bonus), "
    "take a network card, produce a show from the market (pay its cost, fill its required slots from your green room, "
    "pick a timeslot: off its preferred timeslot it starts on season 3), or add/replace one star or ad on a show.",
    "• Network cards in your green room may be used on your turn without spending the action.",
    "• Passing takes the leftmost free pass-track column (cash or viewers).  When everyone else has passed, "
    "the last player may take any number of actions, then passes for cash.",
    "• End of round: pay upkeep (income − expenses; cancel shows if you cannot pay), score your lineup's viewers, "
    "then every show ages one season; a show past its 4th season goes to your reruns.",
    "• Producing a show advances its genre track; some spaces give bonus cards.",
    "• Game end: round viewers + genre tracks + reruns + game-end network cards + 1 viewer per $3M.",
    "• Moguls (a module): the first player without a Mogul to reach space 3 of a genre track takes its token instead of "
    "the network bonus, draws 3 Moguls and keeps 1.  Use Once Moguls are used from the turn menu and turn face down.",
    "• Executives (a module): each player keeps 1 of 2 private Executive boards, each with an ability and a drawback "
    "(?<name> shows one, e.g. ?beeb).  Beeb's actions follow its rondel: ● marker, ○ the spaces its next action may use.",
    "• ↻ marks an attachment upside down (its condition was not met): it uses its upside-down values (the second row of numbers on the card).",
])


#: The phases in words (the view names them by id).
PHASE_WORDS = {"pilot": "choosing pilot cards", "pilot_produce": "producing pilot shows", "turns": "actions",
               "round_end": "round end", "over": "game over"}


def final_table(game: Game[Any], title: str = "Final scores") -> Table:
    res = game.result()
    names = game.players
    table = Table(title=title, title_justify="left")
    moguls = any("moguls" in row for row in res["players"])  # the Moguls module's category
    execs = any("execs" in row for row in res["players"])  # the Executives module's category (NET-GAP-19)
    cols = ("Player", "Rounds", "Genres", "Reruns", "Network", *(("Moguls",) if moguls else ()), *(("Execs",) if execs else ()),
            "Cash", "Total")
    for col in cols:
        table.add_column(col, justify="left" if col in ("Player", "Rounds") else "right", no_wrap=col == "Rounds")
    winners = set(res.get("winners", []))
    for p, row in enumerate(res["players"]):
        rounds = "+".join(map(str, row["rounds"])) + f" = {row['rounds_total']}"
        table.add_row(names[p] + (" ★" if p in winners and len(names) > 1 else ""), rounds, str(row["genres"]),
                      str(row["reruns"]), str(row["network"]), *((str(row.get("moguls", 0)),) if moguls else ()),
                      *((str(row.get("execs", 0)),) if execs else ()),
                      str(row["cash"]), str(row["total"]), style="bold" if p in winners else None)
    return table


def print_final(con: Console, game: Game[Any]) -> None:
    res = game.result()
    con.print(final_table(game))
    names = game.players
    if "rank" in res:
        con.print(f"Solo rank: [bold]{res['rank']}[/] with {res['players'][0]['total']} viewers.")
    else:
        won = [names[w] for w in res.get("winners", [])]
        con.print(("Winner: " if len(won) == 1 else "Shared win: ") + ", ".join(won))


def option_label(game: Game[Any], dec: Decision, key: str) -> str:
    for o in dec.options:
        if o.key == key:
            return render(o.label, game.players)
    return key


class NetworksView:
    """The terminal renderer of The Networks (the ``Renderer`` of :mod:`primetime.ui.session`)."""

    title = "The Networks: Primetime"
    rules = RULES
    follow_ups = frozenset({"prod_att", "prod_slot", "prod_genre", "prod_promo", "att_target", "ba_extra", "pick", "talent", "bonus",
                            "mogul", "mogul_pick"})

    def board(self, con: Console, game: Game[Any], viewer: int) -> None:
        render_board(con, game, viewer)

    def status(self, con: Console, game: Game[Any], viewer: int) -> None:
        render_status(con, game, viewer)

    def options(self, con: Console, game: Game[Any], dec: Decision) -> None:
        render_options(con, game, dec)

    def tooltip(self, con: Console, game: Game[Any], dec: Decision, arg: str) -> None:
        cat = _cat(game)
        board = executive_board(dec, arg)
        if board is not None and arg.isdigit():
            con.print(executive_panel(board))
            return
        if arg.isdigit() and 1 <= int(arg) <= len(dec.options) and dec.options[int(arg) - 1].info.get("mogul"):
            d = mogul_def(cat, str(dec.options[int(arg) - 1].info["mogul"]))
            con.print(Panel(f"Mogul · {TIMING_NAMES[d.timing]}\n{d.text}", title=d.name, title_align="left"))
            return
        if arg.isdigit() and 1 <= int(arg) <= len(dec.options):
            ids = option_cards(dec, int(arg) - 1, cat)
            if not ids:
                con.print(f"Option {arg} is not about a card.")
            for cid in ids:
                con.print(Panel(card_text(cat, cid), title=card_name(cat, cid), title_align="left"))
            return
        found = [c for c in cat.cards if arg and (c.id.lower() == arg or c.name.lower() == arg)]
        if found:
            con.print(Panel(card_text(cat, found[0].index), title=found[0].name, title_align="left"))
            return
        if board is not None:
            con.print(executive_panel(board))
            return
        con.print(f"Type ?N with an option number from 1 to {len(dec.options)} (or ?<card name>).")

    def mark(self, game: Game[Any]) -> None:
        return None

    def moved(self, con: Console, game: Game[Any], dec: Decision, key: str, mark: Any, bot: bool) -> None:
        if not bot:
            return
        names = game.players
        line = Text(names[dec.player], style="magenta") + Text(f": {option_label(game, dec, key)}")
        if dec.kind != "turn":
            ask = render(dec.prompt, names).split(": ", 1)[-1]
            line += Text(f"  ({ask})", style="dim")
        con.print(line)

    def final(self, con: Console, game: Game[Any]) -> None:
        print_final(con, game)

    def progress(self, con: Console, game: Game[Any]) -> None:
        con.print(scoreboard(game.view(None), game.players))

    def round_summary(self, con: Console, game: Game[Any]) -> None:
        """The last round that ended, as the browser's round summary: viewers, upkeep, cash, genre bonuses."""
        view = game.view(None)
        sums = round_summaries(view.get("log") or [], len(view["players"]))
        if sums:
            con.print(round_table(sums[-1], view, game.players))


def round_table(summary: dict[str, Any], view: dict[str, Any], names: list[str]) -> Table:
    """One round's summary (``web.round_summaries``) as a table."""
    table = Table(title=f"Round {summary['round']} summary", title_justify="left")
    for col in ("Network", "Viewers", "Upkeep", "Cash", "Genre bonuses"):
        table.add_column(col, justify="left" if col in ("Network", "Genre bonuses") else "right")
    for r in summary["players"]:
        up, cash = r["upkeep"], r["cash"]
        table.add_row(f"{names[r['seat']]} ({view['players'][r['seat']]['network']})",
                      "—" if r["viewers"] is None else str(r["viewers"]),
                      "—" if up is None else f"{'+' if up >= 0 else '-'}${abs(up)}M",
                      "—" if cash is None else f"${cash}M",
                      ", ".join(r["genre_bonuses"]) or "none")
    return table


def card_tables(cat: Catalogue) -> list[Table]:
    """The catalogue as tables, one per kind of card (``primetime cards networks``)."""
    out = []
    for kind, title in (("show", "Shows"), ("star", "Stars"), ("ad", "Ads"), ("network", "Network cards")):
        items = [c for c in cat.cards if c.kind == kind]
        table = Table(title=f"{title} ({len(items)})", title_justify="left", show_lines=False)
        table.add_column("Id", no_wrap=True)
        table.add_column("Card")
        for c in items:
            table.add_row(c.id, card_text(cat, c.index))
        out.append(table)
    if cat.moguls is not None:  # the Moguls module's cards
        table = Table(title=f"Moguls ({len(cat.moguls.mogul)}, the Moguls module)", title_justify="left", show_lines=False)
        table.add_column("Id", no_wrap=True)
        table.add_column("Mogul")
        for m in cat.moguls.mogul:
            table.add_row(m.id, f"{m.name} — {TIMING_NAMES[m.timing]}: {m.text}")
        out.append(table)
    return out


MODULE_TITLES = {"telly_time": "Telly Time", "moguls": "Moguls", "executives": "Executives"}
LINE_BONUS_WORDS = {"star": "draw 2 stars, keep 1", "ad": "draw 2 ads, keep 1", "network": "draw 2 network cards, keep 1",
                    "mixed": "draw 1 star, 1 ad and 1 network card, keep 1", "cash": "$M at once"}


def _line_bonus(line: Any) -> str:
    return f"${line.cash}M at once" if line.bonus == "cash" else LINE_BONUS_WORDS[line.bonus]


def telly_shows(cat: Catalogue) -> list[int]:
    """The indexes of the Telly Time module's shows in a catalogue loaded with the module."""
    from primetime.games.networks.cards import default_catalogue

    base = default_catalogue().by_id
    return [c.index for c in cat.cards if c.kind == "show" and c.id not in base]


def module_json(modules: list[str]) -> dict[str, Any]:
    """The cards and boards of these expansion modules (``primetime cards networks --telly-time --json`` ...)."""
    import msgspec

    from primetime.games.networks.cards import default_catalogue, telly_catalogue
    from primetime.games.networks.executive_data import default_executives

    out: dict[str, Any] = {}
    if "telly_time" in modules:
        cat = telly_catalogue()
        assert cat.grid is not None
        out["telly_time"] = {"shows": [{**msgspec.to_builtins(cat.cards[i].defn), "words": card_text(cat, i)} for i in telly_shows(cat)],
                             "grid": msgspec.to_builtins(cat.grid)}
    if "moguls" in modules:
        mog = default_catalogue().moguls
        assert mog is not None
        out["moguls"] = {"rules": msgspec.to_builtins(mog.rules), "moguls": [msgspec.to_builtins(m) for m in mog.mogul]}
    if "executives" in modules:
        out["executives"] = {"boards": [msgspec.to_builtins(b) for b in default_executives().boards]}
    return out


def module_tables(modules: list[str]) -> list[Table]:
    """The cards and boards of these expansion modules as tables (``primetime cards networks --moguls`` ...)."""
    from primetime.games.networks.cards import default_catalogue, telly_catalogue
    from primetime.games.networks.executive_data import default_executives

    out: list[Table] = []
    if "telly_time" in modules:
        cat = telly_catalogue()
        assert cat.grid is not None
        shows = telly_shows(cat)
        table = Table(title=f"Telly Time shows ({len(shows)})", title_justify="left", show_lines=False)
        table.add_column("Id", no_wrap=True)
        table.add_column("Card")
        for i in shows:
            table.add_row(cat.cards[i].id, card_text(cat, i))
        out.append(table)
        sq = [GENRE_NAMES.get(g, g) for g in cat.grid.squares]
        table = Table(title="Telly Time Genre Grid (squares 1-9, row by row)", title_justify="left", show_header=False, show_lines=True)
        for _ in range(3):
            table.add_column()
        for r in range(3):
            table.add_row(*(f"{3 * r + c + 1}. {sq[3 * r + c]}" for c in range(3)))
        out.append(table)
        table = Table(title=f"Genre Grid lines ({len(cat.grid.lines)})", title_justify="left", show_lines=False)
        table.add_column("Line", no_wrap=True)
        table.add_column("Genres")
        table.add_column("Bonus")
        for line in cat.grid.lines:
            table.add_row(line.id, ", ".join(sq[q] for q in line.squares), _line_bonus(line))
        out.append(table)
    if "moguls" in modules:
        mog = default_catalogue().moguls
        assert mog is not None
        table = Table(title=f"Moguls ({len(mog.mogul)})", title_justify="left", show_lines=False)
        table.add_column("Id", no_wrap=True)
        table.add_column("Mogul")
        table.add_column("Timing", no_wrap=True)
        table.add_column("Effect")
        for m in mog.mogul:
            table.add_row(m.id, m.name, TIMING_NAMES[m.timing], m.text)
        out.append(table)
    if "executives" in modules:
        boards = default_executives().boards
        table = Table(title=f"Executive boards ({len(boards)})", title_justify="left", show_lines=True)
        table.add_column("Id", no_wrap=True)
        table.add_column("Executive")
        table.add_column("Complexity", justify="right")
        table.add_column("Ability")
        table.add_column("Drawback")
        for b in boards:
            name = b.name + (f"\n(needs {MODULE_TITLES.get(b.requires, b.requires)})" if b.requires else "")
            table.add_row(b.id, name, str(b.complexity), b.ability, b.drawback)
        out.append(table)
    return out
