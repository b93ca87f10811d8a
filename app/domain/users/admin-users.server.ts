import type { UserRow } from "./admin-users.types";
import { audit } from "../audit.server";
import { and, asc, eq, isNull, or, type SQL } from "drizzle-orm";
import { canAdministerUser, mayMoveInto, roleRank, teamsOf } from "~/auth/permissions";
import { users } from "~/db/schema";
import { INTERNAL_PICTURE_MARKER } from "~/lib/profile-picture";
import { PICTURE_PREFIX } from "./profile-picture.server";
import { claimAddress, requireAddressFree } from "~/domain/identity/address-standing.server";
import { emailChangeRequest } from "~/domain/identity/email-change.server";
import { revokeAccessStatements } from "~/domain/identity/access-revocation.server";
import { directoryOwnsProfile, directoryRefusals, OWNED_BY_DIRECTORY_FOR_ADMINS } from "~/domain/identity/directory/ownership.server";
import type { Mailer } from "~/domain/identity/mailer.server";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "~/db/batch";
import { REQUIRED } from "~/domain/schema-kit";
import type { DomainContext } from "../context";
import { ForbiddenError, ValidationError } from "../errors";
import type { AdminRightsInput, MoveUserInput } from "./admin-users.schema";
import { refusedChanges, type UserUpdate } from "./user-update.schema";
import { requireUserEntity, loadApiUsers, type ApiUser } from "./profile.server";
import { checkTeam } from "./team.server";
import { requireCompanyUser } from "./user-state.server";
import { requireAdmin } from "~/domain/guards.server";
import { teamNameColumns, withTeamNames } from "~/db/team-names";

/**
 * The people an administrator manages: the whole company for a company admin; for others
 * those whose primary or secondary (group, office) is one of the administrator's own
 * (planning spec 6: "users in the selected group and office or in secondary ones").
 */
export function adminScopeWhere(ctx: DomainContext): SQL | undefined {
  const me = ctx.actor.user;
  // Deactivated by the firm's directory (SCIM active: false): hidden, history kept.
  const company = and(eq(users.companyId, ctx.companyId), isNull(users.deactivatedAt));
  if (me.companyAdmin) return company;
  const pairs = teamsOf(me);
  if (pairs.length === 0) return and(company, eq(users.id, me.id));
  const matches = pairs.flatMap(([group, office]) => [
    and(eq(users.groupId, group), eq(users.officeId, office)),
    and(eq(users.secondaryGroupId, group), eq(users.secondaryOfficeId, office)),
  ]);
  return and(company, or(...matches));
}

/** GET /users: the people the caller administers, highest role first, then by name. */
export async function listUsers(ctx: DomainContext): Promise<ApiUser[]> {
  requireAdmin(ctx);
  const ids = await ctx.db.select({ id: users.id }).from(users).where(adminScopeWhere(ctx));
  const list = await loadApiUsers(
    ctx,
    ids.map((row) => row.id),
    ctx.today,
  );
  return list.sort((a, b) => roleRank(b) - roleRank(a) || a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}

/** The rows of the /users and /users/all pages: only what the tables and dialogs show. */
export async function listUserRows(ctx: DomainContext): Promise<UserRow[]> {
  requireAdmin(ctx);
  const rows = await withTeamNames(
    ctx.db
      .select({
        _id: users.id,
        name: users.name,
        title: users.title,
        email: users.email,
        completed: users.completed,
        admin: users.admin,
        administratorPriviliges: users.administratorPriviliges,
        companyAdmin: users.companyAdmin,
        utilizationViewOthersPriviliges: users.utilizationViewOthersPriviliges,
        detailedViewPriviliges: users.detailedViewPriviliges,
        detailedViewHoursPriviliges: users.detailedViewHoursPriviliges,
        erasedAt: users.erasedAt,
        ...teamNameColumns,
      })
      .from(users)
      .$dynamic(),
  )
    .where(adminScopeWhere(ctx))
    .orderBy(asc(users.name));
  // An erased person's placeholder address (decision 0300) is nobody's: the lists show none.
  return rows.map(({ erasedAt, ...row }) => ({ ...row, email: erasedAt === null ? row.email : "", erased: erasedAt !== null }));
}

// Changes -----------------------------------------------------------------------------------

const ENTITY = "UserInputErrors";

async function requireAdministered(ctx: DomainContext, userId: string) {
  const target = await requireCompanyUser(ctx, userId);
  if (!canAdministerUser(ctx.actor.user, target)) throw new ForbiddenError();
  return target;
}

export const OUTSIDE_YOUR_TEAMS = "You can only move people into a group and office you administer.";

/** The admin paths act on others: one's own profile goes through updateOwnUser, one's own rights and team not at all. */
function refuseSelf(ctx: DomainContext, userId: string, message: string) {
  if (userId === ctx.actor.user.id) throw new ForbiddenError(message);
}

function auditUser(ctx: DomainContext, action: string, userId: string, data: Record<string, unknown>) {
  return audit(ctx, action, "user", userId, data);
}

const whereUser = (ctx: DomainContext, userId: string) => and(eq(users.id, userId), eq(users.companyId, ctx.companyId));

/**
 * PUT /users/{id} by an administrator. The per-person report permissions need the
 * company's switch (Detailed View and Utilization View need enableUtilizationView,
 * Detailed View Hours needs enableDetailedViewHours) and Detailed View Hours needs
 * Detailed View; turning Detailed View off turns Hours off too. What only the person changes
 * (their settings, leave and future date) is refused with a field error (refusedChanges).
 */
export async function updateUserAsAdmin(
  ctx: DomainContext,
  userId: string,
  input: UserUpdate,
  mailer: Mailer,
): Promise<ApiUser & { pendingEmail?: string }> {
  refuseSelf(ctx, userId, "Change your own profile in your settings.");
  const target = await requireAdministered(ctx, userId);
  const settings = ctx.actor.company.settings;
  const errors: Record<string, string> = refusedChanges(target, input, "administrator");
  if (input.detailedViewPriviliges && !settings.enableUtilizationView)
    errors.detailedViewPriviliges = "Detailed View is not enabled for this company.";
  if (input.utilizationViewOthersPriviliges && !settings.enableUtilizationView)
    errors.utilizationViewOthersPriviliges = "Utilization View is not enabled for this company.";
  const detailed = input.detailedViewPriviliges ?? target.detailedViewPriviliges;
  if (input.detailedViewHoursPriviliges) {
    if (!settings.enableDetailedViewHours) errors.detailedViewHoursPriviliges = "Detailed View Hours is not enabled for this company.";
    else if (!detailed) errors.detailedViewHoursPriviliges = "Detailed View Hours needs Detailed View.";
  }
  // The directory owns a linked person's name and title (decision 0272): an administrator's
  // edit would be undone at the next round without a word, as the person's own would.
  if (await directoryOwnsProfile(ctx, target)) Object.assign(errors, directoryRefusals(target, input, OWNED_BY_DIRECTORY_FOR_ADMINS));
  if (Object.keys(errors).length) throw new ValidationError(ENTITY, errors);
  const newEmail = input.email !== undefined && input.email !== target.email ? input.email : undefined;
  if (newEmail !== undefined) await requireAddressFree(ctx, newEmail, userId);
  // A new address of someone who has an account waits for the link mailed to it (issue 26,
  // item 6): a reset to an address the administrator typed would otherwise hand them the
  // account. An invited person's address (a typo in the invite) changes at once: their
  // invite links stop working and 'Resend invite' mails the new address.
  const pending = newEmail !== undefined && target.completed;
  const emailChange = pending ? await emailChangeRequest(ctx, mailer, target, newEmail) : null;
  const adminFlag = input.observer ?? input.admin;
  const changes = {
    ...(input.name !== undefined && { name: input.name }),
    ...(newEmail !== undefined && !pending && { email: newEmail }),
    ...(input.title !== undefined && { title: input.title }),
    ...(adminFlag !== undefined && { admin: adminFlag }),
    ...(input.utilizationViewOthersPriviliges !== undefined && { utilizationViewOthersPriviliges: input.utilizationViewOthersPriviliges }),
    ...(input.detailedViewPriviliges !== undefined && { detailedViewPriviliges: input.detailedViewPriviliges }),
    ...(input.detailedViewHoursPriviliges !== undefined && { detailedViewHoursPriviliges: input.detailedViewHoursPriviliges }),
    ...(!detailed && { detailedViewHoursPriviliges: false }),
  };
  const statements: BatchItem<"sqlite">[] = [...(emailChange?.statements ?? [])];
  if (Object.keys(changes).length) {
    const before = Object.fromEntries(Object.keys(changes).map((key) => [key, target[key as keyof typeof target]]));
    statements.push(ctx.db.update(users).set(changes).where(whereUser(ctx, userId)), auditUser(ctx, "update", userId, { before, after: changes }));
  }
  if (pending) statements.push(auditUser(ctx, "email-change-requested", userId, { from: target.email, to: newEmail }));
  else if (newEmail !== undefined) statements.push(...revokeAccessStatements(ctx, userId));
  // An invited person's new address is theirs in the directory before the shard writes it (decision 0318).
  const release = newEmail !== undefined && !pending ? await claimAddress(ctx, newEmail, userId) : null;
  try {
    if (statements.length) await runBatch(ctx.db, statements);
  } catch (error) {
    await release?.();
    throw error;
  }
  if (emailChange) await emailChange.send();
  const user = await requireUserEntity(ctx, userId);
  return pending ? { ...user, pendingEmail: newEmail } : user;
}

/**
 * PUT /users/{id}/move: primary and optional secondary team; only a company admin may be
 * left without one. An administrator moves people only into teams they administer
 * themselves (else they could hand someone to a team out of their reach, or move a person
 * into their own scope from nowhere), and nobody moves themselves.
 */
export async function moveUser(ctx: DomainContext, userId: string, input: MoveUserInput): Promise<ApiUser> {
  refuseSelf(ctx, userId, "You cannot move yourself to another team.");
  const target = await requireAdministered(ctx, userId);
  const missing: Record<string, string> = {};
  const emptyAllowed = target.companyAdmin && !input.group && !input.office;
  if (!emptyAllowed) {
    if (!input.group) missing.group = REQUIRED;
    if (!input.office) missing.office = REQUIRED;
  }
  if (input.secondaryEnabled) {
    if (!input.secondaryGroup) missing.secondaryGroup = REQUIRED;
    if (!input.secondaryOffice) missing.secondaryOffice = REQUIRED;
  }
  if (Object.keys(missing).length) throw new ValidationError(ENTITY, missing);
  if (!emptyAllowed) await checkTeam(ctx.db, ctx.companyId, { groupId: input.group!, officeId: input.office! }, ENTITY);
  if (input.secondaryEnabled) {
    await checkTeam(ctx.db, ctx.companyId, { groupId: input.secondaryGroup!, officeId: input.secondaryOffice! }, ENTITY, {
      group: "secondaryGroup",
      office: "secondaryOffice",
    });
  }
  const changes = {
    groupId: emptyAllowed ? null : input.group!,
    officeId: emptyAllowed ? null : input.office!,
    secondaryGroupId: input.secondaryEnabled ? input.secondaryGroup! : null,
    secondaryOfficeId: input.secondaryEnabled ? input.secondaryOffice! : null,
  };
  if (!mayMoveInto(ctx.actor.user, changes)) throw new ForbiddenError(OUTSIDE_YOUR_TEAMS);
  const before = {
    groupId: target.groupId,
    officeId: target.officeId,
    secondaryGroupId: target.secondaryGroupId,
    secondaryOfficeId: target.secondaryOfficeId,
  };
  await ctx.db.batch([ctx.db.update(users).set(changes).where(whereUser(ctx, userId)), auditUser(ctx, "move", userId, { before, after: changes })]);
  return requireUserEntity(ctx, userId);
}

/**
 * PUT /users/{id}/admin. 'Make admin' sends admin=false, administratorPriviliges=true;
 * 'Remove admin priviliges' sends both false. Nobody changes their own rights.
 */
export async function setAdminRights(ctx: DomainContext, userId: string, input: AdminRightsInput): Promise<ApiUser> {
  refuseSelf(ctx, userId, "You cannot change your own administrator rights.");
  const target = await requireAdministered(ctx, userId);
  const changes = { admin: input.admin, administratorPriviliges: input.administratorPriviliges };
  await ctx.db.batch([
    ctx.db.update(users).set(changes).where(whereUser(ctx, userId)),
    auditUser(ctx, "admin-rights", userId, {
      before: { admin: target.admin, administratorPriviliges: target.administratorPriviliges },
      after: changes,
    }),
  ]);
  return requireUserEntity(ctx, userId);
}

/**
 * DELETE /users/{id}: the person and everything of theirs (foreign keys cascade); never
 * oneself. Their profile picture leaves R2 with them (after the rows, so a failed delete
 * never leaves a person without their picture).
 */
export async function deleteUser(ctx: DomainContext, userId: string, files?: R2Bucket) {
  refuseSelf(ctx, userId, "You cannot delete your own account.");
  const target = await requireAdministered(ctx, userId);
  await ctx.db.batch([
    ctx.db.delete(users).where(whereUser(ctx, userId)),
    auditUser(ctx, "delete", userId, { email: target.email, name: target.name }),
  ]);
  ctx.closeSockets({ userId });
  const picture = target.profilePicture;
  if (files && picture?.startsWith(INTERNAL_PICTURE_MARKER)) {
    await files
      .delete(`${PICTURE_PREFIX}${picture.slice(INTERNAL_PICTURE_MARKER.length)}`)
      .catch((error) => console.error("picture not deleted", error));
  }
  return { _id: target.id, email: target.email, name: target.name };
}
