import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import { liveHere } from "~/db/fence";
import { companyDomains } from "~/db/schema";
import type { Env } from "~/env";
import { systemCtx, type AnyContext, type DomainContext, type Runtime } from "~/domain/context";
import { audit } from "~/domain/audit.server";
import { canAdministerCompany } from "~/auth/permissions";
import { ForbiddenError } from "~/domain/errors";
import { verificationRecord } from "~/domain/identity/sso/domain-record.server";

/**
 * A firm's claim on an e-mail domain is proven before it counts (decision 0250): a DNS TXT
 * record `availability-verification=<token>` at the domain, looked up over DNS-over-HTTPS
 * (DOH_URL, Cloudflare's JSON resolver by default), by the SSO dialog's "Check now" or the
 * cron; or the installation operator's approval. Free-mail domains are never a firm's.
 */
export const DEFAULT_DOH_URL = "https://cloudflare-dns.com/dns-query";

const FREE_MAIL = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "yahoo.com",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "mail.com",
  "zoho.com",
  "fastmail.com",
  "hey.com",
  "tutanota.com",
  "web.de",
  "t-online.de",
  "mail.ru",
  "qq.com",
  "163.com",
]);
/** Providers with a domain per country: gmx.de, gmx.net, yahoo.co.uk, hotmail.se, outlook.fr, … */
const FREE_MAIL_PREFIXES = ["gmx.", "yahoo.", "hotmail.", "outlook.", "live.", "yandex.", "mail.", "ymail."];

export function isFreeMailDomain(domain: string): boolean {
  const name = domain.toLowerCase();
  return FREE_MAIL.has(name) || FREE_MAIL_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** The TXT strings at `name` over DoH's JSON API; throws with a message when the resolver cannot answer. */
export async function lookupTxt(env: Pick<Env, "DOH_URL">, name: string): Promise<string[]> {
  const url = new URL(env.DOH_URL || DEFAULT_DOH_URL);
  url.searchParams.set("name", name);
  url.searchParams.set("type", "TXT");
  const response = await fetch(url, { headers: { Accept: "application/dns-json" }, signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(`The DNS resolver answered ${response.status}.`);
  const body = (await response.json()) as { Status?: number; Answer?: { type: number; data: string }[] };
  if (body.Status !== 0 && body.Status !== 3) throw new Error(`The DNS lookup failed (status ${body.Status}).`);
  return (body.Answer ?? [])
    .filter((a) => a.type === 16 && typeof a.data === "string")
    .map(
      (a) =>
        // One TXT record may come as several quoted strings: "abc" "def" is abcdef.
        [...a.data.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1].replace(/\\(.)/g, "$1")).join("") || a.data,
    );
}

export type DomainState = "pending" | "verified" | "failed";

export interface DomainStatus {
  domain: string;
  state: DomainState;
  record: string;
  verifiedAt: string | null;
  verifiedBy: string | null;
  checkedAt: string | null;
  checkError: string | null;
}

type DomainRow = typeof companyDomains.$inferSelect;

export function domainStatuses(rows: DomainRow[]): DomainStatus[] {
  return rows.map((row) => ({
    domain: row.domain,
    state: row.verifiedAt ? "verified" : row.checkError ? "failed" : "pending",
    record: row.verificationToken ? verificationRecord(row.verificationToken) : "",
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    verifiedBy: row.verifiedBy,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    checkError: row.checkError,
  }));
}

/**
 * Checks one claim's TXT record: the claim as it is after the check, and the statement that
 * records it (for the batch of the check's audit row). Scoped to the context's firm.
 */
async function checkDomain(ctx: AnyContext, env: Env, row: DomainRow) {
  // Every claim has its token (the column's default, migration 0026); one without is never proven.
  const wanted = row.verificationToken ? verificationRecord(row.verificationToken) : null;
  let error: string | null = null;
  try {
    const found = wanted ? await lookupTxt(env, row.domain) : [];
    if (!wanted) error = "This domain has no verification token: remove it and add it again.";
    else if (!found.includes(wanted)) error = `No TXT record ${wanted} found at ${row.domain} yet.`;
  } catch (caught) {
    error = caught instanceof Error ? caught.message : "The DNS lookup failed.";
  }
  // An operator's approval stays; a DNS-verified domain whose record is gone is no longer verified.
  const keepOperator = row.verifiedBy === "operator";
  const verifiedAt = error ? (keepOperator ? row.verifiedAt : null) : (row.verifiedAt ?? ctx.now);
  const verifiedBy = error ? (keepOperator ? "operator" : null) : (row.verifiedBy ?? "dns");
  const checked: DomainRow = { ...row, verifiedAt, verifiedBy, checkedAt: ctx.now, checkError: error };
  const write = ctx.db
    .update(companyDomains)
    .set({ verifiedAt, verifiedBy, checkedAt: ctx.now, checkError: error })
    .where(and(eq(companyDomains.domain, row.domain), eq(companyDomains.companyId, ctx.companyId)));
  return { checked, write };
}

/** Checks the claims (all of one firm) and writes what was found with the audit row that records it. */
async function checkAndRecord(ctx: AnyContext, env: Env, rows: DomainRow[], alwaysAudit: boolean) {
  const results = [];
  for (const row of rows) results.push(await checkDomain(ctx, env, row));
  const checked = results.map((r) => r.checked);
  const changed = checked.filter((r, i) => !!r.verifiedAt !== !!rows[i].verifiedAt).map((r) => r.domain);
  const [first, ...rest] = results.map((r) => r.write);
  if (!first) return checked;
  await ctx.db.batch([
    first,
    ...rest,
    ...(alwaysAudit || changed.length
      ? [
          audit(ctx, "sso-domains-checked", "company", ctx.companyId, {
            verified: checked.filter((r) => r.verifiedAt).map((r) => r.domain),
            pending: checked.filter((r) => !r.verifiedAt).map((r) => r.domain),
            changed,
          }),
        ]
      : []),
  ]);
  return checked;
}

/** The SSO dialog's "Check now": all of the firm's domains, at once. */
export async function checkFirmDomains(ctx: DomainContext, env: Env) {
  if (!canAdministerCompany(ctx.actor.user)) throw new ForbiddenError("Only company admins change single sign-on.");
  const rows = await ctx.db.select().from(companyDomains).where(eq(companyDomains.companyId, ctx.companyId)).orderBy(asc(companyDomains.domain));
  const domains = domainStatuses(await checkAndRecord(ctx, env, rows, true));
  const open = domains.filter((d) => d.state !== "verified").length;
  return { message: open ? `${open} of ${domains.length} domains not verified yet.` : "All domains verified.", domains };
}

export const RECHECK_MINUTES = 60;

/**
 * For the cron: claims not checked for an hour (pending ones, and verified ones by DNS), each
 * firm's as the system (source "domains", decision 0245); a firm's audit row is written when
 * one of its domains became verified or stopped being so. Answers how many claims were checked.
 */
export async function recheckDomains(runtime: Runtime, now: Date, limit = 20): Promise<number> {
  const before = new Date(now.getTime() - RECHECK_MINUTES * 60_000);
  const rows = await runtime.db
    .select()
    .from(companyDomains)
    .where(
      and(
        or(isNull(companyDomains.checkedAt), lt(companyDomains.checkedAt, before)),
        or(isNull(companyDomains.verifiedBy), eq(companyDomains.verifiedBy, "dns")),
        liveHere(companyDomains.companyId),
      ),
    )
    .orderBy(asc(companyDomains.checkedAt))
    .limit(limit);
  const byFirm = new Map<string, DomainRow[]>();
  for (const row of rows) byFirm.set(row.companyId, [...(byFirm.get(row.companyId) ?? []), row]);
  for (const [companyId, claims] of byFirm) {
    const ctx = await systemCtx(runtime, companyId, "domains", now);
    await checkAndRecord(ctx, runtime.env, claims, false);
  }
  return rows.length;
}
