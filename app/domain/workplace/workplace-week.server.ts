import { and, between, eq, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { compiledSelect } from "~/db/compiled-select";
import { sessionPlaceholders } from "~/db/session-placeholders";
import type { SessionScope } from "~/auth/session.server";
import type { Db } from "~/db/client";
import type { FirmScope } from "../context";
import { inJsonList } from "~/db/json-list";
import { workplacePlans } from "~/db/schema";
import { addDays, nextWorkingDays, weekdayIndex } from "~/lib/dates";

export interface WorkplaceWeek {
  /** The next five working days from today: the rolling week. */
  workplaceForecast: (number | null)[];
  /** Monday..Friday: the default week. */
  workplaceDefault: (number | null)[];
}

/** Rolling-week values fall back to the default week for days without their own choice. */
/** The plans that make these people's weeks: the default week and the dated choices of the next five working days. */
export function workplacePlansQuery(db: Db, companyId: string, userIds: string[], today: Date) {
  const days = nextWorkingDays(today, 5);
  return plansQuery(db, companyId, inJsonList(workplacePlans.userId, userIds), days[0], days[days.length - 1]);
}

/**
 * The session's person's plans, riding with the session lookup (rideSession): their today
 * is not known yet, so the dated choices are read for a window that holds the next five
 * working days in any time zone; weeksFromPlans keeps the days of their today.
 */
export function ownPlansQuery(db: Db, scope: SessionScope) {
  return ownPlansStatement(db, { sessionId: scope.sessionId, from: addDays(scope.now, -2).getTime(), to: addDays(scope.now, 10).getTime() });
}

/** The session's person's plans, compiled once per isolate (decision 0310): the session and the window are its placeholders. */
const ownPlansStatement = compiledSelect((db: Db) =>
  plansQuery(
    db,
    sessionPlaceholders.companyId,
    eq(workplacePlans.userId, sessionPlaceholders.userId),
    sql.placeholder("from"),
    sql.placeholder("to"),
  ),
);

/** `from` and `to`: rolling plans' keys (days, in milliseconds), or a compiled statement's placeholders. */
function plansQuery(db: Db, companyId: string | SQL, people: SQL, from: Date | Placeholder, to: Date | Placeholder) {
  const key = (bound: Date | Placeholder) => (bound instanceof Date ? bound.getTime() : bound);
  const relevant = or(eq(workplacePlans.kind, "default"), and(eq(workplacePlans.kind, "rolling"), between(workplacePlans.key, key(from), key(to))));
  return db
    .select({ userId: workplacePlans.userId, kind: workplacePlans.kind, key: workplacePlans.key, option: workplacePlans.option })
    .from(workplacePlans)
    .where(and(eq(workplacePlans.companyId, companyId), people, relevant));
}

type PlanRow = Awaited<ReturnType<typeof workplacePlansQuery>>[number];

/** Each person's week from their plans (workplacePlansQuery, run alone or in a batch). */
export function weeksFromPlans(rows: PlanRow[], userIds: string[], today: Date): Map<string, WorkplaceWeek> {
  const days = nextWorkingDays(today, 5);
  const result = new Map<string, WorkplaceWeek>();
  for (const id of userIds) result.set(id, { workplaceForecast: [null, null, null, null, null], workplaceDefault: [null, null, null, null, null] });
  const rolling = new Map<string, Map<number, number | null>>();
  for (const row of rows) {
    const week = result.get(row.userId);
    if (!week) continue;
    if (row.kind === "default") {
      if (row.key >= 0 && row.key <= 4) week.workplaceDefault[row.key] = row.option;
    } else {
      if (!rolling.has(row.userId)) rolling.set(row.userId, new Map());
      rolling.get(row.userId)!.set(row.key, row.option);
    }
  }
  for (const [userId, week] of result) {
    const own = rolling.get(userId);
    week.workplaceForecast = days.map((day) => (own?.has(day.getTime()) ? own.get(day.getTime())! : week.workplaceDefault[weekdayIndex(day)]));
  }
  return result;
}

export async function workplaceWeeks({ db, companyId }: FirmScope, userIds: string[], today: Date): Promise<Map<string, WorkplaceWeek>> {
  if (userIds.length === 0) return weeksFromPlans([], userIds, today);
  return weeksFromPlans(await workplacePlansQuery(db, companyId, userIds, today), userIds, today);
}
