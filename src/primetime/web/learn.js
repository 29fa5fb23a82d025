/* Learn to play (issue 35): a tutorial table.  The steps come from the tutorial's data on the server
   (the same steps as `primetime learn`); this page shows each step's text, highlights the part of the
   page it names (the game's script maps region names to elements: PT.gameOf(game).regions), and sends
   the learner's move.  The server takes only the move the step teaches: any other is refused with the
   step's sentence, which the page shows beside the step.  Nothing is stored: the moves accepted so far
   are the whole state, sent again with each move. */
"use strict";

(function () {
  const PT = window.PT;
  const h = PT.h;
  const name = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

  const S = {
    msg: null, // the server's answer: {tutorial, moves, reading, step, finished, seq, view}
    page: 0, // which of the reading steps is shown (then the step with a move)
    refused: null, // the sentence of the last refused move
    busy: false,
    selectedPilot: [],
    tab: null,
    scorePage: 0,
  };
  PT.learnState = S; // for tests

  // the moves accepted so far, kept for this tab: a reload goes on from the same step
  const saveKey = `pt_learn_${name}`;
  function savedMoves() {
    try { const m = JSON.parse(sessionStorage.getItem(saveKey) || "[]"); return Array.isArray(m) ? m : []; } catch (e) { return []; }
  }

  async function send(key, moves) {
    S.busy = true;
    try {
      const body = { moves: moves || (S.msg ? S.msg.moves : []) };
      if (key !== undefined) body.key = key;
      const r = await fetch(`/api/learn/${encodeURIComponent(name)}`, { method: "POST",
        headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      let data = null;
      try { data = await r.json(); } catch (e) { data = null; }
      if (r.status === 409 && data && data.refused) {
        S.refused = data.refused;
        return;
      }
      if (!r.ok) {
        if (moves && moves.length) { sessionStorage.removeItem(saveKey); S.busy = false; return send(); } // start again
        throw new Error((data && data.error) || `request failed (${r.status})`);
      }
      S.msg = data;
      try { sessionStorage.setItem(saveKey, JSON.stringify(data.moves)); } catch (e) { /* private mode */ }
      S.page = 0;
      S.refused = null;
      S.selectedPilot = [];
    } catch (e) {
      PT.toast(e.message);
    } finally {
      S.busy = false;
      render();
    }
  }

  /** The step shown now: a reading step (with Next) or the step whose move is asked for. */
  function current() {
    const m = S.msg;
    if (S.page < m.reading.length) return { step: m.reading[S.page], reading: true };
    return { step: m.step, reading: false };
  }

  function propose(option) {
    if (S.busy) return;
    send(option.key);
  }
  function choose(options, anchor) {
    if (options.length === 1) { propose(options[0]); return; }
    closeMenu();
    const menu = h("div", { class: "menu", id: "menu", role: "menu" },
      options.map((o) => h("button", { class: "opt", role: "menuitem", dataset: { key: o.key },
        onclick: (e) => { e.stopPropagation(); closeMenu(); propose(o); } }, o.label)),
      h("button", { class: "small", onclick: closeMenu }, "Cancel"));
    document.body.appendChild(menu);
    const r = anchor.getBoundingClientRect();
    menu.style.left = Math.max(4, Math.min(r.left, window.innerWidth - 364)) + "px";
    menu.style.top = Math.min(r.bottom + 4, window.innerHeight - menu.offsetHeight - 4) + "px";
  }
  function closeMenu() { const m = document.getElementById("menu"); if (m) m.remove(); }

  function optButton(o) {
    return h("button", { class: "opt" + (o.key.startsWith("pass") ? " pass" : ""), dataset: { key: o.key }, onclick: () => propose(o) }, o.label);
  }
  function allOptions(opts, label) {
    return h("details", { class: "allopts" }, h("summary", {}, label),
      h("div", { class: "group", style: "margin-top:6px" }, opts.map(optButton)));
  }

  function stepPanel(cur) {
    const m = S.msg;
    const t = m.tutorial;
    const step = cur.step;
    const last = step.index === t.steps - 1;
    const where = t.regions[step.region] || step.region;
    const panel = h("section", { class: "panel full tutorial-step", id: "tutorial", role: "region", "aria-label": "Tutorial step",
      dataset: { step: step.index, region: step.region, move: step.move || "" } },
    h("div", { class: "row" }, h("h2", { style: "flex:1;margin:0" }, t.title),
      h("span", { class: "badge", id: "tutorial-count" }, `Step ${step.index + 1} of ${t.steps}`),
      step.index ? h("button", { class: "small", id: "tutorial-restart", onclick: restart }, "Start again") : null),
    h("p", { id: "tutorial-text" }, step.text),
    h("p", { class: "muted", id: "tutorial-where" }, "Look at: ", where));
    if (S.refused && !cur.reading) {
      panel.appendChild(h("div", { class: "refused", id: "tutorial-refused", role: "alert" }, h("b", {}, "Not this move: "), S.refused));
    }
    if (cur.reading && !last) {
      panel.appendChild(h("button", { class: "primary", id: "tutorial-next", onclick: () => { S.page++; render(); } }, "Next"));
    } else if (last) {
      panel.appendChild(h("div", { class: "row", id: "tutorial-done" }, h("b", {}, "Tutorial complete."),
        h("a", { class: "btn primary", href: "/" }, "Back to the lobby")));
      document.body.dataset.tutorialDone = "1";
    } else {
      panel.appendChild(h("p", { class: "muted small" }, "Make the move this step asks for: the choices are highlighted on the board and above."));
    }
    return panel;
  }

  function restart() {
    sessionStorage.removeItem(saveKey);
    S.msg = null;
    send();
  }

  /** Ring the step's region, and the element that makes the taught move. */
  function highlight(cur) {
    const rules = PT.gameOf(S.msg.view.game);
    const sel = (rules.regions || {})[cur.step.region];
    const hit = sel ? Array.from(document.querySelectorAll(sel)) : [];
    hit.forEach((el) => el.classList.add("tutorial-highlight"));
    document.body.dataset.region = cur.step.region;
    document.body.dataset.regionFound = hit.length ? "1" : "0";
    const move = !cur.reading && cur.step.move;
    if (move && !move.includes("*")) {
      document.querySelectorAll("[data-key], [data-options]").forEach((el) => {
        const keys = (el.dataset.options || el.dataset.key || "").split(" ");
        if (keys.includes(move)) el.classList.add("tutorial-target");
      });
    }
    if (hit[0] && cur.step.region !== "choices") hit[0].scrollIntoView({ block: "nearest" });
  }

  function render() {
    const m = S.msg;
    if (!m) return;
    closeMenu();
    if (PT.hideTip) PT.hideTip();
    const v = m.view;
    PT.replayView = v; // the view a card is read against (cardview.js: "Read a card")
    const rules = PT.gameOf(v.game);
    const cur = current();
    const pend = v.pending;
    const myDecision = !cur.reading && !!(pend && pend.player === 0 && pend.options);
    document.title = `Learn to play · ${rules.title}`;
    document.body.dataset.step = String(cur.step.index);
    document.body.dataset.moves = String(m.moves.length);
    document.body.dataset.busy = S.busy ? "1" : "0";
    document.getElementById("round").textContent = rules.roundLabel(v);
    const ctx = {
      mySeat: 0, myDecision,
      index: rules.indexOptions(myDecision ? pend : null),
      unusable: (myDecision && pend.unusable) || {},
      choose, tab: S.tab, setTab: (s) => { S.tab = s; render(); },
      scorePage: S.scorePage, setScorePage: (p) => { S.scorePage = p; render(); },
    };
    const bar = h("div", { class: "statusbar" + (myDecision ? " myturn" : ""), id: "statusbar", role: "region", "aria-label": "Status and choices" },
      h("div", { class: "prompt", id: "status-prompt" }, myDecision ? pend.prompt : m.finished && !m.reading.slice(S.page + 1).length ? "The tutorial is over." : cur.reading ? "Read the step, then press Next." : "…"));
    if (myDecision) {
      const ui = { strip: h("div", { class: "choices", id: "choices" }), me: { seat: 0 }, selectedPilot: S.selectedPilot, busy: S.busy,
        optButton, allOptions, propose, choose, refresh: render };
      bar.appendChild(rules.choices(v, pend, ctx, ui));
    }
    const summaries = v.round_summaries || [];
    const showSummary = cur.step.region === "round-summary" && summaries.length && PT.roundSummaryPanel;
    const roundPanel = showSummary ? PT.roundSummaryPanel(v, summaries.length - 1, () => {}, () => {}) : null;
    // the step above the choices, both kept in view (the status bar's place at the top of the page)
    const game = h("div", { class: "game", id: "game" }, h("div", { class: "full", id: "status-wrap" }, stepPanel(cur), bar),
      ...(roundPanel ? [roundPanel] : []), ...rules.parts(v, ctx));
    PT.keepLogScroll(() => document.getElementById("page").replaceChildren(game));
    highlight(cur);
  }

  function showHelp() {
    const ov = document.getElementById("overlay");
    const v = S.msg ? S.msg.view : { options: {} };
    ov.replaceChildren(h("div", { class: "dialog", role: "dialog", "aria-label": "How to play", id: "help" },
      ...PT.gameOf(v.game).help(v),
      h("h2", {}, "Learn to play"),
      h("p", {}, "You are in a tutorial: each step says what to look at and asks for one move. The same steps run at a terminal: ",
        h("code", {}, `primetime learn ${name}`), "."),
      h("button", { onclick: () => ov.classList.add("hidden") }, "Close")));
    ov.classList.remove("hidden");
  }

  async function main() {
    document.getElementById("help-btn").addEventListener("click", showHelp);
    document.getElementById("overlay").addEventListener("click", (e) => { if (e.target.id === "overlay") e.target.classList.add("hidden"); });
    document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeMenu(); });
    document.addEventListener("click", (e) => { if (!e.target.closest("#menu")) closeMenu(); }, true);
    // a click on a card or space that is no move at all (dimmed) is refused with the step's rule too
    document.addEventListener("click", (e) => {
      const off = e.target.closest("#game .dimmed, #game [aria-disabled='true']");
      if (!off || !S.msg) return;
      const cur = current();
      if (cur.reading || !cur.step.refused) return;
      S.refused = cur.step.refused;
      render();
    });
    try { await PT.loadCatalogue(); } catch (e) { PT.toast(e.message); }
    await send(undefined, savedMoves());
  }
  document.addEventListener("DOMContentLoaded", main);
})();
