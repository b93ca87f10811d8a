import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { requireUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { clientIp } from "~/domain/identity/login.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { passkeySettingsSchema, readPasskeyPayload } from "~/domain/identity/passkeys.schema";
import {
  ceremonyCookie,
  openCeremony,
  passkeyRegistrationOptions,
  registerPasskey,
  relyingParty,
  removePasskey,
  renamePasskey,
  sealCeremony,
} from "~/domain/identity/passkeys.server";
import { apiRoute } from "~/web/api.server";

/**
 * The settings' passkeys (decision 0298), posted as JSON: `options` (after the step-up) starts
 * adding one, `register` keeps the browser's new credential, `rename` and `remove` (after the
 * step-up) act on one of the person's own.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const actor = await requireUser(request, context);
  const ctx = domainCtx(context, actor);
  const input = await readPasskeyPayload(request, passkeySettingsSchema);
  const rp = relyingParty(request, mailerFor(context, request).appName);
  const stepUp = { env: context.env, ip: clientIp(request) };
  const cookie = ceremonyCookie(context.env);
  switch (input.intent) {
    case "options": {
      const { options, ceremony } = await passkeyRegistrationOptions(ctx, stepUp, rp, input.currentPassword);
      return json(options, {
        headers: { "Set-Cookie": await cookie.serialize(await sealCeremony(context.env, ceremony)), "Cache-Control": "no-store" },
      });
    }
    case "register": {
      const ceremony = await openCeremony(context.env, await cookie.parse(request.headers.get("Cookie")));
      const added = await registerPasskey(ctx, rp, ceremony, { response: input.response as unknown as RegistrationResponseJSON, name: input.name });
      return json(added, { headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) } });
    }
    case "rename":
      return json(await renamePasskey(ctx, input.id, input.name));
    case "remove":
      return json(await removePasskey(ctx, stepUp, input.id, input.currentPassword));
  }
});
