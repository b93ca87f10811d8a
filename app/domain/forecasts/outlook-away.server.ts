import { and, count, eq, gte, isNotNull } from "drizzle-orm";
import { audit } from "~/domain/audit.server";
import type { DomainContext, Runtime } from "~/domain/context";
import { ValidationError } from "~/domain/errors";
import { runBatch } from "~/db/batch";
import { companies, directorySync, forecasts, outlookAwayEvents, outlookCalendarSync } from "~/db/schema";
import { entraConfig } from "~/integrations/entra/config";
import { addDays } from "~/lib/dates";
import type { OutlookAwayState } from "./outlook-away.types";
import { outlookSyncStep } from "./outlook-sync.server";

/**
 * The person's switch 'Take my away days from Outlook' (decision 0304). It exists only where
 * the firm has a working Microsoft directory connection and the person is linked to a
 * directory user: elsewhere nothing shows and turning it on is refused.
 */
export const OUTLOOK_UNAVAILABLE =
  "Away days from Outlook need your firm's Microsoft directory connection, with your account linked to it. Ask your administrator.";

export type { OutlookAwayState };

async function available(ctx: DomainContext, runtime: Runtime): Promise<boolean> {
  if (!entraConfig(runtime.env) || !ctx.actor.user.azureAdId) return false;
  const [connected] = await ctx.db
    .select({ tenantId: companies.azureAdTenantId })
    .from(directorySync)
    .innerJoin(companies, eq(companies.id, directorySync.companyId))
    .where(eq(directorySync.companyId, ctx.companyId))
    .limit(1);
  return Boolean(connected?.tenantId);
}

/** What /settings shows, or null: no section at all. */
export async function outlookAwayState(ctx: DomainContext, runtime: Runtime): Promise<OutlookAwayState | null> {
  if (!(await available(ctx, runtime))) return null;
  const userId = ctx.actor.user.id;
  const [[sync], [days]] = await ctx.db.batch([
    ctx.db
      .select({ lastSyncedAt: outlookCalendarSync.lastSyncedAt, lastError: outlookCalendarSync.lastError })
      .from(outlookCalendarSync)
      .where(and(eq(outlookCalendarSync.userId, userId), eq(outlookCalendarSync.companyId, ctx.companyId)))
      .limit(1),
    ctx.db
      .select({ n: count() })
      .from(forecasts)
      .where(
        and(
          eq(forecasts.userId, userId),
          eq(forecasts.companyId, ctx.companyId),
          isNotNull(forecasts.outlookEventId),
          gte(forecasts.endDate, ctx.today),
        ),
      ),
  ]);
  return { on: Boolean(sync), lastSyncedAt: sync?.lastSyncedAt?.toISOString() ?? null, lastError: sync?.lastError ?? null, upcoming: days?.n ?? 0 };
}

/**
 * Turning it on syncs at once (one bounded step; the cron goes on from there). Turning it off
 * forgets the calendar and removes the away days from Outlook from today on; days before
 * today stay as history, and days the person made their own were never Outlook's.
 */
export async function setOutlookAway(ctx: DomainContext, runtime: Runtime, on: boolean): Promise<{ message: string }> {
  if (!(await available(ctx, runtime))) throw new ValidationError("OutlookAwayInputErrors", {}, OUTLOOK_UNAVAILABLE);
  const userId = ctx.actor.user.id;
  const mine = and(eq(outlookCalendarSync.userId, userId), eq(outlookCalendarSync.companyId, ctx.companyId));
  const [current] = await ctx.db.select().from(outlookCalendarSync).where(mine).limit(1);
  if (on) {
    if (current) return { message: "Away days from Outlook are on." };
    const row = { userId, companyId: ctx.companyId, enabledAt: ctx.now, nextRunAt: ctx.now };
    await runBatch(ctx.db, [ctx.db.insert(outlookCalendarSync).values(row), audit(ctx, "outlook-away.on", "user", userId)]);
    const step = await outlookSyncStep({ runtime, config: entraConfig(runtime.env)! }, { ...emptyCursor, ...row }, ctx.now);
    if (step.error) return { message: "Away days from Outlook are on. Outlook could not be read just now; we will keep trying." };
    return {
      message: step.created ? `Away days from Outlook are on: ${plural(step.created, "away period")} added.` : "Away days from Outlook are on.",
    };
  }
  if (!current) return { message: "Away days from Outlook are off." };
  const fromOutlook = and(eq(forecasts.userId, userId), eq(forecasts.companyId, ctx.companyId), isNotNull(forecasts.outlookEventId));
  await runBatch(ctx.db, [
    ctx.db.delete(outlookCalendarSync).where(mine),
    ctx.db.delete(outlookAwayEvents).where(and(eq(outlookAwayEvents.userId, userId), eq(outlookAwayEvents.companyId, ctx.companyId))),
    ctx.db.delete(forecasts).where(and(fromOutlook, gte(forecasts.startDate, ctx.today))),
    ctx.db
      .update(forecasts)
      .set({ endDate: addDays(ctx.today, -1), updatedAt: ctx.now })
      .where(and(fromOutlook, gte(forecasts.endDate, ctx.today))),
    audit(ctx, "outlook-away.off", "user", userId),
  ]);
  ctx.publish(ctx.companyId, { type: "UPDATE_FORECASTS_FOR_USER", userId, sessionId: ctx.clientSessionId ?? null });
  return { message: "Away days from Outlook are off. Their days from today on are removed." };
}

const emptyCursor = { link: null, inRound: false, roundStartedAt: null, windowStart: null, lastSyncedAt: null, failures: 0, lastError: null };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
