import { asc } from "drizzle-orm";
import { installationDomains } from "~/db/schema";
import { installationDb } from "~/db/shards.server";
import { isLocalEnv, type Env } from "~/env";
import type { OperatorContext } from "~/domain/operator/operator.server";
import { ValidationError } from "~/domain/errors";
import { domainPattern, INSTALLATION_DOMAINS_ENTITY } from "~/domain/identity/sso/sso.schema";

/**
 * The installation-level table of firm domains that live in another regional installation
 * (decision 0150), kept by the operator: typing such an e-mail on /login leads there.
 */
export async function listInstallationDomains(env: Env) {
  return installationDb(env)
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
export async function replaceInstallationDomains(ctx: OperatorContext, env: Env, text: string) {
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
    // Claims of every firm, on every shard: the directory has them all (decision 0313).
    const ours = await ctx.directory
      .prepare("select domain from domains where domain in (select value from json_each(?)) order by domain")
      .bind(JSON.stringify(rows.map((r) => r.domain)))
      .all<{ domain: string }>();
    for (const { domain } of ours.results) problems.push(`${domain} belongs to a firm of this installation.`);
  }
  if (problems.length) throw new ValidationError(INSTALLATION_DOMAINS_ENTITY, { domains: problems[0] });
  const db = installationDb(env);
  await db.batch([
    db.delete(installationDomains),
    ...(rows.length ? [db.insert(installationDomains).values(rows.map((r) => ({ ...r, createdAt: ctx.now })))] : []),
  ]);
  return { message: rows.length === 1 ? "1 domain of another installation saved." : `${rows.length} domains of other installations saved.` };
}
