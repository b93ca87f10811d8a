import { and, eq } from "drizzle-orm";
import { audit } from "../audit.server";
import { z } from "zod";
import { canAdministerCompany } from "~/auth/permissions";
import { companies, eliteImports, matters } from "~/db/schema";
import { eliteEndpointProblem, type ElitePolicyEnv } from "~/integrations/elite3e/policy";
import { sealSecret, type SecretBoxEnv } from "~/lib/secret-box.server";
import type { DomainContext } from "../context";
import type { EliteConfigInput } from "./elite-config.schema";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { REQUIRED } from "../schema-kit";
import type { Env } from "~/env";
import { requireStepUp } from "~/domain/identity/reauth.server";
import { tellCompanyAdmins } from "../company/admin-notice.server";
import { eliteSecretPurpose } from "./elite-import.schedule";

/**
 * The company's Elite 3E connection (company admins, on the company page): endpoint, client
 * id and a write-only client secret, sealed at rest; and how the import stands. An empty
 * endpoint turns the import off (nothing imported is deleted). A new endpoint or client
 * starts the next run from scratch.
 */
export const ELITE_CONFIG_ENTITY = "Elite3eConfigInputErrors";

export { eliteConfigSchema, type EliteConfigInput } from "./elite-config.schema";

export const matterConfidentialSchema = z.object({
  matterNumber: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64),
  value: z.boolean({ error: "Value must be true or false." }),
});

function requireConfigurer(ctx: DomainContext) {
  if (!canAdministerCompany(ctx.actor.user)) throw new ForbiddenError("Only company admins set up time keeping.");
}

export async function getEliteConfig(ctx: DomainContext) {
  requireConfigurer(ctx);
  const [[company], [state]] = await ctx.db.batch([
    ctx.db
      .select({ endpoint: companies.elite3eEndpoint, clientId: companies.elite3eClientId, secret: companies.elite3eClientSecret })
      .from(companies)
      .where(eq(companies.id, ctx.companyId)),
    ctx.db.select().from(eliteImports).where(eq(eliteImports.companyId, ctx.companyId)),
  ]);
  return {
    endpoint: company?.endpoint ?? "",
    clientId: company?.clientId ?? "",
    clientSecretSet: Boolean(company?.secret),
    status: {
      lastSuccessAt: state?.lastSuccessAt?.toISOString() ?? null,
      lastError: state?.lastError ?? null,
      lastErrorAt: state?.lastErrorAt?.toISOString() ?? null,
      failures: state?.failures ?? 0,
      nextAttemptAt: state?.nextAttemptAt?.toISOString() ?? null,
      running: Boolean(state?.runStartedAt),
      phase: state?.runStartedAt ? state.phase : null,
      cardsImported: state?.cardsImported ?? 0,
    },
  };
}

export async function updateEliteConfig(ctx: DomainContext, env: Env & ElitePolicyEnv & SecretBoxEnv, input: EliteConfigInput, ip: string) {
  requireConfigurer(ctx);
  const [current] = await ctx.db
    .select({ endpoint: companies.elite3eEndpoint, clientId: companies.elite3eClientId, secret: companies.elite3eClientSecret })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  const off = !input.endpoint;
  if (!off) {
    const errors: Record<string, string> = {};
    const problem = eliteEndpointProblem(input.endpoint!, env);
    if (problem) errors.endpoint = problem;
    if (!input.clientId) errors.clientId = REQUIRED;
    if (!input.clientSecret && !current?.secret) errors.clientSecret = REQUIRED;
    if (Object.keys(errors).length) throw new ValidationError(ELITE_CONFIG_ENTITY, errors);
  }
  await requireStepUp(ctx, { env, ip }, input.currentPassword, ELITE_CONFIG_ENTITY);
  const endpoint = off ? null : input.endpoint!.replace(/\/+$/, "");
  const changes = off
    ? { elite3eEndpoint: null, elite3eClientId: null, elite3eClientSecret: null }
    : {
        elite3eEndpoint: endpoint,
        elite3eClientId: input.clientId!,
        ...(input.clientSecret ? { elite3eClientSecret: await sealSecret(env, eliteSecretPurpose(ctx.companyId), input.clientSecret) } : {}),
      };
  const restart = off || endpoint !== current?.endpoint || input.clientId !== current?.clientId;
  await ctx.db.batch([
    ctx.db.update(companies).set(changes).where(eq(companies.id, ctx.companyId)),
    // A new source starts from scratch, now; a new secret alone retries at once.
    restart
      ? ctx.db.delete(eliteImports).where(eq(eliteImports.companyId, ctx.companyId))
      : ctx.db.update(eliteImports).set({ nextAttemptAt: null }).where(eq(eliteImports.companyId, ctx.companyId)),
    audit(ctx, off ? "elite3e-off" : "elite3e-update", "company", ctx.companyId, {
      endpoint,
      clientId: off ? null : input.clientId,
      secretChanged: Boolean(input.clientSecret),
    }),
  ]);
  await tellCompanyAdmins(ctx, env, {
    setting: "notice.setting.elite",
    what: (t) =>
      off
        ? t("notice.elite.off")
        : t(input.clientSecret ? "notice.elite.onWithSecret" : "notice.elite.on", { endpoint: String(endpoint), clientId: String(input.clientId) }),
  });
  return getEliteConfig(ctx);
}

/** A company admin flags a matter confidential (or lifts their flag; 3E's own flag stays). */
export async function setMatterConfidential(ctx: DomainContext, input: z.infer<typeof matterConfidentialSchema>) {
  requireConfigurer(ctx);
  const where = and(eq(matters.companyId, ctx.companyId), eq(matters.number, input.matterNumber));
  const [matter] = await ctx.db.select({ id: matters.id, source: matters.confidentialSource }).from(matters).where(where).limit(1);
  if (!matter) throw new NotFoundError("Matter not found");
  await ctx.db.batch([
    ctx.db.update(matters).set({ confidentialAdmin: input.value }).where(where),
    audit(ctx, input.value ? "matter-confidential" : "matter-not-confidential", "matter", matter.id, { matterNumber: input.matterNumber }),
  ]);
  return { matterNumber: input.matterNumber, confidential: input.value || matter.source };
}
