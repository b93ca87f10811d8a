import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { historyParamsSchema, workloadHistoryFor } from "~/domain/history/history.server";
import { apiRoute } from "~/lib/api.server";
import { validate } from "~/domain/validation";

export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, context);
  const { scope, id, days } = validate(historyParamsSchema, params);
  return json(await workloadHistoryFor(domainCtx(context, actor), scope, id, days));
});
