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

/** What a card's status line says about today: away, or a level (null: no data). */
export interface TodayStatus {
  away: boolean;
  level: number | null;
}

/**
 * "Now: Busy until 16 May" for the forecast covering today, "Next: Away 12 – 16 May" otherwise.
 * Today is told once, by the card's status (decision 0271): a forecast covering today that says
 * something else (the person is absent today, or has set another status) is told from
 * tomorrow, "From tomorrow: Available until 28 Nov", and not at all when it ends today (null).
 */
export function forecastSummary(
  forecast: Pick<ApiForecast, "status" | "comment" | "startDate" | "endDate">,
  todayIso: string,
  fmt: Formatter = formatterFor(),
  status?: TodayStatus,
): string | null {
  const today = dayKey(todayIso);
  const current = dayKey(forecast.startDate) <= today;
  const title = forecastTitle(forecast);
  const endsToday = dayKey(forecast.endDate) === today;
  if (current && status && !agreesWith(forecast, status))
    return endsToday ? null : `From tomorrow: ${title} until ${shortDay(forecast.endDate, fmt)}`;
  if (current) return endsToday ? `Now: ${title} today` : `Now: ${title} until ${shortDay(forecast.endDate, fmt)}`;
  return `Next: ${title} ${dayRange(forecast.startDate, forecast.endDate, fmt)}`;
}

function agreesWith(forecast: Pick<ApiForecast, "status">, status: TodayStatus): boolean {
  if (forecast.status === "away") return status.away;
  if (status.away) return false;
  // No status of one's own: the forecast tells today.
  return status.level === null || String(status.level) === String(forecast.status);
}
