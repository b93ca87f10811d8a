import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, emailOutbox, scimTokens, users } from "~/db/schema";
import { STEP_UP_PASSWORD, STEP_UP_SIGN_IN } from "~/domain/identity/step-up";
import { IDP_CERT } from "../fakes/saml-keys";
import { send } from "./account-helpers";
import { cookieFor, createCompanyWithRoles, db, page, PASSWORD, postForm, signedInMinutesAgo } from "./helpers";

/**
 * Issue 26, item 5 (decision 0276): the settings that hand out sign-in or the firm's data
 * need a sign-in within the last 10 minutes or the caller's password, and every company
 * admin hears of each change. Before, only the mail server asked for the password; SSO,
 * SCIM tokens, the Microsoft directory, 3E and the CV service asked nothing.
 */

const company = async (id: string) => (await db().select().from(companies).where(eq(companies.id, id)))[0];
const notices = (companyId: string, subject: string) =>
  db()
    .select({ to: emailOutbox.toAddress, text: emailOutbox.textBody, viaInstallation: emailOutbox.viaInstallation })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.companyId, companyId), like(emailOutbox.subject, `%: ${subject} changed`)));

/** Each powerful call, with a body that would change something and how to tell it did not. */
const CALLS = [
  {
    name: "PUT /company/sso-config",
    call: ["PUT", "/company/sso-config"] as const,
    body: { ssoLoginUrl: "https://idp.step-up.test/saml", ssoCertificate: IDP_CERT },
    unchanged: async (companyId: string) => expect((await company(companyId)).ssoLoginUrl).toBeNull(),
    subject: "single sign-on settings",
  },
  {
    name: "POST /company/scim-token",
    call: ["POST", "/company/scim-token"] as const,
    body: { name: "Okta" },
    unchanged: async (companyId: string) => expect(await db().select().from(scimTokens).where(eq(scimTokens.companyId, companyId))).toEqual([]),
    subject: "SCIM tokens",
  },
  {
    name: "PUT /company/elite-3e",
    call: ["PUT", "/company/elite-3e"] as const,
    body: { endpoint: "https://3e.example.com/TE_3E", clientId: "step", clientSecret: "step-secret" },
    unchanged: async (companyId: string) => expect((await company(companyId)).elite3eEndpoint).toBeNull(),
    subject: "Elite 3E connection",
  },
  {
    name: "PUT /company/cv-service",
    call: ["PUT", "/company/cv-service"] as const,
    body: { url: "https://stepup.cvpartner.com", key: "step-key" },
    unchanged: async (companyId: string) => expect((await company(companyId)).cvServiceUrl).toBeNull(),
    subject: "CV service connection",
  },
  {
    name: "PUT /company/smtp-config",
    call: ["PUT", "/company/smtp-config"] as const,
    body: { smtpHost: "smtp.step-up-mail.se", smtpPort: 587, smtpSender: "Firm <no-reply@step-up-mail.se>" },
    unchanged: async (companyId: string) => expect((await company(companyId)).smtpHost).toBeNull(),
    subject: "mail server settings",
  },
];

describe("the step-up before the settings that hand out sign-in", () => {
  for (const { name, call, body, unchanged, subject } of CALLS) {
    it(`${name}: refused without the password once the sign-in is 10 minutes old, then done with it, and every company admin is told`, async () => {
      const firm = await createCompanyWithRoles(`Step Up ${subject}`);
      const second = await firm.createUser("companyAdmin", { groupId: null, officeId: null });
      const token = firm.tokens.companyAdmin;
      await signedInMinutesAgo(firm.people.companyAdmin.id, 11);

      const refused = await send(call[0], call[1], token, body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ currentPassword: STEP_UP_PASSWORD });
      await unchanged(firm.company.id);
      const wrong = await send(call[0], call[1], token, { ...body, currentPassword: "not my password" });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual({ currentPassword: "Wrong password." });
      await unchanged(firm.company.id);
      expect(await notices(firm.company.id, subject)).toEqual([]);

      const done = await send(call[0], call[1], token, { ...body, currentPassword: PASSWORD });
      expect(done.status).toBeLessThan(300);
      expect(JSON.stringify(done.body)).not.toContain(PASSWORD);
      const told = await notices(firm.company.id, subject);
      expect(told.map((n) => n.to).sort()).toEqual([firm.people.companyAdmin.email, second.email].sort());
      expect(told.every((n) => n.viaInstallation && n.text.includes(firm.people.companyAdmin.email))).toBe(true);
    });
  }

  it("a sign-in within the last 10 minutes is enough, and the password typed once opens the window again", async () => {
    const firm = await createCompanyWithRoles("Step Up Window Firm");
    const token = firm.tokens.companyAdmin;
    // Just signed in: no password asked.
    expect((await send("PUT", "/company/cv-service", token, { url: "https://window.cvpartner.com", key: "k" })).status).toBe(200);
    await signedInMinutesAgo(firm.people.companyAdmin.id, 11);
    expect((await send("PUT", "/company/cv-service", token, { url: "https://window2.cvpartner.com" })).status).toBe(400);
    expect((await send("PUT", "/company/cv-service", token, { url: "https://window2.cvpartner.com", currentPassword: PASSWORD })).status).toBe(200);
    // The next change within the window asks nothing; disconnecting is a change too.
    expect((await send("DELETE", "/company/cv-service", token)).status).toBe(200);
    await signedInMinutesAgo(firm.people.companyAdmin.id, 11);
    expect((await send("PUT", "/company/cv-service", token, { url: "https://window3.cvpartner.com", key: "k" })).status).toBe(400);
    expect((await company(firm.company.id)).cvServiceUrl).toBeNull();
  });

  it("renewing a token does not renew the sign-in: the new token of an old sign-in is still asked", async () => {
    const firm = await createCompanyWithRoles("Step Up Renewal Firm");
    await signedInMinutesAgo(firm.people.companyAdmin.id, 30);
    const renewed = await send("POST", "/account/token/new", firm.tokens.companyAdmin);
    expect(renewed.status).toBe(200);
    const refused = await send("POST", "/company/scim-token", renewed.body.token, { name: "Okta" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ currentPassword: STEP_UP_PASSWORD });
  });

  it("someone without a password (SSO, Microsoft) is told to sign in again", async () => {
    const firm = await createCompanyWithRoles("Step Up Passwordless Firm");
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, firm.people.companyAdmin.id));
    await signedInMinutesAgo(firm.people.companyAdmin.id, 11);
    const refused = await send("PUT", "/company/sso-config", firm.tokens.companyAdmin, { ssoLoginUrl: "" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ currentPassword: STEP_UP_SIGN_IN });
  });

  it("revoking a SCIM token needs no step-up (an incident must be one call), but the company admins are told", async () => {
    const firm = await createCompanyWithRoles("Step Up Revoke Firm");
    const issued = await send("POST", "/company/scim-token", firm.tokens.companyAdmin, { name: "Entra" });
    expect(issued.status).toBe(201);
    await signedInMinutesAgo(firm.people.companyAdmin.id, 60);
    expect((await send("DELETE", `/company/scim-token/${issued.body._id}`, firm.tokens.companyAdmin)).status).toBe(200);
    const told = await notices(firm.company.id, "SCIM tokens");
    expect(told.map((n) => n.text).join("\n")).toMatch(/"Entra" was revoked/);
  });

  it("removing the Microsoft directory asks too", async () => {
    const firm = await createCompanyWithRoles("Step Up Tenant Firm");
    await db().update(companies).set({ azureAdTenantId: "11111111-2222-3333-4444-555555555555" }).where(eq(companies.id, firm.company.id));
    await signedInMinutesAgo(firm.people.companyAdmin.id, 11);
    const refused = await send("DELETE", "/azure-ad/tenant", firm.tokens.companyAdmin);
    expect(refused.status).toBe(400);
    expect((await company(firm.company.id)).azureAdTenantId).toBe("11111111-2222-3333-4444-555555555555");
    expect((await send("DELETE", "/azure-ad/tenant", firm.tokens.companyAdmin, { currentPassword: PASSWORD })).status).toBe(200);
    expect((await company(firm.company.id)).azureAdTenantId).toBeNull();
  });
});

describe("'Confirm it's you' (/account/confirm) before connecting the Microsoft directory", () => {
  it("sends an old sign-in through the password page and back, and a wrong password changes nothing", async () => {
    const firm = await createCompanyWithRoles("Step Up Connect Firm", { enableEntraUI: true });
    const cookie = await cookieFor(firm.people.companyAdmin.email);
    await signedInMinutesAgo(firm.people.companyAdmin.id, 11);
    const start = await page("/directory/connect?mode=consent", { headers: { Cookie: cookie } });
    expect(start.status).toBe(302);
    expect(start.headers.get("Location")).toBe(`/account/confirm?redirectTo=${encodeURIComponent("/directory/connect?mode=consent")}`);

    const form = (currentPassword: string) =>
      postForm(cookie, "/account/confirm?redirectTo=%2Fdirectory%2Fconnect%3Fmode%3Dconsent&_data=routes%2Faccount.confirm", {
        currentPassword,
        redirectTo: "/directory/connect?mode=consent",
      });
    const wrong = await form("not my password");
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain("Wrong password.");
    expect((await page("/directory/connect?mode=consent", { headers: { Cookie: cookie } })).headers.get("Location")).toMatch(/^\/account\/confirm/);

    const right = await form(PASSWORD);
    expect(right.status).toBe(204);
    expect(right.headers.get("X-Remix-Redirect")).toBe("/directory/connect?mode=consent");
    const again = await page("/directory/connect?mode=consent", { headers: { Cookie: cookie } });
    expect(again.status).toBe(302);
    expect(new URL(again.headers.get("Location")!).searchParams.get("prompt")).toBe("admin_consent");
  });

  it("offers people without a password to sign in again, coming back afterwards", async () => {
    const firm = await createCompanyWithRoles("Step Up Sign Again Firm", { enableEntraUI: true });
    const cookie = await cookieFor(firm.people.companyAdmin.email);
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, firm.people.companyAdmin.id));
    await signedInMinutesAgo(firm.people.companyAdmin.id, 11);
    const confirm = await page("/account/confirm?redirectTo=%2Fgroups", { headers: { Cookie: cookie } });
    const html = await confirm.text();
    expect(html).toContain("Sign in again");
    expect(html).toContain('action="/logout"');
    const out = await postForm(cookie, "/logout", { redirectTo: "/groups" });
    expect(out.headers.get("Location")).toBe("/login?redirectTo=%2Fgroups");
  });

  it("goes straight on after a recent sign-in", async () => {
    const firm = await createCompanyWithRoles("Step Up Recent Firm", { enableEntraUI: true });
    const cookie = await cookieFor(firm.people.companyAdmin.email);
    const confirm = await page("/account/confirm?redirectTo=%2Fgroups", { headers: { Cookie: cookie } });
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("Location")).toBe("/groups");
  });
});
