/* What the table tells you happened: each player's last move (a ring in the player's colour),
   cards that just arrived (a short animation), the round summary, and the signal that it is your
   turn (title, a short sound, a browser notification).  Everything here is worked out from the
   views this browser received — the viewer's own view — and never from anything else. */
"use strict";

(function () {
  const PT = window.PT;
  const h = PT.h;

  /* ---------------------------------------------------------------- where every card is */
  const SKIP = new Set(["log", "pending", "discards", "round_summaries", "final", "moguls", "telly_time", "limits"]);
  function isCard(id) {
    return typeof id === "string" && (id === "rerun" || !!PT.cards[id] || !!(PT.ptCards && PT.ptCards[id]));
  }

  /** card id -> {seat (owner, or null: on the board), sig (where it is and what lies on it)} */
  function places(view) {
    const out = new Map();
    const walk = (node, path, seat, holder) => {
      if (Array.isArray(node)) {
        node.forEach((x) => walk(x, path + "[]", seat, holder));
      } else if (node && typeof node === "object") {
        const sig = JSON.stringify(node);
        for (const [k, v] of Object.entries(node)) {
          if (SKIP.has(k)) continue;
          // a player's numbers (cash, forecast...) are not what the player moved: only the card's own object counts
          walk(v, path + "." + k, seat, (k === "card" || k === "show") ? sig : holder);
        }
      } else if (isCard(node) && !out.has(node)) {
        out.set(node, { seat, sig: path + "|" + (holder || "") });
      }
    };
    for (const [k, v] of Object.entries(view)) {
      if (k === "players" || SKIP.has(k)) continue;
      walk(v, k, null, null);
    }
    (view.players || []).forEach((p) => walk(p, "players." + p.seat, p.seat, null));
    return out;
  }

  /** Between two views of the same game: the cards that arrived somewhere new (for the animation),
      and per seat the cards that changed in that seat's own area plus the game's own marks
      (a pass, a bid, a token on an action space). */
  PT.viewChanges = function (prev, view) {
    const before = prev ? places(prev) : new Map(); // no view before (the game started in front of you): everything arrives
    const now = places(view);
    const arrivals = new Set();
    const bySeat = {};
    const sameRound = !!prev && prev.round === view.round;
    for (const [id, at] of now) {
      const was = before.get(id);
      if (!was || was.sig.split("|")[0] !== at.sig.split("|")[0]) arrivals.add(id);
      if (sameRound && at.seat !== null && at.seat !== undefined && (!was || was.sig !== at.sig)) {
        (bySeat[at.seat] = bySeat[at.seat] || { cards: [], spots: [] }).cards.push(id);
      }
    }
    const game = PT.gameOf(view.game);
    if (game.moveSpots && prev) {
      // [{sel, what}]: a selector of what to ring, and the words for the player's tab
      for (const [seat, spots] of Object.entries(game.moveSpots(prev, view) || {})) {
        const mv = (bySeat[seat] = bySeat[seat] || { cards: [], spots: [] });
        for (const sp of spots) {
          mv.spots.push(sp.sel);
          if (sp.what) mv.what = mv.what ? `${mv.what}; ${sp.what}` : sp.what;
        }
      }
    }
    return { arrivals, bySeat };
  };

  /** Rings on each player's last move, and the arrival animation on new cards, in ``root``. */
  PT.paintFeedback = function (root, lastMoves, arrivals) {
    for (const [seat, mv] of Object.entries(lastMoves || {})) {
      const ring = (el) => {
        el.classList.add("last-move", "mark-seat-" + seat);
        el.dataset.lastMove = seat;
      };
      const area = root.querySelector(`.area[data-seat="${seat}"]`);
      if (area) for (const id of mv.cards || []) area.querySelectorAll(`[data-card="${CSS.escape(id)}"]`).forEach(ring);
      for (const sel of mv.spots || []) root.querySelectorAll(sel).forEach(ring);
      const tab = root.querySelector(`.tab[data-tab="${seat}"]`);
      if (tab) {
        tab.classList.add("moved", "mark-seat-" + seat);
        const names = (mv.cards || []).map((id) => (PT.cards[id] || (PT.ptCards || {})[id] || { name: id }).name);
        tab.dataset.tip = "Last move: " + ([mv.what].concat(names).filter(Boolean).join(", ") || "on the board (ringed)");
      }
    }
    if (arrivals) for (const id of arrivals) root.querySelectorAll(`[data-card="${CSS.escape(id)}"]`).forEach((el) => el.classList.add("arrive"));
  };

  /* ---------------------------------------------------------------- your turn */
  let audio = null;
  /** A short two-note chime made with WebAudio (no sound files). */
  PT.chime = function () {
    try {
      const AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return false;
      audio = audio || new AC();
      if (audio.state === "suspended") audio.resume();
      const t0 = audio.currentTime + 0.01;
      [[660, 0], [880, 0.12]].forEach(([freq, at]) => {
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.type = "sine";
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, t0 + at);
        gain.gain.exponentialRampToValueAtTime(0.15, t0 + at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + 0.18);
        osc.connect(gain).connect(audio.destination);
        osc.start(t0 + at);
        osc.stop(t0 + at + 0.2);
      });
      return true;
    } catch (e) {
      return false;
    }
  };
  // browsers allow sound only after the person did something on the page: get the context ready then
  document.addEventListener("pointerdown", () => {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!audio && AC) { try { audio = new AC(); } catch (e) { audio = null; } }
  }, { once: true, capture: true });

  /** It has just become your turn: a sound (unless muted) and, when the page is not in front and the
      browser allows it, a notification. */
  PT.signalTurn = function (title, prompt, muted, tag) {
    const out = { sound: false, notified: false };
    if (!muted) out.sound = PT.chime();
    const away = document.visibilityState === "hidden" || !document.hasFocus();
    if (away && "Notification" in window && window.Notification.permission === "granted") {
      try {
        const n = new window.Notification(title, { body: prompt, tag, renotify: true });
        n.onclick = () => { window.focus(); n.close(); };
        out.notified = true;
      } catch (e) { /* some browsers allow notifications only from a service worker */ }
    }
    return out;
  };

  /* ---------------------------------------------------------------- round summary */
  /** "Round 4 summary", and for the last round of a finished game "Round 4 summary — final round". */
  function roundTitle(view, sum, idx) {
    const list = view.round_summaries || [];
    const last = view.phase === "over" && idx === list.length - 1;
    return `Round ${sum.round} summary` + (last ? " — final round" : "");
  }

  /** At the end of a game: the last round's summary, for the final scores (the table's dialog, the
      replay's last step); null before the end or without summaries. */
  PT.finalRoundSummary = function (view) {
    const list = view.round_summaries || [];
    const game = PT.gameOf(view.game);
    if (!view.final || !list.length || !game.roundSummary) return null;
    const sum = list[list.length - 1];
    return h("section", { class: "final-round", id: "final-round-summary", dataset: { round: sum.round } },
      h("h3", {}, roundTitle(view, sum, list.length - 1)), game.roundSummary(view, sum));
  };

  /** The round summary panel: the game's table for round ``idx`` of ``view.round_summaries``,
      with buttons to the rounds before and after it and one to close it. */
  PT.roundSummaryPanel = function (view, idx, go, close) {
    const list = view.round_summaries || [];
    const sum = list[idx];
    if (!sum) return null;
    const game = PT.gameOf(view.game);
    const prev = list[idx - 1];
    const next = list[idx + 1];
    const title = roundTitle(view, sum, idx);
    // a button to a round only when that round's summary exists (none after the last round)
    return h("section", { class: "panel full round-summary", id: "round-summary", "aria-label": title,
      dataset: { round: sum.round } },
    h("div", { class: "row" }, h("h2", { style: "flex:1;margin:0" }, title),
      prev ? h("button", { class: "small", id: "rs-prev", "aria-label": `Round ${prev.round} summary`,
        onclick: () => go(idx - 1) }, `◀ Round ${prev.round}`) : null,
      next ? h("button", { class: "small", id: "rs-next", "aria-label": `Round ${next.round} summary`,
        onclick: () => go(idx + 1) }, `Round ${next.round} ▶`) : null,
      h("button", { class: "small", id: "rs-close", "aria-label": "Close the round summary", onclick: close }, "✕ Close")),
    h("div", { class: "rs-body" }, game.roundSummary ? game.roundSummary(view, sum) : null),
    h("p", { class: "muted small", style: "margin:4px 0 0" }, "From the game log everyone sees. The “Round summary” button above reopens it."));
  };
})();
