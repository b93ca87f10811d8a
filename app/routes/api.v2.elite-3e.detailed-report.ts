import { canSeeDetailedView } from "~/auth/permissions";
import { ForbiddenError } from "~/domain/errors";
import { detailedReportSchema } from "~/domain/matters/matters.schema";
import { detailedReport } from "~/domain/matters/reports.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "The detailed view: per timekeeper their billable matters of the last mattersTimeperiod days, and per matter its timekeepers. Needs enableUtilizationView and detailedViewPriviliges; hours, comments and the PM flag only where allowed.",
    authorize: async ({ actor }) => {
      if (!canSeeDetailedView(actor.user, actor.company.settings)) throw new ForbiddenError("The detailed view is not available to you.");
    },
    body: detailedReportSchema,
    entity: "DetailedReportInputErrors",
    run: ({ ctx, body }) => detailedReport(ctx, body),
  }),
});
