import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, directorySync, sessionHandoffs, users, workloadHistory } from "~/db/schema";
import { NO_EMAIL_MESSAGE } from "~/domain/identity/directory/directory.schema";
import { DIRECTORY_NOT_CONNECTED, NO_ACCOUNT } from "~/domain/identity/entra/sign-in.server";
import { TOKEN_OTHER_PERSON } from "~/domain/identity/entra/token-sign-in.server";
import { CONNECT_THROUGH_CONSENT, TENANT_TAKEN } from "~/domain/identity/directory/tenant.server";
import { CONSENT_NOT_OURS } from "~/routes/_app.groups/directory-return.server";
import { buildAuthorizeUrl, EntraTokenError, validateEntraToken } from "~/integrations/entra/oidc.server";
import { addDirectoryUser, authorizeAs, config, connectDirectory, mintToken } from "./entra-helpers";
import { api, BASE, cookieFor, createCompanyWithRoles, db, page } from "./helpers";

/** A firm connected to a fresh directory of the fake provider, with one person the directory sync linked by object id. */
async function connectedFirm(settings: Record<string, unknown> = {}) {
  const tenant = crypto.randomUUID();
  const firm = await createCompanyWithRoles(`Entra ${tenant.slice(0, 6)}`, settings);
  await db().update(companies).set({ azureAdTenantId: tenant }).where(eq(companies.id, firm.company.id));
  const employee = await addDirectoryUser(tenant, { displayName: "Emma Entra", mail: firm.people.employee.email });
  await db().update(users).set({ azureAdId: employee.id }).where(eq(users.id, firm.people.employee.id));
  return { ...firm, tenant, directoryEmployeeId: employee.id };
}

async function refusal(token: string, options: Parameters<typeof validateEntraToken>[2] = {}) {
  try {
    await validateEntraToken(config(), token, options);
  } catch (error) {
    if (error instanceof EntraTokenError) return error.reason;
    throw error;
  }
  return "accepted";
}

describe("Microsoft token validation", () => {
  const tid = crypto.randomUUID();

  it("accepts the provider's token and reads tenant, object id and e-mail", async () => {
    const token = await mintToken({ tid, oid: "person-1", claims: { preferred_username: "Person@Firm.test", nonce: "n-1" } });
    const claims = await validateEntraToken(config(), token, { nonce: "n-1", tenantId: tid });
    expect(claims).toMatchObject({ tid, oid: "person-1", email: "person@firm.test" });
  });

  it("refuses a wrong signature, issuer, audience, tenant, nonce and an expired token", async () => {
    expect(await refusal(await mintToken({ tid, oid: "p", sign: "rogue" }))).toBe("signature");
    expect(await refusal(await mintToken({ tid, oid: "p", claims: { iss: `https://login.microsoftonline.com/${tid}/v2.0` } }))).toBe("issuer");
    // The issuer of another tenant than the token's own tid.
    expect(await refusal(await mintToken({ tid, oid: "p", claims: { iss: `${config().authority}/${crypto.randomUUID()}/v2.0` } }))).toBe("issuer");
    expect(await refusal(await mintToken({ tid, oid: "p", claims: { aud: "another-app" } }))).toBe("audience");
    expect(await refusal(await mintToken({ tid, oid: "p" }), { tenantId: crypto.randomUUID() })).toBe("tenant");
    expect(await refusal(await mintToken({ tid, oid: "p", claims: { nonce: "theirs" } }), { nonce: "ours" })).toBe("nonce");
    expect(await refusal(await mintToken({ tid, oid: "p" }), { nonce: "ours" })).toBe("nonce");
    expect(await refusal(await mintToken({ tid, oid: "p", expiresIn: -600 }))).toBe("expired");
    expect(await refusal("not-a-token")).toBe("signature");
  });

  it("accepts a Teams token for our Application ID URI only when asked to", async () => {
    const token = await mintToken({ tid, oid: "p", claims: { aud: `api://teams.example.test/${config().clientId}` } });
    expect(await refusal(token)).toBe("audience");
    expect(await refusal(token, { allowAppIdUri: true })).toBe("accepted");
  });
});

describe("POST /azure-ad/sign-in-with-token", () => {
  it("signs the person in with a token whose tenant and user id match", async () => {
    const firm = await connectedFirm();
    const adToken = await mintToken({ tid: firm.tenant, oid: firm.directoryEmployeeId });
    const response = await api("/api/v2/azure-ad/sign-in-with-token", {
      method: "POST",
      json: { adToken, tenantId: firm.tenant, adUserId: firm.directoryEmployeeId },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; completed: boolean; _id: string };
    expect(body).toMatchObject({ completed: true, _id: firm.people.employee.id });
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=/);
    const me = await api("/api/v2/users/me", { token: body.token });
    expect(((await me.json()) as { _id: string })._id).toBe(firm.people.employee.id);
  });

  it("never links an account by the token's e-mail claims: an unknown object id is asked to see its administrator", async () => {
    const firm = await connectedFirm();
    // An account nobody linked yet (no directory sync, no invite from the directory), and a
    // Microsoft account of the firm's tenant whose mutable claims name its address.
    for (const claim of ["email", "preferred_username", "upn"]) {
      const oid = crypto.randomUUID();
      const adToken = await mintToken({ tid: firm.tenant, oid, claims: { [claim]: firm.people.observer.email } });
      const response = await api("/api/v2/azure-ad/sign-in-with-token", { method: "POST", json: { adToken, tenantId: firm.tenant, adUserId: oid } });
      expect(response.status, claim).toBe(401);
      expect(((await response.json()) as { message: string }).message).toMatch(/Ask your administrator for an invitation\.$/);
      const [row] = await db().select({ azureAdId: users.azureAdId }).from(users).where(eq(users.id, firm.people.observer.id));
      expect(row.azureAdId).toBeNull();
    }
    // The object id the directory sync recorded signs in, whatever e-mail the token claims.
    await db().update(users).set({ azureAdId: "oid-synced" }).where(eq(users.id, firm.people.observer.id));
    const adToken = await mintToken({ tid: firm.tenant, oid: "oid-synced", claims: { preferred_username: "renamed@elsewhere.test" } });
    const synced = await api("/api/v2/azure-ad/sign-in-with-token", {
      method: "POST",
      json: { adToken, tenantId: firm.tenant, adUserId: "oid-synced" },
    });
    expect(((await synced.json()) as { _id: string })._id).toBe(firm.people.observer.id);
    // The same object id under another tenant is somebody else.
    const elsewhere = crypto.randomUUID();
    const foreign = await mintToken({ tid: elsewhere, oid: "oid-synced" });
    const refused = await api("/api/v2/azure-ad/sign-in-with-token", {
      method: "POST",
      json: { adToken: foreign, tenantId: elsewhere, adUserId: "oid-synced" },
    });
    expect(refused.status).toBe(401);
  });

  it("finds a linked person by object id before anyone else with the token's e-mail", async () => {
    const firm = await connectedFirm();
    await db().update(users).set({ azureAdId: "oid-linked" }).where(eq(users.id, firm.people.observer.id));
    // The directory now gives the linked person the e-mail of an unlinked colleague.
    const adToken = await mintToken({ tid: firm.tenant, oid: "oid-linked", claims: { preferred_username: firm.people.employee.email } });
    const response = await api("/api/v2/azure-ad/sign-in-with-token", {
      method: "POST",
      json: { adToken, tenantId: firm.tenant, adUserId: "oid-linked" },
    });
    expect(((await response.json()) as { _id: string })._id).toBe(firm.people.observer.id);
  });

  it("refuses a token of another person, another tenant, or with a bad signature", async () => {
    const firm = await connectedFirm();
    const adToken = await mintToken({ tid: firm.tenant, oid: firm.directoryEmployeeId });
    const other = await api("/api/v2/azure-ad/sign-in-with-token", {
      method: "POST",
      json: { adToken, tenantId: firm.tenant, adUserId: "someone-else" },
    });
    expect(other.status).toBe(401);
    expect(await other.json()).toEqual({ message: TOKEN_OTHER_PERSON });
    const tenant = await api("/api/v2/azure-ad/sign-in-with-token", {
      method: "POST",
      json: { adToken, tenantId: crypto.randomUUID(), adUserId: firm.directoryEmployeeId },
    });
    expect(tenant.status).toBe(401);
    const rogue = await mintToken({ tid: firm.tenant, oid: firm.directoryEmployeeId, sign: "rogue" });
    const forged = await api("/api/v2/azure-ad/sign-in-with-token", {
      method: "POST",
      json: { adToken: rogue, tenantId: firm.tenant, adUserId: firm.directoryEmployeeId },
    });
    expect(forged.status).toBe(401);
    const bad = await api("/api/v2/azure-ad/sign-in-with-token", { method: "POST", json: { adToken: "x", tenantId: "not-a-tenant", adUserId: "" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toMatchObject({ adUserId: "This field is required." });
  });

  it("gives unknown people and unconnected directories a clear message, not an account", async () => {
    const firm = await connectedFirm();
    const stranger = await addDirectoryUser(firm.tenant, { displayName: "Stranger", mail: "stranger@firm.test" });
    const before = await db().select({ id: users.id }).from(users).where(eq(users.companyId, firm.company.id));
    const adToken = await mintToken({ tid: firm.tenant, oid: stranger.id });
    const response = await api("/api/v2/azure-ad/sign-in-with-token", {
      method: "POST",
      json: { adToken, tenantId: firm.tenant, adUserId: stranger.id },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: NO_ACCOUNT("stranger@firm.test") });
    const after = await db().select({ id: users.id }).from(users).where(eq(users.companyId, firm.company.id));
    expect(after.length).toBe(before.length);

    const lone = crypto.randomUUID();
    const token = await mintToken({ tid: lone, oid: "x", claims: { preferred_username: "who@lone.test" } });
    const unconnected = await api("/api/v2/azure-ad/sign-in-with-token", { method: "POST", json: { adToken: token, tenantId: lone, adUserId: "x" } });
    expect(await unconnected.json()).toEqual({ message: DIRECTORY_NOT_CONNECTED });
  });
});

describe("POST /azure-ad/sign-in-with-code", () => {
  it("exchanges the provider's code for a session; an invited person gets a sign-up link", async () => {
    const firm = await connectedFirm();
    const invited = await firm.createUser("invited");
    const person = await addDirectoryUser(firm.tenant, { displayName: "Ivy Invited", mail: invited.email });
    // Invited from the directory: the invite carries the object id (decision 0250).
    await db().update(users).set({ azureAdId: person.id }).where(eq(users.id, invited.id));
    const redirectUri = `${BASE}/login`;
    const authorize = buildAuthorizeUrl(config(), { redirectUri, state: "s" });
    const { code } = await authorizeAs(authorize, firm.tenant, firm.directoryEmployeeId);
    const response = await api("/api/v2/azure-ad/sign-in-with-code", { method: "POST", json: { code, redirectUri } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ completed: true, _id: firm.people.employee.id });
    // A code works once.
    const again = await api("/api/v2/azure-ad/sign-in-with-code", { method: "POST", json: { code, redirectUri } });
    expect(again.status).toBe(401);

    const second = await authorizeAs(authorize, firm.tenant, person.id);
    const signup = await api("/api/v2/azure-ad/sign-in-with-code", { method: "POST", json: { code: second.code, redirectUri } });
    const body = (await signup.json()) as { completed: boolean; signupPath: string };
    expect(body.completed).toBe(false);
    expect(body.signupPath).toMatch(/^\/signup\/[0-9a-f]{24}\.[A-Za-z0-9_-]{20,}\?sso=true$/);
    const secret = body.signupPath.split("/")[2].split("?")[0];
    const page = await api(`/api/v2/users/${secret}/uncompleted`);
    expect(await page.json()).toMatchObject({ email: invited.email, ssoOnlySignup: true });
    // Signed in through Microsoft, the person signs up without a password of their own.
    const register = await api(`/api/v2/account/${secret}/register`, {
      method: "POST",
      json: { name: "Ivy Invited", email: invited.email, sso: true },
    });
    expect(register.status).toBe(200);
    const [row] = await db().select({ completed: users.completed, passwordHash: users.passwordHash }).from(users).where(eq(users.id, invited.id));
    expect(row).toEqual({ completed: true, passwordHash: null });
  });

  it("refuses a redirect URI of another site", async () => {
    const response = await api("/api/v2/azure-ad/sign-in-with-code", {
      method: "POST",
      json: { code: "c", redirectUri: "https://evil.example/login" },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors.redirectUri).toBe("Needs to be an address of this installation.");
  });

  it("a sign-in with an account of another directory answers the redirect with the right account's e-mail", async () => {
    const firm = await connectedFirm({ entraAccountPicker: true });
    const guestTenant = crypto.randomUUID();
    const guest = await addDirectoryUser(guestTenant, { displayName: "Emma at home", mail: firm.people.employee.email });
    const redirectUri = `${BASE}/login`;
    const { code } = await authorizeAs(buildAuthorizeUrl(config(), { redirectUri, state: "s" }), guestTenant, guest.id);
    const response = await api("/api/v2/azure-ad/sign-in-with-code", { method: "POST", json: { code, redirectUri } });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ redirect: true, email: firm.people.employee.email, tenantId: firm.tenant, accountPicker: true });
  });
});

describe("sign in with Microsoft on /login (code flow with PKCE, state and nonce)", () => {
  it("goes to Microsoft and back, and lands signed in", async () => {
    const firm = await connectedFirm();
    const start = await api("/login/microsoft?redirectTo=%2Foverview");
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("Location")!);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    const flowCookie = start.headers.get("Set-Cookie")!.split(";")[0];
    const { code, state } = await authorizeAs(authorize.toString(), firm.tenant, firm.directoryEmployeeId);

    // Without this browser's flow cookie the code is not taken.
    const stranger = await api(`/login?code=${code}&state=${state}`);
    expect(stranger.status).toBe(200);
    expect(await stranger.text()).toContain("The Microsoft sign-in does not belong to this browser");

    const { code: code2, state: state2 } = await authorizeAs(authorize.toString(), firm.tenant, firm.directoryEmployeeId);
    const back = await api(`/login?code=${code2}&state=${state2}`, { headers: { Cookie: flowCookie } });
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/overview");
    const session = back.headers.get("Set-Cookie")!.match(/__session=[^;]+/)![0];
    const home = await api("/home", { headers: { Cookie: session } });
    expect(home.status).toBe(200);
  });

  it("refuses the older code + azureRedirectUri return without this browser's flow cookie (no login CSRF, issue 26)", async () => {
    const firm = await connectedFirm();
    const redirectUri = `${BASE}/login`;
    const { code } = await authorizeAs(buildAuthorizeUrl(config(), { redirectUri, state: "s" }), firm.tenant, firm.directoryEmployeeId);
    const forced = await api(`/login?code=${code}&azureRedirectUri=${encodeURIComponent(redirectUri)}`);
    expect(forced.status).toBe(200);
    expect(forced.headers.get("Set-Cookie") ?? "").not.toContain("__session=");
    expect(await forced.text()).toContain("The Microsoft sign-in does not belong to this browser");
  });

  it("sends the browser back to Microsoft once with a login hint after the wrong account", async () => {
    const firm = await connectedFirm();
    const guestTenant = crypto.randomUUID();
    const guest = await addDirectoryUser(guestTenant, { displayName: "Emma at home", mail: firm.people.employee.email });
    const start = await api("/login/microsoft");
    const cookie = start.headers.get("Set-Cookie")!.split(";")[0];
    const { code, state } = await authorizeAs(start.headers.get("Location")!, guestTenant, guest.id);
    const retry = await api(`/login?code=${code}&state=${state}`, { headers: { Cookie: cookie } });
    expect(retry.status).toBe(302);
    const to = new URL(retry.headers.get("Location")!);
    expect(to.pathname).toBe(`/${firm.tenant}/oauth2/v2.0/authorize`);
    expect(to.searchParams.get("login_hint")).toBe(firm.people.employee.email);
    expect(to.searchParams.get("prompt")).toBe("none");
    // The silent retry signs the right account in at once (the provider knows the hint).
    const silent = await fetch(to, { redirect: "manual" });
    const back = new URL(silent.headers.get("Location")!);
    const retryCookie = retry.headers.get("Set-Cookie")!.split(";")[0];
    const done = await api(`${back.pathname}${back.search}`, { headers: { Cookie: retryCookie } });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/home");
  });
});

/** The iOS wrapper's hand-off (decision 0270): the app asks for a code with its token, its web view posts the code. */
async function handOff(token: string, headers: Record<string, string> = {}) {
  const answer = await api("/api/v2/account/handoff", { method: "POST", token });
  expect(answer.status).toBe(200);
  const { code, expiresIn } = (await answer.json()) as { code: string; expiresIn: number };
  expect(expiresIn).toBe(60);
  const post = () =>
    page("/login/handoff", {
      method: "POST",
      body: new URLSearchParams({ code }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    });
  return { code, response: await post(), again: post };
}

const sessionCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0];

describe("the iOS wrapper's hand-off (issue 26, item 9, decision 0270)", () => {
  it("a GET /login?token= signs nobody in any more, and says what to do", async () => {
    const firm = await connectedFirm();
    const response = await api(`/login?token=${encodeURIComponent(firm.tokens.employee)}`);
    expect(response.status).toBe(200);
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await response.text()).toContain("Signing in with a link from the app no longer works. Please update the app, or sign in here.");
  });

  it("the app's code, posted once, becomes this browser's cookie for the app's session", async () => {
    const firm = await connectedFirm();
    const { response, again } = await handOff(firm.tokens.employee);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    const cookie = sessionCookieOf(response)!;
    expect((await api("/home", { headers: { Cookie: cookie } })).status).toBe(200);
    // Single use: the same code again signs nobody in and lands on a clear message.
    const second = await again();
    expect(second.status).toBe(303);
    expect(second.headers.get("Location")).toBe("/login?handoff=expired");
    expect(sessionCookieOf(second)).toBeUndefined();
    expect(await (await page("/login?handoff=expired")).text()).toContain("The sign-in from the app has expired. Please sign in again.");
  });

  it("refuses a code posted from another site, an expired code, a made-up one and a GET", async () => {
    const firm = await connectedFirm();
    // Another site's page posting someone's code into this browser (login CSRF): the cross-site guard.
    const crossSite = await handOff(firm.tokens.employee, { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.test" });
    expect(crossSite.response.status).toBe(403);
    expect(sessionCookieOf(crossSite.response)).toBeUndefined();
    // A minute later the code is no good.
    const late = await api("/api/v2/account/handoff", { method: "POST", token: firm.tokens.employee });
    const { code } = (await late.json()) as { code: string };
    await db()
      .update(sessionHandoffs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionHandoffs.companyId, firm.company.id));
    const expired = await page("/login/handoff", { method: "POST", body: new URLSearchParams({ code }) });
    expect(expired.headers.get("Location")).toBe("/login?handoff=expired");
    const madeUp = await page("/login/handoff", { method: "POST", body: new URLSearchParams({ code: "made-up" }) });
    expect(madeUp.headers.get("Location")).toBe("/login?handoff=expired");
    expect(sessionCookieOf(expired)).toBeUndefined();
    expect(sessionCookieOf(madeUp)).toBeUndefined();
    expect(sessionCookieOf(await page(`/login/handoff?code=${encodeURIComponent(code)}`))).toBeUndefined();
  });

  it("sends an invited person to sign-up with a fresh invite secret", async () => {
    const firm = await connectedFirm();
    const invited = await firm.createUser("invited");
    const person = await addDirectoryUser(firm.tenant, { displayName: "Ivy", mail: invited.email });
    await db().update(users).set({ azureAdId: person.id }).where(eq(users.id, invited.id));
    const adToken = await mintToken({ tid: firm.tenant, oid: person.id });
    const signIn = await api("/api/v2/azure-ad/sign-in-with-token", {
      method: "POST",
      json: { adToken, tenantId: firm.tenant, adUserId: person.id },
    });
    const { token } = (await signIn.json()) as { token: string };
    const { response } = await handOff(token);
    expect(response.headers.get("Location")).toMatch(/^\/signup\/[0-9a-f]{24}\.[A-Za-z0-9_-]{20,}\?sso=true$/);
  });
});

describe("where writes come from (ios_app, teams_app_{client})", () => {
  it("the iOS hand-off marks the browser as the iOS app, and its dashboard writes carry ios_app", async () => {
    const firm = await connectedFirm();
    const { response: handedOff } = await handOff(firm.tokens.employee);
    const cookies = handedOff.headers.getSetCookie().map((c) => c.split(";")[0]);
    expect(cookies).toContain("client_source=ios_app");
    const write = (cookie: string) =>
      api("/home?_data=routes%2F_app.home", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "current", workscale: "2" }),
      });
    expect((await write(cookies.join("; "))).status).toBe(200);
    // A Teams tab's cookie says which Teams client; a forged value falls back to web_app.
    const session = cookies.find((c) => c.startsWith("__session="))!;
    expect((await write(`${session}; client_source=teams_app_desktop`)).status).toBe(200);
    expect((await write(`${session}; client_source=evil'app`)).status).toBe(200);
    const history = await db()
      .select({ source: workloadHistory.source })
      .from(workloadHistory)
      .where(eq(workloadHistory.userId, firm.people.employee.id))
      .orderBy(workloadHistory.recordedAt);
    expect(history.map((h) => h.source)).toEqual(["ios_app", "teams_app_desktop", "web_app"]);
  });

  it("pages may be framed by Teams only (CSP frame-ancestors)", async () => {
    const page = await api("/login");
    const csp = page.headers.get("Content-Security-Policy")!;
    expect(csp).toMatch(/frame-ancestors 'self' https:\/\/teams\.microsoft\.com https:\/\/\*\.teams\.microsoft\.com https:\/\/\*\.cloud\.microsoft/);
  });
});

describe("PUT and DELETE /azure-ad/tenant", () => {
  it("takes no tenant id from a client: PUT says how to connect; DELETE removes the directory", async () => {
    const firm = await createCompanyWithRoles("Tenant Firm");
    // A victim's directory id is no secret; writing it must not connect anything (decision 0250).
    const victim = crypto.randomUUID();
    const put = await api("/api/v2/azure-ad/tenant", { method: "PUT", token: firm.tokens.companyAdmin, json: { tenantId: victim } });
    expect(put.status).toBe(400);
    expect(await put.json()).toMatchObject({ message: CONNECT_THROUGH_CONSENT });
    const [company] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    expect(company.azureAdTenantId).toBeNull();
    expect(await db().select().from(directorySync).where(eq(directorySync.companyId, firm.company.id))).toEqual([]);

    await connectDirectory(firm.company.id, victim);
    const removed = await api("/api/v2/azure-ad/tenant", { method: "DELETE", token: firm.tokens.companyAdmin });
    expect(removed.status).toBe(200);
    const [after] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    expect(after.azureAdTenantId).toBeNull();
    expect(await db().select().from(directorySync).where(eq(directorySync.companyId, firm.company.id))).toEqual([]);
  });

  it("finishes the custom setup from a company admin's Microsoft sign-in code", async () => {
    const firm = await createCompanyWithRoles("Custom Setup Firm");
    const tenant = crypto.randomUUID();
    const admin = await addDirectoryUser(tenant, { displayName: "Global Admin", mail: "global@custom.test" });
    const redirectUri = `${BASE}/groups`;
    const { code } = await authorizeAs(
      buildAuthorizeUrl(config(), { redirectUri, state: "custom_setup", scope: "openid User.Read" }),
      tenant,
      admin.id,
    );
    const response = await api("/api/v2/azure-ad/custom-setup", { method: "POST", token: firm.tokens.companyAdmin, json: { code, redirectUri } });
    expect(response.status).toBe(200);
    const [company] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    expect(company.azureAdTenantId).toBe(tenant);
    const failed = await api("/api/v2/azure-ad/custom-setup", { method: "POST", token: firm.tokens.companyAdmin, json: { code, redirectUri } });
    expect(failed.status).toBe(400);
    expect(((await failed.json()) as { message: string }).message).toMatch(/^Failed to complete custom setup\. Please try again\./);
  });
});

describe("GET /azure-ad/users", () => {
  it("searches the directory; people without an e-mail or already here are not selectable", async () => {
    const firm = await connectedFirm();
    await addDirectoryUser(firm.tenant, { displayName: "Sara Search", mail: "sara.search@firm.test" });
    await addDirectoryUser(firm.tenant, { displayName: "Sam Search", mail: null });
    await addDirectoryUser(firm.tenant, { displayName: "Other Person", mail: "other@firm.test" });
    const response = await api("/api/v2/azure-ad/users?search=sa", { token: firm.tokens.companyAdmin });
    expect(response.status).toBe(200);
    const people = (await response.json()) as { displayName: string; mail: string | null; selectable: boolean; reason: string | null }[];
    expect(people.map((p) => p.displayName)).toEqual(["Sam Search", "Sara Search"]);
    expect(people[0]).toMatchObject({ mail: null, selectable: false, reason: NO_EMAIL_MESSAGE });
    expect(people[1]).toMatchObject({ mail: "sara.search@firm.test", selectable: true, reason: null });
    const all = (await (await api("/api/v2/azure-ad/users", { token: firm.tokens.administrator })).json()) as { mail: string; selectable: boolean }[];
    expect(all.find((p) => p.mail === firm.people.employee.email)?.selectable).toBe(false);

    // Invited from the directory: the object id rides along (POST /users/multiple).
    const invite = await api("/api/v2/users/multiple", {
      method: "POST",
      token: firm.tokens.companyAdmin,
      json: { users: [{ email: "sara.search@firm.test", name: "Sara Search", azureADId: "dir-sara" }], group: firm.group.id, office: firm.office.id },
    });
    expect(invite.status).toBe(201);
    const [sara] = await db().select().from(users).where(eq(users.email, "sara.search@firm.test"));
    expect(sara.azureAdId).toBe("dir-sara");
  });

  it("asks to connect the directory first", async () => {
    const firm = await createCompanyWithRoles("Unconnected Firm");
    const response = await api("/api/v2/azure-ad/users", { token: firm.tokens.companyAdmin });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "Connect your firm's Microsoft directory first." });
  });
});

describe("/groups after the admin consent", () => {
  it("connects the tenant Microsoft's ID token names, only in the browser that started it, and never a directory of another firm", async () => {
    const firm = await createCompanyWithRoles("Consent Return Firm", { enableEntraUI: true });
    const session = await cookieFor(firm.people.companyAdmin.email);
    const consent = async () => {
      const start = await page("/directory/connect?mode=consent", { headers: { Cookie: session } });
      expect(start.status).toBe(302);
      const flow = start.headers.get("Set-Cookie")!.split(";")[0];
      const url = new URL(start.headers.get("Location")!);
      expect(url.searchParams.get("prompt")).toBe("admin_consent");
      return { flow, url };
    };
    /** The directory's administrator accepts: Microsoft answers ?code=&state= to /groups. */
    const accept = async (url: URL, tenant: string) => {
      const admin = await addDirectoryUser(tenant, { displayName: "Global Admin", mail: `global@${tenant.slice(0, 8)}.test` });
      const { location } = await authorizeAs(url.toString(), tenant, admin.id);
      return { path: `${location.pathname}${location.search}`, state: location.searchParams.get("state")! };
    };
    const groupsData = (path: string, cookie: string) =>
      page(`${path}${path.includes("?") ? "&" : "?"}_data=routes%2F_app.groups`, { headers: { Cookie: cookie } }).then(async (r) => ({
        status: r.status,
        body: r.status === 200 ? ((await r.json()) as { directory: { error: string | null } }) : null,
      }));
    const tenantOf = async (companyId: string) => (await db().select().from(companies).where(eq(companies.id, companyId)))[0].azureAdTenantId;

    // The old answer's bare ?tenant= with this browser's own flow and state: an address
    // parameter anyone can write, so it connects nothing.
    const victim = crypto.randomUUID();
    const forged = await consent();
    const state = forged.url.searchParams.get("state")!;
    const written = await groupsData(`/groups?tenant=${victim}&admin_consent=True&state=${state}`, `${session}; ${forged.flow}`);
    expect(written).toMatchObject({ status: 200, body: { directory: { error: CONSENT_NOT_OURS } } });
    expect(await tenantOf(firm.company.id)).toBeNull();

    // Another firm holds this directory: the conflict's message is the page's.
    const other = await createCompanyWithRoles("Consent Other Firm");
    const takenTenant = crypto.randomUUID();
    await connectDirectory(other.company.id, takenTenant);
    const first = await consent();
    const taken = await groupsData((await accept(first.url, takenTenant)).path, `${session}; ${first.flow}`);
    expect(taken).toMatchObject({ status: 200, body: { directory: { error: TENANT_TAKEN } } });
    expect(await tenantOf(firm.company.id)).toBeNull();
    expect(await tenantOf(other.company.id)).toBe(takenTenant);

    // Without this browser's flow cookie the answer is not taken.
    const tenant = crypto.randomUUID();
    const second = await consent();
    const back = await accept(second.url, tenant);
    const stranger = await groupsData(back.path, session);
    expect(stranger).toMatchObject({ status: 200, body: { directory: { error: CONSENT_NOT_OURS } } });
    expect(await tenantOf(firm.company.id)).toBeNull();

    const done = await page(back.path, { headers: { Cookie: `${session}; ${second.flow}` } });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/groups");
    expect(await tenantOf(firm.company.id)).toBe(tenant);
    const [cursor] = await db().select().from(directorySync).where(eq(directorySync.companyId, firm.company.id));
    expect(cursor.tenantId).toBe(tenant);
  });
});
