import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { listUserForecasts } from "~/domain/forecasts/forecasts.server";
import { apiRoute } from "~/lib/api.server";

export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, context);
  return json(await listUserForecasts(domainCtx(context, actor), params.userId!));
});
