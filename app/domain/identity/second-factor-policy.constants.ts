/**
 * The grace period's limits of the rule 'require a second factor' (decision 0298), apart from
 * second-factor-policy.schema.ts so that the company page's dialog shows them without loading
 * zod (decision 0292). The schema module re-exports them.
 */

export const DEFAULT_GRACE_DAYS = 14;
export const MAX_GRACE_DAYS = 90;
export const GRACE_DAYS_MESSAGE = `Needs to be a whole number of days from 0 to ${MAX_GRACE_DAYS}.`;
