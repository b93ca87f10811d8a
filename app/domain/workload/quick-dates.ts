import { addDays, DAY_MS, dayKey, parseDayKey, weekdayIndex } from "~/lib/dates";
import { formatterFor, type Formatter } from "~/lib/format";

export interface QuickDate {
  label: string;
  /** YYYY-MM-DD */
  date: string;
}

/**
 * At most three suggestions for the future workload's date: the next day (or next
 * weekday), the rest of this week (or next week), until the day before the next forecast,
 * and until next week. Never today or earlier, never inside an existing forecast.
 */
/** `fmt`: the reader's formatter (weekday names and dates in their locale). */
export function quickDates(todayIso: string, forecasts: { startDate: string; endDate: string }[], fmt: Formatter = formatterFor()): QuickDate[] {
  const dayName = (d: Date) => fmt.weekdayLong(d);
  const shortDate = (d: Date) => fmt.weekdayDayMonth(d);
  const today = parseDayKey(todayIso);
  const weekday = weekdayIndex(today);
  const nextMonday = addDays(today, 7 - weekday);
  const tomorrow = addDays(today, 1);
  const nextWeekday = weekdayIndex(tomorrow) < 5 ? tomorrow : nextMonday;
  const upcoming = forecasts
    .map((f) => ({ start: Date.parse(f.startDate), end: Date.parse(f.endDate) }))
    .filter((f) => f.start > today.getTime())
    .sort((a, b) => a.start - b.start);

  const candidates: { label: string; date: Date }[] = [
    { label: nextWeekday.getTime() === tomorrow.getTime() ? "Tomorrow" : dayName(nextWeekday), date: nextWeekday },
    weekday <= 2 ? { label: "Rest of the week", date: addDays(today, 4 - weekday) } : { label: "Next week", date: nextMonday },
  ];
  if (upcoming[0]) {
    const before = new Date(upcoming[0].start - DAY_MS);
    candidates.push({ label: `Until ${shortDate(before)}`, date: before });
  }
  candidates.push({ label: "Until next week", date: nextMonday });

  const inForecast = (d: Date) => forecasts.some((f) => Date.parse(f.startDate) <= d.getTime() && Date.parse(f.endDate) >= d.getTime());
  const seen = new Set<number>();
  const result: QuickDate[] = [];
  for (const candidate of candidates) {
    const t = candidate.date.getTime();
    if (t <= today.getTime() || seen.has(t) || inForecast(candidate.date)) continue;
    seen.add(t);
    result.push({ label: candidate.label, date: dayKey(candidate.date) });
    if (result.length === 3) break;
  }
  return result;
}
