import { and, eq, isNull, type AnyColumn } from "drizzle-orm";
import { inviteTokens, passwordResetTokens, sessions } from "~/db/schema";
import type { FirmScope } from "~/domain/context";

/**
 * A person's address changed without them doing it (an administrator's change once
 * confirmed, or the identity provider's SCIM userName): every session and bearer token of
 * theirs ends, and every outstanding reset and invite link stops working. Statements for
 * the same batch as the change; the caller closes their open sockets after it.
 */
export function revokeAccessStatements(scope: FirmScope & { now: Date }, userId: string) {
  const { db, companyId, now } = scope;
  const mine = <T extends { userId: AnyColumn; companyId: AnyColumn }>(table: T) => and(eq(table.userId, userId), eq(table.companyId, companyId));
  return [
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(mine(sessions), isNull(sessions.revokedAt))),
    db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(mine(passwordResetTokens), isNull(passwordResetTokens.usedAt))),
    db
      .update(inviteTokens)
      .set({ usedAt: now })
      .where(and(mine(inviteTokens), isNull(inviteTokens.usedAt))),
  ] as const;
}
