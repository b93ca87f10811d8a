import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { users, workloadHistory } from "~/db/schema";
import { newId } from "~/lib/ids";
import type { CommonContext, DomainContext } from "../context";
import { NotFoundError } from "../errors";
import { workplaceWeeks } from "../workplace/workplace-week.server";
import type { UserUpdate } from "~/realtime/events";
import { requireRow } from "../require-row.server";

export type UserStatePatch = Partial<
  Pick<typeof users.$inferInsert, "currentWorkload" | "futureWorkload" | "workloadForecastDate" | "message" | "onLeave" | "atHome">
>;

/**
 * The statements that change a person's availability state: the update itself (which
 * also moves lastUpdated) and a workload-history row copied from the updated row, so
 * the history always matches what was stored. Run them in one db.batch with whatever
 * else belongs to the same change.
 */
export function userStateStatements(ctx: DomainContext, userId: string, patch: UserStatePatch, source: string): BatchItem<"sqlite">[] {
  const where = and(eq(users.id, userId), eq(users.companyId, ctx.companyId));
  return [
    ctx.db
      .update(users)
      .set({ ...patch, lastUpdated: ctx.now })
      .where(where),
    ctx.db.insert(workloadHistory).select(
      ctx.db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          companyId: users.companyId,
          userId: users.id,
          currentWorkload: users.currentWorkload,
          futureWorkload: users.futureWorkload,
          onLeave: users.onLeave,
          source: sql<string>`${source}`.as("source"),
          recordedAt: sql<number>`${ctx.now.getTime()}`.as("recorded_at"),
          day: sql<number>`${ctx.today.getTime()}`.as("day"),
        })
        .from(users)
        .where(where),
    ),
  ];
}

/** The fields the UPDATE_USER event carries, read back after a change. */
export async function publishUserUpdate(ctx: CommonContext, userId: string) {
  const [user] = await ctx.db
    .select({
      id: users.id,
      currentWorkload: users.currentWorkload,
      futureWorkload: users.futureWorkload,
      message: users.message,
      lastUpdated: users.lastUpdated,
      atHome: users.atHome,
      onLeave: users.onLeave,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId)))
    .limit(1);
  if (!user) throw new NotFoundError("User not found");
  const week = (await workplaceWeeks(ctx, [userId], ctx.today)).get(userId)!;
  const payload: UserUpdate = {
    _id: user.id,
    currentWorkload: user.currentWorkload,
    futureWorkload: user.futureWorkload,
    message: { message: user.message },
    lastUpdated: user.lastUpdated?.toISOString() ?? null,
    workplaceForecast: week.workplaceForecast,
    atHome: user.atHome,
    onLeave: user.onLeave,
  };
  ctx.publish(ctx.companyId, { type: "UPDATE_USER", sessionId: ctx.clientSessionId ?? null, ...payload });
  return payload;
}

/** A user of the caller's company, or 404. */
export const requireCompanyUser = (ctx: DomainContext, userId: string) => requireRow(ctx, users, userId, "User");
