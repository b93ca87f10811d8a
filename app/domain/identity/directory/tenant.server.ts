import { and, asc, eq, isNotNull, ne } from "drizzle-orm";
import { audit } from "~/domain/audit.server";
import { canAdministerCompany } from "~/auth/permissions";
import { companies, directorySync, users } from "~/db/schema";
import type { EntraConfig } from "~/integrations/entra/config";
import { EntraTokenError, exchangeCode, validateEntraToken } from "~/integrations/entra/oidc.server";
import type { DomainContext } from "~/domain/context";
import { ConflictError, DomainError, ForbiddenError, ValidationError } from "~/domain/errors";
import { requireStepUp } from "~/domain/identity/reauth.server";
import { tellCompanyAdmins } from "~/domain/company/admin-notice.server";
import type { Env } from "~/env";

/**
 * The firm's connection to its Microsoft directory: which tenant it is, and its removal.
 * The tenant is only ever the one a Microsoft ID token names (tid), from a code this
 * installation exchanged: the admin consent (prompt=admin_consent) or the minimal custom
 * setup. Never a tenant id a client writes (decision 0250). One tenant belongs to one firm:
 * sign-in finds the firm by the token's tenant.
 */
export const TENANT_TAKEN = "This Microsoft directory is connected to another firm.";
export const CUSTOM_SETUP_FAILED = "Failed to complete custom setup. Please try again.";
export const CONNECT_THROUGH_CONSENT =
  "A Microsoft directory is connected only through its own admin consent: on the Company page (/groups), choose Connect directory and accept as an administrator of the directory.";

export class EntraNotConfiguredError extends DomainError {
  constructor() {
    super("Sign-in with Microsoft is not set up on this installation.", 503);
  }
}

export function requireEntra(config: EntraConfig | null): EntraConfig {
  if (!config) throw new EntraNotConfiguredError();
  return config;
}

function requireDirectoryAdmin(ctx: DomainContext) {
  if (!canAdministerCompany(ctx.actor.user)) throw new ForbiddenError();
}

/** Only with a tenant id from a validated Microsoft ID token (the two flows below). */
async function setTenant(ctx: DomainContext, env: Env, tenantId: string) {
  requireDirectoryAdmin(ctx);
  const [taken] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.azureAdTenantId, tenantId), ne(companies.id, ctx.companyId)))
    .limit(1);
  // A firm on another shard: the directory knows every connected tenant (decision 0313).
  const elsewhere = await ctx.directory
    .prepare("select 1 from tenants where tenant_id = ? and company_id <> ? limit 1")
    .bind(tenantId, ctx.companyId)
    .first();
  if (taken || elsewhere) throw new ConflictError(TENANT_TAKEN);
  const [current] = await ctx.db.select({ tenantId: companies.azureAdTenantId }).from(companies).where(eq(companies.id, ctx.companyId)).limit(1);
  const changed = current?.tenantId !== tenantId;
  await ctx.db.batch([
    ctx.db.update(companies).set({ azureAdTenantId: tenantId }).where(eq(companies.id, ctx.companyId)),
    // A new tenant starts a full round of the directory sync; the same one keeps its cursor.
    ...(changed
      ? [
          ctx.db.delete(directorySync).where(eq(directorySync.companyId, ctx.companyId)),
          ctx.db.insert(directorySync).values({ companyId: ctx.companyId, tenantId, nextRunAt: ctx.now }),
        ]
      : []),
    audit(ctx, "entra-tenant", "company", ctx.companyId, { tenantId }),
  ]);
  if (changed) {
    await tellCompanyAdmins(ctx, env, {
      setting: "notice.setting.directory",
      what: (t) => t("notice.directory.connected", { tenant: tenantId }),
    });
  }
  return { azureADTenantId: tenantId };
}

/** The people keep their directory ids, so reconnecting the same directory finds them again. */
export async function removeTenant(ctx: DomainContext, env: Env, input: { currentPassword?: string | null }, ip: string) {
  requireDirectoryAdmin(ctx);
  await requireStepUp(ctx, { env, ip }, input.currentPassword, "AzureAdInputErrors");
  await ctx.db.batch([
    ctx.db.update(companies).set({ azureAdTenantId: null }).where(eq(companies.id, ctx.companyId)),
    ctx.db.delete(directorySync).where(eq(directorySync.companyId, ctx.companyId)),
    ctx.db.update(users).set({ directoryRemovedAt: null }).where(eq(users.companyId, ctx.companyId)),
    audit(ctx, "entra-tenant-removed", "company", ctx.companyId, {}),
  ]);
  await tellCompanyAdmins(ctx, env, {
    setting: "notice.setting.directory",
    what: (t) => t("notice.directory.disconnected"),
  });
  return { azureADTenantId: null };
}

/**
 * The two ways in, both a code from Microsoft exchanged here: the admin consent
 * (prompt=admin_consent, from /groups) and the minimal setup (the admin signed in with
 * Microsoft, scope User.Read, state custom_setup). The code's ID token names the directory
 * (tid), which becomes the firm's.
 */
export async function completeCustomSetup(
  ctx: DomainContext,
  env: Env,
  config: EntraConfig,
  input: { code: string; redirectUri: string; codeVerifier?: string | null; nonce?: string | null },
) {
  requireDirectoryAdmin(ctx);
  let tid: string;
  try {
    const idToken = await exchangeCode(config, input);
    ({ tid } = await validateEntraToken(config, idToken, { nonce: input.nonce }));
  } catch (error) {
    if (error instanceof EntraTokenError) throw new ValidationError("AzureAdInputErrors", {}, `${CUSTOM_SETUP_FAILED} ${error.message}`);
    throw error;
  }
  return setTenant(ctx, env, tid);
}

/** PUT /azure-ad/tenant no longer takes a tenant id: it says how to connect. */
export function refuseTenantFromClient(ctx: DomainContext): never {
  requireDirectoryAdmin(ctx);
  throw new ValidationError("AzureAdInputErrors", {}, CONNECT_THROUGH_CONSENT);
}

/** What the directory section of /groups shows. */
export async function directoryStatus(ctx: DomainContext) {
  const [company] = await ctx.db.select({ tenantId: companies.azureAdTenantId }).from(companies).where(eq(companies.id, ctx.companyId)).limit(1);
  const [sync] = await ctx.db.select().from(directorySync).where(eq(directorySync.companyId, ctx.companyId)).limit(1);
  const removed = await ctx.db
    .select({ _id: users.id, name: users.name, email: users.email, removedAt: users.directoryRemovedAt })
    .from(users)
    .where(and(eq(users.companyId, ctx.companyId), isNotNull(users.directoryRemovedAt)))
    .orderBy(asc(users.name))
    .limit(200);
  return {
    tenantId: company?.tenantId ?? null,
    lastRoundAt: sync?.lastRoundAt?.toISOString() ?? null,
    lastError: sync?.lastError ?? null,
    removed: removed.map((r) => ({ ...r, removedAt: r.removedAt?.toISOString() ?? null })),
  };
}
