import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { sha256Hex } from "~/auth/secrets.server";
import { createDb } from "~/db/client";
import { webPushSubscriptions } from "~/db/schema";
import { shardsOf } from "~/db/shards.server";
import type { Env } from "~/env";
import { flushDirectory } from "~/domain/installation/firm-directory.server";
import { api, tokenFor } from "./helpers";
import { firmOnShard } from "./shard-firm";

/**
 * A browser's Web Push endpoint is one person's at a time, across the installation (decision
 * 0318): when a person of a firm on another shard registers it, the older registration goes,
 * whichever shard it was on and in whichever order the shards tell the directory.
 */
const installation = env as Env;
const shard = (n: number) => createDb(shardsOf(installation)[n].d1);
const pushUrl = inject("webPushUrl");

type BrowserSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

async function browserSubscribes(applicationServerKey: string): Promise<BrowserSubscription> {
  const response = await fetch(`${pushUrl}/__control/subscriptions`, { method: "POST", body: JSON.stringify({ applicationServerKey }) });
  expect(response.status).toBe(201);
  return (await response.json()) as BrowserSubscription;
}

async function personOn(n: number, name: string) {
  const firm = await firmOnShard(n, {
    company: { name },
    role: "employee",
    person: { name: `${name} Person`, addressPrefix: "pusher" },
    password: true,
  });
  return { shard: n, companyId: firm.company.id, userId: firm.person.id, token: await tokenFor(firm.email) };
}
type Person = Awaited<ReturnType<typeof personOn>>;

/** Every shard's outbox drained into the directory (a flush already under way after a request's answer holds the lease: wait for it). */
async function settle() {
  for (let round = 0; round < 50; round++) {
    let waiting = 0;
    for (const s of shardsOf(installation)) {
      await flushDirectory(installation, s);
      waiting += (await s.d1.prepare("select count(*) as n from directory_outbox").first<{ n: number }>())!.n;
    }
    if (!waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the directory outboxes did not drain");
}

async function register(person: Person, subscription: BrowserSubscription) {
  const response = await api("/api/v2/web-push-subscription", { method: "POST", token: person.token, json: { ...subscription, label: "Shared PC" } });
  expect(response.status).toBe(201);
}

async function holders(endpoint: string) {
  const rows = [];
  for (const n of [0, 1, 2]) {
    const found = await shard(n)
      .select({ userId: webPushSubscriptions.userId })
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.endpoint, endpoint));
    rows.push(...found.map((row) => ({ shard: n, userId: row.userId })));
  }
  const listed = await env.DIRECTORY.prepare("select user_id as userId from push_endpoints where endpoint_hash = ?")
    .bind(await sha256Hex(endpoint))
    .first<{ userId: string }>();
  return { rows, directory: listed?.userId ?? null };
}

let publicKey: string;
let onShard1: Person;
let onShard2: Person;
beforeAll(async () => {
  onShard1 = await personOn(1, "Push One");
  onShard2 = await personOn(2, "Push Two");
  const read = await api("/api/v2/web-push-subscription", { token: onShard1.token });
  publicKey = ((await read.json()) as { publicKey: string }).publicKey;
});

describe("a Web Push endpoint across shards (decision 0318)", () => {
  it("belongs to whoever registered it last: a person of a firm on another shard takes it, and back", async () => {
    const browser = await browserSubscribes(publicKey);
    await register(onShard1, browser);
    await settle();
    expect(await holders(browser.endpoint)).toEqual({ rows: [{ shard: 1, userId: onShard1.userId }], directory: onShard1.userId });

    await register(onShard2, browser);
    await settle();
    expect(await holders(browser.endpoint)).toEqual({ rows: [{ shard: 2, userId: onShard2.userId }], directory: onShard2.userId });

    await register(onShard1, browser);
    await settle();
    expect(await holders(browser.endpoint)).toEqual({ rows: [{ shard: 1, userId: onShard1.userId }], directory: onShard1.userId });
  });

  it("an older registration the directory hears of late is the one removed", async () => {
    const browser = await browserSubscribes(publicKey);
    await register(onShard2, browser);
    await settle();
    // A registration on shard 1 from before shard 2's, noted there only now (its flush was late).
    await shard(1)
      .insert(webPushSubscriptions)
      .values({
        companyId: onShard1.companyId,
        userId: onShard1.userId,
        endpoint: browser.endpoint,
        p256dh: browser.keys.p256dh,
        auth: browser.keys.auth,
        createdAt: new Date(Date.now() - 60_000),
      });
    await settle();
    expect(await holders(browser.endpoint)).toEqual({ rows: [{ shard: 2, userId: onShard2.userId }], directory: onShard2.userId });
  });

  it("a removed registration releases the endpoint only if it still held it", async () => {
    const browser = await browserSubscribes(publicKey);
    await register(onShard1, browser);
    await settle();
    await shard(1)
      .delete(webPushSubscriptions)
      .where(and(eq(webPushSubscriptions.endpoint, browser.endpoint), eq(webPushSubscriptions.userId, onShard1.userId)));
    await settle();
    expect(await holders(browser.endpoint)).toEqual({ rows: [], directory: null });
  });
});
