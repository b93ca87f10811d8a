/**
 * The installation `npm run bench:scale` measures (issue 29): about 1,000 firms and 200,000
 * people with a year of history, spread over the shards of the configuration it is given (four:
 * bench/scale.ts adds DB_SHARD_3 to `[env.dev]`'s three), written straight
 * into the local D1 files of a kept wrangler state with node:sqlite (no API, no Worker).
 *
 * How (minutes, not hours): the seed makes Demo Law (500 people: SEED_USERS 493 and the seven
 * named demo accounts) on shard 0 with four months of history; bulk SQL adds its history back
 * to a year (as bench/statistics.ts does); the app's own cron (wrangler dev --test-scheduled)
 * rolls its statistics (stat_days, stat_team_days) and feeds the directory. Demo Law is then the
 * template: every other firm is made of copies of its 500 people (ids, addresses and the firm
 * rewritten), with their history, forecasts, vacations and workplace plans, and groups and
 * offices shared by five copies, so a firm past 2,500 people has offices of 500 people. The
 * firms of 5,000 and 20,000 people are whole copies, so their rollups are copies too (team rows
 * scaled by the copies they sum); the other firms have raw history only and no rollups (the
 * cron would roll them; nothing here measures their statistics). The directory (firms, people,
 * shards) is written for the generated firms, so password sign-in routes.
 *
 * Sizes: one firm of 20,000, three of 5,000, Demo Law and the seed's two small firms, and 993
 * firms drawn from 20–200 people (most) and 300–700 (some), 200,000 people in all. Each firm
 * goes to the shard with the fewest people, except the 20,000-person firm, which is placed on
 * the last shard, so its requests route away from shard 0.
 *
 * The state is kept and reused while its `.scale-data.json` says this GENERATOR_VERSION.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { localDatabases } from "../scripts/migrate-local";
import { BINDING_MARK, localD1Files } from "./local-d1";

export const GENERATOR_VERSION = 1;
export const TOTAL_PEOPLE = 200_000;
const TEMPLATE_SIZE = 500;
const OFFICE_SET = 5;
const DAY = 86_400_000;
const YEAR_DAYS = 365;

interface Statement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): { changes: number | bigint };
}
interface Database {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  close(): void;
}
const { DatabaseSync } = createRequire(import.meta.url)("node:sqlite") as {
  DatabaseSync: new (path: string, options?: { readOnly?: boolean }) => Database;
};

export interface ScaleFirm {
  n: number;
  companyId: string;
  name: string;
  shard: number;
  people: number;
  /** Copies of the template (the last one cut to size). */
  copies: number;
  /** Whole copies with their statistics rolled (the firms that are measured). */
  stats: boolean;
}

export interface ScaleData {
  version: number;
  generatedAt: string;
  seconds: Record<string, number>;
  firms: number;
  people: number;
  shards: { binding: string; firms: number; people: number; bytes: number }[];
  /** The 20,000-person firm and a 5,000-person one. */
  big: ScaleFirm;
  large: ScaleFirm;
  demoCompanyId: string;
  template: { people: number; historyDays: number; workloadRows: number; workplaceRows: number };
}

/** The address of the template person `email` (…@demo.test) in copy `copy` of generated firm `n`. */
export const copyEmail = (email: string, n: number, copy: number) => `${email.replace(/@demo\.test$/, "")}.c${copy}@firm${n}.test`;

const companyIdOf = (n: number) => `f1a5${n.toString(16).padStart(20, "0")}`;

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generated firms, sized and placed (deterministic). `seedPeople` are the people the seed made, all on shard 0. */
export function planFirms(shardCount: number, seedPeople: number): ScaleFirm[] {
  const random = prng(29);
  const sizes: number[] = [20_000, 5_000, 5_000, 5_000];
  const rest: number[] = [];
  for (let i = 0; i < 993; i++) rest.push(i < 850 ? 20 + Math.floor(random() * 181) : 300 + Math.floor(random() * 401));
  const want = TOTAL_PEOPLE - seedPeople - sizes.reduce((a, b) => a + b, 0);
  const drawn = rest.reduce((a, b) => a + b, 0);
  const scaled = rest.map((size) => Math.max(20, Math.round((size * want) / drawn)));
  scaled[scaled.length - 1] += want - scaled.reduce((a, b) => a + b, 0);
  sizes.push(...scaled);
  const load = Array.from({ length: shardCount }, (_, i) => (i === 0 ? seedPeople : 0));
  return sizes.map((people, i) => {
    const n = i + 1;
    const shard = i === 0 ? shardCount - 1 : load.indexOf(Math.min(...load));
    load[shard] += people;
    const copies = Math.ceil(people / TEMPLATE_SIZE);
    return {
      n,
      companyId: companyIdOf(n),
      name: `Generated Firm ${n}`,
      shard,
      people,
      copies,
      stats: people % (TEMPLATE_SIZE * OFFICE_SET) === 0,
    };
  });
}

/** Marks each local database of the state with its binding (a one-row table), so localD1Files can tell the empty shards apart. */
async function markBindings(state: string, config: string) {
  const proxy = await getPlatformProxy<Record<string, D1Database>>({ configPath: config, environment: "dev", persist: { path: `${state}/v3` } });
  try {
    for (const { binding } of localDatabases(config)) {
      const d1 = proxy.env[binding];
      await d1.batch([
        d1.prepare(`CREATE TABLE IF NOT EXISTS ${BINDING_MARK} (name TEXT NOT NULL)`),
        d1.prepare(`DELETE FROM ${BINDING_MARK}`),
        d1.prepare(`INSERT INTO ${BINDING_MARK} (name) VALUES (?)`).bind(binding),
      ]);
    }
  } finally {
    await proxy.dispose();
  }
}

/** An id of the template rewritten for copy `b` of firm `a` (same length, 24 hex); NULL and '' stay. */
const remap = (column: string, a: string, b: string) =>
  `CASE WHEN ${column} IS NULL OR ${column} = '' THEN ${column} ELSE printf('%04x%04x', ${a}, ${b}) || substr(${column}, 9) END`;

function columnsOf(db: Database, table: string): string[] {
  return (db.prepare(`select name from pragma_table_info('${table}')`).all() as { name: string }[]).map((row) => row.name);
}

/** INSERT INTO main.table … SELECT, each column copied from `t` unless `overrides` says otherwise. */
function cloneSql(db: Database, table: string, overrides: Record<string, string>, from: string): string {
  const columns = columnsOf(db, table);
  for (const key of Object.keys(overrides)) if (!columns.includes(key)) throw new Error(`${table} has no column ${key}`);
  return `INSERT INTO main.${table} (${columns.map((c) => `"${c}"`).join(", ")}) SELECT ${columns
    .map((c) => overrides[c] ?? `t."${c}"`)
    .join(", ")} ${from}`;
}

/** Person-scoped tables copied with their person: history, plans, forecasts, vacations. */
const PERSON_TABLES = ["workload_history", "workplace_history", "forecasts", "vacations", "workplace_plans"];

function timed<T>(seconds: Record<string, number>, label: string, work: () => T): T {
  const started = Date.now();
  const result = work();
  seconds[label] = Math.round((Date.now() - started) / 100) / 10;
  console.log(`[scale-data] ${label}: ${seconds[label]} s`);
  return result;
}

/** Demo Law's history from four months back to a year back: a level change on about one working day in three per person. */
function extendTemplateHistory(file: string, demoId: string) {
  const db = new DatabaseSync(file);
  try {
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    db.exec(`insert or ignore into workload_history (id, company_id, user_id, current_workload, future_workload, on_leave, source, recorded_at)
     with recursive d(back) as (select 125 union all select back + 1 from d where back < ${YEAR_DAYS})
     select substr(u.id, 1, 20) || printf('%04d', d.back), u.company_id, u.id, (unicode(substr(u.id, 3, 1)) + d.back * 7) % 4,
            (unicode(substr(u.id, 4, 1)) + d.back * 5) % 4, 0, 'web_app', ${today} - d.back * ${DAY} + 32400000
     from users u, d
     where u.company_id = '${demoId}' and u.completed = 1
       and strftime('%w', (${today} - d.back * ${DAY}) / 1000, 'unixepoch') not in ('0', '6')
       and (unicode(substr(u.id, 5, 1)) + d.back) % 3 = 0`);
  } finally {
    db.close();
  }
}

/** Copies Demo Law's rows into a template database of their own, with the plan (firms, copies, office sets). */
function buildTemplate(shardZero: string, templateFile: string, demoId: string, firms: ScaleFirm[]) {
  rmSync(templateFile, { force: true });
  const db = new DatabaseSync(templateFile);
  try {
    db.exec(`ATTACH '${shardZero}' AS src`);
    for (const table of ["companies", "groups", "offices", "users", ...PERSON_TABLES, "stat_days", "stat_team_days", "stat_rollup_state"])
      db.exec(`CREATE TABLE "${table}" AS SELECT * FROM src."${table}" WHERE ${table === "companies" ? "id" : "company_id"} = '${demoId}'`);
    // Seed order: the named accounts first, then the generated people, so every copy cut short keeps its admins.
    db.exec(`CREATE TABLE people AS SELECT id AS user_id, row_number() OVER (ORDER BY rowid) - 1 AS rank FROM users`);
    db.exec(`CREATE UNIQUE INDEX people_user ON people (user_id)`);
    db.exec(`CREATE TABLE firms (n INTEGER PRIMARY KEY, company_id TEXT, name TEXT, shard INTEGER, people INTEGER, copies INTEGER, stats INTEGER)`);
    db.exec(`CREATE TABLE copies (n INTEGER, c INTEGER, set_no INTEGER, keep INTEGER, PRIMARY KEY (n, c))`);
    db.exec(`CREATE TABLE sets (n INTEGER, set_no INTEGER, PRIMARY KEY (n, set_no))`);
    const firm = db.prepare("INSERT INTO firms VALUES (?, ?, ?, ?, ?, ?, ?)");
    const copy = db.prepare("INSERT INTO copies VALUES (?, ?, ?, ?)");
    db.exec("BEGIN");
    for (const f of firms) {
      firm.run(f.n, f.companyId, f.name, f.shard, f.people, f.copies, f.stats ? 1 : 0);
      for (let c = 0; c < f.copies; c++) copy.run(f.n, c, Math.floor(c / OFFICE_SET), Math.min(TEMPLATE_SIZE, f.people - c * TEMPLATE_SIZE));
    }
    db.exec("COMMIT");
    db.exec("INSERT INTO sets SELECT DISTINCT n, set_no FROM copies");
    db.exec("DETACH src");
  } finally {
    db.close();
  }
}

/** Writes the firms of one shard from the template (one transaction, triggers off: the directory is written directly). */
function fillShard(file: string, templateFile: string, shard: number, seconds: Record<string, number>) {
  const db = new DatabaseSync(file);
  try {
    db.exec("PRAGMA journal_mode = DELETE; PRAGMA synchronous = OFF; PRAGMA cache_size = -1000000; PRAGMA temp_store = MEMORY;");
    db.exec(`ATTACH '${templateFile}' AS tpl`);
    const triggers = db.prepare("select name, sql from main.sqlite_master where type = 'trigger'").all() as { name: string; sql: string }[];
    for (const trigger of triggers) db.exec(`DROP TRIGGER "${trigger.name}"`);
    try {
      db.exec("BEGIN");
      const firmsHere = `FROM tpl.firms f`;
      const onShard = `f.shard = ${shard}`;
      // Copy by copy, the template's rows in order, each person's rank found by index (a copy cut short keeps its first people).
      const perCopy = (table: string) =>
        `FROM tpl.copies k JOIN tpl.firms f ON f.n = k.n AND ${onShard} CROSS JOIN tpl.${table} t CROSS JOIN tpl.people p WHERE p.user_id = t.${table === "users" ? "id" : "user_id"} AND p.rank < k.keep`;
      db.exec(
        cloneSql(
          db,
          "companies",
          {
            id: "f.company_id",
            name: "f.name",
            azure_ad_tenant_id: "NULL",
            sso_login_url: "NULL",
            sso_certificate: "NULL",
            cv_service_url: "NULL",
            cv_service_key: "NULL",
            elite3e_endpoint: "NULL",
            elite3e_client_id: "NULL",
            elite3e_client_secret: "NULL",
          },
          `${firmsHere} CROSS JOIN tpl.companies t WHERE ${onShard}`,
        ),
      );
      for (const table of ["groups", "offices"])
        db.exec(
          cloneSql(
            db,
            table,
            {
              id: remap("t.id", "s.n", "s.set_no"),
              company_id: "f.company_id",
              ...(table === "offices" ? { group_id: remap("t.group_id", "s.n", "s.set_no") } : {}),
            },
            `FROM tpl.sets s JOIN tpl.firms f ON f.n = s.n AND ${onShard} CROSS JOIN tpl.${table} t`,
          ),
        );
      timed(seconds, `shard ${shard}: users`, () =>
        db.exec(
          cloneSql(
            db,
            "users",
            {
              id: remap("t.id", "k.n", "k.c"),
              company_id: "f.company_id",
              email: `replace(t.email, '@demo.test', '') || '.c' || k.c || '@firm' || k.n || '.test'`,
              group_id: remap("t.group_id", "k.n", "k.set_no"),
              office_id: remap("t.office_id", "k.n", "k.set_no"),
              secondary_group_id: remap("t.secondary_group_id", "k.n", "k.set_no"),
              secondary_office_id: remap("t.secondary_office_id", "k.n", "k.set_no"),
              azure_ad_id: "NULL",
              scim_external_id: "NULL",
              timekeeper_number: "NULL",
            },
            perCopy("users"),
          ),
        ),
      );
      for (const table of PERSON_TABLES)
        timed(seconds, `shard ${shard}: ${table}`, () =>
          db.exec(
            cloneSql(
              db,
              table,
              { id: remap("t.id", "k.n", "k.c"), company_id: "f.company_id", user_id: remap("t.user_id", "k.n", "k.c") },
              perCopy(table),
            ),
          ),
        );
      // The rollups of the whole-copy firms: a person's rows as the template's, a team's summed over the copies it holds.
      timed(seconds, `shard ${shard}: stat_days`, () =>
        db.exec(
          cloneSql(
            db,
            "stat_days",
            {
              company_id: "f.company_id",
              user_id: remap("t.user_id", "k.n", "k.c"),
              group_id: remap("t.group_id", "k.n", "k.set_no"),
              office_id: remap("t.office_id", "k.n", "k.set_no"),
            },
            `FROM tpl.copies k JOIN tpl.firms f ON f.n = k.n AND ${onShard} AND f.stats = 1 CROSS JOIN tpl.stat_days t`,
          ),
        ),
      );
      const scaled = (factor: string) => ({
        company_id: "f.company_id",
        people: `t.people * ${factor}`,
        reported: `t.reported * ${factor}`,
        level_sum: `t.level_sum * ${factor}`,
        away: `t.away * ${factor}`,
        home: `t.home * ${factor}`,
        office: `t.office * ${factor}`,
        located: `t.located * ${factor}`,
        week_home_hist: `(select json_group_array(value * ${factor}) from json_each(t.week_home_hist))`,
        week_office_hist: `(select json_group_array(value * ${factor}) from json_each(t.week_office_hist))`,
      });
      db.exec(
        cloneSql(
          db,
          "stat_team_days",
          { ...scaled(String(OFFICE_SET)), group_id: remap("t.group_id", "s.n", "s.set_no"), office_id: remap("t.office_id", "s.n", "s.set_no") },
          `FROM tpl.sets s JOIN tpl.firms f ON f.n = s.n AND ${onShard} AND f.stats = 1 CROSS JOIN tpl.stat_team_days t WHERE NOT (t.group_id = '' AND t.office_id = '')`,
        ),
      );
      db.exec(
        cloneSql(
          db,
          "stat_team_days",
          scaled("f.copies"),
          `${firmsHere} CROSS JOIN tpl.stat_team_days t WHERE ${onShard} AND f.stats = 1 AND t.group_id = '' AND t.office_id = ''`,
        ),
      );
      db.exec(
        cloneSql(
          db,
          "stat_rollup_state",
          { company_id: "f.company_id", dirty_from: "NULL" },
          `${firmsHere} CROSS JOIN tpl.stat_rollup_state t WHERE ${onShard} AND f.stats = 1`,
        ),
      );
      db.exec("COMMIT");
    } finally {
      for (const trigger of triggers) db.exec(trigger.sql);
    }
    db.exec("DETACH tpl");
    db.exec("PRAGMA journal_mode = WAL");
  } finally {
    db.close();
  }
}

/** The directory's rows for the generated firms of one shard: the firm and every address. */
function fillDirectory(directoryFile: string, shardFile: string, templateFile: string, shard: number, binding: string) {
  const db = new DatabaseSync(directoryFile);
  try {
    db.exec("PRAGMA journal_mode = DELETE; PRAGMA synchronous = OFF;");
    db.exec(`ATTACH '${shardFile}' AS shard; ATTACH '${templateFile}' AS tpl`);
    const now = Date.now();
    db.exec("BEGIN");
    db.exec(`INSERT OR IGNORE INTO shards (id, binding) VALUES (${shard}, '${binding}')`);
    db.exec(
      `INSERT OR REPLACE INTO firms (company_id, shard, name, people, updated_at) SELECT company_id, shard, name, people, ${now} FROM tpl.firms WHERE shard = ${shard}`,
    );
    db.exec(
      `INSERT OR REPLACE INTO people (email, user_id, company_id, updated_at) SELECT lower(u.email), u.id, u.company_id, ${now} FROM shard.users u JOIN tpl.firms f ON f.company_id = u.company_id WHERE f.shard = ${shard}`,
    );
    db.exec("COMMIT");
    db.exec("DETACH shard; DETACH tpl");
    db.exec("PRAGMA journal_mode = WAL");
  } finally {
    db.close();
  }
}

export function readScaleData(state: string): ScaleData | null {
  const file = join(state, ".scale-data.json");
  if (!existsSync(file)) return null;
  const data = JSON.parse(readFileSync(file, "utf8")) as ScaleData;
  return data.version === GENERATOR_VERSION ? data : null;
}

/**
 * Generates the installation into `state` unless a matching one is there. `run` runs a command
 * that must succeed; `rollTemplate` serves the state with --test-scheduled and runs the cron
 * until Demo Law's statistics are rolled, then stops the server.
 */
export async function generateScale(options: {
  state: string;
  /** The wrangler configuration whose [env.dev] shards the installation spreads over. */
  config: string;
  run: (command: string, args: string[], env?: Record<string, string>) => void;
  rollTemplate: () => Promise<void>;
}): Promise<ScaleData> {
  const { state, run, config } = options;
  const shardCount = localDatabases(config).filter((d) => d.binding === "DB" || /^DB_SHARD_\d+$/.test(d.binding)).length;
  const kept = readScaleData(state);
  if (kept && kept.shards.length === shardCount) {
    // A kept state gets the migrations added since it was generated (as the other benches).
    run("tsx", ["scripts/migrate-local.ts", "--persist-to", state, "--config", config]);
    return kept;
  }
  const seconds: Record<string, number> = {};
  const started = Date.now();
  rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  run("tsx", ["scripts/migrate-local.ts", "--persist-to", state, "--config", config]);
  run("tsx", ["scripts/seed.ts"], { SEED_USERS: String(TEMPLATE_SIZE - 7), PERSIST_TO: state });
  await markBindings(state, config);
  seconds["migrate, seed, mark"] = Math.round((Date.now() - started) / 1000);
  const files = localD1Files(state);
  const shardBindings = localDatabases(config)
    .map((d) => d.binding)
    .filter((b) => b === "DB" || /^DB_SHARD_\d+$/.test(b));
  const shardFile = (binding: string) => {
    const file = files[binding];
    if (!file) throw new Error(`no local D1 file marked ${binding}`);
    return file;
  };
  const demoId = (() => {
    const db = new DatabaseSync(shardFile("DB"), { readOnly: true });
    try {
      return (db.prepare("select id from companies where name = 'Demo Law'").get() as { id: string }).id;
    } finally {
      db.close();
    }
  })();
  timed(seconds, "template history to a year", () => extendTemplateHistory(shardFile("DB"), demoId));
  const rollStarted = Date.now();
  await options.rollTemplate();
  seconds["template rollups (cron)"] = Math.round((Date.now() - rollStarted) / 1000);
  const seedPeople = (() => {
    const db = new DatabaseSync(shardFile("DB"), { readOnly: true });
    try {
      return (db.prepare("select count(*) as n from users").get() as { n: number }).n;
    } finally {
      db.close();
    }
  })();
  const firms = planFirms(shardBindings.length, seedPeople);
  const templateFile = join(state, "scale-template.sqlite");
  buildTemplate(shardFile("DB"), templateFile, demoId, firms);
  for (const [shard, binding] of shardBindings.entries()) {
    fillShard(shardFile(binding), templateFile, shard, seconds);
    timed(seconds, `directory for shard ${shard}`, () => fillDirectory(shardFile("DIRECTORY"), shardFile(binding), templateFile, shard, binding));
  }
  const template = (() => {
    const db = new DatabaseSync(templateFile, { readOnly: true });
    try {
      const count = (table: string) => (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
      return { people: count("users"), historyDays: YEAR_DAYS, workloadRows: count("workload_history"), workplaceRows: count("workplace_history") };
    } finally {
      db.close();
    }
  })();
  rmSync(templateFile, { force: true });
  const data: ScaleData = {
    version: GENERATOR_VERSION,
    generatedAt: new Date().toISOString(),
    seconds: { ...seconds, total: Math.round((Date.now() - started) / 1000) },
    firms: firms.length + 3,
    people: seedPeople + firms.reduce((sum, f) => sum + f.people, 0),
    shards: shardBindings.map((binding, shard) => {
      const here = firms.filter((f) => f.shard === shard);
      return {
        binding,
        firms: here.length + (shard === 0 ? 3 : 0),
        people: here.reduce((sum, f) => sum + f.people, 0) + (shard === 0 ? seedPeople : 0),
        bytes: statSync(shardFile(binding)).size,
      };
    }),
    big: firms[0],
    large: firms.find((f) => f.people === 5_000 && f.shard !== firms[0].shard) ?? firms[1],
    demoCompanyId: demoId,
    template,
  };
  writeFileSync(join(state, ".scale-data.json"), JSON.stringify(data, null, 2));
  console.log(`[scale-data] generated ${data.people} people in ${data.firms} firms in ${data.seconds.total} s`);
  return data;
}
