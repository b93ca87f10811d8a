import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { forecastRow } from "~/db/factories";
import { eq } from "drizzle-orm";
import { forecasts, users, vacations, workplacePlans } from "~/db/schema";
import { buildCalendar, escapeText, foldLine } from "~/lib/ical";
import { nextWorkingDays } from "~/lib/dates";
import { newId } from "~/lib/ids";
import { BASE, cookieFor, createCompany, db } from "./helpers";
import { parseCalendar } from "./ical-reader";

const day = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset));
};
const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");

const SETTINGS_DATA = "/settings?_data=routes%2F_app.settings";
const settings = (cookie: string, form?: Record<string, string>) =>
  SELF.fetch(`${BASE}${SETTINGS_DATA}`, {
    method: form ? "POST" : "GET",
    body: form ? new URLSearchParams(form) : undefined,
    headers: { Cookie: cookie, ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
  });
const feed = (url: string) => SELF.fetch(url.replace(/^https?:\/\/[^/]+/, BASE));

describe("iCalendar writing (RFC 5545)", () => {
  it("escapes backslash, semicolon, comma and newlines, and folds at 75 octets without splitting a character", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    const long = `DESCRIPTION:${"Överläggning i Göteborg, ".repeat(8)}`;
    const folded = foldLine(long);
    const pieces = folded.split("\r\n");
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) expect(new TextEncoder().encode(piece).length).toBeLessThanOrEqual(75);
    expect(pieces.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
  });

  it("writes all-day events with DTEND the day after the last day", () => {
    const text = buildCalendar({
      name: "N",
      description: "D",
      events: [
        {
          uid: "u1",
          start: new Date("2026-03-02"),
          end: new Date("2026-03-06"),
          summary: "Away",
          stamp: new Date("2026-01-01T10:20:30Z"),
          busy: true,
        },
      ],
    });
    const { events } = parseCalendar(text);
    expect(events).toEqual([{ UID: "u1", DTSTAMP: "20260101T102030Z", DTSTART: "20260302", DTEND: "20260307", SUMMARY: "Away", TRANSP: "OPAQUE" }]);
  });
});

describe("a person's secret calendar feed", () => {
  it("serves own forecasts, leave and the rolling week's locations as text/calendar, without a session, only at the secret address", async () => {
    const firm = await createCompany("Feed Firm");
    const me = await firm.createUser("employee", { name: "Frida Feed" });
    const colleague = await firm.createUser("employee");
    const comment = "Trial prep; Smith v. Jones, room 4\nthen travel";
    const away = forecastRow(firm.company.id, me.id, { startDate: day(3), endDate: day(5), status: "away", comment });
    const busy = forecastRow(firm.company.id, me.id, { startDate: day(10), endDate: day(12), status: "2" });
    const old = forecastRow(firm.company.id, me.id, { startDate: day(-200), endDate: day(-199), status: "3" });
    const theirs = forecastRow(firm.company.id, colleague.id, { startDate: day(3), endDate: day(3), status: "away" });
    const firstWorkingDay = nextWorkingDays(day(0), 5)[0];
    await db().batch([
      db().insert(forecasts).values([away, busy, old, theirs]),
      db()
        .insert(vacations)
        .values({ id: newId(), companyId: firm.company.id, userId: me.id, startDate: day(20), endDate: day(24) }),
      db()
        .insert(workplacePlans)
        .values({ id: newId(), companyId: firm.company.id, userId: me.id, kind: "rolling", key: firstWorkingDay.getTime(), option: 1 }),
    ]);
    const cookie = await cookieFor(me.email);
    expect(await (await settings(cookie)).json()).toMatchObject({ feedUrl: null });
    const made = (await (await settings(cookie, { intent: "renewFeed" })).json()) as { ok: boolean; url: string };
    expect(made.ok).toBe(true);
    expect(made.url).toMatch(/^http:\/\/localhost\/calendar\/[0-9a-f]{24}\.[0-9a-f]{24}\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await (await settings(cookie)).json()).toMatchObject({ feedUrl: made.url });

    const response = await feed(made.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const { calendar, events } = parseCalendar(await response.text());
    expect(calendar).toMatchObject({ VERSION: "2.0", "X-WR-CALNAME": "Frida Feed: availability" });
    const byUid = Object.fromEntries(events.map((e) => [e.UID, e]));
    // Not the colleague's forecast, not the one older than 90 days.
    expect(events).toHaveLength(4);
    expect(Object.keys(byUid)).toEqual(expect.arrayContaining([`forecast-${away.id}@availability`, `forecast-${busy.id}@availability`]));
    expect(byUid[`forecast-${away.id}@availability`]).toMatchObject({
      SUMMARY: "Away",
      DESCRIPTION: comment,
      DTSTART: ymd(day(3)),
      DTEND: ymd(day(6)),
      TRANSP: "OPAQUE",
    });
    expect(byUid[`forecast-${busy.id}@availability`]).toMatchObject({
      SUMMARY: "Workload: Busy",
      DTSTART: ymd(day(10)),
      DTEND: ymd(day(13)),
      TRANSP: "TRANSPARENT",
    });
    const leave = events.find((e) => e.UID.startsWith("leave-"))!;
    expect(leave).toMatchObject({ SUMMARY: "On leave", DTSTART: ymd(day(20)), DTEND: ymd(day(25)) });
    const location = events.find((e) => e.UID.startsWith("location-"))!;
    expect(location).toMatchObject({ SUMMARY: "Working from: Home", DTSTART: ymd(firstWorkingDay) });

    // Updated as forecasts change: the next fetch has the change.
    await db()
      .insert(forecasts)
      .values(forecastRow(firm.company.id, me.id, { startDate: day(30), endDate: day(30), status: "0" }));
    expect(parseCalendar(await (await feed(made.url)).text()).events.some((e) => e.SUMMARY === "Workload: Available")).toBe(true);

    // A forged signature, another feed id with this signature and a garbled address: 404, nothing said.
    const [, feedId, bareFeedId, signature] = /\/calendar\/([0-9a-f]{24}\.([0-9a-f]{24}))\/(.+)\.ics$/.exec(made.url)!;
    // An address from before shards (no firm in front) still works: the feed is looked for on every shard (decision 0313).
    expect((await feed(`${BASE}/calendar/${bareFeedId}/${signature}.ics`)).status).toBe(200);
    const forged = await feed(`${BASE}/calendar/${feedId}/${signature.slice(0, -2)}xx.ics`);
    expect(forged.status).toBe(404);
    expect(await forged.text()).toBe("Not found\n");
    expect((await feed(`${BASE}/calendar/${newId()}/${signature}.ics`)).status).toBe(404);
    expect((await feed(`${BASE}/calendar/${feedId}/${signature}`)).status).toBe(404);
    expect((await feed(`${BASE}/calendar/not-an-id/${signature}.ics`)).status).toBe(404);

    // A new secret: the old address stops working, the new one works.
    const renewed = (await (await settings(cookie, { intent: "renewFeed" })).json()) as { url: string };
    expect(renewed.url).not.toBe(made.url);
    expect((await feed(made.url)).status).toBe(404);
    expect((await feed(renewed.url)).status).toBe(200);
  });
});

describe("a feed in its owner's language", () => {
  it("names events in Swedish for a person of a Swedish firm, and in the person's own choice over the firm's", async () => {
    const firm = await createCompany("Kalenderbyrån", { language: "sv" });
    const me = await firm.createUser("employee", { name: "Sara Svensson" });
    const busy = forecastRow(firm.company.id, me.id, { startDate: day(10), endDate: day(12), status: "2" });
    await db().batch([
      db().insert(forecasts).values(busy),
      db()
        .insert(vacations)
        .values({ id: newId(), companyId: firm.company.id, userId: me.id, startDate: day(20), endDate: day(24) }),
      db()
        .insert(workplacePlans)
        .values({ id: newId(), companyId: firm.company.id, userId: me.id, kind: "rolling", key: nextWorkingDays(day(0), 5)[0].getTime(), option: 1 }),
    ]);
    const cookie = await cookieFor(me.email);
    const made = (await (await settings(cookie, { intent: "renewFeed" })).json()) as { url: string };
    const { calendar, events } = parseCalendar(await (await feed(made.url)).text());
    expect(calendar).toMatchObject({ "X-WR-CALNAME": "Sara Svensson: tillgänglighet" });
    expect(events.map((e) => e.SUMMARY).sort()).toEqual(["Arbetar från: Hemma", "Arbetsbelastning: Upptagen", "Ledig"]);

    await db().update(users).set({ language: "en" }).where(eq(users.id, me.id));
    const english = parseCalendar(await (await feed(made.url)).text());
    expect(english.events.map((e) => e.SUMMARY).sort()).toEqual(["On leave", "Working from: Home", "Workload: Busy"]);
  });
});
