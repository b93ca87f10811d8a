import { expect } from "vitest";

/** A reader of what we write, from RFC 5545 itself: unfold, split name;params:value, unescape text. */
export function parseCalendar(text: string) {
  expect(text.endsWith("\r\n")).toBe(true);
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical) expect(new TextEncoder().encode(line).length, line).toBeLessThanOrEqual(75);
  const lines = text
    .replace(/\r\n[ \t]/g, "")
    .slice(0, -2)
    .split("\r\n");
  const unescape = (v: string) => v.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));
  const events: Record<string, string>[] = [];
  const calendar: Record<string, string> = {};
  let current: Record<string, string> | null = null;
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines.at(-1)).toBe("END:VCALENDAR");
  for (const line of lines) {
    const colon = line.indexOf(":");
    const [name] = line.slice(0, colon).split(";");
    const value = line.slice(colon + 1);
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT") {
      events.push(current!);
      current = null;
    } else (current ?? calendar)[name] = unescape(value);
  }
  return { calendar, events };
}
