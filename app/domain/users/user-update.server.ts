import { and, eq } from "drizzle-orm";
import { users } from "~/db/schema";
import type { DomainContext } from "../context";
import { ForbiddenError } from "../errors";
import { setWorkloadForecastDate, setOnLeave } from "../workload/workload.server";
import { getUser } from "./profile.server";
import { requireCompanyUser } from "./user-state.server";
import type { OwnUserUpdate } from "./user-update.schema";

/**
 * PUT /users/{id} for the person themself. onLeave and workloadForecastDate go through
 * the availability rules (history, forecast on the chosen date, realtime).
 */
export async function updateOwnUser(ctx: DomainContext, userId: string, input: OwnUserUpdate) {
  await requireCompanyUser(ctx, userId);
  if (userId !== ctx.actor.user.id) throw new ForbiddenError("You can only change your own profile.");
  const profile = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.phone !== undefined && { phone: input.phone }),
    ...(input.startYear !== undefined && { startYear: input.startYear }),
    ...(input.updateReminders !== undefined && { updateReminders: input.updateReminders }),
  };
  if (Object.keys(profile).length > 0) {
    await ctx.db
      .update(users)
      .set(profile)
      .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId)));
  }
  if (input.workloadForecastDate !== undefined) await setWorkloadForecastDate(ctx, userId, input.workloadForecastDate, input.source);
  if (input.onLeave !== undefined) await setOnLeave(ctx, userId, input.onLeave, input.source);
  return getUser(ctx, userId);
}
