import { UTCDate } from "@date-fns/utc";
import {
  addDays as addDaysFns,
  differenceInCalendarDays,
  eachDayOfInterval,
  getISODay,
  getISOWeek,
  isWeekend as isWeekendFns,
  startOfDay,
  startOfISOWeek,
} from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countWeekdays,
  isoWeek,
  layoutDays,
  mondayOf,
  moveKeepingWeekdays,
  PLANNER,
  plannerDayCount,
  spanOf,
  weekendOnlyDays,
} from "~/domain/planner/timeline";
import { dayRange, forecastSummary } from "~/features/overview/format";
import * as dates from "~/lib/dates";
import { addDays, dayKey, nextWorkingDays, parseDayKey, startOfUtcDay, weekdayIndex } from "~/lib/dates";
import { formatDayRange, formatterFor } from "~/lib/format";

const d = parseDayKey;

describe("UTC days, by arithmetic, answer what date-fns on UTCDate answers", () => {
  // Any moment from 1900 to 2200, and day counts either way.
  const moment = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) });
  const utc = (ms: number) => new UTCDate(ms);

  it("for a day's start, weekday, weekend, ISO week and Monday", () => {
    fc.assert(
      fc.property(moment, (ms) => {
        const date = new Date(ms);
        expect(dates.startOfUtcDay(date).getTime()).toBe(startOfDay(utc(ms)).getTime());
        expect(dates.startOfUtcDay(ms).getTime()).toBe(startOfDay(utc(ms)).getTime());
        expect(dates.weekdayIndex(date)).toBe(getISODay(utc(ms)) - 1);
        expect(dates.isWeekend(date)).toBe(isWeekendFns(utc(ms)));
        expect(dates.isoWeek(date)).toBe(getISOWeek(utc(ms)));
        expect(dates.mondayOf(date).getTime()).toBe(startOfISOWeek(utc(ms)).getTime());
      }),
      { numRuns: 5000 },
    );
  });

  it("for adding days, days between and weekdays in a range", () => {
    fc.assert(
      fc.property(moment, fc.integer({ min: -800, max: 800 }), moment, (ms, days, otherMs) => {
        const date = new Date(ms);
        expect(dates.addDays(date, days).getTime()).toBe(addDaysFns(utc(ms), days).getTime());
        const other = new Date(otherMs);
        expect(dates.daysBetween(date, other)).toBe(differenceInCalendarDays(utc(otherMs), utc(ms)));
        const end = dates.addDays(date, Math.abs(days));
        const expected = eachDayOfInterval({ start: startOfDay(utc(ms)), end: startOfDay(utc(end.getTime())) }).filter(
          (d) => !isWeekendFns(d),
        ).length;
        expect(dates.countWeekdays(date, end)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    expect(dates.countWeekdays(new Date("2026-11-30"), new Date("2026-11-29"))).toBe(0);
    expect(Number.isNaN(dates.addDays(new Date("2026-11-30"), Number.NaN).getTime())).toBe(true);
  });
});

describe("UTC days", () => {
  it("keys and parses days in UTC whatever the time of day", () => {
    expect(dayKey(new Date("2026-11-24T23:59:59Z"))).toBe("2026-11-24");
    expect(dayKey("2026-11-24T00:00:00.000Z")).toBe("2026-11-24");
    expect(parseDayKey("2026-11-24").toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(parseDayKey("2026-11-24T15:30:00Z").toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(startOfUtcDay(new Date("2026-03-29T01:30:00Z")).toISOString()).toBe("2026-03-29T00:00:00.000Z");
  });

  it("adds days across month ends and the European DST change without drifting", () => {
    expect(dayKey(addDays(d("2026-03-28"), 2))).toBe("2026-03-30");
    expect(dayKey(addDays(d("2026-10-24"), 2))).toBe("2026-10-26");
    expect(dayKey(addDays(d("2026-12-31"), 1))).toBe("2027-01-01");
  });

  it("numbers weekdays from Monday and skips weekends", () => {
    expect(weekdayIndex(d("2026-11-23"))).toBe(0);
    expect(weekdayIndex(d("2026-11-29"))).toBe(6);
    expect(nextWorkingDays(d("2026-11-28"), 3).map(dayKey)).toEqual(["2026-11-30", "2026-12-01", "2026-12-02"]);
  });

  it("writes a run of days with the given day formatter, and one day once whatever the time of day", () => {
    const gb = formatterFor("en-GB");
    expect(formatDayRange("2026-11-23", "2026-11-27T00:00:00.000Z", gb.weekdayDayMonth)).toBe("Mon 23 Nov – Fri 27 Nov");
    expect(formatDayRange("2026-11-23T00:00:00.000Z", "2026-11-23T23:59:59.000Z", gb.weekdayDayMonth)).toBe("Mon 23 Nov");
    expect(dayRange("2026-11-23T00:00:00.000Z", "2026-11-27T00:00:00.000Z", formatterFor("en-US"))).toBe("Nov 23 – Nov 27");
    expect(dayRange("2026-11-23", "2026-11-23", gb)).toBe("23 Nov");
  });

  it("sums up a forecast as now or next by its UTC days, whatever the time of day of today", () => {
    const gb = formatterFor("en-GB");
    const away = { status: "away" as const, comment: "Skiing", startDate: "2026-11-23T00:00:00.000Z", endDate: "2026-11-27T00:00:00.000Z" };
    expect(forecastSummary(away, "2026-11-22T23:59:59.000Z", gb)).toBe("Next: Skiing 23 Nov – 27 Nov");
    expect(forecastSummary(away, "2026-11-23T00:00:00.000Z", gb)).toBe("Now: Skiing until 27 Nov");
    expect(forecastSummary(away, "2026-11-27T18:00:00.000Z", gb)).toBe("Now: Skiing today");
  });

  it("tells today once: a current forecast the card's status contradicts is told from tomorrow (decision 0271)", () => {
    const gb = formatterFor("en-GB");
    const available = { status: "0" as const, comment: null, startDate: "2026-11-23T00:00:00.000Z", endDate: "2026-11-28T00:00:00.000Z" };
    const monday = "2026-11-23T09:00:00.000Z";
    // Absent today (on leave, a vacation or the work location 'Absent'): absence wins.
    expect(forecastSummary(available, monday, gb, { away: true, level: null })).toBe("From tomorrow: Available until 28 Nov");
    // Another status set for today: the status wins.
    expect(forecastSummary(available, monday, gb, { away: false, level: 3 })).toBe("From tomorrow: Available until 28 Nov");
    // Agreeing, or no status of one's own: the forecast tells today.
    expect(forecastSummary(available, monday, gb, { away: false, level: 0 })).toBe("Now: Available until 28 Nov");
    expect(forecastSummary(available, monday, gb, { away: false, level: null })).toBe("Now: Available until 28 Nov");
    // Contradicted on its last day: nothing left to tell.
    expect(forecastSummary(available, "2026-11-28T09:00:00.000Z", gb, { away: true, level: null })).toBeNull();
    // An away forecast and an away card agree.
    expect(forecastSummary({ ...available, status: "away" as const }, monday, gb, { away: true, level: null })).toBe("Now: Away until 28 Nov");
  });
});

describe("planner timeline maths", () => {
  it("ISO weeks at the year boundary", () => {
    expect(isoWeek(d("2026-12-31"))).toBe(53);
    expect(isoWeek(d("2027-01-03"))).toBe(53);
    expect(isoWeek(d("2027-01-04"))).toBe(1);
    expect(isoWeek(d("2025-12-29"))).toBe(1);
  });

  it("the Monday of a week, from any day of it", () => {
    expect(dayKey(mondayOf(d("2026-11-29")))).toBe("2026-11-23");
    expect(dayKey(mondayOf(d("2026-11-23")))).toBe("2026-11-23");
    expect(dayKey(mondayOf(d("2027-01-01")))).toBe("2026-12-28");
  });

  it("counts weekdays inclusively", () => {
    expect(countWeekdays(d("2026-11-23"), d("2026-11-29"))).toBe(5);
    expect(countWeekdays(d("2026-11-28"), d("2026-11-29"))).toBe(0);
    expect(countWeekdays(d("2026-11-27"), d("2026-11-30"))).toBe(2);
    expect(countWeekdays(d("2026-11-30"), d("2026-11-27"))).toBe(0);
  });

  it("moves a range keeping its number of weekdays", () => {
    const week = moveKeepingWeekdays(d("2026-11-23"), d("2026-11-27"), 1);
    expect([dayKey(week.start), dayKey(week.end)]).toEqual(["2026-11-24", "2026-11-30"]);
    const weekend = moveKeepingWeekdays(d("2026-11-28"), d("2026-11-29"), 7);
    expect([dayKey(weekend.start), dayKey(weekend.end)]).toEqual(["2026-12-05", "2026-12-06"]);
  });

  it("lays out days with narrow weekends and finds a range's extent", () => {
    const columns = layoutDays(d("2026-11-23"), 7, 1000);
    const unit = 1000 / (5 + 2 * PLANNER.weekendWidth);
    expect(columns.map((c) => c.key)).toEqual(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]);
    expect(columns[0].width).toBeCloseTo(unit);
    expect(columns[5].width).toBeCloseTo(unit * PLANNER.weekendWidth);
    expect(columns[6].left + columns[6].width).toBeCloseTo(1000);
    const span = spanOf(columns, "2026-11-25T00:00:00.000Z", "2026-12-02T00:00:00.000Z")!;
    expect(span.left).toBeCloseTo(2 * unit);
    expect(span.clippedStart).toBe(false);
    expect(span.clippedEnd).toBe(true);
    expect(span.left + span.width).toBeCloseTo(1000);
    expect(spanOf(columns, "2026-12-01", "2026-12-03")).toBeNull();
  });

  it("widens a weekend day only while it holds an item with no weekday in view (decision 0075)", () => {
    const monday = d("2026-11-23");
    const items = [
      { startDate: "2026-11-28", endDate: "2026-11-28" }, // Saturday only: widened
      { startDate: "2026-11-27", endDate: "2026-11-29" }, // Friday to Sunday: has a weekday, so not
      { startDate: "2026-11-20", endDate: "2026-11-21" }, // before the window
    ];
    const wide = weekendOnlyDays(monday, 7, items);
    expect([...wide]).toEqual(["2026-11-28"]);
    // A weekend clipped by the window's start counts what is in view: Sunday 22nd alone.
    expect([...weekendOnlyDays(d("2026-11-22"), 7, [{ startDate: "2026-11-20", endDate: "2026-11-22" }])]).toEqual(["2026-11-22"]);

    const columns = layoutDays(monday, 7, 1000, wide);
    const unit = 1000 / (6 + PLANNER.weekendWidth);
    expect(columns[5].width).toBeCloseTo(unit);
    expect(columns[6].width).toBeCloseTo(unit * PLANNER.weekendWidth);
    expect(columns[6].left + columns[6].width).toBeCloseTo(1000);
  });

  it("shows one week on a phone and the spec's day counts from 600 px up", () => {
    expect(plannerDayCount(390)).toBe(7);
    expect(plannerDayCount(599)).toBe(7);
    expect(plannerDayCount(600)).toBe(14);
    expect(plannerDayCount(1280)).toBe(14 + 5 + 4 + 4 + 3);
  });
});
