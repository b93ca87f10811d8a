import { forecastUpsertSchema } from "~/domain/forecasts/forecast.schema";
import { createForecast } from "~/domain/forecasts/forecasts.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Adds a forecast for the person.",
    body: forecastUpsertSchema,
    entity: "ForecastInputErrors",
    status: 201,
    run: ({ params, ctx, body }) => createForecast(ctx, params.userId!, body),
  }),
});
