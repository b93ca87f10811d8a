import { and, asc, eq, gte, lt, lte, max, sql } from "drizzle-orm";
import { isAdmin } from "~/auth/permissions";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "~/db/batch";
import type { Db } from "~/db/client";
import { companies, forecasts, statDays, statRollupState, statTeamDays, users, vacations, workloadHistory, workplacePlans } from "~/db/schema";
import { addDays, DAY_MS, isWeekend, startOfUtcDay, weekdayIndex } from "~/lib/dates";
import { companyToday } from "../today";
import { emptyDaySums, type DaySums } from "./day-sums";
import { readCompanySettings } from "../company/settings.schema";
import { listedPeople } from "../users/filter.server";

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
/** How far back a company's first rollup reaches, and how many days one scheduled run rolls. */
export const ROLLUP_BACKFILL_DAYS = 180;
const DAYS_PER_RUN = 40;

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
    .where(listedPeople(companyId));
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
    db
      .select({
        userId: workloadHistory.userId,
        currentWorkload: workloadHistory.currentWorkload,
        onLeave: workloadHistory.onLeave,
        at: max(workloadHistory.recordedAt),
      })
      .from(workloadHistory)
      .where(and(eq(workloadHistory.companyId, companyId), lt(workloadHistory.recordedAt, from)))
      .groupBy(workloadHistory.userId),
  ]);
  const rolledBy = new Map(rolled.map((row) => [row.userId, row]));
  const carriedBy = new Map(carried.map((row) => [row.userId, row]));
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
export async function rollupRange(db: Db, companyId: string, from: Date, to: Date): Promise<number> {
  const start = startOfUtcDay(from);
  const end = startOfUtcDay(to);
  if (end < start) return 0;
  const people = await countedPeople(db, companyId);
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
  for (let day = start; day < endOfRange; day = addDays(day, 1)) {
    const dayMs = day.getTime();
    if (dayMs >= windowEnd) {
      await runBatch(db, pending);
      pending = [];
      const windowStart = dayMs;
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
  await runBatch(db, pending);
  return days;
}

/** A day's rows replace whatever was rolled for it before. */
function dayStatements(db: Db, companyId: string, dayMs: number, personRows: object[], teamRows: TeamSums[]): BatchItem<"sqlite">[] {
  return [
    db.delete(statDays).where(and(eq(statDays.companyId, companyId), eq(statDays.day, dayMs))),
    db.delete(statTeamDays).where(and(eq(statTeamDays.companyId, companyId), eq(statTeamDays.day, dayMs))),
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
    from json_each(${JSON.stringify(rows)})`);
}

function insertTeamRows(db: Db, companyId: string, day: number, rows: TeamSums[]) {
  return db.insert(statTeamDays)
    .select(sql`select ${companyId}, value->>'g', value->>'o', ${day}, value->>'people', value->>'reported', value->>'levelSum', value->>'away',
      value->>'home', value->>'office', value->>'located', json(value->'weekHomeHist'), json(value->'weekOfficeHist')
    from json_each(${JSON.stringify(rows)})`);
}

/**
 * The scheduled job's share: each company is rolled from the last day it rolled (again,
 * since that day may have changed) through today, at most DAYS_PER_RUN days per run; a
 * company rolled for the first time starts ROLLUP_BACKFILL_DAYS back.
 */
export async function rollupCompanies(db: Db, now: Date): Promise<void> {
  const all = await db.select({ id: companies.id }).from(companies);
  for (const company of all) {
    await rollupCompany(db, company.id, now, DAYS_PER_RUN).catch((error) =>
      console.error(`statistics rollup failed for company ${company.id}`, error),
    );
  }
}

/** The firm's today in its own time zone: the rollups' days are the firm's days. */
async function firmToday(db: Db, companyId: string, now: Date): Promise<Date> {
  const [company] = await db.select({ settings: companies.settings }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return companyToday(readCompanySettings(company?.settings ?? "{}"), now);
}

/** Rolls one company forward from where it stopped, `maxDays` at most; returns whether it reached today. */
export async function rollupCompany(db: Db, companyId: string, now: Date, maxDays: number): Promise<boolean> {
  const today = await firmToday(db, companyId, now);
  const [state] = await db.select().from(statRollupState).where(eq(statRollupState.companyId, companyId)).limit(1);
  const from = state ? new Date(Math.min(state.rolledThrough, today.getTime())) : addDays(today, -ROLLUP_BACKFILL_DAYS);
  const to = new Date(Math.min(addDays(from, maxDays).getTime(), today.getTime()));
  await rollupRange(db, companyId, from, to);
  await db
    .insert(statRollupState)
    .values({ companyId, rolledThrough: to.getTime() })
    .onConflictDoUpdate({ target: statRollupState.companyId, set: { rolledThrough: to.getTime() } });
  return to.getTime() === today.getTime();
}

/**
 * Before answering statistics: a company the scheduled job has not rolled yet, or not for
 * more than a day (a new installation, `wrangler dev`, which runs no cron), is caught up
 * first. With the cron running this is a single read.
 */
export async function ensureRolledUp(db: Db, companyId: string, now: Date): Promise<void> {
  const today = (await firmToday(db, companyId, now)).getTime();
  const [state] = await db.select().from(statRollupState).where(eq(statRollupState.companyId, companyId)).limit(1);
  if (state && state.rolledThrough >= today - DAY_MS) return;
  await rollupCompany(db, companyId, now, ROLLUP_BACKFILL_DAYS + 1);
}
