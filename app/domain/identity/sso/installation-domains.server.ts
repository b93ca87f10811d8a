import { asc, inArray } from "drizzle-orm";
import { companyDomains, installationDomains } from "~/db/schema";
import { isLocalEnv, type Env } from "~/env";
import type { OperatorContext } from "~/domain/operator/operator.server";
import { ValidationError } from "~/domain/errors";
import { domainPattern, INSTALLATION_DOMAINS_ENTITY } from "~/domain/identity/sso/sso.schema";

/**
 * The installation-level table of firm domains that live in another regional installation
 * (decision 0150), kept by the operator: typing such an e-mail on /login leads there.
 */
export async function listInstallationDomains(ctx: OperatorContext) {
  return ctx.db
    .select({ domain: installationDomains.domain, installationUrl: installationDomains.installationUrl })
    .from(installationDomains)
    .orderBy(asc(installationDomains.domain));
}

function installationUrlProblem(url: string, env: Pick<Env, "APP_ENV">): boolean {
  try {
    const parsed = new URL(url);
    const loopback = parsed.hostname === "127.0.0.1" || parsed.hostname === "localhost";
    return !(parsed.protocol === "https:" || (parsed.protocol === "http:" && loopback && isLocalEnv(env))) || parsed.pathname.length > 1;
  } catch {
    return true;
  }
}

/** Replaces the whole table from "domain URL" lines; any bad line refuses all of it. */
export async function replaceInstallationDomains(ctx: OperatorContext, env: Pick<Env, "APP_ENV">, text: string) {
  const rows: { domain: string; installationUrl: string }[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const [domain, url, ...rest] = line.split(/\s+/);
    const name = domain.toLowerCase().replace(/^@/, "");
    if (!domainPattern.test(name) || !url || rest.length || installationUrlProblem(url, env)) {
      problems.push(`Line ${index + 1}: write a domain and the installation's https:// address, such as "firm.com https://us.example.com".`);
    } else if (rows.some((r) => r.domain === name)) problems.push(`Line ${index + 1}: ${name} is listed twice.`);
    else rows.push({ domain: name, installationUrl: new URL(url).origin });
  });
  if (!problems.length && rows.length) {
    const ours = await ctx.db
      .select({ domain: companyDomains.domain })
      .from(companyDomains)
      .where(
        inArray(
          companyDomains.domain,
          rows.map((r) => r.domain),
        ),
      );
    for (const { domain } of ours) problems.push(`${domain} belongs to a firm of this installation.`);
  }
  if (problems.length) throw new ValidationError(INSTALLATION_DOMAINS_ENTITY, { domains: problems[0] });
  await ctx.db.batch([
    ctx.db.delete(installationDomains),
    ...(rows.length ? [ctx.db.insert(installationDomains).values(rows.map((r) => ({ ...r, createdAt: ctx.now })))] : []),
  ]);
  return { message: rows.length === 1 ? "1 domain of another installation saved." : `${rows.length} domains of other installations saved.` };
}
