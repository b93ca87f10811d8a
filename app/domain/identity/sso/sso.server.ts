import { and, asc, count, eq, gt, inArray, isNotNull, isNull, notInArray } from "drizzle-orm";
import { liveHere } from "~/db/fence";
import { claimAddresses } from "~/domain/identity/address-standing.server";
import { audit } from "~/domain/audit.server";
import { canAdministerCompany } from "~/auth/permissions";
import {
  companies,
  companyDomains,
  emailOutbox,
  groups,
  installationDomains,
  offices,
  samlAssertions,
  samlRequests,
  users,
  type User,
} from "~/db/schema";
import { isLocalEnv, type Env, type LoadContext } from "~/env";
import { routedContext, shardOfAddress } from "~/db/routing.server";
import { installationDb } from "~/db/shards.server";
import { enqueueEmail } from "~/integrations/email/outbox.server";
import { ssoSignInLinkEmail } from "~/domain/identity/emails";
import { languageOfRecipient } from "~/domain/identity/mail-language.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { mapAttributes, readCertificate, spUrls, type FirmIdp, type VerifiedAssertion } from "~/integrations/saml/service-provider.server";
import { deleteExpiredRows } from "~/db/expired-rows";
import { dayKey } from "~/lib/dates";
import { newId } from "~/lib/ids";
import { publicCtx, systemCtx, type CommonContext, type DomainContext, type FirmScope, type Runtime, type SystemContext } from "~/domain/context";
import { publishUserUpdate } from "~/domain/users/user-state.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/domain/errors";
import { REQUIRED } from "~/domain/schema-kit";
import { requireStepUp } from "~/domain/identity/reauth.server";
import { tellCompanyAdmins } from "~/domain/company/admin-notice.server";
import { firmIconUrl } from "~/domain/company/firm-icon";
import { readCompanySettings } from "~/domain/company/settings.schema";
import { recipientLanguage, translate } from "~/lib/i18n/catalogs.server";
import type { MessageKey, MessageValues } from "~/lib/i18n/i18n";
import { SSO_ENTITY, type SsoConfigInput } from "~/domain/identity/sso/sso.schema";
import { domainStatuses, isFreeMailDomain } from "~/domain/identity/sso/domain-verification.server";
import { readFromPrimary } from "~/db/d1-sessions";

/**
 * Per-firm single sign-on (decision 0150): the firm's IdP (login URL and certificate), its
 * e-mail domains, and what a verified assertion does (signs in a known person, creates an
 * unknown one of the firm's domains when allowFederation is on, refuses the rest).
 */

export function requireSsoConfigurer(ctx: DomainContext) {
  if (!canAdministerCompany(ctx.actor.user)) throw new ForbiddenError("Only company admins change single sign-on.");
}

function loginUrlProblem(url: string, env: Pick<Env, "APP_ENV">): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Needs to be a URL such as https://idp.firm.com/saml/sso.";
  }
  const loopback = parsed.hostname === "127.0.0.1" || parsed.hostname === "localhost";
  if (parsed.protocol === "https:" && !loopback) return null;
  if (parsed.protocol === "http:" && loopback && isLocalEnv(env)) return null;
  return "Needs to be an https:// address of your identity provider.";
}

export async function getSsoConfig(ctx: DomainContext, env: Env, origin: string) {
  requireSsoConfigurer(ctx);
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, ctx.companyId)).limit(1);
  if (!company) throw new NotFoundError("Company not found");
  const domains = await ctx.db.select().from(companyDomains).where(eq(companyDomains.companyId, ctx.companyId)).orderBy(asc(companyDomains.domain));
  const cert = company.ssoCertificate ? readCertificate(company.ssoCertificate) : null;
  return {
    ssoLoginUrl: company.ssoLoginUrl ?? "",
    allowFederation: company.allowFederation,
    ssoIdpInitiated: company.ssoIdpInitiated,
    emailDomains: domains.map((d) => d.domain),
    /** Each domain's proof (decision 0250): pending with the TXT record to add, verified, or failed. */
    domains: domainStatuses(domains),
    certificate: cert ? { subject: cert.subject, validTo: cert.validTo.toISOString() } : null,
    ...spUrls(origin, ctx.companyId),
  };
}

export async function updateSsoConfig(ctx: DomainContext, env: Env, input: SsoConfigInput, ip: string) {
  requireSsoConfigurer(ctx);
  const [company] = await ctx.db.select({ ssoCertificate: companies.ssoCertificate }).from(companies).where(eq(companies.id, ctx.companyId)).limit(1);
  if (!company) throw new NotFoundError("Company not found");
  const errors: Record<string, string> = {};
  const loginUrl = input.ssoLoginUrl || null;
  // An empty certificate keeps the stored one (the dialog does not send it back).
  const certText = input.ssoCertificate?.trim() ? input.ssoCertificate : company.ssoCertificate;
  const cert = certText ? readCertificate(certText) : null;
  if (loginUrl) {
    const problem = loginUrlProblem(loginUrl, env);
    if (problem) errors.ssoLoginUrl = problem;
  }
  if (input.ssoCertificate?.trim() && !cert) errors.ssoCertificate = "This is not an X.509 certificate in PEM (or base64) form.";
  else if (cert && cert.validTo.getTime() <= ctx.now.getTime()) errors.ssoCertificate = `This certificate expired on ${dayKey(cert.validTo)}.`;
  if (loginUrl && !cert && !errors.ssoCertificate) errors.ssoCertificate = REQUIRED;
  if (!loginUrl && input.ssoCertificate?.trim()) errors.ssoLoginUrl = REQUIRED;
  const domains = input.emailDomains;
  if (domains?.length) {
    const taken = await ctx.db
      .select({ domain: companyDomains.domain, companyId: companyDomains.companyId })
      .from(companyDomains)
      .where(inArray(companyDomains.domain, domains));
    // Firms on other shards claim domains too: the directory knows every claim (decision 0313).
    const elsewhere = await ctx.directory
      .prepare("select domain, company_id as companyId from domains where domain in (select value from json_each(?))")
      .bind(JSON.stringify(domains))
      .all<{ domain: string; companyId: string }>();
    const foreign = await installationDb(env)
      .select({ domain: installationDomains.domain })
      .from(installationDomains)
      .where(inArray(installationDomains.domain, domains));
    const clash = [
      ...new Set([...taken, ...elsewhere.results].filter((t) => t.companyId !== ctx.companyId).map((t) => t.domain)),
      ...foreign.map((f) => f.domain),
    ];
    const freeMail = domains.filter(isFreeMailDomain);
    if (freeMail.length) errors.emailDomains = `${freeMail.join(", ")} is a public e-mail service: it cannot be a firm's domain.`;
    else if (clash.length) errors.emailDomains = `${clash.join(", ")} already belongs to another firm.`;
  }
  if (Object.keys(errors).length) throw new ValidationError(SSO_ENTITY, errors);
  await requireStepUp(ctx, { env, ip }, input.currentPassword, SSO_ENTITY);

  const off = !loginUrl;
  const changes = {
    ssoLoginUrl: loginUrl,
    ssoCertificate: off ? null : cert!.pem,
    allowFederation: off ? false : input.allowFederation,
    ssoIdpInitiated: off ? false : input.ssoIdpInitiated,
    ...(cert && cert.pem !== company.ssoCertificate ? { ssoCertificateWarnedAt: null } : {}),
  };
  await ctx.db.batch([
    ctx.db.update(companies).set(changes).where(eq(companies.id, ctx.companyId)),
    ...(domains
      ? [
          // Domains that stay keep their verification; new ones start pending (decision 0250).
          domains.length
            ? ctx.db.delete(companyDomains).where(and(eq(companyDomains.companyId, ctx.companyId), notInArray(companyDomains.domain, domains)))
            : ctx.db.delete(companyDomains).where(eq(companyDomains.companyId, ctx.companyId)),
          ...(domains.length
            ? [
                ctx.db
                  .insert(companyDomains)
                  .values(domains.map((domain) => ({ domain, companyId: ctx.companyId, createdAt: ctx.now })))
                  .onConflictDoNothing(),
              ]
            : []),
        ]
      : []),
    audit(ctx, off ? "sso-off" : "sso-update", "company", ctx.companyId, {
      ssoLoginUrl: loginUrl,
      allowFederation: changes.allowFederation,
      ssoIdpInitiated: changes.ssoIdpInitiated,
      emailDomains: domains,
    }),
  ]);
  await tellCompanyAdmins(ctx, env, {
    setting: "notice.setting.sso",
    what: (t) =>
      off
        ? t("notice.sso.off")
        : (domains?.length
            ? t("notice.sso.onForDomains", { url: loginUrl ?? "", domains: domains.join(", ") })
            : t("notice.sso.on", { url: loginUrl ?? "" })) + (changes.ssoIdpInitiated ? ` ${t("notice.sso.idpInitiated")}` : ""),
  });
  return { message: off ? "Single sign-on turned off." : "SSO config updated." };
}

/** The firm's IdP, or null when the firm has no (complete) SSO configuration. */
export async function firmIdp({ db, companyId }: FirmScope): Promise<(FirmIdp & { name: string; allowFederation: boolean }) | null> {
  const [company] = await db
    .select({
      id: companies.id,
      name: companies.name,
      ssoLoginUrl: companies.ssoLoginUrl,
      ssoCertificate: companies.ssoCertificate,
      allowFederation: companies.allowFederation,
      ssoIdpInitiated: companies.ssoIdpInitiated,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!company?.ssoLoginUrl || !company.ssoCertificate) return null;
  return {
    companyId: company.id,
    name: company.name,
    loginUrl: company.ssoLoginUrl,
    certificate: company.ssoCertificate,
    idpInitiated: company.ssoIdpInitiated,
    allowFederation: company.allowFederation,
  };
}

/** Why an SSO sign-in was refused: the login page shows SSO_REFUSALS[reason]. */
export const SSO_REFUSALS = {
  "not-configured": "Single sign-on is not set up for this firm.",
  invalid: "Your identity provider's answer could not be verified. Please try again from the start.",
  replayed: "This sign-in answer was already used. Please sign in again.",
  "no-email": "Your identity provider did not send an e-mail address.",
  "unknown-person": "You do not have an account at this firm yet. Ask your administrator to invite you.",
  "other-firm": "This e-mail address belongs to an account of another firm.",
  deactivated: "Your account has been deactivated. Ask your administrator.",
  expired: "Your sign-in took longer than 10 minutes. Please sign in again.",
  "other-browser": "This single sign-on answer does not belong to this browser. Please sign in again.",
  unsolicited: "Your firm allows single sign-on only from this app's sign-in page. Please sign in from here.",
  "too-many-starts": "Too many sign-ins were started from your network just now. Please wait a minute and try again.",
} as const;
export type SsoRefusal = keyof typeof SSO_REFUSALS;

export class SsoSignInRefused extends Error {
  constructor(readonly reason: SsoRefusal) {
    super(reason);
  }
}

/** After the assertion is verified: the person it names, found or (federation) created. */
export async function signInWithAssertion(
  ctx: SystemContext,
  idp: { companyId: string; allowFederation: boolean },
  verified: VerifiedAssertion,
  /** Whether the address is another firm's, on any shard (the directory's answer); this shard is asked below as well. */
  ofAnotherFirm: (email: string) => Promise<boolean> = async () => false,
): Promise<User> {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  const { db, now } = ctx;
  // Replay: an assertion ID signs in once. The insert is the check (primary key), so two
  // posts of the same assertion racing each other cannot both pass. Expired rows go in the
  // cron (deleteExpiredSsoRows), never on a sign-in.
  const inserted = await db
    .insert(samlAssertions)
    .values({ companyId: idp.companyId, assertionId: verified.assertionId, expiresAt: verified.expiresAt })
    .onConflictDoNothing()
    .returning({ id: samlAssertions.assertionId });
  if (inserted.length === 0) throw new SsoSignInRefused("replayed");

  const person = mapAttributes(verified.profile);
  if (!person.email || !person.email.includes("@")) throw new SsoSignInRefused("no-email");
  const [existing] = await db.select().from(users).where(eq(users.email, person.email)).limit(1);
  if (existing) {
    if (existing.companyId !== idp.companyId) throw new SsoSignInRefused("other-firm");
    if (existing.deactivatedAt) throw new SsoSignInRefused("deactivated");
    if (!existing.completed) {
      // The IdP vouches for the person: an open invite is completed by signing in.
      const [completed] = await db
        .update(users)
        .set({ completed: true, name: existing.name || person.name })
        .where(and(eq(users.id, existing.id), eq(users.companyId, idp.companyId)))
        .returning();
      await publishUserUpdate(ctx, completed.id);
      return completed;
    }
    return existing;
  }
  if (await ofAnotherFirm(person.email)) throw new SsoSignInRefused("other-firm");
  if (!idp.allowFederation) throw new SsoSignInRefused("unknown-person");
  const domain = person.email.split("@")[1];
  const [owned] = await db
    .select({ domain: companyDomains.domain })
    .from(companyDomains)
    .where(and(eq(companyDomains.domain, domain), eq(companyDomains.companyId, idp.companyId), isNotNull(companyDomains.verifiedAt)))
    .limit(1);
  // Created just in time only for the firm's own, verified domains: a firm's IdP cannot claim
  // addresses of another firm (decisions 0150, 0250).
  if (!owned) throw new SsoSignInRefused("unknown-person");
  const team = await teamForDepartment(ctx, person.department);
  const row = {
    id: newId(),
    companyId: idp.companyId,
    email: person.email,
    name: person.name || person.email.split("@")[0],
    title: person.title,
    completed: true,
    groupId: team?.groupId ?? null,
    officeId: team?.officeId ?? null,
    invitedAt: now,
  };
  // The address is this firm's in the directory before the shard writes it (decision 0318).
  const claim = await claimAddresses(ctx, [{ email: person.email, userId: row.id }]);
  if (claim.lost.length) throw new SsoSignInRefused("other-firm");
  const [[created]] = await db
    .batch([
      db.insert(users).values(row).returning(),
      audit(ctx, "sso-user-created", "user", row.id, { email: person.email, department: person.department || null }),
    ])
    .catch(async (error: unknown) => {
      await claim.release();
      throw error;
    });
  await publishUserUpdate(ctx, created.id);
  return created;
}

/** The group whose ssoIdentifiers name the department (case-insensitive) and its first office. */
export async function teamForDepartment(
  { db, companyId }: Pick<CommonContext, "db" | "companyId">,
  department: string,
): Promise<{ groupId: string; officeId: string | null } | null> {
  const wanted = department.trim().toLowerCase();
  if (!wanted) return null;
  const rows = await db
    .select({ id: groups.id, ssoIdentifiers: groups.ssoIdentifiers })
    .from(groups)
    .where(eq(groups.companyId, companyId))
    .orderBy(asc(groups.name));
  const group = rows.find((g) => (g.ssoIdentifiers ?? []).some((s) => s.trim().toLowerCase() === wanted));
  if (!group) return null;
  const [office] = await db
    .select({ id: offices.id })
    .from(offices)
    .where(and(eq(offices.companyId, companyId), eq(offices.groupId, group.id)))
    .orderBy(asc(offices.name))
    .limit(1);
  return { groupId: group.id, officeId: office?.id ?? null };
}

export type LoginRoute =
  { kind: "firm"; companyId: string; firm: string; icon: string | null; url: string } | { kind: "installation"; url: string } | { kind: "password" };

/**
 * Where an e-mail signs in: its firm's SSO when the domain belongs to a firm of this
 * installation with SSO set up, another regional installation's /login (carrying the
 * e-mail) when the domain is listed there, else the password form.
 */
export async function loginRouteFor(context: LoadContext, email: string): Promise<LoginRoute> {
  const at = email.lastIndexOf("@");
  const address = email.trim().toLowerCase();
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (at < 1 || !domain) return { kind: "password" };
  // Only a verified claim routes (decision 0250), and never someone who already belongs to
  // another firm of this installation away from it. The directory knows both for every shard,
  // in one read; the claiming firm's own shard says whether its SSO is set up (decision 0313).
  const [claims, members] = await context.env.DIRECTORY.batch<{ companyId: string; shard: number }>([
    context.env.DIRECTORY.prepare(
      "select d.company_id as companyId, f.shard from domains d join firms f on f.company_id = d.company_id where d.domain = ? and d.verified_at is not null limit 1",
    ).bind(domain),
    context.env.DIRECTORY.prepare("select company_id as companyId, 0 as shard from people where email = ? limit 1").bind(address),
  ]);
  const claim = claims.results[0];
  const member = members.results[0];
  const firmDb = claim ? routedContext(context, claim.shard).db : null;
  const [firm] =
    claim && firmDb
      ? await firmDb
          .select({ companyId: companies.id, name: companies.name, settings: companies.settings })
          .from(companyDomains)
          .innerJoin(companies, eq(companies.id, companyDomains.companyId))
          .where(
            and(
              eq(companyDomains.domain, domain),
              eq(companyDomains.companyId, claim.companyId),
              isNotNull(companyDomains.verifiedAt),
              isNotNull(companies.ssoLoginUrl),
              isNotNull(companies.ssoCertificate),
            ),
          )
          .limit(1)
      : [];
  if (member && firm && member.companyId !== firm.companyId) return { kind: "password" };
  if (firm) {
    return {
      kind: "firm",
      companyId: firm.companyId,
      firm: firm.name,
      icon: firmIconUrl(readCompanySettings(firm.settings).icon),
      url: `/api/v2/company/${firm.companyId}/sso/login?email=${encodeURIComponent(address)}`,
    };
  }
  const [foreign] = await installationDb(context.env).select().from(installationDomains).where(eq(installationDomains.domain, domain)).limit(1);
  if (foreign) {
    return {
      kind: "installation",
      url: `${foreign.installationUrl.replace(/\/$/, "")}/login?email=${encodeURIComponent(address)}`,
    };
  }
  return { kind: "password" };
}

/** The answer to 'Sign in with SSO' for an address no firm's domain routes, whoever it belongs to. */
export const SSO_LINK_SENT =
  "If this address belongs to a firm that signs in with single sign-on, we have e-mailed it a link to sign in. Otherwise, sign in with your password.";
/** Sign-in links one address may be sent within an hour. */
export const SSO_LINK_MAILS_PER_HOUR = 3;

/**
 * 'Sign in with SSO' for an address whose domain is not a firm's: the person's own firm,
 * when it has SSO, so SSO people can always get back in (decision 0150). The link is mailed
 * to the address and the screen answers the same for everyone (SSO_LINK_SENT), so nobody
 * learns from the login page which firm an address belongs to (issue 26, item 4). At most
 * three such mails an hour go to one address.
 */
export async function mailSsoSignInLink(context: LoadContext, request: Request, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  // The person's firm's shard, from the directory (decision 0313).
  const firm = routedContext(context, await shardOfAddress(context.env, address));
  const { db, now } = publicCtx(firm);
  const mailer = mailerFor(firm, request);
  const [person] = await db
    .select({ id: users.id, name: users.name, companyId: companies.id, company: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.email, address), isNull(users.deactivatedAt), isNotNull(companies.ssoLoginUrl), isNotNull(companies.ssoCertificate)))
    .limit(1);
  if (!person) return;
  const message = ssoSignInLinkEmail({
    language: await languageOfRecipient(db, person.companyId, person.id),
    appName: mailer.appName,
    name: person.name,
    companyName: person.company,
    link: `${mailer.appUrl}/api/v2/company/${person.companyId}/sso/login?email=${encodeURIComponent(address)}`,
  });
  const [{ sent }] = await db
    .select({ sent: count() })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.companyId, person.companyId),
        gt(emailOutbox.createdAt, new Date(now.getTime() - 3_600_000)),
        eq(emailOutbox.toAddress, address),
        eq(emailOutbox.subject, message.subject),
      ),
    );
  if (sent >= SSO_LINK_MAILS_PER_HOUR) return;
  await enqueueEmail(mailer.mail, person.companyId, { to: address, ...message }, now);
}

/** Rows per delete, and deletes per table per cron run: each run's work stays bounded. */
export const SSO_CLEANUP_BATCH = 500;
const SSO_CLEANUP_BATCHES = 20;

/**
 * For the cron: AuthnRequests and replay records past their expiry are deleted, at most
 * SSO_CLEANUP_BATCH × 20 of each per run (the next run goes on). Returns how many went.
 */
export async function deleteExpiredSsoRows({ db }: Pick<Runtime, "db">, now: Date): Promise<number> {
  const bounds = { batchSize: SSO_CLEANUP_BATCH, batches: SSO_CLEANUP_BATCHES };
  return (
    (await deleteExpiredRows(db, samlRequests, samlRequests.expiresAt, now, bounds)) +
    (await deleteExpiredRows(db, samlAssertions, samlAssertions.expiresAt, now, bounds))
  );
}

export const CERTIFICATE_WARNING_DAYS = 30;

/**
 * For the cron: company admins of firms whose IdP certificate expires within 30 days are
 * told once (per certificate: a new certificate clears the mark).
 */
export async function warnExpiringCertificates(runtime: Runtime, now: Date): Promise<number> {
  const { db, env } = runtime;
  const rows = await db
    .select({ id: companies.id, name: companies.name, ssoCertificate: companies.ssoCertificate, settings: companies.settings })
    .from(companies)
    .where(and(isNotNull(companies.ssoCertificate), isNull(companies.ssoCertificateWarnedAt), liveHere(companies.id)))
    .limit(200);
  let warned = 0;
  for (const row of rows) {
    const cert = readCertificate(row.ssoCertificate!);
    if (!cert) continue;
    const daysLeft = Math.floor((cert.validTo.getTime() - now.getTime()) / 86_400_000);
    if (daysLeft > CERTIFICATE_WARNING_DAYS) continue;
    const admins = await db
      .select({ email: users.email, name: users.name, language: users.language })
      .from(users)
      .where(and(eq(users.companyId, row.id), eq(users.companyAdmin, true), isNull(users.deactivatedAt), isNull(users.erasedAt)));
    const when = dayKey(cert.validTo);
    for (const admin of admins) {
      const language = recipientLanguage(admin.language, readCompanySettings(row.settings).language);
      const t = (key: MessageKey, values?: MessageValues) => translate(language, key, values);
      const greeting = admin.name ? t("mail.greetingNamed", { name: admin.name }) : t("mail.greeting");
      await enqueueEmail(
        { db, env },
        row.id,
        {
          to: admin.email,
          subject: t("mail.ssoCertificate.subject", { firm: row.name, date: when }),
          text: `${greeting}\n\n${t("mail.ssoCertificate.body", { subject: cert.subject, date: when, firm: row.name })}\n`,
        },
        now,
      );
    }
    const ctx = await systemCtx(runtime, row.id, "certificates", now);
    await db.batch([
      db.update(companies).set({ ssoCertificateWarnedAt: now }).where(eq(companies.id, row.id)),
      audit(ctx, "sso-certificate-warned", "company", row.id, { validTo: when, admins: admins.length }),
    ]);
    warned++;
  }
  return warned;
}
