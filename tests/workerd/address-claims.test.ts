import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client";
import { users } from "~/db/schema";
import { shardsOf } from "~/db/shards.server";
import type { Env } from "~/env";
import { ADDRESS_UNAVAILABLE, claimAddresses } from "~/domain/identity/address-standing.server";
import { reconcileDirectory } from "~/domain/installation/firm-directory.server";
import { api, tokenFor } from "./helpers";
import { uniqueAddress } from "./mail-helpers";
import { firmOnShard } from "./shard-firm";

/**
 * An address is claimed in the directory before a shard writes it (decision 0318): two firms on
 * two shards inviting the same address at the same moment cannot both get it. One invite is
 * made; the other is told the address cannot be used, as when the address was taken long ago.
 */
const installation = env as Env;
const shard = (n: number) => createDb(shardsOf(installation)[n].d1);

async function firmOn(n: number) {
  const firm = await firmOnShard(n, {
    company: { name: `Claims ${n}` },
    person: { name: "Clara Claimer", addressPrefix: "claimer" },
    password: true,
  });
  return { shard: n, companyId: firm.company.id, group: firm.group, office: firm.office, token: await tokenFor(firm.email) };
}
type Firm = Awaited<ReturnType<typeof firmOn>>;

function invite(firm: Firm, email: string) {
  return api("/api/v2/users", {
    method: "POST",
    token: firm.token,
    json: { name: "Rita Raced", email, title: "Associate", group: firm.group.id, office: firm.office.id },
  });
}

async function holdersOf(email: string) {
  const found: number[] = [];
  for (const n of [0, 1, 2]) if ((await shard(n).select({ id: users.id }).from(users).where(eq(users.email, email))).length) found.push(n);
  return found;
}

let one: Firm;
let two: Firm;
beforeAll(async () => {
  one = await firmOn(1);
  two = await firmOn(2);
});

describe("claiming an address before the shard writes it (decision 0318)", () => {
  it("two firms on two shards inviting one address at once: one gets it, the other is told it cannot be used", async () => {
    for (let round = 0; round < 5; round++) {
      const email = uniqueAddress("raced");
      const answers = await Promise.all([invite(one, email), invite(two, email)]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, `round ${round}`).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.status === 409)!;
      expect(((await refused.json()) as { message: string }).message).toBe(ADDRESS_UNAVAILABLE);
      const winner = answers[0].status === 201 ? one : two;
      expect(await holdersOf(email)).toEqual([winner.shard]);
    }
  });

  it("the address is the first firm's from its claim on, before its shard's flush has told the directory", async () => {
    const email = uniqueAddress("claimed");
    const claim = await claimAddresses({ db: shard(1), companyId: one.companyId, directory: env.DIRECTORY }, [
      { email, userId: crypto.randomUUID() },
    ]);
    expect(claim.lost).toEqual([]);
    const late = await invite(two, email);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { message: string }).message).toBe(ADDRESS_UNAVAILABLE);
    // Its shard write failed: the claim is given back, and the other firm may have the address.
    await claim.release();
    expect((await invite(two, email)).status).toBe(201);
    expect(await holdersOf(email)).toEqual([2]);
  });

  it("a claim whose shard write never came is released by the reconcile once it is old, not before", async () => {
    const email = uniqueAddress("abandoned");
    await claimAddresses({ db: shard(1), companyId: one.companyId, directory: env.DIRECTORY }, [{ email, userId: crypto.randomUUID() }]);
    const claimed = () =>
      env.DIRECTORY.prepare("select company_id as companyId from people where email = ?").bind(email).first<{ companyId: string }>();
    // The reconcile's sweep goes through the directory's addresses 500 at a time, in order; run it until it has passed this one.
    const sweepPast = async (at: Date) => {
      await env.DIRECTORY.prepare("update cron_state set value = '' where key = 'sweep:people'").run();
      for (let run = 0; run < 20; run++) {
        await reconcileDirectory(installation, at);
        const cursor = await env.DIRECTORY.prepare("select value from cron_state where key = 'sweep:people'").first<{ value: string }>();
        if (!cursor?.value || cursor.value >= email) return;
      }
    };
    await sweepPast(new Date());
    expect(await claimed()).toEqual({ companyId: one.companyId });
    await sweepPast(new Date(Date.now() + 11 * 60_000));
    expect(await claimed()).toBeNull();
  });
});
