import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback DNS-over-HTTPS resolver speaking the JSON API (Cloudflare's and Google's
 * `application/dns-json`: GET /dns-query?name=&type=, answering Status, Question and Answer
 * with TXT data in quotes), for the firm-domain verification (decision 0250). Tests and
 * `npm start` load records through /_fake/records:
 *
 * - POST /_fake/records {"name": "firm.test", "type": "TXT", "data": "availability-verification=…"} adds one;
 * - DELETE /_fake/records?name=firm.test removes a name's records.
 *
 * `tsx tests/fakes/doh-server.ts --port N` runs it on its own; with `--demo` (scripts/dev-server.sh,
 * scripts/e2e-server.sh) it starts with the seeded Demo Law's record at demolaw.test, so the
 * demo firm's domain proves itself on a fresh clone ("Check now" in the SSO dialog, the cron).
 */
const TYPES: Record<string, number> = { A: 1, CNAME: 5, TXT: 16, AAAA: 28 };

export async function startFakeDoh(options: { port?: number } = {}) {
  const records = new Map<string, { type: number; data: string }[]>();
  const key = (name: string) => name.toLowerCase().replace(/\.$/, "");

  const add = (name: string, type: string, data: string) => {
    const list = records.get(key(name)) ?? [];
    list.push({ type: TYPES[type] ?? 16, data });
    records.set(key(name), list);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/_fake/records") {
      if (req.method === "POST") {
        const body = JSON.parse(await read(req)) as { name: string; type?: string; data: string };
        add(body.name, body.type ?? "TXT", body.data);
        return send(res, 200, { ok: true });
      }
      if (req.method === "DELETE") {
        records.delete(key(url.searchParams.get("name") ?? ""));
        return send(res, 200, { ok: true });
      }
    }
    if (url.pathname !== "/dns-query" || req.method !== "GET") return send(res, 404, { error: "not found" });
    const name = url.searchParams.get("name") ?? "";
    const typeName = (url.searchParams.get("type") ?? "A").toUpperCase();
    const type = TYPES[typeName] ?? Number(typeName);
    if (!name || !type) return send(res, 400, { error: "Invalid query" });
    const found = (records.get(key(name)) ?? []).filter((r) => r.type === type);
    const exists = records.has(key(name));
    send(res, 200, {
      // NXDOMAIN (3) for a name with no records at all, NOERROR (0) otherwise, as a resolver answers.
      Status: exists ? 0 : 3,
      TC: false,
      RD: true,
      RA: true,
      AD: false,
      CD: false,
      Question: [{ name: `${key(name)}.`, type }],
      ...(found.length
        ? {
            Answer: found.map((r) => ({
              name: `${key(name)}.`,
              type: r.type,
              TTL: 300,
              data: r.type === 16 ? `"${r.data.replaceAll('"', '\\"')}"` : r.data,
            })),
          }
        : {}),
    });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}/dns-query`,
    /** Adds a record, as POST /_fake/records does. */
    add,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function read(req: IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/dns-json" });
  res.end(JSON.stringify(body));
}

/** The seeded Demo Law's proof of demolaw.test (scripts/seed-data.ts records it as verified by DNS, with this token). */
async function demoRecords(): Promise<{ name: string; data: string }[]> {
  const { verificationRecord } = await import("../../app/domain/identity/sso/domain-record.server");
  const { DEMO_DOMAIN_TOKEN, DEMO_FIRM_DOMAIN } = await import("../../scripts/seed-constants");
  return [{ name: DEMO_FIRM_DOMAIN, data: verificationRecord(DEMO_DOMAIN_TOKEN) }];
}

if (process.argv[1]?.endsWith("doh-server.ts")) {
  const at = process.argv.indexOf("--port");
  const port = at > 0 ? Number(process.argv[at + 1]) : (await import("../../scripts/dev-ports")).devPorts().DOH_PORT;
  const doh = await startFakeDoh({ port });
  const demo = process.argv.includes("--demo") ? await demoRecords() : [];
  for (const record of demo) doh.add(record.name, "TXT", record.data);
  console.log(`[doh] DNS-over-HTTPS (JSON) on ${doh.url}${demo.length ? `, with ${demo.map((r) => r.name).join(", ")}` : ""}`);
}
