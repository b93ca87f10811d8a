import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { listNotificationTokens } from "~/domain/users/notification-tokens.server";
import { apiRoute, methodNotAllowed } from "~/lib/api.server";

/** GET /notification-token: the caller's own push tokens. */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, context);
  return json(await listNotificationTokens(domainCtx(context, actor)));
});

export const action = () => methodNotAllowed();
