import { env } from "cloudflare:test";
import { generateTOTP } from "@epic-web/totp";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "~/auth/secrets.server";
import { recoveryCodes, sessions, totpFactors } from "~/db/schema";
import { CHALLENGE_EXPIRED, SECOND_FACTOR_NEEDED, TOTP, WRONG_CODE, issueChallenge, readChallenge } from "~/domain/identity/second-factor.server";
import { STEP_UP_PASSWORD } from "~/domain/identity/step-up";
import { sealSecret } from "~/lib/secret-box.server";
import { mailedSecret } from "./account-helpers";
import { api, BASE, cookieFor, createCompany, db, page, PASSWORD, postForm, signedInMinutesAgo } from "./helpers";

let ipCounter = 0;
const nextIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** Gives `user` a confirmed code app with a known secret and the recovery codes `codes` (as the set-up leaves them). */
async function withTotp(user: { id: string; companyId: string }, codes: string[] = ["abcde-fghjk"]) {
  const { secret } = await generateTOTP(TOTP);
  await db()
    .insert(totpFactors)
    .values({
      userId: user.id,
      companyId: user.companyId,
      secretSealed: await sealSecret(env, `totp_factors.secret:${user.id}`, secret),
      confirmedAt: new Date(),
    });
  for (const code of codes) {
    await db()
      .insert(recoveryCodes)
      .values({ companyId: user.companyId, userId: user.id, codeHash: await sha256Hex(code.replace("-", "")) });
  }
  return { secret, code: async () => (await generateTOTP({ ...TOTP, secret })).otp };
}

const sessionCount = async (userId: string) => (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;

function login(email: string, ip = nextIp(), password = PASSWORD) {
  return api("/api/v2/account/login", { method: "POST", json: { email, password }, headers: { "CF-Connecting-IP": ip } });
}

function secondFactor(challenge: string, code: string, ip = nextIp()) {
  return api("/api/v2/account/login/second-factor", { method: "POST", json: { challenge, code }, headers: { "CF-Connecting-IP": ip } });
}

async function challengeFor(email: string): Promise<string> {
  const response = await login(email);
  expect(response.status).toBe(401);
  return ((await response.json()) as { challenge: string }).challenge;
}

describe("API sign-in with a second factor", () => {
  it("answers 401 second_factor_required with a challenge and opens no session; the follow-up with the code answers the token", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const app = await withTotp(user);
    const response = await login(user.email);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { code: string; message: string; challenge: string; methods: string[] };
    expect(body).toMatchObject({ code: "second_factor_required", message: SECOND_FACTOR_NEEDED, methods: ["totp", "recovery_code"] });
    expect(await sessionCount(user.id)).toBe(0);

    const wrong = await secondFactor(body.challenge, "000000");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: WRONG_CODE });
    expect(await sessionCount(user.id)).toBe(0);

    const code = await app.code();
    const right = await secondFactor(body.challenge, code);
    expect(right.status).toBe(200);
    const { token, _id } = (await right.json()) as { token: string; _id: string };
    expect(_id).toBe(user.id);
    expect((await api("/api/v2/users/me", { token })).status).toBe(200);

    // The same code a second time (a new challenge, the same 30 seconds) is refused.
    expect((await secondFactor(await challengeFor(user.email), code)).status).toBe(401);
  });

  it("takes a recovery code once, with or without its dash", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    await withTotp(user, ["k3f9a-2mxq7"]);
    expect((await secondFactor(await challengeFor(user.email), "K3F9A2MXQ7")).status).toBe(200);
    expect((await secondFactor(await challengeFor(user.email), "k3f9a-2mxq7")).status).toBe(401);
    const [row] = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(row.usedAt).not.toBeNull();
  });

  it("refuses a challenge that is expired, altered or of someone else's making, and a challenge is no token", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const app = await withTotp(user);
    const old = await issueChallenge(env, user, "", new Date(Date.now() - 11 * 60_000));
    expect(await readChallenge(env, old)).toBeNull();
    const expired = await secondFactor(old, await app.code());
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ message: CHALLENGE_EXPIRED });
    const challenge = await challengeFor(user.email);
    expect((await secondFactor(`${challenge.slice(0, -2)}xx`, await app.code())).status).toBe(401);
    expect((await api("/api/v2/users/me", { token: challenge })).status).toBe(401);
  });

  it("throttles wrong codes like passwords: five free, then 429 with Retry-After even for the right code", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const app = await withTotp(user);
    const challenge = await challengeFor(user.email);
    const ip = "198.51.100.99";
    for (let i = 0; i < 5; i++) expect((await secondFactor(challenge, String(100000 + i), ip)).status).toBe(401);
    const blocked = await secondFactor(challenge, await app.code(), ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/^Too many wrong codes\. Please wait/);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it("asks for the factor after a reset link's new password too", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const app = await withTotp(user);
    await api("/api/v2/account/reset-password", { method: "POST", json: { resetEmail: user.email }, headers: { "CF-Connecting-IP": nextIp() } });
    const secret = await mailedSecret(user.email, "reset");
    const newPassword = "a brand new passphrase";
    const response = await api(`/api/v2/account/set-password/${secret}`, {
      method: "POST",
      json: { newPassword, newPasswordConfirmation: newPassword },
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { code: string; challenge: string };
    expect(body.code).toBe("second_factor_required");
    expect(await sessionCount(user.id)).toBe(0);
    expect((await secondFactor(body.challenge, await app.code())).status).toBe(200);
  });
});

describe("page sign-in with a second factor", () => {
  it("sends the browser to the code page with the challenge cookie and no session, and the code opens the session", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const app = await withTotp(user);
    const response = await page("/login", {
      method: "POST",
      body: new URLSearchParams({ email: user.email, password: PASSWORD, redirectTo: "/settings" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": nextIp() },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login/second-factor");
    const challenge = response.headers.get("Set-Cookie")!.split(";")[0];
    expect(challenge).toMatch(/^__second_factor=/);
    expect(await sessionCount(user.id)).toBe(0);

    const codePage = await page("/login/second-factor", { headers: { Cookie: challenge } });
    expect(codePage.status).toBe(200);
    expect(await codePage.text()).toContain("Code from your authenticator app");
    // Another browser (no cookie) has nothing to finish.
    expect((await page("/login/second-factor")).headers.get("Location")).toBe("/login?expired=1");

    const wrong = await postForm(challenge, "/login/second-factor?_data=routes%2Flogin_.second-factor", { code: "123456" });
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(await wrong.json())).toContain(WRONG_CODE);
    const right = await postForm(challenge, "/login/second-factor?_data=routes%2Flogin_.second-factor", { code: await app.code() });
    expect(right.status).toBe(204);
    expect(right.headers.get("X-Remix-Redirect")).toBe("/settings");
    expect(right.headers.get("Set-Cookie")).toMatch(/__session=[^;]+/);
    expect(right.headers.get("Set-Cookie")).toMatch(/__second_factor=;/);
    expect(await sessionCount(user.id)).toBe(1);
  });

  it("sends a reset link's new password to the code page rather than signing in", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    await withTotp(user);
    await api("/api/v2/account/reset-password", { method: "POST", json: { resetEmail: user.email }, headers: { "CF-Connecting-IP": nextIp() } });
    const secret = await mailedSecret(user.email, "reset");
    const response = await page(`/reset/${secret}`, {
      method: "POST",
      body: new URLSearchParams({ newPassword: "another long passphrase", newPasswordConfirmation: "another long passphrase" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login/second-factor");
    expect(await sessionCount(user.id)).toBe(0);
  });
});

describe("setting up the authenticator app in settings", () => {
  const action = "/settings/authenticator?_data=routes%2F_app.settings_.authenticator";

  it("keeps the secret sealed, confirms it with a code and answers ten recovery codes stored hashed", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const cookie = await cookieFor(user.email);
    const start = await postForm(cookie, action, { intent: "start" });
    expect(start.headers.get("X-Remix-Redirect")).toBe("/settings/authenticator");
    const [row] = await db().select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row.confirmedAt).toBeNull();
    expect(row.secretSealed).toMatch(/^sb1:/);
    const shown = (await (
      await page("/settings/authenticator?_data=routes%2F_app.settings_.authenticator", { headers: { Cookie: cookie } })
    ).json()) as {
      pending: { secret: string; uri: string };
    };
    expect(row.secretSealed).not.toContain(shown.pending.secret);
    expect(shown.pending.uri).toMatch(/^otpauth:\/\/totp\//);

    const wrong = await postForm(cookie, action, { intent: "confirm", code: "000000" });
    expect(wrong.status).toBe(400);
    const { otp } = await generateTOTP({ ...TOTP, secret: shown.pending.secret });
    const confirmed = await postForm(cookie, action, { intent: "confirm", code: otp });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes: codes } = (await confirmed.json()) as { recoveryCodes: string[] };
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await db()
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
    expect(stored.map((r) => r.codeHash).sort()).toEqual((await Promise.all(codes.map((c) => sha256Hex(c.replace("-", ""))))).sort());
    // From now on the password alone opens no session.
    expect((await login(user.email)).status).toBe(401);
    expect((await secondFactor(await challengeFor(user.email), codes[0])).status).toBe(200);
  });

  it("needs the step-up: after the window, the password is asked before the app is turned on or off", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const cookie = await cookieFor(user.email);
    await postForm(cookie, action, { intent: "start" });
    await signedInMinutesAgo(user.id, 15);
    const refused = await postForm(cookie, action, { intent: "confirm", code: "123456" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, errors: { currentPassword: STEP_UP_PASSWORD } });
    expect((await db().select().from(totpFactors).where(eq(totpFactors.userId, user.id)))[0].confirmedAt).toBeNull();

    await db().delete(totpFactors).where(eq(totpFactors.userId, user.id));
    await withTotp(user);
    const off = await postForm(cookie, action, { intent: "remove" });
    expect(off.status).toBe(400);
    const offWithPassword = await postForm(cookie, action, { intent: "remove", currentPassword: PASSWORD });
    expect(offWithPassword.status).toBe(200);
    expect(await db().select().from(totpFactors).where(eq(totpFactors.userId, user.id))).toEqual([]);
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    expect((await login(user.email)).status).toBe(200);
  });

  it("is the settings page's link for a person with a password", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const html = await (await page("/settings", { headers: { Cookie: await cookieFor(user.email) } })).text();
    expect(html).toContain("Two-step sign-in");
    expect(html).toContain(`href="/settings/authenticator"`);
    expect(BASE).toBe("http://localhost");
  });
});
