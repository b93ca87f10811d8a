import { and, eq, gt, isNull } from "drizzle-orm";
import { emailChangeTokens } from "~/db/schema";
import type { DomainContext } from "../context";

/**
 * The new e-mail the actor asked for under Settings and has not confirmed yet (decision 0175),
 * or null: a link that was used or has expired no longer counts.
 */
export async function pendingEmailChange(ctx: DomainContext): Promise<string | null> {
  const [pending] = await ctx.db
    .select({ newEmail: emailChangeTokens.newEmail })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.userId, ctx.actor.user.id),
        eq(emailChangeTokens.companyId, ctx.companyId),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, ctx.now),
      ),
    )
    .limit(1);
  return pending?.newEmail ?? null;
}
