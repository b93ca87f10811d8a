/**
 * What the session check needs of a company's "require a second factor" rule (decision 0298),
 * here so the auth layer does not reach up into the domain's schema for it.
 */
/** The end of the grace period of a rule turned on at `requiredAt`, or null when there is no rule. */
export function graceEnd(requiredAt: Date | null, graceDays: number): Date | null {
  return requiredAt ? new Date(requiredAt.getTime() + graceDays * 86_400_000) : null;
}

export const SECOND_FACTOR_SETUP_REQUIRED =
  "Your company requires two-step sign-in. Set up an authenticator app or a passkey in the web app, then sign in again.";
