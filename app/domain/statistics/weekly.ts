import type { StatDay, WorkloadWeek } from "~/db/schema";
import { DAY_MS, mondayOf, weekdayIndex } from "~/lib/dates";

/**
 * A person's week of daily rollups as one workload_weekly row, and back (decision 0308).
 * The row keeps each working day's level, away and location packed in `dayCodes` and the
 * running totals of the week's last day; the days' own totals follow from those, because the
 * rollup adds each day's figures to the day before's (rollup.server.ts). A week whose rows do
 * not come back exactly (a person counted on some days of it only, a team change in the
 * middle of it) is not rolled: `weekOf` returns null and its daily rows stay.
 */

const BITS = 6;
const NONE = 4;

function codeOf(row: Pick<StatDay, "level" | "location" | "away">): number {
  const level = row.level !== null && row.level >= 0 && row.level <= 3 ? row.level : NONE;
  const location = row.location !== null && row.location >= 0 && row.location <= 3 ? row.location : NONE;
  return 1 + level + 5 * location + 25 * (row.away ? 1 : 0);
}

function decode(code: number): { level: number | null; location: number | null; away: number } {
  const n = code - 1;
  const level = n % 5;
  const location = Math.floor(n / 5) % 5;
  return { level: level === NONE ? null : level, location: location === NONE ? null : location, away: n >= 25 ? 1 : 0 };
}

/** What a day adds to the running totals (as rollupRange adds it). */
function addDay(totals: Totals, day: { level: number | null; location: number | null; away: number }, sign = 1) {
  totals.cumDays += sign;
  if (day.away) totals.cumAway += sign;
  if (day.level !== null) {
    totals.cumReported += sign;
    totals.cumLevelSum += sign * day.level;
    if (day.level === 0) totals.cumLevel0 += sign;
    if (day.level === 3) totals.cumLevel3 += sign;
  }
  if (day.location === 1) totals.cumHome += sign;
}

type Totals = Pick<StatDay, "cumDays" | "cumReported" | "cumLevelSum" | "cumLevel0" | "cumLevel3" | "cumHome" | "cumAway">;
const totalsOf = (row: Totals): Totals => ({
  cumDays: row.cumDays,
  cumReported: row.cumReported,
  cumLevelSum: row.cumLevelSum,
  cumLevel0: row.cumLevel0,
  cumLevel3: row.cumLevel3,
  cumHome: row.cumHome,
  cumAway: row.cumAway,
});

/** The daily rows a weekly row stands for, exactly as they were (ordered by day). */
export function daysOfWeek(week: WorkloadWeek): StatDay[] {
  const present: { index: number; level: number | null; location: number | null; away: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const code = Math.floor(week.dayCodes / 2 ** (BITS * i)) % 2 ** BITS;
    if (code) present.push({ index: i, ...decode(code) });
  }
  // The totals before the week's first day: its last day's less what the week added.
  const totals = totalsOf(week);
  for (const day of present) addDay(totals, day, -1);
  let weekHome = 0;
  let weekOffice = 0;
  return present.map((day) => {
    addDay(totals, day);
    if (day.location === 1) weekHome++;
    if (day.location === 0) weekOffice++;
    return {
      companyId: week.companyId,
      userId: week.userId,
      day: week.week + day.index * DAY_MS,
      groupId: week.groupId,
      officeId: week.officeId,
      level: day.level,
      away: day.away,
      location: day.location,
      ...totals,
      weekHome,
      weekOffice,
    };
  });
}

/** One person's daily rows of one ISO week (any order) as their weekly row, or null when it would not give them back exactly. */
export function weekOf(rows: StatDay[]): WorkloadWeek | null {
  if (rows.length === 0) return null;
  const sorted = [...rows].sort((a, b) => a.day - b.day);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const week = mondayOf(new Date(first.day)).getTime();
  let dayCodes = 0;
  const levels = sorted.map((r) => r.level).filter((l): l is number => l !== null);
  const count = (location: number) => sorted.filter((r) => r.location === location).length;
  for (const row of sorted) {
    const index = weekdayIndex(new Date(row.day));
    if (row.userId !== first.userId || row.day - week >= 5 * DAY_MS || index > 4) return null;
    dayCodes += codeOf(row) * 2 ** (BITS * index);
  }
  const weekly: WorkloadWeek = {
    companyId: first.companyId,
    userId: first.userId,
    week,
    groupId: last.groupId,
    officeId: last.officeId,
    days: sorted.length,
    reported: levels.length,
    levelSum: levels.reduce((a, b) => a + b, 0),
    levelMin: levels.length ? Math.min(...levels) : null,
    levelMax: levels.length ? Math.max(...levels) : null,
    away: sorted.filter((r) => r.away).length,
    office: count(0),
    home: count(1),
    absent: count(2),
    elsewhere: count(3),
    dayCodes,
    ...totalsOf(last),
  };
  const back = daysOfWeek(weekly);
  const same = back.length === sorted.length && back.every((row, i) => sameDay(row, sorted[i]));
  return same ? weekly : null;
}

const FIELDS: (keyof StatDay)[] = [
  "companyId",
  "userId",
  "day",
  "groupId",
  "officeId",
  "level",
  "away",
  "location",
  "cumDays",
  "cumReported",
  "cumLevelSum",
  "cumLevel0",
  "cumLevel3",
  "cumHome",
  "cumAway",
  "weekHome",
  "weekOffice",
];

function sameDay(a: StatDay, b: StatDay): boolean {
  return FIELDS.every((key) => a[key] === b[key]);
}
