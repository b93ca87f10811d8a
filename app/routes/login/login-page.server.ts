import { formConstraint } from "~/components/form-constraint";
import { json, redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createAuthenticator } from "~/domain/identity/authenticator.server";
import { getActor } from "~/auth/session.server";
import { signInAfterPassword } from "~/domain/identity/second-factor-sign-in.server";
import { landingPath } from "~/domain/identity/login.server";
import { loginSchema, ssoLoginSchema } from "~/domain/identity/login.schema";
import { CHALLENGE_EXPIRED } from "~/domain/identity/second-factor.schema";
import { loginRouteFor, mailSsoSignInLink, SSO_LINK_SENT, SSO_REFUSALS, type SsoRefusal } from "~/domain/identity/sso/sso.server";
import { loginQueryRedirect } from "./login-entra.server";
import { entraConfig } from "~/integrations/entra/config";
import { isLocalEnv } from "~/env";
import { submitForm } from "~/web/page-form.server";
import { safeRedirect } from "~/lib/safe-redirect";

/*
 * /login's loader and action. Apart from the route module so that the schemas' modules, whose
 * top-level zod calls esbuild keeps wherever they are imported, stay off the page (decision 0292).
 */

export async function loadLoginPage({ request, context }: LoaderFunctionArgs) {
  // ?code= (back from Microsoft) signs in and redirects, or says why not; ?token= (the iOS
  // wrapper's old hand-off) and ?handoff=expired only say why not (decision 0270).
  const failure = await loginQueryRedirect(context, request);
  const actor = failure ? null : await getActor(request, context);
  if (actor) throw redirect(landingPath(actor.user, context.env));
  const url = new URL(request.url);
  const email = url.searchParams.get("email") ?? "";
  const sso = url.searchParams.get("sso") ?? "";
  // Only our own fixed texts: the reason is a key, never shown as sent.
  // Back from the code page whose sign-in expired (decision 0298), or an SSO refusal.
  const ssoError = url.searchParams.has("expired") ? CHALLENGE_EXPIRED : sso in SSO_REFUSALS ? SSO_REFUSALS[sso as SsoRefusal] : null;
  const config = entraConfig(context.env);
  // In development the local provider plays the Teams host (tests/fakes/entra-server.ts, /_fake/teams-host).
  const teamsHostOrigins = config && isLocalEnv(context.env) ? [new URL(config.authority).origin] : [];
  return json(
    {
      email,
      ssoError,
      microsoft: config !== null,
      entraError: failure?.message ?? null,
      teamsHostOrigins,
      // The fields' required and maxLength, worked out here so that zod stays off the page (decision 0292).
      constraint: formConstraint(loginSchema),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function runLoginAction({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  if (form.get("intent") === "sso") {
    // 'Sign in with SSO': the typed e-mail's domain names the firm (or another installation).
    return submitForm(form, ssoLoginSchema, async ({ email }) => {
      const route = await loginRouteFor(context, email);
      if (route.kind === "password") {
        // Not a firm's domain: the person's own firm's link goes to the address, and the
        // answer is the same whoever it belongs to (issue 26, item 4).
        await mailSsoSignInLink(context, request, email);
        return { message: SSO_LINK_SENT };
      }
      const redirectTo = safeRedirect(form.get("redirectTo"), "");
      // A document redirect: the browser itself goes to the identity provider's start (a
      // resource route answering 302 to another origin). A client-side navigation fetched it
      // as data first, an extra request the console showed as a 405 and a 401.
      return redirectDocument(route.kind === "firm" && redirectTo ? `${route.url}&redirectTo=${encodeURIComponent(redirectTo)}` : route.url);
    });
  }
  return submitForm(
    form,
    loginSchema,
    async () => {
      const user = await createAuthenticator(context).authenticate("form", request);
      // A person with a second factor goes to the code page first (decision 0298).
      return signInAfterPassword(context, request, user, { redirectTo: form.get("redirectTo") });
    },
    { hideFields: ["password"] },
  );
}
