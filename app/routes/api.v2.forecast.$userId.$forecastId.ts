import { forecastUpsertSchema } from "~/domain/forecasts/forecast.schema";
import { deleteForecast, updateForecast } from "~/domain/forecasts/forecasts.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary: "Changes one of the person's forecasts.",
    body: forecastUpsertSchema,
    entity: "ForecastInputErrors",
    run: ({ params, ctx, body }) => updateForecast(ctx, params.userId!, params.forecastId!, body),
  }),
  DELETE: endpoint({
    summary: "Deletes one of the person's forecasts (?sessionId= names the client's realtime session).",
    run: async ({ params, ctx }) => {
      await deleteForecast(ctx, params.userId!, params.forecastId!);
      return { deleted: true };
    },
  }),
});
