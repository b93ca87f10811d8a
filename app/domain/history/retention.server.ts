import { and, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "~/db/batch";
import type { Db } from "~/db/client";
import {
  companies,
  historyRetentionState,
  statDays,
  statRollupState,
  workloadHistory,
  workloadWeekly,
  workplaceHistory,
  type StatDay,
  type WorkloadWeek,
} from "~/db/schema";
import { addDays, DAY_MS, mondayOf } from "~/lib/dates";
import { retentionCutoff } from "./retention-cutoff";
import { systemCtx, type CommonContext, type Runtime } from "../context";
import { readCompanySettings } from "../company/settings.schema";
import { companyToday } from "../today";
import { weekOf } from "../statistics/weekly";

/**
 * History retention (decision 0308). Each firm keeps `history_retention_months` of raw
 * history (null: for ever). Older weeks, one ISO week per batch, oldest first:
 *   - each person's stat_days rows of the week become one workload_weekly row (statistics/
 *     weekly.ts; a week that would not come back exactly stays daily), and are deleted;
 *   - the raw workload_history rows recorded before the week's end are deleted, except each
 *     person's latest one: the state carried into the kept history (the history charts and
 *     the rollups start from it);
 *   - the rolling-week workplace_history rows of days before the week's end are deleted.
 * All of a week in one D1 batch with the cursor (history_retention_state.rolled_before), so
 * a crash leaves the week either rolled or not, and rolling it again recomputes the same rows
 * (an upsert keyed by person and week). A week is rolled only once the statistics' rollup has
 * rolled past it with nothing older left to correct: its daily rows are then final.
 */

/** Person-weeks one scheduled invocation may roll over all companies (5,000 people: 4 weeks). */
export const SCHEDULED_PERSON_WEEKS = 20_000;
/** The scheduled job starts no further week after this long (ms). */
const SCHEDULED_DEADLINE_MS = 10_000;
const ROWS_PER_STATEMENT = 200;

export { retentionCutoff };

/** The scheduled job's share: firms with a retention, each in bounded steps, until the budget or deadline is spent. */
export async function retainCompanies(runtime: Runtime, now: Date, budget = SCHEDULED_PERSON_WEEKS): Promise<void> {
  const { db } = runtime;
  const started = Date.now();
  const firms = await db.select({ id: companies.id }).from(companies).where(isNotNull(companies.historyRetentionMonths));
  let left = budget;
  for (const firm of firms) {
    if (left <= 0 || Date.now() - started > SCHEDULED_DEADLINE_MS) break;
    try {
      left -= (await retainCompany(await systemCtx(runtime, firm.id, "retention", now), left)).personWeeks;
    } catch (error) {
      console.error(`history retention failed for company ${firm.id}`, error);
    }
  }
}

/**
 * One bounded step for one company: its oldest weeks before the cutoff, one batch each, until
 * `personWeeks` is spent (at least one week). Returns whether nothing is left to roll now.
 */
export async function retainCompany(ctx: CommonContext, personWeeks: number): Promise<{ done: boolean; personWeeks: number; weeks: number }> {
  const { db, companyId } = ctx;
  const [[company], [state], [cursor]] = await db.batch([
    db.select({ months: companies.historyRetentionMonths, settings: companies.settings }).from(companies).where(eq(companies.id, companyId)).limit(1),
    db.select().from(historyRetentionState).where(eq(historyRetentionState.companyId, companyId)).limit(1),
    db.select().from(statRollupState).where(eq(statRollupState.companyId, companyId)).limit(1),
  ]);
  if (!company || company.months === null) return { done: true, personWeeks: 0, weeks: 0 };
  const cutoff = retentionCutoff(companyToday(readCompanySettings(company.settings), ctx.now), company.months);
  let week = state?.rolledBefore ?? (await oldestWeek(db, companyId));
  let spent = 0;
  let weeks = 0;
  while (week !== null && week < cutoff && (weeks === 0 || spent < personWeeks)) {
    const next = addDays(new Date(week), 7).getTime();
    // The statistics' rollup first: the week's daily rows final (rolled past it, no older change waiting).
    if (!cursor || cursor.rolledThrough < next || (cursor.dirtyFrom !== null && cursor.dirtyFrom < next)) break;
    spent += Math.max(1, await retainWeek(ctx, week));
    weeks++;
    week = next;
  }
  return { done: week === null || week >= cutoff, personWeeks: spent, weeks };
}

/** The Monday of the company's oldest history or daily rollup, or null when it has none. */
async function oldestWeek(db: Db, companyId: string): Promise<number | null> {
  const [[daily], [history], [places]] = await db.batch([
    db
      .select({ at: sql<number | null>`min(${statDays.day})` })
      .from(statDays)
      .where(eq(statDays.companyId, companyId)),
    db
      .select({ at: sql<number | null>`min(${workloadHistory.recordedAt})` })
      .from(workloadHistory)
      .where(eq(workloadHistory.companyId, companyId)),
    db
      // By when it was written (the company index), not by the day it is for: no scan of the firm's rows.
      .select({ at: sql<number | null>`min(${workplaceHistory.recordedAt})` })
      .from(workplaceHistory)
      .where(eq(workplaceHistory.companyId, companyId)),
  ]);
  const first = Math.min(daily?.at ?? Infinity, history?.at ?? Infinity, places?.at ?? Infinity);
  return Number.isFinite(first) ? mondayOf(new Date(first)).getTime() : null;
}

/** Rolls one week (from its Monday) of one company; returns the person-weeks rolled. */
async function retainWeek(ctx: CommonContext, week: number): Promise<number> {
  const { db, companyId } = ctx;
  const next = week + 7 * DAY_MS;
  const inWeek = and(eq(statDays.companyId, companyId), gte(statDays.day, week), lt(statDays.day, next));
  // Raw history from before the statistics' first day (a firm older than its rollups) has no
  // daily rows and no screen showed it: it goes without a weekly row. Rolling it into days
  // now would give ranges across that first day other figures than they had (decision 0308).
  const rows = await db.select().from(statDays).where(inWeek);
  const byPerson = new Map<string, StatDay[]>();
  for (const row of rows) byPerson.set(row.userId, [...(byPerson.get(row.userId) ?? []), row]);
  const weekly = [...byPerson.values()].map(weekOf).filter((w): w is WorkloadWeek => w !== null);
  const rolled = weekly.map((w) => w.userId);
  const statements: BatchItem<"sqlite">[] = [
    // The cursor first: the deletes below are then past it, and migration 0037's trigger does
    // not mark the statistics dirty for them.
    db
      .insert(historyRetentionState)
      .values({ companyId, rolledBefore: next })
      .onConflictDoUpdate({ target: historyRetentionState.companyId, set: { rolledBefore: next } }),
    // Rolling a week again recomputes its rows: the old ones go, the new ones come (keyed by person and week).
    ...chunks(rolled, ROWS_PER_STATEMENT).map((ids) =>
      db
        .delete(workloadWeekly)
        .where(
          and(
            eq(workloadWeekly.companyId, companyId),
            eq(workloadWeekly.week, week),
            sql`${workloadWeekly.userId} in (select value from json_each(${JSON.stringify(ids)}))`,
          ),
        ),
    ),
    ...chunks(weekly, ROWS_PER_STATEMENT).map((chunk) => insertWeeks(db, chunk)),
    ...chunks(rolled, ROWS_PER_STATEMENT).map((ids) =>
      db.delete(statDays).where(and(inWeek, sql`${statDays.userId} in (select value from json_each(${JSON.stringify(ids)}))`)),
    ),
    // Raw history before the week's end, but each person's latest such row: the state they carry into what is kept.
    db.delete(workloadHistory).where(
      and(
        eq(workloadHistory.companyId, companyId),
        lt(workloadHistory.recordedAt, new Date(next)),
        sql`${workloadHistory.id} not in (select (select w.id from ${workloadHistory} w where w.user_id = p.user_id and w.recorded_at < ${next}
            order by w.recorded_at desc, w.id desc limit 1)
          from (select distinct user_id from ${workloadHistory} where company_id = ${companyId} and recorded_at < ${next}) p)`,
      ),
    ),
    db
      .delete(workplaceHistory)
      .where(and(eq(workplaceHistory.companyId, companyId), eq(workplaceHistory.kind, "rolling"), lt(workplaceHistory.key, next))),
  ];
  await runBatch(db, statements);
  return weekly.length;
}

// Whole chunks go in as one JSON parameter: D1 allows 100 bound parameters per statement.
function insertWeeks(db: Db, rows: WorkloadWeek[]) {
  // Columns in the table's order (insert ... select lists them all).
  const columns: (keyof WorkloadWeek)[] = [
    "companyId",
    "userId",
    "week",
    "groupId",
    "officeId",
    "days",
    "reported",
    "levelSum",
    "levelMin",
    "levelMax",
    "away",
    "office",
    "home",
    "absent",
    "elsewhere",
    "dayCodes",
    "cumDays",
    "cumReported",
    "cumLevelSum",
    "cumLevel0",
    "cumLevel3",
    "cumHome",
    "cumAway",
  ];
  const values = sql.raw(columns.map((c) => `value->>'${c}'`).join(", "));
  return db.insert(workloadWeekly).select(sql`select ${values} from json_each(${JSON.stringify(rows)})`);
}

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
