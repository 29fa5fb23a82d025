"""Boards you can see and tell apart (issue 34, items 9 and 10), in Chromium.

Item 9: with every module of The Networks on, the market shows the Moguls module's board (the Mogul
deck, and how a Mogul is gained when Telly Time's Genre Grid replaces the genre tracks); without
Telly Time it draws the genre tracks with every network's marker and the Mogul tokens still on
them; and every character on the page is one Debian's DejaVu fonts draw (no empty boxes).

Item 10: a colour-blind setting in Preferences adds letters to Prime Time's cubes, to the genres and
to the player colours; and the default palettes tell their colours apart in greyscale.

Screenshots: ``test-output/screenshots/all-modules-table.png`` (and ``table.png``, the window only: the
README's picture, ``docs/images/table.png``), ``colour-blind-*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import SCREENSHOTS, ServerProc

DESKTOP = {"width": 1366, "height": 900}
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


@pytest.fixture
def web(tmp_path: Any) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_BOT_DELAY": "0.02", "PRIMETIME_IDLE_REPLACE": "600",
                                           "PRIMETIME_TABLE_SEED": "4"}).start()
    yield s
    s.stop()


def new_page(browser: Any) -> Any:
    ctx = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.add_init_script("localStorage.setItem('pt_confirm_delay', '0')")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.errors = errors
    return page


def table(page: Any, url: str, game: str, seats: list[str], options: dict[str, Any]) -> None:
    """Sign in as a guest, start a table with bots and open it."""
    page.goto(url + "/")
    page.fill("#name", "Bea")
    page.click("#name-btn")
    page.wait_for_selector("#create-btn")
    tid = str(page.evaluate("([game, seats, options]) => PT.api('/api/tables', {game, seats, options}).then((r) => r.id)",
                            [game, seats, options]))
    page.evaluate("(tid) => PT.api(`/api/tables/${tid}/start`, {})", tid)
    page.goto(f"{url}/t/{tid}")
    page.wait_for_selector("#statusbar")


def missing_glyphs(text: str) -> set[str]:
    """The characters of ``text`` that neither DejaVu Sans nor DejaVu Sans Bold has."""
    ttlib = pytest.importorskip("fontTools.ttLib")
    fonts = [DEJAVU / "DejaVuSans.ttf", DEJAVU / "DejaVuSans-Bold.ttf"]
    if not all(f.exists() for f in fonts):
        pytest.skip("Debian's DejaVu fonts (fonts-dejavu-core) are not installed")
    maps = [ttlib.TTFont(str(f)).getBestCmap() for f in fonts]
    return {c for c in set(text) if ord(c) > 32 and c not in "\u00a0\u200b" and not any(ord(c) in m for m in maps)}


def page_words(page: Any) -> str:
    """All the text a player may see or hear: the page, its tooltips and its labels."""
    return str(page.evaluate(
        "() => document.body.innerText + [...document.querySelectorAll('[data-tip],[aria-label],[title]')]"
        ".map((e) => [e.dataset.tip, e.getAttribute('aria-label'), e.getAttribute('title')].join(' ')).join(' ')"))


def test_item_9_module_boards_you_can_see(browser: Any, web: ServerProc) -> None:
    """Item 9: all modules on, the Moguls' board is in the market (deck, how a Mogul is gained with the
    Genre Grid); without Telly Time the genre tracks carry every network's marker and the Mogul
    tokens; the Mogul symbol and all other text are drawn by the DejaVu fonts."""
    page = new_page(browser)
    table(page, web.url, "networks", ["bot:greedy", "bot:random"],
          {"pilot": "simplified", "telly_time": True, "moguls": True, "executives": True})
    page.wait_for_selector("body[data-my-turn='1'][data-kind='x_choose']")
    page.locator("#choices button[data-key^='x:']").first.click()
    page.wait_for_selector("body[data-my-turn='1'][data-kind='turn']:not([data-busy='1'])", timeout=60_000)

    board = page.locator("#market [data-testid=mogul-board]")
    assert board.is_visible()
    deck = page.evaluate("PT.tableState.msg.view.moguls.deck")
    assert page.locator("#market .deckcount[data-deck=moguls]").inner_text() == f"deck: {deck}"
    assert "second completed Genre Grid line gains a Mogul" in board.inner_text()
    assert "a second completed Genre Grid line gains one" in page.locator(".area .board-box").first.inner_text()
    page.screenshot(path=str(SCREENSHOTS / "all-modules-table.png"), full_page=True)
    page.screenshot(path=str(SCREENSHOTS / "table.png"))  # the README's picture (docs/images/table.png)
    bad = missing_glyphs(page_words(page))
    assert not bad, f"characters DejaVu cannot draw (shown as empty boxes): {sorted(bad)}"

    # the same view without Telly Time: the genre tracks with the markers and the tokens
    out = page.evaluate(
        "() => { const v = structuredClone(PT.tableState.msg.view); delete v.telly_time;"
        " v.moguls.tokens = ['sports', 'scifi', 'action', 'reality', 'sitcom']; v.moguls.space = 3;"
        " v.players.forEach((p) => { p.genres = {sports: 0, scifi: 0, action: 0, reality: 0, sitcom: 0, drama: 0}; delete p.genre_grid; });"
        " v.players[0].genres.sports = 3; v.players[1].genres.sports = 3; v.players[2].genres.drama = 4;"
        " const ctx = { index: PT.indexOptions(null), unusable: {}, mySeat: 0, tab: 0, myDecision: false, scorePage: 0,"
        "   setTab() {}, setScorePage() {}, choose() {} };"
        " const box = document.createElement('div'); box.append(...PT.gameOf('networks').parts(v, ctx)); document.body.append(box);"
        " const rows = [...box.querySelectorAll('#market [data-testid=mogul-board] .genre')];"
        " const res = rows.map((r) => [r.dataset.genre, [...r.querySelectorAll('.cell')].map((c) =>"
        "   [c.classList.contains('mogul-token'), [...c.querySelectorAll('.track-marker')].map((m) => Number(m.dataset.seat)), c.textContent])]);"
        " box.remove(); return res; }")
    genres = [g for g, _ in out]
    assert genres == ["sports", "scifi", "action", "reality", "sitcom", "drama"]
    cells = dict(out)
    for g in genres:
        tokens = [i for i, (tok, _, _) in enumerate(cells[g]) if tok]
        assert tokens == ([2] if g != "drama" else []), (g, tokens)  # a token on space 3 of each track that still has one
        assert all("♛" in text for tok, _, text in cells[g] if tok)
    assert cells["sports"][2][1] == [0, 1]  # both markers on space 3 of Sports, with the token
    assert cells["drama"][3][1] == [2]
    assert all(not m for g in genres for i, (_, m, _) in enumerate(cells[g]) if (g, i) not in (("sports", 2), ("drama", 3)))
    assert not page.errors, page.errors


# ---------------------------------------------------------------------------------------------- item 10

CSS = Path(__file__).resolve().parents[2] / "src" / "primetime" / "web" / "app.css"
# each palette a player must tell apart: Prime Time's cubes, the genres of each game, the player colours
PALETTES = {
    "Prime Time's cubes": ["pt-pink", "pt-orange", "pt-yellow", "pt-blue", "pt-green", "pt-black"],
    "The Networks' genres": ["sports", "scifi", "action", "reality", "sitcom", "drama"],
    "Prime Time's genres": ["sitcom", "scifi", "action", "reality", "drama"],  # comedy is drawn in the sitcom colour
    "the player colours": ["seat-0", "seat-1", "seat-2", "seat-3", "seat-4"],
}
MIN_LIGHTNESS_STEP = 8.0  # CIE L* units between any two colours of one palette


def lightness(rgb: tuple[float, float, float]) -> float:
    """CIE L* (0 black to 100 white) of an sRGB colour with channels 0-255: what is left of it in greyscale."""
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else float(((c + 0.055) / 1.055) ** 2.4)
    y = 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def hex_rgb(h: str) -> tuple[float, float, float]:
    return (int(h[1:3], 16), int(h[3:5], 16), int(h[5:7], 16))


def closest_pair(values: dict[str, float]) -> tuple[float, str, str]:
    names = sorted(values, key=values.__getitem__)
    return min((values[b] - values[a], a, b) for a, b in zip(names, names[1:], strict=False))


def test_item_10_default_palettes_pass_a_greyscale_check() -> None:
    """Item 10: in each palette of the page (cubes, genres, player colours) every two colours differ in
    lightness by at least 8 L* units, so that they stay apart in greyscale and for colour-blind eyes."""
    import re

    found = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\b", CSS.read_text()))
    for palette, names in PALETTES.items():
        values = {n: lightness(hex_rgb(found[n])) for n in names}
        step, a, b = closest_pair(values)
        assert step >= MIN_LIGHTNESS_STEP, f"{palette}: {a} and {b} are {step:.1f} L* apart in greyscale ({values})"


def test_item_10_colour_blind_setting(browser: Any, web: ServerProc) -> None:
    """Item 10: Preferences has a colour-blind setting; on, every cube and cube space carries its
    colour's letter, each genre's card edge a pattern of its own and the player colours their seat
    number; the cubes drawn on the page differ in lightness (greyscale) as the palette says."""
    page = new_page(browser)
    table(page, web.url, "prime-time", ["bot:greedy", "bot:random"], {})
    page.wait_for_selector("#pt-cubes .ptcube.c-pink")
    letters = "() => [...document.querySelectorAll('#pt-cubes .ptcube')].map((e) => [e.className, getComputedStyle(e, '::after').content])"
    assert all(content in ("none", "normal") for _, content in page.evaluate(letters))  # off by default

    page.click("#prefs-btn")
    page.check("#pref-colour-aids")
    page.screenshot(path=str(SCREENSHOTS / "colour-blind-preferences.png"))
    page.click("#pref-save")
    page.wait_for_selector("html.colour-aids")
    want = {"pink": '"P"', "orange": '"O"', "yellow": '"Y"', "blue": '"B"', "green": '"G"', "black": '"W"'}
    cubes = page.evaluate(letters)
    seen = set()
    for cls, content in cubes:
        colour = next(c[2:] for c in cls.split() if c.startswith("c-"))
        if colour != "none":
            assert content == want[colour], (cls, content)
            seen.add(colour)
    assert {"pink", "orange", "yellow", "blue", "green", "black"} <= seen, seen  # the Forecast holds every colour

    # the rendered cube colours, measured on the page: apart in greyscale
    rgb = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('#pt-cubes .ptcube')].filter((e) => !e.classList.contains('c-none'))"
        ".map((e) => [[...e.classList].find((c) => c.startsWith('c-')), getComputedStyle(e).backgroundColor]))")
    values = {k: lightness(tuple(float(x) for x in re_numbers(v)[:3])) for k, v in rgb.items()}  # type: ignore[arg-type]
    step, a, b = closest_pair(values)
    assert step >= MIN_LIGHTNESS_STEP, f"{a} and {b} cubes are {step:.1f} L* apart on the page"

    # genres: a pattern of each one's own; player colours: the seat number
    out = page.evaluate(
        "() => { const box = document.createElement('div'); document.body.append(box);"
        " const g = ['sports', 'scifi', 'action', 'reality', 'sitcom', 'drama'].map((x) => { const c = document.createElement('div');"
        "   c.className = 'card show g-' + x; box.append(c); const s = getComputedStyle(c); return s.borderTopStyle + ' ' + s.borderTopWidth; });"
        " const s = [0, 1, 2, 3, 4].map((i) => { const e = document.createElement('span'); e.className = 'seat-swatch mark-seat-' + i;"
        "   box.append(e); return getComputedStyle(e, '::after').content; });"
        " box.remove(); return [g, s]; }")
    genres, seats = out
    assert len(set(genres)) == 6, genres
    assert seats == ['"1"', '"2"', '"3"', '"4"', '"5"'], seats
    page.locator("#pt-cubes").screenshot(path=str(SCREENSHOTS / "colour-blind-cubes.png"))
    page.screenshot(path=str(SCREENSHOTS / "colour-blind-table.png"), full_page=True)
    assert not page.errors, page.errors


def re_numbers(text: str) -> list[str]:
    import re

    return re.findall(r"[\d.]+", text)
