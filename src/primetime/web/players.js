/* A player's profile (/u/<id>: ratings, games in progress, finished games with their replays) and a game's
   leaderboard (/leaderboard/<game>). */
"use strict";

(function () {
  const PT = window.PT;
  const h = PT.h;
  const GAME_LABELS = { networks: "The Networks", "prime-time": "Prime Time" };
  const gameLabel = (id) => GAME_LABELS[id] || id;

  function playerLink(name, id) {
    return id ? h("a", { href: `/u/${encodeURIComponent(id)}` }, name) : h("span", {}, name);
  }

  // a rating still moving fast: fewer than ten rated games (``provisional`` in the JSON)
  const provisional = (r) => r.provisional
    ? h("span", { class: "badge provisional", title: "fewer than 10 rated games: the rating is still settling" }, "provisional") : "";

  function ratingsPanel(p) {
    const games = Object.keys(p.ratings).sort();
    const body = !p.account ? h("p", { class: "muted" }, "A guest: guests' games are not rated.")
      : games.length ? h("ul", { class: "table-list", id: "ratings" }, games.map((g) => h("li", {
        dataset: { game: g, rating: p.ratings[g].rating, provisional: p.ratings[g].provisional ? "1" : "0" } },
        h("span", { class: "grow" }, h("b", {}, gameLabel(g))),
        h("span", { class: "badge", title: `a cautious estimate: the skill you have with near certainty (deviation ${p.ratings[g].rd})` },
          `${p.ratings[g].rating}`), provisional(p.ratings[g]),
        h("span", { class: "muted" }, `${p.ratings[g].games} rated game${p.ratings[g].games === 1 ? "" : "s"}`),
        h("a", { href: `/leaderboard/${g}` }, "Leaderboard"))))
        : h("p", { class: "muted" }, "No rated games yet: play a table where every seat is an account.");
    return h("section", { class: "panel" }, h("h2", {}, "Ratings"), body);
  }

  function gameItem(g) {
    const seats = g.seats.map((s, i) => [i ? ", " : "", playerLink(s.name || `Seat ${s.seat + 1}`, s.user),
      g.winners.includes(s.seat) ? " ★" : "", g.scores ? ` ${g.scores[s.seat]}` : ""]);
    let change = h("span", { class: "badge" }, "unrated");
    if (g.rating) {
      const d = g.rating.after - g.rating.before;
      change = h("span", { class: "badge rating-change", dataset: { delta: d } }, `${g.rating.before} → ${g.rating.after} (${d >= 0 ? "+" : ""}${d})`);
    }
    return h("li", { dataset: { table: g.id, rated: g.rated ? "1" : "0" } },
      h("span", { class: "grow" }, h("b", {}, g.name), h("br"),
        h("span", { class: "muted" }, `${gameLabel(g.game)} · ${g.left ? "left the game (ranked last)" : g.won ? "won" : "lost"} · `),
        ...seats.flat()),
      change, h("a", { href: `/replay/${g.id}` }, "Replay"));
  }

  /** A game being played: its game, the players, and a link to the table (to play or watch). */
  function runningItem(g) {
    const seats = g.seats.map((s, i) => [i ? ", " : "", playerLink(s.name || `Seat ${s.seat + 1}`, s.user)]);
    return h("li", { dataset: { table: g.id } },
      h("span", { class: "grow" }, h("b", {}, g.name), h("br"), h("span", { class: "muted" }, `${gameLabel(g.game)} · in progress · `),
        ...seats.flat()),
      h("a", { href: `/t/${g.id}` }, "Open the table"));
  }

  async function profile(id) {
    const root = document.getElementById("profile");
    let p;
    try { p = await PT.api(`/api/users/${encodeURIComponent(id)}`); } catch (e) { root.replaceChildren(h("p", { class: "panel" }, e.message)); return; }
    document.title = `${p.name} — primetime`;
    let me = null;
    try { me = (await PT.api("/api/me")).user; } catch (e) { me = null; }
    root.replaceChildren(
      h("section", { class: "panel" }, h("h2", { id: "player-name" }, p.name),
        h("p", { class: "muted" }, p.account ? "Account" : "Guest", ` · since ${new Date(p.since * 1000).toLocaleDateString()}`),
        me && me.id !== id && PT.report ? h("button", { class: "small", id: "report-player", onclick: () => PT.report({ user: id }, p.name) },
          `Report ${p.name}`) : null),
      ratingsPanel(p),
      h("section", { class: "panel" }, h("h2", {}, "Games in progress"),
        (p.running || []).length ? h("ul", { class: "table-list", id: "running" }, p.running.map(runningItem))
          : h("p", { class: "muted" }, "No games in progress.")),
      h("section", { class: "panel" }, h("h2", {}, "Finished games"),
        p.games.length ? h("ul", { class: "table-list", id: "games" }, p.games.map(gameItem)) : h("p", { class: "muted" }, "No finished games yet.")));
  }

  async function leaderboard(game) {
    const root = document.getElementById("leaderboard");
    let b;
    try { b = await PT.api(`/api/leaderboard/${encodeURIComponent(game)}`); } catch (e) { root.replaceChildren(h("p", { class: "panel" }, e.message)); return; }
    document.title = `${b.label} leaderboard — primetime`;
    const others = Object.keys(GAME_LABELS).filter((g) => g !== game);
    root.replaceChildren(h("section", { class: "panel" }, h("h2", {}, `${b.label}: leaderboard`),
      h("p", { class: "muted" }, "Ratings from games between accounts only: each table's whole finishing order counts at once " +
        "(Plackett-Luce), and a player who abandons a game ranks last in it. The number is cautious: 1500 for a new player, " +
        "rising as games show what they can do. Provisional: fewer than 10 rated games. ",
        others.map((g) => h("a", { href: `/leaderboard/${g}` }, `${gameLabel(g)} leaderboard`))),
      b.players.length ? h("ol", { class: "table-list", id: "board" }, b.players.map((p) => h("li", { dataset: { player: p.id } },
        h("span", { class: "badge" }, `#${p.rank}`), h("span", { class: "grow" }, playerLink(p.name, p.id)),
        h("span", { class: "badge" }, `${p.rating}`), provisional(p),
        h("span", { class: "muted" }, `${p.games} game${p.games === 1 ? "" : "s"}`))))
        : h("p", { class: "muted" }, "Nobody is rated yet.")));
  }

  document.addEventListener("DOMContentLoaded", () => {
    const parts = location.pathname.split("/").filter(Boolean);
    if (parts[0] === "u") profile(decodeURIComponent(parts[1] || ""));
    else leaderboard(decodeURIComponent(parts[1] || "networks"));
  });
})();
