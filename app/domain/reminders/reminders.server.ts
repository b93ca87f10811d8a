import { and, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { liveHere } from "~/db/fence";
import { isAdmin } from "~/auth/permissions";
import { derivedSecret } from "~/auth/secrets.server";
import type { Actor } from "~/auth/actor.types";
import type { Db } from "~/db/client";
import { inJsonList } from "~/db/json-list";
import { companies, emailOutbox, notificationTokens, offices, pushOutbox, updateReminders, users } from "~/db/schema";
import type { Env, LoadContext } from "~/env";
import { apnsConfig } from "~/integrations/apns/config";
import { vapidConfig } from "~/integrations/web-push/config";
import { IOS_TOKEN_TYPES } from "~/integrations/apns/outbox.server";
import { DEFAULT_TIME_ZONE } from "~/lib/time-zones";
import { newId } from "~/lib/ids";
import { appOrigin } from "~/lib/app-origin.server";
import { audit } from "../audit.server";
import { domainCtx, systemCtx, type Runtime, type SystemContext } from "../context";
import { zonesAtLocalHour } from "../today";
import { readCompanySettings } from "../company/settings.schema";
import { setOnLeave, setWorkload } from "../workload/workload.server";
import { pushToSubscriptions, reminderWebPushPayload, subscriptionsOf } from "./web-push.server";
import { toBase64Url } from "~/lib/base64url";
import { carry } from "~/domain/installation/pre-sign-in.server";
import { recipientLanguage, translate } from "~/lib/i18n/catalogs.server";
import type { MessageKey } from "~/lib/i18n/i18n";

/**
 * Update reminders (decision 0122). updateReminders = 7 ('After three days') means: when a
 * person has not updated for three days, mail them; once per window, so at most one
 * reminder per three days, and none while they keep updating. The mail carries one link per
 * answer (the four levels and away), signed, answerable once, for 7 days.
 */
export const REMINDER_AFTER_MS = 3 * 86_400_000;
export const REMINDER_LINK_MS = 7 * 86_400_000;
export const REMINDER_ANSWERS = ["0", "1", "2", "3", "away"] as const;
export type ReminderAnswer = (typeof REMINDER_ANSWERS)[number];

const ANSWER_KEYS = {
  "0": "workload.level0",
  "1": "workload.level1",
  "2": "workload.level2",
  "3": "workload.level3",
  away: "workload.away",
} as const satisfies Record<ReminderAnswer, MessageKey>;

/** An answer's words in `language` (the link pages, not translated yet, ask for English). */
const answerLabel = (answer: ReminderAnswer, language = "en") => translate(language, ANSWER_KEYS[answer]);

async function linkKey(env: Env): Promise<CryptoKey> {
  const secret = await derivedSecret(env, "update-reminder-links-v1");
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

export async function signAnswer(env: Env, reminderId: string, answer: string): Promise<string> {
  return toBase64Url(await crypto.subtle.sign("HMAC", await linkKey(env), new TextEncoder().encode(`${reminderId}:${answer}`)));
}

async function verifyAnswer(env: Env, reminderId: string, answer: string, signature: string): Promise<boolean> {
  const expected = await signAnswer(env, reminderId, answer);
  if (expected.length !== signature.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return diff === 0;
}

/** The link names the firm in front of the reminder (decision 0313), so it finds its shard before anyone signs in. */
export async function answerLink(env: Env, appUrl: string, companyId: string, reminderId: string, answer: ReminderAnswer): Promise<string> {
  return `${appUrl}/reminder/${carry(companyId, reminderId)}/${answer}?sig=${await signAnswer(env, reminderId, answer)}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const BUTTON_COLOURS: Record<ReminderAnswer, string> = { "0": "#0284c7", "1": "#0d9488", "2": "#ca8a04", "3": "#dc2626", away: "#64748b" };

export function reminderEmail(input: { appName: string; name: string; links: Record<ReminderAnswer, string>; dashboard: string; language?: string }) {
  const language = input.language ?? "en";
  const t = (key: MessageKey, values?: Record<string, string>) => translate(language, key, values);
  const lines = [
    input.name ? t("reminder.greetingNamed", { name: input.name }) : t("reminder.greeting"),
    t("reminder.intro", { appName: input.appName }),
  ];
  const text = `${lines.join("\n\n")}\n\n${REMINDER_ANSWERS.map((a) => `${answerLabel(a, language)}: ${input.links[a]}`).join("\n")}\n\n${t("reminder.linksNote", { url: input.dashboard.replace(/\/home$/, "/settings") })}\n`;
  const buttons = REMINDER_ANSWERS.map(
    (a) =>
      `<a href="${escapeHtml(input.links[a])}" style="display:inline-block;margin:0 8px 8px 0;background:${BUTTON_COLOURS[a]};color:#fff;padding:10px 14px;border-radius:6px;text-decoration:none">${escapeHtml(answerLabel(a, language))}</a>`,
  ).join("");
  // A reading width on a wide screen, the buttons wrapping on a phone (tests/e2e/mail-languages.spec.ts).
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5"><div style="max-width:560px">${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join("")}<p style="margin:24px 0">${buttons}</p><p style="color:#64748b;font-size:13px">${escapeHtml(t("reminder.buttonsNote"))}</p></div></body></html>`;
  return { subject: t("reminder.subject"), text, html };
}

/** A reminder's push is not delivered later than this (apns-expiration): a day-old nudge is noise. */
export const REMINDER_PUSH_MS = 86_400_000;

/** The push of a reminder (decision 0197): the same question, the dashboard, and the mail's answer links for the app's actions. */
export function reminderPush(input: {
  appName: string;
  reminderId: string;
  links: Record<ReminderAnswer, string>;
  dashboard: string;
  language?: string;
}) {
  const language = input.language ?? "en";
  return {
    aps: {
      alert: { title: translate(language, "reminder.subject"), body: translate(language, "reminder.pushBody", { appName: input.appName }) },
      sound: "default",
      category: "UPDATE_REMINDER",
      "thread-id": "update-reminders",
    },
    reminderId: input.reminderId,
    url: input.dashboard,
    answers: input.links,
  };
}

/** Reminders go out in the person's 09:00 hour (their office's zone, decision 0170). */
export const REMINDER_LOCAL_HOUR = 9;

/**
 * The scheduled job's share: at 09:xx on a working day in the person's own time zone (their
 * office's, else the company's; decision 0170), everyone with reminders on (and a firm that
 * shows the setting) who is completed, not an admin, not away, last updated three days ago
 * or more (never updated: since they joined), and not reminded within the last three days.
 * The reminder row and its mail go in one batch; the outbox sends it.
 */
export async function sendUpdateReminders(context: Runtime, now: Date): Promise<number> {
  // The zones where it is now 09:xx on a Monday to Friday; the cron runs more often than
  // hourly, and the three-day window below keeps it to one reminder a day at most.
  const zones = zonesAtLocalHour(now, REMINDER_LOCAL_HOUR);
  if (zones.length === 0) return 0;
  const db = context.db;
  const stale = new Date(now.getTime() - REMINDER_AFTER_MS);
  const candidates = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      email: users.email,
      name: users.name,
      language: users.language,
      admin: users.admin,
      administratorPriviliges: users.administratorPriviliges,
      companyAdmin: users.companyAdmin,
      settings: companies.settings,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(offices, and(eq(offices.id, users.officeId), eq(offices.companyId, users.companyId)))
    .where(
      and(
        inJsonList(sql`coalesce(${offices.timeZone}, json_extract(${companies.settings}, '$.timeZone'), ${DEFAULT_TIME_ZONE})`, zones),
        eq(users.updateReminders, 7),
        eq(users.completed, true),
        isNull(users.deactivatedAt),
        isNull(users.erasedAt),
        eq(users.onLeave, false),
        // A firm arriving here by a move (or gone from here) is reminded by the shard it lives on (decision 0314).
        liveHere(users.companyId),
        lte(sql`coalesce(${users.lastUpdated}, ${users.createdAt})`, stale.getTime()),
        sql`not exists (select 1 from ${updateReminders} where ${updateReminders.userId} = ${users.id} and ${updateReminders.sentAt} > ${stale.getTime()})`,
      ),
    )
    .limit(200);
  const env = context.env;
  const appUrl = appOrigin(env);
  const appName = env.APP_NAME || "Availability";
  // Their iOS devices, when the installation talks to APNs (decision 0197).
  const devices = new Map<string, string[]>();
  if (apnsConfig(env) && candidates.length > 0) {
    const rows = await db
      .select({ userId: notificationTokens.userId, token: notificationTokens.token })
      .from(notificationTokens)
      .where(
        and(
          inJsonList(
            notificationTokens.userId,
            candidates.map((c) => c.id),
          ),
          inJsonList(notificationTokens.tokenType, IOS_TOKEN_TYPES),
        ),
      );
    for (const row of rows) devices.set(row.userId, [...(devices.get(row.userId) ?? []), row.token]);
  }
  // Their browsers that took Web Push (decision 0302), when the installation has a VAPID key.
  const browsers = vapidConfig(env)
    ? await subscriptionsOf(
        db,
        candidates.map((c) => c.id),
      )
    : new Map();
  let sent = 0;
  // The system reminds, per firm: its audit row goes in the reminder's batch.
  const firms = new Map<string, SystemContext>();
  for (const person of candidates) {
    const settings = readCompanySettings(person.settings);
    if (isAdmin(person) || settings.hideUpdateRemindersSetting) continue;
    const language = recipientLanguage(person.language, settings.language);
    const firm = firms.get(person.companyId) ?? (await systemCtx(context, person.companyId, "reminders", now));
    firms.set(person.companyId, firm);
    const id = newId();
    const links = Object.fromEntries(
      await Promise.all(REMINDER_ANSWERS.map(async (a) => [a, await answerLink(env, appUrl, person.companyId, id, a)])),
    ) as Record<ReminderAnswer, string>;
    const mail = reminderEmail({ appName, name: person.name, links, dashboard: `${appUrl}/home`, language });
    const push = JSON.stringify(reminderPush({ appName, reminderId: id, links, dashboard: `${appUrl}/home`, language }));
    const pushes = (devices.get(person.id) ?? []).map((deviceToken) =>
      db.insert(pushOutbox).values({
        companyId: person.companyId,
        userId: person.id,
        deviceToken,
        payload: push,
        status: "pending",
        nextAttemptAt: now,
        expiresAt: new Date(now.getTime() + REMINDER_PUSH_MS),
        createdAt: now,
      }),
    );
    await db.batch([
      db.insert(updateReminders).values({ id, companyId: person.companyId, userId: person.id, sentAt: now }),
      audit(firm, "update-reminder", "user", person.id, { reminderId: id, pushes: pushes.length }),
      ...pushes,
      db.insert(emailOutbox).values({
        id: newId(),
        companyId: person.companyId,
        toAddress: person.email,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        status: "pending",
        nextAttemptAt: now,
        createdAt: now,
      }),
    ]);
    sent++;
    const subscriptions = browsers.get(person.id) ?? [];
    if (subscriptions.length > 0) {
      const payload = reminderWebPushPayload({
        appName,
        reminderId: id,
        dashboard: `${appUrl}/home`,
        language,
        answers: REMINDER_ANSWERS.map((answer) => ({ answer, label: answerLabel(answer, language), link: links[answer] })),
      });
      await pushToSubscriptions(context, subscriptions, payload);
    }
  }
  return sent;
}

export type ReminderLinkState =
  { ok: true; reminderId: string; answer: ReminderAnswer; label: string; name: string } | { ok: false; status: 404 | 410; message: string };

const NOT_VALID: ReminderLinkState = { ok: false, status: 404, message: "This link is not valid. Open the dashboard to update your workload." };

/** What a reminder link stands for, or why it no longer works. */
export async function readReminderLink(
  context: { db: Db; env: Env },
  reminderId: string,
  answer: string,
  signature: string,
  now: Date,
): Promise<ReminderLinkState> {
  if (!(REMINDER_ANSWERS as readonly string[]).includes(answer) || !/^[0-9a-f]{24}$/.test(reminderId)) return NOT_VALID;
  if (!(await verifyAnswer(context.env, reminderId, answer, signature))) return NOT_VALID;
  const [row] = await context.db
    .select({ sentAt: updateReminders.sentAt, answeredAt: updateReminders.answeredAt, name: users.name })
    .from(updateReminders)
    .innerJoin(users, eq(users.id, updateReminders.userId))
    .where(eq(updateReminders.id, reminderId))
    .limit(1);
  if (!row) return NOT_VALID;
  if (row.answeredAt)
    return { ok: false, status: 410, message: "This reminder has already been answered. Open the dashboard to change your workload." };
  if (now.getTime() - row.sentAt.getTime() > REMINDER_LINK_MS) {
    return { ok: false, status: 410, message: "This link has expired (links work for 7 days). Open the dashboard to update your workload." };
  }
  return { ok: true, reminderId, answer: answer as ReminderAnswer, label: answerLabel(answer as ReminderAnswer), name: row.name };
}

/**
 * Answers a reminder: marks it answered (only if nobody did first: the link works once,
 * whichever of its buttons) and then sets the person's workload, or away, as if they had
 * chosen it on the dashboard.
 */
export async function answerReminder(
  context: LoadContext,
  reminderId: string,
  answer: string,
  signature: string,
  now = new Date(),
): Promise<ReminderLinkState> {
  const state = await readReminderLink(context, reminderId, answer, signature, now);
  if (!state.ok) return state;
  const claimed = await context.db
    .update(updateReminders)
    .set({ answeredAt: now, answer })
    .where(
      and(
        eq(updateReminders.id, reminderId),
        isNull(updateReminders.answeredAt),
        gt(updateReminders.sentAt, new Date(now.getTime() - REMINDER_LINK_MS)),
      ),
    )
    .returning({ userId: updateReminders.userId, companyId: updateReminders.companyId });
  if (claimed.length === 0)
    return { ok: false, status: 410, message: "This reminder has already been answered. Open the dashboard to change your workload." };
  const [row] = await context.db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, claimed[0].userId))
    .limit(1);
  const actor: Actor = {
    user: row.user,
    company: {
      id: row.company.id,
      name: row.company.name,
      allowGroupSelection: row.company.allowGroupSelection,
      settings: readCompanySettings(row.company.settings),
    },
    sessionId: "",
  };
  const ctx = { ...domainCtx(context, actor), now };
  if (state.answer === "away") await setOnLeave(ctx, actor.user.id, true, "email_reminder");
  else await setWorkload(ctx, "current", { workscale: Number(state.answer), source: "email_reminder" });
  return state;
}

/** The person's latest reminder, for tests and support. */
export async function latestReminder(db: Db, userId: string) {
  const [row] = await db.select().from(updateReminders).where(eq(updateReminders.userId, userId)).orderBy(desc(updateReminders.sentAt)).limit(1);
  return row ?? null;
}
