import { eq } from "drizzle-orm";
import { canAdministerCompany } from "~/auth/permissions";
import type { Db } from "~/db/client";
import { companies } from "~/db/schema";
import { audit } from "~/domain/audit.server";
import type { DomainContext } from "~/domain/context";
import { ForbiddenError, NotFoundError } from "~/domain/errors";
import { requireStepUp, type StepUpRequest } from "~/domain/identity/reauth.server";
import {
  graceEnd,
  SECOND_FACTOR_POLICY_ENTITY,
  type SecondFactorPolicy,
  type SecondFactorPolicyInput,
} from "~/domain/identity/second-factor-policy.schema";

/**
 * The company's rule 'require a second factor' for people on password sign-in (decision
 * 0298). It is kept in two columns of the company, not in the settings JSON: the grace period
 * counts from when the rule was turned on, a moment only the server writes, and the
 * operator's settings form writes that JSON whole.
 */
const ONLY_COMPANY_ADMINS = "Only company admins change the two-step sign-in rule.";

interface PolicyRow {
  secondFactorRequiredAt: Date | null;
  secondFactorGraceDays: number;
}

function policyOf(row: PolicyRow): SecondFactorPolicy {
  const ends = graceEnd(row.secondFactorRequiredAt, row.secondFactorGraceDays);
  return {
    requireSecondFactor: row.secondFactorRequiredAt !== null,
    gracePeriodDays: row.secondFactorGraceDays,
    requiredSince: row.secondFactorRequiredAt?.toISOString() ?? null,
    graceEndsAt: ends?.toISOString() ?? null,
  };
}

/** The rule of `companyId` as the sign-in reads it (no actor yet). */
export async function companySecondFactorRule(db: Db, companyId: string): Promise<{ requiredAt: Date | null; graceEndsAt: Date | null }> {
  const [row] = await db
    .select({ secondFactorRequiredAt: companies.secondFactorRequiredAt, secondFactorGraceDays: companies.secondFactorGraceDays })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) return { requiredAt: null, graceEndsAt: null };
  return { requiredAt: row.secondFactorRequiredAt, graceEndsAt: graceEnd(row.secondFactorRequiredAt, row.secondFactorGraceDays) };
}

async function readPolicy(ctx: DomainContext): Promise<PolicyRow> {
  const [row] = await ctx.db
    .select({ secondFactorRequiredAt: companies.secondFactorRequiredAt, secondFactorGraceDays: companies.secondFactorGraceDays })
    .from(companies)
    .where(eq(companies.id, ctx.companyId))
    .limit(1);
  if (!row) throw new NotFoundError("Company not found");
  return row;
}

export async function getSecondFactorPolicy(ctx: DomainContext): Promise<SecondFactorPolicy> {
  if (!canAdministerCompany(ctx.actor.user)) throw new ForbiddenError(ONLY_COMPANY_ADMINS);
  return policyOf(await readPolicy(ctx));
}

/**
 * Turns the rule on or off and sets the grace period (after the step-up: it changes how
 * everyone signs in). Turning it on starts the grace period now; changing the days of a rule
 * already on moves its end, not its start; turning it off forgets the start.
 */
export async function updateSecondFactorPolicy(
  ctx: DomainContext,
  request: StepUpRequest,
  input: SecondFactorPolicyInput,
): Promise<SecondFactorPolicy & { message: string }> {
  if (!canAdministerCompany(ctx.actor.user)) throw new ForbiddenError(ONLY_COMPANY_ADMINS);
  await requireStepUp(ctx, request, input.currentPassword, SECOND_FACTOR_POLICY_ENTITY);
  const before = await readPolicy(ctx);
  const after: PolicyRow = {
    secondFactorRequiredAt: input.requireSecondFactor ? (before.secondFactorRequiredAt ?? ctx.now) : null,
    secondFactorGraceDays: input.gracePeriodDays,
  };
  await ctx.db.batch([
    ctx.db
      .update(companies)
      .set({ ...after, updatedAt: ctx.now })
      .where(eq(companies.id, ctx.companyId)),
    audit(ctx, "update-second-factor-policy", "company", ctx.companyId, { before: policyOf(before), after: policyOf(after) }),
  ]);
  const policy = policyOf(after);
  return {
    ...policy,
    message: policy.requireSecondFactor ? "Two-step sign-in is now required for password sign-in." : "Two-step sign-in is no longer required.",
  };
}
