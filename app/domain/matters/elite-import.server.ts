import { and, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { liveHere } from "~/db/fence";
import type { BatchItem } from "drizzle-orm/batch";
import { rawStatement, runBatch } from "~/db/batch";
import type { Db } from "~/db/client";
import { inJsonList } from "~/db/json-list";
import { companies, eliteImports, importPhases, matters, matterTimeEntries, timekeepers } from "~/db/schema";
import type { Env } from "~/env";
import { createEliteClient, EliteError, type EliteClient, type EliteItem } from "~/integrations/elite3e/client.server";
import { eliteEndpointProblem, type ElitePolicyEnv } from "~/integrations/elite3e/policy";
import { openSecret } from "~/lib/secret-box.server";
import { DAY_MS, parseDayKey } from "~/lib/dates";
import { audit } from "../audit.server";
import { systemCtx, type AnyContext, type Runtime } from "../context";
import {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  PAGES_PER_INVOCATION,
  RUN_INTERVAL_MS,
  SINCE_OVERLAP_MS,
  eliteSecretPurpose,
} from "./elite-import.schedule";
import { weekStartOf } from "./utilization";

/**
 * The scheduled Elite 3E import (decision 0133). Per company with a configured endpoint,
 * one run reads timekeepers, then matters, then time cards modified since the last
 * successful run, page by page. Each page is written in ONE batch together with the cursor
 * that points past it, so the database always holds whole pages and the cursor names the
 * next one: a run cut short (a failure, a timeout, the invocation's page budget) resumes at
 * the page it did not finish. Weekly per-person rollups (user_week_hours) are rewritten in
 * the same batch as the cards they sum. Nothing is deleted: a card or matter 3E no longer
 * lists stays as it was. Failures are recorded with backoff for the company page.
 */
export { BACKOFF_BASE_MS, BACKOFF_MAX_MS, PAGES_PER_INVOCATION, RUN_INTERVAL_MS, SINCE_OVERLAP_MS, eliteSecretPurpose };

type ImportEnv = Pick<Env, "APP_ENV"> & ElitePolicyEnv & { SECRET_BOX_KEYS?: string };
type Phase = (typeof importPhases)[number];

export interface StepResult {
  pages: number;
  cards: number;
  skippedCards: number;
  finished: boolean;
  error: string | null;
}

export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);
}

/** The cron: every company whose import is due gets one step. */
export async function runEliteImports(
  runtime: Runtime,
  now = new Date(),
  options: { fetcher?: typeof fetch; pageSize?: number } = {},
): Promise<Record<string, StepResult>> {
  const due = await runtime.db
    .select({ id: companies.id })
    .from(companies)
    .leftJoin(eliteImports, eq(eliteImports.companyId, companies.id))
    .where(
      and(
        isNotNull(companies.elite3eEndpoint),
        or(isNull(eliteImports.companyId), isNull(eliteImports.nextAttemptAt), lte(eliteImports.nextAttemptAt, now)),
        liveHere(companies.id),
      ),
    );
  const results: Record<string, StepResult> = {};
  for (const { id } of due) {
    const started = Date.now();
    results[id] = await importStep(await systemCtx(runtime, id, "elite3e", now), runtime.env, options);
    // One line per company step for the operator's log and the import bench (bench/time-keeping.ts):
    // wall time, as workerd advances its clock at I/O only (the step is mostly I/O).
    console.log(JSON.stringify({ event: "elite3e-import-step", companyId: id, ...results[id], ms: Date.now() - started }));
  }
  return results;
}

/**
 * One invocation's share of a company's import: up to `maxPages` pages from where the cursor
 * stands. A finished run sets the next run's mark and time; a failure keeps the cursor.
 */
export async function importStep(
  ctx: AnyContext,
  env: ImportEnv,
  options: { fetcher?: typeof fetch; maxPages?: number; pageSize?: number; timeoutMs?: number } = {},
): Promise<StepResult> {
  const { db, companyId, now } = ctx;
  const [company] = await db
    .select({ endpoint: companies.elite3eEndpoint, clientId: companies.elite3eClientId, secret: companies.elite3eClientSecret })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const [state] = await db.select().from(eliteImports).where(eq(eliteImports.companyId, companyId)).limit(1);
  const result: StepResult = { pages: 0, cards: 0, skippedCards: 0, finished: false, error: null };
  if (!company?.endpoint || !company.clientId || !company.secret) return result;
  let cursor = {
    phase: (state?.phase ?? "timekeepers") as Phase,
    page: state?.page ?? 1,
    since: state?.since ?? null,
    runStartedAt: state?.runStartedAt ?? now.getTime(),
    cardsImported: state?.runStartedAt ? (state?.cardsImported ?? 0) : 0,
  };
  try {
    const problem = eliteEndpointProblem(company.endpoint, env);
    if (problem) throw new EliteError(`The 3E endpoint is not allowed: ${problem}`);
    let secret: string;
    try {
      secret = await openSecret(env, eliteSecretPurpose(companyId), company.secret);
    } catch {
      throw new EliteError("The stored 3E client secret cannot be opened: set it again on the company page");
    }
    const client = createEliteClient(
      { endpoint: company.endpoint, clientId: company.clientId, clientSecret: secret },
      options.fetcher,
      options.timeoutMs,
    );
    const maxPages = options.maxPages ?? PAGES_PER_INVOCATION;
    const since = cursor.since === null ? null : cursor.since - SINCE_OVERLAP_MS;
    while (result.pages < maxPages) {
      // The page size never changes within a run: page N means the same cards on every attempt.
      const written = await importPage(db, client, companyId, cursor.phase, since, cursor.page, options.pageSize);
      result.pages++;
      result.cards += written.cards;
      result.skippedCards += written.skipped;
      const nextPhase = importPhases[importPhases.indexOf(cursor.phase) + 1];
      const finished = !written.hasMore && !nextPhase;
      const next = written.hasMore
        ? { ...cursor, page: cursor.page + 1, cardsImported: cursor.cardsImported + written.cards }
        : nextPhase
          ? { ...cursor, phase: nextPhase, page: 1, cardsImported: cursor.cardsImported + written.cards }
          : {
              phase: "timekeepers" as Phase,
              page: 1,
              since: cursor.runStartedAt,
              runStartedAt: cursor.runStartedAt,
              cardsImported: cursor.cardsImported + written.cards,
            };
      const stateRow = finished
        ? {
            phase: next.phase,
            page: 1,
            since: next.since,
            runStartedAt: null,
            lastSuccessAt: now,
            lastError: null,
            lastErrorAt: null,
            failures: 0,
            nextAttemptAt: new Date(now.getTime() + RUN_INTERVAL_MS),
            cardsImported: next.cardsImported,
          }
        : {
            phase: next.phase,
            page: next.page,
            since: next.since,
            runStartedAt: next.runStartedAt,
            cardsImported: next.cardsImported,
            nextAttemptAt: null,
          };
      await runBatch(db, [
        ...written.statements,
        db
          .insert(eliteImports)
          .values({ companyId, ...stateRow })
          .onConflictDoUpdate({ target: eliteImports.companyId, set: stateRow }),
        // A finished run is recorded with what it brought, in the batch of its last page.
        ...(finished ? [audit(ctx, "elite3e-import", "company", companyId, { cards: next.cardsImported, since: cursor.since })] : []),
      ]);
      cursor = next;
      if (finished) {
        result.finished = true;
        break;
      }
    }
    return result;
  } catch (error) {
    const message = error instanceof EliteError ? error.message : `Import failed: ${(error as Error)?.message ?? String(error)}`;
    if (!(error instanceof EliteError)) console.error("3E import failed", error);
    const failures = (state?.failures ?? 0) + 1;
    // The cursor as it stands (pages already written moved it); the run resumes there.
    const [latest] = await db.select().from(eliteImports).where(eq(eliteImports.companyId, companyId)).limit(1);
    const failed = {
      phase: latest?.phase ?? cursor.phase,
      page: latest?.page ?? cursor.page,
      since: latest?.since ?? cursor.since,
      runStartedAt: latest?.runStartedAt ?? cursor.runStartedAt,
      cardsImported: latest?.cardsImported ?? cursor.cardsImported,
      lastError: message.slice(0, 500),
      lastErrorAt: now,
      failures,
      nextAttemptAt: new Date(now.getTime() + backoffMs(failures)),
    };
    await db.batch([
      db
        .insert(eliteImports)
        .values({ companyId, ...failed })
        .onConflictDoUpdate({ target: eliteImports.companyId, set: failed }),
      audit(ctx, "elite3e-import-failed", "company", companyId, { error: failed.lastError, failures }),
    ]);
    result.error = message;
    return result;
  }
}

interface PageWrite {
  statements: BatchItem<"sqlite">[];
  hasMore: boolean;
  cards: number;
  skipped: number;
}

async function importPage(
  db: Db,
  client: EliteClient,
  companyId: string,
  phase: Phase,
  since: number | null,
  page: number,
  pageSize?: number,
): Promise<PageWrite> {
  if (phase === "timekeepers") {
    const { items, hasMore } = await client.page("timekeepers", since, page, pageSize);
    return { statements: items.length ? [timekeeperUpsert(db, companyId, items)] : [], hasMore, cards: 0, skipped: 0 };
  }
  if (phase === "matters") {
    const { items, hasMore } = await client.page("matters", since, page, pageSize);
    return { statements: items.length ? [matterUpsert(db, companyId, items)] : [], hasMore, cards: 0, skipped: 0 };
  }
  const { items, hasMore } = await client.page("timecards", since, page, pageSize);
  if (!items.length) return { statements: [], hasMore, cards: 0, skipped: 0 };
  return { ...(await timecardWrites(db, companyId, items)), hasMore };
}

const ms = (stamp: string) => Date.parse(stamp);
const newIdSql = sql.raw("lower(hex(randomblob(12)))");

function timekeeperUpsert(db: Db, companyId: string, items: EliteItem<"timekeepers">[]) {
  const rows = JSON.stringify(
    items.map((t) => ({ n: t.Number, name: t.DisplayName, email: t.Email?.trim().toLowerCase() || null, m: ms(t.LastModified) })),
  );
  return rawStatement(
    db,
    sql`
    insert into timekeepers (id, company_id, number, name, email, user_id, modified_at)
    select ${newIdSql}, ${companyId}, j.n, j.name, j.email,
      coalesce(
        (select u.id from users u where u.company_id = ${companyId} and u.timekeeper_number = j.n limit 1),
        (select u.id from users u where u.company_id = ${companyId} and j.email is not null and u.email = j.email limit 1)
      ),
      j.m
    from (select json_extract(value, '$.n') as n, json_extract(value, '$.name') as name, json_extract(value, '$.email') as email,
                 json_extract(value, '$.m') as m from json_each(${rows})) j
    where true
    on conflict (company_id, number) do update set
      name = excluded.name, email = excluded.email, modified_at = excluded.modified_at,
      user_id = coalesce(excluded.user_id, timekeepers.user_id)`,
  );
}

function matterUpsert(db: Db, companyId: string, items: EliteItem<"matters">[]) {
  const rows = JSON.stringify(
    items.map((m) => ({
      n: m.Number,
      name: m.DisplayName,
      client: m.ClientDisplayName ?? "",
      rsp: m.RspTkprNumber ?? null,
      open: m.IsOpen ? 1 : 0,
      billable: m.IsBillable ? 1 : 0,
      conf: m.IsConfidential ? 1 : 0,
      m: ms(m.LastModified),
    })),
  );
  return rawStatement(
    db,
    sql`
    insert into matters (id, company_id, number, display_name, client_display_name, responsible_timekeeper_number,
                         resposible_timekeeper_name, lead_user_id, open, billable, confidential_source, modified_at)
    select ${newIdSql}, ${companyId}, j.n, j.name, j.client, j.rsp,
      (select t.name from timekeepers t where t.company_id = ${companyId} and t.number = j.rsp),
      (select t.user_id from timekeepers t where t.company_id = ${companyId} and t.number = j.rsp),
      j.open, j.billable, j.conf, j.m
    from (select json_extract(value, '$.n') as n, json_extract(value, '$.name') as name, json_extract(value, '$.client') as client,
                 json_extract(value, '$.rsp') as rsp, json_extract(value, '$.open') as open, json_extract(value, '$.billable') as billable,
                 json_extract(value, '$.conf') as conf, json_extract(value, '$.m') as m from json_each(${rows})) j
    where true
    on conflict (company_id, number) do update set
      display_name = excluded.display_name, client_display_name = excluded.client_display_name,
      responsible_timekeeper_number = excluded.responsible_timekeeper_number,
      resposible_timekeeper_name = excluded.resposible_timekeeper_name, lead_user_id = excluded.lead_user_id,
      open = excluded.open, billable = excluded.billable, confidential_source = excluded.confidential_source,
      modified_at = excluded.modified_at`,
  );
}

/**
 * SQL for the Monday (ms) of a day stored as ms, the twin of weekStartOf (utilization.ts): SQL cannot
 * call date-fns, so the weekday maths is written out here only (1970-01-01 was a Thursday, so
 * (days + 3) % 7 is days since Monday); a test checks the two agree.
 */
export const weekStartSql = (column: string) => sql.raw(`((${column} / ${DAY_MS}) - (((${column} / ${DAY_MS}) + 3) % 7)) * ${DAY_MS}`);

/**
 * Time cards of one page: resolved to people (through the timekeepers table) and matters;
 * cards of timekeepers matched to nobody, or of matters not imported, are skipped and
 * counted. The rollups of every (person, week) the page touches, before and after, are
 * recomputed from the cards in the same batch, each found by its key (user_id, week_start), never
 * by a scan of the firm's rollups (decision 0190).
 */
async function timecardWrites(db: Db, companyId: string, items: EliteItem<"timecards">[]): Promise<Omit<PageWrite, "hasMore">> {
  const tkNumbers = [...new Set(items.map((c) => c.TkprNumber))];
  const matterNumbers = [...new Set(items.map((c) => c.MattNumber))];
  const ids = items.map((c) => c.Id);
  const [people, matterRows, previous] = await db.batch([
    db
      .select({ number: timekeepers.number, user_id: timekeepers.userId })
      .from(timekeepers)
      .where(and(eq(timekeepers.companyId, companyId), isNotNull(timekeepers.userId), inJsonList(timekeepers.number, tkNumbers))),
    db
      .select({ number: matters.number, id: matters.id })
      .from(matters)
      .where(and(eq(matters.companyId, companyId), inJsonList(matters.number, matterNumbers))),
    db
      .select({ user_id: matterTimeEntries.userId, date: sql<number>`${matterTimeEntries.date}`.mapWith(Number).as("date") })
      .from(matterTimeEntries)
      .where(and(eq(matterTimeEntries.companyId, companyId), inJsonList(matterTimeEntries.externalId, ids))),
  ]);
  const userOf = new Map(people.map((p) => [p.number, p.user_id]));
  const matterOf = new Map(matterRows.map((m) => [m.number, m.id]));
  const rows: { id: string; u: string; mt: string; d: number; h: number; b: number; m: number }[] = [];
  let skipped = 0;
  for (const card of items) {
    const u = userOf.get(card.TkprNumber);
    const mt = matterOf.get(card.MattNumber);
    if (!u || !mt) {
      skipped++;
      continue;
    }
    rows.push({ id: card.Id, u, mt, d: parseDayKey(card.WorkDate).getTime(), h: card.WorkHrs, b: card.IsBillable ? 1 : 0, m: ms(card.LastModified) });
  }
  const pairs = new Map<string, { u: string; w: number }>();
  for (const p of previous) pairs.set(`${p.user_id}/${weekStartOf(p.date)}`, { u: p.user_id, w: weekStartOf(p.date) });
  for (const r of rows) pairs.set(`${r.u}/${weekStartOf(r.d)}`, { u: r.u, w: weekStartOf(r.d) });
  if (!rows.length) return { statements: [], cards: 0, skipped };
  const pairJson = JSON.stringify([...pairs.values()]);
  const statements: BatchItem<"sqlite">[] = [
    rawStatement(
      db,
      sql`
      insert into matter_time_entries (id, company_id, matter_id, user_id, date, hours, billable, external_id, modified_at)
      select ${newIdSql}, ${companyId}, j.mt, j.u, j.d, j.h, j.b, j.id, j.m
      from (select json_extract(value, '$.id') as id, json_extract(value, '$.u') as u, json_extract(value, '$.mt') as mt,
                   json_extract(value, '$.d') as d, json_extract(value, '$.h') as h, json_extract(value, '$.b') as b,
                   json_extract(value, '$.m') as m from json_each(${JSON.stringify(rows)})) j
      where true
      on conflict (company_id, external_id) do update set
        matter_id = excluded.matter_id, user_id = excluded.user_id, date = excluded.date, hours = excluded.hours,
        billable = excluded.billable, modified_at = excluded.modified_at`,
    ),
    rawStatement(
      db,
      sql`
      delete from user_week_hours where +company_id = ${companyId} and (user_id, week_start) in (
        select json_extract(p.value, '$.u'), json_extract(p.value, '$.w') from json_each(${pairJson}) p)`,
    ),
    rawStatement(
      db,
      sql`
      insert into user_week_hours (company_id, user_id, week_start, billable_hours, total_hours)
      select ${companyId}, e.user_id, ${weekStartSql("e.date")} as week_start,
        sum(case when e.billable = 1 then e.hours else 0 end), sum(e.hours)
      from json_each(${pairJson}) p
      join matter_time_entries e on e.user_id = json_extract(p.value, '$.u') and +e.company_id = ${companyId}
        and e.date >= json_extract(p.value, '$.w') and e.date < json_extract(p.value, '$.w') + ${7 * DAY_MS}
      group by e.user_id, week_start`,
    ),
  ];
  return { statements, cards: rows.length, skipped };
}
