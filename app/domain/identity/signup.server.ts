import { userIdentity } from "~/domain/users/profile.server";
import { auditRow } from "~/domain/audit.server";
import { and, eq } from "drizzle-orm";
import { hashPassword } from "~/domain/identity/password-hash.server";
import type { PublicContext } from "~/domain/context";
import { companies, groups, inviteTokens, offices, users, type User } from "~/db/schema";
import { validate } from "~/domain/validation";
import { readCompanySettings } from "~/domain/company/settings.schema";
import { firmIconUrl } from "~/domain/company/firm-icon";
import { NotFoundError, ValidationError } from "~/domain/errors";
import { checkTeam, teamChoices } from "~/domain/users/team.server";
import { signUpSchemaFor } from "~/domain/identity/invite.schema";
import type { PasswordContext } from "~/domain/identity/login.server";
import { assertUncommonPassword } from "~/domain/identity/password-policy.server";
import { findInvite } from "~/domain/identity/tokens.server";

/**
 * Sign-up through an invite link: GET /users/{secret}/uncompleted shows what the page
 * needs, POST /account/{secret}/register completes the person. The link works once, for
 * 14 days, and only while the person has not signed up.
 */
export const INVITE_INVALID = "This invite link is invalid or has expired.";
export const SIGNUP_ENTITY = "UserSignUpInputErrors";

async function requireInviteWithCompany(ctx: PublicContext, secret: string) {
  const { db } = ctx;
  const invite = await findInvite(ctx, secret);
  if (!invite) throw new NotFoundError(INVITE_INVALID);
  const [company] = await db
    .select({ name: companies.name, allowGroupSelection: companies.allowGroupSelection, settings: companies.settings })
    .from(companies)
    .where(eq(companies.id, invite.user.companyId))
    .limit(1);
  if (!company) throw new NotFoundError(INVITE_INVALID);
  const settings = readCompanySettings(company.settings);
  // The group and office selectors: only for someone without an office who is not a company admin.
  const showTeam = !invite.user.officeId && !invite.user.companyAdmin;
  return {
    invite,
    company,
    settings,
    // Someone of the firm's Microsoft directory (invited from it, or who signed in with Microsoft) signs in through it: no password needed.
    ssoOnly: settings.ssoOnlySignup || Boolean(invite.user.azureAdId),
    showTeam,
    chooseTeam: showTeam && company.allowGroupSelection,
  };
}

export async function requireUncompletedUser(ctx: PublicContext, secret: string) {
  const { db } = ctx;
  const { invite, company, settings, ssoOnly, showTeam } = await requireInviteWithCompany(ctx, secret);
  const user = invite.user;
  const names = async (table: typeof groups | typeof offices, id: string | null) => {
    if (!id) return null;
    const [row] = await db
      .select({ _id: table.id, name: table.name })
      .from(table)
      .where(and(eq(table.id, id), eq(table.companyId, user.companyId)))
      .limit(1);
    return row ?? null;
  };
  return {
    ...userIdentity(user),
    companyName: company.name,
    companyIcon: firmIconUrl(settings.icon),
    companyAdmin: user.companyAdmin,
    completed: user.completed,
    group: await names(groups, user.groupId),
    office: await names(offices, user.officeId),
    allowGroupSelection: company.allowGroupSelection,
    ssoOnlySignup: ssoOnly,
    showTeam,
    ...(showTeam ? await teamChoices({ db, companyId: user.companyId }) : { groups: [], offices: [] }),
  };
}

/** Completes the invited person; the caller starts their session. */
export async function registerInvitedUser({ db, peppers }: PasswordContext, secret: string, body: unknown, now = new Date()): Promise<User> {
  const { invite, ssoOnly, chooseTeam } = await requireInviteWithCompany({ db, now }, secret);
  const input = validate(signUpSchemaFor({ ssoOnly, chooseTeam }), body, SIGNUP_ENTITY);
  const user = invite.user;
  if (input.email !== user.email) throw new ValidationError(SIGNUP_ENTITY, { email: "Use the e-mail address the invite was sent to." });
  if (chooseTeam) await checkTeam(db, user.companyId, { groupId: input.group!, officeId: input.office! }, SIGNUP_ENTITY);
  if (input.password) assertUncommonPassword(input.password, SIGNUP_ENTITY, "password");
  const passwordHash = input.password ? await hashPassword(input.password, peppers) : user.passwordHash;
  const where = and(eq(users.id, user.id), eq(users.companyId, user.companyId), eq(users.completed, false));
  const [[updated]] = await db.batch([
    db
      .update(users)
      .set({
        name: input.name,
        title: input.title,
        phone: input.phone || null,
        passwordHash,
        completed: true,
        ...(chooseTeam ? { groupId: input.group!, officeId: input.office! } : {}),
      })
      .where(where)
      .returning(),
    db
      .update(inviteTokens)
      .set({ usedAt: now })
      .where(and(eq(inviteTokens.userId, user.id), eq(inviteTokens.companyId, user.companyId))),
    auditRow(db, {
      companyId: user.companyId,
      actorId: user.id,
      action: "signup",
      entityType: "user",
      entityId: user.id,
      data: { email: user.email },
      at: now,
    }),
  ]);
  if (!updated) throw new NotFoundError(INVITE_INVALID);
  return updated;
}
