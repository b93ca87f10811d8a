import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { getWorkplaceOverview } from "~/domain/workplace/workplace.server";
import { apiRoute } from "~/web/api.server";

/** Data for the dashboard's 'WFH Overview' modal. */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const actor = await requireUser(request, context);
  return json(await getWorkplaceOverview(domainCtx(context, actor)));
});
