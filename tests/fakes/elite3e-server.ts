import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback stand-in for a firm's Elite 3E, speaking the protocol of
 * app/integrations/elite3e/client.server.ts: OAuth2 client credentials at /oauth2/token
 * (tokens expire), and paged reads of /api/v1/{Timekeeper|Matter|Timecard} filtered by
 * modifiedSince and ordered by (LastModified, key). Each firm (tenant) lives under its own
 * prefix, /t/{tenant}, so test files share one server without sharing data.
 *
 * Control calls, for the tests (which run inside workerd and reach it over HTTP):
 *   PUT  /t/{tenant}/__control/data     { timekeepers?, matters?, timecards? } merged by key
 *   PUT  /t/{tenant}/__control/faults   [{ resource, page, kind: "500" | "401" | "timeout" | "bad", times }]
 *   POST /t/{tenant}/__control/expire-tokens
 *   GET  /t/{tenant}/__control/stats    { tokensIssued, reads: [{ resource, page, status }] }
 *
 * Run on its own (`npm start` does) it serves tenant "demo" with the data of
 * scripts/elite3e-demo.ts.
 */
export const FAKE_CLIENT_ID = "availability-client";
export const FAKE_CLIENT_SECRET = "fake-3e-secret";

type Item = Record<string, unknown> & { LastModified: string };
type Resource = "Timekeeper" | "Matter" | "Timecard";
const KEYS: Record<Resource, string> = { Timekeeper: "Number", Matter: "Number", Timecard: "Id" };

interface Fault {
  resource: Resource;
  page: number;
  kind: "500" | "401" | "timeout" | "bad";
  times: number;
}

interface Tenant {
  data: Record<Resource, Map<string, Item>>;
  tokens: Map<string, number>;
  tokenTtlSeconds: number;
  faults: Fault[];
  tokensIssued: number;
  reads: { resource: string; page: number; status: number; since: string | null }[];
}

function newTenant(): Tenant {
  return {
    data: { Timekeeper: new Map(), Matter: new Map(), Timecard: new Map() },
    tokens: new Map(),
    tokenTtlSeconds: 3600,
    faults: [],
    tokensIssued: 0,
    reads: [],
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

export function createFakeElite(tenants = new Map<string, Tenant>()) {
  const tenantOf = (name: string) => {
    let t = tenants.get(name);
    if (!t) tenants.set(name, (t = newTenant()));
    return t;
  };

  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const match = /^\/t\/([A-Za-z0-9_-]+)(\/.*)$/.exec(url.pathname);
    if (!match) return send(res, 404, { message: "unknown tenant" });
    const tenant = tenantOf(match[1]);
    const path = match[2];
    const body = await readBody(req);

    if (path === "/__control/data" && req.method === "PUT") {
      const input = JSON.parse(body) as { timekeepers?: Item[]; matters?: Item[]; timecards?: Item[] };
      for (const [key, resource] of [
        ["timekeepers", "Timekeeper"],
        ["matters", "Matter"],
        ["timecards", "Timecard"],
      ] as const)
        for (const item of input[key] ?? []) tenant.data[resource].set(String(item[KEYS[resource]]), item);
      return send(res, 200, { ok: true });
    }
    if (path === "/__control/faults" && req.method === "PUT") {
      tenant.faults = JSON.parse(body) as Fault[];
      return send(res, 200, { ok: true });
    }
    if (path === "/__control/expire-tokens" && req.method === "POST") {
      tenant.tokens.clear();
      return send(res, 200, { ok: true });
    }
    if (path === "/__control/stats" && req.method === "GET") {
      return send(res, 200, { tokensIssued: tenant.tokensIssued, reads: tenant.reads });
    }

    if (path === "/oauth2/token" && req.method === "POST") {
      const form = new URLSearchParams(body);
      if (form.get("grant_type") !== "client_credentials") return send(res, 400, { error: "unsupported_grant_type" });
      if (form.get("client_id") !== FAKE_CLIENT_ID || form.get("client_secret") !== FAKE_CLIENT_SECRET)
        return send(res, 401, { error: "invalid_client" });
      const token = `tok-${Math.random().toString(36).slice(2)}`;
      tenant.tokens.set(token, Date.now() + tenant.tokenTtlSeconds * 1000);
      tenant.tokensIssued++;
      return send(res, 200, { access_token: token, token_type: "Bearer", expires_in: tenant.tokenTtlSeconds });
    }

    const read = /^\/api\/v1\/(Timekeeper|Matter|Timecard)$/.exec(path);
    if (read && req.method === "GET") {
      const resource = read[1] as Resource;
      const page = Number(url.searchParams.get("page") ?? 1);
      const pageSize = Math.min(Number(url.searchParams.get("pageSize") ?? 100), 1000);
      const record = (status: number) => tenant.reads.push({ resource, page, status, since: url.searchParams.get("modifiedSince") });
      const auth = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
      const expires = tenant.tokens.get(auth);
      if (!expires || expires < Date.now()) {
        record(401);
        return send(res, 401, { error: "invalid_token" });
      }
      const fault = tenant.faults.find((f) => f.resource === resource && f.page === page && f.times > 0);
      if (fault) {
        fault.times--;
        if (fault.kind === "timeout") {
          record(0);
          // Never answers in time: the client gives up first.
          await new Promise((r) => setTimeout(r, 3000));
          if (!res.writableEnded && !res.destroyed) send(res, 504, { message: "late" });
          return;
        }
        if (fault.kind === "bad") {
          record(200);
          return send(res, 200, { items: [{ nonsense: true }], hasMore: true });
        }
        if (fault.kind === "401") {
          record(401);
          return send(res, 401, { error: "invalid_token" });
        }
        record(500);
        return send(res, 500, { message: "internal error" });
      }
      const since = url.searchParams.get("modifiedSince");
      const sinceMs = since ? Date.parse(since) : -Infinity;
      const key = KEYS[resource];
      const items = [...tenant.data[resource].values()]
        .filter((item) => Date.parse(item.LastModified) >= sinceMs)
        .sort((a, b) => Date.parse(a.LastModified) - Date.parse(b.LastModified) || String(a[key]).localeCompare(String(b[key])));
      const slice = items.slice((page - 1) * pageSize, page * pageSize);
      record(200);
      return send(res, 200, { items: slice, page, pageSize, hasMore: page * pageSize < items.length });
    }
    send(res, 404, { message: "not found" });
  };
}

export async function startFakeElite(port = 0, tenants?: Map<string, Tenant>): Promise<{ port: number; server: Server; close: () => Promise<void> }> {
  const handle = createFakeElite(tenants);
  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error("fake 3E", error);
      if (!res.headersSent) send(res, 500, { message: "fake failed" });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// `tsx tests/fakes/elite3e-server.ts [port]`: the demo firm's 3E for `npm start` (tenant "demo"), by default
// on $ELITE_PORT or $PORT + 300 (decision 0285).
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const { demoEliteData, DEMO_ELITE_TENANT, DEMO_TIMEKEEPERS } = await import("../../scripts/elite3e-demo");
  const { devPorts } = await import("../../scripts/dev-ports");
  // Data modules that import nothing: the seed imports this file (for the credentials), so
  // importing the seed from here would be a circle under this top-level await.
  const { demoPeopleNames } = await import("../../scripts/demo-people");
  const port = Number(process.argv[2] ?? devPorts().ELITE_PORT);
  const tenants = new Map<string, Tenant>();
  const demo = newTenant();
  const data = demoEliteData(Date.now(), demoPeopleNames(DEMO_TIMEKEEPERS));
  for (const item of data.timekeepers) demo.data.Timekeeper.set(item.Number, item);
  for (const item of data.matters) demo.data.Matter.set(item.Number, item);
  for (const item of data.timecards) demo.data.Timecard.set(item.Id, item);
  tenants.set(DEMO_ELITE_TENANT, demo);
  const server = await startFakeElite(port, tenants);
  console.log(`[fake 3E] http://127.0.0.1:${server.port}/t/${DEMO_ELITE_TENANT} (client ${FAKE_CLIENT_ID})`);
}
