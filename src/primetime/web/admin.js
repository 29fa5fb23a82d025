/* The administrators' page (/admin: reports, accounts, tables, the moderation log) and the page of a
   password-reset link (/reset/<token>). Everything here is plain text put into elements (never markup). */
"use strict";

(function () {
  const PT = window.PT;
  const h = PT.h;
  const when = (at) => new Date(at * 1000).toLocaleString();
  const tableLink = (t) => t ? h("a", { href: `/t/${encodeURIComponent(t.id)}` }, t.name) : "";
  const userLink = (u) => u ? h("a", { href: `/u/${encodeURIComponent(u.id)}` }, u.name) : "";
  let DATA = null;
  let shown = "";

  async function act(path, body, done) {
    try {
      const r = await PT.api(path, body);
      if (done) PT.toast(done, "info");
      await load();
      return r;
    } catch (e) { PT.toast(e.message); return null; }
  }

  async function suspend(user) {
    const reason = window.prompt(`Suspend ${user.name}: their sessions end at once and they cannot sign in. Reason (logged):`, "");
    if (reason === null) return;
    await act("/api/admin/suspend", { user: user.id, reason }, `${user.name} is suspended.`);
  }

  async function resetLink(user, out) {
    const r = await act("/api/admin/reset-link", { user: user.id }, null);
    if (!r) return;
    const box = h("input", { type: "text", readonly: true, value: r.url, id: "reset-link", "aria-label": `Password-reset link for ${user.name}` });
    out.replaceChildren(h("p", {}, `Give this link to ${user.name} yourself (it works once, for ${r.hours} hours): `), box);
    box.select();
  }

  function reportItem(r) {
    const note = h("input", { type: "text", maxlength: "300", "aria-label": "Resolution note", placeholder: "note (optional)" });
    const what = r.table ? h("span", {}, "message at ", tableLink(r.table), ": ", h("q", { class: "report-text" }, r.text || ""),
      r.removed ? h("span", { class: "badge" }, "removed") : "") : h("span", {}, "the player ", userLink(r.user));
    return h("li", { class: "report", dataset: { report: r.id } },
      h("span", { class: "grow" }, h("b", {}, r.reason), h("br"),
        h("span", { class: "muted" }, `${when(r.at)} · reported by `), userLink(r.reporter),
        h("span", { class: "muted" }, " · about "), userLink(r.user), h("br"), what,
        r.status !== "open" ? h("span", { class: "muted" }, ` · resolved${r.note ? ": " + r.note : ""}`) : ""),
      r.status === "open" ? [
        r.table && !r.removed ? h("button", { class: "small warn", onclick: () => act("/api/admin/remove-message", { table: r.table.id, seq: r.seq }, "Message removed.") },
          "Remove message") : null,
        r.user ? h("button", { class: "small warn", onclick: () => suspend(r.user) }, `Suspend ${r.user.name}`) : null,
        note, h("button", { class: "small primary", onclick: () => act("/api/admin/resolve", { report: r.id, note: note.value }, "Report resolved.") }, "Resolve"),
      ] : null);
  }

  function accountPanel() {
    const name = h("input", { type: "text", id: "account-name", maxlength: "24", "aria-label": "Account name", placeholder: "account name" });
    const out = h("div", { id: "account-found", role: "status" });
    const form = h("form", { class: "row" }, name, h("button", { type: "submit", class: "small" }, "Find"));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      let u;
      try { u = await PT.api(`/api/admin/account?name=${encodeURIComponent(name.value.trim())}`); } catch (e) { out.textContent = e.message; return; }
      const link = h("div");
      out.replaceChildren(h("div", { class: "row" }, userLink(u), u.suspended ? h("span", { class: "badge" }, "suspended") : "",
        u.suspended ? h("button", { class: "small", onclick: () => act("/api/admin/suspend", { user: u.id, lift: true }, "Suspension lifted.") }, "Lift suspension")
          : h("button", { class: "small warn", id: "suspend-btn", onclick: () => suspend(u) }, "Suspend"),
        h("button", { class: "small", id: "reset-btn", onclick: () => resetLink(u, link) }, "Password-reset link")), link);
    });
    return h("section", { class: "panel" }, h("h2", {}, "Accounts"), form, out);
  }

  function tablePanel() {
    const id = h("input", { type: "text", id: "close-table", "aria-label": "Table link or id", placeholder: "table link or id" });
    const how = h("select", { id: "close-how", "aria-label": "How to close it" },
      h("option", { value: "bots" }, "Bots finish the game (unrated)"), h("option", { value: "abandon" }, "End it now (unrated)"));
    const form = h("form", { class: "row" }, id, how, h("button", { type: "submit", class: "small warn" }, "Close table"));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const tid = id.value.trim().split("/").filter(Boolean).pop() || "";
      if (window.confirm(`Close table ${tid}? This is logged.`)) act("/api/admin/close-table", { table: tid, how: how.value }, "Table closed.");
    });
    return h("section", { class: "panel" }, h("h2", {}, "Tables"), form);
  }

  function lists() {
    const d = DATA;
    return [
      h("section", { class: "panel", id: "reports-panel" }, h("h2", {}, `Open reports (${d.reports.length})`),
        d.reports.length ? h("ul", { class: "table-list", id: "reports" }, d.reports.map(reportItem)) : h("p", { class: "muted" }, "No open reports.")),
      h("section", { class: "panel" }, h("h2", {}, "Suspended accounts"),
        d.suspended.length ? h("ul", { class: "table-list", id: "suspended" }, d.suspended.map((s) => h("li", {},
          h("span", { class: "grow" }, userLink(s), h("span", { class: "muted" }, ` · ${when(s.at)}${s.reason ? " · " + s.reason : ""}`)),
          h("button", { class: "small", onclick: () => act("/api/admin/suspend", { user: s.id, lift: true }, "Suspension lifted.") }, "Lift"))))
          : h("p", { class: "muted" }, "None.")),
      h("section", { class: "panel" }, h("h2", {}, "Moderation log"),
        d.log.length ? h("table", { class: "mod-log", id: "mod-log" },
          h("thead", {}, h("tr", {}, ["When", "Administrator", "Act", "Account", "Table", "Detail"].map((c) => h("th", { scope: "col" }, c)))),
          h("tbody", {}, d.log.map((e) => h("tr", { dataset: { act: e.act } }, h("td", {}, when(e.at)), h("td", {}, e.by), h("td", {}, e.label),
            h("td", {}, userLink(e.user)), h("td", {}, tableLink(e.table)), h("td", {}, e.detail)))))
          : h("p", { class: "muted" }, "Nothing yet.")),
      h("section", { class: "panel" }, h("h2", {}, "Resolved reports"),
        d.resolved.length ? h("ul", { class: "table-list", id: "resolved" }, d.resolved.map(reportItem)) : h("p", { class: "muted" }, "None yet.")),
      h("p", { class: "muted" }, `Administrators: ${d.admins.join(", ")}. The role is granted on the server: primetime admin grant NAME.`),
    ];
  }

  async function load() {
    const root = document.getElementById("admin");
    let d;
    try { d = await PT.api("/api/admin"); } catch (e) {
      root.replaceChildren(h("h1", {}, "Moderation"), h("p", { class: "panel", id: "admin-refused" }, e.message + ". ",
        h("a", { href: `/?next=${encodeURIComponent("/admin")}` }, "Sign in")));
      return;
    }
    const text = JSON.stringify(d);
    if (text === shown) return;
    shown = text;
    DATA = d;
    let box = document.getElementById("admin-lists");
    if (!box) {
      box = h("div", { id: "admin-lists", class: "admin-lists" });
      root.replaceChildren(h("h1", {}, "Moderation"), h("p", { class: "muted" }, `Signed in as ${d.you}.`), accountPanel(), tablePanel(), box);
    }
    if (box.contains(document.activeElement) && document.activeElement.tagName === "INPUT") return; // not while a note is typed
    box.replaceChildren(...lists());
  }

  async function reset(token) {
    const root = document.getElementById("reset");
    let info;
    try { info = await PT.api(`/api/reset/${encodeURIComponent(token)}`); } catch (e) {
      root.replaceChildren(h("h1", {}, "Choose a new password"), h("p", { class: "panel" }, e.message));
      return;
    }
    const pass = h("input", { type: "password", id: "new-pass", autocomplete: "new-password", minlength: "8" });
    const note = h("p", { class: "muted", role: "status", id: "reset-note" });
    const form = h("form", { class: "panel" }, h("p", {}, `For the account ${info.name}. Every browser signed in to it is signed out; this one is signed in.`),
      h("label", { for: "new-pass" }, "New password"), " ", pass, " ", h("button", { type: "submit", class: "primary", id: "reset-btn" }, "Set password"), note);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      try { await PT.api(`/api/reset/${encodeURIComponent(token)}`, { password: pass.value }); } catch (e) { note.textContent = e.message; return; }
      location.href = "/";
    });
    root.replaceChildren(h("h1", {}, "Choose a new password"), form);
    pass.focus();
  }

  document.addEventListener("DOMContentLoaded", () => {
    const parts = location.pathname.split("/").filter(Boolean);
    if (parts[0] === "reset") { reset(decodeURIComponent(parts[1] || "")); return; }
    load();
    setInterval(() => { if (document.visibilityState === "visible") load(); }, 3000);
  });
})();
