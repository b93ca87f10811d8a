import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const { DatabaseSync } = createRequire(import.meta.url)("node:sqlite") as {
  DatabaseSync: new (path: string, options: { readOnly: boolean }) => { prepare(sql: string): { get(): unknown }; close(): void };
};

/**
 * The SQLite file of shard 0 (the DB binding) in a local wrangler state: the one of its D1 files
 * that holds firms. Development binds three shards and the directory (decision 0312), and
 * miniflare names each file by a hash, so the files are told apart by what they hold: the seed
 * and the benches put every firm on shard 0.
 */
export function shardZeroFile(state: string): string {
  const folder = join(state, "v3/d1/miniflare-D1DatabaseObject");
  if (!existsSync(folder)) throw new Error(`no local D1 under ${state}`);
  const files = readdirSync(folder).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  for (const file of files) {
    const db = new DatabaseSync(join(folder, file), { readOnly: true });
    try {
      const row = db.prepare("select count(*) as n from companies").get() as { n: number };
      if (row.n > 0) return join(folder, file);
    } catch {
      // the directory, which has no companies table
    } finally {
      db.close();
    }
  }
  throw new Error(`no local D1 with firms under ${folder}`);
}
