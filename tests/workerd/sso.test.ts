import { env, SELF } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import { createVerify } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import {
  auditLog,
  companies,
  companyDomains,
  emailOutbox,
  groups,
  installationDomains,
  offices,
  samlAssertions,
  samlRequests,
  sessions,
  users,
} from "~/db/schema";
import { createDb } from "~/db/client";
import { companyRow, groupRow, officeRow, userRow } from "~/db/factories";
import { shardsOf } from "~/db/shards.server";
import type { Env } from "~/env";
import { flushDirectory } from "~/domain/installation/firm-directory.server";
import { deleteExpiredSsoRows, warnExpiringCertificates } from "~/domain/identity/sso/sso.server";
import { recheckDomains } from "~/domain/identity/sso/domain-verification.server";
import { ATTRIBUTE_NAMES, buildAssertion, samlResponse, signedAssertion, toBase64, wrapInResponse } from "../fakes/saml-idp";
import { IDP_CERT, OTHER_CERT, OTHER_KEY, SOON_CERT } from "../fakes/saml-keys";
import { api, BASE, createCompany, createCompanyWithRoles, db, runtime, syncDirectory } from "./helpers";

/**
 * SAML2 single sign-on (issue 15, decision 0150), in workerd against the real Worker: the
 * service provider (@node-saml/node-saml) runs here, not in Node. Valid answers come from
 * the loopback IdP (tests/fakes/saml-idp-server.ts) or its document maker; every attack
 * document must be refused with no session opened.
 */

type Firm = Awaited<ReturnType<typeof createCompany>>;

const acsUrl = (companyId: string) => `${BASE}/api/v2/company/${companyId}/sso`;
const audience = (companyId: string) => `${BASE}/api/v2/company/${companyId}/sso/metadata`;

let counter = 0;
async function ssoFirm(options: { allowFederation?: boolean; idpInitiated?: boolean } = {}) {
  const n = ++counter;
  const firm = await createCompany(`SSO Firm ${n}`);
  const domain = `sso${n}-${firm.company.id.slice(-6)}.test`;
  await db()
    .update(companies)
    .set({
      ssoLoginUrl: inject("samlIdpUrl"),
      ssoCertificate: IDP_CERT,
      allowFederation: options.allowFederation ?? false,
      ssoIdpInitiated: options.idpInitiated ?? false,
    })
    .where(eq(companies.id, firm.company.id));
  // A proven domain (decision 0250): verified as the operator approves it.
  await db().insert(companyDomains).values({ domain, companyId: firm.company.id, verifiedAt: new Date(), verifiedBy: "operator" });
  const person = await firm.createUser("employee", { email: `person@${domain}` });
  return { ...firm, domain, person };
}

async function inflate(base64: string): Promise<string> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}

/** The flow cookie ("name=value") of the browser that started each request, by request ID. */
const flowCookies = new Map<string, string>();
let addressCounter = 0;
/** Each start from its own client address: starts are limited per address (issue 26, item 11). */
const nextAddress = () => `10.26.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/** Starts an SP-initiated sign-in and returns the AuthnRequest's ID (what InResponseTo must name) and the browser's flow cookie. */
async function startLogin(firm: Firm, query = "", headers: Record<string, string> = {}) {
  const response = await api(`/api/v2/company/${firm.company.id}/sso/login${query}`, { headers: { "CF-Connecting-IP": nextAddress(), ...headers } });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!);
  const xml = await inflate(location.searchParams.get("SAMLRequest")!);
  const requestId = /\sID="([^"]+)"/.exec(xml)![1];
  const setCookie = response.headers.get("Set-Cookie")!;
  const cookie = setCookie.split(";")[0];
  flowCookies.set(requestId, cookie);
  return { location, xml, requestId, cookie, setCookie };
}

/**
 * The IdP's answer as the browser posts it. By default from the browser that started the
 * request the answer names (its flow cookie); `cookie` posts it from another one.
 */
async function post(companyId: string, xml: string, relayState = "", options: { cookie?: string | null } = {}) {
  const body = new URLSearchParams({ SAMLResponse: toBase64(xml), RelayState: relayState });
  const inResponseTo = /InResponseTo="([^"]+)"/.exec(xml)?.[1];
  const cookie = options.cookie === undefined ? (inResponseTo ? flowCookies.get(inResponseTo) : undefined) : options.cookie;
  return SELF.fetch(acsUrl(companyId), {
    method: "POST",
    // The IdP's page posts from its own site: the cross-site write guard lets the assertion URL through.
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://127.0.0.1:1",
      "Sec-Fetch-Site": "cross-site",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body,
    redirect: "manual",
  });
}

async function sessionCount(userId: string) {
  return (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
}

async function expectRefused(response: Response, reason = "invalid") {
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe(`/login?sso=${reason}`);
  expect(response.headers.get("Set-Cookie")).toBeNull();
}

function valid(firm: Firm & { person: { email: string } }, requestId: string | null, extra: Partial<Parameters<typeof samlResponse>[0]> = {}) {
  return samlResponse({
    acsUrl: acsUrl(firm.company.id),
    audience: audience(firm.company.id),
    inResponseTo: requestId,
    nameId: firm.person.email,
    attributes: { [ATTRIBUTE_NAMES.email]: firm.person.email },
    ...extra,
  });
}

describe("SP-initiated sign-in", () => {
  it("serves SP metadata naming the assertion URL and the entity ID", async () => {
    const firm = await ssoFirm();
    const response = await api(`/api/v2/company/${firm.company.id}/sso/metadata`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("xml");
    const xml = await response.text();
    expect(xml).toContain(`entityID="${audience(firm.company.id)}"`);
    expect(xml).toContain(`Location="${acsUrl(firm.company.id)}"`);
  });

  it("redirects to the firm's IdP with a signed AuthnRequest and stores its ID", async () => {
    const firm = await ssoFirm();
    const { location, xml, requestId } = await startLogin(firm, "?email=person%40x.test");
    expect(`${location.origin}${location.pathname}`).toBe(inject("samlIdpUrl"));
    expect(xml).toContain(`AssertionConsumerServiceURL="${acsUrl(firm.company.id)}"`);
    expect(location.searchParams.get("login_hint")).toBe("person@x.test");
    // HTTP-Redirect binding: the signature covers SAMLRequest, RelayState and SigAlg, in that order.
    const raw = location.search.slice(1).split("&");
    const pick = (name: string) => raw.find((part) => part.startsWith(`${name}=`));
    const signed = [pick("SAMLRequest"), pick("RelayState"), pick("SigAlg")].filter(Boolean).join("&");
    const verifier = createVerify("RSA-SHA256");
    verifier.update(signed);
    expect(verifier.verify(env.SAML_SP_CERT!, location.searchParams.get("Signature")!, "base64")).toBe(true);
    const [stored] = await db().select().from(samlRequests).where(eq(samlRequests.id, requestId));
    expect(stored.companyId).toBe(firm.company.id);
  });

  it("sends a firm without SSO back to /login with a clear reason", async () => {
    const plain = await createCompany("No SSO");
    const response = await api(`/api/v2/company/${plain.company.id}/sso/login`);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?sso=not-configured");
    const page = await SELF.fetch(`${BASE}/login?sso=not-configured`);
    expect(await page.text()).toContain("Single sign-on is not set up for this firm.");
  });

  it("signs in through the loopback IdP round trip (redirect, IdP page, signed POST)", async () => {
    const firm = await ssoFirm();
    const { location, cookie: flowCookie } = await startLogin(firm, "?redirectTo=%2Foverview");
    // The IdP's page, then its sign-in form, then the auto-posting form to our ACS.
    const idpPage = await fetch(location.toString());
    expect(idpPage.status).toBe(200);
    const html = await idpPage.text();
    const fields = Object.fromEntries([...html.matchAll(/name="(\w+)" value="([^"]*)"/g)].map(([, n, v]) => [n, v.replace(/&#38;/g, "&")]));
    const answer = await fetch(new URL("/saml/sso/continue", location).toString(), {
      method: "POST",
      body: new URLSearchParams({ ...fields, email: firm.person.email }),
    });
    const form = await answer.text();
    const samlResponseB64 = /name="SAMLResponse" value="([^"]+)"/.exec(form)![1];
    const relayState = /name="RelayState" value="([^"]*)"/.exec(form)![1];
    expect(/action="([^"]+)"/.exec(form)![1]).toBe(acsUrl(firm.company.id));
    const response = await SELF.fetch(acsUrl(firm.company.id), {
      method: "POST",
      headers: { Cookie: flowCookie },
      body: new URLSearchParams({ SAMLResponse: samlResponseB64, RelayState: relayState.replace(/&#47;/g, "/") }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/overview");
    const cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))!
      .split(";")[0];
    const me = await api("/api/v2/users/me", { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()) as { email: string }).toMatchObject({ email: firm.person.email });
  });

  it("signs in with a valid assertion and lands on the person's home", async () => {
    const firm = await ssoFirm();
    const { requestId } = await startLogin(firm);
    const response = await post(firm.company.id, valid(firm, requestId));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/home");
    expect(response.headers.get("Set-Cookie")).toContain("HttpOnly");
    expect(await sessionCount(firm.person.id)).toBe(1);
  });

  it("the dialog's test round trip shows what the IdP sent and opens no session", async () => {
    const firm = await ssoFirm();
    const { requestId } = await startLogin(firm, "?test=1");
    const response = await post(
      firm.company.id,
      valid(firm, requestId, { attributes: { [ATTRIBUTE_NAMES.email]: firm.person.email, [ATTRIBUTE_NAMES.department]: "Tax" } }),
      "sso-test",
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Single sign-on works");
    expect(html).toContain(firm.person.email);
    expect(html).toContain("Tax");
    expect(response.headers.getSetCookie().filter((c) => c.startsWith("__session="))).toEqual([]);
    expect(await sessionCount(firm.person.id)).toBe(0);
  });
});

describe("refused assertions", () => {
  it("an unsigned assertion", async () => {
    const firm = await ssoFirm();
    const { requestId } = await startLogin(firm);
    await expectRefused(await post(firm.company.id, valid(firm, requestId, { sign: "none" })));
    expect(await sessionCount(firm.person.id)).toBe(0);
  });

  it("an assertion signed by another key than the firm's certificate", async () => {
    const firm = await ssoFirm();
    const { requestId } = await startLogin(firm);
    await expectRefused(await post(firm.company.id, valid(firm, requestId, { key: OTHER_KEY, cert: OTHER_CERT })));
    expect(await sessionCount(firm.person.id)).toBe(0);
  });

  it("signature wrapping: a forged assertion around the signed one", async () => {
    const firm = await ssoFirm();
    const victim = await firm.createUser("companyAdmin", { email: `boss@${firm.domain}` });
    const { requestId } = await startLogin(firm);
    const base = { acsUrl: acsUrl(firm.company.id), audience: audience(firm.company.id), inResponseTo: requestId };
    const genuine = signedAssertion({ ...base, nameId: firm.person.email, attributes: { [ATTRIBUTE_NAMES.email]: firm.person.email } });
    // XSW: the forged assertion is where the SP reads; the genuine signed one hides inside it.
    const forged = buildAssertion({ ...base, nameId: victim.email, attributes: { [ATTRIBUTE_NAMES.email]: victim.email } }).xml.replace(
      "</saml:Issuer>",
      `</saml:Issuer><saml:Advice>${genuine.xml}</saml:Advice>`,
    );
    await expectRefused(await post(firm.company.id, wrapInResponse(forged, base)));
    // Same ID variant: the forged assertion takes the signed one's ID, the genuine one moves to Extensions.
    const { requestId: second } = await startLogin(firm);
    const base2 = { ...base, inResponseTo: second };
    const genuine2 = signedAssertion({ ...base2, nameId: firm.person.email, attributes: { [ATTRIBUTE_NAMES.email]: firm.person.email } });
    const forged2 = buildAssertion({
      ...base2,
      nameId: victim.email,
      assertionId: genuine2.id,
      attributes: { [ATTRIBUTE_NAMES.email]: victim.email },
    }).xml;
    const wrapped = wrapInResponse(forged2, base2).replace("<samlp:Status>", `<samlp:Extensions>${genuine2.xml}</samlp:Extensions><samlp:Status>`);
    await expectRefused(await post(firm.company.id, wrapped));
    expect(await sessionCount(victim.id)).toBe(0);
    expect(await sessionCount(firm.person.id)).toBe(0);
  });

  it("a wrong audience", async () => {
    const firm = await ssoFirm();
    const { requestId } = await startLogin(firm);
    await expectRefused(await post(firm.company.id, valid(firm, requestId, { audience: "https://other-sp.example/metadata" })));
  });

  it("an expired assertion (beyond the allowed clock skew)", async () => {
    const firm = await ssoFirm();
    const { requestId } = await startLogin(firm);
    await expectRefused(await post(firm.company.id, valid(firm, requestId, { now: new Date(Date.now() - 20 * 60_000), validForSeconds: 300 })));
  });

  it("an assertion that is not yet valid (issued in the future)", async () => {
    const firm = await ssoFirm();
    const { requestId } = await startLogin(firm);
    await expectRefused(await post(firm.company.id, valid(firm, requestId, { now: new Date(Date.now() + 10 * 60_000) })));
  });

  it("a replayed assertion: the second post is refused", async () => {
    const firm = await ssoFirm();
    const { requestId } = await startLogin(firm);
    const xml = valid(firm, requestId);
    expect((await post(firm.company.id, xml)).status).toBe(303);
    expect(await sessionCount(firm.person.id)).toBe(1);
    await expectRefused(await post(firm.company.id, xml));
    expect(await sessionCount(firm.person.id)).toBe(1);
  });

  it("a wrong InResponseTo: unknown, another firm's request, or missing", async () => {
    const firm = await ssoFirm();
    const other = await ssoFirm();
    const { cookie } = await startLogin(firm);
    await expectRefused(await post(firm.company.id, valid(firm, "_not-a-request-of-ours"), "", { cookie }), "other-browser");
    const { requestId: othersRequest } = await startLogin(other);
    await expectRefused(await post(firm.company.id, valid(firm, othersRequest)));
    await expectRefused(await post(firm.company.id, valid(firm, null)), "unsolicited");
    expect(await sessionCount(firm.person.id)).toBe(0);
  });

  it("an answer after the request's 10 minutes says so (issue 26, item 11)", async () => {
    const firm = await ssoFirm();
    const { requestId } = await startLogin(firm);
    await db()
      .update(samlRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(samlRequests.id, requestId));
    await expectRefused(await post(firm.company.id, valid(firm, requestId)), "expired");
    expect(await sessionCount(firm.person.id)).toBe(0);
    const page = await SELF.fetch(`${BASE}/login?sso=expired`);
    expect(await page.text()).toContain("Your sign-in took longer than 10 minutes. Please sign in again.");
  });

  it("comment injection in NameID does not sign in the shortened address", async () => {
    const firm = await ssoFirm({ allowFederation: true });
    const victim = await firm.createUser("companyAdmin", { email: `boss@${firm.domain}` });
    const { requestId } = await startLogin(firm);
    // The IdP signs an address the attacker owns; the comment, dropped by c14n, keeps the signature valid.
    const attackerEmail = `boss@${firm.domain}.evil.test`;
    const signed = signedAssertion({
      acsUrl: acsUrl(firm.company.id),
      audience: audience(firm.company.id),
      inResponseTo: requestId,
      nameId: attackerEmail,
      attributes: { [ATTRIBUTE_NAMES.email]: attackerEmail },
    });
    const injected = signed.xml.replaceAll(attackerEmail, `boss@${firm.domain}<!---->.evil.test`);
    await expectRefused(await post(firm.company.id, wrapInResponse(injected, { acsUrl: acsUrl(firm.company.id), inResponseTo: requestId })));
    expect(await sessionCount(victim.id)).toBe(0);
  });

  it("a wrong Destination or Recipient", async () => {
    const firm = await ssoFirm();
    const { requestId } = await startLogin(firm);
    await expectRefused(await post(firm.company.id, valid(firm, requestId, { destination: "https://elsewhere.example/acs" })));
    const { requestId: second } = await startLogin(firm);
    await expectRefused(await post(firm.company.id, valid(firm, second, { recipient: "https://elsewhere.example/acs" })));
  });

  it("an assertion posted to another firm's assertion URL", async () => {
    const firm = await ssoFirm();
    const other = await ssoFirm();
    const { requestId } = await startLogin(other);
    // Signed by the same loopback IdP, but the audience and recipient are the other firm's.
    await expectRefused(await post(firm.company.id, valid(other, requestId)));
  });

  it("garbage, empty and non-XML bodies answer the login page, never a 500", async () => {
    const firm = await ssoFirm();
    for (const body of [
      "",
      "SAMLResponse=",
      "SAMLResponse=%%%",
      `SAMLResponse=${encodeURIComponent(btoa("<x"))}`,
      "SAMLResponse=" + btoa("not xml"),
    ]) {
      const response = await SELF.fetch(acsUrl(firm.company.id), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
        redirect: "manual",
      });
      await expectRefused(response);
    }
  });
});

describe("federation and people", () => {
  it("federation on: an unknown person of the firm's domain is created, the department picks the group", async () => {
    const firm = await ssoFirm({ allowFederation: true });
    const { groups } = await import("~/db/schema");
    await db()
      .update(groups)
      .set({ ssoIdentifiers: ["Tax", "Tax & Legal"] })
      .where(eq(groups.id, firm.group.id));
    const { requestId } = await startLogin(firm);
    const email = `new.person@${firm.domain}`;
    const response = await post(
      firm.company.id,
      valid(firm, requestId, {
        nameId: email,
        attributes: {
          [ATTRIBUTE_NAMES.email]: email,
          [ATTRIBUTE_NAMES.name]: "New Person",
          [ATTRIBUTE_NAMES.title]: "Counsel",
          [ATTRIBUTE_NAMES.department]: "tax",
        },
      }),
    );
    expect(response.status).toBe(303);
    const [created] = await db().select().from(users).where(eq(users.email, email));
    expect(created).toMatchObject({
      companyId: firm.company.id,
      name: "New Person",
      title: "Counsel",
      groupId: firm.group.id,
      officeId: firm.office.id,
      completed: true,
      passwordHash: null,
    });
  });

  it("federation off: an unknown person is refused with a clear page and nobody is created", async () => {
    const firm = await ssoFirm({ allowFederation: false });
    const { requestId } = await startLogin(firm);
    const email = `stranger@${firm.domain}`;
    await expectRefused(
      await post(firm.company.id, valid(firm, requestId, { nameId: email, attributes: { [ATTRIBUTE_NAMES.email]: email } })),
      "unknown-person",
    );
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
    const page = await SELF.fetch(`${BASE}/login?sso=unknown-person`);
    expect(await page.text()).toContain("You do not have an account at this firm yet. Ask your administrator to invite you.");
  });

  it("federation never creates people outside the firm's own domains, nor takes over another firm's account", async () => {
    const firm = await ssoFirm({ allowFederation: true });
    const other = await ssoFirm();
    const { requestId } = await startLogin(firm);
    const outsider = "someone@unrelated.test";
    await expectRefused(
      await post(firm.company.id, valid(firm, requestId, { nameId: outsider, attributes: { [ATTRIBUTE_NAMES.email]: outsider } })),
      "unknown-person",
    );
    const { requestId: second } = await startLogin(firm);
    await expectRefused(
      await post(firm.company.id, valid(firm, second, { nameId: other.person.email, attributes: { [ATTRIBUTE_NAMES.email]: other.person.email } })),
      "other-firm",
    );
    expect(await sessionCount(other.person.id)).toBe(0);
  });

  it("an invited person signing in through SSO completes the invite; a deactivated one is refused", async () => {
    const firm = await ssoFirm();
    const invited = await firm.createUser("invited", { email: `invited@${firm.domain}` });
    const { requestId } = await startLogin(firm);
    expect(
      (await post(firm.company.id, valid(firm, requestId, { nameId: invited.email, attributes: { [ATTRIBUTE_NAMES.email]: invited.email } }))).status,
    ).toBe(303);
    const [after] = await db().select().from(users).where(eq(users.id, invited.id));
    expect(after.completed).toBe(true);
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, firm.person.id));
    const { requestId: second } = await startLogin(firm);
    await expectRefused(await post(firm.company.id, valid(firm, second)), "deactivated");
  });
});

describe("IdP-initiated sign-in", () => {
  it("is refused unless the firm enables it, with a message that says where to sign in", async () => {
    const firm = await ssoFirm({ idpInitiated: false });
    await expectRefused(await post(firm.company.id, valid(firm, null)), "unsolicited");
    expect(await sessionCount(firm.person.id)).toBe(0);
    const page = await SELF.fetch(`${BASE}/login?sso=unsolicited`);
    expect(await page.text()).toContain("Your firm allows single sign-on only from this app&#x27;s sign-in page");
  });

  it("signs in when enabled, and a replay of the same assertion is refused", async () => {
    const firm = await ssoFirm({ idpInitiated: true });
    const xml = valid(firm, null);
    expect((await post(firm.company.id, xml)).status).toBe(303);
    await expectRefused(await post(firm.company.id, xml), "replayed");
    expect(await sessionCount(firm.person.id)).toBe(1);
  });
});

describe("the answer belongs to the browser that asked (issue 26, items 9 and 11, decision 0270)", () => {
  it("the flow cookie is HttpOnly, kept to the SSO URLs and lives past the request's 10 minutes", async () => {
    const firm = await ssoFirm();
    const { setCookie } = await startLogin(firm);
    expect(setCookie).toMatch(/^__saml_flow=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("Path=/api/v2/company/");
    expect(setCookie).toContain("Max-Age=1200");
    // Development and tests: app and loopback IdP are same-site, so Lax is sent on the IdP's POST.
    expect(setCookie).toContain("SameSite=Lax");
  });

  it("someone's own signed answer posted from another browser signs nobody in (login CSRF)", async () => {
    const firm = await ssoFirm();
    const attacker = await firm.createUser("employee", { email: `attacker@${firm.domain}` });
    // The attacker starts a sign-in in their own browser and gets a valid answer for their own account ...
    const { requestId } = await startLogin(firm);
    const answer = valid({ ...firm, person: attacker }, requestId);
    // ... and has the victim's browser post it: without a flow cookie, or with the cookie of the victim's own sign-in.
    await expectRefused(await post(firm.company.id, answer, "", { cookie: null }), "other-browser");
    const victims = await startLogin(firm);
    await expectRefused(await post(firm.company.id, answer, "", { cookie: victims.cookie }), "other-browser");
    expect(await sessionCount(attacker.id)).toBe(0);
    const page = await SELF.fetch(`${BASE}/login?sso=other-browser`);
    expect(await page.text()).toContain("This single sign-on answer does not belong to this browser. Please sign in again.");
    // The browser that asked still finishes its own sign-in: the refusals did not use the request up.
    expect((await post(firm.company.id, answer)).status).toBe(303);
    expect(await sessionCount(attacker.id)).toBe(1);
  });

  it("two tabs of one browser may sign in at once; the answered request leaves the cookie", async () => {
    const firm = await ssoFirm();
    const first = await startLogin(firm);
    const second = await startLogin(firm, "", { Cookie: first.cookie });
    const answered = await post(firm.company.id, valid(firm, first.requestId), "", { cookie: second.cookie });
    expect(answered.status).toBe(303);
    const left = answered.headers
      .getSetCookie()
      .find((c) => c.startsWith("__saml_flow="))!
      .split(";")[0];
    expect((await post(firm.company.id, valid(firm, second.requestId), "", { cookie: left })).status).toBe(303);
    expect(await sessionCount(firm.person.id)).toBe(2);
  });

  it("starting sign-ins is limited per client address: the 31st in a minute is refused and writes no row", async () => {
    const firm = await ssoFirm();
    const address = "198.51.100.26";
    const start = () => api(`/api/v2/company/${firm.company.id}/sso/login`, { headers: { "CF-Connecting-IP": address } });
    for (let i = 0; i < 30; i++) expect((await start()).status).toBe(302);
    const rows = async () =>
      (await db().select({ id: samlRequests.id }).from(samlRequests).where(eq(samlRequests.companyId, firm.company.id))).length;
    expect(await rows()).toBe(30);
    const refused = await start();
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/login?sso=too-many-starts");
    expect(await rows()).toBe(30);
    const page = await SELF.fetch(`${BASE}/login?sso=too-many-starts`);
    expect(await page.text()).toContain("Too many sign-ins were started from your network just now. Please wait a minute and try again.");
    // Another address is not held up.
    expect((await startLogin(firm)).requestId).toBeTruthy();
  });

  it("the cron deletes expired requests and replay records, and keeps the open ones", async () => {
    const firm = await ssoFirm();
    const now = new Date();
    const past = new Date(now.getTime() - 60_000);
    const expired = Array.from({ length: 7 }, (_, i) => ({
      id: `_expired-${firm.company.id}-${i}`,
      companyId: firm.company.id,
      createdAt: past,
      expiresAt: past,
    }));
    await db().insert(samlRequests).values(expired);
    const { requestId: open } = await startLogin(firm);
    await db()
      .insert(samlAssertions)
      .values([
        { companyId: firm.company.id, assertionId: "_old-assertion", expiresAt: past },
        { companyId: firm.company.id, assertionId: "_live-assertion", expiresAt: new Date(now.getTime() + 60_000) },
      ]);
    // What the cron runs (runScheduledWork), in batches of SSO_CLEANUP_BATCH.
    // At least this firm's 7 + 1 (the database is shared with the other tests of the file).
    expect(await deleteExpiredSsoRows(runtime(), now)).toBeGreaterThanOrEqual(8);
    const left = await db().select({ id: samlRequests.id }).from(samlRequests).where(eq(samlRequests.companyId, firm.company.id));
    expect(left.map((r) => r.id)).toEqual([open]);
    const assertions = await db()
      .select({ id: samlAssertions.assertionId })
      .from(samlAssertions)
      .where(eq(samlAssertions.companyId, firm.company.id));
    expect(assertions.map((a) => a.id)).toEqual(["_live-assertion"]);
  });
});

describe("PUT /company/sso-config", () => {
  let admin: Awaited<ReturnType<typeof createCompanyWithRoles>>;
  beforeAll(async () => {
    admin = await createCompanyWithRoles("SSO Config Firm");
  });
  const put = (json: unknown) => api("/api/v2/company/sso-config", { method: "PUT", token: admin.tokens.companyAdmin, json });

  it("saves the IdP, validates the certificate and shows its subject and expiry", async () => {
    const response = await put({
      ssoLoginUrl: "https://idp.example.com/saml",
      ssoCertificate: IDP_CERT,
      allowFederation: true,
      emailDomains: "Config-Firm.test, @config-firm.se",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "SSO config updated." });
    const read = await api("/api/v2/company/sso-config", { token: admin.tokens.companyAdmin });
    const config = (await read.json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      ssoLoginUrl: "https://idp.example.com/saml",
      allowFederation: true,
      emailDomains: ["config-firm.se", "config-firm.test"],
      acsUrl: `${BASE}/api/v2/company/${admin.company.id}/sso`,
      metadataUrl: `${BASE}/api/v2/company/${admin.company.id}/sso/metadata`,
    });
    expect(config.certificate).toEqual({ subject: "CN=Availability test idp, O=Test", validTo: expect.stringMatching(/^2036-11-22/) });
  });

  it("refuses a bad certificate, a plain-http URL and a domain of another firm, changing nothing", async () => {
    const before = await db().select().from(companies).where(eq(companies.id, admin.company.id));
    const other = await ssoFirm();
    await db().insert(installationDomains).values({ domain: "us-firm.test", installationUrl: "https://us.example.com" });
    const response = await put({
      ssoLoginUrl: "http://idp.example.com/saml",
      ssoCertificate: "not a certificate",
      emailDomains: [other.domain, "us-firm.test"],
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { entityType: string; errors: Record<string, string> };
    expect(body.entityType).toBe("SsoConfigInputErrors");
    expect(body.errors).toEqual({
      ssoLoginUrl: "Needs to be an https:// address of your identity provider.",
      ssoCertificate: "This is not an X.509 certificate in PEM (or base64) form.",
      emailDomains: `${other.domain}, us-firm.test already belongs to another firm.`,
    });
    expect(await db().select().from(companies).where(eq(companies.id, admin.company.id))).toEqual(before);
    const bad = await put({ ssoLoginUrl: "https://idp.example.com", emailDomains: "not a domain" });
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toEqual({
      emailDomains: "Use domain names such as firm.com, separated by commas.",
    });
  });

  it("an empty login URL turns SSO off", async () => {
    const response = await put({ ssoLoginUrl: "", emailDomains: [] });
    expect(await response.json()).toEqual({ message: "Single sign-on turned off." });
    const [row] = await db().select().from(companies).where(eq(companies.id, admin.company.id));
    expect(row).toMatchObject({ ssoLoginUrl: null, ssoCertificate: null, allowFederation: false });
  });
});

describe("firm-domain routing", () => {
  it("a firm's domain leads to its SSO, a foreign one to its installation with the e-mail, others to the password", async () => {
    const firm = await ssoFirm();
    await db().insert(installationDomains).values({ domain: "us-law.test", installationUrl: "https://us.availability.example/" });
    // Claims written straight into the shard reach the directory as a write's flush would bring them.
    const route = async (email: string) => (
      await syncDirectory(),
      (await api(`/api/v2/account/login-route?email=${encodeURIComponent(email)}`)).json()
    );
    expect(await route(`Someone@${firm.domain}`)).toEqual({
      kind: "firm",
      companyId: firm.company.id,
      firm: firm.company.name,
      icon: null,
      url: `/api/v2/company/${firm.company.id}/sso/login?email=someone%40${firm.domain}`,
    });
    expect(await route("partner@us-law.test")).toEqual({
      kind: "installation",
      url: "https://us.availability.example/login?email=partner%40us-law.test",
    });
    expect(await route("someone@nowhere.test")).toEqual({ kind: "password" });
    expect(await route("no-at-sign")).toEqual({ kind: "password" });
    // The firm's icon goes with its button on the sign-in page; one that is not an image's address does not.
    const icon = "https://images.example/firm.png";
    await db()
      .update(companies)
      .set({ settings: JSON.stringify({ icon }) })
      .where(eq(companies.id, firm.company.id));
    expect(await route(`someone@${firm.domain}`)).toMatchObject({ kind: "firm", icon });
    await db()
      .update(companies)
      .set({ settings: JSON.stringify({ icon: "javascript:alert(1)" }) })
      .where(eq(companies.id, firm.company.id));
    expect(await route(`someone@${firm.domain}`)).toMatchObject({ kind: "firm", icon: null });
  });
});

describe("verified firm domains (issue 26, decision 0250)", () => {
  const txt = (name: string, data: string) =>
    fetch(new URL("/_fake/records", inject("dohUrl")), { method: "POST", body: JSON.stringify({ name, type: "TXT", data }) });
  const dropTxt = (name: string) => fetch(new URL(`/_fake/records?name=${name}`, inject("dohUrl")), { method: "DELETE" });
  const route = async (email: string) => {
    await syncDirectory();
    return (await (await api(`/api/v2/account/login-route?email=${encodeURIComponent(email)}`)).json()) as { kind: string };
  };
  interface Claim {
    domain: string;
    state: string;
    record: string;
    checkError: string | null;
  }

  it("a claimed domain routes nobody until its DNS record proves it; free-mail domains are never a firm's; members of other firms stay home", async () => {
    const firm = await createCompanyWithRoles("Claiming Firm");
    const token = firm.tokens.companyAdmin;
    const claimed = `claimed-${firm.company.id.slice(-6)}.test`;
    const put = (emailDomains: string[]) =>
      api("/api/v2/company/sso-config", {
        method: "PUT",
        token,
        json: { ssoLoginUrl: inject("samlIdpUrl"), ssoCertificate: IDP_CERT, emailDomains },
      });

    for (const free of ["gmail.com", "outlook.com", "gmx.de", "proton.me"]) {
      const refused = await put([free]);
      expect(refused.status, free).toBe(400);
      expect(((await refused.json()) as { errors: Record<string, string> }).errors.emailDomains).toBe(
        `${free} is a public e-mail service: it cannot be a firm's domain.`,
      );
    }
    expect(await db().select().from(companyDomains).where(eq(companyDomains.companyId, firm.company.id))).toEqual([]);

    expect((await put([claimed])).status).toBe(200);
    // Listed but unproven: the login page does not send anyone at the domain to this firm.
    expect(await route(`partner@${claimed}`)).toEqual({ kind: "password" });
    const read = async () => ((await (await api("/api/v2/company/sso-config", { token })).json()) as { domains: Claim[] }).domains;
    const [pending] = await read();
    expect(pending).toMatchObject({ domain: claimed, state: "pending", checkError: null });
    expect(pending.record).toMatch(/^availability-verification=[0-9a-f]{32}$/);

    const check = () => api("/api/v2/company/sso-config/check", { method: "POST", token });
    const missing = await check();
    expect(missing.status).toBe(200);
    expect(((await missing.json()) as { domains: Claim[] }).domains[0]).toMatchObject({
      state: "failed",
      checkError: `No TXT record ${pending.record} found at ${claimed} yet.`,
    });
    expect(await route(`partner@${claimed}`)).toEqual({ kind: "password" });

    // Another firm's record, or someone else's token, proves nothing.
    await txt(claimed, "availability-verification=00000000000000000000000000000000");
    expect(((await (await check()).json()) as { domains: Claim[] }).domains[0].state).toBe("failed");
    await txt(claimed, pending.record);
    const proven = (await (await check()).json()) as { domains: Claim[] };
    expect(proven.domains[0]).toMatchObject({ domain: claimed, state: "verified", checkError: null });
    expect(await route(`partner@${claimed}`)).toMatchObject({ kind: "firm", companyId: firm.company.id });
    // Saving the dialog again keeps the proof.
    expect((await put([claimed])).status).toBe(200);
    expect((await read())[0].state).toBe("verified");

    // Someone who already belongs to another firm is never routed away from it.
    const home = await createCompany("Home Firm");
    const member = await home.createUser("employee", { email: `member@${claimed}` });
    expect(await route(member.email)).toEqual({ kind: "password" });

    // The cron checks again: a record taken down un-verifies the domain.
    await dropTxt(claimed);
    await db()
      .update(companyDomains)
      .set({ checkedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(companyDomains.domain, claimed));
    await recheckDomains(runtime(), new Date());
    expect((await read())[0].state).toBe("failed");
    expect(await route(`partner@${claimed}`)).toEqual({ kind: "password" });
    // The cron writes as the system (decision 0245): no actor, its source in the row.
    const [cronRow] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, firm.company.id), eq(auditLog.action, "sso-domains-checked")))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(cronRow).toMatchObject({ actorId: null, data: { source: "domains", changed: [claimed], pending: [claimed] } });
  });

  it("federation creates nobody at a domain that is only claimed", async () => {
    const firm = await ssoFirm({ allowFederation: true });
    const unproven = `unproven-${firm.company.id.slice(-6)}.test`;
    await db().insert(companyDomains).values({ domain: unproven, companyId: firm.company.id });
    const { requestId } = await startLogin(firm);
    const stranger = `new@${unproven}`;
    await expectRefused(
      await post(firm.company.id, valid(firm, requestId, { nameId: stranger, attributes: { [ATTRIBUTE_NAMES.email]: stranger } })),
      "unknown-person",
    );
    expect(await db().select().from(users).where(eq(users.email, stranger))).toEqual([]);
  });
});

describe("expiring IdP certificates", () => {
  it("company admins are told once, 30 days ahead", async () => {
    const firm = await ssoFirm();
    const boss = await firm.createUser("companyAdmin");
    await db().update(companies).set({ ssoCertificate: SOON_CERT }).where(eq(companies.id, firm.company.id));
    const mails = () =>
      db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.companyId, firm.company.id), eq(emailOutbox.toAddress, boss.email)));
    // 40 days before it expires: nothing yet.
    await warnExpiringCertificates(runtime(), new Date("2026-10-26T00:00:00Z"));
    expect(await mails()).toEqual([]);
    await warnExpiringCertificates(runtime(), new Date("2026-11-25T00:00:00Z"));
    await warnExpiringCertificates(runtime(), new Date("2026-11-26T00:00:00Z"));
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe(`${firm.company.name}: the single sign-on certificate expires on 2026-12-05`);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, firm.company.id), eq(auditLog.action, "sso-certificate-warned")));
    expect(audited.map((row) => [row.actorId, row.data])).toEqual([[null, { validTo: "2026-12-05", admins: 1, source: "certificates" }]]);
  });
});

describe("/login 'Sign in with SSO'", () => {
  const submit = async (email: string) => {
    await syncDirectory();
    return SELF.fetch(`${BASE}/login`, { method: "POST", body: new URLSearchParams({ intent: "sso", email, redirectTo: "" }), redirect: "manual" });
  };

  it("goes to the firm's SSO for its domain; any other address gets one answer, and its own firm's link by mail (issue 26, item 4)", async () => {
    const firm = await ssoFirm();
    const byDomain = await submit(`anyone@${firm.domain}`);
    expect(byDomain.status).toBe(302);
    expect(byDomain.headers.get("Location")).toBe(`/api/v2/company/${firm.company.id}/sso/login?email=anyone%40${firm.domain}`);

    const elsewhere = await firm.createUser("employee", { email: `sso-person-${firm.company.id.slice(-5)}@gmail-like.test` });
    const plain = await createCompany("Password Firm");
    const passwordPerson = await plain.createUser("employee");
    const answers = await Promise.all(
      [elsewhere.email, passwordPerson.email, `nobody-${firm.company.id.slice(-5)}@gmail-like.test`].map(async (email) => {
        const response = await submit(email);
        return {
          status: response.status,
          location: response.headers.get("Location"),
          body: (await response.text()).replaceAll(email, "X").replace(/nonce="[^"]*"/g, ""),
        };
      }),
    );
    // The page says the same for an SSO firm's member, a password firm's member and nobody.
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[0].status).toBe(200);
    expect(answers[0].body).toContain("If this address belongs to a firm that signs in with single sign-on, we have e-mailed it a link to sign in.");
    // Only the SSO firm's member gets a link, to their own firm's sign-in.
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, elsewhere.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain(`/api/v2/company/${firm.company.id}/sso/login?email=${encodeURIComponent(elsewhere.email)}`);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, passwordPerson.email))).toHaveLength(0);
    // At most three an hour to one address.
    for (let i = 0; i < 4; i++) await submit(elsewhere.email);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, elsewhere.email))).toHaveLength(3);
  });
});

describe("a firm on another shard (decision 0312)", () => {
  const shard2 = () => createDb(env.DB_SHARD_2!);

  /** An SSO firm that lives only on shard 2, with federation on and a verified domain, as the directory knows it. */
  async function shardTwoFirm() {
    const company = companyRow({ name: "SSO Shard Two", settings: "{}" });
    const group = groupRow(company.id, { name: "Tax" });
    const office = officeRow(company.id, group.id, { name: "Lund" });
    const domain = `shard2-${company.id.slice(-6)}.test`;
    const person = userRow(company.id, "employee", { email: `person@${domain}`, groupId: group.id, officeId: office.id, passwordHash: null });
    const db2 = shard2();
    await db2.batch([
      db2.insert(companies).values({ ...company, ssoLoginUrl: inject("samlIdpUrl"), ssoCertificate: IDP_CERT, allowFederation: true }),
      db2.insert(groups).values(group),
      db2.insert(offices).values(office),
      db2.insert(companyDomains).values({ domain, companyId: company.id, verifiedAt: new Date(), verifiedBy: "operator" }),
      db2.insert(users).values(person),
    ]);
    await flushDirectory(env as Env, shardsOf(env as Env)[2]);
    const firm = { company, group, office, createUser: undefined as never };
    return { ...firm, domain, person: { ...person, email: person.email! } };
  }

  it("signs in through its own shard: the request, the assertion and the session are written there", async () => {
    const firm = await shardTwoFirm();
    const { requestId } = await startLogin(firm);
    expect(await shard2().select().from(samlRequests).where(eq(samlRequests.id, requestId))).toHaveLength(1);
    const response = await post(firm.company.id, valid(firm, requestId));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/home");
    expect(await shard2().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, firm.person.id))).toHaveLength(1);
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0];
    const me = await SELF.fetch(`${BASE}/api/v2/users/me`, { headers: { Cookie: cookie } });
    expect(((await me.json()) as { _id: string })._id).toBe(firm.person.id);
  });

  it("the login page sends an address at its domain to its SSO, and mails its member's SSO link from shard 2", async () => {
    const firm = await shardTwoFirm();
    const route = await api(`/api/v2/account/login-route?email=${encodeURIComponent(`someone@${firm.domain}`)}`);
    expect(await route.json()).toMatchObject({ kind: "firm", companyId: firm.company.id, firm: "SSO Shard Two" });
    // A member at another address (not the firm's domain) asks for the SSO link: it is mailed from the firm's shard.
    const member = userRow(firm.company.id, "employee", { email: `member-${firm.company.id.slice(-6)}@elsewhere-mail.test`, passwordHash: null });
    await shard2().insert(users).values(member);
    await flushDirectory(env as Env, shardsOf(env as Env)[2]);
    const asked = await SELF.fetch(`${BASE}/login`, {
      method: "POST",
      body: new URLSearchParams({ intent: "sso", email: member.email!, redirectTo: "" }),
      redirect: "manual",
    });
    expect(asked.status).toBe(200);
    const mailed = await shard2().select().from(emailOutbox).where(eq(emailOutbox.toAddress, member.email!));
    expect(mailed).toHaveLength(1);
    expect(mailed[0].textBody).toContain(`/api/v2/company/${firm.company.id}/sso/login`);
  });

  it("federation does not create a second account for an address of a firm on another shard", async () => {
    const firm = await shardTwoFirm();
    // Someone of a firm on shard 0 whose address is at this firm's domain (from before the claim).
    const other = await createCompany("Shard Zero Neighbour");
    const neighbour = await other.createUser("employee", { email: `neighbour@${firm.domain}` });
    await flushDirectory(env as Env, shardsOf(env as Env)[0]);
    const { requestId } = await startLogin(firm);
    await expectRefused(
      await post(firm.company.id, valid(firm, requestId, { nameId: neighbour.email!, attributes: { [ATTRIBUTE_NAMES.email]: neighbour.email! } })),
      "other-firm",
    );
    expect(await shard2().select().from(users).where(eq(users.email, neighbour.email!))).toEqual([]);
  });
});
