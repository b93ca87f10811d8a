/**
 * `npm run db:check` (part of `npm run check`): fails when the drizzle schema (app/db/schema*)
 * and migrations/ disagree (decision 0240).
 *
 * 1. Every migrations/*.sql has a journal entry whose idx is its number and a snapshot, and the
 *    snapshots chain (each prevId is the id before it), so drizzle-kit reads the last one.
 * 2. `drizzle-kit generate` into a copy of migrations/ writes nothing: a schema change without
 *    its migration fails here, with the SQL it would have written.
 * 3. The tables and indexes the migrations make (applied in order to an in-memory SQLite) are
 *    the ones the schema declares: a hand-written migration that changes them without the
 *    schema (or the other way round) fails here. Triggers and data changes are not compared.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from "drizzle-kit/api";
import * as shardSchema from "../app/db/schema";
import * as directorySchema from "../app/db/directory-schema";

const ROOT = new URL("..", import.meta.url).pathname;
const problems: string[] = [];

/** The two sets: every shard's (migrations/) and the installation directory's (migrations-directory/, decision 0312). */
const SETS = [
  { folder: "migrations", schemaPath: "./app/db/schema.ts", schema: shardSchema as Record<string, unknown> },
  { folder: "migrations-directory", schemaPath: "./app/db/directory-schema.ts", schema: directorySchema as Record<string, unknown> },
];
let MIGRATIONS = join(ROOT, "migrations");
let SCHEMA_PATH = "./app/db/schema.ts";
let schema: Record<string, unknown> = shardSchema;

function journalProblems(): string[] {
  const found: string[] = [];
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const files = readdirSync(MIGRATIONS).filter((f) => f.endsWith(".sql"));
  const tags = new Set(journal.entries.map((e) => e.tag));
  for (const f of files) {
    if (!tags.has(f.slice(0, -4)))
      found.push(
        `migrations/${f} is not in migrations/meta/_journal.json (a hand-written migration starts from \`npx drizzle-kit generate --custom\`)`,
      );
  }
  let prevId = "00000000-0000-0000-0000-000000000000";
  for (const { idx, tag } of journal.entries) {
    const number = String(idx).padStart(4, "0");
    if (!files.includes(`${tag}.sql`)) found.push(`the journal's ${tag} has no migrations/${tag}.sql`);
    // drizzle-kit numbers the next migration after the last idx: idx must be the file's number.
    if (!tag.startsWith(`${number}_`)) found.push(`the journal's ${tag} has idx ${idx}`);
    const snapshotPath = join(MIGRATIONS, `meta/${number}_snapshot.json`);
    if (!existsSync(snapshotPath)) {
      found.push(`${tag} has no migrations/meta/${number}_snapshot.json`);
      continue;
    }
    const snapshot = JSON.parse(readFileSync(snapshotPath, "utf8")) as { id: string; prevId: string };
    if (snapshot.prevId !== prevId) found.push(`migrations/meta/${number}_snapshot.json does not follow the snapshot before it (prevId)`);
    prevId = snapshot.id;
  }
  return found;
}

function generateProblems(): string[] {
  const copy = mkdtempSync(join(tmpdir(), "migrations-check-"));
  try {
    cpSync(MIGRATIONS, copy, { recursive: true });
    const before = new Set(readdirSync(copy));
    // drizzle-kit reads the snapshots as `./${out}/meta/...`: the out folder must be relative.
    const run = spawnSync("drizzle-kit", ["generate", "--dialect", "sqlite", "--schema", SCHEMA_PATH, "--out", relative(ROOT, copy)], {
      cwd: ROOT,
      encoding: "utf8",
      input: "",
      timeout: 120_000,
    });
    const written = readdirSync(copy).filter((f) => !before.has(f));
    if (written.length > 0) {
      const sql = written.filter((f) => f.endsWith(".sql")).map((f) => readFileSync(join(copy, f), "utf8"));
      return [`the schema and migrations/ disagree: \`npm run db:generate\` would write ${written.join(", ")}:\n${sql.join("\n")}`];
    }
    if (run.status !== 0 || run.error || !/No schema changes/.test(run.stdout)) {
      // A rename question (it waits for an answer) or a snapshot drizzle-kit refuses.
      return [`drizzle-kit generate did not say "No schema changes" (run \`npm run db:generate\`):\n${run.stdout}${run.stderr}${run.error ?? ""}`];
    }
    return [];
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

type Catalogue = Map<string, string>;

async function catalogueOf(statements: string[]): Promise<Catalogue> {
  // node:sqlite warns that it is experimental on first use.
  process.removeAllListeners("warning");
  // Node 22's node:sqlite; @types/node (20) does not know it.
  const { DatabaseSync } = (await import("node:sqlite" as string)) as {
    DatabaseSync: new (path: string) => { exec(sql: string): void; prepare(sql: string): { all(): unknown[] } };
  };
  const db = new DatabaseSync(":memory:");
  for (const statement of statements) db.exec(statement);
  const all = (query: string) => db.prepare(query).all() as Record<string, unknown>[];
  const out: Catalogue = new Map();
  for (const { name } of all("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")) {
    for (const c of all(`pragma table_info(\`${name}\`)`)) {
      out.set(`column ${name}.${c.name}`, JSON.stringify([c.type, c.notnull, c.dflt_value, c.pk]));
    }
    for (const f of all(`pragma foreign_key_list(\`${name}\`)`)) {
      out.set(`foreign key ${name}.${f.from}`, JSON.stringify([f.table, f.to, f.on_update, f.on_delete]));
    }
    for (const i of all(`pragma index_list(\`${name}\`)`)) {
      if (i.origin === "pk") continue;
      const columns = all(`pragma index_info(\`${i.name}\`)`).map((c) => c.name);
      out.set(`index ${i.name}`, JSON.stringify([name, i.unique, i.partial, columns]));
    }
  }
  return out;
}

async function catalogueProblems(): Promise<string[]> {
  const migrated = await catalogueOf(
    readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith(".sql"))
      .sort()
      .map((f) => readFileSync(join(MIGRATIONS, f), "utf8")),
  );
  const declared = await catalogueOf(await generateSQLiteMigration(await generateSQLiteDrizzleJson({}), await generateSQLiteDrizzleJson(schema)));
  const found: string[] = [];
  for (const key of new Set([...migrated.keys(), ...declared.keys()])) {
    const m = migrated.get(key);
    const d = declared.get(key);
    if (m !== d) found.push(`${key}: the migrations make ${m ?? "nothing"}, the schema declares ${d ?? "nothing"}`);
  }
  return found;
}

for (const set of SETS) {
  MIGRATIONS = join(ROOT, set.folder);
  SCHEMA_PATH = set.schemaPath;
  schema = set.schema;
  const found = journalProblems();
  if (found.length === 0) found.push(...generateProblems());
  found.push(...(await catalogueProblems()));
  problems.push(...found.map((problem) => `${set.folder}: ${problem}`));
}

if (problems.length > 0) {
  console.error(`Migrations check failed (decision 0240):\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log("migrations/ and the schema agree; migrations-directory/ and the directory's schema agree");
