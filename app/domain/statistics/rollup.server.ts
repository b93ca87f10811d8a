import { and, asc, eq, gte, lt, lte, sql } from "drizzle-orm";
import { liveHere } from "~/db/fence";
import { isAdmin } from "~/auth/permissions";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "~/db/batch";
import type { Db } from "~/db/client";
import { systemCtx, type CommonContext, type Runtime } from "../context";
import {
  companies,
  forecasts,
  historyRetentionState,
  statDays,
  statRollupState,
  statTeamDays,
  users,
  vacations,
  workloadHistory,
  workplacePlans,
} from "~/db/schema";
import { addDays, DAY_MS, isWeekend, startOfUtcDay, weekdayIndex } from "~/lib/dates";
import { companyToday } from "../today";
import { emptyDaySums, type DaySums } from "./day-sums";
import { readCompanySettings } from "../company/settings.schema";
import { countedPeople as countedPeopleWhere } from "../users/filter.server";
import { rolledBefore, weeklyDays } from "./weekly.server";

/**
 * The daily rollups behind the statistics (decision 0120). A working day's row per counted
 * person (completed, not an admin) holds their state at the end of that day, carried from
 * the history tables:
 *   - level: the current workload of their last workload-history row on or before the day,
 *     null when away or never reported;
 *   - away: on leave at the end of the day, or a vacation or an 'away' forecast covering it;
 *   - location: the rolling-week choice for that date, else the default week's weekday.
 * Plus running totals, so a range's per-person figures are one subtraction; and the same
 * day summed per team, so the time series cost teams × days, not people × days.
 */

const ROWS_PER_STATEMENT = 400;
/** Days read and written together. */
const WINDOW_DAYS = 10;
/** How far back a company's first rollup reaches. */
export const ROLLUP_BACKFILL_DAYS = 180;

interface Totals {
  cumDays: number;
  cumReported: number;
  cumLevelSum: number;
  cumLevel0: number;
  cumLevel3: number;
  cumHome: number;
  cumAway: number;
  weekHome: number;
  weekOffice: number;
}

interface PersonState extends Totals {
  level: number | null;
  onLeave: boolean;
}

const zeroTotals = (): Totals => ({
  cumDays: 0,
  cumReported: 0,
  cumLevelSum: 0,
  cumLevel0: 0,
  cumLevel3: 0,
  cumHome: 0,
  cumAway: 0,
  weekHome: 0,
  weekOffice: 0,
});

function previousWeekday(day: Date): Date {
  let d = addDays(day, -1);
  while (isWeekend(d)) d = addDays(d, -1);
  return d;
}

type CountedPerson = Awaited<ReturnType<typeof countedPeople>>[number];

async function countedPeople(db: Db, companyId: string) {
  const rows = await db
    .select({
      id: users.id,
      groupId: users.groupId,
      officeId: users.officeId,
      admin: users.admin,
      administratorPriviliges: users.administratorPriviliges,
      companyAdmin: users.companyAdmin,
    })
    .from(users)
    .where(countedPeopleWhere(companyId));
  return rows.filter((person) => !isAdmin(person));
}

/** Each person's state and totals as of the working day before `from`. */
async function startingState(db: Db, companyId: string, from: Date, people: { id: string }[]) {
  const before = previousWeekday(from).getTime();
  const [rolled, carried] = await db.batch([
    db
      .select()
      .from(statDays)
      .where(and(eq(statDays.companyId, companyId), eq(statDays.day, before))),
    // Each person's last history row before `from`, one seek each on (user_id, recorded_at):
    // not a scan of the firm's whole history.
    db
      .select({
        userId: sql<string>`p.value`,
        last: sql<string | null>`(select json_array(w.current_workload, w.on_leave) from ${workloadHistory} w
          where w.user_id = p.value and w.recorded_at < ${from.getTime()} order by w.recorded_at desc limit 1)`,
      })
      .from(sql`json_each(${JSON.stringify(people.map((p) => p.id))}) p`),
  ]);
  const rolledBy = new Map<string, Totals>(rolled.map((row) => [row.userId, row]));
  // Where retention has rolled that day into weeks (decision 0308), its rows come from there.
  if (rolledBy.size < people.length) for (const row of await weeklyDays(db, companyId, before, before)) rolledBy.set(row.userId, row);
  const carriedBy = new Map(
    carried
      .filter((row) => row.last !== null)
      .map((row) => {
        const [currentWorkload, onLeave] = JSON.parse(row.last!) as [number | null, number];
        return [row.userId, { currentWorkload, onLeave: onLeave === 1 }];
      }),
  );
  const state = new Map<string, PersonState>();
  for (const person of people) {
    const row = rolledBy.get(person.id);
    const last = carriedBy.get(person.id);
    const totals = row
      ? {
          cumDays: row.cumDays,
          cumReported: row.cumReported,
          cumLevelSum: row.cumLevelSum,
          cumLevel0: row.cumLevel0,
          cumLevel3: row.cumLevel3,
          cumHome: row.cumHome,
          cumAway: row.cumAway,
          weekHome: row.weekHome,
          weekOffice: row.weekOffice,
        }
      : zeroTotals();
    state.set(person.id, { ...totals, level: last?.currentWorkload ?? null, onLeave: last?.onLeave ?? false });
  }
  return state;
}

/**
 * Rolls the working days from `from` to `to` (inclusive) for one company, replacing rows
 * already there. One D1 batch per window of days, so a window is either rolled whole or not at all.
 */
export async function rollupRange(ctx: CommonContext, from: Date, to: Date, counted?: CountedPerson[]): Promise<number> {
  let days = 0;
  for await (const window of rollupWindows(ctx, from, to, counted)) {
    await runBatch(ctx.db, window.statements);
    days += window.days;
  }
  return days;
}

/** One window of days as rollupRange writes it: its statements (one D1 batch) and its working days. */
export interface RollupWindow {
  statements: BatchItem<"sqlite">[];
  days: number;
}

/**
 * The windows of rollupRange, each built from reads and yielded before it is written: the
 * caller writes one before asking for the next (the next window's reads follow that write).
 *
 * History retention (decision 0308) may roll a week between a window's reads and its write
 * (a request's step running beside the scheduled job). Each day's statements therefore carry
 * the retention cursor's check: a day retention has rolled is left as retention left it, in
 * the same batch as the check, so no daily row comes back behind the cutoff. The days after it
 * were then rolled from totals that may not match the weekly rows, so the window also marks
 * the statistics dirty from the cursor: the next step rolls them again from the weekly rows.
 */
export async function* rollupWindows(ctx: CommonContext, from: Date, to: Date, counted?: CountedPerson[]): AsyncGenerator<RollupWindow> {
  const { db, companyId } = ctx;
  const start = startOfUtcDay(from);
  const end = startOfUtcDay(to);
  if (end < start) return;
  const people = counted ?? (await countedPeople(db, companyId));
  const state = await startingState(db, companyId, start, people);
  const endOfRange = addDays(end, 1);
  const [away, defaults] = await db.batch([
    db
      .select({ userId: forecasts.userId, startDate: forecasts.startDate, endDate: forecasts.endDate })
      .from(forecasts)
      .where(and(eq(forecasts.companyId, companyId), eq(forecasts.status, "away"), lte(forecasts.startDate, end), gte(forecasts.endDate, start)))
      .union(
        db
          .select({ userId: vacations.userId, startDate: vacations.startDate, endDate: vacations.endDate })
          .from(vacations)
          .where(and(eq(vacations.companyId, companyId), lte(vacations.startDate, end), gte(vacations.endDate, start))),
      ),
    db
      .select({ userId: workplacePlans.userId, key: workplacePlans.key, option: workplacePlans.option })
      .from(workplacePlans)
      .where(and(eq(workplacePlans.companyId, companyId), eq(workplacePlans.kind, "default"))),
  ]);
  const defaultWeek = new Map(defaults.map((p) => [`${p.userId}/${p.key}`, p.option]));
  const awayBy = new Map<string, { startDate: Date; endDate: Date }[]>();
  for (const a of away) awayBy.set(a.userId, [...(awayBy.get(a.userId) ?? []), a]);
  let days = 0;
  // Days go in windows: one read of the window's changes and plans, one batch of its writes.
  let windowEnd = start.getTime();
  let changes: { userId: string; currentWorkload: number | null; onLeave: boolean; recordedAt: Date }[] = [];
  let rolling: { userId: string; key: number; option: number | null }[] = [];
  let pending: ReturnType<typeof dayStatements> = [];
  let pendingStart = start.getTime();
  for (let day = start; day < endOfRange; day = addDays(day, 1)) {
    const dayMs = day.getTime();
    if (dayMs >= windowEnd) {
      if (pending.length) yield { statements: [...pending, markPassedByRetention(db, companyId, pendingStart)], days };
      pending = [];
      days = 0;
      const windowStart = dayMs;
      pendingStart = windowStart;
      windowEnd = Math.min(addDays(day, WINDOW_DAYS).getTime(), endOfRange.getTime());
      [changes, rolling] = await db.batch([
        db
          .select({
            userId: workloadHistory.userId,
            currentWorkload: workloadHistory.currentWorkload,
            onLeave: workloadHistory.onLeave,
            recordedAt: workloadHistory.recordedAt,
          })
          .from(workloadHistory)
          .where(
            and(
              eq(workloadHistory.companyId, companyId),
              gte(workloadHistory.recordedAt, new Date(windowStart)),
              lt(workloadHistory.recordedAt, new Date(windowEnd)),
            ),
          )
          .orderBy(asc(workloadHistory.recordedAt)),
        db
          .select({ userId: workplacePlans.userId, key: workplacePlans.key, option: workplacePlans.option })
          .from(workplacePlans)
          .where(
            and(
              eq(workplacePlans.companyId, companyId),
              eq(workplacePlans.kind, "rolling"),
              gte(workplacePlans.key, windowStart),
              lt(workplacePlans.key, windowEnd),
            ),
          ),
      ]);
    }
    for (const change of changes) {
      if (change.recordedAt.getTime() < dayMs || change.recordedAt.getTime() >= dayMs + DAY_MS) continue;
      const s = state.get(change.userId);
      if (s) Object.assign(s, { level: change.currentWorkload, onLeave: change.onLeave });
    }
    if (isWeekend(day)) continue;
    days++;
    const weekday = weekdayIndex(day);
    const rollingBy = new Map(rolling.filter((p) => p.key === dayMs).map((p) => [p.userId, p.option]));
    const personRows = [];
    const teams = new Map<string, TeamSums>();
    for (const person of people) {
      const s = state.get(person.id)!;
      if (weekday === 0) Object.assign(s, { weekHome: 0, weekOffice: 0 });
      const isAway = s.onLeave || (awayBy.get(person.id) ?? []).some((a) => a.startDate.getTime() <= dayMs && a.endDate.getTime() >= dayMs);
      const level = isAway ? null : s.level;
      // Away wins over the planned location: nobody is in the office on a day off.
      const planned = rollingBy.has(person.id) ? rollingBy.get(person.id)! : (defaultWeek.get(`${person.id}/${weekday}`) ?? null);
      const location = isAway ? 2 : planned;
      s.cumDays++;
      if (isAway) s.cumAway++;
      if (level !== null) {
        s.cumReported++;
        s.cumLevelSum += level;
        if (level === 0) s.cumLevel0++;
        if (level === 3) s.cumLevel3++;
      }
      if (location === 1) {
        s.cumHome++;
        s.weekHome++;
      }
      if (location === 0) s.weekOffice++;
      const groupId = person.groupId ?? "";
      const officeId = person.officeId ?? "";
      personRows.push({ u: person.id, g: groupId, o: officeId, l: level, a: isAway ? 1 : 0, loc: location, ...totalsOf(s) });
      const key = `${groupId}/${officeId}`;
      if (!teams.has(key)) teams.set(key, newTeamSums(groupId, officeId));
      addToTeam(teams.get(key)!, level, isAway, location, s);
    }
    pending.push(...dayStatements(db, companyId, dayMs, personRows, [...teams.values()]));
  }
  if (pending.length) yield { statements: [...pending, markPassedByRetention(db, companyId, pendingStart)], days };
}

/** The company's retention cursor as the batch sees it (0 when nothing is rolled; decision 0308). */
const retentionCursor = (companyId: string) =>
  sql`(select coalesce(max(${historyRetentionState.rolledBefore}), 0) from ${historyRetentionState} where ${historyRetentionState.companyId} = ${companyId})`;

/** Whether `dayMs` is not rolled by retention, checked in the batch that writes it. */
const notRolled = (companyId: string, dayMs: number) => sql`${retentionCursor(companyId)} <= ${dayMs}`;

/**
 * When retention rolled past the window's first day after its reads (its days before the
 * cursor were then left alone), the statistics are dirty from the cursor: the days after it
 * are rolled again, from the weekly rows' totals. Nothing when it did not.
 */
function markPassedByRetention(db: Db, companyId: string, windowStart: number) {
  const cursor = retentionCursor(companyId);
  return db
    .update(statRollupState)
    .set({ dirtyFrom: sql`min(coalesce(${statRollupState.dirtyFrom}, ${cursor}), ${cursor})` })
    .where(and(eq(statRollupState.companyId, companyId), sql`${cursor} > ${windowStart}`));
}

/** A day's rows replace whatever was rolled for it before, unless retention has rolled the day. */
function dayStatements(db: Db, companyId: string, dayMs: number, personRows: object[], teamRows: TeamSums[]): BatchItem<"sqlite">[] {
  return [
    db.delete(statDays).where(and(eq(statDays.companyId, companyId), eq(statDays.day, dayMs), notRolled(companyId, dayMs))),
    db.delete(statTeamDays).where(and(eq(statTeamDays.companyId, companyId), eq(statTeamDays.day, dayMs), notRolled(companyId, dayMs))),
    ...chunks(personRows, ROWS_PER_STATEMENT).map((chunk) => insertPersonRows(db, companyId, dayMs, chunk)),
    ...chunks(teamRows, ROWS_PER_STATEMENT).map((chunk) => insertTeamRows(db, companyId, dayMs, chunk)),
  ];
}

function totalsOf(s: PersonState): Totals {
  const { level: _level, onLeave: _onLeave, ...totals } = s;
  return totals;
}

interface TeamSums extends DaySums {
  g: string;
  o: string;
}

const newTeamSums = (g: string, o: string): TeamSums => ({ g, o, ...emptyDaySums() });

function addToTeam(team: TeamSums, level: number | null, away: boolean, location: number | null, s: Totals) {
  team.people++;
  if (level !== null) {
    team.reported++;
    team.levelSum += level;
  }
  if (away) team.away++;
  if (location !== null) team.located++;
  if (location === 1) team.home++;
  if (location === 0) team.office++;
  team.weekHomeHist[Math.min(5, s.weekHome)]++;
  team.weekOfficeHist[Math.min(5, s.weekOffice)]++;
}

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

// Whole chunks go in as one JSON parameter: D1 allows 100 bound parameters per statement.
function insertPersonRows(db: Db, companyId: string, day: number, rows: object[]) {
  // Columns in the table's order (insert ... select lists them all).
  return db.insert(statDays)
    .select(sql`select ${companyId}, value->>'u', ${day}, value->>'g', value->>'o', value->>'l', value->>'a', value->>'loc', value->>'cumDays',
      value->>'cumReported', value->>'cumLevelSum', value->>'cumLevel0', value->>'cumLevel3', value->>'cumHome', value->>'cumAway',
      value->>'weekHome', value->>'weekOffice'
    from json_each(${JSON.stringify(rows)}) where ${notRolled(companyId, day)}`);
}

function insertTeamRows(db: Db, companyId: string, day: number, rows: TeamSums[]) {
  return db.insert(statTeamDays)
    .select(sql`select ${companyId}, value->>'g', value->>'o', ${day}, value->>'people', value->>'reported', value->>'levelSum', value->>'away',
      value->>'home', value->>'office', value->>'located', json(value->'weekHomeHist'), json(value->'weekOfficeHist')
    from json_each(${JSON.stringify(rows)}) where ${notRolled(companyId, day)}`);
}

/**
 * How much rolling one step may do, in person-days (people × calendar days): bounded work
 * whatever the firm's size (decision 0200). A request rolls at most REQUEST_PERSON_DAYS (four
 * days at 5,000 people, the whole 180-day backfill of a 100-person firm); one scheduled
 * invocation at most SCHEDULED_PERSON_DAYS over all companies (40 days at 5,000 people).
 */
export const REQUEST_PERSON_DAYS = 20_000;
export const SCHEDULED_PERSON_DAYS = 200_000;
/** The scheduled job starts no further company step after this long (ms). */
const SCHEDULED_DEADLINE_MS = 15_000;

interface RollupCursor {
  companyId: string;
  rolledThrough: number;
  dirtyFrom: number | null;
}

/** Where a company's next step starts: its last rolled day, or an earlier day whose history changed since. */
const nextDay = (cursor: RollupCursor) => Math.min(cursor.rolledThrough, cursor.dirtyFrom ?? Infinity);

/**
 * The scheduled job's share: companies take turns, the ones closest to today first (their
 * step is a day or two, so every firm's figures stay fresh), then the ones catching up, in
 * bounded steps, until this invocation's budget or deadline is spent; the rest continue on
 * the next invocation from their cursor. A company never rolled starts ROLLUP_BACKFILL_DAYS back.
 */
export async function rollupCompanies(runtime: Runtime, now: Date, budget = SCHEDULED_PERSON_DAYS): Promise<void> {
  const { db } = runtime;
  const started = Date.now();
  const [all, cursors] = await db.batch([
    db.select({ id: companies.id }).from(companies).where(liveHere(companies.id)),
    db.select().from(statRollupState),
  ]);
  const cursorOf = new Map(cursors.map((c) => [c.companyId, c]));
  const order = all.map((c) => ({ id: c.id, next: cursorOf.has(c.id) ? nextDay(cursorOf.get(c.id)!) : -Infinity })).sort((a, b) => b.next - a.next);
  let left = budget;
  for (const company of order) {
    if (left <= 0 || Date.now() - started > SCHEDULED_DEADLINE_MS) break;
    try {
      left -= (await rollupCompany(await systemCtx(runtime, company.id, "rollup", now), left)).personDays;
    } catch (error) {
      console.error(`statistics rollup failed for company ${company.id}`, error);
    }
  }
}

/** The firm's today in its own time zone: the rollups' days are the firm's days. */
async function firmToday(db: Db, companyId: string, now: Date): Promise<Date> {
  const [company] = await db.select({ settings: companies.settings }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return companyToday(readCompanySettings(company?.settings ?? "{}"), now);
}

/**
 * One bounded step for one company: from its cursor (or the earliest changed day, not before
 * its first rolled day) forward, as many calendar days as `personDays` allows for its
 * people (at least one), never past today. The changed-day mark is taken before rolling, so
 * a write while the step runs marks its day again for the next step. Returns whether the
 * company reached today with nothing left to roll, and the person-days spent.
 */
export async function rollupCompany(ctx: CommonContext, personDays: number): Promise<{ done: boolean; personDays: number }> {
  const { db, companyId, now } = ctx;
  const today = (await firmToday(db, companyId, now)).getTime();
  const [[cursor], [first], people] = await Promise.all([
    db.select().from(statRollupState).where(eq(statRollupState.companyId, companyId)).limit(1),
    db
      .select({ day: sql<number | null>`min(${statDays.day})` })
      .from(statDays)
      .where(eq(statDays.companyId, companyId)),
    countedPeople(db, companyId),
  ]);
  let from = cursor ? Math.min(nextDay(cursor), today) : addDays(new Date(today), -ROLLUP_BACKFILL_DAYS).getTime();
  // History changed before the first rolled day has nothing rolled to correct.
  if (first?.day != null && from < first.day) from = first.day;
  // Nor before the weeks retention rolled (decision 0308): their raw history is gone, their figures final.
  from = Math.max(from, await rolledBefore(db, companyId));
  // A step rolls its first day again (today's, say, while it was under way), so a one-day step
  // would never move the cursor: a firm with more people than the budget (20,000 on a request)
  // rolls its cursor's day and the next, and a request after midnight reaches the new today.
  const days = Math.max(from < today ? 2 : 1, Math.floor(personDays / Math.max(1, people.length)));
  const to = Math.min(addDays(new Date(from), days - 1).getTime(), today);
  await db
    .insert(statRollupState)
    .values({ companyId, rolledThrough: from, dirtyFrom: null })
    .onConflictDoUpdate({ target: statRollupState.companyId, set: { rolledThrough: from, dirtyFrom: null } });
  await rollupRange(ctx, new Date(from), new Date(to), people);
  await db.update(statRollupState).set({ rolledThrough: to }).where(eq(statRollupState.companyId, companyId));
  return { done: to === today, personDays: Math.max(1, people.length) * (daysBetweenMs(from, to) + 1) };
}

const daysBetweenMs = (from: number, to: number) => Math.round((to - from) / DAY_MS);

/**
 * Before answering statistics. When today is rolled and no history changed since, this is
 * one read and rolls nothing. Otherwise the request takes ONE bounded step of
 * REQUEST_PERSON_DAYS and answers from what is rolled then; the scheduled job rolls the rest.
 * In steady state (the job has rolled through yesterday) that step is today and perhaps
 * yesterday, so today's figures include today's changes, as /overview shows them (issue 27,
 * item 5: waiting for the next cron showed a person who had answered "Busy" still away).
 * Otherwise (a new installation, `wrangler dev`, which runs no cron, or an edit to older
 * history) it is the next step from the cursor.
 */
export async function ensureRolledUp(ctx: CommonContext): Promise<void> {
  const { db, companyId, now } = ctx;
  const today = (await firmToday(db, companyId, now)).getTime();
  const [cursor] = await db.select().from(statRollupState).where(eq(statRollupState.companyId, companyId)).limit(1);
  if (cursor && cursor.rolledThrough >= today && cursor.dirtyFrom === null) return;
  await rollupCompany(ctx, REQUEST_PERSON_DAYS);
}
