import { and, asc, eq, gte, lt, max, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { canReadHistory } from "~/auth/permissions";
import { groups, offices, users, workloadHistory, workplaceHistory } from "~/db/schema";
import { addDays, DAY_MS, dayKey } from "~/lib/dates";
import type { DomainContext } from "../context";
import { ForbiddenError, NotFoundError } from "../errors";
import { requireRow } from "../require-row.server";

export const historyParamsSchema = z.object({
  scope: z.enum(["user", "group", "office", "company"], { error: "Scope must be user, group, office or company." }),
  id: z.string().min(1).max(64),
  days: z.coerce
    .number({ error: "Days must be a whole number from 1 to 365." })
    .int("Days must be a whole number from 1 to 365.")
    .min(1, "Days must be a whole number from 1 to 365.")
    .max(365, "Days must be a whole number from 1 to 365."),
});

type Scope = z.infer<typeof historyParamsSchema>["scope"];

/** Which people a scope covers (primary or secondary membership), checked to be the caller's company. */
async function scopeFilter(ctx: DomainContext, scope: Scope, id: string): Promise<SQL | undefined> {
  if (scope === "company") {
    if (id !== ctx.companyId) throw new NotFoundError("Company not found");
    if (!canReadHistory(ctx.actor.user, scope, id)) throw new ForbiddenError("You can only see your own history.");
    return undefined;
  }
  const table = scope === "user" ? users : scope === "group" ? groups : offices;
  await requireRow(ctx, table, id, `${scope[0].toUpperCase()}${scope.slice(1)}`);
  // Existence first: another company's id is "not found", never "forbidden".
  if (!canReadHistory(ctx.actor.user, scope, id)) throw new ForbiddenError("You can only see your own history.");
  if (scope === "user") return eq(users.id, id);
  if (scope === "group") return or(eq(users.groupId, id), eq(users.secondaryGroupId, id));
  return or(eq(users.officeId, id), eq(users.secondaryOfficeId, id));
}

/**
 * Daily workload of a person or team over the last `days` days: each person's state is
 * carried forward from their latest change on or before each day.
 */
export async function workloadHistoryFor(ctx: DomainContext, scope: Scope, id: string, days: number) {
  const members = await scopeFilter(ctx, scope, id);
  const today = ctx.today;
  const from = addDays(today, -(days - 1));
  const inScope = and(eq(workloadHistory.companyId, ctx.companyId), members);
  const [carried, changes] = await ctx.db.batch([
    ctx.db
      .select({
        userId: workloadHistory.userId,
        currentWorkload: workloadHistory.currentWorkload,
        onLeave: workloadHistory.onLeave,
        at: max(workloadHistory.recordedAt),
      })
      .from(workloadHistory)
      .innerJoin(users, eq(users.id, workloadHistory.userId))
      .where(and(inScope, lt(workloadHistory.day, from)))
      .groupBy(workloadHistory.userId),
    ctx.db
      .select({
        id: workloadHistory.id,
        userId: workloadHistory.userId,
        currentWorkload: workloadHistory.currentWorkload,
        futureWorkload: workloadHistory.futureWorkload,
        onLeave: workloadHistory.onLeave,
        source: workloadHistory.source,
        recordedAt: workloadHistory.recordedAt,
        day: workloadHistory.day,
      })
      .from(workloadHistory)
      .innerJoin(users, eq(users.id, workloadHistory.userId))
      .where(and(inScope, gte(workloadHistory.day, from)))
      .orderBy(asc(workloadHistory.day), asc(workloadHistory.recordedAt)),
  ]);
  const state = new Map<string, { level: number | null; onLeave: boolean }>();
  for (const row of carried) state.set(row.userId, { level: row.currentWorkload, onLeave: row.onLeave });
  const points = [];
  let cursor = 0;
  for (let day = from.getTime(); day <= today.getTime(); day += DAY_MS) {
    const end = day + DAY_MS;
    // Each change counts on the day it was recorded on: the person's local day then.
    while (cursor < changes.length && changes[cursor].day.getTime() < end) {
      const change = changes[cursor++];
      state.set(change.userId, { level: change.currentWorkload, onLeave: change.onLeave });
    }
    const present = [...state.values()].filter((s) => !s.onLeave && s.level !== null);
    points.push({
      date: dayKey(new Date(day)),
      averageWorkload: present.length ? Math.round((present.reduce((sum, s) => sum + s.level!, 0) / present.length) * 100) / 100 : null,
      reporting: present.length,
      onLeave: [...state.values()].filter((s) => s.onLeave).length,
    });
  }
  return {
    scope,
    id,
    days,
    points,
    entries:
      scope === "user"
        ? changes.map((h) => ({
            _id: h.id,
            currentWorkload: h.currentWorkload,
            futureWorkload: h.futureWorkload,
            onLeave: h.onLeave,
            source: h.source,
            date: h.recordedAt.toISOString(),
          }))
        : undefined,
  };
}

/** Daily counts of where people worked (rolling-week choices as last set for each day). */
export async function workplaceHistoryFor(ctx: DomainContext, scope: Scope, id: string, days: number) {
  const members = await scopeFilter(ctx, scope, id);
  const today = ctx.today;
  const from = addDays(today, -(days - 1));
  const rows = await ctx.db
    .select({ userId: workplaceHistory.userId, key: workplaceHistory.key, option: workplaceHistory.option, at: workplaceHistory.recordedAt })
    .from(workplaceHistory)
    .innerJoin(users, eq(users.id, workplaceHistory.userId))
    .where(
      and(
        eq(workplaceHistory.companyId, ctx.companyId),
        eq(workplaceHistory.kind, "rolling"),
        gte(workplaceHistory.key, from.getTime()),
        sql`${workplaceHistory.key} <= ${today.getTime()}`,
        members,
      ),
    )
    .orderBy(asc(workplaceHistory.recordedAt));
  // Rows come oldest first, so the last write for a (day, person) wins.
  const byDay = new Map<number, Map<string, number | null>>();
  for (const row of rows) {
    if (!byDay.has(row.key)) byDay.set(row.key, new Map());
    byDay.get(row.key)!.set(row.userId, row.option);
  }
  const points = [];
  for (let day = from.getTime(); day <= today.getTime(); day += DAY_MS) {
    const counts = { office: 0, home: 0, absent: 0, elsewhere: 0 };
    for (const option of byDay.get(day)?.values() ?? []) {
      if (option === 0) counts.office++;
      else if (option === 1) counts.home++;
      else if (option === 2) counts.absent++;
      else if (option === 3) counts.elsewhere++;
    }
    points.push({ date: dayKey(new Date(day)), ...counts });
  }
  return { scope, id, days, points };
}

/** GET /users/{id}/workload-history: the person's changes over the last 120 days. */
export async function userWorkloadHistory(ctx: DomainContext, userId: string) {
  const history = await workloadHistoryFor(ctx, "user", userId, 120);
  return history.entries ?? [];
}
