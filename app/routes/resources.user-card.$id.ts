import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { getUserCard } from "~/domain/users/user-card.server";
import { apiRoute } from "~/lib/api.server";

/** Data for the user detail card the overview opens; any member of the company may look. */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const actor = await requireUser(request, context);
  return json(await getUserCard(domainCtx(context, actor), params.id!));
});
