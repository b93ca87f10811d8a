import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { COMMON_PASSWORD_COUNT } from "~/domain/identity/common-passwords.generated";
import { isCommonPassword } from "~/domain/identity/common-passwords.server";
import { sha256Hex } from "~/auth/secrets.server";
import { PASSWORD_TOO_COMMON } from "~/domain/identity/password-policy.server";
import { passwordResetTokens, users } from "~/db/schema";
import { lastMailTo, mailedSecret, send } from "./account-helpers";
import { api, BASE, createCompany, db, PASSWORD, tokenFor } from "./helpers";
import { useFakeSmtp, waitForMail } from "./mail-helpers";

const REQUIRED = "This field is required.";

let firm: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  firm = await createCompany("Password Firm");
});

let ipCounter = 0;
function resetRequest(resetEmail: unknown, ip = `198.51.100.${++ipCounter % 250}`) {
  return api("/api/v2/account/reset-password", { method: "POST", json: { resetEmail }, headers: { "CF-Connecting-IP": ip } });
}

async function resetSecretFor(email: string) {
  const response = await resetRequest(email);
  expect(response.status).toBe(200);
  return mailedSecret(email, "reset");
}

describe("POST /account/reset-password", () => {
  it("mails a single link valid for an hour, stored only as a hash", async () => {
    const user = await firm.createUser("employee");
    const response = await resetRequest(user.email.toUpperCase());
    expect(await response.json()).toEqual({ message: "Reset link sent" });
    const mail = await lastMailTo(user.email);
    expect(mail.subject).toBe("Reset your Availability password");
    const secret = await mailedSecret(user.email, "reset");
    expect(mail.textBody).toContain(`${BASE}/reset/${secret}`);
    const [token] = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(token.tokenHash).toBe(await sha256Hex(secret));
    expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBe(60 * 60_000);
  });

  it("answers the same for unknown e-mails and invited people, and mails nobody", async () => {
    const invited = await firm.createUser("invited");
    for (const email of ["nobody-here@example.test", invited.email]) {
      const response = await resetRequest(email);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: "Reset link sent" });
      expect(await lastMailTo(email)).toBeUndefined();
    }
  });

  it("needs a valid e-mail", async () => {
    expect(await (await resetRequest("")).json()).toMatchObject({ errors: { resetEmail: REQUIRED } });
    expect(await (await resetRequest("nope")).json()).toMatchObject({ errors: { resetEmail: "Needs to be a valid email" } });
  });

  it("throttles: five requests an hour per e-mail, twenty per address", async () => {
    const email = "throttled-reset@example.test";
    for (let i = 0; i < 5; i++) expect((await resetRequest(email)).status).toBe(200);
    const sixth = await resetRequest(email);
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({ message: "Too many reset requests. Please wait an hour and try again." });
    for (let i = 0; i < 20; i++) expect((await resetRequest(`spray-${i}@example.test`, "203.0.113.77")).status).toBe(200);
    expect((await resetRequest("spray-last@example.test", "203.0.113.77")).status).toBe(429);
  });

  it("mails the link through the company's SMTP server when it has one", async () => {
    const smtpFirm = await createCompany("Password SMTP Firm");
    await useFakeSmtp(smtpFirm.company.id);
    const user = await smtpFirm.createUser("employee");
    await resetRequest(user.email);
    const [mail] = await waitForMail(user.email);
    expect(mail.subject).toBe("Reset your Availability password");
    expect(mail.text).toMatch(/\/reset\/[0-9a-f]{24}\.[A-Za-z0-9_-]{43}/);
  });
});

describe("POST /account/set-password/{resetHash}", () => {
  it("checks both fields with entityType SetPasswordInputErrors", async () => {
    const user = await firm.createUser("employee");
    const secret = await resetSecretFor(user.email);
    const empty = await send("POST", `/account/set-password/${secret}`, undefined, {});
    expect(empty.body).toEqual({
      entityType: "SetPasswordInputErrors",
      message: "Please correct the marked fields.",
      errors: { newPassword: REQUIRED, newPasswordConfirmation: REQUIRED },
    });
    expect(
      (await send("POST", `/account/set-password/${secret}`, undefined, { newPassword: "short", newPasswordConfirmation: "short" })).body.errors,
    ).toEqual({ newPassword: "Use at least 12 characters." });
    expect(
      (
        await send("POST", `/account/set-password/${secret}`, undefined, {
          newPassword: "long enough now",
          newPasswordConfirmation: "long enough now!",
        })
      ).body.errors,
    ).toEqual({
      newPasswordConfirmation: "Passwords don't match",
    });
  });

  it("sets the password, signs in, ends the other sessions, and the link works once", async () => {
    const user = await firm.createUser("employee");
    const oldToken = await tokenFor(user.email);
    const secret = await resetSecretFor(user.email);
    const response = await send("POST", `/account/set-password/${secret}`, undefined, {
      newPassword: "brand new pass",
      newPasswordConfirmation: "brand new pass",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ message: "Password changed.", completed: true, _id: user.id });
    expect((await send("GET", "/users/me", response.body.token)).status).toBe(200);
    expect((await send("GET", "/users/me", oldToken)).status).toBe(401);
    expect(await tokenFor(user.email, "brand new pass")).toBeTruthy();
    await expect(tokenFor(user.email, PASSWORD)).rejects.toThrow(/401/);
    const again = await send("POST", `/account/set-password/${secret}`, undefined, {
      newPassword: "another one!",
      newPasswordConfirmation: "another one!",
    });
    expect(again).toMatchObject({ status: 404, body: { message: "This reset link is invalid or has expired." } });
  });

  it("refuses an expired link and one replaced by a newer request", async () => {
    const user = await firm.createUser("employee");
    const hashBefore = (await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)))[0].hash;
    const first = await resetSecretFor(user.email);
    const second = await resetSecretFor(user.email);
    const body = { newPassword: "long enough now", newPasswordConfirmation: "long enough now" };
    expect((await send("POST", `/account/set-password/${first}`, undefined, body)).status).toBe(404);
    await db()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, await sha256Hex(second)));
    expect((await send("POST", `/account/set-password/${second}`, undefined, body)).status).toBe(404);
    const [row] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row.hash).toBe(hashBefore);
    expect(await tokenFor(user.email)).toBeTruthy();
  });
});

describe("the /reset/{resetHash} page", () => {
  it("says when a link is not valid", async () => {
    const html = await (await SELF.fetch(`${BASE}/reset/unknown`)).text();
    expect(html).toContain("Reset Password");
    expect(html).toContain("This reset link is invalid or has expired.");
  });

  it("resets, signs in and lands with 'Password changed.'", async () => {
    const user = await firm.createUser("employee");
    const secret = await resetSecretFor(user.email);
    const page = await (await SELF.fetch(`${BASE}/reset/${secret}`)).text();
    expect(page).toContain("Confirm password");
    const form = new URLSearchParams({ newPassword: "page password", newPasswordConfirmation: "page password" });
    const done = await SELF.fetch(`${BASE}/reset/${secret}`, { method: "POST", body: form, redirect: "manual" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/home?flash=passwordChanged");
    const cookie = done.headers.get("Set-Cookie")!.split(";")[0];
    const home = await SELF.fetch(`${BASE}/home?flash=passwordChanged`, { headers: { Cookie: cookie } });
    expect(await home.text()).toContain("Password changed.");
  });
});

describe("new passwords: 12 characters and not a common breached one", () => {
  it("bundles at least 10,000 of the most common breached passwords, compared without case", () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
    for (const common of ["123456", "password", "1qaz2wsx3edc", "QWERTY123456", "administrator", "iloveyou"])
      expect(isCommonPassword(common), common).toBe(true);
    for (const fine of [PASSWORD, "demo-password-1", "brand new pass"]) expect(isCommonPassword(fine), fine).toBe(false);
  });

  it("refuses a common one on the reset link, and the link keeps working for a good one", async () => {
    const user = await firm.createUser("employee");
    const secret = await resetSecretFor(user.email);
    const common = await send("POST", `/account/set-password/${secret}`, undefined, {
      newPassword: "1qaz2wsx3edc",
      newPasswordConfirmation: "1qaz2wsx3edc",
    });
    expect(common).toMatchObject({ status: 400, body: { entityType: "SetPasswordInputErrors", errors: { newPassword: PASSWORD_TOO_COMMON } } });
    await expect(tokenFor(user.email, "1qaz2wsx3edc")).rejects.toThrow(/401/);
    const good = await send("POST", `/account/set-password/${secret}`, undefined, {
      newPassword: "brand new pass",
      newPasswordConfirmation: "brand new pass",
    });
    expect(good.status).toBe(200);
  });

  it("shows the refusal on the reset page's password field", async () => {
    const user = await firm.createUser("employee");
    const secret = await resetSecretFor(user.email);
    const response = await SELF.fetch(`${BASE}/reset/${secret}`, {
      method: "POST",
      body: new URLSearchParams({ newPassword: "qwerty123456", newPasswordConfirmation: "qwerty123456" }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(PASSWORD_TOO_COMMON);
  });

  it("refuses a common one when changing one's password, and keeps the old one", async () => {
    const user = await firm.createUser("employee");
    const token = await tokenFor(user.email);
    const response = await send("POST", "/account/password", token, {
      oldPassword: PASSWORD,
      newPassword: "qazwsxedcrfv",
      newPasswordConfirmation: "qazwsxedcrfv",
    });
    expect(response).toMatchObject({ status: 400, body: { entityType: "ChangePasswordInputErrors", errors: { newPassword: PASSWORD_TOO_COMMON } } });
    expect(await tokenFor(user.email)).toBeTruthy();
  });
});

describe("POST /account/password (change password)", () => {
  it("requires all three fields ('Required') with entityType ChangePasswordInputErrors", async () => {
    const user = await firm.createUser("employee");
    const token = await tokenFor(user.email);
    const empty = await send("POST", "/account/password", token, {});
    expect(empty.body).toEqual({
      entityType: "ChangePasswordInputErrors",
      message: "Please correct the marked fields.",
      errors: { oldPassword: "Required", newPassword: "Required", newPasswordConfirmation: "Required" },
    });
    const mismatch = await send("POST", "/account/password", token, {
      oldPassword: PASSWORD,
      newPassword: "long enough now",
      newPasswordConfirmation: "long enougH",
    });
    expect(mismatch.body.errors).toEqual({ newPasswordConfirmation: "Passwords don't match" });
    const wrong = await send("POST", "/account/password", token, {
      oldPassword: "not it",
      newPassword: "long enough now",
      newPasswordConfirmation: "long enough now",
    });
    expect(wrong).toMatchObject({ status: 400, body: { entityType: "ChangePasswordInputErrors", errors: { oldPassword: "Wrong password." } } });
  });

  it("changes the password, keeps this session and ends the others", async () => {
    const user = await firm.createUser("employee");
    const token = await tokenFor(user.email);
    const otherDevice = await tokenFor(user.email);
    const response = await send("POST", "/account/password", token, {
      oldPassword: PASSWORD,
      newPassword: "changed password",
      newPasswordConfirmation: "changed password",
    });
    expect(response).toMatchObject({ status: 200, body: { message: "Password changed!" } });
    expect((await send("GET", "/users/me", token)).status).toBe(200);
    expect((await send("GET", "/users/me", otherDevice)).status).toBe(401);
    expect(await tokenFor(user.email, "changed password")).toBeTruthy();
  });
});

describe("the login page's forgot-password dialog", () => {
  it("posts to /resources/forgot-password and always reports the link as sent", async () => {
    const user = await firm.createUser("employee");
    for (const resetEmail of [user.email, "nobody-dialog@example.test"]) {
      const response = await SELF.fetch(`${BASE}/resources/forgot-password`, {
        method: "POST",
        body: new URLSearchParams({ resetEmail }),
        headers: { "CF-Connecting-IP": "198.18.0.1" },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "success" });
    }
    expect(await lastMailTo(user.email)).toBeTruthy();
    const login = await (await SELF.fetch(`${BASE}/login`)).text();
    expect(login).toContain("Forgot password");
  });
});
