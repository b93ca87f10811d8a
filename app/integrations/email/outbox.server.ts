import { shardDb, shardsOf } from "~/db/shards.server";
import { and, asc, desc, eq, inArray, lte } from "drizzle-orm";
import { liveHere } from "~/db/fence";
import type { Db } from "~/db/client";
import { emailOutbox } from "~/db/schema";
import type { Env } from "~/env";
import { newId } from "~/lib/ids";
import { mailRouteFor, type MailEnv } from "./config.server";
import { buildMime } from "./mime";
import { sendSmtp } from "./smtp-client.server";
import { allowsLoopbackSmtp, smtpTargetProblem } from "./smtp-policy";
import type { EmailMessage } from "./types";

/**
 * Outbox first: every message is written to email_outbox before anything is sent, then
 * sent right after the response (waitUntil) when the caller runs in a request. A failed
 * send stays in the outbox and the cron (deliverDueEmails) tries again with backoff, so a
 * message is never lost. A claim moves next_attempt_at forward before sending, so the
 * request and the cron never send the same message at the same time.
 */
export interface MailContext {
  db: Db;
  env?: Env & MailEnv;
  ctx?: Pick<ExecutionContext, "waitUntil">;
}

/** Messages whose sending was interrupted are picked up again after this long. */
const CLAIM_MS = 2 * 60_000;
/** Without any mail server, messages are looked at again hourly (so a server added later sends them). */
const NO_ROUTE_RECHECK_MS = 60 * 60_000;
const FIRST_RETRY_MS = 5 * 60_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
/** After this many failed attempts (about two days) the message stays in the outbox as failed. */
export const MAX_ATTEMPTS = 12;
const CRON_BATCH = 50;

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);
}

function isDb(target: MailContext | Db): target is Db {
  return typeof (target as Db).select === "function" && !("db" in target);
}

export async function enqueueEmail(
  target: MailContext | Db,
  companyId: string,
  message: EmailMessage,
  now = new Date(),
  options: { viaInstallation?: boolean } = {},
): Promise<string> {
  const context: MailContext = isDb(target) ? { db: target } : target;
  const id = newId();
  await context.db.insert(emailOutbox).values({
    id,
    companyId,
    toAddress: message.to.trim(),
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
    status: "pending",
    viaInstallation: options.viaInstallation ?? false,
    nextAttemptAt: now,
    createdAt: now,
  });
  const { env, ctx } = context;
  if (env && ctx) {
    ctx.waitUntil(deliverEmail({ db: context.db, env }, id).catch((error) => console.error("e-mail delivery failed", error)));
  }
  return id;
}

export type DeliveryResult = "sent" | "failed" | "no-route" | "not-due";

/** Tries to send one outbox message now, if it is due and not being sent elsewhere. */
export async function deliverEmail(context: { db: Db; env: Env & MailEnv }, id: string, now = new Date()): Promise<DeliveryResult> {
  const { db, env } = context;
  const due = and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ["pending", "failed"]), lte(emailOutbox.nextAttemptAt, now));
  const [row] = await db
    .select({ companyId: emailOutbox.companyId, viaInstallation: emailOutbox.viaInstallation })
    .from(emailOutbox)
    .where(due)
    .limit(1);
  if (!row) return "not-due";
  const route = await mailRouteFor(db, env, row.companyId, { installationOnly: row.viaInstallation });
  if (route.kind === "none") {
    await db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + NO_ROUTE_RECHECK_MS) })
      .where(due);
    return "no-route";
  }
  const [claimed] = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(due)
    .returning();
  if (!claimed) return "not-due";
  const attempts = claimed.attempts + 1;
  try {
    const data = buildMime(
      { from: route.smtp.sender, to: claimed.toAddress, subject: claimed.subject, text: claimed.textBody, html: claimed.htmlBody },
      now,
    );
    // A company's server saved before the host rules existed is held to them here too.
    const problem = route.kind === "company" ? smtpTargetProblem(route.smtp, env) : null;
    if (problem) throw new Error(`The company's SMTP server is not allowed: ${problem.message}`);
    await sendSmtp(route.smtp, claimed.toAddress, data, { allowLoopbackPlaintext: allowsLoopbackSmtp(env) });
  } catch (error) {
    const giveUp = attempts >= MAX_ATTEMPTS;
    await db
      .update(emailOutbox)
      .set({
        status: "failed",
        attempts,
        lastError: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
        nextAttemptAt: giveUp ? null : new Date(now.getTime() + retryDelayMs(attempts)),
      })
      .where(eq(emailOutbox.id, id));
    if (giveUp) console.error(`e-mail ${id} failed ${attempts} times; it stays in the outbox`);
    return "failed";
  }
  await db
    .update(emailOutbox)
    .set({ status: "sent", attempts, sentAt: new Date(), lastError: null, nextAttemptAt: null })
    .where(eq(emailOutbox.id, id));
  return "sent";
}

/** The cron's part: every message that is due, oldest first, one at a time. */
export async function deliverDueEmails(context: { db: Db; env: Env & MailEnv }, now = new Date()) {
  const rows = await context.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.status, ["pending", "failed"]), lte(emailOutbox.nextAttemptAt, now), liveHere(emailOutbox.companyId)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(CRON_BATCH);
  const results: DeliveryResult[] = [];
  for (const { id } of rows) results.push(await deliverEmail(context, id, now));
  return results;
}

/**
 * What the development mailbox (/dev/mailbox) lists: the newest messages of the whole outbox,
 * or those to one address, with each one's HTML for a spec to render (tests/e2e/mail-languages.spec.ts).
 * Every company's on every shard, so only a loopback development server may show it.
 */
export async function latestOutboxMessages(env: Env, to: string, limit = 100) {
  const perShard = await Promise.all(shardsOf(env).map((shard) => outboxOf(shardDb(shard), to, limit)));
  return perShard
    .flat()
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, limit);
}

function outboxOf(db: Db, to: string, limit: number) {
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      html: emailOutbox.htmlBody,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(to ? eq(emailOutbox.toAddress, to) : undefined)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
}
