/* Read a card (issue 34, item 7): a click on a card that is not choosing an option, a long-press,
   or the "v" key on a focused card opens it at a readable size in a dialog: its full text, its
   values by season row and, for a star or ad with a condition, whether it is met on each of your
   shows.  Focus stays in the dialog; Escape (or Close) closes it and focus returns to the card.
   The words come from the catalogue (the game's text module); nothing here is a rule. */
(function () {
  "use strict";
  const h = PT.h;
  let opener = null;
  let box = null;

  function currentView() {
    const s = PT.tableState;
    return (s && s.msg && s.msg.view) || PT.replayView || null;
  }

  function valuesTable(c) {
    const head = (label) => h("tr", {}, h("th", { scope: "col" }, label), ...[1, 2, 3, 4].map((n) => h("th", { scope: "col" }, String(n))));
    const row = (label, vals) => h("tr", {}, h("th", { scope: "row" }, label), ...(vals || []).map((v) => h("td", {}, String(v))));
    const rows = [];
    if (c.kind === "show") rows.push(row("Viewers", c.seasons));
    if (c.kind === "star") {
      rows.push(row("Viewers", c.viewers));
      if (c.rotated_viewers) rows.push(row("Upside down", c.rotated_viewers));
    }
    if (c.kind === "ad" && c.promo_cost) rows.push(row("Viewers (promo paid)", c.viewers));
    if (!rows.length) return null;
    return h("table", { class: "cv-values", dataset: { testid: "cardview-values" } },
      h("caption", {}, "Values by season row"), h("thead", {}, head("Season")), h("tbody", {}, rows));
  }

  function conditionList(id, c) {
    if (!(c.kind === "star" || c.kind === "ad") || !c.condition) return null;
    const view = currentView();
    if (!view || view.viewer === null || view.viewer === undefined || !view.players) return null;
    const me = view.players[view.viewer];
    if (!me || !me.lineup) return null;
    const items = [];
    for (const sh of me.lineup) {
      if (!sh || !sh.meets || !(id in sh.meets)) continue;
      const ok = sh.meets[id];
      items.push(h("li", { class: ok ? "cv-met" : "cv-unmet", dataset: { testid: "cardview-condition", met: ok ? "1" : "0" } },
        h("b", {}, ok ? "✔ met" : "✘ not met"), ` on ${sh.name} (${PT.SLOT_NAMES[sh.slot] || sh.slot})`,
        ok ? "" : " — it would go in upside down"));
    }
    if (!items.length) return null;
    return h("div", {}, h("h3", {}, `${c.face || "Condition"}: on your shows`), h("ul", { class: "cv-conds" }, items));
  }

  function close() {
    if (!box || box.classList.contains("hidden")) return;
    box.classList.add("hidden");
    box.replaceChildren();
    const back = opener;
    opener = null;
    if (back && back.isConnected) back.focus({ preventScroll: true });
    else if (back && back.dataset.card) {
      const again = document.querySelector(`[data-card="${CSS.escape(back.dataset.card)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }
  PT.closeCardView = close;

  /** Open the enlarged card of the tile ``el`` (a [data-card] element). */
  PT.openCardView = function (el) {
    const id = el.dataset.card;
    const c = PT.cards[id];
    if (PT.hideTip) PT.hideTip();
    if (!box) {
      box = h("div", { id: "cardview", class: "overlay cardview hidden" });
      box.addEventListener("click", (e) => { if (e.target === box) close(); });
      box.addEventListener("keydown", (e) => {
        if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); close(); return; }
        if (e.key !== "Tab") return;
        const f = Array.from(box.querySelectorAll("button, [href], [tabindex]:not([tabindex='-1'])"));
        if (!f.length) return;
        const first = f[0];
        const last = f[f.length - 1];
        if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
        else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
      });
      document.body.appendChild(box);
    }
    opener = el;
    const name = c ? c.name : (el.getAttribute("aria-label") || id);  // (a Prime Time card: its tile's words)
    const words = c ? (c.words || c.name) : (el._tip || name);
    const big = c ? PT.cardTile(id, {}) : el.cloneNode(true);
    big.classList.remove("usable", "dimmed", "selected", "rotated", "mini");
    big.classList.add("cv-card");
    big.removeAttribute("tabindex");
    big.removeAttribute("role");
    big.setAttribute("aria-hidden", "true");
    const closeBtn = h("button", { class: "cv-close", dataset: { testid: "cardview-close" }, onclick: close }, "Close");
    const dlg = h("div", { class: "dialog cv-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "cv-title",
      dataset: { testid: "cardview" } },
      h("div", { class: "cv-head" }, h("h2", { id: "cv-title" }, name), closeBtn),
      h("div", { class: "cv-body" }, big,
        h("div", { class: "cv-text" },
          c && c.face ? h("p", { class: "cv-face" }, c.face) : null,
          h("p", { dataset: { testid: "cardview-words" } }, words),
          c ? valuesTable(c) : null,
          c ? conditionList(id, c) : null,
          el.dataset.reason ? h("p", { class: "muted" }, `Cannot use now: ${el.dataset.reason}`) : null)));
    box.replaceChildren(dlg);
    box.classList.remove("hidden");
    closeBtn.focus();
  };

  // a click on a card that chooses nothing opens it (a card that chooses an option acts: its own handler);
  // not just after the board was redrawn: that click was aimed at what was there before (a card that
  // was highlighted a moment ago), and a dialog would then stand in the way of the next move
  let drawnAt = 0;
  let watched = null;
  const drawn = new MutationObserver(() => { drawnAt = performance.now(); });
  const watch = () => {
    const game = document.getElementById("game");
    if (game && game !== watched) { watched = game; drawnAt = performance.now(); drawn.observe(game, { childList: true }); }
  };
  const page = document.getElementById("page");
  if (page) new MutationObserver(watch).observe(page, { childList: true });
  document.addEventListener("click", (e) => {
    if (e.defaultPrevented || PT.suppressClick) return;
    watch();
    if (performance.now() - drawnAt < 600) return;
    const el = e.target.closest && e.target.closest("[data-card]");
    if (!el || el.closest("#cardview") || el.classList.contains("usable") || el.closest(".usable, button, a, [role=button]")) return;
    PT.openCardView(el);
  });
  // a long-press (a touch held on a card) opens it too, and its click does not choose
  let timer = null;
  document.addEventListener("touchstart", (e) => {
    const el = e.target.closest && e.target.closest("[data-card]");
    clearTimeout(timer);
    if (!el || el.closest("#cardview")) return;
    timer = setTimeout(() => {
      PT.suppressClick = true;
      setTimeout(() => { PT.suppressClick = false; }, 700);
      PT.openCardView(el);
    }, 650);
  }, { passive: true });
  for (const ev of ["touchend", "touchmove", "touchcancel"]) document.addEventListener(ev, () => clearTimeout(timer), { passive: true });
  // "v" on a focused card reads it (Enter and Space keep choosing)
  // (Enter on a card that chooses nothing reads it too)
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const el = document.activeElement && document.activeElement.closest && document.activeElement.closest("[data-card]");
    if (!el || el.closest("#cardview")) return;
    if (!(e.key === "v" || e.key === "V" || (e.key === "Enter" && !el.classList.contains("usable") && !el.closest("button, a, [role=button]")))) return;
    e.preventDefault();
    PT.openCardView(el);
  });
})();
