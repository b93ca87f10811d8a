import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { audit } from "~/domain/audit.server";
import { canAdministerCompany } from "~/auth/permissions";
import { sha256Hex } from "~/auth/secrets.server";
import { companies, firmFence, scimGroups, scimTokens, sessions, users, type FenceState, type User } from "~/db/schema";
import { enqueueEmail } from "~/integrations/email/outbox.server";
import { revokeAccessStatements } from "~/domain/identity/access-revocation.server";
import { newId } from "~/lib/ids";
import type { DomainContext, PublicContext, SystemContext } from "~/domain/context";
import { publishUserUpdate } from "~/domain/users/user-state.server";
import { ForbiddenError, NotFoundError } from "~/domain/errors";
import { teamForDepartment } from "~/domain/identity/sso/sso.server";
import { addressStanding, claimAddresses } from "~/domain/identity/address-standing.server";
import { requireStepUp } from "~/domain/identity/reauth.server";
import { tellCompanyAdmins } from "~/domain/company/admin-notice.server";
import type { Env } from "~/env";
import { toBase64Url } from "~/lib/base64url";
import { carry } from "~/domain/installation/pre-sign-in.server";
import { languageOfRecipient } from "~/domain/identity/mail-language.server";
import { translate } from "~/lib/i18n/catalogs.server";
import type { MessageKey, MessageValues } from "~/lib/i18n/i18n";
import { readFromPrimary } from "~/db/d1-sessions";

export const SCIM_TOKEN_ENTITY = "ScimTokenInputErrors";

/**
 * SCIM 2.0 provisioning (RFC 7643/7644 core; decision 0151): a firm's directory (Entra,
 * Okta) creates, updates and deactivates its people and keeps their teams through its
 * groups. Every call is scoped to the company of the bearer token that made it.
 */
export const SCIM_ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
export const SCIM_USER = "urn:ietf:params:scim:schemas:core:2.0:User";
export const SCIM_GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const SCIM_ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const SCIM_LIST = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const SCIM_PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

/** An RFC 7644 §3.12 error: the route answers it with its status. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: string,
  ) {
    super(detail);
  }
  body() {
    return { schemas: [SCIM_ERROR], status: String(this.status), ...(this.scimType ? { scimType: this.scimType } : {}), detail: this.message };
  }
}

// ---- Tokens ---------------------------------------------------------------------------------

function requireTokenAdmin(ctx: DomainContext) {
  if (!canAdministerCompany(ctx.actor.user)) throw new ForbiddenError("Only company admins manage SCIM tokens.");
}

export async function listScimTokens(ctx: DomainContext) {
  requireTokenAdmin(ctx);
  const rows = await ctx.db
    .select({
      _id: scimTokens.id,
      name: scimTokens.name,
      createdAt: scimTokens.createdAt,
      lastUsedAt: scimTokens.lastUsedAt,
      revokedAt: scimTokens.revokedAt,
    })
    .from(scimTokens)
    .where(eq(scimTokens.companyId, ctx.companyId))
    .orderBy(asc(scimTokens.createdAt));
  return rows;
}

/** The secret is shown once, here; only its SHA-256 is kept. */
export async function issueScimToken(ctx: DomainContext, env: Env, input: { name: string; currentPassword?: string | null }, ip: string) {
  requireTokenAdmin(ctx);
  await requireStepUp(ctx, { env, ip }, input.currentPassword, SCIM_TOKEN_ENTITY);
  const { name } = input;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = `scim_${carry(ctx.companyId, toBase64Url(bytes))}`;
  const id = newId();
  await ctx.db.batch([
    ctx.db
      .insert(scimTokens)
      .values({ id, companyId: ctx.companyId, name, tokenHash: await sha256Hex(token), createdBy: ctx.actor.user.id, createdAt: ctx.now }),
    audit(ctx, "scim-token-issued", "scim-token", id, { name }),
  ]);
  await tellCompanyAdmins(ctx, env, {
    setting: "notice.setting.scim",
    what: (t) => t("notice.scim.issued", { name }),
    advice: "notice.scim.advice",
  });
  return { _id: id, name, token };
}

/**
 * Revoking asks for no step-up (decision 0276): in an incident, taking a token away must be
 * one call. The company admins are still told.
 */
export async function revokeScimToken(ctx: DomainContext, env: Env, id: string) {
  requireTokenAdmin(ctx);
  const rows = await ctx.db
    .update(scimTokens)
    .set({ revokedAt: ctx.now })
    .where(and(eq(scimTokens.id, id), eq(scimTokens.companyId, ctx.companyId), isNull(scimTokens.revokedAt)))
    .returning({ id: scimTokens.id, name: scimTokens.name });
  if (rows.length === 0) throw new NotFoundError("SCIM token not found");
  await tellCompanyAdmins(ctx, env, { setting: "notice.setting.scim", what: (t) => t("notice.scim.revoked", { name: rows[0].name }) });
  return { message: "SCIM token revoked." };
}

/**
 * The company a SCIM request acts for, from its bearer token; 401 otherwise. With it, the
 * firm's fence on this shard (decision 0314): a firm being moved may be held for its switch
 * or live on another shard by now, which the route answers (web/scim.server.ts). The token's
 * last use is bookkeeping, written only while the firm is live here and not held.
 */
export async function scimCompany(
  { db, now }: PublicContext,
  authorization: string | null,
): Promise<{ companyId: string; fence: FenceState | null }> {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? "");
  if (!match || match[1].length > 200) throw new ScimError(401, "A valid SCIM bearer token is required.");
  const [row] = await db
    .select({
      id: scimTokens.id,
      companyId: scimTokens.companyId,
      lastUsedAt: scimTokens.lastUsedAt,
      fence: sql<FenceState | null>`(select ${firmFence.state} from ${firmFence} where ${firmFence.companyId} = ${scimTokens.companyId})`,
    })
    .from(scimTokens)
    .where(and(eq(scimTokens.tokenHash, await sha256Hex(match[1])), isNull(scimTokens.revokedAt)))
    .limit(1);
  if (!row) throw new ScimError(401, "A valid SCIM bearer token is required.");
  const live = row.fence === null || row.fence === "copying";
  if (live && (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000)) {
    await db.update(scimTokens).set({ lastUsedAt: now }).where(eq(scimTokens.id, row.id));
  }
  return { companyId: row.companyId, fence: row.fence };
}

// ---- Users ----------------------------------------------------------------------------------

/** The system's context with source "scim", and the origin the resources' locations name. */
export interface ScimContext extends SystemContext {
  baseUrl: string;
}

function toScimUser(s: ScimContext, user: User) {
  const [givenName, ...rest] = user.name.split(" ");
  return {
    schemas: [SCIM_USER, SCIM_ENTERPRISE],
    id: user.id,
    ...(user.scimExternalId ? { externalId: user.scimExternalId } : {}),
    userName: user.email,
    name: { formatted: user.name, givenName: givenName ?? "", familyName: rest.join(" ") },
    displayName: user.name,
    title: user.title,
    emails: [{ value: user.email, type: "work", primary: true }],
    ...(user.phone ? { phoneNumbers: [{ value: user.phone, type: "work" }] } : {}),
    active: user.deactivatedAt === null,
    meta: {
      resourceType: "User",
      created: user.createdAt.toISOString(),
      lastModified: user.updatedAt.toISOString(),
      location: `${s.baseUrl}/scim/v2/Users/${user.id}`,
    },
  };
}

/** What we read from a SCIM User (POST, PUT, or PATCH's values), attribute by attribute. */
interface UserFields {
  userName?: string;
  name?: string;
  title?: string;
  active?: boolean;
  externalId?: string | null;
  department?: string;
  phone?: string | null;
}

const str = (value: unknown, max = 320): string | undefined => (typeof value === "string" ? value.trim().slice(0, max) : undefined);

/** Entra sends "True"/"False" strings for booleans in PATCH. */
function bool(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  return undefined;
}

function readUser(body: Record<string, unknown>): UserFields {
  const name = body.name && typeof body.name === "object" ? (body.name as Record<string, unknown>) : {};
  const emails = Array.isArray(body.emails) ? (body.emails as Record<string, unknown>[]) : [];
  const primary = emails.find((e) => e && e.primary === true) ?? emails[0];
  const phones = Array.isArray(body.phoneNumbers) ? (body.phoneNumbers as Record<string, unknown>[]) : [];
  const enterprise = body[SCIM_ENTERPRISE] && typeof body[SCIM_ENTERPRISE] === "object" ? (body[SCIM_ENTERPRISE] as Record<string, unknown>) : {};
  const formatted = str(name.formatted, 200) || [str(name.givenName, 100), str(name.familyName, 100)].filter(Boolean).join(" ");
  return {
    userName: str(body.userName) ?? str(primary?.value),
    name: str(body.displayName, 200) || formatted || undefined,
    title: str(body.title, 200),
    active: bool(body.active),
    externalId: body.externalId === null ? null : str(body.externalId, 200),
    department: str(enterprise.department, 200),
    phone: str(phones[0]?.value, 50),
  };
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function checkUserName(userName: string | undefined): string {
  if (!userName) throw new ScimError(400, "userName is required.", "invalidValue");
  const email = userName.toLowerCase();
  if (!EMAIL.test(email)) throw new ScimError(400, "userName must be the person's e-mail address.", "invalidValue");
  return email;
}

async function requireUser(s: ScimContext, id: string): Promise<User> {
  const [user] = await s.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, s.companyId)))
    .limit(1);
  if (!user) throw new ScimError(404, `User ${id} not found.`);
  return user;
}

/**
 * 409 uniqueness ("already in use or reserved", RFC 7644 3.12) when the firm cannot give the
 * address: its own member is named as such; a member of another firm and an address at a
 * domain another firm verified get the same neutral words (issue 26, item 4).
 */
async function requireUserNameFree(s: ScimContext, email: string, exceptId?: string) {
  const standing = await addressStanding(s, [email], exceptId);
  if (standing.own.length) throw new ScimError(409, `A user with userName ${email} already exists.`, "uniqueness");
  if (standing.unavailable.length) throw new ScimError(409, `userName ${email} cannot be used in this organisation.`, "uniqueness");
}

export async function createScimUser(s: ScimContext, body: Record<string, unknown>) {
  const fields = readUser(body);
  const email = checkUserName(fields.userName);
  await requireUserNameFree(s, email);
  const team = fields.department ? await teamForDepartment(s, fields.department) : null;
  const id = newId();
  // The address is this firm's in the directory before the shard writes it (decision 0318).
  const claim = await claimAddresses(s, [{ email, userId: id }]);
  if (claim.lost.length) throw new ScimError(409, `userName ${email} cannot be used in this organisation.`, "uniqueness");
  const [[created]] = await s.db
    .batch([
      s.db
        .insert(users)
        .values({
          id,
          companyId: s.companyId,
          email,
          name: fields.name ?? email.split("@")[0],
          title: fields.title ?? "",
          phone: fields.phone ?? null,
          completed: true,
          groupId: team?.groupId ?? null,
          officeId: team?.officeId ?? null,
          scimExternalId: fields.externalId ?? null,
          deactivatedAt: fields.active === false ? s.now : null,
          invitedAt: s.now,
        })
        .returning(),
      auditScim(s, "scim-user-created", id, { email }),
    ])
    .catch(async (error: unknown) => {
      await claim.release();
      throw error;
    });
  await publishUserUpdate(s, created.id);
  return toScimUser(s, created);
}

export async function getScimUser(s: ScimContext, id: string) {
  return toScimUser(s, await requireUser(s, id));
}

/** `filter=userName eq "…"` (and externalId eq), the filters Entra and Okta send; startIndex is 1-based. */
export async function listScimUsers(s: ScimContext, query: URLSearchParams) {
  const filter = query.get("filter");
  const startIndex = Math.max(1, Number.parseInt(query.get("startIndex") ?? "1", 10) || 1);
  const count = Math.min(200, Math.max(0, Number.parseInt(query.get("count") ?? "100", 10) || 0));
  const conditions = [eq(users.companyId, s.companyId)];
  if (filter) {
    const match = /^\s*(userName|externalId|emails\.value|emails\[type eq "work"\]\.value)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
    if (!match) throw new ScimError(400, 'Only filter=userName eq "…" and externalId eq "…" are supported.', "invalidFilter");
    const value = match[2].replace(/\\(.)/g, "$1");
    conditions.push(match[1].toLowerCase() === "externalid" ? eq(users.scimExternalId, value) : eq(users.email, value.toLowerCase()));
  }
  const where = and(...conditions);
  const [{ total }] = await s.db
    .select({ total: sql<number>`count(*)` })
    .from(users)
    .where(where);
  const rows =
    count === 0
      ? []
      : await s.db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .limit(count)
          .offset(startIndex - 1);
  return { schemas: [SCIM_LIST], totalResults: total, startIndex, itemsPerPage: rows.length, Resources: rows.map((u) => toScimUser(s, u)) };
}

async function applyUserFields(s: ScimContext, user: User, fields: UserFields) {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (fields.userName !== undefined) {
    const email = checkUserName(fields.userName);
    if (email !== user.email) {
      await requireUserNameFree(s, email, user.id);
      changes.email = email;
    }
  }
  if (fields.name !== undefined) changes.name = fields.name;
  if (fields.title !== undefined) changes.title = fields.title;
  if (fields.phone !== undefined) changes.phone = fields.phone;
  if (fields.externalId !== undefined) changes.scimExternalId = fields.externalId;
  if (fields.department) {
    const team = await teamForDepartment(s, fields.department);
    if (team) Object.assign(changes, { groupId: team.groupId, officeId: team.officeId });
  }
  const deactivate = fields.active === false && user.deactivatedAt === null;
  if (fields.active === false && user.deactivatedAt === null) changes.deactivatedAt = s.now;
  if (fields.active === true && user.deactivatedAt !== null) changes.deactivatedAt = null;
  if (Object.keys(changes).length === 0) return user;
  const emailChanged = changes.email !== undefined;
  // A new userName is the person's in the directory before the shard writes it (decision 0318).
  const claim = emailChanged ? await claimAddresses(s, [{ email: changes.email!, userId: user.id }]) : null;
  if (claim?.lost.length) throw new ScimError(409, `userName ${changes.email} cannot be used in this organisation.`, "uniqueness");
  const [, updated] = await s.db
    .batch([
      // Deactivation signs the person out everywhere (their sessions end), history stays.
      deactivate
        ? s.db
            .update(sessions)
            .set({ revokedAt: s.now })
            .where(and(eq(sessions.userId, user.id), eq(sessions.companyId, s.companyId), isNull(sessions.revokedAt)))
        : s.db
            .select({ id: users.id })
            .from(users)
            .where(sql`0`),
      s.db
        .update(users)
        .set(changes)
        .where(and(eq(users.id, user.id), eq(users.companyId, s.companyId)))
        .returning(),
      auditScim(s, deactivate ? "scim-user-deactivated" : "scim-user-updated", user.id, { fields: Object.keys(changes) }),
      // A new userName is a new sign-in address: the identity provider vouches for it, so no
      // confirmation mail, but the person is signed out and their mailed links end (issue 26, item 6).
      ...(emailChanged ? revokeAccessStatements(s, user.id) : []),
    ])
    .catch(async (error: unknown) => {
      await claim?.release();
      throw error;
    });
  // Open browsers drop (or update) the person at once; a deactivated person's own pages close.
  if (deactivate || emailChanged) s.closeSockets({ userId: user.id });
  if (emailChanged) await tellOldAddress(s, user, changes.email!);
  await publishUserUpdate(s, user.id);
  return (updated as User[])[0];
}

/** The old address hears that the identity provider changed it (no link: nothing to click in a mail that may be a copy). */
async function tellOldAddress(s: ScimContext, user: User, newEmail: string) {
  const [company] = await s.db.select({ name: companies.name }).from(companies).where(eq(companies.id, s.companyId)).limit(1);
  const firm = company?.name ?? "your firm";
  const language = await languageOfRecipient(s.db, s.companyId, user.id);
  const t = (key: MessageKey, values?: MessageValues) => translate(language, key, values);
  const when =
    language === "en"
      ? s.now.toUTCString()
      : `${new Intl.DateTimeFormat(t("language.locale"), { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(s.now)} UTC`;
  const lines = [
    user.name ? t("mail.greetingNamed", { name: user.name }) : t("mail.greeting"),
    t("mail.scimEmailChanged.body", { firm, oldEmail: user.email, newEmail, when }),
    t("mail.scimEmailChanged.signedOut"),
  ];
  await enqueueEmail(
    s.db,
    s.companyId,
    { to: user.email, subject: t("mail.scimEmailChanged.subject", { firm }), text: `${lines.join("\n\n")}\n` },
    s.now,
  );
}

export async function replaceScimUser(s: ScimContext, id: string, body: Record<string, unknown>) {
  const user = await requireUser(s, id);
  const fields = readUser(body);
  checkUserName(fields.userName);
  // PUT replaces: what is left out is cleared (title, phone, external id), active defaults to true.
  const updated = await applyUserFields(s, user, {
    ...fields,
    title: fields.title ?? "",
    phone: fields.phone ?? null,
    externalId: fields.externalId ?? null,
    active: fields.active ?? true,
  });
  return toScimUser(s, updated);
}

/** PATCH Operations as Entra (op "Replace", path, string booleans) and Okta (op "replace", value object) send them. */
export async function patchScimUser(s: ScimContext, id: string, body: Record<string, unknown>) {
  const user = await requireUser(s, id);
  const operations = readOperations(body);
  const fields: UserFields = {};
  for (const op of operations) {
    if (op.op === "remove") {
      if (op.path === "title") fields.title = "";
      else if (op.path === "externalid") fields.externalId = null;
      else if (op.path?.startsWith("phonenumbers")) fields.phone = null;
      else throw new ScimError(400, `Cannot remove ${op.path ?? "the whole user"}.`, "noTarget");
      continue;
    }
    const values: Record<string, unknown> = op.path === undefined ? (op.value as Record<string, unknown>) : { [op.path]: op.value };
    if (!values || typeof values !== "object") throw new ScimError(400, "A PATCH operation without a path needs an object value.", "invalidValue");
    for (const [rawKey, value] of Object.entries(values)) {
      const key = rawKey.toLowerCase();
      if (key === "active") {
        const active = bool(value);
        if (active === undefined) throw new ScimError(400, "active must be true or false.", "invalidValue");
        fields.active = active;
      } else if (key === "username") fields.userName = str(value);
      else if (key === "displayname") fields.name = str(value, 200);
      else if (key === "name.formatted") fields.name = str(value, 200);
      else if (key === "name.givenname" || key === "name.familyname") {
        const [given, ...family] = (fields.name ?? user.name).split(" ");
        fields.name = key === "name.givenname" ? [str(value, 100), ...family].join(" ") : [given, str(value, 100)].join(" ");
      } else if (key === "name" && value && typeof value === "object") fields.name = readUser({ name: value }).name;
      else if (key === "title") fields.title = str(value, 200) ?? "";
      else if (key === "externalid") fields.externalId = str(value, 200) ?? null;
      else if (key === 'emails[type eq "work"].value' || key === "emails") {
        fields.userName = key === "emails" ? readUser({ emails: value }).userName : str(value);
      } else if (key === 'phonenumbers[type eq "work"].value') fields.phone = str(value, 50) ?? null;
      else if (key === `${SCIM_ENTERPRISE}:department`.toLowerCase()) fields.department = str(value, 200);
      else if (key === SCIM_ENTERPRISE.toLowerCase() && value && typeof value === "object")
        fields.department = str((value as Record<string, unknown>).department, 200);
      // Attributes we do not keep (preferredLanguage, addresses, ...) are accepted and ignored, as RFC 7644 allows.
    }
  }
  return toScimUser(s, await applyUserFields(s, user, fields));
}

function readOperations(body: Record<string, unknown>): { op: string; path?: string; value?: unknown }[] {
  const operations = body.Operations;
  if (!Array.isArray(operations) || operations.length === 0 || operations.length > 100) {
    throw new ScimError(400, "PATCH needs Operations (1 to 100).", "invalidSyntax");
  }
  return operations.map((raw) => {
    const op = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
    const name = typeof op.op === "string" ? op.op.toLowerCase() : "";
    if (!["add", "replace", "remove"].includes(name)) throw new ScimError(400, "op must be add, replace or remove.", "invalidSyntax");
    const path = typeof op.path === "string" && op.path.trim() ? op.path.trim().toLowerCase() : undefined;
    return { op: name, path, value: op.value };
  });
}

// ---- Groups ---------------------------------------------------------------------------------

type ScimGroupRow = typeof scimGroups.$inferSelect;

async function toScimGroup(s: ScimContext, group: ScimGroupRow) {
  const ids = group.members ?? [];
  const people = ids.length
    ? await s.db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.companyId, s.companyId), sql`${users.id} in (select value from json_each(${JSON.stringify(ids.slice(0, 90))}))`))
    : [];
  return {
    schemas: [SCIM_GROUP],
    id: group.id,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    displayName: group.displayName,
    members: people.map((p) => ({ value: p.id, display: p.name, $ref: `${s.baseUrl}/scim/v2/Users/${p.id}` })),
    meta: { resourceType: "Group", created: group.createdAt.toISOString(), location: `${s.baseUrl}/scim/v2/Groups/${group.id}` },
  };
}

async function requireGroup(s: ScimContext, id: string) {
  const [group] = await s.db
    .select()
    .from(scimGroups)
    .where(and(eq(scimGroups.id, id), eq(scimGroups.companyId, s.companyId)))
    .limit(1);
  if (!group) throw new ScimError(404, `Group ${id} not found.`);
  return group;
}

function memberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .map((m) => (m && typeof m === "object" ? str((m as Record<string, unknown>).value, 100) : undefined))
    .filter((v): v is string => Boolean(v));
}

/** Members of a directory group move into our group whose ssoIdentifiers name it (and its first office). */
async function placeMembers(s: ScimContext, displayName: string, ids: string[]) {
  if (ids.length === 0) return;
  const team = await teamForDepartment(s, displayName);
  if (!team) return;
  for (const id of ids) {
    await s.db
      .update(users)
      .set({ groupId: team.groupId, officeId: team.officeId })
      .where(and(eq(users.id, id), eq(users.companyId, s.companyId)));
  }
  for (const id of ids) await publishUserUpdate(s, id);
}

async function ownUserIds(s: ScimContext, ids: string[]) {
  const unique = [...new Set(ids)].slice(0, 90);
  if (unique.length === 0) return [];
  const rows = await s.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, s.companyId), sql`${users.id} in (select value from json_each(${JSON.stringify(unique)}))`));
  if (rows.length !== unique.length) throw new ScimError(400, "A member is not a user of this company.", "invalidValue");
  return unique;
}

export async function createScimGroup(s: ScimContext, body: Record<string, unknown>) {
  const displayName = str(body.displayName, 200);
  if (!displayName) throw new ScimError(400, "displayName is required.", "invalidValue");
  const [existing] = await s.db
    .select({ id: scimGroups.id })
    .from(scimGroups)
    .where(and(eq(scimGroups.companyId, s.companyId), eq(scimGroups.displayName, displayName)))
    .limit(1);
  if (existing) throw new ScimError(409, `A group named ${displayName} already exists.`, "uniqueness");
  const members = await ownUserIds(s, memberIds(body.members));
  const [group] = await s.db
    .insert(scimGroups)
    .values({ id: newId(), companyId: s.companyId, displayName, externalId: str(body.externalId, 200) ?? null, members, createdAt: s.now })
    .returning();
  await placeMembers(s, displayName, members);
  return toScimGroup(s, group);
}

export async function getScimGroup(s: ScimContext, id: string) {
  return toScimGroup(s, await requireGroup(s, id));
}

export async function listScimGroups(s: ScimContext, query: URLSearchParams) {
  const filter = query.get("filter");
  const conditions = [eq(scimGroups.companyId, s.companyId)];
  if (filter) {
    const match = /^\s*(displayName|externalId)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
    if (!match) throw new ScimError(400, 'Only filter=displayName eq "…" and externalId eq "…" are supported.', "invalidFilter");
    const value = match[2].replace(/\\(.)/g, "$1");
    conditions.push(match[1].toLowerCase() === "externalid" ? eq(scimGroups.externalId, value) : eq(scimGroups.displayName, value));
  }
  const rows = await s.db
    .select()
    .from(scimGroups)
    .where(and(...conditions))
    .orderBy(asc(scimGroups.createdAt))
    .limit(200);
  return {
    schemas: [SCIM_LIST],
    totalResults: rows.length,
    startIndex: 1,
    itemsPerPage: rows.length,
    Resources: await Promise.all(rows.map((g) => toScimGroup(s, g))),
  };
}

export async function patchScimGroup(s: ScimContext, id: string, body: Record<string, unknown>) {
  const group = await requireGroup(s, id);
  let members = [...(group.members ?? [])];
  let displayName = group.displayName;
  const added: string[] = [];
  for (const op of readOperations(body)) {
    if (op.path === "members" || (op.path === undefined && op.value && typeof op.value === "object" && "members" in (op.value as object))) {
      const ids = memberIds(op.path === undefined ? (op.value as Record<string, unknown>).members : op.value);
      if (op.op === "remove") members = members.filter((m) => !ids.includes(m));
      else {
        const own = await ownUserIds(s, ids);
        if (op.op === "replace") members = own;
        else members = [...new Set([...members, ...own])];
        added.push(...own);
      }
    } else if (op.path?.startsWith("members[value eq ") && op.op === "remove") {
      const value = /"([^"]+)"/.exec(op.path)?.[1];
      members = members.filter((m) => m !== value);
    } else if (
      op.path === "displayname" ||
      (op.path === undefined && op.value && typeof op.value === "object" && "displayName" in (op.value as object))
    ) {
      const next = str(op.path === undefined ? (op.value as Record<string, unknown>).displayName : op.value, 200);
      if (!next) throw new ScimError(400, "displayName cannot be empty.", "invalidValue");
      displayName = next;
    } else if (op.path === "externalid") {
      // kept below
    } else {
      throw new ScimError(400, `Cannot ${op.op} ${op.path ?? "that"} on a group.`, "noTarget");
    }
  }
  const [updated] = await s.db
    .update(scimGroups)
    .set({ members, displayName })
    .where(and(eq(scimGroups.id, id), eq(scimGroups.companyId, s.companyId)))
    .returning();
  await placeMembers(s, displayName, added);
  return toScimGroup(s, updated);
}

export async function replaceScimGroup(s: ScimContext, id: string, body: Record<string, unknown>) {
  await requireGroup(s, id);
  const displayName = str(body.displayName, 200);
  if (!displayName) throw new ScimError(400, "displayName is required.", "invalidValue");
  const members = await ownUserIds(s, memberIds(body.members));
  const [updated] = await s.db
    .update(scimGroups)
    .set({ displayName, members, externalId: str(body.externalId, 200) ?? null })
    .where(and(eq(scimGroups.id, id), eq(scimGroups.companyId, s.companyId)))
    .returning();
  await placeMembers(s, displayName, members);
  return toScimGroup(s, updated);
}

export async function deleteScimGroup(s: ScimContext, id: string) {
  await requireGroup(s, id);
  await s.db.delete(scimGroups).where(and(eq(scimGroups.id, id), eq(scimGroups.companyId, s.companyId)));
}

/** A statement, for the batch of the change it records. */
function auditScim(s: ScimContext, action: string, entityId: string, data: Record<string, unknown>) {
  return audit(s, action, "user", entityId, data);
}
