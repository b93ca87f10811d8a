import { sha256Hex } from "~/auth/secrets.server";
import { placedShardOf, routedContext, shardOfAddress } from "~/db/routing.server";
import { shardsOf } from "~/db/shards.server";
import type { LoadContext } from "~/env";

/**
 * Secrets and addresses handed out carry their firm (decision 0313): a mailed link, a
 * hand-off code or a SCIM token is `{companyId}.{secret}` (a SCIM token `scim_{companyId}.{secret}`),
 * a calendar feed or reminder address names `{companyId}.{id}`. Whoever presents one has not
 * signed in, so the firm in front is how the request finds its shard: one directory read,
 * cached per isolate. The firm is part of the secret (its hash covers both), so editing it
 * finds nothing; feed and reminder addresses are signed over their id, and an edited firm
 * only sends the lookup to a shard where the id is not.
 *
 * Values handed out before there were shards have no firm in front. They are looked for on
 * every shard, shard 0 first, where every firm lived then; SCIM tokens and feed addresses
 * never expire, so this stays. So is a value whose firm the directory has not heard of yet.
 */
export type CarriedKind = "invite" | "reset" | "emailChange" | "handoff" | "scim" | "feed" | "reminder";

const CARRIED = /^(?:scim_)?([0-9a-f]{24})\.[A-Za-z0-9_-]{1,200}$/;
const MAX_LENGTH = 300;

/** Where a value without a firm in front is found on a shard; `hashed`: the table keeps its SHA-256. */
const LEGACY: Record<CarriedKind, { sql: string; hashed: boolean }> = {
  invite: { sql: "select company_id as companyId from invite_tokens where token_hash = ? limit 1", hashed: true },
  reset: { sql: "select company_id as companyId from password_reset_tokens where token_hash = ? limit 1", hashed: true },
  emailChange: { sql: "select company_id as companyId from email_change_tokens where token_hash = ? limit 1", hashed: true },
  handoff: { sql: "select company_id as companyId from session_handoffs where code_hash = ? limit 1", hashed: true },
  scim: { sql: "select company_id as companyId from scim_tokens where token_hash = ? limit 1", hashed: true },
  feed: { sql: "select company_id as companyId from calendar_feeds where id = ? limit 1", hashed: false },
  reminder: { sql: "select company_id as companyId from update_reminders where id = ? limit 1", hashed: false },
};

/** A new secret for the firm: `{companyId}.{secret}`. */
export function carry(companyId: string, secret: string): string {
  return `${companyId}.${secret}`;
}

/** The firm a value carries, or null for a value from before (or not shaped like one). */
export function carriedCompany(value: string): string | null {
  return value.length <= MAX_LENGTH ? (CARRIED.exec(value)?.[1] ?? null) : null;
}

/** A feed or reminder id without its firm in front (the id is what the row is keyed by). */
export function bareId(value: string): string {
  const dot = value.indexOf(".");
  return dot === 24 && carriedCompany(value) ? value.slice(25) : value;
}

/**
 * The request's context on the shard of the firm `value` belongs to. A value without a firm is
 * looked for on each shard in turn; one found nowhere stays where the request was (the lookup
 * that follows then answers "not valid", as for any wrong value).
 */
export async function contextOfCarried(context: LoadContext, kind: CarriedKind, value: string): Promise<LoadContext> {
  if (!value || value.length > MAX_LENGTH) return context;
  const companyId = carriedCompany(value);
  const placed = companyId ? await placedShardOf(context.env, companyId) : null;
  if (placed !== null) return routedContext(context, placed);
  // A value from before shards, or of a firm the directory has not heard of yet (created a moment ago).
  const shards = shardsOf(context.env);
  if (shards.length === 1) return context;
  const { sql, hashed } = LEGACY[kind];
  const key = hashed ? await sha256Hex(value) : bareId(value);
  for (const shard of shards) {
    const found = await shard.d1.prepare(sql).bind(key).first<{ companyId: string }>();
    // The firm's rows may be on two shards while it moves (decision 0314): the directory says which is live.
    if (found) return routedContext(context, (await placedShardOf(context.env, found.companyId)) ?? shard.id);
  }
  return context;
}

/** The request's context on the shard of the firm an address belongs to (one directory read); shard 0 for an address nobody has. */
export async function contextOfAddress(context: LoadContext, email: string): Promise<LoadContext> {
  return routedContext(context, await shardOfAddress(context.env, email));
}

/**
 * A passkey's sign-in, on its person's shard. The browser names the person (the passkey's
 * user handle is their id, decision 0298): one directory read. Without a handle the
 * credential is looked for on each shard in turn.
 */
export async function contextOfPasskey(context: LoadContext, credentialId: string, userHandle: string | null | undefined): Promise<LoadContext> {
  const userId = userHandle ? decodeHandle(userHandle) : null;
  if (userId) {
    const row = await context.env.DIRECTORY.prepare(
      "select f.shard from people p join firms f on f.company_id = p.company_id where p.user_id = ? limit 1",
    )
      .bind(userId)
      .first<{ shard: number }>();
    if (row) return routedContext(context, row.shard);
  }
  const shards = shardsOf(context.env);
  if (shards.length === 1 || !credentialId || credentialId.length > 1000) return context;
  for (const shard of shards) {
    const found = await shard.d1
      .prepare("select company_id as companyId from passkeys where credential_id = ? limit 1")
      .bind(credentialId)
      .first<{ companyId: string }>();
    if (found) return routedContext(context, (await placedShardOf(context.env, found.companyId)) ?? shard.id);
  }
  return context;
}

function decodeHandle(handle: string): string | null {
  try {
    const text = atob(handle.replaceAll("-", "+").replaceAll("_", "/"));
    return /^[0-9a-f]{24}$/.test(text) ? text : null;
  } catch {
    return null;
  }
}
