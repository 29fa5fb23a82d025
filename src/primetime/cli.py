"""The ``primetime`` command: play, simulate, record, replay and list cards."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from primetime.bots.registry import known_bots, make_bot
from primetime.core.decision import Decision
from primetime.core.errors import RecordError
from primetime.core.game import Game, get_ruleset, load_record, replay_record
from primetime.games.networks.cards import GENRE_NAMES, GENRES, TIMESLOT_NAMES, Catalogue
from primetime.games.networks.ruleset import card_text, render
from primetime.sim import bot_seed
from primetime.sim import simulate as run_simulation
from primetime.ui.session import Renderer, Session, save_record

GAMES = {"networks": "The Networks: Primetime", "prime-time": "Prime Time"}
ALIASES = {"prime_time": "prime-time", "primetime": "prime-time"}
DEFAULT_SAVE = Path("primetime-save.json")

app = typer.Typer(
    name="primetime",
    help="The Networks: Primetime and Prime Time — play against bots, simulate, record and replay games.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _interactive() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _out() -> Console:
    return Console(highlight=False)


def _err() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print a one-line error and return the exit to raise."""
    _err().print(Text("error: ", style="bold red") + Text(message))
    return typer.Exit(code)


def check_game(name: str, generic: bool = False) -> str:
    """The game key for ``name`` (``networks`` or ``prime-time``); every command plays both."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key in GAMES:
        return key
    known = ", ".join(f"{k} ({v})" for k, v in GAMES.items())
    raise fail(f"unknown game {name!r}; known games: {known}")


def check_players(game: str, players: int) -> int:
    """``players`` if ``game`` can be played by that many."""
    rs = get_ruleset(game)
    lo, hi = int(rs.min_players), int(rs.max_players)
    if not lo <= players <= hi:
        raise fail(f"--players {players}: {GAMES[game]} is played by {lo} to {hi} players")
    return players


def options_for(game: str, pilot: str = "normal", turn_order: str = "fixed", bonds: bool = False,
                simultaneous: bool = False) -> dict[str, Any]:
    """The game's options from the command-line flags; a flag of the other game is an error."""
    if game == "prime-time":
        if pilot.strip().lower() != "normal" or turn_order.strip().lower() != "fixed":
            raise fail("--pilot and --turn-order are options of The Networks; Prime Time has --bonds and --simultaneous")
        return {"bonds": bonds, "simultaneous": simultaneous}
    if bonds or simultaneous:
        raise fail("--bonds and --simultaneous are options of Prime Time; The Networks has --pilot and --turn-order")
    return game_options(pilot, turn_order)


def check_bot(name: str) -> str:
    if name not in known_bots():
        raise fail(f"unknown bot {name!r}; known bots: {', '.join(known_bots())}")
    return name


def game_options(pilot: str, turn_order: str) -> dict[str, Any]:
    pilot = pilot.strip().lower()
    order = turn_order.strip().lower().replace("-", "_")
    if pilot not in ("normal", "simplified"):
        raise fail(f"--pilot {pilot!r}: choose normal or simplified")
    if order not in ("fixed", "low_to_high"):
        raise fail(f"--turn-order {turn_order!r}: choose fixed or low-to-high")
    return {"pilot": pilot, "turn_order": order}


def new_game(game: str, names: list[str], seed: int, options: dict[str, Any]) -> Game[Any]:
    try:
        return Game.new(game, names, seed, options)
    except ValueError as exc:
        raise fail(str(exc)) from None


# ---------------------------------------------------------------------- rendering


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
        slot = TIMESLOT_NAMES.get(d.timeslot, "any slot")
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
    return Panel(table, title=f"Market — round {view['round']} of {view['rounds']}", title_align="left")


def player_panel(entry: dict[str, Any], names: list[str], cat: Catalogue, you: bool) -> Panel:
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
    for show in entry["lineup"]:
        if show is None:
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
    tracks = [f"{GENRE_NAMES[g]} {entry['genres'][g]}" for g in GENRES if entry["genres"][g]]
    lines.append("Genre tracks: " + (" · ".join(tracks) or "—"))
    if entry.get("pilot_offer"):
        lines.append("Pilot offer: " + ", ".join(card_name(cat, c) for c in entry["pilot_offer"]))
    if entry.get("pilot_shows"):
        lines.append("Pilot shows: " + ", ".join(card_name(cat, c) for c in entry["pilot_shows"]))
    parts.append(Text("\n".join(lines)))
    return Panel(Group(*parts), title=title, title_align="left", border_style="green" if you else "blue")


def scoreboard(view: dict[str, Any], names: list[str]) -> Table:
    table = Table(title="Scoreboard", title_justify="left")
    table.add_column("Player")
    for r in range(view["rounds"]):
        table.add_column(f"R{r + 1}", justify="right")
    table.add_column("Total", justify="right", style="bold")
    for entry in view["players"]:
        sc = entry["round_scores"]
        table.add_row(names[entry["seat"]], *[str(sc[r]) if r < len(sc) else "" for r in range(view["rounds"])], str(sum(sc)))
    return table


def pass_track_line(view: dict[str, Any], names: list[str]) -> str:
    cols = []
    for i, col in enumerate(view["pass_track"]):
        what = f"${col['cash']}M" + (f" or {col['viewers']} viewers" if col["viewers"] is not None else "")
        who = ", ".join("Opponent" if q < 0 else names[q] for q in col["taken_by"])
        cols.append(f"{i + 1}: {what}" + (f" [{who}]" if who else ""))
    return "Pass track — " + " | ".join(cols)


def render_board(con: Console, game: Game[Any], viewer: int) -> None:
    view = game.view(viewer)
    cat = _cat(game)
    names = game.players
    con.rule(f"Round {view['round']} of {view['rounds']} — {view['phase']}")
    con.print(market_panel(view, cat))
    for entry in view["players"]:
        con.print(player_panel(entry, names, cat, entry["seat"] == viewer))
    con.print(scoreboard(view, names))
    render_status(con, game, viewer, view)


def render_status(con: Console, game: Game[Any], viewer: int, view: dict[str, Any] | None = None) -> None:
    view = view or game.view(viewer)
    names = game.players
    fc = view["players"][viewer]["forecast"]
    up = fc["upkeep"]
    con.print(f"[bold]Forecast[/] for {escape(names[viewer])}: {fc['viewers']} viewers this round "
              f"(lineup {fc['lineup_viewers']} + pass {fc['pass_viewers']}), upkeep {'+' if up >= 0 else '-'}${abs(up)}M")
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
        tip = f" [dim](?{i} for the card)[/]" if opt.info.get("card") else ""
        if opt.key.startswith("keep:"):
            tip = f" [dim](?{i} for the cards)[/]"
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
    "• ↻ marks an attachment upside down (its condition was not met): it uses the gray values.",
])


def final_table(game: Game[Any], title: str = "Final scores") -> Table:
    res = game.result()
    names = game.players
    table = Table(title=title, title_justify="left")
    for col in ("Player", "Rounds", "Genres", "Reruns", "Network", "Cash", "Total"):
        table.add_column(col, justify="left" if col in ("Player", "Rounds") else "right", no_wrap=col == "Rounds")
    winners = set(res.get("winners", []))
    for p, row in enumerate(res["players"]):
        rounds = "+".join(map(str, row["rounds"])) + f" = {row['rounds_total']}"
        table.add_row(names[p] + (" ★" if p in winners and len(names) > 1 else ""), rounds, str(row["genres"]),
                      str(row["reruns"]), str(row["network"]), str(row["cash"]), str(row["total"]),
                      style="bold" if p in winners else None)
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


def result_json(game: Game[Any]) -> dict[str, Any]:
    return {"players": game.players, "actions": game.seq, "over": game.is_over(), "result": game.result() or None,
            "scores": game.ruleset.scores(game.state)}


# ---------------------------------------------------------------------- play


def read_record(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text()
    except FileNotFoundError:
        raise fail(f"{path}: no such file") from None
    except OSError as exc:
        raise fail(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        return load_record(text)
    except RecordError as exc:
        raise fail(f"{path}: {exc}") from None


def resume_game(path: Path) -> Game[Any]:
    rec = read_record(path)
    try:
        return replay_record(rec)
    except RecordError as exc:
        raise fail(f"{path}: {exc}") from None
    except Exception as exc:  # an engine failure while replaying
        raise fail(f"{path}: the record does not replay: {type(exc).__name__}: {exc}") from None


def option_label(game: Game[Any], dec: Decision, key: str) -> str:
    for o in dec.options:
        if o.key == key:
            return render(o.label, game.players)
    return key


class NetworksView:
    """The terminal :class:`~primetime.ui.session.Renderer` of The Networks."""

    title = GAMES["networks"]
    rules = RULES
    follow_ups = frozenset({"prod_att", "prod_slot", "prod_genre", "prod_promo", "att_target", "ba_extra", "pick", "talent", "bonus"})

    def board(self, con: Console, game: Game[Any], viewer: int) -> None:
        render_board(con, game, viewer)

    def status(self, con: Console, game: Game[Any], viewer: int) -> None:
        render_status(con, game, viewer)

    def options(self, con: Console, game: Game[Any], dec: Decision) -> None:
        render_options(con, game, dec)

    def tooltip(self, con: Console, game: Game[Any], dec: Decision, arg: str) -> None:
        cat = _cat(game)
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


def renderer_for(game: str) -> Renderer:
    """The terminal renderer of ``game``."""
    if game == "prime-time":
        from primetime.ui.prime_time import PrimeTimeView

        return PrimeTimeView()
    return NetworksView()


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="The game to play: networks or prime-time.")] = "networks",
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players: networks 1-5 (1 = solo), prime-time 2-4.")] = 3,
    bots: Annotated[int, typer.Option("--bots", "-b", help="How many of the players are bots (they take the last seats).")] = 0,
    bot: Annotated[str, typer.Option("--bot", help="Bot type: greedy or random.")] = "greedy",
    seed: Annotated[int | None, typer.Option("--seed", help="Game seed (default: a random one, printed).")] = None,
    pilot: Annotated[str, typer.Option("--pilot", help="Pilot Season: normal or simplified.")] = "normal",
    turn_order: Annotated[str, typer.Option("--turn-order", help="Turn order: fixed or low-to-high.")] = "fixed",
    bonds: Annotated[bool, typer.Option("--bonds", help="Prime Time: the Issuing Bonds rule.")] = False,
    simultaneous: Annotated[bool, typer.Option("--simultaneous", help="Prime Time: Simultaneous Scheduling.")] = False,
    save: Annotated[Path | None, typer.Option("--save", help="Save the record here after every action.")] = None,
    resume: Annotated[Path | None, typer.Option("--resume", help="Continue a saved game.")] = None,
    name: Annotated[str | None, typer.Option("--name", help="Your name.")] = None,
) -> None:
    """Play at the terminal against bots (human seats first)."""
    game = check_game(game)
    check_bot(bot)
    con = _out()
    if resume is not None:
        g = resume_game(resume)
        rec = read_record(resume)
        stored = (rec.get("cli") or {}).get("bots")
        if isinstance(stored, dict):
            bot_names = {int(k): str(v) for k, v in stored.items() if str(v) in known_bots()}
        else:
            n = len(g.players)
            bot_names = {s: bot for s in range(n - min(bots, n), n)}
        start = g.seq
        con.print(f"Resuming {resume} after {start} actions.")
        save_path = save or resume
    else:
        check_players(game, players)
        if not 0 <= bots <= players:
            raise fail(f"--bots {bots}: choose 0 to {players}")
        humans = players - bots
        opts = options_for(game, pilot, turn_order, bonds, simultaneous)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        human_names = [name or "Player 1"] + [f"Player {i + 1}" for i in range(1, humans)]
        names = human_names[:humans] + [f"{bot.capitalize()} Bot {i + 1}" for i in range(humans, players)]
        g = new_game(game, names, seed, opts)
        bot_names = {s: bot for s in range(humans, players)}
        start = 0
        save_path = save or DEFAULT_SAVE
        mode = "solo against the automated opponent" if players == 1 else f"{players} players, {bots} bots"
        rules = [k for k in ("bonds", "simultaneous") if opts.get(k)]
        con.print(f"[bold]{GAMES[game]}[/] — {mode} — seed {seed}" + (f" — {', '.join(rules)}" if rules else ""))
    bot_objs = {s: make_bot(b, bot_seed(int(g.header["seed"]) + start, s)) for s, b in bot_names.items()}
    session = Session(con, g, bot_objs, bot_names, save_path, autosave=save is not None,
                      renderer=renderer_for(str(g.header["game"])))
    raise typer.Exit(session.run())


# ---------------------------------------------------------------------- simulate / record / replay / cards


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="The game: networks or prime-time.")] = "networks",
    players: Annotated[int, typer.Option("--players", "-p", help="Players per game (networks 1-5, prime-time 2-4).")] = 4,
    games: Annotated[int, typer.Option("--games", "-g", help="Number of games.")] = 100,
    bot: Annotated[str, typer.Option("--bot", help="Bot for every seat (random, greedy), or one per seat: greedy,random.")] = (
        "random"
    ),
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game (game i uses seed + i).")] = 0,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes (local) or CPUs of a local Ray.")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local (process pool) or ray (RAY_ADDRESS or a local Ray).")] = "local",
    bonds: Annotated[bool, typer.Option("--bonds", help="Prime Time: the Issuing Bonds rule.")] = False,
    simultaneous: Annotated[bool, typer.Option("--simultaneous", help="Prime Time: Simultaneous Scheduling.")] = False,
) -> None:
    """Play bot-only games as fast as possible and summarise them."""
    game = check_game(game, generic=True)
    for b in bot.split(","):
        check_bot(b.strip())
    if games < 1:
        raise fail("--games must be at least 1")
    check_players(game, players)
    sim_opts = options_for(game, bonds=bonds, simultaneous=simultaneous) if game == "prime-time" or bonds or simultaneous else None
    con = _out()
    try:
        if not json_out and con.is_terminal:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=con) as bar:
                task = bar.add_task("games", total=games)

                def step(done: int, total: int) -> None:
                    bar.update(task, completed=done)

                report = run_simulation(game, players, games, bot, seed, progress=step, options=sim_opts, workers=workers,
                                        backend=backend)
        else:
            report = run_simulation(game, players, games, bot, seed, options=sim_opts, workers=workers, backend=backend)
    except ValueError as exc:
        raise fail(str(exc)) from None
    if json_out:
        typer.echo(json.dumps(report))
        return
    con.print(f"[bold]{GAMES.get(game, game)}[/]: {games} games, {players} players, bots: {', '.join(report['bots'])}, "
              f"seeds {seed}–{seed + games - 1}")
    table = Table()
    table.add_column("Measure")
    table.add_column("Value", justify="right")
    rows = [
        ("games finished", f"{report['finished']} of {report['games']}"),
        ("errors", str(report["errors"])),
        ("seconds", f"{report['seconds']:.2f}"),
        ("games / second", f"{report['games_per_second']:.1f}"),
        ("decisions / second", f"{report['decisions_per_second']:.0f}"),
        ("decisions / game", f"{report['mean_decisions_per_game']:.1f}"),
        ("score mean (min–max)", f"{report['score_mean']:.1f} ({report['score_min']}–{report['score_max']})"),
        ("mean score by seat", " ".join(f"{v:.1f}" for v in report["score_mean_by_seat"])),
        ("wins by seat", " ".join(map(str, report["wins_by_seat"]))),
        ("engine build", report["build"]),
    ]
    for k, v in rows:
        table.add_row(k, v)
    con.print(table)
    if report["build"] == "pure Python" and report["seconds"] >= 30:
        con.print("Tip: the engines ran in pure Python; `make fast` compiles them (needs a C compiler): the same games, about three times faster.")
    for msg in report["error_messages"][:10]:
        con.print(Text(msg, style="red"))


@app.command()
def record(
    output: Annotated[Path, typer.Option("--output", "-o", help="Write the record (JSON) here.")],
    game: Annotated[str, typer.Argument(help="The game: networks or prime-time.")] = "networks",
    players: Annotated[int, typer.Option("--players", "-p", help="Players (networks 1-5, prime-time 2-4).")] = 4,
    bot: Annotated[str, typer.Option("--bot", help="Bot for every seat: random or greedy.")] = "random",
    seed: Annotated[int, typer.Option("--seed", help="Game seed.")] = 0,
    pilot: Annotated[str, typer.Option("--pilot", help="Pilot Season: normal or simplified.")] = "normal",
    turn_order: Annotated[str, typer.Option("--turn-order", help="Turn order: fixed or low-to-high.")] = "fixed",
    bonds: Annotated[bool, typer.Option("--bonds", help="Prime Time: the Issuing Bonds rule.")] = False,
    simultaneous: Annotated[bool, typer.Option("--simultaneous", help="Prime Time: Simultaneous Scheduling.")] = False,
) -> None:
    """Play one bot-only game and write its record."""
    game = check_game(game)
    check_bot(bot)
    check_players(game, players)
    names = [f"{bot.capitalize()} Bot {i + 1}" for i in range(players)]
    g = new_game(game, names, seed, options_for(game, pilot, turn_order, bonds, simultaneous))
    bots = [make_bot(bot, bot_seed(seed, p)) for p in range(players)]
    while not g.is_over():
        p = g.current_player()
        assert p is not None
        g.apply(p, bots[p].choose(g, g.state, p))
    try:
        save_record(g, output, {p: bot for p in range(players)})
    except OSError as exc:
        raise fail(f"{output}: cannot write: {exc.strerror or exc}") from None
    res = g.result()
    _out().print(f"Wrote {output}: {g.seq} actions, scores " + ", ".join(str(r["total"]) for r in res["players"]))


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Replay a record and print the final scores."""
    g = resume_game(file)
    if json_out:
        typer.echo(json.dumps(result_json(g)))
        return
    con = _out()
    ui = renderer_for(str(g.header["game"]))
    if not g.is_over():
        view = g.view(None)
        con.print(f"The record stops after {g.seq} actions, before the end of the game (round {view['round']}).")
        ui.progress(con, g)
        return
    con.print(f"{file}: {GAMES.get(str(g.header['game']), g.header['game'])}, seed {g.header['seed']}, {g.seq} actions.")
    ui.final(con, g)


@app.command()
def cards(
    game: Annotated[str, typer.Argument(help="The game: networks or prime-time.")] = "networks",
    json_out: Annotated[bool, typer.Option("--json", help="Print the catalogue as JSON.")] = False,
) -> None:
    """List the card catalogue."""
    if check_game(game) == "prime-time":
        from primetime.games.prime_time.cards import default_catalogue as pt_catalogue
        from primetime.ui.prime_time import cards_tables

        pt = pt_catalogue()
        if json_out:
            typer.echo(json.dumps(pt.to_json()))
            return
        for table in cards_tables(pt):
            _out().print(table)
        return
    from primetime.games.networks.cards import default_catalogue

    cat = default_catalogue()
    if json_out:
        typer.echo(json.dumps(cat.to_json()))
        return
    con = _out()
    for kind, title in (("show", "Shows"), ("star", "Stars"), ("ad", "Ads"), ("network", "Network cards")):
        items = [c for c in cat.cards if c.kind == kind]
        table = Table(title=f"{title} ({len(items)})", title_justify="left", show_lines=False)
        table.add_column("Id", no_wrap=True)
        table.add_column("Card")
        for c in items:
            table.add_row(c.id, card_text(cat, c.index))
        con.print(table)


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    data: Annotated[Path, typer.Option("--data", help="Folder for the SQLite database (unless PRIMETIME_DATABASE_URL is set).")] = Path("data"),
) -> None:
    """Start the web server (lobby, tables, play in the browser) and print its URL."""
    from primetime.server.cli import serve as run_server

    run_server(host, port, str(data))


# Tournaments and the balance report: their commands live with their modules.
from primetime.balance import balance_command  # noqa: E402
from primetime.tournament import tournament_command  # noqa: E402

app.command("tournament")(tournament_command)
app.command("balance")(balance_command)


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
