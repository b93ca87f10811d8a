import { and, asc, eq } from "drizzle-orm";
import { requiredText } from "../schema-kit";
import { z } from "zod";
import { notificationTokens } from "~/db/schema";
import type { DomainContext } from "../context";
import { NotFoundError, ValidationError } from "../errors";

/** Push tokens of the native apps: each person reads, adds and removes only their own. */
export const tokenTypeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "Needs to be a token type such as apns or fcm.");
export const notificationTokenSchema = z.object({
  token: requiredText(4096),
});

const toApi = (row: typeof notificationTokens.$inferSelect) => ({
  _id: row.id,
  tokenType: row.tokenType,
  token: row.token,
  created: row.createdAt.toISOString(),
});
const own = (ctx: DomainContext) => and(eq(notificationTokens.companyId, ctx.companyId), eq(notificationTokens.userId, ctx.actor.user.id));

export async function listNotificationTokens(ctx: DomainContext) {
  const rows = await ctx.db.select().from(notificationTokens).where(own(ctx)).orderBy(asc(notificationTokens.createdAt));
  return rows.map(toApi);
}

/** Registering the same token again is harmless: the existing row is answered. */
export async function addNotificationToken(ctx: DomainContext, tokenType: string, token: string) {
  const type = tokenTypeSchema.safeParse(tokenType);
  if (!type.success) throw new ValidationError("NotificationTokenInputErrors", { tokenType: type.error.issues[0].message });
  await ctx.db
    .insert(notificationTokens)
    .values({ companyId: ctx.companyId, userId: ctx.actor.user.id, tokenType, token, createdAt: ctx.now })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select()
    .from(notificationTokens)
    .where(and(own(ctx), eq(notificationTokens.tokenType, tokenType), eq(notificationTokens.token, token)))
    .limit(1);
  return toApi(row);
}

export async function deleteNotificationToken(ctx: DomainContext, id: string) {
  const [row] = await ctx.db
    .delete(notificationTokens)
    .where(and(own(ctx), eq(notificationTokens.id, id)))
    .returning();
  if (!row) throw new NotFoundError("Notification token not found");
  return toApi(row);
}
