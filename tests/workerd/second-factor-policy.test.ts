import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, companies, passkeys, recoveryCodes, sessions, totpFactors } from "~/db/schema";
import { CLEAR_OWN_FACTORS, nothingToClear } from "~/domain/identity/second-factor-admin.server";
import { GRACE_DAYS_MESSAGE, SECOND_FACTOR_SETUP_REQUIRED } from "~/domain/identity/second-factor-policy.schema";
import { STEP_UP_PASSWORD } from "~/domain/identity/step-up";
import { api, cookieFor, createCompany, createCompanyWithRoles, db, page, PASSWORD, postForm, signedInMinutesAgo, tokenFor } from "./helpers";
import { mailedSecret } from "./account-helpers";
import { uniqueAddress, useFakeSmtp, waitForMail } from "./mail-helpers";

/**
 * The company's two-step rule (decision 0298): a company admin requires a second factor of
 * everyone on password sign-in, with a grace period; and an administrator clears a person's
 * factors, the person told by mail.
 */

const POLICY = "/api/v2/company/second-factor-policy";
const DAY_MS = 86_400_000;
let ipCounter = 0;
const nextIp = () => `198.19.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function apiLogin(email: string) {
  return api("/api/v2/account/login", { method: "POST", json: { email, password: PASSWORD }, headers: { "CF-Connecting-IP": nextIp() } });
}

function pageLogin(email: string, redirectTo = "/home") {
  return page("/login", {
    method: "POST",
    body: new URLSearchParams({ email, password: PASSWORD, redirectTo }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": nextIp() },
  });
}

/** The rule, turned on `daysAgo` days ago with `graceDays` of grace. */
async function requireSince(companyId: string, daysAgo: number, graceDays = 14) {
  await db()
    .update(companies)
    .set({ secondFactorRequiredAt: new Date(Date.now() - daysAgo * DAY_MS), secondFactorGraceDays: graceDays })
    .where(eq(companies.id, companyId));
}

async function withConfirmedTotp(user: { id: string; companyId: string }) {
  await db().insert(totpFactors).values({ userId: user.id, companyId: user.companyId, secretSealed: "sb1:not-used", confirmedAt: new Date() });
}

async function withPasskey(user: { id: string; companyId: string }) {
  await db()
    .insert(passkeys)
    .values({ companyId: user.companyId, userId: user.id, credentialId: crypto.randomUUID(), publicKey: "AA", name: "Laptop" });
}

const policyRow = async (companyId: string) => (await db().select().from(companies).where(eq(companies.id, companyId)))[0];

describe("the company's rule 'require a second factor'", () => {
  it("is off by default; a company admin turns it on with a grace period (14 days unless given), audited", async () => {
    const firm = await createCompanyWithRoles("Policy Firm");
    const initial = await api(POLICY, { token: firm.tokens.companyAdmin });
    expect(initial.status).toBe(200);
    expect(await initial.json()).toEqual({ requireSecondFactor: false, gracePeriodDays: 14, requiredSince: null, graceEndsAt: null });

    const before = Date.now();
    const on = await api(POLICY, { method: "PUT", token: firm.tokens.companyAdmin, json: { requireSecondFactor: true } });
    expect(on.status).toBe(200);
    const body = (await on.json()) as { requireSecondFactor: boolean; gracePeriodDays: number; requiredSince: string; graceEndsAt: string };
    expect(body.requireSecondFactor).toBe(true);
    expect(body.gracePeriodDays).toBe(14);
    expect(Date.parse(body.requiredSince)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.graceEndsAt) - Date.parse(body.requiredSince)).toBe(14 * DAY_MS);

    // A new grace period moves the end, not the start.
    const longer = await api(POLICY, { method: "PUT", token: firm.tokens.companyAdmin, json: { requireSecondFactor: true, gracePeriodDays: 30 } });
    const after = (await longer.json()) as { requiredSince: string; graceEndsAt: string };
    expect(after.requiredSince).toBe(body.requiredSince);
    expect(Date.parse(after.graceEndsAt) - Date.parse(after.requiredSince)).toBe(30 * DAY_MS);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, firm.company.id), eq(auditLog.action, "update-second-factor-policy")));
    expect(audits).toHaveLength(2);
    expect(audits[0].actorId).toBe(firm.people.companyAdmin.id);

    const off = await api(POLICY, { method: "PUT", token: firm.tokens.companyAdmin, json: { requireSecondFactor: false, gracePeriodDays: 30 } });
    expect(await off.json()).toMatchObject({ requireSecondFactor: false, requiredSince: null, graceEndsAt: null });
  });

  it("refuses a bad grace period, an administrator and a stale sign-in with a clear message, changing nothing", async () => {
    const firm = await createCompanyWithRoles("Policy Refusals Firm");
    for (const gracePeriodDays of [-1, 91, 2.5, "two weeks"]) {
      const bad = await api(POLICY, { method: "PUT", token: firm.tokens.companyAdmin, json: { requireSecondFactor: true, gracePeriodDays } });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ entityType: "SecondFactorPolicyInputErrors", errors: { gracePeriodDays: GRACE_DAYS_MESSAGE } });
    }
    expect((await api(POLICY, { method: "PUT", token: firm.tokens.administrator, json: { requireSecondFactor: true } })).status).toBe(403);
    await signedInMinutesAgo(firm.people.companyAdmin.id, 20);
    const stale = await api(POLICY, { method: "PUT", token: firm.tokens.companyAdmin, json: { requireSecondFactor: true } });
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ errors: { currentPassword: STEP_UP_PASSWORD } });
    expect((await policyRow(firm.company.id)).secondFactorRequiredAt).toBeNull();
    // With the password typed, it goes through.
    const typed = await api(POLICY, {
      method: "PUT",
      token: firm.tokens.companyAdmin,
      json: { requireSecondFactor: true, currentPassword: PASSWORD },
    });
    expect(typed.status).toBe(200);
  });

  it("is set from the company page's dialog too", async () => {
    const { company, createUser } = await createCompany("Policy Page Firm");
    const admin = await createUser("companyAdmin");
    const cookie = await cookieFor(admin.email);
    const saved = await postForm(cookie, "/groups?_data=routes%2F_app.groups", {
      intent: "updateSecondFactorPolicy",
      requireSecondFactor: "on",
      gracePeriodDays: "7",
    });
    expect(saved.status).toBe(200);
    const row = await policyRow(company.id);
    expect(row.secondFactorRequiredAt).not.toBeNull();
    expect(row.secondFactorGraceDays).toBe(7);
    const bad = await postForm(cookie, "/groups?_data=routes%2F_app.groups", { intent: "updateSecondFactorPolicy", gracePeriodDays: "abc" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(GRACE_DAYS_MESSAGE);
    expect((await policyRow(company.id)).secondFactorGraceDays).toBe(7);
  });
});

describe("signing in under the rule", () => {
  it("during the grace period: a password sign-in without a factor is asked to set one up and may go on; the API says until when", async () => {
    const { company, createUser } = await createCompany("Grace Firm");
    const user = await createUser("employee");
    await requireSince(company.id, 1);
    const response = await pageLogin(user.email, "/home");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login/two-step-setup?redirectTo=%2Fhome");
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0];
    const prompt = await page("/login/two-step-setup?redirectTo=%2Fhome&_data=routes%2Flogin_.two-step-setup", { headers: { Cookie: cookie } });
    expect(prompt.status).toBe(200);
    const data = (await prompt.json()) as { required: boolean; redirectTo: string; deadline: string };
    expect(data).toMatchObject({ required: false, redirectTo: "/home" });
    expect(Date.parse(data.deadline)).toBeGreaterThan(Date.now() + 12 * DAY_MS);
    // 'Not now': the app opens.
    expect((await page("/home", { headers: { Cookie: cookie } })).status).toBe(200);

    const apiAnswer = await apiLogin(user.email);
    expect(apiAnswer.status).toBe(200);
    expect(await apiAnswer.json()).toMatchObject({ secondFactorSetupBy: data.deadline });
  });

  it("after the grace period: every page leads to the set-up, the API refuses with second_factor_setup_required, and a factor ends it", async () => {
    const { company, createUser } = await createCompany("Deadline Firm");
    const user = await createUser("employee");
    const earlyToken = await tokenFor(user.email);
    const cookie = await cookieFor(user.email);
    await requireSince(company.id, 15);

    const home = await page("/home", { headers: { Cookie: cookie } });
    expect(home.status).toBe(302);
    expect(home.headers.get("Location")).toBe("/login/two-step-setup?redirectTo=%2Fhome");
    const prompt = await page("/login/two-step-setup?_data=routes%2Flogin_.two-step-setup", { headers: { Cookie: cookie } });
    expect(await prompt.json()).toMatchObject({ required: true });
    // The set-up itself stays open.
    expect((await page("/settings/authenticator?_data=routes%2F_app.settings_.authenticator", { headers: { Cookie: cookie } })).status).toBe(200);

    const refused = await apiLogin(user.email);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code: "second_factor_setup_required", message: SECOND_FACTOR_SETUP_REQUIRED });
    const me = await api("/api/v2/users/me", { token: earlyToken });
    expect(me.status).toBe(403);
    expect(await me.json()).toEqual({ message: SECOND_FACTOR_SETUP_REQUIRED });

    await withPasskey(user);
    expect((await page("/home", { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await api("/api/v2/users/me", { token: earlyToken })).status).toBe(200);
    // With a factor, the set-up page goes straight on.
    const past = await page("/login/two-step-setup?redirectTo=%2Fsettings", { headers: { Cookie: cookie } });
    expect(past.headers.get("Location")).toBe("/settings");
  });

  it("leaves people with a factor, sessions not opened by a password (SSO, Microsoft) and other companies alone", async () => {
    const { company, createUser } = await createCompany("Rule Scope Firm");
    const withApp = await createUser("employee");
    await withConfirmedTotp(withApp);
    const sso = await createUser("employee");
    const ssoCookie = await cookieFor(sso.email);
    // As a session opened by single sign-on or Microsoft is kept.
    await db().update(sessions).set({ byPassword: false }).where(eq(sessions.userId, sso.id));
    await requireSince(company.id, 30);

    expect((await page("/home", { headers: { Cookie: ssoCookie } })).status).toBe(200);
    const withAppLogin = await apiLogin(withApp.email);
    expect(withAppLogin.status).toBe(401);
    expect(await withAppLogin.json()).toMatchObject({ code: "second_factor_required" });

    const other = await createCompany("Unruled Firm");
    const outsider = await other.createUser("employee");
    expect((await apiLogin(outsider.email)).status).toBe(200);
  });

  it("a reset link's new password without a factor leads to the set-up as well", async () => {
    const { company, createUser } = await createCompany("Reset Rule Firm");
    const user = await createUser("employee");
    await requireSince(company.id, 20);
    await api("/api/v2/account/reset-password", { method: "POST", json: { resetEmail: user.email }, headers: { "CF-Connecting-IP": nextIp() } });
    const secret = await mailedSecret(user.email, "reset");
    const response = await page(`/reset/${secret}`, {
      method: "POST",
      body: new URLSearchParams({ newPassword: "another long passphrase", newPasswordConfirmation: "another long passphrase" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\/two-step-setup\?redirectTo=/);
  });
});

describe("an administrator clears a person's factors", () => {
  it("removes the app, the recovery codes and the passkeys in one go, audited, and mails the person", async () => {
    const firm = await createCompanyWithRoles("Clear Firm");
    await useFakeSmtp(firm.company.id);
    const person = await firm.createUser("employee", { email: uniqueAddress("cleared") });
    await withConfirmedTotp(person);
    await db()
      .insert(recoveryCodes)
      .values({ companyId: person.companyId, userId: person.id, codeHash: "x".repeat(64) });
    await withPasskey(person);

    const response = await api(`/api/v2/users/${person.id}/second-factors`, { method: "DELETE", token: firm.tokens.administrator });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { message: string }).message).toBe(
      `Two-step sign-in cleared for ${person.name}. They have been told by e-mail.`,
    );
    expect(await db().select().from(totpFactors).where(eq(totpFactors.userId, person.id))).toEqual([]);
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.id))).toEqual([]);
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, person.id))).toEqual([]);
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, person.id), eq(auditLog.action, "clear-second-factors")));
    expect(row).toMatchObject({ actorId: firm.people.administrator.id });

    const [mail] = await waitForMail(person.email);
    expect(mail.subject).toBe("Your Availability two-step sign-in was removed");
    expect(mail.text).toContain("removed your authenticator app and its recovery codes and your passkey");
    // Signed in with the password alone again.
    expect((await apiLogin(person.email)).status).toBe(200);
  });

  it("refuses oneself, people outside one's rights and other companies, and says when there is nothing to clear; nothing changes", async () => {
    const firm = await createCompanyWithRoles("Clear Refusals Firm");
    const cookie = await cookieFor(firm.people.companyAdmin.email);
    await withConfirmedTotp(firm.people.companyAdmin);
    await withConfirmedTotp(firm.people.administrator);
    const clear = (id: string, token: string) => api(`/api/v2/users/${id}/second-factors`, { method: "DELETE", token });

    const own = await clear(firm.people.administrator.id, firm.tokens.administrator);
    expect(own.status).toBe(403);
    expect(await own.json()).toEqual({ message: CLEAR_OWN_FACTORS });
    // Only company admins touch company admins (and administrators).
    expect((await clear(firm.people.companyAdmin.id, firm.tokens.administrator)).status).toBe(403);
    expect((await clear(firm.people.administrator.id, firm.tokens.employee)).status).toBe(403);
    const other = await createCompany("Elsewhere Firm");
    const stranger = await other.createUser("employee");
    await withConfirmedTotp(stranger);
    expect((await clear(stranger.id, firm.tokens.companyAdmin)).status).toBe(404);
    expect(await db().select().from(totpFactors).where(eq(totpFactors.userId, stranger.id))).toHaveLength(1);
    expect(await db().select().from(totpFactors).where(eq(totpFactors.userId, firm.people.companyAdmin.id))).toHaveLength(1);

    const nothing = await clear(firm.people.employee.id, firm.tokens.companyAdmin);
    expect(nothing.status).toBe(409);
    expect(await nothing.json()).toEqual({ message: nothingToClear(firm.people.employee.name || firm.people.employee.email) });
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, firm.people.employee.id), eq(auditLog.action, "clear-second-factors"))),
    ).toEqual([]);

    // The company admin may clear the administrator's, from /users/all as well.
    const cleared = await postForm(cookie, "/users/all?_data=routes%2F_app.users.all", {
      intent: "clearSecondFactors",
      id: firm.people.administrator.id,
    });
    expect(cleared.status).toBe(200);
    expect(await db().select().from(totpFactors).where(eq(totpFactors.userId, firm.people.administrator.id))).toEqual([]);
  });
});
