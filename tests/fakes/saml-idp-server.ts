import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { inflateRawSync } from "node:zlib";
import { ATTRIBUTE_NAMES, samlResponse } from "./saml-idp";

/**
 * A loopback SAML 2.0 identity provider for `npm start`, Playwright and the workerd tests
 * (Node): it takes an AuthnRequest on the HTTP-Redirect binding at GET /saml/sso (it must
 * be signed: SigAlg and Signature present), shows a small sign-in page (e-mail, name,
 * department), and answers with a signed Response on the HTTP-POST binding: the page a real
 * IdP sends, a form that posts SAMLResponse and RelayState to the request's
 * AssertionConsumerServiceURL. Its certificate is IDP_CERT (saml-keys.ts), which the seed
 * stores as Demo Law's SSO certificate.
 */
export const FAKE_IDP_PATH = "/saml/sso";

/** People the loopback IdP knows: their name, title and department when the form leaves them empty. */
const DIRECTORY: Record<string, { name: string; title: string; department: string }> = {
  "employee@demo.test": { name: "Erik Employee", title: "Associate", department: "Corporate" },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readRequest(encoded: string): { id: string; acsUrl: string; issuer: string } | null {
  try {
    const xml = inflateRawSync(Buffer.from(encoded, "base64")).toString("utf8");
    const id = /\sID="([^"]+)"/.exec(xml)?.[1];
    const acsUrl = /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1];
    const issuer = /<(?:saml:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1];
    if (!id || !acsUrl || !issuer) return null;
    return { id, acsUrl: acsUrl.replace(/&amp;/g, "&"), issuer: issuer.replace(/&amp;/g, "&") };
  } catch {
    return null;
  }
}

async function body(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function page(res: ServerResponse, status: number, title: string, content: string) {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>` +
      `<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}label{display:block;margin-top:1rem}input{width:100%;padding:.5rem;font-size:1rem}button{margin-top:1.5rem;padding:.6rem 1.2rem;font-size:1rem}</style></head>` +
      `<body><main>${content}</main></body></html>`,
  );
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (req.method === "GET" && url.pathname === FAKE_IDP_PATH) {
    const encoded = url.searchParams.get("SAMLRequest");
    const request = encoded ? readRequest(encoded) : null;
    if (!request) return page(res, 400, "Bad request", "<h1>Not a SAML AuthnRequest</h1>");
    if (!url.searchParams.get("Signature") || !url.searchParams.get("SigAlg")) {
      return page(res, 400, "Unsigned request", "<h1>This identity provider only accepts signed requests</h1>");
    }
    const hidden = { requestId: request.id, acsUrl: request.acsUrl, audience: request.issuer, relayState: url.searchParams.get("RelayState") ?? "" };
    return page(
      res,
      200,
      "Loopback identity provider",
      `<h1>Loopback identity provider</h1><p>Signing in to ${escape(request.issuer)}</p>` +
        `<form method="post" action="${FAKE_IDP_PATH}/continue">` +
        Object.entries(hidden)
          .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
          .join("") +
        `<label>E-mail<input name="email" type="email" required value="${escape(url.searchParams.get("login_hint") ?? "")}"></label>` +
        `<label>Name<input name="name"></label><label>Department<input name="department"></label>` +
        `<button type="submit">Sign in</button></form>`,
    );
  }
  if (req.method === "POST" && url.pathname === `${FAKE_IDP_PATH}/continue`) {
    const form = await body(req);
    const email = (form.get("email") ?? "").trim().toLowerCase();
    const acsUrl = form.get("acsUrl") ?? "";
    if (!email || !acsUrl.startsWith("http")) return page(res, 400, "Bad request", "<h1>E-mail and assertion URL are required</h1>");
    const known = DIRECTORY[email];
    const attributes: Record<string, string> = { [ATTRIBUTE_NAMES.email]: email };
    const name = form.get("name") || known?.name;
    const department = form.get("department") || known?.department;
    if (name) attributes[ATTRIBUTE_NAMES.name] = name;
    if (known?.title) attributes[ATTRIBUTE_NAMES.title] = known.title;
    if (department) attributes[ATTRIBUTE_NAMES.department] = department;
    const xml = samlResponse({ acsUrl, audience: form.get("audience") ?? "", inResponseTo: form.get("requestId"), nameId: email, attributes });
    return page(
      res,
      200,
      "Signing in",
      `<form id="post" method="post" action="${escape(acsUrl)}"><input type="hidden" name="SAMLResponse" value="${Buffer.from(xml).toString("base64")}">` +
        `<input type="hidden" name="RelayState" value="${escape(form.get("relayState") ?? "")}"><p>Signed in as ${escape(email)}.</p><button type="submit">Continue</button></form>` +
        `<script>document.getElementById("post").submit()</script>`,
    );
  }
  page(res, 404, "Not found", "<h1>Not found</h1>");
}

export async function startFakeIdp(port = 0): Promise<{ port: number; url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error("fake IdP failed", error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `http://127.0.0.1:${actual}${FAKE_IDP_PATH}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `npm start` and the Playwright server run it on its own: SAML_IDP_PORT, or the app's port + 1000. */
export function fakeIdpPort(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.SAML_IDP_PORT || Number(env.PORT || env.E2E_PORT || 8787) + 1000);
}
