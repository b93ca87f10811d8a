import { and, asc, eq, gt, or, sql, type AnyColumn } from "drizzle-orm";
import { canEraseUser } from "~/auth/permissions";
import {
  auditLog,
  calendarFeeds,
  outlookAwayEvents,
  outlookCalendarSync,
  cvItems,
  dataExports,
  emailChangeTokens,
  emailOutbox,
  forecasts,
  inviteTokens,
  loginAttempts,
  matterComments,
  matterManagers,
  matters,
  notificationTokens,
  passkeys,
  passwordResetTokens,
  projectMembers,
  projects,
  pushOutbox,
  recoveryCodes,
  sessions,
  statusMessages,
  timekeepers,
  totpFactors,
  userSkills,
  users,
} from "~/db/schema";
import { INTERNAL_PICTURE_MARKER } from "~/lib/profile-picture";
import { audit } from "../audit.server";
import type { DomainContext, FirmScope } from "../context";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors";
import { requireStepUp, type StepUpRequest } from "../identity/reauth.server";
import { PICTURE_PREFIX } from "../users/profile-picture.server";
import { deleteExportObjects } from "./data-export.server";

/** How an erased person is named wherever their (anonymous) rows still show. */
export const ERASED_NAME = "Erased person";
export const ERASE_ENTITY = "UserEraseInputErrors";
export const CANNOT_ERASE_SELF = "You cannot erase your own account.";
export const ONLY_COMPANY_ADMINS_ERASE = "Only company administrators can erase a person's data.";
export const ALREADY_ERASED = "This person's data has already been erased.";
const SCRUBBED = "[erased]";

/** The address an erased person's row keeps: unique, undeliverable (RFC 2606), and no one's. */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

/**
 * Erases a person who left (decision 0300): who they were goes, the numbers they made stay.
 *
 * Removed: name, e-mail, title, phone, picture (the R2 object too), status message, forecast
 * comments, matter comments, competences and CV items, project memberships and matter-manager
 * flags, every way to sign in (password, sessions, reset/invite/e-mail links, authenticator
 * app, recovery codes, passkeys, SSO and directory ids), push tokens and calendar feeds, their
 * queued mail and pushes, their data exports, and their name and address in earlier audit rows.
 *
 * Kept, as anonymous numbers under the same row id: workload and location history, forecasts
 * and absences (dates and levels), project and matter hours, the daily rollups, and the
 * person's group, office and role flags, so the firm's statistics for any past range are the
 * same before and after. The row is renamed ERASED_NAME; `erasedAt` keeps it out of the team
 * views, the user lists show it as erased.
 *
 * A company admin's act, behind the step-up (a recent sign-in or the password again); never
 * one's own account. The audit row says who erased whom, and nothing about them.
 */
export async function eraseUser(
  ctx: DomainContext,
  userId: string,
  stepUp: StepUpRequest,
  currentPassword: string | null | undefined,
  files: R2Bucket,
) {
  const target = await requireErasable(ctx, userId);
  await requireStepUp(ctx, stepUp, currentPassword, ERASE_ENTITY);
  const exports = await ctx.db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.companyId, ctx.companyId), eq(dataExports.userId, userId)));
  const mine = <T extends { userId: AnyColumn; companyId: AnyColumn }>(table: T) => and(eq(table.userId, userId), eq(table.companyId, ctx.companyId));
  const { db } = ctx;
  await db.batch([
    db
      .update(users)
      .set({
        name: ERASED_NAME,
        email: erasedEmail(userId),
        title: "",
        phone: null,
        passwordHash: null,
        profilePicture: null,
        message: "",
        azureAdId: null,
        scimExternalId: null,
        timekeeperNumber: null,
        updateReminders: 0,
        pinned: false,
        erasedAt: ctx.now,
      })
      .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId))),
    db.delete(sessions).where(mine(sessions)),
    db.delete(passwordResetTokens).where(mine(passwordResetTokens)),
    db.delete(inviteTokens).where(mine(inviteTokens)),
    db.delete(emailChangeTokens).where(mine(emailChangeTokens)),
    db.delete(totpFactors).where(mine(totpFactors)),
    db.delete(recoveryCodes).where(mine(recoveryCodes)),
    db.delete(passkeys).where(mine(passkeys)),
    db.delete(notificationTokens).where(mine(notificationTokens)),
    db.delete(calendarFeeds).where(mine(calendarFeeds)),
    db.delete(pushOutbox).where(mine(pushOutbox)),
    db.delete(matterComments).where(mine(matterComments)),
    db.delete(matterManagers).where(mine(matterManagers)),
    db.delete(statusMessages).where(mine(statusMessages)),
    db.delete(cvItems).where(mine(cvItems)),
    db.delete(userSkills).where(mine(userSkills)),
    db.delete(projectMembers).where(mine(projectMembers)),
    db.delete(dataExports).where(mine(dataExports)),
    // Away days from Outlook: the switch and the calendar's events go (the days already made stay, like any forecast).
    db.delete(outlookCalendarSync).where(mine(outlookCalendarSync)),
    db.delete(outlookAwayEvents).where(mine(outlookAwayEvents)),
    db
      .update(forecasts)
      .set({ comment: null })
      .where(and(mine(forecasts), sql`${forecasts.comment} is not null`)),
    db
      .update(timekeepers)
      .set({ name: "", email: null })
      .where(and(eq(timekeepers.companyId, ctx.companyId), eq(timekeepers.userId, userId))),
    db
      .update(projects)
      .set({ managerId: null })
      .where(and(eq(projects.companyId, ctx.companyId), eq(projects.managerId, userId))),
    db
      .update(matters)
      .set({ leadUserId: null, resposibleTimekeeperName: null })
      .where(and(eq(matters.companyId, ctx.companyId), eq(matters.leadUserId, userId))),
    db.delete(emailOutbox).where(and(eq(emailOutbox.companyId, ctx.companyId), eq(emailOutbox.toAddress, target.email))),
    db.delete(loginAttempts).where(eq(loginAttempts.email, target.email)),
    audit(ctx, "erase", "user", userId),
  ]);
  ctx.closeSockets({ userId });
  await scrubAuditRows(ctx, target);
  const picture = target.profilePicture;
  if (picture?.startsWith(INTERNAL_PICTURE_MARKER)) {
    await files
      .delete(`${PICTURE_PREFIX}${picture.slice(INTERNAL_PICTURE_MARKER.length)}`)
      .catch((error) => console.error("picture not erased", error));
  }
  await deleteExportObjects(
    files,
    exports.map((e) => e.id),
  ).catch((error) => console.error("data export files not erased", error));
  return { _id: userId, name: ERASED_NAME, erased: true };
}

/** The person exists in the actor's company (else 404), the actor may erase them (else 403), and they are not erased yet (409). */
export async function requireErasable(ctx: DomainContext, userId: string) {
  const [target] = await ctx.db
    .select({ id: users.id, email: users.email, name: users.name, profilePicture: users.profilePicture, erasedAt: users.erasedAt })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId)))
    .limit(1);
  if (!target) throw new NotFoundError("User not found");
  if (userId === ctx.actor.user.id) throw new ForbiddenError(CANNOT_ERASE_SELF);
  if (!canEraseUser(ctx.actor.user)) throw new ForbiddenError(ONLY_COMPANY_ADMINS_ERASE);
  if (target.erasedAt) throw new ConflictError(ALREADY_ERASED);
  return target;
}

const AUDIT_PAGE = 200;

/**
 * Earlier audit rows keep what happened but lose who it happened to: their name and address
 * in the rows' data become "[erased]". Read a page at a time (rows naming them or about them)
 * and rewritten in batches.
 */
async function scrubAuditRows(scope: FirmScope, person: { email: string; name: string }) {
  const { db, companyId } = scope;
  const needles = [person.email, person.name].filter((s) => s.trim().length >= 2);
  if (needles.length === 0) return;
  const mentions = or(...needles.map((needle) => sql`instr(lower(${auditLog.data}), lower(${needle})) > 0`));
  let after: string | null = null;
  for (;;) {
    const page: { id: string; data: Record<string, unknown> | null }[] = await db
      .select({ id: auditLog.id, data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), mentions, after === null ? undefined : gt(auditLog.id, after)))
      .orderBy(asc(auditLog.id))
      .limit(AUDIT_PAGE);
    if (page.length === 0) return;
    after = page[page.length - 1]!.id;
    const updates = page.map((row) =>
      db
        .update(auditLog)
        .set({ data: scrub(row.data, needles) })
        .where(eq(auditLog.id, row.id)),
    );
    for (let i = 0; i < updates.length; i += 50) {
      const chunk = updates.slice(i, i + 50);
      await db.batch(chunk as [(typeof chunk)[0], ...typeof chunk]);
    }
    if (page.length < AUDIT_PAGE) return;
  }
}

function scrub<T>(value: T, needles: string[]): T {
  if (typeof value === "string") {
    let out: string = value;
    for (const needle of needles) out = out.replace(new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), SCRUBBED);
    return out as T;
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, needles)) as T;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, needles)])) as T;
  return value;
}
