import { and, count, countDistinct, eq, gte, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client";
import { companies, usageEvents, users } from "~/db/schema";
import { addDays, dayKey, mondayOf } from "~/lib/dates";
import { installationToday } from "../today";
import { newId } from "~/lib/ids";
import { NotFoundError } from "../errors";
import { byName, onEveryShard, onFirmShard, type OperatorContext } from "../operator/operator.server";

/**
 * Usage statistics for the installation's operator (decision 0123): one row per sign-in and
 * per workload, forecast and location update, with the client it came from (web_app,
 * ios_app, teams_app_{client}). Written in the same batch as the change it counts.
 */
export const USAGE_EVENTS = ["sign_in", "workload", "forecast", "location"] as const;
export type UsageEvent = (typeof USAGE_EVENTS)[number];

const SOURCE = /^(web_app|ios_app|teams_app_[A-Za-z0-9_-]{1,40})$/;

/** The client a request says it is (X-Client-Source), web_app when it says nothing we know. */
export function requestSource(request: Request): string {
  const claimed = request.headers.get("X-Client-Source") ?? "";
  return SOURCE.test(claimed) ? claimed : "web_app";
}

export function usageEventStatement(db: Db, row: { companyId: string; userId: string; event: UsageEvent; source: string; at: Date }) {
  return db.insert(usageEvents).values({
    id: newId(),
    companyId: row.companyId,
    userId: row.userId,
    event: row.event,
    source: SOURCE.test(row.source) ? row.source : "web_app",
    createdAt: row.at,
  });
}

export const usageWeeksSchema = z.object({
  weeks: z.coerce
    .number({ error: "Weeks must be a whole number from 1 to 52." })
    .int("Weeks must be a whole number from 1 to 52.")
    .min(1, "Weeks must be a whole number from 1 to 52.")
    .max(52, "Weeks must be a whole number from 1 to 52.")
    .default(12),
});

const WEEK_MS = 7 * 86_400_000;

function weekWindow(now: Date, weeks: number) {
  const first = addDays(mondayOf(installationToday(now)), -7 * (weeks - 1));
  return { first, labels: Array.from({ length: weeks }, (_, i) => dayKey(addDays(first, 7 * i))) };
}

/** Active people (anyone with an event) and updates per source, per week, per company. */
async function weeklyUsage(ctx: OperatorContext, weeks: number, companyId?: string) {
  const { first, labels } = weekWindow(ctx.now, weeks);
  const week = sql<number>`cast((${usageEvents.createdAt} - ${first.getTime()}) / ${WEEK_MS} as integer)`;
  const where = and(gte(usageEvents.createdAt, first), companyId ? eq(usageEvents.companyId, companyId) : undefined);
  const [active, updates] = await ctx.db.batch([
    ctx.db
      .select({
        companyId: usageEvents.companyId,
        week: week.as("week"),
        people: countDistinct(usageEvents.userId),
        signIns: sql<number>`sum(${usageEvents.event} = 'sign_in')`,
      })
      .from(usageEvents)
      .where(where)
      .groupBy(usageEvents.companyId, sql`week`),
    ctx.db
      .select({ companyId: usageEvents.companyId, week: week.as("week"), source: usageEvents.source, n: count() })
      .from(usageEvents)
      .where(and(where, ne(usageEvents.event, "sign_in")))
      .groupBy(usageEvents.companyId, sql`week`, usageEvents.source),
  ]);
  const byCompany = new Map<string, { week: string; activePeople: number; signIns: number; updates: Record<string, number> }[]>();
  const series = (id: string) => {
    if (!byCompany.has(id))
      byCompany.set(
        id,
        labels.map((label) => ({ week: label, activePeople: 0, signIns: 0, updates: {} })),
      );
    return byCompany.get(id)!;
  };
  for (const row of active) {
    const point = series(row.companyId)[row.week];
    if (point) Object.assign(point, { activePeople: row.people, signIns: Number(row.signIns) });
  }
  for (const row of updates) {
    const point = series(row.companyId)[row.week];
    if (point) point.updates[row.source] = row.n;
  }
  return { weeks: labels, series };
}

/** GET /usage-stats/companies: every firm with its people and last week's active people. */
export async function usageCompanies(operator: OperatorContext) {
  const firms = await onEveryShard(operator, async (ctx, livesHere) => {
    const [rows, people] = await ctx.db.batch([
      ctx.db.select({ id: companies.id, name: companies.name }).from(companies),
      ctx.db.select({ companyId: users.companyId, n: count() }).from(users).groupBy(users.companyId),
    ]);
    const { series } = await weeklyUsage(ctx, 1);
    const counts = new Map(people.map((p) => [p.companyId, p.n]));
    return rows
      .filter((c) => livesHere(c.id))
      .map((c) => ({ _id: c.id, name: c.name, people: counts.get(c.id) ?? 0, activePeopleThisWeek: series(c.id)[0].activePeople }));
  });
  return firms.sort(byName);
}

/** GET /usage-stats/report: active people per week per firm and updates per source. */
export async function usageReport(operator: OperatorContext, weeks: number) {
  const firms = await onEveryShard(operator, async (ctx, livesHere) => {
    const rows = await ctx.db.select({ id: companies.id, name: companies.name }).from(companies);
    const { series } = await weeklyUsage(ctx, weeks);
    return rows
      .filter((c) => livesHere(c.id))
      .map((c) => {
        const points = series(c.id);
        const updates: Record<string, number> = {};
        for (const p of points) for (const [source, n] of Object.entries(p.updates)) updates[source] = (updates[source] ?? 0) + n;
        return { _id: c.id, name: c.name, activePeople: points.map((p) => p.activePeople), updates };
      });
  });
  return { weeks: weekWindow(operator.now, weeks).labels, companies: firms.sort(byName) };
}

/** GET /usage-stats/company/{id}: one firm's weeks. */
export async function usageOfCompany(operator: OperatorContext, companyId: string, weeks: number) {
  const ctx = await onFirmShard(operator, companyId);
  const [company] = await ctx.db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw new NotFoundError("Company not found");
  const { series } = await weeklyUsage(ctx, weeks, company.id);
  return { _id: company.id, name: company.name, weeks: series(company.id) };
}
