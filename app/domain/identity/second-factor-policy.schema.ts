import { z } from "zod";
import { currentPasswordField, formBoolean } from "~/domain/schema-kit";
import { DEFAULT_GRACE_DAYS, GRACE_DAYS_MESSAGE, MAX_GRACE_DAYS } from "./second-factor-policy.constants";

/**
 * The company's rule 'require a second factor' for people on password sign-in (decision
 * 0298), with its grace period: shared by the company page's dialog and
 * PUT /api/v2/company/second-factor-policy. A plain module: the dialog shows the same words.
 */
export const SECOND_FACTOR_POLICY_ENTITY = "SecondFactorPolicyInputErrors";
// The limits live apart from the schema, so the company page's dialog shows them without zod (decision 0292).
export { DEFAULT_GRACE_DAYS, GRACE_DAYS_MESSAGE, MAX_GRACE_DAYS };

export const secondFactorPolicySchema = z.object({
  requireSecondFactor: formBoolean,
  gracePeriodDays: z
    .number({ error: GRACE_DAYS_MESSAGE })
    .int(GRACE_DAYS_MESSAGE)
    .min(0, GRACE_DAYS_MESSAGE)
    .max(MAX_GRACE_DAYS, GRACE_DAYS_MESSAGE)
    .default(DEFAULT_GRACE_DAYS),
  currentPassword: currentPasswordField,
});
export type SecondFactorPolicyInput = z.infer<typeof secondFactorPolicySchema>;

/** What the dialog and GET /company/second-factor-policy show. */
export interface SecondFactorPolicy {
  requireSecondFactor: boolean;
  gracePeriodDays: number;
  /** When the rule was turned on (the grace period counts from here), or null. */
  requiredSince: string | null;
  /** When the grace period ends: from then people without a factor set one up before anything else. */
  graceEndsAt: string | null;
}

// The rule's two facts the session check needs live with it, below the domain (auth/second-factor-rule.ts).
export { graceEnd, SECOND_FACTOR_SETUP_REQUIRED } from "~/auth/second-factor-rule";
