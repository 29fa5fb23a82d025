/* Hints and reviews (issue 35): the Hint button and its answer at a table with hints on, and the review of a
   finished game (its progress while the server works, the ranked decisions, the three biggest mistakes marked on
   the replay's timeline).  The advice is the server's (primetime.bots.advice); this file only shows it. */
"use strict";

(function () {
  const PT = window.PT;
  const h = PT.h;
  const A = { hint: null, asking: false }; // the last hint ({seq, hint}) and whether one is on its way

  function signed(x) { return (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(1); }

  /** The Hint button for state message ``m`` (null: no hints at this table, or not my decision). */
  function hintButton(m, myDecision, send) {
    if (!m.table || !m.table.hints || !myDecision) return null;
    return h("button", { class: "small", id: "hint-btn", disabled: A.asking,
      "data-tip": "The bots' evaluation of this decision: its top choices, from what you can see.",
      onclick: () => { if (send({ type: "hint" })) { A.asking = true; A.hint = null; PT.advice.redraw(); } } },
      A.asking ? "Thinking…" : "Hint");
  }

  /** The hint's answer, under the choices, while it is still about the decision on the table. */
  function hintPanel(m) {
    if (!A.hint || A.hint.seq !== m.seq) return null;
    const hint = A.hint.hint;
    return h("div", { class: "hint-panel", id: "hint-panel", role: "status" },
      h("div", { class: "muted" }, `Top choices (the change in ${hint.unit} the evaluation expects):`),
      h("ol", {}, hint.choices.map((c) => h("li", { dataset: { key: c.key } },
        h("b", {}, c.label), ` ${signed(c.gain)} ${hint.unit} — ${c.reason}`))));
  }

  function onHint(msg) { A.asking = false; A.hint = { seq: msg.seq, hint: msg.hint }; }
  function onRefused() { A.asking = false; }

  /* ---------------------------------------------------------------- reviews */

  /** Review ``seat`` of the finished table ``tableId`` into ``box``; ``mark(mistakes, total)`` puts the three
      biggest mistakes on the timeline.  The server streams its progress, then the review. */
  async function review(tableId, seat, names, box, mark) {
    const bar = h("progress", { id: "review-progress", max: "1", value: "0", "aria-label": "Review progress" });
    const note = h("span", { class: "muted", id: "review-status" }, "Starting the review…");
    box.replaceChildren(h("h3", {}, `Review of ${names[seat]}`), h("div", { class: "row" }, bar, note));
    box.classList.remove("hidden");
    let r;
    try {
      r = await fetch(`/api/tables/${tableId}/review`, { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ seat }) });
    } catch (e) { note.textContent = "The review could not be started."; return null; }
    if (!r.ok) {
      let data = null;
      try { data = await r.json(); } catch (e) { data = null; }
      note.textContent = (data && data.error) || `The review could not be started (${r.status}).`;
      return null;
    }
    const reader = r.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    let result = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let cut;
      while ((cut = buf.indexOf("\n\n")) >= 0) {
        const line = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        if (!line.startsWith("data: ")) continue;
        const ev = JSON.parse(line.slice(6));
        if (ev.progress !== undefined) {
          bar.max = String(Math.max(1, ev.total));
          bar.value = String(ev.progress);
          note.textContent = `Looking at move ${ev.progress} of ${ev.total}…`;
        } else if (ev.error) {
          note.textContent = ev.error;
        } else if (ev.review) {
          result = ev.review;
        }
      }
    }
    if (!result) return null;
    showReview(box, result, mark);
    return result;
  }

  function showReview(box, rv, mark) {
    const unit = rv.unit;
    const rank = new Map(rv.mistakes.map((idx, i) => [idx, i + 1]));
    const shown = rv.decisions.slice(0, 10);
    box.replaceChildren(
      h("h3", {}, `Review of ${rv.player}`),
      h("p", { class: "muted", id: "review-summary" },
        `${rv.decisions.length} decisions with a choice, about ${rv.total_loss.toFixed(1)} ${unit} lost in all; each judged from ` +
        "what the player could see then. " + (rv.shows_every_card ? "The game is over: this review may show every card." : "")),
      rv.mistakes.length ? h("p", {}, "The three biggest mistakes are marked on the timeline above.")
        : h("p", {}, "No mistakes found: every decision was the evaluation's best."),
      h("ol", { class: "review-list", id: "review-list" }, shown.map((d) => h("li", { dataset: { step: d.index, mistake: rank.get(d.index) || "" } },
        h("button", { class: "link small", onclick: () => mark.go(d.index) }, `Move ${d.index + 1}`),
        rank.has(d.index) ? h("span", { class: "badge mistake" }, `mistake ${rank.get(d.index)}`) : null,
        ` ${d.prompt} Played: ${d.made.label}. `,
        d.made.key === d.best.key ? h("span", { class: "muted" }, "The evaluation's best.")
          : h("span", {}, `Better: ${d.best.label} (${signed(d.loss)} ${unit}: ${d.best.reason}).`)))));
    mark.show(rv.mistakes.map((idx) => rv.decisions.find((d) => d.index === idx)), unit);
  }

  /** The marks of the mistakes on a timeline (``strip``, under the replay's slider of ``total`` steps). */
  function timelineMarks(strip, total, go) {
    return {
      go,
      show(ds, unit) {
        strip.replaceChildren(...ds.map((d, i) => h("button", {
          class: "mistake-mark", dataset: { step: d.index, rank: i + 1 },
          style: `left:calc(${(100 * d.index) / Math.max(1, total())}% - 9px)`,
          title: `Mistake ${i + 1}: move ${d.index + 1}, about ${d.loss.toFixed(1)} ${unit} lost`,
          "aria-label": `Mistake ${i + 1}: move ${d.index + 1}, about ${d.loss.toFixed(1)} ${unit} lost`,
          onclick: () => go(d.index) }, String(i + 1))));
        strip.classList.remove("hidden");
      },
    };
  }

  PT.advice = { hintButton, hintPanel, onHint, onRefused, review, timelineMarks, redraw: () => {} };
})();
