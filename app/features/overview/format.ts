import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import { workloadLabel } from "~/domain/workload/levels";
import { dayKey } from "~/lib/dates";
import { formatDayRange, formatterFor, type Formatter } from "~/lib/format";

// `fmt`: the reader's formatter (useFormat), so names and date order follow their locale.

/** "12 May" (en-GB), "May 12" (en-US): forecast days are UTC start of day. */
export function shortDay(iso: string, fmt: Formatter = formatterFor()): string {
  return fmt.dayMonth(iso);
}

/** "12 May" in the current year, "12 May 2027" otherwise. */
export function shortDate(iso: string, todayIso: string, fmt: Formatter = formatterFor()): string {
  const sameYear = iso.slice(0, 4) === todayIso.slice(0, 4);
  return sameYear ? fmt.dayMonth(iso) : fmt.dayMonthYear(iso);
}

export function weekdayShort(iso: string, fmt: Formatter = formatterFor()): string {
  return fmt.weekdayShort(iso);
}

export function dayRange(startIso: string, endIso: string, fmt: Formatter = formatterFor()): string {
  return formatDayRange(startIso, endIso, (iso) => shortDay(iso, fmt));
}

/** An away forecast with a short comment (18 characters or fewer) is titled by its comment. */
export function forecastTitle(forecast: Pick<ApiForecast, "status" | "comment">): string {
  const away = forecast.status === "away";
  if (away && forecast.comment && forecast.comment.length <= 18) return forecast.comment;
  return workloadLabel(away ? null : forecast.status, away);
}

/** "Now: Busy until 16 May" for the forecast covering today, "Next: Away 12 – 16 May" otherwise. */
export function forecastSummary(
  forecast: Pick<ApiForecast, "status" | "comment" | "startDate" | "endDate">,
  todayIso: string,
  fmt: Formatter = formatterFor(),
): string {
  const today = dayKey(todayIso);
  const current = dayKey(forecast.startDate) <= today;
  const title = forecastTitle(forecast);
  if (current) return dayKey(forecast.endDate) === today ? `Now: ${title} today` : `Now: ${title} until ${shortDay(forecast.endDate, fmt)}`;
  return `Next: ${title} ${dayRange(forecast.startDate, forecast.endDate, fmt)}`;
}
