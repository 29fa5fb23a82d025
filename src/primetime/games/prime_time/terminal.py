"""Prime Time at the terminal: the board, the TV Guides, options and final scores.

Everything shown comes from ``game.view(viewer)``, so a player sees their own hand and
face-down talents and nobody else's, and during Simultaneous Scheduling the other guides
as they stood before scheduling.  Cubes are written as coloured letters so a transcript
without colours still reads: ``■ pink`` is a cube (black ones are wild), ``□ blue`` an empty
space of that colour, ``□ any`` an empty space that takes any colour.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from primetime.core.decision import Decision, fill_names
from primetime.core.game import Game
from primetime.games.prime_time.cards import (
    COLOURS,
    DURATION_NAMES,
    GENRE_NAMES,
    TIER_NAMES,
    TYPE_NAMES,
    Catalogue,
    ShowDef,
    default_catalogue,
)
from primetime.games.prime_time.text import card_text
from primetime.games.prime_time.web import round_summaries

TITLE = "Prime Time"
DAY_NAMES = {"mon": "Monday", "tue": "Tuesday", "wed": "Wednesday", "thu": "Thursday", "fri": "Friday"}
ROW_NAMES = ("lower", "middle", "top")
LETTER = {"pink": "P", "orange": "O", "yellow": "Y", "blue": "B", "green": "G", "black": "K", "any": "*"}
STYLE = {"pink": "magenta", "orange": "dark_orange", "yellow": "yellow", "blue": "blue", "green": "green",
         "black": "bold bright_white on grey23", "any": "white"}
PHASES = {"setup": "setup", "dev": "development: token placement", "bids": "development: bids resolved",
          "schedule": "broadcasting: scheduling", "ratings": "broadcasting: ratings war", "over": "game over"}
VP_PARTS = ("golf", "hotness", "most_talents", "best_show", "variety", "boardroom", "bonds", "cash")

RULES = "\n".join([
    "[bold]Prime Time — quick reference[/]",
    "• 6 rounds in two seasons of 3; Awards Ceremonies after rounds 3 and 6.  Most VP wins "
    "(tie: the highest printed min bids face up on the TV Guide).",
    "• Development: in turn order, place your 3 tokens one at a time.  Bid on a Show or Talent space "
    "(more than the high bid, at least the min bid, at most $16 Gold / $7 Silver; the money is paid at once and "
    "returned if you are outbid), or use an action: R&D ($1, move up the turn order), Archives (a Re-Run), "
    "Golf (+1 VP), PR (move or switch demographic cubes), HR (loan a talent face down for $1 Silver / $4 Gold).",
    "• Bids resolve left to right, Shows first; an outbid token may buy a card left on the board "
    "($1 Silver / $4 Gold), use a free action space, or come back.",
    "• Broadcasting: the round's Forecast row joins the daily pools.  Schedule shows from hand on free days, "
    "Re-Runs, talents on Series and Mini Series (one of each type), and move up to 2 shows already on your guide.",
    "• Ratings war, day by day: first each player takes as many cubes as their show's potential (stars + 1 per "
    "talent of the show's genre), then anyone may take the remaining cubes.  Black cubes fit any space.",
    "• A show with no cube on its card is canceled (a Re-Run replaces it); a talent with no cube turns face down.",
    "• Clients go to the first player whose cubes meet them (earliest day, then turn order); 5 genres on air "
    "(4 with 2 players) earns a Variety token; your best day's cube count lifts your hotness marker.",
    "• Awards: 1 VP per player behind you on the hotness track (2 with 2 players), Most Talents and Best Show "
    "3/2/1, 1 VP per Variety token, the three Boardroom cards, −1 VP per bond.",
    "• Income: $2 per cube.  Single Shows leave after their round, Mini Series after the season.  "
    "Game end: +1 VP per $3 left (after the bond value).",
    "• Cubes: ■ and a colour = a cube (black cubes are wild), □ and a colour = an empty space that takes that "
    "colour, □ any = an empty space for any colour.",
])


def _cat(game: Game[Any]) -> Catalogue:
    cat = getattr(game.state, "cat", None)
    return cat if isinstance(cat, Catalogue) else default_catalogue()


def cube(colour: str) -> Text:
    """A cube: a filled square and its colour's name ("■ pink")."""
    return Text(f"■ {colour}", style=STYLE[colour])


def empty_space(colour: str) -> Text:
    """An empty space on a card: an open square and the colour it takes ("□ blue", "□ any")."""
    return Text(f"□ {colour}", style="dim " + STYLE[colour] if colour != "any" else "dim")


def spaces_text(spaces: list[str], cubes: list[str | None] | None = None) -> Text:
    """A card's cube spaces in words: the cube on each (■ and its colour), or the empty space's colour (□)."""
    out = Text()
    for i, sp in enumerate(spaces):
        c = cubes[i] if cubes is not None and i < len(cubes) else None
        if i:
            out += " "
        out += cube(c) if c is not None else empty_space(sp)
    return out


def colour_counts(counts: dict[str, int]) -> Text:
    out = Text()
    for colour in COLOURS:
        k = counts.get(colour, 0)
        if k:
            if out:
                out += " "
            out += Text(f"{k} {colour}", style=STYLE[colour])
    return out or Text("—", style="dim")


def stars(k: int) -> str:
    return "★" * k


def card_name(cat: Catalogue, cid: str) -> str:
    if cid == "rerun":
        return cat.rerun.name if cat.rerun is not None else "Re-Run"
    return cat.card(cid).name


def card_spaces(cat: Catalogue, cid: str) -> list[str]:
    if cid == "rerun":
        return list(cat.rerun.spaces) if cat.rerun is not None else ["any"]
    return list(cat.card(cid).spaces)


def card_summary(cat: Catalogue, cid: str) -> Text:
    """A Show or Talent on one line: kind, tier, min bid, stars and cube spaces."""
    d = cat.card(cid)
    kind = DURATION_NAMES[d.duration] if isinstance(d, ShowDef) else TYPE_NAMES[d.type]
    out = Text(f"{GENRE_NAMES[d.genre]} {kind} · {TIER_NAMES[d.tier]} · min ${d.min_bid}", style="dim")
    if d.stars:
        out += Text(" " + stars(d.stars), style="yellow")
    return out + Text(" · ", style="dim") + spaces_text(list(d.spaces))


def client_text(cat: Catalogue, client_id: str) -> Text:
    cl = cat.clients[cat.client_by_id[client_id]]
    out = Text(cl.name + " (")
    for i, (colour, k) in enumerate(cl.needs.items()):
        if i:
            out += " "
        out += Text(f"{k} {colour}", style=STYLE[colour])
    return out + Text(f" → ${cl.cash})")


def boardroom_text(cat: Catalogue, br_id: str) -> str:
    b = cat.boardroom[cat.br_by_id[br_id]]
    return f"{b.name}: {b.text}" if b.text else b.name


# ---------------------------------------------------------------------- board


def board_panel(view: dict[str, Any], cat: Catalogue, names: list[str]) -> Panel:
    board = view["board"]
    table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    table.add_column("Space", no_wrap=True)
    table.add_column("Card")
    table.add_column("Details")
    table.add_column("Bids", no_wrap=True)
    for kind, title in (("shows", "Show"), ("talents", "Talent")):
        for i, sp in enumerate(board[kind]):
            label = f"{title} {i + 1} {TIER_NAMES[sp['tier']]}"
            if not sp["open"]:
                table.add_row(label, Text("closed (2 players)", style="dim"), "", "")
                continue
            if sp["card"] is None:
                table.add_row(label, Text("—", style="dim"), "", "")
                continue
            bids = ", ".join(f"{names[b['player']]} ${b['amount']}" for b in sp["bids"])
            table.add_row(label, Text(card_name(cat, sp["card"]), style="bold"), card_summary(cat, sp["card"]), bids)
    lines = Text()

    def who(seats: list[int]) -> str:
        return ", ".join(names[q] for q in seats) or "—"

    lines.append(f"R&D (top first): {who(list(reversed(board['rd'])))}  ·  Archives: {who(board['archives'])}  ·  "
                 f"Golf: {who(board['golf'])}  ·  PR: {who(board['pr'])}  ·  HR: {who(board['hr'])}\n")
    lines.append("Clients: ")
    for i, cl in enumerate(board["clients"]):
        if i:
            lines.append("  ·  ")
        lines.append_text(client_text(cat, cl))
    if not board["clients"]:
        lines.append("—")
    lines.append("\nBoardroom: " + ("  |  ".join(boardroom_text(cat, b) for b in board["boardroom"] if b) or "—") + "\n")
    decks = view["decks"]
    lines.append(f"Supply: {board['reruns']} Re-Runs · {board['variety']} Variety tokens · {board['bag']} cubes in the bag · "
                 f"decks: {decks['shows']} shows, {decks['talents']} talents, {decks['clients']} clients", style="dim")
    return Panel(Group(table, lines), title=f"Board — round {view['round']} of {view['rounds']}", title_align="left")


def cubes_table(view: dict[str, Any]) -> Table:
    """The daily pools and the Forecast rows, day by day."""
    days = view["days"]
    table = Table(box=None, pad_edge=False, header_style="bold", title="Demographic cubes", title_justify="left")
    table.add_column("")
    for d in days:
        table.add_column(DAY_NAMES[d][:3], no_wrap=True)
    table.add_row("Pool", *[colour_counts(view["board"]["pools"][d]) for d in days])
    season_rounds = len(view["board"]["forecast"]) or 3
    now = (view["round"] - 1) % season_rounds
    for r in reversed(range(len(view["board"]["forecast"]))):
        row = view["board"]["forecast"][r]
        name = ROW_NAMES[r] if r < len(ROW_NAMES) else str(r)
        mark = " ◀" if r == now and view["phase"] in ("setup", "dev", "bids") else ""
        table.add_row(f"Forecast {name}{mark}", *[cube(c) if c is not None else Text("·", style="dim") for c in row])
    return table


def order_line(view: dict[str, Any], names: list[str]) -> Text:
    out = Text("Turn order: ", style="bold")
    out.append(", ".join(f"{i + 1}. {names[q]}" for i, q in enumerate(view["turn_order"])))
    hot = sorted(view["players"], key=lambda e: (-e["hotness"], e["hotness_stack"]))
    out.append("   Hotness: ", style="bold")
    out.append(", ".join(f"{names[e['seat']]} {e['hotness']}" for e in hot))
    return out


def guide_table(entry: dict[str, Any], view: dict[str, Any], cat: Catalogue) -> Table:
    table = Table(box=None, pad_edge=False, header_style="bold")
    for col in ("Day", "Show", "Talents", "Cubes", "Primary cubes"):
        table.add_column(col)
    for d in view["days"]:
        sl = entry["guide"].get(d)
        if sl is None:
            table.add_row(DAY_NAMES[d][:3], Text("—", style="dim"), "", "", "")
            continue
        show = sl["show"]
        if show is None:
            name = Text("(canceled)", style="dim")
            cubes = Text()
        else:
            name = Text(card_name(cat, show["card"]))
            if show["card"] != "rerun":
                d_ = cat.card(show["card"])
                if isinstance(d_, ShowDef):
                    name.append(f" {GENRE_NAMES[d_.genre]}/{DURATION_NAMES[d_.duration]}", style="dim")
                if d_.stars:
                    name.append(" " + stars(d_.stars), style="yellow")
            cubes = spaces_text(card_spaces(cat, show["card"]), show["cubes"])
        tal = Text()
        for i, t in enumerate(sl["talents"]):
            if i:
                tal.append(", ")
            tal.append(card_name(cat, t["card"]))
            if cat.card(t["card"]).stars:
                tal.append(" " + stars(cat.card(t["card"]).stars), style="yellow")
            cubes += Text(" ") + spaces_text(card_spaces(cat, t["card"]), t["cubes"])
        table.add_row(DAY_NAMES[d][:3], name, tal, cubes, str(sl["potential"]))
    return table


def player_panel(entry: dict[str, Any], view: dict[str, Any], cat: Catalogue, names: list[str], you: bool) -> Panel:
    seat = entry["seat"]
    bonds = entry["bonds"]
    head = f"{names[seat]}{' (you)' if you else ''} — ${entry['cash']} — {entry['vp']} VP"
    if view["options"]["bonds"]:
        head += f" — bonds ${sum(bonds)} ({len(bonds)})"
    lines = Text()
    lines.append(f"Hotness {entry['hotness']} · Variety tokens {entry['variety']} · Tokens left {entry['tokens_left']}")
    lines.append(" · Clients: " + (", ".join(cat.clients[cat.client_by_id[c]].name for c in entry["clients"]) or "—"))
    lines.append("\n")
    if "hand" in entry:
        hand = entry["hand"]
        lines.append("Hand: ", style="bold")
        items = [card_name(cat, c) for c in hand["shows"]] + [card_name(cat, c) for c in hand["talents"]]
        if hand["reruns"]:
            items.append(f"{hand['reruns']} Re-Run{'s' if hand['reruns'] != 1 else ''}")
        lines.append(", ".join(items) or "—")
        if entry.get("facedown"):
            lines.append("  ·  Face down: " + ", ".join(card_name(cat, c) for c in entry["facedown"]))
        if entry.get("offer"):
            lines.append("  ·  Starting offer: " + ", ".join(card_name(cat, c) for c in entry["offer"]))
    else:
        hc = entry["hand_counts"]
        lines.append(f"Hand: {hc['shows']} shows, {hc['talents']} talents, {hc['reruns']} Re-Runs", style="dim")
        if entry["facedown_count"]:
            lines.append(f"  ·  {entry['facedown_count']} face down", style="dim")
        if entry.get("offer_count"):
            lines.append(f"  ·  choosing from {entry['offer_count']} starting shows", style="dim")
    parts: list[Any] = [lines]
    if any(sl is not None for sl in entry["guide"].values()):
        parts.append(guide_table(entry, view, cat))
    else:
        parts.append(Text("TV Guide: empty", style="dim"))
    return Panel(Group(*parts), title=head, title_align="left", border_style="green" if you else "blue")


def hand_table(entry: dict[str, Any], cat: Catalogue) -> Table | None:
    """The viewer's own Show and Talent cards with their numbers."""
    hand = entry.get("hand")
    if not hand or not (hand["shows"] or hand["talents"]):
        return None
    table = Table(box=None, pad_edge=False, show_header=False)
    table.add_column("card", style="bold")
    table.add_column("details")
    for c in hand["shows"] + hand["talents"]:
        table.add_row(card_name(cat, c), card_summary(cat, c))
    return table


def log_panel(view: dict[str, Any], names: list[str], lines: int = 8) -> Panel | None:
    log = view["log"][-lines:]
    if not log:
        return None
    return Panel("\n".join(escape(fill_names(line, names)) for line in log), title="Recent events", title_align="left",
                 style="dim")


# ---------------------------------------------------------------------- the renderer


class PrimeTimeView:
    """The terminal renderer of Prime Time (the ``Renderer`` of :mod:`primetime.ui.session`)."""

    title = TITLE
    rules = RULES
    follow_ups = frozenset({"amount", "pr", "pr_add", "pr_to", "pr_swap", "pr_swap2", "sched", "cube"})

    def board(self, con: Console, game: Game[Any], viewer: int) -> None:
        view = game.view(viewer)
        cat = _cat(game)
        names = game.players
        season = (view["round"] - 1) // 3 + 1
        con.rule(f"Round {view['round']} of {view['rounds']} (season {season}) — {PHASES.get(view['phase'], view['phase'])}")
        # the others first, then the board, the viewer's own network and hand, the log and the
        # options last, at the bottom of the screen, where a terminal keeps them in view
        for entry in view["players"]:
            if entry["seat"] != viewer:
                con.print(player_panel(entry, view, cat, names, False))
        con.print(board_panel(view, cat, names))
        con.print(cubes_table(view))
        con.print(order_line(view, names))
        con.print(player_panel(view["players"][viewer], view, cat, names, True))
        own = hand_table(view["players"][viewer], cat)
        if own is not None:
            con.print(Panel(own, title="Your cards", title_align="left", border_style="green"))
        panel = log_panel(view, names)
        if panel is not None:
            con.print(panel)

    def status(self, con: Console, game: Game[Any], viewer: int) -> None:
        view = game.view(viewer)
        cat = _cat(game)
        names = game.players
        pend = view["pending"] or {}
        kind = pend.get("kind")
        me = view["players"][viewer]
        if kind == "sched":
            con.print(cubes_table(view))
            con.print(player_panel(me, view, cat, names, True))
            own = hand_table(me, cat)
            if own is not None:
                con.print(own)
        elif kind == "cube":
            self.day_status(con, game, view, viewer)
        elif kind in ("pr", "pr_add", "pr_to", "pr_swap", "pr_swap2"):
            con.print(cubes_table(view))
        elif kind == "amount":
            prompt = pend.get("prompt", "")
            for space in view["board"]["shows"] + view["board"]["talents"]:
                c = space["card"]
                if c is not None and f" on {card_name(cat, c)}?" in prompt:
                    bids = ", ".join(f"{names[b['player']]} ${b['amount']}" for b in space["bids"]) or "no bids yet"
                    con.print(Text(card_name(cat, c) + "  ", style="bold") + card_summary(cat, c) + Text(f"  · {bids}"))
                    break
            con.print(f"[bold]{escape(names[viewer])}[/]: ${me['cash']}" + (" (bonds may cover the rest)" if view["options"]["bonds"] else ""))
        else:
            con.print(f"[bold]{escape(names[viewer])}[/]: ${me['cash']} · {me['vp']} VP · tokens left {me['tokens_left']}")

    def day_status(self, con: Console, game: Game[Any], view: dict[str, Any], viewer: int) -> None:
        """The day being rated: its pool, every player's cards that day, the clients."""
        cat = _cat(game)
        names = game.players
        prompt = (view["pending"] or {}).get("prompt", "")
        days = [d for d, nm in DAY_NAMES.items() if f"{nm} — " in prompt]
        if not days:
            return
        day = days[0]
        table = Table(box=None, pad_edge=False, header_style="bold", title_justify="left",
                      title=Text(f"{DAY_NAMES[day]} — pool ") + colour_counts(view["board"]["pools"][day]))
        table.add_column("Player")
        table.add_column("Show")
        table.add_column("Cubes")
        table.add_column("Primary cubes")
        for entry in view["players"]:
            sl = entry["guide"].get(day)
            if sl is None:
                continue
            show = sl["show"]
            cubes = spaces_text(card_spaces(cat, show["card"]), show["cubes"]) if show is not None else Text()
            for t in sl["talents"]:
                cubes += Text(" ") + spaces_text(card_spaces(cat, t["card"]), t["cubes"])
            name = card_name(cat, show["card"]) if show is not None else "(canceled)"
            if sl["talents"]:
                name += " + " + ", ".join(card_name(cat, t["card"]) for t in sl["talents"])
            style = "bold" if entry["seat"] == viewer else ""
            table.add_row(names[entry["seat"]], Text(name, style=style), cubes, str(sl["potential"]))
        con.print(table)
        if view["board"]["clients"]:
            line = Text("Clients: ")
            for i, cl in enumerate(view["board"]["clients"]):
                if i:
                    line.append("  ·  ")
                line.append_text(client_text(cat, cl))
            con.print(line)

    def options(self, con: Console, game: Game[Any], dec: Decision) -> None:
        cat = _cat(game)
        names = game.players
        if dec.kind == "keep":
            offer = game.view(dec.player)["players"][dec.player].get("offer", [])
            table = Table(box=None, show_header=False, pad_edge=False)
            table.add_column("card", style="bold")
            table.add_column("details")
            for c in offer:
                table.add_row(card_name(cat, c), card_summary(cat, c))
            con.print(table)
        con.print(Text(fill_names(dec.prompt, names), style="bold"))
        width = len(str(len(dec.options)))
        for i, opt in enumerate(dec.options, 1):
            tip = f" [dim](?{i} for the card)[/]" if opt.info.get("card") else ""
            con.print(f"  [cyan]{i:>{width}}[/]  {escape(fill_names(opt.label, names))}{tip}")
        con.print("[dim]Type a number · ?N card text · b board · h rules · s save · q save and quit[/]")

    def tooltip(self, con: Console, game: Game[Any], dec: Decision, arg: str) -> None:
        cat = _cat(game)
        if arg.isdigit() and 1 <= int(arg) <= len(dec.options):
            opt = dec.options[int(arg) - 1]
            ids = [str(opt.info["card"])] if opt.info.get("card") else []
            if dec.kind == "keep":
                ids = list(game.view(dec.player)["players"][dec.player].get("offer", [])) or ids
            if not ids:
                con.print(f"Option {arg} is not about a card.")
            for cid in ids:
                con.print(Panel(card_text(cat, cid), title=card_name(cat, cid), title_align="left"))
            return
        text = card_lookup(cat, arg)
        if text is not None:
            con.print(Panel(text[1], title=text[0], title_align="left"))
            return
        con.print(f"Type ?N with an option number from 1 to {len(dec.options)} (or ?<card name>).")

    def mark(self, game: Game[Any]) -> int:
        return len(game.view(None)["log"])

    def moved(self, con: Console, game: Game[Any], dec: Decision, key: str, mark: Any, bot: bool) -> None:
        """Print what the move made public: the new lines of the game log."""
        names = game.players
        for line in game.view(None)["log"][int(mark):]:
            con.print(Text(fill_names(line, names), style="magenta" if bot and str(line).startswith(f"{{P{dec.player + 1}}}") else ""))

    def final(self, con: Console, game: Game[Any]) -> None:
        con.print(final_table(game))
        res = game.result()
        won = [game.players[w] for w in res.get("winners", [])]
        con.print(("Winner: " if len(won) == 1 else "Shared win: ") + ", ".join(won))

    def progress(self, con: Console, game: Game[Any]) -> None:
        """The scores so far of an unfinished game."""
        view = game.view(None)
        table = Table(title=f"Round {view['round']} of {view['rounds']} — {PHASES.get(view['phase'], view['phase'])}",
                      title_justify="left")
        for col in ("Player", "VP", "Cash", "Bonds", "Hotness", "Variety", "Clients"):
            table.add_column(col, justify="left" if col == "Player" else "right")
        for e in view["players"]:
            table.add_row(game.players[e["seat"]], str(e["vp"]), f"${e['cash']}", f"${sum(e['bonds'])}", str(e["hotness"]),
                          str(e["variety"]), str(len(e["clients"])))
        con.print(table)

    def round_summary(self, con: Console, game: Game[Any]) -> None:
        """The last round that ended, as the browser's round summary: cubes, income, clients, awards, notes."""
        view = game.view(None)
        sums = round_summaries(view.get("log") or [], len(view["players"]))
        if sums:
            con.print(round_table(sums[-1], game.players))


def round_table(summary: dict[str, Any], names: list[str]) -> Table:
    """One round's summary (``web.round_summaries``) as a table."""
    rows = summary["players"]
    awards = any(r["awards"] is not None for r in rows)
    table = Table(title=f"Round {summary['round']} summary", title_justify="left")
    for col in ["Network", "Cubes", "Income", "Clients"] + (["Awards"] if awards else []) + ["Notes"]:
        table.add_column(col)
    for r in rows:
        notes = ([f"+{r['variety']} Variety"] if r["variety"] else []) + \
            ([f"Hotness {r['hotness']}"] if r["hotness"] is not None else []) + \
            ([f"canceled: {', '.join(r['canceled'])}"] if r["canceled"] else [])
        cells = [names[r["seat"]], "—" if r["cubes"] is None else str(r["cubes"]),
                 "—" if r["income"] is None else f"${r['income']}",
                 f"{', '.join(r['clients'])} (+${r['client_cash']})" if r["clients"] else "—"]
        if awards:
            cells.append("—" if r["awards"] is None else f"{r['awards']} VP" + (f" ({r['awards_detail']})" if r["awards_detail"] else ""))
        table.add_row(*cells, "; ".join(notes) or "—")
    return table


def card_lookup(cat: Catalogue, arg: str) -> tuple[str, str] | None:
    """(title, text) of a Show, Talent, client or Boardroom card by id or name."""
    want = arg.strip().lower()
    if not want:
        return None
    for i, cid in enumerate(cat.ids):
        if cid.lower() == want or cat.names[i].lower() == want:
            return cat.names[i], card_text(cat, cid)
    for cl in cat.clients:
        if cl.id.lower() == want or cl.name.lower() == want:
            needs = ", ".join(f"{k} {c}" for c, k in cl.needs.items())
            return cl.name, f"{cl.name} — client: needs {needs} on your TV Guide cards (black cubes are wild); pays ${cl.cash}."
    for b in cat.boardroom:
        if b.id.lower() == want or b.name.lower() == want:
            return b.name, b.text or b.name
    return None


def final_table(game: Game[Any], title: str = "Final scores") -> Table:
    """Where every player's VP came from: one column per player, so 4 players fit 80 columns."""
    res = game.result()
    names = game.players
    winners = set(res.get("winners", []))
    table = Table(title=title, title_justify="left")
    table.add_column("VP from")
    for p, name in enumerate(names):
        table.add_column(name + (" ★" if p in winners else ""), justify="right", style="bold" if p in winners else None)
    rows = res["players"]
    labels = {"golf": "Golf", "hotness": "Hotness", "most_talents": "Most Talents", "best_show": "Best show",
              "variety": "Variety", "boardroom": "Boardroom", "bonds": "Bonds", "cash": "Cash"}
    for k in VP_PARTS:
        table.add_row(labels[k], *[str(r[k]) for r in rows])
    table.add_row(Text("Total", style="bold"), *[Text(str(r["total"]), style="bold") for r in rows], end_section=True)
    table.add_row("Cash left / bonds", *[f"${r['cash_left']} / ${r['bond_value']}" for r in rows])
    table.add_row("Tie-break value", *[str(r["tiebreak_value"]) for r in rows])
    return table


def cards_tables(cat: Catalogue) -> list[Table]:
    """The whole card set as tables, for ``primetime cards prime-time``."""
    out = []
    for title, items in (("Shows", cat.shows), ("Talents", cat.talents)):
        table = Table(title=f"{title} ({len(items)})", title_justify="left")
        table.add_column("Id", no_wrap=True)
        table.add_column("Card")
        for d in items:
            table.add_row(d.id, card_text(cat, d.id))
        out.append(table)
    table = Table(title=f"Clients ({len(cat.clients)})", title_justify="left")
    table.add_column("Id", no_wrap=True)
    table.add_column("Client")
    for cl in cat.clients:
        table.add_row(cl.id, client_text(cat, cl.id))
    out.append(table)
    table = Table(title=f"Boardroom cards ({len(cat.boardroom)})", title_justify="left")
    table.add_column("Id", no_wrap=True)
    table.add_column("Deck")
    table.add_column("Card")
    decks = {c.id: c.name for c in cat.characters}
    for b in cat.boardroom:
        table.add_row(b.id, decks.get(b.deck, b.deck), boardroom_text(cat, b.id) + (" (Issuing Bonds only)" if b.bonds_only else ""))
    out.append(table)
    if cat.rerun is not None:
        table = Table(title=f"Re-Runs ({cat.rerun.count})", title_justify="left")
        table.add_column("Card")
        table.add_row(f"{cat.rerun.name} — a Single Show with no genre and no stars; one cube space for any colour.")
        out.append(table)
    return out
