import { and, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { liveHere } from "~/db/fence";
import { audit } from "../audit.server";
import { companies, competences, cvImports, cvItems, userSkills, users } from "~/db/schema";
import type { Db } from "~/db/client";
import { inJsonList } from "~/db/json-list";
import { isLocalEnv, type Env } from "~/env";
import { maxBodyBytes } from "~/integrations/bounded-body";
import { cvServiceClient, CvServiceError, type CvData, type CvServiceClient } from "~/integrations/cv-service/client.server";
import { isLoopbackHost, isPublicHostName } from "~/integrations/email/smtp-policy";
import { newId } from "~/lib/ids";
import { openSecret, sealSecret } from "~/lib/secret-box.server";
import { canAdministerCompany } from "~/auth/permissions";
import { publishUserUpdate } from "../users/user-state.server";
import { systemCtx, type AnyContext, type DomainContext, type Runtime } from "../context";
import { ForbiddenError, ValidationError } from "../errors";
import { REQUIRED } from "../schema-kit";
import { requireStepUp } from "~/domain/identity/reauth.server";
import { tellCompanyAdmins } from "./admin-notice.server";
import type { CvServiceSettingsInput } from "./cv-service.schema";
import type { CvImportStatus } from "./cv-service.types";

/**
 * The CV service import (decision 0112). Per company with a URL and key, people are read a
 * page at a time (a cursor in cv_imports, so one cron invocation stays small), matched to
 * the company's people by e-mail, and each matched person's CV replaces their CV items and
 * their 'From CV Partner' competences: new ones added, changed titles updated, removed ones
 * deleted, all in one batch per page. A failure (timeout, 401, bad JSON, unexpected shape)
 * is recorded with the time of the next try and changes nothing else; people the service
 * does not list keep what they have (an import never deletes what it cannot confirm).
 */

export const CV_SOURCE = "cvpartner";
export const CV_PAGE_SIZE = 25;
const HOUR = 3_600_000;
/** A finished import runs again after this long. */
export const CV_IMPORT_INTERVAL_MS = 6 * HOUR;
const CV_ENTITY = "CvServiceInputErrors";

export type CvEnv = Pick<Env, "APP_ENV" | "SECRET_BOX_KEYS"> & { CV_SERVICE_TIMEOUT_MS?: string; OUTBOUND_MAX_BODY_BYTES?: string };

export const cvKeyPurpose = (companyId: string) => `companies.cv_service_key:${companyId}`;

/** Where a firm's CV service may be: https on a public name; plain http on loopback only in development and tests (the fake). */
export function cvUrlProblem(env: Pick<Env, "APP_ENV">, value: string): string | null {
  const url = new URL(value);
  if (isLocalEnv(env) && isLoopbackHost(url.hostname)) return null;
  if (url.protocol !== "https:") return "Use an https address.";
  if (!isPublicHostName(url.hostname)) return "Use the service's public host name, not an IP address or a local name.";
  return null;
}

async function readStatus(db: Db, companyId: string): Promise<CvImportStatus> {
  const [[company], [state]] = await db.batch([
    db.select({ url: companies.cvServiceUrl, key: companies.cvServiceKey }).from(companies).where(eq(companies.id, companyId)),
    db.select().from(cvImports).where(eq(cvImports.companyId, companyId)),
  ]);
  const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
  return {
    url: company?.url ?? null,
    hasKey: Boolean(company?.key),
    lastAttemptAt: iso(state?.lastAttemptAt),
    lastSuccessAt: iso(state?.lastSuccessAt),
    lastError: state?.lastError ?? null,
    failures: state?.failures ?? 0,
    nextAttemptAt: iso(state?.nextAttemptAt),
    peopleMatched: state?.peopleMatched ?? 0,
  };
}

function requireCvAdmin(ctx: DomainContext) {
  if (!canAdministerCompany(ctx.actor.user)) throw new ForbiddenError();
}

export async function getCvServiceStatus(ctx: DomainContext): Promise<CvImportStatus> {
  requireCvAdmin(ctx);
  return readStatus(ctx.db, ctx.companyId);
}

/** Saves the URL and, when sent, the key (sealed); the next cron run imports. The key is never sent back. */
export async function saveCvService(ctx: DomainContext, env: Env & CvEnv, input: CvServiceSettingsInput, ip: string): Promise<CvImportStatus> {
  requireCvAdmin(ctx);
  const problem = cvUrlProblem(env, input.url);
  if (problem) throw new ValidationError(CV_ENTITY, { url: problem });
  const [company] = await ctx.db.select({ key: companies.cvServiceKey }).from(companies).where(eq(companies.id, ctx.companyId));
  if (!input.key && !company?.key) throw new ValidationError(CV_ENTITY, { key: REQUIRED });
  await requireStepUp(ctx, { env, ip }, input.currentPassword, CV_ENTITY);
  const sealed = input.key ? await sealSecret(env, cvKeyPurpose(ctx.companyId), input.key) : company!.key;
  await ctx.db.batch([
    ctx.db.update(companies).set({ cvServiceUrl: input.url, cvServiceKey: sealed }).where(eq(companies.id, ctx.companyId)),
    ctx.db
      .insert(cvImports)
      .values({ companyId: ctx.companyId, nextAttemptAt: ctx.now })
      .onConflictDoUpdate({ target: cvImports.companyId, set: { nextAttemptAt: ctx.now, failures: 0, cursor: 0 } }),
    audit(ctx, "update", "cvService", ctx.companyId, { url: input.url, keyChanged: Boolean(input.key) }),
  ]);
  await tellCompanyAdmins(ctx, env, {
    setting: "notice.setting.cv",
    what: (t) => t(input.key ? "notice.cv.onWithKey" : "notice.cv.on", { url: String(input.url) }),
  });
  return readStatus(ctx.db, ctx.companyId);
}

/** Disconnects: the URL and key go, imported items stay until someone deletes them. */
export async function removeCvService(
  ctx: DomainContext,
  env: Env & CvEnv,
  input: { currentPassword?: string | null },
  ip: string,
): Promise<CvImportStatus> {
  requireCvAdmin(ctx);
  await requireStepUp(ctx, { env, ip }, input.currentPassword, CV_ENTITY);
  await ctx.db.batch([
    ctx.db.update(companies).set({ cvServiceUrl: null, cvServiceKey: null }).where(eq(companies.id, ctx.companyId)),
    ctx.db.delete(cvImports).where(eq(cvImports.companyId, ctx.companyId)),
    audit(ctx, "delete", "cvService", ctx.companyId, {}),
  ]);
  await tellCompanyAdmins(ctx, env, { setting: "notice.setting.cv", what: (t) => t("notice.cv.off") });
  return readStatus(ctx.db, ctx.companyId);
}

/** 'Import now' on the company page and POST /company/cv-service/import: the whole import, page after page. */
export async function importCvNow(ctx: DomainContext, env: CvEnv): Promise<CvImportStatus> {
  requireCvAdmin(ctx);
  const [company] = await ctx.db.select({ url: companies.cvServiceUrl }).from(companies).where(eq(companies.id, ctx.companyId));
  if (!company?.url) throw new ValidationError(CV_ENTITY, { url: "Connect the CV service first." });
  await runCvImport(ctx, env, { maxPages: 200 });
  return readStatus(ctx.db, ctx.companyId);
}

function backoff(failures: number): number {
  return Math.min(5 * 60_000 * 2 ** Math.max(0, failures - 1), CV_IMPORT_INTERVAL_MS);
}

/**
 * Runs up to `maxPages` pages of one company's import from its cursor. Returns true when the
 * import went through to the end. `client` lets the bench point it elsewhere; tests use the
 * real client against the loopback fake.
 */
export async function runCvImport(
  ctx: AnyContext,
  env: CvEnv,
  options: { maxPages?: number; pageSize?: number; client?: CvServiceClient } = {},
): Promise<boolean> {
  const { db, companyId, now } = ctx;
  const [company] = await db.select({ url: companies.cvServiceUrl, key: companies.cvServiceKey }).from(companies).where(eq(companies.id, companyId));
  if (!company?.url || !company.key) return false;
  await db.insert(cvImports).values({ companyId }).onConflictDoNothing();
  const [state] = await db.select().from(cvImports).where(eq(cvImports.companyId, companyId));
  const pageSize = options.pageSize ?? CV_PAGE_SIZE;
  let cursor = state.cursor;
  let seen = cursor === 0 ? 0 : state.peopleSeen;
  let matched = cursor === 0 ? 0 : state.peopleMatched;
  try {
    const urlProblem = cvUrlProblem(env, company.url);
    if (urlProblem) throw new CvServiceError(urlProblem);
    const key = await openSecret(env, cvKeyPurpose(companyId), company.key).catch(() => {
      throw new CvServiceError("The stored API key cannot be read; enter it again on the company page.");
    });
    const timeout = Number(env.CV_SERVICE_TIMEOUT_MS) || 10_000;
    const client = options.client ?? cvServiceClient(company.url, key, timeout, maxBodyBytes(env));
    for (let page = 0; page < (options.maxPages ?? 1); page++) {
      const people = await client.listPeople(cursor, pageSize);
      const found = await importPage(ctx, client, people);
      seen += people.length;
      matched += found;
      const done = people.length < pageSize;
      cursor = done ? 0 : cursor + people.length;
      await db
        .update(cvImports)
        .set({
          cursor,
          peopleSeen: seen,
          peopleMatched: matched,
          lastAttemptAt: now,
          ...(done ? { lastSuccessAt: now, lastError: null, failures: 0, nextAttemptAt: new Date(now.getTime() + CV_IMPORT_INTERVAL_MS) } : {}),
        })
        .where(eq(cvImports.companyId, companyId));
      if (done) return true;
    }
    return false;
  } catch (error) {
    const message = error instanceof CvServiceError ? error.message : "The import failed unexpectedly.";
    if (!(error instanceof CvServiceError)) console.error("CV import failed", error);
    const failures = state.failures + 1;
    await db
      .update(cvImports)
      .set({ lastAttemptAt: now, lastError: message, failures, nextAttemptAt: new Date(now.getTime() + backoff(failures)) })
      .where(eq(cvImports.companyId, companyId));
    return false;
  }
}

/** One page: fetch every matched person's CV first, then write all of the page in one batch. */
async function importPage(
  ctx: AnyContext,
  client: CvServiceClient,
  people: { user_id: string; default_cv_id?: string | null; email?: string | null }[],
): Promise<number> {
  const { db, companyId, now } = ctx;
  const emails = [...new Set(people.map((p) => p.email?.trim().toLowerCase()).filter((e): e is string => Boolean(e)))];
  if (emails.length === 0) return 0;
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), sql`lower(${users.email}) in (select value from json_each(${JSON.stringify(emails)}))`));
  const byEmail = new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
  const wanted = people
    .map((p) => ({ person: p, userId: byEmail.get(p.email?.trim().toLowerCase() ?? "") }))
    .filter((w): w is { person: (typeof people)[number]; userId: string } => Boolean(w.userId && w.person.default_cv_id));
  if (wanted.length === 0) return 0;
  const cvs = new Map<string, CvData>();
  for (const w of wanted) cvs.set(w.userId, await client.getCv(w.person.user_id, w.person.default_cv_id!));
  const userIds = [...cvs.keys()];
  const [itemRows, skillRows, externalRows] = await db.batch([
    db
      .select({ id: cvItems.id, userId: cvItems.userId, externalId: cvItems.externalId, title: cvItems.title })
      .from(cvItems)
      .where(and(eq(cvItems.companyId, companyId), eq(cvItems.source, CV_SOURCE), inJsonList(cvItems.userId, userIds))),
    db
      .select({ id: userSkills.id, userId: userSkills.userId, name: competences.name })
      .from(userSkills)
      .innerJoin(competences, eq(competences.id, userSkills.competenceId))
      .where(and(eq(userSkills.companyId, companyId), eq(competences.externalSource, CV_SOURCE), inJsonList(userSkills.userId, userIds))),
    db
      .select({ id: competences.id, name: competences.name })
      .from(competences)
      .where(and(eq(competences.companyId, companyId), eq(competences.externalSource, CV_SOURCE))),
  ]);
  const competenceByName = new Map(externalRows.map((c) => [c.name.toLowerCase(), c.id]));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const writes: any[] = [];
  const changed = new Set<string>();
  for (const [userId, cv] of cvs) {
    const before = writes.length;
    const existing = new Map(itemRows.filter((i) => i.userId === userId).map((i) => [i.externalId ?? `title:${i.title}`, i]));
    const keep = new Set<string>();
    for (const item of cv.items) {
      keep.add(item.externalId);
      const row = existing.get(item.externalId);
      if (!row)
        writes.push(
          db.insert(cvItems).values({ companyId, userId, title: item.title, externalId: item.externalId, source: CV_SOURCE, createdAt: now }),
        );
      else if (row.title !== item.title) writes.push(db.update(cvItems).set({ title: item.title }).where(eq(cvItems.id, row.id)));
    }
    for (const [externalId, row] of existing) if (!keep.has(externalId)) writes.push(db.delete(cvItems).where(eq(cvItems.id, row.id)));

    const has = new Map(skillRows.filter((s) => s.userId === userId).map((s) => [s.name.toLowerCase(), s.id]));
    const wantedSkills = new Set(cv.skills.map((s) => s.toLowerCase()));
    for (const name of cv.skills) {
      if (has.has(name.toLowerCase())) continue;
      let competenceId = competenceByName.get(name.toLowerCase());
      if (!competenceId) {
        competenceId = newId();
        competenceByName.set(name.toLowerCase(), competenceId);
        writes.push(db.insert(competences).values({ id: competenceId, companyId, name, externalSource: CV_SOURCE, createdAt: now }));
      }
      writes.push(db.insert(userSkills).values({ companyId, userId, competenceId, createdAt: now }).onConflictDoNothing());
    }
    for (const [name, skillId] of has) if (!wantedSkills.has(name)) writes.push(db.delete(userSkills).where(eq(userSkills.id, skillId)));
    if (writes.length > before) changed.add(userId);
  }
  // What the page changed is recorded with it, in the same batch: the system's row, or the person's who pressed Import now.
  if (writes.length) {
    writes.push(audit(ctx, "cv-import", "company", companyId, { people: changed.size, changes: writes.length }));
    await db.batch(writes as [never, ...never[]]);
  }
  // Open pages revalidate on a person's event, so a changed CV or competence shows without a reload.
  for (const userId of changed) await publishUserUpdate(ctx, userId);
  return cvs.size;
}

/** The cron's part: companies whose import is due, a few pages each. */
export async function runDueCvImports(runtime: Runtime, now: Date, { companies: limit = 5, pages = 4 } = {}): Promise<void> {
  const due = await runtime.db
    .select({ id: companies.id })
    .from(companies)
    .leftJoin(cvImports, eq(cvImports.companyId, companies.id))
    .where(
      and(
        isNotNull(companies.cvServiceUrl),
        isNotNull(companies.cvServiceKey),
        or(isNull(cvImports.nextAttemptAt), lte(cvImports.nextAttemptAt, now)),
        liveHere(companies.id),
      ),
    )
    .limit(limit);
  for (const company of due) await runCvImport(await systemCtx(runtime, company.id, "cv", now), runtime.env, { maxPages: pages });
}
