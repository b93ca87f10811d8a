export const DAY_MS = 86_400_000;

/** UTC start of the day that contains `date`. */
export function startOfUtcDay(date: Date | number): Date {
  const d = new Date(date);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** 0 = Monday .. 6 = Sunday. */
export function weekdayIndex(date: Date): number {
  return (date.getUTCDay() + 6) % 7;
}

export function isWeekend(date: Date): boolean {
  return weekdayIndex(date) >= 5;
}

/** The next `count` working days starting with `from` (weekends skip to Monday). */
export function nextWorkingDays(from: Date, count: number): Date[] {
  const days: Date[] = [];
  let day = startOfUtcDay(from);
  while (days.length < count) {
    if (!isWeekend(day)) days.push(day);
    day = addDays(day, 1);
  }
  return days;
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
