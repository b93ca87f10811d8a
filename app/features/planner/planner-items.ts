import { canEditAvailabilityOf, canEditForecast } from "~/auth/permissions";
import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import type { PlannerData } from "~/domain/planner/planner.types";
import { dayKey } from "~/lib/dates";
import type { Item } from "./planner-bars";

/** Whether an item's days include the day `key` ("YYYY-MM-DD"). */
export const covers = (item: { startDate: string; endDate: string }, key: string) => dayKey(item.startDate) <= key && dayKey(item.endDate) >= key;

/**
 * What each row of the planner draws, by person: their forecasts (editable as the viewer's
 * permissions say), their vacations (never editable here), and the virtual 'today'
 * placeholder on their own today when no forecast covers it.
 */
export function plannerItems(data: PlannerData, forecasts: ApiForecast[]): Map<string, Item[]> {
  const { viewer, settings } = data;
  const map = new Map<string, Item[]>();
  const people = new Map(data.people.map((p) => [p._id, p]));
  const push = (item: Item) => {
    const list = map.get(item.person._id) ?? [];
    list.push(item);
    map.set(item.person._id, list);
  };
  for (const f of forecasts) {
    const person = people.get(f.user);
    if (!person) continue;
    push({
      key: f._id,
      kind: "forecast",
      person,
      forecast: f,
      startDate: f.startDate,
      endDate: f.endDate,
      status: f.status,
      comment: f.comment,
      editable: canEditForecast(viewer, { userId: f.user, status: f.status, externalSource: f.externalSource }, settings),
    });
  }
  for (const v of data.vacations) {
    const person = people.get(v.user);
    if (person)
      push({ key: v._id, kind: "vacation", person, startDate: v.startDate, endDate: v.endDate, status: "away", comment: null, editable: false });
  }
  for (const person of data.people) {
    // The placeholder sits on this person's today (their office's zone), not the reader's.
    const personToday = dayKey(person.today);
    const list = map.get(person._id) ?? [];
    const forecastToday = list.some((i) => i.kind === "forecast" && covers(i, personToday));
    if (forecastToday) continue;
    const away = person.onLeave || list.some((i) => i.kind === "vacation" && covers(i, personToday));
    const status = away ? "away" : person.currentWorkload === null ? null : String(person.currentWorkload);
    push({
      key: `today-${person._id}`,
      kind: "today",
      person,
      startDate: personToday,
      endDate: personToday,
      status,
      comment: null,
      editable: canEditAvailabilityOf(viewer, person._id, settings) && (settings.enableNewForecasting || status === "away"),
    });
  }
  return map;
}
