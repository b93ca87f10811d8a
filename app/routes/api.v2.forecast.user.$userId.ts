import { listUserForecasts } from "~/domain/forecasts/forecasts.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "One person's forecasts.", run: ({ params, ctx }) => listUserForecasts(ctx, params.userId!) }),
});
