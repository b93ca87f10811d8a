import { request as httpRequest } from "node:http";
import { accounts, DEMO_PASSWORD, expect, test } from "./fixtures";

/**
 * `wrangler dev` is what testers click through: it must stay up under a burst of refused
 * requests that carry bodies (a response sent before the body is read used to break
 * wrangler's dev proxy, workers-sdk 15203 and friends) while a realtime socket is open,
 * and a GET that carries a body is a 400, not a 500.
 */

function raw(url: URL, method: string, body: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: { "Content-Length": String(Buffer.byteLength(body)), ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body);
  });
}

test("a GET or HEAD with a body is a 400, and 1,000 refused requests with bodies leave wrangler dev up with a socket open", async ({
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const base = new URL(baseURL!);
  expect(await raw(new URL("/login", base), "GET", "a=1")).toBe(400);
  expect(await raw(new URL("/api/v2/users/me", base), "GET", '{"a":1}', { "Content-Type": "application/json" })).toBe(400);

  const login = await request.post("/api/v2/account/login", { data: { email: accounts.employee, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const me = (await (await request.get("/api/v2/users/me", { headers: { Authorization: `Bearer ${token}` } })).json()) as { company: string };
  const ticket = await request.post("/api/v2/realtime/ticket", { headers: { Authorization: `Bearer ${token}` } });
  expect(ticket.status()).toBe(200);
  const { ticket: secret } = (await ticket.json()) as { ticket: string };
  const socket = new WebSocket(`ws://${base.host}/parties/company/${me.company}?ticket=${encodeURIComponent(secret)}`);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve());
    socket.addEventListener("error", () => reject(new Error("the realtime socket did not open")));
  });

  const body = "x".repeat(16 * 1024);
  const refused = [
    () => raw(new URL("/api/v2/workload/message", base), "PUT", body, { "Content-Type": "application/json" }), // 401: no credentials
    () => raw(new URL("/login", base), "POST", body, { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" }), // 403
    () => raw(new URL("/privacy", base), "POST", body, { "Content-Type": "application/x-www-form-urlencoded" }), // 405
  ];
  // 20 at a time; counted per kind and status ("1:403": 334).
  const counts: Record<string, number> = {};
  for (let i = 0; i < 1000; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: 20 }, async (_, j) => {
        const kind = (i + j) % refused.length;
        return `${kind}:${await refused[kind]().catch(() => 0)}`;
      }),
    );
    for (const key of batch) counts[key] = (counts[key] ?? 0) + 1;
  }
  expect(counts).toEqual({ "0:401": 334, "1:403": 333, "2:405": 333 });

  expect(socket.readyState).toBe(WebSocket.OPEN);
  expect((await request.get("/login")).status()).toBe(200);
  socket.close();
});
