/**
 * `npm run deploy:check`: every installation in wrangler.toml (the top level and each
 * [env.*] except dev) must be complete and production-safe, and must bundle. Reads the
 * configuration the way wrangler does (wrangler does not inherit bindings into
 * environments), then runs `wrangler deploy --dry-run` for each and checks the bindings
 * it reports. Prints the bundle size per installation. Exits non-zero on any problem.
 * Run `npm run build` first (npm run check does).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { unstable_readConfig } from "wrangler";

const CONFIG = process.argv[2] ?? "wrangler.toml";
const LOCAL_ONLY = new Set(["dev"]);

const environments = [
  "",
  ...[...readFileSync(CONFIG, "utf8").matchAll(/^\[env\.([A-Za-z0-9_-]+)\]\s*$/gm)].map((m) => m[1]).filter((name) => !LOCAL_ONLY.has(name)),
];

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
  if ("OPERATOR_EMAILS" in vars) problems.push("OPERATOR_EMAILS is a development setting");
  if (!vars.REGION) problems.push("no REGION var");
  const db = config.d1_databases.find((d) => d.binding === "DB");
  if (!db?.database_id || !db.database_name) problems.push("no D1 binding DB with a database_id");
  if (db && db.migrations_dir !== "migrations") problems.push("D1 DB does not use ./migrations");
  if (!config.r2_buckets.some((b) => b.binding === "FILES" && b.bucket_name)) problems.push("no R2 binding FILES");
  if (!config.durable_objects.bindings.some((b) => b.name === "Company" && b.class_name === "CompanyRoom"))
    problems.push("no Durable Object binding Company");
  if (!config.durable_objects.bindings.some((b) => b.name === "LoginThrottle" && b.class_name === "LoginThrottle"))
    problems.push("no Durable Object binding LoginThrottle");
  for (const room of ["CompanyRoom", "LoginThrottle"])
    if (!config.migrations.some((m) => m.new_sqlite_classes?.includes(room))) problems.push(`no Durable Object migration for ${room}`);
  if (!config.triggers.crons?.length) problems.push("no cron trigger (mail retries and housekeeping would never run)");
  return problems;
}

const REQUIRED_IN_DRY_RUN = [
  /env\.DB \(/,
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
  const outdir = mkdtempSync(join(tmpdir(), "deploy-check-"));
  try {
    const output = execFileSync("wrangler", ["deploy", "--dry-run", `--env=${env}`, "--outdir", outdir], {
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const pattern of REQUIRED_IN_DRY_RUN) if (!pattern.test(output)) problems.push(`dry run does not bind ${pattern.source}`);
    const bundle = readFileSync(join(outdir, "app.js"));
    const size = `${(statSync(join(outdir, "app.js")).size / 1024).toFixed(0)} KiB, ${(gzipSync(bundle).length / 1024).toFixed(0)} KiB gzip`;
    console.log(`${problems.length ? "✗" : "✓"} ${label} (${name}): bundle ${size}`);
  } catch (error) {
    problems.push(`wrangler deploy --dry-run failed: ${(error as { stderr?: string }).stderr ?? error}`);
    console.log(`✗ ${label} (${name})`);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
  for (const problem of problems) console.log(`    ${problem}`);
  failed ||= problems.length > 0;
}
if (environments.length < 2) {
  console.log("✗ expected at least two regional installations");
  failed = true;
}
process.exit(failed ? 1 : 0);
