/**
 * Time zones (issue 16, decision 0093). Stored days stay UTC-midnight day keys; what a zone
 * decides is which of those days is "today" for a person, and where their day starts. The
 * runtime's Intl knows the IANA zones in the Worker and in the browser alike, so this module
 * needs no data of its own.
 */
import { parseDayKey } from "./dates";

/** The zone of a firm that has not chosen one. */
export const DEFAULT_TIME_ZONE = "UTC";

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(zone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(zone);
  if (!format) {
    // en-CA writes a date as YYYY-MM-DD: the day key itself.
    format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(zone, format);
  }
  return format;
}

let known: Set<string> | null = null;

/** The zones a firm may choose from, as the runtime lists them (UTC first). */
export function timeZoneChoices(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...zones.filter((zone) => zone !== "UTC")];
}

/** Whether `zone` is one of the runtime's IANA zones, spelled as it lists them ("Europe/Stockholm", "UTC"). */
export function isTimeZone(zone: string): boolean {
  known ??= new Set(timeZoneChoices());
  if (known.size > 1) return known.has(zone);
  // A runtime without Intl.supportedValuesOf: whatever its formatter accepts.
  try {
    dayFormat(zone);
    return true;
  } catch {
    return false;
  }
}

/** Per zone, the last moment asked and its day: a page asks for every person's today at the same `now`. */
const lastDays = new Map<string, { at: number; key: string }>();

/** The day key ("YYYY-MM-DD") of the calendar day `now` falls on in `zone`. */
export function localDayKey(now: Date, zone: string): string {
  const at = now.getTime();
  const last = lastDays.get(zone);
  if (last?.at === at) return last.key;
  const key = dayFormat(zone).format(now);
  lastDays.set(zone, { at, key });
  return key;
}

/** The calendar day `now` falls on in `zone`, as the UTC midnight that stores that day. */
export function localDay(now: Date, zone: string): Date {
  return parseDayKey(localDayKey(now, zone));
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** A zone's wall clock to the second, one formatter per zone (made once: they are slow to make). */
function wallClock(zone: string): Intl.DateTimeFormat {
  let format = timeFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    timeFormats.set(zone, format);
  }
  return format;
}

/** The local day key and hour (0 to 23) of `now` in `zone`. */
export function localTime(now: Date, zone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    wallClock(zone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

export interface TimeZoneGroup {
  region: string;
  zones: { value: string; label: string }[];
}

/**
 * The zones grouped by region, each named by its city ("Europe/Stockholm" → Europe,
 * "Stockholm"; "America/Argentina/Buenos_Aires" → America, "Argentina / Buenos Aires"),
 * keeping only those whose name holds `search` (a city, a region or the zone itself, any case).
 * `keep` stays listed whatever the search, so a chosen zone never disappears (issue 27, item 25).
 */
export function groupedTimeZones(zones: string[], search = "", keep?: string): TimeZoneGroup[] {
  const term = search
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, " ");
  const groups = new Map<string, TimeZoneGroup>();
  for (const zone of zones) {
    const [first, ...rest] = zone.split("/");
    const region = rest.length ? first : "Other";
    const label = (rest.length ? rest : [first]).join(" / ").replace(/_/g, " ");
    if (term && zone !== keep && !`${zone.replace(/_/g, " ")} ${label}`.toLowerCase().includes(term)) continue;
    let group = groups.get(region);
    if (!group) groups.set(region, (group = { region, zones: [] }));
    group.zones.push({ value: zone, label });
  }
  return [...groups.values()];
}

/** How far `zone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function zoneOffsetMs(at: number, zone: string): number {
  const p = Object.fromEntries(
    wallClock(zone)
      .formatToParts(new Date(at))
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}

/** The instant a calendar day ("YYYY-MM-DD") begins in `zone` (its midnight, or the first hour after a gap). */
export function startOfLocalDay(dayKey: string, zone: string): Date {
  const midnight = parseDayKey(dayKey).getTime();
  let at = midnight - zoneOffsetMs(midnight, zone);
  // Once more with the offset at the found instant: right across a change of offset.
  at = midnight - zoneOffsetMs(at, zone);
  return new Date(at);
}

/**
 * The instant a wall-clock time ("2026-12-01T09:00:00.0000000", as Microsoft Graph writes it)
 * stands for in `zone`: for a time in a gap of summer time, the instant after the gap.
 */
export function instantOfWallClock(dateTime: string, zone: string): Date {
  const wall = Date.parse(`${dateTime.slice(0, 19)}Z`);
  if (Number.isNaN(wall)) return new Date(NaN);
  let at = wall - zoneOffsetMs(wall, zone);
  at = wall - zoneOffsetMs(at, zone);
  return new Date(at);
}

/**
 * The days (keys) from `start` to `end` whose midday in `zone` lies inside [start, end), or
 * null for none: how a stretch of time away becomes whole days away (decision 0304).
 */
export function daysWithMiddayIn(start: Date, end: Date, zone: string): { first: string; last: string } | null {
  if (!(end.getTime() > start.getTime())) return null;
  const noon = (key: string) => instantOfWallClock(`${key}T12:00:00`, zone).getTime();
  const shift = (key: string, days: number) => new Date(parseDayKey(key).getTime() + days * 86_400_000).toISOString().slice(0, 10);
  let first = localDayKey(start, zone);
  if (start.getTime() > noon(first)) first = shift(first, 1);
  let last = localDayKey(end, zone);
  if (end.getTime() <= noon(last)) last = shift(last, -1);
  return last < first ? null : { first, last };
}
