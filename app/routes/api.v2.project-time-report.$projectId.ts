import { createTimeReport, listTimeReports } from "~/domain/projects/project-records.server";
import { timeReportSchema } from "~/domain/projects/project.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "A project's reported hours, newest first.", run: ({ ctx, params }) => listTimeReports(ctx, params.projectId!) }),
  POST: endpoint({
    summary: "Reports hours (above 0, at most 24, steps of 0.5) on a day for a member (the caller when user is left out).",
    body: timeReportSchema,
    entity: "ProjectTimeReportInputErrors",
    status: 201,
    run: ({ ctx, params, body }) => createTimeReport(ctx, params.projectId!, body),
  }),
});
