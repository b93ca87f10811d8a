import { addDays, countWeekdays, dayKey, daysBetween, isoWeek, isWeekend, mondayOf, parseDayKey, startOfUtcDay } from "~/lib/dates";

export { countWeekdays, isoWeek, mondayOf };

/** Spec section 9: the planner's layout constants. */
export const PLANNER = {
  dragThresholdPx: 5,
  weekendWidth: 0.15,
  rowHeight: 50,
  listHeight: 954,
  maxWidth: 1500,
  zIndex: 1060,
  baseDays: 14,
  /** Below this viewport width the planner uses its phone layout (decision 0075). */
  phoneWidth: 600,
  /** The phone layout shows one week, Monday to Sunday. */
  phoneDays: 7,
  phoneRowHeight: 64,
} as const;

/** Extra visible days from each viewport-width breakpoint (px) upward. */
const DAY_BREAKPOINTS: [number, number][] = [
  [960, 5],
  [1000, 4],
  [1100, 4],
  [1200, 3],
  [1300, 2],
  [1400, 2],
  [1500, 2],
  [1600, 2],
  [1700, 2],
];

export function visibleDayCount(viewportWidth: number): number {
  return DAY_BREAKPOINTS.reduce<number>((days, [min, extra]) => (viewportWidth >= min ? days + extra : days), PLANNER.baseDays);
}

/** Days the planner shows at a viewport width: the spec's count, or one week on a phone. */
export function plannerDayCount(viewportWidth: number): number {
  return viewportWidth < PLANNER.phoneWidth ? PLANNER.phoneDays : visibleDayCount(viewportWidth);
}

export interface DayColumn {
  /** "YYYY-MM-DD" */
  key: string;
  date: Date;
  weekend: boolean;
  /** Left edge and width in px. */
  left: number;
  width: number;
}

/** Width of a day in weekdays: 0.15 for a weekend day, unless it is one of `wide`. */
function dayUnits(date: Date, wide: ReadonlySet<string>): number {
  return isWeekend(date) && !wide.has(dayKey(date)) ? PLANNER.weekendWidth : 1;
}

/** The total width of `count` days in weekdays. */
export function layoutUnits(start: Date, count: number, wide: ReadonlySet<string> = new Set()): number {
  return Array.from({ length: count }, (_, i) => addDays(startOfUtcDay(start), i)).reduce((sum, d) => sum + dayUnits(d, wide), 0);
}

/**
 * Day columns filling `width` px: weekend days take 0.15 of a weekday, except the days in
 * `wide` (weekend days holding an item that has no weekday in view), which take a full one.
 */
export function layoutDays(start: Date, count: number, width: number, wide: ReadonlySet<string> = new Set()): DayColumn[] {
  const days = Array.from({ length: count }, (_, i) => addDays(startOfUtcDay(start), i));
  const units = days.reduce((sum, d) => sum + dayUnits(d, wide), 0);
  const unit = units > 0 ? width / units : 0;
  let left = 0;
  return days.map((date) => {
    const weekend = isWeekend(date);
    const w = dayUnits(date, wide) * unit;
    const column = { key: dayKey(date), date, weekend, left, width: w };
    left += w;
    return column;
  });
}

/**
 * Weekend days of the window [start, start + count) that hold an item with no weekday in
 * the window: drawn 0.15 wide such an item would be a sliver without a label.
 */
export function weekendOnlyDays(start: Date, count: number, items: { startDate: string; endDate: string }[]): Set<string> {
  const first = startOfUtcDay(start);
  const last = addDays(first, count - 1);
  const wide = new Set<string>();
  for (const item of items) {
    const from = parseDayKey(item.startDate);
    const to = parseDayKey(item.endDate);
    if (to < first || from > last) continue;
    const days: Date[] = [];
    for (let d = from < first ? first : from; d <= to && d <= last; d = addDays(d, 1)) days.push(d);
    if (days.length > 0 && days.every(isWeekend)) for (const d of days) wide.add(dayKey(d));
  }
  return wide;
}

/** The day index under x (clamped to the visible columns). */
export function dayIndexAt(columns: DayColumn[], x: number): number {
  if (columns.length === 0) return 0;
  if (x < 0) return 0;
  for (let i = 0; i < columns.length; i++) {
    if (x < columns[i].left + columns[i].width) return i;
  }
  return columns.length - 1;
}

/** Horizontal extent of [start, end] (inclusive days) on the columns, or null when outside. */
export function spanOf(
  columns: DayColumn[],
  startIso: string,
  endIso: string,
): { left: number; width: number; clippedStart: boolean; clippedEnd: boolean } | null {
  if (columns.length === 0) return null;
  const first = columns[0].date;
  const last = columns[columns.length - 1].date;
  const start = parseDayKey(startIso);
  const end = parseDayKey(endIso);
  if (end < first || start > last) return null;
  const from = daysBetween(first, start < first ? first : start);
  const to = daysBetween(first, end > last ? last : end);
  const left = columns[from].left;
  return { left, width: columns[to].left + columns[to].width - left, clippedStart: start < first, clippedEnd: end > last };
}

/**
 * Moves [start, end] so it starts `deltaDays` later, keeping its number of weekdays: a
 * Monday–Friday week moved by one day becomes Tuesday–Monday. A weekend-only range keeps
 * its calendar length.
 */
export function moveKeepingWeekdays(start: Date, end: Date, deltaDays: number): { start: Date; end: Date } {
  const weekdays = countWeekdays(start, end);
  const newStart = addDays(startOfUtcDay(start), deltaDays);
  if (weekdays === 0) return { start: newStart, end: addDays(newStart, daysBetween(start, end)) };
  let newEnd = newStart;
  let seen = isWeekend(newStart) ? 0 : 1;
  while (seen < weekdays) {
    newEnd = addDays(newEnd, 1);
    if (!isWeekend(newEnd)) seen++;
  }
  return { start: newStart, end: newEnd };
}
