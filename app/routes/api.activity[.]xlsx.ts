import { activityWorkbook } from "~/domain/activity/activity.server";
import { activityFilterSchema } from "~/domain/activity/activity.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";
import { readerLanguage } from "~/web/reader.server";
import { XLSX_TYPE } from "./api.projectsSummary.$ids.report[.]xlsx";

/**
 * GET /api/activity.xlsx?person&kind&from&to: the Activity page's rows (decision 0301) as a
 * workbook, newest first, at most 50,000, streamed. Outside /api/v2 like the other
 * workbooks: bearer or cookie, JSON errors; company admins and administrators (their scope).
 */
export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The activity (audit log) the filter matches as an xlsx: when, who, client, what and details, sensitive values hidden.",
    query: activityFilterSchema,
    entity: "Activity",
    run: async ({ ctx, query }) =>
      new Response(activityWorkbook(ctx, query, await readerLanguage()), {
        headers: {
          "Content-Type": XLSX_TYPE,
          "Content-Disposition": 'attachment; filename="activity.xlsx"',
          "Cache-Control": "private, no-store",
        },
      }),
  }),
});
