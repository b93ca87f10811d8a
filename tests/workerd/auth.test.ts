import { describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { eq } from "drizzle-orm";
import { hashPassword, needsRehash, pepperRing, verifyPassword } from "~/domain/identity/password-hash.server";
import { sessions, users } from "~/db/schema";
import { createCookie } from "@remix-run/cloudflare";
import { sessionSecret } from "~/auth/secrets.server";
import { IDLE_HOURS, SESSION_DAYS } from "~/auth/session.server";
import { env, SELF } from "cloudflare:test";
import { verifyLogin, WRONG_CREDENTIALS } from "~/domain/identity/login.server";
import { api, BASE, createCompany, db, PASSWORD, signIn, tokenFor } from "./helpers";
import { throttleAddress } from "~/domain/identity/login-throttle";
import { receivedFor, uniqueAddress, useFakeSmtp, waitForMail } from "./mail-helpers";

describe("password hashing", () => {
  const peppers = pepperRing({ APP_ENV: "production", PASSWORD_PEPPERS: "p2:second-pepper-0123456789,p1:first-pepper-0123456789" });

  it("uses PBKDF2-SHA256 with 100,000 iterations and a 16-byte salt over the peppered password, with the pepper's id in the hash", async () => {
    const a = await hashPassword("secret-one", peppers);
    const b = await hashPassword("secret-one", peppers);
    const [version, pepperId, scheme, iterations, salt] = a.split("$");
    expect([version, pepperId, scheme, iterations]).toEqual(["v2", "p2", "pbkdf2-sha256", "100000"]);
    expect(Uint8Array.from(atob(salt), (c) => c.charCodeAt(0)).length).toBe(16);
    expect(a).not.toBe(b);
    expect(await verifyPassword("secret-one", a, peppers)).toBe(true);
    expect(await verifyPassword("secret-two", a, peppers)).toBe(false);
    expect(await verifyPassword("secret-one", null, peppers)).toBe(false);
    // The same password and salt without the pepper is a different hash: the database alone is not enough.
    const unpeppered = await legacyHash(
      "secret-one",
      Uint8Array.from(atob(salt), (c) => c.charCodeAt(0)),
    );
    expect(unpeppered.split("$")[3]).not.toBe(a.split("$")[5]);
  });

  it("keeps verifying hashes of an older pepper and unpeppered ones, and refuses a pepper no longer listed", async () => {
    const old = pepperRing({ APP_ENV: "production", PASSWORD_PEPPERS: "p1:first-pepper-0123456789" });
    const withOld = await hashPassword("secret-one", old);
    expect(withOld.split("$")[1]).toBe("p1");
    expect(await verifyPassword("secret-one", withOld, peppers)).toBe(true);
    expect(needsRehash(withOld, peppers)).toBe(true);
    const legacy = await legacyHash("secret-one");
    expect(await verifyPassword("secret-one", legacy, peppers)).toBe(true);
    expect(needsRehash(legacy, peppers)).toBe(true);
    const retired = pepperRing({ APP_ENV: "production", PASSWORD_PEPPERS: "p3:third-pepper-0123456789" });
    expect(await verifyPassword("secret-one", withOld, retired)).toBe(false);
  });

  it("needs PASSWORD_PEPPERS outside development, and well-formed", () => {
    expect(() => pepperRing({ APP_ENV: "production" })).toThrow("PASSWORD_PEPPERS is not configured");
    expect(() => pepperRing({ APP_ENV: "production", PASSWORD_PEPPERS: "short:abc" })).toThrow(/at least 16 characters/);
  });

  it("rehashes an unpeppered hash with the current pepper on a successful sign-in", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee", { passwordHash: await legacyHash(PASSWORD) });
    expect((await api("/api/v2/account/login", { method: "POST", json: { email: user.email, password: PASSWORD } })).status).toBe(200);
    const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row.passwordHash!.split("$").slice(0, 4)).toEqual(["v2", pepperRing(env).currentId, "pbkdf2-sha256", "100000"]);
    expect((await api("/api/v2/account/login", { method: "POST", json: { email: user.email, password: PASSWORD } })).status).toBe(200);
  });
});

/** A hash as written before peppering: pbkdf2-sha256$iterations$salt$hash over the bare password. */
async function legacyHash(password: string, salt = crypto.getRandomValues(new Uint8Array(16))) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 1000 }, key, 256);
  const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
  return ["pbkdf2-sha256", 1000, b64(salt), b64(new Uint8Array(bits))].join("$");
}

describe("POST /api/v2/account/login", () => {
  it("answers a token whose payload carries id and completed", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const response = await api("/api/v2/account/login", { method: "POST", json: { email: user.email.toUpperCase(), password: PASSWORD } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; completed: boolean };
    const payload = decodeJwt(body.token);
    expect(payload.id).toBe(user.id);
    expect(payload.completed).toBe(true);
    expect(typeof payload.sid).toBe("string");
  });

  it("gives the same 401 message for a wrong password and an unknown e-mail", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const wrong = await api("/api/v2/account/login", {
      method: "POST",
      json: { email: user.email, password: "nope" },
      headers: { "CF-Connecting-IP": "192.0.2.1" },
    });
    const unknown = await api("/api/v2/account/login", {
      method: "POST",
      json: { email: "nobody@example.test", password: "nope" },
      headers: { "CF-Connecting-IP": "192.0.2.1" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Wrong e-mail or password." });
    expect(await unknown.json()).toEqual({ message: "Wrong e-mail or password." });
  });

  it("refuses an invited person without a password like any wrong password", async () => {
    const { createUser } = await createCompany();
    const invited = await createUser("invited");
    const response = await api("/api/v2/account/login", { method: "POST", json: { email: invited.email, password: "" } });
    expect(response.status).toBe(400);
    const again = await api("/api/v2/account/login", { method: "POST", json: { email: invited.email, password: "anything" } });
    expect(again.status).toBe(401);
  });

  it("answers 400 JSON for malformed JSON and for missing fields", async () => {
    const malformed = await api("/api/v2/account/login", { method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toBe("The request body is not valid JSON.");
    const missing = await api("/api/v2/account/login", { method: "POST", json: { email: "" } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      entityType: "LoginInputErrors",
      errors: { email: "This field is required.", password: "This field is required." },
    });
  });
});

function login(email: string, password: string, ip: string) {
  return api("/api/v2/account/login", { method: "POST", json: { email, password }, headers: { "CF-Connecting-IP": ip } });
}

describe("sign-in throttling (per account and address)", () => {
  it("gives an account five tries from one address, then 30 s, then doubling waits, for that address only", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    for (let i = 0; i < 5; i++) expect((await login(user.email, "wrong", "198.51.100.7")).status).toBe(401);
    const blocked = await login(user.email, PASSWORD, "198.51.100.7");
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toBe("30");
    expect(await blocked.json()).toEqual({ message: "Too many failed sign-in attempts. Please wait 30 seconds and try again." });

    // The partner, from their own desk, is not locked out by someone else's guesses.
    expect((await login(user.email, PASSWORD, "198.51.100.8")).status).toBe(200);

    // After the wait one more try; a wrong one doubles the wait.
    const later = new Date(Date.now() + 31_000);
    await expect(verifyLogin(signIn(), { email: user.email, password: "wrong" }, "198.51.100.7", later)).rejects.toThrow(WRONG_CREDENTIALS);
    await expect(verifyLogin(signIn(), { email: user.email, password: PASSWORD }, "198.51.100.7", later)).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 60,
    });
    // The right password after the wait signs in and the account starts over from there.
    const muchLater = new Date(later.getTime() + 61_000);
    expect((await verifyLogin(signIn(), { email: user.email, password: PASSWORD }, "198.51.100.7", muchLater)).id).toBe(user.id);
    await expect(verifyLogin(signIn(), { email: user.email, password: "wrong" }, "198.51.100.7", muchLater)).rejects.toThrow(WRONG_CREDENTIALS);
  });

  it("does not lock an office behind one address out because of one colleague's failures", async () => {
    const { createUser } = await createCompany();
    const careless = await createUser("employee");
    const colleague = await createUser("employee");
    for (let i = 0; i < 12; i++) await login(careless.email, "wrong", "203.0.113.9");
    expect((await login(careless.email, PASSWORD, "203.0.113.9")).status).toBe(429);
    expect((await login(colleague.email, PASSWORD, "203.0.113.9")).status).toBe(200);
  });

  it("refuses an address after 100 failures over any accounts, and only that address", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    for (let i = 0; i < 100; i++) {
      await expect(verifyLogin(signIn(), { email: `spray${i}@example.test`, password: "x" }, "203.0.113.50")).rejects.toThrow(WRONG_CREDENTIALS);
    }
    const blocked = await login(user.email, PASSWORD, "203.0.113.50");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(3500);
    expect((await login(user.email, PASSWORD, "203.0.113.51")).status).toBe(200);
  });

  it("counts parallel guesses one by one: of 20 at once, only the five free ones reach the password check", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(user.email, "wrong", "192.0.2.77")));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe("throttling that holds against address rotation (issue 26, item 10, decision 0270)", () => {
  it("names an IPv6 client by its /64, an IPv4-mapped one by its IPv4 address", () => {
    expect(throttleAddress("2001:DB8:26:1::1")).toBe("2001:db8:26:1::/64");
    expect(throttleAddress("2001:db8:26:1:ffff:ffff:ffff:ffff")).toBe("2001:db8:26:1::/64");
    expect(throttleAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(throttleAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(throttleAddress("192.0.2.1")).toBe("192.0.2.1");
  });

  it("counts the addresses of one IPv6 /64 as one client", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    // Five failures, each from another address of the same /64 ...
    for (let i = 1; i <= 5; i++) expect((await login(user.email, "wrong", `2001:db8:26:10::${i}`)).status).toBe(401);
    // ... and a sixth address of it waits like the first one would.
    const blocked = await login(user.email, PASSWORD, "2001:db8:26:10:abcd:1234:5678:9abc");
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ message: "Too many failed sign-in attempts. Please wait 30 seconds and try again." });
    // Another /64 is another client.
    expect((await login(user.email, PASSWORD, "2001:db8:26:11::1")).status).toBe(200);
  });

  it("after 20 failures in an hour from any addresses the account waits a minute, its owner is mailed once, and the right password still works", async () => {
    const firm = await createCompany("Soft Limit Firm");
    await useFakeSmtp(firm.company.id);
    const user = await firm.createUser("employee", { email: uniqueAddress("guessed") });
    // 20 addresses, one guess each: no address reaches its own limit.
    for (let i = 1; i <= 20; i++) expect((await login(user.email, "wrong", `203.0.113.${100 + i}`)).status).toBe(401);
    const [mail, ...more] = await waitForMail(user.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe("Failed sign-in attempts on your Availability account");
    expect(mail.text).toContain("with a wrong password 20 times or more");
    expect(mail.text).toContain("Your account is not locked: you can still sign in with your password.");

    // A 21st address waits too, even with the right password: a delay of the account, not of an address.
    const delayed = await login(user.email, PASSWORD, "203.0.113.200");
    expect(delayed.status).toBe(429);
    // A minute from the 20th failure; the mail check above can take a second or more on a loaded
    // machine, so the wait left is 60 s or a little less, and the message says the same as Retry-After.
    const retryAfter = Number(delayed.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await delayed.json()).toEqual({ message: `Too many failed sign-in attempts. Please wait ${retryAfter} seconds and try again.` });

    // After the wait: another failure (no second mail within the hour), then the owner signs in.
    const mailing = {
      ...signIn(),
      mailer: { mail: { db: db(), env, ctx: { waitUntil: (p: Promise<unknown>) => void p } }, appUrl: BASE, appName: "Availability" },
    };
    const later = new Date(Date.now() + 61_000);
    await expect(verifyLogin(mailing, { email: user.email, password: "wrong" }, "203.0.113.201", later)).rejects.toThrow(WRONG_CREDENTIALS);
    const owner = await verifyLogin(mailing, { email: user.email, password: PASSWORD }, "203.0.113.202", new Date(later.getTime() + 61_000));
    expect(owner.id).toBe(user.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await receivedFor(user.email)).toHaveLength(1);
  });
});

describe("bearer tokens and sessions", () => {
  it("GET /users/me answers 401 JSON without a token or with a bad one", async () => {
    for (const headers of [{}, { Authorization: "Bearer not-a-jwt" }, { Authorization: "Basic abc" }] as Record<string, string>[]) {
      const response = await api("/api/v2/users/me", { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("Content-Type")).toContain("application/json");
      expect(await response.json()).toEqual({ message: "Missing or invalid credentials." });
    }
  });

  it("GET /users/me returns the caller with the spec's field names", async () => {
    const { createUser, group, office, company } = await createCompany("Acme", { expandComment: false });
    const user = await createUser("employee", { name: "Ada Lovelace", currentWorkload: 2, message: "Busy week" });
    const response = await api("/api/v2/users/me", { token: await tokenFor(user.email) });
    expect(response.status).toBe(200);
    const me = (await response.json()) as Record<string, unknown>;
    expect(me).toMatchObject({
      _id: user.id,
      name: "Ada Lovelace",
      email: user.email,
      company: company.id,
      group: { _id: group.id, name: group.name },
      office: { _id: office.id, name: office.name },
      completed: true,
      administratorPriviliges: false,
      currentWorkload: 2,
      message: { message: "Busy week" },
      companyName: "Acme",
    });
    expect((me.settings as Record<string, unknown>).expandComment).toBe(false);
    expect(me.workplaceForecast).toHaveLength(5);
    expect(me.workplaceDefault).toHaveLength(5);
    expect(me).not.toHaveProperty("passwordHash");
  });

  it("POST /account/token/new rotates the session: a new session id, the old token stops working; logout ends the new one", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const token = await tokenFor(user.email);
    // GET no longer rotates (a link or an image must not end a session): 405 with the reason, the token still works.
    const viaGet = await api("/api/v2/account/token/new", { token });
    expect(viaGet.status).toBe(405);
    expect(viaGet.headers.get("Allow")).toBe("POST");
    expect(await viaGet.json()).toEqual({ message: "Rotate the token with POST /api/v2/account/token/new; GET no longer rotates it." });
    expect((await api("/api/v2/users/me", { token })).status).toBe(200);
    const renewed = await api("/api/v2/account/token/new", { method: "POST", token });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get("Set-Cookie")).toBeNull();
    const { token: fresh } = (await renewed.json()) as { token: string };
    expect(decodeJwt(fresh).sid).not.toBe(decodeJwt(token).sid);
    expect(decodeJwt(fresh).id).toBe(user.id);
    expect((await api("/api/v2/users/me", { token })).status).toBe(401);
    expect((await api("/api/v2/users/me", { token: fresh })).status).toBe(200);
    // The same old token renewed again gets nothing.
    expect((await api("/api/v2/account/token/new", { method: "POST", token })).status).toBe(401);

    const logout = await SELF.fetch(`${BASE}/logout`, { method: "POST", headers: { Authorization: `Bearer ${fresh}` }, redirect: "manual" });
    expect(logout.status).toBe(302);
    expect((await api("/api/v2/users/me", { token: fresh })).status).toBe(401);
  });

  it("renewal by cookie sets the new session's cookie, and the old cookie stops working", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const login = await SELF.fetch(`${BASE}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: user.email, password: PASSWORD }),
      headers: { "CF-Connecting-IP": "192.0.2.201" },
      redirect: "manual",
    });
    const cookie = login.headers.get("Set-Cookie")!.split(";")[0];
    const renewed = await api("/api/v2/account/token/new", { method: "POST", headers: { Cookie: cookie } });
    expect(renewed.status).toBe(200);
    const newCookie = renewed.headers.get("Set-Cookie")!.split(";")[0];
    expect(newCookie).not.toBe(cookie);
    expect((await api("/api/v2/users/me", { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await api("/api/v2/users/me", { headers: { Cookie: newCookie } })).status).toBe(200);
  });

  it("ends a session 14 days after sign-in however active, renewal included", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const token = await tokenFor(user.email);
    const sid = decodeJwt(token).sid as string;
    const [session] = await db().select().from(sessions).where(eq(sessions.id, sid));
    expect(Math.abs(session.expiresAt.getTime() - session.createdAt.getTime() - SESSION_DAYS * 86_400_000)).toBeLessThan(5000);
    expect(decodeJwt(token).exp).toBe(Math.floor(session.expiresAt.getTime() / 1000));
    // Renewal carries the sign-in's end over: it never extends the session.
    const { token: fresh } = (await (await api("/api/v2/account/token/new", { method: "POST", token })).json()) as { token: string };
    const [rotated] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, decodeJwt(fresh).sid as string));
    expect(rotated.expiresAt.getTime()).toBe(session.expiresAt.getTime());
    // Past its end (the token itself still verifies until then) the session is refused.
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, rotated.id));
    expect((await api("/api/v2/users/me", { token: fresh })).status).toBe(401);
  });

  it("ends a session after 72 hours without a request, and a request restarts the idle clock", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const token = await tokenFor(user.email);
    const sid = decodeJwt(token).sid as string;
    const hours = (n: number) => new Date(Date.now() - n * 3_600_000);
    await db()
      .update(sessions)
      .set({ lastSeenAt: hours(71) })
      .where(eq(sessions.id, sid));
    expect((await api("/api/v2/users/me", { token })).status).toBe(200);
    // The request moved lastSeenAt to now (written after the response).
    await expect
      .poll(async () => (await db().select().from(sessions).where(eq(sessions.id, sid)))[0].lastSeenAt!.getTime())
      .toBeGreaterThan(hours(1).getTime());
    await db()
      .update(sessions)
      .set({ lastSeenAt: hours(IDLE_HOURS + 1) })
      .where(eq(sessions.id, sid));
    expect((await api("/api/v2/users/me", { token })).status).toBe(401);
  });

  it("signs cookies and tokens with keys derived from the secret, not with the secret itself", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const token = await tokenFor(user.email);
    const { SignJWT } = await import("jose");
    const withRawSecret = await new SignJWT({ id: user.id, completed: true, sid: decodeJwt(token).sid })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(sessionSecret(env)));
    expect((await api("/api/v2/users/me", { token: withRawSecret })).status).toBe(401);
    const rawCookie = await createCookie("__session", { secrets: [sessionSecret(env)] }).serialize(decodeJwt(token).sid);
    expect((await api("/api/v2/users/me", { headers: { Cookie: rawCookie.split(";")[0] } })).status).toBe(401);
    // The token as issued works, so the refusals above are about the key.
    expect((await api("/api/v2/users/me", { token })).status).toBe(200);
  });

  it("a token signed with another secret is refused", async () => {
    const { SignJWT } = await import("jose");
    const forged = await new SignJWT({ id: "x", completed: true, sid: "y" })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("other-secret"));
    expect((await api("/api/v2/users/me", { token: forged })).status).toBe(401);
  });
});
