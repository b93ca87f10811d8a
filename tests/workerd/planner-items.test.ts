import { describe, expect, it } from "vitest";
import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import type { PlannerData, PlannerPerson } from "~/domain/planner/planner.types";
import { plannerItems } from "~/features/planner/planner-items";

/** What each planner row draws (features/planner/planner-items.ts), from the data the planner's loader answers. */

const person = (id: string, today: string, extra: Partial<PlannerPerson> = {}): PlannerPerson => ({
  _id: id,
  today,
  name: id,
  title: "",
  picture: null,
  currentWorkload: 2,
  onLeave: false,
  ...extra,
});

const forecast = (id: string, user: string, startDate: string, endDate: string, extra: Partial<ApiForecast> = {}): ApiForecast => ({
  _id: id,
  user,
  startDate: `${startDate}T00:00:00.000Z`,
  endDate: `${endDate}T00:00:00.000Z`,
  status: "3",
  comment: null,
  externalSource: null,
  ...extra,
});

function plannerData(people: PlannerPerson[], extra: Partial<PlannerData> = {}): PlannerData {
  return {
    today: "2026-11-25T00:00:00.000Z",
    from: "2026-11-23T00:00:00.000Z",
    to: "2026-12-06T00:00:00.000Z",
    viewer: { id: "me", admin: false, administratorPriviliges: false, companyAdmin: false },
    settings: { enableNewForecasting: true, absencePlannerviewOnly: false },
    commentLimit: 100,
    people,
    forecasts: [],
    vacations: [],
    ...extra,
  };
}

const summary = (items: ReturnType<typeof plannerItems>, id: string) =>
  (items.get(id) ?? []).map(
    (i) => `${i.kind} ${i.startDate.slice(0, 10)}..${i.endDate.slice(0, 10)} ${i.status} ${i.editable ? "editable" : "fixed"}`,
  );

describe("planner rows", () => {
  it("put the today placeholder on each person's own today, with their current workload, when no forecast covers it", () => {
    const data = plannerData([person("me", "2026-11-25"), person("sydney", "2026-11-26", { currentWorkload: null })]);
    const items = plannerItems(data, []);
    expect(summary(items, "me")).toEqual(["today 2026-11-25..2026-11-25 2 editable"]);
    // Someone else's row: shown, not editable for an employee.
    expect(summary(items, "sydney")).toEqual(["today 2026-11-26..2026-11-26 null fixed"]);
  });

  it("leave out the placeholder under a forecast that covers today, and mark it away under a vacation or leave", () => {
    const data = plannerData([person("me", "2026-11-25"), person("ann", "2026-11-25"), person("bo", "2026-11-25", { onLeave: true })], {
      vacations: [{ _id: "v1", user: "ann", startDate: "2026-11-24T00:00:00.000Z", endDate: "2026-11-26T00:00:00.000Z" }],
    });
    const items = plannerItems(data, [forecast("f1", "me", "2026-11-24", "2026-11-27")]);
    expect(summary(items, "me")).toEqual(["forecast 2026-11-24..2026-11-27 3 editable"]);
    expect(summary(items, "ann")).toEqual(["vacation 2026-11-24..2026-11-26 away fixed", "today 2026-11-25..2026-11-25 away fixed"]);
    expect(summary(items, "bo")).toEqual(["today 2026-11-25..2026-11-25 away fixed"]);
  });

  it("follow the edit rules: imported forecasts never, levels only with new forecasting, others' rows for admins unless view-only", () => {
    const people = [person("me", "2026-11-25"), person("ann", "2026-11-25")];
    const forecasts = [
      forecast("own", "me", "2026-11-30", "2026-12-01"),
      forecast("imported", "me", "2026-12-02", "2026-12-02", { externalSource: "elite" }),
      forecast("anns", "ann", "2026-11-30", "2026-11-30", { status: "away" }),
    ];
    const oldForecasting = plannerItems(plannerData(people, { settings: { enableNewForecasting: false, absencePlannerviewOnly: false } }), forecasts);
    expect(summary(oldForecasting, "me")).toEqual([
      "forecast 2026-11-30..2026-12-01 3 fixed",
      "forecast 2026-12-02..2026-12-02 3 fixed",
      // Without new forecasting the placeholder is editable only as an absence.
      "today 2026-11-25..2026-11-25 2 fixed",
    ]);
    const admin = { id: "me", admin: false, administratorPriviliges: true, companyAdmin: false };
    const asAdmin = plannerItems(plannerData(people, { viewer: admin }), forecasts);
    expect(summary(asAdmin, "ann")).toEqual(["forecast 2026-11-30..2026-11-30 away editable", "today 2026-11-25..2026-11-25 2 editable"]);
    const viewOnly = plannerItems(
      plannerData(people, { viewer: admin, settings: { enableNewForecasting: true, absencePlannerviewOnly: true } }),
      forecasts,
    );
    expect(summary(viewOnly, "ann")).toEqual(["forecast 2026-11-30..2026-11-30 away fixed", "today 2026-11-25..2026-11-25 2 fixed"]);
  });
});
