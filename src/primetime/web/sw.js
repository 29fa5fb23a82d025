/* The service worker of notifications: shows a pushed "your turn" (or reminder) and opens its table
   when clicked; a subscription the browser replaced (pushsubscriptionchange) is given to the server again. */
"use strict";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { title: event.data ? event.data.text() : "" }; }
  const title = data.title || "Your turn";
  event.waitUntil(self.registration.showNotification(title, {
    body: data.body || "", tag: data.tag || undefined, renotify: Boolean(data.tag),
    data: { url: data.url || "/" }, icon: "/favicon.ico",
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const c of open) {
      if (new URL(c.url).pathname === url.pathname && "focus" in c) return c.focus();
    }
    // only our own pages: a link to elsewhere opens the lobby
    return self.clients.openWindow(url.origin === self.location.origin ? url.href : "/");
  })());
});

self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil((async () => {
    const old = event.oldSubscription;
    let sub = event.newSubscription;
    if (!sub) {
      const got = await fetch("/api/push/key", { credentials: "same-origin" }).then((r) => r.json());
      const raw = atob(got.key.replace(/-/g, "+").replace(/_/g, "/"));
      const key = Uint8Array.from(raw, (ch) => ch.charCodeAt(0));
      sub = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    }
    await fetch("/api/push/subscribe", {
      method: "POST", credentials: "same-origin", headers: { "content-type": "application/json" },
      body: JSON.stringify({ subscription: sub.toJSON(), old_endpoint: old ? old.endpoint : null }),
    });
  })());
});
