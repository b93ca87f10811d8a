import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import { RELATIVE_LIMIT_MINUTES } from "~/domain/users/last-seen";
import { workloadLabel as englishWorkloadLabel } from "~/domain/workload/levels";
import { dayKey } from "~/lib/dates";
import { formatDayRange, formatterFor, type Formatter } from "~/lib/format";
import type { MessageKey, Translate } from "~/lib/i18n/i18n";
import { workloadLabel } from "~/lib/i18n/workload";

// `fmt`: the reader's formatter (useFormat), so names and date order follow their locale;
// `t`: the reader's words (useT). Without `t` the words are English (the workerd tests read those).

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
export function forecastTitle(forecast: Pick<ApiForecast, "status" | "comment">, t?: Translate): string {
  const away = forecast.status === "away";
  if (away && forecast.comment && forecast.comment.length <= 18) return forecast.comment;
  return t ? workloadLabel(t, away ? null : forecast.status, away) : englishWorkloadLabel(away ? null : forecast.status, away);
}

/** What a card's status line says about today: away, or a level (null: no data). */
export interface TodayStatus {
  away: boolean;
  level: number | null;
}

type Phrase = "fromTomorrow" | "nowToday" | "nowUntil" | "next";

const PHRASE_KEYS: Record<Phrase, MessageKey> = {
  fromTomorrow: "overview.forecast.fromTomorrow",
  nowToday: "overview.forecast.nowToday",
  nowUntil: "overview.forecast.nowUntil",
  next: "overview.forecast.next",
};

const ENGLISH: Record<Phrase, (v: { title: string; day: string }) => string> = {
  fromTomorrow: ({ title, day }) => `From tomorrow: ${title} until ${day}`,
  nowToday: ({ title }) => `Now: ${title} today`,
  nowUntil: ({ title, day }) => `Now: ${title} until ${day}`,
  next: ({ title, day }) => `Next: ${title} ${day}`,
};

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
  t?: Translate,
): string | null {
  const today = dayKey(todayIso);
  const current = dayKey(forecast.startDate) <= today;
  const title = forecastTitle(forecast, t);
  const endsToday = dayKey(forecast.endDate) === today;
  const say = (phrase: Phrase, day = "") => (t ? t(PHRASE_KEYS[phrase], { title, day }) : ENGLISH[phrase]({ title, day }));
  if (current && status && !agreesWith(forecast, status)) return endsToday ? null : say("fromTomorrow", shortDay(forecast.endDate, fmt));
  if (current) return endsToday ? say("nowToday") : say("nowUntil", shortDay(forecast.endDate, fmt));
  return say("next", dayRange(forecast.startDate, forecast.endDate, fmt));
}

function agreesWith(forecast: Pick<ApiForecast, "status">, status: TodayStatus): boolean {
  if (forecast.status === "away") return status.away;
  if (status.away) return false;
  // No status of one's own: the forecast tells today.
  return status.level === null || String(status.level) === String(forecast.status);
}

/**
 * "Updated 25 min ago", "Updated now", or "No updates yet", in the reader's words: the rules of
 * domain/users/last-seen.ts (lastSeenLabel, the English): under 10 minutes now, then minutes,
 * hours and days, and past RELATIVE_LIMIT_MINUTES '7+ days ago'.
 */
export function updatedText(t: Translate, lastUpdated: string | null, now: Date | string): string {
  if (!lastUpdated) return t("overview.noUpdates");
  const minutes = Math.floor((new Date(now).getTime() - Date.parse(lastUpdated)) / 60_000);
  const hours = Math.floor(minutes / 60);
  if (minutes < 10) return t("overview.updated", { unit: "now", count: 0 });
  if (minutes > RELATIVE_LIMIT_MINUTES) return t("overview.updated", { unit: "week", count: 0 });
  if (minutes < 60) return t("overview.updated", { unit: "minutes", count: minutes });
  if (hours < 24) return t("overview.updated", { unit: "hours", count: hours });
  return t("overview.updated", { unit: "days", count: Math.floor(hours / 24) });
}

/**
 * "12 years", "first year", "30+ years" (a start year of 0), or null when it is not known: the
 * rules of domain/users/last-seen.ts (experienceLabel, the English).
 */
export function experienceText(t: Translate, startYear: number | null, now: Date | string): string | null {
  if (startYear === null) return null;
  if (startYear === 0) return t("overview.experience", { kind: "long", count: 0 });
  const years = new Date(now).getUTCFullYear() - startYear;
  return years <= 0 ? t("overview.experience", { kind: "first", count: 0 }) : t("overview.experience", { kind: "years", count: years });
}
