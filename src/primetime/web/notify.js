/* Your turns when you are away (accounts): e-mail (an address confirmed by a link) and push notifications
   in this browser (a service worker, /sw.js), each turned on or off in Preferences and, at a table, for
   that table.  Used by the lobby and the table's Preferences: PTNotify.fields(tableId or null). */
"use strict";

window.PTNotify = (() => {
  const h = PT.h;

  function keyBytes(b64) {
    const raw = atob(b64.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(raw, (ch) => ch.charCodeAt(0));
  }

  /** This browser's push subscription (registering the service worker), or null. */
  async function registration() {
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) return null;
    return navigator.serviceWorker.register("/sw.js");
  }

  async function subscribe(key) {
    const reg = await registration();
    if (!reg) throw new Error("this browser has no push notifications");
    if (window.Notification && Notification.permission !== "granted") {
      const got = await Notification.requestPermission();
      if (got !== "granted") throw new Error("notifications are blocked in this browser's site settings");
    }
    await navigator.serviceWorker.ready;
    const sub = (await reg.pushManager.getSubscription()) ||
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
    await PT.api("/api/push/subscribe", { subscription: sub.toJSON() });
  }

  async function unsubscribe() {
    const reg = await registration();
    const sub = reg && (await reg.pushManager.getSubscription());
    if (!sub) return;
    await PT.api("/api/push/unsubscribe", { endpoint: sub.endpoint });
    await sub.unsubscribe();
  }

  async function subscribed() {
    try {
      const reg = "serviceWorker" in navigator ? await navigator.serviceWorker.getRegistration("/") : null;
      return Boolean(reg && reg.pushManager && (await reg.pushManager.getSubscription()));
    } catch (e) { return false; }
  }

  function emailState(s) {
    if (!s.email_available) return "This server sends no mail.";
    if (!s.email) return "No address given.";
    if (s.email.unsubscribed) return `${s.email.address}: unsubscribed (save the address again to have mails again).`;
    return s.email.confirmed ? `${s.email.address}: confirmed.` : `${s.email.address}: follow the link in the mail sent to it to confirm it.`;
  }

  /** The section: filled in once the account's settings are read (guests: a line saying accounts can have it). */
  function fields(tableId) {
    const box = h("div", { class: "field", id: "notify-channels" }, h("h3", {}, "Your turns when you are away"));
    const note = h("div", { class: "muted", id: "notify-note", role: "status" });
    const guest = () => box.append(h("div", { class: "muted" }, "With an account you can be told of your turns by e-mail or notification."));
    PT.api("/api/me/notify").then(async (s) => {
      if (!s.account) { guest(); return; }
      const addr = h("input", { type: "email", id: "notify-address", "aria-label": "E-mail address", placeholder: "name@example.org",
        value: s.email ? s.email.address : "", autocomplete: "email" });
      const state = h("div", { class: "muted", id: "notify-email-state" }, emailState(s));
      const saveAddr = h("button", { class: "small", id: "notify-address-save", type: "button" }, "Save address");
      const mail = h("input", { type: "checkbox", id: "notify-email", checked: s.channels.email || undefined });
      const push = h("input", { type: "checkbox", id: "notify-push", checked: (s.channels.push && (await subscribed())) || undefined });
      const run = (fn) => async () => {
        note.textContent = "";
        try { await fn(); } catch (e) { note.textContent = e.message; }
      };
      saveAddr.addEventListener("click", run(async () => {
        const got = await PT.api("/api/me/notify", { address: addr.value.trim() || null });
        state.textContent = emailState(got);
      }));
      mail.addEventListener("change", run(() => PT.api("/api/me/notify", { email: mail.checked })));
      push.addEventListener("change", run(async () => {
        try {
          if (push.checked) { await subscribe(s.push_key); await PT.api("/api/me/notify", { push: true }); } else await unsubscribe();
        } catch (e) { push.checked = !push.checked; throw e; }
      }));
      box.append(
        h("div", { class: "row" }, addr, saveAddr), state,
        h("label", { for: "notify-email" }, mail, " Your turns and reminders by e-mail"),
        h("label", { for: "notify-push" }, push, " Your turns and reminders as notifications in this browser"),
        h("div", { class: "muted" }, "Only at turn-based tables, never while you have the table open; one message a turn, " +
          "and a reminder when 80% of your time for the move is gone."));
      if (tableId) box.append(await tableFields(tableId, run));
      box.append(note);
    }).catch((e) => { note.textContent = e.message; box.append(note); });
    return box;
  }

  async function tableFields(tableId, run) {
    const got = (await PT.api(`/api/tables/${tableId}/notify`)).channels;
    const pick = (ch, label) => {
      const sel = h("select", { id: `notify-table-${ch}`, "aria-label": `${label} at this table` },
        [["", "as in Preferences"], ["on", "on"], ["off", "off"]].map(([v, l]) => h("option", { value: v }, l)));
      sel.value = got[ch] === null ? "" : got[ch] ? "on" : "off";
      sel.addEventListener("change", run(() => PT.api(`/api/tables/${tableId}/notify`, { [ch]: sel.value === "" ? null : sel.value === "on" })));
      return h("label", {}, `${label} at this table: `, sel);
    };
    return h("div", { class: "row", id: "notify-table" }, pick("email", "E-mail"), " ", pick("push", "Notifications"));
  }

  return { fields, subscribe, unsubscribe, registration };
})();
