/* Prime Time's table, drawn from its view: the development board (show and talent spaces with
   their bidding spaces, the action sections), the Forecast and daily pools, clients, Boardroom
   cards, turn order and the Hotness track; each network's area behind tabs (hand, network
   board, TV Guide) and the scoreboard.  It registers itself as the game "prime-time" (PT.games, see common.js). */
"use strict";

(function () {
  const PT = window.PT;
  const h = PT.h;
  PT.ptCards = {};

  /* ---------------------------------------------------------------- catalogue */
  let ptLoading = null;
  PT.loadPtCards = function () {
    if (!ptLoading) {
      ptLoading = PT.api("/api/catalogue?game=prime-time")
        .then((data) => { PT.ptCards = data.cards || {}; })
        .catch(() => { ptLoading = null; }); // names fall back to card ids
    }
    return ptLoading;
  };
  const isPT = (view) => !!view && view.game === "prime-time";
  const nameOf = (view, seat) => PT.nameOf(view, seat);

  const DAY_NAMES = { mon: "Monday", tue: "Tuesday", wed: "Wednesday", thu: "Thursday", fri: "Friday" };
  const DAY_SHORT = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri" };
  const GENRES = { scifi: "Sci-fi", action: "Action", reality: "Reality", comedy: "Comedy", drama: "Drama" };
  const DURATIONS = { series: "Series", mini: "Mini Series", single: "Single Show" };
  const DURATION_TIPS = {
    series: "A Series stays on your TV Guide from round to round.",
    mini: "A Mini Series stays until the end of the season (rounds 3 and 6), then gives you a Re-Run.",
    single: "A Single Show is discarded after the round and gives you a Re-Run; talents cannot be hired for it.",
  };
  const PHASES = {
    setup: "Setup · starting shows",
    dev: "Development · placing tokens",
    bids: "Development · resolving bids",
    schedule: "Broadcasting · schedules",
    ratings: "Broadcasting · Ratings War",
    over: "Game over",
  };
  const ROW_NAMES = ["lower", "middle", "top"];
  const VP_NAMES = {
    golf: "Golf Course", hotness: "Hotness", most_talents: "Most talents", best_show: "Best show", variety: "Variety tokens",
    boardroom: "Boardroom cards", bonds: "Bonds", cash: "Cash ($3 = 1 VP)",
  };
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many || one + "s"}`;

  PT.PT_RULES = {
    development:
      "1. Development — in turn order, each player places one token at a time until all three are placed:\n" +
      "• R&D ($1, one token each): the R&D stack sets the next turn order (top of the stack first).\n" +
      "• Archives: take a Re-Run card.   • Golf Course: +1 VP.\n" +
      "• Public Relations: add a cube from the Forecast or a pool to a daily pool, or switch two cubes between pools.\n" +
      "• HR: loan a talent from your hand face down until the next season for $1 (Silver) or $4 (Gold).\n" +
      "• Bid on a Show or Talent: at least its minimum bid, more than the last bid, never over your own token; " +
      "at most $7 on Silver and $16 on Gold. The money stays on the card; an outbid player gets it back.\n" +
      "After all tokens are placed, the highest bids win. Outbid tokens may then buy a remaining card at its lowest " +
      "bidding space ($1 Silver, $4 Gold), use a vacant action space, or come back without acting.",
    broadcasting:
      "2. Broadcasting — the Forecast row of this round joins the daily pools. Then each player schedules: one show " +
      "per day (a Re-Run counts as a Single Show), talents only on Series and Mini Series, one talent of each type per " +
      "show; up to two shows already on the guide may move.\n" +
      "Ratings War, day by day: each star and each talent matching its show's genre gives one primary cube. In turn order " +
      "players take primary cubes one at a time, then the remaining cubes, placing each on a matching space of that day's " +
      "cards (black cubes are wild). A show without cubes is canceled (you get a Re-Run); a talent without cubes goes face " +
      "down until the next season. Clients go to whoever meets their demand first in the week; five genres on the guide " +
      "earn a Variety token; your busiest day raises your Hotness.",
    awards:
      "3. Awards (rounds 3 and 6) — VP for each player behind you on the Hotness track; 3/2/1 VP for the shows with the " +
      "most talents and for the best shows (most primary cubes); 1 VP per Variety token; the three Boardroom cards.",
    income:
      "4. Income — $2 per cube on your TV Guide; the cubes return to their pools. Single Shows leave (each gives a " +
      "Re-Run), the board is refilled and two new clients come out. At the season's end Mini Series leave, face-down " +
      "talents return and a new Forecast is drawn. After round 6: $3 = 1 VP, the most VP wins.",
    bonds:
      "Issuing Bonds — when you are short of money for a bid or an action you may take a $5 or $10 bond (only as much as " +
      "you need). Each bond costs 1 VP at every Awards Ceremony, and its value is deducted from your cash at the end.",
    simultaneous:
      "Simultaneous Scheduling — TV Guides are built behind screens: you see the others' guides as they stood before " +
      "scheduling until everyone has submitted.",
  };
  PT.PT_HOW_TO =
    "Prime Time is played over 6 rounds (two seasons of three weeks). Each round has a Development phase (place tokens on " +
    "actions or bid for Shows and Talents), a Broadcasting phase (schedule your TV Guide, then fight the Ratings War for " +
    "demographic cubes), an Awards Ceremony in rounds 3 and 6, and Income. Your choices appear in the strip at the top; " +
    "you can also click a highlighted card, action space, cube or day on the board. Dimmed cards cannot be used now — hover " +
    "(or long-press) for the reason. Every card explains itself on hover. A ring in a player's colour marks what their " +
    "last move changed (a bid, a token, a card; hover their tab to read it), and each round ends with a summary of " +
    "cubes, income, clients and Awards (the Round summary button reopens it). The most VP after round 6 wins.";
  PT.PT_TIPS = [
    "Stars and talents of the show's genre give primary cubes: you pick those before anyone takes the leftovers.",
    "Look at the daily pools (and the Forecast row that joins them this round) before choosing the day for a show.",
    "Public Relations can move the one cube you need onto your day — or take it away from a rival's.",
    "R&D costs $1 but puts you first next round: first to pick cubes, first to claim clients.",
    "Series keep scoring every round; Single Shows are cheap but leave after one week.",
    "A talent that attracts no cube goes face down until the next season: give each card a space it can fill.",
  ];

  /* What each symbol on Prime Time's page means: the Help's "Symbols" section and the "Symbols ℹ" key. */
  PT.PT_LEGEND = [
    ["■ colours", "Demographic cubes: pink, orange, yellow, blue, green; black cubes are wild. The colour-blind aids " +
      "(Preferences) letter them P, O, Y, B, G and W (black)."],
    ["□ outlined", "A space on a card for a cube of that colour; ? takes a cube of any colour."],
    ["★", "Star quality: primary cubes the show (or talent) brings each day it airs."],
    ["Gold $4 / Silver $1", "A card's tier and its minimum bid."],
    ["A $5", "A player's token (their initial, in their colour) with the amount bid."],
    ["faded, struck", "An outbid token; a white ring marks the leading bid."],
    ["#1 #2", "R&D: the order of the stack (the top goes first next round)."],
    ["●●●", "Tokens still to place this round."],
    ["★2 · 3 cubes", "Under a day of the TV Guide: primary cubes it is entitled to, and cubes placed."],
    ["Forecast", "The row of cubes that joins the daily pools this round."],
    ["ℹ", "A rules reference: hover (or long-press) it."],
    ["◯ ring", "A ring in a player's colour: the card, space or token that player changed with their last move (their tab is ringed too; hover it)."],
    ["● dot", "After a player's name on a tab: deciding now. Before a name: online (green), away (yellow), offline or left (a grey ring), a bot (a blue square)."],
    ["♪ Sound / ♪ Muted", "Top bar: a short sound when it becomes your turn, or muted (click to switch)."],
  ];
  function ptLegend() {
    return h("dl", { class: "legend", dataset: { testid: "legend" } }, PT.PT_LEGEND.map(([sym, text]) => [h("dt", {}, sym), h("dd", {}, text)]));
  }

  /* ---------------------------------------------------------------- small pieces */
  function cube(colour, opts) {
    opts = opts || {};
    const cls = ["ptcube", "c-" + (colour || "none")];
    if (opts.space) cls.push("space", "s-" + opts.space);
    return h("span", { class: cls.join(" "), role: "img", "aria-label": opts.label || (colour ? `${colour} cube` : `empty ${opts.space || ""} space`) });
  }

  function cubeRow(spaces, filled) {
    return h("div", { class: "pt-cuberow" }, (spaces || []).map((sp, i) => {
      const c = filled ? filled[i] : null;
      const el = cube(c, { space: sp, label: c ? `${c} cube on a ${sp} space` : `empty ${sp} space` });
      if (sp === "any" && !c) el.textContent = "?";
      return el;
    }));
  }

  function seatChip(view, seat, text, cls) {
    return h("span", { class: `ptok seat-${seat}` + (cls ? " " + cls : ""), "data-tip": nameOf(view, seat) + (text ? ` — ${text}` : ""),
      dataset: { seat } }, initial(view, seat), text ? h("span", { class: "amt" }, text) : null);
  }
  function initial(view, seat) {
    const n = nameOf(view, seat) || "?";
    const m = n.match(/\d+/);
    return n.charAt(0).toUpperCase() + (/^bot/i.test(n) && m ? m[0] : "");
  }

  function cardInfo(id) {
    if (id === "rerun") return PT.ptCards.rerun || { id: "rerun", kind: "rerun", name: "Re-Run", spaces: ["any"], stars: 0 };
    return PT.ptCards[id] || { id, kind: "card", name: id, words: id };
  }

  function tipFor(c) {
    const lines = [c.words || c.name];
    if (c.kind === "show") {
      lines.push(DURATION_TIPS[c.duration] || "");
      if (c.stars) lines.push(`Star quality ${c.stars}: ${plural(c.stars, "primary cube")} each day it airs.`);
    } else if (c.kind === "talent") {
      lines.push(`Hire on a Series or Mini Series; on a ${GENRES[c.genre] || c.genre} show it earns +1 primary cube.` +
        (c.stars ? ` Star quality ${c.stars}: +${c.stars} primary.` : ""));
    } else if (c.kind === "rerun") {
      lines.push("A Re-Run airs as a Single Show with one space for a cube of any colour; it goes back to the supply after the round.");
    } else if (c.kind === "client") {
      const needs = Object.entries(c.needs || {}).map(([col, n]) => `${n} ${col}`).join(", ");
      lines.push(`Needs ${needs} cubes on your TV Guide this week (black cubes are wild); pays $${c.cash}. ` +
        "Ties: earlier in the week, then earlier in turn order.");
    } else if (c.kind === "boardroom") {
      if (c.text) lines.push(c.text);
      const who = c.deck && PT.ptCards[c.deck];
      if (who) lines.push(`${who.name}'s card: scored at each Awards Ceremony while face up.`);
    }
    if (c.text && c.kind !== "boardroom") lines.push(c.text);
    return lines.filter(Boolean).join("\n");
  }

  /** A Prime Time card tile.  opts: {cubes, mini, extraTip, back} */
  PT.ptTile = (id, opts) => tile(id, opts);
  function tile(id, opts) {
    opts = opts || {};
    const c = cardInfo(id);
    const kind = c.kind;
    const cls = ["card", "ptc", "pt-" + kind];
    if (c.genre) cls.push("g-" + c.genre);
    if (c.tier) cls.push("tier-" + c.tier);
    if (opts.mini) cls.push("mini");
    const el = h("div", { class: cls.join(" "), dataset: { card: id }, tabindex: "0", "aria-label": c.name });
    if (kind === "show" || kind === "talent") {
      const sub = kind === "show" ? DURATIONS[c.duration] || c.duration : cap(c.type || "");
      el.appendChild(h("div", { class: "c-kind" }, `${GENRES[c.genre] || c.genre} · ${sub}`));
      el.appendChild(PT.cardName(c.name));
      el.appendChild(h("div", { class: "c-stats" }, h("span", { class: "tierbadge " + c.tier }, `${c.tier === "gold" ? "Gold" : "Silver"} $${c.min_bid}`),
        c.stars ? h("span", { class: "stars" }, " " + "★".repeat(c.stars)) : null));
      el.appendChild(cubeRow(c.spaces, opts.cubes));
    } else if (kind === "rerun") {
      el.appendChild(h("div", { class: "c-kind" }, "Single Show"));
      el.appendChild(PT.cardName(c.name || "Re-Run"));
      el.appendChild(cubeRow(c.spaces || ["any"], opts.cubes));
    } else if (kind === "client") {
      el.appendChild(h("div", { class: "c-kind" }, "client"));
      el.appendChild(PT.cardName(c.name));
      el.appendChild(h("div", { class: "pt-cuberow" }, Object.entries(c.needs || {}).map(([col, n]) =>
        h("span", { class: "need" }, cube(col), `×${n}`))));
      el.appendChild(h("div", { class: "c-stats" }, `pays $${c.cash}`));
    } else if (kind === "boardroom") {
      const who = c.deck && PT.ptCards[c.deck];
      el.appendChild(h("div", { class: "c-kind" }, who ? who.name.replace(/^The /, "") : "boardroom"));
      el.appendChild(PT.cardName(c.name));
      if (c.vp && c.vp.length) el.appendChild(h("div", { class: "c-stats" }, c.vp.join("/") + " VP"));
    } else {
      el.appendChild(PT.cardName(c.name));
    }
    el._tip = tipFor(c);
    if (opts.extraTip) el._tip += "\n\n" + opts.extraTip;
    return el;
  }

  function cardBack(label, count, tip) {
    return h("div", { class: "card ptc pt-back", "data-tip": tip, dataset: { count } },
      h("div", { class: "c-kind" }, label), h("div", { class: "backcount" }, String(count)));
  }

  /** Make ``el`` choose among ``opts`` when clicked (or keyboard-activated). */
  function clickable(el, opts, ctx) {
    if (!opts || !opts.length || !ctx.myDecision) return el;
    el.classList.add("usable");
    el.setAttribute("role", "button");
    if (!el.hasAttribute("tabindex")) el.tabIndex = 0;
    el.dataset.options = opts.map((o) => o.key).join(" ");
    const act = (e) => {
      if (PT.suppressClick) return;
      e.stopPropagation();
      ctx.choose(opts, el);
    };
    el.addEventListener("click", act);
    el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(e); } });
    const more = "Click: " + opts.slice(0, 6).map((o) => o.label).join(" / ") + (opts.length > 6 ? ` / … (${opts.length} choices)` : "");
    if (el._tip !== undefined) el._tip += "\n\n" + more;
    else el.dataset.tip = (el.dataset.tip ? el.dataset.tip + "\n\n" : "") + more;
    return el;
  }

  function dim(el, reason) {
    el.classList.add("dimmed");
    el.dataset.reason = reason;
    el.setAttribute("aria-disabled", "true");
    if (el._tip !== undefined) el._tip += "\n\nCannot use now: " + reason;
    else el.dataset.tip = (el.dataset.tip ? el.dataset.tip + "\n\n" : "") + "Cannot use now: " + reason;
    return el;
  }

  /** A card tile that offers the decider's options on it, or says why it cannot be used. */
  function playTile(id, ctx, opts, key) {
    const t = tile(id, opts);
    const o = ctx.ix.byCard[key || id];
    if (o && o.length) return clickable(t, o, ctx);
    const why = ctx.myDecision && ctx.unusable[key || id];
    if (why) dim(t, why);
    return t;
  }

  /* ---------------------------------------------------------------- options by target */
  function indexOptions(pend, myDecision) {
    const ix = { byCard: {}, byKey: {}, byDay: {}, byAction: {} };
    if (!myDecision || !pend || !pend.options) return ix;
    const push = (m, k, o) => { (m[k] = m[k] || []).push(o); };
    for (const o of pend.options) {
      ix.byKey[o.key] = o;
      const parts = o.key.split(":");
      const head = parts[0];
      if (o.card) push(ix.byCard, o.card, o);
      if (head === "cube" && parts[2] === "rerun") push(ix.byCard, "rerun", o);
      if (["rd", "archives", "golf", "pr"].includes(head) && parts.length === 1) push(ix.byAction, head, o);
      if (head === "hr") push(ix.byAction, "hr", o);
      if (head === "show" || head === "talent") push(ix.byDay, parts[2], o);
      if (head === "rerun") push(ix.byDay, parts[1], o);
      if (head === "move") { push(ix.byDay, parts[1], o); push(ix.byDay, parts[2], o); }
    }
    return ix;
  }
  PT.ptIndexOptions = indexOptions;

  /* ---------------------------------------------------------------- the development board */
  function header(view) {
    const L = view.limits || {};
    const season = L.season_rounds || 3;
    const r = view.round;
    const awards = Math.ceil(r / season) * season;
    const steps = [["dev", "Development"], ["bids", "Bids"], ["schedule", "Schedules"], ["ratings", "Ratings War"],
      ["awards", r % season === 0 ? "Awards" : null], ["income", "Income"]].filter(([, l]) => l);
    const phaseIdx = { setup: -1, dev: 0, bids: 1, schedule: 2, ratings: 3, over: 99 }[view.phase];
    const track = h("div", { class: "pt-phases", "aria-label": "Phases of the round" }, steps.map(([k, l], i) =>
      h("span", { class: "pt-phase" + (k === view.phase ? " now" : i < phaseIdx ? " done" : ""),
        "data-tip": k === "dev" || k === "bids" ? PT.PT_RULES.development : k === "awards" ? PT.PT_RULES.awards :
          k === "income" ? PT.PT_RULES.income : PT.PT_RULES.broadcasting }, l)));
    const rounds = h("div", { class: "pt-rounds", "aria-label": "Round track" }, Array.from({ length: view.rounds }, (_, i) =>
      h("span", { class: "pt-round" + (i + 1 === r ? " now" : i + 1 < r ? " done" : "") + ((i + 1) % season === 0 ? " award" : ""),
        "data-tip": (i + 1) % season === 0 ? `Round ${i + 1}: Awards Ceremony (end of season ${(i + 1) / season})` : `Round ${i + 1}` },
      String(i + 1))));
    return h("div", { class: "pt-head" },
      h("h2", {}, `Round ${r} of ${view.rounds}`, h("span", { class: "muted pt-phasename" }, " · " + (PHASES[view.phase] || view.phase))),
      rounds, track,
      h("span", { class: "muted small" }, view.phase === "over" ? "" : `Season ${Math.ceil(r / season)} · awards after round ${awards}`));
  }

  function turnOrder(view) {
    const cur = view.current;
    return h("div", { class: "pt-turnorder", id: "pt-turnorder", "data-tip": "Turn order: tokens, bids, schedules and cube picks go in this order. The R&D stack sets the next one." },
      h("b", {}, "Turn order"),
      view.turn_order.map((s, i) => h("span", { class: "pt-orderpos" + (s === cur ? " current" : ""), dataset: { seat: s } },
        h("span", { class: "muted" }, `${i + 1}.`), seatChip(view, s), nameOf(view, s), i === 0 ? h("span", { class: "badge", "data-tip": "First player" }, "1st") : null)));
  }

  function bidSlots(view, sp) {
    const L = view.limits || {};
    const n = (L.bid_spaces || {})[sp.tier] || 2;
    const out = [];
    const last = sp.bids.length - 1;
    for (let j = 0; j < n; j++) {
      const b = sp.bids[j];
      if (b) {
        out.push(seatChip(view, b.player, `$${b.amount}`, j < last ? "outbid" : "lead"));
      } else {
        out.push(h("span", { class: "pt-bidslot", "data-tip": j === 0 ? `Bidding space: at least the minimum bid, at most $${(L.bid_cap || {})[sp.tier]}.` :
          "Bidding space: a higher bid than the one before (never over your own token)." }, ""));
      }
    }
    return h("div", { class: "pt-bids" }, out);
  }

  function cardSpaces(view, kind, ctx) {
    const L = view.limits || {};
    const spaces = view.board[kind === "show" ? "shows" : "talents"] || [];
    return h("div", { class: "pt-spaces", dataset: { kind } }, spaces.map((sp, i) => {
      const cls = "pt-space tier-" + sp.tier + (sp.open ? "" : " closed");
      let body;
      if (!sp.open) body = h("div", { class: "pt-empty", "data-tip": "A space with the 2-player icon: not used in a 2-player game." }, "2-player: closed");
      else if (!sp.card) body = h("div", { class: "pt-empty" }, "empty");
      else {
        const lead = sp.bids.length ? sp.bids[sp.bids.length - 1] : null;
        const extra = `${sp.tier === "gold" ? "Gold" : "Silver"} space: bids up to $${(L.bid_cap || {})[sp.tier]}; ` +
          `an outbid token may buy a remaining card here for $${(L.fallback || {})[sp.tier]}.` +
          (lead ? `\nHigh bid: $${lead.amount} by ${nameOf(view, lead.player)}.` : "\nNo bids yet.");
        body = playTile(sp.card, ctx, { extraTip: extra });
      }
      return h("div", { class: cls, dataset: { space: `${kind}:${i}` } }, body, sp.open ? bidSlots(view, sp) : null);
    }));
  }

  function actionBox(view, ctx, key, title, tip, occupants, capacity, note) {
    const chips = [];
    occupants.forEach((s, i) => chips.push(seatChip(view, s, key === "rd" ? `#${occupants.length - i}` : "")));
    if (capacity) for (let i = occupants.length; i < capacity; i++) chips.push(h("span", { class: "pt-bidslot" }, ""));
    const box = h("div", { class: "pt-action", dataset: { action: key }, "data-tip": tip },
      h("div", { class: "pt-action-title" }, title), h("div", { class: "pt-action-tokens" }, chips.length ? chips : h("span", { class: "muted" }, "no tokens")),
      note ? h("div", { class: "muted small" }, note) : null);
    const opts = ctx.ix.byAction[key];
    if (opts && opts.length) clickable(box, opts, ctx);
    else if (ctx.myDecision && ctx.unusable[key]) dim(box, ctx.unusable[key]);
    return box;
  }

  function actions(view, ctx) {
    const b = view.board;
    const L = view.limits || {};
    const hr = L.hr_pay || { silver: 1, gold: 4 };
    return h("div", { class: "pt-actions", id: "pt-actions" },
      actionBox(view, ctx, "rd", `R&D · $${L.rd_cost ?? 1}`,
        "R&D: pay $1 (one token per player). At the end of the Development phase the R&D stack sets the new turn order: the top token (the last placed) goes first; players without a token follow in their old order.",
        b.rd, 0, b.rd.length ? "top of the stack first" : "sets next turn order"),
      actionBox(view, ctx, "archives", "Archives", "Archives: take a Re-Run card from the supply.", b.archives, L.archives || 2, `${b.reruns} Re-Runs left`),
      actionBox(view, ctx, "golf", `Golf Course · +${L.golf_vp ?? 1} VP`, "Golf Course: gain 1 VP at once.", b.golf, L.golf || 2, null),
      actionBox(view, ctx, "pr", "Public Relations",
        "Public Relations: take a cube from any Forecast space or daily pool and add it to a daily pool, or switch two cubes in two different daily pools.",
        b.pr, L.pr || 3, null),
      actionBox(view, ctx, "hr", "HR",
        `HR (any number of tokens): loan a talent from your hand face down until the next season for $${hr.silver} (Silver) or $${hr.gold} (Gold).`,
        b.hr, 0, `loan a talent: $${hr.silver} / $${hr.gold}`));
  }

  function cubesPanel(view, ctx) {
    const b = view.board;
    const days = view.days || [];
    const rowNow = b.forecast_row;
    const ratingDay = view.ratings ? view.ratings.day : null;
    const forecastActive = view.phase === "setup" || view.phase === "dev" || view.phase === "bids";
    const rows = [];
    for (let r = (b.forecast || []).length - 1; r >= 0; r--) {
      const row = b.forecast[r];
      const which = r === 0 ? "rounds 1 & 4" : r === 1 ? "rounds 2 & 5" : "rounds 3 & 6";
      rows.push(h("tr", { class: r === rowNow && forecastActive ? "pt-nextrow" : "" },
        h("th", { scope: "row", "data-tip": `The ${ROW_NAMES[r]} Forecast row joins the daily pools at the start of Broadcasting in ${which}.` },
          `${cap(ROW_NAMES[r] || String(r))}`, h("span", { class: "muted small" }, ` ${which.replace("rounds ", "r")}`)),
        row.map((c, d) => {
          const key = `forecast:${r}:${days[d]}`;
          const cell = h("td", { dataset: { cell: key } }, c ? cube(c) : h("span", { class: "muted" }, "·"));
          const o = ctx.ix.byKey[key];
          if (o) clickable(cell, [o], ctx);
          return cell;
        })));
    }
    const pools = h("tr", { class: "pt-pools" }, h("th", { scope: "row", "data-tip": "Daily pools: the cubes players fight for on each day of the Ratings War." }, "Pools"),
      days.map((d) => {
        const pool = (b.pools || {})[d] || {};
        const cubes = [];
        for (const [col, n] of Object.entries(pool)) {
          for (let i = 0; i < n; i++) {
            const el = cube(col);
            const o = ctx.ix.byKey[`pool:${d}:${col}`];
            if (o) clickable(el, [o], ctx);
            cubes.push(el);
          }
        }
        const total = Object.values(pool).reduce((a, x) => a + x, 0);
        const cell = h("td", { class: "pt-pool" + (d === ratingDay ? " today" : ""), dataset: { pool: d } },
          h("div", { class: "pt-poolcubes" }, cubes.length ? cubes : h("span", { class: "muted" }, "empty")), h("div", { class: "muted small" }, `${total}`));
        const o = ctx.ix.byKey[`to:${d}`];
        if (o) clickable(cell, [o], ctx);
        return cell;
      }));
    const head = h("tr", {}, h("th", {}, ""), days.map((d) => h("th", { class: d === ratingDay ? "today" : "" }, DAY_SHORT[d] || d)));
    return h("div", { class: "pt-cubes", id: "pt-cubes" },
      h("h3", { "data-tip": "Forecast: 15 demographic cubes, one row joins the daily pools each round (lower, middle, top; again in the second season)." }, "Forecast and daily pools"),
      h("table", { class: "pt-forecast" }, h("thead", {}, head), h("tbody", {}, rows, pools)),
      view.ratings ? h("div", { class: "pt-ratingnow" }, h("b", {}, `${DAY_NAMES[view.ratings.day]}: `),
        view.ratings.stage === "primary" ? "primary cubes — " + view.turn_order.map((s) => `${nameOf(view, s)} ${view.ratings.primary_left[s]}`).join(", ") + " left"
          : "remaining cubes, in turn order" + (view.ratings.passed.some((x) => x) ? ` (passed: ${view.ratings.passed.map((x, s) => x ? nameOf(view, s) : null).filter(Boolean).join(", ")})` : "")) : null);
  }

  function hotness(view) {
    const L = view.limits || {};
    const top = Math.max(10, ...view.players.map((p) => p.hotness + 2));
    const max = Math.min(L.hotness_max || 20, top);
    const cells = [];
    for (let v = 0; v <= max; v++) {
      // the first to reach a value lies at the bottom of the stack and counts as hotter
      const here = view.players.filter((p) => p.hotness === v).sort((a, b) => a.hotness_stack - b.hotness_stack);
      cells.push(h("div", { class: "pt-hotcell" + (here.length ? " on" : "") }, h("span", { class: "muted small" }, String(v)),
        h("div", { class: "pt-hotstack" }, here.map((p) => seatChip(view, p.seat)))));
    }
    return h("div", { class: "pt-hotness", id: "pt-hotness" },
      h("h3", { "data-tip": "Hotness track: after each Ratings War your busiest day (cubes on its show and talents) raises your marker. At the Awards each player behind you gives you VP (2 in a 2-player game); a marker that arrived first (lower in a stack) is hotter." }, "Hotness"),
      h("div", { class: "pt-hottrack" }, cells));
  }

  function extras(view) {
    const b = view.board;
    const clients = (b.clients || []).map((id) => tile(id, { extraTip: "On the board this round: won during Broadcasting." }));
    const br = (b.boardroom || []).map((id, i) => id ? tile(id, { extraTip: `${(b.boardroom_decks || [])[i] ?? "?"} more in this deck.` }) : h("span", { class: "muted" }, "—"));
    const d = view.decks || {};
    return h("div", { class: "pt-extras" },
      h("div", { class: "pt-extra" }, h("h3", { "data-tip": "Client tokens on the board: each pays its money to the first network to meet its demand during this week's Ratings War." }, "Clients"),
        h("div", { class: "cardrow", id: "pt-clients" }, clients.length ? clients : h("span", { class: "muted" }, "none"))),
      h("div", { class: "pt-extra" }, h("h3", { "data-tip": "Boardroom cards: one from each deck is scored at every Awards Ceremony (rounds 3 and 6)." }, "Boardroom"),
        h("div", { class: "cardrow", id: "pt-boardroom" }, br)),
      h("div", { class: "pt-extra pt-supply" }, h("h3", {}, "Supply"),
        h("div", { class: "kv" }, h("span", {}, "Show deck"), h("b", {}, d.shows)),
        h("div", { class: "kv" }, h("span", {}, "Talent deck"), h("b", {}, d.talents)),
        h("div", { class: "kv" }, h("span", {}, "Client pile"), h("b", {}, d.clients)),
        h("div", { class: "kv" }, h("span", {}, "Cubes in the bag"), h("b", {}, b.bag)),
        h("div", { class: "kv" }, h("span", {}, "Re-Runs"), h("b", {}, b.reruns)),
        h("div", { class: "kv", "data-tip": "Variety tokens: a network with shows of all five genres on its guide (four with 2 players) takes one; 1 VP each at the Awards." },
          h("span", {}, "Variety tokens"), h("b", {}, b.variety))));
  }

  function boardPanel(view, ctx) {
    return h("section", { class: "panel pt-board", id: "pt-board", "aria-label": "Board" },
      header(view), turnOrder(view),
      h("div", { class: "pt-market" },
        h("div", { class: "pt-market-row", dataset: { kind: "show" } }, h("div", { class: "label" }, h("b", {}, "Shows"), h("span", { class: "deckcount" }, `deck: ${view.decks.shows}`)), cardSpaces(view, "show", ctx)),
        h("div", { class: "pt-market-row", dataset: { kind: "talent" } }, h("div", { class: "label" }, h("b", {}, "Talents"), h("span", { class: "deckcount" }, `deck: ${view.decks.talents}`)), cardSpaces(view, "talent", ctx))),
      actions(view, ctx),
      h("div", { class: "pt-lower" }, cubesPanel(view, ctx), hotness(view)),
      extras(view));
  }

  /* ---------------------------------------------------------------- player areas */
  function guideStats(view, p) {
    let cubes = 0;
    let best = 0;
    let bestDay = null;
    let potential = 0;
    for (const d of view.days) {
      const sl = (p.guide || {})[d];
      if (!sl) continue;
      cubes += sl.cubes;
      potential += sl.potential;
      if (sl.cubes > best) { best = sl.cubes; bestDay = d; }
    }
    return { cubes, best, bestDay, potential };
  }

  function guide(view, p, ctx, isMe) {
    const days = view.days || [];
    const st = guideStats(view, p);
    const L = view.limits || {};
    const perCube = L.cash_per_cube || 2;
    const hiddenNow = !isMe && view.schedule && view.schedule.secret;
    const ratingDay = view.ratings ? view.ratings.day : null;
    const fc = h("div", { class: "forecast pt-forecastline", dataset: { testid: "pt-forecast", seat: p.seat },
      "data-tip": "Forecast for this week: cubes on this TV Guide now, the money they bring at Income ($2 each), the busiest day (Hotness) and the primary cubes the guide is entitled to (stars and matching talents)." },
    h("span", {}, h("b", {}, st.cubes), " cubes → ", h("b", {}, `+$${st.cubes * perCube}`), " income"),
    h("span", {}, "hottest day ", h("b", {}, st.bestDay ? `${DAY_SHORT[st.bestDay]} (${st.best})` : "—")),
    h("span", {}, "primary ", h("b", {}, `★${st.potential}`)));
    const cols = days.map((d) => {
      const sl = (p.guide || {})[d];
      const box = h("div", { class: "pt-day" + (d === ratingDay ? " today" : ""), dataset: { day: d, seat: p.seat } },
        h("div", { class: "slot-name" }, DAY_NAMES[d] || d));
      const cardCtx = isMe && (ctx.kind !== "cube" || d === ratingDay) ? ctx : null;
      if (sl) {
        if (sl.show) {
          const key = sl.show.card === "rerun" ? "rerun" : sl.show.card;
          box.appendChild(cardCtx ? playTile(sl.show.card, cardCtx, { cubes: sl.show.cubes }, key) : tile(sl.show.card, { cubes: sl.show.cubes }));
        } else {
          box.appendChild(h("div", { class: "muted small" }, "canceled show"));
        }
        for (const t of sl.talents) {
          box.appendChild(cardCtx ? playTile(t.card, cardCtx, { cubes: t.cubes, mini: true }) : tile(t.card, { cubes: t.cubes, mini: true }));
        }
        box.appendChild(h("div", { class: "pt-daystats", "data-tip": "Primary cubes (stars + talents matching the show's genre) and cubes placed on this day." },
          `★${sl.potential} · ${plural(sl.cubes, "cube")}`));
      } else {
        box.appendChild(h("div", { class: "muted small pt-free" }, "free"));
      }
      const opts = isMe ? ctx.ix.byDay[d] : null;
      if (opts && opts.length) clickable(box, opts, ctx);
      return box;
    });
    return h("div", { class: "pt-guide-box" },
      h("h3", {}, "TV Guide"),
      hiddenNow ? h("div", { class: "banner pt-screen", dataset: { testid: "pt-screen" } },
        `Simultaneous Scheduling: ${nameOf(view, p.seat)} ${view.schedule.waiting.includes(p.seat) ? "has not submitted yet" : "has submitted"}. ` +
        "The new schedule stays behind the screen until everyone has submitted; shown here as it stood before scheduling.") : null,
      fc, h("div", { class: "pt-guide", style: `grid-template-columns: repeat(${days.length}, minmax(0, 1fr))` }, cols));
  }

  function hand(view, p, ctx, isMe) {
    const box = h("div", { class: "pt-hand-box" }, h("h3", {}, isMe ? "Your hand" : "Hand"));
    const hc = p.hand_counts || {};
    if (isMe && p.hand) {
      const row = h("div", { class: "cardrow", id: "pt-hand" },
        p.hand.shows.map((id) => playTile(id, ctx)), p.hand.talents.map((id) => playTile(id, ctx)));
      if (p.hand.reruns) {
        row.appendChild(cardBack("Re-Runs", p.hand.reruns, "Re-Run cards in your hand: each airs as a Single Show with one space for any cube."));
      }
      if (!row.childNodes.length) row.appendChild(h("span", { class: "muted" }, "empty"));
      box.appendChild(row);
      if ((p.offer || []).length) {
        box.appendChild(h("h3", { style: "margin-top:8px" }, "Starting offer — choose the show to discard"));
        box.appendChild(h("div", { class: "cardrow pt-offer", id: "pt-offer" }, p.offer.map((id) => playTile(id, ctx))));
      }
      if ((p.facedown || []).length) {
        box.appendChild(h("h3", { style: "margin-top:8px", "data-tip": "Face-down talents (loaned through HR or without cubes) come back to your hand at the start of the next season." }, "Face down"));
        box.appendChild(h("div", { class: "cardrow", id: "pt-facedown" }, p.facedown.map((id) => tile(id, { mini: true }))));
      }
    } else {
      box.appendChild(h("div", { class: "cardrow pt-backs", dataset: { testid: "hand-backs" } },
        cardBack("Shows", hc.shows || 0, `${nameOf(view, p.seat)} holds ${plural(hc.shows || 0, "show")} (hidden).`),
        cardBack("Talents", hc.talents || 0, `${nameOf(view, p.seat)} holds ${plural(hc.talents || 0, "talent")} (hidden).`),
        cardBack("Re-Runs", hc.reruns || 0, `${nameOf(view, p.seat)} holds ${plural(hc.reruns || 0, "Re-Run")}.`),
        cardBack("Face down", p.facedown_count || 0, "Face-down talents (hidden): back in hand at the next season."),
        p.offer_count ? cardBack("Offer", p.offer_count, "Starting shows still being chosen (hidden).") : null));
    }
    return box;
  }

  function netBoard(view, p, isMe) {
    const src = p.vp_sources || {};
    const vpTip = "Victory points so far:\n" + Object.entries(src).filter(([, v]) => v).map(([k, v]) => `${VP_NAMES[k] || k}: ${v}`).join("\n");
    const items = [
      h("div", { class: "kv" }, h("span", {}, "Cash"), h("b", { dataset: { testid: "cash" } }, `$${p.cash}`)),
      h("div", { class: "kv", "data-tip": vpTip }, h("span", {}, "VP"), h("b", { dataset: { testid: "vp" } }, p.vp)),
      h("div", { class: "kv" }, h("span", {}, "Hotness"), h("b", {}, p.hotness)),
      h("div", { class: "kv", "data-tip": "Player tokens still to place this round." }, h("span", {}, "Tokens left"),
        h("b", {}, Array.from({ length: p.tokens_left }, () => "●").join("") || "0")),
      h("div", { class: "kv" }, h("span", {}, "Variety tokens"), h("b", {}, p.variety)),
    ];
    if (view.options && view.options.bonds) {
      items.push(h("div", { class: "kv", "data-tip": PT.PT_RULES.bonds, dataset: { testid: "bonds" } }, h("span", {}, "Bonds"),
        h("b", {}, p.bonds.length ? p.bonds.map((x) => "$" + x).join(" + ") : "none")));
    }
    items.push(h("div", {}, h("span", { class: "muted small" }, "Clients"),
      h("div", { class: "cardrow" }, (p.clients || []).length ? p.clients.map((id) => tile(id, { mini: true })) : h("span", { class: "muted" }, "none"))));
    items.push(h("div", { class: "refbox", "data-tip": PT.PT_RULES.development, tabindex: "0" }, "Development ℹ"));
    items.push(h("div", { class: "refbox", "data-tip": PT.PT_RULES.broadcasting, tabindex: "0" }, "Broadcasting ℹ"));
    items.push(h("div", { class: "refbox", "data-tip": PT.PT_RULES.awards + "\n\n" + PT.PT_RULES.income, tabindex: "0" }, "Awards & Income ℹ"));
    items.push(h("div", { class: "refbox", dataset: { testid: "symbols-key" }, tabindex: "0",
      "data-tip": "Symbols:\n" + PT.PT_LEGEND.map(([sym, text]) => sym + "  " + text).join("\n") }, "Symbols ℹ"));
    return h("div", { class: "board-box" }, h("h3", {}, isMe ? "Your network" : "Network"), h("div", { class: "board-grid" }, items));
  }

  function areas(view, ctx) {
    const wrap = h("section", { class: "panel", id: "areas", "aria-label": "Player areas" });
    const tabs = h("div", { class: "tabs", role: "tablist" });
    const sel = ctx.tab !== undefined && ctx.tab !== null && view.players[ctx.tab] ? ctx.tab : (ctx.mySeat ?? view.turn_order[0] ?? 0);
    for (const p of view.players) {
      const s = p.seat;
      const t = h("button", { class: "tab" + (s === sel ? " active" : ""), role: "tab", "aria-selected": s === sel ? "true" : "false", dataset: { tab: s } },
        seatChip(view, s), " ", PT.presenceDot(s), (s === ctx.mySeat ? "You: " : "") + nameOf(view, s), ` · ${p.vp} VP · $${p.cash}`,
        (view.pending && view.pending.players ? view.pending.players.includes(s) : view.current === s) ? h("span", { class: "dot", "data-tip": "deciding now" }) : null);
      t.addEventListener("click", () => ctx.setTab(s));
      tabs.appendChild(t);
    }
    wrap.appendChild(tabs);
    const p = view.players[sel];
    const isMe = sel === ctx.mySeat;
    wrap.appendChild(h("div", { class: "area pt-area", dataset: { seat: sel } },
      hand(view, p, ctx, isMe), netBoard(view, p, isMe), guide(view, p, ctx, isMe)));
    return wrap;
  }

  /* ---------------------------------------------------------------- scoreboard and summary */
  function scoreboard(view) {
    const bonds = view.options && view.options.bonds;
    const head = ["Player", "VP", "Cash", "Hot"].concat(bonds ? ["Bonds"] : [], ["Cubes"]);
    const fin = view.final;
    const winners = new Set((fin && fin.winners) || []);
    const rows = view.turn_order.slice().sort((a, b) => a - b).map((s) => {
      const p = view.players[s];
      const st = guideStats(view, p);
      const src = p.vp_sources || {};
      const tip = `${nameOf(view, s)}: ` + (Object.entries(src).filter(([, v]) => v).map(([k, v]) => `${VP_NAMES[k] || k} ${v}`).join(", ") || "no VP yet");
      const cells = [h("span", {}, seatChip(view, s), " ", nameOf(view, s)), fin ? fin.players[s].total : p.vp, "$" + p.cash, p.hotness]
        .concat(bonds ? [p.bonds.length ? "$" + p.bonds.reduce((a, x) => a + x, 0) : "—"] : [], [st.cubes]);
      return h("tr", { class: winners.has(s) ? "winner" : "", "data-tip": tip, dataset: { seat: s } }, cells.map((c) => h("td", {}, c)));
    });
    return h("section", { class: "panel", id: "scoreboard", "aria-label": "Scoreboard" }, h("h2", {}, "Scoreboard"),
      h("table", { class: "scores" }, h("thead", {}, h("tr", {}, head.map((x) => h("th", {}, x)))), h("tbody", {}, rows)),
      h("div", { class: "muted", style: "font-size:11px;margin-top:4px" },
        fin ? "Final VP, cash converted at $3 = 1 VP." : "VP so far (hover a row for its sources); Cubes: on the TV Guide this week."));
  }

  function ptParts(view, ctx) {
    const pend = view.pending;
    const ix = indexOptions(pend, ctx.myDecision);
    const c = Object.assign({}, ctx, { ix, kind: pend ? pend.kind : "", unusable: (ctx.myDecision && pend && pend.unusable) || {} });
    return [
      h("div", { class: "mainCol", id: "pt-main" }, boardPanel(view, c), areas(view, c)),
      h("div", { class: "sideCol" }, scoreboard(view), PT.logPanel(view)),
    ];
  }

  function ptSummary(view, extra) {
    const fin = view.final;
    if (!fin) return null;
    const winners = (fin.winners || []).map((s) => nameOf(view, s));
    const keys = ["golf", "hotness", "most_talents", "best_show", "variety", "boardroom", "bonds", "cash", "total"]
      .filter((k) => fin.players.some((f) => typeof f[k] === "number"));
    return h("div", { class: "dialog", id: "summary", role: "dialog", "aria-label": "Final scores" },
      h("h2", {}, winners.length > 1 ? `Tie! ${winners.join(" and ")} share the win` : `${winners[0] || "?"} wins!`),
      h("table", { class: "scores" },
        h("thead", {}, h("tr", {}, h("th", {}, "Player"), keys.map((k) => h("th", {}, k === "total" ? "Total" : VP_NAMES[k] || k)))),
        h("tbody", {}, fin.players.map((f, s) => h("tr", { class: (fin.winners || []).includes(s) ? "winner" : "" },
          h("td", {}, nameOf(view, s)), keys.map((k) => h("td", {}, f[k])))))),
      h("p", { class: "muted" }, "Ties go to the highest total value of the shows and talents on the TV Guide."),
      extra || null);
  }

  /** The Help dialog's sections for Prime Time. */
  PT.ptHelp = function (view) {
    const opts = (view && view.options) || {};
    const sections = [
      h("h2", {}, "How to play Prime Time"),
      h("p", {}, PT.PT_HOW_TO),
      h("h2", {}, "Symbols"), ptLegend(),
      h("h2", {}, "Development"), h("p", { class: "pre" }, PT.PT_RULES.development),
      h("h2", {}, "Broadcasting and the Ratings War"), h("p", { class: "pre" }, PT.PT_RULES.broadcasting),
      h("h2", {}, "Awards (rounds 3 and 6)"), h("p", { class: "pre" }, PT.PT_RULES.awards),
      h("h2", {}, "Income"), h("p", { class: "pre" }, PT.PT_RULES.income),
    ];
    const adv = [];
    if (opts.bonds) adv.push(h("p", { class: "pre" }, PT.PT_RULES.bonds));
    if (opts.simultaneous) adv.push(h("p", { class: "pre" }, PT.PT_RULES.simultaneous));
    sections.push(h("h2", {}, "Advanced rules at this table"), adv.length ? adv : h("p", { class: "muted" }, "None: Issuing Bonds and Simultaneous Scheduling are off."));
    sections.push(h("h2", {}, "Tips"), h("ul", {}, PT.PT_TIPS.map((t) => h("li", {}, t))));
    return sections;
  };

  /** Prime Time: few options as buttons; many (bidding, scheduling) as the ones not tied to a card,
      the rest on the board (highlighted cards, days, action spaces) and in the full list. */
  let askEmpty = null;  // the scheduling decision whose empty schedule the player is asked to confirm

  function choices(v, pend, ctx, ui) {
    const strip = ui.strip;
    const opts = pend.options || [];
    const onBoard = (o) => !!o.card || /^(cube|show|talent|rerun|move|hr|bid|buy|forecast|pool|to):/.test(o.key);
    // submitting an empty TV Guide while holding shows that could go on it: say so and ask first
    const me = v.players && v.players[ui.me.seat];
    const emptyGuide = pend.kind === "sched" && me && !Object.values(me.guide || {}).some(Boolean) &&
      opts.some((o) => o.key.startsWith("show:"));
    const held = me && me.hand ? me.hand.shows.length : 0;
    const button = (o) => {
      const b = ui.optButton(o);
      if (o.card) b.dataset.card = o.card;
      if (o.key === "done" && emptyGuide) {
        return h("button", { class: "opt", dataset: { key: o.key }, disabled: ui.busy || undefined,
          onclick: () => { askEmpty = pend; ui.refresh(); } }, o.label);
      }
      return b;
    };
    if (emptyGuide) {
      const asking = askEmpty === pend;
      strip.appendChild(h("div", { class: "banner", id: "pt-empty-warning", style: "width:100%" },
        h("span", { style: "flex:1" }, `Your TV Guide is empty, and you hold ${held} show${held === 1 ? "" : "s"} you could schedule: ` +
          "submitting now airs nothing this week." + (asking ? " Submit the empty schedule anyway?" : "")),
        asking ? h("button", { class: "warn", id: "pt-empty-submit",
          onclick: () => { askEmpty = null; const o = opts.find((x) => x.key === "done"); if (o) ui.propose(o); } }, "Submit it empty") : null,
        asking ? h("button", { id: "pt-empty-back", onclick: () => { askEmpty = null; ui.refresh(); } }, "Keep scheduling") : null));
    }
    const plain = opts.filter((o) => !onBoard(o));
    const board = opts.filter(onBoard);
    // nothing to click on the board (a bid's amount, say): all choices as buttons, no hint, no empty list
    if (opts.length <= 8 || !plain.length || !board.length) {
      strip.appendChild(h("div", { class: "group" }, opts.map(button)));
      return strip;
    }
    const hint = pend.kind === "sched" ? "Click a highlighted card in your hand or a day of your TV Guide, or:" :
      pend.kind === "place" || pend.kind === "outbid" ? "Click a highlighted card or action space on the board, or:" :
        "Click a highlighted card, cube or day on the board, or:";
    strip.appendChild(h("div", { class: "muted" }, hint));
    if (plain.length) strip.appendChild(h("div", { class: "group" }, plain.map(button)));
    strip.appendChild(ui.allOptions(board, `All ${board.length} other choices`));
    return strip;
  }

  /** The round summary's table: the Ratings War's cubes and their income, clients, Variety, Hotness,
      canceled shows and (rounds 3 and 6) the Awards. */
  function roundSummary(view, sum) {
    const awards = sum.players.some((r) => r.awards !== null);
    const head = ["Network", "Cubes", "Income", "Clients"].concat(awards ? ["Awards"] : [], ["Notes"]);
    return h("table", { class: "scores", dataset: { testid: "round-summary-table" } },
      h("thead", {}, h("tr", {}, head.map((x) => h("th", {}, x)))),
      h("tbody", {}, sum.players.map((r) => {
        const notes = [];
        if (r.variety) notes.push(`+${r.variety} Variety`);
        if (r.hotness !== null) notes.push(`Hotness ${r.hotness}`);
        if (r.canceled.length) notes.push(`canceled: ${r.canceled.join(", ")}`);
        return h("tr", { dataset: { seat: r.seat } },
          h("td", {}, seatChip(view, r.seat), " ", nameOf(view, r.seat)),
          h("td", {}, r.cubes === null ? "—" : String(r.cubes)),
          h("td", {}, r.income === null ? "—" : `$${r.income}`),
          h("td", {}, r.clients.length ? `${r.clients.join(", ")} (+$${r.client_cash})` : "—"),
          awards ? h("td", { "data-tip": r.awards_detail || null }, r.awards === null ? "—" : `${r.awards} VP` + (r.awards_detail ? ` (${r.awards_detail})` : "")) : null,
          h("td", {}, notes.join("; ") || "—"));
      })));
  }

  /** Marks of a move on the board: a new bid on a card's space, a token on an action space. */
  function moveSpots(prev, view) {
    const out = {};
    const add = (s, sel, what) => { if (s !== null && s !== undefined && s >= 0) (out[s] = out[s] || []).push({ sel, what }); };
    const a = prev.board || {};
    const b = view.board || {};
    for (const [kind, key] of [["show", "shows"], ["talent", "talents"]]) {
      (b[key] || []).forEach((sp, i) => {
        const was = (a[key] || [])[i];
        if (sp.bids.length && (!was || was.card !== sp.card || was.bids.length < sp.bids.length)) {
          const bid = sp.bids[sp.bids.length - 1];
          add(bid.player, `[data-space="${kind}:${i}"]`, `bid $${bid.amount} on ${cardInfo(sp.card).name}`);
        }
      });
    }
    for (const act of ["rd", "archives", "golf", "pr", "hr"]) {
      const count = (xs, s) => (xs || []).filter((x) => x === s).length;
      const names = { rd: "R&D", archives: "Archives", golf: "Golf Course", pr: "Public Relations", hr: "HR" };
      for (const s of new Set(b[act] || [])) if (count(b[act], s) > count(a[act], s)) add(s, `[data-action="${act}"]`, `a token on ${names[act]}`);
    }
    return out;
  }

  /* The parts of the page a tutorial step may point at (issue 35): region name -> elements (the names
     of the game's tutorial data, games/prime_time/tutorial.py). */
  const REGIONS = {
    board: "#pt-board", market: "#pt-board .pt-market", actions: "#pt-actions", "turn-order": "#pt-turnorder",
    cubes: "#pt-cubes", clients: "#pt-clients", hotness: "#pt-hotness", hand: "#areas .pt-hand-box", network: "#areas .board-box",
    "tv-guide": "#areas .pt-guide-box", choices: "#choices", scoreboard: "#scoreboard", log: "#log",
    "round-summary": "#round-summary, #scoreboard",
  };

  PT.registerGame("prime-time", {
    regions: REGIONS,
    roundSummary,
    // a round's end in one spoken line (the live region)
    roundWords: (r) => [r.cubes === null ? null : `${r.cubes} cubes`, r.income === null ? null : `$${r.income} income`,
      r.awards === null || r.awards === undefined ? null : `${r.awards} VP in Awards`].filter((x) => x).join(", ") || "no score",
    moveSpots,
    title: "Prime Time",
    roundLabel: (v) => `Prime Time · Round ${v.round} of ${v.rounds}`,
    tableLine: (o) => `Prime Time · Issuing Bonds: ${o.bonds ? "on" : "off"}; Simultaneous Scheduling: ${o.simultaneous ? "on" : "off"}.`,
    indexOptions: (pending) => PT.indexOptions(pending),
    parts: ptParts,
    choices,
    summary: ptSummary,
    help: (view) => PT.ptHelp(view),
    load: () => PT.loadPtCards(),
  });
})();
