/**
 * `npm run deploy:check`: every installation in wrangler.toml (the top level and each
 * [env.*] except dev) must be complete and production-safe, and must bundle. Reads the
 * configuration the way wrangler does (wrangler does not inherit bindings into
 * environments), then runs `wrangler deploy --dry-run` for each and checks the bindings
 * it reports. Prints the bundle size per installation. Exits non-zero on any problem.
 * Run `npm run build` first (npm run check does).
 */
import { unstable_readConfig } from "wrangler";
import { dryRunBundle, environmentsOf, kibText } from "./worker-bundle";
import { REMINDER_CRON } from "../app/domain/operations/crons";
import { DEV_VAPID_PUBLIC_KEY } from "../app/integrations/web-push/config";

const CONFIG = process.argv[2] ?? "wrangler.toml";
const LOCAL_ONLY = new Set(["dev"]);

const environments = environmentsOf(CONFIG).filter((name) => !LOCAL_ONLY.has(name));

/** The parts of wrangler's resolved configuration this check reads. */
interface Installation {
  name?: string;
  vars: Record<string, unknown>;
  d1_databases: { binding: string; database_name?: string; database_id?: string; migrations_dir?: string }[];
  r2_buckets: { binding: string; bucket_name?: string }[];
  durable_objects: { bindings: { name: string; class_name: string }[] };
  migrations: { new_sqlite_classes?: string[] }[];
  triggers: { crons?: string[] };
}

const read = (env: string) => unstable_readConfig({ config: CONFIG, env: env || undefined }) as unknown as Installation;

function problemsOf(env: string): string[] {
  const config = read(env);
  const problems: string[] = [];
  const vars = config.vars;
  if (vars.APP_ENV !== "production") problems.push(`APP_ENV is ${JSON.stringify(vars.APP_ENV)}, not "production"`);
  if ("OPERATOR_EMAILS" in vars) problems.push("OPERATOR_EMAILS is no longer read: operators are OPERATOR_USER_IDS in OPERATIONS_COMPANY_ID");
  for (const name of ["OPERATOR_USER_IDS", "OPERATIONS_COMPANY_ID"])
    if (name in vars) problems.push(`${name} names the development seed's operator; set it per installation with wrangler secret put`);
  if ("ALLOW_LOOPBACK_SMTP" in vars) problems.push("ALLOW_LOOPBACK_SMTP is a development setting");
  if ("ALLOW_LOOPBACK_ELITE3E" in vars) problems.push("ALLOW_LOOPBACK_ELITE3E is a development setting");
  if ("ALLOW_LOOPBACK_WEBPUSH" in vars) problems.push("ALLOW_LOOPBACK_WEBPUSH is a development setting");
  if ("VAPID_PRIVATE_KEY" in vars) problems.push("VAPID_PRIVATE_KEY is a secret: set it with wrangler secret put, not as a var");
  if (vars.VAPID_PUBLIC_KEY === DEV_VAPID_PUBLIC_KEY) problems.push("VAPID_PUBLIC_KEY is the development key pair's (decision 0302)");
  if (!vars.REGION) problems.push("no REGION var");
  problems.push(...appUrlProblems(vars.APP_URL));
  const db = config.d1_databases.find((d) => d.binding === "DB");
  if (!db?.database_id || !db.database_name) problems.push("no D1 binding DB with a database_id");
  if (db && db.migrations_dir !== "migrations") problems.push("D1 DB does not use ./migrations");
  // Shards after the first: DB_SHARD_1, DB_SHARD_2 …, numbered without gaps, all on ./migrations (decision 0312).
  const extra = config.d1_databases.filter((d) => /^DB_SHARD_\d+$/.test(d.binding)).map((d) => ({ ...d, n: Number(d.binding.slice(9)) }));
  extra.sort((a, b) => a.n - b.n);
  extra.forEach((shard, i) => {
    if (shard.n !== i + 1) problems.push(`D1 shard ${shard.binding} leaves a gap: shards are numbered DB_SHARD_1, DB_SHARD_2 … after DB`);
    if (!shard.database_id || !shard.database_name) problems.push(`D1 shard ${shard.binding} has no database_id`);
    if (shard.migrations_dir !== "migrations") problems.push(`D1 shard ${shard.binding} does not use ./migrations`);
  });
  const directory = config.d1_databases.find((d) => d.binding === "DIRECTORY");
  if (!directory?.database_id || !directory.database_name) problems.push("no D1 binding DIRECTORY with a database_id (the installation directory)");
  if (directory && directory.migrations_dir !== "migrations-directory") problems.push("D1 DIRECTORY does not use ./migrations-directory");
  const ids = config.d1_databases.map((d) => d.database_id).filter(Boolean);
  if (new Set(ids).size !== ids.length) problems.push("two D1 bindings share a database_id");
  if (!config.r2_buckets.some((b) => b.binding === "FILES" && b.bucket_name)) problems.push("no R2 binding FILES");
  if (!config.durable_objects.bindings.some((b) => b.name === "Company" && b.class_name === "CompanyRoom"))
    problems.push("no Durable Object binding Company");
  if (!config.durable_objects.bindings.some((b) => b.name === "LoginThrottle" && b.class_name === "LoginThrottle"))
    problems.push("no Durable Object binding LoginThrottle");
  for (const room of ["CompanyRoom", "LoginThrottle"])
    if (!config.migrations.some((m) => m.new_sqlite_classes?.includes(room))) problems.push(`no Durable Object migration for ${room}`);
  if (!config.triggers.crons?.length) problems.push("no cron trigger (mail retries and housekeeping would never run)");
  if (!config.triggers.crons?.includes(REMINDER_CRON)) problems.push(`no cron trigger "${REMINDER_CRON}" (update reminders would never go out)`);
  return problems;
}

/**
 * APP_URL: every link the installation sends starts there, and the cron has no request to
 * take an origin from (app/lib/app-origin.server.ts), so it must be the public https origin.
 */
function appUrlProblems(appUrl: unknown): string[] {
  if (typeof appUrl !== "string" || appUrl.trim() === "") return ["no APP_URL var (the installation's public address, docs/deploy.md)"];
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    return [`APP_URL ${JSON.stringify(appUrl)} is not an address`];
  }
  if (url.protocol !== "https:" || url.origin !== appUrl)
    return [`APP_URL ${JSON.stringify(appUrl)} is not an https origin (no path, no trailing slash)`];
  if (/^(localhost|127\.|\[::1\]|0\.0\.0\.0)/.test(url.hostname)) return [`APP_URL ${JSON.stringify(appUrl)} is a loopback address`];
  return [];
}

const REQUIRED_IN_DRY_RUN = [
  /env\.DB \(/,
  /env\.DIRECTORY \(/,
  /env\.FILES \(/,
  /env\.Company \(CompanyRoom\)/,
  /env\.LoginThrottle \(LoginThrottle\)/,
  /env\.ASSETS/,
  /env\.APP_ENV \("production"\)/,
];

let failed = false;
const names = new Set<string>();
for (const env of environments) {
  const label = env || "(top level)";
  const problems = problemsOf(env);
  const name = read(env).name;
  if (!name || names.has(name)) problems.push(`Worker name ${JSON.stringify(name)} is missing or shared with another installation`);
  names.add(name ?? "");
  try {
    const bundle = dryRunBundle(env, CONFIG);
    for (const pattern of REQUIRED_IN_DRY_RUN) if (!pattern.test(bundle.output)) problems.push(`dry run does not bind ${pattern.source}`);
    console.log(`${problems.length ? "✗" : "✓"} ${label} (${name}): bundle ${kibText(bundle)}`);
  } catch (error) {
    problems.push(`wrangler deploy --dry-run failed: ${(error as { stderr?: string }).stderr ?? error}`);
    console.log(`✗ ${label} (${name})`);
  }
  for (const problem of problems) console.log(`    ${problem}`);
  failed ||= problems.length > 0;
}
if (environments.length < 2) {
  console.log("✗ expected at least two regional installations");
  failed = true;
}
process.exit(failed ? 1 : 0);
