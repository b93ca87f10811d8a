import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { canEditAvailabilityOf } from "~/auth/permissions";
import { forecasts, statusMessages, users, workloadEntries } from "~/db/schema";
import { runBatch } from "~/db/batch";
import { startOfUtcDay } from "~/lib/dates";
import { newId } from "~/lib/ids";
import type { DomainContext } from "../context";
import { usageEventStatement } from "../usage/usage.server";
import { ForbiddenError, ValidationError } from "../errors";
import { publishUserUpdate, requireCompanyUser, userStateStatements, type UserStatePatch } from "../users/user-state.server";
import { messageLimit, normaliseMessage } from "./workload.schema";

const NOT_YOURS = "You can only change your own workload.";

/**
 * POST /workload/{type}. A current level also ends being away (onLeave) and is a current
 * workload entry; a future level also updates the single-day forecast on the chosen date.
 */
export async function setWorkload(ctx: DomainContext, type: "current" | "future", input: { workscale: number; source: string }) {
  const me = await requireCompanyUser(ctx, ctx.actor.user.id);
  const entry = ctx.db
    .insert(workloadEntries)
    .values({ id: newId(), companyId: ctx.companyId, userId: me.id, type, workscale: input.workscale, source: input.source, createdAt: ctx.now });
  const usage = usageEventStatement(ctx.db, { companyId: ctx.companyId, userId: me.id, event: "workload", source: input.source, at: ctx.now });
  if (type === "current") {
    await runBatch(ctx.db, [entry, usage, ...userStateStatements(ctx, me.id, { currentWorkload: input.workscale, onLeave: false }, input.source)]);
  } else {
    const statements = [entry, usage, ...userStateStatements(ctx, me.id, { futureWorkload: input.workscale }, input.source)];
    if (me.workloadForecastDate) {
      statements.push(
        ctx.db
          .update(forecasts)
          .set({ status: String(input.workscale) as "0" })
          .where(
            and(
              eq(forecasts.companyId, ctx.companyId),
              eq(forecasts.userId, me.id),
              eq(forecasts.startDate, me.workloadForecastDate),
              eq(forecasts.endDate, me.workloadForecastDate),
            ),
          ),
      );
    }
    await runBatch(ctx.db, statements);
    if (me.workloadForecastDate)
      ctx.publish(ctx.companyId, { type: "UPDATE_FORECASTS_FOR_USER", userId: me.id, sessionId: ctx.clientSessionId ?? null });
  }
  return publishUserUpdate(ctx, me.id);
}

/** The today placeholder set to 'away': the person is on leave until a level is chosen. */
export async function setOnLeave(ctx: DomainContext, userId: string, onLeave: boolean, source: string) {
  if (!canEditAvailabilityOf(ctx.actor.user, userId, ctx.actor.company.settings)) throw new ForbiddenError(NOT_YOURS);
  await requireCompanyUser(ctx, userId);
  await runBatch(ctx.db, userStateStatements(ctx, userId, { onLeave }, source));
  return publishUserUpdate(ctx, userId);
}

/** PUT /workload/message: the status message, also kept in the message log. */
export async function setMessage(ctx: DomainContext, input: { message: string; source: string }) {
  const me = await requireCompanyUser(ctx, ctx.actor.user.id);
  if (ctx.actor.company.settings.disableMessage) throw new ForbiddenError("Status messages are turned off for this company.");
  const message = normaliseMessage(input.message);
  const limit = messageLimit(ctx.actor.company.settings, me.message);
  if (message.length > limit) throw new ValidationError("InputErrors", { message: `At most ${limit} characters.` });
  await runBatch(ctx.db, [
    ...userStateStatements(ctx, me.id, { message }, input.source),
    ctx.db.insert(statusMessages).values({ id: newId(), companyId: ctx.companyId, userId: me.id, message, source: input.source, createdAt: ctx.now }),
  ]);
  return publishUserUpdate(ctx, me.id);
}

/** PUT /workload/refresh: "still accurate" — the same state, stamped as updated now. */
export async function refreshWorkload(ctx: DomainContext, input: { source: string }) {
  const me = await requireCompanyUser(ctx, ctx.actor.user.id);
  await runBatch(ctx.db, userStateStatements(ctx, me.id, {}, input.source));
  return publishUserUpdate(ctx, me.id);
}

/**
 * The future workload's date, as statements to run in one batch with the rest of a change
 * and the state patch that goes with them. Earlier than today or cleared: the forecast on
 * the old date goes and the date is null. Later: a single-day forecast with the future level
 * (default 0) is created on that date, or the one on the old date moves there.
 */
export function workloadForecastDatePlan(
  ctx: DomainContext,
  me: Pick<typeof users.$inferSelect, "id" | "workloadForecastDate" | "futureWorkload">,
  date: Date | null,
): { statements: BatchItem<"sqlite">[]; patch: UserStatePatch } {
  const today = ctx.today;
  const day = date ? startOfUtcDay(date) : null;
  const old = me.workloadForecastDate;
  const statements: BatchItem<"sqlite">[] = old
    ? [
        ctx.db
          .delete(forecasts)
          .where(and(eq(forecasts.companyId, ctx.companyId), eq(forecasts.userId, me.id), eq(forecasts.startDate, old), eq(forecasts.endDate, old))),
      ]
    : [];
  // No date, no future level: nobody may read a level that is not in effect (decision 0070).
  if (!day || day.getTime() < today.getTime()) return { statements, patch: { workloadForecastDate: null, futureWorkload: null } };
  statements.push(
    ctx.db.insert(forecasts).values({
      id: newId(),
      companyId: ctx.companyId,
      userId: me.id,
      startDate: day,
      endDate: day,
      status: String(me.futureWorkload ?? 0) as "0",
      createdAt: ctx.now,
    }),
  );
  return { statements, patch: { workloadForecastDate: day, futureWorkload: me.futureWorkload ?? 0 } };
}

/** PUT workloadForecastDate on its own (the dashboard's date picker). */
export async function setWorkloadForecastDate(ctx: DomainContext, userId: string, date: Date | null, source = "web_app") {
  if (userId !== ctx.actor.user.id) throw new ForbiddenError(NOT_YOURS);
  const me = await requireCompanyUser(ctx, userId);
  const plan = workloadForecastDatePlan(ctx, me, date);
  await runBatch(ctx.db, [...plan.statements, ...userStateStatements(ctx, me.id, plan.patch, source)]);
  ctx.publish(ctx.companyId, { type: "UPDATE_FORECASTS_FOR_USER", userId: me.id, sessionId: ctx.clientSessionId ?? null });
  return publishUserUpdate(ctx, me.id);
}
