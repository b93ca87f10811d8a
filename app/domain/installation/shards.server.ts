import { asc, count } from "drizzle-orm";
import { directoryDb, shardsOf } from "~/db/shards.server";
import { firms, shards } from "~/db/directory-schema";
import type { Env } from "~/env";
import type { ShardView } from "./shards.types";

/**
 * The operator's view of the installation (issue 29 item 6, decision 0312): each shard's size,
 * firms, people and updates in the last hour, measured by `probeShards` on the cron and kept in
 * the directory's `shards` table, and which firms each shard holds (the directory's `firms`).
 */

const HOUR_MS = 60 * 60 * 1000;

/** Measures every bound shard and records it; a shard that does not answer keeps its last figures. */
export async function probeShards(env: Env, now = new Date()): Promise<void> {
  const since = now.getTime() - HOUR_MS;
  for (const shard of shardsOf(env)) {
    try {
      const [firmCount, peopleCount, updates] = await shard.d1.batch<{ n: number }>([
        shard.d1.prepare("select count(*) as n from companies"),
        shard.d1.prepare("select count(*) as n from users"),
        shard.d1.prepare("select count(*) as n from usage_events where created_at >= ?").bind(since),
      ]);
      // Where the read ran, as D1 reports it (a deployed installation; locally there is nothing to report).
      const meta = updates.meta;
      const servedBy = [
        meta.served_by_region,
        meta.served_by_colo,
        meta.served_by_primary === undefined ? null : meta.served_by_primary ? "primary" : "replica",
      ]
        .filter(Boolean)
        .join(" · ");
      await env.DIRECTORY.prepare(
        `insert into shards (id, binding, size_bytes, firms, people, writes_last_hour, served_by, probed_at) values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         on conflict (id) do update set binding = excluded.binding, size_bytes = excluded.size_bytes, firms = excluded.firms, people = excluded.people,
           writes_last_hour = excluded.writes_last_hour, served_by = excluded.served_by, probed_at = excluded.probed_at`,
      )
        .bind(
          shard.id,
          shard.binding,
          meta.size_after ?? null,
          firmCount.results[0].n,
          peopleCount.results[0].n,
          updates.results[0].n,
          servedBy || null,
          now.getTime(),
        )
        .run();
    } catch (error) {
      console.error(`[shards] probing ${shard.binding} failed`, error);
    }
  }
}

/**
 * Every shard the Worker binds, with its last probe and the directory's firms on it. Firm and
 * people counts are the directory's (up to date after each write's flush); size and updates the
 * probe's. A bound shard never probed shows no size yet.
 */
export async function listShards(env: Env): Promise<ShardView[]> {
  const directory = directoryDb(env);
  // A shard never measured (just added, or a development installation whose cron runs by hand) is measured now.
  const probed = await directory.select({ id: shards.id }).from(shards);
  if (shardsOf(env).some((shard) => !probed.some((row) => row.id === shard.id))) await probeShards(env);
  const [measured, placed] = await directory.batch([
    directory.select().from(shards).orderBy(asc(shards.id)),
    directory.select().from(firms).orderBy(asc(firms.name)),
  ]);
  return shardsOf(env).map((shard) => {
    const probe = measured.find((row) => row.id === shard.id);
    const firmList = placed.filter((row) => row.shard === shard.id).map((row) => ({ companyId: row.companyId, name: row.name, people: row.people }));
    return {
      id: shard.id,
      binding: shard.binding,
      accepting: probe?.accepting ?? true,
      sizeBytes: probe?.sizeBytes ?? null,
      firms: firmList.length,
      people: firmList.reduce((sum, firm) => sum + firm.people, 0),
      updatesLastHour: probe?.writesLastHour ?? null,
      servedBy: probe?.servedBy ?? null,
      probedAt: probe?.probedAt?.toISOString() ?? null,
      firmList,
    };
  });
}

/** Of D1's 10 GB per database, what a shard may fill before new firms go elsewhere. */
export const DEFAULT_SHARD_CAP_BYTES = 8e9;

/** What a shard may fill: SHARD_CAP_BYTES, or DEFAULT_SHARD_CAP_BYTES when unset. */
export function shardCapBytes(env: Env): number {
  return Number(env.SHARD_CAP_BYTES) > 0 ? Number(env.SHARD_CAP_BYTES) : DEFAULT_SHARD_CAP_BYTES;
}

/**
 * The shard a new firm goes to (decision 0313, 0311 §2.3): of the shards accepting firms, the one
 * with the most headroom under SHARD_CAP_BYTES by its last probe (a shard never probed counts as
 * empty), fewer firms breaking a tie, then the lower number.
 */
export async function placeFirm(env: Env): Promise<number> {
  const cap = shardCapBytes(env);
  const directory = directoryDb(env);
  const [measured, placed] = await directory.batch([
    directory.select().from(shards),
    directory.select({ shard: firms.shard, n: count() }).from(firms).groupBy(firms.shard),
  ]);
  const candidates = shardsOf(env)
    .map((shard) => {
      const probe = measured.find((row) => row.id === shard.id);
      return {
        id: shard.id,
        accepting: probe?.accepting ?? true,
        headroom: cap - (probe?.sizeBytes ?? 0),
        firms: placed.find((row) => row.shard === shard.id)?.n ?? 0,
      };
    })
    .filter((shard) => shard.accepting);
  candidates.sort((a, b) => b.headroom - a.headroom || a.firms - b.firms || a.id - b.id);
  return candidates[0]?.id ?? 0;
}
