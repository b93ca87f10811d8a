import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { renewToken, requireApiUser } from "~/auth/session.server";
import { apiRoute } from "~/lib/api.server";

export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, context);
  return json({ token: await renewToken(context, actor) });
});
