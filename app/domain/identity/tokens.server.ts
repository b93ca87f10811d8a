import { and, eq, gt, isNull } from "drizzle-orm";
import { sha256Hex } from "~/auth/secrets.server";
import type { CommonContext, PublicContext } from "~/domain/context";
import { inviteTokens, passwordResetTokens, users } from "~/db/schema";
import { carry } from "~/domain/installation/pre-sign-in.server";
import { newId, newSecret } from "~/lib/ids";
import { readFromPrimary } from "~/db/d1-sessions";

/**
 * Secrets mailed to people. The link carries a random 32-byte secret; the database keeps
 * only its SHA-256, so a leaked table opens no account. Both kinds expire and work once.
 */
export const INVITE_DAYS = 14;
export const RESET_MINUTES = 60;

export async function newInviteToken({ db, companyId, now }: Pick<CommonContext, "db" | "companyId" | "now">, userId: string) {
  const secret = carry(companyId, newSecret());
  const expiresAt = new Date(now.getTime() + INVITE_DAYS * 86_400_000);
  // A new invite replaces the earlier ones: only the latest link works.
  const statements = [
    db.delete(inviteTokens).where(and(eq(inviteTokens.userId, userId), eq(inviteTokens.companyId, companyId))),
    db.insert(inviteTokens).values({ id: newId(), companyId, userId, tokenHash: await sha256Hex(secret), expiresAt, createdAt: now }),
  ] as const;
  return { secret, expiresAt, statements };
}

/** The invite behind a link, with its person, while it is unused, unexpired and the person not yet signed up. */
export async function findInvite({ db, now }: PublicContext, secret: string) {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  if (!secret || secret.length > 200) return null;
  const [row] = await db
    .select({ tokenId: inviteTokens.id, user: users })
    .from(inviteTokens)
    .innerJoin(users, and(eq(users.id, inviteTokens.userId), eq(users.companyId, inviteTokens.companyId)))
    .where(
      and(
        eq(inviteTokens.tokenHash, await sha256Hex(secret)),
        isNull(inviteTokens.usedAt),
        gt(inviteTokens.expiresAt, now),
        eq(users.completed, false),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function newResetToken({ db, now }: PublicContext, companyId: string, userId: string) {
  const secret = carry(companyId, newSecret());
  const expiresAt = new Date(now.getTime() + RESET_MINUTES * 60_000);
  return {
    secret,
    expiresAt,
    statement: db
      .insert(passwordResetTokens)
      .values({ id: newId(), companyId, userId, tokenHash: await sha256Hex(secret), expiresAt, createdAt: now }),
  };
}

export async function findResetToken({ db, now }: PublicContext, secret: string) {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  if (!secret || secret.length > 200) return null;
  const [row] = await db
    .select({ tokenId: passwordResetTokens.id, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, and(eq(users.id, passwordResetTokens.userId), eq(users.companyId, passwordResetTokens.companyId)))
    .where(
      and(eq(passwordResetTokens.tokenHash, await sha256Hex(secret)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)),
    )
    .limit(1);
  return row ?? null;
}
