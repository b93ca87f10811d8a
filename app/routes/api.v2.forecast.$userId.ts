import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { forecastUpsertSchema } from "~/domain/forecasts/forecast.schema";
import { createForecast } from "~/domain/forecasts/forecasts.server";
import { apiAction, methodNotAllowed, parseJson } from "~/lib/api.server";

export const loader = () => methodNotAllowed();

export const action = apiAction({
  POST: async ({ request, params, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    const input = await parseJson(request, forecastUpsertSchema, "ForecastInputErrors");
    const forecast = await createForecast(domainCtx(context, actor, input.sessionId), params.userId!, input);
    return json(forecast, { status: 201 });
  },
});
