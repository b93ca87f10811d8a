import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { liveHere } from "~/db/fence";
import type { Db } from "~/db/client";
import { notificationTokens, pushOutbox } from "~/db/schema";
import type { Env } from "~/env";
import { retryDelayMs, MAX_ATTEMPTS } from "../email/outbox.server";
import { sendPush } from "./client.server";
import { apnsConfig } from "./config";

/**
 * The push outbox (decision 0197): a push is written before it is sent and sent by the cron,
 * with the e-mail outbox's backoff and attempt limit. A token APNs calls unregistered is
 * deleted with every push still waiting for it.
 */

/** Token types of the iOS app (POST /notification-token/{tokenType}). */
export const IOS_TOKEN_TYPES = ["apns", "ios"] as const;

const CLAIM_MS = 2 * 60_000;
const CRON_BATCH = 50;

export type PushDelivery = "sent" | "failed" | "dropped" | "unregistered" | "expired" | "not-due" | "off";

export async function deliverPush(context: { db: Db; env: Env }, id: string, now = new Date()): Promise<PushDelivery> {
  const { db } = context;
  const config = apnsConfig(context.env);
  if (!config) return "off";
  const due = and(eq(pushOutbox.id, id), inArray(pushOutbox.status, ["pending", "failed"]), lte(pushOutbox.nextAttemptAt, now));
  const [claimed] = await db
    .update(pushOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(due)
    .returning();
  if (!claimed) return "not-due";
  if (claimed.expiresAt.getTime() <= now.getTime()) {
    await db
      .update(pushOutbox)
      .set({ status: "dropped", lastError: "Expired before it could be sent", nextAttemptAt: null })
      .where(eq(pushOutbox.id, id));
    return "expired";
  }
  const attempts = claimed.attempts + 1;
  const result = await sendPush(config, {
    deviceToken: claimed.deviceToken,
    payload: JSON.parse(claimed.payload) as Record<string, unknown>,
    expiresAt: claimed.expiresAt,
    priority: 5,
    collapseId: "update-reminder",
  });
  if (result.outcome === "sent") {
    await db
      .update(pushOutbox)
      .set({ status: "sent", attempts, sentAt: new Date(), lastError: null, nextAttemptAt: null })
      .where(eq(pushOutbox.id, id));
    return "sent";
  }
  const lastError = `${result.status ? `${result.status} ` : ""}${result.reason}`.slice(0, 1000);
  if (result.outcome === "unregistered") {
    await db.batch([
      db
        .delete(notificationTokens)
        .where(
          and(
            eq(notificationTokens.userId, claimed.userId),
            eq(notificationTokens.token, claimed.deviceToken),
            inArray(notificationTokens.tokenType, [...IOS_TOKEN_TYPES]),
          ),
        ),
      db
        .update(pushOutbox)
        .set({ status: "dropped", attempts, lastError, nextAttemptAt: null })
        .where(and(eq(pushOutbox.deviceToken, claimed.deviceToken), inArray(pushOutbox.status, ["pending", "failed"]))),
      db.update(pushOutbox).set({ status: "dropped", attempts, lastError, nextAttemptAt: null }).where(eq(pushOutbox.id, id)),
    ]);
    return "unregistered";
  }
  if (result.outcome === "drop") {
    await db.update(pushOutbox).set({ status: "dropped", attempts, lastError, nextAttemptAt: null }).where(eq(pushOutbox.id, id));
    return "dropped";
  }
  const giveUp = attempts >= MAX_ATTEMPTS;
  const next = new Date(now.getTime() + retryDelayMs(attempts));
  await db
    .update(pushOutbox)
    .set({ status: "failed", attempts, lastError, nextAttemptAt: giveUp || next >= claimed.expiresAt ? null : next })
    .where(eq(pushOutbox.id, id));
  return "failed";
}

/** The cron's part: every push that is due, oldest first. */
export async function deliverDuePushes(context: { db: Db; env: Env }, now = new Date()): Promise<PushDelivery[]> {
  if (!apnsConfig(context.env)) return [];
  const rows = await context.db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(and(inArray(pushOutbox.status, ["pending", "failed"]), lte(pushOutbox.nextAttemptAt, now), liveHere(pushOutbox.companyId)))
    .orderBy(asc(pushOutbox.nextAttemptAt))
    .limit(CRON_BATCH);
  const results: PushDelivery[] = [];
  for (const { id } of rows) results.push(await deliverPush(context, id, now));
  return results;
}
