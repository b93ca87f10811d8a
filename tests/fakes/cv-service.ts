import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback CV service (CV Partner / Flowcase REST shape) for the tests and `npm start`:
 * `GET /api/v2/users/search?from=&size=` and `GET /api/v3/cvs/{user_id}/{cv_id}` with
 * `Authorization: Bearer {key}`. Each API key is its own account, so tests running at once
 * never see each other's data: `PUT /__control/{key}` sets an account's people, CVs and a
 * failure mode ("ok", "timeout": never answers in time, "401", "badjson", "500", "redirect": 302 elsewhere, "huge": 5 MiB without a length); an
 * unknown key gets 401 as the real service answers.
 */
export interface FakeCv {
  project_experiences?: { _id: string; customer?: { int?: string }; description?: { int?: string }; disabled?: boolean }[];
  technologies?: { technology_skills?: { _id?: string; tags?: { int?: string } }[] }[];
}

export interface FakeAccount {
  people: { user_id: string; default_cv_id: string; email: string; name: string }[];
  cvs: Record<string, FakeCv>;
  mode?: "ok" | "timeout" | "401" | "badjson" | "500" | "redirect" | "huge";
}

/** The account `npm start` serves to Demo Law (key "demo-cv-key"), see scripts/seed.ts. */
export const DEMO_CV_KEY = "demo-cv-key";

function demoAccount(): FakeAccount {
  const people = [
    {
      email: "employee@demo.test",
      name: "Demo Employee",
      projects: ["Nordbank – Acquisition of Baltic Leasing", "Volvo Cars – Supplier arbitration"],
      skills: ["M&A", "Arbitration"],
    },
    { email: "anna.lindqvist.0@demo.test", name: "Anna Lindqvist", projects: ["Ericsson – Patent licensing"], skills: ["Intellectual property"] },
  ];
  return {
    people: people.map((p, i) => ({ user_id: `u${i}`, default_cv_id: `cv${i}`, email: p.email, name: p.name })),
    cvs: Object.fromEntries(
      people.map((p, i) => [
        `cv${i}`,
        {
          project_experiences: p.projects.map((title, j) => {
            const [customer, description] = title.split(" – ");
            return { _id: `p${i}-${j}`, customer: { int: customer }, description: { int: description } };
          }),
          technologies: [{ technology_skills: p.skills.map((s, j) => ({ _id: `t${i}-${j}`, tags: { int: s } })) }],
        },
      ]),
    ),
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let data = "";
  for await (const chunk of req) data += chunk;
  return data;
}

export async function startFakeCvService(port = 0): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const accounts = new Map<string, FakeAccount>([[DEMO_CV_KEY, demoAccount()]]);
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const control = url.pathname.match(/^\/__control\/([^/]+)$/);
    if (control && req.method === "PUT") {
      accounts.set(decodeURIComponent(control[1]), JSON.parse(await readBody(req)) as FakeAccount);
      return send(res, 204, "");
    }
    const key = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
    const account = accounts.get(key);
    if (!account || account.mode === "401") return send(res, 401, { error: "Unauthorized" });
    if (account.mode === "timeout") {
      const timer = setTimeout(() => send(res, 200, []), 20_000);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    if (account.mode === "500") return send(res, 500, { error: "Internal Server Error" });
    if (account.mode === "badjson") return send(res, 200, "<html>Maintenance</html>");
    if (account.mode === "redirect") {
      // Followed, this would answer (an empty list): the client must stop at the redirect instead.
      res.writeHead(302, { Location: `/moved${url.pathname}${url.search}` });
      return res.end();
    }
    if (account.mode === "huge") {
      // 5 MiB of a JSON list, chunked, with no Content-Length: only counting stops it.
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write("[");
      const chunk = `${JSON.stringify({ user_id: "x".repeat(1000) })},`.repeat(64);
      for (let sent = 0; sent < 5 * 1024 * 1024 && !res.destroyed; sent += chunk.length) res.write(chunk);
      return res.end("{}]");
    }
    if (url.pathname.startsWith("/moved/")) return send(res, 200, []);
    if (req.method === "GET" && url.pathname === "/api/v2/users/search") {
      const from = Number(url.searchParams.get("from") ?? 0);
      const size = Number(url.searchParams.get("size") ?? 100);
      return send(res, 200, account.people.slice(from, from + size));
    }
    const cv = url.pathname.match(/^\/api\/v3\/cvs\/([^/]+)\/([^/]+)$/);
    if (req.method === "GET" && cv) {
      const found = account.cvs[decodeURIComponent(cv[2])];
      return found ? send(res, 200, found) : send(res, 404, { error: "Not found" });
    }
    send(res, 404, { error: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// `tsx tests/fakes/cv-service.ts` (npm start): serve on $CV_FAKE_PORT or $PORT + 400 (decision 0285) until stopped.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  const { devPorts } = await import("../../scripts/dev-ports");
  startFakeCvService(devPorts().CV_PORT).then(({ url }) => console.log(`fake CV service on ${url} (key ${DEMO_CV_KEY})`));
}
