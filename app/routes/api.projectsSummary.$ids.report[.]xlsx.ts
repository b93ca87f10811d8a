import { parseExportIds, projectsSummaryWorkbook } from "~/domain/projects/projects-export.server";
import { requireProjectsEnabled } from "~/domain/projects/projects.server";
import { defineApiRoute, endpoint } from "~/web/api.server";
import { readerLanguage } from "~/web/reader.server";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * GET /api/projectsSummary/{encoded ids}/report.xlsx: the projects summary workbook of the
 * given projects the caller sees ("all", a JSON list or comma-separated ids). Outside /api/v2
 * by the contract, but the same idiom: bearer or cookie, 401/403/400 as JSON.
 */
export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The projects summary workbook (xlsx): a sheet of projects and one of members with hours.",
    run: async ({ ctx, params }) => {
      requireProjectsEnabled(ctx);
      const ids = parseExportIds(params.ids ?? "");
      // Streamed as it is written (decision 0211): no Content-Length, the page shows the bytes received.
      const stream = await projectsSummaryWorkbook(ctx, ids, await readerLanguage());
      return new Response(stream, {
        headers: {
          "Content-Type": XLSX_TYPE,
          "Content-Disposition": 'attachment; filename="report.xlsx"',
          "Cache-Control": "private, no-store",
        },
      });
    },
  }),
});
