/* The board on a phone (issue 34, item 8): one panel at a time -- the market (or Prime Time's board),
   my network, the others' networks, the scores and log -- chosen by tabs that stay at the top of the
   window, instead of one page 3,000 px tall (until a tab is first chosen the whole board shows).  The status bar and its choices stay on every panel.
   The table's own drawing is untouched: the chosen panel is body[data-panel], and app.css hides the
   others on a narrow window only; "My network" and "Others" pick the player area's own tabs. */
(function () {
  "use strict";
  const h = PT.h;
  const PANELS = [["market", "Market"], ["mine", "My network"], ["others", "Others"], ["log", "Scores & log"]];
  let bar = null;

  function mySeat() {
    const s = PT.tableState;
    return s && s.msg && s.msg.me ? s.msg.me.seat : null;
  }

  function pickArea(which) {
    const me = mySeat();
    const tabs = Array.from(document.querySelectorAll("#areas .tab[data-tab]"));
    const want = which === "mine" ? tabs.find((t) => Number(t.dataset.tab) === me)
      : tabs.find((t) => t.classList.contains("active") && Number(t.dataset.tab) !== me) || tabs.find((t) => Number(t.dataset.tab) !== me);
    if (want && !want.classList.contains("active")) want.click();
  }

  function choose(which) {
    document.body.dataset.panel = which;
    try { localStorage.setItem("pt_phone_panel", which); } catch (e) { /* private mode: not remembered */ }
    if (which === "mine" || which === "others") pickArea(which);
    paint();
    window.scrollTo({ top: 0 });
  }

  function paint() {
    if (!bar) return;
    for (const b of bar.querySelectorAll("button")) {
      const on = b.dataset.panel === document.body.dataset.panel;
      b.classList.toggle("active", on);
      b.setAttribute("aria-selected", on ? "true" : "false");
    }
  }

  function install() {
    const game = document.getElementById("game");
    if (!game || bar) return;
    bar = h("nav", { id: "phone-tabs", class: "phone-tabs", role: "tablist", "aria-label": "Board panels" },
      PANELS.map(([key, label]) => h("button", { role: "tab", dataset: { panel: key }, onclick: () => choose(key) }, label)));
    game.before(bar);
    // until a tab is chosen the whole board shows, as before; the chosen panel is remembered
    let kept = null;
    try { kept = localStorage.getItem("pt_phone_panel"); } catch (e) { kept = null; }
    if (kept && PANELS.some(([key]) => key === kept) && !document.body.dataset.panel) document.body.dataset.panel = kept;
    paint();
  }

  // the table draws #game once the game has begun: the bar goes just before it (it survives redrawing)
  const page = document.getElementById("page");
  if (page) {
    new MutationObserver(install).observe(page, { childList: true });
    install();
  }
  // a click on the player area's own tabs tells which of "My network" / "Others" is on
  document.addEventListener("click", (e) => {
    const t = e.target.closest && e.target.closest("#areas .tab[data-tab]");
    if (!t || !bar) return;
    const mine = Number(t.dataset.tab) === mySeat();
    if (document.body.dataset.panel === "mine" || document.body.dataset.panel === "others") {
      document.body.dataset.panel = mine ? "mine" : "others";
      paint();
    }
  });
})();
