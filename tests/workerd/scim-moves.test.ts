import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "~/auth/secrets.server";
import { createDb } from "~/db/client";
import { scimTokens, users } from "~/db/schema";
import { shardsOf } from "~/db/shards.server";
import type { Env } from "~/env";
import { startMove, stepMove } from "~/domain/installation/moves.server";
import { BASE } from "./helpers";
import { uniqueAddress } from "./mail-helpers";
import { firmOnShard } from "./shard-firm";
import { newId } from "~/lib/ids";

/**
 * SCIM while its firm moves between shards (decision 0314, 0318): a write during the hold is
 * answered 503 with Retry-After, as every other write is (the directory's client sends it again),
 * not refused by the shard's fence trigger as an error; reads go on; after the switch the same
 * token writes on the new shard, even from an isolate that still remembers the old one.
 */
const installation = env as Env;
const shard = (n: number) => createDb(shardsOf(installation)[n].d1);
const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";

async function firmWithScimToken(n: number) {
  const companyId = newId();
  const token = `scim_${companyId}.${"s".repeat(43)}`;
  const tokenHash = await sha256Hex(token);
  const firm = await firmOnShard(n, {
    company: { id: companyId, name: "SCIM Mover LLP" },
    person: { name: "Maja Mover", addressPrefix: "scim-mover" },
    more: (db) => [db.insert(scimTokens).values({ id: crypto.randomUUID(), companyId, name: "Entra ID", tokenHash })],
  });
  return { company: firm.company, admin: firm.person, token };
}

function scim(path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  const headers = new Headers({ Authorization: `Bearer ${token}` });
  if (init.json !== undefined) headers.set("Content-Type", "application/scim+json");
  return SELF.fetch(`${BASE}/scim/v2${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

const newUser = (email: string) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
  userName: email,
  name: { givenName: "Saga", familyName: "Berg" },
  emails: [{ value: email, type: "work", primary: true }],
  active: true,
});

async function stepTo(id: string, state: string) {
  for (let i = 0; i < 20; i++) if ((await stepMove(installation, id)) === state) return;
  throw new Error(`move ${id} did not reach ${state}`);
}

describe("SCIM during a firm's move", () => {
  it("answers writes 503 with Retry-After during the hold, reads go on, and writes land on the new shard after the switch", async () => {
    const firm = await firmWithScimToken(1);
    const id = await startMove(installation, { companyId: firm.company.id, toShard: 2, startedBy: "test" });
    await stepTo(id, "holding");
    await expect(stepMove(installation, id, { faultAt: "holding:held" })).rejects.toThrow(/holding:held/);

    // Reads go on (the token's first use is not written while the firm is held).
    const list = await scim("/Users", firm.token);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { totalResults: number }).totalResults).toBe(1);

    const early = uniqueAddress("scim-held");
    const created = await scim("/Users", firm.token, { method: "POST", json: newUser(early) });
    expect(created.status).toBe(503);
    expect(created.headers.get("Retry-After")).toBe("2");
    expect(created.headers.get("X-Firm-Held")).toBe("1");
    expect(await created.json()).toMatchObject({ schemas: [ERROR], status: "503" });
    const patched = await scim(`/Users/${firm.admin.id}`, firm.token, {
      method: "PATCH",
      json: { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "replace", value: { title: "Partner" } }] },
    });
    expect(patched.status).toBe(503);
    expect(patched.headers.get("Retry-After")).toBe("2");
    const group = await scim("/Groups", firm.token, {
      method: "POST",
      json: { schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName: "Litigation" },
    });
    expect(group.status).toBe(503);
    expect((await shard(1).select({ id: users.id }).from(users).where(eq(users.email, early))).length).toBe(0);

    // The switch: the old shard keeps the firm's rows (gone) until the drain, and the Worker's
    // isolate may still place the firm there; the token's writes go to shard 2 all the same.
    await stepTo(id, "switched");
    const late = uniqueAddress("scim-after");
    const after = await scim("/Users", firm.token, { method: "POST", json: newUser(late) });
    expect(after.status).toBe(201);
    expect((await shard(2).select({ companyId: users.companyId }).from(users).where(eq(users.email, late)))[0]?.companyId).toBe(firm.company.id);
    expect((await shard(1).select({ id: users.id }).from(users).where(eq(users.email, late))).length).toBe(0);
  });
});
