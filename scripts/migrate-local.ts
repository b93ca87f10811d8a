/**
 * Migrates every local D1 database of `[env.dev]`: the shards (DB, DB_SHARD_1 …) on
 * ./migrations and the installation directory (DIRECTORY) on ./migrations-directory
 * (decision 0312). `npm start`, the e2e server, the chaos run and the benches call it;
 * `--persist-to <dir>` picks the local state, as for wrangler. The databases are migrated side
 * by side (each is its own wrangler process).
 *
 *   tsx scripts/migrate-local.ts [--persist-to <dir>]
 */
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { getPlatformProxy, unstable_readConfig } from "wrangler";

interface LocalDatabase {
  binding: string;
  migrations_dir?: string;
}

export function localDatabases(config = "wrangler.toml"): LocalDatabase[] {
  return (unstable_readConfig({ config, env: "dev" }) as unknown as { d1_databases: LocalDatabase[] }).d1_databases;
}

/**
 * The same bookkeeping as `wrangler d1 migrations apply` (its d1_migrations table, by file
 * name), so either may migrate a state the other made; each migration is one batch, as there.
 * One workerd for all of them: a wrangler process per database cost ten seconds each.
 */
export async function migrateLocal(persistTo?: string, config = "wrangler.toml"): Promise<void> {
  const databases = localDatabases(config);
  const proxy = await getPlatformProxy<Record<string, D1Database>>({
    configPath: config,
    environment: "dev",
    persist: persistTo ? { path: `${persistTo}/v3` } : true,
  });
  try {
    for (const { binding, migrations_dir: dir = "migrations" } of databases) {
      const d1 = proxy.env[binding];
      await d1
        .prepare(
          "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)",
        )
        .run();
      const done = new Set((await d1.prepare("SELECT name FROM d1_migrations").all<{ name: string }>()).results.map((row) => row.name));
      const due = (await readD1Migrations(dir)).filter((migration) => !done.has(migration.name));
      for (const migration of due)
        await d1.batch([
          ...migration.queries.map((query) => d1.prepare(query)),
          d1.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(migration.name),
        ]);
      console.log(`[migrate-local] ${binding}: ${due.length ? `${due.length} migrations applied` : "up to date"}`);
    }
  } finally {
    await proxy.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--persist-to");
  const config = process.argv.indexOf("--config");
  migrateLocal(at > 0 ? process.argv[at + 1] : undefined, config > 0 ? process.argv[config + 1] : undefined).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
