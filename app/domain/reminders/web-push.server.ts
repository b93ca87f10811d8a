import { translate } from "~/lib/i18n/catalogs.server";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { webPushSubscriptions } from "~/db/schema";
import type { Db } from "~/db/client";
import type { Env } from "~/env";
import { endpointAllowed, vapidConfig } from "~/integrations/web-push/config";
import { sendWebPush } from "~/integrations/web-push/client.server";
import { inJsonList } from "~/db/json-list";
import type { DomainContext } from "../context";
import { NotFoundError, ValidationError } from "../errors";

/**
 * Web Push subscriptions of a person's browsers (decision 0302): each person reads, adds and
 * removes only their own. The reminder cron pushes to every one of them (pushReminder below).
 */
const b64url = (min: number, max: number, what: string) =>
  z
    .string({ error: `The subscription's ${what} is missing.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `The subscription's ${what} must be base64url.`)
    .min(min, `The subscription's ${what} is too short.`)
    .max(max, `The subscription's ${what} is too long.`);

/** What `PushSubscription.toJSON()` gives, plus an optional label for the device. */
export const webPushSubscriptionSchema = z.object({
  endpoint: z.string({ error: "The subscription's endpoint is missing." }).trim().min(1, "The subscription's endpoint is missing.").max(1024),
  keys: z.object({
    // An uncompressed P-256 point is 65 bytes (87 base64url characters), the auth secret 16 (22).
    p256dh: b64url(86, 90, "p256dh key"),
    auth: b64url(21, 26, "auth secret"),
  }),
  label: z.string().trim().max(120).optional(),
});
export type WebPushSubscriptionInput = z.infer<typeof webPushSubscriptionSchema>;

const ENTITY = "WebPushSubscriptionInputErrors";

const toApi = (row: typeof webPushSubscriptions.$inferSelect) => ({
  _id: row.id,
  endpoint: row.endpoint,
  label: row.label,
  created: row.createdAt.toISOString(),
});
const own = (ctx: DomainContext) => and(eq(webPushSubscriptions.companyId, ctx.companyId), eq(webPushSubscriptions.userId, ctx.actor.user.id));

/** The VAPID public key browsers subscribe with (null: this installation sends no web push) and the caller's subscriptions. */
export async function readWebPush(ctx: DomainContext, env: Env) {
  const rows = await ctx.db.select().from(webPushSubscriptions).where(own(ctx)).orderBy(asc(webPushSubscriptions.createdAt));
  return { publicKey: vapidConfig(env)?.publicKey ?? null, subscriptions: rows.map(toApi) };
}

/**
 * Adds (or renews) the caller's subscription. An endpoint belongs to one browser profile: when
 * it was someone else's (a shared computer, another person signed in now), it becomes the
 * caller's, with the keys the browser gave now. Across the installation the latest registration
 * wins: the directory hears of it after the answer and removes another firm's older one on its
 * shard (decision 0318), so a registration is dated when it is made, renewed or taken over.
 */
export async function addWebPushSubscription(ctx: DomainContext, env: Env, input: WebPushSubscriptionInput) {
  if (!vapidConfig(env)) throw new ValidationError(ENTITY, {}, "This installation does not send push notifications.", 409);
  if (!endpointAllowed(input.endpoint, env)) throw new ValidationError(ENTITY, { endpoint: "Needs to be the https address of a push service." });
  const values = {
    companyId: ctx.companyId,
    userId: ctx.actor.user.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    label: input.label ?? "",
    createdAt: ctx.now,
  };
  const [row] = await ctx.db
    .insert(webPushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: webPushSubscriptions.endpoint, set: values })
    .returning();
  return toApi(row);
}

export async function deleteWebPushSubscription(ctx: DomainContext, id: string) {
  const [row] = await ctx.db
    .delete(webPushSubscriptions)
    .where(and(own(ctx), eq(webPushSubscriptions.id, id)))
    .returning();
  if (!row) throw new NotFoundError("Push subscription not found");
  return toApi(row);
}

/** A reminder's push is not kept by the push service for longer than this (TTL): a day-old nudge is noise. */
export const REMINDER_WEB_PUSH_TTL_S = 86_400;

/**
 * The notification of one reminder, as the service worker (public/sw.js) shows it: the question,
 * where a click on its body goes, and the mail's signed answer links, one action each (the
 * browser shows as many as it can: Notification.maxActions). Short keys: the whole body must
 * stay under the 4 KiB a push service accepts.
 */
export function reminderWebPushPayload(input: {
  appName: string;
  reminderId: string;
  dashboard: string;
  /** The recipient's language (decision 0306). */
  language?: string;
  answers: { answer: string; label: string; link: string }[];
}) {
  const language = input.language ?? "en";
  return {
    type: "update-reminder",
    tag: `update-reminder-${input.reminderId}`,
    title: translate(language, "reminder.subject"),
    body: translate(language, "reminder.webPushBody", { appName: input.appName }),
    url: input.dashboard,
    actions: input.answers.map((a) => ({ action: a.answer, title: a.label, link: a.link })),
  };
}

/** The subscriptions of the given people, by person. */
export async function subscriptionsOf(db: Db, userIds: string[]) {
  const bySubscriber = new Map<string, (typeof webPushSubscriptions.$inferSelect)[]>();
  if (userIds.length === 0) return bySubscriber;
  const rows = await db.select().from(webPushSubscriptions).where(inJsonList(webPushSubscriptions.userId, userIds));
  for (const row of rows) bySubscriber.set(row.userId, [...(bySubscriber.get(row.userId) ?? []), row]);
  return bySubscriber;
}

export type WebPushDelivery = "sent" | "gone" | "failed";

/**
 * Pushes one payload to each of the person's subscriptions, once (no retry: the reminder's mail
 * is the one that is retried). A subscription the push service calls gone (404, 410) is deleted.
 */
export async function pushToSubscriptions(
  context: { db: Db; env: Env },
  subscriptions: (typeof webPushSubscriptions.$inferSelect)[],
  payload: unknown,
): Promise<WebPushDelivery[]> {
  const config = vapidConfig(context.env);
  if (!config) return [];
  const results: WebPushDelivery[] = [];
  for (const subscription of subscriptions) {
    if (!endpointAllowed(subscription.endpoint, context.env)) {
      results.push("failed");
      continue;
    }
    const result = await sendWebPush(config, subscription, payload, {
      ttlSeconds: REMINDER_WEB_PUSH_TTL_S,
      topic: "update-reminder",
      urgency: "normal",
    });
    if (result.outcome === "gone") {
      await context.db
        .delete(webPushSubscriptions)
        .where(and(eq(webPushSubscriptions.id, subscription.id), eq(webPushSubscriptions.endpoint, subscription.endpoint)));
    } else if (result.outcome === "failed") {
      console.warn(`[web-push] ${new URL(subscription.endpoint).host}: ${result.status} ${result.reason}`);
    }
    results.push(result.outcome);
  }
  return results;
}
