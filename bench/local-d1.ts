import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const { DatabaseSync } = createRequire(import.meta.url)("node:sqlite") as {
  DatabaseSync: new (path: string, options: { readOnly: boolean }) => { prepare(sql: string): { get(): unknown }; close(): void };
};

/** The folder of a local wrangler state that holds its D1 databases, one SQLite file each. */
export function localD1Folder(state: string): string {
  const folder = join(state, "v3/d1/miniflare-D1DatabaseObject");
  if (!existsSync(folder)) throw new Error(`no local D1 under ${state}`);
  return folder;
}

function d1Files(state: string): string[] {
  const folder = localD1Folder(state);
  return readdirSync(folder)
    .filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")
    .map((f) => join(folder, f));
}

/**
 * The SQLite file of shard 0 (the DB binding) in a local wrangler state: the one of its D1 files
 * that holds firms. Development binds three shards and the directory (decision 0312), and
 * miniflare names each file by a hash, so the files are told apart by what they hold: the seed
 * and the benches put every firm on shard 0.
 */
export function shardZeroFile(state: string): string {
  for (const file of d1Files(state)) {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const row = db.prepare("select count(*) as n from companies").get() as { n: number };
      if (row.n > 0) return file;
    } catch {
      // the directory, which has no companies table
    } finally {
      db.close();
    }
  }
  throw new Error(`no local D1 with firms under ${localD1Folder(state)}`);
}

/** The table a bench writes into each local database to name its binding (see localD1Files). */
export const BINDING_MARK = "_bench_binding";

/**
 * Every local D1 file of a state by binding (DB, DB_SHARD_1 …, DIRECTORY). Empty shards cannot
 * be told apart by what they hold, so each database must first have been marked with its binding
 * through wrangler (bench/scale-data.ts, markBindings): a one-row table BINDING_MARK.
 */
export function localD1Files(state: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const file of d1Files(state)) {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const row = db.prepare(`select name from ${BINDING_MARK}`).get() as { name: string } | undefined;
      if (row) files[row.name] = file;
    } catch {
      // not marked
    } finally {
      db.close();
    }
  }
  return files;
}
