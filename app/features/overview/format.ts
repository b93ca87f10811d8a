import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import { workloadLabel } from "~/domain/workload/levels";
import { formatUtc } from "~/lib/dates";

/** "12 May", in UTC: forecast days are UTC start of day. */
export function shortDay(iso: string): string {
  return formatUtc(iso, "d MMM");
}

/** "12 May" in the current year, "12 May 2027" otherwise. */
export function shortDate(iso: string, todayIso: string): string {
  const sameYear = iso.slice(0, 4) === todayIso.slice(0, 4);
  return formatUtc(iso, sameYear ? "d MMM" : "d MMM yyyy");
}

export function weekdayShort(iso: string): string {
  return formatUtc(iso, "EEE");
}

export function dayRange(startIso: string, endIso: string): string {
  return startIso.slice(0, 10) === endIso.slice(0, 10) ? shortDay(startIso) : `${shortDay(startIso)} – ${shortDay(endIso)}`;
}

/** An away forecast with a short comment (18 characters or fewer) is titled by its comment. */
export function forecastTitle(forecast: Pick<ApiForecast, "status" | "comment">): string {
  const away = forecast.status === "away";
  if (away && forecast.comment && forecast.comment.length <= 18) return forecast.comment;
  return workloadLabel(away ? null : forecast.status, away);
}

/** "Now: Busy until 16 May" for the forecast covering today, "Next: Away 12 – 16 May" otherwise. */
export function forecastSummary(forecast: Pick<ApiForecast, "status" | "comment" | "startDate" | "endDate">, todayIso: string): string {
  const today = todayIso.slice(0, 10);
  const current = forecast.startDate.slice(0, 10) <= today;
  const title = forecastTitle(forecast);
  if (current) return forecast.endDate.slice(0, 10) === today ? `Now: ${title} today` : `Now: ${title} until ${shortDay(forecast.endDate)}`;
  return `Next: ${title} ${dayRange(forecast.startDate, forecast.endDate)}`;
}
