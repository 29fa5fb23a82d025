/* Drawing a game view: market, player areas, scoreboard, log, choices.  Used by the table and the replay. */
"use strict";

(function () {
  const PT = window.PT;
  const h = PT.h;
  // a Mogul (the Moguls module): a symbol Debian's DejaVu fonts draw (a circled M is an empty box there)
  const MOGUL = "♛";

  PT.RULES_ACTIONS =
    "Actions — on your turn take ONE:\n" +
    "• Sign a Star: pay its signing cost, put it in your green room.\n" +
    "• Sign an Ad: gain its signing bonus, put it in your green room.\n" +
    "• Take a Network card (Immediate cards resolve at once; Use Once cards are used later as a free action).\n" +
    "• Produce a Show: pay its cost, attach the required stars/ads from your green room, choose a timeslot " +
    "(off its preferred slot it starts on the X row), advance its genre track.\n" +
    "• Add or replace one Star or Ad on a show in your lineup.\n" +
    "• Pass: take the leftmost free pass space (cash or viewers). Passing lasts for the rest of the round; " +
    "the last player left may act several times, then passes for cash.";
  PT.RULES_ROUND_END =
    "Round End — after everyone has passed:\n" +
    "1. Upkeep: lineup income minus expenses (if you cannot pay, cancel shows until you can).\n" +
    "2. Score: viewers of your lineup plus pass-track viewers.\n" +
    "3. Age shows one row; a show past its last row is cancelled to your reruns.\n" +
    "4. Check genres.  5. Clear the pass track.  6. Set the turn order.  7. Deal a new market.\n" +
    "After round 4: genres, reruns, Game End network cards and $3M = 1 viewer are added.";
  PT.TIPS = [
    "Producing a strong show early lets it score for more rounds.",
    "Off its preferred timeslot a show starts on the X row: fewer viewers and a shorter life.",
    "Attach optional stars and ads while producing; a later Add or Replace action moves only one card.",
    "Watch cash now and upkeep later: a good ad can carry several expensive shows and stars.",
    "Passing early secures a better pass reward but leaves the shrinking market to the others; the last player may take several actions in a row.",
    "Genre bonuses help, but pushing one genre again and again can cost you a balanced, profitable lineup.",
    "Before confirming a show, check its cost, required slots, starting row, genre bonus and the forecast upkeep.",
  ];
  PT.HOW_TO =
    "Each round, players take one action at a time until everyone has passed. Your turn: click a highlighted card " +
    "in the market (sign a star or ad, take a network card, produce a show) or in your green room (attach it or use it), " +
    "or pass from the strip at the top. Cards you cannot use now are dimmed — hover (or long-press) to see why. " +
    "Every card explains itself on hover or long-press. The Forecast above your lineup shows what you would score " +
    "and pay if the round ended now. A ring in a player's colour marks what their last move changed (hover their tab " +
    "to read it), and each round ends with a summary of viewers, upkeep, cash and genre bonuses (the Round summary " +
    "button reopens it). After four rounds the most viewers win.";

  /* What each symbol on the page means: the Help's "Symbols" section and the board's "Symbols ℹ" key. */
  PT.LEGEND = [
    ["★ ☆", "Star slots on a show: ★ required, ☆ optional."],
    ["$ (ad)", "Ad slots on a show: $ required, (ad) optional."],
    ["◆ ◇", "Slots for a Star or an Ad: ◆ required, ◇ optional."],
    ["☀ ◐ ☾ ✦", "A show's preferred timeslot: Daytime, Primetime, Late Night, Weekend; ANY: no preference."],
    ["5 6 4 2", "A show's viewers on each row (season), top row first."],
    ["current row", "The highlighted number: the current row, where the show is now (its viewers this round)."],
    ["X row", "The number with a dashed outline: the X row, where a show produced outside its preferred timeslot starts."],
    ["$3M · exp 1", "Cost to produce or sign, and expenses paid at every upkeep."],
    ["+$2M · inc 3", "An Ad's signing bonus, and the income it brings at every upkeep."],
    ["◉", "Viewers (a Star's viewers by row; viewers on the pass track; a show's viewers now in the lineup)."],
    ["! 1x ∞ ◉", "Network cards: ! immediate, 1x use once, ∞ ongoing, ◉ scores at game end."],
    ["•", "A genre track space that gives a bonus card when reached."],
    [MOGUL, "A Mogul (Moguls module), or a Mogul token on a genre track."],
    ["▯", "A used Use Once Mogul, face down."],
    ["● ○ ·", "An Executive's complexity (Executives module); on Beeb's rondel: the filled space is the marker, the outlined ones those its next action may use."],
    ["Needs …", "A star's or ad's condition in a few words (not met: it goes in upside down). Click, long-press or press v on any card to read it in full."],
    ["↻ upside down", "A Star or Ad attached upside down (dashed frame): its upside-down values apply."],
    ["◯ ring", "A ring in a player's colour: the card or space that player changed with their last move (their tab is ringed too; hover it)."],
    ["● dot", "After a player's name on a tab: deciding now. Before a name: online (green), away (yellow), offline or left (a grey ring), a bot (a blue square)."],
    ["♪ Sound / ♪ Muted", "Top bar: a short sound when it becomes your turn, or muted (click to switch)."],
  ];

  function legend() {
    const sample = (which) => h("span", { class: "card legend-sample" }, h("span", { class: "c-seasons" },
      [5, 6, 4, 2].map((n, i) => h("span", { class: (which === "now" && i === 1 ? "now" : "") + (which === "x" && i === 2 ? " xrow" : "") }, n))));
    return h("dl", { class: "legend", dataset: { testid: "legend" } }, PT.LEGEND.map(([sym, text]) => [
      h("dt", {}, sym === "current row" ? sample("now") : sym === "X row" ? sample("x") : sym),
      h("dd", {}, text)]));
  }

  PT.FORECAST_TIP =
    "Forecast: the viewers and upkeep you would get if the round ended now " +
    "(before round-end choices such as cancellations forced by upkeep).";

  function nameOf(view, seat) {
    if (seat === -1) return "Opponent";
    const p = view.players[seat];
    return (p && p.name) || `Player ${seat + 1}`;
  }
  PT.nameOf = nameOf;

  /** Index the decider's options by card id and by lineup slot. */
  PT.indexOptions = function (pending) {
    const byCard = {};
    const bySlot = {};
    const other = [];
    for (const o of (pending && pending.options) || []) {
      const parts = o.key.split(":");
      const head = parts[0];
      let used = false;
      if (o.card && !(head === "att" && parts.length === 3 && pending.kind === "pick")) {
        (byCard[o.card] = byCard[o.card] || []).push(o);
        used = true;
      }
      if (["slot", "cancel", "to", "ens", "spon", "rep"].includes(head) ||
          (head === "att" && parts.length === 3 && pending.kind === "pick")) {
        const s = Number(parts[1]);
        if (!Number.isNaN(s)) { (bySlot[s] = bySlot[s] || []).push(o); used = true; }
      }
      if (!used) other.push(o);
    }
    return { byCard, bySlot, other };
  };

  /* ---------------------------------------------------------------- pieces */
  function tileFor(id, ctx, where, extra) {
    const t = PT.cardTile(id, extra);
    if (!ctx.myDecision || !where) return t;
    const opts = ctx.index.byCard[id];
    if (opts && opts.length) {
      t.classList.add("usable");
      t.setAttribute("role", "button");
      t.dataset.options = opts.map((o) => o.key).join(" ");
      const act = (e) => {
        if (PT.suppressClick) return;
        e.stopPropagation();
        ctx.choose(opts, t);
      };
      t.addEventListener("click", act);
      t.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(e); } });
      t._tip += "\n\nClick: " + opts.map((o) => o.label).join(" / ");
    } else {
      const reason = ctx.unusable[id] || (where === "market" || where === "green" ? "not usable for this decision" : null);
      if (reason) {
        t.classList.add("dimmed");
        t.dataset.reason = reason;
        t.setAttribute("aria-disabled", "true");
        t._tip += "\n\nCannot use now: " + reason;
      }
    }
    return t;
  }

  function market(view, ctx) {
    const kinds = [["show", "Shows"], ["star", "Stars"], ["ad", "Ads"], ["network", "Network"]];
    const box = h("section", { class: "panel market", id: "market", "aria-label": "Market" }, h("h2", {}, "Market"));
    for (const [k, label] of kinds) {
      const row = h("div", { class: "cardrow" }, (view.display[k] || []).map((id) => tileFor(id, ctx, "market")));
      if (!(view.display[k] || []).length) {
        // during Pilot Season the market is not dealt yet: it is not empty for good
        const pilot = view.phase === "pilot" || view.phase === "pilot_produce";
        row.appendChild(h("span", { class: "muted", dataset: { testid: "market-empty" } },
          pilot ? "dealt after Pilot Season" : "none left"));
      }
      // the discard pile beside the deck: where used (Use Once) and discarded cards went (NET-UI-20)
      const gone = (view.discards || {})[k] || [];
      const goneTip = gone.length ? `Discard pile: ${gone.map((id) => (PT.cards[id] || { name: id }).name).join(", ")}.` : "Discard pile: empty.";
      box.appendChild(h("div", { class: "market-row", dataset: { kind: k } },
        h("div", { class: "label" }, h("b", {}, label),
          h("span", { class: "deckcount", dataset: { deck: k } }, `deck: ${view.deck_counts[k]}`),
          h("span", { class: "deckcount", dataset: { discard: k }, "data-tip": goneTip }, `discard: ${gone.length}`)), row));
    }
    const pt = h("div", { class: "passtrack", id: "passtrack" });
    view.pass_track.forEach((c, i) => {
      const who = c.taken_by.map((s) => nameOf(view, s)).join(", ");
      pt.appendChild(h("div", { class: "passcol", "data-tip": "Pass track: the first to pass takes the leftmost column." },
        h("div", {}, `${i + 1}: $${c.cash}M` + (c.viewers ? ` or ${c.viewers} ◉` : "")),
        h("div", { class: "who" }, who || "—")));
    });
    const passLabel = view.telly_time ? "Telly pass board" : "Pass track";
    if (view.telly_time) pt.appendChild(h("div", { class: "muted" }, "+$1M per empty grid square"));
    const passRow = h("div", { class: "market-row", dataset: { testid: "pass-row" } }, h("div", { class: "label" }, h("b", {}, passLabel)), pt);
    // with Telly Time the pass board sits above the market (NET-UI-02); the base game's pass track below it
    if (view.telly_time) box.insertBefore(passRow, box.querySelector(".market-row")); else box.appendChild(passRow);
    if (view.moguls) {
      box.appendChild(h("div", { class: "market-row", dataset: { kind: "moguls" } },
        h("div", { class: "label" }, h("b", {}, `Moguls ${MOGUL}`), h("span", { class: "deckcount", dataset: { deck: "moguls" } }, `deck: ${view.moguls.deck}`)),
        mogulBoard(view)));
    }
    if (view.opponent) {
      box.appendChild(h("div", { class: "muted" },
        `Solo opponent: ${view.opponent.deck} cards left, ${view.opponent.parked} parked` +
        (view.opponent.passed ? ", passed" : "")));
    }
    return box;
  }

  function genreTracks(p, view) {
    const values = (PT.board && PT.board.genre_board && PT.board.genre_board.values) || [1, 3, 6, 10, 15];
    const bonuses = (PT.board && PT.board.genre_board && PT.board.genre_board.bonuses) || {};
    const mog = view && view.moguls;  // the Moguls module: a token on its space while nobody has taken it
    const box = h("div", { class: "genres", "data-tip": "Genre tracks: producing a show advances its track; marked spaces give a bonus card choice; the value reached scores at the end." +
      (mog ? ` ${MOGUL}: a Mogul token — the first player without a Mogul to land there takes it instead of the bonus, draws 3 Moguls and keeps 1.` : "") });
    for (const g of PT.GENRES) {
      const pos = p.genres[g] || 0;
      const row = h("div", { class: "genre" }, h("span", {}, PT.GENRE_NAMES[g]));
      values.forEach((v, i) => {
        const b = (bonuses[g] || [])[i];
        const token = mog && mog.space === i + 1 && mog.tokens.includes(g);
        // one tooltip per cell: its own text in the page's tooltip (a native title would show a second one)
        const tip = `${PT.GENRE_NAMES[g]} track, space ${i + 1}: worth ${v} at the end of the game` +
          (token ? "; a Mogul token lies here" : b ? `; landing here gives a bonus: ${b}` : "") + ".";
        row.appendChild(h("span", { class: "cell" + (pos === i + 1 ? " on" : "") + (token ? " mogul-token" : ""),
          "data-tip": tip, dataset: token ? { testid: "mogul-token" } : {} },
          v + (token ? MOGUL : b ? "•" : "")));
      });
      box.appendChild(row);
    }
    return box;
  }

  // Telly Time: the player's 3x3 Genre Grid (filled squares lit, completed lines listed) instead of the tracks.
  function genreGrid(view, p) {
    const tt = view.telly_time;
    const g = p.genre_grid || { filled: [], lines: [], empty: 9 };
    const bonus = (ln) => (ln.bonus === "cash" ? `$${ln.cash}M` : ln.bonus);
    const box = h("div", { class: "genre-grid", dataset: { testid: "genre-grid" },
      "data-tip": "Genre Grid: the first show you produce in a genre fills its square; a completed row, column or diagonal pays the bonus at its end. Passing: +$1M per empty square. Round end: 1 viewer per filled square." });
    tt.squares.forEach((genre, i) => {
      const on = g.filled.includes(genre);
      box.appendChild(h("span", { class: "cell" + (on ? " on" : ""), dataset: { square: i } }, PT.GENRE_NAMES[genre] || genre));
    });
    // each line in words ("top row: a star bonus"), from the game's text module
    const lines = tt.lines.map((ln) => `${ln.name || "a line"}: ${ln.reward || bonus(ln)}` + (g.lines.includes(ln.id) ? " ✓" : "")).join(" · ");
    return h("div", {}, h("div", { class: "kv" }, h("span", {}, "Genre Grid"), h("b", {}, `${g.filled.length}/9, ${g.lines.length} line(s)`)),
      box, h("div", { class: "muted small" }, lines));
  }

  /** A player's Moguls (the Moguls module): face up, or face down once a Use Once Mogul is used. */
  function mogulTile(view, id, used) {
    const m = ((view.moguls || {}).cards || {})[id] || { name: id, timing: "", text: "" };
    const timing = String(m.timing).replace(/_/g, " ");
    return h("span", { class: "mogul" + (used ? " face-down" : ""), dataset: { testid: "mogul", mogul: id },
      "data-tip": `${m.name} (Mogul, ${timing})${used ? " — used, face down" : ""}: ${m.text}`, tabindex: "0" },
    used ? `▯ ${m.name}` : `${MOGUL} ${m.name}`);
  }

  function moguls(view, p) {
    const owned = p.moguls || [];
    const how = view.telly_time ? "none yet: a second completed Genre Grid line gains one" : `none yet: land first on a ${MOGUL} token`;
    return h("div", { class: "kv" }, h("span", {}, `Moguls (${owned.length}/${p.mogul_limit})`),
      h("b", {}, owned.length ? owned.map((m) => mogulTile(view, m.id, m.used)) : h("span", { class: "muted" }, how)));
  }

  /** The Moguls module's shared board, in the market: the Mogul deck and, on the genre tracks, every
      network's marker and the Mogul tokens still there (with Telly Time the Genre Grid replaces the
      tracks: no tokens, a network's second completed line gains a Mogul). */
  function mogulBoard(view) {
    const m = view.moguls;
    const values = (PT.board && PT.board.genre_board && PT.board.genre_board.values) || [1, 3, 6, 10, 15];
    const box = h("div", { class: "mogul-board", id: "mogul-board", dataset: { testid: "mogul-board" } });
    if (view.telly_time) {
      box.appendChild(h("div", { class: "muted" }, "The Genre Grid replaces the genre tracks, so no Mogul tokens lie on them: " +
        "a network's second completed Genre Grid line gains a Mogul instead of its bonus (draw 2, keep 1)."));
      return box;
    }
    const board = h("div", { class: "genres genre-board", role: "table", "aria-label": "Genre tracks: every network's marker and the Mogul tokens" });
    for (const g of PT.GENRES) {
      const row = h("div", { class: "genre", role: "row", dataset: { genre: g } }, h("span", { role: "rowheader", class: `genre-name g-${g}` }, PT.GENRE_NAMES[g]));
      values.forEach((v, i) => {
        const token = m.space === i + 1 && m.tokens.includes(g);
        const here = view.players.filter((p) => (p.genres || {})[g] === i + 1);
        const tip = `${PT.GENRE_NAMES[g]} track, space ${i + 1} (worth ${v})` + (token ? ": a Mogul token lies here" : "") +
          (here.length ? `${token ? ";" : ":"} ${here.map((p) => nameOf(view, p.seat)).join(", ")}` : "") + ".";
        row.appendChild(h("span", { class: "cell" + (token ? " mogul-token" : ""), role: "cell", "data-tip": tip,
          dataset: token ? { testid: "board-mogul-token" } : {} },
        token ? MOGUL : String(v),
        here.map((p) => h("span", { class: `track-marker mark-seat-${p.seat}`, dataset: { seat: p.seat }, "aria-label": nameOf(view, p.seat) },
          String(p.seat + 1)))));
      });
      board.appendChild(row);
    }
    box.appendChild(board);
    return box;
  }

  function scoreTrack(total) {
    const grid = h("div", { class: "scoretrack", "aria-label": "Round scoring track" });
    const pos = ((total % 50) + 50) % 50;
    for (let i = 0; i < 50; i++) grid.appendChild(h("span", { class: i === pos ? "cube" : "" }, i % 10 === 0 ? i : ""));
    return h("div", { "data-tip": "Round scoring track: the cube marks this round's forecast viewers (past 50 it laps and shows +50)." },
      h("div", { class: "kv" }, h("span", {}, "Round score track"), h("b", {}, total >= 50 ? `${pos} (+50)` : String(pos))), grid);
  }

  function playerBoard(view, p, isMe) {
    const f = p.forecast;
    const items = [
      h("div", { class: "kv" }, h("span", {}, "Network"), h("b", {}, p.network)),
      h("div", { class: "kv" }, h("span", {}, "Cash"), h("b", { dataset: { testid: "cash" } }, `$${p.cash}M`)),
      h("div", { class: "kv" }, h("span", {}, "Passed"),
        h("b", {}, p.passed ? `yes (column ${p.pass_column}${p.pass_viewers ? `, ${p.pass_viewers} ◉` : ""})` : "no")),
      h("div", { class: "kv" }, h("span", {}, "Rounds"), h("b", {}, (p.round_scores || []).join(" · ") || "—")),
      h("div", { class: "refbox", "data-tip": PT.RULES_ACTIONS, tabindex: "0" }, "Actions ℹ"),
      h("div", { class: "refbox", "data-tip": PT.RULES_ROUND_END, tabindex: "0" }, "Round End ℹ"),
      h("div", { class: "refbox", dataset: { testid: "symbols-key" }, tabindex: "0",
        "data-tip": "Symbols:\n" + PT.LEGEND.map(([sym, text]) => (sym === "current row" || sym === "X row" ? "" : sym + "  ") + text).join("\n") },
      "Symbols ℹ"),
      view.telly_time ? genreGrid(view, p) : genreTracks(p, view),
      scoreTrack(f ? f.viewers : 0),
    ];
    if (p.moguls) items.push(moguls(view, p));
    const ex = executive(p, isMe);
    if (ex) items.push(ex);
    return h("div", { class: "board-box" }, h("h3", {}, "Board"), h("div", { class: "board-grid" }, items));
  }

  function lineup(view, p, ctx, isMe) {
    const f = p.forecast || { viewers: 0, upkeep: 0, lineup_viewers: 0, pass_viewers: 0 };
    const done = view.final && view.final.players[p.seat];
    // at the end of the game: the final result, no forecast of a round that will not come
    const fc = done ? h("div", { class: "forecast final", dataset: { testid: "final-score", seat: p.seat },
      "data-tip": "The final score: the four rounds' viewers and the end-game categories (see the scoreboard)." },
    h("span", {}, "Final score: "), h("span", {}, h("b", {}, done.total), " viewers"),
    h("span", { class: "muted" }, `rounds ${done.rounds_total} + end of game ${done.total - done.rounds_total}`))
      : h("div", { class: "forecast", "data-tip": PT.FORECAST_TIP, dataset: { testid: "forecast", seat: p.seat } },
        h("span", {}, "Forecast: "),
        h("span", {}, h("b", { dataset: { testid: "forecast-viewers" } }, f.viewers), " viewers"),
        h("span", {}, "upkeep ", h("b", { dataset: { testid: "forecast-upkeep" } }, (f.upkeep >= 0 ? "+" : "") + f.upkeep), " $M"));
    const grid = h("div", { class: "lineup" });
    const slots = view.telly_time ? view.telly_time.timeslots : ["daytime", "primetime", "latenight"];
    slots.forEach((slotName, i) => {
      const sh = p.lineup[i];
      const box = h("div", { class: "slot", dataset: { slot: i } },
        h("div", { class: "slot-name" }, `${PT.SLOT_ICONS[slotName]} ${PT.SLOT_NAMES[slotName]}`));
      if (sh) {
        const net = sh.income - sh.expenses;
        box.appendChild(PT.cardTile(sh.card, { season: sh.season }));
        box.appendChild(h("span", { class: "show-badge", dataset: { testid: "show-badge" },
          "data-tip": `This show now: ${sh.viewers} viewers, income $${sh.income}M, expenses $${sh.expenses}M (season ${sh.season}).` },
        `◉ ${sh.viewers} · ${net >= 0 ? "+" : ""}${net} $M`));
        const atts = h("div", { class: "atts" });
        for (const a of sh.attachments) {
          const t = PT.cardTile(a.card, { mini: true, extraTip: a.rotated ? "Attached upside down: its upside-down values apply." : "Attached upright." });
          atts.appendChild(h("div", { class: "att-wrap" }, a.rotated ? (t.classList.add("rotated"), t) : t,
            h("span", { class: "rot-label" + (a.rotated ? " down" : ""), dataset: { testid: a.rotated ? "upside-down" : "upright" } },
              a.rotated ? "↻ upside down" : "upright")));
        }
        box.appendChild(atts);
      } else {
        box.appendChild(h("div", { class: "muted" }, "empty"));
      }
      const opts = isMe && ctx.myDecision ? ctx.index.bySlot[i] : null;
      if (opts && opts.length) {
        box.classList.add("target");
        box.setAttribute("role", "button");
        box.tabIndex = 0;
        box.dataset.options = opts.map((o) => o.key).join(" ");
        box.addEventListener("click", (e) => { if (!PT.suppressClick) ctx.choose(opts, box); });
      }
      grid.appendChild(box);
    });
    return h("div", { class: "lineup-box" }, h("h3", {}, "Lineup"), fc, grid);
  }

  function greenRoom(view, p, ctx, isMe) {
    const box = h("div", { class: "green-box" }, h("h3", {}, "Green room"));
    const row = h("div", { class: "cardrow", id: isMe ? "my-green" : null });
    for (const id of p.green_room) row.appendChild(isMe ? tileFor(id, ctx, "green") : PT.cardTile(id));
    if (!p.green_room.length) row.appendChild(h("span", { class: "muted" }, "empty"));
    box.appendChild(row);
    if (p.reserved && p.reserved.length) {
      box.appendChild(h("h3", {}, "Reserved"));
      box.appendChild(h("div", { class: "cardrow" }, p.reserved.map((id) => isMe ? tileFor(id, ctx, "reserved") : PT.cardTile(id))));
    }
    box.appendChild(h("h3", { style: "margin-top:8px" }, "Reruns"));
    const rr = h("div", { class: "cardrow" }, p.reruns.map((id) => PT.cardTile(id, { mini: true })));
    if (!p.reruns.length) rr.appendChild(h("span", { class: "muted" }, "none"));
    box.appendChild(rr);
    if (p.pilot_shows && p.pilot_shows.length) {
      box.appendChild(h("h3", { style: "margin-top:8px" }, "Pilot shows to produce"));
      box.appendChild(h("div", { class: "cardrow" }, p.pilot_shows.map((id) => PT.cardTile(id, { mini: true }))));
    }
    if (!isMe && p.pilot_offer_count !== undefined) {
      box.appendChild(h("div", { class: "muted" }, `Pilot Season: ${p.pilot_chosen ? "has chosen" : "choosing"} (cards hidden)`));
    }
    return box;
  }

  /* The Executives module: the player's Executive board — its name, complexity, the artwork side face up
     (both sides named), ability and drawback, all of it also on hover / long-press — and, for Beeb, its
     rondel (NET-EXEC-05) drawn small: the marker's space and the spaces the next action may use.
     While choosing: the private offer to its owner only, "choosing" to the others. */
  const SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, ...children) {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
    for (const c of children) el.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    return el;
  }

  PT.RONDEL_TIP = "Beeb's rondel: every action must be the one of the space the marker moves to, 1 to 3 spaces " +
    "clockwise (Talent: sign a star · Sponsors: sign an ad · Network: take a network card · Studio: produce a show · " +
    "Edit: add or replace an attachment). Moving exactly 1 space gains $1M. The first action of the game may use any space.";

  function rondel(ex) {
    const spaces = ex.rondel_spaces || ["Talent", "Sponsors", "Network", "Studio", "Edit"];
    const pos = ex.rondel;
    const reach = ex.rondel_reachable || (pos ? [] : spaces);
    const cx = 100, cy = 64, r = 40;
    const pic = svg("svg", { viewBox: "-12 0 224 132", class: "rondel-svg", role: "img",
      "aria-label": `Rondel: marker ${pos ? "on " + pos : "not on it yet"}; reachable now: ${reach.join(", ") || "none"}` });
    pic.appendChild(svg("circle", { cx, cy, r, class: "rondel-ring" }));
    pic.appendChild(svg("text", { x: cx, y: cy + 5, "text-anchor": "middle", class: "rondel-dir" }, "↻"));
    spaces.forEach((name, i) => {
      const a = (-90 + 72 * i) * Math.PI / 180;
      const x = cx + r * Math.cos(a), y = cy + r * Math.sin(a);
      const state = name === pos ? "marker" : reach.includes(name) ? "reachable" : "out";
      const g = svg("g", { class: "rondel-space " + state, "data-space": name, "data-state": state });
      g.appendChild(svg("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 8 }));
      if (state === "marker") g.appendChild(svg("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 4, class: "rondel-marker" }));
      // labels outside the ring: above the top space, beside the side ones, below the lower ones
      const lx = Math.cos(a) > 0.3 ? x + 12 : Math.cos(a) < -0.3 ? x - 12 : x;
      const ly = i === 0 ? y - 12 : Math.sin(a) > 0.5 ? y + 20 : y + 4;
      const anchor = Math.cos(a) > 0.3 && i !== 2 ? "start" : Math.cos(a) < -0.3 && i !== 3 ? "end" : "middle";
      g.appendChild(svg("text", { x: (i === 2 ? x + 7 : i === 3 ? x - 7 : lx).toFixed(1), y: ly.toFixed(1), "text-anchor": anchor }, name));
      pic.appendChild(g);
    });
    const words = `Marker: ${pos || "not on it yet"} · reachable now: ${reach.join(", ") || "none"}`;
    return h("div", { class: "rondel", dataset: { testid: "rondel" }, tabindex: "0", "data-tip": PT.RONDEL_TIP + "\n\n" + words },
      h("div", { class: "kv" }, h("span", {}, "Rondel"), h("b", {}, pos || "start")), pic,
      h("div", { class: "muted small rondel-words" }, words));
  }

  function executive(p, isMe) {
    const ex = p.executive;
    if (ex) {
      const sides = ex.sides || [ex.artwork];
      const pips = "●".repeat(ex.complexity) + "○".repeat(Math.max(0, 3 - ex.complexity));
      const tip = `Executive: ${ex.name} — complexity ${ex.complexity} of 3\n` +
        `Artwork sides: ${sides.map((sd, i) => (i === ex.side ? `${sd} (face up)` : sd)).join(" / ")}\n\n` +
        `Ability: ${ex.ability}\n\nDrawback: ${ex.drawback}` +
        (ex.early_turn ? "\n\nTook its early turn this round (no pass bonus this round)." : "");
      return h("div", { class: "executive exec-board", id: isMe ? "my-executive" : null,
        dataset: { testid: "executive-board", executive: ex.id } },
        h("div", { class: "exec-head", tabindex: "0", "data-tip": tip },
          h("h3", {}, `Executive: ${ex.name}`),
          h("span", { class: "exec-complexity", "aria-label": `complexity ${ex.complexity}` }, `complexity ${ex.complexity} ${pips}`)),
        h("div", { class: "muted small exec-sides", "data-tip": tip },
          sides.flatMap((sd, i) => [i ? " / " : null, h("span", { class: i === ex.side ? "face-up" : "face-down" }, sd)])),
        h("div", { class: "exec-ability", "data-tip": tip }, h("strong", {}, "Ability: "), ex.ability),
        h("div", { class: "exec-drawback", "data-tip": tip }, h("strong", {}, "Drawback: "), ex.drawback),
        ex.early_turn ? h("div", { class: "muted" }, "took its early turn this round") : null,
        ex.rondel !== undefined ? rondel(ex) : null);
    }
    if (p.executive_offer && p.executive_offer.length) {
      return h("div", { class: "executive" }, h("h3", { style: "margin-top:8px" }, "Executive offer"),
        h("div", {}, p.executive_offer.map((o) => `${o.name} (complexity ${o.complexity})`).join(", ")));
    }
    if (p.executive_chosen !== undefined) {
      return h("div", { class: "muted" }, `Executive: ${p.executive_chosen ? "has chosen" : "choosing"} (hidden)`);
    }
    return null;
  }

  function areas(view, ctx) {
    const wrap = h("section", { class: "panel", id: "areas", "aria-label": "Player areas" });
    const tabs = h("div", { class: "tabs", role: "tablist" });
    const order = view.players.map((p) => p.seat);
    const sel = ctx.tab !== undefined && ctx.tab !== null && view.players[ctx.tab] ? ctx.tab : (ctx.mySeat ?? 0);
    for (const s of order) {
      const p = view.players[s];
      const label = (s === ctx.mySeat ? "You: " : "") + nameOf(view, s);
      const t = h("button", { class: "tab" + (s === sel ? " active" : ""), role: "tab", "aria-selected": s === sel ? "true" : "false",
        dataset: { tab: s } }, PT.presenceDot(s), label, ` $${p.cash}M`, (view.pending && view.pending.players ? view.pending.players.includes(s) : view.current === s) ? h("span", { class: "dot", "data-tip": "deciding now" }) : null);
      t.addEventListener("click", () => ctx.setTab(s));
      tabs.appendChild(t);
    }
    wrap.appendChild(tabs);
    const p = view.players[sel];
    const isMe = sel === ctx.mySeat;
    wrap.appendChild(h("div", { class: "area", dataset: { seat: sel } },
      greenRoom(view, p, ctx, isMe), playerBoard(view, p, isMe), lineup(view, p, ctx, isMe)));
    return wrap;
  }

  /* End-game columns under short plain words (no symbols or dotted codes), narrow enough for the
     side column and a phone; each header says in full what it counts in its tooltip and spoken label. */
  const SCORE_HEADS = { "Σ": "Sum", Genres: "Genre", Reruns: "Rerun", Network: "Net", Moguls: "Mogul", Execs: "Exec" };
  const SCORE_TIPS = { Genres: "Genres: the genre tracks' values", Reruns: "Reruns: the viewers of your cancelled shows",
    Network: "Network: Game End network cards", Moguls: "Moguls: the Moguls' end-game points",
    Execs: "Executives: the Executive boards' end-game viewers", Cash: "Cash: $3M = 1 viewer",
    "Σ": "Sum: the four rounds' viewers added up", Total: "Total viewers", Rounds: "Rounds: each round's viewers",
    Now: "Now: this round's forecast viewers" };
  function scoreHead(x) {
    const tip = SCORE_TIPS[x] || null;
    const label = SCORE_HEADS[x] || x;
    // (the page's own tooltip, not a title: one tooltip at a time; the full word is the spoken label)
    return h("th", { "data-tip": tip, scope: "col", "aria-label": x }, label !== x ? h("abbr", {}, label) : label);
  }

  PT.scoreboard = function (view, ctx) {
    const page = ctx.scorePage || 0;
    const fin = view.final;
    const rows = [];
    const winners = new Set((fin && fin.winners) || []);
    let head;
    if (page === 0) {
      head = ["Player", "R1", "R2", "R3", "R4", fin ? "Rounds" : "Now"];
      view.players.forEach((p, s) => {
        const r = p.round_scores || [];
        const now = fin ? fin.players[s].rounds_total : (p.forecast ? p.forecast.viewers : 0);
        rows.push({ s, cells: [nameOf(view, s), r[0] ?? "", r[1] ?? "", r[2] ?? "", r[3] ?? "", now] });
      });
    } else {
      const mog = !!view.moguls;  // the Moguls module's category
      // the Executives module's category: every player has an Executive (or is choosing one)
      const execs = fin ? fin.players.some((f) => f.execs !== undefined)
        : view.players.some((p) => p.executive !== undefined || p.executive_chosen !== undefined);
      head = ["Player", "Genres", "Reruns", "Network"].concat(mog ? ["Moguls"] : [], execs ? ["Execs"] : [], ["Cash", "Total"]);
      view.players.forEach((p, s) => {
        const f = fin && fin.players[s];
        rows.push({ s, cells: [nameOf(view, s), f ? f.genres : "—", f ? f.reruns : "—", f ? f.network : "—"].concat(
          mog ? [f ? f.moguls : "—"] : [], execs ? [f ? f.execs || 0 : "—"] : [],
          [f ? f.cash : "—", f ? f.total : (p.round_scores || []).reduce((a, b) => a + b, 0)]) });
      });
    }
    const table = h("table", { class: "scores", dataset: { page } },
      h("thead", {}, h("tr", {}, head.map(scoreHead))),
      h("tbody", {}, rows.map((r) => h("tr", { class: winners.has(r.s) ? "winner" : "" }, r.cells.map((c) => h("td", {}, c))))));
    const arrow = h("button", { class: "small", id: "score-page", "aria-label": "Switch scoreboard page" },
      page === 0 ? "End-game ▶" : "◀ Rounds");
    arrow.addEventListener("click", () => ctx.setScorePage(page === 0 ? 1 : 0));
    return h("section", { class: "panel", id: "scoreboard", "aria-label": "Scoreboard" },
      h("div", { class: "row" }, h("h2", { style: "flex:1" }, "Scoreboard"), arrow), table,
      h("div", { class: "muted", style: "font-size:11px;margin-top:4px" },
        page === 0 ? (fin ? "Round scores and their sum." : "Round scores; “Now” is this round's forecast.") :
          "End-game categories (after round 4): " + (view.telly_time ? "genre tracks (none with Telly Time's Genre Grid)" : "genre tracks") +
          ", reruns, Game End network cards" + (view.moguls ? ", Game End Moguls" : "") +
          (view.players.some((p) => p.executive !== undefined || p.executive_chosen !== undefined) ? ", the Executives' end-game viewers" : "") +
          ", $3M = 1 viewer."));
  };

  PT.logPanel = function (view) {
    const box = h("div", { class: "log", id: "log", tabindex: "0", role: "log", "aria-live": "off", "aria-label": "Game log" }, (view.log || []).map((l) => h("div", {}, l)));
    return h("section", { class: "panel", "aria-label": "Game log" }, h("h2", {}, "Game log"), box);
  };

  /** Board sections for ``view`` (not yet in the document). */
  PT.boardParts = function (view, ctx) {
    return [
      h("div", { class: "mainCol" }, market(view, ctx), areas(view, ctx)),
      h("div", { class: "sideCol" }, PT.scoreboard(view, ctx), PT.logPanel(view)),
    ];
  };

  /** Replace the page content with ``fn()``'s nodes, keeping the log scrolled to its end (unless the reader scrolled up). */
  PT.keepLogScroll = function (fn) {
    const oldLog = document.getElementById("log");
    const stick = !oldLog || oldLog.scrollTop + oldLog.clientHeight >= oldLog.scrollHeight - 20;
    const top = oldLog ? oldLog.scrollTop : 0;
    fn();
    const log = document.getElementById("log");
    if (log) log.scrollTop = stick ? log.scrollHeight : top;
  };

  PT.renderBoard = function (root, view, ctx) {
    PT.keepLogScroll(() => root.replaceChildren(...PT.gameOf(view.game).parts(view, ctx)));
  };

  /** The end-of-game summary (a dialog). */
  PT.summary = function (view, extra) {
    const fin = view.final;
    if (!fin) return null;
    const winners = (fin.winners || []).map((s) => nameOf(view, s));
    const mog = fin.players.some((f) => f.moguls !== undefined);
    const execs = fin.players.some((f) => f.execs !== undefined);
    const rows = fin.players.map((f, s) => h("tr", { class: (fin.winners || []).includes(s) ? "winner" : "" },
      [nameOf(view, s), f.rounds.join(" "), f.rounds_total, f.genres, f.reruns, f.network]
        .concat(mog ? [f.moguls] : [], execs ? [f.execs || 0] : [], [f.cash, f.total])
        .map((c) => h("td", {}, c))));
    return h("div", { class: "dialog", id: "summary", role: "dialog", "aria-label": "Final scores" },
      h("h2", {}, winners.length > 1 ? `Tie! ${winners.join(" and ")} share the win` : `${winners[0] || "?"} wins!`),
      h("table", { class: "scores" },
        h("thead", {}, h("tr", {}, ["Player", "Rounds", "Σ", "Genres", "Reruns", "Network"]
          .concat(mog ? ["Moguls"] : [], execs ? ["Execs"] : [], ["Cash", "Total"])
          .map(scoreHead))),
        h("tbody", {}, rows)),
      extra || null);
  };

  /** The choices strip of the player to decide (``ui``: the table's helpers, see PT.games in common.js). */
  function choices(v, pend, ctx, ui) {
    const strip = ui.strip;
    const opts = pend.options || [];
    if (pend.kind === "pilot") {
      const offer = (v.players[ui.me.seat] || {}).pilot_offer || [];
      const sel = ui.selectedPilot;
      const cards = h("div", { class: "cards" });
      for (const id of offer) {
        const t = PT.cardTile(id);
        const canPair = opts.some((o) => (o.cards || []).includes(id));
        t.classList.add(canPair ? "usable" : "dimmed");
        if (sel.includes(id)) t.classList.add("selected");
        if (canPair) { t.setAttribute("role", "button"); t.setAttribute("aria-pressed", sel.includes(id) ? "true" : "false"); } // (Enter or Space too)
        t.addEventListener("click", () => {
          if (PT.suppressClick || !canPair) return;
          const i = sel.indexOf(id);
          if (i >= 0) sel.splice(i, 1); else { sel.push(id); if (sel.length > 2) sel.shift(); }
          ui.refresh();
        });
        cards.appendChild(t);
      }
      strip.appendChild(h("div", { class: "muted" }, "Your private Pilot Season offer — pick two cards to keep:"));
      strip.appendChild(cards);
      const match = sel.length === 2 ? opts.find((o) => o.cards && o.cards.includes(sel[0]) && o.cards.includes(sel[1])) : null;
      strip.appendChild(h("div", { class: "group" },
        h("button", { class: "primary", id: "pilot-keep", disabled: !match || ui.busy || undefined, onclick: () => match && ui.propose(match) },
          match ? match.label : sel.length === 2 ? "These two cannot be kept together" : "Select two cards")));
      strip.appendChild(ui.allOptions(opts, "Or choose a pair from the list"));
      return strip;
    }
    if (pend.kind === "mogul") {  // the private Mogul offer
      strip.appendChild(h("div", { class: "muted" }, "Moguls drawn for you (only you see them) — keep one:"));
      strip.appendChild(h("div", { class: "cards", id: "mogul-offer" }, (pend.moguls || []).map((id) => mogulTile(v, id, false))));
    }
    // cards offered in this decision that are not on the table (private draws): show them here
    const me = v.players[ui.me.seat] || { green_room: [] };
    const onTable = new Set([].concat(...Object.values(v.display), me.green_room || [], me.reserved || []));
    const offered = [];
    const cardOpts = Object.keys(ctx.index.byCard);
    for (const id of (pend.drawn || []).concat(cardOpts)) {
      if (!onTable.has(id) && !offered.includes(id)) offered.push(id);
    }
    if (offered.length && pend.kind !== "turn") {
      strip.appendChild(h("div", { class: "muted" }, "Cards drawn for you (only you see them):"));
      strip.appendChild(h("div", { class: "cards", id: "drawn" }, offered.map((id) => {
        const t = PT.cardTile(id);
        const o = ctx.index.byCard[id];
        if (o && o.length) {
          t.classList.add("usable");
          t.addEventListener("click", () => { if (!PT.suppressClick) ui.choose(o, t); });
        }
        return t;
      })));
    }
    if (pend.kind === "turn") {
      const nonCard = ctx.index.other.concat(Object.values(ctx.index.bySlot).flat());
      // an action still to take (Gorilla's early turn, Double Shift's extra action): ending the turn
      // skips it, so it is not a button among the others but tucked away under what it costs
      const skip = Object.keys(ctx.index.byCard).length ? nonCard.find((o) => o.key === "end") : null;
      strip.appendChild(h("div", { class: "muted" }, "Click a highlighted card in the market or your green room" + (skip ? "." : ", or:")));
      strip.appendChild(h("div", { class: "group" }, nonCard.filter((o) => o !== skip).map(ui.optButton)));
      if (skip) {
        strip.appendChild(h("details", { class: "allopts", id: "skip-action" }, h("summary", {}, "Skip this action…"),
          h("div", { class: "group", style: "margin-top:6px" }, ui.optButton(skip))));
      }
      strip.appendChild(ui.allOptions(opts.filter((o) => o !== skip), `All ${opts.length - (skip ? 1 : 0)} possible actions`));
      return strip;
    }
    if (pend.kind === "x_choose") {
      strip.appendChild(executiveChoice(v, pend, ui));
      return strip;
    }
    // every other decision: all options as buttons (cards also clickable on the table)
    strip.appendChild(h("div", { class: "group" }, opts.map((o) => {
      const b = ui.optButton(o);
      if (o.card) b.dataset.card = o.card;
      return b;
    })));
    return strip;
  }

  /** The Executives' private choice (NET-EXEC-02): each board of the offer once, with what it does,
      and its two artwork sides as a two-way choice (the sides differ in their picture only). */
  function executiveChoice(v, pend, ui) {
    const offer = (v.players[ui.me.seat] || {}).executive_offer || [];
    const byBoard = {};
    for (const o of pend.options || []) (byBoard[o.executive] = byBoard[o.executive] || []).push(o);
    const boards = offer.filter((b) => byBoard[b.id]).map((b) => {
      const sides = b.sides || [];
      const pips = "●".repeat(b.complexity) + "○".repeat(Math.max(0, 3 - b.complexity));
      return h("section", { class: "exec-offer", dataset: { executive: b.id }, "aria-label": `Executive ${b.name}` },
        h("h3", {}, b.name, " ", h("span", { class: "exec-complexity", "aria-label": `complexity ${b.complexity} of 3` }, `complexity ${b.complexity} ${pips}`)),
        h("div", { class: "exec-ability" }, h("strong", {}, "Ability: "), b.ability || ""),
        h("div", { class: "exec-drawback" }, h("strong", {}, "Drawback: "), b.drawback || ""),
        h("div", { class: "exec-sides-choice" }, byBoard[b.id].map((o) => {
          const side = Number(o.key.split(":")[2]);
          const art = String(sides[side] || "").replace(`${b.name}: `, "");
          return h("button", { class: "opt exec-side side-" + side, dataset: { key: o.key }, "aria-label": `Keep ${b.name}, artwork side ${art}`,
            onclick: () => ui.propose(o) },
          h("span", { class: "exec-art", "aria-hidden": "true" }, side ? "◑" : "◐"),
          h("span", {}, `Keep ${b.name}`), h("span", { class: "muted small" }, `artwork: ${art}`));
        })));
    });
    return h("div", { class: "exec-choice", id: "executive-choice" },
      h("p", { class: "muted" }, "Keep one of these two Executives. Each board has two artwork sides: they differ only in the " +
        "picture, the ability and the drawback are the same — pick the one you like to look at."),
      h("div", { class: "exec-offers" }, boards));
  }

  /** The round summary's table: each network's viewers, upkeep, cash after upkeep and genre bonuses that round. */
  function roundSummary(view, sum) {
    const cell = (x) => h("td", {}, x === null || x === undefined ? "—" : x);
    return h("table", { class: "scores", dataset: { testid: "round-summary-table" } },
      h("thead", {}, h("tr", {}, ["Network", "Viewers", "Upkeep", "Cash", "Genre bonuses"].map((x) => h("th", {}, x)))),
      h("tbody", {}, sum.players.map((r) => h("tr", { dataset: { seat: r.seat } },
        h("td", {}, h("span", { class: `seat-swatch mark-seat-${r.seat}` }), nameOf(view, r.seat),
          view.players[r.seat] ? h("span", { class: "muted" }, ` (${view.players[r.seat].network})`) : null),
        cell(r.viewers === null ? null : `${r.viewers} ◉`),
        cell(r.upkeep === null ? null : `${r.upkeep >= 0 ? "+" : "−"}$${Math.abs(r.upkeep)}M`),
        cell(r.cash === null ? null : `$${r.cash}M`),
        cell(r.genre_bonuses.length ? r.genre_bonuses.join(", ") : "none")))));
  }

  /* The decisions that are steps of an action already begun (a production's attachments, its timeslot,
     its genre, a promo, where an attached card goes, the bonus card or Mogul it earns, a network card's
     follow-up): their options go at once; the choice of an action and decisions that stand alone
     (Pilot Season's pair, the Executive, Gorilla's early turn, upkeep cancellations, Surpriser, Quiz)
     wait for the confirmation delay. */
  const STEP_KINDS = new Set(["prod_att", "prod_slot", "prod_genre", "prod_promo", "att_target", "ba_extra", "bonus",
    "pick", "talent", "mogul", "mogul_pick"]);

  /** Marks of a move that are not cards in the player's area: a pass takes a pass-track column. */
  function moveSpots(prev, view) {
    const out = {};
    view.players.forEach((p, s) => {
      const was = prev.players[s];
      if (p.passed && was && !was.passed && p.pass_column) {
        out[s] = [{ sel: `#passtrack .passcol:nth-child(${p.pass_column})`, what: `passed (column ${p.pass_column})` }];
      }
    });
    return out;
  }

  /* The parts of the page a tutorial step may point at (issue 35): region name -> elements (the names
     of the game's tutorial data, games/networks/tutorial.py). */
  const REGIONS = {
    market: "#market", "pass-track": "#passtrack", lineup: ".area .lineup-box", "green-room": ".area .green-box",
    board: ".area .board-box", "genre-tracks": ".area .genres, .area .genre-grid", choices: "#choices",
    scoreboard: "#scoreboard", log: "#log", "round-summary": "#round-summary, #scoreboard",
    modules: ".area .genre-grid, #mogul-board, .area .board-box [data-testid=mogul], [data-testid=executive-board], #executive-choice",
  };

  PT.registerGame("networks", {
    regions: REGIONS,
    roundSummary,
    // a round's end in one spoken line (the live region)
    roundWords: (r) => (r.viewers === null || r.viewers === undefined ? "no score" : `${r.viewers} viewers`),
    moveSpots,
    title: "The Networks: Primetime",
    roundLabel: (v) => (v.phase === "pilot" || v.phase === "pilot_produce" ? "Pilot Season" : `Round ${v.round} of ${v.rounds}`),
    tableLine: (o) => `Pilot setup: ${o.pilot}; turn order: ${String(o.turn_order).replace(/_/g, " ")}` +
      ["telly_time", "moguls", "executives"].filter((m) => o[m])
        .map((m) => `; ${{ telly_time: "Telly Time", moguls: "Moguls", executives: "Executives" }[m]} module`).join("") + ".",
    indexOptions: (pending) => PT.indexOptions(pending),
    parts: (view, ctx) => PT.boardParts(view, ctx),
    choices,
    instant: (pend, option) => !!pend && STEP_KINDS.has(pend.kind),
    summary: (view, extra) => PT.summary(view, extra),
    help: () => [
      h("h2", {}, "How to play"),
      h("p", {}, PT.HOW_TO),
      h("h2", {}, "Symbols"), legend(),
      h("h2", {}, "Actions"), h("p", { class: "pre" }, PT.RULES_ACTIONS),
      h("h2", {}, "Round end"), h("p", { class: "pre" }, PT.RULES_ROUND_END),
      h("h2", {}, "Tips"), h("ul", {}, PT.TIPS.map((t) => h("li", {}, t))),
    ],
    load: async function () {
      const data = await PT.api("/api/catalogue");
      PT.cards = data.cards;
      PT.board = data.board;
      try {  // the Telly Time module's cards, for tables that use it
        const telly = await PT.api("/api/catalogue?set=telly_time");
        for (const [id, c] of Object.entries(telly.cards)) if (!PT.cards[id]) PT.cards[id] = c;
      } catch (e) { /* without them the page names those cards by id */ }
    },
  });
})();
