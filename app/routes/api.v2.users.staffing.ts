import { staffingSearchSchema } from "~/domain/users/staffing.schema";
import { searchStaffing, STAFFING_ENTITY } from "~/domain/users/staffing.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "Staffing search: who is free (Available or Some availability) on the window's working days, holds a competence at a level, in these offices; ranked, with reasons.",
    body: staffingSearchSchema,
    entity: STAFFING_ENTITY,
    run: ({ ctx, body }) => searchStaffing(ctx, body),
  }),
});
