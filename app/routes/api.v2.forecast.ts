import { z } from "zod";
import { daySchema } from "~/domain/forecasts/forecast.schema";
import { listForecasts } from "~/domain/forecasts/forecasts.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The company's forecasts (the planner's: refused to whom the planner is closed), optionally within ?from=&to= (YYYY-MM-DD).",
    query: z.object({ from: daySchema.optional(), to: daySchema.optional() }),
    run: ({ ctx, query }) => listForecasts(ctx, query),
  }),
});
