import { and, between, eq, inArray, or } from "drizzle-orm";
import type { Db } from "~/db/client";
import { workplacePlans } from "~/db/schema";
import { nextWorkingDays, weekdayIndex } from "~/lib/dates";

export interface WorkplaceWeek {
  /** The next five working days from today: the rolling week. */
  workplaceForecast: (number | null)[];
  /** Monday..Friday: the default week. */
  workplaceDefault: (number | null)[];
}

/** Rolling-week values fall back to the default week for days without their own choice. */
export async function workplaceWeeks(db: Db, companyId: string, userIds: string[], today: Date): Promise<Map<string, WorkplaceWeek>> {
  const days = nextWorkingDays(today, 5);
  const result = new Map<string, WorkplaceWeek>();
  for (const id of userIds) result.set(id, { workplaceForecast: [null, null, null, null, null], workplaceDefault: [null, null, null, null, null] });
  if (userIds.length === 0) return result;
  const first = days[0].getTime();
  const last = days[days.length - 1].getTime();
  // Only the default week and the dated choices of these five days: old choices pile up.
  const relevant = or(eq(workplacePlans.kind, "default"), and(eq(workplacePlans.kind, "rolling"), between(workplacePlans.key, first, last)));
  const rows = [];
  for (let i = 0; i < userIds.length; i += 90) {
    const chunk = userIds.slice(i, i + 90);
    rows.push(
      ...(await db
        .select({ userId: workplacePlans.userId, kind: workplacePlans.kind, key: workplacePlans.key, option: workplacePlans.option })
        .from(workplacePlans)
        .where(and(eq(workplacePlans.companyId, companyId), inArray(workplacePlans.userId, chunk), relevant))),
    );
  }
  const rolling = new Map<string, Map<number, number | null>>();
  for (const row of rows) {
    const week = result.get(row.userId)!;
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
