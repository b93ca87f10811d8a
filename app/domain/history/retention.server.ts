import { and, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { liveHere } from "~/db/fence";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "~/db/batch";
import { errorMessages } from "~/db/constraint-errors";
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
import { DAY_MS, mondayOf } from "~/lib/dates";
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
 * rolled past it with nothing older left to correct: its daily rows are then final. The week
 * is read, then written; the cursor's write is the batch's guard, so the batch applies only if
 * that still holds and the week's daily rows are still the ones read (a rollup step may have
 * rewritten them in between); otherwise none of it does and the week waits for a later run.
 */

/** Person-weeks one scheduled invocation may roll over all companies (5,000 people: 4 weeks). */
export const SCHEDULED_PERSON_WEEKS = 20_000;
/** The scheduled job starts no further week after this long (ms). */
const SCHEDULED_DEADLINE_MS = 10_000;
const ROWS_PER_STATEMENT = 200;
/** Daily rows compared per guard statement (one JSON parameter of about 100 KB). */
const ROWS_PER_GUARD = 1000;

export { retentionCutoff };

/** The scheduled job's share: firms with a retention, each in bounded steps, until the budget or deadline is spent. */
export async function retainCompanies(runtime: Runtime, now: Date, budget = SCHEDULED_PERSON_WEEKS): Promise<void> {
  const { db } = runtime;
  const started = Date.now();
  const firms = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(isNotNull(companies.historyRetentionMonths), liveHere(companies.id)));
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
 * A week whose batch finds its daily rows changed since it read them is left for a later run,
 * and this call stops there.
 */
export async function retainCompany(ctx: CommonContext, personWeeks: number): Promise<{ done: boolean; personWeeks: number; weeks: number }> {
  const { db, companyId } = ctx;
  const [[company], [state]] = await db.batch([
    db.select({ months: companies.historyRetentionMonths, settings: companies.settings }).from(companies).where(eq(companies.id, companyId)).limit(1),
    db.select().from(historyRetentionState).where(eq(historyRetentionState.companyId, companyId)).limit(1),
  ]);
  if (!company || company.months === null) return { done: true, personWeeks: 0, weeks: 0 };
  const cutoff = retentionCutoff(companyToday(readCompanySettings(company.settings), ctx.now), company.months);
  let week = state?.rolledBefore ?? (await oldestWeek(db, companyId));
  let spent = 0;
  let weeks = 0;
  while (week !== null && week < cutoff && (weeks === 0 || spent < personWeeks)) {
    const read = await readWeek(ctx, week);
    // The statistics' rollup has not rolled past it yet, or its daily rows changed since they were read.
    if (!read || !(await writeWeek(ctx, read))) break;
    spent += Math.max(1, read.personWeeks);
    weeks++;
    week = read.next;
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

/** One week as retention read it: the statements of its batch, built from its daily rows as read. */
export interface RetentionWeek {
  week: number;
  /** The next week's Monday: the cursor once this week is rolled. */
  next: number;
  /** The person-weeks it rolls into weekly rows. */
  personWeeks: number;
  statements: BatchItem<"sqlite">[];
}

/**
 * The read phase of one week (from its Monday) of one company: the statistics' cursor and the
 * week's daily rows (one D1 batch, so one moment), and the batch that rolls the week built from
 * them. Null when the statistics' rollup has not rolled past the week with nothing older left
 * to correct: its daily rows are not final yet. The cursor is read again for every week.
 */
export async function readWeek(ctx: CommonContext, week: number): Promise<RetentionWeek | null> {
  const { db, companyId } = ctx;
  const next = week + 7 * DAY_MS;
  const inWeek = and(eq(statDays.companyId, companyId), gte(statDays.day, week), lt(statDays.day, next));
  // Raw history from before the statistics' first day (a firm older than its rollups) has no
  // daily rows and no screen showed it: it goes without a weekly row. Rolling it into days
  // now would give ranges across that first day other figures than they had (decision 0308).
  const [[cursor], rows] = await db.batch([
    db.select().from(statRollupState).where(eq(statRollupState.companyId, companyId)).limit(1),
    db.select().from(statDays).where(inWeek),
  ]);
  if (!cursor || !statisticsFinal(cursor, next)) return null;
  const byPerson = new Map<string, StatDay[]>();
  for (const row of rows) byPerson.set(row.userId, [...(byPerson.get(row.userId) ?? []), row]);
  const weekly = [...byPerson.values()].map(weekOf).filter((w): w is WorkloadWeek => w !== null);
  const rolled = weekly.map((w) => w.userId);
  // A week without daily rows still gets its guard (the statistics' cursor, and still no rows).
  const guarded = rows.length ? chunks(rows, ROWS_PER_GUARD) : [[]];
  const statements: BatchItem<"sqlite">[] = [
    // The cursor first: the deletes below are then past it, and migration 0037's trigger does
    // not mark the statistics dirty for them. It is also the batch's guard: it moves only when
    // the week's daily rows are still the ones read and final (see cursorIfUnchanged).
    ...guarded.map((chunk, i) => cursorIfUnchanged(db, companyId, week, next, chunk, i === 0 ? rows.length : null)),
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
  return { week, next, personWeeks: weekly.length, statements };
}

/**
 * The write phase: the week's batch. Returns false, with nothing applied, when its guard found
 * the week changed since the read (a statistics rollup step rewrote its daily rows, or a change
 * to its history is waiting to be rolled): the week is left for a later run, which reads it
 * again. Any other failure is thrown.
 */
export async function writeWeek(ctx: CommonContext, read: RetentionWeek): Promise<boolean> {
  try {
    await runBatch(ctx.db, read.statements);
    return true;
  } catch (error) {
    if (errorMessages(error).some((message) => message.includes(GUARD_FAILED))) return false;
    throw error;
  }
}

/** The statistics' rollup has rolled through the day before `next`, with no older change waiting. */
const statisticsFinal = (cursor: { rolledThrough: number; dirtyFrom: number | null }, next: number) =>
  cursor.rolledThrough >= next && (cursor.dirtyFrom === null || cursor.dirtyFrom >= next);

/**
 * SQLite's own message when the guard below refuses: the cursor is otherwise always a number,
 * so nothing else in the batch can fail with it.
 */
const GUARD_FAILED = "NOT NULL constraint failed: history_retention_state.rolled_before";

/**
 * The week's cursor write, which is also its batch's guard. SQLite has no RAISE outside
 * triggers, so the guard is the value written: `next` when the checks hold, else null, which
 * the column's NOT NULL refuses, and D1 then applies none of the batch (one transaction). The
 * checks, in SQL at the moment of the write:
 *   - `all` given (the first chunk): the statistics' cursor has rolled through the week's end
 *     with no older change waiting, as when read, and the week has `all` daily rows;
 *   - each of `rows` (a chunk of the rows read) is there with every field as read. Matched by
 *     primary key (person, day), so `all` rows there and all of them matched is an exact
 *     comparison of the sets, with no fingerprint that could collide.
 * The rows go in chunks (one JSON parameter each, bounded in size for D1), a guard statement
 * each; all of them write the same cursor.
 */
function cursorIfUnchanged(db: Db, companyId: string, week: number, next: number, rows: StatDay[], all: number | null) {
  const checks = [
    sql`(select count(*) from json_each(${JSON.stringify(rows.map(fieldsOf))}) r join ${statDays} s
      on s.user_id = r.value->>0 and s.day = r.value->>1 and s.company_id = ${companyId}
      and s.group_id is r.value->>2 and s.office_id is r.value->>3 and s.level is r.value->>4 and s.away is r.value->>5
      and s.location is r.value->>6 and s.cum_days is r.value->>7 and s.cum_reported is r.value->>8
      and s.cum_level_sum is r.value->>9 and s.cum_level0 is r.value->>10 and s.cum_level3 is r.value->>11
      and s.cum_home is r.value->>12 and s.cum_away is r.value->>13 and s.week_home is r.value->>14
      and s.week_office is r.value->>15) = ${rows.length}`,
  ];
  if (all !== null)
    checks.push(
      sql`exists (select 1 from ${statRollupState} c where c.company_id = ${companyId} and c.rolled_through >= ${next}
        and (c.dirty_from is null or c.dirty_from >= ${next}))`,
      sql`(select count(*) from ${statDays} s where s.company_id = ${companyId} and s.day >= ${week} and s.day < ${next}) = ${all}`,
    );
  return db
    .insert(historyRetentionState)
    .values({ companyId, rolledBefore: sql`(case when ${sql.join(checks, sql` and `)} then ${next} end)` })
    .onConflictDoUpdate({ target: historyRetentionState.companyId, set: { rolledBefore: sql`excluded.rolled_before` } });
}

/** A daily row's fields but its company, in the order cursorIfUnchanged compares them. */
const fieldsOf = (r: StatDay) => [
  r.userId,
  r.day,
  r.groupId,
  r.officeId,
  r.level,
  r.away,
  r.location,
  r.cumDays,
  r.cumReported,
  r.cumLevelSum,
  r.cumLevel0,
  r.cumLevel3,
  r.cumHome,
  r.cumAway,
  r.weekHome,
  r.weekOffice,
];

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
