import type { Env, LoadContext } from "~/env";
import { createDb } from "./client";
import { shardsOf } from "./shards.server";

/**
 * Which shard a request's firm lives on (decision 0312, 0311 §4). A signed-in request knows it
 * from its credential (the cookie and the bearer token carry the firm's shard, signed), so it
 * opens its shard with no directory read. A flow before sign-in asks the directory once: by the
 * address typed (password sign-in) or by the firm in the address (a realtime socket). What the
 * directory does not know stays on shard 0, where every firm lived before there were shards.
 */

/** How long an isolate trusts what the directory said about a firm (moves re-route within this). */
const CACHE_MS = 60_000;
const firmShards = new Map<string, { shard: number; until: number }>();

function bound(env: Env, shard: number | null | undefined): number {
  return typeof shard === "number" && shardsOf(env).some((s) => s.id === shard) ? shard : 0;
}

/** Points the request's `db` at `shard` (one this Worker binds; anything else is shard 0). */
export function routeTo(context: LoadContext, shard: number | null | undefined): void {
  const id = bound(context.env, shard);
  if (id === context.shard) return;
  const target = shardsOf(context.env).find((s) => s.id === id)!;
  context.db = createDb(target.d1);
  context.shard = id;
}

/**
 * A copy of the request's context on `shard`, for a flow that learns its firm from what it
 * was given (a link, a code, a token) rather than from the request's credential. The request's
 * own context is left as it is: its other loaders may be reading it at the same time.
 */
export function routedContext(context: LoadContext, shard: number | null | undefined): LoadContext {
  const id = bound(context.env, shard);
  if (id === (context.shard ?? 0)) return context;
  const target = shardsOf(context.env).find((s) => s.id === id)!;
  (context.otherShards ??= new Set()).add(id);
  return { ...context, db: createDb(target.d1), shard: id };
}

/** The shard the directory places a firm on (cached per isolate for a minute); shard 0 for a firm it does not know. */
export async function shardOfCompany(env: Env, companyId: string, now = Date.now()): Promise<number> {
  return (await placedShardOf(env, companyId, now)) ?? 0;
}

/** The shard the directory places a firm on, or null when it has not heard of the firm (yet). */
export async function placedShardOf(env: Env, companyId: string, now = Date.now()): Promise<number | null> {
  const cached = firmShards.get(companyId);
  if (cached && cached.until > now) return cached.shard;
  const row = await env.DIRECTORY.prepare("select shard from firms where company_id = ?").bind(companyId).first<{ shard: number }>();
  if (!row) return null;
  const shard = bound(env, row.shard);
  firmShards.set(companyId, { shard, until: now + CACHE_MS });
  return shard;
}

/**
 * Where a firm lives now, for a request whose shard says the firm is not (or no longer) live
 * there (a fence, decision 0314): the isolate's cached answer when it names another shard,
 * else a fresh directory read, which replaces the cached one.
 */
export async function currentShardOf(context: LoadContext, companyId: string, now = Date.now()): Promise<number> {
  const cached = firmShards.get(companyId);
  if (cached && cached.until > now && cached.shard !== context.shard) return cached.shard;
  firmShards.delete(companyId);
  return shardOfCompany(context.env, companyId, now);
}

/** Forgets what this isolate knows of a firm's shard (a move switched it). */
export function forgetFirmShard(companyId: string): void {
  firmShards.delete(companyId);
}

/** The shard of the firm an address belongs to, from the directory (one read). */
export async function shardOfAddress(env: Env, email: string): Promise<number> {
  const row = await env.DIRECTORY.prepare("select f.shard from people p join firms f on f.company_id = p.company_id where p.email = ?")
    .bind(email.trim().toLowerCase())
    .first<{ shard: number }>();
  return bound(env, row?.shard);
}

/** Password sign-in: the request continues on the shard of the firm the typed address belongs to. */
export async function routeByAddress(context: LoadContext, email: unknown): Promise<void> {
  if (typeof email === "string" && email.includes("@")) routeTo(context, await shardOfAddress(context.env, email));
}

/**
 * Whether an address belongs to a person of another firm, on any shard: the directory knows
 * every address of the installation, where one shard knows only its own (decision 0312).
 */
export async function addressOfAnotherFirm(env: Env, email: string, companyId: string): Promise<boolean> {
  const row = await env.DIRECTORY.prepare("select company_id as companyId from people where email = ?")
    .bind(email.trim().toLowerCase())
    .first<{ companyId: string }>();
  return row !== null && row.companyId !== companyId;
}

/** The shard of the firm connected to a Microsoft Entra tenant, or null when no firm is (one directory read). */
export async function shardOfTenant(env: Env, tenantId: string): Promise<number | null> {
  const row = await env.DIRECTORY.prepare("select f.shard from tenants t join firms f on f.company_id = t.company_id where t.tenant_id = ?")
    .bind(tenantId)
    .first<{ shard: number }>();
  return row ? bound(env, row.shard) : null;
}
