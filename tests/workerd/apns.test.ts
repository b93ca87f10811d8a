import { createExecutionContext, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { emailOutbox, notificationTokens, pushOutbox, updateReminders } from "~/db/schema";
import { runScheduledWork } from "~/domain/operations/scheduled.server";
import { REMINDER_CRON } from "~/domain/operations/crons";
import { providerToken, sendPush, TOKEN_REUSE_MS } from "~/integrations/apns/client.server";
import { apnsConfig } from "~/integrations/apns/config";
import { deliverDuePushes } from "~/integrations/apns/outbox.server";
import { DEV_APNS_KEY_ID, DEV_APNS_PRIVATE_KEY, DEV_APNS_TEAM_ID, DEV_APNS_TOPIC, OTHER_APNS_PRIVATE_KEY } from "../fakes/apns-keys";
import type { AcceptedPush } from "../fakes/apns-fake";
import { createCompany, db, reminderMorning } from "./helpers";

const DAY = 86_400_000;
const MINUTE = 60_000;
const now = reminderMorning();
const ago = (days: number) => new Date(now.getTime() - days * DAY);

const apnsUrl = inject("apnsUrl");
const apnsEnv = {
  ...env,
  APP_URL: "https://planner.example",
  APNS_ORIGIN: apnsUrl,
  APNS_KEY_ID: DEV_APNS_KEY_ID,
  APNS_TEAM_ID: DEV_APNS_TEAM_ID,
  APNS_TOPIC: DEV_APNS_TOPIC,
  APNS_PRIVATE_KEY: DEV_APNS_PRIVATE_KEY,
};
/** The reminder cron's run at `at`, with APNs configured. */
const reminderRun = (at: Date, runEnv: typeof apnsEnv = apnsEnv) =>
  runScheduledWork({ env: runEnv, ctx: createExecutionContext(), db: db() }, at, REMINDER_CRON);

const device = (n: number) => n.toString(16).padStart(64, "a");
const TOKENS = { phone: device(1), tablet: device(2), gone: device(3), off: device(4), busy: device(5), refused: device(6) };

async function pushesTo(token: string): Promise<AcceptedPush[]> {
  const all = (await (await fetch(`${apnsUrl}/__control/pushes`)).json()) as AcceptedPush[];
  return all.filter((p) => p.token === token);
}
const tokenAnswers = (token: string, status: number, reason = "") =>
  fetch(`${apnsUrl}/__control/token/${token}`, { method: "PUT", body: JSON.stringify({ status, reason }) });
const pushRows = (userId: string) => db().select().from(pushOutbox).where(eq(pushOutbox.userId, userId));
const tokensOf = (userId: string) => db().select().from(notificationTokens).where(eq(notificationTokens.userId, userId));

let people: Record<"twoDevices" | "noToken" | "off" | "gone" | "busy" | "refused" | "fcmOnly", { id: string; email: string; companyId: string }>;

beforeAll(async () => {
  const firm = await createCompany("Push Firm");
  const stale = { updateReminders: 7, lastUpdated: ago(4) } as const;
  people = {
    twoDevices: await firm.createUser("employee", stale),
    noToken: await firm.createUser("employee", stale),
    off: await firm.createUser("employee", { updateReminders: 0, lastUpdated: ago(10) }),
    gone: await firm.createUser("employee", stale),
    busy: await firm.createUser("employee", stale),
    refused: await firm.createUser("employee", stale),
    fcmOnly: await firm.createUser("employee", stale),
  };
  const token = (who: keyof typeof people, value: string, tokenType = "apns") =>
    ({ companyId: firm.company.id, userId: people[who].id, tokenType, token: value }) as const;
  await db()
    .insert(notificationTokens)
    .values([
      token("twoDevices", TOKENS.phone),
      token("twoDevices", TOKENS.tablet, "ios"),
      token("off", TOKENS.off),
      token("gone", TOKENS.gone),
      token("busy", TOKENS.busy),
      token("refused", TOKENS.refused),
      token("fcmOnly", device(7), "fcm"),
    ]);
  await tokenAnswers(TOKENS.gone, 410, "Unregistered");
  await tokenAnswers(TOKENS.busy, 429, "TooManyRequests");
  await tokenAnswers(TOKENS.refused, 400, "BadCollapseId");
  await reminderRun(now);
});

describe("update reminders as an APNs push", () => {
  it("goes to each iOS device with a provider token the fake verified, and the apns headers and aps body", async () => {
    const [reminder] = await db().select().from(updateReminders).where(eq(updateReminders.userId, people.twoDevices.id));
    expect(reminder).toBeDefined();
    for (const token of [TOKENS.phone, TOKENS.tablet]) {
      const [push] = await pushesTo(token);
      expect(push, `push to ${token}`).toBeDefined();
      expect(push.kid).toBe(DEV_APNS_KEY_ID);
      expect(push.claims.iss).toBe(DEV_APNS_TEAM_ID);
      expect(Math.abs(push.claims.iat * 1000 - Date.now())).toBeLessThan(TOKEN_REUSE_MS + MINUTE);
      expect(push.headers).toMatchObject({
        "apns-topic": DEV_APNS_TOPIC,
        "apns-push-type": "alert",
        "apns-priority": "5",
        "apns-expiration": String(Math.floor((now.getTime() + DAY) / 1000)),
        "apns-collapse-id": "update-reminder",
      });
      const payload = push.payload as {
        aps: { alert: { title: string; body: string } };
        reminderId: string;
        url: string;
        answers: Record<string, string>;
      };
      expect(payload.aps.alert.title).toBe("How busy are you this week?");
      expect(payload.aps.alert.body).toContain("for three days");
      expect(payload.reminderId).toBe(reminder.id);
      expect(payload.url).toBe("https://planner.example/home");
      expect(payload.answers["2"]).toMatch(new RegExp(`^https://planner\\.example/reminder/[0-9a-f]{24}\\.${reminder.id}/2\\?sig=`));
    }
    const rows = await pushRows(people.twoDevices.id);
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    // The mail went too.
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, people.twoDevices.email))).toHaveLength(1);
  });

  it("no iOS token, no push; reminders off, no push", async () => {
    expect(await db().select().from(updateReminders).where(eq(updateReminders.userId, people.noToken.id))).toHaveLength(1);
    expect(await pushRows(people.noToken.id)).toEqual([]);
    // An Android (fcm) token is not an APNs one.
    expect(await pushRows(people.fcmOnly.id)).toEqual([]);
    expect(await db().select().from(updateReminders).where(eq(updateReminders.userId, people.off.id))).toEqual([]);
    expect(await pushRows(people.off.id)).toEqual([]);
    expect(await pushesTo(TOKENS.off)).toEqual([]);
  });

  it("410 Unregistered removes the token and drops the push", async () => {
    const [row] = await pushRows(people.gone.id);
    expect(row).toMatchObject({ status: "dropped", attempts: 1, lastError: "410 Unregistered", nextAttemptAt: null });
    expect(await tokensOf(people.gone.id)).toEqual([]);
    expect(await pushesTo(TOKENS.gone)).toEqual([]);
  });

  it("another 400 drops the push and keeps the token", async () => {
    const [row] = await pushRows(people.refused.id);
    expect(row).toMatchObject({ status: "dropped", lastError: "400 BadCollapseId", nextAttemptAt: null });
    expect(await tokensOf(people.refused.id)).toHaveLength(1);
  });

  it("429 is retried with the outbox's backoff and sent when APNs takes it; a second run the same hour reminds nobody twice", async () => {
    const [first] = await pushRows(people.busy.id);
    expect(first).toMatchObject({ status: "failed", attempts: 1, lastError: "429 TooManyRequests" });
    expect(first.nextAttemptAt!.getTime()).toBe(now.getTime() + 5 * MINUTE);
    // Not due yet: nothing happens.
    expect(await deliverDuePushes({ db: db(), env: apnsEnv }, new Date(now.getTime() + 4 * MINUTE))).toEqual([]);
    await tokenAnswers(TOKENS.busy, 200);
    await reminderRun(new Date(now.getTime() + 5 * MINUTE));
    const [after] = await pushRows(people.busy.id);
    expect(after).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(await pushesTo(TOKENS.busy)).toHaveLength(1);
    // The same reminder only: no second reminder or push for anyone.
    expect(await pushRows(people.twoDevices.id)).toHaveLength(2);
    expect(await pushesTo(TOKENS.phone)).toHaveLength(1);
  });

  it("a push that cannot be sent within its day is dropped, not sent late", async () => {
    await tokenAnswers(TOKENS.busy, 503, "ServiceUnavailable");
    const [row] = await db()
      .insert(pushOutbox)
      .values({
        companyId: people.busy.companyId,
        userId: people.busy.id,
        deviceToken: TOKENS.busy,
        payload: JSON.stringify({ aps: { alert: "late" } }),
        nextAttemptAt: now,
        expiresAt: new Date(now.getTime() + 10 * MINUTE),
      })
      .returning();
    await deliverDuePushes({ db: db(), env: apnsEnv }, now);
    const [failed] = await db().select().from(pushOutbox).where(eq(pushOutbox.id, row.id));
    expect(failed).toMatchObject({ status: "failed", lastError: "503 ServiceUnavailable" });
    await deliverDuePushes({ db: db(), env: apnsEnv }, new Date(now.getTime() + 10 * MINUTE));
    const [dropped] = await db().select().from(pushOutbox).where(eq(pushOutbox.id, row.id));
    expect(dropped).toMatchObject({ status: "dropped", lastError: "Expired before it could be sent" });
    await tokenAnswers(TOKENS.busy, 200);
  });

  it("without APNs configured, reminders are mailed and no push is queued", async () => {
    const firm = await createCompany("No Push Firm");
    const person = await firm.createUser("employee", { updateReminders: 7, lastUpdated: ago(4) });
    await db()
      .insert(notificationTokens)
      .values({ companyId: firm.company.id, userId: person.id, tokenType: "apns", token: device(9) });
    await reminderRun(new Date(now.getTime() + DAY), { ...apnsEnv, APNS_PRIVATE_KEY: "" });
    expect(await db().select().from(updateReminders).where(eq(updateReminders.userId, person.id))).toHaveLength(1);
    expect(await pushRows(person.id)).toEqual([]);
  });
});

describe("the reminder cron (decision 0196)", () => {
  it("reminds only on the reminder cron: the housekeeping run (any other cron, or none) does not", async () => {
    const firm = await createCompany("Cron Firm");
    const person = await firm.createUser("employee", { updateReminders: 7, lastUpdated: ago(5) });
    const at = new Date(now.getTime() + 2 * DAY);
    const reminders = () => db().select().from(updateReminders).where(eq(updateReminders.userId, person.id));
    await runScheduledWork({ env: apnsEnv, ctx: createExecutionContext(), db: db() }, at);
    await runScheduledWork({ env: apnsEnv, ctx: createExecutionContext(), db: db() }, at, "*/5 * * * *");
    expect(await reminders()).toEqual([]);
    await reminderRun(at);
    expect((await reminders()).map((r) => r.sentAt)).toEqual([at]);
  });
});

describe("the APNs provider token", () => {
  const config = apnsConfig(apnsEnv)!;

  it("is an ES256 JWT with kid, iss and iat, reused for up to 50 minutes", async () => {
    // In the future, so the real sends' token (made now) is never this cached one.
    const t0 = Date.UTC(2030, 10, 25, 9);
    const first = await providerToken(config, t0);
    const [header, claims] = first
      .split(".")
      .slice(0, 2)
      .map((part) => JSON.parse(atob(part.replaceAll("-", "+").replaceAll("_", "/"))));
    expect(header).toEqual({ alg: "ES256", kid: DEV_APNS_KEY_ID });
    expect(claims).toEqual({ iss: DEV_APNS_TEAM_ID, iat: t0 / 1000 });
    expect(await providerToken(config, t0 + 49 * MINUTE)).toBe(first);
    expect(await providerToken(config, t0 + 50 * MINUTE)).not.toBe(first);
  });

  it("signed with another key is refused by APNs (403 InvalidProviderToken) and retried later", async () => {
    const forged = apnsConfig({ ...apnsEnv, APNS_PRIVATE_KEY: OTHER_APNS_PRIVATE_KEY, APNS_TEAM_ID: "FORGEDTEAM" })!;
    const result = await sendPush(forged, {
      deviceToken: TOKENS.phone,
      payload: { aps: { alert: "x" } },
      expiresAt: new Date(Date.now() + DAY),
      priority: 5,
    });
    expect(result).toEqual({ outcome: "retry", status: 403, reason: "InvalidProviderToken" });
    const wrongTopic = apnsConfig({ ...apnsEnv, APNS_TOPIC: "com.example.other" })!;
    expect(
      await sendPush(wrongTopic, { deviceToken: TOKENS.phone, payload: { aps: {} }, expiresAt: new Date(Date.now() + DAY), priority: 5 }),
    ).toEqual({
      outcome: "drop",
      status: 400,
      reason: "TopicDisallowed",
    });
  });
});
