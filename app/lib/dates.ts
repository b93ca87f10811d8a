/**
 * Days in this product are UTC days: a forecast from 12 May to 16 May means those calendar
 * days wherever the reader is. All date arithmetic and formatting goes through date-fns on
 * UTCDate (@date-fns/utc), so no code depends on the machine's or browser's time zone, and
 * no hand-written week or weekday maths lives anywhere else.
 */
import { UTCDate } from "@date-fns/utc";
import {
  addDays as addDaysFns,
  differenceInCalendarDays,
  eachDayOfInterval,
  getISODay,
  getISOWeek,
  isWeekend as isWeekendFns,
  startOfDay,
  startOfISOWeek,
} from "date-fns";

export const DAY_MS = 86_400_000;

const utc = (date: Date | number | string) => new UTCDate(typeof date === "string" ? Date.parse(date) : date);

/** UTC start of the day that contains `date`. */
export function startOfUtcDay(date: Date | number): Date {
  return startOfDay(utc(date));
}

export function addDays(date: Date, days: number): Date {
  return addDaysFns(utc(date), days);
}

/** 0 = Monday .. 6 = Sunday. */
export function weekdayIndex(date: Date): number {
  return getISODay(utc(date)) - 1;
}

export function isWeekend(date: Date): boolean {
  return isWeekendFns(utc(date));
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
  return startOfDay(new UTCDate(Date.parse(`${key.slice(0, 10)}T00:00:00Z`)));
}

/** ISO 8601 week number of a UTC day. */
export function isoWeek(date: Date): number {
  return getISOWeek(utc(date));
}

/** Monday of the week holding `date`. */
export function mondayOf(date: Date): Date {
  return startOfISOWeek(utc(date));
}

/** Whole days from `from` to `to` (UTC calendar days). */
export function daysBetween(from: Date, to: Date): number {
  return differenceInCalendarDays(utc(to), utc(from));
}

/** Monday to Friday days in [start, end], inclusive. */
export function countWeekdays(start: Date, end: Date): number {
  if (end.getTime() < start.getTime()) return 0;
  return eachDayOfInterval({ start: startOfUtcDay(start), end: startOfUtcDay(end) }).filter((d) => !isWeekend(d)).length;
}
