import { and, eq } from "drizzle-orm";
import { isManager } from "~/auth/permissions";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "~/db/batch";
import { users } from "~/db/schema";
import { emailChangeRequest } from "~/domain/identity/email-change.server";
import { requireAddressFree } from "~/domain/identity/address-standing.server";
import type { Mailer } from "~/domain/identity/mailer.server";
import { directoryOwnsProfile, directoryRefusals } from "~/domain/identity/directory/ownership.server";
import { confirmCurrentPassword, type StepUpRequest } from "~/domain/identity/reauth.server";
import type { DomainContext } from "../context";
import { ForbiddenError, ValidationError } from "../errors";
import { workloadForecastDatePlan } from "../workload/workload.server";
import { requireUserEntity } from "./profile.server";
import { publishUserUpdate, requireCompanyUser, userStateStatements, type UserStatePatch } from "./user-state.server";
import { updateUserAsAdmin } from "./admin-users.server";
import { OWN_PRIVILEGES, refusedChanges, type UserUpdate } from "./user-update.schema";

/**
 * PUT /users/{id} and the users pages' edit dialog: one's own row is the self-update, anyone
 * else's the administrator's. Each refuses, with a field error, what its caller may not
 * change (refusedChanges), so the page and the API answer alike and nothing is dropped.
 */
export function updateUser(ctx: DomainContext, userId: string, input: UserUpdate, mailer: Mailer, stepUp: StepUpRequest) {
  if (userId === ctx.actor.user.id) return updateOwnUser(ctx, userId, input, mailer, stepUp);
  return updateUserAsAdmin(ctx, userId, input, mailer);
}

const OWN_PROFILE_ONLY = "You can only change your own profile.";

/**
 * Who may send PUT /users/{id} at all, asked before the body is read: the person themself,
 * or a manager (whose rules per field and per person come with the body). Anyone else hears
 * why, once an id of another company has been answered as not found.
 */
export async function requireMayUpdateUser(ctx: DomainContext, userId: string): Promise<void> {
  if (userId === ctx.actor.user.id || isManager(ctx.actor.user)) return;
  await requireUserEntity(ctx, userId);
  throw new ForbiddenError(OWN_PROFILE_ONLY);
}

/**
 * PUT /users/{id} for the person themself, as one atomic batch: the profile, and onLeave and
 * workloadForecastDate through the availability rules (history, the forecast on the chosen
 * date), then the realtime events. A new e-mail is not applied: a link to confirm it goes to
 * the new address (decision 0175), and the answer names it as `pendingEmail`. Nobody changes
 * their own rights: a privilege sent with another value than it has is a field error. A new
 * e-mail needs the current password (issue 26: the address is where reset links go).
 */
export async function updateOwnUser(ctx: DomainContext, userId: string, input: UserUpdate, mailer: Mailer, stepUp: StepUpRequest) {
  const me = await requireCompanyUser(ctx, userId);
  if (userId !== ctx.actor.user.id) throw new ForbiddenError(OWN_PROFILE_ONLY);
  const refused = refusedChanges(me, input, "self");
  if (Object.keys(refused).length > 0) throw new ValidationError("UserInputErrors", refused, OWN_PRIVILEGES);
  // The directory owns name and title while the firm syncs it (decision 0272): an edit here
  // would be undone at its next round without a word, so it is refused with the reason.
  if (await directoryOwnsProfile(ctx, me)) {
    const owned = directoryRefusals(me, input);
    if (Object.keys(owned).length > 0) throw new ValidationError("UserInputErrors", owned);
  }
  const email = input.email !== undefined && input.email !== me.email ? input.email : undefined;
  if (email !== undefined) {
    await confirmCurrentPassword(ctx, stepUp.env, input.currentPassword, stepUp.ip, "UserInputErrors");
    await requireEmailFree(ctx, email, userId);
  }
  const profile = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.phone !== undefined && { phone: input.phone }),
    ...(input.startYear !== undefined && { startYear: input.startYear }),
    ...(input.updateReminders !== undefined && { updateReminders: input.updateReminders }),
  };
  const statements: BatchItem<"sqlite">[] = [];
  const emailChange = email !== undefined ? await emailChangeRequest(ctx, mailer, me, email) : null;
  if (emailChange) statements.push(...emailChange.statements);
  if (Object.keys(profile).length > 0) {
    statements.push(
      ctx.db
        .update(users)
        .set(profile)
        .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId))),
    );
  }
  let state: UserStatePatch = {};
  if (input.workloadForecastDate !== undefined) {
    const plan = workloadForecastDatePlan(ctx, me, input.workloadForecastDate);
    statements.push(...plan.statements);
    state = plan.patch;
  }
  if (input.onLeave !== undefined) state = { ...state, onLeave: input.onLeave };
  const stateChanged = Object.keys(state).length > 0;
  if (stateChanged) statements.push(...userStateStatements(ctx, userId, state, input.source));
  if (statements.length > 0) {
    try {
      await runBatch(ctx.db, statements);
    } catch (error) {
      // Two people took the same address at the same moment: the unique index decides.
      if (email !== undefined) await requireAddressFree(ctx, email, userId);
      throw error;
    }
  }
  if (emailChange) await emailChange.send();
  if (input.workloadForecastDate !== undefined) {
    ctx.publish(ctx.companyId, { type: "UPDATE_FORECASTS_FOR_USER", userId, sessionId: ctx.clientSessionId ?? null });
  }
  if (stateChanged) await publishUserUpdate(ctx, userId);
  const user = await requireUserEntity(ctx, userId);
  return email !== undefined ? { ...user, pendingEmail: email } : user;
}

/** 409 when the firm cannot give the address to the person (address-standing.server). */
export async function requireEmailFree(ctx: DomainContext, email: string, userId: string) {
  await requireAddressFree(ctx, email, userId);
}
