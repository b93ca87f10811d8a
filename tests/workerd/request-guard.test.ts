import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { api, BASE, createCompany, db, PASSWORD, tokenFor } from "./helpers";

let ip = 0;
function signIn(email: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}/login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ email, password: PASSWORD, redirectTo: "" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `198.51.100.${++ip % 250}`, ...headers },
  });
}

describe("cross-site writes", () => {
  it.each<Record<string, string>>([
    { Origin: "https://evil.example" },
    { Origin: "null" },
    { Origin: "http://localhost.evil.example" },
    { "Sec-Fetch-Site": "cross-site" },
    { "Sec-Fetch-Site": "same-site" },
    { Origin: BASE, "Sec-Fetch-Site": "cross-site" },
  ])("refuses a page action with %j before any work", async (headers) => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const response = await signIn(user.email, headers);
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await response.text()).toBe("Cross-site request refused");
  });

  it("refuses an API write from another site and changes nothing", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const token = await tokenFor(user.email);
    const response = await api("/api/v2/workload/message", {
      method: "PUT",
      token,
      json: { message: "from evil" },
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Cross-site request refused" });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row.message).not.toBe("from evil");
  });

  it("lets same-origin browsers and clients without an Origin (bearer tokens) write", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    expect((await signIn(user.email, { Origin: BASE, Host: "localhost", "Sec-Fetch-Site": "same-origin" })).status).toBe(302);
    expect((await signIn(user.email)).status).toBe(302);
    const token = await tokenFor(user.email);
    const response = await api("/api/v2/workload/message", { method: "PUT", token, json: { message: "native client" } });
    expect(response.status).toBeLessThan(300);
  });

  it("never refuses reads", async () => {
    const response = await SELF.fetch(`${BASE}/login`, { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(200);
  });
});

describe("security headers", () => {
  it("sends a nonce-based Content-Security-Policy whose nonce is on every script", async () => {
    const response = await SELF.fetch(`${BASE}/login`);
    const csp = response.headers.get("Content-Security-Policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toMatch(/frame-ancestors 'self' https:\/\/teams\.microsoft\.com/);
    expect(response.headers.get("X-Frame-Options")).toBeNull();
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g)!;
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const again = await SELF.fetch(`${BASE}/login`);
    expect(again.headers.get("Content-Security-Policy")).not.toBe(csp);
  });

  it("keeps signed-in pages, the API and secret-bearing pages out of caches", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const cookie = (await signIn(user.email)).headers.get("Set-Cookie")!.split(";")[0];
    const token = await tokenFor(user.email);
    for (const response of [
      await SELF.fetch(`${BASE}/home`, { headers: { Cookie: cookie } }),
      await api("/api/v2/users/me", { token }),
      await SELF.fetch(`${BASE}/reset/not-a-real-hash`),
      await SELF.fetch(`${BASE}/login`),
    ]) {
      expect(response.headers.get("Cache-Control"), response.url).toBe("no-store");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });

  it("sends HSTS over https only", async () => {
    expect((await SELF.fetch("https://localhost/login")).headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect((await SELF.fetch(`${BASE}/login`)).headers.get("Strict-Transport-Security")).toBeNull();
  });
});

describe("request shape", () => {
  it("answers 415 or 400, never 500, to a page action whose body is not a form", async () => {
    const json = await SELF.fetch(`${BASE}/login`, { method: "POST", body: "{bad", headers: { "Content-Type": "application/json" } });
    expect(json.status).toBe(415);
    const multipart = await SELF.fetch(`${BASE}/login`, {
      method: "POST",
      body: "not multipart",
      headers: { "Content-Type": "multipart/form-data; boundary=zz" },
    });
    expect(multipart.status).toBe(400);
    expect(await multipart.text()).toBe("The form could not be read.");
  });

  it("reads a page action sent with no body, or an empty one, as an empty form: the action's 400, never a 500 (found by the fuzzer)", async () => {
    for (const init of [{}, { body: "" }, { body: "", headers: { "Content-Type": "text/plain" } }]) {
      const response = await SELF.fetch(`${BASE}/login`, { method: "POST", redirect: "manual", ...init });
      expect(response.status, JSON.stringify(init)).toBe(400);
    }
  });

  it("answers 400 to a JSON null where the password routes expect an object (found by the fuzzer)", async () => {
    const token = await tokenFor((await (await createCompany("Null body")).createUser("employee")).email);
    for (const path of ["/api/v2/account/password", "/api/v2/account/set-password/not-a-real-hash"]) {
      const response = await api(path, { method: "POST", token, json: null });
      expect(response.status, path).toBe(400);
    }
  });

  it("caps request bodies, counting while they stream (no Content-Length to trust)", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const token = await tokenFor(user.email);
    const big = "x".repeat(1024 * 1024 + 1);
    const declared = await api("/api/v2/workload/message", { method: "PUT", token, json: { message: big } });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: "The request is too large." });
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 3 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const streamed = await api(`/api/v2/users/${user.id}/profile-picture`, {
      method: "POST",
      token,
      body: stream,
      headers: { "Content-Type": "multipart/form-data; boundary=zz" },
    });
    expect(streamed.status).toBe(413);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row.message).toBe("");
    const page = await SELF.fetch(`${BASE}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: big, password: "x" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(page.status).toBe(413);
  });
});
