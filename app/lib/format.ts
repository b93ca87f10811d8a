/**
 * Dates and numbers in the reader's locale (issue 16, decision 0171): the one formatting
 * module, used by the server's render and the browser's alike, so a page hydrates with the
 * same text. The locale comes from the browser's Accept-Language through the root loader
 * (en-GB when it names none we know). Days are UTC-midnight day keys, so every date is
 * formatted in UTC: the calendar day itself, wherever the reader is. The week still starts
 * on Monday whatever the locale (the spec's rule); only names, order and marks change.
 * Moments (a sign-in, an import's last run) are written in the reader's zone, their office's
 * else their firm's (issue 27, item 20), which the app shell hands down like the locale.
 */
import { createContext, useContext } from "react";
import { dayKey } from "./dates";

export const DEFAULT_LOCALE = "en-GB";

/** The first language of an Accept-Language header that the runtime can format, else en-GB. */
export function negotiateLocale(acceptLanguage: string | null | undefined): string {
  const tags = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.tag.length <= 35 && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags.slice(0, 8)) {
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (canonical && Intl.DateTimeFormat.supportedLocalesOf(canonical).length > 0 && Intl.NumberFormat.supportedLocalesOf(canonical).length > 0)
        return canonical;
    } catch {
      // Not a language tag: try the next one.
    }
  }
  return DEFAULT_LOCALE;
}

type DateInput = Date | number | string;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(typeof value === "string" ? Date.parse(value) : value));

export interface Formatter {
  locale: string;
  /** "Mon" (en-GB), "Mon" (en-US). */
  weekdayShort(day: DateInput): string;
  /** "Monday". */
  weekdayLong(day: DateInput): string;
  /** "23 Nov" (en-GB, en-AU), "Nov 23" (en-US). */
  dayMonth(day: DateInput): string;
  /** "23 Nov 2026", "Nov 23, 2026". */
  dayMonthYear(day: DateInput): string;
  /** "Mon 23 Nov", "Mon, Nov 23". */
  weekdayDayMonth(day: DateInput): string;
  /** "November 2026". */
  monthYear(day: DateInput): string;
  /** A number with the locale's decimal mark: 1.5 (en), 1,5 (sv); `digits` fraction digits exactly. */
  number(value: number, digits?: number): string;
  /** A percentage from 0 to 100 (not a ratio), with `digits` fraction digits: "12.5 %" / "12,5 %". */
  percent(value: number, digits?: number): string;
  /** A whole number with the locale's grouping: "1,234" (en), "1 234" (sv). */
  count(value: number): string;
  /** A day key as digits in the locale's order, for a date field: "27/11/2026", "11/27/2026", "2026-11-27". */
  numericDate(day: DateInput): string;
  /** A moment in a zone: "27 Nov 2026, 09:05" (en-GB), "Nov 27, 2026, 9:05 AM" (en-US). */
  dateTime(moment: DateInput, timeZone: string): string;
}

/** A run of days written with `day` for each end, "23 Nov – 27 Nov"; a single day once, "23 Nov". */
export function formatDayRange(startIso: string, endIso: string, day: (iso: string) => string): string {
  return dayKey(startIso) === dayKey(endIso) ? day(startIso) : `${day(startIso)} – ${day(endIso)}`;
}

const formatters = new Map<string, Formatter>();

/** The formatter of a locale (cached: Intl formatters are costly to build). */
export function formatterFor(locale: string = DEFAULT_LOCALE): Formatter {
  let formatter = formatters.get(locale);
  if (formatter) return formatter;
  const date = (options: Intl.DateTimeFormatOptions) => {
    const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    return (day: DateInput) => format.format(toDate(day));
  };
  const numbers = new Map<number, Intl.NumberFormat>();
  const number = (value: number, digits = 1) => {
    let format = numbers.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
      numbers.set(digits, format);
    }
    return format.format(value);
  };
  const counts = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const moments = new Map<string, Intl.DateTimeFormat>();
  const dateTime = (moment: DateInput, timeZone: string) => {
    let format = moments.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
      moments.set(timeZone, format);
    }
    return format.format(toDate(moment));
  };
  formatter = {
    locale,
    weekdayShort: date({ weekday: "short" }),
    weekdayLong: date({ weekday: "long" }),
    dayMonth: date({ day: "numeric", month: "short" }),
    dayMonthYear: date({ day: "numeric", month: "short", year: "numeric" }),
    weekdayDayMonth: date({ weekday: "short", day: "numeric", month: "short" }),
    monthYear: date({ month: "long", year: "numeric" }),
    number,
    // The product has always written "12.5 %" with a space; the locale decides the mark.
    percent: (value, digits = 1) => `${number(value, digits)} %`,
    count: (value) => counts.format(value),
    numericDate: date({ day: "2-digit", month: "2-digit", year: "numeric" }),
    dateTime,
  };
  formatters.set(locale, formatter);
  return formatter;
}

const LocaleContext = createContext<string>(DEFAULT_LOCALE);

/** Set once in the root from the root loader's locale; every screen below reads it. */
export const LocaleProvider = LocaleContext.Provider;

/** The reader's formatter, in a component. */
export function useFormat(): Formatter {
  return formatterFor(useContext(LocaleContext));
}

const ZoneContext = createContext<string>("UTC");

/** Set by the app shell from the signed-in reader's zone (their office's, else their firm's). */
export const ReaderZoneProvider = ZoneContext.Provider;

/** A zone as people say it: "New York" for America/New_York. */
export const zoneCity = (timeZone: string) => timeZone.split("/").pop()!.replace(/_/g, " ");

/** Moments in the reader's zone and locale: `moment(iso)` is "27 Nov 2026, 09:05"; `zone` is "Stockholm". */
export function useMoments() {
  const fmt = useFormat();
  const timeZone = useContext(ZoneContext);
  return { timeZone, zone: zoneCity(timeZone), moment: (value: DateInput) => fmt.dateTime(value, timeZone) };
}

/** The parts of a numeric date in the locale's order, and how a field hints at it: "dd/mm/yyyy". */
export function numericDatePattern(
  locale: string = DEFAULT_LOCALE,
  /** The letters the hint writes a part with, in the reader's language ("åååå" in Swedish). */
  letters: { day: string; month: string; year: string } = { day: "dd", month: "mm", year: "yyyy" },
): { order: ("day" | "month" | "year")[]; hint: string } {
  const parts = new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }).formatToParts(
    Date.UTC(2026, 10, 27),
  );
  const order: ("day" | "month" | "year")[] = [];
  const hint = parts
    .map((part) => {
      if (part.type === "day" || part.type === "month" || part.type === "year") {
        order.push(part.type);
        return letters[part.type];
      }
      return part.value;
    })
    .join("");
  return { order, hint };
}

/**
 * A typed date back to its day key ("2026-11-27"), or null when it is no real day. Digits in
 * the locale's order ("27/11/2026", "27.11.26", "11/27/2026") or ISO ("2026-11-27", always
 * understood); a two-digit year is 20xx.
 */
export function parseNumericDate(text: string, locale: string = DEFAULT_LOCALE): string | null {
  const groups = text.trim().match(/\d+/g);
  if (!groups || groups.length !== 3) return null;
  const iso = groups[0].length === 4;
  const order = iso ? (["year", "month", "day"] as const) : numericDatePattern(locale).order;
  const value = { day: 0, month: 0, year: 0 };
  order.forEach((part, i) => (value[part] = Number(groups[i])));
  if (value.year < 100) value.year += 2000;
  if (value.year < 1000 || value.year > 9999) return null;
  const date = new Date(Date.UTC(value.year, value.month - 1, value.day));
  if (date.getUTCFullYear() !== value.year || date.getUTCMonth() !== value.month - 1 || date.getUTCDate() !== value.day) return null;
  return dayKey(date);
}
