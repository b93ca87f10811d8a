import { and, isNotNull, ne } from "drizzle-orm";
import { companyDomains, users } from "~/db/schema";
import { inJsonList } from "~/db/json-list";
import type { InstallationScope } from "~/domain/context";
import { ConflictError } from "~/domain/errors";

/** An address of the caller's own firm that someone else already has: the firm may be told. */
export const EMAIL_TAKEN = "A user with this e-mail already exists.";

/**
 * Any other address the firm cannot use: a member of another firm, or an address at a
 * domain another firm has verified. Both get these same words, so no answer tells one firm
 * who belongs to another (issue 26, item 4; decision 0275).
 */
export const ADDRESS_UNAVAILABLE = "This e-mail address cannot be used in this firm.";

export interface AddressStanding {
  /** Addresses of people of the caller's firm (other than the one being changed). */
  own: string[];
  /** Addresses the firm cannot use, for either reason; never told apart. */
  unavailable: string[];
}

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1);

/**
 * Where each address stands for the firm. E-mail addresses are unique across the
 * installation (they sign in), so the read covers every firm, but the answer only ever
 * names the caller's own people. The firm's shard answers for the firms on it, at once; the
 * directory for the firms on other shards (decision 0313), as it heard of them after each
 * write, within about a second.
 */
export async function addressStanding(ctx: InstallationScope, emails: readonly string[], exceptUserId?: string): Promise<AddressStanding> {
  const addresses = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  if (addresses.length === 0) return { own: [], unavailable: [] };
  const domains = [...new Set(addresses.map(domainOf))];
  const [[here, claimedHere], elsewhere] = await Promise.all([
    ctx.db.batch([
      ctx.db.select({ id: users.id, email: users.email, companyId: users.companyId }).from(users).where(inJsonList(users.email, addresses)),
      ctx.db
        .select({ domain: companyDomains.domain })
        .from(companyDomains)
        .where(and(inJsonList(companyDomains.domain, domains), isNotNull(companyDomains.verifiedAt), ne(companyDomains.companyId, ctx.companyId))),
    ]),
    ctx.directory.batch<{ id: string; email: string; companyId: string; domain: string }>([
      ctx.directory
        .prepare(
          "select user_id as id, email, company_id as companyId from people where email in (select value from json_each(?)) and company_id <> ?",
        )
        .bind(JSON.stringify(addresses), ctx.companyId),
      ctx.directory
        .prepare("select domain from domains where domain in (select value from json_each(?)) and verified_at is not null and company_id <> ?")
        .bind(JSON.stringify(domains), ctx.companyId),
    ]),
  ]);
  const people = [...here, ...(elsewhere[0].results ?? [])];
  const claimed = [...claimedHere, ...(elsewhere[1].results ?? [])];
  const others = people.filter((person) => person.id !== exceptUserId);
  const own = others.filter((person) => person.companyId === ctx.companyId).map((person) => person.email);
  const foreignDomains = new Set(claimed.map((row) => row.domain));
  const unavailable = addresses.filter(
    (address) => !own.includes(address) && (others.some((person) => person.email === address) || foreignDomains.has(domainOf(address))),
  );
  return { own, unavailable };
}

/** 409 when the firm cannot give `email` to a person (`userId`, when an existing person changes address). */
export async function requireAddressFree(ctx: InstallationScope, email: string, userId?: string) {
  const standing = await addressStanding(ctx, [email], userId);
  if (standing.own.length) throw new ConflictError(EMAIL_TAKEN);
  if (standing.unavailable.length) throw new ConflictError(ADDRESS_UNAVAILABLE);
}

/** A claim older than this whose shard never wrote the address is released by the directory's reconcile. */
export const CLAIM_EXPIRES_MS = 10 * 60_000;

export interface AddressClaim {
  /** Addresses another firm holds or claimed first: nothing of them was claimed, nothing may be written. */
  lost: string[];
  /** Gives the claimed addresses back: the shard write they were for failed. */
  release: () => Promise<void>;
}

/**
 * Claims addresses in the directory before the shard writes them (decision 0318, 0311 §2.2):
 * one directory transaction inserts a claimed row for each free address and reads who holds
 * each one now. Two firms on two shards taking one address at once cannot both get it: the
 * directory's primary key lets one claim in, the other sees a row of another firm and is told
 * the address cannot be used. An address already the firm's own (its person, or an earlier
 * claim) is left to the shard's unique index, as before. The flush of the shard's write turns
 * the claim into the address's row; `release` deletes the claims when that write failed.
 */
export async function claimAddresses(ctx: InstallationScope, claims: readonly { email: string; userId: string }[]): Promise<AddressClaim> {
  const rows = claims.map((claim) => [claim.email.trim().toLowerCase(), claim.userId]);
  const list = JSON.stringify(rows);
  const now = Date.now();
  const [, held] = await ctx.directory.batch<{ email: string }>([
    ctx.directory
      .prepare(
        `insert into people (email, user_id, company_id, updated_at, claimed_at)
         select json_extract(value, '$[0]'), json_extract(value, '$[1]'), ?2, ?3, ?3 from json_each(?1) where true
         on conflict (email) do nothing`,
      )
      .bind(list, ctx.companyId, now),
    ctx.directory
      .prepare("select email from people where email in (select json_extract(value, '$[0]') from json_each(?1)) and company_id <> ?2")
      .bind(list, ctx.companyId),
  ]);
  const release = async () => {
    await ctx.directory
      .prepare(
        `delete from people where claimed_at is not null and company_id = ?2
         and exists (select 1 from json_each(?1) c where json_extract(c.value, '$[0]') = people.email and json_extract(c.value, '$[1]') = people.user_id)`,
      )
      .bind(list, ctx.companyId)
      .run();
  };
  const lost = (held.results ?? []).map((row) => row.email);
  if (lost.length) await release();
  return { lost, release };
}

/** One address for one person (new or changing address), claimed as `claimAddresses` does: 409 with the usual words when another firm has it. */
export async function claimAddress(ctx: InstallationScope, email: string, userId: string): Promise<() => Promise<void>> {
  const claim = await claimAddresses(ctx, [{ email, userId }]);
  if (claim.lost.length) throw new ConflictError(ADDRESS_UNAVAILABLE);
  return claim.release;
}
