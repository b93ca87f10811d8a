import { redirect } from "@remix-run/cloudflare";
import { landingPath } from "~/domain/identity/login.server";
import { startSession } from "~/domain/identity/session.server";
import { finishSsoLogin, type SsoFinish } from "~/domain/identity/sso/sso-flow.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "The SAML2 assertion consumer (HTTP-POST binding) of the firm: verifies the IdP's signed answer (an answer to a request only in the browser that started it, within 10 minutes; an unsolicited one only where the firm allows IdP-initiated sign-in) and signs the person in (303 to the app), or 303 to /login?sso={reason}.",
    auth: "public",
    rawBody: { contentType: "application/x-www-form-urlencoded", description: "SAMLResponse (base64) and RelayState, as the IdP posts them." },
    run: async ({ request, context, params }) => {
      const finished = await finishSsoLogin(context, request, params.id!);
      if ("refused" in finished) return redirect(`/login?sso=${finished.refused}`, 303);
      if ("tested" in finished) return testResultPage(finished.tested, finished.setCookie);
      const { setCookie } = await startSession(context, finished.signedIn, request);
      const headers = new Headers({ "Set-Cookie": setCookie });
      headers.append("Set-Cookie", finished.setCookie);
      return redirect(safeRedirect(finished.relayState, landingPath(finished.signedIn, context.env)), { status: 303, headers });
    },
  }),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SSO dialog's test button: what the IdP sent, verified; nobody is signed in. */
function testResultPage({ firm, person }: Extract<SsoFinish, { tested: unknown }>["tested"], setCookie: string) {
  const rows = (
    [
      ["E-mail", person.email],
      ["Name", person.name],
      ["Title", person.title],
      ["Department", person.department],
    ] as const
  )
    .map(([label, value]) => `<tr><th scope="row">${label}</th><td>${escapeHtml(value || "(not sent)")}</td></tr>`)
    .join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>SSO test · ${escapeHtml(firm)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#0f172a}th{text-align:left;padding-right:1rem}td,th{padding:.25rem 0}</style></head>
<body><main><h1>Single sign-on works</h1><p>${escapeHtml(firm)}'s identity provider signed this answer and it was verified. Nobody was signed in by this test.</p>
<table>${rows}</table><p>You can close this window.</p></main></body></html>`;
  return new Response(html, {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Set-Cookie": setCookie },
  });
}
