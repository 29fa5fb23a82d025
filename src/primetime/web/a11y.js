/* Keyboard and screen-reader help for the table page (issue 34, accessibility):

   - focus stays where it was when the board is drawn again (the same card, button or slot), and
     moves to the choices when what had it is gone;
   - a dialog on the overlay takes the focus, keeps Tab inside, closes with Escape and gives the
     focus back; a card's menu of options takes the focus and is walked with the arrow keys;
   - Enter or Space works any element that says it is a button (role="button");
   - other players' moves and each round's result are announced in a polite live region (#announce);
   - a text view of the board (the "Text view" button): your network and the market as headings and
     lists, read from the board drawn on the page, so it fits every game.

   table.js calls PT.a11y.onState(old, m) with each new state. */
(function () {
  "use strict";
  const h = (...a) => PT.h(...a);
  const A = (PT.a11y = {});
  let lastKey = null; // what had the focus on the board: a selector to find it again after a redraw
  let textOn = localStorage.getItem("pt_text_view") === "1";

  /* ------------------------------------------------------------ focus kept across redraws */
  function keyOf(el) {
    if (!el || el === document.body) return null;
    const cssq = (s) => (window.CSS && CSS.escape ? CSS.escape(s) : s);
    if (el.id) return "#" + cssq(el.id);
    for (const attr of ["data-key", "data-card", "data-slot", "data-tab", "data-seat"]) {
      const v = el.getAttribute(attr);
      if (v !== null) {
        const scope = el.closest("[id]");
        return (scope ? "#" + cssq(scope.id) + " " : "") + `${el.tagName.toLowerCase()}[${attr}="${cssq(v)}"]`;
      }
    }
    return null;
  }
  document.addEventListener("focusin", (e) => {
    // (not a menu's items: once the menu is gone, the focus goes back to the card that opened it)
    if (e.target.closest && e.target.closest("#page, #statusbar") && !e.target.closest("#text-view")) lastKey = keyOf(e.target);
  });
  // only a keyboard user gets the focus back after a redraw (a focused card shows its tooltip, which
  // would stay up under a mouse pointer that has moved on)
  let keyboard = false;
  document.addEventListener("keydown", (e) => { if (["Tab", "Enter", " ", "ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Escape"].includes(e.key)) keyboard = true; }, true);
  document.addEventListener("pointerdown", () => { keyboard = false; }, true);
  function restoreFocus() {
    if (!keyboard) return;
    const a = document.activeElement;
    if (a && a !== document.body && document.contains(a)) return;
    if (document.getElementById("menu") || !document.querySelector("#overlay.hidden")) return;
    let el = null;
    try { el = lastKey ? document.querySelector(lastKey) : null; } catch (e) { el = null; }
    if (!el && lastKey && document.body.dataset.myTurn === "1") el = document.querySelector("#choices button, #choices [tabindex]");
    if (el) el.focus({ preventScroll: true });
  }

  /* ------------------------------------------------------------ dialogs and the options menu */
  const FOCUSABLE = "button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea, summary, [tabindex]:not([tabindex='-1'])";
  let returnTo = null;
  function overlayChanged() {
    const ov = document.getElementById("overlay");
    if (!ov) return;
    const open = !ov.classList.contains("hidden") && ov.children.length > 0;
    if (open && !ov.contains(document.activeElement)) {
      returnTo = document.activeElement !== document.body ? document.activeElement : returnTo;
      const dlg = ov.querySelector("[role=dialog]") || ov.firstElementChild;
      if (dlg) {
        dlg.setAttribute("aria-modal", "true");
        const first = dlg.querySelector(FOCUSABLE);
        if (first) first.focus();
        else { dlg.tabIndex = -1; dlg.focus(); }
      }
    } else if (!open && ov.contains(document.activeElement) === false && returnTo) {
      const back = returnTo;
      returnTo = null;
      if (document.contains(back)) back.focus();
      else restoreFocus();
    }
  }
  document.addEventListener("keydown", (e) => {
    const ov = document.getElementById("overlay");
    const open = ov && !ov.classList.contains("hidden") && ov.children.length > 0;
    const menu = document.getElementById("menu");
    if (menu && ["ArrowDown", "ArrowUp", "Home", "End", "Tab"].includes(e.key)) {
      const items = Array.from(menu.querySelectorAll("button"));
      let i = items.indexOf(document.activeElement);
      if (e.key === "ArrowDown" || (e.key === "Tab" && !e.shiftKey)) i = (i + 1) % items.length;
      else if (e.key === "ArrowUp" || e.key === "Tab") i = (i - 1 + items.length) % items.length;
      else i = e.key === "Home" ? 0 : items.length - 1;
      items[i].focus();
      e.preventDefault();
      return;
    }
    if (open && e.key === "Escape") {
      const close = Array.from(ov.querySelectorAll("button")).find((b) => /^close$/i.test(b.textContent.trim()) || b.id === "summary-close");
      if (close) close.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      else ov.classList.add("hidden");
      return;
    }
    if (open && e.key === "Tab") { // keep the focus inside the dialog
      const items = Array.from(ov.querySelectorAll(FOCUSABLE)).filter((x) => x.offsetParent !== null);
      if (!items.length) return;
      const first = items[0], last = items[items.length - 1];
      if (e.shiftKey && (document.activeElement === first || !ov.contains(document.activeElement))) { last.focus(); e.preventDefault(); }
      else if (!e.shiftKey && (document.activeElement === last || !ov.contains(document.activeElement))) { first.focus(); e.preventDefault(); }
      return;
    }
    if ((e.key === "Enter" || e.key === " ") && !e.defaultPrevented) { // a div that says it is a button works like one
      const t = e.target;
      if (t && t.getAttribute && t.getAttribute("role") === "button" && !/^(BUTTON|A|INPUT|SUMMARY|SELECT|TEXTAREA)$/.test(t.tagName)) {
        e.preventDefault();
        t.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      }
    }
  });
  document.addEventListener("keydown", (e) => { // (after table.js has closed the menu on Escape)
    if (e.key === "Escape" && lastKey) setTimeout(restoreFocus, 0);
  });

  /* ------------------------------------------------------------ announcements (polite live region) */
  function region() {
    let r = document.getElementById("announce");
    if (!r) {
      r = h("div", { id: "announce", class: "sr-only", "aria-live": "polite", "aria-atomic": "false", "aria-relevant": "additions" });
      document.body.appendChild(r);
    }
    return r;
  }
  /** Say ``text`` politely (the region keeps the last few messages). */
  A.announce = function (text) {
    const r = region();
    r.appendChild(h("p", {}, text));
    while (r.children.length > 6) r.firstElementChild.remove();
  };
  A.onState = function (old, m) {
    A.seat = m && m.me ? m.me.seat : null;
    const a = old && old.view, b = m && m.view;
    if (!a || !b || old.table.id !== m.table.id) return;
    const seat = m.me.seat;
    const mine = seat !== null && seat !== undefined && m.table.seats[seat] ? m.table.seats[seat].name : null;
    const before = (a.log || []).length;
    const fresh = (b.log || []).slice(before).filter((l) => !mine || !l.startsWith(mine + " "));
    const rounds = b.round_summaries || [];
    const said = [];
    for (const line of fresh) {
      if (/scores \d+ viewers in round/.test(line) && rounds.length > (a.round_summaries || []).length) continue;
      said.push(line);
    }
    if (said.length) A.announce(said.join(" "));
    if (rounds.length > (a.round_summaries || []).length) {
      const r = rounds[rounds.length - 1];
      const names = (b.players || []).map((p, i) => p.name || (m.table.seats[i] || {}).name || `Player ${i + 1}`);
      const game = PT.gameOf ? PT.gameOf(m.table.game) : null;
      const words = game && game.roundWords ? game.roundWords : () => "";
      A.announce(`Round ${r.round} ends: ` + r.players.map((p, i) => `${names[i]} ${words(p)}`.trim()).join("; ") + ".");
    }
    if (b.phase === "over" && a.phase !== "over") A.announce("The game is over: the final scores are shown.");
  };

  /* ------------------------------------------------------------ the text view */
  /** An element's tooltip text, as the tooltips show it (a card: its full words from the catalogue). */
  function tip(el) {
    const own = el._tip || el.getAttribute("data-tip");
    const c = !own && el.dataset.card && PT.cards ? PT.cards[el.dataset.card] : null;
    return String(own || (c && c.words) || "").replace(/\s+/g, " ").trim();
  }
  const flat = (el) => (el.innerText || el.textContent).split(/\n+/).map((x) => x.trim()).filter(Boolean).join(" · ");
  function cardItem(c) {
    const name = c.getAttribute("aria-label") || c.textContent.trim();
    const t = tip(c);
    const use = c.classList.contains("usable") ? " (you can use it now)" : "";
    return h("li", {}, h("b", {}, name), use, t && t !== name ? ": " + t : "");
  }
  /** Headings and lists from a drawn part of the board: its own headings, its slots, its cards. */
  function describe(root, level, skip) {
    const out = [];
    const heads = Array.from(root.querySelectorAll("h2, h3")).filter((x) => !x.closest("#text-view"));
    const same = (hd) => hd.textContent.trim().toLowerCase() === (skip || "").toLowerCase();
    if (!heads.length) {
      const cards = Array.from(root.querySelectorAll("[data-card]"));
      if (cards.length) out.push(h("ul", {}, cards.map(cardItem)));
      return out;
    }
    for (const hd of heads) {
      const box = hd.parentElement;
      if (!box || (box.querySelector("h2, h3") !== hd)) continue;
      if (!same(hd)) out.push(h("h" + level, {}, hd.textContent.trim()));
      const slots = Array.from(box.querySelectorAll(".slot"));
      if (slots.length) {
        out.push(h("ul", {}, slots.map((s) => {
          const name = (s.querySelector(".slot-name") || {}).textContent || "";
          const cards = Array.from(s.querySelectorAll("[data-card]"));
          const badge = s.querySelector("[data-testid=show-badge]");
          return h("li", {}, h("b", {}, name.trim()), cards.length ? "" : ": empty",
            badge ? " — " + tip(badge) : "", cards.length ? h("ul", {}, cards.map(cardItem)) : null);
        })));
      } else {
        const cards = Array.from(box.querySelectorAll("[data-card]"));
        const words = Array.from(box.children).filter((x) => x !== hd && !x.querySelector("[data-card]") && x.textContent.trim()).map(flat);
        if (words.length) out.push(h("p", {}, words.join(" · ")));
        if (cards.length) out.push(h("ul", {}, cards.map(cardItem)));
        else if (!words.length) out.push(h("p", {}, "Nothing here."));
      }
    }
    return out;
  }
  function drawTextView() {
    const game = document.getElementById("game");
    if (!game) return;
    const old = document.getElementById("text-view");
    if (!textOn) { if (old) old.remove(); game.classList.remove("text-only"); return; }
    const own = A.seat !== null && A.seat !== undefined ? document.querySelector(`.area[data-seat="${A.seat}"]`) : null;
    const mine = own || document.querySelector(".area[data-seat]");
    const market = document.getElementById("market");
    const prompt = document.getElementById("statusbar");
    const sec = h("section", { id: "text-view", class: "panel text-view full", "aria-label": "Text view of the board" },
      h("h2", {}, "Text view"),
      prompt ? h("p", {}, (prompt.querySelector("#status-prompt") || prompt).textContent.replace(/\s+/g, " ").trim().slice(0, 400)) : null,
      h("h3", {}, own ? "Your network" : "The network shown"), ...(mine ? describe(mine, 4) : [h("p", {}, "Not shown.")]),
      h("h3", {}, "Market"), ...(market ? describe(market, 4, "Market") : [h("p", {}, "No market in this phase.")]));
    if (old) old.replaceWith(sec);
    else {
      const status = document.getElementById("status-wrap");
      if (status && status.parentElement === game) status.after(sec);
      else game.prepend(sec);
    }
  }
  function paintTextBtn(btn) {
    btn.setAttribute("aria-pressed", textOn ? "true" : "false");
    btn.textContent = textOn ? "▤ Board view" : "▤ Text view";
  }
  A.setTextView = function (on) {
    textOn = !!on;
    localStorage.setItem("pt_text_view", textOn ? "1" : "0");
    const btn = document.getElementById("text-view-btn");
    if (btn) paintTextBtn(btn);
    drawTextView();
  };

  /* ------------------------------------------------------------ start */
  document.addEventListener("DOMContentLoaded", () => {
    region();
    const prefs = document.getElementById("prefs-btn");
    if (prefs) {
      const btn = h("button", { id: "text-view-btn", class: "small", "aria-controls": "page",
        "data-tip": "Show your network and the market as headings and lists (for screen readers)." });
      paintTextBtn(btn);
      btn.addEventListener("click", () => A.setTextView(!textOn));
      prefs.before(btn);
    }
    const page = document.getElementById("page");
    let queued = false;
    if (page) {
      new MutationObserver(() => {
        if (queued) return;
        queued = true;
        queueMicrotask(() => {
          queued = false;
          if (textOn && !document.getElementById("text-view")) drawTextView();
          restoreFocus();
        });
      }).observe(page, { childList: true, subtree: true });
    }
    const ov = document.getElementById("overlay");
    if (ov) new MutationObserver(overlayChanged).observe(ov, { attributes: true, attributeFilter: ["class"], childList: true });
    new MutationObserver(() => {
      const menu = document.getElementById("menu");
      if (menu && !menu.contains(document.activeElement)) { const b = menu.querySelector("button"); if (b) b.focus(); }
      if (!menu) restoreFocus();
    }).observe(document.body, { childList: true });
  });
})();
