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

/* Where a click on a notification leads: the page of its URL on this server; a URL elsewhere (or none)
   leads to the lobby. */
self.ptTableUrl = (raw) => {
  const url = new URL(raw || "/", self.location.origin);
  return url.origin === self.location.origin ? url : new URL("/", self.location.origin);
};

/* The window a click leads to: { client, url } of an open window of that page (it is focused), else
   { client: null, url } of the page to open. */
self.ptChooseWindow = async (raw) => {
  const url = self.ptTableUrl(raw);
  const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const client = open.find((c) => new URL(c.url).pathname === url.pathname && "focus" in c);
  return client ? { client, url: client.url } : { client: null, url: url.href };
};

/* Focus the window chosen, or open it (browsers allow both only while a notification click is handled). */
self.ptOpenTable = async (raw) => {
  const chosen = await self.ptChooseWindow(raw);
  if (chosen.client) await chosen.client.focus();
  else await self.clients.openWindow(chosen.url);
  return chosen.url;
};

/* Give the server the subscription that replaces ``old`` (none given: subscribe again with the server's key). */
self.ptResubscribe = async (old, sub) => {
  if (!sub) {
    const got = await fetch("/api/push/key", { credentials: "same-origin" }).then((r) => r.json());
    const raw = atob(got.key.replace(/-/g, "+").replace(/_/g, "/"));
    const key = Uint8Array.from(raw, (ch) => ch.charCodeAt(0));
    sub = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  const answer = await fetch("/api/push/subscribe", {
    method: "POST", credentials: "same-origin", headers: { "content-type": "application/json" },
    body: JSON.stringify({ subscription: sub.toJSON(), old_endpoint: old ? old.endpoint : null }),
  });
  if (!answer.ok) throw new Error(`the server refused the new subscription (${answer.status})`);
  return sub.endpoint;
};

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.ptOpenTable(event.notification.data && event.notification.data.url));
});

self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(self.ptResubscribe(event.oldSubscription, event.newSubscription));
});
