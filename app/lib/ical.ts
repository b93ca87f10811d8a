/**
 * A small iCalendar (RFC 5545) writer for the calendar feeds (decision 0177): all-day
 * events only. Text values are escaped (3.3.11), lines end in CRLF and are folded at 75
 * octets without splitting a UTF-8 character (3.1).
 */
import { addDays, dayKey } from "./dates";

export interface AllDayEvent {
  uid: string;
  /** First day, UTC start of day. */
  start: Date;
  /** Last day, inclusive (written as DTEND the day after, as RFC 5545 wants). */
  end: Date;
  summary: string;
  description?: string | null;
  /** When the event last changed. */
  stamp: Date;
  /** Whether the time shows as busy in the subscriber's calendar. */
  busy: boolean;
  categories?: string;
}

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/** Splits a content line into 75-octet pieces, continuation lines starting with a space. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; continuations 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** An iCalendar DATE value: the day key without its dashes. */
const dateValue = (d: Date) => dayKey(d).replaceAll("-", "");
const stampValue = (d: Date) => `${d.toISOString().slice(0, 19).replaceAll("-", "").replaceAll(":", "")}Z`;

export function buildCalendar(input: { name: string; description: string; events: AllDayEvent[] }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Availability//Calendar feed//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.name)}`,
    `X-WR-CALDESC:${escapeText(input.description)}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
  ];
  for (const event of input.events) {
    const dayAfter = addDays(event.end, 1);
    lines.push(
      "BEGIN:VEVENT",
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stampValue(event.stamp)}`,
      `DTSTART;VALUE=DATE:${dateValue(event.start)}`,
      `DTEND;VALUE=DATE:${dateValue(dayAfter)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.categories ? [`CATEGORIES:${escapeText(event.categories)}`] : []),
      `TRANSP:${event.busy ? "OPAQUE" : "TRANSPARENT"}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
