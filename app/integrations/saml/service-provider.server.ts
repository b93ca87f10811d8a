import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from "@node-saml/node-saml";
import { DOMParser } from "@xmldom/xmldom";
import { X509Certificate } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "~/db/client";
import { samlRequests } from "~/db/schema";
import { readFromPrimary } from "~/db/d1-sessions";

/**
 * The SAML2 service provider (@node-saml/node-saml, run inside workerd): one per firm, built
 * from the firm's IdP login URL and certificate. node-saml checks the signature (the
 * assertion must be signed by the firm's certificate), the audience and the time window;
 * this module adds what it leaves to its caller: Destination and Recipient must be our
 * assertion URL, the response carries no XML comments (the NameID comment-injection
 * attack: c14n drops comments, so "victim@firm.test<!---->.evil.test" keeps a valid
 * signature, and a parser reading the first text node sees "victim@firm.test"), each
 * AuthnRequest's ID is answered at most once (consumeRequest), within REQUEST_TTL_MS, and
 * only in the browser that sent it (the caller names that browser's request IDs).
 */
export interface SpEnv {
  SAML_SP_KEY?: string;
  SAML_SP_CERT?: string;
}

export interface FirmIdp {
  companyId: string;
  loginUrl: string;
  certificate: string;
  idpInitiated: boolean;
}

export const REQUEST_TTL_MS = 10 * 60 * 1000;
export const CLOCK_SKEW_MS = 90 * 1000;

export const spUrls = (origin: string, companyId: string) => ({
  acsUrl: `${origin}/api/v2/company/${companyId}/sso`,
  loginUrl: `${origin}/api/v2/company/${companyId}/sso/login`,
  /** Also the SP's entity ID (the audience the IdP must name). */
  metadataUrl: `${origin}/api/v2/company/${companyId}/sso/metadata`,
});

export class SamlRefusal extends Error {
  constructor(
    readonly reason: string,
    detail?: string,
  ) {
    super(detail ?? reason);
    this.name = "SamlRefusal";
  }
}

/** Stored AuthnRequest IDs, per company. Reading never consumes; consumeRequest does, once. */
function requestStore(db: Db, companyId: string): CacheProvider {
  return {
    async saveAsync(key, value) {
      const createdAt = new Date(value);
      await db.insert(samlRequests).values({ id: key, companyId, createdAt, expiresAt: new Date(createdAt.getTime() + REQUEST_TTL_MS) });
      return { createdAt: createdAt.getTime(), value };
    },
    async getAsync(key) {
      const [row] = await db
        .select({ createdAt: samlRequests.createdAt })
        .from(samlRequests)
        .where(and(eq(samlRequests.id, key), eq(samlRequests.companyId, companyId), gt(samlRequests.expiresAt, new Date())))
        .limit(1);
      return row ? row.createdAt.toISOString() : null;
    },
    // node-saml removes after each attempt; consumeRequest does it atomically instead.
    async removeAsync() {
      return null;
    },
  };
}

/** One use: true only for the first caller that deletes the unexpired request. */
export async function consumeRequest(db: Db, companyId: string, requestId: string, now: Date): Promise<boolean> {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  const rows = await db
    .delete(samlRequests)
    .where(and(eq(samlRequests.id, requestId), eq(samlRequests.companyId, companyId), gt(samlRequests.expiresAt, now)))
    .returning({ id: samlRequests.id });
  return rows.length === 1;
}

/** Whether the request `requestId` of the firm was sent and has run out (its row not yet cleaned up). */
async function requestExpired(db: Db, companyId: string, requestId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ expiresAt: samlRequests.expiresAt })
    .from(samlRequests)
    .where(and(eq(samlRequests.id, requestId), eq(samlRequests.companyId, companyId)))
    .limit(1);
  return row !== undefined && row.expiresAt.getTime() <= now.getTime();
}

const newRequestId = () => `_${crypto.randomUUID().replace(/-/g, "")}`;

function serviceProvider(db: Db, env: SpEnv, origin: string, idp: FirmIdp, requestId = newRequestId()) {
  const urls = spUrls(origin, idp.companyId);
  return new SAML({
    entryPoint: idp.loginUrl,
    issuer: urls.metadataUrl,
    audience: urls.metadataUrl,
    callbackUrl: urls.acsUrl,
    idpCert: idp.certificate,
    privateKey: env.SAML_SP_KEY || undefined,
    publicCert: env.SAML_SP_CERT || undefined,
    signatureAlgorithm: "sha256",
    digestAlgorithm: "sha256",
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: idp.idpInitiated ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    cacheProvider: requestStore(db, idp.companyId),
    identifierFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
    disableRequestedAuthnContext: true,
    generateUniqueId: () => requestId,
  });
}

/**
 * The IdP URL with a signed (HTTP-Redirect binding) AuthnRequest; its ID is stored for
 * InResponseTo and returned, for the caller to bind to the browser.
 */
export async function authorizeUrl(
  db: Db,
  env: SpEnv,
  origin: string,
  idp: FirmIdp,
  relayState: string,
): Promise<{ url: string; requestId: string }> {
  if (!env.SAML_SP_KEY) throw new SamlRefusal("not-configured", "SAML_SP_KEY is not set on this installation");
  const requestId = newRequestId();
  const url = await serviceProvider(db, env, origin, idp, requestId).getAuthorizeUrlAsync(relayState, undefined, {});
  return { url, requestId };
}

export function spMetadata(env: SpEnv, origin: string, companyId: string): string {
  const urls = spUrls(origin, companyId);
  const saml = new SAML({
    issuer: urls.metadataUrl,
    callbackUrl: urls.acsUrl,
    idpCert: "unused",
    identifierFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
    wantAssertionsSigned: true,
  });
  return saml.generateServiceProviderMetadata(null, env.SAML_SP_CERT || null);
}

export interface VerifiedAssertion {
  profile: Profile;
  assertionId: string;
  /** When the assertion stops being valid: replay records are kept until then. */
  expiresAt: Date;
  inResponseTo: string | null;
}

const NS_ASSERTION = "urn:oasis:names:tc:SAML:2.0:assertion";

/**
 * Validates a posted SAMLResponse (base64) for the firm, or throws SamlRefusal.
 * `browserRequests`: the AuthnRequests the posting browser started (its flow cookie: ID →
 * when); an answer to any other request is refused before it is read further
 * ("other-browser"), an answer after REQUEST_TTL_MS as "expired".
 */
export async function verifyResponse(
  db: Db,
  env: SpEnv,
  origin: string,
  idp: FirmIdp,
  samlResponse: string,
  now: Date,
  browserRequests: ReadonlyMap<string, number>,
): Promise<VerifiedAssertion> {
  const urls = spUrls(origin, idp.companyId);
  let xml: string;
  try {
    xml = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(atob(samlResponse.replace(/\s+/g, "")), (c) => c.charCodeAt(0)));
  } catch {
    throw new SamlRefusal("malformed", "SAMLResponse is not base64 of UTF-8");
  }
  const errors: string[] = [];
  const doc = new DOMParser({ errorHandler: { error: (m: string) => errors.push(m), fatalError: (m: string) => errors.push(m) } }).parseFromString(
    xml,
    "text/xml",
  );
  const root = doc?.documentElement;
  if (errors.length || !root || root.localName !== "Response") throw new SamlRefusal("malformed", errors[0] ?? "not a SAML Response");
  // No IdP sends comments; c14n drops them, so they are where NameID comment injection hides.
  if (xml.includes("<!--")) throw new SamlRefusal("invalid", "XML comments in the response");
  const destination = root.getAttribute("Destination");
  if (destination && destination !== urls.acsUrl) throw new SamlRefusal("destination", `Destination ${destination}`);
  const inResponseTo = root.getAttribute("InResponseTo") || null;
  if (!inResponseTo && !idp.idpInitiated) throw new SamlRefusal("unsolicited", "no InResponseTo and IdP-initiated sign-in is off");
  // Login CSRF: someone else's answer (to a request their browser started) posted from this one.
  if (inResponseTo) {
    const startedAt = browserRequests.get(inResponseTo);
    if (startedAt === undefined) throw new SamlRefusal("other-browser", `InResponseTo ${inResponseTo} not started here`);
    if (now.getTime() - startedAt >= REQUEST_TTL_MS || (await requestExpired(db, idp.companyId, inResponseTo, now)))
      throw new SamlRefusal("expired", `request ${inResponseTo} expired`);
  }

  let profile: Profile | null;
  try {
    ({ profile } = await serviceProvider(db, env, origin, idp).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    if (inResponseTo) await consumeRequest(db, idp.companyId, inResponseTo, now);
    throw new SamlRefusal("invalid", error instanceof Error ? error.message : String(error));
  }
  if (!profile) throw new SamlRefusal("invalid", "no profile");
  const assertionXml = profile.getAssertionXml?.() ?? "";
  const assertion = new DOMParser().parseFromString(assertionXml, "text/xml").documentElement!;
  const assertionId = assertion.getAttribute("ID");
  if (!assertionId) throw new SamlRefusal("invalid", "assertion without ID");
  const confirmations = Array.from(assertion.getElementsByTagNameNS(NS_ASSERTION, "SubjectConfirmationData"));
  if (!confirmations.some((c) => c.getAttribute("Recipient") === urls.acsUrl))
    throw new SamlRefusal("recipient", "no SubjectConfirmationData for our ACS");
  if (inResponseTo && !(await consumeRequest(db, idp.companyId, inResponseTo, now))) throw new SamlRefusal("invalid", "InResponseTo already used");
  const notOnOrAfter = confirmations.map((c) => Date.parse(c.getAttribute("NotOnOrAfter") ?? "")).find((t) => !Number.isNaN(t));
  return {
    profile,
    assertionId,
    inResponseTo,
    expiresAt: new Date(Math.max(now.getTime(), notOnOrAfter ?? now.getTime()) + CLOCK_SKEW_MS + REQUEST_TTL_MS),
  };
}

/** The attribute names Entra, Okta, ADFS and Google send for what we map. */
const ATTRIBUTES = {
  email: ["email", "mail", "emailaddress", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress", "urn:oid:0.9.2342.19200300.100.1.3"],
  name: [
    "displayName",
    "name",
    "http://schemas.microsoft.com/identity/claims/displayname",
    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name",
    "urn:oid:2.16.840.1.113730.3.1.241",
  ],
  givenName: ["firstName", "givenName", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname", "urn:oid:2.5.4.42"],
  surname: ["lastName", "surname", "sn", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname", "urn:oid:2.5.4.4"],
  title: ["title", "jobTitle", "jobtitle", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/title", "urn:oid:2.5.4.12"],
  department: ["department", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/department", "urn:oid:2.5.4.11"],
} as const;

export interface MappedPerson {
  email: string;
  name: string;
  title: string;
  department: string;
}

export function mapAttributes(profile: Profile): MappedPerson {
  const read = (names: readonly string[]) => {
    for (const name of names) {
      const value = profile[name];
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === "string" && first.trim()) return first.trim();
    }
    return "";
  };
  const email = (read(ATTRIBUTES.email) || (profile.nameID?.includes("@") ? profile.nameID : "")).toLowerCase();
  const name = read(ATTRIBUTES.name) || [read(ATTRIBUTES.givenName), read(ATTRIBUTES.surname)].filter(Boolean).join(" ");
  return { email, name: name.slice(0, 200), title: read(ATTRIBUTES.title).slice(0, 200), department: read(ATTRIBUTES.department).slice(0, 200) };
}

export interface CertificateInfo {
  subject: string;
  validTo: Date;
  /** The PEM text, normalised. */
  pem: string;
}

/** Reads a PEM or bare base64 certificate; null when it is not an X.509 certificate. */
export function readCertificate(text: string): CertificateInfo | null {
  const body = text
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, "")
    .replace(/\s+/g, "")
    .trim();
  if (!body || !/^[A-Za-z0-9+/=]+$/.test(body) || body.length > 20_000) return null;
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----\n`;
  try {
    const cert = new X509Certificate(pem);
    const validTo = new Date(cert.validTo);
    if (Number.isNaN(validTo.getTime())) return null;
    return { subject: cert.subject.replace(/\n/g, ", "), validTo, pem };
  } catch {
    return null;
  }
}
