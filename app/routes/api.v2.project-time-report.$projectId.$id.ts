import { deleteTimeReport, updateTimeReport } from "~/domain/projects/project-records.server";
import { timeReportSchema } from "~/domain/projects/project.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary: "Changes reported hours.",
    body: timeReportSchema,
    entity: "ProjectTimeReportInputErrors",
    run: ({ ctx, params, body }) => updateTimeReport(ctx, params.projectId!, params.id!, body),
  }),
  DELETE: endpoint({ summary: "Deletes reported hours.", run: ({ ctx, params }) => deleteTimeReport(ctx, params.projectId!, params.id!) }),
});
