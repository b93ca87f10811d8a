import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { forecastUpsertSchema } from "~/domain/forecasts/forecast.schema";
import { deleteForecast, updateForecast } from "~/domain/forecasts/forecasts.server";
import { apiAction, methodNotAllowed, parseJson, querySessionId } from "~/lib/api.server";

export const loader = () => methodNotAllowed();

export const action = apiAction({
  PUT: async ({ request, params, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    const input = await parseJson(request, forecastUpsertSchema, "ForecastInputErrors");
    return json(await updateForecast(domainCtx(context, actor, input.sessionId), params.userId!, params.forecastId!, input));
  },
  DELETE: async ({ request, params, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    await deleteForecast(domainCtx(context, actor, querySessionId(request)), params.userId!, params.forecastId!);
    return json({ deleted: true });
  },
});
