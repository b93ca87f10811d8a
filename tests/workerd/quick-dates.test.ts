import { describe, expect, it } from "vitest";
import { quickDates } from "~/domain/workload/quick-dates";

describe("quick-date suggestions", () => {
  it("on a Monday: tomorrow, rest of the week, until next week", () => {
    expect(quickDates("2026-11-16", [])).toEqual([
      { label: "Tomorrow", date: "2026-11-17" },
      { label: "Rest of the week", date: "2026-11-20" },
      { label: "Until next week", date: "2026-11-23" },
    ]);
  });

  it("on a Friday: the next weekday is Monday and next week is the same day, so it appears once", () => {
    expect(quickDates("2026-11-20", [])).toEqual([{ label: "Monday", date: "2026-11-23" }]);
  });

  it("offers until the day before the next forecast, at most three, never inside a forecast", () => {
    const forecasts = [{ startDate: "2026-11-19T00:00:00.000Z", endDate: "2026-11-19T00:00:00.000Z" }];
    expect(quickDates("2026-11-16", forecasts)).toEqual([
      { label: "Tomorrow", date: "2026-11-17" },
      { label: "Rest of the week", date: "2026-11-20" },
      { label: "Until Wed 18 Nov", date: "2026-11-18" },
    ]);
    const blocking = [{ startDate: "2026-11-17T00:00:00.000Z", endDate: "2026-11-20T00:00:00.000Z" }];
    expect(quickDates("2026-11-16", blocking).map((q) => q.date)).toEqual(["2026-11-23"]);
  });
});
