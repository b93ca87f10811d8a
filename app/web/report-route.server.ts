import type { z } from "zod";
import { requireReport, type Report } from "~/domain/matters/reports.server";
import { defineApiRoute, endpoint } from "./api.server";

/**
 * A report's /api/v2 route (POST /elite-3e/detailed-report and /elite-3e/utilization-report):
 * a caller who may not open the report hears its refusal before the body is read (the page
 * hides the tab by the same rule), then the filter is validated with the report's schema and
 * the report answered.
 */
export function reportRoute<S extends z.ZodType, R>(report: Report<S, R>, summary: string) {
  return defineApiRoute({
    POST: endpoint({
      summary,
      authorize: async ({ ctx }) => requireReport(ctx, report),
      body: report.schema,
      entity: report.entity,
      run: ({ ctx, body }) => report.run(ctx, body as z.infer<S>),
    }),
  });
}
