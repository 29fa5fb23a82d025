/* The lobby: display name or account, new table, your games, open tables, games to watch, finished games, import. */
"use strict";

(function () {
  const PT = window.PT;
  const h = PT.h;
  let ME = null;
  const LOBBY_TITLE = document.title;

  async function main() {
    try {
      ME = await PT.api("/api/me");
    } catch (e) {
      PT.toast(e.message);
      return;
    }
    render();
  }

  function render() {
    const root = document.getElementById("lobby");
    drawWho();
    if (!ME.user) {
      root.replaceChildren(namePanel(), learnPanel(), accountPanel(), intro(), boardsPanel());
      return;
    }
    // (a null child would be drawn as the text "null")
    root.replaceChildren(newTablePanel(), learnPanel(), listsPanel(), boardsPanel(), importPanel(), renamePanel(),
      ...(ME.user.account ? [notifyPanel()] : [accountPanel(true)]),
      h("details", { class: "panel", id: "how-it-works" }, h("summary", {}, "How it works"), howItWorks()));
    loadLists();
  }

  async function reload() {
    ME = await PT.api("/api/me");
    // back to the table whose invitation sent you here to sign in (a table address only)
    const next = new URLSearchParams(location.search).get("next") || "";
    if (ME.user && /^\/t\/[A-Za-z0-9_-]{4,32}$/.test(next)) { location.href = next; return; }
    render();
  }

  /* The top bar: who is playing, their profile, and sign-out for an account. */
  function drawWho() {
    const who = document.getElementById("who");
    if (!ME.user) { who.replaceChildren(); return; }
    const out = h("button", { id: "signout-btn", type: "button" }, "Sign out");
    // every session of the account ends (other browsers too): their open tables say so at once
    const all = h("button", { id: "signout-all-btn", type: "button", title: "Sign out on every browser and device" }, "Sign out everywhere");
    const signOut = (everywhere) => async () => {
      try { await PT.api("/api/signout", { everywhere }); await reload(); } catch (e) { PT.toast(e.message); }
    };
    out.addEventListener("click", signOut(false));
    all.addEventListener("click", signOut(true));
    who.replaceChildren(`Playing as ${ME.user.name}` + (ME.user.account ? "" : " (guest)"), " · ",
      h("a", { href: `/u/${ME.user.id}`, id: "profile-link" }, "Your profile"), ...(ME.user.account ? [" · ", out, " ", all] : []));
  }

  /* Sign up (a name and a password: rated games, your profile on any browser) or sign in.
     A guest who signs up keeps their games. */
  function accountPanel(upgrade) {
    const name = h("input", { type: "text", id: "acct-name", maxlength: "24", autocomplete: "username",
      "aria-label": "Account name", placeholder: "Name", value: upgrade && ME.user ? ME.user.name : "" });
    const pass = h("input", { type: "password", id: "acct-pass", autocomplete: "current-password",
      "aria-label": "Password", placeholder: "Password (8+ characters, hard to guess)" });
    const up = h("button", { class: "primary", id: "signup-btn", type: "button" }, "Sign up");
    const inb = h("button", { id: "signin-btn", type: "button" }, "Sign in");
    // the server's reason for a refusal (a weak password, a wait after failed sign-ins) stays under the form
    const note = h("p", { class: "muted", id: "acct-note", role: "alert" });
    const send = (path) => async () => {
      try {
        await PT.api(path, { name: name.value, password: pass.value });
        await reload();
      } catch (err) {
        // said under the form only (a toast at the window's bottom covered the password field and Sign up)
        note.textContent = err.message;
        note.scrollIntoView({ block: "nearest" });
      }
    };
    up.addEventListener("click", send("/api/signup"));
    inb.addEventListener("click", send("/api/signin"));
    const form = h("form", { class: "row" }, name, pass, up, inb);
    form.addEventListener("submit", (e) => { e.preventDefault(); send("/api/signin")(); });
    const text = upgrade ? "Sign up to keep this name and your games on any browser and to have your games between accounts rated " +
      "(choose a password), or sign in to an account you have (this guest name is then left behind)."
      : "With an account your games against other accounts are rated (the whole finishing order counts) and your profile follows you to any browser.";
    return h(upgrade ? "details" : "div", { class: "panel", id: "account-panel" },
      upgrade ? h("summary", {}, "Create an account") : h("h2", {}, "Or sign up / sign in"),
      h("p", { class: "muted" }, text), form, upgrade ? "" : forgotButton(name, note), note);
  }

  /** Preferences of an account: how it is told of its turns (web/notify.js), and its holidays (web/holidays.js). */
  function notifyPanel() {
    return h("details", { class: "panel", id: "notify-panel" }, h("summary", {}, "Preferences: your turns by e-mail or notification, holidays"),
      window.PTNotify ? window.PTNotify.fields(null) : "", window.PTHolidays ? window.PTHolidays.fields() : "");
  }

  /** A link to choose a new password, sent to the account's confirmed e-mail address. */
  function forgotButton(name, note) {
    const b = h("button", { type: "button", id: "forgot-btn", class: "small" }, "Forgot your password?");
    b.addEventListener("click", async () => {
      if (!name.value.trim()) { note.textContent = "Write your account name first, then ask again."; return; }
      try { note.textContent = (await PT.api("/api/password-reset", { name: name.value.trim() })).message; } catch (e) { note.textContent = e.message; }
    });
    return b;
  }

  function boardsPanel() {
    const games = ME.games || [];
    return h("section", { class: "panel", id: "boards" }, h("h2", {}, "Leaderboards"),
      h("div", { class: "row" }, games.map((g) => h("a", { class: "btn", href: `/leaderboard/${g.id}`, dataset: { board: g.id } }, g.label))));
  }

  /** "How it works": both games in a few lines, and how a table plays in the browser. */
  function howItWorks() {
    return [
      h("p", {}, h("b", {}, "The Networks: "), "run a TV network for four rounds (1–5 players). Take turns signing stars, landing ads, " +
        "taking network cards and producing shows into your Daytime, Primetime and Late Night slots; pass for cash or viewers. " +
        "At each round's end you pay upkeep and score your lineup's viewers. Most viewers after round 4 wins."),
      h("p", {}, h("b", {}, "Prime Time: "), "six rounds, two seasons (2–4 players). Place tokens to bid for shows and talents or " +
        "use R&D, the Archives, Golf, PR and HR; schedule a show per weekday on your TV Guide; win demographic cubes in the " +
        "Ratings War; earn $2 per cube, clients and Awards. Most VP after round 6 wins."),
      h("p", { class: "muted" }, "Choose a name, create a table, fill the seats with friends (send them the link) or bots, and start. " +
        "On your turn the page title says so and a short sound plays (mute it with ♪ in the top bar); highlighted cards and spaces are what you " +
        "can do, and a ring in a player's colour marks their last move. Each round ends with a summary you can reopen. " +
        "Hover over — or long-press — any card to read it; ? Help explains every symbol."),
      h("p", { class: "muted", dataset: { testid: "terminal-play" } }, "Prefer a terminal? ", h("code", {}, "primetime play networks --players 3 --bots 2"),
        " plays the same games against bots (activate the project's .venv first, or call it as ", h("code", {}, ".venv/bin/primetime"),
        "); there u takes back your last move, as Undo does here."),
    ];
  }

  /** Learn to play (issue 35): a scripted first game of each game, no name needed; the same steps as `primetime learn`. */
  function learnPanel() {
    const list = h("ul", { class: "learn-list" });
    PT.api("/api/learn").then((r) => list.replaceChildren(...r.tutorials.map((t) => h("li", {},
      h("a", { class: "btn", href: `/learn/${t.name}`, id: `learn-${t.name}` }, t.title), " ",
      h("span", { class: "muted" }, t.summary, " At a terminal: ", h("code", {}, `primetime learn ${t.name}`), "."))))).catch(() => {});
    return h("section", { class: "panel", id: "learn" }, h("h2", {}, "Learn to play"),
      h("p", { class: "muted" }, "A short scripted game that shows you what to look at and asks for one move at a time " +
        "(no name needed); the same steps run at a terminal with primetime learn."), list);
  }

  function intro() {
    return h("div", { class: "panel", id: "how-it-works" }, h("h2", {}, "How it works"), howItWorks());
  }

  function namePanel() {
    const input = h("input", { type: "text", id: "name", maxlength: "24", placeholder: "e.g. Ana", autocomplete: "nickname", "aria-label": "Display name" });
    const btn = h("button", { class: "primary", id: "name-btn", type: "submit" }, "Continue");
    const form = h("form", { class: "row" }, input, btn);
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      try {
        await PT.api("/api/me", { name: input.value });
        await reload();
      } catch (err) { PT.toast(err.message); }
    });
    setTimeout(() => input.focus(), 0);
    return h("div", { class: "panel" }, h("h2", {}, "Welcome! Pick a display name"),
      h("p", { class: "muted" }, "Play as a guest: no password, this browser remembers you (guests' games are not rated)."), form);
  }

  function renamePanel() {
    const input = h("input", { type: "text", maxlength: "24", value: ME.user.name, "aria-label": "Display name" });
    return h("details", { class: "panel" }, h("summary", {}, "Change your display name"),
      h("div", { class: "row", style: "margin-top:8px" }, input,
        h("button", { onclick: async () => {
          try { await PT.api("/api/me", { name: input.value }); ME = await PT.api("/api/me"); render(); } catch (e) { PT.toast(e.message); }
        } }, "Save")));
  }

  function newTablePanel() {
    const games = ME.games || [{ id: "networks", label: "The Networks", min_players: 1, max_players: 5, bots: ME.bots }];
    const game = h("select", { id: "game", "aria-label": "Game" }, games.map((g) => h("option", { value: g.id }, g.label)));
    const players = h("select", { id: "players", "aria-label": "Number of players" });
    const seatsBox = h("div", { class: "seat-specs", id: "seat-specs" });
    const pilot = h("select", { id: "opt-pilot", "aria-label": "Pilot setup" }, ME.options.pilot.map((o) => h("option", { value: o.id }, o.label)));
    const order = h("select", { id: "opt-order", "aria-label": "Turn order" }, ME.options.turn_order.map((o) => h("option", { value: o.id }, o.label)));
    // The expansion modules: every option the schema marks "module" (NET-OPT-03), a box each, any mix.
    const modules = Object.entries(ME.options).filter(([, spec]) => spec && spec.module)
      .map(([id, spec]) => ({ id, spec, box: h("input", { type: "checkbox", id: "opt-" + id.replace(/_/g, "-") }) }));
    const bonds = h("input", { type: "checkbox", id: "opt-bonds" });
    const simul = h("input", { type: "checkbox", id: "opt-simultaneous" });
    const ptOpts = (games.find((g) => g.id === "prime-time") || {}).options || {};
    const netFields = h("div", { id: "networks-options" },
      h("div", { class: "field" }, h("label", { for: "opt-pilot" }, "Pilot setup"), pilot),
      h("div", { class: "field" }, h("label", { for: "opt-order" }, "Turn order"), order),
      ...modules.map((m) => h("div", { class: "field" }, h("label", { for: m.box.id }, m.box, " ", m.spec.label || m.id))));
    const ptFields = h("div", { id: "prime-time-options", class: "hidden" },
      h("div", { class: "field" }, h("label", { for: "opt-bonds" }, bonds, " ", (ptOpts.bonds || {}).label || "Issuing Bonds")),
      h("div", { class: "field" }, h("label", { for: "opt-simultaneous" }, simul, " ", (ptOpts.simultaneous || {}).label || "Simultaneous Scheduling")));
    const specChat = h("input", { type: "checkbox", id: "opt-spectator-chat", checked: true });
    const hintsBox = h("input", { type: "checkbox", id: "opt-hints" }); // issue 35: hints on request, never in a rated game
    // how fast the bots move: at once by default; a pause before each of their moves to follow them
    const botPace = h("select", { id: "opt-bot-pace", "aria-label": "Bots' pace" },
      Object.entries(PT.BOT_PACES).map(([id, label]) => h("option", { value: id }, label)));
    // time control: none (the default), a chess clock per player, or days per move
    const tcMode = h("select", { id: "tc-mode", "aria-label": "Time control" },
      h("option", { value: "none" }, "None (take your time)"),
      h("option", { value: "realtime" }, "Real time (a clock per player)"),
      h("option", { value: "turn" }, "Turn-based (days per move)"));
    const tcMinutes = h("input", { type: "number", id: "tc-minutes", min: "0.1", max: "360", step: "any", value: "10", "aria-label": "Minutes per player" });
    const tcIncrement = h("input", { type: "number", id: "tc-increment", min: "0", max: "600", step: "1", value: "5", "aria-label": "Seconds added per move" });
    const tcDays = h("input", { type: "number", id: "tc-days", min: "0.01", max: "30", step: "any", value: "2", "aria-label": "Days per move" });
    const tcPolicy = h("select", { id: "tc-policy", "aria-label": "When a clock runs out" },
      h("option", { value: "bot" }, "A bot takes the seat (the player may take it back)"),
      h("option", { value: "end" }, "The game ends for that player (a bot plays on; ranked last)"));
    const tcReal = h("div", { class: "row hidden", id: "tc-realtime" },
      h("label", { for: "tc-minutes" }, "Minutes each"), tcMinutes, h("label", { for: "tc-increment" }, "+ seconds per move"), tcIncrement);
    // a time bank (turn-based): days added to a player's time each turn they end, up to a cap (0: none, every move gets its days)
    const tcBank = h("input", { type: "number", id: "tc-bank-days", min: "0", max: "30", step: "any", value: "0", "aria-label": "Time bank: days added per move" });
    const tcCap = h("input", { type: "number", id: "tc-bank-cap", min: "0.01", max: "60", step: "any", value: "7", "aria-label": "Time bank: the most days it holds" });
    const tcTurn = h("div", { class: "row hidden", id: "tc-turn" }, h("label", { for: "tc-days" }, "Days per move"), tcDays,
      h("label", { for: "tc-bank-days" }, "Time bank: + days per move (0: none)"), tcBank, h("label", { for: "tc-bank-cap" }, "up to (days)"), tcCap);
    const bank = () => Number(tcBank.value) > 0 ? { bank_days: Number(tcBank.value), bank_cap: Number(tcCap.value) } : {};
    const tcOut = h("div", { class: "row hidden", id: "tc-out" }, h("label", { for: "tc-policy" }, "Out of time"), tcPolicy);
    // more time for the players who need it (issue 34): the seats ticked get the factor chosen
    const tcFactor = h("select", { id: "tc-more-factor" }, [[1.5, "1.5 ×"], [2, "2 ×"], [3, "3 ×"], [4, "4 ×"]].map(([v, l]) => h("option", { value: v }, l)));
    tcFactor.value = "2";
    const tcSeats = h("span", { class: "row", id: "tc-more-seats" });
    const tcMore = h("fieldset", { class: "row hidden tc-more", id: "tc-more" }, h("legend", {}, "More time for players who need it"),
      tcSeats, h("label", { for: "tc-more-factor" }, "Their time"), tcFactor);
    const drawMoreSeats = (n) => tcSeats.replaceChildren(...Array.from({ length: n }, (_, i) => h("label", { for: `tc-more-${i}` },
      h("input", { type: "checkbox", id: `tc-more-${i}`, dataset: { seat: i } }), ` Seat ${i + 1}${i === 0 ? " (you)" : ""}`)));
    tcMode.addEventListener("change", () => {
      tcReal.classList.toggle("hidden", tcMode.value !== "realtime");
      tcTurn.classList.toggle("hidden", tcMode.value !== "turn");
      tcOut.classList.toggle("hidden", tcMode.value === "none");
      tcMore.classList.toggle("hidden", tcMode.value === "none");
    });
    const moreTime = () => {
      const seats = Array.from(tcSeats.querySelectorAll("input:checked")).map((b) => Number(b.dataset.seat));
      return seats.length ? { more_time: seats, more_factor: Number(tcFactor.value) } : {};
    };
    const timeControl = () => tcMode.value === "none" ? undefined
      : tcMode.value === "realtime" ? { mode: "realtime", minutes: Number(tcMinutes.value), increment: Number(tcIncrement.value), policy: tcPolicy.value, ...moreTime() }
        : { mode: "turn", days: Number(tcDays.value), policy: tcPolicy.value, ...bank(), ...moreTime() };
    const name = h("input", { type: "text", id: "table-name", maxlength: "40", placeholder: `${ME.user.name}'s table`, "aria-label": "Table name" });
    const current = () => games.find((g) => g.id === game.value) || games[0];

    function drawPlayers() {
      const g = current();
      const old = Number(players.value) || 3;
      const counts = [];
      for (let n = g.min_players; n <= g.max_players; n++) counts.push(n);
      players.replaceChildren(...counts.map((n) => h("option", { value: n }, `${n} player${n > 1 ? "s" : ""}`)));
      players.value = String(Math.min(g.max_players, Math.max(g.min_players, old)));
      netFields.classList.toggle("hidden", g.id !== "networks");
      ptFields.classList.toggle("hidden", g.id !== "prime-time");
      drawSeats(true);
    }

    function drawSeats(reset) {
      const n = Number(players.value);
      const bots = current().bots || ME.bots;
      const defaultBot = bots.some((b) => b.id === "greedy") ? "greedy" : (bots[0] || {}).id;
      const old = reset ? [] : Array.from(seatsBox.querySelectorAll("select")).map((s) => s.value);
      seatsBox.replaceChildren(h("div", { class: "seat-spec" }, h("span", { class: "badge" }, "Seat 1"), h("span", {}, `${ME.user.name} (you)`)));
      for (let i = 1; i < n; i++) {
        const sel = h("select", { "aria-label": `Seat ${i + 1}`, dataset: { seat: i } },
          bots.map((b) => h("option", { value: "bot:" + b.id }, "Bot: " + b.label)),
          h("option", { value: "open" }, "Open seat for a friend"));
        sel.value = old[i - 1] || "bot:" + defaultBot;
        seatsBox.appendChild(h("div", { class: "seat-spec" }, h("span", { class: "badge" }, `Seat ${i + 1}`), sel));
      }
      drawMoreSeats(n);
      order.disabled = n === 1;
      if (n === 1) order.value = "fixed";
    }
    game.addEventListener("change", drawPlayers);
    players.addEventListener("change", () => drawSeats(false));
    players.value = "3";
    drawPlayers();
    const create = h("button", { class: "primary", id: "create-btn" }, "Create table");
    create.addEventListener("click", async () => {
      create.disabled = true;
      const seats = Array.from(seatsBox.querySelectorAll("select")).map((s) => s.value);
      const options = game.value === "prime-time" ? { bonds: bonds.checked, simultaneous: simul.checked }
        : Object.assign({ pilot: pilot.value, turn_order: order.value }, ...modules.filter((m) => m.box.checked).map((m) => ({ [m.id]: true })));
      try {
        const r = await PT.api("/api/tables", { name: name.value || undefined, game: game.value, seats, options,
          spectator_chat: specChat.checked, time_control: timeControl(), bot_pace: botPace.value, hints: hintsBox.checked });
        location.href = r.url;
      } catch (e) { PT.toast(e.message); create.disabled = false; }
    });
    return h("section", { class: "panel" }, h("h2", {}, "New table"),
      h("div", { class: "field" }, h("label", { for: "game" }, "Game"), game),
      h("div", { class: "field" }, h("label", { for: "players" }, "Players"), players),
      seatsBox, netFields, ptFields,
      h("div", { class: "field" }, h("label", { for: "tc-mode" }, "Time control"), tcMode, tcReal, tcTurn, tcOut, tcMore),
      h("div", { class: "field" }, h("label", { for: "opt-bot-pace" }, "Bots' pace"), botPace),
      h("div", { class: "field" }, h("label", { for: "opt-spectator-chat" }, specChat, " Spectators may chat")),
      h("div", { class: "field" }, h("label", { for: "opt-hints" }, hintsBox, " Hints on request (the table is not rated; players see it before they join)")),
      h("div", { class: "field" }, h("label", { for: "table-name" }, "Table name (optional)"), name),
      h("div", { class: "row" }, create, h("span", { class: "muted" }, "Next: invite friends with the link, then start.")));
  }

  function listsPanel() {
    return h("div", { id: "lists", style: "display:grid;gap:12px" });
  }

  function seatsText(t) {
    return t.seats.map((s) => s.kind === "open" ? "(open)" : s.name + (s.you ? " (you)" : "")).join(", ");
  }

  const STATUS_WORDS = { open: "waiting", running: "playing", finished: "finished" };
  /** Each game's name as the lobby offers it ("The Networks", "Prime Time"). */
  function gameLabels() {
    const out = { networks: "The Networks", "prime-time": "Prime Time" };
    for (const g of (ME && ME.games) || []) out[g.id] = g.label;
    return out;
  }

  function tableItem(t, kind) {
    const links = [];
    if (t.status === "open") links.push(h("a", { href: `/t/${t.id}` }, kind === "open" ? "Join" : "Open"));
    if (t.status === "running") links.push(h("a", { href: `/t/${t.id}` }, t.seats.some((s) => s.you) ? "Play" : "Watch"));
    if (t.status === "finished") {
      if (!t.imported) links.push(h("a", { href: `/t/${t.id}` }, "Final table"));
      links.push(h("a", { href: `/replay/${t.id}` }, "Replay"));
    }
    const score = t.result ? " · scores " + t.result.join(" / ") : "";
    const clock = t.time_control ? " · " + PT.clockWords(t.time_control)
      : t.clock === "realtime" ? " · real-time clocks" : t.clock === "turn" ? " · turn-based clock" : "";
    const gameName = (gameLabels()[t.game] || t.game) + " · ";
    const turn = t.your_turn ? h("span", { class: "badge turn", dataset: { testid: "your-turn" } }, "Your turn") : null;
    return h("li", { dataset: { table: t.id, yourTurn: t.your_turn ? "1" : "0" } },
      h("span", { class: "grow" }, h("b", {}, t.name), h("br"), h("span", { class: "muted game-name" }, gameName), h("span", { class: "muted" }, seatsText(t) + score + clock)),
      turn, h("span", { class: "badge" }, STATUS_WORDS[t.status] || t.status), ...links);
  }

  async function loadLists() {
    let data;
    try { data = await PT.api("/api/lobby"); } catch (e) { PT.toast(e.message); return; }
    const box = document.getElementById("lists");
    if (!box) return;
    const section = (title, items, kind, empty) => h("section", { class: "panel" }, h("h2", {}, title),
      items.length ? h("ul", { class: "table-list", dataset: { list: kind } }, items.map((t) => tableItem(t, kind))) : h("p", { class: "muted" }, empty));
    // your turn first (the server puts them first); the page title counts them
    const mine = data.mine.filter((t) => t.status !== "abandoned");
    const waiting = mine.filter((t) => t.your_turn).length;
    document.title = (waiting ? `(${waiting}) ` : "") + LOBBY_TITLE;
    document.body.dataset.yourTurn = String(waiting);
    const yours = (t) => t.seats.some((s) => s.you);
    box.replaceChildren(
      section("Your games", mine, "mine", "No games yet — create a table above."),
      section("Open tables", data.open.filter((t) => !yours(t)), "open", "No open tables right now."),
      section("Games in progress (watch)", data.live.filter((t) => !yours(t)), "live", "Nobody else is playing right now."),
      section("Finished games (replays)", data.finished, "finished", "No finished games yet."));
  }

  function importPanel() {
    const file = h("input", { type: "file", accept: ".json,application/json", id: "import-file", "aria-label": "Record file" });
    const btn = h("button", { id: "import-btn" }, "Import and replay");
    btn.addEventListener("click", async () => {
      const f = file.files && file.files[0];
      if (!f) { PT.toast("Choose a record file first"); return; }
      try {
        const text = await f.text();
        const r = await fetch("/api/records", { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
        const data = await r.json();
        if (!r.ok) throw new Error(data.error || "import failed");
        location.href = data.url;
      } catch (e) { PT.toast(e.message); }
    });
    return h("section", { class: "panel" }, h("h2", {}, "Import a game record"),
      h("p", { class: "muted" }, "A record downloaded from a finished game (JSON) can be stepped through here."),
      h("div", { class: "row" }, file, btn));
  }

  document.addEventListener("DOMContentLoaded", main);
  setInterval(() => { if (ME && ME.user && document.visibilityState === "visible") loadLists(); }, 10000);
})();
