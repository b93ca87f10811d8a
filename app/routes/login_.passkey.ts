import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { TooManyRequestsError } from "~/domain/errors";
import { signInContext } from "~/domain/identity/authenticator.server";
import { clientIp, landingPath } from "~/domain/identity/login.server";
import {
  ceremonyCookie,
  openCeremony,
  passkeySignInOptions,
  relyingParty,
  sealCeremony,
  verifyPasskeySignIn,
} from "~/domain/identity/passkeys.server";
import { passkeySignInSchema, readPasskeyPayload } from "~/domain/identity/passkeys.schema";
import { challengeCookie } from "~/domain/identity/second-factor.server";
import { pendingSignIn } from "~/domain/identity/second-factor-sign-in.server";
import { startSession } from "~/domain/identity/session.server";
import { contextOfPasskey } from "~/domain/installation/pre-sign-in.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { apiRoute } from "~/web/api.server";

/**
 * Passkey sign-in (decision 0298), posted as JSON by the sign-in and code pages: `options`
 * starts a ceremony (its challenge in a signed cookie), `verify` checks the browser's answer
 * and opens the session. On the code page (a pending password sign-in) the passkey must be
 * that person's, and the pending sign-in ends with it. Starting a ceremony counts like
 * starting an SSO sign-in (per address).
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const input = await readPasskeyPayload(request, passkeySignInSchema);
  const rp = relyingParty(request, mailerFor(context, request).appName);
  const pending = await pendingSignIn(context, request);
  const cookie = ceremonyCookie(context.env);
  if (input.intent === "options") {
    const verdict = await signInContext(context).throttle.startFlow(clientIp(request), new Date());
    if (!verdict.allowed) throw new TooManyRequestsError("Too many sign-in attempts. Please wait a minute and try again.", verdict.retryAfterSeconds);
    const { options, ceremony } = await passkeySignInOptions(context.db, rp, input.secondFactor ? pending?.user : null);
    return json(options, {
      headers: { "Set-Cookie": await cookie.serialize(await sealCeremony(context.env, ceremony)), "Cache-Control": "no-store" },
    });
  }
  const ceremony = await openCeremony(context.env, await cookie.parse(request.headers.get("Cookie")));
  const response = input.response as unknown as AuthenticationResponseJSON;
  // The passkey's person is on their firm's shard (decision 0313); after a password, the pending sign-in is already there.
  const firm = ceremony?.userId && pending ? context : await contextOfPasskey(context, String(response.id ?? ""), response.response?.userHandle);
  const user = await verifyPasskeySignIn(firm.db, rp, ceremony, response);
  // After a password (the code page): the pending sign-in ends here, and goes where it was going.
  const afterPassword = ceremony?.kind === "sign-in" && ceremony.userId ? pending : null;
  const { setCookie } = await startSession(firm, user, request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", setCookie);
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  if (afterPassword) headers.append("Set-Cookie", await challengeCookie(context.env).serialize("", { maxAge: 0 }));
  const fallback = landingPath(user, context.env);
  return json({ redirectTo: safeRedirect(afterPassword?.redirectTo || input.redirectTo, fallback) }, { headers });
});
