import { and, asc, eq, gte, isNotNull, isNull, lt, lte, ne } from "drizzle-orm";
import { liveHere } from "~/db/fence";
import type { BatchItem } from "drizzle-orm/batch";
import { audit } from "~/domain/audit.server";
import { systemCtx, type CommonContext, type Runtime, type SystemContext } from "~/domain/context";
import { readCompanySettings } from "~/domain/company/settings.schema";
import { runBatch } from "~/db/batch";
import {
  companies,
  directorySync,
  forecasts,
  offices,
  outlookAwayEvents,
  outlookCalendarSync,
  users,
  vacations,
  type OutlookCalendarSync,
} from "~/db/schema";
import type { EntraConfig } from "~/integrations/entra/config";
import { fetchAutomaticReplies, fetchCalendarDeltaPage, initialCalendarLink, type CalendarEvent } from "~/integrations/entra/calendar.server";
import { GraphError } from "~/integrations/entra/graph.server";
import { addDays, dayKey } from "~/lib/dates";
import { newId } from "~/lib/ids";
import { startOfLocalDay } from "~/lib/time-zones";
import { todayInZone } from "~/domain/today";
import { OUTLOOK_SOURCE } from "./statuses";
import { awaySegments, daysCoveringNoon, eventDays, instantOfGraph, type DayRange } from "./outlook-days";

/**
 * 'Take my away days from Outlook' (decision 0304): per person who turned it on, their
 * calendar's Graph calendarView delta over a window (a week back, a year ahead), a few pages
 * per cron run with the cursor saved after each, plus their automatic-replies window. Events
 * shown as Out of office are kept as days (outlook_away_events); the person's away days from
 * Outlook are then made from them, around every day the person entered themselves, which
 * the sync never changes or removes.
 */
export const AUTOMATIC_REPLIES = "automaticReplies";
export const PAGE_SIZE = 50;
export const PAGES_PER_STEP = 4;
export const PEOPLE_PER_RUN = 10;
export const WINDOW_BACK_DAYS = 7;
export const WINDOW_AHEAD_DAYS = 365;
/** Changes are asked for this often; a new full round (the window moved on) once a week. */
export const DELTA_INTERVAL_MS = 15 * 60_000;
export const ROUND_RENEWAL_MS = 7 * 24 * 60 * 60_000;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;
export const NOT_CONNECTED = "Your firm's Microsoft directory is no longer connected, or your account is not linked to it.";

export interface OutlookSyncEnv {
  runtime: Runtime;
  config: EntraConfig;
  /** Tests page through small calendars with small steps. */
  pageSize?: number;
  pagesPerStep?: number;
}

export interface OutlookStepReport {
  userId: string;
  pages: number;
  created: number;
  removed: number;
  roundComplete: boolean;
  error: string | null;
}

/** The cron's entry: the people whose turn it is, longest waiting first. */
export async function runOutlookSync(env: OutlookSyncEnv, now = new Date()): Promise<OutlookStepReport[]> {
  const due = await env.runtime.db
    .select()
    .from(outlookCalendarSync)
    .where(and(lte(outlookCalendarSync.nextRunAt, now), liveHere(outlookCalendarSync.companyId)))
    .orderBy(asc(outlookCalendarSync.nextRunAt))
    .limit(PEOPLE_PER_RUN);
  const reports: OutlookStepReport[] = [];
  for (const cursor of due) reports.push(await outlookSyncStep(env, cursor, now));
  return reports;
}

/** Who the person is in the directory, which directory, and their zone; null when the connection is gone. */
async function personOf(ctx: CommonContext, userId: string) {
  const [row] = await ctx.db
    .select({
      azureAdId: users.azureAdId,
      tenantId: companies.azureAdTenantId,
      settings: companies.settings,
      officeZone: offices.timeZone,
      connected: directorySync.companyId,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(offices, eq(offices.id, users.officeId))
    .leftJoin(directorySync, eq(directorySync.companyId, users.companyId))
    .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId)))
    .limit(1);
  if (!row?.azureAdId || !row.tenantId || !row.connected) return null;
  return { azureAdId: row.azureAdId, tenantId: row.tenantId, zone: row.officeZone ?? readCompanySettings(row.settings).timeZone };
}

/** One step for one person: up to PAGES_PER_STEP pages (the cursor saved with each page's changes), then their automatic replies. */
export async function outlookSyncStep(env: OutlookSyncEnv, cursor: OutlookCalendarSync, now = new Date()): Promise<OutlookStepReport> {
  const report: OutlookStepReport = { userId: cursor.userId, pages: 0, created: 0, removed: 0, roundComplete: false, error: null };
  const ctx = await systemCtx(env.runtime, cursor.companyId, "outlook", now);
  const save = (patch: Partial<OutlookCalendarSync>) =>
    ctx.db
      .update(outlookCalendarSync)
      .set(patch)
      .where(and(eq(outlookCalendarSync.userId, cursor.userId), eq(outlookCalendarSync.companyId, ctx.companyId)));
  const person = await personOf(ctx, cursor.userId);
  if (!person) {
    await save({ lastError: NOT_CONNECTED, nextRunAt: new Date(now.getTime() + MAX_BACKOFF_MS) });
    return { ...report, error: NOT_CONNECTED };
  }
  const today = todayInZone(person.zone, now);
  let { link, inRound, roundStartedAt, windowStart } = cursor;
  const renew = !inRound && roundStartedAt && now.getTime() - roundStartedAt.getTime() >= ROUND_RENEWAL_MS;
  if (!link || renew) {
    windowStart = addDays(today, -WINDOW_BACK_DAYS);
    const windowEnd = addDays(today, WINDOW_AHEAD_DAYS);
    link = initialCalendarLink(
      env.config,
      person.azureAdId,
      startOfLocalDay(dayKey(windowStart), person.zone),
      startOfLocalDay(dayKey(windowEnd), person.zone),
    );
    inRound = true;
    roundStartedAt = now;
  }
  const stamp = roundStartedAt ?? now;
  try {
    while (report.pages < (env.pagesPerStep ?? PAGES_PER_STEP)) {
      const page = await fetchCalendarDeltaPage(env.config, person.tenantId, link, env.pageSize ?? PAGE_SIZE);
      report.pages += 1;
      const writes = eventWrites(ctx, cursor.userId, page.events, person.zone, stamp);
      if (page.nextLink) {
        link = page.nextLink;
        await runBatch(ctx.db, [...writes, save({ link, inRound, roundStartedAt, windowStart, nextRunAt: now, failures: 0, lastError: null })]);
        continue;
      }
      // A full round reported every event of its window: the out-of-office ones it did not report are gone.
      const gone =
        inRound && windowStart
          ? [
              ctx.db
                .delete(outlookAwayEvents)
                .where(
                  and(
                    eq(outlookAwayEvents.userId, cursor.userId),
                    eq(outlookAwayEvents.companyId, ctx.companyId),
                    ne(outlookAwayEvents.eventId, AUTOMATIC_REPLIES),
                    lt(outlookAwayEvents.seenAt, stamp),
                    gte(outlookAwayEvents.endDate, windowStart),
                  ),
                ),
            ]
          : [];
      report.roundComplete = true;
      link = page.deltaLink;
      await runBatch(ctx.db, [
        ...writes,
        ...gone,
        save({
          link,
          inRound: false,
          roundStartedAt,
          windowStart,
          nextRunAt: new Date(now.getTime() + DELTA_INTERVAL_MS),
          failures: 0,
          lastError: null,
        }),
      ]);
      break;
    }
    await syncAutomaticReplies(env, ctx, cursor.userId, person, today);
    const applied = await applyAwayDays(ctx, cursor.userId, today);
    report.created = applied.created;
    report.removed = applied.removed;
    await save({ lastSyncedAt: now });
  } catch (error) {
    report.error = error instanceof Error ? error.message : String(error);
    const failures = cursor.failures + 1;
    // 410 Gone: the delta token expired (or the window no longer fits); the next step starts a new round.
    const restart = error instanceof GraphError && error.status === 410;
    await save({
      ...(restart ? { link: null, inRound: false } : {}),
      failures,
      lastError: describeFailure(error).slice(0, 500),
      nextRunAt: new Date(now.getTime() + Math.min(MAX_BACKOFF_MS, 5 * 60_000 * 2 ** (failures - 1))),
    });
  }
  return report;
}

/** What the person reads on /settings when a step failed. */
function describeFailure(error: unknown): string {
  if (error instanceof GraphError && error.status === 403)
    return "Microsoft refused to share your calendar: an administrator of your firm's directory needs to grant this app Calendars.ReadBasic and MailboxSettings.Read.";
  return error instanceof Error ? error.message : String(error);
}

/** A page's events as writes: out-of-office ones kept as days, anything else (or removed) forgotten. */
function eventWrites(ctx: SystemContext, userId: string, events: CalendarEvent[], zone: string, seenAt: Date): BatchItem<"sqlite">[] {
  const writes: BatchItem<"sqlite">[] = [];
  for (const event of events) {
    if (!event.id || event.id === AUTOMATIC_REPLIES) continue;
    const days = event["@removed"] || event.isCancelled || event.showAs !== "oof" ? null : eventDays(event, zone);
    if (!days) {
      writes.push(
        ctx.db
          .delete(outlookAwayEvents)
          .where(and(eq(outlookAwayEvents.userId, userId), eq(outlookAwayEvents.companyId, ctx.companyId), eq(outlookAwayEvents.eventId, event.id))),
      );
      continue;
    }
    writes.push(
      ctx.db
        .insert(outlookAwayEvents)
        .values({ companyId: ctx.companyId, userId, eventId: event.id, ...days, seenAt })
        .onConflictDoUpdate({ target: [outlookAwayEvents.userId, outlookAwayEvents.eventId], set: { ...days, seenAt } }),
    );
  }
  return writes;
}

/**
 * The automatic-replies window as the event "automaticReplies": a scheduled window's days
 * (those whose midday it covers); 'always on' is away from the day it was first seen through
 * today, extended each day while it stays on. Turned off, its days from today on go; the
 * days before stay as they were.
 */
async function syncAutomaticReplies(
  env: OutlookSyncEnv,
  ctx: SystemContext,
  userId: string,
  person: { azureAdId: string; tenantId: string; zone: string },
  today: Date,
) {
  const replies = await fetchAutomaticReplies(env.config, person.tenantId, person.azureAdId);
  const where = and(
    eq(outlookAwayEvents.userId, userId),
    eq(outlookAwayEvents.companyId, ctx.companyId),
    eq(outlookAwayEvents.eventId, AUTOMATIC_REPLIES),
  );
  const [current] = await ctx.db.select().from(outlookAwayEvents).where(where).limit(1);
  let days: DayRange | null = null;
  if (replies.status === "scheduled" && replies.scheduledStartDateTime && replies.scheduledEndDateTime) {
    days = daysCoveringNoon(
      instantOfGraph(replies.scheduledStartDateTime, person.zone),
      instantOfGraph(replies.scheduledEndDateTime, person.zone),
      person.zone,
    );
  } else if (replies.status === "alwaysEnabled") {
    const continues = current && current.endDate.getTime() >= addDays(today, -1).getTime();
    days = { startDate: continues ? current.startDate : today, endDate: today };
  }
  if (days) {
    if (current && current.startDate.getTime() === days.startDate.getTime() && current.endDate.getTime() === days.endDate.getTime()) return;
    await ctx.db
      .insert(outlookAwayEvents)
      .values({ companyId: ctx.companyId, userId, eventId: AUTOMATIC_REPLIES, ...days, seenAt: ctx.now })
      .onConflictDoUpdate({ target: [outlookAwayEvents.userId, outlookAwayEvents.eventId], set: { ...days, seenAt: ctx.now } });
    return;
  }
  if (!current || current.endDate.getTime() < today.getTime()) return;
  if (current.startDate.getTime() >= today.getTime()) await ctx.db.delete(outlookAwayEvents).where(where);
  else
    await ctx.db
      .update(outlookAwayEvents)
      .set({ endDate: addDays(today, -1) })
      .where(where);
}

/**
 * The person's away days from Outlook made to match their out-of-office events, from today
 * on: ranges that no longer match go, missing ones are added; a day the person entered
 * (any forecast not from Outlook, or an absence) is left out and never touched. Days before
 * today are history and stay as they were.
 */
export async function applyAwayDays(ctx: SystemContext, userId: string, today: Date): Promise<{ created: number; removed: number }> {
  const mine = and(eq(forecasts.userId, userId), eq(forecasts.companyId, ctx.companyId));
  const events = await ctx.db
    .select({ eventId: outlookAwayEvents.eventId, startDate: outlookAwayEvents.startDate, endDate: outlookAwayEvents.endDate })
    .from(outlookAwayEvents)
    .where(and(eq(outlookAwayEvents.userId, userId), eq(outlookAwayEvents.companyId, ctx.companyId), gte(outlookAwayEvents.endDate, today)));
  // A range that began before today is compared whole: what the person entered in its first days counts too.
  const since = new Date(Math.min(today.getTime(), ...events.map((e) => e.startDate.getTime())));
  const [handEntered, absences, fromOutlook] = await ctx.db.batch([
    ctx.db
      .select({ startDate: forecasts.startDate, endDate: forecasts.endDate })
      .from(forecasts)
      .where(and(mine, isNull(forecasts.outlookEventId), gte(forecasts.endDate, since))),
    ctx.db
      .select({ startDate: vacations.startDate, endDate: vacations.endDate })
      .from(vacations)
      .where(and(eq(vacations.userId, userId), eq(vacations.companyId, ctx.companyId), gte(vacations.endDate, since))),
    ctx.db
      .select({ id: forecasts.id, startDate: forecasts.startDate, endDate: forecasts.endDate })
      .from(forecasts)
      .where(and(mine, isNotNull(forecasts.outlookEventId), gte(forecasts.endDate, today))),
  ]);
  const wanted = awaySegments(events, [...handEntered, ...absences], today);
  const key = (r: DayRange) => `${r.startDate.getTime()}-${r.endDate.getTime()}`;
  const have = new Set(fromOutlook.map(key));
  const want = new Set(wanted.map(key));
  const stale = fromOutlook.filter((r) => !want.has(key(r)));
  const missing = wanted.filter((r) => !have.has(key(r)));
  if (stale.length === 0 && missing.length === 0) return { created: 0, removed: 0 };
  const writes: BatchItem<"sqlite">[] = [
    ...stale.map((r) => ctx.db.delete(forecasts).where(and(mine, eq(forecasts.id, r.id)))),
    ...missing.map((r) =>
      ctx.db.insert(forecasts).values({
        id: newId(),
        companyId: ctx.companyId,
        userId,
        startDate: r.startDate,
        endDate: r.endDate,
        status: "away",
        comment: null,
        externalSource: OUTLOOK_SOURCE,
        outlookEventId: r.eventId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      }),
    ),
  ];
  // Bounded: a person has a handful of out-of-office ranges in a year; chunks keep each batch small all the same.
  for (let i = 0; i < writes.length; i += 50) {
    const chunk = writes.slice(i, i + 50);
    if (i === 0) chunk.push(audit(ctx, "forecast.outlook-sync", "user", userId, { created: missing.length, removed: stale.length }));
    await runBatch(ctx.db, chunk);
  }
  ctx.publish(ctx.companyId, { type: "UPDATE_FORECASTS_FOR_USER", userId, sessionId: null });
  return { created: missing.length, removed: stale.length };
}
