/* Replay: step through a finished game move by move, as any player or as a spectator. */
"use strict";

(function () {
  const PT = window.PT;
  const h = PT.h;
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const R = { step: 0, total: 0, seat: "", data: null, tab: null, scorePage: 0, loading: false, want: null,
    moved: {} }; // seat -> what the step just taken changed, ringed

  async function load(step) {
    R.want = step;
    if (R.loading) return;
    R.loading = true;
    try {
      while (R.want !== null) {
        const s = R.want;
        R.want = null;
        const q = `step=${s}` + (R.seat !== "" ? `&seat=${R.seat}` : "");
        const old = R.data;
        R.data = await PT.api(`/api/tables/${tableId}/replay?${q}`);
        // one step forward: ring what that move changed (the same viewer's two views, nothing else)
        const fwd = old && old.step === R.data.step - 1 && old.seat === R.seat && old.view && R.data.view;
        R.moved = fwd ? PT.viewChanges(old.view, R.data.view).bySeat : {};
        R.data.seat = R.seat;
        R.step = R.data.step;
        R.total = R.data.total;
      }
      draw();
    } catch (e) {
      PT.toast(e.message);
    } finally {
      R.loading = false;
    }
  }

  function draw() {
    const d = R.data;
    document.body.dataset.step = d.step;
    document.body.dataset.seat = d.seat; // whose view is drawn ("" for the spectators')
    document.getElementById("table-name").textContent = d.table.name;
    const slider = document.getElementById("slider");
    slider.max = String(d.total);
    slider.value = String(d.step);
    document.getElementById("stepinfo").textContent = `step ${d.step} / ${d.total}`;
    const sel = document.getElementById("seat");
    if (!sel.options.length) {
      sel.appendChild(h("option", { value: "" }, "spectator"));
      d.players.forEach((n, i) => sel.appendChild(h("option", { value: String(i) }, n)));
      sel.value = R.seat;
    }
    // the question with its answer: "Hana: Surpriser — cancel it now for $4M? → Yes"
    const last = !d.last ? "Start of the game." :
      d.last.prompt ? `${d.last.prompt} → ${d.last.label}` : `${d.last.name || "?"}: ${d.last.label}`;
    document.getElementById("lastmove").textContent = last;
    const v = d.view;
    const ctx = {
      mySeat: R.seat === "" ? null : Number(R.seat), myDecision: false, index: PT.indexOptions(null), unusable: {},
      choose: () => {}, tab: R.tab, setTab: (s) => { R.tab = s; draw(); },
      scorePage: R.scorePage, setScorePage: (p) => { R.scorePage = p; draw(); },
    };
    const board = document.getElementById("board");
    PT.renderBoard(board, v, ctx);
    PT.paintFeedback(board, R.moved, null);
    if (v.pending) {
      board.prepend(h("div", { class: "statusbar full" }, h("div", { class: "prompt" }, `Next: ${v.pending.prompt}`)));
    } else if (v.final) {
      const dlg = PT.gameOf(v.game).summary(v);
      if (dlg) {
        dlg.classList.remove("dialog"); dlg.classList.add("panel");
        const lastRound = PT.finalRoundSummary(v);
        if (lastRound) dlg.appendChild(lastRound);
        board.prepend(h("div", { class: "full" }, dlg));
      }
    }
  }

  async function main() {
    document.getElementById("download").href = `/api/tables/${tableId}/record`;
    document.getElementById("download").setAttribute("download", `primetime-${tableId}.json`);
    document.getElementById("first").addEventListener("click", () => load(0));
    document.getElementById("prev").addEventListener("click", () => load(Math.max(0, R.step - 1)));
    document.getElementById("next").addEventListener("click", () => load(Math.min(R.total, R.step + 1)));
    document.getElementById("last").addEventListener("click", () => load(R.total));
    document.getElementById("slider").addEventListener("input", (e) => load(Number(e.target.value)));
    document.getElementById("seat").addEventListener("change", (e) => { R.seat = e.target.value; load(R.step); });
    document.addEventListener("keydown", (e) => {
      if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
      if (e.key === "ArrowRight") load(Math.min(R.total, R.step + 1));
      if (e.key === "ArrowLeft") load(Math.max(0, R.step - 1));
    });
    await PT.loadCatalogue();
    const params = new URLSearchParams(location.search);
    const start = Number(params.get("step") || 0);
    await load(start);
    // the review (issue 35): of the player seen by, or of the first; from the final scores: ?review=<seat>
    const marks = PT.advice.timelineMarks(document.getElementById("marks"), () => R.total, (idx) => load(idx));
    const reviewBtn = document.getElementById("review-btn");
    const runReview = async (seat) => {
      reviewBtn.disabled = true;
      try { await PT.advice.review(tableId, seat, R.data.players, document.getElementById("review"), marks); }
      finally { reviewBtn.disabled = false; }
    };
    reviewBtn.addEventListener("click", () => runReview(R.seat === "" ? 0 : Number(R.seat)));
    if (params.get("review") !== null) {
      const seat = Number(params.get("review")) || 0;
      R.seat = String(seat);
      document.getElementById("seat").value = R.seat;
      await load(R.step);
      runReview(seat);
    }
  }
  document.addEventListener("DOMContentLoaded", main);
})();
