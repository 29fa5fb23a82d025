/* The table page: waiting room before the start, the live game after it. */
"use strict";

(function () {
  const PT = window.PT;
  const h = PT.h;
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const BASE_TITLE = "The Networks: Primetime";

  const S = {
    me: null, // {user, bots, options}
    msg: null, // latest state message
    log: [], // the game's log as this socket was sent it (state messages carry only the lines it has not had)
    ws: null,
    retry: 0,
    tab: null,
    scorePage: 0,
    pending: null, // {option, deadline, timer, seq, refused}: a choice counting down to confirmation
    busy: false,
    queued: [], // [{option, kind}]: choices made while the last one was on its way to the server
    sent: null, // the option last sent
    nextId: 1,
    delay: 2,
    summaryShownFor: null,
    summaryClosed: false,
    selectedPilot: [],
    chat: { msgs: new Map(), lastSeq: 0, unread: 0, open: false, you: null, muted: new Set() },
    away: false, // what this tab last told the server (hidden or idle: away)
    lastInput: Date.now(),
    lastMoves: {}, // seat -> {cards, spots}: that player's last move, ringed on the board
    arrivals: new Map(), // card id -> until when it counts as just arrived (animated)
    turnSignals: 0, // how often this page signalled "your turn"
    roundShown: null, // index of the round summary on the page (a panel above the board), null: closed
    signedOut: null, // why the server closed this page's socket when its session ended (close code 4401), else null
  };
  PT.tableState = S; // for debugging and tests
  PT.advice.redraw = () => renderStatus();

  function movesKey() { return `pt_moves_${tableId}`; }
  try { S.lastMoves = JSON.parse(sessionStorage.getItem(movesKey()) || "{}") || {}; } catch (e) { S.lastMoves = {}; }

  /** The turn signal's sound: on unless muted (the user's prefs when signed in, else this browser's). */
  function soundOn() {
    const user = S.me && S.me.user;
    if (user && user.prefs && typeof user.prefs.turn_sound === "boolean") return user.prefs.turn_sound;
    return localStorage.getItem("pt_turn_sound") !== "0";
  }
  async function setSound(on) {
    localStorage.setItem("pt_turn_sound", on ? "1" : "0");
    if (S.me && S.me.user) {
      try {
        const r = await PT.api("/api/me/prefs", { turn_sound: on });
        S.me.user.prefs = r.prefs;
      } catch (e) { PT.toast(e.message); }
    }
    paintSoundBtn();
  }
  function paintSoundBtn() {
    const b = document.getElementById("sound-btn");
    if (!b) return;
    const on = soundOn();
    b.textContent = on ? "♪ Sound" : "♪ Muted";
    b.setAttribute("aria-pressed", on ? "false" : "true");
    b.setAttribute("aria-label", on ? "Turn sound on (click to mute)" : "Turn sound muted (click to unmute)");
    b.dataset.tip = on ? "A short sound plays when it becomes your turn. Click to mute." : "Muted: no sound on your turn. Click to unmute.";
  }

  const ARRIVAL_MS = 700;
  function freshArrivals() {
    const now = Date.now();
    for (const [id, until] of S.arrivals) if (until < now) S.arrivals.delete(id);
    return S.arrivals.size ? new Set(S.arrivals.keys()) : null;
  }

  function isMyDecision(m) {
    const v = m && m.view;
    const pend = v && v.pending;
    const seat = m && m.me.seat;
    return !!(pend && seat !== null && seat !== undefined && pend.player === seat && pend.options && !m.me.left);
  }

  /** A new state: what moved (for the rings and the animation), whose turn it became, a round that ended. */
  function noteChanges(old, m) {
    const a = old && old.view;
    const b = m.view;
    if (!old || !b || (a && a.game !== b.game) || old.table.id !== m.table.id) return;
    const ch = PT.viewChanges(a, b);
    // a card that arrived keeps its animation for a moment: states that follow at once (a bot's
    // next step) redraw the page, and its cards would otherwise appear without it
    const until = Date.now() + ARRIVAL_MS;
    for (const id of ch.arrivals) S.arrivals.set(id, until);
    // a new round clears the table (The Networks deals a new market, Prime Time's tokens come back): old rings would point at nothing
    if (!a || b.round !== a.round) S.lastMoves = {};
    for (const [seat, mv] of Object.entries(ch.bySeat)) {
      if (mv.cards.length || mv.spots.length) S.lastMoves[seat] = mv;
    }
    try { sessionStorage.setItem(movesKey(), JSON.stringify(S.lastMoves)); } catch (e) { /* private mode */ }
    // it became yours (not: another decision of yours right after your own step, nor another
    // player's answer to a simultaneous decision that is still yours to make)
    if (a && isMyDecision(m) && !isMyDecision(old)) {
      S.turnSignals++;
      document.body.dataset.turnSignals = String(S.turnSignals);
      const rules = PT.gameOf(b.game);
      PT.signalTurn(`Your turn · ${rules.title}`, b.pending.prompt, !soundOn(), `pt-turn-${tableId}`);
    }
    const before = a ? (a.round_summaries || []).length : 0;
    const after = (b.round_summaries || []).length;
    // a round ended: its summary opens (the last round's too, under the final scores)
    if (after > before) { S.roundShown = after - 1; S.revealRound = b.phase !== "over"; }
  }

  function confirmDelay() {
    const user = S.me && S.me.user;
    if (user && user.prefs && typeof user.prefs.confirm_delay === "number") return user.prefs.confirm_delay;
    const local = localStorage.getItem("pt_confirm_delay");
    return local !== null ? Number(local) : 2;
  }

  /* ---------------------------------------------------------------- connection */
  function connect() {
    if (S.signedOut) return; // signed out: this page neither reconnects nor plays any more
    const proto = location.protocol === "https:" ? "wss" : "ws";
    // the chat messages this page has not seen come with the connection (all on the first)
    const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(tableId)}?chat_since=${S.chat.lastSeq}`);
    S.ws = ws;
    setConn("connecting…", false);
    ws.onopen = () => { S.retry = 0; setConn("live", false); S.away = false; tellPresence(); };
    ws.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch (e) { return; }
      onMessage(m);
    };
    ws.onclose = (ev) => {
      if (S.ws !== ws) return;
      S.busy = false;
      if (ev.code === 4404) { setConn("no such table", true); showMissing(); return; }
      if (ev.code === 4401) { signedOut(ev.reason || "you signed out"); return; }
      if (ev.code === 4410) { signedOut(ev.reason || "a moderator closed this table", "Table closed"); return; }
      setConn("reconnecting…", true);
      const wait = Math.min(5000, 300 * 2 ** S.retry++);
      setTimeout(connect, wait);
    };
  }
  /** The server closed the socket because its session ended (sign-out, here or in another tab or
      browser): say so, stop reconnecting, and neither act nor chat any more. */
  function signedOut(reason, title) {
    S.signedOut = reason;
    S.ws = null;
    S.busy = false;
    cancelPending();
    setConn("signed out", true);
    document.body.dataset.signedOut = "1";
    let b = document.getElementById("signed-out");
    if (!b) {
      b = h("div", { class: "banner signed-out", id: "signed-out", role: "alert" });
      document.getElementById("page").before(b);
    }
    b.replaceChildren(h("strong", {}, title || (/suspended/.test(reason) ? "Account suspended" : "Signed out")), ` — ${reason}. This page no longer plays or chats for you.`,
      h("a", { href: `/?next=${encodeURIComponent("/t/" + tableId)}`, id: "signed-out-signin" }, "Sign in again"),
      h("button", { class: "small", id: "signed-out-reload", onclick: () => location.reload() }, "Reload"));
    if (S.msg) { S.msg.me = { ...S.msg.me, seat: null, host: false, can_undo: false, votes: [] }; render(); }
    else renderChatInput();
  }
  function setConn(text, bad) {
    const c = document.getElementById("conn");
    c.textContent = text;
    c.classList.toggle("bad", !!bad);
  }
  function send(obj) {
    if (S.signedOut) { PT.toast(`Signed out: ${S.signedOut}.`); return false; }
    if (!S.ws || S.ws.readyState !== 1) { PT.toast("Not connected — reconnecting…"); return false; }
    obj.id = S.nextId++;
    S.ws.send(JSON.stringify(obj));
    return true;
  }

  /** The keys of my own pending decision in state message ``m`` (null: I have none). */
  function myOptionKeys(m) {
    const pend = m.view && m.view.pending;
    if (!pend || m.me.seat === null || pend.player !== m.me.seat || !pend.options) return null;
    return new Set(pend.options.map((o) => o.key));
  }

  /** Put the log of state message ``m`` together again: ``m.log`` holds the lines from number
      ``m.log_start`` on, those before are the ones this socket had (false: it has not had them all). */
  function joinLog(m) {
    if (!m.view) return true;
    if (m.log === undefined) { S.log = m.view.log || []; return true; } // the whole log in the view
    const start = m.log_start || 0;
    if (start > S.log.length) return false;
    S.log = start === 0 ? (m.log || []) : S.log.slice(0, start).concat(m.log || []);
    m.view.log = S.log;
    delete m.log;
    return true;
  }

  function onMessage(m) {
    if (m.type === "state") {
      // every state goes on from the log of the one before, even one not shown
      if (!joinLog(m)) { // cannot happen: the server knows what it sent this socket; ask for everything again
        if (S.ws && S.ws.readyState === 1) S.ws.send(JSON.stringify({ type: "sync" }));
        return;
      }
      if (S.msg && m.version < S.msg.version) return; // never go back
      const oldSeq = S.msg ? S.msg.seq : null;
      const old = S.msg;
      S.msg = m;
      noteChanges(old, m);
      if (PT.a11y) PT.a11y.onState(old, m); // announcements for screen readers (a11y.js)
      if (!S.timeSynced) S.clockOffset = m.sent - Date.now() / 1000; // a state may have been built a while ago
      const botted = seatTakenByBot(m) ? m.table.seats.filter((x) => x.replaced).map((x) => x.seat).join(",") : "";
      if (S.infoKey !== botted) {
        S.infoKey = botted; // a person's seat went to a bot: it may be yours, ask whether you can take it back
        if (botted) refreshInfo().then(render);
      }
      S.replKey = null;
      S.busy = false;
      // another player's answer to a simultaneous decision leaves my own choice as it was:
      // a proposed option still offered stands (against the new step), and so does a half-chosen pilot pair
      const mine = myOptionKeys(m);
      if (S.pending && S.pending.seq !== m.seq) {
        if (mine && mine.has(S.pending.option.key)) S.pending.seq = m.seq;
        else cancelPending();
      }
      if (oldSeq !== m.seq && !(mine && m.view.pending.kind === "pilot")) S.selectedPilot = [];
      render();
      drainQueue();
    } else if (m.type === "time") {
      S.clockOffset = m.now - Date.now() / 1000;
      S.timeSynced = true;
    } else if (m.type === "presence") {
      PT.presence = m;
      document.querySelectorAll(".presence[data-pseat]").forEach(PT.paintPresence);
      renderPeople();
    } else if (m.type === "chat") {
      addChat(m);
    } else if (m.type === "hint") {
      PT.advice.onHint(m);
      renderStatus();
    } else if (m.type === "chat_removed") { // a moderator removed messages: gone from this page too
      for (const seq of m.seqs || []) S.chat.msgs.delete(seq);
      renderChat();
    } else if (m.type === "error" && (m.kind === "ChatRefused" || m.kind === "RateLimited")) {
      chatNote(m.error, true); // the game's state did not change: no redrawing
      PT.toast(m.error);
    } else if (m.type === "error") {
      if (m.kind === "HintRefused") PT.advice.onRefused();
      S.busy = false;
      const dropped = S.queued.map((x) => `“${x.option.label}”`).join(", ");
      S.queued = [];
      PT.toast(m.error + (dropped ? ` (not done either: ${dropped})` : ""));
      render();
    } else if (m.type === "ack") {
      S.busy = false;
    }
  }

  /* ---------------------------------------------------------------- presence and chat */
  /** Online while the tab is in view and its person did something in the last few minutes; else away. */
  const IDLE_AFTER = 5 * 60 * 1000;
  function tellPresence() {
    const away = document.visibilityState === "hidden" || Date.now() - S.lastInput > IDLE_AFTER;
    if (away === S.away || !S.ws || S.ws.readyState !== 1) return;
    S.away = away;
    S.ws.send(JSON.stringify({ type: "presence", state: away ? "away" : "online" }));
  }
  function noteInput() {
    const was = Date.now() - S.lastInput > IDLE_AFTER;
    S.lastInput = Date.now();
    if (was) tellPresence();
  }

  function muteKey() { return `pt_mute_${tableId}`; }
  function loadMuted() {
    try { S.chat.muted = new Set(JSON.parse(sessionStorage.getItem(muteKey()) || "[]")); } catch (e) { S.chat.muted = new Set(); }
  }
  function toggleMute(from) {
    if (S.chat.muted.has(from)) S.chat.muted.delete(from); else S.chat.muted.add(from);
    sessionStorage.setItem(muteKey(), JSON.stringify(Array.from(S.chat.muted)));
    renderChat();
  }

  function addChat(m) {
    if (m.history && m.you) S.chat.you = m.you;
    let fresh = 0;
    for (const x of m.messages || []) {
      if (S.chat.msgs.has(x.seq)) continue;
      S.chat.msgs.set(x.seq, x);
      S.chat.lastSeq = Math.max(S.chat.lastSeq, x.seq);
      if (!m.history && x.from !== S.chat.you && !S.chat.muted.has(x.from)) {
        fresh++;
        const say = document.getElementById("chat-announce"); // read out once by screen readers
        if (say) say.textContent = `${x.name}${x.seat === null || x.seat === undefined ? " (watching)" : ""} says: ${x.text}`;
      }
    }
    while (S.chat.msgs.size > 500) S.chat.msgs.delete(Math.min(...S.chat.msgs.keys()));
    if (fresh && (!S.chat.open || document.visibilityState === "hidden")) S.chat.unread += fresh;
    renderChat();
  }

  function timeOf(at) {
    const d = new Date(at * 1000);
    return d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  /** The chat's messages, always as text (never markup); muted writers' messages left out. */
  function renderChat() {
    const log = document.getElementById("chat-log");
    if (!log) return;
    const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    const seqs = Array.from(S.chat.msgs.keys()).sort((a, b) => a - b);
    let hidden = 0;
    const items = [];
    for (const seq of seqs) {
      const x = S.chat.msgs.get(seq);
      const mine = x.from === S.chat.you;
      if (S.chat.muted.has(x.from)) { hidden++; continue; }
      const who = x.seat === null || x.seat === undefined ? " (watching)" : "";
      items.push(h("li", { class: "chat-msg" + (mine ? " mine" : ""), dataset: { seq, from: x.from } },
        h("span", { class: "chat-time muted" }, timeOf(x.at)), " ",
        h("b", { class: "chat-name" + (x.seat !== null && x.seat !== undefined ? ` seat-${x.seat}` : "") }, x.name + who), " ",
        h("span", { class: "chat-text" }, x.text),
        mine ? null : h("button", { class: "chat-mute small", "aria-label": `Mute ${x.name}`, "data-tip": `Hide ${x.name}'s messages (for this session)`,
          onclick: () => toggleMute(x.from) }, "mute"),
        mine || !(S.me && S.me.user) ? null : h("button", { class: "chat-report small", "aria-label": `Report ${x.name}'s message`,
          "data-tip": "Tell the administrators about this message", onclick: () => PT.report({ table: tableId, seq }, `${x.name}'s message`) }, "report"),
        S.me && S.me.user && S.me.user.admin ? h("button", { class: "chat-remove small warn", "aria-label": `Remove ${x.name}'s message for everyone`,
          onclick: () => PT.removeMessage(tableId, seq, `${x.name}'s message`) }, "remove") : null));
    }
    if (!seqs.length) items.push(h("li", { class: "muted chat-empty" }, "No messages yet. Say hello!"));
    log.replaceChildren(...items);
    const mutedNote = document.getElementById("chat-muted");
    const mutedCount = S.chat.muted.size;
    mutedNote.replaceChildren(...(mutedCount ? [`${mutedCount} muted` + (hidden ? ` (${hidden} message${hidden > 1 ? "s" : ""} hidden)` : "") + " ",
      h("button", { class: "small", id: "chat-unmute", onclick: () => { S.chat.muted.clear(); sessionStorage.removeItem(muteKey()); renderChat(); } }, "Unmute all")] : []));
    if (atEnd || S.chat.open) log.scrollTop = log.scrollHeight;
    const badge = document.getElementById("chat-unread");
    badge.textContent = S.chat.unread ? String(S.chat.unread) : "";
    badge.classList.toggle("hidden", !S.chat.unread);
    document.getElementById("chat-btn").setAttribute("aria-label", S.chat.unread ? `Chat, ${S.chat.unread} unread` : "Chat");
    renderChatInput();
  }

  /** Who may write: a seated player; a spectator with a display name, unless the table says not. */
  function chatRefusal() {
    if (S.signedOut) return `Signed out: ${S.signedOut}.`;
    const m = S.msg;
    if (!m) return "connecting…";
    if (m.me.seat !== null && m.me.seat !== undefined) return null;
    if (m.table.chat && m.table.chat.spectators === false) return "Spectators may not chat at this table (the host turned it off).";
    if (!(S.me && S.me.user)) return "Choose a display name in the lobby to chat.";
    return null;
  }
  function renderChatInput() {
    const input = document.getElementById("chat-input");
    if (!input) return;
    const why = chatRefusal();
    input.disabled = !!why;
    document.getElementById("chat-send").disabled = !!why;
    input.placeholder = why ? "" : "Say something… (Enter sends)";
    const note = document.getElementById("chat-note");
    if (why || !note.dataset.error) { note.textContent = why || ""; note.classList.remove("bad"); }
  }
  function chatNote(text, bad) {
    const note = document.getElementById("chat-note");
    if (!note) return;
    note.textContent = text;
    note.dataset.error = bad ? "1" : "";
    note.classList.toggle("bad", !!bad);
  }

  /** Every seat with its presence, and how many watch. */
  function renderPeople() {
    const ul = document.getElementById("chat-people");
    if (!ul || !S.msg) return;
    const items = [];
    for (const s of S.msg.table.seats) {
      if (s.kind === "open") continue;
      const state = PT.presenceState(s.seat);
      const you = s.seat === S.msg.me.seat ? " (you)" : "";
      items.push(h("li", { dataset: { seat: s.seat, state: state || "" } }, PT.presenceDot(s.seat),
        h("span", { class: `seat-${s.seat}` }, (s.name || `Seat ${s.seat + 1}`) + you),
        h("span", { class: "muted presence-word" }, state === "bot" && s.bot
          ? (s.replaced ? `played by a bot (${s.level || "bot"})` : `bot (${s.level || "bot"})`) : (PT.PRESENCE_WORDS[state] || ""))));
    }
    const n = PT.presence ? PT.presence.watching : 0;
    if (n) items.push(h("li", { class: "muted", id: "chat-watching" }, `${n} watching`));
    ul.replaceChildren(...items);
  }

  function setChatOpen(open) {
    S.chat.open = open;
    sessionStorage.setItem("pt_chat_open", open ? "1" : "0");
    const panel = document.getElementById("chat");
    panel.hidden = !open;
    document.body.classList.toggle("chat-open", open);
    document.getElementById("chat-btn").setAttribute("aria-expanded", open ? "true" : "false");
    if (open) {
      S.chat.unread = 0;
      renderChat();
      const log = document.getElementById("chat-log");
      log.scrollTop = log.scrollHeight;
    }
  }

  function buildChat() {
    loadMuted();
    const input = h("input", { type: "text", id: "chat-input", maxlength: "500", autocomplete: "off", "aria-label": "Chat message" });
    const form = h("form", { class: "chat-form", id: "chat-form" }, input, h("button", { type: "submit", id: "chat-send", class: "small primary" }, "Send"));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (send({ type: "chat", text })) { input.value = ""; chatNote("", false); }
    });
    const panel = h("aside", { class: "chat", id: "chat", "aria-label": "Table chat" },
      h("div", { class: "chat-head" }, h("h2", {}, "Table chat"),
        h("button", { class: "small", id: "chat-close", "aria-label": "Close the chat", onclick: () => setChatOpen(false) }, "✕")),
      h("ul", { class: "chat-people", id: "chat-people", "aria-label": "At the table" }),
      h("ol", { class: "chat-log", id: "chat-log", "aria-label": "Messages" }),
      h("div", { class: "muted chat-muted", id: "chat-muted" }),
      form,
      h("div", { class: "muted chat-note", id: "chat-note", role: "status" }));
    document.body.appendChild(panel);
    // outside the panel, so that a message is read out while the chat is closed too
    document.body.appendChild(h("div", { class: "sr-only", id: "chat-announce", "aria-live": "polite" }));
    document.getElementById("chat-btn").addEventListener("click", () => setChatOpen(!S.chat.open));
    const saved = sessionStorage.getItem("pt_chat_open");
    setChatOpen(saved !== null ? saved === "1" : window.innerWidth >= 1500);
    renderChat();
  }

  /* ---------------------------------------------------------------- choosing with confirmation */
  /* No click is lost (issue 34, items 1 and 3): a step inside an action already begun (its game's
     ``instant``) goes at once; the choice of an action waits for the confirmation delay.  A choice
     made while the page waits for the server's answer is queued and made once the answer came (if
     it is still offered; else the page says so); a different choice during a countdown is refused
     with a message, and the countdown goes on. */
  function propose(option) {
    const m = S.msg;
    if (!m) return;
    const pend = m.view && m.view.pending;
    if (S.busy) { enqueue(option, pend); return; }
    if (S.pending) {
      if (S.pending.option.key !== option.key) { S.pending.refused = option.label; renderStatus(); }
      return;
    }
    const rules = PT.gameOf(m.view && m.view.game);
    const delay = rules.instant && rules.instant(pend, option) ? 0 : confirmDelay();
    if (!delay) { commit(option, m.seq); return; }
    S.pending = { option, seq: m.seq, deadline: Date.now() + delay * 1000, timer: null, refused: null };
    S.pending.timer = setInterval(tick, 100);
    renderStatus();
  }
  /** A choice made while the last one is on its way: made when the answer comes (same kind of decision). */
  function enqueue(option, pend) {
    const last = S.queued[S.queued.length - 1];
    if ((last && last.option.key === option.key) || (S.sent && S.sent.key === option.key && !S.queued.length)) return; // a double click
    S.queued.push({ option, kind: pend ? pend.kind : "" });
    renderStatus();
  }
  /** After a new state: the first queued choice, if this decision still offers it; else the page says it was not made. */
  function drainQueue() {
    if (!S.queued.length || S.busy || S.pending) return;
    const m = S.msg;
    const pend = m && m.view && m.view.pending;
    const mine = m ? myOptionKeys(m) : null;
    const q = S.queued.shift();
    const now = mine && mine.has(q.option.key) && pend.kind === q.kind ? pend.options.find((o) => o.key === q.option.key) : null;
    if (!now) {
      const dropped = [q].concat(S.queued).map((x) => `“${x.option.label}”`).join(", ");
      S.queued = [];
      PT.toast(`Not done: ${dropped} — no longer possible after your last choice.`);
      renderStatus();
      return;
    }
    propose(now);
  }
  function tick() {
    if (!S.pending) return;
    if (Date.now() >= S.pending.deadline) {
      const p = S.pending;
      cancelPending();
      commit(p.option, p.seq);
    } else {
      const cd = document.getElementById("countdown");
      if (cd) cd.textContent = Math.ceil((S.pending.deadline - Date.now()) / 1000) + "s";
    }
  }
  function cancelPending() {
    if (S.pending) clearInterval(S.pending.timer);
    S.pending = null;
    const bar = document.getElementById("confirm-bar");
    if (bar) bar.remove();
  }
  function commit(option, seq) {
    if (send({ type: "act", key: option.key, seq })) {
      S.busy = true;
      S.sent = option;
      renderStatus();
    }
  }
  /** Several options on one card or slot: a small menu; one option: propose it. */
  function choose(options, anchor) {
    closeMenu();
    if (options.length === 1) { propose(options[0]); return; }
    const menu = h("div", { class: "menu", id: "menu", role: "menu" },
      options.map((o) => h("button", { class: "opt", role: "menuitem", dataset: { key: o.key },
        onclick: (e) => { e.stopPropagation(); closeMenu(); propose(o); } }, o.label)),
      h("button", { class: "small", onclick: closeMenu }, "Cancel"));
    document.body.appendChild(menu);
    const r = anchor.getBoundingClientRect();
    const w = Math.min(360, window.innerWidth * 0.94);
    menu.style.left = Math.max(4, Math.min(r.left, window.innerWidth - w - 4)) + "px";
    menu.style.top = Math.min(r.bottom + 4, window.innerHeight - menu.offsetHeight - 4) + "px";
    setTimeout(() => document.addEventListener("click", closeMenuOutside, { once: true }), 0);
  }
  function closeMenuOutside(e) { if (!e.target.closest("#menu")) closeMenu(); }
  // (a menu closed by Escape or by a choice leaves no listener behind to close the next one at once)
  function closeMenu() { const m = document.getElementById("menu"); if (m) m.remove(); document.removeEventListener("click", closeMenuOutside); }
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    closeMenu(); cancelPending(); S.queued = []; renderStatus();
    if (S.roundShown !== null && document.getElementById("round-summary")) closeRoundSummary();
  });

  /* ---------------------------------------------------------------- rendering */
  function render() {
    const m = S.msg;
    if (!m) return;
    if (PT.hideTip) PT.hideTip(); // the element under the pointer is about to be replaced
    document.body.dataset.version = m.version;
    document.body.dataset.seq = m.seq;
    document.getElementById("table-name").textContent = m.table.name;
    const leave = document.getElementById("leave-btn");
    const seated = m.me.seat !== null && m.me.seat !== undefined;
    leave.classList.toggle("hidden", !(seated && (m.table.status === "open" || (m.table.status === "running" && !m.me.left))));
    if (m.table.status === "open" || !m.view) renderWaiting();
    else renderGame();
    renderPeople();
    renderChatInput();
  }

  function renderWaiting() {
    const m = S.msg;
    document.title = BASE_TITLE;
    document.getElementById("round").textContent = "waiting for players";
    const page = document.getElementById("page");
    const seated = m.me.seat !== null && m.me.seat !== undefined;
    const host = !!m.me.host;
    const link = `${location.origin}/t/${tableId}`;
    const seats = h("ul", { class: "seatlist", id: "seats" });
    for (const s of m.table.seats) {
      const who = s.kind === "human" ? s.name + (s.seat === m.me.seat ? " (you)" : "") :
        s.kind === "bot" ? s.name : "Open seat — waiting for a friend";
      const li = h("li", { dataset: { seat: s.seat, kind: s.kind } }, h("span", { class: "badge" }, `Seat ${s.seat + 1}`),
        s.kind === "human" ? PT.presenceDot(s.seat) : null, h("span", { class: "grow" }, who));
      if (host && s.kind !== "human") {
        const sel = h("select", { "aria-label": `Seat ${s.seat + 1}` },
          h("option", { value: "open" }, "Open seat (friend)"),
          seatBots(m.table.game).map((b) => h("option", { value: "bot:" + b.id }, "Bot: " + b.label)));
        sel.value = s.kind === "bot" ? "bot:" + s.bot : "open";
        sel.addEventListener("change", async () => {
          const v = sel.value;
          try {
            await PT.api(`/api/tables/${tableId}/seat`, v === "open" ? { seat: s.seat, kind: "open" } : { seat: s.seat, kind: "bot", bot: v.slice(4) });
          } catch (e) { PT.toast(e.message); }
        });
        li.appendChild(sel);
      }
      seats.appendChild(li);
    }
    const open = m.table.seats.filter((s) => s.kind === "open").length;
    const parts = [
      h("div", { class: "panel" }, h("h2", {}, m.table.name),
        h("p", { class: "muted" }, PT.gameOf(m.table.game).tableLine(m.table.options)),
        m.table.clock ? h("p", { class: "muted", id: "time-control" }, "Time control: " + clockLabel(m.table.clock)) : null,
        h("p", { class: "muted", id: "bot-pace" }, "Bots' pace: " + (PT.BOT_PACES[m.table.bot_pace] || PT.BOT_PACES.instant)),
        h("p", { class: "muted", id: "hints-rule" }, m.table.hints ? "Hints on request: on (taking a seat agrees to them; this table is not rated)."
          : "Hints on request: off."),
        seats),
      h("div", { class: "panel" }, h("h2", {}, "Invite friends"),
        h("p", { class: "muted" }, "Send this link. Whoever opens it can take an open seat."),
        h("div", { class: "invite" }, h("input", { type: "text", readonly: true, value: link, id: "invite-link", "aria-label": "Invite link" }),
          h("button", { onclick: () => { navigator.clipboard && navigator.clipboard.writeText(link); PT.toast("Link copied", "info"); } }, "Copy"))),
    ];
    if (reseatable()) parts.push(reseatBanner("panel row"));
    else if (!seated && open > 0 && !S.signedOut) parts.push(joinPanel());
    if (!seated && open === 0) parts.push(h("div", { class: "panel muted" }, "All seats are taken. You can watch once the game starts."));
    if (host) {
      const startBtn = h("button", { class: "primary", id: "start-btn" },
        open ? `Start game (${open} empty seat${open > 1 ? "s become bots" : " becomes a bot"})` : "Start game");
      startBtn.addEventListener("click", async () => {
        startBtn.disabled = true;
        try { await PT.api(`/api/tables/${tableId}/start`, { fill_bots: true }); } catch (e) { PT.toast(e.message); startBtn.disabled = false; }
      });
      parts.push(h("div", { class: "panel row" }, startBtn, h("span", { class: "muted" }, "You are the host.")));
    } else if (seated) {
      parts.push(h("div", { class: "panel muted" }, "Waiting for the host to start the game…"));
    }
    page.replaceChildren(h("div", { class: "waiting" }, parts));
  }

  /** The bots that can play this table's game. */
  function seatBots(game) {
    const g = ((S.me && S.me.games) || []).find((x) => x.id === game);
    return (g && g.bots) || (S.me && S.me.bots) || [];
  }

  /** Whether a seat here is yours (``/api/tables``) while this page's socket is a spectator's: its seat
      cookie was got in a session that has ended (you signed out, then in again). */
  function reseatable() {
    const you = (S.tableInfo && S.tableInfo.you) || {};
    const m = S.msg;
    return !S.signedOut && !!m && (m.me.seat === null || m.me.seat === undefined) && you.seat !== null && you.seat !== undefined;
  }
  function reseatBanner(cls) {
    return h("div", { class: cls, id: "reseat" }, "This seat is yours, but this browser took it in a session that has ended.",
      h("button", { class: "primary", id: "reseat-btn", onclick: async () => {
        try { await PT.api(`/api/tables/${tableId}/rejoin`, {}); await refreshInfo(); reconnect(); } catch (e) { PT.toast(e.message); }
      } }, "Take my seat here"));
  }

  function joinPanel() {
    const hasUser = S.me && S.me.user;
    const name = h("input", { type: "text", maxlength: "24", placeholder: "Your display name", id: "join-name", "aria-label": "Display name" });
    const btn = h("button", { class: "primary", id: "join-btn" }, "Take a seat");
    btn.addEventListener("click", async () => {
      btn.disabled = true;
      try {
        if (!hasUser) {
          await PT.api("/api/me", { name: name.value });
          S.me = await PT.api("/api/me");
        }
        await PT.api(`/api/tables/${tableId}/join`, {});
        await refreshInfo();
        reconnect();
      } catch (e) { PT.toast(e.message); btn.disabled = false; }
    });
    // an account's rated games: sign in (or up) in the lobby, which brings you back here
    const signIn = hasUser ? null : h("p", { class: "muted" }, "Or play with your account: ",
      h("a", { href: `/?next=${encodeURIComponent("/t/" + tableId)}`, id: "join-signin" }, "sign in or sign up"), " first.");
    return h("div", { class: "panel" }, h("h2", {}, "Join this table"),
      h("div", { class: "row" }, hasUser ? h("span", {}, `as ${S.me.user.name}`) : name, btn), signIn);
  }

  function reconnect() {
    const old = S.ws;
    S.ws = null;
    if (old) old.close();
    S.msg = null;
    connect();
  }

  async function refreshInfo() {
    try { S.tableInfo = await PT.api(`/api/tables/${tableId}`); } catch (e) { S.tableInfo = null; }
  }

  function renderGame() {
    const m = S.msg;
    const v = m.view;
    const mySeat = m.me.seat;
    const pend = v.pending;
    const myDecision = !!(pend && mySeat !== null && pend.player === mySeat && pend.options && !m.me.left);
    const rules = PT.gameOf(v.game);
    const gameTitle = rules.title;
    document.title = (myDecision ? "▶ Your turn · " : v.phase === "over" ? "Game over · " : "") + gameTitle;
    const brand = document.querySelector(".topbar .brand");
    if (brand && brand.textContent !== gameTitle) brand.textContent = gameTitle;
    document.body.dataset.myTurn = myDecision ? "1" : "0";
    document.body.dataset.phase = v.phase;
    document.body.dataset.kind = pend ? pend.kind : "";
    document.getElementById("round").textContent = v.phase === "over" ? "game over" : rules.roundLabel(v);
    const page = document.getElementById("page");
    let game = document.getElementById("game");
    if (!game) {
      page.replaceChildren(h("div", { class: "game", id: "game" }));
      game = document.getElementById("game");
    }
    const ctx = {
      mySeat, myDecision,
      index: rules.indexOptions(myDecision ? pend : null),
      unusable: (myDecision && pend.unusable) || {},
      choose: (opts, anchor) => choose(opts, anchor),
      tab: S.tab, setTab: (s) => { S.tab = s; render(); },
      scorePage: S.scorePage, setScorePage: (p) => { S.scorePage = p; render(); },
    };
    // a finished game shows its last round's summary (once: the reader may step back from it)
    if (v.phase === "over" && S.overShown !== m.table.id) {
      S.overShown = m.table.id;
      if ((v.round_summaries || []).length) S.roundShown = v.round_summaries.length - 1;
    }
    const status = h("div", { class: "full", id: "status-wrap" });
    // the round summary is a panel above the board, not a dialog: play goes on while it is open
    const roundPanel = S.roundShown !== null ? PT.roundSummaryPanel(v, S.roundShown, showRoundSummary, closeRoundSummary) : null;
    PT.keepLogScroll(() => game.replaceChildren(status, ...banners(), ...(roundPanel ? [roundPanel] : []), ...rules.parts(v, ctx)));
    PT.paintFeedback(game, S.lastMoves, freshArrivals());
    renderStatus(ctx);
    if (S.revealRound) { S.revealRound = false; revealRoundPanel(); }
    if (v.phase === "over" && S.summaryShownFor !== m.table.id && !S.summaryClosed) showSummary();
  }

  function banners() {
    const m = S.msg;
    const out = [];
    if (m.me.left && m.me.seat !== null) {
      out.push(h("div", { class: "banner full" }, "You left this game; the others may hand your seat to a bot.",
        h("button", { onclick: async () => {
          try { await PT.api(`/api/tables/${tableId}/rejoin`, {}); reconnect(); } catch (e) { PT.toast(e.message); }
        } }, "Come back")));
    }
    const you = (S.tableInfo && S.tableInfo.you) || {};
    const reclaim = !S.signedOut && m.table.status === "running" && (m.me.seat === null || m.me.seat === undefined) ? you.reclaim : null;
    if (reclaim !== null && reclaim !== undefined && m.table.seats[reclaim] && m.table.seats[reclaim].replaced) {
      const clock = m.table.clock;
      const why = clock && (clock.timed_out || []).includes(reclaim) ? "Your time ran out: a bot is playing your seat."
        : "A bot is playing your seat.";
      out.push(h("div", { class: "banner full", id: "reclaim" }, why,
        h("button", { class: "primary", id: "reclaim-btn", onclick: async () => {
          try { await PT.api(`/api/tables/${tableId}/rejoin`, {}); await refreshInfo(); reconnect(); } catch (e) { PT.toast(e.message); }
        } }, "Take my seat back")));
    } else if (reseatable()) {
      out.push(reseatBanner("banner full"));
    } else if (!S.signedOut && (m.me.seat === null || m.me.seat === undefined)) {
      const lost = m.table.status === "running" && you.played_by_bot !== null && you.played_by_bot !== undefined;
      out.push(h("div", { class: "banner full", id: "spectating" }, lost
        ? "Your time ran out and at this table that ends the game for you: a bot plays your seat to the end and you are ranked last."
        : "You are watching this game."));
    }
    const forfeited = ((m.table.clock && m.table.clock.forfeited) || []).map((p) => (m.table.seats[p] || {}).name || `Seat ${p + 1}`);
    if (forfeited.length) {
      out.push(h("div", { class: "banner full", id: "forfeits" },
        `${forfeited.join(", ")} ran out of time: ${forfeited.length > 1 ? "they are" : "ranked"} last${forfeited.length > 1 ? " (in score order)" : ""}, whatever the score.`));
    }
    const repl = replaceable();
    if (m.me.seat !== null && !m.me.left) {
      for (const target of repl) {
        if (target === m.me.seat) continue;
        const s = m.table.seats[target];
        const voted = (m.me.votes || []).includes(target);
        const n = (m.table.votes[String(target)] || []).length;
        out.push(h("div", { class: "banner full", dataset: { vote: target } },
          `${s.name} ${s.left ? "has left" : "has not played for a while"}. Replace them with a bot? (${n} agreed)`,
          voted ? h("span", { class: "muted" }, "You agreed; waiting for the others.") :
            h("button", { onclick: () => send({ type: "vote", target }) }, "Agree: replace with a bot")));
      }
    }
    return out;
  }

  /** Seats the others may hand to a bot: gone, or idle on their turn (the server checks again). */
  function replaceable() {
    const m = S.msg;
    const out = new Set(m.table.replaceable || []);
    const v = m.view;
    if (m.table.status === "running" && v && v.current !== null && v.current !== undefined && m.table.idle_after) {
      const now = Date.now() / 1000 + (S.clockOffset || 0);
      for (const seat of (v.pending && v.pending.players) || [v.current]) {
        const s = m.table.seats[seat];
        if (s && s.kind === "human" && now - m.table.acted > m.table.idle_after) out.add(seat);
      }
    }
    return Array.from(out).sort();
  }

  function renderStatus(ctxIn) {
    const m = S.msg;
    const wrap = document.getElementById("status-wrap");
    if (!m || !m.view || !wrap) return;
    const v = m.view;
    const pend = v.pending;
    const mySeat = m.me.seat;
    const myDecision = !!(pend && mySeat !== null && pend.player === mySeat && pend.options && !m.me.left);
    const ctx = ctxIn || { index: PT.gameOf(v.game).indexOptions(myDecision ? pend : null) };
    const bar = h("div", { class: "statusbar" + (myDecision ? " myturn" : ""), id: "statusbar", role: "region", "aria-label": "Status and choices" });
    let prompt;
    if (v.phase === "over") prompt = "The game is over.";
    else if (!pend) prompt = "…";
    else if (myDecision) prompt = pend.prompt;
    else {
      // the prompt names its player ("Hana: choose an action."): say the name once
      const who = PT.nameOf(v, pend.player);
      const text = pend.prompt.startsWith(who + ": ") ? pend.prompt.slice(who.length + 2) : pend.prompt;
      // a simultaneous decision: everyone still to answer, in any order
      const names = (pend.players || [pend.player]).map((s) => PT.nameOf(v, s));
      const all = names.length > 1 ? names.slice(0, -1).join(", ") + " and " + names[names.length - 1] : who;
      prompt = `Waiting for ${all}: ${text}`;
    }
    bar.appendChild(h("div", { class: "row" },
      myDecision ? h("span", { class: "badge turn" }, "Your turn") : null,
      h("div", { class: "prompt", id: "status-prompt", style: "flex:1" }, prompt),
      (v.round_summaries || []).length ? h("button", { class: "small", id: "round-summary-btn",
        onclick: () => showRoundSummary((v.round_summaries || []).length - 1) }, "Round summary") : null,
      PT.advice.hintButton(m, myDecision, send),
      m.me.can_undo ? h("button", { class: "small", id: "undo-btn", onclick: () => { cancelPending(); S.queued = []; send({ type: "undo", seq: m.seq }); } }, "↶ Undo") : null,
      v.phase === "over" ? h("button", { class: "small", onclick: () => { S.summaryClosed = false; showSummary(); } }, "Final scores") : null));
    const clocks = clockStrip(m);
    if (clocks) bar.appendChild(clocks);
    if (S.pending) {
      bar.appendChild(h("div", { class: "confirm-bar", id: "confirm-bar", role: "alert" },
        h("span", { class: "what" }, S.pending.option.label),
        h("span", { class: "countdown", id: "countdown" }, Math.ceil((S.pending.deadline - Date.now()) / 1000) + "s"),
        h("button", { class: "primary small", id: "confirm-now", onclick: () => { const p = S.pending; cancelPending(); commit(p.option, p.seq); } }, "Confirm"),
        h("button", { class: "small", id: "confirm-cancel", onclick: () => { cancelPending(); renderStatus(); } }, "Cancel"),
        h("button", { class: "link small", id: "confirm-faster", "data-tip": "The wait before an action is sent is a preference: shorten it or turn it off.",
          onclick: showPrefs }, "Faster? Change the delay"),
        S.pending.refused ? h("div", { class: "refused", id: "confirm-refused" },
          `Not taken: “${S.pending.refused}”. Confirm or cancel “${S.pending.option.label}” first.`) : null));
    }
    if (S.queued.length) {
      bar.appendChild(h("div", { class: "queued muted", id: "queued", role: "status" },
        "Next: " + S.queued.map((x) => x.option.label).join(", then ")));
    }
    if (myDecision) bar.appendChild(choicesStrip(v, pend, ctx));
    const hinted = myDecision && PT.advice.hintPanel(m);
    if (hinted) bar.appendChild(hinted);
    if (S.busy) bar.appendChild(h("div", { class: "muted" }, "sending…"));
    document.body.dataset.busy = S.busy ? "1" : "0";
    wrap.replaceChildren(bar);
  }

  /* ---------------------------------------------------------------- clocks */
  /** Whether a person's seat is played by a bot while this page only watches (it may be yours). */
  function seatTakenByBot(m) {
    return m.table.status === "running" && (m.me.seat === null || m.me.seat === undefined) && m.table.seats.some((s) => s.replaced);
  }

  /** Seconds left on ``seat``'s clock now (the server's time: the running clocks count down from ``since``). */
  function clockLeft(c, seat) {
    const left = c.remaining[seat];
    if (!(c.running || []).includes(seat)) return left;
    const now = Date.now() / 1000 + (S.clockOffset || 0);
    return Math.max(0, left - PT.clockSpent(c, seat, c.since, now));
  }
  /** Whether ``seat``'s player is on holiday now (a turn-based clock then stands still). */
  function onHoliday(c, seat) {
    const now = Date.now() / 1000 + (S.clockOffset || 0);
    return c.mode === "turn" && ((c.holidays || {})[String(seat)] || []).some(([a, b]) => a <= now && now < b);
  }
  function clockText(sec) {
    sec = Math.max(0, Math.ceil(sec));
    const d = Math.floor(sec / 86400), hh = Math.floor(sec % 86400 / 3600), mm = Math.floor(sec % 3600 / 60), ss = sec % 60;
    if (d) return `${d}d ${hh}h`;
    if (hh) return `${hh}h ${String(mm).padStart(2, "0")}m`;
    return `${mm}:${String(ss).padStart(2, "0")}`;
  }
  function clockLabel(c) {
    const policy = c.policy === "end" ? "out of time: the game ends for that player (ranked last)" : "out of time: a bot takes the seat";
    const more = (c.more_time || []).length ? `; ${c.more_factor} × the time for seat${c.more_time.length > 1 ? "s" : ""} ${c.more_time.map((s) => s + 1).join(", ")}` : "";
    if (c.mode === "turn" && c.bank) return `Turn-based: ${PT.days(c.per_move)} to start, + ${PT.days(c.bank)} per move (time bank), up to ${PT.days(c.bank_cap)}; ${policy}${more}`;
    if (c.mode === "turn") return `Turn-based: ${clockText(c.per_move)} per move; ${policy}${more}`;
    return `Real time: ${clockText(c.initial)} each` + (c.increment ? ` + ${c.increment}s per move` : "") + `; ${policy}${more}`;
  }
  /** One clock per person's seat (a bot has none); the running ones count down. */
  function clockStrip(m) {
    const c = m.table.clock;
    if (!c || !c.remaining || m.table.status === "open") return null;
    const items = [];
    for (const s of m.table.seats) {
      const mine = s.seat === m.me.seat;
      const running = (c.running || []).includes(s.seat) && m.table.status === "running";
      const out = (c.timed_out || []).includes(s.seat) || (c.forfeited || []).includes(s.seat);
      if (s.kind !== "human" && !s.replaced) continue;
      items.push(h("span", { class: "clock" + (running ? " running" : "") + (mine ? " mine" : "") + (out ? " out" : ""),
        dataset: { cseat: s.seat, running: running ? "1" : "0" }, role: "timer" },
      h("span", { class: `seat-${s.seat}` }, (s.name || `Seat ${s.seat + 1}`) + (mine ? " (you)" : "")), " ",
      h("b", { class: "clock-time" }, s.kind === "bot" ? "bot" : clockText(clockLeft(c, s.seat))),
      onHoliday(c, s.seat) ? h("span", { class: "badge holiday", dataset: { testid: "on-holiday" } }, "on holiday") : ""));
    }
    if (!items.length) return null;
    return h("div", { class: "clocks row", id: "clocks", role: "group", "aria-label": clockLabel(c), "data-tip": clockLabel(c) }, h("span", { class: "muted" }, "Clocks"), ...items);
  }
  /** Count the running clocks down in place (four times a second; nothing else is redrawn). */
  function tickClocks() {
    const m = S.msg;
    const c = m && m.table.clock;
    if (!c || !c.remaining) return;
    document.querySelectorAll('#clocks .clock[data-running="1"]').forEach((el) => {
      const left = clockLeft(c, Number(el.dataset.cseat));
      const t = el.querySelector(".clock-time");
      const text = clockText(left);
      if (t.textContent !== text) t.textContent = text;
      el.classList.toggle("low", left < 10 || (c.mode === "turn" && left < 3600));
    });
  }

  function optButton(o) {
    const cls = "opt" + (o.key.startsWith("pass") ? " pass" : "");
    // (not disabled while a choice is on its way: a click then is queued, never lost)
    return h("button", { class: cls, dataset: { key: o.key }, onclick: () => propose(o) }, o.label);
  }

  function choicesStrip(v, pend, ctx) {
    const strip = h("div", { class: "choices", id: "choices" });
    const ui = {
      strip, me: S.msg.me, selectedPilot: S.selectedPilot, busy: S.busy,
      optButton, allOptions, propose, choose, refresh: () => renderStatus(),
    };
    return PT.gameOf(v.game).choices(v, pend, ctx, ui);
  }

  function allOptions(opts, label) {
    return h("details", { class: "allopts" }, h("summary", {}, label),
      h("div", { class: "group", style: "margin-top:6px" }, opts.map(optButton)));
  }

  function showSummary() {
    const m = S.msg;
    const ov = document.getElementById("overlay");
    const extra = h("div", { class: "row", style: "margin-top:10px" },
      h("a", { class: "btn", href: `/replay/${tableId}` }, "Step through the replay"),
      h("a", { class: "btn", id: "review-link", href: `/replay/${tableId}?review=${m.me.seat === null || m.me.seat === undefined ? 0 : m.me.seat}`,
        "data-tip": "Your decisions judged by the bots' evaluation, ranked by the points they lost" }, "Review"),
      h("a", { class: "btn", href: `/api/tables/${tableId}/record`, download: `primetime-${tableId}.json` }, "Download record"),
      h("a", { class: "btn", href: "/" }, "Lobby"),
      h("button", { id: "summary-close", onclick: () => { ov.classList.add("hidden"); S.summaryClosed = true; } }, "Close"));
    const dlg = PT.gameOf(m.view.game).summary(m.view, extra);
    if (!dlg) return;
    const lastRound = PT.finalRoundSummary(m.view);
    if (lastRound) extra.before(lastRound);
    // a rated game (every seat an account): how it moved each player's rating
    PT.api(`/api/tables/${tableId}/ratings`).then((r) => {
      if (!r.rated) return;
      extra.before(h("p", { id: "rating-changes" }, "Rated game: ", r.seats.map((s, i) => {
        const d = s.after - s.before;
        return [i ? ", " : "", h("a", { href: `/u/${encodeURIComponent(s.user)}` }, s.name), ` ${s.before} → ${s.after} (${d >= 0 ? "+" : ""}${d})`,
          s.left ? " (left the game: ranked last)" : "", s.provisional ? " provisional" : ""];
      }).flat(), r.weight !== null && r.weight < 1 ? ` — changes scaled to ${Math.round(100 * r.weight)}%: ${r.reason}.` : ""));
    }).catch(() => {});
    ov.replaceChildren(dlg);
    ov.classList.remove("hidden");
    S.summaryShownFor = m.table.id;
  }

  /** The round summary of ``idx`` (dismissed with Close or Escape; reopened with the status bar's button). */
  function showRoundSummary(idx) {
    S.roundShown = idx;
    render();
    revealRoundPanel();
  }
  /** Bring the round summary into view: it lies just below the status bar (sticky on a wide screen,
      whose height changes with the choices), so the top of the page shows it whole. */
  function revealRoundPanel() {
    const panel = document.getElementById("round-summary");
    if (!panel) return;
    const bar = document.getElementById("statusbar");
    const below = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
    const top = panel.getBoundingClientRect().top;
    if (top < below || top > window.innerHeight - 60) window.scrollTo(0, 0);
  }

  function closeRoundSummary() {
    S.roundShown = null;
    render();
  }

  function showMissing() {
    document.getElementById("page").replaceChildren(h("div", { class: "waiting" },
      h("div", { class: "panel" }, h("h2", {}, "No such table"), h("a", { href: "/" }, "Back to the lobby"))));
  }

  /* ---------------------------------------------------------------- preferences and leaving */
  function showPrefs() {
    const ov = document.getElementById("overlay");
    const sel = h("select", { id: "pref-delay", "aria-label": "Action confirmation delay" },
      [[0, "Off (act at once)"], [1, "1 second"], [2, "2 seconds"], [3, "3 seconds"], [5, "5 seconds"]].map(([v, l]) => h("option", { value: v }, l)));
    sel.value = String(confirmDelay());
    const sound = h("input", { type: "checkbox", id: "pref-sound", checked: soundOn() || undefined });
    const aids = h("input", { type: "checkbox", id: "pref-colour-aids", checked: PT.colourAids() || undefined });
    const save = h("button", { class: "primary", id: "pref-save" }, "Save");
    save.addEventListener("click", async () => {
      const d = Number(sel.value);
      PT.setColourAids(aids.checked);
      if (sound.checked !== soundOn()) await setSound(sound.checked);
      localStorage.setItem("pt_confirm_delay", String(d));
      if (S.me && S.me.user) {
        try {
          const r = await PT.api("/api/me/prefs", { confirm_delay: d });
          S.me.user.prefs = r.prefs;
        } catch (e) { PT.toast(e.message); }
      }
      ov.classList.add("hidden");
    });
    ov.replaceChildren(h("div", { class: "dialog", role: "dialog", "aria-label": "Preferences" },
      h("h2", {}, "Preferences"),
      h("div", { class: "field" }, h("label", { for: "pref-delay" }, "Action confirmation delay"), sel,
        h("div", { class: "muted" }, "After you choose, the action waits this long so you can cancel it.")),
      h("div", { class: "field" }, h("label", { for: "pref-sound" }, sound, " A short sound when it becomes your turn"),
        h("div", { class: "muted" }, "The ♪ button in the top bar mutes it too. The page title always says “Your turn”.")),
      h("div", { class: "field" }, h("label", { for: "pref-colour-aids" }, aids, " Colour-blind aids"),
        h("div", { class: "muted" }, "Letters on Prime Time's cubes and spaces (P pink, O orange, Y yellow, B blue, G green, W black), " +
          "a pattern on each genre's card edge, and each player's seat number on their colour.")),
      notifyField(),
      window.PTNotify ? window.PTNotify.fields(tableId) : "",
      window.PTHolidays && S.me && S.me.user && S.me.user.account ? window.PTHolidays.fields() : "",
      h("div", { class: "row" }, save, h("button", { onclick: () => ov.classList.add("hidden") }, "Close"))));
    ov.classList.remove("hidden");
  }

  /** Browser notifications on your turn (while this page is not in front), if the browser allows them. */
  function notifyField() {
    const note = h("div", { class: "muted", id: "pref-notify-state" });
    const field = h("div", { class: "field" }, h("label", {}, "Browser notifications on your turn"), note);
    const paint = () => {
      if (!("Notification" in window)) { note.textContent = "This browser has no notifications."; return; }
      const p = window.Notification.permission;
      note.textContent = p === "granted" ? "On: you are notified while this page is in the background." :
        p === "denied" ? "Blocked in the browser's site settings; allow them there to be notified." : "Off.";
      if (p === "default" && !field.querySelector("button")) {
        field.appendChild(h("button", { class: "small", id: "pref-notify", onclick: async (e) => {
          try { await window.Notification.requestPermission(); } catch (err) { /* refused */ }
          e.target.remove();
          paint();
        } }, "Allow notifications"));
      }
    };
    paint();
    return field;
  }

  function showHelp() {
    const ov = document.getElementById("overlay");
    const m = S.msg;
    const game = (m && m.view && m.view.game) || (m && m.table && m.table.game) || (S.tableInfo && S.tableInfo.game);
    const view = (m && m.view) || { options: (m && m.table && m.table.options) || {} };
    ov.replaceChildren(h("div", { class: "dialog", role: "dialog", "aria-label": "How to play", id: "help", dataset: { game: game || "networks" } },
      ...PT.gameOf(game).help(view), learnHelp(game || "networks"),
      h("button", { onclick: () => ov.classList.add("hidden") }, "Close")));
    ov.classList.remove("hidden");
  }

  /** The Help's pointer to Learn to play (issue 35): this game's tutorials, and `primetime learn` at a terminal. */
  function learnHelp(game) {
    const links = h("span", { id: "help-learn-links" });
    PT.api("/api/learn").then((r) => links.replaceChildren(...r.tutorials.filter((t) => t.game === game)
      .map((t, i) => [i ? " · " : "", h("a", { href: `/learn/${t.name}` }, t.title), " (at a terminal: ",
        h("code", {}, `primetime learn ${t.name}`), ")"]).flat())).catch(() => {});
    return h("div", { id: "help-learn" }, h("h2", {}, "Learn to play"),
      h("p", {}, "New to the game? A scripted first game shows you what to look at and asks for one move at a time " +
        "(the lobby's Learn to play, or primetime learn at a terminal): ", links, "."));
  }

  async function leaveTable() {
    const running = S.msg && S.msg.table.status === "running";
    const q = running ? "Leave this game? The other players can then hand your seat to a bot." : "Leave this table?";
    if (!window.confirm(q)) return;
    try {
      await PT.api(`/api/tables/${tableId}/leave`, {});
      if (!running) location.href = "/";
      else reconnect();
    } catch (e) { PT.toast(e.message); }
  }

  /* ---------------------------------------------------------------- start */
  async function main() {
    document.getElementById("prefs-btn").addEventListener("click", showPrefs);
    document.getElementById("sound-btn").addEventListener("click", () => setSound(!soundOn()));
    document.getElementById("help-btn").addEventListener("click", showHelp);
    document.getElementById("leave-btn").addEventListener("click", leaveTable);
    document.getElementById("overlay").addEventListener("click", (e) => {
      if (e.target.id !== "overlay") return;
      if (document.getElementById("summary")) S.summaryClosed = true;
      e.target.classList.add("hidden");
    });
    try {
      [S.me] = await Promise.all([PT.api("/api/me"), PT.loadCatalogue(), refreshInfo()]);
    } catch (e) {
      PT.toast(e.message);
    }
    paintSoundBtn();
    buildChat();
    connect();
    document.addEventListener("visibilitychange", () => {
      tellPresence();
      if (document.visibilityState === "visible" && S.chat.open && S.chat.unread) { S.chat.unread = 0; renderChat(); }
    });
    for (const ev of ["pointerdown", "keydown", "scroll", "touchstart"]) document.addEventListener(ev, noteInput, { passive: true, capture: true });
    setInterval(tellPresence, 30000); // idle for long enough: away
    setInterval(tickClocks, 250);
    // an idle player becomes replaceable with time alone: look again now and then
    setInterval(() => {
      if (!S.msg || S.msg.table.status !== "running") return;
      const key = replaceable().join(",");
      if (S.replKey !== null && key !== S.replKey) render();
      S.replKey = key;
    }, 5000);
  }
  document.addEventListener("DOMContentLoaded", main);
})();
