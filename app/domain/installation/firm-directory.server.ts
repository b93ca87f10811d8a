import { and, asc, count, eq, lte, sql } from "drizzle-orm";
import { sha256Hex } from "~/auth/secrets.server";
import { companies, companyDomains, directoryOutbox, users, webPushSubscriptions } from "~/db/schema";
import { isFirmHeldError } from "~/lib/firm-held";
import { CLAIM_EXPIRES_MS } from "~/domain/identity/address-standing.server";
import { inJsonList } from "~/db/json-list";
import { shardDb, shardsOf, type Shard } from "~/db/shards.server";
import type { Env } from "~/env";

/**
 * Keeping the installation directory in step with the shards (decision 0312).
 *
 * Triggers on `users`, `companies` and `company_domains` (migration 0038) note every change the
 * directory must hear of in the shard's `directory_outbox`, in the same transaction as the
 * change. `flushDirectory` drains a shard's outbox: it reads the rows' present truth from the
 * shard and writes it to the directory, so the directory follows the shard however the change
 * was made, and replaying a row is harmless. `reconcileDirectory` walks each shard and the
 * directory a bounded step at a time and notes anything that may have been missed; its first
 * full pass is the backfill.
 */

/** Outbox rows drained per step: every list below is one bound JSON parameter, so this bounds work, not variables. */
const FLUSH_STEP = 200;
/** People noted per shard per reconcile run. */
const RECONCILE_PEOPLE = 2000;
/** Directory rows checked against their shard per reconcile run. */
const SWEEP_ROWS = 500;
/** One drain of a shard at a time: a second waits for the next write or cron run. */
const LEASE_MS = 30_000;

type Directory = D1Database;

async function takeLease(directory: Directory, key: string, now: number): Promise<boolean> {
  const taken = await directory
    .prepare(
      `insert into cron_state (key, value, updated_at) values (?1, ?2, ?3)
       on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at
       where cast(cron_state.value as integer) <= ?3
       returning key`,
    )
    .bind(key, String(now + LEASE_MS), now)
    .all();
  return taken.results.length > 0;
}

async function dropLease(directory: Directory, key: string): Promise<void> {
  await directory.prepare("update cron_state set value = '0' where key = ?").bind(key).run();
}

/**
 * Drains one shard's outbox into the directory, a step of at most FLUSH_STEP rows at a time,
 * until it is empty or `steps` ran. Returns the rows drained. Another drain of the same shard
 * under way (its lease) makes this one return 0 at once.
 */
export async function flushDirectory(env: Env, shard: Shard, now = new Date(), steps = 10): Promise<number> {
  // Most writes note nothing: one read of the shard, and no directory work.
  const [waiting] = await shardDb(shard).select({ id: directoryOutbox.id }).from(directoryOutbox).limit(1);
  if (!waiting) return 0;
  const lease = `flush:${shard.id}`;
  if (!(await takeLease(env.DIRECTORY, lease, now.getTime()))) return 0;
  let drained = 0;
  try {
    for (let step = 0; step < steps; step++) {
      const rows = await flushStep(env, shard, now);
      drained += rows;
      if (rows < FLUSH_STEP) break;
    }
  } finally {
    await dropLease(env.DIRECTORY, lease);
  }
  return drained;
}

async function flushStep(env: Env, shard: Shard, now: Date): Promise<number> {
  const directory = env.DIRECTORY;
  const db = shardDb(shard);
  const rows = await db.select().from(directoryOutbox).orderBy(asc(directoryOutbox.id)).limit(FLUSH_STEP);
  if (!rows.length) return 0;
  const personIds = unique(rows.filter((row) => row.kind === "person").map((row) => row.key));
  // A person's arrival or departure changes their firm's head count.
  const firmIds = unique(rows.filter((row) => row.kind === "person" || row.kind === "firm").map((row) => row.companyId));
  const domainNames = unique(rows.filter((row) => row.kind === "domain").map((row) => row.key));
  const [people, firms, heads, claimed] = await db.batch([
    db.select({ id: users.id, email: users.email, companyId: users.companyId }).from(users).where(inJsonList(users.id, personIds)),
    db.select({ id: companies.id, name: companies.name, tenant: companies.azureAdTenantId }).from(companies).where(inJsonList(companies.id, firmIds)),
    db.select({ companyId: users.companyId, people: count() }).from(users).where(inJsonList(users.companyId, firmIds)).groupBy(users.companyId),
    db
      .select({ domain: companyDomains.domain, companyId: companyDomains.companyId, verifiedAt: companyDomains.verifiedAt })
      .from(companyDomains)
      .where(inJsonList(companyDomains.domain, domainNames)),
  ]);
  const at = now.getTime();
  const headCount = new Map(heads.map((row) => [row.companyId, row.people]));
  const json = (value: unknown) => JSON.stringify(value);
  const presentFirms = new Set(firms.map((firm) => firm.id));
  await directory.batch([
    // People: what the shard says now, and nothing else under these ids (an old address is released).
    directory.prepare("delete from people where user_id in (select value from json_each(?))").bind(json(personIds)),
    directory
      .prepare(
        `insert into people (email, user_id, company_id, updated_at)
         select lower(json_extract(value, '$[0]')), json_extract(value, '$[1]'), json_extract(value, '$[2]'), ?2 from json_each(?1) where true
         on conflict (email) do update set user_id = excluded.user_id, company_id = excluded.company_id, updated_at = excluded.updated_at,
           claimed_at = null`,
      )
      .bind(json(people.filter((person) => person.email).map((person) => [person.email, person.id, person.companyId])), at),
    // Firms: a new one is placed on this shard; an existing one keeps its shard (only a move changes it).
    directory
      .prepare(
        `insert into firms (company_id, shard, name, people, updated_at)
         select json_extract(value, '$[0]'), ?2, json_extract(value, '$[1]'), json_extract(value, '$[2]'), ?3 from json_each(?1) where true
         on conflict (company_id) do update set name = excluded.name, people = excluded.people, updated_at = excluded.updated_at
         where firms.shard = excluded.shard`,
      )
      .bind(json(firms.map((firm) => [firm.id, firm.name, headCount.get(firm.id) ?? 0])), shard.id, at),
    directory
      .prepare("delete from firms where shard = ?2 and company_id in (select value from json_each(?1))")
      .bind(json(firmIds.filter((id) => !presentFirms.has(id))), shard.id),
    directory.prepare("delete from tenants where company_id in (select value from json_each(?))").bind(json(firmIds)),
    directory
      .prepare(
        `insert into tenants (tenant_id, company_id, updated_at)
         select json_extract(value, '$[0]'), json_extract(value, '$[1]'), ?2 from json_each(?1) where true
         on conflict (company_id) do update set tenant_id = excluded.tenant_id, updated_at = excluded.updated_at`,
      )
      .bind(json(firms.filter((firm) => firm.tenant).map((firm) => [firm.tenant, firm.id])), at),
    directory.prepare("delete from domains where domain in (select value from json_each(?))").bind(json(domainNames)),
    directory
      .prepare(
        `insert into domains (domain, company_id, verified_at, updated_at)
         select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), ?2 from json_each(?1) where true
         on conflict (domain) do update set company_id = excluded.company_id, verified_at = excluded.verified_at, updated_at = excluded.updated_at`,
      )
      .bind(json(claimed.map((row) => [row.domain, row.companyId, row.verifiedAt?.getTime() ?? null])), at),
  ]);
  await flushPush(
    env,
    shard,
    rows.filter((row) => row.kind === "push"),
    at,
  );
  // Rows noted after the read above stay for the next step (their ids are higher).
  await db.delete(directoryOutbox).where(lte(directoryOutbox.id, rows[rows.length - 1].id));
  return rows.length;
}

/**
 * Web Push endpoints (decision 0318). An endpoint is one browser profile's, so it belongs to the
 * person who registered it last, on whichever shard. One directory transaction reads who held the
 * noted endpoints, drops those this shard no longer has, writes this shard's registrations where
 * they are the newer, and reads the outcome: a registration here that lost to a newer one of
 * another firm is deleted here; one of another firm that a registration here replaced is deleted
 * on that firm's shard. A delete the other shard refuses (that firm is held for a move) is noted
 * again and tried at the next flush. Replaying a row changes nothing.
 */
async function flushPush(env: Env, shard: Shard, noted: { key: string; companyId: string }[], at: number): Promise<void> {
  if (!noted.length) return;
  const db = shardDb(shard);
  const endpoints = unique(noted.map((row) => row.key));
  const hashOf = new Map(await Promise.all(endpoints.map(async (endpoint) => [endpoint, await sha256Hex(endpoint)] as const)));
  const present = await db
    .select({
      endpoint: webPushSubscriptions.endpoint,
      companyId: webPushSubscriptions.companyId,
      userId: webPushSubscriptions.userId,
      createdAt: webPushSubscriptions.createdAt,
    })
    .from(webPushSubscriptions)
    .where(inJsonList(webPushSubscriptions.endpoint, endpoints));
  const here = new Set(present.map((row) => row.endpoint));
  const json = (value: unknown) => JSON.stringify(value);
  const hashes = json(endpoints.map((endpoint) => hashOf.get(endpoint)));
  const directory = env.DIRECTORY;
  const holders = () =>
    directory
      .prepare(
        `select p.endpoint_hash as hash, p.company_id as companyId, p.registered_at as registeredAt, f.shard
         from push_endpoints p left join firms f on f.company_id = p.company_id
         where p.endpoint_hash in (select value from json_each(?1))`,
      )
      .bind(hashes);
  type Holder = { hash: string; companyId: string; registeredAt: number; shard: number | null };
  const [before, , , after] = await directory.batch<Holder>([
    holders(),
    // Gone from this shard: released, unless another firm's registration holds it by now.
    directory
      .prepare(
        `delete from push_endpoints where exists (select 1 from json_each(?1) g
           where json_extract(g.value, '$[0]') = push_endpoints.endpoint_hash and json_extract(g.value, '$[1]') = push_endpoints.company_id)`,
      )
      .bind(json(noted.filter((row) => !here.has(row.key)).map((row) => [hashOf.get(row.key), row.companyId]))),
    directory
      .prepare(
        `insert into push_endpoints (endpoint_hash, company_id, user_id, registered_at, updated_at)
         select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), ?2 from json_each(?1) where true
         on conflict (endpoint_hash) do update set company_id = excluded.company_id, user_id = excluded.user_id,
           registered_at = excluded.registered_at, updated_at = excluded.updated_at
         where excluded.registered_at >= push_endpoints.registered_at`,
      )
      .bind(json(present.map((row) => [hashOf.get(row.endpoint), row.companyId, row.userId, row.createdAt.getTime()])), at),
    holders(),
  ]);
  const was = new Map(before.results.map((row) => [row.hash, row]));
  const holding = new Map(after.results.map((row) => [row.hash, row]));
  const retry: { endpoint: string; companyId: string }[] = [];
  for (const row of present) {
    const hash = hashOf.get(row.endpoint)!;
    const holder = holding.get(hash);
    const previous = was.get(hash);
    try {
      if (holder && holder.companyId !== row.companyId) {
        // A newer registration of another firm: this browser profile is someone else's now.
        await db
          .delete(webPushSubscriptions)
          .where(
            and(
              eq(webPushSubscriptions.endpoint, row.endpoint),
              eq(webPushSubscriptions.companyId, row.companyId),
              eq(webPushSubscriptions.createdAt, row.createdAt),
            ),
          );
      } else if (previous && previous.companyId !== row.companyId) {
        // This registration replaced another firm's: that one goes, on its own shard.
        const other = shardsOf(env).find((s) => s.id === (previous.shard ?? 0));
        await other?.d1
          .prepare("delete from web_push_subscriptions where endpoint = ? and company_id = ? and created_at <= ?")
          .bind(row.endpoint, previous.companyId, previous.registeredAt)
          .run();
      }
    } catch (error) {
      if (!isFirmHeldError(error)) throw error;
      retry.push(row);
    }
  }
  if (retry.length)
    await db.insert(directoryOutbox).values(retry.map((row) => ({ kind: "push" as const, key: row.endpoint, companyId: row.companyId })));
}

/**
 * One bounded reconcile run over every shard: notes the next RECONCILE_PEOPLE people of each
 * shard (by rowid, a cursor per shard in the directory's cron_state), and at the end of a pass
 * every firm, claimed domain and Web Push endpoint of it; then checks SWEEP_ROWS of the directory's people and
 * firms against their shard and notes whatever the shard no longer has. Noted rows reach the
 * directory by the flush that follows. Returns the shards whose pass ended in this run.
 */
export async function reconcileDirectory(env: Env, now = new Date()): Promise<number[]> {
  const finished: number[] = [];
  const shards = shardsOf(env);
  for (const shard of shards) {
    if (await reconcileShard(env, shard, now)) finished.push(shard.id);
  }
  await sweepDirectory(env, shards, now);
  for (const shard of shards) await flushDirectory(env, shard, now);
  return finished;
}

async function readState(env: Env, key: string): Promise<string | null> {
  const row = await env.DIRECTORY.prepare("select value from cron_state where key = ?").bind(key).first<{ value: string }>();
  return row?.value ?? null;
}

async function writeState(env: Env, key: string, value: string, now: Date): Promise<void> {
  await env.DIRECTORY.prepare(
    "insert into cron_state (key, value, updated_at) values (?1, ?2, ?3) on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at",
  )
    .bind(key, value, now.getTime())
    .run();
}

/** SQL: the firm named by `column` is live on this shard (no move has it arriving here or gone from here). */
function liveHere(column: string): string {
  return `not exists (select 1 from firm_fence f where f.company_id = ${column} and f.state in ('incoming', 'gone'))`;
}

async function reconcileShard(env: Env, shard: Shard, now: Date): Promise<boolean> {
  const key = `reconcile:${shard.id}`;
  const after = Number((await readState(env, key)) ?? 0);
  // A firm arriving on this shard or gone from it (a move, decision 0314) is the directory's business only where it is live.
  const next = `(select rowid as r, id, company_id from users where rowid > ?1 and ${liveHere("users.company_id")} order by rowid limit ${RECONCILE_PEOPLE})`;
  const [, counted] = await shard.d1.batch([
    shard.d1.prepare(`insert into directory_outbox (kind, key, company_id) select 'person', id, company_id from ${next} where true`).bind(after),
    shard.d1.prepare(`select max(r) as last, count(*) as noted from ${next}`).bind(after),
  ]);
  const last = counted.results[0] as { last: number | null; noted: number } | undefined;
  const passEnds = (last?.noted ?? 0) < RECONCILE_PEOPLE;
  if (passEnds) {
    await shard.d1.batch([
      shard.d1.prepare(`insert into directory_outbox (kind, key, company_id) select 'firm', id, id from companies where ${liveHere("companies.id")}`),
      shard.d1.prepare(
        `insert into directory_outbox (kind, key, company_id) select 'domain', domain, company_id from company_domains where ${liveHere("company_domains.company_id")}`,
      ),
      shard.d1.prepare(
        `insert into directory_outbox (kind, key, company_id) select 'push', endpoint, company_id from web_push_subscriptions where ${liveHere("web_push_subscriptions.company_id")}`,
      ),
    ]);
    await writeState(env, key, "0", now);
    await writeState(env, `${key}:passed`, String(now.getTime()), now);
  } else await writeState(env, key, String(last!.last), now);
  return passEnds;
}

/**
 * Directory rows whose shard no longer has them (a missed deletion), or an address claimed
 * for a write that never happened (decision 0318; a claim younger than CLAIM_EXPIRES_MS may
 * still be on its way): noted on that shard, so the flush removes them.
 */
async function sweepDirectory(env: Env, shards: Shard[], now: Date): Promise<void> {
  const after = (await readState(env, "sweep:people")) ?? "";
  const rows = (
    await env.DIRECTORY.prepare(
      `select p.email, p.user_id as userId, p.company_id as companyId, f.shard
       from people p left join firms f on f.company_id = p.company_id
       where p.email > ?1 and (p.claimed_at is null or p.claimed_at < ?2) order by p.email limit ${SWEEP_ROWS}`,
    )
      .bind(after, now.getTime() - CLAIM_EXPIRES_MS)
      .all<{ email: string; userId: string; companyId: string; shard: number | null }>()
  ).results;
  const byShard = new Map<number, typeof rows>();
  for (const row of rows) byShard.set(row.shard ?? 0, [...(byShard.get(row.shard ?? 0) ?? []), row]);
  for (const [id, group] of byShard) {
    const shard = shards.find((s) => s.id === id);
    if (!shard) continue;
    const db = shardDb(shard);
    const present = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inJsonList(
          users.id,
          group.map((row) => row.userId),
        ),
      );
    const email = new Map(present.map((row) => [row.id, row.email?.toLowerCase() ?? null]));
    const stale = group.filter((row) => email.get(row.userId) !== row.email);
    if (stale.length)
      await db.run(
        sql`insert into directory_outbox (kind, key, company_id)
            select 'person', json_extract(value, '$[0]'), json_extract(value, '$[1]') from json_each(${JSON.stringify(stale.map((row) => [row.userId, row.companyId]))}) where true`,
      );
  }
  await writeState(env, "sweep:people", rows.length < SWEEP_ROWS ? "" : rows[rows.length - 1].email, now);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
