import { addDays, parseDayKey } from "~/lib/dates";
import { daysWithMiddayIn, instantOfWallClock, isTimeZone } from "~/lib/time-zones";

/**
 * Which days an Outlook event or automatic-replies window makes away (decision 0304), in the
 * person's zone. An all-day event's days are its dates (Graph's end is exclusive). A timed one
 * makes a day away when it covers that day's midday: 09:00 to 17:00 is a day away, a 14:00
 * appointment is not, and a window ending Monday 08:00 means back on Monday.
 */
export interface DayRange {
  startDate: Date;
  endDate: Date;
}

export interface GraphTime {
  dateTime: string;
  timeZone: string;
}

/** The Windows zone names Graph may answer with (mailbox settings keep the person's own), for the zones our firms are in. */
const WINDOWS_ZONES: Record<string, string> = {
  "W. Europe Standard Time": "Europe/Berlin",
  "Central Europe Standard Time": "Europe/Budapest",
  "Romance Standard Time": "Europe/Paris",
  "Central European Standard Time": "Europe/Warsaw",
  "GMT Standard Time": "Europe/London",
  "Greenwich Standard Time": "Atlantic/Reykjavik",
  "FLE Standard Time": "Europe/Helsinki",
  "E. Europe Standard Time": "Europe/Chisinau",
  "Eastern Standard Time": "America/New_York",
  "Central Standard Time": "America/Chicago",
  "Mountain Standard Time": "America/Denver",
  "Pacific Standard Time": "America/Los_Angeles",
  "AUS Eastern Standard Time": "Australia/Sydney",
  "Singapore Standard Time": "Asia/Singapore",
  "Tokyo Standard Time": "Asia/Tokyo",
};

/** An IANA zone for Graph's time zone name; an unknown name is read in the person's own zone. */
export function zoneOfGraph(timeZone: string | undefined, personZone: string): string {
  if (!timeZone) return personZone;
  if (timeZone === "UTC" || timeZone === "Etc/UTC" || timeZone === "tzone://Microsoft/Utc") return "UTC";
  if (isTimeZone(timeZone)) return timeZone;
  return WINDOWS_ZONES[timeZone] ?? personZone;
}

export function instantOfGraph(time: GraphTime, personZone: string): Date {
  return instantOfWallClock(time.dateTime, zoneOfGraph(time.timeZone, personZone));
}

/** The days between two instants whose midday they cover, or null for none. */
export function daysCoveringNoon(start: Date, end: Date, zone: string): DayRange | null {
  const days = daysWithMiddayIn(start, end, zone);
  return days ? { startDate: parseDayKey(days.first), endDate: parseDayKey(days.last) } : null;
}

/** An event's away days: its dates when all day, else the days whose midday it covers. */
export function eventDays(event: { isAllDay?: boolean | null; start?: GraphTime | null; end?: GraphTime | null }, zone: string): DayRange | null {
  if (!event.start || !event.end) return null;
  if (event.isAllDay) {
    const startDate = parseDayKey(event.start.dateTime.slice(0, 10));
    const endDate = addDays(parseDayKey(event.end.dateTime.slice(0, 10)), -1);
    if (Number.isNaN(startDate.getTime()) || Number.isNaN(endDate.getTime())) return null;
    return { startDate, endDate: endDate.getTime() < startDate.getTime() ? startDate : endDate };
  }
  const start = instantOfGraph(event.start, zone);
  const end = instantOfGraph(event.end, zone);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  return daysCoveringNoon(start, end, zone);
}

/**
 * The away days to show: the events' days merged (overlapping or touching ranges become one),
 * less the days a person entered themselves; those that end before `from` are left out (a range
 * running into it keeps its first days, so it does not change as the days pass). Each range
 * names the event it starts with, so a day from Outlook can say which event made it.
 */
export function awaySegments(events: (DayRange & { eventId: string })[], blocked: DayRange[], from: Date): (DayRange & { eventId: string })[] {
  const DAY = 86_400_000;
  const sorted = [...events].sort((a, b) => a.startDate.getTime() - b.startDate.getTime());
  const merged: { start: number; end: number; eventId: string }[] = [];
  for (const e of sorted) {
    const last = merged.at(-1);
    if (last && e.startDate.getTime() <= last.end + DAY) last.end = Math.max(last.end, e.endDate.getTime());
    else merged.push({ start: e.startDate.getTime(), end: e.endDate.getTime(), eventId: e.eventId });
  }
  const blocks = blocked.map((b) => ({ start: b.startDate.getTime(), end: b.endDate.getTime() })).sort((a, b) => a.start - b.start);
  const out: (DayRange & { eventId: string })[] = [];
  for (const m of merged) {
    let pieces = [{ start: m.start, end: m.end }];
    for (const b of blocks) {
      pieces = pieces.flatMap((p) => {
        if (b.end < p.start || b.start > p.end) return [p];
        const left = b.start > p.start ? [{ start: p.start, end: b.start - DAY }] : [];
        const right = b.end < p.end ? [{ start: b.end + DAY, end: p.end }] : [];
        return [...left, ...right];
      });
    }
    for (const p of pieces)
      if (p.end >= p.start && p.end >= from.getTime()) out.push({ startDate: new Date(p.start), endDate: new Date(p.end), eventId: m.eventId });
  }
  return out;
}
