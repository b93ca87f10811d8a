import { canSeeUtilizationView } from "~/auth/permissions";
import { ForbiddenError } from "~/domain/errors";
import { utilizationReportSchema } from "~/domain/matters/matters.schema";
import { utilizationReport } from "~/domain/matters/reports.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "The utilization view: billable and total hours per week for the last `weeks` complete weeks (default 12), weekly average and utilization against the target. Everyone the filter matches with utilizationViewOthersPriviliges, else the caller's own row ('My Utilization').",
    authorize: async ({ actor }) => {
      if (!canSeeUtilizationView(actor.user, actor.company.settings)) throw new ForbiddenError("The utilization view is not available to you.");
    },
    body: utilizationReportSchema,
    entity: "UtilizationReportInputErrors",
    run: ({ ctx, body }) => utilizationReport(ctx, body),
  }),
});
