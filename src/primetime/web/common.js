/* Shared helpers: DOM building, API calls, the card catalogue, card tiles and tooltips. */
"use strict";

const PT = (window.PT = window.PT || {});

/** h("div", {class: "x", onclick: fn}, child, "text", [more]) — never parses HTML. */
PT.h = function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (k === "class") el.className = v;
      else if (k === "text") el.textContent = v;
      else if (k === "dataset") Object.assign(el.dataset, v);
      else el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  const add = (c) => {
    if (c === null || c === undefined || c === false) return;
    if (Array.isArray(c)) c.forEach(add);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  };
  children.forEach(add);
  return el;
};

/** The colour-blind setting (Preferences, kept in this browser): letters on cubes and player colours,
    patterns on the genres' card edges (app.css, "colour-aids"). */
PT.colourAids = function () {
  try { return localStorage.getItem("pt_colour_aids") === "1"; } catch (e) { return false; }
};
PT.setColourAids = function (on) {
  try { localStorage.setItem("pt_colour_aids", on ? "1" : "0"); } catch (e) { /* storage refused: for this page only */ }
  document.documentElement.classList.toggle("colour-aids", !!on);
};
document.documentElement.classList.toggle("colour-aids", PT.colourAids());

PT.api = async function api(path, body, method) {
  const opts = { method: method || (body === undefined ? "GET" : "POST"), headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  if (!r.ok) throw new Error((data && data.error) || `request failed (${r.status})`);
  return data;
};

/** A span of time in days (or hours, under a day): "2 days", "1.5 days", "6 h". */
PT.days = function days(sec) {
  const d = sec / 86400;
  return d >= 1 ? `${+d.toFixed(2)} day${d === 1 ? "" : "s"}` : `${+(sec / 3600).toFixed(1)} h`;
};

/** A table's time control in words (the lobby's list, the table page): with a turn-based time bank, how it grows. */
PT.clockWords = function clockWords(c) {
  if (!c) return "";
  if (c.mode === "turn") {
    return c.bank ? `turn-based: ${PT.days(c.per_move)} to start, + ${PT.days(c.bank)} per move, up to ${PT.days(c.bank_cap)}`
      : `turn-based: ${PT.days(c.per_move)} per move`;
  }
  if (c.mode === "realtime") return `real time: ${+(c.initial / 60).toFixed(1)} min each` + (c.increment ? ` + ${c.increment} s per move` : "");
  return "";
};

/** Seconds of ``[t0, t1]`` that count on ``seat``'s clock: a turn-based clock stands still while its player is on holiday. */
PT.clockSpent = function clockSpent(c, seat, t0, t1) {
  let off = 0;
  if (c.mode === "turn") for (const [a, b] of (c.holidays || {})[String(seat)] || []) off += Math.max(0, Math.min(b, t1) - Math.max(a, t0));
  return Math.max(0, t1 - t0 - off);
};

PT.toast = function toast(text, kind) {
  let t = document.getElementById("toast");
  if (!t) {
    t = PT.h("div", { id: "toast", class: "toast", role: "status" });
    document.body.appendChild(t);
  }
  t.className = "toast" + (kind === "info" ? " info" : "");
  t.textContent = text;
  t.classList.remove("hidden");
  clearTimeout(PT._toastTimer);
  PT._toastTimer = setTimeout(() => t.classList.add("hidden"), kind === "info" ? 2500 : 5000);
};

/* A table's bot pace (chosen at creation; the server's BOT_PACES), the first one the default. */
PT.BOT_PACES = { instant: "Instant (bots move at once)", normal: "Normal (a short pause before each bot move)",
  slow: "Slow (a longer pause, to follow every move)" };

/* ------------------------------------------------------------------ games */
/* One entry per game, registered by the game's own script (web/games/<script>, which the server
   puts into the page for every game's plugin).  The table and the replay draw a view only
   through its game's entry:
     title                          the page title
     roundLabel(view)               the header's round line
     tableLine(options)             the waiting room's line about the table's options
     indexOptions(pending)          the pending options by what they are about (ctx.index)
     parts(view, ctx)               the board's sections
     choices(view, pending, ctx, ui) the choices strip of the player to decide (ui: the table's helpers)
     summary(view, extra)           the end-of-game dialog
     help(view)                     the Help dialog's sections
     load()                         fetch the game's card catalogue (optional)            */
PT.games = {};
PT.registerGame = function (name, entry) { PT.games[name] = entry; };
PT.gameOf = function (name) { return PT.games[name] || PT.games.networks; };
// the table and the replay await PT.loadCatalogue() before their first drawing
PT.loadCatalogue = async function () {
  await Promise.all(Object.values(PT.games).map((g) => (g.load ? g.load() : null)));
};

/* ------------------------------------------------------------------ The Networks' catalogue */
PT.cards = {};
PT.board = null;

PT.GENRES = ["sports", "scifi", "action", "reality", "sitcom", "drama"];
PT.GENRE_NAMES = { sports: "Sports", scifi: "Sci-Fi", action: "Action", reality: "Reality", sitcom: "Sitcom", drama: "Drama",
  kids: "Kids", quiz: "Quiz", chat: "Chat" };
PT.SLOT_ICONS = { daytime: "☀", primetime: "◐", latenight: "☾", weekend: "✦", any: "ANY", "": "any" };
PT.SLOT_NAMES = { daytime: "Daytime", primetime: "Primetime", latenight: "Late Night", weekend: "Weekend" };
PT.TIMING = { immediate: "!", use_once: "1x", ongoing: "∞", game_end: "◉" };

function slotsText(sl) {
  if (!sl) return "";
  const out = [];
  const add = (n, s) => { for (let i = 0; i < n; i++) out.push(s); };
  add(sl.star_req, "★"); add(sl.star_opt, "☆");
  add(sl.ad_req, "$"); add(sl.ad_opt, "(ad)");
  add(sl.wild_req, "◆"); add(sl.wild_opt, "◇");
  return out.join(" ");
}

/* A card's name must not break inside a word ("Quarterb/ack"): the name's font shrinks until its
   longest word fits the tile (measured on a canvas), down to a floor; a word still too long then
   breaks only at a syllable-like point, with a hyphen (soft hyphens between two consonants). */
const NAME_PX = 13;
const NAME_MIN_PX = 12;
const SHY = "\u00ad";
const measured = new Map();  // word -> its width at NAME_PX in the page's font
let measurer = null;
function textWidth(text, px) {
  let w = measured.get(text);
  if (w === undefined) {
    if (!measurer) {
      measurer = document.createElement("span");
      measurer.setAttribute("aria-hidden", "true");
      measurer.style.cssText = `position:absolute;left:-9999px;top:0;visibility:hidden;white-space:pre;font-weight:700;font-size:${NAME_PX}px`;
    }
    if (!measurer.isConnected) document.body.appendChild(measurer);
    measurer.textContent = text;
    w = measurer.getBoundingClientRect().width;
    measured.set(text, w);
  }
  return (w * px) / NAME_PX;
}
/** ``word`` with soft hyphens where it may break: between two consonants that stand between vowels
    (Quar-ter-back), and where a piece is still wider than ``room`` at ``px``, at its last letter that fits. */
function softHyphens(word, px, room) {
  const vowel = (ch) => /[aeiouyAEIOUY]/.test(ch);
  const letter = (ch) => /[A-Za-z]/.test(ch);
  const keep = new Set(["ch", "ck", "sh", "th", "ph", "wh", "gh", "qu"]);
  const pieces = [];
  let cur = word[0];
  for (let i = 1; i < word.length; i++) {
    const [a, b, c, d] = [word[i - 2], word[i - 1], word[i], word[i + 1]];
    const cut = i >= 3 && word.length - i >= 3 && [a, b, c, d].every((x) => x && letter(x)) &&
      vowel(a) && !vowel(b) && !vowel(c) && vowel(d) && !keep.has((b + c).toLowerCase());
    if (cut) { pieces.push(cur); cur = ""; }
    cur += word[i];
  }
  pieces.push(cur);
  const out = [];
  for (let piece of pieces) {
    while (piece.length > 1 && textWidth(piece + "-", px) > room) {
      let n = piece.length - 1;
      while (n > 1 && textWidth(piece.slice(0, n) + "-", px) > room) n--;
      out.push(piece.slice(0, n));
      piece = piece.slice(n);
    }
    out.push(piece);
  }
  return out.join(SHY);
}
PT.cardName = function cardName(name, mini) {
  const root = getComputedStyle(document.documentElement);
  const cardW = parseFloat(root.getPropertyValue("--card-w")) || 84;
  const room = (mini ? 70 : cardW) - 14;  // padding and borders of a tile, and a little to spare
  const words = String(name).split(/\s+/).filter(Boolean);
  const widest = Math.max(1, ...words.map((w) => textWidth(w, NAME_PX)));
  const px = Math.max(NAME_MIN_PX, Math.min(NAME_PX, Math.floor((NAME_PX * room / widest) * 4) / 4));
  const text = words.map((w) => (textWidth(w, px) > room ? softHyphens(w, px, room) : w)).join(" ");
  return PT.h("div", { class: "c-name", style: px < NAME_PX ? `font-size:${px}px` : null }, text);
};

/** A card tile.  opts: {season (1-4 current row), rotated, mini, extraTip} */
PT.cardTile = function cardTile(id, opts) {
  opts = opts || {};
  const c = PT.cards[id] || { id, name: id, kind: "card", words: id };
  const h = PT.h;
  const kind = c.kind;
  const cls = ["card", kind];
  if (kind === "show") cls.push("show", "g-" + c.genre);
  if (opts.mini) cls.push("mini");
  const el = h("div", { class: cls.join(" "), dataset: { card: id }, tabindex: "0", "aria-label": c.name });
  el.appendChild(h("div", { class: "c-kind" },
    kind === "show" ? `${PT.GENRE_NAMES[c.genre] || c.genre} ${(c.timeslot || "").split("/").map((t) => PT.SLOT_ICONS[t] || "").join("/")}` :
      kind === "network" ? `network ${PT.TIMING[c.timing] || ""}` : kind));
  el.appendChild(PT.cardName(c.name, opts.mini));
  if (!opts.mini) {
    if (kind === "show") {
      el.appendChild(h("div", { class: "c-stats" }, `$${c.cost}M · exp ${c.expenses}`));
      const seasons = h("div", { class: "c-seasons" });
      (c.seasons || []).forEach((v, i) => {
        const s = h("span", { class: (opts.season === i + 1 ? "now" : "") + (i === 2 ? " xrow" : "") }, v);
        seasons.appendChild(s);
      });
      el.appendChild(seasons);
      el.appendChild(h("div", { class: "c-stats" }, slotsText(c.slots)));
    } else if (kind === "star") {
      el.appendChild(h("div", { class: "c-stats" }, `$${c.cost}M · exp ${c.expenses}`));
      el.appendChild(h("div", { class: "c-stats" }, `◉ ${(c.viewers || []).join(" ")}`));
      if (c.face) el.appendChild(h("div", { class: "c-stats c-face" }, c.face));
    } else if (kind === "ad") {
      el.appendChild(h("div", { class: "c-stats" }, `+$${c.bonus}M · inc ${c.income}`));
      if (c.promo_cost) el.appendChild(h("div", { class: "c-stats" }, `promo $${c.promo_cost}M`));
      else if (c.face) el.appendChild(h("div", { class: "c-stats c-face" }, c.face));
    } else if (kind === "network") {
      if (c.cost) el.appendChild(h("div", { class: "c-stats" }, `$${c.cost}M to take`));
      if (c.face) el.appendChild(h("div", { class: "c-stats c-face" }, c.face));
    }
  }
  el._tip = c.words || c.name;
  if (opts.extraTip) el._tip += "\n\n" + opts.extraTip;
  return el;
};

/* ------------------------------------------------------------------ tooltips (hover + long-press) */
(function tooltips() {
  let tip = null;
  let pressTimer = null;
  let pressed = null;
  PT.suppressClick = false;

  function textFor(el) {
    const t = el.closest("[data-card], [data-tip]");
    if (!t) return null;
    if (t._tip) return { el: t, text: t._tip };
    if (t.dataset.tip) return { el: t, text: t.dataset.tip };
    const c = t.dataset.card && PT.cards[t.dataset.card];
    return c ? { el: t, text: c.words || c.name } : null;
  }
  function show(target, text, x, y) {
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "tip";
      tip.setAttribute("role", "tooltip");
      document.body.appendChild(tip);
    }
    tip.textContent = text;
    tip.classList.remove("hidden");
    const r = target.getBoundingClientRect();
    const w = Math.min(340, window.innerWidth * 0.92);
    let left = x !== undefined ? x - w / 2 : r.left;
    left = Math.max(6, Math.min(left, window.innerWidth - w - 6));
    tip.style.left = left + "px";
    tip.style.width = "auto";
    const below = r.bottom + 8;
    tip.style.top = (below + 120 < window.innerHeight ? below : Math.max(6, r.top - 8 - tip.offsetHeight)) + "px";
  }
  function hide() { if (tip) tip.classList.add("hidden"); }
  PT.hideTip = hide;

  // a click puts the tooltip away (it would cover what the click brings up, such as a Keep or a
  // Confirm button) until the pointer leaves what was clicked (the same card drawn again counts as it)
  let clicked = null;
  const same = (t) => !!t && !!clicked && (t.el === clicked.el || (!!clicked.card && t.el.dataset.card === clicked.card));
  document.addEventListener("mouseover", (e) => {
    if (e.sourceCapabilities && e.sourceCapabilities.firesTouchEvents) return;
    const t = textFor(e.target);
    // (the page drawn again under a pointer that has not moved is no reason to show it again)
    if (same(t) || (clicked && Math.abs(e.clientX - clicked.x) + Math.abs(e.clientY - clicked.y) < 6)) return;
    clicked = null;
    if (t) show(t.el, t.text); else hide();
  });
  document.addEventListener("mouseout", (e) => {
    const t = textFor(e.target);
    if (t && !t.el.contains(e.relatedTarget)) hide();
  });
  document.addEventListener("focusin", (e) => {
    const t = textFor(e.target);
    if (t && !same(t)) show(t.el, t.text);
  });
  document.addEventListener("focusout", hide);
  document.addEventListener("touchstart", (e) => {
    const t = textFor(e.target);
    if (!t) { hide(); return; }
    pressed = t;
    const touch = e.touches[0];
    clearTimeout(pressTimer);
    pressTimer = setTimeout(() => {
      show(t.el, t.text, touch.clientX, touch.clientY);
      PT.suppressClick = true;
      setTimeout(() => { PT.suppressClick = false; }, 700);
    }, 450);
  }, { passive: true });
  const cancel = () => { clearTimeout(pressTimer); pressed = null; };
  document.addEventListener("touchend", cancel, { passive: true });
  document.addEventListener("touchmove", cancel, { passive: true });
  document.addEventListener("contextmenu", (e) => { if (pressed || textFor(e.target)) e.preventDefault(); });
  document.addEventListener("click", (e) => {
    const t = textFor(e.target);
    if (t && PT.suppressClick) return; // a long-press showed it: it stays
    clicked = t ? { el: t.el, card: t.el.dataset.card || null, x: e.clientX, y: e.clientY } : null;
    hide();
  }, true);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") hide(); });
})();

/* ------------------------------------------------------------------ presence */
/* Who is at the table (the table page sets PT.presence from the server's presence messages):
   PT.presenceDot(seat) is a dot with a tooltip and a spoken label for a player's name; the
   table page updates every dot in place when presence changes.  No presence (a replay): no dot. */
PT.presence = null; // {seats: [{seat, state}], watching}
PT.PRESENCE_WORDS = { online: "online", away: "away (tab hidden or idle)", offline: "offline (not connected)",
  left: "left the game", bot: "played by a bot", open: "open seat" };
PT.presenceState = function (seat) {
  const s = PT.presence && PT.presence.seats && PT.presence.seats[seat];
  return s ? s.state : null;
};
PT.paintPresence = function (el) {
  const state = PT.presenceState(Number(el.dataset.pseat));
  el.className = "presence p-" + (state || "none");
  el.hidden = !state;
  const words = PT.PRESENCE_WORDS[state] || "";
  el.dataset.tip = words;
  el.setAttribute("aria-label", words);
  el.dataset.state = state || "";
  return el;
};
PT.presenceDot = function (seat) {
  if (!PT.presence) return null;
  return PT.paintPresence(PT.h("span", { role: "img", dataset: { pseat: seat } }));
};
