"""A fingerprint of everything the games do, to show that a change of layout changed no behaviour.

    python tools/fingerprint.py                  # both games, every section, then The Networks' modules
    python tools/fingerprint.py networks         # one game (with its modules)
    python tools/fingerprint.py --base networks  # the base game only, without the module lines

Each line is one section and its SHA-256: seeded random games (every legal-key list, every
chosen key, decisions with their prompts, labels and infos, per-seat views, JSON states, clones
played ahead, final scores), bot games (greedy and mcts:easy choose every move), the card texts,
the terminal screens and the browser's catalogue and views.  Run it before and after a change, in
pure Python (``PRIMETIME_PURE=1``) and compiled: every line must stay the same.

The base games' lines come first and do not depend on the modules.  Then The Networks' expansion
modules (Telly Time, Moguls, Executives), each alone and all three together, get the same sections
on lines named ``networks+<module>...``: fewer random games (``MODULE_GAMES`` per player count),
the module's cards and boards, and the same terminal and browser screens with the module on.

It only uses the public API (the ruleset by name, bots by name, the game plugin), so it runs on
any layout that keeps that API.
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
from pathlib import Path
from typing import Any

from primetime.core.game import Game, get_ruleset
from primetime.core.rng import Rng


def dump(x: Any) -> bytes:
    return json.dumps(x, sort_keys=True, separators=(",", ":"), default=str).encode()


# The Networks' expansion modules: each alone, then all three together.
MODULE_SETS: tuple[tuple[str, ...], ...] = (("telly_time",), ("moguls",), ("executives",), ("telly_time", "moguls", "executives"))
MODULE_GAMES = 3  # random games per player count with modules on (the base games play 6)


def options(game: str, n: int, g: int, modules: tuple[str, ...] = ()) -> dict[str, Any]:
    if game == "networks":
        opts: dict[str, Any] = {"pilot": ("normal", "simplified")[g % 2], "log": g % 3 == 0}
        if n > 1 and g % 4 >= 2:
            opts["turn_order"] = "low_to_high"
        for m in modules:
            opts[m] = True
        return opts
    return {"bonds": g % 2 == 1, "simultaneous": g % 4 >= 2, "log": g % 3 == 0}


def seats(game: str) -> range:
    return range(1, 6) if game == "networks" else range(2, 5)


def decision_json(rs: Any, state: Any) -> Any:
    dec = rs.decision(state)
    if dec is None:
        return None
    return dec.to_json()


def random_games(game: str, per: int = 6, modules: tuple[str, ...] = ()) -> str:
    rs = get_ruleset(game)
    h = hashlib.sha256()
    decisions = 0
    for n in seats(game):
        for g in range(per):
            opts = rs.validate_options(options(game, n, g, modules), n)
            state = rs.new_state(opts, 1000 * n + g, n)
            pick = Rng(77 * g + n)
            step = 0
            while not rs.is_over(state):
                keys = rs.legal_keys(state)
                h.update(dump([rs.current_player(state), keys]))
                if step % 11 == 3:
                    h.update(dump(decision_json(rs, state)))
                    h.update(dump(rs.explain_illegal(state, "no-such-key")))
                if step % 37 == 5:
                    h.update(dump(rs.to_json(state)))
                    for viewer in [None, *range(n)]:
                        h.update(dump(rs.view(state, viewer)))
                    ahead = rs.clone(state)
                    for _ in range(25):
                        if rs.is_over(ahead):
                            break
                        k = rs.legal_keys(ahead)
                        rs.apply_key(ahead, k[pick.below(len(k))])
                    h.update(dump(rs.to_json(ahead)))
                rs.apply_key(state, keys[pick.below(len(keys))])
                step += 1
            decisions += step
            h.update(dump([rs.to_json(state), rs.scores(state), rs.result(state)]))
    return f"{decisions} {h.hexdigest()}"


def bot_games(game: str, bot: str, games: list[tuple[int, int]], modules: tuple[str, ...] = ()) -> str:
    from primetime.bots.registry import make_bot

    h = hashlib.sha256()
    for n, seed in games:
        g = Game.new(game, [f"P{i + 1}" for i in range(n)], seed, options(game, n, seed, modules))
        bots = [make_bot(bot, 31 * seed + p) for p in range(n)]
        while not g.is_over():
            p = g.current_player()
            assert p is not None
            key = bots[p].choose(g, g.state, p)
            h.update(dump([p, key]))
            g.apply(p, key)
        h.update(dump(g.record()))
        h.update(dump(g.result()))
    return h.hexdigest()


def plugin_of(game: str) -> Any:
    try:
        from primetime.core.plugin import get_plugin
    except ImportError:
        return None
    return get_plugin(game)


def card_texts(game: str) -> str:
    plugin = plugin_of(game)
    if plugin is not None:
        cat, text = plugin.catalogue(), plugin.card_text
    elif game == "networks":
        from primetime.games.networks.cards import default_catalogue
        from primetime.games.networks.ruleset import card_text as text

        cat = default_catalogue()
    else:
        from primetime.games.prime_time.cards import default_catalogue as pt_default
        from primetime.games.prime_time.ruleset import card_text as text

        cat = pt_default()
    ids = [c.id for c in cat.cards] if hasattr(cat, "cards") else list(cat.ids)
    h = hashlib.sha256()
    import primetime

    package = str(Path(primetime.__file__).resolve().parent)  # the data folder's path is in the catalogue
    h.update(dump(cat.to_json()).replace(package.encode(), b"<package>"))
    for cid in ids:
        h.update(dump([cid, text(cat, cid)]))
    return h.hexdigest()


def module_cards(game: str, modules: tuple[str, ...]) -> str:
    """The modules' own cards and boards (``primetime cards networks --moguls --json`` ...), and with
    Telly Time the words of every card of its catalogue (its shows join the standard ones)."""
    plugin = plugin_of(game)
    assert plugin is not None
    h = hashlib.sha256()
    import primetime

    package = str(Path(primetime.__file__).resolve().parent)
    h.update(dump(plugin.module_json(list(modules))).replace(package.encode(), b"<package>"))
    if "telly_time" in modules:
        from primetime.games.networks.cards import telly_catalogue

        cat = telly_catalogue()
        for c in cat.cards:
            h.update(dump([c.id, plugin.card_text(cat, c.id)]))
    return h.hexdigest()


def terminal(game: str, modules: tuple[str, ...] = ()) -> str:
    """The terminal screens (board, status, options, a tooltip, a bot move, the final table) of one greedy game."""
    from rich.console import Console

    from primetime.bots.registry import make_bot

    plugin = plugin_of(game)
    if plugin is not None:
        ui = plugin.renderer()
    else:
        from primetime.cli import renderer_for

        ui = renderer_for(game)
    h = hashlib.sha256()
    n = 3
    g = Game.new(game, ["Ann", "Ben", "Cy"], 5, options(game, n, 0, modules))
    bots = [make_bot("greedy", p) for p in range(n)]
    step = 0
    while not g.is_over():
        p = g.current_player()
        assert p is not None
        dec = g.pending()
        assert dec is not None
        key = bots[p].choose(g, g.state, p)
        if step % 9 == 0:
            con = Console(file=io.StringIO(), width=140, record=True, color_system=None)
            ui.board(con, g, p)
            ui.status(con, g, p)
            ui.options(con, g, dec)
            ui.tooltip(con, g, dec, "1")
            mark = ui.mark(g)
            g.apply(p, key)
            ui.moved(con, g, dec, key, mark, True)
            h.update(con.export_text().encode())
        else:
            g.apply(p, key)
        step += 1
    con = Console(file=io.StringIO(), width=140, record=True, color_system=None)
    ui.final(con, g)
    ui.progress(con, g)
    h.update(con.export_text().encode())
    return h.hexdigest()


def browser(game: str, modules: tuple[str, ...] = ()) -> str:
    """What the server sends: the catalogue with card words and rendered views of one random game."""
    try:
        from primetime.server.views import card_ids, catalogue_json, render_view
    except ImportError:
        from primetime.server.messages import card_ids, catalogue_json, render_view
    h = hashlib.sha256()
    h.update(catalogue_json("telly_time" if "telly_time" in modules else "base", game))
    names = ["Ann", "Ben", "Cy"]
    g = Game.new(game, names, 9, options(game, 3, 1, modules))
    pick = Rng(9)
    step = 0
    while not g.is_over():
        keys = g.ruleset.legal_keys(g.state)
        if step % 13 == 0:
            for seat in (None, 0, 1, 2):
                h.update(dump(render_view(g.view(seat), names, card_ids(g), {})))
        p = g.current_player()
        assert p is not None
        g.apply(p, keys[pick.below(len(keys))])
        step += 1
    h.update(dump(render_view(g.view(None), names, card_ids(g))))
    return h.hexdigest()


def module_lines(game: str, modules: tuple[str, ...]) -> list[str]:
    """The sections of ``game`` with these modules on (the base sections' code, the options changed)."""
    name = "+".join((game, *modules))
    return [f"{name} random {random_games(game, MODULE_GAMES, modules)}",
            f"{name} greedy {bot_games(game, 'greedy', [(n, 40 + n) for n in seats(game)], modules)}",
            f"{name} mcts:easy {bot_games(game, 'mcts:easy', [(seats(game)[0] + 1, 3)], modules)}",
            f"{name} cards {module_cards(game, modules)}",
            f"{name} terminal {terminal(game, modules)}",
            f"{name} browser {browser(game, modules)}"]


def main(argv: list[str]) -> None:
    from primetime._build import current_build

    base_only = "--base" in argv
    games = [a for a in argv if a != "--base"] or ["networks", "prime-time"]
    print(f"build {current_build()}")
    for game in games:
        print(f"{game} random {random_games(game)}")
        print(f"{game} greedy {bot_games(game, 'greedy', [(n, 40 + n) for n in seats(game)])}")
        print(f"{game} mcts:easy {bot_games(game, 'mcts:easy', [(seats(game)[0] + 1, 3)])}")
        print(f"{game} cards {card_texts(game)}")
        print(f"{game} terminal {terminal(game)}")
        print(f"{game} browser {browser(game)}")
    if "networks" in games and not base_only:  # after every base line: those stay as they were
        for modules in MODULE_SETS:
            for line in module_lines("networks", modules):
                print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
