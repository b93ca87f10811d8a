import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { startSession } from "~/domain/identity/session.server";
import { BASE, createCompany, db, PASSWORD } from "./helpers";

function page(path: string, init: RequestInit = {}) {
  return SELF.fetch(`${BASE}${path}`, { redirect: "manual", ...init });
}

async function signIn(email: string, redirectTo = "") {
  const form = new URLSearchParams({ email, password: PASSWORD, redirectTo });
  return page("/login", {
    method: "POST",
    body: form,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `192.0.2.${Math.floor(Math.random() * 250)}` },
  });
}

function cookieOf(response: Response): string {
  return response.headers.get("Set-Cookie")!.split(";")[0];
}

describe("route guard", () => {
  it("serves the public pages signed-out", async () => {
    for (const path of ["/login", "/privacy"]) {
      expect((await page(path)).status, path).toBe(200);
    }
  });

  it("sends a signed-out person to /login, remembering where they were going", async () => {
    const response = await page("/home");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fhome");
    const root = await page("/");
    expect(root.headers.get("Location")).toBe("/login");
    const unknown = await page("/no/such/page");
    expect(unknown.headers.get("Location")).toBe("/login?redirectTo=%2Fno%2Fsuch%2Fpage");
  });

  it("shows the not-found page with 404 for an unknown path when signed in", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const cookie = cookieOf(await signIn(user.email));
    const response = await page("/no/such/page", { headers: { Cookie: cookie } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found");
  });

  it("lands a company admin who is also admin on /groups, everyone else on /home", async () => {
    const { createUser } = await createCompany();
    const both = await createUser("companyAdmin", { administratorPriviliges: true });
    const observerAdmin = await createUser("companyAdmin", { admin: true });
    const plainCompanyAdmin = await createUser("companyAdmin");
    const employee = await createUser("employee");
    expect((await signIn(both.email)).headers.get("Location")).toBe("/groups");
    expect((await signIn(observerAdmin.email)).headers.get("Location")).toBe("/groups");
    expect((await signIn(plainCompanyAdmin.email)).headers.get("Location")).toBe("/home");
    expect((await signIn(employee.email)).headers.get("Location")).toBe("/home");
    expect((await signIn(employee.email, "/groups?x=1")).headers.get("Location")).toBe("/groups?x=1");
    expect((await signIn(employee.email, "//evil.example")).headers.get("Location")).toBe("/home");
  });

  it("keeps employees out of the company page and lets company admins in", async () => {
    const { createUser } = await createCompany("Guarded");
    const employee = cookieOf(await signIn((await createUser("employee")).email));
    const companyAdmin = cookieOf(await signIn((await createUser("companyAdmin")).email));
    const refused = await page("/groups", { headers: { Cookie: employee } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("This page is for administrators.");
    const allowed = await page("/groups", { headers: { Cookie: companyAdmin } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain("Guarded");
  });

  it("shows a wrong password on the form with the same text as an unknown e-mail", async () => {
    const response = await page("/login", {
      method: "POST",
      body: new URLSearchParams({ email: "nobody@example.test", password: "x" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Wrong e-mail or password.");
  });
});

describe("session cookie", () => {
  it("is HttpOnly and SameSite=Lax, without Secure in local development", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const header = (await signIn(user.email)).headers.get("Set-Cookie")!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).not.toMatch(/Secure/);
  });

  it("is Secure outside local development", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const context = {
      env: { ...env, APP_ENV: "production", SESSION_SECRET: "a-production-secret" },
      ctx: { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext,
      db: db(),
    };
    const { setCookie } = await startSession(context, user as never, new Request(BASE));
    expect(setCookie).toMatch(/^__Host-session=/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Domain=/);
  });

  it("shows the signed-in person's name, team and workload on /home", async () => {
    const { createUser, group, office } = await createCompany("Home Firm");
    const user = await createUser("employee", { name: "Grace Hopper", currentWorkload: 3 });
    const cookie = cookieOf(await signIn(user.email));
    const html = await (await page("/home", { headers: { Cookie: cookie } })).text();
    expect(html).toContain("Grace Hopper");
    expect(html).toContain(`${group.name} - ${office.name}`);
    expect(html).toContain("Seriously busy");
  });
});
