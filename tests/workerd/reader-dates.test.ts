import { describe, expect, it } from "vitest";
import { formatterFor, numericDatePattern, parseNumericDate } from "~/lib/format";
import { cookieFor, createCompany, page } from "./helpers";

/**
 * Issue 27, item 20: dates and times in the reader's locale and zone on every screen. One
 * formatting module (app/lib/format.ts, decision 0171) writes them; date fields are the app's
 * own (components/date-field.tsx, decision 0280), because the browser's date input writes the
 * browser's language whatever the page says.
 */

const ui = import.meta.glob(["/app/routes/**/*.tsx", "/app/features/**/*.tsx", "/app/components/**/*.tsx"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

describe("one home for dates and numbers on screen", () => {
  it("no screen formats with a fixed locale or its own Intl formatter, and none uses the browser's date input", () => {
    const offences: string[] = [];
    for (const [file, source] of Object.entries(ui)) {
      source.split("\n").forEach((line, i) => {
        if (/["'](en-GB|en-US|sv-SE)["']/.test(line)) offences.push(`${file}:${i + 1} fixed locale: ${line.trim()}`);
        if (/\.toLocale(Date|Time)?String\(|new Intl\.(DateTimeFormat|NumberFormat)\(/.test(line))
          offences.push(`${file}:${i + 1} own formatter: ${line.trim()}`);
        if (/type=["']date["']|type: ["']date["']/.test(line)) offences.push(`${file}:${i + 1} browser date input: ${line.trim()}`);
      });
    }
    expect(offences).toEqual([]);
  });
});

describe("the reader's formatter", () => {
  it("writes a day's digits in the locale's order, with a hint a date field shows", () => {
    expect(formatterFor("en-GB").numericDate("2026-11-27")).toBe("27/11/2026");
    expect(formatterFor("en-US").numericDate("2026-11-27")).toBe("11/27/2026");
    expect(formatterFor("sv-SE").numericDate("2026-11-27")).toBe("2026-11-27");
    expect(formatterFor("de-DE").numericDate("2026-03-05")).toBe("05.03.2026");
    expect(numericDatePattern("en-GB").hint).toBe("dd/mm/yyyy");
    expect(numericDatePattern("en-US").hint).toBe("mm/dd/yyyy");
    expect(numericDatePattern("sv-SE").hint).toBe("yyyy-mm-dd");
  });

  it("reads a typed day in the locale's order or as ISO, and refuses what is no day", () => {
    expect(parseNumericDate("27/11/2026", "en-GB")).toBe("2026-11-27");
    expect(parseNumericDate("11/27/2026", "en-US")).toBe("2026-11-27");
    expect(parseNumericDate("2026-11-27", "en-US")).toBe("2026-11-27");
    expect(parseNumericDate("5.3.26", "de-DE")).toBe("2026-03-05");
    expect(parseNumericDate(" 2026-11-27 ", "sv-SE")).toBe("2026-11-27");
    for (const text of ["", "27/11", "31/02/2026", "13/13/2026", "11/27/2026 x 1", "tomorrow"])
      expect(parseNumericDate(text, "en-GB"), text).toBeNull();
    // The US order is not the British one: 11/27 is no British day.
    expect(parseNumericDate("11/27/2026", "en-GB")).toBeNull();
  });

  it("writes a moment in the reader's zone, not the server's UTC", () => {
    const moment = "2026-11-27T08:05:00Z";
    expect(formatterFor("en-US").dateTime(moment, "America/New_York")).toMatch(/^Nov 27, 2026, 3:05\sAM$/);
    expect(formatterFor("en-GB").dateTime(moment, "Europe/Stockholm")).toBe("27 Nov 2026, 09:05");
    expect(formatterFor("sv-SE").dateTime(moment, "Australia/Sydney")).toMatch(/^27 nov\.? 2026 19:05$/);
  });

  it("groups counts the locale's way", () => {
    expect(formatterFor("en-GB").count(12345)).toBe("12,345");
    expect(formatterFor("sv-SE").count(12345).replace(/\s/g, " ")).toBe("12 345");
  });
});

describe("pages in the reader's locale", () => {
  it("the statistics date fields show the day in the reader's order and send the day key", async () => {
    const firm = await createCompany("Reader Dates Firm");
    const person = await firm.createUser("employee");
    const cookie = await cookieFor(person.email);
    for (const [language, digits] of [
      ["en-US", /value="\d\d\/\d\d\/\d{4}"/],
      ["sv-SE,sv;q=0.9", /value="\d{4}-\d\d-\d\d"/],
    ] as const) {
      const response = await page("/statistics?startDate=2026-08-03&endDate=2026-08-07", {
        headers: { Cookie: cookie, "Accept-Language": language },
      });
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(html).not.toContain('type="date"');
      const start = html.match(/<input[^>]*id="statistics-start"[^>]*>/)![0];
      expect(start, language).toMatch(digits);
      expect(html).toMatch(/<input type="hidden" name="startDate" value="2026-08-03"/);
    }
  });
});
