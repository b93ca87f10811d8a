import { vacationSchema } from "~/domain/forecasts/forecast.schema";
import { deleteVacation, updateVacation } from "~/domain/forecasts/forecasts.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary: "Changes one of the person's absences.",
    body: vacationSchema,
    entity: "VacationInputErrors",
    run: ({ params, ctx, body }) => updateVacation(ctx, params.userId!, params.vacationId!, body),
  }),
  DELETE: endpoint({
    summary: "Deletes one of the person's absences (?sessionId= names the client's realtime session).",
    run: async ({ params, ctx }) => {
      await deleteVacation(ctx, params.userId!, params.vacationId!);
      return { deleted: true };
    },
  }),
});
