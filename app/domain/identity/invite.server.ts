import { and, count, eq, gt } from "drizzle-orm";
import { audit } from "~/domain/audit.server";
import type { BatchItem } from "drizzle-orm/batch";
import { canAdministerUser, isInAdminScope } from "~/auth/permissions";
import { runBatch } from "~/db/batch";
import { auditLog, users } from "~/db/schema";
import { enqueueEmail } from "~/integrations/email/outbox.server";
import { newId } from "~/lib/ids";
import type { DomainContext } from "~/domain/context";
import { ConflictError, ForbiddenError, TooManyRequestsError, ValidationError } from "~/domain/errors";
import { loadApiUsers, type ApiUser } from "~/domain/users/profile.server";
import { checkTeam } from "~/domain/users/team.server";
import { requireCompanyUser } from "~/domain/users/user-state.server";
import { REQUIRED } from "~/domain/schema-kit";
import { inviteEmail } from "~/domain/identity/emails";
import { resolveLanguage } from "~/lib/i18n/catalogs.server";
import type { Mailer } from "~/domain/identity/mailer.server";
import type { MultipleInviteInput, UserCreationInput } from "~/domain/identity/invite.schema";
import { newInviteToken } from "~/domain/identity/tokens.server";
import { requireManager } from "~/domain/guards.server";
import { ADDRESS_UNAVAILABLE, addressStanding, claimAddresses, EMAIL_TAKEN, requireAddressFree } from "~/domain/identity/address-standing.server";

/**
 * Invites: a person is created not completed, with a random sign-up link mailed to them
 * (/signup/{secret}, valid 14 days, once). Company admins invite anyone, company admins
 * included; administrators invite employees and observers into their own group and office.
 */
export { EMAIL_TAKEN } from "~/domain/identity/address-standing.server";
/** A multiple invite with addresses of other firms, which are not named (decision 0082). */
export const SOME_CANNOT_BE_INVITED = "Some of these e-mails cannot be invited.";
const ENTITY = "UserInputErrors";

interface Team {
  groupId: string | null;
  officeId: string | null;
  secondaryGroupId: string | null;
  secondaryOfficeId: string | null;
}

/** Where the new people go; an administrator's own team when none is given. */
async function resolveTeam(
  ctx: DomainContext,
  input: { group?: string; office?: string; secondaryEnabled?: boolean; secondaryGroup?: string; secondaryOffice?: string },
): Promise<Team> {
  const me = ctx.actor.user;
  let groupId = input.group ?? null;
  let officeId = input.office ?? null;
  if (!groupId && !officeId && !me.companyAdmin) {
    groupId = me.groupId;
    officeId = me.officeId;
  }
  const missing: Record<string, string> = {};
  if (!groupId) missing.group = REQUIRED;
  if (!officeId) missing.office = REQUIRED;
  if (input.secondaryEnabled) {
    if (!input.secondaryGroup) missing.secondaryGroup = REQUIRED;
    if (!input.secondaryOffice) missing.secondaryOffice = REQUIRED;
  }
  if (Object.keys(missing).length) throw new ValidationError(ENTITY, missing);
  await checkTeam(ctx.db, ctx.companyId, { groupId: groupId!, officeId: officeId! }, ENTITY);
  const team: Team = { groupId, officeId, secondaryGroupId: null, secondaryOfficeId: null };
  if (input.secondaryEnabled) {
    await checkTeam(ctx.db, ctx.companyId, { groupId: input.secondaryGroup!, officeId: input.secondaryOffice! }, ENTITY, {
      group: "secondaryGroup",
      office: "secondaryOffice",
    });
    team.secondaryGroupId = input.secondaryGroup!;
    team.secondaryOfficeId = input.secondaryOffice!;
  }
  if (!isInAdminScope(me, team)) throw new ForbiddenError("You can only invite people to your own group and office.");
  return team;
}

function isUniqueViolation(error: unknown): boolean {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
  return /UNIQUE constraint failed: users\.email/i.test(text);
}

interface NewPerson {
  email: string;
  name: string;
  title: string;
  admin: boolean;
  companyAdmin: boolean;
  azureAdId?: string | null;
}

/** Creates the people with their tokens and audit rows in one batch, then mails each a link. */
async function createInvited(ctx: DomainContext, mailer: Mailer, people: NewPerson[], team: Team): Promise<ApiUser[]> {
  const statements: BatchItem<"sqlite">[] = [];
  const links: { id: string; person: NewPerson; secret: string; expiresAt: Date }[] = [];
  for (const person of people) {
    const id = newId();
    const token = await newInviteToken(ctx, id);
    statements.push(
      ctx.db.insert(users).values({
        id,
        companyId: ctx.companyId,
        email: person.email,
        name: person.name,
        title: person.title,
        admin: person.admin,
        companyAdmin: person.companyAdmin,
        azureAdId: person.azureAdId ?? null,
        completed: false,
        invitedAt: ctx.now,
        ...(person.companyAdmin ? { groupId: null, officeId: null, secondaryGroupId: null, secondaryOfficeId: null } : team),
      }),
      ...token.statements,
      audit(ctx, "invite", "user", id, { email: person.email, admin: person.admin, companyAdmin: person.companyAdmin }),
    );
    links.push({ id, person, secret: token.secret, expiresAt: token.expiresAt });
  }
  // The addresses are this firm's in the directory before they are on the shard (decision 0318):
  // a firm on another shard inviting one of them at the same moment is refused, not both let in.
  const claim = await claimAddresses(
    ctx,
    links.map((link) => ({ email: link.person.email, userId: link.id })),
  );
  if (claim.lost.length) throw people.length > 1 ? new ConflictError(SOME_CANNOT_BE_INVITED, []) : new ConflictError(ADDRESS_UNAVAILABLE);
  try {
    await runBatch(ctx.db, statements);
  } catch (error) {
    await claim.release();
    if (isUniqueViolation(error))
      throw new ConflictError(
        EMAIL_TAKEN,
        people.length > 1
          ? (
              await addressStanding(
                ctx,
                people.map((p) => p.email),
              )
            ).own
          : undefined,
      );
    throw error;
  }
  for (const link of links) await mailInvite(ctx, mailer, link.person, link.secret, link.expiresAt);
  const created = await loadApiUsers(
    ctx,
    links.map((link) => link.id),
    ctx.today,
  );
  return links.map((link) => created.find((user) => user._id === link.id)!);
}

async function mailInvite(ctx: DomainContext, mailer: Mailer, person: { email: string; name: string }, secret: string, expiresAt: Date) {
  const message = inviteEmail({
    // The invited person has chosen nothing yet: their firm's language.
    language: resolveLanguage({ firmDefault: ctx.actor.company.settings.language }).language,
    appName: mailer.appName,
    companyName: ctx.actor.company.name,
    inviterName: ctx.actor.user.name || ctx.actor.user.email,
    name: person.name,
    link: `${mailer.appUrl}/signup/${secret}`,
    expiresAt,
  });
  await enqueueEmail(mailer.mail, ctx.companyId, { to: person.email, ...message });
}

/** POST /users: an employee, an administrator (admin=true) or a company administrator (no group or office). */
/**
 * Invitations and resent invitations per administrator per hour (decision 0082): each one
 * mails a link from the firm's name, so a taken-over or careless admin account cannot turn
 * the product into a mail cannon. Counted from the audit rows the invites write.
 */
export const INVITES_PER_HOUR = 200;
export const RESENDS_PER_HOUR = 30;
export const TOO_MANY_INVITES = "You have sent too many invitations in the last hour. Please wait a while and try again.";

async function requireInviteQuota(ctx: DomainContext, action: "invite" | "resend-invite", adding: number) {
  const limit = action === "invite" ? INVITES_PER_HOUR : RESENDS_PER_HOUR;
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.companyId, ctx.companyId),
        gt(auditLog.createdAt, new Date(ctx.now.getTime() - HOUR_MS)),
        eq(auditLog.actorId, ctx.actor.user.id),
        eq(auditLog.action, action),
      ),
    );
  if (n + adding > limit) throw new TooManyRequestsError(TOO_MANY_INVITES, HOUR_MS / 1000);
}
const HOUR_MS = 60 * 60_000;

export async function inviteUser(ctx: DomainContext, mailer: Mailer, input: UserCreationInput): Promise<ApiUser> {
  requireManager(ctx);
  await requireInviteQuota(ctx, "invite", 1);
  if (input.companyAdmin && !ctx.actor.user.companyAdmin) throw new ForbiddenError("Only company administrators can invite company administrators.");
  const team: Team = input.companyAdmin
    ? { groupId: null, officeId: null, secondaryGroupId: null, secondaryOfficeId: null }
    : await resolveTeam(ctx, input);
  await requireAddressFree(ctx, input.email);
  const [user] = await createInvited(
    ctx,
    mailer,
    [{ email: input.email, name: input.name, title: input.title, admin: input.admin, companyAdmin: input.companyAdmin }],
    team,
  );
  return user;
}

/** POST /users/multiple: e-mails that exist already answer 409 with the list of them, and nobody is invited. */
export async function inviteUsers(ctx: DomainContext, mailer: Mailer, input: MultipleInviteInput): Promise<ApiUser[]> {
  requireManager(ctx);
  const team = await resolveTeam(ctx, input);
  const seen = new Set<string>();
  const people: NewPerson[] = [];
  for (const entry of input.users) {
    if (seen.has(entry.email)) continue;
    seen.add(entry.email);
    people.push({ email: entry.email, name: entry.name ?? "", title: "", admin: input.admin, companyAdmin: false, azureAdId: entry.azureADId });
  }
  const taken = await addressStanding(
    ctx,
    people.map((p) => p.email),
  );
  if (taken.own.length) throw new ConflictError(EMAIL_TAKEN, taken.own);
  if (taken.unavailable.length) throw new ConflictError(SOME_CANNOT_BE_INVITED, []);
  await requireInviteQuota(ctx, "invite", people.length);
  return createInvited(ctx, mailer, people, team);
}

/** POST /account/{id}/resend-invite: a fresh link (the earlier ones stop working). */
export const ERASED_NOT_INVITED = "This person's personal data was erased; they cannot be invited again.";

export async function resendInvite(ctx: DomainContext, mailer: Mailer, userId: string) {
  requireManager(ctx);
  const user = await requireCompanyUser(ctx, userId);
  if (!canAdministerUser({ ...ctx.actor.user }, user)) throw new ForbiddenError();
  if (user.completed) throw new ConflictError("This person has already created their account.");
  // An erased person's address is gone (decision 0300): no mail to it, ever.
  if (user.erasedAt) throw new ConflictError(ERASED_NOT_INVITED);
  await requireInviteQuota(ctx, "resend-invite", 1);
  const token = await newInviteToken(ctx, user.id);
  await runBatch(ctx.db, [
    ...token.statements,
    ctx.db
      .update(users)
      .set({ invitedAt: ctx.now })
      .where(and(eq(users.id, user.id), eq(users.companyId, ctx.companyId))),
    audit(ctx, "resend-invite", "user", user.id, {}),
  ]);
  await mailInvite(ctx, mailer, user, token.secret, token.expiresAt);
  return { message: "Invite sent." };
}
