import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { historyRetentionState, statDays, workloadWeekly, type StatDay } from "~/db/schema";
import { DAY_MS, mondayOf } from "~/lib/dates";
import { daysOfWeek } from "./weekly";

/**
 * Reading the statistics' daily rows where retention has rolled them into weeks (decision
 * 0308): the rows come back from workload_weekly exactly as they were, next to the daily
 * rows still kept (a week that could not be rolled exactly stays daily).
 */

/** The Monday before which the company's weeks may be rolled; 0 when nothing is. */
export async function rolledBefore(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({ before: historyRetentionState.rolledBefore })
    .from(historyRetentionState)
    .where(eq(historyRetentionState.companyId, companyId))
    .limit(1);
  return row?.before ?? 0;
}

/** The rolled daily rows from `from` to `to` (inclusive), of one person or of the whole company. */
export async function weeklyDays(db: Db, companyId: string, from: number, to: number, userId?: string): Promise<StatDay[]> {
  const weeks = await db
    .select()
    .from(workloadWeekly)
    .where(
      and(
        eq(workloadWeekly.companyId, companyId),
        gte(workloadWeekly.week, mondayOf(new Date(from)).getTime()),
        lte(workloadWeekly.week, to),
        userId ? eq(workloadWeekly.userId, userId) : undefined,
      ),
    )
    .orderBy(asc(workloadWeekly.week));
  return weeks.flatMap(daysOfWeek).filter((row) => row.day >= from && row.day <= to);
}

/**
 * The company's rows of its last day with rows on or before `bound` (before it when not
 * `inclusive`): the running totals the statistics subtract, where that day may be rolled.
 * The same day the statistics' own query finds (the company's latest), from both tables.
 */
export async function rowsOfLastDay(db: Db, companyId: string, bound: number, inclusive: boolean): Promise<StatDay[]> {
  const last = inclusive ? bound : bound - 1;
  const [[daily], [weekly]] = await db.batch([
    db
      .select({ day: sql<number | null>`max(${statDays.day})` })
      .from(statDays)
      .where(and(eq(statDays.companyId, companyId), lte(statDays.day, last))),
    db
      .select({ week: sql<number | null>`max(${workloadWeekly.week})` })
      .from(workloadWeekly)
      .where(and(eq(workloadWeekly.companyId, companyId), lte(workloadWeekly.week, last))),
  ]);
  // The latest rolled week on or before the bound may hold only days after it: then the week before.
  const rolled = weekly?.week == null ? [] : await weeklyDays(db, companyId, weekly.week - 7 * DAY_MS, last);
  const rolledDay = rolled.length ? Math.max(...rolled.map((r) => r.day)) : null;
  const day = Math.max(daily?.day ?? -Infinity, rolledDay ?? -Infinity);
  if (!Number.isFinite(day)) return [];
  const kept =
    daily?.day === day
      ? await db
          .select()
          .from(statDays)
          .where(and(eq(statDays.companyId, companyId), eq(statDays.day, day)))
      : [];
  return [...kept, ...rolled.filter((r) => r.day === day)];
}
