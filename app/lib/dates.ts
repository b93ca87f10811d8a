/**
 * Days in this product are UTC days: a forecast from 12 May to 16 May means those calendar
 * days wherever the reader is. All day arithmetic goes through these functions, on the UTC
 * clock only (getUTC*, Date.UTC), so no code depends on the machine's or browser's time zone,
 * and no hand-written week or weekday maths lives anywhere else. A UTC day is always 24 hours
 * (no daylight saving), so whole days are whole multiples of DAY_MS. They were date-fns on
 * UTCDate; the same answers (tests/workerd/dates.test.ts checks them against date-fns) at a
 * fraction of the cost on pages that lay out hundreds of days, and none of date-fns in the
 * browser's first load.
 */

export const DAY_MS = 86_400_000;

const time = (date: Date | number) => (typeof date === "number" ? date : date.getTime());

/** UTC start of the day that contains `date`. */
export function startOfUtcDay(date: Date | number): Date {
  const ms = time(date);
  return new Date(ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS));
}

/** `days` whole days later (earlier when negative), at the same time of day. */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + Math.trunc(days) * DAY_MS);
}

/** 0 = Monday .. 6 = Sunday. */
export function weekdayIndex(date: Date): number {
  return (date.getUTCDay() + 6) % 7;
}

export function isWeekend(date: Date): boolean {
  const day = date.getUTCDay();
  return day === 0 || day === 6;
}

/** The next `count` working days starting with `from` (weekends skip to Monday). */
export function nextWorkingDays(from: Date, count: number): Date[] {
  const days: Date[] = [];
  for (let day = startOfUtcDay(from); days.length < count; day = addDays(day, 1)) if (!isWeekend(day)) days.push(day);
  return days;
}

/**
 * The UTC day key "YYYY-MM-DD": the one name for a day as text (forms, URLs, map keys).
 * ISO's own UTC form rather than format(): the planner keys every bar of every row with it,
 * and format() costs about 9 µs a call there (about 1 µs this way); the same text, the same
 * RangeError for an invalid date.
 */
export function dayKey(date: Date | number | string): string {
  return new Date(typeof date === "string" ? Date.parse(date) : date).toISOString().slice(0, 10);
}

/** A day key (or any ISO timestamp: its day) as the UTC start of that day. */
export function parseDayKey(key: string): Date {
  return new Date(Date.parse(`${key.slice(0, 10)}T00:00:00Z`));
}

/** ISO 8601 week number of a UTC day: the week of its Thursday, counted in that Thursday's year. */
export function isoWeek(date: Date): number {
  const thursday = addDays(startOfUtcDay(date), 3 - weekdayIndex(date));
  return Math.floor((thursday.getTime() - Date.UTC(thursday.getUTCFullYear(), 0, 1)) / DAY_MS / 7) + 1;
}

/** Monday of the week holding `date` (the start of that day). */
export function mondayOf(date: Date): Date {
  return addDays(startOfUtcDay(date), -weekdayIndex(date));
}

/** Whole days from `from` to `to` (UTC calendar days). */
export function daysBetween(from: Date, to: Date): number {
  return Math.round((startOfUtcDay(to).getTime() - startOfUtcDay(from).getTime()) / DAY_MS);
}

/** Monday to Friday days in [start, end], inclusive. */
export function countWeekdays(start: Date, end: Date): number {
  if (!(end.getTime() >= start.getTime())) return 0;
  const days = daysBetween(start, end) + 1;
  const full = Math.floor(days / 7);
  let count = full * 5;
  // The last days that do not make a whole week, from the start's weekday on.
  for (let i = 0, weekday = weekdayIndex(start); i < days % 7; i++, weekday = (weekday + 1) % 7) if (weekday < 5) count++;
  return count;
}
