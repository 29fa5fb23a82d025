/* Prime Time's board, drawn from its view: card spaces with bids, action spaces, turn order,
   hotness, the Forecast, each network's public area and your own hand.  Views of The Networks
   go to board.js unchanged. */
"use strict";

(function () {
  const PT = window.PT;
  const h = PT.h;
  PT.ptCards = {};

  async function loadCards() {
    try {
      const data = await PT.api("/api/catalogue?game=prime-time");
      PT.ptCards = data.cards || {};
    } catch (e) { /* names fall back to card ids */ }
  }
  document.addEventListener("DOMContentLoaded", loadCards);

  const isPT = (view) => !!view && view.game === "prime-time";
  const nameOf = (view, seat) => PT.nameOf(view, seat);
  const DAY_NAMES = { mon: "Monday", tue: "Tuesday", wed: "Wednesday", thu: "Thursday", fri: "Friday", sat: "Saturday", sun: "Sunday" };
  const dayName = (d) => DAY_NAMES[d] || d;

  function card(id, extra) {
    if (!id) return h("span", { class: "muted" }, "—");
    const c = PT.ptCards[id];
    const label = c ? c.name : id;
    const tip = c ? c.words : id;
    return h("span", { class: "badge pt-card", title: tip, dataset: { card: id } }, label, extra || null);
  }

  function cubes(list) {
    return (list || []).map((c) => h("span", { class: "pt-cube", title: c || "empty", style: c ? `color:${c}` : "" }, c ? "■" : "□"));
  }

  function spacesTable(view, kind, ctx) {
    const rows = (view.board[kind] || []).map((sp, i) => {
      const bids = sp.bids.map((b) => `${nameOf(view, b.player)} $${b.amount}`).join(", ");
      const opts = ctx.byCard[sp.card] || [];
      const cell = h("td", {}, card(sp.card));
      if (opts.length && ctx.myDecision) {
        cell.appendChild(h("button", { class: "small", dataset: { card: sp.card }, onclick: (e) => ctx.choose(opts, e.currentTarget) }, "choose"));
      }
      return h("tr", { dataset: { space: `${kind}:${i}` } }, h("td", {}, sp.tier), cell, h("td", {}, bids || h("span", { class: "muted" }, "no bids")));
    });
    return h("table", { class: "scores pt-spaces" }, h("thead", {}, h("tr", {}, ["Tier", kind === "shows" ? "Show" : "Talent", "Bids"].map((x) => h("th", {}, x)))),
      h("tbody", {}, rows));
  }

  function boardPanel(view, ctx) {
    const b = view.board;
    const seats = (list) => (list || []).map((s) => nameOf(view, s)).join(", ") || "—";
    const actions = h("ul", { class: "pt-actions" },
      h("li", {}, h("b", {}, "R&D: "), seats(b.rd)),
      h("li", {}, h("b", {}, "Archives: "), seats(b.archives), ` (${b.reruns} Re-Runs left)`),
      h("li", {}, h("b", {}, "Golf Course: "), seats(b.golf)),
      h("li", {}, h("b", {}, "Public Relations: "), seats(b.pr)),
      h("li", {}, h("b", {}, "HR: "), seats(b.hr)));
    const days = view.days || [];
    const forecast = h("table", { class: "scores pt-forecast" },
      h("thead", {}, h("tr", {}, h("th", {}, "Forecast"), days.map((d) => h("th", {}, dayName(d))))),
      h("tbody", {},
        (b.forecast || []).map((row, r) => h("tr", {}, h("td", {}, `row ${r + 1}`), row.map((c) => h("td", {}, cubes([c]))))),
        h("tr", {}, h("td", {}, "pools"), days.map((d) => h("td", {},
          Object.entries((b.pools || {})[d] || {}).filter(([, n]) => n > 0).map(([c, n]) => h("span", { class: "pt-cube", style: `color:${c}` }, `${n}■ `)))))));
    const clients = (b.clients || []).map((id) => card(id));
    const boardroom = (b.boardroom || []).map((id) => card(id));
    return h("section", { class: "panel", id: "pt-board", "aria-label": "Board" },
      h("h2", {}, `Round ${view.round} of ${view.rounds} · ${view.phase}`),
      h("div", {}, h("b", {}, "Turn order: "), view.turn_order.map((s) => nameOf(view, s)).join(" → ")),
      h("h3", {}, "Shows"), spacesTable(view, "shows", ctx),
      h("h3", {}, "Talents"), spacesTable(view, "talents", ctx),
      h("h3", {}, "Action spaces"), actions,
      forecast,
      h("div", {}, h("b", {}, "Clients: "), clients.length ? clients : "—"),
      h("div", {}, h("b", {}, "Boardroom: "), boardroom.length ? boardroom : "—"),
      h("div", { class: "muted" }, `Decks: ${view.decks.shows} shows, ${view.decks.talents} talents, ${view.decks.clients} clients; bag: ${b.bag} cubes`));
  }

  function guideTable(view, p) {
    const days = view.days || [];
    return h("table", { class: "scores pt-guide" },
      h("thead", {}, h("tr", {}, days.map((d) => h("th", {}, dayName(d))))),
      h("tbody", {}, h("tr", {}, days.map((d) => {
        const sl = (p.guide || {})[d];
        if (!sl) return h("td", { class: "muted" }, "—");
        const show = sl.show ? (sl.show.card === "rerun" ? h("span", { class: "badge" }, "Re-Run") : card(sl.show.card)) : h("span", { class: "muted" }, "no show");
        return h("td", {}, show, sl.show ? cubes(sl.show.cubes) : null,
          sl.talents.map((t) => h("div", {}, card(t.card), cubes(t.cubes))),
          h("div", { class: "muted" }, `potential ${sl.potential}`));
      }))));
  }

  function playerPanel(view, p, ctx) {
    const mine = p.seat === ctx.mySeat;
    const hc = p.hand_counts || {};
    const parts = [
      h("h2", {}, nameOf(view, p.seat) + (mine ? " (you)" : "") + (view.current === p.seat ? " ▶" : "")),
      h("div", {}, `$${p.cash} · ${p.vp} VP · hotness ${p.hotness} · tokens left ${p.tokens_left}` +
        (p.bonds && p.bonds.length ? ` · bonds ${p.bonds.map((x) => "$" + x).join(", ")}` : "") + ` · variety ${p.variety}`),
      h("div", { class: "muted" }, `Hand: ${hc.shows || 0} shows, ${hc.talents || 0} talents, ${hc.reruns || 0} Re-Runs; ${p.facedown_count} face-down talents`),
      (p.clients || []).length ? h("div", {}, h("b", {}, "Clients: "), p.clients.map((id) => card(id))) : null,
      guideTable(view, p),
    ];
    if (mine && p.hand) {
      parts.push(h("div", { class: "pt-hand", id: "pt-hand" }, h("b", {}, "Your hand: "),
        p.hand.shows.map((id) => card(id)), p.hand.talents.map((id) => card(id)),
        p.hand.reruns ? h("span", { class: "badge" }, `${p.hand.reruns} Re-Run(s)`) : null));
      if ((p.facedown || []).length) parts.push(h("div", {}, h("b", {}, "Face down: "), p.facedown.map((id) => card(id))));
      if ((p.offer || []).length) parts.push(h("div", {}, h("b", {}, "Starting offer: "), p.offer.map((id) => card(id))));
    }
    return h("section", { class: "panel pt-player", dataset: { seat: p.seat } }, parts);
  }

  function scoreboard(view) {
    return h("section", { class: "panel", "aria-label": "Scores" }, h("h2", {}, "Networks"),
      h("table", { class: "scores" }, h("thead", {}, h("tr", {}, ["Player", "VP", "Cash", "Hotness"].map((x) => h("th", {}, x)))),
        h("tbody", {}, view.players.map((p) => h("tr", {}, [nameOf(view, p.seat), p.vp, "$" + p.cash, p.hotness].map((c) => h("td", {}, c)))))));
  }

  function ptParts(view, ctx) {
    const byCard = {};
    const pend = view.pending;
    if (ctx.myDecision && pend && pend.options) {
      for (const o of pend.options) if (o.card) (byCard[o.card] = byCard[o.card] || []).push(o);
    }
    const c = Object.assign({}, ctx, { byCard });
    const me = view.players.find((p) => p.seat === ctx.mySeat);
    const others = view.players.filter((p) => p.seat !== ctx.mySeat);
    return [
      h("div", { class: "mainCol", id: "pt-main" }, boardPanel(view, c), me ? playerPanel(view, me, c) : null, others.map((p) => playerPanel(view, p, c))),
      h("div", { class: "sideCol" }, scoreboard(view), PT.logPanel(view)),
    ];
  }

  function ptSummary(view, extra) {
    const fin = view.final;
    if (!fin) return null;
    const winners = (fin.winners || []).map((s) => nameOf(view, s));
    const keys = Object.keys(fin.players[0] || {}).filter((k) => typeof fin.players[0][k] === "number");
    return h("div", { class: "dialog", id: "summary", role: "dialog", "aria-label": "Final scores" },
      h("h2", {}, winners.length > 1 ? `Tie! ${winners.join(" and ")} share the win` : `${winners[0] || "?"} wins!`),
      h("table", { class: "scores" },
        h("thead", {}, h("tr", {}, h("th", {}, "Player"), keys.map((k) => h("th", {}, k.replace(/_/g, " "))))),
        h("tbody", {}, fin.players.map((f, s) => h("tr", { class: (fin.winners || []).includes(s) ? "winner" : "" },
          h("td", {}, nameOf(view, s)), keys.map((k) => h("td", {}, f[k])))))),
      extra || null);
  }

  const baseParts = PT.boardParts;
  PT.boardParts = function (view, ctx) { return isPT(view) ? ptParts(view, ctx) : baseParts(view, ctx); };
  const baseSummary = PT.summary;
  PT.summary = function (view, extra) { return isPT(view) ? ptSummary(view, extra) : baseSummary(view, extra); };
  PT.isPrimeTime = isPT;
})();
