import { and, asc, eq } from "drizzle-orm";
import { audit } from "../audit.server";
import { canReadMatterCommentsOf, canSetMatterManager } from "~/auth/permissions";
import { matterComments, matterManagers, matters, users } from "~/db/schema";
import { newId } from "~/lib/ids";
import type { DomainContext } from "../context";
import { ForbiddenError, NotFoundError } from "../errors";
import { requireRow } from "../require-row.server";
import type { MatterCommentInput, MatterManagerInput } from "./matters.schema";

/**
 * A person's own comment per matter (GET/PUT /matter/comment) and the PM toggle
 * (PUT /matter/manager). Both name a matter by its number, which must be one of the
 * company's matters: another company's number is "not found".
 */

async function requireMatter(ctx: DomainContext, number: string) {
  const [matter] = await ctx.db
    .select({ id: matters.id })
    .from(matters)
    .where(and(eq(matters.companyId, ctx.companyId), eq(matters.number, number)))
    .limit(1);
  if (!matter) throw new NotFoundError("Matter not found");
  return matter;
}

/** The spec's "Matter comment (own)": number and comment. */
export async function listMatterComments(ctx: DomainContext, userId: string) {
  if (userId !== ctx.actor.user.id) {
    await requireRow(ctx, users, userId, "User");
    if (!canReadMatterCommentsOf(ctx.actor.user, userId, ctx.actor.company.settings))
      throw new ForbiddenError("You can only read your own matter comments.");
  }
  return ctx.db
    .select({ number: matterComments.matterNumber, comment: matterComments.comment })
    .from(matterComments)
    .where(and(eq(matterComments.companyId, ctx.companyId), eq(matterComments.userId, userId)))
    .orderBy(asc(matterComments.matterNumber));
}

/** Sets the caller's comment on a matter; an empty comment removes it. */
export async function setMatterComment(ctx: DomainContext, input: MatterCommentInput) {
  await requireMatter(ctx, input.number);
  const userId = ctx.actor.user.id;
  const where = and(eq(matterComments.companyId, ctx.companyId), eq(matterComments.userId, userId), eq(matterComments.matterNumber, input.number));
  if (input.comment === "") {
    await ctx.db.delete(matterComments).where(where);
  } else {
    await ctx.db
      .insert(matterComments)
      .values({ id: newId(), companyId: ctx.companyId, userId, matterNumber: input.number, comment: input.comment, updatedAt: ctx.now })
      .onConflictDoUpdate({ target: [matterComments.userId, matterComments.matterNumber], set: { comment: input.comment, updatedAt: ctx.now } });
  }
  return { number: input.number, comment: input.comment };
}

/** The PM toggle is the firm's choice (enableMatterPM): PUT /matter/manager refuses it before reading the body. */
export function requireMatterManagers(ctx: DomainContext): void {
  if (!ctx.actor.company.settings.enableMatterPM) throw new ForbiddenError("Matter managers are not enabled for your company.");
}

/** The PM toggle: marks or unmarks `userId` as a manager of the matter, and tells the company's open reports. */
export async function setMatterManager(ctx: DomainContext, input: MatterManagerInput) {
  const settings = ctx.actor.company.settings;
  requireMatterManagers(ctx);
  await requireRow(ctx, users, input.userId, "User");
  if (!canSetMatterManager(ctx.actor.user, input.userId, settings)) throw new ForbiddenError("You can only mark yourself as a matter's manager.");
  await requireMatter(ctx, input.matterNumber);
  const auditEntry = audit(ctx, input.value ? "matter-manager-set" : "matter-manager-unset", "matter", input.matterNumber, { userId: input.userId });
  const change = input.value
    ? ctx.db
        .insert(matterManagers)
        .values({ id: newId(), companyId: ctx.companyId, userId: input.userId, matterNumber: input.matterNumber, createdAt: ctx.now })
        .onConflictDoNothing()
    : ctx.db
        .delete(matterManagers)
        .where(
          and(
            eq(matterManagers.companyId, ctx.companyId),
            eq(matterManagers.userId, input.userId),
            eq(matterManagers.matterNumber, input.matterNumber),
          ),
        );
  await ctx.db.batch([change, auditEntry]);
  ctx.publish(ctx.companyId, {
    type: "UPDATE_MATTER_MANAGER",
    userId: input.userId,
    matterNumber: input.matterNumber,
    value: input.value,
    sessionId: ctx.clientSessionId ?? null,
  });
  return { matterNumber: input.matterNumber, userId: input.userId, value: input.value };
}
