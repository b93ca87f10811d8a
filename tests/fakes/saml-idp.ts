import { SignedXml } from "xml-crypto";
import { IDP_CERT, IDP_KEY } from "./saml-keys";

/**
 * The loopback SAML identity provider's document maker: SAML 2.0 Responses as a real IdP
 * (Entra, Okta, ADFS) posts them to an assertion consumer, the Assertion signed enveloped
 * with RSA-SHA256 and exclusive c14n. Shared by the IdP's HTTP server (saml-idp-server.ts,
 * for `wrangler dev` and Playwright) and by the workerd tests, which also use the knobs below
 * to craft the attack documents (unsigned, wrapped, wrong audience, expired, ...).
 */
export const FAKE_IDP_ENTITY_ID = "urn:availability:loopback-idp";

export interface ResponseOptions {
  acsUrl: string;
  audience: string;
  nameId: string;
  inResponseTo?: string | null;
  attributes?: Record<string, string>;
  now?: Date;
  /** Seconds the assertion is valid for after `now` (default 300). */
  validForSeconds?: number;
  issuer?: string;
  destination?: string | null;
  recipient?: string;
  assertionId?: string;
  /** "assertion" (default), "none" (unsigned). */
  sign?: "assertion" | "none";
  key?: string;
  cert?: string;
}

const xmlEscape = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export const randomId = () => `_${crypto.randomUUID().replace(/-/g, "")}`;

export const ATTRIBUTE_NAMES = {
  email: "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
  name: "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name",
  title: "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/title",
  department: "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/department",
} as const;

export function buildAssertion(o: ResponseOptions): { id: string; xml: string } {
  const now = o.now ?? new Date();
  const notBefore = new Date(now.getTime() - 5_000).toISOString();
  const notOnOrAfter = new Date(now.getTime() + (o.validForSeconds ?? 300) * 1000).toISOString();
  const id = o.assertionId ?? randomId();
  const inResponseTo = o.inResponseTo ? ` InResponseTo="${xmlEscape(o.inResponseTo)}"` : "";
  const attributes = Object.entries(o.attributes ?? {})
    .map(
      ([name, value]) => `<saml:Attribute Name="${xmlEscape(name)}"><saml:AttributeValue>${xmlEscape(value)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join("");
  const xml =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${now.toISOString()}">` +
    `<saml:Issuer>${xmlEscape(o.issuer ?? FAKE_IDP_ENTITY_ID)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${xmlEscape(o.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${notOnOrAfter}" Recipient="${xmlEscape(o.recipient ?? o.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${xmlEscape(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : "") +
    `</saml:Assertion>`;
  return { id, xml };
}

/** Signs the element with the given ID (enveloped signature placed right after its Issuer). */
export function signElement(xml: string, id: string, key = IDP_KEY, cert = IDP_CERT): string {
  const sig = new SignedXml({
    privateKey: key,
    publicCert: cert,
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#",
  });
  sig.addReference({
    xpath: `//*[@ID='${id}']`,
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/2001/10/xml-exc-c14n#"],
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
  });
  sig.computeSignature(xml, {
    location: { reference: `//*[@ID='${id}']/*[local-name(.)='Issuer']`, action: "after" },
  });
  return sig.getSignedXml();
}

export function signedAssertion(o: ResponseOptions): { id: string; xml: string } {
  const assertion = buildAssertion(o);
  if (o.sign === "none") return assertion;
  return { id: assertion.id, xml: signElement(assertion.xml, assertion.id, o.key, o.cert) };
}

/** Wraps assertion XML (signed or not) in a samlp:Response. */
export function wrapInResponse(assertionXml: string, o: Pick<ResponseOptions, "acsUrl" | "inResponseTo" | "issuer" | "destination" | "now">) {
  const now = o.now ?? new Date();
  const inResponseTo = o.inResponseTo ? ` InResponseTo="${xmlEscape(o.inResponseTo)}"` : "";
  const destination = o.destination === null ? "" : ` Destination="${xmlEscape(o.destination ?? o.acsUrl)}"`;
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${randomId()}" Version="2.0" IssueInstant="${now.toISOString()}"${destination}${inResponseTo}>` +
    `<saml:Issuer>${xmlEscape(o.issuer ?? FAKE_IDP_ENTITY_ID)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertionXml.replace(/^<\?xml[^>]*>/, "") +
    `</samlp:Response>`
  );
}

/** A complete, valid Response as the IdP posts it (XML, not yet base64). */
export function samlResponse(o: ResponseOptions): string {
  return wrapInResponse(signedAssertion(o).xml, o);
}

export const toBase64 = (xml: string) => btoa(String.fromCharCode(...new TextEncoder().encode(xml)));
