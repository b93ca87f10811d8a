import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { getMe } from "~/domain/users/profile.server";
import { apiRoute } from "~/lib/api.server";

export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, context);
  return json(await getMe(domainCtx(context, actor)));
});
