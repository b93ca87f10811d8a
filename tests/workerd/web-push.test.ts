import { createExecutionContext, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { emailOutbox, updateReminders, users, webPushSubscriptions } from "~/db/schema";
import { REMINDER_CRON } from "~/domain/operations/crons";
import { runScheduledWork } from "~/domain/operations/scheduled.server";
import { encryptNotification } from "@block65/webcrypto-web-push";
import { vapidAuthorization } from "~/integrations/web-push/client.server";
import { vapidConfig } from "~/integrations/web-push/config";
import type { WebPushMessage } from "../fakes/web-push-fake";
import { api, createCompany, db, reminderMorning, tokenFor } from "./helpers";

/**
 * Update reminders as Web Push (decision 0302), against the loopback push service
 * (tests/fakes/web-push-fake.ts), which verifies the VAPID JWT and decrypts the aes128gcm body
 * with the subscription's own private key, as a browser's push service and the browser would.
 */
const DAY = 86_400_000;
const now = reminderMorning();
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const pushUrl = inject("webPushUrl");
const runEnv = { ...env, APP_URL: "https://planner.example" };
const reminderRun = (at: Date) => runScheduledWork({ env: runEnv, ctx: createExecutionContext(), db: db() }, at, REMINDER_CRON);

type BrowserSubscription = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

/** What pushManager.subscribe gives a browser: a subscription the push service made for our key. */
async function browserSubscribes(applicationServerKey: string): Promise<BrowserSubscription> {
  const response = await fetch(`${pushUrl}/__control/subscriptions`, { method: "POST", body: JSON.stringify({ applicationServerKey }) });
  expect(response.status).toBe(201);
  return (await response.json()) as BrowserSubscription;
}
const messagesTo = async (endpoint: string) =>
  ((await (await fetch(`${pushUrl}/__control/messages`)).json()) as WebPushMessage[]).filter((m) => m.endpoint === endpoint);
const endpointAnswers = (endpoint: string, status: number) =>
  fetch(`${pushUrl}/__control/subscriptions/${endpoint.split("/").pop()}`, { method: "PUT", body: JSON.stringify({ status }) });
const rowsOf = (userId: string) => db().select().from(webPushSubscriptions).where(eq(webPushSubscriptions.userId, userId));

let publicKey: string;
let person: { id: string; email: string; token: string };
let colleague: { id: string; token: string };
let stranger: { token: string };
let laptop: BrowserSubscription;
let phone: BrowserSubscription;
let laptopId: string;

beforeAll(async () => {
  const firm = await createCompany("Web Push Firm");
  const row = await firm.createUser("employee", { updateReminders: 7, lastUpdated: ago(4) });
  const other = await firm.createUser("employee", { updateReminders: 0, lastUpdated: ago(10) });
  const elsewhere = await (await createCompany("Other Push Firm")).createUser("employee");
  person = { id: row.id, email: row.email, token: await tokenFor(row.email) };
  colleague = { id: other.id, token: await tokenFor(other.email) };
  stranger = { token: await tokenFor(elsewhere.email) };
  const read = await api("/api/v2/web-push-subscription", { token: person.token });
  expect(read.status).toBe(200);
  publicKey = ((await read.json()) as { publicKey: string }).publicKey;
  laptop = await browserSubscribes(publicKey);
  phone = await browserSubscribes(publicKey);
  for (const [subscription, label] of [
    [laptop, "Chrome on Linux"],
    [phone, "Chrome on Android"],
  ] as const) {
    const saved = await api("/api/v2/web-push-subscription", { method: "POST", token: person.token, json: { ...subscription, label } });
    expect(saved.status).toBe(201);
    if (label === "Chrome on Linux") laptopId = ((await saved.json()) as { _id: string })._id;
  }
  // The phone's subscription has expired at the push service.
  await endpointAnswers(phone.endpoint, 410);
  await reminderRun(now);
});

describe("update reminders as Web Push", () => {
  it("subscribing: the key is the installation's VAPID key; the person's browsers are listed", async () => {
    expect(publicKey).toBe(vapidConfig(env)!.publicKey);
    const list = (await (await api("/api/v2/web-push-subscription", { token: person.token })).json()) as {
      subscriptions: { _id: string; endpoint: string; label: string }[];
    };
    // The phone's is gone (410 at the cron), the laptop's stays.
    expect(list.subscriptions.map((s) => [s.endpoint, s.label])).toEqual([[laptop.endpoint, "Chrome on Linux"]]);
  });

  it("the cron pushes a signed, encrypted notification with the mail's one-click answers", async () => {
    const [reminder] = await db().select().from(updateReminders).where(eq(updateReminders.userId, person.id));
    expect(reminder).toBeTruthy();
    const [message, ...more] = await messagesTo(laptop.endpoint);
    expect(more).toEqual([]);
    // The fake accepted it only with a valid ES256 VAPID JWT for its origin: these are its claims.
    expect(message.claims.aud).toBe(new URL(pushUrl).origin);
    expect(message.claims.sub).toBe(env.VAPID_SUBJECT);
    expect(message.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(message.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + DAY);
    expect(message.headers).toMatchObject({ ttl: "86400", "content-encoding": "aes128gcm", topic: "update-reminder" });
    // The plaintext, decrypted with the subscription's private key.
    const payload = JSON.parse(message.plaintext) as {
      type: string;
      title: string;
      url: string;
      actions: { action: string; title: string; link: string }[];
    };
    expect(payload).toMatchObject({ type: "update-reminder", title: "How busy are you this week?", url: "https://planner.example/home" });
    expect(payload.actions.map((a) => [a.action, a.title])).toEqual([
      ["0", "Available"],
      ["1", "Some availability"],
      ["2", "Busy"],
      ["3", "Seriously busy"],
      ["away", "Away"],
    ]);
    // The same signed links as the mail's buttons.
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email));
    for (const a of payload.actions) {
      expect(a.link).toMatch(new RegExp(`^https://planner\\.example/reminder/[0-9a-f]{24}\\.${reminder.id}/${a.action}\\?sig=`));
      expect(mail.textBody).toContain(a.link);
    }
    expect(new TextEncoder().encode(message.plaintext).length).toBeLessThan(1500);

    // An answer's link works like the mail's: POST it (what the service worker does) and the workload changes.
    const busy = new URL(payload.actions.find((a) => a.action === "3")!.link);
    const answered = await api(`${busy.pathname}${busy.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(answered.status).toBe(200);
    const [after] = await db().select({ currentWorkload: users.currentWorkload }).from(users).where(eq(users.id, person.id));
    expect(after.currentWorkload).toBe(3);
  });

  it("410 from the push service removes the subscription; nothing was delivered to it", async () => {
    expect((await rowsOf(person.id)).map((r) => r.endpoint)).toEqual([laptop.endpoint]);
    expect(await messagesTo(phone.endpoint)).toEqual([]);
  });

  it("the fake verifies: a JWT signed by another key, or a tampered body, is refused; the genuine request is taken", async () => {
    const config = vapidConfig(env)!;
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const jwk = (await crypto.subtle.exportKey("jwk", keys.privateKey)) as JsonWebKey;
    const bytes = (text: string) => Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
    const otherPublic = btoa(String.fromCharCode(4, ...bytes(jwk.x!), ...bytes(jwk.y!)))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replaceAll("=", "");
    const body = await encryptNotification(
      { endpoint: laptop.endpoint, expirationTime: null, keys: laptop.keys },
      new TextEncoder().encode('{"type":"check"}'),
    );
    const post = (authorization: string, payload: Uint8Array<ArrayBuffer>) =>
      fetch(laptop.endpoint, { method: "POST", headers: { authorization, ttl: "60", "content-encoding": "aes128gcm" }, body: payload });
    // Signed with another key but naming ours.
    const forged = (await vapidAuthorization({ ...config, publicKey: otherPublic, privateKey: jwk.d! }, laptop.endpoint)).replace(
      /k=.*$/,
      `k=${config.publicKey}`,
    );
    const refused = await post(forged, body);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("VAPID JWT refused");
    // Ours, with one byte of the ciphertext changed.
    const genuine = await vapidAuthorization(config, laptop.endpoint);
    const tampered = body.slice();
    tampered[tampered.length - 20] ^= 1;
    const garbled = await post(genuine, tampered);
    expect(garbled.status).toBe(400);
    expect(await garbled.text()).toContain("cannot decrypt");
    // Ours, intact.
    expect((await post(genuine, body)).status).toBe(201);
    expect((await messagesTo(laptop.endpoint)).map((m) => m.plaintext)).toContain('{"type":"check"}');
  });

  it("another person cannot see or remove someone's subscription; the owner can", async () => {
    const theirs = (await (await api("/api/v2/web-push-subscription", { token: colleague.token })).json()) as { subscriptions: unknown[] };
    expect(theirs.subscriptions).toEqual([]);
    for (const token of [colleague.token, stranger.token]) {
      const refused = await api(`/api/v2/web-push-subscription/${laptopId}`, { method: "DELETE", token });
      expect(refused.status).toBe(404);
    }
    expect(await rowsOf(person.id)).toHaveLength(1);
    const removed = await api(`/api/v2/web-push-subscription/${laptopId}`, { method: "DELETE", token: person.token });
    expect(removed.status).toBe(200);
    expect(await rowsOf(person.id)).toEqual([]);
  });

  it("refuses endpoints that are not a push service's https address, and malformed keys", async () => {
    const good = await browserSubscribes(publicKey);
    for (const [body, field] of [
      [{ ...good, endpoint: "http://push.example.com/x" }, "endpoint"],
      [{ ...good, endpoint: "https://user:pw@push.example.com/x" }, "endpoint"],
      [{ ...good, keys: { ...good.keys, p256dh: "short" } }, "keys.p256dh"],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, "keys.auth"],
    ] as const) {
      const response = await api("/api/v2/web-push-subscription", { method: "POST", token: colleague.token, json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { entityType: string; errors: Record<string, string> };
      expect(answer.entityType).toBe("WebPushSubscriptionInputErrors");
      expect(Object.keys(answer.errors)).toContain(field);
    }
    expect(await rowsOf(colleague.id)).toEqual([]);
  });
});
