import { vacationSchema } from "~/domain/forecasts/forecast.schema";
import { createVacation } from "~/domain/forecasts/forecasts.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Adds an absence for the person.",
    body: vacationSchema,
    entity: "VacationInputErrors",
    status: 201,
    run: ({ params, ctx, body }) => createVacation(ctx, params.userId!, body),
  }),
});
