/* The app's service worker (decision 0302): it shows update reminders that arrive by Web Push
 * and answers them. A notification's actions are the reminder mail's signed one-click answers
 * (as many as the browser shows: Notification.maxActions); choosing one POSTs its link, exactly
 * what the confirm button of the link's page does, and says how it went. A click on the
 * notification's body opens the dashboard. Nothing else: no caching, no fetch handler. */

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Only links to this app's own origin are followed. */
function ownUrl(link) {
  try {
    const url = new URL(link, self.location.origin);
    return url.origin === self.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

/** Shows a reminder push ({type: "update-reminder", title, body, tag, url, actions: [{action, title, link}]}). */
self.showReminder = async function showReminder(data) {
  if (!data || data.type !== "update-reminder") return;
  const answers = (Array.isArray(data.actions) ? data.actions : []).filter((a) => a && ownUrl(a.link));
  const max = typeof Notification.maxActions === "number" ? Notification.maxActions : 2;
  await self.registration.showNotification(String(data.title), {
    body: String(data.body ?? ""),
    tag: String(data.tag ?? "update-reminder"),
    icon: "/favicon.svg",
    data: {
      url: ownUrl(data.url) ?? "/home",
      links: Object.fromEntries(answers.map((a) => [a.action, ownUrl(a.link)])),
      labels: Object.fromEntries(answers.map((a) => [a.action, String(a.title)])),
    },
    actions: answers.slice(0, max).map((a) => ({ action: String(a.action), title: String(a.title) })),
  });
};

self.addEventListener("push", (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  event.waitUntil(self.showReminder(data));
});

/**
 * What a click does: an answer's action POSTs its signed link (the same request as the link
 * page's 'Yes' button) and shows the outcome; on any failure, or a click on the body, a window
 * opens (the link's page explains why it no longer works). Resolves to what it did.
 */
self.handleNotificationClick = async function handleNotificationClick(notification, action) {
  const data = notification.data || {};
  notification.close();
  const link = action && data.links ? data.links[action] : null;
  if (!link) {
    await self.clients.openWindow(data.url || "/home");
    return "opened";
  }
  let response = null;
  try {
    response = await fetch(link, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
  } catch {
    response = null;
  }
  if (response && response.ok) {
    await self.registration.showNotification("Thank you", {
      body: action === "away" ? "You are now marked as away." : `Your workload is now ${(data.labels && data.labels[action]) || "updated"}.`,
      tag: notification.tag,
      icon: "/favicon.svg",
      data: { url: data.url || "/home", links: {} },
    });
    return "answered";
  }
  await self.clients.openWindow(link);
  return "opened";
};

self.addEventListener("notificationclick", (event) => {
  event.waitUntil(self.handleNotificationClick(event.notification, event.action));
});
